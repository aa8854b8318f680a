# ns-2's generator seeded at the top of the script, before any agent exists, as many
# scripts do (`$defaultRNG seed 42`, or `ns-random 42`): the agents' draws as they are
# made and as `$ns run` resets them then come from seed 42. Built with create-connection
# on 34 nodes (so that ns-2's Node_ array resets them out of order): NewReno to DelAck
# sinks, Sack1 and Fack to Sack1 sinks, Tahoe, no timestamps; a RED bottleneck whose
# early drops, an error model at its head, and a CBR source with random gaps go on
# drawing from where the agents left the generator.
set ns [new Simulator]
$defaultRNG seed 42
set r1 [$ns node]
set r2 [$ns node]
set r3 [$ns node]
$ns duplex-link $r1 $r2 6Mb 10ms RED
$ns duplex-link $r2 $r3 8Mb 5ms DropTail
$ns queue-limit $r1 $r2 60
set head [new ErrorModel]
$head set rate_ 0.002
$head unit pkt
$head ranvar [new RandomVariable/Uniform]
$head drop-target [new Agent/Null]
$ns lossmodel $head $r1 $r2
set pairs {TCP/Newreno TCPSink/DelAck TCP/Sack1 TCPSink/Sack1 TCP TCPSink TCP/Fack TCPSink/Sack1/DelAck}
for {set i 0} {$i < 15} {incr i} {
    set s($i) [$ns node]
    set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 50Mb [expr {1 + $i % 7}]ms DropTail
    $ns duplex-link $r3 $d($i) 50Mb 1ms DropTail
    set k [expr {2 * ($i % 4)}]
    set tcp($i) [$ns create-connection [lindex $pairs $k] $s($i) [lindex $pairs [expr {$k + 1}]] $d($i) $i]
    $tcp($i) set window_ 60
    set ftp($i) [$tcp($i) attach-app FTP]
    $ns at [expr {0.07 * $i}] "$ftp($i) start"
}
set udp [new Agent/UDP]
$ns attach-agent $s(3) $udp
set null [new Agent/Null]
$ns attach-agent $d(3) $null
$ns connect $udp $null
set cbr [new Application/Traffic/CBR]
$cbr set rate_ 800Kb
$cbr set random_ 1
$cbr attach-agent $udp
$ns at 1.5 "$cbr start"
$ns at 25.0 "exit 0"
$ns run
