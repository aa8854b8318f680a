//! A moving constellation as a network: satellites with +Grid inter-satellite links,
//! ground stations linked to the satellites they see (by a selection policy), and
//! shortest paths recomputed as everything moves.
//!
//! Graph nodes: satellites `0..S` (shell after shell, plane-major), then ground
//! stations `S..S+G`. Paths run ground station, satellites over ISLs, ground station;
//! a ground station relays only with `routing.ground_relays` (bent-pipe shells, whose
//! satellites have no ISLs, need it for any path between stations that see no common
//! satellite). [`Network::step`] moves everything to an instant and
//! re-chooses ground links; [`routing`] computes next hops toward a destination.

pub mod paths;
pub mod routing;

use crate::orbit::time::Epoch;
use crate::orbit::{distance, dot, sub, GroundStation, Shell, Vec3};
use crate::scenario::constellation::{ConstellationSpec, IslTopology, Metric, PatternSpec, Policy};

/// No satellite (a ground station that sees none).
pub const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
enum Reach {
    /// Within this range, m.
    Range(f64),
    /// Above the elevation of this sine.
    Elevation(f64),
}

/// The constellation and its state at the last instant it was moved to.
pub struct Network {
    pub epoch: Epoch,
    pub shells: Vec<Shell>,
    pub stations: Vec<GroundStation>,
    pub policy: Policy,
    pub reassign_period_s: f64,
    pub interval_s: f64,
    pub metric: Metric,
    /// Ground stations other than a path's ends may relay.
    pub relays: bool,
    /// Satellite names (`SHELL-i`), then ground station names: the graph's nodes.
    pub names: Vec<String>,
    /// +Grid neighbours of each satellite (NONE where a shell has fewer).
    pub isl: Vec<[u32; 4]>,
    /// Shell of each satellite.
    shell_of: Vec<u16>,
    /// Who sees the satellites of each shell.
    reach: Vec<Reach>,
    /// Satellite positions at `t` (inertial, m).
    pub sat_pos: Vec<Vec3>,
    /// Ground station positions and local verticals at `t`.
    pub gs_pos: Vec<(Vec3, Vec3)>,
    /// The satellites each ground station is linked to at `t` (one for every policy but
    /// `any`), with their distances.
    pub gsl: Vec<Vec<(u32, f64)>>,
    /// Under single-satellite policies, each station's satellite (NONE if none is seen).
    pub attached: Vec<u32>,
    /// When `reassign` next re-chooses.
    next_reassign_s: f64,
    /// Ground-link changes so far (single-satellite policies).
    pub handovers: u64,
    pub t: f64,
}

impl Network {
    /// The constellation at time 0, ground links chosen.
    pub fn new(spec: &ConstellationSpec) -> Result<Network, String> {
        let mut net = Network::build(spec)?;
        net.step(0.0)?;
        Ok(net)
    }

    /// The constellation, not yet placed: `step` or `move_satellites` places it.
    pub fn build(spec: &ConstellationSpec) -> Result<Network, String> {
        let (epoch, shells, stations) = spec.build()?;
        let mut names = Vec::new();
        let mut isl = Vec::new();
        let mut shell_of = Vec::new();
        for (k, sh) in shells.iter().enumerate() {
            let base = isl.len() as u32;
            let (np, ns) = (sh.planes, sh.per_plane);
            let star = spec.shells[k].pattern == Some(PatternSpec::Star);
            let listed = spec.shells[k].isl_pairs.as_ref();
            if listed.is_some() || spec.shells[k].isls.unwrap_or_default() == IslTopology::None {
                for i in 0..sh.satellites.len() {
                    names.push(format!("{}-{i}", sh.name));
                    shell_of.push(k as u16);
                    isl.push([NONE; 4]);
                }
                // listed pairs (checked by the spec: in range, once, four at most each)
                for &[a, b] in listed.into_iter().flatten() {
                    let (a, b) = (base + a, base + b);
                    for (x, y) in [(a, b), (b, a)] {
                        let free = isl[x as usize].iter().position(|&s| s == NONE).expect("four ISLs at most");
                        isl[x as usize][free] = y;
                    }
                }
                continue;
            }
            for (i, s) in sh.satellites.iter().enumerate() {
                names.push(format!("{}-{i}", sh.name));
                shell_of.push(k as u16);
                let id = |p: u32, q: u32| base + p * ns + q;
                let mut nb = [NONE; 4];
                if ns > 1 {
                    nb[0] = id(s.plane, (s.slot + 1) % ns);
                    nb[1] = id(s.plane, (s.slot + ns - 1) % ns);
                }
                if np > 1 {
                    nb[2] = id((s.plane + 1) % np, s.slot);
                    nb[3] = id((s.plane + np - 1) % np, s.slot);
                    // a star's first and last planes cross the other way: no ISL at the seam
                    if star && s.plane + 1 == np {
                        nb[2] = NONE;
                    }
                    if star && s.plane == 0 {
                        nb[3] = NONE;
                    }
                }
                // two planes or two slots: both neighbours are one satellite, one link
                if nb[1] == nb[0] {
                    nb[1] = NONE;
                }
                if nb[3] == nb[2] {
                    nb[3] = NONE;
                }
                isl.push(nb);
            }
        }
        names.extend(stations.iter().map(|g| g.name.clone()));
        let n_sat = isl.len();
        let reach = shells
            .iter()
            .map(|s| match (s.max_range_m, s.min_elevation_rad) {
                (Some(r), _) => Reach::Range(r),
                (None, e) => Reach::Elevation(e.unwrap_or(0.0).sin()),
            })
            .collect();
        let g = stations.len();
        let net = Network {
            epoch,
            shells,
            stations,
            policy: spec.gsl.policy,
            reassign_period_s: spec.gsl.reassign_period_s,
            interval_s: spec.routing.interval_ms / 1e3,
            metric: spec.routing.metric,
            relays: spec.routing.ground_relays,
            names,
            isl,
            shell_of,
            reach,
            sat_pos: vec![[0.0; 3]; n_sat],
            gs_pos: vec![([0.0; 3], [0.0; 3]); g],
            gsl: vec![Vec::new(); g],
            attached: vec![NONE; g],
            next_reassign_s: 0.0,
            handovers: 0,
            t: f64::NAN,
        };
        Ok(net)
    }

    pub fn n_sat(&self) -> usize {
        self.isl.len()
    }

    pub fn n_nodes(&self) -> usize {
        self.isl.len() + self.stations.len()
    }

    /// Index of a ground station by name.
    pub fn station(&self, name: &str) -> Option<usize> {
        self.stations.iter().position(|g| g.name == name)
    }

    /// Positions of every satellite at `t_s`.
    pub fn move_satellites(&mut self, t_s: f64) -> Result<(), String> {
        let mut i = 0;
        for sh in &self.shells {
            for s in &sh.satellites {
                self.sat_pos[i] = s.position(t_s)?;
                i += 1;
            }
        }
        let theta = self.epoch.gmst_rad(t_s);
        for (k, g) in self.stations.iter().enumerate() {
            self.gs_pos[k] = g.inertial(theta);
        }
        Ok(())
    }

    /// Whether ground station `g` sees satellite `s` at the current positions, and the
    /// distance between them.
    #[inline]
    fn sees(&self, g: usize, s: usize) -> Option<f64> {
        let (p, up) = self.gs_pos[g];
        let v = sub(self.sat_pos[s], p);
        let dd = dot(v, v);
        // without a square root or an arc sine where the answer is no
        let ok = match self.reach[self.shell_of[s] as usize] {
            Reach::Range(r) => dd <= r * r,
            Reach::Elevation(sin_e) => {
                let h = dot(v, up);
                h >= 0.0 && h * h >= dd * sin_e * sin_e
            }
        };
        ok.then(|| dd.sqrt())
    }

    /// Moves everything to `t_s` and re-chooses the ground links by the policy; returns
    /// how many stations were handed over to another satellite.
    pub fn step(&mut self, t_s: f64) -> Result<u64, String> {
        self.move_satellites(t_s)?;
        self.t = t_s;
        let reassign = self.policy == Policy::Reassign && t_s + 1e-9 >= self.next_reassign_s;
        if reassign {
            while self.next_reassign_s <= t_s + 1e-9 {
                self.next_reassign_s += self.reassign_period_s;
            }
        }
        let mut changed = 0;
        for g in 0..self.stations.len() {
            let mut visible: Vec<(u32, f64)> = Vec::new();
            for s in 0..self.n_sat() {
                if let Some(d) = self.sees(g, s) {
                    visible.push((s as u32, d));
                }
            }
            let nearest = visible.iter().copied().min_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
            let keep = |cur: u32| visible.iter().copied().find(|v| v.0 == cur);
            let choice = match self.policy {
                Policy::Any => {
                    self.gsl[g] = visible;
                    continue;
                }
                Policy::Nearest => nearest,
                Policy::Stay => keep(self.attached[g]).or(nearest),
                Policy::Reassign if reassign => nearest,
                Policy::Reassign => keep(self.attached[g]).or(nearest),
            };
            let sat = choice.map_or(NONE, |c| c.0);
            // a handover: from one satellite to another (not coverage lost or found)
            let prev = self.attached[g];
            if prev != NONE && sat != NONE && sat != prev {
                changed += 1;
            }
            self.attached[g] = sat;
            self.gsl[g] = choice.into_iter().collect();
        }
        self.handovers += changed;
        Ok(changed)
    }

    /// Length of the ISL from satellite `a` to `b` at the current positions.
    #[inline]
    pub fn isl_len(&self, a: u32, b: u32) -> f64 {
        distance(self.sat_pos[a as usize], self.sat_pos[b as usize])
    }

    /// Length of a link between two graph nodes at the current positions.
    pub fn link_len(&self, a: u32, b: u32) -> f64 {
        let pos = |n: u32| {
            if (n as usize) < self.n_sat() {
                self.sat_pos[n as usize]
            } else {
                self.gs_pos[n as usize - self.n_sat()].0
            }
        };
        distance(pos(a), pos(b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orbit::elevation;
    use serde_json::json;

    pub(crate) fn net(v: serde_json::Value) -> Network {
        Network::new(&ConstellationSpec::from_value(&v).unwrap()).unwrap()
    }

    #[test]
    fn plus_grid_gives_four_distinct_neighbours_in_both_directions() {
        let n = net(json!({"shells": [{"builtin": "kuiper-630"}]}));
        assert_eq!(n.n_sat(), 1156);
        for (a, nb) in n.isl.iter().enumerate() {
            let mut s = nb.to_vec();
            s.sort();
            s.dedup();
            assert_eq!(s.len(), 4);
            for &b in nb {
                assert!(n.isl[b as usize].contains(&(a as u32)), "{a} -> {b} has no way back");
            }
        }
    }

    #[test]
    fn a_city_sees_satellites_above_its_elevation_and_single_policies_keep_one() {
        let mut n = net(json!({"shells": [{"builtin": "starlink-1"}], "ground_stations": ["Paris", "Manila"]}));
        assert!(n.gsl[0].len() >= 2, "Paris sees several Starlink satellites: {}", n.gsl[0].len());
        for &(s, d) in &n.gsl[0] {
            assert!(d < 1200e3, "25 degrees at 550 km is within 1,123 km: {d}");
            let (p, up) = n.gs_pos[0];
            assert!(elevation(p, up, n.sat_pos[s as usize]).to_degrees() >= 25.0);
        }
        n.policy = Policy::Stay;
        let mut last = NONE;
        let mut changes = 0;
        for k in 0..600 {
            n.step(k as f64 * 0.5).unwrap();
            assert_eq!(n.gsl[0].len(), 1);
            if n.attached[0] != last && last != NONE {
                changes += 1;
            }
            last = n.attached[0];
        }
        // a satellite is seen for about three minutes: in 300 s, one to four handovers
        assert!((1..=4).contains(&changes), "{changes}");
    }

    #[test]
    fn listed_isl_pairs_make_the_same_network_as_the_grid_they_list() {
        // a small Walker shell's +Grid written out as pairs (Hypatia's isls.txt): the same
        // neighbours, and the same trees
        let shell = json!({"planes": 6, "sats_per_plane": 8, "altitude_km": 1000, "inclination_deg": 60,
                           "min_elevation_deg": 10});
        let grid = net(json!({"shells": [shell.clone()], "ground_stations": ["Paris", "Lagos", "Moscow"]}));
        let mut pairs = Vec::new();
        for (a, nb) in grid.isl.iter().enumerate() {
            pairs.extend(nb.iter().filter(|&&b| b != NONE && (b as usize) > a).map(|&b| json!([a, b])));
        }
        let mut listed = shell.clone();
        listed["isl_pairs"] = json!(pairs);
        let mut listed = net(json!({"shells": [listed], "ground_stations": ["Paris", "Lagos", "Moscow"]}));
        let mut grid = grid;
        for (a, b) in grid.isl.iter().zip(&listed.isl) {
            let (mut a, mut b) = (a.to_vec(), b.to_vec());
            a.sort();
            b.sort();
            assert_eq!(a, b);
        }
        for k in 0..20 {
            grid.step(k as f64 * 30.0).unwrap();
            listed.step(k as f64 * 30.0).unwrap();
            for d in 0..3 {
                let (mut x, mut y) = (routing::Tree::default(), routing::Tree::default());
                routing::Graph::new(&grid).tree_to(d, &mut x);
                routing::Graph::new(&listed).tree_to(d, &mut y);
                assert_eq!((x.next, x.hops), (y.next, y.hops), "t={k} dst={d}");
            }
        }
    }

    #[test]
    fn wrong_isl_pairs_name_their_field() {
        let cases = [
            (json!([[0, 48]]), "constellation.shells[0].isl_pairs[0]: [0, 48] names a satellite beyond the shell's 48 (0 .. 47)"),
            (json!([[3, 3]]), "constellation.shells[0].isl_pairs[0]: [3, 3] links a satellite to itself"),
            (json!([[1, 2], [2, 1]]), "constellation.shells[0].isl_pairs[1]: [2, 1] is listed twice"),
            (json!([[0, 1], [0, 2], [0, 3], [0, 4], [0, 5]]),
             "constellation.shells[0].isl_pairs[4]: satellite 0 has more than 4 ISLs"),
        ];
        for (pairs, want) in cases {
            let spec = json!({"shells": [{"planes": 6, "sats_per_plane": 8, "altitude_km": 1000,
                                          "inclination_deg": 60, "min_elevation_deg": 10, "isl_pairs": pairs}]});
            let err = ConstellationSpec::from_value(&spec).unwrap().build().unwrap_err();
            assert_eq!(err, want);
        }
        let spec = json!({"shells": [{"builtin": "kuiper-630", "isls": "none", "isl_pairs": [[0, 1]]}]});
        let err = ConstellationSpec::from_value(&spec).unwrap().build().unwrap_err();
        assert_eq!(err, "constellation.shells[0].isl_pairs: give isls or isl_pairs, not both");
    }

    #[test]
    fn a_star_spreads_its_planes_over_half_the_equator_and_links_none_across_the_seam() {
        // Iridium's layout: 6 planes of 11 at 780 km, 86.4 degrees
        let shell = json!({"planes": 6, "sats_per_plane": 11, "altitude_km": 780, "inclination_deg": 86.4,
                           "min_elevation_deg": 8.2});
        let mut star = shell.clone();
        star["pattern"] = json!("star");
        let (delta, star) = (net(json!({"shells": [shell]})), net(json!({"shells": [star]})));
        // the orbit normal of each plane (from two positions of its first satellite)
        let normal = |n: &Network, p: usize| {
            let s = &n.shells[0].satellites[p * 11];
            let (a, b) = (s.position(0.0).unwrap(), s.position(60.0).unwrap());
            let c = [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
            let l = dot(c, c).sqrt();
            [c[0] / l, c[1] / l, c[2] / l]
        };
        // neighbouring planes turn the same way; a star's first and last turn opposite ways
        for p in 0..5 {
            assert!(dot(normal(&star, p), normal(&star, p + 1)) > 0.8, "plane {p}");
        }
        assert!(dot(normal(&star, 0), normal(&star, 5)) < -0.8, "a star's seam");
        assert!(dot(normal(&delta, 0), normal(&delta, 5)) > 0.4, "a delta has no seam");
        for (a, nb) in star.isl.iter().enumerate() {
            let plane = a / 11;
            let links = nb.iter().filter(|&&b| b != NONE).count();
            assert_eq!(links, if plane == 0 || plane == 5 { 3 } else { 4 }, "satellite {a}");
            for &b in nb.iter().filter(|&&b| b != NONE) {
                assert!(star.isl[b as usize].contains(&(a as u32)), "{a} -> {b} has no way back");
                assert!((plane as i64 - b as i64 / 11).abs() <= 1, "{a} -> {b} crosses the seam");
            }
        }
        assert!(delta.isl.iter().all(|nb| nb.iter().all(|&b| b != NONE)), "a delta links every plane to two");
    }
}
