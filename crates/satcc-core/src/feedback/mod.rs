//! Router-side feedback schemes (REFWA, T-REFWA, XFWA). A scheme guards one link's
//! egress queue: it sees the data packets offered to that queue, keeps its flow
//! table, updates periodically, and lowers the advertised window (RWND) of the ACKs
//! of its flows as they pass the same node in the reverse direction. RWND is never
//! raised, so with several schemes on a path the smallest feedback wins.
//!
//! A scheme sees packets at its node and nothing else; the simulator calls it.

pub mod refwa;
pub mod trefwa;
pub mod xfwa;

pub use refwa::{Refwa, RefwaParams};
pub use trefwa::Trefwa;
pub use xfwa::{Xfwa, XfwaParams};

use crate::engine::rng::StreamRng;
use crate::engine::Time;
use crate::net::Packet;
use schemars::{JsonSchema, Schema, SchemaGenerator};

/// What a scheme may know of the link it guards, at an update.
#[derive(Clone, Copy, Debug)]
pub struct LinkView {
    pub rate_bps: f64,
    /// Buffer size in packets (None: a byte-limited queue; see `limit_bytes`).
    pub limit_pkts: Option<u32>,
    pub limit_bytes: Option<u64>,
    /// Packets waiting or in service now.
    pub queue_pkts: u32,
}

/// One update, for the feedback time series.
#[derive(Clone, Copy, Debug, Default)]
pub struct UpdateTrace {
    /// Aggregate window Y(n), packets.
    pub aggregate_pkts: f64,
    /// Average RTT used for this update, seconds.
    pub rtt_avg_s: f64,
    pub active_flows: u32,
    /// Queue occupancy read at this update, packets.
    pub queue_pkts: u32,
}

pub trait RouterScheme: Send {
    fn name(&self) -> &'static str;
    /// A data packet is offered to the guarded link (before the queue decides), with
    /// its TTL as it arrived at this node. Returns when to schedule an update if the
    /// scheme is idle and now wants one.
    fn on_data(&mut self, pkt: &Packet, now: Time) -> Option<Time>;
    /// An ACK arrives at this node (TTL as it arrived): lower its advertised window.
    fn on_ack(&mut self, pkt: &mut Packet, now: Time);
    /// Periodic update. Returns the time of the next update, or None to go idle until
    /// `on_data` asks again.
    fn update(&mut self, now: Time, link: &LinkView) -> Option<Time>;
    /// The last update, for the time series.
    fn last_update(&self) -> UpdateTrace;
}

/// Where a router scheme takes each flow's RTT from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RttSource {
    /// Hop counts from the TTL (REFWA, XFWA: a satellite network whose hop delay is
    /// known, the scheme's `isl_delay_ms`).
    Hops,
    /// The RTT code senders write into the TOS byte (T-REFWA; net/rtt_code.rs).
    TosCode,
}

/// What a router scheme is built with besides its own settings.
pub struct RouterContext {
    /// The TTL hosts start packets with (hop counts are initial - TTL).
    pub initial_ttl: u8,
    /// Its own random stream.
    pub rng: StreamRng,
}

/// A scheme's settings: the fields of its `schemes[]` entry besides `type` and `links`.
pub type Fields = serde_json::Map<String, serde_json::Value>;

/// A router scheme a scenario may name in `schemes[].type`.
#[derive(Clone, Copy)]
pub struct Router {
    pub name: &'static str,
    pub about: &'static str,
    pub rtt_from: RttSource,
    /// The `cc` its papers run the hosts with when the scheme's own name is the
    /// experiment's (a router-only scheme: plain NewReno senders).
    pub hosts: &'static str,
    /// Parse and check its settings; the error names the field (`{at}.{field}`).
    pub check: fn(&Fields, &str) -> Result<(), String>,
    /// Build one instance (for one guarded link direction) from checked settings.
    pub build: fn(&Fields, RouterContext) -> Result<Box<dyn RouterScheme>, String>,
    /// Its settings' part of the scenario contract (fields, defaults, ranges).
    pub schema: fn(&mut SchemaGenerator) -> Schema,
}

impl Router {
    /// The row of a scheme whose settings are `S`.
    pub const fn of<S: RouterSettings>(
        name: &'static str,
        about: &'static str,
        rtt_from: RttSource,
        hosts: &'static str,
    ) -> Self {
        Router {
            name,
            about,
            rtt_from,
            hosts,
            check: check::<S>,
            build: build::<S>,
            schema: S::json_schema,
        }
    }
}

/// Every router scheme, one row each; each file holds its settings (defaults, ranges).
#[rustfmt::skip]
pub static ROUTERS: &[Router] = &[
    Router::of::<refwa::RefwaSettings>("refwa", "REFWA (seed 000): fair windows from hop-count RTTs, written into ACKs' advertised window", RttSource::Hops, "newreno"),
    Router::of::<trefwa::TrefwaSettings>("trefwa", "T-REFWA (seed 002): REFWA with RTTs from the senders' TOS code, for terrestrial routers", RttSource::TosCode, "trefwa"),
    Router::of::<xfwa::XfwaSettings>("xfwa", "XFWA (seed 000's [26]): REFWA's predecessor, the pipe assumed constant, one bottleneck", RttSource::Hops, "newreno"),
];

/// A router scheme's settings: parsed from its `schemes[]` fields (their ranges are
/// the schemars attributes on its fields, checked against the contract first), then
/// built into one instance per guarded link direction.
pub trait RouterSettings: serde::de::DeserializeOwned + JsonSchema {
    /// Check what ranges cannot say (a rule between fields); the error names the field.
    fn validate(&self, _at: &str) -> Result<(), String> {
        Ok(())
    }
    /// One instance for one link direction.
    fn build(self, ctx: RouterContext) -> Box<dyn RouterScheme>;
}

fn parse<S: RouterSettings>(fields: &Fields, at: &str) -> Result<S, String> {
    let fields = serde_json::Value::Object(fields.clone());
    crate::contract::check(&crate::contract::schema_of::<S>(), &fields, at)?;
    let s: S = serde_json::from_value(fields).map_err(|e| format!("{at}: {e}"))?;
    s.validate(at)?;
    Ok(s)
}

/// A registry row's `check` for settings `S`.
pub fn check<S: RouterSettings>(fields: &Fields, at: &str) -> Result<(), String> {
    parse::<S>(fields, at).map(|_| ())
}

/// A registry row's `build` for settings `S`.
pub fn build<S: RouterSettings>(fields: &Fields, ctx: RouterContext) -> Result<Box<dyn RouterScheme>, String> {
    Ok(parse::<S>(fields, "schemes[]")?.build(ctx))
}

/// The registry row of a router scheme's name.
pub fn router(name: &str) -> Option<&'static Router> {
    ROUTERS.iter().find(|r| r.name == name)
}

/// Lower an ACK's advertised window to `feedback` packets (never raise it; at least 1).
pub fn lower_rwnd(pkt: &mut Packet, feedback: f64) {
    let f = if feedback.is_finite() { feedback.floor().max(1.0) } else { 1.0 };
    if (f as u64) < pkt.rwnd_pkts as u64 {
        pkt.rwnd_pkts = f as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::PacketKind;

    #[test]
    fn rwnd_is_only_ever_lowered() {
        let mut p = Packet { seq: 0, flow: 0, rwnd_pkts: 20, size_bytes: 40, hop: 0, kind: PacketKind::Ack, ttl: 9, tos: 0 , aux: 0};
        lower_rwnd(&mut p, 50.0);
        assert_eq!(p.rwnd_pkts, 20);
        lower_rwnd(&mut p, 7.9);
        assert_eq!(p.rwnd_pkts, 7);
        lower_rwnd(&mut p, 0.2);
        assert_eq!(p.rwnd_pkts, 1, "at least one packet");
        lower_rwnd(&mut p, f64::NAN);
        assert_eq!(p.rwnd_pkts, 1);
        lower_rwnd(&mut p, 3.0);
        assert_eq!(p.rwnd_pkts, 1, "never raised");
    }
}
