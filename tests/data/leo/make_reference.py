"""Independent reference for satcc's constellation paths and positions (issue 17).

Nothing here uses satcc: positions come from the Python `sgp4` package (Vallado's SGP4,
WGS72), the sidereal angle from its `gstime`, ground stations from the WGS72 ellipsoid
written out below, visibility from the elevation angle, +Grid ISLs from plane and slot,
and shortest paths from networkx's Dijkstra on a graph holding the satellites and the
pair's two ground stations only (so no other station can relay).

    pip install sgp4==2.25 networkx numpy
    python tests/data/leo/make_reference.py          # writes the files beside it

    python tests/data/leo/make_reference.py shells   # only other-shells-paths.json

Outputs (committed; CI reads them and needs none of the above):
- kuiper-paths.json: for three city pairs on Kuiper-630 (34 x 34, 630 km, 51.9 deg,
  30 deg minimum elevation, elements propagated by SGP4 as Hypatia does) every 100 ms
  over 200 s: each sample's propagation RTT (s) and satellite path.
- other-shells-paths.json: the same for other shells, 30 s each: Starlink-1 (72 x 22,
  550 km, 53 deg, 25 deg), Telesat-1015 (27 x 13, 1015 km, 98.98 deg: polar and
  retrograde, 10 deg), and a Walker delta shell with phasing factor F = 7 (20 x 10,
  1200 km, 70 deg, 20 deg), and a Walker star as Iridium's (6 x 11, 780 km, 86.4 deg,
  8.2 deg; planes over 180 degrees, no ISL across the seam), between cities far apart
  (the southern hemisphere, across the poles' planes).
- sample.tle: a TLE set (made here from Walker elements with drag, eccentricity and an
  epoch a day before the scenario's), and tle-positions.json: its positions by the
  `sgp4` package every 10 s over 200 s.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import networkx as nx
import numpy as np
from sgp4.api import WGS72, Satrec, SatrecArray, jday
from sgp4.propagation import gstime

HERE = Path(__file__).parent
C = 299_792_458.0
MU = 398_600.8e9  # WGS72, m^3/s^2
RE = 6_378_135.0  # WGS72 equatorial radius, m
F = 1 / 298.26  # WGS72 flattening

# Scenario epoch: 2000-01-01 00:00:00 UTC (Hypatia's)
EPOCH = (2000, 1, 1, 0, 0, 0.0)

SHELL = dict(planes=34, per_plane=34, altitude_m=630e3, inclination_deg=51.9, min_elevation_deg=30.0)
CITIES = {  # name: (lat, lon), the table satcc ships
    "Manila": (14.6042, 120.9822), "Dalian": (38.913811, 121.602322),
    "Saint-Petersburg": (59.929858, 30.326228), "Paris": (48.85341, 2.3488), "Moscow": (55.754996, 37.621849),
}
# the other shells' cities (satcc's table: `satcc cities`)
CITIES.update({"London": (51.5085, -0.1257), "Tokyo": (35.6895, 139.6917), "Sydney": (-33.8678, 151.2073),
               "Sao-Paulo": (-23.5475, -46.6361), "Johannesburg": (-26.2023, 28.0436),
               "Singapore": (1.2897, 103.8501), "Santiago": (-33.4569, -70.6483), "Lagos": (6.4531, 3.3958),
               "Riyadh": (24.6905, 46.7096), "Delhi": (28.6667, 77.2167)})
# (builtin name in satcc or None, shell, pairs): 30 s each
OTHER_SHELLS = [
    ("starlink-1", dict(planes=72, per_plane=22, altitude_m=550e3, inclination_deg=53.0, min_elevation_deg=25.0),
     [("London", "Tokyo"), ("Sao-Paulo", "Johannesburg")]),
    ("telesat-1015", dict(planes=27, per_plane=13, altitude_m=1015e3, inclination_deg=98.98, min_elevation_deg=10.0),
     [("Sydney", "Santiago"), ("Saint-Petersburg", "Singapore")]),
    (None, dict(planes=20, per_plane=10, altitude_m=1200e3, inclination_deg=70.0, min_elevation_deg=20.0, walker_f=7),
     [("Lagos", "Moscow"), ("Paris", "Singapore")]),
    # a Walker star as Iridium flies one: 6 planes of 11 over 180 degrees, no ISLs across
    # the seam where the first and last planes pass each other the other way
    (None, dict(planes=6, per_plane=11, altitude_m=780e3, inclination_deg=86.4, min_elevation_deg=8.2,
                pattern="star"),
     [("London", "Sydney"), ("Riyadh", "Delhi")]),  # Riyadh-Delhi goes round the seam at 65 E
]
OTHER_DURATION_S = 30.0
PAIRS = [("Manila", "Dalian"), ("Saint-Petersburg", "Manila"), ("Paris", "Moscow")]
DURATION_S, STEP_S = 200.0, 0.1


def epoch_days_1949(y, mo, d, h, mi, s) -> float:
    """sgp4init's epoch: days since 1949 December 31 00:00 UT."""
    jd, fr = jday(y, mo, d, h, mi, s)
    return (jd - 2433281.5) + fr


def walker_sats(shell: dict = SHELL) -> list[Satrec]:
    """A Walker delta shell's satellites, plane-major: plane p's right ascension 360 p / P;
    slot s's mean anomaly 360 s / S plus the phasing: Hypatia's (odd planes half a slot
    ahead) unless the shell gives Walker's F (F x 360 / (P S) per plane)."""
    a = RE + shell["altitude_m"]
    n_rad_min = math.sqrt(MU / a**3) * 60.0
    P, S = shell["planes"], shell["per_plane"]
    out = []
    spread = math.pi if shell.get("pattern") == "star" else 2 * math.pi
    for p in range(P):
        raan = spread * p / P
        for s in range(S):
            if "walker_f" in shell:
                shift = 2 * math.pi * shell["walker_f"] * p / (P * S)
            else:
                shift = math.pi / S if p % 2 == 1 else 0.0
            m = 2 * math.pi * s / S + shift
            sat = Satrec()
            sat.sgp4init(WGS72, "i", p * S + s + 1, epoch_days_1949(*EPOCH), 0.0, 0.0, 0.0, 1e-7, 0.0,
                         math.radians(shell["inclination_deg"]), m % (2 * math.pi), n_rad_min, raan)
            out.append(sat)
    return out


def teme_positions(sats: list[Satrec], t_s: np.ndarray) -> np.ndarray:
    """(times, sats, 3) in metres."""
    jd0, fr0 = jday(*EPOCH)
    fr = fr0 + t_s / 86400.0
    jd = np.full_like(fr, jd0)
    e, r, _ = SatrecArray(sats).sgp4(jd, fr)
    assert not e.any(), "SGP4 error"
    return np.transpose(r, (1, 0, 2)) * 1e3


def ground(lat_deg, lon_deg, theta):
    """Inertial position and unit vertical of a point on the WGS72 ellipsoid when the
    sidereal angle is theta."""
    lat, lon = math.radians(lat_deg), math.radians(lon_deg) + theta
    e2 = F * (2 - F)
    n = RE / math.sqrt(1 - e2 * math.sin(lat) ** 2)
    pos = np.array([n * math.cos(lat) * math.cos(lon), n * math.cos(lat) * math.sin(lon), n * (1 - e2) * math.sin(lat)])
    up = np.array([math.cos(lat) * math.cos(lon), math.cos(lat) * math.sin(lon), math.sin(lat)])
    return pos, up


def isl_edges(shell: dict = SHELL):
    """+Grid: the next satellite in the plane, the same slot in the next plane (a star's
    last plane links to no next one: the seam)."""
    P, S = shell["planes"], shell["per_plane"]
    edges = set()
    for p in range(P):
        for s in range(S):
            a = p * S + s
            nxt = [p * S + (s + 1) % S]
            if not (shell.get("pattern") == "star" and p == P - 1):
                nxt.append(((p + 1) % P) * S + s)
            for b in nxt:
                edges.add((min(a, b), max(a, b)))
    return sorted(edges)


def paths_reference(shell: dict = SHELL, pairs=PAIRS, duration_s: float = DURATION_S) -> dict:
    sats = walker_sats(shell)
    t = np.round(np.arange(0, round(duration_s / STEP_S) + 1) * STEP_S, 9)
    pos = teme_positions(sats, t)
    jd0, fr0 = jday(*EPOCH)
    edges = isl_edges(shell)
    out = {"shell": shell, "epoch": "2000-01-01T00:00:00", "step_s": STEP_S, "duration_s": duration_s,
           "pairs": []}
    for a, b in pairs:
        rtts, paths = [], []
        for k, tk in enumerate(t):
            theta = gstime(jd0 + fr0 + tk / 86400.0)
            g = nx.Graph()
            for i, j in edges:
                g.add_edge(i, j, w=float(np.linalg.norm(pos[k, i] - pos[k, j])))
            for name in (a, b):
                gp, up = ground(*CITIES[name], theta)
                d = pos[k] - gp
                dist = np.linalg.norm(d, axis=1)
                elev = np.degrees(np.arcsin((d @ up) / dist))
                for i in np.nonzero(elev >= shell["min_elevation_deg"])[0]:
                    g.add_edge(name, int(i), w=float(dist[i]))
            try:
                length, path = nx.single_source_dijkstra(g, a, b, weight="w")
                rtts.append(2 * length / C)
                paths.append(path[1:-1])
            except (nx.NetworkXNoPath, nx.NodeNotFound):
                rtts.append(None)
                paths.append(None)
        out["pairs"].append({"src": a, "dst": b, "rtt_s": rtts, "paths": paths})
        print(f"{a}-{b}: {sum(r is None for r in rtts)} samples without a route")
    return out


def checksum(line: str) -> str:
    return str(sum(int(c) if c.isdigit() else (1 if c == "-" else 0) for c in line[:68]) % 10)


def tle_lines(num, epoch_yyddd, incl, raan, ecc, argp, m, n_rev_day, bstar_mant, bstar_exp):
    l1 = f"1 {num:05d}U 26001A   {epoch_yyddd:14.8f}  .00001000  00000-0  {bstar_mant:05d}-{bstar_exp} 0  999"
    l2 = f"2 {num:05d} {incl:8.4f} {raan:8.4f} {ecc:07d} {argp:8.4f} {m:8.4f} {n_rev_day:11.8f}    1"
    return l1 + checksum(l1), l2 + checksum(l2)


def tle_reference() -> None:
    # twelve satellites over four planes, with drag and small eccentricities; epoch
    # 2026-10-31 12:00 UTC, the scenario's epoch a day and a half later
    lines = []
    for k in range(12):
        p, s = divmod(k, 3)
        l1, l2 = tle_lines(44000 + k, 26304.5, 53.05 + 0.01 * k, 30.0 * p + 1.5, 1000 + 97 * k, 90.0 + 7 * k,
                           120.0 * s + 5.0 * p, 15.06 + 0.001 * k, 10000 + 1234 * k, 4)
        lines += [f"SAT-{k}", l1, l2]
    (HERE / "sample.tle").write_text("\n".join(lines) + "\n")
    sats = [Satrec.twoline2rv(lines[i + 1], lines[i + 2], WGS72) for i in range(0, len(lines), 3)]
    scenario_epoch = (2026, 11, 2, 0, 0, 0.0)
    jd0, fr0 = jday(*scenario_epoch)
    t = np.arange(0, 201, 10.0)
    e, r, _ = SatrecArray(sats).sgp4(np.full_like(t, jd0), fr0 + t / 86400.0)
    assert not e.any()
    (HERE / "tle-positions.json").write_text(json.dumps({
        "epoch": "2026-11-02T00:00:00", "sats_per_plane": 3, "times_s": t.tolist(),
        "positions_m": (np.transpose(r, (1, 0, 2)) * 1e3).round(4).tolist()}) + "\n")


if __name__ == "__main__":
    import sys

    if sys.argv[1:] != ["shells"]:
        tle_reference()
        ref = paths_reference()
        (HERE / "kuiper-paths.json").write_text(json.dumps(ref, separators=(",", ":")) + "\n")
    others = []
    for builtin, shell, pairs in OTHER_SHELLS:
        print(builtin or shell)
        others.append({"builtin": builtin, **paths_reference(shell, pairs, OTHER_DURATION_S)})
    (HERE / "other-shells-paths.json").write_text(json.dumps(others, separators=(",", ":")) + "\n")
    print("written", HERE)
