"""Differential tests against ns-2 2.35, without ns-2: satcc over the same ten seeds
as the committed reference numbers (ns2/reference), within issue 2's tolerances.

The committed Tcl must be exactly what the exporter writes for each case today, so a
changed scenario cannot be compared against stale numbers. With ns-2 installed,
`python -m satcc.difftest refresh` regenerates both.
"""

import hashlib

import pytest

from satcc import difftest


@pytest.mark.parametrize("case", sorted(difftest.CASES))
def test_committed_tcl_matches_the_scenario(case):
    ref = difftest.reference(case)
    assert ref["seeds"] == difftest.SEEDS
    for seed in difftest.SEEDS:
        tcl = difftest.tcl_for(case, seed)
        committed = (difftest.ROOT / "tcl" / case / f"seed{seed}.tcl").read_text()
        assert tcl == committed, f"{case} seed {seed}: scenario changed; run python -m satcc.difftest refresh"
        assert hashlib.sha256(tcl.encode()).hexdigest() == ref["tcl_sha256"][str(seed)]


@pytest.mark.parametrize("case", sorted(difftest.CASES))
def test_satcc_matches_ns2_within_tolerance(case):
    fails, ours, theirs = difftest.compare(case)
    assert not fails, f"{case}: " + "; ".join(fails)


def test_tolerances_are_the_issue_s():
    assert difftest.TOLERANCE == {"utilization_abs": 0.02, "loss_rate_rel": 0.20, "jain_abs": 0.05, "group_rel": 0.15}


def test_comparison_detects_a_different_network():
    # the same comparison flags a network that differs from ns-2's (a smaller buffer)
    case = "rtt-groups"
    orig = difftest.CASES[case]
    try:
        def smaller(seed):
            d = orig(seed)
            d["links"][0]["queue"]["limit_pkts"] = 15
            return d
        difftest.CASES[case] = smaller
        fails, _, _ = difftest.compare(case)
        assert fails
    finally:
        difftest.CASES[case] = orig
