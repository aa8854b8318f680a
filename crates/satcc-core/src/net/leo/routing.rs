//! Shortest paths on the moving graph: one Dijkstra per destination ground station
//! (never all pairs), run outward from the destination over links whose lengths are
//! taken at the routing instant. The result is each node's next hop toward it.
//! Ground stations other than the destination are leaves: they never relay.

use super::{Network, NONE};
use crate::scenario::constellation::Metric;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Every node's way to one destination.
#[derive(Clone, Debug, Default)]
pub struct Tree {
    /// Path length to the destination, m (infinite where there is none).
    pub dist: Vec<f64>,
    /// Links to the destination.
    pub hops: Vec<u32>,
    /// Next node toward the destination (NONE at it, or where there is no path).
    pub next: Vec<u32>,
}

/// The graph at one instant, laid out for many Dijkstra runs.
pub struct Graph {
    n_sat: usize,
    /// Per satellite, its ISL neighbours and their lengths (NONE-padded).
    isl: Vec<[(u32, f64); 4]>,
    /// Per satellite, the ground stations linked to it (CSR: `gs_of[start[s]..start[s+1]]`).
    start: Vec<u32>,
    gs_of: Vec<(u32, f64)>,
    /// Per ground station, its satellites.
    sats_of: Vec<Vec<(u32, f64)>>,
    metric: Metric,
    heap: BinaryHeap<Reverse<(u64, u64, u32)>>,
    done: Vec<bool>,
}

impl Graph {
    /// The graph of `net` as it is now.
    pub fn new(net: &Network) -> Graph {
        let n_sat = net.n_sat();
        let isl = (0..n_sat)
            .map(|a| net.isl[a].map(|b| if b == NONE { (NONE, 0.0) } else { (b, net.isl_len(a as u32, b)) }))
            .collect();
        let mut count = vec![0u32; n_sat + 1];
        for links in &net.gsl {
            for &(s, _) in links {
                count[s as usize + 1] += 1;
            }
        }
        for i in 0..n_sat {
            count[i + 1] += count[i];
        }
        let start = count.clone();
        let mut fill = count;
        let mut gs_of = vec![(0u32, 0.0); *start.last().unwrap() as usize];
        for (g, links) in net.gsl.iter().enumerate() {
            for &(s, d) in links {
                gs_of[fill[s as usize] as usize] = ((n_sat + g) as u32, d);
                fill[s as usize] += 1;
            }
        }
        Graph {
            n_sat,
            isl,
            start,
            gs_of,
            sats_of: net.gsl.clone(),
            metric: net.metric,
            heap: BinaryHeap::new(),
            done: vec![false; net.n_nodes()],
        }
    }

    /// Next hops of every node toward ground station `dst` (its index among stations).
    pub fn tree_to(&mut self, dst: usize, tree: &mut Tree) {
        let n = self.done.len();
        tree.dist.clear();
        tree.dist.resize(n, f64::INFINITY);
        tree.hops.clear();
        tree.hops.resize(n, u32::MAX);
        tree.next.clear();
        tree.next.resize(n, NONE);
        self.done.iter_mut().for_each(|d| *d = false);
        let root = (self.n_sat + dst) as u32;
        tree.dist[root as usize] = 0.0;
        tree.hops[root as usize] = 0;
        self.heap.clear();
        self.heap.push(Reverse((0, 0, root)));
        while let Some(Reverse((_, _, u))) = self.heap.pop() {
            let ui = u as usize;
            if self.done[ui] {
                continue;
            }
            self.done[ui] = true;
            let (du, hu) = (tree.dist[ui], tree.hops[ui]);
            let metric = self.metric;
            let heap = &mut self.heap;
            let mut relax = |v: u32, len: f64| {
                let vi = v as usize;
                let (nd, nh) = (du + len, hu + 1);
                if key(metric, nd, nh) < key(metric, tree.dist[vi], tree.hops[vi]) {
                    tree.dist[vi] = nd;
                    tree.hops[vi] = nh;
                    tree.next[vi] = u;
                    let (k1, k2) = key(metric, nd, nh);
                    heap.push(Reverse((k1, k2, v)));
                }
            };
            if ui >= self.n_sat {
                if u != root {
                    continue; // a ground station other than the destination: a leaf
                }
                for &(s, len) in &self.sats_of[dst] {
                    relax(s, len);
                }
            } else {
                for &(v, len) in &self.isl[ui] {
                    if v != NONE {
                        relax(v, len);
                    }
                }
                for &(g, len) in &self.gs_of[self.start[ui] as usize..self.start[ui + 1] as usize] {
                    relax(g, len);
                }
            }
        }
    }
}

/// The order of paths: by length, or by links then length. Lengths are never negative,
/// so their bits sort as the numbers do.
#[inline]
fn key(metric: Metric, dist: f64, hops: u32) -> (u64, u64) {
    match metric {
        Metric::Delay => (dist.to_bits(), 0),
        Metric::Hops => (hops as u64, dist.to_bits()),
    }
}

impl Tree {
    /// The nodes from `src` to the tree's destination, both included; None if there is
    /// no path.
    pub fn path_from(&self, src: u32) -> Option<Vec<u32>> {
        if self.dist[src as usize].is_infinite() {
            return None;
        }
        let mut path = vec![src];
        let mut u = src;
        while self.next[u as usize] != NONE {
            u = self.next[u as usize];
            path.push(u);
        }
        Some(path)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::net;
    use super::*;
    use crate::orbit::SPEED_OF_LIGHT_M_S;
    use serde_json::json;

    #[test]
    fn paths_run_ground_satellites_ground_and_their_length_is_the_sum_of_links() {
        let n = net(json!({"shells": [{"builtin": "kuiper-630"}], "ground_stations": ["Paris", "Moscow", "New-York"]}));
        let mut g = Graph::new(&n);
        let mut t = Tree::default();
        g.tree_to(1, &mut t);
        let src = (n.n_sat() + 0) as u32;
        let p = t.path_from(src).expect("Paris reaches Moscow");
        assert_eq!(*p.last().unwrap() as usize, n.n_sat() + 1);
        assert!(p[1..p.len() - 1].iter().all(|&s| (s as usize) < n.n_sat()), "no ground relay: {p:?}");
        let sum: f64 = p.windows(2).map(|w| n.link_len(w[0], w[1])).sum();
        assert!((sum - t.dist[src as usize]).abs() < 1e-6);
        assert_eq!(t.hops[src as usize] as usize, p.len() - 1);
        let rtt_ms = 2.0 * sum / SPEED_OF_LIGHT_M_S * 1e3;
        // Paris-Moscow is 2,490 km on the ground: the RTT is above 2 x 2490 km / c
        assert!(rtt_ms > 16.6 && rtt_ms < 60.0, "{rtt_ms}");
    }

    #[test]
    fn fewest_hops_never_takes_more_links_than_shortest_delay() {
        let mut n = net(json!({"shells": [{"builtin": "kuiper-630"}], "ground_stations": ["Manila", "Dalian", "London"]}));
        let src = (n.n_sat() + 0) as u32;
        let mut t = Tree::default();
        Graph::new(&n).tree_to(2, &mut t);
        let by_delay = (t.hops[src as usize], t.dist[src as usize]);
        n.metric = Metric::Hops;
        Graph::new(&n).tree_to(2, &mut t);
        let by_hops = (t.hops[src as usize], t.dist[src as usize]);
        assert!(by_hops.0 <= by_delay.0 && by_hops.1 >= by_delay.1 - 1e-6, "{by_hops:?} {by_delay:?}");
    }
}
