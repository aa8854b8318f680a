# FTP transfers switched off and on again, as course scripts show TCP's behaviour
# when an application pauses: three FTPs over Reno, Newreno and Sack1 on a DropTail
# bottleneck with a RED hop before it. Each stops and starts again (one stops in the
# middle of a recovery, one restarts after its window has drained and its timer gone,
# one restarts 5 ms after it stopped, with segments still in flight); a stop before
# the first start changes nothing. The Reno flow stops for good before the end.
set ns [new Simulator]
$ns color 1 Blue
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
$ns duplex-link $s1 $r0 10Mb 7ms DropTail
$ns duplex-link $s2 $r0 10Mb 15ms RED
$ns duplex-link $r0 $r1 1.5Mb 25ms DropTail
$ns duplex-link $r1 $d0 10Mb 3ms DropTail
$ns queue-limit $r0 $r1 12
set tcp0 [new Agent/TCP/Reno]
$tcp0 set window_ 40
$tcp0 set fid_ 1
$ns attach-agent $s0 $tcp0
set sink0 [new Agent/TCPSink]
$ns attach-agent $d0 $sink0
$ns connect $tcp0 $sink0
set ftp0 [new Application/FTP]
$ftp0 attach-agent $tcp0
set tcp1 [new Agent/TCP/Newreno]
$tcp1 set packetSize_ 552
$tcp1 set fid_ 2
$ns attach-agent $s1 $tcp1
set sink1 [new Agent/TCPSink/DelAck]
$ns attach-agent $d0 $sink1
$ns connect $tcp1 $sink1
set ftp1 [$tcp1 attach-app FTP]
set tcp2 [new Agent/TCP/Sack1]
$tcp2 set fid_ 3
$ns attach-agent $s2 $tcp2
set sink2 [new Agent/TCPSink/Sack1]
$ns attach-agent $d0 $sink2
$ns connect $tcp2 $sink2
set ftp2 [new Application/FTP]
$ftp2 attach-agent $tcp2
$ns at 0.05 "$ftp1 stop"
$ns at 0.1 "$ftp0 start"
$ns at 0.3 "$ftp1 start"
$ns at 0.7 "$ftp2 start"
$ns at 2.13 "$ftp0 stop"
$ns at 2.6 "$ftp1 stop"
$ns at 2.605 "$ftp1 start"
$ns at 3.9 "$ftp2 stop"
$ns at 5.2 "$ftp0 start"
$ns at 6.4 "$ftp2 start"
$ns at 7.25 "$ftp1 stop"
$ns at 8.0 "$ftp1 start"
$ns at 8.9 "$ftp0 stop"
$ns at 10.0 "finish"
$ns run
