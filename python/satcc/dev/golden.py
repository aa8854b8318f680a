"""Golden runs: proof that a refactor changes no result.

`record` runs every catalog experiment's --quick runs and the standard bench scenario
and writes, for each run, its event count and a hash of its summary.json text; for the
first run of each experiment (and the bench scenario) also a hash of every time-series
column as the Python front returns it. `check` reruns and compares. The file
(tests/golden/catalog-quick.json) is recorded once, before a refactor, and must stay
byte-identical through it; a change that is meant to move results records it again in
its own commit, saying why.

    python -m satcc.dev.golden record [--jobs N]
    python -m satcc.dev.golden check [--jobs N] [--every K | --series]

`--every K` checks the first run of every experiment and every K-th run after it;
`--series` only the runs whose time series are golden (the bench scenario and each
experiment's first run); without either every run is checked. The test suite checks
`--series` and holds the runs a quick `reproduce` stored to their golden entries
(`stored_differences`), so that CI simulates each quick run once, not once for its
report and again for this file.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

GOLDEN = Path(__file__).resolve().parents[3] / "tests" / "golden" / "catalog-quick.json"
BENCH_ID = "bench.standard"


def _digest(text: str | bytes) -> str:
    return hashlib.sha256(text.encode() if isinstance(text, str) else text).hexdigest()[:20]


def _series_digest(result) -> dict[str, str]:
    """One hash per time-series column of a RunResult (Arrow tables)."""
    out = {}
    for name in ("queue", "flows", "drops", "feedback"):
        table = getattr(result, name)
        for col in table.column_names:
            arr = table.column(col).combine_chunks()
            h = hashlib.sha256(str(arr.type).encode())
            parts = [arr] + ([arr.dictionary] if hasattr(arr, "dictionary") else [])
            for part in parts:
                for buf in part.buffers():
                    if buf is not None:
                        h.update(buf.to_pybytes())
            out[f"{name}.{col}"] = h.hexdigest()[:20]
    return out


def _one(task: tuple[str, str, bool]) -> tuple[str, dict]:
    """Worker: run one scenario; its golden entry."""
    key, scenario_json, series = task
    if series:
        from satcc.run import run

        r = run(json.loads(scenario_json))
        entry = {"events": r.summary["totals"]["events"], "summary": _digest(r.summary_json),
                 "series": _series_digest(r)}
    else:
        from satcc import _core

        text = _core.run_json(scenario_json, series=False)["summary"]
        entry = {"events": json.loads(text)["totals"]["events"], "summary": _digest(text)}
    return key, entry


def experiments() -> list:
    """The experiments whose --quick runs are golden runs: the catalog's own, not those
    tests or users register."""
    from satcc.experiments.registry import builtin_experiments

    return builtin_experiments()


def tasks() -> list[tuple[str, str, bool]]:
    """Every golden run, in a stable order: (key, scenario JSON, with series)."""
    from satcc.dev.bench import bench_scenario

    out = [(BENCH_ID, json.dumps(bench_scenario()), True)]
    for e in experiments():
        for i, r in enumerate(e.expand(quick=True)):
            out.append((golden_key(e.id, r), json.dumps(r.scenario), i == 0))
    return out


def golden_key(exp_id: str, run) -> str:
    """A run's key in the golden file."""
    return f"{exp_id} {run.point_id} seed={run.seed}"


def stored_differences(exp, store, file: Path) -> list[str]:
    """How the quick runs of `exp` that a `reproduce(..., quick=True)` kept in `store` (a
    Store) differ from their golden entries in `file` (GOLDEN in a checkout; the tests
    give their own copy's path, as an installed satcc has none): event count and summary
    hash (the series are checked by `check` on each experiment's first run). A run not
    stored is a difference too."""
    expected = json.loads(Path(file).read_text())
    diffs = []
    for r in exp.expand(quick=True):
        k = golden_key(exp.id, r)
        e = expected.get(k)
        text = store.summary_json(r.key)
        if e is None:
            diffs.append(f"{k}: not in the golden file (a new run: record again in its own commit)")
        elif text is None:
            diffs.append(f"{k}: not stored by the sweep")
        else:
            events = json.loads(text)["totals"]["events"]
            if events != e["events"]:
                diffs.append(f"{k}: events {events} != golden {e['events']}")
            if _digest(text) != e["summary"]:
                diffs.append(f"{k}: summary {_digest(text)} != golden {e['summary']}")
    return diffs


def run_all(selected: list[tuple[str, str, bool]], jobs: int, progress: bool = True) -> dict[str, dict]:
    from tqdm import tqdm

    got = {}
    with ProcessPoolExecutor(max_workers=jobs) as ex:
        it = ex.map(_one, selected, chunksize=4)
        for key, entry in tqdm(it, total=len(selected), desc="golden runs", disable=not progress,
                               file=sys.stderr):
            got[key] = entry
    return got


def select(all_tasks: list[tuple[str, str, bool]], every: int | None,
           series_only: bool = False) -> list[tuple[str, str, bool]]:
    """Every task with series, plus every `every`-th of the others (all when None, none
    when `series_only`)."""
    if series_only:
        return [t for t in all_tasks if t[2]]
    if every is None:
        return all_tasks
    return [t for i, t in enumerate(all_tasks) if t[2] or i % every == 0]


def compare(expected: dict[str, dict], got: dict[str, dict]) -> list[str]:
    """Human-readable differences (empty when identical)."""
    diffs = []
    for key, g in got.items():
        e = expected.get(key)
        if e is None:
            diffs.append(f"{key}: not in the golden file (a new run: record again in its own commit)")
            continue
        for field in ("events", "summary"):
            if e[field] != g[field]:
                diffs.append(f"{key}: {field} {g[field]} != golden {e[field]}")
        for col, h in g.get("series", {}).items():
            if e.get("series", {}).get(col) != h:
                diffs.append(f"{key}: series column {col} differs")
        for col in set(e.get("series", {})) - set(g.get("series", {})):
            diffs.append(f"{key}: series column {col} is gone")
    return diffs


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m satcc.dev.golden", description=__doc__.split("\n\n")[0])
    ap.add_argument("action", choices=("record", "check"))
    ap.add_argument("--jobs", type=int, default=2)
    which = ap.add_mutually_exclusive_group()
    which.add_argument("--every", type=int, default=None, help="check: the first run of each experiment and every K-th")
    which.add_argument("--series", action="store_true",
                       help="check: only the runs whose time series are golden (the bench, each experiment's first run)")
    ap.add_argument("--file", type=Path, default=GOLDEN)
    a = ap.parse_args(argv)
    if a.jobs < 1:
        ap.error(f"--jobs: must be at least 1, got {a.jobs}")
    if a.every is not None and a.every < 1:
        ap.error(f"--every: must be at least 1, got {a.every}")
    if a.action == "record" and (a.every is not None or a.series):
        ap.error("--every and --series choose the runs `check` reruns; `record` records every run")
    if a.action == "check" and not a.file.exists():
        ap.error(f"--file: {a.file} does not exist (record it first: python -m satcc.dev.golden record)")
    all_tasks = tasks()
    if a.action == "record":
        got = run_all(all_tasks, a.jobs)
        a.file.parent.mkdir(parents=True, exist_ok=True)
        a.file.write_text(json.dumps({k: got[k] for k, _, _ in all_tasks}, indent=0, sort_keys=False) + "\n")
        print(f"recorded {len(got)} runs in {a.file}")
        return 0
    expected = json.loads(a.file.read_text())
    missing = [k for k in expected if k not in {t[0] for t in all_tasks}]
    got = run_all(select(all_tasks, a.every, a.series), a.jobs)
    diffs = compare(expected, got) + [f"{k}: in the golden file but no longer a catalog run" for k in missing]
    for d in diffs[:50]:
        print(d)
    if len(diffs) > 50:
        # the rest by experiment and grid point, so that what changed is seen whole
        by_point: dict[str, set[str]] = {}
        for d in diffs:
            key = d.split(": ", 1)[0]
            by_point.setdefault(key.rsplit(" seed=", 1)[0], set()).add(key)
        print(f"... {len(diffs) - 50} more; runs that differ, by experiment and point:")
        for point, keys in sorted(by_point.items()):
            print(f"  {point}: {len(keys)} run(s)")
    print(f"{len(got)} runs checked, {len(diffs)} differences")
    return 1 if diffs else 0


if __name__ == "__main__":
    raise SystemExit(main())
