//! ns-2 2.35's SACK agent pair, Agent/TCP/Sack1 with Agent/TCPSink/Sack1 (/DelAck), as
//! ns-2 runs them (`tcp.sack_agent: sack1`): the sender's scoreboard ([`Scoreboard`],
//! ns-2's ScoreBoardRQ over the reassembly queue of rq.cc) and the receiver's blocks
//! ([`Sacker`], tcp-sink.cc's Sacker::append_ack with its SackStack). The sender's
//! recovery around them (tcp-sack1.cc's recv, dupack_action, send_much and timeout) is
//! in tcp/sender.rs, beside ns-2's Reno and NewReno (`on_ack_sack1`).
//!
//! What sets Sack1 apart from RFC 6675 (tcp/sack.rs): a hole is resent once any
//! SACKed segment lies above it (no DupThresh), and at most once until a timeout; the
//! pipe is a counter (minus one per ACK in recovery, minus one more per partial ACK,
//! plus one per segment sent) started at `maxseq - highest_ack - dupack_threshold`;
//! recovery ends only when the ACK reaches `recover`, without opening the window on
//! that ACK. The receiver reports the block holding the segment that triggered the
//! ACK, then the blocks it reported before, most recent first, that it still holds;
//! those may lie below the cumulative ACK, and the sender takes them in as ns-2 does.
//! Segment numbers throughout; a block is [left, right).

use super::sack::{SackBlocks, MAX_BLOCKS};

/// The sender's scoreboard (ScoreBoardRQ): the SACKed ranges, kept as the reassembly
/// queue keeps them (their union, adjacent ranges joined), the first segment not
/// cumulatively acknowledged as the queue has moved it (`sack_min`, its rcv_nxt_), and
/// the next segment a retransmission may go to (`h_seqno`).
#[derive(Clone, Debug)]
pub struct Scoreboard {
    blocks: Vec<(i64, i64)>,
    sack_min: i64,
    h_seqno: i64,
    changed: bool,
}

impl Default for Scoreboard {
    fn default() -> Self {
        Scoreboard { blocks: Vec::new(), sack_min: -1, h_seqno: -1, changed: false }
    }
}

impl Scoreboard {
    fn total(&self) -> i64 {
        self.blocks.iter().map(|b| b.1 - b.0).sum()
    }

    /// ClearScoreBoard: the ranges and the retransmission point go (not `sack_min`).
    pub fn clear(&mut self) {
        self.blocks.clear();
        self.h_seqno = -1;
    }

    /// UpdateScoreBoard(last_ack, blocks): the cumulative ACK `last_ack` clears what it
    /// covers, then each block is added. [`changed`](Self::changed) tells whether
    /// anything moved.
    pub fn update(&mut self, last_ack: i64, sack: &SackBlocks) {
        let old_total = self.total();
        self.changed = false;
        if self.sack_min <= last_ack {
            self.sack_min = last_ack + 1;
            if !self.blocks.is_empty() {
                self.clear_to(self.sack_min);
                self.changed = true;
            }
        }
        for (left, right) in sack.iter() {
            self.add(left, right);
        }
        self.changed = self.changed || old_total != self.total();
    }

    /// CheckUpdate: the last update cleared something or added a SACKed segment.
    pub fn changed(&self) -> bool {
        self.changed
    }

    /// ReassemblyQueue::clearto: ranges below `seq` go, one across it is cut there.
    fn clear_to(&mut self, seq: i64) {
        let k = self.blocks.partition_point(|b| b.1 <= seq);
        self.blocks.drain(..k);
        if let Some(b) = self.blocks.first_mut() {
            if b.0 <= seq && b.1 > seq {
                b.0 = seq;
            }
        }
    }

    /// ReassemblyQueue::add(left, right): the union grows; its rcv_nxt_ (`sack_min`)
    /// moves to the end of the range now holding the block when it lay at or past that
    /// range's start. A block equal to a range held changes nothing; one inside a
    /// larger range moves rcv_nxt_ by the first range instead (rq.cc's `end <= start`
    /// case tests head_).
    fn add(&mut self, left: i64, right: i64) {
        if right < left || self.blocks.contains(&(left, right)) {
            return;
        }
        if self.blocks.iter().any(|b| b.0 <= left && right <= b.1) {
            let head = self.blocks[0];
            if self.sack_min >= head.0 {
                self.sack_min = head.1;
            }
            return;
        }
        // the ranges it overlaps or touches, i..j, become one
        let i = self.blocks.partition_point(|b| b.1 < left);
        let j = self.blocks.partition_point(|b| b.0 <= right);
        let mut joined = (left, right);
        if i < j {
            joined = (joined.0.min(self.blocks[i].0), joined.1.max(self.blocks[j - 1].1));
        }
        self.blocks.splice(i..j, [joined]);
        if self.sack_min >= joined.0 {
            self.sack_min = joined.1;
        }
    }

    /// ReassemblyQueue::nexthole(seq): the first segment at or after `seq` not SACKed,
    /// and how many ranges lie above it (-1: none, or `seq` above every range: -1 too).
    fn next_hole(&self, seq: i64) -> (i64, i64) {
        let n = self.blocks.len() as i64;
        for (k, b) in self.blocks.iter().enumerate() {
            if b.0 > seq {
                return (seq, n - k as i64);
            }
            if b.0 <= seq && seq <= b.1 {
                let above = n - k as i64 - 1;
                return (b.1, if above > 0 { above } else { -1 });
            }
        }
        (-1, -1)
    }

    /// GetNextRetran: the first hole at or after the retransmission point with a SACKed
    /// range above it, or None. As ns-2's, it never returns segment 0 (`seq > 0`).
    pub fn next_retran(&mut self) -> Option<i64> {
        if self.h_seqno < self.sack_min {
            self.h_seqno = self.sack_min;
        }
        let (seq, above) = self.next_hole(self.h_seqno);
        if seq > 0 && above > 0 {
            self.h_seqno = self.h_seqno.max(seq);
            return Some(seq);
        }
        None
    }

    /// GetNextUnacked(seq): the first segment at or after `seq` neither acknowledged
    /// nor SACKed, as ReassemblyQueue::nexthole finds it (-1 where `seq` lies above
    /// every SACKed range, or none is held).
    pub fn next_unacked(&self, seq: i64) -> i64 {
        self.next_hole(seq).0
    }

    /// MarkRetran(seq): retransmissions go on after `seq`.
    pub fn mark_retran(&mut self, seq: i64) {
        if seq >= self.h_seqno {
            self.h_seqno = seq + 1;
        }
    }
}

/// The Sack1 sender's own state beside ns-2's TcpAgent's (tcp-sack1.cc): its
/// scoreboard, whether in fast recovery (fastrecov_), its pipe counter (pipe_), and
/// whether the last thing was a timeout (timeout_: duplicate ACKs are ignored until a
/// new ACK).
#[derive(Clone, Debug)]
pub struct SenderState {
    pub scoreboard: Scoreboard,
    pub fastrecov: bool,
    pub pipe: i64,
    pub timeout: bool,
    /// The next segment partial_ack_'s rule sends (next_pkt_, 0 at first; read by that
    /// rule only).
    pub next_pkt: i64,
}

impl Default for SenderState {
    fn default() -> Self {
        SenderState { scoreboard: Scoreboard::default(), fastrecov: false, pipe: -1, timeout: false, next_pkt: 0 }
    }
}

/// The first size of the receiver's record of segments seen, a power of two (ns-2's
/// MWS); it doubles when a segment lies beyond it.
const SEEN_INITIAL: usize = 1024;

/// The receiver's side (Acker's seen_ array and Sacker's SackStack): which segments it
/// holds, as ns-2's Acker records them (a ring indexed by segment number, whose slots
/// below the cumulative ACK keep what they last held), and the blocks it reported.
#[derive(Clone, Debug)]
pub struct Sacker {
    seen: Vec<bool>,
    next: i64,
    maxseen: i64,
    is_dup: bool,
    /// The SackStack: blocks reported before, the most recent first, at most `size`.
    stack: Vec<(i64, i64)>,
    size: usize,
}

impl Default for Sacker {
    fn default() -> Self {
        Sacker::new(MAX_BLOCKS)
    }
}

impl Sacker {
    /// A receiver reporting at most `blocks` SACK blocks (ns-2's maxSackBlocks_, at
    /// most MAX_BLOCKS; 0: none).
    pub fn new(blocks: usize) -> Self {
        let size = blocks.min(MAX_BLOCKS);
        Sacker { seen: vec![false; SEEN_INITIAL], next: 0, maxseen: 0, is_dup: false, stack: Vec::with_capacity(size), size }
    }

    fn mask(&self) -> i64 {
        self.seen.len() as i64 - 1
    }

    fn seen_at(&self, seq: i64) -> bool {
        self.seen[(seq & self.mask()) as usize]
    }

    fn set_seen(&mut self, seq: i64, v: bool) {
        let m = self.mask();
        self.seen[(seq & m) as usize] = v;
    }

    /// Acker::resize_buffers: the ring doubles, the slots from the cumulative ACK on
    /// carried over.
    fn grow(&mut self) {
        let mut seen = vec![false; self.seen.len() * 2];
        let m = seen.len() as i64 - 1;
        for i in self.next..=self.maxseen + 1 {
            seen[(i & m) as usize] = self.seen_at(i);
        }
        self.seen = seen;
    }

    /// Acker::update: segment `seq` arrives (every data segment, the SYN and duplicates
    /// too).
    pub fn on_segment(&mut self, seq: i64) {
        self.is_dup = false;
        while seq + 1 - self.next >= self.mask() {
            self.grow();
        }
        let mut just_seen = false;
        if seq > self.maxseen {
            for i in self.maxseen + 1..seq {
                self.set_seen(i, false);
            }
            self.maxseen = seq;
            self.set_seen(seq, true);
            self.set_seen(seq + 1, false);
            just_seen = true;
        }
        if seq < self.next {
            self.is_dup = true;
        }
        if seq >= self.next && seq <= self.maxseen {
            if self.seen_at(seq) && !just_seen {
                self.is_dup = true;
            }
            self.set_seen(seq, true);
            while self.seen_at(self.next) {
                self.next += 1;
            }
        }
    }

    /// Sacker::append_ack for an ACK triggered by segment `trigger`: the blocks it
    /// carries (ns-2's TCPSink/Sack1 without D-SACKs, generateDSacks_ false).
    pub fn blocks(&mut self, trigger: i64) -> SackBlocks {
        let mut out = SackBlocks::default();
        let cum = self.next - 1;
        if cum >= self.maxseen && !self.stack.is_empty() {
            self.stack.clear();
            return out;
        }
        if !(cum < self.maxseen || self.is_dup) || self.size == 0 {
            return out;
        }
        // the first block: rightward from the trigger to the first hole, then leftward
        let mut right = self.maxseen + 1;
        for i in trigger..=self.maxseen {
            if !self.seen_at(i) {
                right = i;
                break;
            }
        }
        let mut left = -1;
        if trigger <= cum {
            left = 0; // in order or old: no block of its own
        } else {
            for i in (cum + 1..right).rev() {
                if !self.seen_at(i) {
                    left = i + 1;
                    break;
                }
            }
            out.b[0] = (left, right);
            out.n = 1;
        }
        let recent = (left, right);
        // then those reported before, while still held; those the first covers go
        let mut k = 0;
        while (out.n as usize) < self.size {
            let Some(&(l, r)) = self.stack.get(k) else { break };
            if l < 0 || r < 0 || r > self.maxseen + 1 {
                break;
            }
            if recent.0 <= l && recent.1 >= r {
                self.stack.remove(k);
                continue;
            }
            out.b[out.n as usize] = (l, r);
            out.n += 1;
            k += 1;
        }
        if trigger > cum {
            if self.stack.len() >= self.size {
                self.stack.truncate(self.size - 1);
            }
            self.stack.insert(0, recent);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sb(ranges: &[(i64, i64)]) -> SackBlocks {
        SackBlocks::of(ranges)
    }

    #[test]
    fn the_scoreboard_keeps_the_union_and_resends_each_hole_once() {
        let mut s = Scoreboard::default();
        s.update(9, &sb(&[(12, 13)]));
        assert!(s.changed());
        // a hole below a SACKed segment is resent at once, whatever the count above it
        assert_eq!(s.next_retran(), Some(10));
        s.mark_retran(10);
        assert_eq!(s.next_retran(), Some(11));
        s.mark_retran(11);
        // nothing SACKed above 13: no more holes
        assert_eq!(s.next_retran(), None);
        s.update(9, &sb(&[(13, 15), (17, 18)]));
        assert!(s.changed());
        assert_eq!(s.blocks, vec![(12, 15), (17, 18)]);
        assert_eq!(s.next_retran(), Some(15));
        s.mark_retran(15);
        s.mark_retran(16);
        assert_eq!(s.next_retran(), None);
        // the same blocks again: nothing changed (not a duplicate ACK for Sack1)
        s.update(9, &sb(&[(12, 15), (17, 18)]));
        assert!(!s.changed());
        // the cumulative ACK moves: the ranges below it go
        s.update(14, &sb(&[(17, 18)]));
        assert!(s.changed());
        assert_eq!(s.blocks, vec![(17, 18)]);
        s.clear();
        assert_eq!(s.next_retran(), None);
    }

    /// GetNextUnacked (partial_ack_'s rule): the first segment from `seq` on neither
    /// acknowledged nor SACKed, -1 above every SACKed range (rq.cc's nexthole).
    #[test]
    fn next_unacked_skips_sacked_ranges_and_is_minus_one_above_them() {
        let mut s = Scoreboard::default();
        s.update(9, &sb(&[(12, 15), (17, 18)]));
        assert_eq!(s.next_unacked(10), 10);
        assert_eq!(s.next_unacked(12), 15);
        assert_eq!(s.next_unacked(14), 15);
        assert_eq!(s.next_unacked(16), 16);
        assert_eq!(s.next_unacked(17), 18);
        assert_eq!(s.next_unacked(19), -1);
        assert_eq!(Scoreboard::default().next_unacked(3), -1);
    }

    #[test]
    fn the_scoreboard_joins_overlapping_and_touching_blocks() {
        let mut s = Scoreboard::default();
        s.update(0, &sb(&[(2, 4), (6, 8)]));
        s.update(0, &sb(&[(4, 6)]));
        assert_eq!(s.blocks, vec![(2, 8)]);
        s.update(0, &sb(&[(10, 12), (1, 3)]));
        // (1, 3) starts at sack_min 1: the queue's rcv_nxt_ moves to its range's end
        assert_eq!(s.blocks, vec![(1, 8), (10, 12)]);
        assert_eq!(s.sack_min, 8);
        s.update(0, &sb(&[(9, 13)]));
        assert_eq!(s.blocks, vec![(1, 8), (9, 13)]);
        assert_eq!(s.total(), 11);
    }

    #[test]
    fn segment_zero_is_never_a_retransmission_of_the_scoreboard() {
        // ns-2 tests `seq > 0`: a lost segment 0 goes again only by the fast retransmit
        let mut s = Scoreboard::default();
        s.update(-1, &sb(&[(1, 3)]));
        assert_eq!(s.next_retran(), None);
    }

    #[test]
    fn the_receiver_reports_the_newest_block_first_then_its_stack() {
        let mut r = Sacker::default();
        let ack = |r: &mut Sacker, seq: i64| {
            r.on_segment(seq);
            r.blocks(seq).iter().collect::<Vec<_>>()
        };
        assert!(ack(&mut r, 0).is_empty());
        assert!(ack(&mut r, 1).is_empty());
        // 2 lost
        assert_eq!(ack(&mut r, 3), vec![(3, 4)]);
        assert_eq!(ack(&mut r, 4), vec![(3, 5)]);
        // 5, 6 lost
        assert_eq!(ack(&mut r, 7), vec![(7, 8), (3, 5)]);
        // 8 lost
        assert_eq!(ack(&mut r, 9), vec![(9, 10), (7, 8), (3, 5)]);
        assert_eq!(ack(&mut r, 10), vec![(9, 11), (7, 8), (3, 5)]);
        // the retransmission of 2 fills the first hole: no block of its own, and the
        // range it now joins in order, (3, 5), is covered by it and forgotten
        assert_eq!(ack(&mut r, 2), vec![(9, 11), (7, 8)]);
        assert_eq!(r.next, 5);
        assert_eq!(ack(&mut r, 5), vec![(9, 11), (7, 8)]);
        assert_eq!(ack(&mut r, 6), vec![(9, 11)]);
        // everything held is in order: the stack is emptied, no blocks
        assert_eq!(ack(&mut r, 8), vec![]);
        assert_eq!(r.next, 11);
    }

    /// maxSackBlocks_: the stack holds that many blocks and an ACK carries that many;
    /// with 0, none (ns-2 tests base_nblocks_ > 0 before the first).
    #[test]
    fn fewer_blocks_are_remembered_and_reported_as_maxsackblocks_says() {
        for (n, want) in [(1, vec![(9, 10)]), (2, vec![(9, 10), (7, 8)]), (0, vec![])] {
            let mut r = Sacker::new(n);
            for seq in [0, 1, 3, 4, 7] {
                r.on_segment(seq);
                r.blocks(seq);
            }
            r.on_segment(9);
            assert_eq!(r.blocks(9).iter().collect::<Vec<_>>(), want, "{n} blocks");
        }
    }

    #[test]
    fn the_receiver_record_grows_past_its_first_size() {
        let mut r = Sacker::default();
        r.on_segment(0);
        r.on_segment(SEEN_INITIAL as i64 + 5);
        assert!(r.seen.len() > SEEN_INITIAL);
        assert_eq!(r.blocks(SEEN_INITIAL as i64 + 5).iter().collect::<Vec<_>>(), vec![(1029, 1030)]);
        r.on_segment(0);
        assert!(r.is_dup);
    }
}
