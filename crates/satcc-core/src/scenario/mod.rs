//! Scenario description: what a user writes (TOML/YAML, or the Python API), parsed
//! from JSON with unknown fields rejected, then checked before the core runs. Every
//! error names the field and what is allowed; no input may crash or hang the process.

pub mod constellation;

use crate::tcp::TcpConfig;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::HashMap;

/// Hard limits that keep any accepted scenario finite (docs/limits.md gives each and
/// why). The clock counts u64 nanoseconds, 1.8e10 s: every time setting stays below
/// `MAX_TIME_S`, so no timer can pass the end of the clock.
pub const MAX_DURATION_S: f64 = 1.0e6;
/// Any time of a scenario (a start, a stop, a timer, a period), seconds: the longest run.
pub const MAX_TIME_S: f64 = MAX_DURATION_S;
/// The shortest timer, seconds: one microsecond, a thousand ticks of the ns clock, so a
/// timer that rearms itself always moves time on.
pub const MIN_TIMER_S: f64 = 1e-6;
pub const MAX_NODES: usize = 100_000;
pub const MAX_FLOWS: usize = 100_000;
pub const MIN_RATE_BPS: f64 = 1.0;
/// 1 Tb/s: above any link of the papers; a 1000-byte packet then lasts 8 ns.
pub const MAX_RATE_BPS: f64 = 1.0e12;
pub const MIN_SAMPLE_INTERVAL_S: f64 = 1e-4;
/// 10,000 s one way: beyond deep space within the solar system's inner planets.
pub const MAX_DELAY_MS: f64 = 1.0e7;
/// Packets of a window (initial, advertised): a million 1000-byte packets is 1 GB in
/// flight, a 100 Gb/s path of 80 ms.
pub const MAX_WINDOW_PKTS: u32 = 1_000_000;
/// A link's routing cost: ns-2 takes a route's cost of 16383 (its INFINITY) or more
/// as no route, as satcc's routing does (net::routing).
pub const MAX_COST: f64 = 1000.0;

#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Label carried into results.
    #[serde(default = "default_name")]
    pub name: String,
    /// Simulated seconds.
    #[schemars(range(max = MAX_DURATION_S), extend("exclusiveMinimum" = 0))]
    pub duration_s: f64,
    /// Seed of every random stream of the run.
    #[serde(default = "default_seed")]
    pub seed: u64,
    /// Take the draws ns-2 2.35 takes from its default generator (RED's early drops,
    /// the links' error models, the ON/OFF sources, CBR's random gaps and the senders'
    /// send overheads) from one ns-2 generator seeded with this, in event order, as
    /// ns-2 does after `$defaultRNG seed` (satcc.ns2.to_tcl seeds it at time 0): a
    /// lossy or RED network then runs packet for packet as in ns-2. Absent: each link,
    /// source and sender draws from streams of its own, derived from `seed`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = crate::engine::ns2_rng::MAX_SEED))]
    pub ns2_rng_seed: Option<u32>,
    /// Draws ns-2's generator made after `ns2_rng_seed` and before the run's first
    /// event: an ns-2 script that seeds it before `$ns run`, or not at all (ns-2's seed
    /// is then 1), has it draw once for each TCP agent it makes (twice for Vegas) and
    /// once more for each as `$ns run` resets it (its RTT clock phase). `satcc from-ns2`
    /// counts them [0].
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    #[schemars(range(min = 0, max = 100_000_000))]
    pub ns2_rng_skip: u32,
    /// Interval of queue, utilization, cwnd and sequence samples.
    #[serde(default = "default_sample_interval")]
    #[schemars(range(min = MIN_SAMPLE_INTERVAL_S, max = MAX_TIME_S))]
    pub sample_interval_s: f64,
    /// TCP settings for every flow (each flow may override fields).
    #[serde(default)]
    #[schemars(schema_with = "crate::settings::tcp_table_schema")]
    pub tcp: Value,
    /// The nodes (hosts and routers alike), by name (none with a `constellation`,
    /// whose satellites and ground stations are the nodes).
    #[serde(default)]
    #[schemars(length(max = MAX_NODES))]
    pub nodes: Vec<NodeSpec>,
    /// Duplex links between nodes (none with a `constellation`, whose links move).
    #[serde(default)]
    pub links: Vec<LinkSpec>,
    /// A moving LEO constellation: its satellites and ground stations are the nodes,
    /// its inter-satellite and ground links the links, routes recomputed as it moves;
    /// flows run between ground stations (docs/leo.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub constellation: Option<constellation::ConstellationSpec>,
    /// TCP flows (an entry with `count` > 1 stands for identical copies).
    #[schemars(length(min = 1))]
    pub flows: Vec<FlowSpec>,
    /// What is sampled and recorded (absent: the defaults of each field, except
    /// `flow_traces`, which is then off).
    #[serde(default)]
    pub monitor: MonitorSpec,
    /// Router-side feedback schemes, each guarding the egress queue of link directions.
    #[serde(default)]
    pub schemes: Vec<SchemeSpec>,
    /// How routes follow links that fail (`outages`) [static].
    #[serde(default, skip_serializing_if = "Routing::is_static")]
    pub routing: Routing,
}

/// How a network of nodes and links routes packets (a constellation routes as it moves).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Routing {
    /// ns-2's default static routing: each flow's shortest routes, computed once; a link
    /// that fails loses what is routed to it until it comes back.
    #[default]
    Static,
    /// ns-2's session routing (`$ns rtproto Session`): whenever links fail or come back,
    /// every node's routes are computed again, at that instant, over the links that are
    /// up (no routing messages); a node that can no longer reach a destination keeps its
    /// old route to it. Routes are the nodes', so flows cannot pin a `path`.
    Session,
    /// ns-2's distance-vector routing (`$ns rtproto DV`): each node's routing agent
    /// sends its neighbours its table (a packet of one byte per node, queued like any
    /// other) every 2 s or so and whenever its routes change; a node forwards by the
    /// routes it has learnt so far, and drops what it has no route for (until the first
    /// updates, everything beyond its neighbours). net/dv.rs.
    Dv,
}

impl Routing {
    fn is_static(&self) -> bool {
        *self == Routing::Static
    }

    /// Its name in a scenario.
    pub fn name(&self) -> &'static str {
        match self {
            Routing::Static => "static",
            Routing::Session => "session",
            Routing::Dv => "dv",
        }
    }
}

/// A router-side scheme and the link directions ("A->B") whose egress queues it guards
/// (one instance per link direction). Its other fields are the scheme's settings, which
/// the scheme's own file defines (feedback::ROUTERS names it by `type`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SchemeSpec {
    #[serde(rename = "type")]
    pub kind: String,
    pub links: Vec<String>,
    #[serde(flatten)]
    pub fields: crate::feedback::Fields,
}

impl SchemeSpec {
    pub fn links(&self) -> &[String] {
        &self.links
    }
}

impl JsonSchema for SchemeSpec {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "SchemeSpec".into()
    }
    /// One alternative per registered router scheme: its `type`, the link directions
    /// it guards, and its own settings.
    fn json_schema(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let alts: Vec<Value> = crate::feedback::ROUTERS
            .iter()
            .map(|r| {
                let mut s = (r.schema)(g).to_value();
                let props = s["properties"].as_object_mut().expect("a router's settings are a table");
                props.insert("type".into(), serde_json::json!({"type": "string", "const": r.name, "description": r.about}));
                props.insert(
                    "links".into(),
                    serde_json::json!({"description": "The link directions ('A->B') whose egress queues it guards",
                        "type": "array", "minItems": 1, "items": {"type": "string"}}),
                );
                s["required"] = serde_json::json!(["type", "links"]);
                s
            })
            .collect();
        schemars::Schema::try_from(serde_json::json!({"oneOf": alts})).expect("a schema object")
    }
}

fn default_name() -> String {
    "scenario".into()
}
fn default_seed() -> u64 {
    1
}
fn default_sample_interval() -> f64 {
    0.1
}

#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NodeSpec {
    /// Unique; letters, digits and `_ . : + @ -`, at most 64, starting with a letter,
    /// digit or `_` (links name their directions 'A->B'; names go into file names,
    /// Tcl and plots unquoted).
    #[schemars(length(min = 1, max = 64), pattern(r"^[A-Za-z0-9_][A-Za-z0-9_.:+@-]*$"))]
    pub name: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, tag = "type", rename_all = "snake_case")]
pub enum QueueSpec {
    /// Drop-tail FIFO (ns-2's Queue/DropTail); the default is limit_pkts 50.
    Droptail {
        /// Buffer limit, packets (waiting plus the one in transmission) [limit_ 50]. As
        /// ns-2's DropTail, an arrival is dropped once the packets waiting and it reach
        /// the limit, so a limit of 1 drops every packet, the link idle or not.
        #[serde(default)]
        #[schemars(range(min = 1))]
        limit_pkts: Option<u32>,
        /// Buffer limit, bytes (with or instead of limit_pkts): as ns-2's DropTail with
        /// queue_in_bytes_, an arrival is dropped when the bytes waiting (not the packet
        /// in transmission) and its own reach this limit, at an idle link too (a packet
        /// as large as the limit never passes).
        #[serde(default)]
        #[schemars(range(min = 1))]
        limit_bytes: Option<u64>,
        /// Drop from the front: an arrival finding the buffer full joins the tail and the
        /// packet at the head (the oldest waiting) is dropped in its place, as ns-2's
        /// DropTail with drop_front_ (Lakshman et al.: the sender learns of the loss a
        /// queue's wait sooner) [drop_front_ false].
        #[serde(default)]
        drop_front: bool,
    },
    /// RED (ns-2's Queue/RED with its defaults, thresholds in packets).
    Red {
        /// Buffer limit, packets: as ns-2's Queue/RED, an arrival is dropped when this many
        /// wait, besides the packet in service (one more than a droptail limit holds); with
        /// queue_in_bytes, when limit_pkts x mean_pkt_bytes bytes wait.
        #[schemars(range(min = 1))]
        limit_pkts: u32,
        /// Lower threshold of the average queue, packets [thresh_ 5].
        #[serde(default = "red_min")]
        #[schemars(range(min = 0))]
        min_th_pkts: f64,
        /// Upper threshold of the average queue, packets [maxthresh_ 15]; at least
        /// min_th_pkts. Equal to it, as datacenter scripts set both to one K (with
        /// q_weight_ 1): an average at or above it is a forced drop (gentle false) or
        /// takes gentle RED's probability from max_p at K to 1 at 2K, as in ns-2.
        #[serde(default = "red_max")]
        #[schemars(extend("exclusiveMinimum" = 0))]
        max_th_pkts: f64,
        /// Weight of the average queue's moving average [q_weight_ 0.002].
        #[serde(default = "red_wq")]
        #[schemars(range(max = 1), extend("exclusiveMinimum" = 0))]
        w_q: f64,
        /// Drop probability at the upper threshold [linterm_ 10: 0.1].
        #[serde(default = "red_maxp")]
        #[schemars(range(min = 0, max = 1))]
        max_p: f64,
        /// Gentle RED: the drop probability rises from max_p to 1 between max_th and 2 max_th [gentle_ true].
        #[serde(default = "yes")]
        gentle: bool,
        /// Space drops out by the count since the last one [wait_ true].
        #[serde(default = "yes")]
        wait: bool,
        /// Typical packet size (ns-2's mean_pktsize_): ages the average over idle periods,
        /// and with queue_in_bytes or byte_mode turns packets into bytes.
        #[serde(default = "red_mean_pkt")]
        #[schemars(range(min = 1))]
        mean_pkt_bytes: u32,
        /// Explicit Congestion Notification: an ECN-capable packet (of a flow with
        /// `tcp.ecn`) that would be dropped early is marked instead, while the drop
        /// probability is below `mark_p`; forced drops stay drops [setbit_ false].
        #[serde(default)]
        ecn: bool,
        /// With `ecn`: the drop probability (before its spreading by the count since the
        /// last drop) below which an early drop becomes a mark; above 1, every early drop
        /// of an ECN-capable packet is a mark (ns-2's idiom mark_p_ 2.0) [mark_p_ 0.1].
        #[serde(default = "red_mark_p")]
        #[schemars(extend("exclusiveMinimum" = 0))]
        mark_p: f64,
        /// ns-2's use_mark_p_: true, the average above max_th (twice max_th with
        /// `gentle`) makes the drop probability 1 and early drops go on by the count; false
        /// (the default of ns-2 before 2005, which its test suites keep), every arrival
        /// there is a forced drop (the count restarts; `forced_drop` picks the victim),
        /// and with `ecn` every early drop of an ECN-capable packet is a mark, whatever
        /// `mark_p` [use_mark_p_ true].
        #[serde(default = "yes", skip_serializing_if = "is_true")]
        use_mark_p: bool,
        /// A forced drop (the buffer full, or above max_th without `use_mark_p`) restarts
        /// the count of arrivals since the last drop, as an early drop does [ns1_compat_
        /// false]; false, ns-2's ns1_compat_ true (ns-1's RED, which its RED test suite
        /// sets for queues in bytes): the count goes on.
        #[serde(default = "yes", skip_serializing_if = "is_true")]
        forced_drop_restarts_count: bool,
        /// Count the queue in bytes waiting: its average, the thresholds (each times
        /// mean_pkt_bytes) and the limit (limit_pkts x mean_pkt_bytes bytes waiting), and
        /// early drops from one packet waiting on [queue_in_bytes_ false; ns-2 2.35's
        /// Queue/RED class default is true, and `satcc from-ns2` carries it].
        #[serde(default)]
        queue_in_bytes: bool,
        /// Floyd's byte mode: the early-drop probability scaled by the arrival's size over
        /// mean_pkt_bytes, and the count since the last drop in mean-size packets [bytes_
        /// false; ns-2 2.35's Queue/RED class default is true, and `satcc from-ns2` carries it].
        #[serde(default)]
        byte_mode: bool,
        /// Adaptive RED (ns-2's adaptive_ 1): max_p adapted to keep the average queue
        /// between the thresholds [none: max_p fixed].
        #[serde(default, skip_serializing_if = "Option::is_none")]
        adaptive: Option<AdaptiveRed>,
        /// Which packet a forced drop takes (the buffer full; ns-2's pickPacketToDrop):
        /// `tail` the arrival; `front` the packet behind the head, index min(1, n - 1)
        /// of the n waiting with the arrival (ns-2's drop_front_); `random` one of them
        /// drawn as ns-2's Random::integer(n) draws it (drop_rand_). An early drop always
        /// takes the arrival [tail].
        #[serde(default, skip_serializing_if = "ForcedDrop::is_tail")]
        forced_drop: ForcedDrop,
        /// ns-2's experimental cautious_ (REDQueue::drop_early, estimator) [none]: `skip`
        /// (1) takes no early drop while the queue waiting is below (1 - w_q)^(ptc x 0.05)
        /// times the average, as if it could have been empty for 50 ms (ptc: mean-size
        /// packets the link sends a second); `scale` (2) divides the draw's chance by the
        /// queue's ratio to that when below it; `idle` (3) ages the average over an idle
        /// link by packets of `idle_pkt_bytes` rather than of mean_pkt_bytes.
        #[serde(default, skip_serializing_if = "RedCautious::is_none")]
        cautious: RedCautious,
        /// With `cautious: idle`: the packet size the idle link is aged by [idle_pktsize_
        /// 100].
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(range(min = 1))]
        idle_pkt_bytes: Option<u32>,
    },
    /// The PI controller AQM (Hollot et al. 2001; ns-2's Queue/PI): a drop probability
    /// moved `w_hz` times a second by a proportional-integral law of the queue's length
    /// toward `qref_pkts`, applied to every arrival (net::pi).
    Pi {
        /// Buffer, packets waiting besides the one in transmission [limit_ 50].
        #[serde(default = "pi_limit")]
        #[schemars(range(min = 1))]
        limit_pkts: u32,
        /// Gain on the queue's distance from qref at this sample [a_ 1.822e-5].
        #[serde(default = "pi_a")]
        #[schemars(range(min = 0, max = 1))]
        a: f64,
        /// Gain on the distance at the last sample, subtracted [b_ 1.816e-5].
        #[serde(default = "pi_b")]
        #[schemars(range(min = 0, max = 1))]
        b: f64,
        /// Samples a second [w_ 170].
        #[serde(default = "pi_w")]
        #[schemars(range(min = 0.01, max = 1_000_000))]
        w_hz: f64,
        /// The queue length steered to, packets (in mean-size packets with
        /// queue_in_bytes) [qref_ 50].
        #[serde(default = "pi_qref")]
        #[schemars(range(min = 0))]
        qref_pkts: f64,
        /// Typical packet size: with queue_in_bytes or byte_mode, turns bytes into
        /// packets [mean_pktsize_ 500].
        #[serde(default = "pi_mean_pkt")]
        #[schemars(range(min = 1))]
        mean_pkt_bytes: u32,
        /// Count the queue in bytes waiting (the limit limit_pkts x mean_pkt_bytes bytes)
        /// [queue_in_bytes_ false].
        #[serde(default)]
        queue_in_bytes: bool,
        /// Scale the drop probability by the arrival's size over mean_pkt_bytes [bytes_
        /// false].
        #[serde(default)]
        byte_mode: bool,
        /// Mark ECN-capable packets (of flows with `tcp.ecn`) where it would drop them
        /// early [setbit_ false].
        #[serde(default)]
        ecn: bool,
    },
    /// Random Exponential Marking (Athuraliya et al. 2001; ns-2's Queue/REM): a link price
    /// moved every `update_interval_s` by the input rate's excess over the link's rate and
    /// the backlog's over `b0_pkts`, and every arrival dropped with probability 1 -
    /// phi^-price, or with `ecn` every departing ECN-capable packet marked (net::rem).
    Rem {
        /// Buffer, packets: the packets waiting, the arrival among them, stay below it
        /// [limit_ 50].
        #[serde(default = "pi_limit")]
        #[schemars(range(min = 1))]
        limit_pkts: u32,
        /// The price's step size [gamma_ 0.001].
        #[serde(default = "rem_gamma")]
        #[schemars(range(min = 0))]
        gamma: f64,
        /// The base of the drop law 1 - phi^-price [phi_ 1.001].
        #[serde(default = "rem_phi")]
        #[schemars(range(min = 1))]
        phi: f64,
        /// Weight of the last interval's arrivals in the input rate's average [inw_ 1].
        #[serde(default = "rem_inw")]
        #[schemars(range(min = 0, max = 1))]
        inw: f64,
        /// Seconds between two updates of the price [pupdtime_ 0.002].
        #[serde(default = "rem_interval")]
        #[schemars(range(min = 0.000001, max = 3600))]
        update_interval_s: f64,
        /// The backlog the price steers to, packets (mean-size packets with
        /// queue_in_bytes) [pbo_ 20].
        #[serde(default = "rem_b0")]
        #[schemars(range(min = 0))]
        b0_pkts: f64,
        /// Typical packet size: the link's rate in packets, and with queue_in_bytes
        /// bytes turned into packets [mean_pktsize_ 1000].
        #[serde(default = "rem_mean_pkt")]
        #[schemars(range(min = 1))]
        mean_pkt_bytes: u32,
        /// Count the queue and the arrivals in bytes (the limit limit_pkts x
        /// mean_pkt_bytes bytes; the drop probability scaled by the arrival's size over
        /// mean_pkt_bytes) [qib_ false].
        #[serde(default)]
        queue_in_bytes: bool,
        /// The marking mode: mark ECN-capable packets (of flows with `tcp.ecn`) as they
        /// leave, with the probability then, and drop none early [markpkts_ false].
        #[serde(default)]
        ecn: bool,
    },
    /// Stochastic Fairness Queueing (ns-2's Queue/SFQ): packets hashed by their source
    /// and destination nodes into `buckets` queues served one packet each in turn; an
    /// arrival is dropped when its queue holds half the free places or more (net::sfq).
    Sfq {
        /// Buffer, packets waiting besides the one in transmission [maxqueue_ 40; ns-2's
        /// `$ns queue-limit` does not set it].
        #[serde(default = "sfq_limit")]
        #[schemars(range(min = 1, max = 1_000_000))]
        limit_pkts: u32,
        /// Number of queues the hash spreads flows over [buckets_ 16].
        #[serde(default = "sfq_buckets")]
        #[schemars(range(min = 1, max = 65536))]
        buckets: u32,
    },
    /// Deficit Round Robin (ns-2's Queue/DRR): packets hashed by their source node into
    /// `buckets` queues served in a round, each sending up to `quantum_bytes` more a turn;
    /// a full buffer drops from the front of the queue holding the most bytes (net::drr).
    Drr {
        /// Buffer, bytes waiting besides the packet in transmission [blimit_ 25000; ns-2's
        /// `$ns queue-limit` does not set it].
        #[serde(default = "drr_limit")]
        #[schemars(range(min = 1))]
        limit_bytes: u64,
        /// Bytes a queue may send more at each turn [quantum_ 250].
        #[serde(default = "drr_quantum")]
        #[schemars(range(min = 1, max = 1_000_000_000))]
        quantum_bytes: u32,
        /// Number of queues the hash spreads sources over [buckets_ 10].
        #[serde(default = "drr_buckets")]
        #[schemars(range(min = 1, max = 65536))]
        buckets: u32,
        /// Hash the source node's address without its low four bits [mask_ 0].
        #[serde(default)]
        mask: bool,
    },
    /// Fair Queueing (ns-2's Queue/FQ, the queue of a link made with type FQ): each
    /// flow has a DropTail queue of its own whose first packet waits for the scheduler,
    /// which sends the one with the smallest finish time (net::fq).
    Fq {
        /// Each flow's queue: ns-2's DropTail limit_, so an arrival finding limit - 1
        /// packets behind its flow's first is dropped [the class's limit_ when the flow's
        /// first packet came, 50 by default; ns-2's `$ns queue-limit` does not set it].
        #[serde(default = "fq_limit")]
        #[schemars(range(min = 1, max = 1_000_000))]
        limit_pkts: u32,
    },
}

fn fq_limit() -> u32 {
    50
}

fn pi_a() -> f64 {
    1.822e-5
}

fn pi_b() -> f64 {
    1.816e-5
}

fn pi_w() -> f64 {
    170.0
}

fn pi_qref() -> f64 {
    50.0
}

fn pi_limit() -> u32 {
    50
}

fn pi_mean_pkt() -> u32 {
    500
}

fn rem_gamma() -> f64 {
    0.001
}

fn rem_phi() -> f64 {
    1.001
}

fn rem_inw() -> f64 {
    1.0
}

fn rem_interval() -> f64 {
    0.002
}

fn rem_b0() -> f64 {
    20.0
}

fn rem_mean_pkt() -> u32 {
    1000
}

fn sfq_limit() -> u32 {
    40
}

fn sfq_buckets() -> u32 {
    16
}

fn drr_limit() -> u64 {
    25_000
}

fn drr_quantum() -> u32 {
    250
}

fn drr_buckets() -> u32 {
    10
}

/// Which packet a RED queue's forced drop takes (`forced_drop`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ForcedDrop {
    /// The arrival (ns-2's drop_tail_, the default).
    #[default]
    Tail,
    /// The packet behind the head (drop_front_).
    Front,
    /// One of the waiting and the arrival at random (drop_rand_).
    Random,
}

impl ForcedDrop {
    fn is_tail(&self) -> bool {
        *self == ForcedDrop::Tail
    }
}

/// Adaptive RED as ns-2 2.35's REDQueue runs it (Floyd, Gummadi and Shenker 2001): on an
/// arrival at least `interval_s` after max_p last changed, an average queue in the lower
/// 40 % of the thresholds' range multiplies max_p by `beta` (while above `bottom`), one
/// in the upper 40 % adds `alpha` to it (at most a quarter of max_p; while below `top`).
/// The gentle region's slope keeps the max_p the queue started with, as ns-2's does.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AdaptiveRed {
    /// Added to max_p [alpha_ 0.01]; at most 1 (with `variant: feng`, the divisor of max_p).
    #[serde(default = "ared_alpha")]
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub alpha: f64,
    /// Multiplies max_p [beta_ 0.9]; at most 1 (with `variant: feng`, its multiplier).
    #[serde(default = "ared_beta")]
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub beta: f64,
    /// Least time between two changes, s [interval_ 0.5].
    #[serde(default = "ared_interval")]
    #[schemars(range(min = 0, max = MAX_TIME_S))]
    pub interval_s: f64,
    /// max_p is raised only while below this [top_ 0.5].
    #[serde(default = "ared_top")]
    #[schemars(range(max = 1), extend("exclusiveMinimum" = 0))]
    pub top: f64,
    /// max_p is lowered only while above this [bottom_ 0: ns-2's automatic value, 0.01
    /// or 80,000 / the link's rate in b/s if less].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = 1), extend("exclusiveMinimum" = 0))]
    pub bottom: Option<f64>,
    /// Which rule moves max_p [floyd]: `feng` is Feng et al.'s (ns-2's feng_adaptive_
    /// 1), on every arrival: max_p divided by `alpha` when the average falls below
    /// min_th, multiplied by `beta` when it rises above max_th (once each time it
    /// crosses; `interval_s`, `top` and `bottom` are not read), alpha and beta then
    /// above 0 with no upper bound (ns-2's suite uses 3 and 2).
    #[serde(default, skip_serializing_if = "AredVariant::is_floyd")]
    pub variant: AredVariant,
}

/// Adaptive RED's rule (`adaptive.variant`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum AredVariant {
    /// Floyd, Gummadi and Shenker's (ns-2's updateMaxP).
    #[default]
    Floyd,
    /// Feng, Kandlur, Saha and Shin's (ns-2's updateMaxPFeng, feng_adaptive_ 1).
    Feng,
}

impl AredVariant {
    pub fn is_floyd(&self) -> bool {
        *self == AredVariant::Floyd
    }
}

/// ns-2's RED cautious_ (`queue.cautious`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum RedCautious {
    /// cautious_ 0.
    #[default]
    None,
    /// cautious_ 1: no early drop while the queue is far below the average.
    Skip,
    /// cautious_ 2: the early drop's chance divided by how far below it is.
    Scale,
    /// cautious_ 3: idle ageing by idle_pkt_bytes.
    Idle,
}

impl RedCautious {
    pub fn is_none(&self) -> bool {
        *self == RedCautious::None
    }
}

fn ared_alpha() -> f64 {
    0.01
}
fn ared_beta() -> f64 {
    0.9
}
fn ared_interval() -> f64 {
    0.5
}
fn ared_top() -> f64 {
    0.5
}

fn red_mark_p() -> f64 {
    crate::net::queue::MARK_P
}

fn red_min() -> f64 {
    5.0
}
fn red_max() -> f64 {
    15.0
}
fn red_wq() -> f64 {
    0.002
}
fn red_maxp() -> f64 {
    0.1
}
fn yes() -> bool {
    true
}
fn red_mean_pkt() -> u32 {
    1000
}

impl Default for QueueSpec {
    /// ns-2's Queue/DropTail with limit_ 50.
    fn default() -> Self {
        QueueSpec::Droptail { limit_pkts: Some(50), limit_bytes: None, drop_front: false }
    }
}

/// What an error model of an error module does to a packet it picks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorAction {
    /// The packet is lost (an error drop).
    #[default]
    Drop,
    /// The packet goes on marked Congestion Experienced (ns-2's `markecn_ true`): an
    /// ECN flow's receiver echoes it; another flow's packets go on unmarked.
    Mark,
    /// The packet goes on to the queue `delay_ms` later (ns-2's `delay_pkt_ true` with
    /// `delay_`), behind what reached the link meanwhile.
    Delay,
}

/// One error model of a link's error module (`error_module`).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ErrorModuleEntry {
    /// The model.
    pub error: ErrorSpec,
    /// The flows (names of flow entries, each copy of a `count` included) whose packets,
    /// data and ACKs, go to this model; unset: every flow that no other model of the
    /// module names (ns-2's `$em default $model`; with no such model the others pass
    /// the module, as `$em default pass`). A flow goes to one model at most.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flows: Option<Vec<String>>,
    /// What the model does to a packet it picks [drop].
    #[serde(default)]
    pub action: ErrorAction,
    /// With `action: delay`, how long the packet is held before it goes on (to the
    /// next module, or the queue), ms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0, max = MAX_DELAY_MS))]
    pub delay_ms: Option<f64>,
    /// Which of the link direction's error modules the model is in, by the order a
    /// packet meets them: 0, the first [0]. Several modules one after the other are
    /// ns-2's `$link errormodule` (or `$ns lossmodel`) given more than once, each
    /// placed at the link's head, before the earlier ones: a packet marked or held by
    /// one goes on to the next.
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    #[schemars(range(max = 15))]
    pub module: u32,
}

#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, tag = "type", rename_all = "snake_case")]
pub enum ErrorSpec {
    /// Each packet is lost with probability `per`.
    Per {
        /// Packet error rate: probability that a packet is lost.
        #[schemars(range(min = 0, max = 1))]
        per: f64,
    },
    /// Each bit is corrupted with probability `ber` (longer packets are lost more often).
    Ber {
        /// Bit error rate: a packet of n bytes is lost with probability 1 - (1 - ber)^(8 n).
        #[schemars(range(min = 0), extend("exclusiveMaximum" = 1))]
        ber: f64,
    },
    /// A two-state (good/bad) Markov chain stepped per packet, with a loss rate per state.
    GilbertElliott {
        /// Probability per packet of moving from the good state to the bad.
        #[schemars(range(min = 0, max = 1))]
        p_good_to_bad: f64,
        /// Probability per packet of moving from the bad state to the good.
        #[schemars(range(min = 0, max = 1))]
        p_bad_to_good: f64,
        /// Packet error rate in the good state.
        #[serde(default)]
        #[schemars(range(min = 0, max = 1))]
        per_good: f64,
        /// Packet error rate in the bad state.
        #[serde(default = "one")]
        #[schemars(range(min = 0, max = 1))]
        per_bad: f64,
    },
    /// ns-2's ErrorModel/Periodic: after `offset` units, one packet every `period` units
    /// is lost, with those that follow it within `burst_len` units; or, with
    /// `default_drop`, every packet is lost but those.
    Periodic {
        /// What the model counts: packets, bytes or seconds [unit pkt].
        #[serde(default)]
        unit: ErrorUnit,
        /// Units from one loss to the next (in packets and bytes truncated to a whole
        /// number, as ns-2's int(period_)).
        #[schemars(range(min = 0, max = MAX_ERROR_COUNT))]
        period: f64,
        /// Units before the first loss; the packet that reaches it is lost [offset_ 0:
        /// the first packet is lost].
        #[serde(default)]
        #[schemars(range(min = 0, max = MAX_ERROR_COUNT))]
        offset: f64,
        /// The packets counted fewer than `burst_len` units after a loss are lost too
        /// [burstlen_ 0].
        #[serde(default)]
        #[schemars(range(min = 0, max = MAX_ERROR_COUNT))]
        burst_len: f64,
        /// Lose every packet but the one at each period (burst_len unused) [default_drop_ 0].
        #[serde(default)]
        default_drop: bool,
    },
    /// ns-2's ErrorModel/List: the packets with these numbers are lost, counted from 0 in
    /// the order they reach the model (with unit byte: the packet that takes the count of
    /// bytes to each number, one number a packet).
    List {
        /// What the numbers count: packets or bytes (not seconds) [unit pkt].
        #[serde(default)]
        unit: ErrorUnit,
        /// The packet (or byte) numbers lost, each once, in any order (at most 1,000,000
        /// of them).
        #[schemars(inner(range(max = MAX_ERROR_COUNT)))]
        drops: Vec<u64>,
    },
    /// ns-2's ErrorModel/TwoState (and its Expo and TwoStateMarkov classes): an
    /// error-free state and an error state, each lasting a length drawn from its law;
    /// it starts error-free. In packets and bytes a packet is lost if the error state
    /// covers any of it; in seconds, if the error state holds when it reaches the model
    /// (an error state is at most 120 s, as ns-2 caps it).
    TwoState {
        /// What the states' lengths count: packets, bytes or seconds [unit pkt].
        #[serde(default)]
        unit: ErrorUnit,
        /// The law of the error-free state's length (ns-2's ranvar 0).
        good: LawSpec,
        /// The law of the error state's length (ns-2's ranvar 1).
        bad: LawSpec,
    },
}

/// The most a count of an ns-2 error model's settings may be (a period, an offset, a
/// packet number, a mean length): 1e12, a terabyte counted in bytes.
pub const MAX_ERROR_COUNT: f64 = 1.0e12;
/// The most packet numbers an ErrorModel/List may list.
pub const MAX_ERROR_LIST: usize = 1_000_000;
/// Most records a trace-driven source holds.
pub const MAX_TRACE_RECORDS: usize = 10_000_000;
/// The most echo requests one ping flow sends (each is an event filed before the run).
pub const MAX_PINGS: usize = 1_000_000;
/// An echo request's and reply's size by default: ns-2's Agent/Ping packetSize_.
pub const PING_BYTES: u32 = 64;

/// What an ns-2 error model counts (its `unit`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorUnit {
    /// Packets.
    #[default]
    Pkt,
    /// Bytes.
    Byte,
    /// Seconds of the simulated clock.
    Time,
}

/// A state's length law, as ns-2's RandomVariable classes draw it (from the link's
/// error stream, or ns-2's generator with ns2_rng_seed).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, tag = "type", rename_all = "snake_case")]
pub enum LawSpec {
    /// RandomVariable/Exponential: exponentially distributed, of this mean.
    Exponential {
        /// The mean length (avg_).
        #[schemars(range(max = MAX_ERROR_COUNT), extend("exclusiveMinimum" = 0))]
        mean: f64,
    },
    /// RandomVariable/Uniform: uniform between min and max.
    Uniform {
        /// The shortest length (min_).
        #[schemars(range(min = 0, max = MAX_ERROR_COUNT))]
        min: f64,
        /// The longest length (max_), above 0 and not below min.
        #[schemars(range(max = MAX_ERROR_COUNT), extend("exclusiveMinimum" = 0))]
        max: f64,
    },
    /// RandomVariable/Constant: always this length, with no draw.
    Constant {
        /// The length (val_).
        #[schemars(range(max = MAX_ERROR_COUNT), extend("exclusiveMinimum" = 0))]
        value: f64,
    },
}

fn one() -> f64 {
    1.0
}

/// Where a link's error model loses packets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorPlace {
    /// At the link's far end, after the packet's transmission and propagation (ns-2's
    /// `$ns link-lossmodel`).
    #[default]
    Wire,
    /// As the packet reaches the link, before its queue: a lost packet takes no buffer
    /// or transmission time, and the error model draws before the queue does (ns-2's
    /// `$ns lossmodel`, an error module at the link's head).
    Entry,
}

#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
/// At `at_s` the direction's rate becomes `rate_bps` (ns-2's LinkDelay `bandwidth_`
/// set by `$ns at`): the packet in transmission keeps its time; a packet still waiting
/// takes the new rate when it starts, as ns-2 times it.
pub struct RateChange {
    /// When the rate changes, seconds.
    #[schemars(range(min = 0, max = MAX_TIME_S))]
    pub at_s: f64,
    /// The rate from then on, b/s.
    #[schemars(range(min = MIN_RATE_BPS, max = MAX_RATE_BPS))]
    pub rate_bps: f64,
}

/// ns-2's Delayer after a direction's queue (`$ns insert-delayer`, queue/delayer.cc):
/// it holds one packet outside the queue, the next to go, and sends it when the
/// transmitter is free and the link is not blocked. Its queue must be a droptail of
/// packets (ns-2's DropTail: an arrival finding limit - 1 waiting is dropped), so the
/// direction keeps up to limit - 1 waiting, one held and one in transmission
/// (net::delayer).
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DelayerSpec {
    /// Delay spikes: periods when the link holds its packets instead of sending them
    /// (ns-2's `$delayer block` and `unblock`), in time order, apart. A transmission
    /// under way ends; the queue fills behind the held packet, dropping at its limit.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blocks: Vec<Block>,
    /// Random delay spikes (ns-2's `$delayer spike INT LEN`): blocked for a `length`
    /// draw, then free for an `interval` draw, and so on, from `first_at_s`. Not with
    /// `blocks`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spikes: Option<SpikesSpec>,
    /// Channel allocation delays (ns-2's `$delayer alloc INT LEN`): each packet the
    /// Delayer takes draws an `idle` time; one that comes longer than that after the last
    /// packet sent waits a `delay` draw before it may go (a channel allocated again).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alloc: Option<AllocSpec>,
}

/// A Delayer's random delay spikes (DelayerSpec::spikes). Its draws come from the link's
/// queue stream, or ns-2's generator with ns2_rng_seed, in event order.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpikesSpec {
    /// Time between the end of a spike and the next one, seconds (INT).
    pub interval: LawSpec,
    /// A spike's length, seconds (LEN).
    pub length: LawSpec,
    /// When the first spike begins, seconds (ns-2 draws it from INT when the script
    /// gives the command; `satcc from-ns2` writes that draw).
    #[schemars(range(min = 0, max = MAX_TIME_S))]
    pub first_at_s: f64,
}

/// A Delayer's channel allocation delays (DelayerSpec::alloc).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AllocSpec {
    /// How long the channel is kept without a packet, seconds (INT, drawn for each).
    pub idle: LawSpec,
    /// How long allocating it again takes, seconds (LEN).
    pub delay: LawSpec,
}

/// A delay spike: the link is blocked from `at_s` until `until_s` (to the run's end
/// without it). A block at 0 s holds from the start, before the run's first events
/// (ns-2's `$delayer block` before `$ns run`).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Block {
    /// When the block begins, seconds.
    #[schemars(range(min = 0, max = MAX_TIME_S))]
    pub at_s: f64,
    /// When it ends (unblock), seconds; none: it lasts to the run's end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0, max = MAX_TIME_S))]
    pub until_s: Option<f64>,
}

#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
/// At `at_s` the direction's buffer limit becomes `limit_pkts` or `limit_bytes` (ns-2's
/// `$ns queue-limit` or `limit_` set by `$ns at`): packets already waiting stay, even
/// beyond a smaller limit; arrivals from then on meet the new one. For a droptail queue
/// (each limit it has) and a red queue (limit_pkts; with queue_in_bytes, times its
/// mean_pkt_bytes, as ns-2 reads limit_ at each arrival).
pub struct LimitChange {
    /// When the limit changes, seconds.
    #[schemars(range(min = 0, max = MAX_TIME_S))]
    pub at_s: f64,
    /// The packet limit from then on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1))]
    pub limit_pkts: Option<u32>,
    /// The byte limit from then on (a droptail queue limited in bytes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1))]
    pub limit_bytes: Option<u64>,
}

#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
/// At `at_s` the direction's one-way delay becomes `delay_ms` (a path's latency step,
/// as a LEO network's reconfiguration makes it): ns-2's `delay_` set by `$ns at` on a
/// LinkDelay with avoidReordering_. Packets on the wire or in transmission keep their
/// delay; a packet still waiting takes the new one when it starts, and none overtakes
/// another: one that would arrives a transmission time after the packet ahead (on a
/// link with `jitter_ms`, with it).
pub struct DelayChange {
    /// When the delay changes, seconds.
    #[schemars(range(min = 0, max = MAX_TIME_S))]
    pub at_s: f64,
    /// The one-way delay from then on, ms.
    #[schemars(range(min = 0, max = MAX_DELAY_MS))]
    pub delay_ms: f64,
}

/// A stretch of time a link direction is down: ns-2's `$ns rtmodel-at DOWN_S down A B`
/// (and `up` at UP_S). When it goes down, the packets waiting in its queue and those on
/// the wire are lost (counted as its drops; those on the wire, and the one in
/// transmission, among its departures too, as ns-2's queue monitor counts them); while
/// it is down, packets that reach it are refused before its queue (counted as
/// `refused_down_pkts`, not as arrivals). Under static routing routes do not change;
/// under `routing: session` they go around it from that instant.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Outage {
    /// When it goes down, seconds.
    #[schemars(range(min = 0, max = MAX_TIME_S))]
    pub down_s: f64,
    /// When it comes back up, seconds, not before `down_s` (at the same instant: it only
    /// loses what it holds) [none: it stays down to the end].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0, max = MAX_TIME_S))]
    pub up_s: Option<f64>,
}

/// Settings of one direction that differ from the link's.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DirectionSpec {
    /// This direction's rate, b/s (default: the link's).
    #[schemars(range(min = MIN_RATE_BPS, max = MAX_RATE_BPS))]
    pub rate_bps: Option<f64>,
    /// This direction's one-way delay, ms (default: the link's).
    #[schemars(range(min = 0, max = MAX_DELAY_MS))]
    pub delay_ms: Option<f64>,
    /// This direction's queue (default: the link's).
    pub queue: Option<QueueSpec>,
    /// This direction's error model (default: the link's).
    pub error: Option<ErrorSpec>,
    /// Where this direction's error model loses packets (default: the link's).
    pub error_at: Option<ErrorPlace>,
    /// The flows whose packets this direction's error model sees (default: the link's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_flows: Option<Vec<String>>,
    /// This direction's error module at its entry (default: the link's, unless this
    /// direction sets `error`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_module: Option<Vec<ErrorModuleEntry>>,
    /// This direction's rate changes (default: the link's).
    pub rate_changes: Option<Vec<RateChange>>,
    /// This direction's delay changes (default: the link's).
    pub delay_changes: Option<Vec<DelayChange>>,
    /// Whether this direction's delay changes keep its packets in order (default: the
    /// link's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delay_changes_in_order: Option<bool>,
    /// This direction's buffer limit changes (default: the link's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit_changes: Option<Vec<LimitChange>>,
    /// This direction's outages (default: the link's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outages: Option<Vec<Outage>>,
    /// ns-2's Delayer after this direction's queue (default: the link's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delayer: Option<DelayerSpec>,
    /// This direction's routing cost (default: the link's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = MAX_COST), extend("exclusiveMinimum" = 0))]
    pub cost: Option<f64>,
}

/// A duplex link; both directions share these settings unless overridden.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkSpec {
    /// One end (a node's name).
    #[schemars(length(min = 1))]
    pub a: String,
    /// The other end.
    #[schemars(length(min = 1))]
    pub b: String,
    /// Bits per second.
    #[schemars(range(min = MIN_RATE_BPS, max = MAX_RATE_BPS))]
    pub rate_bps: f64,
    /// One-way propagation delay, ms.
    #[schemars(range(min = 0, max = MAX_DELAY_MS))]
    pub delay_ms: f64,
    /// Random extra delay of each packet in both directions, ms: uniform in [0,
    /// jitter_ms], without reordering (a packet never arrives before the one ahead of
    /// it). For a host whose timing is not exact, such as a real stack's send path. 0
    /// (the default): none.
    #[serde(default)]
    #[schemars(range(min = 0, max = MAX_DELAY_MS))]
    pub jitter_ms: f64,
    /// Each direction's egress queue.
    #[serde(default)]
    pub queue: QueueSpec,
    /// Random losses on the wire, in both directions (none when unset).
    #[serde(default)]
    pub error: Option<ErrorSpec>,
    /// Where the error model loses packets: `wire`, at the link's far end after their
    /// transmission (ns-2's `$ns link-lossmodel`), or `entry`, as they reach the link,
    /// before its queue (ns-2's `$ns lossmodel`).
    #[serde(default)]
    pub error_at: ErrorPlace,
    /// The flows (names of flow entries, each copy of a `count` included) whose packets,
    /// data and ACKs, the error model sees; the others' pass it unexamined and take no
    /// draw of it: ns-2's ErrorModule, which binds error models to flow ids by a
    /// classifier (`$em bind $model fid`, `$em default pass`) at the link's head. Only
    /// with `error_at: entry` (unset: every packet).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_flows: Option<Vec<String>>,
    /// An error module at each direction's entry, before its queue, with several error
    /// models, each seeing the packets of its flows (or, without `flows`, of every flow
    /// no other model sees), and each dropping, marking or delaying the packets it picks:
    /// ns-2's ErrorModule (`$link errormodule`, `$em insert`, `$em bind`, `$em
    /// default`) with its models' `markecn_` and `delay_pkt_`. Only with `error_at:
    /// entry`, and instead of `error`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_module: Option<Vec<ErrorModuleEntry>>,
    /// Scheduled rate changes of both directions.
    #[serde(default)]
    pub rate_changes: Vec<RateChange>,
    /// Scheduled delay changes of both directions (latency steps).
    #[serde(default)]
    pub delay_changes: Vec<DelayChange>,
    /// Whether a delay change keeps the packets in order [true]: ns-2's LinkDelay with
    /// avoidReordering_, as `delay_changes` says. false: ns-2's LinkDelay as it comes
    /// (avoidReordering_ false, its default), where every packet arrives at its start +
    /// its transmission + the delay it started under, so one that starts after a step
    /// down may arrive before packets still on the wire, which keep their arrival. Not
    /// with `jitter_ms`, nor with a queue that picks the next packet itself (sfq, drr, fq,
    /// red with `victim`).
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub delay_changes_in_order: bool,
    /// Scheduled buffer limit changes of both directions' queues, in time order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub limit_changes: Vec<LimitChange>,
    /// Times both directions are down (ns-2's `$ns rtmodel-at`), in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub outages: Vec<Outage>,
    /// ns-2's Delayer after each direction's queue (`$ns insert-delayer`), with its
    /// delay spikes (DelayerSpec).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delayer: Option<DelayerSpec>,
    /// Routing cost of both directions (ns-2's `$ns cost A B C`, which sets one
    /// direction's): routes are the cheapest by the sum of their links' costs, ties and
    /// sums as ns-2 computes them [1: the fewest hops].
    #[serde(default = "unit_cost", skip_serializing_if = "is_unit_cost")]
    #[schemars(range(max = MAX_COST), extend("exclusiveMinimum" = 0))]
    pub cost: f64,
    /// Settings of the direction a -> b that differ from the link's.
    #[serde(default)]
    pub a_to_b: DirectionSpec,
    /// Settings of the direction b -> a that differ from the link's.
    #[serde(default)]
    pub b_to_a: DirectionSpec,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, tag = "type", rename_all = "snake_case")]
pub enum TrafficSpecIn {
    /// Always has data to send (an FTP source).
    #[default]
    Bulk,
    /// Pareto ON/OFF, as ns-2's Application/Traffic/Pareto over the agent: it starts
    /// with an OFF period, then hands the sender one packet every size x 8 / `rate_bps`
    /// through bursts of int(Pareto + 0.5) packets (at least 1, mean `mean_on_s` /
    /// interval) separated by Pareto OFF periods; a stop ends the source, and what it
    /// handed the sender is still sent.
    Pareto {
        /// Pareto shape of the ON and OFF times (> 1: a finite mean).
        #[schemars(range(max = 100), extend("exclusiveMinimum" = 1))]
        shape: f64,
        /// Mean ON period, seconds.
        #[schemars(range(min = MIN_TIMER_S, max = MAX_TIME_S))]
        mean_on_s: f64,
        /// Mean OFF period, seconds.
        #[schemars(range(min = MIN_TIMER_S, max = MAX_TIME_S))]
        mean_off_s: f64,
        /// Sending rate while ON, b/s.
        #[schemars(range(min = MIN_RATE_BPS, max = MAX_RATE_BPS))]
        rate_bps: f64,
        /// The size of the source's messages, bytes (ns-2's packetSize_ of the source):
        /// a UDP flow's datagrams (required with `transport: udp`); over TCP, each message
        /// is ceil(size / tcp.packet_size_bytes) segments handed to the agent, as ns-2's
        /// sendmsg counts them [TCP: tcp.packet_size_bytes].
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(range(min = 1, max = 65535))]
        packet_size_bytes: Option<u32>,
    },
    /// Exponential ON/OFF, as ns-2's Application/Traffic/Exponential over the agent: the
    /// Pareto source's rules with exponential draws (a burst int(draw + 0.5) packets, at
    /// least 1, of mean `mean_on_s` / interval; OFF periods of mean `mean_off_s`).
    Exponential {
        /// Mean ON period, seconds.
        #[schemars(range(min = MIN_TIMER_S, max = MAX_TIME_S))]
        mean_on_s: f64,
        /// Mean OFF period, seconds.
        #[schemars(range(min = MIN_TIMER_S, max = MAX_TIME_S))]
        mean_off_s: f64,
        /// Sending rate while ON, b/s.
        #[schemars(range(min = MIN_RATE_BPS, max = MAX_RATE_BPS))]
        rate_bps: f64,
        /// The size of its messages, bytes (as for `pareto`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(range(min = 1, max = 65535))]
        packet_size_bytes: Option<u32>,
    },
    /// Constant bit rate, as ns-2's Application/Traffic/CBR over the agent: a packet at
    /// the start and then one every size x 8 / `rate_bps` seconds (with `random`, each
    /// gap drawn in interval x [0.5, 1.5), ns-2's random_ 1), until the flow stops or
    /// `max_pkts` packets have gone.
    Cbr {
        /// Sending rate, b/s.
        #[schemars(range(min = MIN_RATE_BPS, max = MAX_RATE_BPS))]
        rate_bps: f64,
        /// The size of its messages, bytes (as for `pareto`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(range(min = 1, max = 65535))]
        packet_size_bytes: Option<u32>,
        /// Jitter each gap by a uniform draw of +-half an interval (ns-2's random_).
        #[serde(default, skip_serializing_if = "is_false")]
        random: bool,
        /// Packets the source sends in all (ns-2's maxpkts_; unset: no limit), over all
        /// its ON periods.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(range(min = 1))]
        max_pkts: Option<u64>,
        /// Changes of the rate during the run, in time order (ns-2's `$ns at T "$cbr set
        /// rate_ R"`): the gap after each packet that goes at or after `at_s` is size x 8
        /// / the new rate (ns-2's next_interval computes it afresh each time; the packet
        /// already scheduled keeps its gap) [none].
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        rate_steps: Vec<RateStep>,
    },
    /// Interactive, as ns-2's Application/Telnet over the agent (TCP flows): one packet
    /// after each gap (the first one gap after the start), until the flow stops; the
    /// gaps exponential of mean `interval_s`, or drawn from tcplib's telnet distribution
    /// (`gaps: tcplib`, ns-2's interval_ 0).
    Telnet {
        /// Mean gap between two packets, seconds (ns-2's interval_) [1]. Not read with
        /// `gaps: tcplib` (then left at its default).
        #[serde(default = "telnet_interval")]
        #[schemars(range(min = MIN_TIMER_S, max = MAX_TIME_S))]
        interval_s: f64,
        /// How the gaps are drawn [exponential]: `tcplib` takes each from tcplib's
        /// empirical distribution of telnet interarrival times (mean 1.09 s, from 0.6 ms
        /// to 210 s), as ns-2's Application/Telnet does with interval_ 0.
        #[serde(default, skip_serializing_if = "TelnetGaps::is_exponential")]
        gaps: TelnetGaps,
        /// Changes of the mean gap during the run, in time order (ns-2's `$ns at T
        /// "$telnet set interval_ I"`): each gap drawn at or after `at_s` is exponential
        /// of the new mean, whatever `gaps` was (ns-2's next() reads interval_ afresh
        /// each time; the packet already scheduled keeps its time) [none].
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        interval_steps: Vec<IntervalStep>,
    },
    /// Trace-driven, as ns-2's Application/Traffic/Trace over the agent (trace/
    /// traffictrace.cc): each start picks a record of the trace at random (ns-2's
    /// int(Random::uniform(n) + 0.5), from its generator with `ns2_rng_seed`; else
    /// uniformly from the flow's own stream), waits its gap and sends a message of its
    /// size, then the next record's gap and size, and so on, going round to the first
    /// record after the last, until the flow stops. A message is one datagram of a UDP
    /// flow (split by `max_datagram_bytes` as ns-2's UdpAgent::sendmsg splits it; one of
    /// 0 bytes sends nothing) and ceil(size / tcp.packet_size_bytes) segments for a TCP
    /// agent. ns-2 can draw n itself (one start in 2n) and then reads past its table
    /// (undefined); satcc starts at the first record and the flow's summary counts such
    /// starts (`trace_past_end`).
    Trace {
        /// The records in order, each [gap, size]: microseconds since the message before
        /// (the start, for the first one sent) and the message's bytes (ns-2's trace file:
        /// two 32-bit big-endian numbers per record, which
        /// `satcc.ns2_import.read_trace_file` reads).
        #[schemars(length(min = 1, max = MAX_TRACE_RECORDS))]
        records: Vec<[u32; 2]>,
    },
    /// Echo requests (`transport: ping`), as ns-2's `$ns at T "$ping send"` on an
    /// Agent/Ping: a request of `packet_size_bytes` at each instant of `at_s`, or one at
    /// the flow's start and then every `every_s` until its stop (or the run's end). The
    /// destination answers each at once with a reply of `reply_size_bytes` along the
    /// flow's ACK path; the pings table gives each answered request's round trip and its
    /// two one-way delays, the summary's `pings` their count and spread.
    Pings {
        /// The instants of the requests, seconds, in time order (each at or after the
        /// flow's start); give this or `every_s`.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        #[schemars(length(max = MAX_PINGS), inner(range(min = 0, max = MAX_TIME_S)))]
        at_s: Vec<f64>,
        /// A request every this many seconds from the flow's start (the first at the
        /// start); give this or `at_s`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(range(min = MIN_TIMER_S, max = MAX_TIME_S))]
        every_s: Option<f64>,
        /// Bytes of a request on the wire (ns-2's packetSize_ of the sending Agent/Ping) [64].
        #[serde(default = "ping_bytes")]
        #[schemars(range(min = 1, max = 65535))]
        packet_size_bytes: u32,
        /// Bytes of a reply (the answering agent's packetSize_) [64].
        #[serde(default = "ping_bytes")]
        #[schemars(range(min = 1, max = 65535))]
        reply_size_bytes: u32,
    },
    /// A transfer of `size_bytes`, as ns-2's `$ftp send size_bytes`: the sender is handed
    /// ceil(size_bytes / tcp.packet_size_bytes) packets at the start and sends them; the
    /// flow completes when the last is acknowledged (ns-2's `done`), and the summary gives
    /// that instant less the start as the flow's `fct_s`.
    File {
        /// Bytes to transfer.
        #[schemars(range(min = 1, max = 1_000_000_000_000u64))]
        size_bytes: u64,
        /// Further messages handed to the agent during the run, in time order, each as
        /// ns-2's `$ftp send size_bytes` (or `producemore` of whole packets) at `at_s`:
        /// ceil(size_bytes / tcp.packet_size_bytes) packets more to send (curseq_ grows by
        /// them; the agent sends at once what its window allows). The flow then
        /// completes when the last packet of all is acknowledged [none].
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        more: Vec<MoreSend>,
    },
}

impl TrafficSpecIn {
    /// Packets a transfer of `size_bytes` hands the sender with packets of `size` bytes
    /// (ns-2's sendmsg: nbytes / size_, one more for a remainder); None for the others.
    pub fn file_pkts(&self, size: u32) -> Option<i64> {
        match self {
            TrafficSpecIn::File { size_bytes, .. } => Some(size_bytes.div_ceil(size.max(1) as u64) as i64),
            _ => None,
        }
    }

    /// A source's sending rate (while ON; a trace's mean; None for bulk transfers and
    /// files).
    pub fn source_rate_bps(&self) -> Option<f64> {
        match self {
            TrafficSpecIn::Bulk | TrafficSpecIn::File { .. } | TrafficSpecIn::Telnet { .. } | TrafficSpecIn::Pings { .. } => None,
            TrafficSpecIn::Trace { records } => {
                let (gaps_us, bytes) = records.iter().fold((0.0, 0.0), |(g, b), r| (g + r[0] as f64, b + r[1] as f64));
                Some(if gaps_us > 0.0 { bytes * 8.0 / (gaps_us * 1e-6) } else { f64::INFINITY })
            }
            TrafficSpecIn::Pareto { rate_bps, .. }
            | TrafficSpecIn::Exponential { rate_bps, .. }
            | TrafficSpecIn::Cbr { rate_bps, .. } => Some(*rate_bps),
        }
    }

    /// The datagram size a source names (UDP flows; a trace's largest message; a ping's
    /// request).
    pub fn packet_size_bytes(&self) -> Option<u32> {
        match self {
            TrafficSpecIn::Bulk | TrafficSpecIn::File { .. } | TrafficSpecIn::Telnet { .. } => None,
            TrafficSpecIn::Pings { packet_size_bytes, .. } => Some(*packet_size_bytes),
            TrafficSpecIn::Trace { records } => records.iter().map(|r| r[1]).max(),
            TrafficSpecIn::Pareto { packet_size_bytes, .. }
            | TrafficSpecIn::Exponential { packet_size_bytes, .. }
            | TrafficSpecIn::Cbr { packet_size_bytes, .. } => *packet_size_bytes,
        }
    }

    /// Its `type` as the scenario names it.
    pub fn type_name(&self) -> &'static str {
        match self {
            TrafficSpecIn::Bulk => "bulk",
            TrafficSpecIn::Pareto { .. } => "pareto",
            TrafficSpecIn::Exponential { .. } => "exponential",
            TrafficSpecIn::Cbr { .. } => "cbr",
            TrafficSpecIn::File { .. } => "file",
            TrafficSpecIn::Telnet { .. } => "telnet",
            TrafficSpecIn::Trace { .. } => "trace",
            TrafficSpecIn::Pings { .. } => "pings",
        }
    }
}

fn is_zero_u32(n: &u32) -> bool {
    *n == 0
}

fn ping_bytes() -> u32 {
    PING_BYTES
}

fn telnet_interval() -> f64 {
    1.0
}

/// How a Telnet source draws its gaps (traffic/telnet.rs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum TelnetGaps {
    /// Exponential of mean `interval_s` (ns-2's interval_ above 0).
    #[default]
    Exponential,
    /// tcplib's telnet distribution (ns-2's interval_ 0).
    Tcplib,
}

impl TelnetGaps {
    pub fn is_exponential(&self) -> bool {
        *self == TelnetGaps::Exponential
    }
}

fn unit_cost() -> f64 {
    1.0
}

fn is_unit_cost(c: &f64) -> bool {
    *c == 1.0
}

fn is_true(b: &bool) -> bool {
    *b
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// What carries a flow's packets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Transport {
    /// TCP: a sender under its congestion control and a receiver that acknowledges.
    #[default]
    Tcp,
    /// UDP: the source's datagrams go out as it makes them, unacknowledged and under no
    /// congestion control (ns-2's Agent/UDP to an Agent/LossMonitor). Router schemes
    /// (REFWA and the others) leave them alone, as the papers' classing by port number
    /// does; they share the links' queues.
    Udp,
    /// Ping: echo requests at the instants of its traffic (`pings`), each answered by
    /// the destination at once (ns-2's Agent/Ping to Agent/Ping). Router schemes leave
    /// them alone as they leave UDP.
    Ping,
}

impl Transport {
    fn is_tcp(&self) -> bool {
        *self == Transport::Tcp
    }

    /// Its name in a scenario.
    pub fn name(&self) -> &'static str {
        match self {
            Transport::Tcp => "tcp",
            Transport::Udp => "udp",
            Transport::Ping => "ping",
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FlowSpec {
    /// Flow name; with count > 1 the copies are named name#0, name#1, ...
    #[serde(default)]
    #[schemars(length(min = 1), pattern(r"^[^#]+$"))]
    pub name: Option<String>,
    /// The sending host.
    #[schemars(length(min = 1))]
    pub src: String,
    /// The receiving host.
    #[schemars(length(min = 1))]
    pub dst: String,
    /// Congestion control: a name of tcp::congestion::CONTROLLERS (`satcc schemes`).
    #[serde(default = "default_cc")]
    #[schemars(schema_with = "crate::tcp::congestion::cc_schema")]
    pub cc: String,
    /// When the flow starts, seconds.
    #[serde(default)]
    #[schemars(range(min = 0, max = MAX_TIME_S))]
    pub start_s: f64,
    /// When it stops sending new data (unset: at the end of the run).
    #[serde(default)]
    #[schemars(range(min = 0, max = MAX_TIME_S))]
    pub stop_s: Option<f64>,
    /// Number of identical flows this entry stands for.
    #[serde(default = "default_count")]
    #[schemars(range(min = 1, max = MAX_FLOWS))]
    pub count: u32,
    /// Each copy starts at start_s + U(0, start_jitter_s), drawn from its own stream.
    #[serde(default)]
    #[schemars(range(min = 0, max = MAX_TIME_S))]
    pub start_jitter_s: f64,
    /// Pinned node path src..dst (default: shortest by hops).
    #[serde(default)]
    #[schemars(length(min = 2), inner(length(min = 1)))]
    pub path: Option<Vec<String>>,
    /// Pinned node path of the ACKs dst..src (default: the reverse of the data path).
    #[serde(default)]
    #[schemars(length(min = 2), inner(length(min = 1)))]
    pub ack_path: Option<Vec<String>>,
    /// Group label for per-group metrics (e.g. an RTT group).
    #[serde(default)]
    pub group: Option<String>,
    /// Overrides of the scenario's tcp settings for this flow.
    #[serde(default)]
    #[schemars(schema_with = "crate::settings::tcp_table_schema")]
    pub tcp: Value,
    /// The application feeding the sender.
    #[serde(default)]
    pub traffic: TrafficSpecIn,
    /// `tcp` (the default), `udp` (a source's datagrams, no congestion control:
    /// traffic cbr, pareto, exponential or trace with its packet_size_bytes) or `ping`
    /// (echo requests and their replies: traffic pings).
    #[serde(default, skip_serializing_if = "Transport::is_tcp")]
    pub transport: Transport,
    /// With `transport: udp`, the largest datagram, bytes (ns-2's Agent/UDP
    /// packetSize_): a source's packet larger than this goes as size / max datagrams of
    /// this size and one of the rest, back to back, as ns-2's UdpAgent::sendmsg splits
    /// a message [none: one datagram per source packet].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 65535))]
    pub max_datagram_bytes: Option<u32>,
    /// More periods of a bulk transfer or a CBR or ON/OFF source after `stop_s`, in
    /// time order (ns-2's `$ftp start` or `$src start`, and `stop`, again): each starts as
    /// the first does (bulk: the sender is given unlimited data again and sends what its
    /// window allows at once, with its window, timers and estimates as the stop left
    /// them, as ns-2's FTP `start` after a `stop`; CBR: a packet at once, with its count,
    /// max_pkts, and rate as they stand; ON/OFF: an OFF period and a new burst); a tick
    /// the stop left pending is cancelled. A bulk transfer may also start again while it
    /// runs (a restart after a period with no stop, at or after that period's start):
    /// ns-2's FTP `start` twice, where the agent, its data unlimited already, tries to
    /// send what its window allows, which sends something only where it had held back
    /// (`tcp.max_burst_pkts`, or a recovery that left its window open) [none].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub restarts: Vec<Restart>,
    /// The sender's window limits and threshold changed during the run, in time order
    /// (ns-2's `$ns at T "$tcp set window_ W"`, `maxcwnd_` and `ssthresh_`): each acts at
    /// once on what the sender sends next. `rwnd_pkts`: from then the sender's own limit in place of the receiver's
    /// advertisement (ns-2's one-way agents hold window_ at the sender, so a change acts
    /// there at once, not as ACKs carry it back), a lower window a router writes into
    /// the ACKs (REFWA's) still capping it; `max_cwnd_pkts`: the cap its congestion
    /// window grows to (ns-2's maxcwnd_, 0 none; a window above it is cut as it next
    /// opens); `ssthresh_pkts`: its slow-start threshold set then [none].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tcp_changes: Vec<TcpChange>,
    /// When the sending agent is taken off its host, seconds (ns-2's `$ns detach-agent`
    /// of the sender: its output goes to the null agent and its port's to it too): from
    /// then on what it sends goes nowhere and the ACKs that reach its host are
    /// discarded; what it sent before still crosses the network [none: never].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0, max = MAX_TIME_S))]
    pub src_detach_s: Option<f64>,
    /// When the receiving agent is taken off its host, seconds (ns-2's `$ns
    /// detach-agent` of the sink): from then on the data that reaches its host is
    /// discarded and nothing is acknowledged; a TCP sender still attached goes on
    /// (its retransmission timeouts) [none: never].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0, max = MAX_TIME_S))]
    pub dst_detach_s: Option<f64>,
}

/// A CBR source's rate from a time on (`traffic.rate_steps`).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RateStep {
    /// When the rate changes, seconds.
    #[schemars(range(min = 0, max = MAX_TIME_S))]
    pub at_s: f64,
    /// The new rate, b/s.
    #[schemars(range(min = MIN_RATE_BPS, max = MAX_RATE_BPS))]
    pub rate_bps: f64,
}

/// A transfer's further message (`traffic.more`).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MoreSend {
    /// When the message is handed to the agent, seconds.
    #[schemars(range(min = 0, max = MAX_TIME_S))]
    pub at_s: f64,
    /// Its bytes.
    #[schemars(range(min = 1, max = 1_000_000_000_000u64))]
    pub size_bytes: u64,
}

/// A Telnet source's mean gap from a time on (`traffic.interval_steps`).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct IntervalStep {
    /// When the mean gap changes, seconds.
    #[schemars(range(min = 0, max = MAX_TIME_S))]
    pub at_s: f64,
    /// The new mean gap, seconds.
    #[schemars(range(min = MIN_TIMER_S, max = MAX_TIME_S))]
    pub interval_s: f64,
}

/// A sender's window limits or threshold from a time on (`tcp_changes`); at least one
/// is given.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TcpChange {
    /// When the limits change, seconds.
    #[schemars(range(min = 0, max = MAX_TIME_S))]
    pub at_s: f64,
    /// The sender's window limit from then on, packets (ns-2's window_).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = MAX_WINDOW_PKTS))]
    pub rwnd_pkts: Option<u32>,
    /// The cap of its congestion window from then on, packets (ns-2's maxcwnd_; 0: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0, max = MAX_WINDOW_PKTS))]
    pub max_cwnd_pkts: Option<u32>,
    /// Its slow-start threshold set then, whole packets as ns-2's ssthresh_ (an int)
    /// holds it: the window grows by it from the next ACK on, and a recovery that ends
    /// later deflates to it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0, max = MAX_WINDOW_PKTS))]
    pub ssthresh_pkts: Option<u32>,
}

impl TcpChange {
    /// What it sets in the running sender.
    pub fn limits(&self) -> crate::tcp::LimitChange {
        crate::tcp::LimitChange {
            rwnd_pkts: self.rwnd_pkts,
            max_cwnd_pkts: self.max_cwnd_pkts,
            ssthresh_pkts: self.ssthresh_pkts,
        }
    }
}

/// One more ON period of a flow's source (`restarts`).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Restart {
    /// When the source starts again, seconds: after the period before it stopped (a
    /// bulk transfer's, if that period runs on: at or after its start).
    #[schemars(range(min = 0, max = MAX_TIME_S))]
    pub start_s: f64,
    /// When it stops again (unset: it runs on, to the end of the run or a later period's
    /// stop; a source's: only the last may be unset).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0, max = MAX_TIME_S))]
    pub stop_s: Option<f64>,
}

fn default_cc() -> String {
    crate::tcp::congestion::DEFAULT_CC.into()
}
fn default_count() -> u32 {
    1
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MonitorSpec {
    /// Link directions ("A->B") whose queue and utilization are sampled; unset = all.
    #[serde(default)]
    pub links: Option<Vec<String>>,
    /// The bottleneck link direction for run-level utilization and queue metrics.
    #[serde(default)]
    pub bottleneck: Option<String>,
    /// Record per-flow cwnd and sequence samples.
    #[serde(default = "yes")]
    pub flow_traces: bool,
    /// Record every dropped packet (time, link, flow, seqno, cause).
    #[serde(default)]
    pub drop_trace: bool,
    /// Link directions ("A->B") whose packets are recorded as they arrive intact at the
    /// far end (the packets table; `satcc run --pcap` writes it as a pcap file).
    #[serde(default)]
    pub capture: Vec<String>,
}

/// A flow's `tcp_changes`: a TCP flow's, in time order, each with a limit in range.
fn check_tcp_changes(f: &FlowSpec, at: &str) -> Result<(), String> {
    if f.tcp_changes.is_empty() {
        return Ok(());
    }
    if !f.transport.is_tcp() {
        return Err(format!(
            "{at}.tcp_changes: a {} flow has no TCP sender to change (allowed: transport tcp)",
            if f.transport == Transport::Udp { "UDP" } else { f.transport.name() }
        ));
    }
    // (each field's range is the schema's, checked before)
    let mut last = f64::NEG_INFINITY;
    for (k, c) in f.tcp_changes.iter().enumerate() {
        let here = format!("{at}.tcp_changes[{k}]");
        if c.at_s < last {
            return Err(format!("{here}.at_s: {} is not a time from 0 to {MAX_TIME_S} s at or after the change \
                                before it", c.at_s));
        }
        last = c.at_s;
        if c.limits() == crate::tcp::LimitChange::default() {
            return Err(format!("{here}: changes nothing (give rwnd_pkts, max_cwnd_pkts, ssthresh_pkts or more)"));
        }
    }
    Ok(())
}

/// A flow's `restarts` and its CBR source's `rate_steps`: times in order, each ON period
/// after the one before it stopped, only for a bulk transfer or a CBR or ON/OFF source.
fn check_restarts(f: &FlowSpec, at: &str) -> Result<(), String> {
    if let TrafficSpecIn::Cbr { rate_steps, .. } = &f.traffic {
        let mut last = f64::NEG_INFINITY;
        for (k, s) in rate_steps.iter().enumerate() {
            let here = format!("{at}.traffic.rate_steps[{k}]");
            if !(s.at_s.is_finite() && (0.0..=MAX_TIME_S).contains(&s.at_s)) || s.at_s < last {
                return Err(format!("{here}.at_s: {} is not a time from 0 to {MAX_TIME_S} s at or after the step \
                                    before it", s.at_s));
            }
            if !(s.rate_bps.is_finite() && (MIN_RATE_BPS..=MAX_RATE_BPS).contains(&s.rate_bps)) {
                return Err(format!("{here}.rate_bps: {} is not a rate from {MIN_RATE_BPS} to {MAX_RATE_BPS} b/s",
                                   s.rate_bps));
            }
            last = s.at_s;
        }
    }
    if f.restarts.is_empty() {
        return Ok(());
    }
    if !matches!(f.traffic, TrafficSpecIn::Bulk | TrafficSpecIn::Cbr { .. } | TrafficSpecIn::Exponential { .. }
                 | TrafficSpecIn::Pareto { .. } | TrafficSpecIn::Trace { .. }) {
        return Err(format!("{at}.restarts: only a bulk transfer or a CBR, ON/OFF or trace-driven source (traffic \
                            type bulk, cbr, exponential, pareto or trace) starts again; this flow's traffic is {}",
                           f.traffic.type_name()));
    }
    if f.count > 1 && f.start_jitter_s > 0.0 {
        return Err(format!("{at}.restarts: copies with start_jitter_s would start again at the same times; give \
                            them as flows of their own"));
    }
    // a bulk transfer may start again while it runs (ns-2's FTP `start` is `send -1`:
    // the agent, its data unlimited already, tries to send); a source's start while it
    // runs would restart its timer, which is not modelled
    let bulk = matches!(f.traffic, TrafficSpecIn::Bulk);
    let (mut begun, mut stop) = (f.start_s, f.stop_s);
    for (k, r) in f.restarts.iter().enumerate() {
        let here = format!("{at}.restarts[{k}]");
        match stop {
            Some(before) => {
                if !(r.start_s.is_finite() && r.start_s > before && r.start_s <= MAX_TIME_S) {
                    return Err(format!("{here}.start_s: {} must come after the stop before it ({before} s)", r.start_s));
                }
            }
            None if bulk => {
                if !(r.start_s.is_finite() && r.start_s >= begun && r.start_s <= MAX_TIME_S) {
                    return Err(format!("{here}.start_s: {} must not come before the start of the period before it \
                                        ({begun} s), which runs on", r.start_s));
                }
            }
            None => {
                return Err(format!("{here}: the period before it never stops (give its stop_s; only a bulk transfer \
                                    starts again while it runs)"));
            }
        }
        if let Some(s) = r.stop_s {
            if !(s.is_finite() && s > r.start_s && s <= MAX_TIME_S) {
                return Err(format!("{here}.stop_s: {s} must come after its start_s ({} s)", r.start_s));
            }
        }
        (begun, stop) = (r.start_s, r.stop_s);
    }
    Ok(())
}

/// Merge JSON objects: fields of `over` replace those of `base`.
pub fn merge(base: &Value, over: &Value) -> Value {
    match (base, over) {
        (Value::Object(b), Value::Object(o)) => {
            let mut m = b.clone();
            for (k, v) in o {
                m.insert(k.clone(), v.clone());
            }
            Value::Object(m)
        }
        (b, Value::Null) => b.clone(),
        (_, o) => o.clone(),
    }
}

/// A `tcp` table's transport settings (the schemes' are checked too; see crate::settings).
pub fn tcp_config(v: &Value, at: &str) -> Result<TcpConfig, String> {
    crate::settings::split(v, at).map(|(cfg, _)| cfg)
}

/// A UDP flow's settings, checked (`at`: "flows[i]"); its datagram size.
fn check_udp_flow(f: &FlowSpec, at: &str) -> Result<u32, String> {
    if f.traffic.source_rate_bps().is_none() {
        return Err(format!(
            "{at}.traffic.type: '{}' is a TCP application; a UDP flow needs a source (allowed with transport udp: \
             cbr, pareto, exponential, trace)",
            f.traffic.type_name()
        ));
    }
    if let TrafficSpecIn::Trace { records } = &f.traffic {
        // each message is a datagram unless max_datagram_bytes splits it
        if let Some(k) = records.iter().position(|r| r[1] > 65535 && f.max_datagram_bytes.is_none()) {
            return Err(format!(
                "{at}.traffic.records[{k}]: a message of {} bytes is more than one datagram holds (65535); give \
                 max_datagram_bytes (ns-2's Agent/UDP packetSize_) to split it",
                records[k][1]
            ));
        }
    }
    let size = f.traffic.packet_size_bytes().ok_or_else(|| {
        format!("{at}.traffic.packet_size_bytes: required with transport udp (the datagram size, bytes; ns-2's packetSize_)")
    })?;
    if f.cc != crate::tcp::congestion::DEFAULT_CC {
        return Err(format!("{at}.cc: a UDP flow has no congestion control (remove cc, or use transport: tcp)"));
    }
    if !(f.tcp.is_null() || f.tcp.as_object().is_some_and(|o| o.is_empty())) {
        return Err(format!("{at}.tcp: TCP settings do not apply to a UDP flow (remove them, or use transport: tcp)"));
    }
    if f.ack_path.is_some() {
        return Err(format!("{at}.ack_path: a UDP flow sends no ACKs"));
    }
    Ok(size)
}

/// A ping flow's settings, checked (`at`: "flows[i]"); its request's size.
fn check_ping_flow(f: &FlowSpec, duration_s: f64, at: &str) -> Result<u32, String> {
    let TrafficSpecIn::Pings { at_s, every_s, packet_size_bytes, .. } = &f.traffic else {
        return Err(format!(
            "{at}.traffic.type: '{}' does not drive echo requests (allowed with transport ping: pings)",
            f.traffic.type_name()
        ));
    };
    match (at_s.is_empty(), every_s) {
        (true, None) => return Err(format!("{at}.traffic: give at_s (the requests' instants) or every_s")),
        (false, Some(_)) => return Err(format!("{at}.traffic.every_s: give at_s or every_s, not both")),
        (false, None) => {
            if at_s.len() > MAX_PINGS {
                return Err(format!("{at}.traffic.at_s: at most {MAX_PINGS} requests, got {}", at_s.len()));
            }
            let mut last = f.start_s;
            for (k, &t) in at_s.iter().enumerate() {
                if !(t.is_finite() && t >= last && t <= MAX_TIME_S) {
                    return Err(format!(
                        "{at}.traffic.at_s[{k}]: {t} is not a time at or after the flow's start_s ({} s) and the \
                         request before it, up to {MAX_TIME_S} s",
                        f.start_s
                    ));
                }
                last = t;
            }
            // the instants are the requests: the periods and copies of a source do not apply
            if f.stop_s.is_some() {
                return Err(format!("{at}.stop_s: the requests are at_s's instants (a stop applies to every_s)"));
            }
            if f.start_jitter_s > 0.0 {
                return Err(format!("{at}.start_jitter_s: the requests are at_s's instants (jitter applies to every_s)"));
            }
        }
        (true, Some(every)) => {
            let until = f.stop_s.unwrap_or(duration_s).min(duration_s);
            let n = ((until - f.start_s).max(0.0) / every).floor() + 1.0;
            if n > MAX_PINGS as f64 {
                return Err(format!(
                    "{at}.traffic.every_s: {every} s from {} s to {until} s makes {n} requests (at most {MAX_PINGS})",
                    f.start_s
                ));
            }
        }
    }
    if f.cc != crate::tcp::congestion::DEFAULT_CC {
        return Err(format!("{at}.cc: a ping flow has no congestion control (remove cc, or use transport: tcp)"));
    }
    if !(f.tcp.is_null() || f.tcp.as_object().is_some_and(|o| o.is_empty())) {
        return Err(format!("{at}.tcp: TCP settings do not apply to a ping flow (remove them, or use transport: tcp)"));
    }
    for (field, set) in [
        ("max_datagram_bytes", f.max_datagram_bytes.is_some()),
        ("restarts", !f.restarts.is_empty()),
        ("src_detach_s", f.src_detach_s.is_some()),
        ("dst_detach_s", f.dst_detach_s.is_some()),
    ] {
        if set {
            return Err(format!("{at}.{field}: not modelled for a ping flow (allowed with transport tcp or udp)"));
        }
    }
    Ok(*packet_size_bytes)
}

/// What the ranges on an error model's fields cannot say.
impl Scenario {
    /// Each flow entry's name (`f{i}` for an unnamed one), as error_flows and an error
    /// module's flows name them.
    pub fn flow_entry_names(&self) -> Vec<String> {
        self.flows.iter().enumerate().map(|(i, f)| f.name.clone().unwrap_or_else(|| format!("f{i}"))).collect()
    }

    /// A link direction's error module (`error_module`, its own or the link's).
    fn validate_error_module(&self, l: &LinkSpec, d: &DirectionSpec, at: &str, dat: &str) -> Result<(), String> {
        for (m, e, ef, where_) in [(&l.error_module, &l.error, &l.error_flows, at), (&d.error_module, &d.error, &d.error_flows, dat)] {
            if m.is_some() && e.is_some() {
                return Err(format!("{where_}.error_module: set with {where_}.error; a link direction has one or the \
                                    other (allowed: error_module alone, or error)"));
            }
            if m.is_some() && ef.is_some() {
                return Err(format!("{where_}.error_flows: with an error_module, each model names its flows \
                                    (allowed: flows in each error_module entry)"));
            }
        }
        let Some((module, field)) = d
            .error_module
            .as_ref()
            .map(|m| (m, format!("{dat}.error_module")))
            .or_else(|| if d.error.is_some() { None } else { l.error_module.as_ref().map(|m| (m, format!("{at}.error_module"))) })
        else {
            return Ok(());
        };
        if d.error_at.unwrap_or(l.error_at) != ErrorPlace::Entry {
            return Err(format!("{field}: an error module sits at the link's entry, before its queue, as ns-2's \
                                ErrorModule does (allowed: with error_at: entry)"));
        }
        if module.is_empty() {
            return Err(format!("{field}: no error model (allowed: one or more entries)"));
        }
        let known = self.flow_entry_names();
        // by module: the entry naming each flow, and the default's entry
        let mut seen: HashMap<(u32, &str), usize> = HashMap::new();
        let mut defaults: HashMap<u32, usize> = HashMap::new();
        for (k, e) in module.iter().enumerate() {
            let at = format!("{field}[{k}]");
            if e.module > 15 {
                return Err(format!("{at}.module: {} is out of range (allowed: 0 to 15)", e.module));
            }
            validate_error(&e.error, self.ns2_rng_seed.is_some(), &format!("{at}.error"))?;
            match &e.flows {
                None => {
                    if let Some(j) = defaults.insert(e.module, k) {
                        return Err(format!("{at}.flows: unset here and in entry {j} of the same module: one model \
                                            at most sees the flows no other names (allowed: flows on all but one \
                                            entry of a module)"));
                    }
                }
                Some(names) => {
                    if names.is_empty() {
                        return Err(format!("{at}.flows: empty (allowed: one or more flow names, or unset for the \
                                            flows no other model names)"));
                    }
                    for n in names {
                        if !known.contains(n) {
                            return Err(format!("{at}.flows: '{n}' is not a flow of the scenario (flows: {})",
                                               known.join(", ")));
                        }
                        if let Some(j) = seen.insert((e.module, n.as_str()), k).filter(|&j| j != k) {
                            return Err(format!("{at}.flows: '{n}' is named by entry {j} of the same module too; a \
                                                flow's packets go to one model of a module (ns-2's last `bind` of a \
                                                flow id wins)"));
                        }
                    }
                }
            }
            match (e.action, e.delay_ms) {
                (ErrorAction::Delay, None) => {
                    return Err(format!("{at}.delay_ms: missing; action delay holds a packet that long (allowed: \
                                        0 to {MAX_DELAY_MS} ms)"));
                }
                (ErrorAction::Drop | ErrorAction::Mark, Some(_)) => {
                    return Err(format!("{at}.delay_ms: only with action delay (action here: {})",
                                       if e.action == ErrorAction::Drop { "drop" } else { "mark" }));
                }
                (_, Some(v)) if !(0.0..=MAX_DELAY_MS).contains(&v) => {
                    return Err(format!("{at}.delay_ms: {v} is out of range (allowed: 0 to {MAX_DELAY_MS} ms)"));
                }
                _ => {}
            }
        }
        Ok(())
    }
}

fn validate_error(e: &ErrorSpec, ns2_draws: bool, at: &str) -> Result<(), String> {
    match e {
        ErrorSpec::List { unit: ErrorUnit::Time, .. } => {
            Err(format!("{at}.unit: a list counts packets or bytes, not time (allowed: pkt, byte)"))
        }
        ErrorSpec::List { drops, .. } => {
            if drops.len() > MAX_ERROR_LIST {
                return Err(format!("{at}.drops: at most {MAX_ERROR_LIST} numbers, got {}", drops.len()));
            }
            let mut sorted = drops.clone();
            sorted.sort_unstable();
            match sorted.windows(2).find(|w| w[0] == w[1]) {
                Some(w) => Err(format!("{at}.drops: {} is listed twice (ns-2's ErrorModel/List refuses it)", w[0])),
                None => Ok(()),
            }
        }
        ErrorSpec::TwoState { unit, good, bad } => {
            for (name, law) in [("good", good), ("bad", bad)] {
                if let LawSpec::Uniform { min, max } = law {
                    if max < min {
                        return Err(format!("{at}.{name}.max: must not be below min ({min})"));
                    }
                }
            }
            if *unit == ErrorUnit::Time && ns2_draws {
                return Err(format!(
                    "{at}.unit: time with ns2_rng_seed: ns-2 draws the states' lengths at its timer's events \
                     and satcc as packets reach the model, so the shared generator's draws would not be ns-2's \
                     (allowed with ns2_rng_seed: pkt, byte; or leave ns2_rng_seed out)"
                ));
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// What the ranges on a queue's fields cannot say.
pub fn validate_queue(q: &QueueSpec, at: &str) -> Result<(), String> {
    match q {
        QueueSpec::Droptail {
            limit_pkts: None,
            limit_bytes: None,
            ..
        } => Err(format!("{at}: droptail needs limit_pkts or limit_bytes")),
        QueueSpec::Red {
            min_th_pkts,
            max_th_pkts,
            ..
        } if max_th_pkts < min_th_pkts => Err(format!(
            "{at}.max_th_pkts: {max_th_pkts} is below min_th_pkts ({min_th_pkts}); allowed: min_th_pkts or more"
        )),
        QueueSpec::Red { adaptive: Some(a), .. } if a.variant == AredVariant::Floyd && (a.alpha > 1.0 || a.beta > 1.0) => {
            let (field, v) = if a.alpha > 1.0 { ("alpha", a.alpha) } else { ("beta", a.beta) };
            Err(format!(
                "{at}.adaptive.{field}: {v} is above 1 (allowed: above 0, at most 1; above 1 with variant 'feng', \
                 whose alpha divides max_p and beta multiplies it)"
            ))
        }
        QueueSpec::Red { cautious, idle_pkt_bytes: Some(n), .. } if *cautious != RedCautious::Idle => Err(format!(
            "{at}.idle_pkt_bytes: {n} is read with cautious 'idle' only (allowed: leave it out, or cautious 'idle')"
        )),
        _ => Ok(()),
    }
}

fn validate_rate_changes(rc: &[RateChange], duration: f64, at: &str) -> Result<(), String> {
    validate_change_times(rc.iter().map(|c| c.at_s), duration, at)
}

fn validate_outages(outages: &[Outage], at: &str) -> Result<(), String> {
    let mut last_up = 0.0;
    for (i, o) in outages.iter().enumerate() {
        let oat = format!("{at}[{i}]");
        if !(o.down_s.is_finite() && (0.0..=MAX_TIME_S).contains(&o.down_s)) {
            return Err(format!("{oat}.down_s: {} is not a time from 0 to {MAX_TIME_S} s", o.down_s));
        }
        if i > 0 && o.down_s < last_up {
            return Err(format!("{oat}.down_s: {} is before the outage ahead of it ends ({last_up} s); give outages in order, apart", o.down_s));
        }
        match o.up_s {
            Some(up) if !(up.is_finite() && up >= o.down_s && up <= MAX_TIME_S) => {
                return Err(format!("{oat}.up_s: {up} must not be before down_s ({}), and at most {MAX_TIME_S} s", o.down_s))
            }
            Some(up) => last_up = up,
            None if i + 1 < outages.len() => {
                return Err(format!("{oat}.up_s: an outage without an end must be the last (unset up_s: down to the end)"))
            }
            None => {}
        }
    }
    Ok(())
}

/// A direction's Delayer (DelayerSpec): after a droptail queue of packets, its blocks
/// in order and apart within the run, on a link without what it is not checked with.
fn validate_delayer(dl: &DelayerSpec, l: &LinkSpec, d: &DirectionSpec, sc: &Scenario, at: &str) -> Result<(), String> {
    let q = d.queue.as_ref().unwrap_or(&l.queue);
    if !matches!(q, QueueSpec::Droptail { limit_pkts: Some(_), limit_bytes: None, drop_front: false }) {
        return Err(format!(
            "{at}: a delayer after a {} queue is not modelled (ns-2's Delayer is modelled after a droptail queue \
             of packets, without limit_bytes or drop_front)",
            q.type_name()
        ));
    }
    let outages = d.outages.as_ref().unwrap_or(&l.outages);
    let rates = d.rate_changes.as_ref().unwrap_or(&l.rate_changes);
    let in_order = d.delay_changes_in_order.unwrap_or(l.delay_changes_in_order);
    for (on, what) in [
        (!outages.is_empty(), "outages"),
        (!rates.is_empty(), "rate_changes"),
        (l.jitter_ms > 0.0, "jitter_ms"),
        (!in_order, "delay_changes_in_order: false"),
        (sc.routing == Routing::Dv, "routing: dv"),
        (sc.constellation.is_some(), "a constellation"),
    ] {
        if on {
            return Err(format!("{at}: a delayer with {what} is not modelled (it is checked against ns-2 without)"));
        }
    }
    if dl.spikes.is_some() && !dl.blocks.is_empty() {
        return Err(format!(
            "{at}: blocks with spikes are not modelled (ns-2's Delayer takes no block while it has random spikes)"
        ));
    }
    let laws = dl.spikes.iter().flat_map(|s| [(&s.interval, "spikes.interval"), (&s.length, "spikes.length")])
        .chain(dl.alloc.iter().flat_map(|a| [(&a.idle, "alloc.idle"), (&a.delay, "alloc.delay")]));
    for (law, name) in laws {
        if let LawSpec::Uniform { min, max } = law {
            if max < min {
                return Err(format!("{at}.{name}: max ({max}) below min ({min})"));
            }
        }
    }
    let mut last: Option<f64> = None;
    for (k, b) in dl.blocks.iter().enumerate() {
        let bat = format!("{at}.blocks[{k}]");
        if !(b.at_s >= 0.0 && b.at_s <= sc.duration_s) {
            return Err(format!("{bat}.at_s: must be within the run (0 to {} s), got {}", sc.duration_s, b.at_s));
        }
        if let Some(prev) = last {
            if b.at_s < prev {
                return Err(format!("{bat}.at_s: blocks in time order and apart: {} is before the last one's end \
                                    ({prev} s)", b.at_s));
            }
        }
        match b.until_s {
            Some(u) if !(u > b.at_s) => {
                return Err(format!("{bat}.until_s: must be after at_s ({} s), got {u}", b.at_s));
            }
            Some(u) => last = Some(u),
            None if k + 1 < dl.blocks.len() => {
                return Err(format!("{bat}.until_s: only the last block may last to the run's end"));
            }
            None => {}
        }
    }
    Ok(())
}

impl QueueSpec {
    /// The queue's `type` as a scenario names it.
    pub fn type_name(&self) -> &'static str {
        match self {
            QueueSpec::Droptail { .. } => "droptail",
            QueueSpec::Red { .. } => "red",
            QueueSpec::Pi { .. } => "pi",
            QueueSpec::Rem { .. } => "rem",
            QueueSpec::Sfq { .. } => "sfq",
            QueueSpec::Drr { .. } => "drr",
            QueueSpec::Fq { .. } => "fq",
        }
    }
}

/// A queue's limit changes: in time order, within the run, each giving a limit the
/// queue has (droptail: its limit_pkts or limit_bytes; red: limit_pkts), for a droptail
/// or red queue only.
fn validate_limit_changes(lc: &[LimitChange], q: &QueueSpec, duration: f64, at: &str) -> Result<(), String> {
    if lc.is_empty() {
        return Ok(());
    }
    validate_change_times(lc.iter().map(|c| c.at_s), duration, at)?;
    let mut last = f64::NEG_INFINITY;
    for (i, c) in lc.iter().enumerate() {
        let here = format!("{at}[{i}]");
        if !(c.at_s.is_finite() && c.at_s >= 0.0) || c.at_s < last {
            return Err(format!("{here}.at_s: {} is not a time from 0 on, at or after the change before it", c.at_s));
        }
        last = c.at_s;
        let (pkts, bytes) = match q {
            QueueSpec::Droptail { limit_pkts, limit_bytes, .. } => (limit_pkts.is_some() || limit_bytes.is_none(), limit_bytes.is_some()),
            QueueSpec::Red { .. } => (true, false),
            other => {
                return Err(format!("{at}: a {} queue's limit does not change during the run (allowed: droptail, red)",
                                   other.type_name()))
            }
        };
        match (c.limit_pkts, c.limit_bytes) {
            (None, None) => return Err(format!("{here}: give limit_pkts or limit_bytes, the new limit")),
            (Some(0), _) | (_, Some(0)) => return Err(format!("{here}: a limit must be at least 1")),
            (Some(_), _) if !pkts => {
                return Err(format!("{here}.limit_pkts: this queue is limited in bytes (give limit_bytes)"))
            }
            (_, Some(_)) if !bytes => {
                return Err(format!("{here}.limit_bytes: this queue is limited in packets (give limit_pkts)"))
            }
            _ => {}
        }
    }
    Ok(())
}

fn validate_change_times(times: impl Iterator<Item = f64>, duration: f64, at: &str) -> Result<(), String> {
    for (i, at_s) in times.enumerate() {
        if at_s > duration {
            return Err(format!(
                "{at}[{i}].at_s: must be within the run (<= duration_s = {duration})"
            ));
        }
    }
    Ok(())
}

/// The scenario contract (this module's types as JSON Schema), made once.
pub fn contract() -> &'static Value {
    static SCHEMA: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
    SCHEMA.get_or_init(crate::contract::scenario_schema)
}

impl Scenario {
    pub fn from_json(text: &str) -> Result<Scenario, String> {
        let raw: Value = serde_json::from_str(text).map_err(|e| format!("scenario: {e}"))?;
        // the text as written, before serde reads it: serde would take a list of a
        // struct's fields for the struct, and defaults hide nothing here
        crate::contract::check(contract(), &raw, "")?;
        let s: Scenario = serde_json::from_value(raw).map_err(|e| format!("scenario: {e}"))?;
        s.validate()?;
        Ok(s)
    }

    /// Check everything the builder relies on: the ranges the contract declares, then
    /// what needs the whole scenario. The error names the field.
    pub fn validate(&self) -> Result<(), String> {
        let v = serde_json::to_value(self).map_err(|e| format!("scenario: {e}"))?;
        crate::contract::check(contract(), &v, "")?;
        if self.duration_s / self.sample_interval_s > 1e7 {
            return Err("sample_interval_s: too small for duration_s (more than 1e7 samples)".into());
        }
        if self.ns2_rng_skip > 0 && self.ns2_rng_seed.is_none() {
            return Err("ns2_rng_skip: draws of ns-2's generator, with ns2_rng_seed only (give ns2_rng_seed, or leave \
                        ns2_rng_skip out)"
                .into());
        }
        tcp_config(&self.tcp, "tcp")?;
        let mut names = HashMap::new();
        let stations = match &self.constellation {
            Some(c) => c.check_packet_run(self)?,
            None if self.nodes.is_empty() => {
                return Err("nodes: at least one node (or a constellation section, whose ground stations are nodes)".into())
            }
            None => Vec::new(),
        };
        for (i, g) in stations.iter().enumerate() {
            names.insert(g.as_str(), usize::MAX - i);
        }
        for (i, n) in self.nodes.iter().enumerate() {
            if n.name.contains("->") {
                return Err(format!("nodes[{i}].name: must not contain '->'"));
            }
            if names.insert(n.name.as_str(), i).is_some() {
                return Err(format!("nodes[{i}].name: duplicate node name '{}'", n.name));
            }
        }
        let node = |name: &str, at: String| -> Result<(), String> {
            if names.contains_key(name) {
                Ok(())
            } else {
                Err(format!("{at}: unknown node '{name}' (declare it under nodes)"))
            }
        };
        let mut pairs = HashMap::new();
        for (i, l) in self.links.iter().enumerate() {
            let at = format!("links[{i}]");
            node(&l.a, format!("{at}.a"))?;
            node(&l.b, format!("{at}.b"))?;
            if l.a == l.b {
                return Err(format!("{at}.b: a link must join two different nodes"));
            }
            let key = if l.a < l.b { (l.a.as_str(), l.b.as_str()) } else { (l.b.as_str(), l.a.as_str()) };
            if pairs.insert(key, i).is_some() {
                return Err(format!(
                    "{at}: a link between '{}' and '{}' is already declared",
                    l.a, l.b
                ));
            }
            validate_queue(&l.queue, &format!("{at}.queue"))?;
            validate_rate_changes(
                &l.rate_changes,
                self.duration_s,
                &format!("{at}.rate_changes"),
            )?;
            validate_change_times(
                l.delay_changes.iter().map(|c| c.at_s),
                self.duration_s,
                &format!("{at}.delay_changes"),
            )?;
            validate_outages(&l.outages, &format!("{at}.outages"))?;
            for (dname, d) in [("a_to_b", &l.a_to_b), ("b_to_a", &l.b_to_a)] {
                if let Some(dl) = d.delayer.as_ref().or(l.delayer.as_ref()) {
                    let field =
                        if d.delayer.is_some() { format!("{at}.{dname}.delayer") } else { format!("{at}.delayer") };
                    validate_delayer(dl, l, d, self, &field)?;
                }
            }
            for d in [&l.a_to_b, &l.b_to_a] {
                // the link's changes, on each direction's queue that takes them
                if d.limit_changes.is_none() {
                    let q = d.queue.as_ref().unwrap_or(&l.queue);
                    validate_limit_changes(&l.limit_changes, q, self.duration_s, &format!("{at}.limit_changes"))?;
                }
            }
            if let Some(e) = &l.error {
                validate_error(e, self.ns2_rng_seed.is_some(), &format!("{at}.error"))?;
            }
            for (dname, d) in [("a_to_b", &l.a_to_b), ("b_to_a", &l.b_to_a)] {
                let dat = format!("{at}.{dname}");
                if let Some(e) = &d.error {
                    validate_error(e, self.ns2_rng_seed.is_some(), &format!("{dat}.error"))?;
                }
                if let Some((names, field)) = d
                    .error_flows
                    .as_ref()
                    .map(|n| (n, format!("{dat}.error_flows")))
                    .or_else(|| l.error_flows.as_ref().map(|n| (n, format!("{at}.error_flows"))))
                {
                    if d.error.is_none() && l.error.is_none() {
                        return Err(format!("{field}: names the flows an error model sees, and this link direction has \
                                            no error model (allowed: with an error)"));
                    }
                    if d.error_at.unwrap_or(l.error_at) != ErrorPlace::Entry {
                        return Err(format!("{field}: an error model that sees some flows only sits at the link's \
                                            entry, as ns-2's ErrorModule does (allowed: with error_at: entry)"));
                    }
                    let known = self.flow_entry_names();
                    if let Some(bad) = names.iter().find(|n| !known.contains(n)) {
                        return Err(format!("{field}: '{bad}' is not a flow of the scenario (flows: {})", known.join(", ")));
                    }
                }
                self.validate_error_module(l, d, &at, &dat)?;
                if let Some(o) = &d.outages {
                    validate_outages(o, &format!("{dat}.outages"))?;
                }
                if let Some(q) = &d.queue {
                    validate_queue(q, &format!("{dat}.queue"))?;
                }
                if let Some(rc) = &d.rate_changes {
                    validate_rate_changes(rc, self.duration_s, &format!("{dat}.rate_changes"))?;
                }
                if let Some(dc) = &d.delay_changes {
                    validate_change_times(dc.iter().map(|c| c.at_s), self.duration_s, &format!("{dat}.delay_changes"))?;
                }
                if !d.delay_changes_in_order.unwrap_or(l.delay_changes_in_order) {
                    // packets that overtake: a FIFO pipe cut into lanes (net/link.rs)
                    let field = if d.delay_changes_in_order.is_some() {
                        format!("{dat}.delay_changes_in_order")
                    } else {
                        format!("{at}.delay_changes_in_order")
                    };
                    let q = d.queue.as_ref().unwrap_or(&l.queue);
                    let picks = match q {
                        QueueSpec::Sfq { .. } | QueueSpec::Drr { .. } | QueueSpec::Fq { .. } => true,
                        QueueSpec::Droptail { drop_front, .. } => *drop_front,
                        QueueSpec::Red { forced_drop, .. } => !forced_drop.is_tail(),
                        QueueSpec::Rem { ecn, .. } => *ecn,
                        _ => false,
                    };
                    if l.jitter_ms > 0.0 || picks {
                        return Err(format!(
                            "{field}: false with {} is not modelled (packets that overtake are modelled on a link \
                             without jitter whose queue sends in the order packets came: droptail, red, pi, rem \
                             without ecn)",
                            if l.jitter_ms > 0.0 { "jitter_ms" } else { "a queue that picks the next packet itself" }
                        ));
                    }
                }
                if let Some(lc) = &d.limit_changes {
                    let q = d.queue.as_ref().unwrap_or(&l.queue);
                    validate_limit_changes(lc, q, self.duration_s, &format!("{dat}.limit_changes"))?;
                }
            }
        }
        if self.routing != Routing::Static && self.constellation.is_some() {
            return Err(format!(
                "routing: {} is for a network of nodes and links; a constellation routes as it moves \
                 (allowed here: static)",
                self.routing.name()
            ));
        }
        if self.routing == Routing::Dv {
            let fair = |q: &QueueSpec| matches!(q, QueueSpec::Sfq { .. } | QueueSpec::Drr { .. } | QueueSpec::Fq { .. });
            let front = |q: &QueueSpec| {
                matches!(q, QueueSpec::Droptail { drop_front: true, .. })
                    || matches!(q, QueueSpec::Red { forced_drop, .. } if !forced_drop.is_tail())
            };
            let of_link = |l: &LinkSpec, f: &dyn Fn(&QueueSpec) -> bool| {
                f(&l.queue) || [&l.a_to_b.queue, &l.b_to_a.queue].iter().any(|q| q.as_ref().is_some_and(f))
            };
            if let Some(i) = self.links.iter().position(|l| of_link(l, &fair)) {
                return Err(format!(
                    "links[{i}].queue: an SFQ, DRR or FQ queue under routing: dv is not modelled (how ns-2's fair \
                     queues class the routing agents' packets is not checked; allowed: droptail, red, pi, rem)"
                ));
            }
            if let Some(i) = self.links.iter().position(|l| of_link(l, &front)) {
                return Err(format!(
                    "links[{i}].queue: a queue dropping from the front or at random under routing: dv is not \
                     modelled (a routing agent's packet dropped from inside the queue is not checked against \
                     ns-2; allowed there: drop_front false, forced_drop tail)"
                ));
            }
        }
        let total: u64 = self.flows.iter().map(|f| f.count as u64).sum();
        if total > MAX_FLOWS as u64 {
            return Err(format!("flows: at most {MAX_FLOWS} flows in all (count included), got {total}"));
        }
        let mut flow_names = HashMap::new();
        for (i, f) in self.flows.iter().enumerate() {
            let at = format!("flows[{i}]");
            node(&f.src, format!("{at}.src"))?;
            node(&f.dst, format!("{at}.dst"))?;
            if f.src == f.dst {
                return Err(format!("{at}.dst: must differ from src"));
            }
            if crate::tcp::congestion::controller(&f.cc).is_none() {
                let allowed = crate::tcp::congestion::controller_names().join(", ");
                return Err(format!("{at}.cc: unknown congestion control '{}' (allowed: {allowed})", f.cc));
            }
            if f.start_s >= self.duration_s {
                return Err(format!(
                    "{at}.start_s: {} is not before the end of the run (duration_s {}); the flow would never send",
                    f.start_s, self.duration_s
                ));
            }
            if let Some(stop) = f.stop_s {
                if stop <= f.start_s + f.start_jitter_s {
                    return Err(format!("{at}.stop_s: must be after start_s + start_jitter_s"));
                }
            }
            check_restarts(f, &at)?;
            if let TrafficSpecIn::File { more, .. } = &f.traffic {
                let mut last = f.start_s;
                for (k, m) in more.iter().enumerate() {
                    if !(m.at_s.is_finite() && m.at_s <= MAX_TIME_S) || m.at_s < last {
                        return Err(format!(
                            "{at}.traffic.more[{k}].at_s: {} is not a time at or after the flow's start ({} s) and \
                             the message before it, up to {MAX_TIME_S} s",
                            m.at_s, f.start_s
                        ));
                    }
                    last = m.at_s;
                }
            }
            if let TrafficSpecIn::Telnet { interval_steps, .. } = &f.traffic {
                let mut last = f64::NEG_INFINITY;
                for (k, s) in interval_steps.iter().enumerate() {
                    let here = format!("{at}.traffic.interval_steps[{k}]");
                    if !(s.at_s.is_finite() && (0.0..=MAX_TIME_S).contains(&s.at_s)) || s.at_s < last {
                        return Err(format!("{here}.at_s: {} is not a time from 0 to {MAX_TIME_S} s at or after the \
                                            step before it", s.at_s));
                    }
                    if !(s.interval_s.is_finite() && (MIN_TIMER_S..=MAX_TIME_S).contains(&s.interval_s)) {
                        return Err(format!("{here}.interval_s: {} is not a gap from {MIN_TIMER_S} to {MAX_TIME_S} s",
                                           s.interval_s));
                    }
                    last = s.at_s;
                }
            }
            if let TrafficSpecIn::Telnet { interval_s, gaps: TelnetGaps::Tcplib, .. } = f.traffic {
                if interval_s != telnet_interval() {
                    return Err(format!(
                        "{at}.traffic.interval_s: {interval_s} is not read with gaps 'tcplib', whose gaps come \
                         from tcplib's distribution (allowed: leave it out, or gaps 'exponential')"
                    ));
                }
            }
            check_tcp_changes(f, &at)?;
            for (field, t) in [("src_detach_s", f.src_detach_s), ("dst_detach_s", f.dst_detach_s)] {
                if let Some(t) = t {
                    if !(t.is_finite() && (0.0..=MAX_TIME_S).contains(&t)) {
                        return Err(format!("{at}.{field}: {t} is not a time from 0 to {MAX_TIME_S} s"));
                    }
                }
            }
            if let Some(n) = &f.name {
                if n.contains('#') {
                    return Err(format!("{at}.name: must not contain '#'"));
                }
                if flow_names.insert(n.clone(), i).is_some() {
                    return Err(format!("{at}.name: duplicate flow name '{n}'"));
                }
            }
            for (pname, p, from, to) in [("path", &f.path, &f.src, &f.dst), ("ack_path", &f.ack_path, &f.dst, &f.src)] {
                if let Some(p) = p {
                    if self.routing != Routing::Static {
                        return Err(format!(
                            "{at}.{pname}: a pinned path cannot follow routing: {}, under which each node \
                             routes every packet (remove the path, or use routing: static)",
                            self.routing.name()
                        ));
                    }
                    if p.first() != Some(from) || p.last() != Some(to) {
                        return Err(format!(
                            "{at}.{pname}: must list nodes from '{from}' to '{to}'"
                        ));
                    }
                    for (j, n) in p.iter().enumerate() {
                        node(n, format!("{at}.{pname}[{j}]"))?;
                    }
                }
            }
            if !(f.tcp.is_null() || f.tcp.is_object()) {
                return Err(format!("{at}.tcp: must be a table of TCP settings"));
            }
            let cfg = tcp_config(&merge(&self.tcp, &f.tcp), &format!("{at}.tcp"))?;
            let size = match f.transport {
                Transport::Tcp => {
                    if f.max_datagram_bytes.is_some() {
                        return Err(format!(
                            "{at}.max_datagram_bytes: a TCP flow's packets are tcp.packet_size_bytes; the largest \
                             datagram is for transport: udp"
                        ));
                    }
                    cfg.packet_size_bytes
                }
                Transport::Udp => check_udp_flow(f, &at)?,
                Transport::Ping => check_ping_flow(f, self.duration_s, &at)?,
            };
            if f.transport != Transport::Ping && matches!(f.traffic, TrafficSpecIn::Pings { .. }) {
                return Err(format!("{at}.traffic.type: pings are echo requests (allowed with transport: ping)"));
            }
            if let TrafficSpecIn::Trace { records } = &f.traffic {
                // (a gap of 0 sends the next message at the same instant, as ns-2 does)
                if records.iter().all(|r| r[0] == 0) {
                    return Err(format!("{at}.traffic.records: every gap is 0, so the source would send without end \
                                        at its first instant (ns-2 would not get past it); give a gap above 0"));
                }
            } else if let Some(rate_bps) = f.traffic.source_rate_bps() {
                if size as f64 * 8.0 / rate_bps < 1e-9 {
                    return Err(format!("{at}.traffic.rate_bps: too high (under 1 ns per packet)"));
                }
            }
        }
        if let Some(links) = &self.monitor.links {
            for (i, l) in links.iter().enumerate() {
                self.check_link_name(l, &format!("monitor.links[{i}]"), &names, &pairs)?;
            }
        }
        if let Some(b) = &self.monitor.bottleneck {
            self.check_link_name(b, "monitor.bottleneck", &names, &pairs)?;
        }
        let mut guarded = HashMap::new();
        for (i, sc) in self.schemes.iter().enumerate() {
            let at = format!("schemes[{i}]");
            for (j, l) in sc.links().iter().enumerate() {
                if self.constellation.is_none() {
                    self.check_link_name(l, &format!("{at}.links[{j}]"), &names, &pairs)?;
                }
                if let Some(prev) = guarded.insert(l.clone(), i) {
                    return Err(format!("{at}.links[{j}]: '{l}' is already guarded by schemes[{prev}]"));
                }
            }
            let router = crate::feedback::router(&sc.kind).ok_or_else(|| {
                let names: Vec<_> = crate::feedback::ROUTERS.iter().map(|r| r.name).collect();
                format!("{at}.type: unknown router scheme '{}' (allowed: {})", sc.kind, names.join(", "))
            })?;
            (router.check)(&sc.fields, &at)?;
        }
        Ok(())
    }

    /// Whether some flow is a UDP flow.
    pub fn has_udp(&self) -> bool {
        self.flows.iter().any(|f| f.transport == Transport::Udp)
    }

    fn check_link_name(
        &self,
        l: &str,
        at: &str,
        names: &HashMap<&str, usize>,
        pairs: &HashMap<(&str, &str), usize>,
    ) -> Result<(), String> {
        let Some((a, b)) = l.split_once("->") else {
            return Err(format!("{at}: must name a link direction as 'A->B', got '{l}'"));
        };
        if !names.contains_key(a) || !names.contains_key(b) {
            return Err(format!("{at}: unknown node in '{l}'"));
        }
        let key = if a < b { (a, b) } else { (b, a) };
        if !pairs.contains_key(&key) {
            return Err(format!("{at}: no link between '{a}' and '{b}'"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_scheme(scheme: serde_json::Value) -> Result<Scenario, String> {
        let sc = serde_json::json!({
            "duration_s": 1.0,
            "nodes": [{"name": "a"}, {"name": "b"}],
            "links": [{"a": "a", "b": "b", "rate_bps": 1e6, "delay_ms": 1.0}],
            "flows": [{"src": "a", "dst": "b"}],
            "schemes": [scheme],
        });
        Scenario::from_json(&sc.to_string())
    }

    #[test]
    fn a_buffer_limit_changes_in_the_unit_its_queue_counts_for_droptail_and_red_alone() {
        let sc = |queue: serde_json::Value, link: serde_json::Value| {
            let mut l = serde_json::json!({"a": "a", "b": "b", "rate_bps": 1e6, "delay_ms": 1.0, "queue": queue});
            l.as_object_mut().unwrap().extend(link.as_object().unwrap().clone());
            let sc = serde_json::json!({"duration_s": 5.0, "nodes": [{"name": "a"}, {"name": "b"}], "links": [l],
                                        "flows": [{"src": "a", "dst": "b"}]});
            Scenario::from_json(&sc.to_string()).map(|_| ())
        };
        let pkts = serde_json::json!({"type": "droptail", "limit_pkts": 20});
        let bytes = serde_json::json!({"type": "droptail", "limit_bytes": 20000});
        let red = serde_json::json!({"type": "red", "limit_pkts": 20});
        let ch = |v: serde_json::Value| serde_json::json!({"limit_changes": v});
        assert_eq!(sc(pkts.clone(), ch(serde_json::json!([{"at_s": 1.0, "limit_pkts": 5}, {"at_s": 1.0, "limit_pkts": 9}]))), Ok(()));
        assert_eq!(sc(bytes.clone(), ch(serde_json::json!([{"at_s": 1.0, "limit_bytes": 5000}]))), Ok(()));
        assert_eq!(sc(red.clone(), ch(serde_json::json!([{"at_s": 2.0, "limit_pkts": 1}]))), Ok(()));
        // a direction's own, for its own queue
        assert_eq!(sc(pkts.clone(), serde_json::json!({"b_to_a": {"queue": bytes.clone(),
                                                                  "limit_changes": [{"at_s": 1.0, "limit_bytes": 3000}]}})), Ok(()));
        for (queue, changes, want) in [
            (bytes.clone(), serde_json::json!([{"at_s": 1.0, "limit_pkts": 5}]),
             "links[0].limit_changes[0].limit_pkts: this queue is limited in bytes (give limit_bytes)"),
            (pkts.clone(), serde_json::json!([{"at_s": 1.0, "limit_bytes": 5000}]),
             "links[0].limit_changes[0].limit_bytes: this queue is limited in packets (give limit_pkts)"),
            (pkts.clone(), serde_json::json!([{"at_s": 2.0, "limit_pkts": 5}, {"at_s": 1.0, "limit_pkts": 6}]),
             "links[0].limit_changes[1].at_s: 1 is not a time from 0 on, at or after the change before it"),
            (pkts.clone(), serde_json::json!([{"at_s": 1.0}]), "links[0].limit_changes[0]: give limit_pkts or limit_bytes"),
            (pkts.clone(), serde_json::json!([{"at_s": 9.0, "limit_pkts": 5}]),
             "links[0].limit_changes[0].at_s: must be within the run"),
            (serde_json::json!({"type": "sfq", "limit_pkts": 20}), serde_json::json!([{"at_s": 1.0, "limit_pkts": 5}]),
             "links[0].limit_changes: a sfq queue's limit does not change during the run (allowed: droptail, red)"),
        ] {
            let e = sc(queue, ch(changes.clone())).unwrap_err();
            assert!(e.starts_with(want), "{changes}: {e}");
        }
    }

    #[test]
    fn a_time_reads_as_the_double_its_text_names() {
        // a flow copy's start as the ns-2 export writes it (start + U(0, jitter)): the
        // fast reading of serde_json without float_roundtrip took it one unit of the
        // last place high, and the run then parted from ns-2 at a tie
        let text = r#"{"duration_s": 1.0, "nodes": [{"name": "a"}, {"name": "b"}],
            "links": [{"a": "a", "b": "b", "rate_bps": 1e6, "delay_ms": 1.0}],
            "flows": [{"src": "a", "dst": "b", "start_s": 0.19856782522599806}]}"#;
        let sc = Scenario::from_json(text).unwrap();
        assert_eq!(sc.flows[0].start_s.to_bits(), 0.19856782522599806f64.to_bits());
        for t in ["0.19856782522599806", "0.2093678252259981", "0.021045671411488695", "4.999999999999671"] {
            let read: f64 = serde_json::from_str(t).unwrap();
            assert_eq!(read.to_bits(), t.parse::<f64>().unwrap().to_bits(), "{t}");
        }
    }

    #[test]
    fn a_transfer_is_ns2s_packets_of_its_bytes() {
        // TcpAgent::sendmsg: nbytes / size_ packets, one more for a remainder
        let f = |b| TrafficSpecIn::File { size_bytes: b, more: vec![] }.file_pkts(1000);
        assert_eq!([f(1), f(999), f(1000), f(1001), f(2_000_000)], [Some(1), Some(1), Some(1), Some(2), Some(2000)]);
        assert_eq!(TrafficSpecIn::Bulk.file_pkts(1000), None);
        assert_eq!(TrafficSpecIn::File { size_bytes: 5, more: vec![] }.source_rate_bps(), None);
    }

    /// A two-node scenario of one flow, `base` extended by `flow`, checked.
    fn one_flow(mut base: serde_json::Value, flow: serde_json::Value) -> Result<(), String> {
        base.as_object_mut().unwrap().extend(flow.as_object().unwrap().clone());
        let sc = serde_json::json!({
            "duration_s": 1.0,
            "nodes": [{"name": "a"}, {"name": "b"}],
            "links": [{"a": "a", "b": "b", "rate_bps": 1e6, "delay_ms": 1.0}],
            "flows": [base],
        });
        Scenario::from_json(&sc.to_string()).map(|_| ())
    }

    #[test]
    fn a_trace_has_records_and_a_udp_flows_messages_fit_its_datagrams() {
        let sc = |flow: serde_json::Value| one_flow(serde_json::json!({"src": "a", "dst": "b"}), flow);
        let trace = serde_json::json!({"type": "trace", "records": [[40000, 1400], [0, 70000]]});
        assert_eq!(sc(serde_json::json!({"traffic": trace})), Ok(()));
        assert_eq!(sc(serde_json::json!({"traffic": trace, "transport": "udp", "max_datagram_bytes": 1000})), Ok(()));
        assert_eq!(sc(serde_json::json!({"traffic": trace, "stop_s": 0.5, "restarts": [{"start_s": 0.7}]})), Ok(()));
        let e = sc(serde_json::json!({"traffic": trace, "transport": "udp"})).unwrap_err();
        assert!(e.starts_with("flows[0].traffic.records[1]: a message of 70000 bytes is more than one datagram"), "{e}");
        let e = sc(serde_json::json!({"traffic": {"type": "trace", "records": []}})).unwrap_err();
        assert!(e.contains("flows[0].traffic.records"), "{e}");
        let e = sc(serde_json::json!({"traffic": {"type": "trace", "records": [[0, 40], [0, 1000]]}})).unwrap_err();
        assert!(e.starts_with("flows[0].traffic.records: every gap is 0"), "{e}");
    }

    #[test]
    fn tcp_changes_are_a_tcp_flows_in_time_order_each_changing_something() {
        let sc = |flow: serde_json::Value| one_flow(serde_json::json!({"src": "a", "dst": "b"}), flow);
        let ok = serde_json::json!([{"at_s": 0.5, "rwnd_pkts": 4}, {"at_s": 0.5, "max_cwnd_pkts": 0}]);
        assert_eq!(sc(serde_json::json!({"tcp_changes": ok})), Ok(()));
        let cbr = serde_json::json!({"type": "cbr", "rate_bps": 1e5, "packet_size_bytes": 200});
        for (flow, want) in [
            (serde_json::json!({"tcp_changes": [{"at_s": 0.5, "rwnd_pkts": 4}, {"at_s": 0.2, "rwnd_pkts": 5}]}),
             "flows[0].tcp_changes[1].at_s: 0.2 is not a time from 0"),
            (serde_json::json!({"tcp_changes": [{"at_s": 0.5}]}), "flows[0].tcp_changes[0]: changes nothing"),
            (serde_json::json!({"tcp_changes": [{"at_s": 0.5, "rwnd_pkts": 0}]}),
             "flows[0].tcp_changes[0].rwnd_pkts: must be in [1, 1000000], got 0"),
            (serde_json::json!({"tcp_changes": [{"at_s": 0.5, "window": 3}]}), "unknown field `window`"),
            (serde_json::json!({"transport": "udp", "traffic": cbr, "tcp_changes": [{"at_s": 0.5, "rwnd_pkts": 3}]}),
             "flows[0].tcp_changes: a UDP flow has no TCP sender"),
        ] {
            let e = sc(flow.clone()).unwrap_err();
            assert!(e.contains(want), "{flow}: {e}");
        }
    }

    #[test]
    fn a_udp_flow_needs_a_source_of_its_own_size_and_nothing_of_tcps() {
        let sc = |flow: serde_json::Value| one_flow(serde_json::json!({"src": "a", "dst": "b", "transport": "udp"}), flow);
        let cbr = serde_json::json!({"type": "cbr", "rate_bps": 1e5, "packet_size_bytes": 200});
        assert_eq!(sc(serde_json::json!({"traffic": cbr})), Ok(()));
        let on_off = serde_json::json!({"type": "exponential", "mean_on_s": 0.1, "mean_off_s": 0.1, "rate_bps": 1e5,
                                         "packet_size_bytes": 200});
        assert_eq!(sc(serde_json::json!({"traffic": on_off})), Ok(()));
        for (flow, want) in [
            (serde_json::json!({}), "flows[0].traffic.type: 'bulk' is a TCP application"),
            (serde_json::json!({"traffic": {"type": "file", "size_bytes": 10}}), "flows[0].traffic.type: 'file'"),
            (serde_json::json!({"traffic": {"type": "cbr", "rate_bps": 1e5}}), "flows[0].traffic.packet_size_bytes: required"),
            (serde_json::json!({"traffic": cbr, "cc": "cubic"}), "flows[0].cc: a UDP flow has no congestion control"),
            (serde_json::json!({"traffic": cbr, "tcp": {"sack": true}}), "flows[0].tcp: TCP settings do not apply"),
            (serde_json::json!({"traffic": cbr, "ack_path": ["b", "a"]}), "flows[0].ack_path: a UDP flow sends no ACKs"),
            (serde_json::json!({"traffic": cbr, "transport": "quic"}), "unknown variant `quic`, expected one of `tcp`, `udp`, `ping`"),
            (serde_json::json!({"traffic": cbr, "max_datagram_bytes": 0}), "flows[0].max_datagram_bytes: must be in [1, 65535]"),
        ] {
            let e = sc(flow.clone()).unwrap_err();
            assert!(e.contains(want), "{flow}: {e}");
        }
        // over TCP, a source's own message size is allowed (ns-2's packetSize_ of the
        // source: its interval, and ceil(size / segment) segments a message)
        assert_eq!(sc(serde_json::json!({"traffic": cbr, "transport": "tcp"})), Ok(()));
        // restarts: a CBR source's, each after the stop before it; rate steps in order
        let restarting = |stop: serde_json::Value, restarts: serde_json::Value, steps: serde_json::Value| {
            sc(serde_json::json!({"traffic": {"type": "cbr", "rate_bps": 1e5, "packet_size_bytes": 200,
                                              "rate_steps": steps}, "stop_s": stop, "restarts": restarts}))
        };
        let step = |at: f64, r: f64| serde_json::json!({"at_s": at, "rate_bps": r});
        assert_eq!(restarting(2.0.into(), serde_json::json!([{"start_s": 3.0, "stop_s": 4.0}, {"start_s": 5.0}]),
                              serde_json::json!([step(1.0, 2e5), step(1.0, 3e5), step(4.5, 1e4)])), Ok(()));
        for (stop, restarts, steps, want) in [
            (serde_json::Value::Null, serde_json::json!([{"start_s": 3.0}]), serde_json::json!([]),
             "flows[0].restarts[0]: the period before it never stops (give its stop_s; only a bulk transfer starts \
              again while it runs)"),
            (2.0.into(), serde_json::json!([{"start_s": 2.0}]), serde_json::json!([]),
             "flows[0].restarts[0].start_s: 2 must come after the stop before it (2 s)"),
            (2.0.into(), serde_json::json!([{"start_s": 3.0, "stop_s": 3.0}]), serde_json::json!([]),
             "flows[0].restarts[0].stop_s: 3 must come after its start_s (3 s)"),
            (2.0.into(), serde_json::json!([]), serde_json::json!([step(2.0, 1e5), step(1.0, 1e5)]),
             "flows[0].traffic.rate_steps[1].at_s: 1 is not a time"),
            (2.0.into(), serde_json::json!([]), serde_json::json!([step(2.0, 0.0)]),
             "flows[0].traffic.rate_steps[0].rate_bps: must be in"),
        ] {
            let e = restarting(stop, restarts, steps).unwrap_err();
            assert!(e.starts_with(want), "{e}");
        }
        assert_eq!(sc(serde_json::json!({"traffic": on_off, "stop_s": 1.0, "restarts": [{"start_s": 2.0}]})), Ok(()));
        // a bulk transfer starts again (ns-2's FTP start after a stop); one of a given size does not
        assert_eq!(sc(serde_json::json!({"traffic": {"type": "bulk"}, "transport": "tcp", "stop_s": 1.0,
                                         "restarts": [{"start_s": 2.0}]})), Ok(()));
        // and again while it runs (ns-2's FTP start twice: the agent tries to send), not
        // before the start of the period it falls in
        let bulk = |start: f64, stop: serde_json::Value, restarts: serde_json::Value| {
            sc(serde_json::json!({"traffic": {"type": "bulk"}, "transport": "tcp", "start_s": start, "stop_s": stop,
                                  "restarts": restarts}))
        };
        assert_eq!(bulk(0.1, serde_json::Value::Null,
                        serde_json::json!([{"start_s": 0.1}, {"start_s": 0.2, "stop_s": 0.3}, {"start_s": 0.4}])), Ok(()));
        let e = bulk(0.1, serde_json::Value::Null, serde_json::json!([{"start_s": 0.05}])).unwrap_err();
        assert_eq!(e, "flows[0].restarts[0].start_s: 0.05 must not come before the start of the period before it \
                       (0.1 s), which runs on");
        let e = bulk(0.1, serde_json::Value::Null, serde_json::json!([{"start_s": 0.5}, {"start_s": 0.2}])).unwrap_err();
        assert!(e.starts_with("flows[0].restarts[1].start_s: 0.2 must not come before the start of the period before \
                               it (0.5 s)"), "{e}");
        // a source's start while it runs is refused
        let e = sc(serde_json::json!({"traffic": on_off, "restarts": [{"start_s": 0.5}]})).unwrap_err();
        assert!(e.starts_with("flows[0].restarts[0]: the period before it never stops"), "{e}");
        let e = sc(serde_json::json!({"traffic": {"type": "file", "size_bytes": 10000}, "transport": "tcp",
                                      "stop_s": 1.0, "restarts": [{"start_s": 2.0}]})).unwrap_err();
        assert!(e.starts_with("flows[0].restarts: only a bulk transfer or a CBR, ON/OFF or trace-driven source") && e.ends_with("is file"),
                "{e}");
        let tcp_cbr = serde_json::json!({"type": "cbr", "rate_bps": 1e5, "random": true, "max_pkts": 5});
        assert_eq!(sc(serde_json::json!({"traffic": tcp_cbr, "transport": "tcp"})), Ok(()));
        // the largest datagram is a UDP flow's
        let e = sc(serde_json::json!({"traffic": tcp_cbr, "transport": "tcp", "max_datagram_bytes": 500})).unwrap_err();
        assert!(e.starts_with("flows[0].max_datagram_bytes: a TCP flow's packets are tcp.packet_size_bytes"), "{e}");
        assert_eq!(sc(serde_json::json!({"traffic": cbr, "max_datagram_bytes": 500})), Ok(()));
    }

    #[test]
    fn every_registered_router_scheme_is_a_scheme_type_and_no_other() {
        for r in crate::feedback::ROUTERS {
            let ok = with_scheme(serde_json::json!({"type": r.name, "links": ["a->b"]}));
            assert!(ok.is_ok(), "{}: {:?}", r.name, ok.err());
        }
        let e = with_scheme(serde_json::json!({"type": "xcp", "links": ["a->b"]})).unwrap_err();
        assert_eq!(
            e,
            "schemes[0].type: unknown router scheme 'xcp' (allowed: refwa, trefwa, xfwa)"
        );
    }

    #[test]
    fn the_contracts_ranges_are_checked_with_the_field_named() {
        let sc = |link: serde_json::Value, flow: serde_json::Value| {
            let mut l = serde_json::json!({"a": "a", "b": "b", "rate_bps": 1e6, "delay_ms": 1.0});
            l.as_object_mut()
                .unwrap()
                .extend(link.as_object().unwrap().clone());
            let mut f = serde_json::json!({"src": "a", "dst": "b"});
            f.as_object_mut()
                .unwrap()
                .extend(flow.as_object().unwrap().clone());
            let v = serde_json::json!({"duration_s": 1.0, "nodes": [{"name": "a"}, {"name": "b"}], "links": [l], "flows": [f]});
            Scenario::from_json(&v.to_string()).map(|_| ())
        };
        let none = serde_json::json!({});
        assert!(sc(none.clone(), none.clone()).is_ok());
        let red = serde_json::json!({"queue": {"type": "red", "limit_pkts": 10, "w_q": 0}});
        assert_eq!(
            sc(red, none.clone()).unwrap_err(),
            "links[0].queue.w_q: must be in (0, 1], got 0"
        );
        let ber = serde_json::json!({"b_to_a": {"error": {"type": "ber", "ber": 1}}});
        assert_eq!(
            sc(ber, none.clone()).unwrap_err(),
            "links[0].b_to_a.error.ber: must be in [0, 1), got 1"
        );
        let tcp = serde_json::json!({"tcp": {"rwnd_pkts": 0}});
        assert_eq!(
            sc(none.clone(), tcp).unwrap_err(),
            "flows[0].tcp.rwnd_pkts: must be in [1, 1000000], got 0"
        );
        let count = serde_json::json!({"count": 0});
        assert_eq!(
            sc(none.clone(), count).unwrap_err(),
            "flows[0].count: must be in [1, 100000], got 0"
        );
        let late = serde_json::json!({"start_s": 1.0});
        assert_eq!(
            sc(none, late).unwrap_err(),
            "flows[0].start_s: 1 is not before the end of the run (duration_s 1); the flow would never send"
        );
    }

    #[test]
    fn a_router_schemes_settings_are_its_own_and_checked_by_it() {
        let e = with_scheme(serde_json::json!({"type": "trefwa", "links": ["a->b"], "k": 0})).unwrap_err();
        assert_eq!(e, "schemes[0].k: must be in (0, 100], got 0");
        let e = with_scheme(serde_json::json!({"type": "xfwa", "links": ["a->b"], "phi": 1.0})).unwrap_err();
        assert!(e.starts_with("schemes[0]: unknown field `phi`"), "{e}");
        let e = with_scheme(serde_json::json!({"type": "refwa", "links": ["a->b"], "activity": "all"})).unwrap_err();
        assert!(e.contains("rtt_avg") && e.contains("flow_rtt"), "{e}");
    }
}
