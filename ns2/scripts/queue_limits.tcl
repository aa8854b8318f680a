# Buffers resized during the run, as buffer-sizing exercises do it: a DropTail
# bottleneck shrunk from 40 to 6 packets while full (what waits stays; arrivals meet the
# new limit) and grown again to 25, by `$ns queue-limit` in `$ns at` events; a RED hop
# (1.5 Mb/s, a CBR source and a Sack1 sender behind it) whose limit_ is set on its
# queue object; a DropTail queue counted in bytes (queue_in_bytes_, mean_pktsize_ 500)
# whose limit_ falls to 8 x 500 bytes; Reno, NewReno and Sack1 senders, and CBR bursts
# that fill the buffers when they change.
set ns [new Simulator]
set tf [open out.tr w]
$ns trace-all $tf
proc finish {} {
    global ns tf
    $ns flush-trace
    close $tf
    exit 0
}
set s0 [$ns node]
set s1 [$ns node]
set s2 [$ns node]
set r0 [$ns node]
set r1 [$ns node]
set d0 [$ns node]
$ns duplex-link $s0 $r0 10Mb 2ms DropTail
$ns duplex-link $s1 $r0 10Mb 8ms DropTail
$ns duplex-link $s2 $r0 1.5Mb 1ms RED
$ns duplex-link $r0 $r1 2Mb 20ms DropTail
$ns duplex-link $r1 $d0 1.6Mb 5ms DropTail
$ns queue-limit $r0 $r1 40
$ns queue-limit $s2 $r0 10
set bq [[$ns link $r1 $d0] queue]
$bq set queue_in_bytes_ true
$bq set mean_pktsize_ 500
$ns queue-limit $r1 $d0 30
set redq [[$ns link $s2 $r0] queue]
set tcp0 [new Agent/TCP/Reno]
$ns attach-agent $s0 $tcp0
set k0 [new Agent/TCPSink]
$ns attach-agent $d0 $k0
$ns connect $tcp0 $k0
set ftp0 [$tcp0 attach-app FTP]
set tcp1 [new Agent/TCP/Newreno]
$tcp1 set window_ 60
$ns attach-agent $s1 $tcp1
set k1 [new Agent/TCPSink/DelAck]
$ns attach-agent $d0 $k1
$ns connect $tcp1 $k1
set ftp1 [$tcp1 attach-app FTP]
set tcp2 [new Agent/TCP/Sack1]
$ns attach-agent $s2 $tcp2
set k2 [new Agent/TCPSink/Sack1]
$ns attach-agent $d0 $k2
$ns connect $tcp2 $k2
set ftp2 [$tcp2 attach-app FTP]
set udp [new Agent/UDP]
$ns attach-agent $s1 $udp
set null [new Agent/Null]
$ns attach-agent $d0 $null
$ns connect $udp $null
set cbr [new Application/Traffic/CBR]
$cbr attach-agent $udp
$cbr set packetSize_ 500
$cbr set rate_ 3Mb
set udp2 [new Agent/UDP]
$ns attach-agent $s2 $udp2
set null2 [new Agent/Null]
$ns attach-agent $d0 $null2
$ns connect $udp2 $null2
set cbr2 [new Application/Traffic/CBR]
$cbr2 attach-agent $udp2
$cbr2 set packetSize_ 800
$cbr2 set rate_ 2Mb
$ns at 0.1 "$ftp0 start"
$ns at 0.2 "$ftp1 start"
$ns at 0.3 "$ftp2 start"
$ns at 1.0 "$cbr start"
$ns at 2.2 "$cbr stop"
$ns at 2.3 "$cbr2 start"
$ns at 3.5 "$cbr2 stop"
$ns at 2.0 "$ns queue-limit $r0 $r1 6"
$ns at 2.5 "$redq set limit_ 3"
$ns at 3.0 "$ns queue-limit $r1 $d0 8"
$ns at 4.5 "$ns queue-limit $r0 $r1 25"
$ns at 5.0 "$cbr start"
$ns at 5.6 "$cbr stop"
$ns at 5.8 "$cbr2 start"
$ns at 7.0 "$cbr2 stop"
$ns at 6.0 "$redq set limit_ 12"
$ns at 8.0 "finish"
$ns run
