"""Moving constellations (issue 17): what satcc's LEO experiments start from.

leo.rtt-over-time: the propagation RTT, hop count and path changes of city pairs over
200 s on Kuiper-630 and Starlink shell 1 (routes every 100 ms), computed without
packets (satcc.leo.paths). It shows seed 000's premise, that satellite paths change
often and each change moves a flow's RTT, on today's constellations.
"""

from __future__ import annotations

import math

from ..definition import Experiment, Param, point_id
from ..registry import register

SRC = "seed 000, section I"
PAIRS = [("Manila", "Dalian"), ("Saint-Petersburg", "Manila"), ("Paris", "Moscow"), ("New-York", "London")]
SHELLS = ["kuiper-630", "starlink-1"]
DURATION_S = 200.0


def constellation(shell: str) -> dict:
    """The shell with the cities of PAIRS, Hypatia's conventions (docs/leo.md)."""
    cities = sorted({c for p in PAIRS for c in p})
    return {"shells": [{"builtin": shell}], "ground_stations": cities,
            "gsl": {"policy": "any"}, "routing": {"interval_ms": 100, "metric": "delay"}}


def _rtt_over_time(out):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    from ... import leo
    from ...plot import plot_paths

    rows, changes, steps = [], {}, {}
    for shell in SHELLS:
        p = leo.paths({"constellation": constellation(shell), "duration_s": DURATION_S}, PAIRS)
        for ext in ("png", "svg"):
            plot_paths(p, out / f"analysis_rtt_{shell}.{ext}")
        plt.close("all")
        t = p.table.to_pydict()
        for k, s in enumerate(p.summary()["pairs"]):
            point = {"shell": shell, "pair": f"{s['src']}-{s['dst']}"}
            pid = point_id(point)
            rtt = np.array([r for r, i in zip(t["rtt_ms"], t["pair"]) if i == k], dtype=float)
            ch = np.array([c for c, i in zip(t["changed"], t["pair"]) if i == k], dtype=bool)
            jumps = np.abs(np.diff(rtt))[ch[1:]]
            jumps = jumps[np.isfinite(jumps)]
            biggest = float(jumps.max()) if len(jumps) else float("nan")
            changes[(shell, point["pair"])] = s["path_changes"]
            steps[(shell, point["pair"])] = biggest
            for metric, v in (("rtt_ms_mean", s["rtt_ms_mean"]), ("rtt_ms_min", s["rtt_ms_min"]),
                              ("rtt_ms_max", s["rtt_ms_max"]), ("path_changes", s["path_changes"]),
                              ("no_route_fraction", s["no_route_samples"] / s["samples"]),
                              ("largest_rtt_step_at_a_change_ms", biggest)):
                rows.append({"point_id": pid, "point": point, "metric": metric,
                             "mean": float("nan") if v is None else float(v), "ci95": float("nan"), "n": 1})
    covered = [k for k in changes if not math.isnan(steps[k]) or changes[k]]
    often = [k for k in covered if changes[k] >= 2]
    claims = [{
        "statement": "Satellite networks are well characterized by frequent handover occurrences; a handover "
                     "may force a TCP sender to suddenly alter its path",
        "source": SRC,
        "ours": f"{len(often)} of {len(covered)} city pairs that have a route changed path at least twice in "
                f"{DURATION_S:g} s (changes: " + ", ".join(f"{s} {p} {changes[(s, p)]}" for s, p in changes)
                + "); the RTT jumps by up to " + f"{np.nanmax(list(steps.values())):.1f} ms at a change",
        "holds": bool(covered) and len(often) == len(covered),
    }]
    return rows, claims


register(Experiment(
    id="leo.rtt-over-time",
    title="LEO paths in motion: propagation RTT and path changes of city pairs on Kuiper-630 and Starlink",
    source=SRC,
    build=lambda **_: {},
    # the rows' labels (the analysis computes every one of them)
    grid={"shell": Param(tuple(SHELLS)), "pair": Param(tuple(f"{a}-{b}" for a, b in PAIRS))},
    analysis=_rtt_over_time,
    notes="Computed without packets (satcc paths): positions by the closed-form Walker orbit, +Grid ISLs, "
          "ground stations linked to every satellite above the shell's minimum elevation (Hypatia's "
          "convention), shortest paths by delay every 100 ms over 200 s (docs/leo.md). Saint Petersburg "
          "(59.9 deg N) is at the edge of both shells' coverage and has no route much of the time. The packet "
          "experiment on a constellation (leo.refwa-handover) needs packet runs on moving links, not built yet.",
))
