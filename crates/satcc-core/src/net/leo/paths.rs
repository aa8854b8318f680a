//! The paths of ground-station pairs over time, without packets: for checking a
//! constellation before simulating traffic on it (`satcc paths`), and the state
//! computation a packet run does (routes at every routing instant).
//!
//! Routes are computed at the routing instants (multiples of the interval, in integer
//! nanoseconds) and held until the next; at each sample instant a pair's path is the one
//! of the latest routes, its length taken with the satellites where they are then.

use super::routing::{Graph, Tree};
use super::Network;
use crate::orbit::SPEED_OF_LIGHT_M_S;

/// One row per pair per sample.
#[derive(Debug, Default)]
pub struct PathsTable {
    pub t_s: Vec<f64>,
    pub pair: Vec<u32>,
    /// Propagation round-trip time of the path (there and back at the sample instant), s;
    /// NaN when there is no path.
    pub rtt_s: Vec<f64>,
    pub hops: Vec<u32>,
    /// The path's satellites, names separated by spaces ("" when there is none).
    pub path: Vec<String>,
    /// The path differs from the pair's previous sample.
    pub changed: Vec<bool>,
}

/// Totals of a routing run.
#[derive(Debug, Default, Clone, Copy)]
pub struct RoutingStats {
    pub routing_steps: u64,
    pub trees: u64,
    pub handovers: u64,
}

/// Rounds seconds to whole nanoseconds, the clock of every satcc run.
fn ns(s: f64) -> u64 {
    (s * 1e9).round() as u64
}

/// Walks routing instants up to `end_ns` (inclusive), computing the trees toward
/// `dests` (station indices) at each; `at_sample(net, trees, t_ns)` is called at every
/// multiple of `step_ns` after the routes of that instant are in place.
pub fn walk(
    net: &mut Network,
    dests: &[usize],
    end_ns: u64,
    step_ns: u64,
    progress: &mut dyn FnMut(f64) -> Result<(), String>,
    at_sample: &mut dyn FnMut(&mut Network, &[Tree], u64) -> Result<(), String>,
) -> Result<RoutingStats, String> {
    let interval_ns = ns(net.interval_s).max(1);
    let mut trees: Vec<Tree> = vec![Tree::default(); dests.len()];
    let mut stats = RoutingStats::default();
    let (mut next_route, mut next_sample) = (0u64, 0u64);
    let start_handovers = net.handovers;
    let mut last_progress = 0u64;
    loop {
        let t = next_route.min(next_sample);
        if t > end_ns {
            break;
        }
        if next_route == t {
            net.step(t as f64 * 1e-9)?;
            let mut g = Graph::new(net);
            for (k, &d) in dests.iter().enumerate() {
                g.tree_to(d, &mut trees[k]);
            }
            stats.routing_steps += 1;
            stats.trees += dests.len() as u64;
            next_route += interval_ns;
        }
        if next_sample == t {
            net.move_satellites(t as f64 * 1e-9)?;
            at_sample(net, &trees, t)?;
            next_sample += step_ns;
        }
        if t - last_progress >= 1_000_000_000 {
            last_progress = t;
            progress(t as f64 * 1e-9)?;
        }
    }
    stats.handovers = net.handovers - start_handovers;
    Ok(stats)
}

/// Paths of `pairs` (station indices) every `step_s` from 0 to `duration_s`.
pub fn paths(
    net: &mut Network,
    pairs: &[(usize, usize)],
    duration_s: f64,
    step_s: f64,
    progress: &mut dyn FnMut(f64) -> Result<(), String>,
) -> Result<(PathsTable, RoutingStats), String> {
    let mut dests: Vec<usize> = pairs.iter().map(|p| p.1).collect();
    dests.sort_unstable();
    dests.dedup();
    let tree_of: Vec<usize> = pairs.iter().map(|p| dests.binary_search(&p.1).unwrap()).collect();
    let mut out = PathsTable::default();
    let mut last: Vec<Option<Vec<u32>>> = vec![None; pairs.len()];
    let n_sat = net.n_sat();
    let stats = walk(net, &dests, ns(duration_s), ns(step_s).max(1), progress, &mut |net, trees, t| {
        for (k, &(src, _)) in pairs.iter().enumerate() {
            let path = trees[tree_of[k]].path_from((n_sat + src) as u32);
            let (rtt, hops, names) = match &path {
                Some(p) => {
                    let len: f64 = p.windows(2).map(|w| net.link_len(w[0], w[1])).sum();
                    let names: Vec<&str> = p[1..p.len() - 1].iter().map(|&s| net.names[s as usize].as_str()).collect();
                    (2.0 * len / SPEED_OF_LIGHT_M_S, (p.len() - 1) as u32, names.join(" "))
                }
                None => (f64::NAN, 0, String::new()),
            };
            out.t_s.push(t as f64 * 1e-9);
            out.pair.push(k as u32);
            out.rtt_s.push(rtt);
            out.hops.push(hops);
            out.path.push(names);
            out.changed.push(t > 0 && last[k] != path);
            last[k] = path;
        }
        Ok(())
    })?;
    Ok((out, stats))
}

/// Routes toward every ground station, recomputed at every routing instant over
/// `duration_s`: the state computation of a constellation (the work Hypatia's state
/// generation does), timed by `satcc bench --scenario`.
pub fn route_all(net: &mut Network, duration_s: f64, work_budget: f64) -> Result<RoutingStats, String> {
    if !(duration_s > 0.0 && duration_s <= crate::scenario::MAX_DURATION_S) {
        return Err(format!("duration_s: must be in (0, {}], got {duration_s}", crate::scenario::MAX_DURATION_S));
    }
    check_work(net, duration_s, net.stations.len(), work_budget)?;
    let dests: Vec<usize> = (0..net.stations.len()).collect();
    walk(net, &dests, ns(duration_s), u64::MAX / 4, &mut |_| Ok(()), &mut |_, _, _| Ok(()))
}

/// Most rows `paths_json` makes (pairs x samples): 10 million, about 0.5 GB of columns.
pub const MAX_PATH_ROWS: f64 = 1e7;

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct PathsRequest {
    constellation: serde_json::Value,
    duration_s: f64,
    pairs: Vec<(String, String)>,
    step_s: Option<f64>,
    /// Most work units (`routing_work`) allowed [the event budget's default, 1e11].
    work_budget: Option<f64>,
}

/// The default budget of work units: like the event budget of a packet run, some
/// minutes of work on one core.
pub const DEFAULT_WORK_BUDGET: f64 = 1e11;

/// Work of routing `duration_s` (units of a few nanoseconds each): at every routing
/// instant, each satellite moved, each ground station tested against each satellite,
/// and a Dijkstra toward each destination over every node and link.
pub fn routing_work(net: &Network, duration_s: f64, destinations: usize) -> f64 {
    let steps = (duration_s / net.interval_s).floor() + 1.0;
    let (sats, gs) = (net.n_sat() as f64, net.stations.len() as f64);
    steps * (10.0 * sats + sats * gs + destinations as f64 * 6.0 * (sats + gs))
}

/// Refuses a routing run over the budget, naming what drives it.
pub fn check_work(net: &Network, duration_s: f64, destinations: usize, budget: f64) -> Result<(), String> {
    let work = routing_work(net, duration_s, destinations);
    if work > budget {
        return Err(format!(
            "this routing run would take about {work:.3e} units of work (some nanoseconds each), over the budget of \
             {budget:.3e}: {} routing steps (duration_s / routing.interval_ms) x ({} satellites x {} ground stations \
             + {destinations} destinations x their Dijkstra); shorten it, route less often, or raise the budget \
             with --event-budget / SATCC_EVENT_BUDGET (docs/limits.md)",
            (duration_s / net.interval_s).floor() + 1.0,
            net.n_sat(),
            net.stations.len()
        ));
    }
    Ok(())
}

/// What `paths_json` computed: the network as it ended, the table, the routing totals,
/// the sample interval and each pair's stations as the network names them.
pub struct PathsRun {
    pub net: Network,
    pub table: PathsTable,
    pub stats: RoutingStats,
    pub step_s: f64,
    pub pairs: Vec<(String, String)>,
}

/// `satcc paths` in the core: `{"constellation": {...}, "duration_s": D, "pairs":
/// [[A, B], ...], "step_s": S}` (S absent: the routing interval). Errors name the field.
pub fn paths_json(
    text: &str,
    progress: &mut dyn FnMut(f64) -> Result<(), String>,
) -> Result<PathsRun, String> {
    let req: PathsRequest = serde_json::from_str(text).map_err(|e| format!("paths: {e}"))?;
    let spec = crate::scenario::constellation::ConstellationSpec::from_value(&req.constellation)?;
    let d = req.duration_s;
    if !(d > 0.0 && d <= crate::scenario::MAX_DURATION_S) {
        return Err(format!("duration_s: must be in (0, {}], got {d}", crate::scenario::MAX_DURATION_S));
    }
    let step = req.step_s.unwrap_or(spec.routing.interval_ms / 1e3);
    if !(step >= 1e-3 && step <= crate::scenario::MAX_TIME_S) {
        return Err(format!("step: must be at least 1 ms, got {} ms", step * 1e3));
    }
    if req.pairs.is_empty() {
        return Err("pairs: give at least one pair of ground stations (A:B)".into());
    }
    let rows = req.pairs.len() as f64 * (d / step).floor().max(0.0) + 1.0;
    if rows > MAX_PATH_ROWS {
        return Err(format!(
            "pairs x samples: {rows:.0} rows is over {MAX_PATH_ROWS:.0}; use a longer step or fewer pairs"
        ));
    }
    let mut net = Network::build(&spec)?;
    let mut pairs = Vec::new();
    for (a, b) in &req.pairs {
        let find = |n: &str| {
            let key = crate::orbit::ground::key;
            net.stations.iter().position(|g| key(&g.name) == key(n)).ok_or_else(|| {
                let names: Vec<&str> = net.stations.iter().map(|g| g.name.as_str()).collect();
                format!("pairs: '{n}' is not a ground station of the constellation (its ground stations: {})",
                    if names.is_empty() { "none".to_owned() } else { names.join(", ") })
            })
        };
        let (i, j) = (find(a)?, find(b)?);
        if i == j {
            return Err(format!("pairs: {a}:{b} joins a ground station to itself"));
        }
        pairs.push((i, j));
    }
    let mut dests: Vec<usize> = pairs.iter().map(|p| p.1).collect();
    dests.sort_unstable();
    dests.dedup();
    check_work(&net, d, dests.len(), req.work_budget.unwrap_or(DEFAULT_WORK_BUDGET))?;
    let (table, stats) = paths(&mut net, &pairs, d, step, progress)?;
    let names = pairs.iter().map(|&(a, b)| (net.stations[a].name.clone(), net.stations[b].name.clone())).collect();
    Ok(PathsRun { net, table, stats, step_s: step, pairs: names })
}

/// Positions (inertial TEME, m) of every satellite at each of `times_s`, row-major
/// (time, satellite, axis), and the satellite names; for checking orbits against an
/// independent propagator.
pub fn positions_json(constellation: &str, times_s: &[f64]) -> Result<(Vec<String>, Vec<f64>), String> {
    let raw: serde_json::Value = serde_json::from_str(constellation).map_err(|e| format!("constellation: {e}"))?;
    let spec = crate::scenario::constellation::ConstellationSpec::from_value(&raw)?;
    let mut net = Network::build(&spec)?;
    if times_s.len() as f64 * net.n_sat() as f64 > MAX_PATH_ROWS {
        return Err(format!("times x satellites is over {MAX_PATH_ROWS:.0}"));
    }
    let mut out = Vec::with_capacity(times_s.len() * net.n_sat() * 3);
    for &t in times_s {
        if !(t.is_finite() && t.abs() <= crate::scenario::MAX_TIME_S) {
            return Err(format!("times: {t} is not a time within {} s", crate::scenario::MAX_TIME_S));
        }
        net.move_satellites(t)?;
        out.extend(net.sat_pos.iter().flatten());
    }
    Ok((net.names[..net.n_sat()].to_vec(), out))
}

#[cfg(test)]
mod tests {
    use super::super::tests::net;
    use super::*;
    use serde_json::json;

    #[test]
    fn rtts_are_continuous_and_paths_change_with_time() {
        let mut n = net(json!({"shells": [{"builtin": "kuiper-630"}], "ground_stations": ["Paris", "Moscow"]}));
        let (t, stats) = paths(&mut n, &[(0, 1)], 200.0, 0.1, &mut |_| Ok(())).unwrap();
        assert_eq!(t.t_s.len(), 2001);
        assert_eq!(stats.routing_steps, 2001);
        assert!(t.rtt_s.iter().all(|r| r.is_finite()), "Kuiper always links Paris and Moscow");
        let changes = t.changed.iter().filter(|&&c| c).count();
        assert!(changes >= 2, "satellites move on within 200 s: {changes} changes");
        // between two samples 100 ms apart on one path, the RTT moves by far under 1 ms
        for k in 1..t.t_s.len() {
            if !t.changed[k] {
                assert!((t.rtt_s[k] - t.rtt_s[k - 1]).abs() < 1e-3);
            }
        }
    }

    #[test]
    fn a_sample_between_routing_instants_keeps_the_older_path() {
        let spec = json!({"shells": [{"builtin": "kuiper-630"}], "ground_stations": ["Paris", "Moscow"],
            "routing": {"interval_ms": 1000}});
        let mut n = net(spec);
        let (t, stats) = paths(&mut n, &[(0, 1)], 10.0, 0.25, &mut |_| Ok(())).unwrap();
        assert_eq!(stats.routing_steps, 11);
        for k in 0..t.t_s.len() {
            if (t.t_s[k] * 4.0).round() as u64 % 4 != 0 {
                assert!(!t.changed[k], "a path changes only at a routing instant (t = {})", t.t_s[k]);
            }
        }
    }

    #[test]
    fn work_over_the_budget_is_refused_before_it_starts() {
        let n = net(json!({"shells": [{"builtin": "starlink-1"}], "ground_stations": ["Manila", "Dalian"]}));
        let w = routing_work(&n, 200.0, 1);
        assert!(w > 1e7 && w < 1e8, "{w}");
        let m = check_work(&n, 1e6, 1, DEFAULT_WORK_BUDGET).unwrap_err();
        assert!(m.contains("10000001 routing steps") && m.contains("1584 satellites"), "{m}");
        let req = json!({"constellation": {"shells": [{"builtin": "starlink-1"}], "ground_stations": ["Manila", "Dalian"],
            "routing": {"interval_ms": 1}}, "duration_s": 1e5, "pairs": [["Manila", "Dalian"]], "step_s": 1000.0});
        let t0 = std::time::Instant::now();
        let e = paths_json(&req.to_string(), &mut |_| Ok(())).err().unwrap();
        assert!(e.starts_with("this routing run would take"), "{e}");
        assert!(t0.elapsed().as_secs_f64() < 5.0);
    }

    #[test]
    fn same_input_same_table() {
        let spec = json!({"shells": [{"builtin": "starlink-1"}], "ground_stations": ["Manila", "Dalian"],
            "gsl": {"policy": "reassign"}});
        let run = || paths(&mut net(spec.clone()), &[(0, 1), (1, 0)], 30.0, 0.1, &mut |_| Ok(())).unwrap().0;
        let (a, b) = (run(), run());
        assert_eq!(a.path, b.path);
        assert_eq!(a.rtt_s.iter().map(|x| x.to_bits()).collect::<Vec<_>>(), b.rtt_s.iter().map(|x| x.to_bits()).collect::<Vec<_>>());
    }
}
