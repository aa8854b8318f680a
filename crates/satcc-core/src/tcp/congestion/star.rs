//! TCP-STAR (Obata, Ishida, Takeuchi, Hanasaki, "TCP-STAR: TCP congestion control
//! method for satellite Internet", IEICE Trans. Commun. E89-B(6), 2006), the
//! baseline of seed 003, with ABE from TCP-J as its bandwidth estimate:
//!
//! - CWS: on a loss, ssthresh = max(B_ABE * RTT_min / segment, cwnd / 2); on
//!   duplicate ACKs cwnd = ssthresh unless already below it, on a timeout cwnd = 1
//!   (seed 003 eqs. 1, 2 with ABE, the estimator TCP-STAR uses);
//! - LWC: in congestion avoidance the window grows by Reno's rule *and* is lifted
//!   toward the ABE window: per RTT by max(1, cwnd_reno + cwnd_abe - cwnd), where
//!   cwnd_reno is a Reno window run alongside (seed 003 eq. 4's target_win, which it
//!   takes from TCP-STAR) and cwnd_abe = B_ABE * RTT_min / segment. The lift never
//!   goes below Reno's one packet per RTT.
//!
//! - AEN (ACK error notification): a retransmission timeout caused by lost or late
//!   ACKs ("mis-retransmission") must not cut the rate. The TCP-STAR paper's own
//!   signalling is not available to us; we model AEN with the standard notification
//!   a sender-only change can rely on: the receiver's D-SACK (RFC 2883) for the
//!   segment the timeout resent. When it arrives, cwnd and ssthresh return to their
//!   values before the timeout (the response of RFC 3708's detection). It needs
//!   `tcp.sack: true`, as seed 003 runs every variant.

use super::estimators::{Abe, AbeFilter};
use super::reno::EmulatedReno;
use super::{AckEvent, AckObservation, CongestionControl, LossEvent, Window};

const MIN_SSTHRESH: f64 = 2.0;

/// CWS's ssthresh (seed 003 eqs. 1, 2): the estimated bandwidth-delay product
/// `bdp_pkts`, but not below half the window.
pub fn cws_ssthresh(bdp_pkts: f64, cwnd: f64) -> f64 {
    bdp_pkts.max(cwnd / 2.0).max(MIN_SSTHRESH)
}

/// CWS on duplicate ACKs (eq. 1): ssthresh from the estimate; cwnd = ssthresh unless
/// the window is already below it.
pub fn cws_on_dupacks(w: &mut Window, bdp_pkts: f64) {
    w.ssthresh = cws_ssthresh(bdp_pkts, w.cwnd);
    if w.cwnd >= w.ssthresh {
        w.cwnd = w.ssthresh;
    }
}

/// CWS on a retransmission timeout (eq. 2): ssthresh from the estimate, cwnd = 1.
pub fn cws_on_timeout(w: &mut Window, bdp_pkts: f64) {
    w.ssthresh = cws_ssthresh(bdp_pkts, w.cwnd);
    w.cwnd = 1.0;
}

#[derive(Debug, Clone)]
pub struct Star {
    abe: Abe,
    rtt_min_s: f64,
    seg_bytes: f64,
    reno: EmulatedReno,
    reno_before_timeout: EmulatedReno,
}

impl Default for Star {
    fn default() -> Self {
        Star::with_abe(AbeFilter::Tustin)
    }
}

impl Star {
    /// TCP-STAR with ABE's filter chosen.
    pub fn with_abe(filter: AbeFilter) -> Self {
        Star {
            abe: Abe::new(filter),
            rtt_min_s: f64::INFINITY,
            seg_bytes: 1000.0,
            reno: EmulatedReno::default(),
            reno_before_timeout: EmulatedReno::default(),
        }
    }

    fn cwnd_abe(&self) -> f64 {
        if self.rtt_min_s.is_finite() {
            self.abe.bytes_per_s() * self.rtt_min_s / self.seg_bytes
        } else {
            0.0
        }
    }
}

impl CongestionControl for Star {
    fn name(&self) -> &'static str {
        "star"
    }

    fn observe_ack(&mut self, o: &AckObservation) {
        self.seg_bytes = o.seg_bytes as f64;
        if let Some(s) = o.rtt_sample_s {
            self.rtt_min_s = self.rtt_min_s.min(s);
        }
        self.abe.observe(o);
    }

    fn on_ack(&mut self, w: &mut Window, ev: &AckEvent) {
        if let Some(s) = ev.rtt_sample_s {
            self.rtt_min_s = self.rtt_min_s.min(s);
        }
        let reno = self.reno.on_ack(w);
        if w.cwnd < w.ssthresh {
            w.cwnd += 1.0;
            return;
        }
        let lift = (reno + self.cwnd_abe() - w.cwnd).max(1.0);
        w.cwnd += lift / w.cwnd;
    }

    fn on_fast_retransmit(&mut self, w: &mut Window, _ev: &LossEvent) {
        self.reno.on_loss();
        cws_on_dupacks(w, self.cwnd_abe());
    }

    fn on_timeout(&mut self, w: &mut Window, _ev: &LossEvent) {
        self.reno_before_timeout = self.reno;
        cws_on_timeout(w, self.cwnd_abe());
        self.reno.on_timeout();
    }

    /// AEN: undo a timeout that a D-SACK showed to be spurious.
    fn on_spurious_timeout(&mut self, w: &mut Window, before: Window) -> bool {
        *w = before;
        self.reno = self.reno_before_timeout;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Time;

    fn primed(bw: f64) -> Star {
        let mut s = Star::default();
        let gap = (1500.0 / bw * 1e9) as Time;
        s.observe_ack(&AckObservation { now: 0, newly_acked: 0, dup: false, rtt_sample_s: Some(0.5), seg_bytes: 1500 });
        for k in 1..40_000 {
            s.observe_ack(&AckObservation { now: k * gap, newly_acked: 1, dup: false, rtt_sample_s: None, seg_bytes: 1500 });
        }
        s
    }

    fn ev() -> AckEvent {
        AckEvent { now: 0, acked_pkts: 1, rtt_sample_s: None, srtt_s: 0.5, rwnd_pkts: 100_000, limited_ss_pkts: 0, aimd_increase: 1.0 }
    }

    fn loss() -> LossEvent {
        LossEvent::standard(0, 0.0, 0.5, 1500)
    }

    #[test]
    fn lwc_lifts_toward_the_abe_window_and_never_below_reno() {
        // ABE 1.25e6 B/s, RTT_min 0.5 s, 1500 B: cwnd_abe = 416.7
        let mut s = primed(1.25e6);
        assert!((s.cwnd_abe() - 416.67).abs() < 10.0, "{}", s.cwnd_abe());
        s.reno = EmulatedReno { cwnd: 100.0, ssthresh: 10.0 };
        let mut w = Window { cwnd: 200.0, ssthresh: 10.0 };
        s.on_ack(&mut w, &ev());
        // one ACK of the 200-packet window is half an ACK of the 100-packet Reno window
        let lift = 100.0 + 0.5 / 100.0 + s.cwnd_abe() - 200.0;
        assert!((w.cwnd - (200.0 + lift / 200.0)).abs() < 1e-9);
        // far above both: Reno's increase only
        let mut w = Window { cwnd: 2000.0, ssthresh: 10.0 };
        s.on_ack(&mut w, &ev());
        assert!((w.cwnd - (2000.0 + 1.0 / 2000.0)).abs() < 1e-9);
    }

    #[test]
    fn cws_keeps_the_window_at_the_estimated_bandwidth() {
        let mut s = primed(1.25e6);
        let abe = s.cwnd_abe();
        let mut w = Window { cwnd: 500.0, ssthresh: 1e9 };
        s.on_fast_retransmit(&mut w, &loss());
        assert!((w.cwnd - abe).abs() < 1e-9 && w.ssthresh == w.cwnd);
        let mut w = Window { cwnd: 300.0, ssthresh: 1e9 };
        s.on_fast_retransmit(&mut w, &loss());
        assert_eq!(w.cwnd, 300.0, "below the estimate: kept");
        s.on_timeout(&mut w, &loss());
        assert_eq!(w.cwnd, 1.0);
        assert!((w.ssthresh - abe).abs() < 1e-9);
    }
}
