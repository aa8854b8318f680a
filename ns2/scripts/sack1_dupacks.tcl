# ns-2's Sack1 agents with numdupacksFrac_ and LimTransmitFix_, as ns-2's SACK test suite
# sets them (Test/sack_dupacks1, numdupacksFrac_ 4): fast retransmit waits for
# max(numdupacks_, floor(cwnd_) / numdupacksFrac_) changed duplicates, limited transmit
# sends on those before it, and the recovery's pipe starts at what is out less that many,
# or with LimTransmitFix_ less one. Five Sack1 senders of large windows through a
# shallow DropTail bottleneck and a lossy hop, one NewReno sender with numdupacksFrac_
# (which it never reads: noted).
set ns [new Simulator]
$defaultRNG seed 9
Agent/TCP set packetSize_ 1000
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 8Mb 15ms DropTail
$ns queue-limit $r1 $r2 30
set em [new ErrorModel]
$em unit pkt
$em set rate_ 0.01
$em ranvar [new RandomVariable/Uniform]
$ns link-lossmodel $em $r1 $r2
set i 0
foreach {agent sink frac fix} {TCP/Sack1 TCPSink/Sack1 4 false TCP/Sack1 TCPSink/Sack1/DelAck 3 true
                               TCP/Sack1 TCPSink/Sack1 -1 true TCP/Sack1 TCPSink/Sack1 8 false
                               TCP/Sack1 TCPSink/Sack1 -1 false TCP/Newreno TCPSink 4 false} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 100Mb [expr {1 + 5 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 100Mb 1ms DropTail
    set tcp($i) [$ns create-connection $agent $s($i) $sink $d($i) $i]
    $tcp($i) set window_ 100
    $tcp($i) set numdupacksFrac_ $frac
    $tcp($i) set LimTransmitFix_ $fix
    $ns at [expr {0.2 * $i}] "[$tcp($i) attach-app FTP] start"
    incr i
}
$ns at 25.0 "exit 0"
$ns run
