"""Is a change slower? Two builds timed alternately in one call, so that the drift of a
shared machine falls on both alike.

    python -m satcc.dev.abbench --baseline-python DIR [--repeat 5] [--scenario standard]
    python -m satcc.dev.abbench --baseline-engine BIN --engine BIN [--repeat 5]
    python -m satcc.dev.abbench --baseline-python DIR --command "run S --out D --no-plots"
    python -m satcc.dev.abbench --baseline-python DIR --command=--version

`--baseline-python DIR` is a directory holding another build's `satcc` package (for
instance a copy of python/satcc with its _core.abi3.so from the commit before a
refactor); the standard bench scenario runs in a child process under each build in
turn, `satcc.run()` timed as `satcc bench` times it. `--baseline-engine` and
`--engine` are two builds of the core's engine bench (`cargo bench -p satcc-core
--bench engine --no-run` prints its path), run in turn. `--command ARGS` (with
`--baseline-python`) times the whole `python -m satcc.cli ARGS` process under each build
instead (start-up included: `--version`, `run ... --no-plots`). Reported: the best and
median time of each and the ratio current / baseline of the bests.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .bench import _CHILD, SCENARIOS


def _python_child(scenario_path: str, pythonpath: str | None) -> float:
    env = dict(os.environ)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    else:
        env.pop("PYTHONPATH", None)
    p = subprocess.run([sys.executable, "-c", _CHILD, scenario_path], capture_output=True, text=True, env=env,
                       cwd=tempfile.gettempdir())
    line = next((l for l in reversed(p.stdout.splitlines()) if l.startswith("{")), None)
    if p.returncode != 0 or line is None:
        raise RuntimeError(p.stderr[-2000:])
    return json.loads(line)["wall_s"]


def _command_child(args: list[str], pythonpath: str) -> float:
    """Wall time of the whole `python -m satcc.cli ARGS` process under `pythonpath`."""
    env = {**os.environ, "PYTHONPATH": pythonpath}
    t0 = time.perf_counter()
    p = subprocess.run([sys.executable, "-m", "satcc.cli", *args], capture_output=True, text=True, env=env,
                       cwd=tempfile.gettempdir())
    wall = time.perf_counter() - t0
    if p.returncode != 0:
        raise RuntimeError(f"satcc {' '.join(args)}: {p.stderr[-2000:]}")
    return wall


def _engine_child(binary: str) -> float:
    p = subprocess.run([binary], capture_output=True, text=True, env={**os.environ, "SATCC_BENCH_REPS": "1"})
    m = re.search(r"best: ([0-9.]+) s", p.stdout + p.stderr)
    if p.returncode != 0 or m is None:
        raise RuntimeError(f"{binary}: {(p.stdout + p.stderr)[-2000:]}")
    return float(m.group(1))


def alternate(run_baseline, run_current, repeat: int) -> dict:
    base, cur = [], []
    for i in range(repeat):
        # alternate which goes first, so neither always follows the other
        pair = [(base, run_baseline), (cur, run_current)]
        for acc, fn in (pair if i % 2 == 0 else pair[::-1]):
            acc.append(fn())
        print(f"  round {i + 1}/{repeat}: baseline {base[-1]:.3f} s, current {cur[-1]:.3f} s", file=sys.stderr)
    return {"baseline_best_s": min(base), "current_best_s": min(cur), "ratio": min(cur) / min(base),
            "baseline_median_s": statistics.median(base), "current_median_s": statistics.median(cur),
            "baseline_s": base, "current_s": cur}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m satcc.dev.abbench", description=__doc__.split("\n\n")[0])
    ap.add_argument("--baseline-python", metavar="DIR")
    ap.add_argument("--baseline-engine", metavar="BIN")
    ap.add_argument("--engine", metavar="BIN")
    ap.add_argument("--command", metavar="ARGS", help="time the whole `satcc ARGS` process (with --baseline-python)")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--scenario", default="standard", help=f"one of {', '.join(SCENARIOS)}")
    a = ap.parse_args(argv)
    if a.repeat < 1:
        ap.error(f"--repeat: must be at least 1, got {a.repeat}")
    if a.scenario not in SCENARIOS:
        ap.error(f"--scenario: must be one of {', '.join(SCENARIOS)}, got {a.scenario!r}")
    if bool(a.baseline_engine) != bool(a.engine):
        ap.error("--baseline-engine and --engine: give both")
    if not a.baseline_python and not a.engine:
        ap.error("give --baseline-python DIR, or --baseline-engine BIN with --engine BIN")
    for opt, path in (("--baseline-python", a.baseline_python), ("--baseline-engine", a.baseline_engine),
                      ("--engine", a.engine)):
        if path and not Path(path).exists():
            ap.error(f"{opt}: {path} does not exist")
    if a.baseline_python and not (Path(a.baseline_python) / "satcc").is_dir():
        ap.error(f"--baseline-python: {a.baseline_python} holds no satcc package")
    if a.command is not None and not a.baseline_python:
        ap.error("--command: needs --baseline-python DIR (the build to compare with)")
    results = {}
    here = str(Path(__file__).resolve().parents[2])
    if a.command is not None:
        args = shlex.split(a.command)
        print(f"satcc {a.command} (whole process):", file=sys.stderr)
        results["command"] = alternate(lambda: _command_child(args, a.baseline_python),
                                       lambda: _command_child(args, here), a.repeat)
    elif a.baseline_python:
        with tempfile.TemporaryDirectory() as tmp:
            sp = Path(tmp) / "scenario.json"
            sp.write_text(json.dumps(SCENARIOS[a.scenario](60.0)))
            print(f"satcc.run(), scenario {a.scenario}:", file=sys.stderr)
            results["python"] = alternate(lambda: _python_child(str(sp), a.baseline_python),
                                          lambda: _python_child(str(sp), here), a.repeat)
    if a.engine:
        print("engine bench:", file=sys.stderr)
        results["engine"] = alternate(lambda: _engine_child(a.baseline_engine), lambda: _engine_child(a.engine),
                                      a.repeat)
    for k, r in results.items():
        print(f"{k}: baseline {r['baseline_best_s']:.3f} s, current {r['current_best_s']:.3f} s (best of "
              f"{a.repeat}; medians {r['baseline_median_s']:.3f} and {r['current_median_s']:.3f} s), "
              f"current / baseline = {r['ratio']:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
