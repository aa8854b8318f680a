# NewReno's ways to fast-retransmit again within a window already recovered (ns-2's
# NewRenoTcpAgent::dupack_action under bugFix_): lessCareful_ (an ACK at recover_),
# bugFix_ack_ (the ACK heuristic) and bugFix_ts_ (the timestamp heuristic, with and
# without the timestamp option, whose echo stays 0 without it). Seven agents through a
# 2 Mb/s bottleneck of 6 places whose loss bursts end in timeouts, after which the
# go-back-N retransmissions draw duplicate ACKs below recover_; one error model drops
# every 23rd packet on the bottleneck as well. A Reno agent with lessCareful_ true
# (which ns-2's Reno does not read) and a NewReno agent with none of them run beside.
# bugFix_ts_ without the timestamp option matches only a cumulative ACK whose segment
# was sent at 0.0 (ns-2's ts_echo_ stays 0), which no agent here meets: tcp2 shows that
# it then changes nothing.
set ns [new Simulator]
$defaultRNG seed 17
Agent/TCP set packetSize_ 1000
Agent/TCP set window_ 40
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 2Mb 30ms DropTail
$ns queue-limit $r1 $r2 6
set em [new ErrorModel/Periodic]
$em unit pkt
$em set period_ 23
$em set offset_ 5
$ns lossmodel $em $r1 $r2
set i 0
foreach kind {Newreno Newreno Newreno Newreno Newreno Reno Newreno} \
        opts {{lessCareful_ true} {bugFix_ack_ true} {bugFix_ts_ true} {bugFix_ts_ true timestamps_ true} \
              {bugFix_ack_ true bugFix_ts_ true timestamps_ true} {lessCareful_ true} {}} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 10Mb [expr {1 + 2 * $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 10Mb 1ms DropTail
    set tcp($i) [$ns create-connection TCP/$kind $s($i) TCPSink $d($i) $i]
    foreach {k v} $opts {
        $tcp($i) set $k $v
    }
    $ns at [expr {0.2 * $i}] "[$tcp($i) attach-app FTP] start"
    incr i
}
$ns at 30.0 "exit 0"
$ns run
