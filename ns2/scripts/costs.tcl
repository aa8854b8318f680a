# Routing costs (`$ns cost`, one direction each) on a small mesh: routes are the
# cheapest by the sum of their links' costs, ties through the node made first, and the
# two directions of a link may cost differently, so data and ACKs part ways. With
# `$ns rtproto Session` the cheapest routes are computed again when a link fails. The
# TCP agents use timestamps, so that their timeouts do not depend on the phase of their
# RTT clock, which ns-2 draws from its generator and satcc from its seed.
set ns [new Simulator]
$ns rtproto Session
Agent/TCP set timestamps_ true
Agent/TCP set window_ 25
for {set i 0} {$i < 5} {incr i} {
    set n($i) [$ns node]
}
$ns duplex-link $n(0) $n(1) 2Mb 10ms DropTail
$ns duplex-link $n(1) $n(2) 2Mb 10ms DropTail
$ns duplex-link $n(0) $n(3) 2Mb 5ms DropTail
$ns duplex-link $n(3) $n(4) 2Mb 5ms DropTail
$ns duplex-link $n(4) $n(2) 2Mb 5ms DropTail
$ns duplex-link $n(1) $n(4) 1Mb 20ms DropTail
$ns queue-limit $n(0) $n(3) 15
# the direct way is dear one way only: data goes round by 3 and 4, ACKs come back by 1
$ns cost $n(0) $n(1) 3
$ns cost $n(4) $n(2) 0.5
$ns cost $n(1) $n(4) 2.5

set tcp [new Agent/TCP/Newreno]
$ns attach-agent $n(0) $tcp
set sink [new Agent/TCPSink]
$ns attach-agent $n(2) $sink
$ns connect $tcp $sink
set ftp [new Application/FTP]
$ftp attach-agent $tcp

set udp [new Agent/UDP]
$ns attach-agent $n(1) $udp
set cbr [new Application/Traffic/CBR]
$cbr set packetSize_ 500
$cbr set rate_ 400Kb
$cbr attach-agent $udp
set null [new Agent/Null]
$ns attach-agent $n(3) $null
$ns connect $udp $null

$ns at 0.1 "$ftp start"
$ns at 0.3 "$cbr start"
$ns rtmodel-at 2.0 down $n(3) $n(4)
$ns rtmodel-at 3.5 up $n(3) $n(4)
$ns at 6.0 "exit 0"
$ns run
