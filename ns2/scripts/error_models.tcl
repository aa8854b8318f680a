# ns-2's other error models on a GEO path, as satellite studies use them: bursts of
# errors on the satellite downlink (ErrorModel/Expo: error-free runs of 100 packets on
# average, bursts of 3), a periodic fade on the uplink (ErrorModel/Periodic in time: a
# packet lost every 3.3 s, with those in the next 20 ms), a two-state model counted in
# bytes on the return link (its lengths uniform and constant), and three ACKs lost at
# numbers chosen in advance (ErrorModel/List, as ns-2's test suites lose packets). ns-2's
# generator is seeded at time 0, so the bursts' draws are ns-2's own in satcc too.
set ns [new Simulator]
set s0 [$ns node]
set s1 [$ns node]
set gw [$ns node]
set sat [$ns node]
set ut [$ns node]
$ns duplex-link $s0 $gw 10Mb 5ms DropTail
$ns duplex-link $s1 $gw 10Mb 15ms DropTail
$ns duplex-link $gw $sat 4Mb 125ms DropTail
$ns duplex-link $sat $ut 4Mb 125ms DropTail
$ns queue-limit $gw $sat 40

# bursty downlink errors, at the far end of the link
set burst [new ErrorModel/Expo {100 3} pkt]
$ns link-lossmodel $burst $sat $ut
# a fade every 3.3 s on the uplink, before its queue
set fade [new ErrorModel/Periodic]
$fade unit time
$fade set period_ 3.3
$fade set offset_ 2.5
$fade set burstlen_ 0.02
$ns lossmodel $fade $gw $sat
# the return link: error-free for 20 to 60 kB, then 200 bytes (five ACKs) in error
set good [new RandomVariable/Uniform]
$good set min_ 20000
$good set max_ 60000
set bad [new RandomVariable/Constant]
$bad set val_ 200
set ret [new ErrorModel/TwoState $good $bad byte]
$ns link-lossmodel $ret $ut $sat
# three ACKs lost on the first hop back
set acks [new ErrorModel/List]
$acks droplist {5 6 30}
$ns link-lossmodel $acks $gw $s0

set tcp0 [$ns create-connection TCP/Newreno $s0 TCPSink $ut 0]
$tcp0 set window_ 60
set ftp0 [$tcp0 attach-app FTP]
set tcp1 [$ns create-connection TCP/Sack1 $s1 TCPSink/Sack1 $ut 1]
$tcp1 set window_ 60
set ftp1 [$tcp1 attach-app FTP]

$ns at 0.0 "$defaultRNG seed 11"
$ns at 0.2 "$ftp0 start"
$ns at 0.7 "$ftp1 start"
$ns at 12.0 "exit 0"
$ns run
