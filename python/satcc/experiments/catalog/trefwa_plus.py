"""T-REFWA Plus (seed 004: Taleb, Kato, Nemoto et al., JCN): Figs. 5 to 9, against
T-REFWA, TCP NewReno and TCP Westwood, in the wired/wireless network of Fig. 4."""

from __future__ import annotations

from ...topology.terrestrial import wired_wireless
from ..definition import Claim, Experiment, Param, PlotSpec, standard_metrics
from ..registry import register

SRC = "seed 004"
SCHEMES = ("newreno", "westwood", "trefwa", "trefwa-plus")
PER = (1e-5, 1e-4, 1e-3, 1e-2, 0.05, 0.1, 0.2, 0.3, 0.5)


def _goodput_metrics(summary, scenario):
    """Seed 004 measures goodput: highest in-order sequence x packet size / run time,
    and utilization = aggregate goodput / bottleneck capacity."""
    m = standard_metrics(summary, scenario)
    T = summary["duration_s"]
    gp = [f["goodput_mbps"] * (T - f["start_s"]) / T for f in summary["flows"]]
    rate = next(l["rate_bps"] for l in summary["links"] if l["name"] == "R1->R2")
    m["goodput_utilization"] = sum(gp) * 1e6 / rate
    s, s2 = sum(gp), sum(x * x for x in gp)
    m["goodput_fairness"] = s * s / (len(gp) * s2) if s2 > 0 else 1.0
    return m


def _plots(x, logx):
    return (PlotSpec(name="utilization", x=x, y=("goodput_utilization",), series="scheme", logx=logx,
                     title="(a) bottleneck utilization (goodput)"),
            PlotSpec(name="fairness", x=x, y=("goodput_fairness",), series="scheme", logx=logx,
                     title="(b) fairness index (goodput)"))


def _above(metric, x, values, cond=lambda v: True):
    def check(r):
        parts, ok = [], True
        for v in values:
            if not cond(v):
                continue
            mine = r.mean(metric, **{x: v}, scheme="trefwa-plus")
            rivals = {s: r.mean(metric, **{x: v}, scheme=s) for s in ("trefwa", "newreno")}
            parts.append(f"{v:g}: {mine:.3f} vs T-REFWA {rivals['trefwa']:.3f}, NewReno {rivals['newreno']:.3f}")
            ok = ok and mine > max(rivals.values())
        return "; ".join(parts), ok
    return check


def _fair(x, values, floor):
    def check(r):
        worst = min(r.mean("goodput_fairness", **{x: v}, scheme="trefwa-plus") for v in values)
        return f"T-REFWA Plus fairness >= {worst:.3f} over {x} = {', '.join(f'{v:g}' for v in values)}", worst >= floor
    return check


NOTES = ("Fig. 4's hidden values: bottleneck 5 ms; wired access to each group's access point gives RTTs 60/120/180 "
         "ms; each user has its own 100 Mb/s wireless hop of ~0 delay losing data packets at the PER; buffers = "
         "bottleneck bandwidth x the active groups' mean RTT. Utilization and fairness are computed from goodput "
         "(highest in-order sequence x packet size / run time), as the paper defines them. r = 0.9, k = 3. The "
         "NewReno baseline on Fig. 9's network matches ns-2 2.35 at PER 0.001 and 0.01 (`python -m "
         "satcc.difftest compare wireless-per0.001 wireless-per0.01`).")

register(Experiment(
    id="trefwa-plus.fig5-no-congestion",
    title="Ten Group-1 users, 200 Mb/s bottleneck (no congestion): utilization and fairness vs PER",
    source=f"{SRC}, Fig. 5",
    build=lambda per, scheme: wired_wireless(scheme=scheme, bw_bps=200e6, per=per).to_dict(),
    grid={"per": Param(PER, min=0, max=1), "scheme": Param(SCHEMES)},
    metrics=_goodput_metrics, plots=_plots("per", True),
    claims=(Claim("T-REFWA Plus and Westwood use the link better than T-REFWA and NewReno under link errors",
                  f"{SRC}, IV.B", _above("goodput_utilization", "per", PER, lambda p: p >= 0.01)),),
    notes=NOTES,
))

register(Experiment(
    id="trefwa-plus.fig6-congestion",
    title="Ten Group-1 users, 100 Mb/s bottleneck (congestion possible): utilization and fairness vs PER",
    source=f"{SRC}, Fig. 6",
    build=lambda per, scheme: wired_wireless(scheme=scheme, bw_bps=100e6, per=per).to_dict(),
    grid={"per": Param(PER, min=0, max=1), "scheme": Param(SCHEMES)},
    metrics=_goodput_metrics, plots=_plots("per", True),
    claims=(
        Claim("T-REFWA Plus keeps utilization above T-REFWA and NewReno from PER 0.01 up", f"{SRC}, IV.C",
              _above("goodput_utilization", "per", PER, lambda p: p >= 0.01)),
        Claim("T-REFWA Plus stays near-perfectly fair when the bottleneck is congested", f"{SRC}, IV.C",
              _fair("per", [p for p in PER if p <= 0.01], 0.98)),
    ),
    notes=NOTES,
))

BW = (20, 40, 60, 80, 100, 120, 140, 160)

register(Experiment(
    id="trefwa-plus.fig7-bandwidth",
    title="PER 0.01, ten Group-1 users: utilization and fairness vs bottleneck bandwidth",
    source=f"{SRC}, Fig. 7",
    build=lambda bw_mbps, scheme: wired_wireless(scheme=scheme, bw_bps=bw_mbps * 1e6, per=0.01).to_dict(),
    grid={"bw_mbps": Param(BW, min=1, max=100000), "scheme": Param(SCHEMES)},
    metrics=_goodput_metrics, plots=_plots("bw_mbps", False),
    claims=(
        Claim("T-REFWA Plus keeps utilization above T-REFWA and NewReno for every bandwidth", f"{SRC}, IV.D",
              _above("goodput_utilization", "bw_mbps", BW)),
        Claim("T-REFWA Plus achieves near-perfect fairness for all capacities", f"{SRC}, IV.D", _fair("bw_mbps", BW, 0.98)),
    ),
    notes=NOTES,
))

NS = (1, 5, 10, 20, 30, 40, 50)


def _westwood_falls(r):
    f = [r.mean("goodput_fairness", users=n, scheme="westwood") for n in NS]
    return (", ".join(f"{n}: {v:.3f}" for n, v in zip(NS, f)), f[-1] < f[1] - 0.02)


register(Experiment(
    id="trefwa-plus.fig8-flows",
    title="PER 0.01, 100 Mb/s: utilization and fairness vs the number of users",
    source=f"{SRC}, Fig. 8",
    build=lambda users, scheme: wired_wireless(scheme=scheme, bw_bps=100e6, per=0.01, users_per_group=users).to_dict(),
    grid={"users": Param(NS, min=1, max=10000), "scheme": Param(SCHEMES)},
    metrics=_goodput_metrics, plots=_plots("users", False),
    claims=(
        Claim("T-REFWA Plus keeps utilization above T-REFWA and NewReno for every flow count", f"{SRC}, IV.E",
              _above("goodput_utilization", "users", NS)),
        Claim("T-REFWA Plus stays near-perfectly fair as flows are added", f"{SRC}, IV.E",
              _fair("users", [n for n in NS if n > 1], 0.98)),
        Claim("Westwood's fairness falls as flows are added", f"{SRC}, IV.E", _westwood_falls),
    ),
    notes=NOTES,
))

register(Experiment(
    id="trefwa-plus.fig9-rtt-groups",
    title="Three RTT groups (60/120/180 ms) of ten users, 100 Mb/s: utilization and fairness vs PER",
    source=f"{SRC}, Fig. 9",
    build=lambda per, scheme: wired_wireless(scheme=scheme, bw_bps=100e6, per=per, groups=(1, 2, 3)).to_dict(),
    grid={"per": Param(PER, min=0, max=1), "scheme": Param(SCHEMES)},
    metrics=_goodput_metrics, plots=_plots("per", True),
    claims=(
        Claim("T-REFWA Plus keeps utilization above T-REFWA and NewReno from PER 0.01 up", f"{SRC}, IV.F",
              _above("goodput_utilization", "per", PER, lambda p: p >= 0.01)),
        Claim("T-REFWA Plus stays fair with three RTT groups", f"{SRC}, IV.F",
              lambda r: (", ".join(f"{p:g}: {r.mean('goodput_fairness', per=p, scheme='trefwa-plus'):.3f} "
                                   f"(NewReno {r.mean('goodput_fairness', per=p, scheme='newreno'):.3f})" for p in PER if p <= 0.1),
                         all(r.mean("goodput_fairness", per=p, scheme="trefwa-plus") >= 0.9
                             and r.mean("goodput_fairness", per=p, scheme="trefwa-plus")
                             >= r.mean("goodput_fairness", per=p, scheme="newreno") for p in PER if p <= 0.1))),
    ),
    notes=NOTES,
))
