//! The constellation's epoch (simulated time 0, a UTC instant) and the Earth's sidereal
//! angle. UT1 is taken equal to UTC (they differ by under a second; the Earth turns
//! 0.46 km at the equator in that time, the same for every station, and both satcc and
//! its reference make the same choice).

/// A UTC instant: the Julian date of its midnight and the fraction of the day since.
/// Kept apart so that adding seconds loses no precision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Epoch {
    /// Julian date at 0h UTC of the day (always x.5).
    pub jd_midnight: f64,
    /// Seconds since that midnight.
    pub seconds: f64,
}

/// Hypatia's epoch for shells generated from their parameters: 2000-01-01 00:00:00 UTC.
pub const DEFAULT_EPOCH: &str = "2000-01-01T00:00:00";

/// Julian date at 0h UTC of a Gregorian calendar date.
pub fn jd_midnight(year: i64, month: i64, day: i64) -> f64 {
    // Julian day number at noon (Fliegel and Van Flandern, integer arithmetic).
    let a = (month - 14) / 12;
    let jdn = (1461 * (year + 4800 + a)) / 4 + (367 * (month - 2 - 12 * a)) / 12
        - (3 * ((year + 4900 + a) / 100)) / 4
        + day
        - 32075;
    jdn as f64 - 0.5
}

impl Epoch {
    /// Parses `YYYY-MM-DDTHH:MM:SS` (seconds may have a fraction; a trailing `Z` is
    /// allowed), years 1957 to 2100.
    pub fn parse(text: &str) -> Result<Epoch, String> {
        let bad = || format!("'{text}' is not a UTC time YYYY-MM-DDTHH:MM:SS between 1957 and 2100");
        let t = text.strip_suffix('Z').unwrap_or(text);
        let (date, clock) = t.split_once(['T', ' ']).ok_or_else(bad)?;
        let d: Vec<&str> = date.split('-').collect();
        let c: Vec<&str> = clock.split(':').collect();
        if d.len() != 3 || c.len() != 3 || d[0].len() != 4 {
            return Err(bad());
        }
        let int = |s: &str, lo: i64, hi: i64| -> Result<i64, String> {
            let v: i64 = s.parse().map_err(|_| bad())?;
            if s.len() > 4 || !(lo..=hi).contains(&v) {
                return Err(bad());
            }
            Ok(v)
        };
        let (y, mo) = (int(d[0], 1957, 2100)?, int(d[1], 1, 12)?);
        let days_in_month = [31, if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
        let day = int(d[2], 1, days_in_month[(mo - 1) as usize])?;
        let (h, mi) = (int(c[0], 0, 23)?, int(c[1], 0, 59)?);
        let s: f64 = c[2].parse().map_err(|_| bad())?;
        if !(0.0..60.0).contains(&s) || c[2].len() > 12 {
            return Err(bad());
        }
        Ok(Epoch { jd_midnight: jd_midnight(y, mo, day), seconds: (h * 3600 + mi * 60) as f64 + s })
    }

    /// Days from this epoch to `other` plus `seconds` (exact to the f64 of each part).
    pub fn days_until(&self, other: &Epoch) -> f64 {
        (other.jd_midnight - self.jd_midnight) + (other.seconds - self.seconds) / 86_400.0
    }

    /// Greenwich mean sidereal angle (rad, in [0, 2 pi)) at `t_s` seconds after the epoch:
    /// the IAU 1982 expression in UT1 centuries since J2000.
    pub fn gmst_rad(&self, t_s: f64) -> f64 {
        let days = (self.jd_midnight - 2_451_545.0) + (self.seconds + t_s) / 86_400.0;
        let tu = days / 36_525.0;
        let sec = 67_310.548_41 + (876_600.0 * 3600.0 + 8_640_184.812_866) * tu + 0.093_104 * tu * tu
            - 6.2e-6 * tu * tu * tu;
        let tau = std::f64::consts::TAU;
        (sec.rem_euclid(86_400.0) / 86_400.0 * tau).rem_euclid(tau)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn julian_dates_of_known_days() {
        assert_eq!(jd_midnight(2000, 1, 1), 2_451_544.5);
        assert_eq!(jd_midnight(1957, 10, 4), 2_436_115.5);
        assert_eq!(jd_midnight(2024, 2, 29), 2_460_369.5);
    }

    #[test]
    fn epochs_parse_and_bad_ones_say_why() {
        let e = Epoch::parse("2000-01-01T12:00:00Z").unwrap();
        assert_eq!((e.jd_midnight, e.seconds), (2_451_544.5, 43_200.0));
        for bad in ["2000-13-01T00:00:00", "2001-02-29T00:00:00", "1900-01-01T00:00:00", "yesterday", "2000-01-01T24:00:00"] {
            let m = Epoch::parse(bad).unwrap_err();
            assert!(m.contains("YYYY-MM-DDTHH:MM:SS"), "{m}");
        }
    }

    #[test]
    fn sidereal_angle_at_j2000_and_its_rate() {
        // GMST at J2000.0 (2000-01-01 12:00 UT1) is 280.46061837 degrees.
        let e = Epoch::parse("2000-01-01T12:00:00").unwrap();
        assert!((e.gmst_rad(0.0).to_degrees() - 280.460_618_37).abs() < 1e-6);
        // One sidereal day later (86164.0905 s) it is back where it was.
        let d = (e.gmst_rad(86_164.090_5) - e.gmst_rad(0.0)).abs();
        assert!(d < 1e-6 || (d - std::f64::consts::TAU).abs() < 1e-6, "{d}");
    }
}
