//! The simulation: builds the network from a validated [`Scenario`], runs the event
//! loop, and reports metrics. One run is single-threaded and deterministic.
//!
//! - [`budget`]: the memory and events a run will need, estimated before it starts;
//! - [`plan`]: link ids, routes and named links, checked without building anything;
//! - [`build`]: the network, flows and router schemes of a scenario (`Simulation::new`);
//! - [`event_loop`]: the event loop and what each event does (`Simulation::run`);
//! - [`report`]: the summary and time series at the end of a run.

pub mod budget;
mod build;
pub use build::{flow_copies, FlowCopy};
mod event_loop;
pub mod mobility;
pub mod plan;
mod real;
pub mod realtime;
pub use real::{node_ip, REAL_PORT_BASE};
mod report;

use crate::engine::{EventQueue, Time};
use crate::metrics::{Series, Summary};
use crate::net::link::{Link, Pass};
use crate::net::{FlowId, LinkId, NodeId, Packet};
use crate::scenario::Scenario;
use crate::feedback::RouterScheme;
use crate::tcp::{TcpSender, TcpSink};
use crate::traffic::Source;

/// Why a packet was dropped (the `cause` column of the drops table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DropCause {
    /// The queue was full.
    Overflow = 0,
    /// Active queue management (RED) dropped it early.
    Early = 1,
    /// The link's error model corrupted it.
    Error = 2,
    /// Its TTL ran out.
    Ttl = 3,
    /// At a node with no route to its destination (a moving constellation).
    NoRoute = 4,
    /// Its link went down with it in the queue or on the wire, or refused it while down.
    LinkDown = 5,
}

pub const DROP_CAUSES: [&str; 6] = ["overflow", "early", "error", "ttl", "no_route", "link_down"];

/// An event: eight bytes, so that heap entries are 32.
#[derive(Clone, Copy, Debug)]
enum Ev {
    /// The head packet of a link reaches the far end.
    LinkHead(LinkId),
    Rtx(FlowId),
    DelAck(FlowId),
    /// A sender's delayed send (send overhead) is due.
    DelSnd(FlowId),
    /// A paced sender's next segment may leave.
    Pace(FlowId),
    FlowStart(FlowId),
    FlowStop(FlowId),
    SourceTick(FlowId),
    /// Index into the simulation's list of (link, new rate) changes.
    RateChange(u32),
    /// Index into the simulation's list of (link, new one-way delay) changes.
    DelayChange(u32),
    /// Index into the simulation's list of (link, comes up) outage edges.
    LinkState(u32),
    /// Index into the simulation's list of (flow, its sender or its receiver) detaches.
    Detach(u32),
    Sample,
    /// A router scheme's periodic update (index into the schemes).
    SchemeUpdate(u32),
    /// A routing instant of a moving constellation.
    Route,
    /// A link with a scheduling queue (SFQ, DRR): its packet in transmission leaves and
    /// the queue gives the next (net::link, `Link::depart`).
    LinkDeparture(LinkId),
    /// A link's queue samples itself (PI's and REM's timers; net::link, `Link::queue_timer`).
    QueueTimer(LinkId),
    /// A node's periodic distance-vector update (`routing: dv`).
    DvUpdate(NodeId),
    /// Index into the simulation's list of (link, new packet limit, new byte limit)
    /// changes of a queue's buffer.
    LimitChange(u32),
    /// Index into the simulation's list of changes of a sender's window limits and
    /// threshold (tcp_changes).
    TcpChange(u32),
    /// A ping flow's next echo request goes (traffic: pings).
    Ping(FlowId),
    /// A packet an error module at a link's entry held (`action: delay`) goes on to
    /// the link's queue: index into the simulation's `held` packets.
    EntryDelay(u32),
    /// A transfer's further message is handed to its agent (traffic.more): index into
    /// the simulation's list of (flow, packets).
    AppSend(u32),
    /// A link's Delayer is blocked or unblocked (`delayer.blocks`): index into the
    /// simulation's list of (link, blocked) edges.
    Block(u32),
    /// A link's Delayer's spike timer (`delayer.spikes`).
    Spike(LinkId),
    /// A link's Delayer's channel allocation timer (`delayer.alloc`).
    Alloc(LinkId),
}

/// The flow id of the routing agents' packets (`routing: dv`): no flow's.
pub(crate) const ROUTING_FLOW: FlowId = FlowId::MAX - 1;

const _: () = assert!(std::mem::size_of::<Ev>() == 8);

/// What each kind of event is called in a run's count of its events (`RunOutput::
/// events_by_kind`), in the order of `Ev::kind`.
pub const EVENT_KINDS: [&str; 26] = [
    "link arrivals",
    "retransmission timers",
    "delayed-ACK timers",
    "send overheads",
    "pacing wake-ups",
    "flow starts",
    "flow stops",
    "source ticks",
    "rate changes",
    "delay changes",
    "samples",
    "scheme updates",
    "routing instants",
    "link outages",
    "agents detached",
    "link departures",
    "queue timers",
    "routing updates",
    "queue limit changes",
    "sender limit changes",
    "echo requests",
    "held packets released",
    "messages handed to agents",
    "delay spike edges",
    "delay spike timers",
    "channel allocation timers",
];

impl Ev {
    /// Index of this event's kind in EVENT_KINDS.
    #[inline(always)]
    fn kind(&self) -> usize {
        match self {
            Ev::LinkHead(_) => 0,
            Ev::Rtx(_) => 1,
            Ev::DelAck(_) => 2,
            Ev::DelSnd(_) => 3,
            Ev::Pace(_) => 4,
            Ev::FlowStart(_) => 5,
            Ev::FlowStop(_) => 6,
            Ev::SourceTick(_) => 7,
            Ev::RateChange(_) => 8,
            Ev::DelayChange(_) => 9,
            Ev::Sample => 10,
            Ev::SchemeUpdate(_) => 11,
            Ev::Route => 12,
            Ev::LinkState(_) => 13,
            Ev::Detach(_) => 14,
            Ev::LinkDeparture(_) => 15,
            Ev::QueueTimer(_) => 16,
            Ev::DvUpdate(_) => 17,
            Ev::LimitChange(_) => 18,
            Ev::TcpChange(_) => 19,
            Ev::Ping(_) => 20,
            Ev::EntryDelay(_) => 21,
            Ev::AppSend(_) => 22,
            Ev::Block(_) => 23,
            Ev::Spike(_) => 24,
            Ev::Alloc(_) => 25,
        }
    }
}

/// A flow timer as ns-2 times it: set during an event for some seconds, it expires at
/// that event's double time plus them (`at` is that rounded) and is ordered against
/// events due at the same instant by when it was set (engine::event_queue).
#[derive(Clone, Copy, Debug)]
struct DoubleTimer {
    at: Time,
    shadow: f64,
    /// The call of the event that set it (engine::order).
    set_at: crate::engine::order::Origin,
}

/// The event a flow timer waits with: its instant, and the double time and origin it
/// was filed with, which tell it from an earlier event filed for the same instant (a
/// timer set again to the same nanosecond is due then as ns-2 times its new setting:
/// its new double time, after what was scheduled before it was set again).
#[derive(Clone, Copy, Debug)]
struct Armed {
    at: Time,
    shadow: f64,
    origin: crate::engine::order::Origin,
}

struct Flow {
    name: String,
    group: Option<String>,
    src: NodeId,
    dst: NodeId,
    cc: String,
    start: Time,
    start_s: f64,
    stop: Option<Time>,
    stop_s: Option<f64>,
    /// Its sending and its receiving agent are off their hosts (src_detach_s,
    /// dst_detach_s: an event at each, filed as ns-2's `$ns at` of the detach, after the
    /// flow's start and stop): what each sends from then on goes nowhere and what
    /// reaches it is discarded (ns-2's `$ns detach-agent`).
    src_detached: bool,
    dst_detached: bool,
    /// Data and ACK routes as (offset, length) in the simulation's route table.
    fwd: (u32, u16),
    rev: (u32, u16),
    sender: TcpSender,
    sink: TcpSink,
    source: Option<Source>,
    /// When its source's pending tick is due: a tick at any other instant is one a stop
    /// left behind, which a start again cancelled (ns-2's resched).
    tick_at: Time,
    /// Segments a TCP agent is handed for each of its source's messages
    /// (ceil(message / segment), ns-2's TcpAgent::sendmsg).
    source_pkts: u32,
    /// A transfer (traffic: file): its size in bytes and packets, the seqno whose
    /// acknowledgment completes it (set when the sender is handed the packets), and the
    /// instant it was (ns-2's `done`: the cumulative ACK reaches curseq_ - 1).
    file: Option<(u64, i64)>,
    file_last_seq: Option<i64>,
    completed: Option<Time>,
    active: bool,
    rtx_event_at: Option<Armed>,
    /// The retransmission deadline as ns-2 times it, when the sender set ns-2's timer.
    rtx_timer: Option<DoubleTimer>,
    delack_event_at: Option<Armed>,
    delack_timer: Option<DoubleTimer>,
    payload_bytes: u32,
    /// Header bytes its data packets carry on the wire (0 without tcp.use_headers).
    wire_header_bytes: u32,
    /// Its seqno 0 is a SYN (tcp.syn).
    syn: bool,
    sack: bool,
    /// Its sender is ECN-capable (tcp.ecn): every data segment but the first is ECT.
    ecn: bool,
    /// ns-2's timestamp option (tcp.timestamps): its data segments carry their send
    /// time's slot, its ACKs a record of the time they echo (tcp/timestamp.rs).
    timestamps: bool,
    /// A UDP flow (transport: udp): its source's datagrams go straight onto the network
    /// and are counted where they arrive; its TCP sender and sink stay idle.
    udp: bool,
    /// A UDP flow's largest datagram (max_datagram_bytes; 0: a source packet is one
    /// datagram), and the bytes of its datagrams delivered.
    udp_max_datagram: u32,
    udp_delivered_bytes: u64,
    /// The datagrams its receiving agent took (those that reached a detached one not).
    udp_delivered_pkts: u64,
    udp_last_sample_bytes: u64,
    /// A ping flow (transport: ping; `udp` set too, its requests and replies being
    /// datagrams): its requests' instants and what became of them.
    ping: Option<Box<crate::traffic::ping::Pinger>>,
    // packet accounting
    data_injected: u64,
    data_delivered: u64,
    data_dropped: u64,
    /// Of those, SYNs (seqno 0 of a tcp.syn flow).
    syn_injected: u64,
    syn_dropped: u64,
    ack_injected: u64,
    ack_delivered: u64,
    ack_dropped: u64,
    last_sample_seq: i64,
}

pub struct Simulation {
    /// A moving constellation's links and routes (None: static routes).
    mobility: Option<Box<mobility::Mobility>>,
    /// Each node's routes under `routing: session` (None: the flows' static routes).
    session: Option<Box<crate::net::routing::SessionRoutes>>,
    /// Each node's routes under `routing: dv`, learnt from its neighbours' messages.
    dv: Option<Box<crate::net::dv::Dv>>,
    /// Links (their ends) that changed state at the instant being run, in order (their
    /// nodes are told at its last edge).
    dv_changed_links: Vec<(NodeId, NodeId)>,
    /// Packets go by each node's routes (`mobility` or `session`), not the flows'.
    hop_by_hop: bool,
    /// Per flow: a fingerprint of its data path at the last routing instant.
    last_path: Vec<u64>,
    scenario_name: String,
    seed: u64,
    end: Time,
    /// The end on ns-2's double clock (the scenario's duration).
    end_s: f64,
    sample_interval: Time,
    node_names: Vec<String>,
    links: Vec<Link>,
    flows: Vec<Flow>,
    /// Router schemes, the one guarding each link (NONE if none), and those at each node.
    schemes: Vec<Box<dyn RouterScheme>>,
    scheme_link: Vec<LinkId>,
    scheme_of_link: Vec<u32>,
    /// Per flow: (node, scheme) of the schemes guarding links of its data route; its
    /// ACKs pass those nodes (ACK routes are the reverse of data routes by default).
    flow_schemes: Vec<Vec<(NodeId, u32)>>,
    /// Every flow's routes, back to back (see Flow::fwd).
    routes: Vec<LinkId>,
    /// Per flow: (data route, ACK route), kept apart from the flows for cache locality.
    route_of: Vec<[(u32, u16); 2]>,
    events: EventQueue<Ev>,
    outbox: Vec<Packet>,
    /// Packets an error module at a link's entry holds (`action: delay`): (link, the
    /// module it goes on to, the packet, what the router passing it on changes), each
    /// slot freed when it goes on (`held_free`).
    held: Vec<Option<(LinkId, u32, Packet, Pass)>>,
    held_free: Vec<u32>,
    /// The place in the order of events of a retransmission timer set before some of
    /// the packets of the event's sends (`send_and_rearm`), for `sync_timers`.
    rtx_origin: Option<crate::engine::order::Origin>,
    monitored: Vec<LinkId>,
    rate_changes: Vec<(LinkId, f64)>,
    /// Outage edges: (link, whether it comes up, whether it is the last of its instant:
    /// session routes are computed again after it).
    link_states: Vec<(LinkId, bool, bool)>,
    /// Detaches: (flow, whether its sender's: else its receiver's).
    detaches: Vec<(FlowId, bool)>,
    /// Scheduled one-way delays (link, seconds), in the order of their events' indices.
    delay_changes: Vec<(LinkId, f64)>,
    /// Scheduled buffer limits (link, packets, bytes: each if it changes), in the order
    /// of their events' indices.
    limit_changes: Vec<(LinkId, Option<u32>, Option<u64>)>,
    /// (link, blocked) edges of the links' Delayers (Ev::Block).
    blocks: Vec<(LinkId, bool)>,
    /// Each flow's sender's window limits and threshold changed (tcp_changes), as
    /// Ev::TcpChange indexes them.
    tcp_changes: Vec<(FlowId, crate::tcp::LimitChange)>,
    /// Each transfer's further messages (traffic.more), as Ev::AppSend indexes them:
    /// (flow, packets).
    app_sends: Vec<(FlowId, i64)>,
    bottleneck: Option<LinkId>,
    flow_traces: bool,
    drop_trace: bool,
    /// Per link: its packets go into the packets table (monitor.capture).
    captured: Vec<bool>,
    /// Per link: bits sent and capacity (bits) at the last sample (utilization per interval).
    last_sample: Vec<(f64, f64)>,
    series: Series,
    /// Told the simulated time every PROGRESS_EVERY events; false stops the run.
    progress: Option<Progress>,
    /// Given the series whenever they hold `sink_rows` rows (stream_series).
    sink: Option<Sink>,
    sink_rows: usize,
    /// A hook asked to stop the run.
    stopped: bool,
    now: Time,
    /// Shadow time of the event being handled (where it stands among events of its
    /// instant: the event queue's `order`).
    shadow: f64,
    transmissions: u64,
    /// Events taken from the queue, by kind (EVENT_KINDS).
    kinds: [u64; EVENT_KINDS.len()],
    /// Set for a run paced by the wall clock (`run_realtime`).
    pace: Option<Box<realtime::Pace>>,
    /// Real hosts of an emulation (`attach_real_hosts`).
    real: Option<Box<real::RealHosts>>,
}

const NONE: u32 = u32::MAX;

/// Told the simulated time (seconds) now and then during a run; returns false to stop
/// the run there (an interrupted run's output is not a result). It reads nothing of the
/// simulation's state, so a run's results never depend on it.
pub type Progress = Box<dyn FnMut(f64) -> bool + Send>;

/// Takes the time series gathered since the last call (each table in time order), so
/// that a long run's series go to disk instead of memory; returns false to stop the run.
pub type Sink = Box<dyn FnMut(Series) -> bool + Send>;

/// Events between two calls of the progress hook (a power of two): some ten calls a
/// second at full speed, a cost of one masked compare per event.
pub const PROGRESS_EVERY: u64 = 1 << 20;

/// Everything a run produces.
pub struct RunOutput {
    pub summary: Summary,
    pub series: Series,
    pub link_names: Vec<String>,
    pub flow_names: Vec<String>,
    /// Events pushed, and of them those filed beyond the event calendar's horizon (into
    /// its heap): how the engine worked, not a result (not in the summary).
    pub pushes: (u64, u64),
    /// The events of the summary's count by kind (EVENT_KINDS, in that order): what a
    /// run spends its events on (how the engine worked, not a result).
    pub events_by_kind: Vec<(&'static str, u64)>,
}

impl Simulation {
    /// Report progress to `p` during `run` (see [`Progress`]).
    pub fn set_progress(&mut self, p: Progress) {
        self.progress = Some(p);
    }

    /// Hand the time series to `sink` whenever they hold `rows` rows or more (checked at
    /// each sample and every PROGRESS_EVERY events), instead of holding them to the end;
    /// the run's output then holds only what came after the last hand-over.
    pub fn stream_series(&mut self, rows: usize, sink: Sink) {
        self.sink = Some(sink);
        self.sink_rows = rows.max(1);
    }

    /// The names the series' link and flow columns index (as RunOutput gives them).
    pub fn names(&self) -> (Vec<String>, Vec<String>) {
        (self.links.iter().map(|l| l.name.clone()).collect(), self.flows.iter().map(|f| f.name.clone()).collect())
    }

    /// Give the series to the sink if they are over its threshold.
    fn maybe_flush(&mut self) {
        if let Some(sink) = self.sink.as_mut() {
            if self.series.rows() >= self.sink_rows && !sink(std::mem::take(&mut self.series)) {
                self.stopped = true;
            }
        }
    }

    /// Parse, validate (once) and build a scenario given as JSON.
    pub fn from_json(text: &str) -> Result<Simulation, String> {
        let sc = Scenario::from_json(text)?;
        Simulation::new(&sc)
    }
}
