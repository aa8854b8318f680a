"""What an experiment is: a base scenario built from parameters, a grid of parameter
values, a number of seeds, the metrics each run yields, the plots and the claims."""

from __future__ import annotations

import hashlib
import itertools
import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from .. import __version__
from .._core import SOURCE_HASH
from ..errors import ExperimentError
from ..scenario import ScenarioError, validate




# Seeds per grid point: 1,000 gives a 95 % interval 30 times narrower than 2 seeds; more
# is a typo (docs/limits.md).
MAX_SEEDS = 1000
# Runs in one sweep (grid points x seeds), so that a typo in a grid cannot queue a
# month of work.
MAX_RUNS = 1_000_000
# A figure's or trace's name becomes a file name in the report: a name, never a path.
NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}")


def check_name(kind: str, name) -> None:
    if not isinstance(name, str) or not NAME.fullmatch(name) or ".." in name:
        raise ExperimentError(f"{kind} name {name!r}: must be a file name of letters, digits, '_', '.' and '-' "
                              "(no '/', no '..', at most 100 characters)")


@dataclass(frozen=True)
class Param:
    """A grid dimension: its values, and the range any value must lie in."""

    values: tuple
    min: float | None = None
    max: float | None = None
    doc: str = ""

    def check(self, name: str, v: Any) -> None:
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            if (self.min is not None and v < self.min) or (self.max is not None and v > self.max):
                lo = "-inf" if self.min is None else f"{self.min:g}"
                hi = "inf" if self.max is None else f"{self.max:g}"
                raise ExperimentError(f"grid value out of range: {name}={v:g} (allowed {lo} to {hi})")


@dataclass(frozen=True)
class PlotSpec:
    """One figure: `y` metrics against grid parameter `x` (or per group when x is None)."""

    name: str
    y: tuple[str, ...]
    x: str | None = None
    logx: bool = False
    ylabel: str = ""
    title: str = ""
    # a grid parameter whose values are drawn as separate lines (e.g. the scheme); any
    # other grid parameter left free by `where` also splits the lines, never mixes them
    series: str | None = None
    # only the grid points with these values, e.g. (("access_speedup", 1.05),)
    where: tuple = ()

    def __post_init__(self):
        check_name("plot", self.name)


@dataclass(frozen=True)
class TraceSpec:
    """A time-series figure drawn from the stored series of seed 1 of some grid points.

    kind: "sequence" (in-order seqno per flow), "cwnd", "queue" or "utilization"
    (of `link`). One panel per grid point in `points` (default: every point)."""

    name: str
    kind: str
    link: str | None = None
    points: tuple[dict, ...] | None = None
    every_nth_flow: int = 1
    title: str = ""

    def __post_init__(self):
        check_name("trace", self.name)


@dataclass(frozen=True)
class Claim:
    """A statement of the paper, and a check of it on our aggregated results.

    check(results) -> (what we found, as text; whether the statement holds)."""

    statement: str
    source: str
    check: Callable[["Results"], tuple[str, bool]]


@dataclass
class Run:
    """One simulation to do: a grid point and a seed."""

    experiment: str
    point: dict
    point_id: str
    seed: int
    scenario: dict
    key: str


def run_key(scenario: dict) -> str:
    """Content key of a run: the scenario (seed included), the satcc version and the
    simulator's source fingerprint, so a changed model never reuses stored runs. The
    scenario's `name` is a label the simulation never reads (it only heads the summary),
    so two experiments that build the same network under names of their own share the
    run."""
    scenario = {k: v for k, v in scenario.items() if k != "name"}
    blob = json.dumps({"scenario": scenario, "satcc": __version__, "core": SOURCE_HASH},
                      sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()[:32]


def point_id(point: dict) -> str:
    return json.dumps(point, sort_keys=True, separators=(",", ":"))


@dataclass
class Experiment:
    """A named experiment.

    build(**point) returns a scenario dict for one grid point; `metrics(summary,
    scenario)` turns a run's summary into named numbers (default: standard_metrics).
    `quick` maps settings for --quick (shorter duration_s, fewer seeds)."""

    id: str
    title: str
    source: str
    build: Callable[..., dict]
    grid: dict[str, Param] = field(default_factory=dict)
    seeds: int = 10
    plots: tuple[PlotSpec, ...] = ()
    claims: tuple[Claim, ...] = ()
    metrics: Callable[[dict, dict], dict] | None = None
    quick_duration_s: float = 5.0
    quick_seeds: int = 2
    notes: str = ""
    traces: tuple[TraceSpec, ...] = ()
    # experiments without simulations (e.g. an analysis): writes its own figures and
    # returns (results rows, claims) given the report directory
    analysis: Callable | None = None
    # a reference run per grid point (e.g. the all-NewReno run of a throughput ratio):
    # `reference(point)` gives the reference's grid point (built with `build` like any
    # other and run automatically, same seeds); `paired(metrics, reference_metrics)`
    # gives extra metrics per seed, aggregated like the others
    reference: Callable[[dict], dict] | None = None
    paired: Callable[[dict, dict], dict] | None = None

    def __post_init__(self):
        names = set(self.grid)
        for pl in self.plots:
            for what, k in [("x", pl.x), ("series", pl.series)] + [("where", k) for k, _ in pl.where]:
                if k is not None and k not in names:
                    raise ExperimentError(f"{self.id}: plot {pl.name!r}: {what} {k!r} is not a grid parameter "
                                          f"(grid: {', '.join(sorted(names)) or 'none'})")

    def keeps_series(self, run: "Run") -> bool:
        """Series (time series tables) are stored for seed 1 when a trace needs them."""
        return bool(self.traces) and run.seed == 1

    def expand(self, seeds: int | None = None, quick: bool = False,
               grid: dict[str, list] | None = None) -> list[Run]:
        """Every run of the experiment, in a stable order."""
        n = seeds if seeds is not None else (self.quick_seeds if quick else self.seeds)
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_SEEDS:
            raise ExperimentError(f"--seeds: must be a whole number from 1 to {MAX_SEEDS}, got {n!r}")
        dims = {k: list(p.values) for k, p in self.grid.items()}
        for k, vals in (grid or {}).items():
            if k not in self.grid:
                allowed = ", ".join(self.grid) or "none"
                raise ExperimentError(f"--grid: unknown parameter {k!r} for {self.id} (parameters: {allowed})")
            for v in vals:
                self.grid[k].check(k, v)
            dims[k] = list(vals)
        names = list(dims)
        total = n
        for k in names:
            total *= max(1, len(dims[k]))
        if total > MAX_RUNS:
            sizes = " x ".join(f"{len(dims[k])} {k}" for k in names)
            raise ExperimentError(f"{self.id}: {total:,} runs ({sizes} x {n} seeds) is more than the {MAX_RUNS:,} "
                                  "one sweep may hold (docs/limits.md)")
        runs = []
        if self.analysis is not None:
            return runs
        points = [dict(zip(names, combo)) for combo in (itertools.product(*[dims[k] for k in names]) if names else [()])]
        if self.reference is not None:
            # the reference points, each once, after the points that need them
            ids = {point_id(p) for p in points}
            for p in list(points):
                ref = self.reference(p)
                if point_id(ref) not in ids:
                    ids.add(point_id(ref))
                    points.append(ref)
        for point in points:
            try:
                base = self.build(**point)
            except (TypeError, ValueError) as e:
                raise ExperimentError(f"{self.id}: cannot build the scenario for {point}: {e}") from None
            if quick:
                base["duration_s"] = min(base["duration_s"], self.quick_duration_s)
                _cut_changes(base)
            base = json.loads(json.dumps(base))  # the builder's own objects are not kept
            base["seed"] = 1
            try:
                # once per point: the seeds' scenarios differ only in the seed, a whole
                # number from 1 like this one (8 s of the Table III fit's 960 runs)
                validate(base)
            except ScenarioError as e:
                raise ExperimentError(f"{self.id}: grid point {point} gives an invalid scenario: {e}") from None
            pid = point_id(point)
            for seed in range(1, n + 1):
                sc = {**base, "seed": seed}  # the rest shared: runs never change their scenario
                runs.append(Run(self.id, point, pid, seed, sc, run_key(sc)))
        return runs


def standard_metrics(summary: dict, scenario: dict) -> dict[str, float]:
    """Run-level metrics (DESIGN names) plus per-group mean throughput and goodput, with
    transfers (traffic: file) the share completed and their mean completion time, with
    UDP flows their goodput and loss rate, and with ping flows their mean round trip and
    the share of their requests lost."""
    t = summary["totals"]
    m = {
        "throughput_mbps": t["throughput_mbps"],
        "goodput_mbps": t["goodput_mbps"],
        "jain_fairness": t["jain_fairness"],
        "loss_rate": t["loss_rate"],
        "rto_count": float(t["rto_count"]),
    }
    if t.get("utilization") is not None:
        m["utilization"] = t["utilization"]
        m["avg_queue_pkts"] = t["avg_queue_pkts"]
        if t.get("avg_queue_pct") is not None:
            m["avg_queue_pct"] = t["avg_queue_pct"]
    for g in summary["groups"]:
        m[f"group:{g['group']}:throughput_mbps"] = g["mean_throughput_mbps"]
        m[f"group:{g['group']}:goodput_mbps"] = g["mean_goodput_mbps"]
    # transfers of a given size: the share completed, and the mean completion time of those
    fct = [f["fct_s"] for f in summary["flows"] if "fct_s" in f]
    if fct:
        done = [x for x in fct if x is not None]
        m["transfers_completed"] = len(done) / len(fct)
        if done:
            m["fct_mean_s"] = sum(done) / len(done)
    # UDP flows (transport: udp): what of theirs arrived, and the share of their
    # datagrams lost
    udp = [f for f in summary["flows"] if f.get("transport") == "udp"]
    if udp:
        m["udp_goodput_mbps"] = sum(f["goodput_mbps"] for f in udp)
        sent = sum(f["data_pkts_sent"] for f in udp)
        m["udp_loss_rate"] = sum(f["data_pkts_dropped"] for f in udp) / sent if sent else 0.0
    # ping flows (transport: ping): the mean round trip of every answered request, and
    # the share of requests lost either way
    pings = [f["pings"] for f in summary["flows"] if f.get("transport") == "ping"]
    if pings:
        answered = sum(p["answered"] for p in pings)
        if answered:
            m["ping_rtt_mean_ms"] = sum(p["rtt_mean_ms"] * p["answered"] for p in pings if p["answered"]) / answered
        sent = sum(p["sent"] for p in pings)
        m["ping_loss_rate"] = sum(p["requests_dropped"] + p["replies_dropped"] for p in pings) / sent if sent else 0.0
    return m


def _cut_changes(d: dict) -> None:
    """A quick run is its scenario cut short: rate and delay changes scheduled after its
    end are dropped (they would never happen; the scenario contract refuses them)."""
    end = d["duration_s"]
    for link in d.get("links", []):
        for where in (link, link.get("a_to_b") or {}, link.get("b_to_a") or {}):
            for key in ("rate_changes", "delay_changes"):
                if where.get(key):
                    where[key] = [c for c in where[key] if c["at_s"] <= end]


class Results:
    """Aggregated results of an experiment: per grid point and metric, the mean, the
    95 % confidence interval half-width and the number of seeds."""

    def __init__(self, experiment: Experiment, rows: list[dict]):
        self.experiment = experiment
        self.rows = rows  # {point, metric, mean, ci95, n}
        self._by = {(r["point_id"], r["metric"]): r for r in reversed(rows)}  # the first row wins, as a scan would

    def get(self, metric: str, **point) -> dict | None:
        return self._by.get((point_id(point), metric))

    def mean(self, metric: str, **point) -> float:
        r = self.get(metric, **point)
        if r is None:
            raise KeyError(f"no result for {metric} at {point}")
        return r["mean"]

    def points(self) -> list[dict]:
        seen, out = set(), []
        for r in self.rows:
            if r["point_id"] not in seen:
                seen.add(r["point_id"])
                out.append(r["point"])
        return out

    def metrics(self) -> list[str]:
        return sorted({r["metric"] for r in self.rows})
