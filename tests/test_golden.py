"""Golden runs: every catalog experiment's --quick runs and the bench scenario give the
events and summaries recorded in tests/golden/catalog-quick.json (issue 14: refactors
change no result). A change meant to move results records the file again in its own
commit: python -m satcc.dev.golden record."""

import json
from pathlib import Path

import pytest

from satcc.dev import golden

GOLDEN = Path(__file__).parent / "golden" / "catalog-quick.json"


@pytest.mark.slow
def test_the_golden_file_holds_exactly_the_catalogs_quick_runs():
    # each run's events and summary are held to the file where the run is made anyway:
    # test_catalog.py's quick reproduce of every experiment (golden.stored_differences);
    # here, that the file has no run the catalog lost and lacks none it gained
    want = [k for k, _, _ in golden.tasks()]
    have = list(json.loads(GOLDEN.read_text()))
    assert len(want) == len(set(want)), "two golden runs with one key"
    assert sorted(set(have) - set(want)) == [], "in the golden file but no longer a catalog run"
    assert sorted(set(want) - set(have)) == [], "a catalog run not in the golden file (record again)"


def test_the_golden_time_series_are_unchanged(capsys):
    # the bench scenario and every experiment's first run, with their time series (which
    # a sweep does not store); the other runs are held to the file by test_catalog.py
    rc = golden.main(["check", "--jobs", "1", "--series", "--file", str(GOLDEN)])
    out = capsys.readouterr().out
    assert rc == 0, out
    with_series = sum("series" in v for v in json.loads(GOLDEN.read_text()).values())
    assert out.splitlines()[-1] == f"{with_series} runs checked, 0 differences"


def test_select_picks_the_runs_asked_for():
    tasks = [("b", "", True), ("e1 p0", "", True), ("e1 p1", "", False), ("e1 p2", "", False), ("e2 p0", "", True)]
    assert golden.select(tasks, None) == tasks
    assert [t[0] for t in golden.select(tasks, None, series_only=True)] == ["b", "e1 p0", "e2 p0"]
    assert [t[0] for t in golden.select(tasks, 2)] == ["b", "e1 p0", "e1 p1", "e2 p0"]


def test_stored_runs_are_held_to_their_golden_entries(tmp_path):
    from types import SimpleNamespace as NS

    texts = {"k1": json.dumps({"totals": {"events": 7}, "x": 1}), "k2": json.dumps({"totals": {"events": 9}})}
    runs = [NS(point_id="p0", seed=1, key="k1"), NS(point_id="p1", seed=1, key="k2")]
    exp = NS(id="e", expand=lambda quick: runs if quick else [])
    store = NS(summary_json=lambda k: texts.get(k))
    entries = {golden.golden_key("e", r): {"events": json.loads(texts[r.key])["totals"]["events"],
                                           "summary": golden._digest(texts[r.key])} for r in runs}
    f = tmp_path / "g.json"

    def diffs(file_entries, stored=store):
        f.write_text(json.dumps(file_entries))
        return golden.stored_differences(exp, stored, f)

    assert diffs(entries) == []
    assert diffs({**entries, "e p0 seed=1": {**entries["e p0 seed=1"], "events": 8}}) == ["e p0 seed=1: events 7 != golden 8"]
    assert [d.split(":")[1] for d in diffs({**entries, "e p1 seed=1": {**entries["e p1 seed=1"], "summary": "z"}})] \
        == [" summary " + golden._digest(texts["k2"]) + " != golden z"]
    assert diffs({k: v for k, v in entries.items() if "p1" not in k})[0].startswith("e p1 seed=1: not in the golden file")
    assert diffs(entries, NS(summary_json=lambda k: texts["k1"] if k == "k1" else None)) == \
        ["e p1 seed=1: not stored by the sweep"]


def test_the_golden_file_covers_every_experiment_and_the_bench():
    from satcc.experiments.registry import builtin_experiments

    keys = json.loads(GOLDEN.read_text())
    ids = {k.split(" ")[0] for k in keys}
    assert golden.BENCH_ID in ids
    assert {e.id for e in builtin_experiments() if e.analysis is None} <= ids
    with_series = [k for k, v in keys.items() if "series" in v]
    assert len(with_series) == len(ids), "one run with its time series per experiment"


def test_experiments_registered_by_tests_or_users_are_not_golden_runs():
    from satcc.experiments import Experiment
    from satcc.experiments.registry import _REGISTRY, register

    register(Experiment(id="test.not-golden", title="t", source="t", build=lambda: {}))
    try:
        ids = [e.id for e in golden.experiments()]
        assert "test.not-golden" not in ids and "trefwa.table3-fit" in ids
    finally:
        _REGISTRY.pop("test.not-golden")
    # and the golden runs are the bench and those experiments' quick runs, whatever else
    # is registered (expanding every experiment is the slow set's; here one)
    one = golden.experiments()[0]
    register(Experiment(id="test.not-golden", title="t", source="t", build=lambda: {}))
    try:
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(golden, "experiments", lambda: [one])
            keys = [k for k, _, _ in golden.tasks()]
    finally:
        _REGISTRY.pop("test.not-golden")
    assert keys[0] == golden.BENCH_ID and len(keys) == 1 + len(one.expand(quick=True))
    assert all(k.startswith(one.id + " ") for k in keys[1:])


def test_compare_reports_each_kind_of_difference():
    base = {"a": {"events": 10, "summary": "x", "series": {"queue.time_s": "h"}}}
    assert golden.compare(base, json.loads(json.dumps(base))) == []
    for changed in ({"events": 11}, {"summary": "y"}, {"series": {"queue.time_s": "g"}}, {"series": {}}):
        got = {"a": {**base["a"], **changed}}
        assert golden.compare(base, got), changed
    assert golden.compare(base, {"b": base["a"]}), "a run not in the golden file"


def test_bad_arguments_name_the_option(capsys):
    import pytest

    for argv in (["check", "--jobs", "0"], ["check", "--every", "0"], ["check", "--file", "/nonexistent.json"],
                 ["record", "--series"], ["check", "--series", "--every", "2"]):
        with pytest.raises(SystemExit):
            golden.main(argv)
        assert argv[1] in capsys.readouterr().err
