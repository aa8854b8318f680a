//! Building a simulation from a validated scenario: nodes, links and their queues and
//! error models, flows and their routes, router schemes, the first events.

use crate::engine::ns2_rng::Ns2Rng;
use crate::engine::rng::{Draws, StreamRng};
use crate::engine::{from_secs, to_secs, EventQueue, RngStreams, Time};
use crate::metrics::Series;
use crate::net::error_model::{ErrorModel, Law, List, Periodic, TwoState, Unit};
use crate::net::error_module::OnError;
use crate::net::link::Link;
use crate::net::queue::{Adaptive, DropTail, QueueDiscipline, Red};
use crate::net::{drop_front::DropFront, drr::Drr, fq::Fq, pi::Pi, rem::Rem, sfq::Sfq};
use crate::net::red_victim::Victim;
use crate::net::routing::SessionRoutes;
use crate::net::{FlowId, LinkId, NodeId};
use crate::scenario::{self, ErrorAction, ErrorPlace, ErrorSpec, ErrorUnit, ForcedDrop, LawSpec, QueueSpec, Scenario, TrafficSpecIn};
use crate::feedback::{RouterContext, RouterScheme};
use crate::tcp::congestion;
use crate::tcp::rtt::TsClock;
use crate::tcp::{TcpSender, TcpSink};
use crate::traffic::telnet::Gaps as TelnetGaps;
use crate::traffic::{CbrSource, OnOffLaw, OnOffSource, Source, TelnetSource, TraceSource};
use rand::Rng;
use super::{Ev, Flow, Simulation, NONE};

pub(super) fn build_queue(q: &QueueSpec, rate_bps: f64) -> QueueDiscipline {
    match q {
        QueueSpec::Droptail { limit_pkts, limit_bytes, drop_front: false } => {
            QueueDiscipline::DropTail(DropTail { limit_pkts: *limit_pkts, limit_bytes: *limit_bytes })
        }
        QueueSpec::Droptail { limit_pkts, limit_bytes, drop_front: true } => {
            QueueDiscipline::DropFront(Box::new(DropFront::new(*limit_pkts, *limit_bytes)))
        }
        #[rustfmt::skip]
        QueueSpec::Red { limit_pkts, min_th_pkts, max_th_pkts, w_q, max_p, gentle, wait, mean_pkt_bytes, ecn, mark_p,
                         use_mark_p, forced_drop_restarts_count, queue_in_bytes, byte_mode, adaptive, forced_drop,
                         cautious, idle_pkt_bytes } => {
            // ns-2's ptc: packets of the mean size per second
            let ptc = rate_bps / (8.0 * *mean_pkt_bytes as f64);
            let mut red = Red::new(*limit_pkts, *min_th_pkts, *max_th_pkts, *w_q, *max_p, *gentle, *wait, ptc)
                .in_bytes(*queue_in_bytes, *byte_mode, *mean_pkt_bytes);
            if let Some(a) = adaptive {
                // ns-2's initialize_params: bottom_ 0 is 0.01, or 1 / the window of a
                // 100 ms path of 1000-byte packets at this rate if that is less
                let bottom = a.bottom.unwrap_or_else(|| 0.01f64.min(80000.0 / rate_bps));
                let ared = Adaptive::new(a.alpha, a.beta, a.interval_s, a.top, bottom);
                red = red.adaptive(if a.variant == scenario::AredVariant::Feng { ared.feng() } else { ared });
            }
            red = match cautious {
                scenario::RedCautious::None => red,
                scenario::RedCautious::Skip => red.cautious(1),
                scenario::RedCautious::Scale => red.cautious(2),
                scenario::RedCautious::Idle => red.cautious_idle(*mean_pkt_bytes, idle_pkt_bytes.unwrap_or(100)),
            };
            let red = if *ecn { red.with_ecn(*mark_p) } else { red };
            let red = if *use_mark_p { red } else { red.without_mark_p() };
            let red = if *forced_drop_restarts_count { red } else { red.ns1_compat() };
            QueueDiscipline::Red(Box::new(match forced_drop {
                ForcedDrop::Tail => red,
                ForcedDrop::Front => red.with_victim(Victim::Front),
                ForcedDrop::Random => red.with_victim(Victim::Random),
            }))
        }
        #[rustfmt::skip]
        QueueSpec::Pi { limit_pkts, a, b, w_hz, qref_pkts, mean_pkt_bytes, queue_in_bytes, byte_mode, ecn } => {
            QueueDiscipline::Pi(Box::new(Pi::new(*a, *b, *w_hz, *qref_pkts, *limit_pkts, *mean_pkt_bytes, *queue_in_bytes,
                                                 *byte_mode, *ecn)))
        }
        #[rustfmt::skip]
        QueueSpec::Rem { limit_pkts, gamma, phi, inw, update_interval_s, b0_pkts, mean_pkt_bytes, queue_in_bytes, ecn } => {
            let rem = Rem::new(*gamma, *phi, *inw, *update_interval_s, *b0_pkts, *limit_pkts, *mean_pkt_bytes,
                               *queue_in_bytes, rate_bps);
            QueueDiscipline::Rem(Box::new(if *ecn { rem.marking() } else { rem }))
        }
        QueueSpec::Sfq { limit_pkts, buckets } => QueueDiscipline::Sfq(Box::new(Sfq::new(*limit_pkts, *buckets))),
        QueueSpec::Drr { limit_bytes, quantum_bytes, buckets, mask } => {
            QueueDiscipline::Drr(Box::new(Drr::new(*limit_bytes, *quantum_bytes, *buckets, *mask)))
        }
        // secsPerByte_: the rate the link was made with (FQLink's init)
        QueueSpec::Fq { limit_pkts } => QueueDiscipline::Fq(Box::new(Fq::new(*limit_pkts, rate_bps))),
    }
}

pub(super) fn build_error(e: &ErrorSpec) -> ErrorModel {
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
        ErrorSpec::Periodic { unit, period, offset, burst_len, default_drop } => {
            ErrorModel::Periodic(Periodic::new(error_unit(*unit), *period, *offset, *burst_len, *default_drop))
        }
        ErrorSpec::List { unit, drops } => ErrorModel::List(List::new(error_unit(*unit), drops.clone())),
        ErrorSpec::TwoState { unit, good, bad } => {
            ErrorModel::TwoState(TwoState::new(error_unit(*unit), law(good), law(bad)))
        }
    }
}

fn error_unit(u: ErrorUnit) -> Unit {
    match u {
        ErrorUnit::Pkt => Unit::Pkt,
        ErrorUnit::Byte => Unit::Byte,
        ErrorUnit::Time => Unit::Time,
    }
}

fn law(l: &LawSpec) -> Law {
    match *l {
        LawSpec::Exponential { mean } => Law::Exponential { mean },
        LawSpec::Uniform { min, max } => Law::Uniform { min, max },
        LawSpec::Constant { value } => Law::Constant { value },
    }
}

/// One flow of a run: flow entry `entry` of the scenario stands for `count` of them.
#[derive(Clone, Debug, PartialEq)]
pub struct FlowCopy {
    /// The index of its entry in the scenario's `flows`.
    pub entry: usize,
    /// Its name: the entry's (`f{entry}` when it has none), with `#k` after it for copy
    /// k of an entry with count > 1. The flow's random streams are derived from it.
    pub name: String,
    /// When it starts: the entry's start_s + U(0, start_jitter_s), drawn from a stream
    /// of its own name (start_s itself when there is no jitter).
    pub start_s: f64,
}

/// The flows a scenario's entries stand for, in the order the run numbers them (its
/// flow ids), with the names and start times the run gives them; the ns-2 export
/// writes each as an agent of its own (satcc.ns2).
pub fn flow_copies(sc: &Scenario) -> Vec<FlowCopy> {
    let rng = RngStreams::new(sc.seed);
    let mut out = Vec::with_capacity(sc.flows.iter().map(|f| f.count as usize).sum());
    for (entry, f) in sc.flows.iter().enumerate() {
        let base = f.name.clone().unwrap_or_else(|| format!("f{entry}"));
        for k in 0..f.count {
            let name = if f.count > 1 { format!("{base}#{k}") } else { base.clone() };
            let jitter = if f.start_jitter_s > 0.0 {
                let mut srng: StreamRng = rng.stream(&format!("flow/{name}/start"));
                srng.gen::<f64>() * f.start_jitter_s
            } else {
                0.0
            };
            out.push(FlowCopy { entry, name, start_s: f.start_s + jitter });
        }
    }
    out
}

impl Simulation {
    /// Build a validated scenario (one that [`Scenario::from_json`] returned or
    /// [`Scenario::validate`] accepted); its plan checks routes and link names.
    pub fn new(sc: &Scenario) -> Result<Simulation, String> {
        let plan = super::plan::plan(sc)?;
        let rng = RngStreams::new(sc.seed);
        let end = from_secs(sc.duration_s);
        let node_ids = &plan.node_ids;
        let mut links = Vec::with_capacity(sc.links.len() * 2);
        // (when, its double time as written, link, delay in seconds)
        let mut delay_changes: Vec<(Time, f64, LinkId, f64)> = Vec::new();
        // (when, seconds as written, link, new packet limit, new byte limit)
        let mut limit_changes: Vec<(f64, LinkId, Option<u32>, Option<u64>)> = Vec::new();
        // (when, seconds as written, link, blocked) edges of the Delayers' spikes
        let mut block_edges: Vec<(f64, LinkId, bool)> = Vec::new();
        // (the first spike's time, link) of the Delayers with random spikes
        let mut spike_starts: Vec<(f64, LinkId)> = Vec::new();
        let mut rate_change_at_s: Vec<Vec<f64>> = Vec::with_capacity(sc.links.len() * 2);
        // (when it goes down or up, seconds as written, link, whether it comes up)
        let mut outage_edges: Vec<(f64, LinkId, bool)> = Vec::new();
        // each flow entry's name, as error models name the flows they see
        let entry_names = sc.flow_entry_names();
        for l in &sc.links {
            for (from, to, d) in [(&l.a, &l.b, &l.a_to_b), (&l.b, &l.a, &l.b_to_a)] {
                let id = links.len() as LinkId;
                let name = format!("{from}->{to}");
                let rate = d.rate_bps.unwrap_or(l.rate_bps);
                let delay_s = d.delay_ms.unwrap_or(l.delay_ms) / 1000.0;
                let mut queue = build_queue(d.queue.as_ref().unwrap_or(&l.queue), rate);
                if let Some(dl) = d.delayer.as_ref().or(l.delayer.as_ref()) {
                    // ns-2's Delayer after the DropTail (validated: one of packets)
                    let limit = queue.limit_pkts().expect("a delayer's droptail has a packet limit");
                    let mut delayer = crate::net::delayer::Delayer::new(limit);
                    for b in &dl.blocks {
                        if b.at_s == 0.0 {
                            // blocked from the start, before the run's first events (ns-2's
                            // `$d block` before `$ns run`)
                            delayer.block_from_start();
                        } else {
                            block_edges.push((b.at_s, id, true));
                        }
                        if let Some(u) = b.until_s {
                            block_edges.push((u, id, false));
                        }
                    }
                    if let Some(sp) = &dl.spikes {
                        delayer = delayer.with_spikes(law(&sp.interval), law(&sp.length));
                        spike_starts.push((sp.first_at_s, id));
                    }
                    if let Some(a) = &dl.alloc {
                        delayer = delayer.with_alloc(law(&a.idle), law(&a.delay));
                    }
                    queue = QueueDiscipline::Delayed(Box::new(delayer));
                }
                let error = d.error.as_ref().or(l.error.as_ref()).map(build_error);
                let mut changes: Vec<(f64, f64)> =
                    d.rate_changes.as_ref().unwrap_or(&l.rate_changes).iter().map(|c| (c.at_s, c.rate_bps)).collect();
                changes.sort_by(|a, b| a.0.total_cmp(&b.0));
                let rc: Vec<(Time, f64)> = changes.iter().map(|c| (from_secs(c.0), c.1)).collect();
                // each change's event is due at its double time as written, as ns-2's `$ns at`
                rate_change_at_s.push(changes.iter().map(|c| c.0).collect());
                let steps = d.delay_changes.as_ref().unwrap_or(&l.delay_changes);
                for c in steps {
                    delay_changes.push((from_secs(c.at_s), c.at_s, id, c.delay_ms / 1000.0));
                }
                for c in d.limit_changes.as_ref().unwrap_or(&l.limit_changes) {
                    limit_changes.push((c.at_s, id, c.limit_pkts, c.limit_bytes));
                }
                debug_assert_eq!(plan.link_names[id as usize], name);
                let (f, t) = (node_ids[from.as_str()], node_ids[to.as_str()]);
                let mut link = Link::new(
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
                );
                // every copy of the named entries, by the flow ids the run gives them
                let ids_of = |names: &Vec<String>| -> Vec<FlowId> {
                    let entries: Vec<usize> = (0..entry_names.len()).filter(|&i| names.contains(&entry_names[i])).collect();
                    flow_copies(sc)
                        .iter()
                        .enumerate()
                        .filter(|(_, c)| entries.contains(&c.entry))
                        .map(|(id, _)| id as FlowId)
                        .collect()
                };
                let module = d.error_module.as_ref().or(if d.error.is_some() { None } else { l.error_module.as_ref() });
                if let Some(module) = module {
                    // (instead of the link's `error`, at the entry too)
                    link.error = None;
                    for e in module {
                        let on_error = match e.action {
                            ErrorAction::Drop => OnError::Drop,
                            ErrorAction::Mark => OnError::Mark,
                            ErrorAction::Delay => OnError::Delay(e.delay_ms.unwrap_or(0.0) / 1000.0),
                        };
                        link.add_entry_model(e.module as usize, build_error(&e.error), on_error, e.flows.as_ref().map(ids_of));
                    }
                } else if link.error.is_some() && d.error_at.unwrap_or(l.error_at) == ErrorPlace::Entry {
                    let model = link.error.take().expect("checked");
                    let flows = d.error_flows.as_ref().or(l.error_flows.as_ref()).map(ids_of);
                    link.add_entry_model(0, model, OnError::Drop, flows);
                }
                let outages = d.outages.as_ref().unwrap_or(&l.outages);
                for o in outages {
                    outage_edges.push((o.down_s, id, false));
                    if let Some(up) = o.up_s {
                        outage_edges.push((up, id, true));
                    }
                }
                if !outages.is_empty() && matches!(link.queue, QueueDiscipline::Rem(_)) {
                    // ns-2's REM resets without Queue::reset: its packets stay queued
                    // while the link is down, which satcc's outage does not model
                    return Err(format!(
                        "links: {name}: a rem queue on a link with outages is not modelled (ns-2's REM keeps its \
                         packets through an outage; allowed there: droptail, red, pi, sfq, drr)"
                    ));
                }
                if !outages.is_empty() {
                    link.enable_outages();
                }
                let in_order = d.delay_changes_in_order.unwrap_or(l.delay_changes_in_order);
                // (without jitter, on a queue sending in arrival order: Scenario::validate)
                debug_assert!(in_order || (l.jitter_ms == 0.0 && !link.queue.schedules()));
                if !in_order {
                    // ns-2's delay_ set on a LinkDelay as it comes: packets may overtake
                    link.enable_overtaking();
                } else if l.jitter_ms > 0.0 {
                    link.set_jitter(l.jitter_ms / 1000.0, rng.stream(&format!("link/{name}/jitter")));
                } else if !steps.is_empty() {
                    // ns-2's delay_ set on a LinkDelay with avoidReordering_ (a jittery
                    // link keeps its own rule: never before the packet ahead)
                    link.enable_delay_steps();
                }
                links.push(link);
            }
        }
        let mobility = match &sc.constellation {
            Some(c) => {
                let n_sat = node_ids.values().min().copied().unwrap_or(0) as usize;
                let ends: Vec<(usize, usize)> = sc
                    .flows
                    .iter()
                    .map(|f| (node_ids[f.src.as_str()] as usize - n_sat, node_ids[f.dst.as_str()] as usize - n_sat))
                    .collect();
                let mut m = super::mobility::Mobility::build(c, end, &ends, &rng, &mut links)?;
                m.route(0)?;
                Some(Box::new(m))
            }
            None => None,
        };
        // ns-2's one generator, when the run takes ns-2's draws (Scenario::ns2_rng_seed)
        let ns2_draws = sc.ns2_rng_seed.map(|seed| {
            let mut g = Ns2Rng::new(seed);
            // what the script's agents drew before the run (ns2_rng_skip)
            for _ in 0..sc.ns2_rng_skip {
                g.u01();
            }
            std::sync::Arc::new(std::sync::Mutex::new(g))
        });
        if let Some(g) = &ns2_draws {
            for l in &mut links {
                l.use_ns2_draws(g);
            }
        }
        let mut flows = Vec::new();
        let mut routes: Vec<LinkId> = Vec::new();
        let mut copies = flow_copies(sc).into_iter().peekable();
        // each flow's detach times (sender, receiver), copies included
        let mut detach_at: Vec<(Option<f64>, Option<f64>)> = Vec::new();
        // each flow's further ON periods (restarts): start and stop, double times
        let mut restarts_at: Vec<Vec<(f64, Option<f64>)>> = Vec::new();
        // each flow's changes of its sender's window limits (tcp_changes)
        let mut tcp_changes_at: Vec<Vec<(f64, crate::tcp::LimitChange)>> = Vec::new();
        // each transfer's further messages (traffic.more): (time, packets)
        let mut more_at: Vec<Vec<(f64, i64)>> = Vec::new();
        for (i, f) in sc.flows.iter().enumerate() {
            let FlowTransport { udp, cfg, settings, entry, bare_syn } = flow_transport(sc, i)?;
            let src = node_ids[f.src.as_str()];
            let dst = node_ids[f.dst.as_str()];
            let (fwd, rev) = &plan.routes[i];
            let fwd_off = routes.len() as u32;
            routes.extend_from_slice(fwd);
            let rev_off = routes.len() as u32;
            routes.extend_from_slice(rev);
            while let Some(FlowCopy { name, start_s, .. }) = copies.next_if(|c| c.entry == i) {
                let fid = flows.len() as FlowId;
                let start = from_secs(start_s);
                let boot: f64 = match cfg.tick_phase_s {
                    Some(p) => p,
                    None => rng.stream(&format!("flow/{name}/tcp")).gen::<f64>() * cfg.tick_s,
                };
                let mut cc = (entry.build)(&settings);
                cc.set_seed(rng.stream(&format!("flow/{name}/cc")).gen::<u64>());
                let draws = || match &ns2_draws {
                    Some(g) => Draws::Ns2(g.clone()),
                    None => Draws::Own(Box::new(rng.stream(&format!("flow/{name}/source")))),
                };
                // a UDP flow's datagrams are its source's size, a TCP flow's segments its own
                let size = if udp { f.traffic.packet_size_bytes().expect("validated") } else { cfg.packet_size_bytes };
                // a source's message (its interval's size; over TCP, ns-2's sendmsg makes
                // it ceil(message / segment) segments)
                let message = f.traffic.packet_size_bytes().unwrap_or(size);
                let source_pkts = if udp { 1 } else { message.div_ceil(size) };
                let source = match &f.traffic {
                    TrafficSpecIn::Bulk | TrafficSpecIn::File { .. } => None,
                    TrafficSpecIn::Pareto { shape, mean_on_s, mean_off_s, rate_bps, .. } => Some(Source::OnOff(OnOffSource::new(
                        OnOffLaw::Pareto { shape: *shape },
                        *mean_on_s,
                        *mean_off_s,
                        *rate_bps,
                        message,
                        draws(),
                    ))),
                    TrafficSpecIn::Exponential { mean_on_s, mean_off_s, rate_bps, .. } => Some(Source::OnOff(OnOffSource::new(
                        OnOffLaw::Exponential,
                        *mean_on_s,
                        *mean_off_s,
                        *rate_bps,
                        message,
                        draws(),
                    ))),
                    TrafficSpecIn::Cbr { rate_bps, random, max_pkts, rate_steps, .. } => Some(Source::Cbr(
                        CbrSource::new(*rate_bps, message, *random, *max_pkts, draws())
                            .with_rate_steps(rate_steps.iter().map(|r| (r.at_s, r.rate_bps)).collect()),
                    )),
                    TrafficSpecIn::Telnet { interval_s, gaps, interval_steps } => Some(Source::Telnet(
                        TelnetSource::new(
                            match gaps {
                                scenario::TelnetGaps::Exponential => TelnetGaps::Exponential(*interval_s),
                                scenario::TelnetGaps::Tcplib => TelnetGaps::Tcplib,
                            },
                            draws(),
                        )
                        .with_steps(interval_steps.iter().map(|s| (s.at_s, s.interval_s)).collect()),
                    )),
                    TrafficSpecIn::Trace { records } => {
                        Some(Source::Trace(TraceSource::new(std::sync::Arc::from(records.as_slice()), draws())))
                    }
                    // its requests are events of their own (filed below)
                    TrafficSpecIn::Pings { .. } => None,
                };
                let ping = match &f.traffic {
                    TrafficSpecIn::Pings { at_s, every_s, reply_size_bytes, .. } => {
                        let until = f.stop_s.unwrap_or(sc.duration_s).min(sc.duration_s);
                        let times = crate::traffic::ping::request_times(at_s, *every_s, start_s, until);
                        Some(Box::new(crate::traffic::ping::Pinger::new(times, *reply_size_bytes as u16)))
                    }
                    _ => None,
                };
                let mut sender = TcpSender::new(fid, cfg.clone(), cc, boot)
                    .with_loss(crate::tcp::loss::build(entry.loss, &settings));
                if bare_syn {
                    sender.w.cwnd = 1.0;
                }
                if entry.writes_rtt_code || cfg.rtt_code {
                    sender = sender.with_rtt_code(settings.get::<crate::net::rtt_code::RttCodeSettings>().k);
                }
                if cfg.tick_phase_at_start {
                    sender.set_phase_rng(match &ns2_draws {
                        Some(g) => Draws::Ns2(g.clone()),
                        None => Draws::Own(Box::new(rng.stream(&format!("flow/{name}/tcp")))),
                    });
                }
                if cfg.send_overhead_s > 0.0 {
                    sender.set_overhead_rng(match &ns2_draws {
                        Some(g) => Draws::Ns2(g.clone()),
                        None => Draws::Own(Box::new(rng.stream(&format!("flow/{name}/overhead")))),
                    });
                }
                if cfg.recovery == crate::tcp::Recovery::Vegas {
                    sender.set_vegas(&settings.get::<crate::tcp::congestion::vegas::VegasSettings>());
                }
                // each host's timestamp clock ticks at a phase of its own, shared by its flows
                let ts_clock = |host: &str| TsClock::with_phase(rng.stream(&format!("host/{host}/ts-clock")).gen::<u64>());
                sender.set_ts_clock(ts_clock(&f.src));
                let mut sink = TcpSink::new(fid, &cfg);
                sink.set_ts_clock(ts_clock(&f.dst));
                // the handshake's last ACK leaves just before the first data segment and,
                // smaller, reaches the receiver earlier by the difference in serialization
                // over the path (it establishes the connection: tcp/rcvbuf.rs `establish`)
                let lead: f64 = fwd
                    .iter()
                    .map(|&l| links[l as usize].rate_bps)
                    .filter(|r| r.is_finite() && *r > 0.0)
                    .map(|r| 8.0 * cfg.data_wire_bytes().saturating_sub(cfg.ack_size_bytes) as f64 / r)
                    .sum();
                sink.set_handshake_lead(from_secs(lead));
                detach_at.push((f.src_detach_s, f.dst_detach_s));
                restarts_at.push(f.restarts.iter().map(|r| (r.start_s, r.stop_s)).collect());
                tcp_changes_at.push(f.tcp_changes.iter().map(|c| (c.at_s, c.limits())).collect());
                more_at.push(match &f.traffic {
                    TrafficSpecIn::File { more, .. } => more
                        .iter()
                        .map(|m| (m.at_s, m.size_bytes.div_ceil(cfg.packet_size_bytes.max(1) as u64) as i64))
                        .collect(),
                    _ => Vec::new(),
                });
                flows.push(Flow {
                    name,
                    group: f.group.clone(),
                    src,
                    dst,
                    cc: f.cc.clone(),
                    start,
                    start_s,
                    stop: f.stop_s.map(from_secs),
                    stop_s: f.stop_s,
                    src_detached: false,
                    dst_detached: false,
                    fwd: (fwd_off, fwd.len() as u16),
                    rev: (rev_off, rev.len() as u16),
                    sender,
                    sink,
                    source,
                    tick_at: 0,
                    source_pkts,
                    file: match f.traffic {
                        TrafficSpecIn::File { size_bytes, .. } => {
                            f.traffic.file_pkts(cfg.packet_size_bytes).map(|n| (size_bytes, n))
                        }
                        _ => None,
                    },
                    file_last_seq: None,
                    completed: None,
                    active: false,
                    rtx_event_at: None,
                    rtx_timer: None,
                    delack_timer: None,
                    delack_event_at: None,
                    payload_bytes: size,
                    wire_header_bytes: if udp { 0 } else { cfg.data_header_bytes() },
                    syn: cfg.syn && !udp,
                    // the receiver keeps a record per ACK (SACK blocks) for the sender to read
                    sack: (cfg.sack || cfg.ns2_sink_sack()) && !udp,
                    ecn: cfg.ecn && !udp,
                    timestamps: cfg.carries_send_times() && !udp,
                    udp,
                    udp_max_datagram: if udp { f.max_datagram_bytes.unwrap_or(0) } else { 0 },
                    udp_delivered_bytes: 0,
                    udp_last_sample_bytes: 0,
                    ping,
                    data_injected: 0,
                    data_delivered: 0,
                    data_dropped: 0,
                    udp_delivered_pkts: 0,
                    syn_injected: 0,
                    syn_dropped: 0,
                    ack_injected: 0,
                    ack_delivered: 0,
                    ack_dropped: 0,
                    last_sample_seq: 0,
                });
            }
        }
        let monitored: Vec<LinkId> = match &sc.monitor.links {
            Some(ls) => ls.iter().map(|n| plan.link_id(n, "monitor.links")).collect::<Result<_, _>>()?,
            // a constellation's tens of thousands of links are not sampled by default
            None if mobility.is_some() => Vec::new(),
            None => (0..links.len() as LinkId).collect(),
        };
        let mut captured = vec![false; links.len()];
        for n in &sc.monitor.capture {
            captured[plan.link_id(n, "monitor.capture")? as usize] = true;
        }
        let bottleneck = match &sc.monitor.bottleneck {
            Some(n) => Some(plan.link_id(n, "monitor.bottleneck")?),
            None => None,
        };
        let mut schemes: Vec<Box<dyn RouterScheme>> = Vec::new();
        let mut scheme_link = Vec::new();
        let mut scheme_of_link = vec![NONE; links.len()];
        let (base_tcp, _) = crate::settings::split(&sc.tcp, "tcp")?;
        for spec in &sc.schemes {
            let ids: Vec<LinkId> = match &mobility {
                // '*', 'isl' or 'gsl': every link of that kind
                Some(m) => {
                    let mut v = Vec::new();
                    for kind in spec.links() {
                        match kind.as_str() {
                            "isl" => v.extend(0..m.first_gsl),
                            "gsl" => v.extend(m.first_gsl..links.len() as LinkId),
                            _ => v.extend(0..links.len() as LinkId),
                        }
                    }
                    v.sort_unstable();
                    v.dedup();
                    v
                }
                None => spec.links().iter().map(|n| plan.link_id(n, "schemes")).collect::<Result<_, _>>()?,
            };
            for lid in ids {
                let name = &links[lid as usize].name;
                let idx = schemes.len() as u32;
                let router = crate::feedback::router(&spec.kind)
                    .ok_or_else(|| format!("schemes: unknown router scheme '{}'", spec.kind))?;
                let ctx = RouterContext {
                    initial_ttl: base_tcp.initial_ttl,
                    rng: rng.stream(&format!("scheme/{name}/{}", spec.kind)),
                };
                let scheme = (router.build)(&spec.fields, ctx)?;
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
        // session routing: each node's own routes toward the flows' ends (the planned
        // routes above are where they start: the same rule with every link up)
        let session = (sc.routing == scenario::Routing::Session).then(|| {
            let topo = super::plan::topology(sc, &node_ids);
            let ends: Vec<NodeId> = flows.iter().flat_map(|f| [f.src, f.dst]).collect();
            Box::new(SessionRoutes::new(topo, &ends))
        });
        // distance-vector routing: each node's agent, its Direct routes installed
        let dv = (sc.routing == scenario::Routing::Dv).then(|| {
            let ends: Vec<(NodeId, NodeId, f64)> = {
                let topo = super::plan::topology(sc, &node_ids);
                (0..links.len() as LinkId).map(|l| (links[l as usize].from, links[l as usize].to, topo.cost(l))).collect()
            };
            Box::new(crate::net::dv::Dv::new(sc.nodes.len(), &ends))
        });
        let node_names = match &mobility {
            Some(m) => m.names.clone(),
            None => sc.nodes.iter().map(|n| n.name.clone()).collect(),
        };
        let mut sim = Simulation {
            last_path: vec![0; flows.len()],
            hop_by_hop: mobility.is_some() || session.is_some() || dv.is_some(),
            mobility,
            session,
            dv,
            dv_changed_links: Vec::new(),
            schemes,
            scheme_link,
            scheme_of_link,
            flow_schemes,
            scenario_name: sc.name.clone(),
            seed: sc.seed,
            end,
            end_s: sc.duration_s,
            sample_interval: from_secs(sc.sample_interval_s).max(1),
            node_names,
            last_sample: vec![(0.0, 0.0); links.len()],
            route_of: flows.iter().map(|f| [f.fwd, f.rev]).collect(),
            routes,
            links,
            flows,
            events: EventQueue::new(),
            outbox: Vec::with_capacity(64),
            held: Vec::new(),
            held_free: Vec::new(),
            rtx_origin: None,
            monitored,
            rate_changes: Vec::new(),
            link_states: Vec::new(),
            detaches: Vec::new(),
            delay_changes: delay_changes.iter().map(|c| (c.2, c.3)).collect(),
            limit_changes: limit_changes.iter().map(|c| (c.1, c.2, c.3)).collect(),
            blocks: block_edges.iter().map(|c| (c.1, c.2)).collect(),
            tcp_changes: Vec::new(),
            app_sends: Vec::new(),
            bottleneck,
            flow_traces: sc.monitor.flow_traces,
            drop_trace: sc.monitor.drop_trace,
            captured,
            series: Series::default(),
            progress: None,
            sink: None,
            sink_rows: usize::MAX,
            stopped: false,
            now: 0,
            shadow: 0.0,
            transmissions: 0,
            kinds: [0; super::EVENT_KINDS.len()],
            pace: None,
            real: None,
        };
        // a scheduling queue (SFQ, DRR) hashes a packet by its flow's nodes
        if sim.links.iter().any(|l| l.queue.schedules()) {
            let nodes: std::sync::Arc<[(NodeId, NodeId)]> = sim.flows.iter().map(|f| (f.src, f.dst)).collect();
            for l in sim.links.iter_mut().filter(|l| l.queue.schedules()) {
                l.set_flow_nodes(nodes.clone());
            }
        }
        // a queue that marks as packets leave (REM) reads whether their flow is ECN-capable
        if sim.links.iter().any(|l| l.queue.dequeues_when_empty()) {
            let ecn: std::sync::Arc<[bool]> = sim.flows.iter().map(|f| f.ecn).collect();
            for l in sim.links.iter_mut().filter(|l| l.queue.dequeues_when_empty()) {
                l.set_flow_ecn(ecn.clone());
            }
        }
        for (i, f) in sim.flows.iter().enumerate() {
            if let Some(p) = &f.ping {
                // each request an `$ns at` of its own, filed before the run as a script's
                // are; a ping flow has no start or stop of its own
                for &t in p.times_s.iter().filter(|&&t| from_secs(t) <= sim.end) {
                    sim.events.push(from_secs(t), t, Ev::Ping(i as FlowId));
                }
                continue;
            }
            sim.events.push(f.start, f.start_s, Ev::FlowStart(i as FlowId));
            if let (Some(s), Some(ss)) = (f.stop, f.stop_s) {
                sim.events.push(s, ss, Ev::FlowStop(i as FlowId));
            }
            // a source's further ON periods, each `$ns at` its start and stop in turn
            for &(start_s, stop_s) in &restarts_at[i] {
                sim.events.push(from_secs(start_s), start_s, Ev::FlowStart(i as FlowId));
                if let Some(ss) = stop_s {
                    sim.events.push(from_secs(ss), ss, Ev::FlowStop(i as FlowId));
                }
            }
            // a transfer's further messages, each an `$ns at` written after its periods
            // (as satcc.ns2.to_tcl writes them); none past the run's end
            for &(t, pkts) in more_at[i].iter().filter(|&&(t, _)| from_secs(t) <= sim.end) {
                sim.app_sends.push((i as FlowId, pkts));
                sim.events.push(from_secs(t), t, Ev::AppSend(sim.app_sends.len() as u32 - 1));
            }
            // its sender's window limits changed, each an `$ns at` written after its
            // periods (as satcc.ns2.to_tcl writes them)
            for &(t, change) in &tcp_changes_at[i] {
                sim.tcp_changes.push((i as FlowId, change));
                sim.events.push(from_secs(t), t, Ev::TcpChange(sim.tcp_changes.len() as u32 - 1));
            }
            // the agents' detaches, each an `$ns at` written after the flow's start and
            // stop (as satcc.ns2.to_tcl writes them): due at the same instant, it comes
            // after them and before what the run itself files then
            for (sender, t) in [(true, detach_at[i].0), (false, detach_at[i].1)] {
                if let Some(t) = t {
                    sim.detaches.push((i as FlowId, sender));
                    sim.events.push(from_secs(t), t, Ev::Detach(sim.detaches.len() as u32 - 1));
                }
            }
        }
        for (i, l) in sim.links.iter().enumerate() {
            // (a constellation's links, made apart, have no scheduled changes)
            let shadows = rate_change_at_s.get(i).map_or(&[][..], |v| &v[..]);
            debug_assert_eq!(shadows.len(), l.rate_changes.len());
            for (c, &shadow) in l.rate_changes.iter().zip(shadows) {
                sim.rate_changes.push((i as LinkId, c.1));
                sim.events.push(c.0, shadow, Ev::RateChange(sim.rate_changes.len() as u32 - 1));
            }
        }
        for (k, c) in delay_changes.iter().enumerate() {
            sim.events.push(c.0, c.1, Ev::DelayChange(k as u32));
        }
        // buffer limits, after the delay changes, link by link, each direction's in time
        // order (as satcc.ns2.to_tcl writes their `$ns at`)
        for (k, c) in limit_changes.iter().enumerate() {
            sim.events.push(from_secs(c.0), c.0, Ev::LimitChange(k as u32));
        }
        // the Delayers' blocks and unblocks, after those, link by link, each direction's
        // in time order (as satcc.ns2.to_tcl writes their `$ns at`); none past the end
        for (k, c) in block_edges.iter().enumerate() {
            if from_secs(c.0) <= sim.end {
                sim.events.push(from_secs(c.0), c.0, Ev::Block(k as u32));
            }
        }
        // the spike timers ns-2 set as the script gave `spike` (before the run)
        for &(first_s, link) in &spike_starts {
            let t = from_secs(first_s);
            if let QueueDiscipline::Delayed(d) = &mut sim.links[link as usize].queue {
                d.spike_due = Some((t, first_s));
            }
            sim.events.push(t, first_s, Ev::Spike(link));
        }
        // each edge's event is due at its double time as written, after the scenario's
        // other scheduled changes: ns-2's rtmodel-at files its `$ns at` when the run
        // starts, after those the script wrote
        // (under session routing, routes are computed again once all edges of an instant
        // are done, as ns-2's rtQueue notifies the RouteLogic after running them all)
        let mut last_of_instant = std::collections::HashMap::new();
        for (k, &(t_s, _, _)) in outage_edges.iter().enumerate() {
            last_of_instant.insert(t_s.to_bits(), k);
        }
        for (k, &(t_s, l, up)) in outage_edges.iter().enumerate() {
            sim.link_states.push((l, up, last_of_instant[&t_s.to_bits()] == k));
            sim.events.push(from_secs(t_s), t_s, Ev::LinkState(sim.link_states.len() as u32 - 1));
        }
        // each node's DV agent files its first update when the run starts (after the
        // link dynamics' edges, as ns-2's `$ns run` configures them first)
        if let Some(dv) = sim.dv.as_mut() {
            for (u, t) in dv.first_updates().into_iter().enumerate() {
                sim.events.push(from_secs(t), t, Ev::DvUpdate(u as NodeId));
            }
        }
        sim.events.push(sim.sample_interval, to_secs(sim.sample_interval), Ev::Sample);
        if let Some(m) = &sim.mobility {
            if m.interval <= end {
                sim.events.push(m.interval, to_secs(m.interval), Ev::Route);
            }
            sim.record_paths(0);
        }
        // queues' own timers (PI's samples), started as ns-2's `$ns run` resets each queue,
        // after what the script scheduled
        for l in 0..sim.links.len() {
            if sim.links[l].queue.sampling_interval_s().is_some() {
                let origin = sim.events.order.call();
                if let Some((t, sh, o)) = sim.links[l].start_queue_timer(0.0, origin) {
                    sim.events.push_at(t, sh, o, Ev::QueueTimer(l as LinkId));
                }
            }
        }
        Ok(sim)
    }
}

/// A flow entry's transport as every run of it is built: its TCP settings (the
/// scenario's table merged with its own), its controller's registry row, whether ns-2's
/// Vegas makes its SYN a bare segment, and every check of their combination (the
/// controller is built here once to be asked; each copy builds its own). `satcc
/// validate` runs the same checks (plan::check_json), so that a scenario it passes runs.
pub(crate) struct FlowTransport {
    pub udp: bool,
    pub cfg: crate::tcp::TcpConfig,
    pub settings: crate::settings::SchemeSettings,
    pub entry: &'static congestion::Controller,
    pub bare_syn: bool,
}

/// The controllers whose loss recovery is one of `recoveries` (an ns-2 agent's rule
/// lives in that recovery's code) and that keep no rate samples (Linux's, which refuse
/// ns-2's settings): the names a refusal of such a rule allows, comma-separated.
fn ns2_recovery_controllers(recoveries: &[crate::tcp::Recovery], settings: &crate::settings::SchemeSettings) -> String {
    congestion::CONTROLLERS
        .iter()
        .filter(|c| recoveries.contains(&c.recovery) && !(c.build)(settings).needs_rate_samples())
        .map(|c| c.name)
        .collect::<Vec<_>>()
        .join(", ")
}

pub(crate) fn flow_transport(sc: &Scenario, i: usize) -> Result<FlowTransport, String> {
    let f = &sc.flows[i];
    let at = format!("flows[{i}]");
    // (a ping flow's requests and replies are datagrams as a UDP flow's are)
    let udp = f.transport != scenario::Transport::Tcp;
    // a UDP flow has no TCP: its (unused) agents are built with the defaults, so
    // that no scenario-wide TCP setting is checked against it
    let tcp = if udp { serde_json::Value::Null } else { scenario::merge(&sc.tcp, &f.tcp) };
    let (mut cfg, settings) = crate::settings::split(&tcp, &format!("{at}.tcp"))?;
    let entry = congestion::controller(&f.cc).ok_or_else(|| {
        format!("{at}.cc: unknown congestion control '{}' (allowed: {})", f.cc, congestion::controller_names().join(", "))
    })?;
    if cfg.sack && !entry.recovery.takes_sack() {
        return Err(format!(
            "{at}.tcp.sack: '{}' ({}) has no SACK recovery (allowed with it: sack = false)",
            f.cc,
            entry.ns2_agent.unwrap_or(entry.about)
        ));
    }
    if !cfg.cwr_on_retransmit && !cfg.ecn {
        return Err(format!(
            "{at}.tcp.cwr_on_retransmit: ns-2's SetCWRonRetransmit_, which segments carry the CWR of an ECN \
             response, and this flow does not run ECN (allowed: false with tcp.ecn true)"
        ));
    }
    if cfg.ecn_open_in_echo_run && !cfg.ecn {
        return Err(format!(
            "{at}.tcp.ecn_open_in_echo_run: ns-2's old_ecn_, a rule of the window's growth on ACKs that echo a mark, \
             and this flow does not run ECN (allowed: with tcp.ecn true)"
        ));
    }
    if cfg.ecn && !entry.ecn {
        return Err(format!(
            "{at}.tcp.ecn: '{}' has no ECN response modelled (allowed with ecn: {})",
            f.cc,
            congestion::CONTROLLERS.iter().filter(|c| c.ecn).map(|c| c.name).collect::<Vec<_>>().join(", ")
        ));
    }
    // ns-2's Vegas output() sends bare packetSize_ segments: no SYN, no header,
    // whatever syn_ and useHeaders_ say (`satcc validate` notes it); but its
    // reset is TcpAgent's, whose set_initial_window starts the window at 1 with
    // syn_ (and delay_growth_), and its recv steps it to windowInit_ at the ACK
    // after packet 0's
    let bare_syn = entry.recovery.bare_segments() && cfg.syn && cfg.delay_growth;
    if entry.recovery.bare_segments() {
        cfg.syn = false;
        cfg.use_headers = false;
    }
    if !f.tcp_changes.is_empty() && cfg.receive_window != crate::tcp::ReceiveWindow::Fixed {
        return Err(format!(
            "{at}.tcp_changes: ns-2's window_ changes, for a receiver advertising a fixed window; \
             {at}.tcp.receive_window is 'linux' (allowed with tcp_changes: receive_window 'fixed')"
        ));
    }
    if (!cfg.partial_window_deflation || cfg.timer_every_partial_ack || cfg.exit_recovery_at_flight) && cfg.sack {
        let field = if cfg.exit_recovery_at_flight {
            "exit_recovery_at_flight"
        } else if cfg.partial_window_deflation {
            "timer_every_partial_ack"
        } else {
            "partial_window_deflation"
        };
        return Err(format!(
            "{at}.tcp.{field}: a rule of ns-2's NewReno agent's partial ACKs, not with tcp.sack (allowed: sack = false)"
        ));
    }
    if cfg.exit_recovery_at_flight && entry.recovery != crate::tcp::Recovery::Newreno {
        return Err(format!(
            "{at}.tcp.exit_recovery_at_flight: ns-2's exit_recovery_fix_, a rule of its NewReno agent's exit from \
             fast recovery, not of '{}' (allowed: {})",
            f.cc,
            ns2_recovery_controllers(&[crate::tcp::Recovery::Newreno], &settings)
        ));
    }
    let refast = [
        ("newreno_less_careful", "lessCareful_", cfg.newreno_less_careful),
        ("newreno_ack_heuristic", "bugFix_ack_", cfg.newreno_ack_heuristic),
        ("newreno_timestamp_heuristic", "bugFix_ts_", cfg.newreno_timestamp_heuristic),
    ];
    if let Some((key, var, _)) = refast.iter().find(|r| r.2) {
        if cfg.sack || entry.recovery != crate::tcp::Recovery::Newreno {
            return Err(format!(
                "{at}.tcp.{key}: ns-2's {var}, a rule of its NewReno agent's duplicate ACKs, not of '{}'{} \
                 (allowed: {} with sack = false)",
                f.cc,
                if cfg.sack { " with tcp.sack" } else { "" },
                ns2_recovery_controllers(&[crate::tcp::Recovery::Newreno], &settings)
            ));
        }
    }
    if (!cfg.partial_window_deflation || cfg.timer_every_partial_ack) && entry.recovery != crate::tcp::Recovery::Newreno {
        let field = if cfg.partial_window_deflation { "timer_every_partial_ack" } else { "partial_window_deflation" };
        return Err(format!(
            "{at}.tcp.{field}: a rule of ns-2's NewReno agent's partial ACKs, not of '{}' (allowed: {})",
            f.cc,
            ns2_recovery_controllers(&[crate::tcp::Recovery::Newreno], &settings)
        ));
    }
    for (key, var, set) in [
        ("syn_immediate_ack", "SYN_immediate_ack_", !cfg.syn_immediate_ack),
        ("rfc2581_immediate_ack", "RFC2581_immediate_ack_", !cfg.rfc2581_immediate_ack),
    ] {
        if set && !cfg.delayed_ack {
            return Err(format!(
                "{at}.tcp.{key}: false is ns-2's {var} false, a rule of its delayed-ACK sink, and this flow's \
                 receiver acknowledges every segment at once (allowed: with tcp.delayed_ack = true)"
            ));
        }
    }
    if cfg.ts_echo_rfc1323 && !cfg.carries_send_times() {
        return Err(format!(
            "{at}.tcp.ts_echo_rfc1323: ns-2's ts_echo_rfc1323_ changes the time the receiver echoes, and this flow's \
             sender reads no echo (allowed: with tcp.timestamps = true, or sack_agent = fack)"
        ));
    }
    if cfg.ts_reset_rto && !cfg.timestamps {
        return Err(format!(
            "{at}.tcp.ts_reset_rto: ns-2's ts_resetRTO_ ends the backoff at each timestamp echo, and this flow has \
             no timestamps (allowed: with tcp.timestamps = true)"
        ));
    }
    let cumulative = [crate::tcp::Recovery::Reno, crate::tcp::Recovery::Newreno];
    if !cfg.exit_fast_retransmit && (cfg.sack || !cumulative.contains(&entry.recovery)) {
        return Err(format!(
            "{at}.tcp.exit_fast_retransmit: false is ns-2's exitFastRetrans_ false, a rule of its Reno and NewReno \
             agents' duplicate ACKs without SACK, not of '{}'{} (allowed: {} with sack = false)",
            f.cc,
            if cfg.sack { " with tcp.sack" } else { "" },
            ns2_recovery_controllers(&cumulative, &settings)
        ));
    }
    let sack1 = cfg.sack && cfg.sack_agent == crate::tcp::SackAgent::Sack1;
    {
        // a rule of ns-2's agents read by these recoveries without SACK and by its Sack1
        // agent: `rule` names the setting as ns-2 has it, `read_by` the agents
        use crate::tcp::Recovery::{self, Newreno, Reno, Tahoe, Vegas};
        let ns2_rule = |key: &str, rule: &str, read_by: &str, recoveries: &[Recovery]| -> Result<(), String> {
            if if cfg.sack { sack1 } else { recoveries.contains(&entry.recovery) } {
                return Ok(());
            }
            Err(format!(
                "{at}.tcp.{key}: {rule}, a rule of its {read_by}, not of '{}'{} (allowed: {} with sack = false, or \
                 sack_agent = sack1)",
                f.cc,
                if cfg.sack { format!(" with tcp.sack (sack_agent {})", cfg.sack_agent.name()) } else { String::new() },
                ns2_recovery_controllers(recoveries, &settings)
            ))
        };
        if !cfg.one_fast_retransmit_per_window {
            ns2_rule("one_fast_retransmit_per_window", "false is ns-2's bugFix_ false",
                     "Tahoe, Reno, NewReno, Sack1 and Vegas agents' duplicate ACKs", &[Tahoe, Reno, Newreno, Vegas])?;
        }
        if !cfg.first_packet_loss_fix {
            ns2_rule("first_packet_loss_fix", "false is ns-2's bugfix_ss_ 0",
                     "Tahoe, Reno, NewReno and Sack1 agents (Fack's and Vegas's are their own)",
                     &[Tahoe, Reno, Newreno])?;
        }
        if cfg.grow_only_window_limited {
            ns2_rule("grow_only_window_limited", "true is ns-2's control_increase_ 1",
                     "Tahoe, Reno, NewReno and Sack1 agents' new ACKs (Fack's and Vegas's are their own)",
                     &[Tahoe, Reno, Newreno])?;
        }
        if cfg.window_validation {
            ns2_rule("window_validation", "true is ns-2's QOption_ 1",
                     "Tahoe, Reno, NewReno and Sack1 agents' sends and new ACKs (Fack's and Vegas's are their own)",
                     &[Tahoe, Reno, Newreno])?;
        }
        if !cfg.send_on_old_ack {
            ns2_rule("send_on_old_ack", "false is ns-2's aggressive_maxburst_ 0",
                     "Tahoe, Reno, NewReno and Sack1 agents' ACKs (Fack and Vegas send on every ACK)",
                     &[Tahoe, Reno, Newreno])?;
        }
    }
    if (cfg.dupack_threshold_cwnd_divisor > 0 || cfg.limited_transmit_fix || cfg.sack1_partial_ack) && !sack1 {
        let (key, var) = if cfg.limited_transmit_fix {
            ("limited_transmit_fix", "LimTransmitFix_")
        } else if cfg.sack1_partial_ack {
            ("sack1_partial_ack", "partial_ack_")
        } else {
            ("dupack_threshold_cwnd_divisor", "numdupacksFrac_")
        };
        return Err(format!(
            "{at}.tcp.{key}: ns-2's {var}, read by its Sack1 agent only, which this flow is not (allowed: with \
             tcp.sack and sack_agent sack1)"
        ));
    }
    if cfg.srtt_bits < cfg.rttvar_bits {
        return Err(format!(
            "{at}.tcp.srtt_bits: {} is below rttvar_bits ({}): ns-2's RTO shifts RTTVAR by their difference \
             (allowed: rttvar_bits or more)",
            cfg.srtt_bits, cfg.rttvar_bits
        ));
    }
    if cfg.sack_blocks != 3 && !cfg.ns2_sink_sack() {
        return Err(format!(
            "{at}.tcp.sack_blocks: ns-2's maxSackBlocks_, a setting of its Sack1 sink, which this flow's receiver \
             is not (allowed: with sack_agent sack1 or fack, or sink_sack true)"
        ));
    }
    // (a Tahoe flow with tcp.sack is refused above: it has no SACK recovery)
    if !cfg.fast_retransmit && entry.recovery != crate::tcp::Recovery::Tahoe {
        return Err(format!(
            "{at}.tcp.fast_retransmit: false is ns-2's noFastRetrans_ true, which only its Tahoe agent (Agent/TCP) \
             reads, not '{}' (allowed: {})",
            f.cc,
            ns2_recovery_controllers(&[crate::tcp::Recovery::Tahoe], &settings)
        ));
    }
    cfg.recovery = match (cfg.sack, cfg.sack_agent) {
        (true, crate::tcp::SackAgent::Sack1) => crate::tcp::Recovery::Sack1,
        (true, crate::tcp::SackAgent::Fack) => crate::tcp::Recovery::Fack,
        (true, crate::tcp::SackAgent::Rfc6675) => crate::tcp::Recovery::Sack,
        (false, _) => entry.recovery,
    };
    let cc = (entry.build)(&settings);
    if cfg.tso_defer_auto {
        cfg.tso_defer = cfg.sack && cc.needs_rate_samples();
    }
    if cfg.tso_defer && !(cfg.sack && cc.needs_rate_samples()) {
        return Err(format!(
            "{at}.cc: tcp.tso_defer (Linux's TSO deferral) needs Linux's loss recovery: a controller \
             keeping rate samples (cubic, bbr) with tcp.sack = true; got '{}'{}",
            f.cc,
            if cfg.sack { "" } else { " with tcp.sack = false" }
        ));
    }
    // ns-2's agent settings that Linux's controllers (rate samples) do not have
    let ns2_only = [
        ("max_burst_pkts", "maxburst_", cfg.max_burst_pkts),
        ("max_cwnd_pkts", "maxcwnd_", cfg.max_cwnd_pkts),
        ("timestamps", "timestamps_", cfg.timestamps as u32),
        ("slow_start_restart", "slow_start_restart_ false", !cfg.slow_start_restart as u32),
        ("rfc2988", "rfc2988_ false", !cfg.rfc2988 as u32),
        ("delay_growth", "delay_growth_ false", !cfg.delay_growth as u32),
        ("timer_after_sample", "timerfix_ false", !cfg.timer_after_sample as u32),
        ("exit_fast_retransmit", "exitFastRetrans_ false", !cfg.exit_fast_retransmit as u32),
        ("one_fast_retransmit_per_window", "bugFix_ false", !cfg.one_fast_retransmit_per_window as u32),
        ("exit_recovery_at_flight", "exit_recovery_fix_ 1", cfg.exit_recovery_at_flight as u32),
        ("newreno_less_careful", "lessCareful_ true", cfg.newreno_less_careful as u32),
        ("sack1_partial_ack", "partial_ack_ true", cfg.sack1_partial_ack as u32),
        ("newreno_ack_heuristic", "bugFix_ack_ true", cfg.newreno_ack_heuristic as u32),
        ("newreno_timestamp_heuristic", "bugFix_ts_ true", cfg.newreno_timestamp_heuristic as u32),
        ("ts_echo_rfc1323", "ts_echo_rfc1323_ true", cfg.ts_echo_rfc1323 as u32),
        ("ecn_open_in_echo_run", "old_ecn_ 1", cfg.ecn_open_in_echo_run as u32),
        ("cwr_on_retransmit", "SetCWRonRetransmit_ false", !cfg.cwr_on_retransmit as u32),
        ("first_packet_loss_fix", "bugfix_ss_ 0", !cfg.first_packet_loss_fix as u32),
        ("grow_only_window_limited", "control_increase_ 1", cfg.grow_only_window_limited as u32),
        ("send_on_old_ack", "aggressive_maxburst_ 0", !cfg.send_on_old_ack as u32),
        ("window_validation", "QOption_ 1", cfg.window_validation as u32),
        ("srtt_bits", "T_SRTT_BITS", (cfg.srtt_bits != 3) as u32),
        ("rttvar_bits", "T_RTTVAR_BITS", (cfg.rttvar_bits != 2) as u32),
        ("rto_rttvar_exp", "rttvar_exp_", (cfg.rto_rttvar_exp != 2) as u32),
        ("initial_srtt_s", "srtt_init_", (cfg.initial_srtt_s != 0) as u32),
        ("initial_rttvar_s", "rttvar_init_", (cfg.initial_rttvar_s != 12) as u32),
    ];
    if let Some((key, var, _)) = ns2_only.iter().find(|s| s.2 > 0).filter(|_| cc.needs_rate_samples()) {
        return Err(format!(
            "{at}.tcp.{key}: ns-2's {var}, not with '{}', which sends, times and grows its window by Linux's \
             rules (allowed: the controllers that keep no rate samples, e.g. newreno, reno, vegas)",
            f.cc
        ));
    }
    if cfg.initial_window_by_size && cc.needs_rate_samples() {
        return Err(format!(
            "{at}.tcp.initial_window_by_size: ns-2's windowInitOption_ 2, not with '{}', which sends by \
             Linux's rules (allowed: the controllers that keep no rate samples, e.g. newreno, reno, vegas)",
            f.cc
        ));
    }
    // ns-2's opencwnd and slowdown rules, which only the controllers growing by
    // them follow
    let opencwnd_rules = [
        ("max_ssthresh_pkts", "limited slow start (max_ssthresh_)", "opencwnd", cfg.max_ssthresh_pkts > 0),
        ("aimd_increase", "AIMD increase (increase_num_)", "opencwnd", cfg.aimd_increase != 1.0),
        (
            "window_increase",
            "counted increase (windowOption_ 0)",
            "opencwnd",
            cfg.window_increase == crate::tcp::config::WindowIncrease::Counted,
        ),
        (
            "window_increase",
            "HighSpeed TCP (windowOption_ 8)",
            "opencwnd and slowdown",
            cfg.window_increase == crate::tcp::config::WindowIncrease::Highspeed,
        ),
        (
            "window_increase",
            "binomial congestion control (windowOption_ 6)",
            "opencwnd and slowdown",
            cfg.window_increase == crate::tcp::config::WindowIncrease::Binomial,
        ),
        (
            "window_increase",
            "experimental increase (windowOption_ 2 to 5)",
            "opencwnd",
            matches!(
                cfg.window_increase,
                crate::tcp::config::WindowIncrease::RttSquared
                    | crate::tcp::config::WindowIncrease::AverageSquared
                    | crate::tcp::config::WindowIncrease::Average
                    | crate::tcp::config::WindowIncrease::Rtt
            ),
        ),
        ("aimd_decrease", "AIMD decrease (decrease_num_)", "slowdown", cfg.aimd_decrease != 0.5),
        ("whole_packet_cuts", "whole-packet cut (precisionReduce_ false)", "slowdown", cfg.whole_packet_cuts),
    ];
    if let Some((field, what, rule, _)) = opencwnd_rules.iter().find(|r| r.3 && !cc.ns2_opencwnd()) {
        let allowed: Vec<&str> = crate::tcp::congestion::CONTROLLERS
            .iter()
            .filter(|c| (c.build)(&settings).ns2_opencwnd())
            .map(|c| c.name)
            .collect();
        return Err(format!(
            "{at}.tcp.{field}: ns-2's {what} is a rule of its {rule}, not of '{}' (allowed: {})",
            f.cc,
            allowed.join(", ")
        ));
    }
    if cfg.recovery == crate::tcp::Recovery::Sack1 && cc.needs_rate_samples() {
        return Err(format!(
            "{at}.tcp.sack_agent: 'sack1' is ns-2's Sack1 agent, not with '{}', which runs Linux's loss \
             recovery (allowed with sack1: the controllers that keep no rate samples, e.g. newreno, reno)",
            f.cc
        ));
    }
    if cfg.recovery == crate::tcp::Recovery::Fack
        && (!cc.ns2_opencwnd() || entry.loss != crate::tcp::LossPolicy::Congestion)
    {
        // Fack's own recv opens the window by ns-2's opencwnd on every ACK of its
        // recovery and cuts it as a timeout does; it consults no loss classifier
        let allowed: Vec<&str> = congestion::CONTROLLERS
            .iter()
            .filter(|c| {
                c.recovery.takes_sack() && c.loss == crate::tcp::LossPolicy::Congestion && {
                    let b = (c.build)(&settings);
                    b.ns2_opencwnd() && !b.needs_rate_samples()
                }
            })
            .map(|c| c.name)
            .collect();
        return Err(format!(
            "{at}.tcp.sack_agent: 'fack' is ns-2's Agent/TCP/Fack, whose window grows by ns-2's opencwnd \
             and is cut as on a timeout; not with '{}' (allowed with fack: {})",
            f.cc,
            allowed.join(", ")
        ));
    }
    Ok(FlowTransport { udp, cfg, settings, entry, bare_syn })
}

#[cfg(test)]
mod tests {
    use super::super::{Simulation, NONE};
    use crate::engine::from_secs;
    use serde_json::{json, Value};

    fn link(a: &str, b: &str) -> Value {
        json!({"a": a, "b": b, "rate_bps": 1e6, "delay_ms": 10.0, "queue": {"type": "droptail", "limit_pkts": 20}})
    }

    fn chain(extra: Value) -> Value {
        let mut sc = json!({
            "duration_s": 2.0,
            "nodes": [{"name": "a"}, {"name": "r1"}, {"name": "r2"}, {"name": "b"}],
            "links": [link("a", "r1"), link("r1", "r2"), link("r2", "b")],
            "flows": [{"src": "a", "dst": "b"}],
        });
        for (k, v) in extra.as_object().unwrap() {
            sc[k] = v.clone();
        }
        sc
    }

    fn build(sc: &Value) -> Simulation {
        Simulation::from_json(&sc.to_string()).unwrap()
    }

    fn route_names(s: &Simulation, (off, len): (u32, u16)) -> Vec<String> {
        s.routes[off as usize..off as usize + len as usize].iter().map(|&l| s.links[l as usize].name.clone()).collect()
    }

    #[test]
    fn two_nodes_one_link_in_both_directions() {
        let s = build(&json!({
            "duration_s": 1.5,
            "nodes": [{"name": "a"}, {"name": "b"}],
            "links": [link("a", "b")],
            "flows": [{"src": "a", "dst": "b"}],
        }));
        let names: Vec<_> = s.links.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(names, ["a->b", "b->a"]);
        assert_eq!(s.end, from_secs(1.5));
        assert_eq!(s.flows.len(), 1);
        assert_eq!(route_names(&s, s.flows[0].fwd), ["a->b"]);
        assert_eq!(route_names(&s, s.flows[0].rev), ["b->a"]);
        assert!(s.schemes.is_empty() && s.scheme_of_link.iter().all(|&x| x == NONE));
    }

    #[test]
    fn an_entry_stands_for_its_copies_named_and_started_as_flow_copies_says() {
        let flows = json!([
            {"src": "a", "dst": "b", "count": 3, "start_s": 0.5, "start_jitter_s": 0.25},
            {"name": "x", "src": "b", "dst": "a", "start_s": 0.125},
            {"src": "a", "dst": "b", "count": 2},
        ]);
        let sc = chain(json!({"seed": 5, "flows": flows}));
        let copies = super::flow_copies(&crate::scenario::Scenario::from_json(&sc.to_string()).unwrap());
        let names: Vec<_> = copies.iter().map(|c| (c.entry, c.name.as_str())).collect();
        assert_eq!(names, [(0, "f0#0"), (0, "f0#1"), (0, "f0#2"), (1, "x"), (2, "f2#0"), (2, "f2#1")]);
        // the jittered copies start apart within [0.5, 0.75); the others at start_s exactly
        let starts: Vec<f64> = copies.iter().map(|c| c.start_s).collect();
        assert!(starts[..3].iter().all(|&t| (0.5..0.75).contains(&t)), "{starts:?}");
        assert!(starts[0] != starts[1] && starts[1] != starts[2]);
        assert_eq!(&starts[3..], [0.125, 0.0, 0.0]);
        // the run's flows are these, in this order
        let s = build(&sc);
        let run: Vec<_> = s.flows.iter().map(|f| (f.name.clone(), f.start_s, f.start)).collect();
        let want: Vec<_> = copies.iter().map(|c| (c.name.clone(), c.start_s, from_secs(c.start_s))).collect();
        assert_eq!(run, want);
        // another seed draws other starts; the same seed the same
        let again = |seed: u64| {
            let sc = chain(json!({"seed": seed, "flows": flows}));
            super::flow_copies(&crate::scenario::Scenario::from_json(&sc.to_string()).unwrap())
        };
        assert_eq!(again(5), copies);
        assert_ne!(again(6)[0].start_s, copies[0].start_s);
    }

    #[test]
    fn packets_overtake_on_a_fifo_link_without_jitter_only() {
        let with = |link: Value| {
            let mut sc = chain(json!({}));
            sc["links"][1] = link;
            Simulation::from_json(&sc.to_string())
        };
        let mut l = link("r1", "r2");
        l["delay_changes"] = json!([{"at_s": 1.0, "delay_ms": 1.0}]);
        l["delay_changes_in_order"] = json!(false);
        let s = with(l.clone()).unwrap();
        assert!(s.links.iter().any(|k| k.overtakes()) && s.links.iter().filter(|k| k.overtakes()).count() == 2);
        let mut j = l.clone();
        j["jitter_ms"] = json!(2.0);
        let e = with(j).err().unwrap();
        assert!(e.contains("links[1].delay_changes_in_order: false with jitter_ms is not modelled"), "{e}");
        let mut q = l.clone();
        q["queue"] = json!({"type": "sfq", "limit_pkts": 20});
        let e = with(q).err().unwrap();
        assert!(e.contains("links[1].delay_changes_in_order: false with a queue that picks the next packet itself is \
                            not modelled"), "{e}");
        for q in [json!({"type": "droptail", "limit_pkts": 20, "drop_front": true}),
                  json!({"type": "red", "limit_pkts": 20, "forced_drop": "random"}),
                  json!({"type": "rem", "limit_pkts": 20, "ecn": true})] {
            let mut x = l.clone();
            x["queue"] = q;
            assert!(with(x).err().unwrap().contains("a queue that picks the next packet itself"));
        }
        let mut d2 = l.clone();
        d2.as_object_mut().unwrap().remove("delay_changes_in_order");
        d2["jitter_ms"] = json!(1.0);
        d2["a_to_b"] = json!({"delay_changes_in_order": false});
        let e = with(d2).err().unwrap();
        assert!(e.contains("links[1].a_to_b.delay_changes_in_order: false with jitter_ms"), "{e}");
        // one direction only
        let mut d = link("r1", "r2");
        d["delay_changes"] = json!([{"at_s": 1.0, "delay_ms": 1.0}]);
        d["b_to_a"] = json!({"delay_changes_in_order": false});
        let s = with(d).unwrap();
        let names: Vec<&str> = s.links.iter().filter(|k| k.overtakes()).map(|k| k.name.as_str()).collect();
        assert_eq!(names, vec!["r2->r1"]);
    }

    #[test]
    fn a_set_tick_phase_is_the_senders_and_an_unset_one_is_drawn_from_the_seed() {
        let phase = |tcp: Value, seed: u64| {
            let s = build(&chain(json!({"seed": seed, "flows": [{"src": "a", "dst": "b", "tcp": tcp}]})));
            s.flows[0].sender.rtt_tick_phase_s()
        };
        assert_eq!(phase(json!({"tick_phase_s": 0.0042}), 1), 0.0042);
        assert_eq!(phase(json!({"tick_phase_s": 0.0042}), 2), 0.0042);
        let (a, b) = (phase(json!({}), 1), phase(json!({}), 2));
        assert!(a != b && (0.0..0.01).contains(&a) && (0.0..0.01).contains(&b), "{a} {b}");
        assert_eq!(phase(json!({}), 1), a, "the same seed draws the same phase");
    }

    #[test]
    fn the_linux_stack_defers_tso_where_the_controller_keeps_rate_samples() {
        let flow = |cc: &str, tcp: Value| json!({"src": "a", "dst": "b", "cc": cc, "tcp": tcp});
        let s = build(&chain(json!({
            "tcp": {"stack": "linux"},
            "flows": [flow("cubic", json!({})), flow("newreno", json!({})), flow("bbr", json!({"tso_defer": false})),
                      flow("bbr", json!({"stack": "ns2", "sack": true}))],
        })));
        let cfg: Vec<_> = s.flows.iter().map(|f| f.sender.config()).collect();
        assert!(cfg[0].tso_defer, "cubic keeps rate samples");
        assert!(!cfg[1].tso_defer, "newreno keeps none");
        assert!(!cfg[2].tso_defer, "written in the table: it wins");
        assert!(!cfg[3].tso_defer && cfg[3].rto == crate::tcp::RtoStyle::Ns2, "a flow's own stack: ns2");
        for c in &cfg[..3] {
            assert!(c.sack && c.rwnd_pkts == crate::scenario::MAX_WINDOW_PKTS && c.rto == crate::tcp::RtoStyle::Linux);
        }
        // written on for a controller without rate samples, it is refused as before
        let e = Simulation::from_json(&chain(json!({"tcp": {"stack": "linux", "tso_defer": true}})).to_string()).err().unwrap();
        assert!(e.contains("flows[0].cc: tcp.tso_defer"), "{e}");
    }

    #[test]
    fn a_chain_routes_data_through_every_hop_and_acks_back() {
        let s = build(&chain(json!({"flows": [{"src": "a", "dst": "b", "count": 3, "name": "f"}]})));
        assert_eq!(s.flows.len(), 3, "count expands");
        assert_eq!(s.flows.iter().map(|f| f.name.as_str()).collect::<Vec<_>>(), ["f#0", "f#1", "f#2"]);
        for f in &s.flows {
            assert_eq!(route_names(&s, f.fwd), ["a->r1", "r1->r2", "r2->b"]);
            assert_eq!(route_names(&s, f.rev), ["b->r2", "r2->r1", "r1->a"]);
        }
    }

    #[test]
    fn a_router_scheme_guards_only_its_link_and_its_flows_meet_it_at_its_node() {
        let s = build(&chain(json!({"schemes": [{"type": "refwa", "links": ["r1->r2"]}]})));
        assert_eq!(s.schemes.len(), 1);
        for (i, l) in s.links.iter().enumerate() {
            let want = if l.name == "r1->r2" { 0 } else { NONE };
            assert_eq!(s.scheme_of_link[i], want, "{}", l.name);
        }
        let r1 = s.node_names.iter().position(|n| n == "r1").unwrap() as u32;
        assert_eq!(s.flow_schemes[0], [(r1, 0)]);
    }

    /// Every registered controller builds and moves data over a lossy link (so that its
    /// loss response runs too): a registry row that cannot run fails here.
    #[test]
    fn every_registered_controller_runs() {
        for c in crate::tcp::congestion::CONTROLLERS {
            let mut sc = chain(json!({"flows": [{"src": "a", "dst": "b", "cc": c.name, "count": 2}]}));
            sc["links"][1]["a_to_b"] = json!({"error": {"type": "per", "per": 0.01}});
            let out = build(&sc).run();
            for f in &out.summary.flows {
                assert_eq!(f.cc, c.name);
                assert!(f.data_pkts_acked > 20, "{}: {} packets acked in 2 s", c.name, f.data_pkts_acked);
            }
        }
    }

    #[test]
    fn a_flow_takes_its_controller_and_loss_classification_from_the_registry() {
        let s = build(&chain(json!({"flows": [{"src": "a", "dst": "b", "cc": "westwood"}]})));
        assert_eq!(s.flows[0].sender.controller_name(), "westwood");
        let err = Simulation::from_json(&chain(json!({"flows": [{"src": "a", "dst": "b", "cc": "hybla"}]})).to_string())
            .err()
            .unwrap();
        assert!(err.contains("flows[0].cc") && err.contains("newreno"), "{err}");
    }
}

