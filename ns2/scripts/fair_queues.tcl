# Fair queueing in ns-2, as its examples and tutorials use it: three TCP senders of
# different segment sizes (Reno, NewReno and a Sack1 agent) and a CBR source share two
# bottlenecks. The first runs SFQ: its buffer is maxqueue_, set by the queue's own
# `limit` command, while `$ns queue-limit` sets limit_, which SFQ never reads. The second
# runs DRR with a quantum (a class default) smaller than the largest segments and a byte
# buffer set by its `blimit` command, so that its turns carry segments of several sizes
# and its full buffer drops from the front of the busiest queue. Timestamps keep the
# timeouts independent of the RTT clock's phase.
set ns [new Simulator]
Agent/TCP set window_ 100
Agent/TCP set timestamps_ true
Queue/DRR set quantum_ 600
set r1 [$ns node]
set r2 [$ns node]
set r3 [$ns node]
$ns duplex-link $r1 $r2 2Mb 20ms SFQ
$ns queue-limit $r1 $r2 10
[[$ns link $r1 $r2] queue] limit 30
$ns duplex-link $r2 $r3 1.5Mb 10ms DRR
[[$ns link $r2 $r3] queue] blimit 20000
for {set i 0} {$i < 4} {incr i} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 100Mb [expr {1 + 4 * $i}]ms DropTail
    $ns duplex-link $r3 $d($i) 100Mb 2ms DropTail
}
set tcp(0) [$ns create-connection TCP/Newreno $s(0) TCPSink $d(0) 0]
$tcp(0) set packetSize_ 1000
set tcp(1) [$ns create-connection TCP/Reno $s(1) TCPSink/DelAck $d(1) 1]
$tcp(1) set packetSize_ 500
set tcp(2) [$ns create-connection TCP/Sack1 $s(2) TCPSink/Sack1 $d(2) 2]
$tcp(2) set packetSize_ 1460
for {set i 0} {$i < 3} {incr i} {
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr {0.2 * $i}] "$ftp($i) start"
}
set udp [new Agent/UDP]
$ns attach-agent $s(3) $udp
set null [new Agent/Null]
$ns attach-agent $d(3) $null
$ns connect $udp $null
set cbr [new Application/Traffic/CBR]
$cbr attach-agent $udp
$cbr set packetSize_ 700
$cbr set rate_ 600kb
$ns at 1.0 "$cbr start"
$ns at 20.0 "$cbr stop"
$ns at 30.0 "exit 0"
$ns run
