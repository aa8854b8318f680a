# Trace-driven sources (Application/Traffic/Trace), as video studies feed them: the
# script writes its trace file first (ns-2's format: per record, the gap before a
# message in microseconds and its size in bytes, two 32-bit big-endian numbers), a
# frame every 40 ms split into messages of up to 4000 bytes, some messages empty. Two UDP
# agents (packetSize_ 1000 and 1500: larger messages go as several datagrams) and a
# Reno agent (messages of several segments) read it, each from a record ns-2 draws at
# each start; one source is stopped and started again (a new draw), beside a bulk
# NewReno transfer through a 1.5 Mb/s bottleneck.
set f [open video.trace w]
fconfigure $f -translation binary
set x 12345
for {set i 0} {$i < 250} {incr i} {
    set x [expr {($x * 1103515245 + 12345) % 2147483648}]
    set gap [lindex {0 500 2000 8000 33000 40000} [expr {$x % 6}]]
    set size [lindex {0 40 200 576 1000 1400 2500 4000} [expr {($x / 7) % 8}]]
    puts -nonewline $f [binary format II $gap $size]
}
close $f
set ns [new Simulator]
set n0 [$ns node]
set n1 [$ns node]
set n2 [$ns node]
set n3 [$ns node]
$ns duplex-link $n0 $n2 10Mb 2ms DropTail
$ns duplex-link $n1 $n2 10Mb 3ms DropTail
$ns duplex-link $n2 $n3 1.5Mb 20ms DropTail
$ns queue-limit $n2 $n3 15
set tfile [new Tracefile]
$tfile filename video.trace
proc sink_for {agent node} {
    global ns n3
    $ns attach-agent $node $agent
    set s [new Agent/Null]
    $ns attach-agent $n3 $s
    $ns connect $agent $s
}
set udp1 [new Agent/UDP]
sink_for $udp1 $n0
set video1 [new Application/Traffic/Trace]
$video1 attach-tracefile $tfile
$video1 attach-agent $udp1
set udp2 [new Agent/UDP]
$udp2 set packetSize_ 1500
sink_for $udp2 $n1
set video2 [new Application/Traffic/Trace]
$video2 attach-tracefile $tfile
$video2 attach-agent $udp2
set tcp [new Agent/TCP/Reno]
$ns attach-agent $n1 $tcp
set sink [new Agent/TCPSink]
$ns attach-agent $n3 $sink
$ns connect $tcp $sink
set video3 [new Application/Traffic/Trace]
$video3 attach-tracefile $tfile
$video3 attach-agent $tcp
set bulk [new Agent/TCP/Newreno]
$ns attach-agent $n0 $bulk
set bulksink [new Agent/TCPSink]
$ns attach-agent $n3 $bulksink
$ns connect $bulk $bulksink
set ftp [$bulk attach-app FTP]
$ns at 0.0 "$ftp start"
$ns at 0.5 "$video1 start"
$ns at 1.0 "$video2 start"
$ns at 1.2 "$video3 start"
$ns at 4.0 "$video1 stop"
$ns at 5.0 "$video1 start"
$ns at 9.0 "exit 0"
$ns run
