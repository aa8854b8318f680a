# ns-2's timerfix_ false (ns-2's test suites set it): a new ACK restarts the
# retransmission timer before its RTT sample and backoff reset change the timeout, not
# after them. Agents of each kind over a link losing one packet in six, so that timers
# restart with backed-off timeouts; one keeps the default beside them.
Agent/TCP set timerfix_ false
Agent/TCP set minrto_ 0.2
set ns [new Simulator]
set s [$ns node]
set r [$ns node]
set d [$ns node]
$ns duplex-link $s $r 10Mb 2ms DropTail
$ns duplex-link $r $d 2Mb 15ms DropTail
$ns queue-limit $r $d 20
set em [new ErrorModel]
$em unit pkt
$em set rate_ 0.16
$em ranvar [new RandomVariable/Uniform]
$em drop-target [new Agent/Null]
$ns lossmodel $em $r $d
set i 0
foreach kind {TCP Reno Newreno Sack1 Fack Vegas Newreno} sk {TCPSink TCPSink TCPSink/DelAck TCPSink/Sack1 TCPSink/Sack1 TCPSink TCPSink} {
    if {$kind eq "TCP"} { set tcp($i) [new Agent/TCP] } else { set tcp($i) [new Agent/TCP/$kind] }
    $ns attach-agent $s $tcp($i)
    set sink($i) [new Agent/$sk]
    $ns attach-agent $d $sink($i)
    $ns connect $tcp($i) $sink($i)
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr {0.2 * $i}] "$ftp($i) start"
    incr i
}
$tcp(6) set timerfix_ true
$ns at 60.0 "exit 0"
$ns run
