# Distance-vector routing on a mesh of ten nodes with link costs, a link that fails on a
# schedule (`$ns rtmodel Deterministic`), a node that fails by hand, RED on the busiest
# link, and TCP and CBR flows that start before the routes have spread (what a node
# cannot route yet goes to ns-2's null agent, untraced). Where one message offers a node
# two new next hops of equal cost, ns-2 picks by a hash order of its link objects and
# satcc the lower-numbered neighbour, counting the pick (routing_ties): it happens once
# here, and the two picks are the same.
set ns [new Simulator]
$ns rtproto DV
Agent/TCP set timestamps_ true
Agent/TCP set window_ 25
for {set i 0} {$i < 10} {incr i} {
    set n($i) [$ns node]
}
proc link {a b bw d} {
    global ns n
    $ns duplex-link $n($a) $n($b) $bw $d DropTail
}
link 0 1 2Mb 5ms
link 1 2 2Mb 8ms
link 2 3 1.5Mb 4ms
link 3 4 2Mb 6ms
link 0 5 2Mb 3ms
link 5 6 1Mb 7ms
link 6 7 2Mb 5ms
link 7 4 2Mb 9ms
link 1 6 1.5Mb 2ms
link 2 8 2Mb 3ms
link 8 9 1Mb 12ms
link 9 4 2Mb 4ms
$ns duplex-link $n(6) $n(3) 1Mb 15ms RED
$ns cost $n(0) $n(1) 2
$ns cost $n(1) $n(0) 2
$ns cost $n(8) $n(9) 3
$ns cost $n(9) $n(8) 3
$ns queue-limit $n(1) $n(6) 12
$ns queue-limit $n(6) $n(3) 15

set k 0
foreach {src dst start kind} {0 4 0.05 tcp 5 3 0.4 tcp 8 7 1.0 tcp 9 0 0.2 cbr 2 6 0.7 cbr} {
    if {$kind eq "tcp"} {
        set a [new Agent/TCP/Newreno]
        set s [new Agent/TCPSink]
        set app [new Application/FTP]
    } else {
        set a [new Agent/UDP]
        set s [new Agent/Null]
        set app [new Application/Traffic/CBR]
        $app set packetSize_ 400
        $app set rate_ 400Kb
    }
    $ns attach-agent $n($src) $a
    $ns attach-agent $n($dst) $s
    $ns connect $a $s
    $a set fid_ $k
    $app attach-agent $a
    $ns at $start "$app start"
    incr k
}
$ns rtmodel Deterministic {0.8 1.5 0.6 6.0} $n(3) $n(4)
$ns rtmodel-at 2.2 down $n(6)
$ns rtmodel-at 3.1 up $n(6)
$ns rtmodel-at 4.4 down $n(1) $n(2)
proc finish {} { exit 0 }
$ns at 7.0 "finish"
$ns run
