"""Ping flows (`transport: ping`, `traffic: pings`: ns-2's Agent/Ping) through the API and
the command line: what a scenario may say, what a run reports (the pings table and the
summary), the pcap, and the packets' conservation. tests/test_ns2_import.py checks
ns2/scripts/ping.tcl's answers against ns-2's and tests/test_ns2_exact.py the ns2exact
family 'ping'."""

import json
import shutil
import struct
import subprocess
import sys

import pyarrow.parquet as pq
import pytest

from satcc.run import run
from satcc.scenario import ScenarioError


def _scenario(ping: dict | None = None, tcp: bool = True, **extra) -> dict:
    flows = [{"name": "t", "src": "a", "dst": "b"}] if tcp else []
    if ping is not None:
        flows.append({"name": "p", "src": "a", "dst": "b", "transport": "ping", **ping})
    return {"name": "ping-test", "duration_s": 3.0, "nodes": [{"name": "a"}, {"name": "r"}, {"name": "b"}],
            "links": [{"a": "a", "b": "r", "rate_bps": 1e7, "delay_ms": 2.0},
                      {"a": "r", "b": "b", "rate_bps": 2e6, "delay_ms": 20.0,
                       "queue": {"type": "droptail", "limit_pkts": 8}}],
            "flows": flows, **extra}


EVERY = {"traffic": {"type": "pings", "every_s": 0.05}}


def test_an_idle_paths_pings_each_take_the_paths_round_trip():
    s = run(_scenario({"traffic": {"type": "pings", "at_s": [0.5, 1.0, 2.0], "packet_size_bytes": 200,
                                   "reply_size_bytes": 1000}}, tcp=False))
    p = s.summary["flows"][0]
    assert (p["transport"], p["cc"]) == ("ping", "none")
    assert p["pings"]["sent"] == p["pings"]["answered"] == 3
    # there: 200 bytes at 10 and 2 Mb/s and 22 ms; back: 1000 bytes and 22 ms
    there = 200 * 8 / 1e7 + 200 * 8 / 2e6 + 0.022
    back = 1000 * 8 / 2e6 + 1000 * 8 / 1e7 + 0.022
    rows = s.pings.to_pylist()
    assert [r["seqno"] for r in rows] == [0, 1, 2] and {r["flow"] for r in rows} == {"p"}
    for r, sent in zip(rows, [0.5, 1.0, 2.0]):
        assert r["forward_ms"] == pytest.approx(there * 1e3) and r["back_ms"] == pytest.approx(back * 1e3)
        assert r["rtt_ms"] == pytest.approx(r["forward_ms"] + r["back_ms"])
        assert r["time_s"] == pytest.approx(sent + there + back)
    assert p["pings"]["rtt_min_ms"] == pytest.approx((there + back) * 1e3)


def test_pings_beside_a_greedy_flow_show_its_queue_and_every_request_is_accounted_for():
    idle = run(_scenario(EVERY, tcp=False)).summary["flows"][0]["pings"]
    s = run(_scenario(EVERY, monitor={"drop_trace": True}))
    p = s.summary["flows"][1]["pings"]
    # from 0 to 3 s every 50 ms: 60 requests (the one due at the end itself does not go)
    assert idle["sent"] == p["sent"] == 60
    assert p["rtt_mean_ms"] > idle["rtt_mean_ms"] + 5 and p["rtt_max_ms"] > idle["rtt_max_ms"] + 20
    assert p["requests_dropped"] > 0
    # each request answered, lost either way, or on its way at the end (one round trip)
    in_flight = p["sent"] - p["answered"] - p["requests_dropped"] - p["replies_dropped"]
    assert 0 <= in_flight <= 2
    drops = [d for d in s.drops.to_pylist() if d["flow"] == "p"]
    assert sum(not d["ack"] for d in drops) == p["requests_dropped"]
    answered = {r["seqno"] for r in s.pings.to_pylist()}
    assert len(answered) == p["answered"] and not answered & {d["seqno"] for d in drops}
    f = s.summary["flows"][1]
    assert f["loss_rate"] == pytest.approx((p["requests_dropped"] + p["replies_dropped"]) / p["sent"])
    # the same run, the same pings; the TCP flow's share is what changes with them
    assert run(_scenario(EVERY, monitor={"drop_trace": True})).summary == s.summary


def test_periodic_pings_run_from_the_start_to_the_stop_and_copies_each_send_them():
    s = run(_scenario({**EVERY, "start_s": 1.0, "stop_s": 2.0, "count": 2, "start_jitter_s": 0.01}, tcp=False))
    for f in s.summary["flows"]:
        # from its start (jittered) to its stop, every 50 ms
        assert f["pings"]["sent"] in (20, 21) and f["start_s"] >= 1.0
    assert {r["flow"] for r in s.pings.to_pylist()} == {"p#0", "p#1"}


@pytest.mark.parametrize("flow, message", [
    ({}, r"flows\[1\].traffic.type: 'bulk' does not drive echo requests \(allowed with transport ping: pings\)"),
    ({"traffic": {"type": "pings"}}, r"flows\[1\].traffic: give at_s \(the requests' instants\) or every_s"),
    ({"traffic": {"type": "pings", "at_s": [1.0], "every_s": 0.1}}, r"flows\[1\].traffic.every_s: give at_s or every_s, "
     r"not both"),
    ({"traffic": {"type": "pings", "at_s": [1.0, 0.5]}}, r"flows\[1\].traffic.at_s\[1\]: 0.5 is not a time at or after"),
    ({"traffic": {"type": "pings", "at_s": [0.5]}, "start_s": 1.0}, r"flows\[1\].traffic.at_s\[0\]: 0.5 is not a time "
     r"at or after the flow's start_s \(1 s\)"),
    ({"traffic": {"type": "pings", "at_s": [0.5]}, "stop_s": 2.0}, r"flows\[1\].stop_s: the requests are at_s's "
     r"instants"),
    ({"traffic": {"type": "pings", "every_s": 1e-6}}, r"flows\[1\].traffic.every_s: 0.000001 s from 0 s to 3 s makes "
     r"3000001 requests \(at most 1000000\)"),
    ({**EVERY, "cc": "cubic"}, r"flows\[1\].cc: a ping flow has no congestion control"),
    ({**EVERY, "tcp": {"rwnd_pkts": 5}}, r"flows\[1\].tcp: TCP settings do not apply to a ping flow"),
    ({**EVERY, "src_detach_s": 1.0}, r"flows\[1\].src_detach_s: not modelled for a ping flow"),
    ({**EVERY, "max_datagram_bytes": 100}, r"flows\[1\].max_datagram_bytes: not modelled for a ping flow"),
    ({**EVERY, "tcp_changes": [{"at_s": 1.0, "rwnd_pkts": 3}]}, r"flows\[1\].tcp_changes: a ping flow has no TCP "
     r"sender to change"),
    ({"traffic": {"type": "pings", "every_s": 0.1, "reply_size_bytes": 70000}}, r"reply_size_bytes"),
])
def test_a_ping_flow_that_cannot_be_is_refused_by_name(flow, message):
    with pytest.raises(ScenarioError, match=message):
        run(_scenario(flow))


def test_pings_need_transport_ping():
    with pytest.raises(ScenarioError, match=r"flows\[0\].traffic.type: pings are echo requests \(allowed with "
                                            r"transport: ping\)"):
        run({**_scenario(), "flows": [{"name": "t", "src": "a", "dst": "b", **EVERY}]})


def test_the_run_command_writes_the_pings_table_says_how_they_fared_and_tshark_reads_the_echoes(tmp_path):
    sc = _scenario(EVERY, monitor={"capture": ["r->b", "r->a"]})
    (tmp_path / "s.json").write_text(json.dumps(sc))
    out = tmp_path / "out"
    r = subprocess.run([sys.executable, "-m", "satcc.cli", "run", str(tmp_path / "s.json"), "--out", str(out),
                        "--pcap", "r->b", "--no-plots"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    summary = json.loads((out / "summary.json").read_text())
    p = summary["flows"][1]["pings"]
    assert f"ping p: {p['answered']} of 60 answered, {p['requests_dropped']} requests and " in r.stdout
    assert "round trip min/mean/max" in r.stdout
    rows = pq.read_table(out / "pings.parquet").to_pylist()
    assert len(rows) == p["answered"] and rows[0]["seqno"] == 0
    assert min(x["rtt_ms"] for x in rows) == pytest.approx(p["rtt_min_ms"])
    # the pcap: the requests as ICMP echo requests of their size (64 bytes), the flow's
    # number its identifier and the request's its sequence number
    data = next(out.glob("*.pcap")).read_bytes()
    seqs, off = [], 24
    while off < len(data):
        _, _, caplen, length = struct.unpack("<IIII", data[off:off + 16])
        ip = data[off + 16:off + 16 + caplen]
        if ip[9] == 1:
            kind, _, _, ident, seq = struct.unpack("!BBHHH", ip[20:28])
            assert (kind, ident, length) == (8, 1, 64)
            seqs.append(seq)
        off += 16 + caplen
    assert seqs and seqs == sorted(seqs) and len(seqs) <= 60
    tshark = shutil.which("tshark")
    if tshark is None:
        pytest.fail("tshark is not installed (apt-get install -y tshark; .ci/run installs it)")
    pcap = next(out.glob("*.pcap"))
    got = subprocess.run([tshark, "-r", str(pcap), "-Y", "icmp", "-o", "ip.check_checksum:TRUE", "-T", "fields",
                          "-e", "icmp.type", "-e", "icmp.seq", "-e", "ip.checksum.status"],
                         capture_output=True, text=True, check=True).stdout
    parsed = [line.split("\t") for line in got.splitlines()]
    assert [int(x[1]) for x in parsed] == seqs and {(x[0], x[2]) for x in parsed} == {("8", "1")}


def test_ping_replies_cross_a_refwa_router_untouched():
    # REFWA writes its fair window into the ACKs of the TCP flows it counts; a ping's
    # reply is not one (the papers class other traffic apart), so its pings run as they
    # would under a plain router beside the same flow's packets
    sc = _scenario(EVERY, tcp=False, schemes=[{"type": "refwa", "links": ["r->b", "r->a"]}])
    plain = run(_scenario(EVERY, tcp=False)).summary["flows"][0]["pings"]
    assert run(sc).summary["flows"][0]["pings"] == plain


def test_the_example_shows_refwa_keeping_the_pings_round_trip_near_the_paths():
    # scenarios/ping_probe.yaml: what its comments and docs/scenario.md say it shows
    from satcc.scenario import load

    sc = load("scenarios/ping_probe.yaml").to_dict()
    guarded = run(sc).summary["flows"][-1]["pings"]
    plain = run({**sc, "schemes": []}).summary["flows"][-1]["pings"]
    # the path: 2 x (2 + 125 + 2) ms and the serializations
    assert guarded["rtt_min_ms"] == pytest.approx(258.1, abs=0.1) == plain["rtt_min_ms"]
    assert guarded["rtt_mean_ms"] < 280 and plain["rtt_mean_ms"] > guarded["rtt_mean_ms"] + 50
    assert guarded["requests_dropped"] == 0 < plain["requests_dropped"]


def test_experiments_report_the_pings_round_trip_and_loss():
    # sweeps with error bars over a ping's round trip: standard_metrics carries it
    from satcc.experiments.definition import standard_metrics

    sc = _scenario(EVERY)
    s = run(sc).summary
    m = standard_metrics(s, sc)
    p = s["flows"][1]["pings"]
    assert m["ping_rtt_mean_ms"] == pytest.approx(p["rtt_mean_ms"])
    assert m["ping_loss_rate"] == (p["requests_dropped"] + p["replies_dropped"]) / p["sent"] > 0
    two = {**sc, "flows": sc["flows"] + [{**sc["flows"][1], "name": "q", "traffic": {"type": "pings", "at_s": [1.0]}}]}
    s2 = run(two).summary
    p1, p2 = s2["flows"][1]["pings"], s2["flows"][2]["pings"]
    assert standard_metrics(s2, two)["ping_rtt_mean_ms"] == pytest.approx(
        (p1["rtt_mean_ms"] * p1["answered"] + p2["rtt_mean_ms"] * p2["answered"]) / (p1["answered"] + p2["answered"]))
    assert "ping_rtt_mean_ms" not in standard_metrics(run(_scenario()).summary, _scenario())


def test_pings_over_a_moving_constellation_take_the_paths_round_trip_as_it_changes():
    # Kuiper-630 from Paris to Moscow (scenarios/leo_kuiper_paths.yaml's stations) with a
    # ping every 100 ms and nothing else: each round trip is the propagation RTT of the
    # path at its sending (the paths table, every routing instant) and its 64-byte
    # serializations, but for the few a handover catches on their way
    import bisect

    from satcc.scenario import load

    sc = load("scenarios/leo_kuiper_paths.yaml").to_dict()
    sc["duration_s"] = 30
    sc["flows"] = [{"name": "probe", "src": "Paris", "dst": "Moscow", "transport": "ping",
                    "traffic": {"type": "pings", "every_s": 0.1}}]
    r = run(sc)
    p = r.summary["flows"][0]["pings"]
    assert p["sent"] == p["answered"] == 300
    paths = [x for x in r.paths.to_pylist() if x["flow"] == "probe"]
    times = [x["time_s"] for x in paths]
    off = []
    for row in r.pings.to_pylist():
        sent = row["time_s"] - row["rtt_ms"] / 1e3
        off.append(row["rtt_ms"] - paths[bisect.bisect_right(times, sent + 1e-12) - 1]["rtt_ms"])
    assert sum(0 <= d < 0.5 for d in off) >= 290, sorted(off)[:5]
    assert all(abs(d) < 5 for d in off)
    assert len({x["rtt_ms"] for x in paths}) > 10, "the path moves"
