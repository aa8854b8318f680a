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
}

impl Topology {
    pub fn new(n_nodes: usize) -> Self {
        Topology { out: vec![Vec::new(); n_nodes], by_ends: HashMap::new() }
    }

    pub fn add_link(&mut self, id: LinkId, from: NodeId, to: NodeId) {
        self.out[from as usize].push((id, to));
        self.by_ends.entry((from, to)).or_insert(id);
    }

    /// The link from `a` to `b`, if the two are adjacent.
    pub fn link_between(&self, a: NodeId, b: NodeId) -> Option<LinkId> {
        self.by_ends.get(&(a, b)).copied()
    }

    /// Links of a shortest path (by hops) from `src` to `dst`, as ns-2 2.35's static
    /// routing forwards a packet; None if unreachable.
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
}
