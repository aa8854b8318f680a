//! Static routing: each flow follows a fixed route, the shortest by hop count (ties
//! broken as ns-2 2.35 breaks them: through the node declared first) or a path pinned
//! in the scenario.

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
            let next = self.first_hops(u)[dst as usize]?;
            path.push(self.link_between(u, next).expect("a first hop is a neighbour"));
            u = next;
            if path.len() > self.out.len() {
                unreachable!("each hop is one step nearer on a shortest path");
            }
        }
        Some(path)
    }

    /// From `src`: the first hop toward every node (None: unreachable, or `src` itself),
    /// by ns-2's rule (see `shortest_path`).
    fn first_hops(&self, src: NodeId) -> Vec<Option<NodeId>> {
        let n = self.out.len();
        let mut first: Vec<Option<NodeId>> = vec![None; n];
        let mut seen = vec![false; n];
        seen[src as usize] = true;
        let mut level = vec![src];
        while !level.is_empty() {
            level.sort_unstable();
            let mut next = vec![];
            for &o in &level {
                for &(_, w) in &self.out[o as usize] {
                    if !seen[w as usize] {
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
}
