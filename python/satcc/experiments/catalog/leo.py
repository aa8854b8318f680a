"""Moving constellations (issue 17): what satcc's LEO experiments start from.

leo.rtt-over-time: the propagation RTT, hop count and path changes of city pairs over
200 s on Kuiper-630 and Starlink shell 1 (routes every 100 ms), computed without
packets (satcc.leo.paths). It shows seed 000's premise, that satellite paths change
often and each change moves a flow's RTT, on today's constellations.
"""

from __future__ import annotations

import math

from ..definition import Claim, Experiment, Param, PlotSpec, point_id
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


# ------------------------------------------------ REFWA's premise on a moving constellation
HANDOVER_SRC = "seed 000, sections I and VI"


def _handover_metrics(summary: dict, scenario: dict) -> dict:
    """The standard metrics, the busiest ISLs' utilization, handovers and drops with no route."""
    from ..definition import standard_metrics

    m = standard_metrics(summary, scenario)
    sats = {f"{s['builtin']}-" for s in scenario["constellation"]["shells"]}
    isl = sorted((l["utilization"] for l in summary["links"]
                  if all(any(end.startswith(p) for p in sats) for end in l["name"].split("->"))), reverse=True)
    m["busiest_isl_utilization"] = sum(isl[:5]) / max(1, len(isl[:5]))
    m["handovers"] = float(summary["constellation"]["handovers"])
    m["drops_no_route"] = float(summary["constellation"]["drops_no_route"])
    m["timeouts_per_flow"] = summary["totals"]["rto_count"] / max(1, summary["totals"]["flows"])
    return m


def _in_transit_minimal(r):
    """Seed 000, VI: handovers leave packets in transit and can corrupt REFWA's flow
    counts, 'most unlikely' to matter since feedback is recomputed every RTT_avg. Ours:
    on a constellation whose ground links hand over every 15 s, REFWA keeps what it
    does on fixed chains against NewReno: fewer timeouts and no worse fairness."""
    a, b = r.get("jain_fairness", scheme="refwa"), r.get("jain_fairness", scheme="newreno")
    ta, tb = r.get("timeouts_per_flow", scheme="refwa"), r.get("timeouts_per_flow", scheme="newreno")
    if None in (a, b, ta, tb):
        return "REFWA or NewReno not in this sweep", False
    h = r.get("handovers", scheme="refwa")
    return (f"REFWA vs NewReno: Jain {a['mean']:.3f} vs {b['mean']:.3f}, timeouts per flow {ta['mean']:.1f} vs "
            f"{tb['mean']:.1f}, with {h['mean']:.0f} handovers per run",
            a["mean"] >= b["mean"] - 0.01 and ta["mean"] < tb["mean"])


def _build_handover(scheme):
    from ...topology.constellation import starlink_handover

    return starlink_handover(scheme)


def _register_handover():
    from ...topology.constellation import SCHEMES

    register(Experiment(
        id="leo.refwa-handover",
        title="REFWA on a moving constellation: Starlink shell 1, 120 flows, ground links handed over every 15 s",
        source=HANDOVER_SRC,
        build=_build_handover,
        grid={"scheme": Param(SCHEMES)},
        seeds=10,
        metrics=_handover_metrics,
        quick_duration_s=10.0,
        plots=(PlotSpec(name="fairness", x="scheme", y=("jain_fairness",), ylabel="Jain index"),
               PlotSpec(name="timeouts", x="scheme", y=("timeouts_per_flow",), ylabel="timeouts per flow"),
               PlotSpec(name="throughput", x="scheme", y=("throughput_mbps",), ylabel="aggregate throughput (Mb/s)"),
               PlotSpec(name="busiest_isls", x="scheme", y=("busiest_isl_utilization",),
                        ylabel="utilization of the 5 busiest ISLs"),
               PlotSpec(name="loss", x="scheme", y=("loss_rate",), ylabel="loss rate")),
        claims=(Claim(statement="The effect of packets in transit at a handover on REFWA is minimal, since "
                                "feedback is recomputed every RTT_avg",
                      source="seed 000, section VI", check=_in_transit_minimal),),
        notes="satcc.topology.constellation.starlink_handover: 4 Western European sources x 3 Eastern "
              "destinations x 10 flows, 200 s, ground links reassigned every 15 s (Starlink's) and when a "
              "satellite sets, ISLs 20 Mb/s (the bottlenecks), ground links 100 Mb/s, 100-packet queues, routes "
              "every 100 ms. REFWA (and T-REFWA, XFWA) guard every link; REFWA's nominal ISL delay is the shell's "
              "mean ISL length at t = 0 over c (5.04 ms): eq. 1 counts each hop as one such delay. Busiest ISLs: "
              "the mean utilization of the five most used. Seeds move the flows' start times (first 10 s).",
    ))


_register_handover()
