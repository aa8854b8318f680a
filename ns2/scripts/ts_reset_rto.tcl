# ts_resetRTO_ true, as wireless and satellite studies set it beside timestamps_ ("to
# learn and reset the RTO"): every timestamp echo ends the timer's backoff (Gurtov's
# change). Agents of every kind with timestamps over a hop losing one packet in eight,
# where timeouts back off often; one agent takes it in an event before its start, one
# keeps the default, and one sets it without timestamps (ns-2 then never reads it).
set ns [new Simulator]
Agent/TCP set timestamps_ true
Agent/TCP set ts_resetRTO_ true
Agent/TCP set window_ 30
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 2Mb 100ms DropTail
$ns queue-limit $r1 $r2 15
set em [new ErrorModel]
$em set rate_ 0.12
$em unit pkt
$em ranvar [new RandomVariable/Uniform]
$ns link-lossmodel $em $r1 $r2
$defaultRNG seed 9
set i 0
foreach {agent sink} {TCP TCPSink TCP/Reno TCPSink/DelAck TCP/Newreno TCPSink TCP/Sack1 TCPSink/Sack1 TCP/Fack TCPSink/Sack1 TCP/Vegas TCPSink TCP/Newreno TCPSink TCP/Reno TCPSink TCP/Newreno TCPSink} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 10Mb [expr {1 + 4 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 10Mb 2ms DropTail
    set tcp($i) [$ns create-connection $agent $s($i) $sink $d($i) $i]
    $ns at [expr {0.3 * $i}] "[$tcp($i) attach-app FTP] start"
    incr i
}
$tcp(6) set ts_resetRTO_ false
$ns at 1.0 "$tcp(6) set ts_resetRTO_ true"
$tcp(7) set ts_resetRTO_ false
$tcp(8) set timestamps_ false
$ns at 60.0 "exit 0"
$ns run
