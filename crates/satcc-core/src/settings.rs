//! The settings of schemes, written in a scenario's `tcp` table beside the transport's
//! (`abe_filter`, `fusion_alpha`, `refwa_plus_tolerance`, ...). Each group belongs to a
//! scheme and is defined in its file with the paper's defaults and ranges
//! ([`SettingsGroup`]); [`split`] hands each group its keys and the rest to
//! [`TcpConfig`], which holds transport (ns-2) settings only.

use crate::net::rtt_code::RttCodeSettings;
use crate::tcp::congestion::estimators::AbeSettings;
use crate::tcp::congestion::fusion::FusionSettings;
use crate::tcp::loss::{RefwaPlusSettings, TrefwaPlusSettings};
use crate::tcp::TcpConfig;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{Map, Value};

/// A scheme's settings: its keys in the `tcp` table, defaults, ranges.
pub trait SettingsGroup: Default + DeserializeOwned + Serialize {
    /// Its keys in a scenario's `tcp` table (the serde names of its fields).
    const KEYS: &'static [&'static str];
    /// Check ranges; the error names the field (`{at}.{key}`) and what is allowed.
    fn validate(&self, at: &str) -> Result<(), String>;
}

/// `{at}.{key}: must be in {allowed}, got {v}` unless `ok` (and `v` finite).
pub fn check(at: &str, key: &str, v: f64, ok: bool, allowed: &str) -> Result<(), String> {
    if v.is_finite() && ok {
        Ok(())
    } else {
        Err(format!("{at}.{key}: must be in {allowed}, got {v}"))
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

/// Take a group's keys out of `table` and parse them.
fn take<G: SettingsGroup>(table: &mut Map<String, Value>, at: &str) -> Result<G, String> {
    let mut own = Map::new();
    for k in G::KEYS {
        if let Some(v) = table.remove(*k) {
            own.insert((*k).to_string(), v);
        }
    }
    let g: G = serde_json::from_value(Value::Object(own)).map_err(|e| format!("{at}: {e}"))?;
    g.validate(at)?;
    Ok(g)
}

/// Split a `tcp` table (null = all defaults) into the transport's settings and the
/// schemes'; errors name the field (`{at}.{key}`).
pub fn split(v: &Value, at: &str) -> Result<(TcpConfig, SchemeSettings), String> {
    let mut table = match v {
        Value::Null => Map::new(),
        Value::Object(m) => m.clone(),
        _ => return Err(format!("{at}: must be a table of TCP settings")),
    };
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

    fn keys<G: SettingsGroup>() -> (Vec<String>, &'static [&'static str]) {
        let v = serde_json::to_value(G::default()).unwrap();
        (v.as_object().unwrap().keys().cloned().collect(), G::KEYS)
    }

    #[test]
    fn each_group_declares_exactly_its_fields_and_no_key_is_shared() {
        let groups = [
            keys::<AbeSettings>(),
            keys::<FusionSettings>(),
            keys::<RefwaPlusSettings>(),
            keys::<TrefwaPlusSettings>(),
            keys::<RttCodeSettings>(),
        ];
        let transport = serde_json::to_value(TcpConfig::default()).unwrap();
        let mut all = vec![];
        for (fields, declared) in groups {
            let mut f = fields.clone();
            let mut d: Vec<String> = declared.iter().map(|s| s.to_string()).collect();
            f.sort();
            d.sort();
            assert_eq!(f, d);
            for k in declared {
                assert!(transport.get(*k).is_none(), "{k} is also a transport setting");
            }
            all.extend(d);
        }
        let n = all.len();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), n, "a key in two groups");
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
