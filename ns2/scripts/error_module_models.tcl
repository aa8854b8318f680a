# ns-2's ErrorModule with several error models, and error models that mark or delay
# what they pick instead of dropping it (ErrorModel's markecn_ and delay_pkt_ with
# delay_, queue/errmodel.cc), as ns-2's ecn, links and tcpOptions test suites use them.
# Four TCP agents (two with ECN) and a CBR over UDP through a 2 Mb/s bottleneck whose
# module sends flow 0 to a periodic model that marks, flows 1 and 2 to a list model that
# drops (flow 1 bound to the periodic model first: the last binding of a flow id wins),
# and flow 3 and every other flow (bound, then made the default) to a uniform model that
# holds what it picks for 300 ms.
# On the way back a module delays flow 2's ACKs by 50 ms and passes the others; flow 1's
# access link marks by `$ns lossmodel` (a plain model at the link's head).
set ns [new Simulator]
$defaultRNG seed 29
Agent/TCP set packetSize_ 1000
Agent/TCP set window_ 30
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 2Mb 20ms DropTail
$ns queue-limit $r1 $r2 15
set i 0
foreach kind {Reno Newreno Sack1 TCP} sk {TCPSink TCPSink TCPSink/Sack1 TCPSink/DelAck} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 10Mb [expr {2 + $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 10Mb 1ms DropTail
    set tcp($i) [$ns create-connection TCP[expr {$kind eq "TCP" ? "" : "/$kind"}] $s($i) $sk $d($i) $i]
    $ns at [expr {0.2 * $i}] "[$tcp($i) attach-app FTP] start"
    incr i
}
$tcp(0) set ecn_ 1
$tcp(1) set ecn_ 1
set s(4) [$ns node]
$ns duplex-link $s(4) $r1 10Mb 1ms DropTail
set udp [new Agent/UDP]
$udp set fid_ 4
$ns attach-agent $s(4) $udp
set null [new Agent/Null]
$ns attach-agent $d(0) $null
$ns connect $udp $null
set cbr [new Application/Traffic/CBR]
$cbr set rate_ 300k
$cbr attach-agent $udp
$ns at 1.0 "$cbr start"
# the bottleneck's module: three models
set em [new ErrorModule Fid]
[$ns link $r1 $r2] errormodule $em
set per [new ErrorModel/Periodic]
$per unit pkt
$per set period_ 40
$per set offset_ 10
$per set markecn_ true
set list [new ErrorModel/List]
$list droplist {20 21 60 90 91}
set uni [new ErrorModel]
$uni unit pkt
$uni set rate_ 0.03
$uni ranvar [new RandomVariable/Uniform]
$uni set delay_pkt_ true
$uni set delay_ 0.3
$em insert $per
$em insert $list
$em insert $uni
$em bind $per 0 1
$em bind $list 1 2
$em bind $uni 3
$em default $uni
# the way back: flow 2's ACKs, every 25th from the 5th, held for 50 ms
set em2 [new ErrorModule Fid]
[$ns link $r2 $r1] errormodule $em2
set hold [new ErrorModel/Periodic]
$hold unit pkt
$hold set period_ 25
$hold set offset_ 5
$hold set delay_pkt_ true
$hold set delay_ 0.05
$em2 insert $hold
$em2 bind $hold 2
$em2 default pass
# flow 1's access link: a plain model at its head that marks
set acc [new ErrorModel/Periodic]
$acc unit pkt
$acc set period_ 30
$acc set offset_ 3
$acc set markecn_ true
$ns lossmodel $acc $s(1) $r1
$ns at 20.0 "exit 0"
$ns run
