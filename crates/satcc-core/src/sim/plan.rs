//! The plan of a scenario's network: link ids and names, node ids, each flow's data and
//! ACK routes, and the links that schemes and the monitor name. Making it checks what
//! needs the whole picture (routes exist, named links exist) without building links,
//! flows or schemes, so validation never builds a simulation; the build starts from it.

use crate::net::routing::Topology;
use crate::net::{LinkId, NodeId};
use crate::scenario::Scenario;
use std::collections::BTreeMap;

pub struct Plan {
    pub node_ids: BTreeMap<String, NodeId>,
    /// Each direction of each link, in the order the build creates them: "A->B" then
    /// "B->A" for every link of the scenario.
    pub link_names: Vec<String>,
    /// Per flow entry of the scenario: (data route, ACK route) as link ids.
    pub routes: Vec<(Vec<LinkId>, Vec<LinkId>)>,
}

impl Plan {
    /// The id of a link direction "A->B"; the error names `field`.
    pub fn link_id(&self, name: &str, field: &str) -> Result<LinkId, String> {
        self.link_names
            .iter()
            .position(|l| l == name)
            .map(|i| i as LinkId)
            .ok_or_else(|| format!("{field}: unknown link '{name}'"))
    }
}

/// Plan a validated scenario.
pub fn plan(sc: &Scenario) -> Result<Plan, String> {
    if let Some(c) = &sc.constellation {
        // the nodes: satellites then ground stations; links and routes come with the
        // motion (sim::mobility), so nothing more to plan
        let (_, shells, stations) = c.build()?;
        let n_sat: usize = shells.iter().map(|s| s.satellites.len()).sum();
        let node_ids = stations.iter().enumerate().map(|(i, g)| (g.name.clone(), (n_sat + i) as NodeId)).collect();
        return Ok(Plan { node_ids, link_names: Vec::new(), routes: vec![(Vec::new(), Vec::new()); sc.flows.len()] });
    }
    let node_ids: BTreeMap<String, NodeId> =
        sc.nodes.iter().enumerate().map(|(i, n)| (n.name.clone(), i as NodeId)).collect();
    let topo = topology(sc, &node_ids);
    let mut link_names = Vec::with_capacity(sc.links.len() * 2);
    for l in &sc.links {
        for (from, to) in [(&l.a, &l.b), (&l.b, &l.a)] {
            link_names.push(format!("{from}->{to}"));
        }
    }
    let name = |n: NodeId| sc.nodes[n as usize].name.as_str();
    let mut routes = Vec::with_capacity(sc.flows.len());
    for (i, f) in sc.flows.iter().enumerate() {
        let at = format!("flows[{i}]");
        let (src, dst) = (node_ids[f.src.as_str()], node_ids[f.dst.as_str()]);
        let ids = |p: &Vec<String>| p.iter().map(|n| node_ids[n.as_str()]).collect::<Vec<_>>();
        let unlinked = |field: &'static str| {
            let at = &at;
            move |(a, b): (NodeId, NodeId)| format!("{at}.{field}: no link between '{}' and '{}'", name(a), name(b))
        };
        let fwd = match &f.path {
            Some(p) => topo.pinned_path(&ids(p)).map_err(unlinked("path"))?,
            None => topo
                .shortest_path(src, dst)
                .ok_or_else(|| format!("{at}: no route from '{}' to '{}' (nodes are not connected)", f.src, f.dst))?,
        };
        let rev = match (&f.ack_path, &f.path) {
            (Some(p), _) => topo.pinned_path(&ids(p)).map_err(unlinked("ack_path"))?,
            (None, Some(p)) => {
                let mut r = ids(p);
                r.reverse();
                topo.pinned_path(&r).map_err(|_| format!("{at}.path: the reverse path is not linked"))?
            }
            (None, None) => topo.shortest_path(dst, src).ok_or_else(|| {
                format!("{at}: no route for ACKs from '{}' to '{}' (nodes are not connected)", f.dst, f.src)
            })?,
        };
        if fwd.len() > u16::MAX as usize || rev.len() > u16::MAX as usize {
            return Err(format!("{at}: route longer than {} hops", u16::MAX));
        }
        routes.push((fwd, rev));
    }
    let p = Plan { node_ids, link_names, routes };
    for n in sc.monitor.links.iter().flatten() {
        p.link_id(n, "monitor.links")?;
    }
    if let Some(n) = &sc.monitor.bottleneck {
        p.link_id(n, "monitor.bottleneck")?;
    }
    for spec in &sc.schemes {
        for n in spec.links() {
            p.link_id(n, "schemes")?;
        }
    }
    Ok(p)
}

/// The network of a scenario of nodes and links as routing sees it: each link
/// direction (ids in build order, "A->B" then "B->A") with its routing cost.
pub fn topology(sc: &Scenario, node_ids: &BTreeMap<String, NodeId>) -> Topology {
    let mut topo = Topology::new(sc.nodes.len());
    let mut id = 0;
    for l in &sc.links {
        for (from, to, d) in [(&l.a, &l.b, &l.a_to_b), (&l.b, &l.a, &l.b_to_a)] {
            topo.add_link_with_cost(id, node_ids[from.as_str()], node_ids[to.as_str()], d.cost.unwrap_or(l.cost));
            id += 1;
        }
    }
    topo
}

/// Check a scenario given as JSON without building it: parse, validate, plan.
pub fn check_json(text: &str) -> Result<(), String> {
    let sc = Scenario::from_json(text)?;
    plan(&sc)?;
    check_transports(&sc)
}

/// Each flow's TCP settings against its controller, as the run's build checks them
/// (`build::flow_transport`): a scenario `satcc validate` passes is one the run builds.
fn check_transports(sc: &Scenario) -> Result<(), String> {
    (0..sc.flows.len()).try_for_each(|i| super::build::flow_transport(sc, i).map(|_| ()))
}

/// The flows of a scenario given as JSON, once checked as `check_json` checks it: each
/// entry's copies with their names and start times (super::flow_copies).
pub fn flow_copies_json(text: &str) -> Result<Vec<super::FlowCopy>, String> {
    let sc = Scenario::from_json(text)?;
    plan(&sc)?;
    check_transports(&sc)?;
    Ok(super::flow_copies(&sc))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn scenario(extra: serde_json::Value) -> String {
        let link = |a: &str, b: &str| json!({"a": a, "b": b, "rate_bps": 1e6, "delay_ms": 1.0});
        let mut sc = json!({
            "duration_s": 1.0,
            "nodes": [{"name": "a"}, {"name": "r"}, {"name": "b"}, {"name": "island"}],
            "links": [link("a", "r"), link("r", "b")],
            "flows": [{"src": "a", "dst": "b"}],
        });
        for (k, v) in extra.as_object().unwrap() {
            sc[k] = v.clone();
        }
        sc.to_string()
    }

    #[test]
    fn a_plan_names_links_in_build_order_and_routes_each_flow() {
        let p = plan(&Scenario::from_json(&scenario(json!({}))).unwrap()).unwrap();
        assert_eq!(p.link_names, ["a->r", "r->a", "r->b", "b->r"]);
        assert_eq!(p.routes, [(vec![0, 2], vec![3, 1])]);
    }

    #[test]
    fn checking_finds_what_needs_the_whole_picture() {
        let e = check_json(&scenario(json!({"flows": [{"src": "a", "dst": "island"}]}))).unwrap_err();
        assert!(e.starts_with("flows[0]: no route from 'a' to 'island'"), "{e}");
        let e = check_json(&scenario(json!({"flows": [{"src": "a", "dst": "b", "path": ["a", "b"]}]}))).unwrap_err();
        assert!(e.starts_with("flows[0].path: no link between 'a' and 'b'"), "{e}");
        let e = check_json(&scenario(json!({"monitor": {"bottleneck": "a->b"}}))).unwrap_err();
        assert!(e.starts_with("monitor.bottleneck: "), "{e}");
        let e = check_json(&scenario(json!({"schemes": [{"type": "refwa", "links": ["b->a"]}]}))).unwrap_err();
        assert!(e.starts_with("schemes"), "{e}");
        assert!(check_json(&scenario(json!({"schemes": [{"type": "refwa", "links": ["r->b"]}]}))).is_ok());
        // a flow's TCP settings against its controller, as the build checks them
        let flows = json!([{"src": "a", "dst": "b", "cc": "vegas", "tcp": {"window_increase": "counted"}}]);
        let e = check_json(&scenario(json!({ "flows": flows }))).unwrap_err();
        assert!(e.starts_with("flows[0].tcp.window_increase: ns-2's counted increase"), "{e}");
        let flows = json!([{"src": "a", "dst": "b", "cc": "reno", "tcp": {"window_increase": "counted"}}]);
        assert!(check_json(&scenario(json!({ "flows": flows }))).is_ok());
    }
}
