# Agents' settings made in `$ns at` events before each agent starts, as scripts do that
# set everything at time 0 or at a phase's beginning: window_, windowInit_, maxburst_,
# maxcwnd_, packetSize_, overhead_, tcpTick_, minrto_, numdupacks_ and timestamps_, which
# ns-2 reads as the agent sends and receives, act as if set before the run (one of them
# set twice, the second standing), and so do a sink's packetSize_ (its ACKs) and a
# DelAck sink's interval_. Reno, NewReno, Sack1 and Vegas agents over a RED bottleneck.
set ns [new Simulator]
set f [open out.tr w]
$ns trace-all $f
proc finish {} {
    global ns f
    $ns flush-trace
    close $f
    exit 0
}
set s0 [$ns node]
set s1 [$ns node]
set s2 [$ns node]
set s3 [$ns node]
set r0 [$ns node]
set r1 [$ns node]
set d0 [$ns node]
$ns duplex-link $s0 $r0 10Mb 2ms DropTail
$ns duplex-link $s1 $r0 10Mb 6ms DropTail
$ns duplex-link $s2 $r0 10Mb 11ms DropTail
$ns duplex-link $s3 $r0 10Mb 17ms DropTail
$ns duplex-link $r0 $r1 1.5Mb 20ms RED
$ns duplex-link $r1 $d0 10Mb 1ms DropTail
$ns queue-limit $r0 $r1 20
set tcp0 [new Agent/TCP/Reno]
$ns attach-agent $s0 $tcp0
set sink0 [new Agent/TCPSink]
$ns attach-agent $d0 $sink0
$ns connect $tcp0 $sink0
set ftp0 [$tcp0 attach-app FTP]
set tcp1 [new Agent/TCP/Newreno]
$ns attach-agent $s1 $tcp1
set sink1 [new Agent/TCPSink/DelAck]
$ns attach-agent $d0 $sink1
$ns connect $tcp1 $sink1
set ftp1 [$tcp1 attach-app FTP]
set tcp2 [new Agent/TCP/Sack1]
$ns attach-agent $s2 $tcp2
set sink2 [new Agent/TCPSink/Sack1]
$ns attach-agent $d0 $sink2
$ns connect $tcp2 $sink2
set ftp2 [$tcp2 attach-app FTP]
set tcp3 [new Agent/TCP/Vegas]
$ns attach-agent $s3 $tcp3
set sink3 [new Agent/TCPSink]
$ns attach-agent $d0 $sink3
$ns connect $tcp3 $sink3
set ftp3 [$tcp3 attach-app FTP]
$ns at 0.0 "$tcp0 set window_ 12"
$ns at 0.0 "$tcp0 set packetSize_ 552"
$ns at 0.0 "$tcp0 set tcpTick_ 0.1"
$ns at 0.0 "$tcp1 set windowInit_ 6"
$ns at 0.0 "$tcp1 set maxburst_ 3"
$ns at 0.2 "$tcp1 set maxcwnd_ 30"
$ns at 0.4 "$tcp1 set maxcwnd_ 8"
$ns at 0.0 "$tcp2 set numdupacks_ 2"
$ns at 0.3 "$tcp2 set minrto_ 0.5"
$ns at 0.3 "$tcp2 set timestamps_ true"
$ns at 0.0 "$tcp3 set overhead_ 0.002"
$ns at 0.05 "$sink0 set packetSize_ 60"
$ns at 0.45 "$sink1 set interval_ 0.3"
$ns at 0.6 "$tcp3 set window_ 6"
$ns at 0.1 "$ftp0 start"
$ns at 0.5 "$ftp1 start"
$ns at 0.35 "$ftp2 start"
$ns at 0.7 "$ftp3 start"
$ns at 10.0 "finish"
$ns run
