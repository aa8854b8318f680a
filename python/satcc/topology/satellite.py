"""The GEO satellite dumbbell of TCP-Fusion + TCP-STAR (seed 003, Fig. 1, Table I).

Senders and receivers sit around Router1 and Router2, joined by a satellite link with
random bit errors. Table I gives 1500-byte packets, router buffers of 6250 KB (the
bandwidth-delay product, as the text says) and 100 s; every variant runs with SACK
and window scaling. Choices where the paper is silent (each a keyword argument):
- the satellite link: 100 Mb/s and 250 ms each way, the rate and RTT whose BDP is
  exactly 6250 KB (GEO-like 500 ms RTT);
- access links: 1 Gb/s, 1 ms, so only the satellite link queues;
- bit errors hit the data direction (Router1 -> Router2) only;
- each flow starts within the first second (uniform, per seed), so the ten trials
  differ in start order as well as in error positions;
- the advertised window (100 000 packets) never limits a flow.
`scheme` names the controller of the N/2 flows under test (group "test"); the other
N/2 run NewReno, satcc's default cc (REFERENCE_CC; their group bears its name,
"newreno"). scheme=REFERENCE_CC is the all-NewReno reference run of the throughput
ratio Tr (seed 003 eq. 5).
"""

from __future__ import annotations

from .. import registry
from ..scenario import Scenario

# the controller of the flows the tested ones compete with (seed 003: NewReno)
REFERENCE_CC = registry.DEFAULT_CC
# what runs over a GEO link: any sender-only scheme (no router scheme)
SCHEMES = registry.schemes_where(rtt_from=None)
# the controllers that estimate the available bandwidth (ABE): STAR, and LWC's eq. 4
USES_ABE = registry.reads("abe_filter")
ABE_FILTERS = ("tustin", "per_rtt")
# TCP-Fusion and the hybrids built on it
FUSION = registry.reads("fusion_alpha")
FUSION_ALPHAS = ("delay", "fixed")


def geo_dumbbell(
    *,
    scheme: str = "fusion-star",
    n_flows: int = 20,
    ber: float = 1e-8,
    rate_bps: float = 100e6,
    one_way_ms: float = 250.0,
    buffer_bytes: int = 6_250_000,
    packet_bytes: int = 1500,
    access_bps: float = 1e9,
    access_ms: float = 1.0,
    duration_s: float = 100.0,
    start_jitter_s: float = 1.0,
    abe_filter: str = "tustin",
    fusion_alpha: str = "delay",
    seed: int = 1,
) -> Scenario:
    if scheme not in SCHEMES:
        raise ValueError(f"scheme: must be one of {', '.join(SCHEMES)}, got {scheme!r}")
    if n_flows < 2 or n_flows % 2:
        raise ValueError(f"n_flows: must be an even number >= 2, got {n_flows}")
    if not 0 <= ber < 1:
        raise ValueError(f"ber: must be in [0, 1), got {ber}")
    if abe_filter not in ABE_FILTERS:
        raise ValueError(f"abe_filter: must be one of {', '.join(ABE_FILTERS)}, got {abe_filter!r}")
    s = Scenario(f"geo-{scheme}-n{n_flows}", duration_s=duration_s, seed=seed,
                 tcp={"rwnd_pkts": 100000, "packet_size_bytes": packet_bytes - 40, "header_bytes": 40,
                      "use_headers": True, "sack": True, "window_scale": True})
    if fusion_alpha not in FUSION_ALPHAS:
        raise ValueError(f"fusion_alpha: must be one of {', '.join(FUSION_ALPHAS)}, got {fusion_alpha!r}")
    if abe_filter != "tustin" and scheme in USES_ABE:
        # written only where it changes the run: the other schemes' scenarios (and
        # stored runs) stay those of the default
        s.tcp(abe_filter=abe_filter)
    if fusion_alpha != "delay" and scheme in FUSION:
        s.tcp(fusion_alpha=fusion_alpha)
    s.node("R1")
    s.node("R2")
    err = {"error": {"type": "ber", "ber": ber}} if ber > 0 else {}
    s.link("R1", "R2", rate_bps=rate_bps, delay_ms=one_way_ms,
           queue={"type": "droptail", "limit_bytes": buffer_bytes}, a_to_b=err)
    for i in range(n_flows):
        src, dst = s.node(f"s{i}"), s.node(f"d{i}")
        s.link(src, "R1", rate_bps=access_bps, delay_ms=access_ms,
               queue={"type": "droptail", "limit_bytes": buffer_bytes})
        s.link("R2", dst, rate_bps=access_bps, delay_ms=access_ms,
               queue={"type": "droptail", "limit_bytes": buffer_bytes})
        test = i >= n_flows // 2
        s.flow(src, dst, name=f"f{i}", group="test" if test else REFERENCE_CC,
               cc=scheme if test else REFERENCE_CC, start_jitter_s=start_jitter_s)
    s.monitor(links=["R1->R2"], bottleneck="R1->R2", flow_traces=False)
    return s
