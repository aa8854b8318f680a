//! Standard TCP: every loss is congestion.

use super::{LossClassifier, LossFacts, Verdict};

/// Every loss is congestion; a timeout backs the timer off.
#[derive(Clone, Copy, Debug, Default)]
pub struct CongestionOnly;

impl LossClassifier for CongestionOnly {
    fn name(&self) -> &'static str {
        "congestion"
    }
    fn on_dupack_loss(&mut self, _facts: &LossFacts) -> Verdict {
        Verdict::Congestion { back_off: true }
    }
    fn on_timeout(&mut self, _facts: &LossFacts) -> Verdict {
        Verdict::Congestion { back_off: true }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_loss_is_congestion() {
        let mut c = CongestionOnly;
        let f = LossFacts { now: 0, feedback: 5.0, srtt_s: 0.1 };
        assert_eq!(c.on_dupack_loss(&f), Verdict::Congestion { back_off: true });
        assert_eq!(c.on_partial_ack(&f), Verdict::Congestion { back_off: true });
        assert_eq!(c.on_timeout(&f), Verdict::Congestion { back_off: true });
    }
}
