//! Fair Queueing as ns-2 2.35 runs it (`Queue/FQ` on an `FQLink`, queue/fq.cc and
//! tcl/lib/ns-queue.tcl; Demers, Keshav and Shenker's scheme with a rough clock): each
//! flow has a DropTail queue of its own, which hands its first packet to the scheduler
//! (its head of line) and holds the rest; the link takes the head of line with the
//! smallest finish time.
//!
//! ns-2's rules, kept exactly:
//! - a flow's finish time is set when its head of line arrives, to the later of that
//!   instant and its last finish time; the head's size in seconds at the link's rate
//!   (secsPerByte_, 8 / the link's bandwidth when the link was made) is its delta;
//! - at each dequeue, with n flows holding a head of line, the head with the smallest
//!   finish + delta x n leaves (at equal values the lowest flow id: a strict `<` over
//!   the flows in order), and that value becomes its flow's finish time; its queue at
//!   once hands over its next packet (the dequeue's instant is its arrival);
//! - each flow's queue is ns-2's DropTail of `limit_` packets: an arrival finding
//!   limit - 1 packets waiting is dropped (the head of line is not in it);
//! - the packet in transmission is not in the queue (ns-2 dequeued it).
//!
//! Flows are told apart by their index in the scenario (ns-2: the packets' flow id,
//! one slot per id; the import checks that the ids order the flows alike).

use super::queue::Waiting;
use std::collections::VecDeque;

#[derive(Clone, Debug, Default)]
struct FlowQueue {
    /// Its head of line, handed to the scheduler.
    hol: Option<Waiting>,
    /// The packets waiting behind it (ns-2's per-flow DropTail).
    waiting: VecDeque<Waiting>,
    /// ns-2's finishTime_ and delta_ (seconds).
    finish: f64,
    delta: f64,
}

#[derive(Clone, Debug)]
pub struct Fq {
    /// Each flow queue's limit_ (ns-2's DropTail: it holds at most limit - 1).
    limit: u32,
    /// Seconds a byte takes at the link's rate when the link was made (secsPerByte_).
    secs_per_byte: f64,
    /// By flow index, grown as flows appear.
    flows: Vec<FlowQueue>,
    /// Flows holding a head of line (ns-2's nactive at a dequeue).
    active: u32,
    pkts: u32,
    bytes: u64,
}

impl Fq {
    /// Flow queues of `limit` packets each on a link of `rate_bps`.
    pub fn new(limit: u32, rate_bps: f64) -> Self {
        Fq { limit, secs_per_byte: 8.0 / rate_bps, flows: Vec::new(), active: 0, pkts: 0, bytes: 0 }
    }

    /// The head of line `w` reaches the scheduler at `now_s` (ns-2's FQ::recv).
    fn take_head(&mut self, flow: usize, w: Waiting, now_s: f64) {
        let f = &mut self.flows[flow];
        if now_s > f.finish {
            f.finish = now_s;
        }
        f.delta = w.pkt.size_bytes as f64 * self.secs_per_byte;
        f.hol = Some(w);
        self.active += 1;
    }

    /// Offer a packet of flow `flow` at `now_s` (ns-2's double clock): false if its
    /// flow's queue drops it.
    pub fn enqueue(&mut self, w: Waiting, flow: usize, now_s: f64) -> bool {
        if flow >= self.flows.len() {
            self.flows.resize_with(flow + 1, FlowQueue::default);
        }
        let f = &mut self.flows[flow];
        // DropTail::enque: the packet would make limit_
        if f.waiting.len() as u64 + 1 >= self.limit as u64 {
            return false;
        }
        self.pkts += 1;
        self.bytes += w.pkt.size_bytes as u64;
        if f.hol.is_none() {
            // the flow's queue is not blocked: it hands the packet on at once
            debug_assert!(f.waiting.is_empty(), "a flow without a head of line has nothing waiting");
            self.take_head(flow, w, now_s);
        } else {
            f.waiting.push_back(w);
        }
        true
    }

    /// The next packet to transmit at `now_s`, if any waits (ns-2's FQ::deque).
    pub fn dequeue(&mut self, now_s: f64) -> Option<Waiting> {
        let n = self.active as f64;
        let mut best: Option<(usize, f64)> = None;
        for (i, f) in self.flows.iter().enumerate() {
            if f.hol.is_some() {
                let finish = f.finish + f.delta * n;
                if best.is_none_or(|(_, b)| finish < b) {
                    best = Some((i, finish));
                }
            }
        }
        let (i, finish) = best?;
        let f = &mut self.flows[i];
        let w = f.hol.take().expect("the best holds a head of line");
        f.finish = finish;
        self.active -= 1;
        self.pkts -= 1;
        self.bytes -= w.pkt.size_bytes as u64;
        // its queue resumes and hands over its next packet in this instant
        if let Some(next) = self.flows[i].waiting.pop_front() {
            self.take_head(i, next, now_s);
        }
        Some(w)
    }

    /// Each flow queue's limit.
    pub fn limit(&self) -> u32 {
        self.limit
    }

    pub fn len_pkts(&self) -> u32 {
        self.pkts
    }

    pub fn len_bytes(&self) -> u64 {
        self.bytes
    }

    /// Every waiting packet, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = &Waiting> {
        self.flows.iter().flat_map(|f| f.hol.iter().chain(f.waiting.iter()))
    }

    /// Take every waiting packet out (the link went down), flow by flow. Finish times
    /// stay (ns-2 keeps them).
    pub fn drain(&mut self) -> Vec<Waiting> {
        let mut out = Vec::new();
        for f in &mut self.flows {
            out.extend(f.hol.take());
            out.extend(f.waiting.drain(..));
        }
        self.active = 0;
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

    fn order(q: &mut Fq, now: f64) -> Vec<(u32, i64)> {
        std::iter::from_fn(|| q.dequeue(now).map(|w| (w.pkt.flow, w.pkt.seq))).collect()
    }

    #[test]
    fn a_flow_queue_holds_limit_less_one_behind_its_head() {
        // limit 3: the head of line and two waiting; the fourth is dropped
        let mut q = Fq::new(3, 8e6);
        assert!(q.enqueue(w(0, 1, 1000), 0, 0.0));
        assert!(q.enqueue(w(0, 2, 1000), 0, 0.0));
        assert!(q.enqueue(w(0, 3, 1000), 0, 0.0));
        assert!(!q.enqueue(w(0, 4, 1000), 0, 0.0));
        assert_eq!((q.len_pkts(), q.len_bytes()), (3, 3000));
        // another flow has a queue of its own
        assert!(q.enqueue(w(1, 1, 1000), 1, 0.0));
        // limit 1 drops everything (ns-2's DropTail with qlim_ 1)
        let mut one = Fq::new(1, 8e6);
        assert!(!one.enqueue(w(0, 1, 1000), 0, 0.0));
    }

    #[test]
    fn the_smallest_finish_time_leaves_first_ties_to_the_lowest_flow() {
        // 1 us a byte: a 1000-byte packet is 1 ms
        let mut q = Fq::new(50, 8e6);
        for s in 1..=3 {
            assert!(q.enqueue(w(1, s, 1000), 1, 0.0));
            assert!(q.enqueue(w(0, s, 1000), 0, 0.0));
        }
        // equal finish times: flow 0 first (a strict < over the flows in order), then
        // flow 1 at the same value, then alternating as each head refills
        assert_eq!(order(&mut q, 0.0), [(0, 1), (1, 1), (0, 2), (1, 2), (0, 3), (1, 3)]);
        assert_eq!(q.len_pkts(), 0);
    }

    #[test]
    fn small_packets_go_more_often() {
        // 2^-20 s a byte: 1024 bytes are 2^-10 s, 256 bytes 2^-12 s (exact sums)
        let mut q = Fq::new(50, 8.0 * (1u64 << 20) as f64);
        for s in 1..=4 {
            assert!(q.enqueue(w(0, s, 1024), 0, 0.0));
            assert!(q.enqueue(w(1, s, 256), 1, 0.0));
        }
        // flow 1's finish grows by 2^-12 x 2 a packet, flow 0's by 2^-10 x 2; at flow 1's
        // third (2^-9 both) the tie goes to flow 0
        assert_eq!(order(&mut q, 0.0)[..5], [(1, 1), (1, 2), (1, 3), (0, 1), (1, 4)]);
    }

    #[test]
    fn the_finish_time_restarts_from_an_idle_flows_arrival() {
        let mut q = Fq::new(50, 8e6);
        assert!(q.enqueue(w(0, 1, 1000), 0, 0.0));
        assert_eq!(order(&mut q, 0.0), [(0, 1)]);
        // finish 1 ms after the first; an arrival at 5 s starts from 5 s
        assert!(q.enqueue(w(0, 2, 1000), 0, 5.0));
        assert!(q.enqueue(w(1, 1, 1000), 1, 5.0005));
        // flow 0: 5.0 + 0.001 x 2 = 5.002; flow 1: 5.0005 + 0.002 = 5.0025
        assert_eq!(q.dequeue(5.001).map(|w| w.pkt.flow), Some(0));
        let delta = 1000.0 * (8.0 / 8e6);
        assert_eq!(q.flows[0].finish, 5.0 + delta * 2.0);
    }
}
