# NewReno's exit_recovery_fix_ 1, as ns-2's NewReno test suite sets it with
# newreno_changes1_ and partial_window_deflation_: the ACK that ends a fast recovery
# sets the window to the smaller of ssthresh and the data outstanding before it opens
# it. NewReno agents over a lossy hop with an eight-packet buffer, some with the older
# partial ACK rules beside it, one set back to exit_recovery_fix_ 0, and Reno, Sack1
# and Tahoe agents, which never read it.
Agent/TCP/Newreno set exit_recovery_fix_ 1
set ns [new Simulator]
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 2Mb 25ms DropTail
$ns queue-limit $r1 $r2 8
set em [new ErrorModel]
$em set rate_ 0.01
$em unit pkt
$em ranvar [new RandomVariable/Uniform]
$ns link-lossmodel $em $r1 $r2
$defaultRNG seed 7
set i 0
foreach {agent sink} {TCP/Newreno TCPSink TCP/Newreno TCPSink/DelAck TCP/Newreno TCPSink TCP/Newreno TCPSink TCP/Reno TCPSink TCP/Sack1 TCPSink/Sack1 TCP TCPSink TCP/Newreno TCPSink/DelAck} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 10Mb [expr {1 + 3 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 10Mb 2ms DropTail
    set tcp($i) [$ns create-connection $agent $s($i) $sink $d($i) $i]
    $tcp($i) set window_ 50
    $ns at [expr {0.2 * $i}] "[$tcp($i) attach-app FTP] start"
    incr i
}
$tcp(1) set partial_window_deflation_ 0
$tcp(2) set newreno_changes1_ 0
$tcp(7) set exit_recovery_fix_ 0
$ns at 60.0 "exit 0"
$ns run
