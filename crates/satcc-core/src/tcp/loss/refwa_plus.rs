//! REFWA Plus (seed 001: Taleb, Kato, Nemoto): a loss is a link error when the router
//! feedback has not fallen. Congestion makes REFWA's routers lower a flow's feedback
//! before its packets are dropped, so if the feedback of the last normal ACK is not
//! above the feedback of the ACK signalling the loss, the loss came from the link.
//!
//! Eq. 1: link error iff phi_normal <= phi; eq. 3 adds a tolerance a:
//! phi_normal <= (1 + a) phi. After a link error the sender keeps transmitting "at
//! congestion windows equal to the feedback"; a timeout that follows it resumes at the
//! latest feedback with the timer not backed off.

use super::{at_feedback, resume_at_feedback, LossClassifier, LossFacts, Verdict};
use crate::settings::SettingsGroup;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// REFWA Plus's one constant, as a scenario's `tcp` table names it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct RefwaPlusSettings {
    /// Tolerance a of eq. 3 (0 is eq. 1, the paper's runs).
    #[serde(rename = "refwa_plus_tolerance")]
    #[schemars(range(min = 0, max = 10))]
    pub tolerance: f64,
}

impl SettingsGroup for RefwaPlusSettings {}

impl Default for RefwaPlusSettings {
    fn default() -> Self {
        RefwaPlusSettings { tolerance: 0.0 }
    }
}

#[derive(Clone, Debug, Default)]
pub struct RefwaPlus {
    pub settings: RefwaPlusSettings,
    /// The feedback of the last normal ACK (phi_normal).
    phi_normal: Option<u32>,
    /// Whether the last loss was judged a link error.
    last_was_link_error: bool,
}

impl RefwaPlus {
    pub fn new(settings: RefwaPlusSettings) -> Self {
        RefwaPlus { settings, ..Default::default() }
    }

    /// Eqs. 1 and 3 for a loss signalled by an ACK carrying feedback `phi`.
    fn is_link_error(&self, phi: f64) -> bool {
        self.phi_normal.is_some_and(|pn| pn as f64 <= (1.0 + self.settings.tolerance) * phi)
    }
}

impl LossClassifier for RefwaPlus {
    fn name(&self) -> &'static str {
        "refwa-plus"
    }
    fn on_normal_ack(&mut self, feedback: u32) {
        self.phi_normal = Some(feedback);
    }
    fn on_dupack_loss(&mut self, facts: &LossFacts) -> Verdict {
        self.last_was_link_error = self.is_link_error(facts.feedback);
        if self.last_was_link_error {
            Verdict::LinkError(at_feedback(facts.feedback))
        } else {
            Verdict::Congestion { back_off: true }
        }
    }
    fn on_partial_ack(&mut self, facts: &LossFacts) -> Verdict {
        if self.is_link_error(facts.feedback) {
            self.last_was_link_error = true;
            Verdict::LinkError(at_feedback(facts.feedback))
        } else {
            Verdict::Congestion { back_off: true }
        }
    }
    fn on_timeout(&mut self, facts: &LossFacts) -> Verdict {
        if self.last_was_link_error {
            Verdict::AfterLinkError(resume_at_feedback(facts.feedback))
        } else {
            Verdict::Congestion { back_off: true }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tcp::congestion::Window;

    fn facts(feedback: f64) -> LossFacts {
        LossFacts { now: 0, feedback, srtt_s: 0.1 }
    }

    #[test]
    fn no_normal_ack_yet_means_congestion() {
        let mut c = RefwaPlus::default();
        assert_eq!(c.on_dupack_loss(&facts(10.0)), Verdict::Congestion { back_off: true });
    }

    #[test]
    fn equation_1_unchanged_feedback_is_a_link_error() {
        let mut c = RefwaPlus::default();
        c.on_normal_ack(10);
        assert_eq!(c.on_dupack_loss(&facts(10.0)), Verdict::LinkError(Window { cwnd: 10.0, ssthresh: 10.0 }));
        c.on_normal_ack(10);
        assert_eq!(c.on_dupack_loss(&facts(9.0)), Verdict::Congestion { back_off: true }, "feedback fell");
    }

    #[test]
    fn equation_3_tolerance() {
        let mut c = RefwaPlus::new(RefwaPlusSettings { tolerance: 0.25 });
        c.on_normal_ack(10);
        assert!(matches!(c.on_dupack_loss(&facts(8.0)), Verdict::LinkError(_)), "10 <= 1.25 x 8");
        assert_eq!(c.on_dupack_loss(&facts(7.0)), Verdict::Congestion { back_off: true }, "10 > 1.25 x 7");
    }

    #[test]
    fn a_timeout_after_a_link_error_resumes_at_the_feedback_without_backoff() {
        let mut c = RefwaPlus::default();
        c.on_normal_ack(10);
        c.on_dupack_loss(&facts(10.0));
        assert_eq!(c.on_timeout(&facts(0.5)), Verdict::AfterLinkError(Window { cwnd: 1.0, ssthresh: 2.0 }));
        c.on_normal_ack(10);
        c.on_dupack_loss(&facts(5.0));
        assert_eq!(c.on_timeout(&facts(5.0)), Verdict::Congestion { back_off: true });
    }

    #[test]
    fn a_partial_ack_judged_congestion_keeps_the_last_verdict() {
        let mut c = RefwaPlus::default();
        c.on_normal_ack(10);
        c.on_dupack_loss(&facts(10.0));
        assert_eq!(c.on_partial_ack(&facts(4.0)), Verdict::Congestion { back_off: true });
        assert!(matches!(c.on_timeout(&facts(4.0)), Verdict::AfterLinkError(_)));
    }
}
