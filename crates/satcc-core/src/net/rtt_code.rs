//! The RTT code of T-REFWA (seed 002, eqs. 1 and 2): six bits of the IP TOS byte in
//! which a sender writes its smoothed RTT, so that routers that cannot count hops can
//! group flows by RTT. Part of the packet's header, read by hosts (tcp/sender.rs writes
//! it) and routers (feedback/trefwa.rs reads it) alike.

use crate::settings::SettingsGroup;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// K of eqs. 1 and 2: RTT = 1024 ms gives code 63.
pub const K: f64 = 6.3;

/// The senders' side of the RTT code, as a scenario's `tcp` table names it (the
/// routers' K is the `k` of their T-REFWA scheme).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct RttCodeSettings {
    /// K of eq. 1 on the senders' side [6.3].
    #[serde(rename = "rtt_code_k")]
    #[schemars(range(max = 100), extend("exclusiveMinimum" = 0))]
    pub k: f64,
}

impl Default for RttCodeSettings {
    fn default() -> Self {
        RttCodeSettings { k: K }
    }
}

impl SettingsGroup for RttCodeSettings {}
/// The code occupies six bits of the TOS byte.
pub const MAX_CODE: u8 = 63;

/// Eq. 1: RTTC = min(floor(K log2 SRTT_ms), 63); 0 when SRTT is unknown or < 1 ms.
pub fn rtt_code(srtt_ms: f64, k: f64) -> u8 {
    // NaN (SRTT unknown) and anything below 1 ms give code 0
    if srtt_ms.is_nan() || srtt_ms < 1.0 {
        return 0;
    }
    let c = (k * srtt_ms.log2()).floor();
    c.clamp(0.0, MAX_CODE as f64) as u8
}

/// Eq. 2: the average RTT (ms) of flows whose code is `code`:
/// (2^(code/K) + 2^((code+1)/K)) / 2.
pub fn code_rtt_ms(code: u8, k: f64) -> f64 {
    let c = code as f64;
    (2f64.powf(c / k) + 2f64.powf((c + 1.0) / k)) / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rtt_code_of_equation_1() {
        assert_eq!(rtt_code(1024.0, K), 63, "1024 ms is the top code");
        assert_eq!(rtt_code(5000.0, K), 63, "clamped");
        assert_eq!(rtt_code(100.0, K), (6.3 * 100f64.log2()).floor() as u8);
        assert_eq!(rtt_code(100.0, K), 41);
        assert_eq!(rtt_code(20.0, K), 27);
        assert_eq!(rtt_code(1.0, K), 0);
        assert_eq!(rtt_code(0.0, K), 0, "no SRTT yet");
        assert_eq!(rtt_code(f64::NAN, K), 0);
    }

    #[test]
    fn code_and_inverse_bracket_the_rtt() {
        // the RTT of a code is the mean of its interval's ends, so it lies within
        // the interval of RTTs that map to that code
        for ms in [3.0, 20.0, 60.0, 100.0, 120.0, 180.0, 500.0, 1000.0] {
            let c = rtt_code(ms, K);
            let lo = 2f64.powf(c as f64 / K);
            let hi = 2f64.powf((c as f64 + 1.0) / K);
            assert!(lo <= ms && ms < hi, "{ms} ms -> code {c}: [{lo}, {hi})");
            let back = code_rtt_ms(c, K);
            assert!(lo < back && back < hi);
            assert!((back - ms).abs() / ms < 0.06, "within the code's 11.6 % resolution: {ms} vs {back}");
        }
    }
}
