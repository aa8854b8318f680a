//! Static routing: each flow follows a fixed route, the shortest by hop count (ties
//! broken by the order links were declared) or a path pinned in the scenario.

use super::{LinkId, NodeId};
use std::collections::{HashMap, VecDeque};

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

    /// Links of a shortest path (by hops) from `src` to `dst`; None if unreachable.
    pub fn shortest_path(&self, src: NodeId, dst: NodeId) -> Option<Vec<LinkId>> {
        if src == dst {
            return Some(vec![]);
        }
        let n = self.out.len();
        let mut prev: Vec<Option<(LinkId, NodeId)>> = vec![None; n];
        let mut seen = vec![false; n];
        seen[src as usize] = true;
        let mut q = VecDeque::from([src]);
        while let Some(u) = q.pop_front() {
            for &(l, v) in &self.out[u as usize] {
                if !seen[v as usize] {
                    seen[v as usize] = true;
                    prev[v as usize] = Some((l, u));
                    if v == dst {
                        let mut path = vec![];
                        let mut cur = dst;
                        while let Some((l, p)) = prev[cur as usize] {
                            path.push(l);
                            cur = p;
                        }
                        path.reverse();
                        return Some(path);
                    }
                    q.push_back(v);
                }
            }
        }
        None
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
        assert_eq!(t.shortest_path(3, 1), Some(vec![5, 3]));
        assert_eq!(t.pinned_path(&[0, 1, 2, 3]), Ok(vec![0, 2, 4]));
        assert_eq!(t.pinned_path(&[0, 2]), Err((0, 2)));
    }

    #[test]
    fn unreachable() {
        let mut t = Topology::new(3);
        t.add_link(0, 0, 1);
        assert_eq!(t.shortest_path(1, 0), None);
        assert_eq!(t.shortest_path(0, 2), None);
    }
}
