"""ns-2's other one-way agents as controllers: `cc: tahoe` (Agent/TCP) and `cc: vegas`
(Agent/TCP/Vegas). Checked against ns-2 count for count on random networks
(tests/test_ns2_exact.py, networks 5000 and 6000 on); here their settings, errors,
export and what sets them apart."""

import json
import subprocess
import sys

import pytest

import satcc
from satcc import ScenarioError, ns2


def dumbbell(cc: str, tcp: dict | None = None, duration_s: float = 8.0) -> dict:
    return {
        "name": cc, "duration_s": duration_s, "seed": 2,
        "nodes": [{"name": n} for n in ("s", "r1", "r2", "d")],
        "links": [
            {"a": "s", "b": "r1", "rate_bps": 100e6, "delay_ms": 1.0},
            {"a": "r1", "b": "r2", "rate_bps": 5e6, "delay_ms": 40.0, "queue": {"type": "droptail", "limit_pkts": 20}},
            {"a": "r2", "b": "d", "rate_bps": 100e6, "delay_ms": 1.0},
        ],
        "flows": [{"name": f"f{i}", "src": "s", "dst": "d", "cc": cc, "start_s": 0.2 * i} for i in range(3)],
        "tcp": {"rwnd_pkts": 64, **(tcp or {})},
    }


@pytest.mark.parametrize("cc", ["tahoe", "vegas"])
def test_the_agents_run_recover_and_export_as_ns2_s(cc):
    # a bottleneck of 10 packets: Vegas, its window started at 1 (ns-2's syn_) and grown
    # by its delay rule, loses none in 20
    d = dumbbell(cc)
    d["links"][1]["queue"]["limit_pkts"] = 10
    s = satcc.run(d).summary
    assert sum(f["retransmits"] for f in s["flows"]) > 0, "losses are recovered"
    assert s["totals"]["goodput_mbps"] > 3.0
    agent = {"tahoe": "Agent/TCP", "vegas": "Agent/TCP/Vegas"}[cc]
    assert ns2.to_tcl(dumbbell(cc)).count(f"[new {agent}]") == 3


@pytest.mark.parametrize("cc", ["tahoe", "vegas"])
def test_the_agents_refuse_sack_by_name(cc):
    with pytest.raises(ScenarioError, match=rf"tcp.sack: '{cc}' \(Agent/TCP[/a-zA-Z]*\) has no SACK recovery"):
        satcc.run(dumbbell(cc, {"sack": True}))


def test_vegas_sends_bare_segments_and_validate_says_so(tmp_path):
    # ns-2's Vegas output() sends packetSize_ bytes: no SYN, no header, whatever the flags
    s = satcc.run(dumbbell("vegas")).summary
    data = next(l for l in s["links"] if l["name"] == "s->r1")
    assert data["departed_bytes"] == 1000 * data["departed_pkts"]
    assert all(f["syn_pkts_sent"] == 0 for f in s["flows"])
    reno = next(l for l in satcc.run(dumbbell("reno")).summary["links"] if l["name"] == "s->r1")
    assert reno["departed_bytes"] > 1000 * reno["departed_pkts"], "the same table gives Reno its headers"
    p = tmp_path / "v.json"
    p.write_text(json.dumps(dumbbell("vegas")))
    out = subprocess.run([sys.executable, "-m", "satcc.cli", "validate", str(p)], capture_output=True, text=True)
    assert out.returncode == 0 and "vegas (Agent/TCP/Vegas) sends no SYN and no headers" in out.stderr
    p.write_text(json.dumps(dumbbell("vegas", {"syn": False, "use_headers": False})))
    out = subprocess.run([sys.executable, "-m", "satcc.cli", "validate", str(p)], capture_output=True, text=True)
    assert out.returncode == 0 and "Vegas" not in out.stderr


def test_tahoe_is_not_reno_and_vegas_is_neither():
    runs = {cc: [f["retransmits"] for f in satcc.run(dumbbell(cc)).summary["flows"]] for cc in ("tahoe", "reno", "vegas")}
    assert runs["tahoe"] != runs["reno"] and runs["vegas"] != runs["reno"]


def test_vegas_thresholds_are_settings_and_export_as_ns2_s_variables():
    # ns-2's v_alpha_, v_beta_, v_gamma_ as vegas_alpha, _beta, _gamma (networks of
    # tests/test_ns2_exact.py run ns-2's defaults; 40 of them with drawn thresholds gave
    # ns-2's counters in both simulators when written)
    d = dumbbell("vegas", {"vegas_alpha": 4, "vegas_beta": 8, "vegas_gamma": 3})
    tcl = ns2.to_tcl(d)
    assert tcl.count("set v_alpha_ 4") == 3 and tcl.count("set v_beta_ 8") == 3 and tcl.count("set v_gamma_ 3") == 3
    assert "v_alpha_" not in ns2.to_tcl(dumbbell("reno")), "only the controller that reads them"
    a = [f["data_pkts_acked"] for f in satcc.run(d).summary["flows"]]
    b = [f["data_pkts_acked"] for f in satcc.run(dumbbell("vegas")).summary["flows"]]
    assert a != b
    with pytest.raises(ScenarioError, match="vegas_beta"):
        satcc.run(dumbbell("vegas", {"vegas_beta": -1}))


def test_the_settings_a_vegas_flow_runs_with_have_no_syn_and_no_headers():
    # what the ns-2 comparisons and the pcap writer read (schema.tcp_settings): the
    # core's effective settings, so that a Vegas flow written with syn true counts its
    # segment 0 as data as ns-2's Vegas does
    from satcc import schema
    d = dumbbell("vegas")
    t = schema.tcp_settings(d, d["flows"][0])
    assert (t["syn"], t["use_headers"]) == (False, False)
    assert schema.tcp_settings(dumbbell("reno"), dumbbell("reno")["flows"][0])["syn"] is True
    raw = {"flows": [{"name": f"f{i}", "ack": 99, "ndatapack": 120, "nrexmitpack": 3, "nrexmit": 0} for i in range(3)],
           "links": []}
    from satcc.dev import ns2exact
    assert ns2exact.counters_from_ns2(d, raw)["flows"]["f0"][0] == 100, "segment 0 is data: ack_ 99 is 100 segments"
