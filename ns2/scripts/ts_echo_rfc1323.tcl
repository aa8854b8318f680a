# A sink's ts_echo_rfc1323_ true, as many scripts set it on their Sack1 sinks: the
# segment right after the last ACK gives its time to echo whatever it is (Gurtov's RFC
# 1323 rule), where ns-2's default keeps a newer time held from a duplicate. Senders on
# timestamps with a 1 ms tick and no RTO floor, so that spurious timeouts resend
# segments already received, over a hop with a small buffer and a lossy one; a Fack
# agent (which times every echo) beside them; and sinks of senders that read no echo
# (no timestamps), where the setting changes nothing.
Agent/TCP set minrto_ 0
Agent/TCP set tcpTick_ 0.001
set ns [new Simulator]
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 1Mb 30ms DropTail
$ns queue-limit $r1 $r2 6
set em [new ErrorModel]
$em set rate_ 0.02
$em unit pkt
$em ranvar [new RandomVariable/Uniform]
$ns link-lossmodel $em $r1 $r2
$defaultRNG seed 17
set i 0
foreach {agent sink} {TCP/Newreno TCPSink TCP/Sack1 TCPSink/Sack1 TCP/Reno TCPSink/DelAck TCP/Fack TCPSink/Sack1 TCP/Newreno TCPSink/Sack1 TCP/Newreno TCPSink} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 10Mb [expr {1 + 7 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 10Mb 2ms DropTail
    set tcp($i) [new Agent/$agent]
    set snk($i) [new Agent/$sink]
    $tcp($i) set fid_ $i
    $ns attach-agent $s($i) $tcp($i)
    $ns attach-agent $d($i) $snk($i)
    $ns connect $tcp($i) $snk($i)
    $tcp($i) set window_ 25
    $ns at [expr {0.1 * $i}] "[$tcp($i) attach-app FTP] start"
    incr i
}
foreach k {0 1 2} {
    $tcp($k) set timestamps_ true
}
foreach k {0 1 2 3 4} {
    $snk($k) set ts_echo_rfc1323_ true
}
$ns at 60.0 "exit 0"
$ns run
