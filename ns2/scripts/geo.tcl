# A geostationary hop as satellite-TCP studies script it: a Sack1 flow and a Reno flow
# with large windows and timestamps through a 2 Mb/s, 270 ms link that loses packets
# (ErrorModel on the link), the link's rate halved for a while by a rain fade.
set ns [new Simulator]
set tf [open geo.tr w]
$ns trace-all $tf
proc finish {} {
    global ns tf
    $ns flush-trace
    close $tf
    exit 0
}
set gw1 [$ns node]
set gw2 [$ns node]
set src [$ns node]
set dst [$ns node]
$ns duplex-link $src $gw1 100Mb 1ms DropTail
$ns duplex-link $gw1 $gw2 2Mb 270ms DropTail
$ns duplex-link $gw2 $dst 100Mb 1ms DropTail
$ns queue-limit $gw1 $gw2 60

set em [new ErrorModel]
$em unit pkt
$em set rate_ 0.002
$em ranvar [new RandomVariable/Uniform]
$em drop-target [new Agent/Null]
$ns link-lossmodel $em $gw1 $gw2

foreach {name agent sinkcls start} {
    sack Agent/TCP/Sack1 Agent/TCPSink/Sack1/DelAck 0.0
    reno Agent/TCP/Reno Agent/TCPSink 0.5
} {
    set tcp($name) [new $agent]
    $tcp($name) set window_ 200
    $tcp($name) set timestamps_ true
    $tcp($name) set tcpTick_ 0.1
    set sink($name) [new $sinkcls]
    $ns attach-agent $src $tcp($name)
    $ns attach-agent $dst $sink($name)
    $ns connect $tcp($name) $sink($name)
    set ftp($name) [new Application/FTP]
    $ftp($name) attach-agent $tcp($name)
    $ns at $start "$ftp($name) start"
}
$ns at 0.0 "$defaultRNG seed 7"
$ns at 30.0 "[[$ns link $gw1 $gw2] link] set bandwidth_ 1Mb"
$ns at 45.0 "[[$ns link $gw1 $gw2] link] set bandwidth_ 2Mb"
$ns at 60.0 "finish"
$ns run
