//! Per-link-direction error models, applied to each packet when it reaches the far end
//! of the link (it has used the link's capacity, as with ns-2's link loss modules), or
//! as it reaches the link (`Link::set_error_at_entry`, ns-2's `$ns lossmodel`).
//!
//! Besides satcc's own laws (a packet or bit error rate, a Gilbert-Elliott chain
//! stepped per packet), three of ns-2 2.35's ErrorModel classes as `queue/errmodel.cc`
//! runs them: ErrorModel/Periodic, ErrorModel/List and ErrorModel/TwoState (with the
//! Expo and TwoStateMarkov classes built on it).

use crate::engine::rng::Draws;
use crate::traffic::exponential;

/// What an ns-2 error model counts in (its `unit`): packets, bytes, or seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    Pkt,
    Byte,
    Time,
}

/// ns-2's TwoStateErrorModel caps a bad period measured in time at 120 s
/// (transitionState), so that a heavy-tailed law cannot silence a link for good.
const TWO_STATE_MAX_BAD_S: f64 = 120.0;

/// The law of a state's length, as ns-2's RandomVariable classes draw it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Law {
    /// RandomVariable/Exponential: mean x (-log u).
    Exponential { mean: f64 },
    /// RandomVariable/Uniform: min + (max - min) u.
    Uniform { min: f64, max: f64 },
    /// RandomVariable/Constant: the value, with no draw.
    Constant { value: f64 },
}

impl Law {
    pub fn draw(&self, draws: &mut Draws) -> f64 {
        match *self {
            Law::Exponential { mean } => exponential(draws, mean),
            Law::Uniform { min, max } => min + (max - min) * draws.uniform(),
            Law::Constant { value } => value,
        }
    }
}

/// ns-2's ErrorModel/Periodic: after `offset` units, one packet in every `period`
/// units is lost, with the packets that start within `burst` units of it (or, with
/// `default_drop`, every packet is lost but that one). In packets and bytes the
/// thresholds are truncated to integers as ns-2's int() does.
#[derive(Clone, Debug)]
pub struct Periodic {
    pub unit: Unit,
    pub period: f64,
    pub offset: f64,
    pub burst: f64,
    pub default_drop: bool,
    /// Units counted since the last periodic loss (ns-2's cnt_, an int).
    cnt: i64,
    /// Whether the offset has passed (ns-2's first_time_ >= 0).
    started: bool,
    /// The time of the last periodic loss (unit time).
    last_s: f64,
}

impl Periodic {
    pub fn new(unit: Unit, period: f64, offset: f64, burst: f64, default_drop: bool) -> Self {
        Periodic { unit, period, offset, burst, default_drop, cnt: 0, started: false, last_s: 0.0 }
    }

    /// PeriodicErrorModel::corrupt.
    fn corrupts(&mut self, size_bytes: u32, now_s: f64) -> bool {
        if self.unit == Unit::Time {
            if !self.started {
                if now_s >= self.offset {
                    self.started = true;
                    self.last_s = now_s;
                    return true;
                }
                return false;
            }
            if now_s - self.last_s > self.period {
                self.last_s = now_s;
                return true;
            }
            return now_s - self.last_s < self.burst;
        }
        self.cnt += if self.unit == Unit::Pkt { 1 } else { size_bytes as i64 };
        // the packet that ends the offset, or a period, is the one lost (or, with
        // default_drop, the one kept)
        let mark = if !self.started {
            if self.cnt < self.offset as i64 {
                return false;
            }
            self.started = true;
            true
        } else {
            self.cnt >= self.period as i64
        };
        if mark {
            self.cnt = 0;
            return !self.default_drop;
        }
        if self.default_drop {
            // ns-2 ignores burstlen_ here: every packet but the marked ones is lost
            return true;
        }
        (self.cnt as f64) < self.burst
    }
}

/// ns-2's ErrorModel/List: the packets numbered in `drops` (from 0, in the order they
/// reach the model) are lost; in bytes, the packet that carries the count of bytes
/// past each number in turn (one number a packet).
#[derive(Clone, Debug)]
pub struct List {
    pub unit: Unit,
    /// Increasing.
    pub drops: Vec<u64>,
    cur: usize,
    cnt: u64,
}

impl List {
    /// `drops` in any order, each once.
    pub fn new(unit: Unit, mut drops: Vec<u64>) -> Self {
        drops.sort_unstable();
        List { unit, drops, cur: 0, cnt: 0 }
    }

    /// ListErrorModel::corrupt (time units are refused before a run).
    fn corrupts(&mut self, size_bytes: u32) -> bool {
        let next = self.drops.get(self.cur).copied();
        let lost = match self.unit {
            Unit::Byte => {
                self.cnt += size_bytes as u64;
                next.is_some_and(|d| self.cnt >= d)
            }
            _ => {
                self.cnt += 1;
                next == Some(self.cnt - 1)
            }
        };
        if lost {
            self.cur += 1;
        }
        lost
    }
}

/// ns-2's ErrorModel/TwoState: an error-free state and an error state, each lasting a
/// length drawn from its law (in packets, bytes or seconds); the model starts
/// error-free. A packet is lost if the error state covers any part of it (in packets
/// and bytes), or if the error state holds when it arrives (in time). ns-2 changes the
/// state of a model in time by a timer; satcc draws each next length when the first
/// packet after the change arrives, which takes the same draws in the same order from
/// a stream of the model's own.
#[derive(Clone, Debug)]
pub struct TwoState {
    pub unit: Unit,
    /// The laws of the error-free state's and the error state's lengths.
    pub laws: [Law; 2],
    started: bool,
    /// In time: reset (ns-2's firstTime_ set again), so that the next change of state
    /// starts the model afresh, error-free, as ns-2's timer then does.
    restart: bool,
    /// 1 in the error state.
    state: usize,
    /// In packets and bytes, what is left of the state (ns-2's remainLen_); in time,
    /// when it ends.
    remain: f64,
}

impl TwoState {
    pub fn new(unit: Unit, good: Law, bad: Law) -> Self {
        TwoState { unit, laws: [good, bad], started: false, restart: false, state: 0, remain: 0.0 }
    }

    fn corrupts(&mut self, size_bytes: u32, now_s: f64, draws: &mut Draws) -> bool {
        if self.unit == Unit::Time {
            // TwoStateErrorModel::transitionState, run for each change due by now
            if !self.started {
                self.started = true;
                self.remain = self.laws[0].draw(draws);
            }
            while self.remain <= now_s {
                if self.restart {
                    // transitionState with firstTime_ set: error-free, a fresh length
                    self.restart = false;
                    self.state = 0;
                    self.remain += self.laws[0].draw(draws);
                    continue;
                }
                self.state ^= 1;
                let mut d = self.laws[self.state].draw(draws);
                if self.state == 1 && d > TWO_STATE_MAX_BAD_S {
                    d = TWO_STATE_MAX_BAD_S;
                }
                self.remain += d;
            }
            return self.state == 1;
        }
        // TwoStateErrorModel::corruptPkt
        if !self.started {
            self.started = true;
            self.remain = self.laws[0].draw(draws);
        }
        let mut lost = self.state == 1 && self.remain > 0.0;
        self.remain -= if self.unit == Unit::Pkt { 1.0 } else { size_bytes as f64 };
        while self.remain <= 0.0 {
            self.state ^= 1;
            self.remain += self.laws[self.state].draw(draws);
            lost |= self.state == 1;
        }
        lost
    }
}

impl TwoState {
    /// ErrorModel::reset (firstTime_ = 1): in packets and bytes the next packet starts
    /// the model afresh; in time its next timer event does.
    fn reset(&mut self) {
        if self.unit == Unit::Time {
            self.restart = self.started;
        } else {
            self.started = false;
            self.state = 0;
        }
    }
}

#[derive(Clone, Debug)]
pub enum ErrorModel {
    /// Each packet is lost with probability `per`.
    PacketErrorRate { per: f64 },
    /// Each bit is corrupted with probability `ber`: a packet of n bytes is lost with
    /// probability 1 - (1 - ber)^(8n).
    BitErrorRate { ber: f64 },
    /// Two-state Markov chain advanced once per packet: in the good state packets are
    /// lost with `per_good`, in the bad state with `per_bad`.
    GilbertElliott { p_good_to_bad: f64, p_bad_to_good: f64, per_good: f64, per_bad: f64, bad: bool },
    /// ns-2's ErrorModel/Periodic.
    Periodic(Periodic),
    /// ns-2's ErrorModel/List.
    List(List),
    /// ns-2's ErrorModel/TwoState.
    TwoState(TwoState),
}

impl ErrorModel {
    /// What ns-2's Link::down does to the model (it resets every connector of the link):
    /// ErrorModel::reset sets firstTime_, which only the two-state model reads (the
    /// periodic and list models keep their counts, the others hold no state).
    pub fn reset(&mut self) {
        if let ErrorModel::TwoState(m) = self {
            m.reset();
        }
    }

    /// Decide the fate of one packet of `size_bytes` reaching the model at `now_s`
    /// (the event's time in ns-2's double clock): true = lost. With ns-2's draws a
    /// draw is taken for every packet where ns-2's model takes one (a rate of 0
    /// included); with a stream of its own, none where the packet cannot be lost.
    pub fn corrupts(&mut self, size_bytes: u32, now_s: f64, draws: &mut Draws) -> bool {
        let always = draws.is_ns2();
        match self {
            ErrorModel::PacketErrorRate { per } => (always || *per > 0.0) && draws.uniform() < *per,
            ErrorModel::BitErrorRate { ber } => {
                if *ber <= 0.0 && !always {
                    return false;
                }
                let p = -f64::exp_m1(8.0 * size_bytes as f64 * f64::ln_1p(-*ber));
                draws.uniform() < p
            }
            ErrorModel::GilbertElliott { p_good_to_bad, p_bad_to_good, per_good, per_bad, bad } => {
                let flip = draws.uniform();
                if *bad {
                    if flip < *p_bad_to_good {
                        *bad = false;
                    }
                } else if flip < *p_good_to_bad {
                    *bad = true;
                }
                let per = if *bad { *per_bad } else { *per_good };
                (always || per > 0.0) && draws.uniform() < per
            }
            ErrorModel::Periodic(m) => m.corrupts(size_bytes, now_s),
            ErrorModel::List(m) => m.corrupts(size_bytes),
            ErrorModel::TwoState(m) => m.corrupts(size_bytes, now_s, draws),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ns2_rng::Ns2Rng;
    use crate::engine::RngStreams;
    use std::sync::{Arc, Mutex};

    fn loss_fraction(mut m: ErrorModel, size: u32, n: usize) -> f64 {
        let mut rng = Draws::Own(Box::new(RngStreams::new(3).stream("em")));
        (0..n).filter(|_| m.corrupts(size, 0.0, &mut rng)).count() as f64 / n as f64
    }

    #[test]
    fn with_ns2s_draws_every_packet_takes_one_and_is_lost_below_the_rate() {
        let g = Arc::new(Mutex::new(Ns2Rng::new(7)));
        let mut draws = Draws::Ns2(g.clone());
        let mut reference = Ns2Rng::new(7);
        // a rate of 0 still takes ns-2's draw (ErrorModel::CorruptPkt draws first)
        for _ in 0..5 {
            assert!(!ErrorModel::PacketErrorRate { per: 0.0 }.corrupts(1000, 0.0, &mut draws));
            reference.u01();
        }
        let mut m = ErrorModel::PacketErrorRate { per: 0.3 };
        for _ in 0..1000 {
            let u = reference.u01();
            assert_eq!(m.corrupts(1000, 0.0, &mut draws), u < 0.3);
        }
        // the one generator is shared: another model's draw is the next one
        assert_eq!(Draws::Ns2(g).uniform(), reference.u01());
    }

    #[test]
    fn packet_error_rate_matches_its_probability() {
        let f = loss_fraction(ErrorModel::PacketErrorRate { per: 0.1 }, 1000, 200_000);
        assert!((f - 0.1).abs() < 0.003, "{f}");
        assert_eq!(loss_fraction(ErrorModel::PacketErrorRate { per: 0.0 }, 1000, 1000), 0.0);
    }

    #[test]
    fn bit_error_rate_scales_with_packet_size() {
        // ber 1e-5, 1000 bytes: 1 - (1-1e-5)^8000 = 0.07688
        let f = loss_fraction(ErrorModel::BitErrorRate { ber: 1e-5 }, 1000, 200_000);
        assert!((f - 0.07688).abs() < 0.003, "{f}");
        let g = loss_fraction(ErrorModel::BitErrorRate { ber: 1e-5 }, 40, 200_000);
        assert!((g - 0.0032).abs() < 0.001, "{g}");
    }

    #[test]
    fn gilbert_elliott_stationary_loss() {
        // stationary P(bad) = p_gb / (p_gb + p_bg) = 0.01 / 0.11; loss = that * 0.5
        let m = ErrorModel::GilbertElliott {
            p_good_to_bad: 0.01,
            p_bad_to_good: 0.1,
            per_good: 0.0,
            per_bad: 0.5,
            bad: false,
        };
        let f = loss_fraction(m, 1000, 400_000);
        let want = 0.01 / 0.11 * 0.5;
        assert!((f - want).abs() < 0.004, "{f} vs {want}");
    }

    fn own() -> Draws {
        Draws::Own(Box::new(RngStreams::new(3).stream("em")))
    }

    /// Which of `n` packets of `size` bytes, reaching the model 1 ms apart from time 0,
    /// are lost.
    fn lost(m: &mut ErrorModel, size: u32, n: usize) -> Vec<usize> {
        let mut d = own();
        (0..n).filter(|&k| m.corrupts(size, k as f64 * 1e-3, &mut d)).collect()
    }

    #[test]
    fn periodic_in_packets_loses_the_offset_packet_then_one_a_period_with_its_burst() {
        // ns-2's cnt_ counts the packet first: offset 3 loses the third (index 2), then
        // every 5th after it, and the one after each (burstlen_ 2: cnt 1 < 2)
        let mut m = ErrorModel::Periodic(Periodic::new(Unit::Pkt, 5.0, 3.0, 2.0, false));
        assert_eq!(lost(&mut m, 1000, 20), vec![2, 3, 7, 8, 12, 13, 17, 18]);
        // ns-2's defaults (offset 0): the first packet is lost; period 1.9 is int() 1
        let mut m = ErrorModel::Periodic(Periodic::new(Unit::Pkt, 1.9, 0.0, 0.0, false));
        assert_eq!(lost(&mut m, 1000, 4), vec![0, 1, 2, 3]);
        let mut m = ErrorModel::Periodic(Periodic::new(Unit::Pkt, 4.0, 0.0, 0.0, false));
        assert_eq!(lost(&mut m, 1000, 10), vec![0, 4, 8]);
    }

    #[test]
    fn periodic_with_default_drop_keeps_only_the_marked_packets() {
        let mut m = ErrorModel::Periodic(Periodic::new(Unit::Pkt, 3.0, 2.0, 9.0, true));
        // packets before the offset and the marked ones (index 1, then every 3rd) kept
        let lost_ones = lost(&mut m, 1000, 10);
        let kept: Vec<usize> = (0..10).filter(|k| !lost_ones.contains(k)).collect();
        assert_eq!(kept, vec![0, 1, 4, 7]);
    }

    #[test]
    fn periodic_in_bytes_counts_sizes() {
        // 1000-byte packets, period 2500 bytes: cnt 1000, 2000, 3000 >= 2500 lost
        let mut m = ErrorModel::Periodic(Periodic::new(Unit::Byte, 2500.0, 1000.0, 0.0, false));
        assert_eq!(lost(&mut m, 1000, 8), vec![0, 3, 6]);
    }

    #[test]
    fn periodic_in_time_loses_after_each_period_and_within_the_burst() {
        // packets 1 ms apart: the first at or after 2 ms, then the first more than 3.5
        // ms after the last loss, and those less than 1.5 ms after it
        let mut m = ErrorModel::Periodic(Periodic::new(Unit::Time, 3.5e-3, 2e-3, 1.5e-3, false));
        assert_eq!(lost(&mut m, 1000, 12), vec![2, 3, 6, 7, 10, 11]);
    }

    #[test]
    fn list_loses_the_numbered_packets_in_any_order() {
        let mut m = ErrorModel::List(List::new(Unit::Pkt, vec![7, 0, 3]));
        assert_eq!(lost(&mut m, 1000, 10), vec![0, 3, 7]);
        // bytes: the packet whose end reaches each number, one number a packet
        let mut m = ErrorModel::List(List::new(Unit::Byte, vec![1500, 1600, 5000]));
        assert_eq!(lost(&mut m, 1000, 8), vec![1, 2, 4]);
    }

    #[test]
    fn two_state_in_packets_follows_its_lengths() {
        // good 3 packets, bad 2: remain 3 -> lost from the packet that ends the good
        // state's count? ns-2: the 3rd packet takes remain to 0, flipping to bad; it
        // is lost (error |= state). Then the bad state covers the next 2 (the second
        // of them ends it and flips back).
        let c = |v| Law::Constant { value: v };
        let mut m = ErrorModel::TwoState(TwoState::new(Unit::Pkt, c(3.0), c(2.0)));
        assert_eq!(lost(&mut m, 1000, 12), vec![2, 3, 4, 7, 8, 9]);
        // bytes: 2500 good, 1000 bad, packets of 1000
        let mut m = ErrorModel::TwoState(TwoState::new(Unit::Byte, c(2500.0), c(1000.0)));
        assert_eq!(lost(&mut m, 1000, 8), vec![2, 3, 5, 6]);
    }

    #[test]
    fn two_state_in_time_holds_the_error_state_between_its_changes() {
        let c = |v| Law::Constant { value: v };
        // good until 3.5 ms, bad until 5.5, good until 9, bad until 11
        let mut m = ErrorModel::TwoState(TwoState::new(Unit::Time, c(3.5e-3), c(2e-3)));
        assert_eq!(lost(&mut m, 1000, 14), vec![4, 5, 9, 10]);
        // a bad period longer than ns-2's 120 s cap ends at 120 s
        let mut m = TwoState::new(Unit::Time, c(1.0), c(500.0));
        let mut d = own();
        assert!(m.corrupts(1000, 1.5, &mut d));
        assert!(m.corrupts(1000, 120.9, &mut d));
        assert!(!m.corrupts(1000, 121.0, &mut d));
    }

    #[test]
    fn two_state_draws_its_lengths_from_ns2s_generator_in_ns2s_order() {
        let g = Arc::new(Mutex::new(Ns2Rng::new(11)));
        let mut draws = Draws::Ns2(g);
        let mut reference = Ns2Rng::new(11);
        let mut m = TwoState::new(Unit::Pkt, Law::Exponential { mean: 20.0 }, Law::Uniform { min: 1.0, max: 4.0 });
        // ns-2's corruptPkt, written out with its own draws
        let (mut state, mut remain) = (0, 20.0 * -reference.u01().ln());
        for _ in 0..2000 {
            let mut error = state == 1 && remain > 0.0;
            remain -= 1.0;
            while remain <= 0.0 {
                state ^= 1;
                remain += if state == 0 { 20.0 * -reference.u01().ln() } else { 1.0 + 3.0 * reference.u01() };
                error |= state == 1;
            }
            assert_eq!(m.corrupts(1000, 0.0, &mut draws), error);
        }
    }

    #[test]
    fn a_link_going_down_restarts_a_two_state_model_as_ns2s_reset_does() {
        let c = |v| Law::Constant { value: v };
        // in packets: good 3, bad 2 (lost: 2, 3, 4, then 7, 8, 9); a reset after packet
        // 3 (in the error state) starts afresh: error-free for three more packets
        let mut m = ErrorModel::TwoState(TwoState::new(Unit::Pkt, c(3.0), c(2.0)));
        let mut d = own();
        let mut seen: Vec<bool> = (0..4).map(|_| m.corrupts(1000, 0.0, &mut d)).collect();
        m.reset();
        seen.extend((0..4).map(|_| m.corrupts(1000, 0.0, &mut d)));
        assert_eq!(seen, [false, false, true, true, false, false, true, true]);
        // in time the state holds until the next change, which starts afresh
        let mut m = ErrorModel::TwoState(TwoState::new(Unit::Time, c(1.0), c(1.0)));
        assert!(m.corrupts(1000, 1.5, &mut d));
        m.reset();
        assert!(m.corrupts(1000, 1.9, &mut d), "the error state holds until 2 s");
        assert!(!m.corrupts(1000, 2.5, &mut d) && !m.corrupts(1000, 2.9, &mut d));
        assert!(m.corrupts(1000, 3.0, &mut d), "error-free from 2 s for a whole length");
        // the periodic and list models keep their counts (ns-2's reset touches firstTime_ only)
        let mut m = ErrorModel::List(List::new(Unit::Pkt, vec![2]));
        assert!(!m.corrupts(1000, 0.0, &mut d) && !m.corrupts(1000, 0.0, &mut d));
        m.reset();
        assert!(m.corrupts(1000, 0.0, &mut d));
    }
}
