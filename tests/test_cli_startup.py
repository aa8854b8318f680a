"""Issue 20: the commands that should feel instant (`satcc --version`, `--help`,
`validate`) import what they use and nothing else: no numpy, pyarrow, matplotlib or
Dask, and `--version` / `--help` not even the schema checker or the YAML reader. Their
wall time is a benchmark (`satcc bench --startup`, BENCHMARKS.md), not a test."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("numpy", "pyarrow", "matplotlib", "dask", "pandas", "duckdb")


def _imported(args: list[str]) -> set[str]:
    """The modules a fresh interpreter holds after `satcc ARGS`."""
    code = ("import contextlib, io, json, sys\n"
            "from satcc.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    try:\n"
            f"        rc = main({args!r})\n"
            "    except SystemExit as e:\n"
            "        rc = e.code\n"
            "assert rc in (0, None), rc\n"
            "print(json.dumps(sorted(sys.modules)))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return set(json.loads(out.splitlines()[-1]))


def test_version_and_help_import_no_heavy_module():
    for args in (["--version"], ["--help"]):
        mods = _imported(args)
        heavy = [m for m in (*HEAVY, "jsonschema", "yaml") if m in mods]
        assert not heavy, f"satcc {' '.join(args)} imports {heavy}"


def test_validate_imports_no_numerical_module():
    for f in ("dumbbell_lossy.toml", "emu_starlink_pair.yaml"):
        mods = _imported(["validate", str(ROOT / "scenarios" / f)])
        heavy = [m for m in HEAVY if m in mods]
        assert not heavy, f"satcc validate {f} imports {heavy}"


def test_the_package_still_offers_its_api():
    """`import satcc` keeps satcc.run, satcc.Scenario and the errors, loading numpy and
    pyarrow only when a run's results are built."""
    import satcc

    assert callable(satcc.run) and callable(satcc.validate) and satcc.ScenarioError
    r = satcc.run(satcc.load(ROOT / "scenarios" / "dumbbell_lossy.toml").to_dict() | {"duration_s": 5.0})
    assert r.flows.num_rows > 0


def test_a_run_without_plots_does_not_load_matplotlib(tmp_path):
    """`satcc run ... --no-plots` never imports matplotlib (0.4 s of a 0.8 s process on
    the bench scenario); with plots it does."""
    args = ["run", str(ROOT / "scenarios" / "dumbbell_lossy.toml"), "--out", str(tmp_path / "a"), "--duration", "2"]
    assert "matplotlib" not in _imported(args + ["--no-plots"])
    assert "matplotlib" in _imported(args[:3] + [str(tmp_path / "b")] + args[4:])


def test_building_the_parser_imports_no_developer_tool():
    """Every command builds the whole parser; `satcc bench --scenario`'s choices are
    listed in the CLI rather than read from satcc.dev.bench (which imports ns-2's driver
    and the topologies: 15-35 ms of every command, `python -X importtime`)."""
    for args in (["--version"], ["--help"]):
        mods = _imported(args)
        dev = sorted(m for m in mods if m.startswith("satcc.dev"))
        assert not dev, f"satcc {' '.join(args)} imports {dev}"


def test_the_bench_scenario_choices_are_the_benchs_scenarios():
    from satcc import cli
    from satcc.dev import bench

    assert cli.BENCH_SCENARIOS == tuple(bench.SCENARIOS)
    p = cli.build_parser()
    a = p.parse_args(["bench", "--scenario", "oc12-one-to-many"])
    assert a.scenario == "oc12-one-to-many"


def test_prefetch_imports_in_a_thread_and_leaves_failures_to_the_caller():
    """`satcc run` loads what writing and plotting its results import during the run
    (satcc._lazy.prefetch), on another core while the core runs without the GIL."""
    code = ("import sys\n"
            "from satcc._lazy import prefetch\n"
            "assert 'colorsys' not in sys.modules\n"
            "t = prefetch('colorsys', 'no_such_module_here', 'json')\n"
            "t.join()\n"
            "assert 'colorsys' in sys.modules and t.name == 'satcc-prefetch' and not t.daemon\n"
            "assert prefetch('colorsys', 'json') is None\n"
            "print('ok')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "ok" and not out.stderr


def test_a_run_loads_its_writers_and_plots_during_the_run(tmp_path):
    """With plots, matplotlib (0.4 s) and pyarrow.parquet are imported by the prefetch
    thread, not after the run; the run's results are the same as without it."""
    code = ("import json, sys, threading\n"
            "from satcc.cli import main\n"
            "seen = {}\n"
            "import satcc._lazy as lz\n"
            "orig = lz._import_all\n"
            "def spy(names):\n"
            "    seen['names'] = list(names)\n"
            "    seen['thread'] = threading.current_thread().name\n"
            "    orig(names)\n"
            "lz._import_all = spy\n"
            f"rc = main(['run', {str(ROOT / 'scenarios' / 'dumbbell_lossy.toml')!r}, '--out', {str(tmp_path / 'a')!r},"
            " '--duration', '2'])\n"
            "print(json.dumps(seen))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    seen = json.loads(out.splitlines()[-1])
    assert seen["thread"] == "satcc-prefetch"
    assert {"pyarrow.parquet", "satcc.plot"} <= set(seen["names"])
    import satcc

    d = satcc.load(ROOT / "scenarios" / "dumbbell_lossy.toml").to_dict() | {"duration_s": 2.0}
    assert json.loads((tmp_path / "a" / "summary.json").read_text())["totals"] == satcc.run(d).summary["totals"]
