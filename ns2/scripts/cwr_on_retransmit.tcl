# ECN senders with SetCWRonRetransmit_ false, as ns-2's test suites set it (the default
# before 2005): after a window cut only a segment sent for the first time carries CWR
# (TcpAgent::output: one below maxseq_ is a retransmission), so the receiver goes on
# echoing the mark until one arrives. A marking RED bottleneck on a lossy hop, so that
# cuts are followed by retransmissions: Tahoe, Reno, NewReno and Sack1 senders with it,
# one NewReno sender without, and a Reno sender with it but no ECN (noted).
set ns [new Simulator]
$defaultRNG seed 13
Agent/TCP set packetSize_ 1000
Agent/TCP set SetCWRonRetransmit_ false
Queue/RED set setbit_ true
Queue/RED set thresh_ 4
Queue/RED set maxthresh_ 12
Queue/RED set q_weight_ 0.05
Queue/RED set mean_pktsize_ 1040
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 5Mb 15ms RED
$ns queue-limit $r1 $r2 40
set em [new ErrorModel]
$em unit pkt
$em set rate_ 0.02
$em ranvar [new RandomVariable/Uniform]
$ns link-lossmodel $em $r1 $r2
set i 0
foreach {agent sink ecn} {TCP TCPSink 1 TCP/Reno TCPSink/DelAck 1 TCP/Newreno TCPSink 1 TCP/Sack1 TCPSink/Sack1 1
                          TCP/Newreno TCPSink 1 TCP/Reno TCPSink 0} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 100Mb [expr {1 + 4 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 100Mb 1ms DropTail
    set tcp($i) [$ns create-connection $agent $s($i) $sink $d($i) $i]
    $tcp($i) set window_ 80
    $tcp($i) set ecn_ $ecn
    if {$i == 4} { $tcp($i) set SetCWRonRetransmit_ true }
    $ns at [expr {0.1 * $i}] "[$tcp($i) attach-app FTP] start"
    incr i
}
$ns at 25.0 "exit 0"
$ns run
