# RED as most ns-2 scripts leave it: no Queue/RED setting at all, so ns-2 2.35's
# defaults hold: the queue, its average and thresholds in bytes (queue_in_bytes_),
# drops weighed by packet size (bytes_), thresholds and weight computed from each
# link (thresh_ 0, maxthresh_ 0, q_weight_ -1). TCP segments of 500 and 1000 bytes and
# small CBR datagrams meet at the first RED hop, which drops; the second, slower and
# longer, takes its weight from the link's own RTT estimate (above the 100 ms floor).
# ns-2's generator is seeded at time 0, so RED's draws are ns-2's own in satcc too.
set ns [new Simulator]
set n0 [$ns node]
set n1 [$ns node]
set n2 [$ns node]
set n3 [$ns node]
set n4 [$ns node]
$ns duplex-link $n0 $n2 10Mb 2ms DropTail
$ns duplex-link $n1 $n2 10Mb 3ms DropTail
$ns duplex-link $n2 $n3 1.5Mb 20ms RED
$ns duplex-link $n3 $n4 1.2Mb 50ms RED
$ns queue-limit $n2 $n3 25
$ns queue-limit $n3 $n4 20

for {set i 0} {$i < 2} {incr i} {
    set tcp($i) [new Agent/TCP/Newreno]
    $tcp($i) set packetSize_ [expr 500 + 500*$i]
    set sink($i) [new Agent/TCPSink]
    $ns attach-agent [set n$i] $tcp($i)
    $ns attach-agent $n4 $sink($i)
    $ns connect $tcp($i) $sink($i)
    set ftp($i) [new Application/FTP]
    $ftp($i) attach-agent $tcp($i)
    $ns at [expr 0.1*$i] "$ftp($i) start"
}

# small datagrams through the first RED hop only
set udp [new Agent/UDP]
$ns attach-agent $n0 $udp
set null [new Agent/Null]
$ns attach-agent $n3 $null
$ns connect $udp $null
set cbr [new Application/Traffic/CBR]
$cbr attach-agent $udp
$cbr set packetSize_ 200
$cbr set rate_ 300kb
$ns at 0.5 "$cbr start"

$ns at 0.0 "$defaultRNG seed 7"
$ns at 20 "exit 0"
$ns run
