//! Emulation: real hosts (network namespaces on TUN devices) whose packets cross
//! satcc's simulated network in real time.
//!
//! - `wire`: real IPv4/TCP/UDP packets as the model reads and rewrites them (5-tuple,
//!   sizes, TTL, TOS, advertised window under the connection's window scale), checksums
//!   updated incrementally.
//! - `tun`: TUN devices (raw IPv4, no offloads, non-blocking) and waiting on them.
pub mod wire;
pub mod tun;
