# The global defaults ns-2's own test suites (tcl/test/test-suite-*.tcl) begin with, and
# scripts copied from them: precisionReduce_ false (cuts in whole packets), rfc2988_
# false (the older RTO floor and backoff), minrto_ 0, delay_growth_ false (the window
# opens from the initial window at once), updated_rttvar_ false (read by no one-way
# agent), a coarse tcpTick_, no SYN, no headers, no limited transmit. Agents of every
# kind over an eight-packet bottleneck; two more with a SYN and with decrease_num_.
# FOR UPDATING GLOBAL DEFAULTS:
Agent/TCP set precisionReduce_ false ;   # default changed on 2006/1/24.
Agent/TCP set rtxcur_init_ 6.0 ;      # Default changed on 2006/01/21
Agent/TCP set updated_rttvar_ false ;  # Variable added on 2006/1/21
Agent/TCP set tcpTick_ 0.1
Agent/TCP set rfc2988_ false
Agent/TCP set useHeaders_ false
Agent/TCP set windowInit_ 1
Agent/TCP set singledup_ 0
Agent/TCP set minrto_ 0
Agent/TCP set syn_ false
Agent/TCP set delay_growth_ false
set ns [new Simulator]
set s1 [$ns node]
set s2 [$ns node]
set r1 [$ns node]
set k1 [$ns node]
$ns duplex-link $s1 $r1 10Mb 2ms DropTail
$ns duplex-link $s2 $r1 10Mb 3ms DropTail
$ns duplex-link $r1 $k1 1.5Mb 20ms DropTail
$ns queue-limit $r1 $k1 8
set i 0
foreach kind {TCP Reno Newreno Sack1 Fack Vegas Newreno Reno} sk {TCPSink TCPSink TCPSink/DelAck TCPSink/Sack1 TCPSink/Sack1 TCPSink TCPSink TCPSink} src {s1 s2 s1 s2 s1 s2 s1 s2} {
    set tcp [$ns create-connection [expr {$kind eq "TCP" ? "TCP" : "TCP/$kind"}] [set $src] $sk $k1 $i]
    $tcp set window_ 50
    if {$i == 6} { $tcp set syn_ true }
    if {$i == 7} { $tcp set decrease_num_ 0.875 }
    set ftp [$tcp attach-app FTP]
    $ns at [expr {0.5 * $i}] "$ftp start"
    incr i
}
$ns at 30.0 "exit 0"
$ns run
