//! RTT estimation and the retransmission timeout, as ns-2's TcpAgent computes them:
//! samples on a coarse tick clock, SRTT gain 1/8 and RTTVAR gain 1/4 kept as scaled
//! integers (RFC 6298), RTO = SRTT + 4 RTTVAR clamped to [min, max] and doubled on
//! each expiry.

use crate::engine::{to_secs, Time, NS_PER_US};

/// ns-2's scaling of its estimator's integers (T_SRTT_BITS, T_RTTVAR_BITS: SRTT is kept
/// in ticks times 2^3, RTTVAR times 2^2, so their gains are 1/8 and 1/4) and its RTO's
/// weight of RTTVAR (rttvar_exp_: RTO = SRTT + 2^2 RTTVAR), with ns-2's defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shifts {
    pub srtt_bits: u32,
    pub rttvar_bits: u32,
    pub rttvar_exp: u32,
}

impl Default for Shifts {
    fn default() -> Self {
        Shifts { srtt_bits: 3, rttvar_bits: 2, rttvar_exp: 2 }
    }
}
/// Backoff multiplier cap before the max-RTO check [t_backoff_ < 64].
const MAX_BACKOFF: u64 = 64;

#[derive(Clone, Debug)]
pub struct RttEstimator {
    tick_s: f64,
    min_rto_s: f64,
    max_rto_s: f64,
    /// Phase of this host's tick clock, in [0, tick) [boot_time_].
    boot_time_s: f64,
    // ns-2 keeps these in an int; 64 bits here, so that a long RTT on a fine tick
    // (100 s at 1 us is 1e8 ticks, scaled by 8) cannot overflow. Equal wherever ns-2's
    // would not overflow.
    t_srtt: i64,
    t_rttvar: i64,
    t_rtxcur_s: f64,
    /// SRTT in seconds, (t_srtt >> srtt_bits) ticks, kept as t_srtt changes: the
    /// senders read it on every ACK, t_srtt changes once per sample
    srtt_secs: f64,
    shifts: Shifts,
    backoff: u64,
    /// Last sample in ticks.
    pub last_sample_ticks: i64,
    /// Linux's estimator instead, when chosen (tcp.rto = "linux").
    linux: Option<LinuxRtt>,
    /// ns-2's rfc2988_ (`TcpConfig::rfc2988`): min_rto before the backoff, and the
    /// backoff doubling while the RTO is below max_rto; else the older rule.
    rfc2988: bool,
}

/// An RTT in seconds as whole microseconds. RTTs are read on a host's microsecond
/// clock (tcp/rate.rs) or its millisecond timestamps, so a sample in seconds is the
/// double nearest k / 10^6: rounded back, never truncated (which gives k - 1 for about
/// one k in a hundred).
#[inline]
pub fn whole_us(s: f64) -> u64 {
    (s * 1e6).round() as u64
}

/// Linux's tcp_rtt_estimator state, microseconds (srtt scaled by 8, mdev by 4).
/// Linux's TCP timestamps count its millisecond clock (TCP_TS_HZ 1000, without the
/// microsecond option a route must ask for): a segment's TSval is the tick it left in,
/// and an RTT read from an echo is whole ticks (tcp_rtt_tsopt_us), so a 100.6 ms round
/// trip reads 100 or 101 ms depending on where the ticks fall.
pub const LINUX_TS_TICK: Time = crate::engine::NS_PER_MS;

/// One host's timestamp clock: its ticks fall `phase` before each whole millisecond of
/// simulated time (a real host's clock ticks at a phase of its own; satcc draws one per
/// host from the run's seed).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TsClock {
    phase: Time,
}

impl TsClock {
    pub fn with_phase(phase: Time) -> Self {
        TsClock { phase: phase % LINUX_TS_TICK }
    }

    /// Whole microseconds from `sent` to `now` on this clock, as Linux reads an ACK's RTT:
    /// the difference of two readings of its microsecond clock (tcp_stamp_us_delta of
    /// tp->tcp_mstamp and the segment's tcp_skb_timestamp_us, each the nanosecond clock
    /// divided by 1000; the millisecond ticks above are that clock divided again), so an
    /// exact 100.4003 ms round trip reads 100,400 or 100,401 us by where its microseconds
    /// fall.
    pub fn micros_between(&self, sent: Time, now: Time) -> u64 {
        let us = |t: Time| (t + self.phase) / NS_PER_US;
        us(now).saturating_sub(us(sent))
    }

    /// The clock's reading at `t` (a TSval, before the connection's random offset,
    /// which cancels in every difference).
    pub fn tick(&self, t: Time) -> u64 {
        (t + self.phase) / LINUX_TS_TICK
    }

    /// The whole ticks from `echo` (when the echoed segment left) to `now`, as Linux
    /// subtracts a TSecr from its clock.
    pub fn ticks_between(&self, echo: Time, now: Time) -> u64 {
        self.tick(now).saturating_sub(self.tick(echo))
    }

    /// A sender's RTT from a timestamp echo, seconds: whole ticks, at least one
    /// (tcp_rtt_tsopt_us with min_delta 1, as tcp_ack_update_rtt calls it).
    pub fn sender_rtt_s(&self, echo: Time, now: Time) -> f64 {
        self.ticks_between(echo, now).max(1) as f64 * to_secs(LINUX_TS_TICK)
    }

    /// A receiver's RTT from a timestamp echo, seconds: whole ticks, none under one
    /// (tcp_rtt_tsopt_us with min_delta 0, as tcp_rcv_rtt_measure_ts calls it).
    pub fn receiver_rtt_s(&self, echo: Time, now: Time) -> Option<f64> {
        let ticks = self.ticks_between(echo, now);
        (ticks > 0).then(|| ticks as f64 * to_secs(LINUX_TS_TICK))
    }
}

#[derive(Clone, Debug, Default)]
struct LinuxRtt {
    srtt_us: i64,
    mdev_us: i64,
    mdev_max_us: i64,
    rttvar_us: i64,
    rtt_seq: i64,
    rto_min_us: i64,
}

impl RttEstimator {
    pub fn new(tick_s: f64, min_rto_s: f64, max_rto_s: f64, initial_rto_s: f64, boot_time_s: f64) -> Self {
        RttEstimator {
            tick_s,
            min_rto_s,
            max_rto_s,
            boot_time_s,
            t_srtt: 0,
            t_rttvar: 0,
            t_rtxcur_s: initial_rto_s,
            srtt_secs: 0.0,
            shifts: Shifts::default(),
            backoff: 1,
            last_sample_ticks: 0,
            linux: None,
            rfc2988: true,
        }
    }

    /// ns-2's estimator with other scalings than its defaults, and SRTT and RTTVAR before
    /// the first sample (rtt_init: srtt_init_ and rttvar_init_, whole seconds in ns-2's C
    /// ints, as whole ticks, scaled; an SRTT of 0 leaves the first sample to set both).
    pub fn with_shifts(mut self, shifts: Shifts, initial_srtt_s: u32, initial_rttvar_s: u32) -> Self {
        self.shifts = shifts;
        self.t_srtt = ((initial_srtt_s as f64 / self.tick_s) as i64) << shifts.srtt_bits;
        self.t_rttvar = ((initial_rttvar_s as f64 / self.tick_s) as i64) << shifts.rttvar_bits;
        self.srtt_changed();
        self
    }

    /// ns-2's rfc2988_ false: min_rto floors the backed-off RTO, and the backoff doubles
    /// up to 64 whatever the RTO (rtt_timeout and rtt_backoff's older rule).
    pub fn without_rfc2988(mut self) -> Self {
        self.rfc2988 = false;
        self
    }

    /// Estimate as Linux does (`update_linux` on every ACK of new data).
    pub fn linux(mut self) -> Self {
        self.linux = Some(LinuxRtt { rto_min_us: (self.min_rto_s * 1e6) as i64, ..Default::default() });
        self
    }

    pub fn is_linux(&self) -> bool {
        self.linux.is_some()
    }

    /// Linux's tcp_rtt_estimator with one sample `m_s`; `snd_una` and `snd_nxt` as the
    /// sender has them (the variance decays once per round, at rtt_seq).
    pub fn update_linux(&mut self, m_s: f64, snd_una: i64, snd_nxt: i64) {
        let Some(l) = self.linux.as_mut() else { return };
        let mut m = (whole_us(m_s) as i64).max(1);
        let mut srtt = l.srtt_us;
        if srtt != 0 {
            m -= srtt >> 3;
            srtt += m;
            if m < 0 {
                m = -m;
                m -= l.mdev_us >> 2;
                if m > 0 {
                    m >>= 3;
                }
            } else {
                m -= l.mdev_us >> 2;
            }
            l.mdev_us += m;
            if l.mdev_us > l.mdev_max_us {
                l.mdev_max_us = l.mdev_us;
                if l.mdev_max_us > l.rttvar_us {
                    l.rttvar_us = l.mdev_max_us;
                }
            }
            if snd_una > l.rtt_seq {
                if l.mdev_max_us < l.rttvar_us {
                    l.rttvar_us -= (l.rttvar_us - l.mdev_max_us) >> 2;
                }
                l.rtt_seq = snd_nxt;
                l.mdev_max_us = l.rto_min_us;
            }
        } else {
            srtt = m << 3;
            l.mdev_us = m << 1;
            l.rttvar_us = l.mdev_us.max(l.rto_min_us);
            l.mdev_max_us = l.rttvar_us;
            l.rtt_seq = snd_nxt;
        }
        l.srtt_us = srtt.max(1);
        self.t_rtxcur_s = ((l.srtt_us >> 3) + l.rttvar_us) as f64 / 1e6;
    }

    /// Feed one RTT sample `tao_s`, timed by the agent's own clock (rtt_ts_) and
    /// measured at absolute time `now_s`: read on the host's tick clock, whose ticks
    /// fall at its boot phase.
    pub fn update(&mut self, tao_s: f64, now_s: f64) {
        let sendtime = now_s - tao_s + self.boot_time_s;
        let tickoff = sendtime % self.tick_s;
        self.smooth(((tao_s + tickoff) / self.tick_s) as i64);
    }

    /// Feed one RTT sample `tao_s` read from an echoed timestamp (ns-2's timestamps_
    /// true: rtt_update with ts_option_), rounded to the nearest tick: t_rtt_ =
    /// int(tao / tcp_tick_ + 0.5), no boot phase.
    pub fn update_echo(&mut self, tao_s: f64) {
        self.smooth((tao_s / self.tick_s + 0.5) as i64);
    }

    /// The rest of ns-2's rtt_update, on a sample of `t_rtt` ticks.
    fn smooth(&mut self, mut t_rtt: i64) {
        if t_rtt < 1 {
            t_rtt = 1;
        }
        self.last_sample_ticks = t_rtt;
        let Shifts { srtt_bits, rttvar_bits, rttvar_exp } = self.shifts;
        if self.t_srtt != 0 {
            let mut delta = t_rtt - (self.t_srtt >> srtt_bits);
            self.t_srtt += delta;
            if self.t_srtt <= 0 {
                self.t_srtt = 1;
            }
            if delta < 0 {
                delta = -delta;
            }
            delta -= self.t_rttvar >> rttvar_bits;
            self.t_rttvar += delta;
            if self.t_rttvar <= 0 {
                self.t_rttvar = 1;
            }
        } else {
            self.t_srtt = t_rtt << srtt_bits;
            self.t_rttvar = t_rtt << (rttvar_bits - 1);
        }
        let ticks = ((self.t_rttvar << (rttvar_exp + (srtt_bits - rttvar_bits))) + self.t_srtt) >> srtt_bits;
        self.t_rtxcur_s = ticks as f64 * self.tick_s;
        self.srtt_changed();
    }

    /// After t_srtt changed: SRTT in seconds, as ns-2 reads t_srtt_ >> T_SRTT_BITS ticks.
    fn srtt_changed(&mut self) {
        self.srtt_secs = (self.t_srtt >> self.shifts.srtt_bits) as f64 * self.tick_s;
    }

    /// The smoothed RTT in whole ticks, as ns-2 reads it (`int(t_srtt_) >> T_SRTT_BITS`).
    pub fn srtt_ticks(&self) -> i64 {
        self.t_srtt >> self.shifts.srtt_bits
    }

    /// Phase of the tick clock, seconds [boot_time_].
    pub fn tick_phase_s(&self) -> f64 {
        self.boot_time_s
    }

    /// The tick clock's phase set again, seconds in [0, tick) (ns-2's reset draws
    /// boot_time_ anew).
    pub fn set_tick_phase_s(&mut self, phase_s: f64) {
        self.boot_time_s = phase_s;
    }

    /// ns-2's t_rtxcur_: the timeout before its backoff and bounds, seconds (ticks
    /// times the tick, as ns-2 computes it).
    pub fn rtxcur_s(&self) -> f64 {
        self.t_rtxcur_s
    }

    /// The minimum RTO, seconds.
    pub fn min_rto_s(&self) -> f64 {
        self.min_rto_s
    }

    /// The current retransmission timeout, seconds (with backoff).
    pub fn rto_s(&self) -> f64 {
        if self.linux.is_some() {
            // Linux: SRTT + RTTVAR (which already holds min_rto), doubled per backoff
            return (self.t_rtxcur_s * self.backoff as f64).min(self.max_rto_s);
        }
        let mut t = if !self.rfc2988 {
            (self.t_rtxcur_s * self.backoff as f64).max(self.min_rto_s)
        } else if self.t_rtxcur_s < self.min_rto_s {
            self.min_rto_s * self.backoff as f64
        } else {
            self.t_rtxcur_s * self.backoff as f64
        };
        if t > self.max_rto_s {
            t = self.max_rto_s;
        }
        if t < 2.0 * self.tick_s {
            t = 2.0 * self.tick_s;
        }
        t
    }

    /// Double the timeout after an expiry.
    pub fn back_off(&mut self) {
        if self.backoff < MAX_BACKOFF || (self.rfc2988 && self.rto_s() < self.max_rto_s) {
            self.backoff = self.backoff.saturating_mul(2);
        }
        if self.backoff > 8 && self.linux.is_none() {
            // backed off this far: fold SRTT into RTTVAR and restart SRTT
            self.t_rttvar += self.t_srtt >> self.shifts.srtt_bits;
            self.t_srtt = 0;
            self.srtt_changed();
        }
    }

    pub fn reset_backoff(&mut self) {
        self.backoff = 1;
    }

    pub fn backoff(&self) -> u64 {
        self.backoff
    }

    /// Smoothed RTT in seconds (0 before the first sample).
    pub fn srtt_s(&self) -> f64 {
        if let Some(l) = &self.linux {
            return (l.srtt_us >> 3) as f64 / 1e6;
        }
        self.srtt_secs
    }

    /// RTT variation in seconds.
    pub fn rttvar_s(&self) -> f64 {
        self.t_rttvar as f64 * self.tick_s / (1u64 << self.shifts.rttvar_bits) as f64
    }
}

#[cfg(test)]
mod tests {
    /// An RTT in seconds read back as whole microseconds gives the microseconds it was
    /// made of (truncation gives one less for about one value in a hundred).
    #[test]
    fn whole_us_reads_back_every_microsecond_count() {
        for k in (0..3_000_000u64).chain([1 << 31, 86_400_000_000]) {
            assert_eq!(whole_us(k as f64 / 1e6), k);
        }
        assert!((0..3_000_000u64).any(|k| ((k as f64 / 1e6) * 1e6) as u64 != k), "truncation would not do");
    }

    use super::*;

    fn est() -> RttEstimator {
        RttEstimator::new(0.01, 0.2, 60.0, 3.0, 0.0)
    }

    /// ns-2's rtt_timeout and rtt_backoff with rfc2988_ false: the floor applies to the
    /// backed-off timeout (RFC 2988's rule floors before the backoff), and the backoff
    /// stops at 64 (RFC 2988's goes on while the timeout is below maxrto_).
    #[test]
    fn the_older_rto_rule_floors_after_the_backoff_and_stops_it_at_64() {
        let with = RttEstimator::new(0.01, 1.0, 1000.0, 0.3, 0.0);
        let mut without = RttEstimator::new(0.01, 1.0, 1000.0, 0.3, 0.0).without_rfc2988();
        let mut with = with;
        assert_eq!((with.rto_s(), without.rto_s()), (1.0, 1.0));
        with.back_off();
        without.back_off();
        assert_eq!((with.rto_s(), without.rto_s()), (2.0, 1.0), "0.3 s twice: 1 s twice, or 0.6 s floored to 1");
        for _ in 0..7 {
            with.back_off();
            without.back_off();
        }
        assert_eq!((with.backoff(), without.backoff()), (256, 64));
        assert_eq!(without.rto_s(), 0.3 * 64.0);
    }

    /// ns-2's rtt_update with ts_option_: the echo's age rounded to the nearest tick,
    /// whatever the clock's phase; the tick clock's reading truncates with the phase.
    #[test]
    fn an_echoed_sample_rounds_to_the_nearest_tick_without_the_phase() {
        for (tao, ticks) in [(0.0149, 1), (0.015, 2), (0.0249, 2), (0.16, 16), (0.004, 1)] {
            let mut e = RttEstimator::new(0.01, 0.2, 60.0, 3.0, 0.0073);
            e.update_echo(tao);
            assert_eq!(e.last_sample_ticks, ticks, "tao {tao}");
        }
        // the same 14.9 ms timed on the tick clock: sent at 0.99 + phase 7.3 ms
        let mut e = RttEstimator::new(0.01, 0.2, 60.0, 3.0, 0.0073);
        e.update(0.0149, 1.0049);
        assert_eq!(e.last_sample_ticks, 2, "the clock's phase adds the tick crossed");
    }

    /// ns-2's rtt_update with other scalings (T_SRTT_BITS 5, T_RTTVAR_BITS 4, as ns-2's
    /// timestamp test suite sets them; rttvar_exp_ 3), by hand: the first sample of 10
    /// ticks sets t_srtt 10 << 5 = 320 and t_rttvar 10 << 3 = 80, RTO (80 << (3 + 1)) +
    /// 320 >> 5 = 50 ticks; a second of 20 ticks: delta 10, t_srtt 330, delta 10 - (80 >>
    /// 4) = 5, t_rttvar 85, RTO (85 << 4) + 330 >> 5 = 52 ticks.
    #[test]
    fn other_scalings_smooth_and_time_out_as_ns2_computes_them() {
        let shifts = Shifts { srtt_bits: 5, rttvar_bits: 4, rttvar_exp: 3 };
        let mut e = RttEstimator::new(0.01, 0.0, 60.0, 3.0, 0.0).with_shifts(shifts, 0, 12);
        e.update_echo(0.1);
        assert_eq!((e.t_srtt, e.t_rttvar), (320, 80));
        assert!((e.rto_s() - 0.5).abs() < 1e-12, "{}", e.rto_s());
        e.update_echo(0.2);
        assert_eq!((e.t_srtt, e.t_rttvar), (330, 85));
        assert!((e.rto_s() - 0.52).abs() < 1e-12, "{}", e.rto_s());
        assert!((e.srtt_s() - 0.10).abs() < 1e-12 && (e.rttvar_s() - 85.0 * 0.01 / 16.0).abs() < 1e-12);
        // the defaults are the estimator without with_shifts
        let mut a = RttEstimator::new(0.01, 0.0, 60.0, 3.0, 0.0);
        let mut b = RttEstimator::new(0.01, 0.0, 60.0, 3.0, 0.0).with_shifts(Shifts::default(), 0, 12);
        for tao in [0.1, 0.3, 0.05, 0.2] {
            a.update_echo(tao);
            b.update_echo(tao);
            assert_eq!((a.t_srtt, a.t_rttvar, a.rto_s()), (b.t_srtt, b.t_rttvar, b.rto_s()));
        }
    }

    /// srtt_init_ above 0 (rtt_init: whole ticks, scaled): the first sample is smoothed
    /// into it and into rttvar_init_'s RTTVAR instead of setting both.
    #[test]
    fn an_initial_srtt_takes_the_first_sample_as_any_other() {
        // on a 0.1 s tick, 1 s and 2 s are 10 and 20 ticks
        let mut e = RttEstimator::new(0.1, 0.0, 60.0, 3.0, 0.0).with_shifts(Shifts::default(), 1, 2);
        assert_eq!((e.t_srtt, e.t_rttvar), (10 << 3, 20 << 2));
        assert_eq!(e.rto_s(), 3.0, "the initial RTO until a sample");
        e.update_echo(0.2);
        // delta 2 - 10 = -8: t_srtt 72; |delta| 8 - 20 = -12: t_rttvar 68
        assert_eq!((e.t_srtt, e.t_rttvar), (72, 68));
    }

    #[test]
    fn initial_rto_before_any_sample() {
        assert_eq!(est().rto_s(), 3.0);
    }

    #[test]
    fn first_sample_sets_srtt_and_half_rttvar() {
        let mut e = est();
        e.update(0.16, 1.0); // send time 0.84, on a tick boundary: 16 ticks
        assert_eq!(e.last_sample_ticks, 16);
        assert!((e.srtt_s() - 0.16).abs() < 1e-12);
        assert!((e.rttvar_s() - 0.08).abs() < 1e-12);
        // RTO = 16 + 4*8 = 48 ticks
        assert!((e.rto_s() - 0.48).abs() < 1e-12);
    }

    #[test]
    fn steady_samples_converge_and_respect_min_rto() {
        let mut e = est();
        for i in 0..200 {
            e.update(0.05, 1.0 + i as f64);
        }
        assert!((e.srtt_s() - 0.05).abs() < 1e-12);
        // rttvar decays to its floor; RTO clamps at min_rto
        assert_eq!(e.rto_s(), 0.2);
    }

    #[test]
    fn tick_phase_rounds_samples() {
        // a 15 ms sample sent 6 ms into a tick spans two tick boundaries: 2 ticks
        let mut e = RttEstimator::new(0.01, 0.2, 60.0, 3.0, 0.0);
        e.update(0.015, 0.021);
        assert_eq!(e.last_sample_ticks, 2);
        let mut e = RttEstimator::new(0.01, 0.2, 60.0, 3.0, 0.0);
        e.update(0.015, 0.015 + 0.001);
        assert_eq!(e.last_sample_ticks, 1);
    }

    #[test]
    fn backoff_doubles_until_max() {
        let mut e = est();
        e.update(0.5, 0.5); // sent at 0, on a tick: rto = 0.5 + 4*0.25 = 1.5
        assert!((e.rto_s() - 1.5).abs() < 1e-9);
        e.back_off();
        assert!((e.rto_s() - 3.0).abs() < 1e-9);
        for _ in 0..20 {
            e.back_off();
        }
        assert_eq!(e.rto_s(), 60.0);
        e.reset_backoff();
        assert_eq!(e.backoff(), 1);
    }

    #[test]
    fn linux_rto_is_srtt_plus_the_larger_of_4_mdev_and_the_minimum() {
        let mut e = est().linux();
        // first sample 100 ms: srtt 100, mdev 2 x 100 = 200 ms, rttvar max(200, 200)
        e.update_linux(0.100, 1, 10);
        assert!((e.srtt_s() - 0.100).abs() < 1e-9);
        assert!((e.rto_s() - 0.300).abs() < 1e-9, "{}", e.rto_s());
        // steady 100 ms samples over many rounds: mdev decays, rttvar stays at the
        // 200 ms floor: RTO = 100 + 200 ms (ns-2's would be max(0.2, ~0.1) = 0.2 s)
        for k in 0..200 {
            e.update_linux(0.100, 10 + k, 11 + k);
        }
        assert!((e.rto_s() - 0.300).abs() < 1e-6, "{}", e.rto_s());
        // a jump to 200 ms raises SRTT by 1/8 of the error per sample
        e.update_linux(0.200, 300, 301);
        assert!((e.srtt_s() - 0.1125).abs() < 1e-6, "{}", e.srtt_s());
        // backoff doubles it
        let rto = e.rto_s();
        e.back_off();
        assert!((e.rto_s() - 2.0 * rto).abs() < 1e-9);
        // ns-2's samples are ignored by a Linux estimator and vice versa
        let mut n = est();
        n.update_linux(0.1, 1, 2);
        assert_eq!(n.rto_s(), 3.0);
    }
}
