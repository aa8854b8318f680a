"""satcc against ns-2 2.35 count for count on random deterministic networks
(satcc.dev.ns2exact), without ns-2: the committed counters (ns2/reference/exact.json)
were ns-2's on the Tcl whose hashes are recorded beside them.

Also ns-2's random number generator as satcc.ns2 reproduces it (the sender's RTT clock
phase, boot_time_, is drawn from it) and the pinning of those phases."""

import copy
import hashlib
import json
import re

import pytest

from satcc import schema, ns2
from satcc.dev import ns2exact
from satcc.run import run
from satcc.scenario import ScenarioError

REF = ns2exact.reference()
CHUNKS = [REF["networks"][i:i + 20] for i in range(0, len(REF["networks"]), 20)]


def test_the_reference_covers_the_generator_s_networks():
    # each network's script is held to the reference's hash by compare (below), which
    # builds the network anyway
    assert REF["networks"] == ns2exact.NETWORKS
    assert sorted(map(int, REF["tcl_sha256"])) == sorted(REF["networks"] + REF["apart"])


def test_a_network_whose_script_changed_is_reported_as_that_alone():
    k = REF["networks"][0]
    assert ns2exact.compare([k], REF) == {k: []}
    ref = {**REF, "tcl_sha256": {**REF["tcl_sha256"], str(k): "0" * 64}}
    (d,) = ns2exact.compare([k], ref)[k]
    assert d.startswith("its ns-2 script is not the one the reference was made from") and d.endswith(f"refresh {k}")
    assert ns2exact.tcl_sha256(ns2exact.network(k)) == hashlib.sha256(ns2exact.tcl(k).encode()).hexdigest()


@pytest.mark.parametrize("networks", CHUNKS, ids=lambda c: f"networks{c[0]}-{c[-1]}")
def test_every_random_network_gives_ns2_s_counters_exactly(networks):
    diffs = {k: d for k, d in ns2exact.compare(networks, REF).items() if d}
    assert not diffs, "\n".join(f"network {k}: {d}" for k, d in diffs.items())


def test_the_networks_known_apart_still_differ_and_are_in_the_reference():
    # each still parts from ns-2 (a fix would show here: then compare it with the rest)
    assert REF["apart"] == sorted(ns2exact.APART)
    for k, diffs in ns2exact.compare(REF["apart"], REF).items():
        assert diffs, f"network {k} now gives ns-2's counters: move it from APART to NETWORKS"
        assert not diffs[0].startswith("its ns-2 script is not"), f"network {k}: {diffs[0]}"
        if ns2exact.APART[k] == ns2exact._PAST_END:
            # the reason, as satcc's run reports it: a trace source's start past its table
            flows = run(ns2exact.network(k)).summary["flows"]
            assert any(f.get("trace_past_end") for f in flows), f"network {k}"


def test_the_networks_exercise_what_they_claim():
    # losses, timeouts, both sinks, both controllers, rings and asymmetric links: a
    # comparison of quiet networks would prove little
    # (the random networks; the lockstep and round-number dumbbells have tests of their own)
    random_nets = [k for k in REF["networks"] if ns2exact._kind(k)[2] not in ("lockstep", "round")]
    nets = [ns2exact.network(k) for k in random_nets]
    counters = [REF["counters"][str(k)] for k in random_nets]
    assert sum(c["links"][n][2] > 0 for c in counters for n in c["links"]) > 200, "drops"
    assert sum(len(f) > 1 and (f[3] or 0) > 0 for c in counters for f in c["flows"].values()) > 100, "timeouts"
    flows = [f for sc in nets for f in sc["flows"] if f.get("transport", "tcp") == "tcp"]
    assert {f["cc"] for f in flows} == {"newreno", "reno", "tahoe", "vegas"}
    assert {f["tcp"]["delayed_ack"] for f in flows} == {True, False}
    assert {f["tcp"]["syn"] for f in flows} == {True, False}
    assert any("stop_s" in f for f in flows)
    assert any(f["tcp"]["initial_ssthresh_pkts"] for f in flows) and {f["tcp"]["dupack_threshold"] for f in flows} == {2, 3, 4}
    assert sum(f["start_s"] == 0.0 for f in flows) > 20, "flows starting together"
    assert any(any("b_to_a" in l for l in sc["links"]) for sc in nets)
    assert any(sc["duration_s"] == ns2exact.LONG_DURATION_S for sc in nets)

    def is_ring(sc):
        routers = [n["name"] for n in sc["nodes"] if n["name"].startswith("R")]
        between = [l for l in sc["links"] if l["a"] in routers and l["b"] in routers]
        return len(routers) >= 3 and len(between) == len(routers)
    assert any(is_ring(sc) for sc in nets)


def test_the_sack1_networks_exercise_ns2_s_sack_recovery():
    # networks 4000 on: most flows run ns-2's Sack1 agents, plain, lossy and with ON/OFF
    # sources; their recoveries must be many for the counts to prove anything
    sack1 = [k for k in REF["networks"] if ns2exact._kind(k)[2] == "sack1"]
    assert len(sack1) >= 290
    assert {ns2exact._kind(k) for k in sack1} == {(False, False, "sack1"), (True, False, "sack1"), (True, True, "sack1")}
    flows = retx = timeouts = 0
    for k in sack1:
        c = REF["counters"][str(k)]["flows"]
        for f in ns2exact.network(k)["flows"]:
            if f["tcp"].get("sack_agent") == "sack1":
                flows += 1
                retx += c[f["name"]][2]
                timeouts += c[f["name"]][3]
    assert flows > 1000 and retx > 20000 and timeouts > 500, (flows, retx, timeouts)


def test_the_tahoe_networks_exercise_ns2_s_agent_tcp():
    # networks 5000 on: three flows in five are ns-2's Agent/TCP (Tahoe), plain and lossy;
    # their go-back-N recoveries must be many
    tahoe = [k for k in REF["networks"] if ns2exact._kind(k)[2] == "tahoe"]
    assert len(tahoe) == 200 and {ns2exact._kind(k)[0] for k in tahoe} == {False, True}
    flows = retx = timeouts = 0
    for k in tahoe:
        c = REF["counters"][str(k)]["flows"]
        for f in ns2exact.network(k)["flows"]:
            if f["cc"] == "tahoe":
                flows += 1
                retx += c[f["name"]][2]
                timeouts += c[f["name"]][3]
    assert flows > 500 and retx > 20000 and timeouts > 300, (flows, retx, timeouts)


def _family(kind: str) -> list[int]:
    """The reference's networks of `kind` (ns2exact._kind): a family holds 100, those
    known apart (APART) beside those compared."""
    nets = [k for k in REF["networks"] + REF["apart"] if ns2exact._kind(k)[2] == kind and k not in ns2exact.SCANNED]
    assert len(nets) == 100, kind
    return sorted(nets)


def _parted(kind: str, change) -> int:
    """How many of the first twenty networks of `kind` (ns2exact._kind) part from ns-2's
    counts once `change(flow_or_link)` has been applied to each of their flows and links."""
    apart = 0
    for k in [k for k in REF["networks"] if ns2exact._kind(k)[2] == kind][:20]:
        sc = ns2exact.network(k)
        for x in sc["flows"] + sc["links"]:
            change(x)
        apart += bool(ns2exact.differences(ns2exact.counters_from_satcc(run(sc).summary), REF["counters"][str(k)]))
    return apart


def _agents(flows) -> set[str]:
    """Which of ns-2's agents `flows` run: vegas, tahoe, sack1 or reno (Reno and NewReno)."""
    return {("vegas" if f.get("cc") == "vegas" else "tahoe" if f.get("cc") == "tahoe" else
             f["tcp"]["sack_agent"] if f["tcp"].get("sack_agent") in ("sack1", "fack") else "reno") for f in flows}


def _renamed(old: str, new: str):
    def change(x):
        if x.get("cc") == old:
            x["cc"] = new
    return change


def test_the_lockstep_dumbbells_tie_departures_and_arrivals_deep():
    # networks from LOCKSTEP_FIRST: the first sender's access link has no delay and the
    # bottleneck's rate, so a packet's arrival at the router and the bottleneck's
    # departure fall due at the same double time packet after packet, and ns-2's order
    # of the two goes back along both links' chains of departures (engine::order); a
    # 0.02 % change of the access rate ends the ties, and the counters part from ns-2's
    # in many of them (48 of 150 under the order kept before 2026-11-28)
    lock = [k for k in REF["networks"] if ns2exact._kind(k)[2] == "lockstep"]
    assert len(lock) == 150
    nets = {k: ns2exact.network(k) for k in lock}
    assert all(sc["links"][0]["rate_bps"] == sc["links"][1]["rate_bps"] and sc["links"][0]["delay_ms"] == 0.0
               for sc in nets.values())
    parted = 0
    for k in lock[:40]:
        sc = nets[k]
        sc["links"][0]["rate_bps"] *= 1.0002
        parted += bool(ns2exact.differences(ns2exact.counters_from_satcc(run(sc).summary), REF["counters"][str(k)]))
    assert parted >= 15, parted  # 19 of 40


def test_the_comparison_sees_reno_in_place_of_tahoe():
    # Reno's fast recovery in place of Tahoe's go-back-N parts from ns-2's counts in most
    # of the first twenty Tahoe networks
    assert _parted("tahoe", _renamed("tahoe", "reno")) >= 12


def test_the_vegas_networks_exercise_ns2_s_agent_tcp_vegas():
    # networks 6000 on: three flows in five are ns-2's Agent/TCP/Vegas, plain and lossy
    vegas = [k for k in REF["networks"] if ns2exact._kind(k)[2] == "vegas"]
    assert len(vegas) >= 199 and {ns2exact._kind(k)[0] for k in vegas} == {False, True}
    flows = retx = timeouts = own = 0
    for k in vegas:
        c = REF["counters"][str(k)]["flows"]
        for f in ns2exact.network(k)["flows"]:
            if f["cc"] == "vegas":
                flows += 1
                retx += c[f["name"]][2]
                timeouts += c[f["name"]][3]
                own += "vegas_alpha" in f["tcp"]
    assert flows > 500 and retx > 5000 and timeouts > 100 and own > 100, (flows, retx, timeouts, own)


def test_the_comparison_sees_reno_in_place_of_vegas():
    # Reno's window and recovery in place of Vegas's part from ns-2's counts in most of
    # the first twenty Vegas networks
    assert _parted("vegas", _renamed("vegas", "reno")) >= 15


def test_the_ecn_networks_exercise_marks_and_responses():
    # networks 7000 on: lossy networks whose RED queues mostly mark and whose Tahoe,
    # Reno and NewReno senders mostly run tcp.ecn; ns-2's ECN responses are compared too
    ecn = [k for k in REF["networks"] if ns2exact._kind(k)[2] == "ecn"]
    assert len(ecn) >= 199
    flows = responses = marking = 0
    ccs = set()
    for k in ecn:
        sc = ns2exact.network(k)
        c = REF["counters"][str(k)]["flows"]
        for f in sc["flows"]:
            if f["tcp"].get("ecn"):
                flows += 1
                ccs.add(f["cc"])
                assert len(c[f["name"]]) == 5, "an ECN flow's counters end with its ECN responses"
                responses += c[f["name"]][4]
        marking += sum(l["queue"].get("ecn", False) for l in sc["links"])
    assert ccs == {"newreno", "reno", "tahoe"}
    assert flows > 600 and responses > 800 and marking > 300, (flows, responses, marking)


def test_the_ecn_sack1_networks_exercise_sack1_s_ecn():
    # networks 7200 on: the ECN networks with most Reno and NewReno senders as ns-2's
    # Sack1 agents
    nets = _family("ecn-sack1")
    flows = responses = retx = 0
    for k in nets:
        c = REF["counters"][str(k)]["flows"]
        for f in ns2exact.network(k)["flows"]:
            if f["tcp"].get("ecn") and f["tcp"].get("sack_agent") == "sack1":
                flows += 1
                responses += c[f["name"]][4]
                retx += c[f["name"]][2]
    assert flows > 200 and responses > 80 and retx > 1000, (flows, responses, retx)


def test_the_comparison_sees_drops_in_place_of_marks():
    # the same networks with queues that drop rather than mark part from ns-2's counts
    # in most of the first twenty (13 of them: the others mark no packet)
    assert _parted("ecn", lambda x: x.get("queue", {}).pop("ecn", None)) >= 12


def test_the_comparison_sees_rfc6675_in_place_of_sack1():
    # satcc's own SACK recovery on the same networks parts from ns-2's Sack1 counts in
    # nearly every one: the Sack1 comparison checks Sack1's rules, not SACK in general
    def rfc6675(x):
        if x.get("tcp", {}).get("sack_agent") == "sack1":
            x["tcp"]["sack_agent"] = "rfc6675"
    assert _parted("sack1", rfc6675) >= 15


def test_the_comparison_sees_a_buffer_one_packet_smaller():
    # in satcc only, the first link that drops packets holds one packet fewer: every
    # network of the first twenty with drops then parts from ns-2's counters
    tried = 0
    for k in REF["networks"][:20]:
        theirs = REF["counters"][str(k)]
        lossy = [n for n, c in theirs["links"].items() if c[2] > 0]
        if not lossy:
            continue
        a, b = lossy[0].split("->")
        sc = ns2exact.network(k)
        for l in sc["links"]:
            if {l["a"], l["b"]} == {a, b}:
                l["queue"]["limit_pkts"] -= 1
                l.pop("b_to_a", None)
        tried += 1
        assert ns2exact.differences(ns2exact.counters_from_satcc(run(sc).summary), theirs), f"network {k}"
    assert tried >= 10


def test_differences_name_what_differs():
    theirs = {"flows": {"f0": [10, 12, 1, 0]}, "links": {"a->b": [12, 12, 0]}}
    same = {"flows": {"f0": [10, 12, 1, 0]}, "links": {"a->b": [12, 11, 0]}}
    assert ns2exact.differences(same, theirs) == [], "ns-2 counts the packet on the wire as departed"
    other = {"flows": {"f0": [10, 13, 1, 0]}, "links": {"a->b": [12, 10, 0]}}
    d = ns2exact.differences(other, theirs)
    assert len(d) == 2 and d[0].startswith("flow f0") and d[1].startswith("link a->b")


# ns-2 2.35's own output: `$defaultRNG seed 1` then `testdouble 1.0` twice and
# `testdouble 0.01` (printed %6e), and the values after `seed 1000`/`seed 1001`
# (`next-random` is rand_int(0, 2^31 - 1) of the next draw).
NS2_SEED1 = ["3.395772e-04", "5.558807e-01", "1.420466e-04"]
NS2_NEXT_RANDOM_AFTER_ONE_DRAW = {1000: 1886296480, 1001: 932557581}


def test_ns2s_generator_is_reproduced():
    r = ns2.Ns2Rng(1)
    assert ["%6e" % r.u01(), "%6e" % r.u01(), "%6e" % (0.01 * r.u01())] == NS2_SEED1
    for seed, want in NS2_NEXT_RANDOM_AFTER_ONE_DRAW.items():
        r = ns2.Ns2Rng(seed)
        r.u01()
        assert int(2**31 * r.u01()) == want
    with pytest.raises(ValueError, match="seed"):
        ns2.Ns2Rng(0)


def _two_flows():
    return {"duration_s": 1.0, "nodes": [{"name": "a"}, {"name": "b"}],
            "links": [{"a": "a", "b": "b", "rate_bps": 1e6, "delay_ms": 10.0}],
            "flows": [{"name": "x", "src": "a", "dst": "b"}, {"name": "y", "src": "a", "dst": "b", "tcp": {"tick_s": 0.1}}]}


def test_pinned_phases_are_ns2s_draws_and_the_script_reseeds_before_each_reset():
    sc = ns2.pin_tick_phases(_two_flows(), 3)
    phases = [f["tcp"]["tick_phase_s"] for f in sc["flows"]]
    assert phases == [ns2.ns2_tick_phase(ns2.tick_phase_seed(3, i), t) for i, t in enumerate([0.01, 0.1])]
    assert 0 <= phases[0] < 0.01 and 0 <= phases[1] < 0.1 and phases[0] / 0.01 != phases[1] / 0.1
    tcl = ns2.to_tcl(sc, ns2_seed=3)
    assert "Agent/TCP instproc reset" in tcl and "$self cmd reset" in tcl
    assert "Agent/TCP instproc reset" not in ns2.to_tcl(_two_flows(), ns2_seed=3), "unpinned: ns-2 draws its own"
    assert run(sc).summary["flows"][0]["name"] == "x"  # satcc takes the pinned phases


def test_a_phase_ns2_would_not_draw_is_refused_by_name():
    sc = ns2.pin_tick_phases(_two_flows(), 1)
    sc["flows"][1]["tcp"]["tick_phase_s"] = 0.05
    with pytest.raises(ScenarioError, match=r"flows\[1\] \(y\)\.tcp\.tick_phase_s.*pin_tick_phases"):
        ns2.to_tcl(sc, ns2_seed=1)
    half = ns2.pin_tick_phases(_two_flows(), 1)
    del half["flows"][0]["tcp"]["tick_phase_s"]
    with pytest.raises(ScenarioError, match=r"flows\[0\] \(x\)"):
        ns2.to_tcl(half, ns2_seed=1)
    with pytest.raises(ScenarioError, match="tick_phase_s"):
        ns2.to_tcl(ns2.pin_tick_phases(_two_flows(), 1), ns2_seed=2)


def test_a_tick_phase_outside_the_tick_is_refused_by_name():
    sc = _two_flows()
    sc["flows"][0]["tcp"] = {"tick_phase_s": 0.02}
    with pytest.raises(Exception, match=r"flows\[0\]\.tcp\.tick_phase_s: must be in \[0, tick_s\)"):
        run(sc)


LOSSY = [k for k in REF["networks"] if ns2exact._kind(k)[0]]


def test_the_lossy_networks_run_red_and_error_models_on_ns2_s_draws():
    # RED queues and both error models, every draw from ns-2's generator: the counters
    # then agree only if each draw is taken when ns-2 takes it, in ns-2's order
    assert len(LOSSY) >= 99
    nets = [ns2exact.network(k) for k in LOSSY]
    assert all(sc["ns2_rng_seed"] for sc in nets)
    links = [l for sc in nets for l in sc["links"]]
    assert sum(l["queue"]["type"] == "red" for l in links) > 100
    errors = [e for l in links for e in [l.get("error"), l.get("a_to_b", {}).get("error"), l.get("b_to_a", {}).get("error")] if e]
    assert {"per", "ber"} <= {e["type"] for e in errors} and any(e.get("per") == 0.0 for e in errors)
    lossy_drops = sum(c[2] for k in LOSSY for c in REF["counters"][str(k)]["links"].values())
    assert lossy_drops > 3000


def test_the_comparison_sees_a_draw_taken_from_another_stream():
    # the same networks with each link drawing from its own stream (no ns2_rng_seed):
    # most of those whose error models lose packets in ns-2 then part from it
    tried = parted = 0
    for k in LOSSY[:30]:
        sc = ns2exact.network(k)
        if not any(l.get("error") for l in sc["links"]):
            continue
        del sc["ns2_rng_seed"]
        tried += 1
        parted += bool(ns2exact.differences(ns2exact.counters_from_satcc(run(sc).summary), REF["counters"][str(k)]))
    assert tried >= 8 and parted >= tried - 2, (tried, parted)


def test_the_comparison_sees_red_replaced_by_droptail():
    # RED's average, count and draws matter: with DropTail of the same limit in its place,
    # networks whose RED queues hold packets part from ns-2
    tried = parted = 0
    for k in LOSSY[:40]:
        sc = ns2exact.network(k)
        red = [l for l in sc["links"] if l["queue"]["type"] == "red"]
        if not red:
            continue
        for l in red:
            l["queue"] = {"type": "droptail", "limit_pkts": l["queue"]["limit_pkts"]}
        tried += 1
        parted += bool(ns2exact.differences(ns2exact.counters_from_satcc(run(sc).summary), REF["counters"][str(k)]))
    assert tried >= 10 and parted >= tried // 2, (tried, parted)


def test_the_export_seeds_ns2_s_generator_first_at_time_0():
    sc = {**_two_flows(), "ns2_rng_seed": 12345}
    sc["links"][0]["error"] = {"type": "ber", "ber": 1e-6}
    tcl = ns2.to_tcl(sc)
    ats = [l for l in tcl.splitlines() if l.startswith("$ns at")]
    assert ats[0] == '$ns at 0.0 "$defaultRNG seed 12345"'
    # ns-2's `unit bit` never loses a packet without FEC tables: the byte unit, rate 1 - (1 - ber)^8
    assert "unit byte" in tcl and "unit bit" not in tcl
    rate = float(next(l for l in tcl.splitlines() if "set rate_" in l).split()[-1])
    assert rate == pytest.approx(1 - (1 - 1e-6) ** 8, rel=1e-12)
    assert "$defaultRNG seed 12345" not in ns2.to_tcl(_two_flows())


def test_ns2_rng_seed_is_checked_by_name():
    for bad in (0, 2**31 - 1):
        with pytest.raises(ScenarioError, match="ns2_rng_seed"):
            run({**_two_flows(), "ns2_rng_seed": bad})


def test_the_on_off_networks_run_ns2_s_pareto_sources():
    # networks from ONOFF_FIRST: half the flows are ns-2's Application/Traffic/Pareto
    # over the agent (bursts and OFF periods from ns-2's generator), some of them stopped
    on_off = [k for k in REF["networks"] if ns2exact._kind(k)[1] and ns2exact._kind(k)[2] is None]
    assert len(on_off) == 100
    flows = [f for k in on_off for f in ns2exact.network(k)["flows"]]
    pareto = [f for f in flows if f.get("traffic", {}).get("type") == "pareto"]
    assert len(pareto) > 150 and any("stop_s" in f for f in pareto)
    assert len({(f["traffic"]["shape"], f["traffic"]["mean_on_s"]) for f in pareto}) == 9
    sent = sum(REF["counters"][str(k)]["flows"][f["name"]][1] for k in on_off[:20]
               for f in ns2exact.network(k)["flows"] if f.get("traffic", {}).get("type") == "pareto")
    assert sent > 10_000, "the sources send"


def test_the_export_writes_ns2_s_pareto_generator():
    sc = _two_flows()
    sc["flows"][1]["traffic"] = {"type": "pareto", "shape": 1.5, "mean_on_s": 0.2, "mean_off_s": 0.5, "rate_bps": 2e6}
    sc["flows"][1]["stop_s"] = 0.8
    tcl = ns2.to_tcl(sc)
    for line in ("set app(1) [new Application/Traffic/Pareto]", "$app(1) set burst_time_ 0.2",
                 "$app(1) set idle_time_ 0.5", "$app(1) set rate_ 2000000.0", "$app(1) set shape_ 1.5",
                 "$app(1) attach-agent $tcp(1)", '$ns at 0.8 "$app(1) stop"'):
        assert line in tcl
    assert "set ftp(0) [$tcp(0) attach-app FTP]" in tcl and "ftp(1)" not in tcl


def test_the_exp_networks_run_ns2_s_exponential_sources():
    # networks from EXP_FIRST: three flows in five are ns-2's Application/Traffic/Exponential
    # over the agent, one in five Pareto; every law's setting is drawn, and they send
    exp = [k for k in REF["networks"] if ns2exact._kind(k)[2] == "exp"]
    assert len(exp) == 100
    flows = [(k, f) for k in exp for f in ns2exact.network(k)["flows"]]
    expo = [(k, f) for k, f in flows if f.get("traffic", {}).get("type") == "exponential"]
    assert len(expo) > 200 and any("stop_s" in f for _, f in expo)
    assert len({(f["traffic"]["mean_on_s"], f["traffic"]["mean_off_s"], f["traffic"]["rate_bps"]) for _, f in expo}) > 40
    assert any(f.get("traffic", {}).get("type") == "pareto" for _, f in flows)
    sent = [REF["counters"][str(k)]["flows"][f["name"]][1] for k, f in expo]
    assert sum(sent) > 50_000 and sum(s > 0 for s in sent) > 0.9 * len(sent), "the sources send"


def test_the_comparison_sees_pareto_in_place_of_exponential():
    # the same ON and OFF means drawn from Pareto (shape 2) part from ns-2's counts in
    # most of the first twenty exponential networks: the comparison checks the law
    def pareto(x):
        if x.get("traffic", {}).get("type") == "exponential":
            x["traffic"] = {**x["traffic"], "type": "pareto", "shape": 2.0}
    assert _parted("exp", pareto) >= 15


def test_the_export_writes_ns2_s_exponential_generator():
    sc = _two_flows()
    sc["flows"][1]["traffic"] = {"type": "exponential", "mean_on_s": 0.2, "mean_off_s": 0.5, "rate_bps": 2e6}
    sc["flows"][1]["stop_s"] = 0.8
    tcl = ns2.to_tcl(sc)
    for line in ("set app(1) [new Application/Traffic/Exponential]", "$app(1) set burst_time_ 0.2",
                 "$app(1) set idle_time_ 0.5", "$app(1) set rate_ 2000000.0",
                 "$app(1) attach-agent $tcp(1)", '$ns at 0.8 "$app(1) stop"'):
        assert line in tcl
    assert "shape_" not in tcl


def test_the_file_networks_compare_completion_times_with_ns2s_done():
    # networks from FILE_FIRST: most flows are transfers (FTP's send); ns-2's agents call
    # done when the cumulative ACK reaches curseq_ - 1, and that instant less the start is
    # each transfer's reference completion time (None: not done by the end)
    files = [k for k in REF["networks"] if ns2exact._kind(k)[2] == "file"]
    assert len(files) == 100
    fct = [v for k in files for v in REF["counters"][str(k)].get("fct", {}).values()]
    assert len(fct) > 250 and 0.7 * len(fct) < sum(v is not None for v in fct) < len(fct)
    sizes = {f["traffic"]["size_bytes"] for k in files for f in ns2exact.network(k)["flows"] if "traffic" in f}
    assert {1, 20_000, 5_000_000} <= sizes
    assert sum(REF["counters"][str(k)]["flows"][n][2] > 0 for k in files
               for n in REF["counters"][str(k)].get("fct", {})) > 50, "transfers that retransmit"


def test_the_file_more_networks_hand_transfers_more_during_the_run():
    # networks from FILE_MORE_FIRST: half the transfers handed one to three more messages
    # (traffic.more; exported as the agent's advanceby, `done` recorded again after each),
    # some of them after the first message was done; every counter and completion time
    # compared with ns-2 above
    nets = _family("file-more")
    made = [ns2exact.network(k) for k in nets]
    more = [(k, f) for k, sc in zip(nets, made) for f in sc["flows"] if (f.get("traffic") or {}).get("more")]
    assert len(more) >= 100 and sum(len(f["traffic"]["more"]) >= 2 for _, f in more) >= 40
    assert " advanceby " in ns2exact.tcl(more[0][0]) and "unset -nocomplain done_at(" in ns2exact.tcl(more[0][0])
    fct = [REF["counters"][str(k)]["fct"].get(f["name"]) for k, f in more]
    done = [v for v in fct if v is not None]
    # completed after the last message handed in the run, and some not by the end
    assert len(done) >= 50 and len(fct) - len(done) >= 10
    dur = {k: sc["duration_s"] for k, sc in zip(nets, made)}
    last = [max([m["at_s"] for m in f["traffic"]["more"] if m["at_s"] <= dur[k]], default=0.0) for k, f in more]
    assert all(v > at - f.get("start_s", 0.0) for (k, f), v, at in zip(more, fct, last) if v is not None)
    assert sum(at > 0 for at, v in zip(last, fct) if v is not None) >= 50


def test_the_comparison_sees_the_further_messages_and_their_times():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family file-more`)
    got = ns2exact.controls("file-more", REF)
    assert list(got.values()) == [15, 15], got


def test_the_reset_networks_reset_senders_just_before_they_start():
    # networks from RESET_FIRST: six TCP senders in ten reset just before they start
    # (tcp.tick_phase_at_start: the phase drawn from ns-2's generator then, between the
    # run's RED and error-model draws; exported as `$tcp reset` before the start), their
    # starts 0 to 4 s and some in one instant
    nets = _family("reset")
    made = [ns2exact.network(k) for k in nets]
    reset = [(k, f) for k, sc in zip(nets, made) for f in sc["flows"] if f.get("tcp", {}).get("tick_phase_at_start")]
    assert len(reset) >= 200 and len({k for k, _ in reset}) >= 90
    # none pinned, the others pinned; ns-2's draws in every network
    assert all("tick_phase_s" not in f["tcp"] for _, f in reset)
    assert all(sc.get("ns2_rng_seed") for sc in made)
    starts = [f["start_s"] for _, f in reset]
    assert sum(s == 0.0 for s in starts) >= 20 and sum(s > 1.0 for s in starts) >= 30
    k, f = reset[0]
    i = ns2exact.network(k)["flows"].index(f)
    assert f"$ns at {f['start_s']!r} \"$tcp({i}) reset\"" in ns2exact.tcl(k)
    # the drops the runs' draws decide
    assert sum(any(d for _, _, d in REF["counters"][str(k)]["links"].values()) for k in nets) >= 80


def test_the_overtake_networks_step_delays_on_links_that_let_packets_overtake():
    # networks from OVERTAKE_FIRST: delay steps, often far down, four in five of the
    # stepping links (or directions) with `delay_changes_in_order: false` (exported
    # without avoidReordering_); every counter compared with ns-2 above
    nets = _family("overtake")
    made = [ns2exact.network(k) for k in nets]

    def entries(sc):
        return [e for l in sc["links"] for e in [l] + [l[s] for s in ("a_to_b", "b_to_a") if s in l]]

    free = [(k, e) for k, sc in zip(nets, made) for e in entries(sc) if e.get("delay_changes_in_order") is False]
    assert len(free) >= 150 and len({k for k, _ in free}) >= 90
    assert all(e.get("delay_changes") for _, e in free)
    downs = sum(any(c["delay_ms"] <= 1.0 for c in e["delay_changes"]) for _, e in free)
    assert downs >= 100
    k = free[0][0]
    tcl = ns2exact.tcl(k)
    assert "set delay_" in tcl and tcl.count("avoidReordering_ true") < tcl.count("set delay_")


def test_the_comparison_sees_packets_overtake():
    # over all 100 (`python -m satcc.dev.ns2exact controls --family overtake`): every
    # link made to keep its packets in order
    got = ns2exact.controls("overtake", REF, first=None)
    assert list(got.values()) == [58], got


def test_the_rtt_counting_networks_validate_windows_by_round_trips():
    # networks from RTT_COUNTING_FIRST: the window-validation networks, six in ten of the
    # validating agents counting round trips (EnblRTTCtr_ 1), some on coarse ticks
    nets = _family("rtt-counting")
    flows = [f for k in nets for f in ns2exact.network(k)["flows"]]
    counting = [f for f in flows if f.get("tcp", {}).get("window_validation_rtt_counting")]
    assert len(counting) >= 120 and all(f["tcp"]["window_validation"] for f in counting)
    assert sum(f.get("cc") == "tahoe" for f in counting) >= 20, "Tahoe agents count the round trips"
    assert sum(f["tcp"].get("tick_s", 0.01) >= 0.1 for f in counting) >= 30
    k = next(k for k in nets if any(f.get("tcp", {}).get("window_validation_rtt_counting")
                                    for f in ns2exact.network(k)["flows"]))
    assert " set EnblRTTCtr_ 1" in ns2exact.tcl(k)


def test_the_comparison_sees_the_round_trips_counted():
    # over all 104 (`python -m satcc.dev.ns2exact controls --family rtt-counting`: the
    # family's 100 and the four its scan found, SCANNED)
    got = ns2exact.controls("rtt-counting", REF, first=None)
    assert list(got.values()) == [52], got


def test_the_fq_networks_run_ns2s_fair_queueing_and_drop_there():
    # networks from FQ_FIRST: most router links and some access links run ns-2's FQ,
    # each flow's queue of one limit a network (exported as the Queue/DropTail class's
    # limit_, each agent's fid_ its flow's index, a trace on each FQ link after the
    # queue monitors, whose drop snoop then sees the flows' queues' drops)
    nets = _family("fq")
    made = [ns2exact.network(k) for k in nets]

    def fq(sc):
        return {f"{x}->{y}": q for l in sc["links"]
                for x, y, side in ((l["a"], l["b"], "a_to_b"), (l["b"], l["a"], "b_to_a"))
                if (q := (l.get(side, {}).get("queue") or l["queue"]))["type"] == "fq"}

    assert all(fq(sc) for sc in made)
    assert len({q["limit_pkts"] for sc in made for q in fq(sc).values()}) >= 6
    assert all(len({q["limit_pkts"] for q in fq(sc).values()}) == 1 for sc in made)
    # drops in their flows' queues, which ns-2's monitor counts here
    assert sum(any(REF["counters"][str(k)]["links"][n][2] > 0 for n in fq(sc)) for k, sc in zip(nets, made)) >= 70
    tcl = ns2exact.tcl(nets[0])
    assert " FQ\n" in tcl and "Queue/DropTail set limit_" in tcl and "$ns trace-queue" in tcl
    assert tcl.index("$ns trace-queue") > tcl.index("monitor-queue")


def test_the_comparison_sees_fair_queueing():
    # over all 100 (`python -m satcc.dev.ns2exact controls --family fq`): each FQ a
    # FIFO of its flows' limit, and each flow's queue a packet longer
    got = ns2exact.controls("fq", REF, first=None)
    assert list(got.values()) == [86, 68], got


def test_the_delayer_networks_hold_packets_through_delay_spikes():
    # networks from DELAYER_FIRST: ns-2's Delayer after about half the DropTails of
    # packets, blocked none to three times (exported as `new Delayer`, `$ns
    # insert-delayer`, `block` before the run or at `$ns at` times)
    nets = _family("delayer")
    made = [ns2exact.network(k) for k in nets]

    def delayers(sc):
        return {(f"{l['a']}->{l['b']}" if side == "a_to_b" else f"{l['b']}->{l['a']}"): l[side]["delayer"]
                for l in sc["links"] for side in ("a_to_b", "b_to_a") if "delayer" in l.get(side, {})}

    got = [delayers(sc) for sc in made]
    assert all(got) and sum(len(g) for g in got) >= 500
    blocks = [b for g in got for d in g.values() for b in d["blocks"]]
    assert len(blocks) >= 800
    assert sum(b["at_s"] == 0.0 for b in blocks) >= 20 and sum("until_s" not in b for b in blocks) >= 20
    # drops behind the blocks
    assert sum(any(REF["counters"][str(k)]["links"][n][2] > 0 for n, d in g.items() if d["blocks"])
               for k, g in zip(nets, got)) >= 70
    tcl = ns2exact.tcl(nets[0])
    assert "[new Delayer]" in tcl and "$ns insert-delayer" in tcl and "unblock\"" in tcl


def test_the_comparison_sees_the_delayers():
    # over all 100 (`python -m satcc.dev.ns2exact controls --family delayer`): no
    # Delayer (its held packet back in the queue), and the Delayers never blocked
    got = ns2exact.controls("delayer", REF, first=None)
    assert list(got.values()) == [99, 98], got


def test_the_alloc_networks_allocate_channels_from_ns2s_draws():
    # networks from ALLOC_FIRST: the Delayer networks, three Delayers in four allocating
    # a channel (exported as `$d alloc INT LEN` with ns-2's random variables)
    nets = _family("delayer-alloc")
    allocs = [(k, l[side]["delayer"]["alloc"]) for k in nets for l in ns2exact.network(k)["links"]
              for side in ("a_to_b", "b_to_a") if "alloc" in l.get(side, {}).get("delayer", {})]
    assert len(allocs) >= 600 and len({k for k, _ in allocs}) >= 95
    kinds = {a[w]["type"] for _, a in allocs for w in ("idle", "delay")}
    assert kinds == {"uniform", "exponential", "constant"}
    k = allocs[0][0]
    assert " alloc $dlyrv(" in ns2exact.tcl(k)


def test_the_comparison_sees_the_channel_allocation():
    # over all 100 (`python -m satcc.dev.ns2exact controls --family delayer-alloc`): no
    # allocation, and every wait a constant 10 ms
    got = ns2exact.controls("delayer-alloc", REF, first=None)
    assert list(got.values()) == [100, 100], got


def test_the_comparison_sees_the_reset_senders_draw():
    # over all 100 (`python -m satcc.dev.ns2exact controls --family reset`): the reset
    # taken as doing nothing (the phase of the run's start kept), and the phase drawn
    # from satcc's own stream
    got = ns2exact.controls("reset", REF, first=None)
    assert list(got.values()) == [97, 97], got


def test_the_comparison_sees_a_completion_time_off_by_a_microsecond():
    k = next(k for k in REF["networks"] if ns2exact._kind(k)[2] == "file"
             and any(v is not None for v in REF["counters"][str(k)].get("fct", {}).values()))
    ref = REF["counters"][str(k)]
    ours = ns2exact.counters_from_satcc(run(ns2exact.network(k)).summary)
    assert ns2exact.differences(ours, ref) == []
    name = next(n for n, v in ref["fct"].items() if v is not None)
    late = {**ours, "fct": {**ours["fct"], name: ours["fct"][name] + 1e-6}}
    assert ns2exact.differences(late, ref) == [f"flow {name}: satcc completion time {late['fct'][name]}, "
                                               f"ns-2 {ref['fct'][name]}"]
    undone = {**ours, "fct": {**ours["fct"], name: None}}
    assert len(ns2exact.differences(undone, ref)) == 1


def test_the_export_sends_a_transfers_bytes_and_reads_done():
    sc = _two_flows()
    sc["flows"][1]["traffic"] = {"type": "file", "size_bytes": 25_000}
    tcl = ns2.to_tcl(sc)
    for line in ("set ftp(1) [$tcp(1) attach-app FTP]", '$ns at 0.0 "$ftp(1) send 25000"',
                 "Agent/TCP instproc done {} {", "  set done_at([$self set fid_]) [$ns now]"):
        assert line in tcl
    assert '$ns at 0.0 "$ftp(0) start"' in tcl and "done_at(0)" not in tcl and "done_at(1)" in tcl
    assert "done" not in ns2.to_tcl(_two_flows()), "scripts without a transfer are as before"


def test_the_round_number_dumbbells_run_as_ns2_scripts_are_written():
    # networks from ROUND_FIRST: every setting a round number, flows starting together,
    # delayed-ACK timers of round intervals; they lose packets and time out too
    nets = [k for k in REF["networks"] if ns2exact._kind(k)[2] == "round"]
    assert len(nets) == 200
    flows = [f for k in nets for f in ns2exact.network(k)["flows"]]
    assert {f["start_s"] for f in flows} == {0.0, 0.1, 0.5, 1.0}
    assert sum(f["tcp"]["delayed_ack"] for f in flows) > 200
    counters = [REF["counters"][str(k)] for k in nets]
    assert sum(l[2] > 0 for c in counters for l in c["links"].values()) > 100, "drops"
    assert sum(f[3] > 0 for c in counters for f in c["flows"].values()) > 20, "timeouts"


def test_the_udp_networks_run_ns2s_udp_agents_and_cbr_sources():
    # networks from UDP_FIRST: half the flows are UDP flows (Agent/UDP to a LossMonitor)
    # of CBR sources, with and without random_, some with maxpkts_, or ON/OFF ones; some
    # TCP flows are fed by CBR; some hosts' access links run RED on ns-2's draws
    nets = _family("udp")
    flows = [(k, f) for k in nets for f in ns2exact.network(k)["flows"]]
    udp = [(k, f) for k, f in flows if f.get("transport") == "udp"]
    cbr = [f["traffic"] for _, f in udp if f["traffic"]["type"] == "cbr"]
    assert len(udp) > 150 and sum(t["random"] for t in cbr) > 40 and sum("max_pkts" in t for t in cbr) > 10
    assert {f["traffic"]["type"] for _, f in udp} == {"cbr", "pareto", "exponential"}
    assert len({f["traffic"]["packet_size_bytes"] for _, f in udp}) == 5
    assert sum((f.get("traffic") or {}).get("type") == "cbr" for _, f in flows if f.get("transport") != "udp") > 40
    arrived = [REF["counters"][str(k)]["flows"][f["name"]][0] for k, f in udp]
    assert sum(arrived) > 1_000_000 and sum(a > 0 for a in arrived) > 0.9 * len(arrived)
    red_access = sum(l.get("a_to_b", {}).get("queue", {}).get("type") == "red"
                     for k in nets for l in ns2exact.network(k)["links"] if not l["a"].startswith("R"))
    assert red_access > 200


def test_the_comparison_sees_cbr_gaps_without_their_draws():
    # the same CBR sources without random_ part from ns-2's counts in most of the first
    # twenty UDP networks: the comparison checks the draws and the datagrams' arrivals
    def steady(x):
        if (x.get("traffic") or {}).get("type") == "cbr":
            x["traffic"] = {**x["traffic"], "random": False}
    assert _parted("udp", steady) >= 12


def test_the_comparison_counts_a_udp_flows_datagrams():
    k = next(k for k in REF["networks"] if ns2exact._kind(k)[2] == "udp")
    ref = REF["counters"][str(k)]
    ours = ns2exact.counters_from_satcc(run(ns2exact.network(k)).summary)
    assert ns2exact.differences(ours, ref) == []
    name = next(f["name"] for f in ns2exact.network(k)["flows"] if f.get("transport") == "udp")
    assert len(ref["flows"][name]) == 1, "a UDP flow is compared by the datagrams that arrive"
    one_less = {**ours, "flows": {**ours["flows"], name: [ours["flows"][name][0] - 1]}}
    assert len(ns2exact.differences(one_less, ref)) == 1


def test_the_export_writes_ns2s_udp_agent_and_cbr():
    sc = _two_flows()
    sc["flows"][1] = {"name": "y", "src": "a", "dst": "b", "transport": "udp", "start_s": 0.1, "stop_s": 0.9,
                      "traffic": {"type": "cbr", "rate_bps": 5e5, "packet_size_bytes": 210, "random": True,
                                  "max_pkts": 40}}
    sc["flows"][0]["traffic"] = {"type": "cbr", "rate_bps": 2e5}
    tcl = ns2.to_tcl(sc)
    for line in ("set udp(1) [new Agent/UDP]", "$udp(1) set packetSize_ 210", "$udp(1) set ttl_ 32",
                 "set sink(1) [new Agent/LossMonitor]", "$ns connect $udp(1) $sink(1)",
                 "set app(1) [new Application/Traffic/CBR]", "$app(1) set packetSize_ 210",
                 "$app(1) set rate_ 500000.0", "$app(1) set random_ 1", "$app(1) set maxpkts_ 40",
                 "$app(1) attach-agent $udp(1)", '$ns at 0.1 "$app(1) start"', '$ns at 0.9 "$app(1) stop"',
                 # a TCP flow's CBR hands its agent packets of the agent's size
                 "set app(0) [new Application/Traffic/CBR]", "$app(0) set packetSize_ 1000",
                 "$app(0) set random_ 0", "$app(0) attach-agent $tcp(0)",
                 "[$sink(1) set npkts_]"):
        assert line in tcl, line
    assert "tcp(1)" not in tcl and "maxpkts_" not in tcl.replace("$app(1) set maxpkts_ 40", "")
    # a UDP flow has no RTT clock to pin: the TCP flows' phases are pinned alone
    pinned = ns2.pin_tick_phases(sc, 1)
    assert "tcp" not in pinned["flows"][1] and "tick_phase_s" in pinned["flows"][0]["tcp"]
    assert "Agent/TCP instproc reset" in ns2.to_tcl(pinned)


def test_the_rate_networks_change_link_rates_while_packets_wait():
    # networks from RATE_FIRST: lossy networks whose links change rate at scheduled
    # times, some at a flow's start, some all at once; the export sets ns-2's bandwidth_
    nets = _family("rates")
    changes, at_start, one_way = 0, 0, 0
    for k in nets:
        sc = ns2exact.network(k)
        starts = {f.get("start_s", 0.0) for f in sc["flows"]}
        for l in sc["links"]:
            for side in (l, l.get("a_to_b", {}), l.get("b_to_a", {})):
                for c in side.get("rate_changes") or []:
                    changes += 1
                    at_start += c["at_s"] in starts
                    one_way += side is not l
        # one bandwidth_ command per change of each direction (a direction's own list
        # replaces the link's)
        per_direction = [d["rate_changes"] if "rate_changes" in d else l.get("rate_changes") or []
                         for l in sc["links"] for d in (l.get("a_to_b", {}), l.get("b_to_a", {}))]
        assert ns2exact.tcl(k).count("] link] set bandwidth_ ") == sum(map(len, per_direction))
    assert changes > 300 and at_start > 30 and one_way > 50
    # every link of some networks changes at one instant
    assert sum(len({c["at_s"] for l in ns2exact.network(k)["links"] for c in l.get("rate_changes") or []}) == 1
               for k in nets) > 5


def test_the_comparison_sees_rates_a_thousandth_off():
    # every scheduled rate a thousandth higher in satcc only: most of the first twenty
    # networks part from ns-2's counters
    def faster(x):
        for side in (x, x.get("a_to_b", {}), x.get("b_to_a", {})):
            for c in side.get("rate_changes") or []:
                c["rate_bps"] *= 1.001
    assert _parted("rates", faster) >= 11


def test_the_export_sets_bandwidth_at_each_change_after_the_flows_in_satccs_order():
    sc = _two_flows()
    sc["links"][0]["rate_changes"] = [{"at_s": 0.5, "rate_bps": 2e5}, {"at_s": 0.25, "rate_bps": 5e5}]
    sc["links"][0]["b_to_a"] = {"rate_changes": [{"at_s": 0.25, "rate_bps": 3e6}]}
    lines = ns2.to_tcl(sc).splitlines()
    changes = [l for l in lines if "set bandwidth_" in l]
    assert changes == ['$ns at 0.25 "[[$ns link $n(0) $n(1)] link] set bandwidth_ 500000.0"',
                       '$ns at 0.5 "[[$ns link $n(0) $n(1)] link] set bandwidth_ 200000.0"',
                       '$ns at 0.25 "[[$ns link $n(1) $n(0)] link] set bandwidth_ 3000000.0"']
    # after every flow's start (satcc files the flows' events first: ties run in that order)
    last_start = max(i for i, l in enumerate(lines) if l.startswith("$ns at") and " start" in l)
    assert lines.index(changes[0]) > last_start
    assert [l["rate_bps"] for l in run(sc).summary["links"]] == [2e5, 3e6]  # the rates at the end


def test_the_step_networks_step_link_delays_down_as_often_as_up():
    # networks from STEP_FIRST: lossy networks whose links' delays step at scheduled
    # times; the export keeps ns-2's LinkDelay from reordering (avoidReordering_)
    nets = _family("steps")
    steps, to_zero = 0, 0
    for k in nets:
        sc = ns2exact.network(k)
        per_direction = [d["delay_changes"] if "delay_changes" in d else l.get("delay_changes") or []
                         for l in sc["links"] for d in (l.get("a_to_b", {}), l.get("b_to_a", {}))]
        tcl = ns2exact.tcl(k)
        assert tcl.count("] link] set delay_ ") == sum(map(len, per_direction))
        assert tcl.count("set avoidReordering_ true") == sum(bool(p) for p in per_direction)
        steps += sum(map(len, per_direction))
        to_zero += sum(c["delay_ms"] == 0.0 for p in per_direction for c in p)
    assert steps > 400 and to_zero > 100


def test_the_comparison_sees_delay_steps_a_tenth_of_a_millisecond_longer():
    # every step 0.1 ms longer in satcc only: most of the first twenty part from ns-2
    def longer(x):
        for side in (x, x.get("a_to_b", {}), x.get("b_to_a", {})):
            for c in side.get("delay_changes") or []:
                c["delay_ms"] += 0.1
    assert _parted("steps", longer) >= 11


def test_the_export_steps_delay_on_a_link_kept_in_order():
    sc = _two_flows()
    sc["links"][0]["delay_changes"] = [{"at_s": 0.5, "delay_ms": 2.0}, {"at_s": 0.25, "delay_ms": 40.0}]
    sc["links"][0]["rate_changes"] = [{"at_s": 0.25, "rate_bps": 5e5}]
    lines = ns2.to_tcl(sc).splitlines()
    at = [l for l in lines if l.startswith("$ns at 0.") and "link] set" in l]
    # rate changes first, then delay steps, each direction's in the order written
    assert at == ['$ns at 0.25 "[[$ns link $n(0) $n(1)] link] set bandwidth_ 500000.0"',
                  '$ns at 0.25 "[[$ns link $n(1) $n(0)] link] set bandwidth_ 500000.0"',
                  '$ns at 0.5 "[[$ns link $n(0) $n(1)] link] set delay_ 0.002"',
                  '$ns at 0.25 "[[$ns link $n(0) $n(1)] link] set delay_ 0.04"',
                  '$ns at 0.5 "[[$ns link $n(1) $n(0)] link] set delay_ 0.002"',
                  '$ns at 0.25 "[[$ns link $n(1) $n(0)] link] set delay_ 0.04"']
    for a, b in ((0, 1), (1, 0)):
        made = lines.index(f"$ns simplex-link $n({a}) $n({b}) 1000000.0 0.01 DropTail")
        assert lines[made + 2] == f"[[$ns link $n({a}) $n({b})] link] set avoidReordering_ true"
    assert "avoidReordering_" not in ns2.to_tcl(_two_flows())


def test_the_cap_networks_cap_windows_of_every_agent():
    # networks from CAP_FIRST: senders capping their window (ns-2's maxcwnd_), among
    # them Tahoe, Sack1 and Vegas, each opening its window its own way
    nets = _family("caps")
    capped = [(k, f) for k in nets for f in ns2exact.network(k)["flows"] if f["tcp"].get("max_cwnd_pkts")]
    assert len(capped) > 300 and _agents(f for _, f in capped) == {"vegas", "tahoe", "sack1", "reno"}
    assert all(f"set maxcwnd_ {f['tcp']['max_cwnd_pkts']}" in ns2exact.tcl(k) for k, f in capped[:20])
    # the caps bind: flows capped at 2 packets send far less than the others
    rate = {c: [REF["counters"][str(k)]["flows"][f["name"]][1] for k, f in capped if f["tcp"]["max_cwnd_pkts"] == c]
            for c in (2, 30)}
    assert sum(rate[2]) / len(rate[2]) < 0.5 * sum(rate[30]) / len(rate[30])


def _one_more(key: str):
    """A change (for _parted): every flow's tcp `key`, where set, one higher."""
    def change(x):
        if (x.get("tcp") or {}).get(key):
            x["tcp"] = {**x["tcp"], key: x["tcp"][key] + 1}
    return change


def test_the_comparison_sees_caps_one_packet_higher():
    # every cap one packet higher in satcc only: most of the first twenty part
    assert _parted("caps", _one_more("max_cwnd_pkts")) >= 11


def test_the_count_networks_write_each_entry_out_as_its_flows():
    # networks from COUNT_FIRST: most flow entries stand for several flows, half start
    # within a jitter, some have no name; ns-2 runs one agent per flow
    nets = _family("counts")
    entries = [f for k in nets for f in ns2exact.network(k)["flows"]]
    assert sum(f.get("count", 1) > 1 for f in entries) > 300 and sum(f.get("count", 1) for f in entries) > 1400
    assert sum(bool(f.get("start_jitter_s")) for f in entries) > 200 and sum("name" not in f for f in entries) > 80
    # the reference's flows are the run's, by the names the run gives them
    for k in nets[:10]:
        sc = ns2exact.network(k)
        names = [f["name"] for f in ns2.expand_flows(sc)["flows"]]
        assert names == [f["name"] for f in run(sc).summary["flows"]] == list(REF["counters"][str(k)]["flows"])
        assert "lindex" in ns2exact.tcl(k), "the copies draw their entry's RTT clock phase"
    timeouts = sum(f[3] for k in nets for f in REF["counters"][str(k)]["flows"].values() if len(f) > 1)
    assert timeouts > 300


def test_the_comparison_sees_start_jitters_a_millisecond_longer():
    # satcc alone draws every start a millisecond later at most: most of the first twenty part
    def later(x):
        if "src" in x:
            x["start_jitter_s"] = x.get("start_jitter_s", 0.0) + 0.001
    assert _parted("counts", later) >= 11


def test_expand_flows_gives_the_runs_flows_and_leaves_a_scenario_without_counts_alone():
    sc = _two_flows()
    assert ns2.expand_flows(sc) is sc
    sc["seed"] = 7
    sc["flows"][0].update(count=3, start_jitter_s=0.2, start_s=0.1)
    del sc["flows"][1]["name"]
    sc["flows"].append({"src": "b", "dst": "a", "start_jitter_s": 0.05})
    out = ns2.expand_flows(sc)
    ran = run(sc).summary["flows"]
    assert [f["name"] for f in out["flows"]] == [f["name"] for f in ran] == ["x#0", "x#1", "x#2", "f1", "f2"]
    assert [f["_entry"] for f in out["flows"]] == [0, 0, 0, 1, 2]
    assert all(abs(f["start_s"] - r["start_s"]) < 1e-9 for f, r in zip(out["flows"], ran))
    starts = [f["start_s"] for f in out["flows"]]
    assert all(0.1 <= t < 0.3 for t in starts[:3]) and len(set(starts[:3])) == 3 and starts[3] == 0.0
    assert all("count" not in f and "start_jitter_s" not in f for f in out["flows"])
    assert sc["flows"][0]["count"] == 3, "the scenario itself is left as it was"
    # another seed, other starts; the export writes them as drawn, one agent per flow
    assert [f["start_s"] for f in ns2.expand_flows({**sc, "seed": 8})["flows"]][:3] != starts[:3]
    tcl = ns2.to_tcl(sc)
    assert tcl.count("[new Agent/TCP/Newreno]") == 5 and f'$ns at {starts[1]!r} "$ftp(1) start"' in tcl
    bad = {**sc, "flows": [{**sc["flows"][0], "count": 0}]}
    with pytest.raises(ScenarioError, match=r"flows\[0\]\.count"):
        ns2.expand_flows(bad)


def test_the_burst_networks_limit_the_sends_of_every_agent():
    # networks from BURST_FIRST: senders sending at most 1 to 8 segments per send
    # opportunity (ns-2's maxburst_), Tahoe, Sack1 and Vegas among them
    nets = _family("bursts")
    limited = [(k, f) for k in nets for f in ns2exact.network(k)["flows"] if f["tcp"].get("max_burst_pkts")]
    assert len(limited) > 300 and _agents(f for _, f in limited) == {"vegas", "tahoe", "sack1", "reno"}
    assert sum(bool(f["tcp"].get("send_overhead_s")) for _, f in limited) > 30
    assert all(f"set maxburst_ {f['tcp']['max_burst_pkts']}" in ns2exact.tcl(k) for k, f in limited[:20])
    counters = [REF["counters"][str(k)] for k in nets]
    assert sum(f[3] for c in counters for f in c["flows"].values() if len(f) > 1) > 300, "timeouts"


def test_the_comparison_sees_bursts_one_packet_longer():
    # every limit one packet higher in satcc only: most of the first twenty part
    assert _parted("bursts", _one_more("max_burst_pkts")) >= 11


def test_a_burst_limit_is_ns2s_and_not_for_linuxs_controllers():
    sc = _two_flows()
    sc["flows"][0]["tcp"] = {"max_burst_pkts": 2}
    assert "$tcp(0) set maxburst_ 2" in ns2.to_tcl(sc) and "maxburst_" not in ns2.to_tcl(_two_flows())
    for cc in ("cubic", "bbr"):
        bad = _two_flows()
        bad["flows"][0].update(cc=cc, tcp={"max_burst_pkts": 2})
        with pytest.raises(ScenarioError, match=rf"flows\[0\]\.tcp\.max_burst_pkts: .*'{cc}'"):
            run(bad)


def test_the_timestamp_networks_time_every_agent_by_its_echo():
    # networks from TS_FIRST: senders with ns-2's timestamp option, Tahoe, Sack1 and
    # Vegas among them, on delayed-ACK sinks too, some on a coarse tick
    nets = _family("timestamps")
    stamped = [(k, f) for k in nets for f in ns2exact.network(k)["flows"] if f["tcp"].get("timestamps")]
    assert len(stamped) > 300 and _agents(f for _, f in stamped) == {"vegas", "tahoe", "sack1", "reno"}
    assert {f["tcp"]["delayed_ack"] for _, f in stamped} == {True, False}
    assert sum(f["tcp"]["tick_s"] >= 0.1 for _, f in stamped) > 50
    assert all("set timestamps_ true" in ns2exact.tcl(k) for k, _ in stamped[:20])
    counters = [REF["counters"][str(k)] for k in nets]
    assert sum(f[3] for c in counters for f in c["flows"].values() if len(f) > 1) > 300, "timeouts"


def _without_timestamps(same_size: bool):
    """A change (for _parted): every flow's timestamp option off, its header as large as
    the option made it if `same_size` (so that only the RTT samples differ)."""
    def change(x):
        tcp = x.get("tcp") or {}
        if tcp.get("timestamps"):
            x["tcp"] = {**tcp, "timestamps": False,
                        **({"header_bytes": tcp.get("header_bytes", 40) + 10} if same_size else {})}
    return change


def test_the_comparison_sees_the_timestamp_option_off():
    # the option off in satcc only: most of the first twenty part; with data of the
    # same size, so that only the RTT samples (one a window, on the tick clock) differ,
    # those with timeouts part
    assert _parted("timestamps", _without_timestamps(False)) >= 11
    assert _parted("timestamps", _without_timestamps(True)) >= 3


def test_the_timestamp_option_is_ns2s_and_not_for_linuxs_transport():
    sc = _two_flows()
    sc["flows"][0]["tcp"] = {"timestamps": True}
    assert "$tcp(0) set timestamps_ true" in ns2.to_tcl(sc) and "timestamps_" not in ns2.to_tcl(_two_flows())
    stamped, plain = (run(x).summary["flows"][0] for x in (sc, _two_flows()))
    # the queue the two flows build in their first second: every ACK timed by its echo
    # follows it, the one timed segment a window lags behind
    assert stamped["srtt_ms"] > 2 * plain["srtt_ms"]
    for cc in ("cubic", "bbr"):
        bad = _two_flows()
        bad["flows"][0].update(cc=cc, tcp={"timestamps": True})
        with pytest.raises(ScenarioError, match=rf"flows\[0\]\.tcp\.timestamps: .*'{cc}'"):
            run(bad)
    bad = _two_flows()
    bad["flows"][0]["tcp"] = {"timestamps": True, "rto": "linux"}
    with pytest.raises(ScenarioError, match=r"timestamps: .*rto is 'linux'.*allowed with timestamps: rto = 'ns2'"):
        run(bad)


def test_a_window_cap_is_ns2s_and_not_for_linuxs_controllers():
    sc = _two_flows()
    sc["flows"][0]["tcp"] = {"max_cwnd_pkts": 3}
    assert "$tcp(0) set maxcwnd_ 3" in ns2.to_tcl(sc) and "maxcwnd_" not in ns2.to_tcl(_two_flows())
    capped, free = (run(x).summary["flows"][0]["throughput_mbps"] for x in (sc, _two_flows()))
    assert capped < free
    for cc in ("cubic", "bbr"):
        bad = _two_flows()
        bad["flows"][0].update(cc=cc, tcp={"max_cwnd_pkts": 3})
        with pytest.raises(ScenarioError, match=rf"flows\[0\]\.tcp\.max_cwnd_pkts: .*'{cc}'"):
            run(bad)


def test_the_overhead_networks_draw_ns2s_send_overheads():
    # networks from OVERHEAD_FIRST: lossy networks (ns2_rng_seed) whose senders mostly
    # have ns-2's overhead_, drawn from the generator RED and the error models share;
    # a third of the flows run Sack1, whose send_much arms the delayed send too
    nets = _family("overhead")
    flows = [f for k in nets for f in ns2exact.network(k)["flows"]]
    delayed = [f for f in flows if f["tcp"].get("send_overhead_s")]
    assert len(delayed) > 300 and sum(f["tcp"].get("sack_agent") == "sack1" for f in delayed) > 80
    assert len({f["tcp"]["send_overhead_s"] for f in delayed}) == 5
    assert all(ns2exact.network(k).get("ns2_rng_seed") for k in nets)
    assert all("set overhead_" in ns2exact.tcl(k) for k in nets[:10])
    sent = sum(REF["counters"][str(k)]["flows"][f["name"]][1] for k in nets for f in ns2exact.network(k)["flows"]
               if f["tcp"].get("send_overhead_s"))
    assert sent > 500_000


def test_the_comparison_sees_send_overheads_half_again_as_long():
    # the same draws, each delay half again as long: most of the first twenty part
    def longer(x):
        if (x.get("tcp") or {}).get("send_overhead_s"):
            x["tcp"] = {**x["tcp"], "send_overhead_s": x["tcp"]["send_overhead_s"] * 1.5}
    assert _parted("overhead", longer) >= 11


def test_the_bytes_networks_fill_byte_limited_queues_with_packets_of_many_sizes():
    # networks from BYTES_FIRST: the UDP family's mix of sizes, with most DropTail
    # queues limited in bytes (ns-2's queue_in_bytes_), and those queues drop
    nets = _family("bytes")
    limited, dropping = 0, 0
    for k in nets:
        sc = ns2exact.network(k)
        drops = REF["counters"][str(k)]["links"]
        for l in sc["links"]:
            for a, b, side in ((l["a"], l["b"], "a_to_b"), (l["b"], l["a"], "b_to_a")):
                q = l.get(side, {}).get("queue", l["queue"])
                if "limit_bytes" in q:
                    assert "limit_pkts" not in q and q["limit_bytes"] > ns2._largest_packet(sc)
                    limited += 1
                    dropping += drops[f"{a}->{b}"][2] > 0
        assert "queue_in_bytes_ true" in ns2exact.tcl(k)
    assert limited > 500 and dropping > 100
    sizes = {f["traffic"]["packet_size_bytes"] for k in nets for f in ns2exact.network(k)["flows"]
             if f.get("transport") == "udp"}
    assert len(sizes) == 5


def test_the_comparison_sees_byte_limits_halved():
    # in satcc only, every byte-limited queue that drops in ns-2 (no error model on its
    # direction) holds half as many bytes: each of the first forty networks with such a
    # queue then parts from ns-2's counters (the boundary itself, bytes waiting plus the
    # arrival's reaching the limit, is test_api's byte-limit test)
    tried = 0
    for k in [k for k in REF["networks"] if ns2exact._kind(k)[2] == "bytes"][:40]:
        theirs = REF["counters"][str(k)]
        sc = ns2exact.network(k)
        largest = ns2._largest_packet(sc)
        halved = 0
        for l in sc["links"]:
            for a, b, side in ((l["a"], l["b"], "a_to_b"), (l["b"], l["a"], "b_to_a")):
                q = l.get(side, {}).get("queue", l["queue"])
                # drops of a direction with an error model may all be the model's
                lossy = "error" in l or "error" in l.get(side, {})
                # (and twice as big as the largest packet: a smaller limit holds one)
                if ("limit_bytes" in q and q["limit_bytes"] > 2 * largest and not lossy
                        and theirs["links"][f"{a}->{b}"][2] > 0):
                    l[side] = {**l.get(side, {}), "queue": {**q, "limit_bytes": q["limit_bytes"] // 2}}
                    halved += 1
        if halved:
            tried += 1
            assert ns2exact.differences(ns2exact.counters_from_satcc(run(sc).summary), theirs), f"network {k}"
    assert tried >= 10


def test_the_export_writes_a_byte_limit_on_its_own_queue_and_refuses_the_limits_ns2_reads_otherwise():
    sc = _two_flows()
    sc["links"][0]["queue"] = {"type": "droptail", "limit_bytes": 30_000}
    tcl = ns2.to_tcl(sc)
    for line in ("$ns queue-limit $n(0) $n(1) 30000", "[[$ns link $n(0) $n(1)] queue] set queue_in_bytes_ true",
                 "[[$ns link $n(0) $n(1)] queue] set mean_pktsize_ 1",
                 "[[$ns link $n(1) $n(0)] queue] set queue_in_bytes_ true"):
        assert line in tcl, line
    # a packet limit leaves the class defaults alone (queue_in_bytes_ false)
    assert "queue_in_bytes_" not in ns2.to_tcl(_two_flows())

    def refused(queue, side=None):
        bad = _two_flows()
        if side:
            bad["links"][0][side] = {"queue": queue}
        else:
            bad["links"][0]["queue"] = queue
        with pytest.raises(ScenarioError) as e:
            ns2.to_tcl(bad)
        return str(e.value)

    # limits at which ns-2's DropTail drops every packet, the link idle or not, go as they
    # are (satcc's does so too: ns2/scripts/tiny_buffers.tcl runs them in both)
    assert "queue-limit $n(0) $n(1) 1040" in ns2.to_tcl({**sc, "links": [{**sc["links"][0], "queue": {
        "type": "droptail", "limit_bytes": 1040}}]})
    assert "queue-limit $n(1) $n(0) 1" in ns2.to_tcl({**sc, "links": [{**sc["links"][0], "b_to_a": {
        "queue": {"type": "droptail", "limit_pkts": 1}}}]})
    assert "both packets and bytes" in refused({"type": "droptail", "limit_pkts": 10, "limit_bytes": 10_000})
    assert "C int" in refused({"type": "droptail", "limit_bytes": 2**31})


def test_the_ns2_draws_example_of_the_scenario_page_runs_and_exports():
    # docs/scenario.md's second Python example: RED, a lossy link and an ON/OFF source on
    # ns-2's draws, exported with every flow's RTT clock pinned; with ns-2 installed the
    # script's counters are satcc's exactly
    from pathlib import Path

    page = (Path(__file__).resolve().parents[1] / "docs" / "scenario.md").read_text()
    code = re.findall(r"```python\n(.*?)```", page, re.S)[1]
    ns = {}
    exec(code, ns)
    sc, tcl, result = ns["sc"], ns["tcl"], ns["result"]
    assert sc["ns2_rng_seed"] == 7 and '$ns at 0.0 "$defaultRNG seed 7"' in tcl
    assert "Queue/RED" in tcl and "ErrorModel" in tcl and "Application/Traffic/Pareto" in tcl
    links = {l["name"]: l for l in result.summary["links"]}
    assert links["r->b"]["drops_error"] > 0 and links["r->b"]["drops"] > 0
    if ns2.available():
        theirs = ns2exact.counters_from_ns2(sc, ns2.run_tcl(tcl))
        assert ns2exact.differences(ns2exact.counters_from_satcc(result.summary), theirs) == []


def test_the_example_scenarios_give_ns2_s_counters():
    # scenarios/ns2_agents.yaml (Tahoe, Reno, NewReno, Sack1 and Vegas on one bottleneck),
    # scenarios/red_ecn.yaml (ECN senders through a marking RED queue, on ns-2's draws)
    # scenarios/ns2_link_changes.yaml (a byte-limited satellite hop that changes rate
    # and delay, CBR beside the TCP flows, send overheads on ns-2's draws) and
    # scenarios/ns2_outages.yaml (links that fail, one to the end, and a receiver taken
    # off its host) and scenarios/ns2_session.yaml (session routing round a gateway's
    # failed uplink), exported as their comments say: ns-2's counts, committed with their
    # scripts' hashes
    ref = json.loads((ns2exact.ROOT / "reference" / "examples.json").read_text())
    assert sorted(ref) == sorted(ns2exact.EXAMPLES)
    for path in ns2exact.EXAMPLES:
        tcl = ns2.to_tcl(ns2exact.example(path), ns2_seed=ns2exact.NS2_SEED)
        assert hashlib.sha256(tcl.encode()).hexdigest() == ref[path]["tcl_sha256"], (
            f"{path} or its export changed: python -m satcc.dev.ns2exact refresh-examples")
        # (a UDP flow's counters are the datagrams that arrived alone)
        assert sum(c[2] for c in ref[path]["counters"]["flows"].values() if len(c) > 1) > 100, (
            "the agents recover losses")
    assert ns2exact.compare_examples() == {p: [] for p in ns2exact.EXAMPLES}


# `satcc ns2`: the export and the comparison from the command line, on the example of
# entries with counts and start jitters; ns-2's own output for it is committed
# (examples.json, `python -m satcc.dev.ns2exact refresh-examples`), so the comparison
# runs here without ns-2

GROUPS = "scenarios/ns2_rtt_groups.yaml"


def _recorded_ns2(monkeypatch, change=None):
    """ns-2 as recorded for the example: its script must be the one recorded."""
    rec = json.loads((ns2exact.ROOT / "reference" / "examples.json").read_text())[GROUPS]

    def run_tcl(tcl, timeout_s=3600):
        assert hashlib.sha256(tcl.encode()).hexdigest() == rec["tcl_sha256"], "the script is not the one recorded"
        raw = json.loads(json.dumps(rec["ns2_output"]))
        if change:
            change(raw)
        return raw
    monkeypatch.setattr(ns2, "available", lambda: True)
    monkeypatch.setattr(ns2, "run_tcl", run_tcl)


def _cli(*args):
    from satcc import cli
    return cli.main([str(a) for a in args])


def test_satcc_ns2_compare_runs_both_and_shows_every_counter(monkeypatch, capsys):
    path = ns2exact.ROOT.parent / GROUPS
    _recorded_ns2(monkeypatch)
    assert _cli("ns2", path, "--compare") == 0
    out = capsys.readouterr().out
    assert "12 flows, 10 link directions" in out and "identical to ns-2, counter for counter" in out
    ran = run(ns2exact.example(GROUPS)).summary
    assert [f["name"] for f in ran["flows"]][:5] == ["short#0", "short#1", "short#2", "short#3", "mid#0"]
    for f in ran["flows"]:
        c = str([f["data_pkts_acked"], f["data_pkts_sent"] + f["syn_pkts_sent"], f["retransmits"], f["rto_count"]])
        assert f"  {f['name']}" in out and f"{c} | {c}" in out
    assert "<- differs" not in out
    # the aggregates, equal on both sides (what runs on draws of their own agree in)
    agg = out.splitlines()[out.splitlines().index("aggregates in satcc | in ns-2:") + 1]
    pairs = re.findall(r"([0-9.]+) \| ([0-9.]+)", agg)
    assert len(pairs) == 5 and all(x == y for x, y in pairs) and "gw->sat utilization" in agg, agg
    if ns2.available():  # (CI has no ns-2: the recorded run stands in for it there)
        monkeypatch.undo()
        assert _cli("ns2", path, "--compare") == 0 and "identical to ns-2" in capsys.readouterr().out


def test_satcc_ns2_compare_marks_what_differs_and_exits_1(monkeypatch, capsys):
    def one_more(raw):
        raw["flows"][5]["nrexmit"] = int(raw["flows"][5]["nrexmit"]) + 1  # a timeout more
    _recorded_ns2(monkeypatch, one_more)
    assert _cli("ns2", ns2exact.ROOT.parent / GROUPS, "--compare") == 1
    out = capsys.readouterr().out
    lines = [l for l in out.splitlines() if "<- differs" in l]
    assert len(lines) == 1 and lines[0].lstrip().startswith("mid#1 ") and "1 of the counters differ" in out
    rtos = re.search(r"timeouts (\d+) \| (\d+)", out)
    assert rtos and int(rtos.group(2)) == int(rtos.group(1)) + 1, "ns-2's timeout more is in its aggregate"


def test_satcc_ns2_writes_the_script_it_compares(monkeypatch, capsys, tmp_path):
    path = ns2exact.ROOT.parent / GROUPS
    want = ns2.to_tcl(ns2exact.example(GROUPS), ns2_seed=1)
    assert _cli("ns2", path) == 0 and capsys.readouterr().out == want
    assert _cli("ns2", path, "--tcl", tmp_path / "g.tcl") == 0 and (tmp_path / "g.tcl").read_text() == want
    assert want.count("[new Agent/TCP/Newreno]") == 12 and "lindex {0 0 0 0 1 1 1 1 2 2 2 2}" in want
    # another ns-2 seed pins other phases; unpinned, ns-2 draws its own
    assert _cli("ns2", path, "--ns2-seed", 9) == 0 and "tick" not in capsys.readouterr().err
    assert _cli("ns2", path, "--no-pin") == 0 and "instproc reset" not in capsys.readouterr().out


def test_satcc_ns2_refuses_in_one_line_what_ns2_cannot_run(monkeypatch, capsys, tmp_path):
    root = ns2exact.ROOT.parent
    cases = [
        (["ns2", root / "scenarios/udp_cross_traffic.yaml"], "schemes (refwa; ns-2 2.35 has no router feedback"),
        (["ns2", root / "scenarios/leo_kuiper_paths.yaml"], "moving constellation has no ns-2 form"),
        (["ns2", root / "scenarios/cubic_vs_bbr_linux.yaml"], "tcp.stack = linux"),
        (["ns2", root / GROUPS, "--ns2-seed", 0], "--ns2-seed: must be in [1, 2147483646]"),
        (["ns2", root / GROUPS, "--duration", -1], "--duration: must be in (0, 1e6]"),
    ]
    for args, msg in cases:
        assert _cli(*args) == 2, args
        err = capsys.readouterr().err
        assert msg in err and err.count("\n") == 1 and "Traceback" not in err, err
    monkeypatch.setattr(ns2, "available", lambda: False)
    assert _cli("ns2", root / GROUPS, "--compare") == 2
    assert "ns-2 is not installed (apt-get install -y ns2)" in capsys.readouterr().err


def test_the_export_refuses_linux_settings_on_ns2s_agents_by_name():
    for tcp, msg in [({"rto": "linux"}, "tcp.rto = linux"), ({"delayed_ack": True, "push_ack": True}, "tcp.push_ack"),
                     ({"sack": True, "sack_agent": "sack1", "sack_report": "linux"}, "tcp.sack_report = linux"),
                     ({"sack": True, "sack_agent": "sack1", "sack_compression": True}, "tcp.sack_compression")]:
        sc = _two_flows()
        sc["flows"][0]["tcp"] = tcp
        with pytest.raises(ScenarioError, match=msg.replace(".", r"\.")):
            ns2.to_tcl(sc, sack1=True)


def test_own_draws_name_what_ns2s_generator_would_draw():
    sc = _two_flows()
    assert ns2.own_draws(sc) == []
    sc["links"][0]["error"] = {"type": "per", "per": 0.01}
    sc["flows"][1]["tcp"] = {"send_overhead_s": 0.001}
    sc["flows"][0]["traffic"] = {"type": "pareto", "shape": 1.5, "mean_on_s": 0.2, "mean_off_s": 0.2, "rate_bps": 1e5}
    assert ns2.own_draws(sc) == ["error models", "ON/OFF sources", "send overheads"]
    assert ns2.own_draws({**sc, "ns2_rng_seed": 3}) == []


def _red_queues(link: dict) -> list[dict]:
    return [q for q in [link.get("queue") or {}] + [(link.get(s) or {}).get("queue") or {} for s in ("a_to_b", "b_to_a")]
            if q.get("type") == "red"]


def test_the_red_byte_networks_count_in_bytes_and_drop_by_size():
    # networks from REDB_FIRST: RED on most router links, most of them counting in bytes
    # and dropping by size, ns-2 2.35's defaults, beside datagrams of 64 to 1500 bytes
    nets = _family("red-bytes")
    queues = [q for k in nets for link in ns2exact.network(k)["links"] for q in _red_queues(link)]
    assert len(queues) > 200
    assert 0.6 < sum(bool(q.get("queue_in_bytes")) for q in queues) / len(queues) < 0.95
    assert 0.6 < sum(bool(q.get("byte_mode")) for q in queues) / len(queues) < 0.95
    assert {q["mean_pkt_bytes"] for q in queues} == {200, 500, 576, 1000, 1500}
    tcl = "".join(ns2exact.tcl(k) for k in nets[:10])
    for line in ("queue_in_bytes_ true", "queue_in_bytes_ false", "bytes_ true", "bytes_ false"):
        assert f"Queue/RED set {line}" in tcl
    counters = [REF["counters"][str(k)] for k in nets]
    assert sum(d[2] for c in counters for d in c["links"].values()) > 5000, "drops"


def _red_in_packets(key: str):
    """A change (for _parted): every RED queue's `key` (queue_in_bytes, byte_mode) off."""
    def change(x):
        for q in _red_queues(x):
            q.pop(key, None)
    return change


def test_the_comparison_sees_red_in_packets():
    # RED counting packets, or dropping whatever the size, in satcc only: of the first
    # twenty networks, these many part from ns-2's counts
    assert _parted("red-bytes", _red_in_packets("queue_in_bytes")) >= 10
    assert _parted("red-bytes", _red_in_packets("byte_mode")) >= 6


def _error_places(link: dict) -> list[str]:
    """Where each direction of `link` with an error model loses packets."""
    return [(link.get(s) or {}).get("error_at", link.get("error_at", "wire")) for s in ("a_to_b", "b_to_a")
            if "error" in (link.get(s) or {}) or "error" in link]


def test_the_entry_error_networks_lose_packets_at_the_links_entry():
    # networks from ENTRY_FIRST: error models on most links, three in four at the
    # entry (ns-2's `$ns lossmodel`), set on a direction or on the link
    nets = _family("entry-errors")
    links = [link for k in nets for link in ns2exact.network(k)["links"]]
    places = [p for link in links for p in _error_places(link)]
    assert len(places) > 500 and 0.6 < places.count("entry") / len(places) < 0.9
    assert any(link.get("error_at") == "entry" for link in links), "set on a link"
    tcl = "".join(ns2exact.tcl(k) for k in nets[:5])
    assert "$ns lossmodel $em(" in tcl and "$ns link-lossmodel $em(" in tcl
    counters = [REF["counters"][str(k)] for k in nets]
    assert sum(f[1] for c in counters for f in c["flows"].values() if len(f) > 1) > 10000, "retransmissions"


def _on_the_wire(x: dict) -> None:
    """A change (for _parted): every error model on the wire."""
    for d in [x] + [x.get(s) or {} for s in ("a_to_b", "b_to_a")]:
        d.pop("error_at", None)


def test_the_comparison_sees_losses_on_the_wire_for_losses_at_the_entry():
    # all twenty of the first networks part (20 measured; a lost packet then takes
    # buffer and transmission time, and RED draws first)
    assert _parted("entry-errors", _on_the_wire) >= 18


def test_the_udp_split_networks_send_a_message_as_several_datagrams():
    # networks from SPLIT_FIRST: UDP flows with a largest datagram (ns-2's Agent/UDP
    # packetSize_), mostly below their source's packet size
    nets = _family("udp-split")
    udp = [f for k in nets for f in ns2exact.network(k)["flows"] if f.get("transport") == "udp"]
    split = [f for f in udp if f.get("max_datagram_bytes", 1 << 30) < f["traffic"]["packet_size_bytes"]]
    assert len(udp) > 200 and len(split) > 100 and len(udp) - len(split) > 50
    # a split of more than two datagrams, and one with no rest
    assert any(f["traffic"]["packet_size_bytes"] >= 3 * f["max_datagram_bytes"] for f in split)
    assert any(f["traffic"]["packet_size_bytes"] % f["max_datagram_bytes"] == 0 for f in split)
    tcl = ns2exact.tcl(nets[0])
    for i, f in enumerate(ns2exact.network(nets[0])["flows"]):
        if f.get("transport") == "udp":
            want = f.get("max_datagram_bytes") or f["traffic"]["packet_size_bytes"]
            assert f"$udp({i}) set packetSize_ {want}\n" in tcl


def _one_datagram_each(x: dict) -> None:
    """A change (for _parted): every UDP flow sends each message as one datagram."""
    x.pop("max_datagram_bytes", None)


def test_the_comparison_sees_messages_sent_whole():
    # of the first twenty networks, nineteen split a message somewhere: all nineteen
    # part when satcc sends each message whole
    assert _parted("udp-split", _one_datagram_each) >= 17


def test_the_outage_networks_take_links_down_and_bring_them_back():
    # networks from OUTAGE_FIRST: links that fail (ns-2's `$ns rtmodel-at`), some
    # several times, some to the end; what is in the queue or on the wire is lost and
    # what reaches a link while down is refused
    nets = _family("outages")
    outs = [o for k in nets for link in ns2exact.network(k)["links"] for o in link.get("outages", [])]
    assert len(outs) > 500 and 50 < sum("up_s" not in o for o in outs) < 200
    tcl = ns2exact.tcl(nets[0])
    assert "$ns rtmodel-at " in tcl and " down $n(" in tcl and " up $n(" in tcl
    # ns-2 clears a link's queue monitor when it goes down: the export keeps the counts
    assert "Link instproc down {} {" in tcl and "[qcount 0 parrivals_]" in tcl
    lost = refused = 0
    for k in nets[:20]:
        for link in run(ns2exact.network(k)).summary["links"]:
            lost += link.get("drops_link_down", 0)
            refused += link.get("refused_down_pkts", 0)
    assert lost > 100 and refused > 100, (lost, refused)
    # ns-2's rtQueue refuses a change at the instant the run starts: the export says so
    sc = ns2exact.network(nets[0])
    next(l for l in sc["links"] if l.get("outages"))["outages"][0]["down_s"] = 0.0
    with pytest.raises(ScenarioError, match=r"links\[\d+\]\.outages\[0\]\.down_s 0 \(ns-2's rtQueue refuses"):
        ns2.to_tcl(sc)


def _never_down(x: dict) -> None:
    """A change (for _parted): no link fails."""
    x.pop("outages", None)


def _down_a_millisecond_late(x: dict) -> None:
    """A change (for _parted): every outage begins a millisecond later."""
    for o in x.get("outages", []):
        o["down_s"] = round(o["down_s"] + 0.001, 6)


def test_the_comparison_sees_links_that_never_fail():
    # all twenty of the first networks part (20 measured)
    assert _parted("outages", _never_down) >= 18


def test_the_comparison_sees_outages_a_millisecond_late():
    # fourteen of the first twenty part (measured): a millisecond moves what the link
    # holds when it goes down
    assert _parted("outages", _down_a_millisecond_late) >= 12


def test_the_detach_networks_take_agents_off_their_hosts():
    # networks from DETACH_FIRST: two flows in three have their sender, their receiver or
    # both taken off their hosts (ns-2's `$ns detach-agent`), TCP and UDP flows alike,
    # some at another flow's start, some before their own start or after their stop
    nets = _family("detaches")
    flows = [f for k in nets for f in ns2exact.network(k)["flows"]]
    src = [f for f in flows if "src_detach_s" in f]
    dst = [f for f in flows if "dst_detach_s" in f]
    assert len(src) > 150 and len(dst) > 150
    assert any(f.get("transport") == "udp" for f in src) and any(f.get("transport") != "udp" for f in dst)
    assert any(f["src_detach_s"] <= f.get("start_s", 0.0) for f in src), "before the flow starts"
    tcl = ns2exact.tcl(nets[0])
    assert '"$ns detach-agent $n(' in tcl


def _attached(x: dict) -> None:
    """A change (for _parted): no agent is taken off its host."""
    x.pop("src_detach_s", None)
    x.pop("dst_detach_s", None)


def _detached_at_once(x: dict) -> None:
    """A change (for _parted): the detaches a millisecond earlier."""
    for key in ("src_detach_s", "dst_detach_s"):
        if key in x:
            x[key] = max(0.0, round(x[key] - 0.001, 6))


def test_the_comparison_sees_agents_left_on_their_hosts():
    # all twenty of the first networks part (20 measured)
    assert _parted("detaches", _attached) >= 18


def test_the_comparison_sees_detaches_a_millisecond_early():
    # twelve of the first twenty part (measured): a millisecond moves what is in flight
    assert _parted("detaches", _detached_at_once) >= 10


def test_the_session_networks_route_around_failed_links():
    # networks from SESSION_FIRST: more than one way round (router links added, hosts on
    # two routers) under session routing (ns-2's `$ns rtproto Session`), links failing
    nets = _family("session")
    scs = [ns2exact.network(k) for k in nets]
    assert all(sc["routing"] == "session" for sc in scs)
    assert sum(any(l.get("outages") for l in sc["links"]) for sc in scs) == 100
    homed = [sum(1 for l in sc["links"] if l["a"] == n["name"]) for sc in scs for n in sc["nodes"]
             if not n["name"].startswith("R")]
    assert sum(h >= 2 for h in homed) > 50, "hosts on two routers"
    tcl = ns2exact.tcl(nets[0])
    assert "$ns rtproto Session\n" in tcl and "$ns rtmodel-at " in tcl
    # routes are computed again, and links off every first route carry packets
    rerouted = 0
    for sc in scs[:10]:
        s = run(sc).summary
        assert s["totals"]["routes_recomputed"] > 0
        still = run({k: v for k, v in sc.items() if k != "routing"}).summary
        rerouted += sum(1 for a, b in zip(s["links"], still["links"]) if a["arrivals_pkts"] > 0 == b["arrivals_pkts"])
    assert rerouted >= 5, rerouted


def _parted_network(kind: str, change) -> int:
    """How many of the first twenty networks of `kind` part from ns-2's counts once
    `change(scenario)` has been applied to each."""
    apart = 0
    for k in [k for k in REF["networks"] if ns2exact._kind(k)[2] == kind][:20]:
        sc = ns2exact.network(k)
        change(sc)
        apart += bool(ns2exact.differences(ns2exact.counters_from_satcc(run(sc).summary), REF["counters"][str(k)]))
    return apart


def test_the_comparison_sees_static_routes_where_ns2_reroutes():
    # twelve of the first twenty part (measured): the others' failures change no route
    # a packet takes, or cut a destination off (whose route stays as it was)
    assert _parted_network("session", lambda sc: sc.pop("routing")) >= 10


def test_the_comparison_sees_session_outages_a_millisecond_late():
    # twelve of the first twenty part (measured)
    assert _parted("session", _down_a_millisecond_late) >= 10


def test_the_cost_networks_route_by_the_sum_of_costs():
    # networks from COST_FIRST: routing costs on half the links (ns-2's `$ns cost`), some
    # per direction, half of them under session routing with links failing
    nets = _family("costs")
    scs = [ns2exact.network(k) for k in nets]
    costs = [l.get("cost", 1.0) for sc in scs for l in sc["links"]]
    assert sum(c != 1.0 for c in costs) > 300 and any(c < 1.0 for c in costs) and any(c % 1 for c in costs)
    assert sum("cost" in l.get("b_to_a", {}) for sc in scs for l in sc["links"]) > 100
    assert 30 < sum(sc.get("routing") == "session" for sc in scs) < 70
    tcl = ns2exact.tcl(nets[0])
    assert "\n$ns cost $n(" in tcl


def _costs_dropped(sc: dict) -> None:
    """A change (for _parted_network): every link direction costs 1 (routes by hops)."""
    for link in sc["links"]:
        link.pop("cost", None)
        link.get("b_to_a", {}).pop("cost", None)


def _one_cost_each_way(sc: dict) -> None:
    """A change (for _parted_network): a direction's own cost is the link's."""
    for link in sc["links"]:
        link.get("b_to_a", {}).pop("cost", None)


def test_the_comparison_sees_routes_by_hops_where_ns2_routes_by_cost():
    # thirteen of the first twenty part (measured), and six when only the directions'
    # own costs are dropped
    assert _parted_network("costs", _costs_dropped) >= 11
    assert _parted_network("costs", _one_cost_each_way) >= 4


def test_the_adaptive_red_networks_move_max_p():
    # networks from ARED_FIRST: most RED queues run Adaptive RED (ns-2's adaptive_ 1),
    # with ns-2's defaults or other steps, intervals and bounds
    nets = _family("adaptive-red")
    ared = [l["queue"]["adaptive"] for k in nets for l in ns2exact.network(k)["links"]
            if "adaptive" in (l.get("queue") or {})]
    assert len(ared) > 100 and any("bottom" in a for a in ared) and any("bottom" not in a for a in ared)
    assert len({a["interval_s"] for a in ared}) == 3
    tcl = ns2exact.tcl(next(k for k in nets if any("adaptive" in (l.get("queue") or {})
                                                   for l in ns2exact.network(k)["links"])))
    assert "] queue] set adaptive_ 1\n" in tcl and "] queue] set interval_ " in tcl


def _fixed_max_p(sc: dict) -> None:
    """A change (for _parted_network): RED keeps its max_p."""
    for link in sc["links"]:
        (link.get("queue") or {}).pop("adaptive", None)


def _adapting_half_as_often(sc: dict) -> None:
    """A change (for _parted_network): Adaptive RED's interval doubled."""
    for link in sc["links"]:
        a = (link.get("queue") or {}).get("adaptive")
        if a is not None:
            a["interval_s"] = a.get("interval_s", 0.5) * 2


def test_the_comparison_sees_red_that_does_not_adapt():
    # seven of the first twenty part when max_p stays fixed (24 of all 100), and six when
    # it moves half as often (measured)
    assert _parted_network("adaptive-red", _fixed_max_p) >= 5
    assert _parted_network("adaptive-red", _adapting_half_as_often) >= 4


def _error_models(sc: dict):
    """The error models of a scenario's link directions, with where they lose packets."""
    return [(l[side]["error"], l[side].get("error_at", "wire")) for l in sc["links"]
            for side in ("a_to_b", "b_to_a") if "error" in l.get(side, {})]


def test_the_error_model_networks_hold_each_of_ns2s_models_in_each_unit_and_place():
    # networks from ERRM_FIRST: ns-2's ErrorModel/Periodic, /List and /TwoState
    nets = _family("error-models")
    models = [m for k in nets for m in _error_models(ns2exact.network(k))]
    kinds = {(e["type"], e.get("unit", "pkt"), at) for e, at in models}
    assert kinds == {(t, u, at) for t, units in (("periodic", ("pkt", "byte", "time")), ("list", ("pkt", "byte")),
                                                ("two_state", ("pkt", "byte")))
                     for u in units for at in ("wire", "entry")}
    assert any(e.get("default_drop") for e, _ in models) and any(e.get("burst_len") for e, _ in models)
    assert {e[s]["type"] for e, _ in models if e["type"] == "two_state" for s in ("good", "bad")} == {
        "exponential", "uniform", "constant"}
    tcl = "".join(ns2exact.tcl(k) for k in nets[:10])
    for line in ("[new ErrorModel/Periodic]", "[new ErrorModel/List]", " droplist {", "[new ErrorModel/TwoState $emrv(",
                 " set burstlen_ ", "$ns lossmodel $em(", "$ns link-lossmodel $em("):
        assert line in tcl, line


def _each_error_model(change):
    """A change (for _parted_network) applied to each error model of a network."""
    def apply(sc: dict) -> None:
        for e, _ in _error_models(sc):
            change(e)
    return apply


def _list_from_one(e: dict) -> None:
    if e["type"] == "list":
        e["drops"] = [n + 1 for n in e["drops"]]


def _offset_a_unit_later(e: dict) -> None:
    if e["type"] == "periodic":
        e["offset"] = e.get("offset", 0.0) + {"pkt": 1, "byte": 1000, "time": 1e-3}[e.get("unit", "pkt")]


def _no_bursts(e: dict) -> None:
    if e["type"] == "periodic":
        e.pop("burst_len", None)


def _longer_errors(e: dict) -> None:
    if e["type"] == "two_state":
        for k in ("mean", "min", "max", "value"):
            if k in e["bad"]:
                e["bad"][k] *= 1.5


def test_the_comparison_sees_each_error_model_rule():
    # of the first twenty (measured): four part with the list numbered from 1 (the lists
    # are short), fifteen with the periodic offsets a unit later, nine without bursts,
    # fifteen with the error states half as long again
    assert _parted_network("error-models", _each_error_model(_list_from_one)) >= 3
    assert _parted_network("error-models", _each_error_model(_offset_a_unit_later)) >= 12
    assert _parted_network("error-models", _each_error_model(_no_bursts)) >= 7
    assert _parted_network("error-models", _each_error_model(_longer_errors)) >= 12


def test_the_tcp_option_networks_take_initial_windows_by_size_and_limited_slow_start():
    # networks from OPTS_FIRST: ns-2's windowInitOption_ 2 and max_ssthresh_ on mixed agents
    nets = _family("tcp-options")
    flows = [f for k in nets for f in ns2exact.network(k)["flows"]]
    by_size = [f for f in flows if f["tcp"].get("initial_window_by_size")]
    assert len(by_size) > 150 and {f["tcp"]["packet_size_bytes"] for f in by_size} >= {1000, 1460, 2400}
    assert any(f.get("cc") == "vegas" for f in by_size)
    lss = [f for f in flows if f["tcp"].get("max_ssthresh_pkts")]
    assert len(lss) > 100 and {f.get("cc", "newreno") for f in lss} >= {"newreno", "reno", "tahoe"}
    tcl = "".join(ns2exact.tcl(k) for k in nets[:10])
    assert " set windowInitOption_ 2\n" in tcl and " set max_ssthresh_ " in tcl


def _without(key: str):
    """A change (for _parted_network): every flow's tcp.`key` dropped."""
    def apply(sc: dict) -> None:
        for f in sc["flows"]:
            f["tcp"].pop(key, None)
    return apply


def _limited_slow_start_as_a_start_only(sc: dict) -> None:
    """A change (for _parted_network): ssthresh starts where max_ssthresh_ puts it, but
    the window grows by the standard rule above it."""
    for f in sc["flows"]:
        m = f["tcp"].pop("max_ssthresh_pkts", None)
        if m and f["tcp"].get("initial_ssthresh_pkts") is None:
            f["tcp"]["initial_ssthresh_pkts"] = float(min(m, f["tcp"]["rwnd_pkts"]))


def test_the_comparison_sees_each_tcp_option():
    # of the first twenty (measured): all twenty part with every initial window
    # windowInit_'s, twelve without limited slow start, and twelve with its start alone
    assert _parted_network("tcp-options", _without("initial_window_by_size")) >= 18
    assert _parted_network("tcp-options", _without("max_ssthresh_pkts")) >= 9
    assert _parted_network("tcp-options", _limited_slow_start_as_a_start_only) >= 9


def test_the_aimd_networks_grow_and_cut_by_ns2s_increase_num_and_decrease_num_():
    # networks from AIMD_FIRST: increase_num_ and decrease_num_ on Reno, NewReno, Tahoe
    # and Sack1 senders, a fifth of the networks with ECN (whose cut follows the rule)
    nets = _family("aimd")
    flows = [f for k in nets for f in ns2exact.network(k)["flows"]]
    dec = [f for f in flows if "aimd_decrease" in f["tcp"]]
    inc = [f for f in flows if "aimd_increase" in f["tcp"]]
    assert len(dec) > 200 and len(inc) > 200
    kinds = {f.get("cc", "newreno") + ("+sack1" if f["tcp"].get("sack_agent") else "") for f in dec}
    assert kinds >= {"newreno", "reno", "tahoe", "newreno+sack1"}, kinds
    assert sum(bool(f["tcp"].get("ecn")) for f in dec) > 30
    tcl = "".join(ns2exact.tcl(k) for k in nets[:10])
    assert " set decrease_num_ " in tcl and " set increase_num_ " in tcl


def test_a_family_makes_networks_beyond_its_hundred_for_scan():
    # `scan --family F A B`: the family's makers on any network numbers; on its own
    # numbers the same networks as the reference's
    assert ns2exact.network(ns2exact.AIMD_FIRST + 7, "aimd") == ns2exact.network(ns2exact.AIMD_FIRST + 7)
    beyond = ns2exact.network(20_000, "aimd")
    assert any("aimd_decrease" in f["tcp"] or "aimd_increase" in f["tcp"] for f in beyond["flows"])
    assert not any("aimd_decrease" in f.get("tcp", {}) for f in ns2exact.network(20_000)["flows"])
    with pytest.raises(ValueError, match=r"family: 'nope' is not one of sack1, "):
        ns2exact.network(1, "nope")


def test_the_comparison_sees_each_aimd_setting():
    # of the first twenty (measured): sixteen part when cuts halve, eighteen when
    # congestion avoidance adds one segment per RTT
    assert _parted_network("aimd", _without("aimd_decrease")) >= 14
    assert _parted_network("aimd", _without("aimd_increase")) >= 16


def test_aimd_is_ns2s_and_not_for_controllers_with_rules_of_their_own():
    base = ns2exact.network(ns2exact.AIMD_FIRST)
    for cc, field in (("vegas", "aimd_decrease"), ("cubic", "aimd_increase")):
        sc = copy.deepcopy(base)
        sc["flows"][0]["cc"] = cc
        drop = ("sack", "sack_agent", "ecn", "aimd_increase", "aimd_decrease")
        sc["flows"][0]["tcp"] = {k: v for k, v in sc["flows"][0]["tcp"].items() if k not in drop}
        sc["flows"][0]["tcp"][field] = 0.75
        with pytest.raises(ScenarioError, match=rf"flows\[0\]\.tcp\.{field}: ns-2's AIMD .* not of '{cc}' "
                                                 r"\(allowed: .*newreno.*\)"):
            run(sc)
    for bad, field in ((1.5, "aimd_decrease"), (0.0, "aimd_increase")):
        sc = copy.deepcopy(base)
        sc["flows"][0]["tcp"][field] = bad
        with pytest.raises(ScenarioError, match=rf"flows\[0\]\.tcp\.{field}"):
            run(sc)


def test_the_mixed_networks_combine_three_families_each():
    # networks from MIX_FIRST: three families drawn at random, ns-2 and satcc accepting
    # the network; features found apart by ns-2 (delay steps on failing links) kept apart
    seen = set()
    for k in range(ns2exact.MIX_FIRST, ns2exact.MIX_FIRST + 100):
        ns2exact.network(k)
        fams = ns2exact.MIXED_FAMILIES[k]
        assert len(fams) == 3 and not any(p <= set(fams) for p in ns2exact._APART_IN_NS2)
        seen |= set(fams)
    assert len(seen) >= 20, seen
    # a network with a two-state error model on a link that fails (13414): ns-2's
    # Link::down resets the model, which satcc did not do until it was found here
    sc = ns2exact.network(13414)
    failing = [l for l in sc["links"] if l.get("outages")]
    assert any(l.get(s, {}).get("error", {}).get("type") == "two_state" for l in failing for s in ("a_to_b", "b_to_a"))
    assert not ns2exact.compare([13414], REF)[13414]


def _queues_of(sc: dict, kinds: tuple[str, ...]) -> dict[str, dict]:
    """The link directions of `sc` whose queue is of one of `kinds`, and their queues."""
    out = {}
    for l in sc["links"]:
        for a, b, side in ((l["a"], l["b"], "a_to_b"), (l["b"], l["a"], "b_to_a")):
            q = l.get(side, {}).get("queue", l.get("queue"))
            if q and q["type"] in kinds:
                out[f"{a}->{b}"] = q
    return out


def _fair_queues(sc: dict) -> dict[str, dict]:
    return _queues_of(sc, ("sfq", "drr"))


def test_the_fair_networks_drop_at_ns2s_sfq_and_drr_queues():
    # networks from FAIR_FIRST: SFQ and DRR on router links and some access links,
    # with TCP flows of every agent and UDP flows beside them
    nets = _family("fair")
    made = [ns2exact.network(k) for k in nets]
    queues = [q for sc in made for q in _fair_queues(sc).values()]
    assert {q["type"] for q in queues} == {"sfq", "drr"}
    assert any(q.get("mask") for q in queues) and any(q["buckets"] == 1 for q in queues)
    # drops at a fair queue in most networks (ns-2's counts), by both kinds
    dropping = {q["type"] for k, sc in zip(nets, made) for n, q in _fair_queues(sc).items()
                if REF["counters"][str(k)]["links"][n][2] > 0}
    assert dropping == {"sfq", "drr"}
    assert sum(any(REF["counters"][str(k)]["links"][n][2] > 0 for n in _fair_queues(sc))
               for k, sc in zip(nets, made)) > 50
    flows = [f for sc in made for f in sc["flows"]]
    assert _agents([f for f in flows if f.get("transport") != "udp"]) == {"vegas", "tahoe", "sack1", "reno"}
    assert any(f.get("transport") == "udp" for f in flows)
    tcl = "".join(ns2exact.tcl(k) for k in nets[:10])
    assert " SFQ\n" in tcl and " DRR\n" in tcl and " set maxqueue_ " in tcl and " set quantum_ " in tcl


def _mixed_with(family: str, queues) -> set[str]:
    """The families the networks of `family`-mixed were made of, each network checked to
    be made of that family and two others and to hold its queues (`queues(sc)`)."""
    seen = set()
    for k in _family(f"{family}-mixed"):
        sc = ns2exact.network(k)
        fams = ns2exact.MIXED_FAMILIES[k]
        assert len(fams) == 3 and fams.count(family) == 1 and queues(sc), k
        seen |= set(fams)
    return seen


def test_the_fair_mixed_networks_put_fair_queues_among_two_other_families():
    # networks from FAIR_FIRST + 100: the fair family and two drawn, as the mixed networks;
    # fair queues on links that fail, change rate or step their delay, under session
    # routing, beside RED and error models
    seen = _mixed_with("fair", _fair_queues)
    assert seen >= {"outages", "session", "rates", "steps", "error-models", "adaptive-red", "detaches"}, seen

    def on_changing_links(sc):
        fair = _fair_queues(sc)
        return any(l.get(key) and (f"{l['a']}->{l['b']}" in fair or f"{l['b']}->{l['a']}" in fair)
                   for l in sc["links"] for key in ("outages", "rate_changes", "delay_changes"))
    assert sum(on_changing_links(ns2exact.network(k)) for k in _family("fair-mixed")) >= 10


def test_the_comparison_sees_fifo_in_place_of_fair_queues_and_each_setting():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family fair`, in the
    # order below): 14, 5, 7, 7. A DRR's quantum rarely shows in these networks: one
    # round sends one segment of each busy queue whatever the quantum while their
    # segments are of one size and no larger than it; ns2/scripts/fair_queues.tcl mixes
    # sizes, and tests it
    got = ns2exact.controls("fair", REF)
    assert len(got) == 4 and all(n >= least for n, least in zip(got.values(), [13, 4, 5, 4])), got


def _one_flow(src: str, dst: str) -> str:
    """The end of a test's ns-2 script: a NewReno flow from `src` to `dst` for 3 s."""
    return f"""set tcp [new Agent/TCP/Newreno]
$ns attach-agent {src} $tcp
set sink [new Agent/TCPSink]
$ns attach-agent {dst} $sink
$ns connect $tcp $sink
set ftp [$tcp attach-app FTP]
$ns at 0.0 "$ftp start"
$ns at 3.0 "exit 0"
$ns run
"""


def test_fair_queues_are_read_from_and_written_to_ns2_as_ns2_reads_them(tmp_path):
    from satcc import ns2_import

    sc = _two_flows()
    sc["links"][0]["queue"] = {"type": "sfq", "limit_pkts": 12, "buckets": 4}
    tcl = ns2.to_tcl(sc)
    assert " SFQ\n" in tcl and "queue] set maxqueue_ 12" in tcl and "queue] set buckets_ 4" in tcl
    # the import: SFQ's own commands and variables, and queue-limit, which SFQ never reads
    script = tmp_path / "fq.tcl"
    script.write_text("""set ns [new Simulator]
set a [$ns node]
set b [$ns node]
set c [$ns node]
$ns duplex-link $a $b 10Mb 5ms DropTail
$ns duplex-link $b $c 1Mb 20ms SFQ
$ns queue-limit $b $c 7
[[$ns link $b $c] queue] limit 25
Queue/DRR set quantum_ 1500
$ns duplex-link $c $a 1Mb 20ms DRR
[[$ns link $c $a] queue] blimit 9000
[[$ns link $a $c] queue] set mask_ 1
""" + _one_flow("$a", "$c"))
    imp = ns2_import.from_tcl(script)
    links = {(l["a"], l["b"]): l for l in imp.scenario["links"]}
    assert links[("b", "c")]["queue"] == {"type": "sfq", "limit_pkts": 25, "buckets": 16}
    assert links[("b", "c")]["b_to_a"]["queue"] == {"type": "sfq", "limit_pkts": 40, "buckets": 16}
    ca = links[("c", "a")]
    assert ca["queue"] == {"type": "drr", "limit_bytes": 9000, "quantum_bytes": 1500, "buckets": 10, "mask": False}
    assert ca["b_to_a"]["queue"] == {"type": "drr", "limit_bytes": 25000, "quantum_bytes": 1500, "buckets": 10,
                                     "mask": True}
    assert any("limit_ (`$ns queue-limit`) is not read by ns-2's SFQ" in n for n in imp.notes)
    script.write_text(script.read_text().replace("limit 25", "limit 0"))
    with pytest.raises(ns2_import.Ns2ImportError, match=r"maxqueue_ 0: must be at least 1"):
        ns2_import.from_tcl(script)


def _pi_queues(sc: dict) -> dict[str, dict]:
    return _queues_of(sc, ("pi",))


def test_the_pi_networks_drop_and_mark_at_ns2s_pi_queues():
    # networks from PI_FIRST: ns-2's PI on router links, in packets and in bytes, some
    # marking for ECN senders; drops at a PI queue in most networks (ns-2's counts)
    nets = _family("pi")
    made = [ns2exact.network(k) for k in nets]
    queues = [q for sc in made for q in _pi_queues(sc).values()]
    assert any(q.get("queue_in_bytes") for q in queues) and any(q.get("byte_mode") for q in queues)
    assert any(q.get("ecn") for q in queues) and {q["w_hz"] for q in queues} == {50.0, 170.0, 500.0}
    assert sum(bool(f["tcp"].get("ecn")) for sc in made for f in sc["flows"] if "tcp" in f) > 30
    assert sum(any(REF["counters"][str(k)]["links"][n][2] > 0 for n in _pi_queues(sc))
               for k, sc in zip(nets, made)) > 50
    assert " PI\n" in "".join(ns2exact.tcl(k) for k in nets[:10])
    seen = _mixed_with("pi", _pi_queues)
    assert seen >= {"outages", "session", "rates", "steps", "error-models"}, seen
    # PI queues on links that fail: a reset samples the queue before it is lost and
    # starts the timer again (28 of the hundred, measured)
    failing = [k for k in _family("pi-mixed")
               if any(l.get("outages") and _pi_queues({"links": [l]}) for l in ns2exact.network(k)["links"])]
    assert len(failing) >= 20


def test_the_comparison_sees_droptail_in_place_of_pi_and_each_setting():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family pi`, in the
    # order below): 17, 9, 9, 5, 4
    got = ns2exact.controls("pi", REF)
    assert len(got) == 5 and all(n >= least for n, least in zip(got.values(), [15, 7, 7, 4, 3])), got


def test_pi_is_read_from_and_written_to_ns2_as_ns2_reads_it(tmp_path):
    from satcc import ns2_import

    sc = _two_flows()
    sc["links"][0]["queue"] = {"type": "pi", "limit_pkts": 80, "qref_pkts": 20.0, "ecn": True}
    tcl = ns2.to_tcl(sc)
    assert " PI\n" in tcl and "queue-limit $n(0) $n(1) 80" in tcl and "queue] set qref_ 20.0" in tcl
    assert "queue] set setbit_ true" in tcl and "queue] set w_ 170.0" in tcl
    script = tmp_path / "pi.tcl"
    script.write_text("""set ns [new Simulator]
set a [$ns node]
set b [$ns node]
Queue/PI set w_ 100
$ns duplex-link $a $b 1Mb 20ms PI
$ns queue-limit $a $b 70
[[$ns link $a $b] queue] set qref_ 25
[[$ns link $a $b] queue] set queue_in_bytes_ true
""" + _one_flow("$a", "$b"))
    imp = ns2_import.from_tcl(script)
    link = imp.scenario["links"][0]
    assert link["queue"] == {"type": "pi", "limit_pkts": 70, "a": 1.822e-5, "b": 1.816e-5, "w_hz": 100.0,
                             "qref_pkts": 25.0, "mean_pkt_bytes": 500, "queue_in_bytes": True}
    assert link["b_to_a"]["queue"]["limit_pkts"] == 50 and "qref_pkts" in link["b_to_a"]["queue"]
    # never seeded: its draws are ns-2's generator's from seed 1, after the agents' draws
    assert imp.scenario["ns2_rng_seed"] == 1 and imp.scenario["ns2_rng_skip"] > 0 and not imp.in_law, imp.in_law
    script.write_text(script.read_text().replace("Queue/PI set w_ 100", "Queue/PI set w_ 0"))
    with pytest.raises(ns2_import.Ns2ImportError, match=r"w_ 0.0: must be above 0"):
        ns2_import.from_tcl(script)


def _written_out(sc: dict) -> dict:
    """`sc` with each flow entry written out as its copies, one flow each (their starts as
    the run draws them, names without the '#' a scenario's names may not hold)."""
    out = ns2.expand_flows(sc)
    out["flows"] = [{**{k: v for k, v in f.items() if k != "_entry"}, "name": f["name"].replace("#", "_")}
                    for f in out["flows"]]
    return out


def test_an_entry_with_copies_runs_as_its_copies_written_out():
    # the two spellings of one network (what an import of its ns-2 script gives); the
    # copies' starts are doubles of 17 digits, which Rust's JSON reading took one unit of
    # the last place high before serde_json's float_roundtrip: network 33132's copies
    # then started apart from its entry's, and it parted from ns-2 at a tie with ns-2's
    # shared draws (none of the counts family's 100 did)
    nets = [k for k in _family("counts")[:6]] + [33132]
    for k in nets:
        sc = ns2exact.network(k)
        a, b = run(sc).summary, run(_written_out(sc)).summary
        assert a["links"] == b["links"], k
        assert [{**f, "name": f["name"].replace("#", "_")} for f in a["flows"]] == b["flows"], k


def _rem_queues(sc: dict) -> dict[str, dict]:
    return _queues_of(sc, ("rem",))


def test_the_rem_networks_drop_at_ns2s_rem_queues():
    # networks from REM_FIRST: ns-2's REM on router links, in packets and in bytes, each
    # setting drawn, a third marking for ECN senders; drops at a REM queue in about half
    # the networks, and ECN senders answering marks in some (ns-2's counts)
    nets = _family("rem")
    made = [ns2exact.network(k) for k in nets]
    queues = [q for sc in made for q in _rem_queues(sc).values()]
    assert any(q.get("queue_in_bytes") for q in queues) and not all(q.get("queue_in_bytes") for q in queues)
    assert any(q.get("ecn") for q in queues) and not all(q.get("ecn") for q in queues)
    assert sum(bool(f["tcp"].get("ecn")) for sc in made for f in sc["flows"] if "tcp" in f) > 30
    assert sum(any(len(c) > 4 and c[4] > 0 for c in REF["counters"][str(k)]["flows"].values()) for k in nets) >= 6
    for key, values in (("gamma", {0.0001, 0.001, 0.01, 0.05, 0.1}), ("phi", {1.001, 1.005, 1.01, 1.05, 1.1}),
                        ("inw", {0.1, 0.5, 1.0}),
                        ("update_interval_s", {0.001, 0.002, 0.01}), ("b0_pkts", {5.0, 10.0, 20.0, 40.0})):
        assert {q[key] for q in queues} == values, key
    assert sum(any(REF["counters"][str(k)]["links"][n][2] > 0 for n in _rem_queues(sc))
               for k, sc in zip(nets, made)) > 40
    assert " REM\n" in "".join(ns2exact.tcl(k) for k in nets[:10])
    seen = _mixed_with("rem", _rem_queues)
    assert seen >= {"rates", "steps", "error-models", "entry-errors", "adaptive-red"}, seen


def test_the_comparison_sees_droptail_in_place_of_rem_and_each_setting():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family rem`, in the
    # order below): 20, 7, 4, 6, 9, 3
    got = ns2exact.controls("rem", REF)
    assert len(got) == 6 and all(n >= least for n, least in zip(got.values(), [18, 5, 3, 4, 7, 2])), got


def test_rem_is_read_from_and_written_to_ns2_as_ns2_reads_it(tmp_path):
    from satcc import ns2_import

    sc = _two_flows()
    sc["links"][0]["queue"] = {"type": "rem", "limit_pkts": 80, "b0_pkts": 10.0, "queue_in_bytes": True}
    tcl = ns2.to_tcl(sc)
    assert " REM\n" in tcl and "queue-limit $n(0) $n(1) 80" in tcl and "queue] set pbo_ 10.0" in tcl
    assert "queue] set qib_ true" in tcl and "queue] set markpkts_ false" in tcl and "queue] set gamma_ 0.001" in tcl
    sc["links"][0]["queue"]["ecn"] = True
    assert "queue] set markpkts_ true" in ns2.to_tcl(sc)
    assert "REM queues" in ns2.own_draws(sc)
    script = tmp_path / "rem.tcl"
    script.write_text("""set ns [new Simulator]
set a [$ns node]
set b [$ns node]
Queue/REM set gamma_ 0.005
$ns duplex-link $a $b 1Mb 20ms REM
$ns queue-limit $a $b 70
[[$ns link $a $b] queue] set pbo_ 25
[[$ns link $a $b] queue] set inw_ 0.5
[[$ns link $a $b] queue] set qib_ true
""" + _one_flow("$a", "$b"))
    imp = ns2_import.from_tcl(script)
    link = imp.scenario["links"][0]
    assert link["queue"] == {"type": "rem", "limit_pkts": 70, "gamma": 0.005, "phi": 1.001, "inw": 0.5,
                             "update_interval_s": 0.002, "b0_pkts": 25.0, "mean_pkt_bytes": 1000,
                             "queue_in_bytes": True}
    assert link["b_to_a"]["queue"] == {"type": "rem", "limit_pkts": 50, "gamma": 0.005, "phi": 1.001, "inw": 1.0,
                                       "update_interval_s": 0.002, "b0_pkts": 20.0, "mean_pkt_bytes": 1000}
    # never seeded: its draws are ns-2's generator's from seed 1, after the agents' draws
    assert imp.scenario["ns2_rng_seed"] == 1 and imp.scenario["ns2_rng_skip"] > 0 and not imp.in_law, imp.in_law
    # the marking mode; refused by name: an interval of 0, a link that goes down
    text = script.read_text()
    script.write_text(text.replace("set qib_ true", "set markpkts_ true"))
    assert ns2_import.from_tcl(script).scenario["links"][0]["queue"]["ecn"] is True
    script.write_text(text.replace("Queue/REM set gamma_ 0.005", "Queue/REM set pupdtime_ 0"))
    with pytest.raises(ns2_import.Ns2ImportError, match=r"pupdtime_ 0.0: must be above 0"):
        ns2_import.from_tcl(script)
    script.write_text(text.replace("$ns run", "$ns rtmodel-at 1.0 down $a $b\n$ns run"))
    with pytest.raises(ns2_import.Ns2ImportError, match=r"a REM queue on a link that goes down is not modelled"):
        ns2_import.from_tcl(script)


def test_a_rem_queue_on_a_link_with_outages_is_refused_by_name():
    sc = _two_flows()
    sc["links"][0]["queue"] = {"type": "rem"}
    sc["links"][0]["outages"] = [{"down_s": 1.0, "up_s": 2.0}]
    with pytest.raises(ScenarioError, match=r"a rem queue on a link with outages is not modelled"):
        run(sc)


def test_the_telnet_networks_feed_tcp_agents_from_ns2s_telnet_sources():
    # networks from TELNET_FIRST: two TCP flows in five fed by Application/Telnet, of
    # every mean gap drawn, over mixed agents; every one compared with ns-2 above
    nets = _family("telnet")
    made = [ns2exact.network(k) for k in nets]
    tel = [f for sc in made for f in sc["flows"] if (f.get("traffic") or {}).get("type") == "telnet"]
    assert sum(any((f.get("traffic") or {}).get("type") == "telnet" for f in sc["flows"]) for sc in made) >= 90
    assert {f["traffic"]["interval_s"] for f in tel} == {0.001, 0.005, 0.02, 0.1, 1.0}
    assert len({f.get("cc") for f in tel}) >= 3 and any(f.get("stop_s") for f in tel)
    assert "new Application/Telnet" in "".join(ns2exact.tcl(k) for k in nets[:5])


def test_the_comparison_sees_bulk_in_place_of_telnet_and_its_gaps():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family telnet`, in
    # the order below): 19, 19, 20
    got = ns2exact.controls("telnet", REF)
    assert len(got) == 3 and all(n >= least for n, least in zip(got.values(), [17, 17, 18])), got


def test_telnet_is_read_from_and_written_to_ns2_as_ns2_reads_it(tmp_path):
    from satcc import ns2_import

    sc = _two_flows()
    sc["flows"][0]["traffic"] = {"type": "telnet", "interval_s": 0.02}
    tcl = ns2.to_tcl(sc)
    assert "set app(0) [new Application/Telnet]" in tcl and "$app(0) set interval_ 0.02" in tcl
    assert '"$app(0) start"' in tcl and "Telnet sources" in ns2.own_draws(sc)
    script = tmp_path / "telnet.tcl"
    script.write_text("""set ns [new Simulator]
set a [$ns node]
set b [$ns node]
$ns duplex-link $a $b 1Mb 20ms DropTail
set tcp [new Agent/TCP/Reno]
$ns attach-agent $a $tcp
set sink [new Agent/TCPSink]
$ns attach-agent $b $sink
$ns connect $tcp $sink
set tel [new Application/Telnet]
$tel attach-agent $tcp
$ns at 0.5 "$tel start"
$ns at 3.0 "exit 0"
$ns run
""")
    imp = ns2_import.from_tcl(script)
    flow = imp.scenario["flows"][0]
    assert flow["traffic"] == {"type": "telnet", "interval_s": 1.0} and flow["start_s"] == 0.5  # ns-2's default
    # never seeded: its draws are ns-2's generator's from seed 1, after the agents' draws
    assert imp.scenario["ns2_rng_seed"] == 1 and imp.scenario["ns2_rng_skip"] > 0 and not imp.in_law, imp.in_law
    text = script.read_text()
    # interval_ 0: tcplib's gaps, written back as interval_ 0; below 0 refused
    script.write_text(text.replace("$tel attach-agent", "$tel set interval_ 0\n$tel attach-agent"))
    flow = ns2_import.from_tcl(script).scenario["flows"][0]
    assert flow["traffic"] == {"type": "telnet", "gaps": "tcplib"}
    sc["flows"][0]["traffic"] = {"type": "telnet", "gaps": "tcplib"}
    assert "$app(0) set interval_ 0.0" in ns2.to_tcl(sc)
    script.write_text(text.replace("$tel attach-agent", "$tel set interval_ -1\n$tel attach-agent"))
    with pytest.raises(ns2_import.Ns2ImportError, match=r"interval_ -1.0: must be above 0, or 0 for tcplib"):
        ns2_import.from_tcl(script)
    # a UDP flow has no room for it
    bad = _two_flows()
    bad["flows"][0].update(transport="udp", traffic={"type": "telnet"})
    with pytest.raises(ScenarioError, match=r"'telnet' is a TCP application"):
        run(bad)


def test_the_restart_networks_start_cbr_sources_again_and_change_their_rates():
    # networks from RESTART_FIRST: CBR sources (over UDP and over TCP agents) and ON/OFF
    # ones started again one to three times, some within one packet's gap of their stop,
    # and CBR rates changed during the run; every one compared with ns-2 above
    nets = _family("restarts")
    made = [ns2exact.network(k) for k in nets]
    cbr = [f for sc in made for f in sc["flows"] if f.get("restarts")]
    assert {f["traffic"]["type"] for f in cbr} == {"cbr", "exponential", "pareto"}
    assert sum(any(f.get("restarts") for f in sc["flows"]) for sc in made) >= 85
    assert {len(f["restarts"]) for f in cbr} == {1, 2, 3}
    assert {f.get("transport", "tcp") for f in cbr} == {"udp", "tcp"}
    assert any("stop_s" not in f["restarts"][-1] for f in cbr) and any("stop_s" in f["restarts"][-1] for f in cbr)
    # a restart within a gap of the stop: the tick the stop left pending is cancelled
    gap = [r["start_s"] - before for f in cbr for before, r in zip(
        [f["stop_s"]] + [x.get("stop_s") for x in f["restarts"]], f["restarts"])
        if r["start_s"] - before < f["traffic"].get("packet_size_bytes", 1000) * 8.0 / f["traffic"]["rate_bps"]]
    assert len(gap) >= 20, len(gap)
    assert sum(bool(f["traffic"].get("rate_steps")) for f in cbr) >= 40
    # over TCP agents, messages of the source's own size, below and above a segment
    sizes = {f["traffic"]["packet_size_bytes"] for f in cbr if f.get("transport") != "udp"
             and "packet_size_bytes" in f["traffic"]}
    assert sizes == {40, 210, 1500, 2500}
    tcl = "".join(ns2exact.tcl(k) for k in nets[:10])
    assert tcl.count(' start"') > tcl.count("attach-agent $n") // 4 and " set rate_ " in tcl


def test_the_comparison_sees_restarts_left_out_rates_held_and_restarts_moved():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family restarts`, in
    # the order below): 19, 11, 3, 15. Taken out by hand, the cancelled tick (the check in
    # sim/event_loop.rs's on_source_tick) parted 35 of the hundred, and an ON/OFF
    # source's new burst at each start (traffic/mod.rs's Source::begin) 47
    got = ns2exact.controls("restarts", REF)
    assert len(got) == 4 and all(n >= least for n, least in zip(got.values(), [17, 9, 2, 13])), got


def test_the_ftp_restart_networks_stop_and_start_transfers_again():
    # networks from FTP_RESTART_FIRST: bulk transfers over ns-2's one-way agents stopped
    # and started again one to three times, some a few milliseconds after the stop;
    # every one compared with ns-2 above
    nets = _family("ftp-restarts")
    made = [ns2exact.network(k) for k in nets]
    ftp = [f for sc in made for f in sc["flows"] if f.get("restarts")]
    assert {f.get("traffic", {"type": "bulk"})["type"] for f in ftp} == {"bulk"}
    assert sum(any(f.get("restarts") for f in sc["flows"]) for sc in made) >= 80
    assert {len(f["restarts"]) for f in ftp} == {1, 2, 3}
    assert {f["cc"] for f in ftp} == {"reno", "newreno", "tahoe", "vegas"}
    assert any(f["tcp"].get("sack_agent") == "sack1" for f in ftp)
    assert any("stop_s" not in f["restarts"][-1] for f in ftp) and any("stop_s" in f["restarts"][-1] for f in ftp)
    soon = [r["start_s"] - before for f in ftp for before, r in zip(
        [f["stop_s"]] + [x.get("stop_s") for x in f["restarts"]], f["restarts"]) if r["start_s"] - before <= 0.02]
    assert len(soon) >= 30, len(soon)
    tcl = ns2exact.tcl(nets[0])
    assert tcl.count('$ftp(0) start"') == 1 + len(made[0]["flows"][0]["restarts"])


def test_the_comparison_sees_ftp_restarts_left_out_moved_or_merged():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family ftp-restarts`,
    # in the order below): 14, 11, 14
    got = ns2exact.controls("ftp-restarts", REF)
    assert list(got.values()) == [14, 11, 14], got


def test_the_ftp_running_networks_start_transfers_again_while_they_run():
    # networks from FTP_RUNNING_FIRST: bulk transfers over ns-2's one-way agents (Fack
    # among them, many with maxburst_) started again while they run, some at their first
    # start's own instant, some also stopped and started again; every one compared with
    # ns-2 above
    nets = _family("ftp-running")
    made = [ns2exact.network(k) for k in nets]
    ftp = [f for sc in made for f in sc["flows"] if f.get("restarts")]
    # (the networks without one are those with no bulk TCP transfer)
    assert sum(any(f.get("restarts") for f in sc["flows"]) for sc in made) >= 85 and len(ftp) >= 140

    def running(f):  # the starts while running: restarts after a period with no stop
        stops = [f.get("stop_s")] + [r.get("stop_s") for r in f["restarts"][:-1]]
        return [r for r, before in zip(f["restarts"], stops) if before is None]

    assert sum(len(running(f)) for f in ftp) >= 1000
    assert sum(any(r["start_s"] == f["start_s"] for r in running(f)) for f in ftp) >= 30
    assert sum(len(running(f)) < len(f["restarts"]) for f in ftp) >= 40  # restarts after a stop too
    agents = {(f["cc"], f["tcp"].get("sack_agent")) for f in ftp}
    assert agents >= {("reno", None), ("newreno", None), ("tahoe", None), ("vegas", None), ("newreno", "fack"),
                      ("newreno", "sack1")}, agents
    assert sum("max_burst_pkts" in f["tcp"] for f in ftp) >= 80
    tcl = ns2exact.tcl(nets[0])
    f0 = next(i for i, f in enumerate(made[0]["flows"]) if f.get("restarts"))
    assert tcl.count(f'$ftp({f0}) start"') == 1 + len(made[0]["flows"][f0]["restarts"])


def test_the_comparison_sees_starts_while_running_left_out_or_moved():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family ftp-running`,
    # in the order below): 9, 7, 14
    got = ns2exact.controls("ftp-running", REF)
    assert list(got.values()) == [9, 7, 14], got


def test_the_sink_networks_pair_agents_with_the_other_kind_of_sink():
    # networks from SINKS_FIRST: ns-2's one-way agents (Fack among them) where half the
    # TCP flows take the other kind of sink: Sack1 and Fack agents over plain TCPSinks,
    # the others over Sack1 sinks, plain and DelAck; every one compared with ns-2 above
    nets = _family("sinks")
    made = [ns2exact.network(k) for k in nets]
    crossed = [(f["cc"], f["tcp"].get("sack_agent"), f["tcp"]["sink_sack"], f["tcp"]["delayed_ack"])
               for sc in made for f in sc["flows"] if "sink_sack" in f.get("tcp", {})]
    assert len(crossed) >= 100
    assert {(cc, agent) for cc, agent, sink, _ in crossed if sink is False} >= {
        ("reno", "sack1"), ("newreno", "sack1"), ("reno", "fack"), ("newreno", "fack")}
    assert {cc for cc, agent, sink, _ in crossed if sink is True} == {"reno", "newreno", "tahoe", "vegas"}
    assert all((agent is None) == sink for _, agent, sink, _ in crossed)
    assert {delack for *_, delack in crossed} == {True, False}
    k = next(k for k, sc in zip(nets, made) if any(f.get("tcp", {}).get("sink_sack") is False for f in sc["flows"]))
    assert "[new Agent/TCP/Sack1]" in ns2exact.tcl(k) or "[new Agent/TCP/Fack]" in ns2exact.tcl(k)


def test_the_comparison_sees_a_sink_paired_as_its_agent():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family sinks`, in the
    # order below): 8, 4, 5
    got = ns2exact.controls("sinks", REF)
    assert list(got.values()) == [8, 4, 5], got


def test_the_window_networks_change_window_and_maxcwnd_during_the_run():
    # networks from WINDOWS_FIRST: ns-2's one-way agents (Fack among them) whose window_,
    # maxcwnd_ and ssthresh_ change during the run, some at a flow's start, and DropTail buffers
    # holding one packet for a moment; every one compared with ns-2 above
    nets = _family("windows")
    made = [ns2exact.network(k) for k in nets]
    flows = [f for sc in made for f in sc["flows"] if f.get("tcp_changes")]
    changes = [c for f in flows for c in f["tcp_changes"]]
    assert len(flows) >= 150 and len(changes) >= 400
    assert sum("rwnd_pkts" in c for c in changes) >= 200 and sum("max_cwnd_pkts" in c for c in changes) >= 200
    assert sum("ssthresh_pkts" in c for c in changes) >= 100
    assert sum(c.get("max_cwnd_pkts") == 0 for c in changes) >= 50  # caps taken off
    assert sum(any(c["at_s"] == f.get("start_s", 0.0) for c in f["tcp_changes"]) for f in flows) >= 20
    assert {(f["cc"], f["tcp"].get("sack_agent")) for f in flows} >= {
        ("reno", None), ("newreno", None), ("tahoe", None), ("vegas", None), ("newreno", "fack"), ("newreno", "sack1")}
    tiny = [c[0] for sc in made for l in sc["links"] for d in (l.get("a_to_b", {}), l.get("b_to_a", {}))
            for c in [d.get("limit_changes")] if c]
    # (these networks' queues count packets: ns2/scripts/tiny_buffers.tcl has a byte limit)
    assert len(tiny) >= 30 and all(c.get("limit_pkts") == 1 for c in tiny)
    k = next(k for k, sc in zip(nets, made) if any(f.get("tcp_changes") for f in sc["flows"]))
    assert "set window_" in "".join(l for l in ns2exact.tcl(k).splitlines() if l.startswith("$ns at"))


def test_the_comparison_sees_window_changes_left_out_or_moved():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family windows`, in
    # the order below): 12, 7, 1, 11, 3
    got = ns2exact.controls("windows", REF)
    assert list(got.values()) == [12, 7, 1, 11, 3], got


def test_the_counted_networks_count_congestion_avoidance_in_whole_packets():
    # networks from COUNTED_FIRST: ns-2's one-way agents (Fack among them, Vegas beside
    # them uncounted) with windowOption_ 0, some with an AIMD decrease, an unused AIMD
    # increase or limited slow start, ON/OFF sources (idle restarts) and ECN networks;
    # every one compared with ns-2 above
    nets = _family("counted")
    made = [ns2exact.network(k) for k in nets]
    flows = [f for sc in made for f in sc["flows"] if f.get("tcp", {}).get("window_increase") == "counted"]
    assert len(flows) >= 200
    assert {(f["cc"], f["tcp"].get("sack_agent")) for f in flows} >= {
        ("reno", None), ("newreno", None), ("tahoe", None), ("newreno", "fack"), ("newreno", "sack1")}
    for key in ("aimd_decrease", "aimd_increase", "max_ssthresh_pkts"):
        assert sum(key in f["tcp"] for f in flows) >= 20, key
    assert sum(bool(f["tcp"].get("ecn")) for f in flows) >= 20
    assert sum((f.get("traffic") or {}).get("type") in ("pareto", "exponential") for f in flows) >= 30
    assert not any(f["cc"] == "vegas" and "window_increase" in f["tcp"] for sc in made for f in sc["flows"])
    k = next(k for k, sc in zip(nets, made) if any(f.get("tcp", {}).get("window_increase") for f in sc["flows"]))
    assert " set windowOption_ 0" in ns2exact.tcl(k)


def test_the_comparison_sees_a_counted_increase_left_out():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family counted`, in
    # the order below): 13, 6
    got = ns2exact.controls("counted", REF)
    assert list(got.values()) == [13, 6], got


def test_the_no_restart_networks_keep_windows_through_idle_timeouts():
    # networks from NO_RESTART_FIRST: ns-2's one-way agents of every kind (Vegas and
    # Fack among them) with slow_start_restart_ false, ON/OFF sources idling past their
    # timers, ECN networks; every one compared with ns-2 above
    nets = _family("no-restart")
    made = [ns2exact.network(k) for k in nets]
    flows = [f for sc in made for f in sc["flows"] if f.get("tcp", {}).get("slow_start_restart") is False]
    assert len(flows) >= 300
    assert {(f["cc"], f["tcp"].get("sack_agent")) for f in flows} >= {
        ("reno", None), ("newreno", None), ("tahoe", None), ("vegas", None), ("newreno", "fack"), ("newreno", "sack1")}
    assert sum((f.get("traffic") or {}).get("type") in ("pareto", "exponential") for f in flows) >= 100
    assert sum(bool(f["tcp"].get("ecn")) for f in flows) >= 20
    k = next(k for k, sc in zip(nets, made) if any(f.get("tcp", {}).get("slow_start_restart") is False
                                                   for f in sc["flows"]))
    assert " set slow_start_restart_ false" in ns2exact.tcl(k)


def test_the_comparison_sees_the_window_restart_left_out():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family no-restart`): 14
    got = ns2exact.controls("no-restart", REF)
    assert list(got.values()) == [14], got


def test_the_suite_defaults_networks_run_with_ns2s_test_suite_defaults():
    # networks from SUITE_FIRST: senders of every kind with the global defaults ns-2's
    # own test suites set (cuts in whole packets, the older RTO rule, no delayed growth,
    # coarse ticks, no SYN or headers), ON/OFF sources and ECN networks; every one
    # compared with ns-2 above
    nets = _family("suite-defaults")
    made = [ns2exact.network(k) for k in nets]
    flows = [f for sc in made for f in sc["flows"] if f.get("tcp", {}).get("rfc2988") is False]
    assert len(flows) >= 300
    assert {(f["cc"], f["tcp"].get("sack_agent")) for f in flows} >= {
        ("reno", None), ("newreno", None), ("tahoe", None), ("vegas", None), ("newreno", "fack"), ("newreno", "sack1")}
    assert all(f["tcp"]["delay_growth"] is False for f in flows)
    assert sum(bool(f["tcp"].get("whole_packet_cuts")) for f in flows) >= 200
    assert {f["tcp"]["min_rto_s"] for f in flows} == {0.0, 0.2, 1.0}
    assert sum(bool(f["tcp"].get("syn")) for f in flows if f["cc"] != "vegas") >= 50
    assert sum(bool(f["tcp"].get("ecn")) for f in flows) >= 20
    tcl = "".join(ns2exact.tcl(k) for k in nets[:10])
    for line in (" set precisionReduce_ false", " set rfc2988_ false", " set delay_growth_ false", " set minrto_ 0"):
        assert line in tcl, line


def test_the_comparison_sees_the_suite_defaults_left_out():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family
    # suite-defaults`, in the order below): 12, 17, 4
    got = ns2exact.controls("suite-defaults", REF)
    assert list(got.values()) == [12, 17, 4], got


def test_the_partial_ack_networks_run_newrenos_older_rules():
    # networks from PARTIAL_FIRST: ns-2's NewReno agents without partial window
    # deflation, restarting their timer on every partial ACK, or both, beside the
    # other agents; every one compared with ns-2 above
    nets = _family("partial-acks")
    made = [ns2exact.network(k) for k in nets]
    flows = [f for sc in made for f in sc["flows"] if f["cc"] == "newreno" and not f["tcp"].get("sack")]
    no_deflation = [f for f in flows if f["tcp"].get("partial_window_deflation") is False]
    every_timer = [f for f in flows if f["tcp"].get("timer_every_partial_ack")]
    assert len(no_deflation) >= 100 and len(every_timer) >= 100
    assert any(f in every_timer for f in no_deflation)
    assert sum(bool(f["tcp"].get("ecn")) for f in no_deflation + every_timer) >= 10
    tcl = "".join(ns2exact.tcl(k) for k in nets[:10])
    assert " set partial_window_deflation_ 0" in tcl and " set newreno_changes1_ 0" in tcl


def test_the_comparison_sees_the_partial_ack_rules_left_out():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family
    # partial-acks`, in the order below): 13, 4
    got = ns2exact.controls("partial-acks", REF)
    assert list(got.values()) == [13, 4], got


def test_the_sack_blocks_networks_run_sack1_sinks_of_fewer_blocks():
    # networks from SACK_BLOCKS_FIRST: Sack1 and Fack agents, and Sack1 sinks under other
    # agents, reporting at most 0, 1 or 2 blocks; every one compared with ns-2 above
    nets = _family("sack-blocks")
    made = [ns2exact.network(k) for k in nets]
    flows = [f for sc in made for f in sc["flows"] if "sack_blocks" in f.get("tcp", {})]
    assert {f["tcp"]["sack_blocks"] for f in flows} == {0, 1, 2}
    assert sum(f["tcp"].get("sack_agent") == "fack" for f in flows) >= 50
    assert sum(bool(f["tcp"].get("sink_sack")) for f in flows) >= 10
    assert len(flows) >= 250
    tcl = "".join(ns2exact.tcl(k) for k in nets[:10])
    assert " set maxSackBlocks_ 1" in tcl and " set maxSackBlocks_ 0" in tcl


def test_the_comparison_sees_three_blocks_put_back():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family
    # sack-blocks`): 11
    got = ns2exact.controls("sack-blocks", REF)
    assert list(got.values()) == [11], got


def test_the_ts_reset_rto_networks_end_the_backoff_at_each_echo():
    # networks from TS_RESET_FIRST: senders of every kind with timestamps, most with
    # ts_resetRTO_, some networks with ECN and heavy losses; every one compared with ns-2
    # above
    nets = _family("ts-reset-rto")
    made = [ns2exact.network(k) for k in nets]
    flows = [f for sc in made for f in sc["flows"]]
    on = [f for f in flows if f["tcp"].get("ts_reset_rto")]
    assert all(f["tcp"].get("timestamps") for f in on)
    assert len(on) >= 200 and sum(bool(f["tcp"].get("timestamps")) for f in flows) - len(on) >= 50
    assert {f["cc"] for f in on} >= {"tahoe", "reno", "newreno", "vegas"}
    assert sum(f["tcp"].get("sack_agent") == "sack1" for f in on) >= 20
    assert sum(bool(f["tcp"].get("ecn")) for f in on) >= 10
    tcl = "".join(ns2exact.tcl(k) for k in nets[:10])
    assert " set ts_resetRTO_ true" in tcl


def test_the_comparison_sees_the_backoff_kept_until_the_timed_segment():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family
    # ts-reset-rto`): 6
    got = ns2exact.controls("ts-reset-rto", REF)
    assert list(got.values()) == [6], got


def test_the_exit_fast_retransmit_networks_run_reno_and_newreno_agents_without_it():
    # networks from EXIT_FR_FIRST: ns-2's Reno and NewReno agents with exitFastRetrans_
    # false beside the other agents, some networks with ECN; every one compared with ns-2
    # above
    nets = _family("exit-fast-retransmit")
    made = [ns2exact.network(k) for k in nets]
    flows = [f for sc in made for f in sc["flows"] if f.get("cc") in ("reno", "newreno") and not f["tcp"].get("sack")]
    off = [f for f in flows if f["tcp"].get("exit_fast_retransmit") is False]
    assert len(off) >= 150 and len(flows) - len(off) >= 50
    assert {f["cc"] for f in off} == {"reno", "newreno"}
    assert sum(bool(f["tcp"].get("ecn")) for f in off) >= 10
    tcl = "".join(ns2exact.tcl(k) for k in nets[:10])
    assert " set exitFastRetrans_ false" in tcl


def test_the_comparison_sees_exit_fast_retransmit_put_back():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family
    # exit-fast-retransmit`): 9
    got = ns2exact.controls("exit-fast-retransmit", REF)
    assert list(got.values()) == [9], got


def test_the_rtt_shifts_networks_run_ns2_s_estimator_with_other_scalings():
    # networks from RTT_SHIFT_FIRST: agents of every kind with other T_SRTT_BITS,
    # T_RTTVAR_BITS and rttvar_exp_, some on timestamps and a 1 ms tick, some with a
    # first SRTT and RTTVAR, half the networks without an RTO floor; every one compared
    # with ns-2 above; 57052 among them, whose timer is set again to the nanosecond it
    # already waited for (test_a_timer_set_again_to_its_instant_is_due_as_set_again)
    nets = _family("rtt-shifts")
    flows = [f for k in nets for f in ns2exact.network(k)["flows"] if f.get("transport", "tcp") == "tcp"]
    shifted = [f for f in flows if (f["tcp"].get("srtt_bits", 3), f["tcp"].get("rttvar_bits", 2)) != (3, 2)]
    assert len(shifted) >= 200 and sum(f["tcp"].get("rto_rttvar_exp", 2) != 2 for f in flows) >= 150
    assert sum(f["tcp"].get("initial_srtt_s", 0) > 0 for f in flows) >= 40
    assert sum(f["tcp"].get("tick_s") == 0.001 and bool(f["tcp"].get("timestamps")) for f in shifted) >= 30
    assert sum(f["tcp"].get("min_rto_s") == 0.0 for f in flows) >= 150
    assert {f["tcp"].get("sack_agent") for f in shifted} >= {None, "sack1", "fack"}
    assert 57052 in ns2exact.NETWORKS and 57052 not in ns2exact.APART
    tcl = "".join(ns2exact.tcl(k) for k in nets[:5])
    assert " set T_SRTT_BITS " in tcl and " set rttvar_exp_ " in tcl


def test_the_comparison_sees_the_rtt_shifts_put_back():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family rtt-shifts`): 10
    got = ns2exact.controls("rtt-shifts", REF)
    assert list(got.values()) == [10], got


def test_the_exit_recovery_networks_run_newreno_agents_leaving_recovery_at_the_data_outstanding():
    # networks from EXIT_REC_FIRST: ns-2's NewReno agents with exit_recovery_fix_ 1,
    # some with the older partial ACK rules, beside the other agents; every one compared
    # with ns-2 above
    nets = _family("exit-recovery")
    made = [ns2exact.network(k) for k in nets]
    flows = [f for sc in made for f in sc["flows"] if f.get("cc") == "newreno" and not f["tcp"].get("sack")]
    on = [f for f in flows if f["tcp"].get("exit_recovery_at_flight")]
    assert len(on) >= 200 and len(flows) - len(on) >= 80
    assert sum(f["tcp"].get("partial_window_deflation") is False for f in on) >= 20
    assert sum(bool(f["tcp"].get("timer_every_partial_ack")) for f in on) >= 20
    assert " set exit_recovery_fix_ 1" in "".join(ns2exact.tcl(k) for k in nets[:5])


def test_the_comparison_sees_the_exit_recovery_fix_put_back():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family exit-recovery`): 17
    got = ns2exact.controls("exit-recovery", REF)
    assert list(got.values()) == [17], got


def test_the_red_step_networks_run_red_queues_with_equal_thresholds():
    # networks from RED_STEP_FIRST: every RED queue a step at one K (min_th = max_th),
    # many with the instantaneous queue as the average (w_q 1), gentle or not, marking
    # in about half the networks; every one compared with ns-2 above
    nets = _family("red-step")
    queues = [d["queue"] for k in nets for l in ns2exact.network(k)["links"]
              for d in (l, l.get("a_to_b", {}), l.get("b_to_a", {})) if d.get("queue", {}).get("type") == "red"]
    assert len(queues) >= 300 and all(q["min_th_pkts"] == q["max_th_pkts"] for q in queues)
    assert sum(q["w_q"] == 1.0 for q in queues) >= 150
    assert sum(bool(q.get("gentle")) for q in queues) >= 100 and sum(not q.get("gentle") for q in queues) >= 100
    assert sum(bool(q.get("ecn")) for q in queues) >= 100
    tcl = ns2exact.tcl(nets[0])
    assert "set thresh_" in tcl and "set maxthresh_" in tcl


def test_the_comparison_sees_the_red_step_read_as_a_ramp():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family red-step`): 5
    got = ns2exact.controls("red-step", REF)
    assert list(got.values()) == [5], got


def test_the_red_mark_networks_run_red_queues_without_use_mark_p():
    # networks from RED_MARK_FIRST: most RED queues without use_mark_p (forced drops
    # above max_th, twice it with gentle; with ECN every early drop a mark), averages
    # quick enough to pass max_th, marking in about half the networks with mark_p 0.1,
    # 0.5 or 2.0, some victims from the front or at random; every one compared with ns-2
    # above
    nets = _family("red-mark")
    queues = [d["queue"] for k in nets for l in ns2exact.network(k)["links"]
              for d in (l, l.get("a_to_b", {}), l.get("b_to_a", {})) if d.get("queue", {}).get("type") == "red"]
    off = [q for q in queues if q.get("use_mark_p") is False]
    assert len(off) >= 250 and len(queues) - len(off) >= 50
    assert sum(bool(q.get("gentle")) for q in off) >= 80 and sum(not q.get("gentle") for q in off) >= 80
    assert sum(bool(q.get("ecn")) for q in off) >= 80
    assert {q.get("mark_p") for q in off if q.get("ecn")} == {0.1, 0.5, 2.0}
    assert sum("forced_drop" in q for q in off) >= 30
    assert sum(q.get("forced_drop_restarts_count") is False for q in queues) >= 120
    tcl = "".join(ns2exact.tcl(k) for k in nets[:5])
    assert " set use_mark_p_ false" in tcl


def test_the_comparison_sees_red_queues_given_use_mark_p_and_the_count_s_restart_back():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family red-mark`): 5;
    # and with every forced drop restarting the count (ns1_compat_ false): 2
    got = ns2exact.controls("red-mark", REF)
    assert list(got.values()) == [5, 2], got


def test_the_old_ecn_networks_open_the_window_within_runs_of_echoes():
    # networks from OLD_ECN_FIRST: every router link a marking RED queue of low
    # thresholds in a deep buffer, Tahoe, Reno, NewReno and Sack1 senders on ECN, seven in
    # ten with old_ecn_ 1; every one compared with ns-2 above
    nets = _family("old-ecn")
    flows = [f for k in nets for f in ns2exact.network(k)["flows"] if f.get("transport", "tcp") == "tcp"]
    on = [f for f in flows if f["tcp"].get("ecn_open_in_echo_run")]
    assert len(on) >= 200 and all(f["tcp"].get("ecn") for f in on)
    assert sum(bool(f["tcp"].get("ecn")) and not f["tcp"].get("ecn_open_in_echo_run") for f in flows) >= 50
    kinds = {(f["cc"], f["tcp"].get("sack_agent")) for f in on}
    assert {("tahoe", None), ("reno", None), ("newreno", None), ("reno", "sack1"), ("newreno", "sack1")} <= kinds
    assert " set old_ecn_ 1" in "".join(ns2exact.tcl(k) for k in nets[:5])


def test_the_comparison_sees_old_ecn_taken_away():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family old-ecn`): 14
    got = ns2exact.controls("old-ecn", REF)
    assert list(got.values()) == [14], got


def test_the_sack1_dupacks_networks_run_sack1_agents_with_numdupacksfrac_and_limtransmitfix_():
    # networks from SACK1_DUP_FIRST: most Reno and NewReno senders ns-2's Sack1 agents,
    # six in ten of those waiting for floor(cwnd) / k duplicates (numdupacksFrac_), half
    # with LimTransmitFix_; every one compared with ns-2 above
    nets = _family("sack1-dupacks")
    flows = [f for k in nets for f in ns2exact.network(k)["flows"] if f.get("transport", "tcp") == "tcp"]
    sack1 = [f for f in flows if f["tcp"].get("sack_agent") == "sack1"]
    assert len(sack1) >= 250
    assert {f["tcp"].get("dupack_threshold_cwnd_divisor") for f in sack1} == {None, 2, 3, 4, 6, 8}
    assert sum(bool(f["tcp"].get("limited_transmit_fix")) for f in sack1) >= 100
    assert not any(f["tcp"].get("dupack_threshold_cwnd_divisor") or f["tcp"].get("limited_transmit_fix")
                   for f in flows if f not in sack1)
    tcl = "".join(ns2exact.tcl(k) for k in nets[:5])
    assert " set numdupacksFrac_ " in tcl and " set LimTransmitFix_ true" in tcl


def test_the_comparison_sees_sack1_s_threshold_and_pipe_put_back():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family
    # sack1-dupacks`): 12 without numdupacksFrac_, 14 without LimTransmitFix_
    got = ns2exact.controls("sack1-dupacks", REF)
    assert list(got.values()) == [12, 14], got


def test_the_cwr_retransmit_networks_send_cwr_only_on_new_segments():
    # networks from CWR_FIRST: as the old-ecn ones, seven in ten ECN senders (Tahoe,
    # Reno, NewReno, Sack1) with SetCWRonRetransmit_ false; every one compared above
    nets = _family("cwr-retransmit")
    flows = [f for k in nets for f in ns2exact.network(k)["flows"] if f.get("transport", "tcp") == "tcp"]
    off = [f for f in flows if f["tcp"].get("cwr_on_retransmit") is False]
    assert len(off) >= 200 and all(f["tcp"].get("ecn") for f in off)
    kinds = {(f["cc"], f["tcp"].get("sack_agent")) for f in off}
    assert {("tahoe", None), ("reno", None), ("newreno", None), ("reno", "sack1"), ("newreno", "sack1")} <= kinds
    assert " set SetCWRonRetransmit_ false" in "".join(ns2exact.tcl(k) for k in nets[:5])


def test_the_comparison_sees_cwr_on_retransmissions_put_back():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family
    # cwr-retransmit`): 5
    got = ns2exact.controls("cwr-retransmit", REF)
    assert list(got.values()) == [5], got


def test_the_bugfix_ss_networks_lose_first_segments_without_mark_allman_s_rules():
    # networks from BUGFIX_SS_FIRST: agents mixed, seven in ten of the Tahoe, Reno,
    # NewReno and Sack1 ones without bugfix_ss_, some without a SYN, first segments lost
    # on the access links in about half the networks; every one compared above
    nets = _family("bugfix-ss")
    made = [ns2exact.network(k) for k in nets]
    flows = [f for sc in made for f in sc["flows"] if f.get("transport", "tcp") == "tcp"]
    off = [f for f in flows if f["tcp"].get("first_packet_loss_fix") is False]
    assert len(off) >= 200 and sum(f["tcp"].get("syn") is False for f in off) >= 30
    kinds = {(f["cc"], f["tcp"].get("sack_agent")) for f in off}
    assert {("tahoe", None), ("reno", None), ("newreno", None)} <= kinds and any(a == "sack1" for _, a in kinds)
    assert not any(f["tcp"].get("sack_agent") == "fack" or f["cc"] == "vegas" for f in off)
    lists = sum(any(d.get("error", {}).get("type") == "list" for l in sc["links"] for d in (l.get("a_to_b", {}),
                                                                                         l.get("b_to_a", {})))
                for sc in made)
    assert 30 <= lists <= 70
    assert " set bugfix_ss_ 0" in "".join(ns2exact.tcl(k) for k in nets[:5])


def test_the_comparison_sees_mark_allman_s_rules_put_back():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family bugfix-ss`): 12
    got = ns2exact.controls("bugfix-ss", REF)
    assert list(got.values()) == [12], got


def test_the_highspeed_networks_run_highspeed_tcp_under_every_agent_that_grows_by_opencwnd():
    # networks from HIGHSPEED_FIRST: agents mixed, seven in ten of those that grow by
    # ns-2's opencwnd (not Vegas) with HighSpeed TCP, its settings drawn; every one
    # compared with ns-2 above
    nets = _family("highspeed")
    flows = [f for k in nets for f in ns2exact.network(k)["flows"] if f.get("transport", "tcp") == "tcp"]
    hs = [f for f in flows if f["tcp"].get("window_increase") == "highspeed"]
    assert len(hs) >= 200 and not any(f["cc"] == "vegas" for f in hs)
    kinds = {(f["cc"], f["tcp"].get("sack_agent")) for f in hs}
    assert {("tahoe", None), ("reno", None), ("newreno", None)} <= kinds
    assert {"sack1", "fack"} <= {a for _, a in kinds}
    assert {f["tcp"]["highspeed_low_window"] for f in hs} == {2, 4, 8, 16, 38}
    assert sum("highspeed_high_window" in f["tcp"] for f in hs) >= 100
    assert sum("highspeed_cwnd_range" in f["tcp"] for f in hs) >= 40
    assert sum(bool(f["tcp"].get("whole_packet_cuts")) for f in hs) >= 50
    assert sum("aimd_decrease" in f["tcp"] for f in hs) >= 30
    assert sum(bool(f["tcp"].get("ecn")) for f in hs) >= 20
    assert not any(k.startswith("highspeed_") for f in flows if f not in hs for k in f["tcp"])
    tcl = "".join(ns2exact.tcl(k) for k in nets[:5])
    assert " set windowOption_ 8" in tcl and " set low_window_ " in tcl and " set cwnd_range_ " in tcl


def test_the_comparison_sees_highspeed_tcp_taken_out():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family highspeed`):
    # 17 with standard TCP's increase and cuts, 13 with ns-2's default response
    # function, 6 recomputing every increase
    got = ns2exact.controls("highspeed", REF)
    assert list(got.values()) == [17, 13, 6], got


def test_the_window_rules_networks_run_windowoption_2_to_6_under_every_agent_that_grows_by_opencwnd():
    # networks from WINDOW_RULES_FIRST: agents mixed, seven in ten of those that grow by
    # ns-2's opencwnd (not Vegas) with one of windowOption_ 2 to 6, its settings drawn;
    # every one compared with ns-2 above
    nets = _family("window-rules")
    flows = [f for k in nets for f in ns2exact.network(k)["flows"] if f.get("transport", "tcp") == "tcp"]
    ruled = [f for f in flows if f["tcp"].get("window_increase")]
    assert len(ruled) >= 250 and not any(f["cc"] == "vegas" for f in ruled)
    rules = [f["tcp"]["window_increase"] for f in ruled]
    assert {r: rules.count(r) >= 30 for r in set(rules)} == {r: True for r in ("rtt_squared", "average_squared",
                                                                              "average", "rtt", "binomial")}
    kinds = {(f["cc"], f["tcp"].get("sack_agent")) for f in ruled}
    assert {("tahoe", None), ("reno", None), ("newreno", None)} <= kinds and {"sack1", "fack"} <= {a for _, a in kinds}
    assert {(f["tcp"]["binomial_k"], f["tcp"]["binomial_l"]) for f in ruled
            if f["tcp"]["window_increase"] == "binomial"} == {(1.0, 0.0), (0.5, 0.5), (0.0, 1.0), (0.3, 0.8)}
    assert sum("window_average_gain" in f["tcp"] for f in ruled) >= 20
    assert sum(bool(f["tcp"].get("whole_packet_cuts")) for f in ruled) >= 50
    assert sum(bool(f["tcp"].get("ecn")) for f in ruled) >= 20
    tcl = "".join(ns2exact.tcl(k) for k in nets[:5])
    assert all(f" set windowOption_ {o}" in tcl for o in (2, 3, 4, 5, 6)) and " set windowConstant_ " in tcl


def test_the_comparison_sees_the_window_rules_taken_out():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family
    # window-rules`): 19 with standard TCP's increase, 15 with ns-2's default constants
    # and gains, 10 with every binomial sender AIMD
    got = ns2exact.controls("window-rules", REF)
    assert list(got.values()) == [19, 15, 10], got


def test_the_control_increase_networks_run_the_agents_that_read_it_with_it():
    # networks from CONTROL_INC_FIRST: agents mixed, seven in ten of the Tahoe, Reno,
    # NewReno and Sack1 ones with control_increase_ 1 (ON/OFF sources hold them back);
    # every one compared above
    nets = _family("control-increase")
    flows = [f for k in nets for f in ns2exact.network(k)["flows"] if f.get("transport", "tcp") == "tcp"]
    on = [f for f in flows if f["tcp"].get("grow_only_window_limited")]
    assert len(on) >= 200
    kinds = {(f["cc"], f["tcp"].get("sack_agent")) for f in on}
    assert {("tahoe", None), ("reno", None), ("newreno", None), ("reno", "sack1"), ("newreno", "sack1")} == kinds
    assert sum(f["traffic"]["type"] != "ftp" for f in on if "traffic" in f) >= 50
    assert " set control_increase_ 1" in "".join(ns2exact.tcl(k) for k in nets[:5])


def test_the_comparison_sees_control_increase_taken_out():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family
    # control-increase`): 5
    got = ns2exact.controls("control-increase", REF)
    assert list(got.values()) == [5], got


def test_the_error_module_networks_bind_error_models_to_some_flows():
    # networks from ERROR_MODULE_FIRST: seven error models in ten see some flows only
    # (ns-2's ErrorModule), at the link's entry; every one compared above
    nets = _family("error-module")
    made = [ns2exact.network(k) for k in nets]
    bound = [(sc, d) for sc in made for l in sc["links"] for d in (l.get("a_to_b", {}), l.get("b_to_a", {}))
             if "error_flows" in d]
    assert len(bound) >= 300
    assert all(d["error_at"] == "entry" and d["error_flows"] for _, d in bound)
    assert sum(len(d["error_flows"]) < len(sc["flows"]) for sc, d in bound) >= 150
    assert {d["error"]["type"] for _, d in bound} >= {"per", "ber", "list"}
    tcl = "".join(ns2exact.tcl(k) for k in nets[:5])
    assert "[new ErrorModule Fid]" in tcl and " default pass" in tcl and " bind $em(" in tcl


def test_the_comparison_sees_error_models_seeing_every_flow():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family error-module`): 18
    got = ns2exact.controls("error-module", REF)
    assert list(got.values()) == [18], got


def test_the_error_actions_networks_place_modules_of_models_that_drop_mark_and_hold():
    # networks from ERROR_ACTIONS_FIRST: seven entry error models in ten become an
    # error module of up to three models (ns-2's ErrorModule), each dropping, marking
    # (markecn_) or holding (delay_pkt_) what it picks; every one compared above
    nets = _family("error-actions")
    made = [ns2exact.network(k) for k in nets]
    mods = [(sc, d) for sc in made for l in sc["links"] for d in (l.get("a_to_b", {}), l.get("b_to_a", {}))
            if "error_module" in d]
    entries = [e for _, d in mods for e in d["error_module"]]
    assert len(mods) >= 400 and sum(len(d["error_module"]) > 1 for _, d in mods) >= 200
    assert all(d["error_at"] == "entry" for _, d in mods)
    actions = [e.get("action", "drop") for e in entries]
    assert min(actions.count(a) for a in ("drop", "mark", "delay")) >= 200
    assert sum("flows" not in e for e in entries) >= 150
    # modules one after the other (ns-2's `$link errormodule` twice)
    assert sum(any(e.get("module") for e in d["error_module"]) for _, d in mods) >= 100
    assert {e["delay_ms"] for e in entries if "delay_ms" in e} == {0.0, 5.0, 10.0, 40.0, 80.0, 120.0, 300.0}
    # marks reach ECN senders in dozens of networks
    assert sum(any(f.get("tcp", {}).get("ecn") for f in sc["flows"])
               and any(e.get("action") == "mark" for e in d["error_module"]) for sc, d in mods) >= 30
    tcl = "".join(ns2exact.tcl(k) for k in nets[:10])
    assert " set markecn_ true" in tcl and " set delay_pkt_ true" in tcl and ") default $em(" in tcl


def test_the_comparison_sees_each_error_modules_actions_and_models():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family error-actions`)
    got = ns2exact.controls("error-actions", REF)
    assert list(got.values()) == [18, 14, 5], got


def test_the_window_validation_networks_validate_tahoe_reno_newreno_and_sack1_windows():
    # networks from WINDOW_VALIDATION_FIRST: seven in ten of the Tahoe, Reno, NewReno and
    # Sack1 agents validate their window (QOption_ 1) over ON/OFF sources and bulk
    # transfers; every one compared with ns-2 above
    nets = _family("window-validation")
    made = [ns2exact.network(k) for k in nets]
    on = [f for sc in made for f in sc["flows"] if f.get("tcp", {}).get("window_validation")]
    assert len(on) >= 200
    assert {f["cc"] for f in on} == {"tahoe", "reno", "newreno"}
    assert sum(f["tcp"].get("sack_agent") == "sack1" for f in on) >= 50
    assert sum("aimd_decrease" in f["tcp"] for f in on) >= 30 and sum(bool(f["tcp"].get("whole_packet_cuts"))
                                                                      for f in on) >= 30
    assert sum((f.get("traffic") or {}).get("type") in ("pareto", "exponential") for f in on) >= 80
    assert " set QOption_ 1" in "".join(ns2exact.tcl(k) for k in nets[:5])


def test_the_comparison_sees_window_validation():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family window-validation`)
    got = ns2exact.controls("window-validation", REF)
    assert list(got.values()) == [11], got


def test_the_refast_networks_run_newreno_agents_that_fast_retransmit_again_below_recover():
    # networks from REFAST_FIRST: ns-2's NewReno agents with lessCareful_, bugFix_ack_
    # and bugFix_ts_ (one, two or all three), most with the timestamp option beside
    # bugFix_ts_, over router buffers of 3 to 8 packets; every one compared with ns-2 above
    nets = _family("refast")
    made = [ns2exact.network(k) for k in nets]
    flows = [f for sc in made for f in sc["flows"] if f.get("cc") == "newreno" and not f["tcp"].get("sack")]
    rules = ("newreno_less_careful", "newreno_ack_heuristic", "newreno_timestamp_heuristic")
    on = [f for f in flows if any(f["tcp"].get(r) for r in rules)]
    assert len(on) >= 200 and len(flows) - len(on) >= 80
    for r in rules:
        assert sum(bool(f["tcp"].get(r)) for f in on) >= 80, r
    assert sum(all(f["tcp"].get(r) for r in rules) for f in on) >= 30
    ts = [f for f in on if f["tcp"].get("newreno_timestamp_heuristic")]
    assert sum(bool(f["tcp"].get("timestamps")) for f in ts) >= 60 and sum(not f["tcp"].get("timestamps") for f in ts) >= 10
    assert all(l["queue"]["limit_pkts"] <= 8 for sc in made for l in sc["links"]
               if l["a"].startswith("R") and l["b"].startswith("R") and l["queue"]["type"] == "droptail")
    tcl = "".join(ns2exact.tcl(k) for k in nets[:5])
    assert all(f" set {v} true" in tcl for v in ("lessCareful_", "bugFix_ack_", "bugFix_ts_"))


def test_the_comparison_sees_each_way_to_fast_retransmit_again_below_recover():
    # over all 100 (`python -m satcc.dev.ns2exact controls --family refast` counts the
    # first twenty: 4, 1, 2 and 0): the three rules together decide 29 networks' counters,
    # the timestamp heuristic alone 3 (it acts where new data is lost after a timeout)
    got = ns2exact.controls("refast", REF, first=None)
    assert list(got.values()) == [29, 20, 13, 3], got


def test_the_bug_fix_networks_run_every_agent_that_reads_it_without_it():
    # networks from BUG_FIX_FIRST: ns-2's Tahoe, Reno, NewReno, Sack1 and Vegas agents
    # with bugFix_ false beside Fack agents (which never read it), some over buffers of
    # a few packets, some answering ECN marks; every one compared with ns-2 above
    nets = _family("bug-fix")
    made = [ns2exact.network(k) for k in nets]
    flows = [f for sc in made for f in sc["flows"] if f.get("transport", "tcp") == "tcp"]
    off = [f for f in flows if f["tcp"].get("one_fast_retransmit_per_window") is False]
    assert len(off) >= 250 and len(flows) - len(off) >= 100
    kinds = {(f["cc"], f["tcp"].get("sack_agent")) for f in off}
    assert {("tahoe", None), ("reno", None), ("newreno", None), ("vegas", None), ("reno", "sack1")} <= kinds
    assert not any(f["tcp"].get("sack_agent") == "fack" for f in off)
    assert sum(bool(f["tcp"].get("ecn")) for f in off) >= 30
    small = [sc for sc in made if any(l["queue"].get("limit_pkts", 50) <= 10 for l in sc["links"])]
    assert len(small) >= 30
    tcl = "".join(ns2exact.tcl(k) for k in nets[:10])
    assert " set bugFix_ false" in tcl


def test_the_comparison_sees_the_bug_fix_put_back():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family bug-fix`): 9
    got = ns2exact.controls("bug-fix", REF)
    assert list(got.values()) == [9], got


def test_the_no_fast_retransmit_networks_run_tahoe_agents_waiting_for_their_timer():
    # networks from NO_FRTX_FIRST: ns-2's Tahoe agents with noFastRetrans_ true beside
    # the other agents, some networks with ECN; every one compared with ns-2 above
    nets = _family("no-fast-retransmit")
    made = [ns2exact.network(k) for k in nets]
    flows = [f for sc in made for f in sc["flows"] if f.get("cc") == "tahoe"]
    off = [f for f in flows if f["tcp"].get("fast_retransmit") is False]
    assert len(flows) >= 250 and len(off) >= 150 and len(flows) - len(off) >= 50
    assert sum(bool(f["tcp"].get("ecn")) for f in off) >= 10
    assert all(f.get("cc") == "tahoe" for sc in made for f in sc["flows"] if "fast_retransmit" in f.get("tcp", {}))
    tcl = "".join(ns2exact.tcl(k) for k in nets[:10])
    assert " set noFastRetrans_ true" in tcl


def test_the_comparison_sees_fast_retransmit_put_back():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family
    # no-fast-retransmit`): 14
    got = ns2exact.controls("no-fast-retransmit", REF)
    assert list(got.values()) == [14], got


def test_the_drop_front_networks_drop_from_the_front_of_droptail_queues():
    # networks from DROP_FRONT_FIRST: DropTail queues dropping from the front (drop_front_),
    # in packets and in bytes, some resized during the run, beside UDP flows and mixed
    # agents; every one compared with ns-2 above
    nets = _family("drop-front")
    made = [ns2exact.network(k) for k in nets]
    queues = [q for sc in made for l in sc["links"]
              for q in [l["queue"]] + [l[d]["queue"] for d in ("a_to_b", "b_to_a") if "queue" in l.get(d, {})]]
    front = [q for q in queues if q.get("drop_front")]
    assert all(q["type"] == "droptail" for q in front)
    assert len(front) >= 500 and sum("limit_bytes" in q for q in front) >= 150
    assert sum(q.get("limit_pkts", 99) <= 5 for q in front) >= 100
    assert sum(any("limit_changes" in d for l in sc["links"] for d in (l, l.get("a_to_b", {}), l.get("b_to_a", {})))
               for sc in made) >= 20
    # full buffers: ns-2 counts thousands of drops (links: arrivals, departures, drops)
    assert sum(c[2] for k in nets for c in REF["counters"][str(k)]["links"].values()) >= 100_000
    tcl = "".join(ns2exact.tcl(k) for k in nets[:10])
    assert "queue] set drop_front_ true" in tcl


def test_the_comparison_sees_the_fronts_left_out():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family drop-front`): 12
    got = ns2exact.controls("drop-front", REF)
    assert list(got.values()) == [12], got


def test_the_red_victim_networks_drop_from_the_front_and_at_random():
    # networks from RED_VICTIM_FIRST: RED queues of 2 to 12 packets whose forced drops
    # take a waiting packet, from the front or at random, some marking ECN senders;
    # every one compared with ns-2 above
    nets = _family("red-victims")
    made = [ns2exact.network(k) for k in nets]
    queues = [q for sc in made for l in sc["links"]
              for q in [l["queue"]] + [l[d]["queue"] for d in ("a_to_b", "b_to_a") if "queue" in l.get(d, {})]]
    victims = [q["forced_drop"] for q in queues if q.get("forced_drop")]
    assert all(q["type"] == "red" for q in queues if q.get("forced_drop"))
    assert victims.count("front") >= 150 and victims.count("random") >= 150
    assert sum(q.get("ecn", False) for q in queues if q.get("forced_drop")) >= 50
    assert sum(c[2] for k in nets for c in REF["counters"][str(k)]["links"].values()) >= 500_000
    tcl = "".join(ns2exact.tcl(k) for k in nets[:10])
    assert "queue] set drop_front_ true" in tcl and "queue] set drop_rand_ true" in tcl


def test_the_comparison_sees_the_red_victims_left_out():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family red-victims`): 8
    got = ns2exact.controls("red-victims", REF)
    assert list(got.values()) == [8], got


def test_the_ping_networks_ping_beside_the_other_flows():
    # networks from PING_FIRST: one to four ping flows each (ns-2's Agent/Ping pairs),
    # periodic or at listed instants (some twice at one instant), replies mostly of
    # another size than the requests, beside TCP and UDP flows; every one compared with
    # ns-2 above, its flows' counter the answers ns-2's agents were handed
    nets = _family("ping")
    made = [ns2exact.network(k) for k in nets]
    pings = [f for sc in made for f in sc["flows"] if f.get("transport") == "ping"]
    assert len(pings) >= 200 and sum("every_s" in f["traffic"] for f in pings) >= 100
    assert sum("stop_s" in f for f in pings) >= 30
    assert sum(len(f["traffic"]["at_s"]) != len(set(f["traffic"]["at_s"])) for f in pings if "at_s" in f["traffic"]) >= 30
    assert sum(f["traffic"]["packet_size_bytes"] != f["traffic"]["reply_size_bytes"] for f in pings) >= 150
    answers = [REF["counters"][str(k)]["flows"][f["name"]][0] for k, sc in zip(nets, made) for f in sc["flows"]
               if f.get("transport") == "ping"]
    assert sum(answers) >= 50_000
    tcl = ns2exact.tcl(nets[0])
    assert "[new Agent/Ping]" in tcl and "send\"" in tcl and "Agent/Ping instproc recv" in tcl


def test_the_comparison_sees_the_replies_sizes():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family ping`): 14
    got = ns2exact.controls("ping", REF)
    assert list(got.values()) == [14], got


def test_the_trace_networks_feed_udp_and_tcp_agents_from_traces():
    # networks from TRACES_FIRST: trace-driven sources over UDP agents (some splitting
    # messages) and over TCP agents of mixed kinds, some stopped and started again; every
    # one compared with ns-2 above but the seven where ns-2 read past a trace (APART)
    nets = _family("traces")
    made = [ns2exact.network(k) for k in nets]
    traced = [f for sc in made for f in sc["flows"] if (f.get("traffic") or {}).get("type") == "trace"]
    # (a network whose base has no source has no trace: the others have one at least)
    assert len(traced) >= 120 and sum(any((f.get("traffic") or {}).get("type") == "trace" for f in sc["flows"])
                                      for sc in made) >= 75
    udp = [f for f in traced if f.get("transport") == "udp"]
    assert len(udp) >= 60 and sum("max_datagram_bytes" in f for f in udp) >= 30
    assert {f["cc"] for f in traced if f.get("transport") != "udp"} >= {"reno", "newreno", "tahoe"}
    assert sum(bool(f.get("restarts")) for f in traced) >= 30
    records = [r for f in traced for r in f["traffic"]["records"]]
    assert any(r[0] == 0 for r in records) and any(r[1] == 0 for r in records)  # gaps and messages of 0
    assert sum(ns2exact.APART.get(k) == ns2exact._PAST_END for k in nets) == 7
    assert "[new Application/Traffic/Trace]" in ns2exact.tcl(nets[0])


def test_the_comparison_sees_traces_read_otherwise():
    # of the first twenty compared (`python -m satcc.dev.ns2exact controls --family
    # traces`, in the order below): 18, 20, 19
    got = ns2exact.controls("traces", REF)
    assert list(got.values()) == [18, 20, 19], got


def test_the_limit_networks_resize_droptail_and_red_buffers_during_the_run():
    # networks from LIMIT_FIRST: DropTail queues in packets and in bytes and RED queues
    # change their limit during the run, on a link's both directions or one; every one
    # compared with ns-2 above
    nets = _family("limits")
    made = [ns2exact.network(k) for k in nets]
    changed = [(d.get("queue", l["queue"]) if d is not l else l["queue"], d["limit_changes"])
               for sc in made for l in sc["links"] for d in (l, l.get("a_to_b", {}), l.get("b_to_a", {}))
               if d.get("limit_changes")]
    assert sum(any(d.get("limit_changes") for l in sc["links"] for d in (l, l.get("a_to_b", {}),
                                                                      l.get("b_to_a", {}))) for sc in made) >= 95
    kinds = {(q["type"], "limit_bytes" in q) for q, _ in changed}
    assert kinds == {("droptail", False), ("droptail", True), ("red", False)}, kinds
    assert any(l.get("limit_changes") for sc in made for l in sc["links"]), "changes given once for both directions"
    assert {len(c) for _, c in changed} == {1, 2, 3}
    tcl = ns2exact.tcl(nets[0])
    assert '"$ns queue-limit $n(' in tcl


def test_the_comparison_sees_limit_changes_left_out_moved_or_off_by_a_packet():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family limits`, in
    # the order below): 17, 3, 14
    got = ns2exact.controls("limits", REF)
    assert list(got.values()) == [17, 3, 14], got


def test_cbr_restarts_and_rate_changes_are_read_from_and_written_to_ns2(tmp_path):
    from satcc import ns2_import

    script = tmp_path / "restarts.tcl"
    body = """set ns [new Simulator]
set a [$ns node]
set b [$ns node]
$ns duplex-link $a $b 10Mb 10ms DropTail
set udp [new Agent/UDP]
$ns attach-agent $a $udp
set null [new Agent/Null]
$ns attach-agent $b $null
$ns connect $udp $null
set cbr [new Application/Traffic/CBR]
$cbr attach-agent $udp
$cbr set packetSize_ 500
$cbr set rate_ 800Kb
$ns at 0.1 "$cbr start"
{more}
$ns at 6.0 "exit 0"
$ns run
"""
    script.write_text(body.format(more='$ns at 2.0 "$cbr stop"\n$ns at 2.5 "$cbr stop"\n$ns at 3.0 "$cbr start"\n'
                                       '$ns at 4.0 "$cbr set rate_ 400Kb"\n$ns at 4.5 "$cbr set interval_ 0.02"\n'
                                       '$ns at 5.0 "$cbr stop"\n$ns at 5.5 "$cbr start"'))
    flow = ns2_import.from_tcl(script).scenario["flows"][0]
    # the second stop, of a source not running, does nothing (as in ns-2); interval_
    # becomes the rate at the packet size of that moment
    assert (flow["start_s"], flow["stop_s"], flow["restarts"]) == (0.1, 2.0, [{"start_s": 3.0, "stop_s": 5.0},
                                                                            {"start_s": 5.5}])
    assert flow["traffic"]["rate_steps"] == [{"at_s": 4.0, "rate_bps": 400e3}, {"at_s": 4.5, "rate_bps": 500 * 8 / 0.02}]
    tcl = ns2.to_tcl(ns2_import.from_tcl(script).scenario)
    for line in ['$ns at 2.0 "$app(0) stop"', '$ns at 3.0 "$app(0) start"', '$ns at 5.0 "$app(0) stop"',
                 '$ns at 5.5 "$app(0) start"', '$ns at 4.0 "$app(0) set rate_ 400000.0"']:
        assert line in tcl, line
    for more, match in [('$ns at 1.0 "$cbr start"', r"started again at 1.0 s while running"),
                        ('$ns at 2.0 "$cbr stop"\n$ns at 2.0 "$cbr start"', r"started again at the instant it stopped"),
                        ('$ns at 0.1 "$cbr stop"', r"stopped at the instant it started"),
                        ('$ns at 1.0 "$cbr set random_ 1"', r"random_ set during the run is not modelled \(a CBR "
                                                             r"source's rate_ or interval_ is\)"),
                        # the one it does not model is named, not the rate change before it
                        ('$ns at 1.0 "$cbr set rate_ 2Mb"\n$ns at 1.5 "$cbr set packetSize_ 500"',
                         r"cbr \(Application/Traffic/CBR\): packetSize_ set during the run is not modelled")]:
        script.write_text(body.format(more=more))
        with pytest.raises(ns2_import.Ns2ImportError, match=match):
            ns2_import.from_tcl(script)
    # only a bulk transfer or a CBR, ON/OFF or trace-driven source starts again; and the periods must
    # follow each other
    # an ON/OFF source's starts again are read too; its rate_ during the run is not
    script.write_text(body.replace("Application/Traffic/CBR", "Application/Traffic/Exponential").format(
        more='$ns at 2.0 "$cbr stop"\n$ns at 3.0 "$cbr start"'))
    flow = ns2_import.from_tcl(script).scenario["flows"][0]
    assert (flow["traffic"]["type"], flow["stop_s"], flow["restarts"]) == ("exponential", 2.0, [{"start_s": 3.0}])
    script.write_text(body.replace("Application/Traffic/CBR", "Application/Traffic/Exponential").format(
        more='$ns at 2.0 "$cbr set rate_ 1Mb"'))
    with pytest.raises(ns2_import.Ns2ImportError, match=r"rate_ set during the run is not modelled"):
        ns2_import.from_tcl(script)
    bad = {**_two_flows(), "duration_s": 10.0}
    bad["flows"][0].update(traffic={"type": "file", "size_bytes": 100000}, stop_s=8.0, restarts=[{"start_s": 9.0}])
    with pytest.raises(ScenarioError, match=r"flows\[0\]\.restarts: only a bulk transfer or a CBR, ON/OFF or "
                                            r"trace-driven source .*this flow's traffic is file"):
        run(bad)
    bad["flows"][0].update(traffic={"type": "cbr", "rate_bps": 1e6}, stop_s=8.0, restarts=[{"start_s": 7.0}])
    with pytest.raises(ScenarioError, match=r"flows\[0\]\.restarts\[0\]\.start_s: 7 must come after the stop "
                                            r"before it \(8 s\)"):
        run(bad)
    bad["flows"][0].update(restarts=[{"start_s": 8.5}, {"start_s": 9.0}])
    with pytest.raises(ScenarioError, match=r"flows\[0\]\.restarts\[1\]: the period before it never stops"):
        run(bad)


def test_a_restart_within_a_gap_cancels_the_tick_the_stop_left():
    # 500-byte datagrams at 800 kb/s: one every 5 ms from 0.1 s. Stopped at 0.1012 s
    # (one packet gone, the next due at 0.105) and started again at 0.103: a packet at
    # once, then 0.108, 0.113, ... up to 0.2 s, the tick due at 0.105 cancelled (ns-2's
    # resched); 1 + 20 packets, not 22
    sc = {"name": "gap", "duration_s": 0.2, "nodes": [{"name": "a"}, {"name": "b"}],
          "links": [{"a": "a", "b": "b", "rate_bps": 10e6, "delay_ms": 1, "queue": {"type": "droptail",
                                                                                   "limit_pkts": 100}}],
          "flows": [{"name": "c", "src": "a", "dst": "b", "transport": "udp", "start_s": 0.1, "stop_s": 0.1012,
                     "restarts": [{"start_s": 0.103}],
                     "traffic": {"type": "cbr", "rate_bps": 800e3, "packet_size_bytes": 500}}]}
    sent = run(sc).summary["flows"][0]["data_pkts_sent"]
    assert sent == 1 + len([t for t in (0.103 + 0.005 * k for k in range(30)) if t < 0.2]) == 21
    # ... also when the restart's own next tick falls beyond the run's end (0.108 after
    # an end at 0.107): the stale tick at 0.105 still sends nothing (a scan of the
    # restarts family beyond its hundred found two networks where an ON/OFF source's
    # first tick after a start again was past the end)
    sent = run({**sc, "duration_s": 0.107}).summary["flows"][0]["data_pkts_sent"]
    assert sent == 2


def _fack_flows(sc: dict) -> list[dict]:
    return [f for f in sc["flows"] if f.get("tcp", {}).get("sack_agent") == "fack"]


def test_the_fack_networks_run_ns2s_fack_agents_into_recovery():
    # networks from FACK_FIRST: most TCP flows run ns-2's Agent/TCP/Fack with Sack1 sinks,
    # some with a burst limit, beside Reno and NewReno; they retransmit in most networks
    # (ns-2's counts), and the networks of fack-mixed put them among two other families
    nets = _family("fack")
    made = [ns2exact.network(k) for k in nets]
    flows = [f for sc in made for f in _fack_flows(sc)]
    assert len(flows) > 300 and any(f["tcp"].get("max_burst_pkts") for f in flows)
    assert {f["tcp"]["delayed_ack"] for f in flows} == {True, False}
    assert _agents([f for sc in made for f in sc["flows"]]) == {"fack", "reno"}
    resent = sum(any(REF["counters"][str(k)]["flows"][f["name"]][2] > 0 for f in _fack_flows(sc))
                 for k, sc in zip(nets, made))
    assert resent > 60, resent
    # ns-2's Fack keeps no count of its timeouts: not compared
    assert all(REF["counters"][str(k)]["flows"][f["name"]][3] is None for k, sc in zip(nets, made)
               for f in _fack_flows(sc) if f["name"] in REF["counters"][str(k)]["flows"])
    assert "[new Agent/TCP/Fack]" in "".join(ns2exact.tcl(k) for k in nets[:5])
    # each mixed network holds Fack flows unless the other families left it no TCP flow
    seen = _mixed_with("fack", lambda sc: _fack_flows(sc) or all(f.get("transport") == "udp" for f in sc["flows"]))
    assert seen >= {"outages", "session", "overhead", "error-models", "timestamps", "bursts"}, seen
    assert sum(bool(_fack_flows(ns2exact.network(k))) for k in _family("fack-mixed")) >= 90


def test_the_comparison_sees_sack1_in_place_of_fack_and_its_threshold():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family fack`, in the
    # order below): Sack1, satcc's RFC 6675 SACK, the threshold one higher
    got = ns2exact.controls("fack", REF)
    assert len(got) == 3 and all(n >= least for n, least in zip(got.values(), [15, 15, 12])), got


def test_fack_is_read_from_and_written_to_ns2_as_ns2_runs_it(tmp_path):
    from satcc import ns2_import

    sc = _two_flows()
    sc["flows"][0]["tcp"] = {"sack": True, "sack_agent": "fack", "delayed_ack": True}
    tcl = ns2.to_tcl(sc)
    assert "set tcp(0) [new Agent/TCP/Fack]" in tcl and "[new Agent/TCPSink/Sack1/DelAck]" in tcl
    assert "set tcp(1) [new Agent/TCP/Newreno]" in tcl
    script = tmp_path / "fack.tcl"
    body = """set ns [new Simulator]
set a [$ns node]
set c [$ns node]
$ns duplex-link $a $c 1Mb 20ms DropTail
set tcp [new Agent/TCP/Fack]
$ns attach-agent $a $tcp
set sink [new Agent/TCPSink/Sack1]
$ns attach-agent $c $sink
$ns connect $tcp $sink
set ftp [$tcp attach-app FTP]
$ns at 0.0 "$ftp start"
$ns at 3.0 "exit 0"
$ns run
"""
    script.write_text(body)
    imp = ns2_import.from_tcl(script).scenario
    f = imp["flows"][0]
    t = schema.tcp_settings(imp, f)
    assert f["cc"] == "newreno" and t["sack"] and t["sack_agent"] == "fack"
    # over a plain TCPSink (ns2/scripts/agents_and_sinks.tcl runs it against ns-2)
    script.write_text(body.replace("Agent/TCPSink/Sack1", "Agent/TCPSink"))
    imp = ns2_import.from_tcl(script).scenario
    t = schema.tcp_settings(imp, imp["flows"][0])
    assert t["sack_agent"] == "fack" and t["sink_sack"] is False
    script.write_text(body.replace("$ns connect", "$tcp set rampdown_ 1\n$ns connect"))
    with pytest.raises(ns2_import.Ns2ImportError, match=r"rampdown_ 1 is not modelled by satcc \(only ns-2's default, false\)"):
        ns2_import.from_tcl(script)


@pytest.mark.parametrize("cc, tcp, msg", [
    ("newreno", {"sack_agent": "fack"}, r"flows\[0\].tcp.sack_agent: 'fack' needs flows\[0\].tcp.sack = true"),
    ("cubic", {"sack": True, "sack_agent": "fack"}, r"'fack' is ns-2's Agent/TCP/Fack.*not with 'cubic' \(allowed with fack: newreno, reno, trefwa\)"),
    ("refwa-plus", {"sack": True, "sack_agent": "fack"}, r"not with 'refwa-plus'"),
    ("newreno", {"sack": True, "sack_agent": "fack", "ecn": True}, r"tcp.ecn: ECN is modelled for ns-2's agents"),
])
def test_fack_is_refused_where_ns2s_agent_has_no_counterpart(cc, tcp, msg):
    from satcc.scenario import ScenarioError

    sc = _two_flows()
    sc["flows"] = sc["flows"][:1]
    sc["flows"][0]["cc"] = cc
    sc["flows"][0]["tcp"] = tcp
    with pytest.raises(ScenarioError, match=msg):
        run(sc)


def test_the_dv_networks_route_by_distance_vectors_around_failed_links():
    # networks from DV_FIRST: the session family's networks (more than one way round)
    # under routing: dv, every link with a cost in 512ths (some directions their own),
    # links failing and coming back; drawn so that satcc's run never picks among equal
    # next hops (where ns-2 would go by a hash order of its link objects' names)
    nets = _family("dv")
    made = [ns2exact.network(k) for k in nets]
    assert all(sc["routing"] == "dv" for sc in made)
    assert sum(any(l.get("outages") for l in sc["links"]) for sc in made) >= 90
    assert sum(any("cost" in (l.get("b_to_a") or {}) for l in sc["links"]) for sc in made) >= 80
    totals = [run(sc).summary["totals"] for sc in made[:10]]
    assert all(t["routing_messages"] > 0 and "routing_ties" not in t for t in totals)
    assert "$ns rtproto DV" in ns2exact.tcl(nets[0])


def test_the_comparison_sees_dv_replaced_by_session_or_static_routing_and_the_failures_left_out():
    # of the first twenty (`python -m satcc.dev.ns2exact controls --family dv`): 20, 20, 20.
    # With TTL drops charged to the next link (satcc before 2026-12-03; ns-2's TTLChecker
    # ends each link, and drops at the destination too) 20 of the hundred parted
    got = ns2exact.controls("dv", REF)
    assert len(got) == 3 and all(n >= 18 for n in got.values()), got
