# ECN+ for the ACK that answers a connection's ECN setup (ns-2's TCPSink ecn_syn_ true,
# RFC 5562's ECN-capable SYN/ACK): sixteen ECN senders start one after another across a
# path whose way back (the ACKs') is a RED queue with ECN marking (mark_p_ 1: every early
# drop of an ECN-capable packet becomes a mark), kept in its early-drop range by a CBR
# source crossing it. Every ACK but the one answering a sender's first segment is not
# ECN-capable and is dropped early there; that one is marked instead, as ns-2's
# TcpSink::ack sets ect_ on it with ecn_syn_. RED's draws are ns-2's generator's.
set ns [new Simulator]
Agent/TCP set ecn_ 1
Agent/TCP set window_ 20
Agent/TCP set timestamps_ true
Agent/TCPSink set ecn_syn_ true
Queue/RED set setbit_ true
Queue/RED set thresh_ 2
Queue/RED set maxthresh_ 8
Queue/RED set q_weight_ 0.05
Queue/RED set linterm_ 12
Queue/RED set mark_p_ 1.0
Queue/RED set bytes_ false
Queue/RED set queue_in_bytes_ false
set r1 [$ns node]
set r2 [$ns node]
$ns simplex-link $r1 $r2 5Mb 10ms DropTail
$ns simplex-link $r2 $r1 400Kb 10ms RED
$ns queue-limit $r2 $r1 30
set d [$ns node]
$ns duplex-link $r2 $d 100Mb 1ms DropTail
set c [$ns node]
$ns duplex-link $c $r2 100Mb 1ms DropTail
for {set i 0} {$i < 16} {incr i} {
    set s($i) [$ns node]
    $ns duplex-link $s($i) $r1 100Mb [expr {1 + $i}]ms DropTail
    set tcp($i) [$ns create-connection TCP/Newreno $s($i) TCPSink $d $i]
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr {0.5 + 0.6 * $i}] "$ftp($i) start"
}
set udp [new Agent/UDP]
$ns attach-agent $c $udp
set null [new Agent/Null]
$ns attach-agent $r1 $null
$ns connect $udp $null
set cbr [new Application/Traffic/CBR]
$cbr attach-agent $udp
$cbr set packetSize_ 200
$cbr set rate_ 300kb
$ns at 0.0 "$cbr start"
$ns at 12.0 "exit 0"
$ns run
