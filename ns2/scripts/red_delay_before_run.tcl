# A RED link's delay set before the run, as ns-2's ECN test suite does (`$ns delay` and
# `[$link link] set delay_`): the link carries packets with the new delay, while RED's
# automatic q_weight_ (q_weight_ -1: from a default RTT of three times the link's delay
# and transmission time, at least 100 ms) keeps the delay the link was made with, as
# REDQueue read it when the link was made and its reset at the run's start does not read
# it again. A 10 ms link set to 60 ms (its automatic weight from 10 ms, where 60 ms would
# give another), its reverse set by `[$link link] set delay_`, and DropTail access links.
set ns [new Simulator]
$defaultRNG seed 3
Queue/RED set q_weight_ -1
Agent/TCP set packetSize_ 500
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 1.5Mb 10ms RED
$ns queue-limit $r1 $r2 40
$ns delay $r1 $r2 60ms
[[$ns link $r2 $r1] link] set delay_ 45ms
foreach i {0 1 2 3} kind {Reno Newreno Sack1 TCP} sk {TCPSink TCPSink TCPSink/Sack1 TCPSink/DelAck} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 10Mb [expr {1 + 2 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 10Mb 1ms DropTail
    set tcp($i) [$ns create-connection TCP[expr {$kind eq "TCP" ? "" : "/$kind"}] $s($i) $sk $d($i) $i]
    $tcp($i) set window_ 60
    $ns at [expr {0.3 * $i}] "[$tcp($i) attach-app FTP] start"
}
$ns at 30.0 "exit 0"
$ns run
