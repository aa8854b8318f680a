"""TCP-Fusion + TCP-STAR for the satellite Internet (seed 003: Obata, Nishimoto,
Ishida, ICICS 2009), Figs. 2-7: friendliness Tr (eq. 5) and utilization U (eq. 6)
against the bit error rate, N/2 NewReno flows sharing the satellite link with N/2
flows of the method under test. Tr needs the all-NewReno run of the same BER and
seed; it is run automatically (the `newreno` series)."""

from __future__ import annotations

from ...topology.satellite import geo_dumbbell
from ..definition import Claim, Experiment, Param, PlotSpec, standard_metrics
from ..registry import register

SRC = "seed 003"
BER = (1e-10, 1e-9, 1e-8, 1e-7, 1e-6, 1e-5)
TR_NEAR_ONE = 0.2  # "near 1": within +-0.2 (our reading; the figures show ~0.9-1.1)


def _metrics(summary: dict, scenario: dict) -> dict:
    m = standard_metrics(summary, scenario)
    link = next(l for l in scenario["links"] if {l["a"], l["b"]} == {"R1", "R2"})
    m["U"] = summary["totals"]["throughput_mbps"] * 1e6 / link["rate_bps"]
    return m


def _paired(mine: dict, ref: dict) -> dict:
    # eq. 5: NewReno's mean throughput next to the method / in the all-NewReno run
    # (where both groups run NewReno: their mean is the mean of all flows)
    a, b = ref.get("group:newreno:throughput_mbps"), ref.get("group:test:throughput_mbps")
    if a is None or b is None or mine.get("group:newreno:throughput_mbps") is None:
        return {}
    allreno = (a + b) / 2
    return {"Tr": mine["group:newreno:throughput_mbps"] / allreno} if allreno > 0 else {}


def _ref(point: dict) -> dict:
    return {**point, "scheme": "newreno"}


def _vals(r, metric, scheme, bers=BER):
    return [r.mean(metric, ber=b, scheme=scheme) for b in bers]


def _fmt(xs):
    return ", ".join(f"{b:g}: {x:.2f}" for b, x in zip(BER, xs))


def _tr_near_one(scheme):
    def check(r):
        tr = _vals(r, "Tr", scheme)
        return _fmt(tr), all(abs(t - 1) <= TR_NEAR_ONE for t in tr)
    return check


def _star_below(r):
    tr = _vals(r, "Tr", "star")
    low = [t for b, t in zip(BER, tr) if b <= 1e-8]
    return _fmt(tr), all(t < 1 - TR_NEAR_ONE for t in low)


def _fusion_falls(r):
    u = _vals(r, "U", "fusion")
    i8 = BER.index(1e-8)
    return _fmt(u), all(u[j] < u[i8] for j in range(i8 + 1, len(BER))) and u[-1] < 0.5 * u[i8]


def _beats_star(bers):
    def check(r):
        p = _vals(r, "U", "fusion-star", bers)
        s = _vals(r, "U", "star", bers)
        return ("; ".join(f"{b:g}: {x:.3f} vs {y:.3f}" for b, x, y in zip(bers, p, s)),
                all(x > y for x, y in zip(p, s)))
    return check


def _ratio_at_1e6(r):
    ratio = r.mean("U", ber=1e-6, scheme="fusion-star") / max(1e-9, r.mean("U", ber=1e-6, scheme="fusion"))
    return f"x{ratio:.2f}", 1.3 <= ratio <= 2.0


def _figs(n: int, figs: str, schemes: tuple, claims: tuple, notes: str):
    register(Experiment(
        id=f"fusion-star.{figs}-n{n}",
        title=f"Tr and utilization against BER, N = {n} ({n // 2} NewReno + {n // 2} under test, 100 s)",
        source=f"{SRC}, {figs.replace('fig', 'Figs. ').replace('-', ' and ')} and Table I",
        build=lambda ber, scheme: geo_dumbbell(scheme=scheme, n_flows=n, ber=ber).to_dict(),
        grid={"ber": Param(BER, min=0, max=1e-2), "scheme": Param(schemes)},
        metrics=_metrics,
        reference=_ref,
        paired=_paired,
        plots=(PlotSpec(name="throughput_ratio", x="ber", y=("Tr",), series="scheme", logx=True,
                        title=f"Throughput ratio Tr (N = {n})"),
               PlotSpec(name="utilization", x="ber", y=("U",), series="scheme", logx=True,
                        title=f"Bandwidth utilization U (N = {n})")),
        claims=claims,
        quick_duration_s=10.0,
        notes=notes,
    ))


NOTES = ("Topology choices (satcc.topology.satellite): 100 Mb/s, 250 ms satellite link (the BDP 6250 KB of "
         "Table I), 1 Gb/s 1 ms access links, errors on the data direction, starts within 1 s. TCP-Fusion's "
         "W_inc = B_RE x 1 ms / segment (at least 1) and its alpha = max(1, cwnd x 4 ms / RTT) are readings of "
         "Kaneko and Katto's paper, which we could not read (docs/schemes.md; `fusion-star.alpha-readings` "
         "reruns these figures with alpha = 3 packets, satcc's reading before issue 13). TCP-STAR's AEN is "
         "modelled with D-SACK (docs/schemes.md); no ACK crosses an erroneous link here, so it acts only on "
         "timeouts caused by late ACKs. Tr = NewReno's mean throughput next to the method over NewReno's mean "
         "in the all-NewReno run with the same BER and seed; U = total throughput (retransmissions included) / "
         "link rate. At BER <= 1e-9 a 100 s run is mostly the start-up: about one loss episode per flow, so Tr "
         "measures how each method leaves its first slow-start overshoot. Where we differ (each claim's text "
         "gives our numbers): "
         "(1) The proposed method's Tr falls well below 1 at 1e-8 and 1e-7, as Fusion+LWC's does. Both share "
         "LWC: whenever error losses drain the queue (the increment phase), eq. 3 adds target_win = cwnd_reno + "
         "cwnd_abe - cwnd per RTT (by eq. 4 about a Reno window per RTT when ABE reads the flow's own rate and "
         "the queue is empty), until the backlog estimate, a 500 ms RTT late, stops it. The ABE filter is not "
         "the cause (`satcc reproduce fusion-star.abe-filter`). Whether the paper applies eq. 3 per ACK (as we "
         "do, like Reno's 1/cwnd) or per RTT would decide it; the text does not say. "
         "(2) At BER 1e-6 our TCP-Fusion keeps under a tenth of the link, so the proposed method's gain over it "
         "is several times the paper's 1.6x: with W_inc = B x 1 ms our Fusion grows by about one packet per RTT, "
         "like NewReno; the paper's Fusion evidently grows faster. We have not tuned W_inc, alpha or the ABE "
         "filter to match. "
         "(3) From 1e-9 to 1e-7 the proposed method and TCP-STAR use the link alike (within STAR's interval), "
         "so 'beats' turns on noise at some of those points. "
         "(4) At BER 1e-6 with N = 40 our TCP-STAR uses more of the link than the proposed method: STAR's LWC "
         "lifts by the whole ABE window every RTT with no delay brake, while the proposed method stops growing "
         "once its backlog estimate passes alpha.")

FIG23 = (
    Claim("Fig. 2: Tr of the proposed method stays near 1 across BER", f"{SRC}, IV.B", _tr_near_one("fusion-star")),
    Claim("Fig. 2: Tr of TCP-Fusion stays near 1 across BER", f"{SRC}, IV.B", _tr_near_one("fusion")),
    Claim("Fig. 2: TCP-STAR's Tr is clearly below 1 (where congestion, not errors, limits)", f"{SRC}, IV.B",
          _star_below),
    Claim("Fig. 3: above BER 1e-8 TCP-Fusion's utilization falls", f"{SRC}, IV.B", _fusion_falls),
    Claim("Fig. 3: the proposed method's utilization beats TCP-STAR's from 1e-10 to 1e-7", f"{SRC}, IV.B",
          _beats_star((1e-10, 1e-9, 1e-8, 1e-7))),
    Claim("Fig. 3: at BER 1e-6 the proposed method's utilization is about 1.6x TCP-Fusion's", f"{SRC}, IV.B",
          _ratio_at_1e6),
)
_figs(20, "fig2-3", ("fusion-star", "star", "fusion"), FIG23, NOTES)

FIG45 = (
    Claim("Fig. 4: Tr of the proposed method stays near 1 with N = 40", f"{SRC}, IV.B", _tr_near_one("fusion-star")),
    Claim("Fig. 4: TCP-STAR's Tr is clearly below 1", f"{SRC}, IV.B", _star_below),
    Claim("Fig. 5: at BER 1e-6 the proposed method's utilization exceeds TCP-STAR's", f"{SRC}, IV.B",
          _beats_star((1e-6,))),
)
_figs(40, "fig4-5", ("fusion-star", "star", "fusion"), FIG45, NOTES)


def _cws_like_fusion(r):
    a, b = _vals(r, "Tr", "fusion-cws"), _vals(r, "Tr", "fusion")
    return "; ".join(f"{x:.2f} vs {y:.2f}" for x, y in zip(a, b)), all(abs(x - y) <= 0.1 for x, y in zip(a, b))


def _lwc_tradeoff(r):
    hi = [b for b in BER if b > 1e-8]
    tl, tf = _vals(r, "Tr", "fusion-lwc", hi), _vals(r, "Tr", "fusion", hi)
    ul, uf = _vals(r, "U", "fusion-lwc", hi), _vals(r, "U", "fusion", hi)
    return ("; ".join(f"{b:g}: Tr {x:.2f} vs {y:.2f}, U {u:.3f} vs {v:.3f}" for b, x, y, u, v in zip(hi, tl, tf, ul, uf)),
            all(x < y for x, y in zip(tl, tf)) and all(u > v for u, v in zip(ul, uf)))


def _between(r):
    hi = [b for b in BER if b > 1e-8]
    ok, parts = True, []
    for b in hi:
        tp, tl = r.mean("Tr", ber=b, scheme="fusion-star"), r.mean("Tr", ber=b, scheme="fusion-lwc")
        up, uc = r.mean("U", ber=b, scheme="fusion-star"), r.mean("U", ber=b, scheme="fusion-cws")
        parts.append(f"{b:g}: Tr {tp:.2f} (LWC {tl:.2f}), U {up:.3f} (CWS {uc:.3f})")
        ok = ok and tp >= tl and up >= uc
    return "; ".join(parts), ok


FIG67 = (
    Claim("Fig. 6: TCP-Fusion+CWS is as friendly as TCP-Fusion (Tr within 0.1)", f"{SRC}, IV.C", _cws_like_fusion),
    Claim("Figs. 6, 7: above 1e-8 TCP-Fusion+LWC loses friendliness but gains utilization over TCP-Fusion",
          f"{SRC}, IV.C", _lwc_tradeoff),
    Claim("Figs. 6, 7: the proposed method is friendlier than Fusion+LWC and uses more than Fusion+CWS",
          f"{SRC}, IV.C", _between),
)
_figs(20, "fig6-7", ("fusion-star", "fusion-cws", "fusion-lwc", "fusion"), FIG67, NOTES)


# -------------------------------------------- TCP-Fusion's alpha: the two readings
ALPHA_READINGS = ("delay", "fixed")


class _At:
    """Results seen at fixed values of some grid parameters: the figures' claims read
    only `ber` and `scheme`."""

    def __init__(self, res, **fixed):
        self.res, self.fixed = res, fixed

    def mean(self, metric, **point):
        return self.res.mean(metric, **point, **self.fixed)

    def get(self, metric, **point):
        return self.res.get(metric, **point, **self.fixed)


def _under(claim: Claim, n: int, reading: str) -> Claim:
    return Claim(f"[alpha {reading}, N = {n}] {claim.statement}", claim.source,
                 lambda r: claim.check(_At(r, n=n, fusion_alpha=reading)))


register(Experiment(
    id="fusion-star.alpha-readings",
    title="Seed 003's Figs. 2-7 under both readings of TCP-Fusion's alpha (delay-based and a fixed 3 packets)",
    source=f"{SRC}, Figs. 2-7; TCP-Fusion's alpha (Kaneko and Katto, PFLDnet 2007) read two ways (issue 13)",
    build=lambda n, ber, scheme, fusion_alpha: geo_dumbbell(scheme=scheme, n_flows=n, ber=ber,
                                                            fusion_alpha=fusion_alpha).to_dict(),
    grid={"n": Param((20, 40), doc="flows in all (half NewReno)"), "ber": Param(BER, min=0, max=1e-2),
          "scheme": Param(("fusion-star", "star", "fusion", "fusion-cws", "fusion-lwc")),
          "fusion_alpha": Param(ALPHA_READINGS, doc="tcp.fusion_alpha of the Fusion-based schemes")},
    metrics=_metrics,
    reference=_ref,
    paired=_paired,
    plots=(PlotSpec(name="throughput_ratio_n20", x="ber", y=("Tr",), series="scheme", logx=True,
                    where=(("n", 20),), title="Tr by scheme and alpha reading (N = 20)"),
           PlotSpec(name="utilization_n20", x="ber", y=("U",), series="scheme", logx=True,
                    where=(("n", 20),), title="U by scheme and alpha reading (N = 20)"),
           PlotSpec(name="utilization_n40", x="ber", y=("U",), series="scheme", logx=True,
                    where=(("n", 40),), title="U by scheme and alpha reading (N = 40)")),
    claims=tuple(_under(c, n, reading) for reading in ALPHA_READINGS
                 for n, claims in ((20, FIG23 + FIG67), (40, FIG45)) for c in claims),
    quick_duration_s=10.0,
    notes="Each claim of fusion-star.fig2-3-n20, fig4-5-n40 and fig6-7-n20, checked under each reading of "
          "alpha: `delay` (alpha = max(1, cwnd x 4 ms / RTT), the default) and `fixed` (3 packets, satcc's "
          "reading before issue 13). TCP-STAR and NewReno do not use alpha and run once for both. The "
          "default was chosen on the evidence for each formula (docs/schemes.md), before this study ran; "
          "the study says which of the paper's claims move with it, and does not decide it.",
))


ABE_BER = (1e-8, 1e-7, 1e-6)


def _abe_ref(point: dict) -> dict:
    return {**point, "scheme": "newreno", "abe_filter": "tustin"}


def _abe_tradeoff(r):
    parts, friendly, gain = [], True, []
    for f in ("tustin", "per_rtt"):
        tr = [r.mean("Tr", ber=b, scheme="fusion-star", abe_filter=f) for b in ABE_BER[:2]]
        g = (r.mean("U", ber=1e-6, scheme="fusion-star", abe_filter=f)
             / max(1e-9, r.mean("U", ber=1e-6, scheme="fusion", abe_filter=f)))
        parts.append(f"{f}: Tr {tr[0]:.2f} / {tr[1]:.2f} at 1e-8 / 1e-7, x{g:.2f} over Fusion at 1e-6")
        gain.append(g)
        if f == "per_rtt":
            friendly = all(abs(t - 1) <= TR_NEAR_ONE for t in tr)
    # the claim: the per-RTT filter restores friendliness and costs the 1e-6 gain
    return "; ".join(parts), friendly and gain[1] < gain[0]


register(Experiment(
    id="fusion-star.abe-filter",
    title="The proposed method and TCP-STAR with ABE's per-ACK (Tustin) and per-RTT filters, N = 20",
    source=f"{SRC}, Figs. 2-3; a satcc study of a choice the papers leave open (TCP-J's ABE)",
    build=lambda ber, scheme, abe_filter: geo_dumbbell(scheme=scheme, n_flows=20, ber=ber,
                                                       abe_filter=abe_filter).to_dict(),
    grid={"ber": Param(ABE_BER, min=0, max=1e-2), "scheme": Param(("fusion-star", "star", "fusion")),
          "abe_filter": Param(("tustin", "per_rtt"))},
    metrics=_metrics,
    reference=_abe_ref,
    paired=_paired,
    plots=(PlotSpec(name="throughput_ratio", x="ber", y=("Tr",), series="scheme", logx=True,
                    title="Tr by scheme and ABE filter"),
           PlotSpec(name="utilization", x="ber", y=("U",), series="scheme", logx=True,
                    title="U by scheme and ABE filter")),
    claims=(
        Claim("With the per-RTT ABE the proposed method's Tr is near 1 at 1e-8 and 1e-7, and its gain over "
              "Fusion at 1e-6 is smaller than with the per-ACK filter", f"{SRC}, Figs. 2-3 (our hypothesis)",
              _abe_tradeoff),
    ),
    quick_duration_s=10.0,
    notes="Why: seed 003's LWC lifts each flow toward cwnd_reno + cwnd_abe whenever its backlog estimate is "
          "below alpha, so the friendliness of the proposed method rests on ABE. TCP-J's ABE is not in any "
          "paper we could read; the catalog's figures use Westwood's per-ACK Tustin filter, which ACK "
          "compression inflates (a unit test asserts over 10x on bursts of ten ACKs). `tcp.abe_filter: per_rtt` "
          "replaces it by Westwood-RE's per-RTT sample; TCP-Fusion (no ABE) runs once for both. Runs with "
          "the default filter are shared with fusion-star.fig2-3-n20. Outcome (10 seeds; the claim's text has "
          "the numbers): the hypothesis fails; the per-RTT filter leaves the proposed method's Tr at 1e-8 and "
          "1e-7 no nearer 1 and raises its 1e-6 gain. At 1e-6 STAR runs identically with "
          "both filters: CWS keeps ssthresh at the ABE window, above cwnd, so STAR stays in slow start and "
          "the estimate's exact value never acts.",
))
