# Start times and sizes drawn at script time from ns-2's default generator, as users'
# scripts draw them: a RandomVariable/Uniform and an Exponential with no RNG of their own,
# the generator's own uniform, integer and exponential (ns-random.tcl's RNG instprocs)
# and ns-random, each drawn between the TCP agents' constructors, which draw from the
# same generator (one each, two for Vegas). One more flow draws from an RNG of the
# script's own. The draws before the run move the agents' RTT clock phases and RED's
# draws during the run.
set ns [new Simulator]
$defaultRNG seed 9
Agent/TCP set packetSize_ 1000
Agent/TCP set window_ 30
Queue/RED set thresh_ 4
Queue/RED set maxthresh_ 15
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 2Mb 25ms RED
$ns queue-limit $r1 $r2 30
set u [new RandomVariable/Uniform]
$u set min_ 0.2
$u set max_ 3.0
set e [new RandomVariable/Exponential]
$e set avg_ 0.8
set own [new RNG]
$own seed 4242
set i 0
foreach kind {TCP Reno Vegas Newreno Sack1 Reno Newreno} sk {TCPSink TCPSink/DelAck TCPSink TCPSink TCPSink/Sack1 TCPSink TCPSink} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 10Mb [expr {2 + 3 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 10Mb 1ms DropTail
    set tcp($i) [$ns create-connection TCP[expr {$kind eq "TCP" ? "" : "/$kind"}] $s($i) $sk $d($i) $i]
    set ftp($i) [$tcp($i) attach-app FTP]
    switch $i {
        0 { set at [$u value] }
        1 { set at [$e value] }
        2 { set at [$defaultRNG uniform 0.1 2.5] }
        3 { set at [expr {0.1 * [$defaultRNG integer 30]}] }
        4 { set at [$defaultRNG exponential 1.2] }
        5 { set at [expr {([ns-random] % 1000) / 400.0}] }
        6 { set at [$own uniform 0.5 1.5] }
    }
    if {$i == 3} {
        $ns at $at "$ftp($i) produce [expr {50 + [$defaultRNG integer 400]}]"
    } else {
        $ns at $at "$ftp($i) start"
    }
    incr i
}
$ns at 12.0 "exit 0"
$ns run
