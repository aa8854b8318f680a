"""The LEO satellite networks of REFWA (seed 000, Fig. 1) and REFWA Plus (seed 001,
Fig. 2): a bottleneck of three satellites reached through per-flow chains of access
satellites, every hop 20 ms.

Choices where the papers' text is silent (each a keyword argument):
- buffers: the bandwidth-delay product of the bottleneck at the flows' mean RTT
  (seed 001 says its buffers equal the BDP; seed 000 does not say);
- packets: 1000 bytes on the wire (headers not added, buffers count packets);
  seed 001 states 1024 bytes, which its builder uses;
- receiver window: 10000 packets, so that only the network (or the router feedback)
  limits the windows;
- routers: REFWA (or XFWA) runs at every satellite, on the egress queue of each
  inter-satellite link direction that carries data.
"""

from __future__ import annotations

import math

from .. import registry
from ..scenario import Scenario

# what runs on a satellite chain: any scheme whose routers (if any) count hops
SCHEMES = registry.schemes_where(rtt_from="hops")


def _cc(scheme: str) -> str:
    if scheme not in SCHEMES:
        raise ValueError(f"scheme: must be one of {', '.join(SCHEMES)}, got {scheme!r}")
    return registry.parts(scheme)[0]


def _add_router(s: Scenario, scheme: str, links: list, hop_delay_ms: float, refwa: dict | None) -> None:
    """The router scheme of a builder's `scheme` (REFWA also under REFWA Plus senders)
    on every guarded link direction, told the hop delay; `refwa` overrides its settings."""
    _, r = registry.parts(scheme)
    if r is not None:
        s.scheme(r["name"], links=links, **{"isl_delay_ms": hop_delay_ms, **(refwa or {})})


def _bdp_pkts(rate_bps: float, rtt_s: float, pkt_bytes: int) -> int:
    return max(2, math.ceil(rate_bps * rtt_s / (8 * pkt_bytes)))


def refwa_network(
    groups: list[int],
    *,
    scheme: str = registry.DEFAULT_CC,
    isl_rate_bps: float = 1.544e6,
    access_rate_bps: float = 10e6,
    hop_delay_ms: float = 20.0,
    buffer_pkts: int | None = None,
    packet_size_bytes: int = 1000,
    rwnd_pkts: int = 10000,
    duration_s: float = 20.0,
    start_jitter_s: float = 0.005,
    refwa: dict | None = None,
    uplink_per: float | None = None,
    name: str = "refwa",
    seed: int = 1,
    flow_times: dict | None = None,
) -> Scenario:
    """Fig. 1a/1b: `groups[i]` flows whose paths cross 2i+3 satellites (i from 0):
    group i+1 has RTT (2(i+1)+2) x 2 x hop = 160, 240, 320, 400 ms with 20 ms hops.
    The shared bottleneck is S1 -> S2 -> S3. Fig. 1a is `groups=[n]`.

    flow_times maps a flow index to {"start_s": .., "stop_s": ..} (Figs. 3 and 4).
    uplink_per sets a packet error rate on every up-link (seed 000 Fig. 13).
    """
    cc = _cc(scheme)
    rtts = [(2 * (i + 1) + 2) * 2 * hop_delay_ms / 1000 for i in range(len(groups))]
    n_total = sum(groups)
    mean_rtt = sum(n * r for n, r in zip(groups, rtts)) / max(1, n_total)
    buf = buffer_pkts or _bdp_pkts(isl_rate_bps, mean_rtt, packet_size_bytes)
    s = Scenario(name, duration_s=duration_s, seed=seed,
                 tcp={"rwnd_pkts": rwnd_pkts, "packet_size_bytes": packet_size_bytes, "use_headers": False})
    q = {"type": "droptail", "limit_pkts": buf}
    for sat in ("S1", "S2", "S3"):
        s.node(sat)
    s.link("S1", "S2", rate_bps=isl_rate_bps, delay_ms=hop_delay_ms, queue=q)
    s.link("S2", "S3", rate_bps=isl_rate_bps, delay_ms=hop_delay_ms, queue=q)
    guarded = ["S1->S2", "S2->S3"]
    k = 0
    for g, n in enumerate(groups):
        extra = g  # private satellites on each side: 2g + 3 satellites in all
        rtt_ms = round(rtts[g] * 1000)
        for _ in range(n):
            src, dst = s.node(f"src{k}"), s.node(f"dst{k}")
            up_chain = [f"u{k}_{j}" for j in range(extra)]
            down_chain = [f"v{k}_{j}" for j in range(extra)]
            for sat in up_chain + down_chain:
                s.node(sat)
            first_up = up_chain[0] if up_chain else "S1"
            up = {"a_to_b": {"error": {"type": "per", "per": uplink_per}}} if uplink_per else {}
            s.link(src, first_up, rate_bps=access_rate_bps, delay_ms=hop_delay_ms, queue=q, **up)
            chain = up_chain + ["S1"]
            for a, b in zip(chain, chain[1:]):
                s.link(a, b, rate_bps=isl_rate_bps, delay_ms=hop_delay_ms, queue=q)
                guarded.append(f"{a}->{b}")
            chain = ["S3"] + down_chain
            for a, b in zip(chain, chain[1:]):
                s.link(a, b, rate_bps=isl_rate_bps, delay_ms=hop_delay_ms, queue=q)
                guarded.append(f"{a}->{b}")
            s.link(chain[-1], dst, rate_bps=access_rate_bps, delay_ms=hop_delay_ms, queue=q)
            times = (flow_times or {}).get(k, {})
            s.flow(src, dst, name=f"flow{k}", cc=cc, group=f"rtt{rtt_ms}ms",
                   start_s=times.get("start_s", 0.0), stop_s=times.get("stop_s"), start_jitter_s=start_jitter_s)
            k += 1
    s.monitor(links=["S1->S2", "S2->S3"], bottleneck="S1->S2")
    _add_router(s, scheme, guarded, hop_delay_ms, refwa)
    return s


def refwa_multi_bottleneck(
    *,
    scheme: str = registry.DEFAULT_CC,
    isl_rate_bps: float = 1.544e6,
    access_rate_bps: float = 10e6,
    hop_delay_ms: float = 20.0,
    buffer_pkts: int | None = None,
    packet_size_bytes: int = 1000,
    rwnd_pkts: int = 10000,
    duration_s: float = 20.0,
    start_jitter_s: float = 0.005,
    refwa: dict | None = None,
    seed: int = 1,
) -> Scenario:
    """Fig. 1c: satellites S1..S5 joined by ISLs L1..L4 (S1->S2 ... S4->S5).
    Group 1 (3 flows) crosses L1 to L4; group 2 (2 flows) only L1; group 3 (4 flows)
    only L3. L1 is shared by groups 1 and 2, L3 by groups 1 and 3: the two
    bottlenecks of the text (Figs. 11 and 12 show L1 and L3), L3 the tighter one for
    group 1 (7 flows against 5). The figure itself is not in the text: this layout is
    the one the text's description implies.
    """
    cc = _cc(scheme)
    # RTTs: group 1: up + 4 ISLs + down = 6 hops (240 ms); groups 2, 3: 3 hops (120 ms)
    mean_rtt = (3 * 0.24 + 2 * 0.12 + 4 * 0.12) / 9 * hop_delay_ms / 20.0
    buf = buffer_pkts or _bdp_pkts(isl_rate_bps, mean_rtt, packet_size_bytes)
    s = Scenario("refwa-multi-bottleneck", duration_s=duration_s, seed=seed,
                 tcp={"rwnd_pkts": rwnd_pkts, "packet_size_bytes": packet_size_bytes, "use_headers": False})
    q = {"type": "droptail", "limit_pkts": buf}
    sats = [f"S{i}" for i in range(1, 6)]
    for sat in sats:
        s.node(sat)
    names = {}
    for i, (a, b) in enumerate(zip(sats, sats[1:]), start=1):
        s.link(a, b, rate_bps=isl_rate_bps, delay_ms=hop_delay_ms, queue=q)
        names[f"L{i}"] = f"{a}->{b}"
    groups = [("g1", 3, "S1", "S5"), ("g2", 2, "S1", "S2"), ("g3", 4, "S3", "S4")]
    k = 0
    for g, n, enter, leave in groups:
        for _ in range(n):
            src, dst = s.node(f"src{k}"), s.node(f"dst{k}")
            s.link(src, enter, rate_bps=access_rate_bps, delay_ms=hop_delay_ms, queue=q)
            s.link(leave, dst, rate_bps=access_rate_bps, delay_ms=hop_delay_ms, queue=q)
            s.flow(src, dst, name=f"{g}_{k}", cc=cc, group=g, start_jitter_s=start_jitter_s)
            k += 1
    s.monitor(links=list(names.values()), bottleneck=names["L1"])
    _add_router(s, scheme, list(names.values()), hop_delay_ms, refwa)
    return s


def refwa_plus_network(
    *,
    scheme: str = registry.DEFAULT_CC,
    n_flows: int = 10,
    rate_bps: float = 10e6,
    hop_delay_ms: float = 20.0,
    packet_size_bytes: int = 1024,
    per: float | None = None,
    duration_s: float = 120.0,
    start_jitter_s: float = 0.005,
    rwnd_pkts: int = 10000,
    refwa: dict | None = None,
    seed: int = 1,
) -> Scenario:
    """Seed 001, Fig. 2 and Table I: 10 flows over a three-satellite bottleneck, every
    link 10 Mb/s and 20 ms, 1024-byte packets, buffers equal to the bottleneck's BDP,
    120 s. The loss probability of link errors applies to the up-links (as in seed
    000's Fig. 13; seed 001 does not say which links)."""
    return refwa_network([n_flows], scheme=scheme, isl_rate_bps=rate_bps, access_rate_bps=rate_bps,
                         hop_delay_ms=hop_delay_ms, packet_size_bytes=packet_size_bytes, rwnd_pkts=rwnd_pkts,
                         duration_s=duration_s, start_jitter_s=start_jitter_s, refwa=refwa, uplink_per=per,
                         name="refwa-plus-per", seed=seed)
