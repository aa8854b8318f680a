# Window validation counting round trips (QOption_ 1 with EnblRTTCtr_ 1, tcp.cc's
# rtt_counting): idle and application-limited periods measured in round trips counted
# per span of two smoothed RTTs, on a coarse and a fine tick. Eight agents, Tahoe (the
# only one whose recv counts the round trips), Reno, NewReno and Sack1, two of each,
# send bursts handed at random times (exponential ON/OFF sources, and transfers given
# more by producemore after idle spells) over a 3 Mb/s bottleneck of 20 packets.
set ns [new Simulator]
$defaultRNG seed 21
Agent/TCP set packetSize_ 1000
Agent/TCP set window_ 40
Agent/TCP set QOption_ 1
Agent/TCP set EnblRTTCtr_ 1
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 3Mb 20ms DropTail
$ns queue-limit $r1 $r2 20
set i 0
foreach kind {TCP TCP Reno Reno Newreno Newreno Sack1 Sack1} sk {TCPSink TCPSink/DelAck TCPSink TCPSink/DelAck TCPSink TCPSink/DelAck TCPSink/Sack1 TCPSink/Sack1} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 10Mb [expr {2 + 7 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 10Mb 1ms DropTail
    set tcp($i) [$ns create-connection TCP[expr {$kind eq "TCP" ? "" : "/$kind"}] $s($i) $sk $d($i) $i]
    $tcp($i) set tcpTick_ [expr {$i % 2 ? 0.01 : 0.1}]
    if {$i % 4 < 2} {
        set app($i) [new Application/Traffic/Exponential]
        $app($i) set packetSize_ 1000
        $app($i) set burst_time_ [expr {0.3 + 0.1 * $i}]
        $app($i) set idle_time_ [expr {0.6 + 0.2 * $i}]
        $app($i) set rate_ 2Mb
        $app($i) attach-agent $tcp($i)
        $ns at [expr {0.1 * $i}] "$app($i) start"
    } else {
        set app($i) [$tcp($i) attach-app FTP]
        $ns at [expr {0.1 * $i}] "$app($i) produce 40"
        foreach t {1.7 2.2 4.5 4.6 7.9 9.0 11.3 14.2} n {30 5 60 2 25 80 10 45} {
            $ns at [expr {$t + 0.05 * $i}] "$app($i) producemore $n"
        }
    }
    incr i
}
$ns at 18.0 "exit 0"
$ns run
