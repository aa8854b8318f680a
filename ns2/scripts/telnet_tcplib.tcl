# ns-2's Application/Telnet with interval_ 0: each gap drawn from tcplib's empirical
# distribution of telnet interarrival times (tcp/tcplib-telnet.cc: the value at
# int(Random::uniform() * 10000) of its table), as ns-2's two-way test networks run
# it. Twelve Telnet sources on Reno, NewReno, Sack1 and Tahoe agents (and one at
# interval_ 0.05 beside them) share a 64 kb/s bottleneck of 8 places with a bulk
# transfer each way, so that their gaps decide what the queue holds; ns-2's generator,
# seeded at time 0, draws every gap.
set ns [new Simulator]
$defaultRNG seed 23
Agent/TCP set packetSize_ 200
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 64kb 40ms DropTail
$ns queue-limit $r1 $r2 8
$ns queue-limit $r2 $r1 8
set i 0
foreach kind {Reno Newreno Sack1 TCP Reno Newreno Sack1 TCP Reno Newreno Sack1 TCP Reno} \
        sk {TCPSink TCPSink/DelAck TCPSink/Sack1 TCPSink TCPSink/DelAck TCPSink TCPSink/Sack1 TCPSink/DelAck \
            TCPSink TCPSink TCPSink/Sack1 TCPSink TCPSink} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 1Mb [expr {1 + $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 1Mb 2ms DropTail
    set tcp($i) [$ns create-connection TCP[expr {$kind eq "TCP" ? "" : "/$kind"}] $s($i) $sk $d($i) $i]
    set telnet($i) [new Application/Telnet]
    $telnet($i) set interval_ [expr {$i == 12 ? 0.05 : 0}]
    $telnet($i) attach-agent $tcp($i)
    $ns at [expr {0.1 * $i}] "$telnet($i) start"
    incr i
}
set fwd [$ns create-connection TCP/Reno $s(0) TCPSink $d(0) 20]
set back [$ns create-connection TCP/Newreno $d(1) TCPSink $s(1) 21]
$ns at 1.0 "[$fwd attach-app FTP] start"
$ns at 2.0 "[$back attach-app FTP] start"
$ns at 8.0 "$telnet(3) stop"
$ns at 60.0 "exit 0"
$ns run
