//! A receiver driven by a recorded arrival sequence: the segments a real receiver got,
//! in the order and at the times it got them, handed to satcc's sink (tcp/sink.rs)
//! one by one, and the ACKs it sends in answer. With a Linux receiver's trace this
//! checks the receive window (tcp/rcvbuf.rs) against the window Linux advertised on
//! the same arrivals, apart from everything a sender and a network would add
//! (`python -m satcc.dev.linuxref receiver-window`).

use super::{TcpConfig, TcpSink};
use crate::engine::Time;
use crate::net::{Packet, PacketKind};

/// One ACK of a replay: when it left, the highest segment it acknowledges in order,
/// and the window it advertises beyond it (packets).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayAck {
    pub time: Time,
    pub cum_ack: i64,
    pub window: u32,
}

/// Hand `arrivals` (time, segment number; time order; segment 0 is the SYN when `cfg`
/// has one) to a sink configured by `cfg`, the receiver's RTT being the latest of
/// `rtt` (time, seconds; time order) at each arrival, and its delayed-ACK timer firing
/// between arrivals when due. The ACKs it sends, in order.
pub fn replay(cfg: &TcpConfig, arrivals: &[(Time, i64)], rtt: &[(Time, f64)]) -> Vec<ReplayAck> {
    let mut sink = TcpSink::new(0, cfg);
    let mut acks = Vec::new();
    let mut out = Vec::new();
    let mut next_rtt = 0;
    let take = |out: &mut Vec<Packet>, acks: &mut Vec<ReplayAck>, time: Time| {
        for a in out.drain(..) {
            acks.push(ReplayAck { time, cum_ack: a.seq, window: a.rwnd_pkts });
        }
    };
    for &(time, seq) in arrivals {
        if let Some(due) = sink.delack_deadline {
            if due <= time {
                sink.on_delack_timer(&mut out);
                take(&mut out, &mut acks, due);
            }
        }
        while next_rtt < rtt.len() && rtt[next_rtt].0 <= time {
            sink.rtt_hint_s = rtt[next_rtt].1;
            next_rtt += 1;
        }
        let pkt = Packet { flow: 0, kind: PacketKind::Data, seq, size_bytes: 1500, ttl: 64, tos: 0, rwnd_pkts: 0, hop: 0, aux: 0 };
        sink.on_data(&pkt, time, &mut out);
        take(&mut out, &mut acks, time);
    }
    if let Some(due) = sink.delack_deadline {
        sink.on_delack_timer(&mut out);
        take(&mut out, &mut acks, due);
    }
    acks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tcp::ReceiveWindow;

    /// Every arrival gets the sink's answer at its own time: cumulative ACKs, a hole
    /// held, the window of a Linux receiver (55 segments at first); the RTT given
    /// before an arrival is the one it sees, so the buffer grows an RTT after the first
    /// data segment.
    #[test]
    fn a_replay_answers_each_arrival_as_the_sink_would() {
        let cfg = TcpConfig {
            sack: true,
            packet_size_bytes: 1448,
            rwnd_pkts: 100_000,
            receive_window: ReceiveWindow::Linux,
            ..TcpConfig::default()
        };
        let ms = 1_000_000;
        let mut arrivals = vec![(0, 0)];
        arrivals.extend((1..=40).map(|q| (ms * q as u64, q)));
        arrivals.push((ms * 200, 42)); // 41 missing
        arrivals.push((ms * 201, 41));
        arrivals.push((ms * 202, 43));
        let acks = replay(&cfg, &arrivals, &[(0, 0.1)]);
        assert_eq!(acks.len(), arrivals.len());
        assert_eq!(acks[0], ReplayAck { time: 0, cum_ack: 0, window: 55 });
        assert_eq!(acks[40].cum_ack, 40);
        assert_eq!((acks[41].time, acks[41].cum_ack), (ms * 200, 40), "the hole at 41");
        assert_eq!(acks[42].cum_ack, 42);
        // 40 read in the RTT from the first data segment (the hole's filler counted,
        // the segment it freed still queued): the buffer grows to 2 x 40 + 2 x (80 x
        // 30 / 10) = 560, and rcv_ssthresh gains two segments from the next arrival
        assert_eq!(acks[42].window, 55);
        assert_eq!(acks[43].window, 57);
        // without an RTT the buffer never grows
        let still = replay(&cfg, &arrivals, &[]);
        assert!(still.iter().all(|a| a.window == 55), "{:?}", still.iter().map(|a| a.window).collect::<Vec<_>>());
    }
}
