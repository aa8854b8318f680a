# Senders whose window_, maxcwnd_ and ssthresh_ change during the run, as lab scripts change them
# to show a window's effect: lowered and raised again (above the window they started
# with), a cap set and taken off (maxcwnd_ 0), one change at the instant of a start
# written before it (ns-2 runs it first: read as set before the run) and one written
# after it. The bottleneck's buffer is emptied for 30 ms (a limit of 0 drops every
# arrival, as one of 1 does) to force losses, as such scripts do.
set ns [new Simulator]
set s0 [$ns node]
set s1 [$ns node]
set r1 [$ns node]
set r2 [$ns node]
set d0 [$ns node]
$ns duplex-link $s0 $r1 10Mb 2ms DropTail
$ns duplex-link $s1 $r1 10Mb 5ms DropTail
$ns duplex-link $r1 $r2 2Mb 20ms DropTail
$ns duplex-link $r2 $d0 10Mb 1ms DropTail
$ns queue-limit $r1 $r2 15
set kinds {TCP/Reno TCP/Newreno TCP/Sack1 TCP/Vegas TCP/Fack}
set sinks {TCPSink TCPSink/DelAck TCPSink/Sack1 TCPSink TCPSink/Sack1}
for {set i 0} {$i < 5} {incr i} {
    set tcp($i) [new Agent/[lindex $kinds $i]]
    $tcp($i) set fid_ $i
    $ns attach-agent [expr {$i % 2 ? $s1 : $s0}] $tcp($i)
    set sink($i) [new Agent/[lindex $sinks $i]]
    $ns attach-agent $d0 $sink($i)
    $ns connect $tcp($i) $sink($i)
    set ftp($i) [new Application/FTP]
    $ftp($i) attach-agent $tcp($i)
}
# tcp0: at its start, a window of 3 (written before the start) and a cap of 6 (after
# it), then 4 and 4
$ns at 0.05 "$tcp(0) set window_ 3"
$ns at 0.05 "$ftp(0) start"
$ns at 0.05 "$tcp(0) set maxcwnd_ 6"
$ns at 0.305 "$tcp(0) set window_ 4"
$ns at 0.305 "$tcp(0) set maxcwnd_ 4"
$ns at 2.0 "$tcp(0) set window_ 40"
$ns at 3.0 "$tcp(0) set maxcwnd_ 0"
# tcp1: its window lowered, raised above the 20 it started with, lowered again
$ns at 0.2 "$ftp(1) start"
$ns at 1.5 "$tcp(1) set window_ 8"
$ns at 4.0 "$tcp(1) set window_ 64"
$ns at 7.0 "$tcp(1) set window_ 12"
# tcp1's threshold set high as its window is raised: it grows by slow start again
# (ns-2 keeps 100 of 100.9: an int)
$ns at 4.0 "$tcp(1) set ssthresh_ 100.9"
# tcp2 (Sack1): a cap during its recovery, taken off later
$ns at 0.4 "$ftp(2) start"
$ns at 2.5 "$tcp(2) set maxcwnd_ 4"
$ns at 6.0 "$tcp(2) set maxcwnd_ 0"
$ns at 6.0 "$tcp(2) set window_ 50"
# tcp3 (Vegas) and tcp4 (Fack)
$ns at 0.6 "$ftp(3) start"
$ns at 3.3 "$tcp(3) set window_ 5"
$ns at 0.8 "$ftp(4) start"
$ns at 5.1 "$tcp(4) set window_ 3"
$ns at 8.2 "$tcp(4) set window_ 30"
# the bottleneck's buffer emptied for 30 ms
$ns at 2.25 "$ns queue-limit $r1 $r2 0"
$ns at 2.28 "$ns queue-limit $r1 $r2 15"
$ns at 10.0 "exit 0"
$ns run
