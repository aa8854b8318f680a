# The shape of ns-2's own test suites (tcl/test/test-suite-*.tcl), written with OTcl
# classes: a TestSuite class builds the network in its init, each test is a subclass
# that sets its agents and calls `$self next`, overrides a method and calls the one it
# overrides, keeps its objects in instvars (arrays too), reschedules a method of its
# own, and a class proc picks the test by name (`ns test_suite.tcl fack`; Fack by
# default). Fack and Sack1 senders share a 1.5 Mb/s hop of ten packets.
Agent/TCP set window_ 30
Class TestSuite
TestSuite instproc init {} {
    $self instvar ns_ node_
    set ns_ [new Simulator]
    foreach n {s1 s2 r1 k1} { set node_($n) [$ns_ node] }
    $ns_ duplex-link $node_(s1) $node_(r1) 10Mb 2ms DropTail
    $ns_ duplex-link $node_(s2) $node_(r1) 10Mb 3ms DropTail
    $ns_ duplex-link $node_(r1) $node_(k1) 1.5Mb 20ms DropTail
    $ns_ queue-limit $node_(r1) $node_(k1) [$self qlimit]
}
TestSuite instproc qlimit {} { return 8 }
TestSuite instproc finish {} { exit 0 }
TestSuite instproc tcpDump {tcp interval} {
    $self instvar ns_
    $ns_ at [expr [$ns_ now] + $interval] "$self tcpDump $tcp $interval"
}
Class Test/fack -superclass TestSuite
Test/fack instproc init {} {
    $self instvar testName_ agents_
    set testName_ fack
    set agents_ {TCP/Fack TCP/Sack1}
    $self next
}
Test/fack instproc qlimit {} { return [expr {[$self next] + 2}] }
Test/fack instproc run {} {
    $self instvar ns_ node_ agents_
    set i 0
    foreach a $agents_ s {s1 s2} {
        set tcp [$ns_ create-connection $a $node_($s) TCPSink/Sack1 $node_(k1) $i]
        set ftp [$tcp attach-app FTP]
        $ns_ at [expr {0.2 * $i}] "$ftp start"
        incr i
    }
    $self tcpDump $tcp 1.0
    $ns_ at 10.0 "$self finish"
    $ns_ run
}
TestSuite proc runTest {} {
    global argv
    set t [new Test/[expr {[llength $argv] ? [lindex $argv 0] : "fack"}]]
    $t run
}
TestSuite runTest
