//! Avoiding multiple fast retransmits (RFC 3782, section 6), as ns-2's NewReno agent
//! does it (tcp-newreno.cc, NewRenoTcpAgent::dupack_action with bug_fix_): a duplicate
//! ACK at the threshold whose cumulative ACK is not past `recover` is taken for the
//! echo of a recovery or timeout already under way, and retransmits nothing, unless
//!
//! - Less Careful (RFC 2582; ns-2's lessCareful_, `tcp.newreno_less_careful`): the
//!   cumulative ACK is exactly `recover`;
//! - the timestamp heuristic (ns-2's bugFix_ts_, `tcp.newreno_timestamp_heuristic`):
//!   the time the last new ACK echoed (ns-2's ts_echo_, which stays 0 without the
//!   timestamp option) is the time the cumulatively acknowledged segment was last sent
//!   (ns-2's tss[] table, `LastSendTimes` here): the duplicates answer that segment's
//!   latest copy, not an earlier one;
//! - the ACK heuristic (ns-2's bugFix_ack_, `tcp.newreno_ack_heuristic`): the window is
//!   above one packet and the last new ACK moved the cumulative ACK by at most the
//!   duplicate threshold (highest_ack_ - prev_highest_ack_ <= numdupacks_): after a
//!   timeout's go-back-N, ACKs move by many packets at a time.
//!
//! The timestamp heuristic is asked first, as ns-2 does. The rules themselves are in
//! TcpSender::dupack_action; this module keeps the send times they read.

use std::collections::VecDeque;

/// The time each segment at or above the cumulative ACK was last sent, on ns-2's double
/// clock (ns-2's tss[], a ring of 100 doubles indexed by seqno that doubles whenever a
/// segment is sent 90 beyond the cumulative ACK, so that it never loses a segment at or
/// above it: the same as this window).
#[derive(Clone, Debug, Default)]
pub struct LastSendTimes {
    /// Sequence number of `times[0]`.
    base: i64,
    /// NaN for a segment not sent (which no comparison matches).
    times: VecDeque<f64>,
}

impl LastSendTimes {
    /// Segment `seq` leaves at `t` (ns-2's output() stores tcph->ts() for every segment,
    /// retransmissions included, so a later copy's time replaces the earlier one's).
    pub fn record(&mut self, seq: i64, t: f64) {
        if seq < self.base {
            return;
        }
        let i = (seq - self.base) as usize;
        if i >= self.times.len() {
            self.times.resize(i + 1, f64::NAN);
        }
        self.times[i] = t;
    }

    /// When segment `seq` was last sent, if it was sent and is still kept.
    pub fn get(&self, seq: i64) -> Option<f64> {
        if seq < self.base {
            return None;
        }
        self.times.get((seq - self.base) as usize).copied().filter(|t| !t.is_nan())
    }

    /// The cumulative ACK is now `ack`: what lies below it is let go (the table asks
    /// only about the cumulatively acknowledged segment itself).
    pub fn release_below(&mut self, ack: i64) {
        while self.base < ack && !self.times.is_empty() {
            self.times.pop_front();
            self.base += 1;
        }
        if self.times.is_empty() && self.base < ack {
            self.base = ack;
        }
    }

    /// Segments kept (for tests: the table stays as large as the window).
    pub fn len(&self) -> usize {
        self.times.len()
    }

    pub fn is_empty(&self) -> bool {
        self.times.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_retransmission_replaces_the_send_time() {
        let mut t = LastSendTimes::default();
        t.record(0, 0.0);
        t.record(1, 0.5);
        t.record(1, 2.25);
        assert_eq!(t.get(0), Some(0.0));
        assert_eq!(t.get(1), Some(2.25));
        assert_eq!(t.get(2), None);
        assert_eq!(t.get(-1), None);
    }

    #[test]
    fn what_lies_below_the_cumulative_ack_is_let_go() {
        let mut t = LastSendTimes::default();
        for s in 0..50 {
            t.record(s, s as f64);
        }
        t.release_below(40);
        assert_eq!(t.len(), 10);
        assert_eq!(t.get(39), None);
        assert_eq!(t.get(40), Some(40.0));
        // a copy below the cumulative ACK is not kept
        t.record(12, 99.0);
        assert_eq!(t.get(12), None);
        // the ACK beyond everything sent: the table starts again there
        t.release_below(60);
        assert!(t.is_empty());
        t.record(61, 1.0);
        assert_eq!((t.get(60), t.get(61)), (None, Some(1.0)));
    }
}
