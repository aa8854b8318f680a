"""Timing without drift and ns-2's random send overhead (issue 13)."""

import pytest

import satcc
from satcc import ScenarioError, ns2
from satcc.dev import difftest
from satcc.experiments.api import reproduce


def oc3(seconds=5.0, overhead=None, seed=1):
    d = difftest.oc3_rtt_groups(seed)
    d["duration_s"] = seconds
    if overhead is not None:
        d["tcp"] = {**d.get("tcp", {}), "send_overhead_s": overhead}
    return d


def test_send_overhead_is_validated():
    for bad in (-1e-3, 11.0, "0.1"):
        with pytest.raises(ScenarioError, match=r"^tcp\.send_overhead_s"):
            satcc.validate(oc3(overhead=bad))


def test_zero_overhead_is_the_default_bit_for_bit():
    # the setting is off unless asked for: writing 0 changes nothing
    a, b = satcc.run(oc3()).summary, satcc.run(oc3(overhead=0.0)).summary
    assert a["flows"] == b["flows"] and a["totals"] == b["totals"]


def test_overhead_is_seeded_and_moves_the_phase():
    a, b = satcc.run(oc3(overhead=1e-4)).summary, satcc.run(oc3(overhead=1e-4)).summary
    assert a["flows"] == b["flows"], "same seed, same run"
    c = satcc.run(oc3(overhead=1e-4, seed=2)).summary
    assert a["flows"] != c["flows"]
    plain = satcc.run(oc3()).summary
    assert [f["data_pkts_sent"] for f in a["flows"]] != [f["data_pkts_sent"] for f in plain["flows"]]
    # (that it costs no utilization over 60 s is the study's second claim)


def test_overhead_is_exported_to_ns2():
    assert "set overhead_ 0.0001" in ns2.to_tcl(oc3(overhead=1e-4))
    assert "overhead_" not in ns2.to_tcl(oc3())


def test_phase_effects_study_quick(tmp_path):
    out, rep = reproduce("baseline.phase-effects", store=tmp_path, quick=True, jobs=2, quiet=True)
    assert out.done == out.total == 8 and rep["complete"]


# ------------------------------------------------------------ link jitter


def with_jitter(jitter_ms, seed=1, seconds=5.0):
    d = oc3(seconds, seed=seed)
    for l in d["links"]:
        if l["a"] != "R1":  # the access links, not the bottleneck
            l["jitter_ms"] = jitter_ms
    return d


def test_link_jitter_is_validated():
    for bad in (-0.1, "1", 1e9):
        with pytest.raises(ScenarioError, match=r"^links\[\d+\]\.jitter_ms"):
            satcc.validate(with_jitter(bad))


def test_zero_jitter_is_the_default_bit_for_bit():
    a, b = satcc.run(oc3()).summary, satcc.run(with_jitter(0.0)).summary
    assert a["flows"] == b["flows"] and a["totals"] == b["totals"]


def test_jitter_is_seeded_and_moves_the_phase():
    a, b = satcc.run(with_jitter(0.1)).summary, satcc.run(with_jitter(0.1)).summary
    assert a["flows"] == b["flows"], "same seed, same run"
    assert a["flows"] != satcc.run(with_jitter(0.1, seed=2)).summary["flows"]
    plain = satcc.run(oc3()).summary
    assert [f["data_pkts_sent"] for f in a["flows"]] != [f["data_pkts_sent"] for f in plain["flows"]]


def test_jitter_has_no_ns2_counterpart():
    with pytest.raises(ScenarioError, match="jitter_ms is not supported"):
        ns2.to_tcl(with_jitter(0.1))
