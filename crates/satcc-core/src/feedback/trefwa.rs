//! T-REFWA (seed 002: Taleb, Kato, Nemoto, ICC 2006): REFWA for terrestrial
//! one-to-many networks, where routers cannot count hops. Senders write an RTT code
//! into six bits of the TOS byte (eq. 1, net/rtt_code.rs); routers group flows by code (a 64-entry
//! table), take each group's RTT from the code (eq. 2), and compute the same
//! recursive feedback as REFWA (eq. 3).

use super::refwa::{feedback_settings, Activity, FeedbackCore, RttOf};
use super::{RouterContext, RouterScheme, RouterSettings};
use crate::engine::rng::StreamRng;
use crate::net::rtt_code::{code_rtt_ms, MAX_CODE};
use crate::net::Packet;

/// RTT of a flow from the code in its data packets' TOS byte (six low bits).
pub struct TosCode {
    pub k: f64,
    /// code -> RTT (s), the 64-entry table of eq. 2
    table: [f64; 64],
}

impl TosCode {
    pub fn new(k: f64) -> Self {
        let mut table = [0.0; 64];
        for (c, t) in table.iter_mut().enumerate() {
            *t = code_rtt_ms(c as u8, k) / 1000.0;
        }
        TosCode { k, table }
    }
}

impl RttOf for TosCode {
    const NAME: &'static str = "trefwa";
    fn rtt_of_data(&self, pkt: &Packet) -> Option<f64> {
        Some(self.table[(pkt.tos & MAX_CODE) as usize])
    }
}

feedback_settings! {
    /// T-REFWA's settings in a scenario's `schemes[]` entry (defaults: seed 002's).
    pub struct TrefwaSettings {
        /// K of eq. 2 (the RTT of a code) [6.3].
        #[schemars(range(max = 100), extend("exclusiveMinimum" = 0))]
        pub k: f64,
    }
}

impl Default for TrefwaSettings {
    fn default() -> Self {
        TrefwaSettings { alpha: 1.0, phi: 1.5, psi: 0.5, k: crate::net::rtt_code::K, rtt_avg_gain: 1.0, activity: Activity::RttAvg }
    }
}

impl RouterSettings for TrefwaSettings {
    fn build(self, ctx: RouterContext) -> Box<dyn RouterScheme> {
        let s = self;
        Box::new(Trefwa::trefwa(s.k, s.alpha, s.phi, s.psi, s.rtt_avg_gain, ctx.rng).with_activity(s.activity))
    }
}

/// T-REFWA: the feedback core with RTTs from the TOS code (alpha = 1 in the paper).
pub type Trefwa = FeedbackCore<TosCode>;

impl Trefwa {
    pub fn trefwa(k: f64, alpha: f64, phi: f64, psi: f64, rtt_avg_gain: f64, rng: StreamRng) -> Self {
        FeedbackCore::new(TosCode::new(k), alpha, phi, psi, rtt_avg_gain, 0.0, rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RngStreams;
    use crate::feedback::LinkView;
    use crate::net::rtt_code::{rtt_code, K};
    use crate::net::PacketKind;

    #[test]
    fn groups_flows_by_code_and_shares_in_proportion_to_rtt() {
        let mut t = Trefwa::trefwa(K, 1.0, 1.5, 0.5, 1.0, RngStreams::new(1).stream("t"));
        let data = |flow, tos| Packet { seq: 1, flow, rwnd_pkts: 0, size_bytes: 1000, hop: 0, kind: PacketKind::Data, ttl: 30, tos, aux: 0 };
        let c60 = rtt_code(60.0, K);
        let c180 = rtt_code(180.0, K);
        t.on_data(&data(0, c60), 0);
        t.on_data(&data(1, c60), 0);
        t.on_data(&data(2, c180), 0);
        let view = LinkView { rate_bps: 100e6, limit_pkts: Some(1000), limit_bytes: None, queue_pkts: 0 };
        t.update(1_000_000, &view);
        let (f0, f1, f2) = (t.feedback(0).unwrap(), t.feedback(1).unwrap(), t.feedback(2).unwrap());
        assert_eq!(f0, f1, "same code, same feedback");
        let ratio = code_rtt_ms(c180, K) / code_rtt_ms(c60, K);
        assert!((f2 / f0 - ratio).abs() < 1e-9, "shares in proportion to the codes' RTTs");
        assert!((t.aggregate_pkts() - (f0 + f1 + f2)).abs() < 1e-9);
        // the ACKs of the flow carry it
        let mut ack = Packet { kind: PacketKind::Ack, rwnd_pkts: 128, ..data(2, 0) };
        t.on_ack(&mut ack, 2_000_000);
        assert_eq!(ack.rwnd_pkts, (f2.floor() as u32).min(128));
    }
}
