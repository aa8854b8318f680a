"""ns-2 2.35's own validation test suites (ns2/suites, ns-2's files as they are), read by
the import test by test and run in satcc against ns-2's counters (ns2/reference/suites.json,
`python -m satcc.dev.ns2suites refresh`)."""

import hashlib
import json

import pytest

from satcc.dev import ns2suites

REF = json.loads(ns2suites.REFERENCE.read_text())
CASES = [(name, t) for name, entry in sorted(REF.items()) for t, v in entry["tests"].items() if "ns2" in v]


def test_the_suites_are_ns2s_files_as_recorded():
    files = ns2suites.suite_files()
    assert {p.name for p in files} == set(REF)
    for p in files:
        assert hashlib.sha256(p.read_bytes()).hexdigest() == REF[p.name]["sha256"], p.name
        # every test the suite defines is recorded, run in ns-2 or refused with a reason
        assert sorted(REF[p.name]["tests"]) == sorted(ns2suites.tests(p)), p.name
    st = ns2suites.status()
    assert sum(c["compared"] for c in st.values()) >= 200
    # what they hold: drops somewhere in most tests
    dropping = sum(any(d for _, _, d in REF[s]["tests"][t]["ns2"].values()) for s, t in CASES)
    assert dropping >= len(CASES) // 2


@pytest.mark.parametrize("suite,test", CASES, ids=[f"{s.removeprefix('test-suite-')}:{t}" for s, t in CASES])
def test_each_suite_test_the_import_reads_gives_ns2s_counters(suite, test):
    diffs = ns2suites.compare_test(ns2suites.SUITES_DIR / suite, test, REF[suite]["tests"][test]["ns2"])
    assert diffs == {}


def test_the_comparison_sees_a_syn_abort():
    # ecn-ack's synack-5-maxconnect: five SYNs dropped and max_connects_ 5, so the sixth
    # send aborts the connection (tcp.max_connects); without the limit it goes on
    import copy

    from satcc import ns2, ns2_import

    suite, test = "test-suite-ecn-ack.tcl", "synack-5-maxconnect"
    imp = ns2_import.from_tcl(ns2suites.SUITES_DIR / suite, argv=[test, "QUIET"])
    sc = copy.deepcopy(imp.scenario)
    assert {**sc.get("tcp", {}), **sc["flows"][0].get("tcp", {})}["max_connects"] == 5
    sc.get("tcp", {}).pop("max_connects", None)
    for f in sc["flows"]:
        f.get("tcp", {}).pop("max_connects", None)
    ours = ns2_import.satcc_counts(ns2_import.Imported(sc))
    theirs = REF[suite]["tests"][test]["ns2"]
    assert sum(not ns2.link_counters_agree(ours.get(k), v) for k, v in theirs.items()) >= 3
