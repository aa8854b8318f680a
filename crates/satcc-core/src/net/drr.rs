//! Deficit Round Robin as ns-2 2.35 runs it (`Queue/DRR`, queue/drr.cc, Shreedhar and
//! Varghese's scheme in Sandeep Bajaj's code): packets are hashed by their source node
//! address into `buckets` FIFO queues; the busy queues are served in a round, each
//! adding `quantum` bytes to its deficit when its turn comes and sending head packets
//! while the deficit covers them.
//!
//! ns-2's rules, kept exactly:
//! - the hash: i = saddr (or saddr & 0xfff0 with `mask_`), then ((i + (i >> 8) + !(i >>
//!   4)) mod (2^24 - 1)) + 1, then mod `buckets` (the destination plays no part: a
//!   flow's data and its ACKs, from two nodes, go to two queues);
//! - the buffer is `blimit_` bytes waiting (25,000 by default; the queue's `limit_`,
//!   which `$ns queue-limit` sets, is never read). An arrival is queued first; then,
//!   while the bytes waiting exceed blimit, the queue holding the most bytes (the first
//!   found going round from the queue being served) loses its head packet: a drop from
//!   the front, not always the arrival;
//! - a queue that becomes busy joins the round behind the last busy queue, with its
//!   deficit at 0. When a queue's turn comes (`turn` not yet set), it adds quantum to
//!   its deficit; while its head packet fits the deficit it is sent, and the round
//!   stays on it; a head that does not fit ends its turn, and the round moves on. A
//!   queue emptied by sending leaves the round with its deficit and turn cleared; one
//!   emptied by a drop from the front leaves it keeping both, as ns-2 keeps them (so
//!   that, busy again, a queue whose turn was under way adds no quantum at its next
//!   turn);
//! - the packet in transmission is not in the queue (ns-2 dequeued it).

use super::queue::Waiting;
use super::round::Round;
use std::collections::VecDeque;

#[derive(Clone, Debug, Default)]
struct Bucket {
    pkts: VecDeque<Waiting>,
    /// Bytes waiting in this queue (ns-2's bcount).
    bytes: i64,
    deficit: i64,
    turn: bool,
}

#[derive(Clone, Debug)]
pub struct Drr {
    /// ns-2's blimit_: bytes waiting in all queues.
    blimit: i64,
    quantum: i64,
    mask: bool,
    buckets: Vec<Bucket>,
    /// The busy queues, and the one being served (ns-2's `curr`), the round's way in.
    round: Round,
    /// Busy queues (ns-2's flwcnt), packets and bytes waiting.
    busy: usize,
    pkts: u32,
    bytes: i64,
}

/// ns-2's DRR::hash of a packet from node `saddr`, before the modulo by the number of
/// buckets.
pub fn hash(saddr: u32, mask: bool) -> i32 {
    let i = if mask { saddr as i32 & 0xfff0 } else { saddr as i32 };
    (i.wrapping_add(i >> 8).wrapping_add(!(i >> 4)) % ((2 << 23) - 1)) + 1
}

impl Drr {
    /// `blimit` bytes of buffer in `buckets` queues, each given `quantum` bytes a turn
    /// (both at least 1).
    pub fn new(blimit: u64, quantum: u32, buckets: u32, mask: bool) -> Self {
        Drr {
            blimit: blimit as i64,
            quantum: quantum.max(1) as i64,
            mask,
            buckets: vec![Bucket::default(); buckets.max(1) as usize],
            round: Round::new(buckets.max(1) as usize),
            busy: 0,
            pkts: 0,
            bytes: 0,
        }
    }

    fn which(&self, saddr: u32) -> usize {
        hash(saddr, self.mask).rem_euclid(self.buckets.len() as i32) as usize
    }

    /// Offer a packet from node `saddr`; the packets the buffer then loses (the arrival
    /// itself among them, possibly) go to `dropped`.
    pub fn enqueue(&mut self, w: Waiting, saddr: u32, dropped: &mut Vec<Waiting>) {
        let q = self.which(saddr);
        let size = w.pkt.size_bytes as i64;
        self.buckets[q].pkts.push_back(w);
        self.buckets[q].bytes += size;
        self.pkts += 1;
        self.bytes += size;
        if self.buckets[q].pkts.len() == 1 {
            self.round.join(q);
            self.buckets[q].deficit = 0;
            self.busy += 1;
        }
        while self.bytes > self.blimit {
            let m = self.max_queue();
            let lost = self.buckets[m].pkts.pop_front().expect("the longest queue holds packets");
            let size = lost.pkt.size_bytes as i64;
            self.buckets[m].bytes -= size;
            self.bytes -= size;
            self.pkts -= 1;
            dropped.push(lost);
            if self.buckets[m].pkts.is_empty() {
                self.round.leave(m);
                self.busy -= 1;
            }
        }
    }

    /// The busy queue holding the most bytes: the first of them going round from the
    /// queue being served (ns-2's getMaxflow).
    fn max_queue(&self) -> usize {
        let start = self.round.head().expect("bytes wait");
        let (mut best, mut q) = (start, start);
        for _ in 0..self.busy {
            if self.buckets[best].bytes < self.buckets[q].bytes {
                best = q;
            }
            q = self.round.after(q);
        }
        best
    }

    /// The next packet to transmit, if any waits.
    pub fn dequeue(&mut self) -> Option<Waiting> {
        if self.bytes == 0 {
            return None;
        }
        loop {
            let c = self.round.head().expect("bytes wait");
            let b = &mut self.buckets[c];
            if !b.turn {
                b.deficit += self.quantum;
                b.turn = true;
            }
            let size = b.pkts.front().expect("a busy queue holds packets").pkt.size_bytes as i64;
            if b.deficit >= size {
                b.deficit -= size;
                let w = b.pkts.pop_front().expect("checked");
                b.bytes -= size;
                self.pkts -= 1;
                self.bytes -= size;
                if b.pkts.is_empty() {
                    b.turn = false;
                    b.deficit = 0;
                    self.busy -= 1;
                    self.round.leave(c);
                }
                return Some(w);
            }
            b.turn = false;
            self.round.pass();
        }
    }

    pub fn len_pkts(&self) -> u32 {
        self.pkts
    }

    pub fn len_bytes(&self) -> u64 {
        self.bytes as u64
    }

    pub fn blimit(&self) -> u64 {
        self.blimit as u64
    }

    /// Every waiting packet, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = &Waiting> {
        self.buckets.iter().flat_map(|b| b.pkts.iter())
    }

    /// Take every waiting packet out (the link went down), in bucket order; the queues'
    /// deficits and turns start again.
    pub fn drain(&mut self) -> Vec<Waiting> {
        let out = self.buckets.iter_mut().flat_map(|b| b.pkts.drain(..)).collect();
        for b in &mut self.buckets {
            *b = Bucket::default();
        }
        self.round.clear();
        self.busy = 0;
        self.pkts = 0;
        self.bytes = 0;
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::packet::{Packet, PacketKind};

    fn w(flow: u32, seq: i64, size: u16) -> Waiting {
        let pkt = Packet { seq, flow, rwnd_pkts: 0, size_bytes: size, hop: 0, kind: PacketKind::Data, ttl: 64, tos: 0, aux: 0 };
        Waiting { pkt, arrived: 0 }
    }

    #[test]
    fn the_hash_is_ns2s() {
        // i + (i >> 8) - (i >> 4) - 1, plus 1 (computed by hand from drr.cc)
        assert_eq!(hash(0, false), 0);
        assert_eq!(hash(1, false), 1);
        assert_eq!(hash(17, false), 17 - 1);
        assert_eq!(hash(300, false), 300 + 1 - 18);
        // mask_: the low four bits go
        assert_eq!(hash(0x1234, true), hash(0x1230, false));
    }

    #[test]
    fn each_turn_sends_what_the_deficit_covers() {
        // quantum 1500: flow A (node 1) of 1000-byte packets, B (node 2) of 500
        let mut q = Drr::new(1_000_000, 1500, 16, false);
        let mut none = Vec::new();
        for k in 0..4 {
            q.enqueue(w(1, k, 1000), 1, &mut none);
        }
        for k in 0..6 {
            q.enqueue(w(2, k, 500), 2, &mut none);
        }
        assert!(none.is_empty());
        let order: Vec<(u32, i64)> = std::iter::from_fn(|| q.dequeue()).map(|w| (w.pkt.flow, w.pkt.seq)).collect();
        // A: 1500 sends one (500 left), B: 1500 sends three, A: 2000 sends two, B: 1500
        // sends three, and A's last with 1500 + 0
        assert_eq!(
            order,
            vec![(1, 0), (2, 0), (2, 1), (2, 2), (1, 1), (1, 2), (2, 3), (2, 4), (2, 5), (1, 3)]
        );
        assert_eq!((q.len_pkts(), q.len_bytes()), (0, 0));
    }

    #[test]
    fn a_full_buffer_drops_from_the_front_of_the_longest_queue() {
        let mut q = Drr::new(3000, 250, 16, false);
        let mut dropped = Vec::new();
        q.enqueue(w(1, 0, 1000), 1, &mut dropped);
        q.enqueue(w(1, 1, 1000), 1, &mut dropped);
        q.enqueue(w(2, 0, 500), 2, &mut dropped);
        assert!(dropped.is_empty());
        // 3500 bytes: flow 1 holds the most, its head goes
        q.enqueue(w(2, 1, 1000), 2, &mut dropped);
        assert_eq!(dropped.iter().map(|w| (w.pkt.flow, w.pkt.seq)).collect::<Vec<_>>(), vec![(1, 0)]);
        assert_eq!((q.len_pkts(), q.len_bytes()), (3, 2500));
        // a packet larger than the buffer is its own victim once its queue is the longest
        dropped.clear();
        let mut q = Drr::new(500, 250, 16, false);
        q.enqueue(w(3, 0, 1000), 3, &mut dropped);
        assert_eq!(dropped.len(), 1);
        assert!(q.dequeue().is_none());
    }

    #[test]
    fn a_queue_emptied_by_a_drop_keeps_its_turn() {
        // quantum 600, buffer 1500. Flow 1 sends its first packet and its turn is under
        // way (deficit 100) when a drop from the front empties it; busy again, its deficit
        // starts at 0 but its turn is still on, so it adds no quantum and the round passes
        // it to flow 4 first
        let mut q = Drr::new(1500, 600, 16, false);
        let mut dropped = Vec::new();
        q.enqueue(w(1, 0, 500), 1, &mut dropped);
        q.enqueue(w(1, 1, 1000), 1, &mut dropped);
        assert_eq!(q.dequeue().map(|w| (w.pkt.flow, w.pkt.seq)), Some((1, 0)));
        q.enqueue(w(2, 0, 500), 2, &mut dropped);
        q.enqueue(w(3, 0, 400), 3, &mut dropped); // 1900 bytes: flow 1 (1000) loses its head
        assert_eq!(dropped.iter().map(|w| (w.pkt.flow, w.pkt.seq)).collect::<Vec<_>>(), vec![(1, 1)]);
        q.enqueue(w(1, 2, 500), 1, &mut dropped);
        q.enqueue(w(4, 0, 100), 4, &mut dropped);
        assert_eq!(dropped.len(), 1);
        let got: Vec<(u32, i64)> = std::iter::from_fn(|| q.dequeue()).map(|w| (w.pkt.flow, w.pkt.seq)).collect();
        assert_eq!(got, vec![(2, 0), (3, 0), (4, 0), (1, 2)]);
    }
}
