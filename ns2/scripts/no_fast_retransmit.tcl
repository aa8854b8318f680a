# ns-2's test suite's "Tahoe TCP without Fast Retransmit" (noFastRetrans_ true), in a
# network of its own: two Tahoe agents that wait for their timer after every loss, a
# third that keeps fast retransmit, beside Reno, NewReno and Sack1 agents that also set
# noFastRetrans_ true, which only ns-2's Agent/TCP reads (their traces are the same
# either way). A lossy 40 ms hop and a small buffer give both timeouts and duplicate
# ACKs; a Tahoe agent's setting is class-wide, then set back on one agent.
set ns [new Simulator]
Agent/TCP set window_ 40
Agent/TCP set noFastRetrans_ true
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 1.5Mb 40ms DropTail
$ns queue-limit $r1 $r2 10
set em [new ErrorModel]
$em set rate_ 0.01
$em unit pkt
$em ranvar [new RandomVariable/Uniform]
$ns link-lossmodel $em $r1 $r2
$defaultRNG seed 5
set i 0
foreach {agent sink} {TCP TCPSink TCP TCPSink/DelAck TCP TCPSink TCP/Reno TCPSink TCP/Newreno TCPSink/DelAck TCP/Sack1 TCPSink/Sack1} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 10Mb [expr {2 + 4 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 10Mb 2ms DropTail
    set tcp($i) [$ns create-connection $agent $s($i) $sink $d($i) $i]
    $ns at [expr {0.25 * $i}] "[$tcp($i) attach-app FTP] start"
    incr i
}
$tcp(2) set noFastRetrans_ false
$ns at 40.0 "exit 0"
$ns run
