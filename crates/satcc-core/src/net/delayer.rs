//! ns-2's Delayer (queue/delayer.cc), inserted between a link's DropTail queue and its
//! transmitter by `$ns insert-delayer`: it holds one packet, which the queue hands it as
//! soon as the transmitter takes the one before, and sends it when the transmitter is
//! free and the link is not blocked. `$delayer block` and `unblock` (a delay spike: the
//! link holds its packets instead of sending them, as a wireless link does during a
//! handover or a fade that ARQ rides out) make the blocked periods (`delayer.blocks`);
//! `spike INT LEN` blocks it for random lengths at random intervals (`delayer.spikes`),
//! and `alloc INT LEN` makes a packet that comes after an idle time wait for a channel
//! (`delayer.alloc`), both drawn from ns-2's random variables.
//!
//! ns-2's rules, kept exactly:
//! - the queue is ns-2's DropTail of `limit_` packets (an arrival finding limit - 1
//!   waiting is dropped), and the packet the Delayer holds is not in it: so a link with
//!   a Delayer keeps up to limit - 1 waiting, one held and one in transmission;
//! - the queue hands a packet over when it is not blocked, that is when the Delayer has
//!   just sent the packet it held (Delayer::try_send calls the queue's resume), or when
//!   the queue was idle;
//! - the Delayer sends when the transmitter is free (its last packet fully sent:
//!   TargetHandler) and the link is not blocked; every end of a transmission and every
//!   unblock tries again;
//! - blocking does not stop a transmission under way;
//! - with channel allocation, every packet the Delayer takes draws an idle time, and one
//!   coming later than that after the last packet sent draws its wait (AllocTimer); the
//!   Delayer sends nothing until then;
//! - a spike timer that fires outside a spike starts one (a length drawn); inside, it
//!   ends it (an interval drawn) and the Delayer tries to send.

use super::error_model::Law;
use super::queue::{HeldFifo, Waiting};
use crate::engine::order::Origin;
use crate::engine::rng::Draws;
use crate::engine::Time;

/// What the Delayer does, in the order ns-2 does it within one event: a packet it sends
/// (the link starts it), or a timer it sets, seconds from now (its channel allocation
/// delay's AllocTimer, its spikes' SpikeTimer).
#[derive(Clone, Debug)]
pub enum Act {
    Send(Waiting),
    Alloc(f64),
    Spike(f64),
}

#[derive(Clone, Debug)]
pub struct Delayer {
    /// The queue's limit_ (packets).
    pub limit_pkts: u32,
    /// The queue's packets, head first.
    pub fifo: HeldFifo,
    /// The packet the Delayer holds (pkt_).
    held: Option<Waiting>,
    /// The queue handed a packet and waits for the Delayer's resume (ns-2's blocked_).
    queue_blocked: bool,
    /// The queue has handed it a packet once (prev_h_ set): its tries resume the queue.
    resumes: bool,
    /// The transmitter is free (target_free).
    target_free: bool,
    /// Not in a delay spike (spike_free).
    spike_free: bool,
    /// Not waiting for a channel (alloc_free).
    alloc_free: bool,
    /// When it last sent, ns-2's double clock (last_sent, -100000 at first).
    last_sent: f64,
    /// Random spikes: (interval, length) laws (`spike INT LEN`).
    spikes: Option<(Law, Law)>,
    /// Channel allocation: (idle, delay) laws (`alloc INT LEN`).
    alloc: Option<(Law, Law)>,
    /// When its spike timer and its allocation timer are due (an event due at another
    /// instant is stale), and the timer events its link has yet to file: (a spike
    /// timer's, when, double time, origin).
    pub spike_due: Option<(Time, f64)>,
    pub alloc_due: Option<(Time, f64)>,
    pub timers: Vec<(bool, Time, f64, Origin)>,
}

impl Delayer {
    pub fn new(limit_pkts: u32) -> Self {
        Delayer {
            limit_pkts,
            fifo: HeldFifo::default(),
            held: None,
            queue_blocked: false,
            resumes: false,
            target_free: true,
            spike_free: true,
            alloc_free: true,
            last_sent: -100000.0,
            spikes: None,
            alloc: None,
            spike_due: None,
            alloc_due: None,
            timers: Vec::new(),
        }
    }

    /// ns-2's `spike INT LEN`: from the first spike on (a timer the caller sets), the
    /// link is blocked for LEN draws with INT draws between.
    pub fn with_spikes(mut self, interval: Law, length: Law) -> Self {
        self.spikes = Some((interval, length));
        self
    }

    /// ns-2's `alloc INT LEN`: a packet reaching the Delayer more than an INT draw after
    /// the last one it sent waits a LEN draw (a channel allocated again).
    pub fn with_alloc(mut self, idle: Law, delay: Law) -> Self {
        self.alloc = Some((idle, delay));
        self
    }

    /// A packet reaches the queue at `now_s` (Queue::recv): false if DropTail drops it.
    /// Then, if the queue is not blocked, it hands its head to the Delayer.
    pub fn enqueue(&mut self, w: Waiting, now_s: f64, draws: &mut Draws, acts: &mut Vec<Act>) -> bool {
        let (pkts, _) = self.fifo.waiting();
        if pkts as u64 + 1 >= self.limit_pkts as u64 {
            return false;
        }
        self.fifo.push_back(w);
        if !self.queue_blocked {
            let p = self.fifo.pop_front().expect("just queued");
            self.queue_blocked = true;
            self.recv(p, now_s, draws, acts);
        }
        true
    }

    /// Delayer::recv: it holds `p`; with channel allocation, a packet after an idle
    /// time longer than an INT draw waits a LEN draw (AllocTimer); else it tries to send.
    fn recv(&mut self, p: Waiting, now_s: f64, draws: &mut Draws, acts: &mut Vec<Act>) {
        debug_assert!(self.held.is_none(), "ns-2 exits on a second packet (delayer not empty!)");
        self.held = Some(p);
        self.resumes = true;
        if let Some((idle, delay)) = self.alloc {
            if now_s - self.last_sent > idle.draw(draws) {
                self.alloc_free = false;
                acts.push(Act::Alloc(delay.draw(draws)));
                return;
            }
        }
        self.try_send(now_s, draws, acts);
    }

    /// Delayer::try_send: with the transmitter free, no spike and the channel allocated,
    /// the held packet goes, and the queue resumes (its next packet reaches the Delayer,
    /// whose own try then finds the transmitter busy), or is idle.
    fn try_send(&mut self, now_s: f64, draws: &mut Draws, acts: &mut Vec<Act>) {
        if !self.target_free || !self.alloc_free || !self.spike_free {
            return;
        }
        if let Some(p) = self.held.take() {
            acts.push(Act::Send(p));
            self.last_sent = now_s;
            self.target_free = false;
        }
        if self.resumes {
            // prev_h_->handle: the queue's resume
            match self.fifo.pop_front() {
                Some(p) => {
                    self.queue_blocked = true;
                    self.recv(p, now_s, draws, acts);
                }
                None => self.queue_blocked = false,
            }
        }
    }

    /// The transmitter finished its packet (TargetHandler).
    pub fn transmitted(&mut self, now_s: f64, draws: &mut Draws, acts: &mut Vec<Act>) {
        self.target_free = true;
        self.try_send(now_s, draws, acts);
    }

    /// Blocked from the start, before the run's first event (`block` before `$ns run`).
    pub fn block_from_start(&mut self) {
        self.spike_free = false;
    }

    /// `$delayer block` (true) or `unblock` (false).
    pub fn set_blocked(&mut self, blocked: bool, now_s: f64, draws: &mut Draws, acts: &mut Vec<Act>) {
        self.spike_free = !blocked;
        if !blocked {
            self.try_send(now_s, draws, acts);
        }
    }

    /// SpikeTimer: a spike begins (blocked for a LEN draw) or ends (an INT draw to the
    /// next; the Delayer tries to send).
    pub fn spike_timer(&mut self, now_s: f64, draws: &mut Draws, acts: &mut Vec<Act>) {
        let (interval, length) = self.spikes.expect("a spike timer of a Delayer with spikes");
        if self.spike_free {
            self.spike_free = false;
            acts.push(Act::Spike(length.draw(draws)));
            return;
        }
        self.spike_free = true;
        acts.push(Act::Spike(interval.draw(draws)));
        self.try_send(now_s, draws, acts);
    }

    /// AllocTimer: the channel is allocated; the Delayer tries to send.
    pub fn alloc_timer(&mut self, now_s: f64, draws: &mut Draws, acts: &mut Vec<Act>) {
        self.alloc_free = true;
        self.try_send(now_s, draws, acts);
    }

    /// Packets waiting in the queue and held, and their bytes.
    pub fn waiting(&self) -> (u32, u64) {
        let (p, b) = self.fifo.waiting();
        match &self.held {
            Some(h) => (p + 1, b + h.pkt.size_bytes as u64),
            None => (p, b),
        }
    }

    /// Whether it holds a packet (which ns-2's queue monitor, after the queue, counted
    /// as departed).
    pub fn holds(&self) -> bool {
        self.held.is_some()
    }

    pub fn iter(&self) -> impl Iterator<Item = &Waiting> {
        self.held.iter().chain(self.fifo.iter())
    }

    /// Take every packet out (the link went down): the held one first.
    pub fn drain(&mut self) -> Vec<Waiting> {
        let mut out: Vec<Waiting> = self.held.take().into_iter().collect();
        out.extend(self.fifo.drain());
        self.queue_blocked = false;
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ns2_rng::Ns2Rng;
    use crate::net::packet::{Packet, PacketKind};

    fn w(seq: i64) -> Waiting {
        let pkt = Packet { seq, flow: 0, rwnd_pkts: 0, size_bytes: 1000, hop: 0, kind: PacketKind::Data, ttl: 64, tos: 0, aux: 0 };
        Waiting { pkt, arrived: 0 }
    }

    fn draws() -> Draws {
        Draws::Ns2(std::sync::Arc::new(std::sync::Mutex::new(Ns2Rng::new(1))))
    }

    /// What `f` made the Delayer do: the packets sent ("s<seq>") and timers set.
    fn run(d: &mut Delayer, f: impl FnOnce(&mut Delayer, &mut Draws, &mut Vec<Act>)) -> Vec<String> {
        let (mut r, mut acts) = (draws(), Vec::new());
        f(d, &mut r, &mut acts);
        acts.iter()
            .map(|a| match a {
                Act::Send(w) => format!("s{}", w.pkt.seq),
                Act::Alloc(t) => format!("alloc {t:.4}"),
                Act::Spike(t) => format!("spike {t:.4}"),
            })
            .collect()
    }

    #[test]
    fn an_idle_link_sends_at_once_and_holds_the_next_outside_the_queue() {
        let mut d = Delayer::new(3);
        assert_eq!(run(&mut d, |d, r, a| assert!(d.enqueue(w(1), 0.0, r, a))), ["s1"]);
        // the second leaves the queue for the Delayer at once
        assert!(run(&mut d, |d, r, a| assert!(d.enqueue(w(2), 0.0, r, a))).is_empty());
        assert_eq!((d.fifo.waiting().0, d.waiting().0), (0, 1));
        // limit 3: two more wait in the queue (limit - 1), the next is dropped
        run(&mut d, |d, r, a| {
            assert!(d.enqueue(w(3), 0.0, r, a) && d.enqueue(w(4), 0.0, r, a));
            assert!(!d.enqueue(w(5), 0.0, r, a), "the queue holds limit - 1");
        });
        // each end of a transmission sends the held one and takes the next
        for s in 2..=4 {
            assert_eq!(run(&mut d, |d, r, a| d.transmitted(1.0, r, a)), [format!("s{s}")]);
        }
        assert!(run(&mut d, |d, r, a| d.transmitted(1.0, r, a)).is_empty());
        assert_eq!(d.waiting(), (0, 0));
        // idle again: the next arrival goes at once
        assert_eq!(run(&mut d, |d, r, a| assert!(d.enqueue(w(6), 2.0, r, a))), ["s6"]);
    }

    #[test]
    fn a_block_holds_the_packets_until_unblocked() {
        let mut d = Delayer::new(10);
        run(&mut d, |d, r, a| {
            assert!(d.enqueue(w(1), 0.0, r, a));
            d.set_blocked(true, 0.0, r, a);
            assert!(d.enqueue(w(2), 0.0, r, a) && d.enqueue(w(3), 0.0, r, a));
        });
        // the transmission under way ends; nothing more goes while blocked
        assert!(run(&mut d, |d, r, a| d.transmitted(1.0, r, a)).is_empty());
        assert_eq!(d.waiting().0, 2);
        assert_eq!(run(&mut d, |d, r, a| d.set_blocked(false, 2.0, r, a)), ["s2"]);
        assert_eq!(run(&mut d, |d, r, a| d.transmitted(3.0, r, a)), ["s3"]);
        // unblocked while transmitting: nothing until its end
        let mut e = Delayer::new(10);
        run(&mut e, |e, r, a| {
            assert!(e.enqueue(w(1), 0.0, r, a));
            e.set_blocked(true, 0.0, r, a);
            assert!(e.enqueue(w(2), 0.0, r, a));
        });
        assert!(run(&mut e, |e, r, a| e.set_blocked(false, 0.5, r, a)).is_empty(), "the transmitter is busy");
        assert_eq!(run(&mut e, |e, r, a| e.transmitted(1.0, r, a)), ["s2"]);
        // an arrival at a blocked idle link waits held
        let mut f = Delayer::new(10);
        run(&mut f, |f, r, a| {
            f.set_blocked(true, 0.0, r, a);
            assert!(f.enqueue(w(1), 0.0, r, a));
        });
        assert!(f.holds());
        assert_eq!(run(&mut f, |f, r, a| f.set_blocked(false, 1.0, r, a)), ["s1"]);
    }

    #[test]
    fn a_channel_is_allocated_after_an_idle_time_longer_than_a_draw() {
        // idle draws of 1 s (constant), an allocation of 0.25 s: the first packet (last
        // sent at -100000) waits, the next ones within a second go behind it
        let law = |v| Law::Constant { value: v };
        let mut d = Delayer::new(10).with_alloc(law(1.0), law(0.25));
        assert_eq!(run(&mut d, |d, r, a| assert!(d.enqueue(w(1), 0.0, r, a))), ["alloc 0.2500"]);
        assert!(run(&mut d, |d, r, a| assert!(d.enqueue(w(2), 0.1, r, a))).is_empty());
        assert_eq!(run(&mut d, |d, r, a| d.alloc_timer(0.25, r, a)), ["s1"]);
        assert_eq!(run(&mut d, |d, r, a| d.transmitted(0.3, r, a)), ["s2"]);
        // 0.7 s after the last send: at once; 1.5 s after: a channel again
        assert!(run(&mut d, |d, r, a| d.transmitted(0.4, r, a)).is_empty());
        assert_eq!(run(&mut d, |d, r, a| assert!(d.enqueue(w(3), 1.0, r, a))), ["s3"]);
        assert!(run(&mut d, |d, r, a| d.transmitted(1.1, r, a)).is_empty());
        assert_eq!(run(&mut d, |d, r, a| assert!(d.enqueue(w(4), 2.6, r, a))), ["alloc 0.2500"]);
    }

    #[test]
    fn spikes_alternate_lengths_and_intervals_from_ns2s_draws() {
        // exponential laws drawn from ns-2's generator (seed 1): the first firing starts
        // a spike of a length drawn, the second ends it with an interval drawn
        let (int, len) = (Law::Exponential { mean: 0.5 }, Law::Exponential { mean: 0.1 });
        let mut d = Delayer::new(10).with_spikes(int, len);
        let mut r = draws();
        let mut reference = Ns2Rng::new(1);
        let mut acts = Vec::new();
        d.spike_timer(1.0, &mut r, &mut acts);
        let l = 0.1 * -reference.u01().ln();
        assert!(matches!(acts[..], [Act::Spike(t)] if t == l));
        // blocked: an arrival waits
        acts.clear();
        assert!(d.enqueue(w(1), 1.01, &mut r, &mut acts) && acts.is_empty());
        d.spike_timer(1.0 + l, &mut r, &mut acts);
        let i = 0.5 * -reference.u01().ln();
        assert!(matches!(&acts[..], [Act::Spike(t), Act::Send(p)] if *t == i && p.pkt.seq == 1));
    }
}
