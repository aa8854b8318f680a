# Link dynamics as ns-2's own examples (tcl/ex/simple-dyn.tcl) write them: a ring whose
# links fail on a schedule (`$ns rtmodel Deterministic {START UP DOWN FINISH}`), at random
# (`Exponential`, its intervals drawn from ns-2's routing generator, a whole node's links
# at once) and by hand (`rtmodel-at`), under session routing. `satcc from-ns2` turns each
# model into the link's outages, the times ns-2 takes them down and up.
set ns [new Simulator]
$ns rtproto Session
for {set i 0} {$i < 5} {incr i} { set n($i) [$ns node] }
for {set i 0} {$i < 5} {incr i} { $ns duplex-link $n($i) $n([expr ($i+1)%5]) 1Mb 10ms DropTail }
set udp [new Agent/UDP]
$ns attach-agent $n(0) $udp
set cbr [new Application/Traffic/CBR]
$cbr set packetSize_ 500
$cbr set interval_ 0.01
$cbr attach-agent $udp
set null [new Agent/Null]
$ns attach-agent $n(2) $null
$ns connect $udp $null
set udp2 [new Agent/UDP]
$ns attach-agent $n(3) $udp2
set cbr2 [new Application/Traffic/CBR]
$cbr2 set packetSize_ 1000
$cbr2 set interval_ 0.02
$cbr2 attach-agent $udp2
set null2 [new Agent/Null]
$ns attach-agent $n(1) $null2
$ns connect $udp2 $null2
$ns at 0.05 "$cbr start"
$ns at 0.07 "$cbr2 start"
$ns rtmodel Deterministic {0.3 0.7 0.1 6.0} $n(1) $n(2)
$ns rtmodel Exponential {0.2 0.8 0.3} $n(3) $n(4)
$ns rtmodel Exponential {1.0 0.3} $n(0)
$ns rtmodel-at 2.5 down $n(2) $n(3)
$ns rtmodel-at 2.9 up $n(2) $n(3)
$ns at 10.0 "exit 0"
$ns run
