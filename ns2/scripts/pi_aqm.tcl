# The PI controller AQM in ns-2 as Hollot, Misra, Towsley and Gong ran it: many FTP
# flows through a bottleneck whose PI queue steers toward a reference length, its gains
# and 170 samples a second ns-2's defaults, its reference and buffer set on the queue.
# Half the senders answer ECN marks (setbit_), the others lose packets to early drops;
# two flows come back over a second PI queue of their own (in bytes) on the way back.
# ns-2's generator is seeded at time 0, so that the early drops are ns-2's own draws;
# timestamps keep the timeouts independent of the RTT clock's phase.
set ns [new Simulator]
Agent/TCP set window_ 300
Agent/TCP set timestamps_ true
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 15Mb 20ms PI
$ns queue-limit $r1 $r2 300
set pi [[$ns link $r1 $r2] queue]
$pi set qref_ 60
$pi set setbit_ true
set back [[$ns link $r2 $r1] queue]
$back set queue_in_bytes_ true
$back set mean_pktsize_ 1000
$back set qref_ 20
for {set i 0} {$i < 12} {incr i} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 100Mb [expr {1 + 3 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 100Mb 2ms DropTail
    set tcp($i) [$ns create-connection TCP/Newreno $s($i) TCPSink $d($i) $i]
    if {$i % 2 == 0} { $tcp($i) set ecn_ 1 }
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr {0.1 * $i}] "$ftp($i) start"
}
for {set i 0} {$i < 2} {incr i} {
    set rev($i) [$ns create-connection TCP/Reno $d($i) TCPSink/DelAck $s($i) [expr {20 + $i}]]
    set rftp($i) [$rev($i) attach-app FTP]
    $ns at [expr {2.0 + $i}] "$rftp($i) start"
}
$ns at 0.0 "$defaultRNG seed 5"
$ns at 30.0 "exit 0"
$ns run
