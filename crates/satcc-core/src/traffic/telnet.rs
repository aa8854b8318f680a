//! An interactive source: ns-2's Application/Telnet (apps/telnet.cc) over a TCP agent.
//!
//! Started, it waits an exponential gap of mean `interval_` and hands its agent one
//! packet (`sendmsg(size_)`), then waits another, and so on until it is stopped: each
//! gap is Random::exponential() x interval_, a draw of ns-2's default generator taken
//! at the start and after each packet (the packet first, then the draw). ns-2 draws
//! from tcplib's empirical telnet distribution when interval_ is 0; that is not
//! modelled (the scenario's interval is above 0).

use super::exponential;
use crate::engine::rng::Draws;

pub struct TelnetSource {
    /// The mean gap between two packets, seconds (ns-2's interval_).
    pub interval_s: f64,
    pub draws: Draws,
}

impl TelnetSource {
    pub fn new(interval_s: f64, draws: Draws) -> Self {
        TelnetSource { interval_s, draws }
    }

    /// At the start (`now_s`, its double time): when the first packet goes (ns-2's
    /// start: timer_.sched(next())).
    pub fn start(&mut self, now_s: f64) -> f64 {
        now_s + self.gap()
    }

    /// After each packet: when the next goes (timeout: sendmsg, then resched(next())).
    pub fn next(&mut self, now_s: f64) -> f64 {
        now_s + self.gap()
    }

    /// ns-2's next(): Random::exponential() * interval_.
    fn gap(&mut self) -> f64 {
        exponential(&mut self.draws, 1.0) * self.interval_s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gaps_are_ns2s_exponential_draws_times_the_interval() {
        let g = std::sync::Arc::new(std::sync::Mutex::new(crate::engine::ns2_rng::Ns2Rng::new(4)));
        let mut reference = crate::engine::ns2_rng::Ns2Rng::new(4);
        let mut s = TelnetSource::new(0.25, Draws::Ns2(g));
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
}
