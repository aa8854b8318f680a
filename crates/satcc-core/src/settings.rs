//! The settings of schemes, written in a scenario's `tcp` table beside the transport's
//! (`abe_filter`, `fusion_alpha`, `refwa_plus_tolerance`, ...). Each group belongs to a
//! scheme and is defined in its file with the paper's defaults and ranges
//! ([`SettingsGroup`]); the scheme's registry row names it ([`Group::of`]). [`split`]
//! hands each group its keys and the rest to [`TcpConfig`], which holds transport
//! (ns-2) settings only.

use crate::contract;
use crate::tcp::TcpConfig;
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{Map, Value};
use std::any::{Any, TypeId};
use std::sync::{Arc, OnceLock};

/// A scheme's settings: its keys in the `tcp` table are its fields' serde names; its
/// defaults are its `Default`, its ranges the schemars attributes on its fields.
pub trait SettingsGroup: Clone + Default + DeserializeOwned + Serialize + JsonSchema + Send + Sync + 'static {
    /// Check what ranges cannot say (a rule between fields); the error names the field
    /// (`{at}.{key}`).
    fn validate(&self, _at: &str) -> Result<(), String> {
        Ok(())
    }
}

/// A settings group as a registry row names it: what [`split`] and the contract need
/// to know of a [`SettingsGroup`] without its type.
#[derive(Clone, Copy)]
pub struct Group {
    type_id: fn() -> TypeId,
    /// Its keys in the `tcp` table.
    pub keys: fn() -> Vec<String>,
    schema: fn(&mut SchemaGenerator) -> Schema,
    parse: fn(Map<String, Value>, &str) -> Result<Arc<dyn Any + Send + Sync>, String>,
}

impl Group {
    pub const fn of<G: SettingsGroup>() -> Group {
        Group { type_id: TypeId::of::<G>, keys: keys::<G>, schema: inline::<G>, parse: parse::<G> }
    }
}

fn parse<G: SettingsGroup>(own: Map<String, Value>, at: &str) -> Result<Arc<dyn Any + Send + Sync>, String> {
    let g: G = serde_json::from_value(Value::Object(own)).map_err(|e| format!("{at}: {e}"))?;
    g.validate(at)?;
    Ok(Arc::new(g))
}

/// Every scheme's settings for one flow, by type: a scheme reads its own with
/// [`SchemeSettings::get`].
#[derive(Clone, Default)]
pub struct SchemeSettings {
    groups: Vec<(TypeId, Arc<dyn Any + Send + Sync>)>,
}

impl SchemeSettings {
    /// The group's settings as the scenario gives them (its defaults when no registry
    /// row names the group, so that no scenario could set them).
    pub fn get<G: SettingsGroup>(&self) -> G {
        let id = TypeId::of::<G>();
        self.groups
            .iter()
            .find(|(t, _)| *t == id)
            .and_then(|(_, g)| g.downcast_ref::<G>())
            .cloned()
            .unwrap_or_default()
    }
}

impl std::fmt::Debug for SchemeSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SchemeSettings({} groups)", self.groups.len())
    }
}

/// Every group some registry row names (controllers, their loss classifiers and RTT
/// codes), each once, in the registry's order.
pub fn groups() -> &'static [Group] {
    static ALL: OnceLock<Vec<Group>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut out: Vec<Group> = vec![];
        for c in crate::tcp::congestion::CONTROLLERS {
            for g in c.groups() {
                if !out.iter().any(|o| (o.type_id)() == (g.type_id)()) {
                    out.push(g);
                }
            }
        }
        out
    })
}

fn inline<T: JsonSchema>(g: &mut SchemaGenerator) -> Schema {
    T::json_schema(g)
}

/// The schema of a `tcp` table: null (all defaults), or the transport's and every
/// scheme's fields side by side, nothing else.
pub fn tcp_table_schema(g: &mut SchemaGenerator) -> Schema {
    let mut parts = vec![inline::<TcpConfig>(g)];
    for group in groups() {
        parts.push((group.schema)(g));
    }
    let mut props = Map::new();
    for part in parts {
        if let Some(p) = part.get("properties").and_then(Value::as_object) {
            props.extend(p.clone());
        }
    }
    if let Some(stack) = props.get_mut("stack") {
        // the values `stack: linux` gives, for the Python side and the reference page
        stack["x-satcc-linux"] = Value::Object(crate::tcp::config::linux_stack());
    }
    let table = serde_json::json!({
        "description": "TCP settings: the transport's (ns-2's names and defaults) and each scheme's",
        "type": "object",
        "properties": props,
        "additionalProperties": false,
    });
    g.definitions_mut().insert("TcpTable".into(), table);
    schemars::json_schema!({"oneOf": [{"type": "null"}, {"$ref": "#/$defs/TcpTable"}]})
}

/// The `tcp` table's schema with its definitions, made once.
fn table_contract() -> &'static Value {
    static SCHEMA: OnceLock<Value> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        let mut g = contract::generator();
        let mut s = tcp_table_schema(&mut g).to_value();
        s["$defs"] = Value::Object(g.definitions().clone());
        s
    })
}

/// The keys of a settings type: its fields' serde names.
fn keys<G: Serialize + Default>() -> Vec<String> {
    match serde_json::to_value(G::default()) {
        Ok(Value::Object(m)) => m.keys().cloned().collect(),
        _ => vec![],
    }
}

/// Split a `tcp` table (null = all defaults) into the transport's settings and the
/// schemes'; its ranges are checked against the contract first. Errors name the field
/// (`{at}.{key}`).
pub fn split(v: &Value, at: &str) -> Result<(TcpConfig, SchemeSettings), String> {
    let mut table = match v {
        Value::Null => Map::new(),
        Value::Object(m) => m.clone(),
        _ => return Err(format!("{at}: must be a table of TCP settings")),
    };
    contract::check(table_contract(), v, at)?;
    let linux = table.get("stack").and_then(Value::as_str) == Some("linux");
    let tso_defer_auto = linux && !table.contains_key("tso_defer");
    if linux {
        // a table that turns SACK off leaves the receiver's SACK options off too
        let sack = table.get("sack").and_then(Value::as_bool) != Some(false);
        for (k, v) in crate::tcp::config::linux_stack() {
            if sack || !matches!(k.as_str(), "sack_compression" | "sack_report") {
                table.entry(k).or_insert(v);
            }
        }
    }
    let mut schemes = SchemeSettings::default();
    for group in groups() {
        let mut own = Map::new();
        for k in (group.keys)() {
            if let Some(v) = table.remove(&k) {
                own.insert(k, v);
            }
        }
        schemes.groups.push(((group.type_id)(), (group.parse)(own, at)?));
    }
    let mut cfg: TcpConfig = serde_json::from_value(Value::Object(table)).map_err(|e| format!("{at}: {e}"))?;
    cfg.tso_defer_auto = tso_defer_auto;
    cfg.validate(at)?;
    Ok((cfg, schemes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tcp::config::linux_stack;
    use crate::tcp::RtoStyle;
    use crate::net::rtt_code::RttCodeSettings;
    use crate::tcp::congestion::estimators::AbeSettings;
    use crate::tcp::congestion::fusion::{FusionAlpha, FusionSettings};
    use crate::tcp::loss::{RefwaPlusSettings, TrefwaPlusSettings};
    use serde_json::json;

    #[test]
    fn no_key_is_in_two_parts_of_the_table_and_the_schema_lists_them_all() {
        let mut all = keys::<TcpConfig>();
        for g in groups() {
            let k = (g.keys)();
            assert!(!k.is_empty());
            all.extend(k);
        }
        let n = all.len();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), n, "a key in two parts");
        let mut listed: Vec<String> = table_contract()["$defs"]["TcpTable"]["properties"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect();
        listed.sort();
        assert_eq!(listed, all);
    }

    #[test]
    fn the_registry_names_every_group_of_the_tree_once() {
        let ids: Vec<TypeId> = groups().iter().map(|g| (g.type_id)()).collect();
        for id in [
            TypeId::of::<AbeSettings>(),
            TypeId::of::<FusionSettings>(),
            TypeId::of::<RefwaPlusSettings>(),
            TypeId::of::<TrefwaPlusSettings>(),
            TypeId::of::<RttCodeSettings>(),
        ] {
            assert_eq!(ids.iter().filter(|i| **i == id).count(), 1);
        }
    }

    #[test]
    fn split_hands_each_group_its_keys_and_names_bad_fields() {
        let (cfg, s) = split(&json!({"rwnd_pkts": 50, "fusion_alpha": "fixed", "trefwa_plus_k": 2}), "tcp").unwrap();
        assert_eq!(cfg.rwnd_pkts, 50);
        assert_eq!(s.get::<FusionSettings>().alpha, FusionAlpha::Fixed);
        assert_eq!(s.get::<TrefwaPlusSettings>().k, 2.0);
        assert_eq!(s.get::<RefwaPlusSettings>(), RefwaPlusSettings::default());
        let e = split(&json!({"fusion_d_min_s": 0}), "flows[2].tcp").unwrap_err();
        assert!(e.starts_with("flows[2].tcp.fusion_d_min_s: must be in (0, 1]"), "{e}");
        let e = split(&json!({"trefwa_plus_r": 1.5}), "tcp").unwrap_err();
        assert!(e.starts_with("tcp.trefwa_plus_r"), "{e}");
        let e = split(&json!({"abe_filter": "kalman"}), "tcp").unwrap_err();
        assert!(e.contains("kalman") && e.contains("tustin"), "{e}");
        assert!(split(&json!({"no_such": 1}), "tcp").unwrap_err().contains("no_such"));
        let e = split(&json!({"tick_s": 0.01, "tick_phase_s": 0.01}), "flows[1].tcp").unwrap_err();
        assert!(e.starts_with("flows[1].tcp.tick_phase_s: must be in [0, tick_s)"), "{e}");
        assert_eq!(split(&json!({"tick_phase_s": 0.004}), "tcp").unwrap().0.tick_phase_s, Some(0.004));
        let e = split(&json!({"tick_phase_s": 0.004, "tick_phase_at_start": true}), "flows[3].tcp").unwrap_err();
        assert!(e.starts_with("flows[3].tcp.tick_phase_at_start:") && e.contains("tick_phase_s"), "{e}");
        assert!(split(&json!({"tick_phase_at_start": true}), "tcp").unwrap().0.tick_phase_at_start);
        // a sink paired crosswise: no blocks under ns-2's SACK agents only, ns-2's Sack1
        // sink under the others with ns-2's transport only
        assert!(split(&json!({"sack": true, "sack_agent": "fack", "sink_sack": false}), "tcp").is_ok());
        let e = split(&json!({"sack": true, "sink_sack": false}), "flows[0].tcp").unwrap_err();
        assert!(e.starts_with("flows[0].tcp.sink_sack: false is ns-2's Sack1 or Fack agent") && e.contains("sack = false"), "{e}");
        let e = split(&json!({"sink_sack": true, "quick_ack": true}), "tcp").unwrap_err();
        assert!(e.starts_with("tcp.sink_sack: true without sack") && e.contains("tcp.quick_ack"), "{e}");
        let e = split(&json!({"stack": "linux", "sack": false, "sink_sack": true}), "tcp").unwrap_err();
        assert!(e.contains("(set by stack: linux)"), "{e}");
        assert_eq!(split(&json!({"sink_sack": true}), "tcp").unwrap().0.sink_sack, Some(true));
        let (_, s) = split(&Value::Null, "tcp").unwrap();
        assert_eq!(s.get::<FusionSettings>(), FusionSettings::default());
        assert_eq!(s.get::<RttCodeSettings>(), RttCodeSettings::default());
    }

    #[test]
    fn the_linux_stack_fills_what_the_table_leaves_out_and_nothing_else() {
        let ns2 = serde_json::to_value(TcpConfig::default()).unwrap();
        let (cfg, _) = split(&json!({"stack": "linux"}), "tcp").unwrap();
        let got = serde_json::to_value(&cfg).unwrap();
        for (k, want) in linux_stack() {
            assert_eq!(got[&k], want, "{k}");
            assert_ne!(ns2[&k], want, "{k}: the preset lists only what it changes");
        }
        for (k, v) in ns2.as_object().unwrap() {
            if !linux_stack().contains_key(k) && k != "stack" {
                assert_eq!(&got[k], v, "{k} keeps ns-2's default");
            }
        }
        assert!(cfg.tso_defer_auto && !cfg.tso_defer, "TSO deferral waits for the flow's controller");
        // what the table writes wins, and SACK off leaves the receiver's SACK options off
        let (cfg, _) = split(&json!({"stack": "linux", "sack": false, "initial_window_pkts": 4, "tso_defer": false}), "tcp").unwrap();
        assert!(!cfg.sack && !cfg.sack_compression && cfg.sack_report == crate::tcp::SackReport::Highest);
        assert_eq!(cfg.initial_window_pkts, 4);
        assert!(!cfg.tso_defer_auto && cfg.rto == RtoStyle::Linux && cfg.delayed_ack);
        // ns2, written or not, is every default
        for t in [json!({"stack": "ns2"}), json!({}), Value::Null] {
            let (cfg, _) = split(&t, "tcp").unwrap();
            assert!(!cfg.tso_defer_auto);
            assert_eq!(serde_json::to_value(&cfg).unwrap(), ns2);
        }
        let e = split(&json!({"stack": "bsd"}), "tcp").unwrap_err();
        assert!(e.contains("tcp") && e.contains("ns2") && e.contains("linux"), "{e}");
    }
}
