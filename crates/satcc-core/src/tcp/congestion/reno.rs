//! Standard additive-increase, multiplicative-decrease (RFC 5681) with ns-2's integer
//! rounding: slow start adds one packet per ACK below ssthresh, congestion avoidance
//! adds 1/cwnd per ACK [windowOption_ 1]; a loss halves the usable window, rounded
//! down, with ssthresh at least two packets.

use super::{AckEvent, CongestionControl, LossEvent, Window};

/// Multiplicative decrease factor [decrease_num_ 0.5].
const DECREASE: f64 = 0.5;
/// Additive increase per RTT [increase_num_ 1].
const INCREASE: f64 = 1.0;
/// Smallest ssthresh after a decrease.
const MIN_SSTHRESH: f64 = 2.0;

#[derive(Default, Debug, Clone)]
pub struct Reno;

/// A Reno window run alongside another controller's (TCP-Fusion's floor, the
/// cwnd_reno of TCP-STAR's LWC and seed 003's eq. 4): it follows the real window in
/// slow start, then grows by one packet per RTT, halves on a loss and restarts from
/// one packet after a timeout.
#[derive(Default, Debug, Clone, Copy)]
pub struct EmulatedReno {
    pub cwnd: f64,
}

impl EmulatedReno {
    /// Slow start: the emulated window is the real one.
    pub fn follow(&mut self, cwnd: f64) {
        self.cwnd = cwnd;
    }

    /// One ACK in congestion avoidance (starting from the real window `cwnd` if the
    /// emulation has not begun); returns the emulated window.
    pub fn on_ack(&mut self, cwnd: f64) -> f64 {
        if self.cwnd <= 0.0 {
            self.cwnd = cwnd;
        }
        self.cwnd += INCREASE / self.cwnd;
        self.cwnd
    }

    /// A loss detected by duplicate ACKs while the real window was `cwnd`.
    pub fn on_loss(&mut self, cwnd: f64) {
        self.cwnd = (DECREASE * cwnd).max(1.0);
    }

    pub fn on_timeout(&mut self) {
        self.cwnd = 1.0;
    }
}

impl Reno {
    fn halved(ev: &LossEvent) -> f64 {
        (DECREASE * ev.window_pkts as f64).floor()
    }
}

impl CongestionControl for Reno {
    fn name(&self) -> &'static str {
        "reno"
    }

    fn on_ack(&mut self, w: &mut Window, _ev: &AckEvent) {
        if w.cwnd < w.ssthresh {
            w.cwnd += 1.0;
        } else {
            w.cwnd += INCREASE / w.cwnd;
        }
    }

    fn on_fast_retransmit(&mut self, w: &mut Window, ev: &LossEvent) {
        let half = Self::halved(ev);
        w.ssthresh = half.max(MIN_SSTHRESH);
        w.cwnd = half;
    }

    fn on_timeout(&mut self, w: &mut Window, ev: &LossEvent) {
        w.ssthresh = Self::halved(ev).max(MIN_SSTHRESH);
        w.cwnd = 1.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ack() -> AckEvent {
        AckEvent { now: 0, acked_pkts: 1, rtt_sample_s: None, srtt_s: 0.1, rwnd_pkts: 100 }
    }
    fn loss(win: i64) -> LossEvent {
        LossEvent { now: 0, window_pkts: win, srtt_s: 0.1, seg_bytes: 1000 }
    }

    #[test]
    fn slow_start_then_linear() {
        let mut c = Reno;
        let mut w = Window { cwnd: 2.0, ssthresh: 4.0 };
        c.on_ack(&mut w, &ack());
        c.on_ack(&mut w, &ack());
        assert_eq!(w.cwnd, 4.0);
        c.on_ack(&mut w, &ack());
        assert_eq!(w.cwnd, 4.25);
    }

    #[test]
    fn halving_rounds_down_and_floors_ssthresh() {
        let mut c = Reno;
        let mut w = Window { cwnd: 9.7, ssthresh: 100.0 };
        c.on_fast_retransmit(&mut w, &loss(9));
        assert_eq!(w, Window { cwnd: 4.0, ssthresh: 4.0 });
        c.on_fast_retransmit(&mut w, &loss(3));
        assert_eq!(w, Window { cwnd: 1.0, ssthresh: 2.0 });
        let mut w = Window { cwnd: 20.0, ssthresh: 100.0 };
        c.on_timeout(&mut w, &loss(20));
        assert_eq!(w, Window { cwnd: 1.0, ssthresh: 10.0 });
    }
}
