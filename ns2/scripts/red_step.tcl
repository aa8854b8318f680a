# RED as a step at one threshold K, as datacenter scripts set it (thresh_ and
# maxthresh_ both K, q_weight_ 1, so the average is the instantaneous queue): ns-2 2.35
# then computes its probability line over a width of 1 (REDQueue::reset), so that an
# average at K or above is a forced drop without gentle_, and with gentle_ takes the
# probability from max_p at K to 1 at 2K. Two bottlenecks: one with ECN senders and
# setbit_ but gentle_ false, K 8, where the probability at K is 1, never below mark_p_,
# so ECN-capable packets are dropped all the same (ns-2 2.35 without the DCTCP patch);
# one dropping with gentle_ true, K 6, q_weight_ 0.5.
Agent/TCP set packetSize_ 1460
set ns [new Simulator]
$defaultRNG seed 11
Queue/RED set setbit_ true
Queue/RED set gentle_ false
Queue/RED set thresh_ 8
Queue/RED set maxthresh_ 8
Queue/RED set q_weight_ 1
Queue/RED set mean_pktsize_ 1500
set a1 [$ns node]
set a2 [$ns node]
$ns duplex-link $a1 $a2 10Mb 4ms RED
$ns queue-limit $a1 $a2 40
set i 0
foreach {agent sink} {TCP/Newreno TCPSink TCP/Reno TCPSink/DelAck TCP/Sack1 TCPSink/Sack1 TCP TCPSink} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $a1 100Mb [expr {1 + $i}]ms DropTail
    $ns duplex-link $a2 $d($i) 100Mb 1ms DropTail
    set tcp($i) [$ns create-connection $agent $s($i) $sink $d($i) $i]
    $tcp($i) set window_ 200
    $tcp($i) set ecn_ 1
    $ns at [expr {0.05 * $i}] "[$tcp($i) attach-app FTP] start"
    incr i
}
Queue/RED set setbit_ false
Queue/RED set gentle_ true
Queue/RED set thresh_ 6
Queue/RED set maxthresh_ 6
Queue/RED set q_weight_ 0.5
set b1 [$ns node]
set b2 [$ns node]
$ns duplex-link $b1 $b2 5Mb 10ms RED
$ns queue-limit $b1 $b2 30
foreach {agent sink} {TCP/Newreno TCPSink TCP/Reno TCPSink TCP/Vegas TCPSink TCP/Sack1 TCPSink/Sack1/DelAck} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $b1 100Mb [expr {2 * $i}]ms DropTail
    $ns duplex-link $b2 $d($i) 100Mb 1ms DropTail
    set tcp($i) [$ns create-connection $agent $s($i) $sink $d($i) $i]
    $tcp($i) set window_ 100
    $ns at [expr {0.1 * $i}] "[$tcp($i) attach-app FTP] start"
    incr i
}
$ns at 20.0 "exit 0"
$ns run
