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


def test_a_run_builds_its_tables_without_numpy_ma_or_pyarrow_compute():
    """The core's columns become Arrow arrays from their buffers: `pa.array` on a numpy
    array imported numpy.ma (20 ms of every `satcc run`), a cast pyarrow.compute (40 ms).
    Each column type gives the array `pa.array` gave (type, values, nulls)."""
    code = ("import importlib, json, sys\n"
            "import numpy as np, pyarrow as pa\n"
            "R = importlib.import_module('satcc.run')\n"
            "rng = np.random.default_rng(7)\n"
            "d = {'link': pa.array(['a', 'b', 'c'], pa.string())}\n"
            "cols = []\n"
            "for n in (0, 1, 7, 8, 9, 1000):\n"
            "    for dt, v in (('f64', rng.normal(size=n)), ('u32', rng.integers(0, 2**31, n).astype(np.uint32)),\n"
            "                  ('i64', rng.integers(-2**62, 2**62, n)), ('bool', rng.random(n) < .5),\n"
            "                  ('u8', rng.integers(0, 256, n).astype(np.uint8))):\n"
            "        cols.append(('plain', dt, v.tobytes(), R._column('plain', dt, v.tobytes(), d)))\n"
            "    k = rng.integers(0, 3, n).astype(np.uint32); k[rng.random(n) < .3] = 2**32 - 1\n"
            "    cols.append(('link', 'u32', k.tobytes(), R._column('link', 'u32', k.tobytes(), d)))\n"
            "loaded = sorted(m for m in ('numpy.ma', 'pyarrow.compute') if m in sys.modules)\n"
            "bad = []\n"
            "for kind, dt, raw, got in cols:\n"
            "    arr = np.frombuffer(raw, R._numpy_type(dt))\n"
            "    if kind == 'plain':\n"
            "        want = pa.array(arr, R._arrow_type(dt))\n"
            "    else:\n"
            "        none = arr == 2**32 - 1\n"
            "        keys = pa.array(np.where(none, 0, arr).astype(np.int32), pa.int32(), mask=none if none.any() else None)\n"
            "        want = pa.DictionaryArray.from_arrays(keys, d['link'])\n"
            "    got.validate(full=True)\n"
            "    if not (got.type == want.type and got.equals(want) and got.null_count == want.null_count):\n"
            "        bad.append((kind, dt, len(arr)))\n"
            "try:\n"
            "    R._column('plain', 'u32', np.array([2**31], np.uint32).tobytes(), d)\n"
            "    refused = False\n"
            "except ValueError:\n"
            "    refused = True\n"
            "print(json.dumps([loaded, bad, refused]))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    loaded, bad, refused = json.loads(out.splitlines()[-1])
    assert loaded == [], f"building the columns imported {loaded}"
    assert bad == [], f"columns unlike pa.array's: {bad}"
    assert refused, "a u32 value beyond int32 is refused, as pa.array refused it"


def test_the_command_ends_a_run_at_once_with_everything_written(tmp_path):
    """`satcc run` ends the process without the interpreter's teardown (satcc.cli.console:
    no exit handler runs after it, where `validate` ends as usual): the exit status,
    stdout through a pipe, summary.json and the Parquet files are all there and are the
    API's; a run that streamed its series to disk leaves no streamed file behind
    (RunResult.close removes them; the tables stay readable); a refused scenario still
    exits with status 2."""
    import pyarrow.parquet as pq

    import satcc

    scen = ROOT / "scenarios" / "dumbbell_lossy.toml"
    probe = ("import atexit, sys\n"
             "atexit.register(lambda: print('teardown ran'))\n"
             "from satcc.cli import console\n"
             "sys.argv = ['satcc'] + sys.argv[1:]\n"
             "console()\n")
    ran = subprocess.run([sys.executable, "-c", probe, "run", str(scen), "--out", str(tmp_path / "p"), "--duration", "3",
                          "--no-plots"], capture_output=True, text=True)
    assert ran.returncode == 0 and "Jain" in ran.stdout and "teardown ran" not in ran.stdout, ran
    ran = subprocess.run([sys.executable, "-c", probe, "validate", str(scen)], capture_output=True, text=True)
    assert ran.returncode == 0 and "teardown ran" in ran.stdout, ran
    p = subprocess.run([sys.executable, "-m", "satcc.cli", "run", str(scen), "--out", str(tmp_path / "a"),
                        "--duration", "3", "--no-plots"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("scenario ") and "Jain" in p.stdout and p.stdout.endswith("\n")
    api = satcc.run(satcc.load(scen).to_dict() | {"duration_s": 3.0})
    assert (tmp_path / "a" / "summary.json").read_text() == api.summary_json + "\n"
    assert pq.read_table(tmp_path / "a" / "flows.parquet").equals(api.flows)
    # a run whose series outgrow the in-memory limit streams them (STREAM_ROWS rows)
    d = {"name": "streamed", "duration_s": 60, "sample_interval_s": 1e-4,
         "nodes": [{"name": "a"}, {"name": "b"}],
         "links": [{"a": "a", "b": "b", "rate_bps": 1e6, "delay_ms": 10}],
         "flows": [{"src": "a", "dst": "b"}]}
    f = tmp_path / "streamed.json"
    f.write_text(json.dumps(d))
    p = subprocess.run([sys.executable, "-m", "satcc.cli", "run", str(f), "--out", str(tmp_path / "s"), "--no-plots"],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert pq.ParquetFile(tmp_path / "s" / "queue.parquet").metadata.num_rows == 2 * 600_000
    assert not list((tmp_path / "s").glob(".satcc-series-*")), "the streamed files are removed"
    r = satcc.run(d, stream_dir=tmp_path / "api")
    assert len(list((tmp_path / "api").glob(".satcc-series-*"))) == 1
    r.close()
    assert not list((tmp_path / "api").glob(".satcc-series-*")) and r.queue.num_rows == 2 * 600_000
    p = subprocess.run([sys.executable, "-m", "satcc.cli", "run", str(scen), "--out", str(tmp_path / "b"),
                        "--duration", "-1"], capture_output=True, text=True)
    assert p.returncode == 2 and "duration" in p.stderr
    # with plots: every figure is whole when the process has ended
    p = subprocess.run([sys.executable, "-m", "satcc.cli", "run", str(scen), "--out", str(tmp_path / "c"),
                        "--duration", "3"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    import matplotlib.image as mpimg

    pngs = sorted((tmp_path / "c" / "plots").glob("*.png"))
    assert len(pngs) >= 4 and all(mpimg.imread(f).size > 0 for f in pngs)
