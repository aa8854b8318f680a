//! Real hosts in a run paced by the wall clock: each is a node of the scenario with a
//! TUN device (which the caller moves into a network namespace and gives the node's
//! address, `node_ip`). A packet a real host sends enters the network at its node as a
//! packet of the flow its 5-tuple belongs to; a packet reaching a real host's node is
//! written to its TUN with the TTL it arrived with and any window a router lowered.
//!
//! Flows between two real hosts are real: flow k's receiver listens on TCP port
//! `REAL_PORT_BASE + k` at its destination, so the port names the flow and its data
//! direction. The flow's simulated agents never start; its packets carry in `seq` the
//! index of their bytes in a pool. Other packets between two real hosts (UDP, ICMP,
//! TCP on other ports) follow the route of a real flow between them; packets between
//! hosts no real flow joins have no route and are dropped and counted.

use super::Simulation;
use crate::emulate::tun::Tun;
use crate::emulate::wire::{self, Connections};
use crate::net::{FlowId, NodeId, Packet, PacketKind};

/// Flow k's receiver port.
pub const REAL_PORT_BASE: u16 = 5001;
/// The largest real packet carried, bytes.
const MTU: usize = 1500;

/// The IPv4 address of node `i` (the addresses satcc's pcaps use): 10.0.0.0 + i + 1.
pub fn node_ip(i: NodeId) -> [u8; 4] {
    ((10u32 << 24) + i + 1).to_be_bytes()
}

/// Counters of the real packets, for the summary.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct RealCounters {
    pub packets_in: u64,
    pub packets_out: u64,
    /// Packets of no real flow (other protocols, ports, hosts), dropped.
    pub unmatched: u64,
    /// Packets satcc could not read as IPv4 (IPv6 and the like), dropped.
    pub unreadable: u64,
    /// ACKs whose window a router scheme lowered.
    pub acks_rewritten: u64,
    /// Packets the host's TUN queue refused.
    pub tun_full: u64,
    /// Other packets between two real hosts (UDP, ICMP, TCP of other ports) carried
    /// along the route of a real flow between them, unseen by router schemes.
    pub passed_through: u64,
}

pub(super) struct RealHosts {
    tuns: Vec<(NodeId, Tun)>,
    /// Real host of each node (index into `tuns`), or NONE.
    host_of: Vec<u32>,
    /// Bytes of real packets in the network; free slots.
    pool: Vec<Vec<u8>>,
    free: Vec<u32>,
    conns: Connections,
    /// Per flow: real or not, and the MSS its windows are counted in.
    pub real_flow: Vec<bool>,
    mss: Vec<u32>,
    pub counters: RealCounters,
    buf: Vec<u8>,
}

impl RealHosts {
    fn take(&mut self, bytes: &[u8]) -> u32 {
        match self.free.pop() {
            Some(i) => {
                let b = &mut self.pool[i as usize];
                b.clear();
                b.extend_from_slice(bytes);
                i
            }
            None => {
                self.pool.push(bytes.to_vec());
                (self.pool.len() - 1) as u32
            }
        }
    }
}

impl Simulation {
    /// Makes the nodes named in `hosts` real: opens a TUN device for each (named
    /// `prefix` + the host's position in `hosts`) and returns the device names. Flows
    /// between two real hosts become real flows.
    pub fn attach_real_hosts(&mut self, hosts: &[String], prefix: &str) -> Result<Vec<String>, String> {
        let mut host_of = vec![super::NONE; self.node_names.len()];
        let mut tuns = Vec::new();
        for (k, h) in hosts.iter().enumerate() {
            let Some(n) = self.node_names.iter().position(|x| x == h) else {
                return Err(format!("real host {h:?}: no such node (nodes: {})", self.node_names.join(", ")));
            };
            if host_of[n] != super::NONE {
                return Err(format!("real host {h:?}: named twice"));
            }
            let name = format!("{prefix}{k}");
            let tun = Tun::open(&name).map_err(|e| format!("TUN device {name}: {e}"))?;
            host_of[n] = tuns.len() as u32;
            tuns.push((n as NodeId, tun));
        }
        let real_flow: Vec<bool> = self
            .flows
            .iter()
            .map(|f| host_of[f.src as usize] != super::NONE && host_of[f.dst as usize] != super::NONE)
            .collect();
        for (i, f) in self.flows.iter().enumerate() {
            let (a, b) = (host_of[f.src as usize] != super::NONE, host_of[f.dst as usize] != super::NONE);
            if a != b {
                return Err(format!("flow {}: one end is a real host and the other is not (both or neither)", f.name));
            }
            if real_flow[i] && i + REAL_PORT_BASE as usize > u16::MAX as usize {
                return Err(format!("flow {}: too many flows for one port each", f.name));
            }
        }
        let mss = self.flows.iter().map(|f| f.payload_bytes.max(1)).collect();
        let names = tuns.iter().map(|t| t.1.name.clone()).collect();
        self.real = Some(Box::new(RealHosts {
            tuns,
            host_of,
            pool: Vec::new(),
            free: Vec::new(),
            conns: Connections::default(),
            real_flow,
            mss,
            counters: RealCounters::default(),
            buf: vec![0; 65536],
        }));
        Ok(names)
    }

    /// Each real host's name and address (`node_ip`), in the order given.
    pub fn real_host_addresses(&self) -> Vec<(String, [u8; 4])> {
        self.real.as_ref().map_or(Vec::new(), |r| {
            r.tuns.iter().map(|(n, _)| (self.node_names[*n as usize].clone(), node_ip(*n))).collect()
        })
    }

    /// The TUN descriptors to wait on, as the paced wait's entries (built once a run).
    pub(super) fn real_fds(&self) -> Vec<libc::pollfd> {
        crate::emulate::tun::pollfds(self.real.iter().flat_map(|r| r.tuns.iter().map(|t| t.1.raw_fd())))
    }

    /// Reads every waiting packet of every real host into the network, at `now`.
    pub(super) fn read_real(&mut self) {
        let Some(mut r) = self.real.take() else { return };
        let mut read = Vec::new();
        for k in 0..r.tuns.len() {
            loop {
                let n = {
                    let RealHosts { tuns, buf, .. } = &mut *r;
                    match tuns[k].1.recv(buf) {
                        Ok(Some(n)) => n,
                        _ => break,
                    }
                };
                r.counters.packets_in += 1;
                let from = r.tuns[k].0;
                let bytes = r.buf[..n].to_vec();
                read.extend(self.inject_real(&mut r, from, &bytes));
            }
        }
        self.real = Some(r);
        // sent once the pool is back in place: a packet dropped at its first link returns
        // its bytes there, and the tables read its header
        for pkt in read {
            self.send_real(pkt);
        }
    }

    /// One packet from real host `from`, matched to its flow, its bytes kept in the pool:
    /// the packet to send on its way.
    fn inject_real(&mut self, r: &mut RealHosts, from: NodeId, bytes: &[u8]) -> Option<Packet> {
        let Ok(v) = wire::parse(bytes) else {
            r.counters.unreadable += 1;
            return None;
        };
        if bytes.len() > MTU {
            r.counters.unreadable += 1;
            return None;
        }
        let conn = r.conns.observe(&v);
        let to = u32::from_be_bytes(v.tuple.dst).wrapping_sub((10 << 24) + 1);
        // the sink's port names the flow: toward it, the flow's data; from it, its ACKs
        let flow_at = |port: u16, src: NodeId, dst: NodeId| {
            let i = port.checked_sub(REAL_PORT_BASE)? as usize;
            let f = self.flows.get(i)?;
            (r.real_flow[i] && f.src == src && f.dst == dst).then_some(i as FlowId)
        };
        let matched = if v.tuple.proto == wire::PROTO_TCP {
            flow_at(v.tuple.dport, from, to)
                .map(|i| (i, PacketKind::Data))
                .or_else(|| flow_at(v.tuple.sport, to, from).map(|i| (i, PacketKind::Ack)))
        } else {
            None
        };
        // any other packet between two real hosts (UDP, ICMP, TCP of other ports: a ping,
        // iperf3's control connection) rides the route of a real flow between them (the
        // flow's data direction or its ACKs'), marked so that router schemes, which keep
        // per-flow TCP state, never see it
        let other = (matched.is_none() && (to as usize) < r.host_of.len())
            .then(|| {
                self.flows.iter().enumerate().find_map(|(i, f)| match (r.real_flow[i], f.src, f.dst) {
                    (true, s, d) if s == from && d == to => Some((i as FlowId, PacketKind::Data)),
                    (true, s, d) if s == to && d == from => Some((i as FlowId, PacketKind::Ack)),
                    _ => None,
                })
            })
            .flatten();
        let Some((fid, kind)) = matched.or(other) else {
            r.counters.unmatched += 1;
            return None;
        };
        if matched.is_none() {
            r.counters.passed_through += 1;
        }
        // the window in packets of the flow's MSS (the SYN's own window is unscaled)
        let rwnd_pkts = match v.tcp {
            Some(t) if matched.is_some() => {
                let scale = if t.flags & wire::SYN != 0 {
                    0
                } else {
                    conn.and_then(|(c, e)| r.conns.scale(&c, e)).unwrap_or(0)
                };
                (((t.window as u64) << scale) / r.mss[fid as usize] as u64).min(u32::MAX as u64) as u32
            }
            _ => u32::MAX,
        };
        let slot = r.take(bytes);
        let pkt = Packet {
            seq: if matched.is_none() { -(slot as i64) - 1 } else { slot as i64 },
            flow: fid,
            rwnd_pkts,
            size_bytes: v.size,
            hop: 0,
            kind,
            ttl: v.ttl,
            // T-REFWA's RTT code: real senders write it in the DS field (the TOS byte's
            // upper six bits, Linux keeping the two ECN bits of a TCP socket for itself);
            // routers read it where simulated packets carry it, the low six bits
            tos: v.tos >> 2,
            aux: 0,
        };
        Some(pkt)
    }

    /// A real packet reaches its destination's node: out to that host's TUN.
    pub(super) fn deliver_real(&mut self, pkt: &Packet) {
        let Some(mut r) = self.real.take() else { return };
        let f = &self.flows[pkt.flow as usize];
        let to = if pkt.kind == PacketKind::Data { f.dst } else { f.src };
        let slot = slot_of(pkt);
        let mut bytes = std::mem::take(&mut r.pool[slot]);
        wire::set_ttl(&mut bytes, pkt.ttl);
        if let Ok(v) = wire::parse(&bytes) {
            if let (Some(t), PacketKind::Ack, true) = (v.tcp, pkt.kind, pkt.seq >= 0) {
                let (conn, scale) = match r.conns.find(&v) {
                    Some((c, e)) => (true, r.conns.scale(&c, e).unwrap_or(0)),
                    None => (false, 0),
                };
                let had = ((t.window as u64) << scale) / r.mss[pkt.flow as usize] as u64;
                if conn && t.flags & wire::SYN == 0 && (pkt.rwnd_pkts as u64) < had {
                    let cap = pkt.rwnd_pkts as u64 * r.mss[pkt.flow as usize] as u64;
                    if wire::lower_window(&mut bytes, cap, scale).is_some() {
                        r.counters.acks_rewritten += 1;
                    }
                }
            }
        }
        let own = pkt.seq >= 0; // the flow's own packet, not one passed along its route
        if let (true, Ok(wire::View { tcp: Some(t), .. }), PacketKind::Data) = (own, wire::parse(&bytes), pkt.kind) {
            let st = &mut self.flows[pkt.flow as usize].sink.stats;
            st.data_pkts_received += 1;
            st.payload_bytes_received += t.payload as u64;
        }
        let host = r.host_of[to as usize] as usize;
        match r.tuns[host].1.send(&bytes) {
            Ok(true) => r.counters.packets_out += 1,
            _ => r.counters.tun_full += 1,
        }
        r.pool[slot] = bytes;
        r.free.push(slot as u32);
        self.real = Some(r);
    }

    /// The sequence number the packets and drops tables record for a real flow's packet:
    /// the TCP sequence number of a segment that carries data, the acknowledgment number
    /// of an ACK, 32-bit as on the wire; None for other packets (their pool slot stays).
    pub(super) fn real_seqno(&self, pkt: &Packet) -> Option<i64> {
        let t = self.real_tcp(pkt)?;
        Some(if pkt.kind == PacketKind::Data { t.seq } else { t.ack } as i64)
    }

    /// The TCP header of a real flow's own packet; None for a simulated flow's packet
    /// and for one passed along a real flow's route. A real packet's `seq` is its pool
    /// slot, not a segment number: what a simulated packet tells by its `seq` (the SYN is
    /// segment 0, a data segment's payload is the flow's) a real one tells by its header.
    pub(super) fn real_tcp(&self, pkt: &Packet) -> Option<wire::TcpView> {
        let r = self.real.as_ref()?;
        if pkt.seq < 0 || !r.real_flow[pkt.flow as usize] {
            return None;
        }
        wire::parse(&r.pool[slot_of(pkt)]).ok()?.tcp
    }

    /// Whether data packet `pkt` is its flow's SYN (`tcp.syn`): segment 0 of a
    /// simulated flow, a segment with the SYN flag of a real one.
    #[inline]
    pub(super) fn is_syn(&self, pkt: &Packet) -> bool {
        if !self.flows[pkt.flow as usize].syn {
            return false;
        }
        if self.is_real(pkt.flow) {
            self.real_tcp(pkt).is_some_and(|t| t.flags & wire::SYN != 0)
        } else {
            pkt.seq == 0
        }
    }

    /// A real packet dropped in the network: its bytes go back to the pool.
    pub(super) fn free_real(&mut self, pkt: &Packet) {
        if let Some(r) = self.real.as_mut() {
            if r.real_flow[pkt.flow as usize] {
                r.free.push(slot_of(pkt) as u32);
            }
        }
    }

    /// A packet passed along a real flow's route: no router scheme sees it.
    #[inline]
    pub(super) fn passes_through(&self, pkt: &Packet) -> bool {
        pkt.seq < 0 && self.real.as_ref().is_some_and(|r| r.real_flow[pkt.flow as usize])
    }

    pub(super) fn is_real(&self, fid: FlowId) -> bool {
        self.real.as_ref().is_some_and(|r| r.real_flow[fid as usize])
    }
}

/// Where a real packet's bytes are in the pool (packets passed through: stored negated).
fn slot_of(pkt: &Packet) -> usize {
    if pkt.seq < 0 {
        (-pkt.seq - 1) as usize
    } else {
        pkt.seq as usize
    }
}
