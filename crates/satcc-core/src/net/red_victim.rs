//! RED whose forced drops take another packet than the arrival, as ns-2 2.35 runs it
//! (`Queue/RED` with `drop_front_` or `drop_rand_`, queue/red.cc): RED decides on the
//! arrival as always (net::queue's `Red`, its average, count and early drops of the
//! arrival unchanged); a *forced* drop, the buffer full, first queues the arrival and
//! then drops the packet REDQueue::pickPacketToDrop picks among those waiting with it:
//! - `Front` (drop_front_): the one at index min(1, n - 1), the packet behind the head
//!   (ns-2's index 0 is the head, the next to be sent);
//! - `Random` (drop_rand_): one at Random::integer(n), a draw of ns-2's generator after
//!   any draw RED made for the arrival (net::queue, `Draws::integer`).
//!
//! ns-2's drop_tail_, the default, drops the arrival (index n - 1): the FIFO `Red`. In
//! ns-2 2.35 a forced drop is one at the full buffer only (use_mark_p_ true: an average
//! above max_th draws for an early drop, which takes the arrival).
//!
//! Such a RED holds its waiting packets (`Red::held`) as SFQ, DRR and the
//! drop-from-front DropTail do (net::link's scheduling queues): a drop from inside the
//! queue changes the departure of every packet behind it, which a FIFO link's
//! precomputed departures cannot follow. It stays a `QueueDiscipline::Red`, so that the
//! runs without it pay no more than a test of `held` on RED's own path.

use super::queue::{HeldFifo, Occupancy, Red, Verdict, Waiting};
use crate::engine::rng::Draws;

/// Which waiting packet a forced drop takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Victim {
    /// drop_front_: index min(1, n - 1).
    Front,
    /// drop_rand_: index Random::integer(n).
    Random,
}

/// The waiting packets of a RED with a victim rule, and the rule.
#[derive(Clone, Debug)]
pub struct Held {
    pub victim: Victim,
    /// The packets waiting, head first (reached through `QueueDiscipline::held`).
    pub fifo: HeldFifo,
    /// RED forced a drop on the arrival being offered (set by `Red::admit_held`, read by
    /// `enqueue` in the same offer).
    forced: bool,
}

impl Red {
    /// This RED with a victim rule for its forced drops: it holds its waiting packets.
    pub fn with_victim(mut self, victim: Victim) -> Self {
        self.held = Some(Box::new(Held { victim, fifo: HeldFifo::default(), forced: false }));
        self
    }

    /// RED's verdict on an arrival of `size` bytes, the link's occupancy `occ` (the packet
    /// in service, of `in_service_bytes`) with the waiting packets held here added: one it admits, or whose
    /// drop it forces, is handed to `enqueue` (`Verdict::Schedule`); an early drop or a
    /// mark takes the arrival, as without a victim rule. An arrival RED would have marked
    /// when the full buffer forced a drop is `Verdict::Mark` with the drop still forced:
    /// ns-2 marks it in drop_early before the forced drop, so it keeps the mark if it
    /// is ECN-capable and stays (net::link's `resolve_mark`, then `enqueue`).
    #[cold]
    #[inline(never)]
    pub fn admit_held(
        &mut self,
        size: u32,
        occ: &Occupancy,
        draws: &mut Draws,
        in_service_bytes: u32,
    ) -> Verdict {
        let (pkts, bytes) = self.held.as_ref().expect("a RED holding its packets").fifo.waiting();
        let all = Occupancy { pkts: occ.pkts + pkts, bytes: occ.bytes + bytes, ..*occ };
        let v = self.verdict(size, &all, draws, || in_service_bytes);
        let marked = self.marked_then_forced;
        let held = self.held.as_mut().expect("a RED holding its packets");
        held.forced = v == Verdict::DropOverflow;
        match v {
            Verdict::DropOverflow if marked => Verdict::Mark,
            Verdict::Admit | Verdict::DropOverflow => Verdict::Schedule,
            v => v,
        }
    }
}

impl Held {
    /// Whether RED forced a drop on the arrival being offered: one it would have marked
    /// is queued, marked or not, and a victim goes (`enqueue`).
    pub fn forced(&self) -> bool {
        self.forced
    }

    /// The arrival joins the tail; if RED forced a drop, the victim goes: Err(()) when it
    /// is the arrival itself (then not queued), else the waiting packet dropped.
    pub fn enqueue(&mut self, w: Waiting, draws: &mut Draws) -> Result<Option<Waiting>, ()> {
        self.fifo.push_back(w);
        if !std::mem::take(&mut self.forced) {
            return Ok(None);
        }
        let n = self.fifo.waiting().0 as usize;
        let k = match self.victim {
            Victim::Front => 1.min(n - 1),
            Victim::Random => draws.integer(n as u32) as usize,
        };
        let gone = self.fifo.remove(k).expect("a victim among the waiting");
        if k == n - 1 {
            Err(())
        } else {
            Ok(Some(gone))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ns2_rng::Ns2Rng;
    use crate::net::{Packet, PacketKind};
    use std::sync::{Arc, Mutex};

    fn waiting(seq: i64) -> Waiting {
        let pkt = Packet { seq, flow: 0, rwnd_pkts: 0, size_bytes: 1000, hop: 0, kind: PacketKind::Data, ttl: 32, tos: 0,
                           aux: 0 };
        Waiting { pkt, arrived: 0 }
    }

    /// A RED of `limit` packets with thresholds too high to drop early, `n` waiting.
    fn full(victim: Victim, limit: u32, n: i64) -> Red {
        let mut q = Red::new(limit, 1000.0, 2000.0, 0.002, 0.1, true, true, 1000.0).with_victim(victim);
        let mut own = Draws::Own(Box::new(crate::engine::RngStreams::new(1).stream("q")));
        for s in 0..n {
            assert!(matches!(q.held_mut().enqueue(waiting(s), &mut own), Ok(None)));
        }
        q
    }

    fn seqs(q: &Red) -> Vec<i64> {
        q.held.as_ref().unwrap().fifo.iter().map(|w| w.pkt.seq).collect()
    }

    impl Red {
        fn held_mut(&mut self) -> &mut Held {
            self.held.as_mut().unwrap()
        }
    }

    #[test]
    fn a_forced_drop_from_the_front_takes_the_packet_behind_the_head() {
        let mut own = Draws::Own(Box::new(crate::engine::RngStreams::new(1).stream("q")));
        // four waiting beside the packet in service (the link's occupancy): a limit of 4
        // waiting forces a drop
        let mut q = full(Victim::Front, 4, 4);
        let occ = Occupancy::at(1, 1000, None, 0.0);
        assert_eq!(q.admit_held(1000, &occ, &mut own, 1000), Verdict::Schedule);
        assert_eq!(q.held_mut().enqueue(waiting(9), &mut own).unwrap().unwrap().pkt.seq, 1);
        assert_eq!(seqs(&q), [0, 2, 3, 9]);
        assert_eq!(q.held_mut().fifo.waiting(), (4, 4000));
        // one waiting alone (index min(1, 0)): the arrival itself goes
        let mut one = full(Victim::Front, 1, 1);
        assert_eq!(one.admit_held(1000, &Occupancy::at(1, 1000, None, 0.0), &mut own, 1000), Verdict::Schedule);
        assert!(matches!(one.held_mut().enqueue(waiting(9), &mut own), Err(())));
        assert_eq!((seqs(&one), one.held_mut().fifo.waiting()), (vec![0], (1, 1000)));
        // not full: nothing goes
        let mut room = full(Victim::Front, 10, 3);
        assert_eq!(room.admit_held(1000, &Occupancy::at(1, 1000, None, 0.0), &mut own, 1000), Verdict::Schedule);
        assert!(matches!(room.held_mut().enqueue(waiting(9), &mut own), Ok(None)));
        assert_eq!(seqs(&room), [0, 1, 2, 9]);
    }

    #[test]
    fn an_arrival_red_marks_as_the_full_buffer_forces_a_drop_is_still_marked() {
        // ns-2's REDQueue::enque: drop_early marks the arrival (setbit_, ECN-capable),
        // then the full buffer forces a drop; the victim taken from the front, the
        // arrival stays with its mark. satcc answers Mark with the drop forced.
        let mut q = Red::new(3, 1.0, 8.0, 1.0, 1.0, true, false, 1000.0).with_ecn(1.0).with_victim(Victim::Front);
        let mut own = Draws::Own(Box::new(crate::engine::RngStreams::new(3).stream("q")));
        for s in 0..3 {
            assert!(matches!(q.held_mut().enqueue(waiting(s), &mut own), Ok(None)));
        }
        let (mut marked_forced, mut forced) = (0, 0);
        for round in 0..400 {
            let v = q.admit_held(1000, &Occupancy::at(1, 1000, None, 0.0), &mut own, 1000);
            assert!(matches!(v, Verdict::Mark | Verdict::Schedule), "{v:?}");
            // the buffer is full at every arrival: every one forces a drop
            assert!(q.held_mut().forced(), "{round}");
            forced += 1;
            marked_forced += (v == Verdict::Mark) as u32;
            let gone = q.held_mut().enqueue(waiting(100 + round), &mut own).unwrap().unwrap();
            assert_ne!(gone.pkt.seq, 100 + round, "the packet behind the head goes, not the arrival");
            assert_eq!(q.held_mut().fifo.waiting().0, 3);
        }
        assert!(marked_forced > 10 && marked_forced < forced, "{marked_forced} of {forced}");
    }

    #[test]
    fn a_random_victim_is_ns2s_integer_draw_among_the_waiting_and_the_arrival() {
        // ns-2's Random::integer(n): (2^31 x u) % n of its generator's next draw
        let g = Arc::new(Mutex::new(Ns2Rng::new(7)));
        let mut reference = Ns2Rng::new(7);
        let mut draws = Draws::Ns2(g);
        let mut q = full(Victim::Random, 6, 6);
        let mut hit_arrival = 0;
        for round in 0..200 {
            let occ = Occupancy::at(1, 1000, None, 0.0);
            assert_eq!(q.admit_held(1000, &occ, &mut draws, 1000), Verdict::Schedule);
            let before = seqs(&q);
            let k = ((2147483648.0 * reference.u01()) as u64 % 7) as usize;
            match q.held_mut().enqueue(waiting(100 + round), &mut draws) {
                Err(()) => {
                    assert_eq!(k, 6);
                    hit_arrival += 1;
                    assert_eq!(seqs(&q), before);
                }
                Ok(Some(gone)) => {
                    assert_eq!(gone.pkt.seq, before[k]);
                    let mut want = before.clone();
                    want.remove(k);
                    want.push(100 + round);
                    assert_eq!(seqs(&q), want);
                }
                Ok(None) => panic!("a forced drop drops"),
            }
            // the packet in service leaves and the head starts
            q.held_mut().fifo.pop_front();
            let occ = Occupancy::at(1, 1000, None, 0.0);
            assert_eq!(q.admit_held(1000, &occ, &mut draws, 1000), Verdict::Schedule);
            assert!(matches!(q.held_mut().enqueue(waiting(1000 + round), &mut draws), Ok(None)));
        }
        // one in seven times the arrival
        assert!((15..45).contains(&hit_arrival), "{hit_arrival}");
    }
}
