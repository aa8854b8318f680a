# ns-2's ErrorModule, as its TCP test suites drop given packets of one flow
# (test-suite-tcpVariants.tcl's drop_pkts, topologies.tcl's lossy links): an error module
# at a link's head whose Fid classifier sends the packets of the flow ids bound to an
# error model through it, and passes the others (`default pass`). Four TCP agents and a
# CBR over UDP through a 2 Mb/s bottleneck: an ErrorModel/List dropping the 20th, 21st and
# 60th packets it sees, bound to flow 1 (a module read back by `$link errormodule`); on
# the reverse direction a uniform model bound to flow ids 2 and 3 losing their ACKs; and
# on an access link a plain model placed by `errormodule` itself, as `$ns lossmodel` does.
set ns [new Simulator]
$defaultRNG seed 21
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
# the bottleneck's module: flow 1's packets 20, 21 and 60 (counted from 0) are dropped
set link [$ns link $r1 $r2]
$link errormodule [new ErrorModule Fid]
set em [$link errormodule]
set list [new ErrorModel/List]
$list droplist {20 21 60}
$em insert $list
$em bind $list 1
$em default pass
# the reverse direction: flows 2 and 3's ACKs lost at random
set em2 [new ErrorModule Fid]
[$ns link $r2 $r1] errormodule $em2
set uni [new ErrorModel]
$uni unit pkt
$uni set rate_ 0.02
$uni ranvar [new RandomVariable/Uniform]
$em2 insert $uni
$em2 bind $uni 2 3
$em2 default pass
# a plain model placed by errormodule on flow 0's access link
set per [new ErrorModel/Periodic]
$per unit pkt
$per set period_ 50
$per set offset_ 7
[$ns link $s(0) $r1] errormodule $per
$ns at 20.0 "exit 0"
$ns run
