//! T-REFWA Plus (seed 004): a loss is congestion if the router feedback fell sharply
//! shortly before it. Each ACK's feedback W_c is compared with the previous one W_p;
//! when W_c < r W_p the time t_d is noted. A loss detected at t is congestion if
//! t - t_d <= k RTT, otherwise a link error, and the sender keeps the feedback window.
//! A timeout is a link error only if ACKs kept arriving since the previous timeout
//! (t_a) and the feedback did not fall; the timer's backoff is frozen in every case.

use super::{at_feedback, resume_at_feedback, LossClassifier, LossFacts, Verdict};
use crate::engine::{from_secs, Time};
use crate::settings::SettingsGroup;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// T-REFWA Plus's two constants (seed 004: r = 0.9, k = 3), as a scenario's `tcp`
/// table names them.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct TrefwaPlusSettings {
    /// Threshold on W_c / W_p below which the feedback counts as fallen.
    #[serde(rename = "trefwa_plus_r")]
    #[schemars(range(min = 0, max = 1))]
    pub r: f64,
    /// How long a fall counts, in RTTs.
    #[serde(rename = "trefwa_plus_k")]
    #[schemars(range(min = 0, max = 100))]
    pub k: f64,
}

impl SettingsGroup for TrefwaPlusSettings {}

impl Default for TrefwaPlusSettings {
    fn default() -> Self {
        TrefwaPlusSettings { r: 0.9, k: 3.0 }
    }
}

#[derive(Clone, Debug, Default)]
pub struct TrefwaPlus {
    pub settings: TrefwaPlusSettings,
    /// The previous ACK's feedback W_p.
    w_prev: Option<u32>,
    /// The last time the feedback fell below r W_p (t_d).
    t_d: Option<Time>,
    /// Whether an ACK arrived since the last timeout (t_a).
    ack_since_timeout: bool,
}

impl TrefwaPlus {
    pub fn new(settings: TrefwaPlusSettings) -> Self {
        TrefwaPlus { settings, ..Default::default() }
    }

    /// No fall of the feedback within k RTTs before `now`.
    fn no_recent_fall(&self, now: Time, srtt_s: f64) -> bool {
        let window = from_secs(self.settings.k * srtt_s);
        !matches!(self.t_d, Some(td) if now.saturating_sub(td) <= window)
    }
}

impl LossClassifier for TrefwaPlus {
    fn name(&self) -> &'static str {
        "trefwa-plus"
    }
    fn observe_ack(&mut self, now: Time, feedback: u32) {
        if let Some(wp) = self.w_prev {
            if (feedback as f64) < self.settings.r * wp as f64 {
                self.t_d = Some(now);
            }
        }
        self.w_prev = Some(feedback);
        self.ack_since_timeout = true;
    }
    fn on_dupack_loss(&mut self, facts: &LossFacts) -> Verdict {
        if self.no_recent_fall(facts.now, facts.srtt_s) {
            Verdict::LinkError(at_feedback(facts.feedback))
        } else {
            Verdict::Congestion { back_off: true }
        }
    }
    fn on_timeout(&mut self, facts: &LossFacts) -> Verdict {
        let link_error = self.ack_since_timeout && self.no_recent_fall(facts.now, facts.srtt_s);
        self.ack_since_timeout = false;
        if link_error {
            Verdict::LinkError(resume_at_feedback(facts.feedback))
        } else {
            Verdict::Congestion { back_off: false }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::from_secs;

    fn at(now_s: f64, feedback: f64) -> LossFacts {
        LossFacts { now: from_secs(now_s), feedback, srtt_s: 0.1 }
    }

    #[test]
    fn a_loss_without_a_fall_is_a_link_error() {
        let mut c = TrefwaPlus::default();
        c.observe_ack(from_secs(1.0), 20);
        c.observe_ack(from_secs(1.1), 19); // 19 >= 0.9 x 20: no fall
        assert!(matches!(c.on_dupack_loss(&at(1.2, 19.0)), Verdict::LinkError(_)));
    }

    #[test]
    fn a_fall_within_k_rtts_makes_it_congestion() {
        let mut c = TrefwaPlus::default();
        c.observe_ack(from_secs(1.0), 20);
        c.observe_ack(from_secs(1.1), 17); // 17 < 18: a fall at 1.1 s
        assert_eq!(c.on_dupack_loss(&at(1.4, 17.0)), Verdict::Congestion { back_off: true }, "0.3 s = k RTT");
        assert!(matches!(c.on_dupack_loss(&at(1.41, 17.0)), Verdict::LinkError(_)), "beyond k RTT");
    }

    #[test]
    fn a_timeout_needs_acks_since_the_last_one_and_never_backs_off() {
        let mut c = TrefwaPlus::default();
        c.observe_ack(from_secs(1.0), 20);
        assert_eq!(c.on_timeout(&at(2.0, 20.0)), Verdict::LinkError(Window { cwnd: 20.0, ssthresh: 20.0 }));
        assert_eq!(c.on_timeout(&at(3.0, 20.0)), Verdict::Congestion { back_off: false }, "no ACK since");
    }

    use crate::tcp::congestion::Window;
}
