//! One direction of a link: a FIFO output queue feeding a transmitter of a given rate,
//! then a constant propagation delay.
//!
//! A FIFO link is work-conserving, so when a packet is admitted its departure time is
//! known at once: max(now, transmitter free) + size/rate. Packets therefore wait in a
//! single FIFO (`pipe`), queued or on the wire, each with its departure time; the
//! number still queued at any instant is found by binary search. The simulator keeps
//! one pending event per link: the arrival of the head packet at the far end.

use super::error_model::ErrorModel;
use super::packet::Packet;
use super::queue::{Occupancy, QueueDiscipline, Verdict};
use super::NodeId;
use crate::engine::rng::StreamRng;
use crate::engine::{tx_time, Time};
use std::collections::VecDeque;

#[derive(Clone, Copy, Debug)]
struct InPipe {
    pkt: Packet,
    /// End of transmission and arrival at the far end on ns-2's double clock, and a
    /// key: these order the packet's departure and arrival against events due at
    /// the same nanosecond (see engine::event_queue).
    dep_shadow: f64,
    arr_shadow: f64,
    dep_tie: u64,
    /// End of transmission: the packet leaves the queue (has departed) at this time.
    tx_end: Time,
    /// Bytes admitted to this link up to and including this packet.
    cum_bytes: u64,
    /// Packets admitted up to and including this packet.
    cum_pkts: u64,
}

#[derive(Clone, Debug, Default)]
pub struct LinkStats {
    pub arrivals_pkts: u64,
    pub drops_overflow: u64,
    pub drops_early: u64,
    pub drops_error: u64,
    pub data_drops: u64,
    pub max_queue_pkts: u32,
}

pub struct Link {
    pub name: String,
    pub from: NodeId,
    pub to: NodeId,
    pub rate_bps: f64,
    pub delay: Time,
    /// The delay in seconds as a double, as ns-2 holds it.
    pub delay_s: f64,
    pub queue: QueueDiscipline,
    pub error: Option<ErrorModel>,
    pub error_rng: StreamRng,
    pub queue_rng: StreamRng,
    /// Future rate changes, sorted by time: (time, new rate).
    pub rate_changes: Vec<(Time, f64)>,
    pub stats: LinkStats,
    pipe: VecDeque<InPipe>,
    free_at: Time,
    free_shadow: f64,
    admitted_bytes: u64,
    admitted_pkts: u64,
    /// Departed bytes/packets of entries already popped from the pipe.
    popped_bytes: u64,
    popped_pkts: u64,
    /// Time-integral of queue length (packets x ns), for the time average.
    q_integral: u128,
    q_last_change: Time,
    /// Capacity-time integral (bits), so utilization survives rate changes.
    capacity_bits: f64,
    cap_last: Time,
}

/// What happened to a packet offered to a link.
pub enum Offer {
    /// Admitted; `was_empty` tells the caller to schedule the head-arrival event.
    Admitted { was_empty: bool },
    Dropped(Verdict),
}

impl Link {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        name: String,
        from: NodeId,
        to: NodeId,
        rate_bps: f64,
        delay_s: f64,
        queue: QueueDiscipline,
        error: Option<ErrorModel>,
        error_rng: StreamRng,
        queue_rng: StreamRng,
        rate_changes: Vec<(Time, f64)>,
    ) -> Self {
        Link {
            name,
            from,
            to,
            rate_bps,
            delay: crate::engine::from_secs(delay_s),
            delay_s,
            queue,
            error,
            error_rng,
            queue_rng,
            rate_changes,
            stats: LinkStats::default(),
            pipe: VecDeque::new(),
            free_at: 0,
            free_shadow: 0.0,
            admitted_bytes: 0,
            admitted_pkts: 0,
            popped_bytes: 0,
            popped_pkts: 0,
            q_integral: 0,
            q_last_change: 0,
            capacity_bits: 0.0,
            cap_last: 0,
        }
    }

    /// Index of the first packet not yet departed at `now`.
    fn first_in_system(&self, now: Time) -> usize {
        self.pipe.partition_point(|e| e.tx_end <= now)
    }

    /// Packets waiting or in service at `now`.
    pub fn queue_pkts(&self, now: Time) -> u32 {
        (self.pipe.len() - self.first_in_system(now)) as u32
    }

    /// Bytes departed (fully transmitted) by `now`.
    pub fn departed_bytes(&self, now: Time) -> u64 {
        let i = self.first_in_system(now);
        if i == 0 {
            self.popped_bytes
        } else {
            self.pipe[i - 1].cum_bytes
        }
    }

    /// Packets departed by `now`.
    pub fn departed_pkts(&self, now: Time) -> u64 {
        let i = self.first_in_system(now);
        if i == 0 {
            self.popped_pkts
        } else {
            self.pipe[i - 1].cum_pkts
        }
    }

    /// Index of the first packet not departed before an event at (now, shadow, tie).
    /// A departure is an implicit event, ordered against others due at the same
    /// nanosecond like any two events (see engine::event_queue). With ACK-clocked
    /// senders such ties are systematic, not rare, so this decides drops.
    fn first_not_departed(&self, now: Time, shadow: f64, tie: u64) -> usize {
        self.pipe.partition_point(|e| {
            e.tx_end < now
                || (e.tx_end == now
                    && (e.dep_shadow < shadow || (e.dep_shadow == shadow && e.dep_tie < tie)))
        })
    }

    /// What a packet offered by an event at (now, shadow, tie) sees.
    fn occupancy(&self, now: Time, shadow: f64, tie: u64) -> Occupancy {
        let i = self.first_not_departed(now, shadow, tie);
        let pkts = (self.pipe.len() - i) as u32;
        let before = if i == 0 { self.popped_bytes } else { self.pipe[i - 1].cum_bytes };
        let bytes = self.admitted_bytes - before;
        let idle_since = if pkts == 0 { Some(self.free_at) } else { None };
        Occupancy { pkts, bytes, idle_since }
    }

    /// Advance the queue-length integral to `now`: between changes, the queue only
    /// shrinks as packets depart, which the departure times tell exactly.
    fn integrate_queue(&mut self, now: Time) {
        let mut t = self.q_last_change;
        if now <= t {
            return;
        }
        let mut i = self.pipe.partition_point(|e| e.tx_end <= t);
        let mut q = (self.pipe.len() - i) as u128;
        while q > 0 && i < self.pipe.len() && self.pipe[i].tx_end <= now {
            let te = self.pipe[i].tx_end;
            self.q_integral += q * (te - t) as u128;
            t = te;
            q -= 1;
            i += 1;
        }
        self.q_integral += q * (now - t) as u128;
        self.q_last_change = now;
    }

    /// Offer a packet to this link during an event at (now, shadow, tie); `dep_tie`
    /// orders the packet's own departure against same-instant events.
    pub fn offer(&mut self, pkt: Packet, now: Time, shadow: f64, tie: u64, dep_tie: u64) -> Offer {
        self.stats.arrivals_pkts += 1;
        let occ = self.occupancy(now, shadow, tie);
        let v = self.queue.admit(pkt.size_bytes, &occ, now, &mut self.queue_rng);
        if v != Verdict::Admit {
            match v {
                Verdict::DropOverflow => self.stats.drops_overflow += 1,
                _ => self.stats.drops_early += 1,
            }
            if pkt.is_data() {
                self.stats.data_drops += 1;
            }
            return Offer::Dropped(v);
        }
        self.integrate_queue(now);
        let was_empty = self.pipe.is_empty();
        let start = self.free_at.max(now);
        let tx_end = start + tx_time(pkt.size_bytes, self.rate_bps);
        // ns-2: a busy link starts the packet when its queue resumes (at the previous
        // departure); an idle one at once. Then departure = start + txt and arrival =
        // start + (txt + delay), summed in that order.
        let start_shadow = if occ.pkts > 0 { self.free_shadow } else { shadow };
        let txt = 8.0 * pkt.size_bytes as f64 / self.rate_bps;
        let dep_shadow = start_shadow + txt;
        let arr_shadow = start_shadow + (txt + self.delay_s);
        self.free_at = tx_end;
        self.free_shadow = dep_shadow;
        self.admitted_bytes += pkt.size_bytes as u64;
        self.admitted_pkts += 1;
        self.pipe.push_back(InPipe { pkt, dep_shadow, arr_shadow, dep_tie, tx_end, cum_bytes: self.admitted_bytes, cum_pkts: self.admitted_pkts });
        let q = occ.pkts + 1;
        if q > self.stats.max_queue_pkts {
            self.stats.max_queue_pkts = q;
        }
        Offer::Admitted { was_empty }
    }

    /// Arrival of the head packet at the far end (integer time, shadow time), if any.
    pub fn head_arrival(&self) -> Option<(Time, f64)> {
        self.pipe.front().map(|e| (e.tx_end + self.delay, e.arr_shadow))
    }

    /// Remove the head packet (it has reached the far end). Returns the packet and
    /// whether it survived the link's error model.
    pub fn pop_head(&mut self) -> (Packet, bool) {
        let te = self.pipe.front().expect("pop_head on an empty link").tx_end;
        if te > self.q_last_change {
            self.integrate_queue(te);
        }
        let e = self.pipe.pop_front().expect("checked above");
        self.popped_bytes = e.cum_bytes;
        self.popped_pkts = e.cum_pkts;
        let lost = match self.error.as_mut() {
            Some(m) => m.corrupts(e.pkt.size_bytes, &mut self.error_rng),
            None => false,
        };
        if lost {
            self.stats.drops_error += 1;
            if e.pkt.is_data() {
                self.stats.data_drops += 1;
            }
        }
        (e.pkt, !lost)
    }

    /// Packets admitted and not yet arrived at the far end (queued or propagating).
    pub fn in_pipe(&self) -> usize {
        self.pipe.len()
    }

    /// Visit every packet admitted and not yet arrived at the far end.
    pub fn for_each_in_pipe(&self, mut f: impl FnMut(&Packet)) {
        self.pipe.iter().for_each(|e| f(&e.pkt));
    }

    fn account_capacity(&mut self, now: Time) {
        if now > self.cap_last {
            self.capacity_bits += self.rate_bps * crate::engine::to_secs(now - self.cap_last);
            self.cap_last = now;
        }
    }

    /// Change the transmission rate from `now` on. Packets already admitted keep
    /// their departure times; later ones are timed with the new rate.
    pub fn set_rate(&mut self, rate_bps: f64, now: Time) {
        self.account_capacity(now);
        self.rate_bps = rate_bps;
    }

    /// Time-averaged queue length (packets) over [from, now].
    pub fn mean_queue_pkts(&mut self, from: Time, now: Time) -> f64 {
        self.integrate_queue(now);
        if now <= from {
            return 0.0;
        }
        self.q_integral as f64 / (now - from) as f64
    }

    /// Bits the link could have carried over [0, now].
    pub fn capacity_bits(&mut self, now: Time) -> f64 {
        self.account_capacity(now);
        self.capacity_bits
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{from_ms, RngStreams};
    use crate::net::packet::PacketKind;
    use crate::net::queue::DropTail;

    fn link(limit: u32) -> Link {
        let s = RngStreams::new(1);
        Link::new(
            "a->b".into(),
            0,
            1,
            8e6, // 1000 bytes = 1 ms
            0.010,
            QueueDiscipline::DropTail(DropTail { limit_pkts: Some(limit), limit_bytes: None }),
            None,
            s.stream("e"),
            s.stream("q"),
            vec![],
        )
    }

    fn pkt(seq: i64) -> Packet {
        Packet { flow: 0, kind: PacketKind::Data, seq, size_bytes: 1000, ttl: 32, tos: 0, rwnd_pkts: 0, hop: 0, ts: 0 }
    }

    #[test]
    fn fifo_departures_and_queue_length() {
        let mut l = link(10);
        for i in 0..3 {
            assert!(matches!(l.offer(pkt(i), 0, 0.0, 0, 0), Offer::Admitted { .. }));
        }
        assert_eq!(l.queue_pkts(0), 3);
        assert_eq!(l.queue_pkts(from_ms(1.0)), 2);
        assert_eq!(l.queue_pkts(from_ms(2.5)), 1);
        assert_eq!(l.queue_pkts(from_ms(3.0)), 0);
        assert_eq!(l.head_arrival().map(|x| x.0), Some(from_ms(11.0)));
        assert_eq!(l.departed_bytes(from_ms(2.0)), 2000);
        let (p, ok) = l.pop_head();
        assert!(ok);
        assert_eq!(p.seq, 0);
        assert_eq!(l.head_arrival().map(|x| x.0), Some(from_ms(12.0)));
        assert_eq!(l.departed_bytes(from_ms(2.0)), 2000);
        // mean queue over [0, 4 ms]: 3 for 1 ms, 2 for 1 ms, 1 for 1 ms, 0 -> 6/4
        assert!((l.mean_queue_pkts(0, from_ms(4.0)) - 1.5).abs() < 1e-9);
    }

    #[test]
    fn droptail_limit_counts_in_service_packet() {
        let mut l = link(3);
        let admitted = (0..5).filter(|i| matches!(l.offer(pkt(*i), 0, 0.0, 0, 0), Offer::Admitted { .. })).count();
        assert_eq!(admitted, 3);
        assert_eq!(l.stats.drops_overflow, 2);
        assert_eq!(l.stats.max_queue_pkts, 3);
    }

    #[test]
    fn same_instant_departure_is_ordered_by_shadow_then_tie_keys() {
        let mut l = link(2);
        l.offer(pkt(0), 0, 0.0, 0, 100); // in service 0..1 ms, departure key 100
        l.offer(pkt(1), 0, 0.0, 0, 200); // waits, 1..2 ms
        let t = from_ms(1.0);
        let dep: f64 = 8.0 * 1000.0 / 8e6; // the departure's shadow time
        // an arrival whose double time is one ulp earlier sees a full queue
        let before = f64::from_bits(dep.to_bits() - 1);
        assert!(matches!(l.offer(pkt(2), t, before, 999, 300), Offer::Dropped(_)));
        // at the same double time, the tie keys decide
        assert!(matches!(l.offer(pkt(3), t, dep, 50, 400), Offer::Dropped(_)));
        assert!(matches!(l.offer(pkt(4), t, dep, 150, 500), Offer::Admitted { .. }));
        // the packet starts when the queue resumes: its arrival is 1 ms + (1 ms + 10 ms)
        let (at, shadow) = l.head_arrival().unwrap();
        assert_eq!(at, from_ms(11.0));
        assert_eq!(shadow, 0.0 + (dep + 0.010));
    }

    #[test]
    fn idle_link_sends_at_once() {
        let mut l = link(3);
        l.offer(pkt(0), from_ms(100.0), 0.1, 0, 0);
        assert_eq!(l.head_arrival().map(|x| x.0), Some(from_ms(111.0)));
    }
}
