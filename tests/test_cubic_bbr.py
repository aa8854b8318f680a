"""CUBIC and BBR (issue 19): satcc's against Linux's own (numbers recorded by
`sudo python -m satcc.dev.linuxref record` and committed in tests/data/linux_ref, so
that no Linux is needed here), and the machinery they brought: pacing, delay steps,
T-REFWA's RTT code for any sender."""

from __future__ import annotations

import copy
import functools
import json
import statistics
from pathlib import Path

import pytest

import satcc
from satcc.dev import linuxref as L

REF = json.loads((Path(__file__).parent / "data" / "linux_ref" / "reference.json").read_text())
SEEDS = L.SATCC_SEEDS


@functools.lru_cache(maxsize=None)
def _satcc(key: str) -> dict:
    name, ccs = key.split("/")[0], tuple(key.split("/")[1].split("+"))
    runs = [L.measure(name, ccs, *L.run_satcc(name, ccs, REF["duration_s"], s)) for s in range(1, SEEDS + 1)]
    return L.summarize(runs)


def _close(ours, linux, rel, what):
    assert ours is not None and linux is not None, f"{what}: satcc {ours}, Linux {linux}"
    assert abs(ours - linux) <= rel * abs(linux), f"{what}: satcc {ours:.4g}, Linux {linux:.4g} (tolerance {rel:.0%})"


@pytest.mark.parametrize("key", sorted(REF["cases"]))
def test_throughput_is_linuxs_within_10_percent(key):
    """Every flow's goodput of every case, mean over runs, within 10 % of Linux's (10 runs
    each, or more where its mean needs them: the test below)."""
    ours, lin = _satcc(key), REF["cases"][key]["summary"]
    for flow, g in lin["goodput_mbps"].items():
        if (key, flow) in GOODPUT_NOT_YET:  # still apart (below), or this test must take it back
            assert abs(ours["goodput_mbps"][flow]["mean"] - g["mean"]) > 0.10 * g["mean"], (
                f"{key} {flow} goodput now within 10 %: take it out of GOODPUT_NOT_YET")
            continue
        _close(ours["goodput_mbps"][flow]["mean"], g["mean"], 0.10, f"{key} {flow} goodput (Mb/s)")


def test_linuxs_goodput_means_are_known_to_half_the_tolerance():
    """The 10 % above compares means: each Linux goodput's mean must be known better than
    that, its standard error at most 5 % of it (half the tolerance). Ten runs give that for
    most flows; a case whose flows' split varies more from run to run has more runs
    (two-rtt/bbr: sd 1.97 Mb/s of 6.91 over ten runs, 9 %; recorded again with 40,
    `linuxref record --cases two-rtt/bbr --runs 40`). And every case has at least the
    issue's ten."""
    for key, entry in REF["cases"].items():
        assert len(entry["runs"]) >= 10, key
        for flow, g in entry["summary"]["goodput_mbps"].items():
            se = g["sd"] / g["n"] ** 0.5
            assert se <= 0.05 * g["mean"], f"{key} {flow}: standard error {se:.3g} of {g['mean']:.3g} Mb/s ({g['n']} runs)"


def test_cubic_window_after_a_loss_its_k_and_hystart_exit_are_linuxs():
    """One CUBIC flow, 20 Mb/s, 100 ms, one BDP: the window after a loss (ssthresh / W_max)
    and K (fitted to the window's growth, L.fit_cubic_k) within 10 %; HyStart's exit
    window within 20 %."""
    key = "one-1bdp/cubic"
    ours, lin = _satcc(key)["flows"]["f0"], REF["cases"][key]["summary"]["flows"]["f0"]
    _close(ours["after_loss_ratio"]["mean"], lin["after_loss_ratio"]["mean"], 0.10, "window after a loss / W_max")
    _close(ours["k_s"]["mean"], lin["k_s"]["mean"], 0.10, "K (s)")
    assert lin["hystart_exits"] >= 5, "Linux's runs left slow start by HyStart"
    assert ours["hystart_exits"] >= 5, ours
    _close(ours["hystart_exit_cwnd"]["mean"], lin["hystart_exit_cwnd"]["mean"], 0.20, "HyStart's exit window")


def test_bbr_probe_rtt_is_linuxs():
    """One BBR flow: PROBE_RTT first entered 10 s after the minimum RTT was set (within
    10 %), for 200 ms and a round (within 10 %)."""
    key = "one-1bdp/bbr"
    ours, lin = _satcc(key)["flows"]["f0"], REF["cases"][key]["summary"]["flows"]["f0"]
    _close(ours["probe_rtt_first_s"]["mean"], lin["probe_rtt_first_s"]["mean"], 0.10, "first PROBE_RTT (s)")
    _close(ours["probe_rtt_length_s"]["mean"], lin["probe_rtt_length_s"]["mean"], 0.10, "PROBE_RTT length (s)")


@pytest.mark.parametrize("key", [k for k in sorted(REF["cases"]) if k.startswith("mix")])
def test_bbr_share_against_cubic_is_linuxs_within_0_1(key):
    ours, lin = _satcc(key), REF["cases"][key]["summary"]
    assert abs(ours["bbr_share"]["mean"] - lin["bbr_share"]["mean"]) <= 0.1, (ours["bbr_share"], lin["bbr_share"])


# The issue's tolerance for each measure of every case, relative to Linux's mean.
TOLERANCE = {"goodput (Mb/s)": 0.10, "window after a loss / W_max": 0.10, "K (s)": 0.10,
             "HyStart exit window (packets)": 0.20, "first PROBE_RTT (s)": 0.10, "PROBE_RTT length (s)": 0.10,
             "PROBE_RTT interval (s)": 0.10}

# Measures outside their tolerance today, with what we know of why (the reference as
# re-recorded on 2026-11-26, after the emulation's clock fix, and re-read on 2026-11-27 with K
# fitted to the window's growth, L.fit_cubic_k; satcc's side over
# L.SATCC_SEEDS seeds, with the hosts' measured timing as link jitter, L.satcc_case);
# docs/cubic-bbr.md has the figures. The issue stays open on them.
MEASURES_NOT_YET = {
    ("one-1bdp/bbr", "f0", "PROBE_RTT interval (s)"): "Linux 15.1 +- 2.5 s, satcc 12.5 (12.8 before the receivers' first rcv_ssthresh, 11.6 before a burst held "
        "only contiguous segments of one kind and the initial window went unpaced, 2026-11-27): both leave PROBE_RTT "
        "with a minimum RTT one segment above a lone segment's (TSO deferral, test_probe_rtt_leaves_bbrs_minimum_"
        "rtt_where_linuxs_tso_deferral_leaves_it); Linux's minimum then keeps falling, by tens of microseconds "
        "and at times by 0.2-0.5 ms (a lone segment's RTT), each fall restarting the 10 s filter "
        "(tests/data/linux_ref/bbr_min_rtt.json: intervals 10.7 to 29.5 s). The larger falls follow ACKs of 3+ "
        "segments after stalls of the emulation or the receiving host (`linuxref stalls`; docs/cubic-bbr.md), which "
        "satcc's receivers do not have; BBR's own rule for PROBE_RTT's timing agrees (test_probe_rtt_comes_ten_"
        "seconds_after_its_trigger_and_lasts_as_long_as_on_linux). The hosts' measured timing as link jitter gives "
        "satcc's some of the microsecond falls (10.3 s without it)",
}

# Goodputs outside the issue's 10 %, the same way.
GOODPUT_NOT_YET: dict = {}


def _comparisons():
    """(case, flow, measure, satcc's mean, Linux's mean) for every measure both have."""
    out = []
    for key, entry in REF["cases"].items():
        ccs = tuple(key.split("/")[1].split("+"))
        lin, ours = entry["summary"], _satcc(key)
        for flow in lin["goodput_mbps"]:
            for label, get in L.ROWS[flow if flow in L.ROWS else ccs[0]]:
                lv, sv = get(lin, flow), get(ours, flow)
                if lv and sv:
                    out.append((key, flow, label, sv["mean"], lv["mean"]))
    return out


def test_every_other_measure_of_every_case_is_within_the_issues_tolerance():
    """Each case's window after a loss, K, HyStart's exit and PROBE_RTT timing (and
    goodput) as the issue asks: within 10 % of Linux's (HyStart 20 %), except the
    measures listed as not yet, each with its reason."""
    bad = [f"{k} {f} {m}: satcc {s:.4g}, Linux {lv:.4g}" for k, f, m, s, lv in _comparisons()
           if (k, f, m) not in MEASURES_NOT_YET and not (m == "goodput (Mb/s)" and (k, f) in GOODPUT_NOT_YET)
           and abs(s - lv) > TOLERANCE[m] * abs(lv)]
    assert not bad, bad


def test_the_flows_of_a_linux_case_start_as_satccs_runs_start_them():
    """satcc's runs of a case start the flows as far apart as the committed Linux packet
    trace has them (L.START_JITTER_S): both SYNs enter the network at the same instant
    (their first arrivals, less each access link's delay and the SYN's transmission).
    That trace predates the emulation's clock fix (the SYNs waited in their TUN devices
    for the loop to start); with it the senders' connect() calls come 0.15-0.37 ms apart,
    which satcc's runs do not follow yet (docs/cubic-bbr.md)."""
    d = Path(__file__).parent / "data" / "linux_ref" / "trace_two_rtt_bbr"
    import pyarrow.parquet as pq

    sc = json.loads((d / "scenario.json").read_text())
    links = {f"{l['a']}->{l['b']}": l for l in sc["links"]}
    sent = []
    for f in sc["flows"]:
        syn = min((p for p in pq.read_table(d / "packets.parquet").to_pylist()
                   if p["flow"] == f["name"] and not p["ack"] and p["link"] == f"{f['src']}->r"),
                  key=lambda p: p["time_s"])
        link = links[syn["link"]]
        sent.append(syn["time_s"] - link["delay_ms"] / 1e3 - 8.0 * 60 / link["rate_bps"])
    assert len(sent) == 2 and abs(abs(sent[0] - sent[1]) - L.START_JITTER_S) <= 1e-6, (sent, L.START_JITTER_S)


def test_the_measures_not_yet_within_tolerance_are_still_apart():
    got = {(k, f, m): (s, lv) for k, f, m, s, lv in _comparisons()}
    for key in MEASURES_NOT_YET:
        assert key in got, f"{key}: no longer measured on both sides"
        s, lv = got[key]
        assert abs(s - lv) > TOLERANCE[key[2]] * abs(lv), f"{key} now within tolerance ({s:.4g} vs {lv:.4g}): assert it"


def test_host_turnaround_is_measured_from_ack_delivery_to_the_first_segment_it_answers_with():
    """linuxref host-timing's measure on a made-up capture: a host link of 1 ms and
    1 Gb/s; each ACK reaches the host at t and the host's first segment enters the link
    d later (the packets table has it at the far end: + 12 us + 1 ms); a second segment
    queued behind the first, and a segment sent after the next ACK, are not counted."""
    txt = 8.0 * 1500 / 1e9
    pk = []
    for k, d in enumerate([5e-6, 7e-6, 40e-6]):
        t = 0.1 * (k + 1)
        pk.append({"link": "r->a", "ack": True, "time_s": t, "payload_bytes": 0})
        pk.append({"link": "a->r", "ack": False, "time_s": t + d + txt + 1e-3, "payload_bytes": 1448})
        pk.append({"link": "a->r", "ack": False, "time_s": t + d + 2 * txt + 1e-3, "payload_bytes": 1448})
    got = L.turnarounds(pk, "a->r", "r->a", 1e-3, 1e9)
    assert [round(x * 1e6, 3) for x in got] == [5.0, 7.0, 40.0]
    ref = json.loads((L.REF_DIR / "host_timing.json").read_text())
    assert ref["samples"] >= 1000 and ref["turnaround_us"]["median"] < ref["turnaround_us"]["p99"]


def test_trace_compare_counts_sent_resent_and_dropped_per_half_second():
    """linuxref trace-compare's count on a made-up capture: segment 7 sent at 0.1 s and
    dropped, sent again at 0.6 s; segment 8 at 0.2 s; another flow's and ACKs ignored."""
    pk = [{"flow": "f", "ack": False, "link": "a->r", "payload_bytes": 1448, "seqno": 7, "time_s": 0.1},
          {"flow": "f", "ack": False, "link": "a->r", "payload_bytes": 1448, "seqno": 8, "time_s": 0.2},
          {"flow": "f", "ack": False, "link": "a->r", "payload_bytes": 1448, "seqno": 7, "time_s": 0.6},
          {"flow": "f", "ack": True, "link": "r->a", "payload_bytes": 0, "seqno": 7, "time_s": 0.3},
          {"flow": "g", "ack": False, "link": "a->r", "payload_bytes": 1448, "seqno": 9, "time_s": 0.1}]
    dr = [{"flow": "f", "ack": False, "seqno": 7, "time_s": 0.1}]
    assert L._per_half_second(pk, dr, "f", {"a->r"}) == {0: [2, 0, 1], 1: [1, 1, 0]}
    assert L._acks_per_bin(pk, "f", {"a->r"}, 0.5) == {0: 1}, "the ACK reaching the host, not g's data"


def test_constant_pacing_finds_the_longest_stretch_at_one_rate_the_last_one_too():
    rows = [{"t_s": t / 10, "pacing_rate_bps": r} for t, r in
            enumerate([5, 5, 6, 6, 6, 6, 7, 8, 8, 8, 8, 8, 8])]
    assert L.constant_pacing(rows) == pytest.approx((0.5, 0.7, 8))
    assert L.constant_pacing(rows[:7]) == pytest.approx((0.4, 0.2, 6)), "a stretch ended by a change"
    assert L.constant_pacing(rows[:2]) == pytest.approx((0.1, 0.0, 5))


def test_bbr_long_term_mode_is_told_from_gain_cycling_in_linux_traces(capsys):
    """`linuxref bbr-long-term` on two committed Linux traces: the two-RTT BBR flows cycle
    their gains; in one of four runs of CUBIC against BBR in the shallow buffer (the one
    committed), BBR found a "policer" after its STARTUP's losses and held 14.2 Mb/s for
    5 s, and CUBIC took 1.94 Mb/s (1.18-1.28 in the other three)."""
    d = L.REF_DIR
    L.main(["bbr-long-term", str(d / "trace_two_rtt_bbr"), str(d / "trace_mix_shallow_long_term")])
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 3, out
    assert all("(gain cycling)" in x for x in out[:2]), out
    assert "(long-term mode)" in out[2] and " 4.96 s from 2.10 s at 14.2 Mb/s" in out[2], out[2]


def test_the_flows_table_has_the_pacing_rate_and_bbr_long_term_reads_it(capsys):
    """satcc's flows table carries the controller's pacing rate (BBR's: near its goodput
    in PROBE_BW; CUBIC here: unpaced, 0), and `linuxref bbr-long-term --satcc` reads it:
    one BBR flow on a clean path cycles its gains."""
    import satcc

    d = L.case("mix-deep", ("cubic", "bbr"), 10.0, 1)
    d["sample_interval_s"] = 0.1
    rows = satcc.run(d).flows.to_pylist()
    bbr = [x for x in rows if x["flow"] == "bbr" and x["time_s"] >= 5.0]
    assert all(x["pacing_mbps"] == 0 for x in rows if x["flow"] == "cubic")
    mean_pacing = sum(x["pacing_mbps"] for x in bbr) / len(bbr)
    mean_goodput = sum(x["goodput_mbps"] for x in bbr) / len(bbr)
    assert 0.8 * mean_goodput < mean_pacing < 1.3 * mean_goodput, (mean_pacing, mean_goodput)
    L.main(["bbr-long-term", "--satcc", "one-1bdp/bbr", "--seeds", "1", "--duration", "12"])
    out = capsys.readouterr().out.splitlines()
    assert "(gain cycling)" in out[0] and out[-1].endswith("long-term mode in 0 of 1 seeds"), out


def test_the_reference_says_what_made_it():
    """Ten runs of 30 s at least for every case (more where a case was recorded apart,
    `record --cases`), its measures one per committed trace."""
    assert REF["runs"] == 10 and REF["duration_s"] >= 30
    traces = L.load_traces()
    for key, c in REF["cases"].items():
        assert len(c["runs"]) == len(traces[key]) >= REF["runs"], key


# ----------------------------------------------------------------- the machinery


def _dumbbell(cc: str, **tcp) -> dict:
    d = L.case("one-1bdp", (cc,), 5.0)
    d["tcp"].update(tcp)
    d["monitor"]["links"] = ["a->r", "r->b"]
    return d


def _max_queue(summary: dict, link: str) -> int:
    return next(x["max_queue_pkts"] for x in summary["links"] if x["name"] == link)


def test_bbr_paces_and_an_unpaced_cubic_bursts():
    """On a 1 Gb/s access link into a 20 Mb/s bottleneck: each Linux-like sender sends its
    initial window of 10 at once (Linux paces no data segment before the tenth,
    tcp_update_skb_after_send), so the access link holds 10; after the first round BBR's
    segments leave in paced TSO bursts of at most 4 (a millisecond at STARTUP's 2.89 x 20
    Mb/s), CUBIC's in bursts of at most 2 with tcp.pacing (as Linux's fq would pace it),
    and without pacing its ACK-clocked slow start sends bursts of 3 and 4 too."""
    def run(cc, **tcp):
        d = _dumbbell(cc, **tcp)
        d["monitor"]["capture"] = ["a->r"]
        r = satcc.run(d)
        bursts = L.burst_sizes(r.packets.to_pylist(), "a->r", d["flows"][0]["name"], 0.25, 5.0)
        return r.summary, bursts

    (bbr, b_bbr), (cubic, b_cubic), (paced, b_paced) = run("bbr"), run("cubic"), run("cubic", pacing=True)
    for s in (bbr, cubic, paced):
        assert _max_queue(s, "a->r") == 10, _max_queue(s, "a->r")
        assert s["flows"][0]["goodput_mbps"] > 15.0
    assert max(b_bbr) <= 4, b_bbr
    assert max(b_paced) <= 2, b_paced
    assert b_cubic.get(3, 0) + b_cubic.get(4, 0) > 0 and max(b_cubic) <= 4, b_cubic


def test_cubic_and_bbr_runs_are_deterministic():
    for cc in ("cubic", "bbr"):
        d = L.case("mix-deep", ("cubic", "bbr"), 10.0)
        a, b = satcc.run(copy.deepcopy(d)), satcc.run(copy.deepcopy(d))
        assert a.summary == b.summary
        assert a.flows.equals(b.flows)


def test_a_delay_step_moves_the_rtt_and_reorders_nothing():
    """A link whose delay steps from 50 to 10 ms at 5 s and back to 40 ms at 10 s: the
    flow's RTT follows (2 x (1 + d) ms plus queueing), and the sink never sees a packet
    out of order (the shorter delay does not let later packets overtake)."""
    d = L.case("one-1bdp", ("newreno",), 15.0)
    d["tcp"] = {"packet_size_bytes": 1448, "rwnd_pkts": 20}  # window-limited: no queue
    d["links"][1]["delay_changes"] = [{"at_s": 5.0, "delay_ms": 10.0}, {"at_s": 10.0, "delay_ms": 40.0}]
    r = satcc.run(d)
    rows = r.flows.to_pylist()

    def srtt_near(t):
        return next(x["srtt_ms"] for x in rows if abs(x["time_s"] - t) < 0.006)

    assert 95 <= srtt_near(4.9) <= 110
    assert 18 <= srtt_near(9.9) <= 30
    assert 78 <= srtt_near(14.9) <= 90
    f = r.summary["flows"][0]
    assert f["retransmits"] == 0 and f["data_pkts_dropped"] == 0
    bad = copy.deepcopy(d)
    bad["links"][1]["delay_changes"][0]["at_s"] = 99.0
    with pytest.raises(satcc.ScenarioError, match=r"links\[1\]\.delay_changes\[0\]\.at_s"):
        satcc.run(bad)


def test_cubic_senders_write_the_rtt_code_trefwa_reads_when_asked():
    """T-REFWA's routers estimate each flow's RTT from the code in the TOS byte: CUBIC
    senders write it with tcp.rtt_code, and the routers' RTT_avg is the flows' RTTs'
    (60 to 200 ms on Table III's network); without it every code reads 0 (1 ms)."""
    from satcc.experiments.catalog.cubic_bbr import _table3

    with_code = _table3("T3", "cubic", "trefwa")
    without = copy.deepcopy(with_code)
    without["tcp"]["rtt_code"] = False
    for d in (with_code, without):
        d["duration_s"] = 5.0
    a = satcc.run(with_code).feedback.to_pylist()
    b = satcc.run(without).feedback.to_pylist()
    rtt_a = statistics.median(x["rtt_avg_s"] for x in a if x["time_s"] > 2)
    rtt_b = statistics.median(x["rtt_avg_s"] for x in b if x["time_s"] > 2)
    assert 0.06 <= rtt_a <= 0.2, rtt_a
    assert rtt_b < 0.01, rtt_b


def test_router_feedback_caps_bbr_and_cubic_by_the_advertised_window():
    """REFWA lowers the advertised window: a BBR or CUBIC flow then keeps no more in
    flight than it (the window it writes), and the bottleneck's queue stays short."""
    from satcc.experiments.catalog.cubic_bbr import _fig6

    for cc in ("cubic", "bbr"):
        free = _fig6("T1", cc, "none")
        capped = _fig6("T1", cc, "refwa")
        for d in (free, capped):
            d["duration_s"] = 10.0
        a, b = satcc.run(free).summary, satcc.run(capped).summary
        assert b["totals"]["avg_queue_pkts"] < a["totals"]["avg_queue_pkts"], (cc, a["totals"], b["totals"])
        # and keeps the link nearly full (a window read wrong would starve it)
        assert b["totals"]["utilization"] > 0.85, (cc, b["totals"])


# ------------------------------------------------------- a Linux receiver's window


def test_a_linux_receiver_window_starts_from_128_kb_and_grows_with_the_reads():
    """`tcp.receive_window: linux` (the Linux cases' receivers): the window the sender sees
    starts at 44 segments of 1448 bytes at the handshake (64 KB at the default scaling
    ratio less a segment: Linux's rcv_ssthresh 64,088 bytes), is the buffer's 55 (128 KB
    at the scaling ratio 156/256, as the emulation's Linux receivers) within the first
    round and grows as the receiver reads, instead of `rwnd_pkts` from the first ACK; a
    fixed window stays fixed."""
    d = L.case("one-1bdp", ("bbr",), 3.0)
    assert d["tcp"]["receive_window"] == "linux"
    rows = [x for x in satcc.run(d).flows.to_pylist() if x["time_s"] > 0.15]
    wnd = [x["rwnd_pkts"] for x in rows]
    assert wnd[0] == 44
    assert [x["rwnd_pkts"] for x in rows if 0.25 <= x["time_s"] < 0.3][0] == 55
    assert max(wnd) > 500 and max(wnd) < d["tcp"]["rwnd_pkts"]
    fixed = copy.deepcopy(d)
    fixed["tcp"]["receive_window"] = "fixed"
    assert {x["rwnd_pkts"] for x in satcc.run(fixed).flows.to_pylist() if x["time_s"] > 0.15} == {d["tcp"]["rwnd_pkts"]}


def test_receive_window_is_validated_and_has_no_ns2_counterpart():
    d = L.case("one-1bdp", ("cubic",), 1.0)
    d["tcp"]["receive_window"] = "auto"
    with pytest.raises(satcc.ScenarioError, match=r"^tcp\.receive_window.*fixed.*linux"):
        satcc.validate(d)
    from satcc import ns2

    plain = {"name": "x", "duration_s": 1, "nodes": [{"name": "a"}, {"name": "b"}],
             "links": [{"a": "a", "b": "b", "rate_bps": 1e6, "delay_ms": 10}],
             "flows": [{"src": "a", "dst": "b"}], "tcp": {"receive_window": "linux"}}
    with pytest.raises(satcc.ScenarioError, match="receive_window = linux"):
        ns2.to_tcl(plain)


# Hosts whose ACKs per data segment sent (0.3-0.6 s) are not yet within 10 % of the Linux
# capture's, with why (the ACK counts themselves are asserted within 10 %).
# (empty since 2026-11-27: the BBR receiver, a2, came within 10 % (0.497 against 0.535) when a
# receiver's first rcv_ssthresh became the handshake's clamp and the SYN stopped growing the
# window: 0.48 before)
PER_SEGMENT_NOT_YET: dict = {}


def test_quick_ack_counts_the_acks_a_linux_receiver_sends_while_windows_open():
    """`tcp.quick_ack` (the Linux cases' receivers) against a Linux capture of CUBIC
    against BBR in the shallow buffer (its first second at the hosts' links, committed in
    tests/data/linux_ref/trace_mix_shallow_start; `linuxref trace ... --duration 3`):
    the ACKs each receiver sends in the first 0.3 s (each of the first segments at once:
    the same count), and to 0.6 s while the windows open, per data segment its sender
    sent then (within 10 %: the senders' rates differ a little by then; and the ACK
    count itself, which does not hang on the sender's rate, within 10 %); without it,
    ns-2's DelAck sink acknowledges every second segment from the first. ns-2 has no such
    mode."""
    import pyarrow.parquet as pq

    linux = pq.read_table(L.REF_DIR / "trace_mix_shallow_start" / "packets.parquet").to_pylist()
    d = L.satcc_case("mix-shallow", ("cubic", "bbr"), 0.6, 1, start_jitter_s=0.01)
    assert d["tcp"]["quick_ack"] is True
    d["monitor"]["capture"] = ["a1->r", "r->a1", "a2->r", "r->a2"]

    def acks(rows, host, t0, t1):
        return sum(1 for p in rows if p["link"] == f"r->{host}" and p["ack"] and t0 <= p["time_s"] < t1)

    def per_segment(rows, host, t0, t1):
        data = sum(1 for p in rows if p["link"] == f"{host}->r" and not p["ack"] and p["payload_bytes"] > 0
                   and t0 <= p["time_s"] < t1)
        return acks(rows, host, t0, t1) / data

    ours = satcc.run(d).packets.to_pylist()
    for h in ("a1", "a2"):
        assert acks(ours, h, 0.0, 0.3) == acks(linux, h, 0.0, 0.3), h
        assert abs(acks(ours, h, 0.3, 0.6) - acks(linux, h, 0.3, 0.6)) <= 0.1 * acks(linux, h, 0.3, 0.6), h
        ratio, lin = per_segment(ours, h, 0.3, 0.6), per_segment(linux, h, 0.3, 0.6)
        if h in PER_SEGMENT_NOT_YET:  # still apart (below), or this test must take it back
            assert abs(ratio - lin) > 0.1 * lin, f"{h} per segment now within 10 % ({ratio}, {lin}): assert it"
            continue
        assert abs(ratio - lin) <= 0.1 * lin, (h, ratio, lin)
    off = copy.deepcopy(d)
    off["tcp"]["quick_ack"] = False
    plain = satcc.run(off).packets.to_pylist()
    assert all(acks(plain, h, 0.0, 0.3) < 0.7 * acks(linux, h, 0.0, 0.3) for h in ("a1", "a2"))
    assert per_segment(plain, "a1", 0.3, 0.6) < 0.8 * per_segment(linux, "a1", 0.3, 0.6)
    from satcc import ns2

    plain = {"name": "x", "duration_s": 1, "nodes": [{"name": "a"}, {"name": "b"}],
             "links": [{"a": "a", "b": "b", "rate_bps": 1e6, "delay_ms": 10}],
             "flows": [{"src": "a", "dst": "b"}], "tcp": {"delayed_ack": True, "quick_ack": True}}
    with pytest.raises(satcc.ScenarioError, match="quick_ack"):
        ns2.to_tcl(plain)


def test_tso_deferral_needs_linuxs_loss_recovery():
    """`tcp.tso_defer` (the Linux cases' senders) is refused, naming the flow's cc, for a
    sender without Linux's loss recovery (NewReno, or any controller without SACK); ns-2
    has neither (tcp.sack is refused by its exporter)."""
    d = L.case("one-1bdp", ("bbr",), 1.0)
    assert d["tcp"]["tso_defer"] is True
    for cc, sack, got in (("newreno", True, "got 'newreno'$"), ("bbr", False, "got 'bbr' with tcp.sack = false$")):
        bad = copy.deepcopy(d)
        bad["flows"][0]["cc"], bad["tcp"]["sack"], bad["tcp"]["sack_compression"] = cc, sack, sack
        with pytest.raises(satcc.ScenarioError, match=rf"^flows\[0\]\.cc: tcp\.tso_defer .*{got}"):
            satcc.run(bad)


def test_sack_compression_needs_sack():
    """`tcp.sack_compression` (a Linux receiver's) is refused by name without SACK."""
    d = L.case("one-1bdp", ("cubic",), 1.0)
    assert d["tcp"]["sack_compression"] is True
    d["tcp"]["sack"] = False
    with pytest.raises(satcc.ScenarioError, match=r"tcp\.sack_compression: needs tcp\.sack = true"):
        satcc.run(d)


def test_every_controller_runs_with_a_linux_senders_transport():
    """`+linux` (satcc bench --cc, the catalog's Linux senders) gives every controller
    LINUX_TCP, TSO deferral only to those keeping per-segment send records (the registry's
    `rate_samples`: cubic and bbr), which the core refuses for the others."""
    from satcc import registry
    from satcc.experiments.catalog.cubic_bbr import linux_tcp

    assert {c for c in registry.controller_names() if registry.controller(c)["rate_samples"]} == {"cubic", "bbr"}
    # (ns-2's Tahoe and Vegas agents have no SACK recovery: the core refuses tcp.sack for them)
    for cc in [c for c in registry.controller_names() if registry.controller(c)["sack"]]:
        d = L.case("one-1bdp", ("bbr",), 0.5)
        d["flows"][0]["cc"] = cc
        d["tcp"] = {**{k: v for k, v in d["tcp"].items() if k != "tso_defer"}, **linux_tcp(cc)}
        assert d["tcp"].get("tso_defer", False) == (cc in ("cubic", "bbr")), cc
        assert satcc.run(d).summary["flows"][0]["data_pkts_sent"] > 0, cc


def test_cubics_bursts_are_nearer_linuxs_with_tso_deferral():
    """The sizes of the bursts two CUBIC senders' data leaves in (50 and 150 ms, from 2 s
    to 12 s; five Linux traces', tests/data/linux_ref/bursts_two-rtt_cubic.json, its
    command inside, recorded again on 2026-11-27 after the emulation's SYN fix): Linux's
    50 ms flow sends 7.8 % lone segments and 88.9 % pairs, its 150 ms flow 35.3 % and
    59.2 %. satcc's (5 seeds) with TSO deferral are nearer both than without it, by the
    total variation distance between the shares (a lone free segment waits for the ACK
    that frees a second): so they were until the Linux receivers' compressed SACKs, and
    are again since those receivers acknowledge a segment carrying PSH at once
    (`tcp.push_ack`). A flow in BURSTS_NOT_YET is checked to be still apart, so that a
    fix is noticed."""
    ref = json.loads((L.REF_DIR / "bursts_two-rtt_cubic.json").read_text())

    def shares(c: dict) -> dict:
        tot = sum(c.values())
        return {int(k): v / tot for k, v in c.items()}

    def distance(a: dict, b: dict) -> float:
        return sum(abs(a.get(k, 0.0) - b.get(k, 0.0)) for k in set(a) | set(b)) / 2

    on, off = (L.satcc_burst_sizes("two-rtt", ("cubic",), ref["from_s"], ref["to_s"], 5, td)
               for td in (True, False))
    for f, c in ref["flows"].items():
        lin = shares(c)
        near, far = distance(shares(on[f]), lin), distance(shares(off[f]), lin)
        if f in BURSTS_NOT_YET:
            assert near >= far, f"{f}: nearer Linux's with TSO deferral now ({near} < {far}): assert it"
            continue
        assert near < far, (f, near, far, shares(on[f]), shares(off[f]), lin)


#: Flows of the burst comparison not nearer Linux's with TSO deferral, and why: none
#: since the Linux receivers acknowledge a segment carrying PSH at once (2026-11-27):
#: with deferral the 50 ms sender sends 7.8 % of its bursts as lone segments and 90.1 %
#: as pairs (Linux 7.8 % and 88.9 %), the 150 ms one 38.5 % and 56.3 % (35.3 % and
#: 59.2 %); without it 24.7 / 74.1 % and 41.6 / 54.0 %.
BURSTS_NOT_YET: dict = {}


def test_burst_sizes_count_runs_of_back_to_back_segments():
    """A burst: segments entering the host's link less than 50 us apart; a lone segment
    is a burst of one; only bursts starting inside the window count."""
    pk = [{"time_s": t, "link": "a->r", "flow": "f", "ack": False, "payload_bytes": 1448}
          for t in (0.5, 1.0, 1.000012, 1.002, 1.003, 1.003012, 1.003024, 2.5)]
    pk.append({"time_s": 1.0021, "link": "a->r", "flow": "f", "ack": True, "payload_bytes": 0})
    assert L.burst_sizes(pk, "a->r", "f", 1.0, 2.0) == {1: 1, 2: 1, 3: 1}


BBR_MIN_RTT = json.loads((L.REF_DIR / "bbr_min_rtt.json").read_text())


def _probe_rtt_minima_ms(changes: list[list[float]], episodes: list[dict]) -> list[float]:
    """For each PROBE_RTT (`episodes`, linuxref.probe_rtt_episodes) of a BBR flow: the
    minimum RTT it left (the last of the minimum's `changes`, [time, ms], by its end) less
    the handshake's RTT (BBR's first minimum), ms."""
    out = []
    for ep in episodes:
        at_end = [m for ti, m in changes if ti <= ep["start"] + ep["length_s"] + 0.02]
        out.append(at_end[-1] - changes[0][1])
    return out


def test_probe_rtt_leaves_bbrs_minimum_rtt_where_linuxs_tso_deferral_leaves_it():
    """What PROBE_RTT sets BBR's minimum RTT to, above the handshake's RTT. On Linux
    (BBR's own minimum from TCP_CC_INFO, `sudo python -m satcc.dev.linuxref bbr-min-rtt`,
    3 runs of one-1bdp, tests/data/linux_ref/bbr_min_rtt.json) about one segment's
    transmission at the 20 Mb/s bottleneck (0.6 ms) more than a lone segment's RTT: the 4
    segments PROBE_RTT allows leave as 2-segment bursts, acknowledged in pairs, and each
    sample carries the second segment's wait behind the first, because
    tcp_tso_should_defer holds a lone free segment back until the next ACK frees a second.
    satcc's with `tcp.tso_defer`, every PROBE_RTT's, the first too, within half a
    segment's transmission (0.3 ms) of Linux's mean, in seeds 1-4. The first (entered
    with a full pipe) found a lone segment's RTT, 0.6 ms less, until a burst held only
    contiguous segments of one kind (2026-11-27, the fifteenth session: before, a
    retransmission and the next new segment, or two holes' retransmissions, left as one
    burst, and the bursts' phase after recovery paired the segments otherwise). Without
    TSO deferral, and without the receiver's PSH rule (`tcp.push_ack`, which lets a lone
    segment, carrying no PSH, wait for the next), a PROBE_RTT can send a lone segment as
    soon as one is free and find a lone segment's RTT (in seeds 1-4 since the initial
    window went unpaced: seed 3's first; before, the first of every seed)."""
    lin = [v for r in BBR_MIN_RTT["runs"]
           for v in _probe_rtt_minima_ms([[t, us / 1e3] for t, us in r["min_rtt_changes"]], r["probe_rtt"])]
    assert len(lin) >= 6, lin
    lin_mean = statistics.mean(lin)
    seg_ms = 1500 * 8 / 20e6 * 1e3  # one segment's transmission at the bottleneck

    def satccs(tso_defer: bool, seed: int) -> list[float]:
        d = L.satcc_case("one-1bdp", ("bbr",), 45.0, seed)
        d["tcp"]["tso_defer"] = tso_defer
        d["tcp"]["push_ack"] = tso_defer  # a lone segment without PSH waits for the next
        fl = satcc.run(d).flows.to_pylist()
        t = [x["time_s"] for x in fl]
        return _probe_rtt_minima_ms(L.min_rtt_changes(t, [x["cc_min_rtt_ms"] for x in fl]),
                                    L.probe_rtt_episodes(t, [x["cwnd_pkts"] for x in fl]))

    lone = []
    for seed in range(1, 5):
        ours, without = satccs(True, seed), satccs(False, seed)
        assert len(ours) >= 2 and len(without) >= 2, (seed, ours, without)
        assert all(abs(v - lin_mean) <= seg_ms / 2 for v in ours), (seed, ours, lin)
        lone += [v for v in without if v < lin_mean - seg_ms / 2]
    assert lone, "without TSO deferral some PROBE_RTT finds a lone segment's RTT"


def test_probe_rtt_comes_ten_seconds_after_its_trigger_and_lasts_as_long_as_on_linux():
    """BBR's PROBE_RTT timing as Linux runs it (tests/data/linux_ref/bbr_min_rtt.json,
    TCP_CC_INFO and the window every 10 ms, 3 runs of one-1bdp): each PROBE_RTT after
    the first begins 10 s after the later of the minimum RTT's last fall and the previous
    PROBE_RTT's end (linuxref.probe_rtt_delays; within two 10 ms samples), and lasts
    about 0.3 s (200 ms at 4 packets, then a round trip). satcc's BBR over 4 seeds the
    same, its mean length within 10 % of Linux's. (How far apart PROBE_RTTs come then
    depends on when the minimum last fell, which on the Linux side follows the
    emulation's stalls: docs/cubic-bbr.md, "PROBE_RTT's interval".) A BBR that did not
    restart the minimum's clock at PROBE_RTT's end would begin the next one early after
    a PROBE_RTT that lowered the minimum (one of satcc's seeds has one: 9.9 s)."""
    lin_delay, lin_len = [], []
    for r in BBR_MIN_RTT["runs"]:
        lin_delay += L.probe_rtt_delays(r["min_rtt_changes"], r["probe_rtt"])
        lin_len += [e["length_s"] for e in r["probe_rtt"]]
    assert len(lin_delay) >= 4, lin_delay
    ours_delay, ours_len = [], []
    for seed in range(1, 5):
        fl = satcc.run(L.satcc_case("one-1bdp", ("bbr",), 45.0, seed)).flows.to_pylist()
        t = [x["time_s"] for x in fl]
        eps = L.probe_rtt_episodes(t, [x["cwnd_pkts"] for x in fl])
        ours_delay += L.probe_rtt_delays(L.min_rtt_changes(t, [x["cc_min_rtt_ms"] for x in fl]), eps)
        ours_len += [e["length_s"] for e in eps]
    assert len(ours_delay) >= 6, ours_delay
    for name, d in (("Linux", lin_delay), ("satcc", ours_delay)):
        assert all(abs(x - 10.0) <= 0.02 for x in d), (name, d)
    assert abs(statistics.mean(ours_len) - statistics.mean(lin_len)) <= 0.1 * statistics.mean(lin_len), (ours_len, lin_len)


def test_batched_acks_are_those_that_acknowledge_three_segments_or_more():
    """linuxref.batched_acks on made-up captures: segments 0-7 reach the receiver 0.6 ms
    apart; it acknowledges 0-1 and 2-3, then (a stall) 4-6 at once, then 7. Only the ACK
    of three is listed, with its first segment's arrival, in Linux's numbering (bytes,
    next expected) and in satcc's (packets, last received)."""
    def pk(seq_unit: int, next_expected: bool) -> list[dict]:
        rows = [{"time_s": 0.1 + 0.0006 * k, "link": "r->b", "flow": "f", "ack": False, "seqno": k * seq_unit,
                 "payload_bytes": 1448} for k in range(8)]
        for t, upto in [(0.1010, 2), (0.1022, 4), (0.1050, 7), (0.1055, 8)]:
            rows.append({"time_s": t, "link": "b->r", "flow": "f", "ack": True, "payload_bytes": 0,
                         "seqno": upto * seq_unit if next_expected else upto - 1})
        return rows

    want = [(pytest.approx(0.1024), 0.1050, 3)]
    assert L.batched_acks(pk(1448, True), "f", "r->b", "b->r", True) == want
    assert L.batched_acks(pk(1, False), "f", "r->b", "b->r", False) == want
    assert L.batched_acks(pk(1, False), "f", "r->b", "b->r", False, t0=0.106) == []


def test_recovery_measures_count_the_share_in_recovery_and_the_short_stretches_between_recoveries():
    """linuxref.recovery_measures on made-up 10 ms samples of tcpi_ca_state from 1 s: 20
    samples of which 12 in Recovery (3) and one in Loss (4); Open (0) between two
    recoveries for 3 samples (short) and for 6 (not: more than 50 ms); Open before the
    first recovery is no stretch between two; samples before 1 s are not counted."""
    states = [0] * 10 + [0, 0, 3, 3, 3, 0, 0, 0, 3, 3, 3, 3, 0, 0, 0, 0, 0, 0, 3, 3, 3, 3, 3, 4]
    t = [0.01 * k + 0.9 for k in range(len(states))]
    m = L.recovery_measures(t, states, 1.0)
    assert m["short_open_gaps"] == 1
    assert m["recovery_share"] == pytest.approx(12 / 24)
    # the many-flow case's: the flows' mean share, their short stretches in all, and data
    # drops per 5 s (a bin without any counts 0)
    drops = [{"time_s": x, "ack": a} for x, a in [(1.0, False), (4.9, False), (6.0, True), (12.0, False)]]
    mm = L.many_measures({"a": (t, states), "b": (t, [3] * len(t))}, drops, t0=1.0)
    assert mm["recovery_share"] == pytest.approx((12 / 24 + 1.0) / 2)
    assert mm["drops_per_5s"] == [2, 0, 1] and mm["short_open_gaps"] == 1


def test_many_bbr_flows_recover_as_linuxs_do_one_recovery_after_another():
    """16 BBR flows in half a BDP of buffer (linuxref.many_case; Linux: `sudo python -m
    satcc.dev.linuxref many-bbr`, 3 runs of 20 s, tests/data/linux_ref/many_bbr.json):
    about a fifth of what enters the bottleneck is dropped, and a flow leaves one
    recovery only to enter the next, as Linux's tcp_time_to_recover starts one on any
    segment still marked lost, also on the ACK that ended the last (a sender that waited
    for a loss found on a later ACK spent a fifth less time in Recovery and left it for
    short stretches a third more often). From 2 s, satcc's over 10 seeds against
    Linux's, each within the issue's 10 %: the flows' mean share of 10 ms samples in
    Recovery, their short Open stretches (at most 50 ms between two recoveries), and the
    drops from 5 s on (the start's differ: Linux's flows start as their connect() calls
    return, satcc's at once)."""
    ref = json.loads((L.REF_DIR / "many_bbr.json").read_text())
    assert ref["flows"] == L.MANY_FLOWS and ref["buffer_pkts"] == L.MANY_BUFFER_PKTS
    ours = [L.satcc_many(ref["duration_s"], seed) for seed in range(1, 11)]

    def mean(rows, f):
        return statistics.mean(f(r) for r in rows)

    for what, f in (("recovery share", lambda r: r["recovery_share"]),
                    ("short Open stretches", lambda r: r["short_open_gaps"]),
                    ("drops from 5 s", lambda r: sum(r["drops_per_5s"][1:]))):
        _close(mean(ours, f), mean(ref["runs"], f), 0.10, f"many-shallow: {what}")


def test_only_bbr_reports_a_minimum_rtt_of_its_own():
    """The flows table's `cc_min_rtt_ms` is BBR's min-RTT filter; CUBIC keeps none (0)."""
    fl = satcc.run(L.case("mix-deep", ("cubic", "bbr"), 2.0)).flows.to_pylist()
    by = {f: [x["cc_min_rtt_ms"] for x in fl if x["flow"] == f] for f in ("cubic", "bbr")}
    assert set(by["cubic"]) == {0.0}
    assert 100.0 <= min(v for v in by["bbr"] if v) and max(by["bbr"]) < 150.0, by["bbr"]


def test_ns3ref_trace_events_tell_probe_rtt_from_a_timeout():
    """ns3ref trace's reading of an ns-3 run (made-up rows): TcpBbr's PROBE_RTT is where its
    cwnd gain is 1, and a window of 1 in the Loss state (a timeout) is listed as what
    linuxref's measure would take for PROBE_RTT; HyStart's ssthresh (= the window) and a
    loss's (below it) come with the window before; ns-3's initial ssthresh is not listed."""
    from satcc.dev.ns3ref import events

    def row(t, what, v):
        return {"flow": "f0", "what": what, "time_s": t, "value": v}

    rows = [row(0.1, "ssthresh_pkts", 2966138.0), row(0.1, "cwnd_gain", 2.89), row(0.5, "cwnd_pkts", 300.0),
            row(0.8, "ssthresh_pkts", 300.0), row(1.2, "cwnd_pkts", 340.0), row(1.3, "cong_state", 3.0),
            row(1.3, "ssthresh_pkts", 238.0), row(1.6, "cong_state", 4.0), row(1.6, "cwnd_pkts", 1.0),
            row(1.7, "cwnd_pkts", 10.0), row(1.8, "cong_state", 0.0), row(1.8, "cwnd_gain", 2.0),
            row(10.0, "cwnd_gain", 1.0), row(10.0, "cwnd_pkts", 4.0), row(10.01, "cwnd_pkts", 5.0),
            row(10.02, "cwnd_pkts", 4.0), row(10.3, "cwnd_gain", 2.0), row(10.3, "cwnd_pkts", 200.0)]
    lines = events(rows)["f0"]
    assert [x.split("s  ", 1)[1] for x in lines] == [
        "ssthresh 300 (window 300, Open)",
        "state Recovery",
        "ssthresh 238 (window 340, Recovery)",
        "state Loss",
        "window 1.0 <= 4 (Loss, cwnd gain 2.89)",
        "window above 4 again, after 100.0 ms",
        "state Open",
        "PROBE_RTT (cwnd gain 1)",
        "PROBE_RTT ends (cwnd gain 2)",
    ], lines


def test_k_is_fitted_to_the_cubic_curve_the_window_follows():
    """linuxref's K on made-up traces (10 ms samples, whole packets): after a loss at
    W_max the window stays at 0.7 W_max through 0.3 s of recovery, then follows C (t -
    K)^3 + P from there (K = ((P - 0.7 W_max) / C)^(1/3)). The fit gives K within 0.05 s
    at W_max 60 and 250, and with fast convergence's P = 0.85 W_max, where the time back
    at W_max reads near twice K; a growth of under 0.3 s or 3 packets has no K."""
    S = L.SAMPLE_S
    for w_max, plateau in ((60.0, 60.0), (250.0, 250.0), (250.0, 0.85 * 250.0)):
        k_true = ((plateau - 0.7 * w_max) / L.CUBIC_C) ** (1 / 3)
        n = int((2.5 * k_true + 1.0) / S)
        t = [S * j for j in range(n)]

        def w(j):
            if j <= 10:
                return w_max
            tau = t[j] - t[10]
            return float(int(0.7 * w_max if tau < 0.3 else L.CUBIC_C * (tau - k_true) ** 3 + plateau))

        cwnd = [w(j) for j in range(n)]
        ssthresh = [1e9] * 10 + [0.7 * w_max] * (n - 10)
        e, = L.loss_episodes(t, cwnd, ssthresh)
        assert e["k_s"] == pytest.approx(k_true, abs=0.05), (k_true, plateau, e)
        if plateau < w_max:
            assert e["back_s"] > 1.5 * k_true, ("fast convergence: back at W_max near 2 K", k_true, e)
    t = [S * j for j in range(100)]
    short = [100.0] * 11 + [70.0 + j for j in range(89)]
    assert L.loss_episodes(t[:40], short[:40], ([1e9] * 10 + [70.0] * 90)[:40])[0]["k_s"] is None, "0.28 s of growth"
    flat = [100.0] * 11 + [70.0 + (j > 50) * 2.0 for j in range(89)]
    assert L.loss_episodes(t, flat, [1e9] * 10 + [70.0] * 90)[0]["k_s"] is None, "2 packets of growth"


def test_back_at_w_max_is_counted_from_the_window_coming_down_not_from_a_sample_still_at_it():
    """linuxref's time back at W_max on a made-up trace (10 ms samples): the window at 100
    packets, a loss sets ssthresh to 70 while the sample still reads 100 (fast recovery
    brings it down over a few ms), then 70, growing back to 100 at 2.0 s: 2.0 s, not 0
    (the first sample at W_max after the drop). A window that never comes back has none."""
    S = L.SAMPLE_S
    n = 400
    t = [S * k for k in range(n)]
    cwnd = [100.0 if k <= 10 else (70.0 + 30.0 * min(1.0, (k - 11) / (210 - 11))) for k in range(n)]
    ssthresh = [1e9] * 10 + [70.0] * (n - 10)
    eps = L.loss_episodes(t, cwnd, ssthresh)
    assert len(eps) == 1 and eps[0]["w_max"] == 100.0 and eps[0]["after"] == 70.0
    assert eps[0]["back_s"] == pytest.approx(t[210] - t[10]), eps
    flat = [100.0] * 11 + [70.0] * (n - 11)
    assert L.loss_episodes(t, flat, ssthresh)[0]["back_s"] is None


def test_another_loss_ends_an_episode_even_when_ssthresh_stays():
    """linuxref's time back at W_max on a made-up trace at small windows: a loss at 10 packets sets
    ssthresh to 7; the window comes down to 7, grows to 9 and a second loss brings it
    down again with ssthresh still 7 (0.7 x 9 rounds to where the last one put it). The
    first episode ends there without a K (the window never got back to 10 before),
    where ssthresh alone would have run it on to the window's return at 3 s."""
    S = L.SAMPLE_S
    n = 400
    t = [S * k for k in range(n)]

    def w(k):
        if k <= 10:
            return 10.0
        if k <= 100:
            return 7.0 + 2.0 * (k - 11) / 89  # recovery down to 7, then growth to 9
        if k <= 105:
            return 7.0  # the second loss
        return min(10.0, 7.0 + 3.0 * (k - 105) / 195)  # back at 10 at k = 300

    cwnd = [w(k) for k in range(n)]
    ssthresh = [1e9] * 10 + [7.0] * (n - 10)
    eps = L.loss_episodes(t, cwnd, ssthresh)
    assert len(eps) == 1 and eps[0]["w_max"] == 10.0 and eps[0]["back_s"] is None, eps
    # without the second loss the same episode has its time back
    grow = [10.0] * 11 + [min(10.0, 7.0 + 3.0 * (k - 11) / 289) for k in range(11, n)]
    assert L.loss_episodes(t, grow, ssthresh)[0]["back_s"] == pytest.approx(t[300] - t[10])


def test_the_references_numbers_are_its_committed_traces_measured_now():
    """reference.json's numbers are linuxref's measures, as they are now, of the committed
    traces of every Linux run: a change to a measure must be followed by `linuxref
    remeasure`, and Linux's side is then measured exactly as satcc's."""
    traces = L.load_traces()
    assert sorted(traces) == sorted(REF["cases"])
    for key, runs in traces.items():
        entry = {k: v for k, v in REF["cases"][key].items() if k != "kernel"}
        assert json.loads(json.dumps(L._measured(key, runs))) == entry, key


def test_satccs_traces_count_from_the_handshakes_end_as_linuxs_do():
    """Linux's trace starts with the TCP_INFO sample taken when connect() returns; satcc's
    trace of the same case starts there too (its first sample already knows the RTT),
    not at the SYN, so PROBE_RTT's first entry reads 10 s after it on both."""
    traces, _ = L.run_satcc("one-1bdp", ("bbr",), 12.0, 1)
    x = traces["f0"]
    assert 0.0 <= x["t"][0] < L.SAMPLE_S and x["srtt_ms"][0] > 0, (x["t"][:2], x["srtt_ms"][:2])
    first = L.probe_rtt_episodes(x["t"], x["cwnd"])[0]["start"]
    assert 10.0 <= first < 10.0 + 2 * L.SAMPLE_S, first


def test_remeasure_rewrites_the_numbers_from_the_traces_and_a_partial_record_keeps_alike_references(tmp_path, monkeypatch):
    """`linuxref remeasure` gives back the reference's numbers from its traces (here after
    they were spoiled), and `record --cases` refuses to mix cases into a reference
    recorded with runs of another length, naming it, before running anything (a case
    recorded anew on another kernel build is kept with its kernel: the test of
    `record --add-runs` below)."""
    import argparse
    import shutil

    for f in ("reference.json", "traces.json.gz"):
        shutil.copy(L.REF_DIR / f, tmp_path / f)
    spoiled = json.loads((tmp_path / "reference.json").read_text())
    spoiled["cases"]["one-1bdp/cubic"]["runs"][0]["goodput_mbps"]["f0"] = -1.0
    (tmp_path / "reference.json").write_text(json.dumps(spoiled))
    monkeypatch.setattr(L, "REF_DIR", tmp_path)
    assert L.remeasure(argparse.Namespace()) == 0
    assert json.loads((tmp_path / "reference.json").read_text())["cases"] == REF["cases"]

    def no_linux(*a, **k):
        raise AssertionError("nothing runs before the check")

    monkeypatch.setattr(L, "run_linux", no_linux)
    with pytest.raises(SystemExit, match=f"has runs of {REF['duration_s']} s; record every case"):
        L.record(argparse.Namespace(cases=["one-1bdp"], runs=REF["runs"], duration=REF["duration_s"] + 1))


def test_ns3refs_traces_count_from_the_handshakes_end():
    """ns3ref samples ns-3's window trace every 10 ms from the flow's first window event
    (ns-3 sets the initial window when the SYN-ACK arrives), as Linux's trace starts when
    connect() returns: a flow whose handshake ended at 0.15 s and whose window became 20 at
    0.35 s reads 10 until 0.20 s in the trace, then 20."""
    from satcc.dev.ns3ref import _sample

    tr = _sample([(0.15, 10.0), (0.35, 20.0)], [], 1.0, 0.15)
    assert tr["t"][0] == pytest.approx(L.SAMPLE_S) and tr["t"][-1] <= 0.85 + 1e-9
    at = dict(zip([round(x, 2) for x in tr["t"]], tr["cwnd"]))
    assert (at[0.19], at[0.2], at[0.21]) == (10.0, 20.0, 20.0), at


def test_episodes_by_wmax_counts_every_linux_runs_episodes():
    """`linuxref episodes`: one flow's loss episodes binned by W_max; Linux's side counts
    every recorded run's episodes (as the reference's `losses`), satcc's its seeds'."""
    out = L.episodes_by_wmax("one-loss1/cubic", "f0", seeds=1)
    lin = sum(b.get("linux", {"n": 0})["n"] for b in out.values())
    assert lin == sum(r["flows"]["f0"]["losses"] for r in REF["cases"]["one-loss1/cubic"]["runs"])
    assert all(k % 4 == 0 for k in out) and sum(b.get("satcc", {"n": 0})["n"] for b in out.values()) > 0
    assert all(len(v["k"]) <= v["n"] for b in out.values() for v in b.values())
    # the command refuses a flow the case does not have, naming those it has (a KeyError before)
    with pytest.raises(SystemExit, match="FLOW of two-rtt/cubic is one of rtt50, rtt150, got 'nope'"):
        L.main(["episodes", "two-rtt/cubic", "nope"])


def test_the_linux_traces_read_timestamp_rtts_in_whole_milliseconds():
    """What tcp/rtt.rs's TsClock models, in the committed Linux TCP_INFO: a sender's
    minimum RTT, above 100 ms from the handshake, falls to exactly 100.0 ms once it has
    retransmitted (an RTT read from a timestamp echo, whole ticks), and a receiver's own
    RTT estimate falls to whole milliseconds (its samples are whole ticks; a lower one
    is taken at once, higher ones smoothed by 1/8)."""
    import pyarrow.parquet as pq

    d = Path(__file__).parent / "data" / "linux_ref"
    for run in ("trace_mix_shallow_start", "trace_mix_shallow_long_term"):
        rows = pq.read_table(d / run / "tcp_info.parquet").to_pylist()
        for flow in ("cubic", "bbr"):
            r = [x for x in rows if x["flow"] == flow]
            assert r[0]["min_rtt_ms"] > 100.0 and r[0]["retrans_total"] == 0
            fall = next(x for x in r if x["min_rtt_ms"] < r[0]["min_rtt_ms"] and x["min_rtt_ms"] <= 100.0)
            assert fall["min_rtt_ms"] == 100.0 and fall["retrans_total"] > 0, (run, flow, fall)
    rows = pq.read_table(d / "trace_two_rtt_bbr" / "tcp_info_rcv.parquet").to_pylist()
    for flow in ("rtt50", "rtt150"):
        v = [x["rcv_rtt_ms"] for x in rows if x["flow"] == flow and x["rcv_rtt_ms"]]
        # a lower sample is taken at once: a fall lands on a whole millisecond (unless
        # a higher sample was smoothed in before the next 10 ms reading); with exact
        # RTTs hardly any would
        falls = [b for a, b in zip(v, v[1:]) if b < a]
        assert len(falls) > 50 and sum(b == int(b) for b in falls) > 0.5 * len(falls), (flow, falls[:10])


def test_ack_ratio_counts_acks_per_segment_while_a_receiver_holds_data_out_of_order():
    """linuxref's ack-ratio measure on a hand-made trace: segment 2 is lost and comes
    back last; while 3 and 4 wait above the hole the receiver sends one ACK for the two
    (a compressed one), and one per segment otherwise."""
    def data(t, seq):
        return {"time_s": t, "flow": "f", "ack": False, "link": "r->b", "seqno": seq, "payload_bytes": 1}

    def ack(t, cum):
        return {"time_s": t, "flow": "f", "ack": True, "link": "b->r", "seqno": cum, "payload_bytes": 0}

    trace = [data(1.0, 0), ack(1.01, 1), data(2.0, 1), ack(2.01, 2), data(3.0, 3), data(4.0, 4), ack(4.01, 2),
             data(5.0, 2), ack(5.01, 5), ack(5.2, 5)]
    # ACKs are seen where they arrive: 0.01 s after they left
    r = L.ack_ratio(trace, "f", "r->b", "b->r", 0.01, seq_bytes=False)
    assert r["ooo"] == (2, 1, 0.5), r
    assert r["in_order"][:2] == (3, 4), r
    # byte sequence numbers (a Linux trace) give the same counts
    as_bytes = [{**p, "seqno": p["seqno"] * 1448, "payload_bytes": 1448 if not p["ack"] else 0} for p in trace]
    assert L.ack_ratio(as_bytes, "f", "r->b", "b->r", 0.01, seq_bytes=True) == r


def test_ack_ratio_command_sets_a_linux_trace_beside_satccs_runs(capsys):
    """`linuxref ack-ratio DIR --bin S`: each receiver's ratios from the committed two-BBR
    trace and one satcc run of the case, whole and per bin (the trace is 6 s long)."""
    trace = Path(__file__).parent / "data" / "linux_ref" / "trace_two_rtt_bbr"
    assert L.main(["ack-ratio", str(trace), "--seeds", "1", "--bin", "2"]) == 0
    out = capsys.readouterr().out
    for flow in ("rtt50", "rtt150"):
        assert f"{flow}: Linux  out of order" in out
    # the 50 ms flow's figures over the whole trace, as docs/cubic-bbr.md quotes them
    assert "rtt50: Linux  out of order   3179   2330 0.733" in out
    per_bin = [l.split() for l in out.splitlines() if l.strip().startswith("Linux ") and "/" in l]
    assert len(per_bin) == 2 and all(len(cells) == 1 + 3 for cells in per_bin), per_bin


#: Linux traces with the receivers' TCP_INFO (`sudo python -m satcc.dev.linuxref trace
#: CASE --duration D --out DIR`; the receiver_* folders: one-loss1/cubic and
#: mix-shallow/cubic+bbr, 10 s, and one-1bdp/bbr, 12 s, seed 1, 2026-11-27).
RECEIVER_TRACES = ["trace_two_rtt_bbr", "receiver_one_loss1_cubic", "receiver_mix_shallow_cubic_bbr",
                   "receiver_one_1bdp_bbr"]

#: Receivers (trace, flow) that do not meet the test yet, and why (docs/cubic-bbr.md).
RECEIVER_NOT_YET = {
    ("receiver_one_1bdp_bbr", "f0"): "one BBR flow (one-1bdp/bbr, 12 s, recorded 2026-11-27): the receive-space "
        "measures within 1-3 segments of Linux's each (11, 20/21, 36/35, 66/65, 135/133, 223/226, 666), but the "
        "growth formula makes the last 3-segment difference 106 segments of buffer (6,624 against 6,518, 1.6 %), so "
        "that 9 % of its ACKs offer Linux's right edge. Its ACKs are Linux's since the replay hands each segment "
        "its PSH (2026-11-27: 98 % of Linux's cumulative ACKs also satcc's, 48 % before)",
}


@pytest.mark.parametrize("trace", RECEIVER_TRACES)
def test_a_linux_receivers_window_is_satccs_on_the_same_arrivals(trace):
    """Each Linux receiver of the traces, replayed through satcc's sink (the same
    segments at the same times, with the timestamps they echoed): at least 90 % of its
    ACKs offer Linux's right edge (within rounding and 1 % of the window:
    linuxref.receiver_edges_agree), and its receive-space measure is Linux's at 90 % of
    the receiver's TCP_INFO samples. Counting the first measure from the first data
    segment rather than from the handshake's last ACK fails it (the 150 ms BBR flow 12 %,
    the CUBIC flow with 1 % loss 65 %; with the measure from the first data segment but
    no handshake lead, 72 %). And it acknowledges as Linux's does: at least 85 % of
    Linux's ACKs and of satcc's carry a cumulative ACK the other sent as often
    (linuxref.ack_agreement; what is left is mostly which of two segments a delayed ACK
    falls on, after a window that stopped growing a segment earlier or later);
    without SACK compression satcc acknowledges every out-of-order segment, and only
    80 % and 78 % of its ACKs are Linux's for the 50 ms BBR flow and the shallow
    buffer's BBR flow. A trace in RECEIVER_NOT_YET does not meet the edges' and the
    ACKs' figures yet; the test checks that it still does not, so that a fix is
    noticed."""
    d = L.REF_DIR / trace
    for f in json.loads((d / "scenario.json").read_text())["flows"]:
        r = L.receiver_replay(d, f["name"])
        g = L.edge_agreement(r["edges"])
        assert g["acks"] > 1000, (trace, f["name"])
        assert L.space_agreement(r["state"]) >= 0.9, (trace, f["name"])
        assert r["injected"] < 0.02 * g["acks"], "the capture missed too many segments to replay"
        meets = g["agree"] >= 0.9 and min(L.ack_agreement(r)) >= 0.85
        if (trace, f["name"]) in RECEIVER_NOT_YET:
            assert not meets, (f"{trace} {f['name']} meets the test now ({g}, {L.ack_agreement(r)}): "
                               "take it out of RECEIVER_NOT_YET")
            continue
        assert g["agree"] >= 0.9, (trace, f["name"], g)
        assert min(L.ack_agreement(r)) >= 0.85, (trace, f["name"], L.ack_agreement(r))


def test_a_replay_reads_psh_from_the_packets_flags_where_the_trace_keeps_them(tmp_path):
    """A trace written before the packets table kept TCP flags: the replay infers PSH (the
    last of a sender burst of two or more, some segments and not others). The same trace
    with a `tcp_flags` column that sets PSH on none: no arrival carries it."""
    import shutil

    import pyarrow as pa
    import pyarrow.parquet as pq

    src = L.REF_DIR / "receiver_one_1bdp_bbr"
    inferred = {push for *_, push in L.receiver_replay(src, "f0")["arrivals"]}
    assert inferred == {True, False}
    d = tmp_path / "t"
    shutil.copytree(src, d)
    t = pq.read_table(d / "packets.parquet")
    assert "tcp_flags" not in t.column_names
    pq.write_table(t.append_column("tcp_flags", pa.array([0x10] * len(t), pa.uint8())), d / "packets.parquet")
    assert {push for *_, push in L.receiver_replay(d, "f0")["arrivals"]} == {False}


def test_receiver_edges_agree_within_rounding_and_a_hundredth_of_the_window():
    """linuxref's tolerance on made-up edges: 3 segments, plus 1 % of Linux's window."""
    assert L.receiver_edges_agree(1000, 1003, 0)
    assert not L.receiver_edges_agree(1000, 1004, 0)
    assert L.receiver_edges_agree(1000, 1013, 1000)
    assert not L.receiver_edges_agree(1000, 986, 1000)
    assert L.edge_agreement([(0.1, 10, 10, 0), (0.2, 10, 20, 0), (0.3, 10, 11, 0)]) == {
        "acks": 3, "agree": pytest.approx(2 / 3), "median": 1, "largest": 10}
    assert L.edge_agreement([(0.1, 10, 10, 0)], t0=1.0)["acks"] == 0
    state = [(0.1, 10.0, 55.0, 11, 55), (0.2, 500.0, 0.0, 505, 0), (0.3, 500.0, 0.0, 506, 0)]
    assert L.space_agreement(state) == pytest.approx(2 / 3)


def test_receiver_window_command_prints_each_flow_and_names_a_missing_file(capsys):
    """`linuxref receiver-window DIR`: a line per flow (and per bin with --bin); a folder
    without the receivers' TCP_INFO is refused by name, not with a traceback."""
    assert L.main(["receiver-window", str(L.REF_DIR / "receiver_one_loss1_cubic"), "--bin", "5"]) == 0
    out = capsys.readouterr().out
    assert "receiver_one_loss1_cubic f0:" in out and "offer Linux's right edge" in out
    assert "5.00 s: edge Linux" in out
    with pytest.raises(SystemExit, match="has no tcp_info_rcv.parquet"):
        L.main(["receiver-window", str(L.REF_DIR / "trace_mix_shallow_start")])


def test_spread_prints_each_flows_goodput_range_beside_linuxs_and_the_timeouts(capsys):
    """`linuxref spread CASE --seeds N`: per flow satcc's goodput range over the seeds
    beside Linux's runs, then satcc's timeouts; an unknown case is refused by name."""
    assert L.main(["spread", "two-rtt/bbr", "--seeds", "2"]) == 0
    out = capsys.readouterr().out
    assert "two-rtt/bbr rtt50: satcc" in out and "2 seeds); Linux 4.13-11.91 (mean 6.90, 40 runs)" in out
    assert "timeouts in satcc's 2 seeds" in out
    with pytest.raises(SystemExit, match="CASE is one of"):
        L.main(["spread", "two-rtt/vegas"])
    # a case without its algorithms is refused the same way (it raised IndexError)
    with pytest.raises(SystemExit, match="linuxref spread: CASE is one of .*got 'two-rtt'"):
        L.main(["spread", "two-rtt"])


def test_startup_prints_each_flows_exits_beside_linuxs(capsys):
    """`linuxref startup CASE --seeds N`: per flow and side the slow start / STARTUP exits
    sorted by time with their median (Linux's from the reference's runs); an unknown case
    is refused by name, and `--ref` is accepted by every command."""
    assert L.main(["startup", "two-rtt/bbr", "--seeds", "2", "--ref", str(L.REF_DIR)]) == 0
    out = capsys.readouterr().out
    assert "two-rtt/bbr rtt150 Linux (40 exits of 40 runs): median 3.95 s at a window of 539; 1.31/50/22 1.40/54/24 2.69/282/102" in out
    assert "two-rtt/bbr rtt50 satcc (" in out and "of 2 runs): median" in out
    with pytest.raises(SystemExit, match="CASE is one of"):
        L.main(["startup", "one-1bdp/vegas"])
    with pytest.raises(SystemExit, match="linuxref startup: CASE is one of"):
        L.main(["startup", "one-1bdp"])


@pytest.mark.parametrize("cmd", ["trace-compare", "ack-ratio", "stalls", "bursts", "losses", "bbr-long-term", "receiver-window",
                                 "rounds", "repair"])
def test_linuxref_commands_reading_a_trace_folder_name_a_missing_one(cmd, tmp_path):
    """Each `linuxref` command that reads a `trace` folder refuses one without a trace in
    it by name, in one line (a FileNotFoundError's traceback before); those that read its
    packets, one without them (a folder of TCP_INFO only, as the committed long-term one)."""
    with pytest.raises(SystemExit, match=f"linuxref {cmd}: {tmp_path} has no scenario.json"):
        L.main([cmd, str(tmp_path)])
    if cmd in L.READS_PACKETS:
        only_info = L.REF_DIR / "trace_mix_shallow_long_term"
        assert not (only_info / "packets.parquet").exists()
        with pytest.raises(SystemExit, match=f"linuxref {cmd}: {only_info} has no packets.parquet"):
            L.main([cmd, str(only_info)])


def test_linuxref_bursts_sums_traces_of_one_case_and_refuses_two_cases(tmp_path, monkeypatch, capsys):
    """`linuxref bursts DIR...` sums the burst counts of every folder (the same trace
    given twice counts each size twice) and refuses folders of different cases by name,
    before running satcc."""
    one, other = L.REF_DIR / "trace_two_rtt_bbr", L.REF_DIR / "receiver_mix_shallow_cubic_bbr"
    monkeypatch.setattr(L, "REF_DIR", L.REF_DIR)  # --ref sets it: put it back afterwards
    monkeypatch.setattr(L, "satcc_burst_sizes", lambda name, ccs, t0, t1, seeds, td: {"rtt50": {2: 1}, "rtt150": {2: 1}})
    ref = tmp_path / "ref"
    ref.mkdir()
    assert L.main(["bursts", str(one), "--write", "--ref", str(ref)]) == 0
    assert L.main(["bursts", str(one), str(one), "--write", "--ref", str(ref / "..")]) == 0
    single = json.loads((ref / "bursts_two-rtt_bbr.json").read_text())
    double = json.loads((tmp_path / "bursts_two-rtt_bbr.json").read_text())
    assert (single["traces"], double["traces"]) == (1, 2)
    assert single["flows"]["rtt50"] and all(
        double["flows"][f] == {k: 2 * v for k, v in c.items()} for f, c in single["flows"].items())
    assert "Linux, 2 trace(s)" in capsys.readouterr().out
    with pytest.raises(SystemExit, match=f"linuxref bursts: {other} is a trace of mix-shallow/bbr\\+cubic .* give traces "
                                         "of one case and duration"):
        L.main(["bursts", str(one), str(other)])


def test_first_joint_loss_takes_the_earliest_drop_and_the_flows_dropping_with_it():
    """linuxref.first_joint_loss: the link's first loss episode in a window is its
    earliest drop there and every drop less than JOINT_EPISODE_S after it."""
    drops = [(2.9, "a"), (4.42, "a"), (4.43, "b"), (4.43 + L.JOINT_EPISODE_S + 0.001, "c"), (7.0, "b")]
    assert L.first_joint_loss(drops, 3.0, 6.0) == (("a", "b"), 4.42)
    assert L.first_joint_loss(drops, 4.425, 6.0) == (("b",), 4.43)
    assert L.first_joint_loss(drops, 5.0, 6.0) is None


def test_linuxref_losses_reads_traces_of_one_case(monkeypatch, capsys):
    """`linuxref losses DIR...`: Linux's first loss episode per trace beside satcc's
    seeds, grouped by the flows that lost in it; folders of two cases are refused by
    name, and so is a window that ends before it begins."""
    one, other = L.REF_DIR / "trace_two_rtt_bbr", L.REF_DIR / "receiver_mix_shallow_cubic_bbr"
    monkeypatch.setattr(L, "satcc_drops", lambda name, ccs, dur, seed, j=None: [(4.0 + seed / 100, "rtt50")])
    assert L.main(["losses", str(one), "--from", "0", "--to", "30", "--seeds", "3"]) == 0
    out = capsys.readouterr().out
    assert "two-rtt/bbr: the link's first loss episode from 0 to 30 s" in out
    assert "satcc, seeds 1-3" in out and "  rtt50: 3, at 4.01-4.03 s" in out
    with pytest.raises(SystemExit, match=f"linuxref losses: {other} is a trace of mix-shallow/bbr\\+cubic"):
        L.main(["losses", str(one), str(other)])
    with pytest.raises(SystemExit, match="--to must be after --from"):
        L.main(["losses", str(one), "--from", "5", "--to", "4"])


def test_psh_by_burst_counts_where_a_senders_psh_falls():
    """linuxref.psh_by_burst: bursts of two or more and whether each ends with PSH, lone
    segments and theirs, segments inside a burst and theirs."""
    us = 1e-6
    rows = [(0.0, False), (12 * us, True),           # a pair ending with PSH
            (1e-3, False),                            # a lone segment
            (2e-3, False), (2e-3 + 12 * us, True), (2e-3 + 24 * us, False),  # PSH inside, none at the end
            (5e-3, True)]                             # a lone segment with PSH
    assert L.psh_by_burst(rows) == {"bursts": 2, "bursts_ending_psh": 1, "lone": 2, "lone_psh": 1,
                                    "inside": 3, "inside_psh": 1}


@pytest.mark.parametrize("case", ["two-rtt/cubic", "two-rtt/bbr"])
def test_linuxs_senders_end_their_bursts_with_psh_and_not_their_lone_segments(case):
    """What `tcp.push_ack`'s senders do, as Linux's do (tests/data/linux_ref/psh_CASE.json,
    `sudo python -m satcc.dev.linuxref psh CASE --write`: each sender's own packets
    captured in its namespace): at least 95 % of the bursts of two or more end with PSH,
    at most 1 % of the lone segments carry it, at most 5 % of the segments inside a
    burst."""
    ref = json.loads((L.REF_DIR / f"psh_{case.replace('/', '_')}.json").read_text())
    tot = {k: sum(x[k] for x in ref["senders"].values()) for k in next(iter(ref["senders"].values()))}
    assert tot["bursts"] > 1000 and tot["lone"] > 100, tot
    assert tot["bursts_ending_psh"] >= 0.95 * tot["bursts"], tot
    assert tot["lone_psh"] <= 0.01 * tot["lone"], tot
    assert tot["inside_psh"] <= 0.05 * tot["inside"], tot


def test_repair_gives_segments_recorded_with_no_payload_theirs_and_leaves_the_handshake():
    """linuxref.repair_payloads on a made-up capture of the emulation before 2026-11-27:
    the SYN recorded with its options' 8 bytes, the handshake's last ACK (one past the
    SYN) and a FIN with none; a full segment and a last short one recorded with none
    (kept in the pool's first slot) get theirs from the next segment above them, on
    every link; ACKs and the other flow are untouched. Then the summary counts one SYN
    and the data drops from the drops table."""
    isn = 2**32 - 3000  # the sequence numbers wrap past 2^32 within the flow
    seg = lambda k: (isn + 1 + 1448 * k) % 2**32

    def row(link, t, seq, pay, flow="f", ack=False):
        return {"time_s": t, "link": link, "flow": flow, "ack": ack, "seqno": seq, "payload_bytes": pay}

    rows = [row("a->r", 0.0, isn, 8), row("r->b", 0.05, isn, 8), row("a->r", 0.1, seg(0), 0),
            row("a->r", 0.11, seg(0), 1448), row("a->r", 0.12, seg(1), 0), row("r->b", 0.17, seg(1), 0),
            row("a->r", 0.13, seg(2), 1448), row("a->r", 0.14, seg(3), 0), row("a->r", 0.15, (seg(3) + 700) % 2**32, 1448),
            row("a->r", 0.2, (seg(3) + 2148) % 2**32, 0), row("b->r", 0.2, seg(2), 0, ack=True),
            row("a->r", 0.0, 77, 0, flow="g"), row("a->r", 0.1, 78, 0, flow="g"),
            # a flow whose SYN the capture missed: its first row is data, kept as it is
            row("a->r", 0.0, 500, 1448, flow="h"), row("a->r", 0.1, 500 + 1448, 0, flow="h"),
            row("a->r", 0.2, 500 + 2896, 1448, flow="h")]
    assert L.repair_payloads(rows, 1448) == 6
    pay = [r["payload_bytes"] for r in rows]
    assert pay == [0, 0, 0, 1448, 1448, 1448, 1448, 700, 1448, 0, 0, 0, 0, 1448, 1448, 1448], pay
    assert L.repair_payloads(rows, 1448) == 0, "a second pass changes nothing"
    summary = {"flows": [{"name": "f"}]}
    drops = [{"flow": "f", "seqno": seg(1), "ack": False}, {"flow": "f", "seqno": seg(2), "ack": True}]
    L.repair_summary(summary, rows, drops)
    assert summary["flows"][0] == {"name": "f", "syn_pkts_sent": 1, "syn_pkts_dropped": 0, "data_pkts_dropped": 1}


STARTUP_RUNS = sorted((L.REF_DIR / "startup_one_1bdp_bbr").glob("run*"))


def _early(r: dict) -> bool:
    """A round of the rebuilt STARTUP (bbr_rounds) to round 7 that did not grow the
    bandwidth by a quarter: STARTUP then ends at round 9 rather than 10."""
    return any(x["full_cnt"] for x in r["rounds"] if x["round"] <= 7)


def test_bbr_rounds_rebuilt_from_a_linux_capture_tell_when_its_startup_ends():
    """Six Linux runs of one-1bdp/bbr (1.6 s each with packets, `linuxref trace`,
    2026-11-27): BBR's rounds rebuilt from the sender's packets (linuxref.bbr_rounds:
    tcp_rate.c's samples, tcp_bbr.c's rounds and full-pipe check) say which runs leave
    STARTUP a round early (the bandwidth at round 6's end above 19.31 / 1.25 Mb/s, so
    round 7 grows it by less than a quarter), as the runs' own TCP_INFO shows it (the
    first ssthresh, DRAIN's: 1.35 s against 1.55 s on its 10 ms grid). The rebuilt
    bandwidth at each round's end is the sender's own: round 7's is the path's 19.31
    Mb/s in every run."""
    import pyarrow.parquet as pq

    assert len(STARTUP_RUNS) == 6
    kinds = []
    for run in STARTUP_RUNS:
        d = json.loads((run / "scenario.json").read_text())
        data_link, ack_link, hop = L._sender_links(d, d["flows"][0])
        r = L.bbr_rounds(pq.read_table(run / "packets.parquet").to_pylist(), "f0", data_link, ack_link, hop,
                         True, 1.0)
        info = pq.read_table(run / "tcp_info.parquet").to_pylist()
        ex = L.slow_start_exit([x["t_s"] for x in info], [x["cwnd_pkts"] for x in info],
                               [x["ssthresh_pkts"] for x in info])
        assert ex is not None and 1.2 < ex["t"] < 1.7, (run.name, ex)
        assert _early(r) == (ex["t"] < 1.45), (run.name, r["rounds"], ex)
        assert abs(next(x for x in r["rounds"] if x["round"] == 7)["max_bw_mbps"] - 19.31) < 0.05, r["rounds"]
        kinds.append(_early(r))
    assert kinds.count(True) == 1, kinds  # these six runs: one early (docs/cubic-bbr.md)


def test_bbr_rounds_rebuilt_from_satccs_capture_tell_when_its_startup_ends():
    """The same rebuild from satcc's own packets (seeds 1-4 of the case) agrees with
    satcc's BBR on which seeds leave STARTUP a round early: the rebuild counts what
    Linux's code counts, on either side's packets."""
    import satcc

    kinds = []
    for seed in range(1, 5):
        d = L.satcc_case("one-1bdp", ("bbr",), 1.7, seed)
        data_link, ack_link, hop = L._sender_links(d, d["flows"][0])
        d["monitor"]["capture"] = [data_link, ack_link]
        res = satcc.run(d)
        r = L.bbr_rounds(res.packets.to_pylist(), "f0", data_link, ack_link, hop, False, 1.0)
        rows = [x for x in res.flows.to_pylist() if x["flow"] == "f0"]
        ex = L.slow_start_exit([x["time_s"] for x in rows], [x["cwnd_pkts"] for x in rows],
                               [x["ssthresh_pkts"] for x in rows])
        assert ex is not None, seed
        assert _early(r) == (ex["t"] < 1.45), (seed, r["rounds"], ex)
        kinds.append(_early(r))
    assert True in kinds and False in kinds, kinds  # seeds of both kinds (docs/cubic-bbr.md)


def test_rounds_command_sets_a_linux_trace_beside_satccs_seeds(capsys):
    assert L.main(["rounds", str(STARTUP_RUNS[0]), "--seeds", "1", "--until", "1.0"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("f0: round:end") and out[1].lstrip().startswith("Linux") and out[2].lstrip().startswith("satcc 1")
    assert " 6:0.71" in out[1] and "STARTUP ends at round -" in out[1], out[1]


def test_bbr_rounds_takes_the_newest_acknowledged_segments_sample_on_a_made_up_capture():
    """linuxref.bbr_rounds on a capture worked by hand (segments 1 and 2 leave at 50 ms,
    3 and 4 after the first two ACKs, one ACK for both): the sample of an ACK is its
    newest segment's (segment 4, not 3: 2 delivered over 110 ms, not 3 over 120), the
    send phase starts at the first send (nothing in flight: not at 0), a round ends at
    the ACK of the first segment sent after the last round began, and the full-pipe
    check counts from there. Linux's byte numbering gives the same."""
    hop, mbps = 0.001, lambda d, s: d * 1448 * 8 / s / 1e6

    def capture(seq, ack):
        rows = [("a->r", t + hop, False, seq(k)) for t, k in ((0.05, 0), (0.05, 1), (0.15, 2), (0.16, 3))]
        rows += [("r->a", t, True, ack(n)) for t, n in ((0.15, 1), (0.16, 2), (0.27, 4))]
        return [{"flow": "f", "link": l, "time_s": t, "ack": a, "seqno": q, "payload_bytes": 0 if a else 1448}
                for l, t, a, q in rows]

    satcc_numbers = capture(lambda k: k + 1, lambda n: n)  # segments; an ACK the last in order
    isn = 2**32 - 2000
    linux_numbers = capture(lambda k: (isn + 1 + 1448 * k) % 2**32, lambda n: (isn + 1 + 1448 * n) % 2**32)
    for rows, seq_bytes in ((satcc_numbers, False), (linux_numbers, True)):
        r = L.bbr_rounds(rows, "f", "a->r", "r->a", hop, seq_bytes, 1.0)
        got = [(x["round"], x["end_s"], x["delivered"], round(x["max_bw_mbps"], 6), round(x["full_bw_mbps"], 6),
                x["full_cnt"]) for x in r["rounds"]]
        assert got == [(1, 0.15, 2, round(mbps(1, 0.1), 6), round(mbps(1, 0.1), 6), 0),
                       (2, 0.27, 5, round(mbps(2, 0.11), 6), round(mbps(2, 0.11), 6), 0)], (seq_bytes, got)
        assert r["exit_round"] is None


def test_which_seeds_leave_startup_early_is_a_tie_the_jitter_breaks_whatever_its_size(capsys):
    """The single BBR flow's STARTUP split in satcc (docs/cubic-bbr.md, "Where STARTUP's
    round ends"): without link jitter every seed leaves a round early, the event order of
    a pacing wake-up and an ACK due at the same nominal instant always the same; with
    jitter, which seeds leave early is the same at 1 us as at 5 us (and the hosts'
    measured 5 us is what the comparison uses): the draws' order breaks the tie, not
    their size. `linuxref startup --link-jitter-ms` runs the what-if."""
    import satcc

    def early(seed: int, jitter_ms: float) -> bool:
        d = L.satcc_case("one-1bdp", ("bbr",), 1.7, seed, link_jitter_ms=jitter_ms)
        rows = [x for x in satcc.run(d).flows.to_pylist() if x["flow"] == "f0"]
        ex = L.slow_start_exit([x["time_s"] for x in rows], [x["cwnd_pkts"] for x in rows],
                               [x["ssthresh_pkts"] for x in rows])
        return ex["t"] < 1.45

    seeds = range(1, 13)
    assert all(early(s, 0.0) for s in seeds)
    small, default = [early(s, 0.001) for s in seeds], [early(s, 0.005) for s in seeds]
    assert small == default and True in default and False in default, (small, default)
    assert L.main(["startup", "one-1bdp/bbr", "--seeds", "2", "--link-jitter-ms", "0"]) == 0
    assert "satcc (2 exits of 2 runs): median 1.25 s" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        L.main(["startup", "one-1bdp/bbr", "--link-jitter-ms", "-1"])
    assert "--link-jitter-ms: 0 or more, got -1" in capsys.readouterr().err


def test_linuxref_record_adds_runs_to_a_case_of_this_kernel_and_refuses_a_mix(tmp_path, monkeypatch, capsys):
    """`record --cases NAME/CC --add-runs N` (without Linux: its runs stand in): the case's
    runs grow by N, recorded with the seeds after theirs, the other cases as they were;
    a case recorded on another kernel build is refused by name (record it anew), as are
    --add-runs without --cases and a case that is none."""
    import platform
    import shutil

    for f in ("reference.json", "traces.json.gz"):
        shutil.copy(L.REF_DIR / f, tmp_path / f)
    monkeypatch.setattr(L, "REF_DIR", tmp_path)
    ref = json.loads((tmp_path / "reference.json").read_text())
    key = "one-1bdp/cubic"
    kernel = ref["cases"][key].get("kernel", ref["kernel"])
    had = L.load_traces()[key]
    seeds = []

    def fake_linux(name, ccs, duration, seed):
        seeds.append(seed)
        return had[0]["traces"], had[0]["goodput_mbps"]

    monkeypatch.setattr(L, "run_linux", fake_linux)
    monkeypatch.setattr(platform, "release", lambda: kernel)
    assert L.main(["record", "--cases", key, "--add-runs", "2", "--duration", str(ref["duration_s"])]) == 0
    new = json.loads((tmp_path / "reference.json").read_text())
    assert seeds == [len(had) + 1, len(had) + 2]
    assert len(new["cases"][key]["runs"]) == len(had) + 2 and new["cases"][key]["runs"][-1] == new["cases"][key]["runs"][0]
    assert {k: v for k, v in new["cases"].items() if k != key} == {k: v for k, v in ref["cases"].items() if k != key}
    assert len(L.load_traces()[key]) == len(had) + 2
    monkeypatch.setattr(platform, "release", lambda: "0.0-other")
    with pytest.raises(SystemExit, match=f"{key} was recorded on kernel {kernel}, this is 0.0-other: record it anew"):
        L.main(["record", "--cases", key, "--add-runs", "1", "--duration", str(ref["duration_s"])])
    with pytest.raises(SystemExit, match="--add-runs adds runs to the cases named by --cases"):
        L.main(["record", "--add-runs", "1"])
    with pytest.raises(SystemExit, match="--cases takes NAME or NAME/CC"):
        L.main(["record", "--cases", "nope", "--add-runs", "1"])
    # a case recorded anew on another kernel keeps its kernel; the table's header names it
    assert L.main(["record", "--cases", key, "--runs", "1", "--duration", str(ref["duration_s"])]) == 0
    new = json.loads((tmp_path / "reference.json").read_text())
    assert new["cases"][key]["kernel"] == "0.0-other" and len(new["cases"][key]["runs"]) == 1
    assert L.main(["remeasure"]) == 0
    assert json.loads((tmp_path / "reference.json").read_text())["cases"][key]["kernel"] == "0.0-other"
