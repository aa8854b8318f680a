//! Real IPv4 packets as they cross satcc's network in emulation: what the model reads
//! from them (the 5-tuple, sizes, TTL, TOS, TCP flags, the advertised window and the
//! window scale of each connection) and the rewrites routers make (TTL, and REFWA's
//! lowered window), each with its checksum updated incrementally (RFC 1624), never
//! recomputed from scratch and never touching bytes it does not change.
//!
//! Layouts: IPv4 (RFC 791) with options allowed; TCP (RFC 9293) with options; the
//! window scale option (RFC 7323): a scale is in force only when both the SYN and the
//! SYN-ACK carry the option, and it never applies to the window of those two segments.

use std::collections::HashMap;

pub const PROTO_TCP: u8 = 6;
pub const PROTO_UDP: u8 = 17;

/// TCP flags.
pub const FIN: u8 = 0x01;
pub const SYN: u8 = 0x02;
pub const RST: u8 = 0x04;
pub const PSH: u8 = 0x08;
pub const ACK: u8 = 0x10;
pub const ECE: u8 = 0x40;
pub const CWR: u8 = 0x80;

/// The largest window scale RFC 7323 allows; larger values are taken as 14.
pub const MAX_WINDOW_SCALE: u8 = 14;

/// Why a packet is not one the model carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WireError {
    TooShort,
    NotIpv4(u8),
    BadHeaderLength,
    /// A fragment: emulated hosts send with DF and an MTU the links carry.
    Fragment,
}

impl std::fmt::Display for WireError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WireError::TooShort => write!(f, "shorter than its headers"),
            WireError::NotIpv4(v) => write!(f, "IP version {v}, not 4"),
            WireError::BadHeaderLength => write!(f, "a header length field out of range"),
            WireError::Fragment => write!(f, "an IPv4 fragment"),
        }
    }
}

/// A connection's or datagram flow's identity, as its sender sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FiveTuple {
    pub src: [u8; 4],
    pub dst: [u8; 4],
    pub proto: u8,
    pub sport: u16,
    pub dport: u16,
}

impl FiveTuple {
    /// The same flow seen from the other end.
    pub fn reversed(&self) -> FiveTuple {
        FiveTuple { src: self.dst, dst: self.src, proto: self.proto, sport: self.dport, dport: self.sport }
    }
}

/// What the model reads from a TCP header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TcpView {
    pub seq: u32,
    pub ack: u32,
    pub flags: u8,
    /// The window field as carried (unscaled).
    pub window: u16,
    /// The window scale option, if the segment carries it (SYN and SYN-ACK only).
    pub window_scale: Option<u8>,
    /// The MSS option, if carried.
    pub mss: Option<u16>,
    /// Payload bytes.
    pub payload: u16,
}

/// What the model reads from a real packet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    pub tuple: FiveTuple,
    /// The IPv4 total length: the packet's size on a link.
    pub size: u16,
    pub ttl: u8,
    pub tos: u8,
    /// Present for TCP.
    pub tcp: Option<TcpView>,
}

impl View {
    /// A segment that carries data (or a SYN or FIN, which take sequence space): the
    /// model's "data" packet; anything else on TCP is a pure ACK.
    pub fn is_data(&self) -> bool {
        match self.tcp {
            Some(t) => t.payload > 0 || t.flags & (SYN | FIN) != 0,
            None => true,
        }
    }
}

fn be16(b: &[u8], at: usize) -> u16 {
    u16::from_be_bytes([b[at], b[at + 1]])
}

fn be32(b: &[u8], at: usize) -> u32 {
    u32::from_be_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

/// Length of the IPv4 header (with options).
fn ip_header_len(b: &[u8]) -> usize {
    ((b[0] & 0x0f) as usize) * 4
}

/// Reads a packet. Other protocols than TCP and UDP are read as far as IPv4 goes (ports 0).
pub fn parse(b: &[u8]) -> Result<View, WireError> {
    if b.len() < 20 {
        return Err(WireError::TooShort);
    }
    if b[0] >> 4 != 4 {
        return Err(WireError::NotIpv4(b[0] >> 4));
    }
    let ihl = ip_header_len(b);
    let total = be16(b, 2) as usize;
    if ihl < 20 || total < ihl || total > b.len() {
        return Err(WireError::BadHeaderLength);
    }
    let frag = be16(b, 6);
    if frag & 0x3fff != 0 {
        return Err(WireError::Fragment); // MF set or an offset
    }
    let proto = b[9];
    let mut tuple = FiveTuple {
        src: [b[12], b[13], b[14], b[15]],
        dst: [b[16], b[17], b[18], b[19]],
        proto,
        sport: 0,
        dport: 0,
    };
    let l4 = &b[ihl..total];
    let mut tcp = None;
    match proto {
        PROTO_TCP => {
            if l4.len() < 20 {
                return Err(WireError::TooShort);
            }
            let off = ((l4[12] >> 4) as usize) * 4;
            if off < 20 || off > l4.len() {
                return Err(WireError::BadHeaderLength);
            }
            tuple.sport = be16(l4, 0);
            tuple.dport = be16(l4, 2);
            let (mut window_scale, mut mss) = (None, None);
            let mut o = &l4[20..off];
            while let Some(&kind) = o.first() {
                match kind {
                    0 => break, // end of options
                    1 => o = &o[1..],
                    _ => {
                        let Some(&len) = o.get(1) else { break };
                        let len = len as usize;
                        if len < 2 || len > o.len() {
                            break; // malformed: read no further
                        }
                        match (kind, len) {
                            (2, 4) => mss = Some(be16(o, 2)),
                            (3, 3) => window_scale = Some(o[2].min(MAX_WINDOW_SCALE)),
                            _ => {}
                        }
                        o = &o[len..];
                    }
                }
            }
            tcp = Some(TcpView {
                seq: be32(l4, 4),
                ack: be32(l4, 8),
                flags: l4[13],
                window: be16(l4, 14),
                window_scale,
                mss,
                payload: (l4.len() - off) as u16,
            });
        }
        PROTO_UDP if l4.len() >= 8 => {
            tuple.sport = be16(l4, 0);
            tuple.dport = be16(l4, 2);
        }
        _ => {}
    }
    Ok(View { tuple, size: total as u16, ttl: b[8], tos: b[1], tcp })
}

/// Ones'-complement sum of 16-bit words (an odd last byte padded with zero).
fn sum16(mut acc: u32, data: &[u8]) -> u32 {
    let mut chunks = data.chunks_exact(2);
    for c in &mut chunks {
        acc += u16::from_be_bytes([c[0], c[1]]) as u32;
    }
    if let [last] = chunks.remainder() {
        acc += (*last as u32) << 8;
    }
    acc
}

fn fold(mut acc: u32) -> u16 {
    while acc >> 16 != 0 {
        acc = (acc & 0xffff) + (acc >> 16);
    }
    acc as u16
}

/// The IPv4 header checksum computed afresh (0 in a correct header when it is included).
pub fn ip_checksum(b: &[u8]) -> u16 {
    !fold(sum16(0, &b[..ip_header_len(b)]))
}

/// The TCP or UDP checksum computed afresh over the pseudo-header and segment (0 when
/// the segment's own checksum is correct and included).
pub fn l4_checksum(b: &[u8]) -> u16 {
    let (ihl, total) = (ip_header_len(b), be16(b, 2) as usize);
    let l4 = &b[ihl..total];
    let mut acc = sum16(0, &b[12..20]);
    acc += b[9] as u32 + l4.len() as u32;
    !fold(sum16(acc, l4))
}

/// RFC 1624 eqn. 3: the checksum `hc` after one 16-bit word changes from `old` to `new`.
pub fn checksum_update(hc: u16, old: u16, new: u16) -> u16 {
    !fold(!hc as u32 + !old as u32 + new as u32)
}

/// Sets the TTL, updating the IPv4 header checksum.
pub fn set_ttl(b: &mut [u8], ttl: u8) {
    let old = be16(b, 8);
    let new = ((ttl as u16) << 8) | (old & 0xff);
    b[8] = ttl;
    let hc = checksum_update(be16(b, 10), old, new);
    b[10..12].copy_from_slice(&hc.to_be_bytes());
}

/// Sets the TOS byte, updating the IPv4 header checksum.
pub fn set_tos(b: &mut [u8], tos: u8) {
    let old = be16(b, 0);
    let new = (old & 0xff00) | tos as u16;
    b[1] = tos;
    let hc = checksum_update(be16(b, 10), old, new);
    b[10..12].copy_from_slice(&hc.to_be_bytes());
}

/// Lowers a TCP segment's advertised window to at most `cap_bytes` under window scale
/// `scale` (the window field counts 2^scale bytes), never raising it; updates the TCP
/// checksum. Returns the new field if it changed.
pub fn lower_window(b: &mut [u8], cap_bytes: u64, scale: u8) -> Option<u16> {
    let at = ip_header_len(b) + 14;
    let old = be16(b, at);
    let cap = (cap_bytes >> scale.min(MAX_WINDOW_SCALE)).min(u16::MAX as u64) as u16;
    if cap >= old {
        return None;
    }
    b[at..at + 2].copy_from_slice(&cap.to_be_bytes());
    let ck = at + 2;
    let hc = checksum_update(be16(b, ck), old, cap);
    b[ck..ck + 2].copy_from_slice(&hc.to_be_bytes());
    Some(cap)
}

/// What the model learns of a TCP connection from its handshake.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Handshake {
    /// Window scale option of the SYN (the initiator's) and of the SYN-ACK.
    pub syn_scale: Option<u8>,
    pub synack_scale: Option<u8>,
    /// MSS options of the SYN and the SYN-ACK.
    pub syn_mss: Option<u16>,
    pub synack_mss: Option<u16>,
}

/// Handshakes seen, by the initiator's 5-tuple.
#[derive(Default)]
pub struct Connections {
    seen: HashMap<FiveTuple, Handshake>,
}

/// Which end of a connection sent a segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    Initiator,
    Responder,
}

impl Connections {
    /// The connection of a segment (its initiator's tuple) and which end sent it, if
    /// its handshake was seen; learns nothing.
    pub fn find(&self, v: &View) -> Option<(FiveTuple, End)> {
        v.tcp?;
        let back = v.tuple.reversed();
        if self.seen.contains_key(&v.tuple) {
            Some((v.tuple, End::Initiator))
        } else if self.seen.contains_key(&back) {
            Some((back, End::Responder))
        } else {
            None
        }
    }

    /// Learns from a segment (SYN, SYN-ACK); returns the connection's initiator tuple
    /// and which end sent `v`, if the handshake was seen.
    pub fn observe(&mut self, v: &View) -> Option<(FiveTuple, End)> {
        let t = v.tcp?;
        if t.flags & SYN != 0 && t.flags & ACK == 0 {
            // a SYN (again, perhaps): the initiator's options
            let h = self.seen.entry(v.tuple).or_default();
            h.syn_scale = t.window_scale;
            h.syn_mss = t.mss;
            return Some((v.tuple, End::Initiator));
        }
        let back = v.tuple.reversed();
        if t.flags & SYN != 0 {
            let h = self.seen.get_mut(&back)?;
            h.synack_scale = t.window_scale;
            h.synack_mss = t.mss;
            return Some((back, End::Responder));
        }
        self.find(v)
    }

    pub fn handshake(&self, initiator: &FiveTuple) -> Option<Handshake> {
        self.seen.get(initiator).copied()
    }

    /// The scale of the windows `end` advertises on segments other than SYNs (0 unless
    /// both SYN and SYN-ACK carried the option); None if the handshake was not seen.
    pub fn scale(&self, initiator: &FiveTuple, end: End) -> Option<u8> {
        let h = self.seen.get(initiator)?;
        Some(match (h.syn_scale, h.synack_scale) {
            (Some(a), Some(b)) => match end {
                End::Initiator => a,
                End::Responder => b,
            },
            _ => 0,
        })
    }

    /// Forgets a connection (after its FIN or RST exchange, at the caller's choice).
    pub fn forget(&mut self, initiator: &FiveTuple) {
        self.seen.remove(initiator);
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use proptest::prelude::*;

    /// An IPv4/TCP packet with correct checksums: options as given, `payload` bytes of
    /// a running pattern.
    pub(crate) fn segment(flags: u8, window: u16, options: &[u8], payload: usize, ttl: u8, tos: u8) -> Vec<u8> {
        assert_eq!(options.len() % 4, 0);
        let tcp_len = 20 + options.len();
        let total = 20 + tcp_len + payload;
        let mut b = vec![0u8; total];
        b[0] = 0x45;
        b[1] = tos;
        b[2..4].copy_from_slice(&(total as u16).to_be_bytes());
        b[4..6].copy_from_slice(&0x1234u16.to_be_bytes());
        b[6] = 0x40; // DF
        b[8] = ttl;
        b[9] = PROTO_TCP;
        b[12..16].copy_from_slice(&[10, 77, 1, 1]);
        b[16..20].copy_from_slice(&[10, 77, 2, 1]);
        let t = &mut b[20..];
        t[0..2].copy_from_slice(&40000u16.to_be_bytes());
        t[2..4].copy_from_slice(&5001u16.to_be_bytes());
        t[4..8].copy_from_slice(&1_000_000u32.to_be_bytes());
        t[8..12].copy_from_slice(&2_000_000u32.to_be_bytes());
        t[12] = ((tcp_len / 4) as u8) << 4;
        t[13] = flags;
        t[14..16].copy_from_slice(&window.to_be_bytes());
        t[20..20 + options.len()].copy_from_slice(options);
        for (i, x) in t[tcp_len..].iter_mut().enumerate() {
            *x = (i * 7 + 3) as u8;
        }
        let hc = ip_checksum(&b);
        b[10..12].copy_from_slice(&hc.to_be_bytes());
        let tc = l4_checksum(&b);
        b[36..38].copy_from_slice(&tc.to_be_bytes());
        assert_eq!(ip_checksum(&b), 0);
        assert_eq!(l4_checksum(&b), 0);
        b
    }

    /// MSS 1460, SACK permitted, window scale `s`.
    pub(crate) fn syn_options(s: u8) -> Vec<u8> {
        vec![2, 4, 0x05, 0xb4, 4, 2, 1, 3, 3, s, 0, 0]
    }

    #[test]
    fn reads_the_five_tuple_sizes_and_options() {
        let b = segment(SYN, 64240, &syn_options(7), 0, 64, 0x1c);
        let v = parse(&b).unwrap();
        assert_eq!(v.tuple.src, [10, 77, 1, 1]);
        assert_eq!((v.tuple.sport, v.tuple.dport, v.tuple.proto), (40000, 5001, PROTO_TCP));
        assert_eq!((v.size, v.ttl, v.tos), (52, 64, 0x1c));
        let t = v.tcp.unwrap();
        assert_eq!((t.window_scale, t.mss, t.payload, t.window), (Some(7), Some(1460), 0, 64240));
        assert!(v.is_data(), "a SYN takes sequence space");
        let a = parse(&segment(ACK, 501, &[], 0, 64, 0)).unwrap();
        assert!(!a.is_data());
        assert!(parse(&segment(ACK, 501, &[], 1448, 64, 0)).unwrap().is_data());
    }

    #[test]
    fn refuses_what_is_not_a_whole_ipv4_packet() {
        let b = segment(ACK, 501, &[], 10, 64, 0);
        assert_eq!(parse(&b[..10]), Err(WireError::TooShort));
        let mut v6 = b.clone();
        v6[0] = 0x65;
        assert_eq!(parse(&v6), Err(WireError::NotIpv4(6)));
        let mut frag = b.clone();
        frag[6] = 0x20; // more fragments
        assert_eq!(parse(&frag), Err(WireError::Fragment));
        let mut long = b.clone();
        long[2..4].copy_from_slice(&2000u16.to_be_bytes());
        assert_eq!(parse(&long), Err(WireError::BadHeaderLength));
    }

    #[test]
    fn ttl_and_tos_rewrites_keep_the_header_checksum_right() {
        let mut b = segment(ACK, 501, &[], 100, 64, 0);
        for ttl in [63, 1, 0, 255] {
            set_ttl(&mut b, ttl);
            assert_eq!(parse(&b).unwrap().ttl, ttl);
            assert_eq!(ip_checksum(&b), 0);
        }
        set_tos(&mut b, 0xfc);
        assert_eq!(parse(&b).unwrap().tos, 0xfc);
        assert_eq!(ip_checksum(&b), 0);
        assert_eq!(l4_checksum(&b), 0, "the TCP checksum does not cover TTL or TOS");
    }

    #[test]
    fn window_scale_7_is_honoured_and_the_window_only_ever_goes_down() {
        let mut c = Connections::default();
        let syn = parse(&segment(SYN, 64240, &syn_options(7), 0, 64, 0)).unwrap();
        assert_eq!(c.observe(&syn), Some((syn.tuple, End::Initiator)));
        let mut sa = segment(SYN | ACK, 65160, &syn_options(7), 0, 64, 0);
        sa[12..20].rotate_left(4); // from the responder
        sa[20..24].rotate_left(2);
        let sav = parse(&sa).unwrap();
        assert_eq!(c.observe(&sav), Some((syn.tuple, End::Responder)));
        assert_eq!(c.scale(&syn.tuple, End::Responder), Some(7));
        // the responder's ACK: 100 x 128 = 12,800 bytes; a cap of 8,000 bytes is 62 units
        let mut ack = segment(ACK, 100, &[], 0, 64, 0);
        ack[12..20].rotate_left(4);
        ack[20..24].rotate_left(2);
        let av = parse(&ack).unwrap();
        let (conn, end) = c.observe(&av).unwrap();
        assert_eq!((conn, end), (syn.tuple, End::Responder));
        let s = c.scale(&conn, end).unwrap();
        assert_eq!(lower_window(&mut ack, 8_000, s), Some(62));
        assert_eq!(parse(&ack).unwrap().tcp.unwrap().window, 62);
        assert_eq!(l4_checksum(&ack), 0);
        // a cap above the window leaves the packet as it was
        let before = ack.clone();
        assert_eq!(lower_window(&mut ack, 62 * 128, s), None);
        assert_eq!(lower_window(&mut ack, 1 << 30, s), None);
        assert_eq!(ack, before);
    }

    #[test]
    fn a_scale_is_in_force_only_when_both_ends_offered_it() {
        let mut c = Connections::default();
        let syn = parse(&segment(SYN, 64240, &syn_options(7), 0, 64, 0)).unwrap();
        c.observe(&syn);
        let mut sa = segment(SYN | ACK, 65160, &[2, 4, 0x05, 0xb4], 0, 64, 0);
        sa[12..20].rotate_left(4);
        sa[20..24].rotate_left(2);
        c.observe(&parse(&sa).unwrap());
        assert_eq!(c.scale(&syn.tuple, End::Initiator), Some(0));
        assert_eq!(c.scale(&syn.tuple, End::Responder), Some(0));
        let unknown = FiveTuple { sport: 1, ..syn.tuple };
        assert_eq!(c.scale(&unknown, End::Initiator), None);
    }

    proptest! {
        /// Any window, cap and scale: the new window is the old one or lower, it is the
        /// cap in scaled units when lower, and both checksums verify afterwards.
        #[test]
        fn lowering_never_raises_and_keeps_checksums(window in any::<u16>(), cap in 0u64..(1 << 31),
                                                     scale in 0u8..=14, payload in 0usize..64, ttl in 1u8..=255) {
            let mut b = segment(ACK, window, &[1, 1, 1, 0], payload, ttl, 0);
            let r = lower_window(&mut b, cap, scale);
            let w = parse(&b).unwrap().tcp.unwrap().window;
            prop_assert!(w <= window);
            match r {
                Some(n) => {
                    prop_assert_eq!(n, w);
                    prop_assert_eq!(w as u64, cap >> scale);
                }
                None => prop_assert_eq!(w, window),
            }
            prop_assert_eq!(l4_checksum(&b), 0);
            set_ttl(&mut b, ttl - 1);
            prop_assert_eq!(ip_checksum(&b), 0);
        }
    }
}
