# ns-source.tcl's backward-compatible Source/FTP, as older scripts and ns-1 ports use it:
# attached by `attach`, or by setting its agent_ without attaching, started and stopped
# (start is `$agent_ advance $maxpkts_`, stop `advance 0`), and one with maxpkts_ set,
# which its start makes a transfer of that many segments. Reno, Tahoe and NewReno agents
# beside a CBR source whose variables are set by their old names (packet_size_, type_).
set ns [new Simulator]
set tf [open out.tr w]
$ns trace-all $tf
proc finish {} {
    global ns tf
    $ns flush-trace
    close $tf
    exit 0
}
set node0 [$ns node]
set node1 [$ns node]
set node2 [$ns node]
set node3 [$ns node]
set node4 [$ns node]
set node5 [$ns node]
$ns duplex-link $node0 $node3 8Mb 0.1ms DropTail
$ns duplex-link $node2 $node3 8Mb 0.1ms DropTail
$ns duplex-link $node1 $node3 8Mb 0.1ms DropTail
$ns duplex-link $node5 $node3 8Mb 2ms DropTail
$ns duplex-link $node3 $node4 0.8Mb 100ms DropTail
$ns duplex-link-op $node3 $node4 queuePos 0.5
$ns queue-limit $node3 $node4 8
set tcp [new Agent/TCP/Reno]
$tcp set fid_ 2
$tcp set window_ 28
set sink [new Agent/TCPSink]
$ns attach-agent $node0 $tcp
$ns attach-agent $node4 $sink
$ns connect $tcp $sink
set tcp1 [new Agent/TCP]
$tcp1 set window_ 8
set sink1 [new Agent/TCPSink]
$ns attach-agent $node1 $tcp1
$ns attach-agent $node4 $sink1
$ns connect $tcp1 $sink1
set tcp2 [new Agent/TCP/Newreno]
set sink2 [new Agent/TCPSink/DelAck]
$ns attach-agent $node5 $tcp2
$ns attach-agent $node4 $sink2
$ns connect $tcp2 $sink2
set source [new Source/FTP]
$source attach $tcp
set source1 [new Source/FTP]
$source1 set agent_ $tcp1
set source2 [new Source/FTP]
$source2 attach $tcp2
$source2 set maxpkts_ 300
set udp [new Agent/UDP]
$ns attach-agent $node2 $udp
set null [new Agent/Null]
$ns attach-agent $node4 $null
$ns connect $udp $null
set cbr [new Application/Traffic/CBR]
$cbr attach-agent $udp
$cbr set type_ CBR
$cbr set packet_size_ 1000
$cbr set rate_ 0.2mb
$cbr set random_ false
$ns at 0.0 "$source start"
$ns at 0.5 "$source1 start"
$ns at 1.5 "$source2 start"
$ns at 1.0 "$cbr start"
$ns at 9.0 "$cbr stop"
$ns at 7.0 "$source stop"
$ns at 12.0 "finish"
$ns run
