//! Shortest paths on the moving graph: one Dijkstra per destination ground station
//! (never all pairs), run outward from the destination over links whose lengths are
//! taken at the routing instant. The result is each node's next hop toward it.
//! Ground stations other than the destination are leaves: they never relay.

use super::{Network, NONE};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use crate::scenario::constellation::Metric;

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
    /// The shortest and longest link now, m.
    min_link: f64,
    max_link: f64,
    heap: Frontier,
    done: Vec<bool>,
}

impl Graph {
    /// The graph of `net` as it is now.
    pub fn new(net: &Network) -> Graph {
        let n_sat = net.n_sat();
        let isl: Vec<[(u32, f64); 4]> = (0..n_sat)
            .map(|a| net.isl[a].map(|b| if b == NONE { (NONE, 0.0) } else { (b, net.isl_len(a as u32, b)) }))
            .collect();
        let lengths = isl.iter().flatten().filter(|l| l.0 != NONE).map(|l| l.1);
        let lengths = lengths.chain(net.gsl.iter().flatten().map(|l| l.1));
        let (min_link, max_link) = lengths.fold((f64::INFINITY, 0.0f64), |(lo, hi), l| (lo.min(l), hi.max(l)));
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
            min_link,
            max_link,
            heap: Frontier::default(),
            done: Vec::new(),
        }
    }

    /// Next hops of every node toward ground station `dst` (its index among stations).
    pub fn tree_to(&mut self, dst: usize, tree: &mut Tree) {
        match self.metric {
            Metric::Delay => self.tree::<false>(dst, tree),
            Metric::Hops => self.tree::<true>(dst, tree),
        }
    }

    /// Dijkstra, made once per metric so that the inner loop has no branch on it.
    fn tree<const HOPS: bool>(&mut self, dst: usize, tree: &mut Tree) {
        let n = self.n_sat + self.sats_of.len();
        tree.dist.clear();
        tree.dist.resize(n, f64::INFINITY);
        tree.hops.clear();
        tree.hops.resize(n, u32::MAX);
        tree.next.clear();
        tree.next.resize(n, NONE);
        let root = (self.n_sat + dst) as u32;
        tree.dist[root as usize] = 0.0;
        tree.hops[root as usize] = 0;
        let metric = self.metric;
        let heap = &mut self.heap;
        heap.reset(metric, self.min_link, self.max_link);
        let done = &mut self.done;
        done.clear();
        done.resize(n, false);
        heap.push(root, 0.0, entry(metric, 0.0, 0, root));
        while let Some(u) = heap.pop() {
            let ui = u as usize;
            if done[ui] {
                continue; // settled: this entry was left behind by a better one
            }
            done[ui] = true;
            if !HOPS && u != root {
                // by delay, a node's hop count is its parent's plus one, set once here
                tree.hops[ui] = tree.hops[tree.next[ui] as usize] + 1;
            }
            let (du, hu) = (tree.dist[ui], tree.hops[ui]);
            if ui >= self.n_sat {
                if u != root {
                    continue; // a ground station other than the destination: a leaf
                }
                for &(s, len) in &self.sats_of[dst] {
                    relax::<HOPS>(metric, tree, heap, u, du, hu, s, len);
                }
            } else {
                for &(v, len) in &self.isl[ui] {
                    if v != NONE {
                        relax::<HOPS>(metric, tree, heap, u, du, hu, v, len);
                    }
                }
                for &(g, len) in &self.gs_of[self.start[ui] as usize..self.start[ui + 1] as usize] {
                    leaf::<HOPS>(metric, tree, u, du, hu, g, len);
                }
            }
        }
        if !HOPS {
            for g in self.n_sat..n {
                if g != root as usize && tree.next[g] != NONE {
                    tree.hops[g] = tree.hops[tree.next[g] as usize] + 1;
                }
            }
        }
    }
}

/// Reaches `v` from `u` (at `du`, `hu`) over a link of `len` if that is better.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn relax<const HOPS: bool>(metric: Metric, tree: &mut Tree, heap: &mut Frontier, u: u32, du: f64, hu: u32, v: u32,
                           len: f64) {
    let vi = v as usize;
    let nd = du + len;
    // Equal paths (a Walker shell is symmetric, so they are exactly equal) go through
    // the lowest-numbered neighbour: every predecessor on a shortest path is settled
    // before the node, so the tree does not depend on the order of the queue.
    if !HOPS {
        if nd < tree.dist[vi] {
            tree.dist[vi] = nd;
            tree.next[vi] = u;
            heap.push(v, nd, entry(Metric::Delay, nd, 0, v));
        } else if nd == tree.dist[vi] && u < tree.next[vi] {
            tree.next[vi] = u;
        }
        return;
    }
    let nh = hu + 1;
    let (new, old) = (key(metric, nd, nh), key(metric, tree.dist[vi], tree.hops[vi]));
    if new == old && u < tree.next[vi] {
        tree.next[vi] = u;
    } else if new < old {
        tree.dist[vi] = nd;
        tree.hops[vi] = nh;
        tree.next[vi] = u;
        heap.push(v, nd, entry(metric, nd, nh, v));
    }
}

/// Reaches ground station `g` from satellite `u`: as `relax`, but a station other than
/// the destination never relays, so it never enters the queue.
#[inline(always)]
fn leaf<const HOPS: bool>(metric: Metric, tree: &mut Tree, u: u32, du: f64, hu: u32, g: u32, len: f64) {
    let gi = g as usize;
    let nd = du + len;
    let (new, old) = if HOPS {
        (key(metric, nd, hu + 1), key(metric, tree.dist[gi], tree.hops[gi]))
    } else {
        (key(metric, nd, 0), key(metric, tree.dist[gi], 0))
    };
    if new < old || (new == old && u < tree.next[gi]) {
        tree.dist[gi] = nd;
        tree.next[gi] = u;
        if HOPS {
            tree.hops[gi] = hu + 1;
        }
    }
}

/// A heap entry: the key above the node, in one integer (one comparison per step).
#[inline(always)]
fn entry(metric: Metric, dist: f64, hops: u32, node: u32) -> u128 {
    let (k1, k2) = key(metric, dist, hops);
    match metric {
        Metric::Delay => ((k1 as u128) << 32) | node as u128,
        Metric::Hops => ((k1 as u128) << 96) | ((k2 as u128) << 32) | node as u128,
    }
}

/// The frontier of a Dijkstra run: entries (key above node, see `entry`) popped in an
/// order that keeps Dijkstra exact; stale ones are skipped by the caller.
///
/// By delay, a bucket queue (Dial's algorithm) with buckets as wide as the shortest link
/// of the graph at this instant: a node in bucket k cannot lower another node of bucket
/// k (that takes a link of at least the bucket's width), so a bucket's nodes may be
/// taken in any order and each push and pop is O(1). A constellation's links are
/// hundreds of kilometres, a path a few tens of thousands: a few dozen buckets, reused
/// round the ring. By hops, or when links are too unequal for few buckets, a binary heap.
#[derive(Default)]
struct Frontier {
    /// Bucket width, m (0: the heap is used), and its inverse (a multiplication per
    /// push instead of a division).
    width: f64,
    per_m: f64,
    /// A ring of buckets of nodes, a power of two long.
    buckets: Vec<Vec<u32>>,
    /// The bucket being emptied (absolute index; the ring slot is `cur & mask`).
    cur: usize,
    pending: usize,
    heap: BinaryHeap<Reverse<u128>>,
}

/// Most buckets of the ring before the heap is used instead.
const MAX_BUCKETS: f64 = 4096.0;

impl Frontier {
    fn reset(&mut self, metric: Metric, min_link: f64, max_link: f64) {
        self.heap.clear();
        self.pending = 0;
        self.cur = 0;
        // a hair under the shortest link, so that rounding never puts a neighbour in the
        // bucket being emptied
        let width = min_link * (1.0 - 1e-9);
        let ring = (max_link / width).ceil() + 2.0;
        if metric == Metric::Delay && width > 0.0 && width.is_finite() && ring <= MAX_BUCKETS {
            self.width = width;
            self.per_m = 1.0 / width;
            let n = (ring as usize).next_power_of_two();
            self.buckets.resize_with(n, Vec::new);
            self.buckets.truncate(n);
            self.buckets.iter_mut().for_each(Vec::clear);
        } else {
            self.width = 0.0;
        }
    }

    #[inline(always)]
    fn push(&mut self, node: u32, dist: f64, e: u128) {
        if self.width == 0.0 {
            self.heap.push(Reverse(e));
        } else {
            // dist x (1/width) may land one bucket off dist / width at a boundary; the
            // width is a hair under the shortest link, so no neighbour shares a bucket
            let b = (dist * self.per_m) as usize & (self.buckets.len() - 1);
            self.buckets[b].push(node);
            self.pending += 1;
        }
    }

    /// The next node to settle, perhaps one settled already (the caller skips it).
    #[inline(always)]
    fn pop(&mut self) -> Option<u32> {
        if self.width == 0.0 {
            return self.heap.pop().map(|Reverse(e)| e as u32);
        }
        if self.pending == 0 {
            return None;
        }
        let mask = self.buckets.len() - 1;
        loop {
            if let Some(v) = self.buckets[self.cur & mask].pop() {
                self.pending -= 1;
                return Some(v);
            }
            self.cur += 1;
        }
    }
}

/// The order of paths: by length, or by links then length. Lengths are never negative,
/// so their bits sort as the numbers do.
#[inline(always)]
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
    fn the_bucket_queue_and_the_heap_give_the_same_trees() {
        let n = net(json!({"shells": [{"builtin": "starlink-1"}], "ground_stations": ["Manila", "Dalian", "Paris"]}));
        let mut g = Graph::new(&n);
        let (mut a, mut b) = (Tree::default(), Tree::default());
        for d in 0..3 {
            g.tree_to(d, &mut a);
            let saved = g.min_link;
            g.min_link = 0.0; // no bucket width: the heap
            g.tree_to(d, &mut b);
            g.min_link = saved;
            assert_eq!(a.next, b.next);
            assert_eq!(a.hops, b.hops);
            assert!(a.dist.iter().zip(&b.dist).all(|(x, y)| x == y || (x.is_infinite() && y.is_infinite())));
        }
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
