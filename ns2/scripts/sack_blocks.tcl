# maxSackBlocks_ of ns-2's Sack1 sinks: the blocks an ACK carries and the sink remembers
# (3 by default, the most ns-2's TCP header holds). Sack1 and Fack agents over sinks
# reporting one, two or no blocks, set class-wide and on one sink; a sink asking for
# five (ns-2 warns and keeps three), and a plain TCPSink given one (it reports none).
# A lossy hop and a small buffer leave several holes per window.
Agent/TCPSink/Sack1 set maxSackBlocks_ 1
set ns [new Simulator]
Agent/TCP set window_ 40
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 1.5Mb 50ms DropTail
$ns queue-limit $r1 $r2 12
set em [new ErrorModel]
$em set rate_ 0.03
$em unit pkt
$em ranvar [new RandomVariable/Uniform]
$ns link-lossmodel $em $r1 $r2
$defaultRNG seed 4
set i 0
foreach {agent sink} {TCP/Sack1 TCPSink/Sack1 TCP/Fack TCPSink/Sack1/DelAck TCP/Sack1 TCPSink/Sack1 TCP/Sack1 TCPSink/Sack1 TCP/Fack TCPSink/Sack1 TCP/Reno TCPSink/Sack1 TCP/Newreno TCPSink} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 10Mb [expr {1 + 4 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 10Mb 2ms DropTail
    set tcp($i) [new Agent/$agent]
    set snk($i) [new Agent/$sink]
    $ns attach-agent $s($i) $tcp($i)
    $ns attach-agent $d($i) $snk($i)
    $ns connect $tcp($i) $snk($i)
    $ns at [expr {0.2 * $i}] "[$tcp($i) attach-app FTP] start"
    incr i
}
$snk(2) set maxSackBlocks_ 2
$snk(3) set maxSackBlocks_ 0
$snk(4) set maxSackBlocks_ 5
$snk(6) set maxSackBlocks_ 1
$ns at 40.0 "exit 0"
$ns run
