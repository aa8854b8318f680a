# Agents and sinks paired as scripts often pair them: a SACK agent over a plain TCPSink
# (its ACKs carry no blocks, so ns-2's Sack1 counts no duplicate ACK and waits for its
# timeout; Fack counts none either) and Sack1 sinks under agents that read no blocks
# (their ACKs still grow 8 bytes per block). Seven flows share a 1.5 Mb/s bottleneck
# with a short buffer, and a CBR flow joins them after two seconds.
set ns [new Simulator]
set tracefile [open out.tr w]
$ns trace-all $tracefile
set s0 [$ns node]
set s1 [$ns node]
set r1 [$ns node]
set r2 [$ns node]
set d0 [$ns node]
$ns duplex-link $s0 $r1 10Mb 2ms DropTail
$ns duplex-link $s1 $r1 10Mb 7ms DropTail
$ns duplex-link $r1 $r2 1.5Mb 20ms DropTail
$ns duplex-link $r2 $d0 10Mb 1ms DropTail
$ns queue-limit $r1 $r2 8
set pairs {
    {TCP/Sack1 TCPSink}
    {TCP/Fack TCPSink}
    {TCP/Sack1 TCPSink/DelAck}
    {TCP/Newreno TCPSink/Sack1}
    {TCP/Reno TCPSink/Sack1/DelAck}
    {TCP/Vegas TCPSink/Sack1}
    {TCP TCPSink/Sack1}
}
set i 0
foreach pair $pairs {
    set tcp($i) [new Agent/[lindex $pair 0]]
    $tcp($i) set window_ 40
    $tcp($i) set fid_ $i
    $ns attach-agent [expr {$i % 2 ? $s1 : $s0}] $tcp($i)
    set sink($i) [new Agent/[lindex $pair 1]]
    $ns attach-agent $d0 $sink($i)
    $ns connect $tcp($i) $sink($i)
    set ftp($i) [new Application/FTP]
    $ftp($i) attach-agent $tcp($i)
    $ns at [expr {0.1 + 0.3 * $i}] "$ftp($i) start"
    incr i
}
set udp [new Agent/UDP]
$ns attach-agent $s1 $udp
set null [new Agent/Null]
$ns attach-agent $d0 $null
$ns connect $udp $null
set cbr [new Application/Traffic/CBR]
$cbr attach-agent $udp
$cbr set rate_ 0.3Mb
$ns at 2.0 "$cbr start"
$ns at 30.0 "finish"
proc finish {} {
    global ns tracefile
    $ns flush-trace
    close $tracefile
    exit 0
}
$ns run
