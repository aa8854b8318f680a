//! Orbits: where every satellite and ground station is at a simulated instant.
//!
//! One inertial frame for everything: SGP4's TEME (true equator, mean equinox). Walker
//! shells given by their parameters move on closed-form circular orbits in it, or are
//! turned into mean elements and propagated by SGP4 as Hypatia does; shells read from
//! TLEs are propagated by SGP4 (WGS72, the constants TLEs are fitted with). The Earth
//! turns under them by Greenwich mean sidereal time (IAU 1982), so a ground station's
//! inertial position is its Earth-fixed position turned by GMST. Distances are metres.
//!
//! [`shell`] builds the satellites of a shell, [`ground`] the ground stations and the
//! built-in city table, [`time`] the epoch and the sidereal angle.

pub mod ground;
pub mod shell;
pub mod time;

pub use ground::GroundStation;
pub use shell::{Satellite, Shell};

/// Speed of light in vacuum, m/s: the propagation speed of every satellite link.
pub const SPEED_OF_LIGHT_M_S: f64 = 299_792_458.0;
/// Equatorial radius of the WGS72 Earth, m (the radius altitudes are measured from, as in
/// SGP4 and Hypatia).
pub const EARTH_RADIUS_M: f64 = 6_378_135.0;
/// Gravitational parameter of the WGS72 Earth, m^3/s^2.
pub const EARTH_MU_M3_S2: f64 = 3.986_008e14;
/// Flattening of the WGS72 ellipsoid, on which ground stations stand.
pub const EARTH_FLATTENING: f64 = 1.0 / 298.26;

pub type Vec3 = [f64; 3];

#[inline]
pub fn sub(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

#[inline]
pub fn dot(a: Vec3, b: Vec3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

#[inline]
pub fn norm(a: Vec3) -> f64 {
    dot(a, a).sqrt()
}

#[inline]
pub fn distance(a: Vec3, b: Vec3) -> f64 {
    norm(sub(a, b))
}

/// Turns an Earth-fixed vector into the inertial frame at sidereal angle `theta` (rad).
#[inline]
pub fn rotate_z(v: Vec3, theta: f64) -> Vec3 {
    let (s, c) = theta.sin_cos();
    [c * v[0] - s * v[1], s * v[0] + c * v[1], v[2]]
}

/// Elevation (rad) of `target` seen from a ground point at `from` whose local vertical
/// (the ellipsoid's normal, unit length) is `up`.
#[inline]
pub fn elevation(from: Vec3, up: Vec3, target: Vec3) -> f64 {
    let d = sub(target, from);
    (dot(d, up) / norm(d)).clamp(-1.0, 1.0).asin()
}

/// One-way propagation delay of a straight path of `metres`, in seconds.
#[inline]
pub fn light_time_s(metres: f64) -> f64 {
    metres / SPEED_OF_LIGHT_M_S
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elevation_of_a_point_straight_up_is_ninety_degrees() {
        let g = [EARTH_RADIUS_M, 0.0, 0.0];
        let e = elevation(g, [1.0, 0.0, 0.0], [EARTH_RADIUS_M + 550e3, 0.0, 0.0]);
        assert!((e.to_degrees() - 90.0).abs() < 1e-9);
        let h = elevation(g, [1.0, 0.0, 0.0], [EARTH_RADIUS_M, 1000e3, 0.0]);
        assert!(h.abs() < 1e-9, "on the horizon: {h}");
    }

    #[test]
    fn rotation_keeps_lengths_and_turns_counterclockwise() {
        let v = rotate_z([1.0, 0.0, 2.0], std::f64::consts::FRAC_PI_2);
        assert!(v[0].abs() < 1e-15 && (v[1] - 1.0).abs() < 1e-15 && v[2] == 2.0);
    }
}
