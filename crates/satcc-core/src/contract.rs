//! The scenario contract: the JSON Schema of a scenario is generated from the Rust types
//! that parse it (schemars), so a field's default and its range are written once, on
//! the field. Python validates against the generated schema (checked in as
//! `python/satcc/scenario.schema.json`; a test fails when the two differ), and the core
//! checks the same bounds with [`check`] before it parses, so both sides refuse the
//! same values. What needs the whole scenario (nodes exist, routes, cross-field rules)
//! stays in `Scenario::validate`.

use schemars::generate::{SchemaGenerator, SchemaSettings};
use schemars::transform::RecursiveTransform;
use schemars::{JsonSchema, Schema};
use serde_json::Value;

/// The generator every part of the contract is made with (JSON Schema 2020-12).
pub fn generator() -> SchemaGenerator {
    SchemaSettings::draft2020_12()
        .with_transform(RecursiveTransform(integer_range))
        .into_generator()
}

/// Unsigned integers get their type's maximum, so the schema refuses what serde would.
fn integer_range(s: &mut Schema) {
    let max = match s.get("format").and_then(Value::as_str) {
        Some("uint8") => u8::MAX as u64,
        Some("uint16") => u16::MAX as u64,
        Some("uint32") => u32::MAX as u64,
        Some("uint64") => u64::MAX,
        _ => return,
    };
    if s.get("maximum").is_none() {
        s.insert("maximum".into(), max.into());
    }
}

/// The whole schema of a type, as JSON.
pub fn schema_of<T: JsonSchema>() -> Value {
    generator().into_root_schema_for::<T>().to_value()
}

/// The schema of a scenario, as Python validates it (`satcc.schema`).
pub fn scenario_schema() -> Value {
    let mut v = schema_of::<crate::scenario::Scenario>();
    v["title"] = "satcc scenario".into();
    // without a constellation, a scenario names its nodes (with one, its ground
    // stations are the nodes): what the field types alone cannot say
    v["if"] = serde_json::json!({"not": {"required": ["constellation"]}});
    v["then"] = serde_json::json!({"properties": {"nodes": {"minItems": 1}}, "required": ["nodes", "links"]});
    v
}

/// A JSON number as `f64`, written as the schema writes it (`0.5`, `10`, `1e-7`).
fn show(v: f64) -> String {
    format!("{v}")
}

/// Check `value` against the bounds `schema` declares (numbers: minimum, maximum and
/// their exclusive forms; text: minLength; lists: minItems), in tables, lists and the
/// alternatives of tagged unions; names the field (`{at}.{key}`, `{at}[i]`) and what is
/// allowed. Types, unknown fields and enums are left to serde, which names them too.
pub fn check(schema: &Value, value: &Value, at: &str) -> Result<(), String> {
    walk(schema, schema, value, &At::Root(at))
}

/// Where a value is (`{at}.{key}`, `{at}[i]`), written out only for an error message:
/// a scenario has thousands of fields and nearly all of them are fine.
#[derive(Clone, Copy)]
enum At<'a> {
    Root(&'a str),
    Key(&'a At<'a>, &'a str),
    Index(&'a At<'a>, usize),
}

impl std::fmt::Display for At<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            At::Root(s) => f.write_str(s),
            At::Key(p, k) => {
                let parent = p.to_string();
                if parent.is_empty() {
                    f.write_str(k)
                } else {
                    write!(f, "{parent}.{k}")
                }
            }
            At::Index(p, i) => write!(f, "{p}[{i}]"),
        }
    }
}

/// A tagged union's tag (`properties.type.const`) in one alternative's schema.
fn tag_of(a: &Value) -> Option<&Value> {
    a.get("properties")?.get("type")?.get("const")
}

fn resolve<'a>(root: &'a Value, s: &'a Value) -> &'a Value {
    let mut s = s;
    while let Some(r) = s.get("$ref").and_then(Value::as_str) {
        match r
            .strip_prefix("#/$defs/")
            .and_then(|name| root.get("$defs")?.get(name))
        {
            Some(t) => s = t,
            None => break,
        }
    }
    s
}

fn json_type(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_f64() => "number",
        Value::Number(_) => "integer",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn admits(s: &Value, v: &Value) -> bool {
    let t = json_type(v);
    let ok = |x: &Value| x == t || (t == "integer" && x == "number");
    match s.get("type") {
        Some(Value::String(_)) => ok(s.get("type").unwrap()),
        Some(Value::Array(a)) => a.iter().any(ok),
        _ => false,
    }
}

/// The alternatives of a union, nested unions opened.
fn leaves<'a>(root: &'a Value, alts: &'a [Value], out: &mut Vec<&'a Value>) {
    for a in alts.iter().map(|a| resolve(root, a)) {
        match a.get("oneOf").or(a.get("anyOf")).and_then(Value::as_array) {
            Some(inner) => leaves(root, inner, out),
            None => out.push(a),
        }
    }
}

/// The alternative of a union that `v` is meant as: by its `type` tag, or by JSON type.
fn pick<'a>(root: &'a Value, alts: &'a [Value], v: &Value) -> Option<&'a Value> {
    let mut all = vec![];
    leaves(root, alts, &mut all);
    let alts = all;
    let tagged = alts
        .iter()
        .any(|a| tag_of(a).is_some());
    if tagged && v.is_object() {
        let tag = v.get("type");
        return alts
            .into_iter()
            .find(|a| tag.is_some() && tag_of(a) == tag);
    }
    alts.into_iter().find(|a| admits(a, v))
}

fn walk(root: &Value, schema: &Value, value: &Value, at: &At) -> Result<(), String> {
    let s = resolve(root, schema);
    // serde reads a struct from a list of its fields in order, and a list from nothing
    // else: a table where the contract wants a list, or a list where it wants a table,
    // is refused here (scalars' types are serde's to name)
    if (value.is_array() || value.is_object()) && s.get("type").is_some() && !admits(s, value) {
        let what = |v: &str| match v {
            "object" => "a table",
            "array" => "a list",
            _ => "another type",
        };
        let want = match s.get("type") {
            Some(Value::String(t)) => what(t).to_string(),
            Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).map(what).collect::<Vec<_>>().join(" or "),
            _ => String::new(),
        };
        return Err(format!("{at}: must be {want}, got {}", what(json_type(value))));
    }
    // an absent setting (null) holds nothing to check: its union need not be opened
    // (every link direction's error, queue and the like would open theirs)
    for key in ["oneOf", "anyOf"].into_iter().filter(|_| !value.is_null()) {
        if let Some(alts) = s.get(key).and_then(Value::as_array) {
            if let Some(alt) = pick(root, alts, value) {
                walk(root, alt, value, at)?;
            }
        }
    }
    match value {
        Value::Number(n) => bounds(s, n.as_f64().unwrap_or(f64::NAN), at),
        Value::String(t) => match s.get("minLength").and_then(Value::as_u64) {
            Some(m) if (t.chars().count() as u64) < m => {
                Err(format!("{at}: must have at least {m} character(s)"))
            }
            _ => Ok(()),
        },
        Value::Array(items) => {
            if let Some(m) = s.get("minItems").and_then(Value::as_u64) {
                if (items.len() as u64) < m {
                    return Err(format!(
                        "{at}: must list at least {m} item(s), got {}",
                        items.len()
                    ));
                }
            }
            if let Some(item) = s.get("items") {
                for (i, v) in items.iter().enumerate() {
                    walk(root, item, v, &At::Index(at, i))?;
                }
            }
            Ok(())
        }
        Value::Object(m) => {
            if let Some(props) = s.get("properties").and_then(Value::as_object) {
                for (k, v) in m {
                    if let Some(p) = props.get(k) {
                        walk(root, p, v, &At::Key(at, k))?;
                    }
                }
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

fn bounds(s: &Value, v: f64, at: &At) -> Result<(), String> {
    let get = |k: &str| s.get(k).and_then(Value::as_f64);
    let lo = get("minimum")
        .map(|m| (m, true))
        .or(get("exclusiveMinimum").map(|m| (m, false)));
    let hi = get("maximum")
        .map(|m| (m, true))
        .or(get("exclusiveMaximum").map(|m| (m, false)));
    let above = lo.is_none_or(|(m, closed)| if closed { v >= m } else { v > m });
    let below = hi.is_none_or(|(m, closed)| if closed { v <= m } else { v < m });
    if v.is_finite() && above && below {
        return Ok(());
    }
    let allowed = match (lo, hi) {
        (Some((l, lc)), Some((h, hc))) => {
            format!(
                "in {}{}, {}{}",
                if lc { "[" } else { "(" },
                show(l),
                show(h),
                if hc { "]" } else { ")" }
            )
        }
        (Some((l, lc)), None) => format!("{} {}", if lc { ">=" } else { ">" }, show(l)),
        (None, Some((h, hc))) => format!("{} {}", if hc { "<=" } else { "<" }, show(h)),
        (None, None) => "a finite number".into(),
    };
    Err(format!("{at}: must be {allowed}, got {}", show(v)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn root() -> Value {
        json!({
            "type": "object",
            "properties": {
                "p": {"type": "number", "minimum": 0, "maximum": 1},
                "k": {"type": "number", "exclusiveMinimum": 0, "maximum": 100},
                "n": {"type": "integer", "minimum": 1},
                "xs": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/X"}},
                "q": {"anyOf": [{"$ref": "#/$defs/Q"}, {"type": "null"}]},
            },
            "$defs": {
                "X": {"type": "object", "properties": {"w": {"type": "number", "exclusiveMaximum": 1}}},
                "Q": {"oneOf": [
                    {"type": "object", "properties": {"type": {"const": "a"}, "v": {"type": "integer", "minimum": 1}}},
                    {"type": "object", "properties": {"type": {"const": "b"}, "v": {"type": "number", "maximum": 0}}},
                ]},
            },
        })
    }

    #[test]
    fn a_list_for_a_table_is_refused_as_serde_would_accept_it() {
        let schema = json!({"type": "object", "properties": {"m": {"type": "object"}, "xs": {"type": "array"}}});
        assert_eq!(check(&schema, &json!({"m": []}), "").unwrap_err(), "m: must be a table, got a list");
        assert_eq!(check(&schema, &json!({"xs": {}}), "").unwrap_err(), "xs: must be a list, got a table");
        assert!(check(&schema, &json!({"m": {}, "xs": []}), "").is_ok());
    }

    #[test]
    fn bounds_are_checked_where_declared_and_named() {
        let r = root();
        let e = |v: Value| check(&r, &v, "").unwrap_err();
        assert!(check(
            &r,
            &json!({"p": 0, "k": 100, "n": 1, "xs": [{"w": 0.5}], "q": null}),
            ""
        )
        .is_ok());
        assert_eq!(e(json!({"p": 1.5})), "p: must be in [0, 1], got 1.5");
        assert_eq!(e(json!({"k": 0})), "k: must be in (0, 100], got 0");
        assert_eq!(e(json!({"n": 0})), "n: must be >= 1, got 0");
        assert_eq!(
            e(json!({"xs": []})),
            "xs: must list at least 1 item(s), got 0"
        );
        assert_eq!(
            e(json!({"xs": [{"w": 0.5}, {"w": 1}]})),
            "xs[1].w: must be < 1, got 1"
        );
    }

    #[test]
    fn a_tagged_union_is_checked_by_the_alternative_its_tag_names() {
        let r = root();
        assert_eq!(
            check(&r, &json!({"q": {"type": "a", "v": 0}}), "s").unwrap_err(),
            "s.q.v: must be >= 1, got 0"
        );
        assert_eq!(
            check(&r, &json!({"q": {"type": "b", "v": 1}}), "s").unwrap_err(),
            "s.q.v: must be <= 0, got 1"
        );
        assert!(check(&r, &json!({"q": {"type": "b", "v": -3}}), "s").is_ok());
        // an unknown tag or a wrong type is serde's to name
        assert!(check(&r, &json!({"q": {"type": "c", "v": 0}, "p": "x"}), "s").is_ok());
    }

    #[test]
    fn unsigned_integers_get_their_maximum() {
        #[derive(JsonSchema)]
        #[allow(dead_code)]
        struct U {
            a: u8,
            b: u32,
        }
        let s = schema_of::<U>();
        assert_eq!(s["properties"]["a"]["maximum"], 255);
        assert_eq!(s["properties"]["b"]["maximum"], 4294967295u64);
        assert_eq!(
            check(&s, &json!({"a": 256}), "t").unwrap_err(),
            "t.a: must be in [0, 255], got 256"
        );
    }
}
