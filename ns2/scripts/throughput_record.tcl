# A throughput `record` proc as course scripts write it, reading and clearing what a
# TCPSink and its sender count (bytes_, nrexmit_) every half second: ns-2 reads those
# counters for nothing else, so the run is the one without the proc. Two NewReno flows
# and a Tahoe one through one DropTail bottleneck.
set ns [new Simulator]
set n0 [$ns node]
set n1 [$ns node]
set n2 [$ns node]
set n3 [$ns node]
$ns duplex-link $n0 $n2 10Mb 10ms DropTail
$ns duplex-link $n1 $n2 10Mb 30ms DropTail
$ns duplex-link $n2 $n3 1.5Mb 20ms DropTail
$ns queue-limit $n2 $n3 15
set f [open throughput.tr w]
set i 0
foreach {src cls} [list $n0 Agent/TCP/Newreno $n1 Agent/TCP/Newreno $n1 Agent/TCP] {
    set tcp($i) [new $cls]
    $ns attach-agent $src $tcp($i)
    set sink($i) [new Agent/TCPSink]
    $ns attach-agent $n3 $sink($i)
    $ns connect $tcp($i) $sink($i)
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr 0.1 + 0.4 * $i] "$ftp($i) start"
    incr i
}
proc record {} {
    global ns sink tcp f
    set time 0.5
    set now [$ns now]
    set line $now
    for {set i 0} {$i < 3} {incr i} {
        lappend line [expr [$sink($i) set bytes_] / $time * 8 / 1000000] [$tcp($i) set nrexmit_]
        $sink($i) set bytes_ 0
        $tcp($i) set nrexmit_ 0
    }
    puts $f $line
    $ns at [expr $now + $time] "record"
}
proc finish {} {
    global f
    close $f
    exit 0
}
$ns at 0.0 "record"
$ns at 10.0 "finish"
$ns run
