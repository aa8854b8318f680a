# A lossy last hop put in with `$ns lossmodel`, as many wired-cum-wireless studies
# write it: the error module sits at the link's head, so a lost packet is dropped
# before the queue and takes no transmission time (`error_at: entry` in satcc), where
# `$ns link-lossmodel` would lose it at the far end. Two NewReno flows share a 2 Mb/s
# bottleneck; one crosses the lossy hop (1 % of packets, its ACKs 0.5 % on the way
# back, bytes counted). ns-2's generator is seeded at time 0, so the error models'
# draws are ns-2's own in satcc too.
set ns [new Simulator]
set s0 [$ns node]
set s1 [$ns node]
set r [$ns node]
set bs [$ns node]
set mh [$ns node]
set d1 [$ns node]
$ns duplex-link $s0 $r 10Mb 5ms DropTail
$ns duplex-link $s1 $r 10Mb 8ms DropTail
$ns duplex-link $r $bs 2Mb 20ms DropTail
$ns duplex-link $bs $mh 11Mb 2ms DropTail
$ns duplex-link $bs $d1 10Mb 3ms DropTail
$ns queue-limit $r $bs 30

set down [new ErrorModel/Uniform 0.01 pkt]
$ns lossmodel $down $bs $mh
set up [new ErrorModel]
$up unit byte
$up set rate_ 0.0001
$up ranvar [new RandomVariable/Uniform]
$ns lossmodel $up $mh $bs

set tcp0 [$ns create-connection TCP/Newreno $s0 TCPSink $mh 0]
set tcp1 [$ns create-connection TCP/Newreno $s1 TCPSink $d1 1]
$tcp0 set window_ 32
$tcp1 set window_ 32
set ftp0 [$tcp0 attach-app FTP]
set ftp1 [$tcp1 attach-app FTP]
$ns at 0.0 "$defaultRNG seed 3"
$ns at 0.1 "$ftp0 start"
$ns at 0.3 "$ftp1 start"
$ns at 25.0 "exit 0"
$ns run
