# ns-2's FTP handed more during the run: `$ftp send BYTES` (the agent's sendmsg,
# ceil(bytes / packetSize_) packets more) and `$ftp producemore N` (advanceby N) after a
# first `send` or `produce`, as web-like scripts and ns-2's tcp suite's quiescent tests
# do. Five transfers on Tahoe, Reno, NewReno, Sack1 agents (one validating its window
# after idle periods, QOption_ 1) share a 400 kb/s bottleneck of 12 places, each handed
# three to four messages of 1 byte to 40 kB at times that overlap the others' bursts (for
# two of them, when a message comes decides what the queue drops).
set ns [new Simulator]
$defaultRNG seed 11
Agent/TCP set packetSize_ 500
Agent/TCP set window_ 30
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 400kb 40ms DropTail
$ns queue-limit $r1 $r2 12
set i 0
foreach kind {TCP Reno Newreno Sack1 Newreno} sk {TCPSink TCPSink/DelAck TCPSink TCPSink/Sack1 TCPSink} \
        first {{send 20000} {produce 30} {send 3000} {producemore 12} {send 40000}} \
        more {{1.5 send 30000 3.2 send 7000} {2.0 producemore 50 2.05 send 1 4.0 producemore 20}
              {0.8 send 40000 2.6 send 40000 5.5 producemore 6} {1.1 send 25000 3.0 producemore 60}
              {6.0 send 9000 6.5 send 12000}} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 2Mb [expr {3 + 4 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 2Mb 1ms DropTail
    set tcp($i) [$ns create-connection TCP[expr {$kind eq "TCP" ? "" : "/$kind"}] $s($i) $sk $d($i) $i]
    if {$i == 4} {
        $tcp($i) set QOption_ 1
    }
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr {0.1 * $i}] "$ftp($i) $first"
    foreach {t how n} $more {
        $ns at $t "$ftp($i) $how $n"
    }
    incr i
}
$ns at 12.0 "exit 0"
$ns run
