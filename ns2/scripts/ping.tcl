# Agent/Ping as the classic lab scripts use it (Greis' tutorial, the "count the dropped
# pings" exercises): agents pinging each other across a bottleneck that a CBR source
# fills, one on a proc that schedules itself, replies of another size than the
# requests, a `oneway` agent, and the recv procedure printing each answer.
set ns [new Simulator]
set n0 [$ns node]
set n1 [$ns node]
set n2 [$ns node]
set n3 [$ns node]
set n4 [$ns node]
$ns duplex-link $n0 $n2 2Mb 10ms DropTail
$ns duplex-link $n1 $n2 2Mb 10ms DropTail
$ns duplex-link $n2 $n3 1Mb 30ms DropTail
$ns duplex-link $n3 $n4 5Mb 5ms DropTail
$ns queue-limit $n2 $n3 6
$ns queue-limit $n3 $n2 4

set p0 [new Agent/Ping]
$ns attach-agent $n0 $p0
set p4 [new Agent/Ping]
$p4 set packetSize_ 500
$ns attach-agent $n4 $p4
$ns connect $p0 $p4

set p1 [new Agent/Ping]
$p1 set packetSize_ 1000
$p1 oneway
$ns attach-agent $n1 $p1
set p3 [new Agent/Ping]
$ns attach-agent $n3 $p3
$ns connect $p1 $p3

# a CBR source across the bottleneck, and one back the other way
set udp [new Agent/UDP]
$ns attach-agent $n1 $udp
set null [new Agent/Null]
$ns attach-agent $n4 $null
$ns connect $udp $null
set cbr [new Application/Traffic/CBR]
$cbr set packetSize_ 500
$cbr set rate_ 0.95Mb
$cbr attach-agent $udp
set udp2 [new Agent/UDP]
$ns attach-agent $n4 $udp2
set null2 [new Agent/Null]
$ns attach-agent $n0 $null2
$ns connect $udp2 $null2
set cbr2 [new Application/Traffic/CBR]
$cbr2 set packetSize_ 1000
$cbr2 set rate_ 0.9Mb
$cbr2 set random_ 1
$cbr2 attach-agent $udp2
$ns at 0.5 "$cbr start"
$ns at 3.5 "$cbr stop"
$ns at 1.0 "$cbr2 start"
$ns at 3.0 "$cbr2 stop"

set lost 0
Agent/Ping instproc recv {from args} {
    $self instvar node_
    puts "node [$node_ id] received ping answer from $from: $args ms"
}

proc ping_again {} {
    global ns p1
    set now [$ns now]
    $ns at [expr {$now + 0.05}] "ping_again"
    $p1 send
}

$ns at 0.2 "$p0 send"
$ns at 0.4 "$p4 send"
$ns at 1.0 "$p0 send"
$ns at 1.0 "$p0 send"
$ns at 1.5 "$p4 send"
$ns at 2.0 "$p0 send"
$ns at 2.25 "$p4 send"
$ns at 3.0 "$p0 send"
$ns at 3.9 "$p4 send"
$ns at 0.3 "ping_again"

proc finish {} {
    exit 0
}
$ns at 4.5 "finish"
$ns run
