"""Hypatia's own paths for satcc to agree with: Kuiper-630 as Hypatia's paper generates it
(snkas/hypatia, paper/satellite_networks_state/main_kuiper_630.py), run through Hypatia's
satgenpy (the PyPI package `satgenpy`, MIT): its TLEs made from scratch, +Grid ISLs, its
ground-link rule (a distance, not an elevation), its forwarding state every 100 ms
(algorithm_free_one_only_over_isls: a ground station may use any satellite in reach and
never relays) and its path lengths (pyephem's SGP4 and topocentric ranges), every second
(Hypatia takes seconds per step; its paper uses 100 ms). Each link of each path is also
measured by Vallado's SGP4 (the `sgp4` package, which satcc's own checks use) on the
WGS72 ellipsoid, so that the test can bound the RTT differences that come from
pyephem alone. satcc is not used here.

    python -m venv /tmp/hyp && /tmp/hyp/bin/pip install satgenpy==0.4.0
    /tmp/hyp/bin/python tests/data/leo/make_hypatia_reference.py   # writes hypatia-paths.json

Output (committed; tests/test_leo.py reads it and needs none of the above):
hypatia-paths.json: Hypatia's tles.txt as it wrote it, the ground stations, the ground-link and ISL length
limits, and for each city pair every second over 200 s (Hypatia takes some seconds per step): Hypatia's RTT (s, there
and back over the forwarding state's paths) and its satellite path (None where the
forwarding state has no route), with the time Hypatia took.
"""

from __future__ import annotations

import json
import math
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

# main_kuiper_630.py's constants
EARTH_RADIUS = 6378135.0  # WGS72
ECCENTRICITY = 0.0000001
ARG_OF_PERIGEE_DEGREE = 0.0
PHASE_DIFF = True
MEAN_MOTION_REV_PER_DAY = 14.80
ALTITUDE_M = 630000
SATELLITE_CONE_RADIUS_M = ALTITUDE_M / math.tan(math.radians(30.0))
MAX_GSL_LENGTH_M = math.sqrt(math.pow(SATELLITE_CONE_RADIUS_M, 2) + math.pow(ALTITUDE_M, 2))
MAX_ISL_LENGTH_M = 2 * math.sqrt(math.pow(EARTH_RADIUS + ALTITUDE_M, 2) - math.pow(EARTH_RADIUS + 80000, 2))
NUM_ORBS, NUM_SATS_PER_ORB, INCLINATION_DEGREE = 34, 34, 51.9

# the cities of make_reference.py (satcc's table), at sea level
CITIES = {"Manila": (14.6042, 120.9822), "Dalian": (38.913811, 121.602322),
          "Saint-Petersburg": (59.929858, 30.326228), "Paris": (48.85341, 2.3488),
          "Moscow": (55.754996, 37.621849)}
PAIRS = [("Manila", "Dalian"), ("Saint-Petersburg", "Manila"), ("Paris", "Moscow")]
DURATION_S, STEP_MS = 200, 1000
THREADS = 2
ALGORITHM = "algorithm_free_one_only_over_isls"


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


def main() -> None:
    names = list(CITIES)
    with tempfile.TemporaryDirectory() as tmp:
        gen, name = Path(tmp), "kuiper_630"
        d = gen / name
        d.mkdir()
        basic = gen / "gs_basic.txt"
        basic.write_text("".join(f"{i},{n},{CITIES[n][0]},{CITIES[n][1]},0\n" for i, n in enumerate(names)))
        satgen.extend_ground_stations(str(basic), str(d / "ground_stations.txt"))
        satgen.generate_tles_from_scratch_manual(str(d / "tles.txt"), "Kuiper-630", NUM_ORBS, NUM_SATS_PER_ORB,
                                                 PHASE_DIFF, INCLINATION_DEGREE, ECCENTRICITY,
                                                 ARG_OF_PERIGEE_DEGREE, MEAN_MOTION_REV_PER_DAY)
        satgen.generate_plus_grid_isls(str(d / "isls.txt"), NUM_ORBS, NUM_SATS_PER_ORB, isl_shift=0, idx_offset=0)
        satgen.generate_description(str(d / "description.txt"), MAX_GSL_LENGTH_M, MAX_ISL_LENGTH_M)
        satgen.generate_simple_gsl_interfaces_info(str(d / "gsl_interfaces_info.txt"), NUM_ORBS * NUM_SATS_PER_ORB,
                                                   len(names), 1, 1, 1, 1)
        t0 = time.perf_counter()
        satgen.help_dynamic_state(str(gen), THREADS, name, STEP_MS, DURATION_S, MAX_GSL_LENGTH_M,
                                  MAX_ISL_LENGTH_M, ALGORITHM, False)
        state_s = time.perf_counter() - t0

        ground_stations = satgen.read_ground_stations_extended(str(d / "ground_stations.txt"))
        tles = satgen.read_tles(str(d / "tles.txt"))
        sats = tles["satellites"]
        isls = satgen.read_isls(str(d / "isls.txt"), len(sats))
        n_sats = len(sats)
        state_dir = d / f"dynamic_state_{STEP_MS}ms_for_{DURATION_S}s"
        fstate: dict = {}
        out = {p: {"src": p[0], "dst": p[1], "rtt_s": [], "paths": []} for p in PAIRS}
        step_ns = STEP_MS * 1_000_000
        vallado = _Vallado((d / "tles.txt").read_text().splitlines()[1:])
        gs_fixed = [_wgs72(*CITIES[n]) for n in names]
        link_diff = {"gsl": 0.0, "isl": 0.0}
        for t in range(0, DURATION_S * 1_000_000_000, step_ns):
            # fstate files hold the changes since the previous step
            for line in (state_dir / f"fstate_{t}.txt").read_text().splitlines():
                cur, dst, nxt = (int(x) for x in line.split(",")[:3])
                fstate[(cur, dst)] = nxt
            for p in PAIRS:
                src, dst = n_sats + names.index(p[0]), n_sats + names.index(p[1])
                there, back = get_path(src, dst, fstate), get_path(dst, src, fstate)
                if there is None or back is None:
                    out[p]["rtt_s"].append(None)
                    out[p]["paths"].append(None)
                    continue
                length = sum(compute_path_length_without_graph(q, tles["epoch"], t, sats, ground_stations, isls,
                                                               MAX_GSL_LENGTH_M, MAX_ISL_LENGTH_M)
                             for q in (there, back))
                out[p]["rtt_s"].append(length / 299792458.0)
                out[p]["paths"].append(there[1:-1])
                # each link of the path by Hypatia's distance functions and by Vallado's SGP4
                path_sats = there[1:-1]
                pos = vallado.at(t / 1e9, set(path_sats))
                date = str(tles["epoch"] + t * u.ns)  # as graph_tools dates a path's links
                for g, k in ((there[0] - n_sats, path_sats[0]), (there[-1] - n_sats, path_sats[-1])):
                    h = distance_m_ground_station_to_satellite(ground_stations[g], sats[k], str(tles["epoch"]), date)
                    link_diff["gsl"] = max(link_diff["gsl"], abs(h - np.linalg.norm(pos[k] - gs_fixed[g])))
                for a, b in zip(path_sats, path_sats[1:]):
                    h = distance_m_between_satellites(sats[a], sats[b], str(tles["epoch"]), date)
                    link_diff["isl"] = max(link_diff["isl"], abs(h - np.linalg.norm(pos[a] - pos[b])))
        tle_text = (d / "tles.txt").read_text()  # as Hypatia writes it: "34 34", then name and two lines each

    ref = {"source": "Hypatia's satgenpy 0.4.0, main_kuiper_630.py's constants, " + ALGORITHM,
           "epoch": "2000-01-01T00:00:00", "step_s": STEP_MS / 1e3, "duration_s": DURATION_S - STEP_MS / 1e3,
           "tle": tle_text, "sats_per_plane": NUM_SATS_PER_ORB,
           "max_gsl_length_m": MAX_GSL_LENGTH_M, "max_isl_length_m": MAX_ISL_LENGTH_M,
           "ground_stations": [{"name": n, "lat_deg": CITIES[n][0], "lon_deg": CITIES[n][1]} for n in names],
           "hypatia_state_s": round(state_s, 1), "hypatia_threads": THREADS,
           # the largest difference of a path's link between Hypatia's lengths (pyephem) and
           # Vallado's SGP4 with the WGS72 ellipsoid, over every sample, m
           "max_link_difference_m": {k: round(v, 3) for k, v in link_diff.items()},
           "pairs": list(out.values())}
    (HERE / "hypatia-paths.json").write_text(json.dumps(ref) + "\n")
    print(f"hypatia-paths.json: {len(PAIRS)} pairs, {len(out[PAIRS[0]]['rtt_s'])} samples each; "
          f"Hypatia's forwarding state took {state_s:.1f} s on {THREADS} threads")


if __name__ == "__main__":
    main()
