//! Shells of satellites: a Walker constellation from its parameters, or a set of TLEs,
//! each satellite with its plane and slot (for +Grid inter-satellite links).

use super::time::Epoch;
use super::{Vec3, EARTH_MU_M3_S2, EARTH_RADIUS_M};
use std::f64::consts::TAU;

/// How a shell's satellites move.
#[derive(Clone, Debug)]
pub enum Motion {
    /// A circular Keplerian orbit: radius (m), mean motion (rad/s), right ascension of
    /// the ascending node and inclination (rad), argument of latitude at t = 0 (rad).
    Circular { radius: f64, n: f64, raan: f64, incl: f64, u0: f64 },
    /// SGP4 (WGS72) from mean elements; `minutes_at_zero` is the time from the
    /// elements' epoch to simulated time 0, minutes.
    Sgp4 { constants: Box<sgp4::Constants>, minutes_at_zero: f64 },
}

#[derive(Clone, Debug)]
pub struct Satellite {
    pub plane: u32,
    pub slot: u32,
    pub motion: Motion,
}

impl Satellite {
    /// Inertial (TEME) position at `t_s` simulated seconds, m.
    pub fn position(&self, t_s: f64) -> Result<Vec3, String> {
        match &self.motion {
            Motion::Circular { radius, n, raan, incl, u0 } => {
                let u = u0 + n * t_s;
                let (su, cu) = u.sin_cos();
                let (so, co) = raan.sin_cos();
                let (si, ci) = incl.sin_cos();
                Ok([
                    radius * (co * cu - so * su * ci),
                    radius * (so * cu + co * su * ci),
                    radius * (su * si),
                ])
            }
            Motion::Sgp4 { constants, minutes_at_zero } => {
                let p = constants
                    .propagate(sgp4::MinutesSinceEpoch(minutes_at_zero + t_s / 60.0))
                    .map_err(|e| format!("SGP4 cannot propagate satellite (plane {}, slot {}) to t = {t_s} s: {e}", self.plane, self.slot))?;
                Ok([p.position[0] * 1e3, p.position[1] * 1e3, p.position[2] * 1e3])
            }
        }
    }
}

/// Where satellites of successive planes sit along their orbits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Phasing {
    /// Walker delta phasing factor F: plane p is advanced by F * 360 / (planes x
    /// satellites per plane) degrees per plane.
    Walker(u32),
    /// Hypatia's: odd planes advanced by half a slot (180 / satellites per plane degrees).
    Alternate,
}

/// How a Walker shell is propagated.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Model {
    /// The closed-form circular orbit: the Walker shell as defined.
    Kepler,
    /// Mean elements at the epoch propagated by SGP4 (WGS72), as Hypatia does: the J2
    /// oblateness moves satellites by kilometres against the closed form within an orbit.
    Sgp4,
}

/// How a Walker shell's planes are spread round the equator.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Pattern {
    /// Ascending nodes over 360 degrees (Starlink, Kuiper, Telesat's shells).
    #[default]
    Delta,
    /// Ascending nodes over 180 degrees (Iridium, OneWeb): near-polar planes whose
    /// satellites all ascend on one side of the Earth and descend on the other; the first
    /// and last planes meet at the seam, where they cross in opposite directions.
    Star,
}

/// The parameters of a Walker shell.
#[derive(Clone, Debug)]
pub struct Walker {
    pub planes: u32,
    pub per_plane: u32,
    pub altitude_m: f64,
    pub inclination_deg: f64,
    pub phasing: Phasing,
    pub model: Model,
    pub pattern: Pattern,
}

/// Eccentricity given to SGP4 for a "circular" Walker orbit (Hypatia's 1e-7: SGP4's
/// formulas divide by e in places).
pub const WALKER_SGP4_ECCENTRICITY: f64 = 1e-7;

impl Walker {
    /// Mean motion of the circular orbit, rad/s.
    pub fn mean_motion(&self) -> f64 {
        let a = EARTH_RADIUS_M + self.altitude_m;
        (EARTH_MU_M3_S2 / (a * a * a)).sqrt()
    }

    /// (right ascension, mean anomaly at epoch), rad, of plane `p`, slot `s`.
    pub fn slot_angles(&self, p: u32, s: u32) -> (f64, f64) {
        let (np, ns) = (self.planes as f64, self.per_plane as f64);
        let spread = match self.pattern {
            Pattern::Delta => TAU,
            Pattern::Star => TAU / 2.0,
        };
        let raan = spread * p as f64 / np;
        let shift = match self.phasing {
            Phasing::Walker(f) => TAU * f as f64 * p as f64 / (np * ns),
            Phasing::Alternate if p % 2 == 1 => TAU / (2.0 * ns),
            Phasing::Alternate => 0.0,
        };
        (raan, (TAU * s as f64 / ns + shift).rem_euclid(TAU))
    }

    pub fn satellites(&self, epoch: &Epoch) -> Result<Vec<Satellite>, String> {
        let n = self.mean_motion();
        let incl = self.inclination_deg.to_radians();
        let mut out = Vec::with_capacity((self.planes * self.per_plane) as usize);
        for p in 0..self.planes {
            for s in 0..self.per_plane {
                let (raan, m0) = self.slot_angles(p, s);
                let motion = match self.model {
                    Model::Kepler => Motion::Circular { radius: EARTH_RADIUS_M + self.altitude_m, n, raan, incl, u0: m0 },
                    Model::Sgp4 => {
                        let orbit = sgp4::Orbit::from_kozai_elements(
                            &sgp4::WGS72,
                            incl,
                            raan,
                            WALKER_SGP4_ECCENTRICITY,
                            0.0,
                            m0,
                            n * 60.0,
                        )
                        .map_err(|e| format!("SGP4 rejects the shell's elements: {e}"))?;
                        let years = J2000.days_until(epoch) / 365.25;
                        let constants =
                            sgp4::Constants::new(sgp4::WGS72, sgp4::iau_epoch_to_sidereal_time, years, 0.0, orbit)
                                .map_err(|e| format!("SGP4 rejects the shell's elements: {e}"))?;
                        Motion::Sgp4 { constants: Box::new(constants), minutes_at_zero: 0.0 }
                    }
                };
                out.push(Satellite { plane: p, slot: s, motion });
            }
        }
        Ok(out)
    }
}

/// J2000.0: 2000-01-01 12:00 UTC (SGP4 counts its epoch in years from it).
const J2000: Epoch = Epoch { jd_midnight: 2_451_544.5, seconds: 43_200.0 };

/// The first line of a TLE file as Hypatia writes it (satgenpy's tles.txt):
/// "ORBITS SATELLITES_PER_ORBIT", two whole numbers; None when the text does not start
/// so (an ordinary TLE file).
pub fn hypatia_header(text: &str) -> Option<(u32, u32)> {
    let first = text.lines().map(str::trim).find(|l| !l.is_empty())?;
    let mut it = first.split_whitespace();
    let (a, b) = (it.next()?, it.next()?);
    if it.next().is_some() || !a.bytes().chain(b.bytes()).all(|c| c.is_ascii_digit()) {
        return None;
    }
    Some((a.parse().ok()?, b.parse().ok()?))
}

/// Satellites from two-line element sets (a name line before each pair is allowed;
/// Hypatia's first line skipped), in plane-major order: satellite i is plane
/// i / per_plane, slot i % per_plane.
pub fn from_tles(text: &str, per_plane: u32, epoch: &Epoch) -> Result<Vec<Satellite>, String> {
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).filter(|l| !l.trim().is_empty()).collect();
    if hypatia_header(text).is_some() {
        lines.remove(0); // Hypatia's "orbits per-orbit" line (the caller reads it)
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let (name, l1, l2) = if lines[i].starts_with("1 ") {
            (None, lines[i], lines.get(i + 1).copied().unwrap_or(""))
        } else {
            (Some(lines[i].trim().to_owned()), lines.get(i + 1).copied().unwrap_or(""), lines.get(i + 2).copied().unwrap_or(""))
        };
        i += if name.is_some() { 3 } else { 2 };
        let k = out.len();
        let el = sgp4::Elements::from_tle(name, l1.as_bytes(), l2.as_bytes())
            .map_err(|e| format!("TLE {} (lines '{l1}' / '{l2}'): {e}", k + 1))?;
        let constants = sgp4::Constants::new(
            sgp4::WGS72,
            sgp4::iau_epoch_to_sidereal_time,
            el.epoch(),
            el.drag_term,
            sgp4::Orbit::from_kozai_elements(
                &sgp4::WGS72,
                el.inclination.to_radians(),
                el.right_ascension.to_radians(),
                el.eccentricity,
                el.argument_of_perigee.to_radians(),
                el.mean_anomaly.to_radians(),
                el.mean_motion * (TAU / 1440.0),
            )
            .map_err(|e| format!("TLE {}: {e}", k + 1))?,
        )
        .map_err(|e| format!("TLE {}: {e}", k + 1))?;
        let minutes_at_zero = tle_epoch(&el).days_until(epoch) * 1440.0;
        let per = per_plane.max(1);
        out.push(Satellite {
            plane: k as u32 / per,
            slot: k as u32 % per,
            motion: Motion::Sgp4 { constants: Box::new(constants), minutes_at_zero },
        });
    }
    if out.is_empty() {
        return Err("no TLE found (two lines starting '1 ' and '2 ', each after an optional name line)".into());
    }
    Ok(out)
}

fn tle_epoch(el: &sgp4::Elements) -> Epoch {
    use sgp4::chrono::{Datelike, Timelike};
    let d = el.datetime;
    Epoch {
        jd_midnight: super::time::jd_midnight(d.year() as i64, d.month() as i64, d.day() as i64),
        seconds: d.num_seconds_from_midnight() as f64 + d.nanosecond() as f64 * 1e-9,
    }
}

/// A shell ready to move: its satellites and who sees them.
#[derive(Clone, Debug)]
pub struct Shell {
    pub name: String,
    pub planes: u32,
    pub per_plane: u32,
    pub satellites: Vec<Satellite>,
    /// A ground station reaches a satellite of this shell above this elevation (rad) ...
    pub min_elevation_rad: Option<f64>,
    /// ... or within this range (m), as Hypatia states it.
    pub max_range_m: Option<f64>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orbit::{distance, norm};

    fn kuiper(model: Model) -> Walker {
        Walker {
            planes: 34,
            per_plane: 34,
            altitude_m: 630e3,
            inclination_deg: 51.9,
            phasing: Phasing::Alternate,
            model,
            pattern: Pattern::Delta,
        }
    }

    #[test]
    fn circular_orbits_keep_their_radius_and_period() {
        let w = kuiper(Model::Kepler);
        let e = Epoch::parse("2000-01-01T00:00:00").unwrap();
        let sats = w.satellites(&e).unwrap();
        assert_eq!(sats.len(), 34 * 34);
        let period = TAU / w.mean_motion();
        assert!((period / 60.0 - 97.4).abs() < 0.2, "Kuiper-630 orbits in about 97 minutes: {period}");
        let s = &sats[100];
        let (p0, p1) = (s.position(0.0).unwrap(), s.position(period).unwrap());
        assert!(distance(p0, p1) < 1e-3);
        assert!((norm(s.position(1234.5).unwrap()) - (EARTH_RADIUS_M + 630e3)).abs() < 1e-6);
    }

    #[test]
    fn neighbours_in_a_plane_are_one_slot_apart() {
        let w = kuiper(Model::Kepler);
        let sats = w.satellites(&Epoch::parse(crate::orbit::time::DEFAULT_EPOCH).unwrap()).unwrap();
        let r = EARTH_RADIUS_M + 630e3;
        let chord = 2.0 * r * (std::f64::consts::PI / 34.0).sin();
        let d = distance(sats[0].position(10.0).unwrap(), sats[1].position(10.0).unwrap());
        assert!((d - chord).abs() < 1e-6, "{d} vs {chord}");
    }

    #[test]
    fn sgp4_walker_stays_within_kilometres_of_the_closed_form() {
        let e = Epoch::parse(crate::orbit::time::DEFAULT_EPOCH).unwrap();
        let (k, s) = (kuiper(Model::Kepler).satellites(&e).unwrap(), kuiper(Model::Sgp4).satellites(&e).unwrap());
        for i in [0, 500, 1155] {
            for t in [0.0, 100.0, 200.0] {
                let d = distance(k[i].position(t).unwrap(), s[i].position(t).unwrap());
                assert!(d < 30e3, "satellite {i} at {t} s: {d} m apart");
            }
        }
    }

    #[test]
    fn bad_tles_are_refused_with_their_number() {
        let e = Epoch::parse(crate::orbit::time::DEFAULT_EPOCH).unwrap();
        assert!(from_tles("", 1, &e).unwrap_err().contains("no TLE"));
        // Hypatia's tles.txt starts with "orbits per-orbit"; a name line is not taken for it
        assert_eq!(hypatia_header("34 34\nKuiper-630 0\n1 ..."), Some((34, 34)));
        assert_eq!(hypatia_header("\n 2 3 \n"), Some((2, 3)));
        for t in ["ISS (ZARYA)\n1 ...", "1 25544U 98067A", "34 34 1", "34 x", "-1 3", ""] {
            assert_eq!(hypatia_header(t), None, "{t:?}");
        }
        let m = from_tles("X\n1 garbage\n2 garbage\n", 1, &e).unwrap_err();
        assert!(m.starts_with("TLE 1"), "{m}");
    }
}
