# Random start times from Tcl's own rand(), as course scripts draw them: seeded with
# srand first, Tcl's generator gives the same values in ns-2's Tcl as in the tclsh that
# `satcc from-ns2` runs (without srand, Tcl seeds it from the clock, in ns-2 too, and the
# import says the two agree in law only). Four Reno flows over a 1 Mb/s bottleneck,
# each started at 2 x rand() seconds, with a window of 10 + int(20 x rand()).
set ns [new Simulator]
expr {srand(42)}
set n0 [$ns node]
set n1 [$ns node]
set n2 [$ns node]
$ns duplex-link $n0 $n1 10Mb 5ms DropTail
$ns duplex-link $n1 $n2 1Mb 20ms DropTail
$ns queue-limit $n1 $n2 10
for {set i 0} {$i < 4} {incr i} {
    set tcp($i) [$ns create-connection TCP/Reno $n0 TCPSink $n2 $i]
    $tcp($i) set window_ [expr {10 + int(20 * rand())}]
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr {rand() * 2}] "$ftp($i) start"
}
$ns at 8.0 "exit 0"
$ns run
