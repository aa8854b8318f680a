# Buffers at their smallest, where ns-2's DropTail reads its limit before the link
# looks idle: every arrival is enqueued first and dropped once the packets waiting and it
# reach limit_, so a limit of 1 (or 0) passes nothing, the link idle or not, and a byte
# limit drops a packet as large as itself. One link holds 1 packet for a second, one
# holds 2, one counts bytes with a limit of one packet's size and one a byte more.
set ns [new Simulator]
Agent/TCP set packetSize_ 1000
set r0 [$ns node]
set r1 [$ns node]
for {set i 0} {$i < 4} {incr i} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r0 10Mb 2ms DropTail
    $ns duplex-link $r1 $d($i) 1Mb 5ms DropTail
    set tcp($i) [new Agent/TCP/Newreno]
    $ns attach-agent $s($i) $tcp($i)
    set sink($i) [new Agent/TCPSink]
    $ns attach-agent $d($i) $sink($i)
    $ns connect $tcp($i) $sink($i)
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr {0.1 * $i}] "$ftp($i) start"
}
$ns duplex-link $r0 $r1 10Mb 10ms DropTail
# d0's last hop holds one packet from 1 s to 2 s, d1's two
$ns queue-limit $r1 $d(0) 20
$ns at 1.0 "$ns queue-limit $r1 $d(0) 1"
$ns at 2.0 "$ns queue-limit $r1 $d(0) 20"
$ns queue-limit $r1 $d(1) 2
# d2's and d3's count bytes: 1040 (a data packet's size with its header) and 1041
foreach {i size} {2 1040 3 1041} {
    set q [[$ns link $r1 $d($i)] queue]
    $q set queue_in_bytes_ true
    $q set mean_pktsize_ $size
    $ns queue-limit $r1 $d($i) 1
}
$ns at 5.0 "exit 0"
$ns run
