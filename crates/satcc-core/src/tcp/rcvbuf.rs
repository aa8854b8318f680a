//! A Linux receiver's advertised window: receive-buffer auto-tuning (dynamic right-sizing)
//! as tcp_input.c and tcp_output.c (6.x) run it, in segments instead of bytes.
//!
//! A fixed advertised window (ns-2's `window_`) never limits a sender that the papers'
//! scenarios do not mean to limit. A Linux receiver's does, early in a connection: it
//! starts at 64 KB (half the initial 128 KB buffer, `net.ipv4.tcp_rmem[1]`) and grows
//! with what the application reads, so a long-RTT sender in slow start or BBR's STARTUP
//! can outrun it and wait (TCP_INFO's `rwnd_limited`). Three pieces:
//! - the buffer (`allowed`, with the window clamp): once per receiver RTT
//!   (tcp_rcv_space_adjust), if more was read in the last RTT than before, it becomes
//!   2 x that + 16 segments, plus twice its growth ratio (a sender doubling per RTT),
//!   up to `net.ipv4.tcp_rmem[2]`;
//! - `rcv_ssthresh` (tcp_grow_window): every segment received, in order or (with SACK)
//!   out of order, raises it by two segments, up to the clamp and the free space;
//! - the window sent (__tcp_select_window, tcp_select_window): the free space (the buffer
//!   less the segments held out of order), at most `rcv_ssthresh`, zero when the free
//!   space falls below a sixteenth of the buffer; never less than what is left of the
//!   window already offered (the right edge does not move back).
//!
//! The receiver's RTT (Linux measures it from TCP timestamps: the sender's echo of the
//! receiver's clock, one round trip with its queueing, smoothed by 1/8) is taken as the
//! sender's SRTT, the same round trip smoothed the same way. The application reads at
//! once; the window's scaling granularity (1 KB) is not modelled.

use crate::engine::{from_secs, Time};

/// Initial segments read per RTT the buffer is sized for (TCP_INIT_CWND).
const INIT_SPACE_SEGS: i64 = 10;
/// Cushion of tcp_rcv_space_adjust: 16 segments.
const CUSHION_SEGS: i64 = 16;

/// Linux's receive-window state for one connection, in segments.
#[derive(Clone, Debug, PartialEq)]
pub struct RcvBuf {
    /// The window the buffer allows (tcp_full_space).
    allowed: i64,
    /// The window clamp; follows the buffer as it grows.
    clamp: i64,
    /// The largest window the buffer may reach (tcp_rmem[2]).
    max: i64,
    rcv_ssthresh: i64,
    /// tcp_rcv_space_adjust's measure: segments read in the last RTT, and where and
    /// when the current measure began.
    space: i64,
    meas_seq: i64,
    meas_time: Time,
    /// Right edge of the window last offered (rcv_wup + rcv_wnd).
    right_edge: i64,
}

impl RcvBuf {
    /// A receiver with `initial_bytes` of buffer (tcp_rmem[1]) growing to `max_bytes`
    /// (tcp_rmem[2]), for segments of `seg_bytes`: the window is half the buffer
    /// (Linux's default scaling ratio), so 128 KB give 64 KB.
    pub fn new(initial_bytes: u64, max_bytes: u64, seg_bytes: u32) -> RcvBuf {
        let seg = seg_bytes.max(1) as u64;
        let initial = ((initial_bytes / 2) / seg).max(1) as i64;
        let max = ((max_bytes / 2) / seg).max(initial as u64) as i64;
        RcvBuf {
            allowed: initial,
            clamp: initial,
            max,
            rcv_ssthresh: initial,
            space: INIT_SPACE_SEGS.min(initial),
            meas_seq: 0,
            meas_time: 0,
            right_edge: 0,
        }
    }

    /// tcp_grow_window: a segment arrived (in order, or held out of order with SACK);
    /// `held` segments are now held out of order.
    pub fn on_segment(&mut self, held: i64) {
        let free = self.allowed - held;
        let room = self.clamp.min(free) - self.rcv_ssthresh;
        if room > 0 {
            self.rcv_ssthresh += room.min(2);
        }
    }

    /// tcp_rcv_space_adjust: the application has read everything before `next` at
    /// `now`; the receiver's RTT is `rtt_s` (0: not measured yet, nothing changes).
    pub fn on_read(&mut self, next: i64, now: Time, rtt_s: f64) {
        if rtt_s <= 0.0 || now < self.meas_time + from_secs(rtt_s) {
            return;
        }
        let copied = next - self.meas_seq;
        if copied > self.space {
            let mut rcvwin = 2 * copied + CUSHION_SEGS;
            // a sender growing its window: twice the growth over the last RTT on top
            let grow = rcvwin * (copied - self.space) / self.space.max(1);
            rcvwin += 2 * grow;
            let win = rcvwin.min(self.max);
            if win > self.allowed {
                self.allowed = win;
                self.clamp = win;
            }
            self.space = copied;
        }
        self.meas_seq = next;
        self.meas_time = now;
    }

    /// The window to advertise on an ACK, segments beyond `next` (the next segment
    /// expected), with `held` segments held out of order (tcp_select_window).
    pub fn advertise(&mut self, next: i64, held: i64) -> u32 {
        let full = self.clamp.min(self.allowed);
        let mut free = self.allowed - held;
        let mut win = if free < full / 2 && (free < self.allowed / 16 || free < 1) {
            0
        } else {
            free = free.min(self.rcv_ssthresh);
            free.max(0)
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
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Time = 1_000_000;

    /// Linux's defaults, 1448-byte segments: 64 KB of window, 45 segments, at first.
    fn linux() -> RcvBuf {
        RcvBuf::new(131_072, 33_554_432, 1448)
    }

    #[test]
    fn the_first_window_is_half_the_initial_buffer() {
        let mut r = linux();
        assert_eq!(r.advertise(1, 0), 45);
        assert_eq!(r.allowed(), 45);
    }

    /// The buffer follows what was read per RTT: 2 x + 16 segments, plus twice the
    /// growth when the reads grew (a sender in slow start), never smaller, never past
    /// tcp_rmem[2]; nothing changes within an RTT or before an RTT is known.
    #[test]
    fn the_buffer_grows_once_per_rtt_with_what_was_read() {
        let mut r = linux();
        r.on_read(30, 50 * MS, 0.0);
        assert_eq!(r.allowed(), 45, "no RTT yet");
        r.on_read(30, 50 * MS, 0.1);
        assert_eq!(r.allowed(), 45, "within the first RTT");
        // 40 read in the first 100 ms against a space of 10: 2 x 40 + 16 = 96, grown
        // by 96 x (40 - 10) / 10 = 288 twice: 672
        r.on_read(40, 100 * MS, 0.1);
        assert_eq!(r.allowed(), 672);
        // the next RTT reads 60: 2 x 60 + 16 = 136 + 2 x (136 x 20 / 40 = 68) = 272 <
        // 672: the buffer keeps its size
        r.on_read(100, 200 * MS, 0.1);
        assert_eq!(r.allowed(), 672);
        // reads that fall leave it too
        r.on_read(110, 300 * MS, 0.1);
        assert_eq!(r.allowed(), 672);
        let mut small = RcvBuf::new(131_072, 1_000_000, 1448);
        small.on_read(40, 100 * MS, 0.1);
        assert_eq!(small.allowed(), 1_000_000 / 2 / 1448, "capped at tcp_rmem[2]");
    }

    /// rcv_ssthresh grows by two segments per segment received, up to the buffer, and
    /// bounds the window however large the buffer is.
    #[test]
    fn the_window_grows_two_segments_per_segment_up_to_the_buffer() {
        let mut r = linux();
        r.on_read(40, 100 * MS, 0.1); // buffer 672
        assert_eq!(r.advertise(40, 0), 45, "rcv_ssthresh still 45");
        for _ in 0..10 {
            r.on_segment(0);
        }
        assert_eq!(r.advertise(41, 0), 65);
        for _ in 0..1000 {
            r.on_segment(0);
        }
        assert_eq!(r.advertise(42, 0), 672);
    }

    /// Segments held out of order take buffer space: the window falls by them (the
    /// right edge already offered stays), and goes to zero once the free space is below
    /// a sixteenth of the buffer.
    #[test]
    fn segments_held_out_of_order_shrink_the_window_but_not_the_offered_edge() {
        let mut r = linux();
        r.on_read(40, 100 * MS, 0.1);
        for _ in 0..1000 {
            r.on_segment(0);
        }
        assert_eq!(r.advertise(100, 0), 672); // right edge 772
        // 400 held above a hole at 100: free 272, but 672 was offered from 100
        assert_eq!(r.advertise(100, 400), 672, "the offered edge stays");
        // the hole is filled by one segment: next 101, the edge still binds
        assert_eq!(r.advertise(101, 400), 671);
        // everything up to 600 arrives and is read: nothing held, full window again
        assert_eq!(r.advertise(600, 0), 672);
        // 650 held: free 22 < 672 / 16 = 42: zero, but the edge at 1272 stays offered
        assert_eq!(r.advertise(1272, 650), 0);
    }
}
