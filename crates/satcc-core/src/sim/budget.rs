//! What a run will cost, estimated before it starts: memory (time series samples,
//! captured packets, flows and their windows) and events (packets crossing links,
//! sources, samples, timers). The front refuses a run whose estimate is over its budget
//! (docs/limits.md), naming the settings that drive it; nothing here changes a result.
//!
//! The estimate is an upper bound of what the run holds at its end, made from the
//! scenario alone: each flow is taken to fill the slowest link of its path, or its
//! advertised window per propagation RTT when that is less; where flows share a link
//! that cannot carry them all so, each at its equal share of the most crowded link of
//! its path (else Table III's OC48 network, 512 flows sharing one link, came out at
//! 1.2e11 events for its 1e8, over the default budget).

use crate::net::LinkId;
use crate::scenario::{self, Scenario};
use crate::sim::plan::Plan;
use serde::Serialize;

/// Bytes of one row of each table, held twice at the end of a run (the core's columns,
/// then the front's Arrow copy while it is made).
const QUEUE_ROW_BYTES: f64 = 2.0 * 24.0;
const FLOW_ROW_BYTES: f64 = 2.0 * 68.0;
const PACKET_ROW_BYTES: f64 = 2.0 * 40.0;
/// A ping flow's request: its instant and arrival (16 bytes), its row of the pings table
/// (40, twice over as the series are built), its event filed before the run (32).
const PING_BYTES: f64 = 16.0 + 2.0 * 40.0 + 32.0;
/// A flow's sender, sink and their bookkeeping, and per packet of its window (the
/// packets in flight, the SACK scoreboard).
const FLOW_BYTES: f64 = 4096.0;
const WINDOW_PKT_BYTES: f64 = 64.0;
/// Events per packet per link it crosses: its arrival at the queue, the end of its
/// transmission, its arrival at the far end.
const EVENTS_PER_HOP: f64 = 3.0;

/// One part of an estimate: how much, and the settings that drive it.
#[derive(Clone, Debug, Serialize)]
pub struct Part {
    pub what: String,
    pub amount: f64,
    pub settings: String,
    /// Time series rows (memory a streamed run hands over as it goes).
    pub series: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct Estimate {
    pub memory_bytes: f64,
    pub events: f64,
    /// Largest first.
    pub memory: Vec<Part>,
    pub event_parts: Vec<Part>,
}

fn part(what: &str, amount: f64, settings: &str) -> Part {
    Part { what: what.into(), amount, settings: settings.into(), series: false }
}

fn series(what: &str, amount: f64, settings: &str) -> Part {
    Part { series: true, ..part(what, amount, settings) }
}

/// Each direction's highest rate (b/s) and one-way delay (s), in plan order.
fn directions(sc: &Scenario) -> Vec<(f64, f64)> {
    let mut out = Vec::with_capacity(sc.links.len() * 2);
    for l in &sc.links {
        for d in [&l.a_to_b, &l.b_to_a] {
            let mut rate = d.rate_bps.unwrap_or(l.rate_bps);
            for rc in d.rate_changes.as_ref().unwrap_or(&l.rate_changes) {
                rate = rate.max(rc.rate_bps);
            }
            out.push((rate, d.delay_ms.unwrap_or(l.delay_ms) / 1000.0));
        }
    }
    out
}

/// Estimate a validated, planned scenario.
pub fn estimate(sc: &Scenario, plan: &Plan) -> Result<Estimate, String> {
    let dirs = directions(sc);
    let samples = (sc.duration_s / sc.sample_interval_s).floor() + 1.0;
    // a constellation: its links are not sampled (monitor.links is refused there); a
    // path's slowest link is the slower of ISL and ground link, its RTT at least the
    // shell's altitude four times over, its hops about half a plane and half a ring
    let moving = match &sc.constellation {
        Some(c) => {
            let (_, shells, stations) = c.build()?;
            let n_sat: usize = shells.iter().map(|s| s.satellites.len()).sum();
            let alt = shells
                .iter()
                .flat_map(|s| s.satellites.first())
                .map(|s| crate::orbit::norm(s.position(0.0).unwrap_or([0.0; 3])) - crate::orbit::EARTH_RADIUS_M)
                .fold(f64::INFINITY, f64::min)
                .max(160e3);
            let rate = c.isl.as_ref().map_or(f64::INFINITY, |l| l.rate_bps).min(c.gsl.rate_bps.unwrap_or(f64::INFINITY));
            let hops = 2.0 + (n_sat as f64).sqrt();
            let net = crate::net::leo::Network::build(c)?;
            let work = crate::net::leo::paths::routing_work(&net, sc.duration_s, stations.len());
            Some((rate, 4.0 * alt / crate::orbit::SPEED_OF_LIGHT_M_S, hops, n_sat, stations.len(), work))
        }
        None => None,
    };
    let monitored = match (&sc.monitor.links, moving) {
        (Some(l), _) => l.len(),
        (None, Some(_)) => 0,
        (None, None) => dirs.len(),
    } as f64;
    let mut flows = 0.0;
    let mut window_pkts = 0.0;
    let mut packet_hops = 0.0;
    let mut source_pkts = 0.0;
    let mut timers = 0.0;
    let mut wire_min = f64::INFINITY;
    // fixed links: packets each link direction is offered by the flows through it, and
    // the smallest of them (bytes); each flow's packets and hops
    let mut offered = vec![0.0f64; dirs.len()];
    let mut smallest = vec![f64::INFINITY; dirs.len()];
    let mut per_flow: Vec<(f64, f64)> = Vec::with_capacity(sc.flows.len());
    let mut pings = 0.0;
    for (i, f) in sc.flows.iter().enumerate() {
        let at = format!("flows[{i}]");
        let (cfg, _) = crate::settings::split(&scenario::merge(&sc.tcp, &f.tcp), &format!("{at}.tcp"))?;
        let n = f.count as f64;
        // a UDP flow's datagrams: the source's size, no ACKs, no window; a ping flow's
        // requests, each answered
        let udp = f.transport != scenario::Transport::Tcp;
        let requests = match &f.traffic {
            scenario::TrafficSpecIn::Pings { at_s, every_s: None, .. } => Some(at_s.len() as f64),
            scenario::TrafficSpecIn::Pings { every_s: Some(every), .. } => {
                let until = f.stop_s.unwrap_or(sc.duration_s).min(sc.duration_s);
                Some(((until - f.start_s).max(0.0) / every).floor() + 1.0)
            }
            _ => None,
        };
        let one_way = udp && requests.is_none();
        let wire = match (udp, f.traffic.packet_size_bytes()) {
            // a message larger than the largest datagram goes as several
            (true, Some(size)) => size as f64 / f.max_datagram_bytes.map_or(1, |m| size.div_ceil(m.max(1))) as f64,
            _ => cfg.data_wire_bytes() as f64,
        };
        let message = if udp { f.traffic.packet_size_bytes().map_or(wire, |s| s as f64) } else { wire };
        wire_min = wire_min.min(wire);
        let (fwd, rev) = &plan.routes[i];
        let (fwd, rev): (&[LinkId], &[LinkId]) = (fwd, if one_way { &[] } else { rev });
        let (bottleneck, rtt, hops) = match moving {
            Some((rate, rtt, hops, ..)) => (rate, rtt, if one_way { hops } else { 2.0 * hops }),
            None => (
                fwd.iter().map(|&l| dirs[l as usize].0).fold(f64::INFINITY, f64::min),
                fwd.iter().chain(rev).map(|&l| dirs[l as usize].1).sum(),
                (fwd.len() + rev.len()) as f64,
            ),
        };
        let window_rate = match f.traffic.source_rate_bps() {
            Some(rate) if udp => rate,
            _ if rtt > 0.0 => cfg.rwnd_pkts as f64 * wire * 8.0 / rtt,
            _ => f64::INFINITY,
        };
        let active = (f.stop_s.unwrap_or(sc.duration_s).min(sc.duration_s) - f.start_s).max(0.0);
        let pkts = requests.unwrap_or_else(|| bottleneck.min(window_rate) / (8.0 * wire) * active);
        pings += n * requests.unwrap_or(0.0);
        per_flow.push((n * pkts, hops));
        let back = match f.traffic {
            scenario::TrafficSpecIn::Pings { reply_size_bytes, .. } => reply_size_bytes,
            _ => cfg.ack_size_bytes,
        };
        if moving.is_none() {
            for (path, size) in [(fwd, wire), (rev, back.max(1) as f64)] {
                for &l in path {
                    offered[l as usize] += n * pkts;
                    smallest[l as usize] = smallest[l as usize].min(size);
                }
            }
        }
        if let Some(rate_bps) = f.traffic.source_rate_bps() {
            source_pkts += n * rate_bps / (8.0 * if udp { message } else { cfg.packet_size_bytes as f64 }) * active;
        }
        if let scenario::TrafficSpecIn::Telnet { interval_s, gaps, interval_steps } = &f.traffic {
            let mean = match gaps {
                scenario::TelnetGaps::Exponential => *interval_s,
                scenario::TelnetGaps::Tcplib => crate::traffic::telnet::tcplib_mean_s(),
            };
            // the shortest mean gap it takes during the run, as if it held throughout
            let shortest = interval_steps.iter().map(|s| s.interval_s).fold(mean, f64::min);
            source_pkts += n * active / shortest;
        }
        if !udp {
            timers += n * active / cfg.min_rto_s.max(2.0 * cfg.tick_s);
        }
        flows += n;
        window_pkts += n * cfg.rwnd_pkts.max(cfg.initial_window_pkts) as f64;
    }
    // the share each link direction can carry of what it is offered (at most all)
    let share: Vec<f64> = (0..dirs.len())
        .map(|l| if offered[l] > 0.0 { (dirs[l].0 / (8.0 * smallest[l]) * sc.duration_s / offered[l]).min(1.0) } else { 1.0 })
        .collect();
    for (i, &(pkts, hops)) in per_flow.iter().enumerate() {
        let scale = match moving {
            Some(_) => 1.0,
            None => {
                let (fwd, rev) = &plan.routes[i];
                fwd.iter().chain(rev).map(|&l| share[l as usize]).fold(1.0, f64::min)
            }
        };
        packet_hops += pkts * scale * hops;
    }
    let mut captured = 0.0;
    for name in &sc.monitor.capture {
        let l = plan.link_id(name, "monitor.capture")? as usize;
        let rev = l ^ 1; // a link's two directions are adjacent in the plan
        captured += dirs[l].0.max(dirs[rev].0) / (8.0 * wire_min) * sc.duration_s;
    }
    let mut memory = vec![
        series("queue samples", samples * monitored * QUEUE_ROW_BYTES, "duration_s / sample_interval_s x monitor.links"),
        part("flows and their windows", flows * FLOW_BYTES + window_pkts * WINDOW_PKT_BYTES, "flows[].count x tcp.rwnd_pkts"),
    ];
    if sc.monitor.flow_traces {
        memory.push(series("flow samples", samples * flows * FLOW_ROW_BYTES,
            "duration_s / sample_interval_s x flows[].count (monitor.flow_traces)"));
    }
    if captured > 0.0 {
        memory.push(series("captured packets", captured * PACKET_ROW_BYTES, "monitor.capture x rate_bps x duration_s"));
    }
    let mut event_parts = vec![
        part("packets crossing links", packet_hops * EVENTS_PER_HOP,
            "flows[].count x the slowest rate_bps of each path (or its share of a shared one) x duration_s"),
        part("samples", samples * (1.0 + monitored), "duration_s / sample_interval_s"),
        part("retransmission timers", timers, "tcp.min_rto_s, tcp.tick_s x flows[].count x duration_s"),
    ];
    if let Some((_, _, _, n_sat, n_gs, work)) = moving {
        // routing work in units of some nanoseconds, an event some hundred
        event_parts.push(part("constellation routing", work / 20.0,
            "duration_s / constellation.routing.interval_ms x satellites x ground stations"));
        memory.push(part("constellation links", (4 * n_sat + 100 * n_gs) as f64 * 1024.0,
            "satellites x 4 ISL directions + ground links used"));
    }
    if source_pkts > 0.0 {
        event_parts.push(part("ON/OFF source packets", source_pkts, "flows[].traffic.rate_bps x duration_s"));
    }
    if pings > 0.0 {
        event_parts.push(part("echo requests", pings, "flows[].traffic.at_s, or duration_s / every_s"));
        memory.push(part("echo requests", pings * PING_BYTES, "flows[].traffic.at_s, or duration_s / every_s"));
    }
    memory.sort_by(|a, b| b.amount.total_cmp(&a.amount));
    event_parts.sort_by(|a, b| b.amount.total_cmp(&a.amount));
    Ok(Estimate {
        memory_bytes: memory.iter().map(|p| p.amount).sum(),
        events: event_parts.iter().map(|p| p.amount).sum(),
        memory,
        event_parts,
    })
}

/// What a run may need: bytes of memory, and events.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub memory_bytes: f64,
    pub events: f64,
    /// The run streams its series in chunks of this many rows (Simulation::stream_series).
    pub stream_rows: Option<usize>,
}

/// The start of every refusal for a budget (the front tells it from a bad scenario).
pub const REFUSAL: &str = "this run would ";

fn human(mut n: f64) -> String {
    for u in ["", "K", "M", "G", "T"] {
        if n.abs() < 1024.0 || u == "T" {
            return format!("{} {u}B", sig3(n));
        }
        n /= 1024.0;
    }
    unreachable!()
}

/// Three significant digits, as a person reads a size ("916", "1.5", "12.3").
fn sig3(x: f64) -> String {
    let digits = if x.abs() >= 100.0 { 0 } else if x.abs() >= 10.0 { 1 } else { 2 };
    let s = format!("{x:.digits$}");
    if s.contains('.') { s.trim_end_matches('0').trim_end_matches('.').to_string() } else { s }
}

impl Estimate {
    /// Refuse an estimate over `budget`, naming the part and settings that drive it.
    pub fn check(&self, budget: Budget) -> Result<(), String> {
        let streamed = |p: &Part| match budget.stream_rows {
            Some(rows) if p.series => p.amount.min(rows as f64 * FLOW_ROW_BYTES),
            _ => p.amount,
        };
        let memory: f64 = self.memory.iter().map(streamed).sum();
        if memory > budget.memory_bytes {
            let top = self.memory.iter().max_by(|a, b| streamed(a).total_cmp(&streamed(b))).expect("parts");
            return Err(format!(
                "{REFUSAL}need about {} of memory, over the budget of {}: {} {} ({}); lower those settings, \
                 or raise the budget with --memory-budget / SATCC_MEMORY_BUDGET (docs/limits.md)",
                human(memory), human(budget.memory_bytes), top.what, human(streamed(top)), top.settings
            ));
        }
        if self.events > budget.events {
            let top = &self.event_parts[0];
            return Err(format!(
                "{REFUSAL}take about {:.3e} events, over the budget of {:.3e}: {} {:.3e} ({}); lower those \
                 settings, or raise the budget with --event-budget / SATCC_EVENT_BUDGET (docs/limits.md)",
                self.events, budget.events, top.what, top.amount, top.settings
            ));
        }
        Ok(())
    }
}

/// Estimate a scenario given as JSON (parse, validate, plan, estimate).
pub fn estimate_json(text: &str) -> Result<Estimate, String> {
    estimate_scenario(&Scenario::from_json(text)?)
}

/// Estimate a validated scenario (plans it).
pub fn estimate_scenario(sc: &Scenario) -> Result<Estimate, String> {
    estimate(sc, &crate::sim::plan::plan(sc)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn scenario(duration_s: f64, sample_interval_s: f64, flows: u32) -> String {
        json!({
            "duration_s": duration_s, "sample_interval_s": sample_interval_s,
            "nodes": [{"name": "a"}, {"name": "b"}],
            "links": [{"a": "a", "b": "b", "rate_bps": 8e6, "delay_ms": 10.0}],
            "flows": [{"src": "a", "dst": "b", "count": flows}],
            "monitor": {"flow_traces": true},
        })
        .to_string()
    }

    #[test]
    fn samples_scale_with_duration_over_interval_and_flows() {
        let a = estimate_json(&scenario(100.0, 0.1, 1)).unwrap();
        let b = estimate_json(&scenario(1000.0, 0.1, 1)).unwrap();
        let c = estimate_json(&scenario(100.0, 0.01, 10)).unwrap();
        let q = |e: &Estimate, w: &str| e.memory.iter().find(|p| p.what == w).unwrap().amount;
        // two monitored directions, 1001 samples
        assert_eq!(q(&a, "queue samples"), 1001.0 * 2.0 * QUEUE_ROW_BYTES);
        assert!((q(&b, "queue samples") / q(&a, "queue samples") - 10.0).abs() < 0.01);
        assert!((q(&c, "flow samples") / q(&a, "flow samples") - 100.0).abs() < 0.1);
        assert!(a.memory.windows(2).all(|w| w[0].amount >= w[1].amount), "largest first");
    }

    #[test]
    fn a_run_over_budget_is_refused_naming_the_settings_that_drive_it() {
        let e = estimate_json(&scenario(1000.0, 1e-4, 1)).unwrap();
        let m = e.check(Budget { memory_bytes: 1e6, events: 1e12, stream_rows: None }).unwrap_err();
        assert!(m.starts_with(REFUSAL) && m.contains("duration_s / sample_interval_s"), "{m}");
        let m = e.check(Budget { memory_bytes: 1e12, events: 1e3, stream_rows: None }).unwrap_err();
        assert!(m.contains("events") && m.contains("--event-budget"), "{m}");
        assert!(e.check(Budget { memory_bytes: 1e12, events: 1e12, stream_rows: None }).is_ok());
        // streamed, the samples take one chunk of memory at a time
        assert!(e.memory_bytes > 1e9);
        assert!(e.check(Budget { memory_bytes: 1e9, events: 1e12, stream_rows: Some(1 << 20) }).is_ok());
    }

    #[test]
    fn flows_sharing_a_link_are_not_counted_as_each_filling_it() {
        // 1000 flows over one 8 Mb/s link for 10 s: each alone would fill it (961
        // packets/s of 1040 bytes, 2 hops with its ACKs); together they fill it once
        let one = estimate_json(&scenario(10.0, 0.1, 1)).unwrap();
        let many = estimate_json(&scenario(10.0, 0.1, 1000)).unwrap();
        let hops = |e: &Estimate| e.event_parts.iter().find(|p| p.what == "packets crossing links").unwrap().amount;
        let full = 8e6 / (8.0 * 1040.0) * 10.0 * 2.0 * EVENTS_PER_HOP;
        assert!((hops(&one) - full).abs() / full < 1e-9, "{} vs {full}", hops(&one));
        assert!((hops(&many) - full).abs() / full < 1e-9, "{} vs {full}", hops(&many));
    }

    #[test]
    fn packet_events_follow_the_bottleneck_or_the_window() {
        // 8 Mb/s, 1040-byte packets: ~961 packets/s; rwnd 20 over 20 ms: 1040 packets/s
        let e = estimate_json(&scenario(10.0, 0.1, 1)).unwrap();
        let hops = e.event_parts.iter().find(|p| p.what == "packets crossing links").unwrap().amount;
        let expect = 8e6 / (8.0 * 1040.0) * 10.0 * 2.0 * EVENTS_PER_HOP;
        assert!((hops - expect).abs() / expect < 1e-9, "{hops} vs {expect}");
    }
}
