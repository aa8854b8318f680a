//! Python bindings: one call = one simulation run, with the GIL released.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use satcc_core::metrics::series::{Series, Values};
use satcc_core::Simulation;
use std::sync::{Arc, Mutex};

/// A slice of plain numbers (f64, u32, i64, bool: no padding, every bit pattern of the
/// bytes read back as the same type) as its bytes.
fn raw<T: Copy>(v: &[T]) -> &[u8] {
    // SAFETY: T is one of f64, u32, i64, bool (callers above); the byte view covers
    // exactly the slice's memory and lives as long as it.
    unsafe { std::slice::from_raw_parts(v.as_ptr() as *const u8, std::mem::size_of_val(v)) }
}

/// Time series as Python: {"tables": {name: [(column, kind, dtype, the values' bytes in
/// native order), ...]}, "link_names", "flow_names", "drop_causes"}; satcc.run makes
/// Arrow tables of them without naming a column.
fn series_dict<'py>(py: Python<'py>, series: Series, links: &[String], flows: &[String]) -> PyResult<Bound<'py, PyDict>> {
    let tables = PyDict::new(py);
    for (name, cols) in series.into_tables() {
        let mut list = Vec::with_capacity(cols.len());
        for c in cols {
            let dtype = c.values.dtype();
            // one copy of the column's bytes: the front reads them with numpy, not as a
            // list of Python numbers (a tenth of the memory)
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
    let d = PyDict::new(py);
    d.set_item("tables", tables)?;
    d.set_item("drop_causes", satcc_core::sim::DROP_CAUSES.to_vec())?;
    d.set_item("link_names", links.to_vec())?;
    d.set_item("flow_names", flows.to_vec())?;
    Ok(d)
}

/// Run one simulation of a scenario given as JSON text.
///
/// Returns the run's series (series_dict) and "summary" (JSON text of summary.json).
/// Raises ValueError naming the offending field if the scenario is invalid, and one
/// starting "this run would" if its estimate is over `memory_budget` (bytes) or
/// `event_budget` (satcc_core::sim::budget).
///
/// `progress(simulated_seconds)` is called now and then; `sink(series)` is given the
/// series (series_dict) whenever they hold `stream_rows` rows, so that they need not
/// fit in memory (the result then holds the rest); `series=False` drops them as they
/// are made (the summary alone is wanted). An exception either raises, or a
/// Ctrl-C (SIGINT) meanwhile, stops the run and is raised.
#[pyfunction]
#[pyo3(signature = (scenario_json, progress=None, memory_budget=f64::INFINITY, event_budget=f64::INFINITY,
                    sink=None, stream_rows=1 << 20, series=true))]
#[allow(clippy::too_many_arguments)]
fn run_json(
    py: Python<'_>,
    scenario_json: &str,
    progress: Option<PyObject>,
    memory_budget: f64,
    event_budget: f64,
    sink: Option<PyObject>,
    stream_rows: usize,
    series: bool,
) -> PyResult<PyObject> {
    let text = scenario_json.to_owned();
    let failure: Arc<Mutex<Option<PyErr>>> = Arc::new(Mutex::new(None));
    let (failed, failed2) = (failure.clone(), failure.clone());
    let out = py
        .allow_threads(move || -> Result<_, String> {
            let sc = satcc_core::scenario::Scenario::from_json(&text)?;
            let budget = satcc_core::sim::budget::Budget {
                memory_bytes: memory_budget,
                events: event_budget,
                stream_rows: (sink.is_some() || !series).then_some(stream_rows),
            };
            satcc_core::sim::budget::estimate_scenario(&sc)?.check(budget)?;
            let mut sim = Simulation::new(&sc)?;
            let (links, flows) = sim.names();
            sim.set_progress(Box::new(move |now_s| {
                Python::with_gil(|py| {
                    let r = match &progress {
                        Some(cb) => cb.call1(py, (now_s,)).map(|_| ()),
                        None => Ok(()),
                    }
                    .and_then(|_| py.check_signals());
                    r.map_err(|e| *failed.lock().unwrap() = Some(e)).is_ok()
                })
            }));
            if !series {
                // a run whose series nobody reads (a sweep's summary-only runs): dropped as made
                sim.stream_series(stream_rows, Box::new(|_| true));
            } else if let Some(sink) = sink {
                sim.stream_series(
                    stream_rows,
                    Box::new(move |series| {
                        Python::with_gil(|py| {
                            let r = series_dict(py, series, &links, &flows)
                                .and_then(|d| sink.call1(py, (d,)).map(|_| ()));
                            r.map_err(|e| *failed2.lock().unwrap() = Some(e)).is_ok()
                        })
                    }),
                );
            }
            let out = sim.run();
            let summary = serde_json::to_string_pretty(&out.summary).map_err(|e| e.to_string())?;
            Ok((summary, out))
        })
        .map_err(PyValueError::new_err)?;
    if let Some(e) = failure.lock().unwrap().take() {
        return Err(e);
    }
    let (summary, out) = out;
    let kinds = out.events_by_kind.clone();
    let d = series_dict(py, out.series, &out.link_names, &out.flow_names)?;
    d.set_item("summary", summary)?;
    d.set_item("events_by_kind", kinds)?;
    Ok(d.into_any().unbind())
}

/// An emulation: a scenario some of whose nodes are real hosts (satcc.emulate). Made in
/// two steps so that the caller can move each host's TUN device into its namespace
/// between them: `Emulator(scenario_json, hosts, prefix)` builds the run and opens the
/// TUN devices (`tun_names()`); `run(lateness_bound_ms)` runs it paced by the wall
/// clock, GIL released, and returns what `run_json` returns.
#[pyclass]
struct Emulator {
    sim: Mutex<Option<Simulation>>,
    tuns: Vec<String>,
}

#[pymethods]
impl Emulator {
    #[new]
    fn new(scenario_json: &str, hosts: Vec<String>, prefix: &str) -> PyResult<Self> {
        let sc = satcc_core::scenario::Scenario::from_json(scenario_json).map_err(PyValueError::new_err)?;
        let mut sim = Simulation::new(&sc).map_err(PyValueError::new_err)?;
        let tuns = sim.attach_real_hosts(&hosts, prefix).map_err(PyValueError::new_err)?;
        Ok(Emulator { sim: Mutex::new(Some(sim)), tuns })
    }

    fn tun_names(&self) -> Vec<String> {
        self.tuns.clone()
    }

    /// Closes the TUN devices (a device still in satcc's namespace disappears) without
    /// running; what `run` does at its end too.
    fn close(&self) {
        drop(self.sim.lock().unwrap().take());
    }

    /// (host name, IPv4 address as text) of each real host, in the order given.
    fn host_addresses(&self) -> Vec<(String, String)> {
        let sim = self.sim.lock().unwrap();
        sim.as_ref().map_or(Vec::new(), |s| {
            s.real_host_addresses().into_iter().map(|(n, a)| (n, format!("{}.{}.{}.{}", a[0], a[1], a[2], a[3]))).collect()
        })
    }

    /// `t0_unix`: the wall-clock instant (seconds since the epoch, as Python's
    /// time.time()) at which simulated time is 0, waited for if ahead (the real hosts'
    /// agents start their connections on it); None: now.
    #[pyo3(signature = (lateness_bound_ms, t0_unix=None))]
    fn run(&mut self, py: Python<'_>, lateness_bound_ms: f64, t0_unix: Option<f64>) -> PyResult<PyObject> {
        let t0 = match t0_unix {
            Some(t) if t.is_finite() && t > 0.0 => Some(std::time::UNIX_EPOCH + std::time::Duration::from_secs_f64(t)),
            Some(t) => return Err(PyValueError::new_err(format!("t0_unix: {t} is not a time after the epoch"))),
            None => None,
        };
        let mut sim =
            self.sim.lock().unwrap().take().ok_or_else(|| PyValueError::new_err("this emulation has run already"))?;
        // every 50 ms of wall time: Python's signal handlers (Ctrl-C, SIGTERM) run, and
        // one that raises stops the run
        let failure: Arc<Mutex<Option<PyErr>>> = Arc::new(Mutex::new(None));
        let failed = failure.clone();
        sim.set_progress(Box::new(move |_| {
            Python::with_gil(|py| py.check_signals().map_err(|e| *failed.lock().unwrap() = Some(e)).is_ok())
        }));
        let out = py.allow_threads(move || sim.run_realtime(lateness_bound_ms, t0));
        if let Some(e) = failure.lock().unwrap().take() {
            return Err(e);
        }
        let summary = serde_json::to_string_pretty(&out.summary).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let d = series_dict(py, out.series, &out.link_names, &out.flow_names)?;
        d.set_item("summary", summary)?;
        d.set_item("real_port_base", satcc_core::sim::REAL_PORT_BASE)?;
        Ok(d.into_any().unbind())
    }
}

/// Check a scenario without running or building it (parse, validate, plan its routes);
/// raises ValueError naming the field.
#[pyfunction]
fn validate_json(py: Python<'_>, scenario_json: &str) -> PyResult<()> {
    let text = scenario_json.to_owned();
    py.allow_threads(move || satcc_core::sim::plan::check_json(&text)).map_err(PyValueError::new_err)
}

/// The flows a scenario's entries stand for, in the run's order: (entry index, name,
/// start time in seconds) each, as the run names and starts them (a `count` entry's
/// copies `name#k`, a `start_jitter_s` drawn); raises ValueError naming the field.
#[pyfunction]
fn flow_copies_json(py: Python<'_>, scenario_json: &str) -> PyResult<Vec<(usize, String, f64)>> {
    let text = scenario_json.to_owned();
    py.allow_threads(move || satcc_core::sim::plan::flow_copies_json(&text))
        .map(|v| v.into_iter().map(|c| (c.entry, c.name, c.start_s)).collect())
        .map_err(PyValueError::new_err)
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
                // keeps per-segment send records (rate samples): Linux's loss recovery
                // with tcp.sack, and TSO deferral (tcp.tso_defer)
                "rate_samples": (c.build)(&Default::default()).needs_rate_samples(),
                // tcp.sack is allowed (not for ns-2's Tahoe and Vegas agents); the
                // segments leave bare whatever tcp.syn and tcp.use_headers say (Vegas)
                "sack": c.recovery.takes_sack(), "bare_segments": c.recovery.bare_segments(),
                // tcp.ecn is allowed (ns-2's Tahoe, Reno and NewReno agents)
                "ecn": c.ecn,
                // grows by ns-2's opencwnd: tcp.aimd_increase, aimd_decrease,
                // window_increase and max_ssthresh_pkts are its rules
                "ns2_opencwnd": (c.build)(&Default::default()).ns2_opencwnd(),
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

/// `satcc paths` (satcc_core::net::leo::paths::paths_json): the paths of ground-station
/// pairs over time, without packets. Returns {"t_s", "pair", "rtt_s", "hops", "changed":
/// (dtype, bytes), "path": [str], "pairs": [(src, dst)] as the stations are named, "step_s", "routing_steps",
/// "handovers", "satellites", "ground_stations"}; `progress(simulated_seconds)` now and
/// then. Raises ValueError naming the field.
#[pyfunction]
#[pyo3(signature = (request_json, progress=None))]
fn paths_json(py: Python<'_>, request_json: &str, progress: Option<PyObject>) -> PyResult<PyObject> {
    let text = request_json.to_owned();
    let result = py.allow_threads(move || {
        let mut report = |t: f64| -> Result<(), String> {
            Python::with_gil(|py| {
                py.check_signals().map_err(|e| e.to_string())?;
                if let Some(p) = &progress {
                    p.call1(py, (t,)).map_err(|e| e.to_string())?;
                }
                Ok(())
            })
        };
        satcc_core::net::leo::paths::paths_json(&text, &mut report)
    });
    let satcc_core::net::leo::paths::PathsRun { net, table: t, stats, step_s: step, pairs } =
        result.map_err(PyValueError::new_err)?;
    let d = PyDict::new(py);
    d.set_item("t_s", ("f8", PyBytes::new(py, raw(&t.t_s))))?;
    d.set_item("pair", ("u4", PyBytes::new(py, raw(&t.pair))))?;
    d.set_item("rtt_s", ("f8", PyBytes::new(py, raw(&t.rtt_s))))?;
    d.set_item("hops", ("u4", PyBytes::new(py, raw(&t.hops))))?;
    d.set_item("changed", ("?", PyBytes::new(py, raw(&t.changed))))?;
    d.set_item("path", t.path)?;
    d.set_item("pairs", pairs)?;
    d.set_item("step_s", step)?;
    d.set_item("routing_steps", stats.routing_steps)?;
    d.set_item("handovers", stats.handovers)?;
    d.set_item("satellites", net.n_sat())?;
    let gs: Vec<&str> = net.stations.iter().map(|g| g.name.as_str()).collect();
    d.set_item("ground_stations", gs)?;
    Ok(d.into_any().unbind())
}

/// Positions (inertial TEME, metres) of every satellite of a constellation section at
/// each of `times_s`: (satellite names, bytes of f64 in (time, satellite, axis) order).
#[pyfunction]
fn positions_json(py: Python<'_>, constellation_json: &str, times_s: Vec<f64>) -> PyResult<PyObject> {
    let text = constellation_json.to_owned();
    let (names, pos) = py
        .allow_threads(move || satcc_core::net::leo::paths::positions_json(&text, &times_s))
        .map_err(PyValueError::new_err)?;
    Ok((names, PyBytes::new(py, raw(&pos))).into_pyobject(py)?.into_any().unbind())
}

/// Routes toward every ground station recomputed at every routing instant for
/// `duration_s` (the state computation of a constellation); returns (routing steps,
/// trees, handovers). For `satcc bench --scenario constellation`.
#[pyfunction]
#[pyo3(signature = (constellation_json, duration_s, work_budget=satcc_core::net::leo::paths::DEFAULT_WORK_BUDGET))]
fn route_all_json(py: Python<'_>, constellation_json: &str, duration_s: f64, work_budget: f64) -> PyResult<(u64, u64, u64)> {
    let text = constellation_json.to_owned();
    py.allow_threads(move || {
        let raw: serde_json::Value = serde_json::from_str(&text).map_err(|e| format!("constellation: {e}"))?;
        let spec = satcc_core::scenario::constellation::ConstellationSpec::from_value(&raw)?;
        let mut net = satcc_core::net::leo::Network::build(&spec)?;
        let s = satcc_core::net::leo::paths::route_all(&mut net, duration_s, work_budget)?;
        Ok::<_, String>((s.routing_steps, s.trees, s.handovers))
    })
    .map_err(PyValueError::new_err)
}

/// The built-in city table (CSV; `satcc cities`).
/// Replay a receiver (satcc_core::tcp::replay): the `tcp` table (JSON text) configures
/// the sink; `arrivals` are (time s, segment, echo s or None) in time order, segment 0
/// the SYN when the table has one; the handshake's last ACK arrived `lead_s` before the
/// first data segment. Returns the ACKs as (time s, cumulative ACK, window,
/// rcvq_space.space, rcv_ssthresh, the buffer's window), the last three in segments for
/// a Linux receiver's window (else 0).
#[pyfunction]
fn replay_receiver_json(tcp_json: &str, arrivals: Vec<(f64, i64, Option<f64>, bool)>, lead_s: f64) -> PyResult<Vec<(f64, i64, u32, i64, i64, i64)>> {
    use satcc_core::engine::{from_secs, to_secs};
    let v: serde_json::Value = serde_json::from_str(tcp_json).map_err(|e| PyValueError::new_err(format!("tcp: {e}")))?;
    let cfg = satcc_core::scenario::tcp_config(&v, "tcp").map_err(PyValueError::new_err)?;
    let arr: Vec<_> = arrivals
        .iter()
        .map(|&(t, seq, e, push)| satcc_core::tcp::replay::Arrival { time: from_secs(t), seq, echo: e.map(from_secs), push })
        .collect();
    Ok(satcc_core::tcp::replay::replay(&cfg, &arr, from_secs(lead_s))
        .into_iter()
        .map(|a| (to_secs(a.time), a.cum_ack, a.window, a.space, a.rcv_ssthresh, a.allowed))
        .collect())
}

#[pyfunction]
fn cities_csv() -> &'static str {
    satcc_core::orbit::ground::CITIES
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(run_json, m)?)?;
    m.add_function(wrap_pyfunction!(validate_json, m)?)?;
    m.add_function(wrap_pyfunction!(estimate_json, m)?)?;
    m.add_function(wrap_pyfunction!(flow_copies_json, m)?)?;
    m.add_function(wrap_pyfunction!(registry_json, m)?)?;
    m.add_function(wrap_pyfunction!(scenario_schema_json, m)?)?;
    m.add_function(wrap_pyfunction!(paths_json, m)?)?;
    m.add_function(wrap_pyfunction!(positions_json, m)?)?;
    m.add_function(wrap_pyfunction!(route_all_json, m)?)?;
    m.add_function(wrap_pyfunction!(cities_csv, m)?)?;
    m.add_function(wrap_pyfunction!(replay_receiver_json, m)?)?;
    m.add_class::<Emulator>()?;
    m.add("VERSION", satcc_core::VERSION)?;
    m.add("SOURCE_HASH", satcc_core::SOURCE_HASH)?;
    Ok(())
}
