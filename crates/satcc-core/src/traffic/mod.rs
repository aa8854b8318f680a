//! Applications that hand data to a TCP sender: greedy bulk transfers and Pareto
//! ON/OFF sources (ns-2's Application/Traffic/Pareto over a TCP agent).

use crate::engine::rng::StreamRng;
use crate::engine::{from_secs, Time};
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
    /// Time between two packets during an ON period.
    pub interval: Time,
    pub rng: StreamRng,
    /// Packets left in the current ON period.
    pub left_in_burst: u64,
}

/// What the simulator should do after a source tick.
pub struct Tick {
    /// Packets to hand to the sender now.
    pub pkts: i64,
    /// When to tick again.
    pub next: Time,
}

impl OnOffSource {
    pub fn new(shape: f64, mean_on_s: f64, mean_off_s: f64, rate_bps: f64, pkt_bytes: u32, rng: StreamRng) -> Self {
        let interval = from_secs(pkt_bytes as f64 * 8.0 / rate_bps).max(1);
        OnOffSource { shape, mean_on_s, mean_off_s, interval, rng, left_in_burst: 0 }
    }

    /// Called at the start and at each tick: emit one packet during ON periods,
    /// draw a new ON or OFF period at their ends.
    pub fn tick(&mut self, now: Time) -> Tick {
        if self.left_in_burst == 0 {
            let on = pareto(&mut self.rng, self.shape, self.mean_on_s);
            let n = (from_secs(on) / self.interval).max(1);
            self.left_in_burst = n;
        }
        self.left_in_burst -= 1;
        let next = if self.left_in_burst == 0 {
            let off = pareto(&mut self.rng, self.shape, self.mean_off_s);
            now + self.interval + from_secs(off)
        } else {
            now + self.interval
        };
        Tick { pkts: 1, next }
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
        let mut t = 0;
        let mut pkts = 0;
        while t < from_secs(2000.0) {
            let k = s.tick(t);
            pkts += k.pkts;
            t = k.next;
        }
        let rate = pkts as f64 / 2000.0;
        assert!((rate - 500.0).abs() < 40.0, "{rate}");
    }
}
