//! Loss classification: is a loss congestion, or a link error the window should not
//! pay for? Standard TCP answers "congestion" every time ([`congestion`]); REFWA Plus
//! ([`refwa_plus`], seed 001) and T-REFWA Plus ([`trefwa_plus`], seed 004) compare the
//! router feedback that ACKs carry in their advertised window.
//!
//! The sender owns loss detection and recovery; at each loss it asks its classifier
//! for a [`Verdict`] and applies it in one place: congestion goes to the congestion
//! controller (`tcp/congestion/`), a link error sets the window the verdict names.
//! A classifier sees only the facts the sender passes in; it never touches the
//! window, the packets or the event queue.

pub mod congestion;
pub mod refwa_plus;
pub mod trefwa_plus;

pub use congestion::CongestionOnly;
pub use refwa_plus::{RefwaPlus, RefwaPlusSettings};
pub use trefwa_plus::{TrefwaPlus, TrefwaPlusSettings};

use super::congestion::Window;
use crate::engine::Time;
use crate::settings::{Group, SchemeSettings};

/// What a loss was.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// Congestion: the congestion controller responds (and, after a timeout, the
    /// retransmission timer backs off unless `back_off` is false).
    Congestion { back_off: bool },
    /// A link error, counted as one: keep sending with this window.
    LinkError(Window),
    /// A timeout that follows a loss already judged a link error (not counted
    /// again): resume with this window, the timer not backed off.
    AfterLinkError(Window),
}

/// The facts of a loss, as the sender sees them when it detects one.
#[derive(Clone, Copy, Debug)]
pub struct LossFacts {
    pub now: Time,
    /// Router feedback: the advertised window of the ACK that signalled the loss
    /// (for a timeout, of the latest ACK), packets.
    pub feedback: f64,
    /// The sender's smoothed RTT, seconds.
    pub srtt_s: f64,
}

pub trait LossClassifier: Send {
    fn name(&self) -> &'static str;
    /// Every ACK taken by the cumulative (Reno/NewReno) recovery, before it acts,
    /// with the feedback it carries.
    fn observe_ack(&mut self, _now: Time, _feedback: u32) {}
    /// A new ACK outside fast recovery (NewReno): its feedback is the "normal" one.
    fn on_normal_ack(&mut self, _feedback: u32) {}
    /// The third duplicate ACK.
    fn on_dupack_loss(&mut self, facts: &LossFacts) -> Verdict;
    /// A partial ACK during NewReno recovery (default: the recovery goes on).
    fn on_partial_ack(&mut self, _facts: &LossFacts) -> Verdict {
        Verdict::Congestion { back_off: true }
    }
    /// The retransmission timer fired with data outstanding.
    fn on_timeout(&mut self, facts: &LossFacts) -> Verdict;
}

/// The window a sender resumes with after a timeout judged a link error: the latest
/// feedback, at least one packet, and ssthresh at least two.
pub(crate) fn resume_at_feedback(feedback: f64) -> Window {
    Window { cwnd: feedback.max(1.0), ssthresh: feedback.max(2.0) }
}

/// The window a sender keeps after an ACK-signalled link error: the feedback.
pub(crate) fn at_feedback(feedback: f64) -> Window {
    Window { cwnd: feedback, ssthresh: feedback }
}

/// Which classifier a scheme's senders use (a controller's registry row names it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LossPolicy {
    /// Every loss is congestion (standard TCP).
    #[default]
    Congestion,
    /// REFWA Plus (seed 001): compare the router feedback carried by ACKs.
    RefwaPlus,
    /// T-REFWA Plus (seed 004): congestion if the feedback fell shortly before.
    TrefwaPlus,
}

impl LossPolicy {
    /// The settings groups its classifier reads.
    pub const fn groups(self) -> &'static [Group] {
        const REFWA_PLUS: &[Group] = &[Group::of::<RefwaPlusSettings>()];
        const TREFWA_PLUS: &[Group] = &[Group::of::<TrefwaPlusSettings>()];
        match self {
            LossPolicy::Congestion => &[],
            LossPolicy::RefwaPlus => REFWA_PLUS,
            LossPolicy::TrefwaPlus => TREFWA_PLUS,
        }
    }
}

/// Build the classifier `policy` names, with its settings from `s`.
pub fn build(policy: LossPolicy, s: &SchemeSettings) -> Box<dyn LossClassifier> {
    match policy {
        LossPolicy::Congestion => Box::new(CongestionOnly),
        LossPolicy::RefwaPlus => Box::new(RefwaPlus::new(s.get())),
        LossPolicy::TrefwaPlus => Box::new(TrefwaPlus::new(s.get())),
    }
}
