//! Emulation: real hosts (network namespaces on TUN devices) whose packets cross
//! satcc's simulated network in real time.
//!
//! - `wire`: real IPv4/TCP/UDP packets as the model reads and rewrites them (5-tuple,
//!   sizes, TTL, TOS, advertised window under the connection's window scale), checksums
//!   updated incrementally.
pub mod wire;
