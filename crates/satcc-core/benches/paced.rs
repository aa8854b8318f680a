//! The real-time driver's own lateness: a scenario run paced by the wall clock with no
//! real host, so that what makes its events late is the loop's own work (an event that
//! does much at once: a structure grown or rebuilt in one go) and the machine's
//! scheduling, not a host's kernel.
//!
//!     cargo bench -p satcc-core --bench paced
//!
//! Runs the standard heavy scenario of `satcc bench` (155 Mb/s, 32 flows, some 110,000
//! events per simulated second) for SATCC_PACED_S seconds (default 10) in real time,
//! SATCC_BENCH_REPS times (default 3; SATCC_BENCH_SCENARIO=path for another scenario),
//! and prints each run's lateness: median, p99, max, events over the emulation's
//! default bound (0.5 ms) and the late episodes with their worst.

use satcc_core::Simulation;

const SCENARIO: &str = include_str!("bench_155mbps_32flows.json");

fn main() {
    let reps: usize = std::env::var("SATCC_BENCH_REPS").ok().and_then(|v| v.parse().ok()).unwrap_or(3);
    let secs: f64 = std::env::var("SATCC_PACED_S").ok().and_then(|v| v.parse().ok()).unwrap_or(10.0);
    let custom = std::env::var("SATCC_BENCH_SCENARIO").ok().map(|p| std::fs::read_to_string(&p).expect("scenario file readable"));
    let mut sc: serde_json::Value = serde_json::from_str(custom.as_deref().unwrap_or(SCENARIO)).expect("scenario is JSON");
    sc["duration_s"] = secs.into();
    let text = sc.to_string();
    for i in 0..reps {
        let sim = Simulation::from_json(&text).expect("scenario is valid");
        let out = sim.run_realtime(satcc_core::sim::realtime::DEFAULT_LATENESS_BOUND_MS, None);
        let rt = out.summary.realtime.expect("a paced run reports its lateness");
        let worst = rt.late_episodes.iter().map(|e| e.max_late_ms).fold(0.0, f64::max);
        println!(
            "run {}: {} events; lateness median {:.4} ms, p99 {:.4} ms, max {:.3} ms; {} over {} ms in {} episodes (worst {:.3} ms)",
            i + 1,
            rt.events,
            rt.lateness_median_ms,
            rt.lateness_p99_ms,
            rt.lateness_max_ms,
            rt.events_over_bound,
            rt.lateness_bound_ms,
            rt.late_episodes.len(),
            worst
        );
        let mut eps = rt.late_episodes.clone();
        eps.sort_by(|a, b| b.max_late_ms.total_cmp(&a.max_late_ms));
        for e in eps.iter().take(5) {
            println!("    {:.4}-{:.4} s: {} events, worst {:.3} ms", e.start_s, e.end_s, e.events, e.max_late_ms);
        }
    }
}
