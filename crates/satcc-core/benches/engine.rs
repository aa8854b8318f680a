//! Engine benchmark: the standard heavy scenario of `satcc bench`, without Python.
//!
//!     cargo bench -p satcc-core --bench engine
//!
//! Prints wall time, events per second and link transmissions per second for each of
//! a few repetitions and the best of them. (The scenario JSON is written by
//! `python -c "from satcc.bench import bench_scenario"`; see BENCHMARKS.md.)

use satcc_core::Simulation;
use std::time::Instant;

const SCENARIO: &str = include_str!("bench_155mbps_32flows.json");

fn main() {
    let reps: usize = std::env::var("SATCC_BENCH_REPS").ok().and_then(|v| v.parse().ok()).unwrap_or(3);
    // SATCC_BENCH_SCENARIO=path runs another scenario file (e.g. the `--cc` variants
    // of `satcc bench`, for a profiler).
    let custom = std::env::var("SATCC_BENCH_SCENARIO").ok().map(|p| std::fs::read_to_string(&p).expect("scenario file readable"));
    let text = custom.as_deref().unwrap_or(SCENARIO);
    let mut best = f64::INFINITY;
    let mut last_pushes = None;
    for i in 0..reps {
        let sim = Simulation::from_json(text).expect("bench scenario is valid");
        let t0 = Instant::now();
        let out = sim.run();
        let wall = t0.elapsed().as_secs_f64();
        let t = &out.summary.totals;
        println!(
            "run {}: {:.3} s wall, {} events ({:.2} M/s), {} link transmissions ({:.2} M/s), utilization {:.4}",
            i + 1,
            wall,
            t.events,
            t.events as f64 / wall / 1e6,
            t.link_transmissions,
            t.link_transmissions as f64 / wall / 1e6,
            t.utilization.unwrap_or(0.0)
        );
        best = best.min(wall);
        last_pushes = Some(out.pushes);
    }
    println!("best: {best:.3} s");
    if let Some((pushed, far)) = last_pushes {
        println!("events filed beyond the calendar's horizon (into its heap): {far} of {pushed} ({:.1} %)",
                 100.0 * far as f64 / pushed.max(1) as f64);
    }
    if let Some(hwm) = peak_rss_mb() {
        println!("peak memory (VmHWM): {hwm:.1} MB");
    }
}

/// Peak resident set size of this process, from /proc (Linux).
fn peak_rss_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}
