# A dumbbell as ns-2 studies write it: N NewReno flows with delayed ACKs from a loop,
# RTTs spread by their access delay, a RED bottleneck with its thresholds written out,
# and a proc sampling each flow's ACKs every second. ns-2's generator is seeded at time
# 0, so RED's draws are ns-2's own in satcc too (ns2_rng_seed).
set ns [new Simulator]
set N 6
set tf [open dumbbell.tr w]
$ns trace-all $tf

Agent/TCP set window_ 64
Agent/TCP set packetSize_ 1460
Agent/TCPSink/DelAck set interval_ 200ms
Queue/RED set thresh_ 10
Queue/RED set maxthresh_ 40
Queue/RED set q_weight_ 0.002
Queue/RED set linterm_ 10
Queue/RED set bytes_ false
Queue/RED set queue_in_bytes_ false
Queue/RED set mean_pktsize_ 1500

set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 10Mb 20ms RED
$ns queue-limit $r1 $r2 80

for {set i 0} {$i < $N} {incr i} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 100Mb [expr {2 + 8 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 100Mb 2ms DropTail
    set tcp($i) [new Agent/TCP/Newreno]
    $ns attach-agent $s($i) $tcp($i)
    set sink($i) [new Agent/TCPSink/DelAck]
    $ns attach-agent $d($i) $sink($i)
    $ns connect $tcp($i) $sink($i)
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr {0.1 * $i}] "$ftp($i) start"
}

proc sample {} {
    global ns tcp N
    set line "[$ns now]"
    for {set i 0} {$i < $N} {incr i} { append line " [$tcp($i) set ack_]" }
    puts $line
    $ns at [expr {[$ns now] + 1.0}] "sample"
}

proc finish {} {
    global ns tf
    $ns flush-trace
    close $tf
    exit 0
}

$ns at 0.0 "$defaultRNG seed 99"
$ns at 1.0 "sample"
$ns at 20.0 "finish"
$ns run
