"""Aggregate stored runs into a report: a table (ours next to the paper's claims),
plots with 95 % confidence intervals (PNG and SVG) and report.json."""

from __future__ import annotations

import json
import math
from collections import defaultdict
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from .. import __version__  # noqa: E402
from ..papers import citation, cited, keys_in  # noqa: E402
from .._core import SOURCE_HASH  # noqa: E402
from .definition import Experiment, Results, Run, point_id  # noqa: E402
from .stats import interval, mean_ci  # noqa: E402
from .store import Store  # noqa: E402


def aggregate(exp: Experiment, store: Store, runs: list[Run]) -> Results:
    """Mean and 95 % CI per grid point and metric over the stored runs in `runs`."""
    points = {r.point_id: r.point for r in runs}
    # a run belongs to every grid point whose scenario it is (two points can build the
    # same scenario, e.g. a parameter the scheme ignores): attribute by key, not by
    # the point stored with it
    pids_of_key = defaultdict(list)
    for r in runs:
        pids_of_key[r.key].append(r.point_id)
    vals = defaultdict(list)
    per_run = defaultdict(dict)  # (key, seed) -> {metric: value}
    for key, _pid, seed, metric, value in store.values(list(pids_of_key), exp.id):
        per_run[(key, seed)][metric] = value
        for pid in pids_of_key[key]:
            vals[(pid, metric)].append(value)
    if exp.reference is not None and exp.paired is not None:
        key_of = {(r.point_id, r.seed): r.key for r in runs}
        for r in runs:
            ref_key = key_of.get((point_id(exp.reference(r.point)), r.seed))
            mine, ref = per_run.get((r.key, r.seed)), per_run.get((ref_key, r.seed))
            if mine is None or ref is None:
                continue  # a run not (yet) stored: its pair is left out, not guessed
            for metric, value in exp.paired(mine, ref).items():
                vals[(r.point_id, metric)].append(value)
    order = {pid: i for i, pid in enumerate(dict.fromkeys(r.point_id for r in runs))}
    rows = []
    for (pid, metric), vs in sorted(vals.items(), key=lambda kv: (order[kv[0][0]], kv[0][1])):
        m, ci, n = mean_ci(vs)
        lo, hi, clipped = interval(metric, m, ci)
        rows.append({"point_id": pid, "point": points[pid], "metric": metric, "mean": m, "ci95": ci, "n": n,
                     "ci_lo": lo, "ci_hi": hi, "clipped": clipped})
    return Results(exp, rows)


def _fmt(v) -> str:
    if isinstance(v, str):
        return v
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "-"
    a = abs(v)
    if a != 0 and (a < 1e-3 or a >= 1e5):
        return f"{v:.3e}"
    return f"{v:.4g}"


def _err(r: dict) -> tuple[float, float]:
    """(below, above) the mean: the 95 % interval clipped to the metric's range."""
    if math.isnan(r["ci95"]):
        return 0.0, 0.0
    lo, hi = r.get("ci_lo", r["mean"] - r["ci95"]), r.get("ci_hi", r["mean"] + r["ci95"])
    return max(0.0, r["mean"] - lo), max(0.0, hi - r["mean"])


def _cell(r: dict | None) -> str:
    """A table cell: mean ± half-width, or the clipped interval marked with *."""
    if r is None:
        return "-"
    if r.get("clipped"):
        return f"{_fmt(r['mean'])} [{_fmt(r['ci_lo'])}, {_fmt(r['ci_hi'])}]*"
    return f"{_fmt(r['mean'])} ± {_fmt(r['ci95'])}"


def plot_lines(spec, points: list[dict], order: tuple = ()) -> dict[tuple, list[dict]]:
    """The lines of an x-y plot: one per combination of the grid parameters other than x
    and those fixed by `where` (the series first), so that points differing in any of
    them are never joined. Keys are ((param, value), ...); points sorted by x, numbers
    by value and names (e.g. link types) in the grid's `order`."""
    fixed = {k for k, _ in spec.where}
    groups: dict = {}
    for p in points:
        rest = [k for k in p if k not in fixed and k != spec.x and k != spec.series]
        key = tuple([(spec.series, p[spec.series])] if spec.series in p else []) + tuple((k, p[k]) for k in rest)
        groups.setdefault(key, []).append(p)

    def x_key(q):
        v = q[spec.x]
        if isinstance(v, str):
            return (order.index(v) if v in order else len(order), v)
        return (0, v)

    return {k: sorted(v, key=x_key) for k, v in groups.items()}


def _plot(exp: Experiment, res: Results, spec, out: Path) -> list[Path]:
    fig, ax = plt.subplots(figsize=(6.4, 4.0))
    chosen = [p for p in res.points() if all(p.get(k) == v for k, v in spec.where)]
    if spec.x is not None:
        groups = plot_lines(spec, chosen, tuple(exp.grid[spec.x].values) if spec.x in exp.grid else ())
        for key, pts in groups.items():
            for metric in spec.y:
                ys, es, xx = [], [], []
                for p in pts:
                    r = res.get(metric, **p)
                    if r is not None:
                        xx.append(p[spec.x])
                        ys.append(r["mean"])
                        es.append(_err(r))
                name = ", ".join(f"{k}={v}" for k, v in key)
                label = metric if not key else (name if len(spec.y) == 1 else f"{name}: {metric}")
                ax.errorbar(xx, ys, yerr=list(zip(*es)) if es else None, marker="o", capsize=3, label=label)
        ax.set_xlabel(spec.x)
        if spec.logx:
            ax.set_xscale("log")
    else:
        # bars of the metrics (e.g. per-group throughput), one set per grid point
        pts = chosen or [{}]
        labels = []
        width = 0.8 / len(pts)
        for i, p in enumerate(pts):
            ys, es, labels = [], [], []
            ms = sorted((mm for metric in spec.y for mm in res.metrics() if _match(metric, mm)), key=_group_sort_key)
            for m in ms:
                r = res.get(m, **p)
                if r is None:
                    continue
                labels.append(m.split(":")[1] if m.startswith("group:") else m)
                ys.append(r["mean"])
                es.append(_err(r))
            xs = [j + i * width for j in range(len(ys))]
            ax.bar(xs, ys, width=width, yerr=list(zip(*es)) if es else None, capsize=3,
                   label=", ".join(f"{k}={v}" for k, v in p.items() if k not in dict(spec.where)) or None)
        ax.set_xticks([j + 0.4 - width / 2 for j in range(len(labels))], labels, rotation=30, fontsize=8)
        if len(pts) > 1:
            ax.legend(fontsize=7)
    ax.set_ylabel(spec.ylabel or ", ".join(spec.y))
    ax.set_title(spec.title or exp.title, fontsize=10)
    if spec.x is not None and ax.get_legend_handles_labels()[1] and (len(spec.y) > 1 or len(groups) > 1):
        ax.legend(fontsize=7 if len(groups) > 6 else 8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    files = []
    for ext in ("png", "svg"):
        f = out / f"{spec.name}.{ext}"
        fig.savefig(f, dpi=120)
        files.append(f)
    plt.close(fig)
    return files


def _match(pattern: str, metric: str) -> bool:
    """'group:*:throughput_mbps' matches every group's throughput."""
    if "*" not in pattern:
        return pattern == metric
    pre, post = pattern.split("*", 1)
    return metric.startswith(pre) and metric.endswith(post)


def _group_sort_key(m: str):
    import re

    nums = re.findall(r"[\d.]+", m)
    return (float(nums[0]) if nums else math.inf, m)


def _trace(exp: Experiment, spec, store: Store, runs: list[Run], out: Path) -> list[Path]:
    """A time-series figure: one panel per grid point, from the stored series of seed 1."""
    from .definition import point_id

    wanted = [point_id(p) for p in spec.points] if spec.points else list(dict.fromkeys(r.point_id for r in runs))
    by_pid = {r.point_id: r for r in runs if r.seed == 1}
    panels = [(pid, by_pid[pid]) for pid in wanted if pid in by_pid]
    if not panels:
        return []
    # panels side by side compare like with like: one y-scale for all
    fig, axes = plt.subplots(1, len(panels), figsize=(5.2 * len(panels), 3.8), squeeze=False, sharey=True)
    for ax, (pid, run) in zip(axes[0], panels):
        label = ", ".join(f"{k}={v}" for k, v in run.point.items())
        if spec.kind in ("sequence", "cwnd"):
            t = store.series(run.key, "flows")
            col = "seqno" if spec.kind == "sequence" else "cwnd_pkts"
            if t is not None:
                d = t.to_pydict()
                names = list(dict.fromkeys(d["flow"]))[:: max(1, spec.every_nth_flow)]
                for name in names:
                    xs = [x for x, f in zip(d["time_s"], d["flow"]) if f == name]
                    ys = [y for y, f in zip(d[col], d["flow"]) if f == name]
                    ax.plot(xs, ys, lw=0.8, label=name)
                if len(names) <= 16:
                    ax.legend(fontsize=6, ncol=2, loc="upper left")
            ax.set_ylabel("sequence number (packets)" if spec.kind == "sequence" else "cwnd (packets)")
        else:
            t = store.series(run.key, "queue")
            col = "queue_pkts" if spec.kind == "queue" else "utilization"
            if t is not None:
                d = t.to_pydict()
                xs = [x for x, l in zip(d["time_s"], d["link"]) if l == spec.link]
                ys = [y for y, l in zip(d[col], d["link"]) if l == spec.link]
                ax.plot(xs, [100 * y for y in ys] if col == "utilization" else ys, lw=0.8, label=spec.link)
                limit = _limit_pkts(store, run.key, spec.link) if col == "queue_pkts" else None
                if limit:
                    ax.axhline(limit, ls="--", lw=0.6, color="grey", label="buffer limit")
                    ax.legend(fontsize=7, loc="upper left")
            ax.set_ylabel(f"{spec.link} queue (packets)" if spec.kind == "queue" else f"{spec.link} utilization (%)")
        ax.set_xlabel("time (s)")
        ax.set_title(label, fontsize=9)
        ax.grid(alpha=0.3)
    title = spec.title or exp.title
    if "seed" not in title:
        title += " (one run: seed 1)"
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    files = []
    for ext in ("png", "svg"):
        f = out / f"{spec.name}.{ext}"
        fig.savefig(f, dpi=110)
        files.append(f)
    plt.close(fig)
    return files


QUICK_NOTE = ("Quick run (--quick): short runs and 2 seeds, to exercise the pipeline; "
              "the numbers are not the experiment's and the paper's claims are not judged.")


def _limit_pkts(store: Store, key: str, link: str) -> int | None:
    """The buffer limit (packets) of a link direction in a stored run's summary."""
    text = store.summary_json(key)
    if not text:
        return None
    for l in json.loads(text).get("links", []):
        if l.get("name") == link:
            return l.get("limit_pkts")
    return None


def write_report(exp: Experiment, res: Results, out_dir: str | Path, complete: bool, total_runs: int,
                 stored_runs: int, store: Store | None = None, runs: list[Run] | None = None,
                 analysis_claims: list | None = None, quick: bool = False) -> dict:
    """Write report.json and report.md (and the plots) of aggregated results. A quick
    run's report says so at the top and leaves every claim unjudged (holds: null)."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    claims = list(analysis_claims or [])
    for c in exp.claims:
        try:
            found, holds = c.check(res)
        except (KeyError, ValueError, ZeroDivisionError) as e:
            found, holds = f"not computable: {e}", False
        claims.append({"statement": c.statement, "source": c.source, "ours": found, "holds": bool(holds)})
    if quick:
        claims = [{**c, "holds": None} for c in claims]
    plots = []
    for spec in exp.plots:
        plots += [str(p.name) for p in _plot(exp, res, spec, out)]
    if store is not None and runs:
        for spec in exp.traces:
            plots += [str(p.name) for p in _trace(exp, spec, store, runs, out)]
    for extra in sorted(out.glob("analysis_*.png")) + sorted(out.glob("analysis_*.svg")):
        plots.append(extra.name)
    papers = keys_in(exp.source, *(c["source"] for c in claims))
    report = {
        "id": exp.id,
        "title": exp.title,
        "source": exp.source,
        "papers": {k: citation(k) for k in papers},
        "notes": exp.notes,
        "satcc_version": __version__,
        "satcc_core_source": SOURCE_HASH,
        "quick": quick,
        "claims_judged": not quick,
        "complete": complete,
        "runs_expected": total_runs,
        "runs_stored": stored_runs,
        "grid": {k: list(p.values) for k, p in exp.grid.items()},
        "results": [{k: r[k] for k in ("point", "metric", "mean", "ci95", "n", "ci_lo", "ci_hi", "clipped") if k in r}
                    for r in res.rows],
        "claims": claims,
        "plots": plots,
    }
    (out / "report.json").write_text(json.dumps(report, indent=1, allow_nan=True) + "\n")
    # the human table
    lines = [f"# {exp.id}: {exp.title}", ""]
    if quick:
        lines += [f"**{QUICK_NOTE}**", ""]
    lines += [f"Source: {cited(exp.source)}", ""]
    if exp.notes:
        lines += [exp.notes, ""]
    if not complete:
        lines += [f"**Incomplete: {stored_runs} of {total_runs} runs stored.**", ""]
    params = list(exp.grid)
    plain = [m for m in res.metrics() if not m.startswith("group:")]
    grouped = sorted((m for m in res.metrics() if m.startswith("group:")), key=_group_sort_key)
    for title, ms in (("Results (mean ± 95 % CI over seeds)", plain), ("Per group", grouped)):
        if not ms:
            continue
        lines += [f"## {title}", ""]
        lines.append("| " + " | ".join(params + ms + ["seeds"]) + " |")
        lines.append("|" + "---|" * (len(params) + len(ms) + 1))
        for p in res.points():
            cells, n = [], 0
            for m in ms:
                r = res.get(m, **p)
                cells.append(_cell(r))
                n = max(n, r["n"] if r else 0)
            lines.append("| " + " | ".join([_fmt(p[k]) for k in params] + cells + [str(n)]) + " |")
        lines.append("")
    if any(r.get("clipped") for r in res.rows):
        lines += ["\\* the interval mean ± 95 % CI crossed the metric's physical range (e.g. a Jain index "
                  "above 1, a negative throughput) and is shown clipped to it: [low, high]. Plots clip alike.", ""]
    lines += ["## The paper's claims beside ours", "", "| claim | source | ours | holds |", "|---|---|---|---|"]
    for c in claims:
        verdict = "not judged (quick run)" if c["holds"] is None else ("yes" if c["holds"] else "NO")
        lines.append(f"| {c['statement']} | {cited(c['source'])} | {c['ours']} | {verdict} |")
    lines += ["", "Plots: " + ", ".join(plots), ""]
    if papers:
        lines += ["## References", ""] + [f"- {citation(k)}" for k in papers] + [""]
    (out / "report.md").write_text("\n".join(lines))
    from .html import write as write_html

    write_html(report, out, res.rows, runs, store.root if store is not None else None)
    return report
