"""CUBIC and BBR senders under the papers' router feedback (issue 19).

What satellite users run today is CUBIC (Linux's default) and BBR; the question an
engineer brings is whether router feedback such as REFWA still helps against them. Each
entry runs satcc's `cubic` and `bbr` (Linux's tcp_cubic.c and tcp_bbr.c, docs/schemes.md)
with Linux's transport (SACK, initial window 10, Linux's RTO, delayed ACKs; LINUX_TCP) beside
NewReno, with and without the routers:

- cubic-bbr.fig6: seed 000's Fig. 6 network (Fig. 1b, four RTT groups, T1 to OC3),
  without and with REFWA on the satellites;
- cubic-bbr.table3: seed 002's Table III network (one server, eight RTT groups, T3 to
  OC12), without and with T-REFWA at the bottleneck (the senders write the RTT code,
  `tcp.rtt_code`);
- cubic-bbr.leo-handover: leo.refwa-handover's Starlink shell 1 with its 15 s handovers,
  without and with REFWA on every link;
- cubic-bbr.starlink-path: one flow on a Starlink-like path: 100 Mb/s, the RTT stepping
  every 15 s between 25 and 60 ms, 1 or 2 % random loss.
"""

from __future__ import annotations

from ...topology.leo import refwa_network
from ...topology.terrestrial import TABLE_II, one_to_many
from ..definition import Claim, Experiment, Param, PlotSpec
from ..registry import register
from .refwa import LINK_TYPES
from .trefwa import FIG1

CCS = ("newreno", "cubic", "bbr")
#: a Linux sender's transport where satcc's defaults are ns-2's (docs/schemes.md, CUBIC)
LINUX_TCP = {"sack": True, "initial_window_pkts": 10, "rto": "linux", "tick_s": 0.001, "initial_rto_s": 1.0,
             "delayed_ack": True, "delayed_ack_interval_s": 0.04, "quick_ack": True, "sack_compression": True,
             "push_ack": True, "receive_window": "linux", "tso_defer": True, "sack_report": "linux"}


def linux_tcp(cc: str) -> dict:
    """LINUX_TCP for senders running `cc`: TSO deferral only where the controller keeps
    per-segment send records (cubic, bbr); NewReno's and the papers' senders have none
    to time the next ACK by, and the core refuses it for them."""
    from ... import registry

    return {k: v for k, v in LINUX_TCP.items() if k != "tso_defer" or registry.controller(cc)["rate_samples"]}


def linux_senders(d: dict, cc: str) -> dict:
    """Every flow of scenario `d` runs `cc` with a Linux sender's transport (NewReno keeps
    ns-2's, the papers' reference)."""
    for f in d["flows"]:
        f["cc"] = cc
    if cc != "newreno":
        d["tcp"] = {**(d.get("tcp") or {}), **linux_tcp(cc)}
    return d


def _claim_router_helps(router: str, x: str | None = None):
    """For CUBIC and BBR: is the router's fairness at least that without it (within
    0.01), with fewer drops? Reported per value of grid parameter `x` if given; holds
    where both hold for both."""

    def check(r):
        parts, ok = [], True
        for v in r.experiment.grid[x].values if x else (None,):
            at = {x: v} if x else {}
            for cc in ("cubic", "bbr"):
                a = r.get("jain_fairness", **at, cc=cc, router=router)
                b = r.get("jain_fairness", **at, cc=cc, router="none")
                la = r.get("loss_rate", **at, cc=cc, router=router)
                lb = r.get("loss_rate", **at, cc=cc, router="none")
                if None in (a, b, la, lb):
                    return f"{cc} {'' if x is None else f'at {x}={v} '}not in this sweep", False
                parts.append(f"{'' if x is None else f'{v} '}{cc}: Jain {b['mean']:.3f} -> {a['mean']:.3f}, loss "
                             f"{100 * lb['mean']:.2f} -> {100 * la['mean']:.2f} %")
                ok = ok and a["mean"] >= b["mean"] - 0.01 and la["mean"] <= lb["mean"]
        return "; ".join(parts), ok

    return check


def _link_plots(router: str, label: str) -> tuple:
    """Fairness without and with the router per link, loss and utilization."""
    return (PlotSpec(name="jain", x="link", y=("jain_fairness",), series="cc", where=(("router", "none"),),
                     title=f"Fairness without {label}"),
            PlotSpec(name=f"jain_{router}", x="link", y=("jain_fairness",), series="cc",
                     where=(("router", router),), title=f"Fairness with {label}"),
            PlotSpec(name="loss", x="link", y=("loss_rate",), series="router", title="Loss rate"),
            PlotSpec(name="utilization", x="link", y=("utilization",), series="cc", title="Utilization"))


# ------------------------------------------------------- (a) seed 000's Fig. 6 network
def _fig6(link, cc, router):
    rate, n = LINK_TYPES[link]
    scheme = "refwa" if router == "refwa" else "newreno"
    d = refwa_network([n // 4] * 4, scheme=scheme, isl_rate_bps=rate, name=f"cubic-bbr-fig6-{link}").to_dict()
    return linux_senders(d, cc)


register(Experiment(
    id="cubic-bbr.fig6",
    title="CUBIC and BBR senders on seed 000's Fig. 6 network (four RTT groups, T1 to OC3), with and without REFWA",
    source="seed 000, Fig. 6 and section V.C; issue 19",
    build=_fig6,
    grid={"link": Param(tuple(LINK_TYPES)), "cc": Param(CCS), "router": Param(("none", "refwa"))},
    plots=_link_plots("refwa", "REFWA"),
    claims=(Claim("REFWA routers still bring fairness and fewer drops to CUBIC and BBR senders",
                  "issue 19 (seed 000's claim for NewReno, V.C)", _claim_router_helps("refwa", "link")),),
    quick_duration_s=3.0,
    notes="refwa.fig6-fairness's network with every flow running `cc`: CUBIC and BBR with a Linux sender's "
          "transport (SACK, initial window 10, Linux's RTO), NewReno as ns-2's. REFWA lowers the advertised "
          "window of the ACKs; CUBIC stops growing its window while the advertised one holds it (Linux's "
          "tcp_is_cwnd_limited), BBR's window is capped the same way while it paces at its own estimate.",
))


# ------------------------------------------------------ (a) seed 002's Table III network
TABLE3_LINKS = ("T3", "OC3", "OC12")


def _table3(link, cc, router):
    scheme = "trefwa" if router == "trefwa" else "newreno"
    d = one_to_many(link, scheme=scheme, **FIG1).to_dict()
    d["name"] = f"cubic-bbr-table3-{link}"
    d = linux_senders(d, cc)
    if router == "trefwa":
        d["tcp"]["rtt_code"] = True  # the senders write the RTT code T-REFWA reads
    return d


register(Experiment(
    id="cubic-bbr.table3",
    title="CUBIC and BBR senders on seed 002's Table III network (one server, eight RTT groups), with and "
          "without T-REFWA",
    source="seed 002, Table III; issue 19",
    build=_table3,
    grid={"link": Param(TABLE3_LINKS), "cc": Param(CCS), "router": Param(("none", "trefwa"))},
    plots=_link_plots("trefwa", "T-REFWA"),
    claims=(Claim("T-REFWA routers still bring fairness and fewer drops to CUBIC and BBR senders",
                  "issue 19 (seed 002's claim for NewReno, Table III)", _claim_router_helps("trefwa", "link")),),
    quick_duration_s=3.0,
    notes="trefwa.table3-fig2's network (FIG1 reading, Table II's buffers and flows; OC48's 512 flows left "
          "out for time) with every flow running `cc`. Under T-REFWA the CUBIC and BBR senders write the RTT "
          "code into the TOS byte (tcp.rtt_code), as T-REFWA's own senders do.",
))


# ------------------------------------------------------- (b) the moving constellation
def _handover(cc, router):
    from ...topology.constellation import starlink_handover

    d = starlink_handover("refwa" if router == "refwa" else "newreno", name="cubic-bbr-handover")
    return linux_senders(d, cc)


def _register_handover():
    from .leo import _handover_metrics

    register(Experiment(
        id="cubic-bbr.leo-handover",
        title="CUBIC and BBR on Starlink shell 1 with 15 s handovers (leo.refwa-handover), with and without REFWA",
        source="seed 000, sections I and VI; issue 19",
        build=_handover,
        grid={"cc": Param(CCS), "router": Param(("none", "refwa"))},
        metrics=_handover_metrics,
        quick_duration_s=10.0,
        plots=(PlotSpec(name="fairness", x="cc", y=("jain_fairness",), series="router", ylabel="Jain index"),
               PlotSpec(name="timeouts", x="cc", y=("timeouts_per_flow",), series="router",
                        ylabel="timeouts per flow"),
               PlotSpec(name="throughput", x="cc", y=("throughput_mbps",), series="router",
                        ylabel="aggregate throughput (Mb/s)"),
               PlotSpec(name="loss", x="cc", y=("loss_rate",), series="router", ylabel="loss rate")),
        claims=(Claim("REFWA still brings fairness and fewer drops to CUBIC and BBR senders on a moving "
                      "constellation", "issue 19", _claim_router_helps("refwa")),),
        notes="leo.refwa-handover's scenario (120 flows, ISLs 20 Mb/s, ground links reassigned every 15 s) with "
              "every flow running `cc`, CUBIC and BBR with a Linux sender's transport.",
    ))


_register_handover()


# ------------------------------------------------------- (c) a Starlink-like path
#: one-way delays of the path's satellite hop, ms, a step every 15 s (RTT 25 to 60 ms
#: with the 2.5 ms ground hop each way: Starlink's range and its 15 s reconfiguration)
STEPS_MS = (10.0, 20.0, 15.0, 27.5, 12.5, 22.5, 17.5, 25.0)
STEP_S = 15.0


def starlink_path(cc: str, loss: float, *, duration_s: float = 120.0, rate_bps: float = 100e6) -> dict:
    """One flow over a Starlink-like path: a 2.5 ms ground hop and a 100 Mb/s satellite
    hop whose one-way delay steps every 15 s (STEPS_MS), losing `loss` of its data
    packets at random; a buffer of the BDP at the mean RTT."""
    mean_rtt = 2 * (2.5 + sum(STEPS_MS) / len(STEPS_MS)) / 1000
    buf = max(10, round(rate_bps * mean_rtt / 8 / 1500))
    steps = [{"at_s": k * STEP_S, "delay_ms": STEPS_MS[k % len(STEPS_MS)]}
             for k in range(1, int(duration_s // STEP_S) + 1) if k * STEP_S <= duration_s]
    d = {"name": f"starlink-path-{cc}", "duration_s": duration_s, "seed": 1,
         "nodes": [{"name": "server"}, {"name": "gw"}, {"name": "dish"}],
         "links": [{"a": "server", "b": "gw", "rate_bps": 1e9, "delay_ms": 2.5,
                    "queue": {"type": "droptail", "limit_pkts": 10000}},
                   {"a": "gw", "b": "dish", "rate_bps": rate_bps, "delay_ms": STEPS_MS[0],
                    "queue": {"type": "droptail", "limit_pkts": buf}, "delay_changes": steps,
                    "a_to_b": {"error": {"type": "per", "per": loss}}}],
         "flows": [{"src": "server", "dst": "dish", "cc": cc, "start_jitter_s": 0.1}],
         "tcp": {"packet_size_bytes": 1448, "header_bytes": 52, "rwnd_pkts": 100000},
         "monitor": {"bottleneck": "gw->dish", "links": ["gw->dish"]}}
    return linux_senders(d, cc)


def _bbr_ahead(r):
    parts, ok = [], True
    for loss in r.experiment.grid["loss"].values:
        b, c = r.get("goodput_mbps", cc="bbr", loss=loss), r.get("goodput_mbps", cc="cubic", loss=loss)
        if None in (b, c):
            return f"loss {loss}: not in this sweep", False
        parts.append(f"loss {100 * loss:g} %: BBR {b['mean']:.1f} Mb/s, CUBIC {c['mean']:.1f} Mb/s "
                     f"({b['mean'] / max(c['mean'], 1e-9):.1f}x)")
        ok = ok and b["mean"] > 2 * c["mean"]
    return "; ".join(parts), ok


register(Experiment(
    id="cubic-bbr.starlink-path",
    title="BBR, CUBIC and NewReno alone on a Starlink-like path: RTT steps every 15 s, 1 or 2 % random loss",
    source="issue 19 (measurements of BBR and CUBIC over Starlink)",
    build=lambda cc, loss: starlink_path(cc, loss),
    grid={"cc": Param(CCS), "loss": Param((0.01, 0.02), min=0, max=1)},
    plots=(PlotSpec(name="goodput", x="loss", y=("goodput_mbps",), series="cc", ylabel="goodput (Mb/s)",
                    title="Goodput of one flow on a 100 Mb/s Starlink-like path"),),
    claims=(Claim("BBR is far ahead of CUBIC on a lossy, jittery LEO path (over twice its goodput)",
                  "issue 19 (measurements on Starlink)", _bbr_ahead),),
    quick_duration_s=20.0,
    notes="A 100 Mb/s satellite hop whose one-way delay steps every 15 s through 10, 20, 15, 27.5, 12.5, 22.5, "
          "17.5, 25 ms (link delay_changes; packets on the wire keep theirs, none is reordered) behind a 2.5 ms "
          "ground hop: RTTs 25 to 60 ms. Random loss of data packets on the satellite hop. 120 s, one flow, a "
          "buffer of the BDP at the mean RTT. CUBIC reads every random loss as congestion (beta 0.7); BBR's "
          "model ignores losses below its long-term sampling's 20 %.",
))
