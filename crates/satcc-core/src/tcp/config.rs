//! TCP settings. Each default is what ns-2 2.35's Agent/TCP/Newreno and TCPSink do
//! where the papers are silent (names of the ns-2 variables in brackets).

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Recovery {
    /// Fast retransmit and fast recovery; leaves recovery on the first new ACK.
    Reno,
    /// RFC 6582: stays in recovery until `recover` is acknowledged; partial ACKs
    /// retransmit the next hole (ns-2: partial window deflation, timer re-armed on the
    /// first partial ACK only).
    #[default]
    Newreno,
    /// RFC 6675: SACK-based recovery (selected by the `sack` setting).
    Sack,
}

/// The filter of TCP-J's available-bandwidth estimate (ABE), used by TCP-STAR and by
/// seed 003's LWC (see tcp/congestion/estimators.rs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AbeFilter {
    /// A sample per ACK through Westwood's Tustin filter.
    #[default]
    Tustin,
    /// Westwood-RE's sample over each RTT.
    PerRtt,
}

/// How TCP-Fusion's threshold alpha (packets queued at the bottleneck, between its
/// increment and steady phases) is set. Neither seed 003 nor anything we could read of
/// Kaneko and Katto's paper gives it to us directly; see tcp/congestion/fusion.rs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FusionAlpha {
    /// alpha = max(1, cwnd x D_min / RTT): the packets a queueing delay of D_min holds at
    /// the flow's rate (the formula of a public ns-3 port of TCP-Fusion).
    #[default]
    Delay,
    /// alpha = a constant number of packets (satcc's reading until issue 13: 3).
    Fixed,
}

/// Sender-side loss classification.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum LossPolicy {
    /// Every loss is congestion (standard TCP).
    #[default]
    Congestion,
    /// REFWA Plus (seed 001): compare the router feedback carried by ACKs.
    RefwaPlus,
    /// T-REFWA Plus (seed 004): a loss is congestion if the feedback fell below r
    /// times its previous value within k RTTs before it.
    TrefwaPlus,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TcpConfig {
    /// Data bytes per packet [packetSize_ 1000].
    pub packet_size_bytes: u32,
    /// TCP/IP header bytes [tcpip_base_hdr_size_ 40].
    pub header_bytes: u32,
    /// Add the header to data packets on the wire [useHeaders_ true].
    pub use_headers: bool,
    /// Model the SYN exchange: seqno 0 is a header-only packet, cwnd 1 until its ACK
    /// [syn_ true, delay_growth_ true].
    pub syn: bool,
    /// Initial congestion window after the SYN exchange, packets [windowInit_ 2].
    pub initial_window_pkts: u32,
    /// Receiver's advertised window, packets [window_ 20].
    pub rwnd_pkts: u32,
    /// Initial ssthresh, packets; unset = the advertised window [ssthresh_ = wnd_].
    pub initial_ssthresh_pkts: Option<f64>,
    /// Duplicate ACKs that trigger fast retransmit [numdupacks_ 3].
    pub dupack_threshold: u32,
    /// Send a new packet on each of the first dupACKs (RFC 3042) [singledup_ 1].
    pub limited_transmit: bool,
    /// Loss recovery; implied by the flow's congestion control ("reno" or not), never
    /// written in a scenario.
    #[serde(skip)]
    pub recovery: Recovery,
    /// Selective acknowledgments (RFC 2018) with SACK-based loss recovery (RFC 6675),
    /// for any congestion control [ns-2 one-way agents: off].
    pub sack: bool,
    /// Window scaling (RFC 1323). Off, the advertised window is capped at 65535 bytes
    /// [ns-2 one-way agents have no byte cap: on].
    pub window_scale: bool,
    /// ABE's filter for TCP-STAR and the LWC of seed 003 (ours: TCP-J's is unknown).
    pub abe_filter: AbeFilter,
    /// TCP-Fusion's alpha rule [delay] and its two constants: D_min [0.004 s, one timer
    /// tick of the ns-3 port] for `delay`, the packets [3] for `fixed`.
    pub fusion_alpha: FusionAlpha,
    pub fusion_d_min_s: f64,
    pub fusion_alpha_pkts: f64,
    /// How losses are classified; implied by the congestion control ("refwa-plus").
    #[serde(skip)]
    pub loss_policy: LossPolicy,
    /// REFWA Plus tolerance a (seed 001, eq. 3): a loss is a link error when the
    /// feedback of the last normal ACK <= (1 + a) x the feedback now. 0 is eq. 1.
    pub refwa_plus_tolerance: f64,
    /// Write the RTT code of T-REFWA (seed 002, eq. 1) into the TOS byte; implied by
    /// the congestion control ("trefwa", "trefwa-plus").
    #[serde(skip)]
    pub tos_rtt_code: bool,
    /// K of the RTT code (seed 002: 6.3).
    pub rtt_code_k: f64,
    /// T-REFWA Plus threshold r on W_c / W_p (seed 004: 0.9).
    pub trefwa_plus_r: f64,
    /// T-REFWA Plus window k, in RTTs (seed 004: 3).
    pub trefwa_plus_k: f64,
    /// RTT clock granularity, seconds [tcpTick_ 0.01].
    pub tick_s: f64,
    /// Minimum RTO, seconds [minrto_ 0.2].
    pub min_rto_s: f64,
    /// Maximum RTO after backoff, seconds [maxrto_ 60].
    pub max_rto_s: f64,
    /// RTO before the first RTT sample, seconds [rtxcur_init_ 3].
    pub initial_rto_s: f64,
    /// Random send overhead, seconds [overhead_ 0]: ns-2's remedy for phase effects.
    /// When positive, a send opportunity (an ACK or a timeout opening the window) does
    /// not send at once: a delayed-send timer is armed at uniform(0, overhead) unless
    /// one is pending, and when it fires every packet the window then allows goes out.
    /// Retransmissions on dupACKs and limited transmit are not delayed (ns-2 sends
    /// them with output(), not send_much()). 0 keeps ns-2's deterministic timing.
    pub send_overhead_s: f64,
    /// Receiver delays ACKs: one ACK per two packets or after the interval
    /// [Agent/TCPSink/DelAck, interval_ 0.1].
    pub delayed_ack: bool,
    pub delayed_ack_interval_s: f64,
    /// ACK size on the wire [TCPSink packetSize_ 40].
    pub ack_size_bytes: u32,
    /// Initial TTL of every packet [ttl_ 32].
    pub initial_ttl: u8,
    /// TOS byte of data packets.
    pub tos: u8,
}

impl Default for TcpConfig {
    fn default() -> Self {
        TcpConfig {
            packet_size_bytes: 1000,
            header_bytes: 40,
            use_headers: true,
            syn: true,
            initial_window_pkts: 2,
            rwnd_pkts: 20,
            initial_ssthresh_pkts: None,
            dupack_threshold: 3,
            limited_transmit: true,
            recovery: Recovery::Newreno,
            sack: false,
            window_scale: true,
            abe_filter: AbeFilter::Tustin,
            fusion_alpha: FusionAlpha::Delay,
            fusion_d_min_s: 0.004,
            fusion_alpha_pkts: 3.0,
            loss_policy: LossPolicy::Congestion,
            refwa_plus_tolerance: 0.0,
            tos_rtt_code: false,
            rtt_code_k: 6.3,
            trefwa_plus_r: 0.9,
            trefwa_plus_k: 3.0,
            tick_s: 0.01,
            min_rto_s: 0.2,
            max_rto_s: 60.0,
            initial_rto_s: 3.0,
            send_overhead_s: 0.0,
            delayed_ack: false,
            delayed_ack_interval_s: 0.1,
            ack_size_bytes: 40,
            initial_ttl: 32,
            tos: 0,
        }
    }
}

impl TcpConfig {
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
        self.packet_size_bytes + if self.use_headers { self.header_bytes } else { 0 }
    }

    /// Check ranges; the error names the field and what is allowed.
    pub fn validate(&self, at: &str) -> Result<(), String> {
        let pos = |name: &str, v: f64| {
            if v.is_finite() && v > 0.0 {
                Ok(())
            } else {
                Err(format!("{at}.{name}: must be a positive number, got {v}"))
            }
        };
        pos("packet_size_bytes", self.packet_size_bytes as f64)?;
        pos("header_bytes", self.header_bytes as f64)?;
        pos("initial_window_pkts", self.initial_window_pkts as f64)?;
        pos("rwnd_pkts", self.rwnd_pkts as f64)?;
        pos("dupack_threshold", self.dupack_threshold as f64)?;
        pos("tick_s", self.tick_s)?;
        pos("min_rto_s", self.min_rto_s)?;
        pos("max_rto_s", self.max_rto_s)?;
        pos("initial_rto_s", self.initial_rto_s)?;
        pos("delayed_ack_interval_s", self.delayed_ack_interval_s)?;
        pos("ack_size_bytes", self.ack_size_bytes as f64)?;
        pos("initial_ttl", self.initial_ttl as f64)?;
        if !(self.refwa_plus_tolerance.is_finite() && (0.0..=10.0).contains(&self.refwa_plus_tolerance)) {
            return Err(format!("{at}.refwa_plus_tolerance: must be in [0, 10], got {}", self.refwa_plus_tolerance));
        }
        if !(self.rtt_code_k.is_finite() && self.rtt_code_k > 0.0 && self.rtt_code_k <= 100.0) {
            return Err(format!("{at}.rtt_code_k: must be in (0, 100], got {}", self.rtt_code_k));
        }
        if !(0.0..=1.0).contains(&self.trefwa_plus_r) {
            return Err(format!("{at}.trefwa_plus_r: must be in [0, 1], got {}", self.trefwa_plus_r));
        }
        if !(self.trefwa_plus_k.is_finite() && (0.0..=100.0).contains(&self.trefwa_plus_k)) {
            return Err(format!("{at}.trefwa_plus_k: must be in [0, 100], got {}", self.trefwa_plus_k));
        }
        if !(self.send_overhead_s.is_finite() && (0.0..=10.0).contains(&self.send_overhead_s)) {
            return Err(format!("{at}.send_overhead_s: must be in [0, 10] seconds, got {}", self.send_overhead_s));
        }
        if !(self.fusion_d_min_s.is_finite() && self.fusion_d_min_s > 0.0 && self.fusion_d_min_s <= 1.0) {
            return Err(format!("{at}.fusion_d_min_s: must be in (0, 1] seconds, got {}", self.fusion_d_min_s));
        }
        if !(self.fusion_alpha_pkts.is_finite() && self.fusion_alpha_pkts > 0.0 && self.fusion_alpha_pkts <= 10_000.0) {
            return Err(format!("{at}.fusion_alpha_pkts: must be in (0, 10000], got {}", self.fusion_alpha_pkts));
        }
        if let Some(s) = self.initial_ssthresh_pkts {
            pos("initial_ssthresh_pkts", s)?;
        }
        if self.max_rto_s < self.min_rto_s {
            return Err(format!("{at}.max_rto_s: must be >= min_rto_s ({})", self.min_rto_s));
        }
        if self.packet_size_bytes > 65_000 {
            return Err(format!("{at}.packet_size_bytes: must be at most 65000, got {}", self.packet_size_bytes));
        }
        if self.header_bytes > 535 || self.ack_size_bytes > 65_535 {
            return Err(format!(
                "{at}.header_bytes: must be at most 535 and ack_size_bytes at most 65535 (packets fit in 65535 bytes)"
            ));
        }
        Ok(())
    }
}
