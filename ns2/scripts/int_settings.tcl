# Settings written as a script computes or types them, read as ns-2 stores them: ns-2
# holds most of its variables in C ints (strtol, base 0), so a buffer of 010 packets is
# 8, a burst limit of 2.9 is 2, and a packet size of 1e3 bytes is 1 (one byte of payload:
# an ns-2 run nobody meant, read as it runs); windowInit_ and window_ are doubles.
set ns [new Simulator]
set s [$ns node]
set r [$ns node]
set d [$ns node]
$ns duplex-link $s $r 10Mb 2ms DropTail
$ns duplex-link $r $d 1Mb 15ms DropTail
$ns queue-limit $r $d 010
set bdp [expr {1.0e6 * 0.034 / 8 / 1000}]
foreach {i kind size burst} {0 Reno 1000 2.9 1 Newreno 1e3 0 2 Reno 0x200 0} {
    set tcp($i) [new Agent/TCP/$kind]
    $tcp($i) set packetSize_ $size
    $tcp($i) set maxburst_ $burst
    $tcp($i) set window_ [expr {$bdp * 4}]
    $ns attach-agent $s $tcp($i)
    set sink($i) [new Agent/TCPSink]
    $ns attach-agent $d $sink($i)
    $ns connect $tcp($i) $sink($i)
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr {0.2 * $i}] "$ftp($i) start"
}
$ns at 5.0 "exit 0"
$ns run
