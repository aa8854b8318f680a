//! The PI controller AQM (Hollot, Misra, Towsley and Gong, INFOCOM 2001) as ns-2 2.35
//! runs it (`Queue/PI`, queue/pi.cc): a drop probability p, moved at a fixed sampling
//! rate `w` by a proportional-integral law of the queue's length, applied to every
//! arrival.
//!
//! ns-2's rules, kept exactly:
//! - every 1/w seconds (a timer, first 1/w after the run starts, then 1/w after each
//!   expiry on ns-2's double clock; restarted when the link goes down, ns-2's reset):
//!   p = a (q - qref) - b (q_old - qref) + p, clipped to [0, 1], then q_old = q, with q
//!   the packets waiting (not the one in transmission), or with `queue_in_bytes` their
//!   bytes over mean_pktsize;
//! - an arrival finding `limit_pkts` packets waiting (limit x mean_pktsize bytes with
//!   `queue_in_bytes`) is dropped (a forced drop, no draw);
//! - any other arrival takes a uniform draw u, even with p = 0, and is dropped early
//!   when u <= p (with `byte_mode`, p scaled by its size over mean_pktsize, at most 1),
//!   or marked instead if the queue marks (`ecn`, ns-2's setbit_) and it is
//!   ECN-capable; an arrival at an idle link too, as ns-2's queue sees every packet.

use super::queue::{Occupancy, Verdict};
use crate::engine::rng::Draws;

#[derive(Clone, Debug)]
pub struct Pi {
    /// ns-2's a_ and b_: the gains on the queue now and at the last sample.
    a: f64,
    b: f64,
    /// Samples per second (w_).
    pub w: f64,
    /// The queue length the controller steers to, packets (qref_).
    qref: f64,
    /// The buffer, packets waiting (ns-2's limit_, `queue-limit`).
    pub limit_pkts: u32,
    mean_pkt_bytes: u32,
    /// The queue counted in bytes (queue_in_bytes_).
    queue_in_bytes: bool,
    /// The probability scaled by the arrival's size (bytes_).
    byte_mode: bool,
    /// Mark ECN-capable packets rather than drop them (setbit_).
    pub ecn: bool,
    /// The drop probability (ns-2's prob_) and the queue at the last sample.
    p: f64,
    q_old: f64,
}

impl Pi {
    #[allow(clippy::too_many_arguments)]
    pub fn new(a: f64, b: f64, w: f64, qref: f64, limit_pkts: u32, mean_pkt_bytes: u32, queue_in_bytes: bool,
               byte_mode: bool, ecn: bool) -> Self {
        let mut pi = Pi { a, b, w, qref, limit_pkts, mean_pkt_bytes, queue_in_bytes, byte_mode, ecn, p: 0.0, q_old: 0.0 };
        pi.clear(0, 0);
        pi
    }

    /// ns-2's reset (at the start, and when the link goes down): p and the last sample
    /// 0, then a sample of the queue as it is, `waiting_pkts` of `waiting_bytes` (ns-2's
    /// PIQueue::reset samples before Queue::reset drops what waits).
    pub fn clear(&mut self, waiting_pkts: u32, waiting_bytes: u64) {
        self.p = 0.0;
        self.q_old = 0.0;
        self.sample(waiting_pkts, waiting_bytes);
    }

    /// The seconds between two samples, as ns-2 reschedules its timer (1.0 / w_).
    pub fn interval_s(&self) -> f64 {
        1.0 / self.w
    }

    /// The buffer, in packets or (with `queue_in_bytes`) in bytes.
    pub fn limits(&self) -> (Option<u32>, Option<u64>) {
        super::queue::mean_size_limits(self.limit_pkts, self.mean_pkt_bytes, self.queue_in_bytes)
    }

    /// The drop probability now.
    pub fn probability(&self) -> f64 {
        self.p
    }

    /// A sample of the queue: `waiting_pkts` packets of `waiting_bytes` bytes waiting.
    pub fn sample(&mut self, waiting_pkts: u32, waiting_bytes: u64) {
        let (q, q_old) = if self.queue_in_bytes {
            // ns-2's calculate_p with qib_: qlen / mean_pktsize and qold / mean_pktsize
            let m = self.mean_pkt_bytes as f64;
            (waiting_bytes as f64 / m, self.q_old / m)
        } else {
            (waiting_pkts as f64, self.q_old)
        };
        let p = self.a * (q - self.qref) - self.b * (q_old - self.qref) + self.p;
        self.p = p.clamp(0.0, 1.0);
        self.q_old = if self.queue_in_bytes { waiting_bytes as f64 } else { waiting_pkts as f64 };
    }

    /// The verdict on an arrival of `size` bytes (`occ`: the link as it finds it).
    pub fn verdict(&mut self, size: u32, occ: &Occupancy, draws: &mut Draws, in_service_bytes: impl FnOnce() -> u32) -> Verdict {
        let full = if self.queue_in_bytes {
            let waiting = if occ.pkts > 0 { occ.bytes - in_service_bytes() as u64 } else { 0 };
            waiting >= self.limit_pkts as u64 * self.mean_pkt_bytes as u64
        } else {
            occ.pkts.saturating_sub(1) >= self.limit_pkts
        };
        if full {
            return Verdict::DropOverflow;
        }
        let mut p = self.p;
        if self.byte_mode {
            p = (p * size as f64 / self.mean_pkt_bytes as f64).min(1.0);
        }
        if draws.uniform() <= p {
            return if self.ecn { Verdict::Mark } else { Verdict::DropEarly };
        }
        Verdict::Admit
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RngStreams;

    fn pi() -> Pi {
        // ns-2 2.35's defaults
        Pi::new(1.822e-5, 1.816e-5, 170.0, 50.0, 50, 500, false, false, false)
    }

    #[test]
    fn the_probability_follows_the_pi_law_clipped_to_0_and_1() {
        let mut q = pi();
        assert_eq!(q.probability(), 0.0);
        // a queue of 150 then 150: p = a (150 - 50) - b (0 - 50), then + a (100) - b (100)
        q.sample(150, 0);
        let p1 = 1.822e-5 * 100.0 - 1.816e-5 * -50.0;
        assert_eq!(q.probability(), p1);
        q.sample(150, 0);
        assert_eq!(q.probability(), 1.822e-5 * 100.0 - 1.816e-5 * 100.0 + p1);
        // an empty queue brings it down, never below 0
        for _ in 0..10 {
            q.sample(0, 0);
        }
        assert_eq!(q.probability(), 0.0);
        let mut hot = Pi::new(0.5, 0.0, 170.0, 0.0, 50, 500, false, false, false);
        hot.sample(10, 0);
        assert_eq!(hot.probability(), 1.0);
    }

    #[test]
    fn in_bytes_the_queue_counts_mean_size_packets() {
        let mut q = Pi::new(1e-3, 0.0, 170.0, 2.0, 50, 500, true, false, false);
        q.sample(99, 2500); // 5 mean-size packets, whatever the count
        assert!((q.probability() - 1e-3 * 3.0).abs() < 1e-18);
    }

    fn occ(pkts: u32) -> Occupancy {
        Occupancy { pkts, bytes: pkts as u64 * 1000, now_s: 0.0, free_s: 0.0 }
    }

    #[test]
    fn a_full_buffer_drops_without_a_draw_and_others_draw_even_at_p_0() {
        let mut q = Pi::new(1.822e-5, 1.816e-5, 170.0, 50.0, 3, 500, false, false, false);
        let mut d = Draws::Own(Box::new(RngStreams::new(1).stream("q")));
        let mut e = Draws::Own(Box::new(RngStreams::new(1).stream("q")));
        // 3 waiting besides the one in service: forced, and no draw taken
        assert_eq!(q.verdict(1000, &occ(4), &mut d, || 1000), Verdict::DropOverflow);
        // 2 waiting: a draw (u <= 0 never), admitted; the streams still agree after it
        assert_eq!(q.verdict(1000, &occ(3), &mut d, || 1000), Verdict::Admit);
        e.uniform();
        assert_eq!(d.uniform(), e.uniform());
        // an idle link draws too
        let mut all = Pi::new(0.5, 0.0, 170.0, 0.0, 50, 500, false, false, true);
        all.sample(10, 0);
        assert_eq!(all.verdict(1000, &occ(0), &mut d, || 0), Verdict::Mark);
    }
}
