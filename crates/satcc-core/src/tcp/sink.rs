//! The TCP sink: acknowledges the highest segment received in order, immediately or
//! (delayed ACK) every second segment or after an interval, and always at once for
//! out-of-order segments, as ns-2's TCPSink and TCPSink/DelAck.

use super::ack_records::AckRecords;
use super::config::{ReceiveWindow, SackAgent, TcpConfig};
use super::rcvbuf::RcvBuf;
use super::rtt::TsClock;
use super::sack::{SackBlocks, SackReceiver};
use super::sack1::Sacker;
use super::timestamp::Echoer;
use crate::engine::{from_secs, Time};
use crate::net::{FlowId, Packet, PacketKind};
use std::collections::VecDeque;

/// The most segments a Linux receiver acknowledges one by one when it enters quick-ACK
/// mode [TCP_MAX_QUICKACKS].
const MAX_QUICKACKS: u32 = 16;
/// Bytes a SACK block adds to an ACK of ns-2's Sack1 sink (two 4-byte words).
const SACK1_BLOCK_BYTES: u32 = 8;

/// SACK compression (`tcp.sack_compression`; Linux's __tcp_ack_snd_check and its
/// defaults): the ACKs at one cumulative ACK sent at once before compressing
/// [TCP_FASTRETRANS_THRESH], the most compressed into one [net.ipv4.tcp_comp_sack_nr],
/// the longest they wait [net.ipv4.tcp_comp_sack_delay_ns], and the timer's slack
/// [net.ipv4.tcp_comp_sack_slack_ns]: an hrtimer with a range fires at its end when
/// nothing else wakes the CPU first (the clock event is programmed for the hard expiry).
const COMP_SACK_DUPS: u32 = 3;
const COMP_SACK_NR: u32 = 44;
const COMP_SACK_DELAY_S: f64 = 1e-3;
const COMP_SACK_SLACK_S: f64 = 100e-6;

/// A timestamp echo named by what it echoes: transmission `copy` of segment `seq`
/// (the copy number each data segment carries in `aux`). Linux's TSecr is that copy's
/// TSval; the sender, which keeps when each copy left, reads the RTT from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Echo {
    pub seq: i64,
    pub copy: u8,
}

#[derive(Clone, Debug, Default)]
pub struct SinkStats {
    /// Data packets received, duplicates included (SYN excluded).
    pub data_pkts_received: u64,
    /// Payload bytes of those packets.
    pub payload_bytes_received: u64,
    pub acks_sent: u64,
}

pub struct TcpSink {
    pub flow: FlowId,
    /// Next segment expected in order.
    next: i64,
    /// Segments received beyond `next`: slot k stands for `next + k`.
    ooo: VecDeque<bool>,
    /// How many of those slots hold a segment.
    held: i64,
    delayed_ack: bool,
    /// ns-2's DelAck sink's SYN_immediate_ack_ and RFC2581_immediate_ack_
    /// (`cfg.syn_immediate_ack`, `cfg.rfc2581_immediate_ack`).
    syn_immediate_ack: bool,
    rfc2581_immediate_ack: bool,
    delack_interval_s: f64,
    /// Segments received since the last ACK (delayed ACK).
    unacked: u32,
    /// Deadline of the delayed-ACK timer, if armed.
    pub delack_deadline: Option<Time>,
    /// The timer was set during this event for this many seconds: the event loop times
    /// it on ns-2's double clock (as the sender's `rtx_timer_s`) and takes this.
    pub delack_timer_s: Option<f64>,
    rwnd_pkts: u32,
    ack_size: u32,
    ttl: u8,
    payload: u32,
    syn: bool,
    /// SACK: the ranges above the cumulative ACK, and the blocks of the ACKs sent and
    /// not yet read by the sender, by ACK number.
    sack: Option<SackReceiver>,
    /// ns-2's Sack1 sink's record and blocks instead (`sack_agent: sack1` or `fack`; tcp/sack1.rs).
    sack1: Option<Sacker>,
    /// Its ACKs carry the Sacker's blocks: off under a Sack1 or Fack agent with a plain
    /// TCPSink (`sink_sack: false`), whose ACKs carry none.
    sack1_blocks: bool,
    /// (ACK number, its blocks, when it left, its echo): the time is the timestamp the
    /// sender echoes on the data it sends after reading that ACK (TSval/TSecr); the
    /// echo is the copy whose timestamp the ACK returns (`ts_recent`).
    sent_blocks: AckRecords<(SackBlocks, Time, Option<Echo>)>,
    next_ack_id: u16,
    /// ns-2's timestamp option (tcp.timestamps; tcp/timestamp.rs): the time to echo and
    /// each ACK's echo, by ACK number.
    ts: Option<Box<Echoer>>,
    /// The left edge when the last ACK left (Linux's rcv_wup), and the copy of a segment
    /// whose timestamp the next ACK echoes (ts_recent: taken from a segment at or below
    /// rcv_wup, tcp_replace_ts_recent), and that of the ACK the sender read last.
    wup: i64,
    ts_recent: Option<Echo>,
    read_echo: Option<Echo>,
    pub stats: SinkStats,
    /// A Linux receiver's auto-tuned window (`tcp.receive_window: linux`), and the
    /// receiver's RTT the simulation hands it before each segment (`rtt_hint_s`).
    rcvbuf: Option<RcvBuf>,
    pub rtt_hint_s: f64,
    /// `tcp.quick_ack`: Linux's quick-ACK count (icsk_ack.quick; while nonzero, each
    /// segment is acknowledged at once, and each ACK sent takes one off), and whether
    /// the first data segment has set it.
    quick_ack: bool,
    quick: u32,
    quick_armed: bool,
    /// The time of the event being handled (an ACK leaves then), and when the ACK the
    /// sender read last left (its echo, with SACK's ACK numbers).
    now: Time,
    read_ack_time: Option<Time>,
    /// A Linux receiver's own RTT estimate from the timestamps its data echoes
    /// (tcp_rcv_rtt_measure_ts, tcp_rcv_rtt_update), seconds (0: none yet), and the
    /// echo's tick it last took a sample from.
    rcv_rtt_s: f64,
    last_echo: Option<u64>,
    /// This host's timestamp clock (tcp/rtt.rs).
    ts_clock: TsClock,
    /// How long before the first data segment the handshake's last ACK reaches this
    /// receiver and establishes the connection (set by the simulation from the path).
    handshake_lead: Time,
    /// SACK compression: on, the out-of-order arrivals not acknowledged yet
    /// (compressed_ack), the ACKs sent at the cumulative ACK `comp_at` (dup_ack_counter,
    /// compressed_ack_rcv_nxt), and whether its timer is armed.
    sack_compression: bool,
    compressed: u32,
    comp_dups: u32,
    comp_at: i64,
    comp_armed: bool,
    /// The last segment compressed (its SACK block goes first in the ACK that ends the
    /// wait).
    comp_trigger: i64,
    /// `tcp.push_ack`: an in-order segment carrying PSH is acknowledged at once.
    push_ack: bool,
    /// ECN (`tcp.ecn`), as ns-2's TcpSink::ack echoes it: whether a mark is still to
    /// be echoed (Acker's ecn_unacked_), the ECN bits of the segment being acknowledged
    /// and of the one whose ACK the delayed-ACK sink holds (its save_), `EcnBits`.
    ecn: bool,
    /// `tcp.ecn_syn_ack`: the ACK answering the ECN setup is ECN-capable (ecn_syn_).
    ecn_syn_ack: bool,
    ecn_unacked: bool,
    ecn_of: EcnBits,
    ecn_saved: Option<EcnBits>,
}

/// A data segment's ECN bits as ns-2's sink reads them (hdr_flags): ECN-capable
/// (ect_), marked (ce_), carrying CWR (cong_action_), and the first segment's
/// ECN-setup echo (ecnecho_ on a segment that is not ECT: the negotiation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct EcnBits {
    ect: bool,
    ce: bool,
    cwr: bool,
    setup: bool,
}

impl EcnBits {
    /// The bits of segment `pkt` of an ECN flow: every segment but the first is ECT;
    /// the first asks for ECN (ns-2's output() for seqno 0).
    fn of(pkt: &Packet) -> Self {
        use crate::net::packet::{CE, CWR};
        EcnBits { ect: pkt.seq > 0, ce: pkt.aux & CE != 0, cwr: pkt.aux & CWR != 0, setup: pkt.seq == 0 }
    }
}

impl TcpSink {
    pub fn new(flow: FlowId, cfg: &TcpConfig) -> Self {
        TcpSink {
            flow,
            next: 0,
            ooo: VecDeque::new(),
            held: 0,
            delayed_ack: cfg.delayed_ack,
            syn_immediate_ack: cfg.syn_immediate_ack,
            rfc2581_immediate_ack: cfg.rfc2581_immediate_ack,
            delack_interval_s: cfg.delayed_ack_interval_s,
            unacked: 0,
            delack_deadline: None,
            delack_timer_s: None,
            rwnd_pkts: cfg.advertised_window_pkts(),
            ack_size: cfg.ack_size_bytes,
            ttl: cfg.initial_ttl,
            payload: cfg.packet_size_bytes,
            syn: cfg.syn,
            sack: (cfg.sack && cfg.sack_agent == SackAgent::Rfc6675).then(|| SackReceiver::new(cfg.sack_report)),
            sack1: cfg.ns2_sink_sack().then(|| Sacker::new(cfg.sack_blocks as usize)),
            sack1_blocks: cfg.sink_sends_blocks(),
            sent_blocks: AckRecords::default(),
            next_ack_id: 0,
            ts: cfg.carries_send_times().then(|| Box::new(Echoer::new(cfg.ts_echo_rfc1323))),
            ecn: cfg.ecn,
            ecn_syn_ack: cfg.ecn_syn_ack,
            ecn_unacked: false,
            ecn_of: EcnBits::default(),
            ecn_saved: None,
            wup: 0,
            ts_recent: None,
            read_echo: None,
            stats: SinkStats::default(),
            rcvbuf: (cfg.receive_window == ReceiveWindow::Linux)
                .then(|| {
                    RcvBuf::new(cfg.rcvbuf_initial_bytes, cfg.rcvbuf_max_bytes, cfg.packet_size_bytes, cfg.rcvbuf_scaling_ratio)
                }),
            rtt_hint_s: 0.0,
            quick_ack: cfg.quick_ack,
            quick: 0,
            quick_armed: false,
            now: 0,
            read_ack_time: None,
            rcv_rtt_s: 0.0,
            last_echo: None,
            ts_clock: TsClock::default(),
            handshake_lead: 0,
            sack_compression: cfg.sack_compression,
            push_ack: cfg.push_ack,
            compressed: 0,
            comp_dups: 0,
            comp_at: -1,
            comp_armed: false,
            comp_trigger: 0,
        }
    }

    /// The receiving host's timestamp clock (its phase).
    pub fn set_ts_clock(&mut self, clock: TsClock) {
        self.ts_clock = clock;
    }

    /// The handshake's last ACK arrives this long before the first data segment.
    pub fn set_handshake_lead(&mut self, lead: Time) {
        self.handshake_lead = lead;
    }

    /// Whether the window follows a Linux receiver's buffer (it needs `rtt_hint_s`).
    pub fn autotunes(&self) -> bool {
        self.rcvbuf.is_some()
    }

    /// The window last offered, packets (Linux's rcv_wnd), without offering one.
    fn window_offered(&self) -> u32 {
        match &self.rcvbuf {
            Some(r) => (r.rcv_ssthresh().min(r.allowed()).max(1) as u32).min(self.rwnd_pkts),
            None => self.rwnd_pkts,
        }
    }

    /// The window this ACK advertises, packets.
    fn window(&mut self) -> u32 {
        if self.rcvbuf.is_none() {
            return self.rwnd_pkts;
        }
        let (next, held) = (self.next, self.held);
        let r = self.rcvbuf.as_mut().expect("checked");
        r.advertise(next, held).min(self.rwnd_pkts)
    }

    /// Highest segment received in order (-1 before any).
    pub fn cum_ack(&self) -> i64 {
        self.next - 1
    }

    /// Data segments delivered in order, the SYN excluded.
    pub fn in_order_data_pkts(&self) -> i64 {
        if self.syn {
            (self.next - 1).max(0)
        } else {
            self.next
        }
    }

    /// Send an ACK (written straight into the outbox: building it elsewhere and
    /// copying it in costs a store-forwarding stall on the hot path).
    fn send_ack(&mut self, trigger: i64, out: &mut Vec<Packet>) {
        self.send_ack_dsack(trigger, None, out)
    }

    fn send_ack_dsack(&mut self, trigger: i64, dsack: Option<i64>, out: &mut Vec<Packet>) {
        self.stats.acks_sent += 1;
        // tcp_dec_quickack_mode: one quick ACK used; tcp_event_ack_sent: the compressed
        // ACKs go with it
        self.quick = self.quick.saturating_sub(1);
        self.compressed = 0;
        self.comp_armed = false;
        self.unacked = 0;
        self.delack_deadline = None;
        self.delack_timer_s = None;
        let mut size = self.ack_size;
        let blocks = match (&self.sack, self.sack1.as_mut()) {
            (Some(r), _) => {
                let mut b = r.blocks(trigger);
                b.dsack = dsack;
                Some(b)
            }
            (None, Some(s)) if self.sack1_blocks => {
                // ns-2's Sacker: 8 bytes on the ACK per block (ch->size() += 8 * blocks)
                let b = s.blocks(trigger);
                size += SACK1_BLOCK_BYTES * b.n as u32;
                Some(b)
            }
            // a plain TCPSink under a Sack1 or Fack agent: no blocks, the record kept
            // for the echo its Fack times ACKs by
            (None, Some(_)) => Some(SackBlocks::default()),
            (None, None) => None,
        };
        // an ACK whose sender needs a record kept beside it (SACK blocks, the echoed
        // time) carries its number
        let (tos, aux) = if blocks.is_some() || self.ts.is_some() {
            let id = self.next_ack_id;
            self.next_ack_id = id.wrapping_add(1) & crate::net::packet::SACK_ID_MASK;
            if let Some(b) = blocks {
                self.sent_blocks.push(id, (b, self.now, self.ts_recent));
            }
            if let Some(t) = self.ts.as_mut() {
                t.on_ack_sent(id, self.next - 1);
            }
            Packet::sack_id_bytes(id)
        } else {
            (0, 0)
        };
        let aux = if self.ecn {
            let (ece, ect) = self.echoes_ecn();
            aux | if ece { crate::net::packet::ECE } else { 0 } | if ect { crate::net::packet::ACK_ECT } else { 0 }
        } else {
            aux
        };
        // tcp_select_window: rcv_wup = rcv_nxt with every segment sent
        self.wup = self.next;
        out.push(Packet {
            flow: self.flow,
            kind: PacketKind::Ack,
            seq: self.next - 1,
            size_bytes: size as u16,
            ttl: self.ttl,
            tos,
            aux,
            rwnd_pkts: self.window(),
            hop: 0,
        });
    }

    /// ns-2's TcpSink::ack for ECN: whether the ACK being sent carries ECN-Echo, from
    /// the segment acknowledged (`ecn_of`) and the one the delayed-ACK sink held
    /// (`ecn_saved`, taken): a CWR ends the echo, then a mark on an ECT segment starts
    /// it, and the ACK echoes it if either segment is ECT; the first segment's setup
    /// request is answered with ECN-Echo whatever else holds.
    fn echoes_ecn(&mut self) -> (bool, bool) {
        let of = self.ecn_of;
        let sf = self.ecn_saved.take();
        let any = |f: fn(&EcnBits) -> bool| f(&of) || sf.as_ref().is_some_and(f);
        if any(|b| b.cwr) {
            self.ecn_unacked = false;
        }
        if any(|b| b.ect && b.ce) {
            self.ecn_unacked = true;
        }
        let mut ece = any(|b| b.ect) && self.ecn_unacked;
        let setup = any(|b| !b.ect && b.setup);
        if setup {
            ece = true;
        }
        // (with ecn_syn_, the answer to the setup is ECN-capable)
        (ece, setup && self.ecn_syn_ack)
    }

    /// Record a segment; returns true if it filled the next in-order slot.
    fn record(&mut self, seq: i64) -> bool {
        if seq < self.next {
            return false;
        }
        if seq == self.next {
            self.next += 1;
            self.ooo.pop_front();
            while self.ooo.front() == Some(&true) {
                self.ooo.pop_front();
                self.next += 1;
                self.held -= 1;
            }
            return true;
        }
        // slot 0 of `ooo` stands for `next` itself, which is missing
        let idx = (seq - self.next) as usize;
        super::grow_to(&mut self.ooo, idx + 1, false);
        if !self.ooo[idx] {
            self.ooo[idx] = true;
            self.held += 1;
        }
        false
    }

    /// A data packet arrives; an ACK to send now, if any, goes to `out`.
    pub fn on_data(&mut self, pkt: &Packet, now: Time, out: &mut Vec<Packet>) {
        self.now = now;
        if self.ecn {
            self.ecn_of = EcnBits::of(pkt);
        }
        let is_syn = self.syn && pkt.seq == 0;
        if !is_syn {
            self.stats.data_pkts_received += 1;
            self.stats.payload_bytes_received += self.payload as u64;
        }
        let before = self.next;
        if let Some(s) = self.sack1.as_mut() {
            s.on_segment(pkt.seq);
        }
        if self.quick_ack && !is_syn && !self.quick_armed {
            // the first data segment: tcp_incr_quickack(TCP_MAX_QUICKACKS), half the
            // window offered in segments, at most 16
            self.quick_armed = true;
            self.quick = (self.window_offered() / 2).clamp(1, MAX_QUICKACKS);
        }
        // a segment received before: SACK receivers report it as a D-SACK (RFC 2883)
        let duplicate = self.sack.is_some()
            && (pkt.seq < self.next || self.ooo.get((pkt.seq - self.next) as usize).copied().unwrap_or(false));
        if !is_syn {
            if let Some(r) = self.rcvbuf.as_mut() {
                // the first data segment: the connection was established when the
                // handshake's last ACK arrived, just before it (the measure begins there)
                r.establish(before, now.saturating_sub(self.handshake_lead));
            }
        }
        if self.sack.is_some()
            && !is_syn
            && pkt.seq <= self.wup
            && self.ts_recent.map_or(true, |e| e.seq != pkt.seq || e.copy <= pkt.copy())
        {
            // tcp_replace_ts_recent (kept where an ACK's record can name it: SACK): a
            // segment at or below rcv_wup (not an earlier copy of the one already taken:
            // PAWS refuses an older timestamp)
            self.ts_recent = Some(Echo { seq: pkt.seq, copy: pkt.copy() });
        }
        let in_order = self.record(pkt.seq);
        if self.rcvbuf.is_some() && !duplicate && !is_syn {
            // data only (tcp_event_data_recv; the SYN grows no window): its own RTT
            // estimate once it has one, else the hint
            let rtt = if self.rcv_rtt_s > 0.0 { self.rcv_rtt_s } else { self.rtt_hint_s };
            let (next, held, span) = (self.next, self.held, self.ooo.len() as i64);
            let r = self.rcvbuf.as_mut().expect("checked");
            if (in_order || self.sack.is_some()) && r.on_segment(!in_order, held, span) && (in_order || self.sack_compression) {
                // tcp_grow_window raised rcv_ssthresh: icsk_ack.quick |= 1 (out of order
                // too, SACK flows; without compression those are acknowledged at once)
                self.quick |= 1;
            }
            if in_order {
                r.on_read(before, next, now, rtt, span);
            }
        }
        if self.compressed > 0 && pkt.seq >= self.next && self.sack.as_ref().is_some_and(|r| r.forgets_a_block(pkt.seq)) {
            // a Linux receiver about to forget a block sends the ACK it is compressing
            // first (tcp_sack_compress_send_ack)
            self.send_ack(self.comp_trigger, out);
        }
        if let Some(r) = self.sack.as_mut() {
            if pkt.seq >= self.next {
                r.record(pkt.seq);
            }
            r.advance(self.next);
        }
        if duplicate && !is_syn {
            if self.sack_compression && pkt.seq < self.next {
                // old data: tcp_enter_quickack_mode(TCP_MAX_QUICKACKS)
                self.quick = self.quick.max((self.window_offered() / 2).clamp(2, MAX_QUICKACKS));
            }
            return self.send_ack_dsack(pkt.seq, Some(pkt.seq), out);
        }
        let gap_left = !self.ooo.is_empty();
        if self.sack_compression && !in_order && gap_left && self.quick == 0 {
            return self.compress(pkt.seq, now, out);
        }
        // ns-2's DelAck sink delays the ACK of any packet whose seqno is the cumulative
        // ACK it will send (`th->seqno() == acker_->Seqno()`): a new in-order packet, and
        // also another copy of the last one received in order (a go-back-N
        // retransmission after a timeout), which Linux would acknowledge at once
        let delays = in_order || (self.ns2_sink() && pkt.seq + 1 == self.next);
        // the SYN is acknowledged at once; ns-2's sink takes seqno 0 for it even when the
        // sender sends none (SYN_immediate_ack_ tests the seqno), unless told not to
        // (is_syn implies seqno 0: the test of ns2_sink waits for it)
        let syn_like = pkt.seq == 0 && if self.ns2_sink() { self.syn_immediate_ack } else { is_syn };
        // an in-order segment with a gap still open above it: at once (RFC 2581 4.2,
        // ns-2's RFC2581_immediate_ack_); one that filled a gap moves the cumulative ACK
        // past itself, which ns-2's sink acknowledges at once whatever that says
        let below_highest = gap_left && (self.rfc2581_immediate_ack || !self.ns2_sink());
        if !self.delayed_ack || !delays || below_highest || self.next > before + 1 || syn_like {
            return self.send_ack(pkt.seq, out);
        }
        self.unacked += 1;
        // a segment ending the sender's skb (PSH), read at once with nothing held out of
        // order: tcp_cleanup_rbuf sends the ACK (ICSK_ACK_PUSHED, Linux 6.7+)
        let pushed = self.push_ack && pkt.pushed();
        if self.unacked >= 2 || (self.quick_ack && self.quick > 0) || pushed {
            return self.send_ack(pkt.seq, out);
        }
        if self.delack_deadline.is_none() {
            self.delack_deadline = Some(now + from_secs(self.delack_interval_s));
            self.delack_timer_s = Some(self.delack_interval_s);
        }
        if self.ecn {
            // the delayed-ACK sink holds this segment (its save_)
            self.ecn_saved = Some(self.ecn_of);
        }
    }

    /// ns-2's TCPSink (no SACK, none of a Linux receiver's features).
    fn ns2_sink(&self) -> bool {
        self.sack.is_none() && !self.quick_ack && self.rcvbuf.is_none()
    }

    /// An out-of-order segment arrives with SACK compression on and no quick ACKs due
    /// (__tcp_ack_snd_check): at most COMP_SACK_NR wait; the first COMP_SACK_DUPS at a
    /// cumulative ACK go at once; the others wait for the compression timer, min(1 ms,
    /// RTT / 20) and its slack from the first of them (the smaller of the receiver's
    /// own estimate and the connection's SRTT), or for any ACK sent before it.
    fn compress(&mut self, trigger: i64, now: Time, out: &mut Vec<Packet>) {
        if self.compressed >= COMP_SACK_NR {
            return self.send_ack(trigger, out);
        }
        if self.comp_at != self.next {
            self.comp_at = self.next;
            self.comp_dups = 0;
        }
        if self.comp_dups < COMP_SACK_DUPS {
            self.comp_dups += 1;
            return self.send_ack(trigger, out);
        }
        self.compressed += 1;
        self.comp_trigger = trigger;
        if !self.comp_armed {
            self.comp_armed = true;
            let rtt = [self.rcv_rtt_s, self.rtt_hint_s].into_iter().filter(|r| *r > 0.0).fold(f64::INFINITY, f64::min);
            let delay = if rtt.is_finite() { COMP_SACK_DELAY_S.min(rtt / 20.0) } else { 0.0 } + COMP_SACK_SLACK_S;
            let due = now + from_secs(delay);
            if self.delack_deadline.is_none_or(|d| due < d) {
                self.delack_deadline = Some(due);
                self.delack_timer_s = Some(delay);
            }
        }
    }

    /// The delayed-ACK timer (or SACK compression's) fired.
    pub fn on_delack_timer(&mut self, out: &mut Vec<Packet>) {
        if let Some(t) = self.delack_deadline {
            self.now = t;
        }
        self.delack_deadline = None;
        if let Some(saved) = self.ecn_saved {
            // ns-2's DelAckSink::timeout acknowledges save_ itself
            self.ecn_of = saved;
        }
        if self.compressed > 0 {
            self.send_ack(self.comp_trigger, out);
        } else if self.unacked > 0 {
            self.send_ack(self.next - 1, out);
        }
    }

    /// The SACK blocks of the ACK with number `id` (ACKs reach the sender in the order
    /// they were sent; those lost on the way are skipped).
    pub fn sack_blocks(&mut self, id: u16) -> Option<SackBlocks> {
        self.read_echo = None;
        let (b, t, e) = self.sent_blocks.take(id)?;
        self.read_ack_time = Some(t);
        self.read_echo = e;
        Some(b)
    }

    /// ACK `id` was lost on its way: the records kept for it go.
    pub fn forget_ack(&mut self, id: u16) {
        self.sent_blocks.forget(id);
        if let Some(t) = self.ts.as_mut() {
            t.forget(id);
        }
    }

    /// With ns-2's timestamps: data segment `seq`, sent at `ts`, arrived
    /// (Acker::update_ts, before the segment is taken in).
    #[inline]
    pub fn on_send_time(&mut self, seq: i64, ts: f64) {
        if let Some(t) = self.ts.as_mut() {
            t.on_segment(seq, ts);
        }
    }

    /// With ns-2's timestamps: the time the ACK with number `id` echoes (None without
    /// them, or for an ACK without a record).
    #[inline]
    pub fn ts_echo_of(&mut self, id: u16) -> Option<f64> {
        self.ts.as_mut().and_then(|t| t.echo_of(id))
    }

    /// The copy whose timestamp the ACK just read by `sack_blocks` echoes (TSecr), if
    /// any segment had set one.
    pub fn read_echo(&self) -> Option<Echo> {
        self.read_echo
    }

    /// When the ACK the sender read last left this receiver (the timestamp the
    /// sender's next segments echo), if known.
    pub fn read_ack_time(&self) -> Option<Time> {
        self.read_ack_time
    }

    /// A data segment echoing `echo` (when the ACK its sender had read last left here)
    /// arrives at `now`: Linux takes an RTT sample once per echo (tcp_rcv_rtt_measure_ts)
    /// and keeps the lowest at once, smoothing higher ones by 1/8 (tcp_rcv_rtt_update,
    /// 6.16: "always seek for minimal rtt"; the application reads at once, so the
    /// receive queue is empty).
    pub fn on_echo(&mut self, echo: Time, now: Time) {
        // the echo is this host's own timestamp (a tick of its millisecond clock) sent
        // back: a new echo is a new tick, and an RTT under one tick is no sample
        let tick = self.ts_clock.tick(echo);
        if self.last_echo == Some(tick) {
            return;
        }
        self.last_echo = Some(tick);
        let Some(sample) = self.ts_clock.receiver_rtt_s(echo, now) else { return };
        self.rcv_rtt_s = if self.rcv_rtt_s == 0.0 || sample < self.rcv_rtt_s {
            sample
        } else {
            self.rcv_rtt_s - self.rcv_rtt_s / 8.0 + sample / 8.0
        };
    }

    /// A Linux receiver's window state (`tcp.receive_window: linux`).
    pub fn rcvbuf(&self) -> Option<&RcvBuf> {
        self.rcvbuf.as_ref()
    }

    /// The receiver's RTT estimate, seconds (0 before a sample).
    pub fn rcv_rtt_s(&self) -> f64 {
        self.rcv_rtt_s
    }
}

/// A Linux receiver's settings for tests: SACK, 1448-byte segments, the auto-tuned window
/// and no fixed cap.
#[cfg(test)]
pub(crate) fn linux_receiver() -> TcpConfig {
    TcpConfig {
        sack: true,
        packet_size_bytes: 1448,
        rwnd_pkts: 100_000,
        receive_window: ReceiveWindow::Linux,
        sack_report: super::config::SackReport::Linux,
        ..TcpConfig::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tcp::SackReport;

    fn data(seq: i64) -> Packet {
        Packet { flow: 0, kind: PacketKind::Data, seq, size_bytes: 1040, ttl: 32, tos: 0, rwnd_pkts: 0, hop: 0, aux: 0 }
    }

    trait Once {
        fn on_data1(&mut self, p: &Packet, now: Time) -> Option<Packet>;
        fn timer1(&mut self) -> Option<Packet>;
    }
    impl Once for TcpSink {
        fn on_data1(&mut self, p: &Packet, now: Time) -> Option<Packet> {
            let mut out = vec![];
            self.on_data(p, now, &mut out);
            out.pop()
        }
        fn timer1(&mut self) -> Option<Packet> {
            let mut out = vec![];
            self.on_delack_timer(&mut out);
            out.pop()
        }
    }

    /// Each ACK's record names the copy whose timestamp it echoes (ts_recent): the
    /// segment at the left edge when the ACK before it left (rcv_wup), not the
    /// delayed ACK's second segment, not an out-of-order one, and the retransmission
    /// that fills a hole; a late earlier copy of that segment does not replace it.
    #[test]
    fn an_acks_echo_names_the_copy_at_the_left_edge() {
        let cfg = TcpConfig { sack: true, delayed_ack: true, ..TcpConfig::default() };
        let mut s = TcpSink::new(0, &cfg);
        let copy = |seq, c| Packet { aux: c, ..data(seq) };
        let echo_of = |s: &mut TcpSink, a: Packet| {
            s.sack_blocks(a.sack_id()).expect("a record");
            s.read_echo()
        };
        assert!(s.on_data1(&data(0), 0).is_some(), "the SYN: at once");
        while s.cum_ack() < 4 {
            assert!(s.on_data1(&data(s.cum_ack() + 1), 0).is_none(), "delayed");
            let a = s.on_data1(&data(s.cum_ack() + 1), 0).expect("the second of a pair");
            let first = a.seq - 1;
            assert_eq!(echo_of(&mut s, a), Some(Echo { seq: first, copy: 0 }), "the first of the pair");
        }
        let c = s.cum_ack();
        assert!(s.on_data1(&data(c + 1), 0).is_none());
        let a = s.on_data1(&data(c + 3), 0).expect("out of order: at once");
        assert_eq!(echo_of(&mut s, a), Some(Echo { seq: c + 1, copy: 0 }), "out of order: no new echo");
        let a = s.on_data1(&data(c + 4), 0).unwrap();
        assert_eq!(echo_of(&mut s, a), Some(Echo { seq: c + 1, copy: 0 }));
        // the hole's second copy fills it; its first, late, changes nothing
        let a = s.on_data1(&copy(c + 2, 1), 0).unwrap();
        assert_eq!(a.seq, c + 4);
        assert_eq!(echo_of(&mut s, a), Some(Echo { seq: c + 2, copy: 1 }), "the retransmission");
        let a = s.on_data1(&copy(c + 2, 0), 0).expect("a D-SACK");
        assert_eq!(echo_of(&mut s, a), Some(Echo { seq: c + 2, copy: 1 }), "an older copy's timestamp is refused");
    }

    /// ns-2 pairs any agent with any sink: under a Sack1 agent a plain TCPSink's ACKs
    /// carry no blocks (and the record the sender reads beside each is kept); a Sack1
    /// sink under a NewReno agent reports its blocks, 8 bytes each on the ACK.
    #[test]
    fn a_sink_paired_crosswise_carries_its_own_kind_of_blocks() {
        use crate::tcp::SackAgent;
        let sack1 = TcpConfig { sack: true, sack_agent: SackAgent::Sack1, ..TcpConfig::default() };
        let run = |cfg: &TcpConfig| {
            let mut s = TcpSink::new(0, cfg);
            s.on_data1(&data(0), 0).unwrap();
            s.on_data1(&data(1), 0).unwrap();
            let a = s.on_data1(&data(3), 0).expect("out of order: at once");
            (a.size_bytes, s.sack_blocks(a.sack_id()).map(|b| b.n))
        };
        let ack = TcpConfig::default().ack_size_bytes as u16;
        assert_eq!(run(&sack1), (ack + 8, Some(1)), "a Sack1 sink under a Sack1 agent: one block");
        assert_eq!(run(&TcpConfig { sink_sack: Some(false), ..sack1.clone() }), (ack, Some(0)), "a plain TCPSink");
        let reno = TcpConfig { sink_sack: Some(true), ..TcpConfig::default() };
        assert!(reno.validate("tcp").is_ok());
        assert_eq!(run(&reno), (ack + 8, Some(1)), "a Sack1 sink under a NewReno agent");
        assert_eq!(run(&TcpConfig::default()), (ack, None), "a plain TCPSink under a NewReno agent: no record");
    }

    /// ns-2's TcpSink::ack for ECN: the first segment's setup request is answered;
    /// a mark on an ECT segment is echoed on every ACK until a segment carries CWR; the
    /// echo stops with the ACK of that segment (CWR is read before CE).
    #[test]
    fn ecn_echo_runs_from_a_mark_to_the_next_cwr() {
        use crate::net::packet::{CE, CWR};
        let cfg = TcpConfig { ecn: true, ..TcpConfig::default() };
        let mut s = TcpSink::new(0, &cfg);
        let ece = |a: Packet| a.ece();
        assert!(ece(s.on_data1(&data(0), 0).unwrap()), "the setup: answered");
        assert!(!ece(s.on_data1(&data(1), 0).unwrap()));
        assert!(ece(s.on_data1(&Packet { aux: CE, ..data(2) }, 0).unwrap()), "marked");
        assert!(ece(s.on_data1(&data(3), 0).unwrap()), "echoed until CWR");
        assert!(ece(s.on_data1(&data(5), 0).unwrap()), "a duplicate ACK too");
        assert!(!ece(s.on_data1(&Packet { aux: CWR, ..data(4) }, 0).unwrap()), "CWR ends it");
        assert!(!ece(s.on_data1(&data(6), 0).unwrap()));
        assert!(ece(s.on_data1(&Packet { aux: CE | CWR, ..data(7) }, 0).unwrap()), "a new mark with CWR: echoed");
        // a flow without ECN never echoes, and a mark on its first segment (not ECT)
        // starts nothing
        let mut plain = TcpSink::new(0, &TcpConfig::default());
        assert!(!ece(plain.on_data1(&Packet { aux: CE, ..data(0) }, 0).unwrap()));
        let mut s = TcpSink::new(0, &cfg);
        s.on_data1(&Packet { aux: CE, ..data(0) }, 0).unwrap();
        assert!(!ece(s.on_data1(&data(1), 0).unwrap()), "the first segment is not ECT: its CE is not read");
    }

    /// ns-2's TcpSink with ecn_syn_ (`ecn_syn_ack`): the ACK answering the setup (the
    /// first segment, and its copies) is ECN-capable; no other is, a duplicate ACK of the
    /// first segment sent for a later one included. Without ecn_syn_, none is. The SACK
    /// record number the ACK carries is unchanged by the bit.
    #[test]
    fn the_setups_answer_is_ecn_capable_with_ecn_syn() {
        use crate::net::packet::ACK_ECT;
        let ect = |a: &Packet| a.aux & ACK_ECT != 0;
        let cfg = TcpConfig { ecn: true, ecn_syn_ack: true, ..TcpConfig::default() };
        let mut s = TcpSink::new(0, &cfg);
        let a0 = s.on_data1(&data(0), 0).unwrap();
        assert!(ect(&a0) && a0.ece());
        assert!(ect(&s.on_data1(&data(0), 0).unwrap()), "a copy of the first segment: answered again");
        assert!(!ect(&s.on_data1(&data(2), 0).unwrap()), "a duplicate ACK of 0 for segment 2");
        assert!(!ect(&s.on_data1(&data(1), 0).unwrap()));
        let mut plain = TcpSink::new(0, &TcpConfig { ecn: true, ..TcpConfig::default() });
        assert!(!ect(&plain.on_data1(&data(0), 0).unwrap()));
        // the SACK number beside it
        let sack = TcpConfig { ecn: true, ecn_syn_ack: true, sink_sack: Some(true), ..TcpConfig::default() };
        let mut s = TcpSink::new(0, &sack);
        for k in 0..3 {
            let a = s.on_data1(&data(k), 0).unwrap();
            assert_eq!((a.sack_id(), ect(&a)), (k as u16, k == 0));
        }
    }

    /// The delayed-ACK sink reads the segment it held (its save_) with the one that
    /// releases the ACK, and the timer's ACK reads the held one alone.
    #[test]
    fn the_delayed_ack_sink_echoes_a_mark_on_the_segment_it_held() {
        use crate::net::packet::CE;
        let cfg = TcpConfig { ecn: true, delayed_ack: true, ..TcpConfig::default() };
        let mut s = TcpSink::new(0, &cfg);
        assert!(s.on_data1(&data(0), 0).unwrap().ece(), "seqno 0 at once, the setup answered");
        assert!(s.on_data1(&Packet { aux: CE, ..data(1) }, 0).is_none(), "held");
        let a = s.on_data1(&data(2), 0).expect("the pair's ACK");
        assert!(a.ece(), "the held segment's mark");
        assert!(s.on_data1(&data(3), 0).is_none());
        assert!(s.timer1().expect("the timer's ACK").ece(), "still echoed: no CWR yet");
        let mut s = TcpSink::new(0, &cfg);
        s.on_data1(&data(0), 0).unwrap();
        assert!(s.on_data1(&data(1), 0).is_none());
        assert!(!s.timer1().unwrap().ece(), "nothing marked");
    }

    #[test]
    fn cumulative_ack_with_holes() {
        let mut s = TcpSink::new(0, &TcpConfig::default());
        assert_eq!(s.on_data1(&data(0), 0).unwrap().seq, 0);
        assert_eq!(s.on_data1(&data(1), 0).unwrap().seq, 1);
        assert_eq!(s.on_data1(&data(3), 0).unwrap().seq, 1);
        assert_eq!(s.on_data1(&data(4), 0).unwrap().seq, 1);
        assert_eq!(s.on_data1(&data(2), 0).unwrap().seq, 4);
        assert_eq!(s.on_data1(&data(2), 0).unwrap().seq, 4, "duplicate");
        let a = s.on_data1(&data(5), 0).unwrap();
        assert_eq!(a.seq, 5);
        assert_eq!(a.rwnd_pkts, 20);
        assert_eq!(a.size_bytes, 40);
        assert_eq!(s.in_order_data_pkts(), 5);
        assert_eq!(s.stats.data_pkts_received, 6);
    }

    /// ns-2's DelAck sink with SYN_immediate_ack_ false: seqno 0 waits as any segment;
    /// with RFC2581_immediate_ack_ false an in-order segment below a gap waits too,
    /// while one that fills the gap (the cumulative ACK past it) is acknowledged at once.
    #[test]
    fn ns2s_immediate_ack_rules_can_be_turned_off() {
        let cfg = TcpConfig { delayed_ack: true, syn_immediate_ack: false, ..TcpConfig::default() };
        let mut s = TcpSink::new(0, &cfg);
        assert!(s.on_data1(&data(0), 0).is_none(), "seqno 0 delayed");
        assert_eq!(s.on_data1(&data(1), 0).map(|a| a.seq), Some(1), "the second of a pair");
        for (rfc2581, want) in [(true, Some(3)), (false, None)] {
            let cfg = TcpConfig { delayed_ack: true, rfc2581_immediate_ack: rfc2581, ..TcpConfig::default() };
            let mut s = TcpSink::new(0, &cfg);
            s.on_data1(&data(0), 0);
            s.on_data1(&data(1), 0);
            s.on_data1(&data(2), 0);
            assert_eq!(s.on_data1(&data(5), 0).map(|a| a.seq), Some(2), "out of order: at once");
            // 3 arrives in order, 5 still above a gap
            assert_eq!(s.on_data1(&data(3), 0).map(|a| a.seq), want, "{rfc2581}");
            // 4 fills the gap: the cumulative ACK moves past it, at once either way
            assert_eq!(s.on_data1(&data(4), 0).map(|a| a.seq), Some(5), "{rfc2581}");
        }
    }

    #[test]
    fn delayed_ack_every_second_packet_or_timer() {
        let cfg = TcpConfig { delayed_ack: true, ..TcpConfig::default() };
        let mut s = TcpSink::new(0, &cfg);
        assert!(s.on_data1(&data(0), 0).is_some(), "SYN acked at once");
        assert!(s.on_data1(&data(1), 0).is_none());
        assert_eq!(s.delack_deadline, Some(100_000_000));
        assert_eq!(s.on_data1(&data(2), 1).unwrap().seq, 2);
        assert!(s.on_data1(&data(3), 2).is_none());
        assert_eq!(s.timer1().unwrap().seq, 3);
        assert!(s.timer1().is_none());
        // out of order: immediate
        assert_eq!(s.on_data1(&data(5), 3).unwrap().seq, 3);
    }

    /// `receive_window: linux`: the ACKs carry the auto-tuned window (tcp/rcvbuf.rs):
    /// 55 segments of 1448 bytes at first, more once an RTT of reads has passed, the
    /// segments held above a hole taken off it (the offered edge kept), `rwnd_pkts` on top.
    #[test]
    fn a_linux_receiver_advertises_its_auto_tuned_window() {
        let cfg = linux_receiver();
        let mut s = TcpSink::new(0, &cfg);
        assert!(s.autotunes());
        s.rtt_hint_s = 0.1;
        let ms = 1_000_000;
        let a = s.on_data1(&data(0), 0).unwrap();
        assert_eq!(a.rwnd_pkts, 44, "the handshake's clamp (rcvbuf.rs)");
        for q in 1..=40 {
            s.on_data1(&data(q), q as u64 * ms);
        }
        // 100 ms after the first data segment (the connection established, the SYN not
        // counted): 41 read in the RTT, the buffer grows; the window (rcv_ssthresh,
        // which had no room to grow) then gains two segments per segment received
        let a = s.on_data1(&data(41), 101 * ms).unwrap();
        assert_eq!(a.rwnd_pkts, 55);
        let mut edge = a.seq + a.rwnd_pkts as i64;
        for q in 42..=61 {
            let a = s.on_data1(&data(q), 102 * ms).unwrap();
            assert!(a.seq + a.rwnd_pkts as i64 >= edge, "the right edge never moves back");
            edge = a.seq + a.rwnd_pkts as i64;
        }
        assert_eq!(edge - 61, 55 + 2 * 20);
        // a hole at 62, 30 segments held above it: the window offered stays, and the
        // segments held come off what the buffer allows once the edge no longer binds
        for q in 63..=92 {
            let a = s.on_data1(&data(q), 103 * ms).unwrap();
            assert_eq!(a.seq, 61);
            assert!(a.seq + a.rwnd_pkts as i64 >= edge);
            edge = a.seq + a.rwnd_pkts as i64;
        }
        let a = s.on_data1(&data(62), 104 * ms).unwrap();
        assert_eq!(a.seq, 92);
        assert!(a.seq + a.rwnd_pkts as i64 >= edge);
        let capped = TcpConfig { rwnd_pkts: 20, ..cfg };
        let mut c = TcpSink::new(0, &capped);
        assert_eq!(c.on_data1(&data(0), 0).unwrap().rwnd_pkts, 20, "rwnd_pkts caps it");
        let fixed = TcpSink::new(0, &TcpConfig { receive_window: ReceiveWindow::Fixed, ..capped });
        assert!(!fixed.autotunes());
    }

    /// A Linux receiver's first receive-space measure begins when the handshake's last
    /// ACK arrives, `handshake_lead` before the first data segment: a segment due just
    /// after the first RTT from then ends the measure, and counts in it.
    #[test]
    fn the_first_measure_runs_from_the_handshakes_last_ack() {
        let cfg = linux_receiver();
        let us = 1_000;
        let space_after = |lead: Time| {
            let mut s = TcpSink::new(0, &cfg);
            s.set_handshake_lead(lead);
            s.rtt_hint_s = 0.1;
            s.on_data1(&data(0), 0); // the SYN
            for q in 1..=10 {
                s.on_data1(&data(q), 200_000 * us + q as u64 * 600 * us);
            }
            // the next flight's first segment, 99.9 ms after the first data segment
            s.on_data1(&data(11), 300_500 * us);
            s.rcvbuf().map(|r| r.space())
        };
        assert_eq!(space_after(600 * us), Some(11), "due at 300.0 ms: 11 read in the RTT");
        assert_eq!(space_after(0), Some(10), "due at 300.6 ms: the measure runs on");
    }

    /// `push_ack`: an in-order segment carrying PSH is acknowledged at once (Linux
    /// 6.7+, tcp_cleanup_rbuf), one without waits for its pair or the timer; the flag
    /// means nothing to a receiver without the option, and a segment held out of order
    /// is acknowledged at once either way.
    #[test]
    fn push_ack_acknowledges_an_in_order_segment_with_psh_at_once() {
        let ms = 1_000_000;
        let psh = |seq| Packet { aux: crate::net::packet::PUSH, ..data(seq) };
        let cfg = TcpConfig { delayed_ack: true, ..TcpConfig::default() };
        let mut s = TcpSink::new(0, &TcpConfig { push_ack: true, ..cfg.clone() });
        assert!(s.on_data1(&data(0), 0).is_some(), "SYN acked at once");
        assert!(s.on_data1(&data(1), ms).is_none(), "no PSH: delayed");
        assert_eq!(s.on_data1(&psh(2), 2 * ms).map(|a| a.seq), Some(2));
        assert_eq!(s.on_data1(&psh(3), 3 * ms).map(|a| a.seq), Some(3), "PSH: at once, alone");
        assert!(s.on_data1(&data(4), 4 * ms).is_none());
        assert_eq!(s.on_data1(&psh(6), 5 * ms).map(|a| a.seq), Some(4), "out of order: at once");
        let mut off = TcpSink::new(0, &cfg);
        off.on_data1(&data(0), 0);
        assert!(off.on_data1(&psh(1), ms).is_none(), "without push_ack PSH changes nothing");
        assert_eq!(off.on_data1(&psh(2), 2 * ms).map(|a| a.seq), Some(2));
    }

    /// ns-2's DelAck sink delays the ACK of a packet whose seqno is the cumulative ACK,
    /// so also of a second copy of the last packet received in order when no ACK is
    /// waiting (DelAckSink::recv); an older duplicate is acknowledged at once.
    #[test]
    fn a_delack_sink_delays_a_copy_of_its_last_in_order_packet_as_ns2_does() {
        let ms = 1_000_000;
        let cfg = TcpConfig { delayed_ack: true, ..TcpConfig::default() };
        let mut s = TcpSink::new(0, &cfg);
        assert!(s.on_data1(&data(0), 0).is_some(), "SYN acked at once");
        assert!(s.on_data1(&data(1), ms).is_none());
        assert_eq!(s.on_data1(&data(2), 2 * ms).unwrap().seq, 2, "every second packet");
        assert_eq!(s.on_data1(&data(1), 3 * ms).unwrap().seq, 2, "an older copy: at once");
        assert!(s.on_data1(&data(2), 4 * ms).is_none(), "a copy of the last: delayed");
        assert_eq!(s.on_data1(&data(3), 5 * ms).unwrap().seq, 3, "the next packet finds an ACK waiting");
        assert!(s.on_data1(&data(3), 6 * ms).is_none());
        let mut out = vec![];
        s.on_delack_timer(&mut out);
        assert_eq!(out.iter().map(|a| a.seq).collect::<Vec<_>>(), [3], "the timer sends it");
        let no_syn = TcpConfig { syn: false, ..cfg };
        let mut n = TcpSink::new(0, &no_syn);
        assert_eq!(n.on_data1(&data(0), 0).map(|a| a.seq), Some(0), "seqno 0 at once, SYN or not");
        assert!(n.on_data1(&data(1), ms).is_none());
        let linux = TcpConfig { quick_ack: true, ..cfg };
        let mut l = TcpSink::new(0, &linux);
        for q in 0..=2 {
            l.on_data1(&data(q), q as u64 * ms);
        }
        assert_eq!(l.on_data1(&data(2), 4 * ms).unwrap().seq, 2, "a Linux receiver: at once");
    }

    /// `quick_ack`: a Linux receiver acknowledges its first data segments one by one
    /// (tcp_incr_quickack: half the window offered, at most 16), then every second;
    /// with its auto-tuned window, every in-order segment that grows the window it may
    /// offer is acknowledged at once too (tcp_grow_window's quick |= 1).
    #[test]
    fn quick_ack_acknowledges_the_first_segments_and_those_that_open_the_window_at_once() {
        use crate::tcp::ReceiveWindow;
        let ms = 1_000_000;
        let base = TcpConfig { delayed_ack: true, quick_ack: true, rwnd_pkts: 100, ..TcpConfig::default() };
        let mut s = TcpSink::new(0, &base);
        assert!(s.on_data1(&data(0), 0).is_some(), "SYN acked at once");
        for q in 1..=16 {
            assert!(s.on_data1(&data(q), q as u64).is_some(), "segment {q} acknowledged at once");
        }
        assert!(s.on_data1(&data(17), 17).is_none(), "then every second");
        assert!(s.on_data1(&data(18), 18).is_some());
        // 20 packets offered: 10 quick ACKs, then one for the next two
        let mut s = TcpSink::new(0, &TcpConfig { rwnd_pkts: 20, ..base.clone() });
        s.on_data1(&data(0), 0);
        assert_eq!((1..=12).filter(|&q| s.on_data1(&data(q), q as u64).is_some()).count(), 11);
        // ns-2's DelAck sink (quick_ack off): every second from the first
        let mut s = TcpSink::new(0, &TcpConfig { quick_ack: false, ..base.clone() });
        s.on_data1(&data(0), 0);
        assert!(s.on_data1(&data(1), 1).is_none());
        // a Linux receiver's window: rcv_ssthresh 44 segments at the handshake (the SYN
        // grows nothing), the first six data segments grow it into the buffer's 55 and
        // each keeps the quick-ACK count where it was (quick |= 1 before the ACK takes
        // one), so 22 segments are acknowledged one by one (a Linux receiver in the
        // emulation: 22, tests/data/linux_ref/quiet_one_1bdp_bbr.json's case); then no
        // room to grow until an RTT of reads sizes the buffer; from then on each segment
        // grows it
        let linux = TcpConfig {
            receive_window: ReceiveWindow::Linux,
            packet_size_bytes: 1448,
            rwnd_pkts: 100_000,
            sack: true,
            ..base
        };
        let mut s = TcpSink::new(0, &linux);
        s.rtt_hint_s = 0.1;
        assert_eq!(s.on_data1(&data(0), 0).map(|a| a.rwnd_pkts), Some(44), "the SYN's ACK");
        let acks: Vec<Packet> = (1..=41).filter_map(|q| s.on_data1(&data(q), q as u64 * ms)).collect();
        let windows: Vec<u32> = acks.iter().take(8).map(|a| a.rwnd_pkts).collect();
        assert_eq!(windows, [46, 48, 50, 52, 54, 55, 55, 55]);
        assert_eq!(acks.iter().take(22).map(|a| a.seq).collect::<Vec<_>>(), (1..=22).collect::<Vec<_>>());
        assert_eq!(acks.len(), 22 + 9, "22 at once, then every second (no room to grow)");
        s.on_data1(&data(42), 101 * ms); // the buffer grows after a receiver RTT
        for q in 43..=61 {
            assert!(s.on_data1(&data(q), 101 * ms + q as u64).is_some(), "{q}: the window grows, acknowledged at once");
        }
    }

    /// `sack_compression`: while it holds data out of order, a Linux receiver sends the
    /// first three ACKs at one cumulative ACK at once and compresses the next: the
    /// first of them arms a timer of min(1 ms, RTT / 20) plus 0.1 ms of slack, the ACK
    /// it sends then carries them all (its first SACK block the newest); a new
    /// cumulative ACK starts the count again; old data puts it in quick-ACK mode, where
    /// nothing is compressed. Off, every out-of-order segment is acknowledged at once.
    #[test]
    fn sack_compression_sends_three_acks_per_hole_then_one_per_millisecond() {
        let us = 1_000;
        let cfg = TcpConfig { sack: true, sack_compression: true, rwnd_pkts: 1000, ..TcpConfig::default() };
        let mut s = TcpSink::new(0, &cfg);
        s.rtt_hint_s = 0.1;
        for q in 0..=5 {
            assert!(s.on_data1(&data(q), q as u64 * 100 * us).is_some());
        }
        // 6 lost: 7, 8, 9 acknowledged at once, 10-13 compressed (600 us apart)
        let t = |k: u64| 1_000 * us + k * 600 * us;
        for (k, q) in (7..=13).enumerate() {
            let a = s.on_data1(&data(q), t(k as u64));
            assert_eq!(a.is_some(), q <= 9, "segment {q}");
        }
        let due = t(3) + 1_100 * us;
        assert_eq!((s.delack_deadline, s.delack_timer_s), (Some(due), Some(0.0011)));
        let a = s.timer1().expect("the compressed ACK");
        assert_eq!(a.seq, 5);
        let b = s.sack_blocks(a.sack_id()).unwrap();
        assert_eq!(b.b[0], (7, 14), "the block of the newest segment");
        assert!(s.timer1().is_none(), "nothing left to send");
        // the hole filled: a new cumulative ACK, at once; the next hole counts afresh
        assert_eq!(s.on_data1(&data(6), t(10)).unwrap().seq, 13);
        for (k, q) in (15..=18).enumerate() {
            assert_eq!(s.on_data1(&data(q), t(11 + k as u64)).is_some(), q <= 17, "segment {q}");
        }
        // old data: quick-ACK mode, nothing compressed while it lasts
        assert!(s.on_data1(&data(3), t(20)).is_some(), "a D-SACK at once");
        assert!(s.on_data1(&data(19), t(21)).is_some(), "quick ACKs");
        // off: every out-of-order segment at once
        let mut off = TcpSink::new(0, &TcpConfig { sack_compression: false, ..cfg });
        off.on_data1(&data(0), 0);
        assert!((2..=12).all(|q| off.on_data1(&data(q), q as u64 * 600 * us).is_some()));
    }

    /// `sack_report: linux` with compression: a segment that would make the receiver
    /// forget one of its four blocks first sends the ACK being compressed, with the
    /// blocks as they were (tcp_sack_compress_send_ack); the rule satcc had sends
    /// nothing then.
    #[test]
    fn a_linux_receiver_sends_its_compressed_ack_before_it_forgets_a_block() {
        let us = 1_000;
        let cfg = TcpConfig { sack: true, sack_compression: true, rwnd_pkts: 1000, ..TcpConfig::default() };
        let run = |report| {
            let mut s = TcpSink::new(0, &TcpConfig { sack_report: report, ..cfg.clone() });
            s.rtt_hint_s = 0.1;
            s.on_data1(&data(0), 0);
            // holes at 1, 3, 5, 7, 9: 2, 4, 6 acknowledged at once, 8 compressed, then
            // 10 opens a fifth block
            let mut acks = vec![];
            for (k, q) in [2, 4, 6, 8, 10].into_iter().enumerate() {
                let mut out = vec![];
                s.on_data(&data(q), 1_000 * us + k as u64 * 100 * us, &mut out);
                acks.extend(out.iter().map(|a| (q, s.sack_blocks(a.sack_id()).unwrap().iter().collect::<Vec<_>>())));
            }
            acks
        };
        let linux = run(SackReport::Linux);
        assert_eq!(linux.len(), 4, "{linux:?}");
        assert_eq!(linux[3], (10, vec![(8, 9), (6, 7), (4, 5)]), "the compressed ACK, before 10's block");
        let highest = run(SackReport::Highest);
        assert_eq!(highest.iter().map(|a| a.0).collect::<Vec<_>>(), [2, 4, 6]);
    }

    /// A Linux receiver's own RTT estimate (tcp_rcv_rtt_update since 6.16): one sample
    /// per new echo, a lower one taken at once, higher ones smoothed by 1/8; and an
    /// ACK's send time is what the sender reads with its blocks (the echo of its next
    /// segments), a delayed ACK's the timer's.
    #[test]
    fn the_receiver_rtt_takes_lower_samples_at_once_and_smooths_higher_ones() {
        let ms = 1_000_000;
        let mut s = TcpSink::new(0, &TcpConfig::default());
        s.on_echo(0, 100 * ms);
        assert!((s.rcv_rtt_s() - 0.100).abs() < 1e-12);
        s.on_echo(0, 300 * ms);
        assert!((s.rcv_rtt_s() - 0.100).abs() < 1e-12, "the same echo: no second sample");
        s.on_echo(200 * ms, 380 * ms); // 180 ms: 100 - 12.5 + 22.5
        assert!((s.rcv_rtt_s() - 0.110).abs() < 1e-9);
        s.on_echo(400 * ms, 450 * ms); // 50 ms: at once
        assert!((s.rcv_rtt_s() - 0.050).abs() < 1e-12);
        // the echo is a millisecond tick: another echo in the same tick is no new
        // sample, and the RTT is whole ticks (40.4 ms from 500.8 reads 41 ms)
        s.on_echo(400 * ms + ms / 2, 460 * ms);
        assert!((s.rcv_rtt_s() - 0.050).abs() < 1e-12, "the same tick: no second sample");
        s.on_echo(500 * ms + 4 * ms / 5, 541 * ms + ms / 5);
        assert!((s.rcv_rtt_s() - 0.041).abs() < 1e-12, "{}", s.rcv_rtt_s());
        s.on_echo(600 * ms + ms / 5, 600 * ms + 7 * ms / 10);
        assert!((s.rcv_rtt_s() - 0.041).abs() < 1e-12, "under a tick: no sample");
        let cfg = TcpConfig { sack: true, delayed_ack: true, ..TcpConfig::default() };
        let mut s = TcpSink::new(0, &cfg);
        let a = s.on_data1(&data(0), 7 * ms).expect("SYN acked at once");
        s.sack_blocks(a.sack_id()).expect("blocks");
        assert_eq!(s.read_ack_time(), Some(7 * ms));
        assert!(s.on_data1(&data(1), 9 * ms).is_none());
        let d = s.timer1().expect("the delayed ACK");
        s.sack_blocks(d.sack_id()).expect("blocks");
        assert_eq!(s.read_ack_time(), Some(9 * ms + 100 * ms), "sent when the timer fired");
    }

    fn blocks_of(s: &mut TcpSink, ack: &Packet) -> SackBlocks {
        s.sack_blocks(ack.sack_id()).expect("blocks recorded")
    }

    #[test]
    fn duplicates_are_reported_as_dsack() {
        let cfg = TcpConfig { sack: true, ..TcpConfig::default() };
        let mut s = TcpSink::new(0, &cfg);
        for q in [0, 1, 2, 4] {
            let a = s.on_data1(&data(q), 0).unwrap();
            assert_eq!(blocks_of(&mut s, &a).dsack, None);
        }
        // below the cumulative ACK
        let a = s.on_data1(&data(1), 0).unwrap();
        assert_eq!(a.seq, 2);
        let b = blocks_of(&mut s, &a);
        assert_eq!(b.dsack, Some(1));
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![(4, 5)], "the SACK blocks still go with it");
        // above it, already held out of order
        let a = s.on_data1(&data(4), 0).unwrap();
        assert_eq!(blocks_of(&mut s, &a).dsack, Some(4));
        // new data: no D-SACK
        let a = s.on_data1(&data(3), 0).unwrap();
        assert_eq!(a.seq, 4);
        assert_eq!(blocks_of(&mut s, &a).dsack, None);
    }
}
