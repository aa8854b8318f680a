"""The benchmark scenario in ns-3 (the PyPI package `ns3`), for `satcc bench`'s speed
ratio. This is a timing reference, not a fidelity one: ns-3's TCP is not ns-2's (its
segments carry real 40-byte headers, and its recovery differs), so only the wall time of
the same work is compared: the same topology, flows, start times and simulated time.

Mapping from a satcc scenario (the subset the benchmark uses):
- every link is a point-to-point pair of devices with the link's rate and delay, each
  direction a DropTail device queue of the link's packet limit; the traffic-control
  layer is removed, so the device queue is the only one (as in ns-2 and satcc);
- every flow is a NewReno BulkSend from its source to a PacketSink at its
  destination, starting at its start time; segments of the scenario's packet size,
  an ACK per segment (no delayed ACKs), no SACK, no timestamps, the initial window
  of the scenario (satcc's default 2), a receive buffer as large as its advertised window
  and a send buffer of SEND_BUFFER_PKTS segments (see there).

Run as a child process (`python -m satcc.dev.ns3bench SCENARIO.json`); it prints one JSON
line with the wall time of `Simulator::Run` alone (ns-3's Python set-up and its C++
JIT, several seconds, are left out: the ratio is in ns-3's favour) and the bottleneck
utilization."""

from __future__ import annotations

import json
import sys
import time

from .peak import own_peak_mb


# ns-3's BulkSend fills the socket's send buffer, and its TCP spends time in proportion
# to what the buffer holds: 2000 segments, four times the largest window satcc's run of
# the benchmark scenario reaches (512), never limits the flows and keeps ns-3 fast.
SEND_BUFFER_PKTS = 2000


def available() -> bool:
    import importlib.util

    return importlib.util.find_spec("ns") is not None


def run(d: dict) -> dict:
    from ns import ns  # noqa: PLC0415 (several seconds of JIT: only in the child)

    tcp = d.get("tcp", {})
    seg = int(tcp.get("packet_size_bytes", 1000))
    rwnd = int(tcp.get("rwnd_pkts", 10000))
    ns.Config.SetDefault("ns3::TcpL4Protocol::SocketType", ns.StringValue("ns3::TcpNewReno"))
    ns.Config.SetDefault("ns3::TcpSocket::SegmentSize", ns.UintegerValue(seg))
    ns.Config.SetDefault("ns3::TcpSocket::DelAckCount", ns.UintegerValue(1))
    ns.Config.SetDefault("ns3::TcpSocket::InitialCwnd", ns.UintegerValue(int(tcp.get("initial_window_pkts", 2))))
    ns.Config.SetDefault("ns3::TcpSocket::SndBufSize", ns.UintegerValue(SEND_BUFFER_PKTS * seg))
    ns.Config.SetDefault("ns3::TcpSocket::RcvBufSize", ns.UintegerValue(rwnd * seg))
    ns.Config.SetDefault("ns3::TcpSocketBase::Sack", ns.BooleanValue(False))
    ns.Config.SetDefault("ns3::TcpSocketBase::Timestamp", ns.BooleanValue(False))

    names = [n["name"] for n in d["nodes"]]
    nodes = ns.NodeContainer()
    nodes.Create(len(names))
    idx = {n: i for i, n in enumerate(names)}
    ns.InternetStackHelper().Install(nodes)
    addr = ns.Ipv4AddressHelper()
    tch = ns.TrafficControlHelper()
    bottleneck = d.get("monitor", {}).get("bottleneck")
    bottleneck_rate = None
    ip_of = {}
    for k, link in enumerate(d["links"]):
        limit = link.get("queue", {}).get("limit_pkts", 100)
        p2p = ns.PointToPointHelper()
        p2p.SetDeviceAttribute("DataRate", ns.DataRateValue(ns.DataRate(int(link["rate_bps"]))))
        p2p.SetChannelAttribute("Delay", ns.TimeValue(ns.MicroSeconds(int(round(link["delay_ms"] * 1000)))))
        p2p.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", ns.QueueSizeValue(ns.QueueSize(f"{limit}p")))
        devs = p2p.Install(nodes.Get(idx[link["a"]]), nodes.Get(idx[link["b"]]))
        addr.SetBase(ns.Ipv4Address(f"10.{k // 250}.{k % 250}.0"), ns.Ipv4Mask("255.255.255.0"))
        ifs = addr.Assign(devs)  # (installs the default queue disc, removed next)
        tch.Uninstall(devs)
        ip_of.setdefault(link["a"], ifs.GetAddress(0))
        ip_of.setdefault(link["b"], ifs.GetAddress(1))
        if bottleneck == f"{link['a']}->{link['b']}":
            bottleneck_rate = link["rate_bps"]
    ns.Ipv4GlobalRoutingHelper.PopulateRoutingTables()

    port = 5000
    sinks = []
    stop = float(d["duration_s"])
    for f in d["flows"]:
        for _ in range(int(f.get("count", 1))):
            port += 1
            dst = ns.InetSocketAddress(ip_of[f["dst"]], port).ConvertTo()
            src = ns.BulkSendHelper("ns3::TcpSocketFactory", dst)
            src.SetAttribute("MaxBytes", ns.UintegerValue(0))
            src.SetAttribute("SendSize", ns.UintegerValue(seg))
            a = src.Install(nodes.Get(idx[f["src"]]))
            a.Start(ns.Seconds(float(f.get("start_s", 0.0))))
            a.Stop(ns.Seconds(stop))
            sk = ns.PacketSinkHelper("ns3::TcpSocketFactory",
                                     ns.InetSocketAddress(ns.Ipv4Address.GetAny(), port).ConvertTo())
            sa = sk.Install(nodes.Get(idx[f["dst"]]))
            sa.Start(ns.Seconds(0.0))
            sinks.append(sa.Get(0))

    ns.Simulator.Stop(ns.Seconds(stop))
    t0 = time.perf_counter()
    ns.Simulator.Run()
    wall = time.perf_counter() - t0
    rx = sum(ns.DynamicCast[ns.PacketSink](s).GetTotalRx() for s in sinks)
    ns.Simulator.Destroy()
    util = rx * 8 / stop / bottleneck_rate if bottleneck_rate else None
    return {"wall_s": wall, "utilization": util,
            "max_rss_mb": own_peak_mb()}


if __name__ == "__main__":
    print(json.dumps(run(json.load(open(sys.argv[1])))))
