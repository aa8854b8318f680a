"""Real TCP stacks through satcc's network, in real time (`satcc emulate`).

Each real host is a node of the scenario that gets a network namespace and a TUN
device; the scenario's links, queues, error models and router schemes act on the
packets its Linux stack sends. Flows between two real hosts are real Linux TCP
connections (congestion control `cc`: reno, cubic, bbr...), run by satcc's own bulk
sender and sink (satcc.emulate_agent); other flows stay simulated. Node i has the
address 10.0.0.0 + i + 1, as in satcc's pcaps (on a constellation, satellites come
first, then the ground stations); flow k's sink listens on port 5001 + k.

What is set in each namespace: the TUN up with MTU 1500 (a TUN without the virtio
header has no segmentation offloads: packets are what the wire carries), a route to
10.0.0.0/8 through it, IPv6 off, and the default TTL set to the scenario's
tcp.initial_ttl, so that REFWA's hop counts from the TTL read as in simulation.

Namespaces and devices are removed on exit, on an exception, on Ctrl-C and on SIGTERM.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .experiments.definition import ExperimentError

DEFAULT_LATENESS_BOUND_MS = 0.5
PREFIX = "satcc-emu-"


class EmulationError(ExperimentError):
    """Emulation cannot run here (not root, no TUN, no namespaces) or was asked wrongly."""


def _ip(*args: str, ns: str | None = None) -> None:
    cmd = (["ip", "netns", "exec", ns] if ns else []) + list(args)
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise EmulationError(f"{' '.join(cmd)}: {p.stderr.strip()}")


def preflight() -> None:
    """One line naming what is missing, if emulation cannot run on this machine."""
    if os.geteuid() != 0:
        raise EmulationError("satcc emulate: needs root (network namespaces and TUN devices); run it with sudo")
    if not os.path.exists("/dev/net/tun"):
        raise EmulationError("satcc emulate: no /dev/net/tun on this machine (modprobe tun)")
    try:
        subprocess.run(["ip", "netns", "list"], capture_output=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        raise EmulationError("satcc emulate: 'ip netns' is not available (iproute2, network namespaces)") from None


def leftovers(pid: int | None = None) -> list[str]:
    """Namespaces of satcc emulations still present (of process `pid`'s, if given)."""
    p = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True)
    start = PREFIX if pid is None else f"{PREFIX}{pid}-"
    return [line.split()[0] for line in p.stdout.splitlines() if line.startswith(start)]


def remove_stale() -> list[str]:
    """Removes the namespaces of emulations whose process is gone (killed outright, a
    crashed test): satcc's names carry the owner's pid. Returns what it removed."""
    gone = []
    for n in leftovers():
        pid = n[len(PREFIX):].split("-")[0]
        if pid.isdigit() and not os.path.exists(f"/proc/{pid}"):
            subprocess.run(["ip", "netns", "del", n], capture_output=True)
            gone.append(n)
    return gone


class Namespaces:
    """The namespaces of one emulation; all removed when the block ends, however."""

    def __init__(self, names: list[str]):
        self.names = names
        self.made: list[str] = []
        self._old = {}

    def __enter__(self) -> "Namespaces":
        for sig in (signal.SIGTERM, signal.SIGHUP):
            self._old[sig] = signal.signal(sig, self._on_signal)
        try:
            for n in self.names:
                _ip("ip", "netns", "add", n)
                self.made.append(n)
        except BaseException:
            self.remove()
            raise
        return self

    def _on_signal(self, signum, frame):
        self.remove()
        raise SystemExit(128 + signum)

    def remove(self) -> None:
        for n in self.made:
            subprocess.run(["ip", "netns", "pids", n], capture_output=True)
            p = subprocess.run(["ip", "netns", "pids", n], capture_output=True, text=True)
            for pid in p.stdout.split():
                try:
                    os.kill(int(pid), signal.SIGKILL)
                except (ProcessLookupError, ValueError):
                    pass
            subprocess.run(["ip", "netns", "del", n], capture_output=True)
        self.made = []

    def __exit__(self, *exc) -> None:
        self.remove()
        for sig, h in self._old.items():
            signal.signal(sig, h)


def _flows(d: dict) -> list[dict]:
    """The scenario's flows as the core expands them (count copies, in order), with the
    RTT code's K where the flow's scheme writes one (T-REFWA's senders)."""
    from . import registry
    from .schema import is_tcp

    out = []
    default_cc = registry._registry()["default_cc"]
    for i, f in enumerate(d["flows"]):
        n = f.get("count", 1)
        tcp = {**(d.get("tcp") or {}), **(f.get("tcp") or {})}
        writes = registry.controller(f.get("cc") or default_cc)["writes_rtt_code"] or bool(tcp.get("rtt_code"))
        for k in range(n):
            out.append({"src": f["src"], "dst": f["dst"], "start_s": f.get("start_s", 0.0),
                        "stop_s": f.get("stop_s"), "name": (f.get("name") or f"f{i}") + (f"#{k}" if n > 1 else ""),
                        "rtt_code_k": float(tcp.get("rtt_code_k", 6.3)) if writes else None,
                        "udp": not is_tcp(f)})
    return out



def _samples_table(rows: list[dict]):
    """The hosts' samples as one table with every column any of them has (a BBR
    sender's TCP_CC_INFO fields are missing from a CUBIC sender's rows: empty there,
    not dropped because the first row lacks them)."""
    import pyarrow as pa

    names = list(dict.fromkeys(k for r in rows for k in r))
    return pa.Table.from_pylist([{k: r.get(k) for k in names} for r in rows])

def emulate(scenario, out: str | Path | None = None, *, hosts: list[str] | None = None, cc: str | dict = "reno",
            lateness_bound_ms: float = DEFAULT_LATENESS_BOUND_MS, sysctls: dict | None = None) -> dict:
    """Run `scenario` with real hosts (default: every end of every flow) for its
    duration in real time. Returns the summary (satcc's, with `realtime` and, per real
    flow, the sink's goodput and the sender's last TCP_INFO); writes it, the Parquet
    series and tcp_info.parquet to `out` if given. `sysctls` ({"net.ipv4.tcp_sack": "0"},
    keys under net.) are set in every real host's namespace before its flows start."""
    from . import _core
    from .scenario import Scenario, load
    from .schema import is_tcp

    d = scenario if isinstance(scenario, dict) else (scenario if isinstance(scenario, Scenario) else load(scenario)).to_dict()
    flows = _flows(d)
    # by default the ends of the TCP flows (a UDP flow is satcc's own, between simulated
    # hosts)
    hosts = hosts or sorted({f["src"] for f in flows if not f["udp"]} | {f["dst"] for f in flows if not f["udp"]})
    for i, f in enumerate(d["flows"]):
        if not is_tcp(f) and f["src"] in hosts and f["dst"] in hosts:
            raise EmulationError(f"flows[{i}].transport: a flow between two real hosts is their own TCP connection "
                                 f"(allowed: tcp), got '{f['transport']}'; give it a simulated end (--hosts) to run it "
                                 f"as satcc's own {f['transport'].upper()} flow")
        kind = (f.get("traffic") or {}).get("type", "bulk")
        if kind != "bulk" and f["src"] in hosts and f["dst"] in hosts:
            # a real flow carries what its Linux sender sends, all the time it runs
            raise EmulationError(f"flows[{i}].traffic.type: a flow between two real hosts is a bulk transfer "
                                 f"(allowed: bulk), got {kind!r}; give it a simulated end (--hosts) to run it "
                                 "as satcc's own flow")
        if f.get("restarts") and f["src"] in hosts and f["dst"] in hosts:
            # its program runs once, from start_s to stop_s: later periods would be dropped
            raise EmulationError(f"flows[{i}].restarts: a flow between two real hosts runs once, from start_s to "
                                 "stop_s; give it a simulated end (--hosts) to start it again, or one flow per period")
        if f.get("tcp_changes") and f["src"] in hosts and f["dst"] in hosts:
            # its sender is the host's Linux TCP, whose limits satcc does not set
            raise EmulationError(f"flows[{i}].tcp_changes: a flow between two real hosts is sent by their Linux "
                                 "TCP, whose window limits satcc does not change; give it a simulated end (--hosts) "
                                 "to change them")
    preflight()
    stale = remove_stale()
    if stale:
        print(f"satcc emulate: removed {len(stale)} namespaces left by emulations that died: {' '.join(stale)}",
              file=sys.stderr)
    avail = Path("/proc/sys/net/ipv4/tcp_available_congestion_control").read_text().split()
    # the Linux congestion control of each real flow: one name for all, or by flow name
    # ("*": the others; reno if not given)
    per = dict(cc) if isinstance(cc, dict) else {"*": cc}
    unknown = sorted(set(per) - {"*"} - {f["name"] for f in flows})
    if unknown:
        raise EmulationError(f"--cc: no flow named {', '.join(unknown)} (flows: {', '.join(f['name'] for f in flows)})")
    for name in per.values():
        if name not in avail:
            raise EmulationError(f"--cc: must be one the kernel offers ({', '.join(avail)}), got {name!r}")
    for f in flows:
        f["linux_cc"] = per.get(f["name"], per.get("*", "reno"))
    sysctls = {str(k): str(v) for k, v in (sysctls or {}).items()}
    for k, v in sysctls.items():
        # a namespace has its own net.* settings; others would change the whole machine
        if not re.fullmatch(r"net\.[A-Za-z0-9_.\-]+", k) or not v.strip() or "\n" in v:
            raise EmulationError(f"--sysctl: KEY=VALUE with a key under net. (a namespace's own settings), got {k}={v!r}")
    if not (0 < lateness_bound_ms <= 1000):
        raise EmulationError(f"--lateness-bound-ms: must be in (0, 1000], got {lateness_bound_ms:g}")
    tag = f"{os.getpid()}"
    ns_of = {h: f"{PREFIX}{tag}-{k}" for k, h in enumerate(hosts)}
    ttl = int((d.get("tcp") or {}).get("initial_ttl", 32))
    duration = float(d["duration_s"])
    try:
        emu = _core.Emulator(json.dumps(d), hosts, f"sc{tag}t")
    except ValueError as e:
        raise EmulationError(f"satcc emulate: {e}") from None
    try:
        return _emulate(emu, d, out, flows, hosts, ns_of, ttl, duration, cc, lateness_bound_ms, sysctls)
    finally:
        emu.close()  # the TUN devices go, wherever the run stopped


def _emulate(emu, d, out, flows, hosts, ns_of, ttl, duration, cc, lateness_bound_ms, sysctls) -> dict:
    ip_of = dict(emu.host_addresses())
    work = Path(tempfile.mkdtemp(prefix="satcc-emulate-"))
    procs: list[subprocess.Popen] = []
    with Namespaces(list(ns_of.values())):
        for h, tun in zip(hosts, emu.tun_names()):
            ns = ns_of[h]
            _ip("ip", "link", "set", tun, "netns", ns)
            _ip("sysctl", "-qw", "net.ipv6.conf.all.disable_ipv6=1", f"net.ipv4.ip_default_ttl={ttl}", ns=ns)
            _ip("ip", "link", "set", "lo", "up", ns=ns)
            _ip("ip", "addr", "add", f"{ip_of[h]}/32", "dev", tun, ns=ns)
            _ip("ip", "link", "set", tun, "mtu", "1500", "up", ns=ns)
            _ip("ip", "route", "add", "10.0.0.0/8", "dev", tun, ns=ns)
            for k, v in sysctls.items():
                r = subprocess.run(["ip", "netns", "exec", ns, "sysctl", "-qw", f"{k}={v}"], capture_output=True, text=True)
                if r.returncode:
                    raise EmulationError(f"--sysctl {k}={v}: {r.stderr.strip() or 'refused'}")
        real = [k for k, f in enumerate(flows) if f["src"] in ns_of and f["dst"] in ns_of]
        py = sys.executable
        # sinks first, listening before anyone connects; the clock starts once they are
        # and the senders have had time to start (a Python start each, two cores)
        t0 = time.time() + 30.0 + 0.2 * len(real)  # the sinks accept until t0 + stop in any case
        for k in real:
            f = flows[k]
            stop = f["stop_s"] if f["stop_s"] is not None else duration
            procs.append(subprocess.Popen(["ip", "netns", "exec", ns_of[f["dst"]], py, "-m", "satcc.emulate_agent",
                                           "sink", "--port", str(5001 + k), "--t0", repr(t0), "--stop", repr(stop),
                                           "--ready", str(work / f"sink{k}.ready"), "--t0-file", str(work / "t0"),
                                           "--out", str(work / f"sink{k}.json")]))
        waiting = [k for k in real if not (work / f"sink{k}.ready").exists()]
        while waiting and time.time() < t0 - 0.2 * len(real):
            time.sleep(0.01)
            waiting = [k for k in waiting if not (work / f"sink{k}.ready").exists()]
        if waiting:
            raise EmulationError(f"satcc emulate: the sinks of flows {waiting} did not start listening")
        t0 = time.time() + 0.5 + 0.2 * len(real)
        (work / "t0").write_text(repr(t0))
        for k in real:
            f = flows[k]
            port, stop = 5001 + k, f["stop_s"] if f["stop_s"] is not None else duration
            send = ["ip", "netns", "exec", ns_of[f["src"]], py, "-m", "satcc.emulate_agent", "send", "--to",
                    ip_of[f["dst"]], "--port", str(port), "--cc", f["linux_cc"], "--t0", repr(t0), "--start",
                    repr(f["start_s"]), "--stop", repr(stop), "--out", str(work / f"send{k}.json")]
            if f["rtt_code_k"] is not None:
                send += ["--rtt-code-k", repr(f["rtt_code_k"])]
            procs.append(subprocess.Popen(send))
        # simulated time 0 is t0 itself, when the agents start their clocks: the loop
        # waits for it (started whenever this line ran, a host's first packet could wait
        # in its TUN device for the loop, and its handshake take up to a millisecond more
        # than the path)
        raw = emu.run(lateness_bound_ms, t0)
        for p in procs:
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()
    summary = json.loads(raw["summary"])
    rows, rcv_rows = [], []
    for k in real:
        f = summary["flows"][k]
        sink = _read(work / f"sink{k}.json")
        send = _read(work / f"send{k}.json")
        start = flows[k]["start_s"]
        stop = flows[k]["stop_s"] if flows[k]["stop_s"] is not None else duration
        errors = [x["error"] for x in (sink, send or {}) if x.get("error")]
        if errors:
            print(f"satcc emulate: WARNING: flow {f['name']}: {'; '.join(errors)}", file=sys.stderr)
        f["real"] = {"cc": flows[k]["linux_cc"], "connect_ms": (send or {}).get("connect_ms"),
                     "connect_at_s": (send or {}).get("connect_at_s"),
                     "syn_rtt_ms": (send or {}).get("syn_rtt_ms"), "errors": errors,
                     "receiver_errors": sink.get("errors"), "sender_errors": (send or {}).get("errors"),
                     "goodput_mbps": sink.get("bytes", 0) * 8 / max(stop - start, 1e-9) / 1e6,
                     "goodput_per_s": sink.get("per_s", {}), "tcp_info": (send or {}).get("final")}
        for s in (send or {}).get("samples", []):
            rows.append({"flow": f["name"], **s})
        for s in sink.get("samples", []):
            rcv_rows.append({"flow": f["name"], **s})
        # what the simulated agents would have counted comes from the real ends instead
        info = (send or {}).get("final") or {}
        f["goodput_mbps"] = f["real"]["goodput_mbps"]
        f["srtt_ms"] = info.get("srtt_ms")
        f["cwnd_pkts"] = info.get("cwnd_pkts")
        f["retransmits"] = info.get("retrans_total")
        for unknown in ("data_pkts_sent", "data_pkts_acked", "fast_retransmits", "rto_count", "rto_undone",
                        "link_error_losses", "loss_rate"):
            f[unknown] = None
    summary["totals"]["goodput_mbps"] = sum(f["goodput_mbps"] for f in summary["flows"])
    reals = [summary["flows"][k]["real"]["goodput_mbps"] for k in real]
    if reals:
        tot = sum(reals)
        summary["totals"]["real_jain_fairness"] = tot * tot / (len(reals) * sum(x * x for x in reals)) if tot else 0.0
    if out is not None:
        from .run import RunResult, _dictionaries, _table

        o = Path(out)
        tables = {name: _table(cols, _dictionaries(raw)) for name, cols in raw["tables"].items()}
        RunResult(summary, json.dumps(summary, indent=1), tables["queue"], tables["flows"], tables["drops"],
                  tables["feedback"], d, tables["packets"], tables.get("paths")).write(o)
        if rows:
            import pyarrow.parquet as pq

            pq.write_table(_samples_table(rows), o / "tcp_info.parquet")
        if rcv_rows:
            import pyarrow.parquet as pq

            pq.write_table(_samples_table(rcv_rows), o / "tcp_info_rcv.parquet")
    rt = summary.get("realtime") or {}
    if sysctls:
        rt["sysctls"] = sysctls
    lost = (rt.get("real_packets") or {}).get("unmatched", 0)
    if lost:
        print(f"satcc emulate: WARNING: {lost} packets between hosts that no real flow joins (or to addresses of "
              f"no real host) had no route and were dropped (real_packets.unmatched)", file=sys.stderr)
    if not rt.get("valid", True):
        print(f"satcc emulate: WARNING: events ran late (p99 {rt['lateness_p99_ms']:.3f} ms over the bound of "
              f"{rt['lateness_bound_ms']:g} ms): this run's timing is not the scenario's; its numbers are not valid"
              f"{host_steal_note(rt)}", file=sys.stderr)
    return summary


def host_steal_note(rt: dict) -> str:
    """What the hypervisor took from the machine's CPUs while the run was paced
    (realtime.host_steal_ms and _pct), as a clause for a message; empty if it took none
    or the kernel does not count it."""
    ms = rt.get("host_steal_ms")
    if not ms:
        return ""
    return (f" (the hypervisor took {ms:.0f} ms of this machine's CPU time during the run, "
            f"{rt['host_steal_pct']:.1f} % of it: events due meanwhile ran late whatever the loop did)")


def _read(p: Path) -> dict:
    try:
        return json.loads(p.read_text())
    except (OSError, ValueError):
        return {}
