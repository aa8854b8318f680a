"""Packet traces that Wireshark and tshark read: the packets a run captured on a link
direction (monitor.capture, RunResult.packets) as a pcap file with real IPv4 and TCP
headers at satcc's simulated timestamps (nanosecond pcap, raw IPv4 link type).

What the headers hold, since satcc's packets count segments, not bytes:
- addresses: node i of the scenario is 10.0.0.0 + i + 1 (its index in `nodes`); the
  sender's port is 10000 + the flow's index (the order of summary.json's flows) and the
  receiver's 5001;
- sequence numbers: the initial sequence number is 0; with tcp.syn, segment 0 is the
  SYN and segment k >= 1 starts at byte 1 + (k - 1) x MSS; without, segment k starts
  at 1 + k x MSS (MSS: tcp.packet_size_bytes). An ACK of segment a acknowledges every
  byte up to that segment's end (the SYN's ACK is a SYN-ACK);
- the window field: the advertised window the packet carries (after any router's
  rewrite) in bytes, shifted right by the flow's window scale, the smallest shift that
  fits its largest window in 16 bits; the SYN and SYN-ACK carry the option, so
  Wireshark shows the scaled window when it sees them;
- the flags as the packets table records them (`tcp_flags`: SYN on the SYN, SYN and ACK
  on its answer, ACK on every other packet, PSH where a Linux-like sender marked the end
  of a burst); a table written before that column gives PSH to no segment;
- TTL and TOS as the packet carried them (T-REFWA's RTT code is in the TOS byte; a SACK
  flow's ACKs show TOS 0, the bits satcc uses there being an internal tag);
- only the headers are captured (snap length), the length fields give the full size;
  checksums are computed over that (a zero payload adds nothing to them);
- a UDP flow's datagrams (`transport: udp`) are IPv4/UDP packets of their whole size
  (IP and UDP headers inside it, as ns-2 counts a UDP packet's size; at least 28 bytes),
  between the same ports.
"""

from __future__ import annotations

import struct
from pathlib import Path

MAGIC_NS = 0xA1B23C4D  # pcap with nanosecond timestamps
LINKTYPE_RAW = 101  # raw IPv4
RECEIVER_PORT = 5001
FIN, SYN, RST, PSH, ACK = 0x01, 0x02, 0x04, 0x08, 0x10


def node_ip(index: int) -> bytes:
    """The IPv4 address of the scenario's node `index`."""
    return struct.pack("!I", (10 << 24) + index + 1)


def _checksum(data: bytes) -> int:
    if len(data) % 2:
        data += b"\0"
    s = sum(struct.unpack(f"!{len(data) // 2}H", data))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return ~s & 0xFFFF


def _flow_settings(scenario: dict, summary: dict) -> list[dict]:
    """Per flow of the summary (in its order): src and dst node indexes, MSS, SYN."""
    from .schema import tcp_settings

    nodes = {n["name"]: i for i, n in enumerate(scenario["nodes"])}
    per_name = {}
    for i, f in enumerate(scenario["flows"]):
        tcp = tcp_settings(scenario, f)
        traffic = f.get("traffic") or {}
        if f.get("transport") == "ping":
            # a ping's request and reply sizes (the packets table counts a reply's as 0)
            tcp = {**tcp, "ping": (int(traffic.get("packet_size_bytes", 64)), int(traffic.get("reply_size_bytes", 64)))}
        base = f.get("name") or f"f{i}"
        count = f.get("count", 1)
        for k in range(count):
            per_name[f"{base}#{k}" if count > 1 else base] = tcp
    out = []
    for f in summary["flows"]:
        tcp = per_name[f["name"]]
        out.append({"src": nodes[f["src"]], "dst": nodes[f["dst"]], "mss": tcp["packet_size_bytes"],
                    "syn": bool(tcp["syn"]), "udp": f.get("transport") == "udp", "ping": tcp.get("ping")})
    return out


def _udp_packet(n: int, r: dict, src: bytes, dst: bytes, sport: int) -> tuple[bytes, int]:
    """(the IPv4 and UDP headers, the total length) of a UDP flow's datagram."""
    total = max(28, r["payload_bytes"])
    ip = bytearray(struct.pack("!BBHHHBBH4s4s", 0x45, r["tos"], total, n & 0xFFFF, 0x4000, r["ttl"], 17, 0, src, dst))
    ip[10:12] = struct.pack("!H", _checksum(bytes(ip)))
    udp = bytearray(struct.pack("!HHHH", sport, RECEIVER_PORT, total - 20, 0))
    pseudo = src + dst + struct.pack("!BBH", 0, 17, total - 20)
    udp[6:8] = struct.pack("!H", _checksum(pseudo + bytes(udp)) or 0xFFFF)
    return bytes(ip) + bytes(udp), total


def _icmp_packet(n: int, r: dict, src: bytes, dst: bytes, ident: int, sizes: tuple[int, int]) -> tuple[bytes, int]:
    """(the IPv4 and ICMP headers, the total length) of a ping flow's echo request (ICMP
    type 8) or reply (type 0, from the far end), the flow's number as its identifier and
    the request's number as its sequence number."""
    if r["ack"]:
        src, dst = dst, src
    total = max(28, sizes[1] if r["ack"] else sizes[0])
    ip = bytearray(struct.pack("!BBHHHBBH4s4s", 0x45, r["tos"], total, n & 0xFFFF, 0x4000, r["ttl"], 1, 0, src, dst))
    ip[10:12] = struct.pack("!H", _checksum(bytes(ip)))
    icmp = bytearray(struct.pack("!BBHHH", 0 if r["ack"] else 8, 0, 0, ident & 0xFFFF, r["seqno"] & 0xFFFF))
    # (the checksum over the header alone: the payload's bytes are not carried)
    icmp[2:4] = struct.pack("!H", _checksum(bytes(icmp)))
    return bytes(ip) + bytes(icmp), total


def _window_scale(max_bytes: int) -> int:
    s = 0
    while (max_bytes >> s) > 0xFFFF and s < 14:
        s += 1
    return s


def tcp_numbers(ack: bool, seqno: int, mss: int, syn: bool) -> tuple[int, int, int]:
    """(sequence number, acknowledgment number, flags) of a satcc packet; the flags
    without PSH, which only the packets table's `tcp_flags` knows."""
    first = 1 if syn else 0  # the first data segment's seqno
    if not ack:
        if syn and seqno == 0:
            return 0, 0, SYN
        return 1 + (seqno - first) * mss, 0, ACK
    acked = 1 + (seqno + 1 - first) * mss if seqno >= first else 1
    return 1, acked, (SYN | ACK) if syn and seqno == 0 else ACK


def write(result, link: str, path: str | Path) -> int:
    """Write the packets `result` captured on `link` ("A->B") to a pcap file; returns the
    number of packets written. The run must have captured it (monitor.capture)."""
    if result.packets is None or link not in (result.scenario.get("monitor") or {}).get("capture", []):
        raise ValueError(f"--pcap: the run did not capture {link!r} (monitor.capture)")
    flows = _flow_settings(result.scenario, result.summary)
    index = {f["name"]: i for i, f in enumerate(result.summary["flows"])}
    rows = [r for r in result.packets.to_pylist() if r["link"] == link]
    scale = {}
    for r in rows:
        if r["ack"] and not flows[index[r["flow"]]]["ping"]:
            i = index[r["flow"]]
            scale[i] = max(scale.get(i, 0), r["rwnd_pkts"] * flows[i]["mss"])
    scale = {i: _window_scale(b) for i, b in scale.items()}
    out = bytearray(struct.pack("<IHHiIII", MAGIC_NS, 2, 4, 0, 0, 0xFFFF, LINKTYPE_RAW))
    for n, r in enumerate(rows):
        i = index[r["flow"]]
        f = flows[i]
        ns = round(r["time_s"] * 1e9)
        if f["ping"]:
            header, total = _icmp_packet(n, r, node_ip(f["src"]), node_ip(f["dst"]), i, f["ping"])
            out += struct.pack("<IIII", ns // 1_000_000_000, ns % 1_000_000_000, len(header), total) + header
            continue
        if f["udp"]:
            header, total = _udp_packet(n, r, node_ip(f["src"]), node_ip(f["dst"]), 10000 + i)
            out += struct.pack("<IIII", ns // 1_000_000_000, ns % 1_000_000_000, len(header), total) + header
            continue
        seq, acked, flags = tcp_numbers(r["ack"], r["seqno"], f["mss"], f["syn"])
        flags = r.get("tcp_flags", flags)
        sport, dport = 10000 + i, RECEIVER_PORT
        src, dst = node_ip(f["src"]), node_ip(f["dst"])
        if r["ack"]:
            sport, dport, src, dst = dport, sport, dst, src
        shift = scale.get(i, 0)
        window = min(0xFFFF, (r["rwnd_pkts"] * f["mss"]) >> shift) if r["ack"] else 0xFFFF
        options = struct.pack("!BBBB", 1, 3, 3, shift) if flags & SYN else b""
        tcp_len = 20 + len(options)
        payload = r["payload_bytes"]
        total = 20 + tcp_len + payload
        ip = bytearray(struct.pack("!BBHHHBBH4s4s", 0x45, r["tos"], total, n & 0xFFFF, 0x4000, r["ttl"], 6, 0,
                                   src, dst))
        ip[10:12] = struct.pack("!H", _checksum(bytes(ip)))
        tcp = bytearray(struct.pack("!HHIIHHHH", sport, dport, seq & 0xFFFFFFFF, acked & 0xFFFFFFFF,
                                    (tcp_len // 4) << 12 | flags, window, 0, 0) + options)
        pseudo = src + dst + struct.pack("!BBH", 0, 6, tcp_len + payload)
        tcp[16:18] = struct.pack("!H", _checksum(pseudo + bytes(tcp)))
        header = bytes(ip) + bytes(tcp)
        out += struct.pack("<IIII", ns // 1_000_000_000, ns % 1_000_000_000, len(header), total) + header
    Path(path).write_bytes(bytes(out))
    return len(rows)
