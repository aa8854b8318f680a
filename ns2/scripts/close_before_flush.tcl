# A lab exercise's dumbbell: four Tahoe flows from their own hosts, each starting at a
# time drawn from an RNG of the script's own and sending for five seconds, and a finish
# proc that closes the trace file before flushing it. ns-2 then crashes at the end of
# the run (flush-trace writes to the closed channel), after the run itself: `--compare`
# takes ns-2's counts just before the first event the script scheduled at the end.
set ns [new Simulator]
set tr [open out.tr w]
$ns trace-all $tr
set nflows 4
set left [$ns node]
set right [$ns node]
$ns duplex-link $left $right 1.5Mb 20ms DropTail
$ns queue-limit $left $right 12
for {set i 0} {$i < $nflows} {incr i} {
    set src($i) [$ns node]
    set dst($i) [$ns node]
    $ns duplex-link $src($i) $left 10Mb [expr {2 + 3 * $i}]ms DropTail
    $ns duplex-link $right $dst($i) 10Mb 2ms DropTail
    set tcp($i) [new Agent/TCP]
    $tcp($i) set window_ 30
    $ns attach-agent $src($i) $tcp($i)
    set sink($i) [new Agent/TCPSink]
    $ns attach-agent $dst($i) $sink($i)
    $ns connect $tcp($i) $sink($i)
    set ftp($i) [new Application/FTP]
    $ftp($i) attach-agent $tcp($i)
}
set rng [new RNG]
$rng seed 17
set start [new RandomVariable/Uniform]
$start set min_ 0
$start set max_ 2
$start use-rng $rng
for {set i 0} {$i < $nflows} {incr i} {
    set t [$start value]
    $ns at $t "$ftp($i) start"
    $ns at [expr {$t + 5}] "$ftp($i) stop"
}
proc finish {} {
    global ns tr
    close $tr
    $ns flush-trace
    exit 0
}
$ns at 8.0 "finish"
$ns run
