# CBR traffic as scripts written for ns-1 and early ns-2 make it: ns-2's backward-
# compatible Agent/CBR (ns-source.tcl), a UDP agent with a CBR source of its own
# (packetSize_ 210 and interval_ 3.75 ms unless set; packetSize_, interval_, random_
# and maxpkts_ set on the agent), started and stopped on the agent. ns-2's generator is
# seeded at time 0, so that the random gaps are its own.
set ns [new Simulator]
set n0 [$ns node]
set n1 [$ns node]
set n2 [$ns node]
set n3 [$ns node]
$ns duplex-link $n0 $n2 5Mb 2ms DropTail
$ns duplex-link $n1 $n2 5Mb 2ms DropTail
$ns duplex-link $n2 $n3 1.5Mb 10ms DropTail
$ns queue-limit $n2 $n3 8
set cbr0 [new Agent/CBR]
$ns attach-agent $n0 $cbr0
$cbr0 set interval_ 0.01
$cbr0 set packetSize_ 800
set cbr1 [new Agent/CBR]
$ns attach-agent $n1 $cbr1
$cbr1 set packetSize_ 500
$cbr1 set interval_ 4ms
$cbr1 set random_ 1
set cbr2 [new Agent/CBR]
$ns attach-agent $n1 $cbr2
$cbr2 set maxpkts_ 100
set null0 [new Agent/Null]
$ns attach-agent $n3 $null0
set lm [new Agent/LossMonitor]
$ns attach-agent $n3 $lm
set null2 [new Agent/Null]
$ns attach-agent $n3 $null2
$ns connect $cbr0 $null0
$ns connect $cbr1 $lm
$ns connect $cbr2 $null2
$ns at 0.5 "$cbr0 start"
$ns at 1.0 "$cbr1 start"
$ns at 1.2 "$cbr2 start"
$ns at 4.0 "$cbr1 stop"
$ns at 4.5 "$cbr0 stop"
$ns at 5.0 "exit 0"
$ns at 0.0 "$defaultRNG seed 3"
$ns run
