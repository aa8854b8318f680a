# Agents reset just before their transfer, as ns-2's scripts reuse a connection (the
# adaptive-red suite's newtraffic: `$tcp reset`, `$sink reset`, then `$ftp producemore N`
# in the same instant). Before anything is sent a reset leaves the agents as they were
# but for one draw of ns-2's generator: the sender's RTT clock phase, boot_time_ =
# Random::uniform(tcpTick_), which also moves every later draw of the RED bottleneck.
# Six transfers on Tahoe, Reno, NewReno, Sack1 and Vegas agents (one with a coarse
# 0.1 s tick, one whose sink is reset a second before, one started by `$ftp start`, one
# by `send`, one never reset) share a 1.5 Mb/s RED bottleneck; four of them were handed
# `produce 0` at 0 s, which hands an agent nothing.
set ns [new Simulator]
$defaultRNG seed 5
Agent/TCP set packetSize_ 1000
Agent/TCP set window_ 40
Queue/RED set thresh_ 3
Queue/RED set maxthresh_ 12
Queue/RED set linterm_ 8
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 1.5Mb 30ms RED
$ns queue-limit $r1 $r2 25
set i 0
foreach kind {TCP Reno Newreno Sack1 Vegas Newreno} sk {TCPSink TCPSink/DelAck TCPSink TCPSink/Sack1 TCPSink TCPSink} \
        at {0.3 1.15 2.0 2.45 3.1 0.9} how {{producemore 400} {producemore 250} start {send 300000} {producemore 500} {producemore 300}} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 10Mb [expr {2 + 5 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 10Mb 1ms DropTail
    set pair [$ns create-connection-list TCP[expr {$kind eq "TCP" ? "" : "/$kind"}] $s($i) $sk $d($i) $i]
    set tcp($i) [lindex $pair 0]
    set sink($i) [lindex $pair 1]
    if {$i == 1} {
        $tcp($i) set tcpTick_ 0.1
    }
    set ftp($i) [$tcp($i) attach-app FTP]
    if {$i != 2 && $i != 5} {
        $ns at 0.0 "$ftp($i) produce 0"
    }
    if {$i != 5} {
        $ns at $at "$tcp($i) reset"
        $ns at [expr {$i == 3 ? $at - 1.0 : $at}] "$sink($i) reset"
    }
    $ns at $at "$ftp($i) $how"
    incr i
}
$ns at 15.0 "exit 0"
$ns run
