"""T-REFWA and T-REFWA Plus end to end."""

import pytest

import satcc
from satcc import ScenarioError
from satcc import ns2_import
from satcc.topology.terrestrial import ns2_auto_red, one_to_many, two_bottlenecks, wired_wireless


def test_senders_write_the_rtt_code_and_the_router_groups_by_it():
    r = satcc.run(one_to_many("T3", scheme="trefwa", duration_s=20).to_dict())
    fb = r.feedback.to_pylist()
    assert fb and max(x["active_flows"] for x in fb) == 8
    # RTT_avg from the codes tracks the groups' mean RTT (90 ms plus queueing)
    late = [x["rtt_avg_s"] for x in fb if x["time_s"] > 5]
    assert 0.08 < sum(late) / len(late) < 0.13
    # fairness as a mean over ten seeds: one 20 s run's Jain index spans 0.76-0.94
    # from seed to seed (seed 1 gave 0.87 before the link timing fix of issue 13 and
    # 0.80 after; the ten-seed mean 0.854 before and 0.859 after)
    def jain(scheme):
        runs = [one_to_many("T3", scheme=scheme, duration_s=20, seed=s).to_dict() for s in range(1, 11)]
        return sum(satcc.run(d).summary["totals"]["jain_fairness"] for d in runs) / len(runs)

    j_trefwa, j_newreno = jain("trefwa"), jain("newreno")
    assert j_trefwa > 0.85
    assert j_trefwa > j_newreno + 0.3, (j_trefwa, j_newreno)


def test_trefwa_flat_per_group_throughput_on_oc3():
    r = satcc.run(one_to_many("OC3", scheme="trefwa").to_dict()).summary
    g = [x["mean_throughput_mbps"] for x in r["groups"]]
    assert r["totals"]["jain_fairness"] > 0.97
    assert max(g) < 1.5 * min(g), g
    n = satcc.run(one_to_many("OC3", scheme="newreno", duration_s=30).to_dict()).summary
    g2 = {x["group"]: x["mean_throughput_mbps"] for x in n["groups"]}
    assert g2["rtt20ms"] > 3 * g2["rtt160ms"]


def test_two_bottlenecks_both_full_with_trefwa():
    r = satcc.run(two_bottlenecks(scheme="trefwa", duration_s=30).to_dict()).summary
    by = {l["name"]: l for l in r["links"]}
    assert by["R1->R2"]["utilization"] > 0.9 and by["R3->R4"]["utilization"] > 0.9


def test_trefwa_plus_recovers_from_link_errors():
    u = {}
    for scheme in ("newreno", "trefwa", "trefwa-plus"):
        s = satcc.run(wired_wireless(scheme=scheme, bw_bps=100e6, per=0.01, duration_s=40).to_dict()).summary
        u[scheme] = s["totals"]["goodput_mbps"] / 100
        if scheme == "trefwa-plus":
            assert sum(f["link_error_losses"] for f in s["flows"]) > 50
    assert u["trefwa-plus"] > 2 * max(u["newreno"], u["trefwa"]), u


def test_trefwa_plus_is_trefwa_without_errors():
    a = satcc.run(wired_wireless(scheme="trefwa", bw_bps=50e6, duration_s=20).to_dict()).summary["totals"]
    b = satcc.run(wired_wireless(scheme="trefwa-plus", bw_bps=50e6, duration_s=20).to_dict()).summary["totals"]
    assert abs(a["goodput_mbps"] - b["goodput_mbps"]) < 0.03 * a["goodput_mbps"]


def test_ns2_auto_red_values():
    q = ns2_auto_red(155e6, 190, 1024)
    c = 155e6 / 8192
    assert q["min_th_pkts"] == pytest.approx(c * 0.005 / 2)
    assert q["max_th_pkts"] == pytest.approx(3 * q["min_th_pkts"])
    assert 0 < q["w_q"] < 1e-4
    # the importer's reading of ns-2's initialize_params, for Fig. 1's 5 ms bottleneck
    # (its assumed RTT at the 100 ms floor) and the packets as the mean size
    th, maxth, wq = ns2_import._red_automatic(0.0, 0.0, -1.0, c, 0.005, 0.005, "q")
    assert (q["min_th_pkts"], q["max_th_pkts"], q["w_q"]) == (th, maxth, wq)


def test_trefwa_scheme_validation():
    d = one_to_many("T3", scheme="trefwa").to_dict()
    d["schemes"][0]["k"] = 0
    with pytest.raises(ScenarioError, match=r"schemes\[0\].k"):
        satcc.validate(d)
    d = one_to_many("T3", scheme="trefwa").to_dict()
    d["tcp"]["trefwa_plus_r"] = 1.5
    with pytest.raises(ScenarioError, match="trefwa_plus_r"):
        satcc.validate(d)


def test_activity_option_is_validated_and_changes_counting():
    from satcc import ScenarioError
    from satcc.topology.terrestrial import one_to_many

    bad = one_to_many("T3", scheme="trefwa", trefwa={"activity": "weird"}, duration_s=2).to_dict()
    with pytest.raises(ScenarioError, match=r"schemes\[0\]\.activity: must be one of rtt_avg, flow_rtt"):
        satcc.run(bad)
    # OC3, 32 flows of RTTs 20-160 ms: with the papers' window long-RTT flows drop out of
    # the active count; counted for their own RTT they do not, and fairness rises
    # (the mean of three seeds: one seed's margin moves by a few thousandths with any
    # change of event timing, the mean's much less)
    jain = {}
    for act in ("rtt_avg", "flow_rtt"):
        runs = [one_to_many("OC3", scheme="trefwa", trefwa={"activity": act}, duration_s=30, seed=s).to_dict()
                for s in (1, 2, 3)]
        jain[act] = sum(satcc.run(sc).summary["totals"]["jain_fairness"] for sc in runs) / len(runs)
    assert jain["flow_rtt"] > 0.99 and jain["flow_rtt"] > jain["rtt_avg"] + 0.01, jain


def test_one_to_many_hidden_values_are_validated():
    with pytest.raises(ValueError, match="access_speedup: must be at least 1"):
        one_to_many("T3", access_speedup=0.5)
    with pytest.raises(ValueError, match="rtt_offset_ms: must be >= 0"):
        one_to_many("T3", rtt_offset_ms=-1)
    s = one_to_many("T3", rtt_offset_ms=40, rtt_step_ms=10, access_speedup=2).to_dict()
    groups = sorted({f["group"] for f in s["flows"]}, key=lambda g: float(g[3:-2]))
    assert groups[0] == "rtt50ms" and groups[-1] == "rtt120ms"
    server = next(l for l in s["links"] if l["a"] == "server")
    assert server["rate_bps"] == 2 * 44e6


def test_server_link_speed_decides_t3():
    """Study trefwa.table3-server-link in one seed of its 60 s: behind a server link 10x
    the T3 bottleneck, the server's bursts overflow the 50-packet buffer; Westwood's
    per-ACK filter overreads them and loses over 5 % of its packets, and T-REFWA falls
    below Table III's fairness. At 1.05x both recover and T-REFWA fills the link best.
    (A 30 s run of seed 1 is the one of ten where NewReno fills the link slightly
    better, 0.897 against 0.893; the ten seeds' means are 0.905 against 0.934.)"""
    res = {}
    for sp in (10.0, 1.05):
        for scheme in ("newreno", "westwood", "trefwa"):
            t = satcc.run(one_to_many("T3", scheme=scheme, access_speedup=sp, duration_s=60, seed=1).to_dict())
            res[sp, scheme] = t.summary["totals"]
    assert res[10.0, "westwood"]["loss_rate"] > 0.05 and res[1.05, "westwood"]["loss_rate"] < 0.025
    assert res[1.05, "trefwa"]["jain_fairness"] >= 0.96 > res[10.0, "trefwa"]["jain_fairness"]
    assert res[1.05, "trefwa"]["utilization"] > max(res[1.05, s]["utilization"] for s in ("newreno", "westwood"))


def test_catalog_reading_of_fig1_is_one_the_fit_tries():
    """The catalog's Table III reading (FIG1) is checked against the fit's best by the
    report of trefwa.table3-fit; that check can only hold if the fit tries it."""
    from satcc.experiments.catalog import trefwa as cat

    assert cat.FIG1["rtt_offset_ms"] in cat.FIT_OFFSETS and cat.FIG1["access_speedup"] in cat.SPEEDUPS
    s = one_to_many("T3", scheme="newreno", **cat.FIG1).to_dict()
    groups = {f["group"] for f in s["flows"]}
    assert set(cat._group_names(cat.FIG1["rtt_offset_ms"])) <= groups
    # and Table III, Fig. 2 and Fig. 3 are built with it
    from satcc.experiments import get

    for exp_id, point in (("trefwa.table3-fig2", {"link": "T3", "scheme": "newreno"}),
                          ("trefwa.fig3-red", {"scheme": "newreno"})):
        d = get(exp_id).build(**point)
        server = next(l for l in d["links"] if l["a"] == "server")
        bottleneck = next(l for l in d["links"] if l["a"] == "R1")
        assert server["rate_bps"] == cat.FIG1["access_speedup"] * bottleneck["rate_bps"], exp_id
        assert {f["group"] for f in d["flows"]} == groups, exp_id


def test_timeouts_claim_of_the_activity_study():
    """trefwa.table3-activity's drop claim from hand-made results: it holds only if
    counting each flow for its RTT lowers the timeouts on every link and leaves under
    0.1 per sender and run (Table II's flow counts: 8, 32, 128, 512)."""
    from satcc.experiments import get
    from satcc.experiments.catalog import trefwa as cat
    from satcc.experiments.definition import Results, point_id

    exp = get("trefwa.table3-activity")

    def results(flow_rtt):
        rows = []
        for link in cat.LINKS:
            for activity, rto in (("rtt_avg", 100.0), ("flow_rtt", flow_rtt[link])):
                point = {"link": link, "activity": activity}
                rows.append({"point": point, "point_id": point_id(point), "metric": "rto_count",
                             "mean": rto, "ci95": 0.0, "n": 10})
        return Results(exp, rows)

    good = {"T3": 0.7, "OC3": 3.0, "OC12": 12.0, "OC48": 0.0}
    text, ok = cat._timeouts_vanish(results(good))
    assert ok and text.startswith("T3: 12.500 -> 0.087; OC3: 3.125 -> 0.094; OC12: 0.781 -> 0.094; OC48: 0.195 -> 0.000")
    assert not cat._timeouts_vanish(results({**good, "OC48": 52.0}))[1], "0.1 per sender is too many"
    assert not cat._timeouts_vanish(results({**good, "OC12": 12.8}))[1], "0.1 per sender is too many"
    assert cat._timeouts_vanish(results({**good, "OC12": 12.7}))[1]


def test_fit_error_has_a_standard_error_and_fig1_moves_only_beyond_two_of_them():
    import random

    from satcc.experiments.catalog import trefwa as cat
    from satcc.experiments.stats import t975
    from satcc.topology.terrestrial import FIG1

    class Fake:
        """Means and 95 % half-widths (5 seeds) for every grid point the fit reads."""
        def __init__(self, shift):
            self.rows = {}
            for o in cat.FIT_OFFSETS:
                for sp in cat.SPEEDUPS:
                    for link in cat.LINKS:
                        for s in cat.BASELINES:
                            pf, pu = cat.TABLE_III[link][s]
                            d = shift.get((o, sp), 0.10)
                            key = (link, s, o, sp)
                            self.rows[key + ("jain_fairness",)] = {"mean": pf + d, "ci95": 0.02, "n": 5}
                            self.rows[key + ("utilization",)] = {"mean": (pu - 100 * d) / 100, "ci95": 0.01, "n": 5}

        def get(self, metric, link, scheme, rtt_offset_ms, access_speedup):
            return self.rows[(link, scheme, rtt_offset_ms, access_speedup, metric)]

        def mean(self, metric, **pt):
            return self.get(metric, **pt)["mean"]

    fig1 = (FIG1["rtt_offset_ms"], FIG1["access_speedup"])
    other = next((o, sp) for o in cat.FIT_OFFSETS for sp in cat.SPEEDUPS if (o, sp) != fig1)
    # the delta method against a Monte Carlo of the same error over normal sample means
    r = Fake({fig1: 0.05})
    e, se = cat._fit_error_se(r, *fig1)
    rng = random.Random(1)
    draws = []
    for _ in range(4000):
        terms = []
        for link in cat.LINKS:
            for s in cat.BASELINES:
                pf, pu = cat.TABLE_III[link][s]
                j, u = r.get("jain_fairness", link, s, *fig1), r.get("utilization", link, s, *fig1)
                mj = rng.gauss(j["mean"], j["ci95"] / t975(4))
                mu = rng.gauss(u["mean"], u["ci95"] / t975(4))
                terms.append((((mj - pf) / 0.05) ** 2 + ((100 * mu - pu) / 5) ** 2) / 2)
        draws.append(sum(terms) / len(terms))
    m = sum(draws) / len(draws)
    sd = (sum((x - m) ** 2 for x in draws) / (len(draws) - 1)) ** 0.5
    assert abs(e - 1.0) < 1e-9 and abs(sd - se) < 0.1 * se, (e, se, sd)  # dJ = 1, dU = -1 everywhere
    # FIG1 is the best: holds
    assert cat._fit_is_catalogs(Fake({fig1: 0.05}))[1]
    # another reading slightly better (within 2 SE): FIG1 stands
    text, ok = cat._fit_is_catalogs(Fake({fig1: 0.05, other: 0.048}))
    assert ok and "worse by" in text
    # another reading far better: FIG1 must move
    text, ok = cat._fit_is_catalogs(Fake({fig1: 0.05, other: 0.01}))
    assert not ok and "worse by" in text
