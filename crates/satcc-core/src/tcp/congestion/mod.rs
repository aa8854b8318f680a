//! Congestion controllers: how the window opens on ACKs and closes on loss signals.
//!
//! The sender owns loss detection and recovery (dupACK counting, fast retransmit,
//! partial ACKs, the retransmission timer) and calls the controller at three points.
//! A controller sees only the window and the facts of the event; it never touches
//! the event queue or the packets.

pub mod bbr;
pub mod cubic;
pub mod estimators;
pub mod fusion;
pub mod highspeed;
pub mod reno;
pub mod star;
pub mod tahoe;
pub mod vegas;
pub mod westwood;
pub mod window_option;

pub use bbr::Bbr;
pub use cubic::Cubic;
pub use fusion::Fusion;
pub use reno::Reno;
pub use tahoe::Tahoe;
pub use star::Star;
pub use vegas::Vegas;
pub use westwood::Westwood;

use crate::engine::Time;
use crate::net::rtt_code::RttCodeSettings;
use cubic::CubicSettings;
use estimators::AbeSettings;
use fusion::FusionSettings;
use crate::settings::{Group, SchemeSettings};
use crate::tcp::rate::RateSample;
use crate::tcp::{LossPolicy, Recovery};

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
    /// ns-2's max_ssthresh_ when its limited slow start applies to this ACK (no fast
    /// retransmit yet, or a timeout since), else 0 (`tcp.max_ssthresh_pkts`).
    pub limited_ss_pkts: u32,
    /// Segments congestion avoidance adds per RTT (`tcp.aimd_increase`, ns-2's
    /// increase_num_; 1 for standard TCP).
    pub aimd_increase: f64,
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
    /// ssthresh takes half the window (ns-2's slowdown() halfwin) rather than `kept`:
    /// for the connection's first cut, one in slow start and after a timeout. The
    /// sender sets it by ns-2's first_decrease_ rule (true for standard TCP).
    pub ssthresh_halves: bool,
    /// cwnd, where the cut sets it (a fast retransmit, an ECN echo), takes half the
    /// window rather than `kept`: for the first cut, one in slow start, and whenever
    /// decrease_num_ is 0.5.
    pub cwnd_halves: bool,
    /// ns-2's decreasewin: the window a cut that does not halve leaves, decrease_num_
    /// of the window (`tcp.aimd_decrease`; 0.5 for standard TCP), or HighSpeed TCP's
    /// window less its decrease (`tcp.window_increase` highspeed); whole packets with
    /// `whole_packets`.
    pub kept: f64,
    /// The least cwnd a halving leaves: 0 for ns-2's agents (slowdown() has no floor:
    /// a window of 1.6 halves to 0.8), one segment for satcc's RFC 6675 recovery.
    pub cwnd_floor: f64,
    /// Cut in whole packets, as ns-2's slowdown() with precisionReduce_ false does: the
    /// window is then the integer window() (`window_pkts` comes floored) and the cut
    /// cwnd its integer part too (`cwnd_cut`).
    pub whole_packets: bool,
}

impl LossEvent {
    /// ns-2's halfwin: half the window, whole packets with `whole_packets` (the window
    /// is then whole already).
    #[inline]
    pub fn halfwin(&self) -> f64 {
        let c = 0.5 * self.window_pkts;
        if self.whole_packets {
            c.floor()
        } else {
            c
        }
    }

    /// ssthresh after a cut, before the two-packet floor: the integer part of half the
    /// window or of `kept`.
    #[inline]
    pub fn ssthresh_cut(&self) -> f64 {
        if self.ssthresh_halves {
            (0.5 * self.window_pkts).floor()
        } else {
            self.kept.floor()
        }
    }

    /// cwnd after a cut that sets it (half the window or `kept`), before `cwnd_floor`.
    #[inline]
    pub fn cwnd_cut(&self) -> f64 {
        if self.cwnd_halves {
            self.halfwin()
        } else {
            self.kept
        }
    }

    /// A loss at `now` with the usable window `window_pkts`, cut as standard TCP cuts
    /// (ns-2's decrease_num_ 0.5, a one-segment floor): for controllers' tests.
    pub fn standard(now: Time, window_pkts: f64, srtt_s: f64, seg_bytes: u32) -> LossEvent {
        LossEvent {
            now,
            window_pkts,
            srtt_s,
            seg_bytes,
            ssthresh_halves: true,
            cwnd_halves: true,
            kept: 0.5 * window_pkts,
            cwnd_floor: 1.0,
            whole_packets: false,
        }
    }
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

/// What a controller that asks for rate samples (`needs_rate_samples`) learns of each
/// ACK: Linux's rate_sample and the sender's state around it (tcp/rate.rs).
#[derive(Clone, Copy, Debug, Default)]
pub struct AckSample {
    pub now: Time,
    pub rate: RateSample,
    /// Segments in flight after this ACK (RFC 6675's pipe for SACK flows).
    pub in_flight: u64,
    /// The last send opportunity ended against cwnd (not the advertised window, not
    /// the application): Linux's tcp_is_cwnd_limited, below which windows stop growing.
    pub cwnd_limited: bool,
    /// In fast recovery (or SACK recovery) after this ACK.
    pub in_recovery: bool,
    /// The sender's smoothed RTT, seconds, and the segment's data bytes.
    pub srtt_s: f64,
    pub seg_bytes: u32,
    /// Advertised window carried by the ACK (packets).
    pub rwnd_pkts: u32,
    /// The first unacknowledged segment and the next new one (Linux's snd_una, snd_nxt).
    pub snd_una: i64,
    pub snd_nxt: i64,
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
    /// Whether the window grows by ns-2's opencwnd (windowOption_ 1), so that ns-2's
    /// limited slow start (`AckEvent::limited_ss_pkts`) applies to it.
    fn ns2_opencwnd(&self) -> bool {
        false
    }
    /// Whether its sender keeps per-segment send records for rate samples and per-ACK
    /// RTTs (tcp/rate.rs); the loss-based controllers of the papers do not.
    fn needs_rate_samples(&self) -> bool {
        false
    }
    /// Every ACK of a sender keeping rate samples, before its loss recovery handles it
    /// and before `on_ack` (Linux's pkts_acked: CUBIC's HyStart).
    fn on_rate_sample(&mut self, _w: &mut Window, _s: &AckSample) {}
    /// Every ACK of a sender keeping rate samples, after its loss recovery (Linux's
    /// cong_control: BBR sets its window and pacing rate here).
    fn cong_control(&mut self, _w: &mut Window, _s: &AckSample) {}
    /// Whether `cong_control` owns the window (Linux's ca_ops->cong_control, BBR): the
    /// sender then transmits for an ACK only after it ran, as Linux's tcp_ack does
    /// before tcp_xmit_recovery and tcp_data_snd_check, so the window it sets (packet
    /// conservation in recovery) bounds what this ACK sends.
    fn owns_window(&self) -> bool {
        false
    }
    /// The rate the sender paces its segments at, segments per second (None: no pacing).
    fn pacing_rate_pps(&self) -> Option<f64> {
        None
    }
    /// The controller's own minimum RTT, seconds, if it keeps one (BBR's min-RTT filter,
    /// what Linux's TCP_CC_INFO reads as bbr_min_rtt); None otherwise.
    fn min_rtt_s(&self) -> Option<f64> {
        None
    }
    /// Segments a paced sender sends back to back per pacing slot (Linux's TSO/GSO
    /// burst, tcp_tso_autosize with the controller's min_tso_segs); 1 unless the
    /// controller says otherwise.
    fn tso_segs(&self) -> u32 {
        1
    }
    /// After `cong_control`: whether the sender should mark its rate samples
    /// application-limited (BBR's PROBE_RTT ignores its own low-rate samples).
    fn marks_app_limited(&mut self) -> bool {
        false
    }
    /// The flow's own random stream, for controllers that draw (BBR's gain-cycle phase).
    fn set_seed(&mut self, _seed: u64) {}
}

// ------------------------------------------------------------------ the registry

/// What a flow's `cc` name stands for: its controller and the sender machinery around
/// it. Every place that needs to know a scheme (validation, the simulation's build,
/// the Python schema and topology builders, the docs' list) asks [`CONTROLLERS`].
#[derive(Clone, Copy)]
pub struct Controller {
    pub name: &'static str,
    /// One line for the docs and `satcc schemes`.
    pub about: &'static str,
    pub build: fn(&SchemeSettings) -> Box<dyn CongestionControl>,
    /// The loss recovery it runs on (SACK flows take RFC 6675's whatever this says).
    pub recovery: Recovery,
    /// How its senders classify losses (tcp/loss/).
    pub loss: LossPolicy,
    /// Its senders write T-REFWA's RTT code into the TOS byte (net/rtt_code.rs).
    pub writes_rtt_code: bool,
    /// The router scheme its senders are designed to run under (feedback/), if any.
    pub router: Option<&'static str>,
    /// The settings groups its `build` reads (crate::settings); its loss classifier's
    /// and the RTT code's follow from `loss` and `writes_rtt_code`.
    pub settings: &'static [Group],
    /// The ns-2 2.35 agent of the same algorithm, if `satcc ns2` can export it.
    pub ns2_agent: Option<&'static str>,
    /// Its senders may run ECN (`tcp.ecn`): ns-2's agents whose response to an ECN-Echo
    /// is TcpAgent::ecn's halving (tcp/sender.rs, `ecn_response`), Sack1 included
    /// (`tcp.sack_agent: sack1`).
    pub ecn: bool,
}

impl Controller {
    /// A controller on NewReno recovery, standard loss classification, no RTT code.
    pub const fn new(name: &'static str, build: fn(&SchemeSettings) -> Box<dyn CongestionControl>, about: &'static str) -> Self {
        Controller {
            name,
            about,
            build,
            recovery: Recovery::Newreno,
            loss: LossPolicy::Congestion,
            writes_rtt_code: false,
            router: None,
            settings: &[],
            ns2_agent: None,
            ecn: false,
        }
    }
    pub const fn recovery(self, recovery: Recovery) -> Self {
        Controller { recovery, ..self }
    }
    pub const fn loss(self, loss: LossPolicy) -> Self {
        Controller { loss, ..self }
    }
    pub const fn writes_rtt_code(self) -> Self {
        Controller { writes_rtt_code: true, ..self }
    }
    pub const fn router(self, router: &'static str) -> Self {
        Controller { router: Some(router), ..self }
    }
    pub const fn settings(self, settings: &'static [Group]) -> Self {
        Controller { settings, ..self }
    }
    pub const fn ns2(self, agent: &'static str) -> Self {
        Controller { ns2_agent: Some(agent), ..self }
    }
    pub const fn ecn(self) -> Self {
        Controller { ecn: true, ..self }
    }

    /// Every settings group its senders read: its own, its loss classifier's and, if it
    /// writes one, the RTT code's.
    pub fn groups(&self) -> Vec<Group> {
        let mut out = self.settings.to_vec();
        out.extend_from_slice(self.loss.groups());
        if self.writes_rtt_code {
            out.push(Group::of::<RttCodeSettings>());
        }
        out
    }

    /// The `tcp` table keys its senders read beyond the transport's own.
    pub fn setting_keys(&self) -> Vec<String> {
        self.groups().iter().flat_map(|g| (g.keys)()).collect()
    }
}

const ABE: &[Group] = &[Group::of::<AbeSettings>()];
const CUBIC: &[Group] = &[Group::of::<CubicSettings>()];
const VEGAS: &[Group] = &[Group::of::<vegas::VegasSettings>()];
const FUSION: &[Group] = &[Group::of::<FusionSettings>()];
const FUSION_ABE: &[Group] = &[Group::of::<FusionSettings>(), Group::of::<AbeSettings>()];

/// The `cc` of a flow that names none: ns-2's and the papers' reference TCP.
pub const DEFAULT_CC: &str = "newreno";

/// Every congestion control a flow may name, one row each.
#[rustfmt::skip]
pub static CONTROLLERS: &[Controller] = &[
    Controller::new("newreno", |_| Box::new(Reno), "NewReno (RFC 6582) as ns-2 2.35's Agent/TCP/Newreno").ns2("Agent/TCP/Newreno").ecn(),
    Controller::new("reno", |_| Box::new(Reno), "Reno as ns-2 2.35's Agent/TCP/Reno").recovery(Recovery::Reno).ns2("Agent/TCP/Reno").ecn(),
    Controller::new("tahoe", |_| Box::new(Tahoe), "Tahoe as ns-2 2.35's Agent/TCP: go back N at one packet on the third duplicate ACK").recovery(Recovery::Tahoe).ns2("Agent/TCP").ecn(),
    Controller::new("vegas", |_| Box::new(Vegas), "TCP Vegas as ns-2 2.35's Agent/TCP/Vegas (vegas_alpha, _beta, _gamma; no SYN, no headers)").recovery(Recovery::Vegas).settings(VEGAS).ns2("Agent/TCP/Vegas"),
    Controller::new("westwood", |_| Box::new(Westwood::default()), "TCP WestwoodNR (Mascolo et al. 2001), bandwidth estimate sets ssthresh"),
    Controller::new("refwa-plus", |_| Box::new(Reno), "REFWA Plus senders (seed 001): NewReno that tells link errors from congestion by the feedback").loss(LossPolicy::RefwaPlus).router("refwa"),
    Controller::new("trefwa", |_| Box::new(Reno), "T-REFWA senders (seed 002): NewReno writing its RTT code into the TOS byte").writes_rtt_code().router("trefwa"),
    Controller::new("trefwa-plus", |_| Box::new(Reno), "T-REFWA Plus senders (seed 004): T-REFWA senders that tell link errors by a fall of the feedback").loss(LossPolicy::TrefwaPlus).writes_rtt_code().router("trefwa"),
    Controller::new("star", |s| Box::new(Star::with_abe(s.get::<AbeSettings>().filter)), "TCP-STAR (Obata et al.): CWS, LWC and AEN over NewReno").settings(ABE),
    Controller::new("fusion", |s| fusion(s, false, false), "TCP-Fusion (Kaneko and Katto): Reno, delay and rate estimates combined").settings(FUSION),
    Controller::new("fusion-cws", |s| fusion(s, true, false), "TCP-Fusion with STAR's congestion window setting (seed 003)").settings(FUSION),
    Controller::new("fusion-lwc", |s| fusion(s, false, true), "TCP-Fusion with STAR's lift window control (seed 003)").settings(FUSION_ABE),
    Controller::new("cubic", |s| Box::new(Cubic::with_settings(&s.get::<CubicSettings>())), "CUBIC as Linux's tcp_cubic.c, HyStart on (RFC 9438 by cubic_rfc9438)").settings(CUBIC),
    Controller::new("bbr", |_| Box::new(Bbr::default()), "BBR v1 as Linux's tcp_bbr.c, paced at its model's rate"),
    Controller::new("fusion-star", |s| fusion(s, true, true), "Seed 003's proposed hybrid: TCP-Fusion with CWS and LWC").settings(FUSION_ABE),
];

fn fusion(s: &SchemeSettings, cws: bool, lwc: bool) -> Box<dyn CongestionControl> {
    Box::new(Fusion::with_settings(cws, lwc, &s.get::<FusionSettings>()).with_abe(s.get::<AbeSettings>().filter))
}

/// The registry row of a `cc` name.
pub fn controller(name: &str) -> Option<&'static Controller> {
    CONTROLLERS.iter().find(|c| c.name == name)
}

/// Every `cc` name, in the registry's order.
pub fn controller_names() -> Vec<&'static str> {
    CONTROLLERS.iter().map(|c| c.name).collect()
}

/// A flow's `cc` in the scenario contract: a name of [`CONTROLLERS`]. The checked-in
/// schema leaves the list to the registry (Python adds it as it loads the schema), so
/// adding a controller does not change the contract's file.
pub fn cc_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({"type": "string", "x-satcc-enum": "controllers"})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_each_builds_its_own_controller() {
        let cfg = SchemeSettings::default();
        let mut names = controller_names();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), CONTROLLERS.len());
        for c in CONTROLLERS {
            let built = (c.build)(&cfg);
            assert!(!built.name().is_empty(), "{}", c.name);
            assert!(controller(c.name).is_some());
        }
        assert!(controller("hybla").is_none());
        assert!(controller(DEFAULT_CC).is_some());
    }

    #[test]
    fn each_row_reads_the_settings_of_its_parts() {
        let keys = |n: &str| controller(n).unwrap().setting_keys();
        assert!(keys("newreno").is_empty());
        assert_eq!(keys("star"), ["abe_filter"]);
        assert_eq!(keys("refwa-plus"), ["refwa_plus_tolerance"]);
        let mut t = keys("trefwa-plus");
        t.sort();
        assert_eq!(t, ["rtt_code_k", "trefwa_plus_k", "trefwa_plus_r"]);
        assert!(keys("fusion-star").contains(&"fusion_d_min_s".to_string()));
        assert!(keys("fusion-star").contains(&"abe_filter".to_string()));
    }
}
