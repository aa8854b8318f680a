# TCP-friendly AIMD against standard TCP, as the equation-based congestion control
# studies run it in ns-2: two senders run AIMD(1, 1/2), two run AIMD(0.31, 7/8), the
# pair Floyd, Handley and Padhye give as TCP-compatible (a = 4(1 - b^2)/3 with b =
# decrease_num_), one of them a Sack1 agent, and a Tahoe sender with decrease_num_
# 0.6 (its first cut still halves, as ns-2's slowdown does for every first decrease).
# A RED bottleneck marks ECN-capable packets of two of them, whose response follows the
# same rule; timestamps keep the timeouts independent of the RTT clock's phase.
set ns [new Simulator]
Agent/TCP set window_ 200
Agent/TCP set timestamps_ true
Queue/RED set setbit_ true
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 10Mb 40ms RED
$ns queue-limit $r1 $r2 80
for {set i 0} {$i < 5} {incr i} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 100Mb [expr {2 + 3 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 100Mb 5ms DropTail
}
set tcp(0) [$ns create-connection TCP/Newreno $s(0) TCPSink $d(0) 0]
set tcp(1) [$ns create-connection TCP/Reno $s(1) TCPSink/DelAck $d(1) 1]
set tcp(2) [$ns create-connection TCP/Newreno $s(2) TCPSink $d(2) 2]
$tcp(2) set increase_num_ 0.31
$tcp(2) set decrease_num_ 0.875
set tcp(3) [$ns create-connection TCP/Sack1 $s(3) TCPSink/Sack1 $d(3) 3]
$tcp(3) set increase_num_ 0.31
$tcp(3) set decrease_num_ 0.875
$tcp(3) set ecn_ 1
set tcp(4) [$ns create-connection TCP $s(4) TCPSink $d(4) 4]
$tcp(4) set decrease_num_ 0.6
$tcp(4) set ecn_ 1
for {set i 0} {$i < 5} {incr i} {
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr {0.1 + 0.3 * $i}] "$ftp($i) start"
}
$ns at 0.0 "$defaultRNG seed 11"
$ns at 60.0 "exit 0"
$ns run
