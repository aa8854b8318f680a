"""SACK (RFC 2018 blocks, RFC 6675 recovery) and window scaling, end to end."""

import pytest

from satcc import Scenario, ScenarioError
from satcc import ns2


def slow_start_overshoot(sack, buf):
    # slow start into a small drop-tail buffer loses a burst of segments in one window:
    # NewReno repairs one per RTT (and times out), SACK repairs them all in one episode
    s = Scenario("sack", duration_s=10, seed=5, tcp={"rwnd_pkts": 1000, "sack": sack, "use_headers": False})
    s.node("a")
    s.node("b")
    s.link("a", "b", rate_bps=10e6, delay_ms=50, queue={"type": "droptail", "limit_pkts": buf})
    s.flow("a", "b")
    return s.run().summary["flows"][0]


@pytest.mark.parametrize("buf", [10, 40])
def test_sack_repairs_a_burst_of_losses_without_timeout(buf):
    nr = slow_start_overshoot(False, buf)
    sk = slow_start_overshoot(True, buf)
    assert nr["data_pkts_dropped"] > 10 and sk["data_pkts_dropped"] > 10
    assert nr["rto_count"] >= 1
    assert sk["rto_count"] == 0
    # each lost segment is sent again once: no go-back-N after a timeout
    assert sk["retransmits"] == sk["data_pkts_dropped"]
    assert nr["retransmits"] > 2 * nr["data_pkts_dropped"]
    assert sk["goodput_mbps"] > 1.3 * nr["goodput_mbps"]


def one_flow(window_scale):
    s = Scenario("ws", duration_s=30, seed=1,
                 tcp={"rwnd_pkts": 1000, "window_scale": window_scale, "use_headers": False})
    s.node("a")
    s.node("b")
    s.link("a", "b", rate_bps=10e6, delay_ms=50, queue={"type": "droptail", "limit_pkts": 1000})
    s.flow("a", "b")
    return s.run().summary["flows"][0]


def test_without_window_scaling_the_window_is_capped_at_64_kbytes():
    # 65535 B / 1000 B = 65 packets per 100 ms round trip = 5.2 Mb/s
    capped = one_flow(False)
    assert capped["throughput_mbps"] == pytest.approx(65 * 8000 / 0.1016 / 1e6, rel=0.05)
    assert one_flow(True)["throughput_mbps"] > 9.0


def test_sack_must_be_boolean():
    s = Scenario("bad", duration_s=1, tcp={"sack": "yes"})
    s.node("a")
    s.node("b")
    s.link("a", "b", rate_bps=1e6, delay_ms=1)
    s.flow("a", "b")
    with pytest.raises(ScenarioError, match="sack"):
        s.run()


def test_ns2_export_refuses_sack():
    s = Scenario("x", duration_s=1, tcp={"sack": True})
    s.node("a")
    s.node("b")
    s.link("a", "b", rate_bps=1e6, delay_ms=1)
    s.flow("a", "b")
    with pytest.raises(ScenarioError, match="sack"):
        ns2.to_tcl(s.to_dict())
