# ns-lib.tcl's `$ns bandwidth A B BW [duplex]` and `$ns delay A B D [duplex]`, as scripts
# use them to give a path its rate and delay after building a topology from one template,
# and to change them during the run: before `$ns run` on DropTail links (a link made
# so), in `$ns at` events on a DropTail and on a RED link (a rate change and a delay step
# from then on), one direction or both. A step down keeps packets in order only where
# the link's avoidReordering_ says so (ns-2's default does not; satcc refuses it there).
set ns [new Simulator]
set f [open out.tr w]
$ns trace-all $f
proc finish {} {
    global ns f
    $ns flush-trace
    close $f
    exit 0
}
set s0 [$ns node]
set s1 [$ns node]
set r0 [$ns node]
set r1 [$ns node]
set d0 [$ns node]
set d1 [$ns node]
foreach {x y} [list $s0 $r0 $s1 $r0 $r1 $d0 $r1 $d1] {
    $ns duplex-link $x $y 10Mb 5ms DropTail
}
$ns duplex-link $r0 $r1 2Mb 10ms DropTail
$ns queue-limit $r0 $r1 20
$ns duplex-link $s1 $r1 3Mb 30ms RED
# (its delay steps down during the run: in order, as satcc's links deliver)
[[$ns link $s1 $r1] link] set avoidReordering_ true
[[$ns link $r1 $s1] link] set avoidReordering_ true
$ns bandwidth $s0 $r0 4Mb duplex
$ns delay $s0 $r0 12ms duplex
$ns delay $r1 $d1 25ms
$ns bandwidth $r0 $r1 1.5Mb
set tcp0 [new Agent/TCP/Newreno]
$ns attach-agent $s0 $tcp0
set sink0 [new Agent/TCPSink]
$ns attach-agent $d0 $sink0
$ns connect $tcp0 $sink0
set ftp0 [$tcp0 attach-app FTP]
set tcp1 [new Agent/TCP/Reno]
$ns attach-agent $s1 $tcp1
set sink1 [new Agent/TCPSink/DelAck]
$ns attach-agent $d1 $sink1
$ns connect $tcp1 $sink1
set ftp1 [$tcp1 attach-app FTP]
$ns at 0.1 "$ftp0 start"
$ns at 0.4 "$ftp1 start"
$ns at 3.0 "$ns bandwidth $r0 $r1 800Kb duplex"
$ns at 4.5 "$ns delay $r0 $r1 40ms"
$ns at 6.0 "$ns bandwidth $r0 $r1 2Mb"
$ns at 5.0 "$ns bandwidth $s1 $r1 1Mb duplex"
$ns at 7.0 "$ns delay $s1 $r1 5ms duplex"
$ns at 10.0 "finish"
$ns run
