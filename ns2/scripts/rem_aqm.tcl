# Random Exponential Marking in ns-2 as Athuraliya, Li, Low and Yin ran it (IEEE Network,
# 2001), in its dropping mode: FTP flows of several round-trip times through a bottleneck
# whose REM queue prices the excess of its input rate over the link's and of its backlog
# over a target (pbo_), and drops each arrival with probability 1 - phi^-price. The step
# size is the class's, the backlog target and buffer the queue's own; a CBR source takes a
# share from 5 s. Four flows come back over a second REM queue of their own, counted in
# bytes, that updates its price every 10 ms and averages its input rate.
# ns-2's generator is seeded at time 0, so that the early drops are ns-2's own draws;
# timestamps keep the timeouts independent of the RTT clock's phase.
set ns [new Simulator]
Agent/TCP set window_ 200
Agent/TCP set timestamps_ true
Queue/REM set gamma_ 0.002
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 10Mb 15ms REM
$ns queue-limit $r1 $r2 150
set rem [[$ns link $r1 $r2] queue]
$rem set pbo_ 30
$ns queue-limit $r2 $r1 400
set back [[$ns link $r2 $r1] queue]
$back set qib_ true
$back set mean_pktsize_ 500
$back set pupdtime_ 0.01
$back set inw_ 0.2
$back set pbo_ 10
for {set i 0} {$i < 10} {incr i} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 100Mb [expr {2 + 4 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 100Mb 2ms DropTail
    set tcp($i) [$ns create-connection TCP/Newreno $s($i) TCPSink $d($i) $i]
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr {0.2 * $i}] "$ftp($i) start"
}
for {set i 0} {$i < 4} {incr i} {
    set rev($i) [$ns create-connection TCP/Sack1 $d($i) TCPSink/Sack1/DelAck $s($i) [expr {20 + $i}]]
    set rftp($i) [$rev($i) attach-app FTP]
    $ns at [expr {1.0 + $i}] "$rftp($i) start"
}
set udp [new Agent/UDP]
$ns attach-agent $s(9) $udp
set null [new Agent/Null]
$ns attach-agent $d(9) $null
$ns connect $udp $null
set cbr [new Application/Traffic/CBR]
$cbr attach-agent $udp
$cbr set rate_ 2Mb
$cbr set packetSize_ 500
$ns at 5.0 "$cbr start"
$ns at 0.0 "$defaultRNG seed 9"
$ns at 30.0 "exit 0"
$ns run
