# ns-2's slow_start_restart_ false: a retransmission timer that runs out with nothing
# outstanding leaves the window as it is (with the default, true, it restarts from one
# packet). Agents of every kind carry ON/OFF sources and a Telnet, so their timers run
# out in the idle periods; one Tahoe agent's recover_ is left where it was; an ECN
# agent at a RED bottleneck; two agents keep the default beside them.
Agent/TCP set slow_start_restart_ false
set ns [new Simulator]
set s [$ns node]
set r [$ns node]
set d [$ns node]
set e [$ns node]
$ns duplex-link $s $r 10Mb 2ms DropTail
$ns duplex-link $r $d 1Mb 30ms DropTail
$ns duplex-link $r $e 2Mb 20ms RED
$ns queue-limit $r $d 10
Queue/RED set setbit_ true
set i 0
foreach kind {TCP Reno Newreno Sack1 Fack Vegas Newreno Reno} sk {TCPSink TCPSink TCPSink/DelAck TCPSink/Sack1 TCPSink/Sack1 TCPSink TCPSink TCPSink} dst {d d d d d d e d} {
    if {$kind eq "TCP"} { set tcp($i) [new Agent/TCP] } else { set tcp($i) [new Agent/TCP/$kind] }
    $tcp($i) set window_ 30
    $ns attach-agent $s $tcp($i)
    set sink($i) [new Agent/$sk]
    $ns attach-agent [set $dst] $sink($i)
    $ns connect $tcp($i) $sink($i)
    incr i
}
# the ECN agent (6) and one that keeps ns-2's default (7)
$tcp(6) set ecn_ 1
$tcp(7) set slow_start_restart_ true
foreach i {0 1 2 3 4 5 6} burst {0.8s 1.2s 0.5s 1.0s 0.7s 1.5s 1.0s} idle {1.5s 1.0s 2.0s 1.2s 1.8s 1.0s 1.5s} rate {600k 500k 800k 400k 700k 300k 900k} {
    set src($i) [new Application/Traffic/Exponential]
    $src($i) set packetSize_ 1000
    $src($i) set burst_time_ $burst
    $src($i) set idle_time_ $idle
    $src($i) set rate_ $rate
    $src($i) attach-agent $tcp($i)
    $ns at [expr {0.1 * $i}] "$src($i) start"
}
set tel [new Application/Telnet]
$tel set interval_ 0.4
$tel attach-agent $tcp(7)
$ns at 0.2 "$tel start"
$ns at 30.0 "exit 0"
$ns run
