# ns-2's Application/Telnet as course scripts use it: an FTP flow and two Telnet
# sources (one with a short mean gap, interval_ 0.005, the other at ns-2's default of
# 1 s, behind a delayed-ACK sink) share a RED bottleneck; they stop at 8 and 6 s.
# Each Telnet packet follows an exponential gap drawn from ns-2's generator, seeded at
# time 0; timestamps keep the timeouts independent of the RTT clock's phase.
set ns [new Simulator]
Agent/TCP set timestamps_ true
set n0 [$ns node]; set n1 [$ns node]; set n2 [$ns node]; set n3 [$ns node]
$ns duplex-link $n0 $n2 2Mb 10ms DropTail
$ns duplex-link $n1 $n2 2Mb 10ms DropTail
$ns duplex-link $n2 $n3 1.7Mb 20ms RED
$ns queue-limit $n2 $n3 10
set tcp [new Agent/TCP]
$ns attach-agent $n0 $tcp
set sink [new Agent/TCPSink]
$ns attach-agent $n3 $sink
$ns connect $tcp $sink
set ftp [new Application/FTP]
$ftp attach-agent $tcp
set tcp1 [new Agent/TCP/Reno]
$ns attach-agent $n1 $tcp1
set sink1 [new Agent/TCPSink]
$ns attach-agent $n3 $sink1
$ns connect $tcp1 $sink1
set telnet [new Application/Telnet]
$telnet set interval_ 0.005
$telnet attach-agent $tcp1
set tcp2 [new Agent/TCP/Newreno]
$ns attach-agent $n1 $tcp2
set sink2 [new Agent/TCPSink/DelAck]
$ns attach-agent $n3 $sink2
$ns connect $tcp2 $sink2
set tel2 [new Application/Telnet]
$tel2 attach-agent $tcp2
$ns at 0.0 "$defaultRNG seed 11"
$ns at 0.1 "$ftp start"
$ns at 0.5 "$telnet start"
$ns at 1.0 "$tel2 start"
$ns at 8.0 "$telnet stop"
$ns at 6.0 "$tel2 stop"
$ns at 10.0 "exit 0"
$ns run
