//! TCP transport settings. Each default is what ns-2 2.35's Agent/TCP/Newreno and
//! TCPSink do where the papers are silent (names of the ns-2 variables in brackets).
//! The settings of a scheme (a controller, a loss classifier, the RTT code) live in
//! its own file and are gathered by [`crate::settings`].

use crate::scenario::{MAX_TIME_S, MAX_WINDOW_PKTS, MIN_TIMER_S};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Header bytes the timestamp option adds to a data packet [ts_option_size_ 10].
pub const TS_OPTION_BYTES: u32 = 10;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Recovery {
    /// ns-2 2.35's Agent/TCP (Tahoe): the third duplicate ACK goes back N from the first
    /// unacknowledged segment with the window at one; no fast recovery.
    Tahoe,
    /// Fast retransmit and fast recovery; leaves recovery on the first new ACK.
    Reno,
    /// RFC 6582: stays in recovery until `recover` is acknowledged; partial ACKs
    /// retransmit the next hole (ns-2: partial window deflation, timer re-armed on the
    /// first partial ACK only).
    #[default]
    Newreno,
    /// RFC 6675: SACK-based recovery (selected by the `sack` setting).
    Sack,
    /// ns-2 2.35's Agent/TCP/Sack1 (`sack` with `sack_agent: sack1`; tcp/sack1.rs).
    Sack1,
    /// ns-2 2.35's Agent/TCP/Fack (`sack` with `sack_agent: fack`; tcp/fack.rs).
    Fack,
    /// ns-2 2.35's Agent/TCP/Vegas (tcp/congestion/vegas.rs): fine-grained timeouts
    /// beside three duplicate ACKs, its own window cuts and inflation.
    Vegas,
}

impl Recovery {
    /// Whether `sack` may turn a controller on this recovery to SACK's: not ns-2's
    /// Tahoe and Vegas agents, which have none.
    pub fn takes_sack(self) -> bool {
        !matches!(self, Recovery::Tahoe | Recovery::Vegas)
    }

    /// Whether its segments leave bare, without a SYN or headers, whatever `syn` and
    /// `use_headers` say (ns-2's Vegas output()).
    pub fn bare_segments(self) -> bool {
        self == Recovery::Vegas
    }
}

/// Which SACK agents a flow with `sack` runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum SackAgent {
    /// satcc's SACK: RFC 6675's recovery (Linux's for cubic and bbr), the receiver's
    /// blocks as `sack_report` says, D-SACKs for duplicates.
    #[default]
    Rfc6675,
    /// ns-2 2.35's Agent/TCP/Sack1 with Agent/TCPSink/Sack1 (/DelAck), as ns-2 runs them
    /// (tcp/sack1.rs): the sender counts its pipe per ACK and per send, resends once any
    /// hole below a SACKed segment, leaves recovery only at `recover`; the receiver
    /// reports the block of the segment that triggered the ACK, then the blocks it
    /// reported before (its SackStack), three at most, each ACK 8 bytes longer per
    /// block, no D-SACK; its ACK timing is ns-2's TCPSink's.
    Sack1,
    /// ns-2 2.35's Agent/TCP/Fack (forward acknowledgement, Mathis and Mahdavi 1996) with
    /// the same Sack1 sinks, as ns-2 runs them (tcp/fack.rs): the sender counts what is
    /// out from the highest SACKed segment (fack) less its retransmissions still out,
    /// enters recovery once that lies the duplicate-ACK threshold above the cumulative
    /// ACK, restarts its window then as a timeout does, times every ACK by the echo of
    /// the segment that triggered it, and leaves recovery at an ACK past `recover`
    /// without blocks.
    Fack,
}

impl SackAgent {
    /// ns-2's own SACK agents (Sack1, Fack), with ns-2's Sack1 sinks.
    pub fn is_ns2(self) -> bool {
        self != SackAgent::Rfc6675
    }

    /// Its name in a scenario.
    pub fn name(self) -> &'static str {
        match self {
            SackAgent::Rfc6675 => "rfc6675",
            SackAgent::Sack1 => "sack1",
            SackAgent::Fack => "fack",
        }
    }
}

/// What the receiver advertises.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ReceiveWindow {
    /// `rwnd_pkts` on every ACK (ns-2's window_).
    #[default]
    Fixed,
    /// A Linux receiver's: from a buffer of `rcvbuf_initial_bytes`, growing with what the
    /// application reads per RTT (receive-buffer auto-tuning) up to `rcvbuf_max_bytes`,
    /// less what is held out of order (tcp/rcvbuf.rs); at most `rwnd_pkts`.
    Linux,
}

/// Which SACK blocks a receiver's ACKs carry (at most `sack::MAX_BLOCKS`, three, as
/// beside the timestamp option).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum SackReport {
    /// The whole range holding the segment that triggered the ACK, then the highest
    /// other ranges held.
    #[default]
    Highest,
    /// A Linux receiver's (tcp_sack_new_ofo_skb, tcp_sack_maybe_coalesce,
    /// tcp_sack_remove): up to four blocks kept, the most recently changed first; a
    /// segment that meets a block extends it, moves it to the front and merges what it
    /// then meets; one that meets none opens a block of its own at the front (the last
    /// forgotten, after a compressed ACK still waiting goes out); blocks the cumulative
    /// ACK reaches go. Each ACK carries the first three: a range received long ago is
    /// reported only while it is among the most recently changed.
    Linux,
}

/// How congestion avoidance adds to the window (`TcpConfig::window_increase`, ns-2's
/// windowOption_ 1, 0, 2 to 6 and 8; tcp/congestion/window_option.rs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WindowIncrease {
    /// aimd_increase / cwnd packets a new ACK [windowOption_ 1].
    #[default]
    Fractional,
    /// One packet once cwnd new ACKs are counted [windowOption_ 0].
    Counted,
    /// window_constant x RTT^2 gathered a new ACK, a packet when that passes cwnd: a
    /// constant rate of increase [windowOption_ 2].
    RttSquared,
    /// window_constant x awnd^2, awnd the window averaged over new ACKs
    /// [windowOption_ 3].
    AverageSquared,
    /// window_constant x awnd [windowOption_ 4].
    Average,
    /// window_constant x RTT [windowOption_ 5].
    Rtt,
    /// Binomial congestion control: aimd_increase / cwnd^(1 + binomial_k) a new ACK, a
    /// cut taking (1 - aimd_decrease) x window^binomial_l away [windowOption_ 6].
    Binomial,
    /// HighSpeed TCP (RFC 3649) as ns-2 runs it: above the low window its response
    /// function's increase a new ACK, and its own decrease at a cut
    /// (tcp/congestion/highspeed.rs) [windowOption_ 8].
    Highspeed,
}

/// Which TCP the hosts run: where each transport setting a table leaves out takes its
/// value from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Stack {
    /// ns-2 2.35's one-way agents (Agent/TCP/Newreno and TCPSink): every default as
    /// listed, the papers' transport.
    #[default]
    Ns2,
    /// A Linux 6.x sender and receiver as satcc models them and checks them against
    /// Linux (docs/cubic-bbr.md): the settings the table leaves out take
    /// [`linux_stack`]'s values, and TSO deferral is on for the controllers that keep
    /// rate samples (cubic, bbr). The packet and header sizes stay the table's.
    Linux,
}

/// The transport settings of `stack: linux`, each Linux 6.x's default as satcc models
/// it (docs/schemes.md, "CUBIC"; the set the Linux comparison and the catalog's
/// cubic-bbr entries run); `tso_defer` is decided per flow by its controller
/// (sim/build.rs).
pub fn linux_stack() -> serde_json::Map<String, serde_json::Value> {
    let serde_json::Value::Object(m) = serde_json::json!({
        // SACK with Linux's recovery (RACK, tail loss probes, PRR) for cubic and bbr
        "sack": true,
        // RFC 6928's initial window (TCP_INIT_CWND)
        "initial_window_pkts": 10,
        // no window of its own: the receive buffer decides (receive_window below; its
        // 32 MB hold some 14,000 segments of 1448 bytes), and ssthresh starts as
        // large, as Linux's TCP_INFINITE_SSTHRESH
        "rwnd_pkts": crate::scenario::MAX_WINDOW_PKTS,
        // tcp_rtt_estimator in microseconds, RTO = SRTT + max(4 mdev, 200 ms: TCP_RTO_MIN,
        // ns-2's minrto_ too), 1 s before the first sample (TCP_TIMEOUT_INIT);
        // timestamps in milliseconds
        "rto": "linux",
        "tick_s": 0.001,
        "initial_rto_s": 1.0,
        // the receiver: delayed ACKs (40 ms, TCP_DELACK_MIN), quick-ACK mode, SACK
        // compression, PSH acknowledged at once, its SACK blocks, its window
        "delayed_ack": true,
        "delayed_ack_interval_s": 0.04,
        "quick_ack": true,
        "sack_compression": true,
        "push_ack": true,
        "sack_report": "linux",
        "receive_window": "linux",
    }) else {
        unreachable!("a JSON object")
    };
    m
}

/// How the sender measures RTT and sets its retransmission timeout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum RtoStyle {
    /// ns-2's: one timed segment per RTT on the tick clock; RTO = SRTT + 4 RTTVAR,
    /// at least min_rto_s.
    #[default]
    Ns2,
    /// Linux's tcp_rtt_estimator: an RTT sample on every ACK of new data (never from a
    /// retransmission), in microseconds; RTO = SRTT + max(4 mdev, min_rto_s), the
    /// variance kept at its largest over each round. Needs a controller keeping rate
    /// samples (cubic, bbr); the others keep ns-2's.
    Linux,
}

#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct TcpConfig {
    /// Which TCP the hosts run: `ns2`, ns-2's agents (every default in this table), or
    /// `linux`, a Linux 6.x sender and receiver as satcc models them and checks them
    /// against Linux (docs/cubic-bbr.md): each setting the table leaves out takes Linux's
    /// value (listed here), and `tso_defer` is on for the controllers that keep rate
    /// samples (cubic, bbr); the packet and header sizes stay the table's. Settings
    /// written in the table win either way [ns2].
    pub stack: Stack,
    /// Data bytes per packet [packetSize_ 1000].
    #[schemars(range(min = 1, max = 65000))]
    pub packet_size_bytes: u32,
    /// TCP/IP header bytes [tcpip_base_hdr_size_ 40].
    #[schemars(range(min = 1, max = 535))]
    pub header_bytes: u32,
    /// Add the header to data packets on the wire [useHeaders_ true]; as in ns-2, not
    /// to packet 0 when there is no SYN (ns-2's output() adds it to seqno > 0 only).
    pub use_headers: bool,
    /// Model the SYN exchange: seqno 0 is a header-only packet, cwnd 1 until its ACK
    /// [syn_ true, delay_growth_ true].
    pub syn: bool,
    /// With `syn` and `delay_growth`: the SYN is sent at most this many times; the next
    /// send aborts the connection instead (ns-2's max_connects_: output() sets curseq_ to
    /// 0, puts its timer 10,000 s off and sends nothing) [0: never; ns-2's -1].
    pub max_connects: u32,
    /// Initial congestion window after the SYN exchange, packets [windowInit_ 2].
    #[schemars(range(min = 1, max = MAX_WINDOW_PKTS))]
    pub initial_window_pkts: u32,
    /// Take the initial window from the packet size, as ns-2's windowInitOption_ 2 does
    /// after the Internet draft of larger initial windows: 4 segments of up to 1095
    /// data bytes, 3 below 2190, else 2 [windowInitOption_ 1: initial_window_pkts]. If
    /// the first segment is lost (a timeout before any ACK), ns-2 falls back to
    /// initial_window_pkts, and to one segment on a second such timeout (Vegas keeps
    /// the size's window).
    pub initial_window_by_size: bool,
    /// Limited slow start (RFC 3742) as ns-2's max_ssthresh_: above ssthresh, until
    /// the first fast retransmit (and again after a timeout), each new ACK adds
    /// max(1 / cwnd, 1 / int(cwnd / (max_ssthresh / 2))) segments when that int is
    /// positive; 0 for none [max_ssthresh_ 0]. ssthresh starts at it if it is below
    /// the advertised window (and initial_ssthresh_pkts is unset), as ns-2's reset()
    /// sets it. For the controllers that grow by ns-2's opencwnd (newreno, reno, tahoe
    /// and the REFWA senders built on them).
    #[schemars(range(min = 0, max = MAX_WINDOW_PKTS))]
    pub max_ssthresh_pkts: u32,
    /// AIMD's increase, as ns-2's increase_num_: in congestion avoidance each new ACK
    /// adds aimd_increase / cwnd segments [increase_num_ 1]. For the controllers that
    /// grow by ns-2's opencwnd (newreno, reno, tahoe and the REFWA senders built on them).
    #[schemars(range(max = 100), extend("exclusiveMinimum" = 0))]
    pub aimd_increase: f64,
    /// How congestion avoidance counts its increase, as ns-2's windowOption_: by a
    /// fraction of a packet each new ACK (`fractional`, aimd_increase / cwnd) or by
    /// whole packets (`counted`: ns-2's count_ counts new ACKs, and when it reaches cwnd
    /// the window gains one packet and the count starts again; every window cut clears
    /// it; aimd_increase and max_ssthresh_pkts then play no part) [windowOption_ 1:
    /// fractional]. For the same controllers as aimd_increase.
    pub window_increase: WindowIncrease,
    /// AIMD's decrease, as ns-2's decrease_num_: a loss leaves ssthresh (and, on a fast
    /// retransmit or an ECN echo, cwnd) at this fraction of the window [decrease_num_
    /// 0.5]. As ns-2's slowdown(): the first decrease of a connection, one in slow start
    /// (cwnd below ssthresh), and ssthresh after a timeout halve instead. For the same
    /// controllers as aimd_increase.
    #[schemars(range(max = 1), extend("exclusiveMinimum" = 0))]
    pub aimd_decrease: f64,
    /// The constant of the increases `rtt_squared`, `average_squared`, `average` and
    /// `rtt` (ns-2's windowOption_ 2 to 5) [windowConstant_ 4].
    #[schemars(range(min = 0, max = 1000000))]
    pub window_constant: f64,
    /// The gain by which the averaged window of `average_squared` and `average` moves
    /// toward cwnd at each new ACK (awnd = (1 - g) awnd + g cwnd, from windowInit_ / 2)
    /// [windowThresh_ 0.002].
    #[schemars(range(min = 0, max = 1))]
    pub window_average_gain: f64,
    /// Binomial congestion control's k (`window_increase: binomial`): a new ACK adds
    /// aimd_increase / cwnd^(1 + k) [k_parameter_ 0].
    #[schemars(range(min = 0, max = 10))]
    pub binomial_k: f64,
    /// Binomial congestion control's l: a cut takes (1 - aimd_decrease) x window^l away
    /// [l_parameter_ 1].
    #[schemars(range(min = 0, max = 1))]
    pub binomial_l: f64,
    /// HighSpeed TCP's low window (`window_increase: highspeed`): at or below it the
    /// window grows by one packet a window and a cut takes decrease_num_'s fraction
    /// (ns-2 sets decrease_num_ to HighSpeed's last decrease, so after a cut above the
    /// low window that one) [low_window_ 38].
    #[schemars(range(min = 1, max = 46340))]
    pub highspeed_low_window: u32,
    /// HighSpeed TCP's high window, where its response function reaches
    /// highspeed_high_p and highspeed_high_decrease; above the low window [high_window_
    /// 83000].
    #[schemars(range(min = 2, max = 2147483647))]
    pub highspeed_high_window: u32,
    /// HighSpeed TCP's loss rate at the high window: between the low window's 1.5 /
    /// low_window^2 and it, the rate the window is meant for is log-log linear in the
    /// window [high_p_ 0.0000001].
    #[schemars(range(max = 1), extend("exclusiveMinimum" = 0))]
    pub highspeed_high_p: f64,
    /// HighSpeed TCP's decrease at the high window: the fraction of the window a cut
    /// takes away goes from 0.5 at the low window to this, linear in the log of cwnd
    /// [high_decrease_ 0.1].
    #[schemars(range(max = 0.5), extend("exclusiveMinimum" = 0))]
    pub highspeed_high_decrease: f64,
    /// HighSpeed TCP's reuse of its increase: a window at most this many packets above
    /// the one its increase was last computed at grows by that increase over cwnd,
    /// unrecomputed; 0 recomputes at every new ACK [cwnd_range_ 0].
    #[schemars(range(max = 2147483647))]
    pub highspeed_cwnd_range: u32,
    /// Receiver's advertised window, packets [window_ 20].
    #[schemars(range(min = 1, max = MAX_WINDOW_PKTS))]
    pub rwnd_pkts: u32,
    /// Initial ssthresh, packets; unset = the advertised window [ssthresh_ = wnd_].
    #[schemars(range(max = 4294967295.0), extend("exclusiveMinimum" = 0))]
    pub initial_ssthresh_pkts: Option<f64>,
    /// Duplicate ACKs that trigger fast retransmit [numdupacks_ 3].
    #[schemars(range(min = 1))]
    pub dupack_threshold: u32,
    /// ns-2's Sack1 agent: the duplicate ACKs that trigger fast retransmit are at least
    /// the whole window over this number, `max(dupack_threshold, floor(cwnd) / k)` at
    /// each duplicate, and the pipe its recovery starts from leaves out that many, as
    /// Sack1TcpAgent's numdupacks(cwnd_) with numdupacksFrac_ k (ns-2's SACK test suite
    /// sets 4) [0: none, numdupacksFrac_ -1]. Sack1's (`sack_agent: sack1`) only.
    pub dupack_threshold_cwnd_divisor: u32,
    /// Send a new packet on each of the first dupACKs (RFC 3042) [singledup_ 1].
    pub limited_transmit: bool,
    /// ns-2's Sack1 agent with `limited_transmit`: its recovery's pipe starts at what is
    /// out less one, as LimTransmitFix_ true (the segments limited transmit sent are
    /// still in flight) [false: less the duplicate ACKs' threshold]. Sack1's only.
    pub limited_transmit_fix: bool,
    /// What a retransmission timeout with nothing outstanding does, as ns-2's
    /// slow_start_restart_ [true]: with it, the window restarts from one packet (ns-2's
    /// agents keep their timer armed after the last ACK, so an idle sender's window is
    /// back at one when it sends again); without it, the timer's expiry changes nothing
    /// (Tahoe, Reno, NewReno and Sack1 go back to the first unacknowledged segment and
    /// send; Vegas and Fack return at once). ns-2's agents only (not with the
    /// controllers keeping rate samples).
    pub slow_start_restart: bool,
    /// The RTO's floor and backoff as RFC 2988 sets them, as ns-2's rfc2988_ [true]:
    /// min_rto_s floors the RTO before the backoff multiplies it, and the backoff doubles
    /// while the RTO is below max_rto_s. false: ns-2's older rule, min_rto_s floors the
    /// backed-off RTO and the backoff doubles up to 64. ns-2's agents only.
    pub rfc2988: bool,
    /// Cut the window in whole packets, as ns-2's slowdown() with precisionReduce_ false
    /// [false: precisionReduce_ true, the unrounded window halved, 29.6 to 14.8]: the
    /// integer window is cut and the cut cwnd is its integer part (29.6 to 14). For the
    /// controllers that cut by ns-2's slowdown (newreno, reno, tahoe and the REFWA
    /// senders built on them).
    pub whole_packet_cuts: bool,
    /// ns-2's delay_growth_ [true]: with `syn` the window starts at one packet and takes
    /// the initial window when the SYN is acknowledged; without it, the ACK of the first
    /// packet sets the window back to the initial window. false: the window starts at
    /// the initial window, SYN or not, and the first ACK opens it like any other. ns-2's
    /// agents only.
    pub delay_growth: bool,
    /// The duplicate ACK that reaches the threshold retransmits at once (fast
    /// retransmit) [true]. false: ns-2's noFastRetrans_ true, which its Tahoe agent
    /// (Agent/TCP) reads: the duplicates are counted and only the timer retransmits.
    /// Tahoe's (the `ns2_agent` Agent/TCP row) only: ns-2's other agents do not read it.
    pub fast_retransmit: bool,
    /// ns-2's exitFastRetrans_ [true]: duplicate ACKs past the threshold inflate the
    /// window only in a fast recovery; a fast retransmit declined (the duplicates of a
    /// window already cut, bug_fix_) leaves the window as it is. false: ns-2's older
    /// rule, which its test suites keep: the threshold's duplicate sets the inflation to
    /// the threshold and every later one adds a packet, retransmit or not. Reno's and
    /// NewReno's recovery without SACK (ns-2's Agent/TCP/Reno and /Newreno) only.
    pub exit_fast_retransmit: bool,
    /// At most one fast retransmit per window of data [true]: the duplicate ACK that
    /// reaches the threshold retransmits only if the cumulative ACK is past `recover`
    /// (the highest segment sent when the last recovery or timeout began), as ns-2's
    /// bugFix_ true. false: ns-2's bugFix_ false, the older rule its test suites and
    /// some scripts keep: every threshold's duplicate retransmits and cuts the window
    /// again, also within a window already cut (Reno's multiple fast retransmits); a
    /// Vegas sender resends after a timeout without waiting for `recover`; a Reno or
    /// NewReno timeout with nothing outstanding and slow_start_restart false leaves
    /// `recover` where it was. ns-2's Tahoe, Reno, NewReno, Sack1 and Vegas agents
    /// (without SACK, or with `sack_agent: sack1`) only: its Fack agent does not read it.
    pub one_fast_retransmit_per_window: bool,
    /// NewReno's partial window deflation (RFC 6582), as ns-2's
    /// partial_window_deflation_ [1]: a partial ACK takes what it acknowledges out of
    /// the inflated window. false: it drops the inflation (ns-2's NewReno of RFC 2582's
    /// first version). NewReno's (ns-2's Agent/TCP/Newreno) only.
    pub partial_window_deflation: bool,
    /// NewReno restarts its retransmission timer on every partial ACK, as ns-2's
    /// newreno_changes1_ 0 [false: newreno_changes1_ 1, on the first partial ACK of a
    /// recovery only]. NewReno's only.
    pub timer_every_partial_ack: bool,
    /// NewReno leaves fast recovery with its window at the smaller of ssthresh and the
    /// data outstanding (the highest segment sent less the ACK, plus one), as ns-2's
    /// exit_recovery_fix_ 1 (RFC 6582's first option, which ns-2's NewReno test suite
    /// sets) [false: exit_recovery_fix_ 0, at ssthresh as the inflation goes].
    /// NewReno's (ns-2's Agent/TCP/Newreno) only, without SACK.
    pub exit_recovery_at_flight: bool,
    /// RFC 2582's Less Careful variant, as ns-2's lessCareful_ [false]: with
    /// `one_fast_retransmit_per_window`, the duplicate ACK at the threshold also
    /// retransmits when the cumulative ACK is exactly `recover` (the Careful variant,
    /// RFC 2582's advice and ns-2's default, waits until it is past it). NewReno's
    /// (ns-2's Agent/TCP/Newreno) only, without SACK.
    pub newreno_less_careful: bool,
    /// ns-2's Sack1 partial_ack_ [false]: a partial ACK in fast recovery sends two
    /// segments at once (each the first from ns-2's next_pkt_ on that is neither
    /// acknowledged nor SACKed) and leaves the pipe counter as it was, so as not to do
    /// worse than slow start (Sack1TcpAgent::partial_ack_action); the timer restarts on
    /// the recovery's first partial ACK only. `sack_agent: sack1` only.
    pub sack1_partial_ack: bool,
    /// The ACK heuristic of RFC 3782 section 6, as ns-2's bugFix_ack_ [false]: with
    /// `one_fast_retransmit_per_window`, a threshold's duplicate ACK below `recover`
    /// still retransmits when the window is above one packet and the last new ACK
    /// advanced the cumulative ACK by at most `dupack_threshold` packets (ns-2's
    /// highest_ack_ - prev_highest_ack_ <= numdupacks_). NewReno's only, without SACK.
    pub newreno_ack_heuristic: bool,
    /// The timestamp heuristic of RFC 3782 section 6, as ns-2's bugFix_ts_ [false]:
    /// with `one_fast_retransmit_per_window`, a threshold's duplicate ACK below
    /// `recover` still retransmits when the time the last new ACK echoed (ns-2's
    /// ts_echo_: 0 without `timestamps`) is the time the cumulatively acknowledged
    /// segment was last sent. Checked before the ACK heuristic, as ns-2 does. NewReno's
    /// only, without SACK.
    pub newreno_timestamp_heuristic: bool,
    /// Restart the retransmission timer after a new ACK's RTT sample and backoff reset,
    /// as ns-2's timerfix_ [true]; false: before them, with the RTO the sample is about
    /// to change (ns-2's test suites set it so). ns-2's agents only.
    pub timer_after_sample: bool,
    /// Loss recovery; implied by the flow's congestion control (its registry row) and
    /// `sack` / `sack_agent`, never written in a scenario.
    #[serde(skip)]
    pub recovery: Recovery,
    /// Selective acknowledgments (RFC 2018) with SACK-based loss recovery (RFC 6675),
    /// for any congestion control [ns-2 one-way agents: off].
    pub sack: bool,
    /// Window scaling (RFC 1323). Off, the advertised window is capped at 65535 bytes
    /// [ns-2 one-way agents have no byte cap: on].
    pub window_scale: bool,
    /// RTT clock granularity, seconds [tcpTick_ 0.01].
    #[schemars(range(min = MIN_TIMER_S, max = 10))]
    pub tick_s: f64,
    /// Phase of the sender's RTT clock, seconds in [0, tick_s): where between ticks
    /// the sender's clock started [boot_time_, which ns-2 draws uniform in [0,
    /// tcpTick_) from its own generator when the agent is reset]. RTT samples are
    /// counted in whole ticks of this clock, so the phase decides which samples read
    /// a tick more. Unset: drawn from the run's seed (stream `flow/NAME/tcp`). Set it
    /// to replay an ns-2 run exactly (`satcc.ns2.pin_tick_phases`).
    #[schemars(range(min = 0))]
    pub tick_phase_s: Option<f64>,
    /// Draw the RTT clock's phase as the flow starts, not when the run is built: the
    /// sender is reset in its start's instant, as an ns-2 script's `$tcp reset` just
    /// before its application's start does (TcpAgent::reset draws boot_time_ =
    /// Random::uniform(tcpTick_) then). With `ns2_rng_seed` the draw is ns-2's next at
    /// that moment, so it moves every later draw of the run (RED, error models); without,
    /// it comes from the run's seed (stream `flow/NAME/tcp`) [off]. Not with
    /// `tick_phase_s`.
    pub tick_phase_at_start: bool,
    /// Minimum RTO, seconds [minrto_ 0.2]; 0 for none (the RTO is then at least two
    /// ticks, as ns-2's is).
    #[schemars(range(min = 0, max = MAX_TIME_S))]
    pub min_rto_s: f64,
    /// Maximum RTO after backoff, seconds [maxrto_ 60].
    #[schemars(range(min = MIN_TIMER_S, max = MAX_TIME_S))]
    pub max_rto_s: f64,
    /// RTO before the first RTT sample, seconds [rtxcur_init_ 3].
    #[schemars(range(min = MIN_TIMER_S, max = MAX_TIME_S))]
    pub initial_rto_s: f64,
    /// ns-2's estimator keeps SRTT in ticks scaled by 2^srtt_bits, its gain 1/2^srtt_bits
    /// [T_SRTT_BITS 3: 1/8]; at least rttvar_bits. ns-2's agents only (tcp.rto ns2).
    #[schemars(range(min = 1, max = 16))]
    pub srtt_bits: u32,
    /// RTTVAR in ticks scaled by 2^rttvar_bits, its gain 1/2^rttvar_bits [T_RTTVAR_BITS
    /// 2: 1/4]. ns-2's agents only.
    #[schemars(range(min = 1, max = 16))]
    pub rttvar_bits: u32,
    /// RTO = SRTT + 2^rto_rttvar_exp x RTTVAR, in ticks [rttvar_exp_ 2: 4 RTTVAR]. ns-2's
    /// agents only.
    #[schemars(range(min = 0, max = 8))]
    pub rto_rttvar_exp: u32,
    /// SRTT before the first sample, whole seconds, as ns-2 holds srtt_init_ in a C int
    /// [srtt_init_ 0: none, so the first sample sets SRTT and RTTVAR]; above 0 (its
    /// whole ticks), the first sample is smoothed into it and into initial_rttvar_s.
    /// ns-2's agents only.
    #[schemars(range(max = 86_400))]
    pub initial_srtt_s: u32,
    /// RTTVAR before the first sample, whole seconds (ns-2's C int rttvar_init_)
    /// [rttvar_init_ 12]; read only with initial_srtt_s above 0 (or after a backoff past
    /// 8 folded SRTT into it). ns-2's agents only.
    #[schemars(range(max = 86_400))]
    pub initial_rttvar_s: u32,
    /// RTT samples and the retransmission timeout: ns-2's (ns2) or Linux's (linux)
    /// [ns2].
    pub rto: RtoStyle,
    /// Random send overhead, seconds [overhead_ 0]: ns-2's remedy for phase effects.
    /// When positive, a send opportunity (an ACK or a timeout opening the window) does
    /// not send at once: a delayed-send timer is armed at uniform(0, overhead) unless
    /// one is pending, and when it fires every packet the window then allows goes out.
    /// Retransmissions on dupACKs and limited transmit are not delayed (ns-2 sends
    /// them with output(), not send_much()). 0 keeps ns-2's deterministic timing. With
    /// `ns2_rng_seed` the delays are ns-2's own draws.
    #[schemars(range(min = 0, max = 10))]
    pub send_overhead_s: f64,
    /// Cap on the congestion window, packets; 0 for none [maxcwnd_ 0]. As ns-2's
    /// opencwnd applies it: when a new ACK has opened the window (and after Vegas's
    /// per-RTT increase), a window whose whole part is above the cap is set to it. Not
    /// with the controllers that keep rate samples (cubic, bbr: Linux's own rules).
    #[schemars(range(min = 0, max = MAX_WINDOW_PKTS))]
    pub max_cwnd_pkts: u32,
    /// Most segments one send opportunity sends, 0 for no limit [maxburst_ 0]. As
    /// ns-2's send_much(..., maxburst_): an ACK, the application's start, a timeout or
    /// the delayed send sends at most this many, and the rest of the window waits for
    /// the next opportunity. NewReno's sends during fast recovery keep ns-2's own limit
    /// of 2, Vegas's timeouts and delayed sends have none (VegasTcpAgent::timeout
    /// passes no maxburst), and what ns-2 sends with output() (fast retransmits,
    /// limited transmit, Sack1's partial-ACK pair) is never limited. Not with the
    /// controllers that keep rate samples (cubic, bbr: Linux's own rules).
    #[schemars(range(min = 0, max = MAX_WINDOW_PKTS))]
    pub max_burst_pkts: u32,
    /// The RFC 1323 timestamp option as ns-2's agents use it [timestamps_ false]: each
    /// segment carries the time it was sent, the receiver echoes the time it holds
    /// (ns-2's TcpSink with ts_echo_bugfix_ true: it takes a segment's time when the
    /// segment is at or below the one after its last ACK and the time is no earlier),
    /// and every ACK of new data gives an RTT sample, the echo's age rounded to the
    /// nearest tick (int(tao / tcpTick_ + 0.5), no tick phase), an ACK of a
    /// retransmission too, in place of the one segment a window timed on the tick
    /// clock. Data packets after the SYN carry 10 more header bytes (ns-2's
    /// ts_option_size_) when `use_headers`. With ns-2's RTT and timeout (`rto: ns2`)
    /// only, and not with the controllers that keep rate samples (cubic, bbr), whose
    /// Linux transport has timestamps of its own.
    pub timestamps: bool,
    /// ns-2's ts_resetRTO_ [false]: with `timestamps`, every new ACK's echo ends the
    /// timer's backoff (Gurtov's change), not only the ACK of the segment timed on the
    /// tick clock; ns-2 keeps the backoff while ECN-Echo holds the window at one packet,
    /// as for that segment. Needs `timestamps` (without them ns-2 never reads it).
    pub ts_reset_rto: bool,
    /// The receiver takes the time of the segment right after its last ACK whatever it
    /// is, as ns-2's TcpSink with ts_echo_rfc1323_ true (Gurtov's RFC 1323 rule in
    /// Acker::update_ts) [false: only a time no earlier than the one held]. It changes
    /// the echo after a spurious retransmission (the duplicate's newer time held, then
    /// the next segment's older one). Needs a sender that reads echoes: `timestamps`,
    /// or ns-2's Fack agent (`sack_agent: fack`).
    pub ts_echo_rfc1323: bool,
    /// Receiver delays ACKs: one ACK per two packets or after the interval
    /// [Agent/TCPSink/DelAck, interval_ 0.1].
    pub delayed_ack: bool,
    /// With `delayed_ack`, ns-2's sink: the segment of seqno 0 (the SYN, or the first data
    /// segment without one) is acknowledged at once [SYN_immediate_ack_ true]; false
    /// (ns-2's test suites set it so) delays its ACK as any other's.
    pub syn_immediate_ack: bool,
    /// With `delayed_ack`, ns-2's sink: an in-order segment below the highest seen (a gap
    /// still open above it) is acknowledged at once, as RFC 2581 section 4.2 has it
    /// [RFC2581_immediate_ack_ true]; false delays its ACK as any other's. (A segment
    /// that fills a gap, the cumulative ACK moving past it, is acknowledged at once
    /// either way, as in ns-2.)
    pub rfc2581_immediate_ack: bool,
    /// The delayed-ACK timer, seconds [interval_ 0.1].
    #[schemars(range(min = MIN_TIMER_S, max = MAX_TIME_S))]
    pub delayed_ack_interval_s: f64,
    /// With `delayed_ack`: a Linux receiver's quick-ACK mode (icsk_ack.quick): the
    /// first 16 data segments are acknowledged one by one (tcp_incr_quickack at the
    /// first data), and, with `receive_window: linux`, so is every in-order segment
    /// that grows the window it may offer (tcp_grow_window) [off: ns-2's DelAck sink].
    pub quick_ack: bool,
    /// With `sack` and `quick_ack`: a Linux receiver's SACK compression (Linux 4.18+,
    /// __tcp_ack_snd_check): while it holds data out of order, the first three ACKs at
    /// one cumulative ACK go at once and the next wait min(1 ms, RTT / 20) to go as
    /// one (at most 44 at a time); old data puts it in quick-ACK mode [off: an ACK for
    /// every out-of-order segment, as ns-2's sinks and Linux before 4.18].
    pub sack_compression: bool,
    /// With `sack`: which blocks each ACK carries: `highest`, the range holding the
    /// segment that triggered it, then the highest others; `linux`, a Linux receiver's
    /// most recently changed blocks (SackReport) [highest].
    pub sack_report: SackReport,
    /// With `sack`: which SACK agents: `rfc6675`, satcc's (RFC 6675 recovery, Linux's for
    /// cubic and bbr); `sack1`, ns-2 2.35's Agent/TCP/Sack1 and Agent/TCPSink/Sack1 as
    /// ns-2 runs them, to compare with ns-2 runs of those agents (not with Linux's
    /// controllers, cubic and bbr, nor the Linux receiver's settings); `fack`, ns-2
    /// 2.35's Agent/TCP/Fack with those sinks, as ns-2 runs it (the controllers growing by
    /// ns-2's opencwnd: its cut on entering recovery is the controller's timeout cut,
    /// restarting from one packet) [rfc6675].
    pub sack_agent: SackAgent,
    /// Whether the receiver's ACKs carry SACK blocks; unset, as `sack` says. ns-2 scripts
    /// pair any one-way agent with any sink, and ns-2 runs each pairing: `false` under
    /// ns-2's Sack1 or Fack agent (`sack_agent: sack1` or `fack`) is that agent with a
    /// plain Agent/TCPSink, whose ACKs carry no blocks (Sack1 then counts no duplicate ACK,
    /// as its scoreboard never changes, and recovers by timeout only); `true` without
    /// `sack` is ns-2's Agent/TCPSink/Sack1 under one of ns-2's other agents, whose ACKs
    /// carry its blocks (8 bytes each on the wire) and whose sender reads none [unset].
    pub sink_sack: Option<bool>,
    /// The most SACK blocks an ACK of ns-2's Sack1 sink carries, and the blocks it
    /// remembers (maxSackBlocks_ [3], its most: ns-2 clamps a larger one to 3 with a
    /// warning); 0: none. ns-2's Sack1 sink only (`sack_agent` sack1 or fack, or
    /// `sink_sack` true).
    #[schemars(range(max = 3))]
    pub sack_blocks: u8,
    /// Explicit Congestion Notification as ns-2 2.35's one-way agents run it (ecn_ 1,
    /// RFC 3168's rules as ns-2 has them): every data segment but the first is
    /// ECN-capable, so a RED queue with `ecn` marks it where it would drop it early;
    /// the receiver echoes a mark on every ACK until a segment carrying CWR arrives; the
    /// sender halves its window at most once per window of data and does not open it
    /// on ACKs that echo a mark. For ns-2's Tahoe, Reno and NewReno agents (cc tahoe,
    /// reno, newreno) and its Sack1 agent (`sack_agent: sack1`), without satcc's own SACK
    /// or a Linux setting [ecn_ 0: off].
    pub ecn: bool,
    /// With `ecn`: an ACK echoing a mark opens the window all the same when the new ACK
    /// before it echoed one too, so that only the first ACK of each run of echoing ACKs
    /// holds it, as ns-2's old_ecn_ 1 (its ECN test suites set it) [false: old_ecn_ 0,
    /// no ACK echoing a mark opens it]. ns-2's agents only.
    pub ecn_open_in_echo_run: bool,
    /// With `ecn`: the receiver's ACK that answers the connection's ECN setup (its first
    /// segment, or the SYN) is ECN-capable, as ns-2's TCPSink with ecn_syn_ true (ECN+
    /// for the SYN/ACK, RFC 5562): a RED queue with `ecn` marks it where it would drop it
    /// early [ecn_syn_ false]. ns-2's one-way agents read no mark on an ACK.
    pub ecn_syn_ack: bool,
    /// With `ecn`: a retransmission may carry the CWR that follows a window cut, as
    /// ns-2's SetCWRonRetransmit_ true [true]; false (ns-2's default before 2005, which
    /// test suites keep): only a segment sent for the first time carries it (ns-2's
    /// TcpAgent::output: seqno below maxseq_ is a retransmission), and the CWR waits for
    /// one. ns-2's agents only.
    pub cwr_on_retransmit: bool,
    /// Mark Allman's two rules for a connection whose first data segment is lost, as
    /// ns-2's bugfix_ss_ 1 [true]: a fast retransmit while nothing is acknowledged yet
    /// (the ACK at 0) whatever `recover` says, and a timeout before the first ACK
    /// brings the initial window down to one packet. False (bugfix_ss_ 0, which ns-2's
    /// test suites set): neither. ns-2's Tahoe, Reno, NewReno and Sack1 agents (Fack's
    /// and Vegas's duplicate ACKs and timeouts have rules of their own).
    pub first_packet_loss_fix: bool,
    /// The window grows on a new ACK only if the sender had sent its whole window
    /// before it (ns-2's control_increase_ 1 [0: always]): TcpAgent's
    /// recv_newack_helper calls opencwnd only when network_limited(), t_seqno above the
    /// previous highest ACK plus window(), so that a sender the application holds back
    /// does not open a window it does not use. ns-2's Tahoe, Reno, NewReno and Sack1
    /// agents (Fack's and Vegas's new ACKs are their own).
    pub grow_only_window_limited: bool,
    /// An ACK below the highest acknowledged (one that came after a later ACK) lets the
    /// sender send what its window allows, as every ACK does [true: ns-2's
    /// aggressive_maxburst_ 1]; false, it sends nothing (aggressive_maxburst_ 0:
    /// Allman's valid-ACK check in the recv of ns-2's Tahoe, Reno, NewReno and Sack1
    /// agents; Fack's and Vegas's send on every ACK).
    pub send_on_old_ack: bool,
    /// Congestion window validation (RFC 2861) as ns-2's QOption_ 1 runs it
    /// (tcp/window_validation.rs): a sender idle, or limited by its application, for
    /// longer than its timeout cuts its window [false]. ns-2's Tahoe, Reno, NewReno and
    /// Sack1 agents (Fack and Vegas read none of it).
    pub window_validation: bool,
    /// With `window_validation`: ns-2's EnblRTTCtr_ 1, the idle and application-limited
    /// periods measured in round trips counted per span of two smoothed RTTs rather than
    /// in timeouts (tcp/window_validation.rs). Only ns-2's Agent/TCP (`cc: tahoe`)
    /// counts the round trips; the others' counts stay 0, as in ns-2 [false].
    pub window_validation_rtt_counting: bool,
    /// With `delayed_ack`: a Linux receiver (6.7+) acknowledges at once an in-order
    /// segment carrying PSH, once the application has read it with nothing held out of
    /// order (tcp_measure_rcv_mss's ICSK_ACK_PUSHED, tcp_cleanup_rbuf). With it the
    /// senders that keep rate samples (CUBIC, BBR) set PSH as a bulk application's Linux
    /// sender does, on the last segment of each whole TSO burst, so the receiver's ACKs
    /// fall at the ends of the sender's bursts [off: ns-2's DelAck sink].
    pub push_ack: bool,
    /// ACK size on the wire [TCPSink packetSize_ 40].
    #[schemars(range(min = 1, max = 65535))]
    pub ack_size_bytes: u32,
    /// Initial TTL of every packet [ttl_ 32].
    #[schemars(range(min = 1))]
    pub initial_ttl: u8,
    /// TOS byte of data packets.
    pub tos: u8,
    /// Pace every sender as Linux paces flows whose controller sets no rate (with the fq
    /// qdisc, or TCP's internal pacing): 2 x cwnd / SRTT in slow start, 1.2 x cwnd /
    /// SRTT after (tcp_pacing_ss_ratio 200, tcp_pacing_ca_ratio 120). BBR paces at its
    /// own rate either way [off: ns-2's agents send at once].
    pub pacing: bool,
    /// Linux's TSO deferral (tcp_tso_should_defer, 6.18; tcp/sender.rs, `tso_defers`):
    /// outside recovery, new data that would fill less than a TSO burst waits for the
    /// next ACK when that ACK is due within min(1 ms, SRTT / 2), the last transmission
    /// was at most 1 ms ago and less than a third of the window is free; for senders
    /// with Linux's loss recovery (cubic and bbr with `sack`) [off: ns-2's agents send
    /// whatever the window allows at once].
    pub tso_defer: bool,
    /// `stack: linux` without `tso_defer` in the table: TSO deferral for the controllers
    /// that keep rate samples, decided when the flow's controller is known.
    #[serde(skip)]
    pub tso_defer_auto: bool,
    /// Senders write T-REFWA's RTT code into the TOS byte whatever their congestion
    /// control (the `trefwa` and `trefwa-plus` senders always do): to put CUBIC or BBR
    /// senders under T-REFWA routers [off].
    pub rtt_code: bool,
    /// The receiver's advertised window: fixed (`rwnd_pkts`) or Linux's auto-tuned one
    /// [fixed].
    pub receive_window: ReceiveWindow,
    /// With `receive_window: linux`: the receive buffer at first, bytes
    /// (net.ipv4.tcp_rmem[1]; Linux 6.18's default, 128 KB).
    #[schemars(range(min = 4096, max = 4294967295.0))]
    pub rcvbuf_initial_bytes: u64,
    /// With `receive_window: linux`: the largest the receive buffer grows to, bytes
    /// (net.ipv4.tcp_rmem[2]; Linux 6.18's default, 32 MB).
    #[schemars(range(min = 4096, max = 4294967295.0))]
    pub rcvbuf_max_bytes: u64,
    /// With `receive_window: linux`: the share of a segment's memory in the receive
    /// buffer that is payload (Linux measures it per segment, in 256ths of len /
    /// truesize; 156/256 for 1448-byte segments over the emulation's devices, whose
    /// receivers start at 55 segments from 128 KB).
    #[schemars(range(min = 0.01, max = 1))]
    pub rcvbuf_scaling_ratio: f64,
}

impl Default for TcpConfig {
    fn default() -> Self {
        TcpConfig {
            stack: Stack::Ns2,
            packet_size_bytes: 1000,
            header_bytes: 40,
            use_headers: true,
            syn: true,
            max_connects: 0,
            initial_window_pkts: 2,
            initial_window_by_size: false,
            max_ssthresh_pkts: 0,
            aimd_increase: 1.0,
            window_increase: WindowIncrease::Fractional,
            aimd_decrease: 0.5,
            window_constant: 4.0,
            window_average_gain: 0.002,
            binomial_k: 0.0,
            binomial_l: 1.0,
            highspeed_low_window: 38,
            highspeed_high_window: 83000,
            highspeed_high_p: 0.0000001,
            highspeed_high_decrease: 0.1,
            highspeed_cwnd_range: 0,
            rwnd_pkts: 20,
            initial_ssthresh_pkts: None,
            dupack_threshold: 3,
            dupack_threshold_cwnd_divisor: 0,
            limited_transmit_fix: false,
            limited_transmit: true,
            slow_start_restart: true,
            rfc2988: true,
            whole_packet_cuts: false,
            delay_growth: true,
            fast_retransmit: true,
            exit_fast_retransmit: true,
            one_fast_retransmit_per_window: true,
            partial_window_deflation: true,
            timer_every_partial_ack: false,
            exit_recovery_at_flight: false,
            newreno_less_careful: false,
            sack1_partial_ack: false,
            newreno_ack_heuristic: false,
            newreno_timestamp_heuristic: false,
            timer_after_sample: true,
            recovery: Recovery::Newreno,
            sack: false,
            window_scale: true,
            tick_s: 0.01,
            tick_phase_s: None,
            tick_phase_at_start: false,
            min_rto_s: 0.2,
            max_rto_s: 60.0,
            initial_rto_s: 3.0,
            srtt_bits: 3,
            rttvar_bits: 2,
            rto_rttvar_exp: 2,
            initial_srtt_s: 0,
            initial_rttvar_s: 12,
            rto: RtoStyle::Ns2,
            send_overhead_s: 0.0,
            max_cwnd_pkts: 0,
            max_burst_pkts: 0,
            timestamps: false,
            ts_reset_rto: false,
            ts_echo_rfc1323: false,
            syn_immediate_ack: true,
            rfc2581_immediate_ack: true,
            ecn_open_in_echo_run: false,
            ecn_syn_ack: false,
            cwr_on_retransmit: true,
            first_packet_loss_fix: true,
            grow_only_window_limited: false,
            send_on_old_ack: true,
            window_validation: false,
            window_validation_rtt_counting: false,
            delayed_ack: false,
            delayed_ack_interval_s: 0.1,
            quick_ack: false,
            sack_compression: false,
            push_ack: false,
            sack_report: SackReport::Highest,
            sack_agent: SackAgent::Rfc6675,
            sink_sack: None,
            sack_blocks: 3,
            ecn: false,
            ack_size_bytes: 40,
            initial_ttl: 32,
            tos: 0,
            pacing: false,
            tso_defer: false,
            tso_defer_auto: false,
            rtt_code: false,
            receive_window: ReceiveWindow::Fixed,
            rcvbuf_initial_bytes: 131_072,
            rcvbuf_max_bytes: 33_554_432,
            rcvbuf_scaling_ratio: 0.609375,
        }
    }
}

impl TcpConfig {
    /// The initial window, packets: `initial_window_pkts`, or with
    /// `initial_window_by_size` ns-2's initial_window() for wnd_init_option_ 2.
    pub fn initial_window(&self) -> f64 {
        if !self.initial_window_by_size {
            self.initial_window_pkts as f64
        } else if self.packet_size_bytes <= 1095 {
            4.0
        } else if self.packet_size_bytes < 2190 {
            3.0
        } else {
            2.0
        }
    }

    /// The advertised window the receiver sends, packets: without window scaling
    /// at most 65535 bytes.
    pub fn advertised_window_pkts(&self) -> u32 {
        if self.window_scale {
            self.rwnd_pkts
        } else {
            self.rwnd_pkts.min((65_535 / self.packet_size_bytes).max(1))
        }
    }

    /// Wire size of a data packet.
    pub fn data_wire_bytes(&self) -> u32 {
        self.packet_size_bytes + self.data_header_bytes()
    }

    /// The receiver keeps ns-2's Sack1 sink's record (Sacker): under ns-2's SACK
    /// agents, or as `sink_sack: true` under its others.
    pub fn ns2_sink_sack(&self) -> bool {
        (self.sack && self.sack_agent.is_ns2()) || (!self.sack && self.sink_sack == Some(true))
    }

    /// The receiver's ACKs carry SACK blocks.
    pub fn sink_sends_blocks(&self) -> bool {
        self.sink_sack.unwrap_or(self.sack)
    }

    /// Whether its data segments carry their send times for the receiver to echo:
    /// with ns-2's timestamp option, and always for ns-2's Fack agent, which times
    /// every ACK by its echo (tcp/timestamp.rs).
    pub fn carries_send_times(&self) -> bool {
        self.timestamps || (self.sack && self.sack_agent == SackAgent::Fack)
    }

    /// Header bytes a data packet after the SYN carries on the wire: ns-2's
    /// headersize(), the timestamp option included; none without `use_headers`.
    pub fn data_header_bytes(&self) -> u32 {
        match (self.use_headers, self.timestamps) {
            (false, _) => 0,
            (true, false) => self.header_bytes,
            (true, true) => self.header_bytes + TS_OPTION_BYTES,
        }
    }

    /// The Linux transport's settings and whether each is on (`stack: linux` sets them):
    /// what ns-2's agents do not have.
    fn linux_receiver_settings(&self) -> [(&'static str, bool); 8] {
        [
            ("sack_compression", self.sack_compression),
            ("sack_report", self.sack_report != SackReport::Highest),
            ("quick_ack", self.quick_ack),
            ("push_ack", self.push_ack),
            ("receive_window", self.receive_window != ReceiveWindow::Fixed),
            ("pacing", self.pacing),
            ("tso_defer", self.tso_defer),
            ("rto", self.rto != RtoStyle::Ns2),
        ]
    }

    /// The window rules' own settings: each read with its rules only (`window_increase`),
    /// and HighSpeed TCP's high window above its low one (ns-2 divides by the log of
    /// their ratio).
    fn validate_window_rules(&self, at: &str) -> Result<(), String> {
        use WindowIncrease as W;
        let d = TcpConfig::default();
        let rules = [
            ("window_constant", self.window_constant != d.window_constant, "rtt_squared, average_squared, average or rtt",
             matches!(self.window_increase, W::RttSquared | W::AverageSquared | W::Average | W::Rtt)),
            ("window_average_gain", self.window_average_gain != d.window_average_gain, "average_squared or average",
             matches!(self.window_increase, W::AverageSquared | W::Average)),
            ("binomial_k", self.binomial_k != d.binomial_k, "binomial", self.window_increase == W::Binomial),
            ("binomial_l", self.binomial_l != d.binomial_l, "binomial", self.window_increase == W::Binomial),
        ];
        if let Some((k, _, rule, _)) = rules.iter().find(|r| r.1 && !r.3) {
            return Err(format!(
                "{at}.{k}: read only with {at}.window_increase {rule} (allowed: one of those, or leave {k} out)"
            ));
        }
        if self.window_increase != WindowIncrease::Highspeed {
            let set = [
                ("highspeed_low_window", self.highspeed_low_window != d.highspeed_low_window),
                ("highspeed_high_window", self.highspeed_high_window != d.highspeed_high_window),
                ("highspeed_high_p", self.highspeed_high_p != d.highspeed_high_p),
                ("highspeed_high_decrease", self.highspeed_high_decrease != d.highspeed_high_decrease),
                ("highspeed_cwnd_range", self.highspeed_cwnd_range != d.highspeed_cwnd_range),
            ];
            if let Some((k, _)) = set.iter().find(|(_, on)| *on) {
                return Err(format!(
                    "{at}.{k}: HighSpeed TCP's setting, read only with {at}.window_increase = 'highspeed' \
                     (allowed: set window_increase to 'highspeed', or leave {k} out)"
                ));
            }
            return Ok(());
        }
        if self.highspeed_high_window <= self.highspeed_low_window {
            return Err(format!(
                "{at}.highspeed_high_window: must be above highspeed_low_window ({}), got {}",
                self.highspeed_low_window, self.highspeed_high_window
            ));
        }
        Ok(())
    }

    /// Check what the ranges on the fields (the scenario contract) cannot say; the error
    /// names the field.
    pub fn validate(&self, at: &str) -> Result<(), String> {
        self.validate_window_rules(at)?;
        if let Some(key) = [("syn_immediate_ack", !self.syn_immediate_ack), ("rfc2581_immediate_ack", !self.rfc2581_immediate_ack)]
            .iter()
            .find(|k| k.1)
            .map(|k| k.0)
        {
            // ns-2's DelAck sink's: not a Linux receiver's, nor satcc's own SACK receiver's
            if let Some((k, _)) = self.linux_receiver_settings().iter().find(|(_, on)| *on) {
                return Err(format!(
                    "{at}.{key}: false is a rule of ns-2's delayed-ACK sink; {at}.{k} is a Linux setting{} (allowed \
                     with {key} false: its ns-2 value)",
                    if self.stack == Stack::Linux { " (set by stack: linux)" } else { "" }
                ));
            }
            if self.sack && self.sack_agent == SackAgent::Rfc6675 {
                return Err(format!(
                    "{at}.{key}: false is a rule of ns-2's delayed-ACK sink, not of satcc's SACK receiver \
                     (sack_agent rfc6675) (allowed: sack = false, or sack_agent sack1 or fack)"
                ));
            }
        }
        if let Some(p) = self.tick_phase_s {
            if !(p >= 0.0 && p < self.tick_s) {
                return Err(format!("{at}.tick_phase_s: must be in [0, tick_s) = [0, {}), got {p}", self.tick_s));
            }
        }
        if self.max_connects > 0 && !(self.syn && self.delay_growth) {
            return Err(format!(
                "{at}.max_connects: counts the SYN's sends, so needs {at}.syn = true and {at}.delay_growth = true \
                 (ns-2 starts the count only then; without, it reads a count never set)"
            ));
        }
        if self.window_validation_rtt_counting && !self.window_validation {
            return Err(format!(
                "{at}.window_validation_rtt_counting: counts round trips for the window validation, so needs \
                 {at}.window_validation = true (ns-2 reads EnblRTTCtr_ with QOption_ 1 only)"
            ));
        }
        if self.tick_phase_at_start && self.tick_phase_s.is_some() {
            return Err(format!(
                "{at}.tick_phase_at_start: the phase is drawn as the flow starts, so {at}.tick_phase_s cannot also \
                 give it (allowed: one of the two)"
            ));
        }
        if self.sack_compression && !self.sack {
            return Err(format!("{at}.sack_compression: needs {at}.sack = true (Linux compresses SACKs only)"));
        }
        if self.sack_agent.is_ns2() {
            let name = self.sack_agent.name();
            if !self.sack {
                return Err(format!("{at}.sack_agent: '{name}' needs {at}.sack = true"));
            }
            // ns-2's Sack1 sink is ns-2's TCPSink with SACK blocks: none of a Linux
            // receiver's features
            if let Some((k, _)) = self.linux_receiver_settings().iter().find(|(_, on)| *on) {
                return Err(format!(
                    "{at}.sack_agent: '{name}' (ns-2's SACK agents) runs with ns-2's transport; {at}.{k} is a Linux \
                     setting{} (allowed with {name}: its ns-2 value)",
                    if self.stack == Stack::Linux { " (set by stack: linux)" } else { "" }
                ));
            }
        }
        match self.sink_sack {
            Some(false) if self.sack && !self.sack_agent.is_ns2() => {
                return Err(format!(
                    "{at}.sink_sack: false is ns-2's Sack1 or Fack agent with a plain TCPSink; with sack_agent \
                     'rfc6675' (satcc's SACK) a receiver without blocks is a flow without SACK (allowed: sink_sack \
                     unset, or sack = false)"
                ));
            }
            Some(true) if !self.sack => {
                // ns-2's Sack1 sink under ns-2's other agents: ns-2's transport only
                if let Some((k, _)) = self.linux_receiver_settings().iter().find(|(_, on)| *on) {
                    return Err(format!(
                        "{at}.sink_sack: true without sack is ns-2's Agent/TCPSink/Sack1 under ns-2's other \
                         agents, with ns-2's transport; {at}.{k} is a Linux setting{} (allowed with sink_sack: its \
                         ns-2 value)",
                        if self.stack == Stack::Linux { " (set by stack: linux)" } else { "" }
                    ));
                }
            }
            _ => {}
        }
        if self.timestamps && self.rto != RtoStyle::Ns2 {
            return Err(format!(
                "{at}.timestamps: ns-2's timestamps_, which time RTT samples for ns-2's timeout; {at}.rto is \
                 'linux'{}, whose samples use Linux's own timestamps (allowed with timestamps: rto = 'ns2')",
                if self.stack == Stack::Linux { " (set by stack: linux)" } else { "" }
            ));
        }
        if self.ecn {
            if self.sack && self.sack_agent != SackAgent::Sack1 {
                return Err(format!(
                    "{at}.ecn: ECN is modelled for ns-2's agents; with sack, ns-2's Sack1 (allowed with ecn: \
                     sack = false, or sack_agent = 'sack1')"
                ));
            }
            if let Some((k, _)) = self.linux_receiver_settings().iter().find(|(_, on)| *on) {
                return Err(format!(
                    "{at}.ecn: ECN is modelled as ns-2's agents run it, with ns-2's transport; {at}.{k} is a Linux \
                     setting{} (allowed with ecn: its ns-2 value)",
                    if self.stack == Stack::Linux { " (set by stack: linux)" } else { "" }
                ));
            }
        }
        if self.max_rto_s < self.min_rto_s {
            return Err(format!(
                "{at}.max_rto_s: must be >= min_rto_s ({})",
                self.min_rto_s
            ));
        }
        Ok(())
    }
}
