//! The TCP sender: sequence state, loss recovery and the retransmission timer, modelled
//! on ns-2 2.35's one-way agents (Agent/TCP, /Reno, /Newreno, /Sack1, /Vegas) so that
//! differential tests against ns-2 match packet for packet, and for the controllers
//! keeping rate samples (cubic, bbr) on Linux's (RFC 6675 SACK with RACK, tail loss
//! probes and PRR).
//!
//! The sender emits packets into an outbox and exposes the deadline of its
//! retransmission timer; the simulator moves packets and fires the timer. At each loss
//! it asks its loss classifier (tcp/loss/) for a verdict and applies it in one place:
//! congestion goes to the congestion controller, a link error sets the window the
//! verdict names (`apply_link_error`).

use super::config::{Recovery, TcpConfig, WindowIncrease};
use super::congestion::window_option::WindowRule;
use super::congestion::{AckEvent, AckObservation, AckSample, CongestionControl, LossEvent, Window};
use super::prr::Prr;
use super::rack::{Detection, Rack};
use super::rate::RateEstimator;
use super::loss::{LossClassifier, LossFacts, Verdict};
use super::rtt::{RttEstimator, TsClock};
use super::sack::{SackBlocks, Scoreboard};
use super::sink::Echo;
use super::window_validation::{Cut, WindowValidation};
use crate::engine::rng::Draws;
use crate::engine::{from_secs, to_secs, Time};
use crate::net::packet::PUSH;
use crate::net::{FlowId, Packet, PacketKind};

/// "Infinite" data for greedy sources [TCP_MAXSEQ].
pub const GREEDY: i64 = i64::MAX / 4;

/// The last thing done to the window, which decides whether a new fast retransmit
/// is allowed (ns-2's last_cwnd_action_).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CwndAction {
    None,
    DupAck,
    Timeout,
    Exited,
    /// A response to ECN-Echo (ns-2's CWND_ACTION_ECN).
    Ecn,
}

#[derive(Clone, Debug, Default)]
pub struct SenderStats {
    /// Data packets sent, retransmissions included (SYN excluded).
    pub data_pkts_sent: u64,
    pub retransmits: u64,
    pub timeouts: u64,
    pub fast_retransmits: u64,
    pub acks_received: u64,
    /// Losses a loss-classifying sender (REFWA Plus) judged to be link errors.
    pub link_error_losses: u64,
    /// Timeouts found spurious by a D-SACK and undone by the controller (TCP-STAR AEN).
    pub spurious_timeouts_undone: u64,
    /// Window cuts for ECN-Echo (ns-2's necnresponses_).
    pub ecn_responses: u64,
}

/// What a `tcp_changes` entry sets in a running sender (ns-2's `$tcp set window_`,
/// `maxcwnd_`, `ssthresh_` in an `$ns at` event): each field given is set.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LimitChange {
    /// The sender's own window limit, packets (window_).
    pub rwnd_pkts: Option<u32>,
    /// The congestion window's cap, packets; 0 none (maxcwnd_).
    pub max_cwnd_pkts: Option<u32>,
    /// The slow-start threshold, packets (ssthresh_).
    pub ssthresh_pkts: Option<u32>,
}

pub struct TcpSender {
    /// The receiver's timestamp on the last ACK read (Linux's ts_recent), echoed by the
    /// segments sent after it.
    ts_recent: Option<Time>,
    /// The copy whose timestamp the ACK being read echoes (SACK flows: the receiver
    /// names it); None: inferred from the path's minimum RTT.
    ack_echo: Option<Echo>,
    /// The sending host's timestamp clock, which Linux reads an echo's RTT on.
    ts_clock: TsClock,
    pub flow: FlowId,
    cfg: TcpConfig,
    cc: Box<dyn CongestionControl>,
    /// Whether a loss is congestion or a link error (tcp/loss/).
    loss: Box<dyn LossClassifier>,
    pub w: Window,
    /// Advertised window from the latest ACK, packets.
    wnd: f64,
    /// The sender's own window limit once a `tcp_changes` entry set one (ns-2's window_
    /// changed during the run): it stands in for the receiver's advertisement, which a
    /// router's lower window (REFWA's) still caps.
    window_limit: Option<f64>,
    /// The advertised window of the last ACK read (the receiver's before the first).
    ack_rwnd: f64,
    t_seqno: i64,
    maxseq: i64,
    /// One past the last segment the application has handed over.
    curseq: i64,
    highest_ack: i64,
    last_ack: i64,
    dupacks: i64,
    dupwnd: i64,
    recover: i64,
    last_cwnd_action: CwndAction,
    /// No window cut yet (ns-2's first_decrease_): the first cut halves whatever
    /// `tcp.aimd_decrease` says.
    first_decrease: bool,
    /// New ACKs counted toward the next whole packet of a counted increase (ns-2's
    /// count_, windowOption_ 0: `cfg.window_increase`); every slowdown clears it.
    ca_count: u32,
    /// The windowOption_ rule of `cfg.window_increase` and its state (ns-2's 2 to 6 and
    /// 8: tcp/congestion/window_option.rs), else none.
    window_rule: Option<Box<WindowRule>>,
    /// ns-2's QOption_ state (`tcp.window_validation`), if on.
    window_validation: Option<Box<WindowValidation>>,
    /// ns-2's decrease_num_ as a cut reads it: `cfg.aimd_decrease`, until a HighSpeed
    /// cut above its low window sets it to that cut's decrease (and it stays so).
    decrease_num: f64,
    firstpartial: bool,
    /// ECN (`cfg.ecn`), ns-2's TcpAgent state: the receiver answered the first
    /// segment's ECN setup (ect_), a response found the window at one packet
    /// (ecn_backoff_), the last new ACK echoed a mark (ecn_burst_, read with old_ecn_:
    /// `cfg.ecn_open_in_echo_run`), the window was cut since the last segment left
    /// (cong_action_: the next carries CWR), and whether the ACK being handled carries
    /// ECN-Echo.
    ect: bool,
    ecn_backoff: bool,
    ecn_burst: bool,
    cong_action: bool,
    ack_ece: bool,
    initial_window: f64,
    rtt: RttEstimator,
    rtt_active: bool,
    rtt_seq: i64,
    rtt_ts: Time,
    /// T-REFWA: K of the RTT code if this sender writes one into the TOS byte, the code,
    /// and the SRTT it was made from.
    rtt_code_k: Option<f64>,
    rtt_code: u8,
    rtt_code_srtt: f64,
    /// SACK recovery (RFC 6675): the scoreboard and whether in loss recovery.
    scoreboard: Scoreboard,
    in_sack_recovery: bool,
    /// Recovering from a timeout as Linux does (its Loss state, senders keeping rate
    /// samples): the SACKed segments were kept, the others are resent as holes under a
    /// window that grows on every ACK, until `recover` is acknowledged.
    rto_recovery: bool,
    /// Proportional rate reduction in fast recovery (Linux's tcp_cwnd_reduction, for
    /// Linux-like senders whose controller leaves the window to the stack: CUBIC).
    prr: Option<Prr>,
    /// After a timeout of a SACK flow: the window before it and the segment it
    /// resent, until a D-SACK shows that segment had arrived (or the next timeout).
    timeout_probe: Option<(Window, i64)>,
    /// When the retransmission timer expires, if armed.
    pub rtx_deadline: Option<Time>,
    /// ns-2's retransmission timer was set during this event for this many seconds:
    /// ns-2 times it from the event on its double clock (now + rto), and so does the
    /// event loop, which takes this to move `rtx_deadline` onto that instant.
    pub rtx_timer_s: Option<f64>,
    /// Segments output() has sent in all (`outputs`), and how many it had sent when the
    /// retransmission timer was last set: the event loop files the timer among this
    /// event's sends where ns-2 scheduled it (a new ACK's newtimer before the sends it
    /// allows; output()'s after the segment it sent), which orders it against what those
    /// sends schedule for the same instant (an entry error module's held packet).
    pub outputs: u64,
    pub rtx_set_outputs: u64,
    /// A delayed send was armed by the last call (send overhead,
    /// TcpConfig::send_overhead_s): `take_delsnd_request` draws its delay.
    delsnd_draw_due: bool,
    /// A delayed send is pending: sending waits for it (ns-2's delsnd_timer_).
    delsnd_pending: bool,
    /// Draws the send overhead: a stream of its own, so that other draws do not move,
    /// or ns-2's one generator when the run takes ns-2's draws (ns-2's
    /// `Random::uniform(overhead_)`, drawn where send_much arms the delayed send).
    overhead_rng: Option<Draws>,
    /// Draws the RTT clock's phase as the flow starts (`tcp.tick_phase_at_start`: ns-2's
    /// `$tcp reset` in the start's instant); taken by the first start.
    phase_rng: Option<Draws>,
    /// The SYN's sends so far (ns-2's syn_connects_, for `tcp.max_connects`).
    syn_connects: u32,
    pub stats: SenderStats,
    started: bool,
    /// Per-segment send records for rate samples, if the controller asks for them.
    rate: Option<Box<RateEstimator>>,
    /// The last send opportunity ended against cwnd (Linux's tcp_is_cwnd_limited).
    cwnd_limited: bool,
    /// Pacing: the earliest time of the next paced segment; a wake-up the simulator is
    /// asked to schedule (one pending per sender, `pace_armed`).
    next_send: Time,
    pub pace_request: Option<Time>,
    pace_armed: bool,
    /// The burst (Linux's TSO/GSO segment) being sent: when it began, how many more
    /// segments it may carry at that instant, its last segment and whether it is a
    /// retransmission (one skb: contiguous segments, all new or all resent).
    burst_at: Time,
    burst_left: u32,
    burst_last: i64,
    burst_retx: bool,
    /// The burst whose last segment will carry PSH (`mark_push`): when it began,
    /// its last segment, whether it is resent data, its segments and their most, and
    /// where its last segment is in the caller's outbox (None: no burst open).
    push_at: Time,
    push_last: i64,
    push_retx: bool,
    push_count: u32,
    push_goal: u32,
    push_idx: Option<usize>,
    /// What is left of the burst's credit for a late departure (tcp_update_skb_after_send:
    /// an skb sent after its time shortens its own interval by up to half).
    pace_credit: Time,
    burst_segs: u32,
    /// When the last segment (new or resent) left: Linux's tcp_wstamp_ns for a sender
    /// that does not pace (a paced one's is `next_send`), for TSO deferral.
    last_xmit: Time,
    /// Linux's loss detection for senders keeping rate samples: RACK's transmissions
    /// in send order, what the one retransmission timer is armed for (Linux's
    /// icsk_pending: the RTO, a tail loss probe or RACK's reordering timeout), and the
    /// outstanding tail loss probe (tlp_high_seq: snd_nxt when it left; whether it was
    /// a retransmission).
    rack: Rack,
    timer: XmitTimer,
    tlp_high_seq: Option<i64>,
    tlp_retrans: bool,
    /// ns-2's Agent/TCP/Sack1 (`Recovery::Sack1`, tcp/sack1.rs).
    sack1: super::sack1::SenderState,
    /// ns-2's Agent/TCP/Fack (`Recovery::Fack`, tcp/fack.rs).
    fack: Option<Box<super::fack::SenderState>>,
    /// ns-2's Agent/TCP/Vegas (`Recovery::Vegas`, tcp/congestion/vegas.rs).
    vegas: Option<Box<super::congestion::vegas::State>>,
    /// ns-2's double clock at the event being handled, seconds (the event loop sets it
    /// before each call; `now` is that instant rounded to the nanosecond): Vegas reads
    /// its fine-grained times on it, as ns-2's vegastime() does.
    pub clock_s: f64,
    /// ns-2's timestamp option (tcp.timestamps): the send times of the segments in the
    /// network, and the time the ACK being read echoes.
    send_times: Option<Box<super::timestamp::SendTimes>>,
    ts_echo: Option<f64>,
    /// The cumulative ACK before the last new ACK (ns-2's prev_highest_ack_; -1 at
    /// first, as ns-2's reset leaves it with control_increase_): NewReno's ACK
    /// heuristic reads it (tcp/multiple_fast_retransmits.rs).
    prev_highest_ack: i64,
    /// The time the last new ACK echoed with the timestamp option, 0 without it (ns-2's
    /// ts_echo_), and when each segment from the cumulative ACK on was last sent (ns-2's
    /// tss[]): NewReno's timestamp heuristic (`newreno_timestamp_heuristic` only).
    echo_kept: f64,
    last_send_times: Option<Box<super::multiple_fast_retransmits::LastSendTimes>>,
}

/// What an ACK found when it arrived, for PRR (tcp/prr.rs): segments marked lost so
/// far, PRR's sends so far, and what the ACK delivered (ACKed or SACKed).
#[derive(Clone, Copy)]
struct AckStart {
    lost_total: u64,
    prr_sent: u64,
    /// Segments the ACK newly delivered (senders keeping rate samples).
    delivered: Option<u64>,
}

/// What the retransmission timer of a Linux-like sender is armed for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum XmitTimer {
    Rto,
    /// Tail loss probe (RFC 8985 section 7; Linux's tcp_schedule_loss_probe).
    LossProbe,
    /// RACK's reordering window ends for a segment that will then be lost.
    Reo,
}

/// Data segments a paced sender sends before pacing applies (tcp_update_skb_after_send:
/// "Original sch_fq does not pace first 10 MSS"; data_segs_out >= 10).
const INITIAL_UNPACED_SEGS: u64 = 10;
/// Linux's sysctl tcp_min_tso_segs: the smallest TSO burst of a paced sender.
const MIN_TSO_SEGS: u32 = 2;
/// TSO deferral (tcp_tso_should_defer) waits only if the last transmission left at
/// most this long ago [NSEC_PER_MSEC] ...
const TSO_DEFER_RECENT: Time = 1_000_000;
/// ... and less than this fraction of the window is free [sysctl tcp_tso_win_divisor 3].
const TSO_WIN_DIVISOR: u64 = 3;
/// Linux's TCP_TIMEOUT_MIN (two jiffies at HZ 250, the reference kernel's), added to
/// RACK's reordering timeout.
const LINUX_TIMEOUT_MIN: Time = 8_000_000;
/// TCP_TIMEOUT_MIN_US, added to a tail loss probe's 2 SRTT when more than one
/// segment is out.
const TLP_EXTRA: Time = 2_000_000;
/// TCP_TIMEOUT_INIT: the probe timeout before any RTT sample.
const TLP_NO_RTT: Time = 1_000_000_000;

/// ns-2's maxcwnd_ (`cap` packets, 0 for none), at the end of opencwnd: a window whose
/// whole part is above the cap becomes the cap (one in (cap, cap + 1) stays, as
/// int(cwnd_) is then the cap).
#[inline]
fn cap_cwnd(w: &mut Window, cap: u32) {
    if cap > 0 && w.cwnd as i64 > cap as i64 {
        w.cwnd = cap as f64;
    }
}

impl TcpSender {
    /// The transport settings it runs with.
    pub fn config(&self) -> &TcpConfig {
        &self.cfg
    }

    pub fn new(flow: FlowId, cfg: TcpConfig, cc: Box<dyn CongestionControl>, boot_time_s: f64) -> Self {
        let wnd = cfg.rwnd_pkts as f64;
        // ns-2's reset(): ssthresh_ the window, or max_ssthresh_ if that is less; a
        // setting at time 0 (initial_ssthresh_pkts) comes after it
        let max_ss = cfg.max_ssthresh_pkts as f64;
        let ssthresh = cfg.initial_ssthresh_pkts.unwrap_or(if max_ss > 0.0 && max_ss < wnd { max_ss } else { wnd });
        let initial_window = cfg.initial_window();
        // set_initial_window: one packet for the SYN's round trip (delay_growth_)
        let cwnd = if cfg.syn && cfg.delay_growth { 1.0 } else { initial_window };
        let mut rtt = RttEstimator::new(cfg.tick_s, cfg.min_rto_s, cfg.max_rto_s, cfg.initial_rto_s, boot_time_s);
        if !cfg.rfc2988 {
            rtt = rtt.without_rfc2988();
        }
        let rate = cc.needs_rate_samples().then(|| Box::new(RateEstimator::new()));
        if rate.is_some() && cfg.rto == super::config::RtoStyle::Linux {
            rtt = rtt.linux();
        } else {
            let shifts = super::rtt::Shifts { srtt_bits: cfg.srtt_bits, rttvar_bits: cfg.rttvar_bits, rttvar_exp: cfg.rto_rttvar_exp };
            rtt = rtt.with_shifts(shifts, cfg.initial_srtt_s, cfg.initial_rttvar_s);
        }
        TcpSender {
            send_times: cfg.carries_send_times().then(Box::default),
            ts_echo: None,
            prev_highest_ack: -1,
            echo_kept: 0.0,
            last_send_times: cfg.newreno_timestamp_heuristic.then(Box::default),
            ts_recent: None,
            ack_echo: None,
            ts_clock: TsClock::default(),
            flow,
            cc,
            loss: Box::new(super::loss::CongestionOnly),
            w: Window { cwnd, ssthresh },
            wnd,
            window_limit: None,
            ack_rwnd: wnd,
            t_seqno: 0,
            maxseq: -1,
            curseq: 0,
            highest_ack: -1,
            last_ack: -1,
            dupacks: 0,
            dupwnd: 0,
            recover: 0,
            last_cwnd_action: CwndAction::None,
            first_decrease: true,
            ca_count: 0,
            window_rule: WindowRule::new(&cfg).map(Box::new),
            // (the agent's reset at the run's start, tick 0)
            window_validation: cfg
                .window_validation
                .then(|| Box::new(WindowValidation::new(0, cfg.window_validation_rtt_counting))),
            decrease_num: cfg.aimd_decrease,
            firstpartial: false,
            ect: false,
            ecn_backoff: false,
            ecn_burst: false,
            cong_action: false,
            ack_ece: false,
            initial_window,
            rtt,
            rtt_active: false,
            rtt_seq: -1,
            rtt_ts: 0,
            rtt_code_k: None,
            rtt_code: 0,
            rtt_code_srtt: -1.0,
            scoreboard: Scoreboard::new(0),
            in_sack_recovery: false,
            rto_recovery: false,
            prr: None,
            timeout_probe: None,
            rtx_deadline: None,
            rtx_timer_s: None,
            outputs: 0,
            rtx_set_outputs: 0,
            delsnd_draw_due: false,
            delsnd_pending: false,
            overhead_rng: None,
            phase_rng: None,
            syn_connects: 0,
            stats: SenderStats::default(),
            started: false,
            rate,
            cwnd_limited: false,
            next_send: 0,
            pace_request: None,
            pace_armed: false,
            burst_at: 0,
            burst_left: 0,
            burst_last: -1,
            burst_retx: false,
            push_at: 0,
            push_last: -1,
            push_retx: false,
            push_count: 0,
            push_goal: 1,
            push_idx: None,
            pace_credit: 0,
            burst_segs: 0,
            last_xmit: 0,
            rack: Rack::default(),
            timer: XmitTimer::Rto,
            tlp_high_seq: None,
            tlp_retrans: false,
            sack1: super::sack1::SenderState::default(),
            fack: (cfg.recovery == Recovery::Fack).then(Box::default),
            vegas: (cfg.recovery == Recovery::Vegas).then(Box::default),
            clock_s: 0.0,
            cfg,
        }
    }

    /// The random stream of the send overhead; needed when send_overhead_s > 0.
    /// Classify losses with `loss` (default: every loss is congestion).
    pub fn with_loss(self, loss: Box<dyn LossClassifier>) -> Self {
        TcpSender { loss, ..self }
    }

    /// Write T-REFWA's RTT code (net/rtt_code.rs) with this K into the TOS byte.
    pub fn with_rtt_code(self, k: f64) -> Self {
        TcpSender { rtt_code_k: Some(k), ..self }
    }

    /// Vegas's thresholds (a Vegas sender's; others ignore them).
    pub fn set_vegas(&mut self, s: &super::congestion::vegas::VegasSettings) {
        if let Some(v) = self.vegas.as_mut() {
            **v = super::congestion::vegas::State::with_settings(s);
        }
    }

    pub fn set_overhead_rng(&mut self, rng: Draws) {
        self.overhead_rng = Some(rng);
    }

    /// The RTT clock's phase is to be drawn from `rng` as the flow starts
    /// (`tcp.tick_phase_at_start`).
    pub fn set_phase_rng(&mut self, rng: Draws) {
        self.phase_rng = Some(rng);
    }

    /// The flow starts: a phase due then is drawn, tick_s x the next uniform, as ns-2's
    /// TcpAgent::reset draws boot_time_ = Random::uniform(tcpTick_). Once only: a
    /// source's later ON periods do not reset the agent.
    pub fn draw_tick_phase_at_start(&mut self, now_s: f64) {
        if let Some(mut g) = self.phase_rng.take() {
            let phase = g.uniform() * self.cfg.tick_s;
            self.rtt.set_tick_phase_s(phase);
            if let Some(v) = self.window_validation.as_mut() {
                // (the reset's QOption_ state from this tick: T_last, T_prev, T_start)
                let tick_now = (now_s / self.cfg.tick_s + 0.5) as i64;
                **v = WindowValidation::new(tick_now, v.counts_rtts());
            }
        }
    }

    pub fn controller_name(&self) -> &'static str {
        self.cc.name()
    }

    /// Highest cumulative ACK received (segment number).
    /// One past the last seqno the application has handed the sender (ns-2's curseq_).
    pub fn curseq(&self) -> i64 {
        self.curseq
    }

    pub fn highest_ack(&self) -> i64 {
        self.highest_ack
    }

    /// Data segments cumulatively acknowledged (the SYN excluded).
    pub fn data_pkts_acked(&self) -> i64 {
        if self.cfg.syn {
            self.highest_ack.max(0)
        } else {
            self.highest_ack + 1
        }
    }

    /// Highest segment sent.
    pub fn maxseq(&self) -> i64 {
        self.maxseq
    }

    /// The advertised window carried by the latest ACK, packets (the sender's own limit
    /// once `tcp_changes` set one).
    pub fn rwnd_pkts(&self) -> f64 {
        self.wnd
    }

    /// The window the last ACK leaves: its advertised window, or the sender's own limit
    /// where one was set, capped by a lower window a router wrote into the ACK.
    #[inline]
    fn window_from_ack(&self) -> f64 {
        match self.window_limit {
            None => self.ack_rwnd,
            Some(l) if self.ack_rwnd < self.cfg.advertised_window_pkts() as f64 => l.min(self.ack_rwnd),
            Some(l) => l,
        }
    }

    /// ns-2's `$tcp set window_ W`, `maxcwnd_ M` and `ssthresh_ S` during the run
    /// (`tcp_changes`): the sender's own window limit, its window's cap and its
    /// threshold from now on. Nothing is sent now; what the sender sends next obeys them
    /// (a window above the new cap is cut as it next opens, as ns-2's opencwnd cuts it).
    pub fn change_limits(&mut self, change: LimitChange) {
        if let Some(w) = change.rwnd_pkts {
            self.window_limit = Some(w as f64);
            self.wnd = self.window_from_ack();
        }
        if let Some(m) = change.max_cwnd_pkts {
            self.cfg.max_cwnd_pkts = m;
        }
        if let Some(s) = change.ssthresh_pkts {
            self.w.ssthresh = s as f64;
        }
    }

    /// Phase of the sender's RTT tick clock, seconds (`tcp.tick_phase_s`).
    pub fn rtt_tick_phase_s(&self) -> f64 {
        self.rtt.tick_phase_s()
    }

    pub fn srtt_s(&self) -> f64 {
        self.rtt.srtt_s()
    }

    /// The sending host's timestamp clock (its phase).
    pub fn set_ts_clock(&mut self, clock: TsClock) {
        self.ts_clock = clock;
        if let Some(r) = self.rate.as_mut() {
            r.set_clock(clock);
        }
    }

    /// The receiver's timestamp on the ACK just read (when it left the receiver): the
    /// segments sent from now on echo it (TSecr), for the receiver's RTT estimate.
    pub fn read_timestamp(&mut self, t: Option<Time>) {
        if t.is_some() {
            self.ts_recent = t;
        }
    }

    /// The copy whose timestamp the next ACK read echoes (TSecr), as its receiver
    /// recorded it; None where the ACK does not say (without SACK's record).
    pub fn read_echo(&mut self, e: Option<Echo>) {
        self.ack_echo = e;
    }

    /// What a data segment leaving now carries in its window field: with ns-2's
    /// timestamps, the slot of its send time (hdr_tcp::ts_, ns-2's clock); else 0.
    #[inline]
    fn stamp(&mut self) -> u32 {
        match self.send_times.as_mut() {
            Some(t) => t.stamp(self.clock_s),
            None => 0,
        }
    }

    /// With ns-2's timestamps: the time data segment `pkt`, which reached the receiver,
    /// was sent (its slot freed). None without them.
    #[inline]
    pub fn send_time_of(&mut self, pkt: &Packet) -> Option<f64> {
        self.send_times.as_mut().map(|t| t.take(pkt.rwnd_pkts))
    }

    /// Data segment `pkt` was dropped on the way: its send time is let go.
    #[inline]
    pub fn forget_send_time(&mut self, pkt: &Packet) {
        if let Some(t) = self.send_times.as_mut() {
            t.forget(pkt.rwnd_pkts);
        }
    }

    /// With ns-2's timestamps: the time the next ACK read echoes (ts_echo_), if its
    /// receiver's record is known.
    pub fn read_ts_echo(&mut self, echo: Option<f64>) {
        self.ts_echo = echo;
    }

    /// The timestamp copy `copy` of segment `seq` echoed (the packet's `aux`).
    pub fn echo_of_copy(&self, seq: i64, copy: u8) -> Option<Time> {
        self.rate.as_ref().and_then(|r| r.echo_of_copy(seq, copy))
    }

    /// The controller's pacing rate, Mb/s of segments' payload (0: not paced).
    pub fn pacing_mbps(&self) -> f64 {
        self.cc.pacing_rate_pps().map_or(0.0, |pps| pps * self.cfg.packet_size_bytes as f64 * 8.0 / 1e6)
    }

    /// The controller's minimum RTT, ms (BBR's min-RTT filter; 0 for controllers
    /// without one).
    pub fn cc_min_rtt_ms(&self) -> f64 {
        self.cc.min_rtt_s().map_or(0.0, |s| s * 1e3)
    }

    /// The loss-recovery state as Linux numbers it (tcpi_ca_state): 0 Open, 3 Recovery,
    /// 4 Loss (Linux's SACK recovery after a timeout).
    pub fn ca_state(&self) -> u8 {
        if self.rto_recovery && self.in_sack_recovery {
            4
        } else if self.in_recovery() {
            3
        } else {
            0
        }
    }

    pub fn rto_s(&self) -> f64 {
        self.rtt.rto_s()
    }

    /// Data segments handed over by the application and not all acknowledged.
    pub fn has_unacked_data(&self) -> bool {
        self.highest_ack < self.maxseq
    }

    /// The application hands over `pkts` more segments (GREEDY for a bulk source).
    pub fn app_send(&mut self, pkts: i64, now: Time, out: &mut Vec<Packet>) {
        self.app_send_sends(pkts, now, out);
        self.close_push(out);
    }

    /// `app_send`, but for the PSH of a burst still open (`close_push`).
    fn app_send_sends(&mut self, pkts: i64, now: Time, out: &mut Vec<Packet>) {
        // ns-2's output() adds the SYN's seqno to curseq_ as it sends the SYN, so an
        // empty first message (a trace's size 0: curseq_ += 0) sends no SYN
        if !self.started && pkts > 0 {
            self.started = true;
            if self.cfg.syn {
                self.curseq = 1; // the SYN occupies seqno 0
            }
        }
        self.curseq = self.curseq.saturating_add(pkts).min(GREEDY);
        self.send_much(now, out);
    }

    /// The application stops: no new data after what was already sent. ns-2's agents
    /// do what its FTP `stop` does (`advance 0`): curseq_ becomes maxseq_, and the agent
    /// tries to send. So the last segment sent cannot go out again from send_much (a
    /// timeout rewound to it sends nothing; only a fast retransmit resends it). A
    /// Linux-like sender (`tcp.rto: linux`) keeps everything sent retransmittable.
    pub fn app_stop(&mut self, now: Time, out: &mut Vec<Packet>) {
        self.app_stop_sends(now, out);
        self.close_push(out);
    }

    /// `app_stop`, but for the PSH of a burst still open (`close_push`).
    fn app_stop_sends(&mut self, now: Time, out: &mut Vec<Packet>) {
        if self.cfg.rto == super::config::RtoStyle::Ns2 {
            self.curseq = self.maxseq.max(0);
            self.send_much(now, out);
        } else {
            self.curseq = self.curseq.min(self.maxseq + 1);
        }
    }

    /// ns-2's window(): floor(cwnd) inflated by dupACKs, capped by the advertised window.
    fn window(&self) -> i64 {
        let win = self.w.cwnd as i64 + self.dupwnd;
        win.min(self.wnd as i64)
    }

    fn set_rtx_timer(&mut self, now: Time) {
        let rto = self.rtt.rto_s();
        self.rtx_deadline = Some(now + from_secs(rto));
        self.rtx_timer_s = Some(rto);
        self.rtx_set_outputs = self.outputs;
        self.timer = XmitTimer::Rto;
    }

    /// Linux's loss detection and recovery (RACK, tail loss probes, tcp_enter_loss on a
    /// timeout) are for senders keeping per-segment send times with SACK; ns-2's agents
    /// keep RFC 6675 and ns-2's timer.
    fn linux_loss(&self) -> bool {
        self.rate.is_some() && self.cfg.recovery == Recovery::Sack
    }

    /// A Linux-like sender whose controller does not own the window (CUBIC) reduces it
    /// in fast recovery by PRR (tcp/prr.rs), as Linux's tcp_cong_control does.
    fn uses_prr(&self) -> bool {
        self.linux_loss() && !self.cc.owns_window()
    }

    /// A Linux-like sender whose controller owns the window (BBR) transmits for an ACK
    /// only after the controller has seen it (`CongestionControl::owns_window`).
    fn sends_after_controller(&self) -> bool {
        self.linux_loss() && self.cc.owns_window()
    }

    /// How far in the future the RTO of the oldest outstanding segment lies (Linux's
    /// tcp_rto_delta_us: from its send time), at least 1 ns.
    fn rto_from_head(&self, now: Time) -> Time {
        let rto = from_secs(self.rtt.rto_s());
        match self.rate.as_ref().and_then(|r| r.sent_time(self.highest_ack + 1)) {
            Some(sent) => (sent + rto).saturating_sub(now).max(1),
            None => rto,
        }
    }

    /// tcp_schedule_loss_probe: outside recovery with segments out, the timer waits
    /// 2 SRTT (plus the minimum RTO if one segment is out, for its delayed ACK; plus
    /// 2 ms otherwise), never past the RTO. `advancing`: an ACK just acknowledged data
    /// and the RTO would restart from now.
    fn schedule_loss_probe(&mut self, now: Time, advancing: bool) -> bool {
        let out = self.maxseq - self.highest_ack;
        if self.in_sack_recovery || out <= 0 {
            return false;
        }
        let srtt = self.rtt.srtt_s();
        let mut pto = if srtt > 0.0 {
            from_secs(2.0 * srtt) + if out == 1 { from_secs(self.rtt.min_rto_s()) } else { TLP_EXTRA }
        } else {
            TLP_NO_RTT
        };
        let rto = if advancing { from_secs(self.rtt.rto_s()) } else { self.rto_from_head(now) };
        pto = pto.min(rto);
        self.rtx_deadline = Some(now + pto);
        self.rtx_timer_s = None;
        self.timer = XmitTimer::LossProbe;
        true
    }

    /// The TOS byte of a data segment: the table's, with T-REFWA's RTT code when this
    /// sender writes one (recomputed only when SRTT changes, seed 002).
    fn data_tos(&mut self) -> u8 {
        let Some(k) = self.rtt_code_k else { return self.cfg.tos };
        let srtt = self.rtt.srtt_s();
        if srtt != self.rtt_code_srtt {
            self.rtt_code_srtt = srtt;
            self.rtt_code = crate::net::rtt_code::rtt_code(srtt * 1000.0, k);
        }
        (self.cfg.tos & !crate::net::rtt_code::MAX_CODE) | self.rtt_code
    }

    fn output(&mut self, seqno: i64, now: Time, out: &mut Vec<Packet>) {
        if self.vegas.is_some() {
            return self.output_vegas(seqno, now, out);
        }
        let syn = seqno == 0 && self.cfg.syn;
        // ns-2's output() adds the header only to seqno > 0: without a SYN, packet 0
        // leaves as bare payload
        let size = match (syn, seqno) {
            (true, _) => self.cfg.header_bytes,
            (false, 0) => self.cfg.packet_size_bytes,
            _ => self.cfg.data_wire_bytes(),
        } as u16;
        let tos = self.data_tos();
        // ECN: the first segment after a window cut carries CWR (cong_action_; ns-2's
        // SetCWRonRetransmit_ true: a retransmission too; false: the first below maxseq_
        // not sent before)
        let aux = if self.cong_action && (self.cfg.cwr_on_retransmit || seqno >= self.maxseq) {
            self.cong_action = false;
            if self.cfg.ecn {
                crate::net::packet::CWR
            } else {
                0
            }
        } else {
            0
        };
        if syn && self.cfg.max_connects > 0 && self.syn_abort(now) {
            return;
        }
        if let Some(p) = self.prr.as_mut() {
            p.on_send();
        }
        self.last_xmit = now;
        out.push(Packet {
            flow: self.flow,
            kind: PacketKind::Data,
            seq: seqno,
            size_bytes: size,
            ttl: self.cfg.initial_ttl,
            tos,
            aux,
            rwnd_pkts: self.stamp(),
            hop: 0,
        });
        self.outputs += 1;
        if let Some(t) = self.last_send_times.as_mut() {
            t.record(seqno, self.clock_s);
        }
        if !syn && self.rate.is_some() {
            let in_flight = self.in_flight();
            let retrans = seqno <= self.maxseq;
            if let Some(r) = self.rate.as_mut() {
                let copy = r.on_send(seqno, now, in_flight, retrans);
                if let Some(e) = self.ts_recent {
                    r.set_echo(seqno, e);
                }
                // which copy this is: the receiver reads the echo of the one it got
                if let Some(p) = out.last_mut() {
                    p.aux = copy;
                }
            }
            if self.cfg.push_ack {
                self.mark_push(seqno, retrans, now, out);
            }
            if self.cfg.recovery == Recovery::Sack {
                if retrans {
                    self.rack.on_retransmission(seqno, now);
                } else {
                    self.rack.on_original(seqno, now);
                }
            }
        }
        let force_timer = self.highest_ack == self.maxseq;
        self.note_sent(seqno, now);
        if !syn {
            self.stats.data_pkts_sent += 1;
        }
        if self.rtx_deadline.is_none() || force_timer {
            self.set_rtx_timer(now);
        }
        if !syn && seqno == self.maxseq && self.linux_loss() {
            // new data left: a tail loss probe (tcp_write_xmit), outside recovery
            self.schedule_loss_probe(now, false);
        }
    }

    /// ns-2's max_connects_ (`tcp.max_connects`): one more send of the SYN; past the
    /// limit the connection is aborted as output() does it (curseq_ 0, the timer
    /// rescheduled 10,000 s off, nothing sent). Returns whether it was.
    #[cold]
    #[inline(never)]
    fn syn_abort(&mut self, now: Time) -> bool {
        self.syn_connects += 1;
        if self.syn_connects <= self.cfg.max_connects {
            return false;
        }
        self.curseq = 0;
        self.rtx_deadline = Some(now + from_secs(10_000.0));
        self.rtx_timer_s = Some(10_000.0);
        self.timer = XmitTimer::Rto;
        true
    }

    /// ns-2's output() after the packet left: the highest segment sent, the RTT timing
    /// of a new one when none is running (rtt_seq_, rtt_ts_), or a retransmission counted.
    fn note_sent(&mut self, seqno: i64, now: Time) {
        if seqno > self.maxseq {
            self.maxseq = seqno;
            if !self.rtt_active {
                self.rtt_active = true;
                if seqno > self.rtt_seq {
                    self.rtt_seq = seqno;
                    self.rtt_ts = now;
                }
            }
        } else {
            self.stats.retransmits += 1;
        }
    }

    /// ns-2's send overhead (overhead_) at the start of a send_much: whether its first
    /// packet goes to the delayed-send timer rather than out (not when `force`d: the
    /// timer's own send), or None when that timer is pending and nothing may go.
    #[inline]
    fn delays_sends(&self, force: bool) -> Option<bool> {
        let delayed = self.cfg.send_overhead_s > 0.0 && !force;
        (!(delayed && self.delsnd_pending)).then_some(delayed)
    }

    /// Arm the delayed-send timer; its delay is drawn once this event's packets have
    /// gone to their links (`take_delsnd_request`).
    #[inline]
    fn arm_delayed_send(&mut self) {
        self.delsnd_pending = true;
        self.delsnd_draw_due = true;
    }

    /// ns-2's send_much(0, ..., maxburst_): what the window allows, at most
    /// `tcp.max_burst_pkts` segments.
    fn send_much(&mut self, now: Time, out: &mut Vec<Packet>) {
        self.send_much_forced(now, self.cfg.max_burst_pkts, false, out);
    }

    /// ns-2's send_much(force, ..., maxburst). With a send overhead and no `force`, the
    /// first packet the window allows arms the delayed-send timer instead of going out
    /// (unless one is pending, when nothing is sent at all).
    fn send_much_forced(&mut self, now: Time, maxburst: u32, force: bool, out: &mut Vec<Packet>) {
        if self.cfg.recovery == Recovery::Sack1 {
            return self.send_much_sack1(force, maxburst, now, out);
        }
        if self.cfg.recovery == Recovery::Fack {
            return self.send_much_fack(force, maxburst, now, out);
        }
        let Some(delayed) = self.delays_sends(force) else { return };
        if let (Some(v), 0) = (self.vegas.as_mut(), self.t_seqno) {
            // TcpAgent::send_much sets firstsent_, the Vegas clock's origin
            v.firstsent = Some(self.clock_s);
        }
        let mut win = self.window();
        let mut n = 0;
        let mut deferred = false;
        let pace = self.pacing_rate();
        while self.t_seqno <= self.highest_ack + win && self.t_seqno < self.curseq {
            if delayed {
                self.arm_delayed_send();
                return;
            }
            if pace.is_some() && !self.pace_slot(now, self.t_seqno, self.t_seqno <= self.maxseq) {
                return;
            }
            if self.skb_starts(now, pace, n) && self.tso_defers(now, pace) {
                deferred = true;
                break;
            }
            let (seq, retx) = (self.t_seqno, self.t_seqno <= self.maxseq);
            self.output(seq, now, out);
            if self.window_validation.is_some() {
                self.validate_window(seq, now);
            }
            self.t_seqno += 1;
            n += 1;
            if let Some(r) = pace {
                self.paced(now, r, seq, retx);
            }
            win = self.window();
            if maxburst > 0 && n == maxburst {
                break;
            }
        }
        if self.rate.is_some() {
            self.note_limits(now, deferred);
        }
    }

    /// Segments in flight: RFC 6675's pipe for SACK flows, else every segment sent and
    /// not cumulatively acknowledged.
    fn in_flight(&self) -> i64 {
        if self.cfg.recovery == Recovery::Sack {
            self.scoreboard.pipe(self.maxseq)
        } else {
            (self.maxseq - self.highest_ack).max(0)
        }
    }

    /// After a send opportunity of a sender keeping rate samples: whether cwnd bound it
    /// (CUBIC grows only then, as Linux), or the application (its samples are then
    /// application-limited). `deferred`: TSO deferral held new data back (tcp_tso_should_defer
    /// counts that as cwnd-limited when the window's free part was the smaller limit).
    fn note_limits(&mut self, _now: Time, deferred: bool) {
        let in_flight = self.in_flight();
        let cwnd = self.w.cwnd as i64;
        self.cwnd_limited =
            (in_flight >= cwnd && (cwnd as f64) <= self.wnd) || (deferred && cwnd - in_flight < self.send_window_left());
        if self.t_seqno >= self.curseq && in_flight < cwnd {
            if let Some(r) = self.rate.as_mut() {
                r.on_app_limited(in_flight);
            }
        }
    }

    /// The rate this sender paces at, segments per second: its controller's, else, with
    /// `tcp.pacing`, Linux's default for controllers that set none (tcp_update_pacing_rate:
    /// 200 % of cwnd / SRTT in slow start, 120 % after; unpaced before an RTT sample).
    fn pacing_rate(&self) -> Option<f64> {
        if let Some(r) = self.cc.pacing_rate_pps() {
            return Some(r);
        }
        if !self.cfg.pacing {
            return None;
        }
        self.linux_default_rate()
    }

    /// The rate Linux sets for a flow whose controller sets none (tcp_update_pacing_rate,
    /// whether or not anything paces by it), segments per second: 200 % of cwnd / SRTT
    /// in slow start, 120 % after; None before an RTT sample.
    fn linux_default_rate(&self) -> Option<f64> {
        let srtt = self.rtt.srtt_s();
        if srtt <= 0.0 {
            return None;
        }
        let ratio = if self.w.cwnd < self.w.ssthresh / 2.0 { 2.0 } else { 1.2 };
        Some(ratio * self.w.cwnd.max(1.0) / srtt)
    }

    /// Segments the advertised window still lets go (beyond those sent).
    fn send_window_left(&self) -> i64 {
        (self.highest_ack as f64 + self.wnd) as i64 + 1 - self.t_seqno
    }

    /// May paced segment `seq` (`retx`: a retransmission) leave at `now`? If not, a
    /// wake-up at its time is asked for.
    fn pace_slot(&mut self, now: Time, seq: i64, retx: bool) -> bool {
        if now >= self.next_send || self.continues_burst(now, seq, retx) {
            return true;
        }
        if !self.pace_armed {
            self.pace_armed = true;
            self.pace_request = Some(self.next_send);
        }
        false
    }

    /// A segment left at `now` paced at `rate` segments per second: the next may leave
    /// one interval after it (Linux's earliest departure time, from the later of now and
    /// the last departure).
    ///
    /// Segments leave in bursts of `tso_segs` at one instant, as Linux's TSO/GSO
    /// segments (one skb of several segments, its departure time advanced by its length
    /// over the rate): the next burst waits for all of them. As Linux's
    /// tcp_update_skb_after_send: the first data segments, up to INITIAL_UNPACED_SEGS
    /// sent (the initial window), do not advance the departure time; and a burst that
    /// leaves later than its time ("OS jitter") shortens its own interval by that
    /// lateness, at most by half.
    fn paced(&mut self, now: Time, rate: f64, seq: i64, retx: bool) {
        let gap = if rate > 0.0 { from_secs(1.0 / rate) } else { 0 };
        let stamp = self.next_send.max(now);
        if !self.continues_burst(now, seq, retx) {
            self.burst_at = now;
            self.burst_left = self.tso_segs(rate);
            self.burst_segs = 0;
            self.pace_credit = stamp - self.next_send;
        }
        self.burst_left -= 1;
        self.burst_segs += 1;
        self.burst_last = seq;
        self.burst_retx = retx;
        let sent = self.stats.data_pkts_sent;
        if sent < INITIAL_UNPACED_SEGS {
            self.next_send = stamp;
            return;
        }
        // the segment that reaches the count charges its burst's earlier ones too (one
        // skb, paced whole: data_segs_out is counted with it)
        let segs = if sent == INITIAL_UNPACED_SEGS { self.burst_segs as u64 } else { 1 };
        let len = gap * segs;
        let credit = (len / 2).min(self.pace_credit);
        self.pace_credit -= credit;
        self.next_send = stamp + len - credit;
    }

    /// Whether segment `seq` would go in the burst open at `now`: an skb holds contiguous
    /// segments, new ones (tcp_write_xmit) or one lost range resent
    /// (tcp_xmit_retransmit_queue), and each skb waits for its own pacing slot
    /// (tcp_pacing_check before every skb): a retransmission of another hole, or new data
    /// after a retransmission, begins another burst.
    fn continues_burst(&self, now: Time, seq: i64, retx: bool) -> bool {
        self.burst_at == now && self.burst_left > 0 && seq == self.burst_last + 1 && retx == self.burst_retx
    }

    /// Segments per burst at pacing rate `rate_pps`: the controller's (BBR's
    /// bbr_tso_segs_goal), else, for Linux's default pacing (`tcp.pacing`),
    /// tcp_tso_autosize: a millisecond's worth (rate >> 10), at least tcp_min_tso_segs
    /// (2), at most a 64 KB GSO segment.
    fn tso_segs(&self, rate_pps: f64) -> u32 {
        if self.cc.pacing_rate_pps().is_some() {
            self.cc.tso_segs().max(1)
        } else {
            ((rate_pps as u64 >> 10) as u32).clamp(MIN_TSO_SEGS, 65_536 / self.cfg.packet_size_bytes.max(1) as u32)
        }
    }

    /// Segment `seq` (`retx`: resent), just put last in `out`, joins the burst being
    /// written or begins one. A burst is one skb of Linux's write queue: contiguous
    /// segments of one kind at one instant, at most `tso_goal` of them (the bursts
    /// `paced` and `skb_starts` cut). A whole skb ends with PSH: a bulk application's
    /// writes leave it on nearly every skb (tcp_push marks the queue's tail at the end
    /// of each sendmsg, and a sender held by its window writes an skb or so at a time);
    /// a burst the window cut short is the front of an skb (tso_fragment), which leaves
    /// PSH with the rest. Linux's own senders (`linuxref psh`, two CUBIC and two BBR
    /// flows): 96-100 % of their bursts of two or more end with PSH, 0.1 % of their lone
    /// segments carry it (docs/cubic-bbr.md). A burst still open when the sender returns
    /// closes then (`close_push`).
    fn mark_push(&mut self, seq: i64, retx: bool, now: Time, out: &mut [Packet]) {
        let joins = self.push_idx.is_some()
            && self.push_at == now
            && seq == self.push_last + 1
            && retx == self.push_retx
            && self.push_count < self.push_goal;
        if !joins {
            self.close_push(out);
            self.push_goal = self.tso_goal(self.pacing_rate());
            (self.push_at, self.push_retx, self.push_count) = (now, retx, 0);
        }
        self.push_idx = Some(out.len() - 1);
        self.push_last = seq;
        self.push_count += 1;
        if self.push_count >= self.push_goal {
            self.close_push(out);
        }
    }

    /// The burst being written ends: PSH on its last segment if it is a whole skb
    /// (`mark_push`).
    fn close_push(&mut self, out: &mut [Packet]) {
        let whole = self.push_count >= self.push_goal;
        if let Some(p) = self.push_idx.take().and_then(|i| out.get_mut(i)) {
            if whole {
                p.aux |= PUSH;
            }
        }
    }

    /// Whether the next new segment would begin a TSO burst (one skb of Linux's write
    /// queue): for a paced sender, when no burst is open at `now`; else at every
    /// `tso_goal` segments of this send opportunity (`sent` so far), as tcp_write_xmit
    /// cuts the write queue into skbs of that many.
    fn skb_starts(&self, now: Time, pace: Option<f64>, sent: u32) -> bool {
        if !self.cfg.tso_defer {
            return false;
        }
        match pace {
            Some(_) => !self.continues_burst(now, self.t_seqno, false),
            None => sent % self.tso_goal(pace) == 0,
        }
    }

    /// Segments per TSO burst (tcp_tso_segs): at the pacing rate if paced, else at the
    /// rate Linux would pace at (tcp_update_pacing_rate sets sk_pacing_rate for every
    /// flow, and tcp_tso_autosize sizes the bursts from it without fq); a 64 KB GSO
    /// segment before the first RTT sample (sk_pacing_rate starts unlimited).
    fn tso_goal(&self, pace: Option<f64>) -> u32 {
        match pace.or_else(|| self.linux_default_rate()) {
            Some(r) => self.tso_segs(r),
            None => (65_536 / self.cfg.packet_size_bytes.max(1)).max(1),
        }
    }

    /// Linux's TSO deferral (tcp_tso_should_defer, 6.18, with "tcp: fix
    /// tcp_tso_should_defer() vs large RTT"), asked before new data that begins a burst:
    /// wait for the next ACK rather than send a burst smaller than `tso_goal`, unless
    /// the sender is in recovery or loss, the last transmission left more than 1 ms ago
    /// (`TSO_DEFER_RECENT`; a paced sender's is its next departure time), a third of the
    /// window is free (`TSO_WIN_DIVISOR`), nothing is outstanding, or the oldest
    /// outstanding segment's ACK is due later than min(1 ms, SRTT / 2) from now. The next
    /// ACK (or pacing wake-up) asks again. Bulk senders only: a write queue of one
    /// segment goes by Nagle's rule instead, which lets a full segment go.
    fn tso_defers(&self, now: Time, pace: Option<f64>) -> bool {
        if !self.linux_loss() || self.in_sack_recovery || self.rto_recovery || self.curseq - self.t_seqno < 2 {
            return false;
        }
        let wstamp = if pace.is_some() { self.next_send.max(self.last_xmit) } else { self.last_xmit };
        if now > wstamp + TSO_DEFER_RECENT {
            return false;
        }
        let mss = self.cfg.packet_size_bytes.max(1) as u64;
        let cong_win = (self.w.cwnd as i64 - self.in_flight()).max(0) as u64;
        let send_win = self.send_window_left().max(0) as u64;
        let limit = cong_win.min(send_win);
        if limit >= self.tso_goal(pace) as u64 {
            return false;
        }
        let chunk = (self.wnd.min(self.w.cwnd).max(0.0) as u64 * mss) / TSO_WIN_DIVISOR;
        if limit * mss >= chunk {
            return false;
        }
        let Some(head) = self.rate.as_ref().and_then(|r| r.sent_time(self.highest_ack + 1)) else {
            return false;
        };
        let srtt = from_secs(self.rtt.srtt_s());
        let how_far = (head + srtt) as i64 - now as i64;
        how_far <= (srtt / 2).min(TSO_DEFER_RECENT) as i64
    }

    /// The pacing wake-up fired: send what the window allows now.
    pub fn on_pace(&mut self, now: Time, out: &mut Vec<Packet>) {
        self.on_pace_sends(now, out);
        self.close_push(out);
    }

    /// `on_pace`, but for the PSH of a burst still open (`close_push`).
    fn on_pace_sends(&mut self, now: Time, out: &mut Vec<Packet>) {
        self.pace_armed = false;
        if self.cfg.recovery == Recovery::Sack && self.in_sack_recovery {
            self.sack_send(now, out);
        } else {
            self.send_much(now, out);
        }
    }

    /// Limited transmit: one new segment on each of the first dupACKs.
    fn send_one(&mut self, now: Time, out: &mut Vec<Packet>) {
        if self.t_seqno as f64 <= self.highest_ack as f64 + self.wnd
            && self.t_seqno < self.curseq
            && self.t_seqno as f64 <= self.highest_ack as f64 + self.w.cwnd + self.dupacks as f64
        {
            self.output(self.t_seqno, now, out);
            if self.window_validation.is_some() {
                self.validate_window(self.t_seqno, now);
            }
            self.t_seqno += 1;
        }
    }

    /// ns-2's process_qoption_after_send (tcp/window_validation.rs) after segment `seq`
    /// left: the idle and application-limited cuts, each a slowdown with TCP_IDLE.
    #[cold]
    #[inline(never)]
    fn validate_window(&mut self, seq: i64, now: Time) {
        let tick = self.cfg.tick_s;
        let tick_now = (self.clock_s / tick + 0.5) as i64;
        let rto = (self.rtt.rtxcur_s() / tick) as i64;
        let srtt = self.rtt.srtt_ticks();
        let Some(v) = self.window_validation.as_mut() else { return };
        if let Some(cut) = v.idle(tick_now, rto, srtt) {
            self.validation_cut(cut, now);
        }
        // (the full-window test reads the window the idle cut left, as ns-2's window())
        let (highest_ack, window, curseq) = (self.highest_ack, self.window(), self.curseq);
        let v = self.window_validation.as_mut().expect("validating");
        if let Some(cut) = v.after_idle(tick_now, rto, seq, highest_ack, window, curseq) {
            self.validation_cut(cut, now);
        }
    }

    /// One of the window validation's cuts, each a slowdown with TCP_IDLE.
    #[cold]
    #[inline(never)]
    fn validation_cut(&mut self, cut: Cut, now: Time) {
        {
            // slowdown(THREE_QUARTER_SSTHRESH|TCP_IDLE): ssthresh to 3/4 of the window
            // if below it
            let mut ev = self.loss_event(now);
            self.slowdown_factors(&mut ev, false);
            let three_quarters = (3.0 * self.w.cwnd / 4.0).trunc();
            if self.w.ssthresh < 3.0 * self.w.cwnd / 4.0 {
                self.w.ssthresh = three_quarters;
            }
            self.w.ssthresh = self.w.ssthresh.max(2.0);
            match cut {
                Cut::Idle(n) => {
                    for _ in 0..n {
                        // slowdown(CWND_HALF_WITH_MIN|TCP_IDLE): the window to decreasewin
                        let mut ev = self.loss_event(now);
                        self.slowdown_factors(&mut ev, false);
                        self.w.cwnd = ev.kept.max(1.0);
                        self.w.ssthresh = self.w.ssthresh.max(2.0);
                    }
                }
                Cut::AppLimited(used) => {
                    // slowdown(CLOSE_CWND_HALF_WAY|TCP_IDLE): part way down to what was used
                    let mut ev = self.loss_event(now);
                    self.slowdown_factors(&mut ev, false);
                    let used = used as f64;
                    self.w.cwnd = (used + self.decrease_num * (ev.window_pkts - used)).max(1.0);
                    self.w.ssthresh = self.w.ssthresh.max(2.0);
                }
            }
        }
    }

    /// Re-arm the timer if data remains outstanding, else cancel it (ns-2 newtimer).
    fn newtimer(&mut self, ackno: i64, now: Time) {
        if self.t_seqno > ackno || ackno < self.maxseq || self.w.cwnd < 1.0 {
            self.set_rtx_timer(now);
        } else {
            self.rtx_deadline = None;
            self.rtx_timer_s = None;
        }
    }

    fn loss_event(&self, now: Time) -> LossEvent {
        let window_pkts = (self.w.cwnd + self.dupwnd as f64).min(self.wnd);
        let whole = self.cfg.whole_packet_cuts;
        LossEvent {
            now,
            // precisionReduce_ false: slowdown() cuts window(), the integer window
            window_pkts: if whole { window_pkts.floor() } else { window_pkts },
            srtt_s: self.rtt.srtt_s(),
            seg_bytes: self.cfg.packet_size_bytes,
            ssthresh_halves: true,
            cwnd_halves: true,
            kept: 0.5 * window_pkts,
            cwnd_floor: 1.0,
            whole_packets: whole,
        }
    }

    /// ns-2's slowdown() on a window cut: ssthresh takes half the window, or
    /// decreasewin (decrease_num_ of it, `tcp.aimd_decrease`, or HighSpeed TCP's cut),
    /// and so does cwnd where the cut sets it. Half for the connection's first cut and
    /// for a cut in slow start, for ssthresh after a timeout, and for cwnd whenever
    /// decrease_num_ is 0.5. Every slowdown ends the first decrease (`end_first_decrease`
    /// where nothing is cut by these).
    #[inline]
    fn slowdown_factors(&mut self, ev: &mut LossEvent, timeout: bool) {
        let first = std::mem::replace(&mut self.first_decrease, false);
        self.ca_count = 0;
        let slow_start = self.w.cwnd < self.w.ssthresh;
        let wd = (self.w.cwnd + self.dupwnd as f64).min(self.wnd);
        let binomial = self.window_rule.as_deref().and_then(|r| {
            r.binomial_kept(wd, ev.window_pkts, self.decrease_num, ev.whole_packets)
        });
        ev.kept = match (binomial, self.window_rule_slowdown()) {
            // binomial: windowd() less (1 - decrease_num_) windowd()^l
            (Some(k), _) => k,
            // HighSpeed: windowd() less its decrease of it, whole packets by (int) of
            // that (windowd(), not window(), even then)
            (None, Some(b)) => {
                let k = wd - b * wd;
                if ev.whole_packets {
                    k.trunc()
                } else {
                    k
                }
            }
            (None, None) => {
                let k = self.decrease_num * ev.window_pkts;
                if ev.whole_packets {
                    k.floor()
                } else {
                    k
                }
            }
        };
        ev.ssthresh_halves = first || slow_start || timeout;
        ev.cwnd_halves = first || slow_start || self.decrease_num == 0.5;
        // ns-2's slowdown() leaves cwnd where the cut puts it; satcc's RFC 6675
        // recovery keeps one segment
        ev.cwnd_floor = if self.cfg.recovery == Recovery::Sack { 1.0 } else { 0.0 };
    }

    /// A slowdown() that only restarts the window (CLOSE_CWND_ONE, CLOSE_CWND_INIT):
    /// it too ends ns-2's first decrease, and clears a counted increase's count (ns-2's
    /// `fcnt_ = count_ = 0`, as `slowdown_factors` does).
    #[inline]
    fn end_first_decrease(&mut self) {
        self.first_decrease = false;
        self.ca_count = 0;
        self.window_rule_slowdown();
    }

    /// The window rule's part of a slowdown (any slowdown, whatever it then cuts): what
    /// windowOption_ 2 to 5 gathered is cleared (fcnt_), and HighSpeed TCP's decrease,
    /// above its low window, computed and kept as decrease_num_ (returned).
    #[inline]
    fn window_rule_slowdown(&mut self) -> Option<f64> {
        let rule = self.window_rule.as_deref_mut()?;
        rule.on_slowdown();
        let hs = rule.highspeed()?;
        if !hs.cuts_at(self.w.cwnd) {
            return None;
        }
        let b = hs.decrease(self.w.cwnd);
        self.decrease_num = b;
        Some(b)
    }

    /// What the classifier needs to judge a loss seen at `now` with `feedback`.
    fn loss_facts(&self, now: Time, feedback: f64) -> LossFacts {
        LossFacts { now, feedback, srtt_s: self.rtt.srtt_s() }
    }

    /// A loss judged a link error: keep sending with the classifier's window.
    fn apply_link_error(&mut self, w: Window, counted: bool) {
        if counted {
            self.stats.link_error_losses += 1;
        }
        self.w = w;
    }

    /// A new cumulative ACK (ns-2 newack + opencwnd). The controller is told the
    /// segments the ACK newly delivered, when the sender keeps rate samples (Linux's
    /// tcp_ack hands tcp_cong_avoid `delivered`: segments SACKed before are not counted
    /// again when the cumulative ACK covers them), else the ACK's span, as ns-2.
    fn newack(&mut self, ack: &Packet, delivered: Option<u64>, now: Time) {
        let acked = delivered.map_or(ack.seq - self.last_ack, |d| d as i64);
        let prev_highest_ack = self.highest_ack;
        let sample = self.newack_state(ack, now);
        if self.cfg.grow_only_window_limited && self.t_seqno <= prev_highest_ack + self.window() {
            // control_increase_: not network_limited(), so no opencwnd (the ECN state
            // a new ACK updates still is)
            self.ecn_after_newack_if_any();
        } else {
            self.opencwnd(ack, acked, sample, now);
        }
        if self.last_ack == 0 && self.cfg.delay_growth {
            // the SYN's ACK: start with the initial window. ns-2 does this on the ACK of
            // seqno 0 with or without a SYN (delay_growth_), so without one the window
            // opened by packet 0's ACK falls back to the initial window
            self.w.cwnd = self.initial_window;
        }
        if self.window_validation.is_some() && self.curseq == self.highest_ack + 1 {
            // QOption_: everything the application gave is acknowledged, no timer
            self.rtx_deadline = None;
            self.rtx_timer_s = None;
        }
    }

    /// opencwnd's congestion avoidance by a windowOption_ other than 1 (the sender's own,
    /// not the controller's; build.rs allows them for the controllers that grow by
    /// opencwnd): out of the hot path, as few runs take it.
    #[cold]
    #[inline(never)]
    fn open_by_window_option(&mut self, ev: &AckEvent) {
        if let Some(rule) = self.window_rule.as_deref_mut() {
            rule.open(&mut self.w, ev);
        } else {
            // windowOption_ 0: a whole packet once cwnd new ACKs are counted
            self.ca_count += 1;
            if self.ca_count as f64 >= self.w.cwnd {
                self.ca_count = 0;
                self.w.cwnd += 1.0;
            }
        }
    }

    /// ns-2's opencwnd after a new ACK (recv_newack_helper), as the controller grows the
    /// window, `acked` segments newly acknowledged and the ACK's RTT sample if any.
    fn opencwnd(&mut self, ack: &Packet, acked: i64, sample: Option<f64>, now: Time) {
        let ev = AckEvent {
            now,
            acked_pkts: acked,
            rtt_sample_s: sample,
            srtt_s: self.rtt.srtt_s(),
            rwnd_pkts: ack.rwnd_pkts,
            aimd_increase: self.cfg.aimd_increase,
            limited_ss_pkts: if matches!(self.last_cwnd_action, CwndAction::None | CwndAction::Timeout) {
                self.cfg.max_ssthresh_pkts
            } else {
                0
            },
        };
        if !(self.ect && self.ack_ece) || (self.ecn_burst && self.cfg.ecn_open_in_echo_run) {
            // ns-2's recv_newack_helper opens the window only on ACKs that echo no mark,
            // or with old_ecn_ 1 on those after an ACK that echoed one (ecn_burst_)
            if self.cfg.window_increase == WindowIncrease::Fractional || self.w.cwnd < self.w.ssthresh {
                self.cc.on_ack(&mut self.w, &ev);
            } else {
                self.open_by_window_option(&ev);
            }
            cap_cwnd(&mut self.w, self.cfg.max_cwnd_pkts);
        }
        self.ecn_after_newack_if_any();
    }

    #[inline]
    fn ecn_after_newack_if_any(&mut self) {
        if self.ect || self.ack_ece {
            self.ecn_after_newack();
        }
    }

    /// ns-2's newack() without opencwnd(): the sequence state, the RTT sample (returned,
    /// seconds) and the timer.
    fn newack_state(&mut self, ack: &Packet, now: Time) -> Option<f64> {
        if !self.cfg.timer_after_sample {
            // timerfix_ false: the timer first, on the state before this ACK
            self.newtimer(ack.seq, now);
        }
        self.dupacks = 0;
        self.last_ack = ack.seq;
        self.prev_highest_ack = self.highest_ack;
        self.highest_ack = ack.seq;
        if self.t_seqno < self.last_ack + 1 {
            self.t_seqno = self.last_ack + 1;
        }
        if let Some(t) = self.last_send_times.as_mut() {
            t.release_below(ack.seq);
        }
        let mut sample = None;
        if let Some(echo) = self.ts_echo.take().filter(|_| self.cfg.timestamps) {
            self.echo_kept = echo;
            // ns-2's newack with ts_option_: every new ACK is timed by its echo
            let tao = self.clock_s - echo;
            self.rtt.update_echo(tao);
            sample = Some(tao);
            if self.cfg.ts_reset_rto && (!self.ect || !self.ecn_backoff || !self.ack_ece) {
                // ts_resetRTO_: the echo ends the backoff (but not under ECN-Echo's)
                self.rtt.reset_backoff();
                self.ecn_backoff = false;
            }
        }
        if self.rtt_active && ack.seq >= self.rtt_seq {
            if !self.ect || !self.ecn_backoff || !self.ack_ece {
                // ns-2 keeps the backoff while ECN-Echo holds the window at one packet
                self.rtt.reset_backoff();
                self.ecn_backoff = false;
            }
            self.rtt_active = false;
            let tao = to_secs(now - self.rtt_ts);
            if self.cfg.timestamps {
                // timed by the echo above: the timed segment only ends the backoff
            } else if !self.rtt.is_linux() {
                self.rtt.update(tao, to_secs(now));
                sample = Some(tao);
            } else {
                if self.cfg.syn && ack.seq == 0 {
                    // Linux measures the handshake's RTT too: SRTT is known when the
                    // initial window leaves (and paces it)
                    self.rtt.update_linux(tao, 1, self.maxseq + 1);
                }
                sample = Some(tao);
            }
        }
        if self.cfg.timer_after_sample {
            self.newtimer(ack.seq, now);
        }
        if let Some(rule) = self.window_rule.as_deref_mut() {
            // newack()'s last step: the averaged window (awnd_)
            rule.on_newack(self.w.cwnd);
        }
        sample
    }

    fn partial_ack(&mut self, ack: &Packet, now: Time, out: &mut Vec<Packet>) {
        let facts = self.loss_facts(now, ack.rwnd_pkts as f64);
        if let Verdict::LinkError(w) = self.loss.on_partial_ack(&facts) {
            // a link error (REFWA Plus): retransmit the window's missing packets at once
            // (go back to the first hole) at the feedback rate
            if !self.firstpartial || self.cfg.timer_every_partial_ack {
                self.firstpartial = true;
                self.newtimer(ack.seq, now);
            }
            self.last_ack = ack.seq;
            self.highest_ack = ack.seq;
            self.rtt_active = false;
            self.dupwnd = 0;
            self.apply_link_error(w, true);
            self.t_seqno = self.last_ack + 1;
            self.send_much(now, out);
            return;
        }
        if !self.cfg.partial_window_deflation {
            // partial_window_deflation_ 0: the inflation goes, nothing is deflated
            self.dupwnd = 0;
        }
        // partialnewack_helper: the timer on the recovery's first partial ACK
        // (newreno_changes1_), or on each
        if !self.firstpartial || self.cfg.timer_every_partial_ack {
            self.firstpartial = true;
            self.newtimer(ack.seq, now);
        }
        if self.cfg.partial_window_deflation {
            let deflate = ack.seq - self.last_ack;
            if self.dupwnd > deflate {
                self.dupwnd -= deflate - 1;
            } else {
                self.w.cwnd -= (deflate - self.dupwnd) as f64;
                self.dupwnd = 1;
            }
            if self.w.cwnd < 1.0 {
                self.w.cwnd = 1.0;
            }
        }
        self.last_ack = ack.seq;
        self.highest_ack = ack.seq;
        if self.t_seqno < self.last_ack + 1 {
            self.t_seqno = self.last_ack + 1;
        }
        if self.rtt_active && ack.seq >= self.rtt_seq {
            self.rtt_active = false;
            self.rtt.reset_backoff();
        }
        self.output(self.last_ack + 1, now, out);
    }

    fn fast_retransmit(&mut self, phi: u32, now: Time, out: &mut Vec<Packet>) {
        self.stats.fast_retransmits += 1;
        self.cong_action = true;
        self.recover = self.maxseq;
        let mut ev = self.loss_event(now);
        let facts = self.loss_facts(now, phi as f64);
        if let Verdict::LinkError(w) = self.loss.on_dupack_loss(&facts) {
            // a link error: retransmit, keep sending at the feedback rate
            self.set_rtx_timer(now);
            self.rtt_active = false;
            self.last_cwnd_action = CwndAction::DupAck;
            self.apply_link_error(w, true);
            self.output(self.last_ack + 1, now, out);
            self.dupwnd = self.cfg.dupack_threshold as i64;
            return;
        }
        match self.cfg.recovery {
            Recovery::Newreno => {
                self.set_rtx_timer(now);
                self.rtt_active = false;
                self.last_cwnd_action = CwndAction::DupAck;
                self.slowdown_factors(&mut ev, false);
                self.cc.on_fast_retransmit(&mut self.w, &ev);
                self.output(self.last_ack + 1, now, out);
            }
            Recovery::Tahoe | Recovery::Reno | Recovery::Sack | Recovery::Sack1 | Recovery::Fack | Recovery::Vegas => {
                self.last_cwnd_action = CwndAction::DupAck;
                self.slowdown_factors(&mut ev, false);
                self.cc.on_fast_retransmit(&mut self.w, &ev);
                self.set_rtx_timer(now);
                self.rtt_active = false;
                self.output(self.last_ack + 1, now, out);
            }
        }
        self.dupwnd = self.cfg.dupack_threshold as i64;
    }

    /// The third duplicate ACK (ns-2 dupack_action with bug_fix_ and bugfix_ss_):
    /// fast retransmit unless this window already had one, i.e. unless the ACK is
    /// still below `recover`, the highest packet sent when the last recovery or
    /// timeout began. Reno too: after a partial ACK has ended its fast recovery, a
    /// second hole in the same window waits for the timeout (ns-2 2.35 does so).
    /// Without the rule (`one_fast_retransmit_per_window` false, ns-2's bugFix_ false)
    /// every threshold's duplicate retransmits, an ECN flow's after a response in this
    /// window without a second cut.
    fn dupack_action(&mut self, phi: u32, now: Time, out: &mut Vec<Packet>) {
        let recovered = self.highest_ack > self.recover;
        let once = self.cfg.one_fast_retransmit_per_window;
        if recovered || self.first_packet_lost() || (!once && !self.cfg.ecn) {
            self.fast_retransmit(phi, now, out);
        } else if once && self.cfg.newreno_less_careful && self.highest_ack == self.recover {
            // RFC 2582's Less Careful variant (tcp/multiple_fast_retransmits.rs)
            self.fast_retransmit(phi, now, out);
        } else if self.cfg.ecn && self.last_cwnd_action == CwndAction::Ecn {
            // the window was already cut for ECN-Echo in this window of data: resend
            // without another cut (Reno's and NewReno's dupack_action)
            self.stats.fast_retransmits += 1;
            self.last_cwnd_action = CwndAction::DupAck;
            self.set_rtx_timer(now);
            self.rtt_active = false;
            self.output(self.last_ack + 1, now, out);
            self.dupwnd = self.cfg.dupack_threshold as i64;
        } else if !once || self.refast_heuristic() {
            self.fast_retransmit(phi, now, out);
        }
    }

    /// RFC 3782's heuristics (tcp/multiple_fast_retransmits.rs) under ns-2's bugFix_:
    /// the timestamp one first, then the ACK one.
    fn refast_heuristic(&self) -> bool {
        if let Some(t) = self.last_send_times.as_ref() {
            if t.get(self.highest_ack) == Some(self.echo_kept) {
                return true;
            }
        }
        self.cfg.newreno_ack_heuristic
            && self.w.cwnd > 1.0
            && self.highest_ack - self.prev_highest_ack <= self.cfg.dupack_threshold as i64
    }

    /// ns-2's TcpAgent::ecn for an ACK carrying ECN-Echo, before anything else of the
    /// ACK: at most once per window of data (an ACK above `recover`, or the first after
    /// a timeout), ssthresh and the window to half the usable window
    /// (slowdown(CLOSE_CWND_HALF | CLOSE_SSTHRESH_HALF), for every agent), the timer
    /// backed off if the window was already one packet at the last response. The window
    /// may fall below one packet (ns-2's slowdown does not raise it): nothing is sent
    /// until it grows or the timer, still armed (`newtimer`), fires.
    fn ecn_response(&mut self, seq: i64, now: Time) {
        if !(seq > self.recover || self.last_cwnd_action == CwndAction::Timeout) {
            return;
        }
        self.recover = self.maxseq;
        self.last_cwnd_action = CwndAction::Ecn;
        if self.w.cwnd <= 1.0 {
            if self.ecn_backoff {
                self.rtt.back_off();
            } else {
                self.ecn_backoff = true;
            }
        } else {
            self.ecn_backoff = false;
        }
        let mut ev = self.loss_event(now);
        self.slowdown_factors(&mut ev, false);
        self.w.ssthresh = ev.ssthresh_cut().max(2.0);
        self.w.cwnd = ev.cwnd_cut();
        self.cong_action = true;
        self.stats.ecn_responses += 1;
    }

    /// ns-2's recv_newack_helper after the window: the ECN state a new ACK updates.
    fn ecn_after_newack(&mut self) {
        if self.ect && !self.ack_ece {
            self.ecn_backoff = false;
        }
        if self.ect {
            // ns-2 sets ecn_burst_ on an echoing ACK and clears it on one that echoes
            // nothing: it is whether this ACK echoed
            self.ecn_burst = self.ack_ece;
        }
        // the receiver answered the first segment's setup (an ACK's CWR is never set)
        if !self.ect && self.ack_ece {
            self.ect = true;
        }
    }

    /// SACK-based recovery (RFC 6675) for one ACK and its blocks.
    fn on_ack_sack(&mut self, ack: &Packet, blocks: &SackBlocks, at: AckStart, now: Time, out: &mut Vec<Packet>) {
        let delivered = at.delivered;
        let thresh = self.cfg.dupack_threshold as i64;
        if let (Some(d), Some((before, probe))) = (blocks.dsack, self.timeout_probe) {
            if d == probe {
                // the segment the timeout resent had arrived: the timeout was caused by
                // lost or late ACKs, not by a lost segment
                self.timeout_probe = None;
                if self.cc.on_spurious_timeout(&mut self.w, before) {
                    self.stats.spurious_timeouts_undone += 1;
                }
            }
        }
        // (the scoreboard took in this ACK's blocks in on_ack_with)
        let linux = self.linux_loss();
        let advanced = ack.seq > self.last_ack;
        if linux {
            self.process_tlp_ack(ack, blocks, advanced, now);
        }
        let det = if linux { self.rack_detect(now, false) } else { Detection::default() };
        if advanced {
            if self.rto_recovery && ack.seq < self.recover {
                // Linux's Loss state: the window grows on every ACK (slow start from
                // one segment) while the holes are resent
                self.newack(ack, delivered, now);
            } else if self.in_sack_recovery && ack.seq < self.recover {
                // a partial ACK: stay in recovery, restart the timer (RFC 6675 5.1)
                self.last_ack = ack.seq;
                self.highest_ack = ack.seq;
                self.dupacks = 0;
                if self.t_seqno < self.last_ack + 1 {
                    self.t_seqno = self.last_ack + 1;
                }
                self.set_rtx_timer(now);
            } else {
                if self.in_sack_recovery {
                    self.in_sack_recovery = false;
                    self.rto_recovery = false;
                    self.last_cwnd_action = CwndAction::Exited;
                    if self.prr.take().is_some() {
                        // tcp_end_cwnd_reduction: the window is ssthresh
                        self.w.cwnd = self.w.ssthresh;
                    }
                }
                self.newack(ack, delivered, now);
            }
        } else if ack.seq == self.last_ack {
            self.dupacks += 1;
            let lost = self.scoreboard.is_lost(self.last_ack + 1);
            let recovered = self.highest_ack > self.recover || self.highest_ack == 0;
            if !self.in_sack_recovery && (self.dupacks >= thresh || lost) && recovered {
                self.enter_sack_recovery(now, out);
            } else if !self.in_sack_recovery && self.dupacks < thresh && self.cfg.limited_transmit && !self.sends_after_controller() {
                self.send_one(now, out);
            }
        }
        if linux {
            // tcp_time_to_recover: a segment marked lost and not yet delivered (lost_out),
            // whether found on this ACK or before, starts recovery, also on the ACK that
            // ended the last one (tcp_fastretrans_alert sets Open, then finds lost_out and
            // enters Recovery again: a controller sees no Open between the two)
            if !self.in_sack_recovery && self.scoreboard.lost_count() > 0 {
                self.enter_sack_recovery(now, out);
            }
            if let Some(t) = det.reo_timeout {
                // RACK's timer replaces the RTO's and the probe's (tcp_rack_mark_lost)
                let rto = from_secs(self.rtt.rto_s());
                self.rtx_deadline = Some((t + LINUX_TIMEOUT_MIN).max(now).min(now + rto));
                self.rtx_timer_s = None;
                self.timer = XmitTimer::Reo;
            } else if advanced {
                // tcp_set_xmit_timer: a probe if outside recovery, else the RTO newack set
                self.schedule_loss_probe(now, true);
            }
            if self.sends_after_controller() {
                return; // it sends after its controller has seen the ACK (on_ack_with)
            }
        }
        if self.in_sack_recovery {
            self.prr_reduce(at, advanced);
            self.sack_send(now, out);
        } else {
            self.send_much(now, out);
        }
    }

    /// PRR sets the window for this ACK of fast recovery (tcp_cwnd_reduction): what is
    /// in flight before this ACK's sends, plus what PRR allows.
    fn prr_reduce(&mut self, at: AckStart, una_advanced: bool) {
        let Some(mut p) = self.prr else { return };
        let sent_now = p.sent() - at.prr_sent.min(p.sent());
        let in_flight = (self.in_flight() - sent_now as i64).max(0) as u64;
        let newly_lost = self.scoreboard.lost_total() > at.lost_total;
        let ssthresh = self.w.ssthresh.max(0.0) as u64;
        if let Some(cwnd) = p.on_ack(ssthresh, in_flight, at.delivered.unwrap_or(0), newly_lost, una_advanced, p.sent() - sent_now) {
            self.w.cwnd = cwnd as f64;
        }
        self.prr = Some(p);
    }

    /// Enter SACK recovery (RFC 6675; Linux's tcp_enter_recovery): one window reduction
    /// and the head resent.
    fn enter_sack_recovery(&mut self, now: Time, out: &mut Vec<Packet>) {
        self.stats.fast_retransmits += 1;
        self.recover = self.maxseq;
        self.in_sack_recovery = true;
        self.tlp_high_seq = None;
        self.last_cwnd_action = CwndAction::DupAck;
        let mut ev = self.loss_event(now);
        self.slowdown_factors(&mut ev, false);
        let prior_cwnd = self.w.cwnd;
        self.cc.on_fast_retransmit(&mut self.w, &ev);
        if self.uses_prr() {
            self.prr = Some(Prr::new(prior_cwnd as u64));
        }
        self.rtt_active = false;
        self.set_rtx_timer(now);
        // a segment already resent in the previous episode (lost after
        // `recover`, repaired early) is not sent again; only a timeout resends it. A
        // Linux-like sender resends it with the other lost ones after its controller
        // has seen the ACK
        if !self.sends_after_controller() && !self.scoreboard.is_rexmitted(self.last_ack + 1) {
            self.output(self.last_ack + 1, now, out);
            self.scoreboard.mark_retransmitted(self.last_ack + 1);
        }
    }

    /// tcp_process_tlp_ack: the ACK of a tail loss probe. A probe of new data, a D-SACK
    /// of a resent one or a pure duplicate ACK (both copies arrived) ends it; an ACK
    /// beyond it shows it repaired a loss: one window reduction (Linux's CWR).
    fn process_tlp_ack(&mut self, ack: &Packet, blocks: &SackBlocks, advanced: bool, now: Time) {
        let Some(high) = self.tlp_high_seq else { return };
        let snd_una = ack.seq + 1;
        if snd_una < high {
            return;
        }
        if !self.tlp_retrans || blocks.dsack == Some(high - 1) {
            self.tlp_high_seq = None;
        } else if snd_una > high {
            self.tlp_high_seq = None;
            let mut ev = self.loss_event(now);
            self.slowdown_factors(&mut ev, false);
            self.cc.on_fast_retransmit(&mut self.w, &ev);
        } else if !advanced && self.scoreboard.newly_sacked() == 0 {
            self.tlp_high_seq = None;
        }
    }

    /// The tail loss probe's timer fired (tcp_send_loss_probe): one new segment if the
    /// advertised window allows, whatever cwnd says, else the last one sent again;
    /// then the RTO from now. With a probe outstanding, only the RTO is re-armed.
    fn send_loss_probe(&mut self, now: Time, out: &mut Vec<Packet>) {
        if self.tlp_high_seq.is_none() {
            let new_data = self.t_seqno < self.curseq && self.t_seqno as f64 <= self.highest_ack as f64 + self.wnd;
            let probe = if new_data {
                self.tlp_retrans = false;
                Some(self.t_seqno)
            } else if self.maxseq > self.highest_ack {
                self.tlp_retrans = true;
                Some(self.maxseq)
            } else {
                None
            };
            if let Some(seq) = probe {
                self.output(seq, now, out);
                if new_data {
                    self.t_seqno += 1;
                } else {
                    self.scoreboard.mark_retransmitted(seq);
                }
                self.tlp_high_seq = Some(self.maxseq + 1);
                self.set_rtx_timer(now);
                return;
            }
        }
        self.rtx_deadline = Some(now + self.rto_from_head(now));
        self.rtx_timer_s = None;
        self.timer = XmitTimer::Rto;
    }

    /// RACK's reordering timer fired (tcp_rack_reo_timeout): what is lost now starts
    /// a recovery and is resent; then the RTO from the oldest segment's send time.
    fn on_reo_timeout(&mut self, now: Time, out: &mut Vec<Packet>) {
        let det = self.rack_detect(now, true);
        if det.lost {
            let recovered = self.highest_ack > self.recover || self.highest_ack == 0;
            if !self.in_sack_recovery && recovered && self.scoreboard.is_lost(self.highest_ack + 1) {
                self.enter_sack_recovery(now, out);
            }
            if self.in_sack_recovery {
                self.sack_send(now, out);
            }
        }
        if self.rtx_deadline.is_none() || self.timer != XmitTimer::Rto {
            self.rtx_deadline = Some(now + self.rto_from_head(now));
            self.rtx_timer_s = None;
            self.timer = XmitTimer::Rto;
        }
    }

    /// Linux's RACK (RFC 8985; tcp/rack.rs) after an ACK that delivered something, or
    /// when its timer fires (`forced`).
    fn rack_detect(&mut self, now: Time, forced: bool) -> Detection {
        let Some(r) = self.rate.as_mut() else { return Detection::default() };
        if !forced && !std::mem::take(&mut r.rack_advanced) {
            return Detection::default();
        }
        self.rack.detect(&mut self.scoreboard, r, now, self.in_sack_recovery)
    }

    /// RFC 6675 (C): send while cwnd - pipe >= 1: lost segments first, then new data.
    fn sack_send(&mut self, now: Time, out: &mut Vec<Packet>) {
        let pace = self.pacing_rate();
        let mut pipe = self.scoreboard.pipe(self.maxseq);
        let (mut new_sent, mut deferred) = (0, false);
        while (self.w.cwnd.min(self.wnd) as i64) - pipe >= 1 {
            let lost = self.scoreboard.next_lost();
            let (seq, retx) = match lost {
                Some(s) => (s, true),
                None => (self.t_seqno, false),
            };
            if pace.is_some() && !self.pace_slot(now, seq, retx) {
                return;
            }
            if let Some(s) = lost {
                self.output(s, now, out);
                self.scoreboard.mark_retransmitted(s);
                if self.rate.is_some() && s == self.highest_ack + 1 {
                    // Linux re-arms the timer when it resends the head (tcp_xmit_retransmit_queue)
                    self.set_rtx_timer(now);
                }
            } else if self.t_seqno < self.curseq && self.t_seqno as f64 <= self.highest_ack as f64 + self.wnd {
                if self.skb_starts(now, pace, new_sent) && self.tso_defers(now, pace) {
                    deferred = true;
                    break;
                }
                self.output(self.t_seqno, now, out);
                self.t_seqno += 1;
                new_sent += 1;
            } else {
                break;
            }
            if let Some(r) = pace {
                self.paced(now, r, seq, retx);
            }
            pipe += 1;
        }
        if self.rate.is_some() {
            self.note_limits(now, deferred);
        }
    }

    /// Process an ACK arriving at `now` (with its SACK blocks, for SACK flows); new
    /// packets go to `out`.
    pub fn on_ack_with(&mut self, ack: &Packet, blocks: Option<SackBlocks>, now: Time, out: &mut Vec<Packet>) {
        self.on_ack_with_sends(ack, blocks, now, out);
        self.close_push(out);
    }

    /// `on_ack_with`, but for the PSH of a burst still open (`close_push`).
    fn on_ack_with_sends(&mut self, ack: &Packet, blocks: Option<SackBlocks>, now: Time, out: &mut Vec<Packet>) {
        self.stats.acks_received += 1;
        self.ack_rwnd = ack.rwnd_pkts as f64;
        self.wnd = self.window_from_ack();
        let obs = AckObservation {
            now,
            newly_acked: (ack.seq - self.last_ack).max(0),
            dup: ack.seq == self.last_ack,
            rtt_sample_s: None,
            seg_bytes: self.cfg.packet_size_bytes,
        };
        self.cc.observe_ack(&obs);
        let lost_before = self.scoreboard.lost_total();
        let sample = self.rate.is_some().then(|| self.rate_sample(ack, blocks.as_ref(), now));
        let at = AckStart {
            lost_total: lost_before,
            prr_sent: self.prr.map_or(0, |p| p.sent()),
            delivered: sample.as_ref().map(|s| s.rate.acked_sacked),
        };
        if self.rate.is_none() && self.cfg.recovery == Recovery::Sack {
            self.scoreboard.update(ack.seq.max(self.last_ack), &blocks.unwrap_or_default());
        }
        let retransmits_before = self.stats.retransmits;
        if let Some(s) = &sample {
            self.cc.on_rate_sample(&mut self.w, s);
        }
        match self.cfg.recovery {
            Recovery::Sack => self.on_ack_sack(ack, &blocks.unwrap_or_default(), at, now, out),
            Recovery::Sack1 => self.on_ack_sack1(ack, &blocks.unwrap_or_default(), now, out),
            Recovery::Fack => self.on_ack_fack(ack, &blocks.unwrap_or_default(), now, out),
            Recovery::Vegas => self.on_ack_vegas(ack, now, out),
            Recovery::Tahoe | Recovery::Reno | Recovery::Newreno => self.on_ack_cumulative(ack, at.delivered, now, out),
        }
        if let Some(mut s) = sample {
            s.in_flight = self.in_flight().max(0) as u64;
            s.in_recovery = self.in_recovery();
            // SRTT after this ACK's sample (the handshake's is taken in newack)
            s.srtt_s = self.rtt.srtt_s();
            s.rate.losses = if self.linux_loss() {
                // segments this ACK marked lost (Linux's tp->lost - prior lost)
                self.scoreboard.lost_total() - lost_before
            } else {
                // those it made the sender resend
                self.stats.retransmits - retransmits_before
            };
            s.snd_nxt = self.maxseq + 1;
            self.cc.cong_control(&mut self.w, &s);
            if self.cc.marks_app_limited() {
                let in_flight = self.in_flight();
                if let Some(r) = self.rate.as_mut() {
                    r.on_app_limited(in_flight);
                }
            }
            // the controller may have opened the window (BBR); a Linux-like sender sends
            // only now, after the controller set it (tcp_ack, then tcp_xmit_recovery and
            // tcp_data_snd_check): lost segments first, then new data while in flight
            // (SACKed and lost ones not counted) is below cwnd
            if self.sends_after_controller() || self.in_sack_recovery {
                self.sack_send(now, out);
            } else if !s.in_recovery {
                self.send_much(now, out);
            }
        }
    }

    fn in_recovery(&self) -> bool {
        if self.cfg.recovery == Recovery::Sack {
            self.in_sack_recovery
        } else if self.cfg.recovery == Recovery::Sack1 {
            self.sack1.fastrecov
        } else if let Some(f) = self.fack.as_ref() {
            f.fastrecov
        } else {
            self.last_cwnd_action == CwndAction::DupAck && self.highest_ack < self.recover
        }
    }

    /// The rate sample of one ACK: the segments it delivers, cumulatively and by SACK.
    fn rate_sample(&mut self, ack: &Packet, blocks: Option<&SackBlocks>, now: Time) -> AckSample {
        let in_flight = self.in_flight();
        let from = self.last_ack + 1;
        let r = self.rate.as_mut().expect("rate samples kept");
        r.begin_ack(in_flight, now);
        for seq in from..=ack.seq {
            r.on_delivered(seq, false);
        }
        if self.cfg.recovery == Recovery::Sack {
            // one walk of the blocks for the scoreboard and the rate sample: the segments
            // they SACK for the first time
            self.scoreboard.update_with(ack.seq.max(self.last_ack), &blocks.copied().unwrap_or_default(), |seq| {
                r.on_delivered(seq, true)
            });
        }
        // Linux's timestamps: an ACK that acknowledges anything cumulatively echoes
        // the copy the receiver took of the segment at its left edge (the oldest it
        // covers): named by the receiver where the ACK carries a record (SACK), else
        // inferred (a copy still on its way does not count)
        let echo = match (self.rtt.is_linux() && ack.seq >= from, self.ack_echo.take()) {
            (false, _) => None,
            (true, Some(e)) => r.sent_time_of_copy(e.seq, e.copy),
            (true, None) => r.answered_sent_time(from, now),
        };
        let echo = echo.map(|e| self.ts_clock.sender_rtt_s(e, now));
        let rate = r.end_ack_echoing(now, ack.seq.max(self.last_ack) + 1, echo);
        if let (true, Some(m)) = (self.rtt.is_linux(), rate.srtt_sample_s) {
            // Linux: a sample from every ACK that has one (tcp_ack_update_rtt)
            self.rtt.update_linux(m, ack.seq.max(self.last_ack) + 1, self.maxseq + 1);
            self.rtt.reset_backoff();
        }
        AckSample {
            now,
            rate,
            in_flight: 0,
            cwnd_limited: self.cwnd_limited,
            in_recovery: self.in_recovery(),
            srtt_s: self.rtt.srtt_s(),
            seg_bytes: self.cfg.packet_size_bytes,
            rwnd_pkts: ack.rwnd_pkts,
            snd_una: ack.seq.max(self.last_ack) + 1,
            snd_nxt: self.maxseq + 1,
        }
    }

    /// Process an ACK arriving at `now` (without SACK blocks); new packets go to `out`.
    #[inline]
    pub fn on_ack(&mut self, ack: &Packet, now: Time, out: &mut Vec<Packet>) {
        self.on_ack_with(ack, None, now, out)
    }

    /// Reno/NewReno recovery (ns-2's agents) for one cumulative ACK.
    fn on_ack_cumulative(&mut self, ack: &Packet, delivered: Option<u64>, now: Time, out: &mut Vec<Packet>) {
        // only an ECN flow's receiver sets ECE (tcp/sink.rs)
        self.ack_ece = ack.ece();
        if self.ack_ece {
            self.ecn_response(ack.seq, now);
        }
        self.loss.observe_ack(now, ack.rwnd_pkts);
        let thresh = self.cfg.dupack_threshold as i64;
        // (aggressive_maxburst_ 0: an ACK below last_ack_ sends nothing)
        let sends = self.cfg.send_on_old_ack || ack.seq >= self.last_ack;
        match self.cfg.recovery {
            Recovery::Newreno => {
                if ack.seq > self.last_ack {
                    if ack.seq >= self.recover || self.last_cwnd_action != CwndAction::DupAck {
                        // leave recovery (ns-2 tests dupwnd > 0, which always holds in
                        // recovery with partial window deflation unless REFWA Plus zeroed
                        // it for a bulk retransmit; without deflation a partial ACK
                        // zeroes it, and ns-2's test then fails)
                        let inflated = self.dupwnd > 0;
                        if inflated
                            || (self.last_cwnd_action == CwndAction::DupAck && self.cfg.partial_window_deflation)
                        {
                            self.dupwnd = 0;
                            if self.last_cwnd_action == CwndAction::DupAck {
                                self.last_cwnd_action = CwndAction::Exited;
                            }
                        }
                        if inflated && self.cfg.exit_recovery_at_flight {
                            // exit_recovery_fix_: the window to what is outstanding, if
                            // that is below ssthresh
                            let outstanding = (self.maxseq - ack.seq + 1) as f64;
                            self.w.cwnd = if self.w.ssthresh < outstanding { self.w.ssthresh } else { outstanding };
                        }
                        self.firstpartial = false;
                        if self.last_cwnd_action != CwndAction::DupAck {
                            self.loss.on_normal_ack(ack.rwnd_pkts);
                        }
                        self.newack(ack, delivered, now);
                    } else {
                        self.partial_ack(ack, now, out);
                    }
                } else if ack.seq == self.last_ack {
                    self.dupacks += 1;
                    if self.dupacks == thresh {
                        self.dupack_action(ack.rwnd_pkts, now, out);
                        if !self.cfg.exit_fast_retransmit {
                            self.dupwnd = thresh;
                        }
                    } else if self.dupacks > thresh
                        && (!self.cfg.exit_fast_retransmit || self.last_cwnd_action == CwndAction::DupAck)
                    {
                        self.dupwnd += 1;
                    } else if self.dupacks < thresh && self.cfg.limited_transmit {
                        self.send_one(now, out);
                    }
                }
                if sends && self.dupacks == 0 {
                    self.send_much(now, out);
                } else if sends && self.dupacks > thresh - 1 {
                    // ns-2 sends at most two packets per ACK during recovery
                    self.send_much_forced(now, 2, false, out);
                }
            }
            Recovery::Sack | Recovery::Sack1 | Recovery::Fack | Recovery::Vegas => {
                unreachable!("SACK and Vegas flows take on_ack_sack, on_ack_sack1, on_ack_fack or on_ack_vegas")
            }
            Recovery::Tahoe => {
                // TcpAgent::recv: a new ACK opens the window; the third duplicate goes
                // back N; every ACK then sends what the window allows (aggressive_maxburst_)
                if ack.seq > self.last_ack {
                    self.newack(ack, delivered, now);
                } else if ack.seq == self.last_ack {
                    self.dupacks += 1;
                    if self.dupacks == thresh {
                        // (noFastRetrans_: the duplicate counted, nothing done)
                        if self.cfg.fast_retransmit {
                            self.dupack_action_tahoe(now);
                        }
                    } else if self.dupacks < thresh && self.cfg.limited_transmit {
                        self.send_one(now, out);
                    }
                }
                // (EnblRTTCtr_: TcpAgent::recv's process_qoption_after_ack, for every ACK)
                if let Some(v) = self.window_validation.as_mut() {
                    v.on_ack(ack.seq, self.dupacks == thresh);
                }
                if sends {
                    self.send_much(now, out);
                }
            }
            Recovery::Reno => {
                if ack.seq > self.last_ack {
                    // any new ACK ends Reno's fast recovery
                    if self.last_cwnd_action == CwndAction::DupAck {
                        self.last_cwnd_action = CwndAction::Exited;
                    }
                    self.dupwnd = 0;
                    self.newack(ack, delivered, now);
                } else if ack.seq == self.last_ack {
                    self.dupacks += 1;
                    if self.dupacks == thresh {
                        self.dupack_action(ack.rwnd_pkts, now, out);
                        if !self.cfg.exit_fast_retransmit {
                            self.dupwnd = thresh;
                        }
                    } else if self.dupacks > thresh
                        && (!self.cfg.exit_fast_retransmit || self.last_cwnd_action == CwndAction::DupAck)
                    {
                        // only a fast recovery inflates the window: after a declined
                        // retransmit (below `recover`) the dupACKs send nothing, as in
                        // ns-2 2.35 (exitFastRetrans_ 1, its default); without it
                        // (exit_fast_retransmit false) they inflate it all the same
                        self.dupwnd += 1;
                    } else if self.dupacks < thresh && self.cfg.limited_transmit {
                        self.send_one(now, out);
                    }
                }
                if sends && (self.dupacks == 0 || self.dupacks > thresh - 1) {
                    self.send_much(now, out);
                }
            }
        }
    }

    /// Tahoe's dupack_action (TcpAgent's, bug_fix_ and bugfix_ss_): unless this window
    /// already had one, ssthresh to half the window, the window to one, the timer reset
    /// without backoff, and the sender back to the first unacknowledged segment
    /// (reset_rtx_timer(0, 0)); the ACK's send_much then resends it.
    fn dupack_action_tahoe(&mut self, now: Time) {
        let recovered = self.highest_ack > self.recover;
        let once = self.cfg.one_fast_retransmit_per_window;
        if !(recovered || self.first_packet_lost() || (!once && !self.cfg.ecn)) {
            if self.cfg.ecn && self.last_cwnd_action == CwndAction::Ecn {
                // the window was already halved for ECN-Echo: to one packet, ssthresh
                // kept (slowdown(CLOSE_CWND_ONE)), and back N (reset_rtx_timer(0, 0))
                self.stats.fast_retransmits += 1;
                self.last_cwnd_action = CwndAction::DupAck;
                self.end_first_decrease();
                self.w.cwnd = 1.0;
                self.w.ssthresh = self.w.ssthresh.max(2.0);
                self.cong_action = true;
                self.set_rtx_timer(now);
                self.t_seqno = self.highest_ack + 1;
                self.rtt_active = false;
                return;
            }
            if once {
                return;
            }
        }
        self.stats.fast_retransmits += 1;
        self.cong_action = true;
        self.recover = self.maxseq;
        self.last_cwnd_action = CwndAction::DupAck;
        let mut ev = self.loss_event(now);
        self.slowdown_factors(&mut ev, false);
        self.cc.on_fast_retransmit(&mut self.w, &ev);
        self.set_rtx_timer(now);
        self.t_seqno = self.highest_ack + 1;
        self.rtt_active = false;
    }

    /// Vegas's output(): a bare packetSize_ segment (no header, no SYN), its send time
    /// on the Vegas clock recorded, the timer set only if none is pending.
    fn output_vegas(&mut self, seqno: i64, now: Time, out: &mut Vec<Packet>) {
        let wnd = self.wnd as i64;
        let v = self.vegas.as_mut().expect("a Vegas sender");
        let t = v.clock(self.clock_s);
        v.on_send(seqno, t, wnd);
        let tos = self.data_tos();
        out.push(Packet {
            flow: self.flow,
            kind: PacketKind::Data,
            seq: seqno,
            size_bytes: self.cfg.packet_size_bytes as u16,
            ttl: self.cfg.initial_ttl,
            tos,
            aux: 0,
            rwnd_pkts: self.stamp(),
            hop: 0,
        });
        self.outputs += 1;
        self.note_sent(seqno, now);
        self.stats.data_pkts_sent += 1;
        if self.rtx_deadline.is_none() {
            self.set_rtx_timer(now);
        }
    }

    /// VegasTcpAgent::recv for one ACK (no ECN): new ACKs deflate an inflated window,
    /// apply the once-per-RTT rule and take fine-grained RTT samples; a duplicate whose
    /// segment's fine-grained timer ran out, or the third, resends it and cuts the window.
    fn on_ack_vegas(&mut self, ack: &Packet, now: Time, out: &mut Vec<Packet>) {
        let thresh = self.cfg.dupack_threshold as i64;
        let t = self.vegas.as_ref().expect("a Vegas sender").clock(self.clock_s);
        self.vegas.as_mut().expect("a Vegas sender").first_ack(t);
        if ack.seq > self.last_ack {
            if self.last_ack == 0 && self.cfg.delay_growth {
                // delay_growth_, tested before the ACK is taken in
                self.w.cwnd = self.initial_window;
            }
            let newcwnd = self.vegas.as_ref().map_or(0.0, |v| v.newcwnd);
            if self.dupacks > thresh && self.w.cwnd > newcwnd {
                // the window was inflated by duplicates: back to the cut
                self.w.cwnd = newcwnd;
                self.w.ssthresh = 2.0;
            }
            let oldack = self.last_ack;
            // recv_newack_helper: newack, no opencwnd
            self.newack_state(ack, now);
            let (t_seqno, last_ack) = (self.t_seqno, self.last_ack);
            let v = self.vegas.as_mut().expect("a Vegas sender");
            v.per_rtt(&mut self.w, ack.seq, t_seqno, last_ack, t);
            // Vegas obeys maxcwnd_ right after its increase too
            cap_cwnd(&mut self.w, self.cfg.max_cwnd_pkts);
            v.on_new_ack(ack.seq, oldack, t);
            if v.worried > 0 {
                // the first two new ACKs after a retransmission: resend a segment whose
                // fine-grained timer ran out (the window was cut already)
                v.worried -= 1;
                match v.expired(ack.seq, t) {
                    Some(seq) => {
                        self.dupacks = thresh;
                        self.output_vegas(seq, now, out);
                    }
                    None => v.worried = 0,
                }
            }
        } else if ack.seq == self.last_ack {
            self.dupacks += 1;
            let v = self.vegas.as_ref().expect("a Vegas sender");
            let expired = v.expired(ack.seq, t);
            if expired.is_some() || self.dupacks == thresh {
                let (send_time, transmits) = v.sent(self.last_ack + 1);
                // bug_fix_: no second retransmission after a timeout until `recover`
                if !self.cfg.one_fast_retransmit_per_window
                    || self.highest_ack > self.recover
                    || self.last_cwnd_action != CwndAction::Timeout
                {
                    let win = self.window();
                    self.last_cwnd_action = CwndAction::DupAck;
                    self.recover = self.maxseq;
                    self.stats.fast_retransmits += 1;
                    let outstanding = self.t_seqno - self.last_ack;
                    let v = self.vegas.as_mut().expect("a Vegas sender");
                    v.worried = outstanding.min(2);
                    if let Some(cwnd) = v.cut(win, send_time, transmits, t) {
                        // inflated by the duplicates so far
                        self.w.cwnd = cwnd + self.dupacks as f64;
                    }
                    // reset_rtx_timer(1): back off, restart, no RTT sample in flight
                    self.rtt.back_off();
                    self.set_rtx_timer(now);
                    self.rtt_active = false;
                    self.output_vegas(expired.unwrap_or(self.last_ack + 1), now, out);
                    if transmits == 1 {
                        self.dupacks = thresh;
                    }
                }
            } else if self.dupacks > thresh {
                self.w.cwnd += 1.0;
            }
        }
        if self.dupacks == 0 || self.dupacks > thresh - 1 {
            self.send_much(now, out);
        }
    }

    /// VegasTcpAgent::timeout: back off, go back to the first unacknowledged segment,
    /// ssthresh to half the window and the window to two.
    fn timeout_vegas(&mut self, now: Time, out: &mut Vec<Packet>) {
        if self.highest_ack == self.maxseq && !self.cfg.slow_start_restart {
            // slow_start_restart_ 0: nothing outstanding, nothing done (the timer stays
            // off until a segment leaves)
            return;
        }
        // slow_start_restart_ 1: also with nothing outstanding
        self.dupacks = 0;
        self.recover = self.maxseq;
        self.last_cwnd_action = CwndAction::Timeout;
        // reset_rtx_timer(0): backoff, the timer, back to highest_ack + 1
        self.rtt.back_off();
        self.set_rtx_timer(now);
        self.t_seqno = self.highest_ack + 1;
        self.rtt_active = false;
        self.stats.timeouts += 1;
        let mut ev = self.loss_event(now);
        self.slowdown_factors(&mut ev, true);
        self.cc.on_timeout(&mut self.w, &ev);
        let v = self.vegas.as_mut().expect("a Vegas sender");
        v.newcwnd = 0.0;
        v.cwnd_changed = v.clock(self.clock_s);
        // VegasTcpAgent::timeout calls send_much(0, reason): maxburst's default, 0
        self.send_much_forced(now, 0, false, out);
    }

    /// ns-2 2.35's Agent/TCP/Sack1 for one ACK and its blocks (tcp-sack1.cc's recv, with
    /// ns-2's defaults: partial_ack_ 0, aggressive_maxburst_ 1, no ECN or
    /// F-RTO). Outside fast recovery a duplicate ACK counts only if its blocks changed
    /// the scoreboard; in recovery the pipe falls by one per ACK (two per partial ACK)
    /// and the ACK reaching `recover` ends it without opening the window.
    fn on_ack_sack1(&mut self, ack: &Packet, blocks: &SackBlocks, now: Time, out: &mut Vec<Packet>) {
        // only an ECN flow's receiver sets ECE (tcp/sink.rs)
        self.ack_ece = ack.ece();
        if self.ack_ece {
            self.ecn_response(ack.seq, now);
        }
        // (aggressive_maxburst_ 0: an ACK below last_ack_ sends nothing)
        let sends = self.cfg.send_on_old_ack || ack.seq >= self.last_ack;
        if !self.sack1.fastrecov {
            if ack.seq > self.last_ack {
                // recv_newack_helper: newack and opencwnd
                self.firstpartial = false;
                self.newack(ack, None, now);
                self.sack1.timeout = false;
                self.sack1.scoreboard.clear();
            } else if ack.seq == self.last_ack && !self.sack1.timeout {
                self.sack1.scoreboard.update(self.highest_ack, blocks);
                if self.sack1.scoreboard.changed() {
                    self.dupacks += 1;
                    // (numdupacks(cwnd_): the window after any ECN response above)
                    let thresh = self.sack1_dupthresh();
                    if self.dupacks == thresh {
                        self.dupack_action_sack1(now, out);
                    } else if self.dupacks < thresh && self.cfg.limited_transmit {
                        self.send_one(now, out);
                    }
                }
            }
            if sends && self.dupacks == 0 {
                self.send_much_sack1(false, self.cfg.max_burst_pkts, now, out);
            }
            return;
        }
        self.sack1.pipe -= 1;
        if ack.seq >= self.recover {
            // recovery is over: newack without opencwnd
            self.recover = 0;
            self.sack1.fastrecov = false;
            self.newack_state(ack, now);
            self.sack1.timeout = false;
            self.sack1.scoreboard.clear();
        } else if ack.seq > self.highest_ack {
            // a partial ACK: highest_ack moves, last_ack stays
            self.highest_ack = ack.seq;
            self.sack1.scoreboard.update(self.highest_ack, blocks);
            if self.cfg.sack1_partial_ack {
                // partial_ack_: two segments out at once, the pipe as it was, the
                // timer on the recovery's first partial ACK only
                self.sack1_partial_ack_action(now, out);
                self.sack1.pipe += 1;
                if !self.firstpartial {
                    self.newtimer(ack.seq, now);
                    self.rtt.reset_backoff();
                    self.firstpartial = true;
                }
            } else {
                self.sack1.pipe -= 1;
                self.newtimer(ack.seq, now);
                self.rtt.reset_backoff();
            }
        } else if !self.sack1.timeout {
            self.sack1.scoreboard.update(self.highest_ack, blocks);
            if self.sack1.scoreboard.changed() && self.dupacks > 0 {
                self.dupacks += 1;
            }
        }
        if sends {
            self.send_much_sack1(false, self.cfg.max_burst_pkts, now, out);
        }
    }

    /// Sack1's partial_ack_action (ns-2's partial_ack_ 1): two segments in answer to a
    /// partial ACK, each the first not acknowledged nor SACKed from `next_pkt` on (or
    /// `next_pkt` itself, above every SACKed range), so as not to do worse than slow
    /// start; `next_pkt` (next_pkt_, read by this rule only) goes on from there.
    #[cold]
    fn sack1_partial_ack_action(&mut self, now: Time, out: &mut Vec<Packet>) {
        if self.sack1.next_pkt < self.highest_ack + 1 {
            self.sack1.next_pkt = self.highest_ack + 1;
        }
        for _ in 0..2 {
            let next = self.sack1.scoreboard.next_unacked(self.sack1.next_pkt);
            if next > self.sack1.next_pkt {
                self.sack1.next_pkt = next;
            }
            if self.t_seqno < self.sack1.next_pkt {
                self.t_seqno = self.sack1.next_pkt;
            }
            self.output(self.sack1.next_pkt, now, out);
            self.sack1.scoreboard.mark_retran(self.sack1.next_pkt);
            self.sack1.next_pkt += 1;
        }
    }

    /// ns-2's bugfix_ss_ escape in dupack_action: nothing acknowledged yet, so the
    /// first data segment was lost and fast retransmit goes ahead whatever `recover`.
    fn first_packet_lost(&self) -> bool {
        self.highest_ack == 0 && self.cfg.first_packet_loss_fix
    }

    /// Sack1's duplicate ACK threshold now (Sack1TcpAgent::numdupacks(cwnd_)):
    /// numdupacks_, or floor(cwnd) / numdupacksFrac_ if that is more.
    fn sack1_dupthresh(&self) -> i64 {
        let t = self.cfg.dupack_threshold as i64;
        match self.cfg.dupack_threshold_cwnd_divisor {
            0 => t,
            k => t.max(self.w.cwnd as i64 / k as i64),
        }
    }

    /// Sack1's dupack_action (bug_fix_, bugfix_ss_): fast retransmit unless this window
    /// already had one; the pipe starts at what is out less the duplicate ACKs. With ECN,
    /// in the window of an ECN response, fast recovery starts without a second cut.
    fn dupack_action_sack1(&mut self, now: Time, out: &mut Vec<Packet>) {
        let recovered = self.highest_ack > self.recover;
        let once = self.cfg.one_fast_retransmit_per_window;
        let plain = recovered || self.first_packet_lost() || (!once && !self.cfg.ecn);
        let ecn_again = !plain && self.cfg.ecn && self.last_cwnd_action == CwndAction::Ecn;
        if !plain && !ecn_again && once {
            return;
        }
        // (bugFix_ false: a window already cut is cut again, unless by an ECN response)
        let cut = !ecn_again;
        self.stats.fast_retransmits += 1;
        if cut {
            self.recover = self.maxseq;
        }
        // (LimTransmitFix_: the segments limited transmit sent are still out)
        let left = if self.cfg.limited_transmit && self.cfg.limited_transmit_fix { 1 } else { self.sack1_dupthresh() };
        self.sack1.pipe = self.maxseq - self.highest_ack - left;
        // reset_rtx_timer(1, 0)
        self.set_rtx_timer(now);
        self.rtt_active = false;
        self.sack1.fastrecov = true;
        self.sack1.scoreboard.mark_retran(self.highest_ack + 1);
        self.last_cwnd_action = CwndAction::DupAck;
        if cut {
            let mut ev = self.loss_event(now);
            self.slowdown_factors(&mut ev, false);
            self.cc.on_fast_retransmit(&mut self.w, &ev);
            self.cong_action = true;
        }
        self.output(self.last_ack + 1, now, out);
    }

    /// Sack1's send_much: outside recovery while the window allows, in recovery while
    /// the pipe is below cwnd; the scoreboard's next hole first (resent only after a
    /// recovery or timeout began, `recover` > 0), else new data.
    fn send_much_sack1(&mut self, force: bool, maxburst: u32, now: Time, out: &mut Vec<Packet>) {
        let Some(delayed) = self.delays_sends(force) else { return };
        let mut win = self.window();
        let wnd = self.wnd as i64;
        let mut n = 0;
        loop {
            let open = if self.sack1.fastrecov {
                self.sack1.pipe < self.w.cwnd as i64
            } else {
                self.t_seqno <= self.last_ack + win
            };
            if !open || self.last_ack + 1 >= self.curseq {
                return;
            }
            if delayed {
                self.arm_delayed_send();
                return;
            }
            let xmit = match self.sack1.scoreboard.next_retran() {
                None => {
                    let room = if self.sack1.fastrecov {
                        self.t_seqno <= self.highest_ack + wnd
                    } else {
                        self.t_seqno <= self.highest_ack + win
                    };
                    if !(room && self.t_seqno < self.curseq) {
                        return;
                    }
                    self.t_seqno += 1;
                    self.t_seqno - 1
                }
                Some(x) if self.recover > 0 && x <= self.highest_ack + wnd => {
                    self.sack1.scoreboard.mark_retran(x);
                    win = self.window();
                    x
                }
                Some(_) => return,
            };
            self.output(xmit, now, out);
            if self.t_seqno <= xmit {
                self.t_seqno = xmit + 1;
            }
            self.sack1.pipe += 1;
            if self.window_validation.is_some() {
                // (Sack1's send_much validates after t_seqno_ moved on, TcpAgent's before)
                self.validate_window(self.t_seqno, now);
            }
            n += 1;
            if maxburst > 0 && n == maxburst {
                return;
            }
        }
    }

    /// ns-2 2.35's Agent/TCP/Fack for one ACK and its blocks (tcp-fack.cc's recv, with
    /// ns-2's defaults: rampdown_ 0, ss-div4_ 0; no ECN). Outside fast recovery an ACK
    /// advancing without blocks is a new ACK (newack, opencwnd); any other not below
    /// the cumulative ACK updates the scoreboard and `fack`, and recovery begins once
    /// `fack` lies the threshold above the cumulative ACK. In recovery every ACK opens
    /// the window, and one without blocks at or past `recover` ends it.
    fn on_ack_fack(&mut self, ack: &Packet, blocks: &SackBlocks, now: Time, out: &mut Vec<Packet>) {
        let thresh = self.cfg.dupack_threshold as i64;
        let ms = super::fack::max_sacked(blocks);
        let mut f = self.fack.take().expect("a Fack sender");
        if !f.fastrecov {
            if ack.seq > self.last_ack && blocks.n == 0 {
                // Fack's recv_newack_helper: newack and opencwnd (no initial window here:
                // that is TcpAgent::recv's, which Fack's does not call)
                let acked = ack.seq - self.last_ack;
                let sample = self.newack_state(ack, now);
                self.opencwnd(ack, acked, sample, now);
                f.fack = self.last_ack;
                f.timeout = false;
                f.scoreboard.clear();
                f.retran_data = 0;
            } else if ack.seq >= self.last_ack {
                f.retran_data -= f.scoreboard.update(self.highest_ack, blocks);
                self.oldack_fack(&mut f, ack, now);
                f.fack = f.fack.max(ms);
                if f.fack >= self.t_seqno {
                    self.t_seqno = f.fack + 1;
                }
                self.dupacks = f.fack - self.last_ack - 1;
                if self.dupacks >= thresh {
                    // assume one packet lost: resend it and go on from t_seqno
                    self.recover = self.t_seqno;
                    self.last_cwnd_action = CwndAction::DupAck;
                    self.stats.fast_retransmits += 1;
                    // slowdown(CLOSE_SSTHRESH_HALF | CLOSE_CWND_RESTART): a timeout's cut
                    let mut ev = self.loss_event(now);
                    self.slowdown_factors(&mut ev, false);
                    self.cc.on_timeout(&mut self.w, &ev);
                    self.cong_action = true;
                    // reset_rtx_timer(1, 0)
                    self.set_rtx_timer(now);
                    self.rtt_active = false;
                    f.fastrecov = true;
                    f.scoreboard.mark_retran(self.last_ack + 1, self.t_seqno);
                    f.retran_data += 1;
                    self.output(self.last_ack + 1, now, out);
                }
            }
            self.fack = Some(f);
            if self.dupacks == 0 {
                self.send_much_fack(false, self.cfg.max_burst_pkts, now, out);
            }
            return;
        }
        self.oldack_fack(&mut f, ack, now);
        f.fack = f.fack.max(ms);
        if f.fack >= self.t_seqno {
            self.t_seqno = f.fack + 1;
        }
        f.retran_data -= f.scoreboard.update(self.highest_ack, blocks);
        f.timeout |= f.scoreboard.check_snd_nxt(blocks);
        // Fack's opencwnd on every ACK of the recovery
        let sample = None;
        self.opencwnd(ack, 1, sample, now);
        if blocks.n == 0 && self.last_ack >= self.recover {
            f.fastrecov = false;
            f.timeout = false;
            f.scoreboard.clear();
            f.retran_data = 0;
            self.dupacks = 0;
        }
        self.fack = Some(f);
        self.send_much_fack(false, self.cfg.max_burst_pkts, now, out);
    }

    /// Fack's oldack: the cumulative ACK taken as it is, the timer re-armed, the timed
    /// segment's backoff ended, the ACK timed by its echo (rtt_update: on the tick clock
    /// without ns-2's timestamp option, rounded with it), and the averaged window moved.
    fn oldack_fack(&mut self, f: &mut super::fack::SenderState, ack: &Packet, now: Time) {
        self.last_ack = ack.seq;
        self.highest_ack = ack.seq;
        f.fack = f.fack.max(self.highest_ack);
        self.maxseq = self.maxseq.max(self.highest_ack);
        if self.t_seqno < self.last_ack + 1 {
            self.t_seqno = self.last_ack + 1;
        }
        self.newtimer(ack.seq, now);
        if self.rtt_active && ack.seq >= self.rtt_seq {
            self.rtt_active = false;
            self.rtt.reset_backoff();
        }
        if let Some(echo) = self.ts_echo.take() {
            let tao = self.clock_s - echo;
            if self.cfg.timestamps {
                self.rtt.update_echo(tao);
            } else {
                self.rtt.update(tao, self.clock_s);
            }
        }
        if let Some(rule) = self.window_rule.as_deref_mut() {
            // Fack's oldack ends as newack does: the averaged window (awnd_)
            rule.on_newack(self.w.cwnd);
        }
    }

    /// Fack's send_much: while `t_seqno <= fack + window - retran_data` and no
    /// retransmission is known lost again, the scoreboard's next hole, else new data
    /// (in recovery only within the advertised window of the cumulative ACK).
    fn send_much_fack(&mut self, force: bool, maxburst: u32, now: Time, out: &mut Vec<Packet>) {
        let Some(delayed) = self.delays_sends(force) else { return };
        let mut f = self.fack.take().expect("a Fack sender");
        // Fack's window(): int(min(cwnd, wnd) + wintrim_), wintrim_ 0 (rampdown_ 0)
        let window = |w: &Window, wnd: f64| w.cwnd.min(wnd) as i64;
        let mut win = window(&self.w, self.wnd);
        let mut n = 0;
        while self.t_seqno <= f.fack + win - f.retran_data && !f.timeout {
            if delayed {
                self.arm_delayed_send();
                break;
            }
            let xmit = match f.scoreboard.next_retran() {
                None => {
                    if self.t_seqno >= self.curseq || (f.fastrecov && self.t_seqno > self.highest_ack + self.wnd as i64) {
                        break;
                    }
                    self.t_seqno += 1;
                    self.t_seqno - 1
                }
                Some(x) => {
                    f.scoreboard.mark_retran(x, self.t_seqno);
                    f.retran_data += 1;
                    win = window(&self.w, self.wnd);
                    x
                }
            };
            self.output(xmit, now, out);
            if self.t_seqno <= xmit {
                self.t_seqno = xmit + 1;
            }
            n += 1;
            if maxburst > 0 && n == maxburst {
                break;
            }
        }
        self.fack = Some(f);
    }

    /// Fack's timeout: recovery is left as it is; the window restarts from one packet
    /// with half as ssthresh (from the initial window, ssthresh kept, when nothing is
    /// out), the scoreboard is cleared and sending goes back to the cumulative ACK,
    /// without the burst limit.
    fn timeout_fack(&mut self, now: Time, out: &mut Vec<Packet>) {
        if self.highest_ack == self.maxseq && !self.cfg.slow_start_restart {
            // slow_start_restart_ 0: nothing outstanding, nothing done (the timer stays
            // off until a segment leaves)
            return;
        }
        let mut f = self.fack.take().expect("a Fack sender");
        f.timeout = false;
        if self.highest_ack > self.last_ack {
            self.last_ack = self.highest_ack;
        }
        f.retran_data = 0;
        self.last_cwnd_action = CwndAction::Timeout;
        let outstanding = self.highest_ack != self.maxseq;
        if outstanding {
            // slowdown(CLOSE_SSTHRESH_HALF | CLOSE_CWND_RESTART)
            self.stats.timeouts += 1;
            let mut ev = self.loss_event(now);
            self.slowdown_factors(&mut ev, true);
            self.cc.on_timeout(&mut self.w, &ev);
        } else {
            // slowdown(CLOSE_CWND_INIT) (restart_bugfix_)
            self.end_first_decrease();
            self.w.cwnd = (self.cfg.initial_window_pkts as f64).max(1.0);
            self.w.ssthresh = self.w.ssthresh.max(2.0);
        }
        self.cong_action = true;
        f.scoreboard.clear();
        // reset_rtx_timer(1, backoff if anything is out): t_seqno is Fack's own below
        if outstanding {
            self.rtt.back_off();
        }
        self.set_rtx_timer(now);
        self.rtt_active = false;
        f.fack = self.last_ack;
        self.t_seqno = self.last_ack + 1;
        self.fack = Some(f);
        let before = out.len();
        self.send_much_fack(false, 0, now, out);
        if !outstanding && out.len() == before && self.highest_ack == self.maxseq && self.cfg.send_overhead_s == 0.0 {
            // with nothing out and nothing sent, ns-2's timer would only fire again to
            // do the same (the window back at the initial one, the scoreboard empty).
            // Not with a send overhead: Fack's send_much arms the delayed send (a draw)
            // before it asks whether the application has anything, at every expiry
            self.rtx_deadline = None;
            self.rtx_timer_s = None;
        }
    }

    /// The delayed-send timer fired: send everything the window allows now.
    pub fn on_delayed_send(&mut self, now: Time, out: &mut Vec<Packet>) {
        self.on_delayed_send_sends(now, out);
        self.close_push(out);
    }

    /// `on_delayed_send`, but for the PSH of a burst still open (`close_push`).
    fn on_delayed_send_sends(&mut self, now: Time, out: &mut Vec<Packet>) {
        self.delsnd_pending = false;
        // TcpAgent's delayed send passes maxburst_; VegasTcpAgent::timeout's none (0)
        let maxburst = if self.vegas.is_some() { 0 } else { self.cfg.max_burst_pkts };
        self.send_much_forced(now, maxburst, true, out);
    }

    /// The retransmission timer fired at `now` (the simulator checked the deadline).
    /// The delay of the delayed send armed during this event (send overhead), drawn
    /// now: the simulator asks after the event's packets have gone to their links and
    /// taken their draws there (an error model or RED at the link's entry), as ns-2
    /// draws it at the end of send_much, after output() has sent them down.
    #[inline]
    pub fn take_delsnd_request(&mut self) -> Option<f64> {
        if !self.delsnd_draw_due {
            return None;
        }
        self.delsnd_draw_due = false;
        let rng = self.overhead_rng.as_mut().expect("send overhead without its random stream");
        Some(rng.uniform() * self.cfg.send_overhead_s)
    }

    pub fn on_timeout(&mut self, now: Time, out: &mut Vec<Packet>) {
        self.on_timeout_sends(now, out);
        self.close_push(out);
    }

    /// `on_timeout`, but for the PSH of a burst still open (`close_push`).
    fn on_timeout_sends(&mut self, now: Time, out: &mut Vec<Packet>) {
        self.rtx_deadline = None;
        self.rtx_timer_s = None;
        match std::mem::replace(&mut self.timer, XmitTimer::Rto) {
            XmitTimer::LossProbe => return self.send_loss_probe(now, out),
            XmitTimer::Reo => return self.on_reo_timeout(now, out),
            XmitTimer::Rto => {}
        }
        if self.vegas.is_some() {
            return self.timeout_vegas(now, out);
        }
        if self.fack.is_some() {
            return self.timeout_fack(now, out);
        }
        self.tlp_high_seq = None;
        self.prr = None;
        if self.cfg.recovery == Recovery::Sack1 {
            // Sack1TcpAgent::timeout, then TcpAgent's (below)
            self.sack1.fastrecov = false;
            self.sack1.timeout = true;
            if self.highest_ack > self.last_ack {
                self.last_ack = self.highest_ack;
            }
            self.sack1.scoreboard.clear();
        }
        // Linux (tcp_enter_loss) keeps what was SACKed and resends only the rest; ns-2's
        // agents follow RFC 6675 5.1 and forget the scoreboard
        let linux = self.rate.is_some() && self.cfg.recovery == Recovery::Sack && self.highest_ack != self.maxseq;
        self.rack.clear();
        if linux {
            self.scoreboard.mark_lost_below(self.maxseq + 1);
            self.in_sack_recovery = true;
            self.rto_recovery = true;
        } else {
            self.in_sack_recovery = false;
            self.rto_recovery = false;
            self.scoreboard.reset(self.highest_ack + 1);
        }
        self.dupwnd = 0;
        if self.cfg.recovery != Recovery::Tahoe {
            // Reno's, NewReno's and Sack1's timeouts clear the count; TcpAgent's (Tahoe)
            // does not, so the duplicates after a timeout go on counting past the
            // threshold (no limited transmit, no second fast retransmit) until a new ACK
            self.dupacks = 0;
        }
        let outstanding = self.highest_ack != self.maxseq;
        let restart = outstanding || self.cfg.slow_start_restart;
        let own = match self.cfg.recovery {
            Recovery::Tahoe => false,
            // RenoTcpAgent::timeout, NewReno's too, with bug_fix_ only
            Recovery::Reno | Recovery::Newreno => self.cfg.one_fast_retransmit_per_window,
            _ => true,
        };
        if restart || own {
            // Reno's and Sack1's timeouts set it before TcpAgent's, which sets it in the
            // branch that cuts the window
            self.recover = self.maxseq;
        }
        if self.w.cwnd < 1.0 {
            self.w.cwnd = 1.0;
        }
        if !restart {
            // slow_start_restart_ 0 with nothing outstanding: TcpAgent's timeout cuts
            // nothing and only resets its timer (reset_rtx_timer(0, 0): back to the first
            // unacknowledged segment) before it sends; re-arming would repeat just this,
            // so the timer stays off until a segment leaves
            self.t_seqno = self.highest_ack + 1;
            self.rtt_active = false;
            self.last_cwnd_action = CwndAction::Timeout;
            return self.send_much(now, out);
        }
        // every branch of ns-2's timeout that cuts the window sets cong_action_
        self.cong_action = true;
        if !outstanding {
            // ns-2 keeps the timer armed after the last ACK (newtimer compares with
            // t_seqno, and the window: an ECN response may leave it below one packet);
            // its expiry with nothing outstanding restarts from one packet, keeps
            // ssthresh and sends what that allows (an ECN sender held at half a packet
            // sends its next segment). If that is nothing, re-arming would only repeat
            // this, so the timer stays off (a segment sent arms it: `output`).
            self.end_first_decrease();
            self.w.cwnd = 1.0;
            self.t_seqno = self.highest_ack + 1;
            self.rtt_active = false;
            self.last_cwnd_action = CwndAction::Timeout;
            return self.send_much(now, out);
        }
        {
            if self.highest_ack == -1 {
                // the first packet was lost: do not use a larger initial window (ns-2:
                // the size's window gives way to windowInit_, and that, on a second
                // such timeout, to one packet)
                if self.cfg.initial_window_by_size {
                    self.cfg.initial_window_by_size = false;
                    self.initial_window = self.cfg.initial_window();
                } else if self.initial_window > 1.0 && self.cfg.first_packet_loss_fix {
                    self.initial_window = 1.0;
                }
            }
            if self.cfg.ecn && self.last_cwnd_action == CwndAction::Ecn {
                // in the window of a recent ECN response: back to one packet with
                // ssthresh kept, and (ns-2) not counted as a timeout (nrexmit_)
                self.end_first_decrease();
                self.w.cwnd = 1.0;
                self.w.ssthresh = self.w.ssthresh.max(2.0);
                self.rtt.back_off();
                self.set_rtx_timer(now);
                self.rtt_active = false;
                self.last_cwnd_action = CwndAction::Timeout;
                self.t_seqno = self.highest_ack + 1;
                return self.send_much(now, out);
            }
            self.stats.timeouts += 1;
            self.last_cwnd_action = CwndAction::Timeout;
            self.timeout_probe = (self.cfg.recovery == Recovery::Sack).then_some((self.w, self.highest_ack + 1));
            let mut ev = self.loss_event(now);
            let facts = self.loss_facts(now, self.wnd);
            match self.loss.on_timeout(&facts) {
                Verdict::Congestion { back_off } => {
                    self.slowdown_factors(&mut ev, true);
                    self.cc.on_timeout(&mut self.w, &ev);
                    if back_off {
                        self.rtt.back_off();
                    }
                }
                Verdict::LinkError(w) => self.apply_link_error(w, true),
                Verdict::AfterLinkError(w) => self.apply_link_error(w, false),
            }
        }
        self.set_rtx_timer(now);
        self.rtt_active = false;
        self.last_cwnd_action = CwndAction::Timeout;
        if linux {
            self.sack_send(now, out);
        } else {
            self.t_seqno = self.highest_ack + 1;
            self.send_much(now, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tcp::loss::{RefwaPlus, RefwaPlusSettings, TrefwaPlus};
    use crate::tcp::congestion::Reno;
    use crate::tcp::RtoStyle;

    fn sender(recovery: Recovery) -> TcpSender {
        let cfg = TcpConfig { rwnd_pkts: 100, recovery, ..TcpConfig::default() };
        TcpSender::new(0, cfg, Box::new(Reno), 0.0)
    }

    /// ns-2's SYN takes its seqno as it goes (output: curseq_ += 1 for the first SYN):
    /// an empty first message (a trace's 0 bytes) sends nothing, the next one the SYN and
    /// its own segments.
    #[test]
    fn an_empty_first_message_sends_no_syn() {
        let mut s = TcpSender::new(0, TcpConfig { syn: true, rwnd_pkts: 100, ..TcpConfig::default() }, Box::new(Reno), 0.0);
        let mut out = vec![];
        s.app_send(0, 0, &mut out);
        assert!(out.is_empty(), "{:?}", seqs(&out));
        s.app_send(1, MS, &mut out);
        assert_eq!(seqs(&out), vec![0], "the SYN first (a window of one)");
        assert_eq!(out[0].size_bytes as u32, TcpConfig::default().header_bytes, "a SYN is headers only");
    }

    /// ns-2's slowdown() factors with decrease_num_ 0.75: the first cut halves, later
    /// ones take 0.75 of the window; ssthresh halves after a timeout; a cut in slow
    /// start halves; a restart to one packet ends the first decrease too.
    #[test]
    fn aimd_cuts_follow_ns2s_first_decrease_rule() {
        let cfg = TcpConfig { rwnd_pkts: 100, aimd_decrease: 0.75, ..TcpConfig::default() };
        let mut s = TcpSender::new(0, cfg, Box::new(Reno), 0.0);
        s.w = Window { cwnd: 20.0, ssthresh: 10.0 };
        let cut = |s: &mut TcpSender, timeout: bool| {
            let mut ev = s.loss_event(0);
            s.slowdown_factors(&mut ev, timeout);
            (ev.ssthresh_cut(), ev.cwnd_cut())
        };
        assert_eq!(cut(&mut s, false), (10.0, 10.0), "the first cut halves");
        assert_eq!(cut(&mut s, false), (15.0, 15.0));
        assert_eq!(cut(&mut s, true), (10.0, 15.0), "ssthresh halves after a timeout");
        s.w.cwnd = 4.0;
        assert_eq!(cut(&mut s, false), (2.0, 2.0), "in slow start");
        let mut t = TcpSender::new(0, TcpConfig { aimd_decrease: 0.75, ..TcpConfig::default() }, Box::new(Reno), 0.0);
        t.w = Window { cwnd: 20.0, ssthresh: 10.0 };
        t.end_first_decrease();
        assert_eq!(cut(&mut t, false), (15.0, 15.0), "a restart was the first slowdown");
        // through the third duplicate ACK: the first fast retransmit halves
        let cfg = TcpConfig { rwnd_pkts: 100, aimd_decrease: 0.75, aimd_increase: 0.5, ..TcpConfig::default() };
        let (mut s, _) = steady_after(TcpSender::new(0, cfg, Box::new(Reno), 0.0), ack(0));
        let mut out = vec![];
        for k in 0..3 {
            s.on_ack(&ack(1), (10 + k) * MS, &mut out);
        }
        assert_eq!(s.stats.fast_retransmits, 1);
        assert_eq!((s.w.cwnd, s.w.ssthresh), (5.0, 5.0));
        assert!(!s.first_decrease);
    }

    fn ack(seq: i64) -> Packet {
        Packet { flow: 0, kind: PacketKind::Ack, seq, size_bytes: 40, ttl: 32, tos: 0, rwnd_pkts: 100, hop: 0, aux: 0 }
    }

    fn seqs(out: &[Packet]) -> Vec<i64> {
        out.iter().map(|p| p.seq).collect()
    }

    const MS: Time = 1_000_000;

    #[test]
    fn syn_then_initial_window_then_slow_start() {
        let mut s = sender(Recovery::Newreno);
        let mut out = vec![];
        s.app_send(GREEDY, 0, &mut out);
        assert_eq!(seqs(&out), vec![0]);
        assert_eq!(out[0].size_bytes, 40);
        out.clear();
        s.on_ack(&ack(0), 100 * MS, &mut out);
        assert_eq!(s.w.cwnd, 2.0);
        assert_eq!(seqs(&out), vec![1, 2]);
        assert_eq!(out[0].size_bytes, 1040);
        out.clear();
        s.on_ack(&ack(1), 200 * MS, &mut out);
        assert_eq!(s.w.cwnd, 3.0);
        assert_eq!(seqs(&out), vec![3, 4]);
        assert_eq!(s.stats.data_pkts_sent, 4);
    }

    /// ns-2's windowInitOption_ 2: the initial window by the segment's size; a first
    /// segment lost falls back to windowInit_, and lost again to one segment.
    #[test]
    fn an_initial_window_by_size_gives_way_when_the_first_segment_is_lost() {
        let by_size = |size, timeouts: u64| {
            let cfg = TcpConfig {
                rwnd_pkts: 100,
                packet_size_bytes: size,
                initial_window_pkts: 2,
                initial_window_by_size: true,
                ..TcpConfig::default()
            };
            let mut s = TcpSender::new(0, cfg, Box::new(Reno), 0.0);
            let mut out = vec![];
            s.app_send(GREEDY, 0, &mut out);
            for k in 0..timeouts {
                s.on_timeout((k + 1) * 4000 * MS, &mut out);
            }
            out.clear();
            s.on_ack(&ack(0), 60_000 * MS, &mut out);
            (s.w.cwnd, out.len())
        };
        assert_eq!(by_size(1000, 0), (4.0, 4));
        assert_eq!(by_size(1095, 0), (4.0, 4));
        assert_eq!(by_size(1460, 0), (3.0, 3));
        assert_eq!(by_size(2190, 0), (2.0, 2));
        assert_eq!(by_size(1000, 1), (2.0, 2), "windowInit_ after the first segment's loss");
        assert_eq!(by_size(1000, 2), (1.0, 1), "one segment after a second");
    }

    /// ns-2's max_ssthresh_ reaches the controller only before the first fast
    /// retransmit or after a timeout (last_cwnd_action_ 0 or TIMEOUT).
    #[test]
    fn limited_slow_start_applies_until_the_first_fast_retransmit() {
        let cfg = TcpConfig { rwnd_pkts: 1000, initial_ssthresh_pkts: Some(4.0), max_ssthresh_pkts: 8,
                              ..TcpConfig::default() };
        let mut s = TcpSender::new(0, cfg, Box::new(Reno), 0.0);
        let mut out = vec![];
        s.app_send(GREEDY, 0, &mut out);
        s.on_ack(&ack(0), 100 * MS, &mut out);
        // slow start to ssthresh 4, then (cwnd in [4, 8)) one segment per ACK while
        // cwnd / 4 rounds to 1: the limited rule's 1/1 beats 1/cwnd
        for k in 1..=4 {
            s.on_ack(&ack(k), (100 + 10 * k as u64) * MS, &mut out);
        }
        assert_eq!(s.w.cwnd, 6.0);
        s.last_cwnd_action = CwndAction::DupAck;
        s.on_ack(&ack(5), 200 * MS, &mut out);
        assert_eq!(s.w.cwnd, 6.0 + 1.0 / 6.0, "after a fast retransmit: 1/cwnd");
    }

    /// ns-2's reset(): ssthresh starts at max_ssthresh_ when that is below the window,
    /// unless ssthresh_ is set at time 0 (after the reset).
    #[test]
    fn ssthresh_starts_at_max_ssthresh_below_the_window() {
        let start = |max_ss, rwnd, initial| {
            let cfg = TcpConfig { rwnd_pkts: rwnd, max_ssthresh_pkts: max_ss, initial_ssthresh_pkts: initial,
                                  ..TcpConfig::default() };
            TcpSender::new(0, cfg, Box::new(Reno), 0.0).w.ssthresh
        };
        assert_eq!(start(40, 100, None), 40.0);
        assert_eq!(start(400, 100, None), 100.0);
        assert_eq!(start(0, 100, None), 100.0);
        assert_eq!(start(40, 100, Some(7.0)), 7.0);
    }

    /// ns-2's timestamps_: data after the SYN carries ten more header bytes and its send
    /// time's slot; every ACK of new data is timed by the time it echoes (a
    /// retransmission's too), where the timed segment would have given one sample a
    /// window; the slot is freed where the segment arrives or is dropped.
    #[test]
    fn timestamps_time_every_new_ack_by_its_echo() {
        let cfg = TcpConfig { rwnd_pkts: 100, timestamps: true, ..TcpConfig::default() };
        let mut s = TcpSender::new(0, cfg, Box::new(Reno), 0.0);
        let mut out = vec![];
        s.clock_s = 0.0;
        s.app_send(GREEDY, 0, &mut out);
        assert_eq!(out[0].size_bytes, 40, "the SYN stays a bare header");
        assert_eq!(s.send_time_of(&out[0]), Some(0.0));
        out.clear();
        s.clock_s = 0.1;
        s.read_ts_echo(Some(0.0));
        s.on_ack(&ack(0), 100 * MS, &mut out);
        assert_eq!(s.rtt.last_sample_ticks, 10);
        assert_eq!(out.iter().map(|p| p.size_bytes).collect::<Vec<_>>(), vec![1050, 1050]);
        let sent: Vec<f64> = out.iter().map(|p| s.send_time_of(p).unwrap()).collect();
        assert_eq!(sent, vec![0.1, 0.1]);
        out.clear();
        // segment 1's ACK echoes 0.1 at 0.2349 s: 13.49 ticks, read as 13; segment 2's at
        // 0.2551 s: 15.51 ticks, 16 (without the option, only segment 1, the timed one,
        // would have given a sample)
        s.clock_s = 0.2349;
        s.read_ts_echo(Some(0.1));
        s.on_ack(&ack(1), 234_900_000, &mut out);
        assert_eq!(s.rtt.last_sample_ticks, 13);
        s.clock_s = 0.2551;
        s.read_ts_echo(Some(0.1));
        s.on_ack(&ack(2), 255_100_000, &mut out);
        assert_eq!(s.rtt.last_sample_ticks, 16, "every new ACK is a sample");
        // a duplicate ACK is no sample
        s.clock_s = 0.3;
        s.read_ts_echo(Some(0.1));
        s.on_ack(&ack(2), 300 * MS, &mut out);
        assert_eq!(s.rtt.last_sample_ticks, 16);
        // a dropped segment's slot is let go and used again
        let p = out[0];
        s.forget_send_time(&p);
        out.clear();
        s.clock_s = 0.31;
        s.read_ts_echo(Some(0.2349));
        s.on_ack(&ack(3), 310 * MS, &mut out);
        assert!(out.iter().any(|q| q.rwnd_pkts == p.rwnd_pkts), "the freed slot is reused");
    }

    /// ts_resetRTO_: after a timeout backs the timer off, the next new ACK's echo ends
    /// the backoff; without it the backoff stays until the segment timed on the tick
    /// clock (here the one the timeout resent, acknowledged later) is acknowledged.
    #[test]
    fn ts_reset_rto_ends_the_backoff_at_the_next_echo() {
        for reset in [false, true] {
            let cfg = TcpConfig { rwnd_pkts: 100, timestamps: true, ts_reset_rto: reset, ..TcpConfig::default() };
            let mut s = TcpSender::new(0, cfg, Box::new(Reno), 0.0);
            let mut out = vec![];
            s.clock_s = 0.0;
            s.app_send(GREEDY, 0, &mut out);
            s.clock_s = 0.1;
            s.read_ts_echo(Some(0.0));
            s.on_ack(&ack(0), 100 * MS, &mut out);
            out.clear();
            s.clock_s = 3.0;
            s.on_timeout(3000 * MS, &mut out);
            assert_eq!(s.rtt.backoff(), 2, "the timeout doubles the timer");
            // the ACK of segment 1 (sent before the timeout) echoes its send time
            s.clock_s = 3.05;
            s.read_ts_echo(Some(0.1));
            s.on_ack(&ack(1), 3050 * MS, &mut out);
            assert_eq!(s.rtt.backoff(), if reset { 1 } else { 2 }, "ts_reset_rto {reset}");
        }
    }

    /// ns-2's maxcwnd_: slow start stops at the cap, and in congestion avoidance a
    /// window just above it (its whole part the cap) is left as it is.
    #[test]
    fn max_cwnd_caps_the_window_as_opencwnd_does() {
        let cfg = TcpConfig { rwnd_pkts: 100, max_cwnd_pkts: 4, ..TcpConfig::default() };
        let mut s = TcpSender::new(0, cfg, Box::new(Reno), 0.0);
        let mut out = vec![];
        s.app_send(GREEDY, 0, &mut out);
        s.on_ack(&ack(0), 100 * MS, &mut out);
        let mut cwnds = vec![];
        for a in 1..6 {
            s.on_ack(&ack(a), (100 + a as Time) * MS, &mut out);
            cwnds.push(s.w.cwnd);
        }
        assert_eq!(cwnds, vec![3.0, 4.0, 4.0, 4.0, 4.0], "5 is capped back to 4");
        let mut w = Window { cwnd: 4.9, ssthresh: 2.0 };
        cap_cwnd(&mut w, 4);
        assert_eq!(w.cwnd, 4.9, "int(4.9) is the cap: ns-2 leaves it");
        cap_cwnd(&mut w, 0);
        assert_eq!(w.cwnd, 4.9, "0: no cap");
    }

    /// ns-2's windowOption_ 0: in congestion avoidance the window gains a whole packet
    /// once cwnd new ACKs are counted (aimd_increase plays no part), and a window cut
    /// clears the count.
    #[test]
    fn a_counted_increase_adds_a_packet_per_window_of_acks_and_a_cut_clears_the_count() {
        let cfg = TcpConfig {
            rwnd_pkts: 100,
            initial_ssthresh_pkts: Some(2.0),
            aimd_increase: 3.0,
            window_increase: WindowIncrease::Counted,
            ..TcpConfig::default()
        };
        let mut s = TcpSender::new(0, cfg, Box::new(Reno), 0.0);
        let mut out = vec![];
        s.app_send(GREEDY, 0, &mut out);
        s.on_ack(&ack(0), 100 * MS, &mut out);
        assert_eq!(s.w.cwnd, 2.0, "the SYN's ACK: the initial window, at ssthresh");
        let mut cwnds = vec![];
        for a in 1..=6 {
            s.on_ack(&ack(a), (100 + a as Time) * MS, &mut out);
            cwnds.push(s.w.cwnd);
        }
        assert_eq!(cwnds, vec![2.0, 3.0, 3.0, 3.0, 4.0, 4.0], "2 ACKs make 3, 3 more make 4");
        assert_eq!(s.ca_count, 1);
        s.end_first_decrease();
        assert_eq!(s.ca_count, 0, "every slowdown clears count_");
        let mut ev = s.loss_event(200 * MS);
        s.ca_count = 3;
        s.slowdown_factors(&mut ev, false);
        assert_eq!(s.ca_count, 0);
    }

    /// ns-2's maxburst_: each send opportunity (the application's start, an ACK) sends
    /// at most that many; what the window still allows waits for the next one.
    #[test]
    fn max_burst_limits_each_send_much_and_the_next_ack_sends_the_rest() {
        let sends = |burst: u32| {
            let cfg = TcpConfig {
                rwnd_pkts: 100,
                syn: false,
                initial_window_pkts: 4,
                max_burst_pkts: burst,
                ..TcpConfig::default()
            };
            let mut s = TcpSender::new(0, cfg, Box::new(Reno), 0.0);
            let mut out = vec![];
            s.app_send(GREEDY, 0, &mut out);
            let mut per_call = vec![seqs(&out)];
            for a in 0..3 {
                out.clear();
                s.on_ack(&ack(a), (100 + a as Time) * MS, &mut out);
                per_call.push(seqs(&out));
            }
            per_call
        };
        assert_eq!(sends(0), vec![vec![0, 1, 2, 3], vec![4], vec![5, 6], vec![7, 8]]);
        assert_eq!(sends(2), vec![vec![0, 1], vec![2, 3], vec![4, 5], vec![6, 7]]);
        assert_eq!(sends(1), vec![vec![0], vec![1], vec![2], vec![3]]);
    }

    /// Without a SYN, ns-2 sends packet 0 without the header it adds to every later one.
    #[test]
    fn without_a_syn_packet_zero_leaves_without_its_header() {
        let cfg = TcpConfig { rwnd_pkts: 100, syn: false, ..TcpConfig::default() };
        let mut s = TcpSender::new(0, cfg, Box::new(Reno), 0.0);
        let mut out = vec![];
        s.app_send(GREEDY, 0, &mut out);
        assert_eq!(seqs(&out), vec![0, 1]);
        assert_eq!(out.iter().map(|p| p.size_bytes).collect::<Vec<_>>(), [1000, 1040]);
        out.clear();
        s.on_ack(&ack(0), 100 * MS, &mut out);
        assert_eq!(s.w.cwnd, 2.0, "packet 0's ACK: the initial window again, as ns-2 (delay_growth_)");
        assert_eq!(seqs(&out), vec![2]);
    }

    /// ns-2's FTP stop (`advance 0`) leaves curseq_ at maxseq_: the last segment sent
    /// cannot be sent again by send_much, so a timeout rewound to it sends nothing.
    #[test]
    fn an_ns2_application_stop_leaves_the_last_segment_unsendable_as_ns2_does() {
        let mut s = sender(Recovery::Newreno);
        let mut out = vec![];
        s.app_send(GREEDY, 0, &mut out);
        s.on_ack(&ack(0), 100 * MS, &mut out);
        assert_eq!(seqs(&out), vec![0, 1, 2]);
        out.clear();
        s.app_stop(150 * MS, &mut out);
        assert!(out.is_empty());
        s.on_ack(&ack(1), 200 * MS, &mut out);
        assert!(out.is_empty(), "no new data after the stop");
        s.on_timeout(s.rtx_deadline.expect("2 is outstanding"), &mut out);
        assert!(out.is_empty(), "segment 2 was the last sent: ns-2 cannot send it again");
        let linux = TcpConfig { rwnd_pkts: 100, rto: crate::tcp::RtoStyle::Linux, ..TcpConfig::default() };
        let mut l = TcpSender::new(0, linux, Box::new(Reno), 0.0);
        l.app_send(GREEDY, 0, &mut out);
        l.on_ack(&ack(0), 100 * MS, &mut out);
        l.app_stop(150 * MS, &mut out);
        l.on_ack(&ack(1), 200 * MS, &mut out);
        out.clear();
        l.on_timeout(l.rtx_deadline.expect("2 is outstanding"), &mut out);
        assert_eq!(seqs(&out), vec![2], "a Linux-like sender resends it");
    }

    /// Bring a sender to cwnd = 10 with segment 1 acknowledged and 2..=11 outstanding.
    fn steady(recovery: Recovery) -> (TcpSender, Vec<Packet>) {
        steady_after(sender(recovery), ack(0))
    }

    /// `s` with ssthresh 10 after ACKs `first` (of segment 0) and 1, then a window of
    /// 10: segments 2..=11 outstanding, the last send in the returned packets.
    fn steady_after(mut s: TcpSender, first: Packet) -> (TcpSender, Vec<Packet>) {
        s.w.ssthresh = 10.0;
        let mut out = vec![];
        s.app_send(GREEDY, 0, &mut out);
        s.on_ack(&first, MS, &mut out);
        s.on_ack(&ack(1), 2 * MS, &mut out);
        s.w.cwnd = 10.0;
        out.clear();
        s.send_much(2 * MS, &mut out);
        assert_eq!(s.maxseq(), 11);
        (s, out)
    }

    /// ns-2's control_increase_ 1: a new ACK opens the window only if the sender had sent
    /// its whole window (t_seqno above the previous highest ACK plus window()); a sender
    /// the application holds back keeps its window, a greedy one grows as without it.
    #[test]
    fn control_increase_grows_only_a_window_limited_sender() {
        for (limited, app, want) in [(true, 3, 10.0), (false, 3, 10.1), (true, GREEDY, 10.1)] {
            let cfg = TcpConfig { rwnd_pkts: 100, syn: false, delay_growth: false, grow_only_window_limited: limited,
                                  ..TcpConfig::default() };
            let mut s = TcpSender::new(0, cfg, Box::new(Reno), 0.0);
            s.w = Window { cwnd: 10.0, ssthresh: 5.0 };
            let mut out = vec![];
            s.app_send(app, 0, &mut out);
            assert_eq!(out.len() as i64, app.min(10));
            s.on_ack(&ack(0), 10 * MS, &mut out);
            assert!((s.w.cwnd - want).abs() < 1e-12, "{limited} {app}: {}", s.w.cwnd);
        }
    }

    /// ns-2's aggressive_maxburst_ 0: an ACK below the highest acknowledged (it came
    /// behind a later one) sends nothing, where by default it sends what maxburst_ kept
    /// back on the ACK before.
    #[test]
    fn an_old_ack_sends_only_with_aggressive_maxburst() {
        for (send_on_old_ack, want) in [(true, 2), (false, 0)] {
            let cfg = TcpConfig { rwnd_pkts: 100, syn: false, delay_growth: false, max_burst_pkts: 2, send_on_old_ack,
                                  ..TcpConfig::default() };
            let mut s = TcpSender::new(0, cfg, Box::new(Reno), 0.0);
            s.w = Window { cwnd: 10.0, ssthresh: 5.0 };
            let mut out = vec![];
            s.app_send(GREEDY, 0, &mut out);
            assert_eq!(out.len(), 2, "maxburst 2");
            // ACK 1: two more sent (maxburst), the window allows more
            out.clear();
            s.on_ack(&ack(1), 10 * MS, &mut out);
            assert_eq!(seqs(&out), vec![2, 3]);
            // ACK 0, late: below last_ack
            out.clear();
            s.on_ack(&ack(0), 11 * MS, &mut out);
            assert_eq!(out.len(), want, "send_on_old_ack {send_on_old_ack}");
        }
    }

    /// ns-2's Agent/TCP/Vegas: bare 1000-byte segments; the third duplicate ACK cuts the
    /// window by a quarter and inflates it by the duplicates, later duplicates inflate it
    /// one each; the next new ACK deflates it to the cut; a timeout leaves two segments.
    /// Its times are read on the event's double clock (`clock_s`).
    #[test]
    fn vegas_cuts_inflates_deflates_and_restarts_at_two() {
        let cfg = TcpConfig { rwnd_pkts: 100, recovery: Recovery::Vegas, syn: false, use_headers: false, ..TcpConfig::default() };
        let mut s = TcpSender::new(0, cfg, Box::new(crate::tcp::congestion::Vegas), 0.0);
        let mut out = vec![];
        let at = |s: &mut TcpSender, t: f64| {
            s.clock_s = t;
            from_secs(t)
        };
        let now = at(&mut s, 1.0);
        s.app_send(GREEDY, now, &mut out);
        assert_eq!(seqs(&out), vec![0, 1]);
        assert!(out.iter().all(|p| p.size_bytes == 1000), "no header, no SYN");
        s.w = Window { cwnd: 20.0, ssthresh: 2.0 };
        out.clear();
        let now = at(&mut s, 1.01);
        s.send_much(now, &mut out);
        assert_eq!(s.maxseq(), 19);
        // segment 2 lost: ACK 1, then three duplicates
        let now = at(&mut s, 1.1);
        s.on_ack(&ack(1), now, &mut out);
        out.clear();
        for t in [1.11, 1.12, 1.13] {
            let now = at(&mut s, t);
            s.on_ack(&ack(1), now, &mut out);
        }
        assert_eq!(seqs(&out), vec![2], "resent on the third duplicate");
        assert_eq!(s.w.cwnd, 15.0 + 3.0, "20 less a quarter, inflated by three");
        // (ACK 1 sent 20 and 21) each later duplicate inflates the window by one: at 21
        // it lets 22 go
        out.clear();
        for t in [1.14, 1.15, 1.16] {
            let now = at(&mut s, t);
            s.on_ack(&ack(1), now, &mut out);
        }
        assert_eq!((s.w.cwnd, seqs(&out)), (21.0, vec![22]));
        // the new ACK deflates the window to the cut
        let now = at(&mut s, 1.2);
        s.on_ack(&ack(19), now, &mut out);
        assert_eq!((s.w.cwnd, s.w.ssthresh), (15.0, 2.0));
        out.clear();
        let now = at(&mut s, 2.0);
        s.on_timeout(now, &mut out);
        assert_eq!((s.w.cwnd, s.w.ssthresh), (2.0, 7.0));
        assert_eq!(seqs(&out), vec![20, 21], "back to the first unacknowledged segment");
        assert_eq!((s.stats.timeouts, s.stats.fast_retransmits), (1, 1));
    }

    /// ns-2's Agent/TCP (Tahoe): the third duplicate ACK halves ssthresh, sets the window
    /// to one and goes back to the first unacknowledged segment; every ACK may send.
    #[test]
    fn tahoe_goes_back_n_at_one_packet() {
        let cfg = TcpConfig { rwnd_pkts: 100, recovery: Recovery::Tahoe, limited_transmit: false, ..TcpConfig::default() };
        let (mut s, mut out) = steady_after(TcpSender::new(0, cfg, Box::new(crate::tcp::congestion::Tahoe), 0.0), ack(0));
        for t in 3..5 {
            out.clear();
            s.on_ack(&ack(1), t * MS, &mut out);
            assert!(out.is_empty());
        }
        out.clear();
        s.on_ack(&ack(1), 5 * MS, &mut out);
        assert_eq!((s.w.cwnd, s.w.ssthresh), (1.0, 5.0));
        assert_eq!(seqs(&out), vec![2], "back to the first unacknowledged segment");
        assert_eq!(s.stats.fast_retransmits, 1);
        // its ACK: slow start from one, the segments after it again
        out.clear();
        s.on_ack(&ack(2), 6 * MS, &mut out);
        assert_eq!(seqs(&out), vec![3, 4]);
        assert_eq!(s.stats.retransmits, 3);
    }

    /// noFastRetrans_ true: Tahoe counts the duplicates and does nothing at the
    /// threshold or past it; only the timer retransmits.
    #[test]
    fn tahoe_without_fast_retransmit_waits_for_its_timer() {
        let cfg = TcpConfig {
            rwnd_pkts: 100,
            recovery: Recovery::Tahoe,
            limited_transmit: false,
            fast_retransmit: false,
            ..TcpConfig::default()
        };
        let (mut s, mut out) = steady_after(TcpSender::new(0, cfg, Box::new(crate::tcp::congestion::Tahoe), 0.0), ack(0));
        for t in 3..9 {
            out.clear();
            s.on_ack(&ack(1), t * MS, &mut out);
            assert!(out.is_empty(), "duplicate {} sends nothing", t - 2);
        }
        assert_eq!((s.w.cwnd, s.w.ssthresh, s.stats.fast_retransmits), (10.0, 10.0, 0));
        out.clear();
        s.on_timeout(2000 * MS, &mut out);
        assert_eq!(seqs(&out), vec![2], "the timer goes back to the first unacknowledged segment");
        assert_eq!((s.w.cwnd, s.w.ssthresh, s.stats.timeouts), (1.0, 5.0, 1));
    }

    /// TcpAgent's timeout does not clear the duplicate count (Reno's does): the
    /// duplicates after it go on past the threshold and start no fast retransmit.
    #[test]
    fn tahoe_keeps_counting_duplicates_across_a_timeout() {
        let cfg = TcpConfig { rwnd_pkts: 100, recovery: Recovery::Tahoe, ..TcpConfig::default() };
        let mut s = TcpSender::new(0, cfg, Box::new(crate::tcp::congestion::Tahoe), 0.0);
        let mut out = vec![];
        s.app_send(GREEDY, 0, &mut out);
        s.on_ack(&ack(0), MS, &mut out);
        s.on_ack(&ack(1), 2 * MS, &mut out);
        s.on_ack(&ack(2), 3 * MS, &mut out);
        for t in 4..6 {
            s.on_ack(&ack(2), t * MS, &mut out);
        }
        assert_eq!(s.dupacks, 2);
        out.clear();
        s.on_timeout(10 * MS, &mut out);
        assert_eq!(seqs(&out), vec![3]);
        assert_eq!(s.dupacks, 2, "not cleared");
        out.clear();
        s.on_ack(&ack(2), 11 * MS, &mut out);
        assert_eq!(s.dupacks, 3);
        assert_eq!(s.stats.fast_retransmits, 0, "below recover: no fast retransmit");
        assert!(out.is_empty(), "no limited transmit past the threshold");
    }

    /// ns-2's Agent/TCP/Fack: recovery begins when the highest SACKed segment lies the
    /// threshold above the cumulative ACK (ns-2 counts no duplicates), restarts the window
    /// from one, and sends while `t_seqno <= fack + cwnd - retran_data`; a SACK beyond
    /// where the sender had got when it resent a hole shows that copy lost, and nothing
    /// more goes until recovery ends at an ACK past `recover` without blocks. A timeout
    /// leaves recovery as it is.
    #[test]
    fn fack_counts_from_the_forward_most_sack_and_restarts_its_window() {
        let (mut s, _) = steady(Recovery::Fack);
        let mut out = vec![];
        let dup = |s: &mut TcpSender, right: i64, t: Time, out: &mut Vec<Packet>| {
            out.clear();
            s.on_ack_with(&ack(1), Some(SackBlocks::of(&[(3, right)])), t, out);
        };
        // segment 2 lost: fack 3 and 4 are one and two above the hole, no limited transmit
        dup(&mut s, 4, 3 * MS, &mut out);
        dup(&mut s, 5, 4 * MS, &mut out);
        assert!(out.is_empty());
        assert_eq!(s.dupacks, 2);
        // fack 5: recovery, the hole resent, the window restarted with half as ssthresh
        dup(&mut s, 6, 5 * MS, &mut out);
        assert_eq!(seqs(&out), vec![2]);
        assert_eq!((s.w.cwnd, s.w.ssthresh, s.recover), (1.0, 5.0, 12));
        let f = s.fack.as_ref().unwrap();
        assert!(f.fastrecov);
        assert_eq!((f.fack, f.retran_data), (5, 1));
        // each ACK opens the window by one (slow start); new data once 12 <= fack + cwnd - 1
        for (right, sent) in [(7, vec![]), (8, vec![]), (9, vec![]), (10, vec![12, 13])] {
            dup(&mut s, right, (right as Time) * MS, &mut out);
            assert_eq!(seqs(&out), sent, "fack {}", right - 1);
        }
        assert_eq!(s.w.cwnd, 5.0);
        // SACKs reaching 13 > 12, where the sender was when it resent 2: lost again
        dup(&mut s, 14, 11 * MS, &mut out);
        assert!(out.is_empty() && s.fack.as_ref().unwrap().timeout);
        // an ACK past recover without blocks ends recovery; the window was opened on it
        out.clear();
        s.on_ack_with(&ack(13), Some(SackBlocks::default()), 12 * MS, &mut out);
        let f = s.fack.as_ref().unwrap();
        assert!(!f.fastrecov && !f.timeout);
        assert_eq!((f.fack, f.retran_data, s.dupacks), (13, 0, 0));
        assert_eq!(seqs(&out), (14..=18).collect::<Vec<_>>());
        // a new recovery, then a timeout: still in recovery, one packet from the ACK
        for right in [16, 17, 18] {
            out.clear();
            s.on_ack_with(&ack(13), Some(SackBlocks::of(&[(15, right)])), 13 * MS, &mut out);
        }
        assert_eq!(seqs(&out), vec![14]);
        out.clear();
        s.on_timeout(20 * MS, &mut out);
        let f = s.fack.as_ref().unwrap();
        assert!(f.fastrecov, "Fack's timeout leaves recovery as it is");
        assert_eq!((f.fack, f.retran_data, s.w.cwnd), (13, 0, 1.0));
        assert_eq!(seqs(&out), vec![14]);
        assert_eq!(s.stats.timeouts, 1);
    }

    /// ns-2's `$tcp set window_` and `maxcwnd_` during the run (`tcp_changes`): the
    /// window limit acts at the sender at once, above the receiver's advertisement too;
    /// a lower window a router wrote into an ACK still caps it; the cap cuts the window
    /// as it next opens.
    #[test]
    fn window_changes_act_at_the_sender_at_once() {
        let (mut s, _) = steady(Recovery::Newreno);
        let mut out = vec![];
        // 2..=11 out; a limit of 5: ACK 3 leaves room up to 8, nothing to send
        s.change_limits(LimitChange { rwnd_pkts: Some(5), ..LimitChange::default() });
        assert_eq!(s.rwnd_pkts(), 5.0);
        s.on_ack(&ack(3), 3 * MS, &mut out);
        assert!(out.is_empty(), "{:?}", seqs(&out));
        assert_eq!(s.rwnd_pkts(), 5.0, "the ACK's advertised 100 does not undo it");
        // raised above the advertised 100: the window (cwnd about 10) decides again
        s.change_limits(LimitChange { rwnd_pkts: Some(200), ..LimitChange::default() });
        s.on_ack(&ack(4), 4 * MS, &mut out);
        assert_eq!(seqs(&out), vec![12, 13, 14]);
        assert_eq!(s.rwnd_pkts(), 200.0);
        // a router's lower window in an ACK caps it
        out.clear();
        s.on_ack(&Packet { rwnd_pkts: 7, ..ack(5) }, 5 * MS, &mut out);
        assert_eq!(s.rwnd_pkts(), 7.0);
        assert!(out.is_empty(), "5 + 7 = 12: nothing beyond 14");
        // a cap of 4 cuts the window at the next ACK that opens it
        s.change_limits(LimitChange { max_cwnd_pkts: Some(4), ..LimitChange::default() });
        assert!(s.w.cwnd > 4.0);
        s.on_ack(&ack(6), 6 * MS, &mut out);
        assert_eq!(s.w.cwnd, 4.0);
        // a threshold set above the window: the next ACK grows it by slow start
        s.change_limits(LimitChange { max_cwnd_pkts: Some(0), ssthresh_pkts: Some(50), ..LimitChange::default() });
        assert_eq!(s.w.ssthresh, 50.0);
        s.on_ack(&ack(7), 7 * MS, &mut out);
        assert_eq!(s.w.cwnd, 5.0, "one packet per ACK below the threshold");
    }

    /// ns-2's Sack1 over a plain TCPSink (`sink_sack: false`): its duplicate ACKs carry
    /// no blocks, change nothing and count for nothing, so no fast retransmit comes and
    /// nothing is sent on them; the lost segment goes again at the timeout.
    #[test]
    fn sack1_without_blocks_waits_for_its_timeout() {
        let (mut s, _) = steady(Recovery::Sack1);
        let mut out = vec![];
        for i in 0..8 {
            s.on_ack_with(&ack(1), Some(SackBlocks::default()), (3 + i) * MS, &mut out);
        }
        assert!(out.is_empty(), "no duplicate ACK counted: {:?}", seqs(&out));
        assert_eq!((s.dupacks, s.sack1.fastrecov, s.stats.retransmits), (0, false, 0));
        s.on_timeout(s.rtx_deadline.expect("a timer armed"), &mut out);
        assert_eq!(seqs(&out), vec![2], "go-back-N from the hole");
        assert_eq!((s.stats.timeouts, s.w.cwnd), (1, 1.0));
    }

    /// ns-2's Sack1: only duplicate ACKs whose blocks change the scoreboard count; the
    /// pipe starts at what is out less the duplicates and falls by one per ACK (two per
    /// partial ACK); a hole is resent once; the ACK reaching `recover` ends recovery
    /// without opening the window.
    #[test]
    fn sack1_counts_changed_dupacks_keeps_its_pipe_and_leaves_without_opening() {
        let (mut s, _) = steady(Recovery::Sack1);
        let mut out = vec![];
        let dup = |s: &mut TcpSender, right: i64, t: Time, out: &mut Vec<Packet>| {
            out.clear();
            s.on_ack_with(&ack(1), Some(SackBlocks::of(&[(3, right)])), t, out);
        };
        // segment 2 lost: two duplicates send two new segments (limited transmit)
        dup(&mut s, 4, 3 * MS, &mut out);
        assert_eq!(seqs(&out), vec![12]);
        dup(&mut s, 5, 4 * MS, &mut out);
        assert_eq!(seqs(&out), vec![13]);
        // the same blocks again: not a duplicate ACK for Sack1
        dup(&mut s, 5, 5 * MS, &mut out);
        assert!(out.is_empty());
        assert_eq!(s.dupacks, 2);
        // the third that changes something: fast retransmit, the window halved
        dup(&mut s, 6, 6 * MS, &mut out);
        assert_eq!(seqs(&out), vec![2]);
        assert_eq!((s.w.cwnd, s.w.ssthresh, s.recover), (5.0, 5.0, 13));
        assert_eq!(s.sack1.pipe, 13 - 1 - 3);
        // four more: the pipe falls to 5, nothing sent; the fifth opens one slot
        for (i, right) in (7..=10).enumerate() {
            dup(&mut s, right, (7 + i as Time) * MS, &mut out);
            assert!(out.is_empty());
        }
        dup(&mut s, 11, 12 * MS, &mut out);
        assert_eq!(seqs(&out), vec![14], "no hole left below a SACKed segment: new data");
        assert_eq!(s.sack1.pipe, 5);
        // a partial ACK: the pipe falls by two, two new segments
        out.clear();
        s.on_ack_with(&ack(11), Some(SackBlocks::of(&[(12, 15)])), 13 * MS, &mut out);
        assert_eq!(seqs(&out), vec![15, 16]);
        assert_eq!((s.highest_ack(), s.last_ack), (11, 1), "last_ack stays until recovery ends");
        // the ACK reaching recover: out of recovery, the window not opened on it
        out.clear();
        s.on_ack_with(&ack(16), Some(SackBlocks::default()), 14 * MS, &mut out);
        assert!(!s.sack1.fastrecov);
        assert_eq!(s.w.cwnd, 5.0);
        assert_eq!(seqs(&out), vec![17, 18, 19, 20, 21]);
        assert_eq!(s.stats.retransmits, 1);
    }

    /// Sack1 with numdupacksFrac_ k (`dupack_threshold_cwnd_divisor`): fast retransmit
    /// at max(numdupacks_, floor(cwnd) / k) changed duplicates, limited transmit before
    /// it, and the pipe less that many; with LimTransmitFix_ the pipe less one.
    #[test]
    fn sack1_waits_for_a_window_s_fraction_of_duplicates_and_its_pipe_follows() {
        for fix in [false, true] {
            let cfg = TcpConfig { rwnd_pkts: 100, recovery: Recovery::Sack1, sack: true,
                                  dupack_threshold_cwnd_divisor: 2, limited_transmit_fix: fix, ..TcpConfig::default() };
            let (mut s, _) = steady_after(TcpSender::new(0, cfg, Box::new(Reno), 0.0), ack(0));
            assert_eq!(s.w.cwnd, 10.0);
            let mut out = vec![];
            for (i, right) in (4..=7).enumerate() {
                out.clear();
                s.on_ack_with(&ack(1), Some(SackBlocks::of(&[(3, right)])), (3 + i as Time) * MS, &mut out);
                assert_eq!(seqs(&out), vec![12 + i as i64], "duplicate {}: below 10 / 2, limited transmit", i + 1);
            }
            out.clear();
            s.on_ack_with(&ack(1), Some(SackBlocks::of(&[(3, 8)])), 8 * MS, &mut out);
            assert_eq!(seqs(&out), vec![2], "the fifth: fast retransmit");
            assert_eq!(s.sack1.pipe, if fix { 15 - 1 - 1 } else { 15 - 1 - 5 });
        }
    }

    /// Sack1 with ECN: an ECN-Echo halves the window once; the third changed duplicate in
    /// that window starts fast recovery and resends the hole without a second cut
    /// (Sack1TcpAgent::dupack_action's ECN branch), `recover` kept.
    #[test]
    fn sack1_with_ecn_recovers_a_loss_in_the_window_of_a_response_without_a_second_cut() {
        let cfg = TcpConfig { rwnd_pkts: 100, recovery: Recovery::Sack1, sack: true, ecn: true, ..TcpConfig::default() };
        let (mut s, _) = steady_after(TcpSender::new(0, cfg, Box::new(Reno), 0.0), ece(0));
        let mut out = vec![];
        let dup = |s: &mut TcpSender, right: i64, t: Time, out: &mut Vec<Packet>| {
            out.clear();
            let a = Packet { aux: crate::net::packet::ECE, ..ack(1) };
            s.on_ack_with(&a, Some(SackBlocks::of(&[(3, right)])), t, out);
        };
        dup(&mut s, 4, 3 * MS, &mut out);
        assert_eq!((s.w.cwnd, s.w.ssthresh, s.recover, s.stats.ecn_responses), (5.0, 5.0, 11, 1));
        dup(&mut s, 5, 4 * MS, &mut out);
        dup(&mut s, 6, 5 * MS, &mut out);
        assert_eq!(seqs(&out), vec![2], "the hole resent");
        assert!(s.sack1.fastrecov);
        assert_eq!((s.w.cwnd, s.w.ssthresh, s.recover, s.stats.ecn_responses), (5.0, 5.0, 11, 1), "no second cut");
    }

    /// A hole resent in recovery is not resent again before a timeout, however many
    /// more SACKed segments lie above it.
    #[test]
    fn sack1_resends_each_hole_once() {
        let (mut s, _) = steady(Recovery::Sack1);
        let mut out = vec![];
        // 2 and 4 lost
        for (k, blocks) in [vec![(3, 4)], vec![(5, 6), (3, 4)], vec![(5, 7), (3, 4)]].into_iter().enumerate() {
            out.clear();
            s.on_ack_with(&ack(1), Some(SackBlocks::of(&blocks)), (3 + k as Time) * MS, &mut out);
        }
        assert_eq!(seqs(&out), vec![2], "fast retransmit of the first hole");
        let mut resent = vec![];
        for k in 0..8 {
            out.clear();
            s.on_ack_with(&ack(1), Some(SackBlocks::of(&[(5, 8 + k), (3, 4)])), (6 + k as Time) * MS, &mut out);
            resent.extend(seqs(&out).into_iter().filter(|q| *q < 12)); // new data from 12 on
        }
        assert_eq!(resent, vec![4], "the second hole once");
    }

    #[test]
    fn limited_transmit_then_fast_retransmit_halves_window() {
        let (mut s, _) = steady(Recovery::Newreno);
        let mut out = vec![];
        // segment 2 lost: three dupACKs of 1
        s.on_ack(&ack(1), 10 * MS, &mut out);
        s.on_ack(&ack(1), 11 * MS, &mut out);
        assert_eq!(seqs(&out), vec![12, 13], "limited transmit");
        out.clear();
        s.on_ack(&ack(1), 12 * MS, &mut out);
        assert_eq!(seqs(&out), vec![2], "fast retransmit");
        assert_eq!(s.w.cwnd, 5.0);
        assert_eq!(s.w.ssthresh, 5.0);
        assert_eq!(s.stats.fast_retransmits, 1);
        // further dupACKs inflate the window: 5 + 3 + 6 = 14 past highest_ack 1
        out.clear();
        for i in 0..6 {
            s.on_ack(&ack(1), (13 + i) * MS, &mut out);
        }
        assert_eq!(seqs(&out), vec![14, 15]);
    }

    /// A NewReno sender of `cfg` in fast recovery: segments 2..=11 out, segment 2 lost,
    /// its three duplicate ACKs taken.
    fn newreno_in_recovery(cfg: TcpConfig) -> TcpSender {
        let (mut s, _) = steady_after(TcpSender::new(0, TcpConfig { recovery: Recovery::Newreno, ..cfg }, Box::new(Reno), 0.0), ack(0));
        let mut out = vec![];
        for i in 0..3 {
            s.on_ack(&ack(1), (10 + i) * MS, &mut out);
        }
        s
    }

    #[test]
    fn newreno_partial_ack_retransmits_next_hole_and_stays_in_recovery() {
        let mut s = newreno_in_recovery(TcpConfig { rwnd_pkts: 100, ..TcpConfig::default() });
        let mut out = vec![];
        // retransmitted 2 arrives; 3..5 were received, 6 lost: partial ACK of 5
        s.on_ack(&ack(5), 50 * MS, &mut out);
        assert_eq!(out[0].seq, 6, "retransmit the next hole");
        assert_eq!(s.last_cwnd_action, CwndAction::DupAck);
        // deflation: 4 newly acked, 3 of them taken from dupwnd: cwnd 5 - 1 = 4
        assert_eq!(s.w.cwnd, 4.0);
        // an ACK of everything up to recover (13) ends recovery; slow start below ssthresh
        out.clear();
        s.on_ack(&ack(13), 60 * MS, &mut out);
        assert_eq!(s.last_cwnd_action, CwndAction::Exited);
        assert_eq!(s.dupwnd, 0);
        assert_eq!(s.w.cwnd, 5.0);
    }

    /// ns-2's exit_recovery_fix_ 1 (`exit_recovery_at_flight`): the ACK that ends the
    /// recovery first sets the window to the smaller of ssthresh and what is outstanding
    /// (maxseq - ack + 1), then opens it as any new ACK; without it the deflated window
    /// stays. Only a recovery with its window inflated (dupwnd > 0) is left so.
    #[test]
    fn newreno_can_leave_recovery_at_the_data_outstanding() {
        for (fix, full) in [(false, 13), (true, 13), (true, 11)] {
            let cfg = TcpConfig { rwnd_pkts: 100, exit_recovery_at_flight: fix, ..TcpConfig::default() };
            let mut s = newreno_in_recovery(cfg);
            let mut out = vec![];
            s.on_ack(&ack(5), 50 * MS, &mut out);
            let (cwnd, ssthresh, maxseq, recover) = (s.w.cwnd, s.w.ssthresh, s.maxseq(), s.recover);
            assert_eq!((cwnd, ssthresh), (4.0, 5.0));
            s.recover = recover.min(full);
            s.on_ack(&ack(full), 60 * MS, &mut out);
            assert_eq!(s.last_cwnd_action, CwndAction::Exited);
            let outstanding = (maxseq - full + 1) as f64;
            let set = if fix { ssthresh.min(outstanding) } else { cwnd };
            // then opened by the new ACK: a packet in slow start, 1/cwnd above ssthresh
            let opened = if set < ssthresh { set + 1.0 } else { set + 1.0 / set };
            assert_eq!(s.w.cwnd, opened, "fix {fix}, ACK {full}: outstanding {outstanding}");
        }
    }

    /// A NewReno sender whose `recover` a timeout set at segment `recover` (as ns-2's
    /// timeout sets recover_ = maxseq_), then `tweak`ed, gets three duplicates of ACK 1:
    /// whether it fast-retransmits (tcp/multiple_fast_retransmits.rs).
    fn refasts(cfg: TcpConfig, recover: i64, tweak: impl Fn(&mut TcpSender)) -> bool {
        let cfg = TcpConfig { rwnd_pkts: 100, recovery: Recovery::Newreno, ..cfg };
        let (mut s, _) = steady_after(TcpSender::new(0, cfg, Box::new(Reno), 0.0), ack(0));
        s.recover = recover;
        tweak(&mut s);
        let mut out = vec![];
        for i in 0..3 {
            s.on_ack(&ack(1), (10 + i) * MS, &mut out);
        }
        assert!(s.stats.fast_retransmits <= 1);
        let resent = seqs(&out).contains(&2);
        assert_eq!(resent, s.stats.fast_retransmits == 1);
        resent
    }

    /// ns-2's NewReno under bugFix_: three duplicates of an ACK at or below `recover`
    /// retransmit nothing, unless lessCareful_ (an ACK exactly at recover_), the ACK
    /// heuristic (the last new ACK moved by at most numdupacks_ with a window above one
    /// packet) or the timestamp heuristic (the acknowledged segment last sent at the time
    /// the last new ACK echoed) lets them.
    #[test]
    fn newreno_fast_retransmits_again_below_recover_only_by_its_rules() {
        let plain = TcpConfig::default();
        // above recover: the ordinary fast retransmit
        assert!(refasts(plain.clone(), 0, |_| {}));
        // at and below recover: the Careful variant waits
        assert!(!refasts(plain.clone(), 1, |_| {}));
        assert!(!refasts(plain.clone(), 20, |_| {}));
        // Less Careful: at recover only
        let lc = TcpConfig { newreno_less_careful: true, ..TcpConfig::default() };
        assert!(refasts(lc.clone(), 1, |_| {}));
        assert!(!refasts(lc, 20, |_| {}));
        // the ACK heuristic: ACKs 0 then 1 moved the cumulative ACK by 1
        let ackh = TcpConfig { newreno_ack_heuristic: true, ..TcpConfig::default() };
        assert_eq!(refasts(ackh.clone(), 20, |s| assert_eq!(s.prev_highest_ack, 0)), true);
        assert!(!refasts(ackh.clone(), 20, |s| s.prev_highest_ack = -3));
        assert!(refasts(ackh.clone(), 20, |s| s.prev_highest_ack = -2));
        assert!(!refasts(ackh, 20, |s| s.w.cwnd = 1.0));
        // the timestamp heuristic: segment 1 left at 0.0 (the test's clock), and the echo
        // without the timestamp option stays 0.0 (ns-2's ts_echo_): a match; another
        // echo, or segment 1 sent again later, none
        let tsh = TcpConfig { newreno_timestamp_heuristic: true, ..TcpConfig::default() };
        assert!(refasts(tsh.clone(), 20, |_| {}));
        assert!(!refasts(tsh.clone(), 20, |s| s.echo_kept = 0.25));
        assert!(!refasts(tsh.clone(), 20, |s| {
            s.clock_s = 0.5;
            let mut out = vec![];
            s.output(1, 5 * MS, &mut out);
        }));
        assert!(refasts(tsh, 20, |s| {
            s.clock_s = 0.5;
            let mut out = vec![];
            s.output(1, 5 * MS, &mut out);
            s.echo_kept = 0.5;
        }));
    }

    /// ns-2's timerfix_ false: a new ACK restarts the timer before its RTT sample
    /// changes the timeout, so the timer runs with the timeout from before the sample.
    #[test]
    fn without_timerfix_the_timer_restarts_before_the_sample() {
        let mut rtos = vec![];
        for after in [true, false] {
            let cfg = TcpConfig { rwnd_pkts: 100, timer_after_sample: after, ..TcpConfig::default() };
            let (mut s, _) = steady_after(TcpSender::new(0, cfg, Box::new(Reno), 0.0), ack(0));
            let before = s.rtt.rto_s();
            let mut out = vec![];
            // the timed segment's ACK, after a long round trip: the sample raises the RTO
            s.on_ack(&ack(5), 2_000 * MS, &mut out);
            assert!(s.rtt.rto_s() > before, "{} {before}", s.rtt.rto_s());
            rtos.push((s.rtx_timer_s, before, s.rtt.rto_s()));
        }
        let ((with, _, new), (without, old, _)) = (rtos[0], rtos[1]);
        assert_eq!((with, without), (Some(new), Some(old)), "timerfix_ true: the new RTO; false: the one before");
    }

    /// ns-2's NewReno with partial_window_deflation_ 0: a partial ACK drops the
    /// inflation instead of deflating by what it acknowledged; leaving recovery with no
    /// inflation left keeps ns-2's DUPACK action (its exit tests dupwnd_ > 0).
    #[test]
    fn newreno_without_partial_window_deflation_drops_the_inflation() {
        let mut s = newreno_in_recovery(TcpConfig { rwnd_pkts: 100, partial_window_deflation: false, ..TcpConfig::default() });
        let mut out = vec![];
        s.on_ack(&ack(5), 50 * MS, &mut out);
        assert_eq!(out[0].seq, 6, "retransmit the next hole");
        assert_eq!((s.w.cwnd, s.dupwnd), (5.0, 0), "the window as cut, the inflation gone");
        out.clear();
        s.on_ack(&ack(13), 60 * MS, &mut out);
        assert_eq!(s.last_cwnd_action, CwndAction::DupAck, "no inflation left: ns-2 does not mark the exit");
    }

    /// ns-2's newreno_changes1_ 0: every partial ACK restarts the retransmission timer
    /// (with 1, only the recovery's first).
    #[test]
    fn newreno_can_restart_its_timer_on_every_partial_ack() {
        for every in [false, true] {
            let mut s = newreno_in_recovery(TcpConfig { rwnd_pkts: 100, timer_every_partial_ack: every, ..TcpConfig::default() });
            let mut out = vec![];
            s.on_ack(&ack(5), 50 * MS, &mut out);
            let first = s.rtx_deadline;
            s.on_ack(&ack(7), 80 * MS, &mut out);
            assert_eq!(s.rtx_deadline != first, every, "every {every}: {first:?} -> {:?}", s.rtx_deadline);
        }
    }

    #[test]
    fn reno_leaves_recovery_on_first_new_ack() {
        let (mut s, _) = steady(Recovery::Reno);
        let mut out = vec![];
        for i in 0..3 {
            s.on_ack(&ack(1), (10 + i) * MS, &mut out);
        }
        assert_eq!(s.dupwnd, 3);
        s.on_ack(&ack(5), 50 * MS, &mut out);
        assert_eq!(s.dupwnd, 0);
        assert_eq!(s.dupacks, 0);
    }

    #[test]
    fn reno_second_hole_in_a_window_waits_for_the_timeout() {
        // ns-2 2.35 (Table III, T3, seed 2): holes at 36 and 57 in one window; the
        // partial ACK of 56 ends Reno's recovery, and the dupACKs of 56 that follow
        // bring no second fast retransmit: 57 goes out at the timeout
        let (mut s, _) = steady(Recovery::Reno);
        let mut out = vec![];
        for i in 0..3 {
            s.on_ack(&ack(1), (10 + i) * MS, &mut out);
        }
        // (limited transmit sent 12 and 13 before the third dupACK)
        assert_eq!((s.stats.fast_retransmits, s.w.cwnd, s.recover), (1, 5.0, 13));
        // retransmitted 2 arrives; 3..5 were received, 6 lost: a partial ACK of 5
        s.on_ack(&ack(5), 50 * MS, &mut out);
        out.clear();
        for i in 0..5 {
            s.on_ack(&ack(5), (60 + i) * MS, &mut out);
        }
        assert_eq!(s.stats.fast_retransmits, 1, "no fast retransmit below recover");
        assert!(!seqs(&out).contains(&6));
        assert_eq!(s.dupwnd, 0, "no fast recovery, so the dupACKs do not inflate the window");
        s.on_timeout(1000 * MS, &mut out);
        assert_eq!(seqs(&out).last(), Some(&6), "the timeout resends the hole");
    }

    /// A sender of `recovery` with `one_fast_retransmit_per_window` as given, steady.
    fn steady_once(recovery: Recovery, once: bool) -> TcpSender {
        let cfg = TcpConfig { one_fast_retransmit_per_window: once, ..sender(recovery).cfg.clone() };
        steady_after(TcpSender::new(0, cfg, Box::new(Reno), 0.0), ack(0)).0
    }

    /// ns-2's bugFix_ false (`one_fast_retransmit_per_window` false): the second hole of
    /// a window gets a fast retransmit of its own and a second cut (Reno, Tahoe; a
    /// NewReno partial ACK resends it, and its count of duplicates runs on); with the
    /// rule it waits for the timeout.
    #[test]
    fn without_the_bug_fix_a_second_hole_in_a_window_is_retransmitted_fast() {
        for recovery in [Recovery::Reno, Recovery::Tahoe] {
            for once in [true, false] {
                let mut s = steady_once(recovery, once);
                let mut out = vec![];
                for i in 0..3 {
                    s.on_ack(&ack(1), (10 + i) * MS, &mut out);
                }
                assert_eq!(s.stats.fast_retransmits, 1);
                let (recover, ssthresh) = (s.recover, s.w.ssthresh);
                s.on_ack(&ack(5), 50 * MS, &mut out);
                out.clear();
                for i in 0..3 {
                    s.on_ack(&ack(5), (60 + i) * MS, &mut out);
                }
                let again = !once;
                assert_eq!(s.stats.fast_retransmits, 1 + again as u64, "{recovery:?}, once {once}");
                assert_eq!(seqs(&out).contains(&6), again, "{recovery:?}, once {once}: {:?}", seqs(&out));
                if again {
                    assert!(s.w.ssthresh < ssthresh, "{recovery:?}: cut again ({} -> {})", ssthresh, s.w.ssthresh);
                    assert!(s.recover >= recover, "{recovery:?}: recover moves to the highest sent");
                }
            }
        }
    }

    /// The same after a timeout: its duplicates are below `recover`, so with the rule
    /// the third declines the fast retransmit (Reno, NewReno, Sack1 alike), without
    /// it (bugFix_ false) it retransmits.
    #[test]
    fn without_the_bug_fix_the_duplicates_after_a_timeout_retransmit_fast() {
        for recovery in [Recovery::Reno, Recovery::Newreno] {
            for once in [true, false] {
                let mut s = fast_retransmit_then_timeout(steady_once(recovery, once));
                let mut out = vec![];
                for i in 0..3 {
                    s.on_ack(&ack(1), (600 + i) * MS, &mut out);
                }
                assert_eq!(s.stats.fast_retransmits, 1 + !once as u64, "{recovery:?}, once {once}");
                assert_eq!(seqs(&out).contains(&2), !once, "{recovery:?}, once {once}: {:?}", seqs(&out));
            }
        }
    }

    /// bugFix_ false with slow_start_restart_ false: a Reno timeout with nothing
    /// outstanding leaves `recover` (RenoTcpAgent::timeout sets it only with bug_fix_;
    /// TcpAgent's own timeout does so only when it cuts the window).
    #[test]
    fn without_the_bug_fix_an_idle_reno_timeout_keeps_recover() {
        for once in [true, false] {
            let cfg = TcpConfig {
                rwnd_pkts: 100,
                recovery: Recovery::Reno,
                slow_start_restart: false,
                one_fast_retransmit_per_window: once,
                ..TcpConfig::default()
            };
            let mut s = TcpSender::new(0, cfg, Box::new(Reno), 0.0);
            let mut out = vec![];
            s.app_send(3, 0, &mut out);
            let mut t = MS;
            while s.highest_ack < s.maxseq() {
                let next = s.highest_ack + 1;
                s.on_ack(&ack(next), t, &mut out);
                t += MS;
            }
            assert_eq!(s.highest_ack, s.maxseq(), "nothing outstanding");
            let before = s.recover;
            s.on_timeout(500 * MS, &mut out);
            assert_eq!(s.recover == s.maxseq(), once || before == s.maxseq(), "once {once}");
            if !once {
                assert_eq!(s.recover, before);
            }
        }
    }

    /// `s` (steady: 2..=11 outstanding, 2 lost) after three duplicates of 1 (a fast
    /// retransmit, `recover` at the highest sent) and a timeout at 500 ms that resends 2:
    /// duplicates of 1 after it are below `recover`.
    fn fast_retransmit_then_timeout(mut s: TcpSender) -> TcpSender {
        let mut out = vec![];
        for i in 0..3 {
            s.on_ack(&ack(1), (10 + i) * MS, &mut out);
        }
        assert_eq!(s.stats.fast_retransmits, 1);
        out.clear();
        s.on_timeout(500 * MS, &mut out);
        assert_eq!(seqs(&out), vec![2], "the timeout resends the hole");
        s
    }

    #[test]
    fn reno_after_a_timeout_declined_retransmit_sends_nothing() {
        // ns-2 2.35 Agent/TCP/Reno (1 Mb/s bottleneck, a hole at 40 lost twice): after
        // the timeout resends 40, the first two dupACKs of 39 send 41 and 42 (limited
        // transmit), the third declines the fast retransmit (39 is below recover, 85)
        // and the twelve that follow send nothing (exitFastRetrans_ 1: no inflation)
        let mut s = fast_retransmit_then_timeout(steady(Recovery::Reno).0);
        let mut out = vec![];
        s.on_ack(&ack(1), 600 * MS, &mut out);
        s.on_ack(&ack(1), 601 * MS, &mut out);
        assert_eq!(seqs(&out), vec![3, 4], "limited transmit");
        out.clear();
        for i in 0..13 {
            s.on_ack(&ack(1), (602 + i) * MS, &mut out);
        }
        assert_eq!(s.stats.fast_retransmits, 1, "declined below recover");
        assert!(out.is_empty(), "nothing follows a declined retransmit: {:?}", seqs(&out));
        assert_eq!(s.dupwnd, 0);
    }

    /// exitFastRetrans_ false (ns-2's test suites): the same declined retransmit sets the
    /// inflation to the threshold and every later duplicate adds a packet, so the
    /// duplicates past the window send new data; NewReno likewise.
    #[test]
    fn without_exit_fast_retransmit_a_declined_retransmit_still_inflates() {
        for recovery in [Recovery::Reno, Recovery::Newreno] {
            let cfg = TcpConfig { rwnd_pkts: 100, recovery, exit_fast_retransmit: false, ..TcpConfig::default() };
            let mut s = fast_retransmit_then_timeout(steady_after(TcpSender::new(0, cfg, Box::new(Reno), 0.0), ack(0)).0);
            let mut out = vec![];
            for i in 0..3 {
                s.on_ack(&ack(1), (600 + i) * MS, &mut out);
            }
            assert_eq!(s.stats.fast_retransmits, 1, "declined below recover");
            assert_eq!(s.dupwnd, 3, "{recovery:?}: the threshold's inflation all the same");
            for i in 3..13 {
                s.on_ack(&ack(1), (600 + i) * MS, &mut out);
            }
            assert_eq!(s.dupwnd, 13, "{recovery:?}: one more each");
            assert!(seqs(&out).iter().any(|&q| q > 13), "{recovery:?}: the inflation sends new data: {:?}", seqs(&out));
        }
    }

    #[test]
    fn no_second_fast_retransmit_in_one_window() {
        let (mut s, _) = steady(Recovery::Newreno);
        let mut out = vec![];
        for i in 0..3 {
            s.on_ack(&ack(1), (10 + i) * MS, &mut out);
        }
        // timeout, then dupACKs below `recover` must not trigger a fast retransmit
        s.on_timeout(100 * MS, &mut out);
        assert_eq!(s.w.cwnd, 1.0);
        let fr = s.stats.fast_retransmits;
        for i in 0..4 {
            s.on_ack(&ack(1), (200 + i) * MS, &mut out);
        }
        assert_eq!(s.stats.fast_retransmits, fr);
    }

    #[test]
    fn timeout_goes_back_to_one_packet_and_backs_off() {
        let (mut s, _) = steady(Recovery::Newreno);
        let rto0 = s.rto_s();
        let mut out = vec![];
        s.on_timeout(3000 * MS, &mut out);
        assert_eq!(seqs(&out), vec![2]);
        assert_eq!(s.w.cwnd, 1.0);
        assert_eq!(s.w.ssthresh, 5.0);
        assert_eq!(s.stats.timeouts, 1);
        assert!((s.rto_s() - 2.0 * rto0).abs() < 1e-9);
        assert_eq!(s.rtx_deadline, Some(3000 * MS + from_secs(2.0 * rto0)));
    }

    /// An ECN sender (tcp.ecn) in steady state: the setup answered by ACK 0's ECN-Echo,
    /// segments 2..=11 outstanding with a window of 10.
    fn ecn_steady(recovery: Recovery) -> TcpSender {
        let cfg = TcpConfig { rwnd_pkts: 100, recovery, ecn: true, ..TcpConfig::default() };
        let (s, _) = steady_after(TcpSender::new(0, cfg, Box::new(Reno), 0.0), ece(0));
        assert_eq!(s.stats.ecn_responses, 0, "the setup's echo is no response");
        s
    }

    fn ece(seq: i64) -> Packet {
        Packet { aux: crate::net::packet::ECE, ..ack(seq) }
    }

    /// TcpAgent::ecn: an ECN-Echo halves ssthresh and the window once per window of
    /// data, the ACK carrying it does not open the window, and the next segment carries
    /// CWR; echoes within the same window change nothing more.
    #[test]
    fn ecn_echo_halves_the_window_once_per_window_and_marks_the_next_segment_cwr() {
        use crate::net::packet::CWR;
        for recovery in [Recovery::Newreno, Recovery::Reno, Recovery::Tahoe] {
            let mut s = ecn_steady(recovery);
            let mut out = vec![];
            s.on_ack(&ece(2), 10 * MS, &mut out);
            assert_eq!((s.w.cwnd, s.w.ssthresh, s.stats.ecn_responses), (5.0, 5.0, 1), "{recovery:?}");
            assert!(out.is_empty(), "10 outstanding, a window of 5: nothing to send");
            for k in 3..=7 {
                s.on_ack(&ece(k), (10 + k as u64) * MS, &mut out);
            }
            assert_eq!((s.w.cwnd, s.stats.ecn_responses), (5.0, 1), "{recovery:?}: within the window: once, and no growth");
            assert_eq!(out.first().map(|p| p.aux & CWR), Some(CWR), "the first segment after the cut carries CWR");
            assert!(out[1..].iter().all(|p| p.aux & CWR == 0));
            // an echo acknowledging past `recover` (11) starts a new window of data
            s.on_ack(&ack(11), 30 * MS, &mut out);
            let w = s.w.cwnd;
            assert!(w > 5.0, "ACKs without the echo open the window");
            s.on_ack(&ece(12), 40 * MS, &mut out);
            assert_eq!(s.stats.ecn_responses, 2, "{recovery:?}");
            assert_eq!(s.w.cwnd, w / 2.0);
        }
    }

    /// ns-2's bugfix_ss_: with it (the default) the first data segment's loss is
    /// retransmitted fast while nothing is acknowledged (the ACK at 0); without it the
    /// duplicates wait for the timeout; and a timeout before any ACK brings the initial
    /// window down to one packet only with it.
    #[test]
    fn without_bugfix_ss_a_lost_first_segment_waits_for_its_timeout() {
        for recovery in [Recovery::Tahoe, Recovery::Reno, Recovery::Newreno] {
            for fix in [true, false] {
                let cfg = TcpConfig { rwnd_pkts: 100, recovery, initial_window_pkts: 4, first_packet_loss_fix: fix,
                                      ..TcpConfig::default() };
                let mut s = TcpSender::new(0, cfg.clone(), Box::new(Reno), 0.0);
                let mut out = vec![];
                s.app_send(GREEDY, 0, &mut out);
                s.on_ack(&ack(0), MS, &mut out);
                assert!(s.maxseq >= 4, "{recovery:?}: the initial window out: {:?}", seqs(&out));
                for k in 0..3 {
                    s.on_ack(&ack(0), (2 + k) * MS, &mut out);
                }
                assert_eq!(s.stats.fast_retransmits, fix as u64, "{recovery:?}, bugfix_ss_ {fix}");
                // no SYN, packet 0 lost: the timeout before any ACK (highest_ack_ -1)
                let cfg = TcpConfig { syn: false, ..cfg };
                let mut s = TcpSender::new(0, cfg, Box::new(Reno), 0.0);
                s.app_send(GREEDY, 0, &mut out);
                assert_eq!((s.highest_ack, s.initial_window), (-1, 4.0));
                s.on_timeout(s.rtx_deadline.expect("armed"), &mut out);
                assert_eq!(s.initial_window, if fix { 1.0 } else { 4.0 }, "{recovery:?}, bugfix_ss_ {fix}");
            }
        }
    }

    /// ns-2's SetCWRonRetransmit_: true (the default), the first segment after a cut
    /// carries CWR even as a retransmission; false, only one sent for the first time
    /// (seqno at or above maxseq_), the CWR waiting for it.
    #[test]
    fn cwr_waits_for_a_new_segment_without_set_cwr_on_retransmit() {
        use crate::net::packet::CWR;
        for on_retransmit in [true, false] {
            let cfg = TcpConfig { rwnd_pkts: 100, ecn: true, cwr_on_retransmit: on_retransmit, ..TcpConfig::default() };
            let (mut s, _) = steady_after(TcpSender::new(0, cfg, Box::new(Reno), 0.0), ece(0));
            assert_eq!(s.maxseq, 11);
            s.cong_action = true;
            let mut out = vec![];
            s.output(2, 10 * MS, &mut out);
            assert_eq!(out[0].aux & CWR != 0, on_retransmit, "a retransmission");
            assert_eq!(s.cong_action, !on_retransmit);
            s.output(11, 11 * MS, &mut out);
            assert_eq!(out[1].aux & CWR != 0, !on_retransmit, "the highest sent again: not below maxseq_");
            assert!(!s.cong_action);
        }
    }

    /// ns-2's old_ecn_ 1 (`ecn_open_in_echo_run`): the first ACK of a run echoing a mark
    /// holds the window, the later ones open it; an ACK without the echo ends the run.
    #[test]
    fn with_old_ecn_only_the_first_echoing_ack_of_a_run_holds_the_window() {
        for recovery in [Recovery::Newreno, Recovery::Reno, Recovery::Tahoe] {
            let grown = |old_ecn: bool| {
                let cfg = TcpConfig { rwnd_pkts: 100, recovery, ecn: true, ecn_open_in_echo_run: old_ecn,
                                      ..TcpConfig::default() };
                let (mut s, _) = steady_after(TcpSender::new(0, cfg, Box::new(Reno), 0.0), ece(0));
                let mut out = vec![];
                let mut w = vec![];
                for (k, echo) in [(2, true), (3, true), (4, true), (5, false), (6, true), (7, true)] {
                    s.on_ack(&if echo { ece(k) } else { ack(k) }, (10 + k as u64) * MS, &mut out);
                    w.push(s.w.cwnd);
                }
                w
            };
            let (held, old) = (grown(false), grown(true));
            assert_eq!(held[0], 5.0, "{recovery:?}: the response");
            assert!(held[1..3].iter().all(|w| *w == 5.0) && held[4..].iter().all(|w| *w == held[3]), "{held:?}");
            assert_eq!(old[0], 5.0, "{recovery:?}: the first echo of a run holds it");
            assert!(old[1] > old[0] && old[2] > old[1], "{recovery:?}: the later ones open it: {old:?}");
            assert!(old[3] > old[2], "no echo: opens");
            assert_eq!(old[4], old[3], "{recovery:?}: a new run's first echo holds it");
            assert!(old[5] > old[4]);
        }
    }

    /// ns-2's slowdown leaves a window halved from one packet at half a packet: the
    /// sender sends nothing and keeps its timer; a second echo there backs the timer off.
    #[test]
    fn an_ecn_echo_at_one_packet_leaves_half_a_packet_and_backs_off_the_second_time() {
        let mut s = ecn_steady(Recovery::Newreno);
        let mut out = vec![];
        s.w.cwnd = 1.0;
        s.on_ack(&ece(2), 10 * MS, &mut out);
        assert_eq!(s.w.cwnd, 0.5);
        assert!(out.is_empty());
        assert!(s.rtx_deadline.is_some(), "the timer stays armed below one packet");
        let rto = s.rto_s();
        s.on_ack(&ack(11), 20 * MS, &mut out); // past recover, no echo: the window opens
        s.w.cwnd = 1.0;
        out.clear();
        s.on_ack(&ece(12), 30 * MS, &mut out);
        assert_eq!((s.w.cwnd, s.stats.ecn_responses), (0.5, 2), "a response at one packet");
        assert!((s.rto_s() - rto).abs() < 1e-9, "the first at one packet: no backoff");
        s.w.cwnd = 1.0;
        s.recover = 0;
        s.on_ack(&ece(13), 40 * MS, &mut out);
        assert_eq!(s.stats.ecn_responses, 3);
        assert!((s.rto_s() - 2.0 * rto).abs() < 1e-9, "the next at one packet backs the timer off");
    }

    /// An ECN response that leaves the window at half a packet with nothing outstanding
    /// keeps the timer; its expiry restarts from one packet and sends the next segment,
    /// with CWR (ns-2's timeout with no outstanding data, which calls send_much).
    #[test]
    fn the_timer_of_a_window_below_one_packet_sends_the_next_segment() {
        use crate::net::packet::CWR;
        let mut s = ecn_steady(Recovery::Newreno);
        let mut out = vec![];
        s.on_ack(&ack(10), 10 * MS, &mut out);
        s.w.cwnd = 1.0;
        out.clear();
        s.on_ack(&ece(11), 20 * MS, &mut out); // everything acknowledged, the window halved
        assert_eq!(s.w.cwnd, 0.5);
        assert!(out.is_empty(), "half a packet: nothing sent");
        let due = s.rtx_deadline.expect("the timer stays armed below one packet");
        s.on_timeout(due, &mut out);
        assert_eq!(seqs(&out), vec![12]);
        assert_eq!(out[0].aux & CWR, CWR);
        assert_eq!((s.w.cwnd, s.stats.timeouts), (1.0, 0), "nothing was outstanding: no timeout counted");
    }

    /// A timeout in the window of an ECN response restarts from one packet with
    /// ssthresh kept and is not counted (ns-2's nrexmit_); the third duplicate ACK
    /// there resends without a second cut (Reno, NewReno) or goes back N at one packet
    /// with ssthresh kept (Tahoe).
    #[test]
    fn after_an_ecn_response_a_timeout_or_a_fast_retransmit_cuts_no_more() {
        let mut s = ecn_steady(Recovery::Newreno);
        let mut out = vec![];
        s.on_ack(&ece(2), 10 * MS, &mut out);
        s.on_timeout(3000 * MS, &mut out);
        assert_eq!((s.w.cwnd, s.w.ssthresh, s.stats.timeouts), (1.0, 5.0, 0));
        for recovery in [Recovery::Newreno, Recovery::Reno] {
            let mut s = ecn_steady(recovery);
            s.on_ack(&ece(2), 10 * MS, &mut out);
            out.clear();
            for k in 0..3 {
                s.on_ack(&ack(2), (11 + k) * MS, &mut out);
            }
            assert_eq!(seqs(&out), vec![3], "{recovery:?}: the hole resent");
            assert_eq!((s.w.cwnd, s.w.ssthresh), (5.0, 5.0), "{recovery:?}: no second cut");
            assert_eq!(s.last_cwnd_action, CwndAction::DupAck);
        }
        let mut s = ecn_steady(Recovery::Tahoe);
        s.on_ack(&ece(2), 10 * MS, &mut out);
        out.clear();
        for k in 0..3 {
            s.on_ack(&ack(2), (11 + k) * MS, &mut out);
        }
        assert_eq!(seqs(&out), vec![3]);
        assert_eq!((s.w.cwnd, s.w.ssthresh), (1.0, 5.0));
        // without ECN the same duplicates below recover resend nothing (no second fast
        // retransmit in the window of the last cut)
        let (mut s, _) = steady(Recovery::Newreno);
        s.recover = 11;
        out.clear();
        for k in 0..3 {
            s.on_ack(&ack(2), (11 + k) * MS, &mut out);
        }
        assert!(!seqs(&out).contains(&3));
    }

    fn refwa_plus() -> TcpSender {
        refwa_plus_with(0.0)
    }

    fn refwa_plus_with(tolerance: f64) -> TcpSender {
        let cfg = TcpConfig { rwnd_pkts: 100, ..TcpConfig::default() };
        TcpSender::new(0, cfg, Box::new(Reno), 0.0).with_loss(Box::new(RefwaPlus::new(RefwaPlusSettings { tolerance })))
    }

    fn ack_fb(seq: i64, rwnd: u32) -> Packet {
        Packet { rwnd_pkts: rwnd, ..ack(seq) }
    }

    /// REFWA Plus sender in steady state with feedback 10: segments 2..=11 outstanding.
    fn refwa_plus_steady() -> TcpSender {
        steady_from(refwa_plus())
    }

    fn steady_from(mut s: TcpSender) -> TcpSender {
        let mut out = vec![];
        s.app_send(GREEDY, 0, &mut out);
        s.on_ack(&ack_fb(0, 10), MS, &mut out);
        s.on_ack(&ack_fb(1, 10), 2 * MS, &mut out);
        s.w.cwnd = 10.0;
        s.send_much(2 * MS, &mut out);
        s
    }

    #[test]
    fn refwa_plus_judges_unchanged_feedback_a_link_error() {
        let mut s = refwa_plus_steady();
        let mut out = vec![];
        for i in 0..3 {
            s.on_ack(&ack_fb(1, 10), (10 + i) * MS, &mut out);
        }
        assert_eq!(s.stats.link_error_losses, 1);
        assert_eq!(s.stats.fast_retransmits, 1);
        assert_eq!((s.w.cwnd, s.w.ssthresh), (10.0, 10.0), "no halving: cwnd = ssthresh = feedback");
        assert!(out.iter().any(|p| p.seq == 2), "the lost segment is retransmitted");
    }

    #[test]
    fn refwa_plus_judges_lowered_feedback_congestion() {
        let mut s = refwa_plus_steady();
        let mut out = vec![];
        for i in 0..3 {
            s.on_ack(&ack_fb(1, 8), (10 + i) * MS, &mut out);
        }
        assert_eq!(s.stats.link_error_losses, 0);
        assert_eq!((s.w.cwnd, s.w.ssthresh), (4.0, 4.0), "NewReno halving of the window of 8");
    }

    #[test]
    fn refwa_plus_tolerance_of_equation_3() {
        let mut s = steady_from(refwa_plus_with(0.25)); // 10 <= 1.25 * 8
        let mut out = vec![];
        for i in 0..3 {
            s.on_ack(&ack_fb(1, 8), (10 + i) * MS, &mut out);
        }
        assert_eq!(s.stats.link_error_losses, 1);
        assert_eq!(s.w.cwnd, 8.0);
    }

    #[test]
    fn refwa_plus_partial_ack_retransmits_the_window_at_once() {
        let mut s = refwa_plus_steady();
        let mut out = vec![];
        for i in 0..3 {
            s.on_ack(&ack_fb(1, 8), (10 + i) * MS, &mut out); // congestion: halve
        }
        out.clear();
        // partial ACK of 5 with feedback back up to 10 (>= the last normal 10): link error
        s.on_ack(&ack_fb(5, 10), 50 * MS, &mut out);
        assert_eq!(s.stats.link_error_losses, 1);
        assert_eq!((s.w.cwnd, s.w.ssthresh), (10.0, 10.0));
        let seqs: Vec<i64> = out.iter().map(|p| p.seq).collect();
        assert_eq!(seqs, (6..=15).collect::<Vec<_>>(), "go back to the hole, a whole window");
    }

    #[test]
    fn refwa_plus_freezes_rto_backoff_after_a_link_error() {
        let mut s = refwa_plus_steady();
        let mut out = vec![];
        for i in 0..3 {
            s.on_ack(&ack_fb(1, 10), (10 + i) * MS, &mut out);
        }
        let rto = s.rto_s();
        s.on_timeout(5000 * MS, &mut out);
        assert_eq!(s.rto_s(), rto, "no backoff");
        assert_eq!((s.w.cwnd, s.w.ssthresh), (10.0, 10.0), "resume at the feedback");
        // a plain NewReno sender backs off
        let (mut t, _) = steady(Recovery::Newreno);
        let r0 = t.rto_s();
        t.on_timeout(5000 * MS, &mut out);
        assert!(t.rto_s() > r0);
    }

    fn trefwa_plus_steady() -> TcpSender {
        let cfg = TcpConfig { rwnd_pkts: 100, ..TcpConfig::default() };
        let mut s = TcpSender::new(0, cfg, Box::new(Reno), 0.0).with_loss(Box::new(TrefwaPlus::default()));
        let mut out = vec![];
        s.app_send(GREEDY, 0, &mut out);
        s.on_ack(&ack_fb(0, 20), 100 * MS, &mut out); // RTT sample 100 ms
        s.on_ack(&ack_fb(1, 20), 200 * MS, &mut out);
        s.w.cwnd = 10.0;
        s.send_much(200 * MS, &mut out);
        s
    }

    #[test]
    fn trefwa_plus_link_error_when_feedback_did_not_fall() {
        let mut s = trefwa_plus_steady();
        let mut out = vec![];
        for i in 0..3 {
            s.on_ack(&ack_fb(1, 20), (300 + i) * MS, &mut out);
        }
        assert_eq!(s.stats.link_error_losses, 1);
        assert_eq!((s.w.cwnd, s.w.ssthresh), (20.0, 20.0), "cwnd = ssthresh = latest feedback");
    }

    #[test]
    fn trefwa_plus_congestion_when_feedback_fell_within_k_rtt() {
        let mut s = trefwa_plus_steady();
        let mut out = vec![];
        s.on_ack(&ack_fb(1, 17), 300 * MS, &mut out); // 17/20 = 0.85 < r: t_d = 300 ms
        for i in 0..3 {
            s.on_ack(&ack_fb(1, 17), (400 + i) * MS, &mut out);
        }
        assert_eq!(s.stats.link_error_losses, 0);
        assert_eq!(s.w.cwnd, 5.0, "NewReno halving of the window of 10");
    }

    #[test]
    fn trefwa_plus_old_feedback_fall_is_ignored() {
        // the fall happened more than k = 3 RTTs (3 x 100 ms) before the dupACKs
        let mut s = trefwa_plus_steady();
        let mut out = vec![];
        s.on_ack(&ack_fb(1, 17), 300 * MS, &mut out);
        s.on_ack(&ack_fb(1, 18), 301 * MS, &mut out); // r test vs W_p = 17: no new fall
        let mut s2 = s;
        out.clear();
        for i in 0..2 {
            s2.on_ack(&ack_fb(1, 18), (900 + i) * MS, &mut out);
        }
        // 18/18: no fall; the third dupACK at 902 ms is 602 ms after t_d
        s2.on_ack(&ack_fb(1, 18), 902 * MS, &mut out);
        assert_eq!(s2.stats.link_error_losses, 1);
        assert_eq!(s2.w.cwnd, 18.0);
    }

    #[test]
    fn trefwa_plus_timeouts() {
        let mut s = trefwa_plus_steady();
        let mut out = vec![];
        let rto = s.rto_s();
        s.on_timeout(2000 * MS, &mut out);
        assert_eq!(s.stats.link_error_losses, 1, "ACKs arrived and the feedback never fell");
        assert_eq!((s.w.cwnd, s.w.ssthresh), (20.0, 20.0));
        assert_eq!(s.rto_s(), rto, "backoff frozen");
        // a second timeout with no ACK in between: congestion, still no backoff
        s.on_timeout(3000 * MS, &mut out);
        assert_eq!(s.stats.link_error_losses, 1);
        assert_eq!(s.w.cwnd, 1.0);
        assert_eq!(s.rto_s(), rto);
    }

    #[test]
    fn trefwa_senders_write_the_rtt_code() {
        let cfg = TcpConfig { tos: 0b1100_0000, ..TcpConfig::default() };
        let mut s = TcpSender::new(0, cfg, Box::new(Reno), 0.0).with_rtt_code(crate::net::rtt_code::K);
        let mut out = vec![];
        s.app_send(GREEDY, 0, &mut out);
        assert_eq!(out[0].tos, 0b1100_0000, "no SRTT yet: code 0, the other two bits kept");
        out.clear();
        s.on_ack(&ack(0), 100 * MS, &mut out); // SRTT 100 ms -> code 41
        assert!(out.iter().all(|p| p.tos == 0b1100_0000 | 41), "{:?}", out.iter().map(|p| p.tos).collect::<Vec<_>>());
    }

    #[test]
    fn send_overhead_on_ns2_draws_is_overhead_times_the_generators_next_uniform() {
        // ns-2's Random::uniform(overhead_), from the one generator the run shares
        use crate::engine::ns2_rng::Ns2Rng;
        let g = std::sync::Arc::new(std::sync::Mutex::new(Ns2Rng::new(12345)));
        let mut reference = Ns2Rng::new(12345);
        let cfg = TcpConfig { rwnd_pkts: 100, send_overhead_s: 0.004, ..TcpConfig::default() };
        let mut s = TcpSender::new(0, cfg, Box::new(Reno), 0.0);
        s.set_overhead_rng(Draws::Ns2(g.clone()));
        let mut out = vec![];
        s.app_send(GREEDY, 0, &mut out);
        assert_eq!(s.take_delsnd_request(), Some(reference.u01() * 0.004));
        s.on_delayed_send(MS, &mut out);
        out.clear();
        // a draw taken elsewhere (a RED queue) in between moves the next one on
        g.lock().unwrap().u01();
        reference.u01();
        s.on_ack(&ack(0), 100 * MS, &mut out);
        assert_eq!(s.take_delsnd_request(), Some(reference.u01() * 0.004));
    }

    #[test]
    fn a_syn_sent_past_max_connects_aborts_the_connection() {
        // ns-2's max_connects_ 2: the SYN goes out twice (its first send and one timeout's
        // resend); the next send aborts: nothing sent, curseq_ 0, the timer 10,000 s off
        let cfg = TcpConfig { rwnd_pkts: 20, max_connects: 2, ..TcpConfig::default() };
        let mut s = TcpSender::new(0, cfg, Box::new(Reno), 0.0);
        let mut out = vec![];
        s.app_send(20, 0, &mut out);
        assert_eq!(out.iter().map(|p| p.seq).collect::<Vec<_>>(), vec![0], "the SYN");
        out.clear();
        let t1 = s.rtx_deadline.expect("its timer");
        s.on_timeout(t1, &mut out);
        assert_eq!(out.iter().map(|p| p.seq).collect::<Vec<_>>(), vec![0], "sent again");
        out.clear();
        let t2 = s.rtx_deadline.expect("its timer");
        s.on_timeout(t2, &mut out);
        assert!(out.is_empty(), "aborted: {out:?}");
        assert_eq!(s.curseq(), 0);
        assert_eq!(s.rtx_deadline, Some(t2 + from_secs(10_000.0)));
        // without the limit the third send goes
        let mut plain = TcpSender::new(0, TcpConfig { rwnd_pkts: 20, ..TcpConfig::default() }, Box::new(Reno), 0.0);
        plain.app_send(20, 0, &mut out);
        for _ in 0..2 {
            out.clear();
            let t = plain.rtx_deadline.unwrap();
            plain.on_timeout(t, &mut out);
        }
        assert_eq!(out.iter().map(|p| p.seq).collect::<Vec<_>>(), vec![0]);
    }

    #[test]
    fn a_phase_due_at_the_start_is_tick_times_the_generators_next_uniform_once() {
        // ns-2's `$tcp reset` just before the start: boot_time_ = Random::uniform(tcpTick_)
        use crate::engine::ns2_rng::Ns2Rng;
        let g = std::sync::Arc::new(std::sync::Mutex::new(Ns2Rng::new(4)));
        let mut reference = Ns2Rng::new(4);
        let cfg = TcpConfig { tick_s: 0.5, tick_phase_at_start: true, ..TcpConfig::default() };
        let mut s = TcpSender::new(0, cfg, Box::new(Reno), 0.125);
        s.set_phase_rng(Draws::Ns2(g.clone()));
        assert_eq!(s.rtt_tick_phase_s(), 0.125, "nothing drawn before the start");
        // a draw taken elsewhere (a RED queue) before the start moves it on
        g.lock().unwrap().u01();
        reference.u01();
        s.draw_tick_phase_at_start(0.0);
        let phase = reference.u01() * 0.5;
        assert_eq!(s.rtt_tick_phase_s(), phase);
        // a later ON period of a source does not reset the agent: no second draw
        s.draw_tick_phase_at_start(1.0);
        assert_eq!(s.rtt_tick_phase_s(), phase);
        assert_eq!(g.lock().unwrap().u01(), reference.u01());
        // without the setting nothing is drawn
        let mut plain = TcpSender::new(0, TcpConfig::default(), Box::new(Reno), 0.003);
        plain.draw_tick_phase_at_start(0.0);
        assert_eq!(plain.rtt_tick_phase_s(), 0.003);
    }

    #[test]
    fn send_overhead_delays_a_send_opportunity_then_sends_the_window() {
        // ns-2 overhead_: the ACK arms a delayed send at uniform(0, overhead) and sends
        // nothing; a second ACK while it is pending sends nothing either; the timer's
        // expiry sends all the window allows. Without overhead the ACK sends at once.
        for overhead in [0.0, 0.005] {
            let cfg = TcpConfig { rwnd_pkts: 100, send_overhead_s: overhead, ..TcpConfig::default() };
            let mut s = TcpSender::new(0, cfg, Box::new(Reno), 0.0);
            s.set_overhead_rng(Draws::Own(Box::new(crate::engine::RngStreams::new(1).stream("o"))));
            let mut out = vec![];
            s.app_send(GREEDY, 0, &mut out);
            if overhead > 0.0 {
                assert!(out.is_empty());
                let d = s.take_delsnd_request().expect("a delayed send is armed");
                assert!((0.0..overhead).contains(&d));
                s.on_delayed_send(from_secs(d), &mut out);
            }
            assert_eq!(seqs(&out), vec![0], "the SYN");
            out.clear();
            s.on_ack(&ack(0), 100 * MS, &mut out);
            if overhead > 0.0 {
                assert!(out.is_empty() && s.take_delsnd_request().is_some());
                s.app_send(10, 101 * MS, &mut out); // pending: nothing, no new timer
                assert!(out.is_empty() && s.take_delsnd_request().is_none());
                s.on_delayed_send(102 * MS, &mut out);
            }
            assert_eq!(seqs(&out), vec![1, 2], "the initial window");
        }
    }

    /// A controller that owns its window as BBR does and paces nothing: `.0` outside
    /// recovery, packet conservation in it (in flight + delivered).
    struct Conserve(f64);
    impl CongestionControl for Conserve {
        fn name(&self) -> &'static str {
            "conserve"
        }
        fn on_ack(&mut self, _w: &mut Window, _ev: &AckEvent) {}
        fn on_fast_retransmit(&mut self, _w: &mut Window, _ev: &LossEvent) {}
        fn on_timeout(&mut self, _w: &mut Window, _ev: &LossEvent) {}
        fn needs_rate_samples(&self) -> bool {
            true
        }
        fn owns_window(&self) -> bool {
            true
        }
        fn cong_control(&mut self, w: &mut Window, s: &AckSample) {
            w.cwnd = if s.in_recovery { (s.in_flight + s.rate.acked_sacked) as f64 } else { self.0 };
        }
    }

    /// A controller that owns the window sets it before the sender transmits for an ACK
    /// (Linux's tcp_ack: cong_control, then tcp_xmit_recovery): under packet
    /// conservation each duplicate ACK that SACKs one segment releases exactly one,
    /// the lost head first.
    #[test]
    fn a_window_owning_controller_sets_the_window_before_the_ack_sends() {
        use crate::tcp::sack::SackReceiver;
        let cfg = TcpConfig { rwnd_pkts: 100, recovery: Recovery::Sack, limited_transmit: false, ..TcpConfig::default() };
        let mut s = TcpSender::new(0, cfg, Box::new(Conserve(10.0)), 0.0);
        let mut out = vec![];
        s.app_send(GREEDY, 0, &mut out);
        s.on_ack(&ack(0), 10 * MS, &mut out);
        assert_eq!(s.maxseq(), 10);
        let mut rcv = SackReceiver::default();
        let mut sent = vec![];
        for (k, q) in (2..=8).enumerate() {
            rcv.record(q);
            out.clear();
            s.on_ack_with(&ack(0), Some(rcv.blocks(q)), (110 + k as u64) * MS, &mut out);
            sent.push(seqs(&out));
        }
        assert!(s.in_sack_recovery);
        // before recovery a SACKed segment leaves the flight and one new one goes out
        // (Linux's in flight counts no SACKed segment); from the third duplicate on,
        // packet conservation: one per ACK, the lost 1 first
        assert_eq!(sent, vec![vec![11], vec![12], vec![1], vec![13], vec![14], vec![15], vec![16]]);
    }

    /// A controller that records what each ACK tells it was acknowledged.
    struct Counts(std::sync::Arc<std::sync::Mutex<Vec<i64>>>);
    impl CongestionControl for Counts {
        fn name(&self) -> &'static str {
            "counts"
        }
        fn on_ack(&mut self, _w: &mut Window, ev: &AckEvent) {
            self.0.lock().unwrap().push(ev.acked_pkts);
        }
        fn on_fast_retransmit(&mut self, w: &mut Window, _ev: &LossEvent) {
            *w = Window { cwnd: 7.0, ssthresh: 7.0 };
        }
        fn on_timeout(&mut self, _w: &mut Window, _ev: &LossEvent) {}
        fn needs_rate_samples(&self) -> bool {
            true
        }
    }

    /// A sender keeping rate samples grows its window by the segments an ACK newly
    /// delivered, as Linux's tcp_cong_avoid does (tcp_ack's `delivered`): the ACK that
    /// fills a hole and covers six segments SACKed before counts one, not seven (CUBIC
    /// at a window of 7 had grown by 2 on it, where Linux grows by 1 a round later).
    #[test]
    fn the_ack_that_ends_recovery_counts_only_what_it_newly_delivered() {
        use crate::tcp::sack::SackReceiver;
        let seen = std::sync::Arc::new(std::sync::Mutex::new(vec![]));
        let cfg = TcpConfig {
            rwnd_pkts: 100,
            recovery: Recovery::Sack,
            limited_transmit: false,
            initial_window_pkts: 10,
            ..TcpConfig::default()
        };
        let mut s = TcpSender::new(0, cfg, Box::new(Counts(seen.clone())), 0.0);
        let mut out = vec![];
        s.app_send(GREEDY, 0, &mut out);
        s.on_ack(&ack(0), 10 * MS, &mut out);
        assert!(s.maxseq() >= 10);
        // segment 1 is lost; every other segment sent reaches the receiver and is SACKed
        let mut rcv = SackReceiver::default();
        let mut q = 2;
        while q <= s.maxseq() {
            rcv.record(q);
            s.on_ack_with(&ack(0), Some(rcv.blocks(q)), (110 + q as u64) * MS, &mut out);
            q += 1;
        }
        let top = s.maxseq();
        assert!(s.in_sack_recovery && top >= 8, "{top}");
        seen.lock().unwrap().clear();
        rcv.record(1);
        rcv.advance(top + 1);
        s.on_ack_with(&ack(top), Some(rcv.blocks(1)), 300 * MS, &mut out);
        assert!(!s.in_sack_recovery);
        assert_eq!(*seen.lock().unwrap(), vec![1], "the retransmission only; 2-{top} were delivered when SACKed");
        s.on_ack_with(&ack(top + 2), None, 310 * MS, &mut out);
        assert_eq!(seen.lock().unwrap().last(), Some(&2), "an ordinary ACK of two new segments");
    }

    /// A Linux-like sender (a window of 6, not paced) whose handshake ended at 100 ms,
    /// and what it sent then.
    fn after_handshake(tso_defer: bool) -> (TcpSender, Vec<Packet>) {
        after_handshake_with(tso_defer, true)
    }

    /// `after_handshake`, its receiver reading PSH (`push_ack`) or not.
    fn after_handshake_with(tso_defer: bool, push_ack: bool) -> (TcpSender, Vec<Packet>) {
        let cfg = TcpConfig {
            rwnd_pkts: 100,
            sack: true,
            recovery: Recovery::Sack,
            rto: RtoStyle::Linux,
            initial_window_pkts: 6,
            tso_defer,
            push_ack,
            ..TcpConfig::default()
        };
        let mut s = TcpSender::new(0, cfg, Box::new(Conserve(6.0)), 0.0);
        let mut out = vec![];
        s.app_send(GREEDY, 0, &mut out);
        out.clear();
        s.on_ack_with(&ack(0), None, 100 * MS, &mut out);
        (s, out)
    }

    /// A Linux-like sender with a window of 6 after its handshake (100 ms RTT) sent
    /// 1-6 at 100 ms; the ACK of 1 at 200 ms let 7 go (its last transmission 100 ms
    /// before). What the ACK of 2 at `at` sends, and what the ACK of 3 at 201 ms then
    /// sends. Its bursts are 2 segments (tcp_tso_autosize's minimum at 72 segments/s).
    fn deferral_case(tso_defer: bool, at: Time) -> (Vec<i64>, Vec<i64>) {
        let (mut s, mut out) = after_handshake(tso_defer);
        assert_eq!(seqs(&out), vec![1, 2, 3, 4, 5, 6]);
        assert_eq!(s.tso_goal(None), 2);
        out.clear();
        s.on_ack_with(&ack(1), None, 200 * MS, &mut out);
        assert_eq!(seqs(&out), vec![7], "the last transmission 100 ms ago: no deferral");
        out.clear();
        s.on_ack_with(&ack(2), None, at, &mut out);
        let second = seqs(&out);
        out.clear();
        s.on_ack_with(&ack(3), None, 201 * MS, &mut out);
        (second, seqs(&out))
    }

    /// Linux's TSO deferral (tcp_tso_should_defer): the ACK of 2, 0.5 ms after the last
    /// transmission, frees one segment of a 2-segment burst while the oldest segment
    /// (3, sent at 100 ms) is due to be acknowledged now: nothing goes, and the ACK of 3
    /// sends a whole burst. Without `tso_defer`, one segment goes on each ACK.
    #[test]
    fn tso_deferral_waits_for_the_next_ack_rather_than_send_half_a_burst() {
        assert_eq!(deferral_case(true, 200 * MS + MS / 2), (vec![], vec![8, 9]));
        assert_eq!(deferral_case(false, 200 * MS + MS / 2), (vec![8], vec![9]));
        // the last transmission more than 1 ms before: send now
        assert_eq!(deferral_case(true, 200 * MS + 3 * MS / 2).0, vec![8]);
    }

    /// PSH (`mark_push`): the last segment of each whole burst carries it (bursts of 2
    /// here); a burst the window cut short is the front of an skb and does not, nor do
    /// its segments' copy numbers change.
    #[test]
    fn the_last_segment_of_each_whole_burst_carries_psh() {
        let pushed = |out: &[Packet]| out.iter().map(|p| p.pushed()).collect::<Vec<_>>();
        let (mut s, mut out) = after_handshake(true);
        assert_eq!(seqs(&out), vec![1, 2, 3, 4, 5, 6]);
        assert_eq!(pushed(&out), vec![false, true, false, true, false, true]);
        assert!(out.iter().all(|p| p.copy() == 0));
        out.clear();
        s.on_ack_with(&ack(1), None, 200 * MS, &mut out);
        assert_eq!((seqs(&out), pushed(&out)), (vec![7], vec![false]), "one of a burst of 2");
        out.clear();
        s.on_ack_with(&ack(2), None, 200 * MS + MS / 2, &mut out);
        assert!(out.is_empty(), "deferred");
        s.on_ack_with(&ack(3), None, 201 * MS, &mut out);
        assert_eq!((seqs(&out), pushed(&out)), (vec![8, 9], vec![false, true]));
        // a sender without rate samples (ns-2's) marks nothing, nor one whose receiver
        // does not read the flag
        let (_, off) = after_handshake_with(true, false);
        assert!(off.iter().all(|p| !p.pushed()));
        let (_, o) = steady(Recovery::Newreno);
        assert!(!o.is_empty() && o.iter().all(|p| !p.pushed()));
    }

    /// Deferral waits only for an ACK due soon, and never in recovery (Linux's ca_state
    /// Recovery or Loss): one segment free of a window of 7 at 200 ms, 1-6 sent at 100 ms
    /// (RTT 100 ms), the last transmission 0.5 ms before.
    #[test]
    fn tso_deferral_does_not_wait_for_a_late_ack_nor_in_recovery() {
        let (mut s, mut out) = after_handshake(true);
        s.w.cwnd = 7.0;
        s.last_xmit = 199 * MS + MS / 2;
        assert!(s.tso_defers(200 * MS, None), "the oldest segment's ACK is due now");
        s.in_sack_recovery = true;
        assert!(!s.tso_defers(200 * MS, None), "in recovery");
        s.in_sack_recovery = false;
        // the oldest segment resent 0.5 ms ago: its ACK is a whole RTT away
        s.output(1, 199 * MS + MS / 2, &mut out);
        assert!(!s.tso_defers(200 * MS, None), "the ACK due in 99.5 ms");
    }

    /// Linux's TSO bursts: a controller asking for bursts of 3 at 1000 segments/s gets
    /// three segments at one instant, then the next three 3 ms later (the burst's
    /// length over the rate), one wake-up between.
    #[test]
    fn a_paced_sender_sends_tso_bursts() {
        let cfg = TcpConfig { rwnd_pkts: 100, initial_window_pkts: 20, ..TcpConfig::default() };
        let mut s = TcpSender::new(0, cfg, Box::new(Paced(1000.0, 3)), 0.0);
        let mut out = opened_at_100_ms(&mut s, true);
        assert_eq!(seqs(&out), vec![1, 2, 3], "one burst now");
        assert_eq!(s.pace_request.take(), Some(103 * MS));
        out.clear();
        s.on_pace(103 * MS, &mut out);
        assert_eq!(seqs(&out), vec![4, 5, 6]);
        assert_eq!(s.pace_request.take(), Some(106 * MS));
        // a send opportunity at another instant inside the gap sends nothing
        out.clear();
        s.on_pace(104 * MS, &mut out);
        assert!(out.is_empty());
        // Linux's default pacing (tcp.pacing) sends at least tcp_min_tso_segs (2)
        let cfg = TcpConfig { rwnd_pkts: 100, initial_window_pkts: 20, pacing: true, ..TcpConfig::default() };
        let s = TcpSender::new(0, cfg, Box::new(Reno), 0.0);
        assert_eq!(s.tso_segs(100.0), 2);
        assert_eq!(s.tso_segs(5000.0), 4, "a millisecond's worth: 5000 >> 10");
    }

    /// A burst is one skb: contiguous segments, all new or all resent. Within a pacing
    /// slot the next lost segment of the same range joins the burst; another hole's
    /// retransmission, or new data after a retransmission, waits for the next slot (one
    /// wake-up asked for), as Linux paces every skb (tcp_pacing_check).
    #[test]
    fn a_burst_holds_contiguous_segments_of_one_kind() {
        let cfg = TcpConfig { rwnd_pkts: 100, initial_window_pkts: 20, ..TcpConfig::default() };
        let mut s = TcpSender::new(0, cfg, Box::new(Paced(1000.0, 3)), 0.0);
        past_the_unpaced_start(&mut s, 100 * MS);
        let t = 100 * MS;
        assert!(s.pace_slot(t, 5, true));
        s.paced(t, 1000.0, 5, true);
        assert!(s.pace_slot(t, 6, true), "the same lost range");
        s.paced(t, 1000.0, 6, true);
        assert!(!s.pace_slot(t, 9, true), "another hole");
        assert!(!s.pace_slot(t, 7, false), "new data after a retransmission");
        assert_eq!(s.pace_request.take(), Some(102 * MS), "one wake-up, two segments' time later");
        assert!(s.pace_slot(102 * MS, 9, true));
        s.paced(102 * MS, 1000.0, 9, true);
        assert!(!s.pace_slot(102 * MS, 20, false));
        assert!(s.pace_slot(103 * MS, 20, false));
        s.paced(103 * MS, 1000.0, 20, false);
        assert!(s.pace_slot(103 * MS, 21, false), "new data: contiguous");
        s.paced(103 * MS, 1000.0, 21, false);
        s.paced(103 * MS, 1000.0, 22, false);
        assert!(!s.pace_slot(103 * MS, 23, false), "three segments: the burst is full");
    }

    /// A sender as if its first data segments had gone, the last at `at` (pacing applies
    /// from the tenth on, and a burst's credit counts from the last departure,
    /// tcp_update_skb_after_send), for the tests of pacing proper.
    fn past_the_unpaced_start(s: &mut TcpSender, at: Time) {
        s.stats.data_pkts_sent = 10 * INITIAL_UNPACED_SEGS;
        s.next_send = at;
    }

    /// The SYN sent at 0, then its ACK at 100 ms (`past_start`: as if the initial window
    /// had gone): what the sender sends for it.
    fn opened_at_100_ms(s: &mut TcpSender, past_start: bool) -> Vec<Packet> {
        let mut out = vec![];
        s.app_send(GREEDY, 0, &mut out);
        out.clear();
        if past_start {
            past_the_unpaced_start(s, 100 * MS);
        }
        s.on_ack(&ack(0), 100 * MS, &mut out);
        out
    }

    /// Linux's tcp_update_skb_after_send: the initial window leaves unpaced (no data
    /// segment advances the departure time before the tenth, and the burst that holds
    /// the tenth is charged whole), and a burst that leaves late takes up to half its
    /// own length off its interval (the lateness: "OS jitter").
    #[test]
    fn linux_does_not_pace_the_initial_window_and_credits_a_late_burst() {
        let cfg = TcpConfig { rwnd_pkts: 100, initial_window_pkts: 20, ..TcpConfig::default() };
        let mut s = TcpSender::new(0, cfg.clone(), Box::new(Paced(1000.0, 2)), 0.0);
        let out = opened_at_100_ms(&mut s, false);
        assert_eq!(seqs(&out), (1..=10).collect::<Vec<_>>(), "ten segments at once");
        assert_eq!(s.pace_request.take(), Some(102 * MS), "the burst of the 9th and 10th charged whole");
        // bursts of four: the 9th to 12th are one skb, paced whole once (4 ms)
        let mut s = TcpSender::new(0, cfg.clone(), Box::new(Paced(1000.0, 4)), 0.0);
        let out = opened_at_100_ms(&mut s, false);
        assert_eq!(seqs(&out), (1..=12).collect::<Vec<_>>());
        assert_eq!(s.pace_request.take(), Some(104 * MS));
        // lateness credited: a burst of two at 1000/s due at 100 ms leaves at 101.5 ms;
        // its 2 ms less min(1 ms, 1.5 ms): the next at 102.5 ms
        let mut s = TcpSender::new(0, cfg, Box::new(Paced(1000.0, 2)), 0.0);
        past_the_unpaced_start(&mut s, 100 * MS);
        let late = 101 * MS + MS / 2;
        s.paced(late, 1000.0, 50, false);
        s.paced(late, 1000.0, 51, false);
        assert_eq!(s.next_send, 102 * MS + MS / 2);
        // on time: no credit
        s.paced(s.next_send, 1000.0, 52, false);
        assert_eq!(s.next_send, 103 * MS + MS / 2);
    }

    /// A controller pacing at a fixed rate with a fixed window (a paced sender's test),
    /// in TSO bursts of the second field's size.
    struct Paced(f64, u32);
    impl CongestionControl for Paced {
        fn name(&self) -> &'static str {
            "paced"
        }
        fn on_ack(&mut self, w: &mut Window, _ev: &AckEvent) {
            w.cwnd = 20.0;
        }
        fn on_fast_retransmit(&mut self, _w: &mut Window, _ev: &LossEvent) {}
        fn on_timeout(&mut self, _w: &mut Window, _ev: &LossEvent) {}
        fn pacing_rate_pps(&self) -> Option<f64> {
            Some(self.0)
        }
        fn tso_segs(&self) -> u32 {
            self.1
        }
    }

    #[test]
    fn a_paced_sender_sends_one_segment_per_interval_with_one_wake_up_pending() {
        let cfg = TcpConfig { rwnd_pkts: 100, initial_window_pkts: 20, ..TcpConfig::default() };
        let mut s = TcpSender::new(0, cfg.clone(), Box::new(Paced(1000.0, 1)), 0.0);
        let mut out = opened_at_100_ms(&mut s, true); // the window opens to 20
        assert_eq!(seqs(&out), vec![1], "one segment now");
        // the next may leave 1 ms later: one wake-up asked for, not twenty
        assert_eq!(s.pace_request.take(), Some(101 * MS));
        let mut t = 101 * MS;
        for k in 2..=19 {
            out.clear();
            s.on_pace(t, &mut out);
            assert_eq!(seqs(&out), vec![k], "at {t}");
            let next = s.pace_request.take().expect("a wake-up while the window allows more");
            assert_eq!(next, t + MS);
            t = next;
        }
        // the 20th fills the window: no wake-up asked for after it
        out.clear();
        s.on_pace(t, &mut out);
        assert_eq!(seqs(&out), vec![20]);
        assert_eq!(s.pace_request, None);
        // an early wake-up (a stale one) sends nothing and re-arms at the slot
        let mut s = TcpSender::new(0, cfg, Box::new(Paced(100.0, 1)), 0.0);
        s.app_send(GREEDY, 0, &mut out);
        past_the_unpaced_start(&mut s, 100 * MS);
        s.on_ack(&ack(0), 100 * MS, &mut out);
        let due = s.pace_request.take().unwrap();
        assert_eq!(due, 110 * MS);
        out.clear();
        s.on_pace(105 * MS, &mut out);
        assert!(out.is_empty());
        assert_eq!(s.pace_request.take(), Some(110 * MS));
    }

    #[test]
    fn advertised_window_caps_sending() {
        let mut s = sender(Recovery::Newreno);
        let mut out = vec![];
        s.app_send(GREEDY, 0, &mut out);
        let mut a = ack(0);
        a.rwnd_pkts = 1;
        out.clear();
        s.on_ack(&a, MS, &mut out);
        assert_eq!(seqs(&out), vec![1]);
    }

    #[test]
    fn app_limited_source_sends_only_what_it_has() {
        let mut s = sender(Recovery::Newreno);
        let mut out = vec![];
        s.app_send(3, 0, &mut out);
        s.on_ack(&ack(0), MS, &mut out);
        s.on_ack(&ack(2), 2 * MS, &mut out);
        out.clear();
        s.on_ack(&ack(3), 3 * MS, &mut out);
        assert!(out.is_empty());
        // as in ns-2, the timer stays armed; its expiry with nothing outstanding
        // restarts from one packet without counting a timeout
        assert!(s.rtx_deadline.is_some());
        s.on_timeout(s.rtx_deadline.unwrap(), &mut out);
        assert!(out.is_empty());
        assert_eq!(s.w.cwnd, 1.0);
        assert_eq!(s.stats.timeouts, 0);
        assert_eq!(s.rtx_deadline, None);
        s.app_send(2, 4 * MS, &mut out);
        assert_eq!(seqs(&out), vec![4]);
        assert!(s.rtx_deadline.is_some());
    }

    /// ns-2's slow_start_restart_ false: the idle timer's expiry keeps the window (and,
    /// for Tahoe, recover_), goes back to the first unacknowledged segment and sends what
    /// the application has; the default restarts from one packet (above).
    #[test]
    fn without_slow_start_restart_an_idle_timeout_keeps_the_window() {
        for recovery in [Recovery::Tahoe, Recovery::Newreno] {
            let cfg = TcpConfig { rwnd_pkts: 100, recovery, slow_start_restart: false, ..TcpConfig::default() };
            let mut s = TcpSender::new(0, cfg, Box::new(Reno), 0.0);
            let mut out = vec![];
            s.app_send(3, 0, &mut out);
            s.on_ack(&ack(0), MS, &mut out);
            s.on_ack(&ack(2), 2 * MS, &mut out);
            s.on_ack(&ack(3), 3 * MS, &mut out);
            let (cwnd, recover) = (s.w.cwnd, s.recover);
            assert!(cwnd > 2.0, "{cwnd}");
            out.clear();
            s.on_timeout(s.rtx_deadline.expect("armed after the last ACK, as in ns-2"), &mut out);
            assert!(out.is_empty());
            assert_eq!(s.w.cwnd, cwnd, "{recovery:?}: the window kept");
            assert_eq!(s.stats.timeouts, 0);
            assert!(!s.cong_action, "nothing cut: no CWR on the next segment");
            assert_eq!(s.last_cwnd_action, CwndAction::Timeout);
            if recovery == Recovery::Tahoe {
                assert_eq!(s.recover, recover, "TcpAgent's timeout sets recover_ only where it cuts");
            } else {
                assert_eq!(s.recover, s.maxseq, "Reno's timeout sets it first");
            }
            s.app_send(3, 4 * MS, &mut out);
            assert_eq!(seqs(&out), vec![4, 5, 6], "three at once: the window was kept");
        }
    }

    /// ns-2's precisionReduce_ false: a cut takes the integer window and leaves cwnd
    /// whole (29.6 to 14, where the default leaves 14.8); decrease_num_'s ssthresh is
    /// the integer part of its fraction of the integer window.
    #[test]
    fn whole_packet_cuts_halve_the_integer_window() {
        for (whole, d, cwnd, ssthresh) in [(false, 0.5, 14.8, 14.0), (true, 0.5, 14.0, 14.0), (true, 0.875, 25.0, 25.0),
                                            (false, 0.875, 25.9, 25.0)] {
            let cfg = TcpConfig { rwnd_pkts: 100, whole_packet_cuts: whole, aimd_decrease: d, ..TcpConfig::default() };
            let mut s = TcpSender::new(0, cfg, Box::new(Reno), 0.0);
            s.first_decrease = false;
            s.w = Window { cwnd: 29.6, ssthresh: 20.0 };
            let mut ev = s.loss_event(0);
            s.slowdown_factors(&mut ev, false);
            let mut w = s.w;
            Reno::halve(&mut w, &ev);
            assert!((w.cwnd - cwnd).abs() < 1e-9 && w.ssthresh == ssthresh, "{whole} {d}: {w:?}");
        }
    }

    /// ns-2's delay_growth_ false: with a SYN the window starts at the initial window,
    /// and the first ACK opens it as any other (the default starts at one and sets the
    /// initial window at the SYN's ACK).
    #[test]
    fn without_delay_growth_the_window_starts_at_the_initial_window() {
        for (delay_growth, start, after) in [(true, 1.0, 2.0), (false, 2.0, 3.0)] {
            let cfg = TcpConfig { rwnd_pkts: 100, delay_growth, ..TcpConfig::default() };
            let mut s = TcpSender::new(0, cfg, Box::new(Reno), 0.0);
            assert_eq!(s.w.cwnd, start);
            let mut out = vec![];
            s.app_send(GREEDY, 0, &mut out);
            s.on_ack(&ack(0), 100 * MS, &mut out);
            assert_eq!(s.w.cwnd, after, "delay_growth {delay_growth}");
        }
    }

    /// SACK recovery (RFC 6675): two losses in one window are both repaired within one
    /// recovery episode, without a timeout and with a single window reduction.
    #[test]
    fn sack_repairs_two_losses_in_one_window() {
        use crate::tcp::sack::SackReceiver;
        let (mut s, _) = steady(Recovery::Sack);
        let mut rcv = SackReceiver::default();
        let mut out = vec![];
        let mut t = 10 * MS;
        // segments 2 and 4 are lost; 3 and 5..=11 arrive out of order
        for seq in [3, 5, 6, 7, 8, 9, 10, 11] {
            rcv.record(seq);
            s.on_ack_with(&ack(1), Some(rcv.blocks(seq)), t, &mut out);
            t += MS;
        }
        assert_eq!(s.stats.fast_retransmits, 1);
        assert_eq!(s.w.cwnd, 5.0, "one halving for the whole window");
        let sent = seqs(&out);
        let first2 = sent.iter().position(|&q| q == 2).expect("2 retransmitted");
        let first4 = sent.iter().position(|&q| q == 4).expect("4 retransmitted before any timeout");
        assert!(first2 < first4, "lost segments go out lowest first: {sent:?}");
        assert_eq!(sent.iter().filter(|&&q| q == 2).count(), 1, "no duplicate retransmission");
        assert_eq!(sent.iter().filter(|&&q| q == 4).count(), 1, "no duplicate retransmission");
        // the retransmission of 2 arrives: a partial ACK keeps recovery going
        rcv.advance(4);
        out.clear();
        s.on_ack_with(&ack(3), Some(rcv.blocks(3)), t, &mut out);
        assert!(s.in_sack_recovery);
        // the retransmission of 4 arrives: everything below `recover` (the highest
        // segment sent when recovery began, limited-transmit ones included) is acked
        let recover = s.recover;
        assert_eq!(recover, 13);
        s.on_ack_with(&ack(11), Some(rcv.blocks(11)), t + MS, &mut out);
        assert!(s.in_sack_recovery, "11 < recover: still a partial ACK");
        s.on_ack_with(&ack(recover), Some(SackBlocks::default()), t + 2 * MS, &mut out);
        assert!(!s.in_sack_recovery);
        assert_eq!(s.stats.timeouts, 0);
        assert_eq!(s.w.ssthresh, 5.0);
        assert!(s.w.cwnd >= 5.0 && s.w.cwnd < 6.0, "recovery ends near ssthresh: {}", s.w.cwnd);
    }

    /// A timeout with SACK information: a sender keeping rate samples (CUBIC, BBR)
    /// recovers as Linux does (tcp_enter_loss): SACKed segments are not resent, the
    /// holes go out first under a window growing from one segment, and new data
    /// continues after them; ns-2's agents (RFC 6675 5.1) forget the scoreboard and go
    /// back N.
    #[test]
    fn a_timeout_keeps_sack_information_for_linux_senders_only() {
        use crate::tcp::congestion::Cubic;
        use crate::tcp::sack::SackReceiver;
        for linux in [true, false] {
            let cc: Box<dyn CongestionControl> = if linux { Box::new(Cubic::default()) } else { Box::new(Reno) };
            let cfg = TcpConfig { rwnd_pkts: 100, recovery: Recovery::Sack, limited_transmit: false, ..TcpConfig::default() };
            let mut s = TcpSender::new(0, cfg, cc, 0.0);
            let mut out = vec![];
            s.app_send(GREEDY, 0, &mut out);
            s.on_ack(&ack(0), MS, &mut out);
            s.on_ack(&ack(1), 2 * MS, &mut out);
            s.w.cwnd = 10.0;
            s.send_much(2 * MS, &mut out);
            assert_eq!(s.maxseq(), 11);
            // of 2..=11 only 2, 4 and 6 arrive: two dupACKs, no fast retransmit (and no
            // loss RACK can see yet: 3 and 5 left with 4 and 6)
            let mut rcv = SackReceiver::default();
            rcv.record(2);
            rcv.advance(3);
            s.on_ack_with(&ack(2), Some(rcv.blocks(2)), 10 * MS, &mut out);
            for (k, seq) in [4, 6].into_iter().enumerate() {
                rcv.record(seq);
                s.on_ack_with(&ack(2), Some(rcv.blocks(seq)), (11 + k as u64) * MS, &mut out);
            }
            assert_eq!(s.stats.fast_retransmits, 0);
            let top = s.maxseq();
            out.clear();
            s.timer = XmitTimer::Rto;
            s.on_timeout(s.rtx_deadline.expect("armed"), &mut out);
            assert_eq!(s.stats.timeouts, 1);
            assert_eq!(seqs(&out), vec![3], "one segment after the timeout");
            assert_eq!(s.w.cwnd, 1.0);
            // 3 arrives: the window grows to two
            rcv.record(3);
            rcv.advance(5);
            out.clear();
            s.on_ack_with(&ack(4), Some(rcv.blocks(4)), 400 * MS, &mut out);
            if linux {
                // one segment newly delivered (4 was, when SACKed; Linux's tcp_ack
                // grows the window by `delivered`): slow start opens it to two
                assert_eq!(seqs(&out), vec![5, 7], "only the holes, 6 was SACKed");
                assert_eq!(s.maxseq(), top, "no new data before the holes");
            } else {
                assert_eq!(seqs(&out), vec![5, 6], "go-back-N resends the SACKed 6");
            }
        }
    }

    /// A tail loss (RFC 8985 section 7): the last segments of a flight are lost, no
    /// duplicate ACK comes. A Linux-like sender probes 2 SRTT + 2 ms after the last
    /// ACK with one new segment beyond cwnd; the probe's SACK lets RACK find the tail
    /// lost and recovery repairs it, with no timeout.
    /// A Linux-like CUBIC sender (SACK, Linux's RTO; `cfg` on top) whose handshake took
    /// 100 ms, with segments 1..=10 in flight at 100 ms.
    fn linux_cubic_with_ten_out(cfg: TcpConfig) -> (TcpSender, Vec<Packet>) {
        use crate::tcp::congestion::Cubic;
        let cfg =
            TcpConfig { rwnd_pkts: 100, recovery: Recovery::Sack, limited_transmit: false, rto: crate::tcp::RtoStyle::Linux, ..cfg };
        let mut s = TcpSender::new(0, cfg, Box::new(Cubic::default()), 0.0);
        let mut out = vec![];
        s.app_send(GREEDY, 0, &mut out);
        s.on_ack(&ack(0), 100 * MS, &mut out); // SRTT 100 ms from the handshake
        s.w.cwnd = 10.0;
        out.clear();
        s.send_much(100 * MS, &mut out);
        assert_eq!(s.maxseq(), 10);
        (s, out)
    }

    #[test]
    fn a_tail_loss_probe_turns_a_tail_loss_into_a_fast_recovery() {
        use crate::tcp::sack::SackReceiver;
        // an RTO far beyond the probe
        let (mut s, mut out) = linux_cubic_with_ten_out(TcpConfig { min_rto_s: 1.0, ..TcpConfig::default() });
        // 1..=5 are acknowledged 100 ms later, 6..=10 are lost
        out.clear();
        s.w.cwnd = 5.0; // no new data leaves on these ACKs
        s.on_ack_with(&ack(5), Some(SackBlocks::default()), 200 * MS, &mut out);
        assert_eq!(s.timer, XmitTimer::LossProbe);
        let srtt = s.rtt.srtt_s();
        let pto = s.rtx_deadline.expect("probe armed");
        assert_eq!(pto, 200 * MS + from_secs(2.0 * srtt) + TLP_EXTRA, "2 SRTT + 2 ms");
        assert!(pto < 200 * MS + from_secs(s.rtt.rto_s()));
        // the probe: one new segment although cwnd is full
        out.clear();
        s.on_timeout(pto, &mut out);
        let probe = s.maxseq();
        assert_eq!(seqs(&out), vec![probe]);
        assert_eq!(s.stats.timeouts, 0);
        assert_eq!(s.timer, XmitTimer::Rto, "then the RTO");
        // its SACK arrives an RTT later: RACK finds 6..=10 lost, fast recovery resends 6
        let mut rcv = SackReceiver::default();
        for q in 1..=5 {
            rcv.record(q);
        }
        rcv.advance(6);
        rcv.record(probe);
        out.clear();
        s.on_ack_with(&ack(5), Some(rcv.blocks(probe)), pto + from_secs(srtt), &mut out);
        assert_eq!(s.stats.fast_retransmits, 1);
        assert!(s.in_sack_recovery);
        assert_eq!(seqs(&out).first(), Some(&6), "{:?}", seqs(&out));
        assert_eq!(s.stats.timeouts, 0);
    }

    /// Linux's tcp_time_to_recover: a segment marked lost (lost_out) starts recovery,
    /// also on the ACK that ends the previous one (tcp_fastretrans_alert sets Open, finds
    /// the loss and enters Recovery again), not only a loss this ACK found: here 1 is
    /// lost, then, during its recovery, the first segment after the recovery point (resent
    /// in that recovery, and still lost: its resend is not delivered yet); the ACK that
    /// repairs 1 ends that recovery and starts the next.
    #[test]
    fn a_linux_sender_starts_the_next_recovery_on_the_ack_that_ends_one() {
        use crate::tcp::sack::SackReceiver;
        let (mut s, _) = linux_cubic_with_ten_out(TcpConfig { min_rto_s: 1.0, ..TcpConfig::default() });
        let mut rcv = SackReceiver::default();
        let mut out = vec![];
        let mut t = 200 * MS;
        // 2..=10 arrive, 1 does not: fast recovery, 1 resent, new segments go out
        for q in 2..=10 {
            rcv.record(q);
            t += MS;
            s.on_ack_with(&ack(0), Some(rcv.blocks(q)), t, &mut out);
        }
        assert!(s.in_sack_recovery && s.stats.fast_retransmits == 1);
        let recover = s.recover;
        let lost = recover + 1;
        assert!(s.maxseq() >= lost + 3, "segments after the recovery point were sent: {}", s.maxseq());
        // those after `lost` arrive, `lost` does not: it is marked lost in this recovery
        for q in lost + 1..=lost + 3 {
            rcv.record(q);
            t += MS;
            s.on_ack_with(&ack(0), Some(rcv.blocks(q)), t, &mut out);
        }
        assert!(s.scoreboard.is_lost(lost));
        assert_eq!(s.stats.fast_retransmits, 1, "still the first recovery");
        // the retransmission of 1 arrives: the cumulative ACK reaches the recovery point
        rcv.record(1);
        rcv.advance(lost);
        out.clear();
        t += 100 * MS;
        s.on_ack_with(&ack(recover), Some(rcv.blocks(1)), t, &mut out);
        assert!(s.in_sack_recovery, "the next recovery began on this ACK");
        assert_eq!(s.stats.fast_retransmits, 2);
        assert!(s.recover > recover);
    }

    /// A Linux-like sender measures the RTT in recovery too: from SACKs of segments
    /// never retransmitted when the cumulative ACK does not move (Linux's sack_rtt),
    /// and from the timestamp a cumulative ACK over a retransmission echoes (the
    /// retransmission's), each sample also clearing the RTO's backoff.
    #[test]
    fn a_linux_sender_samples_the_rtt_from_sacks_and_timestamps_in_recovery() {
        use crate::tcp::sack::SackReceiver;
        let (mut s, mut out) = linux_cubic_with_ten_out(TcpConfig::default());
        // 1 is lost; 2..=5 arrive and are SACKed 300 ms after they left
        let mut rcv = SackReceiver::default();
        let mut srtt = s.rtt.srtt_s();
        for q in 2..=5 {
            rcv.record(q);
            s.on_ack_with(&ack(0), Some(rcv.blocks(q)), 400 * MS, &mut out);
            assert!(s.rtt.srtt_s() > srtt, "SACK {q}: SRTT {} moves toward 300 ms", s.rtt.srtt_s());
            srtt = s.rtt.srtt_s();
        }
        assert!(s.in_sack_recovery);
        let resent = s.rate.as_ref().and_then(|r| r.sent_time(1)).expect("1 resent");
        assert!(resent >= 400 * MS, "1 was retransmitted in recovery");
        // the retransmission's round trip is 500 ms: the cumulative ACK over it echoes
        // its timestamp, a 500 ms sample (SRTT + (500 ms - SRTT) / 8)
        rcv.record(1);
        rcv.advance(6);
        s.on_ack_with(&ack(5), Some(rcv.blocks(1)), resent + 500 * MS, &mut out);
        let want = srtt + (0.5 - srtt) / 8.0;
        assert!((s.rtt.srtt_s() - want).abs() < 1e-3, "SRTT {} after a 500 ms sample, want {want}", s.rtt.srtt_s());
    }

    /// A Linux CUBIC sender with ten segments out, 1 lost and 2..=5 SACKed at 400 ms (1
    /// resent in the recovery that began), and the receiver's SACK state.
    fn ten_out_with_2_to_5_sacked() -> (TcpSender, Vec<Packet>, crate::tcp::sack::SackReceiver) {
        let (mut s, mut out) = linux_cubic_with_ten_out(TcpConfig::default());
        let mut rcv = crate::tcp::sack::SackReceiver::default();
        for q in 2..=5 {
            rcv.record(q);
            s.on_ack_with(&ack(0), Some(rcv.blocks(q)), 400 * MS, &mut out);
        }
        (s, out, rcv)
    }

    /// The echo names the copy the receiver took: when a segment is sent again while
    /// an earlier copy is still on its way, an ACK that comes back sooner than the
    /// path's minimum RTT after the new copy left answers the earlier one (Linux reads
    /// the earlier copy's TSval in TSecr). Read from the new copy, it would be a 1 ms
    /// RTT, and BBR's minimum RTT with it.
    #[test]
    fn a_timestamp_sample_answers_the_copy_the_receiver_took() {
        let (mut s, mut out, mut rcv) = ten_out_with_2_to_5_sacked();
        let first = s.rate.as_ref().and_then(|r| r.sent_time(1)).expect("1 resent");
        // the path's minimum RTT is the SACKs' 300 ms; 1 goes again 350 ms after its
        // first retransmission (as a timeout or RACK would send it)
        let rtt = s.rate.as_ref().unwrap().min_rtt_s();
        assert!((rtt - 0.3).abs() < 1e-9, "{rtt}");
        s.rate.as_mut().unwrap().on_send(1, first + 350 * MS, 0, true);
        let srtt = s.rtt.srtt_s();
        // the first retransmission's ACK comes 1 ms after the new copy left
        rcv.record(1);
        rcv.advance(6);
        s.on_ack_with(&ack(5), Some(rcv.blocks(1)), first + 351 * MS, &mut out);
        assert_eq!(s.rate.as_ref().unwrap().min_rtt_s(), rtt, "no 1 ms sample");
        let want = srtt + (0.351 - srtt) / 8.0;
        assert!((s.rtt.srtt_s() - want).abs() < 1e-3, "SRTT {}: the first copy's 351 ms sample, want {want}", s.rtt.srtt_s());
    }

    /// Where the receiver names the copy it echoes (SACK's record), the sample is that
    /// copy's, even where the inference would take another: a retransmission found
    /// spurious (the original was late, not lost) and answered after the new copy's
    /// own minimum RTT has passed reads the original's round trip, as TSecr gives it.
    #[test]
    fn a_timestamp_sample_reads_the_copy_the_receiver_names() {
        use crate::tcp::sink::Echo;
        let (mut s, mut out, mut rcv) = ten_out_with_2_to_5_sacked();
        let r = s.rate.as_ref().unwrap();
        let (original, resent) = (r.sent_time_of_copy(1, 0).expect("kept"), r.sent_time_of_copy(1, 1).expect("resent"));
        assert!(original < resent);
        let srtt = s.rtt.srtt_s();
        // the original copy reached the receiver; its ACK arrives 400 ms after the
        // retransmission left (more than the 300 ms minimum: inferred, the
        // retransmission's)
        rcv.record(1);
        rcv.advance(6);
        let now = resent + 400 * MS;
        s.read_echo(Some(Echo { seq: 1, copy: 0 }));
        s.on_ack_with(&ack(5), Some(rcv.blocks(1)), now, &mut out);
        let m = to_secs(now - original);
        let want = srtt + (m - srtt) / 8.0;
        assert!((s.rtt.srtt_s() - want).abs() < 1e-3, "SRTT {}: the original's {m} s sample, want {want}", s.rtt.srtt_s());
    }

    /// The receiver's timestamp: segments sent after an ACK is read echo the time that
    /// ACK left the receiver (TSecr), each transmission its own.
    #[test]
    fn segments_echo_the_timestamp_of_the_last_ack_read() {
        use crate::tcp::congestion::Cubic;
        let cfg = TcpConfig { rwnd_pkts: 100, recovery: Recovery::Sack, rto: crate::tcp::RtoStyle::Linux, ..TcpConfig::default() };
        let mut s = TcpSender::new(0, cfg, Box::new(Cubic::default()), 0.0);
        let mut out = vec![];
        s.app_send(GREEDY, 0, &mut out);
        s.read_timestamp(Some(40 * MS));
        s.on_ack(&ack(0), 100 * MS, &mut out);
        s.w.cwnd = 4.0;
        s.send_much(100 * MS, &mut out);
        assert_eq!(s.maxseq(), 4);
        assert!((1..=4).all(|q| s.echo_of_copy(q, 0) == Some(40 * MS)));
        s.read_timestamp(None); // an ACK without a known time leaves the echo
        s.read_timestamp(Some(150 * MS));
        s.on_ack(&ack(1), 200 * MS, &mut out);
        assert_eq!(s.echo_of_copy(5, 0), Some(150 * MS));
        assert_eq!(s.echo_of_copy(2, 0), Some(40 * MS));
    }

    /// Linux's fast recovery for a controller that leaves the window to the stack
    /// (CUBIC): PRR (tcp/prr.rs). One loss in a window of 20, ssthresh 14: sends follow
    /// the deliveries from the first ACKs of recovery on, one for every 20/14 delivered,
    /// not a pause until in flight falls below ssthresh; the window is ssthresh after.
    #[test]
    fn linux_cubic_reduces_the_window_proportionally_in_fast_recovery() {
        use crate::tcp::congestion::Cubic;
        use crate::tcp::sack::SackReceiver;
        let cfg = TcpConfig { rwnd_pkts: 1000, recovery: Recovery::Sack, limited_transmit: false, ..TcpConfig::default() };
        let mut s = TcpSender::new(0, cfg, Box::new(Cubic::default()), 0.0);
        let mut out = vec![];
        s.app_send(GREEDY, 0, &mut out);
        s.on_ack(&ack(0), 100 * MS, &mut out);
        s.w = Window { cwnd: 20.0, ssthresh: 1e9 };
        out.clear();
        s.send_much(100 * MS, &mut out);
        assert_eq!(s.maxseq(), 20);
        // 1 is lost; 2..=20 arrive and are SACKed one by one
        let mut rcv = SackReceiver::default();
        let mut sent = vec![];
        let mut entered_at = None;
        for q in 2..=20 {
            rcv.record(q);
            out.clear();
            s.on_ack_with(&ack(0), Some(rcv.blocks(q)), 200 * MS + q as u64 * 10_000, &mut out);
            if s.in_sack_recovery && entered_at.is_none() {
                entered_at = Some(sent.len());
                assert_eq!(s.w.ssthresh, 14.0, "CUBIC's beta 717/1024 of 20");
                assert_eq!(seqs(&out), vec![1], "the entering ACK resends the head alone");
            }
            sent.push(out.len());
        }
        let k = entered_at.expect("fast recovery");
        assert!(k <= 3, "recovery by the third duplicate ACK at the latest");
        // the next ACK already sends: 2 x 14/20 rounded up, less the head
        assert_eq!(sent[k + 1], 1, "{sent:?}");
        assert!(sent.iter().all(|&n| n <= 1), "spread, never a burst: {sent:?}");
        // by the last duplicate ACK, what is in flight has come down to ssthresh
        assert_eq!(s.in_flight(), 14, "{sent:?}");
        // the resent head arrives: recovery ends, the window is ssthresh
        rcv.record(1);
        rcv.advance(21);
        out.clear();
        s.on_ack_with(&ack(20), Some(rcv.blocks(1)), 300 * MS, &mut out);
        assert!(!s.in_sack_recovery);
        // ssthresh, then CUBIC's growth for this ACK's 20 segments (at most one)
        assert!(s.w.cwnd >= 14.0 && s.w.cwnd <= 15.0, "{}", s.w.cwnd);
    }

    /// TCP-STAR's AEN: a D-SACK for the segment a timeout resent undoes the timeout's
    /// window reduction; a controller without AEN (Reno) keeps it.
    #[test]
    fn dsack_after_a_timeout_undoes_it_for_star_only() {
        use crate::tcp::congestion::Star;
        for (cc, undone) in [(Box::new(Star::default()) as Box<dyn CongestionControl>, true), (Box::new(Reno), false)] {
            let cfg = TcpConfig { rwnd_pkts: 100, recovery: Recovery::Sack, ..TcpConfig::default() };
            let mut s = TcpSender::new(0, cfg, cc, 0.0);
            let mut out = vec![];
            s.app_send(GREEDY, 0, &mut out);
            s.on_ack(&ack(0), MS, &mut out);
            s.on_ack(&ack(1), 2 * MS, &mut out);
            s.w = Window { cwnd: 10.0, ssthresh: 8.0 };
            s.send_much(2 * MS, &mut out);
            let before = s.w;
            // every ACK of 2..=11 is lost: the timer fires and resends 2
            out.clear();
            s.on_timeout(3000 * MS, &mut out);
            assert_eq!(seqs(&out)[0], 2);
            assert_eq!(s.w.cwnd, 1.0);
            // a D-SACK of another segment says nothing about the resent one
            let other = SackBlocks { dsack: Some(5), ..SackBlocks::default() };
            s.on_ack_with(&ack(1), Some(other), 3400 * MS, &mut out);
            assert_eq!(s.stats.spurious_timeouts_undone, 0);
            assert_eq!(s.w.cwnd, 1.0);
            // the receiver had 2..=11: its ACK acknowledges them all and D-SACKs 2
            let blocks = SackBlocks { dsack: Some(2), ..SackBlocks::default() };
            s.on_ack_with(&ack(11), Some(blocks), 3500 * MS, &mut out);
            if undone {
                assert_eq!(s.stats.spurious_timeouts_undone, 1);
                assert!(s.w.cwnd >= before.cwnd && s.w.ssthresh == before.ssthresh, "{:?}", s.w);
            } else {
                assert_eq!(s.stats.spurious_timeouts_undone, 0);
                assert!(s.w.cwnd < 3.0, "{:?}", s.w);
            }
            // a second D-SACK of the same segment changes nothing
            let w = s.w;
            s.on_ack_with(&ack(11), Some(blocks), 3600 * MS, &mut out);
            assert!(s.stats.spurious_timeouts_undone <= 1 && s.w.ssthresh == w.ssthresh);
        }
    }
}
