//! The settings of schemes, written in a scenario's `tcp` table beside the transport's
//! (`abe_filter`, `fusion_alpha`, `refwa_plus_tolerance`, ...). Each group belongs to a
//! scheme and is defined in its file with the paper's defaults and ranges
//! ([`SettingsGroup`]); [`split`] hands each group its keys and the rest to
//! [`TcpConfig`], which holds transport (ns-2) settings only.

use crate::contract;
use crate::net::rtt_code::RttCodeSettings;
use crate::tcp::congestion::estimators::AbeSettings;
use crate::tcp::congestion::fusion::FusionSettings;
use crate::tcp::loss::{RefwaPlusSettings, TrefwaPlusSettings};
use crate::tcp::TcpConfig;
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{Map, Value};
use std::sync::OnceLock;

/// A scheme's settings: its keys in the `tcp` table are its fields' serde names; its
/// defaults are its `Default`, its ranges the schemars attributes on its fields.
pub trait SettingsGroup: Default + DeserializeOwned + Serialize + JsonSchema {
    /// Check what ranges cannot say (a rule between fields); the error names the field
    /// (`{at}.{key}`).
    fn validate(&self, _at: &str) -> Result<(), String> {
        Ok(())
    }
}

/// Every scheme's settings for one flow.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SchemeSettings {
    pub abe: AbeSettings,
    pub fusion: FusionSettings,
    pub refwa_plus: RefwaPlusSettings,
    pub trefwa_plus: TrefwaPlusSettings,
    pub rtt_code: RttCodeSettings,
}

/// Calls `$f::<G>` for the transport's and every group's settings type, in one order.
macro_rules! each_table_part {
    ($f:ident ( $($arg:expr),* )) => {
        (
            $f::<TcpConfig>($($arg),*),
            $f::<AbeSettings>($($arg),*),
            $f::<FusionSettings>($($arg),*),
            $f::<RefwaPlusSettings>($($arg),*),
            $f::<TrefwaPlusSettings>($($arg),*),
            $f::<RttCodeSettings>($($arg),*),
        )
    };
}

fn inline<T: JsonSchema>(g: &mut SchemaGenerator) -> Schema {
    T::json_schema(g)
}

/// The schema of a `tcp` table: null (all defaults), or the transport's and every
/// scheme's fields side by side, nothing else.
pub fn tcp_table_schema(g: &mut SchemaGenerator) -> Schema {
    let parts = each_table_part!(inline(g));
    let mut props = Map::new();
    for part in [parts.0, parts.1, parts.2, parts.3, parts.4, parts.5] {
        if let Some(p) = part.get("properties").and_then(Value::as_object) {
            props.extend(p.clone());
        }
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

/// Take a group's keys out of `table` and parse them.
fn take<G: SettingsGroup>(table: &mut Map<String, Value>, at: &str) -> Result<G, String> {
    let mut own = Map::new();
    for k in keys::<G>() {
        if let Some(v) = table.remove(&k) {
            own.insert(k, v);
        }
    }
    let g: G = serde_json::from_value(Value::Object(own)).map_err(|e| format!("{at}: {e}"))?;
    g.validate(at)?;
    Ok(g)
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
    let schemes = SchemeSettings {
        abe: take(&mut table, at)?,
        fusion: take(&mut table, at)?,
        refwa_plus: take(&mut table, at)?,
        trefwa_plus: take(&mut table, at)?,
        rtt_code: take(&mut table, at)?,
    };
    let cfg: TcpConfig = serde_json::from_value(Value::Object(table)).map_err(|e| format!("{at}: {e}"))?;
    cfg.validate(at)?;
    Ok((cfg, schemes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn no_key_is_in_two_parts_of_the_table_and_the_schema_lists_them_all() {
        let parts = each_table_part!(keys());
        let mut all = vec![];
        for k in [parts.0, parts.1, parts.2, parts.3, parts.4, parts.5] {
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
    fn split_hands_each_group_its_keys_and_names_bad_fields() {
        let (cfg, s) = split(&json!({"rwnd_pkts": 50, "fusion_alpha": "fixed", "trefwa_plus_k": 2}), "tcp").unwrap();
        assert_eq!(cfg.rwnd_pkts, 50);
        assert_eq!(s.fusion.alpha, crate::tcp::congestion::fusion::FusionAlpha::Fixed);
        assert_eq!(s.trefwa_plus.k, 2.0);
        assert_eq!(s.refwa_plus, RefwaPlusSettings::default());
        let e = split(&json!({"fusion_d_min_s": 0}), "flows[2].tcp").unwrap_err();
        assert!(e.starts_with("flows[2].tcp.fusion_d_min_s: must be in (0, 1]"), "{e}");
        let e = split(&json!({"trefwa_plus_r": 1.5}), "tcp").unwrap_err();
        assert!(e.starts_with("tcp.trefwa_plus_r"), "{e}");
        let e = split(&json!({"abe_filter": "kalman"}), "tcp").unwrap_err();
        assert!(e.contains("kalman") && e.contains("tustin"), "{e}");
        assert!(split(&json!({"no_such": 1}), "tcp").unwrap_err().contains("no_such"));
        assert_eq!(split(&Value::Null, "tcp").unwrap().1, SchemeSettings::default());
    }
}
