# ns-2 2.35: what Agent/TCP/Reno sends after a fast retransmit it declines.
# Evidence for the Reno branch of TcpSender::on_ack_cumulative (crates/satcc-core/src/
# tcp/sender.rs) and its unit test reno_after_a_timeout_declined_retransmit_sends_nothing.
#
#   ns reno_declined_fast_retransmit.tcl
#   awk '($1=="+" && $5=="tcp") {print "SEND", $2, $11} ($1 ~ /^[0-9]/) {print}' out.tr
#
# One Reno flow, 10 Mb/s then a 1 Mb/s bottleneck; packets 40 and 46 through the
# bottleneck's error model are lost (the first transmission of segment 40 and its fast
# retransmission). What the trace shows (times in s):
#   0.664  third dupACK of 39: fast retransmit of 40, cwnd 41 -> 20.5; later dupACKs
#          inflate the window (new data from the 24th dupACK on)
#   0.864  timeout: cwnd 1, 40 resent; recover = 85
#   0.872, 0.880  dupACKs 1 and 2 of 39: limited transmit sends 41 and 42
#   0.889 .. 0.988  dupACKs 3 to 15 of 39: nothing is sent. The third declines the fast
#          retransmit (39 < recover) and, with exitFastRetrans_ 1 (the default), only a
#          fast recovery inflates the window.
set ns [new Simulator]
set tf [open out.tr w]
set s [$ns node]; set r [$ns node]; set d [$ns node]
$ns duplex-link $s $r 10Mb 5ms DropTail
$ns duplex-link $r $d 1Mb 40ms DropTail
$ns queue-limit $r $d 200
$ns queue-limit $s $r 200
set em [new ErrorModel/List]
$em droplist {40 46}
$ns link-lossmodel $em $r $d
$ns trace-queue $s $r $tf
$ns trace-queue $r $s $tf
set tcp [new Agent/TCP/Reno]
$tcp set window_ 100
$tcp set packetSize_ 1000
$tcp set syn_ false
set sink [new Agent/TCPSink]
$ns attach-agent $s $tcp; $ns attach-agent $d $sink; $ns connect $tcp $sink
$tcp attach $tf
$tcp trace cwnd_
$tcp trace dupacks_
set ftp [$tcp attach-app FTP]
$ns at 0.0 "$ftp start"
$ns at 6.0 "close $tf; exit 0"
$ns run
