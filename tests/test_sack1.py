"""`tcp.sack_agent: sack1`: ns-2 2.35's Agent/TCP/Sack1 with Agent/TCPSink/Sack1, as ns-2
runs them (tcp/sack1.rs). Checked against ns-2 count for count on random networks
(tests/test_ns2_exact.py, networks 4000 on) and drop for drop on seed 003's GEO dumbbell
(tests/test_ns2_differential.py, geo-sack1-ber1e-6); here the settings, their errors, the
export and what sets the agents apart."""

import subprocess
import sys

import pytest

import satcc
from satcc import ScenarioError, ns2


def dumbbell(tcp: dict, cc: str = "newreno", duration_s: float = 8.0, per: float = 0.01) -> dict:
    return {
        "name": "sack1", "duration_s": duration_s, "seed": 4,
        "nodes": [{"name": n} for n in ("s", "r1", "r2", "d")],
        "links": [
            {"a": "s", "b": "r1", "rate_bps": 100e6, "delay_ms": 1.0},
            {"a": "r1", "b": "r2", "rate_bps": 5e6, "delay_ms": 40.0,
             "queue": {"type": "droptail", "limit_pkts": 25}, "a_to_b": {"error": {"type": "per", "per": per}}},
            {"a": "r2", "b": "d", "rate_bps": 100e6, "delay_ms": 1.0},
        ],
        "flows": [{"name": f"f{i}", "src": "s", "dst": "d", "cc": cc, "start_s": 0.1 * i} for i in range(3)],
        "tcp": {"rwnd_pkts": 64, **tcp},
        "monitor": {"capture": ["r2->r1"]},
    }


SACK1 = {"sack": True, "sack_agent": "sack1"}


def test_sack1_acks_are_8_bytes_longer_per_block_and_carry_at_most_three():
    # the ACK path r2->r1 carries ACKs only: 40 bytes each, plus 8 per SACK block (ns-2's
    # Sacker: ch->size() += 8 * blocks); satcc's own SACK keeps ns-2 TCPSink's 40
    def ack_bytes(tcp):
        s = satcc.run(dumbbell(tcp)).summary
        link = next(l for l in s["links"] if l["name"] == "r2->r1")
        return link["departed_bytes"], link["departed_pkts"], s
    extra = []
    for tcp in (SACK1, {"sack": True}):
        b, n, s = ack_bytes(tcp)
        assert sum(f["fast_retransmits"] for f in s["flows"]) > 0, "recoveries happen"
        extra.append(b - 40 * n)
        assert 0 <= b - 40 * n <= 24 * n and (b - 40 * n) % 8 == 0
    assert extra[0] > 0 and extra[1] == 0


def test_sack1_is_not_rfc6675():
    a = satcc.run(dumbbell(SACK1)).summary
    b = satcc.run(dumbbell({"sack": True})).summary
    assert [f["retransmits"] for f in a["flows"]] != [f["retransmits"] for f in b["flows"]]
    assert all(f["rto_undone"] == 0 for f in a["flows"]), "Sack1's sink sends no D-SACK"


def test_sack1_runs_are_deterministic():
    assert satcc.run(dumbbell(SACK1)).summary_json == satcc.run(dumbbell(SACK1)).summary_json


@pytest.mark.parametrize("tcp,cc,needle", [
    ({"sack_agent": "sack1"}, "newreno", r"sack_agent: 'sack1' needs .*sack = true"),
    ({**SACK1, "quick_ack": True, "delayed_ack": True}, "newreno", r"sack_agent: 'sack1' .*quick_ack is a Linux setting"),
    ({**SACK1, "stack": "linux"}, "newreno", r"sack_agent: 'sack1' .*\(set by stack: linux\)"),
    (SACK1, "cubic", r"sack_agent: 'sack1' is ns-2's Sack1 agent, not with 'cubic'"),
    ({"sack": True, "sack_agent": "sack2"}, "newreno", r"sack_agent.*rfc6675.*sack1"),
])
def test_bad_sack1_settings_are_refused_by_name(tcp, cc, needle):
    with pytest.raises(ScenarioError, match=needle):
        satcc.run(dumbbell(tcp, cc=cc))


def test_the_cli_names_the_setting():
    import json
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(dumbbell({"sack_agent": "sack1"}), f)
    p = subprocess.run([sys.executable, "-m", "satcc.cli", "validate", f.name], capture_output=True, text=True)
    assert p.returncode != 0 and "sack_agent" in p.stderr and "Traceback" not in p.stderr


def test_sack1_flows_export_as_ns2_s_sack1_and_rfc6675_flows_do_not():
    d = dumbbell(SACK1)
    tcl = ns2.to_tcl(d)
    assert tcl.count("[new Agent/TCP/Sack1]") == 3 and tcl.count("[new Agent/TCPSink/Sack1]") == 3
    with pytest.raises(ScenarioError, match=r"sack_agent 'rfc6675'.*sack_agent = 'sack1'"):
        ns2.to_tcl(dumbbell({"sack": True}))
