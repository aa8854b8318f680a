//! RACK (RFC 8985; Linux's `net/ipv4/tcp_recovery.c`): time-based loss detection for
//! senders that keep per-segment send times (those with rate samples: CUBIC, BBR).
//!
//! A segment is lost when a segment sent after it has been delivered and, since it
//! left, the RTT of that delivery plus a reordering window has passed. Linux's window
//! (`tcp_rack_reo_wnd`, no reordering ever seen on satcc's paths): none in recovery or
//! once DupThresh segments are SACKed, else a quarter of the minimum RTT. A segment
//! that would be lost but for the time arms the REO timer for when it will be.
//!
//! Transmissions are kept in the order they left, originals and retransmissions apart:
//! both conditions hold of an older transmission first, so each scan stops at the first
//! that is not lost yet and every transmission is looked at a bounded number of times.
//! Originals leave in sequence order, so marking the oldest lost ones lost is raising
//! the scoreboard's loss floor; a retransmission found lost may be sent again.

use super::rate::RateEstimator;
use super::sack::{Scoreboard, DUP_THRESH};
use crate::engine::{from_secs, Time};
use std::collections::VecDeque;

/// The send-ordered transmissions RACK watches.
#[derive(Clone, Debug, Default)]
pub struct Rack {
    /// First transmissions: (segment, send time), oldest first.
    originals: VecDeque<(i64, Time)>,
    /// Retransmissions: (segment, send time), oldest first.
    retransmissions: VecDeque<(i64, Time)>,
}

/// What one detection found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Detection {
    /// Segments newly marked lost.
    pub lost: bool,
    /// When the newest segment still waiting for its time will be lost (Linux arms
    /// its REO timer then, plus two jiffies).
    pub reo_timeout: Option<Time>,
}

impl Rack {
    /// A first transmission of `seq` left at `sent`.
    pub fn on_original(&mut self, seq: i64, sent: Time) {
        self.originals.push_back((seq, sent));
    }

    /// A retransmission of `seq` left at `sent`.
    pub fn on_retransmission(&mut self, seq: i64, sent: Time) {
        self.retransmissions.push_back((seq, sent));
    }

    /// Forget every transmission (a timeout marked them all lost).
    pub fn clear(&mut self) {
        self.originals.clear();
        self.retransmissions.clear();
    }

    /// Linux's tcp_rack_reo_wnd without reordering seen.
    fn reo_wnd(sb: &Scoreboard, r: &RateEstimator, in_recovery: bool) -> Time {
        if in_recovery || sb.sacked_count() >= DUP_THRESH as i64 || !r.min_rtt_s().is_finite() {
            0
        } else {
            from_secs(r.min_rtt_s() / 4.0)
        }
    }

    /// tcp_rack_detect_loss at `now`: mark what is lost in `sb`.
    pub fn detect(&mut self, sb: &mut Scoreboard, r: &RateEstimator, now: Time, in_recovery: bool) -> Detection {
        let mut d = Detection::default();
        if r.rack_xmit == 0 && r.rack_seq == 0 {
            return d; // nothing delivered yet
        }
        let wait = from_secs(r.rack_rtt_s) + Self::reo_wnd(sb, r, in_recovery);
        let before_rack = |seq: i64, sent: Time| sent < r.rack_xmit || (sent == r.rack_xmit && seq < r.rack_seq);
        let mut newest_waiting: Option<Time> = None;
        // first transmissions: the oldest lost ones raise the loss floor
        while let Some(&(s, sent)) = self.originals.front() {
            if sb.is_sacked(s) || sb.is_lost(s) || sb.is_rexmitted(s) || s < sb.base() {
                self.originals.pop_front(); // delivered, lost already or resent since
                continue;
            }
            if !before_rack(s, sent) {
                break;
            }
            if now >= sent + wait {
                sb.raise_lost_floor(s + 1);
                d.lost = true;
                self.originals.pop_front();
            } else {
                // the newest original sent before the delivered one waits longest
                let k = self.originals.partition_point(|&(q, t)| before_rack(q, t));
                let newest = (0..k).rev().map(|i| self.originals[i]).find(|&(q, _)| !sb.is_sacked(q));
                newest_waiting = newest.map(|(_, t)| t + wait);
                break;
            }
        }
        while let Some(&(s, sent)) = self.retransmissions.front() {
            let current = sb.is_rexmitted(s) && r.sent_time(s) == Some(sent);
            if !current || sb.is_sacked(s) {
                self.retransmissions.pop_front(); // delivered, resent since, or forgotten
                continue;
            }
            if !before_rack(s, sent) {
                break;
            }
            if now >= sent + wait {
                sb.retransmission_lost(s);
                d.lost = true;
                self.retransmissions.pop_front();
            } else {
                let k = self.retransmissions.partition_point(|&(q, t)| before_rack(q, t));
                let t = self.retransmissions[k - 1].1 + wait;
                newest_waiting = Some(newest_waiting.map_or(t, |w| w.max(t)));
                break;
            }
        }
        d.reo_timeout = newest_waiting;
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tcp::sack::SackBlocks;

    const MS: Time = 1_000_000;

    fn blocks(v: &[(i64, i64)]) -> SackBlocks {
        SackBlocks::of(v)
    }

    /// Ten segments leave 1 ms apart; segment 5 (sent at 5 ms) is SACKed at 105 ms:
    /// those sent before it are lost once its RTT (100 ms) plus a quarter of the
    /// minimum RTT (25 ms) has passed since each left; until then the REO timer waits
    /// for the newest of them.
    #[test]
    fn lost_after_rtt_and_reordering_window_else_timer() {
        let mut r = RateEstimator::new();
        let mut sb = Scoreboard::new(0);
        let mut rack = Rack::default();
        for s in 0..10 {
            r.on_send(s, s as Time * MS, s, false);
            rack.on_original(s, s as Time * MS);
        }
        // segment 5 delivered by SACK at 105 ms
        r.begin_ack(10, 105 * MS);
        sb.update_with(-1, &blocks(&[(5, 6)]), |q| r.on_delivered(q, true));
        r.end_ack(105 * MS, 0);
        assert_eq!((r.rack_xmit, r.rack_seq), (5 * MS, 5));
        let d = rack.detect(&mut sb, &r, 105 * MS, false);
        assert!(!d.lost, "0..5 left 101-105 ms ago: within RTT + min_rtt/4");
        // the newest waiting one, 4 (sent at 4 ms), is lost at 4 + 100 + 25 ms
        assert_eq!(d.reo_timeout, Some(129 * MS));
        let d = rack.detect(&mut sb, &r, 127 * MS, false);
        assert!(d.lost);
        assert!(sb.is_lost(0) && sb.is_lost(1) && sb.is_lost(2), "sent at 0-2 ms, 125 ms ago or more");
        assert!(!sb.is_lost(3));
        assert_eq!(d.reo_timeout, Some(129 * MS));
        let d = rack.detect(&mut sb, &r, 129 * MS, false);
        assert!(d.lost && sb.is_lost(4) && !sb.is_lost(6), "6 was sent after 5: not lost");
        assert_eq!(d.reo_timeout, None);
        // in recovery the reordering window is zero
        let mut sb2 = Scoreboard::new(0);
        let mut rack2 = Rack::default();
        for s in 0..10 {
            rack2.on_original(s, s as Time * MS);
        }
        sb2.update(-1, &blocks(&[(5, 6)]));
        assert!(rack2.detect(&mut sb2, &r, 105 * MS, true).lost);
        assert!(sb2.is_lost(4));
    }

    /// A retransmission is lost when a segment sent after it is delivered an RTT
    /// after it left; it may then be sent again.
    #[test]
    fn lost_retransmission_may_be_sent_again() {
        let mut r = RateEstimator::new();
        let mut sb = Scoreboard::new(0);
        let mut rack = Rack::default();
        for s in 0..8 {
            r.on_send(s, 0, s, false);
        }
        r.begin_ack(8, 100 * MS);
        sb.update_with(-1, &blocks(&[(1, 8)]), |q| r.on_delivered(q, true));
        r.end_ack(100 * MS, 0);
        // 0 is lost by DupThresh and resent at 100 ms
        assert_eq!(sb.next_lost(), Some(0));
        sb.mark_retransmitted(0);
        r.on_send(0, 100 * MS, 0, true);
        rack.on_retransmission(0, 100 * MS);
        // a new segment sent at 101 ms is SACKed at 201 ms: the retransmission is lost
        r.on_send(8, 101 * MS, 1, false);
        r.begin_ack(2, 201 * MS);
        sb.update_with(-1, &blocks(&[(1, 9)]), |q| r.on_delivered(q, true));
        r.end_ack(201 * MS, 0);
        let d = rack.detect(&mut sb, &r, 201 * MS, true);
        assert!(d.lost);
        assert_eq!(sb.next_lost(), Some(0), "sent again");
    }
}
