//! A moving constellation inside a packet run: its links, the next hop of a packet at
//! any node, and the routing instants that move everything on.
//!
//! Links are made once, at the build: each +Grid ISL in both directions, and both
//! directions of every (ground station, satellite) pair that is ever a ground link
//! during the run (a pass over the routing instants finds them). At each routing
//! instant the ground links are re-chosen, a shortest-path tree is computed toward each
//! ground station where flows end (data) or start (ACKs), and every link's delay is set
//! to move linearly from its length now to its length at the next instant (over c).
//! A packet is forwarded at each node by the tree of its destination as it is when the
//! packet arrives there: packets in flight continue from where they are under new
//! routes; one at a node with no route is dropped (cause `no_route`).

use crate::engine::rng::RngStreams;
use crate::engine::{from_secs, Time};
use crate::net::leo::routing::{Graph, Tree};
use crate::net::leo::{Network, NONE};
use crate::net::link::Link;
use crate::net::LinkId;
use crate::orbit::SPEED_OF_LIGHT_M_S;
use crate::scenario::constellation::ConstellationSpec;
use crate::scenario::QueueSpec;
use std::collections::{BTreeSet, HashMap};
use std::sync::mpsc::Receiver;
use std::thread::JoinHandle;

pub struct Mobility {
    pub names: Vec<String>,
    n_sat: u32,
    n_stations: usize,
    /// Per ground station: its tree among `trees` (NONE: no flow ends there).
    dest_slot: Vec<u32>,
    /// The flows' paths (both ways) by the routes of the last routing instant, for the
    /// paths table: per (from node, to station node) pair, as `Mobility::path`.
    paths: Vec<Option<PathNow>>,
    pair_index: HashMap<(u32, u32), usize>,
    /// Per destination (as `trees`), each node's next link (NONE: no route).
    hop_link: Vec<Vec<LinkId>>,
    /// Where the routing instants come from.
    source: Source,
    /// ISL links come first; ids from here on are ground links.
    pub first_gsl: LinkId,
    pub interval: Time,
    pub routing_steps: u64,
    pub drops_no_route: u64,
    handovers: u64,
    /// The links' delay ramps of the last routing instant (per link id, as `Plan`), its
    /// time (s) and number; `link_epoch`: the instant each link's ramp is from
    /// (`refresh`).
    ramps: Vec<(f64, f64)>,
    ramp_t_s: f64,
    epoch: u32,
    link_epoch: Vec<u32>,
}

/// What a routing instant depends on, time alone (no packet changes it): satellite
/// positions, the ground links, the trees. A run computes each instant when its event
/// comes; a real-time run has a thread compute them ahead (`Mobility::plan_ahead`),
/// so the event only puts the result in place and packets are not held up by SGP4
/// and Dijkstra. Either way the instants are the same, computed in the same order.
struct Planner {
    net: Network,
    n_sat: u32,
    dests: Vec<usize>,
    /// Per ground station: its tree among `trees` (as `Mobility::dest_slot`).
    dest_slot: Vec<u32>,
    trees: Vec<Tree>,
    /// The (from node, to station node) pairs whose paths the paths table records.
    pairs: Vec<(u32, u32)>,
    /// Link of each satellite's ISLs, aligned with `net.isl`.
    isl_link: Vec<[LinkId; 4]>,
    /// (station, satellite) -> (uplink, downlink).
    gsl_link: HashMap<(u32, u32), (LinkId, LinkId)>,
    /// Graph nodes at the two ends of every link (by link id).
    ends: Vec<(u32, u32)>,
    interval: Time,
}

/// A path by one instant's routes: its length (m), its links, a fingerprint of its nodes.
type PathNow = (f64, u32, u64);

/// One routing instant, computed.
struct Plan {
    t: Time,
    /// Per pair of `Planner::pairs`.
    paths: Vec<Option<PathNow>>,
    hop_link: Vec<Vec<LinkId>>,
    /// Per link (by id): its delay at `t` (s) and how fast it changes until the next
    /// instant (s per s).
    ramps: Vec<(f64, f64)>,
    /// Handovers so far (the network's count).
    handovers: u64,
}

enum Source {
    Inline(Box<Planner>),
    /// Instants in order from a thread that runs ahead (real-time runs); dropping the
    /// receiver stops the thread at its next instant.
    Ahead { plans: Option<Receiver<Result<Plan, String>>>, worker: Option<JoinHandle<()>> },
}

impl Drop for Mobility {
    fn drop(&mut self) {
        if let Source::Ahead { plans, worker } = &mut self.source {
            drop(plans.take());
            if let Some(w) = worker.take() {
                let _ = w.join();
            }
        }
    }
}

impl Planner {
    fn plan(&mut self, t: Time) -> Result<Plan, String> {
        let t_s = t as f64 * 1e-9;
        self.net.step(t_s)?;
        let mut g = Graph::new(&self.net);
        for (k, &d) in self.dests.iter().enumerate() {
            g.tree_to(d, &mut self.trees[k]);
        }
        // each node's next link toward each destination, once per routing instant
        // rather than looked up at every hop of every packet
        let hop_link = (0..self.dests.len())
            .map(|k| {
                let next = &self.trees[k].next;
                next.iter().enumerate().map(|(a, &b)| if b == NONE { NONE } else { self.link_to(a as u32, b).unwrap_or(NONE) }).collect()
            })
            .collect();
        let now: Vec<f64> = self.ends.iter().map(|&(a, b)| self.net.link_len(a, b)).collect();
        let dt = self.interval as f64 * 1e-9;
        let moved = self.net.move_satellites(t_s + dt).is_ok();
        let ramps = self
            .ends
            .iter()
            .enumerate()
            .map(|(i, &(a, b))| {
                let next = if moved { self.net.link_len(a, b) } else { now[i] };
                (now[i] / SPEED_OF_LIGHT_M_S, (next - now[i]) / SPEED_OF_LIGHT_M_S / dt)
            })
            .collect();
        let paths = self.pairs.iter().map(|&(from, to)| self.path(from, to)).collect();
        Ok(Plan { t, paths, hop_link, ramps, handovers: self.net.handovers })
    }

    /// The path from graph node `from` to station node `to` by the trees now: its length
    /// (m; the tree's, no positions needed), its links, and a fingerprint of its nodes;
    /// None if there is none.
    fn path(&self, from: u32, to: u32) -> Option<PathNow> {
        let tree = &self.trees[self.dest_slot[(to - self.n_sat) as usize] as usize];
        if tree.next[from as usize] == NONE {
            return None;
        }
        let (mut u, mut h) = (from, 0xcbf2_9ce4_8422_2325u64);
        while u != to {
            u = tree.next[u as usize];
            h = (h ^ u as u64).wrapping_mul(0x0100_0000_01b3);
        }
        Some((tree.dist[from as usize], tree.hops[from as usize], h))
    }

    /// The link from `a` to its next node `b` on a tree (None: no such link).
    fn link_to(&self, a: u32, b: u32) -> Option<LinkId> {
        if a < self.n_sat && b < self.n_sat {
            let k = self.net.isl[a as usize].iter().position(|&x| x == b)?;
            Some(self.isl_link[a as usize][k])
        } else if a >= self.n_sat {
            self.gsl_link.get(&(a - self.n_sat, b)).map(|l| l.0)
        } else {
            self.gsl_link.get(&(b - self.n_sat, a)).map(|l| l.1)
        }
    }
}

/// Every (station, satellite) pair linked at some routing instant of [0, end].
fn ground_pairs(spec: &ConstellationSpec, end: Time, interval: Time) -> Result<BTreeSet<(u32, u32)>, String> {
    let mut net = Network::build(spec)?;
    let mut pairs = BTreeSet::new();
    let mut t: Time = 0;
    while t <= end {
        net.step(t as f64 * 1e-9)?;
        for (g, links) in net.gsl.iter().enumerate() {
            pairs.extend(links.iter().map(|&(s, _)| (g as u32, s)));
        }
        t += interval;
    }
    Ok(pairs)
}

fn queue_of(q: Option<&QueueSpec>, rate: f64) -> crate::net::queue::QueueDiscipline {
    super::build::build_queue(q.unwrap_or(&QueueSpec::default()), rate)
}

impl Mobility {
    /// The constellation's links (appended to `links`) and its routing state, for flows
    /// between the ground stations of `flows` (station indices: source, destination).
    pub fn build(
        spec: &ConstellationSpec,
        end: Time,
        flows: &[(usize, usize)],
        rng: &RngStreams,
        links: &mut Vec<Link>,
    ) -> Result<Mobility, String> {
        let interval = from_secs(spec.routing.interval_ms / 1e3).max(1);
        let pairs = ground_pairs(spec, end, interval)?;
        let mut net = Network::build(spec)?;
        net.move_satellites(0.0)?;
        let n_sat = net.n_sat() as u32;
        let isl_cfg = match &spec.isl {
            Some(c) => Some(c),
            None if spec.has_isls() => return Err("constellation.isl.rate_bps: a packet run needs it".into()),
            None => None, // bent-pipe shells only: no ISL is made
        };
        let gsl_rate = spec.gsl.rate_bps.ok_or("constellation.gsl.rate_bps: a packet run needs it")?;
        let mut ends = Vec::new();
        let mut add = |links: &mut Vec<Link>, a: u32, b: u32, rate: f64, q: Option<&QueueSpec>,
                       error: Option<&crate::scenario::ErrorSpec>|
         -> LinkId {
            let id = links.len() as LinkId;
            let name = format!("{}->{}", net.names[a as usize], net.names[b as usize]);
            let delay_s = net.link_len(a, b) / SPEED_OF_LIGHT_M_S;
            links.push(Link::new(
                name.clone(),
                a,
                b,
                rate,
                delay_s,
                queue_of(q, rate),
                error.map(super::build::build_error),
                rng.stream(&format!("link/{name}/errors")),
                rng.stream(&format!("link/{name}/queue")),
                Vec::new(),
            ));
            ends.push((a, b));
            id
        };
        let mut isl_link = vec![[NONE; 4]; n_sat as usize];
        for a in 0..n_sat {
            for k in 0..4 {
                let b = net.isl[a as usize][k];
                if b == NONE || b < a {
                    continue;
                }
                let isl_cfg = isl_cfg.expect("ISLs have their settings (checked above)");
                let (q, e) = (Some(&isl_cfg.queue), isl_cfg.error.as_ref());
                let ab = add(links, a, b, isl_cfg.rate_bps, q, e);
                let ba = add(links, b, a, isl_cfg.rate_bps, q, e);
                isl_link[a as usize][k] = ab;
                let back = net.isl[b as usize].iter().position(|&x| x == a).expect("+Grid links both ways");
                isl_link[b as usize][back] = ba;
            }
        }
        let first_gsl = links.len() as LinkId;
        let mut gsl_link = HashMap::new();
        for &(g, s) in &pairs {
            let gn = n_sat + g;
            let (q, e) = (spec.gsl.queue.as_ref(), spec.gsl.error.as_ref());
            let up = add(links, gn, s, gsl_rate, q, e);
            let down = add(links, s, gn, gsl_rate, q, e);
            gsl_link.insert((g, s), (up, down));
        }
        let mut dests: Vec<usize> = flows.iter().flat_map(|&(a, b)| [a, b]).collect();
        dests.sort_unstable();
        dests.dedup();
        let mut dest_slot = vec![NONE; net.stations.len()];
        for (k, &d) in dests.iter().enumerate() {
            dest_slot[d] = k as u32;
        }
        let (names, n_stations) = (net.names.clone(), net.stations.len());
        let node = |g: usize| n_sat + g as u32;
        let pairs: Vec<(u32, u32)> = flows
            .iter()
            .flat_map(|&(a, b)| [(node(a), node(b)), (node(b), node(a))])
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let pair_index = pairs.iter().enumerate().map(|(i, &p)| (p, i)).collect();
        let planner = Planner {
            net,
            n_sat,
            trees: vec![Tree::default(); dests.len()],
            dest_slot: dest_slot.clone(),
            pairs,
            dests,
            isl_link,
            gsl_link,
            ends,
            interval,
        };
        Ok(Mobility {
            names,
            n_sat,
            n_stations,
            dest_slot,
            paths: Vec::new(),
            pair_index,
            hop_link: Vec::new(),
            source: Source::Inline(Box::new(planner)),
            first_gsl,
            interval,
            routing_steps: 0,
            drops_no_route: 0,
            handovers: 0,
            ramps: Vec::new(),
            ramp_t_s: 0.0,
            epoch: 0,
            link_epoch: vec![0; links.len()],
        })
    }

    /// From now on, a thread computes the routing instants after `next` (up to `end`)
    /// ahead of their events, at most `AHEAD` of them: for real-time runs, where the
    /// event loop must not stop for a millisecond of SGP4 and Dijkstra while packets are
    /// due. The results are the ones `route` computes itself.
    pub fn plan_ahead(&mut self, next: Time, end: Time) {
        /// Instants computed and waiting (the thread then waits for the event loop).
        const AHEAD: usize = 2;
        let Source::Inline(_) = self.source else { return };
        let (tx, rx) = std::sync::mpsc::sync_channel(AHEAD);
        let Source::Inline(mut planner) =
            std::mem::replace(&mut self.source, Source::Ahead { plans: Some(rx), worker: None })
        else {
            unreachable!()
        };
        let interval = self.interval;
        let worker = std::thread::Builder::new()
            .name("satcc-routing".into())
            .spawn(move || {
                let mut t = next;
                while t <= end {
                    let plan = planner.plan(t);
                    let failed = plan.is_err();
                    if tx.send(plan).is_err() || failed {
                        return; // the run is over, or cannot go on
                    }
                    t += interval;
                }
            })
            .expect("a thread for the routing instants");
        if let Source::Ahead { worker: w, .. } = &mut self.source {
            *w = Some(worker);
        }
    }

    /// A routing instant: ground links re-chosen, trees recomputed, every link's delay
    /// set to move from its length now to its length at the next instant (given to a
    /// link when a packet is next offered to it: `refresh`).
    ///
    /// The build's pass stepped through these same instants, so SGP4 does not fail here;
    /// past the last instant (the next one, beyond the run) a failure leaves delays flat.
    pub fn route(&mut self, t: Time) -> Result<(), String> {
        let plan = match &mut self.source {
            Source::Inline(p) => p.plan(t)?,
            Source::Ahead { plans, .. } => {
                let rx = plans.as_ref().expect("the receiver lives as long as the run");
                rx.recv().map_err(|_| "the routing thread stopped".to_string())??
            }
        };
        assert_eq!(plan.t, t, "routing instants come in order");
        self.routing_steps += 1;
        self.handovers = plan.handovers;
        self.paths = plan.paths;
        self.hop_link = plan.hop_link;
        self.ramps = plan.ramps;
        self.ramp_t_s = t as f64 * 1e-9;
        self.epoch += 1;
        Ok(())
    }

    /// Gives link `l` the delay ramp of the last routing instant if it has not had it
    /// yet: called before a packet is offered to it, which is the only time a link reads
    /// its delay. Most links of a constellation carry nothing for long stretches, and
    /// setting every one of Starlink's 6,000 at each instant held a real-time run's
    /// packets up by half a millisecond.
    #[inline]
    pub fn refresh(&mut self, l: LinkId, links: &mut [Link]) {
        let i = l as usize;
        if self.link_epoch[i] != self.epoch {
            self.link_epoch[i] = self.epoch;
            let (d0, slope) = self.ramps[i];
            links[i].set_delay_ramp(self.ramp_t_s, d0, slope);
        }
    }

    /// Every link given the last instant's delay (for the report of the run's end).
    pub fn refresh_all(&mut self, links: &mut [Link]) {
        for l in 0..self.ramps.len() {
            self.refresh(l as LinkId, links);
        }
    }

    /// The link a packet at graph node `node` takes toward ground-station node `dest`,
    /// by the routes now; None if there is none.
    #[inline]
    pub fn next_link(&self, node: u32, dest: u32) -> Option<LinkId> {
        let slot = self.dest_slot[(dest - self.n_sat) as usize];
        debug_assert!(slot != NONE, "a destination with flows");
        let l = self.hop_link[slot as usize][node as usize];
        (l != NONE).then_some(l)
    }

    /// The path from a flow's station node `from` to its other end `to` (either way) by
    /// the routes of the last routing instant: its length then (m), its links, and a
    /// fingerprint of its nodes; None if there is none.
    pub fn path(&self, from: u32, to: u32) -> Option<PathNow> {
        let i = *self.pair_index.get(&(from, to)).expect("the two ends of a flow");
        self.paths[i]
    }

    /// The ground-station node of station index `g`.
    pub fn station_node(&self, g: usize) -> u32 {
        self.n_sat + g as u32
    }

    pub fn handovers(&self) -> u64 {
        self.handovers
    }

    pub fn satellites(&self) -> usize {
        self.n_sat as usize
    }

    pub fn ground_stations(&self) -> usize {
        self.n_stations
    }
}

#[cfg(test)]
mod tests {
    use crate::Simulation;
    use serde_json::{json, Value};

    fn scenario(extra: Value) -> Value {
        let mut sc = json!({
            "duration_s": 20.0,
            "constellation": {"shells": [{"builtin": "kuiper-630"}], "ground_stations": ["Paris", "Moscow", "Manila", "Dalian"],
                              "isl": {"rate_bps": 1e7, "queue": {"type": "droptail", "limit_pkts": 100}},
                              "gsl": {"rate_bps": 1e7, "queue": {"type": "droptail", "limit_pkts": 100}}},
            "flows": [{"src": "Paris", "dst": "Moscow", "count": 2}, {"src": "Manila", "dst": "Dalian"}],
        });
        for (k, v) in extra.as_object().unwrap() {
            sc[k] = v.clone();
        }
        sc
    }

    fn run(sc: &Value) -> crate::RunOutput {
        Simulation::from_json(&sc.to_string()).unwrap().run()
    }

    #[test]
    fn flows_cross_a_moving_constellation_and_every_packet_is_accounted() {
        let out = run(&scenario(json!({})));
        let s = &out.summary;
        let c = s.constellation.as_ref().unwrap();
        assert_eq!((c.satellites, c.ground_stations, c.routing_steps), (1156, 4, 201));
        for f in &s.flows {
            assert!(f.data_pkts_acked > 1000, "{}: {} acked", f.name, f.data_pkts_acked);
        }
        let p = &s.totals.packets;
        assert_eq!(p.data_injected, p.data_delivered + p.data_dropped + p.data_in_flight);
        assert_eq!(p.ack_injected, p.ack_delivered + p.ack_dropped + p.ack_in_flight);
        assert!(s.links.iter().all(|l| l.arrivals_pkts > 0) && s.links.len() < c.links);
    }

    #[test]
    fn same_scenario_same_bytes() {
        let sc = scenario(json!({"duration_s": 5.0}));
        let (a, b) = (run(&sc), run(&sc));
        assert_eq!(serde_json::to_string(&a.summary).unwrap(), serde_json::to_string(&b.summary).unwrap());
    }

    /// A real-time run has a thread compute the routing instants ahead of their events;
    /// they are the instants the run that jumps computes itself: the same summary and the
    /// same paths table (each instant's path lengths move with the satellites, so a
    /// stale or out-of-order instant shows).
    #[test]
    fn a_paced_run_routes_as_the_run_that_jumps() {
        let mut sc = scenario(json!({"duration_s": 1.2, "monitor": {"flow_traces": true}}));
        sc["constellation"]["routing"] = json!({"interval_ms": 40});
        sc["constellation"]["gsl"]["policy"] = json!("nearest");
        let jumped = run(&sc);
        // the routing thread is there while the paced run is (Linux names threads in /proc)
        let watch = std::thread::spawn(|| {
            let t0 = std::time::Instant::now();
            while t0.elapsed().as_secs_f64() < 1.0 {
                let tasks = std::fs::read_dir("/proc/self/task").unwrap();
                let comm = |e: std::fs::DirEntry| std::fs::read_to_string(e.path().join("comm")).unwrap_or_default();
                if tasks.flatten().any(|e| comm(e).trim() == "satcc-routing") {
                    return true;
                }
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            false
        });
        let paced = Simulation::from_json(&sc.to_string()).unwrap().run_realtime(1000.0, None);
        assert!(watch.join().unwrap(), "a paced run computes its routing instants on a thread of their own");
        let c = paced.summary.constellation.as_ref().unwrap();
        assert_eq!(c.routing_steps, 31);
        let strip = |s: &crate::metrics::Summary| {
            let mut v = serde_json::to_value(s).unwrap();
            v.as_object_mut().unwrap().remove("realtime");
            v
        };
        assert_eq!(strip(&jumped.summary), strip(&paced.summary));
        let paths = |o: crate::RunOutput| o.series.paths.into_columns();
        let (a, b) = (paths(jumped), paths(paced));
        assert!(!a.is_empty() && a == b);
    }

    #[test]
    fn a_station_no_satellite_reaches_drops_under_its_own_cause() {
        // Kuiper's 51.9 degree shell never rises 30 degrees over the South Pole
        let mut sc = scenario(json!({"duration_s": 3.0, "flows": [{"src": "Paris", "dst": "Pole"}]}));
        sc["constellation"]["ground_stations"] = json!(["Paris", {"name": "Pole", "lat_deg": -90.0, "lon_deg": 0.0}]);
        let out = run(&sc);
        let c = out.summary.constellation.as_ref().unwrap();
        assert!(c.drops_no_route > 0);
        assert_eq!(out.summary.flows[0].data_pkts_acked, 0);
        let p = &out.summary.totals.packets;
        assert_eq!(p.data_injected, p.data_delivered + p.data_dropped + p.data_in_flight);
    }

    #[test]
    fn ground_link_errors_lose_packets_and_sack_recovers_them() {
        let mut sc = scenario(json!({"duration_s": 10.0, "tcp": {"sack": true}}));
        sc["constellation"]["gsl"]["error"] = json!({"type": "per", "per": 0.01});
        let out = run(&sc);
        let lost: u64 = out.summary.links.iter().map(|l| l.drops_error).sum();
        assert!(lost > 10, "{lost}");
        for f in &out.summary.flows {
            assert!(f.data_pkts_acked > 300, "{}: {}", f.name, f.data_pkts_acked);
        }
        let p = &out.summary.totals.packets;
        assert_eq!(p.data_injected, p.data_delivered + p.data_dropped + p.data_in_flight);
    }

    #[test]
    fn refwa_guards_every_link_of_a_constellation() {
        let sc = scenario(json!({"duration_s": 10.0, "schemes": [{"type": "refwa", "links": ["*"], "isl_delay_ms": 5.0}]}));
        let s = Simulation::from_json(&sc.to_string()).unwrap();
        assert_eq!(s.schemes.len(), s.links.len());
        let out = s.run();
        for f in &out.summary.flows {
            assert!(f.data_pkts_acked > 100, "{}: {}", f.name, f.data_pkts_acked);
        }
    }

    #[test]
    fn mistakes_of_a_constellation_run_name_their_field() {
        let mut sc = scenario(json!({}));
        sc["constellation"].as_object_mut().unwrap().remove("isl");
        let e = Simulation::from_json(&sc.to_string()).err().unwrap();
        assert!(e.starts_with("constellation.isl.rate_bps"), "{e}");
        let e = Simulation::from_json(&scenario(json!({"flows": [{"src": "Paris", "dst": "Lima"}]})).to_string()).err().unwrap();
        assert!(e.contains("flows[0].dst") && e.contains("Lima"), "{e}");
        let e = Simulation::from_json(&scenario(json!({"schemes": [{"type": "refwa", "links": ["a->b"]}]})).to_string())
            .err()
            .unwrap();
        assert!(e.starts_with("schemes[0].links[0]"), "{e}");
        let e = Simulation::from_json(&scenario(json!({"nodes": [{"name": "x"}]})).to_string()).err().unwrap();
        assert!(e.starts_with("nodes:"), "{e}");
    }
}
