"""reproduce() and report(): the functions behind `satcc reproduce` and `satcc report`."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from .definition import Experiment, ExperimentError, Run
from .registry import get
from .report import aggregate, write_report
from .runner import Outcome, run_experiment, run_sweep
from .store import Store

DEFAULT_STORE = "satcc-results"


def _exp(exp: str | Experiment) -> Experiment:
    return exp if isinstance(exp, Experiment) else get(exp)


def report(exp: str | Experiment, store: str | Path = DEFAULT_STORE, out: str | Path | None = None,
           seeds: int | None = None, quick: bool = False, grid: dict | None = None) -> dict:
    """Aggregate what the store holds for this experiment and write its report."""
    e = _exp(exp)
    st = Store(store)
    if e.analysis is not None:
        from .definition import Results

        out_dir = Path(out) if out else st.root / "reports" / e.id
        out_dir.mkdir(parents=True, exist_ok=True)
        rows, claims = e.analysis(out_dir)
        rep = write_report(e, Results(e, rows), out_dir, True, 0, 0, analysis_claims=claims)
        rep["out_dir"] = str(out_dir)
        return rep
    runs = e.expand(seeds=seeds, quick=quick, grid=grid)
    st.quarantine_bad(deep=False)
    keys = st.keys_of(e.id)
    stored = sum(r.key in keys for r in runs)
    if stored == 0:
        other = st.query("SELECT count(DISTINCT key) FROM runs WHERE experiment = ?", [e.id]).fetchone()[0]
        why = (f" ({other} stored runs of it have other settings or come from another build of the "
               f"simulator, whose results are not reused)") if other else ""
        raise ExperimentError(f"{e.id}: no stored runs in {st.root} for these settings{why}; "
                              f"run: satcc reproduce {e.id}" + (" --quick" if quick else ""))
    res = aggregate(e, st, runs)
    out_dir = Path(out) if out else st.root / "reports" / (e.id + ("-quick" if quick else ""))
    rep = write_report(e, res, out_dir, stored == len(runs), len(runs), stored, store=st, runs=runs, quick=quick)
    rep["out_dir"] = str(out_dir)
    return rep


def reproduce(exp: str | Experiment, store: str | Path = DEFAULT_STORE, out: str | Path | None = None,
              seeds: int | None = None, quick: bool = False, jobs: int | None = None,
              cluster: str | None = None, grid: dict | None = None, quiet: bool = False) -> tuple[Outcome, dict | None]:
    """Run what is missing of an experiment, then report. Returns (outcome, report);
    the report is None when the sweep was interrupted before any run was stored."""
    e = _exp(exp)
    if jobs is not None and jobs < 1:
        raise ExperimentError(f"--jobs: must be at least 1, got {jobs}")
    runs = e.expand(seeds=seeds, quick=quick, grid=grid)
    st = Store(store)
    outcome = run_experiment(e, st, runs, jobs=jobs, cluster=cluster, quiet=quiet)
    if outcome.interrupted:
        print(f"stopped: {outcome.already + outcome.done} of {outcome.total} runs are stored in {st.root}; "
              f"rerun the same command to finish", file=sys.stderr)
    try:
        rep = report(e, st.root, out, seeds=seeds, quick=quick, grid=grid)
    except ExperimentError:
        rep = None
    return outcome, rep


def _run_costs(items: list[tuple[Experiment, Run]]) -> dict[str, float]:
    """Expected wall seconds of one full-length run of each experiment, from the
    catalog's measured run times (catalog/runtimes.json: its cost per seed over its runs
    per seed); unmeasured experiments are left out."""
    from collections import Counter

    from ..dev import runtimes

    measured = runtimes.load()["experiments"]
    per_seed = Counter(e.id for e, r in items if r.seed == 1)
    return {i: measured[i]["per_seed_s"] / n for i, n in per_seed.items() if i in measured}


def reproduce_all(store: str | Path = DEFAULT_STORE, out: str | Path | None = None, seeds: int | None = None,
                  quick: bool = False, jobs: int | None = None, cluster: str | None = None, quiet: bool = False,
                  experiments: list[Experiment] | None = None) -> tuple[Outcome, list[tuple[str, dict | None, str]]]:
    """Every experiment of the catalog (or `experiments`) in one sweep, then each one's
    report. A run that several experiments share (equal scenarios) is simulated once;
    the runs go to the workers longest first (by the catalog's measured run times), so
    no worker idles at the end of one experiment while another still has runs. Returns
    the sweep's outcome and, per experiment, (id, report or None, why there is none)."""
    from .registry import all_experiments

    if jobs is not None and jobs < 1:
        raise ExperimentError(f"--jobs: must be at least 1, got {jobs}")
    exps = experiments if experiments is not None else all_experiments()
    items = [(e, r) for e in exps for r in e.expand(seeds=seeds, quick=quick)]
    cost = _run_costs(items)
    typical = sorted(cost.values())[len(cost) // 2] if cost else 0.0

    def expected_s(job) -> float:
        # a quick run is cut short, but the experiments' order of cost holds
        return max(cost.get(e.id, typical) for e, _ in job.owners)

    st = Store(store)
    outcome = run_sweep(items, st, "catalog", jobs=jobs, cluster=cluster, quiet=quiet, cost=expected_s)
    reports = []
    if outcome.interrupted:
        print(f"stopped: {outcome.already + outcome.done} of {outcome.total} runs are stored in {st.root}; "
              f"rerun the same command to finish (no report was written)", file=sys.stderr)
        return outcome, reports
    t0 = time.perf_counter()
    base = Path(out) if out else None
    where = {e.id: base / (e.id + ("-quick" if quick else "")) if base else None for e in exps}
    done = _reports_in_workers(exps, st.root, where, seeds, quick, jobs if cluster is None else 1)
    for e in exps:
        if e.id not in done:
            done[e.id] = _report_or_why(e, st.root, where[e.id], seeds, quick)
        reports.append((e.id, *done[e.id]))
    if reports:
        from .html import write_index

        # once more, now that every report is there (workers wrote it as they went)
        for d in {Path(rep["out_dir"]).parent for _, rep, _ in reports if rep is not None}:
            write_index(d)
    outcome.reports_s = time.perf_counter() - t0
    return outcome, reports


def _report_or_why(exp, store_root, out, seeds, quick) -> tuple[dict | None, str]:
    try:
        return report(exp, store_root, out, seeds=seeds, quick=quick), ""
    except ExperimentError as ex:
        return None, str(ex)


def _report_by_id(exp_id, store_root, out, seeds, quick) -> tuple[dict | None, str]:
    from .registry import get

    return _report_or_why(get(exp_id), store_root, out, seeds, quick)


def _reports_in_workers(exps, store_root, where, seeds, quick, jobs) -> dict:
    """The catalog's own experiments' reports (mostly drawing plots: 40 s of the quick
    catalog's 85) written by `jobs` worker processes; a worker finds an experiment by its
    id, so experiments of a user's file or made in code are left to the caller."""
    import multiprocessing as mp
    import os
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    from .registry import builtin_experiments
    from .runner import _abandon, _worker_init

    jobs = jobs or os.cpu_count() or 1
    builtin = {id(b) for b in builtin_experiments()}
    ours = [e for e in exps if id(e) in builtin]
    if jobs < 2 or len(ours) < 2:
        return {}
    ex = ProcessPoolExecutor(max_workers=min(jobs, len(ours)), mp_context=mp.get_context("spawn"),
                             initializer=_worker_init, initargs=(os.getpid(),))
    done = {}
    try:
        futs = {e.id: ex.submit(_report_by_id, e.id, str(store_root), where[e.id], seeds, quick) for e in ours}
        for i, f in futs.items():
            done[i] = f.result()
    except BrokenProcessPool:
        _abandon(ex)  # a worker died: the caller writes the reports not done
        return done
    except BaseException:
        _abandon(ex)
        raise
    ex.shutdown(wait=True)
    return done
