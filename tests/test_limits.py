"""Issue 16, items 1-4 and 10-13: what a user writes cannot crash, hang or exhaust
satcc, and what satcc writes is safe. Each test is a reproducer from the probe (a
hostile file through the CLI, or the API), and fails on the code before the fix."""

import json
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

import satcc
from satcc import ScenarioError
from satcc.limits import MAX_DEPTH, MAX_INT_DIGITS

from conftest import run_measured
from satcc.run import BudgetError

from conftest import chain

ROOT = Path(__file__).resolve().parents[1]

BASE = chain(n_flows=1, duration_s=1.0).to_dict()


def cli(*args, timeout=60, env=None):
    t = time.perf_counter()
    p = subprocess.run([sys.executable, "-m", "satcc.cli", *map(str, args)], capture_output=True, text=True,
                       timeout=timeout, env={**os.environ, **(env or {})})
    return p.returncode, p.stdout, p.stderr, time.perf_counter() - t


def one_line_error(stderr: str, field: str) -> None:
    # `satcc run` says "running NAME ..." before it starts: not part of the error
    lines = [x for x in stderr.strip().splitlines() if not x.startswith("running ")]
    assert len(lines) == 1, stderr
    assert lines[0].startswith("satcc: error: "), stderr
    assert field in lines[0], stderr
    assert "Traceback" not in stderr and "panicked" not in stderr


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text)
    return p


# --- 1. tracebacks ----------------------------------------------------------------------

@pytest.mark.parametrize("fmt", ["json", "yaml", "toml"])
def test_an_integer_of_5000_digits_names_its_field(tmp_path, fmt):
    digits = "1" * 5000
    if fmt == "json":
        text = json.dumps(BASE).replace('"duration_s": 1.0', f'"duration_s": {digits}')
    elif fmt == "yaml":
        text = f"duration_s: {digits}\nname: x\n"
    else:
        text = f'name = "x"\nduration_s = {digits}\n'
    rc, _, err, _ = cli("validate", write(tmp_path, f"s.{fmt}", text))
    assert rc == 2
    one_line_error(err, "duration_s")
    assert f"{MAX_INT_DIGITS} digits" in err


@pytest.mark.parametrize("text", ["junk: &a [*a]\n", "duration_s: &d {x: *d}\n"])
def test_a_recursive_yaml_alias_is_refused(tmp_path, text):
    rc, _, err, _ = cli("validate", write(tmp_path, "s.yaml", text))
    assert rc == 2
    one_line_error(err, "recursive alias")


CATALOG = '''id = "mine"
scenario = "s.json"
{extra}
[grid]
"duration_s" = [0.5]
'''


@pytest.mark.parametrize("extra,field", [
    ('seeds = "abc"', "seeds"),
    ("seeds = 1e300", "seeds"),
    ('plots = "x"', "plots"),
    ('[[plots]]\ny = ["utilization"]', "plots[0].name"),
])
def test_bad_catalog_fields_are_named_not_tracebacks_or_hangs(tmp_path, extra, field):
    (tmp_path / "s.json").write_text(json.dumps(BASE))
    # the [[plots]] table must come after the top-level keys and before [grid]
    text = CATALOG.format(extra=extra)
    f = write(tmp_path, "c.toml", text)
    rc, _, err, wall = cli("list", "--catalog", f, timeout=30)
    assert rc == 2 and wall < 10
    one_line_error(err, field)


def test_a_catalog_scenario_that_is_a_number_is_named(tmp_path):
    f = write(tmp_path, "c.toml", 'id = "mine"\nscenario = 5\n')
    rc, _, err, _ = cli("list", "--catalog", f)
    assert rc == 2
    one_line_error(err, "scenario")


def test_unquoted_dates_in_yaml_and_toml_are_read_as_the_utc_text_time_fields_take(tmp_path):
    # YAML and TOML read an unquoted 2024-03-01T12:00:00 as a date-time object, which a
    # scenario could not hold (the epoch was refused as "not a value a file can hold")
    from satcc.scenario import load, parse_text

    src = (ROOT / "scenarios" / "leo_transfers.yaml").read_text()
    assert "\nconstellation:\n" in src and "epoch" not in src

    def with_epoch(line):
        return src.replace("\nconstellation:\n", f"\nconstellation:\n  {line}\n", 1)

    quoted = parse_text(with_epoch('epoch: "2024-03-01T12:00:00"'), "yaml")
    assert quoted["constellation"]["epoch"] == "2024-03-01T12:00:00"
    for unquoted in ("epoch: 2024-03-01T12:00:00", "epoch: 2024-03-01 13:30:00+01:30", "epoch: 2024-03-01T12:00:00Z"):
        assert parse_text(with_epoch(unquoted), "yaml") == quoted, unquoted
    assert parse_text(with_epoch("epoch: 2024-03-01"), "yaml")["constellation"]["epoch"] == "2024-03-01T00:00:00"
    assert parse_text("a = 2024-03-01T12:00:00.5\nb = 1979-05-27T07:32:00-08:00\n[c]\nd = [2024-03-01]\n", "toml") == \
        {"a": "2024-03-01T12:00:00.500000", "b": "1979-05-27T15:32:00", "c": {"d": ["2024-03-01T00:00:00"]}}
    with pytest.raises(ScenarioError, match=r'^c\.d: a time \(07:32:00\); satcc\'s time fields take a UTC time as text, '
                                            r'"YYYY-MM-DDTHH:MM:SS"$'):
        parse_text("[c]\nd = 07:32:00\n", "toml")
    # a file with the epoch unquoted is the scenario of the file with it quoted
    (tmp_path / "q.yaml").write_text(with_epoch('epoch: "2024-03-01T12:00:00"'))
    (tmp_path / "u.yaml").write_text(with_epoch("epoch: 2024-03-01T12:00:00"))
    assert load(tmp_path / "u.yaml").to_dict() == load(tmp_path / "q.yaml").to_dict()


# --- 2. hangs ---------------------------------------------------------------------------

def test_a_yaml_alias_bomb_is_refused_at_once(tmp_path):
    lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
    for i in range(1, 9):
        lines.append(f"{chr(97 + i)}: &{chr(97 + i)} [" + ",".join(["*" + chr(96 + i)] * 9) + "]")
    rc, _, err, wall = cli("validate", write(tmp_path, "s.yaml", "\n".join(lines) + "\n"))
    assert rc == 2 and wall < 10
    one_line_error(err, "aliases are expanded")


def test_a_huge_scenario_file_is_refused_before_it_is_read(tmp_path):
    d = dict(BASE)
    d["nodes"] = [{"name": f"n{i}"} for i in range(2_100_000)]
    f = tmp_path / "big.json"
    f.write_text(json.dumps(d))
    rc, _, err, wall = cli("validate", f)
    assert rc == 2 and wall < 10
    one_line_error(err, "MiB")


def test_a_huge_scenario_built_in_python_is_refused_quickly():
    d = dict(BASE)
    d["nodes"] = [{"name": f"n{i}"} for i in range(1_100_000)]
    t = time.perf_counter()
    with pytest.raises(ScenarioError, match="values"):
        satcc.validate(d)
    assert time.perf_counter() - t < 10


def test_deep_nesting_is_refused_naming_the_limit(tmp_path):
    rc, _, err, _ = cli("validate", write(tmp_path, "s.json", "[" * 5000 + "]" * 5000))
    assert rc == 2
    one_line_error(err, f"nested more than {MAX_DEPTH} deep")


@pytest.mark.parametrize("tcp,field", [
    ({"tick_s": 1e-300, "min_rto_s": 1e-300, "max_rto_s": 1e-300}, "_s"),
    ({"min_rto_s": 2e10, "max_rto_s": 2e10}, "rto_s"),
    ({"tick_s": 1e10}, "tick_s"),
    ({"delayed_ack": True, "delayed_ack_interval_s": 1e-300}, "delayed_ack_interval_s"),
])
def test_timers_that_could_not_advance_or_would_pass_the_clock_are_refused(tcp, field):
    d = json.loads(json.dumps(BASE))
    d["tcp"] = {**d["tcp"], **tcp}
    with pytest.raises(ScenarioError, match=rf"tcp\.\w*{field}: must be in \[1e-06"):
        satcc.validate(d)


def test_the_shortest_timers_allowed_still_finish():
    d = json.loads(json.dumps(BASE))
    d["duration_s"] = 0.01
    d["tcp"] = {**d["tcp"], "tick_s": 1e-6, "min_rto_s": 1e-6, "max_rto_s": 1e-6, "initial_rto_s": 1e-6}
    t = time.perf_counter()
    satcc.run(d)
    assert time.perf_counter() - t < 10


def test_a_pareto_source_of_one_packet_per_nanosecond_is_refused():
    d = json.loads(json.dumps(BASE))
    d["flows"][0]["traffic"] = {"type": "pareto", "shape": 1.5, "mean_on_s": 1, "mean_off_s": 1, "rate_bps": 7.9e12}
    with pytest.raises(ScenarioError, match=r"flows\[0\]\.traffic\.rate_bps: must be in \[1, 1000000000000\]"):
        satcc.validate(d)


def test_a_fast_source_over_a_long_run_is_refused_by_the_event_budget():
    d = json.loads(json.dumps(BASE))
    d["duration_s"] = 1e5
    d["flows"][0]["traffic"] = {"type": "pareto", "shape": 1.5, "mean_on_s": 1, "mean_off_s": 1, "rate_bps": 1e12}
    with pytest.raises(BudgetError, match=r"ON/OFF source packets .*flows\[\]\.traffic\.rate_bps.*--event-budget"):
        satcc.run(d)


# --- 3. memory --------------------------------------------------------------------------

def test_a_run_over_the_memory_budget_is_refused_naming_what_drives_it():
    d = json.loads(json.dumps(BASE))
    d["duration_s"], d["sample_interval_s"] = 1000, 1e-4
    with pytest.raises(BudgetError, match=r"duration_s / sample_interval_s.*--memory-budget / SATCC_MEMORY_BUDGET"):
        satcc.run(d, memory_budget="100M")
    est = satcc.estimate(d)
    assert est["memory_bytes"] > 100 * 2**20


def test_the_budget_comes_from_the_environment_and_the_command_line(tmp_path):
    d = json.loads(json.dumps(BASE))
    d["duration_s"] = 100
    f = write(tmp_path, "s.json", json.dumps(d))
    rc, _, err, _ = cli("run", f, "--out", tmp_path / "o", "--no-plots", env={"SATCC_EVENT_BUDGET": "1000"})
    assert rc == 2
    one_line_error(err, "SATCC_EVENT_BUDGET")
    rc, _, err, _ = cli("run", f, "--out", tmp_path / "o", "--no-plots", "--memory-budget", "1K")
    assert rc == 2
    one_line_error(err, "memory")
    rc, _, err, _ = cli("run", f, "--out", tmp_path / "o", "--no-plots", "--memory-budget", "lots")
    assert rc == 2
    one_line_error(err, "--memory-budget")


def test_a_huge_window_is_refused_not_allocated():
    d = json.loads(json.dumps(BASE))
    d["tcp"] = {**d["tcp"], "initial_window_pkts": 4294967295, "rwnd_pkts": 4294967295}
    with pytest.raises(ScenarioError, match=r"tcp\.\w+_pkts: must be in \[1, 1000000\]"):
        satcc.validate(d)


def test_a_refwa_isl_delay_beyond_the_clock_is_refused():
    d = json.loads(json.dumps(BASE))
    d["schemes"] = [{"type": "refwa", "links": ["r1->r2"], "isl_delay_ms": 1e13}]
    with pytest.raises(ScenarioError, match=r"schemes\[0\]\.isl_delay_ms: must be in \(0, 10000000\]"):
        satcc.validate(d)


def test_a_long_run_streams_and_reports_progress_in_bounded_memory(tmp_path):
    """1e6 simulated seconds (the documented maximum) at the default sample interval:
    about 1e7 samples per link direction; it runs, in well under the old 4.9 GB."""
    d = json.loads(json.dumps(BASE))
    d["duration_s"] = 2e5
    d["links"] = [dict(l, rate_bps=1e3) for l in d["links"]]
    seen = []
    r = satcc.run(d, progress=seen.append)
    assert seen and seen == sorted(seen) and seen[-1] <= d["duration_s"]
    assert r.queue.num_rows == 6 * 2_000_000


# --- 4. messages that name the field; duplicate keys -------------------------------------

def test_numbers_out_of_range_name_their_field(tmp_path):
    d = json.loads(json.dumps(BASE))
    text = json.dumps(d).replace('"rate_bps": 2000000.0', '"rate_bps": 1' + "0" * 400, 1)
    rc, _, err, _ = cli("validate", write(tmp_path, "r.json", text))
    assert rc == 2
    one_line_error(err, "links[1].rate_bps")
    d["links"][1]["queue"] = {"type": "droptail", "limit_bytes": 2**64}
    rc, _, err, _ = cli("validate", write(tmp_path, "l.json", json.dumps(d)))
    assert rc == 2
    one_line_error(err, "links[1].queue.limit_bytes")


def test_an_unknown_key_inside_an_error_model_is_named():
    d = json.loads(json.dumps(BASE))
    d["links"][1]["error"] = {"type": "per", "per": 0.1, "bogus": 1}
    with pytest.raises(ScenarioError, match=r"links\[1\]\.error: unknown field 'bogus'"):
        satcc.validate(d)


@pytest.mark.parametrize("fmt,text", [
    ("json", '{"name": "a", "name": "b"}'),
    ("yaml", "name: a\nname: b\n"),
])
def test_duplicate_keys_are_refused(tmp_path, fmt, text):
    rc, _, err, _ = cli("validate", write(tmp_path, f"s.{fmt}", text))
    assert rc == 2
    one_line_error(err, "duplicate field 'name'")


# --- 10-13. safety ----------------------------------------------------------------------

@pytest.mark.parametrize("name", ["../../../escaped_plot", "/tmp/abs_plot", "a/b", "..", ""])
def test_a_plot_name_is_a_name_not_a_path(tmp_path, name):
    (tmp_path / "s.json").write_text(json.dumps(BASE))
    f = write(tmp_path, "c.toml", f'id = "mine"\nscenario = "s.json"\n[[plots]]\nname = {json.dumps(name)}\n'
                                  'y = ["utilization"]\n')
    rc, _, err, _ = cli("list", "--catalog", f)
    assert rc == 2
    one_line_error(err, "plot name")


def test_node_names_cannot_carry_tcl_and_exported_names_are_quoted(tmp_path):
    from satcc import ns2

    d = json.loads(json.dumps(BASE))
    d["nodes"][0]["name"] = "a[exec touch pwned]"
    with pytest.raises(ScenarioError, match=r"nodes\[0\]\.name"):
        satcc.validate(d)
    # a flow name may hold anything printable: the export quotes it
    d = json.loads(json.dumps(BASE))
    d["flows"][0]["name"] = 'f[exec touch pwned]$x"{'
    del d["flows"][0]["start_jitter_s"]
    satcc.validate(d)
    tcl = ns2.to_tcl(d)
    assert "[exec" not in tcl.replace("\\[exec", "")
    assert "$n(a)" not in tcl and "$n(0)" in tcl


def test_outputs_follow_the_umask(tmp_path):
    old = os.umask(0o022)
    try:
        satcc.run(chain(n_flows=1, duration_s=0.5)).write(tmp_path / "run")
    finally:
        os.umask(old)
    modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in (tmp_path / "run").iterdir()}
    assert set(modes.values()) == {0o644}, modes


def test_a_lost_syn_is_not_a_lost_data_packet_and_ttl_drops_are_per_link():
    d = json.loads(json.dumps(BASE))
    # three hops: every packet's TTL runs out at the end of the second link, r1->r2 (ns-2's
    # TTLChecker ends each link), and is counted there
    d["tcp"] = {**d["tcp"], "initial_ttl": 2}
    d["duration_s"] = 0.5
    r = satcc.run(d)
    f = r.summary["flows"][0]
    assert f["data_pkts_sent"] == 0 and f["data_pkts_dropped"] == 0 and f["loss_rate"] == 0
    assert f["syn_pkts_sent"] >= 1 and f["syn_pkts_dropped"] == f["syn_pkts_sent"]
    ttl = {l["name"]: l["drops_ttl"] for l in r.summary["links"]}
    assert ttl["r1->r2"] == f["syn_pkts_sent"] and sum(ttl.values()) == ttl["r1->r2"]
    p = r.summary["totals"]["packets"]
    assert p["data_injected"] == p["data_delivered"] + p["data_dropped"] + p["data_in_flight"]


@pytest.mark.slow
def test_a_run_of_twenty_million_samples_runs_writes_and_plots_in_under_1_gb(tmp_path):
    """1,000 s sampled every 0.1 ms on both directions of one link (2e7 queue rows):
    the CLI streams the series, writes them and thins them for its plots. Before, the
    run alone took 4.9 GB; the plots 5.5 GB and two minutes."""
    d = {"name": "long", "duration_s": 1000, "sample_interval_s": 1e-4,
         "nodes": [{"name": "a"}, {"name": "b"}],
         "links": [{"a": "a", "b": "b", "rate_bps": 1e6, "delay_ms": 10}],
         "flows": [{"src": "a", "dst": "b"}]}
    f = write(tmp_path, "long.json", json.dumps(d))
    err = tmp_path / "stderr.txt"
    with open(err, "w") as e:
        r = run_measured([sys.executable, "-m", "satcc.cli", "run", str(f), "--out", str(tmp_path / "o")],
                         stdout=subprocess.DEVNULL, stderr=e)
    assert r["rc"] == 0, err.read_text()
    assert r["maxrss_kb"] < 1 << 20, f"{r['maxrss_kb'] / 1024:.0f} MB"
    import pyarrow.parquet as pq

    assert pq.ParquetFile(tmp_path / "o" / "queue.parquet").metadata.num_rows == 2 * 10_000_000
    assert (tmp_path / "o" / "plots" / "queue.png").exists()
    assert not list((tmp_path / "o").glob(".satcc-series-*")), "the streamed files are removed"


def test_every_catalog_run_fits_the_default_budgets():
    """`satcc reproduce ID` with no budget option must run every run of the catalog:
    trefwa.table3-spread's OC48 runs were once refused (flows sharing the bottleneck
    were each counted as filling it)."""
    from satcc.experiments.registry import builtin_experiments
    from satcc.run import DEFAULT_EVENT_BUDGET, DEFAULT_MEMORY_BUDGET, estimate

    over = []
    for e in builtin_experiments():
        for r in e.expand(seeds=1):
            est = estimate(r.scenario)
            if est["events"] > DEFAULT_EVENT_BUDGET or est["memory_bytes"] > DEFAULT_MEMORY_BUDGET:
                over.append((e.id, r.point, est["events"], est["memory_bytes"]))
    assert not over, over


def test_a_commands_peak_memory_is_its_own_not_its_parents():
    """Linux carries the resident size of the process a child is forked from into the
    child's maxrss at exec: the memory tests measure a command from a small launcher
    (conftest.run_measured) and the bench children report their own high-water mark
    (satcc.dev.peak), or a test worker's size would be taken for satcc's."""
    big = bytearray(400 << 20)
    big[::4096] = b"\x01" * len(range(0, len(big), 4096))  # resident
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    _, _, usage = os.wait4(p.pid, 0)
    assert usage.ru_maxrss > 400 << 10, "the premise: a plain child reports its parent's size"
    r = run_measured([sys.executable, "-c", "pass"])
    assert r["rc"] == 0 and r["maxrss_kb"] < 100 << 10, r
    own = subprocess.run([sys.executable, "-c", "from satcc.dev.peak import own_peak_mb; print(own_peak_mb())"],
                         capture_output=True, text=True, check=True).stdout
    assert float(own) < 100
    del big
