# A path whose delays step as a LEO network's do, on ns-2's LinkDelay as it comes
# (avoidReordering_ false, its default): after each step down, packets that start later
# arrive before those still on the wire, so the receivers see reordering and send
# duplicate ACKs. The 20 Mb/s up-link's delay moves every 0.7 s between 5 and 60 ms, the
# 20 Mb/s down-link's every 1.1 s between 2 and 45 ms, each direction on its own; one
# access link steps too (a DropTail with a small buffer, a RED bottleneck). Five senders
# (Tahoe, Reno, NewReno, Sack1, Vegas) and a UDP CBR flow cross the path. A second path,
# with avoidReordering_ true, steps the same way for contrast.
set ns [new Simulator]
$defaultRNG seed 3
Agent/TCP set packetSize_ 1000
Agent/TCP set window_ 64
set g1 [$ns node]
set s1 [$ns node]
set g2 [$ns node]
$ns duplex-link $g1 $s1 20Mb 30ms RED
$ns duplex-link $s1 $g2 20Mb 20ms DropTail
$ns queue-limit $g1 $s1 40
$ns queue-limit $s1 $g2 25
set i 0
foreach kind {TCP Reno Newreno Sack1 Vegas} sk {TCPSink TCPSink/DelAck TCPSink TCPSink/Sack1 TCPSink} {
    set h($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $h($i) $g1 100Mb [expr {1 + 2 * $i}]ms DropTail
    $ns duplex-link $g2 $d($i) 100Mb 1ms DropTail
    set tcp($i) [$ns create-connection TCP[expr {$kind eq "TCP" ? "" : "/$kind"}] $h($i) $sk $d($i) $i]
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr {0.05 + 0.3 * $i}] "$ftp($i) start"
    incr i
}
set u [new Agent/UDP]
$ns attach-agent $h(0) $u
set nl [new Agent/Null]
$ns attach-agent $d(4) $nl
$ns connect $u $nl
set cbr [new Application/Traffic/CBR]
$cbr set packetSize_ 500
$cbr set rate_ 2Mb
$cbr attach-agent $u
$ns at 0.2 "$cbr start"
# the steps: `$ns delay` on both directions, and delay_ of one direction's LinkDelay
set up {5ms 60ms 12ms 40ms 5ms 33ms 8ms 60ms 20ms 6ms 50ms 10ms}
set down {45ms 2ms 30ms 10ms 40ms 3ms 25ms 15ms}
for {set k 0} {$k < [llength $up]} {incr k} {
    $ns at [expr {0.7 * ($k + 1)}] "$ns delay $g1 $s1 [lindex $up $k] duplex"
}
for {set k 0} {$k < [llength $down]} {incr k} {
    $ns at [expr {1.1 * ($k + 1)}] "[[$ns link $s1 $g2] link] set delay_ [lindex $down $k]"
}
$ns at 3.3 "[[$ns link $h(2) $g1] link] set delay_ 40ms"
$ns at 5.1 "[[$ns link $h(2) $g1] link] set delay_ 0.5ms"
# the contrast: the same steps on a path that keeps its packets in order
set a1 [$ns node]
set a2 [$ns node]
set b1 [$ns node]
$ns duplex-link $a1 $a2 20Mb 30ms DropTail
$ns duplex-link $a2 $b1 100Mb 1ms DropTail
[[$ns link $a1 $a2] link] set avoidReordering_ true
[[$ns link $a2 $a1] link] set avoidReordering_ true
set t5 [$ns create-connection TCP/Newreno $a1 TCPSink $b1 9]
$ns at 0.1 "[$t5 attach-app FTP] start"
for {set k 0} {$k < [llength $up]} {incr k} {
    $ns at [expr {0.7 * ($k + 1)}] "$ns delay $a1 $a2 [lindex $up $k] duplex"
}
$ns at 10.0 "exit 0"
$ns run
