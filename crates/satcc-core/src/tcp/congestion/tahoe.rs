//! Tahoe as ns-2 2.35's Agent/TCP runs it: Reno's growth, and on the third duplicate ACK
//! the window back to one segment with ssthresh halved (slowdown(CLOSE_SSTHRESH_HALF |
//! CLOSE_CWND_ONE)), as on a timeout. Going back N from the first unacknowledged segment
//! is the sender's (`Recovery::Tahoe`, tcp/sender.rs `dupack_action_tahoe`).

use super::reno::Reno;
use super::{AckEvent, CongestionControl, LossEvent, Window};

/// Tahoe (ns-2 2.35's Agent/TCP): Reno's growth, and a fast retransmit that restarts
/// from one packet as a timeout does (slowdown(CLOSE_SSTHRESH_HALF | CLOSE_CWND_ONE));
/// the sender goes back N (`Recovery::Tahoe`).
#[derive(Default, Debug, Clone)]
pub struct Tahoe;

impl CongestionControl for Tahoe {
    fn name(&self) -> &'static str {
        "tahoe"
    }

    fn on_ack(&mut self, w: &mut Window, ev: &AckEvent) {
        Reno.on_ack(w, ev);
    }

    fn on_fast_retransmit(&mut self, w: &mut Window, ev: &LossEvent) {
        Reno.on_timeout(w, ev);
    }

    fn on_timeout(&mut self, w: &mut Window, ev: &LossEvent) {
        Reno.on_timeout(w, ev);
    }

    fn ns2_opencwnd(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fast_retransmit_restarts_from_one_with_half_the_window_as_ssthresh() {
        let mut w = Window { cwnd: 21.0, ssthresh: 100.0 };
        let ev = LossEvent::standard(0, 21.0, 0.1, 1000);
        Tahoe.on_fast_retransmit(&mut w, &ev);
        assert_eq!((w.cwnd, w.ssthresh), (1.0, 10.0));
        let ack = AckEvent { now: 0, acked_pkts: 1, rtt_sample_s: None, srtt_s: 0.1, rwnd_pkts: 100, limited_ss_pkts: 0, aimd_increase: 1.0 };
        Tahoe.on_ack(&mut w, &ack);
        assert_eq!(w.cwnd, 2.0, "slow start as Reno's");
    }
}
