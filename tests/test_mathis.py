"""One long NewReno flow over a random-loss link follows the Mathis et al. formula
B = (MSS / RTT) * sqrt(3 / (2p)) within 20 % for p from 1e-4 to 1e-2."""

import math

import pytest

from satcc import Scenario

RTT_S = 0.1


def run_one(p):
    # enough loss events (a few hundred) for the average to settle
    duration = min(4000.0, 400.0 / (p * 1000.0))
    s = Scenario("mathis", duration_s=duration, seed=3,
                 tcp={"rwnd_pkts": 100000, "packet_size_bytes": 1000, "use_headers": False})
    s.node("a")
    s.node("b")
    s.link("a", "b", rate_bps=1e9, delay_ms=RTT_S * 500, queue={"type": "droptail", "limit_pkts": 100000},
           a_to_b={"error": {"type": "per", "per": p}})
    s.flow("a", "b")
    s.monitor(links=["a->b"], flow_traces=False)
    return s.run().summary["flows"][0]


@pytest.mark.parametrize("p", [1e-4, 3e-4, 1e-3, 3e-3, 1e-2])
def test_mathis(p):
    f = run_one(p)
    rtt = RTT_S + 2 * 8000 / 1e9
    predicted = 1000 * 8 / rtt * math.sqrt(1.5 / p) / 1e6
    # the link really lost packets at rate p (binomial, within 4 standard deviations)
    n = f["data_pkts_sent"]
    assert abs(f["loss_rate"] - p) < 4 * math.sqrt(p * (1 - p) / n)
    assert f["goodput_mbps"] == pytest.approx(predicted, rel=0.20)
