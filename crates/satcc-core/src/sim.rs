//! The simulation: builds the network from a validated [`Scenario`], runs the event
//! loop, and reports metrics. One run is single-threaded and deterministic.

use crate::engine::rng::StreamRng;
use crate::engine::{from_secs, to_secs, EventQueue, RngStreams, Time};
use crate::metrics::{
    jain_index, FlowSummary, GroupSummary, LinkSummary, PacketAccount, RunTotals, Series, Summary,
};
use crate::net::error_model::ErrorModel;
use crate::net::link::{At, Link, Offer};
use crate::net::queue::{DropTail, QueueDiscipline, Red, Verdict};
use crate::net::routing::Topology;
use crate::net::{FlowId, LinkId, NodeId, Packet, PacketKind};
use crate::scenario::{self, ErrorSpec, QueueSpec, Scenario, TrafficSpecIn};
use crate::feedback::{LinkView, Refwa, RefwaParams, RouterScheme, Trefwa, Xfwa, XfwaParams};
use crate::scenario::SchemeSpec;
use crate::tcp::congestion;
use crate::tcp::sender::GREEDY;
use crate::tcp::{TcpSender, TcpSink};
use crate::traffic::OnOffSource;
use rand::Rng;
use std::collections::BTreeMap;

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
}

pub const DROP_CAUSES: [&str; 4] = ["overflow", "early", "error", "ttl"];

/// An event: eight bytes, so that heap entries are 32.
#[derive(Clone, Copy, Debug)]
enum Ev {
    /// The head packet of a link reaches the far end.
    LinkHead(LinkId),
    Rtx(FlowId),
    DelAck(FlowId),
    /// A sender's delayed send (send overhead) is due.
    DelSnd(FlowId),
    FlowStart(FlowId),
    FlowStop(FlowId),
    SourceTick(FlowId),
    /// Index into the simulation's list of (link, new rate) changes.
    RateChange(u32),
    Sample,
    /// A router scheme's periodic update (index into the schemes).
    SchemeUpdate(u32),
}

const _: () = assert!(std::mem::size_of::<Ev>() == 8);

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
    /// Data and ACK routes as (offset, length) in the simulation's route table.
    fwd: (u32, u16),
    rev: (u32, u16),
    sender: TcpSender,
    sink: TcpSink,
    source: Option<OnOffSource>,
    active: bool,
    rtx_event_at: Option<Time>,
    delack_event_at: Option<Time>,
    payload_bytes: u32,
    sack: bool,
    // packet accounting
    data_injected: u64,
    data_delivered: u64,
    data_dropped: u64,
    ack_injected: u64,
    ack_delivered: u64,
    ack_dropped: u64,
    last_sample_seq: i64,
}

pub struct Simulation {
    scenario_name: String,
    seed: u64,
    end: Time,
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
    monitored: Vec<LinkId>,
    rate_changes: Vec<(LinkId, f64)>,
    bottleneck: Option<LinkId>,
    flow_traces: bool,
    drop_trace: bool,
    last_departed: Vec<u64>,
    series: Series,
    now: Time,
    /// Shadow time and tie key of the event being handled (order same-instant
    /// departures; see engine::event_queue).
    shadow: f64,
    sched: f64,
    tie: u64,
    transmissions: u64,
}

const NONE: u32 = u32::MAX;

/// Everything a run produces.
pub struct RunOutput {
    pub summary: Summary,
    pub series: Series,
    pub link_names: Vec<String>,
    pub flow_names: Vec<String>,
}

fn build_queue(q: &QueueSpec, rate_bps: f64) -> QueueDiscipline {
    match q {
        QueueSpec::Droptail { limit_pkts, limit_bytes } => {
            QueueDiscipline::DropTail(DropTail { limit_pkts: *limit_pkts, limit_bytes: *limit_bytes })
        }
        QueueSpec::Red { limit_pkts, min_th_pkts, max_th_pkts, w_q, max_p, gentle, wait, mean_pkt_bytes } => {
            QueueDiscipline::Red(Red::new(
                *limit_pkts,
                *min_th_pkts,
                *max_th_pkts,
                *w_q,
                *max_p,
                *gentle,
                *wait,
                rate_bps / (8.0 * *mean_pkt_bytes as f64),
            ))
        }
    }
}

fn build_error(e: &ErrorSpec) -> ErrorModel {
    match e {
        ErrorSpec::Per { per } => ErrorModel::PacketErrorRate { per: *per },
        ErrorSpec::Ber { ber } => ErrorModel::BitErrorRate { ber: *ber },
        ErrorSpec::GilbertElliott { p_good_to_bad, p_bad_to_good, per_good, per_bad } => ErrorModel::GilbertElliott {
            p_good_to_bad: *p_good_to_bad,
            p_bad_to_good: *p_bad_to_good,
            per_good: *per_good,
            per_bad: *per_bad,
            bad: false,
        },
    }
}

impl Simulation {
    /// Parse, validate and build a scenario given as JSON.
    pub fn from_json(text: &str) -> Result<Simulation, String> {
        let sc = Scenario::from_json(text)?;
        Simulation::new(&sc)
    }

    /// Build a validated scenario (runs [`Scenario::validate`] again).
    pub fn new(sc: &Scenario) -> Result<Simulation, String> {
        sc.validate()?;
        let rng = RngStreams::new(sc.seed);
        let end = from_secs(sc.duration_s);
        let node_ids: BTreeMap<&str, NodeId> =
            sc.nodes.iter().enumerate().map(|(i, n)| (n.name.as_str(), i as NodeId)).collect();
        let mut topo = Topology::new(sc.nodes.len());
        let mut links = Vec::with_capacity(sc.links.len() * 2);
        for l in &sc.links {
            for (from, to, d) in [(&l.a, &l.b, &l.a_to_b), (&l.b, &l.a, &l.b_to_a)] {
                let id = links.len() as LinkId;
                let name = format!("{from}->{to}");
                let rate = d.rate_bps.unwrap_or(l.rate_bps);
                let delay_s = d.delay_ms.unwrap_or(l.delay_ms) / 1000.0;
                let queue = build_queue(d.queue.as_ref().unwrap_or(&l.queue), rate);
                let error = d.error.as_ref().or(l.error.as_ref()).map(build_error);
                let mut rc: Vec<(Time, f64)> = d
                    .rate_changes
                    .as_ref()
                    .unwrap_or(&l.rate_changes)
                    .iter()
                    .map(|c| (from_secs(c.at_s), c.rate_bps))
                    .collect();
                rc.sort_by_key(|c| c.0);
                let (f, t) = (node_ids[from.as_str()], node_ids[to.as_str()]);
                topo.add_link(id, f, t);
                links.push(Link::new(
                    name.clone(),
                    f,
                    t,
                    rate,
                    delay_s,
                    queue,
                    error,
                    rng.stream(&format!("link/{name}/errors")),
                    rng.stream(&format!("link/{name}/queue")),
                    rc,
                ));
            }
        }
        let mut flows = Vec::new();
        let mut routes: Vec<LinkId> = Vec::new();
        for (i, f) in sc.flows.iter().enumerate() {
            let at = format!("flows[{i}]");
            let mut cfg = scenario::tcp_config(&scenario::merge(&sc.tcp, &f.tcp), &format!("{at}.tcp"))?;
            let entry = congestion::controller(&f.cc).ok_or_else(|| {
                format!("{at}.cc: unknown congestion control '{}' (allowed: {})", f.cc, congestion::controller_names().join(", "))
            })?;
            cfg.recovery = if cfg.sack { crate::tcp::Recovery::Sack } else { entry.recovery };
            cfg.loss_policy = entry.loss;
            cfg.tos_rtt_code = entry.writes_rtt_code;
            let src = node_ids[f.src.as_str()];
            let dst = node_ids[f.dst.as_str()];
            let ids = |p: &Vec<String>| p.iter().map(|n| node_ids[n.as_str()]).collect::<Vec<_>>();
            let fwd = match &f.path {
                Some(p) => topo.pinned_path(&ids(p)).map_err(|(a, b)| {
                    format!(
                        "{at}.path: no link between '{}' and '{}'",
                        sc.nodes[a as usize].name, sc.nodes[b as usize].name
                    )
                })?,
                None => topo
                    .shortest_path(src, dst)
                    .ok_or_else(|| format!("{at}: no route from '{}' to '{}' (nodes are not connected)", f.src, f.dst))?,
            };
            let rev = match (&f.ack_path, &f.path) {
                (Some(p), _) => topo.pinned_path(&ids(p)).map_err(|(a, b)| {
                    format!(
                        "{at}.ack_path: no link between '{}' and '{}'",
                        sc.nodes[a as usize].name, sc.nodes[b as usize].name
                    )
                })?,
                (None, Some(p)) => {
                    let mut r = ids(p);
                    r.reverse();
                    topo.pinned_path(&r).map_err(|_| format!("{at}.path: the reverse path is not linked"))?
                }
                (None, None) => topo.shortest_path(dst, src).ok_or_else(|| {
                    format!("{at}: no route for ACKs from '{}' to '{}' (nodes are not connected)", f.dst, f.src)
                })?,
            };
            if fwd.len() > u16::MAX as usize || rev.len() > u16::MAX as usize {
                return Err(format!("{at}: route longer than {} hops", u16::MAX));
            }
            let fwd_off = routes.len() as u32;
            routes.extend_from_slice(&fwd);
            let rev_off = routes.len() as u32;
            routes.extend_from_slice(&rev);
            for k in 0..f.count {
                let fid = flows.len() as FlowId;
                let base = f.name.clone().unwrap_or_else(|| format!("f{i}"));
                let name = if f.count > 1 { format!("{base}#{k}") } else { base };
                let mut srng: StreamRng = rng.stream(&format!("flow/{name}/start"));
                let jitter = if f.start_jitter_s > 0.0 { srng.gen::<f64>() * f.start_jitter_s } else { 0.0 };
                let start = from_secs(f.start_s + jitter);
                let boot: f64 = rng.stream(&format!("flow/{name}/tcp")).gen::<f64>() * cfg.tick_s;
                let cc = (entry.build)(&cfg);
                let source = match &f.traffic {
                    TrafficSpecIn::Bulk => None,
                    TrafficSpecIn::Pareto { shape, mean_on_s, mean_off_s, rate_bps } => Some(OnOffSource::new(
                        *shape,
                        *mean_on_s,
                        *mean_off_s,
                        *rate_bps,
                        cfg.packet_size_bytes,
                        rng.stream(&format!("flow/{name}/source")),
                    )),
                };
                let mut sender = TcpSender::new(fid, cfg.clone(), cc, boot);
                if cfg.send_overhead_s > 0.0 {
                    sender.set_overhead_rng(rng.stream(&format!("flow/{name}/overhead")));
                }
                flows.push(Flow {
                    name,
                    group: f.group.clone(),
                    src,
                    dst,
                    cc: f.cc.clone(),
                    start,
                    start_s: f.start_s + jitter,
                    stop: f.stop_s.map(from_secs),
                    stop_s: f.stop_s,
                    fwd: (fwd_off, fwd.len() as u16),
                    rev: (rev_off, rev.len() as u16),
                    sender,
                    sink: TcpSink::new(fid, &cfg),
                    source,
                    active: false,
                    rtx_event_at: None,
                    delack_event_at: None,
                    payload_bytes: cfg.packet_size_bytes,
                    sack: cfg.sack,
                    data_injected: 0,
                    data_delivered: 0,
                    data_dropped: 0,
                    ack_injected: 0,
                    ack_delivered: 0,
                    ack_dropped: 0,
                    last_sample_seq: 0,
                });
            }
        }
        let link_id = |n: &str| links.iter().position(|l| l.name == n).map(|i| i as LinkId);
        let monitored: Vec<LinkId> = match &sc.monitor.links {
            Some(ls) => ls
                .iter()
                .map(|n| link_id(n).ok_or_else(|| format!("monitor.links: unknown link '{n}'")))
                .collect::<Result<_, _>>()?,
            None => (0..links.len() as LinkId).collect(),
        };
        let bottleneck = match &sc.monitor.bottleneck {
            Some(n) => Some(link_id(n).ok_or_else(|| format!("monitor.bottleneck: unknown link '{n}'"))?),
            None => None,
        };
        let mut schemes: Vec<Box<dyn RouterScheme>> = Vec::new();
        let mut scheme_link = Vec::new();
        let mut scheme_of_link = vec![NONE; links.len()];
        let base_tcp = scenario::tcp_config(&sc.tcp, "tcp")?;
        for spec in &sc.schemes {
            for name in spec.links() {
                let lid = link_id(name).ok_or_else(|| format!("schemes: unknown link '{name}'"))?;
                let idx = schemes.len() as u32;
                let scheme: Box<dyn RouterScheme> = match spec {
                    SchemeSpec::Refwa { alpha, phi, psi, isl_delay_ms, rtt_error_sigma, rtt_avg_gain, activity, .. } => {
                        Box::new(Refwa::refwa(
                            RefwaParams {
                                alpha: *alpha,
                                phi: *phi,
                                psi: *psi,
                                isl_delay_s: isl_delay_ms / 1000.0,
                                rtt_error_sigma: *rtt_error_sigma,
                                rtt_avg_gain: *rtt_avg_gain,
                                initial_ttl: base_tcp.initial_ttl,
                            },
                            rng.stream(&format!("scheme/{name}/refwa")),
                        )
                        .with_activity(activity.model()))
                    }
                    SchemeSpec::Trefwa { alpha, phi, psi, k, rtt_avg_gain, activity, .. } => Box::new(
                        Trefwa::trefwa(*k, *alpha, *phi, *psi, *rtt_avg_gain, rng.stream(&format!("scheme/{name}/trefwa")))
                            .with_activity(activity.model()),
                    ),
                    SchemeSpec::Xfwa { isl_delay_ms, buffer_share, activity, .. } => {
                        let p = XfwaParams {
                            isl_delay_s: isl_delay_ms / 1000.0,
                            buffer_share: *buffer_share,
                            initial_ttl: base_tcp.initial_ttl,
                        };
                        Box::new(Xfwa::xfwa(&p, rng.stream(&format!("scheme/{name}/xfwa"))).with_activity(activity.model()))
                    }
                };
                schemes.push(scheme);
                scheme_link.push(lid);
                scheme_of_link[lid as usize] = idx;
            }
        }
        let flow_schemes = flows
            .iter()
            .map(|f| {
                routes[f.fwd.0 as usize..(f.fwd.0 as usize + f.fwd.1 as usize)]
                    .iter()
                    .filter(|&&l| scheme_of_link[l as usize] != NONE)
                    .map(|&l| (links[l as usize].from, scheme_of_link[l as usize]))
                    .collect()
            })
            .collect();
        let mut sim = Simulation {
            schemes,
            scheme_link,
            scheme_of_link,
            flow_schemes,
            scenario_name: sc.name.clone(),
            seed: sc.seed,
            end,
            sample_interval: from_secs(sc.sample_interval_s).max(1),
            node_names: sc.nodes.iter().map(|n| n.name.clone()).collect(),
            last_departed: vec![0; links.len()],
            route_of: flows.iter().map(|f| [f.fwd, f.rev]).collect(),
            routes,
            links,
            flows,
            events: EventQueue::new(),
            outbox: Vec::with_capacity(64),
            monitored,
            rate_changes: Vec::new(),
            bottleneck,
            flow_traces: sc.monitor.flow_traces,
            drop_trace: sc.monitor.drop_trace,
            series: Series::default(),
            now: 0,
            shadow: 0.0,
            sched: 0.0,
            tie: 0,
            transmissions: 0,
        };
        for (i, f) in sim.flows.iter().enumerate() {
            sim.events.push(f.start, f.start_s, Ev::FlowStart(i as FlowId));
            if let (Some(s), Some(ss)) = (f.stop, f.stop_s) {
                sim.events.push(s, ss, Ev::FlowStop(i as FlowId));
            }
        }
        for (i, l) in sim.links.iter().enumerate() {
            for c in &l.rate_changes {
                sim.rate_changes.push((i as LinkId, c.1));
                sim.events.push(c.0, to_secs(c.0), Ev::RateChange(sim.rate_changes.len() as u32 - 1));
            }
        }
        sim.events.push(sim.sample_interval, to_secs(sim.sample_interval), Ev::Sample);
        Ok(sim)
    }

    /// The event being handled, as a point in the order of events.
    #[inline]
    fn at(&self) -> At {
        At { now: self.now, shadow: self.shadow, sched: self.sched, tie: self.tie }
    }

    /// Offer a packet to `link`; schedule the link's head event if it was empty.
    fn enqueue(&mut self, pkt: Packet, link: LinkId) {
        let at = self.at();
        let l = &mut self.links[link as usize];
        match l.offer(pkt, at) {
            Offer::Admitted { was_empty } => {
                if was_empty {
                    let (t, sh, sched) = l.head_arrival().expect("admitted packet in pipe");
                    self.events.push_scheduled_at(t, sh, sched, Ev::LinkHead(link));
                }
            }
            Offer::Dropped(v) => {
                let cause = if v == Verdict::DropEarly { DropCause::Early } else { DropCause::Overflow };
                self.count_drop(&pkt, link, cause)
            }
        }
    }

    fn count_drop(&mut self, pkt: &Packet, link: LinkId, cause: DropCause) {
        let f = &mut self.flows[pkt.flow as usize];
        match pkt.kind {
            PacketKind::Data => f.data_dropped += 1,
            PacketKind::Ack => f.ack_dropped += 1,
        }
        if self.drop_trace {
            let d = &mut self.series;
            d.d_time_s.push(to_secs(self.now));
            d.d_link.push(link);
            d.d_flow.push(pkt.flow);
            d.d_seq.push(pkt.seq);
            d.d_ack.push(!pkt.is_data());
            d.d_cause.push(cause as u8);
        }
    }

    /// Send the packets an agent put in the outbox.
    fn flush_outbox(&mut self, mut out: Vec<Packet>) {
        for p in out.drain(..) {
            let f = &mut self.flows[p.flow as usize];
            let r = match p.kind {
                PacketKind::Data => {
                    f.data_injected += 1;
                    f.fwd
                }
                PacketKind::Ack => {
                    f.ack_injected += 1;
                    f.rev
                }
            };
            let first = self.routes[r.0 as usize];
            if p.is_data() && self.scheme_of_link[first as usize] != NONE {
                self.scheme_sees_data(first, &p);
            }
            self.enqueue(p, first);
        }
        self.outbox = out;
    }

    /// A data packet is offered to a guarded link (TTL as it arrived at the node).
    fn scheme_sees_data(&mut self, link: LinkId, pkt: &Packet) {
        let s = self.scheme_of_link[link as usize];
        if let Some(t) = self.schemes[s as usize].on_data(pkt, self.now) {
            self.events.push(t, to_secs(t), Ev::SchemeUpdate(s));
        }
    }

    fn on_scheme_update(&mut self, s: u32) {
        let lid = self.scheme_link[s as usize];
        let at = self.at();
        let l = &mut self.links[lid as usize];
        l.advance(at);
        let (limit_pkts, limit_bytes) = match &l.queue {
            QueueDiscipline::DropTail(d) => (d.limit_pkts, d.limit_bytes),
            QueueDiscipline::Red(r) => (Some(r.limit_pkts), None),
        };
        let view = LinkView { rate_bps: l.rate_bps, limit_pkts, limit_bytes, queue_pkts: l.queue_pkts() };
        let next = self.schemes[s as usize].update(self.now, &view);
        let u = self.schemes[s as usize].last_update();
        let d = &mut self.series;
        d.fb_time_s.push(to_secs(self.now));
        d.fb_link.push(lid);
        d.fb_aggregate_pkts.push(u.aggregate_pkts);
        d.fb_rtt_avg_s.push(u.rtt_avg_s);
        d.fb_active_flows.push(u.active_flows);
        d.fb_queue_pkts.push(u.queue_pkts);
        if let Some(t) = next {
            self.events.push(t, to_secs(t), Ev::SchemeUpdate(s));
        }
    }

    fn sync_timers(&mut self, fid: FlowId) {
        let f = &mut self.flows[fid as usize];
        if let Some(d) = f.sender.delsnd_request_s.take() {
            // timed on the double clock from this event, as ns-2 times its timers
            let sh = self.shadow + d;
            self.events.push(from_secs(sh), sh, Ev::DelSnd(fid));
        }
        if let Some(d) = f.sender.rtx_deadline {
            if f.rtx_event_at.is_none_or(|t| t > d) {
                f.rtx_event_at = Some(d);
                self.events.push(d, to_secs(d), Ev::Rtx(fid));
            }
        }
        if let Some(d) = f.sink.delack_deadline {
            if f.delack_event_at.is_none_or(|t| t > d) {
                f.delack_event_at = Some(d);
                self.events.push(d, to_secs(d), Ev::DelAck(fid));
            }
        }
    }

    /// The head packet of `link` reaches the far end. The caller already took the
    /// packet off the link and rescheduled the link's next head.
    fn on_link_head(&mut self, link: LinkId, mut pkt: Packet, ok: bool) {
        self.transmissions += 1;
        if !ok {
            self.count_drop(&pkt, link, DropCause::Error);
            return;
        }
        let fid = pkt.flow;
        if !pkt.is_data() && !self.flow_schemes[fid as usize].is_empty() {
            // an ACK passes a node whose scheme guards its flow: lower its window
            let node = self.links[link as usize].to;
            for k in 0..self.flow_schemes[fid as usize].len() {
                let (n, s) = self.flow_schemes[fid as usize][k];
                if n == node {
                    self.schemes[s as usize].on_ack(&mut pkt, self.now);
                }
            }
        }
        let (off, len) = self.route_of[fid as usize][!pkt.is_data() as usize];
        pkt.hop += 1;
        if pkt.hop < len {
            // a router forwards it
            let next = self.routes[(off + pkt.hop as u32) as usize];
            if pkt.is_data() && self.scheme_of_link[next as usize] != NONE {
                self.scheme_sees_data(next, &pkt);
            }
            if pkt.ttl <= 1 {
                self.count_drop(&pkt, next, DropCause::Ttl);
                return;
            }
            pkt.ttl -= 1;
            self.enqueue(pkt, next);
            return;
        }
        let mut out = std::mem::take(&mut self.outbox);
        let now = self.now;
        let f = &mut self.flows[fid as usize];
        match pkt.kind {
            PacketKind::Data => {
                f.data_delivered += 1;
                f.sink.on_data(&pkt, now, &mut out);
            }
            PacketKind::Ack => {
                f.ack_delivered += 1;
                let blocks = if f.sack { f.sink.sack_blocks(pkt.sack_id()) } else { None };
                f.sender.on_ack_with(&pkt, blocks, now, &mut out);
            }
        }
        self.flush_outbox(out);
        self.sync_timers(fid);
    }

    fn on_rtx(&mut self, fid: FlowId) {
        let now = self.now;
        let f = &mut self.flows[fid as usize];
        if f.rtx_event_at != Some(now) {
            return; // superseded
        }
        f.rtx_event_at = None;
        match f.sender.rtx_deadline {
            None => {}
            Some(d) if d > now => {
                f.rtx_event_at = Some(d);
                self.events.push(d, to_secs(d), Ev::Rtx(fid));
            }
            Some(_) => {
                let mut out = std::mem::take(&mut self.outbox);
                f.sender.on_timeout(now, &mut out);
                self.flush_outbox(out);
                self.sync_timers(fid);
            }
        }
    }

    fn on_delsnd(&mut self, fid: FlowId) {
        let now = self.now;
        let mut out = std::mem::take(&mut self.outbox);
        self.flows[fid as usize].sender.on_delayed_send(now, &mut out);
        self.flush_outbox(out);
        self.sync_timers(fid);
    }

    fn on_delack(&mut self, fid: FlowId) {
        let now = self.now;
        let f = &mut self.flows[fid as usize];
        if f.delack_event_at != Some(now) {
            return;
        }
        f.delack_event_at = None;
        match f.sink.delack_deadline {
            None => {}
            Some(d) if d > now => {
                f.delack_event_at = Some(d);
                self.events.push(d, to_secs(d), Ev::DelAck(fid));
            }
            Some(_) => {
                let mut out = std::mem::take(&mut self.outbox);
                f.sink.on_delack_timer(&mut out);
                self.flush_outbox(out);
                self.sync_timers(fid);
            }
        }
    }

    fn on_flow_start(&mut self, fid: FlowId) {
        let now = self.now;
        let f = &mut self.flows[fid as usize];
        f.active = true;
        let mut out = std::mem::take(&mut self.outbox);
        if f.source.is_some() {
            f.sender.app_send(0, now, &mut out);
            self.flush_outbox(out);
            self.on_source_tick(fid);
        } else {
            f.sender.app_send(GREEDY, now, &mut out);
            self.flush_outbox(out);
        }
        self.sync_timers(fid);
    }

    fn on_source_tick(&mut self, fid: FlowId) {
        let now = self.now;
        let f = &mut self.flows[fid as usize];
        if !f.active {
            return;
        }
        let Some(src) = f.source.as_mut() else { return };
        let tick = src.tick(self.shadow);
        let mut out = std::mem::take(&mut self.outbox);
        f.sender.app_send(tick.pkts, now, &mut out);
        self.flush_outbox(out);
        self.sync_timers(fid);
        let next = from_secs(tick.next_s);
        if next <= self.end {
            self.events.push(next, tick.next_s, Ev::SourceTick(fid));
        }
    }

    fn on_sample(&mut self) {
        let now = self.now;
        let t = to_secs(now);
        let dt = to_secs(self.sample_interval);
        let at = self.at();
        for &lid in &self.monitored {
            let l = &mut self.links[lid as usize];
            l.advance(at);
            let dep = l.departed_bytes();
            let util = (dep - self.last_departed[lid as usize]) as f64 * 8.0 / (l.rate_bps * dt);
            self.last_departed[lid as usize] = dep;
            self.series.q_time_s.push(t);
            self.series.q_link.push(lid);
            self.series.q_pkts.push(l.queue_pkts());
            self.series.q_util.push(util);
        }
        if self.flow_traces {
            for (i, f) in self.flows.iter_mut().enumerate() {
                if f.start > now {
                    continue;
                }
                let seq = f.sink.in_order_data_pkts();
                let gp = (seq - f.last_sample_seq) as f64 * f.payload_bytes as f64 * 8.0 / dt / 1e6;
                f.last_sample_seq = seq;
                self.series.f_time_s.push(t);
                self.series.f_flow.push(i as u32);
                self.series.f_cwnd.push(f.sender.w.cwnd);
                self.series.f_rwnd.push(f.sender.rwnd_pkts());
                self.series.f_seq.push(seq);
                self.series.f_goodput_mbps.push(gp);
            }
        }
        let next = now + self.sample_interval;
        if next <= self.end {
            self.events.push(next, to_secs(next), Ev::Sample);
        }
    }

    /// Run to the end of the scenario.
    pub fn run(mut self) -> RunOutput {
        while let Some((t, shadow, sched, tie, ev)) = self.events.peek() {
            if t > self.end {
                break;
            }
            self.now = t;
            self.shadow = shadow;
            self.sched = sched;
            self.tie = tie;
            if let Ev::LinkHead(l) = ev {
                // take the packet off the link and put the link's next head arrival
                // in this event's place: one heap operation per link traversal
                let link = &mut self.links[l as usize];
                let (pkt, ok) = link.pop_head();
                match link.head_arrival() {
                    Some((nt, nsh, nsched)) => self.events.replace_top(nt, nsh, nsched, Ev::LinkHead(l)),
                    None => {
                        self.events.pop();
                    }
                }
                self.on_link_head(l, pkt, ok);
                continue;
            }
            self.events.pop();
            match ev {
                Ev::LinkHead(_) => unreachable!("handled above"),
                Ev::Rtx(f) => self.on_rtx(f),
                Ev::DelAck(f) => self.on_delack(f),
                Ev::DelSnd(f) => self.on_delsnd(f),
                Ev::FlowStart(f) => self.on_flow_start(f),
                Ev::FlowStop(f) => {
                    let fl = &mut self.flows[f as usize];
                    fl.active = false;
                    fl.sender.app_stop();
                }
                Ev::SourceTick(f) => self.on_source_tick(f),
                Ev::RateChange(k) => {
                    let (l, r) = self.rate_changes[k as usize];
                    self.links[l as usize].set_rate(r, t);
                }
                Ev::Sample => self.on_sample(),
                Ev::SchemeUpdate(s) => self.on_scheme_update(s),
            }
        }
        self.now = self.end;
        self.finish()
    }

    fn finish(mut self) -> RunOutput {
        let end = self.end;
        let mut data_in_flight = vec![0u64; self.flows.len()];
        let mut ack_in_flight = vec![0u64; self.flows.len()];
        for l in &self.links {
            l.for_each_in_pipe(|p| match p.kind {
                PacketKind::Data => data_in_flight[p.flow as usize] += 1,
                PacketKind::Ack => ack_in_flight[p.flow as usize] += 1,
            });
        }
        let mut acct = PacketAccount::default();
        let mut flows = Vec::with_capacity(self.flows.len());
        for (i, f) in self.flows.iter().enumerate() {
            acct.data_injected += f.data_injected;
            acct.data_delivered += f.data_delivered;
            acct.data_dropped += f.data_dropped;
            acct.data_in_flight += data_in_flight[i];
            acct.ack_injected += f.ack_injected;
            acct.ack_delivered += f.ack_delivered;
            acct.ack_dropped += f.ack_dropped;
            acct.ack_in_flight += ack_in_flight[i];
            let active_end = end;
            let active_s = if f.start < active_end { to_secs(active_end - f.start) } else { 0.0 };
            let rate = |bytes: f64| if active_s > 0.0 { bytes * 8.0 / active_s / 1e6 } else { 0.0 };
            let sent = f.sender.stats.data_pkts_sent;
            flows.push(FlowSummary {
                name: f.name.clone(),
                group: f.group.clone(),
                src: self.node_names[f.src as usize].clone(),
                dst: self.node_names[f.dst as usize].clone(),
                cc: f.cc.clone(),
                start_s: to_secs(f.start),
                stop_s: f.stop.map(to_secs),
                throughput_mbps: rate(f.sink.stats.payload_bytes_received as f64),
                goodput_mbps: rate(f.sink.in_order_data_pkts() as f64 * f.payload_bytes as f64),
                data_pkts_sent: sent,
                data_pkts_delivered: f.sink.stats.data_pkts_received,
                data_pkts_acked: f.sender.data_pkts_acked(),
                data_pkts_dropped: f.data_dropped,
                retransmits: f.sender.stats.retransmits,
                fast_retransmits: f.sender.stats.fast_retransmits,
                rto_count: f.sender.stats.timeouts,
                rto_undone: f.sender.stats.spurious_timeouts_undone,
                link_error_losses: f.sender.stats.link_error_losses,
                loss_rate: if f.data_injected > 0 { f.data_dropped as f64 / f.data_injected as f64 } else { 0.0 },
                srtt_ms: f.sender.srtt_s() * 1e3,
                cwnd_pkts: f.sender.w.cwnd,
                hops_data: f.fwd.1 as usize,
            });
        }
        let mut links = Vec::with_capacity(self.links.len());
        for l in self.links.iter_mut() {
            l.advance(At::end_of(end));
            let departed_bytes = l.departed_bytes();
            let departed_pkts = l.departed_pkts();
            let cap = l.capacity_bits(end);
            let avg_q = l.mean_queue_pkts(end);
            let limit = l.queue.limit_pkts();
            let drops = l.stats.drops_overflow + l.stats.drops_early;
            links.push(LinkSummary {
                name: l.name.clone(),
                rate_bps: l.rate_bps,
                delay_ms: l.delay as f64 / 1e6,
                utilization: if cap > 0.0 { departed_bytes as f64 * 8.0 / cap } else { 0.0 },
                departed_pkts,
                departed_bytes,
                arrivals_pkts: l.stats.arrivals_pkts,
                drops,
                drops_error: l.stats.drops_error,
                loss_rate: if l.stats.arrivals_pkts > 0 {
                    (drops + l.stats.drops_error) as f64 / l.stats.arrivals_pkts as f64
                } else {
                    0.0
                },
                avg_queue_pkts: avg_q,
                avg_queue_pct: limit.map(|b| 100.0 * avg_q / b as f64),
                max_queue_pkts: l.stats.max_queue_pkts,
                limit_pkts: limit,
            });
        }
        let mut groups: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        for (i, f) in flows.iter().enumerate() {
            if let Some(g) = &f.group {
                groups.entry(g.clone()).or_default().push(i);
            }
        }
        let groups = groups
            .into_iter()
            .map(|(g, ix)| {
                let n = ix.len() as f64;
                let tp: f64 = ix.iter().map(|&i| flows[i].throughput_mbps).sum();
                let gp: f64 = ix.iter().map(|&i| flows[i].goodput_mbps).sum();
                GroupSummary {
                    group: g,
                    flows: ix.len(),
                    mean_throughput_mbps: tp / n,
                    mean_goodput_mbps: gp / n,
                    total_goodput_mbps: gp,
                }
            })
            .collect();
        let tps: Vec<f64> = flows.iter().map(|f| f.throughput_mbps).collect();
        let sent: u64 = flows.iter().map(|f| f.data_pkts_sent).sum();
        let dropped: u64 = self.flows.iter().map(|f| f.data_dropped).sum();
        let b = self.bottleneck.map(|b| &links[b as usize]);
        let totals = RunTotals {
            flows: flows.len(),
            throughput_mbps: tps.iter().sum(),
            goodput_mbps: flows.iter().map(|f| f.goodput_mbps).sum(),
            jain_fairness: jain_index(&tps, &vec![1.0; tps.len()]),
            loss_rate: if sent > 0 { dropped as f64 / sent as f64 } else { 0.0 },
            rto_count: flows.iter().map(|f| f.rto_count).sum(),
            bottleneck: b.map(|l| l.name.clone()),
            utilization: b.map(|l| l.utilization),
            avg_queue_pkts: b.map(|l| l.avg_queue_pkts),
            avg_queue_pct: b.and_then(|l| l.avg_queue_pct),
            packets: acct,
            events: self.events.popped(),
            link_transmissions: self.transmissions,
        };
        let summary = Summary {
            satcc_version: crate::VERSION.to_string(),
            scenario: self.scenario_name.clone(),
            seed: self.seed,
            duration_s: to_secs(end),
            totals,
            groups,
            flows,
            links,
        };
        RunOutput {
            summary,
            series: std::mem::take(&mut self.series),
            link_names: self.links.iter().map(|l| l.name.clone()).collect(),
            flow_names: self.flows.iter().map(|f| f.name.clone()).collect(),
        }
    }
}
