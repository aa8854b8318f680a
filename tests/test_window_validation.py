"""Congestion window validation (RFC 2861) as ns-2's QOption_ 1 runs it
(`tcp.window_validation`, tcp/window_validation.rs). Checked against ns-2 by
ns2/scripts/window_validation.tcl (five controls) and networks 68000-68099 of
`python -m satcc.dev.ns2exact`; here what it does to a run, and the export."""

import copy

import satcc
from satcc import ns2


def bursty(validate: bool) -> dict:
    # a Reno sender whose application sends in bursts with idle periods of seconds,
    # longer than its timeout, over a path whose window it has learnt
    return {
        "name": "cwv", "duration_s": 30.0, "seed": 5,
        "nodes": [{"name": n} for n in ("s", "r", "d")],
        "links": [{"a": "s", "b": "r", "rate_bps": 10e6, "delay_ms": 5.0},
                  {"a": "r", "b": "d", "rate_bps": 2e6, "delay_ms": 40.0, "queue": {"type": "droptail", "limit_pkts": 30}}],
        "flows": [{"name": "f", "src": "s", "dst": "d", "cc": "reno",
                   "traffic": {"type": "exponential", "mean_on_s": 1.0, "mean_off_s": 3.0, "rate_bps": 3e6,
                               "packet_size_bytes": 1000}}],
        "tcp": {"rwnd_pkts": 100, "window_validation": validate},
        "monitor": {"flow_traces": True},
    }


def test_a_window_kept_through_an_idle_period_is_cut_when_sending_resumes():
    on = satcc.run(bursty(True)).flows.to_pylist()
    off = satcc.run(bursty(False)).flows.to_pylist()
    # the idle stretches: two seconds and more without a new segment delivered, once
    # sending has begun
    idle = []
    start = 0
    for k in range(1, len(on)):
        if on[k]["seqno"] != on[k - 1]["seqno"]:
            if on[k - 1]["time_s"] - on[start]["time_s"] >= 2.0 and on[start]["seqno"] > 10:
                idle.append((start, k))
            start = k
    assert len(idle) >= 2
    for a, b in idle:
        mid = (a + b) // 2
        # validation cancels the timer once all is acknowledged: the window stays; without
        # it the timer runs out with nothing outstanding and restarts the window at one
        assert on[mid]["cwnd_pkts"] >= 10 and off[mid]["cwnd_pkts"] == 1.0, (on[mid], off[mid])
        # the first send after it cuts the window once per timeout of idle time
        assert on[b]["cwnd_pkts"] <= on[mid]["cwnd_pkts"] / 4, (on[mid], on[b])
    assert satcc.run(bursty(True)).flows.to_pylist() == on


def test_the_export_sets_qoption():
    tcl = ns2.to_tcl(bursty(True)).splitlines()
    assert any(line.endswith("set QOption_ 1") for line in tcl)
    assert not any("QOption_" in line for line in ns2.to_tcl(bursty(False)).splitlines())
