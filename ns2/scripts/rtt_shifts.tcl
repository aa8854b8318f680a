# ns-2's RTT estimator with other scalings, as its timestamp test suite sets them
# (T_SRTT_BITS 5, T_RTTVAR_BITS 4 on a 1 ms tick: gains 1/32 and 1/16), an RTO weighing
# RTTVAR eight times (rttvar_exp_ 3) and a first SRTT and RTTVAR given before any sample
# (srtt_init_, rttvar_init_, whole seconds), beside agents at ns-2's defaults; minrto_ 0 so that the
# timeouts are the estimator's own, over a lossy hop with a small buffer.
Agent/TCP set minrto_ 0
set ns [new Simulator]
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 1.5Mb 40ms DropTail
$ns queue-limit $r1 $r2 10
set em [new ErrorModel]
$em set rate_ 0.02
$em unit pkt
$em ranvar [new RandomVariable/Uniform]
$ns link-lossmodel $em $r1 $r2
$defaultRNG seed 13
set i 0
foreach {agent sink} {TCP/Newreno TCPSink TCP/Reno TCPSink/DelAck TCP/Sack1 TCPSink/Sack1 TCP TCPSink TCP/Newreno TCPSink TCP/Vegas TCPSink TCP/Newreno TCPSink/DelAck TCP/Fack TCPSink/Sack1} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 10Mb [expr {2 + 5 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 10Mb 2ms DropTail
    set tcp($i) [$ns create-connection $agent $s($i) $sink $d($i) $i]
    $tcp($i) set window_ 30
    $ns at [expr {0.15 * $i}] "[$tcp($i) attach-app FTP] start"
    incr i
}
foreach k {0 1 2} {
    $tcp($k) set timestamps_ true
    $tcp($k) set tcpTick_ 0.001
    $tcp($k) set T_SRTT_BITS 5
    $tcp($k) set T_RTTVAR_BITS 4
}
$tcp(3) set rttvar_exp_ 3
$tcp(5) set rttvar_exp_ 1
$tcp(4) set srtt_init_ 1
$tcp(4) set rttvar_init_ 0
# (a C int in ns-2: 0.5 is 0, no initial SRTT)
$tcp(6) set srtt_init_ 0.5
$tcp(7) set T_SRTT_BITS 4
$ns at 60.0 "exit 0"
$ns run
