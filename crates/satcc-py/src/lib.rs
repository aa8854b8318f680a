//! Python bindings: one call = one simulation run, with the GIL released.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use satcc_core::metrics::series::Values;
use satcc_core::Simulation;

/// A slice of plain numbers (f64, u32, i64, bool: no padding, every bit pattern of the
/// bytes read back as the same type) as its bytes.
fn raw<T: Copy>(v: &[T]) -> &[u8] {
    // SAFETY: T is one of f64, u32, i64, bool (callers above); the byte view covers
    // exactly the slice's memory and lives as long as it.
    unsafe { std::slice::from_raw_parts(v.as_ptr() as *const u8, std::mem::size_of_val(v)) }
}

/// Run one simulation of a scenario given as JSON text.
///
/// Returns a dict: "summary" (JSON text of summary.json), "tables" (each time series
/// table as a list of (column, kind, dtype, the values' bytes in native order)), "link_names", "flow_names", "drop_causes".
/// Raises ValueError naming the offending field if the scenario is invalid.
#[pyfunction]
fn run_json(py: Python<'_>, scenario_json: &str) -> PyResult<PyObject> {
    let text = scenario_json.to_owned();
    let out = py
        .allow_threads(move || -> Result<_, String> {
            let sim = Simulation::from_json(&text)?;
            let out = sim.run();
            let summary = serde_json::to_string_pretty(&out.summary).map_err(|e| e.to_string())?;
            Ok((summary, out))
        })
        .map_err(PyValueError::new_err)?;
    let (summary, out) = out;
    let d = PyDict::new(py);
    d.set_item("summary", summary)?;
    // every time series table as {name: [(column, kind, dtype, values), ...]}; satcc.run turns
    // them into Arrow tables without naming a column
    let tables = PyDict::new(py);
    for (name, cols) in out.series.into_tables() {
        let mut list = Vec::with_capacity(cols.len());
        for c in cols {
            let dtype = c.values.dtype();
            // the column's bytes as they lie in memory (native byte order), one copy:
            // the front reads them with numpy, not as a list of Python numbers (a
            // tenth of the memory)
            let values = match &c.values {
                Values::F64(v) => PyBytes::new(py, raw(v)),
                Values::U32(v) => PyBytes::new(py, raw(v)),
                Values::I64(v) => PyBytes::new(py, raw(v)),
                Values::Bool(v) => PyBytes::new(py, raw(v)),
                Values::U8(v) => PyBytes::new(py, v),
            };
            let (name, kind) = (c.name, c.kind.as_str());
            drop(c); // free each column once copied
            list.push((name, kind, dtype, values));
        }
        tables.set_item(name, list)?;
    }
    d.set_item("tables", tables)?;
    d.set_item("drop_causes", satcc_core::sim::DROP_CAUSES.to_vec())?;
    d.set_item("link_names", out.link_names)?;
    d.set_item("flow_names", out.flow_names)?;
    Ok(d.into())
}

/// Check a scenario without running or building it (parse, validate, plan its routes);
/// raises ValueError naming the field.
#[pyfunction]
fn validate_json(py: Python<'_>, scenario_json: &str) -> PyResult<()> {
    let text = scenario_json.to_owned();
    py.allow_threads(move || satcc_core::sim::plan::check_json(&text)).map_err(PyValueError::new_err)
}

/// What a run of the scenario will need (memory, events), estimated without building
/// it, as JSON (satcc_core::sim::budget); raises ValueError naming the field.
#[pyfunction]
fn estimate_json(py: Python<'_>, scenario_json: &str) -> PyResult<String> {
    let text = scenario_json.to_owned();
    py.allow_threads(move || {
        satcc_core::sim::budget::estimate_json(&text).and_then(|e| serde_json::to_string(&e).map_err(|e| e.to_string()))
    })
    .map_err(PyValueError::new_err)
}

/// The scheme registry as JSON: every `cc` name (its recovery, loss classification,
/// RTT code, router scheme and settings) and every router scheme.
#[pyfunction]
fn registry_json() -> String {
    use satcc_core::feedback::{RttSource, ROUTERS};
    use satcc_core::tcp::congestion::{CONTROLLERS, DEFAULT_CC};
    let controllers: Vec<_> = CONTROLLERS
        .iter()
        .map(|c| {
            serde_json::json!({
                "name": c.name, "about": c.about, "recovery": format!("{:?}", c.recovery).to_lowercase(),
                "loss": format!("{:?}", c.loss), "writes_rtt_code": c.writes_rtt_code, "router": c.router,
                "settings": c.setting_keys(), "ns2_agent": c.ns2_agent,
            })
        })
        .collect();
    let routers: Vec<_> = ROUTERS
        .iter()
        .map(|r| {
            let rtt_from = match r.rtt_from {
                RttSource::Hops => "hops",
                RttSource::TosCode => "tos_code",
            };
            serde_json::json!({"name": r.name, "about": r.about, "rtt_from": rtt_from, "hosts": r.hosts})
        })
        .collect();
    serde_json::json!({"controllers": controllers, "routers": routers, "default_cc": DEFAULT_CC}).to_string()
}

/// The scenario contract: the JSON Schema generated from the core's scenario types
/// (python/satcc/scenario.schema.json is its checked-in copy).
#[pyfunction]
fn scenario_schema_json() -> String {
    let mut text =
        serde_json::to_string_pretty(&satcc_core::contract::scenario_schema()).expect("JSON");
    text.push('\n');
    text
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(run_json, m)?)?;
    m.add_function(wrap_pyfunction!(validate_json, m)?)?;
    m.add_function(wrap_pyfunction!(estimate_json, m)?)?;
    m.add_function(wrap_pyfunction!(registry_json, m)?)?;
    m.add_function(wrap_pyfunction!(scenario_schema_json, m)?)?;
    m.add("VERSION", satcc_core::VERSION)?;
    m.add("SOURCE_HASH", satcc_core::SOURCE_HASH)?;
    Ok(())
}
