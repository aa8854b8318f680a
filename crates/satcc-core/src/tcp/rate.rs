//! Delivery-rate estimation per sent segment, as Linux's `net/ipv4/tcp_rate.c` and the
//! IETF draft "Delivery Rate Estimation" (draft-cheng-iccrg-delivery-rate-estimation)
//! define it, and the per-ACK RTT samples of Linux's tcp_clean_rtx_queue and
//! tcp_ack_update_rtt (below).
//!
//! Each segment remembers, when sent, how much had been delivered and when
//! (`delivered`, `delivered_time`), when the send phase it belongs to began
//! (`first_tx`) and whether the sender was application-limited. When an ACK delivers
//! segments (cumulatively or by SACK), the most recently sent of them gives the sample:
//! delivered = now delivered - its delivered, over the longer of the send phase
//! (its send time - its first_tx) and the ACK phase (now - its delivered_time).
//!
//! RTT samples, as Linux takes them per ACK: from the segments it acknowledges
//! cumulatively, the oldest's send time (seq_rtt) if none of them was ever
//! retransmitted (Karn); else from the segments it SACKs for the first time, never
//! retransmitted, the first's (sack_rtt); else, if it acknowledges anything
//! cumulatively, the timestamp it echoes (RFC 7323: the receiver echoes the segment
//! that reached the left edge of its window, the hole's retransmission), in whole
//! milliseconds as Linux's timestamp clock ticks (tcp/rtt.rs, `TsClock`). That sample
//! feeds SRTT and resets the RTO's backoff; the one congestion controls see (ca_rtt,
//! also the minimum RTT's) is the newest such segment's: the last SACKed if any, else
//! the last acknowledged, else the timestamp's.
//!
//! Only senders whose controller asks for samples keep this state (CUBIC's HyStart,
//! BBR); the others pay nothing for it.

use super::rtt::TsClock;
use crate::engine::{from_secs, to_secs, Time};
use crate::net::packet::COPY_MASK;
use std::collections::VecDeque;

/// One delivery-rate sample (Linux's struct rate_sample), in segments and seconds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RateSample {
    /// Segments delivered over `interval_s` (None: no valid sample on this ACK).
    pub delivered: Option<u64>,
    /// The longer of the send and ACK phases, seconds.
    pub interval_s: f64,
    /// Segments this ACK newly acknowledged or SACKed.
    pub acked_sacked: u64,
    /// Segments newly marked lost by this ACK.
    pub losses: u64,
    /// The sample's segment was sent while the sender was application-limited.
    pub is_app_limited: bool,
    /// The sample's segment was a retransmission.
    pub is_retrans: bool,
    /// The sender's delivered count before this ACK's segments (of the sample's
    /// segment when it was sent).
    pub prior_delivered: u64,
    /// The RTT congestion controls see, seconds (Linux's ca_rtt_us, rs->rtt_us).
    pub rtt_s: Option<f64>,
    /// The RTT sample for SRTT and the RTO, seconds (Linux's seq_rtt_us after its
    /// fallbacks to sack_rtt_us and the timestamp).
    pub srtt_sample_s: Option<f64>,
    /// Segments in flight before this ACK.
    pub prior_in_flight: u64,
}

impl RateSample {
    /// Delivery rate, segments per second (None without a valid sample).
    pub fn rate_pps(&self) -> Option<f64> {
        match self.delivered {
            Some(d) if self.interval_s > 0.0 => Some(d as f64 / self.interval_s),
            _ => None,
        }
    }
}

/// An optional time in one word (`Time::MAX` for none): a `Tx` holds three, and a
/// record per segment sent is the estimator's working set (with `Option<Time>`, 16
/// bytes each, a record took 88 bytes; so, 64: one cache line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct OptTime(Time);

impl OptTime {
    const NONE: OptTime = OptTime(Time::MAX);

    fn get(self) -> Option<Time> {
        (self.0 != Time::MAX).then_some(self.0)
    }
}

impl Default for OptTime {
    fn default() -> Self {
        OptTime::NONE
    }
}

/// What a segment recorded when it was (last) sent.
#[derive(Clone, Copy, Debug, Default)]
struct Tx {
    sent: Time,
    first_tx: Time,
    delivered_time: Time,
    delivered: u64,
    app_limited: bool,
    retrans: bool,
    /// Delivered already (SACKed): not counted again when cumulatively acknowledged.
    done: bool,
    /// Was sent at all (a slot exists).
    valid: bool,
    /// The timestamp its last transmission echoed (when the ACK its sender had read
    /// last left the receiver), if known.
    echo: OptTime,
    /// When the transmission before the last left (retransmitted segments), and the
    /// timestamp it echoed.
    prev_sent: OptTime,
    prev_echo: OptTime,
    /// Which transmission the last was (0 the first; wraps at 128, `COPY_MASK`): the
    /// copy number the segment carries, so that the receiver reads the echo of the copy
    /// it got.
    copy: u8,
}

/// The sender's delivery-rate state and its segments' records.
#[derive(Clone, Debug, Default)]
pub struct RateEstimator {
    /// Segments delivered so far (Linux tp->delivered).
    pub delivered: u64,
    delivered_time: Time,
    first_tx: Time,
    /// Nonzero while application-limited: the delivered count at which the bubble is
    /// gone (Linux tp->app_limited).
    app_limited: u64,
    /// The lowest segment number kept, and the records from it.
    base: i64,
    tx: VecDeque<Tx>,
    /// The sample under construction during one ACK.
    rs: RateSample,
    newest: Option<(Time, i64)>,
    /// The sample segment's delivered_time (start of the ACK phase).
    prior_time: Time,
    /// This ACK's RTT sources (tcp_clean_rtx_queue, tcp_sacktag_one): send times of
    /// the first and last segments it acknowledges cumulatively, not SACKed before and
    /// never retransmitted; whether it acknowledges cumulatively any segment ever
    /// retransmitted; the first and last it SACKs, never retransmitted.
    ack_first: Option<Time>,
    ack_last: Option<Time>,
    retrans_acked: bool,
    sack_first: Option<Time>,
    sack_last: Option<Time>,
    /// Smallest RTT seen, seconds (an interval shorter than it is no sample).
    min_rtt_s: f64,
    /// RACK (RFC 8985): the latest send time of any segment delivered, and the RTT of
    /// that segment's delivery.
    pub rack_xmit: Time,
    /// The segment whose send time is `rack_xmit` (ties between segments sent at one
    /// instant go to the higher, as Linux's tcp_rack_sent_after).
    pub rack_seq: i64,
    pub rack_rtt_s: f64,
    /// RACK's state moved since its last detection (Linux's rack.advanced).
    pub rack_advanced: bool,
    now: Time,
    /// The last valid sample with the highest rate among app-limited ones, as Linux
    /// keeps for tcpi_delivery_rate: (delivered, interval).
    pub rate_delivered: u64,
    pub rate_interval_s: f64,
    /// The sending host's clock, on which RTTs are read (`set_clock`).
    clock: TsClock,
}

impl RateEstimator {
    pub fn new() -> Self {
        RateEstimator { min_rtt_s: f64::INFINITY, ..Default::default() }
    }

    /// Read RTTs on the sending host's clock.
    pub fn set_clock(&mut self, clock: TsClock) {
        self.clock = clock;
    }

    /// The RTT of a segment sent at `sent` and acknowledged at `now`, seconds, as Linux
    /// reads it: whole microseconds of the host's clock (`TsClock::micros_between`).
    #[inline]
    fn rtt_between(&self, sent: Time, now: Time) -> f64 {
        self.clock.micros_between(sent, now) as f64 / 1e6
    }

    fn slot(&mut self, seq: i64) -> Option<&mut Tx> {
        if seq < self.base {
            return None;
        }
        let i = (seq - self.base) as usize;
        super::grow_to(&mut self.tx, i + 1, Tx::default());
        Some(&mut self.tx[i])
    }

    /// Segment `seq` leaves at `now`; `in_flight` segments were out before it.
    /// Returns the transmission's copy number (0 the first).
    pub fn on_send(&mut self, seq: i64, now: Time, in_flight: i64, retrans: bool) -> u8 {
        if in_flight <= 0 {
            // a new send phase: nothing is in flight
            self.first_tx = now;
            self.delivered_time = now;
        }
        let (first_tx, delivered_time, delivered, app_limited) =
            (self.first_tx, self.delivered_time, self.delivered, self.app_limited != 0);
        let mut copy = 0;
        if let Some(t) = self.slot(seq) {
            let (prev_sent, prev_echo) = if t.valid { (OptTime(t.sent), t.echo) } else { (OptTime::NONE, OptTime::NONE) };
            copy = if t.valid { t.copy.wrapping_add(1) & COPY_MASK } else { 0 };
            *t = Tx {
                prev_sent,
                prev_echo,
                copy,
                sent: now,
                first_tx,
                delivered_time,
                delivered,
                app_limited,
                retrans,
                done: false,
                valid: true,
                echo: OptTime::NONE,
            };
        }
        copy
    }

    /// The sender ran out of data with the window open: the sample of every segment
    /// sent until those in flight are delivered is application-limited.
    pub fn on_app_limited(&mut self, in_flight: i64) {
        self.app_limited = (self.delivered + in_flight.max(0) as u64).max(1);
    }

    /// Start of an ACK with `in_flight` segments out before it.
    pub fn begin_ack(&mut self, in_flight: i64, now: Time) {
        self.now = now;
        self.rs = RateSample { prior_in_flight: in_flight.max(0) as u64, ..Default::default() };
        self.newest = None;
        (self.ack_first, self.ack_last, self.retrans_acked, self.sack_first, self.sack_last) =
            (None, None, false, None, None);
    }

    /// This ACK delivers segment `seq` (newly acknowledged or SACKed).
    pub fn on_delivered(&mut self, seq: i64, sacked: bool) {
        let Some(t) = self.slot(seq).copied() else { return };
        if !t.valid {
            return;
        }
        if !sacked && t.retrans {
            // FLAG_RETRANS_DATA_ACKED, SACKed before or not
            self.retrans_acked = true;
        }
        if t.done {
            return;
        }
        if sacked {
            if let Some(s) = self.slot(seq) {
                s.done = true;
            }
        }
        self.delivered += 1;
        self.rs.acked_sacked += 1;
        // tcp_rack_advance: a retransmission delivered sooner than the minimum RTT may
        // be the original's delivery, and says nothing
        let rtt = self.rtt_between(t.sent, self.now);
        if (!t.retrans || rtt >= self.min_rtt_s) && (t.sent > self.rack_xmit || (t.sent == self.rack_xmit && seq > self.rack_seq)) {
            self.rack_xmit = t.sent;
            self.rack_seq = seq;
        }
        if !t.retrans || rtt >= self.min_rtt_s {
            // the RTT is the last delivered segment's (tcp_rack_advance)
            self.rack_rtt_s = rtt;
            self.rack_advanced = true;
        }
        // the most recently sent of the delivered segments gives the sample
        let newer = match self.newest {
            None => true,
            Some((sent, s)) => t.sent > sent || (t.sent == sent && seq > s),
        };
        if newer {
            self.newest = Some((t.sent, seq));
            self.rs.prior_delivered = t.delivered;
            self.rs.is_app_limited = t.app_limited;
            self.rs.is_retrans = t.retrans;
            self.rs.interval_s = to_secs(t.sent - t.first_tx);
            self.rs.rtt_s = None;
            // the next send phase starts from this segment's send time
            self.first_tx = t.sent;
            self.rs.delivered = Some(0);
            self.prior_time = t.delivered_time;
        }
        if !t.retrans {
            let (first, last) = if sacked {
                (&mut self.sack_first, &mut self.sack_last)
            } else {
                (&mut self.ack_first, &mut self.ack_last)
            };
            first.get_or_insert(t.sent);
            *last = Some(t.sent);
        }
    }

    /// Segment `seq`'s last transmission echoes `echo` (TSecr).
    pub fn set_echo(&mut self, seq: i64, echo: Time) {
        if seq >= self.base {
            if let Some(t) = self.tx.get_mut((seq - self.base) as usize) {
                t.echo = OptTime(echo);
            }
        }
    }

    /// The timestamp transmission `copy` of segment `seq` echoed (its last or the one
    /// before), if it is kept.
    pub fn echo_of_copy(&self, seq: i64, copy: u8) -> Option<Time> {
        self.of_copy(seq, copy, |t| t.echo.get(), |t| t.prev_echo.get())
    }

    /// `last` of segment `seq`'s record if `copy` is its last transmission, `before`
    /// if it is the one before; None for older copies and segments not kept.
    fn of_copy(&self, seq: i64, copy: u8, last: impl Fn(&Tx) -> Option<Time>, before: impl Fn(&Tx) -> Option<Time>) -> Option<Time> {
        if seq < self.base {
            return None;
        }
        let t = self.tx.get((seq - self.base) as usize).filter(|t| t.valid)?;
        if t.copy == copy {
            last(t)
        } else if t.copy.wrapping_sub(1) & COPY_MASK == copy {
            before(t)
        } else {
            None
        }
    }

    /// When transmission `copy` of segment `seq` left (its last or the one before), if
    /// it is kept.
    pub fn sent_time_of_copy(&self, seq: i64, copy: u8) -> Option<Time> {
        self.of_copy(seq, copy, |t| Some(t.sent), |t| t.prev_sent.get())
    }

    /// When segment `seq` was last sent, if it is kept.
    pub fn sent_time(&self, seq: i64) -> Option<Time> {
        if seq < self.base {
            return None;
        }
        self.tx.get((seq - self.base) as usize).filter(|t| t.valid).map(|t| t.sent)
    }

    /// When the transmission of segment `seq` that an ACK arriving at `now` can answer
    /// left: its last, unless that left less than the path's minimum RTT before `now`
    /// (its round trip cannot be over: the receiver had an earlier copy), then the one
    /// before. What a timestamp echo names exactly (TSecr: the copy the receiver took
    /// at its left edge), read from the sender's side.
    pub fn answered_sent_time(&self, seq: i64, now: Time) -> Option<Time> {
        if seq < self.base {
            return None;
        }
        let t = self.tx.get((seq - self.base) as usize).filter(|t| t.valid)?;
        if !self.min_rtt_s.is_finite() || t.sent + from_secs(self.min_rtt_s) <= now {
            return Some(t.sent);
        }
        t.prev_sent.get().filter(|p| *p + from_secs(self.min_rtt_s) <= now)
    }

    /// The smallest RTT seen, seconds (infinite before the first).
    pub fn min_rtt_s(&self) -> f64 {
        self.min_rtt_s
    }

    /// Segments newly found lost during this ACK.
    pub fn on_lost(&mut self, n: u64) {
        self.rs.losses += n;
    }

    /// End of the ACK at `now`: the sample, and forget segments below `cum_next`
    /// (without a timestamp to fall back on).
    pub fn end_ack(&mut self, now: Time, cum_next: i64) -> RateSample {
        self.end_ack_echoing(now, cum_next, None)
    }

    /// End of an ACK whose echoed timestamp reads `echo_rtt_s` on the sender's clock
    /// (tcp/rtt.rs, `TsClock`; None: no timestamps, or the ACK acknowledges nothing
    /// cumulatively).
    pub fn end_ack_echoing(&mut self, now: Time, cum_next: i64, echo_rtt_s: Option<f64>) -> RateSample {
        if self.app_limited != 0 && self.delivered > self.app_limited {
            self.app_limited = 0;
        }
        if self.rs.acked_sacked > 0 {
            self.delivered_time = now;
        }
        let mut rs = self.rs;
        let since = |t: Time| self.rtt_between(t, now);
        let (mut seq_rtt, mut ca_rtt) = match (self.ack_first, self.ack_last, self.retrans_acked) {
            (Some(f), Some(l), false) => (Some(since(f)), Some(since(l))),
            _ => (None, None),
        };
        if let (Some(f), Some(l)) = (self.sack_first, self.sack_last) {
            seq_rtt = seq_rtt.or(Some(since(f)));
            ca_rtt = Some(since(l));
        }
        if let (None, Some(e)) = (seq_rtt, echo_rtt_s) {
            seq_rtt = Some(e);
            ca_rtt = seq_rtt;
        }
        rs.srtt_sample_s = seq_rtt;
        rs.rtt_s = ca_rtt;
        if let Some(r) = rs.rtt_s {
            self.min_rtt_s = self.min_rtt_s.min(r);
        }
        if self.newest.is_none() {
            rs.delivered = None;
        } else {
            rs.delivered = Some(self.delivered - rs.prior_delivered);
            let ack_phase = to_secs(now - self.prior_time);
            rs.interval_s = rs.interval_s.max(ack_phase);
            if rs.interval_s < self.min_rtt_s {
                // shorter than an RTT: ACK compression or a spurious retransmission
                rs.delivered = None;
            } else if !rs.is_app_limited
                || (rs.delivered.unwrap_or(0) as f64) * self.rate_interval_s >= self.rate_delivered as f64 * rs.interval_s
            {
                self.rate_delivered = rs.delivered.unwrap_or(0);
                self.rate_interval_s = rs.interval_s;
            }
        }
        if cum_next > self.base {
            let n = ((cum_next - self.base) as usize).min(self.tx.len());
            self.tx.drain(..n);
            self.base = cum_next;
        }
        rs
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tcp::rtt::TsClock;
    use crate::engine::from_secs;

    /// A segment's record fills one cache line, and a time left unset reads as none.
    #[test]
    fn a_record_is_one_cache_line_and_unset_times_are_none() {
        assert_eq!(std::mem::size_of::<Tx>(), 64);
        let t = Tx::default();
        assert_eq!((t.echo.get(), t.prev_sent.get(), t.prev_echo.get()), (None, None, None));
        assert_eq!(OptTime(0).get(), Some(0));
    }

    /// Each transmission of a segment has its copy number and keeps what it echoed; the
    /// copy before the last is still known (a receiver that got it reads its echo), one
    /// older is not.
    #[test]
    fn each_copy_of_a_segment_keeps_its_echo() {
        let ms = 1_000_000;
        let mut r = RateEstimator::new();
        assert_eq!(r.on_send(3, 10 * ms, 0, false), 0);
        r.set_echo(3, ms);
        assert_eq!(r.on_send(3, 20 * ms, 1, true), 1);
        r.set_echo(3, 15 * ms);
        assert_eq!((r.echo_of_copy(3, 1), r.echo_of_copy(3, 0)), (Some(15 * ms), Some(ms)));
        assert_eq!(r.on_send(3, 30 * ms, 1, true), 2);
        assert_eq!(r.echo_of_copy(3, 1), Some(15 * ms));
        assert_eq!(r.echo_of_copy(3, 0), None, "two copies back");
        assert_eq!(r.echo_of_copy(3, 2), None, "the last copy echoes nothing yet");
        assert_eq!(r.echo_of_copy(4, 0), None, "never sent");
    }

    /// Segments sent every `gap` seconds, each ACKed `rtt` later, one per ACK.
    fn steady(gap: f64, rtt: f64, n: i64) -> (RateEstimator, Vec<RateSample>) {
        let mut r = RateEstimator::new();
        let mut out = Vec::new();
        let mut sent = 0i64;
        let mut acked = 0i64;
        // events in time order: sends at k * gap, ACKs at k * gap + rtt
        while acked < n {
            let t_send = sent as f64 * gap;
            let t_ack = acked as f64 * gap + rtt;
            if sent < n && t_send <= t_ack {
                r.on_send(sent, from_secs(t_send), sent - acked, false);
                sent += 1;
            } else {
                r.begin_ack(sent - acked, from_secs(t_ack));
                r.on_delivered(acked, false);
                out.push(r.end_ack(from_secs(t_ack), acked + 1));
                acked += 1;
            }
        }
        (r, out)
    }

    #[test]
    fn a_steady_stream_is_sampled_at_its_rate_with_its_rtt() {
        let (r, s) = steady(0.001, 0.050, 500);
        // after the first RTT every sample spans an RTT's worth of deliveries
        for x in &s[100..] {
            let rate = x.rate_pps().unwrap();
            assert!((rate - 1000.0).abs() < 25.0, "{x:?}");
            assert!((x.rtt_s.unwrap() - 0.050).abs() < 1e-9);
            assert!(!x.is_app_limited && !x.is_retrans);
        }
        assert_eq!(r.delivered, 500);
        assert!((r.min_rtt_s() - 0.050).abs() < 1e-9);
    }

    /// Linux reads an RTT as the difference of two readings of the host's microsecond
    /// clock: an exact 100.4003 ms round trip reads 100,400 or 100,401 us by where the
    /// host's microseconds fall against the send time, never a fraction of one.
    #[test]
    fn the_rtt_is_whole_microseconds_of_the_senders_clock() {
        let rtt_ns: Time = 100_400_300;
        let read = |phase: Time, sent: Time| {
            let mut r = RateEstimator::new();
            r.set_clock(TsClock::with_phase(phase));
            r.on_send(0, sent, 0, false);
            r.begin_ack(1, sent + rtt_ns);
            r.on_delivered(0, false);
            let a = r.end_ack(sent + rtt_ns, 1);
            (a.rtt_s.unwrap(), r.rack_rtt_s)
        };
        // sent 0.1 us before a microsecond of the host's clock: the ACK's reading is 401
        // microseconds on; sent right after one, 400
        assert_eq!(read(0, 999_900), (0.100401, 0.100401));
        assert_eq!(read(0, 1_000_000), (0.100400, 0.100400));
        // the host's phase moves where its microseconds fall (3,000,100 ns plus 900 is a
        // whole microsecond of its clock)
        assert_eq!(read(900, 3_000_100), (0.100400, 0.100400));
        assert_eq!(read(900, 2_999_999), (0.100401, 0.100401));
        let mut seen = std::collections::BTreeSet::new();
        for sent in (0..5_000).map(|k| k * 137) {
            let (rtt, _) = read(0, sent);
            assert_eq!(crate::tcp::rtt::whole_us(rtt) as f64 / 1e6, rtt, "whole microseconds");
            seen.insert(crate::tcp::rtt::whole_us(rtt));
        }
        assert_eq!(seen.into_iter().collect::<Vec<_>>(), vec![100_400, 100_401]);
    }

    #[test]
    fn the_longer_of_the_send_and_ack_phases_bounds_the_rate() {
        // ten segments sent at once (a burst), ACKed 1 ms apart: the ACK phase is longer
        let mut r = RateEstimator::new();
        for k in 0..10 {
            r.on_send(k, from_secs(0.0), k, false);
        }
        let mut last = RateSample::default();
        for k in 0..10 {
            let t = from_secs(0.1 + 0.001 * k as f64);
            r.begin_ack(10 - k, t);
            r.on_delivered(k, false);
            last = r.end_ack(t, k + 1);
        }
        // 10 delivered over 0.109 s since the first send phase began: not 10 in 0 s
        assert_eq!(last.delivered, Some(10));
        assert!((last.interval_s - 0.109).abs() < 1e-9, "{last:?}");
    }

    #[test]
    fn sacked_segments_count_once_and_retransmissions_give_no_rtt() {
        let mut r = RateEstimator::new();
        for k in 0..4 {
            r.on_send(k, from_secs(0.001 * k as f64), k, false);
        }
        r.on_send(0, from_secs(0.2), 4, true); // 0 resent
        // an ACK SACKing 1..3 (0 lost)
        r.begin_ack(4, from_secs(0.3));
        for k in 1..4 {
            r.on_delivered(k, true);
        }
        let a = r.end_ack(from_secs(0.3), 0);
        assert_eq!(a.acked_sacked, 3);
        assert!((a.rtt_s.unwrap() - (0.3 - 0.003)).abs() < 1e-9);
        // the cumulative ACK of 0..3: only 0 is new, and its RTT is not a sample (Karn)
        r.begin_ack(1, from_secs(0.5));
        for k in 0..4 {
            r.on_delivered(k, false);
        }
        let b = r.end_ack(from_secs(0.5), 4);
        assert_eq!(b.acked_sacked, 1);
        assert!(b.is_retrans && b.rtt_s.is_none());
        assert_eq!(r.delivered, 4);
        // RACK remembers the newest delivered send time: the retransmission's
        assert_eq!(r.rack_xmit, from_secs(0.2));
    }

    /// Linux's RTT samples (tcp_clean_rtx_queue, tcp_ack_update_rtt): SRTT's from the
    /// oldest segment acknowledged cumulatively unless any was ever retransmitted, else
    /// from the first newly SACKed, else from the echoed timestamp; the controllers'
    /// from the newest of the same source.
    #[test]
    fn rtt_samples_come_from_cumulative_acks_then_sacks_then_the_timestamp() {
        let ms = |x: f64| from_secs(x / 1000.0);
        let mut r = RateEstimator::new();
        for k in 0..6 {
            r.on_send(k, ms(k as f64), k, false);
        }
        // a cumulative ACK of 0 and 1: SRTT's sample the oldest's (100 ms), the
        // controllers' the newest's (99 ms)
        r.begin_ack(6, ms(100.0));
        r.on_delivered(0, false);
        r.on_delivered(1, false);
        let a = r.end_ack_echoing(ms(100.0), 2, Some(0.100));
        assert_eq!((a.srtt_sample_s, a.rtt_s), (Some(0.100), Some(0.099)));
        // 2 is lost and resent at 150 ms; an ACK SACKs 3 and 4 (no cumulative progress):
        // SRTT's sample from the first SACKed (3, sent at 3 ms), the controllers' from
        // the last (4)
        r.on_send(2, ms(150.0), 3, true);
        r.begin_ack(4, ms(200.0));
        r.on_delivered(3, true);
        r.on_delivered(4, true);
        let b = r.end_ack(ms(200.0), 2);
        assert_eq!((b.srtt_sample_s, b.rtt_s), (Some(0.197), Some(0.196)));
        // the retransmission arrives: the cumulative ACK covers a retransmitted segment
        // (Karn) and SACKs nothing new: without timestamps no sample, with them the
        // echo of the retransmission (100 ms)
        let mut r2 = r.clone();
        r.begin_ack(2, ms(250.0));
        for k in 2..5 {
            r.on_delivered(k, false);
        }
        let c = r.end_ack(ms(250.0), 5);
        assert_eq!((c.srtt_sample_s, c.rtt_s), (None, None));
        r2.begin_ack(2, ms(250.0));
        let echo = r2.sent_time(2).map(|e| TsClock::default().sender_rtt_s(e, ms(250.0)));
        for k in 2..5 {
            r2.on_delivered(k, false);
        }
        let d = r2.end_ack_echoing(ms(250.0), 5, echo);
        assert_eq!((d.srtt_sample_s, d.rtt_s), (Some(0.100), Some(0.100)));
        // a segment SACKed before and retransmitted also counts as retransmitted data
        // when the cumulative ACK covers it
        let mut r3 = RateEstimator::new();
        r3.on_send(0, ms(0.0), 0, false);
        r3.on_send(1, ms(1.0), 1, false);
        r3.on_send(1, ms(50.0), 2, true);
        r3.begin_ack(2, ms(60.0));
        r3.on_delivered(1, true);
        let e = r3.end_ack(ms(60.0), 0);
        assert_eq!(e.srtt_sample_s, None, "a retransmission SACKed gives no sample");
        r3.begin_ack(1, ms(100.0));
        r3.on_delivered(0, false);
        r3.on_delivered(1, false);
        let f = r3.end_ack(ms(100.0), 2);
        assert_eq!(f.srtt_sample_s, None, "Karn: retransmitted data acknowledged");
    }

    /// The timestamp's RTT is Linux's: whole milliseconds between the tick the
    /// echoed segment left in and the ACK's tick, so the same 100.5 ms round trip
    /// reads 100 or 101 ms, below the exact RTT as often as above it (what lowers a
    /// Linux BBR sender's minimum RTT after its first loss), and where the host's
    /// ticks fall decides which.
    #[test]
    fn the_timestamps_rtt_is_whole_milliseconds_of_the_senders_clock() {
        let ms = |x: f64| from_secs(x / 1000.0);
        let cases = [(0.0, 150.4, 250.9, 0.100), (0.0, 150.6, 251.1, 0.101), (0.0, 7.0, 7.3, 0.001), (0.5, 150.4, 250.9, 0.101)];
        for (phase, sent, acked, reads) in cases {
            let clock = TsClock::with_phase(ms(phase));
            let mut r = RateEstimator::new();
            r.on_send(0, ms(0.0), 0, false);
            r.on_send(0, ms(sent), 1, true);
            r.begin_ack(1, ms(acked));
            let echo = r.sent_time(0).map(|e| clock.sender_rtt_s(e, ms(acked)));
            r.on_delivered(0, false);
            let a = r.end_ack_echoing(ms(acked), 1, echo);
            assert_eq!((a.srtt_sample_s, a.rtt_s), (Some(reads), Some(reads)), "phase {phase}, sent {sent} ms, acked {acked} ms");
        }
    }

    #[test]
    fn an_application_limited_bubble_marks_samples_until_delivered() {
        let mut r = RateEstimator::new();
        r.on_send(0, from_secs(0.0), 0, false);
        r.on_app_limited(1); // out of data with one in flight
        r.on_send(1, from_secs(0.01), 1, false);
        r.begin_ack(2, from_secs(0.1));
        r.on_delivered(0, false);
        let a = r.end_ack(from_secs(0.1), 1);
        assert!(!a.is_app_limited); // segment 0 left before the bubble
        r.begin_ack(1, from_secs(0.11));
        r.on_delivered(1, false);
        let b = r.end_ack(from_secs(0.11), 2);
        assert!(b.is_app_limited);
        // the bubble is gone once what was in flight at its start is delivered
        r.on_send(2, from_secs(0.12), 0, false);
        r.begin_ack(1, from_secs(0.22));
        r.on_delivered(2, false);
        assert!(!r.end_ack(from_secs(0.22), 3).is_app_limited);
    }
}
