# Settings made in `$ns at` events before each agent starts that ns-2's reset, as the
# run starts, had already read once: the first ssthresh_ is the window_ the agent had
# then (20, ns-2's default: one agent's window_ set three times before its start), and
# the RTT clock's phase is drawn within the tcpTick_ it had then (one tick made larger,
# one smaller, where the phase acts by its remainder). Three Sack1 flows, as a loop
# makes them, over a DropTail bottleneck; thresholds, minimum RTOs and burst limits
# set before their starts too.
set ns [new Simulator]
set tf [open out.tr w]
$ns trace-all $tf
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 2Mb 20ms DropTail
$ns queue-limit $r1 $r2 15
for {set i 0} {$i < 3} {incr i} {
  set s($i) [$ns node]
  set d($i) [$ns node]
  $ns duplex-link $s($i) $r1 10Mb [expr 2 + 7*$i]ms DropTail
  $ns duplex-link $r2 $d($i) 10Mb 1ms DropTail
  set tcp($i) [new Agent/TCP/Sack1]
  $tcp($i) set maxburst_ 0
  $tcp($i) set overhead_ 0
  $ns attach-agent $s($i) $tcp($i)
  set k($i) [new Agent/TCPSink/Sack1]
  $ns attach-agent $d($i) $k($i)
  $ns connect $tcp($i) $k($i)
  set ftp($i) [new Application/FTP]
  $ftp($i) attach-agent $tcp($i)
  $ns at [expr 0.3 + 0.2*$i] "$ftp($i) start"
}
$ns at 0.0 "$tcp(2) set ssthresh_ 12"
$ns at 0.0272 "$tcp(0) set window_ 12"
$ns at 0.0724 "$tcp(0) set window_ 4"
$ns at 0.1192 "$tcp(2) set numdupacks_ 4"
$ns at 0.138 "$tcp(1) set numdupacks_ 2"
$ns at 0.1872 "$tcp(1) set tcpTick_ 0.1"
$ns at 0.2096 "$tcp(0) set window_ 64"
$ns at 0.2171 "$tcp(2) set minrto_ 0.5"
$ns at 0.245 "$tcp(0) set maxrto_ 4.0"
$ns at 0.2562 "$tcp(1) set maxburst_ 4"
$ns at 0.3358 "$tcp(2) set maxburst_ 2"
$ns at 0.3977 "$tcp(2) set tcpTick_ 0.001"
$ns at 6.0 "close $tf; exit 0"
$ns run
