# Links that fail and come back (`$ns rtmodel-at`, ns-2's manual link dynamics) under
# ns-2's default static routing: a link going down loses what waits in its queue and
# what is on its wire, refuses what reaches it while down, and routes do not change.
# A node taken down takes each of its links down. The TCP agents use timestamps, so
# that their timeouts do not depend on the phase of their RTT clock, which ns-2 draws
# from its generator and satcc from its seed.
set ns [new Simulator]
Agent/TCP set timestamps_ true
Agent/TCP set window_ 40
set tf [open out.tr w]
$ns trace-all $tf
proc finish {} {
    global ns tf
    $ns flush-trace
    close $tf
    exit 0
}

set r1 [$ns node]
set r2 [$ns node]
set r3 [$ns node]
$ns duplex-link $r1 $r2 2Mb 15ms DropTail
$ns duplex-link $r2 $r3 2Mb 5ms DropTail
$ns queue-limit $r1 $r2 20
for {set i 0} {$i < 3} {incr i} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 10Mb [expr 1 + 2 * $i]ms DropTail
    $ns duplex-link $r3 $d($i) 10Mb 1ms DropTail
    set tcp($i) [new Agent/TCP/Newreno]
    set sink($i) [new Agent/TCPSink]
    $ns attach-agent $s($i) $tcp($i)
    $ns attach-agent $d($i) $sink($i)
    $ns connect $tcp($i) $sink($i)
    set ftp($i) [new Application/FTP]
    $ftp($i) attach-agent $tcp($i)
    $ns at [expr 0.2 * $i] "$ftp($i) start"
}
set u [$ns node]
$ns duplex-link $u $r1 10Mb 1ms DropTail
set udp [new Agent/UDP]
$ns attach-agent $u $udp
set null [new Agent/Null]
$ns attach-agent $d(0) $null
$ns connect $udp $null
set cbr [new Application/Traffic/CBR]
$cbr attach-agent $udp
$cbr set packetSize_ 500
$cbr set rate_ 300Kb
$ns at 0.5 "$cbr start"

# the shared link fails twice; the last receiver's access link fails and stays down
$ns rtmodel-at 3.0 down $r1 $r2
$ns rtmodel-at 4.5 up $r1 $r2
$ns rtmodel-at 7.25 down $r2 $r1
$ns rtmodel-at 7.5 up $r2 $r1
$ns rtmodel-at 9.0 down $r3 $d(2)
# a node's: every link of it (the second router's two)
$ns rtmodel-at 10.0 down $r2
$ns rtmodel-at 10.4 up $r2
$ns at 12.0 "finish"
$ns run
