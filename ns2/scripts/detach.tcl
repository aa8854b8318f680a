# Agents taken off their hosts while their flows run (`$ns detach-agent`, as ns-2's own
# tcl/ex/simple.tcl does): ns-2 points the agent's output and its port at the null
# agent. A TCP sink detached alone leaves its sender timing out and retransmitting into
# the network; a TCP sender detached alone sends nothing more, while what it sent
# before still crosses; a CBR source's UDP agent detached stops its datagrams.
set ns [new Simulator]
set tf [open out.tr w]
$ns trace-all $tf
proc finish {} {
    global ns tf
    $ns flush-trace
    close $tf
    exit 0
}

set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 1.5Mb 20ms DropTail
$ns queue-limit $r1 $r2 12
for {set i 0} {$i < 4} {incr i} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 10Mb [expr 2 + 3 * $i]ms DropTail
    $ns duplex-link $r2 $d($i) 10Mb 2ms DropTail
}

for {set i 0} {$i < 3} {incr i} {
    set tcp($i) [new Agent/TCP/Newreno]
    $tcp($i) set window_ 30
    $tcp($i) set fid_ $i
    set sink($i) [new Agent/TCPSink]
    $ns attach-agent $s($i) $tcp($i)
    $ns attach-agent $d($i) $sink($i)
    $ns connect $tcp($i) $sink($i)
    set ftp($i) [new Application/FTP]
    $ftp($i) attach-agent $tcp($i)
    $ns at [expr 0.1 * $i] "$ftp($i) start"
}

set udp [new Agent/UDP]
$ns attach-agent $s(3) $udp
set null [new Agent/Null]
$ns attach-agent $d(3) $null
$ns connect $udp $null
set cbr [new Application/Traffic/CBR]
$cbr attach-agent $udp
$cbr set packetSize_ 500
$cbr set rate_ 400Kb
$ns at 0.5 "$cbr start"

# the first flow's sink goes at 4 s: its sender backs off to the end
$ns at 4.0 "$ns detach-agent $d(0) $sink(0)"
# the second flow's sender goes at 6 s, its window in flight
$ns at 6.0 "$ns detach-agent $s(1) $tcp(1)"
# the CBR source's agent goes at 8 s, the source itself still running
$ns at 8.0 "$ns detach-agent $s(3) $udp"
$ns at 12.0 "finish"
$ns run
