//! Shortest paths on the moving graph: one Dijkstra per destination ground station
//! (never all pairs), run outward from the destination over links whose lengths are
//! taken at the routing instant. The result is each node's next hop toward it.
//! Ground stations other than the destination are leaves, unless they relay
//! (`routing.ground_relays`): then they are nodes like satellites.

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
    /// The destination's node, once computed (a later instant starts from this tree).
    root: Option<u32>,
    /// Per satellite, its link to its next hop: 0-3, the slot of the ISL; 4 + i, the
    /// destination's i-th ground link.
    slot: Vec<u32>,
    /// The satellites with a path, each after its next hop.
    order: Vec<u32>,
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
    /// Ground stations relay (they are settled and reach their satellites).
    relays: bool,
    /// The shortest and longest link now, m.
    min_link: f64,
    max_link: f64,
    heap: Frontier,
    done: Vec<bool>,
    dial: Dial,
    /// Scratch of `tree_again`: the new lengths and order, each satellite's ground link
    /// to the destination (length, index), the queue and the satellites it lowered.
    d: Vec<f64>,
    order: Vec<u32>,
    to_root: Vec<(f64, u32)>,
    repair: BinaryHeap<Reverse<u128>>,
    dirty: Vec<u32>,
    stack: Vec<u32>,
    /// Trees built from the last instant's, and the nodes they lowered (diagnostics).
    pub trees_again: u64,
    pub lowered: u64,
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
            relays: net.relays,
            min_link,
            max_link,
            heap: Frontier::default(),
            done: Vec::new(),
            dial: Dial::default(),
            d: Vec::new(),
            order: Vec::new(),
            to_root: Vec::new(),
            repair: BinaryHeap::new(),
            dirty: Vec::new(),
            stack: Vec::new(),
            trees_again: 0,
            lowered: 0,
        }
    }

    /// Next hops of every node toward ground station `dst` (its index among stations).
    pub fn tree_to(&mut self, dst: usize, tree: &mut Tree) {
        let root = (self.n_sat + dst) as u32;
        let n = self.n_sat + self.sats_of.len();
        let again = tree.root == Some(root) && tree.next.len() == n && tree.slot.len() == self.n_sat;
        match self.metric {
            // with relays, the plain Dijkstra (the two below know only satellites inside)
            Metric::Delay if self.relays => {
                self.tree::<false>(dst, tree);
                tree.slot.clear(); // not a start for `tree_again`
            }
            Metric::Delay if again => self.tree_again(dst, tree),
            Metric::Delay => {
                if self.dial.reset(self.n_sat, self.min_link, self.max_link) {
                    self.tree_dial(dst, tree);
                } else {
                    self.tree::<false>(dst, tree);
                }
                self.index(dst, tree);
            }
            Metric::Hops => {
                self.tree::<true>(dst, tree);
                tree.slot.clear(); // not a start for a tree by delay
            }
        }
        tree.root = Some(root);
    }

    /// The tree toward `dst` from its tree at the last routing instant, which the
    /// satellites have barely moved since: the old tree's paths, measured now, are upper
    /// bounds of the new lengths; every link is checked against them, and the few nodes
    /// a shorter way now reaches are lowered Dijkstra-like until every link holds.
    ///
    /// The result is exactly Dijkstra's: with links longer than zero, the lengths that
    /// satisfy every link (each node's length the least, over its neighbours, of their
    /// length plus the link, in floating point) are unique, and a node's next hop is the
    /// lowest-numbered neighbour that gives its length, the rule of `relax`. (Tested
    /// against `tree_dial` over many instants, with handovers, below.)
    fn tree_again(&mut self, dst: usize, tree: &mut Tree) {
        let n_sat = self.n_sat;
        let root = (n_sat + dst) as u32;
        let up = &self.sats_of[dst];
        // the old paths, measured now, parents before children; a path whose link to
        // the destination is gone has no bound (the check below finds its new one)
        let d = &mut self.d;
        d.clear();
        d.resize(tree.next.len(), f64::INFINITY);
        d[root as usize] = 0.0;
        for &v in &tree.order {
            let vi = v as usize;
            let (p, k) = (tree.next[vi], tree.slot[vi] as usize);
            let len = if k < 4 {
                self.isl[vi][k].1 // an ISL is as long both ways
            } else {
                up.get(k - 4).filter(|l| l.0 == v).map_or(f64::INFINITY, |l| l.1)
            };
            d[vi] = d[p as usize] + len;
        }
        // every link checked; each satellite's next hop chosen as it is; a lowered
        // satellite is queued, and it and its neighbours are chosen again at the end
        let to_root = &mut self.to_root;
        to_root.resize(n_sat, (f64::INFINITY, 0));
        for (i, &(s, len)) in up.iter().enumerate() {
            to_root[s as usize] = (len, i as u32);
        }
        let (heap, dirty) = (&mut self.repair, &mut self.dirty);
        heap.clear();
        dirty.clear();
        for v in 0..n_sat {
            let (m, arg, k) = best(&self.isl[v], to_root[v], root, d, d[v]);
            tree.next[v] = arg;
            tree.slot[v] = k;
            if m < d[v] {
                d[v] = m;
                heap.push(Reverse(((m.to_bits() as u128) << 32) | v as u128));
                dirty.push(v as u32);
            }
        }
        while let Some(Reverse(e)) = heap.pop() {
            let u = e as u32 as usize;
            let du = d[u];
            if du.to_bits() != (e >> 32) as u64 {
                continue; // lowered again since it was queued
            }
            for &(v, len) in &self.isl[u] {
                if v != NONE && du + len < d[v as usize] {
                    d[v as usize] = du + len;
                    heap.push(Reverse((((du + len).to_bits() as u128) << 32) | v as u128));
                    dirty.push(v);
                }
            }
        }
        self.trees_again += 1;
        self.lowered += dirty.len() as u64;
        for &w in dirty.iter() {
            let w = w as usize;
            for v in std::iter::once(w).chain(self.isl[w].iter().map(|l| l.0 as usize).filter(|&v| v != NONE as usize)) {
                let (_, arg, k) = best(&self.isl[v], to_root[v], root, d, d[v]);
                tree.next[v] = arg;
                tree.slot[v] = k;
            }
        }
        for &(s, _) in up {
            to_root[s as usize] = (f64::INFINITY, 0);
        }
        std::mem::swap(&mut tree.dist, d);
        self.finish(dst, tree);
    }

    /// Hop counts, ground stations other than the destination (leaves) and the order
    /// the next instant starts from, once the satellites' lengths and next hops are set.
    fn finish(&mut self, dst: usize, tree: &mut Tree) {
        let n_sat = self.n_sat;
        let root = n_sat + dst;
        let (dist, hops, next) = (&mut tree.dist, &mut tree.hops, &mut tree.next);
        hops.iter_mut().for_each(|h| *h = u32::MAX);
        hops[root] = 0;
        next[root] = NONE;
        // up each satellite's chain to a node whose count is known, the old order first
        // (there, a parent is mostly counted already); counted parents before children
        let (stack, order) = (&mut self.stack, &mut self.order);
        order.clear();
        for v in tree.order.iter().map(|&v| v as usize).chain(0..n_sat) {
            if hops[v] != u32::MAX || next[v] == NONE {
                continue;
            }
            let hp = hops[next[v] as usize];
            if hp != u32::MAX {
                hops[v] = hp + 1;
                order.push(v as u32);
                continue;
            }
            let mut u = v as u32;
            while hops[u as usize] == u32::MAX {
                stack.push(u);
                u = next[u as usize];
            }
            let mut h = hops[u as usize];
            while let Some(w) = stack.pop() {
                h += 1;
                hops[w as usize] = h;
                order.push(w);
            }
        }
        std::mem::swap(&mut tree.order, order);
        for (g, sats) in self.sats_of.iter().enumerate() {
            let gi = n_sat + g;
            if gi == root {
                continue;
            }
            dist[gi] = f64::INFINITY;
            next[gi] = NONE;
            for &(s, len) in sats {
                let nd = dist[s as usize] + len;
                if nd < dist[gi] || (nd == dist[gi] && s < next[gi] && nd != f64::INFINITY) {
                    dist[gi] = nd;
                    next[gi] = s;
                }
            }
            if next[gi] != NONE {
                hops[gi] = hops[next[gi] as usize] + 1;
            }
        }
    }

    /// After a Dijkstra run: each satellite's link to its next hop and the order of the
    /// tree, for `tree_again` at the next instant.
    fn index(&mut self, dst: usize, tree: &mut Tree) {
        let root = (self.n_sat + dst) as u32;
        tree.slot.clear();
        tree.slot.resize(self.n_sat, 0);
        for v in 0..self.n_sat {
            let p = tree.next[v];
            tree.slot[v] = if p == root {
                4 + self.sats_of[dst].iter().position(|l| l.0 == v as u32).unwrap_or(u32::MAX as usize - 4) as u32
            } else {
                self.isl[v].iter().position(|l| l.0 == p).unwrap_or(0) as u32
            };
        }
        // satellites by hop count: parents before children
        let mut order: Vec<u32> = (0..self.n_sat as u32).filter(|&v| tree.next[v as usize] != NONE).collect();
        order.sort_by_key(|&v| tree.hops[v as usize]);
        tree.order = order;
    }

    /// Dijkstra by delay with Dial's buckets (see `Dial`).
    fn tree_dial(&mut self, dst: usize, tree: &mut Tree) {
        let n = self.n_sat + self.sats_of.len();
        tree.reset(n);
        let root = (self.n_sat + dst) as u32;
        let (dist, hops, next) = (&mut tree.dist[..], &mut tree.hops[..], &mut tree.next[..]);
        dist[root as usize] = 0.0;
        hops[root as usize] = 0;
        let q = &mut self.dial;
        for &(s, len) in &self.sats_of[dst] {
            relax_dial(q, dist, next, root, 0.0, s, len);
        }
        while let Some(u) = q.pop() {
            let ui = u as usize;
            if hops[ui] != u32::MAX {
                continue; // settled: this entry was left behind by a better one
            }
            // a node's hop count is its parent's plus one, set when it is settled
            hops[ui] = hops[next[ui] as usize] + 1;
            let du = dist[ui];
            for &(v, len) in &self.isl[ui] {
                if v != NONE {
                    relax_dial(q, dist, next, u, du, v, len);
                }
            }
            for &(g, len) in &self.gs_of[self.start[ui] as usize..self.start[ui + 1] as usize] {
                let gi = g as usize;
                let nd = du + len;
                if nd < dist[gi] || (nd == dist[gi] && u < next[gi]) {
                    dist[gi] = nd;
                    next[gi] = u;
                }
            }
        }
        for g in self.n_sat..n {
            if g != root as usize && next[g] != NONE {
                hops[g] = hops[next[g] as usize] + 1;
            }
        }
    }

    /// Dijkstra with a binary heap: by hops, or by delay where links are too unequal for
    /// Dial's ring. Made once per metric so that the inner loop has no branch on it.
    fn tree<const HOPS: bool>(&mut self, dst: usize, tree: &mut Tree) {
        let n = self.n_sat + self.sats_of.len();
        tree.reset(n);
        let root = (self.n_sat + dst) as u32;
        tree.dist[root as usize] = 0.0;
        tree.hops[root as usize] = 0;
        let metric = self.metric;
        let heap = &mut self.heap;
        heap.reset();
        let done = &mut self.done;
        done.clear();
        done.resize(n, false);
        heap.push(entry(metric, 0.0, 0, root));
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
                if u != root && !self.relays {
                    continue; // a ground station other than the destination: a leaf
                }
                for &(s, len) in &self.sats_of[ui - self.n_sat] {
                    relax::<HOPS>(metric, tree, heap, u, du, hu, s, len);
                }
            } else {
                for &(v, len) in &self.isl[ui] {
                    if v != NONE {
                        relax::<HOPS>(metric, tree, heap, u, du, hu, v, len);
                    }
                }
                for &(g, len) in &self.gs_of[self.start[ui] as usize..self.start[ui + 1] as usize] {
                    if self.relays {
                        relax::<HOPS>(metric, tree, heap, u, du, hu, g, len);
                    } else {
                        leaf::<HOPS>(metric, tree, u, du, hu, g, len);
                    }
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
            heap.push(entry(Metric::Delay, nd, 0, v));
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
        heap.push(entry(metric, nd, nh, v));
    }
}

/// A satellite's least length over its links (to the destination, `to_root` long, and
/// ISLs), starting from `m`, and the lowest-numbered neighbour that gives it with that
/// link's slot (`Tree::slot`). Ties are exact: equal sums of the same floating-point
/// lengths.
#[inline(always)]
fn best(isl: &[(u32, f64); 4], to_root: (f64, u32), root: u32, d: &[f64], mut m: f64) -> (f64, u32, u32) {
    let (mut arg, mut k) = (NONE, 0);
    if to_root.0 <= m && to_root.0 != f64::INFINITY {
        (m, arg, k) = (to_root.0, root, 4 + to_root.1);
    }
    for (j, &(u, len)) in isl.iter().enumerate() {
        if u != NONE {
            let t = d[u as usize] + len;
            if t < m || (t == m && u < arg && t != f64::INFINITY) {
                (m, arg, k) = (t, u, j as u32);
            }
        }
    }
    (m, arg, k)
}

/// `relax` by delay into Dial's buckets, without a branch on the outcome.
#[inline(always)]
fn relax_dial(q: &mut Dial, dist: &mut [f64], next: &mut [u32], u: u32, du: f64, v: u32, len: f64) {
    let vi = v as usize;
    let nd = du + len;
    let old = dist[vi];
    let better = nd < old;
    let take = better | ((nd == old) & (u < next[vi]));
    next[vi] = if take { u } else { next[vi] };
    dist[vi] = if better { nd } else { old };
    q.push_if(v, nd, better);
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

/// The frontier of a general Dijkstra run (by hops, or by delay where links are too
/// unequal for Dial's ring): a binary heap of entries (key above node, see `entry`);
/// stale ones are skipped by the caller.
#[derive(Default)]
struct Frontier {
    heap: BinaryHeap<Reverse<u128>>,
}

impl Frontier {
    fn reset(&mut self) {
        self.heap.clear();
    }

    #[inline(always)]
    fn push(&mut self, e: u128) {
        self.heap.push(Reverse(e));
    }

    /// The next node to settle, perhaps one settled already (the caller skips it).
    #[inline(always)]
    fn pop(&mut self) -> Option<u32> {
        self.heap.pop().map(|Reverse(e)| e as u32)
    }
}

/// Most buckets of Dial's ring.
const MAX_BUCKETS: f64 = 4096.0;

/// Dial's bucket queue for Dijkstra by delay: buckets a hair narrower than the shortest
/// link of the graph at this instant, so that a node in bucket k cannot lower another
/// node of bucket k (that takes a link of at least the width): a bucket's nodes may be
/// taken in any order, and each push and pop is O(1). A constellation's links are
/// hundreds of kilometres, a path a few tens of thousands: a few dozen buckets, reused
/// round a ring. The ring is one flat array, each bucket with room for every push a run
/// can make (a satellite is lowered at most once per neighbour), so that a push writes
/// unconditionally and counts only if it is kept: no branch on the outcome.
#[derive(Default)]
struct Dial {
    per_m: f64,
    mask: usize,
    cap: usize,
    len: Vec<u32>,
    slots: Vec<u32>,
    cur: usize,
    pending: usize,
}

/// Most slots of the flat ring (4 bytes each) before the general frontier is used.
const MAX_DIAL_SLOTS: usize = 1 << 24;

impl Dial {
    /// Prepares for a run; false if the links are too unequal for a small ring.
    fn reset(&mut self, n_sat: usize, min_link: f64, max_link: f64) -> bool {
        let width = min_link * (1.0 - 1e-9);
        let ring = (max_link / width).ceil() + 2.0;
        if !(width > 0.0 && width.is_finite() && ring <= MAX_BUCKETS) {
            return false;
        }
        let ring = (ring as usize).next_power_of_two();
        let cap = 5 * n_sat + 2;
        if ring * cap > MAX_DIAL_SLOTS {
            return false;
        }
        self.per_m = 1.0 / width;
        self.mask = ring - 1;
        self.cap = cap;
        self.len.clear();
        self.len.resize(ring, 0);
        if self.slots.len() < ring * cap {
            self.slots.resize(ring * cap, 0);
        }
        self.cur = 0;
        self.pending = 0;
        true
    }

    #[inline(always)]
    fn push_if(&mut self, node: u32, dist: f64, keep: bool) {
        let b = (dist * self.per_m) as usize & self.mask;
        let l = self.len[b] as usize;
        self.slots[b * self.cap + l] = node;
        self.len[b] += keep as u32;
        self.pending += keep as usize;
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<u32> {
        if self.pending == 0 {
            return None;
        }
        loop {
            let b = self.cur & self.mask;
            let l = self.len[b];
            if l > 0 {
                self.len[b] = l - 1;
                self.pending -= 1;
                return Some(self.slots[b * self.cap + l as usize - 1]);
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
    /// No node reached yet, for `n` nodes.
    fn reset(&mut self, n: usize) {
        self.dist.clear();
        self.dist.resize(n, f64::INFINITY);
        self.hops.clear();
        self.hops.resize(n, u32::MAX);
        self.next.clear();
        self.next.resize(n, NONE);
    }

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

    /// Trees built from the last instant's trees equal trees built afresh, bit for bit,
    /// at every instant: small steps (few changes) and long ones (many), every ground-link
    /// policy (handovers change the destination's links), and a station that sometimes
    /// sees no satellite (no path at all).
    #[test]
    fn trees_from_the_last_instant_equal_fresh_ones() {
        let cities = ["Manila", "Dalian", "Paris", "Moscow", "New-York", "London", "Sao-Paulo", "Lagos"];
        for policy in ["any", "nearest", "stay", "reassign"] {
            for (shell, step_s) in [("starlink-1", 0.1), ("kuiper-630", 7.0)] {
                let spec = json!({"shells": [{"builtin": shell}], "ground_stations": cities,
                                  "gsl": {"policy": policy, "reassign_period_s": 3.0}});
                let mut n = net(spec);
                let mut kept: Vec<Tree> = vec![Tree::default(); cities.len()];
                let (mut again, mut lowered) = (0, 0);
                for k in 0..60 {
                    n.step(k as f64 * step_s).unwrap();
                    let mut g = Graph::new(&n);
                    for d in 0..cities.len() {
                        let before = kept[d].next.clone();
                        g.tree_to(d, &mut kept[d]);
                        let mut fresh = Tree::default();
                        g.tree_to(d, &mut fresh);
                        assert_eq!(kept[d].next, fresh.next, "{policy} {shell} t={k} dst={d}");
                        assert_eq!(kept[d].hops, fresh.hops, "{policy} {shell} t={k} dst={d}");
                        let same = kept[d].dist.iter().zip(&fresh.dist).all(|(a, b)| a.to_bits() == b.to_bits());
                        assert!(same, "{policy} {shell} t={k} dst={d}");
                        if k > 0 {
                            again += 1;
                            lowered += (before != fresh.next) as u32;
                        }
                    }
                }
                // the comparison above covered trees that changed, not only still ones
                assert!(again > 0 && lowered > again / 4, "{policy} {shell}: {lowered} of {again} changed");
            }
        }
    }

    #[test]
    fn a_station_that_sees_no_satellite_has_no_path_and_gets_one_back() {
        // Telesat's 351 satellites above 60 degrees: a station at 45 N is often without
        let spec = json!({"shells": [{"builtin": "telesat-1015", "min_elevation_deg": 60}],
                          "ground_stations": ["London", {"name": "North", "lat_deg": 45.0, "lon_deg": 0.0}]});
        let mut n = net(spec);
        let mut kept = Tree::default();
        let (mut without, mut with) = (0, 0);
        for k in 0..200 {
            n.step(k as f64 * 5.0).unwrap();
            let mut g = Graph::new(&n);
            g.tree_to(1, &mut kept);
            let mut fresh = Tree::default();
            g.tree_to(1, &mut fresh);
            assert_eq!(kept.next, fresh.next, "t={k}");
            assert_eq!(kept.hops, fresh.hops, "t={k}");
            if n.gsl[1].is_empty() {
                without += 1;
                assert!(kept.dist[n.n_sat()].is_infinite(), "London has no way to a station that sees nothing");
            } else {
                with += 1;
            }
        }
        assert!(without > 0 && with > 0, "{without} instants without, {with} with");
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

    /// Every node's shortest length to `root` by Bellman-Ford over the whole graph (ISLs
    /// and ground links; ground stations relay if `relays`): an independent reference.
    fn lengths_by_bellman_ford(n: &Network, root: usize, relays: bool) -> Vec<f64> {
        lengths_by_bellman_ford_with(n, root, relays, &|a, b| n.link_len(a as u32, b as u32))
    }

    /// The same with each link's length given by `len(a, b)`.
    fn lengths_by_bellman_ford_with(n: &Network, root: usize, relays: bool, len: &dyn Fn(usize, usize) -> f64)
                                    -> Vec<f64> {
        let n_sat = n.n_sat();
        let mut edges: Vec<(usize, usize, f64)> = Vec::new();
        for (a, nb) in n.isl.iter().enumerate() {
            edges.extend(nb.iter().filter(|&&b| b != NONE).map(|&b| (a, b as usize, len(a, b as usize))));
        }
        for (g, links) in n.gsl.iter().enumerate() {
            for &(s, _) in links {
                edges.push((s as usize, n_sat + g, len(s as usize, n_sat + g)));
                edges.push((n_sat + g, s as usize, len(n_sat + g, s as usize)));
            }
        }
        let mut d = vec![f64::INFINITY; n.n_nodes()];
        d[root] = 0.0;
        loop {
            let mut changed = false;
            for &(a, b, len) in &edges {
                // a station other than the root passes nothing on unless it relays
                let passes = b < n_sat || b == root || relays;
                if passes && d[b] + len < d[a] - 1e-6 {
                    d[a] = d[b] + len;
                    changed = true;
                }
            }
            if !changed {
                return d;
            }
        }
    }

    #[test]
    fn on_a_bent_pipe_shell_stations_relay_and_the_lengths_are_the_shortest() {
        // Western Europe to Moscow on Starlink shell 1 without ISLs: no satellite sees
        // both ends, so every path goes down to relaying stations on the way
        let cities = json!(["Paris", "Moscow", "London",
                            {"name": "Berlin", "lat_deg": 52.52, "lon_deg": 13.405},
                            {"name": "Warsaw", "lat_deg": 52.23, "lon_deg": 21.01},
                            {"name": "Minsk", "lat_deg": 53.9, "lon_deg": 27.567},
                            {"name": "Frankfurt", "lat_deg": 50.11, "lon_deg": 8.68},
                            {"name": "Vilnius", "lat_deg": 54.69, "lon_deg": 25.28}]);
        let spec = |relays: bool| json!({"shells": [{"builtin": "starlink-1", "isls": "none"}],
                                         "ground_stations": cities, "routing": {"ground_relays": relays}});
        let (mut n, mut alone) = (net(spec(true)), net(spec(false)));
        assert!(n.isl.iter().all(|nb| nb.iter().all(|&b| b == NONE)), "no ISLs");
        let n_sat = n.n_sat();
        let (paris, moscow) = (n_sat as u32, (n_sat + 1) as u32);
        let mut relayed = 0;
        for k in 0..30 {
            n.step(k as f64 * 2.0).unwrap();
            alone.step(k as f64 * 2.0).unwrap();
            let mut t = Tree::default();
            Graph::new(&n).tree_to(1, &mut t);
            let reference = lengths_by_bellman_ford(&n, n_sat + 1, true);
            for v in 0..n.n_nodes() {
                let (a, b) = (t.dist[v], reference[v]);
                assert!((a.is_infinite() && b.is_infinite()) || (a - b).abs() < 1e-3, "t={k} node {v}: {a} {b}");
            }
            if let Some(p) = t.path_from(paris) {
                assert_eq!(*p.last().unwrap(), moscow);
                // satellite and station alternate; the path is as long as its links
                for (i, &v) in p.iter().enumerate() {
                    assert_eq!((v as usize) < n_sat, i % 2 == 1, "t={k}: {p:?}");
                }
                let sum: f64 = p.windows(2).map(|w| n.link_len(w[0], w[1])).sum();
                assert!((sum - t.dist[paris as usize]).abs() < 1e-6);
                assert_eq!(t.hops[paris as usize] as usize, p.len() - 1);
                relayed += (p.len() > 3) as u32;
            }
            // without relays a station reaches only through a satellite that both see
            let mut t = Tree::default();
            Graph::new(&alone).tree_to(1, &mut t);
            assert!(t.dist[paris as usize].is_infinite(), "t={k}: Paris and Moscow share no satellite");
            assert_eq!(lengths_by_bellman_ford(&alone, n_sat + 1, false)[paris as usize], f64::INFINITY);
        }
        assert!(relayed >= 25, "Paris reached Moscow through relays at {relayed} of 30 instants");
    }

    #[test]
    fn relays_by_hops_and_over_isls_agree_with_the_reference() {
        // relays over a +Grid shell: a way down and up again is never longer than the
        // best way over ISLs, and by hops the tree is still a shortest-path tree of hops
        let cities = json!(["Paris", "Moscow", "London", "Istanbul", "Cairo", "Lagos"]);
        for metric in ["delay", "hops"] {
            let spec = json!({"shells": [{"builtin": "kuiper-630"}], "ground_stations": cities,
                              "routing": {"ground_relays": true, "metric": metric}});
            let mut n = net(spec);
            let n_sat = n.n_sat();
            for k in 0..5 {
                n.step(k as f64 * 13.0).unwrap();
                for dst in 0..6 {
                    let mut t = Tree::default();
                    Graph::new(&n).tree_to(dst, &mut t);
                    if metric == "hops" {
                        // the fewest links: Bellman-Ford with every link one long
                        let mut unit = lengths_by_bellman_ford_with(&n, n_sat + dst, true, &|_, _| 1.0);
                        unit.iter_mut().for_each(|h| *h = h.round());
                        for v in 0..n.n_nodes() {
                            let h = if t.dist[v].is_infinite() { f64::INFINITY } else { t.hops[v] as f64 };
                            assert_eq!(h, unit[v], "node {v}");
                        }
                    } else {
                        let reference = lengths_by_bellman_ford(&n, n_sat + dst, true);
                        for v in 0..n.n_nodes() {
                            let (a, b) = (t.dist[v], reference[v]);
                            assert!((a.is_infinite() && b.is_infinite()) || (a - b).abs() < 1e-3, "{v}: {a} {b}");
                        }
                    }
                    for v in 0..n.n_nodes() as u32 {
                        if let Some(p) = t.path_from(v) {
                            assert_eq!(t.hops[v as usize] as usize, p.len() - 1);
                            let nx = t.next[v as usize];
                            if nx != NONE {
                                // each node's count is its next hop's plus one
                                assert_eq!(t.hops[v as usize], t.hops[nx as usize] + 1);
                            }
                        }
                    }
                }
            }
        }
    }
}
