"""The Linux reference cases (satcc.dev.linuxref) in ns-3 3.44 (`TcpCubic`, `TcpBbr`; the
PyPI package `ns3`, as `satcc bench` uses), for the figures side by side: satcc, Linux,
ns-3 (docs/cubic-bbr.md).

    python -m satcc.dev.ns3ref [--runs 3] [--cases ...] [--out tests/data/ns3_ref.json]
    python -m satcc.dev.ns3ref trace CASE [--run N] [--duration S] [--out FILE.parquet]

`trace` runs one case once with every change of each flow's window, ssthresh, congestion
state, RTT sample, RTO and (TcpBbr) gains and minimum RTT, and prints them as events
beside what linuxref's measures read from that run: how docs/cubic-bbr.md explains where
ns-3 parts from Linux.

Mapping (each as linuxref.case() builds the scenario): point-to-point links with the
scenario's rates and delays, device DropTail queues of its limits per direction and no
traffic-control layer; the 1 % loss a RateErrorModel (per packet) on the receiving device
of the data direction; flows are BulkSend to PacketSink, 1448-byte segments, SACK and
timestamps on (Linux's), initial window 10, an ACK per segment, buffers of 32 MB, min RTO
200 ms. Each flow's congestion control is set per sending node (ns3::TcpCubic or
ns3::TcpBbr). The window and ssthresh of each flow are traced through C++ callbacks
(cppyy) and measured by linuxref's own functions, sampled every 10 ms.

Runs differ by the error model's random stream (RngRun) and by 0-10 ms of start jitter.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from . import linuxref as L

OUT = L.REF_DIR.parent / "ns3_ref.json"
TYPES = {"cubic": "ns3::TcpCubic", "bbr": "ns3::TcpBbr"}

_CPP = r"""
#include <map>
#include <vector>
namespace satcc_ns3ref {
  // (flow, time ns, value) of each trace
  std::vector<std::tuple<int, long long, unsigned>> cwnd, ssth;
  void OnCwnd(int flow, unsigned oldv, unsigned newv) {
    cwnd.emplace_back(flow, ns3::Simulator::Now().GetNanoSeconds(), newv);
  }
  void OnSsth(int flow, unsigned oldv, unsigned newv) {
    ssth.emplace_back(flow, ns3::Simulator::Now().GetNanoSeconds(), newv);
  }
  void Hook(int node, int flow) {
    std::string base = "/NodeList/" + std::to_string(node) + "/$ns3::TcpL4Protocol/SocketList/0/";
    ns3::Config::ConnectWithoutContext(base + "CongestionWindow", ns3::MakeBoundCallback(&OnCwnd, flow));
    ns3::Config::ConnectWithoutContext(base + "SlowStartThreshold", ns3::MakeBoundCallback(&OnSsth, flow));
  }
  void ScheduleHook(double at, int node, int flow) {
    ns3::Simulator::Schedule(ns3::Seconds(at), &Hook, node, flow);
  }
  // `trace`: (flow, what, time ns, value) of the congestion state, the RTT samples and,
  // for TcpBbr, its cwnd gain (1 only in PROBE_RTT) and min RTT
  std::vector<std::tuple<int, int, long long, double>> more;
  enum { CONG = 0, LAST_RTT = 1, CWND_GAIN = 2, MIN_RTT = 3, PACING_GAIN = 4, RTO = 5 };
  void Put(int flow, int what, double v) {
    more.emplace_back(flow, what, ns3::Simulator::Now().GetNanoSeconds(), v);
  }
  void OnCong(int flow, ns3::TcpSocketState::TcpCongState_t o, ns3::TcpSocketState::TcpCongState_t n) { Put(flow, CONG, n); }
  void OnLastRtt(int flow, ns3::Time o, ns3::Time n) { Put(flow, LAST_RTT, n.GetSeconds()); }
  void OnCwndGain(int flow, double o, double n) { Put(flow, CWND_GAIN, n); }
  void OnPacingGain(int flow, double o, double n) { Put(flow, PACING_GAIN, n); }
  void OnMinRtt(int flow, ns3::Time o, ns3::Time n) { Put(flow, MIN_RTT, n.GetSeconds()); }
  void OnRto(int flow, ns3::Time o, ns3::Time n) { Put(flow, RTO, n.GetSeconds()); }
  void HookMore(int node, int flow, bool bbr) {
    std::string base = "/NodeList/" + std::to_string(node) + "/$ns3::TcpL4Protocol/SocketList/0/";
    ns3::Config::ConnectWithoutContext(base + "CongState", ns3::MakeBoundCallback(&OnCong, flow));
    ns3::Config::ConnectWithoutContext(base + "LastRTT", ns3::MakeBoundCallback(&OnLastRtt, flow));
    ns3::Config::ConnectWithoutContext(base + "RTO", ns3::MakeBoundCallback(&OnRto, flow));
    if (bbr) {
      std::string cc = base + "CongestionOps/$ns3::TcpBbr/";
      ns3::Config::ConnectWithoutContext(cc + "CwndGain", ns3::MakeBoundCallback(&OnCwndGain, flow));
      ns3::Config::ConnectWithoutContext(cc + "PacingGain", ns3::MakeBoundCallback(&OnPacingGain, flow));
      ns3::Config::ConnectWithoutContext(cc + "MinRtt", ns3::MakeBoundCallback(&OnMinRtt, flow));
    }
  }
  void ScheduleHookMore(double at, int node, int flow, bool bbr) {
    ns3::Simulator::Schedule(ns3::Seconds(at), &HookMore, node, flow, bbr);
  }
}
"""


def run(name: str, ccs: tuple[str, ...], duration: float, run_no: int, more: list | None = None) -> tuple[dict, dict]:
    """One ns-3 run of a case: each flow's window and ssthresh (sampled as linuxref's
    traces) and goodput; given `more`, it also receives every change of each flow's
    congestion state, RTT sample and (TcpBbr) gains and min RTT, as (flow, what, time s,
    value) rows (`trace`)."""
    from ns import ns  # noqa: PLC0415 (seconds of JIT)
    import cppyy

    if not hasattr(cppyy.gbl, "satcc_ns3ref"):
        cppyy.cppdef(_CPP)
    h = cppyy.gbl.satcc_ns3ref
    h.cwnd.clear()
    h.ssth.clear()
    h.more.clear()
    d = L.case(name, ccs, duration)
    tcp = d["tcp"]
    seg = int(tcp["packet_size_bytes"])
    ns.RngSeedManager.SetSeed(1)
    ns.RngSeedManager.SetRun(run_no)
    ns.Config.SetDefault("ns3::TcpSocket::SegmentSize", ns.UintegerValue(seg))
    ns.Config.SetDefault("ns3::TcpSocket::DelAckCount", ns.UintegerValue(1))
    ns.Config.SetDefault("ns3::TcpSocket::InitialCwnd", ns.UintegerValue(10))
    ns.Config.SetDefault("ns3::TcpSocket::SndBufSize", ns.UintegerValue(1 << 25))
    ns.Config.SetDefault("ns3::TcpSocket::RcvBufSize", ns.UintegerValue(1 << 25))
    ns.Config.SetDefault("ns3::TcpSocketBase::Sack", ns.BooleanValue(True))
    ns.Config.SetDefault("ns3::TcpSocketBase::Timestamp", ns.BooleanValue(True))
    ns.Config.SetDefault("ns3::TcpSocketBase::MinRto", ns.TimeValue(ns.MilliSeconds(200)))

    names = [n["name"] for n in d["nodes"]]
    idx = {n: i for i, n in enumerate(names)}
    nodes = ns.NodeContainer()
    nodes.Create(len(names))
    ns.InternetStackHelper().Install(nodes)
    addr = ns.Ipv4AddressHelper()
    tch = ns.TrafficControlHelper()
    ip_of = {}
    keep = []
    for k, link in enumerate(d["links"]):
        p2p = ns.PointToPointHelper()
        p2p.SetDeviceAttribute("DataRate", ns.DataRateValue(ns.DataRate(int(link["rate_bps"]))))
        p2p.SetChannelAttribute("Delay", ns.TimeValue(ns.MicroSeconds(int(round(link["delay_ms"] * 1000)))))
        devs = p2p.Install(nodes.Get(idx[link["a"]]), nodes.Get(idx[link["b"]]))
        for j, direction in ((0, "a_to_b"), (1, "b_to_a")):
            q = (link.get(direction) or {}).get("queue") or link.get("queue") or {"limit_pkts": 100}
            dev = ns.DynamicCast[ns.PointToPointNetDevice](devs.Get(j))
            dev.GetQueue().SetMaxSize(ns.QueueSize(f"{q['limit_pkts']}p"))
        err = (link.get("a_to_b") or {}).get("error")
        if err:
            em = ns.CreateObject[ns.RateErrorModel]()
            em.SetAttribute("ErrorRate", ns.DoubleValue(err["per"]))
            em.SetAttribute("ErrorUnit", ns.StringValue("ERROR_UNIT_PACKET"))
            devs.Get(1).SetAttribute("ReceiveErrorModel", ns.PointerValue(em))
            keep.append(em)
        addr.SetBase(ns.Ipv4Address(f"10.{k // 250}.{k % 250}.0"), ns.Ipv4Mask("255.255.255.0"))
        ifs = addr.Assign(devs)
        tch.Uninstall(devs)
        ip_of.setdefault(link["a"], ifs.GetAddress(0))
        ip_of.setdefault(link["b"], ifs.GetAddress(1))
    ns.Ipv4GlobalRoutingHelper.PopulateRoutingTables()

    flows = d["flows"]
    cc_of = dict(zip([f["name"] for f in flows], ccs if len(ccs) == len(flows) else ccs * len(flows)))
    sinks = []
    rng = ns.CreateObject[ns.UniformRandomVariable]()
    for k, f in enumerate(flows):
        node = idx[f["src"]]
        ns.Config.Set(f"/NodeList/{node}/$ns3::TcpL4Protocol/SocketType",
                      ns.TypeIdValue(ns.TypeId.LookupByName(TYPES[cc_of[f["name"]]])))
        port = 5001 + k
        dst = ns.InetSocketAddress(ip_of[f["dst"]], port).ConvertTo()
        src = ns.BulkSendHelper("ns3::TcpSocketFactory", dst)
        src.SetAttribute("MaxBytes", ns.UintegerValue(0))
        src.SetAttribute("SendSize", ns.UintegerValue(seg))
        a = src.Install(nodes.Get(node))
        start = rng.GetValue(0.0, 0.01)
        a.Start(ns.Seconds(start))
        a.Stop(ns.Seconds(duration))
        sk = ns.PacketSinkHelper("ns3::TcpSocketFactory", ns.InetSocketAddress(ns.Ipv4Address.GetAny(), port).ConvertTo())
        sa = sk.Install(nodes.Get(idx[f["dst"]]))
        sa.Start(ns.Seconds(0.0))
        sinks.append(sa.Get(0))
        # the socket exists once the application starts: hook its traces just after
        h.ScheduleHook(start + 1e-6, node, k)
        if more is not None:
            h.ScheduleHookMore(start + 1e-6, node, k, cc_of[f["name"]] == "bbr")
    ns.Simulator.Stop(ns.Seconds(duration))
    ns.Simulator.Run()
    rx = [ns.DynamicCast[ns.PacketSink](s).GetTotalRx() for s in sinks]
    ns.Simulator.Destroy()
    goodput = {f["name"]: rx[k] * 8 / duration / 1e6 for k, f in enumerate(flows)}
    if more is not None:
        whats = ("cong_state", "rtt_s", "cwnd_gain", "min_rtt_s", "pacing_gain", "rto_s")
        more.extend({"flow": flows[i]["name"], "what": whats[w], "time_s": t / 1e9, "value": v}
                    for (i, w, t, v) in h.more)
        more.extend({"flow": flows[i]["name"], "what": "cwnd_pkts", "time_s": t / 1e9, "value": v / seg}
                    for (i, t, v) in h.cwnd)
        more.extend({"flow": flows[i]["name"], "what": "ssthresh_pkts", "time_s": t / 1e9,
                     "value": min(v / seg, 1e9)} for (i, t, v) in h.ssth)
    traces = {}
    for k, f in enumerate(flows):
        cw = [(t / 1e9, v / seg) for (i, t, v) in h.cwnd if i == k]
        ss = [(t / 1e9, v / seg) for (i, t, v) in h.ssth if i == k]
        # counted from the handshake's end, as Linux's and satcc's traces are: ns-3 sets
        # the initial window when the SYN-ACK arrives, the flow's first window trace
        traces[f["name"]] = _sample(cw, ss, duration, cw[0][0] if cw else 0.0)
    return traces, goodput


def _sample(cw: list, ss: list, duration: float, t0: float = 0.0) -> dict:
    """Step traces sampled every 10 ms from `t0` (times in the trace counted from it),
    as linuxref's measures expect."""
    t, c, s = [], [], []
    i = j = 0
    cur_c, cur_s = 10.0, 1e9
    n = int((duration - t0) / L.SAMPLE_S)
    for k in range(1, n + 1):
        now = t0 + k * L.SAMPLE_S
        while i < len(cw) and cw[i][0] <= now:
            cur_c = cw[i][1]
            i += 1
        while j < len(ss) and ss[j][0] <= now:
            # ns-3's initial ssthresh is 2^32 - 1 bytes: infinite, as Linux's 2^31 - 1 packets
            cur_s = ss[j][1] if ss[j][1] < 1e6 else 1e9
            j += 1
        t.append(k * L.SAMPLE_S)
        c.append(cur_c)
        s.append(cur_s)
    return {"t": t, "cwnd": c, "ssthresh": s, "srtt_ms": [0.0] * len(t)}


CONG_STATES = ("Open", "Disorder", "CWR", "Recovery", "Loss")


def events(rows: list[dict]) -> dict[str, list[str]]:
    """What a `trace` shows per flow, in time order: congestion-state changes, each time
    ssthresh is set (with the window just before: HyStart sets it to the window, a loss
    below it), PROBE_RTT by TcpBbr's own state (its cwnd gain is 1 there and only there),
    and the stretches at a window of 4 packets or less outside PROBE_RTT (which
    linuxref's measure would count as PROBE_RTT), with the congestion state they fall in."""
    out: dict[str, list[str]] = {}
    for flow in sorted({r["flow"] for r in rows}):
        mine = sorted((r for r in rows if r["flow"] == flow), key=lambda r: r["time_s"])
        lines, state, gain, cwnd, low = [], 0, None, 10.0, None
        for r in mine:
            t, w, v = r["time_s"], r["what"], r["value"]
            if w == "cong_state" and int(v) != state:
                state = int(v)
                lines.append(f"{t:8.3f} s  state {CONG_STATES[state]}")
            elif w == "ssthresh_pkts" and v < 1e6:  # ns-3 starts at 2^32 - 1 bytes: infinite
                lines.append(f"{t:8.3f} s  ssthresh {v:.0f} (window {cwnd:.0f}, {CONG_STATES[state]})")
            elif w == "cwnd_gain":
                if v == 1.0 and gain != 1.0:
                    lines.append(f"{t:8.3f} s  PROBE_RTT (cwnd gain 1)")
                elif gain == 1.0 and v != 1.0:
                    lines.append(f"{t:8.3f} s  PROBE_RTT ends (cwnd gain {v:g})")
                gain = v
            elif w == "cwnd_pkts":
                if gain == 1.0:
                    pass  # PROBE_RTT's own window: its start and end are listed above
                elif v <= 4 and cwnd > 4 and t >= 1.0:
                    low = t
                    lines.append(f"{t:8.3f} s  window {v:.1f} <= 4 ({CONG_STATES[state]}, cwnd gain {gain})")
                elif v > 4 and cwnd <= 4 and low is not None:
                    lines.append(f"{t:8.3f} s  window above 4 again, after {1000 * (t - low):.1f} ms")
                    low = None
                cwnd = v
        out[flow] = lines
    return out


def _fmt(v) -> str:
    return "-" if v is None else f"{v:.3g}"


def trace(argv: list[str]) -> int:
    """python -m satcc.dev.ns3ref trace CASE [--run N] [--duration S] [--out FILE]: one ns-3
    run of a case (e.g. one-1bdp/bbr) with every change of each flow's window, ssthresh,
    congestion state, RTT sample and (TcpBbr) gains and min RTT; printed as events
    (`events`), the rows written to FILE (Parquet) if given."""
    ap = argparse.ArgumentParser(prog="python -m satcc.dev.ns3ref trace")
    ap.add_argument("case", help="e.g. one-1bdp/bbr")
    ap.add_argument("--run", type=int, default=1)
    ap.add_argument("--duration", type=float, default=30.0)
    ap.add_argument("--out", type=Path)
    a = ap.parse_args(argv)
    name, _, ccs = a.case.partition("/")
    if name not in L.CASES or tuple(ccs.split("+")) not in L.CASES[name]:
        raise SystemExit(f"ns3ref trace: unknown case {a.case!r}; cases: "
                         + ", ".join(L._key(n, c) for n in L.CASES for c in L.CASES[n]))
    rows: list[dict] = []
    traces, goodput = run(name, tuple(ccs.split("+")), a.duration, a.run, more=rows)
    m = L.measure(name, tuple(ccs.split("+")), traces, goodput)
    if a.out:
        import pyarrow as pa
        import pyarrow.parquet as pq

        pq.write_table(pa.Table.from_pylist(rows), a.out)
    for flow, lines in events(rows).items():
        f = m["flows"][flow]
        sse = f["slow_start_exit"]
        print(f"{flow}: goodput {goodput[flow]:.3g} Mb/s; as linuxref measures this run: slow start left "
              + (f"at {sse['cwnd']:.0f} packets by {sse['how']}" if sse else "never")
              + f", K {_fmt(f['k_s'])} s, first PROBE_RTT {_fmt(f['probe_rtt_first_s'])} s "
              f"(length {_fmt(f['probe_rtt_length_s'])} s, interval {_fmt(f['probe_rtt_gap_s'])} s)")
        print("\n".join("  " + x for x in lines))
    return 0


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["trace"]:
        return trace(argv[1:])
    ap = argparse.ArgumentParser(prog="python -m satcc.dev.ns3ref", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--duration", type=float, default=30.0)
    ap.add_argument("--cases", nargs="*", choices=list(L.CASES))
    ap.add_argument("--out", type=Path, default=OUT, help=f"where to write (default {OUT})")
    a = ap.parse_args(argv)
    import subprocess

    out = {"ns3": "3.44", "duration_s": a.duration, "runs": a.runs, "cases": {}}
    for name in a.cases or list(L.CASES):
        for ccs in L.CASES[name]:
            runs = []
            for k in range(a.runs):
                print(f"ns-3 {L._key(name, ccs)} run {k + 1}", file=sys.stderr, flush=True)
                # one process per run: ns-3's Simulator is a singleton
                p = subprocess.run([sys.executable, "-m", "satcc.dev.ns3ref", "--one", name, "+".join(ccs),
                                    str(a.duration), str(k + 1)], capture_output=True, text=True)
                if p.returncode:
                    raise SystemExit(f"ns-3 {name}: {p.stderr[-2000:]}")
                traces, goodput = json.loads(p.stdout.strip().splitlines()[-1])
                runs.append(L.measure(name, ccs, traces, goodput))
            out["cases"][L._key(name, ccs)] = {"runs": runs, "summary": L.summarize(runs)}
            a.out.write_text(json.dumps(out, indent=1))
    print(f"wrote {a.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--one":
        _, _, name, ccs, dur, run_no = sys.argv
        print(json.dumps(run(name, tuple(ccs.split("+")), float(dur), int(run_no))))
        sys.exit(0)
    sys.exit(main())
