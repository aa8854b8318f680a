# Drop from the front (Lakshman, Neidhardt and Ott's proposal for TCP over long-delay
# paths), as ns-2's DropTail runs it with drop_front_: an arrival finding the buffer full
# joins the tail, and the packet at the head is dropped in its place. A GEO-like
# bottleneck (250 ms) with a small buffer carries four TCP senders of different kinds
# and a CBR source; its reverse direction drops from the front too, where the ACKs meet
# a randomized CBR source going the other way. A second bottleneck counts its buffer in
# bytes with drop_front_ set class-wide, and its limit is lowered and raised during the
# run.
set ns [new Simulator]
Agent/TCP set window_ 80
Agent/TCP set timestamps_ true
set r1 [$ns node]
set r2 [$ns node]
set r3 [$ns node]
$ns duplex-link $r1 $r2 2Mb 250ms DropTail
$ns queue-limit $r1 $r2 12
$ns queue-limit $r2 $r1 4
[[$ns link $r1 $r2] queue] set drop_front_ true
[[$ns link $r2 $r1] queue] set drop_front_ true
Queue/DropTail set drop_front_ true
$ns duplex-link $r2 $r3 1.5Mb 10ms DropTail
set q23 [[$ns link $r2 $r3] queue]
$q23 set queue_in_bytes_ true
$q23 set mean_pktsize_ 1000
$ns queue-limit $r2 $r3 15
Queue/DropTail set drop_front_ false
for {set i 0} {$i < 5} {incr i} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 100Mb [expr {1 + 3 * $i}]ms DropTail
    $ns duplex-link $r3 $d($i) 100Mb 2ms DropTail
}
set tcp(0) [$ns create-connection TCP/Newreno $s(0) TCPSink $d(0) 0]
$tcp(0) set packetSize_ 1000
set tcp(1) [$ns create-connection TCP/Reno $s(1) TCPSink/DelAck $d(1) 1]
$tcp(1) set packetSize_ 500
set tcp(2) [$ns create-connection TCP/Sack1 $s(2) TCPSink/Sack1 $d(2) 2]
$tcp(2) set packetSize_ 1460
set tcp(3) [$ns create-connection TCP $s(3) TCPSink $d(3) 3]
$tcp(3) set packetSize_ 1000
for {set i 0} {$i < 4} {incr i} {
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr {0.3 * $i}] "$ftp($i) start"
}
set udp [new Agent/UDP]
$ns attach-agent $s(4) $udp
set null [new Agent/Null]
$ns attach-agent $d(4) $null
$ns connect $udp $null
set cbr [new Application/Traffic/CBR]
$cbr attach-agent $udp
$cbr set packetSize_ 700
$cbr set rate_ 500kb
$ns at 2.0 "$cbr start"
# against the ACKs: a CBR source the other way, its bursts filling r2->r1's four places
set udp2 [new Agent/UDP]
$ns attach-agent $d(4) $udp2
set null2 [new Agent/Null]
$ns attach-agent $s(4) $null2
$ns connect $udp2 $null2
set cbr2 [new Application/Traffic/CBR]
$cbr2 attach-agent $udp2
$cbr2 set packetSize_ 1000
$cbr2 set rate_ 1.9Mb
$cbr2 set random_ 1
$ns at 5.0 "$cbr2 start"
$ns at 30.0 "$cbr2 stop"
$ns at 25.0 "$cbr stop"
$ns at 12.0 "$ns queue-limit $r2 $r3 6"
$ns at 18.0 "$ns queue-limit $r2 $r3 20"
$ns at 40.0 "exit 0"
$ns run
