# Script-time draws of ns-2's random variables from an RNG of the script's own (what
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
