//! Output-queue disciplines. A queue decides, when a packet reaches a busy link,
//! whether it may wait. Occupancy counts the packet in service, as ns-2 does: a
//! DropTail limit of B admits at most B-1 waiting packets plus the one being sent.
//!
//! A byte limit is ns-2's DropTail with `queue_in_bytes_` (drop-tail.cc): an arrival
//! of `size` bytes is dropped when the bytes waiting (not the packet in service) plus
//! `size` reach the limit. With packets of one size s, a limit of B x s bytes holds
//! exactly what a limit of B packets holds.
//!
//! In both modes the limit is checked for a packet reaching an idle link too, as ns-2's
//! Queue::recv enqueues every arrival before it dequeues the next to send: a packet
//! limit of 1 (ns-2's `queue-limit 1`, or 0) drops every packet and the link carries
//! nothing, and so does a byte limit for a packet as large as it. (Until 2026-12-04 an
//! idle link sent such a packet and the ns-2 export refused those limits; a script's
//! `queue-limit 0` for a moment, to force a loss, was misread.)
//!
//! Three disciplines also schedule: ns-2's SFQ (net::sfq) and DRR (net::drr), and a
//! DropTail dropping from the front (net::drop_front), hold the waiting packets themselves and choose which goes next when the transmitter comes
//! free, so their link times a packet when it starts, not when it arrives
//! (net::link, `Link::offer_sched`).

use super::drop_front::DropFront;
use super::drr::Drr;
use super::delayer::Delayer;
use super::fq::Fq;
use super::packet::Packet;
use super::pi::Pi;
use super::red_victim::Held;
use super::rem::Rem;
use super::sfq::Sfq;
use crate::engine::rng::Draws;
use crate::engine::Time;

/// A packet waiting in a scheduling queue (SFQ, DRR), and when it arrived.
#[derive(Clone, Copy, Debug)]
pub struct Waiting {
    pub pkt: Packet,
    pub arrived: Time,
}

/// The packets a queue holds in arrival order and their bytes: the queues that drop
/// from inside (net::drop_front, net::red_victim), whose departures the link cannot
/// precompute.
#[derive(Clone, Debug, Default)]
pub struct HeldFifo {
    pkts: std::collections::VecDeque<Waiting>,
    bytes: u64,
}

impl HeldFifo {
    pub fn push_back(&mut self, w: Waiting) {
        self.bytes += w.pkt.size_bytes as u64;
        self.pkts.push_back(w);
    }

    /// The head, the next to transmit, if any waits.
    pub fn pop_front(&mut self) -> Option<Waiting> {
        self.remove(0)
    }

    /// The packet at index `k` (0: the head), taken out.
    pub fn remove(&mut self, k: usize) -> Option<Waiting> {
        let w = self.pkts.remove(k)?;
        self.bytes -= w.pkt.size_bytes as u64;
        Some(w)
    }

    /// Packets and bytes held.
    pub fn waiting(&self) -> (u32, u64) {
        (self.pkts.len() as u32, self.bytes)
    }

    /// Every packet held, head first.
    pub fn iter(&self) -> impl Iterator<Item = &Waiting> {
        self.pkts.iter()
    }

    /// Take every packet out (the link went down), head first.
    pub fn drain(&mut self) -> Vec<Waiting> {
        self.bytes = 0;
        self.pkts.drain(..).collect()
    }
}

/// What the queue sees of the link when a packet arrives.
#[derive(Clone, Copy, Debug)]
pub struct Occupancy {
    /// Packets waiting or in service.
    pub pkts: u32,
    /// Bytes waiting or in service.
    pub bytes: u64,
    /// The arrival's time on ns-2's double clock (RED's `now`).
    pub now_s: f64,
    /// When the link last became idle (its last departure), on the same clock.
    pub free_s: f64,
}

impl Occupancy {
    /// How long the link has been idle, if it is idle now (no packet): seconds on ns-2's
    /// double clock, as ns-2's RED reads `now - idletime_`.
    #[inline]
    pub fn idle_s(&self) -> Option<f64> {
        (self.pkts == 0).then_some(self.now_s - self.free_s)
    }

    /// A link holding `pkts` packets of `bytes` in all, idle for `idle_s` when empty,
    /// at `now_s` (tests).
    #[cfg(test)]
    pub(crate) fn at(pkts: u32, bytes: u64, idle_s: Option<f64>, now_s: f64) -> Self {
        Occupancy { pkts, bytes, now_s, free_s: now_s - idle_s.unwrap_or(0.0) }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Admit,
    /// Dropped because the buffer is full.
    DropOverflow,
    /// Dropped early by the active queue management.
    DropEarly,
    /// ECN (`Red::ecn`): where RED would drop the packet early, it is admitted with its
    /// Congestion Experienced mark set if it is ECN-capable, else dropped early; the
    /// caller, who knows the packet's flow, decides (net::link, `Link::resolve_mark`).
    Mark,
    /// Lost to the link's error model at its entry, before the queue (`$ns lossmodel`;
    /// net::link, `Link::set_error_at_entry`): the queue never sees it.
    Lost,
    /// A scheduling queue (SFQ, DRR) holds its packets and decides itself: the link
    /// hands the packet to it (net::link, `Link::offer_sched`).
    Schedule,
}

#[derive(Clone, Debug)]
pub struct DropTail {
    /// Packets waiting or in service: an arrival finding this many is dropped, and at
    /// an idle link one finding a limit of 1 (ns-2's `q_->length() + 1 >= qlim_`, the
    /// packet in service dequeued: a limit of 1 passes nothing).
    pub limit_pkts: Option<u32>,
    /// Bytes waiting, besides the packet in service: an arrival is dropped when they
    /// and its own bytes reach the limit, at an idle link too (ns-2's
    /// `q_->byteLength() + size >= qlim_ * mean_pktsize_`).
    pub limit_bytes: Option<u64>,
}

/// Random Early Detection (Floyd & Jacobson 1993) in packet mode, as ns-2 2.35's
/// REDQueue::enque runs it with `wait_` and `gentle_` (and ns-2's defaults for the
/// rest: `use_mark_p_` true, the arriving packet the victim):
/// - the average is updated on every arrival from the packets waiting (not the one in
///   service), aged after an idle link as if `ptc x idle time` packets had arrived to
///   an empty queue (one multiplication each, as ns-2's estimator loops);
/// - early drops only while the average is at least `min_th` and more than one packet
///   waits; the arrival that finds the average just crossed `min_th` (from below, or
///   back from a queue of at most one) only starts the count (`old_`), without a draw;
/// - the drop probability is ns-2's linear one, max_p at max_th and, with `gentle`, up
///   to 1 at twice max_th; with `use_mark_p_` (true, ns-2 2.35's default) there is no
///   forced drop above it: the probability is 1 and a draw is still taken (false,
///   `Red::without_mark_p`: every arrival there is a forced drop);
/// - a packet is dropped when the draw is at most the probability, spread by the count
///   of arrivals since the last drop (`wait`: none below 1/p, then p / (2 - count p));
/// - the buffer: an arrival is dropped when `limit_pkts` packets already wait, so up to
///   limit_pkts wait besides the one in service (one more than a DropTail limit holds,
///   as in ns-2);
/// - with ECN (`setbit_`, `Red::with_ecn`), an early drop of an ECN-capable packet
///   becomes a mark where the probability before the count's spreading is below
///   `mark_p` (ns-2's drop_early with use_mark_p_); above it (the gentle region past
///   max_p) the packet is still dropped. A packet marked and then found beyond the
///   buffer is dropped.
///
/// ns-2's two byte settings (`Red::in_bytes`), both true in 2.35's Queue/RED defaults:
/// - `queue_in_bytes_`: the queue is counted in bytes waiting. The average, the
///   thresholds (each times `mean_pktsize_`) and the limit (`limit x mean_pktsize_`
///   bytes waiting) are in bytes, and early drops start once more than one byte
///   waits, so one packet waiting is enough;
/// - `bytes_` (Floyd's byte mode): the count since the last drop is in mean-size
///   packets (the bytes since, integer-divided by `mean_pktsize_`), and a spread
///   probability below 1 is scaled by the arrival's size over `mean_pktsize_`.
///
/// The idle ageing is in mean-size packets either way, as ns-2's.
#[derive(Clone, Debug)]
pub struct Red {
    pub limit_pkts: u32,
    pub min_th_pkts: f64,
    pub max_th_pkts: f64,
    /// EWMA weight of the average queue.
    pub w_q: f64,
    /// Drop probability at max_th (ns-2's 1/linterm_).
    pub max_p: f64,
    pub gentle: bool,
    pub wait: bool,
    /// Packets per second the link can send (ns-2's ptc); ages the average over idle periods.
    pub idle_pkts_per_s: f64,
    /// Mark ECN-capable packets instead of dropping them early [setbit_ false].
    pub ecn: bool,
    /// With `ecn`: the probability (before the count's spreading) below which an early
    /// drop becomes a mark [mark_p_ 0.1].
    pub mark_p: f64,
    /// ns-2's use_mark_p_ [true]; false: the average at or above max_th (twice max_th
    /// with `gentle`) forces a drop, and with `ecn` an early drop is always a mark
    /// (`Red::without_mark_p`).
    pub use_mark_p: bool,
    /// ns-2's ns1_compat_ [false]; true: a forced drop leaves the count since the last
    /// drop as it is (`Red::ns1_compat`).
    pub ns1_compat: bool,
    /// ns-2's queue_in_bytes_ and bytes_ with their mean_pktsize_ (`Red::in_bytes`).
    bytes: Option<ByteMode>,
    /// The thresholds and the limit in the queue's unit (packets, or bytes with
    /// queue_in_bytes_: ns-2's edp_.th_min, edp_.th_max and qlim).
    min_th: f64,
    max_th: f64,
    limit: u64,
    avg: f64,
    /// Arrivals since the last drop (ns-2's edv_.count).
    count: i64,
    /// Their bytes (edv_.count_bytes), read with bytes_.
    count_bytes: i64,
    /// Whether the average was above min_th with a queue at the last arrival (edv_.old).
    old: bool,
    // ns-2's coefficients (REDQueue::reset): p = (v_a avg + v_b) max_p below max_th,
    // v_c avg + v_d above it with gentle; max_p is 1 / linterm_, the inverse ns-2 is given
    v_a: f64,
    v_b: f64,
    v_c: f64,
    v_d: f64,
    cur_max_p: f64,
    /// Adaptive RED's settings and state (None: max_p fixed).
    adaptive: Option<Adaptive>,
    /// ns-2's cautious_ 1 or 2 (0: none; `Red::cautious`), and with cautious_ 3 the
    /// packets per second an idle link is aged by (ptc x mean_pktsize_ / idle_pktsize_).
    cautious: u8,
    idle_cautious_pkts_per_s: Option<f64>,
    /// The last arrival would have been marked (ECN) when the full buffer forced a drop
    /// (read by net::red_victim, where the arrival may stay).
    pub(crate) marked_then_forced: bool,
    /// With a victim rule for forced drops other than the arrival (ns-2's drop_front_,
    /// drop_rand_), the packets waiting, held here (net::red_victim); None: a FIFO RED.
    pub(crate) held: Option<Box<Held>>,
}

/// Adaptive RED (ns-2's adaptive_ 1, REDQueue::updateMaxP): max_p moved on an arrival
/// at least `interval` after its last change, to keep the average queue between the
/// lower and upper 40 % of the thresholds' range. With `feng` (feng_adaptive_ 1,
/// updateMaxPFeng) on every arrival instead: divided by alpha as the average falls
/// below min_th, multiplied by beta as it rises above max_th, once per crossing.
#[derive(Clone, Debug)]
pub struct Adaptive {
    alpha: f64,
    beta: f64,
    interval: f64,
    top: f64,
    bottom: f64,
    /// When max_p last changed, s on ns-2's double clock (edv_.lastset).
    lastset: f64,
    feng: bool,
    /// Feng's state (edv_.status): where the average was last seen. ns-2 never sets it
    /// before the first arrival; a fresh object's zeroed memory reads Above (the enum's
    /// first value), so the first arrival below min_th divides max_p.
    status: FengStatus,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum FengStatus {
    Above,
    Below,
    Between,
}

impl Adaptive {
    pub fn new(alpha: f64, beta: f64, interval: f64, top: f64, bottom: f64) -> Self {
        Adaptive { alpha, beta, interval, top, bottom, lastset: 0.0, feng: false, status: FengStatus::Above }
    }

    /// Feng et al.'s rule (ns-2's feng_adaptive_ 1).
    pub fn feng(self) -> Self {
        Adaptive { feng: true, ..self }
    }
}

/// ns-2's RED byte settings (`Red::in_bytes`).
#[derive(Clone, Copy, Debug)]
struct ByteMode {
    /// queue_in_bytes_: the queue, its average, thresholds and limit in bytes.
    queue: bool,
    /// bytes_: the drop probability by the arrival's size, the count in mean-size packets.
    drops: bool,
    mean_pkt_bytes: u32,
}

/// Idle-period factors applied one by one, as ns-2 applies them, before the rest is
/// taken as one power (Red::update_avg).
const EXACT_IDLE_FACTORS: i64 = 1 << 16;

/// ns-2's mark_p_ default: early drops become marks below this probability.
pub const MARK_P: f64 = 0.1;

impl Red {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        limit_pkts: u32,
        min_th_pkts: f64,
        max_th_pkts: f64,
        w_q: f64,
        max_p: f64,
        gentle: bool,
        wait: bool,
        idle_pkts_per_s: f64,
    ) -> Self {
        Red {
            limit_pkts,
            min_th_pkts,
            max_th_pkts,
            w_q,
            max_p,
            gentle,
            wait,
            idle_pkts_per_s,
            ecn: false,
            mark_p: MARK_P,
            use_mark_p: true,
            ns1_compat: false,
            bytes: None,
            min_th: 0.0,
            max_th: 0.0,
            limit: 0,
            avg: 0.0,
            count: 0,
            count_bytes: 0,
            old: false,
            v_a: 0.0,
            v_b: 0.0,
            v_c: 0.0,
            v_d: 0.0,
            cur_max_p: 0.0,
            adaptive: None,
            cautious: 0,
            idle_cautious_pkts_per_s: None,
            marked_then_forced: false,
            held: None,
        }
        .reset()
    }

    /// ns-2's REDQueue::reset: the thresholds and limit in the queue's unit, and the
    /// probability's coefficients from them.
    fn reset(mut self) -> Self {
        let scale = match self.bytes {
            Some(b) if b.queue => b.mean_pkt_bytes,
            _ => 1,
        };
        self.min_th = self.min_th_pkts * scale as f64;
        self.max_th = self.max_th_pkts * scale as f64;
        self.limit = self.limit_pkts as u64 * scale as u64;
        let th_diff = if self.max_th == self.min_th { 1.0 } else { self.max_th - self.min_th };
        self.cur_max_p = 1.0 / (1.0 / self.max_p);
        self.v_a = 1.0 / th_diff;
        self.v_b = -self.min_th / th_diff;
        self.v_c = (1.0 - self.cur_max_p) / self.max_th;
        self.v_d = 2.0 * self.cur_max_p - 1.0;
        self
    }

    /// ns-2's `queue_in_bytes_` (`queue`) and `bytes_` (`drops`), with `mean_pktsize_`
    /// (see the type's notes).
    pub fn in_bytes(self, queue: bool, drops: bool, mean_pkt_bytes: u32) -> Self {
        let bytes = (queue || drops).then_some(ByteMode { queue, drops, mean_pkt_bytes: mean_pkt_bytes.max(1) });
        Red { bytes, ..self }.reset()
    }

    /// Adapt max_p as ns-2's Adaptive RED does (adaptive_ 1).
    pub fn adaptive(self, a: Adaptive) -> Self {
        Red { adaptive: Some(a), ..self }
    }

    /// ns-2's cautious_ 1 or 2 (REDQueue::drop_early): an early drop skipped (1), or its
    /// draw scaled (2), while the queue waiting is below (1 - q_w)^(ptc x 0.05) times the
    /// average.
    pub fn cautious(self, level: u8) -> Self {
        debug_assert!(level == 1 || level == 2);
        Red { cautious: level, ..self }
    }

    /// ns-2's cautious_ 3 (REDQueue::enque): an idle link ages the average by packets of
    /// `idle_pkt_bytes` (ptc x mean_pktsize_ / idle_pktsize_ a second).
    pub fn cautious_idle(self, mean_pkt_bytes: u32, idle_pkt_bytes: u32) -> Self {
        let per_s = self.idle_pkts_per_s * mean_pkt_bytes as f64 / idle_pkt_bytes as f64;
        Red { idle_cautious_pkts_per_s: Some(per_s), ..self }
    }

    /// The drop probability at max_th now (ns-2's cur_max_p_).
    pub fn cur_max_p(&self) -> f64 {
        self.cur_max_p
    }

    /// Mark instead of dropping early, below `mark_p` (ns-2's setbit_ true).
    pub fn with_ecn(self, mark_p: f64) -> Self {
        Red { ecn: true, mark_p, ..self }
    }

    /// ns-2's use_mark_p_ false (REDQueue::enque and drop_early): above max_th (twice
    /// max_th with `gentle`) every arrival is a forced drop, its victim as a full
    /// buffer's, the count restarted and `old_` kept; with ECN an early drop of an
    /// ECN-capable packet is always a mark.
    pub fn without_mark_p(self) -> Self {
        Red { use_mark_p: false, ..self }
    }

    /// ns-2's ns1_compat_ true (REDQueue::enque): a forced drop does not restart the
    /// count of arrivals since the last drop (ns-1's RED; Philip Liu's fix off).
    pub fn ns1_compat(self) -> Self {
        Red { ns1_compat: true, ..self }
    }

    pub fn avg(&self) -> f64 {
        self.avg
    }

    /// ns-2's REDQueue::reset when its link is taken down: the average, the count since
    /// the last drop and the state of the last arrival start again (idle from now: the
    /// link's idle time runs from its last departure, which the link sets to now).
    fn clear(&mut self) {
        self.avg = 0.0;
        self.count = 0;
        self.count_bytes = 0;
        self.old = false;
        // (and max_p as it started, changed no time ago)
        self.cur_max_p = 1.0 / (1.0 / self.max_p);
        if let Some(a) = self.adaptive.as_mut() {
            a.lastset = 0.0;
        }
    }

    /// A new packet limit from now on (in bytes with queue_in_bytes, times the mean
    /// packet size); None: unchanged.
    fn set_limit(&mut self, pkts: Option<u32>) {
        if let Some(n) = pkts {
            self.limit_pkts = n;
            let scale = match self.bytes {
                Some(b) if b.queue => b.mean_pkt_bytes,
                _ => 1,
            };
            self.limit = n as u64 * scale as u64;
        }
    }

    /// The buffer's limits, in packets or, with queue_in_bytes, bytes.
    fn limits(&self) -> (Option<u32>, Option<u64>) {
        match self.bytes {
            Some(b) if b.queue => (None, Some(self.limit)),
            _ => (Some(self.limit_pkts), None),
        }
    }

    /// ns-2's REDQueue::estimator with m + 1 arrivals: the idle ones, then this one.
    fn update_avg(&mut self, waiting: u64, occ: &Occupancy) {
        let idle = match occ.idle_s() {
            Some(d) if d > 0.0 => (self.idle_cautious_pkts_per_s.unwrap_or(self.idle_pkts_per_s) * d) as i64,
            _ => 0,
        };
        let keep = 1.0 - self.w_q;
        let mut avg = self.avg;
        // ns-2 multiplies once per idle arrival; so does this for the first
        // EXACT_IDLE_FACTORS, stopping early where a factor no longer changes the average
        // (0, or a weight too small to move it). A longer idle period (a fast link idle for
        // long with a tiny weight: up to 1e14 factors) takes the rest as one power, which
        // may differ from ns-2's product in the last bits only.
        let mut left = idle;
        while left > 0 {
            let next = avg * keep;
            if next == avg {
                break;
            }
            avg = next;
            left -= 1;
            if idle - left == EXACT_IDLE_FACTORS {
                avg *= keep.powf(left as f64);
                break;
            }
        }
        avg *= keep;
        avg += self.w_q * waiting as f64;
        self.avg = avg;
        if let Some(a) = self.adaptive.as_mut() {
            if a.feng {
                // REDQueue::updateMaxPFeng, from the new average
                if self.min_th < avg && avg < self.max_th {
                    a.status = FengStatus::Between;
                }
                if avg < self.min_th && a.status != FengStatus::Below {
                    a.status = FengStatus::Below;
                    self.cur_max_p /= a.alpha;
                }
                if avg > self.max_th && a.status != FengStatus::Above {
                    a.status = FengStatus::Above;
                    self.cur_max_p *= a.beta;
                }
                return;
            }
            // REDQueue::updateMaxP, from the new average
            let now = occ.now_s;
            if now > a.lastset + a.interval {
                let part = 0.4 * (self.max_th - self.min_th);
                if avg < self.min_th + part && self.cur_max_p > a.bottom {
                    self.cur_max_p *= a.beta;
                    a.lastset = now;
                } else if avg > self.max_th - part && a.top > self.cur_max_p {
                    let alpha = if a.alpha > 0.25 * self.cur_max_p { 0.25 * self.cur_max_p } else { a.alpha };
                    self.cur_max_p += alpha;
                    a.lastset = now;
                }
            }
        }
    }

    /// ns-2's calculate_p_new (packet mode): the probability before the count's
    /// spreading (edv_.v_prob1).
    fn base_probability(&self) -> f64 {
        let avg = self.avg;
        let mut p = if self.gentle && avg >= self.max_th {
            self.v_c * avg + self.v_d
        } else if !self.gentle && avg >= self.max_th {
            1.0
        } else {
            (self.v_a * avg + self.v_b) * self.cur_max_p
        };
        if p > 1.0 {
            p = 1.0;
        }
        p
    }

    /// ns-2's forced drop (the buffer full, or above max_th without use_mark_p_): the
    /// count restarts, unless ns1_compat_.
    #[inline]
    fn forced(&mut self) {
        if !self.ns1_compat {
            self.count = 0;
            self.count_bytes = 0;
        }
    }

    /// ns-2's modify_p of `p`, the base probability, for an arrival of `size` bytes.
    fn spread(&self, mut p: f64, size: u32) -> f64 {
        let by_size = self.bytes.filter(|b| b.drops);
        let c = match by_size {
            Some(b) => (self.count_bytes / b.mean_pkt_bytes as i64) as f64,
            None => self.count as f64,
        };
        p = if self.wait {
            if c * p < 1.0 {
                0.0
            } else if c * p < 2.0 {
                p / (2.0 - c * p)
            } else {
                1.0
            }
        } else if c * p < 1.0 {
            p / (1.0 - c * p)
        } else {
            1.0
        };
        if let Some(b) = by_size {
            if p < 1.0 {
                p = (p * size as f64) / b.mean_pkt_bytes as f64;
            }
        }
        p.min(1.0)
    }

    /// The verdict on an arrival of `size` bytes; `in_service_bytes` gives the size of
    /// the packet in service, when one is (read with queue_in_bytes_ only).
    #[inline]
    pub(crate) fn verdict(&mut self, size: u32, occ: &Occupancy, draws: &mut Draws, in_service_bytes: impl FnOnce() -> u32) -> Verdict {
        let waiting_pkts = occ.pkts.saturating_sub(1);
        let waiting = match self.bytes {
            Some(b) if b.queue && occ.pkts > 0 => occ.bytes - in_service_bytes() as u64,
            Some(b) if b.queue => 0,
            _ => waiting_pkts as u64,
        };
        self.update_avg(waiting, occ);
        self.count += 1;
        self.count_bytes += size as i64;
        let mut v = Verdict::Admit;
        if self.avg >= self.min_th && waiting > 1 {
            if !self.use_mark_p && self.avg >= if self.gentle { 2.0 * self.max_th } else { self.max_th } {
                self.forced();
                v = Verdict::DropOverflow;
            } else if !self.old {
                self.count = 1;
                self.count_bytes = size as i64;
                self.old = true;
            } else {
                let p1 = self.base_probability();
                let p = self.spread(p1, size);
                if self.cautious != 0 {
                    return self.cautious_verdict(p1, p, waiting, draws);
                }
                if draws.uniform() <= p {
                    self.count = 0;
                    self.count_bytes = 0;
                    v = if self.ecn && (p1 < self.mark_p || !self.use_mark_p) { Verdict::Mark } else { Verdict::DropEarly };
                }
            }
        } else {
            self.old = false;
        }
        self.buffer_check(v, waiting)
    }

    /// The end of every verdict: the full buffer forces a drop whatever the early-drop
    /// decision (ns-2 marks the arrival in drop_early before enque forces a drop: the
    /// mark stays on it where the forced drop takes another, net::red_victim).
    #[inline(always)]
    fn buffer_check(&mut self, v: Verdict, waiting: u64) -> Verdict {
        self.marked_then_forced = v == Verdict::Mark && waiting >= self.limit;
        if waiting >= self.limit {
            self.forced();
            return Verdict::DropOverflow;
        }
        v
    }
}

impl Red {
    /// The early-drop decision with ns-2's cautious_ 1 or 2 (REDQueue::drop_early), then
    /// the buffer's check as in `verdict`.
    #[cold]
    #[inline(never)]
    fn cautious_verdict(&mut self, p1: f64, p: f64, waiting: u64, draws: &mut Draws) -> Verdict {
        // the packets a link of this rate takes in 50 ms, and what the average would
        // decay to over them
        let fraction = (1.0 - self.w_q).powf(self.idle_pkts_per_s * 0.05);
        let qsize = waiting as f64;
        let mut v = Verdict::Admit;
        let skip = self.cautious == 1 && qsize < fraction * self.avg;
        if !skip {
            let mut u = draws.uniform();
            if self.cautious == 2 {
                let ratio = qsize / (fraction * self.avg);
                if ratio < 1.0 {
                    u *= 1.0 / ratio;
                }
            }
            if u <= p {
                self.count = 0;
                self.count_bytes = 0;
                v = if self.ecn && (p1 < self.mark_p || !self.use_mark_p) { Verdict::Mark } else { Verdict::DropEarly };
            }
        }
        self.buffer_check(v, waiting)
    }
}

/// A buffer of `limit_pkts` packets, or with `in_bytes` of `limit_pkts` mean-size packets'
/// bytes (ns-2's PI and REM with queue_in_bytes_ / qib_: qlim_ x mean_pktsize_).
pub fn mean_size_limits(limit_pkts: u32, mean_pkt_bytes: u32, in_bytes: bool) -> (Option<u32>, Option<u64>) {
    if in_bytes {
        (None, Some(limit_pkts as u64 * mean_pkt_bytes as u64))
    } else {
        (Some(limit_pkts), None)
    }
}

#[derive(Clone, Debug)]
pub enum QueueDiscipline {
    DropTail(DropTail),
    /// Boxed: RED's state is large, and a link's hot fields sit beside its queue.
    Red(Box<Red>),
    /// Stochastic Fairness Queueing (ns-2's Queue/SFQ): holds its packets.
    Sfq(Box<Sfq>),
    /// Deficit Round Robin (ns-2's Queue/DRR): holds its packets.
    Drr(Box<Drr>),
    /// Fair Queueing (ns-2's Queue/FQ on an FQLink): holds its packets.
    Fq(Box<Fq>),
    /// A DropTail with ns-2's Delayer after it (`delayer`): holds its packets, and one
    /// more outside the queue, and may block the link.
    Delayed(Box<Delayer>),
    /// The PI controller AQM (ns-2's Queue/PI): its probability moves at a timer of its
    /// link's (`QueueDiscipline::sampling_interval_s`).
    Pi(Box<Pi>),
    /// Random Exponential Marking in its dropping mode (ns-2's Queue/REM): its price
    /// moves at a timer of its link's, as PI's probability does.
    Rem(Box<Rem>),
    /// A DropTail that drops from the front when full (ns-2's drop_front_): holds its
    /// packets, as the fair schedulers do (net::drop_front).
    DropFront(Box<DropFront>),
}

impl QueueDiscipline {
    /// The queue's state when its link is taken down (ns-2's Queue::reset of each kind),
    /// `waiting_pkts` of `waiting_bytes` waiting then: DropTail keeps none; RED starts its
    /// average again; PI its probability, from a sample of the queue before it is lost;
    /// REM its price (a REM queue's link never goes down: build refuses it).
    pub fn clear(&mut self, waiting_pkts: u32, waiting_bytes: u64) {
        match self {
            QueueDiscipline::Red(r) => r.clear(),
            QueueDiscipline::Pi(p) => p.clear(waiting_pkts, waiting_bytes),
            QueueDiscipline::Rem(r) => r.clear(),
            _ => {}
        }
    }

    /// The seconds between two samples of the queue by its own timer (PI's, REM's), if
    /// it has one.
    pub fn sampling_interval_s(&self) -> Option<f64> {
        match self {
            QueueDiscipline::Pi(p) => Some(p.interval_s()),
            QueueDiscipline::Rem(r) => Some(r.interval_s),
            _ => None,
        }
    }

    /// Decide whether a packet of `size_bytes` may join the queue; `in_service_bytes`
    /// gives the size of the packet in service when one is (asked by a byte limit
    /// alone, so that other queues never read the packet's record).
    #[inline]
    pub fn admit(
        &mut self,
        size_bytes: u32,
        occ: &Occupancy,
        draws: &mut Draws,
        in_service_bytes: impl FnOnce() -> u32,
    ) -> Verdict {
        match self {
            QueueDiscipline::DropTail(d) => {
                // ns-2's DropTail::enque, which every arrival passes, the link idle or
                // not (Queue::recv enqueues before it dequeues the next to send): dropped
                // once the packets waiting and the arrival reach limit_ (`length() + 1
                // >= qlim_`: busy, those and the one in service; idle, the arrival alone,
                // so a limit of 1 passes nothing), or their bytes the byte limit
                let over_p = d.limit_pkts.is_some_and(|l| occ.pkts.max(1) >= l);
                let over_b = d.limit_bytes.is_some_and(|l| {
                    let waiting = if occ.pkts > 0 { occ.bytes - in_service_bytes() as u64 } else { 0 };
                    waiting + size_bytes as u64 >= l
                });
                if over_p || over_b {
                    Verdict::DropOverflow
                } else {
                    Verdict::Admit
                }
            }
            // a RED holding its packets decides in the link's offer to it (net::link's
            // `offer_sched`): nothing of it on this path, which every arrival takes
            QueueDiscipline::Red(r) if r.held.is_some() => Verdict::Schedule,
            QueueDiscipline::Red(r) => r.verdict(size_bytes, occ, draws, in_service_bytes),
            QueueDiscipline::Pi(p) => p.verdict(size_bytes, occ, draws, in_service_bytes),
            QueueDiscipline::Rem(r) if r.marks => Verdict::Schedule,
            QueueDiscipline::Rem(r) => r.verdict(size_bytes, occ, draws, in_service_bytes),
            QueueDiscipline::Sfq(_)
            | QueueDiscipline::Drr(_)
            | QueueDiscipline::Fq(_)
            | QueueDiscipline::DropFront(_)
            | QueueDiscipline::Delayed(_) => Verdict::Schedule,
        }
    }

    /// Whether it holds the waiting packets and chooses the next (SFQ, DRR; REM in its
    /// marking mode, which marks the next as it leaves).
    #[inline(always)]
    pub fn schedules(&self) -> bool {
        match self {
            QueueDiscipline::Sfq(_)
            | QueueDiscipline::Drr(_)
            | QueueDiscipline::Fq(_)
            | QueueDiscipline::DropFront(_)
            | QueueDiscipline::Delayed(_) => true,
            QueueDiscipline::Red(r) => r.held.is_some(),
            QueueDiscipline::Rem(r) => r.marks,
            _ => false,
        }
    }

    /// Whether every end of a transmission dequeues, the queue empty too (REM marking:
    /// each dequeue draws), so that its link files a departure for each.
    pub fn dequeues_when_empty(&self) -> bool {
        // (a Delayer's transmitter tells it of every end: TargetHandler)
        matches!(self, QueueDiscipline::Rem(r) if r.marks) || matches!(self, QueueDiscipline::Delayed(_))
    }

    /// The next packet to transmit, from a scheduling queue, at `now_s` (ns-2's double
    /// clock, which FQ's finish times read).
    pub fn dequeue(&mut self, now_s: f64) -> Option<Waiting> {
        match self {
            QueueDiscipline::Sfq(q) => q.dequeue(),
            QueueDiscipline::Drr(q) => q.dequeue(),
            QueueDiscipline::Fq(q) => q.dequeue(now_s),
            // (its link asks its Delayer: Link::delayer_sent)
            QueueDiscipline::Delayed(_) => None,
            q => q.held_mut().and_then(|h| h.pop_front()),
        }
    }

    /// Packets and bytes waiting in a scheduling queue (0 for the others, whose
    /// waiting packets are in their link's pipe).
    pub fn waiting(&self) -> (u32, u64) {
        match self {
            QueueDiscipline::Sfq(q) => (q.len_pkts(), q.len_bytes()),
            QueueDiscipline::Rem(r) if r.marks => r.waiting(),
            QueueDiscipline::Drr(q) => (q.len_pkts(), q.len_bytes()),
            QueueDiscipline::Fq(q) => (q.len_pkts(), q.len_bytes()),
            QueueDiscipline::Delayed(d) => d.waiting(),
            q => q.held().map_or((0, 0), |h| h.waiting()),
        }
    }

    /// Visit every packet waiting in a scheduling queue.
    pub fn for_each_waiting(&self, mut f: impl FnMut(&Waiting)) {
        match self {
            QueueDiscipline::Sfq(q) => q.iter().for_each(&mut f),
            QueueDiscipline::Rem(r) if r.marks => r.iter().for_each(&mut f),
            QueueDiscipline::Drr(q) => q.iter().for_each(&mut f),
            QueueDiscipline::Fq(q) => q.iter().for_each(&mut f),
            QueueDiscipline::Delayed(d) => d.iter().for_each(&mut f),
            q => q.held().iter().flat_map(|h| h.iter()).for_each(&mut f),
        }
    }

    /// Take every packet waiting in a scheduling queue out.
    pub fn drain(&mut self) -> Vec<Waiting> {
        match self {
            QueueDiscipline::Sfq(q) => q.drain(),
            QueueDiscipline::Rem(r) if r.marks => r.drain(),
            QueueDiscipline::Drr(q) => q.drain(),
            QueueDiscipline::Fq(q) => q.drain(),
            QueueDiscipline::Delayed(d) => d.drain(),
            q => q.held_mut().map_or_else(Vec::new, |h| h.drain()),
        }
    }

    /// The packets held in arrival order by a queue that drops from inside (the
    /// drop-from-front DropTail, a RED with a victim rule).
    fn held(&self) -> Option<&HeldFifo> {
        match self {
            QueueDiscipline::DropFront(q) => Some(&q.held),
            QueueDiscipline::Red(r) => r.held.as_ref().map(|h| &h.fifo),
            _ => None,
        }
    }

    fn held_mut(&mut self) -> Option<&mut HeldFifo> {
        match self {
            QueueDiscipline::DropFront(q) => Some(&mut q.held),
            QueueDiscipline::Red(r) => r.held.as_mut().map(|h| &mut h.fifo),
            _ => None,
        }
    }

    /// Whether it marks ECN-capable packets (RED with ECN).
    pub fn marks_ecn(&self) -> bool {
        match self {
            QueueDiscipline::Red(r) => r.ecn,
            QueueDiscipline::Pi(p) => p.ecn,
            QueueDiscipline::Rem(r) => r.marks,
            _ => false,
        }
    }

    /// A new buffer limit from now on (`limit_changes`): a DropTail queue's packet or
    /// byte limit, a RED queue's packet limit (in bytes with queue_in_bytes, times its
    /// mean packet size, as ns-2's REDQueue::enque reads limit_ at each arrival). What
    /// waits stays; the scenario refuses changes to the other queues.
    #[cold]
    #[inline(never)]
    pub fn set_limits(&mut self, pkts: Option<u32>, bytes: Option<u64>) {
        match self {
            QueueDiscipline::DropTail(d) => {
                if pkts.is_some() {
                    d.limit_pkts = pkts;
                }
                if bytes.is_some() {
                    d.limit_bytes = bytes;
                }
            }
            QueueDiscipline::DropFront(d) => {
                if pkts.is_some() {
                    d.limit_pkts = pkts;
                }
                if bytes.is_some() {
                    d.limit_bytes = bytes;
                }
            }
            QueueDiscipline::Red(r) => r.set_limit(pkts),
            QueueDiscipline::Delayed(d) => {
                if let Some(p) = pkts {
                    d.limit_pkts = p;
                }
            }
            _ => debug_assert!(false, "a limit change of a queue that takes none"),
        }
    }

    /// The packet limit, if the queue has one (used to report % of buffer): none for a
    /// queue limited in bytes.
    pub fn limit_pkts(&self) -> Option<u32> {
        self.limits().0
    }

    /// The buffer's limits, in packets and in bytes (RED with queue_in_bytes holds
    /// limit_pkts x mean_pkt_bytes bytes waiting).
    pub fn limits(&self) -> (Option<u32>, Option<u64>) {
        match self {
            QueueDiscipline::DropTail(d) => (d.limit_pkts, d.limit_bytes),
            QueueDiscipline::Red(r) => r.limits(),
            QueueDiscipline::Pi(p) => p.limits(),
            QueueDiscipline::Rem(r) => r.limits(),
            QueueDiscipline::Sfq(q) => (Some(q.maxqueue()), None),
            QueueDiscipline::Drr(q) => (None, Some(q.blimit())),
            // each flow's queue
            QueueDiscipline::Fq(q) => (Some(q.limit()), None),
            QueueDiscipline::Delayed(d) => (Some(d.limit_pkts), None),
            QueueDiscipline::DropFront(q) => (q.limit_pkts, q.limit_bytes),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ns2_rng::Ns2Rng;
    use crate::engine::RngStreams;
    use std::sync::{Arc, Mutex};

    fn occ(pkts: u32) -> Occupancy {
        Occupancy::at(pkts, pkts as u64 * 1000, None, 0.0)
    }

    fn own(seed: u64) -> Draws {
        Draws::Own(Box::new(RngStreams::new(seed).stream("q")))
    }

    #[test]
    fn droptail_counts_the_packet_in_service() {
        let mut rng = own(1);
        let mut q = QueueDiscipline::DropTail(DropTail { limit_pkts: Some(5), limit_bytes: None });
        assert_eq!(q.admit(1000, &occ(4), &mut rng, || 1000), Verdict::Admit);
        assert_eq!(q.admit(1000, &occ(5), &mut rng, || 1000), Verdict::DropOverflow);
    }

    #[test]
    fn droptail_byte_limit_counts_the_bytes_waiting_as_ns2_does() {
        let mut rng = own(1);
        let mut q = QueueDiscipline::DropTail(DropTail { limit_pkts: None, limit_bytes: Some(3000) });
        // one 1000-byte packet in service, one waiting: 1000 + 1999 < 3000 joins
        assert_eq!(q.admit(1999, &occ(2), &mut rng, || 1000), Verdict::Admit);
        // 1000 waiting + 2000 reaches the limit: ns-2 drops (>=)
        assert_eq!(q.admit(2000, &occ(2), &mut rng, || 1000), Verdict::DropOverflow);
        // the packet in service does not count: a 1500-byte one in service, 1000 waiting
        let busy = Occupancy::at(2, 2500, None, 0.0);
        assert_eq!(q.admit(1999, &busy, &mut rng, || 1500), Verdict::Admit);
        // an idle link: the packet alone against the limit, as ns-2 enqueues it first
        // (the packet in service is not asked for: there is none)
        assert_eq!(q.admit(2999, &occ(0), &mut rng, || unreachable!()), Verdict::Admit);
        assert_eq!(q.admit(3000, &occ(0), &mut rng, || unreachable!()), Verdict::DropOverflow);
        let small = QueueDiscipline::DropTail(DropTail { limit_pkts: None, limit_bytes: Some(500) });
        assert_eq!(small.clone().admit(1000, &occ(0), &mut rng, || 1000), Verdict::DropOverflow);
        assert_eq!(small.clone().admit(40, &occ(0), &mut rng, || 1000), Verdict::Admit);
    }

    /// ns-2's `q_->length() + 1 >= qlim_` with the packet in service dequeued: a limit of
    /// 2 takes a packet at an idle link and one more behind it; a limit of 1 takes none,
    /// the link idle or not.
    #[test]
    fn droptail_limit_of_one_passes_nothing_as_in_ns2() {
        let mut rng = own(1);
        let mut two = QueueDiscipline::DropTail(DropTail { limit_pkts: Some(2), limit_bytes: None });
        assert_eq!(two.admit(1000, &occ(0), &mut rng, || 1000), Verdict::Admit);
        assert_eq!(two.admit(1000, &occ(1), &mut rng, || 1000), Verdict::Admit);
        assert_eq!(two.admit(1000, &occ(2), &mut rng, || 1000), Verdict::DropOverflow);
        let mut one = QueueDiscipline::DropTail(DropTail { limit_pkts: Some(1), limit_bytes: None });
        assert_eq!(one.admit(1000, &occ(0), &mut rng, || 1000), Verdict::DropOverflow);
        assert_eq!(one.admit(40, &occ(1), &mut rng, || 1000), Verdict::DropOverflow);
    }

    #[test]
    fn droptail_bytes_of_b_packets_hold_what_a_limit_of_b_packets_holds() {
        let mut rng = own(1);
        for b in 1..8u32 {
            let mut pk = QueueDiscipline::DropTail(DropTail { limit_pkts: Some(b), limit_bytes: None });
            let mut by = QueueDiscipline::DropTail(DropTail { limit_pkts: None, limit_bytes: Some(b as u64 * 1000) });
            for n in 0..10 {
                assert_eq!(pk.admit(1000, &occ(n), &mut rng, || 1000), by.admit(1000, &occ(n), &mut rng, || 1000), "B {b}, {n} held");
            }
        }
    }

    #[test]
    fn red_holds_its_limit_waiting_besides_the_packet_in_service() {
        // ns-2's REDQueue drops when q_->length() >= qlim_ (the waiting packets): one
        // more than a DropTail queue of the same limit holds
        let mut rng = own(1);
        let mut r = Red::new(5, 50.0, 150.0, 1e-9, 0.1, true, true, 1000.0);
        assert_eq!(r.verdict(1000, &occ(5), &mut rng, || 1000), Verdict::Admit); // 4 waiting
        assert_eq!(r.verdict(1000, &occ(6), &mut rng, || 1000), Verdict::DropOverflow); // 5 waiting
    }

    #[test]
    fn red_the_crossing_arrival_starts_the_count_without_a_draw_then_above_twice_max_every_arrival_drops() {
        let g = Arc::new(Mutex::new(Ns2Rng::new(3)));
        let mut draws = Draws::Ns2(g.clone());
        let mut reference = Ns2Rng::new(3);
        // w_q = 1: the average is the waiting queue; 39 waiting is above 2 max_th
        let mut r = Red::new(1000, 5.0, 15.0, 1.0, 0.1, true, true, 1000.0);
        assert_eq!(r.verdict(1000, &occ(4), &mut draws, || 1000), Verdict::Admit);
        assert_eq!(r.verdict(1000, &occ(40), &mut draws, || 1000), Verdict::Admit, "the crossing arrival");
        assert_eq!((r.count, r.old), (1, true));
        assert_eq!(g.lock().unwrap().clone().u01(), reference.clone().u01(), "no draw yet");
        for _ in 0..3 {
            assert_eq!(r.verdict(1000, &occ(40), &mut draws, || 1000), Verdict::DropEarly);
            reference.u01(); // each drop took a draw (use_mark_p_: probability 1, still drawn)
        }
        assert_eq!(g.lock().unwrap().clone().u01(), reference.u01());
        let mut r2 = Red::new(1000, 5.0, 15.0, 1.0, 0.1, false, true, 1000.0);
        r2.verdict(1000, &occ(21), &mut draws, || 1000);
        assert_eq!(r2.verdict(1000, &occ(21), &mut draws, || 1000), Verdict::DropEarly, "above max_th without gentle");
    }

    #[test]
    fn red_drops_early_only_with_more_than_one_packet_waiting() {
        let mut rng = own(1);
        let mut r = Red::new(1000, 0.5, 1.5, 1.0, 0.1, true, true, 1000.0);
        for _ in 0..100 {
            assert_eq!(r.verdict(1000, &occ(2), &mut rng, || 1000), Verdict::Admit); // 1 waiting, avg 1 >= min_th
            assert!(!r.old);
        }
    }

    #[test]
    fn red_counts_the_crossing_arrival_as_one() {
        // avg 10 (w_q = 1), max_p 0.1: p_b = 0.05; with `wait` no drop while count x
        // p_b < 1, so the first arrival that may be dropped is the 20th after the
        // crossing one counted as 1 (ns-2's count = 1 at the crossing)
        let mut rng = own(1);
        let mut r = Red::new(1000, 5.0, 15.0, 1.0, 0.1, false, true, 1000.0);
        r.verdict(1000, &occ(11), &mut rng, || 1000);
        for k in 2..20 {
            assert_eq!(r.verdict(1000, &occ(11), &mut rng, || 1000), Verdict::Admit);
            assert_eq!(r.count, k);
            assert_eq!(r.spread(r.base_probability(), 1000), 0.0);
        }
        r.count += 1;
        assert!((r.spread(r.base_probability(), 1000) - 0.05).abs() < 1e-12, "{}", r.spread(r.base_probability(), 1000));
    }

    /// With ECN (setbit_), an early drop is a mark (of an ECN-capable packet: the
    /// caller's to tell, net::link) while the base probability is below mark_p; in the
    /// gentle region (base probability past mark_p) and beyond the buffer it is a drop.
    #[test]
    fn red_with_ecn_marks_what_it_would_drop_early_below_mark_p() {
        let verdicts = |ecn: bool, waiting: u32, limit: u32| {
            let mut r = Red::new(limit, 5.0, 15.0, 1.0, 0.1, true, false, 1000.0);
            if ecn {
                r = r.with_ecn(MARK_P);
            }
            let mut rng = own(3);
            (0..200).map(|_| r.verdict(1000, &occ(waiting + 1), &mut rng, || 1000)).collect::<Vec<_>>()
        };
        let count = |v: &[Verdict], k: Verdict| v.iter().filter(|x| **x == k).count();
        // average 10 (w_q 1): base probability 0.05 < mark_p
        let plain = verdicts(false, 10, 1000);
        let marked = verdicts(true, 10, 1000);
        assert!(count(&plain, Verdict::DropEarly) > 5);
        assert_eq!(count(&marked, Verdict::DropEarly), 0);
        assert_eq!(count(&marked, Verdict::Mark), count(&plain, Verdict::DropEarly), "the same draws, marked");
        // average 20, gentle: base probability 0.1 + 0.9 * 5 / 15 = 0.4 >= mark_p
        let gentle = verdicts(true, 20, 1000);
        assert_eq!(count(&gentle, Verdict::Mark), 0);
        assert!(count(&gentle, Verdict::DropEarly) > 50);
        // beyond the buffer: dropped, marked or not
        assert!(verdicts(true, 10, 10).iter().all(|v| *v == Verdict::DropOverflow));
        let mut r = Red::new(1000, 5.0, 15.0, 1.0, 0.1, true, false, 1000.0).with_ecn(1.0);
        let mut rng = own(3);
        let all = (0..200).map(|_| r.verdict(1000, &occ(21), &mut rng, || 1000)).collect::<Vec<_>>();
        assert!(count(&all, Verdict::Mark) > 50, "mark_p 1: the gentle region marks too");
    }

    /// ns-2's ns1_compat_ true: a forced drop (the buffer full, or above max_th without
    /// use_mark_p_) leaves the count since the last drop as it is; by default it restarts.
    #[test]
    fn red_with_ns1_compat_keeps_the_count_through_a_forced_drop() {
        for compat in [false, true] {
            let mut rng = own(1);
            let mut r = Red::new(10, 5.0, 15.0, 1.0, 0.01, false, true, 1000.0);
            if compat {
                r = r.ns1_compat();
            }
            r.verdict(1000, &occ(8), &mut rng, || 1000); // the crossing: count 1
            r.verdict(1000, &occ(8), &mut rng, || 1000);
            assert_eq!(r.count, 2);
            assert_eq!(r.verdict(1000, &occ(11), &mut rng, || 1000), Verdict::DropOverflow);
            assert_eq!(r.count, if compat { 3 } else { 0 });
            let mut above = Red::new(100, 5.0, 15.0, 1.0, 0.01, false, true, 1000.0).without_mark_p();
            if compat {
                above = above.ns1_compat();
            }
            above.verdict(1000, &occ(8), &mut rng, || 1000);
            assert_eq!(above.verdict(1000, &occ(20), &mut rng, || 1000), Verdict::DropOverflow);
            assert_eq!(above.count, if compat { 2 } else { 0 });
        }
    }

    /// ns-2's use_mark_p_ false: at or above max_th (twice max_th with gentle) every
    /// arrival is a forced drop, without a draw, also the one crossing min_th, and the
    /// count restarts; below it early drops as usual; with ECN every early drop is a
    /// mark, past mark_p too (the gentle region).
    #[test]
    fn red_without_mark_p_forces_drops_above_max_and_marks_every_early_drop() {
        let g = Arc::new(Mutex::new(Ns2Rng::new(3)));
        let mut draws = Draws::Ns2(g.clone());
        let reference = Ns2Rng::new(3);
        // w_q = 1: the average is the waiting queue
        let mut r = Red::new(1000, 5.0, 15.0, 1.0, 0.1, false, true, 1000.0).without_mark_p();
        assert_eq!(r.verdict(1000, &occ(4), &mut draws, || 1000), Verdict::Admit);
        for _ in 0..3 {
            assert_eq!(r.verdict(1000, &occ(16), &mut draws, || 1000), Verdict::DropOverflow, "15 waiting: max_th");
            assert_eq!((r.count, r.old), (0, false), "the count restarted, old_ untouched");
        }
        assert_eq!(g.lock().unwrap().clone().u01(), reference.clone().u01(), "no draw");
        assert_eq!(r.verdict(1000, &occ(15), &mut draws, || 1000), Verdict::Admit, "14 waiting: the crossing");
        assert!(r.old);
        // gentle: forced from twice max_th, early drops in between
        let mut gentle = Red::new(1000, 5.0, 15.0, 1.0, 0.1, true, false, 1000.0).without_mark_p();
        gentle.verdict(1000, &occ(20), &mut draws, || 1000);
        // p 0.1 + 0.9 * 4 / 15 = 0.34, count 2: spread to 0.34 / (1 - 0.68), past 1
        assert_eq!(gentle.verdict(1000, &occ(20), &mut draws, || 1000), Verdict::DropEarly);
        assert_eq!(gentle.verdict(1000, &occ(31), &mut draws, || 1000), Verdict::DropOverflow);
        // with ECN: base probability 0.1 + 0.9 * 5 / 15 = 0.4, past mark_p 0.1, a mark
        let mut ecn = Red::new(1000, 5.0, 15.0, 1.0, 0.1, true, false, 1000.0).with_ecn(MARK_P).without_mark_p();
        let mut rng = own(3);
        let v = (0..200).map(|_| ecn.verdict(1000, &occ(21), &mut rng, || 1000)).collect::<Vec<_>>();
        assert!(v.iter().filter(|x| **x == Verdict::Mark).count() > 50);
        assert!(!v.contains(&Verdict::DropEarly));
        assert_eq!(ecn.verdict(1000, &occ(31), &mut rng, || 1000), Verdict::DropOverflow, "forced: not marked");
    }

    #[test]
    fn red_early_drop_rate_between_thresholds() {
        // avg fixed at 10 (w_q = 1): pb = 0.05; with `wait`, drops are spaced so the
        // long-run rate is about pb/(1+pb/2)... between 1/40 and 1/15 of arrivals.
        let mut rng = own(9);
        let mut r = Red::new(1000, 5.0, 15.0, 1.0, 0.1, false, true, 1000.0);
        let n = 100_000;
        let drops = (0..n).filter(|_| r.verdict(1000, &occ(11), &mut rng, || 1000) == Verdict::DropEarly).count();
        let rate = drops as f64 / n as f64;
        assert!(rate > 1.0 / 40.0 && rate < 1.0 / 15.0, "{rate}");
    }

    #[test]
    fn red_average_ages_over_idle_periods() {
        let mut rng = own(1);
        let mut r = Red::new(1000, 5.0, 15.0, 0.5, 0.1, true, true, 1000.0);
        r.verdict(1000, &occ(11), &mut rng, || 1000);
        let a1 = r.avg();
        let idle = Occupancy::at(0, 0, Some(0.0105), 0.0);
        // 10.5 ms idle at 1000 pkt/s: ns-2's m = int(10.5) = 10 idle arrivals, then this one
        r.verdict(1000, &idle, &mut rng, || 1000);
        assert_eq!(r.avg(), a1 * 0.5f64.powi(11));
    }

    #[test]
    fn red_ages_a_long_idle_period_in_bounded_work() {
        // a 1 Tb/s link idle for 1e6 s at a weight of 1e-12: 1.25e14 idle arrivals, which
        // one multiplication each would take days; the average still decays as the power
        let mut rng = own(1);
        let mut r = Red::new(1000, 5.0, 15.0, 1e-12, 0.1, true, true, 1.25e8);
        r.avg = 10.0;
        let idle = Occupancy::at(0, 0, Some(1e6), 0.0);
        r.verdict(1000, &idle, &mut rng, || 1000);
        let want = 10.0 * (1.0 - 1e-12f64).powf(1.25e14 + 1.0);
        assert!((r.avg() - want).abs() < 1e-9 * want, "{} vs {want}", r.avg());
    }

    /// queue_in_bytes_: the average is of the bytes waiting, the thresholds and the limit
    /// are times mean_pktsize_ (ns-2's REDQueue::reset and enque).
    #[test]
    fn red_in_bytes_averages_the_bytes_waiting_against_thresholds_and_limit_in_bytes() {
        let mut rng = own(1);
        // 1000 bytes in service, 2 x 700 waiting: 1400 bytes waiting, w_q 1
        let busy = Occupancy::at(3, 2400, None, 0.0);
        let mut r = Red::new(4, 5.0, 15.0, 1.0, 0.1, true, true, 1000.0).in_bytes(true, false, 500);
        assert_eq!((r.min_th, r.max_th, r.limit), (2500.0, 7500.0, 2000));
        assert_eq!(r.verdict(700, &busy, &mut rng, || 1000), Verdict::Admit);
        assert_eq!(r.avg(), 1400.0);
        // the limit: 2000 bytes waiting or more drops the arrival, whatever its size
        let full = Occupancy::at(4, 3000, None, 0.0);
        assert_eq!(r.verdict(40, &full, &mut rng, || 1000), Verdict::DropOverflow);
        let below = Occupancy::at(4, 2999, None, 0.0);
        assert_ne!(r.verdict(1500, &below, &mut rng, || 1000), Verdict::DropOverflow);
        // an idle link: nothing waits, the packet goes
        let idle = Occupancy::at(0, 0, Some(0.0), 0.0);
        assert_eq!(r.verdict(1500, &idle, &mut rng, || unreachable!()), Verdict::Admit);
        assert_eq!(r.avg(), 0.0);
    }

    /// Equal thresholds, a step at one K (datacenter scripts; ns-2's REDQueue::reset then
    /// divides by 1): without gentle an average at K drops (probability 1, use_mark_p_'s
    /// draw still taken) once the count has started, with gentle its probability is max_p
    /// at K, rising to 1 at 2K; the line between the thresholds, with its width of 1, is
    /// never reached.
    #[test]
    fn red_with_equal_thresholds_is_a_step_at_k() {
        let mut rng = own(5);
        // (the packet in service is not counted: n in the link, n - 1 waiting)
        let at = |n: u32| Occupancy::at(n, n as u64 * 1000, None, 0.0);
        let mut r = Red::new(40, 8.0, 8.0, 1.0, 0.1, false, true, 1000.0);
        assert_eq!((r.v_a, r.v_b), (1.0, -8.0));
        assert_eq!(r.verdict(1000, &at(8), &mut rng, || 1000), Verdict::Admit, "below K");
        assert_eq!(r.verdict(1000, &at(9), &mut rng, || 1000), Verdict::Admit, "at K: the count starts");
        assert_eq!(r.base_probability(), 1.0);
        assert_eq!(r.verdict(1000, &at(9), &mut rng, || 1000), Verdict::DropEarly, "at K: dropped");
        let mut g = Red::new(40, 6.0, 6.0, 1.0, 0.1, true, false, 1000.0);
        g.avg = 6.0;
        assert!((g.base_probability() - 0.1).abs() < 1e-12, "max_p at K: {}", g.base_probability());
        g.avg = 12.0;
        // (0.15 x 12 - 0.8 in doubles, as ns-2 computes it: 1 less an ulp)
        assert!((g.base_probability() - 1.0).abs() < 1e-12, "1 at 2K: {}", g.base_probability());
    }

    /// In bytes, "more than one waiting" is more than one byte: one packet waiting is
    /// enough for an early drop, where packet mode needs two.
    #[test]
    fn red_in_bytes_drops_early_with_one_packet_waiting() {
        let one_waiting = Occupancy::at(2, 2000, None, 0.0);
        let drops = |in_bytes: bool| {
            let mut rng = own(4);
            // average 1 packet (w_q 1) against min_th 0.5 and max_th 1.5: probability 0.05
            let mut r = Red::new(1000, 0.5, 1.5, 1.0, 0.1, true, false, 1000.0).in_bytes(in_bytes, false, 1000);
            (0..2000).filter(|_| r.verdict(1000, &one_waiting, &mut rng, || 1000) == Verdict::DropEarly).count()
        };
        assert_eq!(drops(false), 0);
        assert!(drops(true) > 50, "{}", drops(true));
    }

    /// bytes_: the count since the last drop is in mean-size packets, integer-divided as
    /// ns-2's int count_bytes_ / mean_pktsize, and a probability below 1 scales with the
    /// arrival's size.
    #[test]
    fn red_byte_mode_scales_the_probability_by_size_and_counts_mean_size_packets() {
        let mut r = Red::new(1000, 5.0, 15.0, 1.0, 0.1, true, false, 1000.0).in_bytes(false, true, 1000);
        r.avg = 10.0; // base probability 0.05
        let p1 = r.base_probability();
        assert_eq!(p1, 0.05);
        r.count = 7;
        r.count_bytes = 2999; // 2 mean-size packets, not 2.999 and not the 7 arrivals
        assert_eq!(r.spread(p1, 1000), 0.05 / (1.0 - 2.0 * 0.05));
        assert_eq!(r.spread(p1, 500), (0.05 / (1.0 - 2.0 * 0.05)) * 500.0 / 1000.0);
        assert_eq!(r.spread(p1, 40), (0.05 / (1.0 - 2.0 * 0.05)) * 40.0 / 1000.0);
        // a spread probability of 1 is not scaled; above 1 it is capped
        r.count_bytes = 20_000;
        assert_eq!(r.spread(p1, 40), 1.0);
        r.count_bytes = 19_999; // 19 x 0.05 < 1: 0.05 / 0.05, scaled by 3 capped at 1
        assert_eq!(r.spread(p1, 3000), 1.0);
        // the crossing arrival sets the bytes to its own size, a drop clears them
        let mut r = Red::new(1000, 5.0, 15.0, 1.0, 0.1, true, false, 1000.0).in_bytes(false, true, 1000);
        let mut rng = own(2);
        r.verdict(700, &occ(11), &mut rng, || 1000);
        assert_eq!((r.count, r.count_bytes), (1, 700));
        r.verdict(300, &occ(11), &mut rng, || 1000);
        assert!(r.count_bytes == 1000 || r.count_bytes == 0);
    }

    /// A RED queue in bytes reports its buffer in bytes (what the router schemes size
    /// their feedback with, and no % of a packet limit in the summary).
    #[test]
    fn red_in_bytes_reports_its_buffer_in_bytes() {
        let red = |q: bool| QueueDiscipline::Red(Box::new(Red::new(40, 5.0, 15.0, 0.002, 0.1, true, true, 1e3).in_bytes(q, true, 500)));
        assert_eq!(red(true).limits(), (None, Some(20_000)));
        assert_eq!(red(true).limit_pkts(), None);
        assert_eq!(red(false).limits(), (Some(40), None));
    }

    /// Neither byte setting: the verdicts of packet mode, draw for draw.
    #[test]
    fn red_without_byte_settings_is_packet_mode() {
        let mut a = Red::new(30, 3.0, 9.0, 0.2, 0.1, true, true, 1000.0);
        let mut b = a.clone().in_bytes(false, false, 500);
        let (mut ra, mut rb) = (own(5), own(5));
        let mut x = 12345u64;
        for _ in 0..5000 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let pkts = (x >> 33) as u32 % 40;
            let o = Occupancy::at(pkts, pkts as u64 * 1000, (pkts == 0).then_some(0.002), 0.0);
            assert_eq!(a.verdict(1000, &o, &mut ra, || 1000), b.verdict(1000, &o, &mut rb, || 1000));
        }
    }

    /// Feng et al.'s Adaptive RED (ns-2's updateMaxPFeng): max_p divided by alpha each
    /// time the average falls below min_th, multiplied by beta each time it rises above
    /// max_th, on any arrival (no interval), once per crossing; the first arrival below
    /// min_th divides (ns-2's status starts as Above).
    #[test]
    fn feng_adaptive_red_moves_max_p_once_per_crossing() {
        let mut rng = own(3);
        let mut r = Red::new(1000, 5.0, 15.0, 1.0, 0.1, true, true, 1e4)
            .adaptive(Adaptive::new(3.0, 2.0, 0.5, 0.5, 0.05).feng());
        let at = |pkts: u32, now_s: f64| Occupancy::at(pkts, pkts as u64 * 1000, None, now_s);
        r.verdict(1000, &at(2, 0.001), &mut rng, || 1000);
        assert!((r.cur_max_p() - 0.1 / 3.0).abs() < 1e-15, "{}", r.cur_max_p());
        // still below: no change, even a moment later
        r.verdict(1000, &at(1, 0.002), &mut rng, || 1000);
        assert!((r.cur_max_p() - 0.1 / 3.0).abs() < 1e-15);
        // above max_th (20 waiting): times beta, once
        r.verdict(1000, &at(21, 0.003), &mut rng, || 1000);
        r.verdict(1000, &at(21, 0.004), &mut rng, || 1000);
        assert!((r.cur_max_p() - 0.1 / 3.0 * 2.0).abs() < 1e-15);
        // between, then below again: divided again
        r.verdict(1000, &at(11, 0.005), &mut rng, || 1000);
        r.verdict(1000, &at(2, 0.006), &mut rng, || 1000);
        assert!((r.cur_max_p() - 0.1 / 3.0 * 2.0 / 3.0).abs() < 1e-15);
    }

    /// ns-2's cautious_ 1: with the queue waiting below (1 - q_w)^(ptc x 0.05) times the
    /// average there is no early drop and no draw; 2: the draw is divided by the queue's
    /// ratio to that; 3: the idle ageing counts packets of idle_pktsize_.
    #[test]
    fn red_cautious_skips_scales_and_ages_as_ns2_does() {
        // ptc 1000: 50 packets in 50 ms; w_q 0.02: the fraction 0.98^50 = 0.364. The
        // average is driven to about 40, past twice max_th (gentle: probability 1), then
        // an arrival finds 5 waiting
        let fraction = 0.98f64.powf(1000.0 * 0.05);
        let base = || Red::new(1000, 5.0, 15.0, 0.02, 0.1, true, false, 1000.0);
        for level in [0u8, 1, 2] {
            let mut r = if level == 0 { base() } else { base().cautious(level) };
            let mut rng = own(7);
            for i in 0..400 {
                r.verdict(1000, &Occupancy::at(41, 41_000, None, i as f64 * 1e-3), &mut rng, || 1000);
            }
            let mut drew = rng.clone();
            let v = r.verdict(1000, &Occupancy::at(6, 6000, None, 0.5), &mut rng, || 1000);
            let (avg, u) = (r.avg(), drew.uniform());
            assert!(avg > 30.0 && 5.0 < fraction * avg, "{avg}");
            match level {
                // probability 1: the draw is taken and drops
                0 => assert_eq!(v, Verdict::DropEarly),
                // no draw, no drop
                1 => {
                    assert_eq!(v, Verdict::Admit);
                    assert_eq!(rng.uniform(), u, "no draw was taken");
                }
                // the draw times 1 / (5 / (fraction x avg)): a drop only if that is at most 1
                _ => assert_eq!(v == Verdict::DropEarly, u * (1.0 / (5.0 / (fraction * avg))) <= 1.0),
            }
        }
        // cautious 2 drops about ratio of such arrivals: 0.364 x 40 / 5 is above 2, so
        // the ratio is below a half
        let mut r = base().cautious(2);
        let mut rng = own(9);
        let mut drops = 0;
        for i in 0..2000 {
            let t = i as f64 * 1e-3;
            for k in 0..3 {
                r.verdict(1000, &Occupancy::at(41, 41_000, None, t + k as f64 * 1e-4), &mut rng, || 1000);
            }
            drops += (r.verdict(1000, &Occupancy::at(6, 6000, None, t + 5e-4), &mut rng, || 1000) == Verdict::DropEarly) as u32;
        }
        assert!((200..1000).contains(&drops), "{drops}");
        // cautious 3: an idle link of ptc 1000 for 10 ms ages by 1000 x 500 / 100 x 0.01 = 50
        // arrivals (of 100-byte packets) instead of 10 mean-size ones
        let mut a = Red::new(1000, 5.0, 15.0, 0.1, 0.1, true, true, 1000.0);
        let mut b = a.clone().cautious_idle(500, 100);
        let mut rng = own(1);
        for r in [&mut a, &mut b] {
            r.verdict(1000, &Occupancy::at(11, 11_000, None, 0.0), &mut rng, || 1000);
        }
        let before = a.avg();
        assert_eq!(before, b.avg());
        a.verdict(1000, &Occupancy::at(0, 0, Some(0.01), 0.01), &mut rng, || 1000);
        b.verdict(1000, &Occupancy::at(0, 0, Some(0.01), 0.01), &mut rng, || 1000);
        assert!((a.avg() - before * 0.9f64.powi(11)).abs() < 1e-12, "{}", a.avg());
        assert!((b.avg() - before * 0.9f64.powi(51)).abs() < 1e-12, "{}", b.avg());
    }

    /// Adaptive RED as ns-2's updateMaxP moves max_p: up by alpha (at most a quarter of
    /// it) while the average sits in the upper 40 % of the thresholds' range and max_p is
    /// below top, down by beta in the lower 40 % while above bottom, once per interval
    /// at most; a reset puts max_p back.
    #[test]
    fn adaptive_red_moves_max_p_as_ns2_does() {
        let mut rng = own(3);
        // thresholds 5 and 15: the lower part below 9, the upper part above 11
        let mut r = Red::new(1000, 5.0, 15.0, 1.0, 0.1, true, true, 1e4).adaptive(Adaptive::new(0.01, 0.9, 0.5, 0.5, 0.05));
        let at = |pkts: u32, now_s: f64| Occupancy::at(pkts, pkts as u64 * 1000, None, now_s);
        // w_q 1: the average is the queue waiting. 13 waiting at 0.6 s: up by 0.01
        r.verdict(1000, &at(14, 0.6), &mut rng, || 1000);
        assert!((r.cur_max_p() - 0.11).abs() < 1e-12, "{}", r.cur_max_p());
        // within the interval: no change; after it, up again
        r.verdict(1000, &at(14, 1.0), &mut rng, || 1000);
        assert!((r.cur_max_p() - 0.11).abs() < 1e-12);
        r.verdict(1000, &at(14, 1.2), &mut rng, || 1000);
        assert!((r.cur_max_p() - 0.12).abs() < 1e-12);
        // between the parts (10 waiting): no change
        r.verdict(1000, &at(11, 2.0), &mut rng, || 1000);
        assert!((r.cur_max_p() - 0.12).abs() < 1e-12);
        // low (2 waiting): down by 0.9 each interval, not once at or below bottom 0.05
        let mut t = 2.0;
        for _ in 0..20 {
            t += 0.6;
            r.verdict(1000, &at(3, t), &mut rng, || 1000);
        }
        assert!(r.cur_max_p() <= 0.05 && r.cur_max_p() > 0.05 * 0.9, "{}", r.cur_max_p());
        // a small max_p climbs by a quarter of itself, not by alpha
        let mut s = Red::new(1000, 5.0, 15.0, 1.0, 0.02, true, true, 1e4).adaptive(Adaptive::new(0.01, 0.9, 0.5, 0.5, 0.01));
        s.verdict(1000, &at(14, 0.6), &mut rng, || 1000);
        assert!((s.cur_max_p() - 0.025).abs() < 1e-12, "{}", s.cur_max_p());
        // and never past top once at or above it
        let mut u = Red::new(1000, 5.0, 15.0, 1.0, 0.5, true, true, 1e4).adaptive(Adaptive::new(0.01, 0.9, 0.5, 0.5, 0.01));
        u.verdict(1000, &at(14, 0.6), &mut rng, || 1000);
        assert_eq!(u.cur_max_p(), 0.5);
        // the link's reset (going down) starts it again
        r.clear();
        assert!((r.cur_max_p() - 0.1).abs() < 1e-12);
    }

    #[test]
    fn a_limit_change_takes_the_next_arrival_and_leaves_what_waits() {
        // DropTail in packets: 5 in the system, the limit cut to 3; the next arrival is
        // dropped, the five stay; grown to 8 it is admitted (what satcc's link then holds)
        let mut q = QueueDiscipline::DropTail(DropTail { limit_pkts: Some(10), limit_bytes: None });
        let mut draws = own(1);
        let five = Occupancy { pkts: 5, bytes: 5000, now_s: 1.0, free_s: 0.0 };
        assert_eq!(q.admit(1000, &five, &mut draws, || 1000), Verdict::Admit);
        q.set_limits(Some(3), None);
        assert_eq!(q.limits(), (Some(3), None));
        assert_eq!(q.admit(1000, &five, &mut draws, || 1000), Verdict::DropOverflow);
        q.set_limits(Some(8), None);
        assert_eq!(q.admit(1000, &five, &mut draws, || 1000), Verdict::Admit);
        // in bytes: the byte limit alone changes
        let mut b = QueueDiscipline::DropTail(DropTail { limit_pkts: None, limit_bytes: Some(20_000) });
        b.set_limits(None, Some(4_500));
        assert_eq!(b.limits(), (None, Some(4_500)));
        assert_eq!(b.admit(1000, &five, &mut draws, || 1000), Verdict::DropOverflow);
        // RED: its limit in its unit (bytes with queue_in_bytes: times the mean size)
        let red = |q: bool| QueueDiscipline::Red(Box::new(Red::new(40, 5.0, 15.0, 0.002, 0.1, true, true, 1e3).in_bytes(q, true, 500)));
        let mut r = red(true);
        r.set_limits(Some(7), None);
        assert_eq!(r.limits(), (None, Some(7 * 500)));
        let mut r = red(false);
        r.set_limits(Some(7), None);
        assert_eq!(r.limits(), (Some(7), None));
    }
}
