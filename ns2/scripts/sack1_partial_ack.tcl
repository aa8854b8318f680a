# ns-2's Sack1 agent with partial_ack_ true: a partial ACK in fast recovery is answered
# by two segments (Sack1TcpAgent::partial_ack_action, each the first from next_pkt_ on
# neither acknowledged nor SACKed), the pipe counter left as it was, the timer restarted
# on the recovery's first partial ACK only. Four Sack1 agents with it (one behind a
# delayed-ACK sink, one with maxburst_ 2, one with an initial window of 4) and one
# without, over a 1.5 Mb/s bottleneck of 10 places where losses come in bursts (a
# periodic model drops every 19th packet as well), so that recoveries see partial ACKs.
set ns [new Simulator]
$defaultRNG seed 13
Agent/TCP set packetSize_ 1000
Agent/TCP set window_ 40
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 1.5Mb 30ms DropTail
$ns queue-limit $r1 $r2 10
set em [new ErrorModel/Periodic]
$em unit pkt
$em set period_ 19
$em set offset_ 4
$ns lossmodel $em $r1 $r2
foreach i {0 1 2 3 4} sk {TCPSink/Sack1 TCPSink/Sack1/DelAck TCPSink/Sack1 TCPSink/Sack1 TCPSink/Sack1} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 10Mb [expr {2 + 3 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 10Mb 1ms DropTail
    set tcp($i) [$ns create-connection TCP/Sack1 $s($i) $sk $d($i) $i]
    if {$i < 4} {
        $tcp($i) set partial_ack_ true
    }
    if {$i == 2} {
        $tcp($i) set maxburst_ 2
    }
    if {$i == 3} {
        $tcp($i) set windowInit_ 4
    }
    $ns at [expr {0.15 * $i}] "[$tcp($i) attach-app FTP] start"
}
$ns at 30.0 "exit 0"
$ns run
