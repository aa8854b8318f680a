"""`satcc bench`: the standard scenario's figures, its errors, and the ns-3 timing
reference (which needs the optional `ns3` package; .ci/run installs it)."""

import json
import shutil
import subprocess
import sys

import pytest

from satcc.dev import bench as bench_mod
from satcc.dev import ns3bench
from satcc.experiments.definition import ExperimentError
from satcc.topology import rtt_groups


def cli(*args):
    return subprocess.run([sys.executable, "-m", "satcc.cli", *args], capture_output=True, text=True)


def test_bench_writes_its_figures(tmp_path):
    out = tmp_path / "b.json"
    r = cli("bench", "--duration", "2", "--no-ns2", "--out", str(out))
    assert r.returncode == 0, r.stderr
    res = json.loads(out.read_text())
    s = res["satcc"]
    # (2 s of which the first is start-up: a sanity range, not a fidelity claim)
    assert s["events"] > 10_000 and s["wall_s"] > 0 and 0.2 < s["utilization"] <= 1.0
    assert res["satcc_events_per_s"] == pytest.approx(s["events"] / s["wall_s"])
    # the whole `satcc run` process is timed too (in a process of its own: it is not
    # compared with the run call's time, two timings of separate processes on a loaded
    # machine, which the end of `satcc run` no longer sets far apart)
    assert res["satcc_whole_process_s"] > 0
    assert "speedup_vs_ns2" not in res and "ns3" not in res


def test_startup_bench_times_each_quick_command_as_a_fresh_process(tmp_path):
    out = tmp_path / "s.json"
    r = cli("bench", "--startup", "--repeat", "1", "--out", str(out))
    assert r.returncode == 0, r.stderr
    res = json.loads(out.read_text())
    # at least five of each (--repeat is raised to 5: a median of fewer says little)
    assert res["repeat"] == 5 and set(res["median_s"]) == {"--version", "--help", "validate"}
    assert all(0 < res["best_s"][k] <= res["median_s"][k] for k in res["median_s"])
    assert isinstance(res["shim"], bool) and res["command"]
    for k in ("--version", "--help", "validate"):
        assert f"satcc {k}" in r.stdout


def test_bench_oc12_scenario_is_table3_network(tmp_path):
    d = bench_mod.oc12_one_to_many(duration_s=1.0)
    assert len(d["flows"]) == 128 and all("start_jitter_s" not in f for f in d["flows"])
    out = tmp_path / "b.json"
    r = cli("bench", "--scenario", "oc12-one-to-many", "--duration", "2", "--no-ns2", "--out", str(out))
    assert r.returncode == 0, r.stderr
    res = json.loads(out.read_text())
    assert res["scenario"] == "bench-oc12-one-to-many-128flows" and res["satcc"]["events"] > 200_000  # 128 flows after their 1 s of staggered starts


def test_bench_unknown_scenario_names_the_choices():
    r = cli("bench", "--scenario", "oc48", "--no-ns2")
    assert r.returncode != 0 and "--scenario" in r.stderr and "oc12-one-to-many" in r.stderr
    assert "Traceback" not in r.stderr
    with pytest.raises(ExperimentError, match="--scenario: must be one of standard, oc12-one-to-many"):
        bench_mod.bench(duration_s=0.5, with_ns2=False, scenario="oc48")


def test_bench_ns3_missing_is_a_one_line_error(monkeypatch):
    monkeypatch.setattr(ns3bench, "available", lambda: False)
    with pytest.raises(ExperimentError, match="--ns3: ns-3 is not installed"):
        bench_mod.bench(duration_s=0.5, with_ns2=False, with_ns3=True)


def test_bench_point_needs_every_grid_value():
    r = cli("bench", "--run", "refwa.fig6-fairness", "--point", "scheme=refwa")
    assert r.returncode != 0 and "--point" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.slow
def test_ns3_runs_the_same_scenario(tmp_path):
    pytest.importorskip("ns", reason="the optional ns3 package (pip install 'satcc[ns3]')")
    d = rtt_groups(n_groups=2, flows_per_group=2, bottleneck_rate_bps=10e6, buffer_pkts=50,
                   duration_s=5.0).to_dict()
    for i, f in enumerate(d["flows"]):
        f["start_s"] = 0.1 * i
        f.pop("start_jitter_s", None)
    p = tmp_path / "s.json"
    p.write_text(json.dumps(d))
    n3 = bench_mod._ns3_child(str(p))
    # four NewReno flows keep a 10 Mb/s bottleneck busy after slow start
    assert n3["wall_s"] > 0 and 0.6 < n3["utilization"] <= 1.0, n3


def test_abbench_rejects_bad_arguments_naming_the_option(capsys, tmp_path):
    from satcc.dev import abbench

    for argv, opt in ((["--repeat", "0", "--baseline-python", str(tmp_path)], "--repeat"),
                      (["--engine", "/bin/true"], "--baseline-engine"),
                      (["--baseline-python", str(tmp_path / "nope")], "--baseline-python"),
                      (["--baseline-python", str(tmp_path)], "holds no satcc package"),
                      ([], "--baseline-python")):
        with pytest.raises(SystemExit):
            abbench.main(argv)
        assert opt in capsys.readouterr().err


def test_abbench_alternates_and_reports_the_ratio_of_bests():
    from satcc.dev.abbench import alternate

    order = []
    r = alternate(lambda: order.append("b") or 2.0, lambda: order.append("c") or 1.0, 3)
    assert order == ["b", "c", "c", "b", "b", "c"]
    assert r["ratio"] == 0.5 and r["baseline_best_s"] == 2.0


def test_scale_bench_doubles_flows_and_rates(tmp_path):
    """Table III's OC48 run and the catalog's largest constellation run, each with twice
    the flows, the rates and both (issue 20, item 6)."""
    out = tmp_path / "s.json"
    r = cli("bench", "--scale", "--duration", "3", "--out", str(out))
    assert r.returncode == 0, r.stderr
    runs = json.loads(out.read_text())["runs"]
    assert len(runs) == 8 and all(x["events"] > 0 and x["max_rss_mb"] > 0 for x in runs.values())
    assert all(x["simulated_s"] == 3 for x in runs.values())
    oc48 = [runs[k] for k in runs if not k.startswith("LEO")]
    leo = [runs[k] for k in runs if k.startswith("LEO")]
    assert len(oc48) == len(leo) == 4
    base, flows, rates, both = oc48
    # a saturated link's events follow its rate, not its number of flows
    assert rates["events"] > 1.5 * base["events"] and both["events"] > 1.5 * flows["events"]
    assert flows["max_rss_mb"] > base["max_rss_mb"], "twice the flows hold more state"
    # the constellation's flows share no single bottleneck: twice the flows, more events
    base, flows, rates, both = leo
    assert flows["events"] > base["events"] and both["events"] > rates["events"]
    assert rates["events"] > base["events"], "twice the rates carry more packets"


def test_the_scale_benchs_constellation_runs_are_the_catalogs_scaled():
    from satcc.dev.bench import _largest_constellation_run, _scaled_constellation

    d = _largest_constellation_run(None)
    assert d["duration_s"] == 200 and sum(f["count"] for f in d["flows"]) == 120
    s = _scaled_constellation(d, 2, 2)
    assert sum(f["count"] for f in s["flows"]) == 240
    for part in ("isl", "gsl"):
        assert s["constellation"][part]["rate_bps"] == 2 * d["constellation"][part]["rate_bps"]
        assert s["constellation"][part]["queue"]["limit_pkts"] == 2 * d["constellation"][part]["queue"]["limit_pkts"]
    assert d["constellation"]["isl"]["rate_bps"] == 20e6, "the scaled copy leaves the catalog's run alone"
    short = _largest_constellation_run(3.0)
    assert short["duration_s"] == 3.0 and all(f["start_jitter_s"] <= 1.5 for f in short["flows"])


def test_cc_bench_counts_each_runs_events_by_kind(tmp_path, capsys):
    """`satcc bench --cc` shows what each controller's run spends its events on (issue
    19: pacing adds events): the kinds add up to the summary's count, a paced BBR run
    has pacing wake-ups and an unpaced NewReno run none."""
    out = tmp_path / "cc.json"
    assert bench_mod.cc_bench(["newreno", "bbr+linux"], duration_s=2.0, repeat=1, out=str(out)) == 0
    best = json.loads(out.read_text())["best"]
    for c in ("newreno", "bbr+linux"):
        kinds = best[c]["events_by_kind"]
        assert sum(kinds.values()) == best[c]["events"], (c, kinds)
        assert kinds["link arrivals"] > 0.5 * best[c]["events"]
    assert best["bbr+linux"]["events_by_kind"]["pacing wake-ups"] > 0
    assert best["newreno"]["events_by_kind"]["pacing wake-ups"] == 0
    printed = capsys.readouterr().out
    assert "events by kind" in printed and "pacing wake-ups" in printed


def test_queue_bench_runs_the_bottleneck_as_each_queue(tmp_path, capsys):
    """`satcc bench --queue`: the standard scenario's bottleneck as ns-2's SFQ, DRR and PI
    beside its DropTail; the fair schedulers' runs have departure events of their own,
    PI's its timer's, the DropTail run neither."""
    out = tmp_path / "q.json"
    assert bench_mod.queue_bench(["droptail", "sfq", "drr", "pi", "rem", "rem-ecn"], duration_s=2.0, repeat=1,
                                 out=str(out)) == 0
    best = json.loads(out.read_text())["best"]
    assert best["droptail"]["events_by_kind"]["link departures"] == 0
    # PI samples its queue 170 times a second (ns-2's default w_), at a timer of its own,
    # in both directions of the bottleneck link
    assert best["pi"]["events_by_kind"]["queue timers"] == 2 * 340 and best["droptail"]["events_by_kind"]["queue timers"] == 0
    # REM updates its price every 2 ms (pupdtime_); marking, it dequeues at departures
    # of its own, every packet's, but drops none early
    assert best["rem"]["events_by_kind"]["queue timers"] == 2 * 1000 and best["rem"]["events_by_kind"]["link departures"] == 0
    assert best["rem-ecn"]["events_by_kind"]["link departures"] > 1000
    for q in ("sfq", "drr"):
        assert best[q]["events_by_kind"]["link departures"] > 1000, q
        assert sum(best[q]["events_by_kind"].values()) == best[q]["events"]
    assert "link departures" in capsys.readouterr().out
    with pytest.raises(ExperimentError, match=r"--queue: one of droptail, sfq, drr, pi, rem, rem-ecn, got 'fq'"):
        bench_mod.queue_bench(["droptail", "fq"], duration_s=1.0, repeat=1)


def test_bench_alternates_satcc_and_ns2_and_takes_the_best_of_each(monkeypatch, tmp_path):
    # ns-2 is run as often as satcc, in turn with it (issue 20: ratios measured in one
    # call, the two programs alternated), and the best of each gives the ratios
    order, walls = [], {"satcc": iter([0.9, 0.5, 0.7]), "ns2": iter([3.0, 4.0, 2.5]), "whole": iter([1.0, 0.8, 0.6])}

    def child(code, arg):
        if code == bench_mod._NS2_CHILD:
            order.append("ns2")
            return {"ok": True, "wall_s": next(walls["ns2"]), "raw": {}, "max_rss_mb": 10.0}
        order.append("satcc")
        return {"wall_s": next(walls["satcc"]), "events": 100, "link_transmissions": 50, "utilization": 0.9,
                "max_rss_mb": 20.0}

    def whole(sp, out):
        order.append("whole")
        return next(walls["whole"])

    monkeypatch.setattr(bench_mod.ns2, "available", lambda: True)
    monkeypatch.setattr(bench_mod.ns2, "to_tcl", lambda d: "# tcl")
    monkeypatch.setattr(bench_mod.ns2, "metrics_from_ns2", lambda d, raw: {"utilization": 0.9})
    monkeypatch.setattr(bench_mod, "_child", child)
    monkeypatch.setattr(bench_mod, "_whole_process", whole)
    out = tmp_path / "b.json"
    assert bench_mod.bench(duration_s=2.0, repeat=3, out=str(out)) == 0
    assert order == ["satcc", "whole", "ns2"] * 3
    res = json.loads(out.read_text())
    assert res["ns2"]["wall_s"] == 2.5 and res["ns2"]["runs"] == 3
    assert res["speedup_vs_ns2"] == pytest.approx(2.5 / 0.5)
    assert res["whole_process_speedup_vs_ns2"] == pytest.approx(2.5 / 0.6)


def test_callgrind_total_reads_the_summary_line(tmp_path):
    f = tmp_path / "callgrind.out.1"
    f.write_text("# callgrind format\nversion: 1\ncreator: callgrind-3.19.0\npid: 7\ncmd: ns x.tcl\n"
                 "part: 1\n\ndesc: I1 cache:\nevents: Ir\nsummary: 32812345678\n\nfl=(1) a.c\nfn=(1) main\n0 5\n")
    assert bench_mod.callgrind_total(f) == 32_812_345_678
    f.write_text("events: Ir\nfn=(1) main\n0 5\n")
    with pytest.raises(ValueError, match="no summary line"):
        bench_mod.callgrind_total(f)


def test_instructions_bench_needs_valgrind_and_a_packet_scenario(monkeypatch):
    with pytest.raises(ExperimentError, match="--scenario: --instructions needs a packet scenario"):
        bench_mod.instructions_bench(scenario="starlink-state")
    monkeypatch.setattr(bench_mod.shutil, "which", lambda tool: None)
    with pytest.raises(ExperimentError, match="--instructions: needs valgrind's valgrind"):
        bench_mod.instructions_bench(duration_s=2.0, with_ns2=False)
    monkeypatch.undo()
    r = cli("bench", "--instructions", "--scenario", "starlink-state")
    assert r.returncode != 0 and "--instructions" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed (apt-get install -y valgrind)")
def test_instructions_bench_counts_the_whole_process_and_its_run_call(tmp_path):
    # .ci/run installs valgrind; 1.5 s of the standard scenario under callgrind
    out = tmp_path / "i.json"
    r = cli("bench", "--instructions", "--duration", "1.5", "--no-ns2", "--out", str(out))
    assert r.returncode == 0, r.stderr
    res = json.loads(out.read_text())
    whole, call = res["satcc_whole_process_instructions"], res["satcc_run_call_instructions"]
    # the interpreter alone executes about 10^8 instructions to start; the run call is a
    # part of the process, and a real one (its 1.5 s carry tens of thousands of events)
    assert whole > 2e8 and 1e7 < call < whole
    assert "ns2_instructions" not in res
