"""T-REFWA (seed 002: Taleb, Kato, Nemoto, ICC 2006): Table III with Fig. 2, Fig. 3
(RED) and Fig. 5 (two bottlenecks). Table III's numbers are the paper's; the report
puts ours beside them."""

from __future__ import annotations

from ...topology.terrestrial import FIG1, TABLE_II, one_to_many, two_bottlenecks
from ..definition import Claim, Experiment, Param, PlotSpec, standard_metrics
from ..registry import register
from ..stats import t975

SRC = "seed 002"
SCHEMES = ("reno", "newreno", "westwood", "trefwa")
LINKS = tuple(TABLE_II)
# Table III: (fairness, utilization %) per link type and protocol
TABLE_III = {
    "T3": {"reno": (0.74, 63.5), "newreno": (0.74, 69.1), "westwood": (0.80, 69.1), "trefwa": (0.96, 79.0)},
    "OC3": {"reno": (0.86, 83.5), "newreno": (0.84, 88.8), "westwood": (0.90, 87.8), "trefwa": (1.00, 95.9)},
    "OC12": {"reno": (0.86, 85.6), "newreno": (0.85, 89.9), "westwood": (0.90, 90.5), "trefwa": (1.00, 96.7)},
    "OC48": {"reno": (0.86, 84.2), "newreno": (0.83, 89.9), "westwood": (0.91, 90.1), "trefwa": (1.00, 97.2)},
}


def _group_names(offset_ms: float) -> tuple[str, str]:
    """The shortest and longest RTT groups' names under an RTT offset."""
    return f"rtt{offset_ms + 20:g}ms", f"rtt{offset_ms + 160:g}ms"


def _fair_need(link: str) -> float:
    """Table III's T-REFWA fairness: at least 0.96 on T3, 0.99 from OC3 up."""
    return 0.96 if link == "T3" else 0.99


BASELINES = ("reno", "newreno", "westwood")

# Table III's checks. `at` holds the other grid coordinates of the points to judge (e.g. a
# study's access_speedup=1.05); the catalog's Table III has none.


def _trefwa_fair(r, **at):
    parts, ok = [], True
    for l in LINKS:
        j = r.mean("jain_fairness", link=l, scheme="trefwa", **at)
        need = _fair_need(l)
        parts.append(f"{l}: {j:.3f} (>= {need}, paper {TABLE_III[l]['trefwa'][0]:.2f})")
        ok = ok and j >= need
    return "; ".join(parts), ok


def _trefwa_best_util(r, **at):
    parts, ok = [], True
    for l in LINKS:
        mine = r.mean("utilization", link=l, scheme="trefwa", **at)
        best = max((r.mean("utilization", link=l, scheme=s, **at), s) for s in BASELINES)
        parts.append(f"{l}: {100 * mine:.1f} % (paper {TABLE_III[l]['trefwa'][1]:.1f}) vs best baseline {best[1]} "
                     f"{100 * best[0]:.1f} %")
        ok = ok and mine > best[0]
    return "; ".join(parts), ok


def _baselines_match(r, **at):
    parts, n_in = [], 0
    for l in LINKS:
        for s in BASELINES:
            pf, pu = TABLE_III[l][s]
            f, u = r.mean("jain_fairness", link=l, scheme=s, **at), 100 * r.mean("utilization", link=l, scheme=s, **at)
            good = abs(f - pf) <= 0.05 and abs(u - pu) <= 5
            n_in += good
            parts.append(f"{l}/{s}: {f:.2f} vs {pf:.2f}, {u:.1f} vs {pu:.1f} %{'' if good else ' (out)'}")
    n = len(LINKS) * len(BASELINES)
    return f"{n_in} of {n} within: " + "; ".join(parts), n_in == n


def _fair_moves(r, param, values, **at):
    """T-REFWA's fairness per link as `param` goes from values[0] to values[1]; holds if
    Table III's fairness is met at values[1]."""
    parts, ok = [], True
    for link in LINKS:
        a, b = (r.mean("jain_fairness", link=link, **at, **{param: v}) for v in values)
        need = _fair_need(link)
        parts.append(f"{link}: {a:.3f} -> {b:.3f} (>= {need})")
        ok = ok and b >= need
    return "; ".join(parts), ok


def _timeouts_vanish(r):
    """Timeouts per sender per run with the papers' active-flow window and with the flow's
    own RTT; holds if the latter has fewer on every link and under 0.1 per sender (at
    most one sender in ten times out once a run: 'almost no packet drops')."""
    parts, ok = [], True
    for link in LINKS:
        n = TABLE_II[link][2]
        a, b = (r.mean("rto_count", link=link, activity=v) / n for v in ("rtt_avg", "flow_rtt"))
        parts.append(f"{link}: {a:.3f} -> {b:.3f}")
        ok = ok and b < a and b < 0.1
    return "; ".join(parts), ok


register(Experiment(
    id="trefwa.table3-fig2",
    title="T-REFWA vs Reno, NewReno, Westwood: one server, eight RTT groups, T3/OC3/OC12/OC48 (DropTail)",
    source=f"{SRC}, Table III and Fig. 2",
    build=lambda link, scheme: one_to_many(link, scheme=scheme, **FIG1).to_dict(),
    grid={"link": Param(LINKS), "scheme": Param(SCHEMES)},
    plots=(PlotSpec(name="table3_fairness", x="link", y=("jain_fairness",), series="scheme", title="Table III: fairness"),
           PlotSpec(name="table3_utilization", x="link", y=("utilization",), series="scheme", title="Table III: utilization"),
           *(PlotSpec(name=f"fig2_groups_{link}", y=("group:*:throughput_mbps",), where=(("link", link),),
                      ylabel="mean throughput per flow (Mb/s)", title=f"Fig. 2: average throughput of each group, {link}")
             for link in LINKS)),
    claims=(
        Claim("T-REFWA's fairness is at least 0.96 (T3) and at least 0.99 (OC3 and up)", f"{SRC}, Table III", _trefwa_fair),
        Claim("T-REFWA's utilization is above every baseline's", f"{SRC}, Table III", _trefwa_best_util),
        Claim("Baselines' fairness and utilization as in Table III (within 0.05 and 5 points)", f"{SRC}, Table III",
              _baselines_match),
    ),
    quick_duration_s=5.0,
    notes="Table II's buffers and flow counts; 60 s; 1024-byte packets; T-REFWA at the bottleneck router, over "
          "NewReno. Fig. 1 hides the groups' delays and the server link's rate; we use the reading that best "
          "fits Table III's three baselines (T-REFWA plays no part in the choice): RTTs 60, 80, ..., 200 ms "
          "and the server's and users' links at 1.05x the bottleneck (FIG1; `satcc reproduce "
          "trefwa.table3-fit` makes the fit, reports its error against the plain reading's (RTTs 20-160 ms, "
          "links at 10x; satcc.topology.terrestrial's defaults) and checks that FIG1 is still its best). "
          "Where we differ: (1) even at the best reading few or no baseline cells are within 0.05 and 5 "
          "points of Table III (the claim lists each): on T3 the baselines are fairer and fuller than the paper "
          "says, from OC12 up less fair, and Westwood fills less (its estimator, docs/schemes.md). These are "
          "not satcc's: ns-2 2.35 runs Reno and NewReno on this network within 0.02 utilization and 0.05 "
          "fairness of ours (`python -m satcc.difftest compare table3-T3-newreno table3-T3-reno "
          "table3-OC12-newreno table3-OC12-reno`), so the paper's network or agents differed in a way the "
          "text does not tell. (2) From OC12 up T-REFWA stays just under 0.99: flows with RTTs above RTT_avg "
          "send their windows in trains and drop out of the papers' active count (RTT_avg window) between "
          "trains; ns-2 sends the same trains (difftest case window-trains). `satcc reproduce "
          "trefwa.table3-activity` counts each flow for its own RTT instead and reaches Table III's T-REFWA "
          "row but for T3's utilization. (3) With a server link at 1.05x, Fig. 2's per-group curves of the "
          "baselines fall smoothly; the paper's 'oscillations' (Fig. 2 b, c) appear with a 10x link "
          "(trefwa.table3-server-link). Studies of the plain reading: trefwa.table3-spread (RTT spacing), "
          "trefwa.table3-server-link (link rate).",
))


STEPS_MS = (20.0, 10.0)


def _spread_newreno(r):
    parts, ok = [], True
    for link in LINKS:
        a, b = (r.mean("jain_fairness", link=link, scheme="newreno", rtt_step_ms=s) for s in STEPS_MS)
        paper = TABLE_III[link]["newreno"][0]
        parts.append(f"{link}: {a:.2f} -> {b:.2f} (paper {paper:.2f})")
        ok = ok and abs(b - paper) < abs(a - paper)
    return "; ".join(parts), ok


register(Experiment(
    id="trefwa.table3-spread",
    title="Table III with the eight groups' RTTs 20-160 ms (our reading) and 10-80 ms: T-REFWA and NewReno",
    source=f"{SRC}, Table III; a satcc study of a value Fig. 1 hides",
    build=lambda link, scheme, rtt_step_ms: one_to_many(link, scheme=scheme, rtt_step_ms=rtt_step_ms).to_dict(),
    grid={"link": Param(LINKS), "scheme": Param(("newreno", "trefwa")), "rtt_step_ms": Param(STEPS_MS)},
    plots=(PlotSpec(name="fairness", x="link", y=("jain_fairness",), series="scheme",
                    title="Fairness by link type, scheme and RTT spacing"),),
    claims=(
        Claim("With 10 ms RTT spacing T-REFWA meets Table III's fairness (>= 0.96 on T3, >= 0.99 from OC3) "
              "with the papers' own active-flow rule", f"{SRC}, Table III (our hypothesis)",
              lambda r: _fair_moves(r, "rtt_step_ms", STEPS_MS, scheme="trefwa")),
        Claim("NewReno's fairness moves toward Table III's as the spread narrows", f"{SRC}, Table III",
              _spread_newreno),
    ),
    quick_duration_s=5.0,
    notes="Why: Fig. 1 hides the groups' delays. Under the plain reading (RTTs 20, 40, ..., 160 ms, access "
          "links at 10x; the builder's defaults) our Reno and NewReno are far less fair than Table III says "
          "(0.35-0.66 vs 0.74-0.86), so the paper's spread must have been narrower. The same spread costs T-REFWA on T3: its 50-packet buffer "
          "overflows when the server, on a link ten times faster, bursts, and each drop halves a window "
          "that a long-RTT flow then regains at one packet per RTT. This study halves the spacing (RTTs 10, "
          "20, ..., 80 ms) and changes nothing else; it does not fit the spread to the table.",
))


SPEEDUPS = (10.0, 1.05)  # access links' rate / bottleneck rate: our reading, and a server link barely faster


def _server_westwood_fairest(r):
    parts, ok = [], True
    for link in LINKS:
        j = {s: r.mean("jain_fairness", link=link, scheme=s, access_speedup=1.05) for s in BASELINES}
        parts.append(f"{link}: Westwood {j['westwood']:.2f}, Reno {j['reno']:.2f}, NewReno {j['newreno']:.2f}")
        ok = ok and j["westwood"] > max(j["reno"], j["newreno"])
    return "; ".join(parts), ok


def _rises(r, **point) -> int:
    """How many times a group's mean throughput is over 10 % above the next-shorter RTT
    group's: Fig. 2's 'oscillations'."""
    names = sorted((m for m in r.metrics() if m.startswith("group:rtt") and m.endswith(":throughput_mbps")),
                   key=lambda m: float(m.split(":")[1][3:-2]))
    v = [r.mean(m, **point) for m in names]
    return sum(1 for a, b in zip(v, v[1:]) if b > 1.1 * a)


def _server_oscillations(r):
    parts, ok = [], True
    for link in ("OC3", "OC12"):
        for sp in SPEEDUPS:
            n = {s: _rises(r, link=link, scheme=s, access_speedup=sp) for s in BASELINES}
            parts.append(f"{link} {sp:g}x: " + ", ".join(f"{s} {k}" for s, k in n.items()))
            ok = ok and (all(n.values()) if sp == 10.0 else not any(n.values()))
    return "; ".join(parts), ok


def _server_westwood_loss(r):
    parts, ok = [], True
    for link in LINKS:
        a, b = (r.mean("loss_rate", link=link, scheme="westwood", access_speedup=s) for s in SPEEDUPS)
        nr = r.mean("loss_rate", link=link, scheme="newreno", access_speedup=10.0)
        parts.append(f"{link}: {100 * a:.1f} % -> {100 * b:.1f} % (NewReno at 10x {100 * nr:.2f} %)")
        ok = ok and a > 2 * b and a > 5 * nr
    return "; ".join(parts), ok


register(Experiment(
    id="trefwa.table3-server-link",
    title="Table III with the server's and users' links at 10x the bottleneck's rate (our reading) and at 1.05x",
    source=f"{SRC}, Table III; a satcc study of a value Fig. 1 hides",
    build=lambda link, scheme, access_speedup: one_to_many(link, scheme=scheme, access_speedup=access_speedup).to_dict(),
    grid={"link": Param(LINKS), "scheme": Param(SCHEMES), "access_speedup": Param(SPEEDUPS)},
    plots=(PlotSpec(name="fairness", x="link", y=("jain_fairness",), series="scheme",
                    title="Fairness by link type, scheme and access-link speed"),
           PlotSpec(name="utilization", x="link", y=("utilization",), series="scheme",
                    title="Utilization by link type, scheme and access-link speed"),
           PlotSpec(name="loss", x="link", y=("loss_rate",), series="scheme",
                    title="Loss rate by link type, scheme and access-link speed")),
    claims=(
        Claim("With a server link barely faster than the bottleneck, T-REFWA's utilization is above every "
              "baseline's", f"{SRC}, Table III (our hypothesis)", lambda r: _trefwa_best_util(r, access_speedup=1.05)),
        Claim("With a server link barely faster than the bottleneck, T-REFWA meets Table III's fairness "
              "(>= 0.96 on T3, >= 0.99 from OC3)", f"{SRC}, Table III (our hypothesis)",
              lambda r: _fair_moves(r, "access_speedup", SPEEDUPS, scheme="trefwa")),
        Claim("Westwood is the fairest baseline on every link type", f"{SRC}, Table III", _server_westwood_fairest),
        Claim("Fig. 2 (b, c): under DropTail the baselines' per-group throughput oscillates across RTT groups "
              "on OC3 and OC12; seen with the 10x server link (rises counted per scheme), not with 1.05x",
              f"{SRC}, Fig. 2 and IV", _server_oscillations),
        Claim("The 10x server link's bursts, not Westwood's rule, make Westwood lose packets: its loss rate "
              "more than halves at 1.05x and is over 5x NewReno's at 10x", "satcc finding",
              _server_westwood_loss),
    ),
    quick_duration_s=5.0,
    notes="Why: Fig. 1 hides the rate of the server's link. The plain reading runs it at 10x the "
          "bottleneck, so the server sends each window increase as a burst that the bottleneck's buffer "
          "(10 ms of traffic) cannot hold. At 1.05x the server's own interface queue spaces the packets "
          "out and drops nothing; the bottleneck still sets every rate. Westwood suffers most from the "
          "bursts: its per-ACK bandwidth filter (Tustin, as in Mascolo et al. 2001) pairs the rate of "
          "back-to-back ACKs with the gap that follows, reads several times the flow's rate (unit test "
          "`estimate_overreads_bursty_acks` in tcp/congestion/westwood.rs) and sets ssthresh above the "
          "flow's share after every loss. This study changes only the access links' rate (RTTs 20-160 ms "
          "as in the plain reading); it does not fit the rate to the table. The paper's text points both ways: "
          "'T-REFWA senders experience almost no packet drops' fits 1.05x (T3: 0.008 % vs 0.17 % at 10x), "
          "while the baselines' per-group 'oscillations' of Fig. 2 (b, c) appear only with the 10x link. "
          "The catalog's Table III takes 1.05x from the fit to the baselines (trefwa.table3-fit), which "
          "prefers it at every RTT offset tried. At 1.05x T-REFWA still misses 0.99 on OC12 and OC48: there "
          "the long-RTT flows drop out of the active count (see trefwa.table3-activity), which the access "
          "links' rate does not change.",
))


# Readings of Fig. 1 for the fit: RTTs OFFSET + 20, ..., OFFSET + 160 ms, access links at
# SPEEDUPS x the bottleneck. Only the three baselines choose the reading; T-REFWA is then
# judged at it, out of sample.
FIT_OFFSETS = (0.0, 20.0, 40.0, 60.0, 80.0, 100.0)


def _fit_error(r, offset, speedup) -> float:
    """Mean over link types and baselines of ((dJ / 0.05)^2 + (dU / 5 points)^2) / 2: the
    distance to Table III in units of the issue's tolerances."""
    return _fit_error_se(r, offset, speedup)[0]


def _se(row) -> float:
    """Standard error of a stored mean, from its 95 % half-width and seed count."""
    return row["ci95"] / t975(row["n"] - 1) if row["n"] > 1 else float("inf")


def _fit_error_se(r, offset, speedup) -> tuple[float, float]:
    """The fit error and its standard error over seeds. The error is a function of 24
    means from separate runs (4 links x 3 baselines x fairness and utilization), so by
    the delta method its variance is the sum over them of (dE/dmean)^2 SE(mean)^2, with
    dE/d(dJ) = dJ / K for K = 12 cells (likewise dU)."""
    terms, var = [], 0.0
    k = len(LINKS) * len(BASELINES)
    for link in LINKS:
        for s in BASELINES:
            pf, pu = TABLE_III[link][s]
            pt = dict(link=link, scheme=s, rtt_offset_ms=offset, access_speedup=speedup)
            j, u = r.get("jain_fairness", **pt), r.get("utilization", **pt)
            dj = (j["mean"] - pf) / 0.05
            du = (100 * u["mean"] - pu) / 5
            terms.append((dj * dj + du * du) / 2)
            var += (dj / k * _se(j) / 0.05) ** 2 + (du / k * 100 * _se(u) / 5) ** 2
    return sum(terms) / len(terms), var ** 0.5


def _fit_best(r):
    """(error, offset, speedup) of every reading, best first."""
    return sorted((_fit_error(r, o, sp), o, sp) for o in FIT_OFFSETS for sp in SPEEDUPS)


def _fit_report(r):
    scores = _fit_best(r)
    best = scores[0]
    text = ", ".join(f"+{o:g} ms/{sp:g}x {e:.1f}" for e, o, sp in scores)
    return f"best: RTTs {best[1] + 20:g}-{best[1] + 160:g} ms, access {best[2]:g}x (error {best[0]:.2f}); all: {text}", \
        best[0] <= 1.0


def _at_fit(r):
    _, o, sp = _fit_best(r)[0]
    return dict(rtt_offset_ms=o, access_speedup=sp)


# FIG1 stands unless the fit's best reading beats it by more than this many standard
# errors of the difference (a one-sided test at about 2.5 %)
FIT_Z = 2.0


def _fit_is_catalogs(r):
    """FIG1 is the best reading, or the best beats it by less than FIT_Z standard errors.
    The two errors come from separate runs, so the difference's SE is the root of the sum
    of their variances. (Picking the smallest of 12 noisy errors favours the best a
    little: the test errs toward keeping FIG1, which avoids moving it on noise.)"""
    _, o, sp = _fit_best(r)[0]
    eb, sb = _fit_error_se(r, o, sp)
    ef, sf = _fit_error_se(r, FIG1["rtt_offset_ms"], FIG1["access_speedup"])
    gap, sg = ef - eb, (sb * sb + sf * sf) ** 0.5
    text = (f"best +{o:g} ms / {sp:g}x: error {eb:.2f} +- {sb:.2f} (SE); the catalog's FIG1 "
            f"+{FIG1['rtt_offset_ms']:g} ms / {FIG1['access_speedup']:g}x: {ef:.2f} +- {sf:.2f}; ")
    if (o, sp) == (FIG1["rtt_offset_ms"], FIG1["access_speedup"]):
        return text + "FIG1 is the best", True
    return text + f"FIG1 is worse by {gap:.2f} +- {sg:.2f} ({gap / sg:.1f} SE; moved only beyond {FIT_Z:g})", \
        gap <= FIT_Z * sg


register(Experiment(
    id="trefwa.table3-fit",
    title="Table III at the reading of Fig. 1 that best fits the baselines (RTT offset x server-link rate); "
          "T-REFWA judged out of sample",
    source=f"{SRC}, Table III; a satcc study of values Fig. 1 hides",
    build=lambda link, scheme, rtt_offset_ms, access_speedup: one_to_many(
        link, scheme=scheme, rtt_offset_ms=rtt_offset_ms, access_speedup=access_speedup).to_dict(),
    grid={"link": Param(LINKS), "scheme": Param(SCHEMES), "rtt_offset_ms": Param(FIT_OFFSETS, min=0, max=1000),
          "access_speedup": Param(SPEEDUPS, min=1, max=1000)},
    seeds=5,
    plots=tuple(PlotSpec(name=f"{m}_{link}", x="rtt_offset_ms", y=(m,), series="scheme", where=(("link", link),),
                         title=f"{link}: {m} by RTT offset, scheme and access-link speed")
                for link in LINKS for m in ("jain_fairness", "utilization")),
    claims=(
        Claim("A reading of Fig. 1 puts the baselines within the issue's tolerances on average (fit error <= 1)",
              f"{SRC}, Table III (our fit)", _fit_report),
        Claim("The catalog's Table III, Fig. 2 and Fig. 3 use that reading (FIG1 in topology/terrestrial.py), "
              "or one the fit cannot tell from it (within 2 standard errors of the difference)",
              "satcc catalog", _fit_is_catalogs),
        Claim("At that reading, every baseline's fairness and utilization is within 0.05 and 5 points of Table III",
              f"{SRC}, Table III", lambda r: _baselines_match(r, **_at_fit(r))),
        Claim("At that reading, T-REFWA's fairness is at least 0.96 (T3) and 0.99 (OC3 and up)", f"{SRC}, Table III",
              lambda r: _trefwa_fair(r, **_at_fit(r))),
        Claim("At that reading, T-REFWA's utilization is above every baseline's", f"{SRC}, Table III",
              lambda r: _trefwa_best_util(r, **_at_fit(r))),
    ),
    # 384 quick runs (192 points, 2 seeds): at 2 s (every flow has started by 1 s) they
    # take about 40 s on two cores, 2 min at the 5 s of the other Table III studies
    quick_duration_s=2.0,
    notes="Why: Fig. 1 hides the groups' delays and the server link's rate, and the plain reading (RTTs "
          "20-160 ms, access links at 10x) leaves the baselines far from Table III. This study fits those two hidden values to the three "
          "baselines alone: RTTs offset + 20, 40, ..., 160 ms (offset 0-100 ms, as a server-side delay "
          "would add) and access links at 10x or 1.05x the bottleneck (see trefwa.table3-server-link). The "
          "fit minimizes the mean over 4 link types x 3 baselines of ((dJ / 0.05)^2 + (dU / 5)^2) / 2, "
          "the issue's tolerances as units, and is computed from the stored runs each time the report is "
          "made (no value is copied by hand). T-REFWA plays no part in the choice; its claims are judged "
          "at the chosen reading. Five seeds per point (960 runs).",
))


register(Experiment(
    id="trefwa.table3-activity",
    title="T-REFWA's fairness in Table III with the papers' active-flow window (RTT_avg) and with max(RTT_avg, flow RTT)",
    source=f"{SRC}, Table III; a satcc study, not a figure of the paper",
    build=lambda link, activity: one_to_many(link, scheme="trefwa", trefwa={"activity": activity}, **FIG1).to_dict(),
    grid={"link": Param(LINKS), "activity": Param(("rtt_avg", "flow_rtt"))},
    plots=(PlotSpec(name="fairness", x="link", y=("jain_fairness",), series="activity",
                    title="T-REFWA fairness by active-flow window"),
           PlotSpec(name="utilization", x="link", y=("utilization",), series="activity",
                    title="T-REFWA utilization by active-flow window")),
    claims=(
        Claim("Table III's fairness (>= 0.96 on T3, >= 0.99 from OC3) is reached when a flow stays counted "
              "for its own RTT", f"{SRC}, Table III (our hypothesis)", lambda r: _fair_moves(r, "activity", ("rtt_avg", "flow_rtt"))),
        Claim("'T-REFWA senders experience almost no packet drops': timeouts per sender and run fall when a "
              "flow stays counted for its own RTT, to under 0.1 on every link", f"{SRC}, III (our hypothesis)",
              _timeouts_vanish),
    ),
    quick_duration_s=5.0,
    notes="Why: with delta = RTT_avg, flows whose RTT exceeds the average are seen less often than every "
          "RTT_avg and drop in and out of the active count (from 10 s on, 28-32 of 32 at OC3 and 112-123 of 128 at OC12, seeds 1-2); each time, the shares of the "
          "others jump while the excluded flows keep their last feedback, the sum over-allocates the link and "
          "the periodic drops halve long-RTT windows. The trains that make a long-RTT flow silent for longer than "
          "RTT_avg are not satcc's: ns-2 sends them the same (difftest case window-trains, silent fractions "
          "within 0.02 of ns-2's over ten seeds), so only a different counting in the authors' code, which we "
          "cannot see, would avoid them. Counting a flow for max(RTT_avg, its RTT) removes the "
          "oscillation, and with it the drops and timeouts that the paper says T-REFWA's senders almost "
          "never see (its section III: 'T-REFWA senders experience almost no packet drops'), a second sign, "
          "independent of Table III's numbers, that the authors' count did not lose long-RTT flows. The option (`activity: flow_rtt` on a scheme) is ours, not the paper's; the catalog's "
          "Table III keeps the paper's rule. Fig. 1 read as in trefwa.table3-fig2 (FIG1).",
))


def _fig3(scheme):
    # the baselines over RED, T-REFWA over DropTail (the paper's comparison)
    return one_to_many("OC3", scheme=scheme, queue="droptail" if scheme == "trefwa" else "red", **FIG1).to_dict()


SHORT, LONG = _group_names(FIG1["rtt_offset_ms"])


register(Experiment(
    id="trefwa.fig3-red",
    title="Average throughput of each group over RED (OC3); T-REFWA over DropTail",
    source=f"{SRC}, Fig. 3",
    build=_fig3,
    grid={"scheme": Param(SCHEMES)},
    plots=(PlotSpec(name="fig3_groups", y=("group:*:throughput_mbps",), ylabel="mean throughput per flow (Mb/s)",
                    title="Fig. 3: throughput per group, RED (T-REFWA: DropTail)"),),
    claims=(
        Claim("Over RED the baselines' throughput decreases smoothly as RTT grows", f"{SRC}, IV",
              lambda r: ("; ".join(f"{s}: {r.mean(f'group:{SHORT}:throughput_mbps', scheme=s):.2f} -> "
                                   f"{r.mean(f'group:{LONG}:throughput_mbps', scheme=s):.2f} Mb/s" for s in SCHEMES[:3]),
                         all(r.mean(f"group:{SHORT}:throughput_mbps", scheme=s) > 2 * r.mean(f"group:{LONG}:throughput_mbps", scheme=s)
                             for s in SCHEMES[:3]))),
        Claim("T-REFWA over DropTail still shows the best fairness", f"{SRC}, IV",
              lambda r: (", ".join(f"{s} {r.mean('jain_fairness', scheme=s):.3f}" for s in SCHEMES),
                         r.mean("jain_fairness", scheme="trefwa") > max(r.mean("jain_fairness", scheme=s) for s in SCHEMES[:3]))),
    ),
    notes="RED with ns-2 2.35's automatic thresholds (satcc.topology.terrestrial.ns2_auto_red). Fig. 1 read "
          "as in trefwa.table3-fig2 (FIG1: RTTs 60-200 ms, access links at 1.05x the bottleneck). ns-2 2.35 "
          "runs Reno and NewReno over this RED bottleneck within the differential tolerances of ours "
          "(`python -m satcc.difftest compare fig3-red-newreno fig3-red-reno`).",
))


L = {"L1": "R1->R2", "L2": "R2->R3", "L3": "R3->R4"}


def _fig5_metrics(summary, scenario):
    m = standard_metrics(summary, scenario)
    by = {l["name"]: l for l in summary["links"]}
    for k, name in L.items():
        m[f"{k}:utilization"] = by[name]["utilization"]
        m[f"{k}:loss_rate"] = by[name]["loss_rate"]
        m[f"{k}:avg_queue_pct"] = by[name]["avg_queue_pct"]
    return m


register(Experiment(
    id="trefwa.fig5-two-bottlenecks",
    title="Two bottlenecks (L1, L3) shared by three one-to-many groups",
    source=f"{SRC}, Figs. 4 and 5",
    build=lambda scheme: two_bottlenecks(scheme=scheme).to_dict(),
    grid={"scheme": Param(("newreno", "trefwa"))},
    metrics=_fig5_metrics,
    plots=(PlotSpec(name="fig5_utilization", y=("L*:utilization",), title="Fig. 5: utilization of L1..L3"),
           PlotSpec(name="fig5_loss", y=("L*:loss_rate",), title="Fig. 5: loss rate of L1..L3"),
           PlotSpec(name="fig5_queue", y=("L*:avg_queue_pct",), title="Fig. 5: average queue (%) of L1..L3"),
           PlotSpec(name="fig5_groups", y=("group:*:throughput_mbps",), title="Throughput per group")),
    claims=(
        Claim("With T-REFWA both bottlenecks are highly utilized with few drops", f"{SRC}, IV",
              lambda r: (f"L1 {r.mean('L1:utilization', scheme='trefwa'):.3f}, loss {100 * r.mean('L1:loss_rate', scheme='trefwa'):.2f} %; "
                         f"L3 {r.mean('L3:utilization', scheme='trefwa'):.3f}, loss {100 * r.mean('L3:loss_rate', scheme='trefwa'):.2f} % "
                         f"(NewReno {100 * r.mean('L1:loss_rate', scheme='newreno'):.2f} / {100 * r.mean('L3:loss_rate', scheme='newreno'):.2f} %)",
                         min(r.mean("L1:utilization", scheme="trefwa"), r.mean("L3:utilization", scheme="trefwa")) >= 0.9
                         and r.mean("L1:loss_rate", scheme="trefwa") < r.mean("L1:loss_rate", scheme="newreno")
                         and r.mean("L3:loss_rate", scheme="trefwa") < r.mean("L3:loss_rate", scheme="newreno"))),
        Claim("Without T-REFWA group 2 dominates link L1", f"{SRC}, IV",
              lambda r: (f"NewReno: group 2 {r.mean('group:group2:throughput_mbps', scheme='newreno'):.2f} vs group 1 "
                         f"{r.mean('group:group1:throughput_mbps', scheme='newreno'):.2f} Mb/s per flow",
                         r.mean("group:group2:throughput_mbps", scheme="newreno")
                         > 2 * r.mean("group:group1:throughput_mbps", scheme="newreno"))),
    ),
    notes="Fig. 4's rates and delays are hidden: L1 = L3 = 10 Mb/s, L2 = 100 Mb/s, 5 ms each; group RTTs "
          "100/20/60 ms. A finding: the RTT code is made from SRTT, which includes queueing delay, so a "
          "standing queue raises the codes, hence RTT_avg and Y, which keeps the queue standing; on L3, shared "
          "by two groups that use it fully, eq. 3's equilibrium is a nearly full buffer instead of B/4.",
))
