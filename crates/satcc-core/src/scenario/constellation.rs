//! The `constellation` section of a scenario: shells, ground stations, how ground stations
//! pick satellites and how routes are recomputed as the satellites move. Its defaults
//! are Hypatia's conventions (the field's reference), each said on its field.

use crate::orbit::shell::{Model, Pattern, Phasing, Walker};
use crate::orbit::time::{Epoch, DEFAULT_EPOCH};
use crate::orbit::{ground, GroundStation, Shell};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Most satellites of one scenario (all shells): Starlink's whole first generation is
/// 4,408; a hundred thousand bounds memory and the per-step work.
pub const MAX_SATELLITES: usize = 100_000;
pub const MAX_GROUND_STATIONS: usize = 10_000;

#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConstellationSpec {
    /// UTC instant of simulated time 0, `YYYY-MM-DDTHH:MM:SS` [2000-01-01T00:00:00,
    /// Hypatia's]. Shells from parameters start at their epoch positions then; TLE
    /// shells are propagated from their own epochs to it.
    #[serde(default = "default_epoch")]
    pub epoch: String,
    /// The shells (no links between shells).
    #[schemars(length(min = 1, max = 16))]
    pub shells: Vec<ShellSpec>,
    /// Ground stations: a built-in city by name (`satcc cities`), or a place.
    #[serde(default)]
    #[schemars(length(max = MAX_GROUND_STATIONS))]
    pub ground_stations: Vec<GroundStationSpec>,
    /// How ground stations reach satellites, and (packet runs) the ground links.
    #[serde(default)]
    pub gsl: GslSpec,
    /// The inter-satellite links of packet runs (+Grid, each direction its own queue).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub isl: Option<LinkSettings>,
    /// How routes are computed.
    #[serde(default)]
    pub routing: RoutingSpec,
}

fn default_epoch() -> String {
    DEFAULT_EPOCH.into()
}

/// A shell: `builtin` (its published parameters; any field given here overrides one),
/// or a Walker shell from `planes`, `sats_per_plane`, `altitude_km`, `inclination_deg`,
/// or satellites from `tle` (in plane-major order when `sats_per_plane` is given).
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShellSpec {
    /// starlink-1 (72 x 22, 550 km, 53 deg, 25 deg elevation), kuiper-630 (34 x 34,
    /// 630 km, 51.9 deg, 30 deg), telesat-1015 (27 x 13, 1015 km, 98.98 deg, 10 deg).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub builtin: Option<String>,
    /// Label of the shell's satellites (`NAME-i`) [the builtin's name, or shell INDEX].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1, max = 32), pattern(r"^[A-Za-z0-9_][A-Za-z0-9_.:+@-]*$"))]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 1000))]
    pub planes: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 1000))]
    pub sats_per_plane: Option<u32>,
    /// Above the WGS72 equatorial radius (6378.135 km).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 160, max = 50000))]
    pub altitude_km: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0, max = 180))]
    pub inclination_deg: Option<f64>,
    /// Walker delta phasing factor F (0 .. planes-1) [absent: Hypatia's, odd planes
    /// advanced half a slot].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = 999))]
    pub walker_f: Option<u32>,
    /// delta (ascending nodes over 360 degrees) or star (over 180 degrees, as Iridium
    /// and OneWeb: the first and last planes counter-rotate at the seam, and +Grid links
    /// no satellites across it) [delta].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pattern: Option<PatternSpec>,
    /// kepler (the closed-form circular orbit) or sgp4 (mean elements at the epoch
    /// propagated by SGP4, as Hypatia does) [kepler].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<ModelSpec>,
    /// Two-line element sets (text; a name line before each pair is allowed; Hypatia's
    /// tles.txt as it is, whose first line "ORBITS PER_ORBIT" gives the planes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1))]
    pub tle: Option<String>,
    /// A ground station reaches a satellite above this elevation [the builtin's].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0, max = 90))]
    pub min_elevation_deg: Option<f64>,
    /// ... or, instead, within this distance (Hypatia's max GSL length).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 1e8))]
    pub max_range_m: Option<f64>,
    /// plus_grid (two in-plane and two cross-plane ISLs per satellite) or none (a
    /// bent-pipe shell, Hypatia's `isls_none`: ground stations relay with
    /// `routing.ground_relays`) [plus_grid].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub isls: Option<IslTopology>,
    /// ISLs as pairs of the shell's satellite indices (Hypatia's isls.txt), instead of
    /// `isls`: each pair one link both ways, at most four per satellite.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 400_000))]
    pub isl_pairs: Option<Vec<[u32; 2]>>,
}

/// Most ISLs of one satellite (the routing's layout; +Grid has four).
pub const MAX_ISLS_PER_SATELLITE: usize = 4;

/// The inter-satellite links of a shell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum IslTopology {
    /// +Grid: the next and previous satellite in the plane, the same slot in the next
    /// and previous plane (Hypatia's `isls_plus_grid` without shift).
    #[default]
    PlusGrid,
    /// No ISLs: every path goes down to a ground station between satellites.
    None,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PatternSpec {
    #[default]
    Delta,
    Star,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ModelSpec {
    Kepler,
    Sgp4,
}

/// A built-in city by name, or a place.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum GroundStationSpec {
    City(String),
    Place(PlaceSpec),
}

#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlaceSpec {
    #[schemars(length(min = 1, max = 64), pattern(r"^[A-Za-z0-9_][A-Za-z0-9_.:+@-]*$"))]
    pub name: String,
    #[schemars(range(min = -90, max = 90))]
    pub lat_deg: f64,
    #[schemars(range(min = -180, max = 180))]
    pub lon_deg: f64,
    /// Height above the WGS72 ellipsoid [0].
    #[serde(default)]
    #[schemars(range(min = -500, max = 10000))]
    pub alt_m: f64,
}

/// Which visible satellites a ground station is linked to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Policy {
    /// Every visible satellite; routing picks (Hypatia's).
    #[default]
    Any,
    /// The nearest visible satellite, re-chosen at every routing step.
    Nearest,
    /// The current satellite until it is no longer visible, then the nearest.
    Stay,
    /// The nearest at every multiple of `reassign_period_s` (Starlink's 15 s), kept in
    /// between while visible.
    Reassign,
}

#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GslSpec {
    /// any, nearest, stay or reassign [any, Hypatia's].
    #[serde(default)]
    pub policy: Policy,
    /// Period of `reassign` [15 s, Starlink's].
    #[serde(default = "fifteen")]
    #[schemars(range(min = 0.001, max = 1e6))]
    pub reassign_period_s: f64,
    /// Rate of each ground link direction (packet runs; required there).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 1e12))]
    pub rate_bps: Option<f64>,
    /// Queue of each ground link direction [droptail, 50 packets, as every satcc link].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub queue: Option<super::QueueSpec>,
    /// Error model of each ground link direction (weather, Starlink's 1-2 % loss) [none].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<super::ErrorSpec>,
}

impl Default for GslSpec {
    fn default() -> Self {
        GslSpec { policy: Policy::Any, reassign_period_s: 15.0, rate_bps: None, queue: None, error: None }
    }
}

/// Rate and queue of one direction of a kind of moving link.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkSettings {
    #[schemars(range(min = 1, max = 1e12))]
    pub rate_bps: f64,
    /// [droptail, 50 packets, as every satcc link]
    #[serde(default)]
    pub queue: super::QueueSpec,
    /// Error model of each direction [none].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<super::ErrorSpec>,
}

/// What a router scheme of a constellation scenario may guard: every link, the
/// inter-satellite links, or the ground links (both directions of each).
pub const LINK_KINDS: [&str; 3] = ["*", "isl", "gsl"];

fn fifteen() -> f64 {
    15.0
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Metric {
    /// Shortest by propagation delay (path length) at the routing instant.
    #[default]
    Delay,
    /// Fewest links; ties by delay.
    Hops,
}

#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoutingSpec {
    /// Routes are recomputed this often (and at every ground-link change) [100 ms,
    /// Hypatia's].
    #[serde(default = "hundred")]
    #[schemars(range(min = 1, max = 1e9))]
    pub interval_ms: f64,
    /// delay or hops [delay].
    #[serde(default)]
    pub metric: Metric,
    /// Ground stations other than a path's ends may relay (satellite, station,
    /// satellite), as in a bent-pipe network: Hypatia's `algorithm_free_one_only_gs_relays`
    /// over shells without ISLs [false: paths run station, satellites, station, Hypatia's
    /// `algorithm_free_one_only_over_isls`].
    #[serde(default)]
    pub ground_relays: bool,
}

impl Default for RoutingSpec {
    fn default() -> Self {
        RoutingSpec { interval_ms: 100.0, metric: Metric::Delay, ground_relays: false }
    }
}

fn hundred() -> f64 {
    100.0
}

/// A built-in shell: (name, planes, per plane, altitude km, inclination deg, min elevation deg).
pub const BUILTIN_SHELLS: [(&str, u32, u32, f64, f64, f64); 3] = [
    ("starlink-1", 72, 22, 550.0, 53.0, 25.0),
    ("kuiper-630", 34, 34, 630.0, 51.9, 30.0),
    ("telesat-1015", 27, 13, 1015.0, 98.98, 10.0),
];

fn schema() -> &'static Value {
    static S: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
    S.get_or_init(crate::contract::schema_of::<ConstellationSpec>)
}

impl ConstellationSpec {
    /// Parses a `constellation` section (the field names in errors start with
    /// `constellation.`).
    pub fn from_value(raw: &Value) -> Result<ConstellationSpec, String> {
        crate::contract::check(schema(), raw, "constellation")?;
        serde_json::from_value(raw.clone()).map_err(|e| format!("constellation: {e}"))
    }

    /// The shells, ready to move, and the ground stations; every error names its field.
    pub fn build(&self) -> Result<(Epoch, Vec<Shell>, Vec<GroundStation>), String> {
        let epoch = Epoch::parse(&self.epoch).map_err(|e| format!("constellation.epoch: {e}"))?;
        let mut shells = Vec::new();
        let mut total = 0usize;
        let mut names = std::collections::HashSet::new();
        for (i, s) in self.shells.iter().enumerate() {
            let at = format!("constellation.shells[{i}]");
            let shell = s.build(i, &epoch, &at)?;
            if let Some(pairs) = &s.isl_pairs {
                check_isl_pairs(pairs, shell.satellites.len(), &at)?;
                if s.isls.is_some() {
                    return Err(format!("{at}.isl_pairs: give isls or isl_pairs, not both"));
                }
            }
            if !names.insert(shell.name.clone()) {
                return Err(format!("{at}.name: two shells are named '{}'", shell.name));
            }
            total += shell.satellites.len();
            if total > MAX_SATELLITES {
                return Err(format!("{at}: more than {MAX_SATELLITES} satellites in all"));
            }
            shells.push(shell);
        }
        let mut stations = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for (i, g) in self.ground_stations.iter().enumerate() {
            let at = format!("constellation.ground_stations[{i}]");
            let gs = match g {
                GroundStationSpec::City(name) => ground::city(name).map_err(|e| format!("{at}: {e}"))?,
                GroundStationSpec::Place(p) => GroundStation::new(&p.name, p.lat_deg, p.lon_deg, p.alt_m),
            };
            if !seen.insert(gs.name.clone()) {
                return Err(format!("{at}: ground station '{}' is listed twice", gs.name));
            }
            stations.push(gs);
        }
        Ok((epoch, shells, stations))
    }
}

impl ConstellationSpec {
    /// Whether any shell has inter-satellite links.
    pub fn has_isls(&self) -> bool {
        self.shells.iter().any(|s| match &s.isl_pairs {
            Some(p) => !p.is_empty(),
            None => s.isls.unwrap_or_default() == IslTopology::PlusGrid,
        })
    }

    /// What a packet run on this constellation needs beyond the section itself; returns
    /// the ground station names (the scenario's nodes for its flows).
    pub fn check_packet_run(&self, sc: &super::Scenario) -> Result<Vec<String>, String> {
        if !sc.nodes.is_empty() || !sc.links.is_empty() {
            return Err("nodes: a scenario with a constellation takes its nodes and links from it; leave nodes \
                        and links out"
                .into());
        }
        let (_, _, stations) = self.build()?;
        if self.isl.is_none() && self.has_isls() {
            return Err("constellation.isl.rate_bps: a packet run needs the inter-satellite link rate".into());
        }
        if self.gsl.rate_bps.is_none() {
            return Err("constellation.gsl.rate_bps: a packet run needs the ground link rate".into());
        }
        if let Some(q) = &self.gsl.queue {
            super::validate_queue(q, "constellation.gsl.queue")?;
        }
        if let Some(l) = &self.isl {
            super::validate_queue(&l.queue, "constellation.isl.queue")?;
        }
        let m = &sc.monitor;
        for (field, set) in [("monitor.links", m.links.is_some()), ("monitor.bottleneck", m.bottleneck.is_some()),
                             ("monitor.capture", !m.capture.is_empty())] {
            if set {
                return Err(format!("{field}: not available on a moving constellation yet (its links come and go)"));
            }
        }
        for (i, f) in sc.flows.iter().enumerate() {
            if f.path.is_some() || f.ack_path.is_some() {
                return Err(format!("flows[{i}].path: routes on a constellation are computed as it moves; no pinned paths"));
            }
        }
        for (i, s) in sc.schemes.iter().enumerate() {
            for (j, l) in s.links().iter().enumerate() {
                if !LINK_KINDS.contains(&l.as_str()) {
                    return Err(format!(
                        "schemes[{i}].links[{j}]: on a constellation a scheme guards '*' (every link), 'isl' or \
                         'gsl', got '{l}'"
                    ));
                }
            }
        }
        Ok(stations.into_iter().map(|g| g.name).collect())
    }
}

/// ISL pairs of a shell of `n` satellites: indices in range, no link to itself, none
/// twice (either way round), at most four per satellite.
fn check_isl_pairs(pairs: &[[u32; 2]], n: usize, at: &str) -> Result<(), String> {
    let mut seen = std::collections::HashSet::new();
    let mut count = vec![0usize; n];
    for (j, &[a, b]) in pairs.iter().enumerate() {
        let here = format!("{at}.isl_pairs[{j}]");
        if a as usize >= n || b as usize >= n {
            return Err(format!("{here}: [{a}, {b}] names a satellite beyond the shell's {n} (0 .. {})", n - 1));
        }
        if a == b {
            return Err(format!("{here}: [{a}, {b}] links a satellite to itself"));
        }
        if !seen.insert((a.min(b), a.max(b))) {
            return Err(format!("{here}: [{a}, {b}] is listed twice"));
        }
        for s in [a, b] {
            count[s as usize] += 1;
            if count[s as usize] > MAX_ISLS_PER_SATELLITE {
                return Err(format!("{here}: satellite {s} has more than {MAX_ISLS_PER_SATELLITE} ISLs"));
            }
        }
    }
    Ok(())
}

impl ShellSpec {
    fn build(&self, index: usize, epoch: &Epoch, at: &str) -> Result<Shell, String> {
        let base = match &self.builtin {
            Some(b) => Some(BUILTIN_SHELLS.iter().find(|s| s.0 == b).ok_or_else(|| {
                let names: Vec<&str> = BUILTIN_SHELLS.iter().map(|s| s.0).collect();
                format!("{at}.builtin: unknown shell '{b}' (allowed: {})", names.join(", "))
            })?),
            None => None,
        };
        let name = self.name.clone().or(base.map(|b| b.0.to_owned())).unwrap_or_else(|| format!("shell{index}"));
        let min_elev = self.min_elevation_deg.or(base.map(|b| b.5));
        if self.min_elevation_deg.is_some() && self.max_range_m.is_some() {
            return Err(format!("{at}: give min_elevation_deg or max_range_m, not both"));
        }
        let (min_elevation_rad, max_range_m) = match self.max_range_m {
            Some(r) => (None, Some(r)),
            None => match min_elev {
                Some(e) => (Some(e.to_radians()), None),
                None => return Err(format!("{at}: needs min_elevation_deg or max_range_m (who sees its satellites)")),
            },
        };
        if let Some(tle) = &self.tle {
            if base.is_some() || self.altitude_km.is_some() || self.inclination_deg.is_some() || self.planes.is_some() {
                return Err(format!("{at}.tle: a TLE shell takes no builtin, planes, altitude_km or inclination_deg"));
            }
            if self.walker_f.is_some() || self.model.is_some() {
                return Err(format!("{at}.tle: TLEs are propagated by SGP4; walker_f and model do not apply"));
            }
            if self.pattern.is_some() {
                return Err(format!(
                    "{at}.pattern: TLEs place their satellites themselves; for a star's ISLs (none across the seam) \
                     list them in isl_pairs"
                ));
            }
            // Hypatia's tles.txt names its planes on its first line ("orbits per-orbit")
            let header = crate::orbit::shell::hypatia_header(tle);
            if let Some((_, 0)) = header {
                return Err(format!("{at}.tle: the first line (Hypatia's 'orbits satellites-per-orbit') gives 0 per orbit"));
            }
            let per = match (self.sats_per_plane, header) {
                (Some(p), Some((_, h))) if p != h => {
                    return Err(format!(
                        "{at}.sats_per_plane: {p}, but the TLEs' first line (Hypatia's 'orbits satellites-per-orbit') says {h}"
                    ))
                }
                (Some(p), _) => p,
                (None, Some((_, h))) => h,
                (None, None) => 1,
            };
            let sats = crate::orbit::shell::from_tles(tle, per, epoch).map_err(|e| format!("{at}.tle: {e}"))?;
            // TLEs alone (a Celestrak file, say) say nothing of their planes: +Grid over
            // planes of one would link the satellites in file order, a ring no
            // constellation flies (until 2026-12-03 that was the silent default)
            if self.sats_per_plane.is_none() && header.is_none() && self.isl_pairs.is_none()
                && self.isls != Some(IslTopology::None)
            {
                return Err(format!(
                    "{at}.sats_per_plane: missing: TLEs without Hypatia's first line ('orbits \
                     satellites-per-orbit') do not give their planes; give sats_per_plane (the TLEs in \
                     plane-major order) for +Grid ISLs, or isl_pairs, or isls: none"
                ));
            }
            if let Some((o, h)) = header {
                if sats.len() as u64 != o as u64 * h as u64 {
                    return Err(format!(
                        "{at}.tle: the first line says {o} orbits of {h} satellites, the text holds {} TLEs",
                        sats.len()
                    ));
                }
            }
            if self.sats_per_plane.is_some() && sats.len() % per as usize != 0 {
                return Err(format!("{at}.sats_per_plane: {} TLEs do not fill planes of {per}", sats.len()));
            }
            let planes = (sats.len() / per as usize) as u32;
            return Ok(Shell { name, planes, per_plane: per, satellites: sats, min_elevation_rad, max_range_m });
        }
        let need = |v: Option<f64>, b: Option<f64>, field: &str| {
            v.or(b).ok_or_else(|| format!("{at}.{field}: missing (or give builtin or tle)"))
        };
        let planes = need(self.planes.map(f64::from), base.map(|b| b.1 as f64), "planes")? as u32;
        let per_plane = need(self.sats_per_plane.map(f64::from), base.map(|b| b.2 as f64), "sats_per_plane")? as u32;
        let altitude_km = need(self.altitude_km, base.map(|b| b.3), "altitude_km")?;
        let inclination_deg = need(self.inclination_deg, base.map(|b| b.4), "inclination_deg")?;
        if (planes as usize) * (per_plane as usize) > MAX_SATELLITES {
            return Err(format!("{at}: planes x sats_per_plane is over {MAX_SATELLITES}"));
        }
        let phasing = match self.walker_f {
            Some(f) if f >= planes => return Err(format!("{at}.walker_f: must be below planes ({planes}), got {f}")),
            Some(f) => Phasing::Walker(f),
            None => Phasing::Alternate,
        };
        let model = match self.model.unwrap_or(ModelSpec::Kepler) {
            ModelSpec::Kepler => Model::Kepler,
            ModelSpec::Sgp4 => Model::Sgp4,
        };
        let pattern = match self.pattern.unwrap_or_default() {
            PatternSpec::Delta => Pattern::Delta,
            PatternSpec::Star => Pattern::Star,
        };
        let w = Walker { planes, per_plane, altitude_m: altitude_km * 1e3, inclination_deg, phasing, model, pattern };
        let satellites = w.satellites(epoch).map_err(|e| format!("{at}: {e}"))?;
        Ok(Shell { name, planes, per_plane, satellites, min_elevation_rad, max_range_m })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn build(v: Value) -> Result<(Epoch, Vec<Shell>, Vec<GroundStation>), String> {
        ConstellationSpec::from_value(&v)?.build()
    }

    #[test]
    fn builtin_shells_have_their_published_sizes() {
        let (_, shells, gs) = build(json!({"shells": [{"builtin": "starlink-1"}, {"builtin": "kuiper-630"},
            {"builtin": "telesat-1015"}], "ground_stations": ["Paris", {"name": "X", "lat_deg": 1, "lon_deg": 2}]}))
        .unwrap();
        let n: Vec<usize> = shells.iter().map(|s| s.satellites.len()).collect();
        assert_eq!(n, [1584, 1156, 351]);
        assert_eq!(shells[0].min_elevation_rad.unwrap().to_degrees().round(), 25.0);
        assert_eq!(gs[1].name, "X");
    }

    #[test]
    fn mistakes_name_their_field() {
        let cases = [
            (json!({"shells": [{"builtin": "oneweb"}]}), "constellation.shells[0].builtin: unknown shell 'oneweb'"),
            (json!({"shells": [{"builtin": "kuiper-630", "min_elevation_deg": 95}]}), "constellation.shells[0].min_elevation_deg"),
            (json!({"shells": [{"planes": 3, "min_elevation_deg": 25}]}), "constellation.shells[0].sats_per_plane: missing"),
            (json!({"shells": [{"builtin": "kuiper-630"}], "ground_stations": ["Atlantis"]}), "constellation.ground_stations[0]: 'Atlantis'"),
            (json!({"shells": [{"builtin": "kuiper-630"}], "epoch": "2000-02-30T00:00:00"}), "constellation.epoch"),
            (json!({"shells": [{"builtin": "kuiper-630", "walker_f": 40}]}), "constellation.shells[0].walker_f"),
            (json!({"shells": []}), "constellation.shells"),
        ];
        for (v, want) in cases {
            let m = build(v).unwrap_err();
            assert!(m.starts_with(want), "{m}\n  wanted: {want}");
        }
    }

    #[test]
    fn tles_alone_need_their_planes_for_plus_grid() {
        // two satellites of one plane, as a Celestrak file gives them: no header line
        let tle = "1 00001U 24001A   24061.50000000  .00000000  00000-0  00000-0 0  9996\n\
                   2 00001  86.4000   0.0000 0000001   0.0000   0.0000 14.33517932    00\n\
                   1 00002U 24001A   24061.50000000  .00000000  00000-0  00000-0 0  9997\n\
                   2 00002  86.4000   0.0000 0000001   0.0000  32.7273 14.33517932    05\n";
        let m = build(json!({"shells": [{"tle": tle, "min_elevation_deg": 10}]})).unwrap_err();
        assert!(m.starts_with("constellation.shells[0].sats_per_plane: missing: TLEs without Hypatia's first line"), "{m}");
        for extra in [json!({"sats_per_plane": 2}), json!({"isls": "none"}), json!({"isl_pairs": [[0, 1]]})] {
            let mut shell = json!({"tle": tle, "min_elevation_deg": 10});
            shell.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
            let (_, shells, _) = build(json!({"shells": [shell]})).unwrap();
            assert_eq!(shells[0].satellites.len(), 2, "{extra}");
        }
        // with Hypatia's first line the planes are given
        let (_, shells, _) = build(json!({"shells": [{"tle": format!("1 2\n{tle}"), "min_elevation_deg": 10}]})).unwrap();
        assert_eq!((shells[0].planes, shells[0].per_plane), (1, 2));
    }
}
