"""`satcc run --pcap LINK`: a pcap that tshark reads, whose header fields are satcc's own
records of the packets (the packets table) and agree with the run's flow records."""

import shutil
import subprocess
import sys

import pytest

import satcc
from satcc import pcap
from satcc.topology.leo import refwa_network
from satcc.topology.terrestrial import one_to_many

TSHARK = shutil.which("tshark")
pytestmark = pytest.mark.skipif(TSHARK is None, reason="tshark is not installed (apt-get install -y tshark)")
FIELDS = ["frame.time_epoch", "ip.src", "ip.dst", "ip.ttl", "ip.dsfield", "tcp.srcport", "tcp.dstport",
          "tcp.seq_raw", "tcp.ack_raw", "tcp.window_size_value", "tcp.len", "tcp.flags.syn", "tcp.flags.ack", "tcp.flags"]


def _tshark(path):
    out = subprocess.run([TSHARK, "-r", str(path), "-T", "fields", "-E", "separator=\t", *sum((["-e", f] for f in FIELDS), [])],
                         capture_output=True, text=True, check=True).stdout
    return [dict(zip(FIELDS, line.split("\t"))) for line in out.splitlines()]


def _check(result, link, tmp_path):
    path = tmp_path / "x.pcap"
    n = pcap.write(result, link, path)
    rows = [r for r in result.packets.to_pylist() if r["link"] == link]
    got = _tshark(path)
    assert n == len(rows) == len(got) > 0
    flows = pcap._flow_settings(result.scenario, result.summary)
    index = {f["name"]: i for i, f in enumerate(result.summary["flows"])}
    nodes = [nd["name"] for nd in result.scenario["nodes"]]
    for r, t in zip(rows, got):
        i = index[r["flow"]]
        f = flows[i]
        seq, ack, _ = pcap.tcp_numbers(r["ack"], r["seqno"], f["mss"], f["syn"])
        assert abs(float(t["frame.time_epoch"]) - r["time_s"]) < 1e-6
        sender, receiver = f"10.0.0.{f['src'] + 1}", f"10.0.0.{f['dst'] + 1}"
        assert (t["ip.src"], t["ip.dst"]) == ((receiver, sender) if r["ack"] else (sender, receiver))
        assert result.summary["flows"][i]["src"] == nodes[f["src"]]
        assert int(t["ip.ttl"]) == r["ttl"] and int(t["ip.dsfield"], 16) == r["tos"]
        assert int(t["tcp.seq_raw"]) == seq and int(t["tcp.len"]) == r["payload_bytes"]
        assert int(t["tcp.flags"], 16) == r["tcp_flags"]
        if r["ack"]:
            assert int(t["tcp.ack_raw"]) == ack and t["tcp.flags.ack"] in ("1", "True")
            # the window field is the carried window in bytes, scaled by one shift per flow
            raw = int(t["tcp.window_size_value"])
            assert raw == min(0xFFFF, (r["rwnd_pkts"] * f["mss"]) >> pcap._window_scale(
                max(x["rwnd_pkts"] for x in rows if x["ack"] and x["flow"] == r["flow"]) * f["mss"]))
    # against the flow records: no ACK acknowledges more than the flow delivered
    for name, i in index.items():
        acks = [int(t["tcp.ack_raw"]) for r, t in zip(rows, got) if r["flow"] == name and r["ack"]]
        if acks:
            f = flows[i]
            delivered = result.summary["flows"][i]["data_pkts_delivered"]
            assert max(acks) <= 1 + delivered * f["mss"]
    return rows, got


def test_a_refwa_chain_capture_reads_back_field_by_field(tmp_path):
    d = refwa_network([4], scheme="refwa", duration_s=3).to_dict()
    d["monitor"]["capture"] = ["S2->S1"]  # the ACK direction: REFWA has rewritten their windows
    r = satcc.run(d)
    rows, got = _check(r, "S2->S1", tmp_path)
    windows = {x["rwnd_pkts"] for x in rows if x["ack"] and x["time_s"] > 1.0}
    assert len(windows) > 1 and max(windows) < 10000  # the routers' feedback, not the 10000-packet rwnd


def test_trefwa_rtt_codes_show_in_the_tos_byte(tmp_path):
    d = one_to_many("T3", scheme="trefwa", duration_s=1).to_dict()
    d["monitor"]["capture"] = ["R1->R2"]
    r = satcc.run(d)
    rows, got = _check(r, "R1->R2", tmp_path)
    assert {int(t["ip.dsfield"], 16) for r_, t in zip(rows, got) if not r_["ack"]} - {0}


def test_flags_are_a_tcps_own_syn_then_ack_and_psh_at_a_linux_senders_burst_ends(tmp_path):
    from satcc.dev import linuxref

    d = linuxref.satcc_case("two-rtt", ("bbr", "cubic"), 2.0, 1)
    d["monitor"]["capture"] = ["a1->r", "r->a1"]
    r = satcc.run(d)
    rows, got = _check(r, "a1->r", tmp_path)
    data = [x for x in rows if not x["ack"]]
    assert data[0]["seqno"] == 0 and data[0]["tcp_flags"] == pcap.SYN
    assert {x["tcp_flags"] for x in data[1:]} == {pcap.ACK, pcap.ACK | pcap.PSH}
    # PSH ends a burst of two or more (a lone segment carries none): of two segments
    # sent one after the other, in order, never both
    pairs = [(a, b) for a, b in zip(data[1:], data[2:]) if b["seqno"] == a["seqno"] + 1]
    assert pairs and not [b for a, b in pairs if a["tcp_flags"] & b["tcp_flags"] & pcap.PSH]
    acks = [x for x in _check(r, "r->a1", tmp_path)[0]]
    assert acks[0]["tcp_flags"] == pcap.SYN | pcap.ACK and {x["tcp_flags"] for x in acks[1:]} == {pcap.ACK}
    # ns-2's senders mark no PSH
    d = one_to_many("T3", scheme="newreno", duration_s=1).to_dict()
    d["monitor"]["capture"] = ["R1->R2"]
    rows = satcc.run(d).packets.to_pylist()
    assert rows and all(not x["tcp_flags"] & pcap.PSH for x in rows)


def test_the_cli_writes_the_pcap_and_refuses_an_uncaptured_link(tmp_path):
    out = tmp_path / "o"
    p = subprocess.run([sys.executable, "-m", "satcc.cli", "run", "leo-chain", "--out", str(out), "--duration", "2",
                        "--no-plots", "--pcap", "S1->S2"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert "pcap: " in p.stdout and len(_tshark(out / "S1_to_S2.pcap")) > 0
    p = subprocess.run([sys.executable, "-m", "satcc.cli", "run", "leo-chain", "--out", str(out), "--duration", "2",
                        "--no-plots", "--pcap", "S1->S9"], capture_output=True, text=True)
    assert p.returncode == 2 and "monitor.capture" in p.stderr and "Traceback" not in p.stderr


def test_ecn_shows_as_wireshark_reads_it(tmp_path):
    """An ECN flow (tcp.ecn) through a marking RED queue: the IP ECN field (ECT(0), CE)
    and the TCP flags (the ECN-setup SYN's ECE and CWR, the echo's ECE, the sender's
    CWR) as tshark decodes them, field by field as the packets table has them."""
    red = {"type": "red", "limit_pkts": 100, "min_th_pkts": 5, "max_th_pkts": 15, "w_q": 0.02, "ecn": True}
    sc = {"name": "ecn-pcap", "duration_s": 6, "seed": 3, "nodes": [{"name": n} for n in ("s", "r1", "r2", "d")],
          "links": [{"a": "s", "b": "r1", "rate_bps": 100e6, "delay_ms": 1.0},
                    {"a": "r1", "b": "r2", "rate_bps": 10e6, "delay_ms": 30.0, "queue": red},
                    {"a": "r2", "b": "d", "rate_bps": 100e6, "delay_ms": 1.0}],
          "flows": [{"name": f"f{i}", "src": "s", "dst": "d", "start_s": 0.1 * i} for i in range(3)],
          "tcp": {"rwnd_pkts": 200, "ecn": True}, "monitor": {"capture": ["r2->d", "d->r2"]}}
    result = satcc.run(sc)
    for link in ("r2->d", "d->r2"):
        _check(result, link, tmp_path)
    out = subprocess.run([TSHARK, "-r", str(tmp_path / "x.pcap"), "-T", "fields", "-e", "tcp.flags.ece"],
                         capture_output=True, text=True, check=True).stdout.split()
    assert sum(v in ("1", "True") for v in out) > 3, "ACKs echoing marks, as tshark reads the ECE flag"
    pcap.write(result, "r2->d", tmp_path / "d.pcap")
    fields = ["ip.dsfield.ecn", "tcp.flags.cwr", "tcp.flags.syn"]
    rows = [line.split("\t") for line in subprocess.run(
        [TSHARK, "-r", str(tmp_path / "d.pcap"), "-T", "fields", "-E", "separator=\t", *sum((["-e", f] for f in fields), [])],
        capture_output=True, text=True, check=True).stdout.splitlines()]
    ecn = [int(r[0]) for r in rows]
    assert {2, 3} <= set(ecn), "ECT(0) and CE"
    assert sum(r[1] in ("1", "True") for r in rows) > 3, "CWR after the window cuts"
    assert all(r[1] in ("1", "True") and int(r[0]) == 0 for r in rows if r[2] in ("1", "True")), "the ECN-setup SYN"


def test_tshark_reads_a_udp_flows_datagrams_from_the_pcap(tmp_path):
    import json

    from test_udp import CBR, _scenario

    sc = {**_scenario(CBR, monitor={"capture": ["r->b"]}), "duration_s": 1.0}
    (tmp_path / "s.json").write_text(json.dumps(sc))
    r = subprocess.run([sys.executable, "-m", "satcc.cli", "run", str(tmp_path / "s.json"), "--out",
                        str(tmp_path / "o"), "--pcap", "r->b", "--no-plots"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    pcap = next((tmp_path / "o").glob("*.pcap"))
    out = subprocess.run([TSHARK, "-r", str(pcap), "-Y", "udp", "-o", "ip.check_checksum:TRUE", "-T", "fields",
                          "-e", "frame.len", "-e", "udp.length", "-e", "udp.srcport", "-e", "udp.dstport",
                          "-e", "ip.checksum.status"], capture_output=True, text=True, check=True).stdout
    rows = [line.split("\t") for line in out.splitlines()]
    # every datagram of 500 bytes, its UDP length without the IP header, ports of flow 1
    # and the receiver, its IP checksum good (1)
    assert len(rows) > 100 and {tuple(x) for x in rows} == {("500", "480", "10001", "5001", "1")}
