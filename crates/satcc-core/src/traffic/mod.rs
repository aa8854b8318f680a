//! Applications that hand data to a TCP sender: greedy bulk transfers and Pareto
//! ON/OFF sources (ns-2's Application/Traffic/Pareto over a TCP agent).

use crate::engine::rng::StreamRng;
use rand::Rng;

#[derive(Clone, Debug, PartialEq)]
pub enum TrafficSpec {
    /// Always has data to send between its start and stop times.
    Bulk,
    /// Alternates ON periods, during which it produces packets at `rate_bps`, and
    /// silent OFF periods; both lengths are Pareto distributed with the given means.
    ParetoOnOff { shape: f64, mean_on_s: f64, mean_off_s: f64, rate_bps: f64 },
}

/// Draw from a Pareto distribution with `shape` > 1 and the given mean.
pub fn pareto(rng: &mut StreamRng, shape: f64, mean: f64) -> f64 {
    let scale = mean * (shape - 1.0) / shape;
    let u: f64 = 1.0 - rng.gen::<f64>(); // (0, 1]
    scale / u.powf(1.0 / shape)
}

/// State of a Pareto ON/OFF source.
pub struct OnOffSource {
    pub shape: f64,
    pub mean_on_s: f64,
    pub mean_off_s: f64,
    /// Time between two packets during an ON period, in seconds as ns-2 computes it
    /// (size x 8 / rate). It is rarely a whole nanosecond, so tick times are summed in
    /// seconds and rounded by the simulator, never chained as rounded nanoseconds.
    pub interval_s: f64,
    pub rng: StreamRng,
    /// Packets left in the current ON period.
    pub left_in_burst: u64,
}

/// What the simulator should do after a source tick.
pub struct Tick {
    /// Packets to hand to the sender now.
    pub pkts: i64,
    /// When to tick again, in seconds on the double clock (the tick's own double time
    /// plus the interval, and the OFF period after a burst).
    pub next_s: f64,
}

impl OnOffSource {
    pub fn new(shape: f64, mean_on_s: f64, mean_off_s: f64, rate_bps: f64, pkt_bytes: u32, rng: StreamRng) -> Self {
        let interval_s = pkt_bytes as f64 * 8.0 / rate_bps;
        OnOffSource { shape, mean_on_s, mean_off_s, interval_s, rng, left_in_burst: 0 }
    }

    /// Called at the start and at each tick (`now_s`: the tick's double time): emit one
    /// packet during ON periods, draw a new ON or OFF period at their ends.
    pub fn tick(&mut self, now_s: f64) -> Tick {
        if self.left_in_burst == 0 {
            let on = pareto(&mut self.rng, self.shape, self.mean_on_s);
            let n = ((on / self.interval_s) as u64).max(1);
            self.left_in_burst = n;
        }
        self.left_in_burst -= 1;
        let next_s = if self.left_in_burst == 0 {
            let off = pareto(&mut self.rng, self.shape, self.mean_off_s);
            now_s + (self.interval_s + off)
        } else {
            now_s + self.interval_s
        };
        Tick { pkts: 1, next_s }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RngStreams;

    #[test]
    fn pareto_mean_and_minimum() {
        let mut r = RngStreams::new(5).stream("p");
        let shape = 2.5; // finite variance, so the sample mean converges
        let n = 200_000;
        let xs: Vec<f64> = (0..n).map(|_| pareto(&mut r, shape, 1.0)).collect();
        let mean = xs.iter().sum::<f64>() / n as f64;
        assert!((mean - 1.0).abs() < 0.02, "{mean}");
        let min = xs.iter().cloned().fold(f64::INFINITY, f64::min);
        assert!(min >= 1.0 * (shape - 1.0) / shape - 1e-12);
    }

    #[test]
    fn on_off_duty_cycle() {
        // mean on 1 s, off 1 s at 1 packet per ms: over many cycles about half the
        // time is ON, so about 500 packets per simulated second.
        let r = RngStreams::new(2).stream("s");
        let mut s = OnOffSource::new(2.5, 1.0, 1.0, 8e6, 1000, r);
        let mut t = 0.0;
        let mut pkts = 0;
        while t < 2000.0 {
            let k = s.tick(t);
            pkts += k.pkts;
            t = k.next_s;
        }
        let rate = pkts as f64 / 2000.0;
        assert!((rate - 500.0).abs() < 40.0, "{rate}");
    }

    #[test]
    fn a_burst_keeps_its_rate() {
        // 1000-byte packets at 3 Mb/s: 2,666,666.67 ns apart. Chained 2,666,667 ns
        // steps would end a burst of a million packets 333 us late. Summed in a double,
        // as ns-2 sums its clock, the only error is the double's own rounding, at most
        // half an ulp a step: n x t x 2^-53 s (296 ns over these 2,667 s; 47 ns found).
        let r = RngStreams::new(3).stream("s");
        let mut s = OnOffSource::new(1.5, 1e9, 1.0, 3e6, 1000, r);
        let n = 1_000_000;
        let mut t = 0.0;
        for _ in 0..n {
            t = s.tick(t).next_s;
        }
        let exact_s = n as f64 * 8000.0 / 3e6;
        let bound_ns = n as f64 * exact_s * f64::EPSILON / 2.0 * 1e9;
        let drift_ns = (crate::engine::from_secs(t) as f64 - exact_s * 1e9).abs();
        assert!(drift_ns <= bound_ns, "drift {drift_ns} ns, bound {bound_ns} ns");
    }
}
