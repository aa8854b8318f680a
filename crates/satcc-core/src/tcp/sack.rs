//! Selective acknowledgments: the receiver's SACK blocks (RFC 2018) and the sender's
//! scoreboard for SACK-based loss recovery (RFC 6675). Segment numbers, as everywhere
//! in satcc's one-way TCP; a block is a half-open range [start, end).

use std::collections::VecDeque;

/// Blocks an ACK carries (RFC 2018 allows three alongside timestamps, four without;
/// ns-2's Sack1 sink sends three).
pub const MAX_BLOCKS: usize = 3;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SackBlocks {
    pub n: u8,
    pub b: [(i64, i64); MAX_BLOCKS],
    /// A D-SACK (RFC 2883): the segment whose duplicate arrival triggered this ACK.
    pub dsack: Option<i64>,
}

impl SackBlocks {
    /// Blocks from (start, end) ranges, at most MAX_BLOCKS (tests).
    #[cfg(test)]
    pub(crate) fn of(ranges: &[(i64, i64)]) -> Self {
        let mut b = SackBlocks::default();
        for (i, r) in ranges.iter().enumerate() {
            b.b[i] = *r;
        }
        b.n = ranges.len() as u8;
        b
    }

    pub fn iter(&self) -> impl Iterator<Item = (i64, i64)> + '_ {
        self.b[..self.n as usize].iter().copied()
    }
}

/// Blocks a Linux receiver keeps (TCP_NUM_SACKS).
pub const LINUX_KEPT_BLOCKS: usize = 4;

/// A Linux receiver's SACK blocks (tp->selective_acks), the most recently changed
/// first (`SackReport::Linux`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct RecentBlocks {
    n: usize,
    b: [(i64, i64); LINUX_KEPT_BLOCKS],
}

impl RecentBlocks {
    /// tcp_sack_extend: a block meets [start, end) (overlaps or touches it) and grows
    /// to hold it.
    fn extend(b: &mut (i64, i64), start: i64, end: i64) -> bool {
        if start <= b.1 && b.0 <= end {
            b.0 = b.0.min(start);
            b.1 = b.1.max(end);
            return true;
        }
        false
    }

    /// Whether segment `seq` meets no block while every slot is taken (the last block
    /// would be forgotten).
    fn forgets(&self, seq: i64) -> bool {
        self.n == LINUX_KEPT_BLOCKS && !self.b[..self.n].iter().any(|b| seq <= b.1 && b.0 <= seq + 1)
    }

    /// tcp_sack_new_ofo_skb for segment `seq` (new, or a duplicate of one held).
    fn on_segment(&mut self, seq: i64) {
        let (start, end) = (seq, seq + 1);
        if let Some(i) = (0..self.n).find(|&i| Self::extend(&mut self.b[i], start, end)) {
            // the block goes to the front, then swallows any other it now meets
            self.b[..=i].rotate_right(1);
            let mut j = 1;
            while j < self.n {
                let other = self.b[j];
                if Self::extend(&mut self.b[0], other.0, other.1) {
                    self.b.copy_within(j + 1..self.n, j);
                    self.n -= 1;
                } else {
                    j += 1;
                }
            }
            return;
        }
        self.n = (self.n + 1).min(LINUX_KEPT_BLOCKS);
        self.b[..self.n].rotate_right(1);
        self.b[0] = (start, end);
    }

    /// tcp_sack_remove: blocks the cumulative ACK (`next`) reached go.
    fn advance(&mut self, next: i64) {
        let mut j = 0;
        while j < self.n {
            if next >= self.b[j].0 {
                self.b.copy_within(j + 1..self.n, j);
                self.n -= 1;
            } else {
                j += 1;
            }
        }
    }
}

/// Receiver side: the ranges received above the cumulative ACK, and which of them an
/// ACK reports (`SackReport`).
#[derive(Clone, Debug, Default)]
pub struct SackReceiver {
    /// Sorted, disjoint, non-adjacent ranges [start, end).
    ranges: Vec<(i64, i64)>,
    /// `SackReport::Linux`: the blocks a Linux receiver reports.
    recent: Option<RecentBlocks>,
}

impl SackReceiver {
    /// A receiver reporting as `report` says.
    pub fn new(report: super::config::SackReport) -> Self {
        let recent = (report == super::config::SackReport::Linux).then(RecentBlocks::default);
        SackReceiver { ranges: Vec::new(), recent }
    }

    /// Whether recording segment `seq` would make a Linux receiver forget a block, so
    /// that it first sends the ACK it is compressing (tcp_sack_compress_send_ack).
    pub fn forgets_a_block(&self, seq: i64) -> bool {
        self.recent.as_ref().is_some_and(|r| r.forgets(seq))
    }

    /// Record segment `seq` received out of order (above the next expected).
    pub fn record(&mut self, seq: i64) {
        if let Some(r) = self.recent.as_mut() {
            r.on_segment(seq);
        }
        let i = self.ranges.partition_point(|r| r.1 < seq);
        if i < self.ranges.len() && self.ranges[i].0 <= seq && seq < self.ranges[i].1 {
            return; // duplicate
        }
        let joins_left = i < self.ranges.len() && self.ranges[i].1 == seq;
        let joins_right_idx = if joins_left { i + 1 } else { i };
        let joins_right = joins_right_idx < self.ranges.len() && self.ranges[joins_right_idx].0 == seq + 1;
        match (joins_left, joins_right) {
            (true, true) => {
                self.ranges[i].1 = self.ranges[i + 1].1;
                self.ranges.remove(i + 1);
            }
            (true, false) => self.ranges[i].1 = seq + 1,
            (false, true) => self.ranges[joins_right_idx].0 = seq,
            (false, false) => self.ranges.insert(i, (seq, seq + 1)),
        }
    }

    /// The cumulative ACK moved: `next` is the next segment expected.
    pub fn advance(&mut self, next: i64) {
        let k = self.ranges.partition_point(|r| r.1 <= next);
        self.ranges.drain(..k);
        if let Some(r) = self.recent.as_mut() {
            r.advance(next);
        }
    }

    /// Blocks for an ACK triggered by segment `seq`: the block holding it first
    /// (RFC 2018), then the highest others; a Linux receiver's first three blocks.
    pub fn blocks(&self, seq: i64) -> SackBlocks {
        let mut out = SackBlocks::default();
        if let Some(r) = &self.recent {
            out.n = r.n.min(MAX_BLOCKS) as u8;
            out.b[..out.n as usize].copy_from_slice(&r.b[..out.n as usize]);
            return out;
        }
        // the ranges are sorted and disjoint: the one holding `seq` by binary search
        let i = self.ranges.partition_point(|r| r.1 <= seq);
        let first = (i < self.ranges.len() && self.ranges[i].0 <= seq).then_some(i);
        if let Some(i) = first {
            out.b[0] = self.ranges[i];
            out.n = 1;
        }
        for (j, r) in self.ranges.iter().enumerate().rev() {
            if out.n as usize == MAX_BLOCKS {
                break;
            }
            if Some(j) != first {
                out.b[out.n as usize] = *r;
                out.n += 1;
            }
        }
        out
    }

    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }
}

/// Number of SACKed segments above a hole that makes it lost (RFC 6675 DupThresh).
pub const DUP_THRESH: usize = 3;

/// Sender side: what the receiver holds above the cumulative ACK, and what was
/// retransmitted (RFC 6675 section 3).
#[derive(Clone, Debug, Default)]
pub struct Scoreboard {
    /// First segment not cumulatively acknowledged.
    base: i64,
    sacked: VecDeque<bool>,
    rexmitted: VecDeque<bool>,
    /// Segments below this one that are not SACKed are lost (DUP_THRESH SACKed
    /// segments lie above them); `base` when none.
    lost_below: i64,
    /// After a timeout in Linux's manner (`mark_lost_below`), every segment below this
    /// one that is not SACKed is lost, whatever DupThresh says.
    lost_floor: i64,
    /// SACKed segments at or above `lost_below` (DUP_THRESH by the RFC's rule).
    sacked_above_lost: i64,
    /// Retransmission scan position (segments below were considered).
    cursor: i64,
    /// SACKed segments held (at or above `base`).
    sacked_count: i64,
    /// Segments retransmitted and not SACKed (at or above `base`).
    rexmit_unsacked: i64,
    /// The previous ACK's blocks: every segment in them is SACKed already, so an
    /// update walks only what a block adds to them (as Linux's recv_sack_cache), not
    /// the whole block on every ACK.
    seen: SackBlocks,
    /// Retransmissions found lost again (below `cursor`), lowest first: NextSeg takes
    /// them before scanning on from `cursor`.
    relost: std::collections::BinaryHeap<std::cmp::Reverse<i64>>,
    /// Segments the last update SACKed for the first time.
    newly_sacked: i64,
    /// Segments marked lost so far, a lost retransmission counting again (Linux's
    /// tp->lost): the difference over an ACK is its rate sample's losses.
    lost_total: u64,
}

impl Scoreboard {
    pub fn new(base: i64) -> Self {
        Scoreboard { base, lost_below: base, cursor: base, ..Default::default() }
    }

    fn idx(&self, seq: i64) -> usize {
        (seq - self.base) as usize
    }

    pub fn is_sacked(&self, seq: i64) -> bool {
        seq >= self.base && self.sacked.get(self.idx(seq)).copied().unwrap_or(false)
    }

    pub fn is_rexmitted(&self, seq: i64) -> bool {
        seq >= self.base && self.rexmitted.get(self.idx(seq)).copied().unwrap_or(false)
    }

    /// RFC 6675 IsLost(seq).
    pub fn is_lost(&self, seq: i64) -> bool {
        seq >= self.base && seq < self.lost_below && !self.is_sacked(seq)
    }

    /// Take in a cumulative ACK (`cum` = highest segment acknowledged) and its blocks.
    pub fn update(&mut self, cum: i64, blocks: &SackBlocks) {
        self.update_with(cum, blocks, |_| {})
    }

    /// `update`, telling `newly_sacked` each segment that this ACK's blocks SACK for the
    /// first time.
    pub fn update_with(&mut self, cum: i64, blocks: &SackBlocks, mut newly_sacked: impl FnMut(i64)) {
        let new_base = cum + 1;
        if new_base > self.base {
            let n = (new_base - self.base) as usize;
            for i in 0..n.min(self.rexmitted.len()) {
                if self.rexmitted[i] && !self.sacked.get(i).copied().unwrap_or(false) {
                    self.rexmit_unsacked -= 1;
                }
            }
            let k = n.min(self.sacked.len());
            self.sacked_count -= self.sacked.drain(..k).filter(|&b| b).count() as i64;
            let k2 = n.min(self.rexmitted.len());
            self.rexmitted.drain(..k2);
            self.base = new_base;
        }
        let seen = std::mem::replace(&mut self.seen, *blocks);
        self.newly_sacked = 0;
        for (s, e) in blocks.iter() {
            let s = s.max(self.base);
            if e <= s {
                continue;
            }
            let end = self.idx(e);
            super::grow_to(&mut self.sacked, end, false);
            // walk [s, e) less the previous blocks (SACKed when they came)
            let mut from = s;
            while from < e {
                let covered = seen.iter().find(|&(a, b)| a <= from && from < b);
                if let Some((_, b)) = covered {
                    from = b;
                    continue;
                }
                // up to the next previous block starting inside, or the end
                let to = seen.iter().filter(|&(a, _)| a > from && a < e).map(|(a, _)| a).min().unwrap_or(e);
                for i in self.idx(from)..self.idx(to) {
                    if !self.sacked[i] {
                        self.sacked[i] = true;
                        self.sacked_count += 1;
                        if self.rexmitted.get(i).copied().unwrap_or(false) {
                            self.rexmit_unsacked -= 1;
                        }
                        self.newly_sacked += 1;
                        newly_sacked(self.base + i as i64);
                    }
                }
                from = to;
            }
        }
        self.find_lost();
        if self.cursor < self.base {
            self.cursor = self.base;
        }
    }

    /// Where losses end (RFC 6675 IsLost: below the DUP_THRESH-th highest SACKed
    /// segment), and no lower than a timeout's floor.
    fn find_lost(&mut self) {
        let before = self.lost_below.max(self.base);
        self.find_lost_below();
        // what the new lost_below newly covers, less the SACKed
        for seq in before..self.lost_below {
            if !self.is_sacked(seq) && !self.is_rexmitted(seq) {
                self.lost_total += 1;
            }
        }
    }

    fn find_lost_below(&mut self) {
        let mut count = 0;
        self.lost_below = self.base;
        self.sacked_above_lost = self.sacked_count;
        for i in (0..self.sacked.len()).rev() {
            if self.sacked[i] {
                count += 1;
                if count == DUP_THRESH {
                    self.lost_below = self.base + i as i64;
                    self.sacked_above_lost = DUP_THRESH as i64;
                    break;
                }
            }
        }
        if self.lost_floor > self.lost_below {
            self.lost_below = self.lost_floor;
            let from = self.idx(self.lost_floor).min(self.sacked.len());
            self.sacked_above_lost = self.sacked.range(from..).filter(|&&b| b).count() as i64;
        }
    }

    /// Every segment below `seq` not SACKed is lost (RACK found the oldest lost).
    pub fn raise_lost_floor(&mut self, seq: i64) {
        if seq > self.lost_floor {
            self.lost_floor = seq;
            self.find_lost();
        }
    }

    /// First segment not cumulatively acknowledged.
    pub fn base(&self) -> i64 {
        self.base
    }

    /// Segments the last update SACKed for the first time.
    pub fn newly_sacked(&self) -> i64 {
        self.newly_sacked
    }

    /// SACKed segments held.
    pub fn sacked_count(&self) -> i64 {
        self.sacked_count
    }

    /// A timeout as Linux takes it (tcp_enter_loss): the SACKed segments stay SACKed,
    /// every other one below `seq` is lost, retransmitted or not, and NextSeg starts
    /// again from the first.
    pub fn mark_lost_below(&mut self, seq: i64) {
        self.lost_floor = seq;
        // everything in flight (not SACKed, not already lost and not resent) is lost now,
        // and every retransmission in flight with it
        self.lost_total += self.rexmit_unsacked as u64;
        for r in self.rexmitted.iter_mut() {
            *r = false;
        }
        self.rexmit_unsacked = 0;
        self.relost.clear();
        self.cursor = self.base;
        self.find_lost();
    }

    /// Segments lost now (Linux's lost_out): not SACKed, below `lost_below`, resent or not.
    pub fn lost_count(&self) -> i64 {
        ((self.lost_below - self.base) - (self.sacked_count - self.sacked_above_lost)).max(0)
    }

    /// Segments marked lost so far (Linux's tp->lost).
    pub fn lost_total(&self) -> u64 {
        self.lost_total
    }

    pub fn mark_retransmitted(&mut self, seq: i64) {
        if seq < self.base {
            return;
        }
        let i = self.idx(seq);
        super::grow_to(&mut self.rexmitted, i + 1, false);
        if !self.rexmitted[i] && !self.is_sacked(seq) {
            self.rexmit_unsacked += 1;
        }
        self.rexmitted[i] = true;
    }

    /// RFC 6675 pipe: segments believed in flight among [base, maxseq], from the
    /// counts kept up to date: every segment not SACKed and not lost, plus every
    /// retransmission not SACKed.
    pub fn pipe(&self, maxseq: i64) -> i64 {
        let unsacked = (maxseq - self.base + 1).max(0) - self.sacked_count;
        // below lost_below lie all SACKed segments but the DUP_THRESH highest
        let lost = (self.lost_below - self.base) - (self.sacked_count - self.sacked_above_lost);
        unsacked - lost + self.rexmit_unsacked
    }

    /// The definition of pipe, segment by segment (the reference for the counts).
    #[cfg(test)]
    fn pipe_by_definition(&self, maxseq: i64) -> i64 {
        let mut p = 0;
        let mut s = self.base;
        while s <= maxseq {
            if !self.is_sacked(s) {
                if !self.is_lost(s) {
                    p += 1;
                }
                if self.is_rexmitted(s) {
                    p += 1;
                }
            }
            s += 1;
        }
        p
    }

    /// RFC 6675 NextSeg rule 1: the lowest lost segment not yet retransmitted.
    pub fn next_lost(&mut self) -> Option<i64> {
        // every segment in [base, cursor) is SACKed or resent, but for those in `relost`
        while let Some(&std::cmp::Reverse(s)) = self.relost.peek() {
            if s >= self.base && s < self.lost_below && !self.is_sacked(s) && !self.is_rexmitted(s) {
                return Some(s);
            }
            self.relost.pop();
        }
        let mut s = self.cursor.max(self.base);
        while s < self.lost_below {
            if !self.is_sacked(s) && !self.is_rexmitted(s) {
                self.cursor = s;
                return Some(s);
            }
            s += 1;
        }
        self.cursor = s;
        None
    }

    /// A retransmission of `seq` was lost too (RACK, RFC 8985): it may be sent again
    /// by NextSeg, and no longer counts in pipe.
    pub fn retransmission_lost(&mut self, seq: i64) {
        if !self.is_rexmitted(seq) || self.is_sacked(seq) {
            return;
        }
        let i = self.idx(seq);
        self.rexmitted[i] = false;
        self.rexmit_unsacked -= 1;
        self.lost_total += 1;
        if seq < self.cursor {
            self.relost.push(std::cmp::Reverse(seq));
        }
    }

    /// Forget everything (after a timeout, RFC 6675 section 5.1).
    pub fn reset(&mut self, base: i64) {
        let lost_total = self.lost_total;
        *self = Scoreboard::new(base);
        self.lost_total = lost_total;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blocks(v: &[(i64, i64)]) -> SackBlocks {
        SackBlocks::of(v)
    }

    #[test]
    fn receiver_merges_ranges_and_reports_the_latest_first() {
        let mut r = SackReceiver::default();
        for s in [5, 6, 9, 7, 12] {
            r.record(s);
        }
        // ranges: [5,8) [9,10) [12,13)
        assert_eq!(r.blocks(9).iter().collect::<Vec<_>>(), vec![(9, 10), (12, 13), (5, 8)]);
        r.record(8); // joins [5,8) and [9,10)
        assert_eq!(r.blocks(8).iter().collect::<Vec<_>>(), vec![(5, 10), (12, 13)]);
        r.advance(10);
        assert_eq!(r.blocks(12).iter().collect::<Vec<_>>(), vec![(12, 13)]);
        r.advance(13);
        assert!(r.is_empty());
        r.record(20);
        r.record(20);
        assert_eq!(r.blocks(20).n, 1);
    }

    /// SackReport::Linux: four blocks kept, most recently changed first; a segment that
    /// meets none opens one at the front and the fourth is forgotten (a range received
    /// then is reported in part when a segment touches it again); merged blocks become
    /// one; blocks the cumulative ACK reaches go; a duplicate brings its block forward.
    #[test]
    fn a_linux_receiver_reports_its_most_recently_changed_blocks() {
        let mut r = SackReceiver::new(crate::tcp::config::SackReport::Linux);
        let got = |r: &SackReceiver| r.blocks(0).iter().collect::<Vec<_>>();
        for s in [5, 7, 9, 11] {
            assert!(!r.forgets_a_block(s));
            r.record(s);
        }
        // four kept, three reported: the oldest, [5, 6), is not, though held and lower
        assert_eq!(got(&r), vec![(11, 12), (9, 10), (7, 8)]);
        assert!(r.forgets_a_block(13) && !r.forgets_a_block(12) && !r.forgets_a_block(6));
        r.record(13); // [5, 6) forgotten
        assert_eq!(got(&r), vec![(13, 14), (11, 12), (9, 10)]);
        r.record(6); // touches [7, 8): [6, 8) to the front, without the forgotten 5
        assert_eq!(got(&r), vec![(6, 8), (13, 14), (11, 12)]);
        r.record(8); // [6, 9) meets [9, 10): one block
        assert_eq!(got(&r), vec![(6, 10), (13, 14), (11, 12)]);
        r.record(10); // and then [11, 12)
        assert_eq!(got(&r), vec![(6, 12), (13, 14)]);
        r.record(13); // a duplicate: its block forward
        assert_eq!(got(&r), vec![(13, 14), (6, 12)]);
        r.advance(12);
        assert_eq!(got(&r), vec![(13, 14)]);
        r.advance(14);
        assert!(got(&r).is_empty() && r.is_empty());
        // the rule satcc had (and keeps by default): the triggering range whole, then
        // the highest, the forgotten 5 included
        let mut h = SackReceiver::default();
        for s in [5, 7, 9, 11, 13, 6] {
            h.record(s);
        }
        assert_eq!(h.blocks(6).iter().collect::<Vec<_>>(), vec![(5, 8), (13, 14), (11, 12)]);
        assert!(!h.forgets_a_block(20));
    }

    #[test]
    fn scoreboard_losses_and_pipe() {
        // 1..=10 outstanding; 1 and 3 lost; 2, 4, 5, 6 SACKed
        let mut sb = Scoreboard::new(1);
        sb.update(0, &blocks(&[(2, 3), (4, 7)]));
        assert!(sb.is_sacked(2) && sb.is_sacked(6) && !sb.is_sacked(3));
        // three SACKed above 3 (4, 5, 6) and above 1: both lost
        assert!(sb.is_lost(1) && sb.is_lost(3));
        assert!(!sb.is_lost(7), "nothing SACKed above 7");
        // pipe: 7..=10 in flight (4), 1 and 3 lost and not retransmitted (0)
        assert_eq!(sb.pipe(10), 4);
        assert_eq!(sb.next_lost(), Some(1));
        sb.mark_retransmitted(1);
        assert_eq!(sb.pipe(10), 5);
        assert_eq!(sb.next_lost(), Some(3));
        sb.mark_retransmitted(3);
        assert_eq!(sb.next_lost(), None);
        // the retransmission of 1 arrives: cumulative ACK 2
        sb.update(2, &blocks(&[(4, 7)]));
        assert!(sb.is_lost(3));
        assert_eq!(sb.pipe(10), 5, "3 (lost, retransmitted) + 7..=10");
        sb.reset(3);
        assert_eq!(sb.pipe(10), 8);
    }

    /// Linux's tp->lost: each segment counted when marked lost (DupThresh or RACK's
    /// floor), a lost retransmission again, a timeout's whole flight at once.
    #[test]
    fn lost_count_as_linux_keeps_it() {
        let mut sb = Scoreboard::new(1);
        sb.update(0, &blocks(&[(2, 3), (4, 7)]));
        assert_eq!(sb.lost_total(), 2, "1 and 3");
        sb.update(0, &blocks(&[(2, 3), (4, 8)]));
        assert_eq!(sb.lost_total(), 2, "nothing new");
        sb.mark_retransmitted(1);
        sb.retransmission_lost(1);
        assert_eq!(sb.lost_total(), 3, "the retransmission of 1");
        sb.raise_lost_floor(10);
        assert_eq!(sb.lost_total(), 5, "8 and 9 by RACK");
        sb.mark_retransmitted(3);
        sb.mark_lost_below(12);
        // 10 and 11 newly, the retransmission of 3 in flight
        assert_eq!(sb.lost_total(), 8);
    }

    use proptest::prelude::*;

    proptest! {
        /// The pipe kept from counts equals pipe by its definition after any sequence
        /// of cumulative ACKs, SACK blocks and retransmissions.
        #[test]
        fn pipe_counts_match_the_definition(
            ops in proptest::collection::vec((0u8..3, 0i64..60, 1i64..12), 1..80)
        ) {
            let mut sb = Scoreboard::new(0);
            let mut cum = -1i64;
            let maxseq = 80;
            for (op, a, len) in ops {
                match op {
                    0 => {
                        cum = cum.max(a.min(maxseq) - 1);
                        sb.update(cum, &SackBlocks::default());
                    }
                    1 => {
                        let s = a.max(cum + 1);
                        let e = (s + len).min(maxseq + 1);
                        if e > s {
                            sb.update(cum, &blocks(&[(s, e)]));
                        }
                    }
                    _ => {
                        if a > cum && !sb.is_sacked(a) {
                            sb.mark_retransmitted(a);
                        }
                    }
                }
                prop_assert_eq!(sb.pipe(maxseq), sb.pipe_by_definition(maxseq));
            }
        }

        /// The walk that skips the previous ACK's blocks reports each segment SACKed
        /// for the first time exactly once, and NextSeg (with retransmissions found
        /// lost again) gives the lowest lost segment not being resent, as a scoreboard
        /// kept naively in sets would after any sequence of ACKs, blocks, resends and
        /// lost resends.
        #[test]
        fn incremental_walk_and_next_seg_match_a_naive_scoreboard(
            ops in proptest::collection::vec((0u8..5, 0i64..60, 1i64..12, 0i64..60, 1i64..6), 1..120)
        ) {
            use std::collections::BTreeSet;
            let mut sb = Scoreboard::new(0);
            let (mut sacked, mut rexmitted) = (BTreeSet::new(), BTreeSet::new());
            let mut cum = -1i64;
            let mut floor = 0i64;
            let maxseq = 80;
            for (op, a, len, b, len2) in ops {
                match op {
                    0 | 1 => {
                        if op == 0 {
                            cum = cum.max(a.min(maxseq) - 1);
                        }
                        let v: Vec<(i64, i64)> = [(a, len), (b, len2)].iter()
                            .map(|&(s, l)| (s.max(cum + 1), (s.max(cum + 1) + l).min(maxseq + 1)))
                            .filter(|&(s, e)| e > s).collect();
                        let mut got = Vec::new();
                        sb.update_with(cum, &blocks(&v), |s| got.push(s));
                        let mut want = Vec::new();
                        for &(s, e) in &v {
                            for q in s..e {
                                if sacked.insert(q) {
                                    want.push(q);
                                }
                            }
                        }
                        got.sort();
                        want.sort();
                        prop_assert_eq!(got, want);
                    }
                    2 => {
                        if let Some(s) = sb.next_lost() {
                            sb.mark_retransmitted(s);
                            rexmitted.insert(s);
                        }
                    }
                    3 => {
                        if rexmitted.contains(&a) && !sacked.contains(&a) && a > cum {
                            sb.retransmission_lost(a);
                            rexmitted.remove(&a);
                        }
                    }
                    _ => {
                        // a timeout, Linux's way: all but the SACKed lost up to a point
                        floor = (cum + 1 + a).min(maxseq + 1);
                        sb.mark_lost_below(floor);
                        rexmitted.clear();
                    }
                }
                // the naive NextSeg: DUP_THRESH SACKed segments above a lost one, or
                // below the timeout's floor
                let above: Vec<i64> = sacked.iter().copied().filter(|&q| q > cum).collect();
                let lost_below = if above.len() >= DUP_THRESH { above[above.len() - DUP_THRESH] } else { cum + 1 };
                let lost_below = lost_below.max(floor);
                let want = (cum + 1..lost_below).find(|q| !sacked.contains(q) && !rexmitted.contains(q));
                let got = sb.clone().next_lost();
                prop_assert_eq!(got, want);
                prop_assert_eq!(sb.pipe(maxseq), sb.pipe_by_definition(maxseq));
            }
        }
    }
}
