//! satcc-core: a deterministic packet-level simulator for router-assisted and hybrid
//! TCP congestion control over satellite and terrestrial networks.
//!
//! Layers (see DESIGN.md): [`scenario`] builds a [`sim::Simulation`] from a validated
//! description; [`engine`] holds the clock, the event queue and the random streams;
//! [`net`] the nodes, links, queues and error models; [`tcp`] the sender and sink state
//! machines with congestion controllers behind one trait; [`traffic`] the applications
//! that feed the senders; [`metrics`] the counters and time series a run reports.

pub mod contract;
pub mod emulate;
pub mod engine;
pub mod feedback;
pub mod metrics;
pub mod net;
pub mod orbit;
pub mod scenario;
pub mod settings;
pub mod sim;
pub mod tcp;
pub mod traffic;

pub use scenario::Scenario;
pub use sim::{RunOutput, Simulation};

/// Version of the simulator; part of the key of every stored result.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
/// Fingerprint of this crate's source files (build.rs): two builds with the same
/// value run the same model.
pub const SOURCE_HASH: &str = env!("SATCC_SOURCE_HASH");
