"""Two baseline experiments that prove the experiment machinery before the schemes
arrive (issue 3): NewReno's RTT unfairness, and NewReno's utilization against the
packet error rate of the satellite links."""

from __future__ import annotations

import math

from ...topology import leo_chain, rtt_groups
from ..definition import Claim, Experiment, Param, PlotSpec
from ..registry import register

GROUPS_MS = (40, 80, 120, 160)


def _rtt_unfairness(**_):
    # the network of the ns-2 differential case "rtt-groups" (ns2/reference)
    return rtt_groups(n_groups=4, flows_per_group=4, rtt_step_ms=40.0, bottleneck_rate_bps=10e6,
                      buffer_pkts=60, duration_s=60.0, rwnd_pkts=1000, start_jitter_s=1.0,
                      name="newreno-rtt-unfairness").to_dict()


def _exponent(res) -> tuple[str, bool]:
    """Fit throughput ~ RTT^-a over the four groups (least squares in log-log)."""
    xs = [math.log(g) for g in GROUPS_MS]
    ys = [math.log(res.mean(f"group:rtt{g}ms:throughput_mbps")) for g in GROUPS_MS]
    mx, my = sum(xs) / 4, sum(ys) / 4
    a = -sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    short, long_ = res.mean("group:rtt40ms:throughput_mbps"), res.mean("group:rtt160ms:throughput_mbps")
    return (f"throughput ~ RTT^-{a:.2f}; 40 ms group gets {short / long_:.1f}x the 160 ms group; "
            f"Jain {res.mean('jain_fairness'):.2f}", a > 0.5 and short > 2 * long_)


register(Experiment(
    id="baseline.newreno-rtt-unfairness",
    title="NewReno throughput per RTT group (4 groups x 4 flows, 10 Mb/s bottleneck)",
    source="REFWA (seed 000) Sect. I and III-A.3: TCP's throughput is biased against long-RTT flows",
    build=_rtt_unfairness,
    seeds=10,
    plots=(PlotSpec(name="throughput_per_group", y=("group:*:throughput_mbps",), ylabel="throughput (Mb/s)",
                    title="NewReno throughput per RTT group (mean, 95 % CI)"),),
    claims=(
        Claim("A TCP connection's throughput falls with its RTT (as RTT^-a)",
              "seed 000, Sect. III-A.3", _exponent),
        Claim("Competing NewReno flows with different RTTs share the bottleneck unfairly",
              "seed 000, Sect. I",
              lambda r: (f"Jain index {r.mean('jain_fairness'):.3f}", r.mean("jain_fairness") < 0.9)),
    ),
    quick_duration_s=10.0,
    notes="Same network as the ns-2 differential case 'rtt-groups': 40/80/120/160 ms RTT groups, "
          "60-packet DropTail buffer, starts uniform in [0, 1 s], 60 s.",
))


def _per(per: float):
    d = leo_chain(8, duration_s=20.0).to_dict()
    d["name"] = "newreno-per-utilization"
    for link in d["links"]:
        if link["a"].startswith("S") and link["b"].startswith("S"):  # inter-satellite links
            link["a_to_b"] = {"error": {"type": "per", "per": per}}
    return d


PER_GRID = (1e-5, 1e-4, 1e-3, 1e-2, 0.05, 0.1, 0.2, 0.3, 0.5)

register(Experiment(
    id="baseline.newreno-per-utilization",
    title="NewReno bottleneck utilization against packet error rate (LEO chain, 8 flows)",
    source="REFWA (seed 000) Fig. 13 and REFWA Plus (seed 001) Fig. 3: TCP collapses as link errors grow",
    build=_per,
    grid={"per": Param(PER_GRID, min=0.0, max=1.0, doc="packet error rate of each inter-satellite link (data direction)")},
    seeds=10,
    plots=(PlotSpec(name="utilization_vs_per", x="per", y=("utilization",), logx=True,
                    ylabel="bottleneck utilization", title="NewReno utilization vs PER (mean, 95 % CI)"),),
    claims=(
        Claim("With rare errors the bottleneck is nearly fully used", "seed 000, Fig. 13",
              lambda r: (f"utilization {r.mean('utilization', per=1e-5):.3f} at PER 1e-5",
                         r.mean("utilization", per=1e-5) > 0.9)),
        Claim("Above a PER of 0.1 TCP's utilization collapses", "seed 001, Fig. 3",
              lambda r: (f"utilization {r.mean('utilization', per=0.3):.3f} at PER 0.3",
                         r.mean("utilization", per=0.3) < 0.3)),
    ),
    quick_duration_s=5.0,
    notes="The REFWA chain of Fig. 1a (8 flows, 1.544 Mb/s ISLs, 20 ms hops, 20 s); each of the two "
          "inter-satellite links loses data packets at the given rate.",
))


# Phase effects (issue 13). ns-2's timing is deterministic: with DropTail, which flow
# finds the queue full depends on the exact phase of its packets against the others',
# and RTT groups whose packets arrive in fixed phase are favoured or starved every time
# (Floyd and Jacobson, "On traffic phase effects in packet-switched gateways", 1992).
# ns-2's remedy is a random send overhead (overhead_), satcc's tcp.send_overhead_s.
PHASE_GROUPS_MS = tuple(range(20, 161, 20))
OVERHEAD_GRID = (0.0, 1e-5, 1e-4, 1e-3)


def _phase_network(overhead_s: float, **_):
    # the network of the ns-2 differential cases oc3-rtt-groups (overhead 0) and
    # oc3-rtt-groups-overhead (0.1 ms), and of `satcc bench`
    d = rtt_groups(n_groups=8, flows_per_group=4, rtt_step_ms=20.0, bottleneck_rate_bps=155e6,
                   bottleneck_delay_ms=10.0, buffer_pkts=190, duration_s=60.0, rwnd_pkts=10000,
                   start_jitter_s=1.0, name="phase-effects").to_dict()
    d["tcp"] = {**d.get("tcp", {}), "send_overhead_s": overhead_s}
    return d


def _moved_groups(res, overhead_s: float) -> tuple[str, bool]:
    """Groups whose mean goodput moves, from no overhead to `overhead_s`, by more than
    both 95 % confidence intervals together."""
    moved = []
    for g in PHASE_GROUPS_MS:
        m = f"group:rtt{g}ms:goodput_mbps"
        a, b = res.get(m, overhead_s=0.0), res.get(m, overhead_s=overhead_s)
        if abs(b["mean"] - a["mean"]) > a["ci95"] + b["ci95"]:
            moved.append(f"{g} ms {a['mean']:.2f} -> {b['mean']:.2f}")
    return (f"{len(moved)} of {len(PHASE_GROUPS_MS)} groups moved beyond their 95 % CIs"
            + (": " + "; ".join(moved) + " Mb/s" if moved else ""), len(moved) >= 2)


def _aggregate_kept(res) -> tuple[str, bool]:
    u0, u1 = res.mean("utilization", overhead_s=0.0), res.mean("utilization", overhead_s=1e-4)
    return f"utilization {u0:.4f} without overhead, {u1:.4f} with 0.1 ms", abs(u1 - u0) < 0.01


register(Experiment(
    id="baseline.phase-effects",
    title="DropTail phase effects: NewReno per-RTT-group goodput with ns-2's random send overhead",
    source="Floyd and Jacobson 1992 (traffic phase effects); ns-2's overhead_ as their remedy (issue 13)",
    build=_phase_network,
    grid={"overhead_s": Param(OVERHEAD_GRID, min=0.0, max=10.0,
                              doc="tcp.send_overhead_s: each send opportunity delayed by uniform(0, this) s")},
    seeds=10,
    plots=(PlotSpec(name="goodput_per_group", y=tuple(f"group:rtt{g}ms:goodput_mbps" for g in PHASE_GROUPS_MS),
                    x="overhead_s", ylabel="mean goodput per flow (Mb/s)",
                    title="Per-group goodput against the send overhead (mean, 95 % CI)"),
           PlotSpec(name="jain", x="overhead_s", y=("jain_fairness",), ylabel="Jain index",
                    title="Fairness against the send overhead (mean, 95 % CI)")),
    claims=(
        Claim("With deterministic timing, DropTail per-group shares depend on phase: a random send "
              "overhead of 0.1 ms (two packet times of the bottleneck) moves them",
              "Floyd and Jacobson 1992", lambda r: _moved_groups(r, 1e-4)),
        Claim("The overhead moves who gets the bandwidth, not how much is used", "Floyd and Jacobson 1992",
              _aggregate_kept),
    ),
    quick_duration_s=10.0,
    notes="The 155 Mb/s network of `satcc bench` and of the ns-2 differential cases oc3-rtt-groups "
          "(no overhead) and oc3-rtt-groups-overhead (0.1 ms), where satcc and ns-2 agree per group "
          "within 6 % at either setting: 32 NewReno flows in eight RTT groups (20-160 ms), "
          "190-packet DropTail buffer, starts uniform in [0, 1 s], 60 s. The overhead is off by default "
          "(ns-2's default), so every other experiment keeps ns-2's deterministic timing; per-group "
          "results of DropTail experiments should be read with this study in mind.",
))
