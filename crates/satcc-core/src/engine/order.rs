//! ns-2's order of events due at the same double time.
//!
//! ns-2's scheduler runs events in order of their double time and, at equal times, in
//! the order they were scheduled (its calendar files a new event after every event of
//! equal time). The order they were scheduled is the order of the events during which
//! they were scheduled, and within one of those the order of its calls. So two events
//! tied in time are ordered by their scheduling events; if those ran at the same time
//! too, by theirs; and so on back, as far as the tie goes. On links of equal rates the
//! tie goes far: a packet's arrival at a router and the router link's departure due at
//! the same instant were scheduled by departures one transmission earlier, themselves
//! by departures one more transmission earlier, back to where the two links' busy
//! periods began. satcc keeps a link's departures implicit (net::link) and files a
//! link's arrival only when the packet reaches the link's head, so the order is kept
//! apart from the calendar, here: each event that ran, and each departure that started a
//! waiting packet (a departure that would have been an event in ns-2), is a node with
//! its double time, the node that scheduled it and its call there. Events that ran are
//! ordered by when they ran; a departure against anything by walking both back.
//!
//! The nodes live in a ring: a comparison reaches back as far as the tie goes, and a
//! node overwritten since (the ring holds the last RING nodes, 16 bytes each, 4 MB; it
//! starts at FIRST_RING and doubles as a run makes nodes) is ordered by its number
//! instead. How far back a tie goes: a few windows of packets, but on links of equal
//! rates fed one by another all run long, past the last 65,536 nodes (the lockstep
//! dumbbell 9061 of satcc.dev.ns2exact, and two of the catalog's OC48 runs).

use std::cell::{Cell, OnceCell};
use std::cmp::Ordering;

/// A node's number: the events that ran and the departures that started a packet, in
/// the order they were made. ROOT: the scenario itself (what is scheduled before the
/// run starts).
pub type NodeId = u64;
pub const ROOT: NodeId = 0;

/// Nodes kept: a tie is followed back through at most this many nodes made since.
const RING: usize = 1 << 18;
/// The ring's first size (a short run makes few nodes).
const FIRST_RING: usize = 1 << 12;

/// A walk this many steps long or longer is remembered (`Memo`), and a walk consults
/// what was remembered from this step on: on links in lockstep each tie walks the
/// chains the previous one walked, one step longer, as far back as the busy periods
/// began or the ring goes (a run of ns-2.35's CBR sources on shared links spent 99 % of
/// its time there, each tie walking up to RING nodes).
const MEMO_STEPS: u32 = 4;
/// Walks remembered: a table of this many, by the pair of nodes compared.
const MEMO: usize = 1 << 12;

/// A comparison remembered: nodes `a` and `b` are ordered `ord`. A node never changes
/// and its number is never reused, so the answer holds for the rest of the run, also
/// once the ring has let go of the nodes the walk read: it is then what the walk found
/// while they were kept, the order as ns-2 has it, where a walk again would stop at
/// the ring's end and order by number. (On links in lockstep past the ring, that kept
/// each tie walking the whole ring.)
#[derive(Clone, Copy, Debug)]
struct Memo {
    a: NodeId,
    b: NodeId,
    ord: Ordering,
}

const NO_MEMO: Memo = Memo { a: NodeId::MAX, b: NodeId::MAX, ord: Ordering::Equal };

/// Calls of one event beyond this share its last number (ordered by filing then); the
/// departure after the last is the next number, 15 bits at most.
const MAX_CALL: u32 = 0x7FFE;

/// A node in 16 bytes: its double time, and in one word the node that scheduled it (40
/// bits), its call there (15), whether it ran (1) and a tag (8) that tells it from the
/// nodes that held its slot before (its number over the ring's size). Small, so that a
/// ring far back costs little to write (one node per event).
#[derive(Clone, Copy, Debug)]
struct Slot {
    time: f64,
    word: u64,
}

const EMPTY: Slot = Slot { time: 0.0, word: u64::MAX };

/// A node as read from its slot.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// When it ran (or, a departure, when ns-2 would run it), on the double clock.
    time: f64,
    /// The node that scheduled it, and its call there (see `Order::call`).
    parent: NodeId,
    call: u32,
    /// It ran (satcc handled it as an event): nodes that ran are ordered by their number.
    ran: bool,
}

/// Where an event was scheduled: its scheduling node and its call there. Calls of one
/// node are numbered in the order made, two apart (`Order::call`), so that the
/// departure a transmission schedules right after the packet's arrival (ns-2's
/// LinkDelay::recv schedules the arrival, then the link's resume) is the next number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Origin {
    pub node: NodeId,
    pub call: u32,
}

impl Origin {
    pub const ROOT: Origin = Origin { node: ROOT, call: 0 };

    /// The departure that ends the transmission this origin started (scheduled in the
    /// same call as the packet's arrival, right after it).
    #[inline]
    pub fn departure(self) -> Origin {
        Origin { node: self.node, call: self.call + 1 }
    }
}

pub struct Order {
    ring: Vec<Slot>,
    next: NodeId,
    /// The event being handled, and the calls it made so far.
    cur: NodeId,
    calls: u32,
    /// Long walks remembered (made at the first).
    memo: OnceCell<Box<[Cell<Memo>]>>,
}

impl Default for Order {
    fn default() -> Self {
        Self::new()
    }
}

impl Order {
    pub fn new() -> Self {
        Order { ring: vec![EMPTY; FIRST_RING], next: ROOT, cur: ROOT, calls: 0, memo: OnceCell::new() }
    }

    fn tag(&self, id: NodeId) -> u64 {
        (id >> self.ring.len().trailing_zeros()) & 0xFF
    }

    fn add(&mut self, time: f64, at: Origin, ran: bool) -> NodeId {
        self.next += 1;
        let id = self.next;
        if id as usize >= self.ring.len() && self.ring.len() < RING {
            self.grow();
        }
        let word = (at.node << 24) | ((at.call.min(MAX_CALL + 1) as u64) << 9) | ((ran as u64) << 8) | self.tag(id);
        let mask = self.ring.len() - 1;
        self.ring[id as usize & mask] = Slot { time, word };
        id
    }

    /// The ring at its full size now rather than by doublings as nodes come. A paced
    /// run asks for it before its clock starts: each doubling allocates, touches and
    /// copies the ring in one event, a stall of the loop's own that doubles with the
    /// ring (BENCHMARKS.md, "The real-time loop's own stalls"). Orders nothing
    /// differently: a growing ring overwrites no node, so node k is in slot k with tag 0
    /// either way.
    pub fn grow_to_full(&mut self) {
        if self.ring.len() < RING {
            self.grow_to(RING);
        }
    }

    /// Twice the ring.
    #[cold]
    fn grow(&mut self) {
        self.grow_to(self.ring.len() * 2);
    }

    /// The ring at `len` slots (a larger power of two), every node in its place there
    /// (none was overwritten yet: node k is in slot k), its tag for the new size.
    fn grow_to(&mut self, len: usize) {
        let old = std::mem::replace(&mut self.ring, vec![EMPTY; len]);
        for (k, slot) in old.into_iter().enumerate() {
            if slot.word != EMPTY.word {
                let tag = self.tag(k as NodeId);
                self.ring[k] = Slot { time: slot.time, word: (slot.word & !0xFF) | tag };
            }
        }
    }

    #[inline]
    fn get(&self, id: NodeId) -> Option<Node> {
        let slot = self.ring[id as usize & (self.ring.len() - 1)];
        (slot.word != EMPTY.word && slot.word & 0xFF == self.tag(id)).then(|| Node {
            time: slot.time,
            parent: slot.word >> 24,
            call: ((slot.word >> 9) & 0x7FFF) as u32,
            ran: (slot.word >> 8) & 1 == 1,
        })
    }

    /// The event scheduled at `at`, due at double time `time`, starts running now.
    #[inline]
    pub fn begin(&mut self, time: f64, at: Origin) {
        self.cur = self.add(time, at, true);
        self.calls = 0;
    }

    /// A departure (due at `time`, scheduled at `at`) that starts the next waiting
    /// packet: a node for what it schedules.
    #[inline]
    pub fn departure(&mut self, time: f64, at: Origin) -> NodeId {
        self.add(time, at, false)
    }

    /// The origin of something the current event schedules now: its next call.
    #[inline]
    pub fn call(&mut self) -> Origin {
        self.calls = (self.calls + 2).min(MAX_CALL);
        Origin { node: self.cur, call: self.calls }
    }

    /// The event being handled.
    #[inline]
    pub fn current(&self) -> NodeId {
        self.cur
    }

    /// Where the event being handled was scheduled (`begin`'s `at`), read back from its
    /// node: with its double time, which of several events filed for the same instant
    /// it is (a flow's timer set again).
    pub fn current_origin(&self) -> Origin {
        let n = self.get(self.cur).expect("the event being handled is the newest node");
        Origin { node: n.parent, call: n.call }
    }

    /// Whether something scheduled at `a` runs before something scheduled at `b`, both
    /// due at the same double time.
    #[inline]
    pub fn before(&self, a: Origin, b: Origin) -> bool {
        self.cmp_origins(a, b) == Ordering::Less
    }

    /// The order of two things due at the same double time, by where they were scheduled.
    #[inline]
    pub fn cmp_origins(&self, a: Origin, b: Origin) -> Ordering {
        if a.node == b.node {
            a.call.cmp(&b.call)
        } else {
            self.cmp_nodes(a.node, b.node)
        }
    }

    /// Whether an implicit event (a departure due at double time `time`, scheduled at
    /// `at`) runs before the event being handled (due at `now_s`).
    #[inline]
    pub fn before_current(&self, time: f64, at: Origin, now_s: f64) -> bool {
        if time != now_s {
            return time < now_s;
        }
        match self.get(self.cur) {
            Some(c) => self.before(at, Origin { node: c.parent, call: c.call }),
            None => at.node < self.cur,
        }
    }

    /// The order in which two nodes ran (or, departures, would have run in ns-2).
    #[cold]
    #[inline(never)]
    fn cmp_nodes(&self, a0: NodeId, b0: NodeId) -> Ordering {
        let (mut a, mut b) = (a0, b0);
        let mut steps = 0;
        let ord = loop {
            if steps >= MEMO_STEPS && a != b {
                if let Some(ord) = self.recall(a, b) {
                    break ord;
                }
            }
            match self.walk_step(a, b) {
                Ok(ord) => break ord,
                Err(back) => (a, b) = back,
            }
            steps += 1;
        };
        if steps >= MEMO_STEPS {
            let memo = self.memo.get_or_init(|| vec![Cell::new(NO_MEMO); MEMO].into_boxed_slice());
            memo[Self::memo_slot(a0, b0)].set(Memo { a: a0, b: b0, ord });
        }
        ord
    }

    /// One step of the walk: the order of nodes `a` and `b` if they decide it, else the
    /// pair that scheduled them.
    #[inline]
    fn walk_step(&self, a: NodeId, b: NodeId) -> Result<Ordering, (NodeId, NodeId)> {
        if a == b {
            return Ok(Ordering::Equal);
        }
        let (Some(x), Some(y)) = (self.get(a), self.get(b)) else {
            // the scenario's own events ran first; a node overwritten since: by number
            return Ok(a.cmp(&b));
        };
        if x.ran && y.ran {
            Ok(a.cmp(&b))
        } else if x.time != y.time {
            Ok(x.time.total_cmp(&y.time))
        } else if x.parent == y.parent {
            Ok(x.call.cmp(&y.call))
        } else {
            Err((x.parent, y.parent))
        }
    }

    fn memo_slot(a: NodeId, b: NodeId) -> usize {
        (a.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ b.wrapping_mul(0xC2B2_AE3D_27D4_EB4F)) as usize >> 7 & (MEMO - 1)
    }

    /// The remembered order of `a` and `b`, if remembered.
    fn recall(&self, a: NodeId, b: NodeId) -> Option<Ordering> {
        let m = self.memo.get()?[Self::memo_slot(a, b)].get();
        (m.a == a && m.b == b).then_some(m.ord)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The event being handled knows where it was scheduled: an event's call, a
    /// departure's (the call after), a call past the last number, also once the ring has
    /// wrapped.
    #[test]
    fn the_event_being_handled_reads_back_where_it_was_scheduled() {
        let mut o = Order::new();
        let mut last = Origin::ROOT;
        for k in 0..(2 * RING) as u64 {
            let at = match k % 4096 {
                0 => {
                    for _ in 0..MAX_CALL {
                        o.call();
                    }
                    o.call()
                }
                k if k % 2 == 1 => o.call().departure(),
                _ => o.call(),
            };
            o.begin(k as f64, at);
            assert_eq!(o.current_origin(), at);
            assert_ne!(at, last);
            last = at;
        }
    }

    /// A ring grown to its full size after the scenario's first nodes (as a paced run grows
    /// it, built and about to start its clock) orders every
    /// pair of origins as the ring that grows by doublings does, before and after the
    /// nodes pass the full ring and overwrite the oldest: random runs of events, calls and
    /// departures at tied and untied times, every comparison of recent origins checked.
    #[test]
    fn a_ring_grown_in_advance_orders_as_the_growing_one() {
        let (mut grown, mut growing) = (Order::new(), Order::new());
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut rnd = move |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % n
        };
        let mut origins: Vec<Origin> = vec![Origin::ROOT];
        let mut time = 0.0;
        let (mut compared, mut differ) = (0u64, 0u64);
        while growing.next < (RING + RING / 4) as NodeId {
            if grown.next == 3000 && grown.ring.len() < RING {
                grown.grow_to_full();
                assert_eq!(grown.ring.len(), RING);
            }
            if rnd(4) == 0 {
                time += 0.5; // many ties at each time
            }
            let at = origins[origins.len() - 1 - rnd(origins.len().min(64) as u64) as usize];
            match rnd(3) {
                0 => {
                    grown.begin(time, at);
                    growing.begin(time, at);
                }
                1 => {
                    let (a, b) = (grown.call(), growing.call());
                    assert_eq!(a, b);
                    origins.push(a);
                }
                _ => {
                    let (a, b) = (grown.departure(time, at.departure()), growing.departure(time, at.departure()));
                    assert_eq!(a, b);
                    origins.push(Origin { node: a, call: 0 });
                }
            }
            if origins.len() > 4096 {
                origins.drain(..2048);
            }
            let (i, j) = (origins.len() - 1 - rnd(origins.len().min(256) as u64) as usize, rnd(origins.len() as u64) as usize);
            let (a, b) = (origins[i], origins[j]);
            compared += 1;
            differ += (grown.cmp_origins(a, b) != growing.cmp_origins(a, b)) as u64;
        }
        assert_eq!(growing.ring.len(), RING);
        assert!(compared > 300_000);
        assert_eq!(differ, 0, "{differ} of {compared} comparisons differ");
    }

    #[test]
    fn a_tie_follows_both_chains_of_departures_back_to_where_they_part() {
        // one event at t=0 starts packet 1 on link A (arrival call 2, departure call 3);
        // A's departures start packets 2 and 3 in turn; packet 1's arrival at the router
        // (a real event at 1.0, scheduled at A's first call) starts it on link B. At 3.0
        // B's second departure (started by B's first, which packet 1's arrival scheduled)
        // and packet 3's arrival from A (scheduled by A's second departure) tie back to
        // 1.0: packet 1's arrival (call 2 of the first event) ran before A's first
        // departure (call 3), so B's chain comes first all the way
        let mut o = Order::new();
        o.begin(0.0, Origin::ROOT);
        let start_a = o.call();
        let dep_a1 = o.departure(1.0, start_a.departure());
        let arr2_origin = Origin { node: dep_a1, call: 0 };
        let dep_a2 = o.departure(2.0, arr2_origin.departure());
        let arr3_origin = Origin { node: dep_a2, call: 0 };
        o.begin(1.0, start_a); // packet 1 reaches the router
        let start_b = o.call();
        let dep_b1 = o.departure(2.0, start_b.departure());
        let dep_b2_origin = Origin { node: dep_b1, call: 0 }.departure();
        assert!(o.before(dep_b2_origin, arr3_origin));
        assert!(!o.before(arr3_origin, dep_b2_origin));
        // and an arrival scheduled by the same departure comes before that departure's
        // own next departure
        assert!(o.before(arr3_origin, arr3_origin.departure()));
    }

    /// The walk without the memo: the order as ns-2 has it, as far as the ring goes.
    fn plain(o: &Order, mut a: NodeId, mut b: NodeId) -> Ordering {
        loop {
            match o.walk_step(a, b) {
                Ok(ord) => return ord,
                Err(back) => (a, b) = back,
            }
        }
    }

    /// Two links busy in lockstep for longer than the ring holds, B's transmission begun
    /// by a later call than A's: each departure of one ties with the other's, and every
    /// tie goes back to where the busy periods began. While the start is kept, the
    /// remembered walks give the plain walk's order (checked at ties spread over the
    /// chains, and from pairs in their middle); past the ring they go on giving that
    /// order, A first, where a plain walk stops at the ring's end; each tie costs a few
    /// steps rather than the chains' length (a walk of the whole ring at each of these
    /// 400,000 ties would take minutes).
    #[test]
    fn remembered_walks_order_lockstep_chains_as_the_plain_walk() {
        let mut o = Order::new();
        o.begin(0.0, Origin::ROOT);
        let (start_b, start_a) = (o.call(), o.call());
        let (mut a, mut b) = (start_a, start_b);
        let (mut checked, mut differ) = (0, 0);
        for k in 1..=(RING + RING / 2) {
            let t = k as f64 * 0.001;
            // A's node made first each time: numbers alone would put A first
            a = Origin { node: o.departure(t, a.departure()), call: 0 };
            b = Origin { node: o.departure(t, b.departure()), call: 0 };
            let (x, y) = (a.departure(), b.departure());
            let ord = o.cmp_origins(x, y);
            assert_eq!(ord, Ordering::Greater, "B's transmission began first ({k})");
            if 2 * k < RING && (k < 64 || k % 1021 == 0) {
                differ += (ord != plain(&o, x.node, y.node)) as u32;
                let back = 2 * (k as u64 / 3);
                differ += (o.cmp_nodes(a.node - back, b.node - back) != plain(&o, a.node - back, b.node - back)) as u32;
                checked += 2;
            }
        }
        assert!(checked > 200);
        assert_eq!(differ, 0, "{differ} of {checked} differ");
        assert_eq!(plain(&o, a.node, b.node), Ordering::Less, "a plain walk past the ring orders by number");
    }

    #[test]
    fn events_that_ran_are_ordered_by_when_they_ran() {
        let mut o = Order::new();
        o.begin(0.0, Origin::ROOT);
        let (x, y) = (o.call(), o.call());
        assert!(o.before(x, y) && !o.before(y, x));
        o.begin(1.0, y);
        let late = o.call();
        o.begin(1.0, x);
        let later = o.call();
        // scheduled by the event that ran first, whatever scheduled the two
        assert!(o.before(late, later));
    }

    #[test]
    fn a_departure_against_the_event_being_handled() {
        let mut o = Order::new();
        o.begin(0.0, Origin::ROOT);
        let start = o.call();
        let other = o.call();
        o.begin(1.0, other); // the event being handled: scheduled after the transmission
        assert!(o.before_current(1.0, start.departure(), 1.0));
        assert!(o.before_current(0.5, other, 1.0) && !o.before_current(1.5, start, 1.0));
    }

    #[test]
    fn the_ring_grows_and_keeps_every_node_until_it_is_full() {
        let mut o = Order::new();
        o.begin(0.0, Origin::ROOT);
        let first = o.call();
        let ids: Vec<NodeId> = (0..3 * FIRST_RING).map(|k| o.departure(k as f64, first)).collect();
        assert!(ids.iter().all(|&id| o.get(id).is_some()), "grown, nothing lost");
        assert_eq!(o.ring.len(), 4 * FIRST_RING);
        for _ in 0..2 * RING {
            o.departure(1.0, first);
        }
        assert_eq!(o.ring.len(), RING, "no larger than RING");
        assert!(o.get(ids[0]).is_none(), "overwritten once full");
    }

    #[test]
    fn a_forgotten_node_is_ordered_by_its_number() {
        let mut o = Order::new();
        o.begin(0.0, Origin::ROOT);
        let first = o.call();
        let old = o.departure(5.0, first);
        for _ in 0..RING + 10 {
            o.departure(5.0, first);
        }
        let young = o.departure(5.0, first);
        assert!(o.cmp_nodes(old, young) == Ordering::Less && o.cmp_nodes(young, old) == Ordering::Greater);
    }
}
