"""Plots of one run, drawn from its stored output directory (never from memory)."""

from __future__ import annotations

import json
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pyarrow.compute as pa_compute  # noqa: E402
import pyarrow.parquet as pq  # noqa: E402


class PlotError(ValueError):
    pass


# Points drawn per line: a figure is some 2,000 pixels wide, so more points draw
# nothing more; a long run's lines are thinned to each bucket's lowest and highest
# sample (peaks and troughs stay), keeping a plot of 1e7 samples in memory and seconds.
MAX_POINTS = 4000


def _load(run_dir: Path):
    need = ["summary.json", "queue.parquet", "flows.parquet"]
    missing = [n for n in need if not (run_dir / n).exists()]
    if missing:
        raise PlotError(f"{run_dir}: not a satcc run output (missing {', '.join(missing)}); "
                        "make one with: satcc run SCENARIO --out DIR")
    summary = json.loads((run_dir / "summary.json").read_text())
    return summary, run_dir / "queue.parquet", run_dir / "flows.parquet"


def _thin(t: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """At most about MAX_POINTS points: each bucket's minimum and maximum, in time order."""
    if len(t) <= MAX_POINTS:
        return t, y
    n = MAX_POINTS // 2
    edges = np.linspace(0, len(t), n + 1).astype(np.int64)
    keep = []
    for a, b in zip(edges[:-1], edges[1:]):
        if b > a:
            seg = y[a:b]
            keep.extend(sorted({a + int(np.argmin(seg)), a + int(np.argmax(seg))}))
    idx = np.asarray(keep, dtype=np.int64)
    return t[idx], y[idx]


def _group(batch, key: str, x: str, y: str) -> dict:
    """{name: (x, y)} of one record batch, each thinned."""
    col = batch.column(key)
    if hasattr(col, "dictionary"):
        names, codes = col.dictionary.to_pylist(), col.indices.to_numpy(zero_copy_only=False)
    else:
        vals = col.to_pylist()
        names = sorted(set(vals))
        codes = np.asarray([names.index(v) for v in vals], dtype=np.int64)
    xs = batch.column(x).to_numpy(zero_copy_only=False)
    ys = batch.column(y).to_numpy(zero_copy_only=False).astype(np.float64)
    out: dict = {}
    u, first = np.unique(codes, return_index=True)
    perm = np.argsort(codes, kind="stable")  # rows of each name together, in time order
    bounds = np.searchsorted(codes[perm], u)
    ends = np.append(bounds[1:], len(codes))
    for i in np.argsort(first):  # names in the order they first appear
        rows = perm[bounds[i]:ends[i]]
        out[names[int(u[i])]] = _thin(xs[rows], ys[rows])
    return out


def _by(path: Path, key: str, x: str, y: str) -> dict:
    """{name of `key`: (x values, y values)} of a stored table, in file order, each line
    thinned to about MAX_POINTS points. The file is read a million rows at a time, so a
    long run plots in bounded memory."""
    parts: dict = {}
    for batch in pq.ParquetFile(path).iter_batches(batch_size=1 << 20, columns=[key, x, y]):
        for name, (t, v) in _group(batch, key, x, y).items():
            parts.setdefault(name, []).append((t, v))
    out = {}
    for name, chunks in parts.items():
        t = np.concatenate([c[0] for c in chunks])
        v = np.concatenate([c[1] for c in chunks])
        t, v = _thin(t, v)
        out[name] = (t.tolist(), v.tolist())
    return out


def _skip(why: str) -> None:
    import sys

    print(f"satcc: {why}", file=sys.stderr)


def _flow_lines(ax, per_flow: dict, group_of: dict, max_named: int = 16) -> None:
    """One line per flow, each named in the legend; beyond `max_named` flows, colored
    by group and the legend names the groups."""
    groups = sorted({g for g in group_of.values() if g})
    by_group = len(per_flow) > max_named and groups
    colors = {g: f"C{i % 10}" for i, g in enumerate(groups)}
    labelled = set()
    for name, (t, y) in per_flow.items():
        if by_group:
            g = group_of.get(name)
            ax.plot(t, y, lw=0.6, color=colors.get(g, "grey"), label=None if g in labelled else g)
            labelled.add(g)
        else:
            ax.plot(t, y, lw=0.8, label=name if len(per_flow) <= max_named else None)
    if by_group or len(per_flow) <= max_named:
        ax.legend(fontsize=7, ncol=2)


def plot_run(run_dir: str | Path, out_dir: str | Path | None = None, on_skip=_skip) -> list[Path]:
    """Draw sequence growth, cwnd, queue length, utilization and per-flow throughput.
    Returns the PNG files written (into run_dir/plots unless out_dir is given). A plot
    the run has no data for is not drawn; `on_skip` is told which and why."""
    run_dir = Path(run_dir)
    summary, queue, flows = _load(run_dir)
    out = Path(out_dir) if out_dir else run_dir / "plots"
    out.mkdir(parents=True, exist_ok=True)
    title = f"{summary['scenario']} (seed {summary['seed']})"
    written = []

    def save(fig, name):
        p = out / name
        fig.tight_layout()
        fig.savefig(p, dpi=110)
        plt.close(fig)
        written.append(p)

    per_flow = _by(flows, "flow", "time_s", "seqno")
    if not per_flow:
        on_skip("sequence.png, cwnd.png not drawn: the run recorded no flow traces "
                "(monitor.flow_traces is false); set it to true to plot them")
    else:
        group_of = {f["name"]: f["group"] for f in summary["flows"]}
        for name, col, ylabel, what in (("sequence.png", "seqno", "sequence number (packets in order)",
                                         "Sequence growth"),
                                        ("cwnd.png", "cwnd_pkts", "cwnd (packets)", "Congestion window")):
            fig, ax = plt.subplots(figsize=(7, 4.2))
            lines = _by(flows, "flow", "time_s", col)
            if col == "cwnd_pkts":
                # a UDP or ping flow has no window
                udp = {f["name"] for f in summary["flows"] if f.get("transport") in ("udp", "ping")}
                lines = {k: v for k, v in lines.items() if k not in udp}
            _flow_lines(ax, lines, group_of)
            ax.set_xlabel("time (s)")
            ax.set_ylabel(ylabel)
            ax.set_title(f"{what}: {title}")
            save(fig, name)

    bott = summary["totals"].get("bottleneck")
    qlinks = _by(queue, "link", "time_s", "queue_pkts")
    ulinks = _by(queue, "link", "time_s", "utilization")
    shown = [bott] if bott in qlinks else [k for k, (_, q) in qlinks.items() if max(q, default=0) > 1][:6]
    limits = {l["name"]: l["limit_pkts"] for l in summary["links"]}
    fig, ax = plt.subplots(figsize=(7, 4.2))
    for name in shown:
        t, q = qlinks[name]
        ax.plot(t, q, lw=0.8, label=name)
        if limits.get(name):
            ax.axhline(limits[name], ls="--", lw=0.6, color="grey", label=f"{name} buffer limit")
    ax.set_xlabel("time (s)")
    ax.set_ylabel("queue (packets, sampled)")
    ax.set_title(f"Queue length: {title}")
    if shown:
        ax.legend(fontsize=7)
    save(fig, "queue.png")

    fig, ax = plt.subplots(figsize=(7, 4.2))
    for name in shown:
        t, u = ulinks[name]
        ax.plot(t, [100 * x for x in u], lw=0.8, label=name)
    ax.set_xlabel("time (s)")
    ax.set_ylabel("utilization per interval (%)")
    ax.set_ylim(0, 105)
    ax.set_title(f"Link utilization: {title}")
    if shown:
        ax.legend(fontsize=7)
    save(fig, "utilization.png")

    fl = summary["flows"]
    fig, ax = plt.subplots(figsize=(max(5, min(14, 0.25 * len(fl) + 3)), 4.2))
    groups = sorted({f["group"] for f in fl if f["group"]})
    colors = {g: f"C{i % 10}" for i, g in enumerate(groups)}
    ax.bar(range(len(fl)), [f["throughput_mbps"] for f in fl],
           color=[colors.get(f["group"], "C0") for f in fl])
    ax.set_xlabel("flow")
    ax.set_ylabel("throughput (Mb/s)")
    if len(fl) <= 32:
        ax.set_xticks(range(len(fl)), [f["name"] for f in fl], rotation=60, fontsize=7)
    ax.set_title(f"Per-flow throughput (Jain {summary['totals']['jain_fairness']:.3f}): {title}")
    for g in groups:
        ax.bar([0], [0], color=colors[g], label=g)
    if groups:
        ax.legend(fontsize=7)
    save(fig, "throughput.png")
    if (run_dir / "paths.parquet").exists():
        save(_moving_paths(run_dir / "paths.parquet", flows, title), "paths.png")
    return written


def _moving_paths(paths: Path, flows: Path, title: str, max_flows: int = 8):
    """A constellation run: each flow's path RTT and hops at every routing instant and
    its goodput per sample, a mark at every path change (the first flows only)."""
    t = pq.read_table(paths).to_pydict()
    names = list(dict.fromkeys(t["flow"]))[:max_flows]
    gp = _by(flows, "flow", "time_s", "goodput_mbps") if flows.exists() else {}
    srtt = _by(flows, "flow", "time_s", "srtt_ms") if flows.exists() else {}
    fig, axes = plt.subplots(3, 1, figsize=(9, 8), sharex=True)
    for i, name in enumerate(names):
        rows = [k for k, f in enumerate(t["flow"]) if f == name]
        x = np.array([t["time_s"][k] for k in rows])
        rtt = np.array([t["rtt_ms"][k] for k in rows], dtype=float)
        hops = np.array([t["hops"][k] if t["hops"][k] else np.nan for k in rows], dtype=float)
        ch = np.array([t["changed"][k] for k in rows], dtype=bool)
        c = f"C{i % 10}"
        axes[0].plot(x, rtt, lw=1, color=c, label=name)
        axes[0].plot(x[ch], rtt[ch], "|", color=c, ms=8)
        if name in srtt:
            sx, sy = srtt[name]
            sy = np.array(sy, dtype=float)
            sy[sy <= 0] = np.nan  # before the first RTT sample
            axes[0].plot(sx, sy, lw=0.7, ls="--", color=c)
        axes[1].step(x, hops, where="post", lw=1, color=c)
        if name in gp:
            gx, gy = gp[name]
            axes[2].plot(gx, gy, lw=0.8, color=c)
            for xc in x[ch]:
                axes[2].axvline(xc, color=c, lw=0.5, ls=":")
    axes[0].set_ylabel("RTT (ms): path (solid), measured SRTT (dashed)")
    axes[0].set_title(f"Paths on the constellation (| and dotted lines: path changes): {title}")
    axes[0].legend(fontsize=7, loc="best")
    axes[1].set_ylabel("hops")
    axes[2].set_ylabel("goodput (Mb/s)")
    axes[2].set_xlabel("time (s)")
    return fig


def plot_paths(paths, out: Path) -> Path:
    """Propagation RTT and hop count over time of each pair (satcc paths), a mark at
    every path change."""
    t = paths.table
    fig, (ax1, ax2) = plt.subplots(2, 1, figsize=(9, 6), sharex=True)
    for k, (a, b) in enumerate(paths.pairs):
        rows = t.filter(pa_compute.equal(t["pair"], k))
        x = rows["t_s"].to_numpy()
        rtt = rows["rtt_ms"].to_numpy()
        hops = rows["hops"].to_numpy().astype(float)
        hops[~np.isfinite(rtt)] = np.nan
        (line,) = ax1.plot(x, rtt, lw=1, label=f"{a} - {b}")
        ch = rows["changed"].to_numpy(zero_copy_only=False)
        ax1.plot(x[ch], rtt[ch], "|", color=line.get_color(), ms=8)
        ax2.step(x, hops, where="post", lw=1, color=line.get_color())
    ax1.set_ylabel("propagation RTT (ms)")
    ax1.set_title(f"Paths every {paths.step_s * 1e3:g} ms ({paths.satellites} satellites); | marks a path change")
    ax1.legend(fontsize=8, loc="best")
    ax2.set_ylabel("hops (links)")
    ax2.set_xlabel("time (s)")
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return out
