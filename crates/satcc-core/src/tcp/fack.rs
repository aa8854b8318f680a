//! ns-2 2.35's forward-acknowledgement agent, Agent/TCP/Fack (Mathis and Mahdavi,
//! "Forward Acknowledgement: Refining TCP Congestion Control", SIGCOMM 1996), as ns-2
//! runs it (`tcp.sack_agent: fack`, with ns-2's Sack1 sinks): its scoreboard
//! ([`Scoreboard`], ns-2's original scoreboard.cc with PSC's changes for FACK) and its
//! state ([`SenderState`]). The sender's handling around them (tcp-fack.cc's recv,
//! oldack, send_much and timeout) is in tcp/sender.rs, beside Sack1's (`on_ack_fack`).
//!
//! What sets FACK apart from Sack1 (tcp/sack1.rs) and RFC 6675 (tcp/sack.rs):
//! - the data out is counted from the forward-most SACKed segment, `fack`: the sender
//!   sends while `t_seqno <= fack + window - retran_data`, `retran_data` counting the
//!   retransmissions still out;
//! - recovery begins once `fack` lies the duplicate-ACK threshold above the cumulative
//!   ACK, however many duplicate ACKs came (even on an ACK that advances), and restarts
//!   the window from one packet with half as ssthresh (ns-2's
//!   slowdown(CLOSE_SSTHRESH_HALF|CLOSE_CWND_RESTART)); every ACK in recovery then
//!   opens the window by ns-2's opencwnd;
//! - a hole is resent once, unless a SACK beyond where the sender had got when it
//!   resent shows that copy lost too: then the sender stops sending (its `timeout`
//!   flag) until recovery ends or the retransmission timer fires;
//! - every ACK is timed by the echo of the segment that triggered it (oldack's
//!   rtt_update), as well as by the segment timed in newack;
//! - recovery ends at an ACK without blocks at or past `recover`; a timeout leaves it
//!   as it is.
//!
//! Segment numbers throughout; a block is [left, right).

use std::collections::VecDeque;

use super::sack::SackBlocks;

/// One segment's entry in the scoreboard (ScoreBoardNode): SACKed, or retransmitted
/// and where the sender had got (snd_nxt) when it resent it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Entry {
    sacked: bool,
    retran: bool,
    snd_nxt: i64,
}

/// ns-2's ScoreBoard as Agent/TCP/Fack uses it: an entry for every segment from the
/// first not cumulatively acknowledged (`first`) to the highest SACKed, created as
/// blocks reach them and let go as the cumulative ACK passes them. ns-2 keeps them in a
/// ring indexed by segment number; marks written to a segment outside the entries land
/// in a slot that is cleared before it is used, so here they are left out.
#[derive(Clone, Debug, Default)]
pub struct Scoreboard {
    first: i64,
    entries: VecDeque<Entry>,
}

impl Scoreboard {
    /// UpdateScoreBoard(last_ack, blocks): entries at or below `last_ack` go; with
    /// blocks and no entries, one is made at `last_ack + 1`; entries are made up to each
    /// block's right edge and those it covers marked SACKed. Returns how many marked
    /// retransmissions this let go (acknowledged or SACKed: ns-2's retran_decr).
    pub fn update(&mut self, last_ack: i64, sack: &SackBlocks) -> i64 {
        let mut released = 0;
        while self.first <= last_ack {
            let Some(e) = self.entries.pop_front() else { break };
            self.first += 1;
            released += e.retran as i64;
        }
        if self.entries.is_empty() && sack.n > 0 {
            self.first = last_ack + 1;
            self.entries.push_back(Entry::default());
        }
        for (left, right) in sack.iter() {
            let end = self.first + self.entries.len() as i64;
            for _ in end..right {
                self.entries.push_back(Entry::default());
            }
            // the entries from the first up to the block's right edge that it covers
            let from = (left.max(self.first) - self.first) as usize;
            let to = (right - self.first).max(0) as usize;
            for e in self.entries.range_mut(from.min(to)..to) {
                e.sacked = true;
                if e.retran {
                    e.retran = false;
                    released += 1;
                }
            }
        }
        released
    }

    /// CheckSndNxt(blocks): a retransmitted segment below a block's right edge that
    /// the block reaches past where the sender had got when it resent it was lost
    /// again. Its mark goes; returns whether any did (ns-2 then stops sending).
    pub fn check_snd_nxt(&mut self, sack: &SackBlocks) -> bool {
        let mut lost_again = false;
        for (_, right) in sack.iter() {
            let to = ((right - self.first).max(0) as usize).min(self.entries.len());
            for e in self.entries.range_mut(..to) {
                if e.retran && e.snd_nxt < right {
                    e.retran = false;
                    e.snd_nxt = 0;
                    lost_again = true;
                }
            }
        }
        lost_again
    }

    /// ClearScoreBoard.
    pub fn clear(&mut self) {
        self.entries.clear();
    }

    /// GetNextRetran: the first segment neither SACKed nor retransmitted.
    pub fn next_retran(&self) -> Option<i64> {
        self.entries.iter().position(|e| !e.sacked && !e.retran).map(|i| self.first + i as i64)
    }

    /// MarkRetran(seq, snd_nxt): `seq` was resent when the sender had got to `snd_nxt`.
    pub fn mark_retran(&mut self, seq: i64, snd_nxt: i64) {
        let i = seq - self.first;
        if i >= 0 {
            if let Some(e) = self.entries.get_mut(i as usize) {
                e.retran = true;
                e.snd_nxt = snd_nxt;
            }
        }
    }
}

/// A Fack sender's own state beside TcpAgent's.
#[derive(Clone, Debug)]
pub struct SenderState {
    pub scoreboard: Scoreboard,
    /// The forward-most segment the receiver holds (fack_): the highest SACKed, or the
    /// cumulative ACK.
    pub fack: i64,
    /// Retransmissions still out (retran_data_).
    pub retran_data: i64,
    /// In fast recovery (fastrecov_).
    pub fastrecov: bool,
    /// A retransmission was lost again: nothing is sent until recovery ends or the
    /// retransmission timer fires (timeout_).
    pub timeout: bool,
}

impl Default for SenderState {
    fn default() -> Self {
        SenderState { scoreboard: Scoreboard::default(), fack: -1, retran_data: 0, fastrecov: false, timeout: false }
    }
}

/// maxsack: the highest segment the blocks SACK (ns-2: their highest right edge less
/// one, -2 without blocks).
pub fn max_sacked(sack: &SackBlocks) -> i64 {
    sack.iter().map(|(_, right)| right).max().unwrap_or(-1) - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sb(ranges: &[(i64, i64)]) -> SackBlocks {
        SackBlocks::of(ranges)
    }

    /// The entries run from the cumulative ACK to the highest block; the holes are the
    /// retransmissions' candidates, lowest first, each once.
    #[test]
    fn the_scoreboard_offers_each_hole_below_the_highest_block_once() {
        let mut s = Scoreboard::default();
        assert_eq!(s.update(9, &sb(&[(12, 14)])), 0);
        assert_eq!(s.entries.len(), 4, "10 to 13");
        assert_eq!(s.next_retran(), Some(10));
        s.mark_retran(10, 20);
        assert_eq!(s.next_retran(), Some(11));
        s.mark_retran(11, 20);
        assert_eq!(s.next_retran(), None, "12 and 13 are SACKed");
        // a block reaching 16: entries to 15, 14 a new hole
        s.update(9, &sb(&[(15, 16), (12, 14)]));
        assert_eq!(s.next_retran(), Some(14));
        assert_eq!(max_sacked(&sb(&[(15, 16), (12, 14)])), 15);
        assert_eq!(max_sacked(&SackBlocks::default()), -2, "ns-2's maxsack of no blocks");
    }

    /// Acknowledging or SACKing a retransmitted segment lets its retransmission go
    /// (ns-2's retran_decr); the cumulative ACK removes entries.
    #[test]
    fn retransmissions_acknowledged_or_sacked_are_counted_back() {
        let mut s = Scoreboard::default();
        s.update(9, &sb(&[(13, 14)]));
        s.mark_retran(10, 20);
        s.mark_retran(11, 20);
        s.mark_retran(12, 20);
        assert_eq!(s.update(9, &sb(&[(12, 14)])), 1, "12 SACKed");
        assert_eq!(s.update(10, &sb(&[(12, 14)])), 1, "10 acknowledged");
        assert_eq!(s.first, 11);
        assert_eq!(s.update(14, &SackBlocks::default()), 1, "11 acknowledged with the rest");
        assert!(s.entries.is_empty());
        assert_eq!(s.next_retran(), None);
    }

    /// A block reaching past where the sender had got when it resent a hole shows
    /// that copy lost: its mark goes and the sender is told to stop.
    #[test]
    fn a_sack_past_a_retransmissions_snd_nxt_shows_it_lost_again() {
        let mut s = Scoreboard::default();
        s.update(9, &sb(&[(11, 12)]));
        s.mark_retran(10, 15);
        s.update(9, &sb(&[(11, 15)]));
        assert!(!s.check_snd_nxt(&sb(&[(11, 15)])), "15 not yet SACKed");
        s.update(9, &sb(&[(11, 16)]));
        assert!(s.check_snd_nxt(&sb(&[(11, 16)])));
        assert_eq!(s.next_retran(), Some(10), "offered again");
    }

    /// With no entries, blocks make one at the cumulative ACK's next segment even when
    /// they lie below it (Sack1 sinks repeat old blocks): that segment is offered as a
    /// hole, as in ns-2. A mark outside the entries is left out.
    #[test]
    fn blocks_below_the_cumulative_ack_leave_one_entry_after_it() {
        let mut s = Scoreboard::default();
        s.update(20, &sb(&[(15, 18)]));
        assert_eq!((s.first, s.entries.len()), (21, 1));
        assert_eq!(s.next_retran(), Some(21));
        s.mark_retran(30, 31);
        s.mark_retran(5, 31);
        assert_eq!(s.entries.len(), 1);
        s.clear();
        assert_eq!(s.next_retran(), None);
    }
}
