//! The real-time driver: the same event loop, each event handled once the wall clock
//! reaches its simulated time instead of jumping there, and how late each event ran
//! recorded (the only place where the wall clock enters a run).
//!
//! Waiting: the thread sleeps (ppoll, which also wakes for real hosts' packets) until
//! a margin before the event (`spin_margin_ns`), then spins: waking up takes the
//! scheduler tens to hundreds of microseconds, and on a virtual machine whose CPU has
//! halted, as long as the host takes to run it again.

use crate::engine::Time;
use crate::metrics::RealtimeSummary;
use std::time::{Duration, Instant, SystemTime};

/// How long before an event the driver stops sleeping and spins, with a core to spare
/// for it: 10 ms, so that in a run busy enough to matter it never sleeps. A CPU the
/// loop lets halt is the host's to give back on a virtual machine, and on this
/// project's 2-vCPU machines on a busy day it came back late: the UDP emulation test
/// (5 s, about 18,000 events) had a p99 lateness of 0.35-1.18 ms with the 0.2 ms margin
/// the loop had before, against 0.02-0.04 ms with this one, alternated three times
/// (and 0.11-0.72 against 0.03-0.09 ms four more times never sleeping at all;
/// temporary builds, so indicative; BENCHMARKS.md has the figure by the CLI).
const SPIN_NS_SPARE_CORE: u64 = 10_000_000;

/// The margin on a machine of one CPU, where a spinning loop would take it from the
/// emulated hosts: the scheduler's wake-up latency and no more.
const SPIN_NS_ONE_CORE: u64 = 200_000;

/// The margin this machine gets (by its CPUs online).
fn spin_margin_ns() -> u64 {
    // SAFETY: sysconf has no preconditions
    if unsafe { libc::sysconf(libc::_SC_NPROCESSORS_ONLN) } >= 2 {
        SPIN_NS_SPARE_CORE
    } else {
        SPIN_NS_ONE_CORE
    }
}

/// The default bound on the p99 lateness, ms: at 50 Mb/s a 1500-byte packet takes 0.24 ms
/// on a link; events later than two of those reorder what the scenario would not.
pub const DEFAULT_LATENESS_BOUND_MS: f64 = 0.5;

/// How often a paced run calls its progress hook (where the caller checks for Ctrl-C and
/// signals), by the wall clock.
const HOOK_EVERY_NS: u64 = 50_000_000;

/// The most two monotonic-clock reads may lie apart around a read of the wall clock
/// for the three to count as one instant (when a run's clock is anchored at an agreed
/// wall-clock instant): 10 us, some hundred times what the three reads take when the
/// thread keeps its core. Reads further apart (the thread was preempted between them)
/// are taken again.
const CLOCK_PAIR_NS: u64 = 10_000;

/// The event loop's scheduling priority while it paces: the highest nice value (-20),
/// so that the processes of the emulated hosts, or any other, take the loop's core from
/// it as little as the scheduler allows (on 2 cores, under two busy processes, the p99
/// lateness of the tests' two-link run went from 3.9 to 0.73 ms). Best effort: without
/// the privilege (CAP_SYS_NICE; `satcc emulate` runs as root) the priority stays.
const PACED_NICE: i32 = -20;

/// This thread's nice value, if it can be read.
fn thread_nice() -> Option<i32> {
    // SAFETY: getpriority on this thread's own id; errno read right after
    unsafe {
        *libc::__errno_location() = 0;
        let p = libc::getpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t);
        (p != -1 || *libc::__errno_location() == 0).then_some(p)
    }
}

/// Sets this thread's nice value; true if it took.
fn set_thread_nice(nice: i32) -> bool {
    // SAFETY: setpriority on this thread's own id, no memory involved
    unsafe { libc::setpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t, nice) == 0 }
}

/// glibc's mmap threshold fixed at 128 KiB for the rest of the process (what
/// `MALLOC_MMAP_THRESHOLD_=131072` does), called before a paced run's clock starts. A
/// vector the run grows past it (the packets table of a captured link, the series) then
/// lives in its own mapping, which a doubling moves (mremap) instead of copying: left to
/// itself glibc raises the threshold to the largest block freed so far, and a doubling
/// of megabytes was a copy in one event (1.0-1.2, 1.5-1.7 and 2.9-4.9 ms at 3.3, 5.3 and
/// 9.1 s of the paced bench with two link directions captured). glibc offers no way
/// back to its moving threshold. Other C libraries: nothing to do.
pub(super) fn fix_mmap_threshold() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt changes an allocator setting, no memory is touched
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
    }
}

/// CPU time the hypervisor gave to other work while this machine's CPUs were due to
/// run (/proc/stat's `steal`, all CPUs together), ns; None where the kernel counts none
/// (no /proc/stat). On a virtual machine whose host runs other guests, events due while
/// the host holds the loop's CPU run late whatever the loop does: this says how much
/// of a run's lateness the host can account for.
fn host_steal_ns() -> Option<u64> {
    // SAFETY: sysconf has no preconditions
    let tick = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    steal_ns(&std::fs::read_to_string("/proc/stat").ok()?, u64::try_from(tick).ok()?)
}

/// `steal` of /proc/stat's first line (all CPUs, in clock ticks of `1/tick` s), ns.
fn steal_ns(stat: &str, tick: u64) -> Option<u64> {
    let line = stat.lines().next()?;
    let mut f = line.split_ascii_whitespace();
    (f.next()? == "cpu" && tick > 0).then_some(())?;
    // user nice system idle iowait irq softirq steal
    let steal: u64 = f.nth(7)?.parse().ok()?;
    Some(steal * (1_000_000_000 / tick))
}

/// Times the scheduler took this thread's CPU from it while it could run
/// (involuntary context switches, getrusage); None if the kernel does not say.
fn thread_preemptions() -> Option<u64> {
    // SAFETY: getrusage fills the struct it is given, for the calling thread
    unsafe {
        let mut u: libc::rusage = std::mem::zeroed();
        (libc::getrusage(libc::RUSAGE_THREAD, &mut u) == 0).then(|| u.ru_nivcsw as u64)
    }
}

pub struct Pace {
    /// The nice value to restore when the paced run ends (None: it was not changed).
    prior_nice: Option<i32>,
    /// How long before the agreed instant of simulated time 0 the loop was ready to
    /// wait for it, ns (negative: that long after it; None: no instant was agreed).
    start_slack_ns: Option<i64>,
    /// How long before an event the wait stops sleeping and spins (`spin_margin_ns`).
    spin_ns: u64,
    /// The host's steal and the loop's preemptions when pacing began (the summary gives
    /// what the run added to them).
    steal_at_start: Option<u64>,
    preempted_at_start: Option<u64>,
    start: Instant,
    next_hook: Time,
    /// Lateness of each event, ns (saturating at 4.29 s).
    late_ns: Lateness,
    bound_ns: u64,
    /// Stretches of events that ran later than the bound (`LateEpisode`), at most
    /// `MAX_EPISODES`, the last one still growing.
    episodes: Vec<LateEpisode>,
}

/// Each event's lateness kept in chunks of `LATE_CHUNK` (256 KB): every value stays (the
/// summary's percentiles are exact) without one vector's doublings, whose copy of
/// megabytes in one event was a stall of its own (1.5 ms at 2 MB in the paced bench).
#[derive(Default)]
struct Lateness {
    chunks: Vec<Vec<u32>>,
}

const LATE_CHUNK: usize = 1 << 16;

impl Lateness {
    fn push(&mut self, ns: u32) {
        match self.chunks.last_mut() {
            Some(c) if c.len() < LATE_CHUNK => c.push(ns),
            _ => {
                let mut c = Vec::with_capacity(LATE_CHUNK);
                c.push(ns);
                self.chunks.push(c);
            }
        }
    }

    /// Every value, in the order recorded; empties the store.
    fn take(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.chunks).concat()
    }
}

/// Events over the bound whose due times lie at most this far apart belong to one
/// episode (a stall of the loop makes every event due during it late).
const EPISODE_GAP_NS: u64 = 1_000_000;

/// The most episodes a run lists (its summary still counts every late event).
const MAX_EPISODES: usize = 10_000;

/// A stretch of simulated time whose events ran later than the bound: when the run
/// stalled (the machine took its core), so that whoever reads a paced run's results
/// can tell which of its moments the scenario's timing did not hold for.
#[derive(serde::Serialize, Clone, Copy, Debug, PartialEq)]
pub struct LateEpisode {
    /// Due times of its first and last late event, simulated seconds.
    pub start_s: f64,
    pub end_s: f64,
    /// Its events over the bound, and the latest of them, ms.
    pub events: u64,
    pub max_late_ms: f64,
}

impl Pace {
    /// Pacing on this thread (which it raises to `PACED_NICE` until the `Pace` is
    /// dropped), with simulated time 0 now (`t0` None) or at the wall-clock instant `t0`:
    /// waits for it if it is ahead (sleeping, then spinning its last `spin_ns`), and if it has passed, the
    /// clock still counts from it (the events due meanwhile run late, and say so). Real
    /// hosts that start at an agreed instant then start on the network's clock: with
    /// the clock started whenever the loop happened to begin, a host's first packet
    /// could wait in its TUN device for the loop, and a connection's handshake took
    /// 0.1-0.9 ms more than its path (and BBR's first minimum RTT with it).
    pub fn new(bound_ms: f64, t0: Option<SystemTime>) -> Pace {
        let prior_nice = thread_nice().filter(|&p| p > PACED_NICE && set_thread_nice(PACED_NICE));
        // how long before the agreed instant the loop was ready (negative: after it)
        let start_slack_ns = t0.map(|t0| match t0.duration_since(SystemTime::now()) {
            Ok(ahead) => ahead.as_nanos() as i64,
            Err(past) => -(past.duration().as_nanos() as i64),
        });
        let spin_ns = spin_margin_ns();
        let start = match t0 {
            None => Instant::now(),
            Some(t0) => loop {
                // the two clocks read as one instant: a thread preempted between the
                // reads would start the run's clock off the instant by the preemption
                let (now, wall, then) = (Instant::now(), SystemTime::now(), Instant::now());
                if then - now > Duration::from_nanos(CLOCK_PAIR_NS) {
                    continue;
                }
                match t0.duration_since(wall) {
                    Err(past) => break now.checked_sub(past.duration()).unwrap_or(now),
                    Ok(left) if left.is_zero() => break now,
                    Ok(left) if left.as_nanos() as u64 > spin_ns => {
                        std::thread::sleep(left - Duration::from_nanos(spin_ns))
                    }
                    Ok(_) => std::hint::spin_loop(),
                }
            },
        };
        Pace {
            prior_nice,
            start_slack_ns,
            spin_ns,
            steal_at_start: host_steal_ns(),
            preempted_at_start: thread_preemptions(),
            start,
            next_hook: HOOK_EVERY_NS,
            late_ns: Lateness::default(),
            bound_ns: (bound_ms * 1e6) as u64,
            episodes: Vec::new(),
        }
    }

    /// Simulated time now, by the wall clock: nanoseconds since the run started.
    pub fn wall(&self) -> Time {
        self.start.elapsed().as_nanos() as Time
    }

    /// Waits until the wall clock reaches `t`, or until one of `fds` is readable
    /// (returns false then: the caller reads them and looks at its events again).
    pub fn wait_until(&mut self, t: Time, fds: &mut [libc::pollfd]) -> bool {
        loop {
            let now = self.wall();
            if now >= t {
                return true;
            }
            let left = t - now;
            let sleep = left.saturating_sub(self.spin_ns);
            let readable = if sleep > 0 || !fds.is_empty() {
                crate::emulate::tun::wait_readable(fds, sleep).unwrap_or(false)
            } else {
                std::hint::spin_loop();
                false
            };
            if readable {
                return false;
            }
        }
    }

    /// Whether the progress hook is due (every 50 ms of wall time).
    pub fn hook_due(&mut self) -> bool {
        let now = self.wall();
        if now < self.next_hook {
            return false;
        }
        self.next_hook = now + HOOK_EVERY_NS;
        true
    }

    /// Records that the event due at `t` runs now.
    pub fn ran(&mut self, t: Time) {
        let late = self.wall().saturating_sub(t);
        self.late_ns.push(late.min(u32::MAX as u64) as u32);
        if late > self.bound_ns {
            self.note_late(t, late);
        }
    }

    /// An event due at `t` ran `late` ns late, over the bound: into the current episode
    /// if the last late event was due at most EPISODE_GAP_NS before, else a new one.
    fn note_late(&mut self, t: Time, late: u64) {
        let (t_s, late_ms) = (crate::engine::to_secs(t), late as f64 / 1e6);
        let room = self.episodes.len() < MAX_EPISODES;
        match self.episodes.last_mut() {
            Some(e) if t_s - e.end_s <= EPISODE_GAP_NS as f64 / 1e9 => {
                e.end_s = e.end_s.max(t_s);
                e.events += 1;
                e.max_late_ms = e.max_late_ms.max(late_ms);
            }
            _ if room => {
                self.episodes.push(LateEpisode { start_s: t_s, end_s: t_s, events: 1, max_late_ms: late_ms })
            }
            _ => {}
        }
    }

    pub fn summary(&mut self) -> RealtimeSummary {
        let mut v = self.late_ns.take();
        v.sort_unstable();
        let q = |p: f64| if v.is_empty() { 0.0 } else { v[((v.len() - 1) as f64 * p).round() as usize] as f64 / 1e6 };
        let (median, p99, max) = (q(0.5), q(0.99), q(1.0));
        let bound_ms = self.bound_ns as f64 / 1e6;
        let steal_ns = self.steal_at_start.zip(host_steal_ns()).map(|(a, b)| b.saturating_sub(a));
        // SAFETY: sysconf has no preconditions
        let cpus = unsafe { libc::sysconf(libc::_SC_NPROCESSORS_ONLN) }.max(1) as f64;
        let paced_ns = self.wall().max(1) as f64;
        RealtimeSummary {
            start_slack_ms: self.start_slack_ns.map(|n| n as f64 / 1e6),
            host_steal_ms: steal_ns.map(|n| n as f64 / 1e6),
            host_steal_pct: steal_ns.map(|n| 100.0 * n as f64 / (paced_ns * cpus)),
            loop_preemptions: self.preempted_at_start.zip(thread_preemptions()).map(|(a, b)| b.saturating_sub(a)),
            events: v.len() as u64,
            lateness_median_ms: median,
            lateness_p99_ms: p99,
            lateness_max_ms: max,
            lateness_bound_ms: bound_ms,
            events_over_bound: v.iter().filter(|&&x| x as u64 > self.bound_ns).count() as u64,
            valid: p99 <= bound_ms,
            late_episodes: std::mem::take(&mut self.episodes),
            real_packets: None,
        }
    }
}

impl Drop for Pace {
    fn drop(&mut self) {
        if let Some(p) = self.prior_nice {
            set_thread_nice(p);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::Simulation;
    use serde_json::json;

    /// A paced run's thread runs at the highest priority while it paces (as root; as
    /// another user, at its own) and returns to its own after.
    #[test]
    fn pacing_raises_the_threads_priority_and_gives_it_back() {
        std::thread::spawn(|| {
            let before = super::thread_nice().unwrap();
            let pace = super::Pace::new(0.5, None);
            // SAFETY: geteuid has no preconditions
            let root = unsafe { libc::geteuid() } == 0;
            assert_eq!(super::thread_nice().unwrap(), if root { super::PACED_NICE } else { before });
            drop(pace);
            assert_eq!(super::thread_nice().unwrap(), before);
        })
        .join()
        .unwrap();
    }

    /// Events over the bound make episodes: those due within 1 ms of the last late one
    /// join it (its end, count and worst lateness), a later one starts the next; events
    /// within the bound are counted but make none.
    #[test]
    fn late_events_are_grouped_into_episodes_by_their_due_times() {
        let mut pace = super::Pace::new(0.5, None);
        let ms = |x: f64| (x * 1e6) as crate::engine::Time;
        for (due, late) in [(10.0, 0.8), (10.4, 2.5), (11.3, 0.6), (11.5, 0.1), (20.0, 0.7), (20.2, 0.3)] {
            pace.late_ns.push((late * 1e6) as u32);
            if late > 0.5 {
                pace.note_late(ms(due), (late * 1e6) as u64);
            }
        }
        let s = pace.summary();
        assert_eq!(s.events_over_bound, 4);
        let e: Vec<_> = s.late_episodes.iter().map(|e| (e.start_s * 1e3, e.end_s * 1e3, e.events, e.max_late_ms)).collect();
        assert_eq!(e.len(), 2, "{e:?}");
        assert!((e[0].0 - 10.0).abs() < 1e-9 && (e[0].1 - 11.3).abs() < 1e-9 && e[0].2 == 3 && (e[0].3 - 2.5).abs() < 1e-9, "{e:?}");
        assert!((e[1].0 - 20.0).abs() < 1e-9 && e[1].2 == 1, "{e:?}");
    }

    /// The host's steal is read from /proc/stat's first line, its eighth value, in the
    /// kernel's clock ticks; anything else there gives none rather than a wrong figure.
    #[test]
    fn the_hosts_steal_is_read_from_proc_stat() {
        let stat = "cpu  3637304 258 341667 2048071 263512 0 3757 25099 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n";
        assert_eq!(super::steal_ns(stat, 100), Some(25_099 * 10_000_000));
        assert_eq!(super::steal_ns(stat, 250), Some(25_099 * 4_000_000));
        assert_eq!(super::steal_ns("cpu  1 2 3 4 5 6 7\n", 100), None, "a kernel that counts no steal");
        assert_eq!(super::steal_ns("cpu0 1 2 3 4 5 6 7 8\n", 100), None, "not the all-CPUs line");
        assert_eq!(super::steal_ns("cpu  1 2 3 4 5 6 7 x\n", 100), None);
        assert_eq!(super::steal_ns(stat, 0), None);
        assert_eq!(super::steal_ns("", 100), None);
    }

    /// A paced run's summary says what the host stole and how often the loop was
    /// preempted meanwhile (on Linux, where both are counted), never less than nothing.
    #[test]
    fn a_paced_runs_summary_counts_the_hosts_steal_and_the_loops_preemptions() {
        std::thread::spawn(|| {
            let mut pace = super::Pace::new(0.5, None);
            let t = std::time::Instant::now();
            while t.elapsed() < std::time::Duration::from_millis(30) {
                std::hint::spin_loop();
            }
            let s = pace.summary();
            let (ms, pct) = (s.host_steal_ms.expect("/proc/stat counts steal"), s.host_steal_pct.unwrap());
            // (no upper bound on the share: the kernel counts steal by ticks of 10 ms,
            // more than a short run's own time)
            assert!(ms >= 0.0 && pct >= 0.0 && (ms == 0.0) == (pct == 0.0), "{ms} ms, {pct} %");
            assert!(s.loop_preemptions.is_some());
        })
        .join()
        .unwrap();
    }

    /// The lateness store keeps every value across its chunks, in order.
    #[test]
    fn lateness_is_kept_whole_across_chunks() {
        let mut l = super::Lateness::default();
        let n = 2 * super::LATE_CHUNK as u32 + 5;
        for k in 0..n {
            l.push(k);
        }
        assert_eq!(l.chunks.len(), 3);
        assert!(l.chunks.iter().all(|c| c.capacity() == super::LATE_CHUNK), "no chunk grows past its first size");
        assert_eq!(l.take(), (0..n).collect::<Vec<_>>());
        assert!(l.take().is_empty());
    }

    /// A clock anchored at a wall-clock instant ahead starts there (the call waits for
    /// it), and one anchored at an instant passed counts from that instant. Each bound
    /// is taken from the clocks read around the call, so the test holds on a loaded host
    /// too: how promptly the thread wakes is the scheduler's, and a paced run reports
    /// it itself (its lateness and start slack), so it is not asserted here.
    #[test]
    fn the_paced_clock_starts_at_the_agreed_instant() {
        use std::time::{Duration, SystemTime};
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        let signed_ms = |a: SystemTime, b: SystemTime| a.duration_since(b).map_or_else(|e| -ms(e.duration()), ms);
        // the run's clock is the monotonic one and the instant a wall-clock one, the two
        // read as one instant to within CLOCK_PAIR_NS
        let clocks = Duration::from_nanos(super::CLOCK_PAIR_NS);
        let t0 = SystemTime::now() + Duration::from_millis(30);
        let before = SystemTime::now();
        let mut pace = super::Pace::new(0.5, Some(t0));
        let w = pace.wall();
        let since_t0 = SystemTime::now().duration_since(t0).expect("the call returns at the instant, not before");
        // the clock counts from the instant: no more simulated time than wall time since it
        assert!(Duration::from_nanos(w) <= since_t0 + clocks, "simulated {w} ns, {since_t0:?} since the instant");
        // and the summary says how early the loop was ready: what was left of the 30 ms
        // when the call began
        let slack = pace.summary().start_slack_ms.expect("an instant was agreed");
        let upper = signed_ms(t0, before);
        assert!(slack <= upper && slack >= -ms(since_t0), "ready {slack} ms before the instant (at most {upper})");
        let t0 = SystemTime::now() - Duration::from_millis(40);
        let mut pace = super::Pace::new(0.5, Some(t0));
        let w = pace.wall();
        let since_t0 = SystemTime::now().duration_since(t0).unwrap();
        assert!(w >= 40_000_000, "simulated time {w} ns, 40 ms after the instant");
        assert!(Duration::from_nanos(w) <= since_t0 + clocks, "simulated {w} ns, {since_t0:?} since the instant");
        let slack = pace.summary().start_slack_ms.unwrap();
        assert!(slack <= -40.0 && -slack <= ms(since_t0), "ready {} ms after the instant", -slack);
        assert_eq!(super::Pace::new(0.5, None).summary().start_slack_ms, None, "no instant agreed");
    }

    /// Pacing changes when events run, never what they do: the same summary as the run
    /// that jumps, plus the lateness block; and the run takes its simulated time.
    #[test]
    fn a_paced_run_gives_the_results_of_the_run_that_jumps() {
        let link = |a: &str, b: &str| json!({"a": a, "b": b, "rate_bps": 10e6, "delay_ms": 20.0,
                                             "queue": {"type": "droptail", "limit_pkts": 30}});
        let sc = json!({"duration_s": 1.0, "seed": 3,
                        "nodes": [{"name": "a"}, {"name": "r"}, {"name": "b"}],
                        "links": [link("a", "r"), link("r", "b")],
                        "flows": [{"src": "a", "dst": "b", "count": 3, "start_jitter_s": 0.1}]})
        .to_string();
        let jumped = Simulation::from_json(&sc).unwrap().run();
        let t0 = std::time::Instant::now();
        let paced = Simulation::from_json(&sc).unwrap().run_realtime(50.0, None);
        assert!(t0.elapsed().as_secs_f64() >= 1.0, "a paced run waits for its events");
        let rt = paced.summary.realtime.clone().expect("a paced run reports its lateness");
        assert!(jumped.summary.realtime.is_none());
        assert_eq!(rt.events, paced.summary.totals.events);
        assert!(rt.lateness_median_ms <= rt.lateness_p99_ms && rt.lateness_p99_ms <= rt.lateness_max_ms);
        let strip = |s: &crate::metrics::Summary| {
            let mut v = serde_json::to_value(s).unwrap();
            v.as_object_mut().unwrap().remove("realtime");
            v
        };
        assert_eq!(strip(&jumped.summary), strip(&paced.summary));
        assert!(jumped.summary.totals.goodput_mbps > 1.0, "the flows moved data");
    }
}
