//! Scenario description: what a user writes (TOML/YAML, or the Python API), parsed
//! from JSON with unknown fields rejected, then checked before the core runs. Every
//! error names the field and what is allowed; no input may crash or hang the process.

use crate::tcp::TcpConfig;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::HashMap;

/// Hard limits that keep any accepted scenario finite.
pub const MAX_DURATION_S: f64 = 1.0e6;
pub const MAX_NODES: usize = 100_000;
pub const MAX_FLOWS: usize = 100_000;
pub const MIN_RATE_BPS: f64 = 1.0;
pub const MIN_SAMPLE_INTERVAL_S: f64 = 1e-4;

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    #[serde(default = "default_name")]
    pub name: String,
    pub duration_s: f64,
    #[serde(default = "default_seed")]
    pub seed: u64,
    /// Interval of queue, utilization, cwnd and sequence samples.
    #[serde(default = "default_sample_interval")]
    pub sample_interval_s: f64,
    /// TCP settings for every flow (each flow may override fields).
    #[serde(default)]
    pub tcp: Value,
    pub nodes: Vec<NodeSpec>,
    pub links: Vec<LinkSpec>,
    pub flows: Vec<FlowSpec>,
    #[serde(default)]
    pub monitor: MonitorSpec,
    /// Router-side feedback schemes, each guarding the egress queue of link directions.
    #[serde(default)]
    pub schemes: Vec<SchemeSpec>,
}

/// A router-side scheme and the link directions ("A->B") whose egress queues it guards
/// (one instance per link direction). Its other fields are the scheme's settings, which
/// the scheme's own file defines (feedback::ROUTERS names it by `type`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SchemeSpec {
    #[serde(rename = "type")]
    pub kind: String,
    pub links: Vec<String>,
    #[serde(flatten)]
    pub fields: crate::feedback::Fields,
}

impl SchemeSpec {
    pub fn links(&self) -> &[String] {
        &self.links
    }
}

fn default_name() -> String {
    "scenario".into()
}
fn default_seed() -> u64 {
    1
}
fn default_sample_interval() -> f64 {
    0.1
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NodeSpec {
    pub name: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, tag = "type", rename_all = "snake_case")]
pub enum QueueSpec {
    Droptail {
        #[serde(default)]
        limit_pkts: Option<u32>,
        #[serde(default)]
        limit_bytes: Option<u64>,
    },
    Red {
        limit_pkts: u32,
        #[serde(default = "red_min")]
        min_th_pkts: f64,
        #[serde(default = "red_max")]
        max_th_pkts: f64,
        #[serde(default = "red_wq")]
        w_q: f64,
        #[serde(default = "red_maxp")]
        max_p: f64,
        #[serde(default = "yes")]
        gentle: bool,
        #[serde(default = "yes")]
        wait: bool,
        /// Typical packet size, for ageing the average over idle periods.
        #[serde(default = "red_mean_pkt")]
        mean_pkt_bytes: u32,
    },
}

fn red_min() -> f64 {
    5.0
}
fn red_max() -> f64 {
    15.0
}
fn red_wq() -> f64 {
    0.002
}
fn red_maxp() -> f64 {
    0.1
}
fn yes() -> bool {
    true
}
fn red_mean_pkt() -> u32 {
    1000
}

impl Default for QueueSpec {
    /// ns-2's Queue/DropTail with limit_ 50.
    fn default() -> Self {
        QueueSpec::Droptail { limit_pkts: Some(50), limit_bytes: None }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, tag = "type", rename_all = "snake_case")]
pub enum ErrorSpec {
    Per {
        per: f64,
    },
    Ber {
        ber: f64,
    },
    GilbertElliott {
        p_good_to_bad: f64,
        p_bad_to_good: f64,
        #[serde(default)]
        per_good: f64,
        #[serde(default = "one")]
        per_bad: f64,
    },
}

fn one() -> f64 {
    1.0
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RateChange {
    pub at_s: f64,
    pub rate_bps: f64,
}

/// Settings of one direction that differ from the link's.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DirectionSpec {
    pub rate_bps: Option<f64>,
    pub delay_ms: Option<f64>,
    pub queue: Option<QueueSpec>,
    pub error: Option<ErrorSpec>,
    pub rate_changes: Option<Vec<RateChange>>,
}

/// A duplex link; both directions share these settings unless overridden.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinkSpec {
    pub a: String,
    pub b: String,
    pub rate_bps: f64,
    pub delay_ms: f64,
    #[serde(default)]
    pub queue: QueueSpec,
    #[serde(default)]
    pub error: Option<ErrorSpec>,
    #[serde(default)]
    pub rate_changes: Vec<RateChange>,
    #[serde(default)]
    pub a_to_b: DirectionSpec,
    #[serde(default)]
    pub b_to_a: DirectionSpec,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, tag = "type", rename_all = "snake_case")]
pub enum TrafficSpecIn {
    #[default]
    Bulk,
    Pareto { shape: f64, mean_on_s: f64, mean_off_s: f64, rate_bps: f64 },
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlowSpec {
    /// Flow name; with count > 1 the copies are named name#0, name#1, ...
    #[serde(default)]
    pub name: Option<String>,
    pub src: String,
    pub dst: String,
    /// Congestion control: "newreno" or "reno".
    #[serde(default = "default_cc")]
    pub cc: String,
    #[serde(default)]
    pub start_s: f64,
    #[serde(default)]
    pub stop_s: Option<f64>,
    /// Number of identical flows this entry stands for.
    #[serde(default = "default_count")]
    pub count: u32,
    /// Each copy starts at start_s + U(0, start_jitter_s), drawn from its own stream.
    #[serde(default)]
    pub start_jitter_s: f64,
    /// Pinned node path src..dst (default: shortest by hops).
    #[serde(default)]
    pub path: Option<Vec<String>>,
    /// Pinned node path of the ACKs dst..src (default: the reverse of the data path).
    #[serde(default)]
    pub ack_path: Option<Vec<String>>,
    /// Group label for per-group metrics (e.g. an RTT group).
    #[serde(default)]
    pub group: Option<String>,
    /// Overrides of the scenario's tcp settings for this flow.
    #[serde(default)]
    pub tcp: Value,
    #[serde(default)]
    pub traffic: TrafficSpecIn,
}

fn default_cc() -> String {
    "newreno".into()
}
fn default_count() -> u32 {
    1
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MonitorSpec {
    /// Link directions ("A->B") whose queue and utilization are sampled; unset = all.
    #[serde(default)]
    pub links: Option<Vec<String>>,
    /// The bottleneck link direction for run-level utilization and queue metrics.
    #[serde(default)]
    pub bottleneck: Option<String>,
    /// Record per-flow cwnd and sequence samples.
    #[serde(default = "yes")]
    pub flow_traces: bool,
    /// Record every dropped packet (time, link, flow, seqno, cause).
    #[serde(default)]
    pub drop_trace: bool,
}

/// Merge JSON objects: fields of `over` replace those of `base`.
pub fn merge(base: &Value, over: &Value) -> Value {
    match (base, over) {
        (Value::Object(b), Value::Object(o)) => {
            let mut m = b.clone();
            for (k, v) in o {
                m.insert(k.clone(), v.clone());
            }
            Value::Object(m)
        }
        (b, Value::Null) => b.clone(),
        (_, o) => o.clone(),
    }
}

/// A `tcp` table's transport settings (the schemes' are checked too; see crate::settings).
pub fn tcp_config(v: &Value, at: &str) -> Result<TcpConfig, String> {
    crate::settings::split(v, at).map(|(cfg, _)| cfg)
}

fn finite_nonneg(v: f64, at: &str) -> Result<(), String> {
    if v.is_finite() && v >= 0.0 {
        Ok(())
    } else {
        Err(format!("{at}: must be a finite number >= 0, got {v}"))
    }
}

fn positive(v: f64, at: &str) -> Result<(), String> {
    if v.is_finite() && v > 0.0 {
        Ok(())
    } else {
        Err(format!("{at}: must be a finite number > 0, got {v}"))
    }
}

fn probability(v: f64, at: &str) -> Result<(), String> {
    if (0.0..=1.0).contains(&v) {
        Ok(())
    } else {
        Err(format!("{at}: must be a probability in [0, 1], got {v}"))
    }
}

/// The gains every REFWA-family scheme has.
pub fn validate_queue(q: &QueueSpec, at: &str) -> Result<(), String> {
    match q {
        QueueSpec::Droptail { limit_pkts, limit_bytes } => {
            if limit_pkts.is_none() && limit_bytes.is_none() {
                return Err(format!("{at}: droptail needs limit_pkts or limit_bytes"));
            }
            if *limit_pkts == Some(0) {
                return Err(format!("{at}.limit_pkts: must be at least 1"));
            }
            if *limit_bytes == Some(0) {
                return Err(format!("{at}.limit_bytes: must be at least 1"));
            }
        }
        QueueSpec::Red { limit_pkts, min_th_pkts, max_th_pkts, w_q, max_p, mean_pkt_bytes, .. } => {
            if *limit_pkts == 0 {
                return Err(format!("{at}.limit_pkts: must be at least 1"));
            }
            finite_nonneg(*min_th_pkts, &format!("{at}.min_th_pkts"))?;
            positive(*max_th_pkts, &format!("{at}.max_th_pkts"))?;
            if max_th_pkts <= min_th_pkts {
                return Err(format!("{at}.max_th_pkts: must be greater than min_th_pkts ({min_th_pkts})"));
            }
            if !(*w_q > 0.0 && *w_q <= 1.0) {
                return Err(format!("{at}.w_q: must be in (0, 1], got {w_q}"));
            }
            probability(*max_p, &format!("{at}.max_p"))?;
            if *mean_pkt_bytes == 0 {
                return Err(format!("{at}.mean_pkt_bytes: must be at least 1"));
            }
        }
    }
    Ok(())
}

pub fn validate_error(e: &ErrorSpec, at: &str) -> Result<(), String> {
    match e {
        ErrorSpec::Per { per } => probability(*per, &format!("{at}.per")),
        ErrorSpec::Ber { ber } => {
            if (0.0..1.0).contains(ber) {
                Ok(())
            } else {
                Err(format!("{at}.ber: must be in [0, 1), got {ber}"))
            }
        }
        ErrorSpec::GilbertElliott { p_good_to_bad, p_bad_to_good, per_good, per_bad } => {
            probability(*p_good_to_bad, &format!("{at}.p_good_to_bad"))?;
            probability(*p_bad_to_good, &format!("{at}.p_bad_to_good"))?;
            probability(*per_good, &format!("{at}.per_good"))?;
            probability(*per_bad, &format!("{at}.per_bad"))
        }
    }
}

fn validate_rate_changes(rc: &[RateChange], duration: f64, at: &str) -> Result<(), String> {
    for (i, c) in rc.iter().enumerate() {
        finite_nonneg(c.at_s, &format!("{at}[{i}].at_s"))?;
        if c.at_s > duration {
            return Err(format!("{at}[{i}].at_s: must be within the run (<= duration_s = {duration})"));
        }
        if !(c.rate_bps.is_finite() && c.rate_bps >= MIN_RATE_BPS) {
            return Err(format!("{at}[{i}].rate_bps: must be a finite rate >= {MIN_RATE_BPS} b/s, got {}", c.rate_bps));
        }
    }
    Ok(())
}

impl Scenario {
    pub fn from_json(text: &str) -> Result<Scenario, String> {
        let s: Scenario = serde_json::from_str(text).map_err(|e| format!("scenario: {e}"))?;
        s.validate()?;
        Ok(s)
    }

    /// Check everything the builder relies on; the error names the field.
    pub fn validate(&self) -> Result<(), String> {
        positive(self.duration_s, "duration_s")?;
        if self.duration_s > MAX_DURATION_S {
            return Err(format!("duration_s: must be at most {MAX_DURATION_S}, got {}", self.duration_s));
        }
        if !(self.sample_interval_s.is_finite() && self.sample_interval_s >= MIN_SAMPLE_INTERVAL_S) {
            return Err(format!(
                "sample_interval_s: must be a number >= {MIN_SAMPLE_INTERVAL_S}, got {}",
                self.sample_interval_s
            ));
        }
        if self.duration_s / self.sample_interval_s > 1e7 {
            return Err("sample_interval_s: too small for duration_s (more than 1e7 samples)".into());
        }
        tcp_config(&self.tcp, "tcp")?;
        if self.nodes.is_empty() {
            return Err("nodes: at least one node is required".into());
        }
        if self.nodes.len() > MAX_NODES {
            return Err(format!("nodes: at most {MAX_NODES} nodes"));
        }
        let mut names = HashMap::new();
        for (i, n) in self.nodes.iter().enumerate() {
            if n.name.is_empty() {
                return Err(format!("nodes[{i}].name: must not be empty"));
            }
            if n.name.contains("->") {
                return Err(format!("nodes[{i}].name: must not contain '->'"));
            }
            if names.insert(n.name.as_str(), i).is_some() {
                return Err(format!("nodes[{i}].name: duplicate node name '{}'", n.name));
            }
        }
        let node = |name: &str, at: String| -> Result<(), String> {
            if names.contains_key(name) {
                Ok(())
            } else {
                Err(format!("{at}: unknown node '{name}' (declare it under nodes)"))
            }
        };
        let mut pairs = HashMap::new();
        for (i, l) in self.links.iter().enumerate() {
            let at = format!("links[{i}]");
            node(&l.a, format!("{at}.a"))?;
            node(&l.b, format!("{at}.b"))?;
            if l.a == l.b {
                return Err(format!("{at}.b: a link must join two different nodes"));
            }
            let key = if l.a < l.b { (l.a.as_str(), l.b.as_str()) } else { (l.b.as_str(), l.a.as_str()) };
            if pairs.insert(key, i).is_some() {
                return Err(format!("{at}: a link between '{}' and '{}' is already declared", l.a, l.b));
            }
            if !(l.rate_bps.is_finite() && l.rate_bps >= MIN_RATE_BPS) {
                return Err(format!("{at}.rate_bps: must be a finite rate >= {MIN_RATE_BPS} b/s, got {}", l.rate_bps));
            }
            finite_nonneg(l.delay_ms, &format!("{at}.delay_ms"))?;
            if l.delay_ms > 1e7 {
                return Err(format!("{at}.delay_ms: must be at most 1e7"));
            }
            validate_queue(&l.queue, &format!("{at}.queue"))?;
            if let Some(e) = &l.error {
                validate_error(e, &format!("{at}.error"))?;
            }
            validate_rate_changes(&l.rate_changes, self.duration_s, &format!("{at}.rate_changes"))?;
            for (dname, d) in [("a_to_b", &l.a_to_b), ("b_to_a", &l.b_to_a)] {
                let dat = format!("{at}.{dname}");
                if let Some(r) = d.rate_bps {
                    if !(r.is_finite() && r >= MIN_RATE_BPS) {
                        return Err(format!("{dat}.rate_bps: must be a finite rate >= {MIN_RATE_BPS} b/s, got {r}"));
                    }
                }
                if let Some(dm) = d.delay_ms {
                    finite_nonneg(dm, &format!("{dat}.delay_ms"))?;
                    if dm > 1e7 {
                        return Err(format!("{dat}.delay_ms: must be at most 1e7"));
                    }
                }
                if let Some(q) = &d.queue {
                    validate_queue(q, &format!("{dat}.queue"))?;
                }
                if let Some(e) = &d.error {
                    validate_error(e, &format!("{dat}.error"))?;
                }
                if let Some(rc) = &d.rate_changes {
                    validate_rate_changes(rc, self.duration_s, &format!("{dat}.rate_changes"))?;
                }
            }
        }
        if self.flows.is_empty() {
            return Err("flows: at least one flow is required".into());
        }
        let total: u64 = self.flows.iter().map(|f| f.count as u64).sum();
        if total > MAX_FLOWS as u64 {
            return Err(format!("flows: at most {MAX_FLOWS} flows in all (count included), got {total}"));
        }
        let mut flow_names = HashMap::new();
        for (i, f) in self.flows.iter().enumerate() {
            let at = format!("flows[{i}]");
            node(&f.src, format!("{at}.src"))?;
            node(&f.dst, format!("{at}.dst"))?;
            if f.src == f.dst {
                return Err(format!("{at}.dst: must differ from src"));
            }
            if crate::tcp::congestion::controller(&f.cc).is_none() {
                let allowed = crate::tcp::congestion::controller_names().join(", ");
                return Err(format!("{at}.cc: unknown congestion control '{}' (allowed: {allowed})", f.cc));
            }
            if f.count == 0 {
                return Err(format!("{at}.count: must be at least 1"));
            }
            finite_nonneg(f.start_s, &format!("{at}.start_s"))?;
            finite_nonneg(f.start_jitter_s, &format!("{at}.start_jitter_s"))?;
            if let Some(stop) = f.stop_s {
                finite_nonneg(stop, &format!("{at}.stop_s"))?;
                if stop <= f.start_s + f.start_jitter_s {
                    return Err(format!("{at}.stop_s: must be after start_s + start_jitter_s"));
                }
            }
            if let Some(n) = &f.name {
                if n.is_empty() || n.contains('#') {
                    return Err(format!("{at}.name: must be non-empty and must not contain '#'"));
                }
                if flow_names.insert(n.clone(), i).is_some() {
                    return Err(format!("{at}.name: duplicate flow name '{n}'"));
                }
            }
            for (pname, p, from, to) in [("path", &f.path, &f.src, &f.dst), ("ack_path", &f.ack_path, &f.dst, &f.src)] {
                if let Some(p) = p {
                    if p.len() < 2 || p.first() != Some(from) || p.last() != Some(to) {
                        return Err(format!("{at}.{pname}: must list nodes from '{from}' to '{to}'"));
                    }
                    for (j, n) in p.iter().enumerate() {
                        node(n, format!("{at}.{pname}[{j}]"))?;
                    }
                }
            }
            if !(f.tcp.is_null() || f.tcp.is_object()) {
                return Err(format!("{at}.tcp: must be a table of TCP settings"));
            }
            let cfg = tcp_config(&merge(&self.tcp, &f.tcp), &format!("{at}.tcp"))?;
            if let TrafficSpecIn::Pareto { shape, mean_on_s, mean_off_s, rate_bps } = &f.traffic {
                if !(shape.is_finite() && *shape > 1.0 && *shape <= 100.0) {
                    return Err(format!("{at}.traffic.shape: must be in (1, 100] (finite mean), got {shape}"));
                }
                positive(*mean_on_s, &format!("{at}.traffic.mean_on_s"))?;
                positive(*mean_off_s, &format!("{at}.traffic.mean_off_s"))?;
                positive(*rate_bps, &format!("{at}.traffic.rate_bps"))?;
                if cfg.packet_size_bytes as f64 * 8.0 / rate_bps < 1e-9 {
                    return Err(format!("{at}.traffic.rate_bps: too high (under 1 ns per packet)"));
                }
            }
        }
        if let Some(links) = &self.monitor.links {
            for (i, l) in links.iter().enumerate() {
                self.check_link_name(l, &format!("monitor.links[{i}]"), &names, &pairs)?;
            }
        }
        if let Some(b) = &self.monitor.bottleneck {
            self.check_link_name(b, "monitor.bottleneck", &names, &pairs)?;
        }
        let mut guarded = HashMap::new();
        for (i, sc) in self.schemes.iter().enumerate() {
            let at = format!("schemes[{i}]");
            if sc.links().is_empty() {
                return Err(format!("{at}.links: list at least one link direction 'A->B'"));
            }
            for (j, l) in sc.links().iter().enumerate() {
                self.check_link_name(l, &format!("{at}.links[{j}]"), &names, &pairs)?;
                if let Some(prev) = guarded.insert(l.clone(), i) {
                    return Err(format!("{at}.links[{j}]: '{l}' is already guarded by schemes[{prev}]"));
                }
            }
            let router = crate::feedback::router(&sc.kind).ok_or_else(|| {
                let names: Vec<_> = crate::feedback::ROUTERS.iter().map(|r| r.name).collect();
                format!("{at}.type: unknown router scheme '{}' (allowed: {})", sc.kind, names.join(", "))
            })?;
            (router.check)(&sc.fields, &at)?;
        }
        Ok(())
    }

    fn check_link_name(
        &self,
        l: &str,
        at: &str,
        names: &HashMap<&str, usize>,
        pairs: &HashMap<(&str, &str), usize>,
    ) -> Result<(), String> {
        let Some((a, b)) = l.split_once("->") else {
            return Err(format!("{at}: must name a link direction as 'A->B', got '{l}'"));
        };
        if !names.contains_key(a) || !names.contains_key(b) {
            return Err(format!("{at}: unknown node in '{l}'"));
        }
        let key = if a < b { (a, b) } else { (b, a) };
        if !pairs.contains_key(&key) {
            return Err(format!("{at}: no link between '{a}' and '{b}'"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_scheme(scheme: serde_json::Value) -> Result<Scenario, String> {
        let sc = serde_json::json!({
            "duration_s": 1.0,
            "nodes": [{"name": "a"}, {"name": "b"}],
            "links": [{"a": "a", "b": "b", "rate_bps": 1e6, "delay_ms": 1.0}],
            "flows": [{"src": "a", "dst": "b"}],
            "schemes": [scheme],
        });
        Scenario::from_json(&sc.to_string())
    }

    #[test]
    fn every_registered_router_scheme_is_a_scheme_type_and_no_other() {
        for r in crate::feedback::ROUTERS {
            let ok = with_scheme(serde_json::json!({"type": r.name, "links": ["a->b"]}));
            assert!(ok.is_ok(), "{}: {:?}", r.name, ok.err());
        }
        let e = with_scheme(serde_json::json!({"type": "xcp", "links": ["a->b"]})).unwrap_err();
        assert_eq!(e, "schemes[0].type: unknown router scheme 'xcp' (allowed: refwa, trefwa, xfwa)");
    }

    #[test]
    fn a_router_schemes_settings_are_its_own_and_checked_by_it() {
        let e = with_scheme(serde_json::json!({"type": "trefwa", "links": ["a->b"], "k": 0})).unwrap_err();
        assert_eq!(e, "schemes[0].k: must be in (0, 100], got 0");
        let e = with_scheme(serde_json::json!({"type": "xfwa", "links": ["a->b"], "phi": 1.0})).unwrap_err();
        assert!(e.starts_with("schemes[0]: unknown field `phi`"), "{e}");
        let e = with_scheme(serde_json::json!({"type": "refwa", "links": ["a->b"], "activity": "all"})).unwrap_err();
        assert!(e.contains("rtt_avg") && e.contains("flow_rtt"), "{e}");
    }
}
