//! Packets are small plain values, copied along the path; nothing is allocated per packet.

use super::FlowId;
use crate::engine::Time;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PacketKind {
    /// A data segment (seqno 0 is the SYN when the flow models the handshake).
    Data,
    /// A cumulative acknowledgment carrying the advertised window.
    Ack,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Packet {
    pub flow: FlowId,
    pub kind: PacketKind,
    /// Data: the segment number (windows count packets, as in ns-2's one-way TCP).
    /// Ack: the highest segment received in order.
    pub seq: i64,
    /// Size on the wire.
    pub size_bytes: u32,
    /// Decremented by each router that forwards the packet.
    pub ttl: u8,
    /// Type-of-service byte (T-REFWA writes its RTT code here).
    pub tos: u8,
    /// Advertised window in packets (ACKs); routers may only lower it.
    pub rwnd_pkts: u32,
    /// Index of the next link on the flow's route in this packet's direction.
    pub hop: u16,
    /// Data: when it was sent. Ack: the send time of the data packet it acknowledges.
    pub ts: Time,
}

impl Packet {
    pub fn is_data(&self) -> bool {
        self.kind == PacketKind::Data
    }
}
