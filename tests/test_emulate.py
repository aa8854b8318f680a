"""Real Linux TCP through satcc's network in real time (satcc.emulate). Runs as root
(CI does): each test makes network namespaces and TUN devices and must leave none."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from satcc import cli
from satcc import emulate as emu

ROOT = os.geteuid() == 0 and os.path.exists("/dev/net/tun")
needs_root = pytest.mark.skipif(not ROOT, reason="emulation needs root and /dev/net/tun (CI runs as root)")
# run alone (-m emulate -n 0: README's test command): a run paced by the wall clock
# needs the cores to itself; the lock keeps two from overlapping if run otherwise
pytestmark = pytest.mark.emulate
LOCK = "/tmp/satcc-test-emulate.lock"


def _links() -> str:
    return subprocess.run(["ip", "-o", "link"], capture_output=True, text=True).stdout


@pytest.fixture
def clean():
    """One emulation at a time across pytest's workers (two at once would share the
    cores); fails a test that leaves a namespace or TUN device of satcc behind (and
    removes it)."""
    import fcntl

    tag = f"sc{os.getpid()}t"
    with open(LOCK, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield
        _check_left(tag)


def _check_left(tag: str) -> None:
    left = emu.leftovers(os.getpid())
    tuns = [line for line in _links().splitlines() if tag in line]
    for n in left:
        subprocess.run(["ip", "netns", "del", n], capture_output=True)
    assert not left and not tuns, f"left behind: {left} {tuns}"


#: A late run's lateness is put down to the host when the hypervisor took at least this
#: share of the machine's CPU time while it ran (summary.json's realtime.host_steal_pct):
#: the p99 bound lets 1 % of events run late, and a host holding the CPUs that long can
#: spend that alone. (On this project's 2-vCPU machines, 2026-12-02, the Starlink-pair
#: emulation over its run and set-up, /proc/stat read around it by hand, so indicative:
#: 0.7-3.7 % in runs that kept time, 2.5-25 % in late ones.)
HOST_STEAL_PCT = 1.0


def in_time(run, attempts: int = 3, with_host_late: int = 8) -> dict:
    """The summary of `run()` (one emulation) whose events ran in time. A run whose loop
    fell behind says so itself (`realtime.valid`): its numbers are not the scenario's,
    and a shared machine's stall makes such a run now and then (fresh-clone CI on
    2026-11-27: 2 of 3 runs had one late emulation, p99 lateness 1.5-30 ms where an
    idle machine gives 0.01-0.04 ms; on 2026-12-01 the UDP emulation below was late in
    both of its two tries). Such a run is tried again: at most `attempts` runs late
    with the host taking little, and `with_host_late` runs in all when the host took at
    least HOST_STEAL_PCT of the CPUs in the late ones (a CI run of 2026-12-02 had the
    Starlink emulation late in all three tries, p99 3.2-6.2 ms). No bound moved: late
    every time, the last summary, whose check of `valid` then fails, with the host's
    share in its message."""
    own = 0
    for _ in range(with_host_late):
        s = run()
        rt = s["realtime"]
        if rt["valid"]:
            break
        if (rt.get("host_steal_pct") or 0.0) < HOST_STEAL_PCT:
            own += 1
            if own >= attempts:
                break
    return s


def two_links(duration_s: float, refwa: bool) -> dict:
    def link(a, b, rate, delay, q):
        return {"a": a, "b": b, "rate_bps": rate, "delay_ms": delay, "queue": {"type": "droptail", "limit_pkts": q}}

    return {"name": "emu-two-links", "duration_s": duration_s, "seed": 1,
            "nodes": [{"name": "a"}, {"name": "r"}, {"name": "b"}],
            "links": [link("a", "r", 100e6, 5.0, 200), link("r", "b", 10e6, 20.0, 100)],
            "flows": [{"src": "a", "dst": "b"}],
            "tcp": {"packet_size_bytes": 1448},
            "schemes": [{"type": "refwa", "links": ["r->b"], "isl_delay_ms": 12.5}] if refwa else [],
            "monitor": {"links": ["r->b"], "bottleneck": "r->b"}}


@needs_root
def test_a_real_reno_flow_crosses_two_links_and_refwa_lowers_its_acks_windows(clean, tmp_path):
    s = emu.emulate(two_links(10.0, refwa=True), tmp_path, cc="reno")
    rt = s["realtime"]
    real = rt["real_packets"]
    assert real["unreadable"] == 0 and real["unmatched"] == 0, real
    assert real["acks_rewritten"] > 100, real
    f = s["flows"][0]["real"]
    # the 10 Mb/s link carries the flow: goodput over its 10 s, start-up included
    assert 7.0 < f["goodput_mbps"] <= 10.0, f["goodput_mbps"]
    assert f["tcp_info"]["cwnd_pkts"] > 0 and f["tcp_info"]["srtt_ms"] >= 50.0, f["tcp_info"]  # RTT 2 x 25 ms
    # the receiver scaled its windows (Linux picks the scale from its buffers), so the
    # rewrites above went through the scaled path: a scale read wrong would have left
    # the window unlowered (too large a cap) or starved the flow (too small)
    assert f["tcp_info"]["snd_wscale"] >= 1, f["tcp_info"]
    assert (tmp_path / "tcp_info.parquet").exists()
    # no packet satcc rewrote was refused by either stack (checksums, IP headers)
    for ends in (f["receiver_errors"], f["sender_errors"]):
        assert ends == {"ip_in_hdr_errors": 0, "tcp_in_csum_errors": 0}, ends
    saved = json.loads((tmp_path / "summary.json").read_text())
    assert saved["realtime"]["events"] == rt["events"] > 0
    # when it ran late: its late events, each in one episode, each over the bound
    eps = rt["late_episodes"]
    assert sum(e["events"] for e in eps) == rt["events_over_bound"], (eps, rt["events_over_bound"])
    assert all(e["max_late_ms"] > rt["lateness_bound_ms"] and e["start_s"] <= e["end_s"] for e in eps), eps


@needs_root
def test_without_a_router_scheme_no_window_is_touched(clean, tmp_path):
    d = two_links(3.0, refwa=False)
    d["monitor"]["capture"] = ["a->r", "r->a"]
    s = emu.emulate(d, tmp_path, cc="cubic")
    assert s["realtime"]["real_packets"]["acks_rewritten"] == 0
    assert s["flows"][0]["real"]["goodput_mbps"] > 3.0
    # the packets table records a real segment's TCP sequence number (an ACK's
    # acknowledgment number): each new segment's is the last one's plus its payload
    import pyarrow.parquet as pq

    rows = pq.read_table(tmp_path / "packets.parquet").to_pylist()
    data = [r for r in rows if r["link"] == "a->r" and not r["ack"] and r["payload_bytes"] > 0]
    assert len(data) > 500
    # every segment of the data direction records the payload its header says, and only
    # the SYN counts as one: a real packet's satcc `seq` is where its bytes are kept, and
    # a segment kept in the first place recorded 0 bytes and counted as a SYN (2026-11-27:
    # 14 "SYNs" in a 12 s Linux run, each a full segment). Empty: the handshake's SYN and
    # its last ACK, before any data
    empty = [r for r in rows if r["link"] == "a->r" and not r["ack"] and r["payload_bytes"] == 0]
    assert len(empty) == 2 and all(r["time_s"] < data[0]["time_s"] for r in empty), empty[:5]
    # each real packet's own TCP flags: the SYN, then the handshake's ACK; the SYN-ACK
    # back; PSH on the data segments that end a Linux sender's bursts, not on every one
    SYN, PSH, ACK = 0x02, 0x08, 0x10
    assert [r["tcp_flags"] for r in empty] == [SYN, ACK]
    back = sorted((r for r in rows if r["link"] == "r->a"), key=lambda r: r["time_s"])
    assert back[0]["tcp_flags"] == SYN | ACK and all(r["tcp_flags"] & ACK for r in back)
    pushed = sum(bool(r["tcp_flags"] & PSH) for r in data)
    assert all(r["tcp_flags"] & ACK for r in data) and 0.1 * len(data) < pushed < 0.9 * len(data), pushed
    f0 = s["flows"][0]
    assert f0["syn_pkts_sent"] == 1 and f0["syn_pkts_dropped"] == 0, (f0["syn_pkts_sent"], f0["syn_pkts_dropped"])
    follows = sum((b["seqno"] - a["seqno"]) % 2**32 == a["payload_bytes"] for a, b in zip(data, data[1:]))
    assert follows >= 0.9 * (len(data) - 1), (follows, len(data))
    acks = [r["seqno"] for r in rows if r["link"] == "r->a" and r["ack"]]
    assert sum((b - a) % 2**32 < 2**31 for a, b in zip(acks, acks[1:])) == len(acks) - 1, "ACK numbers never go back"
    # and the receiver's TCP_INFO beside the sender's: its buffer sized by what it read
    rcv = pq.read_table(tmp_path / "tcp_info_rcv.parquet").to_pylist()
    assert len(rcv) > 100 and max(r["rcv_space_bytes"] for r in rcv) > 10 * 1448
    assert max(r["bytes_read"] for r in rcv) > 1e6
    # the sender's loss-recovery state: a slow start into a 100-packet buffer (2 BDP)
    # ends in losses, recovered with SACK (Recovery), its lost and SACKed segments among
    # those out
    info = pq.read_table(tmp_path / "tcp_info.parquet").to_pylist()
    assert {r["ca_state"] for r in info} <= {0, 1, 2, 3, 4}
    assert all(r["lost_pkts"] + r["sacked_pkts"] <= r["unacked_pkts"] for r in info)
    assert any(r["ca_state"] == 3 and r["sacked_pkts"] > 0 for r in info), sorted({r["ca_state"] for r in info})
    # what the sending program kept queued: a bulk sender has unsent data once it runs,
    # and its send buffer's limited time never falls
    assert max(r["notsent_bytes"] for r in info) > 10 * 1448
    limited = [r["sndbuf_limited_us"] for r in sorted(info, key=lambda r: r["t_s"])]
    assert all(b >= a for a, b in zip(limited, limited[1:]))


@needs_root
def test_namespaces_and_tuns_are_removed_when_the_run_fails(clean, tmp_path, monkeypatch):
    from satcc import _core

    real = _core.Emulator

    class Failing:
        def __init__(self, *a):
            self.inner = real(*a)

        def tun_names(self):
            return self.inner.tun_names()

        def host_addresses(self):
            return self.inner.host_addresses()

        def close(self):
            self.inner.close()

        def run(self, bound, t0=None):
            assert emu.leftovers(os.getpid()), "the namespaces exist while the run does"
            raise RuntimeError("boom")

    monkeypatch.setattr(_core, "Emulator", Failing)
    with pytest.raises(RuntimeError, match="boom"):
        emu.emulate(two_links(1.0, refwa=False), tmp_path)
    # `clean` checks that nothing is left


def test_not_root_is_one_line_naming_what_is_missing(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    p = tmp_path / "s.json"
    p.write_text(json.dumps(two_links(1.0, refwa=False)))
    assert cli.main(["emulate", str(p), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("satcc: error: satcc emulate: needs root"), err


def test_a_real_flow_is_a_bulk_transfer_and_other_traffic_is_refused_by_name(tmp_path):
    # a flow between two real hosts carries what its Linux sender sends for as long as it
    # runs: a transfer's size or an ON/OFF source would be dropped without a word; refused
    # before anything is made (no root needed to see it)
    for traffic in ({"type": "file", "size_bytes": 10_000},
                    {"type": "exponential", "mean_on_s": 0.1, "mean_off_s": 0.1, "rate_bps": 1e6}):
        d = two_links(1.0, refwa=False)
        d["flows"][0]["traffic"] = traffic
        with pytest.raises(emu.EmulationError, match=r"flows\[0\]\.traffic\.type: a flow between two real hosts is "
                           rf"a bulk transfer \(allowed: bulk\), got '{traffic['type']}'"):
            emu.emulate(d, tmp_path)
    # nor does it start again (its program runs once)
    d = two_links(1.0, refwa=False)
    d["flows"][0].update(stop_s=0.4, restarts=[{"start_s": 0.6}])
    with pytest.raises(emu.EmulationError, match=r"flows\[0\]\.restarts: a flow between two real hosts runs once"):
        emu.emulate(d, tmp_path)
    # nor are its window limits changed (its sender is the host's Linux TCP)
    d = two_links(1.0, refwa=False)
    d["flows"][0]["tcp_changes"] = [{"at_s": 0.5, "rwnd_pkts": 4}]
    with pytest.raises(emu.EmulationError, match=r"flows\[0\]\.tcp_changes: a flow between two real hosts is sent "
                       r"by their Linux TCP"):
        emu.emulate(d, tmp_path)


def test_a_udp_flow_stays_simulated_and_between_real_hosts_is_refused_by_name(tmp_path):
    # a UDP flow is satcc's own: its ends are not made real hosts by default, and one
    # between two real hosts is refused before anything is made
    d = two_links(1.0, refwa=False)
    udp = {**d["flows"][0], "name": "u", "transport": "udp",
           "traffic": {"type": "cbr", "rate_bps": 1e5, "packet_size_bytes": 200}}
    udp.pop("cc", None)
    udp.pop("tcp", None)
    assert not any(f["udp"] for f in emu._flows(d))
    assert [f["udp"] for f in emu._flows({**d, "flows": d["flows"] + [udp]})] == [False] * len(d["flows"]) + [True]
    with pytest.raises(emu.EmulationError, match=r"flows\[1\]\.transport: a flow between two real hosts is their own "
                       r"TCP connection \(allowed: tcp\), got 'udp'"):
        emu.emulate({**d, "flows": d["flows"] + [udp]}, tmp_path, hosts=[d["flows"][0]["src"], d["flows"][0]["dst"]])


@needs_root
def test_a_simulated_udp_flow_takes_its_share_from_a_real_flow(clean, tmp_path):
    # the real CUBIC flow a -> b crosses a 10 Mb/s link r1 -> r2 that a simulated UDP
    # flow u -> v also crosses from 1 s on at 6 Mb/s: the real flow backs off, the
    # datagrams (unresponsive) keep their rate, and REFWA, counting TCP only, leaves
    # them alone
    def link(a, b, rate, delay, q):
        return {"a": a, "b": b, "rate_bps": rate, "delay_ms": delay, "queue": {"type": "droptail", "limit_pkts": q}}

    d = {"name": "emu-udp", "duration_s": 5.0, "seed": 1,
         "nodes": [{"name": n} for n in ("a", "r1", "r2", "b", "u", "v")],
         "links": [link("a", "r1", 100e6, 5.0, 200), link("r1", "r2", 10e6, 20.0, 100), link("r2", "b", 100e6, 0.5, 200),
                   link("u", "r1", 100e6, 1.0, 200), link("r2", "v", 100e6, 1.0, 200)],
         "flows": [{"src": "a", "dst": "b"},
                   {"name": "udp", "src": "u", "dst": "v", "transport": "udp", "start_s": 1.0005,
                    "traffic": {"type": "cbr", "rate_bps": 6e6, "packet_size_bytes": 1500}}],
         "tcp": {"packet_size_bytes": 1448},
         "schemes": [{"type": "refwa", "links": ["r1->r2"], "isl_delay_ms": 12.5}],
         "monitor": {"links": ["r1->r2"], "bottleneck": "r1->r2"}}
    # (its 500 datagrams a second add a fifth to the loop's events: one more attempt
    # at an emulation that keeps its timing, see in_time)
    s = in_time(lambda: emu.emulate(d, tmp_path, cc="cubic"))
    assert s["realtime"]["valid"], s["realtime"]
    real, udp = s["flows"][0], s["flows"][1]
    assert "real" in real and "real" not in udp and udp["transport"] == "udp"
    assert udp["data_pkts_sent"] == 2000  # 500 a second for the 3.9995 s before the end
    assert udp["data_pkts_delivered"] > 0.8 * udp["data_pkts_sent"], udp
    # over its 5 s (start-up included) the real flow has what the datagrams leave of
    # the link: up to 10 Mb/s in its first second, 4 Mb/s after
    assert 1.0 < real["real"]["goodput_mbps"] < 6.0, real["real"]["goodput_mbps"]


@needs_root
def test_bad_choices_are_named(clean, tmp_path):
    with pytest.raises(emu.EmulationError, match="--cc"):
        emu.emulate(two_links(1.0, refwa=False), tmp_path, cc="vegas-not-here")
    with pytest.raises(emu.EmulationError, match="no such node"):
        emu.emulate(two_links(1.0, refwa=False), tmp_path, hosts=["a", "nowhere"])
    with pytest.raises(emu.EmulationError, match="both or neither"):
        emu.emulate(two_links(1.0, refwa=False), tmp_path, hosts=["a"])


@needs_root
def test_the_cli_runs_the_shipped_example_and_reports_its_timing(clean, tmp_path, capsys):
    from pathlib import Path

    sc = Path(__file__).resolve().parents[1] / "scenarios" / "emu_two_links.yaml"
    rc = cli.main(["emulate", str(sc), "--out", str(tmp_path / "o"), "--duration", "3", "--cc", "cubic"])
    out = capsys.readouterr().out
    s = json.loads((tmp_path / "o" / "summary.json").read_text())
    assert rc == (0 if s["realtime"]["valid"] else 3)
    assert "goodput" in out and "lateness: median" in out and "Jain index" in out, out
    assert s["realtime"]["real_packets"]["acks_rewritten"] > 0
    # when it ran late, in one line: the episodes' count and events, and the worst of them
    eps = s["realtime"]["late_episodes"]
    if eps:
        worst = max(eps, key=lambda e: e["max_late_ms"])
        assert (f"late episodes (events over 0.5 ms): {len(eps)}, {sum(e['events'] for e in eps)} events; "
                f"the worst {worst['max_late_ms']:.3f} ms late at {worst['start_s']:.4f}-") in out, out
    else:
        assert "late episodes (events over 0.5 ms): none" in out, out
    # and what the hypervisor took from the CPUs meanwhile, and how often the loop was
    # preempted (this machine's kernel counts both)
    rt = s["realtime"]
    assert rt["host_steal_ms"] >= 0.0 and rt["loop_preemptions"] >= 0, rt
    assert (f"the hypervisor took {rt['host_steal_ms']:.0f} ms of CPU time ({rt['host_steal_pct']:.1f} %) during "
            f"the run; the loop was preempted {rt['loop_preemptions']} times") in out, out


@needs_root
def test_trefwa_reads_the_rtt_code_real_senders_write(clean, tmp_path):
    """T-REFWA's senders (cc trefwa in the scenario) write the RTT code from TCP_INFO's
    SRTT into the DS field; the router's RTT_avg then is the path's RTT (about 50 ms plus
    queueing), not the 1 ms a code of 0 stands for."""
    import pyarrow.parquet as pq

    d = two_links(6.0, refwa=False)
    d["flows"][0]["cc"] = "trefwa"
    d["schemes"] = [{"type": "trefwa", "links": ["r->b"]}]
    s = emu.emulate(d, tmp_path, cc="reno")
    assert s["realtime"]["real_packets"]["acks_rewritten"] > 0
    fb = pq.read_table(tmp_path / "feedback.parquet").to_pylist()
    late = [r["rtt_avg_s"] for r in fb if r["time_s"] > 2.0 and r["active_flows"] > 0]
    assert late and all(0.04 < x < 0.3 for x in late), late[:10]
    info = pq.read_table(tmp_path / "tcp_info.parquet").to_pylist()
    assert len(info) > 400, "TCP_INFO every 10 ms over about 6 s"


@needs_root
def test_real_flows_cross_a_moving_constellation_and_their_rtt_follows_the_path(clean, tmp_path):
    import bisect
    from pathlib import Path

    import pyarrow.parquet as pq

    from satcc.scenario import load

    d = load(Path(__file__).resolve().parents[1] / "scenarios" / "emu_starlink_pair.yaml").to_dict()
    d["duration_s"] = 6.0
    # the heaviest emulation of the suite (some 220,000 events in 6 s): on a shared
    # 2-core machine both of two tries ran late in a fresh-clone CI run of 2026-11-28
    # (p99 0.60 and 3.9 ms), and the session's base build did the same in 1 of 3 tries
    s = in_time(lambda: emu.emulate(d, tmp_path, cc="cubic"))
    # the timing checks below hold for a run whose events ran on time (a machine too
    # busy to keep up says so in `valid`, and that is the failure to report)
    assert s["realtime"]["valid"], s["realtime"]
    assert all(f["real"]["goodput_mbps"] > 1.0 for f in s["flows"]), [f["real"] for f in s["flows"]]
    paths = pq.read_table(tmp_path / "paths.parquet").to_pylist()
    info = pq.read_table(tmp_path / "tcp_info.parquet").to_pylist()
    for k, f in enumerate(s["flows"]):
        mine = sorted((p["time_s"], p["rtt_ms"], p["hops"]) for p in paths if p["flow"] == f["name"])
        times = [t for t, _, _ in mine]
        # the handshake (empty queues), as the kernel timed it (the agent's wall-clock
        # figure adds its own wake-up): the path's propagation RTT when it starts, plus
        # the 60-byte SYN's and SYN-ACK's transmission on each 20 Mb/s link, plus at most
        # 2 ms of the emulation's own (four TUN crossings, wake-ups; before the routing
        # instants were computed ahead, each one crossed added 1-1.5 ms, and a CI run
        # measured 4.4 ms)
        start = f["start_s"] or 0.0
        at = mine[max(0, bisect.bisect_right(times, start) - 1)]
        expected = at[1] + 2 * at[2] * 60 * 8 / 2.0e7 * 1e3
        syn = f["real"]["syn_rtt_ms"]
        assert expected - 0.05 <= syn <= expected + 2.0, (syn, expected, at)
        assert syn <= f["real"]["connect_ms"], f["real"]
        # SRTT never below the propagation RTT of the path then (1 ms: the path's drift
        # over SRTT's memory)
        for r in info:
            if r["flow"] == f["name"] and r["srtt_ms"] > 0:
                i = bisect.bisect_right(times, r["t_s"]) - 1
                assert r["srtt_ms"] >= mine[i][1] - 1.0, (r, mine[i])


@needs_root
def test_sigterm_in_the_middle_of_a_run_removes_everything_at_once(clean, tmp_path):
    import signal
    import sys
    import time

    code = (f"import json; from satcc.emulate import emulate; "
            f"emulate(json.loads({json.dumps(json.dumps(two_links(30.0, refwa=True)))}), {str(tmp_path)!r})")
    p = subprocess.Popen([sys.executable, "-c", code], stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.time() + 20
        while not emu.leftovers(p.pid) and time.time() < deadline:
            time.sleep(0.05)
        assert emu.leftovers(p.pid), "the run made its namespaces"
        time.sleep(3.0)  # the agents start and the paced loop runs
        t = time.time()
        p.send_signal(signal.SIGTERM)
        p.wait(timeout=10)
        assert time.time() - t < 5.0, "the paced loop let the signal handler run"
        assert emu.leftovers(p.pid) == [], "namespaces removed"
        assert not [ln for ln in _links().splitlines() if f"sc{p.pid}t" in ln], "TUNs removed"
    finally:
        if p.poll() is None:
            p.kill()
        for n in emu.leftovers(p.pid):
            subprocess.run(["ip", "netns", "del", n], capture_output=True)


@needs_root
def test_namespaces_of_a_killed_emulation_are_removed_by_the_next(clean, tmp_path):
    import sys
    import time

    # a process that makes an emulation's namespace and dies without cleaning up
    p = subprocess.Popen([sys.executable, "-c", "import os, subprocess, satcc.emulate as e; "
                          "subprocess.run(['ip', 'netns', 'add', f'{e.PREFIX}{os.getpid()}-0'], check=True)"])
    p.wait(timeout=20)
    dead = f"{emu.PREFIX}{p.pid}-0"
    try:
        assert dead in emu.leftovers()
        time.sleep(0.1)
        assert emu.remove_stale() == [dead]
        assert dead not in emu.leftovers()
        # a live process's namespaces are left alone
        subprocess.run(["ip", "netns", "add", f"{emu.PREFIX}{os.getpid()}-9"], check=True)
        assert emu.remove_stale() == []
    finally:
        for n in (dead, f"{emu.PREFIX}{os.getpid()}-9"):
            subprocess.run(["ip", "netns", "del", n], capture_output=True)


@needs_root
def test_real_and_simulated_flows_share_a_bottleneck_under_refwa(clean, tmp_path):
    """One real reno flow (a -> b) and one simulated NewReno flow (c -> e) through the
    same 10 Mb/s link r -> s, REFWA on it: equal RTTs, so REFWA gives both the same
    window; each gets a fair part of the link."""
    def link(x, y, rate, delay, q=100):
        return {"a": x, "b": y, "rate_bps": rate, "delay_ms": delay, "queue": {"type": "droptail", "limit_pkts": q}}

    d = {"name": "mixed", "duration_s": 10.0, "seed": 1,
         "nodes": [{"name": n} for n in ("a", "c", "r", "s", "b", "e")],
         "links": [link("a", "r", 100e6, 5.0), link("c", "r", 100e6, 5.0), link("r", "s", 10e6, 20.0),
                   link("s", "b", 100e6, 5.0), link("s", "e", 100e6, 5.0)],
         "flows": [{"src": "a", "dst": "b"}, {"src": "c", "dst": "e"}],
         "tcp": {"packet_size_bytes": 1448},
         "schemes": [{"type": "refwa", "links": ["r->s"], "isl_delay_ms": 7.5}],
         "monitor": {"links": ["r->s"], "bottleneck": "r->s"}}
    s = emu.emulate(d, tmp_path, hosts=["a", "b"], cc="reno")
    real, sim = s["flows"]
    assert "real" in real and "real" not in sim
    assert s["realtime"]["real_packets"]["acks_rewritten"] > 0
    assert real["goodput_mbps"] > 2.5 and sim["goodput_mbps"] > 2.5, (real["goodput_mbps"], sim["goodput_mbps"])
    assert s["totals"]["utilization"] > 0.8


@needs_root
def test_udp_between_real_hosts_is_passed_along_the_flows_route(clean, tmp_path):
    """UDP datagrams from a to b and back take the path of the real flow between them
    (idle here: the flow starts late): all arrive, echoed in the path's RTT (2 x 25 ms
    plus the 1,028-byte datagrams' transmission times, 1.8 ms in all)."""
    import sys
    import threading
    import time

    d = two_links(7.0, refwa=True)
    d["flows"][0]["start_s"] = 6.0
    recv = ("import socket; s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.bind(('10.0.0.3', 7000)); "
            "s.settimeout(5)\nn = 0\ntry:\n    while n < 20:\n        b, a = s.recvfrom(2000); s.sendto(b, a); n += 1\n"
            "except socket.timeout:\n    pass\nprint(n)")
    send = ("import socket, time; s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.settimeout(1); rtt = []\n"
            "for i in range(20):\n    t = time.time(); s.sendto(bytes(1000), ('10.0.0.3', 7000))\n"
            "    try:\n        s.recvfrom(2000); rtt.append((time.time() - t) * 1e3)\n    except socket.timeout:\n"
            "        pass\n    time.sleep(0.02)\nprint(len(rtt), min(rtt) if rtt else -1)")
    out = {}

    def side():
        deadline = time.time() + 20
        while len(emu.leftovers(os.getpid())) < 2 and time.time() < deadline:
            time.sleep(0.02)
        time.sleep(2.0)  # addresses and routes set, the paced loop running
        ns_a, ns_b = (f"{emu.PREFIX}{os.getpid()}-{k}" for k in (0, 1))
        r = subprocess.Popen(["ip", "netns", "exec", ns_b, sys.executable, "-c", recv], stdout=subprocess.PIPE, text=True)
        time.sleep(0.5)
        s = subprocess.run(["ip", "netns", "exec", ns_a, sys.executable, "-c", send], capture_output=True, text=True)
        out["echoed"] = r.communicate(timeout=10)[0].strip()
        out["sent"] = s.stdout.strip() or s.stderr

    def run():
        t = threading.Thread(target=side)
        t.start()
        s = emu.emulate(d, tmp_path, cc="reno")
        t.join(timeout=30)
        return s

    s = in_time(run)
    n, best = out["sent"].split()
    assert out["echoed"] == "20" and n == "20", out
    assert 51.6 <= float(best) <= 53.0, out
    assert s["realtime"]["real_packets"]["passed_through"] == 40, s["realtime"]["real_packets"]
    assert s["realtime"]["valid"], s["realtime"]


@needs_root
def test_each_real_flow_runs_the_congestion_control_named_for_it(clean, tmp_path):
    d = two_links(3.0, refwa=False)
    d["flows"][0]["count"] = 3
    s = emu.emulate(d, tmp_path, cc={"f0#0": "cubic", "f0#1": "bbr", "*": "reno"})
    used = [(f["real"]["cc"], f["real"]["tcp_info"]["cc_in_use"]) for f in s["flows"]]
    assert used == [("cubic", "cubic"), ("bbr", "bbr"), ("reno", "reno")], used
    # BBR's own state (TCP_CC_INFO) in its samples, every column kept though the other
    # flows' samples lack it: its minimum RTT at least the path's 2 x 25 ms
    import pyarrow.parquet as pq

    info = pq.read_table(tmp_path / "tcp_info.parquet").to_pylist()
    by = {n: [r.get("bbr_min_rtt_us") for r in info if r["flow"] == n] for n in ("f0#0", "f0#1", "f0#2")}
    assert by["f0#1"] and all(v is not None for v in by["f0#1"]), by["f0#1"][:5]
    assert 50_000 <= min(v for v in by["f0#1"] if v) < 100_000, sorted(set(by["f0#1"]))[:5]
    assert set(by["f0#0"]) == {None} and set(by["f0#2"]) == {None}
    with pytest.raises(emu.EmulationError, match="no flow named nope"):
        emu.emulate(d, tmp_path, cc={"nope": "cubic"})


# an ICMP echo request (type 8) of 56 bytes of data, its checksum over the message
PING = ("import socket, struct, time\n"
        "def csum(b):\n    s = sum(struct.unpack('!%dH' % (len(b) // 2), b))\n"
        "    s = (s >> 16) + (s & 0xffff); s += s >> 16\n    return ~s & 0xffff\n"
        "s = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP); s.settimeout(0.3); rtt = []\n"
        "for i in range(10):\n"
        "    m = struct.pack('!BBHHH', 8, 0, 0, 77, i) + bytes(56)\n"
        "    m = m[:2] + struct.pack('!H', csum(m)) + m[4:]\n"
        "    t = time.time(); s.sendto(m, (DST, 0))\n"
        "    try:\n"
        "        while True:\n"
        "            b = s.recv(2000); h = (b[0] & 15) * 4\n"
        "            if b[h] == 0 and struct.unpack('!H', b[h + 6:h + 8])[0] == i:\n"
        "                rtt.append((time.time() - t) * 1e3); break\n"
        "    except socket.timeout:\n        pass\n"
        "    time.sleep(0.05)\n"
        "print(len(rtt), min(rtt) if rtt else -1)")


@needs_root
def test_pings_follow_the_flows_route_and_hosts_no_flow_joins_are_unreachable(clean, tmp_path):
    """ICMP echo (what a user tries first) from a to b crosses the real flow's path both
    ways in its RTT, 2 x 25 ms plus 84-byte packets' transmission times; c, a real host
    that no flow joins, has no route from a: its pings are dropped and counted."""
    import sys
    import threading
    import time

    d = two_links(9.0, refwa=True)
    d["nodes"].append({"name": "c"})
    d["links"].append({"a": "r", "b": "c", "rate_bps": 10e6, "delay_ms": 5.0})
    d["flows"][0]["start_s"] = 8.0
    out = {}

    def side():
        deadline = time.time() + 20
        while len(emu.leftovers(os.getpid())) < 3 and time.time() < deadline:
            time.sleep(0.02)
        time.sleep(2.0)
        ns_a = f"{emu.PREFIX}{os.getpid()}-0"
        for dst in ("10.0.0.3", "10.0.0.4"):
            r = subprocess.run(["ip", "netns", "exec", ns_a, sys.executable, "-c", f"DST = {dst!r}\n" + PING],
                               capture_output=True, text=True)
            out[dst] = r.stdout.strip() or r.stderr

    def run():
        t = threading.Thread(target=side)
        t.start()
        s = emu.emulate(d, tmp_path, hosts=["a", "b", "c"], cc="reno")
        t.join(timeout=30)
        return s

    s = in_time(run)
    n, best = out["10.0.0.3"].split()
    assert n == "10" and 50.0 <= float(best) <= 51.5, out
    assert out["10.0.0.4"].split()[0] == "0", out
    real = s["realtime"]["real_packets"]
    assert real["passed_through"] == 20 and real["unmatched"] == 10, real
    assert s["realtime"]["valid"], s["realtime"]


@needs_root
def test_refwa_lowers_windows_a_receiver_scales_by_seven(clean, tmp_path):
    """Linux picks the window scale from the receive buffer's limit: 6 MB (a namespace's
    own tcp_rmem) gives 7. REFWA's rewrites must then count in units of 128 bytes: a
    scale read wrong by one would halve or double every window it writes."""
    s = emu.emulate(two_links(8.0, refwa=True), tmp_path, cc="reno",
                    sysctls={"net.ipv4.tcp_rmem": "4096 131072 6291456"})
    f = s["flows"][0]["real"]
    assert f["tcp_info"]["snd_wscale"] == 7, f["tcp_info"]
    real = s["realtime"]["real_packets"]
    assert real["acks_rewritten"] > 100 and real["unmatched"] == 0, real
    # the window the Linux sender reads (tcpi_snd_wnd, after its own scaling) is the
    # fair window REFWA computed for the flow: whole packets (feedback::lower_rwnd
    # floors it) of the MSS, written in the scale's units of 128 bytes. A scale misread
    # by one would show twice or half of it. Means, not medians: the fair window hovers
    # around a whole number (66.7-67.5 packets), and the medians of two series sampled
    # at different instants can then fall on either side of it (a CI run: 65.9 against
    # 67, from the same windows)
    import math
    import statistics

    import pyarrow.parquet as pq

    info = [r for r in pq.read_table(tmp_path / "tcp_info.parquet").to_pylist() if r["t_s"] > 1]
    mss, unit = info[-1]["mss"], 1 << 7
    fair = [r["aggregate_pkts"] for r in pq.read_table(tmp_path / "feedback.parquet").to_pylist() if r["time_s"] > 1]
    written = [math.floor(x) * mss // unit * unit / mss for x in fair]
    seen = [r["snd_wnd_bytes"] / r["mss"] for r in info]
    assert len(fair) > 50 and len(seen) > 300
    assert abs(statistics.mean(seen) - statistics.mean(written)) <= 0.5, (statistics.mean(seen),
                                                                          statistics.mean(written), fair[-5:])
    assert f["tcp_info"]["rwnd_limited_us"] > 3e6, f["tcp_info"]  # the window, not cwnd, held it back
    assert 7.0 < f["goodput_mbps"] <= 10.0, f["goodput_mbps"]
    assert f["tcp_info"]["cwnd_pkts"] > 0
    for ends in (f["receiver_errors"], f["sender_errors"]):
        assert ends == {"ip_in_hdr_errors": 0, "tcp_in_csum_errors": 0}, ends
    assert s["realtime"]["sysctls"] == {"net.ipv4.tcp_rmem": "4096 131072 6291456"}
    with pytest.raises(emu.EmulationError, match="--sysctl: KEY=VALUE with a key under net"):
        emu.emulate(two_links(1.0, refwa=False), tmp_path, sysctls={"kernel.panic": "1"})


@needs_root
def test_simulated_time_zero_is_the_instant_the_real_hosts_start_on(clean, tmp_path):
    """A real host's SYN enters the network when its connect() is called (the agent's
    `connect_at_s`, on the agreed clock), not before and within a millisecond: the loop
    runs before that instant and its clock is 0 there. With the clock started whenever
    the loop began (after that instant, by the parent's wake-up), the SYN entered before
    connect() by that lag, or, when the loop began after the SYN, waited in its TUN
    device for it: the handshake then took up to 0.9 ms more than the path, and BBR's
    first minimum RTT with it. And the kernel's first RTT sample (the SYN's) is what
    the network carried the handshake in (SYN entering to SYN-ACK reaching the sender)
    plus the sender's own SYN and SYN-ACK handling, measured 0.04-0.12 ms here: within
    the emulation's default lateness bound, 0.5 ms."""
    import pyarrow.parquet as pq

    d = two_links(2.0, refwa=False)
    d["flows"][0]["start_s"] = 0.3
    d["monitor"]["capture"] = ["a->r", "r->a"]
    s = in_time(lambda: emu.emulate(d, tmp_path, cc="bbr"))
    assert s["realtime"]["valid"], s["realtime"]
    rows = sorted(pq.read_table(tmp_path / "packets.parquet").to_pylist(), key=lambda r: r["time_s"])
    syn = next(r for r in rows if r["link"] == "a->r" and not r["ack"])
    synack = next(r for r in rows if r["link"] == "r->a" and r["ack"])
    access = d["links"][0]
    entered = syn["time_s"] - access["delay_ms"] / 1e3 - 60 * 8 / access["rate_bps"]
    real = s["flows"][0]["real"]
    assert 0.3 <= real["connect_at_s"] < 0.35, real
    assert 0.0 <= (entered - real["connect_at_s"]) * 1e3 <= 1.0, (entered, real["connect_at_s"])
    carried_ms = (synack["time_s"] - entered) * 1e3
    assert -0.01 <= real["syn_rtt_ms"] - carried_ms <= 0.5, (real["syn_rtt_ms"], carried_ms)


@needs_root
def test_linuxref_quiet_keeps_each_runs_lateness_beside_its_startup_and_bbrs_bandwidth(clean, tmp_path, capsys):
    """`linuxref quiet CASE --write`: each Linux run's measures with the emulation's own
    timing on record (lateness, late episodes) and BBR's bandwidth estimate before
    STARTUP's exit, which on a 20 Mb/s path of 1500-byte packets cannot much exceed the
    link's payload rate (19.3 Mb/s of 1448-byte segments) in a run that kept time."""
    from satcc.dev import linuxref as L

    assert L.main(["quiet", "one-1bdp/bbr", "--runs", "1", "--duration", "4", "--write",
                   "--ref", str(tmp_path)]) == 0
    res = json.loads((tmp_path / "quiet_one_1bdp_bbr.json").read_text())
    assert res["case"] == "one-1bdp/bbr" and len(res["runs"]) == 1
    run = res["runs"][0]
    assert set(run["realtime"]) == {"valid", "lateness_p99_ms", "lateness_max_ms", "late_episodes"}
    f = run["flows"]["f0"]
    ex = f["slow_start_exit"]
    # The first loss (ssthresh set) ends slow start in this record. It comes in one of two
    # ways, and its cwnd tells which (the committed reference's ten runs: 1.25 s at 494,
    # nine at 1.45 s at 331-333). Either STARTUP overshoots the path's BDP + buffer
    # (167 + 167 = 334 packets) while its bandwidth still grows, or PROBE_BW's cwnd of two
    # BDPs (332) fills the buffer to within two packets of its limit. That second loss
    # hangs on a packet's time (0.6 ms) of the path's timing, so an emulation late within
    # its bound can push it a few rounds on (fresh-clone CI: 1.86 s at 332, p99 lateness
    # 0.21 ms). Hence the run of 4 s and no bound on the round: the loss's cwnd is what a
    # wrong rate, delay or buffer would move.
    assert ex is not None and 1.0 < ex["t"] < 4.0, ex
    assert ex["cwnd"] > 400 if ex["t"] < 1.35 else 325 <= ex["cwnd"] <= 340, ex
    if run["realtime"]["valid"]:
        assert 18.0 < f["max_bw_before_exit_mbps"] < 20.5, f
    assert "one-1bdp/bbr f0 Linux: exit" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="CASE is one of"):
        L.main(["quiet", "one-1bdp/vegas", "--ref", str(tmp_path)])
