//! Distance-vector routing as ns-2 2.35 runs it (`$ns rtproto DV`): each node's
//! routing agent (tcl/rtglib/route-proto.tcl's Agent/rtProto/DV, with the node's
//! rtObject and its Direct routes) sends its neighbours its table as a packet of one
//! byte per node, every `ADVERT_INTERVAL_S` (jittered) and whenever its routes change,
//! and builds its routes from theirs. Packets go where a node's table says at that
//! moment: to nowhere (ns-2's null agent) where it has no route yet.
//!
//! The rules, each as ns-2's Tcl has it:
//! - Routes of a node come from two protocols: Direct (a neighbour over the link to it,
//!   while that link is up; preference 100) and DV (preference 120). The lower
//!   preference wins, so a neighbour is reached over its own link while that is up.
//! - A DV message carries, for every node, the sender's metric to it; INFINITY (32) for
//!   no route and for the destinations it reaches through the receiver (split horizon
//!   with poisoned reverse). The receiver adds the cost of its link back to the sender.
//! - A node keeps its DV next hop while that peer's metric is not beaten; a strictly
//!   better peer replaces it; among equal peers the current one stays. A route whose
//!   peer no longer reaches the destination stays, at metric INFINITY, until another
//!   peer offers one (packets still go that way).
//! - Updates go to every peer whose link is up: periodically, and when a received
//!   message or a link change altered the node's installed routes (else only to the
//!   peers whose link just came up).
//!
//! Where ns-2 picks one of several equally good new next hops it takes the first in the
//! order of its Tcl array of link objects, a hash order of names satcc does not have;
//! satcc takes the lowest-numbered neighbour and counts each such pick (`ties`).

use super::{LinkId, NodeId};
use crate::engine::ns2_rng::Ns2Rng;
use std::collections::HashMap;

/// ns-2's Agent/rtProto/DV INFINITY (the Agent ttl_ default): a metric of this or more
/// is no route.
pub const INFINITY: f64 = 32.0;
/// Seconds between a node's periodic updates (advertInterval), times U(0.9, 1.1).
pub const ADVERT_INTERVAL_S: f64 = 2.0;
/// The first update of each node is at U(0, FIRST_UPDATE_S) after the start.
pub const FIRST_UPDATE_S: f64 = 0.5;
/// The seed of the generator the routing library draws from (route-proto.tcl's
/// rtglibRNG).
pub const RTGLIB_SEED: u32 = 1;
/// rtObject's "no route": preference and metric.
const MAXPREF: u32 = 255;
const UNREACH: f64 = -1.0;
/// Protocol preferences (ns-default.tcl).
const DIRECT_PREF: u32 = 100;
const DV_PREF: u32 = 120;

/// Which protocol a node's installed route came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Via {
    None,
    Local,
    Direct,
    Dv,
}

#[derive(Clone, Copy, Debug)]
struct Peer {
    node: NodeId,
    /// The link from this node to the peer (its interface), and that link's cost.
    link: LinkId,
    cost: f64,
}

/// A route: next hop (the link and, for DV, the peer's index), metric and preference.
#[derive(Clone, Copy, Debug)]
struct Route {
    next: Option<(LinkId, u32)>,
    metric: f64,
    pref: u32,
}

/// A DV message to send: over `link` (from `from`), the table `id` (Dv::take_message).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Send {
    pub from: NodeId,
    pub link: LinkId,
    pub id: u64,
}

pub struct Dv {
    n: usize,
    /// Each node's peers, by node number (ns-2 sorts them by name, in creation order).
    peers: Vec<Vec<Peer>>,
    /// `peer_metric[node][peer][dst]`: what the peer last said, plus the link's cost.
    peer_metric: Vec<Vec<Vec<f64>>>,
    /// The interface state each node's DV agent last saw (ifstat_), per peer.
    ifstat: Vec<Vec<bool>>,
    /// Peers whose link came up since the node last sent (ifsUp_).
    ifs_up: Vec<Vec<u32>>,
    /// Direct: per node and peer, whether the route to that neighbour is installed.
    direct: Vec<Vec<bool>>,
    /// DV's own table, per node and destination.
    dv: Vec<Vec<Route>>,
    /// The node's installed routes (rtObject), per destination, and where they came from.
    installed: Vec<Vec<Route>>,
    via: Vec<Vec<Via>>,
    direct_changed: Vec<u32>,
    dv_changed: Vec<u32>,
    /// Messages in flight, by id (ns-2's msg_ array).
    messages: HashMap<u64, Box<[f64]>>,
    next_id: u64,
    rng: Ns2Rng,
    /// Messages sent, and picks among equally good new next hops.
    pub sent: u64,
    pub ties: u64,
    /// Messages lost on their links (counted by the simulation).
    pub lost_pkts: u64,
}

impl Dv {
    /// Every node's DV agent with its peers; `links` gives each link's (from, to, cost)
    /// by id. Direct routes are installed (rtObject init-all), nothing is sent yet.
    pub fn new(n: usize, links: &[(NodeId, NodeId, f64)]) -> Self {
        let mut peers: Vec<Vec<Peer>> = vec![Vec::new(); n];
        for (id, &(a, b, cost)) in links.iter().enumerate() {
            if !peers[a as usize].iter().any(|p| p.node == b) {
                peers[a as usize].push(Peer { node: b, link: id as LinkId, cost });
            }
        }
        for p in &mut peers {
            p.sort_by_key(|p| p.node);
        }
        let none = Route { next: None, metric: UNREACH, pref: MAXPREF };
        let mut installed = vec![vec![none; n]; n];
        let mut via = vec![vec![Via::None; n]; n];
        for u in 0..n {
            installed[u][u] = Route { next: None, metric: 0.0, pref: 0 };
            via[u][u] = Via::Local;
        }
        let mut d = Dv {
            n,
            peer_metric: peers.iter().map(|ps| vec![vec![INFINITY; n]; ps.len()]).collect(),
            ifstat: peers.iter().map(|ps| vec![true; ps.len()]).collect(),
            ifs_up: vec![Vec::new(); n],
            direct: peers.iter().map(|ps| vec![false; ps.len()]).collect(),
            dv: vec![vec![Route { next: None, metric: UNREACH, pref: DV_PREF }; n]; n],
            installed,
            via,
            direct_changed: vec![0; n],
            dv_changed: vec![0; n],
            peers,
            messages: HashMap::new(),
            next_id: 0,
            rng: Ns2Rng::new(RTGLIB_SEED),
            sent: 0,
            ties: 0,
            lost_pkts: 0,
        };
        let all_up = |_| true;
        for u in 0..n {
            d.direct_compute(u, &all_up);
        }
        for u in 0..n {
            // (no DV agent yet: nothing to send)
            d.installed_compute(u);
        }
        d
    }

    /// rtglibRNG's `uniform a b`: ns-2 scales its integer draw by 1 / (2^31 - 1).
    fn uniform(&mut self, a: f64, b: f64) -> f64 {
        let k = (2f64.powi(31) * self.rng.u01()) as u64;
        a + (b - a) * (k as f64 / 2147483647.0)
    }

    /// Each node's first periodic update time, drawn in node order as ns-2's agents do
    /// when the run starts.
    pub fn first_updates(&mut self) -> Vec<f64> {
        (0..self.n).map(|_| self.uniform(0.0, FIRST_UPDATE_S)).collect()
    }

    /// A node's periodic update at `now_s`: its sends, and the time of its next one.
    pub fn periodic(&mut self, u: NodeId, now_s: f64, up: &dyn Fn(LinkId) -> bool) -> (Vec<Send>, f64) {
        let sends = self.send_updates(u as usize, 1, up);
        let next = now_s + ADVERT_INTERVAL_S * self.uniform(0.9, 1.1);
        (sends, next)
    }

    /// The link a packet at `u` takes toward `dst` (None: no route, ns-2's null agent).
    #[inline]
    pub fn next_link(&self, u: NodeId, dst: NodeId) -> Option<LinkId> {
        self.installed[u as usize][dst as usize].next.map(|(l, _)| l)
    }

    /// A DV message's size on the wire: one byte per node (ns-2's `array size update`).
    pub fn message_bytes(&self) -> u16 {
        self.n.min(u16::MAX as usize) as u16
    }

    /// A message lost on its way (its table is forgotten).
    pub fn lost(&mut self, id: u64) {
        self.messages.remove(&id);
    }

    /// Message `id` arrives at `v` over `link` (from its peer at the link's other end).
    pub fn receive(&mut self, v: NodeId, from: NodeId, id: u64, up: &dyn Fn(LinkId) -> bool) -> Vec<Send> {
        let Some(msg) = self.messages.remove(&id) else { return Vec::new() };
        let v = v as usize;
        let Some(k) = self.peers[v].iter().position(|p| p.node == from) else { return Vec::new() };
        let cost = self.peers[v][k].cost;
        let mut changed = 0;
        for (dst, &m) in msg.iter().enumerate() {
            let metric = (m + cost).min(INFINITY);
            if metric != self.peer_metric[v][k][dst] {
                self.peer_metric[v][k][dst] = metric;
                changed += 1;
            }
        }
        if changed == 0 {
            return Vec::new();
        }
        self.dv_compute(v);
        self.dv_changed[v] += changed;
        match self.installed_compute(v) {
            Some(changes) => self.send_updates(v, changes, up),
            None => Vec::new(),
        }
    }

    /// Links changed state at `u` (rtObject intf-changed): each protocol looks again,
    /// then the node's routes; its sends.
    pub fn interfaces_changed(&mut self, u: NodeId, up: &dyn Fn(LinkId) -> bool) -> Vec<Send> {
        let u = u as usize;
        // DV: a peer whose link went down reaches nothing; one that came up is told
        self.ifs_up[u].clear();
        for k in 0..self.peers[u].len() {
            let state = up(self.peers[u][k].link);
            if state != self.ifstat[u][k] {
                self.ifstat[u][k] = state;
                if state {
                    self.ifs_up[u].push(k as u32);
                } else {
                    self.peer_metric[u][k].iter_mut().for_each(|m| *m = INFINITY);
                }
            }
        }
        self.dv_compute(u);
        self.direct_compute(u, up);
        match self.installed_compute(u) {
            Some(changes) => self.send_updates(u, changes, up),
            None => Vec::new(),
        }
    }

    /// The table of message `id`, once (to deliver it; Dv::receive takes it itself).
    #[cfg(test)]
    fn message(&self, id: u64) -> Option<&[f64]> {
        self.messages.get(&id).map(|m| &m[..])
    }

    /// Agent/rtProto/Direct compute-routes.
    fn direct_compute(&mut self, u: usize, up: &dyn Fn(LinkId) -> bool) {
        let mut changed = 0;
        for k in 0..self.peers[u].len() {
            let is_up = up(self.peers[u][k].link);
            if !self.direct[u][k] && is_up || self.direct[u][k] && !is_up {
                self.direct[u][k] = is_up;
                changed += 1;
            }
        }
        self.direct_changed[u] = changed;
    }

    /// Agent/rtProto/DV compute-routes: DV's own table from its peers'.
    fn dv_compute(&mut self, u: usize) {
        let mut changed = 0;
        for dst in 0..self.n {
            let mut r = self.dv[u][dst];
            if let Some((_, k)) = r.next {
                r.metric = self.peer_metric[u][k as usize][dst];
                r.pref = DV_PREF;
            }
            let (mut pf, mut mt) = (MAXPREF, INFINITY);
            let mut best: Vec<u32> = Vec::new();
            for k in 0..self.peers[u].len() {
                let (pmt, ppf) = (self.peer_metric[u][k][dst], DV_PREF);
                if pmt < 0.0 || pmt >= INFINITY || ppf > pf || pmt > mt {
                    continue;
                }
                if ppf < pf || pmt < mt {
                    pf = ppf;
                    mt = pmt;
                    best.clear();
                }
                best.push(k as u32);
            }
            if pf == MAXPREF && mt == INFINITY {
                self.dv[u][dst] = r;
                continue;
            }
            if pf > r.pref || (r.metric >= 0.0 && mt > r.metric) {
                self.dv[u][dst] = r;
                continue;
            }
            changed += 1;
            let keep = !(pf < r.pref || mt < r.metric) && r.next.is_some_and(|(_, k)| best.contains(&k));
            r.pref = pf;
            r.metric = mt;
            if !keep {
                // (a node's route to itself is never installed: its pick counts for nothing)
                if best.len() > 1 && dst != u {
                    self.ties += 1;
                }
                let k = best[0];
                r.next = Some((self.peers[u][k as usize].link, k));
            }
            self.dv[u][dst] = r;
        }
        self.dv_changed[u] = changed;
    }

    /// rtObject compute-routes: the best of the protocols' routes installed; the number
    /// of installed routes that changed, or None when no protocol changed (nothing sent).
    fn installed_compute(&mut self, u: usize) -> Option<usize> {
        if self.direct_changed[u] == 0 && self.dv_changed[u] == 0 {
            return None;
        }
        self.direct_changed[u] = 0;
        self.dv_changed[u] = 0;
        let mut changes = 0;
        for dst in 0..self.n {
            if dst == u {
                continue;
            }
            // the candidates, in the order of rtObject's array of protocols (DV, Direct)
            let direct = self.peers[u].iter().position(|p| p.node as usize == dst);
            let direct_route = direct.filter(|&k| self.direct[u][k]).map(|k| {
                let p = self.peers[u][k];
                (Route { next: Some((p.link, k as u32)), metric: p.cost, pref: DIRECT_PREF }, Via::Direct)
            });
            let dv = self.dv[u][dst];
            let dv_route = dv.next.map(|_| (dv, Via::Dv));
            let (mut pf, mut mt, mut nh, mut rv) = (MAXPREF, UNREACH, None, Via::None);
            for (r, v) in [dv_route, direct_route].into_iter().flatten() {
                if r.pref < pf || (r.pref == pf && r.metric < mt) || mt < 0.0 {
                    (pf, mt, nh, rv) = (r.pref, r.metric, r.next, v);
                }
            }
            let cur = &mut self.installed[u][dst];
            let via = &mut self.via[u][dst];
            let same_link = |a: Option<(LinkId, u32)>, b: Option<(LinkId, u32)>| a.map(|x| x.0) == b.map(|x| x.0);
            if nh.is_none() {
                if cur.next.is_some() {
                    *cur = Route { next: None, metric: mt, pref: pf };
                    *via = rv;
                    changes += 1;
                }
            } else if rv == *via {
                if !same_link(nh, cur.next) {
                    cur.next = nh;
                    changes += 1;
                }
                if mt != cur.metric {
                    cur.metric = mt;
                    changes += 1;
                }
                cur.pref = pf;
            } else {
                // the protocol it had: its current values first (ns-2 reads them back)
                match *via {
                    Via::Direct => {
                        *cur = match direct_route {
                            Some((r, _)) => r,
                            None => Route { next: None, metric: UNREACH, pref: if direct.is_some() { DIRECT_PREF } else { MAXPREF } },
                        }
                    }
                    Via::Dv => *cur = dv,
                    Via::None | Via::Local => {}
                }
                if cur.pref != pf || cur.metric != mt {
                    *cur = Route { next: nh, metric: mt, pref: pf };
                    *via = rv;
                    changes += 1;
                }
            }
        }
        Some(changes)
    }

    /// Agent/rtProto/DV send-updates: to every peer (`changes` > 0) or to those whose
    /// link just came up, each while its link is up.
    fn send_updates(&mut self, u: usize, changes: usize, up: &dyn Fn(LinkId) -> bool) -> Vec<Send> {
        let to: Vec<u32> = if changes > 0 { (0..self.peers[u].len() as u32).collect() } else { self.ifs_up[u].clone() };
        self.ifs_up[u].clear();
        let mut out = Vec::new();
        for k in to {
            let link = self.peers[u][k as usize].link;
            if up(link) {
                out.push(self.send_to_peer(u, link));
            }
        }
        out
    }

    /// The node's table as the peer over `link` is told it.
    fn send_to_peer(&mut self, u: usize, link: LinkId) -> Send {
        let msg: Box<[f64]> = (0..self.n)
            .map(|dst| {
                let r = &self.installed[u][dst];
                if r.metric < 0.0 || r.next.is_some_and(|(l, _)| l == link) {
                    INFINITY
                } else {
                    r.metric
                }
            })
            .collect();
        let id = self.next_id;
        self.next_id += 1;
        self.messages.insert(id, msg);
        self.sent += 1;
        Send { from: u as NodeId, link, id }
    }
}

/// The order in which Tcl 8.6 lists an array's keys (`array names`) that are these node
/// ids as strings, inserted in this order: ns-2's rtModel tells the nodes of a link change
/// in that order (`foreach n [array names nodes_]`). Tcl's hash table of string keys
/// starts with 4 buckets, a key going to bucket hash & mask (hash: h = h * 9 + c over
/// its characters) at the head of its chain, and grows fourfold once it holds three
/// entries a bucket, moving the entries bucket by bucket to the heads of the new chains;
/// it is listed bucket by bucket, each chain from its head.
pub fn tcl_array_order(ids: &[NodeId]) -> Vec<NodeId> {
    let hash = |id: NodeId| id.to_string().bytes().fold(0u32, |h, c| h.wrapping_mul(9).wrapping_add(c as u32));
    let mut buckets: Vec<Vec<NodeId>> = vec![Vec::new(); 4];
    let mut entries = 0;
    for &id in ids {
        if buckets.iter().any(|b| b.contains(&id)) {
            continue;
        }
        let mask = buckets.len() as u32 - 1;
        buckets[(hash(id) & mask) as usize].insert(0, id);
        entries += 1;
        if entries >= 3 * buckets.len() {
            let old = std::mem::take(&mut buckets);
            let n = old.len() * 4;
            buckets = vec![Vec::new(); n];
            let mask = n as u32 - 1;
            for chain in old {
                for id in chain {
                    buckets[(hash(id) & mask) as usize].insert(0, id);
                }
            }
        }
    }
    buckets.into_iter().flatten().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Links of a ring of `n` nodes, both directions, cost 1: link 2i is i -> i+1, 2i+1
    /// is i+1 -> i.
    fn ring(n: u32) -> Vec<(NodeId, NodeId, f64)> {
        (0..n).flat_map(|i| [(i, (i + 1) % n, 1.0), ((i + 1) % n, i, 1.0)]).collect()
    }

    /// Deliver every message at once, in order, until none is left (links `up`).
    fn settle(d: &mut Dv, links: &[(NodeId, NodeId, f64)], mut q: Vec<Send>, up: &dyn Fn(LinkId) -> bool) {
        while !q.is_empty() {
            let s = q.remove(0);
            let (from, to, _) = links[s.link as usize];
            assert_eq!(from, s.from);
            q.extend(d.receive(to, from, s.id, up));
        }
    }

    /// Every node's periodic update in turn, each delivered until nothing more is sent.
    fn updates_from_all(d: &mut Dv, links: &[(NodeId, NodeId, f64)], n: u32) {
        let all = |_: LinkId| true;
        for u in 0..n {
            let (s, _) = d.periodic(u, 0.0, &all);
            settle(d, links, s, &all);
        }
    }

    fn hops(d: &Dv, links: &[(NodeId, NodeId, f64)], mut u: NodeId, dst: NodeId) -> Option<Vec<NodeId>> {
        let mut path = vec![u];
        while u != dst {
            u = links[d.next_link(u, dst)? as usize].1;
            path.push(u);
            if path.len() > 64 {
                return None;
            }
        }
        Some(path)
    }

    #[test]
    fn before_any_update_only_neighbours_are_reached() {
        let links = ring(7);
        let d = Dv::new(7, &links);
        assert_eq!(hops(&d, &links, 0, 1), Some(vec![0, 1]));
        assert_eq!(hops(&d, &links, 0, 6), Some(vec![0, 6]));
        assert_eq!(d.next_link(0, 3), None, "no route yet: ns-2's null agent");
    }

    #[test]
    fn updates_converge_to_shortest_paths_and_go_around_a_failed_link() {
        let links = ring(7);
        let all = |_| true;
        let mut d = Dv::new(7, &links);
        updates_from_all(&mut d, &links, 7);
        assert_eq!(hops(&d, &links, 0, 3), Some(vec![0, 1, 2, 3]));
        assert_eq!(hops(&d, &links, 0, 4), Some(vec![0, 6, 5, 4]));
        // 1-2 fails (links 2 and 3): both ends look again and tell the others
        let down = |l: LinkId| l != 2 && l != 3;
        let mut q = d.interfaces_changed(1, &down);
        q.extend(d.interfaces_changed(2, &down));
        assert!(!q.is_empty(), "the routes changed: updates go out at once");
        settle(&mut d, &links, q, &down);
        assert_eq!(hops(&d, &links, 0, 3), Some(vec![0, 6, 5, 4, 3]));
        assert_eq!(hops(&d, &links, 1, 2), Some(vec![1, 0, 6, 5, 4, 3, 2]));
        // it comes back: the direct routes first, then DV's shorter ones
        let mut q = d.interfaces_changed(1, &all);
        q.extend(d.interfaces_changed(2, &all));
        settle(&mut d, &links, q, &all);
        assert_eq!(hops(&d, &links, 0, 3), Some(vec![0, 1, 2, 3]));
        assert_eq!(hops(&d, &links, 1, 2), Some(vec![1, 2]));
        assert_eq!(d.ties, 0, "an odd ring has no equal paths");
    }

    #[test]
    fn a_message_poisons_the_routes_through_its_receiver() {
        let links = ring(4);
        let all = |_| true;
        let mut d = Dv::new(4, &links);
        updates_from_all(&mut d, &links, 4);
        // 0 reaches 1 over link 0 (0 -> 1): what it tells 1 of 1 is INFINITY, 3 hears 1
        let (s, _) = d.periodic(0, 0.0, &all);
        let to1 = s.iter().find(|s| s.link == 0).unwrap();
        let to3 = s.iter().find(|s| links[s.link as usize].1 == 3).unwrap();
        assert_eq!(d.message(to1.id).unwrap()[1], INFINITY);
        assert_eq!(d.message(to3.id).unwrap()[1], 1.0);
        assert_eq!(d.message(to3.id).unwrap()[0], 0.0);
        // 0 to 2: two equal ways; the one heard first stays (1's, which sent before 3)
        assert_eq!(hops(&d, &links, 0, 2), Some(vec![0, 1, 2]));
        assert_eq!(d.ties, 0, "each equal way was heard in a message of its own");
    }

    #[test]
    fn a_peer_that_no_longer_reaches_keeps_its_route_at_infinity_until_another_offers_one() {
        // a chain 0-1-2: 2 is cut off from 0 when 1-2 fails
        let links = vec![(0, 1, 1.0), (1, 0, 1.0), (1, 2, 1.0), (2, 1, 1.0)];
        let mut d = Dv::new(3, &links);
        updates_from_all(&mut d, &links, 3);
        assert_eq!(d.next_link(0, 2), Some(0));
        let down = |l: LinkId| l < 2;
        let q = d.interfaces_changed(1, &down);
        settle(&mut d, &links, q, &down);
        // 1 has no way to 2 now but keeps its DV route (metric INFINITY); 0 too
        assert_eq!(d.next_link(1, 2), Some(2));
        assert_eq!(d.installed[1][2].metric, INFINITY);
        assert_eq!(d.next_link(0, 2), Some(0));
        assert_eq!(d.installed[0][2].metric, INFINITY);
    }

    #[test]
    fn array_names_come_in_tcls_order() {
        // as tclsh 8.6 lists `array names` of these keys set in this order
        for (keys, want) in [
            (vec![3, 0], vec![0, 3]),
            (vec![3, 4], vec![4, 3]),
            (vec![2, 5], vec![5, 2]),
            (vec![12, 3], vec![3, 12]),
            (vec![10, 11], vec![10, 11]),
            (vec![1, 0], vec![0, 1]),
            // drawn at random, more than twelve keys growing the table (and 25 twice)
            (vec![19, 50, 83, 6, 9, 105, 68, 12, 46, 74, 7, 116, 64], vec![116, 19, 74, 6, 105, 7, 9, 64, 46, 83, 12, 50, 68]),
            (vec![4, 11, 55, 53, 8, 30, 70, 54], vec![8, 53, 4, 54, 55, 11, 70, 30]),
            (vec![105, 72, 15], vec![72, 15, 105]),
            (vec![80, 74, 7, 73, 50, 6, 28, 5], vec![80, 5, 50, 28, 6, 73, 7, 74]),
            (vec![37, 53, 18, 69, 15], vec![53, 18, 15, 37, 69]),
            (vec![71, 104, 87, 23, 13, 74, 73, 81, 24, 47, 12, 70], vec![71, 73, 74, 104, 23, 24, 81, 47, 12, 13, 87, 70]),
            (vec![72, 7, 79, 26], vec![26, 79, 72, 7]),
            (
                vec![87, 68, 54, 99, 40, 59, 74, 58, 46, 38, 31, 101, 23, 89, 116, 109, 10, 73, 110, 67, 63, 43, 93, 57, 36],
                vec![116, 36, 89, 54, 73, 101, 74, 38, 57, 93, 40, 23, 58, 59, 43, 63, 10, 110, 109, 99, 46, 31, 67, 68, 87],
            ),
        ] {
            assert_eq!(tcl_array_order(&keys), want, "{keys:?}");
        }
    }

    #[test]
    fn the_update_times_are_ns2s_draws() {
        // ns-2 2.35: `$rtglibRNG uniform 0.0 0.5` twice, then `uniform 0.9 1.1`, printed
        // by ns itself (0.0001697884873346372, 0.27794035793186184, 0.9028409320874331)
        let mut d = Dv::new(2, &[(0, 1, 1.0), (1, 0, 1.0)]);
        assert_eq!(d.first_updates(), vec![0.0001697884873346372, 0.27794035793186184]);
        let (_, next) = d.periodic(0, 1.0, &|_| true);
        assert_eq!(next, 1.0 + 2.0 * 0.9028409320874331);
    }
}
