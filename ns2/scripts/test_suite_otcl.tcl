# The OTcl of ns-2's own test suites (tcl/test/misc.tcl and topologies.tcl): `Object
# instproc` giving every object a method, a topology class whose init checks `info
# instprocs config` and whose nodes a test reads with `$topo array names node_`, a test
# copying another's run with `info instbody`, `info subclass` (a class counts as its own,
# as misc.tcl's topology check needs) and isProc?'s `Object info subclass`, `$node
# neighbors` for its queue traces; and the global sink defaults those suites set:
# SYN_immediate_ack_ and RFC2581_immediate_ack_ false on delayed-ACK sinks (the first
# segment's ACK and one below a gap wait as any other), a plain sink beside them.
Object instproc exit args {
    eval exit $args
}
Agent/TCPSink set SYN_immediate_ack_ false
Agent/TCPSink/DelAck set RFC2581_immediate_ack_ false
Agent/TCP set window_ 40
Class TestSuite
Class Topology
Topology instproc node? n {
    $self instvar node_
    return $node_($n)
}
Class Topology/dumbbell -superclass Topology
Topology/dumbbell instproc init ns {
    $self instvar node_
    foreach n {s1 s2 s3 r1 k1} { set node_($n) [$ns node] }
    $ns duplex-link $node_(s1) $node_(r1) 10Mb 2ms DropTail
    $ns duplex-link $node_(s2) $node_(r1) 10Mb 3ms DropTail
    $ns duplex-link $node_(s3) $node_(r1) 10Mb 4ms DropTail
    $ns duplex-link $node_(r1) $node_(k1) 1.5Mb 20ms DropTail
    if {[[$self info class] info instprocs config] != ""} { $self config $ns }
}
Class Topology/dumbbell-shallow -superclass Topology/dumbbell
Topology/dumbbell-shallow instproc config ns {
    $self instvar node_
    $ns queue-limit $node_(r1) $node_(k1) 6
}
TestSuite instproc init {net} {
    $self instvar ns_ node_ topo_
    set ns_ [new Simulator]
    if ![Topology/dumbbell info subclass Topology/$net] {
        puts "no such topology"
        exit 1
    }
    set topo_ [new Topology/$net $ns_]
    foreach i [$topo_ array names node_] { set node_($i) [$topo_ node? $i] }
    foreach nbr [$node_(r1) neighbors] { $ns_ trace-queue $node_(r1) $nbr [open /dev/null w] }
}
TestSuite instproc finish {} { $self exit 0 }
Class Test/deep -superclass TestSuite
Test/deep instproc init {} { $self next dumbbell }
Test/deep instproc run {} {
    $self instvar ns_ node_
    set i 0
    foreach s {s1 s2 s3} sink {TCPSink/DelAck TCPSink/Sack1/DelAck TCPSink} agent {TCP/Reno TCP/Sack1 TCP/Newreno} {
        set tcp [$ns_ create-connection $agent $node_($s) $sink $node_(k1) $i]
        $ns_ at [expr {0.3 * $i}] "[$tcp attach-app FTP] start"
        incr i
    }
    $ns_ at 20.0 "$self finish"
    $ns_ run
}
# the default: deep's run over the shallow topology
Class Test/delack -superclass TestSuite
Test/delack instproc init {} {
    $self next dumbbell-shallow
    Test/delack instproc run {} [Test/deep info instbody run]
}
proc isProc? {cls prc} {
    if [catch "Object info subclass $cls/$prc" r] {
        puts stderr "no such $cls: $prc"
        exit 1
    }
}
TestSuite proc runTest {} {
    global argv
    set test [expr {[llength $argv] ? [lindex $argv 0] : "delack"}]
    isProc? Test $test
    [new Test/$test] run
}
TestSuite runTest
