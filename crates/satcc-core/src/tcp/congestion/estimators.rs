//! Bandwidth estimators shared by the satellite controllers (seed 003).
//!
//! - [`RateEstimator`] — Westwood's *rate estimation* (RE; Mascolo et al., "TCP
//!   Westwood: end-to-end congestion control for wired/wireless networks", Wireless
//!   Networks 8, 2002, and Westwood+/RE): the bytes acknowledged over an interval of
//!   at least one RTT give a sample b = bytes / interval, smoothed by
//!   B <- (1 - g) B + g b with g = [`RE_GAIN`]. Samples over a whole RTT see the rate
//!   the flow actually got, not the ACK compression of single packets.
//! - [`Abe`] — TCP-J's *available bandwidth estimation* (ABE), which TCP-STAR uses:
//!   a per-ACK sample with Westwood's Tustin low-pass filter (tau = 0.5 s). Seed 003
//!   calls its output "the bottleneck bandwidth" (eq. 4). TCP-J's own refinements of
//!   the sample are not in any paper we could read; this is the filter it builds on.
//!   `tcp.abe_filter: per_rtt` swaps in the RE sample instead (ACK compression
//!   inflates the per-ACK filter; the study `fusion-star.abe-filter` compares both).
//!
//! Both take every ACK through `observe` (duplicates count one delivered segment)
//! and report bytes per second.

use super::{AckObservation, CongestionControl, Westwood};
use crate::engine::{to_secs, Time};
use crate::settings::SettingsGroup;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The filter of TCP-J's available-bandwidth estimate (ABE), used by TCP-STAR and by
/// seed 003's LWC.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AbeFilter {
    /// A sample per ACK through Westwood's Tustin filter.
    #[default]
    Tustin,
    /// Westwood-RE's sample over each RTT.
    PerRtt,
}

/// ABE's settings (a scenario's `tcp.abe_filter`; ours: TCP-J's filter is unknown).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct AbeSettings {
    /// The filter of the available-bandwidth estimate of `star`, `fusion-lwc`,
    /// `fusion-star`: tustin (Westwood's per-ACK Tustin filter) or per_rtt (Westwood-RE's
    /// sample over each RTT, which ACK compression cannot inflate) [tustin].
    #[serde(rename = "abe_filter")]
    pub filter: AbeFilter,
}

impl SettingsGroup for AbeSettings {}

/// Smoothing gain of the RE filter per sample (Westwood+: 0.1, i.e. B = 0.9 B + 0.1 b).
pub const RE_GAIN: f64 = 0.1;

#[derive(Debug, Clone, Default)]
pub struct RateEstimator {
    bw: f64,
    bytes: f64,
    since: Option<Time>,
    /// Duplicate ACKs already counted as deliveries.
    accounted: i64,
}

impl RateEstimator {
    /// Take one ACK; `interval_s` is the current RTT estimate (the sampling period).
    pub fn observe(&mut self, o: &AckObservation, interval_s: f64) {
        let delivered = delivered_segments(&mut self.accounted, o);
        self.bytes += delivered as f64 * o.seg_bytes as f64;
        match self.since {
            None => {
                // the interval opens here: what this ACK reports came before it
                self.since = Some(o.now);
                self.bytes = 0.0;
            }
            Some(t) => {
                let dt = to_secs(o.now - t);
                if dt > 0.0 && dt >= interval_s {
                    let sample = self.bytes / dt;
                    self.bw = if self.bw == 0.0 { sample } else { (1.0 - RE_GAIN) * self.bw + RE_GAIN * sample };
                    self.bytes = 0.0;
                    self.since = Some(o.now);
                }
            }
        }
    }

    /// Estimate, bytes per second (0 before the first complete interval).
    pub fn bytes_per_s(&self) -> f64 {
        self.bw
    }
}

/// Segments an ACK reports delivered: one per duplicate, and for a cumulative ACK
/// what the duplicates before it did not already count.
pub(super) fn delivered_segments(accounted: &mut i64, o: &AckObservation) -> i64 {
    if o.dup {
        *accounted += 1;
        1
    } else if o.newly_acked > 0 {
        if *accounted >= o.newly_acked {
            *accounted -= o.newly_acked;
            1
        } else {
            let d = o.newly_acked - *accounted;
            *accounted = 0;
            d
        }
    } else {
        0
    }
}

/// TCP-J ABE (see the module note), with the filter chosen by `tcp.abe_filter`.
#[derive(Debug, Clone)]
pub enum Abe {
    /// Westwood's per-ACK Tustin filter (the default).
    Tustin(Westwood),
    /// Westwood-RE's per-RTT sample, with the latest RTT sample as its interval: the
    /// alternative reading, which ACK compression cannot inflate.
    PerRtt { re: RateEstimator, rtt_s: f64 },
}

impl Default for Abe {
    fn default() -> Self {
        Abe::new(AbeFilter::Tustin)
    }
}

impl Abe {
    pub fn new(filter: AbeFilter) -> Self {
        match filter {
            AbeFilter::Tustin => Abe::Tustin(Westwood::default()),
            AbeFilter::PerRtt => Abe::PerRtt { re: RateEstimator::default(), rtt_s: 0.0 },
        }
    }

    pub fn observe(&mut self, o: &AckObservation) {
        match self {
            Abe::Tustin(w) => w.observe_ack(o),
            Abe::PerRtt { re, rtt_s } => {
                if let Some(s) = o.rtt_sample_s {
                    *rtt_s = s;
                }
                re.observe(o, *rtt_s);
            }
        }
    }

    pub fn bytes_per_s(&self) -> f64 {
        match self {
            Abe::Tustin(w) => w.bandwidth_estimate(),
            Abe::PerRtt { re, .. } => re.bytes_per_s(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Time = 1_000_000;

    fn ack(now: Time, newly: i64) -> AckObservation {
        AckObservation { now, newly_acked: newly, dup: false, rtt_sample_s: None, seg_bytes: 1000 }
    }

    /// A constant stream: one 1000-byte segment acknowledged per millisecond is 1 MB/s.
    #[test]
    fn both_estimators_converge_to_a_constant_ack_rate() {
        let mut re = RateEstimator::default();
        let mut abe = Abe::default();
        for k in 0..20_000 {
            let o = ack(k * MS, 1);
            re.observe(&o, 0.1);
            abe.observe(&o);
        }
        assert!((re.bytes_per_s() - 1.0e6).abs() < 0.02e6, "RE {}", re.bytes_per_s());
        assert!((abe.bytes_per_s() - 1.0e6).abs() < 0.02e6, "ABE {}", abe.bytes_per_s());
    }

    /// ACK compression: ten ACKs 0.1 ms apart every 100 ms carry 100 kB/s. The
    /// per-RTT ABE sees that rate; the per-ACK Tustin filter, fed the bursts' 10 MB/s
    /// samples, reads several times more.
    #[test]
    fn abe_filters_under_ack_compression() {
        let (mut tustin, mut per_rtt) = (Abe::new(AbeFilter::Tustin), Abe::new(AbeFilter::PerRtt));
        for burst in 0..200 {
            for k in 0..10 {
                let mut o = ack(burst * 100 * MS + k * MS / 10, 1);
                o.rtt_sample_s = (k == 0).then_some(0.1);
                tustin.observe(&o);
                per_rtt.observe(&o);
            }
        }
        let (t, p) = (tustin.bytes_per_s(), per_rtt.bytes_per_s());
        assert!((p - 1.0e5).abs() < 0.05e5, "per-RTT {p}");
        assert!(t > 10.0 * p, "Tustin {t} vs per-RTT {p}");
    }

    /// RE samples once per interval: 100 ms of ACKs at 1 MB/s then a rate step to
    /// 2 MB/s moves the estimate by the gain per interval, B = 0.9 B + 0.1 b.
    #[test]
    fn re_follows_a_step_by_its_gain_per_interval() {
        let mut re = RateEstimator::default();
        let mut t = 0;
        for _ in 0..=1000 {
            re.observe(&ack(t, 1), 0.1);
            t += MS;
        }
        let before = re.bytes_per_s();
        assert!((before - 1.0e6).abs() < 1e3, "{before}");
        // the next 100 ms carry 2 segments per ms: one sample of 2 MB/s
        for _ in 0..100 {
            re.observe(&ack(t, 2), 0.1);
            t += MS;
        }
        re.observe(&ack(t, 2), 0.1);
        let expected = 0.9 * before + 0.1 * 2.0e6;
        assert!((re.bytes_per_s() - expected).abs() < 0.01e6, "{} vs {expected}", re.bytes_per_s());
    }

    #[test]
    fn duplicates_count_one_segment_each_and_are_not_counted_twice() {
        let mut acc = 0;
        let dup = AckObservation { dup: true, newly_acked: 0, ..ack(0, 0) };
        assert_eq!(delivered_segments(&mut acc, &dup), 1);
        assert_eq!(delivered_segments(&mut acc, &dup), 1);
        // the cumulative ACK covering 5 segments: 2 were already counted
        assert_eq!(delivered_segments(&mut acc, &ack(0, 5)), 3);
        assert_eq!(acc, 0);
    }
}
