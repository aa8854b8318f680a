//! ns-2's timestamp option (`timestamps_ true`, tcp.timestamps): a segment carries
//! the time its sender's output() sent it (hdr_tcp::ts_), the receiver echoes a time it
//! holds (ts_echo_), and the sender reads an RTT sample from every ACK of new data
//! (TcpAgent::newack with ts_option_).
//!
//! A simulated packet has no room for a time, so the sender keeps each segment's time
//! while the segment is in the network (`SendTimes`) and the segment carries the slot
//! (in its window field, which data segments leave empty); the receiver's ACKs are
//! tagged like SACK flows' (Packet::sack_id) and the echo each carried waits in
//! `Echoer`'s record until the ACK reaches the sender or is known lost.

use super::ack_records::AckRecords;

/// The send times of one sender's segments still in the network, by slot. A slot is
/// freed when its segment reaches the receiver or is dropped; freed slots are reused,
/// so the table holds at most what is in flight at once.
#[derive(Clone, Debug, Default)]
pub struct SendTimes {
    times: Vec<f64>,
    free: Vec<u32>,
}

impl SendTimes {
    /// Record a segment sent at `t` (ns-2's double clock); the slot it carries.
    #[cold]
    #[inline(never)]
    pub fn stamp(&mut self, t: f64) -> u32 {
        match self.free.pop() {
            Some(k) => {
                self.times[k as usize] = t;
                k
            }
            None => {
                self.times.push(t);
                (self.times.len() - 1) as u32
            }
        }
    }

    /// The send time of the segment carrying `slot`, which has arrived; the slot is
    /// freed.
    pub fn take(&mut self, slot: u32) -> f64 {
        self.free.push(slot);
        self.times[slot as usize]
    }

    /// The segment carrying `slot` was dropped: its slot is freed.
    pub fn forget(&mut self, slot: u32) {
        self.free.push(slot);
    }

    /// Slots in use (segments in the network).
    pub fn in_use(&self) -> usize {
        self.times.len() - self.free.len()
    }
}

/// The receiver's side (ns-2's Acker with TcpSink's ts_echo_bugfix_ true, 2.35's
/// default, and ts_echo_rfc1323_ as `rfc1323` says): the time to echo and each ACK's echo.
#[derive(Clone, Debug)]
pub struct Echoer {
    /// ts_echo_rfc1323_: the segment right after the last ACK gives its time whatever it is.
    rfc1323: bool,
    /// The time the next ACK echoes [ts_to_echo_, 0 at first].
    ts_to_echo: f64,
    /// The cumulative ACK of the last ACK sent [last_ack_sent_, 0 at first].
    last_ack_sent: i64,
    /// (ACK tag, echoed time) of each ACK sent and not yet read.
    sent: AckRecords<f64>,
}

impl Default for Echoer {
    fn default() -> Self {
        Echoer { rfc1323: false, ts_to_echo: 0.0, last_ack_sent: 0, sent: AckRecords::default() }
    }
}

impl Echoer {
    /// An echoer with ns-2's ts_echo_rfc1323_ as given.
    pub fn new(rfc1323: bool) -> Self {
        Echoer { rfc1323, ..Echoer::default() }
    }

    /// Acker::update_ts: segment `seq` sent at `ts` arrived. Its time becomes the one
    /// to echo if it is no earlier than the one held and the segment is at or below
    /// the next one the last ACK asked for; with `rfc1323`, also if the segment is the
    /// next one the last ACK asked for, whatever its time.
    pub fn on_segment(&mut self, seq: i64, ts: f64) {
        if (self.rfc1323 && seq == self.last_ack_sent + 1) || (ts >= self.ts_to_echo && seq <= self.last_ack_sent + 1) {
            self.ts_to_echo = ts;
        }
    }

    /// An ACK with cumulative ACK `ack` and tag `id` leaves: it echoes the time held.
    #[cold]
    #[inline(never)]
    pub fn on_ack_sent(&mut self, id: u16, ack: i64) {
        self.sent.push(id, self.ts_to_echo);
        self.last_ack_sent = ack;
    }

    /// The time the ACK tagged `id` echoes (tcp/ack_records.rs).
    pub fn echo_of(&mut self, id: u16) -> Option<f64> {
        self.sent.take(id)
    }

    /// ACK `id` was lost on its way.
    pub fn forget(&mut self, id: u16) {
        self.sent.forget(id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ts_echo_rfc1323_: after a spurious retransmission of segment 1 (a newer time held),
    /// the next segment's older time is echoed with the rule, the newer one without it.
    #[test]
    fn the_rfc1323_rule_echoes_the_next_segments_time_whatever_it_is() {
        for (rfc, want) in [(false, 1.5), (true, 1.2)] {
            let mut e = Echoer::new(rfc);
            e.on_segment(1, 1.0);
            e.on_ack_sent(0, 1);
            e.on_segment(1, 1.5); // the duplicate, resent later
            e.on_ack_sent(1, 1);
            e.on_segment(2, 1.2); // the original of 2, sent before it
            e.on_ack_sent(2, 2);
            assert_eq!(e.echo_of(2), Some(want), "rfc1323 {rfc}");
        }
    }

    /// Slots are reused once freed, so the table stays as large as what was in flight.
    #[test]
    fn send_times_reuse_freed_slots() {
        let mut s = SendTimes::default();
        let a = s.stamp(0.5);
        let b = s.stamp(0.6);
        assert_ne!(a, b);
        assert_eq!(s.take(a), 0.5);
        s.forget(b);
        assert_eq!(s.in_use(), 0);
        let c = s.stamp(0.7);
        assert!(c == a || c == b, "a freed slot is reused");
        assert_eq!(s.take(c), 0.7);
        assert_eq!(s.times.len(), 2);
    }

    /// Acker::update_ts: the first segment's time is taken; a segment above the next
    /// expected one (a hole before it) is not; an earlier time (a late original after
    /// its retransmission) is not; a retransmission filling the hole is.
    #[test]
    fn the_receiver_echoes_as_ns2s_acker() {
        let mut e = Echoer::default();
        e.on_segment(0, 1.0);
        e.on_ack_sent(1, 0);
        assert_eq!(e.echo_of(1), Some(1.0));
        e.on_segment(2, 1.2); // 1 is missing: 2 > last_ack_sent + 1
        e.on_ack_sent(2, 0);
        assert_eq!(e.echo_of(2), Some(1.0), "a segment beyond a hole keeps the old echo");
        e.on_segment(1, 1.5); // the retransmission of 1
        e.on_ack_sent(3, 2);
        assert_eq!(e.echo_of(3), Some(1.5));
        e.on_segment(1, 1.1); // the original of 1, late: an earlier time
        e.on_ack_sent(4, 2);
        assert_eq!(e.echo_of(4), Some(1.5), "never an earlier time");
        e.on_segment(3, 1.6);
        e.on_ack_sent(5, 3);
        e.on_segment(4, 1.7);
        e.on_ack_sent(6, 4);
        assert_eq!(e.echo_of(6), Some(1.7), "the record of a lost ACK (5) is passed over");
        assert_eq!(e.echo_of(7), None);
    }
}
