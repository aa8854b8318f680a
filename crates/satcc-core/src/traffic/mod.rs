//! Applications that hand data to a sender: greedy bulk transfers, ON/OFF sources
//! (ns-2's Application/Traffic/Pareto and Application/Traffic/Exponential) and
//! constant-bit-rate ones ([`cbr`], Application/Traffic/CBR), over a TCP agent or as a
//! UDP flow's datagrams, interactive ones over a TCP agent ([`telnet`],
//! Application/Telnet), trace-driven ones ([`trace`], Application/Traffic/Trace), and
//! echo requests with their replies ([`ping`], Agent/Ping).

pub mod cbr;
pub mod ping;
pub mod telnet;
pub mod trace;

use crate::engine::rng::Draws;
pub use cbr::CbrSource;
pub use telnet::TelnetSource;
pub use trace::TraceSource;

/// An application that hands over packets at times of its own (bulk transfers and
/// files have none: the sender is handed everything at its start).
pub enum Source {
    OnOff(OnOffSource),
    Cbr(CbrSource),
    Telnet(TelnetSource),
    Trace(TraceSource),
}

/// How a source begins.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Begin {
    /// Its first packet goes at once, in the start's own event, and `next` says when
    /// the second does (CBR: its start calls its timeout).
    Now,
    /// Its first packet goes at this double time (the ON/OFF sources: an interval and
    /// an OFF period after the start).
    At(f64),
}

impl Source {
    /// At the flow's start, and at each start again (`now_s`, its double time).
    pub fn begin(&mut self, now_s: f64) -> Begin {
        match self {
            Source::OnOff(s) => {
                // ns-2's init() at each start: no burst under way
                s.left_in_burst = 0;
                Begin::At(s.start(now_s))
            }
            Source::Cbr(_) => Begin::Now,
            Source::Telnet(s) => Begin::At(s.start(now_s)),
            Source::Trace(s) => Begin::At(s.start(now_s)),
        }
    }

    /// A trace-driven source's starts where ns-2's draw fell past its table (None: not
    /// a trace).
    pub fn trace_past_end(&self) -> Option<u32> {
        match self {
            Source::Trace(s) => Some(s.past_end),
            _ => None,
        }
    }

    /// The bytes of the message due at this tick, where the source's messages differ in
    /// size (a trace's); None: the flow's own size.
    #[inline]
    pub fn message_bytes(&self) -> Option<u32> {
        match self {
            Source::Trace(s) => Some(s.message_bytes()),
            _ => None,
        }
    }

    /// After the packet of a tick (or of CBR's start) went: when the next goes (None:
    /// the source is done). ns-2's TrafficGenerator::timeout sends, then draws.
    pub fn next(&mut self, now_s: f64) -> Option<f64> {
        match self {
            Source::OnOff(s) => Some(s.tick(now_s).next_s),
            Source::Cbr(s) => s.next(now_s),
            Source::Telnet(s) => Some(s.next(now_s)),
            Source::Trace(s) => Some(s.next(now_s)),
        }
    }
}

/// A uniform draw in (0, 1]: ns-2's generator never gives 0; satcc's own stream's [0, 1)
/// is turned around.
fn open_uniform(draws: &mut Draws) -> f64 {
    match draws {
        Draws::Own(_) => 1.0 - draws.uniform(),
        Draws::Ns2(_) => draws.uniform(),
    }
}

/// A Pareto draw of the given scale (its minimum) and shape, as ns-2's RNG::pareto
/// computes it: scale / u^(1/shape) for a uniform draw u in (0, 1].
/// A source setting changed during the run at given times (a CBR's rate_, a Telnet's
/// interval_): (double time, value) in time order, taken as ns-2 reads the variable,
/// afresh for each packet. ns-2's `$ns at` of a change, filed before the run, comes
/// before a packet due at the same instant, so a change at or before `now_s` counts.
#[derive(Clone, Debug, Default)]
pub struct Steps {
    steps: Vec<(f64, f64)>,
    next: usize,
}

impl Steps {
    pub fn new(steps: Vec<(f64, f64)>) -> Self {
        Steps { steps, next: 0 }
    }

    /// The value of the last change at or before `now_s` not taken yet, if any.
    #[inline]
    pub fn take(&mut self, now_s: f64) -> Option<f64> {
        let mut value = None;
        while let Some(&(at, v)) = self.steps.get(self.next) {
            if at > now_s {
                break;
            }
            value = Some(v);
            self.next += 1;
        }
        value
    }
}

pub fn pareto(draws: &mut Draws, scale: f64, shape: f64) -> f64 {
    let u = open_uniform(draws);
    scale * (1.0 / u.powf(1.0 / shape))
}

/// An exponential draw of the given mean, as ns-2's RNG::exponential(r) computes it:
/// r x (-log u) for a uniform draw u in (0, 1].
pub fn exponential(draws: &mut Draws, mean: f64) -> f64 {
    let u = open_uniform(draws);
    mean * -u.ln()
}

/// How an ON/OFF source draws its bursts and OFF periods.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum OnOffLaw {
    /// ns-2's Application/Traffic/Pareto (POO_Traffic): Pareto of this shape.
    Pareto { shape: f64 },
    /// ns-2's Application/Traffic/Exponential (EXPOO_Traffic): exponential.
    Exponential,
}

/// State of an ON/OFF source: ns-2's Application/Traffic/Pareto (POO_Traffic) or
/// Application/Traffic/Exponential (EXPOO_Traffic), which differ only in the law of
/// their draws. It starts with an OFF period; at the start and after each burst's last
/// packet it draws the next burst's length in packets, int(draw + 0.5) and at least 1,
/// with mean `mean_on_s` / interval, and an OFF period with mean `mean_off_s`, added to
/// the interval before the burst's first packet; one packet per tick.
pub struct OnOffSource {
    pub law: OnOffLaw,
    /// Time between two packets during an ON period, in seconds as ns-2 computes it
    /// (size x 8 / rate). It is rarely a whole nanosecond, so tick times are summed in
    /// seconds and rounded by the simulator, never chained as rounded nanoseconds.
    pub interval_s: f64,
    /// The draws' parameters: Pareto scales (ns-2's p1_, in packets, and p2_, in
    /// seconds), or the exponential means (burstlen_'s and Offtime_'s avg_).
    burst_scale_pkts: f64,
    off_scale_s: f64,
    pub draws: Draws,
    /// Packets left in the current burst (ns-2's rem_).
    pub left_in_burst: u64,
}

/// What the simulator should do after a source tick.
pub struct Tick {
    /// Packets to hand to the sender now.
    pub pkts: i64,
    /// When to tick again, in seconds on the double clock (the tick's own double time
    /// plus the interval, and the OFF period after a burst).
    pub next_s: f64,
}

impl OnOffSource {
    pub fn new(law: OnOffLaw, mean_on_s: f64, mean_off_s: f64, rate_bps: f64, pkt_bytes: u32, draws: Draws) -> Self {
        // ns-2's POO_Traffic::init and EXPOO_Traffic::init, operation for operation
        let interval_s = (pkt_bytes as f64 * 8.0) / rate_bps;
        let burstlen = mean_on_s / interval_s;
        let (burst_scale_pkts, off_scale_s) = match law {
            OnOffLaw::Pareto { shape } => (burstlen * (shape - 1.0) / shape, mean_off_s * (shape - 1.0) / shape),
            OnOffLaw::Exponential => (burstlen, mean_off_s),
        };
        OnOffSource { law, interval_s, burst_scale_pkts, off_scale_s, draws, left_in_burst: 0 }
    }

    fn draw(&mut self, scale: f64) -> f64 {
        match self.law {
            OnOffLaw::Pareto { shape } => pareto(&mut self.draws, scale, shape),
            OnOffLaw::Exponential => exponential(&mut self.draws, scale),
        }
    }

    /// When the source starts (`now_s`, its double time): the time of its first tick,
    /// one interval and an OFF period later (ns-2's TrafficGenerator::start schedules
    /// the first packet at next_interval(), it sends none at once).
    pub fn start(&mut self, now_s: f64) -> f64 {
        now_s + self.next_interval()
    }

    /// At each tick (`now_s`: the tick's double time): one packet now, and when the
    /// next (ns-2's TrafficGenerator::timeout).
    pub fn tick(&mut self, now_s: f64) -> Tick {
        Tick { pkts: 1, next_s: now_s + self.next_interval() }
    }

    /// ns-2's POO_Traffic::next_interval (EXPOO_Traffic's is the same): the interval,
    /// and at the end of a burst the next burst's length and an OFF period, drawn in
    /// that order.
    fn next_interval(&mut self) -> f64 {
        let mut t = self.interval_s;
        if self.left_in_burst == 0 {
            let burst = (self.draw(self.burst_scale_pkts) + 0.5) as u64;
            self.left_in_burst = burst.max(1);
            t += self.draw(self.off_scale_s);
        }
        self.left_in_burst -= 1;
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RngStreams;

    #[test]
    fn a_start_again_begins_a_new_burst_after_an_off_period() {
        // ns-2's init() at each start sets rem_ to 0: the first tick after a start again
        // draws a new burst and an OFF period, wherever the last burst stood
        let make = || {
            let draws = Draws::Own(Box::new(RngStreams::new(3).stream("s")));
            OnOffSource::new(OnOffLaw::Exponential, 1.0, 0.5, 1e6, 1000, draws)
        };
        let (mut a, mut b) = (Source::OnOff(make()), make());
        assert_eq!(a.begin(0.0), Begin::At(b.start(0.0)));
        let mut t = 0.0;
        for _ in 0..3 {
            t = a.next(t).unwrap();
            b.tick(t);
        }
        assert!(b.left_in_burst > 0, "mid-burst: {}", b.left_in_burst);
        b.left_in_burst = 0;
        let again = b.start(10.0);
        assert!(again > 10.0 + b.interval_s, "an OFF period before the first packet");
        assert_eq!(a.begin(10.0), Begin::At(again));
    }

    #[test]
    fn pareto_mean_and_minimum() {
        let mut r = Draws::Own(Box::new(RngStreams::new(5).stream("p")));
        let shape = 2.5; // finite variance, so the sample mean converges
        let n = 200_000;
        // scale (shape - 1) / shape: mean 1
        let xs: Vec<f64> = (0..n).map(|_| pareto(&mut r, (shape - 1.0) / shape, shape)).collect();
        let mean = xs.iter().sum::<f64>() / n as f64;
        assert!((mean - 1.0).abs() < 0.02, "{mean}");
        let min = xs.iter().cloned().fold(f64::INFINITY, f64::min);
        assert!(min >= 1.0 * (shape - 1.0) / shape - 1e-12);
    }

    /// Packets per second a source of `law` hands over 2000 s at one packet per ms (1000
    /// bytes at 8 Mb/s), seeded `seed`.
    fn pkts_per_s(law: OnOffLaw, mean_on_s: f64, mean_off_s: f64, seed: u64) -> f64 {
        let r = Draws::Own(Box::new(RngStreams::new(seed).stream("s")));
        let mut s = OnOffSource::new(law, mean_on_s, mean_off_s, 8e6, 1000, r);
        let mut t = s.start(0.0);
        let mut pkts = 0;
        while t < 2000.0 {
            let k = s.tick(t);
            pkts += k.pkts;
            t = k.next_s;
        }
        pkts as f64 / 2000.0
    }

    #[test]
    fn on_off_duty_cycle() {
        // mean on 1 s, off 1 s at 1 packet per ms: over many cycles about half the
        // time is ON, so about 500 packets per simulated second.
        let rate = pkts_per_s(OnOffLaw::Pareto { shape: 2.5 }, 1.0, 1.0, 2);
        assert!((rate - 500.0).abs() < 40.0, "{rate}");
    }

    #[test]
    fn bursts_and_off_periods_are_ns2s_draws() {
        // ns-2's POO_Traffic with its default generator: after the first packet, and
        // after each burst's last, a burst length int(p1 / u^(1/shape) + 0.5) (at least
        // 1) and an OFF period p2 / u^(1/shape), drawn in that order
        let g = std::sync::Arc::new(std::sync::Mutex::new(crate::engine::ns2_rng::Ns2Rng::new(11)));
        let mut reference = crate::engine::ns2_rng::Ns2Rng::new(11);
        let (shape, on, off, rate, size) = (1.3, 0.16, 0.16, 1e6, 1000u32);
        let mut s = OnOffSource::new(OnOffLaw::Pareto { shape }, on, off, rate, size, Draws::Ns2(g));
        let interval = 8000.0 / rate;
        let (p1, p2) = (on / interval * (shape - 1.0) / shape, off * (shape - 1.0) / shape);
        let mut next_burst = || {
            let burst = ((p1 * (1.0 / reference.u01().powf(1.0 / shape)) + 0.5) as u64).max(1);
            (burst, p2 * (1.0 / reference.u01().powf(1.0 / shape)))
        };
        walk_bursts(&mut s, 2.0, interval, 50, &mut next_burst);
    }

    /// Walk `s` through `n` bursts from `start`, each tick checked against the bursts and
    /// OFF periods `next_burst` draws as ns-2 would: no packet at the start (the first
    /// comes after an interval and an OFF period), a burst's packets an interval apart,
    /// its last followed by the next OFF period. Returns the bursts' lengths.
    fn walk_bursts(s: &mut OnOffSource, start: f64, interval: f64, n: usize,
                   next_burst: &mut impl FnMut() -> (u64, f64)) -> Vec<u64> {
        let (mut burst, idle) = next_burst();
        let mut t = s.start(start);
        assert_eq!(t, start + (interval + idle));
        let mut bursts = vec![];
        for _ in 0..n {
            bursts.push(burst);
            for _ in 0..burst - 1 {
                let tick = s.tick(t);
                assert_eq!((tick.pkts, tick.next_s), (1, t + interval));
                t = tick.next_s;
            }
            let (b, idle) = next_burst();
            let tick = s.tick(t);
            assert_eq!(tick.next_s, t + (interval + idle));
            t = tick.next_s;
            burst = b;
        }
        bursts
    }

    #[test]
    fn exponential_mean() {
        let mut r = Draws::Own(Box::new(RngStreams::new(7).stream("e")));
        let n = 200_000;
        let xs: Vec<f64> = (0..n).map(|_| exponential(&mut r, 0.3)).collect();
        let mean = xs.iter().sum::<f64>() / n as f64;
        assert!((mean - 0.3).abs() < 0.005, "{mean}");
        assert!(xs.iter().all(|x| x.is_finite() && *x >= 0.0));
    }

    #[test]
    fn exponential_bursts_and_off_periods_are_ns2s_draws() {
        // ns-2's EXPOO_Traffic with its default generator: burstlen_ of mean burst_time_
        // / interval and Offtime_ of mean idle_time_, each value() r x (-log u); a burst
        // int(value + 0.5) packets (at least 1), then the OFF period, drawn in that order
        let g = std::sync::Arc::new(std::sync::Mutex::new(crate::engine::ns2_rng::Ns2Rng::new(5)));
        let mut reference = crate::engine::ns2_rng::Ns2Rng::new(5);
        let (on, off, rate, size) = (0.05, 0.3, 2e6, 500u32);
        let mut s = OnOffSource::new(OnOffLaw::Exponential, on, off, rate, size, Draws::Ns2(g));
        let interval = 4000.0 / rate;
        let mut next_burst = || {
            let burst = ((on / interval * -reference.u01().ln() + 0.5) as u64).max(1);
            (burst, off * -reference.u01().ln())
        };
        let bursts = walk_bursts(&mut s, 1.0, interval, 200, &mut next_burst);
        // a mean of 12.5 packets: bursts of one (draws under 1.5) are some, not all
        let ones = bursts.iter().filter(|&&b| b == 1).count();
        assert!(ones > 0 && ones < 100, "{ones}");
    }

    #[test]
    fn exponential_on_off_duty_cycle() {
        // mean ON 0.2 s and OFF 0.6 s at one packet per ms: a quarter of the time ON
        let rate = pkts_per_s(OnOffLaw::Exponential, 0.2, 0.6, 4);
        assert!((rate - 250.0).abs() < 15.0, "{rate}");
    }

    #[test]
    fn a_burst_keeps_its_rate() {
        // 1000-byte packets at 3 Mb/s: 2,666,666.67 ns apart. Chained 2,666,667 ns
        // steps would end a burst of a million packets 333 us late. Summed in a double,
        // as ns-2 sums its clock, the only error is the double's own rounding, at most
        // half an ulp a step: n x t x 2^-53 s (296 ns over these 2,667 s; 47 ns found).
        let r = Draws::Own(Box::new(RngStreams::new(3).stream("s")));
        let mut s = OnOffSource::new(OnOffLaw::Pareto { shape: 1.5 }, 1e9, 1.0, 3e6, 1000, r);
        let n = 1_000_000;
        // an OFF period first, then the (long) burst
        let t0 = s.start(0.0);
        let mut t = t0;
        for _ in 0..n {
            t = s.tick(t).next_s;
        }
        let exact_s = t0 + n as f64 * 8000.0 / 3e6;
        let bound_ns = n as f64 * exact_s * f64::EPSILON / 2.0 * 1e9;
        let drift_ns = (crate::engine::from_secs(t) as f64 - exact_s * 1e9).abs();
        assert!(drift_ns <= bound_ns, "drift {drift_ns} ns, bound {bound_ns} ns");
    }
}
