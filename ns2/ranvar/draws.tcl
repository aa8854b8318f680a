# Script-time draws of ns-2's random variables and generators (what
# satcc from-ns2 reproduces: python/satcc/ns2_import.tcl). `ns draws.tcl >
# ../reference/ranvar_draws.txt` wrote the reference; the test runs the same script
# against satcc's stand-in and compares every line.
set r [new RNG]
$r seed 12345
set v [new RandomVariable/Uniform]
$v use-rng $r
$v set min_ 0.5
$v set max_ 20
set e [new RandomVariable/Exponential]
$e use-rng $r
$e set avg_ 3.0
set r2 [new RNG]
$r2 seed 7
set w [new RandomVariable/Uniform]
$w use-rng $r2
for {set i 0} {$i < 2000} {incr i} { puts "u [$v value]"; puts "e [$e value]"; puts "w [$w value]" }
# Since 2026-12-06: Pareto, ParetoII and Constant variables, ns-random.tcl's RNG
# instprocs on an RNG of the script's own, and ns-2's default generator drawn between
# TCP agents' constructors, which draw from it too (one each, two for Vegas)
set p [new RandomVariable/Pareto]
$p use-rng $r
$p set avg_ 2.0
$p set shape_ 1.3
set p2 [new RandomVariable/ParetoII]
$p2 use-rng $r2
set c [new RandomVariable/Constant]
$c set val_ 4.25
for {set i 0} {$i < 300} {incr i} {
    puts "p [$p value]"; puts "p2 [$p2 value]"; puts "c [$c value]"
    puts "ru [$r uniform 1 5]"; puts "ri [$r integer 77]"; puts "re [$r exponential 2.5]"
    puts "rn [$r2 next-random]"
}
set ns [new Simulator]
$defaultRNG seed 99
set d [new RandomVariable/Uniform]
$d set max_ 8
for {set i 0} {$i < 300} {incr i} {
    set a [new Agent/TCP[expr {$i % 3 == 0 ? "/Vegas" : "/Reno"}]]
    puts "du [$defaultRNG uniform 0 1]"; puts "dv [$d value]"; puts "dn [ns-random]"
    puts "di [$defaultRNG integer 1000]"; puts "de [$defaultRNG exponential]"
}
# RNGs made without a seed: each takes ns-2's package seed as its stream and moves it on
# 2^127 draws; seeding any RNG sets it to the stream after the seed's
set q1 [new RNG]
set q2 [new RNG]
set qv [new RandomVariable/Exponential]
$qv use-rng $q2
$r seed 31
set q3 [new RNG]
for {set i 0} {$i < 200} {incr i} {
    puts "q1 [$q1 next-random]"; puts "q2 [$qv value]"; puts "q3 [$q3 uniform 2 4]"
}
