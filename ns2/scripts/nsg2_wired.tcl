# This script is created by NSG2 beta1
# <http://wushoupong.googlepages.com/nsg>
#
# (satcc: a wired script as NSG2, the ns-2 scenario generator many users start from,
# writes it: its sections and comments, `$ns duplex-link-op ... orient`, the agents'
# settings it offers, FTP and CBR applications with their start and stop, and its
# termination, which calls `$ns nam-end-wireless` in wired scripts too and `exec nam`
# in `finish`. A Newreno agent with NSG2's windowInit_, maxburst_ and tcpTick_ and a
# LossMonitor sink are added to the generator's defaults.)

#===================================
#     Simulation parameters setup
#===================================
set val(stop)   10.0                         ;# time of simulation end

#===================================
#        Initialization        
#===================================
#Create a ns simulator
set ns [new Simulator]

#Open the NS trace file
set tracefile [open out.tr w]
$ns trace-all $tracefile

#Open the NAM trace file
set namfile [open out.nam w]
$ns namtrace-all $namfile

#===================================
#        Nodes Definition        
#===================================
#Create 4 nodes
set n0 [$ns node]
set n1 [$ns node]
set n2 [$ns node]
set n3 [$ns node]

#===================================
#        Links Definition        
#===================================
#Createlinks between nodes
$ns duplex-link $n0 $n2 100.0Mb 10ms DropTail
$ns queue-limit $n0 $n2 50
$ns duplex-link $n1 $n2 100.0Mb 10ms DropTail
$ns queue-limit $n1 $n2 50
$ns duplex-link $n2 $n3 1.0Mb 40ms RED
$ns queue-limit $n2 $n3 20

#Give node position (for NAM)
$ns duplex-link-op $n0 $n2 orient right-down
$ns duplex-link-op $n1 $n2 orient right-up
$ns duplex-link-op $n2 $n3 orient right

#===================================
#        Agents Definition        
#===================================
#Setup a TCP connection
set tcp0 [new Agent/TCP]
$ns attach-agent $n0 $tcp0
set sink2 [new Agent/TCPSink]
$ns attach-agent $n3 $sink2
$ns connect $tcp0 $sink2
$tcp0 set packetSize_ 1500
$tcp0 set window_ 40

#Setup a TCP/Newreno connection
set tcp4 [new Agent/TCP/Newreno]
$ns attach-agent $n1 $tcp4
set sink5 [new Agent/TCPSink]
$ns attach-agent $n3 $sink5
$ns connect $tcp4 $sink5
$tcp4 set packetSize_ 1000
$tcp4 set windowInit_ 2
$tcp4 set tcpTick_ 0.01
$tcp4 set maxburst_ 4

#Setup a UDP connection
set udp1 [new Agent/UDP]
$ns attach-agent $n1 $udp1
set null3 [new Agent/LossMonitor]
$ns attach-agent $n3 $null3
$ns connect $udp1 $null3
$udp1 set packetSize_ 1500


#===================================
#        Applications Definition        
#===================================
#Setup a FTP Application over TCP connection
set ftp0 [new Application/FTP]
$ftp0 attach-agent $tcp0
$ns at 1.0 "$ftp0 start"
$ns at 9.0 "$ftp0 stop"

#Setup a FTP Application over TCP/Newreno connection
set ftp4 [new Application/FTP]
$ftp4 attach-agent $tcp4
$ns at 0.5 "$ftp4 start"
$ns at 9.5 "$ftp4 stop"

#Setup a CBR Application over UDP connection
set cbr1 [new Application/Traffic/CBR]
$cbr1 attach-agent $udp1
$cbr1 set packetSize_ 1000
$cbr1 set rate_ 0.5Mb
$cbr1 set random_ false
$ns at 2.0 "$cbr1 start"
$ns at 8.0 "$cbr1 stop"


#===================================
#        Termination        
#===================================
#Define a 'finish' procedure
proc finish {} {
    global ns tracefile namfile
    $ns flush-trace
    close $tracefile
    close $namfile
    exec nam out.nam &
    exit 0
}
$ns at $val(stop) "$ns nam-end-wireless $val(stop)"
$ns at $val(stop) "finish"
$ns at $val(stop) "puts \"done\" ; $ns halt"
$ns run
