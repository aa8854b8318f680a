//! A Linux receiver's advertised window: receive-buffer auto-tuning (dynamic right-sizing)
//! as tcp_input.c and tcp_output.c of Linux 6.18 run it, in segments instead of bytes.
//!
//! A fixed advertised window (ns-2's `window_`) never limits a sender the papers'
//! scenarios do not mean to limit. A Linux receiver's does, early in a connection: it
//! starts from a 128 KB buffer (`net.ipv4.tcp_rmem[1]`) and grows with what the
//! application reads, so a long-RTT sender in slow start or BBR's STARTUP can outrun it
//! and wait (TCP_INFO's `rwnd_limited`). The pieces:
//! - the buffer, as a window: its bytes times the scaling ratio (the share of a
//!   segment's memory that is payload, which Linux measures per segment as len /
//!   truesize), over the segment size;
//! - tcp_rcvbuf_grow: once per receiver RTT (tcp_rcv_space_adjust), if more was read in
//!   the last RTT (`newval`) than in the one before (`oldval`), the buffer is re-sized
//!   for 2 x newval, plus twice that times the growth (newval - oldval) / oldval (a sender
//!   in slow start), plus the span of segments held out of order; every segment held out
//!   of order re-sizes it too, for 2 x the last RTT's reads plus that span; never smaller,
//!   never past `net.ipv4.tcp_rmem[2]`;
//! - rcv_ssthresh (tcp_grow_window): it starts at the window clamp the handshake set
//!   (tcp_init_buffer_space: the buffer at the default scaling ratio, 1/2, less one
//!   segment), below the buffer's window once the first segment's ratio is measured;
//!   every data segment received, in order or (with SACK) out of order, raises it by
//!   two segments, up to the buffer's window and its free space (each raise makes the
//!   receiver acknowledge at once: tcp/sink.rs);
//! - the window sent (__tcp_select_window, tcp_select_window): the free space (the
//!   buffer less the segments held out of order), at most rcv_ssthresh, zero when the
//!   free space falls below a sixteenth of the buffer; never less than what is left of
//!   the window already offered (the right edge does not move back).
//!
//! The receiver's RTT comes from the sink (tcp/sink.rs, `on_echo`): Linux's estimate
//! from TCP timestamps (the sender's echo of the receiver's clock, one round trip with
//! its queueing; a lower sample taken at once, higher ones smoothed by 1/8). The
//! application reads at once; the window's scaling granularity (1 KB) is not modelled.

use crate::engine::{from_secs, Time};

/// Segments read per RTT the buffer is first sized for (TCP_INIT_CWND).
const INIT_SPACE_SEGS: i64 = 10;

/// The scaling ratio a socket assumes before it has measured one (TCP_DEFAULT_SCALING_RATIO,
/// 128/256): the handshake sizes the window clamp, and so the first rcv_ssthresh, with it.
const DEFAULT_SCALING_RATIO: f64 = 0.5;

/// Linux's receive-window state for one connection, in segments.
#[derive(Clone, Debug, PartialEq)]
pub struct RcvBuf {
    /// The window the buffer allows (tcp_full_space; the window clamp follows it).
    allowed: i64,
    /// The largest window the buffer may reach (tcp_rmem[2]).
    max: i64,
    rcv_ssthresh: i64,
    /// tcp_rcv_space_adjust's measure: segments read in the last RTT (rcvq_space.space),
    /// and where and when the current measure began (None before the connection is
    /// established: tcp_init_buffer_space begins the first).
    space: i64,
    meas_seq: i64,
    meas_time: Option<Time>,
    /// Right edge of the window last offered (rcv_wup + rcv_wnd).
    right_edge: i64,
}

impl RcvBuf {
    /// A receiver with `initial_bytes` of buffer (tcp_rmem[1]) growing to `max_bytes`
    /// (tcp_rmem[2]), for segments of `seg_bytes` whose payload is `ratio` of the memory
    /// they take (the scaling ratio).
    pub fn new(initial_bytes: u64, max_bytes: u64, seg_bytes: u32, ratio: f64) -> RcvBuf {
        let win = |bytes: u64, ratio: f64| ((bytes as f64 * ratio) / seg_bytes.max(1) as f64).floor().max(1.0) as i64;
        let initial = win(initial_bytes, ratio);
        // tcp_init_buffer_space: rcv_ssthresh starts at the window clamp, set at the
        // handshake from the buffer at the default scaling ratio, less one segment
        // reserved; the first segment's measured ratio then widens the buffer's window
        // (tcp_measure_rcv_mss), and rcv_ssthresh grows into that room
        let rcv_ssthresh = (win(initial_bytes, DEFAULT_SCALING_RATIO) - 1).max(2).min(initial);
        RcvBuf {
            allowed: initial,
            max: win(max_bytes, ratio).max(initial),
            rcv_ssthresh,
            // rcvq_space.space: min(rcv_ssthresh, rcv_wnd, TCP_INIT_CWND segments)
            space: INIT_SPACE_SEGS.min(rcv_ssthresh),
            meas_seq: 0,
            meas_time: None,
            right_edge: 0,
        }
    }

    /// tcp_rcvbuf_grow: size the buffer for `newval` segments read per RTT (the last
    /// measure being `space`), and `span` segments from the next expected to the highest
    /// held out of order.
    fn grow(&mut self, newval: i64, span: i64) {
        let oldval = self.space.max(1);
        self.space = newval;
        let mut rcvwin = 2 * newval;
        rcvwin += 2 * (rcvwin * (newval - oldval) / oldval);
        rcvwin += span;
        let win = rcvwin.min(self.max);
        if win > self.allowed {
            self.allowed = win;
        }
    }

    /// A segment arrived, in order or held out of order (with SACK): tcp_grow_window;
    /// then, for one held out of order, tcp_rcvbuf_grow for the span now held. `held`
    /// segments are held out of order, `span` from the next expected to the highest.
    /// Returns whether rcv_ssthresh grew (Linux then acknowledges quickly: `quick_ack`).
    pub fn on_segment(&mut self, out_of_order: bool, held: i64, span: i64) -> bool {
        // room under the buffer's free space (never above the buffer itself)
        let room = self.allowed - held - self.rcv_ssthresh;
        if room > 0 {
            self.rcv_ssthresh += room.min(2);
        }
        if out_of_order {
            self.grow(self.space, span);
        }
        room > 0
    }

    /// The connection is established at `now` with `first` the first data segment to
    /// come (tcp_init_buffer_space, when the handshake's last ACK arrives, which a
    /// Linux sender follows at once with its first data): the first measure begins
    /// there, so that it counts that segment too. Later calls change nothing.
    pub fn establish(&mut self, first: i64, now: Time) {
        if self.meas_time.is_none() {
            self.meas_seq = first;
            self.meas_time = Some(now);
        }
    }

    /// tcp_rcv_space_adjust: segments before `next` became readable at `now`, those
    /// from `before` on at this instant; the receiver's RTT is `rtt_s` (0: not measured
    /// yet, nothing changes).
    ///
    /// Linux's recvmsg runs the adjustment after copying each skb, and counts the bytes
    /// read since the measure began less those still queued (`inq`, since 6.16). When a
    /// retransmission fills a hole and the segments held out of order become readable
    /// at once, the first call comes after the hole's own segment, with the rest still
    /// queued: that RTT's count is what was read before less the batch, and the new
    /// measure begins after the hole's segment, so the batch counts in the next RTT
    /// (a Linux receiver's TCP_INFO shows it: rcvq_space.seq set one segment past the
    /// hole). The later calls at the same instant fall within the new measure's RTT.
    pub fn on_read(&mut self, before: i64, next: i64, now: Time, rtt_s: f64, span: i64) {
        let Some(since) = self.meas_time else { return };
        if rtt_s <= 0.0 || now < since + from_secs(rtt_s) {
            return;
        }
        let copied_seq = (before + 1).min(next);
        let inq = next - copied_seq;
        let copied = copied_seq - self.meas_seq - inq;
        if copied > self.space {
            self.grow(copied, span);
        }
        self.meas_seq = copied_seq;
        self.meas_time = Some(now);
    }

    /// The window to advertise on an ACK, segments beyond `next` (the next segment
    /// expected), with `held` segments held out of order (tcp_select_window).
    pub fn advertise(&mut self, next: i64, held: i64) -> u32 {
        let free = self.allowed - held;
        let mut win = if free < self.allowed / 16 || free < 1 {
            0
        } else {
            free.min(self.rcv_ssthresh).max(0)
        };
        // never shrink the window already offered
        let offered = self.right_edge - next;
        if win < offered {
            win = offered;
        }
        self.right_edge = next + win;
        win.max(0) as u32
    }

    /// The window the buffer allows now, segments.
    pub fn allowed(&self) -> i64 {
        self.allowed
    }

    /// rcv_ssthresh, segments.
    pub fn rcv_ssthresh(&self) -> i64 {
        self.rcv_ssthresh
    }

    /// The last RTT's measure (rcvq_space.space), segments.
    pub fn space(&self) -> i64 {
        self.space
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Time = 1_000_000;

    /// Linux 6.18's defaults, 1448-byte segments at the emulation's scaling ratio: a
    /// buffer of 55 segments (a Linux receiver's TCP_INFO in the emulation: rcv_ssthresh
    /// 80,480 bytes after the first segments), rcv_ssthresh 44 before them (64,088).
    fn linux() -> RcvBuf {
        let mut r = RcvBuf::new(131_072, 33_554_432, 1448, 0.609375);
        r.establish(0, 0);
        r
    }

    /// The buffer's window is the initial buffer times the scaling ratio; rcv_ssthresh,
    /// and so the first window offered, starts at the handshake's window clamp: the
    /// buffer at the default ratio (64 KB) less a segment, 44 of 1448 bytes (Linux: 64,088
    /// bytes, 44.3). Six segments grow it into the buffer's 55, two at a time (Linux's
    /// ACKs: 47, 49, 51, 53, 55, its bytes rounded up).
    #[test]
    fn the_first_window_is_the_handshakes_clamp_and_grows_into_the_buffer() {
        let mut r = linux();
        assert_eq!(r.allowed(), 55);
        assert_eq!(r.advertise(1, 0), 44);
        let mut grew = vec![];
        for k in 0..8 {
            grew.push(r.on_segment(false, 0, 0));
            assert_eq!(r.advertise(2 + k, 0), (46 + 2 * k as u32).min(55));
        }
        assert_eq!(grew, [true, true, true, true, true, true, false, false]);
        let half = RcvBuf::new(131_072, 33_554_432, 1448, 0.5);
        assert_eq!((half.allowed(), half.rcv_ssthresh()), (45, 44), "64 KB at the default ratio, less a segment");
        // a ratio below the default: rcv_ssthresh never above the buffer's window
        let low = RcvBuf::new(131_072, 33_554_432, 1448, 0.4);
        assert_eq!((low.allowed(), low.rcv_ssthresh()), (36, 36));
    }

    /// The first measure's reference (rcvq_space.space) is at most rcv_ssthresh
    /// (tcp_init_buffer_space): a buffer of 8 KB (a window of 3 segments, rcv_ssthresh 2)
    /// grows once an RTT has read 3 segments; measured against the buffer's 3 instead, no
    /// RTT could ever read more and the window stayed at 3.
    #[test]
    fn a_small_buffer_grows_from_its_first_rtt_of_reads() {
        let mut r = RcvBuf::new(8192, 33_554_432, 1448, 0.609375);
        r.establish(0, 0);
        assert_eq!((r.allowed(), r.rcv_ssthresh(), r.space()), (3, 2, 2));
        r.on_read(2, 3, 100 * MS, 0.1, 0);
        assert_eq!(r.space(), 3);
        assert!(r.allowed() > 3, "{}", r.allowed());
    }

    /// The buffer follows what was read per RTT: 2 x, plus twice that times the growth
    /// (a sender in slow start), never smaller, never past tcp_rmem[2]; nothing changes
    /// within an RTT or before an RTT is known.
    #[test]
    fn the_buffer_grows_once_per_rtt_with_what_was_read() {
        let mut r = linux();
        r.on_read(29, 30, 50 * MS, 0.0, 0);
        assert_eq!(r.allowed(), 55, "no RTT yet");
        r.on_read(29, 30, 50 * MS, 0.1, 0);
        assert_eq!(r.allowed(), 55, "within the first RTT");
        // 40 read in the first 100 ms against 10: 2 x 40 = 80, grown by 80 x 30 / 10 =
        // 240 twice: 560
        r.on_read(39, 40, 100 * MS, 0.1, 0);
        assert_eq!(r.allowed(), 560);
        // 60 next: 120 + 2 x (120 x 20 / 40) = 240 < 560: the buffer keeps its size
        r.on_read(99, 100, 200 * MS, 0.1, 0);
        assert_eq!(r.allowed(), 560);
        // reads that fall leave it too
        r.on_read(109, 110, 300 * MS, 0.1, 0);
        assert_eq!(r.allowed(), 560);
        let mut small = RcvBuf::new(131_072, 1_000_000, 1448, 0.609375);
        small.establish(0, 0);
        small.on_read(39, 40, 100 * MS, 0.1, 0);
        assert_eq!(small.allowed(), (1_000_000.0 * 0.609375 / 1448.0) as i64, "capped at tcp_rmem[2]");
    }

    /// rcv_ssthresh grows by two segments per segment received, up to the buffer, and
    /// bounds the window however large the buffer is.
    #[test]
    fn the_window_grows_two_segments_per_segment_up_to_the_buffer() {
        let mut r = linux();
        r.on_read(39, 40, 100 * MS, 0.1, 0); // buffer 560
        assert_eq!(r.advertise(40, 0), 44, "rcv_ssthresh still the handshake's 44");
        for _ in 0..10 {
            r.on_segment(false, 0, 0);
        }
        assert_eq!(r.advertise(41, 0), 64);
        for _ in 0..1000 {
            r.on_segment(false, 0, 0);
        }
        assert_eq!(r.advertise(42, 0), 560);
    }

    /// Segments held out of order re-size the buffer for the span they cover (Linux
    /// 6.18 provisions for them) and take their room in it; the right edge already
    /// offered stays, and the window is zero when the free space falls below a
    /// sixteenth of the buffer.
    #[test]
    fn segments_held_out_of_order_grow_the_buffer_by_their_span() {
        let mut r = linux();
        r.on_read(39, 40, 100 * MS, 0.1, 0); // buffer 560, space 40
        for _ in 0..1000 {
            r.on_segment(false, 0, 0);
        }
        assert_eq!(r.advertise(100, 0), 560); // right edge 660
        // a hole at 100, 400 held above it, the highest at 500: 2 x 40 + 400 < 560
        r.on_segment(true, 400, 401);
        assert_eq!(r.allowed(), 560);
        assert_eq!(r.advertise(100, 400), 560, "the offered edge stays");
        // the highest held at 600: 80 + 501 = 581
        r.on_segment(true, 401, 501);
        assert_eq!(r.allowed(), 581);
        // the hole filled, all read: nothing held, rcv_ssthresh (560) bounds the window
        assert_eq!(r.advertise(602, 0), 560);
        // 560 held beyond the edge offered (1162): free 21 < 581 / 16 = 36, zero
        assert_eq!(r.advertise(1183, 560), 0);
    }

    /// The first measure begins when the connection is established, before its first
    /// data segment (tcp_init_buffer_space: rcvq_space.seq = copied_seq), so that it
    /// counts that segment; reads before then (the SYN) measure nothing. The numbers
    /// are a Linux receiver's in tests/data/linux_ref/trace_two_rtt_bbr (the 150 ms
    /// flow): 11 segments in its first RTT, then 53; the buffer 2 x 53 + 2 x (106 x 42 /
    /// 11) = 914 segments, where counting from the second segment (10, then 53) gave 1016.
    #[test]
    fn the_first_measure_begins_at_the_handshake_and_counts_the_first_segment() {
        let mut r = RcvBuf::new(131_072, 33_554_432, 1448, 0.609375);
        r.on_read(0, 1, 75 * MS, 0.151, 0); // the SYN: not established yet
        let t0 = 226 * MS; // the first data segment arrives
        r.establish(1, t0);
        r.establish(5, t0 + 10 * MS); // only the first call counts
        for q in 1..=10 {
            r.on_read(q, q + 1, t0, 0.151, 0);
        }
        // 151 ms on, the 11th: 11 read in the RTT (> 10), rcvq_space.space = 11
        r.on_read(11, 12, t0 + 228 * MS, 0.151, 0);
        assert_eq!(r.allowed(), 55, "2 x 11 + growth = 26: the buffer keeps its size");
        // the next RTT: 53 read
        r.on_read(64, 65, t0 + 400 * MS, 0.151, 0);
        assert_eq!(r.allowed(), 2 * 53 + 2 * (2 * 53 * (53 - 11) / 11));
        assert_eq!(r.allowed(), 914);
    }

    /// A hole filled makes a batch readable at once: Linux's recvmsg adjusts after the
    /// hole's own segment, with the batch still queued (inq), so that RTT counts what
    /// was read before less the batch and the batch counts in the next RTT's measure
    /// (which begins one segment past the hole); nothing grows at the hole itself.
    #[test]
    fn a_batch_made_readable_by_a_hole_filled_counts_in_the_next_rtt() {
        let mut r = linux();
        r.on_read(9, 10, 100 * MS, 0.1, 0); // 10 read in the first RTT: space stays 10
        assert_eq!(r.allowed(), 55);
        // 30 read one by one, then a retransmission at 40 fills a hole and 100 more
        // become readable: read 30 + 1 before the batch, 100 still queued: no growth
        r.on_read(40, 141, 200 * MS, 0.1, 0);
        assert_eq!(r.allowed(), 55, "the batch still queued is not counted at the hole");
        // an RTT later, 30 more read one by one: the measure since 41 holds the batch
        r.on_read(170, 171, 300 * MS, 0.1, 0);
        // copied 171 - 41 = 130 against 10: 260 + 2 x (260 x 120 / 10) = 6500
        assert_eq!(r.allowed(), 6500);
        // the same reads one segment at a time (nothing queued) grow at the hole: the
        // difference is the queued batch alone
        let mut eager = linux();
        eager.on_read(9, 10, 100 * MS, 0.1, 0);
        eager.on_read(140, 141, 200 * MS, 0.1, 0);
        assert_eq!(eager.allowed(), 2 * 131 + 2 * (2 * 131 * 121 / 10));
    }
}
