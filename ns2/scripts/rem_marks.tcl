# Random Exponential Marking in ns-2 in its marking mode (markpkts_ true), as the REM
# paper meant it: the queue prices congestion as in its dropping mode but never drops
# early; it marks an ECN-capable packet as it leaves with probability 1 - phi^-price and
# passes the others. Six NewReno senders of 2 to 17 ms, four of them with ECN (ecn_), share
# a bottleneck whose REM marks with a larger step size and base than ns-2's defaults; two
# Reno flows come back through a marking REM queue counted in bytes.
# ns-2's generator is seeded at time 0, so that the marks are ns-2's own draws (one at
# every dequeue); timestamps keep the timeouts independent of the RTT clock's phase.
set ns [new Simulator]
Agent/TCP set timestamps_ true
Agent/TCP set window_ 100
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 5Mb 10ms REM
$ns queue-limit $r1 $r2 60
set rem [[$ns link $r1 $r2] queue]
$rem set markpkts_ true
$rem set gamma_ 0.01
$rem set phi_ 1.01
set back [[$ns link $r2 $r1] queue]
$back set markpkts_ true
$back set qib_ true
$back set gamma_ 0.005
for {set i 0} {$i < 6} {incr i} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 50Mb [expr {2 + 3 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 50Mb 2ms DropTail
    set tcp($i) [$ns create-connection TCP/Newreno $s($i) TCPSink $d($i) $i]
    if {$i % 3 != 0} { $tcp($i) set ecn_ 1 }
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr {0.1 * $i}] "$ftp($i) start"
}
for {set i 0} {$i < 2} {incr i} {
    set rev($i) [$ns create-connection TCP/Reno $d($i) TCPSink $s($i) [expr {10 + $i}]]
    $rev($i) set ecn_ 1
    set rftp($i) [$rev($i) attach-app FTP]
    $ns at [expr {1.0 + $i}] "$rftp($i) start"
}
$ns at 0.0 "$defaultRNG seed 3"
$ns at 20.0 "exit 0"
$ns run
