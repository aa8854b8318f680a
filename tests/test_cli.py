"""The command line: the README's main job, plots, and one-line errors."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def satcc(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "satcc.cli", *args], capture_output=True, text=True, cwd=cwd)


def test_run_builtin_example_writes_results_and_plots(tmp_path):
    r = satcc("run", "leo-chain", "--out", str(tmp_path / "out"))
    assert r.returncode == 0, r.stderr
    out = tmp_path / "out"
    for name in ("summary.json", "scenario.json", "queue.parquet", "flows.parquet", "drops.parquet"):
        assert (out / name).exists(), name
    for name in ("sequence.png", "cwnd.png", "queue.png", "utilization.png", "throughput.png"):
        p = out / "plots" / name
        assert p.exists() and p.stat().st_size > 5000, name
        assert p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    s = json.loads((out / "summary.json").read_text())
    assert s["totals"]["flows"] == 8 and s["totals"]["bottleneck"] == "S1->S2"
    assert "utilization" in r.stdout and "Jain" in r.stdout


def test_run_scenario_file_with_overrides(tmp_path):
    r = satcc("run", str(ROOT / "scenarios" / "dumbbell_lossy.toml"), "--out", str(tmp_path / "o"),
              "--seed", "3", "--duration", "4", "--no-plots")
    assert r.returncode == 0, r.stderr
    s = json.loads((tmp_path / "o" / "summary.json").read_text())
    assert s["seed"] == 3 and s["duration_s"] == 4.0
    assert not (tmp_path / "o" / "plots").exists()


def test_plot_from_stored_output(tmp_path):
    assert satcc("run", "leo-chain", "--out", str(tmp_path / "o"), "--no-plots", "--duration", "3").returncode == 0
    r = satcc("plot", str(tmp_path / "o"), "--out", str(tmp_path / "p"))
    assert r.returncode == 0, r.stderr
    assert len(list((tmp_path / "p").glob("*.png"))) == 5


def test_errors_are_one_line_with_nonzero_exit(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("duration_s: 5\nnodes: [{name: a}]\nlinks: []\nflows: [{src: a, dst: b}]\n")
    cases = [
        ("run", "no-such-thing", "--out", str(tmp_path / "x")),
        ("run", str(bad), "--out", str(tmp_path / "x")),
        ("validate", str(bad)),
        ("plot", str(tmp_path)),
        ("run", "leo-chain", "--out", str(tmp_path / "x"), "--seed", "-1"),
        ("run", "leo-chain", "--out", str(bad)),
        ("reproduce", "refwa.fig6", "--quick"),
    ]
    for args in cases:
        r = satcc(*args)
        assert r.returncode == 2, (args, r.stderr)
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("satcc: error: "), (args, r.stderr)
        assert "Traceback" not in r.stderr
    r = satcc("validate", str(bad))
    assert "flows[0].dst: unknown node 'b'" in r.stderr
    r = satcc("run", "leo-chain", "--out", str(bad))
    assert "--out: " in r.stderr and "is a file" in r.stderr
    r = satcc("reproduce", "refwa.fig6", "--quick", "--store", str(tmp_path / "st"))
    assert "did you mean refwa.fig6-fairness" in r.stderr


def test_validate_and_examples(tmp_path):
    r = satcc("validate", str(ROOT / "scenarios" / "leo_chain.yaml"))
    assert r.returncode == 0 and r.stdout.endswith(": valid (19 nodes, 18 links, 8 flows)\n"), r.stdout
    one = tmp_path / "one.yaml"
    one.write_text("duration_s: 1\nnodes: [{name: a}, {name: b}]\nlinks: [{a: a, b: b, rate_bps: 1e6, delay_ms: 10}]\n"
                   "flows: [{src: a, dst: b}]\n")
    assert satcc("validate", str(one)).stdout == f"{one}: valid (2 nodes, 1 link, 1 flow)\n"
    r = satcc("examples", "--dump", "leo-chain")
    assert r.returncode == 0 and '"S1"' in r.stdout
    assert json.loads(r.stdout)["name"] == "leo-chain"  # the dump alone: a scenario file
    (tmp_path / "x.json").write_text(r.stdout)
    assert satcc("validate", str(tmp_path / "x.json")).returncode == 0
    r = satcc("examples")
    assert r.returncode == 0 and "geo-fusion-star" in r.stdout and "leo-chain" in r.stdout


def test_run_seed_003_example(tmp_path):
    r = satcc("run", "geo-fusion-star", "--out", str(tmp_path / "g"), "--no-plots", "--duration", "5")
    assert r.returncode == 0, r.stderr
    assert "group test: 10 flows" in r.stdout and "group newreno: 10 flows" in r.stdout


def test_entry_point_installed():
    import shutil

    exe = shutil.which("satcc")
    assert exe, "the satcc command is not on PATH"
    r = subprocess.run([exe, "--version"], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.startswith("satcc ")


def test_developer_tools_are_listed_and_run_from_satcc_dev():
    from satcc.cli import DEV_TOOLS

    r = satcc("dev")
    assert r.returncode == 0
    for name in DEV_TOOLS:
        assert any(line.startswith(name + " ") for line in r.stdout.splitlines()), name
    assert "dev " in satcc("--help").stdout
    r = satcc("dev", "schema", "check", "--reference", str(ROOT / "docs" / "scenario-reference.md"))
    assert r.returncode == 0 and "match the core" in r.stdout, r.stderr
    assert satcc("dev", "no-such-tool").returncode == 2


def test_the_quick_starts_outputs_are_ignored_by_git():
    r = subprocess.run(["git", "check-ignore", "satcc-results/reports/x/report.md", "out/leo-chain/summary.json"],
                       cwd=ROOT, capture_output=True, text=True)
    if r.returncode == 128:
        import pytest

        pytest.skip("not a git checkout (an sdist): nothing to ignore")
    assert r.stdout.split() == ["satcc-results/reports/x/report.md", "out/leo-chain/summary.json"]


def test_papers_are_cited_in_full_in_the_list_the_docs_and_reports(tmp_path):
    from satcc.papers import PAPERS, citation

    listing = satcc("list").stdout
    schemes_md = (ROOT / "docs" / "schemes.md").read_text()
    for key in PAPERS:
        assert citation(key) in listing and citation(key) in schemes_md, key
    assert "source: REFWA (Taleb et al., IEEE/ACM ToN 2006 [seed 000])" in listing
    r = satcc("reproduce", "refwa.appendix1-stability", "--store", str(tmp_path))
    assert r.returncode == 0, r.stderr
    md = (tmp_path / "reports" / "refwa.appendix1-stability" / "report.md").read_text()
    assert "## References" in md and citation("seed 000") in md
    rep = json.loads((tmp_path / "reports" / "refwa.appendix1-stability" / "report.json").read_text())
    assert rep["papers"] == {"seed 000": citation("seed 000")}


def test_the_list_gives_each_experiments_measured_time():
    from satcc.dev import runtimes
    from satcc.experiments.registry import builtin_experiments

    stored = runtimes.load()
    missing = [e.id for e in builtin_experiments() if e.id not in stored["experiments"]]
    assert missing == [], f"not measured: python -m satcc.dev.runtimes measure {' '.join(missing)}"
    assert stored["machine"]["cores"] >= 1 and stored["machine"]["measured"]
    listing = satcc("list").stdout
    assert listing.count("    expected time: ") == len(builtin_experiments())
    assert "not measured" not in listing
    assert runtimes.human(30) == "about 30 s" and runtimes.human(2 * 3600) == "about 2.0 h"


def test_the_runtime_measure_says_in_a_line_why_a_run_was_refused(tmp_path, monkeypatch, capsys):
    from satcc.dev import runtimes

    stored = tmp_path / "runtimes.json"
    stored.write_text(runtimes.PATH.read_text())
    monkeypatch.setattr(runtimes, "PATH", stored)
    monkeypatch.setenv("SATCC_EVENT_BUDGET", "10")
    assert runtimes.main(["measure", "refwa.fig2-phi-psi", "--sample", "4", "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("python -m satcc.dev.runtimes: ") and "Traceback" not in err, err
    assert "over the budget" in err and "SATCC_EVENT_BUDGET" in err and err.count("\n") == 1, err
    assert stored.read_text() == runtimes.PATH.read_text()


def test_a_run_without_flow_traces_skips_their_plots_and_says_why(tmp_path):
    r = satcc("run", "geo-fusion-star", "--out", str(tmp_path / "g"), "--duration", "1")
    assert r.returncode == 0, r.stderr
    assert "sequence.png, cwnd.png not drawn" in r.stderr and "flow_traces" in r.stderr
    assert sorted(p.name for p in (tmp_path / "g" / "plots").glob("*.png")) == [
        "queue.png", "throughput.png", "utilization.png"]
