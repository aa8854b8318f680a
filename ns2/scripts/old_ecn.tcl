# ECN senders with old_ecn_ 1, as ns-2's RED and ECN test suites set it (Test/ecn of
# test-suite-red.tcl): an ACK echoing a mark opens the window when the new ACK before it
# echoed one too, so only the first ACK of each run of echoing ACKs holds it. A RED
# bottleneck marking for Tahoe, Reno, NewReno and Sack1 senders with old_ecn_ 1, one
# NewReno sender without it, and a Reno sender with old_ecn_ 1 but no ECN (ns-2 never
# reads it there). A second, shallower RED hop where the marks come in longer runs.
set ns [new Simulator]
$defaultRNG seed 5
Agent/TCP set packetSize_ 1000
Queue/RED set setbit_ true
Queue/RED set thresh_ 5
Queue/RED set maxthresh_ 15
Queue/RED set q_weight_ 0.02
Queue/RED set mean_pktsize_ 1040
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 6Mb 10ms RED
$ns queue-limit $r1 $r2 60
set i 0
foreach {agent sink old ecn} {TCP TCPSink 1 1 TCP/Reno TCPSink/DelAck 1 1 TCP/Newreno TCPSink 1 1
                              TCP/Sack1 TCPSink/Sack1 1 1 TCP/Newreno TCPSink 0 1 TCP/Reno TCPSink 1 0} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 100Mb [expr {1 + 4 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 100Mb 1ms DropTail
    set tcp($i) [$ns create-connection $agent $s($i) $sink $d($i) $i]
    $tcp($i) set window_ 120
    $tcp($i) set ecn_ $ecn
    $tcp($i) set old_ecn_ $old
    $ns at [expr {0.1 * $i}] "[$tcp($i) attach-app FTP] start"
    incr i
}
Queue/RED set thresh_ 2
Queue/RED set maxthresh_ 6
Queue/RED set q_weight_ 0.2
set b1 [$ns node]
set b2 [$ns node]
$ns duplex-link $b1 $b2 3Mb 15ms RED
$ns queue-limit $b1 $b2 30
foreach {agent sink} {TCP/Newreno TCPSink/DelAck TCP/Reno TCPSink TCP/Sack1 TCPSink/Sack1/DelAck} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $b1 100Mb [expr {2 * $i}]ms DropTail
    $ns duplex-link $b2 $d($i) 100Mb 1ms DropTail
    set tcp($i) [$ns create-connection $agent $s($i) $sink $d($i) $i]
    $tcp($i) set window_ 80
    $tcp($i) set ecn_ 1
    $tcp($i) set old_ecn_ 1
    $ns at [expr {0.05 * $i}] "[$tcp($i) attach-app FTP] start"
    incr i
}
$ns at 20.0 "exit 0"
$ns run
