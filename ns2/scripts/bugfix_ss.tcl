# Connections whose first data segment is lost, with bugfix_ss_ 0 as ns-2's test suites
# set it globally (a variable of 2006; Test/droppedSYN of test-suite-newreno.tcl shows
# NewReno "before bugfix_ss_"): without it the duplicates of a loss at the very start
# find recover_ not behind the ACK and wait for the timeout, and a timeout before any
# ACK leaves windowInit_ as it is. Each sender's access link loses its second packet (the
# first data segment after the SYN) or, without a SYN, its whole first window of four
# (so that the timeout comes before any ACK and the ACK of packet 0 then opens the
# window at windowInit_), by ErrorModel/List:
# Tahoe, Reno, NewReno and Sack1 senders without the fix, a NewReno sender set back to
# it, a Reno sender without a SYN, and a Fack sender without one, which never reads
# bugfix_ss_ (its own timeout and duplicate ACKs; noted).
set ns [new Simulator]
$defaultRNG seed 17
Agent/TCP set bugfix_ss_ 0
Agent/TCP set packetSize_ 1000
Agent/TCP set windowInit_ 4
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 10Mb 20ms DropTail
$ns queue-limit $r1 $r2 60
set i 0
foreach {agent sink syn drop} {TCP TCPSink true 1 TCP/Reno TCPSink true 1 TCP/Newreno TCPSink/DelAck true 1
                               TCP/Sack1 TCPSink/Sack1 true 1 TCP/Fack TCPSink/Sack1 false {0 1 2 3}
                               TCP/Newreno TCPSink true 1 TCP/Reno TCPSink false {0 1 2 3}} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 100Mb [expr {1 + 3 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 100Mb 1ms DropTail
    set em($i) [new ErrorModel/List]
    $em($i) droplist $drop
    $ns link-lossmodel $em($i) $s($i) $r1
    set tcp($i) [$ns create-connection $agent $s($i) $sink $d($i) $i]
    $tcp($i) set window_ 40
    $tcp($i) set syn_ $syn
    if {$i == 5} { $tcp($i) set bugfix_ss_ 1 }
    $ns at [expr {0.3 * $i}] "[$tcp($i) attach-app FTP] start"
    incr i
}
$ns at 10.0 "exit 0"
$ns run
