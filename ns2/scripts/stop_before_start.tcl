# Applications stopped before they start, as scripts that schedule a stop for every
# flow at the top, or clear one before starting it, do: a Telnet source stopped at
# 0.05 s and started at 0.1 (ns-2's TelnetApp::stop only clears running_), and an FTP
# stopped at 0.2 s (advance 0 leaves curseq_ at 0) that then sends 200,000 bytes. Both
# send from their start; until 2026-12-03 satcc read each as a flow that never sends.
set ns [new Simulator]
set a [$ns node]
set b [$ns node]
set c [$ns node]
$ns duplex-link $a $b 10Mb 5ms DropTail
$ns duplex-link $b $c 1Mb 20ms DropTail
$ns queue-limit $b $c 8
set tcp [new Agent/TCP/Newreno]
$ns attach-agent $a $tcp
set sink [new Agent/TCPSink]
$ns attach-agent $c $sink
$ns connect $tcp $sink
set tel [new Application/Telnet]
$tel attach-agent $tcp
$tel set interval_ 0.01
set tcp2 [new Agent/TCP/Reno]
$ns attach-agent $a $tcp2
set sink2 [new Agent/TCPSink]
$ns attach-agent $c $sink2
$ns connect $tcp2 $sink2
set ftp [$tcp2 attach-app FTP]
$ns at 0.05 "$tel stop"
$ns at 0.1 "$tel start"
$ns at 0.2 "$ftp stop"
$ns at 0.3 "$ftp send 200000"
$ns at 4.0 "$tel stop"
proc finish {} { exit 0 }
$ns at 5.0 "finish"
$ns run
