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
    /// Advertised window in packets (ACKs); routers may only lower it. A TCP data
    /// segment carries 0 here, a UDP flow's datagram `DATAGRAM` (so that where it
    /// arrives it is told from a segment without reading its flow).
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
    /// in the packet, so that packets stay small). Data of senders keeping rate
    /// samples: the transmission's copy number (`COPY_MASK`) and TCP's PSH flag
    /// (`PUSH`). ECN (ns-2's agents, which keep no copy numbers): a data segment's
    /// Congestion Experienced (`CE`) and CWR (`CWR`, ns-2's cong_action) bits; an
    /// ACK's ECN-Echo (`ECE`, above the 15 bits of its SACK-block number).
    pub aux: u8,
}

/// The `rwnd_pkts` of a UDP flow's datagram (a `Data` packet that no TCP sink takes).
/// A real host's packet that no flow matched carries it too (sim/real.rs); those never
/// reach the checks that read it.
pub const DATAGRAM: u32 = u32::MAX;

/// A data segment's copy number (which transmission of the segment it is), wrapping:
/// the low seven bits of `aux`.
pub const COPY_MASK: u8 = 0x7f;
/// A data segment's PSH flag: the high bit of `aux`.
pub const PUSH: u8 = 0x80;
/// An ACK's SACK-block numbers wrap at 2^14 (the top two bits of `aux` are ECN-Echo and
/// ACK_ECT): the sink matches an ACK to its blocks among those in flight, in order, so
/// numbers repeat only after 16,384 ACKs of one flow lost in a row.
pub const SACK_ID_MASK: u16 = 0x3fff;

/// A data segment's Congestion Experienced mark, set by a router's RED with ECN (ns-2's
/// hdr_flags ce_). Whether a segment is ECN-capable (ns-2's ect_) follows from its flow
/// and number (every segment of an ECN flow but the first: `Flow::ect`).
pub const CE: u8 = 0x01;
/// A data segment's CWR flag: the sender cut its window since its last segment (ns-2's
/// cong_action_).
pub const CWR: u8 = 0x02;
/// An ACK's ECN-Echo (ns-2's ecnecho_): the top bit of `aux`, above the SACK-block number.
pub const ECE: u8 = 0x80;
/// An ACK that is ECN-capable (ns-2's ect_ on an ACK): the receiver's answer to the
/// connection's ECN setup with `tcp.ecn_syn_ack` (ns-2's TCPSink ecn_syn_). A router
/// marks it where it would drop it early; the sender reads no mark on an ACK, so its
/// CE bit is not written.
pub const ACK_ECT: u8 = 0x40;

const _: () = assert!(std::mem::size_of::<Packet>() == 24);

impl Packet {
    /// A datagram of `flow` (a UDP flow's, a ping's request or reply, a routing agent's
    /// message): marked `DATAGRAM`, on its first hop, with the sending agent's `ttl`.
    pub fn datagram(flow: FlowId, seq: i64, size_bytes: u16, kind: PacketKind, ttl: u8) -> Packet {
        Packet { seq, flow, rwnd_pkts: DATAGRAM, size_bytes, hop: 0, kind, ttl, tos: 0, aux: 0 }
    }

    pub fn is_data(&self) -> bool {
        self.kind == PacketKind::Data
    }

    /// A UDP flow's datagram (a data packet marked `DATAGRAM`).
    #[inline(always)]
    pub fn is_datagram(&self) -> bool {
        self.rwnd_pkts == DATAGRAM
    }

    /// The (tos, aux) bytes that carry SACK-block number `id` (14 bits, `SACK_ID_MASK`)
    /// on an ACK.
    pub fn sack_id_bytes(id: u16) -> (u8, u8) {
        let id = id & SACK_ID_MASK;
        ((id & 0xff) as u8, (id >> 8) as u8)
    }

    /// The SACK-block number an ACK carries.
    pub fn sack_id(&self) -> u16 {
        (((self.aux & !(ECE | ACK_ECT)) as u16) << 8) | self.tos as u16
    }

    /// An ACK carries ECN-Echo.
    pub fn ece(&self) -> bool {
        self.aux & ECE != 0
    }

    /// A data segment's copy number (0 its first transmission; wraps at 128).
    pub fn copy(&self) -> u8 {
        self.aux & COPY_MASK
    }

    /// A data segment carries TCP's PSH flag: the last segment of a Linux sender's skb
    /// (tcp/sender.rs, `skb_push`).
    pub fn pushed(&self) -> bool {
        self.aux & PUSH != 0
    }
}
