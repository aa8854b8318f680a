"""Hypatia's own paths for satcc to agree with: three shells as Hypatia's paper generates
them (snkas/hypatia, paper/satellite_networks_state/main_{kuiper_630,starlink_550,
telesat_1015}.py), run through Hypatia's satgenpy (the PyPI package `satgenpy`, MIT):
its TLEs made from scratch, +Grid ISLs, its ground-link rule (a distance, not an
elevation), its forwarding state (algorithm_free_one_only_over_isls: a ground station
may use any satellite in reach and never relays) and its path lengths (pyephem's SGP4
and topocentric ranges), every second (Hypatia takes seconds per step; its paper uses
100 ms). Each link of each path is also measured by Vallado's SGP4 (the `sgp4` package,
which satcc's own checks use) on the WGS72 ellipsoid, so that the test can bound the
RTT differences that come from pyephem alone. satcc is not used here.

    python -m venv /tmp/hyp && /tmp/hyp/bin/pip install satgenpy==0.4.0
    /tmp/hyp/bin/python tests/data/leo/make_hypatia_reference.py          # both files
    /tmp/hyp/bin/python tests/data/leo/make_hypatia_reference.py shells   # only the second

Outputs (committed; tests/test_leo.py reads them and needs none of the above), each
shell with Hypatia's tles.txt as it wrote it, the ground stations, the ground-link and
ISL length limits, the time Hypatia took, and for each city pair at every second
Hypatia's RTT (s, there and back over the forwarding state's paths) and its satellite
path (None where the forwarding state has no route):
- hypatia-paths.json: Kuiper-630 (34 x 34, 630 km, 51.9 deg) over 200 s, three pairs;
- hypatia-other-shells.json: Starlink-550 (72 x 22, 550 km, 53 deg) and Telesat-1015
  (27 x 13, 1015 km, 98.98 deg: polar, retrograde) over 60 s, two pairs each.
- hypatia-bent-pipe.json: Starlink-550 without ISLs (Hypatia's `isls_none`) and with
  ground-station relays (algorithm_free_one_only_gs_relays: paths alternate satellite and
  station) over 60 s, three European pairs among nine stations; a path there lists the
  relaying stations too (node numbers from the satellites' count on).

    /tmp/hyp/bin/python tests/data/leo/make_hypatia_reference.py bent-pipe   # only the third
"""

from __future__ import annotations

import json
import math
import sys
import tempfile
import time
from pathlib import Path

import astropy.units as u
import numpy as np
import satgen
from satgen.distance_tools import distance_m_between_satellites, distance_m_ground_station_to_satellite
from satgen.post_analysis.graph_tools import compute_path_length_without_graph, get_path
from sgp4.api import WGS72, Satrec, jday
from sgp4.propagation import gstime

HERE = Path(__file__).parent

EARTH_RADIUS = 6378135.0  # WGS72
C = 299792458.0
ECCENTRICITY = 0.0000001  # (pyephem refuses 0)
ARG_OF_PERIGEE_DEGREE = 0.0
PHASE_DIFF = True


def _max_isl(altitude_m: float) -> float:
    """Hypatia's ISL limit: the link may not dip below 80 km."""
    return 2 * math.sqrt((EARTH_RADIUS + altitude_m) ** 2 - (EARTH_RADIUS + 80000) ** 2)


def _max_gsl(altitude_m: float, cone_radius_m: float) -> float:
    return math.sqrt(cone_radius_m ** 2 + altitude_m ** 2)


# The constants of Hypatia's paper/satellite_networks_state/main_*.py: name, orbits,
# satellites per orbit, inclination, mean motion (rev/day), altitude, the ground-link
# cone's radius (flat Earth)
SHELLS = {
    "kuiper-630": ("Kuiper-630", 34, 34, 51.9, 14.80, 630000, 630000 / math.tan(math.radians(30.0))),
    "starlink-550": ("Starlink-550", 72, 22, 53.0, 15.19, 550000, 940700),
    "telesat-1015": ("Telesat-1015", 27, 13, 98.98, 13.66, 1015000, 1015000 / math.tan(math.radians(10.0))),
}

# the cities of make_reference.py (satcc's table), at sea level
CITIES = {"Manila": (14.6042, 120.9822), "Dalian": (38.913811, 121.602322),
          "Saint-Petersburg": (59.929858, 30.326228), "Paris": (48.85341, 2.3488),
          "Moscow": (55.754996, 37.621849), "London": (51.5085, -0.1257), "Tokyo": (35.6895, 139.6917),
          "Sydney": (-33.8678, 151.2073), "Sao-Paulo": (-23.5475, -46.6361),
          "Johannesburg": (-26.2023, 28.0436), "Singapore": (1.2897, 103.8501),
          "Santiago": (-33.4569, -70.6483),
          # relays between Western Europe and Moscow (scenarios/leo_bent_pipe.yaml's)
          "Frankfurt": (50.11, 8.68), "Berlin": (52.52, 13.405), "Warsaw": (52.23, 21.01),
          "Vilnius": (54.69, 25.28), "Minsk": (53.9, 27.567), "Smolensk": (54.78, 32.04)}
# Kuiper-630 over 200 s (hypatia-paths.json); the other two shells over 60 s, two pairs
# each (hypatia-other-shells.json), every second
KUIPER = ("kuiper-630", [("Manila", "Dalian"), ("Saint-Petersburg", "Manila"), ("Paris", "Moscow")], 200)
OTHERS = [("starlink-550", [("London", "Tokyo"), ("Sao-Paulo", "Johannesburg")], 60),
          ("telesat-1015", [("Sydney", "Santiago"), ("Saint-Petersburg", "Singapore")], 60)]
# Starlink-550 as a bent pipe over 60 s: three pairs, the other six stations relays
BENT_PIPE = ("starlink-550", [("London", "Moscow"), ("Paris", "Warsaw"), ("Paris", "Minsk")], 60,
             ["Frankfurt", "Berlin", "Vilnius", "Smolensk"])
STEP_MS = 1000
THREADS = 2
ALGORITHM = "algorithm_free_one_only_over_isls"
RELAYS = "algorithm_free_one_only_gs_relays"


def _wgs72(lat_deg: float, lon_deg: float) -> np.ndarray:
    """A sea-level point on the WGS72 ellipsoid (Earth-fixed, m)."""
    a, f = EARTH_RADIUS, 1 / 298.26
    e2, la, lo = 2 * f - f * f, math.radians(lat_deg), math.radians(lon_deg)
    v = a / math.sqrt(1 - e2 * math.sin(la) ** 2)
    return np.array([v * math.cos(la) * math.cos(lo), v * math.cos(la) * math.sin(lo), v * (1 - e2) * math.sin(la)])


class _Vallado:
    """The same TLEs by Vallado's SGP4 (the `sgp4` package), turned Earth-fixed by GMST:
    how far pyephem's lengths, which Hypatia uses, are from the textbook's, link by link."""

    def __init__(self, tle_lines: list[str]):
        self.sats = [Satrec.twoline2rv(tle_lines[i + 1], tle_lines[i + 2], WGS72) for i in range(0, len(tle_lines), 3)]

    def at(self, t_s: float, sats: set[int]) -> dict[int, np.ndarray]:
        jd, fr = jday(2000, 1, 1, 0, 0, t_s)
        th = gstime(jd + fr)
        rot = np.array([[math.cos(th), math.sin(th), 0.0], [-math.sin(th), math.cos(th), 0.0], [0.0, 0.0, 1.0]])
        return {k: rot @ (np.array(self.sats[k].sgp4(jd, fr)[1]) * 1e3) for k in sats}


def hypatia(shell: str, pairs: list[tuple[str, str]], duration_s: int, relays: list[str] | None = None) -> dict:
    """One shell through Hypatia's satgenpy: its paths and RTTs for `pairs`. With
    `relays` (more stations), the shell has no ISLs and stations relay."""
    nice, orbs, per, incl, mean_motion, altitude_m, cone_m = SHELLS[shell]
    max_gsl, max_isl = _max_gsl(altitude_m, cone_m), _max_isl(altitude_m)
    bent_pipe = relays is not None
    algorithm = RELAYS if bent_pipe else ALGORITHM
    names = sorted({n for p in pairs for n in p} | set(relays or []), key=list(CITIES).index)
    with tempfile.TemporaryDirectory() as tmp:
        gen, name = Path(tmp), shell.replace("-", "_")
        d = gen / name
        d.mkdir()
        basic = gen / "gs_basic.txt"
        basic.write_text("".join(f"{i},{n},{CITIES[n][0]},{CITIES[n][1]},0\n" for i, n in enumerate(names)))
        satgen.extend_ground_stations(str(basic), str(d / "ground_stations.txt"))
        satgen.generate_tles_from_scratch_manual(str(d / "tles.txt"), nice, orbs, per, PHASE_DIFF, incl,
                                                 ECCENTRICITY, ARG_OF_PERIGEE_DEGREE, mean_motion)
        if bent_pipe:
            satgen.generate_empty_isls(str(d / "isls.txt"))
        else:
            satgen.generate_plus_grid_isls(str(d / "isls.txt"), orbs, per, isl_shift=0, idx_offset=0)
        satgen.generate_description(str(d / "description.txt"), max_gsl, max_isl)
        satgen.generate_simple_gsl_interfaces_info(str(d / "gsl_interfaces_info.txt"), orbs * per,
                                                   len(names), 1, 1, 1, 1)
        t0 = time.perf_counter()
        satgen.help_dynamic_state(str(gen), THREADS, name, STEP_MS, duration_s, max_gsl, max_isl, algorithm, False)
        state_s = time.perf_counter() - t0

        ground_stations = satgen.read_ground_stations_extended(str(d / "ground_stations.txt"))
        tles = satgen.read_tles(str(d / "tles.txt"))
        sats = tles["satellites"]
        isls = satgen.read_isls(str(d / "isls.txt"), len(sats))
        n_sats = len(sats)
        state_dir = d / f"dynamic_state_{STEP_MS}ms_for_{duration_s}s"
        fstate: dict = {}
        out = {p: {"src": p[0], "dst": p[1], "rtt_s": [], "paths": []} for p in pairs}
        step_ns = STEP_MS * 1_000_000
        vallado = _Vallado((d / "tles.txt").read_text().splitlines()[1:])
        gs_fixed = [_wgs72(*CITIES[n]) for n in names]
        link_diff = {"gsl": 0.0, "isl": 0.0}
        for t in range(0, duration_s * 1_000_000_000, step_ns):
            # fstate files hold the changes since the previous step
            for line in (state_dir / f"fstate_{t}.txt").read_text().splitlines():
                cur, dst, nxt = (int(x) for x in line.split(",")[:3])
                fstate[(cur, dst)] = nxt
            for p in pairs:
                src, dst = n_sats + names.index(p[0]), n_sats + names.index(p[1])
                there, back = get_path(src, dst, fstate), get_path(dst, src, fstate)
                if there is None or back is None:
                    out[p]["rtt_s"].append(None)
                    out[p]["paths"].append(None)
                    continue
                length = sum(compute_path_length_without_graph(q, tles["epoch"], t, sats, ground_stations, isls,
                                                               max_gsl, max_isl)
                             for q in (there, back))
                out[p]["rtt_s"].append(length / C)
                out[p]["paths"].append(there[1:-1])
                # each link of the path by Hypatia's distance functions and by Vallado's SGP4
                pos = vallado.at(t / 1e9, {k for k in there if k < n_sats})
                date = str(tles["epoch"] + t * u.ns)  # as graph_tools dates a path's links
                for a, b in zip(there, there[1:]):
                    if a < n_sats and b < n_sats:
                        h = distance_m_between_satellites(sats[a], sats[b], str(tles["epoch"]), date)
                        link_diff["isl"] = max(link_diff["isl"], abs(h - np.linalg.norm(pos[a] - pos[b])))
                        continue
                    g, k = (a - n_sats, b) if a >= n_sats else (b - n_sats, a)
                    h = distance_m_ground_station_to_satellite(ground_stations[g], sats[k], str(tles["epoch"]), date)
                    link_diff["gsl"] = max(link_diff["gsl"], abs(h - np.linalg.norm(pos[k] - gs_fixed[g])))
        tle_text = (d / "tles.txt").read_text()  # as Hypatia writes it: "ORBITS PER_ORBIT", then name and two lines each

    print(f"{shell}: {len(pairs)} pairs, {duration_s * 1000 // STEP_MS} samples each; "
          f"Hypatia's forwarding state took {state_s:.1f} s on {THREADS} threads")
    return {"shell": shell, "source": f"Hypatia's satgenpy 0.4.0, main_{name}.py's constants, " + algorithm
            + (", isls_none" if bent_pipe else ""), "isls": "none" if bent_pipe else "plus_grid",
            "ground_relays": bent_pipe, "n_sats": orbs * per,
            "epoch": "2000-01-01T00:00:00", "step_s": STEP_MS / 1e3, "duration_s": duration_s - STEP_MS / 1e3,
            "tle": tle_text, "sats_per_plane": per, "max_gsl_length_m": max_gsl, "max_isl_length_m": max_isl,
            "ground_stations": [{"name": n, "lat_deg": CITIES[n][0], "lon_deg": CITIES[n][1]} for n in names],
            "hypatia_state_s": round(state_s, 1), "hypatia_threads": THREADS,
            # the largest difference of a path's link between Hypatia's lengths (pyephem) and
            # Vallado's SGP4 with the WGS72 ellipsoid, over every sample, m
            "max_link_difference_m": {k: round(v, 3) for k, v in link_diff.items()},
            "pairs": list(out.values())}


def main(argv: list[str]) -> None:
    if argv[:1] == ["bent-pipe"]:
        (HERE / "hypatia-bent-pipe.json").write_text(json.dumps(hypatia(*BENT_PIPE)) + "\n")
        return
    if argv[:1] != ["shells"]:
        (HERE / "hypatia-paths.json").write_text(json.dumps(hypatia(*KUIPER)) + "\n")
    (HERE / "hypatia-other-shells.json").write_text(json.dumps([hypatia(*o) for o in OTHERS]) + "\n")
    (HERE / "hypatia-bent-pipe.json").write_text(json.dumps(hypatia(*BENT_PIPE)) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
