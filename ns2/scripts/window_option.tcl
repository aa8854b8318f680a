# ns-2's windowOption_ 0 (tcp.window_increase: counted): congestion avoidance adds a
# whole packet once cwnd new ACKs are counted, the count cleared by every window cut
# (fast retransmits, timeouts, ECN responses, the restart after an idle timeout), for
# Reno, Newreno, Tahoe, Sack1 and Fack agents; one fractional agent beside them. Two
# bottlenecks: a DropTail one that overflows, and a RED one marking for ECN agents.
set ns [new Simulator]
set s [$ns node]
set r [$ns node]
set d [$ns node]
set e [$ns node]
$ns duplex-link $s $r 10Mb 2ms DropTail
$ns duplex-link $r $d 1Mb 20ms DropTail
$ns duplex-link $r $e 1.5Mb 30ms RED
$ns queue-limit $r $d 12
Queue/RED set setbit_ true
foreach i {0 1 2 3 4 5} kind {Reno Newreno TCP Sack1 Fack Newreno} sk {TCPSink TCPSink TCPSink/DelAck TCPSink/Sack1 TCPSink/Sack1 TCPSink} wopt {0 0 0 0 0 1} {
    if {$kind eq "TCP"} { set tcp($i) [new Agent/TCP] } else { set tcp($i) [new Agent/TCP/$kind] }
    $tcp($i) set windowOption_ $wopt
    $tcp($i) set window_ 40
    $ns attach-agent $s $tcp($i)
    set sink($i) [new Agent/$sk]
    $ns attach-agent $d $sink($i)
    $ns connect $tcp($i) $sink($i)
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr {0.3 * $i}] "$ftp($i) start"
}
# ECN agents over RED, one of them carrying an on/off source (in its idle gaps the timer
# runs out with nothing outstanding and restarts the window)
foreach i {6 7} {
    set tcp($i) [new Agent/TCP/Newreno]
    $tcp($i) set windowOption_ 0
    $tcp($i) set ecn_ 1
    $tcp($i) set window_ 30
    $ns attach-agent $s $tcp($i)
    set sink($i) [new Agent/TCPSink]
    $ns attach-agent $e $sink($i)
    $ns connect $tcp($i) $sink($i)
}
set ftp(6) [$tcp(6) attach-app FTP]
$ns at 0.5 "$ftp(6) start"
set onoff [new Application/Traffic/Exponential]
$onoff set packetSize_ 1000
$onoff set burst_time_ 1.5s
$onoff set idle_time_ 2s
$onoff set rate_ 800k
$onoff attach-agent $tcp(7)
$ns at 1.0 "$onoff start"
$ns at 20.0 "exit 0"
$ns run
