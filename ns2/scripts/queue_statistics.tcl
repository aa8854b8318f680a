# ns-2's queue statistics switched on, as RED and wireless studies do: summarystats_
# (the time-averaged queue, true_ave_, printed by printstats) and the utilization
# estimate's settings (util_weight_, util_check_intv_, util_records_) change no packet
# in ns-2, so the import takes them with a note.
Queue/RED set summarystats_ true
Queue/DropTail set summarystats_ true
Queue set util_weight_ 0.5
Queue set util_check_intv_ 0.1
Queue set util_records_ 10
set ns [new Simulator]
set s1 [$ns node]
set s2 [$ns node]
set r [$ns node]
set d [$ns node]
$ns duplex-link $s1 $r 10Mb 2ms DropTail
$ns duplex-link $s2 $r 10Mb 3ms DropTail
$ns duplex-link $r $d 1.5Mb 20ms RED
$ns queue-limit $r $d 25
foreach i {1 2} kind {Newreno Sack1} sinkkind {TCPSink TCPSink/Sack1} {
    set tcp($i) [new Agent/TCP/$kind]
    $ns attach-agent [set s$i] $tcp($i)
    set sink($i) [new Agent/$sinkkind]
    $ns attach-agent $d $sink($i)
    $ns connect $tcp($i) $sink($i)
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr {0.1 * $i}] "$ftp($i) start"
}
set q [[$ns link $s1 $r] queue]
proc finish {} {
    global q
    $q printstats
    exit 0
}
$ns at 8.0 "finish"
$ns run
