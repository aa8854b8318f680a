"""Scenarios on moving LEO constellations (docs/leo.md): the network of the catalog's
`leo.refwa-handover`, and the nominal ISL delay REFWA's eq. 1 needs there."""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from .. import leo, registry

# Western European sources, Eastern destinations: their paths merge on the ISLs that
# cross Central Europe, so many flows share satellites, and every pair's path changes
# during the run (satcc paths shows it).
SOURCES = ("London", "Paris", "Madrid", "Barcelona")
DESTINATIONS = ("Moscow", "Saint-Petersburg", "Istanbul")

# every scheme of satcc: each congestion control, and REFWA (NewReno hosts, REFWA routers)
SCHEMES = tuple(registry.scheme_names())


@lru_cache(maxsize=8)
def _mean_isl_delay_ms(shell: str) -> float:
    """The mean one-way delay of a built-in shell's +Grid ISLs at t = 0 (length / c):
    REFWA's eq. 1 counts each hop as one nominal ISL delay; on a constellation the hops
    differ (in-plane links are longer than cross-plane ones), so the mean stands in."""
    names, pos = leo.positions({"shells": [{"builtin": shell}]}, [0.0])
    planes, per = {"starlink-1": (72, 22), "kuiper-630": (34, 34), "telesat-1015": (27, 13)}[shell]
    p = pos[0].reshape(planes, per, 3)
    in_plane = np.linalg.norm(p - np.roll(p, -1, axis=1), axis=2)
    cross = np.linalg.norm(p - np.roll(p, -1, axis=0), axis=2)
    return float(np.concatenate([in_plane.ravel(), cross.ravel()]).mean() / 299_792_458.0 * 1e3)


def starlink_handover(scheme: str, *, flows_per_pair: int = 10, duration_s: float = 200.0,
                      isl_rate_bps: float = 20e6, gsl_rate_bps: float = 100e6, buffer_pkts: int = 100,
                      policy: str = "reassign", start_jitter_s: float = 10.0, shell: str = "starlink-1",
                      name: str = "starlink-handover") -> dict:
    """Starlink shell 1 under `len(SOURCES) x len(DESTINATIONS) x flows_per_pair` flows
    (120 by default) for 200 s; ground stations reassigned to satellites every 15 s
    (Starlink's) and whenever one sets, so paths change and flows meet new groups; ISLs
    20 Mb/s, ground links 100 Mb/s (the ISLs are the bottlenecks, where REFWA acts),
    100-packet drop-tail queues, flows starting in the first 10 s (seeded)."""
    if scheme not in SCHEMES:
        raise ValueError(f"scheme: must be one of {', '.join(SCHEMES)}, got {scheme!r}")
    cc, router = registry.parts(scheme)
    queue = {"type": "droptail", "limit_pkts": buffer_pkts}
    d = {
        "name": name,
        "duration_s": duration_s,
        "sample_interval_s": 1.0,
        "monitor": {"flow_traces": False},
        "constellation": {
            "shells": [{"builtin": shell}],
            "ground_stations": list(SOURCES + DESTINATIONS),
            "gsl": {"policy": policy, "reassign_period_s": 15.0, "rate_bps": gsl_rate_bps, "queue": queue},
            "isl": {"rate_bps": isl_rate_bps, "queue": queue},
            "routing": {"interval_ms": 100, "metric": "delay"},
        },
        "flows": [{"src": s, "dst": t, "count": flows_per_pair, "cc": cc, "start_jitter_s": start_jitter_s,
                   "group": f"{s}-{t}"} for s in SOURCES for t in DESTINATIONS],
    }
    if router is not None:
        settings = {"isl_delay_ms": round(_mean_isl_delay_ms(shell), 3)} if router["rtt_from"] == "hops" else {}
        d["schemes"] = [{"type": router["name"], "links": ["*"], **settings}]
    return d
