//! Congestion controllers: how the window opens on ACKs and closes on loss signals.
//!
//! The sender owns loss detection and recovery (dupACK counting, fast retransmit,
//! partial ACKs, the retransmission timer) and calls the controller at three points.
//! A controller sees only the window and the facts of the event; it never touches
//! the event queue or the packets.

pub mod estimators;
pub mod fusion;
pub mod reno;
pub mod star;
pub mod westwood;

pub use fusion::Fusion;
pub use reno::Reno;
pub use star::Star;
pub use westwood::Westwood;

use crate::engine::Time;

/// The two window variables a controller owns (packets).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Window {
    pub cwnd: f64,
    pub ssthresh: f64,
}

/// A new cumulative ACK arrived outside fast recovery.
#[derive(Clone, Copy, Debug)]
pub struct AckEvent {
    pub now: Time,
    /// Packets newly acknowledged by this ACK.
    pub acked_pkts: i64,
    /// Exact RTT of the timed segment, if this ACK completed a measurement.
    pub rtt_sample_s: Option<f64>,
    /// The sender's smoothed RTT (tick-clock estimate), seconds.
    pub srtt_s: f64,
    /// Advertised window carried by the ACK (packets).
    pub rwnd_pkts: u32,
}

/// Loss inferred from duplicate ACKs, or a retransmission timeout.
#[derive(Clone, Copy, Debug)]
pub struct LossEvent {
    pub now: Time,
    /// The usable window when the loss was detected, unrounded, as ns-2's windowd():
    /// min(cwnd + dupACK inflation, advertised window). ns-2 2.35 halves this one
    /// (a window of 29.6 becomes 14.8), not the integer window() it sends by.
    pub window_pkts: f64,
    pub srtt_s: f64,
    /// Data bytes per segment.
    pub seg_bytes: u32,
}

/// Every ACK the sender receives (new, duplicate or partial), for estimators.
#[derive(Clone, Copy, Debug)]
pub struct AckObservation {
    pub now: Time,
    /// Segments newly acknowledged (0 for a duplicate).
    pub newly_acked: i64,
    pub dup: bool,
    pub rtt_sample_s: Option<f64>,
    pub seg_bytes: u32,
}

pub trait CongestionControl: Send {
    fn name(&self) -> &'static str;
    /// Every ACK, before the sender's recovery logic handles it (default: ignore).
    fn observe_ack(&mut self, _obs: &AckObservation) {}
    /// Open the window for a new cumulative ACK (not during fast recovery).
    fn on_ack(&mut self, w: &mut Window, ev: &AckEvent);
    /// Third duplicate ACK: set ssthresh and cwnd for fast recovery.
    fn on_fast_retransmit(&mut self, w: &mut Window, ev: &LossEvent);
    /// Retransmission timeout: set ssthresh and cwnd for slow start.
    fn on_timeout(&mut self, w: &mut Window, ev: &LossEvent);
    /// A D-SACK showed the segment a timeout resent had arrived before (SACK flows
    /// only); `before` is the window the timeout replaced. Return true if the
    /// controller undid the timeout's reduction (default: keep it, as Reno does).
    fn on_spurious_timeout(&mut self, _w: &mut Window, _before: Window) -> bool {
        false
    }
}

/// The loss recovery a scheme runs on: ns-2's Agent/TCP/Reno for "reno", NewReno
/// (RFC 6582) for every other scheme.
pub fn recovery_for(name: &str) -> crate::tcp::Recovery {
    if name == "reno" {
        crate::tcp::Recovery::Reno
    } else {
        crate::tcp::Recovery::Newreno
    }
}

/// The loss classification a scheme uses.
pub fn loss_policy_for(name: &str) -> crate::tcp::LossPolicy {
    match name {
        "refwa-plus" => crate::tcp::LossPolicy::RefwaPlus,
        "trefwa-plus" => crate::tcp::LossPolicy::TrefwaPlus,
        _ => crate::tcp::LossPolicy::Congestion,
    }
}

/// Whether a scheme's senders write T-REFWA's RTT code into the TOS byte.
pub fn writes_rtt_code(name: &str) -> bool {
    matches!(name, "trefwa" | "trefwa-plus")
}

/// Build a controller by its scenario name, with the settings of `cfg` it reads (the ABE
/// filter, TCP-Fusion's alpha).
pub fn by_name(name: &str, cfg: &crate::tcp::TcpConfig) -> Option<Box<dyn CongestionControl>> {
    let abe = cfg.abe_filter;
    let alpha = fusion::AlphaRule::of(cfg);
    let fusion = |cws, lwc| {
        Some(Box::new(Fusion::new(cws, lwc, alpha, fusion::D_MIN_S).with_abe(abe)) as Box<dyn CongestionControl>)
    };
    match name {
        "reno" | "newreno" | "refwa-plus" | "trefwa" | "trefwa-plus" => Some(Box::new(Reno)),
        "westwood" => Some(Box::new(Westwood::default())),
        "fusion" => fusion(false, false),
        "fusion-cws" => fusion(true, false),
        "fusion-lwc" => fusion(false, true),
        "fusion-star" => fusion(true, true),
        "star" => Some(Box::new(Star::with_abe(abe))),
        _ => None,
    }
}
