# RED queues whose forced drops take another packet than the arrival, as scripts set
# them (drop_tail_ false beside drop_rand_ true, the "net2" topology's class setting):
# drop_front_ on one bottleneck, drop_rand_ on another (set for the class, so every RED
# made after it), an ECN-marking RED dropping from the front, and a queue with
# drop_tail_ false alone (ns-2 never reads it). Buffers small enough to overflow, the
# thresholds high enough that most drops are forced ones; ns-2's generator seeded, so
# that the random victims are its own draws.
set ns [new Simulator]
$defaultRNG seed 11
Agent/TCP set packetSize_ 1000
Agent/TCP set window_ 40

set s1 [$ns node]
set s2 [$ns node]
set s3 [$ns node]
set s4 [$ns node]
set r1 [$ns node]
set r2 [$ns node]
set r3 [$ns node]
set d1 [$ns node]
set d2 [$ns node]

# two flows and a CBR source through a bottleneck dropping from the front
$ns duplex-link $s1 $r1 10Mb 2ms DropTail
$ns duplex-link $s2 $r1 10Mb 3ms DropTail
$ns duplex-link $r1 $d1 1Mb 20ms RED
$ns queue-limit $r1 $d1 10
set q1 [[$ns link $r1 $d1] queue]
$q1 set thresh_ 8
$q1 set maxthresh_ 30
$q1 set drop_tail_ false
$q1 set drop_front_ true

# the class drops at random from here on: three flows through r2 -> d2
Queue/RED set drop_tail_ false
Queue/RED set drop_rand_ true
Queue/RED set thresh_ 6
Queue/RED set maxthresh_ 25
$ns duplex-link $s3 $r2 10Mb 4ms DropTail
$ns duplex-link $r2 $d2 0.8Mb 10ms RED
$ns queue-limit $r2 $d2 7

# an ECN-marking RED that drops from the front, then one with drop_tail_ false alone
set d3 [$ns node]
Queue/RED set drop_rand_ false
$ns duplex-link $s4 $r3 10Mb 1ms DropTail
$ns duplex-link $r3 $d3 1Mb 5ms RED
$ns queue-limit $r3 $d3 6
set q3 [[$ns link $r3 $d3] queue]
$q3 set setbit_ true
$q3 set thresh_ 2
$q3 set maxthresh_ 5
$q3 set drop_front_ true
$ns duplex-link $r1 $r2 2Mb 10ms RED
$ns queue-limit $r1 $r2 4

proc tcp_flow {src dst kind sink start ecn} {
    global ns
    set t [new Agent/TCP/$kind]
    $t set ecn_ $ecn
    $ns attach-agent $src $t
    set k [new Agent/$sink]
    $ns attach-agent $dst $k
    $ns connect $t $k
    set f [$t attach-app FTP]
    $ns at $start "$f start"
    return $t
}
set tcp1 [tcp_flow $s1 $d1 Reno TCPSink 0.1 0]
set tcp2 [tcp_flow $s2 $d1 Newreno TCPSink/DelAck 0.3 0]
set tcp3 [tcp_flow $s3 $d2 Newreno TCPSink 0.2 0]
set tcp4 [tcp_flow $s3 $d2 Reno TCPSink/DelAck 0.7 0]
set tcp5 [tcp_flow $s1 $d2 Sack1 TCPSink/Sack1 0.5 0]
set tcp6 [tcp_flow $s4 $d3 Reno TCPSink 0.15 1]
set tcp7 [tcp_flow $s4 $d3 Newreno TCPSink 0.4 1]

# a CBR source through the queue dropping from the front
set udp [new Agent/UDP]
$ns attach-agent $s2 $udp
set null [new Agent/Null]
$ns attach-agent $d1 $null
$ns connect $udp $null
set cbr [new Application/Traffic/CBR]
$cbr set packetSize_ 500
$cbr set rate_ 0.4Mb
$cbr set random_ 1
$cbr attach-agent $udp
$ns at 1.0 "$cbr start"
$ns at 6.0 "$cbr stop"

proc finish {} {
    exit 0
}
$ns at 8.0 "finish"
$ns run
