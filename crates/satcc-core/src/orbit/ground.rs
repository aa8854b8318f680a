//! Ground stations: a point on the WGS72 ellipsoid, fixed to the turning Earth, and the
//! built-in table of the 100 most populous cities.

use super::{rotate_z, Vec3, EARTH_FLATTENING, EARTH_RADIUS_M};

/// A ground station and its Earth-fixed position and local vertical.
#[derive(Clone, Debug)]
pub struct GroundStation {
    pub name: String,
    pub lat_deg: f64,
    pub lon_deg: f64,
    pub alt_m: f64,
    /// Earth-fixed position, m.
    pub ecef: Vec3,
    /// Earth-fixed unit normal of the ellipsoid (the local vertical).
    pub up: Vec3,
}

impl GroundStation {
    pub fn new(name: &str, lat_deg: f64, lon_deg: f64, alt_m: f64) -> Self {
        let (lat, lon) = (lat_deg.to_radians(), lon_deg.to_radians());
        let e2 = EARTH_FLATTENING * (2.0 - EARTH_FLATTENING);
        let n = EARTH_RADIUS_M / (1.0 - e2 * lat.sin().powi(2)).sqrt();
        let ecef = [
            (n + alt_m) * lat.cos() * lon.cos(),
            (n + alt_m) * lat.cos() * lon.sin(),
            (n * (1.0 - e2) + alt_m) * lat.sin(),
        ];
        let up = [lat.cos() * lon.cos(), lat.cos() * lon.sin(), lat.sin()];
        GroundStation { name: name.to_owned(), lat_deg, lon_deg, alt_m, ecef, up }
    }

    /// Inertial position and local vertical when the sidereal angle is `theta` (rad).
    #[inline]
    pub fn inertial(&self, theta: f64) -> (Vec3, Vec3) {
        (rotate_z(self.ecef, theta), rotate_z(self.up, theta))
    }
}

/// The city table as shipped (CSV with `#` comment lines: rank, name, lat_deg, lon_deg).
pub const CITIES: &str = include_str!("cities.csv");

/// The built-in cities, largest first: (name, latitude, longitude) in degrees.
pub fn cities() -> impl Iterator<Item = (&'static str, f64, f64)> {
    CITIES.lines().filter(|l| !l.starts_with('#') && !l.is_empty()).map(|l| {
        let f: Vec<&str> = l.split(',').collect();
        (f[1], f[2].parse().expect("cities.csv: latitude"), f[3].parse().expect("cities.csv: longitude"))
    })
}

/// The canonical spelling of a city name: case, spaces and underscores do not matter
/// ("new york", "New_York" and "New-York" are one city).
pub fn key(name: &str) -> String {
    name.trim().to_ascii_lowercase().replace([' ', '_'], "-")
}

/// A built-in city by name; the error lists names that start alike.
pub fn city(name: &str) -> Result<GroundStation, String> {
    let k = key(name);
    if let Some((n, lat, lon)) = cities().find(|(n, _, _)| key(n) == k) {
        return Ok(GroundStation::new(n, lat, lon, 0.0));
    }
    let near: Vec<&str> = cities()
        .map(|(n, _, _)| n)
        .filter(|n| !k.is_empty() && key(n).starts_with(&k[..k.len().min(3)]))
        .collect();
    let hint = if near.is_empty() { "`satcc cities` lists them".to_owned() } else { format!("similar: {}", near.join(", ")) };
    Err(format!("'{name}' is not one of the 100 built-in cities ({hint}); give lat_deg and lon_deg for another place"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orbit::norm;

    #[test]
    fn the_table_has_one_hundred_distinct_cities_on_the_globe() {
        let all: Vec<_> = cities().collect();
        assert_eq!(all.len(), 100);
        let names: std::collections::HashSet<_> = all.iter().map(|c| key(c.0)).collect();
        assert_eq!(names.len(), 100);
        assert!(all.iter().all(|&(_, la, lo)| (-90.0..=90.0).contains(&la) && (-180.0..=180.0).contains(&lo)));
        assert_eq!(all[0].0, "Tokyo");
    }

    #[test]
    fn cities_are_found_by_any_spelling_and_unknown_ones_are_named() {
        assert_eq!(city("new york").unwrap().name, "New-York");
        assert_eq!(city("SAINT_PETERSBURG").unwrap().name, "Saint-Petersburg");
        let m = city("Manil").unwrap_err();
        assert!(m.contains("'Manil'") && m.contains("Manila"), "{m}");
    }

    #[test]
    fn points_on_the_ellipsoid() {
        let eq = GroundStation::new("e", 0.0, 0.0, 0.0);
        assert!((eq.ecef[0] - EARTH_RADIUS_M).abs() < 1e-6);
        let pole = GroundStation::new("p", 90.0, 0.0, 0.0);
        let b = EARTH_RADIUS_M * (1.0 - EARTH_FLATTENING);
        assert!((pole.ecef[2] - b).abs() < 1e-6 && pole.ecef[0].abs() < 1e-6);
        assert!((norm(pole.up) - 1.0).abs() < 1e-12);
    }
}
