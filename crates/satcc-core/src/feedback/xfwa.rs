//! XFWA: eXplicit and Fair Window Adjustment (Taleb, Kato, Nemoto, IEEE JSAC 22(2),
//! 2004; seed 000's reference [26]), REFWA's predecessor from the same authors.
//!
//! Its paper is not available to us; this model follows what is public of it and
//! what seed 000 says, rule by rule:
//! - [26]'s abstract: the scheme "matches the aggregate window size of all active TCP
//!   flows to the network pipe" and gives "all the active connections ... feedbacks
//!   proportional to their round-trip time values", signalled "through the receiver's
//!   advertised window field ... of acknowledgments". So: F_k = RTT_k / sum_j n_j RTT_j
//!   x Y, REFWA's share with alpha = 1, written into ACKs as REFWA writes it.
//! - [26]'s abstract: the scheme adapts "when the number of flows that are competing
//!   for a single link changes over time" (handovers): active flows are counted and the
//!   feedback recomputed every RTT_avg, as REFWA does (seed 000 presents REFWA's
//!   counting as the same authors' method).
//! - Seed 000, section II: "the network pipe ... was assumed to be constant during the
//!   data transmission time", "only one bottleneck", "all flows always made full use
//!   of their allocated windows", "the bandwidth available ... steady". So the
//!   aggregate is the pipe itself, Y = Bw x RTT_avg (packets), with no recursion and no
//!   reading of the queue: REFWA's eq. 2 without its memory and its buffer term (phi =
//!   1, psi = 0). This is the difference seed 000 names: with several bottlenecks a
//!   flow held below its share elsewhere leaves this link's share unused, and nothing
//!   corrects it.
//! - RTTs from hop counts as in REFWA (eq. 1): [26] addresses "multihops satellite
//!   networks" like REFWA; its own estimator is not public.
//!
//! Our choice where all sources are silent: whether the pipe includes the buffer.
//! "The network pipe" is the bandwidth-delay product; `buffer_share` (default 0) adds
//! that fraction of the buffer, for studying the other reading.

use super::refwa::{Activity, Aggregate, FeedbackCore, HopCount, RttOf};
use super::{RouterContext, RouterScheme, RouterSettings};
use crate::engine::rng::StreamRng;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// XFWA's settings in a scenario's `schemes[]` entry.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct XfwaSettings {
    /// Inter-satellite link delay of the hop-count RTT, ms [20].
    #[schemars(range(max = crate::scenario::MAX_DELAY_MS), extend("exclusiveMinimum" = 0))]
    pub isl_delay_ms: f64,
    /// Fraction of the buffer added to the pipe (ours: 0).
    #[schemars(range(min = 0, max = 1))]
    pub buffer_share: f64,
    /// Which flows count as active at an update [rtt_avg].
    pub activity: Activity,
}

impl Default for XfwaSettings {
    fn default() -> Self {
        XfwaSettings { isl_delay_ms: 20.0, buffer_share: 0.0, activity: Activity::RttAvg }
    }
}

impl RouterSettings for XfwaSettings {
    fn build(self, ctx: RouterContext) -> Box<dyn RouterScheme> {
        let s = self;
        let p = XfwaParams { isl_delay_s: s.isl_delay_ms / 1000.0, buffer_share: s.buffer_share, initial_ttl: ctx.initial_ttl };
        Box::new(Xfwa::xfwa(&p, ctx.rng).with_activity(s.activity))
    }
}

#[derive(Clone, Debug)]
pub struct XfwaParams {
    /// Inter-satellite link delay of the hop-count RTT (eq. 1 of seed 000), seconds.
    pub isl_delay_s: f64,
    /// Fraction of the buffer added to the pipe (ours: 0, the bandwidth-delay product).
    pub buffer_share: f64,
    /// TTL senders and receivers start packets with.
    pub initial_ttl: u8,
}

impl Default for XfwaParams {
    fn default() -> Self {
        XfwaParams { isl_delay_s: 0.020, buffer_share: 0.0, initial_ttl: 32 }
    }
}

/// Hop-count RTTs, under XFWA's name.
pub struct XfwaHops(HopCount);

impl RttOf for XfwaHops {
    const NAME: &'static str = "xfwa";
    fn rtt_of_hops(&self, h_f: u8, h_b: u8) -> Option<f64> {
        self.0.rtt_of_hops(h_f, h_b)
    }
    fn initial_ttl(&self) -> Option<u8> {
        self.0.initial_ttl()
    }
}

/// XFWA: the feedback core with hop-count RTTs, alpha = 1 and a constant pipe.
pub type Xfwa = FeedbackCore<XfwaHops>;

impl Xfwa {
    pub fn xfwa(p: &XfwaParams, rng: StreamRng) -> Self {
        let src = XfwaHops(HopCount { isl_delay_s: p.isl_delay_s, initial_ttl: p.initial_ttl });
        FeedbackCore::with_aggregate(src, 1.0, Aggregate::Pipe { buffer_share: p.buffer_share }, 1.0, 0.0, rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{RngStreams, Time};
    use crate::feedback::{LinkView, Refwa, RefwaParams, RouterScheme};
    use crate::net::{Packet, PacketKind};

    const MS: Time = 1_000_000;

    fn pkt(flow: u32, kind: PacketKind, ttl: u8) -> Packet {
        Packet { seq: 1, flow, rwnd_pkts: 10_000, size_bytes: 1000, hop: 0, kind, ttl, tos: 0, aux: 0 }
    }

    /// Two flows at this router, seen at `t`: H_b = 2 (160 ms) and H_b = 4 (240 ms).
    fn feed(s: &mut dyn RouterScheme, t: Time) {
        for (f, ttl_ack) in [(0, 30), (1, 28)] {
            s.on_ack(&mut pkt(f, PacketKind::Ack, ttl_ack), t);
            s.on_data(&pkt(f, PacketKind::Data, 32), t + MS);
        }
    }

    fn ack_window(s: &mut dyn RouterScheme, f: u32) -> u32 {
        let mut a = pkt(f, PacketKind::Ack, 30);
        s.on_ack(&mut a, 2 * MS);
        a.rwnd_pkts
    }

    #[test]
    fn shares_are_proportional_to_rtt_and_sum_to_the_pipe_whatever_the_queue() {
        // 1.544 Mb/s, RTT_avg 200 ms: pipe 38.6 packets, split 160 : 240
        for q in [0, 25, 50] {
            let mut x = Xfwa::xfwa(&XfwaParams::default(), RngStreams::new(1).stream("x"));
            let link = LinkView { rate_bps: 1.544e6, limit_pkts: Some(50), limit_bytes: None, queue_pkts: q };
            for k in 1..4 {
                feed(&mut x, k * 200 * MS - 10 * MS);
                x.update(k * 200 * MS, &link);
            }
            let pipe = 1.544e6 * 0.2 / 8000.0;
            assert!((x.aggregate_pkts() - pipe).abs() < 1e-9, "queue {q}: Y = {}", x.aggregate_pkts());
            assert_eq!(ack_window(&mut x, 0), (pipe * 0.4).floor() as u32);
            assert_eq!(ack_window(&mut x, 1), (pipe * 0.6).floor() as u32);
        }
    }

    #[test]
    fn refwa_corrects_with_the_free_buffer_where_xfwa_does_not() {
        let link = LinkView { rate_bps: 1.544e6, limit_pkts: Some(50), limit_bytes: None, queue_pkts: 0 };
        let mut x = Xfwa::xfwa(&XfwaParams::default(), RngStreams::new(1).stream("x"));
        let mut r = Refwa::refwa(RefwaParams::default(), RngStreams::new(1).stream("r"));
        for k in 1..40 {
            feed(&mut x, k * 200 * MS - 10 * MS);
            feed(&mut r, k * 200 * MS - 10 * MS);
            x.update(k * 200 * MS, &link);
            r.update(k * 200 * MS, &link);
        }
        // REFWA's fixed point with an empty queue: Y = BDP + (psi / phi) B
        let bdp = 1.544e6 * 0.2 / 8000.0;
        assert!((r.aggregate_pkts() - (bdp + 0.5 / 1.5 * 50.0)).abs() < 0.5, "{}", r.aggregate_pkts());
        assert!((x.aggregate_pkts() - bdp).abs() < 1e-9);
        // the other reading of the pipe adds the buffer
        let mut b = Xfwa::xfwa(&XfwaParams { buffer_share: 1.0, ..XfwaParams::default() }, RngStreams::new(1).stream("x"));
        feed(&mut b, 190 * MS);
        b.update(200 * MS, &link);
        assert!((b.aggregate_pkts() - (bdp + 50.0)).abs() < 1e-9);
        assert_eq!(x.name(), "xfwa");
    }
}
