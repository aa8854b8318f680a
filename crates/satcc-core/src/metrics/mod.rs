//! Metrics: per-flow, per-link and whole-run summaries, and sampled time series.
//! Names follow DESIGN.md (throughput, goodput, utilization, loss rate, Jain index,
//! queue length in packets and % of buffer).

use serde::Serialize;

pub mod series;
pub use series::Series;

/// Jain's fairness index (sum x)^2 / (n sum x^2) of throughputs normalised by their
/// fair shares `b` (REFWA, eq. in section IV). Empty or all-zero input gives 1.
pub fn jain_index(x: &[f64], b: &[f64]) -> f64 {
    let r: Vec<f64> = x.iter().zip(b).map(|(x, b)| if *b > 0.0 { x / b } else { 0.0 }).collect();
    let s: f64 = r.iter().sum();
    let s2: f64 = r.iter().map(|v| v * v).sum();
    if r.is_empty() || s2 == 0.0 {
        return 1.0;
    }
    s * s / (r.len() as f64 * s2)
}

#[derive(Serialize, Clone, Debug)]
pub struct FlowSummary {
    pub name: String,
    pub group: Option<String>,
    pub src: String,
    pub dst: String,
    /// Its congestion control ("none" for a UDP flow).
    pub cc: String,
    /// "udp" for a UDP flow (transport: udp; absent for TCP flows). Its counts are its
    /// datagrams: sent by the source, delivered at the far end, dropped; nothing is
    /// acknowledged or retransmitted. "ping" for a ping flow: its data counts are its
    /// echo requests (the replies are in `pings`), its loss rate that of requests and
    /// replies together over the requests sent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transport: Option<&'static str>,
    pub start_s: f64,
    pub stop_s: Option<f64>,
    /// Payload of every data packet received (duplicates included), over the flow's
    /// active time, Mb/s.
    pub throughput_mbps: f64,
    /// Payload received in order, over the flow's active time, Mb/s.
    pub goodput_mbps: f64,
    /// Data packets the sender put on the wire, retransmissions included; the SYN
    /// (tcp.syn) is not a data packet and is counted in `syn_pkts_sent` alone.
    pub data_pkts_sent: u64,
    pub data_pkts_delivered: u64,
    /// Data packets cumulatively acknowledged at the sender (ns-2's ack_).
    pub data_pkts_acked: i64,
    /// Data packets dropped anywhere (queues, error models, TTL); the SYN is not one.
    pub data_pkts_dropped: u64,
    /// SYNs sent (retransmitted SYNs included) and dropped.
    pub syn_pkts_sent: u64,
    pub syn_pkts_dropped: u64,
    pub retransmits: u64,
    pub fast_retransmits: u64,
    pub rto_count: u64,
    /// Timeouts a D-SACK showed spurious and the controller undid (TCP-STAR AEN).
    pub rto_undone: u64,
    /// Losses the sender judged to be link errors (REFWA Plus and the like).
    pub link_error_losses: u64,
    /// ECN flows (tcp.ecn) only: window cuts for ECN-Echo (ns-2's necnresponses_).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ecn_responses: Option<u64>,
    /// Transfers (traffic: file) only: the bytes to transfer, and the flow completion
    /// time, from its start to the first ACK of its last packet (null if the run ended
    /// first).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size_bytes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fct_s: Option<Option<f64>>,
    pub loss_rate: f64,
    pub srtt_ms: f64,
    pub cwnd_pkts: f64,
    pub hops_data: usize,
    /// Trace-driven sources (traffic: trace) with ns-2's draws only, where some start
    /// drew the trace's length itself: ns-2 then reads past its table (undefined) and
    /// satcc starts at the first record, so the run no longer follows ns-2's from that
    /// start; how many starts did.
    #[serde(skip_serializing_if = "is_zero_u32")]
    pub trace_past_end: u32,
    /// Ping flows only: their requests and replies.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pings: Option<PingSummary>,
}

/// A ping flow's echo requests and what became of them.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct PingSummary {
    /// Requests sent, and answered (their replies reached the sender).
    pub sent: u64,
    pub answered: u64,
    /// Requests and replies dropped on the way.
    pub requests_dropped: u64,
    pub replies_dropped: u64,
    /// The answered requests' round trips, least, mean and greatest, ms (null: none
    /// answered).
    pub rtt_min_ms: Option<f64>,
    pub rtt_mean_ms: Option<f64>,
    pub rtt_max_ms: Option<f64>,
}

fn is_zero_u32(n: &u32) -> bool {
    *n == 0
}

#[derive(Serialize, Clone, Debug)]
pub struct LinkSummary {
    pub name: String,
    pub rate_bps: f64,
    pub delay_ms: f64,
    pub utilization: f64,
    pub departed_pkts: u64,
    pub departed_bytes: u64,
    pub arrivals_pkts: u64,
    pub drops: u64,
    pub drops_error: u64,
    /// Packets dropped at this direction's far end because their TTL ran out there (ns-2's
    /// TTLChecker, the last element of each link, whose drops its queue monitor counts).
    pub drops_ttl: u64,
    /// Of `drops`, those lost when the direction went down (its outages): in its queue,
    /// in transmission or on the wire.
    #[serde(skip_serializing_if = "is_zero")]
    pub drops_link_down: u64,
    /// Packets refused at its entry while it was down (not among its arrivals or drops).
    #[serde(skip_serializing_if = "is_zero")]
    pub refused_down_pkts: u64,
    /// A direction with ns-2's Delayer only (`delayer`): whether its Delayer holds a
    /// packet at the end (1 or 0), one the queue handed over but not yet sent, which
    /// ns-2's queue monitor, placed after the queue, counts as departed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub delayer_held_pkts: Option<u64>,
    /// RED queues with ECN only: packets admitted with their Congestion Experienced mark
    /// set where RED would have dropped them early.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ecn_marks: Option<u64>,
    pub loss_rate: f64,
    pub avg_queue_pkts: f64,
    pub avg_queue_pct: Option<f64>,
    pub max_queue_pkts: u32,
    pub limit_pkts: Option<u32>,
}

#[derive(Serialize, Clone, Debug)]
pub struct GroupSummary {
    pub group: String,
    pub flows: usize,
    pub mean_throughput_mbps: f64,
    pub mean_goodput_mbps: f64,
    pub total_goodput_mbps: f64,
}

/// Packet conservation: every data packet injected is delivered, dropped or in flight.
#[derive(Serialize, Clone, Debug, Default)]
pub struct PacketAccount {
    pub data_injected: u64,
    pub data_delivered: u64,
    pub data_dropped: u64,
    pub data_in_flight: u64,
    pub ack_injected: u64,
    pub ack_delivered: u64,
    pub ack_dropped: u64,
    pub ack_in_flight: u64,
}

#[derive(Serialize, Clone, Debug)]
pub struct RunTotals {
    pub flows: usize,
    pub throughput_mbps: f64,
    pub goodput_mbps: f64,
    pub jain_fairness: f64,
    pub loss_rate: f64,
    pub rto_count: u64,
    pub bottleneck: Option<String>,
    pub utilization: Option<f64>,
    pub avg_queue_pkts: Option<f64>,
    pub avg_queue_pct: Option<f64>,
    pub packets: PacketAccount,
    pub events: u64,
    pub link_transmissions: u64,
    /// Times every node's routes were computed again after links failed or came back
    /// (`routing: session`; absent when never).
    #[serde(skip_serializing_if = "is_zero")]
    pub routes_recomputed: u64,
    /// Messages the routing agents sent, and lost on their links (`routing: dv`;
    /// absent when none).
    #[serde(skip_serializing_if = "is_zero")]
    pub routing_messages: u64,
    #[serde(skip_serializing_if = "is_zero")]
    pub routing_messages_lost: u64,
    /// Times a node picked one of several equally good new next hops (`routing: dv`),
    /// where ns-2 takes the first in a hash order of its link objects' names and satcc
    /// the lowest-numbered neighbour: a run with none takes ns-2's routes throughout.
    #[serde(skip_serializing_if = "is_zero")]
    pub routing_ties: u64,
}

/// What a run paced by the wall clock (emulation) adds to its summary: how late its
/// events ran against their simulated times.
#[derive(Serialize, Clone, Debug)]
pub struct RealtimeSummary {
    pub events: u64,
    pub lateness_median_ms: f64,
    pub lateness_p99_ms: f64,
    pub lateness_max_ms: f64,
    /// The bound the run was held to, and how many events ran later than it.
    pub lateness_bound_ms: f64,
    pub events_over_bound: u64,
    /// False when the p99 lateness exceeded the bound: the run's timing, and so its
    /// numbers, are not those of the scenario.
    pub valid: bool,
    /// When it ran late: each stretch of simulated time whose events ran later than the
    /// bound (at most 10,000).
    pub late_episodes: Vec<crate::sim::realtime::LateEpisode>,
    /// How long before the agreed wall-clock instant of simulated time 0 (where real
    /// hosts start) the loop was ready to wait for it, ms; negative: that long after it,
    /// and the events due meanwhile ran late by up to as much. Null when no instant was
    /// agreed (the clock started with the loop).
    pub start_slack_ms: Option<f64>,
    /// CPU time the hypervisor took from this machine's CPUs while the run was paced
    /// (/proc/stat's `steal`, all CPUs, in its ticks of 10 ms), ms, and as a share of
    /// those CPUs' time, %: on a virtual machine whose host runs other guests, events
    /// due while the host held the loop's CPU ran late whatever the loop did. Null
    /// where the kernel does not count it.
    pub host_steal_ms: Option<f64>,
    pub host_steal_pct: Option<f64>,
    /// Times this machine's scheduler took the loop's CPU from it while it paced
    /// (involuntary context switches of its thread).
    pub loop_preemptions: Option<u64>,
    /// Real hosts' packets (emulation): in, out, unmatched, rewritten ACKs...
    #[serde(skip_serializing_if = "Option::is_none")]
    pub real_packets: Option<serde_json::Value>,
}

/// What a run on a moving constellation adds to its summary.
#[derive(Serialize, Clone, Debug)]
pub struct ConstellationSummary {
    pub satellites: usize,
    pub ground_stations: usize,
    /// Link directions made (ISLs and every ground link used during the run); the
    /// summary's `links` lists those that carried packets.
    pub links: usize,
    pub routing_steps: u64,
    /// Ground stations handed from one satellite to another.
    pub handovers: u64,
    /// Packets dropped at a node with no route to their destination.
    pub drops_no_route: u64,
}

#[derive(Serialize, Clone, Debug)]
pub struct Summary {
    pub satcc_version: String,
    pub scenario: String,
    pub seed: u64,
    pub duration_s: f64,
    pub totals: RunTotals,
    pub groups: Vec<GroupSummary>,
    pub flows: Vec<FlowSummary>,
    pub links: Vec<LinkSummary>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub constellation: Option<ConstellationSummary>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub realtime: Option<RealtimeSummary>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jain_of_equal_shares_is_one() {
        assert!((jain_index(&[2.0, 2.0, 2.0], &[1.0, 1.0, 1.0]) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn jain_of_one_hog_is_one_over_n() {
        assert!((jain_index(&[4.0, 0.0, 0.0, 0.0], &[1.0; 4]) - 0.25).abs() < 1e-12);
    }

    #[test]
    fn jain_hand_computed() {
        // (1+2+3)^2 / (3 * 14) = 36/42
        assert!((jain_index(&[1.0, 2.0, 3.0], &[1.0; 3]) - 36.0 / 42.0).abs() < 1e-12);
        // normalised by unequal fair shares: x/b all equal -> 1
        assert!((jain_index(&[1.0, 2.0], &[1.0, 2.0]) - 1.0).abs() < 1e-12);
    }
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}
