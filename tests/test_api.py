"""The Python API: build, validate, run, write; determinism and invariants."""

import json

import pyarrow.parquet as pq
import pytest

import satcc
from satcc import Scenario, ScenarioError
from satcc.topology import leo_chain, rtt_groups

from conftest import chain


def conservation(summary):
    p = summary["totals"]["packets"]
    assert p["data_injected"] == p["data_delivered"] + p["data_dropped"] + p["data_in_flight"]
    assert p["ack_injected"] == p["ack_delivered"] + p["ack_dropped"] + p["ack_in_flight"]


def test_run_returns_metrics_named_as_in_design(small):
    r = small.run()
    s = r.summary
    t = s["totals"]
    for k in ("throughput_mbps", "goodput_mbps", "jain_fairness", "loss_rate", "utilization",
              "avg_queue_pkts", "avg_queue_pct", "rto_count"):
        assert k in t
    f = s["flows"][0]
    for k in ("throughput_mbps", "goodput_mbps", "loss_rate", "rto_count", "retransmits", "data_pkts_sent"):
        assert k in f
    assert [f["name"] for f in s["flows"]] == ["f#0", "f#1", "f#2"]
    b = next(l for l in s["links"] if l["name"] == "r1->r2")
    assert 0.8 < b["utilization"] <= 1.0
    assert t["utilization"] == b["utilization"]
    assert r.queue.num_rows > 0 and r.flows.num_rows > 0
    assert set(r.queue.column_names) == {"time_s", "link", "queue_pkts", "utilization"}
    assert set(r.flows.column_names) == {"time_s", "flow", "cwnd_pkts", "ssthresh_pkts", "rwnd_pkts", "seqno", "goodput_mbps",
                                      "srtt_ms", "pacing_mbps", "cc_min_rtt_ms", "ca_state"}


def test_goodput_never_exceeds_throughput_or_capacity(small):
    s = small.run().summary
    for f in s["flows"]:
        assert f["goodput_mbps"] <= f["throughput_mbps"] + 1e-9
    assert s["totals"]["goodput_mbps"] <= 2.0


def test_write_outputs_and_read_back(small, tmp_path):
    r = small.run()
    r.write(tmp_path)
    assert json.loads((tmp_path / "summary.json").read_text()) == r.summary
    assert pq.read_table(tmp_path / "queue.parquet").num_rows == r.queue.num_rows
    assert pq.read_table(tmp_path / "flows.parquet").num_rows == r.flows.num_rows
    assert json.loads((tmp_path / "scenario.json").read_text()) == small.to_dict()


def test_same_seed_same_bytes(tmp_path):
    a = chain(per=0.01).run()
    b = chain(per=0.01).run()
    assert a.summary_json == b.summary_json
    a.write(tmp_path / "a")
    b.write(tmp_path / "b")
    for name in ("summary.json", "queue.parquet", "flows.parquet", "drops.parquet"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name


def test_other_seed_other_run():
    a = chain(per=0.01, seed=1).run().summary
    b = chain(per=0.01, seed=2).run().summary
    assert a["flows"] != b["flows"]


def test_adding_a_flow_keeps_other_streams():
    # start jitter of flow "x" is drawn from its own stream: adding flow "y" leaves it alone
    s1 = chain(n_flows=1)
    s2 = chain(n_flows=1)
    s2.flow("a", "b", name="y", start_s=1.0)
    x1 = s1.run().summary["flows"][0]["start_s"]
    x2 = s2.run().summary["flows"][0]["start_s"]
    assert x1 == x2


@pytest.mark.parametrize("variant", ["droptail", "red", "lossy", "ge", "delack", "pareto", "reno", "bytes", "ratechange",
                                     "outage", "detach", "session"])
def test_packet_conservation_and_queue_limits(variant):
    kw = {}
    queue = None
    per = None
    if variant == "red":
        queue = {"type": "red", "limit_pkts": 25, "min_th_pkts": 3, "max_th_pkts": 10, "w_q": 0.02}
    if variant == "lossy":
        per = 0.02
    if variant == "bytes":
        queue = {"type": "droptail", "limit_bytes": 15000}
    if variant == "delack":
        kw["tcp"] = {"delayed_ack": True}
    if variant == "pareto":
        kw["traffic"] = {"type": "pareto", "shape": 1.5, "mean_on_s": 0.3, "mean_off_s": 0.3, "rate_bps": 1e6}
    s = chain(n_flows=4, duration_s=8, per=per, queue=queue, cc="reno" if variant == "reno" else "newreno", **kw)
    d = s.to_dict()
    if variant == "ge":
        d["links"][1]["a_to_b"] = {"error": {"type": "gilbert_elliott", "p_good_to_bad": 0.01,
                                               "p_bad_to_good": 0.2, "per_bad": 0.5}}
    if variant == "ratechange":
        d["links"][1]["rate_changes"] = [{"at_s": 3.0, "rate_bps": 0.5e6}, {"at_s": 5.0, "rate_bps": 4e6}]
    if variant == "outage":
        # the bottleneck down twice (once for less than a packet's transmission), the
        # ACKs' way down to the end
        d["links"][1]["outages"] = [{"down_s": 2.0, "up_s": 2.7}, {"down_s": 5.0, "up_s": 5.001}]
        d["links"][1]["b_to_a"] = {"outages": [{"down_s": 7.0}]}
    if variant == "session":
        # a detour r1-rx-r2 that session routing takes while the bottleneck is down
        # (twice, once for less than a packet's transmission, then to the end)
        d["routing"] = "session"
        d["nodes"].append({"name": "rx"})
        d["links"] += [{"a": a, "b": b, "rate_bps": 1e6, "delay_ms": 5.0, "queue": {"type": "droptail", "limit_pkts": 10}}
                       for a, b in (("r1", "rx"), ("rx", "r2"))]
        d["links"][1]["outages"] = [{"down_s": 2.0, "up_s": 4.0}, {"down_s": 5.0, "up_s": 5.001}, {"down_s": 6.5}]
    if variant == "detach":
        d["flows"] = [{**d["flows"][0], "name": "x", "dst_detach_s": 3.0},
                      {**d["flows"][0], "name": "y", "src_detach_s": 4.0}]
        d["flows"][0].pop("count", None), d["flows"][1].pop("count", None)
    r = satcc.run(d)
    s = r.summary
    conservation(s)
    # what a link holds, the packet in service included: a DropTail limit of B holds B
    # (B - 1 waiting); ns-2's RED holds its limit waiting besides the one in service
    held = 1 if variant == "red" else 0
    for l in s["links"]:
        if l["limit_pkts"] is not None:
            assert l["max_queue_pkts"] <= l["limit_pkts"] + held, l
    limit = {l["name"]: l["limit_pkts"] + held for l in s["links"] if l["limit_pkts"] is not None}
    for name, q in zip(r.queue.column("link").to_pylist(), r.queue.column("queue_pkts").to_pylist()):
        if name in limit:
            assert q <= limit[name]
    if variant == "red":
        # the bound is reached: RED's limit counts the waiting packets only
        assert max(l["max_queue_pkts"] for l in s["links"]) == 25 + 1
    if variant in ("lossy", "ge"):
        assert s["links"][2]["drops_error"] > 0  # r1->r2 is the third link direction
    if variant == "red":
        assert s["totals"]["packets"]["data_dropped"] > 0
    if variant == "session":
        assert s["totals"]["routes_recomputed"] == 5
        assert all(next(l for l in s["links"] if l["name"] == n)["arrivals_pkts"] > 100 for n in ("r1->rx", "rx->r2"))
    if variant == "outage":
        b = next(l for l in s["links"] if l["name"] == "r1->r2")
        assert b["drops_link_down"] > 0 and b["refused_down_pkts"] > 0
        assert next(l for l in s["links"] if l["name"] == "r2->r1")["refused_down_pkts"] > 0


def test_a_scheme_on_a_detour_guards_the_flows_session_routing_sends_round_it():
    # REFWA on r1->rx, which the flows take only while r1-r2 is down (2-6 s): it counts
    # them then and only then, and the windows it writes into their ACKs at r1 (where
    # the data now leaves by its link) change the run
    d = chain(n_flows=4, duration_s=8).to_dict()
    d["routing"] = "session"
    d["nodes"].append({"name": "rx"})
    d["links"] += [{"a": a, "b": b, "rate_bps": 1e6, "delay_ms": 5.0, "queue": {"type": "droptail", "limit_pkts": 10}}
                   for a, b in (("r1", "rx"), ("rx", "r2"))]
    d["links"][1]["outages"] = [{"down_s": 2.0, "up_s": 6.0}]
    plain = satcc.run(d)
    guarded = satcc.run({**d, "schemes": [{"type": "refwa", "links": ["r1->rx"]}]})
    fb = guarded.feedback
    busy = [t for t, n in zip(fb.column("time_s").to_pylist(), fb.column("active_flows").to_pylist()) if n > 0]
    assert busy and 2.0 < min(busy) and max(busy) < 6.5, busy
    detour = [next(l for l in r.summary["links"] if l["name"] == "r1->rx") for r in (plain, guarded)]
    assert detour[1]["drops"] < detour[0]["drops"], "the windows REFWA writes hold the detour's queue down"


def test_a_byte_limit_holds_what_as_many_packets_rounded_up_hold():
    # ns-2's DropTail in bytes: an arrival is dropped when the bytes waiting (not the
    # packet in service) plus its own reach the limit. With 1000-byte packets only (no
    # SYN on the data path), any limit from (B - 1) x 1000 + 1 to B x 1000 bytes holds
    # what B packets hold; counting the packet in service against the limit too (satcc
    # before 2026-11-28) held B - 1 below B x 1000
    def link_counts(queue):
        d = chain(n_flows=4, duration_s=8, queue=queue, tcp={"syn": False}).to_dict()
        s = satcc.run(d).summary
        b = next(l for l in s["links"] if l["name"] == "r1->r2")
        assert b["drops"] > 0
        return [(l["name"], l["arrivals_pkts"], l["drops"], l["max_queue_pkts"]) for l in s["links"]]

    for pkts in (5, 12):
        by_pkts = link_counts({"type": "droptail", "limit_pkts": pkts})
        for nbytes in (pkts * 1000, pkts * 1000 - 1, (pkts - 1) * 1000 + 1):
            assert link_counts({"type": "droptail", "limit_bytes": nbytes}) == by_pkts, nbytes
        for nbytes in ((pkts - 1) * 1000, pkts * 1000 + 1):
            assert link_counts({"type": "droptail", "limit_bytes": nbytes}) != by_pkts, nbytes


def test_every_shipped_example_scenario_file_validates():
    # the files under scenarios/ that the README and the docs tell users to run: each
    # loads and passes the core's checks (a refusal raises ScenarioError)
    from pathlib import Path
    from satcc.scenario import load
    files = sorted((Path(__file__).resolve().parents[1] / "scenarios").iterdir())
    assert len(files) >= 10
    for f in files:
        d = load(f).to_dict()
        assert satcc.validate(d) == d, f


def test_rate_change_changes_utilization_per_interval():
    d = chain(n_flows=4, duration_s=10).to_dict()
    d["links"][1]["rate_changes"] = [{"at_s": 5.0, "rate_bps": 1e6}]
    s = satcc.run(d).summary
    b = next(l for l in s["links"] if l["name"] == "r1->r2")
    # 2 Mb/s for 5 s then 1 Mb/s for 5 s: at most 15 Mbit could leave
    assert b["departed_bytes"] * 8 <= 15e6 * 1.001
    assert b["utilization"] > 0.8


def test_drop_trace_matches_counters():
    d = chain(n_flows=4, per=0.02).to_dict()
    d["monitor"]["drop_trace"] = True
    r = satcc.run(d)
    p = r.summary["totals"]["packets"]
    assert r.drops.num_rows == p["data_dropped"] + p["ack_dropped"]
    causes = set(r.drops.column("cause").to_pylist())
    assert causes <= {"overflow", "early", "error", "ttl"} and "error" in causes


def test_ttl_expiry_drops():
    d = chain(n_flows=1, duration_s=2).to_dict()
    d["tcp"]["initial_ttl"] = 2  # a -> r1 -> r2 -> b needs two router hops: TTL 2 dies at r2
    s = satcc.run(d).summary
    assert s["flows"][0]["data_pkts_delivered"] == 0
    conservation(s)


def test_pinned_path_is_followed():
    s = Scenario("pin", duration_s=2)
    for n in ("a", "x", "y", "b"):
        s.node(n)
    s.link("a", "x", rate_bps=100e6, delay_ms=1)
    s.link("x", "b", rate_bps=100e6, delay_ms=1)
    s.link("a", "y", rate_bps=100e6, delay_ms=50)
    s.link("y", "b", rate_bps=100e6, delay_ms=50)
    s.flow("a", "b", name="short")
    s.flow("a", "b", name="long", path=["a", "y", "b"])
    r = s.run().summary
    by = {l["name"]: l for l in r["links"]}
    assert by["a->y"]["departed_pkts"] > 0 and by["a->x"]["departed_pkts"] > 0
    f = {f["name"]: f for f in r["flows"]}
    assert f["short"]["srtt_ms"] < 20
    assert 200 <= f["long"]["srtt_ms"] < 230


def test_builders_give_expected_rtts():
    s = leo_chain(duration_s=5).run().summary
    for f in s["flows"]:
        assert 160 <= f["srtt_ms"] <= 160 + 50 * 8 + 40  # propagation + queueing at most
        assert f["hops_data"] == 4
    g = rtt_groups(n_groups=2, flows_per_group=1, rtt_step_ms=50, bottleneck_rate_bps=100e6,
                   duration_s=3).run().summary
    srtt = sorted(f["srtt_ms"] for f in g["flows"])
    assert 50 <= srtt[0] < 70 and 100 <= srtt[1] < 120


def test_scenario_error_is_a_value_error():
    with pytest.raises(ValueError):
        satcc.run({"duration_s": 1})
    with pytest.raises(ScenarioError, match="nodes"):
        satcc.validate({"duration_s": 1, "nodes": [], "links": [], "flows": []})


def test_router_schemes_attach_through_the_public_api():
    from pathlib import Path
    import re

    from satcc.topology.leo import refwa_network

    built = refwa_network([4], scheme="refwa", duration_s=2).to_dict()
    s = satcc.Scenario("x", duration_s=2, schemes=built["schemes"])
    assert s.to_dict()["schemes"] == built["schemes"]
    s2 = satcc.Scenario("y", duration_s=2)
    s2.scheme("refwa", links=["S1->S2"], phi=1.2)
    s2.tcp(rwnd_pkts=50)
    assert s2.to_dict()["schemes"] == [{"type": "refwa", "links": ["S1->S2"], "phi": 1.2}]
    assert s2.to_dict()["tcp"] == {"rwnd_pkts": 50}
    with pytest.raises(satcc.ScenarioError, match="schemes"):
        satcc.Scenario("z", duration_s=1, schemes=["refwa"])
    # the builders use it too: none writes into the scenario's dict itself
    topo = Path(satcc.__file__).parent / "topology"
    assert not [p.name for p in topo.glob("*.py") if re.search(r"\.d\[", p.read_text())]
    # every public method says what it does
    for name in dir(satcc.Scenario):
        if not name.startswith("_"):
            assert getattr(satcc.Scenario, name).__doc__, name


def test_the_python_example_of_the_scenario_page_runs():
    from pathlib import Path
    import re

    page = (Path(__file__).resolve().parents[1] / "docs" / "scenario.md").read_text()
    code = re.findall(r"```python\n(.*?)```", page, re.S)[0]
    ns = {}
    exec(code, ns)
    t = ns["result"].summary["totals"]
    assert t["flows"] == 4 and t["utilization"] > 0.9
