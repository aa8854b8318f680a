//! A constant-bit-rate source: ns-2's Application/Traffic/CBR (tools/cbr_traffic.cc
//! over trafgen.cc's TrafficGenerator).
//!
//! Started, it sends a packet at once and then one every interval, size x 8 / rate
//! seconds as ns-2 computes it (`(double)(size << 3) / rate`); with `random` each gap
//! is the interval plus interval x U(-0.5, 0.5), a draw of ns-2's default generator.
//! It counts what it sent (ns-2's seqno_) and stops itself after `max_pkts` (maxpkts_,
//! 2^28 by default in ns-2, none here). Its rate may change during the run
//! (`rate_steps`, ns-2's `$cbr set rate_` at a time): ns-2's next_interval computes the
//! interval afresh after each packet, so the gap after a packet sent at or after the
//! change is the new one. Started again after a stop, it goes on counting (a source
//! past `max_pkts` sends one packet at each start, as ns-2's does).

use crate::engine::rng::Draws;

pub struct CbrSource {
    /// The gap between two packets, seconds (before `random`'s draw).
    pub interval_s: f64,
    random: bool,
    max_pkts: Option<u64>,
    /// Packets sent (ns-2's seqno_).
    sent: u64,
    /// Rate changes still to come: (double time, the interval from then on).
    steps: super::Steps,
    pkt_bytes: u32,
    pub draws: Draws,
}

impl CbrSource {
    pub fn new(rate_bps: f64, pkt_bytes: u32, random: bool, max_pkts: Option<u64>, draws: Draws) -> Self {
        CbrSource {
            interval_s: Self::interval(rate_bps, pkt_bytes),
            random,
            max_pkts,
            sent: 0,
            steps: super::Steps::default(),
            pkt_bytes,
            draws,
        }
    }

    /// With rate changes during the run: (double time, rate b/s), in time order.
    pub fn with_rate_steps(mut self, steps: Vec<(f64, f64)>) -> Self {
        self.steps = super::Steps::new(steps.into_iter().map(|(at, r)| (at, Self::interval(r, self.pkt_bytes))).collect());
        self
    }

    /// ns-2's `(double)(size_ << 3) / (double)rate_`.
    fn interval(rate_bps: f64, pkt_bytes: u32) -> f64 {
        ((pkt_bytes as u64) << 3) as f64 / rate_bps
    }

    /// After each packet (`now_s`: its double time): when the next goes, None once
    /// `max_pkts` have gone (ns-2's next_interval: the draw first, then the count).
    pub fn next(&mut self, now_s: f64) -> Option<f64> {
        // the rate set at or before this packet
        if let Some(iv) = self.steps.take(now_s) {
            self.interval_s = iv;
        }
        let mut t = self.interval_s;
        if self.random {
            // Random::uniform(-0.5, 0.5): a + (b - a) x u
            t += self.interval_s * (-0.5 + self.draws.uniform());
        }
        self.sent += 1;
        match self.max_pkts {
            Some(m) if self.sent >= m => None,
            _ => Some(now_s + t),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RngStreams;

    fn own(seed: u64) -> Draws {
        Draws::Own(Box::new(RngStreams::new(seed).stream("cbr")))
    }

    #[test]
    fn the_interval_is_ns2s() {
        // 210 bytes (ns-2's default packetSize_) at 448 kb/s: 1680 / 448000 s
        let s = CbrSource::new(448e3, 210, false, None, own(1));
        assert_eq!(s.interval_s, 1680.0 / 448e3);
    }

    #[test]
    fn gaps_are_constant_and_the_count_stops_it() {
        let mut s = CbrSource::new(1e6, 1000, false, Some(3), own(1));
        assert_eq!(s.next(1.0), Some(1.0 + 0.008));
        assert_eq!(s.next(1.008), Some(1.008 + 0.008));
        // the third packet was the last
        assert_eq!(s.next(1.016), None);
    }

    #[test]
    fn a_rate_change_sets_the_gap_after_each_packet_from_then_on() {
        // 1000 bytes at 1 Mb/s (8 ms), then 2 Mb/s from 1.02 s and 0.5 Mb/s from 1.032 s
        let mut s = CbrSource::new(1e6, 1000, false, None, own(1)).with_rate_steps(vec![(1.02, 2e6), (1.032, 0.5e6)]);
        assert_eq!(s.next(1.0), Some(1.0 + 0.008));
        assert_eq!(s.next(1.016), Some(1.016 + 0.008));
        // the packet at 1.024 is the first after the change: its gap is 4 ms
        assert_eq!(s.next(1.024), Some(1.024 + 0.004));
        // a change due at a packet's own instant counts for its gap
        assert_eq!(s.next(1.032), Some(1.032 + 0.016));
        assert_eq!(s.interval_s, 0.016);
    }

    #[test]
    fn random_gaps_are_ns2s_draws() {
        // with random_, each gap interval + interval x (-0.5 + u), u from ns-2's generator
        let g = std::sync::Arc::new(std::sync::Mutex::new(crate::engine::ns2_rng::Ns2Rng::new(9)));
        let mut reference = crate::engine::ns2_rng::Ns2Rng::new(9);
        let mut s = CbrSource::new(2e6, 500, true, None, Draws::Ns2(g));
        let iv = 4000.0 / 2e6;
        let mut t = 0.5;
        for _ in 0..100 {
            let next = s.next(t).unwrap();
            assert_eq!(next, t + (iv + iv * (-0.5 + reference.u01())));
            assert!(next - t >= 0.5 * iv - 1e-15 && next - t <= 1.5 * iv + 1e-15);
            t = next;
        }
    }

    #[test]
    fn random_gaps_keep_the_mean_rate() {
        let mut s = CbrSource::new(8e6, 1000, true, None, own(4));
        let mut t = 0.0;
        let n = 100_000;
        for _ in 0..n {
            t = s.next(t).unwrap();
        }
        // gaps of 1 ms on average: n of them within 0.5 % of n ms
        assert!((t / (n as f64 * 1e-3) - 1.0).abs() < 0.005, "{t}");
    }
}
