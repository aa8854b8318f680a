"""ns-2's ErrorModule at a link's entry (`error_module`): several error models, each
seeing its flows' packets, each dropping, marking (markecn_) or delaying (delay_pkt_)
what it picks. Checked against ns-2 by ns2/scripts/error_module_models.tcl (with seven
controls) and ns-2's own ecn, links and tcpOptions suites (tests/test_ns2_suites.py);
here what each action does to a run, conservation of the held packets, and the export."""

import copy

import satcc
from satcc import ns2

from test_ecn import dumbbell


def module(d: dict, entries: list[dict]) -> dict:
    d = copy.deepcopy(d)
    d["links"][0]["error_at"] = "entry"
    d["links"][0]["error_module"] = entries
    return d


def flow(s: dict, name: str) -> dict:
    return next(f for f in s["flows"] if f["name"] == name)


def link(s: dict, name: str) -> dict:
    return next(x for x in s["links"] if x["name"] == name)


PER = {"type": "per", "per": 0.02}


def test_a_marking_model_slows_an_ecn_flow_without_a_loss_and_leaves_the_others_alone():
    d = dumbbell(ecn=True, queue_ecn=False, duration_s=10, flows=2)
    s = satcc.run(module(d, [{"error": PER, "flows": ["f0"], "action": "mark"}])).summary
    plain = satcc.run(d).summary
    f0, f1 = flow(s, "f0"), flow(s, "f1")
    assert f0["ecn_responses"] > 10 and link(s, "s->r1")["drops_error"] == 0
    # the model sees f0 only: f1 runs as without the module until f0 gives way
    assert f1["ecn_responses"] == 0
    assert f0["goodput_mbps"] < flow(plain, "f0")["goodput_mbps"]
    # a flow without ECN: its packets go on unmarked (its receiver reads no mark)
    s = satcc.run(module(dumbbell(ecn=False, queue_ecn=False, duration_s=10, flows=2),
                         [{"error": PER, "flows": ["f0"], "action": "mark"}])).summary
    assert link(s, "s->r1")["drops_error"] == 0 and "ecn_responses" not in flow(s, "f0")


def test_a_delaying_model_reorders_without_a_loss_and_counts_each_packet_once():
    d = dumbbell(ecn=False, queue_ecn=False, duration_s=10, flows=2)
    s = satcc.run(module(d, [{"error": {"type": "per", "per": 0.05}, "action": "delay", "delay_ms": 80}])).summary
    acc = link(s, "s->r1")
    assert acc["drops"] == 0 and acc["drops_error"] == 0
    # a held packet is an arrival once, when it reaches the link; the flows' senders,
    # seeing it arrive behind others, retransmit although nothing was lost
    assert all(f["retransmits"] > 0 and f["data_pkts_dropped"] == 0 for f in s["flows"])
    sent = sum(f["data_pkts_sent"] + f["syn_pkts_sent"] for f in s["flows"])
    assert acc["arrivals_pkts"] == sent
    # each hold is an event of its own, counted by kind
    r = satcc.run(module(d, [{"error": {"type": "per", "per": 0.05}, "action": "delay", "delay_ms": 80}]))
    assert r.events_by_kind["held packets released"] > 20
    assert satcc.run(d).events_by_kind.get("held packets released", 0) == 0
    # a model that drops the same packets instead loses them
    s = satcc.run(module(d, [{"error": {"type": "per", "per": 0.05}}])).summary
    assert link(s, "s->r1")["drops_error"] > 50


def test_each_flow_goes_to_its_models_and_runs_repeat():
    d = dumbbell(ecn=False, queue_ecn=False, duration_s=10, flows=3)
    f1 = {"error": {"type": "list", "drops": [30, 31]}, "flows": ["f1"]}
    f0 = {"error": {"type": "list", "drops": [10]}, "flows": ["f0"]}
    rest = {"error": {"type": "list", "drops": [50, 51, 52, 53, 54]}}
    # each list model counts its own flows' packets: every number it names is lost once
    for entries, lost in (([f1], 2), ([f1, f0], 3), ([f1, f0, rest], 8), ([rest], 5)):
        s = satcc.run(module(d, entries)).summary
        assert link(s, "s->r1")["drops_error"] == lost, entries
    a = satcc.run(module(d, [f1, f0, rest])).summary
    assert satcc.run(module(d, [f1, f0, rest])).summary == a


def test_the_export_writes_ns2_s_module():
    d = dumbbell(ecn=True, queue_ecn=False, duration_s=5, flows=3)
    tcl = ns2.to_tcl(module(d, [{"error": PER, "flows": ["f0", "f2"], "action": "mark"},
                                {"error": PER, "action": "delay", "delay_ms": 250}]))
    lines = tcl.splitlines()
    for want in ("set emod(0) [new ErrorModule Fid]", "$em(0) set markecn_ true", "$emod(0) insert $em(0)",
                 "$emod(0) bind $em(0) 0", "$emod(0) bind $em(0) 2", "$em(1) set delay_pkt_ true",
                 "$em(1) set delay_ 0.25", "$emod(0) insert $em(1)", "$emod(0) bind $em(1) -1",
                 "$emod(0) default $em(1)"):
        assert want in lines, want


def test_modules_one_after_the_other_and_their_export():
    # ns-2's `$link errormodule` given twice: the later placed is met first; a packet
    # the first module passes meets the second, whose list counts only those
    d = dumbbell(ecn=False, queue_ecn=False, duration_s=10, flows=2)
    first = {"error": {"type": "list", "drops": [20, 21]}, "flows": ["f0"]}
    second = {"error": {"type": "list", "drops": [20, 40]}, "module": 1}
    s = satcc.run(module(d, [first, second])).summary
    # f0's 20th and 21st lost in the first; the second sees every other packet: its
    # 20th and 40th lost
    assert link(s, "s->r1")["drops_error"] == 4
    # held by the first (80 ms), then judged by the second when released
    held = {**first, "action": "delay", "delay_ms": 80}
    s2 = satcc.run(module(d, [held, {**second, "flows": ["f0"]}])).summary
    assert link(s2, "s->r1")["drops_error"] == 2
    tcl = ns2.to_tcl(module(d, [first, second])).splitlines()
    # the second module placed first, so that the first is met first
    places = [k for k, line in enumerate(tcl) if line.endswith("errormodule $emod(0)") or
              line.endswith("errormodule $emod(1)")]
    assert [tcl[k].split()[-1] for k in places] == ["$emod(0)", "$emod(1)"]
    assert "$emod(0) insert $em(0)" in tcl and "$emod(1) insert $em(1)" in tcl
    # em(0) is the second module's model (placed first), em(1) the first's
    assert "$em(0) droplist {20 40}" in tcl and "$emod(1) bind $em(1) 0" in tcl
