//! Routing benchmark: the state computation of `satcc bench --scenario starlink-state`
//! (Starlink shell 1, the 100 built-in cities, routes toward every city every 100 ms),
//! without Python, with the time split between moving the constellation (positions and
//! ground links) and the shortest-path trees.
//!
//!     cargo bench -p satcc-core --bench routing
//!     SATCC_BENCH_SECONDS=20 SATCC_BENCH_REPS=5 cargo bench -p satcc-core --bench routing
//!
//! Also prints a digest of every tree (next hops and path lengths), so that a change
//! meant to be faster can be checked to compute the same routes.

use satcc_core::net::leo::routing::{Graph, Tree};
use satcc_core::net::leo::Network;
use satcc_core::orbit::ground::cities;
use satcc_core::scenario::constellation::ConstellationSpec;
use std::hash::{Hash, Hasher};
use std::time::Instant;

fn main() {
    let reps: usize = std::env::var("SATCC_BENCH_REPS").ok().and_then(|v| v.parse().ok()).unwrap_or(3);
    let seconds: f64 = std::env::var("SATCC_BENCH_SECONDS").ok().and_then(|v| v.parse().ok()).unwrap_or(200.0);
    let names: Vec<&str> = cities().map(|c| c.0).collect();
    let spec = serde_json::json!({"shells": [{"builtin": "starlink-1"}], "ground_stations": names,
                                  "routing": {"interval_ms": 100}});
    let spec = ConstellationSpec::from_value(&spec).expect("bench constellation is valid");
    let steps = (seconds / 0.1).round() as u64 + 1;
    let mut best = f64::INFINITY;
    for rep in 0..reps {
        let mut net = Network::build(&spec).expect("builds");
        let dests: Vec<usize> = (0..net.stations.len()).collect();
        let mut trees = vec![Tree::default(); dests.len()];
        let (mut t_step, mut t_tree) = (0.0, 0.0);
        let (mut again, mut lowered) = (0u64, 0u64);
        let mut digest = std::collections::hash_map::DefaultHasher::new();
        for k in 0..steps {
            let t0 = Instant::now();
            net.step(k as f64 * 0.1).expect("moves");
            let t1 = Instant::now();
            let mut g = Graph::new(&net);
            for (i, &d) in dests.iter().enumerate() {
                g.tree_to(d, &mut trees[i]);
            }
            let t2 = Instant::now();
            again += g.trees_again;
            lowered += g.lowered;
            t_step += (t1 - t0).as_secs_f64();
            t_tree += (t2 - t1).as_secs_f64();
            if k % 50 == 0 {
                for t in &trees {
                    t.next.hash(&mut digest);
                    t.hops.hash(&mut digest);
                    t.dist.iter().for_each(|d| d.to_bits().hash(&mut digest));
                }
            }
        }
        let wall = t_step + t_tree;
        let n_trees = steps as f64 * dests.len() as f64;
        println!(
            "run {}: {wall:.3} s ({steps} steps: moving {t_step:.3} s, trees {t_tree:.3} s = {:.1} us/tree; {:.1} nodes \
             lowered per tree from the last instant's), digest {:016x}",
            rep + 1,
            t_tree / n_trees * 1e6,
            lowered as f64 / again.max(1) as f64,
            digest.finish()
        );
        best = best.min(wall);
    }
    println!("best: {best:.3} s");
}
