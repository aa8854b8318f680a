//! TCP Vegas as ns-2 2.35's Agent/TCP/Vegas runs it (tcp-vegas.cc, Ted Kuo's port of
//! USC's NetBSD Vegas): once per RTT the window grows, holds or shrinks by how far the
//! expected rate (window / baseRTT) exceeds the actual one (segments sent in the last RTT
//! / that RTT), counted in segments (`delta`): in congestion avoidance one segment per
//! RTT more below alpha, one less above beta; in slow start it doubles every other RTT
//! until delta passes gamma. Losses are found by a fine-grained timer per segment (its
//! send time on the Vegas clock, checked on duplicate ACKs and on the first two new
//! ACKs after a retransmission) as well as by three duplicate ACKs, and cut the window
//! by a quarter (by half for a segment resent before).
//!
//! The sender's Vegas path is in tcp/sender.rs (`on_ack_vegas`, `output_vegas`,
//! `timeout_vegas`), beside ns-2's other agents; this file holds Vegas's own state and
//! arithmetic. The controller itself leaves the window alone on an ACK (Vegas sets it
//! there) and on a timeout does what ns-2's Vegas timeout does.
//!
//! What ns-2's Vegas does that TCP Vegas papers do not say, kept here: its segments
//! carry no header and no SYN (its output() allocates a bare packetSize_ packet); the
//! send times live in a ring of `rwnd` slots indexed by segment number modulo the
//! window, re-made when segment 0 is sent; the clearing of acknowledged slots stops
//! where the ring wraps; the initial window is applied on the ACK after that of segment
//! 0 (delay_growth_ tested before the new ACK is taken in).

use super::reno::Reno;
use super::{AckEvent, CongestionControl, LossEvent, Window};
use crate::settings::SettingsGroup;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Segments of extra queueing below which the window grows [v_alpha_ 1].
pub const ALPHA: i64 = 1;
/// ... above which it shrinks [v_beta_ 3].
pub const BETA: i64 = 3;
/// ... above which slow start ends [v_gamma_ 1].
pub const GAMMA: i64 = 1;
/// Vegas's thresholds, as a scenario's `tcp` table names them (ns-2's v_alpha_, v_beta_,
/// v_gamma_), in segments of the difference between the expected and the actual rate
/// times baseRTT.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct VegasSettings {
    /// Below it the window grows by one segment per RTT [v_alpha_ 1].
    #[serde(rename = "vegas_alpha")]
    #[schemars(range(min = 0, max = 10000))]
    pub alpha: i64,
    /// Above it the window shrinks by one segment per RTT [v_beta_ 3].
    #[serde(rename = "vegas_beta")]
    #[schemars(range(min = 0, max = 10000))]
    pub beta: i64,
    /// Above it slow start ends [v_gamma_ 1].
    #[serde(rename = "vegas_gamma")]
    #[schemars(range(min = 0, max = 10000))]
    pub gamma: i64,
}

impl Default for VegasSettings {
    fn default() -> Self {
        VegasSettings { alpha: ALPHA, beta: BETA, gamma: GAMMA }
    }
}

impl SettingsGroup for VegasSettings {}

/// The window after a timeout [v_slowstart_ 2].
pub const SLOWSTART_CWND: f64 = 2.0;
/// The fine-grained timeout before any ACK (v_timeout_ at reset).
const INITIAL_TIMEOUT_S: f64 = 1000.0;
/// baseRTT before any sample (v_baseRTT_ at reset).
const INITIAL_BASE_RTT_S: f64 = 1_000_000_000.0;

/// The Vegas controller: the window on ACKs is the sender's Vegas path's; a timeout
/// halves ssthresh and restarts at two segments (slowdown(CLOSE_CWND_RESTART |
/// CLOSE_SSTHRESH_HALF), then cwnd_ = v_slowstart_).
#[derive(Default, Debug, Clone)]
pub struct Vegas;

impl CongestionControl for Vegas {
    fn name(&self) -> &'static str {
        "vegas"
    }

    /// Vegas's recv_newack_helper opens no window: the once-per-RTT rule does
    /// (`State::per_rtt`).
    fn on_ack(&mut self, _w: &mut Window, _ev: &AckEvent) {}

    /// Not called: Vegas's duplicate-ACK rule sets the window itself (`State::cut`).
    fn on_fast_retransmit(&mut self, _w: &mut Window, _ev: &LossEvent) {}

    fn on_timeout(&mut self, w: &mut Window, ev: &LossEvent) {
        Reno.on_timeout(w, ev);
        w.cwnd = SLOWSTART_CWND;
    }
}

/// Vegas's per-flow state (ns-2's v_* members), times on the Vegas clock (seconds since
/// the first send opportunity, vegastime()).
#[derive(Clone, Debug)]
pub struct State {
    pub alpha: i64,
    pub beta: i64,
    pub gamma: i64,
    /// The Vegas clock's origin (firstsent_), seconds of simulated time; None before the
    /// first send opportunity with nothing sent (t_seqno_ 0).
    pub firstsent: Option<f64>,
    firstrecv: f64,
    /// Smoothed fine-grained RTT (times 8) and deviation (times 4), and the timeout.
    sa: f64,
    sd: f64,
    pub timeout: f64,
    rtt: f64,
    pub base_rtt: f64,
    /// The next two new ACKs check for expired segments after a retransmission.
    pub worried: i64,
    /// The segment that starts this RTT's measure and when it was tagged.
    begseq: i64,
    begtime: f64,
    cnt_rtt: i64,
    sum_rtt: f64,
    /// What the window gains per ACK this RTT (1 in slow start, 1/cwnd or 0 after).
    incr: f64,
    inc_flag: bool,
    /// The window a duplicate-ACK cut chose (before the duplicates inflate it), and when
    /// the window was last cut.
    pub newcwnd: f64,
    pub cwnd_changed: f64,
    /// Send time and transmissions of each segment in flight, slot seq % maxwnd.
    sendtime: Vec<f64>,
    transmits: Vec<u32>,
}

impl Default for State {
    fn default() -> Self {
        State {
            alpha: ALPHA,
            beta: BETA,
            gamma: GAMMA,
            firstsent: None,
            firstrecv: -1.0,
            sa: 0.0,
            sd: 0.0,
            timeout: INITIAL_TIMEOUT_S,
            rtt: 0.0,
            base_rtt: INITIAL_BASE_RTT_S,
            worried: 0,
            begseq: 0,
            begtime: 0.0,
            cnt_rtt: 0,
            sum_rtt: 0.0,
            incr: 0.0,
            inc_flag: true,
            newcwnd: 0.0,
            cwnd_changed: 0.0,
            sendtime: Vec::new(),
            transmits: Vec::new(),
        }
    }
}

/// C's `%` on the non-negative segment numbers Vegas indexes by.
fn slot(seq: i64, n: usize) -> usize {
    (seq % n as i64) as usize
}

impl State {
    /// The thresholds a flow's settings give.
    pub fn with_settings(s: &VegasSettings) -> Self {
        State { alpha: s.alpha, beta: s.beta, gamma: s.gamma, ..State::default() }
    }

    /// vegastime(): the simulated time `now_s` on the Vegas clock.
    pub fn clock(&self, now_s: f64) -> f64 {
        now_s - self.firstsent.unwrap_or(0.0)
    }

    /// Segment `seq` leaves at Vegas time `t`; `wnd` is the advertised window, which
    /// sizes the ring when segment 0 leaves (output()).
    pub fn on_send(&mut self, seq: i64, t: f64, wnd: i64) {
        if seq == 0 || self.sendtime.is_empty() {
            let n = wnd.max(1) as usize;
            self.sendtime = vec![-1.0; n];
            self.transmits = vec![0; n];
        }
        let k = slot(seq, self.sendtime.len());
        self.sendtime[k] = t;
        self.transmits[k] += 1;
    }

    /// The first ACK starts the fine-grained estimates from its Vegas time.
    pub fn first_ack(&mut self, t: f64) {
        if self.firstrecv < 0.0 {
            self.firstrecv = t;
            self.base_rtt = t;
            self.rtt = t;
            self.sa = self.rtt * 8.0;
            self.sd = self.rtt;
            self.timeout = ((self.sa / 4.0) + self.sd) / 2.0;
        }
    }

    /// vegas_expire: the segment after `ack_seq` if its fine-grained timer ran out.
    pub fn expired(&self, ack_seq: i64, t: f64) -> Option<i64> {
        let elapse = t - self.sendtime[slot(ack_seq + 1, self.sendtime.len())];
        (elapse >= self.timeout).then_some(ack_seq + 1)
    }

    /// The send time and transmissions of segment `seq`'s slot.
    pub fn sent(&self, seq: i64) -> (f64, u32) {
        let k = slot(seq, self.sendtime.len());
        (self.sendtime[k], self.transmits[k])
    }

    /// The once-per-RTT rule, on a new ACK `ack_seq` (after newack): when the ACK reaches
    /// the segment that began the RTT, the rate difference decides this RTT's increase.
    pub fn per_rtt(&mut self, w: &mut Window, ack_seq: i64, t_seqno: i64, last_ack: i64, t: f64) {
        if ack_seq >= self.begseq {
            let rtt = if self.cnt_rtt > 0 { self.sum_rtt / self.cnt_rtt as f64 } else { t - self.begtime };
            self.sum_rtt = 0.0;
            self.cnt_rtt = 0;
            let rtt_len = t_seqno - self.begseq;
            if rtt > 0.0 {
                if rtt < self.base_rtt || rtt_len <= 1 {
                    self.base_rtt = rtt;
                }
                let actual = rtt_len as f64 / rtt;
                let expect = (t_seqno - last_ack) as f64 / self.base_rtt;
                // int(...): C truncates toward zero
                let delta = ((expect - actual) * self.base_rtt + 0.5) as i64;
                if w.cwnd < w.ssthresh {
                    // slow start: grow every other RTT
                    self.inc_flag = !self.inc_flag;
                    if !self.inc_flag {
                        self.incr = 0.0;
                    } else if delta > self.gamma {
                        w.ssthresh = 2.0;
                        w.cwnd -= w.cwnd / 8.0;
                        if w.cwnd < 2.0 {
                            w.cwnd = 2.0;
                        }
                        self.incr = 0.0;
                    } else {
                        self.incr = 1.0;
                    }
                } else if delta > self.beta {
                    w.cwnd -= 1.0;
                    if w.cwnd < 2.0 {
                        w.cwnd = 2.0;
                    }
                    self.incr = 0.0;
                } else if delta < self.alpha {
                    self.incr = 1.0 / w.cwnd;
                } else {
                    self.incr = 0.0;
                }
            }
            self.begseq = t_seqno;
            self.begtime = t;
        }
        if self.incr == 1.0 && w.cwnd >= w.ssthresh {
            self.incr = 0.0;
        }
        if self.incr > 0.0 && (w.cwnd - (t_seqno - last_ack) as f64) <= 2.0 {
            w.cwnd += self.incr;
        }
    }

    /// The new ACK `ack_seq` (the last was `oldack`): the acknowledged slots are cleared
    /// (ns-2's loop runs only while the slot number is at most `ack_seq`'s: none when the
    /// range wraps around the ring) and a segment sent once gives a fine-grained RTT
    /// sample.
    pub fn on_new_ack(&mut self, ack_seq: i64, oldack: i64, t: f64) {
        let n = self.sendtime.len();
        let (send_time, transmits) = self.sent(ack_seq);
        let mut range = ack_seq - oldack;
        let mut k = slot(oldack + 1, n);
        while k <= slot(ack_seq, n) && range > 0 {
            self.sendtime[k] = -1.0;
            self.transmits[k] = 0;
            k = (k + 1) % n;
            range -= 1;
        }
        if send_time != 0.0 && transmits == 1 {
            let rtt = t - send_time;
            self.sum_rtt += rtt;
            self.cnt_rtt += 1;
            if rtt > 0.0 {
                self.rtt = rtt;
                if self.rtt < self.base_rtt {
                    self.base_rtt = self.rtt;
                }
                let mut n = self.rtt - self.sa / 8.0;
                self.sa += n;
                n = n.abs();
                n -= self.sd / 4.0;
                self.sd += n;
                self.timeout = ((self.sa / 4.0) + self.sd) / 2.0;
                self.timeout += self.timeout / 16.0;
            }
        }
    }

    /// The duplicate-ACK rule's cut of the window `win` (window()) for a segment sent
    /// at `send_time` `transmits` times, unless the window was cut since it left; the
    /// fine-grained timeout backs off. Returns the window to inflate from, if cut.
    pub fn cut(&mut self, win: i64, send_time: f64, transmits: u32, t: f64) -> Option<f64> {
        if transmits > 1 {
            self.timeout *= 2.0;
        } else {
            self.timeout += self.timeout / 8.0;
        }
        if self.cwnd_changed < send_time {
            let win = if win <= 3 {
                2
            } else if transmits > 1 {
                win >> 1
            } else {
                win - (win >> 2)
            };
            self.newcwnd = win as f64;
            self.cwnd_changed = t;
            return Some(self.newcwnd);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rate_difference_decides_the_window_once_per_rtt() {
        let mut s = State { base_rtt: 0.1, ..State::default() };
        // congestion avoidance: 10 segments in flight, the actual rate as expected
        let mut w = Window { cwnd: 10.0, ssthresh: 5.0 };
        s.begseq = 0;
        s.begtime = 0.0;
        s.per_rtt(&mut w, 0, 10, 0, 0.1);
        // delta = (10/0.1 - 10/0.1) * 0.1 = 0 < alpha: grow by 1/cwnd on ACKs with room
        assert_eq!(s.incr, 0.1);
        // an RTT of 0.15 s with the same window: delta = (100 - 66.7) * 0.1 = 3.3 -> 3,
        // not above beta: hold
        s.per_rtt(&mut w, 10, 20, 10, 0.25);
        assert_eq!(s.incr, 0.0);
        // 0.2 s: delta 5 > beta: one segment less
        let before = w.cwnd;
        s.per_rtt(&mut w, 20, 30, 20, 0.45);
        assert_eq!(w.cwnd, before - 1.0);
    }

    #[test]
    fn slow_start_grows_every_other_rtt_and_ends_past_gamma() {
        let mut s = State { base_rtt: 0.1, ..State::default() };
        let mut w = Window { cwnd: 4.0, ssthresh: 100.0 };
        s.per_rtt(&mut w, 0, 4, 0, 0.1);
        assert_eq!(s.incr, 0.0, "inc_flag starts set: the first RTT does not grow");
        s.per_rtt(&mut w, 4, 8, 4, 0.2);
        assert_eq!(s.incr, 1.0);
        // two RTTs later the queue holds 4 segments: delta 4 > gamma, slow start ends
        s.per_rtt(&mut w, 8, 16, 8, 0.3);
        s.per_rtt(&mut w, 16, 32, 16, 0.5);
        assert_eq!(w.ssthresh, 2.0);
    }

    #[test]
    fn a_duplicate_cut_takes_a_quarter_or_half_for_a_resent_segment() {
        let mut s = State::default();
        s.timeout = 0.8;
        assert_eq!(s.cut(20, 1.0, 1, 2.0), Some(15.0));
        assert_eq!(s.timeout, 0.9);
        // cut again for a segment sent before the last cut: no cut, the timeout doubles
        // for a resent one
        assert_eq!(s.cut(20, 1.5, 2, 2.1), None);
        assert_eq!(s.timeout, 1.8);
        assert_eq!(s.cut(20, 2.5, 2, 3.0), Some(10.0));
        assert_eq!(s.cut(3, 3.5, 1, 4.0), Some(2.0));
    }

    #[test]
    fn send_times_live_in_a_ring_of_the_window() {
        let mut s = State::default();
        s.on_send(0, 0.0, 4);
        s.on_send(1, 0.1, 4);
        s.on_send(5, 0.5, 4);
        assert_eq!(s.sent(1), (0.5, 2), "5 shares 1's slot");
        s.first_ack(0.2);
        // segment 1's slot holds 5's send time (0.5 s)
        assert_eq!(s.expired(0, 0.5 + s.timeout), Some(1));
        assert_eq!(s.expired(0, 0.49 + s.timeout), None);
        s.on_new_ack(1, -1, 0.6);
        assert_eq!(s.sent(0), (-1.0, 0));
    }
}
