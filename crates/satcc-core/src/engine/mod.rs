//! Engine: the integer-nanosecond clock, the event queue and named random streams.

pub mod event_queue;
pub mod rng;

pub use event_queue::EventQueue;
pub use rng::RngStreams;

/// Simulated time in integer nanoseconds. There is no floating-point clock.
pub type Time = u64;

pub const NS_PER_S: u64 = 1_000_000_000;
pub const NS_PER_MS: u64 = 1_000_000;

/// Seconds (as written in scenarios) to nanoseconds, rounded to the nearest ns.
pub fn from_secs(s: f64) -> Time {
    // x + 0.5 truncated = round half up for x >= 0, without a libm call
    (s * NS_PER_S as f64 + 0.5) as Time
}

/// Milliseconds to nanoseconds, rounded to the nearest ns.
pub fn from_ms(ms: f64) -> Time {
    (ms * NS_PER_MS as f64 + 0.5) as Time
}

/// Nanoseconds to seconds (for reporting and for controllers that work in seconds).
pub fn to_secs(t: Time) -> f64 {
    t as f64 / NS_PER_S as f64
}

/// Time to serialize `bytes` on a link of `rate_bps`, rounded to the nearest ns.
#[inline]
pub fn tx_time(bytes: u32, rate_bps: f64) -> Time {
    ((bytes as f64 * 8.0 * NS_PER_S as f64) / rate_bps + 0.5) as Time
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions_round_to_nearest_ns() {
        assert_eq!(from_secs(1.5), 1_500_000_000);
        assert_eq!(from_ms(20.0), 20_000_000);
        assert_eq!(to_secs(250_000_000), 0.25);
        // 1000 bytes at 8 Mb/s = 1 ms
        assert_eq!(tx_time(1000, 8e6), 1_000_000);
        // 1040 bytes at 1.544 Mb/s = 5.388601036 ms
        assert_eq!(tx_time(1040, 1.544e6), 5_388_601);
    }
}
