"""The programs satcc runs on real hosts (inside their network namespaces) during an
emulation: a bulk sender and a sink. The sender samples TCP_INFO every 10 ms; the sink
records goodput (bytes received) per second. Each writes one JSON file at the end.

    python -m satcc.emulate_agent sink --port P --t0 EPOCH --stop S --out FILE
    python -m satcc.emulate_agent send --to IP --port P --cc reno --t0 EPOCH --start S --stop S --out FILE
"""

from __future__ import annotations

import argparse
import json
import socket
import struct
import time

TCP_INFO = 11
TCP_CONGESTION = 13
TCP_CC_INFO = 26
# struct tcp_bbr_info (linux/inet_diag.h): bw_lo, bw_hi (bytes/s), min_rtt (us), pacing
# and cwnd gains (<< 8); what TCP_CC_INFO gives for BBR (CUBIC and Reno give nothing)
_BBR_INFO = struct.Struct("=5I")
# struct tcp_info (linux/tcp.h) through tcpi_snd_wnd (Linux 5.4 and later): 7 bytes and
# a bitfield byte; 24 u32 (rto ... total_retrans); 4 u64 (pacing_rate, max_pacing_rate,
# bytes_acked, bytes_received); 6 u32 (segs_out, segs_in, notsent_bytes, min_rtt,
# data_segs_in, data_segs_out); u64 delivery_rate; 3 u64 (busy_time, rwnd_limited,
# sndbuf_limited); 2 u32 (delivered, delivered_ce); 2 u64 (bytes_sent, bytes_retrans);
# 4 u32 (dsack_dups, reord_seen, rcv_ooopack, snd_wnd). An older kernel's shorter
# struct reads as zeros past its end.
_INFO = struct.Struct("=7B1x24I4Q6IQ3Q2I2Q4I")
SAMPLE_S = 0.010


def _info(sock: socket.socket) -> dict:
    raw = sock.getsockopt(socket.IPPROTO_TCP, TCP_INFO, _INFO.size)
    raw = raw.ljust(_INFO.size, b"\0")[:_INFO.size]
    v = _INFO.unpack(raw)
    # 0 state, 1 ca_state, 2 retransmits, 3 probes, 4 backoff, 5 options, 6 wscale;
    # u32s from 7: rto, ato, snd_mss, rcv_mss, unacked, sacked, lost, retrans, fackets,
    # last_data_sent, last_ack_sent, last_data_recv, last_ack_recv, pmtu, rcv_ssthresh,
    # rtt, rttvar, snd_ssthresh, snd_cwnd, advmss, reordering, rcv_rtt, rcv_space,
    # total_retrans; then the u64s from 31, the rest from 35
    u = v[7:31]
    w = v[35:]
    return {"srtt_ms": u[15] / 1e3, "rttvar_ms": u[16] / 1e3, "cwnd_pkts": u[18], "ssthresh_pkts": u[17],
            "mss": u[2], "retrans_total": u[23], "pacing_rate_bps": v[31] * 8, "bytes_acked": v[33],
            "snd_wscale": v[6] & 0x0F, "rcv_wscale": v[6] >> 4, "unacked_pkts": u[4],
            # the peer's advertised window as the sender reads it (bytes, scaled): what
            # a router scheme's rewrite leaves of it
            "snd_wnd_bytes": w[-1], "min_rtt_ms": w[3] / 1e3, "delivery_rate_bps": w[6] * 8,
            "rwnd_limited_us": w[8], "delivered_pkts": w[10],
            # what the application kept queued: unsent bytes in the socket, and the time
            # the send buffer limited the sender (a sender short of data marks its rate
            # samples application-limited, tcp_rate_check_app_limited)
            "notsent_bytes": w[2], "sndbuf_limited_us": w[9],
            # the loss-recovery state: Open 0, Disorder 1, CWR 2, Recovery 3, Loss 4; and
            # the scoreboard's counts (segments SACKed, marked lost, retransmitted and
            # still out)
            "ca_state": v[1], "sacked_pkts": u[5], "lost_pkts": u[6], "retrans_out_pkts": u[7]}


def _cc_info(sock: socket.socket) -> dict:
    """BBR's own state (TCP_CC_INFO): its bandwidth estimate, its minimum RTT (its
    filter's, not TCP_INFO's min_rtt) and its gains; empty for an algorithm without one."""
    raw = sock.getsockopt(socket.IPPROTO_TCP, TCP_CC_INFO, _BBR_INFO.size)
    if len(raw) < _BBR_INFO.size:
        return {}
    lo, hi, min_rtt, pacing_gain, cwnd_gain = _BBR_INFO.unpack(raw)
    return {"bbr_bw_bps": ((hi << 32) | lo) * 8, "bbr_min_rtt_us": min_rtt,
            "bbr_pacing_gain": pacing_gain / 256, "bbr_cwnd_gain": cwnd_gain / 256}


def _rcv_info(sock: socket.socket) -> dict:
    """The receiving side's window state from TCP_INFO: rcv_ssthresh (the window's growth
    bound), rcv_space (what the buffer is sized for: bytes read in the last receiver RTT)
    and the receiver's RTT estimate."""
    raw = sock.getsockopt(socket.IPPROTO_TCP, TCP_INFO, _INFO.size)
    u = _INFO.unpack(raw.ljust(_INFO.size, b"\0")[:_INFO.size])[7:31]
    return {"rcv_ssthresh_bytes": u[14], "rcv_rtt_ms": u[21] / 1e3, "rcv_space_bytes": u[22], "rcv_mss": u[3]}


def rtt_code(srtt_ms: float, k: float) -> int:
    """T-REFWA's eq. 1 (seed 002), as crates/satcc-core/src/net/rtt_code.rs computes it:
    min(floor(K log2 SRTT_ms), 63); 0 below 1 ms."""
    import math

    if not srtt_ms >= 1.0:
        return 0
    return max(0, min(63, math.floor(k * math.log2(srtt_ms))))


def _sleep_until(t: float) -> None:
    while True:
        left = t - time.time()
        if left <= 0:
            return
        time.sleep(min(left, 0.05))


def send(a) -> dict:
    _sleep_until(a.t0 + a.start)
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.IPPROTO_TCP, TCP_CONGESTION, a.cc.encode())
    s.settimeout(30)
    deadline = time.time() + 5.0
    while True:
        t_connect = time.time()
        try:
            s.connect((a.to, a.port))
            break
        except ConnectionRefusedError:
            if time.time() > deadline:
                raise
            s.close()  # the sink is not listening yet: a new socket, a new try
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.setsockopt(socket.IPPROTO_TCP, TCP_CONGESTION, a.cc.encode())
            s.settimeout(30)
            time.sleep(0.05)
    connect_ms = (time.time() - t_connect) * 1e3  # SYN out to SYN-ACK in: one RTT
    connect_at_s = t_connect - a.t0  # when connect() was called, on the network's clock
    # the same RTT as the kernel timed it (its first sample, the SYN's: from the SYN's
    # transmission to the SYN-ACK's arrival, in us), free of this process's wake-up after
    # connect() returns, which a busy machine can delay by milliseconds
    syn_rtt_ms = _info(s)["srtt_ms"]
    s.setblocking(False)
    code = None
    chunk = b"\0" * 65536
    samples, sent = [], 0
    next_sample, stop = time.time(), a.t0 + a.stop
    import select

    while True:
        now = time.time()
        if now >= stop:
            break
        if now >= next_sample:
            info = _info(s)
            samples.append({"t_s": now - a.t0, **info, **_cc_info(s)})
            next_sample += SAMPLE_S
            if a.rtt_code_k is not None:
                # T-REFWA's sender side: the RTT code in the DS field (the TOS byte's
                # upper six bits; Linux keeps the two ECN bits of a TCP socket for itself)
                c = rtt_code(info["srtt_ms"], a.rtt_code_k)
                if c != code:
                    s.setsockopt(socket.IPPROTO_IP, socket.IP_TOS, c << 2)
                    code = c
        _, w, _ = select.select([], [s], [], max(0.0, min(next_sample, stop) - time.time()))
        if w:
            try:
                sent += s.send(chunk)
            except BlockingIOError:
                pass
    final = _info(s)
    final["cc_in_use"] = s.getsockopt(socket.IPPROTO_TCP, TCP_CONGESTION, 16).split(b"\0")[0].decode()
    s.close()
    return {"role": "send", "cc": a.cc, "bytes_sent": sent, "connect_ms": connect_ms, "connect_at_s": connect_at_s,
            "syn_rtt_ms": syn_rtt_ms,
            "samples": samples,
            "final": final}


def snmp_errors() -> dict:
    """This namespace's counters of packets the stack refused for a bad checksum or IP
    header (/proc/net/snmp: Ip InHdrErrors, Tcp InCsumErrors)."""
    rows: dict[str, dict[str, int]] = {}
    lines = open("/proc/net/snmp").read().splitlines()
    for head, vals in zip(lines[::2], lines[1::2]):
        proto, names = head.split(":")
        rows[proto] = dict(zip(names.split(), map(int, vals.split(":")[1].split())))
    return {"ip_in_hdr_errors": rows.get("Ip", {}).get("InHdrErrors", 0),
            "tcp_in_csum_errors": rows.get("Tcp", {}).get("InCsumErrors", 0)}


def sink(a) -> dict:
    ls = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    ls.bind(("0.0.0.0", a.port))
    ls.listen(1)
    if a.ready:
        open(a.ready, "w").close()  # listening: the run may start
    ls.settimeout(120.0 + a.stop)  # the run's clock starts after every sink listens
    per_s: dict[int, int] = {}
    total = 0
    try:
        c, _ = ls.accept()
    except socket.timeout:
        return {"role": "sink", "bytes": 0, "per_s": {}, "errors": snmp_errors(), "samples": []}
    c.settimeout(SAMPLE_S)
    if a.t0_file:
        a.t0 = float(open(a.t0_file).read())  # written before any sender starts
    # the receiver's window state every 10 ms, as the sender's (read between receives)
    samples, next_sample = [], time.time()
    while time.time() < a.t0 + a.stop + 1.0:
        now = time.time()
        if now >= next_sample and now <= a.t0 + a.stop:
            samples.append({"t_s": now - a.t0, "bytes_read": total, **_rcv_info(c)})
            next_sample += SAMPLE_S
        try:
            b = c.recv(1 << 20)
        except socket.timeout:
            continue
        if not b:
            break
        sec = int(time.time() - a.t0)
        per_s[sec] = per_s.get(sec, 0) + len(b)
        if time.time() <= a.t0 + a.stop:
            total += len(b)
    c.close()
    return {"role": "sink", "bytes": total, "per_s": per_s, "errors": snmp_errors(), "samples": samples}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m satcc.emulate_agent")
    sub = p.add_subparsers(dest="role", required=True)
    for name in ("send", "sink"):
        q = sub.add_parser(name)
        q.add_argument("--port", type=int, required=True)
        q.add_argument("--t0", type=float, required=True)
        q.add_argument("--stop", type=float, required=True)
        q.add_argument("--out", required=True)
        if name == "sink":
            q.add_argument("--ready", help="a file made once the sink listens")
            q.add_argument("--t0-file", help="the file holding the run's start (epoch seconds), read on accept")
        if name == "send":
            q.add_argument("--to", required=True)
            q.add_argument("--cc", default="reno")
            q.add_argument("--start", type=float, default=0.0)
            q.add_argument("--rtt-code-k", type=float, help="write T-REFWA's RTT code with this K")
    a = p.parse_args(argv)
    try:
        r = send(a) if a.role == "send" else sink(a)
    except Exception as e:  # the run reports it with the flow, one line
        r = {"role": a.role, "error": f"{type(e).__name__}: {e}"}
    if a.role == "send":
        r["errors"] = snmp_errors()
    with open(a.out, "w") as f:
        json.dump(r, f)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
