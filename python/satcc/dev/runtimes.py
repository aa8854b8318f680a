"""Expected run times of the catalog's experiments, measured once on this machine class
and stored with the catalog (python/satcc/experiments/catalog/runtimes.json), so that
`satcc list` can say which experiments take seconds and which take an hour.

`measure` times `satcc reproduce ID` itself (runs at full length, the store, the
report and its plots) into an empty store twice, with 1 seed and with 2, on the given
number of worker processes: the difference is the cost of one more seed, the rest the
fixed cost (starting workers, the report). An experiment's expected wall time is then
fixed + per_seed x seeds. The seeds differ only in random streams, so their cost
differs little.

`--sample K` is for the largest sweeps (measuring them twice would take an hour): it
times every K-th run of seed 1 alone on the worker processes and scales by the number
of runs (per_seed = sampled core seconds x K / workers; fixed: that of the smallest
measured experiment); the entry says it was sampled.

    python -m satcc.dev.runtimes measure [ID ...] [--jobs N] [--sample K]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from datetime import date
from pathlib import Path

PATH = Path(__file__).resolve().parents[1] / "experiments" / "catalog" / "runtimes.json"


def load() -> dict:
    """The stored measurements: {"machine": {...}, "experiments": {id: {...}}}."""
    try:
        return json.loads(PATH.read_text())
    except (OSError, ValueError):
        return {"machine": {}, "experiments": {}}


def expected_s(exp, seeds: int | None = None) -> float | None:
    """Expected wall seconds of `satcc reproduce ID` from nothing stored, on the machine
    and worker count of the measurement (None: not measured). An experiment without
    runs (a calculation) is timed like any other."""
    m = load()["experiments"].get(exp.id)
    if m is None:
        return None
    return m["fixed_s"] + m["per_seed_s"] * (seeds or exp.seeds)


def human(seconds: float | None) -> str:
    if seconds is None:
        return "not measured (python -m satcc.dev.runtimes measure ID)"
    if seconds < 1:
        return "under a second"
    if seconds < 90:
        return f"about {seconds:.0f} s"
    if seconds < 90 * 60:
        return f"about {seconds / 60:.0f} min"
    return f"about {seconds / 3600:.1f} h"


def _reproduce_s(exp_id: str, seeds: int, jobs: int) -> float:
    import tempfile

    from satcc.experiments.api import reproduce

    with tempfile.TemporaryDirectory() as store:
        t0 = time.perf_counter()
        reproduce(exp_id, store=store, seeds=seeds, jobs=jobs, quiet=True)
        return time.perf_counter() - t0


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _sampled(exp, every: int, jobs: int) -> tuple[float, int]:
    """(per-seed wall seconds, runs timed) from every `every`-th run of seed 1."""
    from concurrent.futures import ProcessPoolExecutor

    runs = exp.expand(seeds=1)[::every]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        core_s = sum(pool.map(_run_s, [r.scenario for r in runs]))
    return core_s * len(exp.expand(seeds=1)) / len(runs) / jobs, len(runs)


def _run_s(scenario: dict) -> float:
    from satcc.run import run

    t0 = time.perf_counter()
    run(scenario)
    return time.perf_counter() - t0


def measure(ids: list[str] | None = None, jobs: int = 2, sample: int | None = None) -> dict:
    from satcc.experiments.registry import builtin_experiments

    data = load()
    exps = [e for e in builtin_experiments() if not ids or e.id in ids]
    unknown = set(ids or ()) - {e.id for e in builtin_experiments()}
    if unknown:
        raise SystemExit(f"unknown experiment(s): {', '.join(sorted(unknown))}")
    data["machine"] = {"cores": os.cpu_count(), "cpu": _cpu_model(), "measured": date.today().isoformat(),
                       "jobs": jobs}
    for k, e in enumerate(exps, 1):
        if sample:
            per_seed, n = _sampled(e, sample, jobs)
            fixed = min((m["fixed_s"] for m in data["experiments"].values() if "sampled" not in m), default=0.0)
            data["experiments"][e.id] = {"fixed_s": fixed, "per_seed_s": round(per_seed, 2),
                                         "sampled": f"{n} runs, every {sample}th of seed 1"}
            PATH.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
            print(f"[{k}/{len(exps)}] {e.id}: sampled {n} runs; {human(expected_s(e))} for its {e.seeds} seeds",
                  file=sys.stderr, flush=True)
            continue
        one = _reproduce_s(e.id, 1, jobs)
        two = _reproduce_s(e.id, 2, jobs)
        per_seed = max(0.0, two - one)
        data["experiments"][e.id] = {"fixed_s": round(max(0.0, one - per_seed), 2), "per_seed_s": round(per_seed, 2)}
        PATH.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")  # kept if interrupted
        print(f"[{k}/{len(exps)}] {e.id}: 1 seed {one:.1f} s, 2 seeds {two:.1f} s; "
              f"{human(expected_s(e))} for its {e.seeds} seeds", file=sys.stderr, flush=True)
    return data


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m satcc.dev.runtimes", description=__doc__.split("\n\n")[0])
    ap.add_argument("command", choices=["measure"])
    ap.add_argument("ids", nargs="*", help="experiments to measure (default: every one)")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--sample", type=int, metavar="K", help="time every K-th run of seed 1 and scale (large sweeps)")
    a = ap.parse_args(argv)
    try:
        measure(a.ids or None, a.jobs, a.sample)
    except ValueError as e:
        # a run refused (over the budget, an invalid scenario): its one-line reason, as
        # `satcc reproduce` gives it, not a worker's traceback
        print(f"python -m satcc.dev.runtimes: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
