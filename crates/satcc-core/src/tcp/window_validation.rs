//! Congestion window validation (RFC 2861, Handley, Padhye and Floyd) as ns-2 2.35's
//! one-way agents run it with `QOption_ 1` (tcp.cc, process_qoption_after_send): a
//! sender that has been idle, or limited by its application, for longer than its
//! retransmission timeout no longer trusts its window.
//!
//! After each segment TcpAgent's send_much or send_one sends (and Sack1's send_much, which
//! asks after moving t_seqno_ past the segment, where TcpAgent asks before), on the
//! sender's tick clock
//! (`now = (int)(clock / tcp_tick_ + 0.5)`) and its current timeout in ticks
//! (`rto = (int)(t_rtxcur_ / tcp_tick_)`):
//! - idle: if `now - T_last >= rto`, ssthresh rises to 3/4 of the window if below it,
//!   and the window is cut as on a loss (decrease_num_, at least one) once for each
//!   whole `rto` of the idle time; the application-limited period starts again;
//! - `T_last` becomes `now`;
//! - a sender that filled its window (`t_seqno == highest_ack + window()`) starts the
//!   application-limited period again; one that sent the application's last segment
//!   (`t_seqno == curseq - 1`) records the most it had outstanding (`W_used`), and if
//!   that period has lasted an `rto`, ssthresh rises to 3/4 of the window and the window
//!   falls part way to what was used: `W_used + decrease_num_ (window - W_used)`.
//!
//! And a new ACK that acknowledges everything the application gave cancels the
//! retransmission timer.
//!
//! ns-2's round-trip counting variant (EnblRTTCtr_ 1, `tcp.window_validation_rtt_counting`:
//! tcp.cc's rtt_counting and process_qoption_after_ack) measures both periods in round
//! trips instead: the agent counts the round trips that end within each span of two
//! smoothed RTTs (`rtt = max(1, t_srtt_ >> T_SRTT_BITS)` ticks), a round trip ending when
//! an ACK reaches the segment timed at its start (or a third duplicate ACK comes), and
//! keeps the most counted in a span the window was full (`RTT_goodcount`). After each
//! segment sent:
//! - idle: if `now - T_last >= 2 rtt`, the round trips that fit in it, `(now - T_last)
//!   RTT_goodcount / (2 rtt)` less the application-limited cuts made since the last
//!   idle one, if above 0, cut the window as above;
//! - `T_last` becomes `now`; a span of `2 rtt` ended starts a new count;
//! - a full window starts the application-limited period again; a sender that sent the
//!   application's last segment two round trips after that period began makes the
//!   application-limited cut;
//! - the first segment sent after a round trip ended is timed.
//!
//! Only ns-2's Agent/TCP (Tahoe) counts the round trips: its recv calls
//! process_qoption_after_ack; Reno's, NewReno's and Sack1's do not, so theirs stay 0.

/// What the sender must cut after a send (`after_send`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    /// Idle for this many whole timeouts: ssthresh to 3/4 of the window, then the
    /// window cut this many times.
    Idle(i64),
    /// Limited by the application for a timeout, having used at most this many
    /// segments: ssthresh to 3/4 of the window, then the window part way down to it.
    AppLimited(i64),
}

/// The state ns-2 keeps for it: T_last, T_prev, W_used, and the round-trip counting's.
#[derive(Clone, Copy, Debug, Default)]
pub struct WindowValidation {
    /// The tick of the last send.
    t_last: i64,
    /// The tick the application-limited period began.
    t_prev: i64,
    /// The most segments outstanding in that period.
    w_used: i64,
    /// EnblRTTCtr_'s state, if it counts round trips.
    counting: Option<RttCounting>,
}

/// ns-2's T_start, RTT_count, RTT_prev, RTT_goodcount, F_counting, W_timed, F_full and
/// Backoffs (reset_qoption).
#[derive(Clone, Copy, Debug)]
struct RttCounting {
    /// The tick the current span of two RTTs began.
    t_start: i64,
    /// Round trips ended in it.
    rtt_count: i64,
    /// RTT_count when the application-limited period began (carried across spans).
    rtt_prev: i64,
    /// The most round trips a span with a full window counted (at least 1).
    rtt_goodcount: i64,
    /// A segment is timed (`w_timed`).
    f_counting: bool,
    w_timed: i64,
    /// The window was full in this span.
    f_full: bool,
    /// Application-limited cuts since the last idle one.
    backoffs: i64,
}

impl WindowValidation {
    /// The state as the agent's reset leaves it at tick `now`; `rtt_counting`: EnblRTTCtr_.
    pub fn new(now: i64, rtt_counting: bool) -> Self {
        let counting = rtt_counting.then_some(RttCounting {
            t_start: now,
            rtt_count: 0,
            rtt_prev: 0,
            rtt_goodcount: 1,
            f_counting: false,
            w_timed: -1,
            f_full: false,
            backoffs: 0,
        });
        WindowValidation { t_last: now, t_prev: now, w_used: 0, counting }
    }

    /// Whether it counts round trips (EnblRTTCtr_).
    pub fn counts_rtts(&self) -> bool {
        self.counting.is_some()
    }

    /// An ACK of `seqno` (after its duplicate count, `third_dupack`: the count reached
    /// numdupacks_): ns-2's process_qoption_after_ack, which only Agent/TCP calls.
    pub fn on_ack(&mut self, seqno: i64, third_dupack: bool) {
        if let Some(c) = self.counting.as_mut() {
            if c.f_counting {
                if seqno >= c.w_timed {
                    c.rtt_count += 1;
                    c.f_counting = false;
                } else if third_dupack {
                    c.rtt_count += 1;
                }
            }
        }
    }

    /// The first half of process_qoption_after_send after a segment left at tick `now`
    /// (the timeout `rto` ticks, the smoothed RTT `rtt` whole ticks): the idle cut, if
    /// any, which the sender makes before `after_idle`, whose full-window test reads the
    /// window that cut left.
    pub fn idle(&mut self, now: i64, rto: i64, rtt: i64) -> Option<Cut> {
        let mut cut = None;
        let Some(c) = self.counting.as_mut() else {
            // (ns-2 divides by rto; a timeout below one tick would divide by zero there)
            let rto = rto.max(1);
            if now - self.t_last >= rto {
                cut = Some(Cut::Idle((now - self.t_last) / rto));
                self.t_prev = now;
                self.w_used = 0;
            }
            self.t_last = now;
            return cut;
        };
        // rtt_counting
        let rtt = rtt.max(1);
        if now - self.t_last >= 2 * rtt {
            // (C's int division: every term is at least 0)
            let rtts = (now - self.t_last) * c.rtt_goodcount / (rtt * 2) - c.backoffs;
            c.backoffs = 0;
            if rtts > 0 {
                cut = Some(Cut::Idle(rtts));
                c.rtt_prev = c.rtt_count;
                self.w_used = 0;
            }
        }
        self.t_last = now;
        if now - c.t_start >= 2 * rtt {
            if c.rtt_count > c.rtt_goodcount || c.f_full {
                c.rtt_goodcount = c.rtt_count.max(1);
            }
            c.rtt_prev -= c.rtt_count;
            c.rtt_count = 0;
            c.t_start = now;
            c.f_full = false;
        }
        cut
    }

    /// The second half, after the idle cut: segment `t_seqno` sent with `highest_ack`, the
    /// integer `window` as that cut left it and the application's `curseq`: the
    /// application-limited cut, if any.
    pub fn after_idle(&mut self, now: i64, rto: i64, t_seqno: i64, highest_ack: i64, window: i64, curseq: i64)
                      -> Option<Cut> {
        let mut cut = None;
        let Some(c) = self.counting.as_mut() else {
            let rto = rto.max(1);
            if t_seqno == highest_ack + window {
                self.t_prev = now;
                self.w_used = 0;
            } else if t_seqno == curseq - 1 {
                self.w_used = self.w_used.max(t_seqno - highest_ack);
                if now - self.t_prev >= rto {
                    cut = Some(Cut::AppLimited(self.w_used));
                    self.t_prev = now;
                    self.w_used = 0;
                }
            }
            return cut;
        };
        if t_seqno == highest_ack + window {
            self.w_used = 0;
            c.f_full = true;
            c.rtt_prev = c.rtt_count;
        } else if t_seqno == curseq - 1 {
            self.w_used = self.w_used.max(t_seqno - highest_ack);
            if c.rtt_count - c.rtt_prev >= 2 {
                cut = Some(Cut::AppLimited(self.w_used));
                c.rtt_prev = c.rtt_count;
                c.backoffs += 1;
                self.w_used = 0;
            }
        }
        if !c.f_counting {
            c.w_timed = t_seqno;
            c.f_counting = true;
        }
        cut
    }

    /// Both halves with the window unchanged by the idle cut (for tests): the cuts in
    /// order (none, an idle one, an application-limited one, or both).
    #[cfg(test)]
    #[allow(clippy::too_many_arguments)]
    pub fn after_send(&mut self, now: i64, rto: i64, rtt: i64, t_seqno: i64, highest_ack: i64, window: i64,
                      curseq: i64) -> [Option<Cut>; 2] {
        let idle = self.idle(now, rto, rtt);
        [idle, self.after_idle(now, rto, t_seqno, highest_ack, window, curseq)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sender idle for two and a half timeouts is cut twice; one that fills its window
    /// is never application-limited; one that sends the application's last segment a
    /// timeout after its period began is cut part way to what it used.
    #[test]
    fn idle_and_application_limited_periods_give_their_cuts() {
        let mut v = WindowValidation::new(0, false);
        // tick 10, rto 4: idle since 0, 10 / 4 = 2 cuts; the window is full (5 + 10)
        assert_eq!(v.after_send(10, 4, 9, 15, 5, 10, 1000), [Some(Cut::Idle(2)), None]);
        // tick 12: neither idle nor at the application's end
        assert_eq!(v.after_send(12, 4, 9, 16, 8, 10, 1000), [None, None]);
        // tick 13: the application's last segment (curseq 21), 6 outstanding; the
        // period began at 10, only 3 ticks ago
        assert_eq!(v.after_send(13, 4, 9, 20, 14, 10, 21), [None, None]);
        // tick 15: 15 - 13 < 4, not idle; the period began at 10: limited, 7 used
        assert_eq!(v.after_send(15, 4, 9, 20, 13, 10, 21), [None, Some(Cut::AppLimited(7))]);
        // a period of its own begins there
        assert_eq!(v.after_send(16, 4, 9, 20, 15, 10, 21), [None, None]);
    }

    /// EnblRTTCtr_: round trips counted by the ACKs of timed segments (and third
    /// duplicates); an idle spell cut by the round trips that fit in it at the best
    /// count of a full-window span, less the application-limited cuts since; the
    /// application-limited cut after two round trips without a full window.
    #[test]
    fn round_trip_counting_cuts_by_round_trips() {
        let mut v = WindowValidation::new(0, true);
        assert!(v.counts_rtts());
        let rtt = 3; // ticks
        // tick 1: segment 0 sent and timed, the window (1) full
        assert_eq!(v.after_send(1, 100, rtt, 0, -1, 1, 1000), [None, None]);
        // ACK of 0 ends a round trip; the next send times segment 1
        v.on_ack(0, false);
        assert_eq!(v.after_send(4, 100, rtt, 1, 0, 2, 1000), [None, None]);
        // an ACK below the timed segment counts nothing, a third duplicate one does
        v.on_ack(0, false);
        v.on_ack(0, true);
        assert_eq!(v.after_send(5, 100, rtt, 2, 0, 4, 1000), [None, None]);
        // tick 7: 2 rtt since the span began at 0: 2 round trips, the window was full,
        // so 2 is the best count; a new span starts
        assert_eq!(v.after_send(7, 100, rtt, 3, 0, 4, 1000), [None, None]);
        // tick 19: idle 12 ticks = (12 x 2) / 6 = 4 round trips at the best count
        assert_eq!(v.after_send(19, 100, rtt, 4, 3, 4, 1000).map(|c| c.is_some()), [true, false]);
        let mut w = WindowValidation::new(0, true);
        // application-limited: the application's last segment after two round trips
        // counted since the window was last full
        w.after_send(1, 100, rtt, 0, -1, 1, 1000);
        w.on_ack(0, false);
        w.after_send(2, 100, rtt, 1, 0, 4, 3);
        w.on_ack(1, false);
        assert_eq!(w.after_send(3, 100, rtt, 2, 0, 4, 3), [None, Some(Cut::AppLimited(2))]);
        // the next idle spell is one round trip shorter for that cut (Backoffs)
        w.on_ack(2, false);
        let cuts = w.after_send(9, 100, rtt, 3, 2, 4, 1000);
        assert_eq!(cuts[0], None, "6 ticks idle = 1 round trip at the best count 1, less the 1 backoff");
    }
}
