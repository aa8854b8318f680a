//! Stochastic Fairness Queueing as ns-2 2.35 runs it (`Queue/SFQ`, queue/sfq.cc,
//! McKenney's scheme in Curtis Villamizar's code): packets are hashed by their source
//! and destination node addresses into `buckets` FIFO queues, and the link takes one
//! packet from each busy queue in turn.
//!
//! ns-2's rules, kept exactly:
//! - the hash: k = saddr + daddr, then (k + (k >> 8) + !(k >> 4)) mod (2^20 - 1), then
//!   mod `buckets` (ports play no part, so every flow between two nodes, and its ACKs,
//!   share a queue);
//! - an arrival finding `used` packets in its queue and `left` = maxqueue - occupied
//!   places free is dropped when used >= left / 2 (halved by a shift), or when left <
//!   buckets and used > maxqueue / buckets (the fair share, integer division), or when
//!   left <= 0: so the buffer is never full, and one queue never holds more than half
//!   of what is free;
//! - a queue that becomes busy joins the round behind every busy queue (before the
//!   next one to be served); after a packet is taken, the round moves to the next busy
//!   queue, and a queue that empties leaves it;
//! - the buffer is `maxqueue_` (40 by default), not the queue's `limit_`: ns-2's `$ns
//!   queue-limit` sets limit_, which SFQ never reads (`$sfq limit N` sets maxqueue_);
//! - the packet in transmission is not in the queue (ns-2 dequeued it).

use super::queue::Waiting;
use super::round::Round;
use std::collections::VecDeque;

#[derive(Clone, Debug)]
pub struct Sfq {
    /// ns-2's maxqueue_: the buffer, packets waiting.
    maxqueue: i32,
    /// maxqueue / number of buckets (integer division), fixed when the queue starts.
    fairshare: i32,
    /// The hash's queues.
    buckets: Vec<VecDeque<Waiting>>,
    /// The busy ones, and the one served next (ns-2's `active`).
    round: Round,
    /// Packets waiting in all queues.
    occupied: i32,
    bytes: u64,
}

/// ns-2's SFQ::hash of a packet from node `saddr` to node `daddr` (C's int arithmetic:
/// `!` is ~, `%` truncates), before the modulo by the number of buckets.
pub fn hash(saddr: u32, daddr: u32) -> i32 {
    let k = (saddr as i32).wrapping_add(daddr as i32);
    k.wrapping_add(k >> 8).wrapping_add(!(k >> 4)) % ((2 << 19) - 1)
}

impl Sfq {
    /// `maxqueue` packets of buffer in `buckets` queues (both at least 1).
    pub fn new(maxqueue: u32, buckets: u32) -> Self {
        let buckets = buckets.max(1);
        Sfq {
            maxqueue: maxqueue as i32,
            fairshare: maxqueue as i32 / buckets as i32,
            buckets: vec![VecDeque::new(); buckets as usize],
            round: Round::new(buckets as usize),
            occupied: 0,
            bytes: 0,
        }
    }

    /// The queue a packet from `saddr` to `daddr` goes to. A negative remainder (only
    /// for saddr + daddr = 0, a node sending to itself, which no flow does) is taken
    /// mod the number of buckets from above.
    fn which(&self, saddr: u32, daddr: u32) -> usize {
        hash(saddr, daddr).rem_euclid(self.buckets.len() as i32) as usize
    }

    /// Offer a packet from node `saddr` to node `daddr`: false if it is dropped.
    pub fn enqueue(&mut self, w: Waiting, saddr: u32, daddr: u32) -> bool {
        let which = self.which(saddr, daddr);
        let used = self.buckets[which].len() as i32;
        let left = self.maxqueue - self.occupied;
        if used >= (left >> 1) || (left < self.buckets.len() as i32 && used > self.fairshare) || left <= 0 {
            return false;
        }
        self.bytes += w.pkt.size_bytes as u64;
        self.buckets[which].push_back(w);
        self.occupied += 1;
        if used == 0 {
            self.round.join(which);
        }
        true
    }

    /// The next packet to transmit, if any waits.
    pub fn dequeue(&mut self) -> Option<Waiting> {
        let a = self.round.head()?;
        let w = self.buckets[a].pop_front().expect("a busy queue holds packets");
        self.occupied -= 1;
        self.bytes -= w.pkt.size_bytes as u64;
        if self.buckets[a].is_empty() {
            // the emptied queue leaves the round (ns-2's PacketSFQ::idle)
            self.round.leave(a);
        } else {
            self.round.pass();
        }
        Some(w)
    }

    pub fn len_pkts(&self) -> u32 {
        self.occupied as u32
    }

    pub fn len_bytes(&self) -> u64 {
        self.bytes
    }

    pub fn maxqueue(&self) -> u32 {
        self.maxqueue as u32
    }

    /// Every waiting packet, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = &Waiting> {
        self.buckets.iter().flatten()
    }

    /// Take every waiting packet out (the link went down), in bucket order.
    pub fn drain(&mut self) -> Vec<Waiting> {
        let out = self.buckets.iter_mut().flat_map(|b| b.drain(..)).collect();
        self.round.clear();
        self.occupied = 0;
        self.bytes = 0;
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::packet::{Packet, PacketKind};

    fn w(flow: u32, seq: i64) -> Waiting {
        let pkt = Packet { seq, flow, rwnd_pkts: 0, size_bytes: 1000, hop: 0, kind: PacketKind::Data, ttl: 64, tos: 0, aux: 0 };
        Waiting { pkt, arrived: 0 }
    }

    #[test]
    fn the_hash_is_ns2s() {
        // k + (k >> 8) - (k >> 4) - 1 for small k (computed by hand from sfq.cc)
        assert_eq!(hash(0, 1), 0);
        assert_eq!(hash(2, 3), 4);
        assert_eq!(hash(10, 6), 14);
        assert_eq!(hash(200, 100), 300 + 1 - 18 - 1);
        // a node to itself at address 0: C's -1, taken from above by the modulo
        assert_eq!(hash(0, 0), -1);
        assert_eq!(Sfq::new(40, 16).which(0, 0), 15);
    }

    #[test]
    fn busy_queues_are_served_in_turn_in_the_order_they_became_busy() {
        let mut q = Sfq::new(40, 16);
        // flows 0->2 (bucket 1), 0->3 (2), 0->1 (0): two packets each, 0->2's first
        for (s, d) in [(0, 2), (0, 2), (0, 3), (0, 3), (0, 1), (0, 1)] {
            assert!(q.enqueue(w(d, 0), s, d));
        }
        let order: Vec<u32> = std::iter::from_fn(|| q.dequeue()).map(|w| w.pkt.flow).collect();
        assert_eq!(order, vec![2, 3, 1, 2, 3, 1]);
        assert_eq!((q.len_pkts(), q.len_bytes()), (0, 0));
    }

    #[test]
    fn a_queue_never_holds_half_of_what_is_free() {
        // one flow into 40 places: it may hold n while n < (40 - n) / 2, so 13
        let mut q = Sfq::new(40, 16);
        let admitted = (0..40).filter(|&i| q.enqueue(w(1, i), 0, 1)).count();
        assert_eq!(admitted, 13);
        // another flow still finds room: 27 free, m admitted while m < (27 - m) / 2, so 9
        let other = (0..40).filter(|&i| q.enqueue(w(2, i), 0, 2)).count();
        assert_eq!(other, 9);
        assert_eq!(q.len_pkts(), 22);
    }

    #[test]
    fn one_place_drops_everything() {
        // ns-2: left 1, left >> 1 = 0, used 0 >= 0
        let mut q = Sfq::new(1, 16);
        assert!(!q.enqueue(w(1, 0), 0, 1));
    }

    #[test]
    fn past_the_fair_share_when_few_places_are_left() {
        // 20 places, 16 buckets: fair share 1. Eight flows of one packet leave 12; a
        // second packet of flow 1 (used 1, not above 1) still goes in, a third (used 2
        // > 1 with 11 left < 16) does not
        let mut q = Sfq::new(20, 16);
        for d in 1..=8 {
            assert!(q.enqueue(w(d, 0), 0, d));
        }
        assert!(q.enqueue(w(1, 1), 0, 1));
        assert!(!q.enqueue(w(1, 2), 0, 1));
    }
}
