"""XFWA (seed 000's [26]): REFWA's predecessor as a router scheme."""

import pytest

import satcc
from satcc import ScenarioError
from satcc.experiments.api import reproduce
from satcc.topology.leo import refwa_multi_bottleneck, refwa_network


def test_xfwa_validation_names_the_field():
    d = refwa_network([4], scheme="xfwa", duration_s=2).to_dict()
    for field, bad, allowed in (("buffer_share", 1.5, r"must be in \[0, 1\], got 1.5"), ("isl_delay_ms", 0, r"must be in \(0, 10000000\], got 0")):
        dd = {**d, "schemes": [{**d["schemes"][0], field: bad}]}
        with pytest.raises(ScenarioError, match=rf"^schemes\[0\]\.{field}.*{allowed}"):
            satcc.run(dd)
    dd = {**d, "schemes": [{**d["schemes"][0], "phi": 1.5}]}
    with pytest.raises(ScenarioError, match="phi"):
        satcc.validate(dd)  # XFWA has no recursion: REFWA's gains are not its settings


def test_xfwa_is_fair_lossless_and_sets_the_pipe_whatever_the_queue():
    r = satcc.run(refwa_network([8], scheme="xfwa", duration_s=20).to_dict())
    t = r.summary["totals"]
    assert t["jain_fairness"] > 0.99 and t["loss_rate"] == 0
    fb = [x for x in r.feedback.to_pylist() if x["time_s"] > 2 and x["active_flows"] == 8]
    # the aggregate is the bottleneck's bandwidth-delay product at RTT_avg, never the
    # queue's doing: 1.544 Mb/s x 160 ms / 1000 bytes = 30.88 packets
    assert fb and all(abs(x["aggregate_pkts"] - 1.544e6 * x["rtt_avg_s"] / 8000) < 1e-6 for x in fb)


def test_xfwa_leaves_a_multi_bottleneck_network_underused_where_refwa_does_not():
    u = {}
    for scheme in ("xfwa", "refwa"):
        links = {l["name"]: l["utilization"] for l in
                 satcc.run(refwa_multi_bottleneck(scheme=scheme, duration_s=20).to_dict()).summary["links"]}
        u[scheme] = links["S1->S2"]
    assert u["refwa"] > u["xfwa"] + 0.05, u


def test_xfwa_comparison_quick(tmp_path):
    out, rep = reproduce("refwa.xfwa-comparison", store=tmp_path, quick=True, jobs=2, quiet=True)
    assert out.done == out.total == 18 and rep["complete"] and len(rep["claims"]) == 2
