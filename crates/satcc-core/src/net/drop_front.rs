//! A drop-tail FIFO that drops from the front when full, as ns-2 2.35 runs it
//! (`Queue/DropTail` with `drop_front_ true`, queue/drop-tail.cc): the arrival that
//! finds the buffer full joins the tail, and the packet at the head (the oldest
//! waiting, the next to be sent) is dropped in its place. Lakshman, Neidhardt and Ott
//! (1996) proposed it for TCP over long-delay paths: the sender learns of a loss a
//! whole queue's wait sooner.
//!
//! ns-2's rules, kept exactly:
//! - the packet in transmission is not in the queue (ns-2's Queue::recv dequeued it),
//!   so `len` below counts only the packets waiting;
//! - full is DropTail's own test: `len + 1 >= limit_` in packets, or with
//!   queue_in_bytes_ `bytes + size >= limit_ x mean_pktsize_` (the bytes waiting and
//!   the arrival's);
//! - a full buffer drops one packet, the head, whatever the bytes left: the arrival
//!   is queued first and the head dequeued, so at an idle link (nothing waiting) with
//!   a limit of 1 the arrival itself is the one dropped, as without drop_front_.
//!
//! It holds its waiting packets as SFQ and DRR do (net::link's scheduling queues): a
//! drop from the front changes the departure of every packet behind it, which a FIFO
//! link's precomputed departures cannot follow.

use super::queue::{HeldFifo, Waiting};

#[derive(Clone, Debug)]
pub struct DropFront {
    /// Packets: full when the waiting packets and the arrival reach it.
    pub limit_pkts: Option<u32>,
    /// Bytes: full when the waiting bytes and the arrival's reach it.
    pub limit_bytes: Option<u64>,
    /// The packets waiting, head first (the link's scheduling-queue calls reach them
    /// through `QueueDiscipline::held`).
    pub held: HeldFifo,
}

impl DropFront {
    pub fn new(limit_pkts: Option<u32>, limit_bytes: Option<u64>) -> Self {
        DropFront { limit_pkts, limit_bytes, held: HeldFifo::default() }
    }

    /// Offer a packet: it joins the tail; if the buffer was full, the head is dropped
    /// (returned), the arrival itself when nothing else waited.
    pub fn enqueue(&mut self, w: Waiting) -> Option<Waiting> {
        let size = w.pkt.size_bytes as u64;
        let (pkts, bytes) = self.held.waiting();
        let full = self.limit_pkts.is_some_and(|l| pkts as u64 + 1 >= l as u64)
            || self.limit_bytes.is_some_and(|l| bytes + size >= l);
        self.held.push_back(w);
        if full {
            self.held.pop_front()
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::packet::{Packet, PacketKind};

    fn w(seq: i64, size: u16) -> Waiting {
        let pkt = Packet { seq, flow: 0, rwnd_pkts: 0, size_bytes: size, hop: 0, kind: PacketKind::Data, ttl: 64, tos: 0, aux: 0 };
        Waiting { pkt, arrived: 0 }
    }

    fn seqs(q: &DropFront) -> Vec<i64> {
        q.held.iter().map(|w| w.pkt.seq).collect()
    }

    #[test]
    fn a_full_buffer_drops_its_head_and_keeps_the_arrival() {
        // limit 4: up to 3 wait (the fourth place is the packet in transmission's)
        let mut q = DropFront::new(Some(4), None);
        for s in 1..=3 {
            assert!(q.enqueue(w(s, 1000)).is_none());
        }
        assert_eq!(q.enqueue(w(4, 1000)).map(|d| d.pkt.seq), Some(1), "the oldest goes");
        assert_eq!(seqs(&q), [2, 3, 4]);
        assert_eq!(q.held.waiting(), (3, 3000));
        assert_eq!(q.held.pop_front().map(|d| d.pkt.seq), Some(2));
        assert!(q.enqueue(w(5, 1000)).is_none(), "a place was free again");
        assert_eq!(seqs(&q), [3, 4, 5]);
    }

    #[test]
    fn a_limit_of_one_drops_every_arrival_itself_as_droptail_does() {
        let mut q = DropFront::new(Some(1), None);
        assert_eq!(q.enqueue(w(1, 1000)).map(|d| d.pkt.seq), Some(1));
        assert_eq!(q.held.waiting().0, 0);
    }

    #[test]
    fn in_bytes_one_head_goes_whatever_is_left() {
        // 2500 bytes: 1000 + 1000 wait; a 1000-byte arrival makes 3000 >= 2500
        let mut q = DropFront::new(None, Some(2500));
        assert!(q.enqueue(w(1, 1000)).is_none());
        assert!(q.enqueue(w(2, 1000)).is_none());
        assert_eq!(q.enqueue(w(3, 1000)).map(|d| d.pkt.seq), Some(1));
        // ns-2 drops one packet only, even when the bytes left still reach the limit
        assert_eq!(q.enqueue(w(4, 1400)).map(|d| d.pkt.seq), Some(2));
        assert_eq!(seqs(&q), [3, 4]);
        assert_eq!(q.held.waiting().1, 2400);
        assert_eq!(q.held.drain().len(), 2);
        assert_eq!(q.held.waiting(), (0, 0));
    }
}
