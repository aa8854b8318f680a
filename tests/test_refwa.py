"""REFWA and REFWA Plus end to end: the router feedback reaches the senders, only
ever lowers their windows, and gives the behaviour seed 000 and seed 001 describe."""

import pytest

import satcc
from satcc import ScenarioError
from satcc.experiments.api import reproduce
from satcc.topology.leo import refwa_multi_bottleneck, refwa_network, refwa_plus_network


def run(scheme, **kw):
    return satcc.run(refwa_network([8], scheme=scheme, **kw).to_dict())


def test_refwa_fair_full_and_lossless_on_the_chain():
    r, t = run("refwa"), run("newreno")
    a, b = r.summary["totals"], t.summary["totals"]
    assert a["loss_rate"] == 0.0 and b["loss_rate"] > 0.01
    assert a["jain_fairness"] > 0.99 and a["utilization"] > 0.95
    assert a["avg_queue_pkts"] < b["avg_queue_pkts"]
    assert a["rto_count"] == 0


def test_feedback_reaches_the_senders_and_never_raises_rwnd():
    r = run("refwa")
    rwnd = r.flows.column("rwnd_pkts").to_pylist()
    assert max(rwnd) <= 10000 and min(rwnd) < 100, "advertised windows were lowered"
    fb = r.feedback.to_pylist()
    bott = [x for x in fb if x["link"] == "S1->S2"]
    assert bott and max(x["active_flows"] for x in bott) == 8
    # RTT_avg from hop counts: 2 (H_b + H_f + 2) 20 ms = 160 ms for every flow
    assert all(abs(x["rtt_avg_s"] - 0.16) < 1e-12 for x in bott if x["active_flows"])
    # updates every RTT_avg
    times = [x["time_s"] for x in bott[2:6]]
    assert all(abs((b - a) - 0.16) < 1e-6 for a, b in zip(times, times[1:]))
    # the aggregate window settles near BDP + B/4 (eq. 2's equilibrium with Q = Y - BDP)
    bdp = 1.544e6 * 0.16 / 8000
    buf = 31
    y = [x["aggregate_pkts"] for x in bott[-20:]]
    assert abs(sum(y) / len(y) - (bdp + buf / 4)) < 0.25 * bdp


def test_smallest_feedback_wins_with_two_bottlenecks():
    r = satcc.run(refwa_multi_bottleneck(scheme="refwa").to_dict())
    fb = r.feedback.to_pylist()
    last = {}
    for x in fb:
        last[x["link"]] = x
    # group 1 crosses L1 (5 flows) and L3 (7 flows): its window is L3's, the smaller
    g1 = [x for x in r.flows.to_pylist() if x["flow"].startswith("g1_")][-3:]
    g2 = [x for x in r.flows.to_pylist() if x["flow"].startswith("g2_")][-2:]
    assert all(a["rwnd_pkts"] < 10000 for a in g1 + g2)
    s = {f["group"]: f for f in r.summary["groups"]}
    # groups 1 and 3 share L3 fairly: equal throughput per flow
    assert abs(s["g1"]["mean_throughput_mbps"] - s["g3"]["mean_throughput_mbps"]) < 0.15 * s["g3"]["mean_throughput_mbps"]
    assert r.summary["totals"]["packets"]["data_dropped"] < 20


def test_refwa_plus_keeps_the_link_busy_under_heavy_errors():
    out = {}
    for scheme in ("newreno", "refwa", "refwa-plus", "westwood"):
        out[scheme] = satcc.run(refwa_plus_network(scheme=scheme, per=0.3, duration_s=60).to_dict()).summary
    u = {k: v["totals"]["utilization"] for k, v in out.items()}
    assert u["refwa-plus"] >= 0.3, u
    assert max(u["newreno"], u["refwa"], u["westwood"]) < 0.1, u
    # it got there by judging losses link errors, more often than it recovered as from
    # congestion; the others never do
    plus = out["refwa-plus"]["flows"]
    assert sum(f["link_error_losses"] for f in plus) > sum(f["fast_retransmits"] for f in plus) > 0
    assert all(f["link_error_losses"] == 0 for k in ("newreno", "refwa", "westwood") for f in out[k]["flows"])


def test_refwa_plus_behaves_as_refwa_without_errors():
    a = satcc.run(refwa_plus_network(scheme="refwa", duration_s=30).to_dict()).summary["totals"]
    b = satcc.run(refwa_plus_network(scheme="refwa-plus", duration_s=30).to_dict()).summary["totals"]
    assert abs(a["utilization"] - b["utilization"]) < 0.01
    assert b["loss_rate"] == 0.0


def test_westwood_beats_newreno_under_moderate_errors():
    a = satcc.run(refwa_plus_network(scheme="newreno", per=0.05, duration_s=60).to_dict()).summary["totals"]
    b = satcc.run(refwa_plus_network(scheme="westwood", per=0.05, duration_s=60).to_dict()).summary["totals"]
    assert b["utilization"] > 1.5 * a["utilization"]


def test_scheme_validation():
    d = refwa_network([2], scheme="refwa").to_dict()
    d["schemes"][0]["links"].append("S1->S3")
    with pytest.raises(ScenarioError, match=r"schemes\[0\].links\[\d+\]: no link between 'S1' and 'S3'"):
        satcc.validate(d)
    d = refwa_network([2], scheme="refwa").to_dict()
    d["schemes"].append({"type": "refwa", "links": ["S1->S2"]})
    with pytest.raises(ScenarioError, match="already guarded"):
        satcc.validate(d)
    d = refwa_network([2], scheme="refwa").to_dict()
    d["schemes"][0]["rtt_error_sigma"] = 1.0
    with pytest.raises(ScenarioError, match="rtt_error_sigma"):
        satcc.validate(d)
    d["schemes"][0] = {"type": "xcp", "links": ["S1->S2"]}
    with pytest.raises(ScenarioError, match="schemes\\[0\\].type: must be one of refwa, trefwa, xfwa"):
        satcc.validate(d)


@pytest.mark.parametrize("exp_id, must_hold", [
    ("refwa.fig3-4-dynamics", 3),
    ("refwa.appendix1-stability", 1),
])
def test_full_length_claims_that_are_cheap_to_check(tmp_path, exp_id, must_hold):
    out, rep = reproduce(exp_id, store=tmp_path, seeds=3, jobs=2, quiet=True)
    assert sum(c["holds"] for c in rep["claims"]) == must_hold, rep["claims"]
