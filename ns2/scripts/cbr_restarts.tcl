# A CBR source switched on and off and its rate changed during the run, as tutorials and
# course scripts do it: a UDP CBR flow on a DropTail bottleneck beside an FTP over TCP.
# The CBR stops at 2 s and starts again at 3 s (stopped twice: the second stop does
# nothing), its rate_ halves at 4 s and its interval_ is set at 4.5 s; it stops at 5 s
# and starts again 1 ms after (its next packet was due 5 ms after the last), for good.
# A second CBR source, over a TCP agent, restarts too and doubles its rate at 6.5 s; its
# messages are its own packetSize_ (ns-2's default, 210 bytes: one 1000-byte segment
# each, every 28 ms). A LossMonitor counts what arrives, read by a periodic record proc.
# `$tcp2 set rate_ ...` (a name the TCP agent does not have) is left as ns-2 leaves it.
set ns [new Simulator]
set f [open out.tr w]
$ns trace-all $f
proc finish {} {
    global ns f
    $ns flush-trace
    close $f
    exit 0
}
set n0 [$ns node]
set n1 [$ns node]
set n2 [$ns node]
set n3 [$ns node]
$ns duplex-link $n0 $n2 2Mb 10ms DropTail
$ns duplex-link $n1 $n2 2Mb 10ms DropTail
$ns duplex-link $n2 $n3 1.7Mb 20ms DropTail
$ns queue-limit $n2 $n3 10
set tcp [new Agent/TCP]
$tcp set class_ 2
$ns attach-agent $n0 $tcp
set sink [new Agent/TCPSink]
$ns attach-agent $n3 $sink
$ns connect $tcp $sink
$tcp set fid_ 1
set ftp [new Application/FTP]
$ftp attach-agent $tcp
set udp [new Agent/UDP]
$ns attach-agent $n1 $udp
set lm [new Agent/LossMonitor]
$ns attach-agent $n3 $lm
$ns connect $udp $lm
$udp set fid_ 2
set cbr [new Application/Traffic/CBR]
$cbr attach-agent $udp
$cbr set type_ CBR
$cbr set packet_size_ 1000
$cbr set rate_ 1mb
$cbr set random_ false
set tcp2 [new Agent/TCP/Newreno]
$tcp2 set rate_ 100Kb
$ns attach-agent $n0 $tcp2
set sink2 [new Agent/TCPSink]
$ns attach-agent $n3 $sink2
$ns connect $tcp2 $sink2
set cbr2 [new Application/Traffic/CBR]
$cbr2 attach-agent $tcp2
$cbr2 set rate_ 60Kb
proc record {} {
    global ns lm
    set now [$ns now]
    set bw [$lm set bytes_]
    $lm set bytes_ 0
    $ns at [expr $now + 0.5] "record"
}
$ns at 0.0 "record"
$ns at 0.1 "$cbr start"
$ns at 1.0 "$ftp start"
$ns at 1.2 "$cbr2 start"
$ns at 2.0 "$cbr stop"
$ns at 2.5 "$cbr stop"
$ns at 3.0 "$cbr start"
$ns at 3.5 "$cbr2 stop"
$ns at 3.6 "$cbr2 start"
$ns at 4.0 "$cbr set rate_ 0.5mb"
$ns at 4.5 "$cbr set interval_ 0.01"
$ns at 5.0 "$cbr stop"
$ns at 5.001 "$cbr start"
$ns at 6.5 "$cbr2 set rate_ 120Kb"
$ns at 8.0 "$ftp stop"
$ns at 9.0 "finish"
$ns run
