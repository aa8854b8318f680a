//! ns-2 2.35's default random number generator, so that a run can take the draws ns-2
//! takes, in ns-2's order (Scenario::ns2_rng_seed).
//!
//! ns-2's tools/rng.cc is L'Ecuyer's MRG32k3a (RngStream) without increased
//! precision, computed in doubles exactly as here: `$defaultRNG seed S` sets all six
//! state words to S, and each uniform draw is one step of both components. Every
//! model that calls `Random::uniform()` (RED's early drop, an ErrorModel without a
//! random variable of its own or with a RandomVariable/Uniform on the default
//! generator) takes the next draw of this one stream, in event order.

const M1: f64 = 4294967087.0;
const M2: f64 = 4294944443.0;
const NORM: f64 = 1.0 / (M1 + 1.0);
const A12: f64 = 1403580.0;
const A13N: f64 = 810728.0;
const A21: f64 = 527612.0;
const A23N: f64 = 1370589.0;

/// The largest seed ns-2 accepts (`seed` takes 1 to 2^31 - 2).
pub const MAX_SEED: u32 = 2_147_483_646;

#[derive(Clone, Debug)]
pub struct Ns2Rng {
    c: [f64; 6],
}

impl Ns2Rng {
    /// The generator after `$defaultRNG seed seed` (1 <= seed <= MAX_SEED).
    pub fn new(seed: u32) -> Self {
        debug_assert!((1..=MAX_SEED).contains(&seed));
        Ns2Rng { c: [seed as f64; 6] }
    }

    /// The next uniform draw in (0, 1), ns-2's RNG::next_double (RngStream::U01).
    pub fn u01(&mut self) -> f64 {
        let c = &mut self.c;
        let mut p1 = A12 * c[1] - A13N * c[0];
        p1 -= (p1 / M1).trunc() * M1;
        if p1 < 0.0 {
            p1 += M1;
        }
        c[0] = c[1];
        c[1] = c[2];
        c[2] = p1;
        let mut p2 = A21 * c[5] - A23N * c[3];
        p2 -= (p2 / M2).trunc() * M2;
        if p2 < 0.0 {
            p2 += M2;
        }
        c[3] = c[4];
        c[4] = c[5];
        c[5] = p2;
        if p1 > p2 {
            (p1 - p2) * NORM
        } else {
            (p1 - p2 + M1) * NORM
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ns-2 2.35's own output (tests/test_ns2_exact.py has the same values): after
    /// `$defaultRNG seed 1`, `testdouble 1.0` twice and `testdouble 0.01`, printed %6e;
    /// after `seed 1000` / `seed 1001` and one draw, `next-random` (2^31 x the next draw).
    #[test]
    fn draws_are_ns2s() {
        let mut r = Ns2Rng::new(1);
        let got = [r.u01(), r.u01(), 0.01 * r.u01()].map(|x| format!("{x:.6e}"));
        assert_eq!(got, ["3.395772e-4", "5.558807e-1", "1.420466e-4"]);
        for (seed, want) in [(1000u32, 1886296480u64), (1001, 932557581)] {
            let mut r = Ns2Rng::new(seed);
            r.u01();
            assert_eq!((2f64.powi(31) * r.u01()) as u64, want);
        }
    }

    #[test]
    fn draws_stay_in_the_open_unit_interval() {
        let mut r = Ns2Rng::new(MAX_SEED);
        for _ in 0..100_000 {
            let u = r.u01();
            assert!(u > 0.0 && u < 1.0);
        }
    }
}
