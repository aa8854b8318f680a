//! ns-2's Delayer (queue/delayer.cc), inserted between a link's DropTail queue and its
//! transmitter by `$ns insert-delayer`: it holds one packet, which the queue hands it as
//! soon as the transmitter takes the one before, and sends it when the transmitter is
//! free and the link is not blocked. `$delayer block` and `unblock` (a delay spike: the
//! link holds its packets instead of sending them, as a wireless link does during a
//! handover or a fade that ARQ rides out) make the blocked periods (`delayer.blocks`).
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
//! - blocking does not stop a transmission under way.

use super::queue::{HeldFifo, Waiting};

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
    /// The transmitter is free (target_free).
    target_free: bool,
    /// Not in a delay spike (spike_free).
    spike_free: bool,
}

/// What the Delayer did: the packet it sends now, if any.
pub type Sent = Option<Waiting>;

impl Delayer {
    pub fn new(limit_pkts: u32) -> Self {
        Delayer {
            limit_pkts,
            fifo: HeldFifo::default(),
            held: None,
            queue_blocked: false,
            target_free: true,
            spike_free: true,
        }
    }

    /// A packet reaches the queue (Queue::recv): false if DropTail drops it. Then, if
    /// the queue is not blocked, it hands its head to the Delayer, which may send it at
    /// once (returned).
    pub fn enqueue(&mut self, w: Waiting) -> (bool, Sent) {
        let (pkts, _) = self.fifo.waiting();
        if pkts as u64 + 1 >= self.limit_pkts as u64 {
            return (false, None);
        }
        self.fifo.push_back(w);
        if self.queue_blocked {
            return (true, None);
        }
        let p = self.fifo.pop_front().expect("just queued");
        self.queue_blocked = true;
        (true, self.recv(p))
    }

    /// Delayer::recv: it holds `p` and tries to send.
    fn recv(&mut self, p: Waiting) -> Sent {
        debug_assert!(self.held.is_none(), "ns-2 exits on a second packet (delayer not empty!)");
        self.held = Some(p);
        self.try_send()
    }

    /// Delayer::try_send: with the transmitter free and no spike, the held packet goes
    /// (returned; the caller starts it), and the queue resumes: its next packet is held
    /// (a second try then finds the transmitter busy), or the queue is idle.
    fn try_send(&mut self) -> Sent {
        if !self.target_free || !self.spike_free {
            return None;
        }
        let sent = self.held.take();
        if sent.is_some() {
            self.target_free = false;
        }
        // prev_h_->handle: the queue's resume
        match self.fifo.pop_front() {
            Some(p) => {
                self.queue_blocked = true;
                self.held = Some(p);
                if sent.is_none() {
                    // (the transmitter was free with nothing held: the next goes now)
                    return self.try_send();
                }
            }
            None => self.queue_blocked = false,
        }
        sent
    }

    /// The transmitter finished its packet (TargetHandler).
    pub fn transmitted(&mut self) -> Sent {
        self.target_free = true;
        self.try_send()
    }

    /// `$delayer block` (true) or `unblock` (false).
    pub fn set_blocked(&mut self, blocked: bool) -> Sent {
        self.spike_free = !blocked;
        if blocked {
            None
        } else {
            self.try_send()
        }
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
    use crate::net::packet::{Packet, PacketKind};

    fn w(seq: i64) -> Waiting {
        let pkt = Packet { seq, flow: 0, rwnd_pkts: 0, size_bytes: 1000, hop: 0, kind: PacketKind::Data, ttl: 64, tos: 0, aux: 0 };
        Waiting { pkt, arrived: 0 }
    }

    fn seq(s: Sent) -> Option<i64> {
        s.map(|w| w.pkt.seq)
    }

    #[test]
    fn an_idle_link_sends_at_once_and_holds_the_next_outside_the_queue() {
        let mut d = Delayer::new(3);
        assert_eq!(d.enqueue(w(1)).1.map(|w| w.pkt.seq), Some(1));
        // the second leaves the queue for the Delayer at once
        let (taken, sent) = d.enqueue(w(2));
        assert!(taken && sent.is_none());
        assert_eq!(d.fifo.waiting().0, 0);
        assert_eq!(d.waiting().0, 1);
        // limit 3: two more wait in the queue? no: limit - 1 = 2 at most
        assert!(d.enqueue(w(3)).0);
        assert!(d.enqueue(w(4)).0);
        assert!(!d.enqueue(w(5)).0, "the queue holds limit - 1");
        // each end of a transmission sends the held one and takes the next
        assert_eq!(seq(d.transmitted()), Some(2));
        assert_eq!(seq(d.transmitted()), Some(3));
        assert_eq!(seq(d.transmitted()), Some(4));
        assert_eq!(seq(d.transmitted()), None);
        assert_eq!(d.waiting(), (0, 0));
        // idle again: the next arrival goes at once
        assert_eq!(seq(d.enqueue(w(6)).1), Some(6));
    }

    #[test]
    fn a_block_holds_the_packets_until_unblocked() {
        let mut d = Delayer::new(10);
        assert_eq!(seq(d.enqueue(w(1)).1), Some(1));
        assert_eq!(d.set_blocked(true).map(|w| w.pkt.seq), None);
        assert!(d.enqueue(w(2)).0);
        assert!(d.enqueue(w(3)).0);
        // the transmission under way ends; nothing more goes while blocked
        assert_eq!(seq(d.transmitted()), None);
        assert_eq!(d.waiting().0, 2);
        assert_eq!(seq(d.set_blocked(false)), Some(2));
        assert_eq!(seq(d.transmitted()), Some(3));
        // unblocked while transmitting: nothing until the end
        let mut e = Delayer::new(10);
        assert_eq!(seq(e.enqueue(w(1)).1), Some(1));
        e.set_blocked(true);
        assert!(e.enqueue(w(2)).0);
        assert_eq!(seq(e.set_blocked(false)), None, "the transmitter is busy");
        assert_eq!(seq(e.transmitted()), Some(2));
        // an arrival at a blocked idle link waits held
        let mut f = Delayer::new(10);
        f.set_blocked(true);
        assert!(f.enqueue(w(1)).0);
        assert!(f.holds());
        assert_eq!(seq(f.set_blocked(false)), Some(1));
    }
}
