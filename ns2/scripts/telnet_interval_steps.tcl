# ns-2's Application/Telnet with interval_ set during the run (as ns-2's tcp suite's
# underutilized tests do): ns-2's next() reads interval_ for each gap it draws, so a
# change counts from the gap drawn at or after it, and one to a mean above 0 turns
# tcplib's gaps (interval_ 0) into exponential ones. Four Telnet sources on Tahoe,
# Reno, NewReno and Sack1 agents (the Reno one starting on tcplib's gaps), their means
# changed once to three times, over a 200 kb/s bottleneck of 10 places.
set ns [new Simulator]
$defaultRNG seed 5
Agent/TCP set packetSize_ 200
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 200kb 30ms DropTail
$ns queue-limit $r1 $r2 10
set i 0
foreach kind {TCP Reno Newreno Sack1} sk {TCPSink TCPSink/DelAck TCPSink TCPSink/Sack1} \
        first {0.002 0 0.05 0.01} changes {{1.0 0.02 4.0 0.001} {2.0 0.005 6.0 0.2 7.5 0.003} {3.0 0.001} {0.5 0.1 5.0 0.002}} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 1Mb [expr {2 + 3 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 1Mb 1ms DropTail
    set tcp($i) [$ns create-connection TCP[expr {$kind eq "TCP" ? "" : "/$kind"}] $s($i) $sk $d($i) $i]
    set telnet($i) [new Application/Telnet]
    $telnet($i) set interval_ $first
    $telnet($i) attach-agent $tcp($i)
    $ns at [expr {0.05 * $i}] "$telnet($i) start"
    foreach {t v} $changes {
        $ns at $t "$telnet($i) set interval_ $v"
    }
    incr i
}
$ns at 9.0 "$telnet(2) stop"
$ns at 10.0 "exit 0"
$ns run
