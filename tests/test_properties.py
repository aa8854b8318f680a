"""Property tests over random small networks: packets are conserved, queues stay
within their limits, and a run is a pure function of scenario and seed. The networks
draw every congestion control (CUBIC and BBR with a Linux sender's transport, pacing),
a second way round with routing costs, a link failing under static or session routing,
ns-2's Sack1 agents and timestamp option, RED in packets and in bytes, ns-2's PI AQM and
fair schedulers (SFQ, DRR, FQ), its Delayer blocking an access link (at given times or randomly) and allocating a channel, UDP flows of CBR and ON/OFF sources, the router schemes on the routers' links, jitter,
latency steps and stops."""

from hypothesis import given, settings
from hypothesis import strategies as st

import satcc
import satcc.registry
from satcc import Scenario


@st.composite
def networks(draw):
    n_routers = draw(st.integers(1, 4))
    duration = draw(st.floats(0.5, 4.0))
    tcp = {"rwnd_pkts": draw(st.integers(2, 300)), "delayed_ack": draw(st.booleans()), "sack": draw(st.booleans()),
           "packet_size_bytes": draw(st.sampled_from([500, 1000, 1460]))}
    if draw(st.booleans()):
        # a Linux sender's transport (what the CUBIC/BBR catalog runs with), in part
        tcp.update(initial_window_pkts=draw(st.sampled_from([1, 4, 10])), rto="linux", tick_s=0.001,
                   quick_ack=draw(st.booleans()), pacing=draw(st.booleans()),
                   receive_window=draw(st.sampled_from(["fixed", "linux"])))
    elif tcp["sack"] and draw(st.booleans()):
        # ns-2's SACK agents (ns-2's transport only)
        tcp["sack_agent"] = "sack1"
    if tcp.get("rto") != "linux" and draw(st.booleans()):
        # ns-2's timestamp option (ns-2's transport only)
        tcp["timestamps"] = True
    routing = draw(st.sampled_from(["static", "session"]))
    s = Scenario("prop", duration_s=duration, seed=draw(st.integers(0, 1000)), tcp=tcp, routing=routing)
    routers = [s.node(f"r{i}") for i in range(n_routers)]
    for a, b in zip(routers, routers[1:]):
        q = draw(st.sampled_from([
            {"type": "droptail", "limit_pkts": draw(st.integers(1, 60))},
            {"type": "droptail", "limit_bytes": draw(st.integers(1500, 60000))},
            # ns-2's drop_front_: a full buffer drops its head, holding its packets
            {"type": "droptail", "limit_pkts": draw(st.integers(1, 60)), "drop_front": True},
            {"type": "droptail", "limit_bytes": draw(st.integers(1500, 60000)), "drop_front": True},
            {"type": "red", "limit_pkts": draw(st.integers(5, 60)), "min_th_pkts": 2, "max_th_pkts": 4,
             "w_q": 0.05},
            # ns-2's drop_front_ and drop_rand_: a forced drop takes a waiting packet
            {"type": "red", "limit_pkts": draw(st.integers(2, 20)), "min_th_pkts": 2, "max_th_pkts": 4,
             "w_q": 0.05, "forced_drop": draw(st.sampled_from(["front", "random"])),
             "queue_in_bytes": draw(st.booleans())},
            # ns-2's RED defaults: counted in bytes, dropping by size
            {"type": "red", "limit_pkts": draw(st.integers(5, 60)), "min_th_pkts": 2, "max_th_pkts": 4,
             "w_q": 0.05, "queue_in_bytes": True, "byte_mode": draw(st.booleans()),
             "mean_pkt_bytes": draw(st.sampled_from([200, 1000]))},
            # ns-2's PI AQM, its probability moved by a timer of its own
            {"type": "pi", "limit_pkts": draw(st.integers(1, 60)), "qref_pkts": draw(st.floats(0, 30)),
             "a": draw(st.sampled_from([1.822e-5, 1e-3])), "b": draw(st.sampled_from([1.816e-5, 9e-4])),
             "w_hz": draw(st.sampled_from([50.0, 170.0])), "queue_in_bytes": draw(st.booleans()),
             "byte_mode": draw(st.booleans())},
            # ns-2's REM, its price moved by a timer of its own; dropping at arrival, or
            # marking (holding its packets and drawing at every dequeue)
            {"type": "rem", "limit_pkts": draw(st.integers(1, 60)), "gamma": draw(st.sampled_from([0.001, 0.05])),
             "phi": draw(st.sampled_from([1.001, 1.1])), "inw": draw(st.floats(0, 1)),
             "update_interval_s": draw(st.sampled_from([0.002, 0.01])), "b0_pkts": draw(st.floats(0, 30)),
             "queue_in_bytes": draw(st.booleans()), "ecn": draw(st.booleans())},
            # ns-2's fair schedulers, which hold their waiting packets and choose the next
            {"type": "sfq", "limit_pkts": draw(st.integers(1, 60)), "buckets": draw(st.integers(1, 20))},
            # ns-2's FQ: a DropTail of its own for each flow
            {"type": "fq", "limit_pkts": draw(st.integers(1, 20))},
            {"type": "drr", "limit_bytes": draw(st.integers(500, 60000)), "quantum_bytes": draw(st.integers(1, 3000)),
             "buckets": draw(st.integers(1, 12)), "mask": draw(st.booleans())},
        ]))
        err = draw(st.sampled_from([None, {"type": "per", "per": 0.02}, {"type": "ber", "ber": 1e-5}]))
        changes = draw(st.sampled_from([[], [{"at_s": draw(st.floats(0.1, duration)), "rate_bps": draw(st.floats(1e5, 1e8))}]]))
        steps = draw(st.sampled_from([[], [{"at_s": draw(st.floats(0.1, duration)), "delay_ms": draw(st.floats(0, 80))}]]))
        s.link(a, b, rate_bps=draw(st.floats(1e5, 1e8)), delay_ms=draw(st.floats(0, 50)), queue=q, error=err,
               rate_changes=changes, delay_changes=steps, jitter_ms=draw(st.sampled_from([0.0, 2.0])))
    if n_routers >= 2 and draw(st.booleans()):
        # a second way from the first router to the last, dearer or cheaper by its costs,
        # and the first router link failing (routes go round it under session routing)
        x = s.node("x")
        for a, b in ((routers[0], x), (x, routers[-1])):
            s.link(a, b, rate_bps=draw(st.floats(1e5, 1e8)), delay_ms=draw(st.floats(0, 50)),
                   queue={"type": "droptail", "limit_pkts": draw(st.integers(1, 60))},
                   cost=draw(st.sampled_from([1.0, 0.5, 3.0])))
        down = draw(st.floats(0.05, duration))
        up = draw(st.sampled_from([None, down + draw(st.floats(0.0, duration))]))
        first = s.d["links"][0]
        first["outages"] = [{"down_s": down} if up is None else {"down_s": down, "up_s": up}]
        if first["queue"]["type"] == "rem":
            # (REM on a link that goes down is refused: ns-2's keeps its packets)
            first["queue"] = {"type": "droptail", "limit_pkts": first["queue"]["limit_pkts"]}
    for i in range(draw(st.integers(1, 5))):
        h, d = s.node(f"h{i}"), s.node(f"d{i}")
        s.link(h, routers[0], rate_bps=draw(st.floats(1e6, 1e9)), delay_ms=draw(st.floats(0, 20)))
        if draw(st.booleans()):
            # ns-2's Delayer after the access link's DropTail, blocked for a while (to
            # the end, or not at all)
            at = draw(st.floats(0.0, duration))
            until = draw(st.sampled_from([None, at + draw(st.floats(0.01, 1.0))]))
            blocks = draw(st.sampled_from([[], [{"at_s": at} if until is None else {"at_s": at, "until_s": until}]]))
            s.d["links"][-1]["queue"] = {"type": "droptail", "limit_pkts": draw(st.integers(1, 30))}
            delayer = {"blocks": blocks}
            if not blocks and draw(st.booleans()):
                # random spikes
                delayer["spikes"] = {"interval": {"type": "exponential", "mean": draw(st.floats(0.05, 2.0))},
                                     "length": {"type": "uniform", "min": 0.0, "max": draw(st.floats(0.01, 0.5))},
                                     "first_at_s": at}
            if draw(st.booleans()):
                # channel allocation
                delayer["alloc"] = {"idle": {"type": "constant", "value": draw(st.floats(0.001, 0.5))},
                                    "delay": {"type": "exponential", "mean": draw(st.floats(0.001, 0.3))}}
            s.d["links"][-1]["a_to_b"] = {"delayer": delayer}
        s.link(routers[-1], d, rate_bps=draw(st.floats(1e6, 1e9)), delay_ms=draw(st.floats(0, 20)))
        start = draw(st.floats(0, 0.3))
        stop = draw(st.sampled_from([None, start + draw(st.floats(0.05, duration))]))
        # with SACK, the controllers that have SACK recovery (not ns-2's Tahoe and Vegas)
        ccs = [c for c in satcc.registry.controller_names() if not tcp["sack"] or satcc.registry.controller(c)["sack"]]
        if tcp.get("sack_agent") == "sack1" or tcp.get("timestamps"):
            # ... and with ns-2's Sack1 or timestamps, those keeping no rate samples (cubic
            # and bbr run Linux's)
            ccs = [c for c in ccs if not satcc.registry.controller(c)["rate_samples"]]
        if draw(st.integers(0, 4)) == 0:
            # a UDP flow of a CBR or ON/OFF source, from 0.1 to 20 Mb/s
            rate = draw(st.floats(1e5, 2e7))
            size = draw(st.sampled_from([64, 500, 1500]))
            src = draw(st.sampled_from([
                {"type": "cbr", "rate_bps": rate, "packet_size_bytes": size, "random": draw(st.booleans())},
                {"type": "exponential", "mean_on_s": 0.1, "mean_off_s": 0.2, "rate_bps": rate, "packet_size_bytes": size},
            ]))
            more = {}
            if src["type"] == "cbr" and stop is not None and draw(st.booleans()):
                # started again (within a gap of the stop, some), its rate changed
                again = stop + draw(st.sampled_from([size * 8.0 / rate / 3, 0.05]))
                more["restarts"] = [{"start_s": again, **draw(st.sampled_from([{}, {"stop_s": again + 0.1}]))}]
                src["rate_steps"] = [{"at_s": draw(st.floats(0, duration)), "rate_bps": draw(st.floats(1e5, 2e7))}]
            s.flow(h, d, transport="udp", traffic=src, start_s=start, stop_s=stop, **more)
            continue
        if draw(st.integers(0, 5)) == 0:
            # a ping flow: every 1 to 100 ms from its start (to its stop), or at instants
            # of its own, some twice; requests and replies of their own sizes
            sizes = {"packet_size_bytes": draw(st.sampled_from([64, 500, 1500])),
                     "reply_size_bytes": draw(st.sampled_from([64, 1000]))}
            if draw(st.booleans()):
                pings = {"type": "pings", "every_s": draw(st.sampled_from([0.001, 0.01, 0.1])), **sizes}
                s.flow(h, d, transport="ping", traffic=pings, start_s=start, stop_s=stop)
            else:
                at = sorted(draw(st.lists(st.floats(start, duration), min_size=1, max_size=30)))
                s.flow(h, d, transport="ping", traffic={"type": "pings", "at_s": sorted(at + at[:2]), **sizes},
                       start_s=start)
            continue
        more = {}
        if draw(st.integers(0, 3)) == 0:
            # started again while it runs (ns-2's FTP start twice), the stop, if any,
            # ending that second period
            again = start + draw(st.floats(0, 0.5))
            if stop is None or again < stop:
                more["restarts"] = [{"start_s": again, **({"stop_s": stop} if stop is not None else {})}]
                stop = None
        s.flow(h, d, cc=draw(st.sampled_from(ccs)), start_s=start, stop_s=stop, **more)
    router_links = [f"{a}->{b}" for a, b in zip(routers, routers[1:])]
    if router_links and draw(st.booleans()):
        s.scheme(draw(st.sampled_from(["refwa", "trefwa", "xfwa"])), links=router_links)
    s.monitor(drop_trace=True, links=[f"{a}->{b}" for a, b in zip(routers, routers[1:])] or None)
    return s


@settings(max_examples=60, deadline=None)
@given(networks())
def test_invariants(s):
    r = s.run()
    t = r.summary["totals"]
    p = t["packets"]
    assert p["data_injected"] == p["data_delivered"] + p["data_dropped"] + p["data_in_flight"]
    assert p["ack_injected"] == p["ack_delivered"] + p["ack_dropped"] + p["ack_in_flight"]
    assert r.drops.num_rows == p["data_dropped"] + p["ack_dropped"]
    # what a link holds, the packet in service included: a DropTail limit of B holds B,
    # ns-2's RED, PI and SFQ their limit waiting besides the one in service
    red = {f"{l[a]}->{l[b]}" for l in s.to_dict()["links"] for a, b in (("a", "b"), ("b", "a"))
           if (l.get("queue") or {}).get("type") in ("red", "sfq", "pi")}
    # a DropTail with ns-2's Delayer after it: limit - 1 waiting, one held, one in service
    red |= {f"{l['a']}->{l['b']}" for l in s.to_dict()["links"] if "delayer" in l.get("a_to_b", {})}
    # FQ's limit is each flow's queue's
    fq = {f"{l[a]}->{l[b]}" for l in s.to_dict()["links"] for a, b in (("a", "b"), ("b", "a"))
          if (l.get("queue") or {}).get("type") == "fq"}
    for l in r.summary["links"]:
        if l["limit_pkts"] is not None and l["name"] not in fq:
            assert l["max_queue_pkts"] <= l["limit_pkts"] + (l["name"] in red)
        assert 0.0 <= l["utilization"] <= 1.0 + 1e-9
    # each sample interval counts the bits sent within it: never above the capacity
    util = r.queue.column("utilization").to_pylist()
    assert all(0.0 <= u <= 1.0 for u in util)
    for f in r.summary["flows"]:
        assert f["data_pkts_acked"] <= f["data_pkts_delivered"]
        assert 0.0 <= f["loss_rate"] <= 1.0
        if f.get("transport") in ("udp", "ping"):
            # a datagram is delivered once at most: nothing is retransmitted
            assert f["data_pkts_delivered"] + f["data_pkts_dropped"] <= f["data_pkts_sent"]
        if f.get("transport") == "ping":
            # each request answered once at most, and only one that arrived; lost once
            # at most, either way
            p = f["pings"]
            assert p["sent"] == f["data_pkts_sent"] and p["requests_dropped"] == f["data_pkts_dropped"]
            assert p["answered"] <= f["data_pkts_delivered"]
            assert p["answered"] + p["requests_dropped"] + p["replies_dropped"] <= p["sent"]
            rows = [x for x in r.pings.to_pylist() if x["flow"] == f["name"]] if r.pings is not None else []
            assert len(rows) == p["answered"] == len({x["seqno"] for x in rows})
            assert all(x["forward_ms"] > 0 and x["back_ms"] > 0 for x in rows)
    assert 0.0 <= t["jain_fairness"] <= 1.0 + 1e-12
    # same scenario, same seed: byte-identical summary
    assert satcc.run(s.to_dict()).summary_json == r.summary_json
