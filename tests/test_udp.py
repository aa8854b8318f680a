"""UDP flows (`transport: udp`) and constant-bit-rate sources (`traffic: cbr`) through the
API and the command line: what a scenario may say, what a run reports, the packets
table and pcap, and the ns-2 export (tests/test_ns2_exact.py compares their counts with
ns-2's on the UDP networks)."""

import json
import struct
import subprocess
import sys

import pytest

from satcc.run import run
from satcc.scenario import ScenarioError, load


def _scenario(udp: dict | None = None, **extra) -> dict:
    flows = [{"name": "t", "src": "a", "dst": "b"}]
    if udp is not None:
        flows.append({"name": "u", "src": "a", "dst": "b", "transport": "udp", "start_s": 0.5, **udp})
    return {"name": "udp-test", "duration_s": 3.0, "nodes": [{"name": "a"}, {"name": "r"}, {"name": "b"}],
            "links": [{"a": "a", "b": "r", "rate_bps": 1e8, "delay_ms": 1.0},
                      {"a": "r", "b": "b", "rate_bps": 4e6, "delay_ms": 15.0, "queue": {"type": "droptail", "limit_pkts": 30}}],
            "flows": flows, **extra}


CBR = {"traffic": {"type": "cbr", "rate_bps": 1e6, "packet_size_bytes": 500}}


def test_a_udp_flow_reports_its_datagrams_and_takes_its_share():
    alone = run(_scenario()).summary
    s = run(_scenario(CBR)).summary
    t, u = s["flows"]
    assert (u["transport"], u["cc"]) == ("udp", "none") and "transport" not in t
    # 250 datagrams a second from 0.5 s, the first at the start, until the end at 3 s
    # (the one due at the end itself does not go, as in ns-2)
    assert u["data_pkts_sent"] == 2.5 * 250
    assert u["data_pkts_delivered"] + u["data_pkts_dropped"] <= u["data_pkts_sent"]
    assert u["data_pkts_acked"] == u["retransmits"] == u["rto_count"] == 0
    # (over its active time, from its start)
    assert u["throughput_mbps"] == pytest.approx(u["data_pkts_delivered"] * 500 * 8 / 2.5 / 1e6)
    # the TCP flow makes room for a sender that does not back off
    assert t["throughput_mbps"] < alone["flows"][0]["throughput_mbps"]
    assert s["totals"]["throughput_mbps"] == pytest.approx(t["throughput_mbps"] + u["throughput_mbps"])


def test_a_udp_flow_is_deterministic_and_its_random_gaps_follow_the_seed():
    random_cbr = {"traffic": {**CBR["traffic"], "random": True}}
    a, b = run(_scenario(random_cbr)).summary, run(_scenario(random_cbr)).summary
    assert a == b
    c = run({**_scenario(random_cbr), "seed": 2}).summary
    assert c["flows"][1]["data_pkts_sent"] != a["flows"][1]["data_pkts_sent"] or c != a


@pytest.mark.parametrize("flow, field", [
    ({}, "flows[1].traffic.type"),
    ({"traffic": {"type": "cbr", "rate_bps": 1e6}}, "flows[1].traffic.packet_size_bytes"),
    ({**CBR, "cc": "cubic"}, "flows[1].cc"),
    ({**CBR, "tcp": {"rwnd_pkts": 10}}, "flows[1].tcp"),
    ({**CBR, "transport": "sctp"}, "transport"),
])
def test_a_udp_flow_that_cannot_be_is_refused_by_name(flow, field):
    with pytest.raises(ScenarioError, match=field.replace("[", r"\[").replace("]", r"\]")):
        run(_scenario(flow))


def test_validate_names_the_field_and_the_allowed_values(tmp_path):
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(_scenario({"traffic": {"type": "bulk"}})))
    r = subprocess.run([sys.executable, "-m", "satcc.cli", "validate", str(p)], capture_output=True, text=True)
    assert r.returncode != 0 and "Traceback" not in r.stderr
    assert "flows[1].traffic.type" in r.stderr + r.stdout and "cbr, pareto, exponential" in r.stderr + r.stdout


def test_the_run_command_writes_a_udp_flows_rows_and_its_pcap(tmp_path):
    sc = _scenario(CBR, monitor={"capture": ["r->b"]})
    (tmp_path / "s.json").write_text(json.dumps(sc))
    out = tmp_path / "out"
    r = subprocess.run([sys.executable, "-m", "satcc.cli", "run", str(tmp_path / "s.json"), "--out", str(out),
                        "--pcap", "r->b"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "UDP flows: 1, " in r.stdout and "datagrams lost (Jain: TCP flows only)" in r.stdout
    import pyarrow.parquet as pq
    flows = pq.read_table(out / "flows.parquet").to_pylist()
    u = [row for row in flows if row["flow"] == "u"]
    assert u and all(row["cwnd_pkts"] == 0 for row in u) and max(row["seqno"] for row in u) > 0
    assert sum(row["goodput_mbps"] for row in u) > 0
    packets = [row for row in pq.read_table(out / "packets.parquet").to_pylist() if row["flow"] == "u"]
    assert packets and all(not p["ack"] and p["payload_bytes"] == 500 and p["tcp_flags"] == 0 for p in packets)
    # the pcap: the UDP flow's datagrams as IPv4/UDP of their full size, the TCP flow's as TCP
    data = next(out.glob("*.pcap")).read_bytes()
    protos, sizes, off = set(), set(), 24
    while off < len(data):
        _, _, caplen, length = struct.unpack("<IIII", data[off:off + 16])
        ip = data[off + 16:off + 16 + caplen]
        protos.add(ip[9])
        if ip[9] == 17:
            sizes.add(length)
            assert struct.unpack("!H", ip[20 + 4:20 + 6])[0] == length - 20  # the UDP length
        off += 16 + caplen
    assert protos == {6, 17} and sizes == {500}


def test_a_udp_example_scenario_runs():
    sc = load("scenarios/udp_cross_traffic.yaml").to_dict()
    s = run({**sc, "duration_s": 25.0}).summary
    assert any(f.get("transport") == "udp" for f in s["flows"])


def test_experiments_report_the_udp_flows_goodput_and_loss():
    from satcc.experiments.definition import standard_metrics

    sc = _scenario(CBR)
    s = run(sc).summary
    m = standard_metrics(s, sc)
    u = s["flows"][1]
    assert m["udp_goodput_mbps"] == u["goodput_mbps"]
    assert m["udp_loss_rate"] == u["data_pkts_dropped"] / u["data_pkts_sent"]
    assert "udp_goodput_mbps" not in standard_metrics(run(_scenario()).summary, _scenario())


def test_a_udp_flow_crosses_a_moving_constellation():
    # over Starlink shell 1 the datagrams follow the routes as they change, and each is
    # delivered, dropped or still in flight at the end
    sc = load("scenarios/leo_transfers.yaml").to_dict()
    sc["duration_s"] = 4.0
    sc["flows"] = [f for f in sc["flows"] if f.get("start_s", 0.0) < 4.0]
    sc["flows"].append({"name": "udp", "src": "Madrid", "dst": "Paris", "transport": "udp", "start_s": 1.0,
                        "traffic": {"type": "cbr", "rate_bps": 2.1e6, "packet_size_bytes": 1200}})
    s = run(sc).summary
    u = s["flows"][-1]
    # gaps of 9600 / 2.1e6 s from 1 s: 656.25 of them fit before the end at 4 s
    assert u["transport"] == "udp" and u["data_pkts_sent"] == 657
    assert u["data_pkts_delivered"] > 0.9 * u["data_pkts_sent"]
    p = s["totals"]["packets"]
    assert p["data_injected"] == p["data_delivered"] + p["data_dropped"] + p["data_in_flight"]


def test_the_ns2_comparison_metrics_refuse_udp_flows_by_name():
    from satcc import ns2

    sc = _scenario(CBR)
    with pytest.raises(ScenarioError, match=r"flows\[1\]\.transport: the ns-2 comparison metrics"):
        ns2.comparable(sc, run(sc).summary)
    with pytest.raises(ScenarioError, match="satcc.dev.ns2exact"):
        ns2.metrics_from_ns2(sc, {"flows": [], "links": []})


def test_validate_notes_a_udp_source_faster_than_its_hosts_link(tmp_path):
    fast = {"traffic": {"type": "cbr", "rate_bps": 2e8, "packet_size_bytes": 500}}
    for flow, noted in ((fast, True), (CBR, False)):
        p = tmp_path / "s.json"
        p.write_text(json.dumps(_scenario(flow)))
        r = subprocess.run([sys.executable, "-m", "satcc.cli", "validate", str(p)], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        assert ("flows[1] (u) is a UDP flow sending 200 Mb/s into its host's 100 Mb/s link" in r.stdout + r.stderr) == noted
