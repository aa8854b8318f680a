# ns-2's experimental RED variants: cautious_ 1 (no early drop while the queue is far
# below the average), 2 (the draw scaled by how far), 3 (idle ageing by idle_pktsize_)
# and Feng et al.'s Adaptive RED (feng_adaptive_ 1: max_p divided by alpha_ below
# thresh_, multiplied by beta_ above maxthresh_). Four bottlenecks in a row, each with
# one of them (the first marking ECN, the second counting bytes, the fourth not gentle),
# under bursty ON/OFF and bulk flows whose bursts leave the queues well below their
# averages; ns-2's generator, seeded at time 0, draws the early drops and the bursts.
set ns [new Simulator]
$defaultRNG seed 29
Agent/TCP set packetSize_ 1000
Agent/TCP set window_ 50
Queue/RED set q_weight_ 0.01
Queue/RED set thresh_ 4
Queue/RED set maxthresh_ 12
Queue/RED set linterm_ 5
Queue/RED set queue_in_bytes_ false
Queue/RED set bytes_ false
foreach k {0 1 2 3 4} {
    set r($k) [$ns node]
}
foreach k {0 1 2 3} rate {1.2Mb 2.5Mb 2Mb 1.5Mb} {
    $ns duplex-link $r($k) $r([expr {$k + 1}]) $rate 10ms RED
    $ns queue-limit $r($k) $r([expr {$k + 1}]) 30
    set q($k) [[$ns link $r($k) $r([expr {$k + 1}])] queue]
}
$q(0) set cautious_ 1
$q(0) set setbit_ true
$q(1) set cautious_ 2
$q(1) set queue_in_bytes_ true
$q(1) set bytes_ true
$q(1) set mean_pktsize_ 1000
$q(2) set cautious_ 3
$q(2) set idle_pktsize_ 300
$q(3) set adaptive_ 1
$q(3) set feng_adaptive_ 1
$q(3) set alpha_ 2.0
$q(3) set beta_ 1.5
$q(3) set gentle_ false
foreach i {0 1 2 3 4 5} from {0 0 1 1 2 0} to {4 2 3 4 4 4} kind {Reno Newreno Sack1 TCP Newreno Reno} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r($from) 10Mb [expr {1 + 2 * $i}]ms DropTail
    $ns duplex-link $r($to) $d($i) 10Mb 1ms DropTail
    set sk [expr {$kind eq "Sack1" ? "TCPSink/Sack1" : "TCPSink"}]
    set tcp($i) [$ns create-connection TCP[expr {$kind eq "TCP" ? "" : "/$kind"}] $s($i) $sk $d($i) $i]
    if {$i == 0} {
        $tcp($i) set ecn_ 1
    }
    if {$i % 2 == 0} {
        set app($i) [new Application/Traffic/Exponential]
        $app($i) set packetSize_ 1000
        $app($i) set burst_time_ 0.3
        $app($i) set idle_time_ 0.6
        $app($i) set rate_ 4Mb
        $app($i) attach-agent $tcp($i)
    } else {
        set app($i) [$tcp($i) attach-app FTP]
    }
    $ns at [expr {0.2 * $i}] "$app($i) start"
}
$ns at 25.0 "exit 0"
$ns run
