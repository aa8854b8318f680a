# bugFix_ false, as several of ns-2's test suites and user scripts set it: every
# third duplicate ACK retransmits and cuts the window, also in a window already cut
# (Reno's multiple fast retransmits) and after a timeout; a Vegas agent resends after a
# timeout without waiting for recover. A lossy hop with a seven-packet buffer carries
# Reno, NewReno, Tahoe, Sack1, Vegas and Fack agents (Fack never reads it), and one
# Reno agent set back to bugFix_ true; beside it a RED hop marking for ECN agents,
# whose duplicates after an ECN response resend without a second cut.
Agent/TCP set bugFix_ false
set ns [new Simulator]
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 1.5Mb 30ms DropTail
$ns queue-limit $r1 $r2 7
set em [new ErrorModel]
$em set rate_ 0.01
$em unit pkt
$em ranvar [new RandomVariable/Uniform]
$ns link-lossmodel $em $r1 $r2
$defaultRNG seed 5
set i 0
foreach {agent sink} {TCP/Reno TCPSink TCP/Newreno TCPSink/DelAck TCP TCPSink TCP/Sack1 TCPSink/Sack1 TCP/Vegas TCPSink TCP/Fack TCPSink/Sack1 TCP/Reno TCPSink/DelAck TCP/Newreno TCPSink} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 10Mb [expr {1 + 4 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 10Mb 2ms DropTail
    set tcp($i) [$ns create-connection $agent $s($i) $sink $d($i) $i]
    $tcp($i) set window_ 40
    $ns at [expr {0.3 * $i}] "[$tcp($i) attach-app FTP] start"
    incr i
}
$tcp(6) set bugFix_ true

Queue/RED set setbit_ true
set e1 [$ns node]
set e2 [$ns node]
$ns duplex-link $e1 $e2 2Mb 20ms RED
$ns queue-limit $e1 $e2 12
foreach {agent sink} {TCP/Reno TCPSink TCP TCPSink TCP/Sack1 TCPSink/Sack1 TCP/Newreno TCPSink/DelAck} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $e1 10Mb [expr {2 + 3 * $i}]ms DropTail
    $ns duplex-link $e2 $d($i) 10Mb 2ms DropTail
    set tcp($i) [$ns create-connection $agent $s($i) $sink $d($i) $i]
    $tcp($i) set window_ 40
    $tcp($i) set ecn_ 1
    $ns at [expr {0.25 * $i}] "[$tcp($i) attach-app FTP] start"
    incr i
}
$ns at 60.0 "exit 0"
$ns run
