# ns-2's windowOption_ 8 (tcp.window_increase: highspeed), HighSpeed TCP as RFC 3649
# and ns-2's TcpAgent have it: above low_window_ congestion avoidance adds a(w)/w a new
# ACK and a cut takes away b(w) of the window (ns-2 then keeps b(w) as decrease_num_,
# which later cuts at or below the low window read). Newreno, Reno, Tahoe, Sack1 and Fack
# agents through a 40 Mb/s, 50 ms DropTail bottleneck that overflows, with a lossy
# hop: one with its own response function (low_window_, high_window_, high_p_,
# high_decrease_), one reusing its increase over cwnd_range_, one cutting whole packets
# (precisionReduce_ false), one under limited slow start (max_ssthresh_), and a standard
# Newreno beside them. Two ECN agents over a RED bottleneck take its cut on each echo.
set ns [new Simulator]
$defaultRNG seed 5
Agent/TCP set packetSize_ 1000
Queue/RED set setbit_ true
Queue/RED set thresh_ 20
Queue/RED set maxthresh_ 80
set s [$ns node]
set r [$ns node]
set d [$ns node]
set e [$ns node]
$ns duplex-link $s $r 1000Mb 1ms DropTail
$ns duplex-link $r $d 40Mb 25ms DropTail
$ns duplex-link $r $e 20Mb 30ms RED
$ns queue-limit $r $d 150
$ns queue-limit $r $e 200
set em [new ErrorModel]
$em unit pkt
$em set rate_ 0.0002
$em ranvar [new RandomVariable/Uniform]
$ns link-lossmodel $em $r $d
foreach i {0 1 2 3 4 5 6 7} kind {Newreno Reno TCP Sack1 Fack Newreno Sack1 Newreno} sk {TCPSink TCPSink/DelAck TCPSink TCPSink/Sack1 TCPSink/Sack1 TCPSink TCPSink/Sack1/DelAck TCPSink} wopt {8 8 8 8 8 8 8 1} {
    if {$kind eq "TCP"} { set tcp($i) [new Agent/TCP] } else { set tcp($i) [new Agent/TCP/$kind] }
    $tcp($i) set windowOption_ $wopt
    $tcp($i) set window_ 2000
    $ns attach-agent $s $tcp($i)
    set sink($i) [new Agent/$sk]
    $ns attach-agent $d $sink($i)
    $ns connect $tcp($i) $sink($i)
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr {0.7 * $i}] "$ftp($i) start"
}
$tcp(1) set cwnd_range_ 10
$tcp(3) set precisionReduce_ false
$tcp(2) set max_ssthresh_ 100
$tcp(5) set low_window_ 20
$tcp(5) set high_window_ 5000
$tcp(5) set high_p_ 0.00001
$tcp(5) set high_decrease_ 0.2
$tcp(6) set low_window_ 12
$tcp(6) set precisionReduce_ false
foreach i {8 9} {
    set tcp($i) [new Agent/TCP/Newreno]
    $tcp($i) set windowOption_ 8
    $tcp($i) set low_window_ 16
    $tcp($i) set ecn_ 1
    $tcp($i) set window_ 1000
    $ns attach-agent $s $tcp($i)
    set sink($i) [new Agent/TCPSink]
    $ns attach-agent $e $sink($i)
    $ns connect $tcp($i) $sink($i)
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr {0.5 + $i - 8}] "$ftp($i) start"
}
$ns at 40.0 "exit 0"
$ns run
