"""Differential tests against ns-2 2.35: the scenarios, the committed reference
numbers, and the comparison.

    python -m satcc.difftest refresh   # needs ns-2: writes ns2/tcl/*.tcl and ns2/reference/*.json
                                       # (CASE ... to refresh some cases only)
    python -m satcc.difftest compare   # no ns-2 needed: satcc against the committed numbers

Each case is run over ten seeds of start-time jitter (40 for MORE_SEEDS); start times are drawn here
(Python's random.Random(seed)) and written explicitly into both simulators' inputs.
Tolerances (issue 2): mean utilization within 0.02, mean loss rate within 20 %, mean
Jain index within 0.05, mean per-group goodput within 15 %.

Cases in SILENCE also compare how flows send over time: every flow's progress
(satcc: packets delivered in order; ns-2: the sender's cumulative ACK, the same
sequence one uncongested return path later) is sampled every 10 ms, and a sample is
"silent" when the flow made no progress over the preceding delta. T-REFWA's router
counts a flow as active only if it saw a packet within delta = RTT_avg (seed 002), so
the silent fraction is how often the papers' rule would drop the flow from the count.
Mean per-group silent fractions must agree within 0.02.
"""

from __future__ import annotations

import argparse
from functools import partial
import hashlib
import json
import random
import sys
from pathlib import Path

from .. import ns2
from ..run import run
from ..topology import leo_chain, rtt_groups
from ..topology.leo import refwa_network
from ..topology.satellite import REFERENCE_CC, geo_dumbbell
from ..topology.terrestrial import FIG1, TABLE_II, one_to_many, wired_wireless

SEEDS = list(range(1, 11))
# Table III at T3 has one flow per RTT group, so a group's mean goodput over ten seeds
# has a standard error of 4-11 % on each side, too close to the 15 % tolerance for
# the comparison to mean anything: those cases run 40 seeds (2-5 %). So does the lossy
# link, whose timeouts per run (about 19) have a standard error of 9 % over ten seeds.
MORE_SEEDS = {case: list(range(1, 41))
              for case in ("table3-T3-newreno", "table3-T3-reno", "lossy-link", "refwa-fig13-per0.01")}


def seeds_for(case: str) -> list[int]:
    return MORE_SEEDS.get(case, SEEDS)


def _find_root() -> Path:
    """The repository's ns2/ folder (Tcl and reference numbers): beside the package in
    a checkout, else under the working directory; SATCC_NS2_DIR overrides both."""
    import os

    if os.environ.get("SATCC_NS2_DIR"):
        return Path(os.environ["SATCC_NS2_DIR"])
    for cand in (Path(__file__).resolve().parents[3] / "ns2", Path.cwd() / "ns2"):
        if (cand / "reference").is_dir():
            return cand
    return Path.cwd() / "ns2"


ROOT = _find_root()

TOLERANCE = {"utilization_abs": 0.02, "loss_rate_rel": 0.20, "jain_abs": 0.05, "group_rel": 0.15}


def _explicit_starts(d: dict, seed: int, jitter_s: float) -> dict:
    rng = random.Random(seed)
    for f in d["flows"]:
        f["start_s"] = round(rng.uniform(0.0, jitter_s), 6)
        f.pop("start_jitter_s", None)
    d["seed"] = seed
    return d


def chain_equal_rtt(seed: int, cc: str = "newreno") -> dict:
    """REFWA Fig. 1a chain: 8 flows, 1.544 Mb/s ISLs, 160 ms RTT, 50-packet buffers."""
    d = leo_chain(8, duration_s=40.0, cc=cc).to_dict()
    d["name"] = f"diff-chain-{cc}"
    return _explicit_starts(d, seed, 1.0)


def rtt_groups_case(seed: int) -> dict:
    """Four RTT groups (40, 80, 120, 160 ms) of four flows on a 10 Mb/s bottleneck."""
    d = rtt_groups(n_groups=4, flows_per_group=4, rtt_step_ms=40.0, bottleneck_rate_bps=10e6,
                   buffer_pkts=60, duration_s=60.0, rwnd_pkts=1000, name="diff-rtt-groups").to_dict()
    return _explicit_starts(d, seed, 1.0)


def lossy_link(seed: int) -> dict:
    """Eight flows, 80 ms RTT, 10 Mb/s bottleneck losing 1 % of data packets at random."""
    d = rtt_groups(n_groups=1, flows_per_group=8, rtt_step_ms=80.0, bottleneck_rate_bps=10e6,
                   buffer_pkts=100, duration_s=60.0, rwnd_pkts=1000, per=0.01, name="diff-lossy").to_dict()
    return _explicit_starts(d, seed, 1.0)


def _mean_group_rtt_s(sc: dict) -> float:
    """Mean RTT of a one-to-many scenario's flows, from their groups' names (rttNms)."""
    return sum(float(f["group"].removeprefix("rtt").removesuffix("ms")) for f in sc["flows"]) / len(sc["flows"]) / 1000


def window_trains(seed: int) -> dict:
    """T-REFWA's Table III network (OC12, 128 flows) at the catalog's reading of Fig. 1
    (FIG1: RTTs 60-200 ms, access links at 1.05x) with each NewReno flow's window held at 95 %
    of an equal share of the bottleneck (rwnd = 0.95 x rate/N x its RTT), as T-REFWA's
    feedback holds it. 30 s, progress sampled every 10 ms."""
    rate, _, n = TABLE_II["OC12"]
    d = one_to_many("OC12", scheme="newreno", duration_s=30.0, **FIG1).to_dict()
    pkt_bits = 8 * d["tcp"]["packet_size_bytes"]
    for f in d["flows"]:
        rtt_s = _mean_group_rtt_s({"flows": [f]})
        f["tcp"] = {"rwnd_pkts": int(0.95 * rate / n * rtt_s / pkt_bits)}
    d["name"] = "diff-window-trains"
    d["sample_interval_s"] = 0.01
    return _explicit_starts(d, seed, 1.0)


def table3(seed: int, link: str, cc: str) -> dict:
    """A baseline of T-REFWA's Table III as the catalog runs it (trefwa.table3-fig2, Fig. 1
    read as FIG1: RTTs 60-200 ms, access links at 1.05x the bottleneck), 60 s."""
    d = one_to_many(link, scheme=cc, **FIG1).to_dict()
    d["name"] = f"diff-table3-{link}-{cc}"
    return _explicit_starts(d, seed, 1.0)


def fig3_red(seed: int, cc: str) -> dict:
    """T-REFWA's Fig. 3 baselines: Table III's OC3 network (Fig. 1 read as FIG1) with RED
    at the bottleneck (ns-2 2.35's automatic thresholds, gentle, wait), 60 s."""
    d = one_to_many("OC3", scheme=cc, queue="red", **FIG1).to_dict()
    d["name"] = f"diff-fig3-red-{cc}"
    return _explicit_starts(d, seed, 1.0)


def fig3_red_ecn(seed: int, cc: str) -> dict:
    """T-REFWA's Fig. 3 network with ECN: its RED bottleneck marks (ns-2's setbit_) and
    every sender runs ns-2's ECN (ecn_ 1), 60 s."""
    d = fig3_red(seed, cc)
    d["name"] = f"diff-fig3-red-ecn-{cc}"
    for link in d["links"]:
        for q in (link.get("queue"), link.get("a_to_b", {}).get("queue"), link.get("b_to_a", {}).get("queue")):
            if q and q["type"] == "red":
                q["ecn"] = True
    d["tcp"] = {**d.get("tcp", {}), "ecn": True}
    return d


def wireless(seed: int, per: float) -> dict:
    """T-REFWA Plus's baseline as its Fig. 9 runs it: NewReno on seed 004's wired/wireless
    network, three RTT groups (60, 120, 180 ms) of ten users, a 100 Mb/s bottleneck,
    RWND 128, each user's wireless last hop losing data packets at `per`, 100 s."""
    d = wired_wireless(scheme="newreno", bw_bps=100e6, per=per, groups=(1, 2, 3)).to_dict()
    d["name"] = f"diff-wireless-per{per:g}"
    return _explicit_starts(d, seed, 1.0)


def refwa_fig13(seed: int, per: float) -> dict:
    """REFWA's Fig. 13 baseline: ten NewReno flows over three satellites (seed 000 Fig. 1a,
    10 Mb/s links of 20 ms, 200-packet buffers) starting within 5 ms, each up-link losing
    data packets at `per`, 20 s. Every link has the same rate, so packets of different
    flows reach a queue at the same instant: ns-2 orders such exact ties as scheduled."""
    d = refwa_network([10], scheme="newreno", isl_rate_bps=10e6, uplink_per=per, name="refwa-fig13").to_dict()
    d["name"] = f"diff-refwa-fig13-per{per:g}"
    return _explicit_starts(d, seed, 0.005)


def refwa_fig8_onoff(seed: int, onoff: int = 30) -> dict:
    """REFWA's Figs. 8-9 baseline: the Fig. 13 network's ten NewReno flows (starting
    within 5 ms) and `onoff` Pareto ON/OFF NewReno flows (shape 1.3, mean ON = mean OFF
    = 160 ms at 10 Mb/s, each on its own 10 Mb/s access links) active from 5 s (within
    5 ms) to 15 s, 20 s."""
    from ..experiments.catalog.refwa import _fig89

    d = _fig89(onoff, "newreno")
    d["name"] = f"diff-refwa-fig8-onoff{onoff}"
    rng = random.Random(seed)
    for f in d["flows"]:
        f["start_s"] = round(float(f.get("start_s", 0.0)) + rng.uniform(0.0, 0.005), 6)
        f.pop("start_jitter_s", None)
    d["seed"] = seed
    return d


def oc3_rtt_groups(seed: int) -> dict:
    """The standard heavy scenario (satcc bench): 32 NewReno flows in eight RTT groups
    (20, 40, ..., 160 ms) over a 155 Mb/s, 10 ms bottleneck with a 190-packet DropTail
    buffer, 60 s. A 1000-byte packet takes 51,612.903 ns at 155 Mb/s, not a whole
    nanosecond, and groups whose RTTs differ by a multiple of 8 ms (155 packet times)
    send ACKs that reach a router at the same instant in ns-2: a clock that drifts by a
    fraction of a nanosecond per packet orders them differently (issue 13)."""
    d = rtt_groups(n_groups=8, flows_per_group=4, rtt_step_ms=20.0, bottleneck_rate_bps=155e6,
                   bottleneck_delay_ms=10.0, buffer_pkts=190, duration_s=60.0, rwnd_pkts=10000,
                   name="diff-oc3-rtt-groups").to_dict()
    return _explicit_starts(d, seed, 1.0)


def oc3_rtt_groups_overhead(seed: int, overhead_s: float = 1e-4) -> dict:
    """oc3-rtt-groups with ns-2's remedy for phase effects: each sender's send
    opportunities delayed by uniform(0, overhead_s) (ns-2's overhead_; satcc's
    tcp.send_overhead_s), here 0.1 ms, about two bottleneck packet times."""
    d = oc3_rtt_groups(seed)
    d["tcp"] = {**d.get("tcp", {}), "send_overhead_s": overhead_s}
    d["name"] = "diff-oc3-rtt-groups-overhead"
    return d


def geo_sack(seed: int, ber: float) -> dict:
    """Seed 003's GEO dumbbell (100 Mb/s, 250 ms each way, a BDP of buffer, 1500-byte
    packets, window scaling and SACK, as the paper runs every variant), every flow NewReno
    over SACK: satcc's SACK recovery against ns-2's Agent/TCP/Sack1, the SACK agent the
    papers' ns-2 runs. Ten flows started within a second, 60 s; the buffer in packets
    (the paper's 6250 KB as whole packets, as ns-2 scripts usually size queues and as the
    reference was recorded; the export can also write byte limits since 2026-11-28); the
    error model's draws ns-2's (ns2_rng_seed)."""
    d = geo_dumbbell(scheme=REFERENCE_CC, n_flows=10, ber=ber, duration_s=60.0, seed=seed).to_dict()
    wire = d["tcp"]["packet_size_bytes"] + d["tcp"]["header_bytes"]
    for link in d["links"]:
        q = link["queue"]
        link["queue"] = {"type": "droptail", "limit_pkts": q["limit_bytes"] // wire}
    d["ns2_rng_seed"] = seed
    return _explicit_starts(d, seed, 1.0)


def geo_sack1(seed: int, ber: float) -> dict:
    """Seed 003's GEO dumbbell as `geo_sack`, every flow running ns-2's own SACK agents in
    satcc too (`tcp.sack_agent: sack1`): the same Agent/TCP/Sack1 and Sack1 sink in both
    simulators."""
    d = geo_sack(seed, ber)
    d["tcp"] = {**d["tcp"], "sack_agent": "sack1"}
    return d


CASES = {
    "chain-newreno": chain_equal_rtt,
    "chain-reno": lambda seed: chain_equal_rtt(seed, "reno"),
    "rtt-groups": rtt_groups_case,
    "lossy-link": lossy_link,
    "window-trains": window_trains,
    "table3-T3-newreno": partial(table3, link="T3", cc="newreno"),
    "table3-T3-reno": partial(table3, link="T3", cc="reno"),
    "table3-OC12-newreno": partial(table3, link="OC12", cc="newreno"),
    "table3-OC12-reno": partial(table3, link="OC12", cc="reno"),
    "fig3-red-newreno": partial(fig3_red, cc="newreno"),
    "fig3-red-reno": partial(fig3_red, cc="reno"),
    "fig3-red-ecn-newreno": partial(fig3_red_ecn, cc="newreno"),
    "wireless-per0.001": partial(wireless, per=0.001),
    "wireless-per0.01": partial(wireless, per=0.01),
    "refwa-fig13-per0": partial(refwa_fig13, per=0.0),
    "refwa-fig13-per0.01": partial(refwa_fig13, per=0.01),
    "oc3-rtt-groups": oc3_rtt_groups,
    "oc3-rtt-groups-overhead": oc3_rtt_groups_overhead,
    "refwa-fig8-onoff30": refwa_fig8_onoff,
    "geo-sack-ber0": partial(geo_sack, ber=0.0),
    "geo-sack-ber1e-7": partial(geo_sack, ber=1e-7),
    "geo-sack-ber1e-6": partial(geo_sack, ber=1e-6),
    "geo-sack1-ber1e-6": partial(geo_sack1, ber=1e-6),
}

# Cases with one measure known apart from ns-2, and why: `compare` reports it as such and
# every other measure must still be within tolerance; a test fails when it comes within
# tolerance too, so that the entry goes (tests/test_ns2_differential.py).
KNOWN_APART = {
    "geo-sack-ber1e-6": (
        "timeouts per run",
        "satcc's SACK recovery is RFC 6675's, ns-2's Agent/TCP/Sack1 is not: RFC 6675 resends a hole once "
        "three SACKed segments lie above it (IsLost), Sack1 any hole below a SACKed segment "
        "(ScoreBoardRQ::GetNextRetran). With 1.2 % of the packets lost at random and windows of about a "
        "dozen, satcc's flows time out about twice as often at the same goodput; with fewer losses the two "
        "agree (geo-sack-ber1e-7, geo-sack-ber0). With tcp.sack_agent = 'sack1' satcc runs ns-2's Sack1 "
        "agents, and drops what ns-2 drops (geo-sack1-ber1e-6). docs/scenario.md, 'SACK against ns-2's Sack1'",
    ),
}


def unexplained(case: str, fails: list[str]) -> list[str]:
    """The failures of `compare` that KNOWN_APART does not explain."""
    known = KNOWN_APART.get(case)
    return [f for f in fails if not (known and f.startswith(known[0]))]

# cases whose flows' progress is compared too: delta (the mean of the groups' RTTs, which
# is T-REFWA's RTT_avg here) and the start of the measured interval
SILENCE = {"window-trains": {"delta_s": _mean_group_rtt_s(window_trains(1)), "from_s": 10.0}}
SILENCE_TOLERANCE_ABS = 0.02

# Cases whose bottleneck drops are compared one by one: over the first `duration_s` of
# each seed, every data-packet drop at the bottleneck (flow, seqno, in order; times
# within 1 us, ns-2's trace precision) must be ns-2's. Aggregates can agree while the
# event order differs; this cannot. It holds only if every packet time, every tie
# between events due at the same instant and every TCP rule is ns-2's. Each sender's
# RTT clock phase is pinned to the one ns-2 draws (ns2.pin_tick_phases): with each
# simulator drawing its own (until 2026-11-26), seeds parted after 1,100-4,300 drops,
# at the first timeout that fired in one simulator only.
DROPS = {
    "oc3-rtt-groups": {"seeds": [1, 2, 3, 4], "duration_s": 3.0},
    "table3-OC12-newreno": {"seeds": [1, 2], "duration_s": 3.0},
    "rtt-groups": {"seeds": [1, 2], "duration_s": 20.0},
    "chain-newreno": {"seeds": [1, 2], "duration_s": 20.0},
    "chain-reno": {"seeds": [1, 2], "duration_s": 20.0},
    "table3-T3-newreno": {"seeds": [1, 2], "duration_s": 20.0},
    "table3-T3-reno": {"seeds": [1, 2], "duration_s": 20.0},
    # RED and a lossy link: every random decision is ns-2's draw (ns2_rng_seed, below)
    "fig3-red-newreno": {"seeds": [1, 2], "duration_s": 10.0},
    "fig3-red-reno": {"seeds": [1, 2], "duration_s": 10.0},
    # the same with ECN: marks in place of early drops, and ns-2's ECN senders
    "fig3-red-ecn-newreno": {"seeds": [1, 2, 3], "duration_s": 60.0},
    "lossy-link": {"seeds": [1, 2], "duration_s": 30.0},
    # Pareto ON/OFF sources (their draws ns-2's too): REFWA's Figs. 8-9 baseline
    "refwa-fig8-onoff30": {"seeds": [1, 2], "duration_s": 20.0},
    # ns-2's SACK agents in both, losses from the bit errors of the GEO link: the whole run
    "geo-sack1-ber1e-6": {"seeds": [1, 2, 3], "duration_s": 60.0},
}
DROP_TIME_TOLERANCE_S = 1e-6


def draws_at_random(sc: dict) -> bool:
    """Whether a network takes random decisions ns-2 draws from its generator (RED
    queues, error models, Pareto ON/OFF sources): then the drop comparison takes ns-2's
    draws (ns2_rng_seed)."""
    if any((f.get("traffic") or {}).get("type") == "pareto" for f in sc["flows"]):
        return True
    for l in sc["links"]:
        for d in (l, l.get("a_to_b", {}), l.get("b_to_a", {})):
            if d.get("error") or (d.get("queue") or {}).get("type") == "red":
                return True
    return False


def drops_scenario(case: str, seed: int) -> dict:
    d = CASES[case](seed)
    d["duration_s"] = DROPS[case]["duration_s"]
    d["monitor"] = {**d.get("monitor", {}), "drop_trace": True}
    if draws_at_random(d):
        d["ns2_rng_seed"] = seed
    return ns2.pin_tick_phases(d, seed)


def drops_tcl(case: str, seed: int) -> str:
    d = drops_scenario(case, seed)
    return ns2.to_tcl(d, ns2_seed=seed, trace_drops=d["monitor"]["bottleneck"])


def satcc_drops(case: str, seed: int) -> list:
    """satcc's data-packet drops at the bottleneck: [time_s, flow index, seqno]."""
    d = drops_scenario(case, seed)
    r = run(d)
    names = [f["name"] for f in d["flows"]]
    bn = d["monitor"]["bottleneck"]
    return [[x["time_s"], names.index(x["flow"]), x["seqno"]] for x in r.drops.to_pylist()
            if not x["ack"] and x["link"] == bn]


def compare_drops(case: str) -> list[str]:
    """Failures (empty when satcc drops what ns-2 drops, in the same order)."""
    ref = json.loads((ROOT / "reference" / f"drops-{case}.json").read_text())
    fails = []
    for seed in DROPS[case]["seeds"]:
        theirs = ref["drops"][str(seed)]
        ours = satcc_drops(case, seed)
        for k, (a, b) in enumerate(zip(ours, theirs)):
            # ns-2's trace has no TCP seqno for a Pareto source's packets (None): flow and time
            if a[1] != b[1] or (b[2] is not None and a[2] != b[2]) or abs(a[0] - b[0]) > DROP_TIME_TOLERANCE_S:
                fails.append(f"seed {seed}: drop {k} is flow {a[1]} seqno {a[2]} at {a[0]:.6f} s, "
                             f"ns-2 flow {b[1]} seqno {b[2]} at {b[0]:.6f} s")
                break
        else:
            if len(ours) != len(theirs):
                fails.append(f"seed {seed}: {len(ours)} drops, ns-2 {len(theirs)}")
    return fails


def refresh_drops(cases: list[str]) -> None:
    for case in cases:
        tdir = ROOT / "tcl" / f"drops-{case}"
        tdir.mkdir(parents=True, exist_ok=True)
        drops, sha = {}, {}
        for seed in DROPS[case]["seeds"]:
            tcl = drops_tcl(case, seed)
            (tdir / f"seed{seed}.tcl").write_text(tcl)
            sha[str(seed)] = hashlib.sha256(tcl.encode()).hexdigest()
            got = ns2.run_tcl(tcl)["drops"]
            if len(got) < 100:
                sys.exit(f"{case} seed {seed}: ns-2 dropped only {len(got)} packets")
            drops[str(seed)] = [[round(t, 6), f, q] for t, f, q in got]
            print(f"drops-{case} seed {seed}: done", file=sys.stderr)
        rec = {"case": case, "ns2": "ns-2 2.35 (Debian package ns2)", **DROPS[case], "tcl_sha256": sha,
               "drops": drops}
        (ROOT / "reference" / f"drops-{case}.json").write_text(json.dumps(rec, sort_keys=True) + "\n")


# Timeouts per run (ns-2's nrexmit_) are compared too, though issue 2 does not ask it:
# they are the count most sensitive to the recovery rules (Reno's second fast
# retransmit made T3 Reno's 17 against ns-2's 31). Within 15 %, or one timeout per run
# where ns-2 has fewer than about seven.
RTO_TOLERANCE_REL = 0.15
RTO_TOLERANCE_ABS = 1.0


def silent_fractions(sc: dict, times: list, progress: list[list], delta_s: float, from_s: float) -> dict:
    """Per group, the mean over its flows of the fraction of samples at or after
    `from_s` at which the flow's progress equals its progress delta_s earlier.
    `times[k]` is the k-th sample's time, `progress[i][k]` flow i's counter there;
    samples are evenly spaced by the scenario's sample_interval_s."""
    dt = float(sc["sample_interval_s"])
    lag = round(delta_s / dt)
    first = next(k for k, t in enumerate(times) if t >= from_s - dt / 2)
    if first < lag:
        raise ValueError(f"from_s {from_s} leaves less than delta_s {delta_s} of samples before it")
    groups: dict = {}
    for f, p in zip(sc["flows"], progress):
        ks = range(first, len(times))
        silent = sum(p[k] == p[k - lag] for k in ks) / len(ks)
        groups.setdefault(f["group"], []).append(silent)
    return {g: sum(v) / len(v) for g, v in sorted(groups.items())}


def _satcc_progress(sc: dict, flows_table) -> tuple[list, list[list]]:
    names = flows_table.column("flow").to_pylist()
    times = flows_table.column("time_s").to_pylist()
    seqs = flows_table.column("seqno").to_pylist()
    by_flow: dict = {}
    for name, t, q in zip(names, times, seqs):
        by_flow.setdefault(name, []).append((t, q))
    series = [by_flow[f["name"]] for f in sc["flows"]]
    # a flow is sampled from its start on: align every series on the common tail
    m = min(len(x) for x in series)
    series = [x[len(x) - m:] for x in series]
    return [t for t, _ in series[0]], [[q for _, q in x] for x in series]


def tcl_for(case: str, seed: int) -> str:
    # SACK flows (the geo-sack cases) as ns-2's Sack1: compared in aggregate only
    return ns2.to_tcl(CASES[case](seed), ns2_seed=seed, sample_acks=case in SILENCE, sack1=True)


def _mean(xs):
    xs = [x for x in xs if x is not None]
    return sum(xs) / len(xs) if xs else None


def aggregate(per_seed: list[dict]) -> dict:
    groups = sorted({g for m in per_seed for g in m["groups"]})
    return {
        "utilization": _mean([m["utilization"] for m in per_seed]),
        "loss_rate": _mean([m["loss_rate"] for m in per_seed]),
        "jain": _mean([m["jain"] for m in per_seed]),
        "goodput_mbps": _mean([m["goodput_mbps"] for m in per_seed]),
        "rto_count": _mean([m["rto_count"] for m in per_seed]),
        "groups": {g: _mean([m["groups"].get(g) for m in per_seed]) for g in groups},
        **({"silent": {g: _mean([m["silent"][g] for m in per_seed]) for g in per_seed[0]["silent"]}}
           if "silent" in per_seed[0] else {}),
    }


def satcc_metrics(case: str) -> list[dict]:
    out = []
    for seed in seeds_for(case):
        d = CASES[case](seed)
        r = run(d)
        m = ns2.comparable(d, r.summary)
        if case in SILENCE:
            m["silent"] = silent_fractions(d, *_satcc_progress(d, r.flows), **SILENCE[case])
        out.append(m)
    return out


def reference(case: str) -> dict:
    return json.loads((ROOT / "reference" / f"{case}.json").read_text())


def compare(case: str) -> tuple[list[str], dict, dict]:
    """Return (failures, ours, ns-2's) for a case; failures is empty when within tolerance."""
    ref = reference(case)
    ours = aggregate(satcc_metrics(case))
    theirs = ref["aggregate"]
    fails = []
    if theirs["utilization"] is not None:
        if abs(ours["utilization"] - theirs["utilization"]) > TOLERANCE["utilization_abs"]:
            fails.append(f"utilization {ours['utilization']:.4f} vs ns-2 {theirs['utilization']:.4f}")
    if abs(ours["loss_rate"] - theirs["loss_rate"]) > TOLERANCE["loss_rate_rel"] * theirs["loss_rate"]:
        fails.append(f"loss rate {ours['loss_rate']:.5f} vs ns-2 {theirs['loss_rate']:.5f}")
    if abs(ours["jain"] - theirs["jain"]) > TOLERANCE["jain_abs"]:
        fails.append(f"Jain {ours['jain']:.4f} vs ns-2 {theirs['jain']:.4f}")
    if abs(ours["rto_count"] - theirs["rto_count"]) > max(RTO_TOLERANCE_REL * theirs["rto_count"], RTO_TOLERANCE_ABS):
        fails.append(f"timeouts per run {ours['rto_count']:.2f} vs ns-2 {theirs['rto_count']:.2f}")
    for g, v in theirs["groups"].items():
        if abs(ours["groups"][g] - v) > TOLERANCE["group_rel"] * v:
            fails.append(f"group {g} goodput {ours['groups'][g]:.4f} vs ns-2 {v:.4f} Mb/s")
    for g, v in theirs.get("silent", {}).items():
        if abs(ours["silent"][g] - v) > SILENCE_TOLERANCE_ABS:
            fails.append(f"group {g} silent fraction {ours['silent'][g]:.4f} vs ns-2 {v:.4f}")
    return fails, ours, theirs


def refresh(cases: list[str]) -> None:
    if not ns2.available():
        sys.exit("ns-2 is not installed: apt-get install -y ns2")
    for case in cases:
        per_seed = []
        tdir = ROOT / "tcl" / case
        tdir.mkdir(parents=True, exist_ok=True)
        for seed in seeds_for(case):
            d = CASES[case](seed)
            tcl = tcl_for(case, seed)
            (tdir / f"seed{seed}.tcl").write_text(tcl)
            raw = ns2.run_tcl(tcl)
            m = ns2.metrics_from_ns2(d, raw)
            if case in SILENCE:
                samples = raw["samples"]
                m["silent"] = silent_fractions(d, [row[0] for row in samples],
                                               [[row[1 + i] for row in samples] for i in range(len(d["flows"]))],
                                               **SILENCE[case])
            per_seed.append(m)
            print(f"{case} seed {seed}: done", file=sys.stderr)
        rec = {
            "case": case,
            "doc": (getattr(CASES[case], "func", CASES[case]).__doc__ or "").strip() or None,
            "ns2": "ns-2 2.35 (Debian package ns2)",
            "seeds": seeds_for(case),
            "tcl_sha256": {str(s): hashlib.sha256((tdir / f"seed{s}.tcl").read_bytes()).hexdigest()
                           for s in seeds_for(case)},
            "per_seed": per_seed,
            "aggregate": aggregate(per_seed),
        }
        (ROOT / "reference").mkdir(parents=True, exist_ok=True)
        (ROOT / "reference" / f"{case}.json").write_text(json.dumps(rec, indent=1, sort_keys=True) + "\n")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m satcc.difftest")
    ap.add_argument("command", choices=["refresh", "compare"])
    ap.add_argument("cases", nargs="*", default=list(CASES))
    a = ap.parse_args(argv)
    if a.command == "refresh":
        if not ns2.available():
            sys.exit("ns-2 is not installed: apt-get install -y ns2")
        refresh(a.cases)
        refresh_drops([c for c in a.cases if c in DROPS])
        return 0
    bad = 0
    for case in a.cases:
        fails, ours, theirs = compare(case)
        print(f"{case}:")
        for k in ("utilization", "loss_rate", "jain", "goodput_mbps", "rto_count"):
            o, t = ours[k], theirs[k]
            if t is not None:
                print(f"  {k:14s} satcc {o:10.5f}   ns-2 {t:10.5f}")
        for g, t in theirs["groups"].items():
            print(f"  group {g:8s} satcc {ours['groups'][g]:10.5f}   ns-2 {t:10.5f}")
        for g, t in theirs.get("silent", {}).items():
            print(f"  silent {g:7s} satcc {ours['silent'][g]:10.5f}   ns-2 {t:10.5f}")
        if case in DROPS:
            dfails = compare_drops(case)
            print(f"  every bottleneck drop of seeds {DROPS[case]['seeds']} over {DROPS[case]['duration_s']} s: "
                  + ("identical to ns-2's" if not dfails else "DIFFER"))
            fails += dfails
        for f in fails:
            if f in unexplained(case, fails):
                print(f"  OUT OF TOLERANCE: {f}")
            else:
                print(f"  KNOWN APART: {f} ({KNOWN_APART[case][1]})")
        bad += bool(unexplained(case, fails))
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
