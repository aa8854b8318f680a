# ns-2's other agents and sources side by side: Vegas, Tahoe and Reno senders, a Pareto
# source over TCP, an exponential ON/OFF source over UDP to a LossMonitor, a CBR source
# given by its interval, transfers by `send` (bytes) and `produce` (packets), an
# asymmetric pair of simplex links, a queue limited in bytes, the class default of every
# queue's limit, window caps and burst limits, an initial ssthresh set at time 0, and a
# delay step on the bottleneck.
set ns [new Simulator]
set tf [open mixed.tr w]
$ns trace-all $tf
proc finish {} {
    global ns tf
    $ns flush-trace
    close $tf
    exit 0
}
Queue set limit_ 30
Agent/TCP set window_ 40

set r1 [$ns node]
set r2 [$ns node]
$ns simplex-link $r1 $r2 5Mb 15ms DropTail
$ns simplex-link $r2 $r1 1Mb 15ms DropTail
[[$ns link $r1 $r2] link] set avoidReordering_ true
foreach i {0 1 2 3 4 5 6} {
    set h($i) [$ns node]
    set k($i) [$ns node]
    $ns duplex-link $h($i) $r1 50Mb [expr {1 + $i}]ms DropTail
    $ns duplex-link $r2 $k($i) 50Mb 1ms DropTail
}
$ns queue-limit $h(0) $r1 20000
[[$ns link $h(0) $r1] queue] set queue_in_bytes_ true
[[$ns link $h(0) $r1] queue] set mean_pktsize_ 1

proc tcpflow {i cls sinkcls} {
    global ns h k
    set t [new $cls]
    set s [new $sinkcls]
    $ns attach-agent $h($i) $t
    $ns attach-agent $k($i) $s
    $ns connect $t $s
    return $t
}
set vegas [tcpflow 0 Agent/TCP/Vegas Agent/TCPSink]
$vegas set syn_ false
$vegas set useHeaders_ false
set tahoe [tcpflow 1 Agent/TCP Agent/TCPSink/DelAck]
$tahoe set maxcwnd_ 12
set reno [tcpflow 2 Agent/TCP/Reno Agent/TCPSink]
$reno set maxburst_ 3
set par [tcpflow 3 Agent/TCP/Newreno Agent/TCPSink]
set file1 [tcpflow 4 Agent/TCP/Newreno Agent/TCPSink/DelAck]
set file2 [tcpflow 5 Agent/TCP/Reno Agent/TCPSink]

set ftp(v) [$vegas attach-app FTP]
set ftp(t) [$tahoe attach-app FTP]
set ftp(r) [$reno attach-app FTP]
set ftp(1) [$file1 attach-app FTP]
set ftp(2) [$file2 attach-app FTP]
set pareto [new Application/Traffic/Pareto]
$pareto set packetSize_ 1000
$pareto set burst_time_ 200ms
$pareto set idle_time_ 300ms
$pareto set rate_ 2Mb
$pareto set shape_ 1.4
$pareto attach-agent $par

set udp [new Agent/UDP]
set mon [new Agent/LossMonitor]
$ns attach-agent $h(6) $udp
$ns attach-agent $k(6) $mon
$ns connect $udp $mon
set expoo [new Application/Traffic/Exponential]
$expoo set packetSize_ 500
$expoo set burst_time_ 0.1
$expoo set idle_time_ 0.2
$expoo set rate_ 1.5Mb
$expoo attach-agent $udp

set udp2 [new Agent/UDP]
set null [new Agent/Null]
$ns attach-agent $h(6) $udp2
$ns attach-agent $k(6) $null
$ns connect $udp2 $null
set cbr [new Application/Traffic/CBR]
$cbr set packetSize_ 200
$cbr set interval_ 5ms
$cbr attach-agent $udp2

$ns at 0.0 "$defaultRNG seed 4242"
$ns at 0.0 "$reno set ssthresh_ 8"
$ns at 0.0 "$ftp(v) start"
$ns at 0.2 "$ftp(t) start"
$ns at 0.4 "$ftp(r) start"
$ns at 0.6 "$pareto start"
$ns at 1.0 "$ftp(1) send 300000"
$ns at 2.0 "$ftp(2) produce 150"
$ns at 0.5 "$expoo start"
$ns at 3.0 "$cbr start"
$ns at 12.0 "$cbr stop"
$ns at 8.0 "[[$ns link $r1 $r2] link] set delay_ 0.040"
$ns at 15.0 "$ftp(t) stop"
$ns at 20.0 "finish"
$ns run
