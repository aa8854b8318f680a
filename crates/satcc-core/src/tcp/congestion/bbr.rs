//! BBR v1 as Linux's `net/ipv4/tcp_bbr.c`: a model of the path (the windowed maximum
//! delivery rate over 10 rounds and the minimum RTT over 10 s) sets the pacing rate
//! and the window; STARTUP at 2/ln 2, DRAIN at its inverse, PROBE_BW cycling pacing
//! gains 5/4, 3/4 and six 1s from a random phase, PROBE_RTT (4 packets for 200 ms and a
//! round, when the minimum RTT is 10 s old), full-pipe detection (three rounds under
//! 25 % growth), cwnd gain 2, long-term bandwidth sampling for policers, ACK
//! aggregation allowance, packet conservation in the first round of a recovery.
//!
//! Rates are Linux's fixed point: packets per microsecond scaled by 2^24 (BW_UNIT);
//! gains scaled by 256 (BBR_UNIT). Time is the simulated clock in microseconds (and
//! jiffies at `bbr_hz` for the 10 s filter). The sender paces at the rate BBR sets and
//! honours the advertised window like every sender, so a router scheme can cap it.

use super::{AckEvent, AckSample, CongestionControl, LossEvent, Window};
use crate::engine::Time;
use crate::tcp::rtt::whole_us;

/// Fixed point of rates: packets per usec << 24 [BW_SCALE].
const BW_SCALE: u32 = 24;
const BW_UNIT: u64 = 1 << BW_SCALE;
/// Fixed point of gains [BBR_SCALE].
const BBR_SCALE: u32 = 8;
const BBR_UNIT: u64 = 1 << BBR_SCALE;
/// PROBE_BW's gain cycle length [CYCLE_LEN].
const CYCLE_LEN: usize = 8;
/// Rounds of the max-bandwidth filter [bbr_bw_rtts = CYCLE_LEN + 2].
const BW_RTTS: u32 = CYCLE_LEN as u32 + 2;
/// The min-RTT filter's window, seconds [bbr_min_rtt_win_sec].
const MIN_RTT_WIN_SEC: u64 = 10;
/// Time at 4 packets in PROBE_RTT, ms [bbr_probe_rtt_mode_ms].
const PROBE_RTT_MODE_MS: u64 = 200;
/// Below this pacing rate (bytes/s) TSO goals are one segment [bbr_min_tso_rate].
const MIN_TSO_RATE: u64 = 1_200_000;
/// Pace 1 % below the estimated rate [bbr_pacing_margin_percent].
const PACING_MARGIN_PERCENT: u64 = 1;
/// 2/ln(2): the smallest gain that doubles delivery per round [bbr_high_gain].
const HIGH_GAIN: u64 = BBR_UNIT * 2885 / 1000 + 1;
/// Its inverse, to drain STARTUP's queue in a round [bbr_drain_gain].
const DRAIN_GAIN: u64 = BBR_UNIT * 1000 / 2885;
/// PROBE_BW's window gain [bbr_cwnd_gain].
const CWND_GAIN: u64 = BBR_UNIT * 2;
/// PROBE_BW's pacing gains [bbr_pacing_gain].
const PACING_GAIN: [u64; CYCLE_LEN] =
    [BBR_UNIT * 5 / 4, BBR_UNIT * 3 / 4, BBR_UNIT, BBR_UNIT, BBR_UNIT, BBR_UNIT, BBR_UNIT, BBR_UNIT];
/// Randomize the starting phase among the first 7 [bbr_cycle_rand].
const CYCLE_RAND: u32 = 7;
/// The smallest window, also PROBE_RTT's [bbr_cwnd_min_target].
const CWND_MIN_TARGET: u32 = 4;
/// Full pipe: three rounds without 25 % growth [bbr_full_bw_thresh, bbr_full_bw_cnt].
const FULL_BW_THRESH: u64 = BBR_UNIT * 5 / 4;
const FULL_BW_CNT: u32 = 3;
/// Long-term sampling: intervals of 4 to 16 rounds, 20 % loss, rates within 1/8 or
/// 4 kbit/s of each other, used for 48 rounds [bbr_lt_*].
const LT_INTVL_MIN_RTTS: u32 = 4;
const LT_LOSS_THRESH: u64 = 50;
const LT_BW_RATIO: u64 = BBR_UNIT / 8;
const LT_BW_DIFF: u64 = 4000 / 8;
const LT_BW_MAX_RTTS: u32 = 48;
/// ACK aggregation: gain 1, windows of 5 rounds, reset after 2^20 packets, at most
/// 100 ms at bw [bbr_extra_acked_*].
const EXTRA_ACKED_GAIN: u64 = BBR_UNIT;
const EXTRA_ACKED_WIN_RTTS: u32 = 5;
const ACK_EPOCH_ACKED_RESET_THRESH: u32 = 1 << 20;
const EXTRA_ACKED_MAX_US: u64 = 100_000;
/// The initial window Linux assumes [TCP_INIT_CWND].
const TCP_INIT_CWND: u32 = 10;
/// Linux's pacing shift: TSO bursts of about 1 ms at the pacing rate [sk_pacing_shift].
const PACING_SHIFT: u32 = 10;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Startup,
    Drain,
    ProbeBw,
    ProbeRtt,
}

/// Linux's icsk_ca_state as BBR reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum CaState {
    Open,
    Recovery,
    Loss,
}

/// Kathleen Nichols' windowed max filter (lib/win_minmax.c): the best, second and
/// third best samples of the window.
#[derive(Debug, Clone, Copy, Default)]
pub struct MinMax {
    s: [(u32, u32); 3], // (t, v)
}

impl MinMax {
    pub fn get(&self) -> u32 {
        self.s[0].1
    }

    pub fn reset(&mut self, t: u32, v: u32) -> u32 {
        self.s = [(t, v); 3];
        v
    }

    fn subwin_update(&mut self, win: u32, val: (u32, u32)) -> u32 {
        let dt = val.0.wrapping_sub(self.s[0].0);
        if dt > win {
            self.s[0] = self.s[1];
            self.s[1] = self.s[2];
            self.s[2] = val;
            if val.0.wrapping_sub(self.s[0].0) > win {
                self.s[0] = self.s[1];
                self.s[1] = self.s[2];
                self.s[2] = val;
            }
        } else if self.s[1].0 == self.s[0].0 && dt > win / 4 {
            self.s[2] = val;
            self.s[1] = val;
        } else if self.s[2].0 == self.s[1].0 && dt > win / 2 {
            self.s[2] = val;
        }
        self.s[0].1
    }

    /// minmax_running_max: a measurement `meas` at time `t` within a window `win`.
    pub fn running_max(&mut self, win: u32, t: u32, meas: u32) -> u32 {
        let val = (t, meas);
        if val.1 >= self.s[0].1 || val.0.wrapping_sub(self.s[2].0) > win {
            return self.reset(t, meas);
        }
        if val.1 >= self.s[1].1 {
            self.s[2] = val;
            self.s[1] = val;
        } else if val.1 >= self.s[2].1 {
            self.s[2] = val;
        }
        self.subwin_update(win, val)
    }
}

#[derive(Debug, Clone)]
pub struct Bbr {
    pub mode: Mode,
    bw: MinMax,
    pub min_rtt_us: u32,
    min_rtt_stamp_us: u64,
    probe_rtt_done_stamp_us: Option<u64>,
    probe_rtt_round_done: bool,
    rtt_cnt: u32,
    next_rtt_delivered: u64,
    cycle_mstamp_us: u64,
    pub cycle_idx: usize,
    prior_cwnd: u32,
    round_start: bool,
    packet_conservation: bool,
    prev_ca_state: CaState,
    /// After a timeout: Loss until snd_una passes this (Linux's high_seq).
    loss_until: Option<i64>,
    loss_pending: bool,
    lt_is_sampling: bool,
    lt_rtt_cnt: u32,
    lt_use_bw: bool,
    lt_bw: u32,
    lt_last_delivered: u64,
    lt_last_stamp_ms: u64,
    lt_last_lost: u64,
    pacing_gain: u64,
    cwnd_gain: u64,
    pub full_bw_reached: bool,
    full_bw_cnt: u32,
    full_bw: u32,
    has_seen_rtt: bool,
    extra_acked: [u32; 2],
    ack_epoch_mstamp_us: u64,
    ack_epoch_acked: u32,
    extra_acked_win_rtts: u32,
    extra_acked_win_idx: usize,
    /// Pacing rate, bytes per second (Linux's sk_pacing_rate), and the segment size.
    pacing_rate_bps: u64,
    mss: u64,
    /// The sender's delivered and lost counts and the last delivery time.
    delivered: u64,
    lost: u64,
    delivered_mstamp_us: u64,
    /// Ask the sender to mark its samples application-limited (PROBE_RTT).
    mark_app_limited: bool,
    rng: u64,
    started: bool,
    /// The handshake's RTT was taken as the first minimum RTT.
    handshake_rtt_taken: bool,
    /// Entries into PROBE_RTT and their times (us), for the tests and reports.
    pub probe_rtt_entries: Vec<u64>,
}

impl Default for Bbr {
    fn default() -> Self {
        Bbr::new(0)
    }
}

impl Bbr {
    /// A BBR whose random gain-cycle phases come from `seed`.
    pub fn new(seed: u64) -> Self {
        Bbr {
            mode: Mode::Startup,
            bw: MinMax::default(),
            min_rtt_us: u32::MAX,
            min_rtt_stamp_us: 0,
            probe_rtt_done_stamp_us: None,
            probe_rtt_round_done: false,
            rtt_cnt: 0,
            next_rtt_delivered: 0,
            cycle_mstamp_us: 0,
            cycle_idx: 0,
            prior_cwnd: 0,
            round_start: false,
            packet_conservation: false,
            prev_ca_state: CaState::Open,
            loss_until: None,
            loss_pending: false,
            lt_is_sampling: false,
            lt_rtt_cnt: 0,
            lt_use_bw: false,
            lt_bw: 0,
            lt_last_delivered: 0,
            lt_last_stamp_ms: 0,
            lt_last_lost: 0,
            pacing_gain: HIGH_GAIN,
            cwnd_gain: HIGH_GAIN,
            full_bw_reached: false,
            full_bw_cnt: 0,
            full_bw: 0,
            has_seen_rtt: false,
            extra_acked: [0; 2],
            ack_epoch_mstamp_us: 0,
            ack_epoch_acked: 0,
            extra_acked_win_rtts: 0,
            extra_acked_win_idx: 0,
            pacing_rate_bps: 0,
            mss: 1000,
            delivered: 0,
            lost: 0,
            delivered_mstamp_us: 0,
            mark_app_limited: false,
            rng: seed ^ 0x9E37_79B9_7F4A_7C15,
            started: false,
            handshake_rtt_taken: false,
            probe_rtt_entries: Vec::new(),
        }
    }

    /// prandom_u32_max(n), from a splitmix64 stream of the flow's seed.
    fn rand_below(&mut self, n: u32) -> u32 {
        self.rng = self.rng.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        ((z >> 32) * n as u64 >> 32) as u32
    }

    /// The bandwidth estimate, packets per usec << 24.
    pub fn bw(&self) -> u32 {
        if self.lt_use_bw {
            self.lt_bw
        } else {
            self.bw.get()
        }
    }

    pub fn max_bw(&self) -> u32 {
        self.bw.get()
    }

    /// The bandwidth estimate in packets per second.
    pub fn bw_pps(&self) -> f64 {
        self.bw() as f64 * 1e6 / BW_UNIT as f64
    }

    pub fn pacing_gain(&self) -> f64 {
        self.pacing_gain as f64 / BBR_UNIT as f64
    }

    fn rate_bytes_per_sec(&self, rate: u64, gain: u64) -> u64 {
        let mut rate = rate * self.mss;
        rate *= gain;
        rate >>= BBR_SCALE;
        rate *= 1_000_000 / 100 * (100 - PACING_MARGIN_PERCENT);
        rate >> BW_SCALE
    }

    fn bw_to_pacing_rate(&self, bw: u64, gain: u64) -> u64 {
        self.rate_bytes_per_sec(bw, gain)
    }

    fn init_pacing_rate_from_rtt(&mut self, cwnd: u32, srtt_s: f64) {
        let rtt_us = if srtt_s > 0.0 {
            self.has_seen_rtt = true;
            whole_us(srtt_s).max(1)
        } else {
            1000
        };
        let bw = cwnd as u64 * BW_UNIT / rtt_us;
        self.pacing_rate_bps = self.bw_to_pacing_rate(bw, HIGH_GAIN);
    }

    fn set_pacing_rate(&mut self, bw: u32, gain: u64, cwnd: u32, srtt_s: f64) {
        let rate = self.bw_to_pacing_rate(bw as u64, gain);
        if !self.has_seen_rtt && srtt_s > 0.0 {
            self.init_pacing_rate_from_rtt(cwnd, srtt_s);
        }
        if self.full_bw_reached || rate > self.pacing_rate_bps {
            self.pacing_rate_bps = rate;
        }
    }

    /// bbr_tso_segs_goal: segments per TSO burst at the pacing rate.
    fn tso_segs_goal(&self) -> u32 {
        let min_segs = if self.pacing_rate_bps < (MIN_TSO_RATE >> 3) { 1 } else { 2 };
        let bytes = self.pacing_rate_bps >> PACING_SHIFT;
        ((bytes / self.mss.max(1)) as u32).max(min_segs).min(0x7FFF)
    }

    fn bdp(&self, bw: u32, gain: u64) -> u32 {
        if self.min_rtt_us == u32::MAX {
            return TCP_INIT_CWND;
        }
        let w = bw as u64 * self.min_rtt_us as u64;
        (((w * gain) >> BBR_SCALE).div_ceil(BW_UNIT)) as u32
    }

    fn quantization_budget(&self, cwnd: u32) -> u32 {
        let mut cwnd = cwnd + 3 * self.tso_segs_goal();
        cwnd = (cwnd + 1) & !1;
        if self.mode == Mode::ProbeBw && self.cycle_idx == 0 {
            cwnd += 2;
        }
        cwnd
    }

    fn inflight(&self, bw: u32, gain: u64) -> u32 {
        self.quantization_budget(self.bdp(bw, gain))
    }

    fn save_cwnd(&mut self, cwnd: u32) {
        if self.prev_ca_state < CaState::Recovery && self.mode != Mode::ProbeRtt {
            self.prior_cwnd = cwnd;
        } else {
            self.prior_cwnd = self.prior_cwnd.max(cwnd);
        }
    }

    fn reset_lt_bw_sampling_interval(&mut self) {
        self.lt_last_stamp_ms = self.delivered_mstamp_us / 1000;
        self.lt_last_delivered = self.delivered;
        self.lt_last_lost = self.lost;
        self.lt_rtt_cnt = 0;
    }

    fn reset_lt_bw_sampling(&mut self) {
        self.lt_bw = 0;
        self.lt_use_bw = false;
        self.lt_is_sampling = false;
        self.reset_lt_bw_sampling_interval();
    }

    fn lt_bw_interval_done(&mut self, bw: u32) {
        if self.lt_bw != 0 {
            let diff = (bw as i64 - self.lt_bw as i64).unsigned_abs();
            if diff * BBR_UNIT <= LT_BW_RATIO * self.lt_bw as u64 || self.rate_bytes_per_sec(diff, BBR_UNIT) <= LT_BW_DIFF
            {
                // policed: use the average of the two intervals
                self.lt_bw = (bw + self.lt_bw) >> 1;
                self.lt_use_bw = true;
                self.pacing_gain = BBR_UNIT;
                self.lt_rtt_cnt = 0;
                return;
            }
        }
        self.lt_bw = bw;
        self.reset_lt_bw_sampling_interval();
    }

    fn lt_bw_sampling(&mut self, losses: u64, app_limited: bool) {
        if self.lt_use_bw {
            if self.mode == Mode::ProbeBw && self.round_start {
                self.lt_rtt_cnt += 1;
                if self.lt_rtt_cnt >= LT_BW_MAX_RTTS {
                    self.reset_lt_bw_sampling();
                    self.reset_probe_bw_mode();
                }
            }
            return;
        }
        if !self.lt_is_sampling {
            if losses == 0 {
                return;
            }
            self.reset_lt_bw_sampling_interval();
            self.lt_is_sampling = true;
        }
        if app_limited {
            self.reset_lt_bw_sampling();
            return;
        }
        if self.round_start {
            self.lt_rtt_cnt += 1;
        }
        if self.lt_rtt_cnt < LT_INTVL_MIN_RTTS {
            return;
        }
        if self.lt_rtt_cnt > 4 * LT_INTVL_MIN_RTTS {
            self.reset_lt_bw_sampling();
            return;
        }
        if losses == 0 {
            return;
        }
        let lost = self.lost - self.lt_last_lost;
        let delivered = self.delivered - self.lt_last_delivered;
        if delivered == 0 || (lost << BBR_SCALE) < LT_LOSS_THRESH * delivered {
            return;
        }
        let t = (self.delivered_mstamp_us / 1000) as i64 - self.lt_last_stamp_ms as i64;
        if t < 1 {
            return;
        }
        let bw = delivered * BW_UNIT / (t as u64 * 1000);
        self.lt_bw_interval_done(bw.min(u32::MAX as u64) as u32);
    }

    fn advance_cycle_phase(&mut self) {
        self.cycle_idx = (self.cycle_idx + 1) & (CYCLE_LEN - 1);
        self.cycle_mstamp_us = self.delivered_mstamp_us;
    }

    fn reset_probe_bw_mode(&mut self) {
        self.mode = Mode::ProbeBw;
        self.cycle_idx = CYCLE_LEN - 1 - self.rand_below(CYCLE_RAND) as usize;
        self.advance_cycle_phase();
    }

    fn reset_mode(&mut self) {
        if !self.full_bw_reached {
            self.mode = Mode::Startup;
        } else {
            self.reset_probe_bw_mode();
        }
    }

    fn is_next_cycle_phase(&self, prior_in_flight: u64, losses: u64) -> bool {
        let full_length = self.delivered_mstamp_us.saturating_sub(self.cycle_mstamp_us) > self.min_rtt_us as u64;
        if self.pacing_gain == BBR_UNIT {
            return full_length;
        }
        let inflight = prior_in_flight;
        let bw = self.max_bw();
        if self.pacing_gain > BBR_UNIT {
            return full_length && (losses > 0 || inflight >= self.inflight(bw, self.pacing_gain) as u64);
        }
        full_length || inflight <= self.inflight(bw, BBR_UNIT) as u64
    }

    fn update_bw(&mut self, s: &AckSample) {
        self.round_start = false;
        let (Some(delivered), interval) = (s.rate.delivered, s.rate.interval_s) else { return };
        let interval_us = (interval * 1e6) as u64;
        if interval_us == 0 {
            return;
        }
        if s.rate.prior_delivered >= self.next_rtt_delivered {
            self.next_rtt_delivered = self.delivered;
            self.rtt_cnt += 1;
            self.round_start = true;
            self.packet_conservation = false;
        }
        self.lt_bw_sampling(s.rate.losses, s.rate.is_app_limited);
        let bw = (delivered * BW_UNIT / interval_us).min(u32::MAX as u64) as u32;
        if !s.rate.is_app_limited || bw >= self.max_bw() {
            self.bw.running_max(BW_RTTS, self.rtt_cnt, bw);
        }
    }

    fn update_ack_aggregation(&mut self, s: &AckSample, cwnd: u32) {
        let acked = s.rate.acked_sacked;
        if acked == 0 || s.rate.delivered.is_none() || s.rate.interval_s <= 0.0 {
            return;
        }
        if self.round_start {
            self.extra_acked_win_rtts = (self.extra_acked_win_rtts + 1).min(0x1F);
            if self.extra_acked_win_rtts >= EXTRA_ACKED_WIN_RTTS {
                self.extra_acked_win_rtts = 0;
                self.extra_acked_win_idx ^= 1;
                self.extra_acked[self.extra_acked_win_idx] = 0;
            }
        }
        let epoch_us = self.delivered_mstamp_us.saturating_sub(self.ack_epoch_mstamp_us);
        let mut expected = (self.bw() as u64 * epoch_us / BW_UNIT) as u32;
        if self.ack_epoch_acked <= expected
            || self.ack_epoch_acked as u64 + acked >= ACK_EPOCH_ACKED_RESET_THRESH as u64
        {
            self.ack_epoch_acked = 0;
            self.ack_epoch_mstamp_us = self.delivered_mstamp_us;
            expected = 0;
        }
        self.ack_epoch_acked = (self.ack_epoch_acked as u64 + acked).min(0xFFFFF) as u32;
        let extra = (self.ack_epoch_acked - expected).min(cwnd);
        if extra > self.extra_acked[self.extra_acked_win_idx] {
            self.extra_acked[self.extra_acked_win_idx] = extra;
        }
    }

    fn ack_aggregation_cwnd(&self) -> u32 {
        if !self.full_bw_reached {
            return 0;
        }
        let max_aggr = (self.bw() as u64 * EXTRA_ACKED_MAX_US / BW_UNIT) as u32;
        let extra = self.extra_acked[0].max(self.extra_acked[1]) as u64;
        (((EXTRA_ACKED_GAIN * extra) >> BBR_SCALE) as u32).min(max_aggr)
    }

    fn check_full_bw_reached(&mut self, app_limited: bool) {
        if self.full_bw_reached || !self.round_start || app_limited {
            return;
        }
        let thresh = (self.full_bw as u64 * FULL_BW_THRESH) >> BBR_SCALE;
        if self.max_bw() as u64 >= thresh {
            self.full_bw = self.max_bw();
            self.full_bw_cnt = 0;
            return;
        }
        self.full_bw_cnt += 1;
        self.full_bw_reached = self.full_bw_cnt >= FULL_BW_CNT;
    }

    fn check_drain(&mut self, w: &mut Window, in_flight: u64) {
        if self.mode == Mode::Startup && self.full_bw_reached {
            self.mode = Mode::Drain;
            w.ssthresh = self.inflight(self.max_bw(), BBR_UNIT) as f64;
        }
        if self.mode == Mode::Drain && in_flight <= self.inflight(self.max_bw(), BBR_UNIT) as u64 {
            self.reset_probe_bw_mode();
        }
    }

    fn update_min_rtt(&mut self, s: &AckSample, w: &mut Window, now_us: u64) {
        let expired = now_us > self.min_rtt_stamp_us + MIN_RTT_WIN_SEC * 1_000_000;
        if let Some(rtt) = s.rate.rtt_s {
            let rtt_us = whole_us(rtt) as u32;
            // A strictly lower sample restarts the filter: Linux since 5.10 (commit
            // 1b9e2a8c99a5, "tcp: only postpone PROBE_RTT if RTT is < current min_rtt
            // estimate"); 4.9-5.9 took an equal one too (`<=`), and samples that equal the
            // minimum (millisecond timestamps in recovery there, satcc's exact path here)
            // then put PROBE_RTT off indefinitely: with `<=` satcc's 1 %-loss and
            // shallow-buffer cases never probed in 30 s (docs/cubic-bbr.md).
            if rtt_us < self.min_rtt_us || expired {
                self.min_rtt_us = rtt_us;
                self.min_rtt_stamp_us = now_us;
            }
        }
        if expired && self.mode != Mode::ProbeRtt {
            self.mode = Mode::ProbeRtt;
            self.save_cwnd(w.cwnd as u32);
            self.probe_rtt_done_stamp_us = None;
            self.probe_rtt_entries.push(now_us);
        }
        if self.mode == Mode::ProbeRtt {
            // ignore low rate samples during this mode
            self.mark_app_limited = true;
            match self.probe_rtt_done_stamp_us {
                None if s.in_flight <= CWND_MIN_TARGET as u64 => {
                    self.probe_rtt_done_stamp_us = Some(now_us + PROBE_RTT_MODE_MS * 1000);
                    self.probe_rtt_round_done = false;
                    self.next_rtt_delivered = self.delivered;
                }
                Some(done) => {
                    if self.round_start {
                        self.probe_rtt_round_done = true;
                    }
                    if self.probe_rtt_round_done && now_us > done {
                        self.min_rtt_stamp_us = now_us;
                        w.cwnd = w.cwnd.max(self.prior_cwnd as f64);
                        self.reset_mode();
                    }
                }
                None => {}
            }
        }
    }

    fn update_gains(&mut self) {
        match self.mode {
            Mode::Startup => {
                self.pacing_gain = HIGH_GAIN;
                self.cwnd_gain = HIGH_GAIN;
            }
            Mode::Drain => {
                self.pacing_gain = DRAIN_GAIN;
                self.cwnd_gain = HIGH_GAIN;
            }
            Mode::ProbeBw => {
                self.pacing_gain = if self.lt_use_bw { BBR_UNIT } else { PACING_GAIN[self.cycle_idx] };
                self.cwnd_gain = CWND_GAIN;
            }
            Mode::ProbeRtt => {
                self.pacing_gain = BBR_UNIT;
                self.cwnd_gain = BBR_UNIT;
            }
        }
    }

    fn set_cwnd(&mut self, w: &mut Window, s: &AckSample, state: CaState) {
        let acked = s.rate.acked_sacked as u32;
        let mut cwnd = w.cwnd as u32;
        let bw = self.bw();
        'done: {
            if acked == 0 {
                break 'done;
            }
            // bbr_set_cwnd_to_recover_or_restore
            if s.rate.losses > 0 {
                cwnd = (cwnd as i64 - s.rate.losses as i64).max(1) as u32;
            }
            let prev = self.prev_ca_state;
            if state == CaState::Recovery && prev != CaState::Recovery {
                // the first round of a recovery: packet conservation
                self.packet_conservation = true;
                self.next_rtt_delivered = self.delivered;
                cwnd = s.in_flight as u32 + acked;
            } else if prev >= CaState::Recovery && state < CaState::Recovery {
                cwnd = cwnd.max(self.prior_cwnd);
                self.packet_conservation = false;
            }
            self.prev_ca_state = state;
            if self.packet_conservation {
                cwnd = cwnd.max(s.in_flight as u32 + acked);
                break 'done;
            }
            let mut target = self.bdp(bw, self.cwnd_gain);
            target += self.ack_aggregation_cwnd();
            target = self.quantization_budget(target);
            if self.full_bw_reached {
                cwnd = (cwnd + acked).min(target);
            } else if cwnd < target || self.delivered < TCP_INIT_CWND as u64 {
                cwnd += acked;
            }
            cwnd = cwnd.max(CWND_MIN_TARGET);
        }
        if acked == 0 {
            self.prev_ca_state = state;
        }
        if self.mode == Mode::ProbeRtt {
            cwnd = cwnd.min(CWND_MIN_TARGET);
        }
        w.cwnd = cwnd as f64;
    }

    /// Whether the sender should mark its rate samples application-limited now.
    pub fn take_app_limited_mark(&mut self) -> bool {
        std::mem::take(&mut self.mark_app_limited)
    }
}

fn us(t: Time) -> u64 {
    t / 1000
}

impl CongestionControl for Bbr {
    fn name(&self) -> &'static str {
        "bbr"
    }

    fn needs_rate_samples(&self) -> bool {
        true
    }

    fn owns_window(&self) -> bool {
        true
    }

    fn tso_segs(&self) -> u32 {
        self.tso_segs_goal()
    }

    fn min_rtt_s(&self) -> Option<f64> {
        (self.min_rtt_us != u32::MAX).then(|| self.min_rtt_us as f64 * 1e-6)
    }

    fn set_seed(&mut self, seed: u64) {
        self.rng = seed ^ 0x9E37_79B9_7F4A_7C15;
    }

    /// BBR sets the window in cong_control; the ACK itself changes nothing here.
    fn on_ack(&mut self, _w: &mut Window, _ev: &AckEvent) {}

    /// bbr_ssthresh: save the window and return ssthresh as it is (infinite until
    /// DRAIN sets it, the estimated BDP after); the sender's recovery keeps the window,
    /// BBR's packet conservation sets it on the next ACKs.
    fn on_fast_retransmit(&mut self, w: &mut Window, _ev: &LossEvent) {
        self.save_cwnd(w.cwnd as u32);
    }

    /// tcp_enter_loss with BBR: save the window (ssthresh as it is, bbr_ssthresh), one
    /// packet, and bbr_set_state(Loss): a round ends, full_bw is forgotten, the loss
    /// feeds long-term sampling.
    fn on_timeout(&mut self, w: &mut Window, _ev: &LossEvent) {
        self.save_cwnd(w.cwnd as u32);
        w.cwnd = 1.0;
        self.prev_ca_state = CaState::Loss;
        self.full_bw = 0;
        self.round_start = true;
        self.lost += 1;
        self.lt_bw_sampling(1, false);
        self.loss_pending = true;
    }

    fn on_rate_sample(&mut self, w: &mut Window, s: &AckSample) {
        if !self.started {
            // bbr_init at the first ACK (the SYN's): Linux's pacing from cwnd / srtt
            self.started = true;
            self.mss = s.seg_bytes.max(1) as u64;
            self.min_rtt_stamp_us = us(s.now);
            self.init_pacing_rate_from_rtt(w.cwnd.max(TCP_INIT_CWND as f64) as u32, s.srtt_s);
            w.ssthresh = f64::from(u32::MAX);
        }
    }

    /// bbr_main: update the model, then the pacing rate and the window.
    fn cong_control(&mut self, w: &mut Window, s: &AckSample) {
        let now_us = us(s.now);
        if !self.handshake_rtt_taken {
            // bbr_init: min_rtt starts as tcp_min_rtt, which holds the handshake's RTT
            // (a SYN is too small to queue behind itself: no data sample goes below it)
            self.handshake_rtt_taken = true;
            if s.srtt_s > 0.0 {
                self.min_rtt_us = whole_us(s.srtt_s) as u32;
                self.min_rtt_stamp_us = now_us;
            }
        }
        self.delivered += s.rate.acked_sacked;
        self.lost += s.rate.losses;
        if s.rate.acked_sacked > 0 {
            self.delivered_mstamp_us = now_us;
        }
        if self.loss_pending {
            self.loss_pending = false;
            self.loss_until = Some(s.snd_nxt - 1);
        }
        let state = match self.loss_until {
            Some(high) if s.snd_una <= high => CaState::Loss,
            _ => {
                self.loss_until = None;
                if s.in_recovery {
                    CaState::Recovery
                } else {
                    CaState::Open
                }
            }
        };
        self.update_bw(s);
        self.update_ack_aggregation(s, w.cwnd as u32);
        if self.mode == Mode::ProbeBw && self.is_next_cycle_phase(s.rate.prior_in_flight, s.rate.losses) {
            self.advance_cycle_phase();
        }
        self.check_full_bw_reached(s.rate.is_app_limited);
        self.check_drain(w, s.in_flight);
        self.update_min_rtt(s, w, now_us);
        self.update_gains();
        let bw = self.bw();
        self.set_pacing_rate(bw, self.pacing_gain, w.cwnd as u32, s.srtt_s);
        self.set_cwnd(w, s, state);
    }

    fn pacing_rate_pps(&self) -> Option<f64> {
        (self.pacing_rate_bps > 0).then(|| self.pacing_rate_bps as f64 / self.mss as f64)
    }

    fn marks_app_limited(&mut self) -> bool {
        self.take_app_limited_mark()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::from_secs;
    use crate::tcp::rate::RateSample;

    #[test]
    fn the_max_filter_keeps_the_best_of_its_window_and_forgets_older_ones() {
        let mut m = MinMax::default();
        m.reset(0, 100);
        assert_eq!(m.running_max(10, 1, 50), 100);
        assert_eq!(m.running_max(10, 5, 80), 100);
        // 100 leaves the window after 10 rounds: the second best (80, round 5) rules
        assert_eq!(m.running_max(10, 11, 60), 80);
        // a new max replaces everything at once
        assert_eq!(m.running_max(10, 12, 200), 200);
        // nothing left in the window: the new sample alone
        assert_eq!(m.running_max(10, 40, 10), 10);
    }

    /// bbr_init takes tcp_min_rtt, which holds the handshake's RTT: the first minimum
    /// RTT is the SRTT of the first ACK, before any data sample.
    #[test]
    fn the_first_min_rtt_is_the_handshakes() {
        let mut b = Bbr::new(1);
        let mut w = Window { cwnd: 10.0, ssthresh: 1e9 };
        let mut s = AckSample { now: from_secs(0.1), srtt_s: 0.0, seg_bytes: 1000, rwnd_pkts: 1 << 20, ..Default::default() };
        b.on_rate_sample(&mut w, &s);
        s.srtt_s = 0.1004; // the SYN's RTT, taken before cong_control
        b.cong_control(&mut w, &s);
        assert_eq!(b.min_rtt_us, 100_400);
        // a data sample above it does not replace it
        s.now = from_secs(0.3);
        s.rate.rtt_s = Some(0.101);
        b.cong_control(&mut w, &s);
        assert_eq!(b.min_rtt_us, 100_400);
    }

    #[test]
    fn gains_are_linux_constants() {
        assert_eq!(HIGH_GAIN, 739); // 2885 / 1000 x 256 + 1
        assert_eq!(DRAIN_GAIN, 88);
        assert_eq!(PACING_GAIN[0], 320);
        assert_eq!(PACING_GAIN[1], 192);
        assert_eq!(CWND_GAIN, 512);
    }

    /// A BBR fed by a steady path of `rate_pps` and RTT `rtt_s`: each ACK delivers one
    /// packet; returns the controller and the window after `secs`.
    struct Path {
        bbr: Bbr,
        w: Window,
        now_s: f64,
        delivered: u64,
        una: i64,
        inflight: f64,
    }

    impl Path {
        fn new(seed: u64) -> Self {
            let mut p = Path { bbr: Bbr::new(seed), w: Window { cwnd: 10.0, ssthresh: 1e9 }, now_s: 0.0, delivered: 0, una: 1, inflight: 10.0 };
            let first = p.sample(0.1, 0, 0);
            p.bbr.on_rate_sample(&mut p.w, &first);
            p
        }

        fn sample(&self, rtt_s: f64, in_flight: u64, prior_delivered: u64) -> AckSample {
            AckSample {
                now: from_secs(self.now_s),
                rate: RateSample {
                    delivered: Some(self.delivered + 1 - prior_delivered),
                    interval_s: 0.0,
                    acked_sacked: 1,
                    rtt_s: Some(rtt_s),
                    prior_delivered,
                    prior_in_flight: in_flight + 1,
                    ..Default::default()
                },
                in_flight,
                cwnd_limited: true,
                in_recovery: false,
                srtt_s: rtt_s,
                seg_bytes: 1000,
                rwnd_pkts: 1 << 20,
                snd_una: self.una,
                snd_nxt: self.una + in_flight as i64,
            }
        }

        /// `secs` of ACKs on a path of `rate_pps` with a base RTT: in flight grows by
        /// the pacing gain less one per ACK, up to cwnd; queueing adds delay beyond the
        /// BDP (a fluid
        /// sketch of the path; tests/test_cubic_bbr.py runs BBR in the simulator).
        fn run(&mut self, secs: f64, rate_pps: f64, base_rtt_s: f64) {
            let end = self.now_s + secs;
            let gap = 1.0 / rate_pps;
            let bdp = rate_pps * base_rtt_s;
            while self.now_s < end {
                self.now_s += gap;
                // each delivered packet lets `gain` more leave, up to cwnd
                self.inflight = (self.inflight + self.bbr.pacing_gain() - 1.0).clamp(1.0, self.w.cwnd);
                let inflight = self.inflight;
                let queue = (inflight - bdp).max(0.0);
                let rtt = base_rtt_s + queue / rate_pps;
                let prior = self.delivered.saturating_sub((rtt * rate_pps) as u64);
                let mut s = self.sample(rtt, inflight as u64, prior);
                s.rate.interval_s = rtt.max(base_rtt_s);
                s.rate.delivered = Some(self.delivered + 1 - prior);
                self.delivered += 1;
                self.una += 1;
                self.bbr.cong_control(&mut self.w, &s);
            }
        }
    }

    #[test]
    fn startup_finds_the_bandwidth_then_drains_and_cycles() {
        let mut p = Path::new(1);
        assert_eq!(p.bbr.mode, Mode::Startup);
        // 1000 packets/s, 100 ms: BDP 100 packets
        p.run(3.0, 1000.0, 0.1);
        assert!(p.bbr.full_bw_reached);
        assert_eq!(p.bbr.mode, Mode::ProbeBw);
        assert!((p.bbr.bw_pps() - 1000.0).abs() < 20.0, "bw {}", p.bbr.bw_pps());
        // cwnd = 2 x BDP + quantization (3 TSO goals of 2, rounded up to even)
        assert!((200.0..=212.0).contains(&p.w.cwnd), "cwnd {}", p.w.cwnd);
        // the pacing rate follows the gain of the phase, 1 % under the estimate
        let pps = p.bbr.pacing_rate_pps().unwrap();
        let want = p.bbr.bw_pps() * p.bbr.pacing_gain() * 0.99;
        assert!((pps - want).abs() / want < 0.01, "pacing {pps} want {want}");
    }

    #[test]
    fn probe_bw_cycles_through_all_eight_gains() {
        let mut p = Path::new(3);
        p.run(3.0, 1000.0, 0.1);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..100 {
            p.run(0.05, 1000.0, 0.1);
            seen.insert(p.bbr.cycle_idx);
        }
        assert_eq!(seen.len(), CYCLE_LEN, "{seen:?}");
    }

    #[test]
    fn probe_rtt_every_ten_seconds_at_four_packets_for_200_ms() {
        let mut p = Path::new(7);
        p.run(3.0, 1000.0, 0.1);
        // RTT samples never go below the first minimum (queueing keeps them above):
        // the filter expires 10 s after it was set, in STARTUP's first round
        while p.bbr.mode != Mode::ProbeRtt && p.now_s < 13.0 {
            p.run(0.001, 1000.0, 0.1);
        }
        assert_eq!(p.bbr.probe_rtt_entries.len(), 1, "no PROBE_RTT within 13 s");
        let first = p.bbr.probe_rtt_entries[0] as f64 / 1e6;
        assert!((10.0..10.3).contains(&first), "PROBE_RTT at {first} s");
        // while in it: the window is 4 packets
        let mut left_at = None;
        while left_at.is_none() && p.now_s < first + 1.0 {
            assert_eq!(p.w.cwnd, 4.0);
            p.run(0.001, 1000.0, 0.1);
            if p.bbr.mode != Mode::ProbeRtt {
                left_at = Some(p.now_s);
            }
        }
        // 200 ms at 4 packets and the round that ends after them
        let left = left_at.expect("left PROBE_RTT") - first;
        assert!((0.2..0.35).contains(&left), "left after {left} s");
        assert_eq!(p.bbr.mode, Mode::ProbeBw);
        assert!(p.w.cwnd >= 100.0, "cwnd restored {}", p.w.cwnd);
        // the next one 10 s after it ended, not before
        p.run(9.5, 1000.0, 0.1);
        assert_eq!(p.bbr.probe_rtt_entries.len(), 1);
        p.run(1.0, 1000.0, 0.1);
        assert_eq!(p.bbr.probe_rtt_entries.len(), 2);
    }

    #[test]
    fn the_min_rtt_filter_restarts_on_a_lower_sample_not_on_an_equal_one() {
        let mut p = Path::new(5);
        p.run(3.0, 1000.0, 0.1);
        let (min, stamp) = (p.bbr.min_rtt_us, p.bbr.min_rtt_stamp_us);
        p.now_s += 0.5;
        // a sample equal to the minimum (satcc's exact path through an empty queue)
        let s = p.sample(min as f64 / 1e6, 50, p.delivered);
        p.bbr.cong_control(&mut p.w, &s);
        assert_eq!((p.bbr.min_rtt_us, p.bbr.min_rtt_stamp_us), (min, stamp), "an equal sample restarted the filter");
        // one a microsecond lower restarts it
        let s = p.sample((min - 1) as f64 / 1e6, 50, p.delivered);
        p.bbr.cong_control(&mut p.w, &s);
        assert_eq!(p.bbr.min_rtt_us, min - 1);
        assert_eq!(p.bbr.min_rtt_stamp_us, us(s.now));
    }

    #[test]
    fn a_recovery_conserves_packets_in_its_first_round() {
        let mut p = Path::new(1);
        p.run(3.0, 1000.0, 0.1);
        let ev = LossEvent::standard(0, p.w.cwnd, 0.1, 1000);
        let before = p.w.cwnd;
        p.bbr.on_fast_retransmit(&mut p.w, &ev);
        let mut s = p.sample(0.1, 50, p.delivered - 100);
        s.in_recovery = true;
        s.rate.interval_s = 0.1;
        s.rate.losses = 1;
        p.bbr.cong_control(&mut p.w, &s);
        assert_eq!(p.w.cwnd, 51.0); // in flight + acked
        // leaving recovery restores the window saved at its start
        let mut s = p.sample(0.1, 50, p.delivered - 100);
        s.rate.interval_s = 0.1;
        p.bbr.cong_control(&mut p.w, &s);
        assert!(p.w.cwnd >= before, "{} < {before}", p.w.cwnd);
    }

    /// bbr_ssthresh returns ssthresh as it is: infinite before DRAIN, the BDP that DRAIN
    /// set after it, through a fast retransmit and a timeout alike (TCP_INFO's
    /// snd_ssthresh on Linux).
    #[test]
    fn a_loss_leaves_ssthresh_where_drain_set_it() {
        let ev = LossEvent::standard(0, 10.0, 0.1, 1000);
        let mut p = Path::new(1);
        p.bbr.on_fast_retransmit(&mut p.w, &ev);
        assert_eq!(p.w.ssthresh, f64::from(u32::MAX), "before DRAIN: infinite");
        let mut p = Path::new(1);
        p.run(3.0, 1000.0, 0.1);
        let drained = p.w.ssthresh;
        assert!((90.0..=110.0).contains(&drained), "DRAIN's ssthresh: the BDP of 100, {drained}");
        p.bbr.on_fast_retransmit(&mut p.w, &ev);
        assert_eq!(p.w.ssthresh, drained);
        p.bbr.on_timeout(&mut p.w, &ev);
        assert_eq!((p.w.ssthresh, p.w.cwnd), (drained, 1.0));
    }
}
