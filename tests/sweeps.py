"""A small user experiment to sweep in the store and crash-safety tests: 6 grid points x
3 seeds of a short chain run, started as `satcc reproduce` in its own process group."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from conftest import chain

EXP = "crash-test"


def make_catalog(root: Path, points: int = 6, seeds: int = 3, duration_s: float = 2.0) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "s.json").write_text(json.dumps(chain(n_flows=3, duration_s=duration_s).to_dict()))
    limits = ", ".join(str(10 + 5 * i) for i in range(points))
    cat = root / "c.toml"
    cat.write_text(f'id = "{EXP}"\nscenario = "s.json"\nseeds = {seeds}\n[grid]\n"links.1.queue.limit_pkts" = [{limits}]\n')
    return cat


def start(catalog: Path, store: Path, *extra: str, jobs: int = 2) -> subprocess.Popen:
    """`satcc reproduce` in a new session (its own process group, as a shell job is)."""
    return subprocess.Popen([sys.executable, "-m", "satcc.cli", "reproduce", EXP, "--catalog", str(catalog),
                             "--store", str(store), "--jobs", str(jobs), *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)


def group_members(pgid: int) -> list[int]:
    """Live processes of a process group (zombies left out)."""
    out = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            out.append(int(d.name))
    return out


def wait_gone(pgid: int, timeout_s: float = 15.0) -> list[int]:
    """Wait until the group is empty; what is left after the timeout."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        left = group_members(pgid)
        if not left:
            return []
        time.sleep(0.1)
    return group_members(pgid)


def kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def stored(store: Path) -> dict:
    """What a store holds: {KEY.EXPERIMENT: (summary text, sorted metric rows)}."""
    import pyarrow.parquet as pq

    runs = {}
    for p in sorted((store / "runs").glob("*.parquet")):
        t = pq.read_table(p).to_pylist()
        summary = store / "summaries" / f"{p.stem.split('.', 1)[0]}.json"
        runs[p.stem] = (summary.read_text() if summary.exists() else None,
                        sorted((r["metric"], r["value"], r["seed"], r["point_id"]) for r in t))
    return runs


def stray_tmp(store: Path) -> list[Path]:
    return [p for p in store.rglob(".*.tmp")]
