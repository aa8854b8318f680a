"""ECN as ns-2 2.35 runs it: RED queues that mark (`queue.ecn`, `mark_p`: setbit_,
mark_p_) and senders with `tcp.ecn` (ecn_) of ns-2's Tahoe, Reno and NewReno agents.
Checked against ns-2 count for count on random networks (tests/test_ns2_exact.py,
networks 7000 on); here the settings, their errors, the summary's counts, the export
and what ECN changes in a run."""

import pytest

import satcc
from satcc import ScenarioError, ns2, registry


def dumbbell(cc: str = "newreno", ecn: bool = True, queue_ecn: bool = True, tcp: dict | None = None,
             duration_s: float = 20.0, flows: int = 4) -> dict:
    red = {"type": "red", "limit_pkts": 100, "min_th_pkts": 5, "max_th_pkts": 15, "w_q": 0.02, "ecn": queue_ecn}
    return {
        "name": "ecn", "duration_s": duration_s, "seed": 3,
        "nodes": [{"name": n} for n in ("s", "r1", "r2", "d")],
        "links": [
            {"a": "s", "b": "r1", "rate_bps": 100e6, "delay_ms": 1.0},
            {"a": "r1", "b": "r2", "rate_bps": 10e6, "delay_ms": 30.0, "queue": red},
            {"a": "r2", "b": "d", "rate_bps": 100e6, "delay_ms": 1.0},
        ],
        "flows": [{"name": f"f{i}", "src": "s", "dst": "d", "cc": cc, "start_s": 0.1 * i} for i in range(flows)],
        "tcp": {"rwnd_pkts": 200, "ecn": ecn, **(tcp or {})},
    }


def bottleneck(summary: dict) -> dict:
    return next(link for link in summary["links"] if link["name"] == "r1->r2")


ECN_CCS = [c["name"] for c in registry.controllers() if c["ecn"]]


def test_the_registry_names_ns2_s_three_agents_as_the_ecn_senders():
    assert sorted(ECN_CCS) == sorted(c["name"] for c in registry.controllers()
                                     if c["ns2_agent"] in ("Agent/TCP", "Agent/TCP/Reno", "Agent/TCP/Newreno"))


@pytest.mark.parametrize("cc", ECN_CCS)
def test_marks_replace_early_drops_and_the_senders_respond(cc):
    with_ecn = satcc.run(dumbbell(cc)).summary
    without = satcc.run(dumbbell(cc, ecn=False)).summary
    b, b0 = bottleneck(with_ecn), bottleneck(without)
    assert b["ecn_marks"] > 50
    assert b0["ecn_marks"] == 0, "a marking queue marks only ECN-capable packets"
    # what remains are drops in slow start's overshoot, where the average passes max_th
    # and the drop probability mark_p (use_mark_p_: dropped, not marked)
    assert b["drops"] < b0["drops"] / 2, (b["drops"], b0["drops"])
    assert sum(f["ecn_responses"] for f in with_ecn["flows"]) > 20
    assert sum(f["retransmits"] for f in with_ecn["flows"]) < 0.7 * sum(f["retransmits"] for f in without["flows"])
    # the queue is held near the thresholds either way: the link stays busy
    assert with_ecn["totals"]["goodput_mbps"] > 0.9 * without["totals"]["goodput_mbps"]


def test_the_counts_appear_only_where_ecn_is_on():
    s = satcc.run(dumbbell(ecn=False, queue_ecn=False, duration_s=3)).summary
    assert all("ecn_responses" not in f for f in s["flows"])
    assert all("ecn_marks" not in link for link in s["links"])
    sc = dumbbell(duration_s=3)
    sc["flows"][0]["tcp"] = {"ecn": False}
    s = satcc.run(sc).summary
    assert "ecn_responses" not in s["flows"][0] and all("ecn_responses" in f for f in s["flows"][1:])
    # a link's queue is both directions' (the ACKs' direction marks nothing: ACKs are
    # not ECN-capable)
    marking = {link["name"]: link["ecn_marks"] for link in s["links"] if "ecn_marks" in link}
    assert set(marking) == {"r1->r2", "r2->r1"} and marking["r2->r1"] == 0


def test_ns2_s_sack1_agents_run_ecn_too():
    sack1 = {"sack": True, "sack_agent": "sack1"}
    with_ecn = satcc.run(dumbbell(tcp=sack1)).summary
    without = satcc.run(dumbbell(ecn=False, tcp=sack1)).summary
    assert bottleneck(with_ecn)["ecn_marks"] > 50 and sum(f["ecn_responses"] for f in with_ecn["flows"]) > 20
    assert bottleneck(with_ecn)["drops"] < bottleneck(without)["drops"] / 2
    assert ns2.to_tcl(dumbbell(tcp=sack1)).count("set ecn_ 1") == 4


def test_a_queue_without_ecn_drops_what_ecn_senders_send():
    s = satcc.run(dumbbell(queue_ecn=False)).summary
    assert "ecn_marks" not in bottleneck(s) and bottleneck(s)["drops"] > 20
    assert sum(f["ecn_responses"] for f in s["flows"]) == 0


def test_mark_p_sets_where_marks_give_way_to_drops():
    # a tiny mark_p: an early drop becomes a mark only while the drop probability is
    # below it, so most early drops stay drops
    def run(mark_p):
        sc = dumbbell()
        sc["links"][1]["queue"]["mark_p"] = mark_p
        return bottleneck(satcc.run(sc).summary)
    low, default = run(0.001), run(0.1)
    assert low["ecn_marks"] < default["ecn_marks"] / 3
    assert low["drops"] > default["drops"]


@pytest.mark.parametrize("cc", [c["name"] for c in registry.controllers() if not c["ecn"]][:6])
def test_other_controllers_refuse_ecn_by_name(cc):
    with pytest.raises(ScenarioError, match=rf"flows\[0\]\.tcp\.ecn: '{cc}' has no ECN response modelled "
                                            rf"\(allowed with ecn: {', '.join(ECN_CCS)}\)"):
        satcc.run(dumbbell(cc, flows=1, duration_s=1))


def test_ecn_refuses_sack_and_linux_settings_by_name():
    with pytest.raises(ScenarioError, match=r"tcp\.ecn: .*with sack, ns-2's Sack1 \(allowed with ecn: sack = false, "
                                            r"or sack_agent = 'sack1'\)"):
        satcc.run(dumbbell(tcp={"sack": True}, duration_s=1))
    with pytest.raises(ScenarioError, match=r"tcp\.ecn: .*with sack, ns-2's Sack1"):
        satcc.run(dumbbell(tcp={"stack": "linux"}, duration_s=1))
    with pytest.raises(ScenarioError, match=r"tcp\.ecn: .*tcp\.rto is a Linux setting \(allowed with ecn: its ns-2 value\)"):
        satcc.run(dumbbell(tcp={"rto": "linux"}, duration_s=1))
    with pytest.raises(ScenarioError, match=r"tcp\.ecn: .*tcp\.quick_ack is a Linux setting"):
        satcc.run(dumbbell(tcp={"quick_ack": True, "delayed_ack": True}, duration_s=1))


@pytest.mark.parametrize("bad", [0.0, -0.5, "high"])
def test_mark_p_is_checked_by_name(bad):
    sc = dumbbell(duration_s=1)
    sc["links"][1]["queue"]["mark_p"] = bad
    with pytest.raises(ScenarioError, match=r"links\[1\]\.queue.*mark_p|mark_p"):
        satcc.run(sc)


def test_a_mark_p_above_one_marks_every_early_drop():
    # ns-2's idiom mark_p_ 2.0 (red.h): every early drop of an ECN-capable packet is a
    # mark, also at a probability of 1 (the gentle region's top); until 2026-12-05 refused
    def responses_and_drops(mark_p):
        sc = dumbbell(duration_s=20)
        sc["links"][1]["queue"].update(mark_p=mark_p, min_th_pkts=2.0, max_th_pkts=4.0, w_q=0.5)
        s = satcc.run(sc).summary
        return sum(f["ecn_responses"] for f in s["flows"]), s["totals"]["packets"]["data_dropped"]
    low, high = responses_and_drops(0.1), responses_and_drops(2.0)
    assert low[1] > 0, "the setting is reached: drops past mark_p 0.1"
    assert high[0] > low[0] and high[1] < low[1], (low, high)


def test_the_export_sets_ns2_s_variables_only_where_a_scenario_uses_ecn():
    tcl = ns2.to_tcl(dumbbell())
    assert tcl.count("set ecn_ 1") == 4
    assert "Queue/RED set setbit_ true" in tcl and "Queue/RED set mark_p_ 0.1" in tcl
    assert tcl.count('\\"necnresponses\\": [$tcp(') == 4
    plain = ns2.to_tcl(dumbbell(ecn=False, queue_ecn=False))
    assert "ecn_" not in plain and "setbit_" not in plain and "mark_p_" not in plain and "necnresponses" not in plain
    # a RED queue after a marking one says it does not mark (setbit_ is a class default)
    sc = dumbbell()
    sc["links"][2]["queue"] = {"type": "red", "limit_pkts": 50}
    lines = ns2.to_tcl(sc).splitlines()
    assert [ln for ln in lines if "setbit_" in ln] == ["Queue/RED set setbit_ true"] * 2 + ["Queue/RED set setbit_ false"] * 2


def test_the_packets_table_and_pcap_show_rfc3168_s_flags():
    sc = dumbbell(duration_s=5)
    sc["monitor"] = {"capture": ["r1->r2", "r2->r1"]}
    r = satcc.run(sc)
    p = r.packets.to_pydict()
    rows = list(zip(p["link"], p["ack"], p["seqno"], p["tcp_flags"]))
    # the IP ECN field of the data: ECT(0), or CE where a queue marked it (the marks
    # happen at r1->r2's entry, so they show at its far end)
    ecn_field = [tos & 3 for link, ack, seq, tos in zip(p["link"], p["ack"], p["seqno"], p["tos"])
                 if link == "r1->r2" and not ack and seq > 0]
    assert set(ecn_field) == {2, 3}
    assert 0 < ecn_field.count(3) <= bottleneck(r.summary)["ecn_marks"], "those still on the wire at the end not seen"
    syn = [fl for link, ack, seq, fl in rows if link == "r1->r2" and not ack and seq == 0]
    assert syn and all(fl & 0xC2 == 0xC2 for fl in syn), "the ECN-setup SYN: SYN, ECE, CWR"
    synack = [fl for link, ack, seq, fl in rows if link == "r2->r1" and ack and seq == 0]
    assert synack and all(fl & 0x52 == 0x52 for fl in synack), "its answer: SYN, ACK, ECE"
    data = [fl for link, ack, seq, fl in rows if link == "r1->r2" and not ack and seq > 0]
    acks = [fl for link, ack, seq, fl in rows if link == "r2->r1" and ack and seq > 0]
    cwr, ece = sum(fl & 0x80 != 0 for fl in data), sum(fl & 0x40 != 0 for fl in acks)
    responses = sum(f["ecn_responses"] for f in r.summary["flows"])
    assert responses > 0 and cwr >= responses, (cwr, responses)
    assert ece > responses, "marks are echoed until CWR reaches the receiver"
    assert 0 < cwr < len(data) / 10 and ece < len(acks)


def test_satcc_schemes_names_the_controllers_that_take_ecn():
    import subprocess
    import sys
    out = subprocess.run([sys.executable, "-m", "satcc.cli", "schemes"], capture_output=True, text=True, check=True).stdout
    lines = out.splitlines()
    rows = {lines[i].split()[0]: lines[i + 1] for i in range(1, len(lines) - 1) if lines[i].startswith("  ") and
            not lines[i].startswith("    ") and lines[i].split()[0] in {c["name"] for c in registry.controllers()}}
    assert {n for n, detail in rows.items() if "ECN with tcp.ecn" in detail} == set(ECN_CCS)


@pytest.mark.parametrize("ecn,queue_ecn,says", [
    (True, False, "run tcp.ecn but no queue marks"),
    (False, True, "a RED queue has ecn: true but no flow runs tcp.ecn"),
    (True, True, None),
])
def test_validate_notes_ecn_with_one_side_missing(tmp_path, ecn, queue_ecn, says):
    import json
    import subprocess
    import sys
    p = tmp_path / "e.json"
    p.write_text(json.dumps(dumbbell(ecn=ecn, queue_ecn=queue_ecn)))
    out = subprocess.run([sys.executable, "-m", "satcc.cli", "validate", str(p)], capture_output=True, text=True)
    assert out.returncode == 0
    if says:
        assert says in out.stderr
    else:
        assert "ECN" not in out.stderr


@pytest.mark.parametrize("ecn,says", [
    (False, "a REM queue has ecn: true but no flow runs tcp.ecn: nothing is ECN-capable, and a marking REM drops "
            "nothing early"),
    (True, None),
])
def test_validate_counts_pi_and_rem_marks_as_marking_queues(tmp_path, ecn, says):
    import json
    import subprocess
    import sys
    d = dumbbell(ecn=ecn)
    d["links"][1]["queue"] = {"type": "rem", "ecn": True}
    d["links"][1]["b_to_a"] = {"queue": {"type": "pi", "ecn": True}}
    p = tmp_path / "e.json"
    p.write_text(json.dumps(d))
    out = subprocess.run([sys.executable, "-m", "satcc.cli", "validate", str(p)], capture_output=True, text=True)
    assert out.returncode == 0
    if says:
        assert says in out.stderr and "a PI queue has ecn: true" in out.stderr
    else:
        assert "ECN" not in out.stderr and "no queue marks" not in out.stderr
