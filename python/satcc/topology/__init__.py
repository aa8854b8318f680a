"""Topology builders for the networks the papers and benchmarks use.

Each returns a :class:`~satcc.scenario.Scenario`; every value a paper's text does not
give is a keyword argument whose default is stated (and justified) here.
"""

from __future__ import annotations

from .. import registry
from ..scenario import Scenario


def leo_chain(
    n_flows: int = 8,
    *,
    duration_s: float = 20.0,
    seed: int = 1,
    isl_rate_bps: float = 1.544e6,
    access_rate_bps: float = 10e6,
    hop_delay_ms: float = 20.0,
    buffer_pkts: int = 50,
    start_jitter_s: float = 0.005,
    cc: str = registry.DEFAULT_CC,
    rwnd_pkts: int = 1000,
    packet_size_bytes: int = 1000,
) -> Scenario:
    """Equal-RTT LEO chain (REFWA seed 000, Fig. 1a, its section V.A set-up).

    sender_i --up--> S1 --ISL--> S2 --ISL--> S3 --down--> receiver_i, 20 ms every hop,
    so RTT = 2 x 4 x 20 ms = 160 ms. The bottleneck is S1->S2.

    Choices where the text is silent: buffers hold ``buffer_pkts`` = 50 packets (ns-2's
    default DropTail limit); packets are 1000 bytes on the wire (useHeaders off, so
    buffers count whole packets); the receiver window (1000 packets) never limits, so
    the network decides the windows. Starts are uniform in [0, 5 ms] as the paper says.
    """
    s = Scenario("leo-chain", duration_s=duration_s, seed=seed,
                 tcp={"rwnd_pkts": rwnd_pkts, "packet_size_bytes": packet_size_bytes, "use_headers": False})
    q = {"type": "droptail", "limit_pkts": buffer_pkts}
    for sat in ("S1", "S2", "S3"):
        s.node(sat)
    s.link("S1", "S2", rate_bps=isl_rate_bps, delay_ms=hop_delay_ms, queue=q)
    s.link("S2", "S3", rate_bps=isl_rate_bps, delay_ms=hop_delay_ms, queue=q)
    for i in range(n_flows):
        src, dst = s.node(f"src{i}"), s.node(f"dst{i}")
        s.link(src, "S1", rate_bps=access_rate_bps, delay_ms=hop_delay_ms, queue=q)
        s.link("S3", dst, rate_bps=access_rate_bps, delay_ms=hop_delay_ms, queue=q)
        s.flow(src, dst, name=f"flow{i}", cc=cc, start_s=0.0, start_jitter_s=start_jitter_s)
    s.monitor(links=["S1->S2", "S2->S3"], bottleneck="S1->S2")
    return s


def rtt_groups(
    *,
    n_groups: int = 8,
    flows_per_group: int = 4,
    rtt_step_ms: float = 20.0,
    bottleneck_rate_bps: float = 155e6,
    bottleneck_delay_ms: float = 10.0,
    buffer_pkts: int = 190,
    access_rate_bps: float = 1e9,
    duration_s: float = 60.0,
    seed: int = 1,
    cc: str = registry.DEFAULT_CC,
    rwnd_pkts: int = 10000,
    start_jitter_s: float = 1.0,
    packet_size_bytes: int = 1000,
    per: float | None = None,
    name: str = "rtt-groups",
) -> Scenario:
    """Flows in RTT groups sharing one bottleneck R1->R2 (T-REFWA seed 002, Fig. 1 shape).

    Group g (1..n_groups) has a two-way propagation RTT of g x rtt_step_ms: the
    bottleneck contributes 2 x bottleneck_delay_ms and the rest is split evenly between
    the sender's and the receiver's access links. Access links are fast
    (``access_rate_bps``) with a large buffer so that only the bottleneck drops.
    With ``per`` set, the bottleneck's data direction loses packets at that rate.
    """
    s = Scenario(name, duration_s=duration_s, seed=seed,
                 tcp={"rwnd_pkts": rwnd_pkts, "packet_size_bytes": packet_size_bytes, "use_headers": False})
    s.node("R1")
    s.node("R2")
    bq = {"type": "droptail", "limit_pkts": buffer_pkts}
    extra = {"a_to_b": {"error": {"type": "per", "per": per}}} if per else {}
    s.link("R1", "R2", rate_bps=bottleneck_rate_bps, delay_ms=bottleneck_delay_ms, queue=bq, **extra)
    big = {"type": "droptail", "limit_pkts": 100000}
    for g in range(1, n_groups + 1):
        rtt = g * rtt_step_ms
        side = max(0.0, (rtt - 2 * bottleneck_delay_ms) / 4.0)
        for k in range(flows_per_group):
            src, dst = s.node(f"s{g}_{k}"), s.node(f"d{g}_{k}")
            s.link(src, "R1", rate_bps=access_rate_bps, delay_ms=side, queue=big)
            s.link("R2", dst, rate_bps=access_rate_bps, delay_ms=side, queue=big)
            s.flow(src, dst, name=f"g{g}_{k}", group=f"rtt{rtt:g}ms", cc=cc, start_jitter_s=start_jitter_s)
    s.monitor(links=["R1->R2"], bottleneck="R1->R2")
    return s


def _geo_fusion_star():
    """Seed 003's GEO dumbbell: 10 NewReno + 10 TCP-Fusion/TCP-STAR hybrid flows, BER 1e-7, 100 s."""
    from .satellite import geo_dumbbell

    return geo_dumbbell(scheme="fusion-star", n_flows=20, ber=1e-7)


EXAMPLES = {
    "leo-chain": leo_chain,
    # seed 003's GEO dumbbell: 10 NewReno + 10 TCP-Fusion/TCP-STAR hybrid flows, BER 1e-7
    "geo-fusion-star": _geo_fusion_star,
}
