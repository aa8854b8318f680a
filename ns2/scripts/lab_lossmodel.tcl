# A lab-exercise script as students write it: nam output and an `exec nam` in finish,
# nam colours and queue position, an Agent/TCP (Tahoe) beside a CBR over UDP, and a
# lossy link put in with `$ns lossmodel`, its unit written EU_PKT (ns-2 reads any word
# but time, byte and bit as pkt) and its drop-target set to a Null agent after the link
# placed it (so ns-2's queue monitor never counts those losses as drops). ns-2's
# generator is seeded at time 0, so the error model's draws are ns-2's own in satcc too.
set ns [new Simulator]
set nf [open out.nam w]
$ns namtrace-all $nf
proc finish {} {
    global ns nf
    $ns flush-trace
    close $nf
    exec nam out.nam &
    exit 0
}
set n0 [$ns node]
set n1 [$ns node]
set n2 [$ns node]
set n3 [$ns node]
$ns duplex-link $n0 $n2 2Mb 10ms DropTail
$ns duplex-link $n1 $n2 2Mb 10ms DropTail
$ns duplex-link $n2 $n3 1.7Mb 20ms DropTail
$ns queue-limit $n2 $n3 10
$ns duplex-link-op $n2 $n3 queuePos 0.5
set loss_module [new ErrorModel]
$loss_module unit EU_PKT
$loss_module set rate_ 0.01
$loss_module ranvar [new RandomVariable/Uniform]
$ns lossmodel $loss_module $n2 $n3
$loss_module drop-target [new Agent/Null]
set tcp [new Agent/TCP]
$tcp set class_ 2
$ns attach-agent $n0 $tcp
set sink [new Agent/TCPSink]
$ns attach-agent $n3 $sink
$ns connect $tcp $sink
$tcp set fid_ 1
set ftp [new Application/FTP]
$ftp attach-agent $tcp
$ftp set type_ FTP
set udp [new Agent/UDP]
$ns attach-agent $n1 $udp
set null [new Agent/Null]
$ns attach-agent $n3 $null
$ns connect $udp $null
$udp set fid_ 2
set cbr [new Application/Traffic/CBR]
$cbr attach-agent $udp
$cbr set type_ CBR
$cbr set packetSize_ 1000
$cbr set rate_ 1mb
$cbr set random_ false
$ns at 0.1 "$cbr start"
$ns at 1.0 "$ftp start"
$ns at 4.0 "$ftp stop"
$ns at 4.5 "$cbr stop"
$ns at 0.0 "$defaultRNG seed 2"
$ns at 5.0 "finish"
$ns run
