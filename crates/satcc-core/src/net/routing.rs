//! Routing on a network of nodes and links. Static: each flow follows a fixed route,
//! the shortest by hop count (ties broken as ns-2 2.35 breaks them: through the node
//! declared first) or a path pinned in the scenario. Session (`SessionRoutes`, ns-2's
//! `$ns rtproto Session`): every node forwards by its own table, computed by the same
//! rule again over the links that are up whenever links fail or come back.

use super::{LinkId, NodeId};
use std::collections::HashMap;

/// Directed adjacency: for each node, its outgoing (link, neighbour) pairs in
/// declaration order.
pub struct Topology {
    out: Vec<Vec<(LinkId, NodeId)>>,
    by_ends: HashMap<(NodeId, NodeId), LinkId>,
    /// Each link's routing cost, by id (1 unless set: hops).
    cost: Vec<f64>,
}

/// ns-2's RouteLogic takes a route cost of this or more as no route (route.h's
/// INFINITY), its adjacency matrix's "no link".
const NS2_INFINITY: f64 = 16383.0;

impl Topology {
    pub fn new(n_nodes: usize) -> Self {
        Topology { out: vec![Vec::new(); n_nodes], by_ends: HashMap::new(), cost: Vec::new() }
    }

    pub fn add_link(&mut self, id: LinkId, from: NodeId, to: NodeId) {
        self.add_link_with_cost(id, from, to, 1.0);
    }

    /// A link with a routing cost (ns-2's `$ns cost`).
    pub fn add_link_with_cost(&mut self, id: LinkId, from: NodeId, to: NodeId, cost: f64) {
        self.out[from as usize].push((id, to));
        self.by_ends.entry((from, to)).or_insert(id);
        if self.cost.len() <= id as usize {
            self.cost.resize(id as usize + 1, 1.0);
        }
        self.cost[id as usize] = cost;
    }

    /// A link's routing cost.
    pub fn cost(&self, id: LinkId) -> f64 {
        self.cost.get(id as usize).copied().unwrap_or(1.0)
    }

    /// The link from `a` to `b`, if the two are adjacent.
    pub fn link_between(&self, a: NodeId, b: NodeId) -> Option<LinkId> {
        self.by_ends.get(&(a, b)).copied()
    }

    /// Links of a cheapest path (by hops, or by the links' costs) from `src` to `dst`,
    /// as ns-2 2.35's static routing forwards a packet; None if unreachable.
    ///
    /// ns-2 (RouteLogic::compute_routes) gives each node a next hop per destination from
    /// its own shortest-path tree, and a packet takes at each node that node's next hop.
    /// The tree settles nodes in order of distance, then of node number (the order the
    /// scenario declares nodes), and a node keeps the first hop of the first settled
    /// neighbour that reaches it: where paths tie, the one through the node declared
    /// first wins. (Before: the first found breadth-first in link declaration order,
    /// which took other paths than ns-2 on rings.)
    pub fn shortest_path(&self, src: NodeId, dst: NodeId) -> Option<Vec<LinkId>> {
        let mut path = vec![];
        let mut u = src;
        while u != dst {
            let next = self.first_hops(u, &|_| true)[dst as usize]?;
            path.push(self.link_between(u, next).expect("a first hop is a neighbour"));
            u = next;
            if path.len() > self.out.len() {
                unreachable!("each hop is one step nearer on a shortest path");
            }
        }
        Some(path)
    }

    /// From `src`: the first hop toward every node (None: unreachable, or `src` itself),
    /// by ns-2's rule (see `shortest_path`), over the links `up` keeps.
    fn first_hops(&self, src: NodeId, up: &dyn Fn(LinkId) -> bool) -> Vec<Option<NodeId>> {
        if self.cost.iter().any(|&c| c != 1.0) {
            return self.first_hops_by_cost(src, up);
        }
        let n = self.out.len();
        let mut first: Vec<Option<NodeId>> = vec![None; n];
        let mut seen = vec![false; n];
        seen[src as usize] = true;
        let mut level = vec![src];
        while !level.is_empty() {
            level.sort_unstable();
            let mut next = vec![];
            for &o in &level {
                for &(l, w) in &self.out[o as usize] {
                    if !seen[w as usize] && up(l) {
                        seen[w as usize] = true;
                        first[w as usize] = if o == src { Some(w) } else { first[o as usize] };
                        next.push(w);
                    }
                }
            }
            level = next;
        }
        first
    }

    /// `first_hops` where links have costs: ns-2's RouteLogic::compute_routes from one
    /// source, by a heap. Each neighbour starts at its link's cost with itself as first
    /// hop; then, over and over, the unsettled node of least cost (of lowest number among
    /// equals) is settled and every unsettled node it reaches for strictly less than its
    /// cost so far takes its first hop. Costs are summed in doubles as ns-2 sums them,
    /// and a sum of 16383 or more is no route, as ns-2's INFINITY is.
    fn first_hops_by_cost(&self, src: NodeId, up: &dyn Fn(LinkId) -> bool) -> Vec<Option<NodeId>> {
        use std::cmp::Reverse;
        let n = self.out.len();
        let mut first: Vec<Option<NodeId>> = vec![None; n];
        let mut dist = vec![NS2_INFINITY; n];
        let mut settled = vec![false; n];
        settled[src as usize] = true;
        // (cost's bits, node): costs are positive, so their bits order as they do
        let mut heap = std::collections::BinaryHeap::new();
        for &(l, w) in &self.out[src as usize] {
            let c = self.cost[l as usize];
            if w != src && up(l) && c < NS2_INFINITY {
                dist[w as usize] = c;
                first[w as usize] = Some(w);
                heap.push(Reverse((c.to_bits(), w)));
            }
        }
        while let Some(Reverse((bits, o))) = heap.pop() {
            if settled[o as usize] || bits != dist[o as usize].to_bits() {
                continue; // settled already, or since reached for less
            }
            settled[o as usize] = true;
            for &(l, w) in &self.out[o as usize] {
                if settled[w as usize] || !up(l) {
                    continue;
                }
                let d = dist[o as usize] + self.cost[l as usize];
                if d < dist[w as usize] {
                    dist[w as usize] = d;
                    first[w as usize] = first[o as usize];
                    heap.push(Reverse((d.to_bits(), w)));
                }
            }
        }
        first
    }

    /// Links along a pinned node sequence; Err names the first pair not linked.
    pub fn pinned_path(&self, nodes: &[NodeId]) -> Result<Vec<LinkId>, (NodeId, NodeId)> {
        nodes.windows(2).map(|w| self.link_between(w[0], w[1]).ok_or((w[0], w[1]))).collect()
    }
}

/// ns-2's session routing (`$ns rtproto Session`): each node's next link toward each
/// destination, computed for every node at the start and again, by the static rule
/// over the links that are up, after each instant at which links fail or come back
/// (ns-2's rtModel notifies its RouteLogic, which recomputes every route at once: no
/// messages, no delay). Where a destination can no longer be reached, a node keeps the
/// route it had: ns-2's populate-flat-classifiers installs only the routes it finds,
/// so packets still go to the failed link and are refused there.
pub struct SessionRoutes {
    topo: Topology,
    /// Per node, its column in `next` (NONE: never a destination here).
    column: Vec<u32>,
    /// The destinations (flow endpoints), in column order.
    dests: Vec<NodeId>,
    /// `next[node * dests.len() + column]`: the link a packet at `node` takes toward
    /// that destination (NONE: none ever found).
    next: Vec<LinkId>,
    /// Times the routes were computed after the start.
    pub recomputed: u64,
}

const NONE: u32 = u32::MAX;

impl SessionRoutes {
    /// Routes toward `dests` with every link up.
    pub fn new(topo: Topology, dests: &[NodeId]) -> Self {
        let n = topo.out.len();
        let mut column = vec![NONE; n];
        let mut uniq = Vec::new();
        for &d in dests {
            if column[d as usize] == NONE {
                column[d as usize] = uniq.len() as u32;
                uniq.push(d);
            }
        }
        let next = vec![NONE; n * uniq.len()];
        let mut r = SessionRoutes { topo, column, dests: uniq, next, recomputed: 0 };
        r.compute(&|_| true);
        r
    }

    /// Every node's routes again over the links `up` keeps; a destination a node can
    /// no longer reach keeps its old route there.
    pub fn recompute(&mut self, up: &dyn Fn(LinkId) -> bool) {
        self.recomputed += 1;
        self.compute(up);
    }

    fn compute(&mut self, up: &dyn Fn(LinkId) -> bool) {
        let width = self.dests.len();
        for u in 0..self.topo.out.len() {
            let first = self.topo.first_hops(u as NodeId, up);
            for (c, &d) in self.dests.iter().enumerate() {
                if let Some(w) = first[d as usize] {
                    self.next[u * width + c] = self.topo.link_between(u as NodeId, w).expect("a first hop is a neighbour");
                }
            }
        }
    }

    /// The link a packet at `node` takes toward `dst` (None: no route was ever found,
    /// or `dst` is not a destination of this network's flows).
    #[inline]
    pub fn next_link(&self, node: NodeId, dst: NodeId) -> Option<LinkId> {
        let c = self.column[dst as usize];
        if c == NONE {
            return None;
        }
        let l = self.next[node as usize * self.dests.len() + c as usize];
        (l != NONE).then_some(l)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortest_path_by_hops() {
        // 0-1-2-3 chain plus a shortcut 0-3 declared last
        let mut t = Topology::new(4);
        let mut id = 0;
        for (a, b) in [(0, 1), (1, 2), (2, 3), (0, 3)] {
            t.add_link(id, a, b);
            t.add_link(id + 1, b, a);
            id += 2;
        }
        assert_eq!(t.shortest_path(0, 3), Some(vec![6]));
        // two hops either way: through node 0, declared before node 2 (ns-2's choice)
        assert_eq!(t.shortest_path(3, 1), Some(vec![7, 0]));
        assert_eq!(t.pinned_path(&[0, 1, 2, 3]), Ok(vec![0, 2, 4]));
        assert_eq!(t.pinned_path(&[0, 2]), Err((0, 2)));
    }

    /// Where paths tie, ns-2 goes through the node declared first whatever the order of
    /// the links, and each node forwards by its own tree.
    #[test]
    fn ties_go_through_the_node_declared_first_as_in_ns2() {
        // a ring 0-1-2-3-0 declared from 0-3 backwards, and a tail 2-4
        let mut t = Topology::new(5);
        let mut id = 0;
        for (a, b) in [(0, 3), (3, 2), (2, 1), (1, 0), (2, 4)] {
            t.add_link(id, a, b);
            t.add_link(id + 1, b, a);
            id += 2;
        }
        let nodes = |p: Vec<LinkId>| -> Vec<u32> { p.iter().map(|&l| [3, 0, 2, 3, 1, 2, 0, 1, 4, 2][l as usize]).collect() };
        assert_eq!(t.shortest_path(0, 2).map(nodes), Some(vec![1, 2]), "via 1, not 3");
        assert_eq!(t.shortest_path(3, 1).map(nodes), Some(vec![0, 1]), "via 0, not 2");
        assert_eq!(t.shortest_path(0, 4).map(nodes), Some(vec![1, 2, 4]));
        assert_eq!(t.shortest_path(1, 3).map(nodes), Some(vec![0, 3]));
    }

    #[test]
    fn unreachable() {
        let mut t = Topology::new(3);
        t.add_link(0, 0, 1);
        assert_eq!(t.shortest_path(1, 0), None);
        assert_eq!(t.shortest_path(0, 2), None);
    }

    /// A ring 0-1-2-3-0: routes go around the failed link, come back when it is up,
    /// and a destination cut off keeps its old route.
    #[test]
    fn session_routes_go_around_failed_links_and_keep_a_route_to_what_is_cut_off() {
        let mut t = Topology::new(5);
        let mut id = 0;
        for (a, b) in [(0, 1), (1, 2), (2, 3), (3, 0), (3, 4)] {
            t.add_link(id, a, b);
            t.add_link(id + 1, b, a);
            id += 2;
        }
        let mut r = SessionRoutes::new(t, &[1, 4, 1]);
        assert_eq!(r.next_link(0, 1), Some(0), "0->1 directly");
        assert_eq!(r.next_link(2, 4), Some(4), "2->3 on the way to 4");
        assert_eq!(r.next_link(0, 2), None, "2 is no flow's endpoint");
        // 0-1 fails (both directions): 0 reaches 1 the long way round
        r.recompute(&|l| l != 0 && l != 1);
        assert_eq!(r.next_link(0, 1), Some(7), "0->3");
        assert_eq!(r.next_link(3, 1), Some(5), "3->2");
        assert_eq!(r.next_link(1, 4), Some(2), "1->2, no longer through 0");
        // 3-4 fails too: 4 is cut off, and every node keeps the route it had
        r.recompute(&|l| !matches!(l, 0 | 1 | 8 | 9));
        assert_eq!(r.next_link(1, 4), Some(2));
        assert_eq!(r.next_link(3, 4), Some(8), "still the failed link");
        // all up again: the first routes
        r.recompute(&|_| true);
        assert_eq!((r.next_link(0, 1), r.next_link(1, 4)), (Some(0), Some(1)));
        assert_eq!(r.recomputed, 3);
    }

    /// With every cost 1, ns-2's min-cost rule (by a heap) gives the first hops the
    /// breadth-first rule gives, on random graphs of every shape, links up or down.
    #[test]
    fn by_cost_with_unit_costs_is_by_hops() {
        let mut x: u64 = 12345;
        let mut next = |m: u64| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (x >> 33) % m
        };
        for _ in 0..200 {
            let n = 2 + next(12) as usize;
            let mut t = Topology::new(n);
            let mut id = 0;
            for _ in 0..next(3 * n as u64) + 1 {
                let (a, b) = (next(n as u64) as u32, next(n as u64) as u32);
                if a != b && t.link_between(a, b).is_none() {
                    t.add_link(id, a, b);
                    t.add_link(id + 1, b, a);
                    id += 2;
                }
            }
            let down: Vec<bool> = (0..id).map(|_| next(5) == 0).collect();
            let up = |l: LinkId| !down[l as usize];
            for s in 0..n as u32 {
                assert_eq!(t.first_hops(s, &up), t.first_hops_by_cost(s, &up));
            }
        }
    }

    /// Costs as ns-2 adds them: a dearer link is gone round, equal sums go through the
    /// node declared first, a route that costs 16383 or more is none.
    #[test]
    fn routes_by_cost_as_ns2_computes_them() {
        // a ring 0-1-2-3-0, the link 0->1 dear (3) in that direction only
        let mut t = Topology::new(4);
        let mut id = 0;
        for (a, b, ab, ba) in [(0, 1, 3.0, 1.0), (1, 2, 1.0, 1.0), (2, 3, 1.0, 1.0), (3, 0, 1.0, 1.0)] {
            t.add_link_with_cost(id, a, b, ab);
            t.add_link_with_cost(id + 1, b, a, ba);
            id += 2;
        }
        // 0 -> 1: 3 directly, 3 round by 3 and 2: equal, and the direct hop was found first
        assert_eq!(t.shortest_path(0, 1), Some(vec![0]));
        // 0 -> 2: 2 by 3, 4 by 1
        assert_eq!(t.shortest_path(0, 2), Some(vec![7, 5]));
        // 1 -> 0 is cheap that way: 1 directly
        assert_eq!(t.shortest_path(1, 0), Some(vec![1]));
        // 2.5 directly against 1 + 1 + 1 = 3 round: direct
        let mut u = Topology::new(4);
        for (i, (a, b, c)) in [(0, 1, 2.5), (0, 2, 1.0), (2, 3, 1.0), (3, 1, 1.0)].into_iter().enumerate() {
            u.add_link_with_cost(2 * i as LinkId, a, b, c);
            u.add_link_with_cost(2 * i as LinkId + 1, b, a, c);
        }
        assert_eq!(u.shortest_path(0, 1), Some(vec![0]));
        // a chain of 1000-cost links: 16 of them (16000) reach, 17 (17000) do not
        let mut c = Topology::new(18);
        for i in 0..17 {
            c.add_link_with_cost(2 * i, i, i + 1, 1000.0);
            c.add_link_with_cost(2 * i + 1, i + 1, i, 1000.0);
        }
        assert_eq!(c.shortest_path(0, 16).map(|p| p.len()), Some(16));
        assert_eq!(c.shortest_path(0, 17), None);
    }
}
