//! ns-2's windowOption_ rules beyond its standard one (1) and its counted one (0, kept
//! by the sender itself): the experimental increases of Floyd's early studies (2 to 5),
//! binomial congestion control (6) and HighSpeed TCP (8, highspeed.rs). Each is a rule
//! of TcpAgent's opencwnd, above ssthresh, and some of its slowdown (tcp.cc), so it runs
//! under the sender with any of ns-2's agents that grow by them (`tcp.window_increase`).
//!
//! - 2: the window grows by about `window_constant` x RTT^2 packets a round trip, RTT
//!   the smoothed one as ns-2's tick clock holds it: a constant rate of increase
//!   (Floyd 1991, "Connections with Multiple Congested Gateways").
//! - 3 and 4: by `window_constant` x awnd^2 and x awnd, awnd the window averaged over
//!   new ACKs with gain `window_average_gain` (ns-2's awnd_ and windowThresh_).
//! - 5: by `window_constant` x RTT (Floyd 1992, "On Traffic Phase Effects").
//!
//! Each adds a whole packet when what it has gathered (ns-2's fcnt_) passes the window;
//! every slowdown clears it. A cut takes decrease_num_ of the window, as windowOption_ 1.
//! - 6, binomial (Bansal and Balakrishnan 2001): a new ACK adds increase_num_ /
//!   cwnd^(1+k), a cut takes (1 - decrease_num_) x window^l away.

use super::highspeed::HighSpeed;
use super::{AckEvent, Window};
use crate::tcp::config::{TcpConfig, WindowIncrease};

/// Which of Floyd's experimental increases (windowOption_ 2 to 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gathered {
    /// 2: window_constant x RTT^2 a new ACK.
    RttSquared,
    /// 3: window_constant x awnd^2.
    AverageSquared,
    /// 4: window_constant x awnd.
    Average,
    /// 5: window_constant x RTT.
    Rtt,
}

/// A sender's windowOption_ rule and its state.
#[derive(Clone, Debug, PartialEq)]
pub enum WindowRule {
    /// windowOption_ 2 to 5.
    Gathering {
        kind: Gathered,
        /// windowConstant_.
        constant: f64,
        /// windowThresh_, the average's gain.
        gain: f64,
        /// What has been gathered toward the next packet (fcnt_).
        fcnt: f64,
        /// The averaged window (awnd_: windowInit_ / 2 at the reset).
        awnd: f64,
    },
    /// windowOption_ 6: k_parameter_ and l_parameter_.
    Binomial { k: f64, l: f64 },
    /// windowOption_ 8.
    HighSpeed(HighSpeed),
}

impl WindowRule {
    /// The sender's rule as ns-2's reset() leaves it, if its windowOption_ has one here.
    pub fn new(cfg: &TcpConfig) -> Option<WindowRule> {
        let gathering = |kind| WindowRule::Gathering {
            kind,
            constant: cfg.window_constant,
            gain: cfg.window_average_gain,
            fcnt: 0.0,
            // awnd_ = wnd_init_ / 2.0, wnd_init_ windowInit_ whatever windowInitOption_
            awnd: cfg.initial_window_pkts as f64 / 2.0,
        };
        Some(match cfg.window_increase {
            WindowIncrease::Fractional | WindowIncrease::Counted => return None,
            WindowIncrease::RttSquared => gathering(Gathered::RttSquared),
            WindowIncrease::AverageSquared => gathering(Gathered::AverageSquared),
            WindowIncrease::Average => gathering(Gathered::Average),
            WindowIncrease::Rtt => gathering(Gathered::Rtt),
            WindowIncrease::Binomial => WindowRule::Binomial { k: cfg.binomial_k, l: cfg.binomial_l },
            WindowIncrease::Highspeed => WindowRule::HighSpeed(HighSpeed::new(cfg)),
        })
    }

    /// opencwnd above ssthresh: the window's growth on a new ACK (`ev.srtt_s`, ns-2's
    /// (t_srtt_ >> T_SRTT_BITS) x tcp_tick_; `ev.aimd_increase`, increase_num_).
    pub fn open(&mut self, w: &mut Window, ev: &AckEvent) {
        match self {
            WindowRule::Gathering { kind, constant, fcnt, awnd, .. } => {
                // ns-2's operations in its order: f = x; f *= f; f *= c; f += fcnt_
                let mut f = match kind {
                    Gathered::RttSquared | Gathered::Rtt => ev.srtt_s,
                    Gathered::AverageSquared | Gathered::Average => *awnd,
                };
                if matches!(kind, Gathered::RttSquared | Gathered::AverageSquared) {
                    f *= f;
                }
                f *= *constant;
                f += *fcnt;
                if f > w.cwnd {
                    *fcnt = 0.0;
                    w.cwnd += 1.0;
                } else {
                    *fcnt = f;
                }
            }
            WindowRule::Binomial { k, .. } => {
                w.cwnd += ev.aimd_increase / (w.cwnd * w.cwnd.powf(*k));
            }
            WindowRule::HighSpeed(hs) => {
                let increment = hs.increment(w.cwnd);
                w.cwnd += super::reno::limited_slow_start(w.cwnd, ev.limited_ss_pkts, increment);
            }
        }
    }

    /// The end of ns-2's newack(), on every new ACK, and of Fack's oldack(), on each of
    /// its duplicates and recovery's ACKs: the averaged window takes the window before
    /// this ACK opens it.
    #[inline]
    pub fn on_newack(&mut self, cwnd: f64) {
        if let WindowRule::Gathering { gain, awnd, .. } = self {
            *awnd *= 1.0 - *gain;
            *awnd += *gain * cwnd;
        }
    }

    /// A slowdown clears what was gathered (fcnt_ = 0).
    #[inline]
    pub fn on_slowdown(&mut self) {
        if let WindowRule::Gathering { fcnt, .. } = self {
            *fcnt = 0.0;
        }
    }

    /// Binomial's decreasewin: `windowd` less (1 - decrease_num) x windowd^l, or with
    /// `whole` the integer part of that of the integer window `window`.
    pub fn binomial_kept(&self, windowd: f64, window: f64, decrease_num: f64, whole: bool) -> Option<f64> {
        match self {
            WindowRule::Binomial { l, .. } => Some(if whole {
                (window - (1.0 - decrease_num) * window.powf(*l)).trunc()
            } else {
                windowd - (1.0 - decrease_num) * windowd.powf(*l)
            }),
            _ => None,
        }
    }

    /// HighSpeed TCP's rule, if this is it.
    #[inline]
    pub fn highspeed(&self) -> Option<&HighSpeed> {
        match self {
            WindowRule::HighSpeed(hs) => Some(hs),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(window_increase: WindowIncrease) -> WindowRule {
        let cfg = TcpConfig { window_increase, window_constant: 2.0, window_average_gain: 0.25, ..TcpConfig::default() };
        WindowRule::new(&cfg).expect("a rule")
    }

    fn ack(srtt_s: f64) -> AckEvent {
        AckEvent { now: 0, acked_pkts: 1, rtt_sample_s: None, srtt_s, rwnd_pkts: 100, limited_ss_pkts: 0, aimd_increase: 1.0 }
    }

    /// windowOption_ 2: c RTT^2 gathered a new ACK, a packet once it passes cwnd (what
    /// passed it is dropped, as ns-2 sets fcnt_ to 0); a slowdown clears it.
    #[test]
    fn gathers_c_rtt_squared_toward_a_packet() {
        let mut r = rule(WindowIncrease::RttSquared);
        let mut w = Window { cwnd: 10.0, ssthresh: 5.0 };
        // 2 x 1.5^2 = 4.5 a new ACK: 4.5, 9, then 13.5 > 10 gives a packet
        for want in [10.0, 10.0, 11.0, 11.0] {
            r.open(&mut w, &ack(1.5));
            assert_eq!(w.cwnd, want);
        }
        assert!(matches!(r, WindowRule::Gathering { fcnt, .. } if fcnt == 4.5));
        r.on_slowdown();
        assert!(matches!(r, WindowRule::Gathering { fcnt, .. } if fcnt == 0.0));
        // windowOption_ 5: c RTT: 3 a new ACK
        let mut r = rule(WindowIncrease::Rtt);
        let mut w = Window { cwnd: 5.0, ssthresh: 5.0 };
        for want in [5.0, 6.0, 6.0, 6.0, 7.0] {
            r.open(&mut w, &ack(1.5));
            assert_eq!(w.cwnd, want);
        }
    }

    /// windowOption_ 3 and 4 read the window averaged over new ACKs: awnd starts at
    /// windowInit_ / 2 and moves toward each ACK's cwnd by the gain.
    #[test]
    fn average_window_moves_by_its_gain() {
        let mut r = rule(WindowIncrease::Average);
        assert!(matches!(r, WindowRule::Gathering { awnd, .. } if awnd == 1.0), "windowInit_ 2 / 2");
        r.on_newack(9.0);
        assert!(matches!(r, WindowRule::Gathering { awnd, .. } if awnd == 0.75 + 0.25 * 9.0));
        // 4: c awnd = 2 x 3 = 6 a new ACK; 3: c awnd^2 = 18
        let mut w = Window { cwnd: 10.0, ssthresh: 5.0 };
        r.open(&mut w, &ack(0.1));
        assert_eq!(w.cwnd, 10.0);
        r.open(&mut w, &ack(0.1));
        assert_eq!(w.cwnd, 11.0);
        let mut r = rule(WindowIncrease::AverageSquared);
        r.on_newack(9.0);
        let mut w = Window { cwnd: 17.0, ssthresh: 5.0 };
        r.open(&mut w, &ack(0.1));
        assert_eq!(w.cwnd, 18.0);
    }

    /// windowOption_ 6: increase_num_ / cwnd^(1+k) a new ACK; a cut takes
    /// (1 - decrease_num_) window^l away (of the integer window with whole cuts).
    #[test]
    fn binomial_grows_and_cuts_by_its_powers() {
        let cfg = TcpConfig { window_increase: WindowIncrease::Binomial, binomial_k: 0.5, binomial_l: 0.5, ..TcpConfig::default() };
        let mut r = WindowRule::new(&cfg).unwrap();
        let mut w = Window { cwnd: 16.0, ssthresh: 5.0 };
        r.open(&mut w, &ack(0.1));
        assert_eq!(w.cwnd, 16.0 + 1.0 / (16.0 * 4.0));
        assert_eq!(r.binomial_kept(16.0, 16.0, 0.5, false), Some(14.0));
        assert_eq!(r.binomial_kept(16.8, 16.0, 0.5, true), Some(14.0));
        assert_eq!(r.binomial_kept(16.8, 16.0, 0.5, false), Some(16.8 - 0.5 * 16.8f64.sqrt()));
        // k 0, l 1 is AIMD: a cut to decrease_num_ of the window
        let aimd = WindowRule::Binomial { k: 0.0, l: 1.0 };
        assert_eq!(aimd.binomial_kept(29.6, 29.0, 0.5, false), Some(14.8));
    }
}
