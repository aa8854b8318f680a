# ns-2's experimental window increases and binomial congestion control (windowOption_ 2
# to 6, tcp.window_increase rtt_squared, average_squared, average, rtt and binomial):
# 2 and 5 gather windowConstant_ x RTT^2 or x RTT (RTT as the tick clock holds it) and 3
# and 4 windowConstant_ x awnd_^2 or x awnd_ (the window averaged over new ACKs by
# windowThresh_) toward a whole packet, cleared by every slowdown; 6 adds
# increase_num_ / cwnd^(1+k_parameter_) and cuts (1 - decrease_num_) window^l_parameter_
# away. Newreno, Reno, Tahoe, Sack1 and Fack agents through a 5 Mb/s DropTail bottleneck
# with a lossy hop, some cutting whole packets (a Fack agent averaging its window at its
# duplicates and recovery's ACKs too, as its oldack does), and two ECN agents over RED.
set ns [new Simulator]
$defaultRNG seed 11
Agent/TCP set packetSize_ 1000
Queue/RED set setbit_ true
set s [$ns node]
set r [$ns node]
set d [$ns node]
set e [$ns node]
$ns duplex-link $s $r 100Mb 1ms DropTail
$ns duplex-link $r $d 5Mb 20ms DropTail
$ns duplex-link $r $e 3Mb 35ms RED
$ns queue-limit $r $d 40
set em [new ErrorModel]
$em unit pkt
$em set rate_ 0.002
$em ranvar [new RandomVariable/Uniform]
$ns link-lossmodel $em $r $d
foreach i {0 1 2 3 4 5 6 7 8 9 12} kind {Newreno Reno TCP Sack1 Fack Newreno Reno Sack1 Newreno TCP Fack} sk {TCPSink TCPSink/DelAck TCPSink TCPSink/Sack1 TCPSink/Sack1 TCPSink TCPSink TCPSink/Sack1/DelAck TCPSink TCPSink TCPSink/Sack1} wopt {2 3 4 5 6 6 6 6 1 3 4} {
    if {$kind eq "TCP"} { set tcp($i) [new Agent/TCP] } else { set tcp($i) [new Agent/TCP/$kind] }
    $tcp($i) set windowOption_ $wopt
    $tcp($i) set window_ 200
    $ns attach-agent $s $tcp($i)
    set sink($i) [new Agent/$sk]
    $ns attach-agent $d $sink($i)
    $ns connect $tcp($i) $sink($i)
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr {0.4 * $i}] "$ftp($i) start"
}
$tcp(0) set windowConstant_ 40
$tcp(1) set windowConstant_ 0.05
$tcp(1) set windowThresh_ 0.05
$tcp(2) set windowConstant_ 0.2
$tcp(3) set windowConstant_ 30
$tcp(3) set precisionReduce_ false
$tcp(4) set k_parameter_ 1.0
$tcp(4) set l_parameter_ 0.0
$tcp(5) set k_parameter_ 0.5
$tcp(5) set l_parameter_ 0.5
$tcp(6) set k_parameter_ 0.5
$tcp(6) set l_parameter_ 0.5
$tcp(6) set decrease_num_ 0.75
$tcp(6) set precisionReduce_ false
$tcp(7) set l_parameter_ 0.8
$tcp(7) set increase_num_ 2
$tcp(9) set windowInit_ 6
$tcp(12) set windowThresh_ 0.05
foreach i {10 11} wopt {5 6} {
    set tcp($i) [new Agent/TCP/Newreno]
    $tcp($i) set windowOption_ $wopt
    $tcp($i) set ecn_ 1
    $tcp($i) set window_ 100
    $tcp($i) set windowConstant_ 20
    $tcp($i) set k_parameter_ 0.5
    $tcp($i) set l_parameter_ 0.5
    $tcp($i) set decrease_num_ 0.6
    $ns attach-agent $s $tcp($i)
    set sink($i) [new Agent/TCPSink]
    $ns attach-agent $e $sink($i)
    $ns connect $tcp($i) $sink($i)
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr {0.5 + $i - 10}] "$ftp($i) start"
}
$ns at 40.0 "exit 0"
$ns run
