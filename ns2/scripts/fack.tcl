# Fall and Floyd's comparison of ns-2's TCP agents, with Mathis and Mahdavi's FACK
# beside them: Tahoe, Reno, NewReno, Sack1 and Fack senders share a 1.5 Mb/s bottleneck
# with a short DropTail buffer, each starting a little after the one before, so that
# every one of them loses several packets of a window at once. The SACK agents run
# with Sack1 sinks, one with delayed ACKs; a second Fack flow is limited to bursts of
# two. Timestamps keep the timeouts independent of the RTT clock's phase.
set ns [new Simulator]
Agent/TCP set window_ 60
Agent/TCP set packetSize_ 1000
Agent/TCP set timestamps_ true
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 1.5Mb 40ms DropTail
$ns queue-limit $r1 $r2 12
set agents {TCP TCP/Reno TCP/Newreno TCP/Sack1 TCP/Fack TCP/Fack}
set sinks {TCPSink TCPSink TCPSink/DelAck TCPSink/Sack1 TCPSink/Sack1 TCPSink/Sack1/DelAck}
for {set i 0} {$i < 6} {incr i} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 10Mb [expr {2 + 2 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 10Mb 1ms DropTail
    set tcp($i) [$ns create-connection [lindex $agents $i] $s($i) [lindex $sinks $i] $d($i) $i]
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr {0.5 * $i}] "$ftp($i) start"
}
$tcp(5) set maxburst_ 2
$ns at 40.0 "exit 0"
$ns run
