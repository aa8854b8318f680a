# A script as most are written: ns-2's generator never seeded, so it runs from ns-2's
# default seed (1), and no timestamps, so each sender's RTT clock phase matters. ns-2
# draws from that generator once for each TCP agent the script makes (twice for Vegas)
# and once more for each as `$ns run` resets it, nodes in the order of its Node_ array:
# that last draw is the agent's phase. The RED bottleneck's early drops, the error model
# on the way back, the exponential source's bursts and the Telnet source's gaps then go
# on drawing from where the agents left the generator. Ten senders of five kinds (two of
# them Vegas at ns-2's default syn_, which starts its window at 1), some with a coarse
# 100 ms RTT clock, on 22 nodes, enough for ns-2's Node_ array to reset them out of order.
set ns [new Simulator]
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 4Mb 15ms RED
$ns queue-limit $r1 $r2 40
set loss [new ErrorModel]
$loss set rate_ 0.005
$loss unit pkt
$loss ranvar [new RandomVariable/Uniform]
$loss drop-target [new Agent/Null]
$ns lossmodel $loss $r2 $r1
set kinds {Agent/TCP/Newreno Agent/TCP Agent/TCP/Vegas Agent/TCP/Reno Agent/TCP/Sack1}
for {set i 0} {$i < 10} {incr i} {
    set src($i) [$ns node]
    set dst($i) [$ns node]
    $ns duplex-link $src($i) $r1 20Mb [expr {2 + 2 * $i}]ms DropTail
    $ns duplex-link $r2 $dst($i) 20Mb 1ms DropTail
    set kind [lindex $kinds [expr {$i % 5}]]
    set tcp($i) [new $kind]
    $tcp($i) set window_ 50
    if {$i % 4 == 1} { $tcp($i) set tcpTick_ 0.1 }
    set sink($i) [new [expr {$kind eq "Agent/TCP/Sack1" ? "Agent/TCPSink/Sack1" : "Agent/TCPSink"}]]
    $ns attach-agent $src($i) $tcp($i)
    $ns attach-agent $dst($i) $sink($i)
    $ns connect $tcp($i) $sink($i)
    if {$i == 7} {
        set app($i) [new Application/Telnet]
        $app($i) set interval_ 0.01
        $app($i) attach-agent $tcp($i)
    } else {
        set app($i) [$tcp($i) attach-app FTP]
    }
    $ns at [expr {0.1 * $i}] "$app($i) start"
}
set udp [new Agent/UDP]
$ns attach-agent $src(0) $udp
set mon [new Agent/LossMonitor]
$ns attach-agent $dst(0) $mon
$ns connect $udp $mon
set burst [new Application/Traffic/Exponential]
$burst set rate_ 1Mb
$burst set packetSize_ 500
$burst attach-agent $udp
$ns at 2.0 "$burst start"
$ns at 20.0 "exit 0"
$ns run
