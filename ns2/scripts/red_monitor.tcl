# A RED bottleneck as course and lab scripts write it: the queue's settings on its
# object (thresholds, weight, linterm_), its curq_ and ave_ traced to a file, a queue
# monitor of its own sampled every 0.1 s (queue-sample-timeout), and a proc that
# records a sender's window every 10 ms. A Reno flow and a NewReno flow to a delayed-ACK
# sink share the 2 Mb/s hop; ns-2's generator is seeded at time 0, so RED's draws are
# ns-2's own in satcc too.
set ns [new Simulator]
$ns color 1 Red
set nf [open out.nam w]
$ns namtrace-all $nf
set n0 [$ns node]
set n1 [$ns node]
set n2 [$ns node]
set n3 [$ns node]
set n4 [$ns node]
$ns duplex-link $n0 $n2 10Mb 10ms DropTail
$ns duplex-link $n1 $n2 10Mb 10ms DropTail
$ns duplex-link $n2 $n3 2Mb 5ms RED
$ns duplex-link $n3 $n4 5Mb 10ms DropTail
$ns queue-limit $n2 $n3 25
$ns duplex-link-op $n2 $n3 queuePos 0.5

set redq [[$ns link $n2 $n3] queue]
set tchan_ [open all.q w]
$redq set bytes_ false
$redq set queue_in_bytes_ false
$redq set thresh_ 5
$redq set maxthresh_ 15
$redq set q_weight_ 0.002
$redq set linterm_ 10
$redq trace curq_
$redq trace ave_
$redq attach $tchan_
set qmon [$ns monitor-queue $n2 $n3 [open qm.out w] 0.1]
[$ns link $n2 $n3] queue-sample-timeout

set tcp1 [new Agent/TCP/Reno]
$tcp1 set fid_ 1
$ns attach-agent $n0 $tcp1
set sink1 [new Agent/TCPSink]
$ns attach-agent $n4 $sink1
$ns connect $tcp1 $sink1
set tcp2 [new Agent/TCP/Newreno]
$ns attach-agent $n1 $tcp2
set sink2 [new Agent/TCPSink/DelAck]
$ns attach-agent $n4 $sink2
$ns connect $tcp2 $sink2
set ftp1 [new Application/FTP]
$ftp1 attach-agent $tcp1
set ftp2 [new Application/FTP]
$ftp2 attach-agent $tcp2

set wf [open WvsT w]
proc plotWindow {tcpSource file} {
   global ns
   set time 0.01
   set now [$ns now]
   set cwnd [$tcpSource set cwnd_]
   puts $file "$now $cwnd"
   $ns at [expr $now+$time] "plotWindow $tcpSource $file"
}
proc finish {} {
    global tchan_ ns nf
    $ns flush-trace
    close $nf
    if { [info exists tchan_] } { close $tchan_ }
    exit 0
}
$ns at 0.0 "$defaultRNG seed 3"
$ns at 0.0 "plotWindow $tcp1 $wf"
$ns at 0.0 "$ftp1 start"
$ns at 1.1 "$ftp2 start"
$ns at 10.0 "$ftp2 stop"
$ns at 12.0 "finish"
$ns run
