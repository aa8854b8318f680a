"""Runs that several experiments share (equal scenarios: the catalog's Table III studies,
REFWA's multi-bottleneck figures and the XFWA comparison) are simulated once, and each
experiment keeps its own metrics of them; `satcc reproduce --all` runs the whole catalog
as one sweep. (Issue 20, item 5.)"""

import json

import pyarrow.parquet as pq
import pytest

from satcc import cli as satcc_cli
from satcc.experiments import Experiment, Param
from satcc.experiments.definition import TraceSpec
from satcc.experiments import api, runner
from satcc.experiments.api import report, reproduce, reproduce_all
from satcc.experiments.store import Store
from satcc.scenario import load


def _build(limit_pkts):
    d = load("scenarios/dumbbell_lossy.toml").to_dict()
    d["duration_s"] = 2.0
    d["links"][3]["queue"]["limit_pkts"] = limit_pkts
    return d


def _a_metrics(summary, scenario):
    return {"a_goodput": summary["totals"]["goodput_mbps"]}


def _b_metrics(summary, scenario):
    return {"b_loss": summary["totals"]["loss_rate"], "b_limit": float(scenario["links"][3]["queue"]["limit_pkts"])}


GRID = {"limit_pkts": Param((10, 20))}


def _exps(b_traces=()):
    a = Experiment(id="test.share-a", title="A", source="test", build=_build, grid=GRID, seeds=2, metrics=_a_metrics)
    b = Experiment(id="test.share-b", title="B", source="test", build=_build, grid=GRID, seeds=2, metrics=_b_metrics,
                   traces=b_traces)
    return a, b


@pytest.fixture(autouse=True)
def _in_repo(monkeypatch):
    from pathlib import Path

    monkeypatch.chdir(Path(__file__).resolve().parents[1])


def _count_runs(monkeypatch) -> list:
    """Each simulation a sweep makes (jobs=1 runs them in this process)."""
    made = []
    real = runner.run_one

    def counting(scenario_json, series=False):
        made.append((json.loads(scenario_json)["links"][3]["queue"]["limit_pkts"], series))
        return real(scenario_json, series)

    monkeypatch.setattr(runner, "run_one", counting)
    return made


def _rows(rep):
    from pathlib import Path

    return json.loads((Path(rep["out_dir"]) / "report.json").read_text())["results"]


def test_an_experiment_finding_another_ones_runs_gets_its_own_metrics_without_simulating(tmp_path, monkeypatch):
    a, b = _exps()
    made = _count_runs(monkeypatch)
    out_a, rep_a = reproduce(a, store=tmp_path, jobs=1, quiet=True)
    assert out_a.done == 4 and len(made) == 4
    out_b, rep_b = reproduce(b, store=tmp_path, jobs=1, quiet=True)
    # nothing simulated again: B's metrics come from the summaries A stored
    assert len(made) == 4 and out_b.done == 0 and out_b.already == out_b.shared == 4
    assert rep_b["complete"]
    rows_b = _rows(rep_b)
    assert {r["metric"] for r in rows_b} == {"b_loss", "b_limit"}
    assert {r["point"]["limit_pkts"]: r["mean"] for r in rows_b if r["metric"] == "b_limit"} == {10: 10.0, 20: 20.0}
    assert all(r["n"] == 2 for r in rows_b)
    # ...and they are B's own numbers: those of a store where B ran alone
    _, alone = reproduce(b, store=tmp_path / "alone", jobs=1, quiet=True)
    assert [(r["point"], r["metric"], r["mean"]) for r in _rows(alone)] == \
        [(r["point"], r["metric"], r["mean"]) for r in rows_b]
    # A's report still has A's metrics only
    assert {r["metric"] for r in _rows(report(a, store=tmp_path))} == {"a_goodput"}
    st = Store(tmp_path)
    assert st.keys_of(a.id) == st.keys_of(b.id) == st.keys() and len(st.keys()) == 4


def test_experiments_naming_the_same_network_differently_share_its_runs(tmp_path, monkeypatch):
    """A scenario's name heads its summary and nothing else: the catalog's CUBIC/BBR
    studies build the papers' NewReno points under names of their own (cubic-bbr.table3's
    newreno points are trefwa.table3-fig2's, its LEO ones leo.refwa-handover's), and
    each was simulated twice. Scenarios apart in anything else stay apart."""
    a, _ = _exps()

    def named(limit_pkts):
        return {**_build(limit_pkts), "name": "another-label"}

    b = Experiment(id="test.share-renamed", title="B", source="test", build=named, grid=GRID, seeds=2,
                   metrics=_b_metrics)
    made = _count_runs(monkeypatch)
    reproduce(a, store=tmp_path, jobs=1, quiet=True)
    out_b, rep_b = reproduce(b, store=tmp_path, jobs=1, quiet=True)
    assert len(made) == 4 and out_b.shared == 4 and rep_b["complete"]
    assert [r.key for r in a.expand()] == [r.key for r in b.expand()]
    # ...and the metrics are those of B run alone
    _, alone = reproduce(b, store=tmp_path / "alone", jobs=1, quiet=True)
    assert [(r["point"], r["metric"], r["mean"]) for r in _rows(alone)] == \
        [(r["point"], r["metric"], r["mean"]) for r in _rows(rep_b)]
    # anything but the name keeps runs apart
    c = Experiment(id="test.share-other", title="C", source="test",
                   build=lambda limit_pkts: {**_build(limit_pkts), "duration_s": 1.5}, grid=GRID, seeds=2)
    assert not {r.key for r in c.expand()} & {r.key for r in a.expand()}


def test_the_catalogs_renamed_networks_are_simulated_once():
    """In the catalog itself: every run of the CUBIC/BBR studies' NewReno points without
    a router scheme (fig6's with REFWA too) is a run of the paper experiment that builds
    the same network."""
    from satcc.experiments import get

    keys = {r.key for eid in ("trefwa.table3-fig2", "leo.refwa-handover", "refwa.fig6-fairness")
            for r in get(eid).expand(seeds=2)}
    for eid, share in (("cubic-bbr.table3", {"cc": "newreno", "router": "none"}),
                       ("cubic-bbr.leo-handover", {"cc": "newreno"}),
                       ("cubic-bbr.fig6", {"cc": "newreno"})):
        runs = [r for r in get(eid).expand(seeds=2) if all(r.point.get(k) == v for k, v in share.items())]
        assert runs and all(r.key in keys for r in runs), eid


def test_a_shared_run_whose_series_are_missing_is_run_again(tmp_path, monkeypatch):
    a, b = _exps(b_traces=(TraceSpec(name="q", kind="queue", link="r1->r2"),))
    made = _count_runs(monkeypatch)
    reproduce(a, store=tmp_path, jobs=1, quiet=True)
    made.clear()
    out_b, rep_b = reproduce(b, store=tmp_path, jobs=1, quiet=True)
    # B keeps seed 1's series; A stored none: those two runs again, with series
    assert sorted(made) == [(10, True), (20, True)] and out_b.done == 2 and out_b.shared == 2
    st = Store(tmp_path)
    assert all(st.has_series(r.key) == (r.seed == 1) for r in b.expand())
    assert rep_b["complete"]


def test_reproduce_all_simulates_each_shared_run_once_largest_first(tmp_path, monkeypatch):
    a, b = _exps()
    made = _count_runs(monkeypatch)
    # the measured cost per run decides the order: B's (one run) costs more than A's
    monkeypatch.setattr("satcc.dev.runtimes.load", lambda: {"machine": {}, "experiments": {
        "test.share-a": {"fixed_s": 0, "per_seed_s": 1.0}, "test.share-b": {"fixed_s": 0, "per_seed_s": 2.0}}})
    c = Experiment(id="test.share-c", title="C", source="test", build=_build, grid={"limit_pkts": Param((30,))},
                   seeds=2)
    out, reports = reproduce_all(store=tmp_path, jobs=1, quiet=True, experiments=[a, b, c])
    assert out.total == 6 and out.done == 6 and len(made) == 6
    # c (unmeasured: the median cost) is not before the shared runs, which cost B's
    assert [m[0] for m in made][-2:] == [30, 30]
    assert [rid for rid, _, _ in reports] == ["test.share-a", "test.share-b", "test.share-c"]
    assert all(rep is not None and rep["complete"] for _, rep, _ in reports)
    st = Store(tmp_path)
    assert len(st.keys()) == 6 and len(st.keys_of("test.share-a")) == len(st.keys_of("test.share-b")) == 4
    # a second call has nothing to do
    made.clear()
    again, _ = reproduce_all(store=tmp_path, jobs=1, quiet=True, experiments=[a, b, c])
    assert made == [] and again.done == 0 and again.already == 6


def test_sweep_runs_the_costliest_first(tmp_path, monkeypatch):
    a, _ = _exps()
    made = _count_runs(monkeypatch)
    runs = a.expand()
    runner.run_sweep([(a, r) for r in runs], Store(tmp_path), "t", jobs=1, quiet=True,
                     cost=lambda job: job.scenario["links"][3]["queue"]["limit_pkts"])
    assert [m[0] for m in made] == [20, 20, 10, 10]


def test_a_store_of_the_earlier_layout_is_read(tmp_path, monkeypatch):
    """runs/KEY.parquet (one experiment's metrics, named in the file) from before."""
    a, b = _exps()
    reproduce(a, store=tmp_path, jobs=1, quiet=True)
    st = Store(tmp_path)
    for p in st.runs.glob("*.parquet"):
        p.rename(p.with_name(p.name.split(".", 1)[0] + ".parquet"))
    assert st.keys_of(a.id) == st.keys() and st.keys_of(b.id) == set()
    made = _count_runs(monkeypatch)
    out_a, rep_a = reproduce(a, store=tmp_path, jobs=1, quiet=True)
    assert made == [] and out_a.already == 4 and out_a.shared == 0 and rep_a["complete"]
    out_b, rep_b = reproduce(b, store=tmp_path, jobs=1, quiet=True)
    assert made == [] and out_b.shared == 4 and rep_b["complete"]


def test_metrics_stored_twice_count_once(tmp_path):
    """A run's metrics in both layouts (a store upgraded mid-way) are one run's."""
    a, _ = _exps()
    reproduce(a, store=tmp_path, jobs=1, quiet=True)
    st = Store(tmp_path)
    p = sorted(st.runs.glob("*.parquet"))[0]
    pq.write_table(pq.read_table(p), p.with_name(p.name.split(".", 1)[0] + ".parquet"))
    assert all(r["n"] == 2 for r in _rows(report(a, store=tmp_path)))


def test_catalog_costs_come_from_the_measured_run_times():
    from satcc.experiments import get

    exps = [get("trefwa.table3-fit"), get("refwa.fig5-alpha")]
    cost = api._run_costs([(e, r) for e in exps for r in e.expand(seeds=1)])
    assert cost["trefwa.table3-fit"] > 10 * cost["refwa.fig5-alpha"] > 0


@pytest.mark.parametrize("args, message", [
    (["reproduce"], "reproduce: give an experiment id (satcc list shows the catalog) or --all"),
    (["report"], "report: give an experiment id (satcc list shows the catalog) or --all"),
    (["reproduce", "refwa.fig6-fairness", "--all"], "reproduce: give an experiment id or --all, not both"),
    (["reproduce", "--all", "--grid", "per=0.01"], "--grid: not with --all (each experiment has its own grid)"),
])
def test_cli_one_experiment_or_all(args, message, capsys):
    assert satcc_cli.main(args) == 2
    assert capsys.readouterr().err.strip() == f"satcc: error: {message}"


def test_cli_reproduce_all_and_report_all(tmp_path, monkeypatch, capsys):
    a, b = _exps()
    monkeypatch.setattr("satcc.experiments.registry.all_experiments", lambda: [a, b])
    monkeypatch.setattr("satcc.experiments.all_experiments", lambda: [a, b])
    assert satcc_cli.main(["reproduce", "--all", "--store", str(tmp_path), "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "catalog: 4 runs (0 already stored, 4 run now) in " in out and "; 2 experiments' reports in " in out
    assert f"test.share-b: no claims -> {tmp_path}/reports/test.share-b/report.html" in out
    assert satcc_cli.main(["report", "--all", "--store", str(tmp_path), "--out", str(tmp_path / "r")]) == 0
    out = capsys.readouterr().out
    assert f"test.share-a: no claims -> {tmp_path}/r/test.share-a/report.html" in out
    assert (tmp_path / "r" / "test.share-a" / "report.html").exists()


def test_the_catalogs_multi_bottleneck_runs_serve_the_xfwa_comparison(tmp_path):
    """The case that failed: refwa.xfwa-comparison after refwa.fig10-12-multi-bottleneck
    in one store (they share the multi-bottleneck runs, with different metrics) raised
    a TypeError in the claims for want of the comparison's metrics."""
    reproduce("refwa.fig10-12-multi-bottleneck", store=tmp_path / "s", seeds=1, jobs=2, quiet=True)
    out, rep = reproduce("refwa.xfwa-comparison", store=tmp_path / "s", seeds=1, jobs=2, quiet=True)
    assert out.shared > 0 and rep["complete"]
    _, alone = reproduce("refwa.xfwa-comparison", store=tmp_path / "alone", seeds=1, jobs=2, quiet=True)
    assert [(c["ours"], c["holds"]) for c in rep["claims"]] == [(c["ours"], c["holds"]) for c in alone["claims"]]


def test_the_progress_of_a_costed_sweep_counts_expected_work_and_runs(tmp_path, capsys):
    a, _ = _exps()
    runner.run_sweep([(a, r) for r in a.expand()], Store(tmp_path), "t", jobs=1, quiet=False,
                     cost=lambda job: 3.0 if job.scenario["links"][3]["queue"]["limit_pkts"] == 20 else 1.0)
    last = capsys.readouterr().err.strip().split("\r")[-1]
    assert last.startswith("t (4/4 runs): 100%|"), last


def test_the_catalogs_reports_are_written_by_the_workers_as_the_parent_would(tmp_path, monkeypatch):
    from pathlib import Path

    from satcc.experiments import get

    exps = [get("refwa.fig5-alpha"), get("refwa.fig7-rtt-error")]
    real = api._report_or_why

    def not_here(*a, **k):
        raise AssertionError("a catalog experiment's report written in the parent")

    monkeypatch.setattr(api, "_report_or_why", not_here)
    out, reports = reproduce_all(store=tmp_path, quick=True, jobs=2, quiet=True, experiments=exps)
    monkeypatch.setattr(api, "_report_or_why", real)
    assert [i for i, _, _ in reports] == [e.id for e in exps] and all(rep is not None for _, rep, _ in reports)
    by_workers = {i: (Path(rep["out_dir"]) / "report.json").read_text() for i, rep, _ in reports}
    index = (tmp_path / "reports" / "index.html").read_text()
    assert all(f"{e.id}-quick/report.html" in index for e in exps)
    for e in exps:  # the same report, written here
        rep = report(e, store=tmp_path, quick=True)
        assert (Path(rep["out_dir"]) / "report.json").read_text() == by_workers[e.id]
