# Larger initial windows and limited slow start on a long-delay path, as satellite TCP
# studies set them (RFC 2488's recommendations): every sender takes ns-2's initial
# window by its segment size (windowInitOption_ 2: 4 segments of 1000 bytes, 3 of
# 1460), and one grows by limited slow start (max_ssthresh_ 50, RFC 3742). The first
# packet of one flow is lost (an ErrorModel/List on its access link), and of another
# the first two: ns-2 then falls back to windowInit_, and after a second loss to one
# segment. The senders use timestamps, so that their timeouts do not depend on the
# phase of their RTT clock, which ns-2 draws from its generator and satcc from its seed.
set ns [new Simulator]
Agent/TCP set windowInitOption_ 2
Agent/TCP set windowInit_ 2
Agent/TCP set window_ 400
Agent/TCP set timestamps_ true
set gw [$ns node]
set sat [$ns node]
set ut [$ns node]
$ns duplex-link $gw $sat 8Mb 130ms DropTail
$ns duplex-link $sat $ut 8Mb 130ms DropTail
$ns queue-limit $gw $sat 60
for {set i 0} {$i < 4} {incr i} {
    set h($i) [$ns node]
    $ns duplex-link $h($i) $gw 100Mb [expr {1 + 2 * $i}]ms DropTail
}
# the first packet of flow 1 lost, the first two of flow 2
set lose1 [new ErrorModel/List]
$lose1 droplist {0}
$ns link-lossmodel $lose1 $h(1) $gw
set lose2 [new ErrorModel/List]
$lose2 droplist {0 1}
$ns link-lossmodel $lose2 $h(2) $gw

set tcp(0) [$ns create-connection TCP/Newreno $h(0) TCPSink $ut 0]
$tcp(0) set max_ssthresh_ 50
set tcp(1) [$ns create-connection TCP/Newreno $h(1) TCPSink $ut 1]
set tcp(2) [$ns create-connection TCP/Reno $h(2) TCPSink/DelAck $ut 2]
set tcp(3) [$ns create-connection TCP/Sack1 $h(3) TCPSink/Sack1 $ut 3]
$tcp(3) set packetSize_ 1460
for {set i 0} {$i < 4} {incr i} {
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr {0.2 + 0.5 * $i}] "$ftp($i) start"
}
$ns at 40.0 "exit 0"
$ns run
