# The whole block of global defaults ns-2's test suites begin with, exitFastRetrans_
# false among them (tcl/test/test-suite-*.tcl: "FOR UPDATING GLOBAL DEFAULTS"): after a
# timeout, the duplicate ACKs below recover decline the fast retransmit, and without
# exitFastRetrans_ they inflate the window all the same. Reno and NewReno agents (the
# only ones that read it) over a lossy hop and a six-packet buffer, beside Tahoe, Sack1
# and Vegas agents under the same block (which never read it), and one Reno agent set
# back to exitFastRetrans_ true.
remove-all-packet-headers       ; # removes all except common
add-packet-header Flags IP TCP  ; # hdrs reqd for validation test
# FOR UPDATING GLOBAL DEFAULTS:
Agent/TCP set precisionReduce_ false ;   # default changed on 2006/1/24.
Agent/TCP set rtxcur_init_ 6.0 ;      # Default changed on 2006/01/21
Agent/TCP set updated_rttvar_ false ;  # Variable added on 2006/1/21
Agent/TCP set tcpTick_ 0.1
# The default for tcpTick_ is being changed to reflect a changing reality.
Agent/TCP set rfc2988_ false
# The default for rfc2988_ is being changed to true.
Agent/TCP set exitFastRetrans_ false
#
Agent/TCP set useHeaders_ false
# The default is being changed to useHeaders_ true.
Agent/TCP set windowInit_ 1
# The default is being changed to 2.
Agent/TCP set singledup_ 0
# The default is being changed to 1
Agent/TCP set minrto_ 0
# The default is being changed to minrto_ 1
Agent/TCP set timerfix_ false
# The default is being changed to true.
Agent/TCP set syn_ false
Agent/TCP set delay_growth_ false
# In preparation for changing the default values for syn_ and delay_growth_.
set ns [new Simulator]
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 1.5Mb 30ms DropTail
$ns queue-limit $r1 $r2 6
set em [new ErrorModel]
$em set rate_ 0.02
$em unit pkt
$em ranvar [new RandomVariable/Uniform]
$ns link-lossmodel $em $r1 $r2
$defaultRNG seed 3
set i 0
foreach {agent sink} {TCP/Reno TCPSink TCP/Newreno TCPSink/DelAck TCP/Reno TCPSink/DelAck TCP/Newreno TCPSink TCP TCPSink TCP/Sack1 TCPSink/Sack1 TCP/Vegas TCPSink TCP/Reno TCPSink} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 10Mb [expr {1 + 5 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 10Mb 2ms DropTail
    set tcp($i) [$ns create-connection $agent $s($i) $sink $d($i) $i]
    $tcp($i) set window_ 30
    $ns at [expr {0.2 * $i}] "[$tcp($i) attach-app FTP] start"
    incr i
}
$tcp(7) set exitFastRetrans_ true
$ns at 60.0 "exit 0"
$ns run
