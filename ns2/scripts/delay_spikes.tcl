# Delay spikes with ns-2's Delayer (queue/delayer.cc, `$ns insert-delayer`), as wireless
# TCP studies model a link that holds its packets through a handover or a fade (link-
# layer ARQ) instead of losing them: the Delayer after a link's DropTail holds the next
# packet outside the queue and sends it when the transmitter is free and the link is not
# blocked. Here the wireless hop's downlink is blocked from the start until 0.5 s, then
# 2-3 s and 6-6.8 s, and its uplink (the ACKs) 4-4.6 s and from 9 s to the end; a
# NewReno, a Sack1 and a Reno (delayed-ACK sink) sender share it with a CBR source, so
# its 12-packet queue fills and drops behind the blocks. Timestamps keep the timeouts
# independent of the RTT clock's phase.
set ns [new Simulator]
Agent/TCP set window_ 40
Agent/TCP set timestamps_ true
set bs [$ns node]
set mh [$ns node]
$ns duplex-link $bs $mh 2Mb 30ms DropTail
$ns queue-limit $bs $mh 12
$ns queue-limit $mh $bs 12
set down [new Delayer]
set up [new Delayer]
$ns insert-delayer $bs $mh $down
$ns insert-delayer $mh $bs $up
$down block
$ns at 0.5 "$down unblock"
$ns at 2.0 "$down block"
$ns at 3.0 "$down unblock"
$ns at 6.0 "$down block"
$ns at 6.8 "$down unblock"
$ns at 4.0 "$up block"
$ns at 4.6 "$up unblock"
$ns at 9.0 "$up block"
for {set i 0} {$i < 4} {incr i} {
    set s($i) [$ns node]
    $ns duplex-link $s($i) $bs 100Mb [expr {2 + 5 * $i}]ms DropTail
}
set tcp(0) [$ns create-connection TCP/Newreno $s(0) TCPSink $mh 0]
set tcp(1) [$ns create-connection TCP/Sack1 $s(1) TCPSink/Sack1 $mh 1]
set tcp(2) [$ns create-connection TCP/Reno $s(2) TCPSink/DelAck $mh 2]
$tcp(2) set packetSize_ 500
for {set i 0} {$i < 3} {incr i} {
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr {0.1 * $i}] "$ftp($i) start"
}
set udp [new Agent/UDP]
$ns attach-agent $s(3) $udp
set null [new Agent/Null]
$ns attach-agent $mh $null
$ns connect $udp $null
set cbr [new Application/Traffic/CBR]
$cbr attach-agent $udp
$cbr set packetSize_ 300
$cbr set rate_ 200kb
$ns at 1.0 "$cbr start"
$ns at 12.0 "exit 0"
$ns run
