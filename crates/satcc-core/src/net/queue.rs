//! Output-queue disciplines. A queue decides, when a packet reaches a busy link,
//! whether it may wait. Occupancy counts the packet in service, as ns-2 does: a
//! DropTail limit of B admits at most B-1 waiting packets plus the one being sent.

use crate::engine::rng::StreamRng;
use crate::engine::{to_secs, Time};
use rand::Rng;

/// What the queue sees of the link when a packet arrives.
#[derive(Clone, Copy, Debug)]
pub struct Occupancy {
    /// Packets waiting or in service.
    pub pkts: u32,
    /// Bytes waiting or in service.
    pub bytes: u64,
    /// When the link last became idle, if it is idle now.
    pub idle_since: Option<Time>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Admit,
    /// Dropped because the buffer is full.
    DropOverflow,
    /// Dropped early by the active queue management.
    DropEarly,
}

#[derive(Clone, Debug)]
pub struct DropTail {
    pub limit_pkts: Option<u32>,
    pub limit_bytes: Option<u64>,
}

/// Random Early Detection (Floyd & Jacobson 1993) in packet mode, with ns-2's
/// `wait_` and `gentle_` options.
#[derive(Clone, Debug)]
pub struct Red {
    pub limit_pkts: u32,
    pub min_th_pkts: f64,
    pub max_th_pkts: f64,
    /// EWMA weight of the average queue.
    pub w_q: f64,
    /// Drop probability at max_th (ns-2's 1/linterm_).
    pub max_p: f64,
    pub gentle: bool,
    pub wait: bool,
    /// Packets per second the link can send; ages the average over idle periods.
    pub idle_pkts_per_s: f64,
    avg: f64,
    count: i64,
}

impl Red {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        limit_pkts: u32,
        min_th_pkts: f64,
        max_th_pkts: f64,
        w_q: f64,
        max_p: f64,
        gentle: bool,
        wait: bool,
        idle_pkts_per_s: f64,
    ) -> Self {
        Red { limit_pkts, min_th_pkts, max_th_pkts, w_q, max_p, gentle, wait, idle_pkts_per_s, avg: 0.0, count: -1 }
    }

    pub fn avg(&self) -> f64 {
        self.avg
    }

    fn update_avg(&mut self, waiting: u32, occ: &Occupancy, now: Time) {
        // After an idle period, age the average as if m small packets had left.
        let m = match occ.idle_since {
            Some(t0) if now > t0 => (self.idle_pkts_per_s * to_secs(now - t0)) as i32 + 1,
            _ => 1,
        };
        self.avg = self.avg * (1.0 - self.w_q).powi(m) + self.w_q * waiting as f64;
    }

    fn verdict(&mut self, occ: &Occupancy, now: Time, rng: &mut StreamRng) -> Verdict {
        let waiting = occ.pkts.saturating_sub(1);
        self.update_avg(waiting, occ, now);
        let avg = self.avg;
        let forced = if self.gentle { avg >= 2.0 * self.max_th_pkts } else { avg >= self.max_th_pkts };
        let v = if avg < self.min_th_pkts || waiting < 1 {
            self.count = -1;
            Verdict::Admit
        } else if forced {
            self.count = 0;
            Verdict::DropEarly
        } else {
            self.count += 1;
            let pb = if avg < self.max_th_pkts {
                self.max_p * (avg - self.min_th_pkts) / (self.max_th_pkts - self.min_th_pkts)
            } else {
                self.max_p + (1.0 - self.max_p) * (avg - self.max_th_pkts) / self.max_th_pkts
            };
            let c = self.count as f64;
            let pa = if self.wait {
                if c * pb < 1.0 {
                    0.0
                } else if c * pb < 2.0 {
                    pb / (2.0 - c * pb)
                } else {
                    1.0
                }
            } else if c * pb < 1.0 {
                pb / (1.0 - c * pb)
            } else {
                1.0
            };
            if rng.gen::<f64>() < pa {
                self.count = 0;
                Verdict::DropEarly
            } else {
                Verdict::Admit
            }
        };
        if v == Verdict::Admit && occ.pkts >= self.limit_pkts {
            return Verdict::DropOverflow;
        }
        v
    }
}

#[derive(Clone, Debug)]
pub enum QueueDiscipline {
    DropTail(DropTail),
    Red(Red),
}

impl QueueDiscipline {
    /// Decide whether a packet of `size_bytes` may join the queue.
    pub fn admit(&mut self, size_bytes: u32, occ: &Occupancy, now: Time, rng: &mut StreamRng) -> Verdict {
        match self {
            QueueDiscipline::DropTail(d) => {
                let over_p = d.limit_pkts.is_some_and(|l| occ.pkts >= l);
                let over_b = d.limit_bytes.is_some_and(|l| occ.bytes + size_bytes as u64 > l);
                if over_p || over_b {
                    Verdict::DropOverflow
                } else {
                    Verdict::Admit
                }
            }
            QueueDiscipline::Red(r) => r.verdict(occ, now, rng),
        }
    }

    /// The packet limit, if the queue has one (used to report % of buffer).
    pub fn limit_pkts(&self) -> Option<u32> {
        match self {
            QueueDiscipline::DropTail(d) => d.limit_pkts,
            QueueDiscipline::Red(r) => Some(r.limit_pkts),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RngStreams;

    fn occ(pkts: u32) -> Occupancy {
        Occupancy { pkts, bytes: pkts as u64 * 1000, idle_since: None }
    }

    #[test]
    fn droptail_counts_the_packet_in_service() {
        let mut rng = RngStreams::new(1).stream("q");
        let mut q = QueueDiscipline::DropTail(DropTail { limit_pkts: Some(5), limit_bytes: None });
        assert_eq!(q.admit(1000, &occ(4), 0, &mut rng), Verdict::Admit);
        assert_eq!(q.admit(1000, &occ(5), 0, &mut rng), Verdict::DropOverflow);
    }

    #[test]
    fn droptail_byte_limit() {
        let mut rng = RngStreams::new(1).stream("q");
        let mut q = QueueDiscipline::DropTail(DropTail { limit_pkts: None, limit_bytes: Some(3000) });
        assert_eq!(q.admit(1000, &occ(2), 0, &mut rng), Verdict::Admit);
        assert_eq!(q.admit(1001, &occ(2), 0, &mut rng), Verdict::DropOverflow);
    }

    #[test]
    fn red_admits_below_min_and_drops_above_twice_max_when_gentle() {
        let mut rng = RngStreams::new(1).stream("q");
        let mut r = Red::new(1000, 5.0, 15.0, 1.0, 0.1, true, true, 1000.0);
        // w_q = 1: avg follows the instantaneous waiting queue
        assert_eq!(r.verdict(&occ(4), 0, &mut rng), Verdict::Admit);
        assert_eq!(r.verdict(&occ(40), 0, &mut rng), Verdict::DropEarly);
        let mut r2 = Red::new(1000, 5.0, 15.0, 1.0, 0.1, false, true, 1000.0);
        assert_eq!(r2.verdict(&occ(20), 0, &mut rng), Verdict::DropEarly);
    }

    #[test]
    fn red_early_drop_rate_between_thresholds() {
        // avg fixed at 10 (w_q = 1): pb = 0.05; with `wait`, drops are spaced so the
        // long-run rate is about pb/(1+pb/2)... between 1/40 and 1/15 of arrivals.
        let mut rng = RngStreams::new(9).stream("q");
        let mut r = Red::new(1000, 5.0, 15.0, 1.0, 0.1, false, true, 1000.0);
        let n = 100_000;
        let drops = (0..n).filter(|_| r.verdict(&occ(11), 0, &mut rng) == Verdict::DropEarly).count();
        let rate = drops as f64 / n as f64;
        assert!(rate > 1.0 / 40.0 && rate < 1.0 / 15.0, "{rate}");
    }

    #[test]
    fn red_average_ages_over_idle_periods() {
        let mut rng = RngStreams::new(1).stream("q");
        let mut r = Red::new(1000, 5.0, 15.0, 0.5, 0.1, true, true, 1000.0);
        r.verdict(&occ(11), 0, &mut rng);
        let a1 = r.avg();
        let idle = Occupancy { pkts: 0, bytes: 0, idle_since: Some(0) };
        r.verdict(&idle, 10_000_000, &mut rng); // 10 ms idle at 1000 pkt/s: m = 11
        assert!(r.avg() < a1 * 0.5f64.powi(10), "{} {}", r.avg(), a1);
    }
}
