//! Proportional Rate Reduction (RFC 6937), as Linux's tcp_cwnd_reduction runs it for
//! every controller that leaves the window to the stack in fast recovery (CUBIC; not BBR,
//! whose `cong_control` sets the window itself).
//!
//! On entering recovery the controller sets ssthresh; the window is not cut to it at
//! once. On each ACK the window becomes what is in flight plus `sndcnt`, the segments
//! the sender may send for this ACK:
//! - while more than ssthresh is in flight, sends follow deliveries in the proportion
//!   ssthresh / the window before recovery (`prior_cwnd`), so that at the end of
//!   recovery ssthresh is in flight;
//! - once in flight falls to ssthresh or below (many losses), the slow-start reduction
//!   bound (PRR-SSRB): at most what was delivered and not yet answered, or this ACK's
//!   deliveries, plus one if it moved snd_una and marked nothing lost; never above
//!   ssthresh.
//!
//! The first ACK of recovery may always send one segment (the fast retransmit). When
//! recovery ends the window is ssthresh (tcp_end_cwnd_reduction).

/// The state of one reduction: Linux's prior_cwnd, prr_delivered, prr_out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prr {
    /// The window when recovery began, segments.
    prior_cwnd: u64,
    /// Segments delivered (ACKed or SACKed) since recovery began.
    delivered: u64,
    /// Segments sent since recovery began.
    out: u64,
}

impl Prr {
    /// tcp_init_cwnd_reduction: recovery begins with the window at `prior_cwnd`.
    pub fn new(prior_cwnd: u64) -> Prr {
        Prr { prior_cwnd: prior_cwnd.max(1), delivered: 0, out: 0 }
    }

    /// A segment left while the reduction runs (prr_out, new data or a retransmission).
    pub fn on_send(&mut self) {
        self.out += 1;
    }

    /// Segments sent since recovery began.
    pub fn sent(&self) -> u64 {
        self.out
    }

    /// tcp_cwnd_reduction for one ACK: the new window (segments), given ssthresh, the
    /// segments in flight before this ACK's sends, what this ACK delivered, whether it
    /// marked segments lost, and whether it advanced snd_una. `sent_before` is prr_out
    /// as it stood when the ACK arrived (the caller may have sent already on this ACK).
    /// None when the ACK delivered nothing: the window stays.
    pub fn on_ack(&mut self, ssthresh: u64, in_flight: u64, acked_sacked: u64, newly_lost: bool,
                  una_advanced: bool, sent_before: u64) -> Option<u64> {
        if acked_sacked == 0 {
            return None;
        }
        self.delivered += acked_sacked;
        let delta = ssthresh as i64 - in_flight as i64;
        let mut sndcnt = if delta < 0 {
            // ceil(ssthresh * prr_delivered / prior_cwnd) - prr_out
            let target = (ssthresh * self.delivered + self.prior_cwnd - 1) / self.prior_cwnd;
            target as i64 - sent_before as i64
        } else {
            let mut n = (self.delivered as i64 - sent_before as i64).max(acked_sacked as i64);
            if una_advanced && !newly_lost {
                n += 1;
            }
            n.min(delta)
        };
        // force the fast retransmit on entering recovery
        sndcnt = sndcnt.max(if sent_before > 0 { 0 } else { 1 });
        Some(in_flight + sndcnt as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6937's first example: a window of 20, ssthresh 10 (one loss, 19 segments
    /// still in flight, each ACK delivering one): PRR sends one segment for every
    /// other ACK, so that 10 remain in flight when the 19 are delivered.
    #[test]
    fn with_more_than_ssthresh_in_flight_sends_follow_deliveries_in_proportion() {
        let mut p = Prr::new(20);
        let mut in_flight = 19u64;
        let mut sends = Vec::new();
        for _ in 0..19 {
            in_flight -= 1; // this ACK delivered one
            let before = p.sent();
            let cwnd = p.on_ack(10, in_flight, 1, false, false, before).unwrap();
            let n = cwnd.saturating_sub(in_flight);
            for _ in 0..n {
                p.on_send();
                in_flight += 1;
            }
            sends.push(n);
        }
        // the first ACK forces the retransmission, then one send per two ACKs
        assert_eq!(sends[0], 1);
        assert_eq!(sends.iter().sum::<u64>(), 10); // ceil(10 * 19 / 20)
        assert_eq!(in_flight, 10);
        // never two sends for one ACK: the reduction is spread over the recovery
        assert!(sends.iter().all(|&n| n <= 1), "{sends:?}");
    }

    /// Below ssthresh (a burst of losses): PRR-SSRB grows what is in flight by at most
    /// one more than was delivered per ACK, up to ssthresh, instead of jumping to it.
    #[test]
    fn below_ssthresh_the_window_rises_like_slow_start_not_at_once() {
        let mut p = Prr::new(20);
        // 10 of 20 lost at once: 10 in flight, ssthresh 14; one ACK delivering one that
        // moves snd_una and marks nothing lost
        let cwnd = p.on_ack(14, 9, 1, false, true, 0).unwrap();
        assert_eq!(cwnd, 9 + 2); // delivered 1, +1: not 14
        p.on_send();
        p.on_send();
        // an ACK that marks losses gets no extra segment
        let cwnd = p.on_ack(14, 10, 1, true, true, 2).unwrap();
        assert_eq!(cwnd, 10 + 1);
        // never past ssthresh however much was delivered
        let cwnd = p.on_ack(14, 12, 30, false, true, 3).unwrap();
        assert_eq!(cwnd, 14);
    }

    #[test]
    fn an_ack_that_delivers_nothing_leaves_the_window_and_a_later_one_counts_prior_sends() {
        let mut p = Prr::new(10);
        assert_eq!(p.on_ack(5, 9, 0, false, false, 0), None);
        // sent 3 already (e.g. on this ACK before the reduction ran): fewer now
        let cwnd = p.on_ack(5, 9, 4, false, false, 3).unwrap();
        // ceil(5 * 4 / 10) = 2, minus 3 sent: nothing (not negative)
        assert_eq!(cwnd, 9);
    }
}
