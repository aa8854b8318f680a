# ns-2 2.35's variables of the classes `satcc from-ns2` reads, as ns-2 itself lists them.
# For each class and each of its superclasses below the library's roots (SplitObject,
# TclObject, OTcl's Object):
#   class C super S     its superclass
#   own VAR VALUE       a default the class sets itself (ns-default.tcl, the Tcl library)
# and for each class the import reads, a new object's variables beyond those:
#   made VAR VALUE      its value on a new object (its init's and its C++ constructor's
#                       settings; satcc.dev.ns2vars keeps those that differ from the class's)
# A new object takes each variable from the nearest class in its heritage that sets it.
# A name in none of these is one ns-2 keeps as a plain Tcl variable that nothing reads.
# Run under ns by `python -m satcc.dev.ns2vars write`, which writes python/satcc/ns2_vars.json.
set ns [new Simulator]
set classes {
    Agent/TCP Agent/TCP/Reno Agent/TCP/Newreno Agent/TCP/Sack1 Agent/TCP/Fack Agent/TCP/Vegas
    Agent/TCPSink Agent/TCPSink/DelAck Agent/TCPSink/Sack1 Agent/TCPSink/Sack1/DelAck
    Agent/UDP Agent/CBR Agent/Null Agent/LossMonitor Agent/Ping
    Queue/DropTail Queue/RED Queue/PI Queue/REM Queue/SFQ Queue/DRR
    ErrorModel ErrorModel/Uniform ErrorModel/Periodic ErrorModel/List ErrorModel/TwoState
    ErrorModel/Expo ErrorModel/TwoStateMarkov
    RandomVariable/Uniform RandomVariable/Exponential RandomVariable/Constant RandomVariable/Pareto
    RandomVariable/ParetoII
    Application/FTP Application/Telnet
    Application/Traffic/CBR Application/Traffic/Exponential Application/Traffic/Pareto
    Application/Traffic/Trace
}
set done {}
foreach c $classes {
    foreach k [concat $c [$c info heritage]] {
        if {$k in $done || $k in {SplitObject TclObject Object}} { continue }
        lappend done $k
        puts "class $k super [lindex [$k info superclass] 0]"
        foreach v [lsort [$k info vars]] {
            if {![catch {$k set $v} x]} { puts "own $v [list $x]" }
        }
    }
}
foreach c $classes {
    # ErrorModel/Uniform's init takes its rate and unit
    if {[catch {new $c} o]} { set o [new $c 0 pkt] }
    puts "class $c"
    foreach v [lsort [$o info vars]] {
        # id is the object's number in the Tcl library, not a setting
        if {$v ne "id" && ![catch {$o set $v} x]} { puts "made $v [list $x]" }
    }
}
