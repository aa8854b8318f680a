# Congestion window validation (RFC 2861) as ns-2's QOption_ 1 runs it (tcp.cc,
# process_qoption_after_send): a Tahoe, Reno or NewReno agent idle, or limited by its
# application, for longer than its retransmission timeout cuts its window. Six agents
# through a 1.5 Mb/s bottleneck of 12 places: a Reno agent carrying bursts with idle
# periods longer than its timeout between them (one cut per timeout idle); a NewReno agent
# carrying an exponential ON/OFF source (application-limited and idle by turns); a Tahoe
# agent carrying a CBR of 400 kb/s (application-limited: its window falls part way to
# what it used); a NewReno agent with a bulk FTP (never limited); a Sack1 agent with
# QOption_ 1 carrying a CBR (its own send_much validates after t_seqno_ moved on); and a
# Reno agent with such bursts without QOption_ beside them.
set ns [new Simulator]
$defaultRNG seed 37
Agent/TCP set packetSize_ 1000
Agent/TCP set window_ 60
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 1.5Mb 30ms DropTail
$ns queue-limit $r1 $r2 12
set i 0
foreach kind {Reno Newreno TCP Newreno Sack1 Reno} sk {TCPSink TCPSink/DelAck TCPSink TCPSink TCPSink/Sack1 TCPSink} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 10Mb [expr {2 + 3 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 10Mb 1ms DropTail
    set tcp($i) [$ns create-connection TCP[expr {$kind eq "TCP" ? "" : "/$kind"}] $s($i) $sk $d($i) $i]
    if {$i < 5} {
        $tcp($i) set QOption_ 1
    }
    incr i
}
# bursts at 1.2 Mb/s, 0.5 s on average, then 3 s off on average (longer than the
# timeout: the window is cut once for each timeout idle)
foreach k {0 5} {
    set burst($k) [new Application/Traffic/Exponential]
    $burst($k) set packetSize_ 1000
    $burst($k) set burst_time_ 0.5
    $burst($k) set idle_time_ 3.0
    $burst($k) set rate_ 1.2M
    $burst($k) attach-agent $tcp($k)
    $ns at [expr {0.5 + 0.1 * $k}] "$burst($k) start"
}
set onoff [new Application/Traffic/Exponential]
$onoff set packetSize_ 1000
$onoff set burst_time_ 0.8
$onoff set idle_time_ 1.5
$onoff set rate_ 900k
$onoff attach-agent $tcp(1)
$ns at 0.2 "$onoff start"
set cbr [new Application/Traffic/CBR]
$cbr set packetSize_ 1000
$cbr set rate_ 400k
$cbr attach-agent $tcp(2)
$ns at 1.0 "$cbr start"
$ns at 1.5 "[$tcp(3) attach-app FTP] start"
set cbr4 [new Application/Traffic/CBR]
$cbr4 set packetSize_ 1000
$cbr4 set rate_ 200k
$cbr4 attach-agent $tcp(4)
$ns at 2.0 "$cbr4 start"
$ns at 30.0 "exit 0"
$ns run
