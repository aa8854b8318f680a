//! HighSpeed TCP (Floyd, RFC 3649) as ns-2 2.35 runs it: windowOption_ 8 of
//! TcpAgent's opencwnd and slowdown (tcp.cc, increase_param and decrease_param).
//!
//! Above the low window the window is meant to sustain a loss rate p(w) that falls
//! log-log linearly from 1.5 / low_window^2 at the low window to high_p at the high
//! window, and a cut takes away a fraction b(w) of it that falls, linear in log w,
//! from 0.5 at the low window to high_decrease at the high one. Congestion avoidance
//! then adds a(w) = w^2 p(w) 2 b(w) / (2 - b(w)) packets a round trip, a(w) / w a new
//! ACK. At or below the low window both are standard TCP's.
//!
//! It is a rule of ns-2's window, not a controller: it runs under the sender's
//! opencwnd and slowdown (tcp/sender.rs) with any of ns-2's agents that grow by them,
//! as ns-2's windowOption_ does (`tcp.window_increase: highspeed`). The arithmetic is
//! ns-2's own, term by term, so that every window agrees to the last bit.

use crate::tcp::config::TcpConfig;

/// The response function's coefficients (ns-2's struct hstcp, computed in reset())
/// and the last increase computed (for `cwnd_range`).
#[derive(Clone, Debug, PartialEq)]
pub struct HighSpeed {
    /// At or below it, standard TCP [low_window_, a C int].
    low_window: f64,
    /// Windows within this many packets above `cwnd_last` reuse `increase_last`
    /// [cwnd_range_ 0: never].
    cwnd_range: f64,
    /// b(w) = dec1 + ln(w) dec2.
    dec1: f64,
    dec2: f64,
    /// p(w) = exp(p1 + ln(w) p2).
    p1: f64,
    p2: f64,
    /// The window the increase was last computed at, and that increase (packets a
    /// round trip); 0 before the first.
    cwnd_last: f64,
    increase_last: f64,
}

impl HighSpeed {
    /// ns-2's reset() with windowOption_ 8, from the sender's settings.
    pub fn new(cfg: &TcpConfig) -> HighSpeed {
        // low_window_ * low_window_ is a product of C ints (at most 46340 squared)
        let low_sq = (cfg.highspeed_low_window as i64 * cfg.highspeed_low_window as i64) as f64;
        let low_window = cfg.highspeed_low_window as f64;
        let low_p = 1.5 / low_sq;
        let high_low_win = (cfg.highspeed_high_window as f64).ln() - low_window.ln();
        let high_low_p = cfg.highspeed_high_p.ln() - low_p.ln();
        HighSpeed {
            low_window,
            cwnd_range: cfg.highspeed_cwnd_range as f64,
            dec1: 0.5 - low_window.ln() * (cfg.highspeed_high_decrease - 0.5) / high_low_win,
            dec2: (cfg.highspeed_high_decrease - 0.5) / high_low_win,
            p1: low_p.ln() - low_window.ln() * high_low_p / high_low_win,
            p2: high_low_p / high_low_win,
            cwnd_last: 0.0,
            increase_last: 0.0,
        }
    }

    /// Whether a cut at `cwnd` takes HighSpeed's decrease (above the low window).
    #[inline]
    pub fn cuts_at(&self, cwnd: f64) -> bool {
        cwnd > self.low_window
    }

    /// b(cwnd): the fraction of the window a cut takes away (decrease_param).
    #[inline]
    pub fn decrease(&self, cwnd: f64) -> f64 {
        self.dec1 + cwnd.ln() * self.dec2
    }

    /// What a new ACK in congestion avoidance adds to `cwnd` (increase_param): 1 / cwnd
    /// at or below the low window, else a(cwnd) / cwnd, a(w) the last one computed while
    /// the window is within `cwnd_range` above the window it was computed at.
    pub fn increment(&mut self, cwnd: f64) -> f64 {
        if cwnd <= self.low_window {
            return 1.0 / cwnd;
        }
        if cwnd >= self.cwnd_last && cwnd < self.cwnd_last + self.cwnd_range {
            return self.increase_last / cwnd;
        }
        let p = (self.p1 + cwnd.ln() * self.p2).exp();
        let decrease = self.decrease(cwnd);
        // ns-2's w^2 p 2b / (2 - b), written as w^2 p / (1/b - 0.5)
        let increase = cwnd * cwnd * p / (1.0 / decrease - 0.5);
        self.cwnd_last = cwnd;
        self.increase_last = increase;
        increase / cwnd
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hs(cwnd_range: u32) -> HighSpeed {
        HighSpeed::new(&TcpConfig { highspeed_cwnd_range: cwnd_range, ..TcpConfig::default() })
    }

    /// RFC 3649's table (appendix B, the defaults: low window 38, high window 83000,
    /// high_p 1e-7, high_decrease 0.1), as Linux's tcp_highspeed.c also carries it:
    /// the window where the increase a(w) reaches each whole number of packets a round
    /// trip, and b(w) there to two decimals. b(w) agrees to the table's rounding; a(w)
    /// lies just above the table's whole numbers (the table's windows are rounded and
    /// drift: 22.7 where it lists 22 at 5979), within 0.4 up to 1529.
    #[test]
    fn follows_rfc_3649s_table() {
        for (w, a, b) in [(118.0, 2.0, 0.44), (221.0, 3.0, 0.41), (347.0, 4.0, 0.38), (495.0, 5.0, 0.37),
                          (663.0, 6.0, 0.35), (851.0, 7.0, 0.34), (1058.0, 8.0, 0.33), (1284.0, 9.0, 0.32),
                          (1529.0, 10.0, 0.31), (5979.0, 22.0, 0.24)] {
            let mut h = hs(0);
            assert!((h.decrease(w) - b).abs() <= 0.005 + 1e-9, "b({w}) = {}", h.decrease(w));
            let inc = h.increment(w) * w;
            assert!(inc > a && (w > 1529.0 || inc < a + 0.4), "a({w}) = {inc}");
        }
        // the two ends of the response function are the settings
        let h = hs(0);
        assert!((h.decrease(38.0) - 0.5).abs() < 1e-12);
        assert!((h.decrease(83000.0) - 0.1).abs() < 1e-12);
        assert!(((h.p1 + 83000f64.ln() * h.p2).exp() / 1e-7 - 1.0).abs() < 1e-9);
        assert!(((h.p1 + 38f64.ln() * h.p2).exp() * 38.0 * 38.0 / 1.5 - 1.0).abs() < 1e-9);
    }

    /// At or below the low window a new ACK adds 1 / cwnd, as standard TCP's; a cut
    /// there is standard too.
    #[test]
    fn is_standard_tcp_up_to_the_low_window() {
        let mut h = hs(0);
        assert_eq!(h.increment(38.0), 1.0 / 38.0);
        assert_eq!(h.increment(20.5), 1.0 / 20.5);
        assert!(!h.cuts_at(38.0));
        assert!(h.cuts_at(38.5));
    }

    /// cwnd_range_: within that many packets above the last computed window, the last
    /// increase is reused (over the current cwnd); beyond it, or below, recomputed.
    #[test]
    fn cwnd_range_reuses_the_last_increase() {
        let mut h = hs(10);
        let first = h.increment(100.0) * 100.0;
        assert_eq!(h.increment(105.0), first / 105.0, "reused within the range");
        let mut fresh = hs(0);
        let at_110 = fresh.increment(110.0);
        assert_eq!(h.increment(110.0), at_110, "recomputed at the range's end");
        assert_eq!(h.increment(100.0), fresh.increment(100.0), "recomputed below the last window");
        // without a range every ACK recomputes
        let mut none = hs(0);
        let a = none.increment(100.0);
        assert_ne!(none.increment(105.0), a * 100.0 / 105.0);
    }
}
