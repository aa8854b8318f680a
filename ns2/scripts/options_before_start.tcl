# windowOption_ and slow_start_restart_ set in `$ns at` events before each agent starts:
# ns-2 reads them as the agent runs (opencwnd, the retransmission timeout), so they act
# as if set before the run. Tahoe, NewReno and Fack agents carrying ON/OFF sources over
# a shared bottleneck.
set ns [new Simulator]
set s [$ns node]
set r [$ns node]
set d [$ns node]
$ns duplex-link $s $r 10Mb 2ms DropTail
$ns duplex-link $r $d 1Mb 25ms DropTail
$ns queue-limit $r $d 10
set i 0
foreach kind {TCP Newreno Fack} sk {TCPSink TCPSink TCPSink/Sack1} {
    if {$kind eq "TCP"} { set tcp($i) [new Agent/TCP] } else { set tcp($i) [new Agent/TCP/$kind] }
    $tcp($i) set window_ 30
    $ns attach-agent $s $tcp($i)
    set sink($i) [new Agent/$sk]
    $ns attach-agent $d $sink($i)
    $ns connect $tcp($i) $sink($i)
    set src($i) [new Application/Traffic/Exponential]
    $src($i) set packetSize_ 1000
    $src($i) set burst_time_ 1.5s
    $src($i) set idle_time_ 1s
    $src($i) set rate_ 700k
    $src($i) attach-agent $tcp($i)
    $ns at [expr {0.5 + 0.3 * $i}] "$src($i) start"
    incr i
}
$ns at 0.0 "$tcp(0) set slow_start_restart_ false"
$ns at 0.2 "$tcp(1) set windowOption_ 0"
$ns at 0.3 "$tcp(1) set slow_start_restart_ false"
$ns at 1.0 "$tcp(2) set windowOption_ 0"
$ns at 30.0 "exit 0"
$ns run
