"""Experiments: catalog, sweeps, the crash-proof store, resume, reports, and errors."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from satcc.experiments import ExperimentError, all_experiments, get, load_file
from satcc.experiments.api import report, reproduce
from satcc.experiments.stats import mean_ci, t975
from satcc.experiments.store import Store, count_by_key

HERE = Path(__file__).resolve().parent
SLOW = str(HERE / "data" / "slow_catalog.py")


def cli(*args, **kw):
    return subprocess.run([sys.executable, "-m", "satcc.cli", *args], capture_output=True, text=True, **kw)


def values(store_dir):
    st = Store(store_dir)
    return {(k, m): v for k, _, _, m, v in st.query(
        "SELECT key, point_id, seed, metric, value FROM runs").fetchall()}


def test_catalog_lists_both_baselines():
    ids = [e.id for e in all_experiments()]
    assert "baseline.newreno-rtt-unfairness" in ids and "baseline.newreno-per-utilization" in ids
    r = cli("list")
    assert r.returncode == 0 and "baseline.newreno-per-utilization" in r.stdout


def test_keys_are_content_keys():
    e = get("baseline.newreno-per-utilization")
    a = e.expand(seeds=2)
    assert [r.key for r in a] == [r.key for r in e.expand(seeds=2)]
    assert len({r.key for r in a}) == len(a) == 2 * len(e.grid["per"].values)
    # a different scenario (shorter runs) never shares keys
    assert not {r.key for r in a} & {r.key for r in e.expand(seeds=2, quick=True)}


def test_keys_change_with_the_simulator_source(monkeypatch):
    """A rebuilt core with different source never reuses stored runs."""
    from satcc import _core
    from satcc.experiments import definition

    assert len(_core.SOURCE_HASH) == 16 and int(_core.SOURCE_HASH, 16) >= 0
    sc = get("baseline.newreno-per-utilization").expand(seeds=1)[0].scenario
    before = definition.run_key(sc)
    monkeypatch.setattr(definition, "SOURCE_HASH", "0" * 16)
    assert definition.run_key(sc) != before


def test_report_says_why_runs_of_another_build_are_not_used(tmp_path, monkeypatch):
    from satcc.experiments import definition

    reproduce("baseline.newreno-per-utilization", store=tmp_path, quick=True, jobs=1, quiet=True)
    monkeypatch.setattr(definition, "SOURCE_HASH", "f" * 16)  # as if the core had changed
    with pytest.raises(ExperimentError, match=r"stored runs of it have other settings or come from another build"):
        report("baseline.newreno-per-utilization", store=tmp_path, quick=True)


def test_grid_override_and_out_of_range():
    e = get("baseline.newreno-per-utilization")
    runs = e.expand(seeds=1, grid={"per": [0.01, 0.02]})
    assert [r.point["per"] for r in runs] == [0.01, 0.02]
    with pytest.raises(ExperimentError, match=r"grid value out of range: per=1.5 \(allowed 0 to 1\)"):
        e.expand(grid={"per": [1.5]})
    with pytest.raises(ExperimentError, match="unknown parameter 'rate'"):
        e.expand(grid={"rate": [1]})


@pytest.mark.parametrize("exp_id", ["baseline.newreno-rtt-unfairness", "baseline.newreno-per-utilization"])
def test_quick_reproduce_writes_report_plots_and_resumes(tmp_path, exp_id):
    out, rep = reproduce(exp_id, store=tmp_path, quick=True, jobs=2, quiet=True)
    assert out.done == out.total > 0 and rep["complete"]
    d = Path(rep["out_dir"])
    j = json.loads((d / "report.json").read_text())
    assert j["id"] == exp_id and j["claims"] and all("holds" in c for c in j["claims"])
    for r in j["results"]:
        assert r["n"] == 2 and r["ci95"] == r["ci95"]  # two seeds: a finite CI
    pngs, svgs = list(d.glob("*.png")), list(d.glob("*.svg"))
    assert pngs and svgs and all(p.stat().st_size > 3000 for p in pngs)
    assert "claims beside ours" in (d / "report.md").read_text()
    again, _ = reproduce(exp_id, store=tmp_path, quick=True, jobs=2, quiet=True)
    assert again.already == again.total and again.done == 0


def test_statistics():
    assert t975(1) == 12.706 and abs(t975(1000) - 1.962) < 0.002
    m, ci, n = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert (m, n) == (2.5, 4) and abs(ci - 3.182 * (1.2909944 / 2)) < 1e-6


def test_intervals_respect_each_metrics_physical_range():
    from satcc.experiments.stats import interval, metric_range

    assert metric_range("jain_fairness") == (0, 1) and metric_range("bottlenecks:utilization") == (0, 1)
    assert metric_range("L1:avg_queue_pct") == (0, 100)
    assert metric_range("group:rtt40ms:throughput_mbps")[0] == 0 and metric_range("Tr")[0] == 0
    assert metric_range("something_new") == (float("-inf"), float("inf"))
    # a Jain index of 0.98 ± 0.05 over two seeds: the interval stops at 1
    assert interval("jain_fairness", 0.98, 0.05) == (0.98 - 0.05, 1.0, True)
    lo, hi, clipped = interval("goodput_mbps", 0.2, 0.5)
    assert (lo, clipped) == (0.0, True) and abs(hi - 0.7) < 1e-12
    assert interval("utilization", 0.5, 0.1) == (0.4, 0.6, False)


def test_a_reports_intervals_never_cross_a_metrics_range(tmp_path):
    # refwa.fig6-fairness --quick drew Jain indices down to -0.2 and utilization up to 1.5
    from satcc.experiments.stats import metric_range

    _, rep = reproduce("refwa.fig6-fairness", store=tmp_path, quick=True, jobs=2, quiet=True)
    rows = json.loads((Path(rep["out_dir"]) / "report.json").read_text())["results"]
    for r in rows:
        lo, hi = metric_range(r["metric"])
        assert lo <= r["ci_lo"] <= r["mean"] <= r["ci_hi"] <= hi, r
    assert any(r["clipped"] for r in rows)  # two seeds: some t-intervals did cross
    assert "* the interval" in (Path(rep["out_dir"]) / "report.md").read_text().replace("\\", "")


def test_one_job_and_two_jobs_store_identical_numbers(tmp_path):
    reproduce("baseline.newreno-per-utilization", store=tmp_path / "a", quick=True, jobs=1, quiet=True)
    reproduce("baseline.newreno-per-utilization", store=tmp_path / "b", quick=True, jobs=2, quiet=True)
    assert values(tmp_path / "a") == values(tmp_path / "b")


def test_report_without_runs_and_bad_ids(tmp_path):
    with pytest.raises(ExperimentError, match="no stored runs"):
        report("baseline.newreno-rtt-unfairness", store=tmp_path)
    for args in (("reproduce", "no.such-experiment", "--store", str(tmp_path)),
                 ("report", "baseline.newreno-per-utilization", "--store", str(tmp_path / "empty")),
                 ("reproduce", "baseline.newreno-per-utilization", "--grid", "per=0.1,7", "--store", str(tmp_path)),
                 ("reproduce", "baseline.newreno-per-utilization", "--jobs", "0", "--store", str(tmp_path))):
        r = cli(*args)
        assert r.returncode == 2, (args, r.stderr)
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("satcc: error: "), (args, r.stderr)
    r = cli("reproduce", "baseline.newreno-per-utiliation", "--store", str(tmp_path))
    assert "did you mean baseline.newreno-per-utilization" in r.stderr


def test_points_that_build_the_same_scenario_run_once(tmp_path):
    """A grid parameter the scenario ignores gives equal keys: one run each, counted once,
    reported under both points."""
    from satcc.experiments import Experiment, Param
    from satcc.topology import rtt_groups

    e = Experiment(id="test.ignored-param", title="t", source="test",
                   build=lambda per, ignored: rtt_groups(n_groups=2, flows_per_group=1, duration_s=2.0,
                                                        per=per).to_dict(),
                   grid={"per": Param((0.0, 0.01)), "ignored": Param(("a", "b"))}, seeds=2)
    out, rep = reproduce(e, store=tmp_path, jobs=1, quiet=True)
    assert out.total == out.done == 4 and rep["complete"]
    assert len(Store(tmp_path).keys()) == 4
    util = {(x["point"]["per"], x["point"]["ignored"]): x["n"] for x in rep["results"] if x["metric"] == "utilization"}
    assert util == {(0.0, "a"): 2, (0.0, "b"): 2, (0.01, "a"): 2, (0.01, "b"): 2}


def test_unreachable_cluster_is_one_line_error(tmp_path):
    t0 = time.time()
    r = cli("reproduce", "baseline.newreno-rtt-unfairness", "--quick", "--store", str(tmp_path),
            "--cluster", "tcp://127.0.0.1:9")
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in lines[0]
    assert time.time() - t0 < 60


def test_user_experiment_file(tmp_path):
    root = HERE.parent
    f = tmp_path / "exp.toml"
    f.write_text(f'''
id = "user.buffer-sweep"
title = "Utilization against buffer size"
scenario = "{root / 'scenarios' / 'dumbbell_lossy.toml'}"
seeds = 2
[grid]
"links.3.queue.limit_pkts" = [10, 40]
"duration_s" = [3.0]
[[plots]]
name = "utilization"
x = "links.3.queue.limit_pkts"
y = ["utilization"]
''')
    r = cli("reproduce", "user.buffer-sweep", "--catalog", str(f), "--store", str(tmp_path / "s"), "--jobs", "1")
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "s" / "reports" / "user.buffer-sweep" / "utilization.svg").exists()
    f.write_text(f.read_text().replace("[10, 40]", "[10, 0]"))
    r = cli("reproduce", "user.buffer-sweep", "--catalog", str(f), "--store", str(tmp_path / "s"))
    assert r.returncode == 2 and "limit_pkts" in r.stderr


def _wait_for_runs(store_dir: Path, n: int, proc, timeout=120):
    t0 = time.time()
    while time.time() - t0 < timeout:
        if len(list((store_dir / "runs").glob("*.parquet"))) >= n:
            return
        if proc.poll() is not None:
            raise AssertionError(f"sweep ended early: {proc.stderr.read()}")
        time.sleep(0.05)
    raise AssertionError("no runs stored in time")


def test_sigkill_midway_then_resume_stores_each_run_once(tmp_path):
    store = tmp_path / "killed"
    args = [sys.executable, "-m", "satcc.cli", "reproduce", "test.slow", "--catalog", SLOW, "--store", str(store),
            "--jobs", "2"]
    p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    _wait_for_runs(store, 4, p)
    os.killpg(p.pid, signal.SIGKILL)
    p.wait()
    stored_at_kill = len(list((store / "runs").glob("*.parquet")))
    assert 4 <= stored_at_kill < 24, "the kill must land mid-sweep"
    # whatever was stored is whole: every file reads back with all its metrics
    st = Store(store)
    assert not list((store / "runs").glob(".*.tmp")), "temporary files are cleaned on open"
    r = subprocess.run(args, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "already stored" in r.stdout
    counts = count_by_key(Store(store))
    expected = {run.key for run in load_or_get_slow().expand()}
    assert set(counts) == expected and all(v == 1 for v in counts.values())
    # identical numbers to an uninterrupted sweep
    clean = tmp_path / "clean"
    r = subprocess.run([*args[:-3], str(clean), "--jobs", "2"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert values(store) == values(clean)


def load_or_get_slow():
    try:
        return get("test.slow")
    except ExperimentError:
        return load_file(SLOW)[0]


def test_an_abandoned_pool_lets_the_interpreter_exit_after_a_half_written_result():
    """Ctrl-C kills the workers, one perhaps while it writes its result: the executor's
    manager thread then blocks reading the rest of that message, and the interpreter
    (which joins it at exit) never ends. Half a message written by hand stands for the
    killed worker's; after runner._abandon the thread must end."""
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor

    from satcc.experiments import runner

    ex = ProcessPoolExecutor(max_workers=1, mp_context=mp.get_context("spawn"))
    assert ex.submit(abs, -3).result(timeout=60) == 3
    manager = ex._executor_manager_thread
    writer = ex._result_queue._writer
    try:
        os.write(writer.fileno(), b"\x00\x00")  # two of a message's four header bytes
        time.sleep(0.5)  # the manager thread is now reading the rest
        runner._abandon(ex)
        manager.join(timeout=10)
        assert not manager.is_alive(), "the manager thread still waits for the rest of the message"
    finally:
        if not writer.closed:
            writer.close()  # let this interpreter exit if the assertion failed


def test_ctrl_c_stops_cleanly_and_keeps_finished_runs(tmp_path):
    store = tmp_path / "s"
    # -X faulthandler: if it does not exit, SIGABRT prints where each of its threads waits
    # the child starts with SIGINT at its default, as in a terminal: a test run launched in
    # the background (`nohup ... &`, some CI runners) ignores SIGINT, its children inherit
    # that, and Python then installs no Ctrl-C handler (the sweep ran on to the end)
    p = subprocess.Popen([sys.executable, "-X", "faulthandler", "-m", "satcc.cli", "reproduce", "test.slow",
                          "--catalog", SLOW, "--store", str(store), "--jobs", "2"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    _wait_for_runs(store, 2, p)
    os.killpg(p.pid, signal.SIGINT)
    try:
        out, err = p.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        p.send_signal(signal.SIGABRT)
        out, err = p.communicate(timeout=30)
        pytest.fail(f"still running 60 s after Ctrl-C; its threads then:\n{err[-6000:]}")
    assert p.returncode == 130, err
    assert "stopped:" in err and "rerun the same command to finish" in err
    assert "Traceback" not in err
    n = len(list((store / "runs").glob("*.parquet")))
    assert 2 <= n < 24


def test_plot_lines_never_join_points_of_another_parameter():
    from satcc.experiments.definition import Experiment, Param, PlotSpec
    from satcc.experiments.report import plot_lines

    pts = [{"link": l, "scheme": s, "step": st} for l in ("T3", "OC3") for s in ("a", "b") for st in (10, 20)]
    spec = PlotSpec(name="f", x="link", y=("jain_fairness",), series="scheme")
    lines = plot_lines(spec, pts)
    assert len(lines) == 4  # scheme x step, never a line zig-zagging between steps
    for key, line in lines.items():
        assert [p["link"] for p in line] == ["OC3", "T3"]
    for line in plot_lines(spec, pts, order=("T3", "OC3")).values():
        assert [p["link"] for p in line] == ["T3", "OC3"]  # names keep the grid's order
        assert len({(p["scheme"], p["step"]) for p in line}) == 1, key
    only = PlotSpec(name="f", x="link", y=("jain_fairness",), series="scheme", where=(("step", 10),))
    chosen = [p for p in pts if p["step"] == 10]
    assert set(plot_lines(only, chosen)) == {(("scheme", "a"),), (("scheme", "b"),)}
    with pytest.raises(ExperimentError, match=r"plot 'f': where 'stp' is not a grid parameter"):
        Experiment(id="x", title="x", source="x", build=lambda **k: {}, grid={"step": Param((10, 20))},
                   plots=(PlotSpec(name="f", y=("u",), where=(("stp", 10),)),))


def test_trace_figures_share_a_scale_and_name_their_lines(tmp_path, monkeypatch):
    from satcc.experiments import report as report_mod

    figs = []
    real_close = report_mod.plt.close
    monkeypatch.setattr(report_mod.plt, "close", lambda fig=None: figs.append(fig) or real_close(fig))
    reproduce("refwa.fig3-4-dynamics", store=tmp_path, quick=True, jobs=1, quiet=True)
    by_title = {f._suptitle.get_text(): f for f in figs if f is not None and f._suptitle is not None}
    seq = next(f for t, f in by_title.items() if t.startswith("Fig. 3"))
    queue = next(f for t, f in by_title.items() if t.startswith("Fig. 4(b)"))
    for fig in (seq, queue):
        a, b = fig.axes[:2]
        assert a.get_shared_y_axes().joined(a, b), "paired panels use one y-scale"
        assert "seed" in fig._suptitle.get_text()
    # the four late joiners can be told apart; the buffer limit says what it is
    assert {"flow4", "flow7"} <= {t.get_text() for t in seq.axes[0].get_legend().get_texts()}
    assert "buffer limit" in {t.get_text() for t in queue.axes[0].get_legend().get_texts()}

