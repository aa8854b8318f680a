# RED with use_mark_p_ false, as ns-2's own test suites set it (the default before
# December 2005): an average at or above maxthresh_ (twice it with gentle_) is a forced
# drop of every arrival, the count restarted, and with setbit_ an early drop of an
# ECN-capable packet is always a mark, whatever mark_p_. Three bottlenecks: one
# dropping, gentle_ false, q_weight_ 0.2 so that the average passes maxthresh_; one
# with ECN senders, gentle_ true, drop_front_ as the forced drops' victim, where the
# gentle region (probability above mark_p_) marks; and one with ECN and use_mark_p_ true
# but mark_p_ 2.0, the idiom ns-2's red.h gives to mark every early drop.
Agent/TCP set packetSize_ 1000
set ns [new Simulator]
$defaultRNG seed 7
Queue/RED set use_mark_p_ false
Queue/RED set gentle_ false
Queue/RED set thresh_ 4
Queue/RED set maxthresh_ 10
Queue/RED set q_weight_ 0.2
Queue/RED set linterm_ 5
Queue/RED set mean_pktsize_ 1040
set a1 [$ns node]
set a2 [$ns node]
$ns duplex-link $a1 $a2 8Mb 5ms RED
$ns queue-limit $a1 $a2 40
set i 0
foreach {agent sink} {TCP/Newreno TCPSink TCP/Reno TCPSink/DelAck TCP/Sack1 TCPSink/Sack1 TCP TCPSink} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $a1 100Mb [expr {1 + 3 * $i}]ms DropTail
    $ns duplex-link $a2 $d($i) 100Mb 1ms DropTail
    set tcp($i) [$ns create-connection $agent $s($i) $sink $d($i) $i]
    $tcp($i) set window_ 200
    $ns at [expr {0.05 * $i}] "[$tcp($i) attach-app FTP] start"
    incr i
}
Queue/RED set setbit_ true
Queue/RED set gentle_ true
Queue/RED set thresh_ 3
Queue/RED set maxthresh_ 6
Queue/RED set q_weight_ 0.1
set b1 [$ns node]
set b2 [$ns node]
$ns duplex-link $b1 $b2 5Mb 10ms RED
$ns queue-limit $b1 $b2 30
[[$ns link $b1 $b2] queue] set drop_front_ true
foreach {agent sink} {TCP/Newreno TCPSink TCP/Reno TCPSink/DelAck TCP/Sack1 TCPSink/Sack1/DelAck TCP/Newreno TCPSink} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $b1 100Mb [expr {2 * $i}]ms DropTail
    $ns duplex-link $b2 $d($i) 100Mb 1ms DropTail
    set tcp($i) [$ns create-connection $agent $s($i) $sink $d($i) $i]
    $tcp($i) set window_ 100
    # two of the four ECN-capable
    if {$i % 2 == 0} { $tcp($i) set ecn_ 1 }
    $ns at [expr {0.1 * $i}] "[$tcp($i) attach-app FTP] start"
    incr i
}
Queue/RED set use_mark_p_ true
Queue/RED set mark_p_ 2.0
Queue/RED set gentle_ false
set c1 [$ns node]
set c2 [$ns node]
$ns duplex-link $c1 $c2 4Mb 8ms RED
$ns queue-limit $c1 $c2 25
foreach {agent sink} {TCP/Newreno TCPSink/DelAck TCP/Sack1 TCPSink/Sack1 TCP/Reno TCPSink} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $c1 100Mb [expr {3 * $i}]ms DropTail
    $ns duplex-link $c2 $d($i) 100Mb 1ms DropTail
    set tcp($i) [$ns create-connection $agent $s($i) $sink $d($i) $i]
    $tcp($i) set window_ 80
    $tcp($i) set ecn_ 1
    $ns at [expr {0.07 * $i}] "[$tcp($i) attach-app FTP] start"
    incr i
}
$ns at 20.0 "exit 0"
$ns run
