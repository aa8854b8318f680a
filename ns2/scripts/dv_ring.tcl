# Distance-vector routing (`$ns rtproto DV`) on a ring of seven nodes, the shape of the
# ns-2 tutorial's dynamic-routing example: a CBR from n0 to n3, a link of its path
# failing and coming back, and a TCP transfer that shares the detour. Until the first
# updates (at U(0, 0.5) s) a node reaches only its neighbours; the routing agents'
# messages (7 bytes) queue with the data, and their counts are in every link's.
set ns [new Simulator]
$ns rtproto DV
Agent/TCP set timestamps_ true
set nf [open out.tr w]
$ns trace-all $nf
proc finish {} {
    global ns nf
    $ns flush-trace
    close $nf
    exit 0
}
for {set i 0} {$i < 7} {incr i} {
    set n($i) [$ns node]
}
for {set i 0} {$i < 7} {incr i} {
    $ns duplex-link $n($i) $n([expr ($i + 1) % 7]) 1Mb 10ms DropTail
}
$ns queue-limit $n(6) $n(5) 8
set udp0 [new Agent/UDP]
$ns attach-agent $n(0) $udp0
set cbr0 [new Application/Traffic/CBR]
$cbr0 set packetSize_ 500
$cbr0 set interval_ 0.005
$cbr0 attach-agent $udp0
set null0 [new Agent/Null]
$ns attach-agent $n(3) $null0
$ns connect $udp0 $null0

set tcp [new Agent/TCP/Newreno]
$tcp set window_ 30
$ns attach-agent $n(6) $tcp
set sink [new Agent/TCPSink]
$ns attach-agent $n(4) $sink
$ns connect $tcp $sink
set ftp [new Application/FTP]
$ftp attach-agent $tcp

$ns at 0.1 "$cbr0 start"
$ns at 0.3 "$ftp start"
$ns rtmodel-at 1.0 down $n(1) $n(2)
$ns rtmodel-at 2.0 up $n(1) $n(2)
$ns rtmodel-at 3.5 down $n(5)
$ns rtmodel-at 3.9 up $n(5)
$ns at 4.5 "$cbr0 stop"
$ns at 5.0 "finish"
$ns run
