# ns-2's aggressive_maxburst_ 0 (Allman's valid-ACK check): an ACK below the highest
# acknowledged, one that came behind a later ACK, lets a Tahoe, Reno, NewReno or Sack1
# agent send nothing (Fack and Vegas send on every ACK), where it would send what
# maxburst_ kept back on the ACKs before. Their ACKs come back out of order here: on the
# way back an error module holds every 7th ACK of each flow for 30 ms (delay_pkt_). Five
# agents sending at most two packets an ACK (maxburst_ 2) through a 3 Mb/s bottleneck of
# 20 places, four with aggressive_maxburst_ 0 and a Reno agent with ns-2's default.
set ns [new Simulator]
$defaultRNG seed 31
Agent/TCP set packetSize_ 1000
Agent/TCP set window_ 40
Agent/TCP set maxburst_ 2
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 3Mb 25ms DropTail
$ns queue-limit $r1 $r2 20
set em [new ErrorModule Fid]
[$ns link $r2 $r1] errormodule $em
set i 0
foreach kind {TCP Reno Newreno Sack1 Reno} sk {TCPSink TCPSink/DelAck TCPSink TCPSink/Sack1 TCPSink} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 10Mb [expr {2 + $i}]ms DropTail
    $ns duplex-link $r2 $d($i) 10Mb 1ms DropTail
    set tcp($i) [$ns create-connection TCP[expr {$kind eq "TCP" ? "" : "/$kind"}] $s($i) $sk $d($i) $i]
    if {$i < 4} {
        $tcp($i) set aggressive_maxburst_ 0
    }
    $ns at [expr {0.3 * $i}] "[$tcp($i) attach-app FTP] start"
    set hold($i) [new ErrorModel/Periodic]
    $hold($i) unit pkt
    $hold($i) set period_ 7
    $hold($i) set offset_ [expr {3 + $i}]
    $hold($i) set delay_pkt_ true
    $hold($i) set delay_ 0.03
    $em insert $hold($i)
    $em bind $hold($i) $i
    incr i
}
$em default pass
$ns at 20.0 "exit 0"
$ns run
