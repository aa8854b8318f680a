//! Engine: the integer-nanosecond clock, the event queue and named random streams.

pub mod event_queue;
pub mod ns2_rng;
pub mod order;
pub mod rng;

pub use event_queue::EventQueue;
pub use rng::RngStreams;

/// Simulated time in integer nanoseconds: what every model reads and what orders
/// events. Where durations are not whole nanoseconds (a packet's transmission time,
/// an ON/OFF source's packet interval), the timeline is summed in seconds as a double,
/// the way ns-2 2.35 sums its clock, and each integer time is that sum rounded by
/// [`from_secs`]; rounded durations are never chained, so the integer clock does not
/// drift from the exact one and never orders two events against their double times
/// (rounding is monotone). See net::link.
pub type Time = u64;

pub const NS_PER_S: u64 = 1_000_000_000;
pub const NS_PER_MS: u64 = 1_000_000;
pub const NS_PER_US: u64 = 1_000;

/// Seconds (as written in scenarios) to nanoseconds, rounded to the nearest ns.
#[inline]
pub fn from_secs(s: f64) -> Time {
    // x + 0.5 truncated = round half up for x >= 0, without a libm call. Below 2^63 by
    // way of i64: one conversion instruction where f64 -> u64 takes a dozen (every
    // link crossing rounds twice); the same value as `x as Time` for every x,
    // negative and NaN (0) and beyond 2^63 (the else branch) included.
    let x = s * NS_PER_S as f64 + 0.5;
    if x < TWO_POW_63 {
        (x as i64).max(0) as Time
    } else {
        x as Time
    }
}

const TWO_POW_63: f64 = 9_223_372_036_854_775_808.0;

/// Milliseconds to nanoseconds, rounded to the nearest ns.
pub fn from_ms(ms: f64) -> Time {
    (ms * NS_PER_MS as f64 + 0.5) as Time
}

/// Nanoseconds to seconds (for reporting and for controllers that work in seconds).
pub fn to_secs(t: Time) -> f64 {
    t as f64 / NS_PER_S as f64
}


#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions_round_to_nearest_ns() {
        assert_eq!(from_secs(1.5), 1_500_000_000);
        assert_eq!(from_ms(20.0), 20_000_000);
        assert_eq!(to_secs(250_000_000), 0.25);
    }

    #[test]
    fn integer_times_round_trip_through_seconds() {
        // events timed in integer ns carry to_secs(t) as their double time; rounding it
        // back must give t, so that every event's integer time is its double rounded
        for t in [0, 1, 999_999_999, 51_612_903, 86_400 * NS_PER_S + 7, (1u64 << 52) / 1000] {
            assert_eq!(from_secs(to_secs(t)), t);
        }
    }

    /// The conversion by way of i64 gives what the plain saturating cast gives, at the
    /// edges (negative, NaN, infinities, around 2^63 and 2^64) and on random values.
    #[test]
    fn from_secs_equals_the_plain_cast_for_every_input() {
        let plain = |s: f64| (s * NS_PER_S as f64 + 0.5) as Time;
        let mut cases = vec![0.0, -0.0, -1.0, -1e-12, 1e-10, 0.4999e-9, 0.5e-9, f64::NAN, f64::INFINITY, f64::NEG_INFINITY,
                             f64::MAX, f64::MIN, 9.223372036854775e9, 9.223372036854776e9, 9.3e9, 1.8446744073709552e10, 2e10];
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            cases.push(f64::from_bits(x));
            cases.push((x >> 11) as f64 / (1u64 << 53) as f64 * 2e10 - 1e9);
        }
        for s in cases {
            assert_eq!(from_secs(s), plain(s), "from_secs({s:e})");
        }
    }
}
