# Marc Greis's dynamic routing example (a ring of seven nodes, one link failing for a
# second) with centralised routing, `$ns rtproto Session`: when links fail or come
# back, ns-2 computes every node's routes again at that instant over the links that
# are up, and packets already on their way take the new routes from the next node. A
# node taken down cuts its host off: the other nodes keep their routes to it. The TCP
# agents use timestamps, so that their timeouts do not depend on the phase of their RTT
# clock, which ns-2 draws from its generator and satcc from its seed.
set ns [new Simulator]
$ns rtproto Session
Agent/TCP set timestamps_ true
set nf [open out.nam w]
$ns namtrace-all $nf
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
    $ns duplex-link $n($i) $n([expr ($i+1)%7]) 1Mb 10ms DropTail
}
# a host on node 4 and a host on node 5
set h4 [$ns node]
set h5 [$ns node]
$ns duplex-link $h4 $n(4) 10Mb 1ms DropTail
$ns duplex-link $h5 $n(5) 10Mb 1ms DropTail

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
$ns attach-agent $n(1) $tcp
set sink [new Agent/TCPSink/DelAck]
$ns attach-agent $h4 $sink
$ns connect $tcp $sink
set ftp [new Application/FTP]
$ftp attach-agent $tcp

set tcp2 [new Agent/TCP/Reno]
$ns attach-agent $h5 $tcp2
set sink2 [new Agent/TCPSink]
$ns attach-agent $n(2) $sink2
$ns connect $tcp2 $sink2
set ftp2 [new Application/FTP]
$ftp2 attach-agent $tcp2

$ns at 0.5 "$cbr0 start"
$ns at 0.1 "$ftp start"
$ns at 0.3 "$ftp2 start"
$ns rtmodel-at 1.0 down $n(1) $n(2)
$ns rtmodel-at 2.0 up $n(1) $n(2)
# two links at one instant: the ring is cut in two for 0.6 s
$ns rtmodel-at 3.0 down $n(2) $n(3)
$ns rtmodel-at 3.0 down $n(5) $n(6)
$ns rtmodel-at 3.6 up $n(2) $n(3)
$ns rtmodel-at 3.6 up $n(5) $n(6)
# node 5 goes down: its host is cut off
$ns rtmodel-at 5.0 down $n(5)
$ns rtmodel-at 5.5 up $n(5)
$ns at 4.5 "$cbr0 stop"
$ns at 7.0 "finish"
$ns run
