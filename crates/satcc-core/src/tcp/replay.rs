//! A receiver driven by a recorded arrival sequence: the segments a real receiver got,
//! in the order and at the times it got them, handed to satcc's sink (tcp/sink.rs)
//! one by one, and the ACKs it sends in answer. With a Linux receiver's trace this
//! checks the receive window (tcp/rcvbuf.rs) against the window Linux advertised on
//! the same arrivals, apart from everything a sender and a network would add
//! (`python -m satcc.dev.linuxref receiver-window`).

use super::{TcpConfig, TcpSink};
use crate::engine::Time;
use crate::net::packet::PUSH;
use crate::net::{Packet, PacketKind};

/// One ACK of a replay: when it left, the highest segment it acknowledges in order,
/// and the window it advertises beyond it (packets); with a Linux receiver's window,
/// its state then (segments): the last RTT's measure (rcvq_space.space), rcv_ssthresh
/// and the buffer's window (0 without).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReplayAck {
    pub time: Time,
    pub cum_ack: i64,
    pub window: u32,
    pub space: i64,
    pub rcv_ssthresh: i64,
    pub allowed: i64,
}

/// One segment reaching the receiver: when, its number (0 is the SYN when the
/// configuration has one), the timestamp it echoes: when the ACK its sender had read
/// last left this receiver (TSecr; None: no echo, as on the SYN), and whether it
/// carries PSH.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrival {
    pub time: Time,
    pub seq: i64,
    pub echo: Option<Time>,
    pub push: bool,
}

/// Hand `arrivals` (time order) to a sink configured by `cfg`, each echo first (the
/// receiver's own RTT estimate, as the simulation hands it: sim/event_loop.rs
/// `sink_data`), its delayed-ACK timer firing between arrivals when due; the
/// handshake's last ACK arrived `lead` before the first data segment. The ACKs it
/// sends, in order.
pub fn replay(cfg: &TcpConfig, arrivals: &[Arrival], lead: Time) -> Vec<ReplayAck> {
    let mut sink = TcpSink::new(0, cfg);
    sink.set_handshake_lead(lead);
    let mut acks = Vec::new();
    let mut out = Vec::new();
    let take = |sink: &TcpSink, out: &mut Vec<Packet>, acks: &mut Vec<ReplayAck>, time: Time| {
        let (space, rcv_ssthresh, allowed) = sink.rcvbuf().map_or((0, 0, 0), |r| (r.space(), r.rcv_ssthresh(), r.allowed()));
        for a in out.drain(..) {
            acks.push(ReplayAck { time, cum_ack: a.seq, window: a.rwnd_pkts, space, rcv_ssthresh, allowed });
        }
    };
    for &Arrival { time, seq, echo, push } in arrivals {
        if let Some(due) = sink.delack_deadline {
            if due <= time {
                sink.on_delack_timer(&mut out);
                take(&sink, &mut out, &mut acks, due);
            }
        }
        if let Some(e) = echo {
            sink.on_echo(e, time);
        }
        let aux = if push { PUSH } else { 0 };
        let pkt = Packet { flow: 0, kind: PacketKind::Data, seq, size_bytes: 1500, ttl: 64, tos: 0, rwnd_pkts: 0, hop: 0, aux };
        sink.on_data(&pkt, time, &mut out);
        take(&sink, &mut out, &mut acks, time);
    }
    if let Some(due) = sink.delack_deadline {
        sink.on_delack_timer(&mut out);
        take(&sink, &mut out, &mut acks, due);
    }
    acks
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every arrival gets the sink's answer at its own time: cumulative ACKs, a hole
    /// held, the window of a Linux receiver (44 segments at the handshake, the buffer's
    /// 55 after six data segments); its RTT comes from
    /// the echoes (here 100 ms: each segment echoes an ACK that left 100 ms before), so
    /// the buffer grows an RTT after the first data segment.
    #[test]
    fn a_replay_answers_each_arrival_as_the_sink_would() {
        let cfg = crate::tcp::sink::linux_receiver();
        let ms = 1_000_000;
        let at = |t: u64, seq: i64| Arrival { time: ms * t, seq, echo: Some(ms * t - 100 * ms), push: false };
        let mut arrivals = vec![Arrival { time: 0, seq: 0, echo: None, push: false }];
        arrivals.extend((1..=40).map(|q| at(100 + q as u64, q)));
        arrivals.push(at(300, 42)); // 41 missing
        arrivals.push(at(301, 41));
        arrivals.push(at(302, 43));
        let acks = replay(&cfg, &arrivals, 0);
        assert_eq!(acks.len(), arrivals.len());
        assert_eq!(acks[0], ReplayAck { time: 0, cum_ack: 0, window: 44, space: 10, rcv_ssthresh: 44, allowed: 55 });
        assert_eq!(acks[1..=7].iter().map(|a| a.window).collect::<Vec<_>>(), [46, 48, 50, 52, 54, 55, 55]);
        assert_eq!(acks[40].cum_ack, 40);
        assert_eq!((acks[41].time, acks[41].cum_ack), (ms * 300, 40), "the hole at 41");
        assert_eq!(acks[42].cum_ack, 42);
        // 40 read in the RTT from the first data segment (the hole's filler counted,
        // the segment it freed still queued): the buffer grows to 2 x 40 + 2 x (80 x
        // 30 / 10) = 560, and rcv_ssthresh gains two segments from the next arrival
        assert_eq!((acks[42].window, acks[42].space, acks[42].allowed), (55, 40, 560));
        assert_eq!((acks[43].window, acks[43].rcv_ssthresh), (57, 57));
        // without an RTT the buffer never grows
        let none: Vec<_> = arrivals.iter().map(|a| Arrival { echo: None, ..*a }).collect();
        let still = replay(&cfg, &none, 0);
        assert!(still[6..].iter().all(|a| a.window == 55), "{:?}", still.iter().map(|a| a.window).collect::<Vec<_>>());
    }

    /// An arrival's PSH reaches the sink: with `push_ack` a receiver past its quick
    /// ACKs acknowledges a pushed segment alone, and one without PSH with the next.
    #[test]
    fn a_replayed_arrival_carries_its_psh() {
        let cfg = crate::tcp::TcpConfig { push_ack: true, delayed_ack: true, ..crate::tcp::sink::linux_receiver() };
        let ms = 1_000_000;
        let mut arrivals: Vec<_> = (0..=40).map(|q| Arrival { time: ms * (100 + q as u64), seq: q, echo: None, push: false }).collect();
        arrivals.push(Arrival { time: ms * 200, seq: 41, echo: None, push: true });
        arrivals.push(Arrival { time: ms * 201, seq: 42, echo: None, push: false });
        let late = |acks: &[ReplayAck]| acks.iter().filter(|a| a.time >= ms * 200).map(|a| (a.time / ms, a.cum_ack)).collect::<Vec<_>>();
        assert_eq!(late(&replay(&cfg, &arrivals, 0)), [(200, 41), (301, 42)], "41 alone, 42 left to the timer");
        arrivals[41].push = false;
        assert_eq!(late(&replay(&cfg, &arrivals, 0)), [(201, 42)], "41 and 42 as a pair");
    }
}
