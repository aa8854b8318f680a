//! Python bindings: one call = one simulation run, with the GIL released.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use satcc_core::Simulation;

/// Run one simulation of a scenario given as JSON text.
///
/// Returns a dict: "summary" (JSON text of summary.json), "queue" and "flows"
/// (column dicts of the sampled time series), "link_names", "flow_names".
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
    let q = PyDict::new(py);
    q.set_item("time_s", out.series.q_time_s)?;
    q.set_item("link", out.series.q_link)?;
    q.set_item("queue_pkts", out.series.q_pkts)?;
    q.set_item("utilization", out.series.q_util)?;
    d.set_item("queue", q)?;
    let f = PyDict::new(py);
    f.set_item("time_s", out.series.f_time_s)?;
    f.set_item("flow", out.series.f_flow)?;
    f.set_item("cwnd_pkts", out.series.f_cwnd)?;
    f.set_item("rwnd_pkts", out.series.f_rwnd)?;
    f.set_item("seqno", out.series.f_seq)?;
    f.set_item("goodput_mbps", out.series.f_goodput_mbps)?;
    d.set_item("flows", f)?;
    let dr = PyDict::new(py);
    dr.set_item("time_s", out.series.d_time_s)?;
    dr.set_item("link", out.series.d_link)?;
    dr.set_item("flow", out.series.d_flow)?;
    dr.set_item("seqno", out.series.d_seq)?;
    dr.set_item("ack", out.series.d_ack)?;
    dr.set_item("cause", out.series.d_cause)?;
    d.set_item("drops", dr)?;
    d.set_item("drop_causes", satcc_core::sim::DROP_CAUSES.to_vec())?;
    let fb = PyDict::new(py);
    fb.set_item("time_s", out.series.fb_time_s)?;
    fb.set_item("link", out.series.fb_link)?;
    fb.set_item("aggregate_pkts", out.series.fb_aggregate_pkts)?;
    fb.set_item("rtt_avg_s", out.series.fb_rtt_avg_s)?;
    fb.set_item("active_flows", out.series.fb_active_flows)?;
    fb.set_item("queue_pkts", out.series.fb_queue_pkts)?;
    d.set_item("feedback", fb)?;
    d.set_item("link_names", out.link_names)?;
    d.set_item("flow_names", out.flow_names)?;
    Ok(d.into())
}

/// Check a scenario without running it; raises ValueError naming the field.
#[pyfunction]
fn validate_json(py: Python<'_>, scenario_json: &str) -> PyResult<()> {
    let text = scenario_json.to_owned();
    py.allow_threads(move || Simulation::from_json(&text).map(|_| ())).map_err(PyValueError::new_err)
}

/// The scheme registry as JSON: every `cc` name (its recovery, loss classification,
/// RTT code, router scheme and settings) and every router scheme.
#[pyfunction]
fn registry_json() -> String {
    use satcc_core::feedback::{RttSource, ROUTERS};
    use satcc_core::tcp::congestion::CONTROLLERS;
    let controllers: Vec<_> = CONTROLLERS
        .iter()
        .map(|c| {
            serde_json::json!({
                "name": c.name, "about": c.about, "recovery": format!("{:?}", c.recovery).to_lowercase(),
                "loss": format!("{:?}", c.loss), "writes_rtt_code": c.writes_rtt_code, "router": c.router,
                "settings": c.settings,
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
    serde_json::json!({"controllers": controllers, "routers": routers}).to_string()
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(run_json, m)?)?;
    m.add_function(wrap_pyfunction!(validate_json, m)?)?;
    m.add_function(wrap_pyfunction!(registry_json, m)?)?;
    m.add("VERSION", satcc_core::VERSION)?;
    m.add("SOURCE_HASH", satcc_core::SOURCE_HASH)?;
    Ok(())
}
