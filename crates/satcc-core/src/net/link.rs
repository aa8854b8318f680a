//! One direction of a link: a FIFO output queue feeding a transmitter of a given rate,
//! then a propagation delay: constant, or (a link between moving satellites and ground
//! stations) the length of the link when the packet starts crossing it, over c.
//!
//! A FIFO link is work-conserving, so when a packet is admitted its departure time is
//! known at once: max(now, transmitter free) + size/rate. Packets therefore wait in a
//! single FIFO (`pipe`), queued or on the wire, each with its departure time. A
//! pointer to the first packet not yet departed advances as time does (events are
//! handled in order), so the queue length is known in O(1) amortized. The simulator
//! keeps one pending event per link: the arrival of the head packet at the far end.
//!
//! A scheduling queue (ns-2's SFQ and DRR: net::sfq, net::drr) is not FIFO: which packet
//! goes next is known only when the transmitter comes free. Its waiting packets stay in
//! the queue, the pipe holds the packet in transmission and those on the wire, and the
//! link has a second pending event while packets wait: the departure of the packet in
//! transmission, where the queue gives the next (`Link::depart`; ns-2's queue resumes
//! there). A queue that samples itself (PI) has a timer event of its own
//! (`Link::queue_timer`).
//!
//! Timing without drift. A packet's transmission time is rarely a whole nanosecond
//! (1000 bytes at 155 Mb/s take 51,612.903 ns). The link's timeline is therefore kept
//! in seconds as a double, summed exactly as ns-2 2.35 sums it (departure = start +
//! txt, arrival = start + (txt + delay), a busy link starting the next packet at the
//! previous departure), and every integer time is that double rounded to the nearest
//! nanosecond ([`crate::engine::from_secs`]). Rounded durations are never chained:
//! until issue 13 they were (51,613 ns a packet), and a busy link's integer clock ran
//! 0.097 ns a packet ahead of ns-2's, 30 ns after 310 packets, which reordered ACKs
//! that ns-2 delivers at the same instant and moved per-group throughput by up to
//! 55 %. Rounding is monotone, so an integer time never contradicts the order of the
//! double times: events are ordered as ns-2 orders them. After a million back-to-back
//! packets at 155 Mb/s the double is 0.28 ns from the exact rational time (the test
//! `million_packets_do_not_drift`).

use super::delayer::Act;
use super::error_model::ErrorModel;
use super::error_module::{Chain, Entry, OnError};
use super::packet::{Packet, ACK_ECT, CE};
use super::queue::{Occupancy, QueueDiscipline, Verdict, Waiting};
use super::{FlowId, NodeId};
use crate::engine::rng::{Draws, StreamRng};
use crate::engine::order::{Order, Origin};
use crate::engine::{from_secs, Time};
use std::collections::VecDeque;

#[derive(Clone, Copy, Debug)]
struct InPipe {
    pkt: Packet,
    /// End of transmission: the packet leaves the queue (has departed) at this time,
    /// `dep_shadow` rounded to the nanosecond.
    tx_end: Time,
    /// End of transmission and arrival at the far end on ns-2's double clock (seconds):
    /// the exact timeline from which the integer times are rounded, and the order of
    /// events due at the same nanosecond (see engine::event_queue).
    dep_shadow: f64,
    arr_shadow: f64,
    /// Start of transmission on the double clock.
    start_shadow: f64,
    /// What started the transmission, packed (`origin()`): the event that offered the
    /// packet to an idle link, or the previous packet's departure, and its call there.
    /// ns-2 schedules the packet's arrival there and its departure right after
    /// (LinkDelay::recv), which orders both against events due at the same double time
    /// (engine::order). Packed into one word, the record stays 64 bytes.
    origin_packed: u64,
}

/// ns-2's `latest_time_` of a LinkDelay with avoidReordering_ (delay.cc): the latest
/// arrival it has scheduled, after each packet admitted from number `first` on (kept
/// from the last packet gone from the pipe; older ones are let go when a packet is
/// admitted, so that a packet's arrival at the far end costs nothing here).
#[derive(Clone, Debug, Default)]
struct DelaySteps {
    latest: VecDeque<f64>,
    first: u64,
}

impl DelaySteps {
    /// `latest_time_` after packet number `abs` (0 before any packet).
    #[inline]
    fn after(&self, abs: Option<u64>) -> f64 {
        abs.map_or(0.0, |a| self.latest[(a - self.first) as usize])
    }

    /// Record `latest_time_` after the packet numbered `abs` (the next admitted),
    /// letting go of those before `keep_from`.
    #[inline]
    fn push(&mut self, abs: u64, latest: f64, keep_from: u64) {
        while self.first < keep_from && !self.latest.is_empty() {
            self.latest.pop_front();
            self.first += 1;
        }
        if self.latest.is_empty() {
            self.first = abs;
        }
        debug_assert_eq!(self.first + self.latest.len() as u64, abs);
        self.latest.push_back(latest);
    }

    /// The arrival of a packet starting at `start` that takes `txt` (double time, the
    /// event as ns-2 schedules it) and `latest_time_` after it, from `latest_time_`
    /// before it, under delay `d`: a packet that would arrive before the latest one
    /// scheduled arrives a transmission time after it instead.
    #[inline]
    fn arrival(prev_latest: f64, start: f64, txt: f64, d: f64) -> (f64, f64) {
        if txt + d < prev_latest - start && prev_latest > 0.0 {
            let latest = prev_latest + txt;
            (start + (latest - start), latest)
        } else {
            (start + (txt + d), start + txt + d)
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct LinkStats {
    pub arrivals_pkts: u64,
    pub drops_overflow: u64,
    pub drops_early: u64,
    pub drops_error: u64,
    /// Dropped at this direction's entry: the TTL ran out (counted by the simulation).
    pub drops_ttl: u64,
    pub data_drops: u64,
    pub max_queue_pkts: u32,
    /// Packets admitted with their Congestion Experienced mark set (RED with ECN).
    pub ecn_marks: u64,
    /// Lost when the link went down: waiting in its queue, in transmission or on the
    /// wire (`go_down`).
    pub drops_down: u64,
    /// Refused at its entry while it was down (not arrivals: ns-2's dynamic link drops
    /// them before its queue and its monitor).
    pub refused_down: u64,
}

impl LinkStats {
    /// `pkt` lost to the link's error model.
    #[inline(always)]
    fn count_error(&mut self, pkt: &Packet) {
        self.drops_error += 1;
        if pkt.is_data() {
            self.data_drops += 1;
        }
    }
}

/// The event being handled, as a point in time: (time, shadow time). Where it ties
/// with a departure, the event queue's `Order` says which came first.
#[derive(Clone, Copy, Debug)]
pub struct At {
    pub now: Time,
    pub shadow: f64,
}

impl At {
    /// After every event at or before `now`.
    pub fn end_of(now: Time) -> At {
        At { now, shadow: f64::INFINITY }
    }
}

/// An origin (engine::order) in one word: the node in the high 48 bits, the call in the
/// low 16 (an event makes far fewer calls; more would share the last number).
#[inline(always)]
fn pack(o: Origin) -> u64 {
    (o.node << 16) | o.call.min(0xFFFE) as u64
}

#[inline(always)]
fn unpack(w: u64) -> Origin {
    Origin { node: w >> 16, call: (w & 0xFFFF) as u32 }
}

/// The link's copy of `pkt`, changed as `pass` says.
#[inline(always)]
fn passed(pkt: &Packet, pass: Pass) -> Packet {
    let mut pkt = *pkt;
    match pass {
        Pass::AsIs => {}
        Pass::NextHop => {
            pkt.hop += 1;
            pkt.ttl -= 1;
        }
        Pass::TtlOnly => pkt.ttl -= 1,
    }
    pkt
}

pub struct Link {
    pub name: String,
    pub from: NodeId,
    pub to: NodeId,
    pub rate_bps: f64,
    pub delay: Time,
    /// The delay in seconds as a double, as ns-2 holds it.
    pub delay_s: f64,
    /// A link that moves: its delay changes linearly from `delay_s` at `t0` (seconds) at
    /// `slope` seconds per second until the next call of `set_delay_ramp`. The
    /// constellation sets it at every routing instant from the link's length then and
    /// at the next instant: between them the length departs from the line by about a
    /// centimetre (the satellites' acceleration, 8 m/s^2, over 50 ms).
    ramp: Option<(f64, f64)>,
    /// Random extra delay per packet, uniform in [0, seconds), and its stream; the
    /// packet never overtakes the one ahead (`set_jitter`).
    jitter: Option<(f64, Box<StreamRng>)>,
    /// A link whose delay steps at scheduled times (`enable_delay_steps`): ns-2's
    /// LinkDelay with avoidReordering_, whose `latest_time_` this keeps after each
    /// packet in the pipe (the front's first), and after the last packet gone from it.
    steps: Option<Box<DelaySteps>>,
    /// A link whose delay steps let packets overtake (`enable_overtaking`): ns-2's
    /// LinkDelay as it comes, avoidReordering_ false. The pipe stays in the order the
    /// packets started, cut into lanes each in arrival order: the packets that had
    /// started before each step down still in it (these counts, from the pipe's front),
    /// then the rest. The next arrival is the earliest lane head (at a tie the older
    /// lane's: ns-2 scheduled it first). Empty lanes: the pipe is in arrival order.
    overtake: Option<Box<VecDeque<usize>>>,
    /// Whether `overtake` has lanes (the pipe is not in arrival order): the hot paths
    /// read this one flag.
    lanes_open: bool,
    /// Whether a head-arrival event may be stale (outages, or overtaking: a packet that
    /// overtakes files an earlier one and leaves the other): `head_due` then tells.
    check_heads: bool,
    pub queue: QueueDiscipline,
    pub error: Option<ErrorModel>,
    pub error_rng: Draws,
    /// Error models that act on packets as they reach the link, before its queue
    /// (ns-2's `$ns lossmodel` and `$link errormodule`: an error module at the link's
    /// head, net::error_module; `error` loses packets at the far end after their
    /// transmission, as `$ns link-lossmodel`).
    error_entry: Option<Box<Chain>>,
    /// Whether anything acts on a packet as it reaches the link (`at_entry`): an error
    /// module at the entry, or outages.
    entry_hook: bool,
    /// The link is down (`go_down`): it refuses what reaches it.
    down: bool,
    /// It has outages (`enable_outages`).
    outages: bool,
    /// Bits sent of packets whose transmission an outage cut short (`go_down`).
    cut_bits: f64,
    pub queue_rng: Draws,
    /// Future rate changes, sorted by time: (time, new rate).
    pub rate_changes: Vec<(Time, f64)>,
    pub stats: LinkStats,
    pipe: VecDeque<InPipe>,
    free_at: Time,
    free_shadow: f64,
    /// What started the last packet admitted: its departure starts the next one while
    /// the link is busy.
    last_origin: Origin,
    admitted_bytes: u64,
    admitted_pkts: u64,
    /// Packets that have reached the far end (absolute index of the pipe's front).
    popped_pkts: u64,
    /// Packets that have departed (absolute index of the first still in the system)
    /// and their bytes.
    departed_pkts: u64,
    departed_bytes: u64,
    /// Transmission time of the last packet sizes seen (data and ACK sizes alternate,
    /// so two entries): (size, seconds as ns-2 computes it).
    txt_cache: [(u32, f64); 2],
    /// Sum over admitted packets of their time in the system (queue + service),
    /// packets x ns: the time-integral of the queue length.
    sojourn_ns: u128,
    /// Capacity-time integral (bits), so utilization survives rate changes.
    capacity_bits: f64,
    cap_last: Time,
    /// A scheduling queue's (SFQ, DRR) view of the flows: each flow's source and
    /// destination node (their addresses, which the queue hashes).
    flow_nodes: std::sync::Arc<[(NodeId, NodeId)]>,
    /// A marking REM queue's view of the flows: whether each is ECN-capable.
    flow_ecn: std::sync::Arc<[bool]>,
    /// Packets a scheduling queue dropped from its buffer at the last arrival (DRR
    /// drops from the front of its longest queue): the caller takes them.
    pushed_out: Vec<Packet>,
    /// A scheduling queue's pending departure event: when the packet in transmission
    /// leaves and the next waiting one starts (`Link::depart`).
    departure_due: Option<(Time, f64)>,
    /// A departure event the caller has yet to schedule (`take_departure`).
    departure_new: Option<(Time, f64, Origin)>,
    /// A queue's own timer (PI's samples): when its pending event is due (`queue_timer`).
    timer_due: Option<(Time, f64)>,
}

/// What a router changes in a packet it passes on to a link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// Nothing (the packet leaves its sender).
    AsIs,
    /// The next link of its route: one hop further, its TTL one lower.
    NextHop,
    /// A route computed where it is (a moving constellation): its TTL one lower.
    TtlOnly,
}

/// What happened to a packet offered to a link.
pub enum Offer {
    /// Admitted; `was_empty` tells the caller to schedule the head-arrival event.
    Admitted { was_empty: bool },
    /// Taken by a scheduling queue (SFQ, DRR): `Link::take_pushed_out` gives what its
    /// buffer then dropped (the arrival itself, possibly); the caller schedules the
    /// head-arrival event if `was_empty`, and the departure event `Link::take_departure`
    /// names. (The reply stays two words: a larger one costs every FIFO link's offer.)
    Scheduled { was_empty: bool },
    Dropped(Verdict),
    /// RED with ECN chose it to be marked if it is ECN-capable, else dropped early:
    /// `Link::resolve_mark` says which.
    Markable,
}

impl InPipe {
    #[inline(always)]
    fn tx_end(&self) -> Time {
        self.tx_end
    }

    #[inline(always)]
    fn origin(&self) -> Origin {
        unpack(self.origin_packed)
    }
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
        mut queue_rng: StreamRng,
        rate_changes: Vec<(Time, f64)>,
    ) -> Self {
        // the stream's first draw once salted the departures' tie keys; still taken, so
        // that the queue's later draws (RED's) are where they were
        let _ = rand::RngCore::next_u64(&mut queue_rng);
        Link {
            name,
            from,
            to,
            rate_bps,
            delay: crate::engine::from_secs(delay_s),
            delay_s,
            ramp: None,
            jitter: None,
            steps: None,
            overtake: None,
            lanes_open: false,
            check_heads: false,
            queue,
            error,
            error_rng: Draws::Own(Box::new(error_rng)),
            error_entry: None,
            entry_hook: false,
            down: false,
            outages: false,
            cut_bits: 0.0,
            queue_rng: Draws::Own(Box::new(queue_rng)),
            rate_changes,
            stats: LinkStats::default(),
            pipe: VecDeque::new(),
            free_at: 0,
            free_shadow: 0.0,
            last_origin: Origin::ROOT,
            admitted_bytes: 0,
            admitted_pkts: 0,
            popped_pkts: 0,
            departed_pkts: 0,
            departed_bytes: 0,
            txt_cache: [(0, 0.0); 2],
            sojourn_ns: 0,
            capacity_bits: 0.0,
            cap_last: 0,
            flow_nodes: std::sync::Arc::from(Vec::new()),
            flow_ecn: std::sync::Arc::from(Vec::new()),
            pushed_out: Vec::new(),
            departure_due: None,
            departure_new: None,
            timer_due: None,
        }
    }

    /// Each flow's source and destination node, for a scheduling queue's hash.
    pub fn set_flow_nodes(&mut self, nodes: std::sync::Arc<[(NodeId, NodeId)]>) {
        self.flow_nodes = nodes;
    }

    /// Whether each flow is ECN-capable, for a queue that marks as packets leave (REM).
    pub fn set_flow_ecn(&mut self, ecn: std::sync::Arc<[bool]>) {
        self.flow_ecn = ecn;
    }

    /// The next packet a scheduling queue sends; a marking REM queue draws for it (or
    /// for nothing, when none waits) and marks it.
    fn next_waiting(&mut self, now_s: f64) -> Option<Waiting> {
        if let QueueDiscipline::Rem(r) = &mut self.queue {
            let ecn = &self.flow_ecn;
            // ns-2's ect_: every data segment of an ECN flow but the first
            let ect = |p: &Packet| {
                (p.is_data() && p.seq > 0 && ecn.get(p.flow as usize).copied().unwrap_or(false))
                    || (!p.is_data() && p.aux & ACK_ECT != 0)
            };
            let (w, marked) = r.dequeue(&mut self.queue_rng, ect);
            if marked {
                self.stats.ecn_marks += 1;
            }
            return w;
        }
        self.queue.dequeue(now_s)
    }

    #[inline]
    fn entry(&self, abs: u64) -> &InPipe {
        &self.pipe[(abs - self.popped_pkts) as usize]
    }

    /// Move the departure pointer past every packet whose departure comes before the
    /// event `at` (the event `order` is handling). A departure is an implicit event,
    /// ordered against others due at the same double time by where ns-2 scheduled it
    /// (engine::order): right after the packet's arrival, in the event that started its
    /// transmission. With
    /// ACK-clocked senders such ties are systematic, not rare, so this decides drops.
    /// Events are handled in order, so the pointer only moves forward.
    #[inline]
    pub fn advance(&mut self, at: At, order: &Order) {
        if self.departed_pkts == self.admitted_pkts {
            return;
        }
        if self.free_at < at.now || (self.free_at == at.now && self.free_shadow < at.shadow) {
            // the last packet admitted has departed (`free_*` are its departure), so has
            // every one before it: no need to read their records, long out of cache on
            // a link that went idle (a sender's access link, most satellite links)
            self.departed_pkts = self.admitted_pkts;
            self.departed_bytes = self.admitted_bytes;
            return;
        }
        while self.departed_pkts < self.admitted_pkts {
            let e = self.entry(self.departed_pkts);
            let tx_end = e.tx_end();
            let gone = tx_end < at.now
                || (tx_end == at.now
                    && (e.dep_shadow < at.shadow
                        || (e.dep_shadow == at.shadow
                            && order.before_current(e.dep_shadow, e.origin().departure(), at.shadow))));
            if !gone {
                break;
            }
            self.departed_bytes += e.pkt.size_bytes as u64;
            self.departed_pkts += 1;
        }
    }

    /// Packets waiting or in service (as of the last `advance`).
    pub fn queue_pkts(&self) -> u32 {
        let waiting = if self.queue.schedules() { self.queue.waiting().0 } else { 0 };
        (self.admitted_pkts - self.departed_pkts) as u32 + waiting
    }

    /// The buffer's limits, in packets and in bytes (`QueueDiscipline::limits`).
    pub fn limits(&self) -> (Option<u32>, Option<u64>) {
        self.queue.limits()
    }

    /// Bytes fully transmitted (as of the last `advance`).
    pub fn departed_bytes(&self) -> u64 {
        self.departed_bytes
    }

    /// Bits put on the wire by `at_s` (after `advance` to it): every departed packet's
    /// and, of the packet in service, the part already sent. A sample interval thus
    /// counts the bits sent within it, not whole packets at their departure, and its
    /// utilization cannot exceed 1.
    pub fn sent_bits(&self, at_s: f64) -> f64 {
        let mut bits = self.departed_bytes as f64 * 8.0 + self.cut_bits;
        if self.departed_pkts < self.admitted_pkts {
            let e = self.entry(self.departed_pkts);
            let txt = e.dep_shadow - e.start_shadow;
            if at_s > e.start_shadow && txt > 0.0 {
                bits += e.pkt.size_bytes as f64 * 8.0 * ((at_s - e.start_shadow) / txt).min(1.0);
            }
        }
        bits
    }

    /// Packets fully transmitted (as of the last `advance`).
    pub fn departed_pkts(&self) -> u64 {
        self.departed_pkts
    }

    /// Transmission time of `size` bytes in seconds, as ns-2 computes it (8 * size /
    /// bandwidth). Never rounded to the nanosecond on its own: see the module notes.
    #[inline]
    fn txt(&mut self, size: u32) -> f64 {
        for c in &self.txt_cache {
            if c.0 == size {
                return c.1;
            }
        }
        let v = 8.0 * size as f64 / self.rate_bps;
        self.txt_cache[1] = self.txt_cache[0];
        self.txt_cache[0] = (size, v);
        v
    }

    fn occupancy(&self, at: &At) -> Occupancy {
        // (the pipe's: a scheduling queue's waiting packets are its own)
        let pkts = (self.admitted_pkts - self.departed_pkts) as u32;
        let bytes = self.admitted_bytes - self.departed_bytes();
        Occupancy { pkts, bytes, now_s: at.shadow, free_s: self.free_shadow }
    }

    /// Offer a packet to this link during the event `at` (the unit tests' way in: the
    /// event loop asks `at_entry` itself, and an entry's delay here is a loss).
    #[cfg(test)]
    pub fn offer(&mut self, mut pkt: Packet, at: At, order: &mut Order) -> Offer {
        if self.entry_hook {
            match self.at_entry(&pkt, at.shadow) {
                Entry::On { mark } => pkt.aux |= if mark { CE } else { 0 },
                Entry::Lost | Entry::Held { .. } => return Offer::Dropped(Verdict::Lost),
            }
        }
        match self.offer_passed(&pkt, Pass::AsIs, at, order) {
            Offer::Markable => self.resolve_mark(&pkt, Pass::AsIs, at, false, order),
            o => o,
        }
    }

    /// Offer a packet a router passes on (`pass`: what the router changes in it, applied
    /// to the link's own copy). By reference, and the caller's copy never written: a
    /// narrow store into it before the copy's wide read stalled the read (store
    /// forwarding); 3 % of the engine bench's time. A queue with ECN may answer
    /// `Offer::Markable`: the caller, who knows whether the packet is ECN-capable, then
    /// calls `resolve_mark`.
    pub fn offer_passed(&mut self, pkt: &Packet, pass: Pass, at: At, order: &mut Order) -> Offer {
        self.stats.arrivals_pkts += 1;
        self.advance(at, order);
        let occ = self.occupancy(&at);
        let (pipe, departed, popped) = (&self.pipe, &self.departed_pkts, &self.popped_pkts);
        let v = self.queue.admit(pkt.size_bytes as u32, &occ, &mut self.queue_rng, || {
            pipe[(departed - popped) as usize].pkt.size_bytes as u32
        });
        if v != Verdict::Admit {
            if v == Verdict::Mark {
                return Offer::Markable;
            }
            if v == Verdict::Schedule {
                return self.offer_sched(pkt, pass, at, order);
            }
            match v {
                Verdict::DropOverflow => self.stats.drops_overflow += 1,
                _ => self.stats.drops_early += 1,
            }
            if pkt.is_data() {
                self.stats.data_drops += 1;
            }
            return Offer::Dropped(v);
        }
        self.take(pkt, pass, at, occ.pkts, false, order)
    }

    /// The arrival `offer_passed` found `Markable`, at the same instant: admitted with
    /// its Congestion Experienced bit set if it is ECN-capable (`ect`), else dropped
    /// early (ns-2's drop_early with setbit_).
    #[cold]
    #[inline(never)]
    pub fn resolve_mark(&mut self, pkt: &Packet, pass: Pass, at: At, ect: bool, order: &mut Order) -> Offer {
        if let QueueDiscipline::Red(r) = &self.queue {
            if r.held.as_ref().is_some_and(|h| h.forced()) {
                // the full buffer forced a drop after RED marked the arrival (ns-2's
                // drop_early marks, then enque forces): it is queued, with its mark if
                // ECN-capable, and the victim goes
                self.stats.ecn_marks += ect as u64;
                return self.place_sched(pkt, pass, at, ect, order);
            }
        }
        if !ect {
            self.stats.drops_early += 1;
            if pkt.is_data() {
                self.stats.data_drops += 1;
            }
            return Offer::Dropped(Verdict::DropEarly);
        }
        self.stats.ecn_marks += 1;
        if self.queue.schedules() {
            // a RED holding its packets (net::red_victim) queues the marked arrival
            return self.place_sched(pkt, pass, at, true, order);
        }
        let occ = self.occupancy(&at);
        self.take(pkt, pass, at, occ.pkts, true, order)
    }

    /// Admit a copy of `pkt` (changed as `pass` says, marked CE if `mark`) to the pipe.
    #[inline(always)]
    fn take(&mut self, pkt: &Packet, pass: Pass, at: At, occ_pkts: u32, mark: bool, order: &mut Order) -> Offer {
        let mut pkt = passed(pkt, pass);
        if mark && pkt.is_data() {
            // (an ACK's mark is read by no sender: its bits hold its SACK-block number)
            pkt.aux |= CE;
        }
        let was_empty = self.pipe.is_empty();
        // ns-2: a busy link starts the packet when its queue resumes (at the previous
        // departure); an idle one at once.
        let after_departure = occ_pkts > 0;
        // what starts the transmission: the departure of the packet ahead (a node for
        // it), or this event's next call
        let (start_shadow, origin) = if after_departure {
            (self.free_shadow, Origin { node: order.departure(self.free_shadow, self.last_origin.departure()), call: 0 })
        } else {
            (at.shadow, order.call())
        };
        self.start(pkt, start_shadow, origin, at.now, at.now);
        let q = occ_pkts + 1;
        if q > self.stats.max_queue_pkts {
            self.stats.max_queue_pkts = q;
        }
        Offer::Admitted { was_empty }
    }

    /// Start transmitting `pkt` at `start_shadow` (the double clock), as `origin`
    /// scheduled it: its departure and arrival go into the pipe. `now`: the event
    /// being handled (no departure is timed before it); `arrived`: when the packet
    /// reached the link (its time in the system runs from there).
    #[inline(always)]
    fn start(&mut self, pkt: Packet, start_shadow: f64, origin: Origin, now: Time, arrived: Time) {
        let txt = self.txt(pkt.size_bytes as u32);
        // departure = start + txt and arrival = start + (txt + delay), summed in that
        // order. The integer departure is that double rounded, never a sum of rounded
        // durations (see the module notes); the event being handled is at `now` = its
        // double rounded, and rounding is monotone, so the departure is not before it.
        let dep_shadow = start_shadow + txt;
        let extra = match self.jitter.as_mut() {
            Some((j, rng)) => rand::Rng::gen::<f64>(rng.as_mut()) * *j,
            None => 0.0,
        };
        let arr_shadow = match self.ramp {
            None if self.jitter.is_none() => match self.steps.as_mut() {
                None => start_shadow + (txt + self.delay_s),
                Some(st) => {
                    let abs = self.admitted_pkts;
                    let prev = st.after(abs.checked_sub(1));
                    let (arr, latest) = DelaySteps::arrival(prev, start_shadow, txt, self.delay_s);
                    // keep the last packet gone from the pipe's and those still in it
                    st.push(abs, latest, self.popped_pkts.saturating_sub(1));
                    arr
                }
            },
            // the length when the packet starts crossing (plus its jitter); never before
            // the packet ahead (a delay shrinks far slower than time passes, |slope| ~
            // 5e-5, so without jitter this only guards rounding)
            ramp => {
                let d = match ramp {
                    None => self.delay_s,
                    Some((t0, slope)) => (self.delay_s + slope * (start_shadow - t0)).max(0.0),
                };
                let last = self.pipe.back().map_or(0.0, |e| e.arr_shadow);
                (start_shadow + (txt + d + extra)).max(last)
            }
        };
        let tx_end = from_secs(dep_shadow).max(now);
        self.free_at = tx_end;
        self.free_shadow = dep_shadow;
        self.last_origin = origin;
        self.sojourn_ns += (tx_end - arrived) as u128;
        self.admitted_bytes += pkt.size_bytes as u64;
        self.admitted_pkts += 1;
        self.pipe.push_back(InPipe { pkt, tx_end, dep_shadow, arr_shadow, start_shadow, origin_packed: pack(origin) });
    }

    /// A packet offered to a scheduling queue (SFQ, DRR; net::sfq, net::drr), after
    /// `advance`: the queue takes it or drops it, or drops others to make room; an idle
    /// link then starts the packet the queue gives at once, as ns-2's Queue::recv
    /// enqueues and then dequeues. A busy link starts the next packet at its departure
    /// event (`depart`), which the caller schedules when the reply names it.
    #[cold]
    #[inline(never)]
    fn offer_sched(&mut self, pkt: &Packet, pass: Pass, at: At, order: &mut Order) -> Offer {
        if let QueueDiscipline::Red(r) = &mut self.queue {
            // a RED holding its packets (net::red_victim): its verdict on the arrival,
            // the packets it holds counted with the one in service
            let occ = Occupancy { pkts: (self.admitted_pkts - self.departed_pkts) as u32,
                                  bytes: self.admitted_bytes - self.departed_bytes, now_s: at.shadow,
                                  free_s: self.free_shadow };
            let in_service = if occ.pkts > 0 {
                self.pipe[(self.departed_pkts - self.popped_pkts) as usize].pkt.size_bytes as u32
            } else {
                0
            };
            match r.admit_held(pkt.size_bytes as u32, &occ, &mut self.queue_rng, in_service) {
                Verdict::Schedule => {}
                Verdict::Mark => return Offer::Markable,
                v => {
                    self.stats.drops_early += 1;
                    if pkt.is_data() {
                        self.stats.data_drops += 1;
                    }
                    return Offer::Dropped(v);
                }
            }
        }
        self.place_sched(pkt, pass, at, false, order)
    }

    /// The packet a scheduling queue takes (`offer_sched`, or a RED's marked arrival:
    /// `resolve_mark`), marked CE if `mark`.
    #[cold]
    #[inline(never)]
    fn place_sched(&mut self, pkt: &Packet, pass: Pass, at: At, mark: bool, order: &mut Order) -> Offer {
        let mut pkt = passed(pkt, pass);
        if mark && pkt.is_data() {
            pkt.aux |= CE;
        }
        let (src, dst) = self.flow_nodes.get(pkt.flow as usize).copied().unwrap_or((0, 0));
        let (saddr, daddr) = if pkt.is_data() { (src, dst) } else { (dst, src) };
        let w = Waiting { pkt, arrived: at.now };
        let idle = self.departed_pkts == self.admitted_pkts;
        let mut dropped = Vec::new();
        let mut acts = Vec::new();
        let taken = match &mut self.queue {
            QueueDiscipline::Sfq(q) => q.enqueue(w, saddr, daddr),
            QueueDiscipline::Drr(q) => {
                q.enqueue(w, saddr, &mut dropped);
                true
            }
            QueueDiscipline::Fq(q) => q.enqueue(w, pkt.flow as usize, at.shadow),
            QueueDiscipline::Delayed(d) => d.enqueue(w, at.shadow, &mut self.queue_rng, &mut acts),
            QueueDiscipline::DropFront(q) => {
                dropped.extend(q.enqueue(w));
                true
            }
            QueueDiscipline::Red(r) => match r.held.as_mut().expect("a RED holding its packets").enqueue(w, &mut self.queue_rng) {
                Ok(victim) => {
                    dropped.extend(victim);
                    true
                }
                Err(()) => false,
            },
            QueueDiscipline::Rem(r) => {
                let taken = r.enqueue(w);
                if !taken && idle {
                    // ns-2 dequeues after the enqueue that dropped it: a draw for nothing
                    r.dequeue_none(&mut self.queue_rng);
                }
                taken
            }
            _ => unreachable!("offer_sched on a queue that does not schedule"),
        };
        if !taken {
            self.stats.drops_overflow += 1;
            if pkt.is_data() {
                self.stats.data_drops += 1;
            }
            return Offer::Dropped(Verdict::DropOverflow);
        }
        for d in dropped {
            self.stats.drops_overflow += 1;
            if d.pkt.is_data() {
                self.stats.data_drops += 1;
            }
            self.pushed_out.push(d.pkt);
        }
        let was_empty = self.pipe.is_empty();
        if idle {
            if let Some(next) = self.next_waiting(at.shadow) {
                self.start(next.pkt, at.shadow, order.call(), at.now, next.arrived);
            }
        }
        // what the Delayer did with what the queue handed it
        self.delayer_acts(acts, at, order);
        let q = self.queue_pkts();
        if q > self.stats.max_queue_pkts {
            self.stats.max_queue_pkts = q;
        }
        self.next_departure();
        Offer::Scheduled { was_empty }
    }

    /// The departure event a scheduling queue needs next, if it is not pending yet (the
    /// packet in transmission's, when packets wait behind it), for `take_departure`.
    fn next_departure(&mut self) {
        if self.departure_due.is_some()
            || (self.queue.waiting().0 == 0 && !self.queue.dequeues_when_empty())
            || self.departed_pkts == self.admitted_pkts
        {
            return;
        }
        self.departure_due = Some((self.free_at, self.free_shadow));
        self.departure_new = Some((self.free_at, self.free_shadow, self.last_origin.departure()));
    }

    /// The departure event a scheduling queue needs, if the caller has yet to schedule
    /// it (after `Offer::Scheduled` and `depart`).
    pub fn take_departure(&mut self) -> Option<(Time, f64, Origin)> {
        self.departure_new.take()
    }

    /// Start the queue's own timer (PI's samples, REM's updates), if it has one, at double time `from`
    /// (the run's start, or a reset when the link goes down): its first event, which the
    /// caller schedules, `origin` ordering it.
    pub fn start_queue_timer(&mut self, from: f64, origin: Origin) -> Option<(Time, f64, Origin)> {
        let next = from + self.queue.sampling_interval_s()?;
        let t = from_secs(next);
        self.timer_due = Some((t, next));
        Some((t, next, origin))
    }

    /// The queue's timer event due at `at`: the queue samples the packets (or bytes)
    /// waiting now, besides the one in transmission; returns its next event (ns-2's
    /// resched by the interval from this expiry), or None if the event is stale (the
    /// timer started again since it was scheduled).
    #[cold]
    #[inline(never)]
    pub fn queue_timer(&mut self, at: At, order: &mut Order) -> Option<(Time, f64, Origin)> {
        if self.timer_due != Some((at.now, at.shadow)) {
            return None;
        }
        self.advance(at, order);
        let (waiting_pkts, waiting_bytes) =
            if self.queue.schedules() { self.queue.waiting() } else { self.waiting_in_pipe() };
        match &mut self.queue {
            QueueDiscipline::Pi(p) => p.sample(waiting_pkts, waiting_bytes),
            QueueDiscipline::Rem(r) => r.update(waiting_pkts, waiting_bytes),
            _ => {}
        }
        self.start_queue_timer(at.shadow, order.call())
    }

    /// The packets waiting in the pipe behind the one in transmission, and their bytes
    /// (as of the last `advance`).
    fn waiting_in_pipe(&self) -> (u32, u64) {
        let in_system = (self.admitted_pkts - self.departed_pkts) as u32;
        if in_system == 0 {
            return (0, 0);
        }
        let in_service = self.entry(self.departed_pkts).pkt.size_bytes as u64;
        (in_system - 1, self.admitted_bytes - self.departed_bytes - in_service)
    }

    /// Packets a scheduling queue dropped from its buffer at the last arrival.
    pub fn take_pushed_out(&mut self) -> Vec<Packet> {
        std::mem::take(&mut self.pushed_out)
    }

    /// A scheduling queue's departure event, due at (`at.now`, `at.shadow`): the packet
    /// in transmission leaves, and the queue gives the next, which starts now (ns-2's
    /// queue resumes and dequeues in this event). Returns whether the pipe was empty
    /// before (the caller then schedules the head-arrival event, and the next departure
    /// event if `take_departure` names one); None if the event is stale (the link went
    /// down since it was scheduled).
    #[cold]
    #[inline(never)]
    pub fn depart(&mut self, at: At, order: &mut Order) -> Option<bool> {
        if self.departure_due != Some((at.now, at.shadow)) {
            return None;
        }
        self.departure_due = None;
        if self.departed_pkts < self.admitted_pkts {
            debug_assert_eq!(self.departed_pkts + 1, self.admitted_pkts, "one packet in transmission");
            self.departed_bytes += self.entry(self.departed_pkts).pkt.size_bytes as u64;
            self.departed_pkts += 1;
        }
        let was_empty = self.pipe.is_empty();
        if let QueueDiscipline::Delayed(d) = &mut self.queue {
            // the Delayer's TargetHandler: it sends what it holds, unless blocked
            let mut acts = Vec::new();
            d.transmitted(at.shadow, &mut self.queue_rng, &mut acts);
            self.delayer_acts(acts, at, order);
        } else if let Some(next) = self.next_waiting(at.shadow) {
            self.start(next.pkt, at.shadow, order.call(), at.now, next.arrived);
        }
        self.next_departure();
        Some(was_empty)
    }

    /// The link's Delayer is blocked (a delay spike begins) or unblocked at `at`
    /// (`delayer.blocks`); unblocked, it sends what it holds if the transmitter is
    /// free. Returns whether the pipe was empty before (the caller then schedules the
    /// head-arrival event, and the departure event if `take_departure` names one).
    #[cold]
    #[inline(never)]
    pub fn set_blocked(&mut self, blocked: bool, at: At, order: &mut Order) -> bool {
        let was_empty = self.pipe.is_empty();
        if let QueueDiscipline::Delayed(d) = &mut self.queue {
            let mut acts = Vec::new();
            d.set_blocked(blocked, at.shadow, &mut self.queue_rng, &mut acts);
            self.delayer_acts(acts, at, order);
        }
        self.next_departure();
        was_empty
    }

    /// The Delayer's spike timer (`spike`) or allocation timer (else) due at `at`;
    /// None if the event is stale. Returns whether the pipe was empty before, as
    /// `set_blocked`.
    #[cold]
    #[inline(never)]
    pub fn delayer_timer(&mut self, spike: bool, at: At, order: &mut Order) -> Option<bool> {
        let was_empty = self.pipe.is_empty();
        let QueueDiscipline::Delayed(d) = &mut self.queue else { return None };
        let due = if spike { &mut d.spike_due } else { &mut d.alloc_due };
        if *due != Some((at.now, at.shadow)) {
            return None;
        }
        *due = None;
        let mut acts = Vec::new();
        if spike {
            d.spike_timer(at.shadow, &mut self.queue_rng, &mut acts);
        } else {
            d.alloc_timer(at.shadow, &mut self.queue_rng, &mut acts);
        }
        self.delayer_acts(acts, at, order);
        self.next_departure();
        Some(was_empty)
    }

    /// Carry out what the Delayer did in this event, in its order: start the packets it
    /// sent, and set its timers (each `seconds` from this event's double time), whose
    /// events the caller files (`take_delayer_timers`).
    fn delayer_acts(&mut self, acts: Vec<Act>, at: At, order: &mut Order) {
        for a in acts {
            match a {
                Act::Send(s) => self.start(s.pkt, at.shadow, order.call(), at.now, s.arrived),
                Act::Alloc(secs) | Act::Spike(secs) => {
                    let spike = matches!(a, Act::Spike(_));
                    let sh = at.shadow + secs;
                    let t = from_secs(sh).max(at.now);
                    let origin = order.call();
                    if let QueueDiscipline::Delayed(d) = &mut self.queue {
                        *(if spike { &mut d.spike_due } else { &mut d.alloc_due }) = Some((t, sh));
                        d.timers.push((spike, t, sh, origin));
                    }
                }
            }
        }
    }

    /// The Delayer's timers set since the last call, for the caller to file: (a spike
    /// timer's, when, double time, origin).
    pub fn take_delayer_timers(&mut self) -> Vec<(bool, Time, f64, Origin)> {
        match &mut self.queue {
            QueueDiscipline::Delayed(d) => std::mem::take(&mut d.timers),
            _ => Vec::new(),
        }
    }

    /// Whether the link's Delayer holds a packet (which ns-2's queue monitor counted
    /// as departed when the queue handed it over).
    pub fn delayer_holds(&self) -> Option<bool> {
        match &self.queue {
            QueueDiscipline::Delayed(d) => Some(d.holds()),
            _ => None,
        }
    }

    /// Take the queue's and the error model's draws from the run's ns-2 generator
    /// (Scenario::ns2_rng_seed), shared with every other link, in event order.
    pub fn use_ns2_draws(&mut self, g: &std::sync::Arc<std::sync::Mutex<crate::engine::ns2_rng::Ns2Rng>>) {
        self.error_rng = Draws::Ns2(g.clone());
        self.queue_rng = Draws::Ns2(g.clone());
    }

    /// Delay each packet by a further uniform(0, `jitter_s`) seconds drawn from `rng`,
    /// keeping the order of packets (one that would overtake the packet ahead arrives
    /// with it). Not with a moving link's ramp (constellation links have none).
    pub fn set_jitter(&mut self, jitter_s: f64, rng: StreamRng) {
        self.jitter = (jitter_s > 0.0).then(|| (jitter_s, Box::new(rng)));
    }

    /// Make the delay move: `delay_s` at time `t0_s`, changing by `slope` seconds per
    /// second (a moving link's length over c, and its rate of change). Packets already
    /// admitted keep the delay they started with.
    pub fn set_delay_ramp(&mut self, t0_s: f64, delay_s: f64, slope: f64) {
        self.delay_s = delay_s;
        self.delay = from_secs(delay_s);
        self.ramp = Some((t0_s, slope));
    }

    /// Arrival of the head packet at the far end (integer time, shadow time, and where
    /// ns-2 schedules it: what started its transmission, engine::order), if any. The
    /// integer time is the double rounded, like every link time.
    #[inline]
    pub fn head_arrival(&self) -> Option<(Time, f64, Origin)> {
        let e = if self.lanes_open { self.pipe.get(self.lane_head()) } else { self.pipe.front() };
        e.map(|e| (from_secs(e.arr_shadow).max(e.tx_end()), e.arr_shadow, e.origin()))
    }

    /// `head_arrival` of a link whose pipe is in arrival order (no lanes: the caller
    /// knows, as the event loop does of a link that `checks_heads` not).
    #[inline(always)]
    pub fn fifo_head_arrival(&self) -> Option<(Time, f64, Origin)> {
        debug_assert!(!self.lanes_open);
        self.pipe
            .front()
            .map(|e| (from_secs(e.arr_shadow).max(e.tx_end()), e.arr_shadow, e.origin()))
    }

    /// The place in the pipe of the next packet to arrive, among the lanes' heads
    /// (`overtake`): the earliest, the older lane's at a tie.
    #[cold]
    #[inline(never)]
    fn lane_head(&self) -> usize {
        let lanes = self.overtake.as_deref().expect("a link with lanes");
        let (mut best, mut at) = (0, 0);
        for &n in lanes {
            at += n;
            if at < self.pipe.len() && self.pipe[at].arr_shadow < self.pipe[best].arr_shadow {
                best = at;
            }
        }
        best
    }

    /// Remove the head packet (it has reached the far end). Returns the packet and
    /// whether it survived the link's error model.
    #[inline(always)]
    pub fn pop_head(&mut self) -> (Packet, bool) {
        let e = if self.lanes_open {
            self.pop_lane_head()
        } else {
            if self.departed_pkts == self.popped_pkts {
                // it has left the transmitter, though no event has looked since
                self.departed_bytes += self.pipe.front().expect("pop_head on an empty link").pkt.size_bytes as u64;
                self.departed_pkts += 1;
            }
            self.pipe.pop_front().expect("pop_head on an empty link")
        };
        self.popped_pkts += 1;
        let lost = match self.error.as_mut() {
            Some(m) => m.corrupts(e.pkt.size_bytes as u32, e.arr_shadow, &mut self.error_rng),
            None => false,
        };
        if lost {
            self.stats.count_error(&e.pkt);
        }
        (e.pkt, !lost)
    }

    /// Take the next packet to arrive off a pipe cut into lanes (`overtake`). Every
    /// packet before it started before it did, so has departed: their departures are
    /// counted first, and the pipe's count of packets gone from it (`popped_pkts`) then
    /// numbers those after it as before (the ones ahead of it, all departed, are only
    /// counted).
    #[cold]
    #[inline(never)]
    fn pop_lane_head(&mut self) -> InPipe {
        let k = self.lane_head();
        while self.departed_pkts <= self.popped_pkts + k as u64 {
            self.departed_bytes += self.pipe[(self.departed_pkts - self.popped_pkts) as usize].pkt.size_bytes as u64;
            self.departed_pkts += 1;
        }
        let e = self.pipe.remove(k).expect("a lane's head");
        let lanes = self.overtake.as_deref_mut().expect("a link with lanes");
        // the lane it headed is one shorter (the last, open lane is not counted)
        let mut start = 0;
        for j in 0..lanes.len() {
            if start == k {
                lanes[j] -= 1;
                if lanes[j] == 0 {
                    lanes.remove(j);
                }
                break;
            }
            start += lanes[j];
        }
        self.lanes_open = !lanes.is_empty();
        e
    }

    /// Whether anything acts on a packet as it reaches the link, before `offer_passed`
    /// (an error module, or outages): callers then ask `at_entry` first.
    #[inline(always)]
    pub fn has_entry_hook(&self) -> bool {
        self.entry_hook
    }

    /// What the link's entry does to `pkt` as it arrives (a draw of each model its flow
    /// goes to, module after module): a lost packet (or one a link that is down
    /// refuses) is counted here, the lost one as an arrival and an error drop; a held
    /// one as an arrival, which its later `at_entry_from` and `offer_delayed` do not
    /// count again.
    #[cold]
    #[inline(never)]
    pub fn at_entry(&mut self, pkt: &Packet, now_s: f64) -> Entry {
        if self.down {
            self.stats.refused_down += 1;
            return Entry::Lost;
        }
        self.stats.arrivals_pkts += 1;
        let got = self.at_entry_from(0, pkt, now_s);
        if let Entry::On { .. } = got {
            // (counted by `offer_passed`)
            self.stats.arrivals_pkts -= 1;
        }
        got
    }

    /// The verdict of the entry's modules from module `from` on, on a packet whose
    /// arrival is counted (one a module held, released to the next): a loss counted.
    pub fn at_entry_from(&mut self, from: usize, pkt: &Packet, now_s: f64) -> Entry {
        let got = match self.error_entry.as_mut() {
            Some(c) => c.judge_from(from, pkt.flow, pkt.size_bytes as u32, now_s, &mut self.error_rng),
            None => Entry::On { mark: false },
        };
        if got == Entry::Lost {
            self.stats.count_error(pkt);
        }
        got
    }

    /// Offer a packet an entry error module held (`Entry::Held`), now past the
    /// modules: its arrival was counted when it reached the link.
    pub fn offer_delayed(&mut self, pkt: &Packet, pass: Pass, at: At, order: &mut Order) -> Offer {
        self.stats.arrivals_pkts -= 1;
        self.offer_passed(pkt, pass, at, order)
    }

    /// Act on packets by the error model as they reach the link, before its queue
    /// (ns-2's `$ns lossmodel`): it loses them, and a lost packet takes no buffer or
    /// transmission time; its draw comes before the queue's (RED's).
    pub fn set_error_at_entry(&mut self) {
        if let Some(m) = self.error.take() {
            self.add_entry_model(0, m, OnError::Drop, None);
        }
    }

    /// Add a model to the `module`-th error module a packet meets at the link's entry
    /// (net::error_module): it sees the packets of `flows` [none: of every flow no
    /// other model of that module sees] and does `on_error` to those it picks.
    pub fn add_entry_model(&mut self, module: usize, model: ErrorModel, on_error: OnError,
                           flows: Option<Vec<FlowId>>) {
        self.error_entry.get_or_insert_with(Default::default).module(module).add(model, on_error, flows);
        self.entry_hook = true;
    }

    /// The link will go down at times (it refuses packets at its entry while down).
    pub fn enable_outages(&mut self) {
        self.entry_hook = true;
        self.outages = true;
        self.check_heads = true;
    }

    /// Whether the link has outages.
    #[inline(always)]
    pub fn has_outages(&self) -> bool {
        self.outages
    }

    /// Whether the pipe is cut into lanes (packets overtaking after a delay step down):
    /// `pop_head` and `head_arrival` then look at every lane.
    #[inline(always)]
    pub fn lanes_open(&self) -> bool {
        self.lanes_open
    }

    /// Whether a head-arrival event may be stale (outages, or packets that overtake):
    /// the caller asks `head_due` before taking the head.
    #[inline(always)]
    pub fn checks_heads(&self) -> bool {
        self.check_heads
    }

    /// Whether the last packet admitted will arrive before every other in the pipe
    /// (past a step down; its caller then files its arrival, `admitted` telling it was
    /// admitted).
    #[cold]
    #[inline(never)]
    pub fn last_overtakes_all(&self) -> bool {
        self.lanes_open && self.pipe.len() > 1 && self.lane_head() + 1 == self.pipe.len()
    }

    /// Packets admitted so far.
    pub fn admitted(&self) -> u64 {
        self.admitted_pkts
    }

    /// Delay changes let packets overtake (ns-2's LinkDelay with avoidReordering_
    /// false): `set_delay_overtaking` takes them. From the start of the run.
    pub fn enable_overtaking(&mut self) {
        debug_assert!(self.pipe.is_empty() && self.steps.is_none() && self.jitter.is_none());
        self.overtake = Some(Box::default());
        self.check_heads = true;
        // (every offer then takes the entry's cold path, which files the arrival of a
        // packet that overtakes every other: the event loop's file_overtaking_head)
        self.entry_hook = true;
    }

    /// Whether `enable_overtaking` made this link's delay changes ns-2's plain ones.
    pub fn overtakes(&self) -> bool {
        self.overtake.is_some()
    }

    /// The delay becomes `delay_s` at the event `at` (a link of `enable_overtaking`):
    /// packets that have started keep their arrival, every packet still waiting takes
    /// the new delay when it starts (start + transmission + delay, LinkDelay::recv). On
    /// a step down the packets that have started and not arrived become a lane of their
    /// own, which the later ones may overtake. Returns whether the next arrival is now
    /// another (a waiting packet heading a lane, retimed): the caller files its event,
    /// and the one filed before goes stale.
    pub fn set_delay_overtaking(&mut self, delay_s: f64, at: At, order: &mut Order) -> bool {
        let head = self.head_arrival().map(|h| (h.0, h.1));
        self.advance(at, order);
        if delay_s < self.delay_s {
            // those departed and not arrived, and the one in transmission (a FIFO link
            // starts the first not departed at once)
            let started = (self.departed_pkts - self.popped_pkts) as usize
                + (self.departed_pkts < self.admitted_pkts) as usize;
            let lanes = self.overtake.as_deref_mut().expect("a link of enable_overtaking");
            let held: usize = lanes.iter().sum();
            if started > held {
                lanes.push_back(started - held);
                self.lanes_open = true;
            }
        }
        self.delay_s = delay_s;
        self.delay = from_secs(delay_s);
        self.retime_waiting(at, order, false);
        self.head_arrival().map(|h| (h.0, h.1)) != head
    }

    pub fn is_down(&self) -> bool {
        self.down
    }

    /// The link goes down at the event `at` (ns-2's dynamic link taken down: its
    /// connectors reset): every packet in its queue, in transmission or on the wire is
    /// lost and returned, and the transmitter is idle. Those whose transmission had
    /// started count as departures, as ns-2's queue monitor counted them when they left
    /// the queue; all count as drops. The calendar's pending head-arrival event of the
    /// link is left to fire: its packet is gone (`head_due` tells the caller).
    #[cold]
    #[inline(never)]
    pub fn go_down(&mut self, at: At, order: &Order) -> Vec<Packet> {
        self.advance(at, order);
        let (waiting_pkts, waiting_bytes) = self.waiting_in_pipe();
        self.down = true;
        let (first, gone, old_admitted) = (self.popped_pkts, self.departed_pkts, self.admitted_pkts);
        let mut lost = Vec::with_capacity(self.pipe.len());
        for (k, e) in self.pipe.drain(..).enumerate() {
            if first + k as u64 >= gone {
                if first + k as u64 == gone && e.start_shadow <= at.shadow {
                    // in transmission: it had left the queue (ns-2 dequeued it). Started
                    // at this very instant, it was by an event before this one: the link
                    // idle then, or the packet ahead gone before this event (`advance`).
                    // Its bytes were not all sent: the part that was counts as sent bits
                    self.departed_pkts += 1;
                    let txt = e.dep_shadow - e.start_shadow;
                    if txt > 0.0 {
                        self.cut_bits += e.pkt.size_bytes as f64 * 8.0 * ((at.shadow - e.start_shadow) / txt).clamp(0.0, 1.0);
                    }
                }
                // its time in the system ends now
                self.sojourn_ns -= e.tx_end.saturating_sub(at.now) as u128;
            }
            lost.push(e.pkt);
        }
        // the waiting packets never depart: the counts of packets admitted and gone
        // from the pipe go on from those that did
        self.admitted_pkts = self.departed_pkts;
        self.admitted_bytes = self.departed_bytes;
        self.popped_pkts = self.departed_pkts;
        // a scheduling queue's waiting packets: their time in the system ends now
        for w in self.queue.drain() {
            self.sojourn_ns += at.now.saturating_sub(w.arrived) as u128;
            lost.push(w.pkt);
        }
        self.departure_due = None;
        self.departure_new = None;
        self.stats.drops_down += lost.len() as u64;
        self.queue.clear(waiting_pkts, waiting_bytes);
        // ns-2's Link::down resets every connector of the link, its error modules
        // among them (ErrorModel::reset)
        if let Some(m) = self.error.as_mut() {
            m.reset();
        }
        if let Some(m) = self.error_entry.as_mut() {
            m.reset();
        }
        self.free_at = at.now;
        self.free_shadow = at.shadow;
        if let Some(lanes) = self.overtake.as_deref_mut() {
            lanes.clear(); // the pipe is empty
            self.lanes_open = false;
        }
        if let Some(st) = self.steps.as_mut() {
            // ns-2's latest_time_ stays what the last packet set; renumbered after the
            // waiting packets that went
            let last = old_admitted.checked_sub(1).map_or(0.0, |a| st.after(Some(a)));
            st.latest.clear();
            st.first = self.admitted_pkts.saturating_sub(1);
            if self.admitted_pkts > 0 {
                st.latest.push_back(last);
            }
        }
        lost
    }

    /// The link comes back up: it takes packets again.
    pub fn go_up(&mut self) {
        self.down = false;
    }

    /// Whether the head-arrival event due at (`now`, `shadow`) is its head packet's (a
    /// link that went down leaves a stale one in the calendar).
    #[cold]
    #[inline(never)]
    pub fn head_due(&self, now: Time, shadow: f64) -> bool {
        matches!(self.head_arrival(), Some((t, sh, _)) if t == now && sh == shadow)
    }

    /// Packets admitted and not yet arrived at the far end (queued or propagating).
    pub fn in_pipe(&self) -> usize {
        self.pipe.len() + self.queue.waiting().0 as usize
    }

    /// Visit every packet admitted and not yet arrived at the far end (a scheduling
    /// queue's waiting packets last).
    pub fn for_each_in_pipe(&self, mut f: impl FnMut(&Packet)) {
        self.pipe.iter().for_each(|e| f(&e.pkt));
        self.queue.for_each_waiting(|w| f(&w.pkt));
    }

    fn account_capacity(&mut self, now: Time) {
        if now > self.cap_last {
            self.capacity_bits += self.rate_bps * crate::engine::to_secs(now - self.cap_last);
            self.cap_last = now;
        }
    }

    /// Change the transmission rate at the event `at` (ns-2's LinkDelay `bandwidth_`
    /// set by a scheduled command). The packet in transmission keeps its times; every
    /// packet still waiting is timed again, as ns-2 times a packet when its
    /// transmission starts (LinkDelay::recv): it starts when the one ahead departs and
    /// takes size x 8 / the new rate, and its arrival follows from that start (on a
    /// moving or jittery link, its arrival moves with its departure, never before the
    /// packet ahead's). Waiting packets are never the head of the pipe, so the link's
    /// pending head-arrival event stands.
    pub fn set_rate(&mut self, rate_bps: f64, at: At, order: &mut Order) {
        self.account_capacity(at.now);
        self.rate_bps = rate_bps;
        self.txt_cache = [(0, 0.0); 2];
        self.retime_waiting(at, order, true);
    }

    /// A link whose delay steps at scheduled times: delay changes are ns-2's
    /// `delay_` set by a scheduled command on a LinkDelay with avoidReordering_ (the
    /// export sets it), from the start of the run (set before any packet).
    pub fn enable_delay_steps(&mut self) {
        debug_assert!(self.pipe.is_empty());
        self.steps = Some(Box::default());
    }

    /// Whether `enable_delay_steps` made this link's delay changes ns-2's.
    pub fn has_delay_steps(&self) -> bool {
        self.steps.is_some()
    }

    /// The delay becomes `delay_s` at the event `at` (a link of `enable_delay_steps`):
    /// packets on the wire or in transmission keep their arrival; every packet still
    /// waiting takes the new delay when it starts, as in ns-2, and one that would
    /// arrive before the latest arrival scheduled arrives a transmission time after it
    /// (ns-2's avoidReordering_, delay.cc).
    pub fn set_delay_step(&mut self, delay_s: f64, at: At, order: &mut Order) {
        debug_assert!(self.steps.is_some() && self.ramp.is_none() && self.jitter.is_none());
        self.delay_s = delay_s;
        self.delay = from_secs(delay_s);
        self.retime_waiting(at, order, false);
    }

    /// Time again every packet waiting at the event `at` (after the one in
    /// transmission) from the link's rate and delay now; `starts_move` when their
    /// starts and departures move too (a rate change), else only their arrivals.
    fn retime_waiting(&mut self, at: At, order: &mut Order, starts_move: bool) {
        self.advance(at, order);
        if self.departed_pkts + 1 >= self.admitted_pkts {
            return; // idle, or nothing waits behind the packet in transmission
        }
        let first = (self.departed_pkts + 1 - self.popped_pkts) as usize;
        for i in first..self.pipe.len() {
            let prev = self.pipe[i - 1];
            let size = self.pipe[i].pkt.size_bytes as u32;
            let txt = self.txt(size);
            let start_shadow = prev.dep_shadow;
            let dep_shadow = start_shadow + txt;
            let plain = self.ramp.is_none() && self.jitter.is_none();
            let e = &mut self.pipe[i];
            let abs = self.popped_pkts + i as u64;
            let arr_shadow = match self.steps.as_mut() {
                Some(st) if plain => {
                    let (arr, latest) = DelaySteps::arrival(st.after(Some(abs - 1)), start_shadow, txt, self.delay_s);
                    st.latest[(abs - st.first) as usize] = latest;
                    arr
                }
                _ if plain => start_shadow + (txt + self.delay_s),
                _ => (e.arr_shadow + (dep_shadow - e.dep_shadow)).max(prev.arr_shadow),
            };
            if !starts_move {
                e.arr_shadow = arr_shadow;
                continue;
            }
            let node = order.departure(prev.dep_shadow, prev.origin().departure());
            let tx_end = from_secs(dep_shadow).max(at.now);
            self.sojourn_ns = (self.sojourn_ns as i128 + tx_end as i128 - e.tx_end as i128) as u128;
            *e = InPipe {
                pkt: e.pkt,
                tx_end,
                dep_shadow,
                arr_shadow,
                start_shadow,
                origin_packed: pack(Origin { node, call: 0 }),
            };
        }
        let last = *self.pipe.back().expect("packets wait");
        self.free_at = last.tx_end;
        self.free_shadow = last.dep_shadow;
        self.last_origin = last.origin();
    }

    /// Time-averaged queue length (packets, in service included) over [0, end];
    /// time spent in the system after `end` is not counted.
    pub fn mean_queue_pkts(&self, end: Time) -> f64 {
        if end == 0 {
            return 0.0;
        }
        let beyond: u128 = self.pipe.iter().filter(|e| e.tx_end() > end).map(|e| (e.tx_end() - end) as u128).sum();
        // a scheduling queue's waiting packets, counted when they start: their time so far
        let mut waiting: u128 = 0;
        self.queue.for_each_waiting(|w| waiting += end.saturating_sub(w.arrived) as u128);
        (self.sojourn_ns + waiting - beyond) as f64 / end as f64
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

    fn at(now: Time) -> At {
        At { now, shadow: crate::engine::to_secs(now) }
    }

    fn pkt(seq: i64) -> Packet {
        Packet { flow: 0, kind: PacketKind::Data, seq, size_bytes: 1000, ttl: 32, tos: 0, rwnd_pkts: 0, hop: 0, aux: 0 }
    }

    /// An error model at the link's entry (ns-2's `$ns lossmodel`) loses a packet as it
    /// arrives: counted as an arrival and an error drop, it takes no buffer and no
    /// transmission time, and the packet behind it goes at once. On the wire (the
    /// default) the lost packet is transmitted first, and lost at the far end.
    #[test]
    fn an_error_model_at_the_entry_loses_packets_before_the_queue() {
        use crate::net::error_model::ErrorModel;
        let mut o = Order::new();
        let mut l = link(2);
        l.error = Some(ErrorModel::PacketErrorRate { per: 1.0 });
        l.set_error_at_entry();
        for i in 0..5 {
            assert!(matches!(l.offer(pkt(i), at(0), &mut o), Offer::Dropped(Verdict::Lost)));
        }
        assert_eq!((l.in_pipe(), l.stats.arrivals_pkts, l.stats.drops_error, l.stats.data_drops), (0, 5, 5, 5));
        assert_eq!(l.stats.drops_overflow, 0, "lost before the queue: no buffer taken");
        l.error_entry = None; // a packet that survives finds the transmitter free
        l.entry_hook = false;
        assert!(matches!(l.offer(pkt(5), at(0), &mut o), Offer::Admitted { was_empty: true }));
        assert_eq!(l.head_arrival().unwrap().1, 0.001 + 0.010);
        // on the wire: admitted, queued (the limit of 2 drops the third), lost at the far end
        let mut w = link(2);
        w.error = Some(ErrorModel::PacketErrorRate { per: 1.0 });
        let offers: Vec<Offer> = (0..3).map(|i| w.offer_passed(&pkt(i), Pass::AsIs, at(0), &mut o)).collect();
        assert!(matches!(offers[..], [Offer::Admitted { .. }, Offer::Admitted { .. }, Offer::Dropped(Verdict::DropOverflow)]));
        assert_eq!(w.pop_head().1, false);
        assert_eq!((w.stats.drops_error, w.stats.drops_overflow), (1, 1));
    }

    /// An entry error model that sees some flows only (ns-2's ErrorModule): the others'
    /// packets pass it, and take none of its draws (a periodic model counts the seen
    /// flow's packets only).
    #[test]
    fn an_entry_error_model_bound_to_flows_passes_the_others() {
        use crate::net::error_model::ErrorModel;
        let mut o = Order::new();
        let mut l = link(100);
        l.add_entry_model(0, ErrorModel::PacketErrorRate { per: 1.0 }, OnError::Drop, Some(vec![3, 1, 3]));
        for (flow, lost) in [(0, false), (1, true), (2, false), (3, true)] {
            let got = l.offer(Packet { flow, ..pkt(flow as i64) }, at(0), &mut o);
            assert_eq!(matches!(got, Offer::Dropped(Verdict::Lost)), lost, "flow {flow}");
        }
        assert_eq!(l.stats.drops_error, 2);
    }

    /// A rate change: the packet in transmission keeps its times; the packets waiting
    /// start one after the other at the new rate (ns-2 times a packet when it starts),
    /// and a later arrival starts when the last of them departs.
    #[test]
    fn a_rate_change_retimes_the_waiting_packets_from_the_one_in_transmission() {
        let mut o = Order::new();
        let mut l = link(100);
        for i in 0..3 {
            assert!(matches!(l.offer_passed(&pkt(i), Pass::AsIs, at(0), &mut o), Offer::Admitted { .. }));
        }
        // at 0.5 ms the rate halves: packet 0 (0-1 ms) stands; 1 and 2 take 2 ms each
        l.set_rate(4e6, at(500_000), &mut o);
        let (_, head, _) = l.head_arrival().unwrap();
        assert_eq!(head, 0.001 + 0.010);
        let deps: Vec<f64> = l.pipe.iter().map(|e| e.dep_shadow).collect();
        let arrs: Vec<f64> = l.pipe.iter().map(|e| e.arr_shadow).collect();
        assert_eq!(deps, vec![0.001, 0.001 + 0.002, 0.001 + 0.002 + 0.002]);
        assert_eq!(arrs, vec![0.001 + 0.010, 0.001 + (0.002 + 0.010), 0.003 + (0.002 + 0.010)]);
        assert_eq!(l.pipe[2].tx_end, 5_000_000);
        // a packet arriving at 1.5 ms waits for 5 ms and takes 2 ms
        assert!(matches!(l.offer_passed(&pkt(3), Pass::AsIs, at(1_500_000), &mut o), Offer::Admitted { .. }));
        assert_eq!(l.pipe[3].start_shadow, 0.005);
        assert_eq!(l.pipe[3].dep_shadow, 0.005 + 0.002);
        // the time-integral of the queue follows the new departures: packets in the
        // system 1 + 3 + 5 ms from 0, and 5.5 ms from 1.5 ms
        assert_eq!(l.mean_queue_pkts(7_000_000), (1.0 + 3.0 + 5.0 + 5.5) / 7.0);
        // a change while one packet is in transmission and none waits changes no time
        let mut m = link(100);
        m.offer_passed(&pkt(0), Pass::AsIs, at(0), &mut o);
        m.set_rate(1e6, at(100_000), &mut o);
        assert_eq!(m.pipe[0].dep_shadow, 0.001);
    }

    /// A delay step on a link of `enable_delay_steps` (ns-2's avoidReordering_): the
    /// packet in transmission keeps its arrival; the waiting ones take the new delay
    /// when they start, and one that would arrive before the latest arrival scheduled
    /// arrives a transmission time after it; later packets on an idle link arrive
    /// after the new delay.
    #[test]
    fn a_delay_step_down_keeps_packets_in_order_a_transmission_time_apart() {
        let mut o = Order::new();
        let mut l = link(100);
        l.enable_delay_steps();
        for i in 0..3 {
            l.offer_passed(&pkt(i), Pass::AsIs, at(0), &mut o);
        }
        let arrs = |l: &Link| l.pipe.iter().map(|e| e.arr_shadow).collect::<Vec<f64>>();
        assert_eq!(arrs(&l), vec![0.0 + (0.001 + 0.010), 0.001 + (0.001 + 0.010), 0.002 + (0.001 + 0.010)]);
        // at 0.5 ms the delay drops to 0: 1 and 2 would arrive at 2 and 3 ms, before 0
        l.set_delay_step(0.0, at(500_000), &mut o);
        let first = 0.0 + 0.001 + 0.010; // ns-2's latest_time_ after packet 0
        let second = first + 0.001;
        let third = second + 0.001;
        assert_eq!(arrs(&l), vec![0.011, 0.001 + (second - 0.001), 0.002 + (third - 0.002)]);
        assert_eq!(l.pipe[2].dep_shadow, 0.003, "departures stand");
        // after the three have arrived, a packet on the idle link takes the new delay
        for _ in 0..3 {
            l.pop_head();
        }
        l.offer_passed(&pkt(3), Pass::AsIs, at(20_000_000), &mut o);
        assert_eq!(arrs(&l), vec![0.02 + (0.001 + 0.0)]);
        // a step up: the waiting packet arrives after the longer delay (no rule needed)
        l.offer_passed(&pkt(4), Pass::AsIs, at(20_000_000), &mut o);
        l.set_delay_step(0.050, at(20_500_000), &mut o);
        assert_eq!(arrs(&l), vec![0.021, 0.021 + (0.001 + 0.050)]);
    }

    /// ns-2's LinkDelay as it comes (avoidReordering_ false): after a step down a packet
    /// that starts later arrives at its start + transmission + the new delay, before the
    /// packets on the wire and the one in transmission, which keep theirs; the pipe hands
    /// them over in arrival order, counts departures and queue as before, and says when
    /// an arrival will come before every packet it holds (its event is to be filed).
    /// Its entry is hooked: every offer takes the event loop's cold path, which asks.
    #[test]
    fn a_delay_step_down_lets_later_packets_overtake_those_on_the_wire() {
        let mut o = Order::new();
        let mut l = link(100);
        l.enable_overtaking();
        for i in 0..4 {
            l.offer_passed(&pkt(i), Pass::AsIs, at(0), &mut o);
        }
        // at 1.5 ms (packet 0 on the wire, 1 in transmission, 2 and 3 waiting) the delay
        // drops from 10 to 2 ms
        assert!(l.set_delay_overtaking(0.002, at(1_500_000), &mut o), "2 arrives first now");
        let arrs = |l: &Link| l.pipe.iter().map(|e| e.arr_shadow).collect::<Vec<f64>>();
        assert_eq!(arrs(&l), vec![0.0 + (0.001 + 0.010), 0.001 + (0.001 + 0.010), 0.002 + (0.001 + 0.002),
                                  0.003 + (0.001 + 0.002)]);
        assert_eq!(l.overtake.as_deref().unwrap(), &VecDeque::from([2]));
        assert_eq!(l.queue_pkts(), 3, "1 in transmission, 2 and 3 waiting");
        // a later step down with 0's and 1's lane still there: 2, in transmission at
        // 2.5 ms, keeps its 2 ms, 3 takes 0.5 ms
        assert!(l.set_delay_overtaking(0.0005, at(2_500_000), &mut o), "3 arrives first now");
        assert_eq!(arrs(&l)[3], 0.003 + (0.001 + 0.0005));
        assert_eq!(l.overtake.as_deref().unwrap(), &VecDeque::from([2, 1]));
        let mut order = vec![];
        while let Some((t, sh, _)) = l.head_arrival() {
            let (p, ok) = l.pop_head();
            assert!(ok);
            order.push((p.seq, t, sh));
        }
        let seqs: Vec<i64> = order.iter().map(|o| o.0).collect();
        assert_eq!(seqs, vec![3, 2, 0, 1], "arrival order: 3 at 4.5 ms, 2 at 5, 0 at 11, 1 at 12");
        assert!(order.windows(2).all(|w| w[0].2 <= w[1].2));
        assert_eq!((l.departed_pkts, l.popped_pkts, l.departed_bytes), (4, 4, 4000));
        assert!(l.overtake.as_deref().unwrap().is_empty());
        // a packet that would arrive first says so (its caller files its event)
        assert!(!l.set_delay_overtaking(0.100, at(20_000_000), &mut o), "empty");
        assert!(matches!(l.offer_passed(&pkt(4), Pass::AsIs, at(20_000_000), &mut o), Offer::Admitted { was_empty: true }));
        assert!(!l.last_overtakes_all());
        assert!(!l.set_delay_overtaking(0.0, at(20_500_000), &mut o), "4, in transmission, first still");
        assert!(matches!(l.offer_passed(&pkt(5), Pass::AsIs, at(20_600_000), &mut o), Offer::Admitted { was_empty: false }));
        assert!(l.last_overtakes_all(), "5 arrives before 4: its caller files its event");
        l.offer_passed(&pkt(6), Pass::AsIs, at(20_600_000), &mut o);
        assert!(!l.last_overtakes_all(), "6 arrives after 5");
        assert_eq!(l.head_arrival().unwrap().1, 0.021 + (0.001 + 0.0));
        assert!(!l.head_due(from_secs(0.121), 0.121), "the first packet's event is stale until it is the head");
    }

    /// RED with ECN: what it would drop early is `Markable`; an ECN-capable packet is
    /// then admitted with its CE bit set and counted as a mark, any other dropped
    /// early; DropTail never asks.
    #[test]
    fn a_marking_red_queue_admits_ect_packets_with_ce_and_drops_the_others() {
        let mut o = Order::new();
        use crate::net::packet::CE;
        use crate::net::queue::Red;
        let s = RngStreams::new(1);
        // the average is the queue (w_q 1), in the linear region throughout
        let red = Red::new(2000, 2.0, 1000.0, 1.0, 0.5, true, false, 1000.0).with_ecn(1.0);
        let mut l = Link::new("a->b".into(), 0, 1, 8e6, 0.010, QueueDiscipline::Red(Box::new(red)), None, s.stream("e"), s.stream("q"), vec![]);
        let (mut marked, mut dropped, mut admitted) = (0, 0, 0);
        for i in 0..400 {
            let p = pkt(i);
            let o = match l.offer_passed(&p, Pass::AsIs, at(0), &mut o) {
                Offer::Markable if i % 2 == 0 => {
                    marked += 1;
                    l.resolve_mark(&p, Pass::AsIs, at(0), true, &mut o)
                }
                Offer::Markable => {
                    dropped += 1;
                    l.resolve_mark(&p, Pass::AsIs, at(0), false, &mut o)
                }
                o => o,
            };
            admitted += matches!(o, Offer::Admitted { .. }) as u64;
        }
        assert!(marked > 8 && dropped > 8, "{marked} {dropped}");
        assert_eq!(l.stats.ecn_marks, marked);
        assert_eq!(l.stats.drops_early, dropped);
        let mut ce = 0;
        l.for_each_in_pipe(|p| ce += (p.aux & CE != 0) as u64);
        assert_eq!(ce, marked);
        assert_eq!(admitted, l.in_pipe() as u64);
        let mut d = link(1000);
        assert!((0..200).all(|i| matches!(d.offer_passed(&pkt(i), Pass::AsIs, at(0), &mut o), Offer::Admitted { .. })));
    }

    /// Jitter: each packet arrives between its exact time and jitter later, never
    /// before the packet ahead, the extra delay spread over the whole range; the same
    /// stream gives the same arrivals, and a link without it keeps the exact times.
    #[test]
    fn jitter_delays_each_packet_within_its_range_without_reordering() {
        let mut o = Order::new();
        let arrivals = |jitter_s: f64, seed: u64| {
            let mut o = Order::new();
            let mut l = link(10_000);
            let s = RngStreams::new(seed);
            if jitter_s > 0.0 {
                l.set_jitter(jitter_s, s.stream("j"));
            }
            let mut out = vec![];
            // one packet every 2 ms into a link that sends one per ms: no queueing, so
            // each packet's exact arrival is its offer time + 1 ms + 10 ms
            for k in 0..2000i64 {
                let t = from_ms(2.0 * k as f64);
                l.offer(pkt(k), at(t), &mut o);
                let (_, sh, _) = l.head_arrival().unwrap();
                let (p, _) = l.pop_head();
                out.push((p.seq, sh, crate::engine::to_secs(t) + 0.011));
            }
            out
        };
        let exact = arrivals(0.0, 1);
        assert!(exact.iter().all(|&(_, sh, base)| (sh - base).abs() < 1e-12));
        let j = 0.0005; // 0.5 ms: below the 2 ms spacing, so none is held by the one ahead
        let a = arrivals(j, 1);
        let extra: Vec<f64> = a.iter().map(|&(_, sh, base)| sh - base).collect();
        assert!(extra.iter().all(|&e| (-1e-12..j).contains(&e)), "within [0, jitter)");
        let mean = extra.iter().sum::<f64>() / extra.len() as f64;
        assert!((mean - j / 2.0).abs() < 0.05 * j, "uniform: mean {mean}");
        assert!(extra.iter().any(|&e| e < 0.1 * j) && extra.iter().any(|&e| e > 0.9 * j));
        assert_eq!(a, arrivals(j, 1), "the same stream, the same arrivals");
        assert_ne!(a, arrivals(j, 2));
        // a jitter larger than the spacing: packets would overtake the ones still on the
        // wire, so they arrive with them instead
        let mut l = link(10_000);
        l.set_jitter(0.01, RngStreams::new(3).stream("j"));
        for k in 0..2000i64 {
            l.offer(pkt(k), at(from_ms(2.0 * k as f64)), &mut o);
        }
        let mut b = vec![];
        while let Some((_, sh, _)) = l.head_arrival() {
            b.push((l.pop_head().0.seq, sh));
        }
        assert_eq!(b.len(), 2000);
        assert!(b.windows(2).all(|w| w[1].1 >= w[0].1 && w[1].0 == w[0].0 + 1), "FIFO");
        assert!(b.windows(2).any(|w| w[1].1 == w[0].1), "some held by the packet ahead");
    }

    #[test]
    fn sent_bits_count_the_packet_in_service_by_the_part_sent() {
        let mut o = Order::new();
        // 1000-byte packets take 1 ms at this link's 8 Mb/s
        let mut l = link(10);
        for i in 0..3 {
            l.offer(pkt(i), at(0), &mut o);
        }
        l.advance(At::end_of(from_ms(1.5)), &o);
        assert!((l.sent_bits(1.5e-3) - 12_000.0).abs() < 1e-6, "{}", l.sent_bits(1.5e-3));
        l.advance(At::end_of(from_ms(2.25)), &o);
        assert!((l.sent_bits(2.25e-3) - 18_000.0).abs() < 1e-6);
        // an interval never counts more than the link could send in it
        let (a, b) = (l.sent_bits(1.5e-3), l.sent_bits(2.25e-3));
        assert!(b - a <= 8e6 * 0.75e-3 + 1e-6);
        l.advance(At::end_of(from_ms(10.0)), &o);
        assert_eq!(l.sent_bits(10e-3), 24_000.0);
    }

    /// Two packets offered at 0 (the second starts when the first departs, at 1 ms) and
    /// an event due at 2 ms (when the second departs) scheduled by an event at `sched`.
    fn an_event_at_the_second_departure(sched: f64) -> (Link, Order) {
        let mut o = Order::new();
        let mut l = link(10);
        o.begin(0.0, Origin::ROOT);
        let first = o.call(); // scheduled at 0, before the event at `sched`
        l.offer(pkt(0), at(0), &mut o);
        l.offer(pkt(1), at(0), &mut o);
        o.begin(sched, first);
        let later = o.call();
        o.begin(0.002, later);
        (l, o)
    }

    #[test]
    fn the_last_departure_at_the_events_own_instant_keeps_the_tie_order() {
        // the second packet departs at 2 ms exactly (double 0.002): an event at that
        // instant scheduled before its transmission started (at 1 ms) runs first and
        // still sees it queued; one scheduled after sees it gone (the idle link's short
        // cut must not decide ties)
        for (sched, queued) in [(0.0005, 1), (0.0015, 0)] {
            let (mut l, o) = an_event_at_the_second_departure(sched);
            l.advance(At { now: from_ms(2.0), shadow: 0.002 }, &o);
            assert_eq!(l.queue_pkts(), queued, "event scheduled at {sched}");
            assert_eq!(l.departed_bytes(), 1000 * (2 - queued as u64));
        }
    }

    /// A link going down (ns-2's dynamic link reset): five packets offered at 0, 1 ms
    /// each to send, 10 ms on the wire; down at 2.5 ms: two on the wire, one in
    /// transmission (departed, as ns-2's monitor counts it), two waiting (not departed);
    /// all five lost. While down it refuses packets at its entry; back up, it is idle
    /// and sends at once, and the stale head event is told apart.
    #[test]
    fn a_link_going_down_loses_what_it_holds_and_refuses_packets_until_it_is_up() {
        let mut o = Order::new();
        let mut l = link(10);
        l.enable_outages();
        for i in 0..5 {
            assert!(matches!(l.offer(pkt(i), at(0), &mut o), Offer::Admitted { .. }));
        }
        let head = l.head_arrival().unwrap();
        assert!(l.head_due(head.0, head.1));
        let lost = l.go_down(at(from_ms(2.5)), &o);
        assert_eq!(lost.iter().map(|p| p.seq).collect::<Vec<_>>(), vec![0, 1, 2, 3, 4]);
        // (the bytes are those sent whole; half of the third went out)
        assert_eq!((l.departed_pkts(), l.departed_bytes(), l.queue_pkts(), l.in_pipe()), (3, 2000, 0, 0));
        assert!((l.sent_bits(0.0025) - 2500.0 * 8.0).abs() < 1e-6);
        assert_eq!((l.stats.drops_down, l.stats.arrivals_pkts), (5, 5));
        assert!(!l.head_due(head.0, head.1), "the head event left in the calendar is stale");
        // time in the system: 1, 2 and 2.5 ms for the first three, 2.5 ms for the two
        // waiting, over 5 ms
        assert!((l.mean_queue_pkts(from_ms(5.0)) - (1.0 + 2.0 + 2.5 + 2.5 + 2.5) / 5.0).abs() < 1e-9);
        assert!(l.is_down() && l.at_entry(&pkt(5), 0.0) == Entry::Lost);
        assert_eq!((l.stats.refused_down, l.stats.arrivals_pkts), (1, 5), "refused, not an arrival");
        l.go_up();
        assert!(l.at_entry(&pkt(6), 0.0) == Entry::On { mark: false });
        assert!(matches!(l.offer(pkt(6), at(from_ms(3.0)), &mut o), Offer::Admitted { was_empty: true }));
        // idle: sent at once, 1 ms, then 10 ms on the wire
        assert_eq!(l.head_arrival().map(|x| x.0), Some(from_ms(14.0)));
        assert_eq!(l.pop_head().0.seq, 6);
        assert_eq!(l.departed_pkts(), 4);
    }

    #[test]
    fn a_packet_starting_at_the_instant_the_link_goes_down_is_in_transmission() {
        // offered to the idle link at 2 ms by an event before the outage's: ns-2 dequeued
        // it at once, so it counts as departed; the one behind it waits and does not
        let mut o = Order::new();
        let mut l = link(10);
        l.enable_outages();
        l.offer(pkt(0), at(from_ms(2.0)), &mut o);
        l.offer(pkt(1), at(from_ms(2.0)), &mut o);
        assert_eq!(l.go_down(at(from_ms(2.0)), &o).len(), 2);
        assert_eq!(l.departed_pkts(), 1);
    }

    #[test]
    fn fifo_departures_and_queue_length() {
        let mut o = Order::new();
        let mut l = link(10);
        for i in 0..3 {
            assert!(matches!(l.offer(pkt(i), at(0), &mut o), Offer::Admitted { .. }));
        }
        assert_eq!(l.queue_pkts(), 3);
        l.advance(At::end_of(from_ms(1.0)), &o);
        assert_eq!(l.queue_pkts(), 2);
        l.advance(At::end_of(from_ms(2.5)), &o);
        assert_eq!(l.queue_pkts(), 1);
        assert_eq!(l.departed_bytes(), 2000);
        assert_eq!(l.head_arrival().map(|x| x.0), Some(from_ms(11.0)));
        let (p, ok) = l.pop_head();
        assert!(ok);
        assert_eq!(p.seq, 0);
        assert_eq!(l.head_arrival().map(|x| x.0), Some(from_ms(12.0)));
        assert_eq!(l.departed_bytes(), 2000);
        l.advance(At::end_of(from_ms(3.0)), &o);
        assert_eq!(l.queue_pkts(), 0);
        assert_eq!(l.departed_bytes(), 3000);
        // mean queue over [0, 4 ms]: 3 for 1 ms, 2 for 1 ms, 1 for 1 ms, 0 -> 6/4
        assert!((l.mean_queue_pkts(from_ms(4.0)) - 1.5).abs() < 1e-9);
        // over [0, 1.5 ms]: 3 for 1 ms then 2 for 0.5 ms -> 4/1.5
        assert!((l.mean_queue_pkts(from_ms(1.5)) - 4.0 / 1.5).abs() < 1e-9);
    }

    #[test]
    fn a_moving_link_delays_each_packet_by_its_length_when_it_starts() {
        let mut o = Order::new();
        let mut l = link(100);
        // 10 ms at t = 0, growing 1 us per ms (a link lengthening at 300 m/ms)
        l.set_delay_ramp(0.0, 0.010, 1e-3);
        l.offer(pkt(0), at(0), &mut o); // starts at 0, 1 ms on the wire: arrives 0 + 1 ms + 10 ms
        l.offer(pkt(1), at(0), &mut o); // starts at 1 ms: delay 10.001 ms
        let (_, a0, _) = l.head_arrival().unwrap();
        assert!((a0 - 0.011).abs() < 1e-15);
        l.pop_head();
        let (_, a1, _) = l.head_arrival().unwrap();
        assert!((a1 - (0.001 + 0.001 + 0.010_001)).abs() < 1e-15, "{a1}");
    }

    #[test]
    fn a_shrinking_delay_never_reorders_packets() {
        let mut o = Order::new();
        let mut l = link(1000);
        // the far end rushing closer at absurd speed: the delay would fall faster than time
        l.set_delay_ramp(0.0, 0.010, -5.0);
        for i in 0..10 {
            l.offer(pkt(i), at(0), &mut o);
        }
        let mut last = 0.0;
        while l.in_pipe() > 0 {
            let (_, a, _) = l.head_arrival().unwrap();
            assert!(a >= last);
            last = a;
            l.pop_head();
        }
    }

    #[test]
    fn droptail_limit_counts_in_service_packet() {
        let mut o = Order::new();
        let mut l = link(3);
        let admitted = (0..5).filter(|i| matches!(l.offer(pkt(*i), at(0), &mut o), Offer::Admitted { .. })).count();
        assert_eq!(admitted, 3);
        assert_eq!(l.stats.drops_overflow, 2);
        assert_eq!(l.stats.max_queue_pkts, 3);
    }

    #[test]
    fn same_instant_departure_is_ordered_by_shadow_then_by_what_scheduled_each() {
        let dep: f64 = 8.0 * 1000.0 / 8e6; // packet 0's departure, 1 ms, on the double clock
        let t = from_ms(1.0);
        let run = |shadow: f64, arrival_scheduled_first: bool| {
            let mut o = Order::new();
            let mut l = link(2);
            o.begin(0.0, Origin::ROOT);
            let (early, _) = (o.call(), ());
            l.offer(pkt(0), at(0), &mut o); // in service 0..1 ms
            l.offer(pkt(1), at(0), &mut o); // waits, 1..2 ms
            let late = o.call();
            // the arrival was scheduled before the transmission of packet 0 started, or after
            o.begin(shadow, if arrival_scheduled_first { early } else { late });
            let got = l.offer(pkt(2), At { now: t, shadow }, &mut o);
            (matches!(got, Offer::Admitted { .. }), l)
        };
        // an arrival whose double time is one ulp earlier sees a full queue, whatever
        let before = f64::from_bits(dep.to_bits() - 1);
        assert!(!run(before, false).0);
        // at the same double time, what scheduled each decides
        assert!(!run(dep, true).0);
        let (admitted, l) = run(dep, false);
        assert!(admitted);
        // the packet starts when the queue resumes: its arrival is 1 ms + (1 ms + 10 ms)
        let (at, shadow, _) = l.head_arrival().unwrap();
        assert_eq!(at, from_ms(11.0));
        assert_eq!(shadow, 0.0 + (dep + 0.010));
    }

    #[test]
    fn million_packets_do_not_drift() {
        let mut o = Order::new();
        // A saturated 155 Mb/s link: each departure (delay 0, so the arrival event is
        // the departure) offers the next packet, keeping one waiting. A 1000-byte packet
        // takes 51,612.903... ns; chaining 51,613 ns would put the millionth departure
        // 96.8 us late. The integer clock must stay within 1 ns of the exact rational
        // time n x 8000 / 155e6 s, and equal its double time rounded.
        let s = RngStreams::new(1);
        let mut l = Link::new(
            "oc3".into(),
            0,
            1,
            155e6,
            0.0,
            QueueDiscipline::DropTail(DropTail { limit_pkts: Some(10), limit_bytes: None }),
            None,
            s.stream("e"),
            s.stream("q"),
            vec![],
        );
        l.offer(pkt(0), at(0), &mut o);
        l.offer(pkt(1), at(0), &mut o);
        let n: u64 = 1_000_000;
        let mut last = (0, 0.0);
        for k in 1..=n {
            let (t, sh, _) = l.head_arrival().unwrap();
            assert!(t >= last.0 && sh > last.1, "departures in order");
            assert_eq!(t, from_secs(sh));
            last = (t, sh);
            let (p, _) = l.pop_head();
            assert_eq!(p.seq, k as i64 - 1);
            assert!(matches!(l.offer(pkt(k as i64 + 1), At { now: t, shadow: sh }, &mut o), Offer::Admitted { .. }));
        }
        // exact: n * 8000 / 155e6 s = n * 8e12 / 155e6 ns = n * 1_600_000 / 31 ns
        let exact_num = n as u128 * 1_600_000; // over 31
        let got = last.0 as u128 * 31;
        let drift_31ths = got.abs_diff(exact_num);
        assert!(drift_31ths <= 31, "millionth departure at {} ns, exact {} ns", last.0, exact_num as f64 / 31.0);
    }

    #[test]
    fn idle_link_sends_at_once() {
        let mut o = Order::new();
        let mut l = link(3);
        l.offer(pkt(0), at(from_ms(100.0)), &mut o);
        assert_eq!(l.head_arrival().map(|x| x.0), Some(from_ms(111.0)));
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use crate::engine::{to_secs, RngStreams};
    use crate::net::packet::PacketKind;
    use crate::net::queue::DropTail;
    use proptest::prelude::*;

    proptest! {
        /// Whatever the arrival pattern: the queue never exceeds its limit, every
        /// packet offered is dropped, lost at the entry, departed-and-arrived, or still
        /// in the pipe, and packets leave in the order they were admitted.
        #[test]
        fn conservation_fifo_and_limit(limit in 1u32..20, rate in 1e5f64..1e9, delay_ms in 0.0f64..50.0,
                                       gaps in proptest::collection::vec(0u64..2_000_000, 1..300),
                                       sizes in proptest::collection::vec(40u16..1500, 300),
                                       entry_per in proptest::option::of(0.0f64..0.5)) {
            let s = RngStreams::new(1);
            let mut o = Order::new();
            let mut l = Link::new("x".into(), 0, 1, rate, delay_ms / 1e3,
                QueueDiscipline::DropTail(DropTail { limit_pkts: Some(limit), limit_bytes: None }),
                entry_per.map(|per| crate::net::error_model::ErrorModel::PacketErrorRate { per }),
                s.stream("e"), s.stream("q"), vec![]);
            if entry_per.is_some() {
                l.set_error_at_entry();
            }
            let (mut now, mut offered, mut dropped, mut arrived, mut lost) = (0u64, 0u64, 0u64, 0u64, 0u64);
            let mut last_seq = -1i64;
            for (i, g) in gaps.iter().enumerate() {
                now += g;
                // deliver everything due by now, in order
                while let Some((t, sh, _)) = l.head_arrival() {
                    // every integer time is its double time rounded (no chained rounding)
                    prop_assert_eq!(t, crate::engine::from_secs(sh));
                    if t > now { break; }
                    let (p, ok) = l.pop_head();
                    prop_assert!(ok);
                    prop_assert!(p.seq > last_seq);
                    last_seq = p.seq;
                    arrived += 1;
                }
                let pkt = Packet { flow: 0, kind: PacketKind::Data, seq: i as i64, size_bytes: sizes[i],
                                   ttl: 9, tos: 0, rwnd_pkts: 0, hop: 0, aux: 0 };
                offered += 1;
                match l.offer(pkt, At { now, shadow: to_secs(now) }, &mut o) {
                    Offer::Admitted { .. } => {}
                    Offer::Dropped(Verdict::Lost) => lost += 1,
                    Offer::Dropped(_) => dropped += 1,
                    Offer::Markable => prop_assert!(false, "offer() resolves RED's marks"),
                    Offer::Scheduled { .. } => prop_assert!(false, "a FIFO link does not schedule"),
                }
                prop_assert!(l.queue_pkts() <= limit);
            }
            prop_assert_eq!(offered, dropped + lost + arrived + l.in_pipe() as u64);
            prop_assert_eq!(lost, l.stats.drops_error);
            prop_assert!(l.stats.max_queue_pkts <= limit);
        }
    }
}
