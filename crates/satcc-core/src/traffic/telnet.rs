//! An interactive source: ns-2's Application/Telnet (apps/telnet.cc) over a TCP agent.
//!
//! Started, it waits an exponential gap of mean `interval_` and hands its agent one
//! packet (`sendmsg(size_)`), then waits another, and so on until it is stopped: each
//! gap is Random::exponential() x interval_, a draw of ns-2's default generator taken
//! at the start and after each packet (the packet first, then the draw). With
//! interval_ 0 ns-2 draws each gap from tcplib's empirical telnet distribution
//! instead (`Gaps::Tcplib`, tcp/tcplib-telnet.cc): the value at int(Random::uniform()
//! x 10000) of its table of 10,000 (crates/satcc-core/data/tcplib_telnet.txt), one
//! uniform draw a gap.

use std::sync::OnceLock;

use super::exponential;
use crate::engine::rng::Draws;

/// How a Telnet source draws its gaps.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Gaps {
    /// Exponential of this mean, seconds (ns-2's interval_ above 0).
    Exponential(f64),
    /// tcplib's telnet distribution (ns-2's interval_ 0).
    Tcplib,
}

/// tcplib's telnet interarrival times as ns-2 tabulates them, seconds, ascending.
pub fn tcplib_table() -> &'static [f64] {
    static TABLE: OnceLock<Vec<f64>> = OnceLock::new();
    TABLE.get_or_init(|| {
        include_str!("../../data/tcplib_telnet.txt")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .flat_map(|l| l.split(','))
            .map(|v| v.trim().parse::<f64>().expect("the tcplib table holds numbers"))
            .collect()
    })
}

/// The mean of tcplib's telnet gaps, seconds (for the run's estimate of its work).
pub fn tcplib_mean_s() -> f64 {
    let t = tcplib_table();
    t.iter().sum::<f64>() / t.len() as f64
}

pub struct TelnetSource {
    pub gaps: Gaps,
    pub draws: Draws,
    /// Changes of interval_ still to come: (double time, the mean gap from then on).
    steps: super::Steps,
}

impl TelnetSource {
    pub fn new(gaps: Gaps, draws: Draws) -> Self {
        TelnetSource { gaps, draws, steps: super::Steps::default() }
    }

    /// With interval_ changed during the run: (double time, mean gap), in time order.
    pub fn with_steps(mut self, steps: Vec<(f64, f64)>) -> Self {
        self.steps = super::Steps::new(steps);
        self
    }

    /// interval_ as set at or before `now_s` (traffic::Steps).
    fn take_steps(&mut self, now_s: f64) {
        if let Some(iv) = self.steps.take(now_s) {
            self.gaps = Gaps::Exponential(iv);
        }
    }

    /// At the start (`now_s`, its double time): when the first packet goes (ns-2's
    /// start: timer_.sched(next())).
    pub fn start(&mut self, now_s: f64) -> f64 {
        self.take_steps(now_s);
        now_s + self.gap()
    }

    /// After each packet: when the next goes (timeout: sendmsg, then resched(next())).
    pub fn next(&mut self, now_s: f64) -> f64 {
        self.take_steps(now_s);
        now_s + self.gap()
    }

    /// ns-2's next(): Random::exponential() * interval_, or tcplib's
    /// tcplib_telnet_interarrival() with interval_ 0.
    fn gap(&mut self) -> f64 {
        match self.gaps {
            Gaps::Exponential(mean) => exponential(&mut self.draws, 1.0) * mean,
            Gaps::Tcplib => {
                let t = tcplib_table();
                let pos = (self.draws.uniform() * t.len() as f64) as usize;
                t[pos.min(t.len() - 1)]
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gaps_are_ns2s_exponential_draws_times_the_interval() {
        let g = std::sync::Arc::new(std::sync::Mutex::new(crate::engine::ns2_rng::Ns2Rng::new(4)));
        let mut reference = crate::engine::ns2_rng::Ns2Rng::new(4);
        let mut s = TelnetSource::new(Gaps::Exponential(0.25), Draws::Ns2(g));
        // the start draws the first gap; each packet the next, from the time it went
        let mut t = s.start(1.0);
        assert_eq!(t, 1.0 + (-reference.u01().ln()) * 0.25);
        let mut sum = 0.0;
        for _ in 0..20_000 {
            let next = s.next(t);
            assert_eq!(next, t + (-reference.u01().ln()) * 0.25);
            sum += next - t;
            t = next;
        }
        // an exponential law of mean 0.25 s
        assert!((sum / 20_000.0 - 0.25).abs() < 0.01, "{}", sum / 20_000.0);
    }

    /// interval_ set during the run: each gap drawn at or after the change is of the new
    /// mean (from tcplib's gaps too), the one drawn before keeps its time.
    #[test]
    fn interval_steps_take_effect_from_the_next_gap() {
        let g = std::sync::Arc::new(std::sync::Mutex::new(crate::engine::ns2_rng::Ns2Rng::new(5)));
        let mut reference = crate::engine::ns2_rng::Ns2Rng::new(5);
        let mut s = TelnetSource::new(Gaps::Tcplib, Draws::Ns2(g)).with_steps(vec![(1.0, 0.5), (3.0, 0.01)]);
        let t = tcplib_table();
        assert_eq!(s.start(0.5), 0.5 + t[(reference.u01() * 10000.0) as usize]);
        // at the change's instant: the new mean
        assert_eq!(s.next(1.0), 1.0 + (-reference.u01().ln()) * 0.5);
        assert_eq!(s.next(2.0), 2.0 + (-reference.u01().ln()) * 0.5);
        assert_eq!(s.next(3.5), 3.5 + (-reference.u01().ln()) * 0.01);
    }

    /// ns-2's table as tcp/tcplib-telnet.cc writes it: 10,000 values, ascending, its first
    /// and last as there.
    #[test]
    fn the_tcplib_table_is_ns2s() {
        let t = tcplib_table();
        assert_eq!(t.len(), 10_000);
        assert!(t.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!((t[0], t[1], t[9_998], t[9_999]), (0.000606425, 0.000617809, 137.70978125, 209.92121875));
        assert!((tcplib_mean_s() - 1.0918743674).abs() < 1e-9);
    }

    /// With interval_ 0: each gap the table's value at int(u x 10000) of one draw of
    /// ns-2's generator.
    #[test]
    fn tcplib_gaps_are_the_tables_values_at_ns2s_draws() {
        let g = std::sync::Arc::new(std::sync::Mutex::new(crate::engine::ns2_rng::Ns2Rng::new(9)));
        let mut reference = crate::engine::ns2_rng::Ns2Rng::new(9);
        let mut s = TelnetSource::new(Gaps::Tcplib, Draws::Ns2(g));
        let t = tcplib_table();
        let mut at = s.start(2.0);
        assert_eq!(at, 2.0 + t[(reference.u01() * 10000.0) as usize]);
        for _ in 0..1000 {
            let next = s.next(at);
            assert_eq!(next, at + t[(reference.u01() * 10000.0) as usize]);
            at = next;
        }
    }
}
