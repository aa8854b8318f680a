//! Echo requests and their replies, as ns-2's Agent/Ping (apps/ping.cc): the sending
//! agent's `send` makes a request carrying its number and send time; the agent it is
//! connected to answers each request at once, in the event that delivers it, with a
//! reply of its own packetSize_ carrying the request's number, its send time and the
//! instant it arrived; the reply's arrival gives the round trip and the two one-way
//! delays (ns-2 hands them to the script's `Agent/Ping instproc recv`).
//!
//! The times are the double clock's, as ns-2 carries them in the ping header; the
//! simulator files each request as an event before the run starts, as a script's
//! `$ns at T "$ping send"` is.

/// The instants of a flow's requests, seconds: `at_s` as given, or one at `start_s` and
/// then every `every_s` while at or before `until_s` (each `start_s + k x every_s`,
/// not a running sum, so that a long series does not drift).
pub fn request_times(at_s: &[f64], every_s: Option<f64>, start_s: f64, until_s: f64) -> Vec<f64> {
    match every_s {
        None => at_s.to_vec(),
        Some(every) => (0u64..)
            .map(|k| start_s + k as f64 * every)
            .take_while(|&t| t <= until_s)
            .collect(),
    }
}

/// One answered request, as its reply arrives.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Answer {
    /// The request's number (ns-2's hdr_ping seq, from 0).
    pub seq: i64,
    /// Round trip: the reply's arrival less the request's send time, seconds.
    pub rtt_s: f64,
    /// The request's way there: its arrival at the far agent less its send time.
    pub forward_s: f64,
    /// The reply's way back: its arrival less the request's arrival at the far agent.
    pub back_s: f64,
}

/// A ping flow's two agents: what the sender sent and when, what the far agent took
/// and when, and the answers so far.
#[derive(Clone, Debug)]
pub struct Pinger {
    /// Each request's instant, in order (request `k` is the `k`-th).
    pub times_s: Vec<f64>,
    /// The next request to send (its number).
    pub next: usize,
    /// Bytes of a reply (the far agent's packetSize_).
    pub reply_bytes: u16,
    /// When each request reached the far agent (NaN: not yet, or never).
    arrived_s: Vec<f64>,
    /// Requests answered (replies that reached the sender), and their round trips'
    /// least, sum and greatest.
    pub answered: u64,
    rtt_min_s: f64,
    rtt_sum_s: f64,
    rtt_max_s: f64,
}

impl Pinger {
    pub fn new(times_s: Vec<f64>, reply_bytes: u16) -> Self {
        let n = times_s.len();
        Pinger {
            times_s,
            next: 0,
            reply_bytes,
            arrived_s: vec![f64::NAN; n],
            answered: 0,
            rtt_min_s: f64::INFINITY,
            rtt_sum_s: 0.0,
            rtt_max_s: 0.0,
        }
    }

    /// The sender's `send`: the number of the request that goes now.
    pub fn send(&mut self) -> i64 {
        self.next += 1;
        self.next as i64 - 1
    }

    /// Request `seq` reaches the far agent at `now_s`; it answers at once.
    pub fn request_arrived(&mut self, seq: i64, now_s: f64) {
        self.arrived_s[seq as usize] = now_s;
    }

    /// The reply to request `seq` reaches the sender at `now_s`.
    pub fn reply_arrived(&mut self, seq: i64, now_s: f64) -> Answer {
        let (sent, there) = (self.times_s[seq as usize], self.arrived_s[seq as usize]);
        let a = Answer { seq, rtt_s: now_s - sent, forward_s: there - sent, back_s: now_s - there };
        self.answered += 1;
        self.rtt_min_s = self.rtt_min_s.min(a.rtt_s);
        self.rtt_sum_s += a.rtt_s;
        self.rtt_max_s = self.rtt_max_s.max(a.rtt_s);
        a
    }

    /// Requests sent so far.
    pub fn sent(&self) -> u64 {
        self.next as u64
    }

    /// The round trips' least, mean and greatest, seconds (None: none answered).
    pub fn rtt_spread_s(&self) -> Option<(f64, f64, f64)> {
        (self.answered > 0).then(|| (self.rtt_min_s, self.rtt_sum_s / self.answered as f64, self.rtt_max_s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn periodic_requests_are_multiples_of_the_period_from_the_start_up_to_the_end() {
        let t = request_times(&[], Some(0.1), 1.0, 2.0);
        assert_eq!(t.len(), 11, "{t:?}");
        assert_eq!(t[0], 1.0);
        // each a product, not a running sum: the 10th is exactly 1 + 10 x 0.1
        assert_eq!(t[10], 1.0 + 10.0 * 0.1);
        assert!(t.windows(2).all(|w| w[1] > w[0]));
        // listed instants are taken as they are
        assert_eq!(request_times(&[0.5, 0.5, 2.0], None, 0.0, 1.0), vec![0.5, 0.5, 2.0]);
    }

    #[test]
    fn an_answer_splits_the_round_trip_at_the_far_agents_arrival() {
        let mut p = Pinger::new(vec![1.0, 1.5, 2.0], 64);
        assert_eq!((p.send(), p.send()), (0, 1));
        p.request_arrived(1, 1.7);
        p.request_arrived(0, 1.2);
        let a = p.reply_arrived(1, 2.0);
        assert_eq!(a.seq, 1);
        assert!((a.rtt_s - 0.5).abs() < 1e-12 && (a.forward_s - 0.2).abs() < 1e-12 && (a.back_s - 0.3).abs() < 1e-12);
        assert!((a.forward_s + a.back_s - a.rtt_s).abs() < 1e-12);
        p.reply_arrived(0, 1.3);
        let (lo, mean, hi) = p.rtt_spread_s().unwrap();
        assert!((lo - 0.3).abs() < 1e-12 && (mean - 0.4).abs() < 1e-12 && (hi - 0.5).abs() < 1e-12);
        assert_eq!((p.sent(), p.answered), (2, 2));
        assert_eq!(Pinger::new(vec![1.0], 64).rtt_spread_s(), None);
    }
}
