# ns-2's Delayer with random delay spikes and channel allocation delays (queue/
# delayer.cc), as Gurtov's wireless models use it: the downlink of a 1 Mb/s wireless hop
# is blocked for exponential spikes of 0.2 s mean every 1.5 s on average (`spike INT
# LEN`, its first spike drawn as the script gives the command), and its uplink keeps its
# channel for a uniform 0.05-0.3 s without packets, then takes 0.1-0.15 s to get one
# again (`alloc INT LEN`). The spikes' and allocations' draws come from ns-2's default
# generator, as do RED's early drops at the wired link before it, so they interleave
# in event order. A NewReno, a Sack1 and a delayed-ACK Reno sender and a CBR source.
set ns [new Simulator]
Agent/TCP set window_ 30
Agent/TCP set timestamps_ true
set r1 [$ns node]
set bs [$ns node]
set mh [$ns node]
$ns duplex-link $r1 $bs 1.2Mb 20ms RED
$ns duplex-link $bs $mh 1Mb 10ms DropTail
$ns queue-limit $bs $mh 15
set down [new Delayer]
set up [new Delayer]
$ns insert-delayer $bs $mh $down
$ns insert-delayer $mh $bs $up
set int [new RandomVariable/Exponential]
$int set avg_ 1.5
set len [new RandomVariable/Exponential]
$len set avg_ 0.2
$down spike $int $len
set idle [new RandomVariable/Uniform]
$idle set min_ 0.05
$idle set max_ 0.3
set wait [new RandomVariable/Uniform]
$wait set min_ 0.1
$wait set max_ 0.15
$up alloc $idle $wait
for {set i 0} {$i < 4} {incr i} {
    set s($i) [$ns node]
    $ns duplex-link $s($i) $r1 100Mb [expr {1 + 4 * $i}]ms DropTail
}
set tcp(0) [$ns create-connection TCP/Newreno $s(0) TCPSink $mh 0]
set tcp(1) [$ns create-connection TCP/Sack1 $s(1) TCPSink/Sack1 $mh 1]
set tcp(2) [$ns create-connection TCP/Reno $s(2) TCPSink/DelAck $mh 2]
for {set i 0} {$i < 3} {incr i} {
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr {0.2 * $i}] "$ftp($i) start"
}
set udp [new Agent/UDP]
$ns attach-agent $s(3) $udp
set null [new Agent/Null]
$ns attach-agent $mh $null
$ns connect $udp $null
set cbr [new Application/Traffic/CBR]
$cbr attach-agent $udp
$cbr set packetSize_ 500
$cbr set rate_ 150kb
$ns at 0.5 "$cbr start"
$ns at 20.0 "exit 0"
$ns run
