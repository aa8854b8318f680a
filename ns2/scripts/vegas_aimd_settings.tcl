# Class-wide AIMD settings and windowOption_ 0 over a mix of agents: Newreno and Tahoe
# count their increase (increase_num_ then plays no part) and cut by decrease_num_; Reno
# grows by increase_num_; ns-2's Vegas never calls opencwnd and cuts only by its own
# rules, so the import notes the three settings on its agents and leaves them out.
set ns [new Simulator]
Agent/TCP set increase_num_ 2
Agent/TCP set decrease_num_ 0.4
set s [$ns node]
set r [$ns node]
set d [$ns node]
$ns duplex-link $s $r 10Mb 2ms DropTail
$ns duplex-link $r $d 1Mb 20ms DropTail
$ns queue-limit $r $d 12
foreach i {0 1 2 3 4} kind {Vegas Newreno TCP Vegas Reno} sk {TCPSink TCPSink TCPSink/DelAck TCPSink TCPSink} wopt {0 0 0 0 1} {
    if {$kind eq "TCP"} { set tcp($i) [new Agent/TCP] } else { set tcp($i) [new Agent/TCP/$kind] }
    $tcp($i) set windowOption_ $wopt
    $tcp($i) set window_ 40
    $ns attach-agent $s $tcp($i)
    set sink($i) [new Agent/$sk]
    $ns attach-agent $d $sink($i)
    $ns connect $tcp($i) $sink($i)
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr {0.3 * $i}] "$ftp($i) start"
}
$ns at 20.0 "exit 0"
$ns run
