# satcc's reading of an ns-2 2.35 script (satcc.ns2_import): a stand-in for ns-2's
# Simulator and its objects, in plain Tcl. The user's script runs against it as it would
# in ns: its loops, procs and variables are Tcl's own, and every object it makes and every
# command it gives is recorded. `$ns run` then plays the `$ns at` events in time order
# (a periodic `record` proc reschedules itself as in ns), up to the event that exits or
# halts, and writes what was recorded as JSON to the file named by ::satcc_out.
#
# Nothing is simulated here: what a script reads back from an agent (`$tcp set ack_`)
# is its last setting or 0. Commands that only trace or draw (trace-all, namtrace-all,
# color, duplex-link-op, monitor-queue, exec) are noted and ignored; commands of parts
# of ns-2 satcc does not model stop the reading with an error naming them.

# doubles written as ns-2 writes them (ns-default.tcl: 17 significant digits), so that
# a value the script computes reads back, and prints, as in ns
set tcl_precision 17

namespace eval ::satcc {
    namespace eval uo {}
    variable seq 0
    variable now 0.0
    variable running 0
    variable events {}
    variable eseq 0
    variable out {}
    variable notes {}
    variable ended ""
    variable ukey 0
    variable ustack {}
}

proc ::satcc::rec {args} {
    variable out
    variable now
    variable running
    lappend out [list $now $running {*}$args]
}

proc ::satcc::note {what} {
    variable notes
    if {[lsearch -exact $notes $what] < 0} { lappend notes $what }
}

# Tcl's own rand(): seeded from the clock unless the script calls srand() first, in ns-2
# as here, so such a script's values (random start times, say) differ from run to run;
# recorded (once) so that the import says so
rename ::tcl::mathfunc::rand ::satcc::tcl_rand
rename ::tcl::mathfunc::srand ::satcc::tcl_srand
namespace eval ::satcc { variable srand_seeded 0; variable rand_unseeded 0 }
proc ::tcl::mathfunc::srand {seed} {
    set ::satcc::srand_seeded 1
    return [::satcc::tcl_srand $seed]
}
proc ::tcl::mathfunc::rand {} {
    if {!$::satcc::srand_seeded && !$::satcc::rand_unseeded} {
        set ::satcc::rand_unseeded 1
        ::satcc::rec tcl-rand-unseeded
    }
    return [::satcc::tcl_rand]
}

proc ::satcc::unsupported {what} {
    return -code error -errorcode {SATCC UNSUPPORTED} "satcc import: $what"
}

# ---------------------------------------------------------------- objects
proc ::satcc::make {cls} {
    variable seq
    set h "_o[incr seq]"
    set ::satcc::cls($h) $cls
    interp alias {} $h {} ::satcc::call $h
    rec new $h $cls
    if {$cls eq "RNG" && [info exists ::satcc::pkg]} { ::satcc::rng_made $h }
    if {($cls eq "Agent/TCP" || [string match Agent/TCP/* $cls]) && !$::satcc::running
            && [info exists ::defaultRNG] && [info exists ::satcc::rs($::defaultRNG)]
            && $::satcc::rs($::defaultRNG) ne ""} {
        # the agent's constructor draws from ns-2's default generator (two for Vegas),
        # as the import's _PreRunDraws counts: the script's own draws from it come after
        foreach _ [expr {[string match Agent/TCP/Vegas* $cls] ? {1 2} : {1}}] { ::satcc::u01 $::defaultRNG }
    }
    return $h
}

# Ports as ns-2 gives them (ns-node.tcl's Node instproc attach, classifier.cc's getnxt):
# an agent attached to a node takes the lowest port no agent holds there, a detached
# agent's port is free again; `$ns connect` sets each agent's dst_port_ to the other's.
# What a script reads back (`$agent port`, `$agent dst-port`, `$node agent PORT`).
proc ::satcc::port_attach {node agent} {
    set held [expr {[info exists ::satcc::nports($node)] ? $::satcc::nports($node) : {}}]
    set taken [dict keys $held]
    set p 0
    while {$p in $taken} { incr p }
    dict set held $p $agent
    set ::satcc::nports($node) $held
    set ::satcc::aport($agent) $p
}

proc ::satcc::port_detach {node agent} {
    if {[info exists ::satcc::nports($node)] && [info exists ::satcc::aport($agent)]} {
        set ::satcc::nports($node) [dict remove $::satcc::nports($node) $::satcc::aport($agent)]
    }
}

proc ::satcc::port_connect {a b} {
    if {[info exists ::satcc::aport($b)]} { set ::satcc::dport($a) $::satcc::aport($b) }
    if {[info exists ::satcc::aport($a)]} { set ::satcc::dport($b) $::satcc::aport($a) }
}

proc new {cls args} {
    if {[info exists ::satcc::ucls($cls)]} { return [::satcc::unew $cls "" {*}$args] }
    if {$cls eq "ErrorModel/Uniform" && [llength $args] in {1 2}} {
        # ns-lib's ErrorModel/Uniform init {rate {unit "pkt"}}
        set h [::satcc::make $cls]
        ::satcc::call $h set rate_ [lindex $args 0]
        ::satcc::call $h unit [expr {[llength $args] == 2 ? [lindex $args 1] : "pkt"}]
        return $h
    }
    if {$cls eq "ErrorModel/TwoState" && [llength $args] in {2 3}} {
        # ns-lib's ErrorModel/TwoState init {rv0 rv1 {unit "pkt"}}
        set h [::satcc::make $cls]
        ::satcc::call $h unit [expr {[llength $args] == 3 ? [lindex $args 2] : "pkt"}]
        ::satcc::call $h ranvar 0 [lindex $args 0]
        ::satcc::call $h ranvar 1 [lindex $args 1]
        return $h
    }
    if {$cls in {ErrorModel/Expo ErrorModel/TwoStateMarkov} && [llength $args] in {1 2}} {
        # ns-lib's ErrorModel/Expo init {avgList {unit "pkt"}}: a TwoState model of two
        # exponential variables (ErrorModel/TwoStateMarkov: the unit "time" unless given)
        set h [::satcc::make ErrorModel/TwoState]
        set unit [expr {$cls eq "ErrorModel/Expo" ? "pkt" : "time"}]
        if {[llength $args] == 2} { set unit [lindex $args 1] }
        ::satcc::call $h unit $unit
        foreach i {0 1} {
            set rv [::satcc::make RandomVariable/Exponential]
            ::satcc::call $rv set avg_ [lindex [lindex $args 0] $i]
            ::satcc::call $h ranvar $i $rv
        }
        return $h
    }
    if {$cls eq "ErrorModule" && [llength $args] in {1 2}} {
        # ns-errmodel.tcl's ErrorModule init {cltype {clslots 29}}: error models bound to
        # flow ids by a Classifier/Hash/Fid (other classifiers are not modelled)
        if {[lindex $args 0] ne "Fid"} {
            ::satcc::unsupported "new ErrorModule [lindex $args 0] (an error module classifying by flow id, Fid, is modelled)"
        }
        return [::satcc::make ErrorModule]
    }
    if {$cls eq "Simulator" && $args eq "-multicast on"} {
        # multicast routing beside unicast (ns-2's simple-dyn.tcl): unicast packets are
        # forwarded as without it, and satcc's flows are unicast
        ::satcc::note "new Simulator -multicast on (unicast flows are forwarded as without it)"
        set args {}
    }
    if {[llength $args] > 0} {
        ::satcc::unsupported "new $cls with arguments ($args)"
    }
    set h [::satcc::make $cls]
    if {$cls eq "Simulator"} { set ::satcc::ns $h }
    return $h
}

# a class variable's value: the class's own setting, else its parent's
proc ::satcc::class_get {cls var} {
    # a value the class's init sets (ns-2's, e.g. Agent/CBR's packetSize_ 210)
    for {set c $cls} {[info exists ::satcc::ns2super($c)]} {set c $::satcc::ns2super($c)} {
        if {[info exists ::satcc::ns2made($c,$var)]} { return $::satcc::ns2made($c,$var) }
        if {$::satcc::ns2super($c) eq ""} break
    }
    # the script's default for the class or one above it
    for {set c $cls} {$c ne ""} {} {
        if {[info exists ::satcc::cdef($c,$var)]} { return $::satcc::cdef($c,$var) }
        set i [string last / $c]
        if {$i < 0} { break }
        set c [string range $c 0 [expr {$i - 1}]]
    }
    # ns-2's own default (ns2_vars.json), up its class hierarchy
    for {set c $cls} {[info exists ::satcc::ns2super($c)]} {set c $::satcc::ns2super($c)} {
        if {[info exists ::satcc::ns2own($c,$var)]} { return $::satcc::ns2own($c,$var) }
        if {$::satcc::ns2super($c) eq ""} break
    }
    return 0
}

proc ::satcc::call {h method args} {
    set cls $::satcc::cls($h)
    switch -- $method {
        set {
            set var [lindex $args 0]
            if {[llength $args] == 1} {
                if {[info exists ::satcc::iv($h,$var)]} { return $::satcc::iv($h,$var) }
                return [::satcc::class_get $cls $var]
            }
            set ::satcc::iv($h,$var) [lindex $args 1]
            if {$cls eq "Source/FTP" && $var eq "agent_"} {
                # ns-source.tcl's start and stop act on the agent in agent_
                ::satcc::rec attach-app $h [lindex $args 1]
                return [lindex $args 1]
            }
            ::satcc::rec set $h $var [lindex $args 1]
            return [lindex $args 1]
        }
        attach {
            if {$cls eq "Source/FTP"} { ::satcc::rec attach-app $h [lindex $args 0] }
            if {[string match Source/* $cls] && $cls ne "Source/FTP"} {
                ::satcc::unsupported "$cls (ns-source.tcl's backward-compatible source) is not modelled by satcc (its Source/FTP is, and Application/Telnet)"
            }
            return ""
        }
        instvar - cmd - trace - tracevar - info - init { return "" }
    }
    if {$cls eq "Simulator"} { return [::satcc::sim $h $method $args] }
    switch -glob -- $cls {
        Node {
            switch -- $method {
                id { return [string range $h 2 end] }
                agent {
                    # ns-node.tcl's Node instproc agent: the agent attached at that port
                    foreach {p a} [expr {[info exists ::satcc::nports($h)] ? $::satcc::nports($h) : {}}] {
                        if {$p == [lindex $args 0]} { return $a }
                    }
                    return ""
                }
                neighbors { return [expr {[info exists ::satcc::nbr($h)] ? $::satcc::nbr($h) : {}}] }
                node-addr - address? { return [string range $h 2 end] }
                color - shape - label - label-color - add-mark - delete-mark {
                    ::satcc::note "node $method (drawing)"; return ""
                }
            }
        }
        Link {
            switch -- $method {
                queue { return $::satcc::lq($h) }
                link { return $::satcc::ld($h) }
                errormodule {
                    # SimpleLink errormodule: an error module (or model) at the link's head,
                    # before its queue, as `$ns lossmodel` places one; without one, the
                    # module placed so
                    if {[llength $args] == 0} {
                        if {![info exists ::satcc::lem($h)]} { ::satcc::unsupported "link errormodule read before one was placed" }
                        return $::satcc::lem($h)
                    }
                    set ::satcc::lem($h) [lindex $args 0]
                    ::satcc::rec lossmodel errormodule [lindex $args 0] $h
                    return ""
                }
                queue-sample-timeout - trace-dynamics - start-tracing - init-monitor - attach-monitors {
                    ::satcc::note "link $method (monitoring)"; return ""
                }
            }
        }
        Agent/* {
            switch -- $method {
                attach-app {
                    set app [::satcc::make Application/[lindex $args 0]]
                    ::satcc::rec attach-app $app $h
                    return $app
                }
                attach-source {
                    set app [::satcc::make Application/[lindex $args 0]]
                    ::satcc::rec attach-app $app $h
                    return $app
                }
                port { return [expr {[info exists ::satcc::aport($h)] ? $::satcc::aport($h) : 0}] }
                dst-port { return [expr {[info exists ::satcc::dport($h)] ? $::satcc::dport($h) : 0}] }
                addr - dst-addr { return 0 }
                attach-trace { ::satcc::note "agent $method (tracing)"; return "" }
                reset {
                    # before the run a no-op (`$ns run` resets every agent); during it,
                    # the agent starts over, which the import refuses by name
                    if {$::satcc::running} { ::satcc::rec act $h $method }
                    return ""
                }
                clear {
                    # a LossMonitor's counters cleared (loss-monitor.cc); ns-2's other
                    # agents have no such command and stop the script there
                    if {$cls ne "Agent/LossMonitor"} {
                        ::satcc::unsupported "$cls has no command 'clear' in ns-2 ($h clear): ns-2 stops the script there"
                    }
                    return ""
                }
                done - finish { return "" }
                oneway {
                    # an Agent/Ping's: its recv procedure is then given the request's
                    # number and the two one-way delays (satcc's pings table has them)
                    if {$cls eq "Agent/Ping" && [llength $args] == 0} {
                        ::satcc::note "an Agent/Ping's oneway (what an Agent/Ping's recv procedure is given; satcc's pings table has the round trip and both one-way delays)"
                        return ""
                    }
                }
                select_ca {
                    # Agent/TCP/Linux's choice of module: the agent is refused by name
                    # when it is connected (ns2_import.py, _UNMODELLED_AGENTS)
                    if {$cls eq "Agent/TCP/Linux"} { return "" }
                }
                advance - advanceby - send - produce - start - stop - close - listen {
                    ::satcc::rec act $h $method {*}$args
                    return ""
                }
            }
        }
        Application/* {
            switch -- $method {
                attach-agent { ::satcc::rec attach-app $h [lindex $args 0]; return "" }
                attach-tracefile {
                    if {$cls eq "Application/Traffic/Trace"} {
                        ::satcc::rec attach-tracefile $h [lindex $args 0]
                        return ""
                    }
                }
                start - stop - send - produce - producemore {
                    ::satcc::rec act $h $method {*}$args
                    return ""
                }
            }
        }
        Delayer {
            # ns-2's Delayer (queue/delayer.cc): `block` and `unblock`, before the run
            # or at `$ns at` times, are its delay spikes
            switch -- $method {
                block - unblock {
                    if {[llength $args] == 0} {
                        ::satcc::rec delayer-act $h $method
                        return ""
                    }
                }
                spike - alloc {
                    # `spike INT LEN` sets its timer to a draw of INT at once (delayer.cc)
                    if {[llength $args] != 2} { ::satcc::unsupported "$h $method [join $args { }] (INT LEN)" }
                    if {$::satcc::running} {
                        ::satcc::unsupported "Delayer's $method during the run ($h $method [join $args { }]) is not\
 modelled (give it before \`\$ns run\`)"
                    }
                    lassign $args int len
                    foreach rv $args {
                        if {![info exists ::satcc::cls($rv)] || ![string match RandomVariable/* $::satcc::cls($rv)]} {
                            ::satcc::unsupported "$h $method [join $args { }]: $rv is not a random variable"
                        }
                    }
                    if {$method eq "spike"} {
                        ::satcc::rec delayer-spike $h $int $len [::satcc::draw_value $int $::satcc::cls($int)]
                    } else {
                        ::satcc::rec delayer-alloc $h $int $len
                    }
                    return ""
                }
            }
        }
        Source/FTP {
            # ns-source.tcl's backward-compatible FTP: `attach AGENT` (or `set agent_`),
            # start as `$agent_ advance $maxpkts_`, stop as `advance 0`, produce N as
            # `advance N`, producemore N as `advanceby N`
            switch -- $method {
                start - stop - produce - producemore {
                    ::satcc::rec act $h $method {*}$args
                    return ""
                }
            }
        }
        ErrorModel* {
            switch -- $method {
                unit { ::satcc::rec em-unit $h [lindex $args 0]; return "" }
                ranvar {
                    if {[llength $args] == 2} {
                        # ErrorModel/TwoState's `ranvar I RV`, its state I's length
                        ::satcc::rec em-law $h {*}$args
                    } else {
                        ::satcc::rec em-ranvar $h [lindex $args 0]
                    }
                    return ""
                }
                droplist {
                    # ErrorModel/List's numbers, in one list or several arguments
                    ::satcc::rec em-droplist $h [join $args " "]
                    return ""
                }
                drop-target { ::satcc::rec em-drop-target $h [lindex $args 0]; return "" }
            }
        }
        ErrorModule {
            switch -- $method {
                insert { lappend ::satcc::emodels($h) [lindex $args 0]; return "" }
                errormodels { return [expr {[info exists ::satcc::emodels($h)] ? $::satcc::emodels($h) : {}}] }
                bind {
                    # `$em bind MODEL ID ?LAST?`: flow ids ID to LAST go to MODEL
                    lassign $args m a b
                    if {$b eq ""} { set b $a }
                    ::satcc::rec em-bind $h $m $a $b
                    return ""
                }
                default { ::satcc::rec em-default $h [lindex $args 0]; return "" }
                drop-target - target {
                    if {[llength $args] == 0} { return "" }
                    ::satcc::unsupported "ErrorModule $method set by the script (ns-2's errormodule sets it to the link's drops)"
                }
            }
        }
        RNG {
            switch -- $method {
                next-random {
                    # ns-2's default generator drawn during the run (the satcc export
                    # takes ns2_rng_skip's draws again so, right after its seeding at
                    # time 0): counted, its value unknown here
                    if {$h eq $::defaultRNG && $::satcc::running} {
                        ::satcc::rec rng-draw $h
                        return 0
                    }
                    if {[llength $args] == 0} { return [::satcc::next_random $h] }
                }
                uniform - integer - exponential {
                    # ns-random.tcl's RNG instprocs, each from one next-random (the
                    # expressions as ns-2 writes them, unbraced)
                    switch -- $method {
                        uniform {
                            if {[llength $args] == 2} {
                                lassign $args a b
                                return [expr $a + (($b - $a) * ([::satcc::next_random $h] * 1.0 / 0x7fffffff))]
                            }
                        }
                        integer {
                            if {[llength $args] == 1} {
                                set k [lindex $args 0]
                                return [expr [::satcc::next_random $h] % abs($k)]
                            }
                        }
                        exponential {
                            if {[llength $args] <= 1} {
                                set mu [expr {[llength $args] ? [lindex $args 0] : 1.0}]
                                return [expr - $mu * log(([::satcc::next_random $h] + 1.0) / (0x7fffffff + 1.0))]
                            }
                        }
                    }
                }
                seed {
                    ::satcc::rec seed $h [lindex $args 0]
                    ::satcc::rng_seed $h [lindex $args 0]
                    return ""
                }
            }
        }
        RandomVariable/* {
            switch -- $method {
                use-rng {
                    set ::satcc::uses($h) [lindex $args 0]
                    ::satcc::rec use-rng $h [lindex $args 0]
                    return ""
                }
                value { return [::satcc::draw $h $cls] }
            }
        }
        QueueMonitor* {
            # a queue monitor's integrators and delay samples are objects a script reads
            # (ns-2's tcl/ex/example.tcl); what they read back is not simulated
            switch -- $method {
                get-bytes-integrator - get-pkts-integrator { return [::satcc::make Integrator] }
                get-delay-samples { return [::satcc::make Samples] }
                classifier { return [::satcc::make QueueMonitor/Classifier] }
                lookup { return [::satcc::make QueueMonitor/ED/Flow] }
                flows { return "" }
            }
            return 0
        }
        Queue/SFQ - Queue/DRR {
            # the fair schedulers' own commands set their variables (sfq.cc, drr.cc)
            set cmds [expr {$cls eq "Queue/SFQ" ? {limit maxqueue_ buckets buckets_}
                            : {blimit blimit_ buckets buckets_ quantum quantum_ mask mask_}}]
            if {[dict exists $cmds $method] && [llength $args] == 1} {
                return [::satcc::call $h set [dict get $cmds $method] [lindex $args 0]]
            }
            return 0
        }
        Tracefile {
            # the file of a trace-driven source (trace/traffictrace.cc), found beside the
            # script when relative
            if {$method eq "filename" && [llength $args] == 1} {
                ::satcc::rec trace-file $h [file normalize [satcc_beside [lindex $args 0]]]
                return ""
            }
        }
        Queue* {
            switch -- $method {
                shrink-queue - deactivate_queue - packetqueue-attach {
                    # DropTail's shrink-queue drops what is over the limit, the other two
                    # stop the queue or replace its packet store (queue.cc, drop-tail.cc)
                    ::satcc::unsupported "$cls's command '$method' ([string trim "$h $method $args"]) is not modelled by satcc: it changes what the queue holds or sends (a limit is changed by `\$ns queue-limit`, which satcc models)"
                }
                reset {
                    # `$ns run` resets every queue; during the run it drops what is queued
                    if {$::satcc::running} {
                        ::satcc::unsupported "$cls's command 'reset' during the run ($h reset) is not modelled by satcc: ns-2 drops every packet the queue holds"
                    }
                }
                printstats { ::satcc::note "queue printstats (statistics)" }
            }
            # what the queue reports (statistics, traced variables) is not simulated
            return 0
        }
        Integrator - Samples - DelayLink - Trace* - Classifier* {
            # what a queue monitor or a link reads back is not simulated
            return 0
        }
    }
    ::satcc::unsupported "$cls's command '$method' ([string trim "$h $method $args"]) is not modelled by satcc"
}

# ---------------------------------------------------------------- ns-2's generator
# A RandomVariable's `value` at script time (random start times, say) is reproduced when
# it draws from an RNG of the script's own that the script seeded: ns-2's MRG32k3a
# (tools/rng.cc; satcc.ns2.Ns2Rng), `seed N` setting all six words to N, and the value
# formatted as ns-2 returns it ("%e"). Draws from ns-2's default generator interleave with
# those ns-2 makes while building the agents, and are refused.
proc ::satcc::rng_seed {h n} {
    if {![string is integer -strict $n] || $n <= 0 || $n >= 2147483647} {
        # (0: from the clock, as the package seed it sets for RNGs made after)
        set ::satcc::rs($h) {}
        set ::satcc::pkg {}
        return
    }
    set x [expr {double($n)}]
    set ::satcc::rs($h) [list $x $x $x $x $x $x]
    # RNG::set_seed(long): the package seed set to N's stream, which this RNG takes
    # (init), leaving the package seed at the stream after it
    set ::satcc::pkg [::satcc::stream_after [list $n $n $n $n $n $n]]
}

# RNG::init's step of the package seed (RNG::next_seed_, six words): 2^127 draws on, by
# rng.cc's matrices A1p127 and A2p127. An RNG made without a seed takes the package seed
# as its stream and leaves the next one; seeding any RNG with N sets it to N's stream
# and moves it on the same way. After ns-2's start (ns-random.tcl's defaultRNG and
# route-proto.tcl's rtglibRNG, each seeded 1) it is the stream after 1's.
proc ::satcc::stream_after {s} {
    lassign $s a0 a1 a2 b0 b1 b2
    set m1 4294967087
    set m2 4294944443
    return [list \
        [expr {(2427906178 * $a0 + 3580155704 * $a1 + 949770784 * $a2) % $m1}] \
        [expr {(226153695 * $a0 + 1230515664 * $a1 + 3580155704 * $a2) % $m1}] \
        [expr {(1988835001 * $a0 + 986791581 * $a1 + 1230515664 * $a2) % $m1}] \
        [expr {(1464411153 * $b0 + 277697599 * $b1 + 1610723613 * $b2) % $m2}] \
        [expr {(32183930 * $b0 + 1464411153 * $b1 + 1022607788 * $b2) % $m2}] \
        [expr {(2824425944 * $b0 + 32183930 * $b1 + 2093834863 * $b2) % $m2}]]
}

# an RNG made by the script without a seed: the package seed's stream ({} if unknown)
proc ::satcc::rng_made {h} {
    if {![info exists ::satcc::pkg] || $::satcc::pkg eq ""} {
        set ::satcc::rs($h) {}
        return
    }
    set ::satcc::rs($h) [lmap w $::satcc::pkg {expr {double($w)}}]
    set ::satcc::pkg [::satcc::stream_after $::satcc::pkg]
}

proc ::satcc::u01 {h} {
    lassign $::satcc::rs($h) c0 c1 c2 c3 c4 c5
    set p1 [expr {1403580.0 * $c1 - 810728.0 * $c0}]
    set p1 [expr {$p1 - int($p1 / 4294967087.0) * 4294967087.0}]
    if {$p1 < 0.0} { set p1 [expr {$p1 + 4294967087.0}] }
    set p2 [expr {527612.0 * $c5 - 1370589.0 * $c3}]
    set p2 [expr {$p2 - int($p2 / 4294944443.0) * 4294944443.0}]
    if {$p2 < 0.0} { set p2 [expr {$p2 + 4294944443.0}] }
    set ::satcc::rs($h) [list $c1 $c2 $p1 $c4 $c5 $p2]
    if {$p1 > $p2} { return [expr {($p1 - $p2) / 4294967088.0}] }
    return [expr {($p1 - $p2 + 4294967087.0) / 4294967088.0}]
}

# One uniform draw of generator `h` for the script: an RNG of its own that it seeded, or
# ns-2's default generator before the run, where the agents made so far drew before it
# (::satcc::make) and the import counts the draw (script-draw) as it counts theirs. The
# default generator seeded with 0 (from the clock) or drawn during the run is refused.
proc ::satcc::script_u01 {h what} {
    if {$h eq $::defaultRNG && $::satcc::running} {
        ::satcc::unsupported "$what during the run from ns-2's default generator (its draws then interleave with\
            those of the run's queues, error models and sources; draw it before \`\$ns run\`, or from an RNG of\
            the script's own: \$rng seed N)"
    }
    if {![info exists ::satcc::rs($h)] || $::satcc::rs($h) eq ""} {
        set how {seed it with a number in [1, 2^31 - 2]: $rng seed N}
        ::satcc::unsupported "$what from an RNG seeded from the clock, or made without a seed after some RNG was\
            seeded from the clock (its stream follows the clock's; $how)"
    }
    if {$h eq $::defaultRNG} { ::satcc::rec script-draw $h }
    return [::satcc::u01 $h]
}

# A random variable's setting: the script's, else ns-2's default (ns-default.tcl)
proc ::satcc::rv_var {h cls var default} {
    if {[info exists ::satcc::iv($h,$var)] || [info exists ::satcc::cdef($cls,$var)]} {
        return [::satcc::call $h set $var]
    }
    return $default
}

# RNG::next(): rand_int(0, MAXINT), floor(2^31 x u) of one uniform draw
proc ::satcc::next_random {h} {
    return [expr {int(2147483648.0 * [::satcc::script_u01 $h "\$rng next-random ($h)"])}]
}

proc ::satcc::draw {h cls} {
    return [format %e [::satcc::draw_value $h $cls]]
}

# A random variable's draw at script time as the double ns-2 computes (`value` prints it
# with %e; a timer set from it keeps it whole)
proc ::satcc::draw_value {h cls} {
    set r [expr {[info exists ::satcc::uses($h)] ? $::satcc::uses($h) : $::defaultRNG}]
    set known {RandomVariable/Uniform RandomVariable/Exponential RandomVariable/Pareto RandomVariable/ParetoII
               RandomVariable/Constant}
    if {$cls ni $known} {
        ::satcc::unsupported "$cls value at script time (Uniform, Exponential, Pareto, ParetoII and Constant\
            variables are reproduced)"
    }
    if {$cls eq "RandomVariable/Constant"} { return [expr {double([::satcc::rv_var $h $cls val_ 1.0])}] }
    set u [::satcc::script_u01 $r "$cls value ($h)"]
    switch -- $cls {
        RandomVariable/Pareto - RandomVariable/ParetoII {
            # rng.h's pareto(avg_ (shape_ - 1) / shape_, shape_) and paretoII(avg_
            # (shape_ - 1), shape_)
            set pareto [expr {$cls eq "RandomVariable/Pareto"}]
            set avg [::satcc::rv_var $h $cls avg_ [expr {$pareto ? 1.0 : 10.0}]]
            set shape [::satcc::rv_var $h $cls shape_ [expr {$pareto ? 1.5 : 1.2}]]
            if {$pareto} {
                set scale [expr {double($avg) * ($shape - 1) / $shape}]
                return [expr {$scale * (1.0 / pow($u, 1.0 / $shape))}]
            }
            set scale [expr {double($avg) * ($shape - 1)}]
            return [expr {$scale * ((1.0 / pow($u, 1.0 / $shape)) - 1)}]
        }
        RandomVariable/Uniform {
            set lo [::satcc::call $h set min_]
            set hi [expr {[info exists ::satcc::iv($h,max_)] || [info exists ::satcc::cdef($cls,max_)]
                          ? [::satcc::call $h set max_] : 1.0}]
            return [expr {$lo + ($hi - $lo) * $u}]
        }
        RandomVariable/Exponential {
            set avg [expr {[info exists ::satcc::iv($h,avg_)] || [info exists ::satcc::cdef($cls,avg_)]
                           ? [::satcc::call $h set avg_] : 1.0}]
            return [expr {$avg * (-log($u))}]
        }
    }
}

# ---------------------------------------------------------------- the Simulator
proc ::satcc::link_of {a b} {
    if {![info exists ::satcc::link($a,$b)]} {
        ::satcc::unsupported "\$ns link: no link from $a to $b"
    }
    return $::satcc::link($a,$b)
}

proc ::satcc::simplex {a b bw delay qtype} {
    if {[info exists ::satcc::link($a,$b)]} {
        # ns-2's Simulator keeps the last link made between two nodes (its link_ array):
        # routes and `$ns link` take it, and the first carries nothing (ns-2's test
        # suites' net3 makes its bottleneck with two duplex-links)
        ::satcc::rec relink $a $b
    }
    set l [::satcc::make Link]
    set ::satcc::lq($l) [::satcc::make Queue/$qtype]
    set ::satcc::ld($l) [::satcc::make DelayLink]
    set ::satcc::link($a,$b) $l
    # ns-2's simplex-link makes b a neighbour of a (Node neighbors, in link order)
    if {![info exists ::satcc::nbr($a)] || [lsearch -exact $::satcc::nbr($a) $b] < 0} { lappend ::satcc::nbr($a) $b }
    ::satcc::rec link $l $a $b $bw $delay $qtype $::satcc::lq($l) $::satcc::ld($l)
    # a link made after `$ns trace-all` or `namtrace-all` is traced (its drop trace drpT_,
    # which an FQ link's per-flow queues drop into)
    if {[info exists ::satcc::traceall]} { ::satcc::rec traced $l }
    # what the script reads back of the link as built (`[[$ns link $a $b] link] set
    # bandwidth_`), in ns-2's units; the values recorded are read by the import itself
    set d $::satcc::ld($l)
    if {[regexp {^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*([kKmMgG]?)(B?)} $bw -> x p by]} {
        set x [expr {double($x) * [dict get {"" 1.0 k 1e3 m 1e6 g 1e9} [string tolower $p]]}]
        set ::satcc::iv($d,bandwidth_) [expr {$by eq "B" ? $x * 8 : $x}]
    }
    if {[regexp {^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*([munp]?)} $delay -> x p]} {
        set ::satcc::iv($d,delay_) [expr {double($x) * [dict get {"" 1.0 m 1e-3 u 1e-6 n 1e-9 p 1e-12} $p]}]
    }
}

# the far ends of a link dynamics model's links: B for a link's (`... A B`, `n` 4 words),
# else each neighbour of A (a node's: every link of it, as rtModel's set-elements takes)
proc ::satcc::model_ends {a b n} {
    if {$n == 4} { return [list $b] }
    set others {}
    foreach k [lsort [array names ::satcc::link "$a,*"]] {
        lappend others [lindex [split $k ,] 1]
    }
    return $others
}

proc ::satcc::sim {ns method argv} {
    variable now
    switch -- $method {
        node {
            if {[llength $argv] > 0} { ::satcc::unsupported "\$ns node with arguments ($argv)" }
            set h [::satcc::make Node]
            # ns-2's Simulator keeps its nodes in an array by number (Node_), in the
            # order they were made; `$ns run` resets them in that array's order
            set ::satcc::Node_([array size ::satcc::Node_]) $h
            return $h
        }
        duplex-link {
            lassign $argv a b bw delay qtype
            if {[llength $argv] != 5} { ::satcc::unsupported "\$ns duplex-link $argv (A B BW DELAY QUEUE)" }
            ::satcc::simplex $a $b $bw $delay $qtype
            ::satcc::simplex $b $a $bw $delay $qtype
            return ""
        }
        simplex-link {
            lassign $argv a b bw delay qtype
            if {[llength $argv] != 5} { ::satcc::unsupported "\$ns simplex-link $argv (A B BW DELAY QUEUE)" }
            ::satcc::simplex $a $b $bw $delay $qtype
            return ""
        }
        insert-delayer {
            # ns-queue.tcl's Simulator insert-delayer: the Delayer after the link's queue
            lassign $argv a b d
            if {[llength $argv] != 3} { ::satcc::unsupported "\$ns insert-delayer $argv (A B DELAYER)" }
            ::satcc::rec insert-delayer [::satcc::link_of $a $b] $d
            return ""
        }
        cost {
            # a link direction's routing cost (ns-2's Link cost_, read by RouteLogic)
            lassign $argv a b c
            if {[llength $argv] != 3} { ::satcc::unsupported "\$ns cost $argv (A B COST)" }
            ::satcc::rec cost [::satcc::link_of $a $b] $c
            return ""
        }
        queue-limit {
            lassign $argv a b n
            ::satcc::rec queue-limit [::satcc::link_of $a $b] $n
            return ""
        }
        link { return [::satcc::link_of [lindex $argv 0] [lindex $argv 1]] }
        bandwidth - delay {
            # ns-lib.tcl's `$ns bandwidth A B BW [duplex]` and `$ns delay A B D [duplex]`:
            # the link's DelayLink bandwidth_ or delay_ set, one direction or both
            lassign $argv a b v type
            if {[llength $argv] ni {3 4}} { ::satcc::unsupported "\$ns $method $argv (A B VALUE \[duplex\])" }
            set var [expr {$method eq "bandwidth" ? "bandwidth_" : "delay_"}]
            ::satcc::call $::satcc::ld([::satcc::link_of $a $b]) set $var $v
            if {$type eq "duplex"} { ::satcc::call $::satcc::ld([::satcc::link_of $b $a]) set $var $v }
            return ""
        }
        attach-agent {
            ::satcc::port_attach [lindex $argv 0] [lindex $argv 1]
            ::satcc::rec attach [lindex $argv 0] [lindex $argv 1]; return ""
        }
        detach-agent {
            ::satcc::port_detach [lindex $argv 0] [lindex $argv 1]
            ::satcc::rec detach [lindex $argv 0] [lindex $argv 1]; return ""
        }
        connect {
            ::satcc::port_connect [lindex $argv 0] [lindex $argv 1]
            ::satcc::rec connect [lindex $argv 0] [lindex $argv 1]; return ""
        }
        create-connection - create-connection-list {
            # ns-lib.tcl's helpers: both agents made, attached and connected
            lassign $argv stype snode dtype dnode fid
            if {[llength $argv] != 5} { ::satcc::unsupported "\$ns $method $argv (STYPE SNODE DTYPE DNODE FID)" }
            set s [new Agent/$stype]
            set d [new Agent/$dtype]
            ::satcc::call $s set fid_ $fid
            ::satcc::call $d set fid_ $fid
            ::satcc::port_attach $snode $s
            ::satcc::port_attach $dnode $d
            ::satcc::port_connect $s $d
            ::satcc::rec attach $snode $s
            ::satcc::rec attach $dnode $d
            ::satcc::rec connect $s $d
            if {$method eq "create-connection"} { return $s }
            return [list $s $d]
        }
        lossmodel - link-lossmodel {
            lassign $argv em a b
            ::satcc::rec lossmodel $method $em [::satcc::link_of $a $b]
            return ""
        }
        at {
            lassign $argv t script
            variable events
            variable eseq
            lappend events [list [expr {double($t)}] [incr eseq] $script]
            return $eseq
        }
        at-now { return [::satcc::sim $ns at [list $now [lindex $argv 0]]] }
        cancel {
            # `$ns cancel ID`: the event `$ns at` returned that ID for is taken out
            variable events
            set events [lsearch -all -inline -not -exact -index 1 $events [lindex $argv 0]]
            return ""
        }
        now { return $now }
        run {
            # the order `$ns run` resets the nodes (and each node its agents): ns-2's
            # `foreach nn [array names Node_]`, the same Tcl's hash order here
            ::satcc::rec reset-order [info tclversion] {*}[lmap k [array names ::satcc::Node_] {set ::satcc::Node_($k)}]
            ::satcc::play
            return ""
        }
        halt { return -code error -errorcode {SATCC EXIT} "halt" }
        is-started { return $::satcc::running }
        trace-all - namtrace-all - trace-queue - namtrace-queue {
            if {$method in {trace-all namtrace-all}} {
                set ::satcc::traceall 1
            } elseif {[llength $argv] >= 2} {
                ::satcc::rec traced [::satcc::link_of [lindex $argv 0] [lindex $argv 1]]
            }
            ::satcc::note "\$ns $method (tracing and drawing)"
            return ""
        }
        namtrace-all-wireless - flush-trace - use-newtrace -
        color - duplex-link-op - simplex-link-op - use-scheduler - puts-nam-config - set-animation-rate -
        add-agent-trace - monitor-agent-trace - delete-agent-trace - create-trace - get-ns-traceall -
        get-nam-traceall - trace-annotate - namtrace-config - nam-end-wireless - eventtrace-all {
            ::satcc::note "\$ns $method (tracing and drawing)"
            return ""
        }
        monitor-queue {
            ::satcc::note "\$ns monitor-queue (queue monitors read nothing back here)"
            return [::satcc::make QueueMonitor]
        }
        makeflowmon - attach-fmon {
            ::satcc::note "\$ns $method (flow monitors read nothing back here)"
            return [::satcc::make QueueMonitor]
        }
        rtmodel-at {
            # ns-2's manual link dynamics (`$ns rtmodel-at T down|up N1 N2`): both
            # directions of the link go down or up; routes stay as computed (static)
            lassign $argv t op a b
            if {[llength $argv] ni {3 4} || $op ni {up down}} {
                ::satcc::unsupported "\$ns rtmodel-at $argv (T down|up NODE NODE, a link's, or T down|up NODE, every link of the node's)"
            }
            foreach b [::satcc::model_ends $a $b [llength $argv]] {
                ::satcc::rec rtmodel [expr {double($t)}] $op [::satcc::link_of $a $b] [::satcc::link_of $b $a]
            }
            return ""
        }
        rtmodel {
            # ns-2's periodic and random link dynamics: `$ns rtmodel Deterministic|Exponential
            # {PARMS} N1 [N2]` (a link's two directions, or every link of a node)
            lassign $argv dist parms a b
            if {$dist ni {Deterministic Exponential} || [llength $argv] ni {3 4}} {
                ::satcc::unsupported "\$ns rtmodel $argv (Deterministic or Exponential, {\[START\] UP DOWN \[FINISH\]}, NODE \[NODE\]; the Trace model is not modelled)"
            }
            set ls {}
            foreach b [::satcc::model_ends $a $b [llength $argv]] {
                lappend ls [::satcc::link_of $a $b] [::satcc::link_of $b $a]
            }
            ::satcc::rec rtmodel-dist $dist $parms {*}$ls
            return [::satcc::make rtModel]
        }
        rtproto {
            # ns-2's default: shortest paths computed once, as satcc's routes are
            if {$argv eq "Static"} { ::satcc::note "\$ns rtproto Static (ns-2's default routing)"; return "" }
            # centralised routing, every route computed again when links fail or come
            # back (satcc's routing: session); ns-2 reads no node list for it
            if {[lindex $argv 0] eq "Session"} {
                if {[llength $argv] > 1} { ::satcc::note "\$ns rtproto Session on some nodes (ns-2 routes them all)" }
                ::satcc::rec rtproto Session
                return ""
            }
            # distance vector: each node's agent sends its table to its neighbours
            # (satcc's routing: dv); only on every node
            if {[lindex $argv 0] eq "DV"} {
                if {[llength $argv] > 1} {
                    ::satcc::unsupported "\$ns rtproto DV on some nodes only is not modelled (DV on every node is: \$ns rtproto DV)"
                }
                ::satcc::rec rtproto DV
                return ""
            }
            ::satcc::unsupported "\$ns rtproto ($argv) is not modelled (Static, Session and DV are; ns-2's other protocols (LS, Manual, algorithmic) route otherwise)"
        }
    }
    set why {newLan "a shared LAN and its MAC's contention" make-lan "a shared LAN and its MAC's contention"
             node-config "wireless nodes" mrtproto "multicast routing"}
    if {$method eq "node-config" && [lsearch -exact $argv -satNodeType] >= 0} {
        # ns-2's satellite extension (Henderson's): its terminals reach a GEO repeater or
        # a polar constellation over Channel/Sat with a MAC, LL and Phy of their own
        dict set why node-config "ns-2's satellite nodes (Channel/Sat, Mac/Sat, LL/Sat, satellite handoffs); give a\
 GEO hop as nodes and duplex links of its propagation delay (a bent pipe: terminal to satellite and satellite to\
 terminal, about 120-140 ms each), or a moving LEO network as a scenario's constellation section (docs/leo.md)"
    }
    if {$method eq "node-config" && [llength $argv] == 2 && [lindex $argv 0] eq "-addressType"} {
        # hierarchical addresses alone (wired scripts use them too): ns-2 then routes
        # domain by domain and cluster by cluster, not along the network's shortest paths
        dict set why node-config "addresses of type [lindex $argv 1] (ns-2 then routes by domain and cluster, which\
 satcc does not model; ns-2's default flat addresses are: leave the node-config and the AddrParams out and make\
 the nodes with \$ns node)"
    }
    set what [expr {[dict exists $why $method] ? ": [dict get $why $method]" : ""}]
    ::satcc::unsupported "\$ns $method ([join $argv { }]) is not modelled by satcc$what"
}

# the `$ns at` events in time order (equal times in the order they were written, as ns-2
# runs them); each may schedule more
proc ::satcc::play {} {
    variable events
    variable now
    variable running
    set running 1
    set n 0
    while {[llength $events] > 0} {
        set events [lsort -real -index 0 [lsort -integer -index 1 $events]]
        set e [lindex $events 0]
        set events [lrange $events 1 end]
        set now [lindex $e 0]
        if {[incr n] > 1000000} { ::satcc::unsupported "more than a million \$ns at events" }
        set code [catch {uplevel #0 [lindex $e 2]} msg opts]
        if {$code == 1} {
            if {[lindex [dict get $opts -errorcode] 0] eq "SATCC"} {
                if {[lindex [dict get $opts -errorcode] 1] eq "EXIT"} {
                    set ::satcc::ended $now
                    break
                }
                return -options $opts $msg
            }
            return -code error "the event at $now s ([lindex $e 2]) failed: $msg"
        }
    }
    ::satcc::write
    ::satcc::real_exit 0
}

# ---------------------------------------------------------------- classes
# `Agent/TCP set window_ 20` and the like: a class's default for the objects made after
proc ::satcc::is_class {name} {
    return [regexp {^(Agent|Queue|Application|ErrorModel|RandomVariable|Simulator|DelayLink|LinkDelay|Link|SimpleLink|Node|Trace|Classifier|RNG|Connector|TracedVar|Mac|LL|Phy|Channel|Scheduler|Source|QueueMonitor|FQLink|Delayer)(/.*)?$} $name]
}

rename unknown ::satcc::real_unknown
proc unknown {cmd args} {
    if {$cmd eq "Simulator" && $args eq "instance" && [info exists ::satcc::ns]} {
        # the simulator a script's procs find without a global (ns-lib.tcl)
        return $::satcc::ns
    }
    if {[::satcc::is_class $cmd]} {
        switch -- [lindex $args 0] {
            set {
                if {[llength $args] == 2} { return [::satcc::class_get $cmd [lindex $args 1]] }
                set ::satcc::cdef($cmd,[lindex $args 1]) [lindex $args 2]
                ::satcc::rec class-set $cmd [lindex $args 1] [lindex $args 2]
                return [lindex $args 2]
            }
            instproc - proc {
                if {$cmd eq "Agent/Ping" && [lindex $args 1] eq "recv"} {
                    ::satcc::rec ping-recv
                    ::satcc::note "Agent/Ping instproc recv (not run: what ns-2 hands it, each answered request's round trip, is satcc's pings table)"
                    return ""
                }
                ::satcc::note "$cmd [lindex $args 0] [lindex $args 1] (procedures of ns-2's classes are not run)"
                return ""
            }
            info { return "" }
            enable-module - disable-module {
                set what "$cmd [lindex $args 0] [lindex $args 1]"
                ::satcc::unsupported "$what (node modules are not modelled: ns-2's default nodes are)"
            }
        }
    }
    return [uplevel 1 [list ::satcc::real_unknown $cmd {*}$args]]
}

# ---------------------------------------------------------------- the script's own classes
# OTcl as a script uses it to organise itself (ns-2's test suites: `Class TestSuite`,
# `Class Test/x -superclass TestSuite`, instprocs with $self, instvar and next, `new`,
# class procs such as `TestSuite proc runTest`): the methods run as in ns, each object's
# variables in a namespace of its own. A class of the script's may not extend one of
# ns-2's (an agent or queue of its own is C++ or OTcl satcc does not model).
proc Class {name args} {
    if {[::satcc::is_class $name]} {
        ::satcc::unsupported "Class $name: a class in ns-2's own hierarchy (an agent, queue or application of the script's own is not modelled)"
    }
    set ::satcc::ucls($name) 1
    set ::satcc::usuper($name) Object
    interp alias {} $name {} ::satcc::uclass $name
    foreach {opt val} $args {
        if {$opt ne "-superclass"} { ::satcc::unsupported "Class $name $opt (only -superclass is read)" }
        ::satcc::uclass $name superclass $val
    }
    return $name
}

proc ::satcc::uclass {cls sub args} {
    switch -- $sub {
        instproc {
            lassign $args m params body
            set key [incr ::satcc::ukey]
            proc ::satcc::um$key [concat {self class proc} $params] $body
            set ::satcc::um($cls,$m) $key
            return ""
        }
        proc {
            lassign $args m params body
            set key [incr ::satcc::ukey]
            proc ::satcc::um$key [concat {self class proc} $params] $body
            set ::satcc::ucp($cls,$m) $key
            return ""
        }
        superclass {
            if {[llength $args] == 0} { return $::satcc::usuper($cls) }
            set sup [lindex $args 0]
            if {[llength $sup] > 1} { ::satcc::unsupported "Class $cls -superclass {$sup} (one superclass is read)" }
            if {$sup ne "" && ![info exists ::satcc::ucls($sup)]} {
                ::satcc::unsupported "Class $cls -superclass $sup: a class of the script's own extending one of ns-2's"
            }
            set ::satcc::usuper($cls) $sup
            return ""
        }
        create { return [::satcc::unew $cls [lindex $args 0] {*}[lrange $args 1 end]] }
        set {
            if {[llength $args] == 1} { return $::satcc::ucv($cls,[lindex $args 0]) }
            return [set ::satcc::ucv($cls,[lindex $args 0]) [lindex $args 1]]
        }
        info {
            switch -- [lindex $args 0] {
                superclass { return $::satcc::usuper($cls) }
                instprocs {
                    # the methods this class defines, those matching a pattern if given
                    set ms [lmap k [array names ::satcc::um "$cls,*"] {lindex [split $k ,] 1}]
                    if {[llength $args] > 1} { set ms [lsearch -all -inline -glob $ms [lindex $args 1]] }
                    return $ms
                }
                instbody - instargs {
                    # a method's body or arguments, as defined on this class (ns-2's test
                    # suites copy one test's run into another: `instproc run {} [... info
                    # instbody run]`)
                    set m [lindex $args 1]
                    if {![info exists ::satcc::um($cls,$m)]} { error "$cls: no instproc $m" }
                    set p ::satcc::um$::satcc::um($cls,$m)
                    if {[lindex $args 0] eq "instbody"} { return [info body $p] }
                    return [lrange [info args $p] 3 end]
                }
                subclass {
                    # OTcl: the direct subclasses; with a class, whether it is this one
                    # or one below it (ns-2's test suites ask `Topology/net8 info subclass
                    # Topology/net8`), an error if it is no class (their isProc?)
                    if {[llength $args] == 1} {
                        return [lsort [lmap c [array names ::satcc::ucls] {
                            if {$::satcc::usuper($c) ne $cls} continue; set c}]]
                    }
                    set sub [lindex $args 1]
                    if {![info exists ::satcc::ucls($sub)]} { error "no such class: $sub" }
                    for {set c $sub} {$c ne ""} {set c $::satcc::usuper($c)} {
                        if {$c eq $cls} { return 1 }
                    }
                    return 0
                }
            }
            return ""
        }
    }
    # a class proc, looked up the superclasses
    for {set c $cls} {$c ne ""} {set c $::satcc::usuper($c)} {
        if {[info exists ::satcc::ucp($c,$sub)]} {
            return [uplevel 1 [list ::satcc::um$::satcc::ucp($c,$sub) $cls $cls $sub {*}$args]]
        }
    }
    ::satcc::unsupported "$cls $sub (not a method of an OTcl class)"
}

# OTcl's root class: `Object instproc m args body` gives every object of the script's
# classes the method (ns-2's test suites' misc_simple.tcl defines `exit` so)
set ::satcc::ucls(Object) 1
set ::satcc::usuper(Object) {}
interp alias {} Object {} ::satcc::uclass Object

# an object of a script's class: `new C args` and `C create name args` run its init
proc ::satcc::unew {cls name args} {
    if {$name eq ""} { set name "_u[incr ::satcc::seq]" }
    set ::satcc::uobj($name) $cls
    namespace eval ::satcc::uo::$name {}
    interp alias {} $name {} ::satcc::usend $name
    ::satcc::usend $name init {*}$args
    return $name
}

# the method `m` of object `h`, from class `from` up
proc ::satcc::ufind {from m} {
    for {set c $from} {$c ne ""} {set c $::satcc::usuper($c)} {
        if {[info exists ::satcc::um($c,$m)]} { return [list $c $::satcc::um($c,$m)] }
    }
    return ""
}

proc ::satcc::ucall {h c key m args} {
    lappend ::satcc::ustack [list $c $m]
    set code [catch {uplevel 1 [list ::satcc::um$key $h $c $m {*}$args]} res opts]
    set ::satcc::ustack [lrange $::satcc::ustack 0 end-1]
    return -options $opts $res
}

proc ::satcc::usend {h m args} {
    switch -- $m {
        instvar {
            foreach v $args {
                lassign $v var alias
                if {$alias eq ""} { set alias $var }
                uplevel 1 [list upvar #0 ::satcc::uo::${h}::$var $alias]
            }
            return ""
        }
        set {
            set var ::satcc::uo::${h}::[lindex $args 0]
            if {[llength $args] == 1} { return [set $var] }
            return [set $var [lindex $args 1]]
        }
        next {
            # the method after the running one, up from the class that defined it
            lassign [lindex $::satcc::ustack end] c cur
            set found [::satcc::ufind $::satcc::usuper($c) $cur]
            if {$found eq ""} { return "" }
            return [uplevel 1 [list ::satcc::ucall $h {*}$found $cur {*}$args]]
        }
        info {
            switch -- [lindex $args 0] {
                class { return $::satcc::uobj($h) }
                vars { return [lmap v [info vars ::satcc::uo::${h}::*] {namespace tail $v}] }
            }
            return ""
        }
        destroy { interp alias {} $h {}; return "" }
        array {
            # OTcl's `$obj array op var ...` on an instance variable
            lassign $args op var
            return [array $op ::satcc::uo::${h}::$var {*}[lrange $args 2 end]]
        }
    }
    set found [::satcc::ufind $::satcc::uobj($h) $m]
    if {$found eq ""} {
        if {$m eq "init"} {
            if {[llength $args] > 0} { ::satcc::unsupported "new $::satcc::uobj($h) with arguments and no init" }
            return ""
        }
        ::satcc::unsupported "$::satcc::uobj($h) $m (not a method of the script's class)"
    }
    return [uplevel 1 [list ::satcc::ucall $h {*}$found $m {*}$args]]
}

# the generator: `$defaultRNG seed N`, `ns-random N`
set defaultRNG [::satcc::make RNG]
# (seeded with 1, as ns-2's is: its draws mirrored at script time, ::satcc::script_u01)
::satcc::rng_seed $defaultRNG 1
proc ns-random {args} {
    if {[llength $args] == 1} {
        ::satcc::rec seed $::defaultRNG [lindex $args 0]
        ::satcc::rng_seed $::defaultRNG [lindex $args 0]
        return ""
    }
    # ns-random.tcl's: the default generator's next-random
    if {[llength $args] == 0} { return [::satcc::call $::defaultRNG next-random] }
    ::satcc::unsupported "ns-random [join $args] (ns-random N seeds the generator, ns-random draws from it)"
}
proc ns-version {} { return 2.35 }
# ns-packet.tcl's choice of the headers a packet carries (ns-2's test suites keep only
# those they use): its room in memory, not its size on the wire, which the agents set
# (the import checks that those its agents read and write are kept)
proc remove-all-packet-headers {} {
    ::satcc::note "remove-all-packet-headers (the headers a packet carries in memory; its size on the wire is its agent's)"
    ::satcc::rec packet-headers remove-all
    return ""
}
proc add-packet-header {args} {
    ::satcc::rec packet-headers add {*}$args
    return ""
}
proc remove-packet-header {args} {
    ::satcc::note "remove-packet-header [join $args { }] (the headers a packet carries in memory)"
    ::satcc::rec packet-headers remove {*}$args
    return ""
}

rename exit ::satcc::real_exit
proc exit {args} { return -code error -errorcode {SATCC EXIT} "exit" }
proc exec {args} { ::satcc::note "exec (not run)"; return "" }
# the executables ns-2's ns-autoconf.tcl names as globals, which test suites' finish
# procedures hand to exec (never run here)
set ::PERL perl
set ::TCLSH tclsh

# ---------------------------------------------------------------- JSON out
proc ::satcc::json_str {s} {
    return "\"[string map {\\ \\\\ \" \\\" \n \\n \r \\r \t \\t} $s]\""
}

proc ::satcc::write {} {
    variable out
    # the script's names for its objects: a global variable or array element holding one
    foreach g [lsort [info globals]] {
        if {[array exists ::$g]} {
            foreach k [lsort -dictionary [array names ::$g]] {
                set v [set ::${g}($k)]
                if {[info exists ::satcc::cls($v)]} { ::satcc::rec name $v "$g\($k\)" }
            }
        } elseif {[info exists ::$g]} {
            set v [set ::$g]
            if {[info exists ::satcc::cls($v)]} { ::satcc::rec name $v $g }
        }
    }
    # then those the objects of the script's own classes hold (`$self instvar node_`)
    foreach o [lsort -dictionary [namespace children ::satcc::uo]] {
        foreach v [lsort [info vars ${o}::*]] {
            set g [namespace tail $v]
            if {[array exists $v]} {
                foreach k [lsort -dictionary [array names $v]] {
                    set x [set ${v}($k)]
                    if {[info exists ::satcc::cls($x)]} { ::satcc::rec name $x "$g\($k\)" }
                }
            } elseif {[info exists $v] && [info exists ::satcc::cls([set $v])]} {
                ::satcc::rec name [set $v] $g
            }
        }
    }
    set items {}
    foreach r $out {
        set fields {}
        foreach x $r { lappend fields [::satcc::json_str $x] }
        lappend items "\[[join $fields ,]\]"
    }
    set notes {}
    foreach n $::satcc::notes { lappend notes [::satcc::json_str $n] }
    set f [open $::satcc_out w]
    puts $f "\{\"records\": \[[join $items ,\n]\], \"notes\": \[[join $notes ,]\], \"ended\": [::satcc::json_str $::satcc::ended], \"last\": [::satcc::json_str $::satcc::now]\}"
    close $f
}
