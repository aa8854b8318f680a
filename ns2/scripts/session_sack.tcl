# SACK senders whose ACKs change route mid-flight: under `$ns rtproto Session` a link
# of the shortest way fails for 20 ms, and both directions take the longer way round
# until it is back, so newer ACKs overtake the older ones still on the detour. One
# Sack1 flow (Agent/TCP/Sack1 to Agent/TCPSink/Sack1) and one NewReno flow with
# timestamps cross the failure; the Sack1 sender's recovery reads each ACK's SACK
# blocks, the late ones too, and the timestamp sender each ACK's echo, whichever order
# they come in.
set ns [new Simulator]
$ns rtproto Session
set src1 [$ns node]
set src2 [$ns node]
set r1 [$ns node]
set r2 [$ns node]
set r3 [$ns node]
set dst [$ns node]
$ns duplex-link $src1 $r1 10Mb 5ms DropTail
$ns duplex-link $src2 $r1 10Mb 7ms DropTail
$ns duplex-link $r1 $r3 10Mb 1ms DropTail
$ns duplex-link $r1 $r2 10Mb 6ms DropTail
$ns duplex-link $r2 $r3 10Mb 1ms DropTail
$ns duplex-link $r3 $dst 5Mb 10ms DropTail
$ns queue-limit $r3 $dst 12

set tcp1 [$ns create-connection TCP/Sack1 $src1 TCPSink/Sack1 $dst 1]
$tcp1 set window_ 64
set tcp2 [$ns create-connection TCP/Newreno $src2 TCPSink $dst 2]
$tcp2 set window_ 64
$tcp2 set timestamps_ true
set ftp1 [$tcp1 attach-app FTP]
set ftp2 [$tcp2 attach-app FTP]
$ns at 0.1 "$ftp1 start"
$ns at 0.4 "$ftp2 start"
$ns rtmodel-at 2.0 down $r1 $r3
$ns rtmodel-at 2.02 up $r1 $r3
$ns rtmodel-at 4.5 down $r1 $r3
$ns rtmodel-at 4.55 up $r1 $r3
$ns at 8.0 "exit 0"
$ns run
