# ns-2's Fair Queueing (a link made with type FQ: an FQLink, queue/fq.cc): three TCP
# senders of different segment sizes (NewReno, Reno to a delayed-ACK sink, Sack1) and a
# CBR source share a 1.5 Mb/s bottleneck. Each flow gets a DropTail queue of its own,
# made when its first packet comes with the class's limit_ then (8 here: set before the
# run, after the link; `$ns queue-limit` sets the FQ's own limit_, which it never reads);
# the scheduler sends the head with the smallest finish time, which grows by a packet's
# transmission time times the flows holding one. The flow ids (fid_) rise in the order
# the flows are connected, as ns-2's FQ keeps one slot per id. FQLink gives its flows'
# queues the link's drop trace, so the script traces (ns-2 stops at the first packet on
# an untraced FQ link), and ns-2's queue monitor, attached after that trace, does not see
# their drops. Timestamps keep the timeouts independent of the RTT clock's phase.
set ns [new Simulator]
$ns trace-all [open /dev/null w]
Agent/TCP set window_ 60
Agent/TCP set timestamps_ true
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 1.5Mb 15ms FQ
$ns queue-limit $r1 $r2 100
Queue set limit_ 8
for {set i 0} {$i < 4} {incr i} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    # (the CBR source's own link is slower than it sends: drops a queue monitor sees)
    $ns duplex-link $s($i) $r1 [expr {$i < 3 ? "100Mb" : "450Kb"}] [expr {1 + 3 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 100Mb 2ms DropTail
}
$ns queue-limit $s(3) $r1 5
set tcp(0) [$ns create-connection TCP/Newreno $s(0) TCPSink $d(0) 0]
$tcp(0) set packetSize_ 1000
set tcp(1) [$ns create-connection TCP/Reno $s(1) TCPSink/DelAck $d(1) 1]
$tcp(1) set packetSize_ 500
set tcp(2) [$ns create-connection TCP/Sack1 $s(2) TCPSink/Sack1 $d(2) 2]
$tcp(2) set packetSize_ 1460
for {set i 0} {$i < 3} {incr i} {
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr {0.3 * $i}] "$ftp($i) start"
}
set udp [new Agent/UDP]
$udp set fid_ 3
$ns attach-agent $s(3) $udp
set null [new Agent/Null]
$ns attach-agent $d(3) $null
$ns connect $udp $null
set cbr [new Application/Traffic/CBR]
$cbr attach-agent $udp
$cbr set packetSize_ 700
$cbr set rate_ 500kb
$ns at 1.0 "$cbr start"
$ns at 15.0 "$cbr stop"
$ns at 25.0 "exit 0"
$ns run
