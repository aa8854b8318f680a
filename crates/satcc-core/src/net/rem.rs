//! Random Exponential Marking (Athuraliya, Li, Low and Yin, IEEE Network 2001) as ns-2
//! 2.35 runs it (`Queue/REM`, queue/rem.cc): a link price moved at a fixed interval by
//! the mismatch between the input rate and the link's capacity and by the backlog above
//! a target, and a probability 1 - phi^-price of dropping every arrival (its default
//! mode) or of marking every departure (markpkts_).
//!
//! ns-2's rules, kept exactly:
//! - every `pupdtime_` seconds (a timer, first one interval after the run starts, then
//!   one interval after each expiry on ns-2's double clock):
//!   - in = the arrivals counted since the last update (packets, or bytes with `qib_`),
//!     every arrival counted, those dropped too;
//!   - in_avg = in_avg (1 - inw) + inw in (in / mean_pktsize with `qib_`);
//!   - price = max(0, price + gamma (in_avg + 0.1 (q - b0) - c)), with q the packets
//!     waiting (not the one in transmission; their bytes over mean_pktsize with `qib_`)
//!     and c = pupdtime x the link's rate / (8 mean_pktsize), the mean-size packets the
//!     link sends in an interval (its rate at the start: ns-2 reads it when `$ns run`
//!     resets the queue);
//!   - p = 1 - phi^-price;
//! - an arrival joins the queue and is taken out again, dropped, when the packets
//!   waiting (it among them) reach the limit (with `qib_`, their bytes reach limit x
//!   mean_pktsize): a forced drop, no draw;
//! - any other arrival takes a uniform draw u, even with p = 0, and is dropped early when
//!   u <= p (with `qib_`, p scaled by its size over mean_pktsize); an arrival at an idle
//!   link too, as ns-2's queue sees every packet before its link does.
//!
//! ns-2's marking mode (`markpkts_ true`, the scenario's `ecn`) decides at dequeue
//! instead, so the queue holds its waiting packets and its link asks it for the next
//! when the transmitter comes free (net::link, as for SFQ and DRR):
//! - an arrival joins the queue, or is dropped when the waiting packets (it among them)
//!   reach the limit, as above; no draw at arrival, and no early drop ever;
//! - every dequeue takes a uniform draw u: at each end of a transmission, the queue
//!   empty too, and at an arrival that finds the link idle; the packet dequeued is
//!   marked Congestion Experienced when u <= p (scaled by size with `qib_`) and it is
//!   ECN-capable (a data segment of an ECN flow but the first); others pass unmarked.

use std::collections::VecDeque;

use super::packet::{Packet, CE};
use super::queue::{Occupancy, Verdict, Waiting};
use crate::engine::rng::Draws;

/// The factor on the backlog's distance from its target in the price's update (ns-2's
/// constant 0.1 in run_updaterule, the paper's alpha).
const BACKLOG_WEIGHT: f64 = 0.1;

#[derive(Clone, Debug)]
pub struct Rem {
    /// The price's step size (gamma_).
    gamma: f64,
    /// The base of the exponential marking law, above 1 (phi_).
    phi: f64,
    /// The weight of the last interval's arrivals in the input rate's average (inw_).
    inw: f64,
    /// The seconds between two updates (pupdtime_).
    pub interval_s: f64,
    /// The backlog the price steers to, packets (pbo_).
    b0: f64,
    /// The buffer, packets (ns-2's limit_, `queue-limit`): the waiting packets, the
    /// arrival among them, must stay below it.
    pub limit_pkts: u32,
    mean_pkt_bytes: u32,
    /// The queue and the arrivals counted in bytes (qib_).
    queue_in_bytes: bool,
    /// Mean-size packets the link sends a second (ns-2's p_ptc).
    ptc: f64,
    /// The link price (v_pl), the drop probability (v_prob), the input rate's average
    /// (v_ave) and the arrivals since the last update (v_count).
    price: f64,
    p: f64,
    in_avg: f64,
    count: f64,
    /// The marking mode: the waiting packets, held here, and their bytes (ns-2's q_
    /// and bcount_).
    pub marks: bool,
    buf: VecDeque<Waiting>,
    buf_bytes: u64,
}

impl Rem {
    #[allow(clippy::too_many_arguments)]
    pub fn new(gamma: f64, phi: f64, inw: f64, interval_s: f64, b0: f64, limit_pkts: u32, mean_pkt_bytes: u32,
               queue_in_bytes: bool, rate_bps: f64) -> Self {
        let ptc = rate_bps / (8.0 * mean_pkt_bytes as f64);
        Rem { gamma, phi, inw, interval_s, b0, limit_pkts, mean_pkt_bytes, queue_in_bytes, ptc,
              price: 0.0, p: 0.0, in_avg: 0.0, count: 0.0, marks: false, buf: VecDeque::new(), buf_bytes: 0 }
    }

    /// The marking mode (ns-2's markpkts_ true): marks at dequeue, never drops early.
    pub fn marking(mut self) -> Self {
        self.marks = true;
        self
    }

    /// ns-2's reset: price, probability, average and count back to 0.
    pub fn clear(&mut self) {
        (self.price, self.p, self.in_avg, self.count) = (0.0, 0.0, 0.0, 0.0);
    }

    /// The buffer, in packets or (with `queue_in_bytes`) in bytes.
    pub fn limits(&self) -> (Option<u32>, Option<u64>) {
        super::queue::mean_size_limits(self.limit_pkts, self.mean_pkt_bytes, self.queue_in_bytes)
    }

    /// The drop probability now.
    pub fn probability(&self) -> f64 {
        self.p
    }

    /// The link price now.
    pub fn price(&self) -> f64 {
        self.price
    }

    /// The timer's update, `waiting_pkts` packets of `waiting_bytes` bytes waiting
    /// (ns-2's run_updaterule, its operations in its order).
    pub fn update(&mut self, waiting_pkts: u32, waiting_bytes: u64) {
        let m = self.mean_pkt_bytes as f64;
        let mut in_avg = self.in_avg * (1.0 - self.inw);
        let nqueued = if self.queue_in_bytes {
            in_avg += self.inw * self.count / m;
            // ns-2's bcount_ is an int: whole bytes
            waiting_bytes as f64 / m
        } else {
            in_avg += self.inw * self.count;
            waiting_pkts as f64
        };
        let c = self.interval_s * self.ptc;
        let price = self.price + self.gamma * (in_avg + BACKLOG_WEIGHT * (nqueued - self.b0) - c);
        self.price = if price < 0.0 { 0.0 } else { price };
        self.p = 1.0 - self.phi.powf(-self.price);
        self.count = 0.0;
        self.in_avg = in_avg;
    }

    /// An arrival in the marking mode: counted, and kept unless the waiting packets (it
    /// among them) reach the limit; false when it is dropped.
    pub fn enqueue(&mut self, w: Waiting) -> bool {
        let (waiting, bytes) = (self.buf.len() as u32, self.buf_bytes);
        if self.overflows(w.pkt.size_bytes as u32, waiting, || bytes) {
            return false;
        }
        self.buf_bytes += w.pkt.size_bytes as u64;
        self.buf.push_back(w);
        true
    }

    /// An arrival of `size` bytes counted toward the input rate, and whether it reaches
    /// the limit once it joins the `waiting_pkts` packets (`waiting_bytes()` bytes, read
    /// in bytes mode alone) already waiting: ns-2's enque, which checks after it queues.
    fn overflows(&mut self, size: u32, waiting_pkts: u32, waiting_bytes: impl FnOnce() -> u64) -> bool {
        if self.queue_in_bytes {
            self.count += size as f64;
            (waiting_bytes() + size as u64) as f64 >= self.limit_pkts as f64 * self.mean_pkt_bytes as f64
        } else {
            self.count += 1.0;
            waiting_pkts + 1 >= self.limit_pkts
        }
    }

    /// The probability applied to a packet of `size` bytes: p, scaled by its size over
    /// mean_pktsize in bytes mode.
    fn probability_of(&self, size: u32) -> f64 {
        if self.queue_in_bytes {
            self.p * size as f64 / self.mean_pkt_bytes as f64
        } else {
            self.p
        }
    }

    /// A dequeue in the marking mode: a draw whether or not a packet waits; the packet
    /// marked CE when the draw falls within p and `ect(packet)`.
    pub fn dequeue(&mut self, draws: &mut Draws, ect: impl FnOnce(&Packet) -> bool) -> (Option<Waiting>, bool) {
        let u = draws.uniform();
        let Some(mut w) = self.buf.pop_front() else {
            return (None, false);
        };
        self.buf_bytes -= w.pkt.size_bytes as u64;
        let marked = u <= self.probability_of(w.pkt.size_bytes as u32) && ect(&w.pkt);
        if marked && w.pkt.is_data() {
            // (an ACK's mark is read by no sender: its bits hold its SACK-block number)
            w.pkt.aux |= CE;
        }
        (Some(w), marked)
    }

    /// A dequeue that finds the link idle at an arrival it dropped (ns-2's Queue::recv
    /// dequeues after every enqueue while its link is idle): its draw alone.
    pub fn dequeue_none(&mut self, draws: &mut Draws) {
        debug_assert!(self.buf.is_empty());
        draws.uniform();
    }

    /// Packets and bytes waiting (the marking mode).
    pub fn waiting(&self) -> (u32, u64) {
        (self.buf.len() as u32, self.buf_bytes)
    }

    /// The waiting packets (the marking mode).
    pub fn iter(&self) -> impl Iterator<Item = &Waiting> {
        self.buf.iter()
    }

    /// Take every waiting packet out (the marking mode).
    pub fn drain(&mut self) -> Vec<Waiting> {
        self.buf_bytes = 0;
        self.buf.drain(..).collect()
    }

    /// The verdict on an arrival of `size` bytes (`occ`: the link as it finds it).
    pub fn verdict(&mut self, size: u32, occ: &Occupancy, draws: &mut Draws, in_service_bytes: impl FnOnce() -> u32) -> Verdict {
        // the link holds the waiting packets behind the one in service
        let waiting = occ.pkts.saturating_sub(1);
        let waiting_bytes = || if occ.pkts > 0 { occ.bytes - in_service_bytes() as u64 } else { 0 };
        if self.overflows(size, waiting, waiting_bytes) {
            return Verdict::DropOverflow;
        }
        if draws.uniform() <= self.probability_of(size) {
            return Verdict::DropEarly;
        }
        Verdict::Admit
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RngStreams;

    /// ns-2 2.35's defaults on a 10 Mb/s link: 1250 mean-size packets a second, 2.5 an
    /// interval.
    fn rem() -> Rem {
        Rem::new(0.001, 1.001, 1.0, 0.002, 20.0, 50, 1000, false, 10e6)
    }

    fn occ(pkts: u32) -> Occupancy {
        Occupancy { pkts, bytes: pkts as u64 * 1000, now_s: 0.0, free_s: 0.0 }
    }

    fn own() -> Draws {
        Draws::Own(Box::new(RngStreams::new(1).stream("q")))
    }

    #[test]
    fn the_price_integrates_rate_mismatch_and_backlog_and_never_goes_below_0() {
        let mut q = rem();
        let mut d = own();
        // 10 arrivals in the interval, 30 waiting: price = 0.001 (10 + 0.1 (30 - 20) - 2.5)
        for _ in 0..10 {
            q.verdict(1000, &occ(5), &mut d, || 1000);
        }
        q.update(30, 30_000);
        let pl = 0.001 * (10.0 + 0.1 * (30.0 - 20.0) - 2.5);
        assert_eq!(q.price(), pl);
        assert_eq!(q.probability(), 1.0 - 1.001f64.powf(-pl));
        // the count starts again: nothing arrives, nothing waits, the price falls to 0
        for _ in 0..20 {
            q.update(0, 0);
        }
        assert_eq!((q.price(), q.probability()), (0.0, 0.0));
    }

    #[test]
    fn the_input_rate_is_averaged_with_weight_inw_and_counted_in_bytes_with_qib() {
        let mut q = Rem::new(0.001, 1.001, 0.5, 0.002, 0.0, 50, 500, true, 0.0);
        let mut d = own();
        // two arrivals of 1000 bytes: in = 2000 bytes = 4 mean-size packets; average 2
        q.verdict(1000, &occ(0), &mut d, || 0);
        q.verdict(1000, &occ(1), &mut d, || 1000);
        q.update(0, 1500); // 3 mean-size packets waiting
        let first = 0.001 * (0.5 * 2000.0 / 500.0 + 0.1 * 3.0);
        assert_eq!(q.price(), first);
        // an interval without arrivals halves the average
        q.update(0, 0);
        assert_eq!(q.price(), first + 0.001 * 1.0);
    }

    #[test]
    fn the_arrival_counts_toward_the_limit_and_a_forced_drop_takes_no_draw() {
        let mut q = Rem::new(0.001, 1.001, 1.0, 0.002, 20.0, 3, 1000, false, 10e6);
        let (mut d, mut e) = (own(), own());
        // 2 waiting besides the one in service: the arrival makes 3, the limit
        assert_eq!(q.verdict(1000, &occ(3), &mut d, || 1000), Verdict::DropOverflow);
        // 1 waiting: a draw (u <= 0 never), admitted; the streams still agree after it
        assert_eq!(q.verdict(1000, &occ(2), &mut d, || 1000), Verdict::Admit);
        e.uniform();
        assert_eq!(d.uniform(), e.uniform());
        // both arrivals counted
        q.update(0, 0);
        assert_eq!(q.price(), 0.0f64.max(0.001 * (2.0 + 0.1 * (0.0 - 20.0) - 0.002 * 1250.0)));
    }

    fn waiting(flow: u32, seq: i64, size: u16) -> Waiting {
        use crate::net::packet::PacketKind;
        let pkt = Packet { seq, flow, rwnd_pkts: 0, size_bytes: size, hop: 0, kind: PacketKind::Data, ttl: 64, tos: 0,
                           aux: 0 };
        Waiting { pkt, arrived: 0 }
    }

    #[test]
    fn marking_draws_at_every_dequeue_marks_only_ect_packets_and_never_drops_early() {
        // price 1 with phi 2: p = 0.5
        let mut q = Rem::new(1.0, 2.0, 0.0, 0.002, 0.0, 3, 500, false, 0.0).marking();
        q.update(10, 0);
        assert_eq!(q.probability(), 0.5);
        let (mut d, mut e) = (own(), own());
        // the limit counts the arrival: two wait, the third is dropped
        assert!(q.enqueue(waiting(0, 1, 500)) && q.enqueue(waiting(1, 1, 500)));
        assert!(!q.enqueue(waiting(0, 2, 500)));
        assert_eq!(q.waiting(), (2, 1000));
        // each dequeue draws as the reference stream does, and marks when u <= p
        let mut seen = Vec::new();
        for _ in 0..3 {
            let u = e.uniform();
            let (w, marked) = q.dequeue(&mut d, |p| p.flow == 0);
            seen.push((w.map(|w| (w.pkt.flow, w.pkt.aux & CE != 0)), marked, u));
        }
        assert_eq!(seen[0].0, Some((0, seen[0].2 <= 0.5)));
        assert_eq!(seen[0].1, seen[0].2 <= 0.5);
        // flow 1 is not ECN-capable: never marked, whatever the draw
        assert_eq!((seen[1].0, seen[1].1), (Some((1, false)), false));
        // the empty queue still draws
        assert_eq!((seen[2].0, seen[2].1), (None, false));
        assert_eq!(d.uniform(), e.uniform());
        // with p = 1 every ECN-capable packet is marked
        let mut hot = Rem::new(1.0, 1e9, 0.0, 0.002, 0.0, 50, 500, false, 0.0).marking();
        hot.update(100, 0);
        for k in 0..5 {
            hot.enqueue(waiting(0, k, 500));
            assert!(hot.dequeue(&mut d, |_| true).1);
        }
    }

    #[test]
    fn in_bytes_the_limit_holds_the_bytes_waiting_with_the_arrival_and_p_scales_by_size() {
        let mut q = Rem::new(1.0, 2.0, 1.0, 0.002, 0.0, 4, 500, true, 0.0);
        let mut d = own();
        // 1500 waiting (the 1000 in service aside) + 500 = 2000 = 4 x 500: forced
        let o = Occupancy { pkts: 3, bytes: 2500, now_s: 0.0, free_s: 0.0 };
        assert_eq!(q.verdict(500, &o, &mut d, || 1000), Verdict::DropOverflow);
        assert_eq!(q.verdict(499, &o, &mut d, || 1000), Verdict::Admit);
        // price 1: p = 1 - 2^-1 = 0.5; an arrival of twice the mean size is dropped surely
        q.clear();
        q.update(0, 500);
        assert_eq!(q.probability(), 1.0 - 2f64.powf(-(0.1 * 1.0)));
        let mut hot = Rem::new(1.0, 2.0, 0.0, 0.002, 0.0, 100, 500, true, 0.0);
        hot.update(0, 5000); // price 1: p 0.5
        assert_eq!(hot.probability(), 0.5);
        for _ in 0..50 {
            assert_eq!(hot.verdict(1000, &occ(0), &mut d, || 0), Verdict::DropEarly);
        }
    }
}
