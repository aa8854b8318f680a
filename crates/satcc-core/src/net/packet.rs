//! Packets are small plain values, copied along the path; nothing is allocated per packet.

use super::FlowId;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PacketKind {
    /// A data segment (seqno 0 is the SYN when the flow models the handshake).
    Data,
    /// A cumulative acknowledgment carrying the advertised window.
    Ack,
}

/// 24 bytes: packets in flight are the simulator's main working set.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Packet {
    /// Data: the segment number (windows count packets, as in ns-2's one-way TCP).
    /// Ack: the highest segment received in order.
    pub seq: i64,
    pub flow: FlowId,
    /// Advertised window in packets (ACKs); routers may only lower it.
    pub rwnd_pkts: u32,
    /// Size on the wire (at most 65535 bytes).
    pub size_bytes: u16,
    /// Index of the next link on the flow's route in this packet's direction.
    pub hop: u16,
    pub kind: PacketKind,
    /// Decremented by each router that forwards the packet.
    pub ttl: u8,
    /// Type-of-service byte (T-REFWA writes its RTT code here).
    pub tos: u8,
    /// ACKs of SACK flows: with `tos`, the 16-bit number of the ACK's SACK blocks,
    /// which the simulator keeps beside the flow (the blocks' bytes are not carried
    /// in the packet, so that packets stay small).
    pub aux: u8,
}

const _: () = assert!(std::mem::size_of::<Packet>() == 24);

impl Packet {
    pub fn is_data(&self) -> bool {
        self.kind == PacketKind::Data
    }

    /// The (tos, aux) bytes that carry SACK-block number `id` on an ACK.
    pub fn sack_id_bytes(id: u16) -> (u8, u8) {
        ((id & 0xff) as u8, (id >> 8) as u8)
    }

    /// The SACK-block number an ACK carries.
    pub fn sack_id(&self) -> u16 {
        ((self.aux as u16) << 8) | self.tos as u16
    }
}
