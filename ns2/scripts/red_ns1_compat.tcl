# RED with ns1_compat_ true, as ns-2's RED test suite sets it (Test/red_twowaybytes of
# test-suite-red.tcl): a forced drop leaves the count of arrivals since the last drop as
# it is, where ns-2 since 1999 restarts it (Philip Liu's fix). Two bottlenecks: one
# counting in bytes and dropping by size, two-way traffic as in that test, a buffer
# small enough to force drops often; one in packets without use_mark_p_, where the
# average above maxthresh_ forces drops too.
set ns [new Simulator]
$defaultRNG seed 3
Agent/TCP set packetSize_ 1000
Queue/RED set ns1_compat_ true
Queue/RED set bytes_ true
Queue/RED set queue_in_bytes_ true
Queue/RED set mean_pktsize_ 500
Queue/RED set thresh_ 5
Queue/RED set maxthresh_ 15
Queue/RED set q_weight_ 0.02
Queue/RED set linterm_ 10
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 1.5Mb 20ms RED
$ns queue-limit $r1 $r2 25
$ns queue-limit $r2 $r1 25
foreach {i from to} {0 s1 s3 1 s2 s4 2 s3 s1 3 s4 s2} {
    foreach n [list $from $to] {
        if {![info exists node($n)]} {
            set node($n) [$ns node]
            set side [expr {[string index $n 1] <= 2 ? $r1 : $r2}]
            $ns duplex-link $node($n) $side 10Mb [expr {2 + [string index $n 1]}]ms DropTail
        }
    }
    set tcp($i) [$ns create-connection TCP/Reno $node($from) TCPSink $node($to) $i]
    $tcp($i) set window_ 15
    $ns at [expr {0.5 * $i}] "[$tcp($i) attach-app FTP] start"
}
Queue/RED set bytes_ false
Queue/RED set queue_in_bytes_ false
Queue/RED set use_mark_p_ false
Queue/RED set gentle_ false
Queue/RED set thresh_ 3
Queue/RED set maxthresh_ 8
Queue/RED set q_weight_ 0.3
set b1 [$ns node]
set b2 [$ns node]
$ns duplex-link $b1 $b2 4Mb 10ms RED
$ns queue-limit $b1 $b2 20
set i 4
foreach {agent sink} {TCP/Newreno TCPSink TCP/Sack1 TCPSink/Sack1 TCP TCPSink/DelAck} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $b1 100Mb [expr {2 * $i}]ms DropTail
    $ns duplex-link $b2 $d($i) 100Mb 1ms DropTail
    set tcp($i) [$ns create-connection $agent $s($i) $sink $d($i) $i]
    $tcp($i) set window_ 60
    $ns at [expr {0.1 * $i}] "[$tcp($i) attach-app FTP] start"
    incr i
}
$ns at 20.0 "exit 0"
$ns run
