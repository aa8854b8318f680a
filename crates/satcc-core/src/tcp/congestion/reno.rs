//! Standard additive-increase, multiplicative-decrease (RFC 5681) with ns-2's integer
//! rounding: slow start adds one packet per ACK below ssthresh, congestion avoidance
//! adds 1/cwnd per ACK [windowOption_ 1]; a fast retransmit halves the unrounded
//! usable window (windowd(): 29.6 becomes 14.8) and sets ssthresh to its integer part,
//! at least two packets; a timeout sets the same ssthresh and restarts from one.

use super::{AckEvent, CongestionControl, LossEvent, Window};

/// Multiplicative decrease factor of the emulated Reno [decrease_num_ 0.5] (a real
/// Reno window takes the loss event's, `tcp.aimd_decrease`).
const DECREASE: f64 = 0.5;
/// Additive increase per RTT of the emulated Reno [increase_num_ 1] (a real Reno
/// window takes the ACK event's, `tcp.aimd_increase`).
const INCREASE: f64 = 1.0;
/// Smallest ssthresh after a decrease.
const MIN_SSTHRESH: f64 = 2.0;

#[derive(Default, Debug, Clone)]
pub struct Reno;

/// A Reno window run alongside another controller's (TCP-Fusion's floor, the
/// cwnd_reno of TCP-STAR's LWC and seed 003's eq. 4): a whole Reno of its own, with
/// its own ssthresh, that slow-starts, gains one packet per RTT, halves on a loss and
/// restarts from one packet after a timeout, whatever the real window does.
///
/// It is clocked by the real flow's ACKs, of which there are about `cwnd` per RTT
/// where a Reno flow would see `cwnd_reno`; each ACK therefore counts for
/// cwnd_reno / cwnd of a Reno ACK, so the emulated window doubles per RTT in slow
/// start and gains one packet per RTT after, as Compound TCP's loss-based window does
/// (cwnd += 1 / (cwnd + dwnd)). Before its first ACK it starts from the real window.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EmulatedReno {
    pub cwnd: f64,
    pub ssthresh: f64,
}

impl Default for EmulatedReno {
    fn default() -> Self {
        EmulatedReno { cwnd: 0.0, ssthresh: f64::INFINITY }
    }
}

impl EmulatedReno {
    /// One ACK that advanced the real window `real` (before the real controller
    /// updates it); returns the emulated window.
    pub fn on_ack(&mut self, real: &Window) -> f64 {
        if self.cwnd <= 0.0 {
            self.cwnd = real.cwnd;
            self.ssthresh = real.ssthresh;
        }
        let share = self.cwnd / real.cwnd.max(1.0);
        if self.cwnd < self.ssthresh {
            self.cwnd += share;
        } else {
            self.cwnd += share * INCREASE / self.cwnd;
        }
        self.cwnd
    }

    /// A loss detected by duplicate ACKs: Reno halves its own window.
    pub fn on_loss(&mut self) {
        self.ssthresh = (DECREASE * self.cwnd).max(MIN_SSTHRESH);
        self.cwnd = self.ssthresh;
    }

    /// A retransmission timeout: ssthresh is half the window, which restarts at one.
    pub fn on_timeout(&mut self) {
        self.ssthresh = (DECREASE * self.cwnd).max(MIN_SSTHRESH);
        self.cwnd = 1.0;
    }
}

/// ns-2's limited_slow_start (RFC 3742): above ssthresh, a window of k times half of
/// max_ssthresh (k >= 1, whole) grows by 1/k a new ACK if that is more than `increment`.
#[inline]
pub(crate) fn limited_slow_start(cwnd: f64, max_ssthresh: u32, increment: f64) -> f64 {
    if max_ssthresh == 0 {
        return increment;
    }
    let round = (cwnd / (max_ssthresh as f64 / 2.0)) as i64;
    let increment1 = if round > 0 { 1.0 / round as f64 } else { 0.0 };
    if increment < increment1 {
        increment1
    } else {
        increment
    }
}

impl Reno {
    /// ssthresh after a loss: the integer part of half the unrounded window (or of
    /// decrease_num_'s cut of it, `LossEvent::kept`), at least two packets.
    pub fn halved_ssthresh(ev: &LossEvent) -> f64 {
        ev.ssthresh_cut().max(MIN_SSTHRESH)
    }

    /// ns-2's slowdown(CLOSE_SSTHRESH_HALF | CLOSE_CWND_HALF): cwnd to half the
    /// unrounded window (or decrease_num_ of it; no floor for ns-2's agents, as in ns-2:
    /// 0.3 of a window of 3 leaves 0.9; `LossEvent::cwnd_floor`), ssthresh to the integer
    /// part of its own fraction (at least two).
    pub fn halve(w: &mut Window, ev: &LossEvent) {
        w.ssthresh = Self::halved_ssthresh(ev);
        w.cwnd = ev.cwnd_cut().max(ev.cwnd_floor);
    }
}

impl CongestionControl for Reno {
    fn name(&self) -> &'static str {
        "reno"
    }

    fn on_ack(&mut self, w: &mut Window, ev: &AckEvent) {
        if w.cwnd < w.ssthresh {
            w.cwnd += 1.0;
        } else {
            let increment = ev.aimd_increase / w.cwnd;
            w.cwnd += limited_slow_start(w.cwnd, ev.limited_ss_pkts, increment);
        }
    }

    fn ns2_opencwnd(&self) -> bool {
        true
    }

    fn on_fast_retransmit(&mut self, w: &mut Window, ev: &LossEvent) {
        Self::halve(w, ev);
    }

    fn on_timeout(&mut self, w: &mut Window, ev: &LossEvent) {
        w.ssthresh = Self::halved_ssthresh(ev);
        w.cwnd = 1.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ack() -> AckEvent {
        AckEvent { now: 0, acked_pkts: 1, rtt_sample_s: None, srtt_s: 0.1, rwnd_pkts: 100, limited_ss_pkts: 0, aimd_increase: 1.0 }
    }
    fn loss(win: f64) -> LossEvent {
        LossEvent::standard(0, win, 0.1, 1000)
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
    fn halving_is_exact_and_ssthresh_its_integer_part() {
        // ns-2 2.35 traces (Table III, T3): a fast retransmit at window 37 gives
        // cwnd 18.5, ssthresh 18; at 29.576, cwnd 14.788, ssthresh 14
        let mut c = Reno;
        let mut w = Window { cwnd: 37.0, ssthresh: 10_000.0 };
        c.on_fast_retransmit(&mut w, &loss(37.0));
        assert_eq!(w, Window { cwnd: 18.5, ssthresh: 18.0 });
        c.on_fast_retransmit(&mut w, &loss(29.576));
        assert_eq!(w, Window { cwnd: 14.788, ssthresh: 14.0 });
        // ssthresh two packets at least; cwnd has no floor for ns-2's agents
        // (slowdown(CLOSE_CWND_HALF) leaves it below one packet: window() then sends
        // nothing), one packet under satcc's RFC 6675 recovery
        c.on_fast_retransmit(&mut w, &loss(3.0));
        assert_eq!(w, Window { cwnd: 1.5, ssthresh: 2.0 });
        c.on_fast_retransmit(&mut w, &LossEvent { cwnd_floor: 0.0, ..loss(1.2) });
        assert_eq!(w, Window { cwnd: 0.6, ssthresh: 2.0 });
        c.on_fast_retransmit(&mut w, &loss(1.2));
        assert_eq!(w, Window { cwnd: 1.0, ssthresh: 2.0 });
        // a timeout: the same ssthresh, cwnd back to one
        let mut w = Window { cwnd: 20.9, ssthresh: 100.0 };
        c.on_timeout(&mut w, &loss(20.9));
        assert_eq!(w, Window { cwnd: 1.0, ssthresh: 10.0 });
    }

    #[test]
    fn emulated_reno_starts_from_the_real_window_and_matches_reno_alone() {
        // while the real window is Reno's own, the emulation is Reno step for step
        let (mut c, mut e) = (Reno, EmulatedReno::default());
        let mut w = Window { cwnd: 2.0, ssthresh: 5.0 };
        for _ in 0..20 {
            let r = e.on_ack(&w);
            c.on_ack(&mut w, &ack());
            assert!((r - w.cwnd).abs() < 1e-12, "{r} vs {}", w.cwnd);
        }
        assert_eq!(e.ssthresh, 5.0);
    }

    #[test]
    fn emulated_reno_gains_one_packet_per_rtt_of_a_larger_real_window() {
        // 400 ACKs of a 400-packet real window = one RTT: +1, not +400/100
        let mut e = EmulatedReno { cwnd: 100.0, ssthresh: 50.0 };
        let w = Window { cwnd: 400.0, ssthresh: 50.0 };
        for _ in 0..400 {
            e.on_ack(&w);
        }
        assert!((e.cwnd - 101.0).abs() < 0.01, "{}", e.cwnd);
        // slow start doubles per RTT of real ACKs: 10 -> ~20 over 400 ACKs
        let mut e = EmulatedReno { cwnd: 10.0, ssthresh: 1000.0 };
        for _ in 0..400 {
            e.on_ack(&w);
        }
        assert!((e.cwnd - 10.0 * (1.0f64 + 1.0 / 400.0).powi(400)).abs() < 1e-6, "{}", e.cwnd);
    }

    #[test]
    fn emulated_reno_keeps_its_own_ssthresh_through_a_timeout() {
        let mut e = EmulatedReno { cwnd: 512.0, ssthresh: 1e9 };
        e.on_timeout();
        assert_eq!(e, EmulatedReno { cwnd: 1.0, ssthresh: 256.0 });
        // the real window slow-starts towards a larger ssthresh (say 468); the
        // emulation stops doubling at its own 256 and goes on linearly
        let mut w = Window { cwnd: 1.0, ssthresh: 468.0 };
        while w.cwnd < 468.0 {
            e.on_ack(&w);
            w.cwnd += 1.0;
        }
        assert!(e.cwnd >= 256.0 && e.cwnd < 257.0, "{}", e.cwnd);
        e.on_loss();
        assert_eq!(e.ssthresh, e.cwnd);
        assert!((e.cwnd - 128.0).abs() < 0.5);
        let mut e = EmulatedReno { cwnd: 3.0, ssthresh: 1e9 };
        e.on_loss();
        assert_eq!(e, EmulatedReno { cwnd: 2.0, ssthresh: 2.0 });
    }

    #[test]
    fn limited_slow_start_grows_by_one_over_the_half_max_ssthresh_multiple() {
        // ns-2's limited_slow_start with max_ssthresh_ 100: below 50 packets the
        // standard 1/cwnd, from 50 one packet an ACK, from 100 a half, from 150 a third
        let ev = |m| AckEvent { limited_ss_pkts: m, ..ack() };
        for (cwnd, want) in [(49.0, 1.0 / 49.0), (50.0, 1.0), (99.5, 1.0), (120.0, 0.5), (150.0, 1.0 / 3.0)] {
            let mut w = Window { cwnd, ssthresh: 20.0 };
            Reno.on_ack(&mut w, &ev(100));
            assert_eq!(w.cwnd, cwnd + want, "{cwnd}");
            // without it (or after a fast retransmit: the sender passes 0) the standard rule
            let mut w = Window { cwnd, ssthresh: 20.0 };
            Reno.on_ack(&mut w, &ev(0));
            assert_eq!(w.cwnd, cwnd + 1.0 / cwnd);
        }
        // slow start below ssthresh is untouched
        let mut w = Window { cwnd: 60.0, ssthresh: 80.0 };
        Reno.on_ack(&mut w, &ev(100));
        assert_eq!(w.cwnd, 61.0);
    }

    #[test]
    fn aimd_grows_by_its_increase_and_cuts_as_the_loss_event_says() {
        let mut w = Window { cwnd: 10.0, ssthresh: 5.0 };
        Reno.on_ack(&mut w, &AckEvent { aimd_increase: 0.31, ..ack() });
        assert!((w.cwnd - 10.031).abs() < 1e-12, "{}", w.cwnd);
        // decrease_num_ 0.875 for both (not the first cut, not in slow start)
        let ev = LossEvent { ssthresh_halves: false, cwnd_halves: false, kept: 0.875 * 20.0, ..loss(20.0) };
        Reno.on_fast_retransmit(&mut w, &ev);
        assert_eq!((w.cwnd, w.ssthresh), (17.5, 17.0));
        // after a timeout ssthresh halves (the sender's factor) and the window restarts
        let ev = LossEvent { ssthresh_halves: true, cwnd_halves: false, kept: 0.875 * 20.0, ..loss(20.0) };
        Reno.on_timeout(&mut w, &ev);
        assert_eq!((w.cwnd, w.ssthresh), (1.0, 10.0));
    }
}
