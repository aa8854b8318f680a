# Traffic sources set as older scripts and tutorials set them (NS by Example's
# ns-simple.tcl among them): `packet_size_`, which ns-2 2.35's ns-source.tcl reads as
# packetSize_, and a CBR source's `interval_`, which it turns into rate_ with the packet
# size of that moment (so a packetSize_ set afterwards leaves the rate as it was). A
# periodic proc writes the TCP window to a file, as such scripts plot it.
set ns [new Simulator]
set tf [open out.tr w]
$ns trace-all $tf
set wf [open cwnd.txt w]

proc finish {} {
    global ns tf wf
    $ns flush-trace
    close $tf
    close $wf
    exit 0
}

proc plotWindow {tcpSource file} {
    global ns
    set now [$ns now]
    puts $file "$now [$tcpSource set cwnd_]"
    $ns at [expr $now + 0.1] "plotWindow $tcpSource $file"
}

for {set i 0} {$i < 5} {incr i} {
    set n($i) [$ns node]
}
$ns duplex-link $n(0) $n(3) 10Mb 2ms DropTail
$ns duplex-link $n(1) $n(3) 10Mb 3ms DropTail
$ns duplex-link $n(2) $n(3) 10Mb 4ms DropTail
$ns duplex-link $n(3) $n(4) 2Mb 20ms DropTail
$ns queue-limit $n(3) $n(4) 15

set tcp [new Agent/TCP/Newreno]
$tcp set window_ 40
$ns attach-agent $n(0) $tcp
set sink [new Agent/TCPSink]
$ns attach-agent $n(4) $sink
$ns connect $tcp $sink
set ftp [new Application/FTP]
$ftp attach-agent $tcp

# NS by Example's CBR: 1000-byte packets at 1 Mb/s
set udp [new Agent/UDP]
$ns attach-agent $n(1) $udp
set null [new Agent/Null]
$ns attach-agent $n(4) $null
$ns connect $udp $null
set cbr [new Application/Traffic/CBR]
$cbr attach-agent $udp
$cbr set type_ CBR
$cbr set packet_size_ 1000
$cbr set rate_ 1mb
$cbr set random_ false

# interval_ first: 210 bytes every 5 ms is 336 kb/s, kept when the packets grow to 500
set udp2 [new Agent/UDP]
$ns attach-agent $n(2) $udp2
set null2 [new Agent/Null]
$ns attach-agent $n(4) $null2
$ns connect $udp2 $null2
set cbr2 [new Application/Traffic/CBR]
$cbr2 attach-agent $udp2
$cbr2 set interval_ 5ms
$cbr2 set packetSize_ 500

$ns at 0.1 "plotWindow $tcp $wf"
$ns at 0.2 "$cbr start"
$ns at 0.5 "$ftp start"
$ns at 1.0 "$cbr2 start"
$ns at 9.0 "$cbr2 stop"
$ns at 9.5 "$ftp stop"
$ns at 9.5 "$cbr stop"
$ns at 10.0 "finish"
$ns run
