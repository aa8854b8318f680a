"""ns-2 2.35 as a reference: export a scenario to an equivalent Tcl script, run it,
and read back the same metrics satcc reports.

Supported subset (what the papers' baselines need): DropTail, RED, PI, SFQ and DRR queues, packet
and bit error rates and ns-2's periodic, list and two-state error models, bulk (FTP), transfers of a given size (FTP's send), Pareto and
exponential ON/OFF (Application/Traffic/Pareto, /Exponential) and constant-bit-rate
(Application/Traffic/CBR) flows with Agent/TCP/Newreno or Agent/TCP/Reno and TCPSink
(or TCPSink/DelAck), UDP flows (`transport: udp`: Agent/UDP to Agent/LossMonitor, fed by
CBR, Pareto or Exponential), shortest-path routes, start times (an entry's `count` and
`start_jitter_s` written out as the run makes them: expand_flows). Anything else raises
ScenarioError, so a comparison never silently runs a different network. A scenario's
`ns2_rng_seed` is written as the first event at time 0 (`$defaultRNG seed`), so that
ns-2's RED and error-model draws are the ones satcc takes.

ns-2 is only needed to refresh reference numbers (``python -m satcc.ns2 refresh``)
and for ``satcc bench``; the committed numbers let CI compare without ns-2.
"""

from __future__ import annotations

import json
import math
import shutil
import subprocess
import tempfile
from pathlib import Path

from . import registry, schema
from .scenario import ScenarioError

# the transport's defaults as the scenario contract gives them (the Rust TcpConfig's)
TCP_DEFAULTS = schema.TCP_DEFAULTS
# satcc's ON/OFF traffic types and the ns-2 applications that generate them
ON_OFF_APPS = {"pareto": "Pareto", "exponential": "Exponential"}
# every source of its own (the agent is handed a packet per tick)
SOURCE_APPS = {**ON_OFF_APPS, "cbr": "CBR"}
# the sources a TCP agent may have: those, ns-2's Application/Telnet and its
# trace-driven Application/Traffic/Trace
TCP_SOURCES = (*SOURCE_APPS, "telnet", "trace")
# ns-2's Agent/UDP (and every Agent's) ttl_
UDP_TTL = 32


is_udp = schema.is_udp
is_tcp = schema.is_tcp
# scheme settings with an ns-2 variable of the same meaning on the controller's agent
NS2_SETTINGS = {"vegas_alpha": "v_alpha_", "vegas_beta": "v_beta_", "vegas_gamma": "v_gamma_"}
# ns-2's windowOption_ values satcc models, as `tcp.window_increase` (7 aborts ns-2)
WINDOW_OPTIONS = {0: "counted", 1: "fractional", 2: "rtt_squared", 3: "average_squared", 4: "average", 5: "rtt",
                  6: "binomial", 8: "highspeed"}
# HighSpeed TCP's variables (ns-2 reads them with windowOption_ 8): ns-2's name, the
# `tcp` key, ns-2's default
HIGHSPEED_VARS = (("low_window_", "highspeed_low_window", 38), ("high_window_", "highspeed_high_window", 83000),
                  ("high_p_", "highspeed_high_p", 0.0000001), ("high_decrease_", "highspeed_high_decrease", 0.1),
                  ("cwnd_range_", "highspeed_cwnd_range", 0))
# every window rule's variables: ns-2's name, the `tcp` key, ns-2's default, the
# windowOption_ values that read it
WINDOW_VARS = (("windowConstant_", "window_constant", 4.0, (2, 3, 4, 5)),
               ("windowThresh_", "window_average_gain", 0.002, (3, 4)),
               ("k_parameter_", "binomial_k", 0.0, (6,)), ("l_parameter_", "binomial_l", 1.0, (6,)),
               *((var, key, default, (8,)) for var, key, default in HIGHSPEED_VARS))
# a TCP table's keys of the window rules beyond windowOption_ 0 and 1: the rule and its settings
WINDOW_RULE_KEYS = ("window_increase", *(key for _, key, _, _ in WINDOW_VARS))


# ns-2 2.35's random number generator (tools/rng.cc, L'Ecuyer's MRG32k3a as RngStream,
# without increased precision): `$defaultRNG seed S` sets all six state words to S, and
# each draw is one step of both components. Used to know the RTT clock phase ns-2 gives
# each sender (boot_time_) when the script seeds the generator before the agent's reset.
_M1, _M2 = 4294967087.0, 4294944443.0
_NORM = 1.0 / (_M1 + 1.0)
_A12, _A13N, _A21, _A23N = 1403580.0, 810728.0, 527612.0, 1370589.0


class Ns2Rng:
    """ns-2's generator after `$rng seed <seed>`; `u01()` is its next uniform draw."""

    def __init__(self, seed: int):
        if not 0 < seed < 2**31 - 1:
            raise ValueError(f"ns-2 RNG seed: must be in [1, {2**31 - 2}], got {seed}")
        self.c = [float(seed)] * 6

    def u01(self) -> float:
        c = self.c
        p1 = _A12 * c[1] - _A13N * c[0]
        p1 -= int(p1 / _M1) * _M1
        if p1 < 0.0:
            p1 += _M1
        c[0], c[1], c[2] = c[1], c[2], p1
        p2 = _A21 * c[5] - _A23N * c[3]
        p2 -= int(p2 / _M2) * _M2
        if p2 < 0.0:
            p2 += _M2
        c[3], c[4], c[5] = c[4], c[5], p2
        return (p1 - p2) * _NORM if p1 > p2 else (p1 - p2 + _M1) * _NORM


# The script reseeds ns-2's generator just before each TCP agent's reset at `$ns run`
# (which draws boot_time_ = uniform(tcpTick_)), and discards a few draws first: from
# seeds whose six words are all equal, the first draws of neighbouring seeds are
# nearly equal (one step multiplies the seed by about 1e6 modulo 2^32).
_TICK_PHASE_DISCARDS = 3


def tick_phase_seed(ns2_seed: int, flow_index: int) -> int:
    """The generator seed to_tcl sets before flow `flow_index`'s agent draws its phase."""
    return 1 + (ns2_seed * 1_000_003 + flow_index) % (2**31 - 3)


def ns2_tick_phase(seed: int, tick_s: float) -> float:
    """The RTT clock phase (boot_time_) an agent with tcpTick_ `tick_s` draws right after
    the generator is seeded with `seed` and `_TICK_PHASE_DISCARDS` draws discarded."""
    rng = Ns2Rng(seed)
    for _ in range(_TICK_PHASE_DISCARDS):
        rng.u01()
    return tick_s * rng.u01()


def pin_tick_phases(sc: dict, ns2_seed: int = 1) -> dict:
    """A copy of scenario `sc` whose senders' RTT clock phases (tcp.tick_phase_s) are the
    ones ns-2 gives them in `to_tcl(sc, ns2_seed)`: with them the two simulators time
    every RTT sample alike, and a deterministic network (DropTail, no errors, no send
    overhead) runs the same in both, timeouts included. Without them each simulator
    draws its own phases and runs part at the first timeout that fires in one only."""
    out = json.loads(json.dumps(sc))
    for i, f in enumerate(out["flows"]):
        if not is_tcp(f):
            continue  # no TCP, no RTT clock
        if schema.tcp_settings(out, f).get("tick_phase_at_start"):
            continue  # drawn as it starts (its reset then), from the run's draws
        tick = schema.tcp_settings(out, f)["tick_s"]
        f["tcp"] = {**(f.get("tcp") or {}), "tick_phase_s": ns2_tick_phase(tick_phase_seed(ns2_seed, i), tick)}
    return out


def expand_flows(sc: dict) -> dict:
    """Scenario `sc` with each flow entry written out as the flows a satcc run makes of
    it, in the run's order: an entry with `count` n as n flows named `name#0` ..., each
    with the start time the run draws for it (`start_s` + U(0, `start_jitter_s`) from
    the run's seed), and every flow named as the run names it. The ns-2 export writes one
    agent per flow, so ns-2's flow k is satcc's flow k. Each flow remembers its entry
    (`_entry`): a pinned RTT clock phase (pin_tick_phases) is an entry's, shared by its
    copies, and the script draws it so for each. `sc` itself is returned when no entry
    has a count or a start jitter; the result is for export (its names may hold '#',
    which a scenario's names may not)."""
    flows = sc["flows"]
    if not any(f.get("count", 1) != 1 or f.get("start_jitter_s", 0) for f in flows):
        return sc
    from . import _core
    try:
        copies = _core.flow_copies_json(json.dumps(sc))
    except ValueError as e:
        raise ScenarioError(str(e)) from None
    out = dict(sc)
    out["flows"] = [{**{k: v for k, v in flows[entry].items() if k not in ("count", "start_jitter_s")},
                     "name": name, "start_s": start, "_entry": entry}
                    for entry, name, start in copies]
    return out


def _error_draws(err: dict) -> bool:
    """Whether an error model draws at random (ns-2's Periodic and List models, and a
    two-state model of constant lengths, do not)."""
    if err["type"] in ("periodic", "list"):
        return False
    if err["type"] == "two_state":
        return any(err[s]["type"] != "constant" for s in ("good", "bad"))
    return True


def own_draws(sc: dict) -> list[str]:
    """What in `sc` draws at random from satcc's own streams, not from ns-2's generator:
    with `ns2_rng_seed` unset, RED's, PI's and REM's early drops, the error models, the ON/OFF sources,
    CBR's random gaps, the Telnet sources' gaps and the send overheads (empty when it is set, or nothing draws).
    Those parts run alike in law only, not packet for packet."""
    if sc.get("ns2_rng_seed") is not None:
        return []
    out = []
    for l in sc["links"]:
        for side in (l, l.get("a_to_b") or {}, l.get("b_to_a") or {}):
            if (side.get("queue") or {}).get("type") == "red" and "RED queues" not in out:
                out.append("RED queues")
            if (side.get("queue") or {}).get("type") == "pi" and "PI queues" not in out:
                out.append("PI queues")
            if (side.get("queue") or {}).get("type") == "rem" and "REM queues" not in out:
                out.append("REM queues")
            if side.get("error") and _error_draws(side["error"]) and "error models" not in out:
                out.append("error models")
    for f in sc["flows"]:
        t = (f.get("traffic") or {})
        if t.get("type") in ON_OFF_APPS and "ON/OFF sources" not in out:
            out.append("ON/OFF sources")
        if t.get("type") == "cbr" and t.get("random") and "CBR's random gaps" not in out:
            out.append("CBR's random gaps")
        if t.get("type") == "telnet" and "Telnet sources" not in out:
            out.append("Telnet sources")
        if is_tcp(f) and schema.tcp_settings(sc, f)["send_overhead_s"] and "send overheads" not in out:
            out.append("send overheads")
    return out


def available() -> bool:
    return shutil.which("ns") is not None


def _tcl_json(text: str) -> str:
    """Text as it goes inside a JSON string inside a Tcl double-quoted string: JSON's
    escapes, then a backslash before each character Tcl would substitute or end on."""
    body = json.dumps(text)[1:-1]
    return "".join("\\" + c if c in '\\"$[]{}' else c for c in body)


def _tcl_comment(text: str) -> str:
    """Text safe in a Tcl comment at the end of a line (one line, no substitution)."""
    return "".join(c if c.isprintable() and c not in "\\[]{}$;" else "?" for c in text)


def _detach_tcl(f: dict, nid: dict, agent: str, sink: str) -> list[str]:
    """A flow's agents taken off their hosts (src_detach_s, dst_detach_s) as ns-2's
    `$ns detach-agent`."""
    return [f"$ns at {float(f[key])!r} \"$ns detach-agent $n({nid[f[end]]}) ${h}\""
            for key, end, h in (("src_detach_s", "src", agent), ("dst_detach_s", "dst", sink))
            if f.get(key) is not None]


def _unsupported(what: str):
    raise ScenarioError(f"ns-2 export: {what} is not supported")


# ns-2 holds a queue's limit (qlim_, and qlim_ x mean_pktsize_ in bytes) in a C int
_NS2_INT_MAX = 2**31 - 1


def _largest_packet(sc: dict) -> int:
    """The largest packet any flow of `sc` puts on a link, bytes on the wire: a TCP
    flow's segment with its headers (or bare), a UDP flow's datagram (satcc.dev.ns2exact
    draws byte limits above it)."""
    sizes = [40]
    for f in sc["flows"]:
        if f.get("transport") == "ping":
            t = f["traffic"]
            sizes += [int(t.get("packet_size_bytes", 64)), int(t.get("reply_size_bytes", 64))]
        elif is_udp(f):
            sizes.append(min(_largest_message(f["traffic"]), int(f.get("max_datagram_bytes") or 1 << 31)))
        else:
            t = schema.tcp_settings(sc, f)
            sizes.append(int(t["packet_size_bytes"]) + (int(t["header_bytes"]) if t["use_headers"] else 0))
    return max(sizes)


def _error_modules_tcl(module: list[dict], link_tcl: str, n: int, fids_of: dict[str, list[int]]) -> list[str]:
    """The Tcl of a link direction's ErrorModules (`error_module`, or an `error` with
    `error_flows`), its models numbered from `$em(n)`: each module placed at the link's
    head before those placed earlier (so the last placed, module 0, is the first a packet
    meets), each model bound to its flows' ids (each agent's id its index) or the
    module's default, marking (markecn_) or holding (delay_pkt_) what it picks; with no
    default model the other flows pass."""
    out: list[str] = []
    for stage in sorted({e.get("module", 0) for e in module}, reverse=True):
        models = [e for e in module if e.get("module", 0) == stage]
        m0, default = n, None
        for k, e in enumerate(models):
            out += _error_model_tcl(e["error"], n + k)
            action = e.get("action", "drop")
            if action == "mark":
                out.append(f"$em({n + k}) set markecn_ true")
            elif action == "delay":
                out += [f"$em({n + k}) set delay_pkt_ true", f"$em({n + k}) set delay_ {float(e['delay_ms']) / 1000.0!r}"]
        out += [f"set emod({m0}) [new ErrorModule Fid]", f"{link_tcl} errormodule $emod({m0})"]
        for k, e in enumerate(models):
            out.append(f"$emod({m0}) insert $em({n + k})")
            if e.get("flows") is None:
                default = n + k
            else:
                out += [f"$emod({m0}) bind $em({n + k}) {fid}" for name in e["flows"] for fid in fids_of[name]]
        if default is not None:
            # ns-2's default finds the model by its classifier slot, which only a bind
            # makes: bound to flow id -1, which no agent has
            out.append(f"$emod({m0}) bind $em({default}) -1")
        out.append(f"$emod({m0}) default " + ("pass" if default is None else f"$em({default})"))
        n += len(models)
    return out


def _error_model_tcl(err: dict, n: int) -> list[str]:
    """The Tcl that makes the error model `err` (a scenario's `error`) as ns-2's object
    `$em(n)`, before the link places it."""
    em = f"em({n})"
    t = err["type"]
    if t in ("per", "ber"):
        if t == "per":
            unit, rate_ = "pkt", err["per"]
        else:
            # ns-2's `unit bit` (CorruptBit) counts bit errors against FEC tables
            # built from datapktsize/cntrlpktsize and, those unset, loses nothing;
            # `unit byte` loses a packet of n bytes with 1 - (1 - rate_)^n, which
            # is satcc's 1 - (1 - ber)^(8n) with rate_ the byte error rate
            unit, rate_ = "byte", -math.expm1(8.0 * math.log1p(-float(err["ber"])))
        return [f"set {em} [new ErrorModel]", f"${em} unit {unit}", f"${em} set rate_ {rate_!r}",
                f"${em} ranvar [new RandomVariable/Uniform]"]
    unit = err.get("unit", "pkt")
    if t == "periodic":
        return [f"set {em} [new ErrorModel/Periodic]", f"${em} unit {unit}",
                f"${em} set period_ {float(err['period'])!r}", f"${em} set offset_ {float(err.get('offset', 0.0))!r}",
                f"${em} set burstlen_ {float(err.get('burst_len', 0.0))!r}",
                f"${em} set default_drop_ {int(bool(err.get('default_drop', False)))}"]
    if t == "list":
        # ns-2 sorts the list itself (parse_droplist)
        return [f"set {em} [new ErrorModel/List]", f"${em} unit {unit}",
                f"${em} droplist {{{' '.join(str(int(n)) for n in err['drops'])}}}"]
    if t == "two_state":
        # ErrorModel/TwoState's init takes the two RandomVariables (their draws from
        # ns-2's default generator) and the unit
        out = []
        for i, side in enumerate(("good", "bad")):
            out += _ranvar_tcl(f"emrv({n},{i})", err[side])
        return out + [f"set {em} [new ErrorModel/TwoState $emrv({n},0) $emrv({n},1) {unit}]"]
    _unsupported("the Gilbert-Elliott error model")


def _ranvar_tcl(var: str, law: dict) -> list[str]:
    """Tcl variable `var` made an ns-2 RandomVariable of `law` (a scenario's LawSpec:
    exponential, uniform or constant), drawing from ns-2's default generator."""
    cls = {"exponential": "Exponential", "uniform": "Uniform", "constant": "Constant"}[law["type"]]
    sets = {"exponential": [("avg_", "mean")], "uniform": [("min_", "min"), ("max_", "max")],
            "constant": [("val_", "value")]}[law["type"]]
    return [f"set {var} [new RandomVariable/{cls}]"] + [f"${var} set {v} {float(law[k])!r}" for v, k in sets]


def _fq_tcl(fq_dirs: list[tuple[int, int, int, str]], n_flows: int) -> tuple[list[str], list[str]]:
    """What ns-2's FQ links need once every link is made: their flows' queues are
    Queue/DropTails made during the run with the class's limit_ (one limit for every FQ
    link), flow ids below 32 (agent k's fid_ is k), and a trace on each FQ link (FQLink's
    new-flow gives its flows' queues the link's drop trace; made after the queue
    monitors, so that their drop snoop sees those drops, as satcc counts them)."""
    if not fq_dirs:
        return [], []
    limits = {lim for _, _, lim, _ in fq_dirs}
    if len(limits) > 1:
        _unsupported(f"{fq_dirs[0][3]}: fq queues of different limit_pkts in one scenario ({sorted(limits)}: ns-2's "
                     "FQ links make their flows' queues with the one class limit_)")
    if n_flows > 32:
        _unsupported(f"{fq_dirs[0][3]}: an fq queue with {n_flows} flows (ns-2's FQ keeps 32 flow ids, 0 to 31)")
    before = ["set satcc_fq_trace [open /dev/null w]", f"Queue/DropTail set limit_ {limits.pop()}"]
    # (placed after the queue monitors by the caller)
    return before, [f"$ns trace-queue $n({a}) $n({b}) $satcc_fq_trace" for a, b, _, _ in fq_dirs]


def _queue_tcl(q: dict | None, a: str, b: str, ecn_lines: bool = False, where: str = "queue") -> list[str]:
    """A link direction and its queue; with `ecn_lines` (a scenario where some RED queue
    marks), every RED queue also sets setbit_ and mark_p_, which are class defaults that
    the next queue would otherwise inherit.

    A DropTail limit goes to ns-2 as it is: both check it for a packet reaching an idle
    link too (net/queue.rs), so a limit of 1 packet, or a byte limit no larger than a
    packet, drops every such packet in both. A byte limit L is ns-2's queue_in_bytes_
    with qlim_ L and mean_pktsize_ 1 (the limit is their product), set on that queue
    alone."""
    q = q or {"type": "droptail", "limit_pkts": 50}
    if q["type"] == "droptail":
        pkts, nbytes = q.get("limit_pkts"), q.get("limit_bytes")
        if pkts is not None and nbytes is not None:
            _unsupported(f"{where}: a DropTail queue limited in both packets and bytes "
                         "(ns-2's DropTail counts one or the other: queue_in_bytes_)")
        link = [f"$ns simplex-link $n({a}) $n({b}) @RATE@ @DELAY@ DropTail"]
        if q.get("drop_front"):
            link.append(f"[[$ns link $n({a}) $n({b})] queue] set drop_front_ true")
        if nbytes is None:
            pkts = 50 if pkts is None else int(pkts)
            return link + [f"$ns queue-limit $n({a}) $n({b}) {pkts}"]
        nbytes = int(nbytes)
        if nbytes > _NS2_INT_MAX:
            _unsupported(f"{where}.limit_bytes above {_NS2_INT_MAX} (ns-2 holds the limit in a C int)")
        return link + [
            f"$ns queue-limit $n({a}) $n({b}) {nbytes}",
            f"[[$ns link $n({a}) $n({b})] queue] set queue_in_bytes_ true",
            f"[[$ns link $n({a}) $n({b})] queue] set mean_pktsize_ 1",
        ]
    if q["type"] == "pi":
        # ns-2's Queue/PI, its settings on this queue alone (qlim_ from queue-limit)
        queue = f"[[$ns link $n({a}) $n({b})] queue]"
        sets = [("a_", float(q.get("a", 1.822e-5))), ("b_", float(q.get("b", 1.816e-5))),
                ("w_", float(q.get("w_hz", 170.0))), ("qref_", float(q.get("qref_pkts", 50.0))),
                ("mean_pktsize_", int(q.get("mean_pkt_bytes", 500))),
                ("queue_in_bytes_", str(bool(q.get("queue_in_bytes", False))).lower()),
                ("bytes_", str(bool(q.get("byte_mode", False))).lower()),
                ("setbit_", str(bool(q.get("ecn", False))).lower())]
        return [f"$ns simplex-link $n({a}) $n({b}) @RATE@ @DELAY@ PI",
                f"$ns queue-limit $n({a}) $n({b}) {int(q.get('limit_pkts', 50))}",
                *(f"{queue} set {var} {val!r}" if isinstance(val, float) else f"{queue} set {var} {val}"
                  for var, val in sets)]
    if q["type"] == "rem":
        # ns-2's Queue/REM, dropping or marking, its settings on this queue alone (qlim_
        # from queue-limit; the link's packets a second computed again from mean_pktsize_
        # when `$ns run` resets the queue)
        queue = f"[[$ns link $n({a}) $n({b})] queue]"
        sets = [("gamma_", float(q.get("gamma", 0.001))), ("phi_", float(q.get("phi", 1.001))),
                ("inw_", float(q.get("inw", 1.0))), ("pupdtime_", float(q.get("update_interval_s", 0.002))),
                ("pbo_", float(q.get("b0_pkts", 20.0))), ("mean_pktsize_", int(q.get("mean_pkt_bytes", 1000))),
                ("qib_", str(bool(q.get("queue_in_bytes", False))).lower()),
                ("markpkts_", str(bool(q.get("ecn", False))).lower())]
        return [f"$ns simplex-link $n({a}) $n({b}) @RATE@ @DELAY@ REM",
                f"$ns queue-limit $n({a}) $n({b}) {int(q.get('limit_pkts', 50))}",
                *(f"{queue} set {var} {val!r}" if isinstance(val, float) else f"{queue} set {var} {val}"
                  for var, val in sets)]
    if q["type"] == "fq":
        # an FQLink: its flows' queues, their limit and its trace follow (_fq_tcl)
        return [f"$ns simplex-link $n({a}) $n({b}) @RATE@ @DELAY@ FQ"]
    if q["type"] in ("sfq", "drr"):
        # ns-2's fair schedulers read their own buffer settings (maxqueue_, blimit_), not
        # the limit_ that `$ns queue-limit` sets; set on this queue alone
        queue = f"[[$ns link $n({a}) $n({b})] queue]"
        if q["type"] == "sfq":
            sets = [("maxqueue_", int(q.get("limit_pkts", 40))), ("buckets_", int(q.get("buckets", 16)))]
        else:
            nbytes = int(q.get("limit_bytes", 25000))
            if nbytes > _NS2_INT_MAX:
                _unsupported(f"{where}.limit_bytes above {_NS2_INT_MAX} (ns-2's DRR holds blimit_ in a C int)")
            sets = [("blimit_", nbytes), ("quantum_", int(q.get("quantum_bytes", 250))),
                    ("buckets_", int(q.get("buckets", 10))), ("mask_", int(bool(q.get("mask", False))))]
        kind = "SFQ" if q["type"] == "sfq" else "DRR"
        return [f"$ns simplex-link $n({a}) $n({b}) @RATE@ @DELAY@ {kind}",
                *(f"{queue} set {var} {val}" for var, val in sets)]
    if q.get("queue_in_bytes") and int(q["limit_pkts"]) * int(q.get("mean_pkt_bytes", 1000)) > _NS2_INT_MAX:
        _unsupported(f"{where}: limit_pkts x mean_pkt_bytes above {_NS2_INT_MAX} with queue_in_bytes (ns-2's RED "
                     "holds the byte limit in a C int)")
    return [
        f"Queue/RED set thresh_ {q.get('min_th_pkts', 5.0)}",
        f"Queue/RED set maxthresh_ {q.get('max_th_pkts', 15.0)}",
        f"Queue/RED set q_weight_ {q.get('w_q', 0.002)}",
        f"Queue/RED set linterm_ {1.0 / q.get('max_p', 0.1)}",
        f"Queue/RED set gentle_ {str(q.get('gentle', True)).lower()}",
        f"Queue/RED set wait_ {str(q.get('wait', True)).lower()}",
        f"Queue/RED set queue_in_bytes_ {str(q.get('queue_in_bytes', False)).lower()}",
        f"Queue/RED set bytes_ {str(q.get('byte_mode', False)).lower()}",
        f"Queue/RED set mean_pktsize_ {q.get('mean_pkt_bytes', 1000)}",
        # ECN: early drops of ECN-capable packets become marks below mark_p_
        *([f"Queue/RED set setbit_ {str(q.get('ecn', False)).lower()}",
           f"Queue/RED set mark_p_ {float(q.get('mark_p', 0.1))!r}"] if ecn_lines else []),
        f"$ns simplex-link $n({a}) $n({b}) @RATE@ @DELAY@ RED",
        f"$ns queue-limit $n({a}) $n({b}) {q['limit_pkts']}",
        # Adaptive RED: this queue's own (read from the run's start, bottom_ 0 automatic)
        *([f"[[$ns link $n({a}) $n({b})] queue] set {var} {val!r}" for var, val in (
            ("adaptive_", 1), ("alpha_", float(ad.get("alpha", 0.01))), ("beta_", float(ad.get("beta", 0.9))),
            ("interval_", float(ad.get("interval_s", 0.5))), ("top_", float(ad.get("top", 0.5))),
            ("bottom_", float(ad.get("bottom") or 0.0)))] if (ad := q.get("adaptive")) is not None else []),
        *([f"[[$ns link $n({a}) $n({b})] queue] set feng_adaptive_ 1"]
          if (q.get("adaptive") or {}).get("variant") == "feng" else []),
        # ns-2's cautious_ (1 skip, 2 scale, 3 idle with idle_pktsize_)
        *([f"[[$ns link $n({a}) $n({b})] queue] set cautious_ {_RED_CAUTIOUS[q['cautious']]}"]
          if q.get("cautious", "none") != "none" else []),
        *([f"[[$ns link $n({a}) $n({b})] queue] set idle_pktsize_ {int(q['idle_pkt_bytes'])}"]
          if q.get("idle_pkt_bytes") is not None else []),
        # which packet a forced drop takes: this queue's own drop_front_ or drop_rand_
        *([f"[[$ns link $n({a}) $n({b})] queue] set {_RED_VICTIM_VARS[victim]} true"]
          if (victim := q.get("forced_drop", "tail")) != "tail" else []),
        # forced drops above max_th, marks whatever mark_p_: this queue's own use_mark_p_
        *([f"[[$ns link $n({a}) $n({b})] queue] set use_mark_p_ false"] if q.get("use_mark_p", True) is False else []),
        # forced drops that leave the count as it is: this queue's own ns1_compat_
        *([f"[[$ns link $n({a}) $n({b})] queue] set ns1_compat_ true"]
          if q.get("forced_drop_restarts_count", True) is False else []),
    ]


# a RED queue's cautious as ns-2's cautious_
_RED_CAUTIOUS = {"skip": 1, "scale": 2, "idle": 3}

# a RED queue's forced_drop as ns-2's REDQueue::pickPacketToDrop reads it
_RED_VICTIM_VARS = {"front": "drop_front_", "random": "drop_rand_"}


def to_tcl(sc: dict, ns2_seed: int = 1, sample_acks: bool = False, trace_drops: str | None = None,
           sack1: bool = False) -> str:
    """An ns-2 script equivalent to scenario dict `sc`; it prints one JSON line.

    A flow with `tcp.sack` and `tcp.sack_agent: sack1` (and a Reno or NewReno controller)
    runs as ns-2's Agent/TCP/Sack1 with an Agent/TCPSink/Sack1 (/DelAck) sink, the agents
    satcc's `sack1` models, so the two runs agree packet for packet (satcc.dev.ns2exact);
    one with `sack_agent: fack` as ns-2's Agent/TCP/Fack with the same sinks.
    `tcp.sink_sack` pairs a sender with the other sink (a Sack1 or Fack agent with an
    Agent/TCPSink, a Reno or NewReno agent with a Sack1 sink), as ns-2 scripts may.
    With `sack1`, a flow with satcc's own SACK (`sack_agent: rfc6675`) is exported so too.
    That is not its SACK recovery (RFC 6675's pipe from the scoreboard, where Sack1 counts
    its pipe per ACK and per send), so the two agree in aggregate, not packet for packet:
    for statistical comparisons (satcc.dev.difftest) only.

    With `sample_acks`, it also prints, every `sample_interval_s` of the scenario, a
    line "S <time> <ack_ of flow 0> <ack_ of flow 1> ..." (each sender's highest
    cumulative ACK); `run_tcl` returns those rows as raw["samples"].

    With `trace_drops` (a link "a->b"), it traces that link's queue to the file
    queue.tr; `run_tcl` returns its data-packet drops as raw["drops"], rows of
    [time_s, flow index, seqno] in the order ns-2 dropped them (seqno None for an
    ON/OFF source's packets: ns-2's trace gives them no TCP seqno)."""
    if "constellation" in sc:
        raise ValueError("ns-2 export: a moving constellation has no ns-2 form (ns-2 has no moving links); "
                         "its paths can be checked with satcc paths")
    for i, f in enumerate(sc["flows"]):
        if is_tcp(f) and schema.tcp_settings(sc, f)["stack"] != "ns2":
            _unsupported(f"flows[{i}]: tcp.stack = linux (ns-2 2.35's agents are ns-2's TCP; "
                         "satcc's Linux stack is checked against Linux itself, docs/cubic-bbr.md)")
    if sc.get("schemes"):
        kinds = sorted({str(x.get("type")) for x in sc["schemes"] if isinstance(x, dict)})
        _unsupported(f"schemes ({', '.join(kinds)}; ns-2 2.35 has no router feedback schemes: compare the "
                     "network without them)")
    entries = sc["flows"]
    sc = expand_flows(sc)
    # each agent's flow id (its index) by the name of its scenario entry, for error models
    # that see some flows only (an ErrorModule binding them)
    fids_of: dict[str, list[int]] = {}
    for k, f in enumerate(sc["flows"]):
        e = f.get("_entry", k)
        fids_of.setdefault(entries[e].get("name") or f"f{e}", []).append(k)
    if sc.get("monitor", {}).get("links") is None:
        monitored = [f"{l['a']}->{l['b']}" for l in sc["links"]] + [f"{l['b']}->{l['a']}" for l in sc["links"]]
    else:
        monitored = list(sc["monitor"]["links"])
    base_tcp = {**TCP_DEFAULTS, **(sc.get("tcp") or {})}
    out = [
        "# generated by satcc.ns2.to_tcl from scenario " + json.dumps(sc.get("name", "scenario")),
        "set ns [new Simulator]",
        "global defaultRNG",
        f"$defaultRNG seed {ns2_seed}",
    ]
    if sc.get("routing", "static") == "session":
        # every route computed again whenever links fail or come back (routing: session)
        out.append("$ns rtproto Session")
    elif sc.get("routing", "static") == "dv":
        # each node's distance-vector agent (routing: dv)
        out.append("$ns rtproto DV")
    if sc.get("ns2_rng_seed") is not None:
        # the first event at time 0 (before any start): from here on every draw (RED's
        # early drops, the error models) is the one satcc takes from the same generator
        skip = int(sc.get("ns2_rng_skip", 0))
        # (ns2_rng_skip: the draws the generator had made by then, taken again here)
        draws = f"; for {{set i 0}} {{\\$i < {skip}}} {{incr i}} {{ $defaultRNG next-random }}" if skip else ""
        out.append(f"$ns at 0.0 \"$defaultRNG seed {int(sc['ns2_rng_seed'])}{draws}\"")
    # nodes are Tcl array entries by number: no name the user wrote is ever Tcl code
    nid = {n["name"]: i for i, n in enumerate(sc["nodes"])}
    for i, n in enumerate(sc["nodes"]):
        out.append(f"set n({i}) [$ns node]  ;# {_tcl_comment(n['name'])}")
    pinned = _pinned_tick_phases(sc, base_tcp, ns2_seed)
    if pinned:
        # every TCP agent is reset when the run starts (Node reset), and its reset draws
        # boot_time_: seed the generator first with the flow's own seed (see
        # pin_tick_phases); the agent's fid_ is its flow's index
        entries = [f.get("_entry", i) for i, f in enumerate(sc["flows"])]
        # an entry's copies share its phase: each draws with its entry's seed
        entry = ("[$self set fid_]" if entries == list(range(len(entries)))
                 else f"[lindex {{{' '.join(map(str, entries))}}} [$self set fid_]]")
        seeding = [
            f"  $defaultRNG seed [expr {{1 + ({ns2_seed} * 1000003 + {entry}) % {2**31 - 3}}}]",
            f"  for {{set i 0}} {{$i < {_TICK_PHASE_DISCARDS}}} {{incr i}} {{ $defaultRNG next-random }}",
        ]
        if any(is_tcp(f) and _at_start_reset(base_tcp, f) for f in sc["flows"]):
            # a reset just before a flow's start (tick_phase_at_start) draws from the
            # run's generator as it is then: only the reset of `$ns run` is seeded
            seeding = ["  $self instvar satcc_run_reset_",
                       "  if {![info exists satcc_run_reset_]} {",
                       "    set satcc_run_reset_ 1",
                       *["  " + x for x in seeding],
                       "  }"]
        out += ["Agent/TCP instproc reset {} {", "  global defaultRNG", *seeding, "  $self cmd reset", "}"]
    n_err = 0
    # whether some RED queue marks (ECN): then every RED queue says whether it does
    ecn_queues = any((q or {}).get("ecn") for l in sc["links"]
                     for q in (l.get("queue"), l.get("a_to_b", {}).get("queue"), l.get("b_to_a", {}).get("queue")))
    # scheduled rate changes, in the order satcc files them (after the flows' starts and
    # stops, link by link, each direction's by time): ns-2 runs `$ns at` commands due
    # at the same time in the order they were written
    rate_lines: list[str] = []
    delay_lines: list[str] = []
    limit_lines: list[str] = []
    block_lines: list[str] = []
    n_delayers = 0
    fq_dirs: list[tuple[int, int, int, str]] = []
    for li, l in enumerate(sc["links"]):
        for a, b, d, side in ((l["a"], l["b"], l.get("a_to_b", {}), "a_to_b"),
                              (l["b"], l["a"], l.get("b_to_a", {}), "b_to_a")):
            changes = d["rate_changes"] if d.get("rate_changes") is not None else l.get("rate_changes") or []
            # a waiting packet's transmission time is set when it starts, from the link's
            # bandwidth_ then (LinkDelay::recv), as satcc times it (net/link.rs, set_rate)
            rate_lines += [f"$ns at {float(c['at_s'])!r} \"[[$ns link $n({nid[a]}) $n({nid[b]})] link] "
                           f"set bandwidth_ {float(c['rate_bps'])!r}\""
                           for c in sorted(changes, key=lambda c: float(c["at_s"]))]
            steps = d["delay_changes"] if d.get("delay_changes") is not None else l.get("delay_changes") or []
            # a delay step is delay_ set on a LinkDelay that keeps packets in order
            # (avoidReordering_, from the start), as satcc's links with steps run
            # (net/link.rs, set_delay_step), or, with `delay_changes_in_order: false`,
            # one as it comes (set_delay_overtaking); in the order satcc files them,
            # after the rate changes
            delay_lines += [f"$ns at {float(c['at_s'])!r} \"[[$ns link $n({nid[a]}) $n({nid[b]})] link] "
                            f"set delay_ {float(c['delay_ms']) / 1000.0!r}\"" for c in steps]
            # a buffer limit change is `$ns queue-limit` in an `$ns at` (limit_, read at
            # each arrival: DropTail's in bytes times its mean_pktsize_ 1, RED's in packets),
            # after the delay steps
            for c in d["limit_changes"] if d.get("limit_changes") is not None else l.get("limit_changes") or []:
                n = int(c.get("limit_bytes") or c["limit_pkts"])
                limit_lines.append(f"$ns at {float(c['at_s'])!r} \"$ns queue-limit $n({nid[a]}) $n({nid[b]}) {n}\"")
            if l.get("jitter_ms"):
                _unsupported("jitter_ms")
            if d.get("outages") is not None and d["outages"] != l.get("outages", []):
                _unsupported(f"links[{li}].{side}.outages (ns-2's rtmodel-at takes both directions of a link down: "
                             "give the link's outages)")
            rate = d.get("rate_bps", l["rate_bps"])
            delay = d.get("delay_ms", l["delay_ms"]) / 1000.0
            where = f"links[{li}].{side}.queue" if "queue" in d else f"links[{li}].queue"
            for line in _queue_tcl(d.get("queue", l.get("queue")), nid[a], nid[b], ecn_queues, where):
                out.append(line.replace("@RATE@", repr(float(rate))).replace("@DELAY@", repr(float(delay))))
            dl = d.get("delayer", l.get("delayer"))
            if dl is not None:
                # ns-2's Delayer after the queue (before the queue monitors, which then
                # count a departure as the queue hands the packet over); a block at 0 s
                # is given before the run, the others as `$ns at` after the limit changes
                k = n_delayers
                n_delayers += 1
                out += [f"set dly({k}) [new Delayer]", f"$ns insert-delayer $n({nid[a]}) $n({nid[b]}) $dly({k})"]
                if dl.get("spikes"):
                    _unsupported(f"{where.rsplit('.', 1)[0]}.delayer.spikes (ns-2 draws the first spike's time itself "
                                 "when the script gives `spike`, where the scenario gives first_at_s)")
                if dl.get("alloc"):
                    # its laws as ns-2's random variables, drawing from its default generator
                    for key in ("idle", "delay"):
                        out += _ranvar_tcl(f"dlyrv({k},{key})", dl["alloc"][key])
                    out.append(f"$dly({k}) alloc $dlyrv({k},idle) $dlyrv({k},delay)")
                for blk in dl.get("blocks", []):
                    if float(blk["at_s"]) == 0.0:
                        out.append(f"$dly({k}) block")
                    else:
                        block_lines.append(f"$ns at {float(blk['at_s'])!r} \"$dly({k}) block\"")
                    if blk.get("until_s") is not None:
                        block_lines.append(f"$ns at {float(blk['until_s'])!r} \"$dly({k}) unblock\"")
            if (d.get("queue") or l.get("queue") or {}).get("type") == "fq":
                fq_dirs.append((nid[a], nid[b], int((d.get("queue") or l["queue"]).get("limit_pkts", 50)), where))
            in_order = d.get("delay_changes_in_order", l.get("delay_changes_in_order", True))
            if steps and in_order:
                # (without: ns-2's LinkDelay as it comes, packets overtaking after a step
                # down, as `delay_changes_in_order: false` runs)
                out.append(f"[[$ns link $n({nid[a]}) $n({nid[b]})] link] set avoidReordering_ true")
            cost = float(d["cost"] if d.get("cost") is not None else l.get("cost", 1.0))
            if cost != 1.0:
                # this direction's routing cost (RouteLogic sums them; ns-2's default 1)
                out.append(f"$ns cost $n({nid[a]}) $n({nid[b]}) {cost!r}")
            module = d.get("error_module", None if "error" in d else l.get("error_module"))
            err = None if module else d.get("error", l.get("error"))
            bound = d.get("error_flows", l.get("error_flows"))
            if err and bound is not None:
                # one model bound to some flows' ids: a module of it alone
                module = [{"error": err, "flows": bound}]
            if module:
                link_tcl = f"[$ns link $n({nid[a]}) $n({nid[b]})]"
                out += _error_modules_tcl(module, link_tcl, n_err, fids_of)
                n_err += len(module)
            elif err:
                out += _error_model_tcl(err, n_err)
                # error_at wire: after the link (its capacity used, lost at the far end);
                # entry: "$ns lossmodel", an error module at the link's head, before its
                # queue (a packet entering there carries no handler to resume, so a lost
                # one costs nothing and ErrorModel::recv draws no delay)
                place = "lossmodel" if d.get("error_at", l.get("error_at", "wire")) == "entry" else "link-lossmodel"
                out.append(f"$ns {place} $em({n_err}) $n({nid[a]}) $n({nid[b]})")
                n_err += 1
            if module or err:
                # its drops go to the link's drop head: the link's queue monitor counts them
                if f"{a}->{b}" not in monitored:
                    monitored.append(f"{a}->{b}")
    outages = any(l.get("outages") for l in sc["links"])
    fq_before, fq_traces = _fq_tcl(fq_dirs, len(expand_flows(sc)["flows"]))
    out += fq_before
    for i, m in enumerate(monitored):
        a, b = m.split("->")
        out.append(f"set qm({i}) [$ns monitor-queue $n({nid[a]}) $n({nid[b]}) \"\"]")
        out.append(f"set qlast({i}) 0; set qbytes({i}) 0")
        if outages:
            out.append(f"set qmi({nid[a]}->{nid[b]}) {i}")
    out += fq_traces
    # a QueueMonitor counts departed bytes in a 32-bit int, which wraps after 2 GB (7 s
    # of OC48): read it every 0.25 s (less than 2^31 bytes at up to 68 Gb/s) and add the
    # increments, modulo 2^32, in a Tcl wide integer
    out += [
        "proc bytecount {} {",
        "  global qm qlast qbytes",
        "  foreach i [array names qm] {",
        "    set b [$qm($i) set bdepartures_]",
        "    set qbytes($i) [expr {$qbytes($i) + (($b - $qlast($i)) & 0xFFFFFFFF)}]",
        "    set qlast($i) $b",
        "  }",
        "}",
        # a link taken down resets its connectors, its queue monitor among them: what the
        # monitor had counted is kept (qbase) and its byte count read first
        *([
            "proc qcount {i v} {",
            "  global qm qbase",
            "  expr {[$qm($i) set $v] + ([info exists qbase($i,$v)] ? $qbase($i,$v) : 0)}",
            "}",
            "Link instproc satcc_down0 {} [Link info instbody down]",
            "Link instproc down {} {",
            "  global qm qmi qlast qbase",
            "  $self instvar fromNode_ toNode_",
            '  set k "[$fromNode_ id]->[$toNode_ id]"',
            "  if {![info exists qmi($k)]} { return [$self satcc_down0] }",
            "  set i $qmi($k)",
            "  bytecount",
            "  foreach v {parrivals_ pdepartures_ pdrops_} { set qbase($i,$v) [qcount $i $v] }",
            "  $self satcc_down0",
            "  set qlast($i) [$qm($i) set bdepartures_]",
            "}",
        ] if outages else []),
        "proc bytemon {} {",
        "  global ns",
        "  bytecount",
        '  $ns at [expr {[$ns now] + 0.25}] "bytemon"',
        "}",
    ]
    if monitored:
        out.append('$ns at 0.25 "bytemon"')
    flows = []
    ecn = []
    udp: list[bool] = []
    files = [(f.get("traffic") or {}).get("type") == "file" for f in sc["flows"]]
    if any(files):
        # a transfer's end: ns-2 calls an agent's `done` when its cumulative ACK reaches
        # curseq_ - 1 (TcpAgent::finish)
        out += ["Agent/TCP instproc done {} {", "  global ns done_at",
                "  set done_at([$self set fid_]) [$ns now]", "}"]
    if any(f.get("transport") == "ping" for f in sc["flows"]):
        # each answer ns-2 hands a pinging agent, counted by its flow
        out += ["Agent/Ping instproc recv {from rtt} {", "  global answered", "  set k [$self set fid_]",
                "  if {[info exists answered($k)]} { incr answered($k) } else { set answered($k) 1 }", "}"]
    for i, f in enumerate(sc["flows"]):
        if f.get("path") or f.get("ack_path"):
            _unsupported("pinned paths")
        traffic = f.get("traffic") or {"type": "bulk"}
        if f.get("transport") == "ping":
            # ns-2's Agent/Ping to Agent/Ping, each request an `$ns at` of the sender's
            # `send` (those before the run's end, which satcc sends); the recv procedure
            # counts the answers
            name = f.get("name") or f"f{i}"
            flows.append(name)
            ecn.append(False)
            udp.append("ping")
            start, end_s = float(f.get("start_s", 0.0)), float(sc["duration_s"])
            until = min(float(f["stop_s"]) if f.get("stop_s") is not None else end_s, end_s)
            if traffic.get("every_s") is not None:
                every = float(traffic["every_s"])
                times = [t for t in (start + k * every for k in range(int((until - start) / every) + 2)) if t <= until]
            else:
                times = [float(t) for t in traffic["at_s"]]
            out += [
                f"set ping({i}) [new Agent/Ping]",
                f"$ping({i}) set packetSize_ {int(traffic.get('packet_size_bytes', 64))}",
                f"$ping({i}) set fid_ {i}",
                f"set pong({i}) [new Agent/Ping]",
                f"$pong({i}) set packetSize_ {int(traffic.get('reply_size_bytes', 64))}",
                f"$ns attach-agent $n({nid[f['src']]}) $ping({i})",
                f"$ns attach-agent $n({nid[f['dst']]}) $pong({i})",
                f"$ns connect $ping({i}) $pong({i})",
                *[f"$ns at {t!r} \"$ping({i}) send\"" for t in times if t < end_s],
            ]
            continue
        if traffic["type"] not in ("bulk", "file", *TCP_SOURCES):
            _unsupported(f"traffic type {traffic['type']!r}")
        if is_udp(f):
            # ns-2's Agent/UDP, its packetSize_ the largest datagram (max_datagram_bytes;
            # without one the source's packetSize_, so that no message is split), to a
            # LossMonitor, which counts what arrives
            name = f.get("name") or f"f{i}"
            flows.append(name)
            ecn.append(False)
            udp.append(True)
            out += [
                f"set udp({i}) [new Agent/UDP]",
                f"$udp({i}) set packetSize_ {int(f.get('max_datagram_bytes') or _largest_message(traffic))}",
                f"$udp({i}) set ttl_ {UDP_TTL}",
                f"$udp({i}) set fid_ {i}",
                f"set sink({i}) [new Agent/LossMonitor]",
                f"$ns attach-agent $n({nid[f['src']]}) $udp({i})",
                f"$ns attach-agent $n({nid[f['dst']]}) $sink({i})",
                f"$ns connect $udp({i}) $sink({i})",
                *_source_tcl(i, traffic, _largest_message(traffic), f"udp({i})"),
                f"$ns at {float(f.get('start_s', 0.0))!r} \"$app({i}) start\"",
            ]
            if f.get("stop_s") is not None:
                out.append(f"$ns at {float(f['stop_s'])!r} \"$app({i}) stop\"")
            out += _restarts_tcl(f, f"app({i})")
            out += _detach_tcl(f, nid, f"udp({i})", f"sink({i})")
            continue
        udp.append(False)
        tcp = {**base_tcp, **(f.get("tcp") or {})}
        sack_agent = tcp.get("sack_agent", "rfc6675") if tcp["sack"] else None
        if sack_agent == "rfc6675" and not sack1:
            _unsupported("tcp.sack with sack_agent 'rfc6675' (satcc's SACK recovery is RFC 6675, not ns-2's Sack1; "
                         "tcp.sack_agent = 'sack1' runs ns-2's Sack1 agents, which export as they are; "
                         "to_tcl(..., sack1=True) exports RFC 6675 flows as Sack1 for a statistical comparison)")
        if tcp.get("pacing"):
            _unsupported("tcp.pacing (ns-2's agents send at once)")
        if tcp.get("receive_window", "fixed") != "fixed":
            _unsupported("tcp.receive_window = linux (ns-2's receivers advertise window_)")
        if tcp.get("quick_ack"):
            _unsupported("tcp.quick_ack (ns-2's DelAck sink acknowledges every second packet from the first)")
        if tcp.get("push_ack"):
            _unsupported("tcp.push_ack (ns-2's DelAck sink does not acknowledge PSH at once)")
        if tcp.get("sack_compression"):
            _unsupported("tcp.sack_compression (ns-2's sinks acknowledge every out-of-order segment)")
        if tcp.get("sack_report", "highest") != "highest":
            _unsupported(f"tcp.sack_report = {tcp['sack_report']} (ns-2's Sack1 sink reports its own way)")
        if tcp.get("rto", "ns2") != "ns2":
            _unsupported(f"tcp.rto = {tcp['rto']} (ns-2's agents time RTT samples and the RTO as ns-2 does)")
        if not tcp["window_scale"]:
            _unsupported("tcp.window_scale = false (ns-2 one-way agents have no 64 KB cap)")
        cc = f.get("cc", registry.DEFAULT_CC)
        agent = registry.controller(cc)["ns2_agent"]
        if agent is None:
            _unsupported(f"congestion control {cc!r}")
        if tcp["sack"]:
            if agent not in ("Agent/TCP/Newreno", "Agent/TCP/Reno"):
                _unsupported(f"tcp.sack with congestion control {cc!r} (ns-2's Sack1 and Fack grow as Reno does)")
            # ns-2's Fack agent cuts and opens its window by its own rules, whatever the
            # Reno-like controller: both run as it does (satcc's build refuses others)
            agent = "Agent/TCP/Fack" if sack_agent == "fack" else "Agent/TCP/Sack1"
        name = f.get("name") or f"f{i}"
        flows.append(name)
        ecn.append(bool(tcp.get("ecn")))
        t = f"tcp({i})"
        out += [
            f"set {t} [new {agent}]",
            f"${t} set window_ {tcp['rwnd_pkts']}",
            f"${t} set packetSize_ {tcp['packet_size_bytes']}",
            f"${t} set tcpip_base_hdr_size_ {tcp['header_bytes']}",
            f"${t} set useHeaders_ {str(tcp['use_headers']).lower()}",
            # (as written: ns-2's Vegas sends no SYN whatever syn_ says, but starts its
            # window at 1 with it, as satcc's does)
            f"${t} set syn_ {str(tcp['syn']).lower()}",
            f"${t} set windowInit_ {tcp['initial_window_pkts']}",
            *([f"${t} set windowInitOption_ 2"] if tcp.get("initial_window_by_size") else []),
            *([f"${t} set max_ssthresh_ {tcp['max_ssthresh_pkts']}"] if tcp.get("max_ssthresh_pkts") else []),
            *([f"${t} set increase_num_ {tcp['aimd_increase']!r}"] if tcp.get("aimd_increase", 1.0) != 1.0 else []),
            *_window_option(t, tcp),
            *([f"${t} set decrease_num_ {tcp['aimd_decrease']!r}"] if tcp.get("aimd_decrease", 0.5) != 0.5 else []),
            f"${t} set numdupacks_ {tcp['dupack_threshold']}",
            f"${t} set singledup_ {1 if tcp['limited_transmit'] else 0}",
            *([f"${t} set slow_start_restart_ false"] if tcp.get("slow_start_restart") is False else []),
            *([f"${t} set rfc2988_ false"] if tcp.get("rfc2988") is False else []),
            *([f"${t} set precisionReduce_ false"] if tcp.get("whole_packet_cuts") else []),
            *([f"${t} set delay_growth_ false"] if tcp.get("delay_growth") is False else []),
            *([f"${t} set timerfix_ false"] if tcp.get("timer_after_sample") is False else []),
            *([f"${t} set noFastRetrans_ true"] if tcp.get("fast_retransmit") is False else []),
            *([f"${t} set exitFastRetrans_ false"] if tcp.get("exit_fast_retransmit") is False else []),
            *([f"${t} set bugFix_ false"] if tcp.get("one_fast_retransmit_per_window") is False else []),
            *([f"${t} set ts_resetRTO_ true"] if tcp.get("ts_reset_rto") else []),
            *([f"${t} set partial_window_deflation_ 0"] if tcp.get("partial_window_deflation") is False else []),
            *([f"${t} set newreno_changes1_ 0"] if tcp.get("timer_every_partial_ack") else []),
            *([f"${t} set exit_recovery_fix_ 1"] if tcp.get("exit_recovery_at_flight") else []),
            *([f"${t} set lessCareful_ true"] if tcp.get("newreno_less_careful") else []),
            *([f"${t} set bugFix_ack_ true"] if tcp.get("newreno_ack_heuristic") else []),
            *([f"${t} set bugFix_ts_ true"] if tcp.get("newreno_timestamp_heuristic") else []),
            *([f"${t} set old_ecn_ 1"] if tcp.get("ecn_open_in_echo_run") else []),
            *([f"${t} set SetCWRonRetransmit_ false"] if tcp.get("cwr_on_retransmit") is False else []),
            *([f"${t} set bugfix_ss_ 0"] if tcp.get("first_packet_loss_fix") is False else []),
            *([f"${t} set control_increase_ 1"] if tcp.get("grow_only_window_limited") else []),
            *([f"${t} set aggressive_maxburst_ 0"] if tcp.get("send_on_old_ack") is False else []),
            *([f"${t} set QOption_ 1"] if tcp.get("window_validation") else []),
            *([f"${t} set EnblRTTCtr_ 1"] if tcp.get("window_validation_rtt_counting") else []),
            *([f"${t} set max_connects_ {int(tcp['max_connects'])}"] if tcp.get("max_connects") else []),
            *([f"${t} set numdupacksFrac_ {tcp['dupack_threshold_cwnd_divisor']}"]
              if tcp.get("dupack_threshold_cwnd_divisor") else []),
            *([f"${t} set LimTransmitFix_ true"] if tcp.get("limited_transmit_fix") else []),
            *([f"${t} set partial_ack_ true"] if tcp.get("sack1_partial_ack") else []),
            f"${t} set tcpTick_ {tcp['tick_s']}",
            f"${t} set minrto_ {tcp['min_rto_s']}",
            f"${t} set maxrto_ {tcp['max_rto_s']}",
            f"${t} set rtxcur_init_ {tcp['initial_rto_s']}",
            *([f"${t} set T_SRTT_BITS {tcp['srtt_bits']}"] if tcp.get("srtt_bits", 3) != 3 else []),
            *([f"${t} set T_RTTVAR_BITS {tcp['rttvar_bits']}"] if tcp.get("rttvar_bits", 2) != 2 else []),
            *([f"${t} set rttvar_exp_ {tcp['rto_rttvar_exp']}"] if tcp.get("rto_rttvar_exp", 2) != 2 else []),
            *([f"${t} set srtt_init_ {tcp['initial_srtt_s']}"] if tcp.get("initial_srtt_s", 0) != 0 else []),
            *([f"${t} set rttvar_init_ {tcp['initial_rttvar_s']}"] if tcp.get("initial_rttvar_s", 12) != 12 else []),
            *([f"${t} set overhead_ {tcp['send_overhead_s']!r}"] if tcp["send_overhead_s"] else []),
            *([f"${t} set maxcwnd_ {tcp['max_cwnd_pkts']}"] if tcp.get("max_cwnd_pkts") else []),
            *([f"${t} set maxburst_ {tcp['max_burst_pkts']}"] if tcp.get("max_burst_pkts") else []),
            *([f"${t} set timestamps_ true"] if tcp.get("timestamps") else []),
            f"${t} set ttl_ {tcp['initial_ttl']}",
            f"${t} set fid_ {i}",
            *([f"${t} set ecn_ 1"] if tcp.get("ecn") else []),
        ]
        # the controller's own ns-2 variables (Vegas's thresholds)
        for key, var in NS2_SETTINGS.items():
            if key in registry.controller(cc)["settings"]:
                out.append(f"${t} set {var} {tcp[key]}")
        # (a reset just before the start, tick_phase_at_start, sets it again)
        reset_at = float(f.get("start_s", 0.0)) if tcp.get("tick_phase_at_start") else 0.0
        if tcp["initial_ssthresh_pkts"] is not None and not tcp.get("tick_phase_at_start"):
            # the agent's reset at `$ns run` sets ssthresh_ to window_ (a value set before
            # is lost): set it at time 0, after the reset and before the flow can start
            out.append(f"$ns at 0.0 \"${t} set ssthresh_ {tcp['initial_ssthresh_pkts']}\"")
        # the sink's blocks: as the agent's SACK, or as tcp.sink_sack pairs them
        blocks = tcp["sack"] if tcp.get("sink_sack") is None else tcp["sink_sack"]
        sink = "Agent/TCPSink/Sack1" if blocks else "Agent/TCPSink"
        if tcp["delayed_ack"]:
            out += [f"set sink({i}) [new {sink}/DelAck]",
                    f"$sink({i}) set interval_ {tcp['delayed_ack_interval_s']}"]
        else:
            out.append(f"set sink({i}) [new {sink}]")
        if tcp.get("sack_blocks", 3) != 3:
            out.append(f"$sink({i}) set maxSackBlocks_ {tcp['sack_blocks']}")
        if tcp.get("ts_echo_rfc1323"):
            out.append(f"$sink({i}) set ts_echo_rfc1323_ true")
        if tcp.get("ecn_syn_ack"):
            out.append(f"$sink({i}) set ecn_syn_ true")
        for key, var in (("syn_immediate_ack", "SYN_immediate_ack_"), ("rfc2581_immediate_ack", "RFC2581_immediate_ack_")):
            if tcp.get(key) is False:
                out.append(f"$sink({i}) set {var} false")
        out += [
            f"$sink({i}) set packetSize_ {tcp['ack_size_bytes']}",
            f"$ns attach-agent $n({nid[f['src']]}) ${t}",
            f"$ns attach-agent $n({nid[f['dst']]}) $sink({i})",
            f"$ns connect ${t} $sink({i})",
        ]
        if traffic["type"] in TCP_SOURCES:
            out += _source_tcl(i, traffic, int(traffic.get("packet_size_bytes") or tcp["packet_size_bytes"]), t)
        app = f"app({i})" if traffic["type"] in TCP_SOURCES else f"ftp({i})"
        if traffic["type"] in ("bulk", "file"):
            out.append(f"set {app} [${t} attach-app FTP]")
        # a transfer hands its bytes to the agent at its start (FTP's send: the agent's
        # sendmsg, size_bytes / packetSize_ packets and one more for a remainder)
        go = f"send {int(traffic['size_bytes'])}" if traffic["type"] == "file" else "start"
        if tcp.get("tick_phase_at_start"):
            # the agent reset just before its start: its RTT clock phase drawn then, and
            # ssthresh_ set to window_ again (the first ssthresh is set after it)
            out.append(f"$ns at {reset_at!r} \"${t} reset\"")
            if tcp["initial_ssthresh_pkts"] is not None:
                out.append(f"$ns at {reset_at!r} \"${t} set ssthresh_ {tcp['initial_ssthresh_pkts']}\"")
        out.append(f"$ns at {float(f.get('start_s', 0.0))!r} \"${app} {go}\"")
        if f.get("stop_s") is not None:
            out.append(f"$ns at {float(f['stop_s'])!r} \"${app} stop\"")
        out += _restarts_tcl(f, app)
        # a transfer's further messages (traffic.more), each an `$ns at` of its own: the
        # agent's advanceby of ceil(bytes / packetSize_) packets, which is `$ftp send`'s
        # sendmsg but for clearing closed_, so that the agent calls `done` again once the
        # last packet of all is acknowledged (satcc's fct_s; after sendmsg ns-2 calls it
        # at the first completion only, nothing else reads closed_)
        for m in traffic.get("more") or []:
            pkts = -(-int(m["size_bytes"]) // int(tcp["packet_size_bytes"]))
            out.append(f"$ns at {float(m['at_s'])!r} \"${t} advanceby {pkts}; unset -nocomplain done_at({i})\"")
        # the sender's limits changed during the run (as satcc files them: after its
        # periods, before its detaches)
        for c in f.get("tcp_changes") or []:
            for key, var in (("rwnd_pkts", "window_"), ("max_cwnd_pkts", "maxcwnd_"), ("ssthresh_pkts", "ssthresh_")):
                if c.get(key) is not None:
                    out.append(f"$ns at {float(c['at_s'])!r} \"${t} set {var} {int(c[key])}\"")
        out += _detach_tcl(f, nid, t, f"sink({i})")
    end = float(sc["duration_s"])
    out += [
        "proc finish {} {",
        "  global ns tcp qm qbytes" + (" done_at" if any(files) else "") + (" sink" if any(udp) else "")
        + (" answered" if "ping" in udp else ""),
        "  bytecount",
        '  set s "\\{\\"flows\\": \\["',
    ]
    for i, name in enumerate(flows):
        sep = "," if i else ""
        if udp[i] == "ping":
            # a ping flow: the answers its agent was handed
            out.append(f'  append s "{sep}\\{{\\"name\\": \\"{_tcl_json(name)}\\", \\"answered\\": '
                       f'[expr {{[info exists answered({i})] ? $answered({i}) : 0}}]\\}}"')
            continue
        if udp[i]:
            # a UDP flow: what its LossMonitor counted (packets, bytes, the last one's time)
            out.append(
                f'  append s "{sep}\\{{\\"name\\": \\"{_tcl_json(name)}\\", \\"npkts\\": [$sink({i}) set npkts_], '
                f'\\"bytes\\": [$sink({i}) set bytes_], \\"last\\": [$sink({i}) set lastPktTime_]\\}}"')
            continue
        out.append(
            f'  append s "{sep}\\{{\\"name\\": \\"{_tcl_json(name)}\\", \\"ack\\": [$tcp({i}) set ack_], '
            f'\\"ndatapack\\": [$tcp({i}) set ndatapack_], \\"nrexmitpack\\": [$tcp({i}) set nrexmitpack_], '
            f'\\"nrexmit\\": [$tcp({i}) set nrexmit_]'
            # ECN flows: the window cuts for ECN-Echo
            + (f', \\"necnresponses\\": [$tcp({i}) set necnresponses_]' if ecn[i] else "")
            # transfers: when ns-2 called done (-1: not by the end)
            + (f', \\"done\\": [expr {{[info exists done_at({i})] ? $done_at({i}) : -1}}]' if files[i] else "")
            + '\\}"'
        )
    out.append('  append s "\\], \\"links\\": \\["')
    for i, m in enumerate(monitored):
        sep = "," if i else ""
        out.append(
            f'  append s "{sep}\\{{\\"name\\": \\"{_tcl_json(m)}\\", \\"bdepartures\\": $qbytes({i}), '
            + ((f'\\"pdepartures\\": [qcount {i} pdepartures_], \\"pdrops\\": [qcount {i} pdrops_], '
                f'\\"parrivals\\": [qcount {i} parrivals_]\\}}"') if outages else
               (f'\\"pdepartures\\": [$qm({i}) set pdepartures_], \\"pdrops\\": [$qm({i}) set pdrops_], '
                f'\\"parrivals\\": [$qm({i}) set parrivals_]\\}}"'))
        )
    out += ['  append s "\\]\\}"', "  puts $s", "  exit 0", "}"]
    out += rate_lines + delay_lines + limit_lines + block_lines
    # outages: ns-2's manual link dynamics, both directions of the link (routes static,
    # or computed again at each instant under rtproto Session)
    for li, l in enumerate(sc["links"]):
        for oi, o in enumerate(l.get("outages") or []):
            if float(o["down_s"]) <= 0.0:
                _unsupported(f"links[{li}].outages[{oi}].down_s 0 (ns-2's rtQueue refuses a link's change at the "
                             "instant the run starts: give a later time)")
            ends = f"$n({nid[l['a']]}) $n({nid[l['b']]})"
            out.append(f"$ns rtmodel-at {float(o['down_s'])!r} down {ends}")
            if o.get("up_s") is not None:
                out.append(f"$ns rtmodel-at {float(o['up_s'])!r} up {ends}")
    if sample_acks:
        dt = float(sc.get("sample_interval_s", 0.1))
        out += ["proc sample {} {", "  global ns tcp" + (" sink" if any(udp) else "") + (" answered" if "ping" in udp else ""),
                "  set t [$ns now]", '  set s "S $t"']
        # (a UDP flow: the datagrams its LossMonitor has counted)
        out += [f'  append s " [expr {{[info exists answered({i})] ? $answered({i}) : 0}}]"' if udp[i] == "ping" else
                f'  append s " [$sink({i}) set npkts_]"' if udp[i] else f'  append s " [$tcp({i}) set ack_]"'
                for i in range(len(flows))]
        out += ["  puts $s", f'  $ns at [expr {{$t + {dt!r}}}] "sample"', "}", f'$ns at {dt!r} "sample"']
    if trace_drops is not None:
        a, b = trace_drops.split("->")
        out += ["set qtrace [open queue.tr w]", f"$ns trace-queue $n({nid[a]}) $n({nid[b]}) $qtrace"]
    out += [f"$ns at {end!r} \"finish\"", "$ns run", ""]
    return "\n".join(out)


def _window_option(t: str, tcp: dict) -> list[str]:
    """An agent's windowOption_ and its rule's variables, where not ns-2's defaults."""
    rule = tcp.get("window_increase", "fractional")
    if rule == "fractional":
        return []
    option = next(o for o, r in WINDOW_OPTIONS.items() if r == rule)
    return [f"${t} set windowOption_ {option}", *(f"${t} set {var} {tcp[key]!r}" for var, key, default, _ in WINDOW_VARS
                                                  if tcp.get(key, default) != default)]


def _restarts_tcl(f: dict, app: str) -> list[str]:
    """A CBR source's further ON periods (`restarts`) and its rate changes
    (`traffic.rate_steps`), each an `$ns at` after the flow's start and stop."""
    out = []
    for r in f.get("restarts") or []:
        out.append(f"$ns at {float(r['start_s'])!r} \"${app} start\"")
        if r.get("stop_s") is not None:
            out.append(f"$ns at {float(r['stop_s'])!r} \"${app} stop\"")
    for st in (f.get("traffic") or {}).get("rate_steps") or []:
        out.append(f"$ns at {float(st['at_s'])!r} \"${app} set rate_ {float(st['rate_bps'])!r}\"")
    for st in (f.get("traffic") or {}).get("interval_steps") or []:
        out.append(f"$ns at {float(st['at_s'])!r} \"${app} set interval_ {float(st['interval_s'])!r}\"")
    return out


def _largest_message(traffic: dict) -> int:
    """A source's message size (a trace's largest; at least 1 byte, as a UDP agent's
    packetSize_ divides)."""
    if traffic["type"] == "trace":
        return max(1, max(int(r[1]) for r in traffic["records"]))
    return int(traffic["packet_size_bytes"])


def _source_tcl(i: int, traffic: dict, size: int, agent: str) -> list[str]:
    """Flow `i`'s source (app(i)) of packets of `size` bytes, attached to `agent`: ns-2's
    ON/OFF generators (POO_Traffic, EXPOO_Traffic) or CBR, handing the agent one packet
    a tick, Application/Telnet, one packet after each exponential gap, or a trace-driven
    Application/Traffic/Trace reading the file the script writes first (satcc_trace_i.bin
    in the folder ns-2 runs in: ns-2's format, two 32-bit big-endian numbers a record);
    their draws come from ns-2's default generator."""
    kind = traffic["type"]
    if kind == "trace":
        name = f"satcc_trace_{i}.bin"
        flat = [int(v) for r in traffic["records"] for v in r]
        out = [f"set tf [open {name} w]", "fconfigure $tf -translation binary"]
        for k in range(0, len(flat), 1000):
            out.append(f"puts -nonewline $tf [binary format I* {{{' '.join(map(str, flat[k:k + 1000]))}}}]")
        return out + ["close $tf", f"set tracefile({i}) [new Tracefile]", f"$tracefile({i}) filename {name}",
                      f"set app({i}) [new Application/Traffic/Trace]", f"$app({i}) attach-tracefile $tracefile({i})",
                      f"$app({i}) attach-agent ${agent}"]
    if kind == "telnet":
        interval = 0.0 if traffic.get("gaps") == "tcplib" else float(traffic.get("interval_s", 1.0))
        return [f"set app({i}) [new Application/Telnet]",
                f"$app({i}) set interval_ {interval!r}", f"$app({i}) attach-agent ${agent}"]
    out = [f"set app({i}) [new Application/Traffic/{SOURCE_APPS[kind]}]", f"$app({i}) set packetSize_ {size}"]
    rate = f"$app({i}) set rate_ {float(traffic['rate_bps'])!r}"
    if kind == "cbr":
        out += [rate, f"$app({i}) set random_ {1 if traffic.get('random') else 0}"]
        if traffic.get("max_pkts") is not None:
            if int(traffic["max_pkts"]) > 2**31 - 1:
                _unsupported("traffic.max_pkts above 2^31 - 1 (ns-2's maxpkts_ is an int)")
            out.append(f"$app({i}) set maxpkts_ {int(traffic['max_pkts'])}")
    else:
        out += [f"$app({i}) set burst_time_ {float(traffic['mean_on_s'])!r}",
                f"$app({i}) set idle_time_ {float(traffic['mean_off_s'])!r}", rate]
        if kind == "pareto":
            out.append(f"$app({i}) set shape_ {float(traffic['shape'])!r}")
    out.append(f"$app({i}) attach-agent ${agent}")
    return out


def _at_start_reset(base_tcp: dict, f: dict) -> bool:
    """Whether flow `f`'s sender draws its RTT clock phase as it starts
    (`tcp.tick_phase_at_start`): ns-2's `$tcp reset` just before its start."""
    return bool({**base_tcp, **(f.get("tcp") or {})}.get("tick_phase_at_start"))


def _pinned_tick_phases(sc: dict, base_tcp: dict, ns2_seed: int) -> bool:
    """Whether the senders' RTT clock phases are pinned (all or none: ns-2 draws them); a
    pinned phase must be the one ns-2 will draw (pin_tick_phases)."""
    phases = [{**base_tcp, **(f.get("tcp") or {})}.get("tick_phase_s") for f in sc["flows"]]
    # (a phase drawn as the flow starts is no pinned one: _at_start_resets)
    drawn = [is_tcp(f) and not _at_start_reset(base_tcp, f) for f in sc["flows"]]
    if all(p is None for d, p in zip(drawn, phases) if d):
        return False
    for k, (f, p) in enumerate(zip(sc["flows"], phases)):
        if not drawn[k]:
            continue
        i = f.get("_entry", k)  # the flow's entry (expand_flows)
        tick = {**base_tcp, **(f.get("tcp") or {})}["tick_s"]
        want = ns2_tick_phase(tick_phase_seed(ns2_seed, i), tick)
        if p is None or p != want:
            name = f.get("name") or f"f{i}"
            raise ScenarioError(
                f"ns-2 export: flows[{i}] ({name}).tcp.tick_phase_s is {p}; ns-2 draws each sender's RTT clock "
                f"phase from its generator, and with ns2_seed {ns2_seed} this flow's is {want!r}: pin every "
                "flow's phase with satcc.ns2.pin_tick_phases(sc, ns2_seed), or none")
    return True


def run_tcl(tcl: str, timeout_s: float = 3600) -> dict:
    """Run an ns-2 script written by to_tcl and parse its JSON line."""
    if not available():
        raise RuntimeError("ns-2 is not installed (apt-get install -y ns2)")
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "run.tcl"
        p.write_text(tcl)
        r = subprocess.run(["ns", str(p)], capture_output=True, text=True, timeout=timeout_s, cwd=d)
        trace = Path(d) / "queue.tr"
        drops = None
        if trace.exists():
            # "d <time> <from> <to> tcp <size> <flags> <fid> <src> <dst> <seqno> <uid>";
            # an agent fed by Application/Traffic/Pareto or /Exponential sends its data as
            # type "pareto" or "exp", and a UDP agent fed by CBR as "cbr", whose trace
            # lines carry an RTP seqno, not the TCP one: None
            with trace.open() as f:
                drops = [[float(x[1]), int(x[7]), int(x[10]) if x[4] == "tcp" else None]
                         for x in map(str.split, f) if x[0] == "d" and x[4] in ("tcp", "pareto", "exp", "cbr")]
    samples = [[float(x) for x in line.split()[1:]] for line in r.stdout.splitlines() if line.startswith("S ")]
    for line in r.stdout.splitlines():
        if line.startswith('{"flows"'):
            raw = json.loads(line)
            if samples:
                raw["samples"] = samples
            if drops is not None:
                raw["drops"] = drops
            return raw
    raise RuntimeError(f"ns-2 failed (exit {r.returncode}): {r.stderr[-2000:]}")


def _tcp_only(sc: dict) -> None:
    """The comparison metrics are TCP's: a scenario with UDP flows is refused by name."""
    for i, f in enumerate(sc["flows"]):
        if not is_tcp(f):
            raise ScenarioError(f"flows[{i}].transport: the ns-2 comparison metrics (goodput from cumulative ACKs, "
                                "loss over TCP's data) are TCP's; a UDP flow's counts are compared with ns-2's by "
                                "satcc.dev.ns2exact (its LossMonitor's packets and the links' counters)")


def metrics_from_ns2(sc: dict, raw: dict) -> dict:
    """The comparison metrics (see comparable()) from an ns-2 run of `sc`."""
    _tcp_only(sc)
    sc = expand_flows(sc)
    tcp = {**TCP_DEFAULTS, **(sc.get("tcp") or {})}
    size = tcp["packet_size_bytes"]
    end = float(sc["duration_s"])
    flows = []
    syns = [schema.tcp_settings(sc, f)["syn"] for f in sc["flows"]]
    for f, r, syn in zip(sc["flows"], raw["flows"], syns):
        active = end - float(f.get("start_s", 0.0))
        acked = max(0, int(r["ack"])) if syn else int(r["ack"]) + 1
        flows.append({"name": r["name"], "group": f.get("group"),
                      "goodput_mbps": acked * size * 8 / active / 1e6 if active > 0 else 0.0})
    links = {l["name"]: l for l in raw["links"]}
    sent = sum(int(r["ndatapack"]) for r in raw["flows"]) - sum(syns)
    drops = sum(int(l["pdrops"]) for l in raw["links"])  # error drops included (see to_tcl)
    rates = _rates(sc)
    util = {n: int(l["bdepartures"]) * 8 / (rates[n] * end) for n, l in links.items()}
    return _finish(sc, flows, util, drops / sent if sent else 0.0,
                   sum(int(r["nrexmit"]) for r in raw["flows"]))


def _rates(sc: dict) -> dict:
    rates = {}
    for l in sc["links"]:
        rates[f"{l['a']}->{l['b']}"] = l.get("a_to_b", {}).get("rate_bps", l["rate_bps"])
        rates[f"{l['b']}->{l['a']}"] = l.get("b_to_a", {}).get("rate_bps", l["rate_bps"])
    return rates


def comparable(sc: dict, summary: dict) -> dict:
    """The comparison metrics from a satcc summary, defined exactly as for ns-2:
    per-flow goodput from the sender's cumulative ACK, bottleneck utilization from
    departed bytes, loss rate = the links' drops (ACKs' included) / data packets sent,
    Jain index over goodput."""
    _tcp_only(sc)
    end = summary["duration_s"]
    size = {**TCP_DEFAULTS, **(sc.get("tcp") or {})}["packet_size_bytes"]
    flows = []
    for f in summary["flows"]:
        active = end - f["start_s"]
        flows.append({"name": f["name"], "group": f["group"],
                      "goodput_mbps": f["data_pkts_acked"] * size * 8 / active / 1e6 if active > 0 else 0.0})
    util = {l["name"]: l["utilization"] for l in summary["links"]}
    # the loss rate as metrics_from_ns2 takes it from ns-2's counters: every drop its
    # queue monitors count (ACKs' and the error models' included, what a link loses going
    # down too; not what a down link refuses) over the data packets sent, SYNs left out
    syns = sum(1 for f in expand_flows(sc)["flows"] if schema.tcp_settings(sc, f)["syn"])
    sent = sum(f["data_pkts_sent"] + f["syn_pkts_sent"] for f in summary["flows"]) - syns
    drops = sum(l["drops"] + l["drops_error"] for l in summary["links"])
    return _finish(sc, flows, util, drops / sent if sent else 0.0, summary["totals"]["rto_count"])


def _finish(sc: dict, flows: list, util: dict, loss: float, rtos: int) -> dict:
    x = [f["goodput_mbps"] for f in flows]
    s, s2 = sum(x), sum(v * v for v in x)
    jain = s * s / (len(x) * s2) if s2 > 0 else 1.0
    groups: dict = {}
    for f in flows:
        if f["group"] is not None:
            groups.setdefault(f["group"], []).append(f["goodput_mbps"])
    b = (sc.get("monitor") or {}).get("bottleneck")
    return {
        "utilization": util.get(b) if b else None,
        "loss_rate": loss,
        "jain": jain,
        "goodput_mbps": s,
        "rto_count": rtos,
        "groups": {g: sum(v) / len(v) for g, v in sorted(groups.items())},
        "flows": {f["name"]: f["goodput_mbps"] for f in flows},
    }


# Counter for counter (satcc.dev.ns2exact's networks, `satcc ns2 --compare`)

def counters_from_ns2(sc: dict, raw: dict) -> dict:
    """Per flow [acknowledged, sent, retransmitted, timeouts] (and, for ECN flows, its
    ECN responses), per link direction [arrivals, departures, drops], from an ns-2 run's
    JSON line. Packets sent count the
    SYN and its retransmissions (ns-2's ndatapack_); acknowledged, the data packets
    (ack_ counts the SYN as seqno 0). Timeouts are None for a Fack flow: ns-2's Fack
    agent times out by its own code, which does not count them (nrexmit_ stays 0)."""
    sc = expand_flows(sc)  # ns-2's agent k is satcc's flow k
    flows = {}
    for f, r in zip(sc["flows"], raw["flows"]):
        if "npkts" in r:
            # a UDP flow: the datagrams its LossMonitor received
            flows[r["name"]] = [int(r["npkts"])]
            continue
        if "answered" in r:
            # a ping flow: the answers its agent was handed
            flows[r["name"]] = [int(r["answered"])]
            continue
        tcp = schema.tcp_settings(sc, f)
        acked = max(0, int(r["ack"])) if tcp["syn"] else int(r["ack"]) + 1
        fack = tcp["sack"] and tcp.get("sack_agent") == "fack"
        flows[r["name"]] = [acked, int(r["ndatapack"]), int(r["nrexmitpack"]), None if fack else int(r["nrexmit"])] + (
            [int(r["necnresponses"])] if "necnresponses" in r else [])
    links = {l["name"]: [int(l["parrivals"]), int(l["pdepartures"]), int(l["pdrops"])] for l in raw["links"]}
    out = {"flows": flows, "links": links}
    # transfers: from the start to ns-2's done (None: not completed)
    fct = {r["name"]: (float(r["done"]) - float(f.get("start_s", 0.0)) if float(r["done"]) >= 0 else None)
           for f, r in zip(sc["flows"], raw["flows"]) if "done" in r}
    if fct:
        out["fct"] = fct
    return out


def counters_from_satcc(summary: dict) -> dict:
    flows = {f["name"]: [f["pings"]["answered"]] if f.get("transport") == "ping" else
             [f["data_pkts_delivered"]] if f.get("transport") == "udp" else
             [f["data_pkts_acked"], f["data_pkts_sent"] + f["syn_pkts_sent"], f["retransmits"], f["rto_count"]]
             + ([f["ecn_responses"]] if "ecn_responses" in f else [])
             for f in summary["flows"]}
    # ns-2's queue monitor counts the error model's losses too (link-lossmodel drops go
    # to the link's drop head), and its TTL checker's
    # (a Delayer's packet left the queue, after which ns-2's monitor counts departures)
    links = {l["name"]: [l["arrivals_pkts"], l["departed_pkts"] + l.get("delayer_held_pkts", 0),
                         l["drops"] + l["drops_error"] + l["drops_ttl"]]
             for l in summary["links"]}
    out = {"flows": flows, "links": links}
    fct = {f["name"]: f["fct_s"] for f in summary["flows"] if "fct_s" in f}
    if fct:
        out["fct"] = fct
    return out


# satcc's clock is ns-2's double rounded to the nanosecond: a completion time within this
FCT_TOLERANCE_S = 2e-9


def link_counters_agree(ours: list | None, theirs: list) -> bool:
    """A link direction's [arrivals, departures, drops] in satcc and in ns-2 agree: ns-2's
    queue monitor counts a departure when the packet starts, satcc when it ends, so ns-2's
    departures may be one more (the packet on the wire at the end)."""
    return ours is not None and ours[0] == theirs[0] and ours[2] == theirs[2] and 0 <= theirs[1] - ours[1] <= 1


def flow_counters_agree(ours: list | None, theirs: list) -> bool:
    """A flow's counters in satcc and in ns-2 agree; one ns-2 does not keep (None: a Fack
    agent's timeouts) is not compared."""
    return ours is not None and len(ours) == len(theirs) and all(
        b is None or a == b for a, b in zip(ours, theirs))


def differences(ours: dict, theirs: dict) -> list[str]:
    """Where satcc's counters are not ns-2's (departures: ns-2's may be one more)."""
    out = []
    for name, t in theirs["flows"].items():
        o = ours["flows"].get(name)
        if not flow_counters_agree(o, t):
            out.append(f"flow {name}: satcc [acked, sent, retransmitted, timeouts(, ECN responses)] {o}, ns-2 {t}")
    for name, t in theirs["links"].items():
        o = ours["links"].get(name)
        if not link_counters_agree(o, t):
            out.append(f"link {name}: satcc [arrivals, departures, drops] {o}, ns-2 {t}")
    for name, t in theirs.get("fct", {}).items():
        o = ours.get("fct", {}).get(name, "absent")
        if (o is None) != (t is None) or o == "absent" or (t is not None and abs(o - t) > FCT_TOLERANCE_S):
            out.append(f"flow {name}: satcc completion time {o}, ns-2 {t}")
    return out
