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
//! retransmission timer. ns-2's round-trip counting variant (EnblRTTCtr_) is not
//! modelled.

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

/// The state ns-2 keeps for it: T_last, T_prev, W_used.
#[derive(Clone, Copy, Debug, Default)]
pub struct WindowValidation {
    /// The tick of the last send.
    t_last: i64,
    /// The tick the application-limited period began.
    t_prev: i64,
    /// The most segments outstanding in that period.
    w_used: i64,
}

impl WindowValidation {
    /// The state as the agent's reset leaves it at tick `now`.
    pub fn new(now: i64) -> Self {
        WindowValidation { t_last: now, t_prev: now, w_used: 0 }
    }

    /// After the segment `t_seqno` is sent at tick `now`, the timeout `rto` ticks, with
    /// `highest_ack`, the integer `window` and the application's `curseq`: the cuts
    /// to make, in order (none, an idle one, an application-limited one, or both).
    pub fn after_send(&mut self, now: i64, rto: i64, t_seqno: i64, highest_ack: i64, window: i64, curseq: i64)
                      -> [Option<Cut>; 2] {
        let mut cuts = [None, None];
        // (ns-2 divides by rto; a timeout below one tick would divide by zero there)
        let rto = rto.max(1);
        if now - self.t_last >= rto {
            cuts[0] = Some(Cut::Idle((now - self.t_last) / rto));
            self.t_prev = now;
            self.w_used = 0;
        }
        self.t_last = now;
        if t_seqno == highest_ack + window {
            self.t_prev = now;
            self.w_used = 0;
        } else if t_seqno == curseq - 1 {
            self.w_used = self.w_used.max(t_seqno - highest_ack);
            if now - self.t_prev >= rto {
                cuts[1] = Some(Cut::AppLimited(self.w_used));
                self.t_prev = now;
                self.w_used = 0;
            }
        }
        cuts
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
        let mut v = WindowValidation::new(0);
        // tick 10, rto 4: idle since 0, 10 / 4 = 2 cuts; the window is full (5 + 10)
        assert_eq!(v.after_send(10, 4, 15, 5, 10, 1000), [Some(Cut::Idle(2)), None]);
        // tick 12: neither idle nor at the application's end
        assert_eq!(v.after_send(12, 4, 16, 8, 10, 1000), [None, None]);
        // tick 13: the application's last segment (curseq 21), 6 outstanding; the
        // period began at 10, only 3 ticks ago
        assert_eq!(v.after_send(13, 4, 20, 14, 10, 21), [None, None]);
        // tick 15: 15 - 13 < 4, not idle; the period began at 10: limited, 7 used
        assert_eq!(v.after_send(15, 4, 20, 13, 10, 21), [None, Some(Cut::AppLimited(7))]);
        // a period of its own begins there
        assert_eq!(v.after_send(16, 4, 20, 15, 10, 21), [None, None]);
    }
}
