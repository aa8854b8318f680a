//! A trace-driven source: ns-2's Application/Traffic/Trace (trace/traffictrace.cc).
//!
//! The trace is a table of records, each the gap before a message (microseconds) and
//! the message's size (bytes). Each start picks a record at random, ns-2's
//! `int(Random::uniform(n) + 0.5)`, and schedules its message that record's gap later;
//! each message sent, the next record gives the next gap and size, going round to the
//! first record after the last. ns-2's draw can be n itself (one start in 2n), and it
//! then reads past its table (undefined: the records it reads are whatever lies beyond);
//! satcc starts at the first record and counts the start (`past_end`), so that a run
//! compared with ns-2's says where it can no longer agree.
//! Without ns-2's generator the start is drawn uniformly from the flow's own stream.

use std::sync::Arc;

use crate::engine::rng::Draws;

pub struct TraceSource {
    /// [gap in microseconds, size in bytes], in order.
    records: Arc<[[u32; 2]]>,
    /// The record read next (ns-2's ndx_).
    next: usize,
    /// The size of the message due at the next tick (ns-2's size_).
    size: u32,
    pub draws: Draws,
    /// Starts whose ns-2 draw was n itself, where ns-2 reads past its table (undefined):
    /// the run parts from ns-2's there (the summary's `trace_past_end`).
    pub past_end: u32,
}

impl TraceSource {
    pub fn new(records: Arc<[[u32; 2]]>, draws: Draws) -> Self {
        assert!(!records.is_empty(), "a trace has a record (validated)");
        TraceSource { records, next: 0, size: 0, draws, past_end: 0 }
    }

    /// At each start (`now_s`, its double time): a record drawn (ns-2's init, then
    /// TrafficGenerator::start's next_interval), and when its message goes.
    pub fn start(&mut self, now_s: f64) -> f64 {
        let n = self.records.len();
        self.next = if self.draws.is_ns2() {
            let k = (self.draws.uniform() * n as f64 + 0.5) as usize;
            if k >= n {
                self.past_end += 1;
                0
            } else {
                k
            }
        } else {
            ((self.draws.uniform() * n as f64) as usize).min(n - 1)
        };
        now_s + self.advance()
    }

    /// After the message of a tick went: when the next goes (ns-2's timeout).
    pub fn next(&mut self, now_s: f64) -> f64 {
        now_s + self.advance()
    }

    /// The size of the message due now, bytes.
    pub fn message_bytes(&self) -> u32 {
        self.size
    }

    /// ns-2's next_interval: the next record's size becomes the message due, its gap in
    /// seconds ((double) usecs / 1e6) is returned.
    fn advance(&mut self) -> f64 {
        let [gap_us, size] = self.records[self.next];
        self.next = (self.next + 1) % self.records.len();
        self.size = size;
        gap_us as f64 / 1_000_000.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ns2_rng::Ns2Rng;
    use std::sync::Mutex;

    fn records() -> Arc<[[u32; 2]]> {
        Arc::from(vec![[1000, 200], [2500, 1500], [0, 40], [400_000, 0]])
    }

    #[test]
    fn a_start_draws_its_record_as_ns2_does_and_the_trace_goes_round() {
        let g = Arc::new(Mutex::new(Ns2Rng::new(7)));
        let mut reference = Ns2Rng::new(7);
        let mut s = TraceSource::new(records(), Draws::Ns2(g));
        let k = ((reference.u01() * 4.0 + 0.5) as usize) % 4;
        let mut t = s.start(2.0);
        let r = records();
        assert_eq!(t, 2.0 + r[k][0] as f64 / 1e6);
        assert_eq!(s.message_bytes(), r[k][1]);
        // each message sent, the next record's gap and size, round past the last
        for j in 1..10 {
            let rec = r[(k + j) % 4];
            let before = t;
            t = s.next(t);
            assert_eq!((t, s.message_bytes()), (before + rec[0] as f64 / 1e6, rec[1]));
        }
        // a start again draws afresh (ns-2's init at each start)
        let k2 = ((reference.u01() * 4.0 + 0.5) as usize) % 4;
        assert_eq!(s.start(9.0), 9.0 + r[k2][0] as f64 / 1e6);
    }

    #[test]
    fn ns2s_draw_of_n_itself_starts_at_the_first_record() {
        // a generator whose draw times n rounds up to n: find a seed's first such draw
        let n = 4.0;
        let seed = (1..10_000u32)
            .find(|&s| (Ns2Rng::new(s).u01() * n + 0.5) as usize == 4)
            .expect("some seed draws above 3.5 / 4");
        let mut s = TraceSource::new(records(), Draws::Ns2(Arc::new(Mutex::new(Ns2Rng::new(seed)))));
        assert_eq!(s.start(0.0), 0.001);
        assert_eq!((s.message_bytes(), s.past_end), (200, 1));
    }

    #[test]
    fn satccs_own_stream_starts_anywhere_with_equal_chances() {
        let mut seen = [0u32; 4];
        let mut s = TraceSource::new(records(), Draws::Own(Box::new(crate::engine::RngStreams::new(1).stream("t"))));
        for _ in 0..4000 {
            s.start(0.0);
            let k = records().iter().position(|r| r[1] == s.message_bytes()).unwrap();
            seen[k] += 1;
        }
        assert!(seen.iter().all(|&c| (900..1100).contains(&c)), "{seen:?}");
    }
}
