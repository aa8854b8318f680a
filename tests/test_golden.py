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
def test_every_golden_run_is_unchanged(capsys):
    rc = golden.main(["check", "--jobs", "2", "--file", str(GOLDEN)])
    out = capsys.readouterr().out
    assert rc == 0, out


def test_a_sample_of_the_golden_runs_is_unchanged(capsys):
    # every experiment's first run (with its time series) and every 25th of the others;
    # the slow set checks them all
    rc = golden.main(["check", "--jobs", "1", "--every", "25", "--file", str(GOLDEN)])
    out = capsys.readouterr().out
    assert rc == 0, out


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

    for argv in (["check", "--jobs", "0"], ["check", "--every", "0"], ["check", "--file", "/nonexistent.json"]):
        with pytest.raises(SystemExit):
            golden.main(argv)
        assert argv[1] in capsys.readouterr().err
