//! The event queue: events in order of time, then of a "shadow" time, then of
//! insertion; a calendar of small buckets for the near future and a heap for the far
//! future.
//!
//! Why: with ACK-clocked senders and links of equal rates, events that fall at
//! exactly the same nanosecond are systematic, not rare (two ACKs reaching a router
//! together, a packet arriving as another finishes transmission). Any fixed rule
//! (first scheduled first, longest path first) then favours some flows every time,
//! and which rule applies decides drops and fairness. ns-2, the reference, keeps time
//! in a double and computes each event's time as (time of the event that scheduled
//! it) + (delay); events equal in exact arithmetic then differ by rounding, and that
//! rounding decides their order. The shadow time is that double, computed the way
//! ns-2 computes it, used only to order events that tie in integer time; the
//! simulated clock itself stays an integer. Events that tie in the shadow time too
//! are ties in ns-2 as well, and its calendar scheduler keeps those in the order they
//! were scheduled (it files a new event after every event of equal time); so does
//! this queue. (Until session 6 a seeded hash broke them, on the belief that they did
//! not occur in ns-2 terms. They do: on REFWA's Fig. 13 network with ten synchronised
//! flows and no errors, insertion order gives ns-2's utilization to four decimals and
//! its timeouts exactly in each of ten seeds, where the hash gave 10 % more timeouts.)
//!
//! "The order they were scheduled" is ns-2's insertion order, which is the order of the
//! events during which they were scheduled (and of the calls within one), and, where
//! those ran at the same instant too, of theirs, and so on back. It is not always when
//! satcc files them: ns-2 schedules a packet's arrival at the far end of a link, and the
//! link's next departure, when the packet starts its transmission, while satcc files a
//! link's arrival only when the packet reaches the link's head and keeps departures
//! implicit (net::link). So each event carries its `Origin`: the event (or departure)
//! that ns-2 would have scheduled it in, and its call there; `engine::order` keeps every
//! event that ran and every departure that started a packet, and orders two origins by
//! walking both back as far as the tie goes. Without the scheduling moment, an arrival
//! at a busy bottleneck and a departure due at the same double time ran in the wrong
//! order from the first drop on (issue 13); with two steps of it, links of equal rates
//! busy in lockstep still parted from ns-2 (48 of 150 such dumbbells, 2026-11-28); with
//! the whole chain, all 150 give ns-2's counters.

use super::order::{Order, Origin};
use super::Time;

#[derive(Clone, Copy)]
struct Entry<E> {
    time: Time,
    shadow: f64,
    /// Where ns-2 would have scheduled it: the event (or departure) and its call there
    /// (engine::order), which orders events tied on (time, shadow).
    at: Origin,
    ev: E,
}

impl<E> Entry<E> {
    /// (time, shadow) as one integer: the shadow's bits ordered as f64::total_cmp.
    #[inline(always)]
    fn key(&self) -> u128 {
        ((self.time as u128) << 64) | ordered_bits(self.shadow) as u128
    }

    #[inline(always)]
    fn less(&self, o: &Self, order: &Order) -> bool {
        let (a, b) = (self.key(), o.key());
        a < b || (a == b && order.before(self.at, o.at))
    }
}

/// An f64's bits as an integer in the order of f64::total_cmp.
#[inline(always)]
pub(crate) fn ordered_bits(x: f64) -> u64 {
    let b = x.to_bits();
    if b >> 63 == 1 { !b } else { b | (1 << 63) }
}

/// Children per node of the far heap: four children share a cache line or two.
const ARITY: usize = 4;

/// A 4-ary min-heap, for events beyond the calendar's horizon.
struct Heap4<E> {
    v: Vec<Entry<E>>,
}

impl<E: Copy> Heap4<E> {
    /// Move `e`, to be stored at slot `i`, up to its place (`e` is passed in rather
    /// than read back from the slot, which would stall on store forwarding).
    fn sift_up(&mut self, mut i: usize, e: Entry<E>, order: &Order) {
        while i > 0 {
            let p = (i - 1) / ARITY;
            if !e.less(&self.v[p], order) {
                break;
            }
            self.v[i] = self.v[p];
            i = p;
        }
        self.v[i] = e;
    }

    fn sift_down(&mut self, mut i: usize, e: Entry<E>, order: &Order) {
        let n = self.v.len();
        loop {
            let c0 = i * ARITY + 1;
            if c0 >= n {
                break;
            }
            let mut m = c0;
            for c in c0 + 1..(c0 + ARITY).min(n) {
                if self.v[c].less(&self.v[m], order) {
                    m = c;
                }
            }
            if !self.v[m].less(&e, order) {
                break;
            }
            self.v[i] = self.v[m];
            i = m;
        }
        self.v[i] = e;
    }

    fn push(&mut self, e: Entry<E>, order: &Order) {
        self.v.push(e);
        let i = self.v.len() - 1;
        self.sift_up(i, e, order);
    }

    fn peek(&self) -> Option<&Entry<E>> {
        self.v.first()
    }

    fn pop(&mut self, order: &Order) -> Option<Entry<E>> {
        let last = self.v.pop()?;
        if self.v.is_empty() {
            return Some(last);
        }
        let top = self.v[0];
        self.sift_down(0, last, order);
        Some(top)
    }
}

/// The calendar's shape at the start: 2^12 ns = 4.1 us per bucket, 4096 buckets =
/// 16.8 ms ahead. Events further out wait in a heap and move in as the calendar turns.
const START_SHIFT: u32 = 12;
const START_BUCKETS: usize = 4096;

/// The shape follows the run's event rate, measured every RETUNE_EVERY events (the
/// first time after RETUNE_FIRST): buckets as wide as hold PER_BUCKET events on
/// average (a power of two of nanoseconds, 2^MIN_SHIFT to 2^MAX_SHIFT), and as many
/// as hold about HORIZON_EVENTS events (MIN_BUCKETS to MAX_BUCKETS). Why: a calendar
/// reaching far ahead files events long before they run, in buckets gone cold by
/// then; a short one sends more through the heap. Measured (BENCHMARKS.md, issue 20):
/// the fixed 4096 x 4.1 us calendar was right for the standard scenario (0.11 events
/// per simulated microsecond) and cost Table III's OC48 network (1.7 per
/// microsecond) a quarter of its time. The shape changes where events are kept, never
/// their order (time, shadow time, then where ns-2 scheduled them: engine::order), so no result
/// depends on it.
const RETUNE_FIRST: u64 = 1 << 14;
const RETUNE_EVERY: u64 = 1 << 17;
const MIN_SHIFT: u32 = 8;
const MAX_SHIFT: u32 = 16;
const HORIZON_EVENTS: f64 = 512.0;
const PER_BUCKET: f64 = 0.5;
const MIN_BUCKETS: usize = 64;
const MAX_BUCKETS: usize = 16384;

/// The horizon doubles (once: HORIZON_EVENTS x 2^MAX_STRETCH at most) while more than
/// FAR_HIGH of the events filed since the last choice went beyond it, into the heap, and
/// comes back below FAR_LOW. Why: paced senders (BBR) find their access links idle and
/// file each packet's arrival a propagation delay ahead; BBR's standard bench run filed
/// 7.9 % of its events into the heap (NewReno's 1.6 %, OC12's 0.9 %), and a horizon of
/// 2048 events made it 4-5 % faster where it made OC12 as much slower (BENCHMARKS.md).
const FAR_HIGH: f64 = 0.03;
const FAR_LOW: f64 = 0.005;
const MAX_STRETCH: u32 = 1;

/// The calendar's shape for `rate` events per nanosecond, kept as it is (`now`) while
/// within a factor 1.7 of the ideal in both width and length (no refiling for a rate
/// that wavers across a power of two): (shift, buckets), see RETUNE_EVERY.
fn shape_for(rate: f64, now: (u32, usize), stretch: u32) -> (u32, usize) {
    if !(rate > 0.0) {
        return now;
    }
    let ideal_shift = (PER_BUCKET / rate).log2().clamp(MIN_SHIFT as f64, MAX_SHIFT as f64);
    let shift = if (now.0 as f64 - ideal_shift).abs() <= 0.75 { now.0 } else { ideal_shift.round() as u32 };
    let per_bucket = rate * (1u64 << shift) as f64;
    let horizon = HORIZON_EVENTS * (1u32 << stretch) as f64;
    let ideal_len = (horizon / per_bucket).log2().clamp(MIN_BUCKETS.ilog2() as f64, MAX_BUCKETS.ilog2() as f64);
    let len = if (now.1.ilog2() as f64 - ideal_len).abs() <= 0.75 { now.1 } else { 1 << ideal_len.round() as u32 };
    (shift, len)
}

/// The event queue: a calendar of buckets for the near future (most events: packet
/// arrivals a propagation delay ahead) and a heap for the far future. Buckets hold
/// few events; the current one is kept sorted, latest first.
pub struct EventQueue<E> {
    buckets: Vec<Vec<Entry<E>>>,
    /// Bit b set: bucket b is not empty.
    occupied: Vec<u64>,
    /// A bucket spans 2^shift ns; `mask` = buckets - 1 (a power of two, at least 64).
    shift: u32,
    mask: u64,
    /// Absolute bucket number (time >> shift) of the current bucket: every pending
    /// event in the calendar falls in [cur, cur + buckets).
    cur: u64,
    /// The current bucket is sorted (latest first).
    cur_sorted: bool,
    /// The current bucket is sorted and not empty: its last entry is the earliest
    /// pending event (`settle` has nothing to do).
    ready: bool,
    far: Heap4<E>,
    /// Bucket number (time >> shift) of the heap's earliest event (u64::MAX: the heap
    /// is empty): whether a turn of the calendar must look into the heap.
    far_top: u64,
    len: usize,
    next: u64,
    popped: u64,
    /// Where each event was scheduled, and the event being handled (engine::order).
    pub order: Order,
    /// (time, events popped, events pushed) when the shape was last chosen, and the
    /// count of popped events at which it is chosen next.
    tuned_at: (Time, u64, u64),
    retune_at: u64,
    /// Events filed into the heap since the last choice of shape (pushes only), and the
    /// horizon's doubling (see FAR_HIGH).
    far_filed: u64,
    stretch: u32,
    /// Events filed into the heap before the last choice of shape (pushes only).
    far_before: u64,
}

impl<E: Copy> Default for EventQueue<E> {
    fn default() -> Self {
        Self::new()
    }
}

impl<E: Copy> EventQueue<E> {
    pub fn new() -> Self {
        Self {
            buckets: (0..START_BUCKETS).map(|_| Vec::new()).collect(),
            occupied: vec![0; START_BUCKETS / 64],
            shift: START_SHIFT,
            mask: START_BUCKETS as u64 - 1,
            cur: 0,
            cur_sorted: true,
            ready: false,
            far: Heap4 { v: Vec::with_capacity(256) },
            far_top: u64::MAX,
            len: 0,
            next: 0,
            popped: 0,
            order: Order::new(),
            tuned_at: (0, 0, 0),
            retune_at: RETUNE_FIRST,
            far_filed: 0,
            stretch: 0,
            far_before: 0,
        }
    }

    /// Buckets in the calendar.
    #[inline(always)]
    fn nbuckets(&self) -> u64 {
        self.mask + 1
    }

    /// File an entry in its bucket. Always inlined: the entry is built from fields at
    /// the call site, and reading it back through memory would stall.
    #[inline(always)]
    fn file(&mut self, time: Time, shadow: f64, at: Origin, ev: E) {
        let ab = (time >> self.shift).max(self.cur);
        if ab >= self.cur + self.nbuckets() {
            self.far_filed += 1;
            self.far.push(Entry { time, shadow, at, ev }, &self.order);
            self.far_top = self.far_top.min(time >> self.shift);
            return;
        }
        let b = (ab & self.mask) as usize;
        self.occupied[b / 64] |= 1 << (b % 64);
        let bucket = &mut self.buckets[b];
        if ab != self.cur || bucket.is_empty() {
            bucket.push(Entry { time, shadow, at, ev });
        } else if self.cur_sorted {
            // keep the current bucket sorted, latest first
            let e = Entry { time, shadow, at, ev };
            let order = &self.order;
            let pos = bucket.partition_point(|x| e.less(x, order));
            bucket.insert(pos, e);
        } else {
            bucket.push(Entry { time, shadow, at, ev });
        }
    }

    /// Schedule `ev` at integer `time` (not before the current event); `shadow` is
    /// the same instant as ns-2's double clock would compute it (seconds). It is the
    /// current event's next call (engine::order).
    #[inline]
    pub fn push(&mut self, time: Time, shadow: f64, ev: E) {
        let at = self.order.call();
        self.push_at(time, shadow, at, ev);
    }

    /// Schedule `ev` as ns-2 would have scheduled it at `at` (engine::order): a link's
    /// arrival, which ns-2 schedules when the packet starts its transmission, although
    /// satcc files it only when the packet reaches the link's head; a timer set earlier
    /// in the event than satcc files it.
    #[inline]
    pub fn push_at(&mut self, time: Time, shadow: f64, at: Origin, ev: E) {
        self.next += 1;
        self.file(time, shadow, at, ev);
        self.len += 1;
    }

    /// Next occupied bucket after the current one, as an absolute number.
    fn next_occupied(&self) -> Option<u64> {
        let n = self.nbuckets();
        let start = ((self.cur + 1) & self.mask) as usize;
        let words = n as usize / 64;
        let (w0, bit0) = (start / 64, start % 64);
        for k in 0..=words {
            let w = (w0 + k) & (words - 1); // words: a power of two
            let mut bits = self.occupied[w];
            if k == 0 {
                bits &= !0u64 << bit0;
            } else if k == words {
                bits &= !(!0u64 << bit0);
            }
            if bits != 0 {
                let b = (w * 64 + bits.trailing_zeros() as usize) as u64;
                let delta = (b + n - (self.cur & self.mask)) & self.mask;
                return Some(self.cur + if delta == 0 { n } else { delta });
            }
        }
        None
    }

    /// Make the current bucket hold the earliest pending events, sorted (`ready`).
    #[inline(always)]
    fn settle(&mut self) {
        if !self.ready {
            self.settle_slow();
        }
    }

    /// `settle` when the current bucket is empty or unsorted: sort it, or turn the
    /// calendar to the next occupied bucket (or the heap's earliest event).
    #[inline(never)]
    fn settle_slow(&mut self) {
        loop {
            let b = (self.cur & self.mask) as usize;
            if !self.buckets[b].is_empty() {
                if !self.cur_sorted {
                    let order = &self.order;
                    self.buckets[b].sort_unstable_by(|a, c| {
                        if c.less(a, order) {
                            std::cmp::Ordering::Less
                        } else {
                            std::cmp::Ordering::Greater
                        }
                    });
                    self.cur_sorted = true;
                }
                self.ready = true;
                return;
            }
            let next = match self.next_occupied() {
                Some(n) => n,
                None if self.far_top != u64::MAX => self.far_top,
                None => return,
            };
            self.cur = next;
            self.take_in_from_far();
        }
    }

    /// The calendar now reaches further (`cur` moved, or a new shape): file in what the
    /// heap holds within its horizon (looked into only when its earliest event is, most
    /// turns of the calendar find nothing there); the current bucket is sorted when it
    /// holds one.
    #[inline(always)]
    fn take_in_from_far(&mut self) {
        self.ready = false;
        let (horizon, shift) = (self.cur + self.nbuckets(), self.shift);
        if self.far_top < horizon {
            self.cur_sorted = false;
            while self.far.peek().is_some_and(|e| (e.time >> shift) < horizon) {
                let e = self.far.pop(&self.order).expect("peeked");
                self.file(e.time, e.shadow, e.at, e.ev);
            }
            self.far_top = self.far.peek().map_or(u64::MAX, |e| e.time >> shift);
        }
        let b = (self.cur & self.mask) as usize;
        self.cur_sorted = self.buckets[b].len() <= 1;
    }

    /// The earliest event without removing it: (time, shadow time, event).
    #[inline]
    pub fn peek(&mut self) -> Option<(Time, f64, E)> {
        if self.len == 0 {
            return None;
        }
        self.settle();
        let e = self.buckets[(self.cur & self.mask) as usize].last().expect("settled");
        Some((e.time, e.shadow, e.ev))
    }

    /// Remove and return the earliest event, which becomes the event being handled
    /// (what is pushed from now on is its calls; engine::order).
    pub fn pop(&mut self) -> Option<(Time, f64, E)> {
        if self.len == 0 {
            return None;
        }
        self.settle();
        let b = (self.cur & self.mask) as usize;
        let e = self.buckets[b].pop().expect("settled");
        if self.buckets[b].is_empty() {
            self.occupied[b / 64] &= !(1 << (b % 64));
            self.ready = false;
        }
        self.len -= 1;
        self.popped += 1;
        self.order.begin(e.shadow, e.at);
        if self.popped == self.retune_at {
            self.retune(e.time);
        }
        Some((e.time, e.shadow, e.ev))
    }

    /// Choose the calendar's shape from the event rate since the last choice (see
    /// RETUNE_EVERY); `now`: the time of the event just popped (no pending event is
    /// earlier). A new shape refiles every pending event (`reshape`).
    #[cold]
    #[inline(never)]
    fn retune(&mut self, now: Time) {
        let (t0, n0, filed0) = self.tuned_at;
        self.tuned_at = (now, self.popped, self.next);
        self.retune_at = self.popped + RETUNE_EVERY;
        let far_filed = std::mem::take(&mut self.far_filed);
        self.far_before += far_filed;
        let far = far_filed as f64 / (self.next - filed0).max(1) as f64;
        if now <= t0 {
            return; // no time passed: no rate to go by
        }
        if far > FAR_HIGH && self.stretch < MAX_STRETCH {
            self.stretch += 1;
        } else if far < FAR_LOW && self.stretch > 0 {
            self.stretch -= 1;
        }
        let rate = (self.popped - n0) as f64 / (now - t0) as f64;
        let (shift, buckets) = shape_for(rate, (self.shift, self.nbuckets() as usize), self.stretch);
        if (shift, buckets as u64 - 1) != (self.shift, self.mask) {
            self.reshape(shift, buckets, now);
        }
    }

    /// Give the calendar buckets of 2^`shift` ns, `buckets` of them (a power of two, at
    /// least 64), from `now` on (no pending event is earlier), and refile every event
    /// so that the heap again holds exactly those beyond the new horizon: settle only
    /// looks into the heap when the current bucket runs empty.
    fn reshape(&mut self, shift: u32, buckets: usize, now: Time) {
        debug_assert!(buckets.is_power_of_two() && buckets >= 64);
        let old = std::mem::replace(&mut self.buckets, (0..buckets).map(|_| Vec::new()).collect());
        self.occupied = vec![0; buckets / 64];
        self.shift = shift;
        self.mask = buckets as u64 - 1;
        self.cur = now >> shift;
        self.cur_sorted = false;
        self.ready = false;
        self.far_top = self.far.peek().map_or(u64::MAX, |e| e.time >> shift);
        let far_filed = self.far_filed;
        for e in old.into_iter().flatten() {
            self.file(e.time, e.shadow, e.at, e.ev); // beyond the horizon: the heap
        }
        self.far_filed = far_filed; // refiled, not pushed
        self.take_in_from_far();
    }

    /// Keeps the calendar's shape from now on (no retune). A paced run asks for it: a new
    /// shape refiles every pending event and frees the old buckets in one event, a stall
    /// of the loop's own (BENCHMARKS.md, "The real-time loop's own stalls"), while a
    /// rate held to the wall clock gains little from a better shape. No result depends
    /// on the shape.
    pub fn keep_shape(&mut self) {
        self.retune_at = u64::MAX;
    }

    /// Events pushed so far, and of them those filed beyond the calendar's horizon, into
    /// the heap (the engine bench prints the share; see FAR_HIGH).
    pub fn pushes(&self) -> (u64, u64) {
        (self.next, self.far_before + self.far_filed)
    }

    /// The calendar's shape now: (bucket width as a power of two of ns, buckets).
    pub fn shape(&self) -> (u32, usize) {
        (self.shift, self.nbuckets() as usize)
    }

    /// Remove the earliest event (it becomes the event being handled) and schedule
    /// `ev`, scheduled at `at`, in one step (counts as one pop).
    #[inline]
    pub fn replace_top(&mut self, time: Time, shadow: f64, at: Origin, ev: E) {
        self.pop();
        self.push_at(time, shadow, at, ev);
    }

    pub fn peek_time(&mut self) -> Option<Time> {
        self.peek().map(|e| e.0)
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Events popped so far (the engine's work counter).
    pub fn popped(&self) -> u64 {
        self.popped
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl<E: Copy> EventQueue<E> {
        /// The tie key given to the most recent push (tests only).
        fn next_tie_for_test(&self) -> u64 {
            self.next
        }
    }

    #[test]
    fn pops_in_time_order_and_reproducibly() {
        let order = || {
            let mut q = EventQueue::new();
            for (t, e) in [(5, 'c'), (1, 'a'), (5, 'd'), (1, 'b'), (9, 'z'), (5, 'e')] {
                q.push(t, 0.0, e);
            }
            std::iter::from_fn(|| q.pop()).map(|(t, _, e)| (t, e)).collect::<Vec<_>>()
        };
        let a = order();
        assert_eq!(a, order(), "same pushes, same order");
        assert_eq!(a, vec![(1, 'a'), (1, 'b'), (5, 'c'), (5, 'd'), (5, 'e'), (9, 'z')]);
    }

    #[test]
    fn exact_ties_pop_in_the_order_they_were_scheduled() {
        // ns-2's calendar scheduler files an event after all events of equal time; an
        // event scheduled later for the same instant (and the same shadow) runs later,
        // in the calendar and in the far heap alike
        let mut q = EventQueue::new();
        for i in 0..10_000u64 {
            q.push(i, 0.0, 0u8);
            q.push(i, 0.0, 1u8);
            assert_eq!(q.pop().map(|x| x.2), Some(0));
            assert_eq!(q.pop().map(|x| x.2), Some(1));
        }
        let far = 10_000_000_000;
        q.push(far, 10.0, 2u8);
        q.push(far, 10.0, 3u8);
        assert_eq!(q.pop().map(|x| x.2), Some(2));
        assert_eq!(q.pop().map(|x| x.2), Some(3));
    }

    #[test]
    fn matches_a_naive_model_on_random_operations() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut q = EventQueue::new();
        let mut model: Vec<(Time, u64, u32)> = vec![]; // (time, tie, id) pending
        let mut now = 0;
        let mut id = 0u32;
        for _ in 0..20_000 {
            match rng.gen_range(0..4) {
                0 | 1 => {
                    let t = now + [0, 1, 7, 1000, 123_456_789][rng.gen_range(0..5)];
                    q.push(t, 0.0, id);
                    model.push((t, q.next_tie_for_test(), id));
                    id += 1;
                }
                2 => {
                    let got = q.pop();
                    let k = (0..model.len()).min_by_key(|&k| (model[k].0, model[k].1));
                    match (got, k) {
                        (None, None) => {}
                        (Some((t, _, e)), Some(k)) => {
                            let (mt, _, me) = model.swap_remove(k);
                            assert_eq!((t, e), (mt, me));
                            now = t;
                        }
                        _ => panic!("queue and model disagree on emptiness"),
                    }
                }
                _ => {
                    if let Some((t, _, _)) = q.peek() {
                        let t2 = t + rng.gen_range(0..5000);
                        let k = (0..model.len()).min_by_key(|&k| (model[k].0, model[k].1)).unwrap();
                        model.swap_remove(k);
                        // scheduled by the event handled before the one replaced (a call
                        // after its others): FIFO as filed, like every push here
                        let at = q.order.call();
                        q.replace_top(t2, 0.0, at, id);
                        model.push((t2, q.next_tie_for_test(), id));
                        id += 1;
                        now = t;
                    }
                }
            }
        }
        assert_eq!(q.len(), model.len());
    }

    #[test]
    fn the_shape_follows_the_event_rate_with_hysteresis() {
        let start = (START_SHIFT, START_BUCKETS);
        // the standard bench scenario, 0.115 events per us: 4.1 us buckets kept, 1024
        assert_eq!(shape_for(0.115e-3, start, 0), (12, 1024));
        // Table III's OC48 network, 1.73 per us: 256 ns buckets, 1024 of them
        assert_eq!(shape_for(1.73e-3, start, 0), (8, 1024));
        // a rate wavering across a power of two keeps the shape
        assert_eq!(shape_for(1.4e-3, (8, 1024), 0), (8, 1024));
        assert_eq!(shape_for(2.1e-3, (8, 1024), 0), (8, 1024));
        // clamped at both ends; no rate, no change
        assert_eq!(shape_for(1.0, start, 0), (MIN_SHIFT, MIN_BUCKETS));
        assert_eq!(shape_for(1e-12, start, 0), (MAX_SHIFT, MAX_BUCKETS));
        assert_eq!(shape_for(0.0, start, 0), start);
        assert_eq!(shape_for(f64::NAN, start, 0), start);
    }

    #[test]
    fn the_horizon_doubles_while_many_events_go_to_the_heap_and_comes_back() {
        // 2000 events 1 us apart (1e-3 per ns: 512 ns buckets, 1024 of them hold the
        // 512-event horizon, 0.5 ms), each filing its successor 2 ms later: beyond it
        let mut q = EventQueue::new();
        for k in 0..2000u64 {
            q.push(k * 1000, 0.0, ());
        }
        let mut step = 2_000_000;
        let run = |q: &mut EventQueue<()>, pops: u64, step: u64| {
            for _ in 0..pops {
                let (t, ..) = q.pop().expect("events stay");
                q.push(t + step, 0.0, ());
            }
        };
        run(&mut q, RETUNE_FIRST + RETUNE_EVERY, step);
        assert_eq!((q.stretch, q.shape()), (1, (9, 2048)), "every push went to the heap: twice the horizon");
        run(&mut q, RETUNE_EVERY, step);
        assert_eq!(q.stretch, MAX_STRETCH, "at most MAX_STRETCH doublings");
        // now each successor 10 us later: nothing goes to the heap, the horizon comes back
        step = 10_000;
        run(&mut q, 4 * RETUNE_EVERY, step);
        assert_eq!(q.stretch, 0);
        assert_eq!(q.shape(), shape_for(0.2, q.shape(), 0), "the plain shape for the rate now (0.2 per ns)");
    }

    /// A kept shape (a paced run's) stays through a rate that reshapes a calendar left
    /// to retune, and pops the same events in the same order.
    #[test]
    fn a_kept_shape_stays_and_pops_as_a_retuned_one() {
        let (mut kept, mut tuned) = (EventQueue::new(), EventQueue::new());
        kept.keep_shape();
        for q in [&mut kept, &mut tuned] {
            for k in 0..2000u64 {
                q.push(k * 1000, 0.0, k);
            }
        }
        for _ in 0..RETUNE_FIRST + 2 * RETUNE_EVERY {
            let (a, b) = (kept.pop().expect("events stay"), tuned.pop().expect("events stay"));
            assert_eq!(a, b);
            kept.push(a.0 + 2_000_000, 0.0, a.2);
            tuned.push(b.0 + 2_000_000, 0.0, b.2);
        }
        assert_ne!(tuned.shape(), (START_SHIFT, START_BUCKETS), "one event per microsecond retunes a calendar left to it");
        assert_eq!(kept.shape(), (START_SHIFT, START_BUCKETS));
    }

    #[test]
    fn a_new_shape_keeps_earlier_events_ahead_of_new_ones() {
        for (shift, buckets) in [(8, 64), (16, 16384), (12, 4096)] {
            let mut q = EventQueue::new();
            for t in [10_000, 20_000, 30_000, 90_000_000] {
                q.push(t, 0.0, t);
            }
            assert_eq!(q.pop().map(|x| x.2), Some(10_000));
            q.reshape(shift, buckets, 10_000);
            q.push(25_000, 0.0, 25_000);
            q.push(10_000, 0.0, 10_001);
            let order: Vec<u64> = std::iter::from_fn(|| q.pop()).map(|x| x.2).collect();
            assert_eq!(order, [10_001, 20_000, 25_000, 30_000, 90_000_000], "shape ({shift}, {buckets})");
        }
    }

    #[test]
    fn order_is_kept_while_the_calendar_changes_shape() {
        // dense, then sparse, then dense again (reshaping the calendar each time, with
        // events pending up to 60 ms ahead), against a model ordered by (time, tie)
        use rand::{Rng, SeedableRng};
        use std::collections::BTreeMap;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let mut q = EventQueue::new();
        let mut model: BTreeMap<(Time, u64), u32> = BTreeMap::new();
        let mut shapes = vec![q.shape()];
        for i in 0..4000u32 {
            let t = rng.gen_range(0..60_000_000);
            q.push(t, 0.0, i);
            model.insert((t, q.next_tie_for_test()), i);
        }
        let mut id = 4000u32;
        for phase in 0..3 {
            // mean gap between events: 200 ns dense, 50 us sparse
            let spread: u64 = if phase == 1 { 240_000_000 } else { 1_000_000 };
            for _ in 0..(3 * RETUNE_EVERY) {
                let (t, _, e) = q.pop().expect("events pending");
                let first = model.pop_first().expect("model pending");
                assert_eq!((t, e), (first.0 .0, first.1));
                // each event schedules one, a random delay ahead (some far, some now)
                let d = match rng.gen_range(0..10) {
                    0 => 0,
                    1..=3 => rng.gen_range(0..2000),
                    4..=6 => rng.gen_range(0..spread),
                    _ => rng.gen_range(0..60_000_000),
                };
                q.push(t + d, 0.0, id);
                model.insert((t + d, q.next_tie_for_test()), id);
                id += 1;
                if *shapes.last().unwrap() != q.shape() {
                    shapes.push(q.shape());
                }
            }
        }
        assert_eq!(q.len(), model.len());
        assert!(shapes.len() >= 3, "the calendar took shapes {shapes:?}");
    }

    #[test]
    fn large_same_instant_batches_pop_in_tie_order() {
        let mut q = EventQueue::new();
        for i in 0..1000u32 {
            q.push(5, 0.0, i);
        }
        let ties: Vec<u32> = std::iter::from_fn(|| q.pop()).map(|x| x.2).collect();
        assert_eq!(ties.len(), 1000);
        assert!(ties.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn far_events_and_long_gaps() {
        let mut q = EventQueue::new();
        q.push(10_000_000_000, 10.0, 'c'); // 10 s: far beyond the calendar
        q.push(5, 0.0, 'a');
        q.push(70_000_000, 0.07, 'b'); // just beyond the horizon
        q.push(10_000_000_001, 10.0, 'd');
        let got: Vec<_> = std::iter::from_fn(|| q.pop()).map(|x| x.2).collect();
        assert_eq!(got, vec!['a', 'b', 'c', 'd']);
        // the calendar wraps around many times
        let mut q = EventQueue::new();
        let mut t = 0;
        for i in 0..100_000u64 {
            q.push(t + (i % 7) * 3_000_000, 0.0, i);
            let (pt, _, _) = q.pop().unwrap();
            assert!(pt >= t);
            t = pt;
        }
    }

    #[test]
    fn exact_ties_run_in_the_order_ns2_scheduled_them() {
        // two events due at the same double time: the one ns-2 scheduled earlier runs
        // first, whichever satcc filed first; a push is the current event's next call
        let mut q = EventQueue::new();
        q.push(10, 1e-8, "handled at 10 ns");
        q.push(20, 2e-8, "handled at 20 ns");
        q.pop();
        let early = q.order.call(); // a transmission started now, its arrival filed later
        q.push(1000, 1e-6, "scheduled at 10 ns after the transmission");
        q.pop();
        q.push(1000, 1e-6, "scheduled at 20 ns");
        q.push_at(1000, 1e-6, early, "scheduled at 10 ns, filed last");
        let order: Vec<_> = std::iter::from_fn(|| q.pop().map(|x| x.2)).collect();
        assert_eq!(order, ["scheduled at 10 ns, filed last", "scheduled at 10 ns after the transmission", "scheduled at 20 ns"]);
        // an arrival scheduled by a departure (a node of its own) against an event
        // scheduled by the event that ran at the departure's instant: the departure's
        // transmission started at 30 ns, before that event was scheduled, so it first
        q.push(30, 3e-8, "starts a transmission");
        q.pop();
        let start = q.order.call();
        q.push(40, 4e-8, "runs when the transmission ends");
        q.pop();
        let dep = q.order.departure(4e-8, start.departure());
        q.push(5000, 5e-6, "scheduled by the event at 40 ns");
        q.push_at(5000, 5e-6, super::super::order::Origin { node: dep, call: 0 }, "scheduled by the departure at 40 ns");
        let order: Vec<_> = std::iter::from_fn(|| q.pop().map(|x| x.2)).collect();
        assert_eq!(order, ["scheduled by the departure at 40 ns", "scheduled by the event at 40 ns"]);
    }

    #[test]
    fn shadow_time_orders_integer_ties() {
        // 0.1 + 0.2 > 0.3 in doubles: an event ns-2 would time at 0.1+0.2 runs after
        // one timed at 0.3, although both fall on the same nanosecond here.
        let mut q = EventQueue::new();
        q.push(300, 0.1 + 0.2, "sum");
        q.push(300, 0.3, "direct");
        assert_eq!(q.pop().map(|x| x.2), Some("direct"));
        assert_eq!(q.pop().map(|x| x.2), Some("sum"));
    }
}
