# ns-2's control_increase_ 1 (tcp.grow_only_window_limited): TcpAgent's
# recv_newack_helper opens the window only when the sender had sent its whole window,
# network_limited(): t_seqno_ above the previous highest ACK plus window(). Tahoe, Reno,
# NewReno and Sack1 agents fed by CBR and ON/OFF sources that hold them back at times,
# two bulk transfers (one held by its advertised window: a bulk transfer always sends
# its whole window, so the rule changes nothing there), a Reno agent without it, and a
# Fack agent, whose new ACKs are its own (it never reads the variable: noted), through a
# DropTail bottleneck with a lossy hop.
set ns [new Simulator]
$defaultRNG seed 17
Agent/TCP set packetSize_ 1000
set s [$ns node]
set r [$ns node]
set d [$ns node]
$ns duplex-link $s $r 100Mb 2ms DropTail
$ns duplex-link $r $d 4Mb 30ms DropTail
$ns queue-limit $r $d 25
set em [new ErrorModel]
$em unit pkt
$em set rate_ 0.003
$em ranvar [new RandomVariable/Uniform]
$ns link-lossmodel $em $r $d
foreach i {0 1 2 3 4 5 6 7} kind {TCP Reno Newreno Sack1 Newreno Sack1 Reno Fack} sk {TCPSink TCPSink/DelAck TCPSink TCPSink/Sack1 TCPSink TCPSink/Sack1 TCPSink TCPSink/Sack1} app {cbr exp exp cbr ftp ftp exp ftp} {
    if {$kind eq "TCP"} { set tcp($i) [new Agent/TCP] } else { set tcp($i) [new Agent/TCP/$kind] }
    $tcp($i) set control_increase_ 1
    $tcp($i) set window_ 60
    $ns attach-agent $s $tcp($i)
    set sink($i) [new Agent/$sk]
    $ns attach-agent $d $sink($i)
    $ns connect $tcp($i) $sink($i)
    if {$app eq "ftp"} {
        set src($i) [$tcp($i) attach-app FTP]
    } elseif {$app eq "cbr"} {
        set src($i) [new Application/Traffic/CBR]
        $src($i) set packetSize_ 1000
        $src($i) set rate_ [expr {300000 + 100000 * $i}]
        $src($i) attach-agent $tcp($i)
    } else {
        set src($i) [new Application/Traffic/Exponential]
        $src($i) set packetSize_ 1000
        $src($i) set burst_time_ 0.5s
        $src($i) set idle_time_ 0.5s
        $src($i) set rate_ 600k
        $src($i) attach-agent $tcp($i)
    }
    $ns at [expr {0.3 * $i}] "$src($i) start"
}
$tcp(5) set window_ 12
$tcp(6) set control_increase_ 0
$ns at 40.0 "exit 0"
$ns run
