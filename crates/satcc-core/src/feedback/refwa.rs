//! REFWA: Recursive, Explicit and Fair Window Adjustment (Taleb, Kato, Nemoto,
//! IEEE/ACM ToN 2006; seed 000, section III).
//!
//! - RTT of a flow from hop counts (eq. 1): RTT = 2 (H_b + H_f + 2) ISL_delay, where
//!   H_f and H_b are the routers a data packet and an ACK traversed before this one
//!   (read off their TTL).
//! - A flow is active if seen within delta = RTT_avg; flows are counted and the
//!   feedback updated every RTT_avg (the time slot), RTT_avg being the (EWMA of the)
//!   average RTT of the active flows.
//! - Aggregate window (eq. 2): Y(n) = Y(n-1) + phi (Bw RTT_avg - Y(n-1)) + psi (B - Q(n-1)),
//!   in packets; flow k's feedback F_k = RTT_k^alpha / sum_j n_j RTT_j^alpha * Y(n),
//!   written into its ACKs' advertised window.
//!
//! Choices where the paper is silent: Y(0) = 0; Q(n-1) is the queue read at the
//! previous update; `rtt_avg_gain` 1 (the plain average of Appendix II; below 1 an
//! EWMA); the packet size in Bw*RTT_avg is that of the data packets seen; F is floored
//! to whole packets, at least one. A flow not counted as active in the last slot
//! keeps its last feedback on its ACKs: the hop-count RTT ignores queueing, so while a
//! queue is standing a flow can legitimately be silent for longer than RTT_avg, and
//! releasing its window then would let it flood the queue (what we saw at start-up
//! with the literal rule).

use super::{lower_rwnd, LinkView, RouterContext, RouterScheme, RouterSettings, UpdateTrace};
use crate::engine::rng::StreamRng;
use crate::engine::{from_secs, Time};
use crate::net::{FlowId, Packet};
use rand::Rng;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug)]
pub struct RefwaParams {
    /// Skew factor alpha: weight of the RTT in the fair share (paper: 1).
    pub alpha: f64,
    /// Gain on the bandwidth-delay mismatch (paper: 1.5).
    pub phi: f64,
    /// Gain on the free buffer (paper: 0.5).
    pub psi: f64,
    /// Inter-satellite link delay used by eq. 1, seconds (paper: 20 ms).
    pub isl_delay_s: f64,
    /// Injected RTT estimation error: each flow's estimate is scaled by 1 + e with e
    /// uniform in [-sigma, sigma], drawn once per flow (Fig. 7). Paper default: 0.
    pub rtt_error_sigma: f64,
    /// Weight of the newest average in RTT_avg (1 = plain average of the active flows).
    pub rtt_avg_gain: f64,
    /// TTL senders and receivers start packets with (hop counts are initial - TTL).
    pub initial_ttl: u8,
}

/// Declares the settings of a scheme built on the feedback core (REFWA, T-REFWA): the
/// core's gains (seed 000's ranges), the scheme's own fields, RTT_avg's gain and the
/// activity rule. The defaults are each scheme's `Default`.
macro_rules! feedback_settings {
    ($(#[$meta:meta])* pub struct $name:ident { $($own:tt)* }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
        #[serde(deny_unknown_fields, default)]
        pub struct $name {
            /// Skew factor alpha: weight of the RTT in the fair share [1].
            #[schemars(range(min = 0, max = 10))]
            pub alpha: f64,
            /// Gain phi on the bandwidth-delay mismatch [1.5].
            #[schemars(range(min = 0, max = 10))]
            pub phi: f64,
            /// Gain psi on the free buffer [0.5].
            #[schemars(range(min = 0, max = 10))]
            pub psi: f64,
            $($own)*
            /// Weight of the newest average in RTT_avg (1: the plain average of the
            /// active flows) [1].
            #[schemars(range(max = 1), extend("exclusiveMinimum" = 0))]
            pub rtt_avg_gain: f64,
            /// Which flows count as active at an update [rtt_avg].
            pub activity: Activity,
        }
    };
}
pub(crate) use feedback_settings;

feedback_settings! {
    /// REFWA's settings in a scenario's `schemes[]` entry (defaults: seed 000's).
    pub struct RefwaSettings {
        /// Inter-satellite link delay of eq. 1, ms [20].
        #[schemars(range(max = crate::scenario::MAX_DELAY_MS), extend("exclusiveMinimum" = 0))]
        pub isl_delay_ms: f64,
        /// Injected RTT estimation error: each flow's estimate is scaled by
        /// 1 + U(-sigma, sigma), drawn once per flow (Fig. 7) [0].
        #[schemars(range(min = 0), extend("exclusiveMaximum" = 1))]
        pub rtt_error_sigma: f64,
    }
}

impl Default for RefwaSettings {
    fn default() -> Self {
        RefwaSettings { alpha: 1.0, phi: 1.5, psi: 0.5, isl_delay_ms: 20.0, rtt_error_sigma: 0.0, rtt_avg_gain: 1.0, activity: Activity::RttAvg }
    }
}

impl RouterSettings for RefwaSettings {
    fn build(self, ctx: RouterContext) -> Box<dyn RouterScheme> {
        let s = self;
        let p = RefwaParams {
            alpha: s.alpha,
            phi: s.phi,
            psi: s.psi,
            isl_delay_s: s.isl_delay_ms / 1000.0,
            rtt_error_sigma: s.rtt_error_sigma,
            rtt_avg_gain: s.rtt_avg_gain,
            initial_ttl: ctx.initial_ttl,
        };
        Box::new(Refwa::refwa(p, ctx.rng).with_activity(s.activity))
    }
}

impl Default for RefwaParams {
    fn default() -> Self {
        RefwaParams {
            alpha: 1.0,
            phi: 1.5,
            psi: 0.5,
            isl_delay_s: 0.020,
            rtt_error_sigma: 0.0,
            rtt_avg_gain: 1.0,
            initial_ttl: 32,
        }
    }
}

/// Where a scheme gets a flow's RTT (seconds) from.
pub trait RttOf: Send {
    /// The scheme's name.
    const NAME: &'static str;
    /// From a data packet entering the guarded queue (TOS code); None if the packet
    /// does not carry it.
    fn rtt_of_data(&self, _pkt: &Packet) -> Option<f64> {
        None
    }
    /// From hop counts (REFWA's eq. 1), once both directions have been seen.
    fn rtt_of_hops(&self, _h_f: u8, _h_b: u8) -> Option<f64> {
        None
    }
    /// TTL packets start with, to turn TTLs into hop counts (None: no hop counting).
    fn initial_ttl(&self) -> Option<u8> {
        None
    }
}

/// REFWA's source: RTT = 2 (H_b + H_f + 2) ISL_delay (eq. 1).
pub struct HopCount {
    pub isl_delay_s: f64,
    pub initial_ttl: u8,
}

impl RttOf for HopCount {
    const NAME: &'static str = "refwa";
    fn rtt_of_hops(&self, h_f: u8, h_b: u8) -> Option<f64> {
        Some(2.0 * (h_b as f64 + h_f as f64 + 2.0) * self.isl_delay_s)
    }
    fn initial_ttl(&self) -> Option<u8> {
        Some(self.initial_ttl)
    }
}

#[derive(Clone, Debug, Default)]
struct FlowEntry {
    known: bool,
    h_f: Option<u8>,
    h_b: Option<u8>,
    /// RTT carried by the flow's data packets (T-REFWA), seconds.
    rtt_data: Option<f64>,
    last_seen: Time,
    /// 1 + e, the injected estimation error factor.
    err: f64,
    /// Feedback (packets) from the last update, if the flow was active then.
    feedback: Option<f64>,
}

/// Flow id -> slot in the flow table. A scheme sees few of a run's flows (a private
/// satellite hop sees one), so the table is compact and this map finds a flow's slot.
type SlotMap = std::collections::HashMap<FlowId, u32, std::hash::BuildHasherDefault<IdHasher>>;

/// Flow ids are small dense integers: one multiply spreads them well enough.
#[derive(Default)]
pub struct IdHasher(u64);

impl std::hash::Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 ^ *b as u64).wrapping_mul(0x100_0000_01b3);
        }
    }
    fn write_u32(&mut self, v: u32) {
        self.0 = (v as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// Which flows count as active at an update (a scheme's `activity` setting).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Activity {
    /// Seen within delta = RTT_avg (seeds 000 and 002).
    #[default]
    RttAvg,
    /// Seen within max(RTT_avg, the flow's own RTT): a flow slower than average is not
    /// dropped from the count between two of its packets. Not in the papers; an
    /// option for studying the active-flow oscillation of long-RTT flows.
    FlowRtt,
}

/// How the aggregate window Y of the active flows is set at each update.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Aggregate {
    /// REFWA's recursion (seed 000 eq. 2, seed 002 eq. 3):
    /// Y(n) = Y(n-1) + phi (Bw RTT_avg - Y(n-1)) + psi (B - Q(n-1)).
    Recursive { phi: f64, psi: f64 },
    /// XFWA's pipe, assumed constant (seed 000 section II): Y = Bw RTT_avg + share x B,
    /// whatever the queue and the past windows (see feedback::xfwa).
    Pipe { buffer_share: f64 },
}

/// The feedback computation shared by REFWA, T-REFWA and XFWA (eq. 2 of seed 000, eq. 3
/// of seed 002): flow table, active-flow counting, the aggregate Y and the shares.
pub struct FeedbackCore<R: RttOf> {
    rtt: R,
    alpha: f64,
    aggregate: Aggregate,
    rtt_avg_gain: f64,
    rtt_error_sigma: f64,
    flows: Vec<FlowEntry>,
    slot: SlotMap,
    rng: StreamRng,
    rtt_avg_s: f64,
    y: f64,
    q_prev: f64,
    pkt_bytes: f64,
    updating: bool,
    last: UpdateTrace,
    activity: Activity,
}

impl<R: RttOf> FeedbackCore<R> {
    /// Choose how active flows are counted (default: the papers' delta = RTT_avg).
    pub fn with_activity(mut self, activity: Activity) -> Self {
        self.activity = activity;
        self
    }

    fn is_active(&self, e: &FlowEntry, rtt: f64, now: Time, delta: Time) -> bool {
        let window = match self.activity {
            Activity::RttAvg => delta,
            Activity::FlowRtt => delta.max(from_secs(rtt)),
        };
        e.known && now.saturating_sub(e.last_seen) <= window
    }

    pub fn new(rtt: R, alpha: f64, phi: f64, psi: f64, rtt_avg_gain: f64, rtt_error_sigma: f64, rng: StreamRng) -> Self {
        Self::with_aggregate(rtt, alpha, Aggregate::Recursive { phi, psi }, rtt_avg_gain, rtt_error_sigma, rng)
    }

    pub fn with_aggregate(
        rtt: R,
        alpha: f64,
        aggregate: Aggregate,
        rtt_avg_gain: f64,
        rtt_error_sigma: f64,
        rng: StreamRng,
    ) -> Self {
        FeedbackCore {
            rtt,
            alpha,
            aggregate,
            rtt_avg_gain,
            rtt_error_sigma,
            flows: Vec::new(),
            slot: SlotMap::default(),
            rng,
            rtt_avg_s: 0.0,
            y: 0.0,
            q_prev: 0.0,
            pkt_bytes: 0.0,
            updating: false,
            last: UpdateTrace::default(),
            activity: Activity::RttAvg,
        }
    }

    fn entry(&mut self, f: FlowId) -> usize {
        let n = self.flows.len() as u32;
        let i = *self.slot.entry(f).or_insert(n) as usize;
        if i == self.flows.len() {
            let e = if self.rtt_error_sigma > 0.0 {
                self.rng.gen_range(-self.rtt_error_sigma..=self.rtt_error_sigma)
            } else {
                0.0
            };
            self.flows.push(FlowEntry { known: true, err: 1.0 + e, ..FlowEntry::default() });
        }
        i
    }

    fn hops(&self, ttl: u8) -> Option<u8> {
        self.rtt.initial_ttl().map(|t| t.saturating_sub(ttl))
    }

    /// The flow's estimated RTT (with the injected error), seconds.
    fn rtt_estimate(&self, e: &FlowEntry) -> Option<f64> {
        let base = match e.rtt_data {
            Some(r) => Some(r),
            None => self.rtt.rtt_of_hops(e.h_f?, e.h_b?),
        };
        base.map(|r| r * e.err)
    }

    /// The current feedback of a flow, packets (None before its first update).
    pub fn feedback(&self, f: FlowId) -> Option<f64> {
        self.slot.get(&f).and_then(|&i| self.flows[i as usize].feedback)
    }

    pub fn aggregate_pkts(&self) -> f64 {
        self.y
    }

    pub fn on_data(&mut self, pkt: &Packet, now: Time) -> Option<Time> {
        let h = self.hops(pkt.ttl);
        let from_data = self.rtt.rtt_of_data(pkt);
        self.pkt_bytes = pkt.size_bytes as f64;
        let i = self.entry(pkt.flow);
        let e = &mut self.flows[i];
        e.h_f = h;
        e.rtt_data = from_data;
        e.last_seen = now;
        let est = self.rtt_estimate(&self.flows[i]);
        match est {
            Some(rtt) if !self.updating => {
                self.updating = true;
                Some(now + from_secs(if self.rtt_avg_s > 0.0 { self.rtt_avg_s } else { rtt }).max(1))
            }
            _ => None,
        }
    }

    pub fn on_ack(&mut self, pkt: &mut Packet, _now: Time) {
        let h = self.hops(pkt.ttl);
        let i = self.entry(pkt.flow);
        let e = &mut self.flows[i];
        if h.is_some() {
            e.h_b = h;
        }
        if let Some(f) = e.feedback {
            lower_rwnd(pkt, f);
        }
    }

    pub fn update(&mut self, now: Time, link: &LinkView) -> Option<Time> {
        // active flows: seen within delta = the previous RTT_avg
        let delta = if self.rtt_avg_s > 0.0 { from_secs(self.rtt_avg_s) } else { Time::MAX };
        let mut n = 0u32;
        let mut sum_rtt = 0.0;
        let mut sum_w = 0.0;
        for e in &self.flows {
            if let Some(rtt) = self.rtt_estimate(e).filter(|&r| self.is_active(e, r, now, delta)) {
                n += 1;
                sum_rtt += rtt;
                sum_w += rtt.powf(self.alpha);
            }
        }
        if n == 0 {
            self.updating = false;
            self.last = UpdateTrace { aggregate_pkts: self.y, rtt_avg_s: self.rtt_avg_s, active_flows: 0, queue_pkts: link.queue_pkts };
            return None;
        }
        let mean = sum_rtt / n as f64;
        self.rtt_avg_s = if self.rtt_avg_s > 0.0 {
            (1.0 - self.rtt_avg_gain) * self.rtt_avg_s + self.rtt_avg_gain * mean
        } else {
            mean
        };
        let pkt = if self.pkt_bytes > 0.0 { self.pkt_bytes } else { 1000.0 };
        let bdp = link.rate_bps * self.rtt_avg_s / (8.0 * pkt);
        let buffer = match (link.limit_pkts, link.limit_bytes) {
            (Some(p), _) => p as f64,
            (None, Some(b)) => b as f64 / pkt,
            (None, None) => 0.0,
        };
        self.y = match self.aggregate {
            Aggregate::Recursive { phi, psi } => {
                self.y + phi * (bdp - self.y) + psi * (buffer - self.q_prev)
            }
            Aggregate::Pipe { buffer_share } => bdp + buffer_share * buffer,
        };
        self.q_prev = link.queue_pkts as f64;
        for i in 0..self.flows.len() {
            let e = &self.flows[i];
            if let Some(rtt) = self.rtt_estimate(e).filter(|&r| self.is_active(e, r, now, delta)) {
                self.flows[i].feedback = Some(rtt.powf(self.alpha) / sum_w * self.y);
            }
        }
        self.last = UpdateTrace { aggregate_pkts: self.y, rtt_avg_s: self.rtt_avg_s, active_flows: n, queue_pkts: link.queue_pkts };
        Some(now + from_secs(self.rtt_avg_s).max(1))
    }

    pub fn last_update(&self) -> UpdateTrace {
        self.last
    }
}

impl<R: RttOf> RouterScheme for FeedbackCore<R> {
    fn name(&self) -> &'static str {
        R::NAME
    }
    fn on_data(&mut self, pkt: &Packet, now: Time) -> Option<Time> {
        FeedbackCore::on_data(self, pkt, now)
    }
    fn on_ack(&mut self, pkt: &mut Packet, now: Time) {
        FeedbackCore::on_ack(self, pkt, now)
    }
    fn update(&mut self, now: Time, link: &LinkView) -> Option<Time> {
        FeedbackCore::update(self, now, link)
    }
    fn last_update(&self) -> UpdateTrace {
        FeedbackCore::last_update(self)
    }
}

/// REFWA: the feedback core with RTTs from hop counts.
pub type Refwa = FeedbackCore<HopCount>;

impl Refwa {
    pub fn refwa(p: RefwaParams, rng: StreamRng) -> Self {
        let src = HopCount { isl_delay_s: p.isl_delay_s, initial_ttl: p.initial_ttl };
        FeedbackCore::new(src, p.alpha, p.phi, p.psi, p.rtt_avg_gain, p.rtt_error_sigma, rng)
    }
}

/// Appendix I's stability condition, as the paper states it for the closed loop
/// Y(n) + O1 Y(n-1) + O2 Y(n-2) = O3 with O1 = phi - 1, O2 = psi:
/// 0 <= O1 <= O2 + 1 and O2 < 1.
pub fn paper_stable(phi: f64, psi: f64) -> bool {
    let (o1, o2) = (phi - 1.0, psi);
    (0.0..=o2 + 1.0).contains(&o1) && o2 < 1.0
}

/// The exact discrete-time condition for the same loop: both roots of
/// z^2 + O1 z + O2 inside the unit circle (Jury). The paper's region (derived via
/// Tustin's approximation) is the part of this one with O1 >= 0.
pub fn is_stable(phi: f64, psi: f64) -> bool {
    let (a, b) = (phi - 1.0, psi);
    // Jury conditions for z^2 + a z + b
    b.abs() < 1.0 && 1.0 + a + b > 0.0 && 1.0 - a + b > 0.0
}

/// The paper's tuning condition (eq. 7): crossover at the break-point frequency,
/// (1 - psi)^2 + (phi - 1)^2 = 1/2.
pub fn crossover_condition(phi: f64, psi: f64) -> f64 {
    (1.0 - psi).powi(2) + (phi - 1.0).powi(2) - 0.5
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RngStreams;
    use crate::net::PacketKind;

    fn pkt(flow: FlowId, kind: PacketKind, ttl: u8) -> Packet {
        Packet { seq: 1, flow, rwnd_pkts: 10_000, size_bytes: 1000, hop: 0, kind, ttl, tos: 0 , aux: 0}
    }

    fn link(q: u32) -> LinkView {
        LinkView { rate_bps: 1.544e6, limit_pkts: Some(50), limit_bytes: None, queue_pkts: q }
    }

    const MS: Time = 1_000_000;

    #[test]
    fn hop_count_rtt_estimate_matches_eq1() {
        // sender - S1 - S2 - S3 - receiver, scheme at S1 (egress S1->S2): the data
        // packet arrives untouched (H_f = 0), the ACK after S3 and S2 (H_b = 2):
        // RTT = 2 (2 + 0 + 2) 20 ms = 160 ms
        let mut r = Refwa::refwa(RefwaParams::default(), RngStreams::new(1).stream("r"));
        let first = r.on_data(&pkt(0, PacketKind::Data, 32), 0);
        assert_eq!(first, None, "no ACK seen yet: no estimate, no update");
        r.on_ack(&mut pkt(0, PacketKind::Ack, 30), MS);
        let at = r.on_data(&pkt(0, PacketKind::Data, 32), 2 * MS).unwrap();
        assert_eq!(at, 2 * MS + 160 * MS, "first update one estimated RTT later");
        assert_eq!(r.rtt_estimate(&r.flows[r.slot[&0] as usize]), Some(0.16));
    }

    #[test]
    fn feedback_formula_hand_computed() {
        // two flows, RTTs 160 ms and 320 ms, alpha 1, at 1.544 Mb/s, 1000-byte
        // packets, B = 50, empty queue. RTT_avg = 240 ms; BDP = 1.544e6*0.24/8000 =
        // 46.32; Y(1) = 0 + 1.5 * 46.32 + 0.5 * (50 - 0) = 94.48;
        // F_1 = 160/(160+320) Y = 31.49, F_2 = 62.99.
        let mut r = Refwa::refwa(RefwaParams::default(), RngStreams::new(1).stream("r"));
        r.on_ack(&mut pkt(0, PacketKind::Ack, 30), 0); // H_b = 2, H_f = 0 -> 160 ms
        r.on_ack(&mut pkt(1, PacketKind::Ack, 28), 0); // H_b = 4, H_f = 2 -> 2(4+2+2)20 = 320 ms
        r.on_data(&pkt(0, PacketKind::Data, 32), 0);
        r.on_data(&pkt(1, PacketKind::Data, 30), 0);
        let next = r.update(100 * MS, &link(0)).unwrap();
        assert!((r.rtt_avg_s - 0.24).abs() < 1e-12);
        assert!((r.y - 94.48).abs() < 1e-9, "{}", r.y);
        assert!((r.feedback(0).unwrap() - 94.48 / 3.0).abs() < 1e-9);
        assert!((r.feedback(1).unwrap() - 2.0 * 94.48 / 3.0).abs() < 1e-9);
        assert_eq!(next, 100 * MS + 240 * MS);
        // second update: queue read at the first (0) is Q(n-1); now 30 packets queued
        r.on_data(&pkt(0, PacketKind::Data, 32), 300 * MS);
        r.on_data(&pkt(1, PacketKind::Data, 30), 300 * MS);
        r.update(340 * MS, &link(30));
        let y2 = 94.48 + 1.5 * (46.32 - 94.48) + 0.5 * (50.0 - 0.0);
        assert!((r.y - y2).abs() < 1e-9, "{} vs {y2}", r.y);
        // and the ACKs carry the feedback, floored
        let mut a = pkt(1, PacketKind::Ack, 28);
        r.on_ack(&mut a, 341 * MS);
        assert_eq!(a.rwnd_pkts, (2.0 * y2 / 3.0).floor() as u32);
    }

    #[test]
    fn alpha_skews_the_shares() {
        let mut r = Refwa::refwa(RefwaParams { alpha: 2.0, ..Default::default() }, RngStreams::new(1).stream("r"));
        r.on_ack(&mut pkt(0, PacketKind::Ack, 30), 0);
        r.on_ack(&mut pkt(1, PacketKind::Ack, 28), 0);
        r.on_data(&pkt(0, PacketKind::Data, 32), 0);
        r.on_data(&pkt(1, PacketKind::Data, 30), 0);
        r.update(MS, &link(0));
        // shares 160^2 : 320^2 = 1 : 4
        assert!((r.feedback(1).unwrap() / r.feedback(0).unwrap() - 4.0).abs() < 1e-9);
    }

    #[test]
    fn flow_rtt_activity_keeps_long_rtt_flows_counted() {
        for (activity, expected) in [(Activity::RttAvg, 2), (Activity::FlowRtt, 3)] {
            let mut r = Refwa::refwa(RefwaParams::default(), RngStreams::new(1).stream("r")).with_activity(activity);
            // flows 0 and 1 are short (few hops back), flow 2 long
            for (f, ack_ttl) in [(0, 30), (1, 30), (2, 20)] {
                r.on_ack(&mut pkt(f, PacketKind::Ack, ack_ttl), 0);
                r.on_data(&pkt(f, PacketKind::Data, 32), 0);
            }
            r.update(MS, &link(0));
            assert_eq!(r.last_update().active_flows, 3);
            let avg = r.last_update().rtt_avg_s;
            let long = r.rtt_estimate(&r.flows[2]).unwrap();
            assert!(long > 1.5 * avg, "{long} vs {avg}");
            // the short flows send again; flow 2 was last seen more than RTT_avg ago
            // but less than its own RTT ago
            let t = from_secs((avg + long) / 2.0);
            r.on_data(&pkt(0, PacketKind::Data, 32), t - MS);
            r.on_data(&pkt(1, PacketKind::Data, 32), t - MS);
            r.update(t, &link(0));
            assert_eq!(r.last_update().active_flows, expected, "{activity:?}");
        }
    }

    #[test]
    fn active_flow_counting_uses_delta_rtt_avg() {
        let mut r = Refwa::refwa(RefwaParams::default(), RngStreams::new(1).stream("r"));
        for f in 0..3 {
            r.on_ack(&mut pkt(f, PacketKind::Ack, 30), 0);
            r.on_data(&pkt(f, PacketKind::Data, 32), 0);
        }
        r.update(10 * MS, &link(0));
        assert_eq!(r.last_update().active_flows, 3);
        // only flow 0 sends again; 200 ms later (> RTT_avg = 160 ms) the others are idle
        r.on_data(&pkt(0, PacketKind::Data, 32), 150 * MS);
        let f1 = r.feedback(1).unwrap();
        r.update(200 * MS, &link(0));
        assert_eq!(r.last_update().active_flows, 1);
        // the idle flows keep their last feedback; the active one gets all of Y
        assert_eq!(r.feedback(1), Some(f1));
        assert!((r.feedback(0).unwrap() - r.aggregate_pkts()).abs() < 1e-9);
        // nobody sends: the scheme goes idle
        assert_eq!(r.update(500 * MS, &link(0)), None);
        assert_eq!(r.last_update().active_flows, 0);
    }

    #[test]
    fn injected_error_is_bounded_and_per_flow() {
        let mut r = Refwa::refwa(RefwaParams { rtt_error_sigma: 0.4, ..Default::default() }, RngStreams::new(3).stream("r"));
        for f in 0..200 {
            r.on_ack(&mut pkt(f, PacketKind::Ack, 30), 0);
            r.on_data(&pkt(f, PacketKind::Data, 32), 0);
        }
        let ests: Vec<f64> = (0..200u32).map(|f| r.rtt_estimate(&r.flows[r.slot[&f] as usize]).unwrap()).collect();
        assert!(ests.iter().all(|e| (0.16 * 0.6 - 1e-12..=0.16 * 1.4 + 1e-12).contains(e)));
        let spread = ests.iter().cloned().fold(0.0, f64::max) - ests.iter().cloned().fold(1.0, f64::min);
        assert!(spread > 0.1, "errors differ between flows");
    }

    #[test]
    fn appendix_one_stability() {
        assert!(is_stable(1.5, 0.5) && paper_stable(1.5, 0.5), "the paper's defaults are stable");
        assert!(!paper_stable(0.5, 0.5) && is_stable(0.5, 0.5), "the paper's region is the O1 >= 0 part");
        assert!(crossover_condition(1.5, 0.5).abs() < 1e-12, "and satisfy eq. 7");
        assert!(!is_stable(1.5, 1.0) && !is_stable(3.5, 0.5) && !is_stable(0.0, 1.2));
        assert!(is_stable(1.0, 0.0));
    }
}
