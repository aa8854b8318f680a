# FTPs started again while they run, as scripts do that start every transfer at a
# phase's beginning without stopping it first: ns-2's FTP start is `send -1`, so the
# agent, its data unlimited already, tries to send. That sends nothing where the last
# ACK filled the window, and something where the agent held back: a Newreno agent
# with maxburst_ 2 (a burst left after an ACK), a Fack agent in a recovery, a Reno
# agent started twice at one instant. Two flows are also stopped and started again.
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
set r0 [$ns node]
set r1 [$ns node]
set d0 [$ns node]
$ns duplex-link $s0 $r0 10Mb 2ms DropTail
$ns duplex-link $s1 $r0 10Mb 9ms DropTail
$ns duplex-link $s2 $r0 10Mb 16ms DropTail
$ns duplex-link $r0 $r1 2Mb 20ms RED
$ns duplex-link $r1 $d0 10Mb 1ms DropTail
$ns queue-limit $r0 $r1 15
set tcp0 [new Agent/TCP/Reno]
$tcp0 set window_ 30
$ns attach-agent $s0 $tcp0
set sink0 [new Agent/TCPSink]
$ns attach-agent $d0 $sink0
$ns connect $tcp0 $sink0
set ftp0 [new Application/FTP]
$ftp0 attach-agent $tcp0
set tcp1 [new Agent/TCP/Newreno]
$tcp1 set maxburst_ 2
$ns attach-agent $s1 $tcp1
set sink1 [new Agent/TCPSink/DelAck]
$ns attach-agent $d0 $sink1
$ns connect $tcp1 $sink1
set ftp1 [$tcp1 attach-app FTP]
set tcp2 [new Agent/TCP/Fack]
$ns attach-agent $s2 $tcp2
set sink2 [new Agent/TCPSink/Sack1/DelAck]
$ns attach-agent $d0 $sink2
$ns connect $tcp2 $sink2
set ftp2 [new Application/FTP]
$ftp2 attach-agent $tcp2
$ns at 0.1 "$ftp0 start"
$ns at 0.1 "$ftp0 start"
$ns at 0.2 "$ftp1 start"
$ns at 0.3 "$ftp2 start"
$ns at 0.3662 "$ftp0 start"
$ns at 0.6094 "$ftp2 start"
$ns at 0.6154 "$ftp1 start"
$ns at 0.7776 "$ftp0 start"
$ns at 0.9541 "$ftp1 start"
$ns at 1.2088 "$ftp2 start"
$ns at 1.3858 "$ftp1 start"
$ns at 1.439 "$ftp0 start"
$ns at 1.5794 "$ftp2 start"
$ns at 1.8104 "$ftp0 start"
$ns at 1.9615 "$ftp1 start"
$ns at 2.016 "$ftp1 start"
$ns at 2.1514 "$ftp1 start"
$ns at 2.2665 "$ftp0 start"
$ns at 2.3331 "$ftp1 start"
$ns at 2.6839 "$ftp2 start"
$ns at 2.7639 "$ftp1 start"
$ns at 3.0839 "$ftp1 start"
$ns at 3.2199 "$ftp0 start"
$ns at 4.1464 "$ftp0 start"
$ns at 4.3098 "$ftp2 start"
$ns at 4.4202 "$ftp0 start"
$ns at 4.4628 "$ftp2 start"
$ns at 4.8832 "$ftp2 start"
$ns at 5.374 "$ftp1 start"
$ns at 6.057 "$ftp0 start"
$ns at 6.0754 "$ftp0 start"
$ns at 6.2881 "$ftp0 start"
$ns at 6.3121 "$ftp2 start"
$ns at 6.5531 "$ftp1 start"
$ns at 6.7222 "$ftp0 start"
$ns at 7.3249 "$ftp2 start"
$ns at 7.3385 "$ftp2 start"
$ns at 7.45 "$ftp0 start"
$ns at 7.5668 "$ftp2 start"
$ns at 7.8394 "$ftp1 start"
$ns at 7.9973 "$ftp2 start"
$ns at 8.0473 "$ftp1 start"
$ns at 8.0807 "$ftp0 start"
$ns at 8.104 "$ftp2 start"
$ns at 8.2963 "$ftp1 start"
$ns at 8.3325 "$ftp1 start"
$ns at 9.0354 "$ftp1 start"
$ns at 9.1352 "$ftp0 start"
$ns at 9.2722 "$ftp0 start"
$ns at 4.0 "$ftp1 stop"
$ns at 4.5 "$ftp1 start"
$ns at 7.2 "$ftp0 stop"
$ns at 10.0 "finish"
$ns run
