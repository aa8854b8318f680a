//! CUBIC as Linux's `net/ipv4/tcp_cubic.c` (v2.3, kernels 5.9 and later): integer
//! windows, the fixed-point cube root of a table and one Newton step, the window
//! function W(t) = C (t - K)^3 + W_max with C = bic_scale / 1024 / 10 per second^3 in
//! 2^-10 s units, beta 717/1024, fast convergence, the TCP-friendly region, and HyStart
//! (the ACK train and the delay increase, from a window of 16) on by default.
//!
//! Time is Linux's jiffies (`cubic_hz` per second, 250 as on Debian's kernels); RTTs are
//! microseconds, from the per-ACK samples of tcp/rate.rs (the newest segment an ACK
//! delivers, if never retransmitted). `cubic_rfc9438` switches to RFC 9438's reading in
//! floating point: the same curve with C = 0.4, beta 0.7 and the Reno-friendly window
//! W_est with alpha = 3 (1 - beta) / (1 + beta), without HyStart's integer quirks.
//!
//! The window only grows while cwnd limits the sender (Linux's tcp_is_cwnd_limited): a
//! flow held back by the advertised window, as REFWA holds it, keeps its cwnd.

use super::{AckEvent, AckSample, CongestionControl, LossEvent, Window};
use crate::engine::{Time, NS_PER_S};
use crate::tcp::rtt::whole_us;
use crate::settings::SettingsGroup;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Scale of beta [BICTCP_BETA_SCALE].
const BETA_SCALE: u32 = 1024;
/// beta = 717 / 1024 ~ 0.7: the window kept after a loss [beta].
const BETA: u32 = 717;
/// C = bic_scale / 1024 / 10 ... folded into cube_rtt_scale and cube_factor [bic_scale].
const BIC_SCALE: u64 = 41;
/// Time unit of the cubic function: 2^-10 s [BICTCP_HZ].
const BICTCP_HZ: u32 = 10;
/// HyStart: samples per round before the delay test [HYSTART_MIN_SAMPLES].
const HYSTART_MIN_SAMPLES: u8 = 8;
/// HyStart's delay threshold, delay_min / 8 clamped to [4, 16] ms [HYSTART_DELAY_MIN/MAX].
const HYSTART_DELAY_MIN_US: u32 = 4000;
const HYSTART_DELAY_MAX_US: u32 = 16000;
/// HyStart acts from this window on [hystart_low_window].
const HYSTART_LOW_WINDOW: u32 = 16;
/// ACKs closer than this are one train [hystart_ack_delta_us].
const HYSTART_ACK_DELTA_US: u32 = 2000;
/// The GSO size Linux allows for in HyStart's ACK-train threshold (hystart_ack_delay:
/// 4 x 64 KB at the pacing rate, at most 1 ms) [sk_gso_max_size].
const GSO_MAX_SIZE: f64 = 65536.0;

/// RFC 9438's constants for the floating-point reading.
const RFC_C: f64 = 0.4;
const RFC_BETA: f64 = 0.7;

/// CUBIC's switches, as a scenario's `tcp` table names them.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct CubicSettings {
    /// HyStart (ACK train and delay increase) in slow start [Linux: on].
    #[serde(rename = "cubic_hystart")]
    pub hystart: bool,
    /// Fast convergence: a flow losing below its last W_max lowers it further [on].
    #[serde(rename = "cubic_fast_convergence")]
    pub fast_convergence: bool,
    /// The TCP-friendly region [on].
    #[serde(rename = "cubic_tcp_friendliness")]
    pub tcp_friendliness: bool,
    /// The kernel's clock rate, jiffies per second [CONFIG_HZ 250: Debian's and Ubuntu's
    /// kernels, and the one satcc was checked against; 1000 on some others].
    #[serde(rename = "cubic_hz")]
    #[schemars(range(min = 100, max = 10000))]
    pub hz: u32,
    /// RFC 9438 in floating point instead of Linux's integer arithmetic [off].
    #[serde(rename = "cubic_rfc9438")]
    pub rfc9438: bool,
}

impl Default for CubicSettings {
    fn default() -> Self {
        CubicSettings { hystart: true, fast_convergence: true, tcp_friendliness: true, hz: 250, rfc9438: false }
    }
}

impl SettingsGroup for CubicSettings {}

/// Linux's cubic_root: cbrt(a) by a table of cbrt(x << 18) for x < 64, then one
/// Newton-Raphson step. Average error ~0.2 %.
pub fn cubic_root(a: u64) -> u32 {
    // v[x] = cbrt(x << 18) - 1, refined by hand (Willy Tarreau)
    const V: [u8; 64] = [
        0, 54, 54, 54, 118, 118, 118, 118, 123, 129, 134, 138, 143, 147, 151, 156, 157, 161, 164, 168, 170, 173, 176,
        179, 181, 185, 187, 190, 192, 194, 197, 199, 200, 202, 204, 206, 209, 211, 213, 215, 217, 219, 221, 222, 224,
        225, 227, 229, 231, 232, 234, 236, 237, 239, 240, 242, 244, 245, 246, 248, 250, 251, 252, 254,
    ];
    let b = 64 - a.leading_zeros(); // fls64
    if b < 7 {
        return (V[a as usize] as u32 + 35) >> 6;
    }
    let b = ((b * 84) >> 8) - 1;
    let shift = (a >> (b * 3)) as usize;
    let mut x = ((V[shift] as u32 + 10) << b) >> 6;
    // x = (2x + a / (x (x - 1))) / 3, the division by 3 as * 341 >> 10
    x = 2 * x + (a / (x as u64 * (x as u64 - 1))) as u32;
    ((x as u64 * 341) >> 10) as u32
}

#[derive(Debug, Clone)]
pub struct Cubic {
    s: CubicSettings,
    /// Linux's constants: 8 (1024 + beta) / 3 / (1024 - beta), bic_scale x 10, and
    /// 2^40 / (bic_scale x 10).
    beta_scale: u32,
    cube_rtt_scale: u64,
    cube_factor: u64,
    /// The integer window Linux keeps, and its credit of ACKs [snd_cwnd, snd_cwnd_cnt].
    cwnd: u32,
    cwnd_cnt: u32,
    // struct bictcp
    cnt: u32,
    last_max_cwnd: u32,
    last_cwnd: u32,
    last_time: u32,
    bic_origin_point: u32,
    bic_k: u32,
    delay_min_us: u32,
    epoch_start: u32,
    ack_cnt: u32,
    tcp_cwnd: u32,
    sample_cnt: u8,
    found: bool,
    round_start_us: u32,
    end_seq: i64,
    last_ack_us: u32,
    curr_rtt_us: u32,
    /// The last ACK's facts the next on_ack needs.
    cwnd_limited: bool,
    /// RFC 9438: W_max, K (s), the epoch's start (s) and W_est.
    rfc_w_max: f64,
    rfc_k_s: f64,
    rfc_epoch_s: Option<f64>,
    rfc_w_est: f64,
    rfc_cwnd_at_epoch: f64,
    /// What HyStart decided: the window at its exit, and by which test.
    pub hystart_exit: Option<(u32, HystartExit)>,
}

/// Which HyStart test ended slow start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HystartExit {
    AckTrain,
    Delay,
}

impl Default for Cubic {
    fn default() -> Self {
        Cubic::with_settings(&CubicSettings::default())
    }
}

impl Cubic {
    pub fn with_settings(s: &CubicSettings) -> Self {
        let beta_scale = 8 * (BETA_SCALE + BETA) / 3 / (BETA_SCALE - BETA);
        Cubic {
            s: *s,
            beta_scale,
            cube_rtt_scale: BIC_SCALE * 10,
            cube_factor: (1u64 << (10 + 3 * BICTCP_HZ)) / (BIC_SCALE * 10),
            cwnd: 0,
            cwnd_cnt: 0,
            cnt: 0,
            last_max_cwnd: 0,
            last_cwnd: 0,
            last_time: 0,
            bic_origin_point: 0,
            bic_k: 0,
            delay_min_us: 0,
            epoch_start: 0,
            ack_cnt: 0,
            tcp_cwnd: 0,
            sample_cnt: 0,
            found: false,
            round_start_us: 0,
            end_seq: 0,
            last_ack_us: 0,
            curr_rtt_us: u32::MAX,
            cwnd_limited: true,
            rfc_w_max: 0.0,
            rfc_k_s: 0.0,
            rfc_epoch_s: None,
            rfc_w_est: 0.0,
            rfc_cwnd_at_epoch: 0.0,
            hystart_exit: None,
        }
    }

    fn jiffies(&self, now: Time) -> u32 {
        (now as u128 * self.s.hz as u128 / NS_PER_S as u128) as u32
    }

    fn us(now: Time) -> u32 {
        (now / 1000) as u32
    }

    /// K of the current epoch, seconds.
    pub fn k_s(&self) -> f64 {
        if self.s.rfc9438 {
            self.rfc_k_s
        } else {
            self.bic_k as f64 / (1u32 << BICTCP_HZ) as f64
        }
    }

    /// W_max: the window before the last reduction (after fast convergence).
    pub fn w_max(&self) -> f64 {
        if self.s.rfc9438 {
            self.rfc_w_max
        } else {
            self.last_max_cwnd as f64
        }
    }

    /// bictcp_reset (and HyStart's state kept apart).
    fn reset(&mut self) {
        let (hz, s, bs, crs, cf) = (self.s.hz, self.s, self.beta_scale, self.cube_rtt_scale, self.cube_factor);
        let (cwnd, cwnd_cnt, exit) = (self.cwnd, self.cwnd_cnt, self.hystart_exit);
        *self = Cubic::with_settings(&CubicSettings { hz, ..s });
        self.beta_scale = bs;
        self.cube_rtt_scale = crs;
        self.cube_factor = cf;
        self.cwnd = cwnd;
        self.cwnd_cnt = cwnd_cnt;
        self.hystart_exit = exit;
    }

    fn hystart_reset(&mut self, now: Time, snd_nxt: i64) {
        self.round_start_us = Self::us(now);
        self.last_ack_us = self.round_start_us;
        self.end_seq = snd_nxt;
        self.curr_rtt_us = u32::MAX;
        self.sample_cnt = 0;
    }

    /// bictcp_update: the ACKs per window increment (`cnt`) at `now`.
    fn update(&mut self, now: Time, cwnd: u32, acked: u32) {
        self.ack_cnt += acked;
        let j = self.jiffies(now);
        if self.last_cwnd == cwnd && j.wrapping_sub(self.last_time) as i32 <= (self.s.hz / 32) as i32 {
            return;
        }
        // the cubic function updates cnt at most once per jiffy
        if !(self.epoch_start != 0 && j == self.last_time) {
            self.last_cwnd = cwnd;
            self.last_time = j;
            if self.epoch_start == 0 {
                self.epoch_start = j.max(1); // 0 means "no epoch"
                self.ack_cnt = acked;
                self.tcp_cwnd = cwnd;
                if self.last_max_cwnd <= cwnd {
                    self.bic_k = 0;
                    self.bic_origin_point = cwnd;
                } else {
                    self.bic_k = cubic_root(self.cube_factor * (self.last_max_cwnd - cwnd) as u64);
                    self.bic_origin_point = self.last_max_cwnd;
                }
            }
            // t: time since the epoch plus the minimum delay, in 2^-10 s
            let mut t = (j.wrapping_sub(self.epoch_start) as i32).max(0) as u64;
            t += (self.delay_min_us as u64 * self.s.hz as u64).div_ceil(1_000_000); // usecs_to_jiffies
            t <<= BICTCP_HZ;
            t /= self.s.hz as u64;
            let k = self.bic_k as u64;
            let offs = if t < k { k - t } else { t - k };
            let delta = ((self.cube_rtt_scale * offs * offs * offs) >> (10 + 3 * BICTCP_HZ)) as u32;
            let target =
                if t < k { self.bic_origin_point.wrapping_sub(delta) } else { self.bic_origin_point + delta };
            self.cnt = if target > cwnd { cwnd / (target - cwnd) } else { 100 * cwnd };
            // the first growth, W_max unknown: at most 5 % per RTT
            if self.last_max_cwnd == 0 && self.cnt > 20 {
                self.cnt = 20;
            }
        }
        if self.s.tcp_friendliness {
            let delta = (cwnd * self.beta_scale) >> 3;
            if delta > 0 {
                self.tcp_cwnd += self.ack_cnt / delta;
                self.ack_cnt %= delta;
            }
            if self.tcp_cwnd > cwnd {
                let max_cnt = cwnd / (self.tcp_cwnd - cwnd);
                self.cnt = self.cnt.min(max_cnt);
            }
        }
        // at most one packet per two ACKed: 1.5x per RTT
        self.cnt = self.cnt.max(2);
    }

    /// tcp_cong_avoid_ai: one packet per `w` ACKed packets.
    fn cong_avoid_ai(&mut self, w: u32, acked: u32) {
        let w = w.max(1);
        if self.cwnd_cnt >= w {
            self.cwnd_cnt = 0;
            self.cwnd += 1;
        }
        self.cwnd_cnt += acked;
        if self.cwnd_cnt >= w {
            let delta = self.cwnd_cnt / w;
            self.cwnd_cnt -= delta * w;
            self.cwnd += delta;
        }
    }

    /// RFC 9438 section 4: the window after `acked` packets at `now` (seconds).
    fn rfc_on_ack(&mut self, w: &mut Window, now_s: f64, rtt_s: f64, acked: f64) {
        let epoch = *self.rfc_epoch_s.get_or_insert_with(|| {
            self.rfc_cwnd_at_epoch = w.cwnd;
            self.rfc_w_est = w.cwnd;
            if self.rfc_w_max < w.cwnd {
                self.rfc_k_s = 0.0;
                self.rfc_w_max = w.cwnd;
            } else {
                self.rfc_k_s = ((self.rfc_w_max - w.cwnd) / RFC_C).cbrt();
            }
            now_s
        });
        let t = now_s - epoch;
        let w_cubic = |t: f64| RFC_C * (t - self.rfc_k_s).powi(3) + self.rfc_w_max;
        // section 4.2: the target a round from now, within [cwnd, 1.5 cwnd]
        let target = w_cubic(t + rtt_s).clamp(w.cwnd, 1.5 * w.cwnd);
        // section 4.3: the Reno-friendly estimate, alpha 1 once it passes W_max
        let alpha = if self.rfc_w_est >= self.rfc_w_max { 1.0 } else { 3.0 * (1.0 - RFC_BETA) / (1.0 + RFC_BETA) };
        self.rfc_w_est += alpha * acked / w.cwnd;
        if self.s.tcp_friendliness && w_cubic(t) < self.rfc_w_est {
            w.cwnd = w.cwnd.max(self.rfc_w_est);
        } else {
            w.cwnd += acked * (target - w.cwnd) / w.cwnd;
        }
    }

    /// cubictcp_recalc_ssthresh: the epoch ends; W_max (with fast convergence) and the
    /// new ssthresh.
    fn recalc_ssthresh(&mut self, cwnd: u32) -> u32 {
        self.epoch_start = 0;
        self.last_max_cwnd = if cwnd < self.last_max_cwnd && self.s.fast_convergence {
            cwnd * (BETA_SCALE + BETA) / (2 * BETA_SCALE)
        } else {
            cwnd
        };
        (cwnd * BETA / BETA_SCALE).max(2)
    }

    fn rfc_loss(&mut self, w: &mut Window) -> f64 {
        self.rfc_epoch_s = None;
        let cwnd = w.cwnd;
        self.rfc_w_max = if cwnd < self.rfc_w_max && self.s.fast_convergence {
            cwnd * (1.0 + RFC_BETA) / 2.0
        } else {
            cwnd
        };
        (cwnd * RFC_BETA).max(2.0)
    }

    /// hystart_update: one RTT sample in slow start.
    fn hystart_update(&mut self, w: &mut Window, s: &AckSample, delay_us: u32) {
        let snd_una = s.snd_una;
        if snd_una > self.end_seq {
            self.hystart_reset(s.now, s.snd_nxt);
        }
        let cwnd = w.cwnd as u32;
        if cwnd < HYSTART_LOW_WINDOW {
            return;
        }
        // the ACK train: ACKs closer than 2 ms since the round began, for longer than
        // half the minimum delay (plus a cushion for GSO at the pacing rate)
        let now_us = Self::us(s.now);
        if now_us.wrapping_sub(self.last_ack_us) as i32 <= HYSTART_ACK_DELTA_US as i32 {
            self.last_ack_us = now_us;
            // Linux's pacing rate in slow start: 2 x cwnd x mss / srtt
            let rate_bps = if s.srtt_s > 0.0 { 2.0 * cwnd as f64 * s.seg_bytes as f64 / s.srtt_s } else { 0.0 };
            let cushion = if rate_bps > 0.0 { (GSO_MAX_SIZE * 4.0 * 1e6 / rate_bps).min(1000.0) as u32 } else { 0 };
            // not paced: packets of a round may leave up to RTT/2 apart
            let threshold = (self.delay_min_us + cushion) >> 1;
            if now_us.wrapping_sub(self.round_start_us) as i32 > threshold as i32 {
                self.found = true;
                self.hystart_exit = Some((cwnd, HystartExit::AckTrain));
                w.ssthresh = w.cwnd.floor();
            }
        }
        // the delay increase: the round's minimum over 8 samples against delay_min
        if self.curr_rtt_us > delay_us {
            self.curr_rtt_us = delay_us;
        }
        if self.sample_cnt < HYSTART_MIN_SAMPLES {
            self.sample_cnt += 1;
        } else {
            let thresh = (self.delay_min_us >> 3).clamp(HYSTART_DELAY_MIN_US, HYSTART_DELAY_MAX_US);
            if self.curr_rtt_us > self.delay_min_us + thresh {
                self.found = true;
                if self.hystart_exit.is_none() || w.ssthresh > w.cwnd.floor() {
                    self.hystart_exit = Some((cwnd, HystartExit::Delay));
                }
                w.ssthresh = w.cwnd.floor();
            }
        }
    }
}

impl CongestionControl for Cubic {
    fn name(&self) -> &'static str {
        "cubic"
    }

    fn needs_rate_samples(&self) -> bool {
        true
    }

    /// cubictcp_acked: the delay samples (delay_min, HyStart).
    fn on_rate_sample(&mut self, w: &mut Window, s: &AckSample) {
        self.cwnd_limited = s.cwnd_limited;
        if self.round_start_us == 0 && self.end_seq == 0 {
            self.hystart_reset(s.now, s.snd_nxt);
        }
        let Some(rtt_s) = s.rate.rtt_s else { return };
        if self.s.rfc9438 {
            if self.delay_min_us == 0 || whole_us(rtt_s) < self.delay_min_us as u64 {
                self.delay_min_us = (whole_us(rtt_s) as u32).max(1);
            }
            return;
        }
        // no delay samples in the first second of an epoch (right after a recovery)
        if self.epoch_start != 0 && (self.jiffies(s.now).wrapping_sub(self.epoch_start) as i32) < self.s.hz as i32 {
            return;
        }
        let delay = (whole_us(rtt_s) as u32).max(1);
        if self.delay_min_us == 0 || self.delay_min_us > delay {
            self.delay_min_us = delay;
        }
        if !self.found && w.cwnd < w.ssthresh && self.s.hystart {
            self.hystart_update(w, s, delay);
        }
    }

    /// cubictcp_cong_avoid: slow start, then the cubic (or friendly) growth.
    fn on_ack(&mut self, w: &mut Window, ev: &AckEvent) {
        if !self.cwnd_limited {
            return;
        }
        let mut acked = ev.acked_pkts.max(0) as u32;
        if self.s.rfc9438 {
            if w.cwnd < w.ssthresh {
                let grown = (w.cwnd + acked as f64).min(w.ssthresh.max(w.cwnd));
                acked -= (grown - w.cwnd).max(0.0).min(acked as f64) as u32;
                w.cwnd = grown;
                if acked == 0 {
                    return;
                }
            }
            let rtt = if self.delay_min_us > 0 { self.delay_min_us as f64 / 1e6 } else { ev.srtt_s };
            self.rfc_on_ack(w, crate::engine::to_secs(ev.now), rtt, acked as f64);
            return;
        }
        self.cwnd = w.cwnd as u32;
        if w.cwnd < w.ssthresh {
            // tcp_slow_start: up to ssthresh, the rest of the ACKed packets go on
            let ssthresh = if w.ssthresh >= u32::MAX as f64 { u32::MAX } else { w.ssthresh as u32 };
            let grown = self.cwnd.saturating_add(acked).min(ssthresh);
            acked -= grown - self.cwnd;
            self.cwnd = grown;
            w.cwnd = self.cwnd as f64;
            if acked == 0 {
                return;
            }
        }
        self.update(ev.now, self.cwnd, acked);
        self.cong_avoid_ai(self.cnt, acked);
        w.cwnd = self.cwnd as f64;
    }

    fn on_fast_retransmit(&mut self, w: &mut Window, _ev: &LossEvent) {
        if self.s.rfc9438 {
            w.ssthresh = self.rfc_loss(w);
        } else {
            let cwnd = w.cwnd as u32;
            w.ssthresh = self.recalc_ssthresh(cwnd) as f64;
        }
        // the window during recovery is then PRR's (the sender's, tcp/prr.rs); after it, ssthresh
        w.cwnd = w.ssthresh;
        self.cwnd = w.cwnd as u32;
        self.cwnd_cnt = 0;
    }

    /// tcp_enter_loss: ssthresh as after a loss, one packet, and cubictcp_state(Loss)
    /// forgets the epoch and W_max (bictcp_reset) and restarts HyStart.
    fn on_timeout(&mut self, w: &mut Window, ev: &LossEvent) {
        if self.s.rfc9438 {
            w.ssthresh = self.rfc_loss(w);
            self.rfc_w_max = 0.0;
        } else {
            let cwnd = w.cwnd as u32;
            w.ssthresh = self.recalc_ssthresh(cwnd) as f64;
            self.reset();
        }
        self.found = false;
        self.round_start_us = 0;
        self.end_seq = 0;
        let _ = ev;
        w.cwnd = 1.0;
        self.cwnd = 1;
        self.cwnd_cnt = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::from_secs;
    use crate::tcp::rate::RateSample;

    /// cbrt by floating point, for comparison.
    fn cbrt(a: u64) -> f64 {
        (a as f64).cbrt()
    }

    #[test]
    fn the_cube_root_matches_linux_values_and_stays_within_a_percent() {
        // values Linux's cubic_root returns (the table alone below 64)
        assert_eq!(cubic_root(0), 0);
        assert_eq!(cubic_root(1), 1); // (54 + 35) >> 6
        assert_eq!(cubic_root(8), 2); // (123 + 35) >> 6
        assert_eq!(cubic_root(27), 3);
        assert_eq!(cubic_root(63), 4); // (254 + 35) >> 6
        // above the table: one Newton step from it, as Linux computes (cbrt(100) = 5)
        assert_eq!(cubic_root(100), 5);
        assert_eq!(cubic_root(1000), 10);
        assert_eq!(cubic_root(1_000_000), 100);
        assert_eq!(cubic_root(1 << 30), 1024);
        // where CUBIC uses it (a = cube_factor x (W_max - cwnd) >= 2.7e9), within 1 %
        for a in (1u64 << 20..1 << 50).step_by(1 << 37).chain([12_345_678, 999_999_999, 2_681_735_677]) {
            let got = cubic_root(a) as f64;
            let want = cbrt(a);
            assert!((got - want).abs() / want < 0.01, "cbrt({a}) = {got}, want {want}");
        }
    }

    #[test]
    fn k_after_a_loss_is_the_time_to_regain_w_max() {
        // W_max 100 packets, cwnd 70 after the loss: K = cbrt((100 - 70) / 0.4) s, with
        // Linux's C = 41 / 1024 x 10 = 0.4004 and its table-and-Newton cube root
        let mut c = Cubic::default();
        c.last_max_cwnd = 100;
        c.update(from_secs(1.0), 70, 1);
        let want = (30.0f64 / (41.0 * 10.0 / 1024.0)).cbrt();
        assert!((c.k_s() - want).abs() / want < 0.01, "K {} want {want}", c.k_s());
        assert_eq!(c.bic_origin_point, 100);
    }

    #[test]
    fn a_loss_keeps_717_of_1024_and_fast_convergence_lowers_w_max() {
        let mut c = Cubic::default();
        let mut w = Window { cwnd: 100.0, ssthresh: 1e9 };
        let ev = LossEvent::standard(0, 100.0, 0.1, 1000);
        c.on_fast_retransmit(&mut w, &ev);
        assert_eq!(w.ssthresh, 70.0); // 100 x 717 / 1024 = 70.02
        assert_eq!(w.cwnd, 70.0);
        assert_eq!(c.w_max(), 100.0);
        // a second loss below W_max: W_max = cwnd (1 + beta) / 2
        w.cwnd = 80.0;
        c.on_fast_retransmit(&mut w, &ev);
        assert_eq!(c.w_max(), (80 * (1024 + 717) / 2048) as f64); // 68
        assert_eq!(w.ssthresh, 56.0);
        // without fast convergence W_max is the window at the loss
        let mut c = Cubic::with_settings(&CubicSettings { fast_convergence: false, ..Default::default() });
        c.last_max_cwnd = 100;
        let mut w = Window { cwnd: 80.0, ssthresh: 1e9 };
        c.on_fast_retransmit(&mut w, &ev);
        assert_eq!(c.w_max(), 80.0);
    }

    fn ack(now: Time, acked: i64) -> AckEvent {
        AckEvent { now, acked_pkts: acked, rtt_sample_s: None, srtt_s: 0.1, rwnd_pkts: 100_000, limited_ss_pkts: 0, aimd_increase: 1.0 }
    }

    /// A window driven by one ACK per packet, `rtt` apart per window, for `secs`.
    fn grow(c: &mut Cubic, w: &mut Window, from_s: f64, secs: f64, rtt: f64) -> Vec<(f64, f64)> {
        let mut t = from_s;
        let mut out = Vec::new();
        while t < from_s + secs {
            let n = w.cwnd as u32;
            for k in 0..n {
                let now = from_secs(t + rtt * k as f64 / n as f64);
                c.on_ack(w, &ack(now, 1));
            }
            t += rtt;
            out.push((t, w.cwnd));
        }
        out
    }

    #[test]
    fn the_window_regains_w_max_after_k_and_grows_beyond_it() {
        let mut c = Cubic::with_settings(&CubicSettings { tcp_friendliness: false, ..Default::default() });
        c.delay_min_us = 100_000;
        let mut w = Window { cwnd: 1000.0, ssthresh: 1e9 };
        let ev = LossEvent::standard(0, 1000.0, 0.1, 1000);
        c.on_fast_retransmit(&mut w, &ev);
        assert_eq!(w.cwnd, 700.0);
        let path = grow(&mut c, &mut w, 0.0, 20.0, 0.1);
        let k = c.k_s(); // cbrt(300 / 0.4) = 9.09 s
        assert!((k - 9.09).abs() < 0.1, "K {k}");
        // W(t) = C (t - K)^3 + W_max, t counted from the epoch plus delay_min
        for &(t, cwnd) in &path {
            let want = 0.4004 * (t + 0.1 - k).powi(3) + 1000.0;
            if t > 1.0 {
                assert!((cwnd - want).abs() < 0.02 * want + 3.0, "t {t}: cwnd {cwnd} want {want}");
            }
        }
        // the plateau: within a few packets of W_max around K
        let near: Vec<f64> = path.iter().filter(|(t, _)| (t - k).abs() < 1.0).map(|p| p.1).collect();
        assert!(near.iter().all(|c| (c - 1000.0).abs() < 5.0), "{near:?}");
    }

    #[test]
    fn the_friendly_region_grows_as_reno_would_where_cubic_is_slower() {
        // short RTT, small window: the cubic curve is flatter than an AIMD flow with
        // beta 0.7 (3 (1 - beta) / (1 + beta) ~ 0.53 packet per RTT)
        let mut c = Cubic::default();
        c.delay_min_us = 1000;
        let mut w = Window { cwnd: 20.0, ssthresh: 1e9 };
        let ev = LossEvent::standard(0, 20.0, 0.001, 1000);
        c.on_fast_retransmit(&mut w, &ev); // 14
        let path = grow(&mut c, &mut w, 0.0, 0.2, 0.001); // 200 RTTs
        let gained = path.last().unwrap().1 - 14.0;
        // cubic alone over 0.2 s gains about C t^3 < 1 packet beyond its curve; the
        // friendly region's beta_scale gives ~ 0.53 packets per RTT
        assert!(gained > 40.0, "gained {gained} packets over 200 RTTs");
        let mut c = Cubic::with_settings(&CubicSettings { tcp_friendliness: false, ..Default::default() });
        c.delay_min_us = 1000;
        let mut w = Window { cwnd: 20.0, ssthresh: 1e9 };
        c.on_fast_retransmit(&mut w, &ev);
        let path = grow(&mut c, &mut w, 0.0, 0.2, 0.001);
        assert!(path.last().unwrap().1 - 14.0 < gained / 2.0);
    }

    #[test]
    fn no_growth_when_the_advertised_window_holds_the_sender() {
        let mut c = Cubic::default();
        let mut w = Window { cwnd: 50.0, ssthresh: 1e9 };
        c.cwnd_limited = false;
        c.on_ack(&mut w, &ack(from_secs(1.0), 5));
        assert_eq!(w.cwnd, 50.0);
        c.cwnd_limited = true;
        c.on_ack(&mut w, &ack(from_secs(1.0), 5));
        assert_eq!(w.cwnd, 55.0);
    }

    fn sample(now_s: f64, rtt_s: f64, una: i64, nxt: i64) -> AckSample {
        AckSample {
            now: from_secs(now_s),
            rate: RateSample { rtt_s: Some(rtt_s), ..Default::default() },
            in_flight: 0,
            cwnd_limited: true,
            in_recovery: false,
            srtt_s: rtt_s,
            seg_bytes: 1448,
            rwnd_pkts: 100_000,
            snd_una: una,
            snd_nxt: nxt,
        }
    }

    #[test]
    fn hystart_leaves_slow_start_when_the_delay_grows() {
        let mut c = Cubic::default();
        let mut w = Window { cwnd: 32.0, ssthresh: 1e9 };
        // a round of 32 ACKs spread over 30 ms (no train), RTT 100 ms
        c.on_rate_sample(&mut w, &sample(1.0, 0.100, 1, 33));
        for k in 0..10 {
            c.on_rate_sample(&mut w, &sample(1.003 * (k + 1) as f64, 0.100, 2 + k, 33));
        }
        assert!(!c.found);
        // the next round: RTTs 100 + 13 ms, above delay_min + max(4 ms, 100 / 8 ms)
        let t0 = 1.2;
        for k in 0..10 {
            c.on_rate_sample(&mut w, &sample(t0 + 0.003 * k as f64, 0.113, 40 + k, 70));
        }
        assert!(c.found);
        assert_eq!(c.hystart_exit, Some((32, HystartExit::Delay)));
        assert_eq!(w.ssthresh, 32.0);
        // 12 ms more is under the threshold (12.5 ms)
        let mut c = Cubic::default();
        let mut w = Window { cwnd: 32.0, ssthresh: 1e9 };
        c.on_rate_sample(&mut w, &sample(1.0, 0.100, 1, 33));
        for k in 0..20 {
            c.on_rate_sample(&mut w, &sample(1.2 + 0.003 * k as f64, 0.112, 40 + k, 70));
        }
        assert!(!c.found);
    }

    #[test]
    fn hystart_leaves_slow_start_on_a_long_ack_train_and_not_below_16_packets() {
        // ACKs 1 ms apart from the round's start for more than delay_min / 2 (+ cushion)
        let mut c = Cubic::with_settings(&CubicSettings::default());
        let mut w = Window { cwnd: 64.0, ssthresh: 1e9 };
        c.on_rate_sample(&mut w, &sample(1.0, 0.040, 1, 65));
        let mut t = 1.0;
        let mut k = 0;
        while !c.found && k < 64 {
            t += 0.001;
            k += 1;
            c.on_rate_sample(&mut w, &sample(t, 0.040, 1 + k, 65));
        }
        assert_eq!(c.hystart_exit.map(|e| e.1), Some(HystartExit::AckTrain));
        // threshold (40 ms + 1 ms cushion) / 2 = 20.5 ms: found on the 21st ms
        assert_eq!(k, 21, "found after {k} ms");
        // below the low window nothing triggers
        let mut c = Cubic::default();
        let mut w = Window { cwnd: 15.0, ssthresh: 1e9 };
        c.on_rate_sample(&mut w, &sample(1.0, 0.040, 1, 16));
        for k in 1..40 {
            c.on_rate_sample(&mut w, &sample(1.0 + 0.001 * k as f64, 0.080, 1 + k, 16));
        }
        assert!(!c.found);
        // switched off, nothing triggers either
        let mut c = Cubic::with_settings(&CubicSettings { hystart: false, ..Default::default() });
        let mut w = Window { cwnd: 64.0, ssthresh: 1e9 };
        for k in 0..64 {
            c.on_rate_sample(&mut w, &sample(1.0 + 0.001 * k as f64, 0.040 + 0.001 * k as f64, 1 + k, 65));
        }
        assert!(!c.found && w.ssthresh == 1e9);
    }

    #[test]
    fn rfc9438_reading_follows_the_same_curve() {
        let mut c = Cubic::with_settings(&CubicSettings { rfc9438: true, tcp_friendliness: false, ..Default::default() });
        c.delay_min_us = 100_000;
        let mut w = Window { cwnd: 1000.0, ssthresh: 1e9 };
        let ev = LossEvent::standard(0, 1000.0, 0.1, 1000);
        c.on_fast_retransmit(&mut w, &ev);
        assert_eq!(w.cwnd, 700.0);
        let path = grow(&mut c, &mut w, 0.0, 15.0, 0.1);
        let k = c.k_s();
        assert!((k - (300.0f64 / 0.4).cbrt()).abs() < 1e-9);
        for &(t, cwnd) in &path[10..] {
            let want = 0.4 * (t + 0.1 - k).powi(3) + 1000.0;
            assert!((cwnd - want).abs() < 0.02 * want + 3.0, "t {t}: cwnd {cwnd} want {want}");
        }
    }

    #[test]
    fn a_timeout_forgets_w_max_and_restarts_from_one() {
        let mut c = Cubic::default();
        let mut w = Window { cwnd: 100.0, ssthresh: 1e9 };
        let ev = LossEvent::standard(0, 100.0, 0.1, 1000);
        c.on_timeout(&mut w, &ev);
        assert_eq!((w.cwnd, w.ssthresh), (1.0, 70.0));
        assert_eq!(c.w_max(), 0.0);
    }
}
