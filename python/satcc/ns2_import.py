"""An ns-2 2.35 script as a satcc scenario: `satcc from-ns2 SCRIPT` and `from_tcl`.

The script runs in Tcl (the `tclsh` command) against a stand-in for ns-2's Simulator
(ns2_import.tcl): its loops, procs and variables run as in ns, every object and command
is recorded, and `$ns run` plays the `$ns at` events in time order up to the one that
exits or halts. This module turns the record into a scenario dict:

- nodes, and links from `duplex-link` / `simplex-link` (a pair of simplex links with
  different settings becomes one link with `a_to_b` / `b_to_a`), DropTail queues (in
  packets, or in bytes with queue_in_bytes_; dropping from the front with drop_front_)
  and RED queues with their thresholds written
  out (their forced drops' victim from drop_front_ and drop_rand_); `queue-limit` and the class defaults (`Queue set limit_`) as ns-2 reads them;
  PI, REM, SFQ and DRR queues, and FQ links (each flow's DropTail of the class's limit_);
- error models (`ErrorModel` with `unit pkt` or `unit byte` and a uniform variable,
  ErrorModel/Periodic, /List, /TwoState, /Expo and /TwoStateMarkov, on `lossmodel` or
  `link-lossmodel`);
- TCP flows: Agent/TCP (Tahoe), /Reno, /Newreno, /Sack1, /Fack and /Vegas to Agent/TCPSink,
  /DelAck, /Sack1 or /Sack1/DelAck, any agent with any sink (tcp.sink_sack where the
  sink's kind is not the agent's), each agent's variables as ns-2 resolves them
  (instance, then class, then ns-2 2.35's defaults), fed by FTP (`start`, `stop`,
  `send BYTES`, `produce PACKETS`) or a CBR, Exponential, Pareto or trace-driven source
  (Application/Traffic/Trace and its Tracefile; started and stopped any number of times;
  a CBR's rate_ set during the run);
- UDP flows: Agent/UDP to Agent/Null or Agent/LossMonitor, fed by those sources;
- ping flows: two connected Agent/Pings, a flow for each that sends (its `send`s in
  `$ns at` events, its packetSize_, the other's for the replies);
- scheduled `bandwidth_` and `delay_` changes of a link, `$defaultRNG seed` at time 0
  (ns2_rng_seed: RED's and the error models' draws are then ns-2's own), and the run's
  end (the event that exits or halts).

Each object's variables and their defaults are ns-2's own list (NS2_VARS, made by ns-2:
satcc.dev.ns2vars), resolved as ns-2 resolves them (the nearest class that sets one,
ns-2's own defaults included). A variable satcc does not model, set to anything but
ns-2's default, and a command or an object it does not model, stop the import with an
error naming them: nothing that changes results is dropped silently. A name the object's
ns-2 class does not have is one ns-2 keeps as a Tcl variable that nothing reads: it is
left out with a note. Tracing and drawing (trace-all, nam, colors,
monitors, exec) are noted and left out. What ns-2 draws at random when it builds the
agents (each sender's RTT clock phase) satcc draws from the scenario's seed, so an
imported script agrees with ns-2 in law; `satcc.ns2.pin_tick_phases` with the script's
seeding gives the exact draws for scripts written by `satcc.ns2.to_tcl`.
"""

from __future__ import annotations

import functools
import json
import math
import re
import shutil
import struct
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from . import ns2 as _ns2
from .scenario import ScenarioError

PRELUDE = Path(__file__).with_name("ns2_import.tcl")
# each class's variables in ns-2 2.35 with their defaults, as ns-2 lists them
# (python -m satcc.dev.ns2vars write)
NS2_VARS = Path(__file__).with_name("ns2_vars.json")


class Ns2ImportError(ScenarioError):
    """An ns-2 script satcc cannot read as a scenario (the message names what)."""


@dataclass
class Imported:
    """A scenario read from an ns-2 script, what was left out of it, and why a run of it
    may agree with ns-2's in law rather than packet for packet (`in_law`)."""
    scenario: dict
    notes: list[str] = field(default_factory=list)
    in_law: list[str] = field(default_factory=list)
    # link directions ("a->b", the scenario's names) whose error model hands its losses to
    # a drop target of the script's own, set after the link placed it: ns-2's queue
    # monitor sees them arrive and never counts them as drops
    error_drops_unseen: list[str] = field(default_factory=list)


# ------------------------------------------------------------------ ns-2's units
_BW = re.compile(r"^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*([kKmMgG]?)(B?)")
_TIME = re.compile(r"^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*([munp]?)")


def bandwidth(s: str, what: str) -> float:
    """ns-2's bandwidth: a number, k/M/G (any case) for 1e3/1e6/1e9, B for bytes (x 8)."""
    m = _BW.match(str(s))
    if not m:
        raise Ns2ImportError(f"{what}: {s!r} is not a bandwidth (e.g. 10Mb, 1.5Mb, 100kb)")
    x = float(m.group(1)) * {"": 1.0, "k": 1e3, "m": 1e6, "g": 1e9}[m.group(2).lower()]
    return x * 8 if m.group(3) else x


def seconds(s: str, what: str) -> float:
    """ns-2's time: a number of seconds, m/u/n/p for milli, micro, nano, pico."""
    m = _TIME.match(str(s))
    if not m:
        raise Ns2ImportError(f"{what}: {s!r} is not a time (e.g. 10ms, 0.01)")
    return float(m.group(1)) * {"": 1.0, "m": 1e-3, "u": 1e-6, "n": 1e-9, "p": 1e-12}[m.group(2)]


def _bool(s: str, what: str) -> bool:
    v = str(s).strip().lower()
    if v in ("true", "1", "yes", "on"):
        return True
    if v in ("false", "0", "no", "off"):
        return False
    try:
        return float(v) != 0.0
    except ValueError:
        raise Ns2ImportError(f"{what}: {s!r} is not a boolean") from None


def _int(s: str, what: str) -> int:
    try:
        x = float(s)
    except ValueError:
        raise Ns2ImportError(f"{what}: {s!r} is not a number") from None
    if not math.isfinite(x) or x != int(x):
        raise Ns2ImportError(f"{what}: {s!r} is not a whole number")
    return int(x)


# what _c_int read otherwise than the number written reads (noted by to_scenario)
_C_INT_NOTES: list[str] = []


def _c_int(s: str, what: str) -> int:
    """A value as ns-2 stores it in a C int it binds (strtol with base 0, checked in
    ns-2 2.35 for the variables read so): leading blanks, a sign, then hex after 0x,
    octal after a leading 0, else decimal digits, up to the first other character (so
    16.7 is 16, 1e3 is 1 and 010 is 8). Where that is not the number as written, a note
    says so."""
    m = re.match(r"\s*([+-]?)(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)", s)
    if m is None:
        raise Ns2ImportError(f"{what}: {s!r} is not a number")
    digits = m.group(2)
    base = 16 if digits[:2] in ("0x", "0X") else 8 if digits.startswith("0") and len(digits) > 1 else 10
    n = int(digits, base)
    n = -n if m.group(1) == "-" else n
    try:
        written = float(s)
    except ValueError:
        written = None
    if written != n:
        _C_INT_NOTES.append(f"{what} {s.strip()}: ns-2 holds it in a C int and reads {n} (strtol); read as {n}")
    return n


def _atoi_value(s: str) -> int:
    """C's atoi of `s`: leading blanks, a sign, decimal digits up to the first other
    character; 0 without any."""
    m = re.match(r"\s*([+-]?[0-9]+)", s)
    return int(m.group(1)) if m else 0


def _atoi(s: str, what: str) -> int:
    """A command's count as ns-2's C reads it with atoi (the agents' advance, advanceby
    and send): leading blanks, a sign, then decimal digits up to the first other
    character (so 1.66 is 1, 1e3 is 1 and 010 is 10), 0 without any. Where that is not
    the number as written, a note says so."""
    n = _atoi_value(s)
    try:
        written = float(s)
    except ValueError:
        written = None
    if written != n:
        _C_INT_NOTES.append(f"{what} {s.strip()}: ns-2 reads it with atoi, as {n}; read as {n}")
    return n


def _tick(s: str, what: str) -> float:
    """A TCP agent's tcpTick_: ns-2 divides each RTT sample by it, so none at or below 0."""
    t = seconds(s, what)
    if not t > 0:
        raise Ns2ImportError(f"{what}: {s!r}: ns-2 divides each RTT sample by tcpTick_ (allowed: a positive time, "
                             "ns-2's default 0.01)")
    return t


def _linterm(s: str, what: str) -> float:
    """RED's linterm_ as satcc's max_p, 1/linterm_: a probability, so linterm_ at least 1."""
    x = _num(s, what)
    if not x >= 1:
        raise Ns2ImportError(f"{what}: {s!r}: RED's max_p is 1/linterm_, a probability (allowed: linterm_ at least "
                             "1, ns-2's default 10; below 1 ns-2 caps the probability at 1 where satcc refuses it)")
    return 1.0 / x


def _num(s: str, what: str) -> float:
    try:
        return float(s)
    except ValueError:
        raise Ns2ImportError(f"{what}: {s!r} is not a number") from None


# ------------------------------------------------------------------ what satcc models
# ns-2 2.35's defaults (ns-default.tcl, as `ns` reports them) of the variables satcc reads
# from a TCP agent, with the tcp setting each becomes and how its value reads
_TCP_VARS = {
    "window_": ("rwnd_pkts", "20", _int),
    "packetSize_": ("packet_size_bytes", "1000", _c_int),
    "tcpip_base_hdr_size_": ("header_bytes", "40", _c_int),
    "useHeaders_": ("use_headers", "true", _bool),
    "syn_": ("syn", "true", _bool),
    "windowInit_": ("initial_window_pkts", "2", _int),
    "numdupacks_": ("dupack_threshold", "3", _c_int),
    "singledup_": ("limited_transmit", "1", _bool),
    "slow_start_restart_": ("slow_start_restart", "true", _bool),
    "rfc2988_": ("rfc2988", "true", _bool),
    "precisionReduce_": ("whole_packet_cuts", "true", lambda s, what: not _bool(s, what)),
    "delay_growth_": ("delay_growth", "true", _bool),
    # (-1, ns-2's default, and 0 never abort: satcc's 0)
    "max_connects_": ("max_connects", "-1", lambda s, what: max(0, _c_int(s, what))),
    "timerfix_": ("timer_after_sample", "true", _bool),
    "tcpTick_": ("tick_s", "0.01", lambda s, what: _tick(s, what)),
    "minrto_": ("min_rto_s", "0.2", seconds),
    "maxrto_": ("max_rto_s", "60", seconds),
    "rtxcur_init_": ("initial_rto_s", "3.0", seconds),
    "T_SRTT_BITS": ("srtt_bits", "3", _c_int),
    "T_RTTVAR_BITS": ("rttvar_bits", "2", _c_int),
    "rttvar_exp_": ("rto_rttvar_exp", "2", _c_int),
    # whole seconds: ns-2 holds both in C ints (so 0.5 is 0)
    "srtt_init_": ("initial_srtt_s", "0", _c_int),
    "rttvar_init_": ("initial_rttvar_s", "12", _c_int),
    "overhead_": ("send_overhead_s", "0", seconds),
    "maxcwnd_": ("max_cwnd_pkts", "0", _c_int),
    "max_ssthresh_": ("max_ssthresh_pkts", "0", _c_int),
    "increase_num_": ("aimd_increase", "1.0", _num),
    "decrease_num_": ("aimd_decrease", "0.5", _num),
    "maxburst_": ("max_burst_pkts", "0", _c_int),
    "timestamps_": ("timestamps", "false", _bool),
    "ttl_": ("initial_ttl", "32", _c_int),
    "ecn_": ("ecn", "0", _bool),
}
# a controller's own ns-2 variables (satcc.ns2.NS2_SETTINGS), with ns-2's defaults
_CC_VARS = {"v_alpha_": ("vegas_alpha", "1", _c_int), "v_beta_": ("vegas_beta", "3", _c_int),
            "v_gamma_": ("vegas_gamma", "1", _c_int)}
# variables that change no result (identity, tracing, counters ns-2 keeps)
_IGNORED = {"fid_", "class_", "type_", "prio_", "flags_", "agent_addr_", "agent_port_", "dst_addr_", "dst_port_",
            "debug_", "trace_all_oneline_", "nam_tracevar_", "ndatapack_", "ndatabytes_", "nackpack_",
            "nrexmit_", "nrexmitpack_", "nrexmitbytes_", "necnresponses_", "ncwndcuts_", "ncwndcuts1_",
            "bytes_", "npkts_", "nlost_", "lastPktTime_", "expected_", "seqno_", "t_seqno_", "ack_",
            "maxseq_", "dupacks_", "cwnd_", "ssthresh_", "rtt_", "srtt_", "rttvar_", "backoff_", "sport_",
            "dport_", "off_ip_", "off_tcp_", "print_request_", "tcp_qs_recovery_",
            "qs_request_mode_", "qs_thresh_", "qs_rtt_", "spurious_response_", "CoarseTimer_", "color_",
            # listed by ns-default.tcl (ns-2's test suites set it false) but bound by no
            # one-way agent of 2.35: its packets are the same either way (checked in ns-2)
            "updated_rttvar_"}

# ns-2's variables that only some of its one-way agents read, checked in ns-2 agent by
# agent (the others' traces are the same whatever they say, so the import notes them
# and leaves them out): variable -> (ns-2's default, the agents that read it, the
# scenario's key and the value it takes there)
_READ_BY_SOME = {
    # TcpAgent::recv: the duplicate at the threshold does nothing (Tahoe's own recv)
    "noFastRetrans_": ("false", ("Agent/TCP",), "fast_retransmit", False),
    # RenoTcpAgent::recv and NewRenoTcpAgent::recv: a declined retransmit's duplicates
    # inflate the window all the same
    "exitFastRetrans_": ("true", ("Agent/TCP/Reno", "Agent/TCP/Newreno"), "exit_fast_retransmit", False),
    # dupack_action of TcpAgent, RenoTcpAgent, NewRenoTcpAgent and Sack1TcpAgent, and
    # VegasTcpAgent::recv: a fast retransmit on every threshold's duplicate, also in a
    # window already cut (FackTcpAgent::recv has its own rule and never reads it)
    "bugFix_": ("true", ("Agent/TCP", "Agent/TCP/Reno", "Agent/TCP/Newreno", "Agent/TCP/Sack1", "Agent/TCP/Vegas"),
                "one_fast_retransmit_per_window", False),
    # NewRenoTcpAgent::dupack_action under bug_fix_ (tcp-newreno.cc): a fast retransmit
    # at an ACK equal to recover_ (the Less Careful variant), or below it by the
    # timestamp and ACK heuristics (tcp/multiple_fast_retransmits.rs); TcpAgent binds
    # all three for every agent, no other agent reads them
    "lessCareful_": ("false", ("Agent/TCP/Newreno",), "newreno_less_careful", True),
    "bugFix_ack_": ("false", ("Agent/TCP/Newreno",), "newreno_ack_heuristic", True),
    "bugFix_ts_": ("false", ("Agent/TCP/Newreno",), "newreno_timestamp_heuristic", True),
    # Sack1TcpAgent::recv: a partial ACK answered by two segments (partial_ack_action)
    "partial_ack_": ("false", ("Agent/TCP/Sack1",), "sack1_partial_ack", True),
    # Sack1TcpAgent::dupack_action: with singledup_, the pipe less one (the segments
    # limited transmit sent), not less numdupacks
    "LimTransmitFix_": ("false", ("Agent/TCP/Sack1",), "limited_transmit_fix", True),
    # the dupack_action of TcpAgent, RenoTcpAgent, NewRenoTcpAgent and Sack1TcpAgent (a
    # fast retransmit at ACK 0) and TcpAgent::timeout (the initial window to 1 before any
    # ACK), which Reno's and Sack1's call; Fack and Vegas have their own of both
    "bugfix_ss_": ("1", ("Agent/TCP", "Agent/TCP/Reno", "Agent/TCP/Newreno", "Agent/TCP/Sack1"),
                   "first_packet_loss_fix", False),
    # TcpAgent::recv_newack_helper, which Tahoe's, Reno's, NewReno's and Sack1's new ACKs
    # call (Fack's and Vegas's have their own): opencwnd only when network_limited()
    "control_increase_": ("0", ("Agent/TCP", "Agent/TCP/Reno", "Agent/TCP/Newreno", "Agent/TCP/Sack1"),
                          "grow_only_window_limited", True),
    # the recv of TcpAgent, RenoTcpAgent, NewRenoTcpAgent and Sack1TcpAgent: an ACK below
    # last_ack_ sends nothing (Fack's and Vegas's recv send on every ACK)
    "aggressive_maxburst_": ("1", ("Agent/TCP", "Agent/TCP/Reno", "Agent/TCP/Newreno", "Agent/TCP/Sack1"),
                             "send_on_old_ack", False),
    # process_qoption_after_send in TcpAgent's send_much and send_one and in Sack1's
    # send_much, and recv_newack_helper (the timer cancelled once the application's data
    # is acknowledged): Tahoe, Reno, NewReno and Sack1 (Fack's and Vegas's are their own)
    "QOption_": ("0", ("Agent/TCP", "Agent/TCP/Reno", "Agent/TCP/Newreno", "Agent/TCP/Sack1"),
                 "window_validation", True),
}

# ns-2's variables that its agents read only with another setting on (the others' traces
# are the same whatever they say, so the import notes them and leaves them out):
# variable -> (ns-2's default, the scenario's key of that setting and ns-2's name for it,
# where ns-2 reads the variable, the scenario's key and the value it takes there)
_READ_WITH = {
    # TcpAgent::newack
    "ts_resetRTO_": ("false", "timestamps", "timestamps_", "only with the timestamp option", "ts_reset_rto", True),
    # TcpAgent::output
    "SetCWRonRetransmit_": ("true", "ecn", "ecn_", "only as it sets CWR, which a sender without ECN never does",
                            "cwr_on_retransmit", False),
    # TcpAgent::recv_newack_helper
    "old_ecn_": ("0", "ecn", "ecn_", "only on ACKs that echo a mark, which a sender without ECN never gets",
                 "ecn_open_in_echo_run", True),
}

# ns-2's SACK agents: satcc's Sack1 or Fack recovery (tcp.sack_agent) under the
# controller of the agent whose window rules they follow (Fack's own recovery cuts its
# window as a timeout does and opens it by opencwnd, whichever Reno-like controller)
_SACK_AGENTS = {"Agent/TCP/Sack1": ("Agent/TCP/Newreno", "sack1"), "Agent/TCP/Fack": ("Agent/TCP/Newreno", "fack")}


def _senders() -> dict[str, tuple[str, str | None]]:
    """ns-2's one-way TCP agents: the controller each runs (the registry row whose
    ns2_agent it is) and its SACK agent (tcp.sack_agent), if it is one."""
    from . import registry

    rows = {registry.controller(n)["ns2_agent"]: n for n in registry.controller_names()
            if registry.controller(n)["ns2_agent"] and not registry.controller(n)["rate_samples"]}
    return {**{agent: (cc, None) for agent, cc in rows.items()},
            **{agent: (rows[base], sack_agent) for agent, (base, sack_agent) in _SACK_AGENTS.items()}}


_SENDERS = _senders()
_SINKS = {"Agent/TCPSink": (False, False), "Agent/TCPSink/DelAck": (False, True),
          "Agent/TCPSink/Sack1": (True, False), "Agent/TCPSink/Sack1/DelAck": (True, True)}
# what satcc reads as made before the run: each, made by an `$ns at` event, is refused
# (until 2026-12-03 an error model placed at 5 s, say, was read as lossy from the start)
_BUILT_BEFORE_RUN = {"link": "a link made", "attach": "`$ns attach-agent`", "connect": "`$ns connect`",
                     "attach-app": "an application attached", "lossmodel": "an error model placed on a link",
                     "rtmodel": "`$ns rtmodel-at`", "rtmodel-dist": "`$ns rtmodel`", "rtproto": "`$ns rtproto`"}
# what an Agent/LossMonitor counts (loss-monitor.cc's bound variables)
_LOSSMONITOR_COUNTS = {"bytes_", "npkts_", "nlost_", "lastPktTime_", "expected_"}
# ns-source.tcl's Source/FTP maxpkts_
_SOURCE_FTP_MAXPKTS = "268435456"
_APPS = {"Application/Traffic/CBR": "cbr", "Application/Traffic/Exponential": "exponential",
         "Application/Traffic/Pareto": "pareto", "Application/Traffic/Trace": "trace"}
_APP_DEFAULTS = {"packetSize_": "210", "rate_": {"cbr": "448Kb", "exponential": "64Kb", "pareto": "64Kb"},
                 "random_": "0", "maxpkts_": "268435456", "burst_time_": "0.5", "idle_time_": "0.5", "shape_": "1.5"}
# ns-2 2.35's queue defaults
_QUEUE_DEFAULTS = {"limit_": "50", "queue_in_bytes_": "false", "mean_pktsize_": "500", "bytes_": "true",
                   "thresh_": "0", "maxthresh_": "0", "q_weight_": "-1", "wait_": "true", "linterm_": "10",
                   "setbit_": "false", "gentle_": "true", "mark_p_": "0.1"}
_RED_DEFAULTS = {"bytes_": "true", "queue_in_bytes_": "true", "targetdelay_": "0.005", "adaptive_": "0",
                 "alpha_": "0.01", "beta_": "0.9", "interval_": "0.5", "top_": "0.5", "bottom_": "0",
                 "drop_front_": "false", "drop_rand_": "false", "drop_tail_": "true", "use_mark_p_": "true",
                 "ns1_compat_": "false", "feng_adaptive_": "0", "cautious_": "0", "idle_pktsize_": "100"}
# read by adaptive RED only (adaptive_ 1: `adaptive`)
_RED_ADAPTIVE_ONLY = ("adaptive_", "alpha_", "beta_", "interval_", "top_", "bottom_")


# ------------------------------------------------------------------ running the script
def _tclsh() -> str:
    exe = shutil.which("tclsh") or shutil.which("tclsh8.6")
    if exe is None:
        raise Ns2ImportError("reading an ns-2 script needs Tcl's tclsh (apt-get install -y tcl)")
    return exe


def _beside(script_dir: Path) -> str:
    """Tcl that makes `source FILE` and `open FILE` (for reading) find a relative FILE
    beside the script, as running `ns script.tcl` in the script's folder would: the
    script runs in a scratch folder (what it writes stays there)."""
    return f"""set satcc_script_dir {{{script_dir}}}
proc satcc_beside {{f}} {{
    global satcc_script_dir
    if {{[string index $f 0] ne "|" && [file pathtype $f] eq "relative" && ![file exists $f]}} {{
        return [file join $satcc_script_dir $f]
    }}
    return $f
}}
rename source satcc_real_source
proc source {{args}} {{
    uplevel 1 [list satcc_real_source {{*}}[lrange $args 0 end-1] [satcc_beside [lindex $args end]]]
}}
if {{[info commands Tracefile] ne ""}} {{
    # ns-2's Tracefile opens its file (a trace-driven source's) from its own folder
    Tracefile instproc filename {{f}} {{ $self cmd filename [satcc_beside $f] }}
}}
rename open satcc_real_open
proc open {{name args}} {{
    set access [expr {{[llength $args] ? [lindex $args 0] : "r"}}]
    if {{$access eq "r" || $access eq "RDONLY" || $access eq [list RDONLY]}} {{ set name [satcc_beside $name] }}
    return [satcc_real_open $name {{*}}$args]
}}
"""


@functools.lru_cache(maxsize=1)
def _ns2_defaults_tcl() -> str:
    """ns-2 2.35's defaults of the variables its classes bind (ns2_vars.json), for the
    stand-in to read back what a script did not set (`[$tcp set packetSize_]` is 1000,
    not 0): each class's superclass, own defaults and the values its init sets."""
    lines = ["namespace eval ::satcc {}"]
    for c, v in sorted(_ns2_classes().items()):
        # (class and variable names hold no blanks or braces)
        lines.append(f"set ::satcc::ns2super({c}) {{{v.get('super', '')}}}")
        for kind in ("own", "made"):
            for var, val in sorted(v.get(kind, {}).items()):
                lines.append(f"set ::satcc::ns2{kind}({c},{var}) {{{val}}}")
    return "\n".join(lines) + "\n"


def record(script: str | Path, argv: list[str] | None = None, timeout_s: float = 120) -> dict:
    """Run `script` against the stand-in Simulator; what it recorded."""
    path = Path(script).resolve()
    if not path.is_file():
        raise Ns2ImportError(f"{script}: no such file")
    with tempfile.TemporaryDirectory() as d:
        out = Path(d) / "record.json"
        argv = list(argv or [])
        driver = Path(d) / "driver.tcl"
        driver.write_text(
            f"set satcc_out {{{out}}}\n"
            f"set argv [list {' '.join('{' + a + '}' for a in argv)}]\n"
            f"set argc {len(argv)}\n"
            f"set argv0 {{{path}}}\n"
            + _ns2_defaults_tcl() +
            f"source {{{PRELUDE}}}\n"
            + _beside(path.parent) +
            f"source {{{path}}}\n")
        try:
            r = subprocess.run([_tclsh(), str(driver)], capture_output=True, text=True, cwd=d, timeout=timeout_s)
        except subprocess.TimeoutExpired:
            raise Ns2ImportError(f"{script}: still running after {timeout_s:g} s in Tcl") from None
        if not out.exists():
            msg = (r.stderr or r.stdout).strip()
            first = msg.splitlines()[0] if msg else f"Tcl exited with status {r.returncode}"
            if first.startswith("satcc import: "):
                raise Ns2ImportError(f"{script}: {first[len('satcc import: '):]}")
            if r.returncode == 0:
                raise Ns2ImportError(f"{script}: the script never called `$ns run`")
            where = next((ln.strip() for ln in msg.splitlines() if "line" in ln and "file" in ln), "")
            raise Ns2ImportError(f"{script}: Tcl error: {first}" + (f" ({where})" if where else ""))
        rec = json.loads(out.read_text())
        # a trace-driven source's file, read while what the script wrote is still here
        # (the records, or why they cannot be read, for the source that uses it)
        rec["trace_files"] = {}
        for r in rec["records"]:
            if r[2] == "trace-file" and r[4] not in rec["trace_files"]:
                try:
                    rec["trace_files"][r[4]] = read_trace_file(r[4])
                except Ns2ImportError as e:
                    rec["trace_files"][r[4]] = str(e)
        return rec


# ------------------------------------------------------------------ the record, read
class _Objects:
    """Objects as the script made and set them: each object's class, the class defaults
    it was made with, its settings before `$ns run`, and its settings during the run."""

    def __init__(self, records: list[list[str]]):
        self.cls: dict[str, str] = {}
        self.order: list[str] = []
        self.made_with: dict[str, dict[tuple[str, str], str]] = {}
        self.vars: dict[str, dict[str, str]] = {}
        self.timed: dict[str, list[tuple[float, str, str]]] = {}
        # the place of each setting during the run among the script's records (beside
        # timed), and of each application's or agent's act (beside acts): what ns-2 did
        # first of two at one instant
        self.timed_seq: dict[str, list[int]] = {}
        self.act_seq: dict[str, list[int]] = {}
        # a Tracefile's file, the Tracefile a trace-driven source reads, and the files'
        # records as record() read them
        self.trace_file: dict[str, str] = {}
        self.tracefile_of: dict[str, str] = {}
        self.trace_files: dict[str, list | str] = {}
        # a TCP agent's tcpTick_ at ns-2's reset, where an event before its start changed it
        self.tick_at_reset: dict[str, float] = {}
        self.names: dict[str, str] = {}
        # what the checks of the objects' variables noted (names ns-2 leaves unread)
        self.notes: list[str] = []
        # class settings as `$ns run` starts, and those made during the run (for objects
        # ns-2 makes during the run: an FQ link's per-flow queues)
        self.class_at_run: dict[tuple[str, str], str] = {}
        self.class_during_run: list[tuple[float, str, str, str]] = []
        # links traced (made after `$ns trace-all` or `namtrace-all`, or given to
        # `trace-queue`): they have a drop trace (drpT_)
        self.traced: set[str] = set()
        defaults: dict[tuple[str, str], str] = {}
        queue_of: dict[str, str] = {}
        for seq, r in enumerate(records):
            now, running, kind, *rest = r
            if kind == "link":
                queue_of[rest[0]] = rest[6]
            elif kind == "queue-limit" and running != "1":
                # `$ns queue-limit` before the run sets the queue's limit_, in its place
                # among the script's own `$q set limit_` (the last one standing)
                self.vars[queue_of[rest[0]]]["limit_"] = rest[1]
            elif kind == "new":
                h, c = rest
                self.cls[h] = c
                self.order.append(h)
                self.made_with[h] = dict(defaults)
                self.vars[h] = {}
            elif kind == "class-set":
                c, var, val = rest
                defaults[(c, var)] = val
                if running == "1":
                    self.class_during_run.append((float(now), c, var, val))
                else:
                    self.class_at_run[(c, var)] = val
            elif kind == "traced":
                self.traced.add(rest[0])
            elif kind == "set":
                h, var, val = rest
                var, val = self._source_compat(h, var, val)
                if running == "1":
                    self.timed.setdefault(h, []).append((float(now), var, val))
                    self.timed_seq.setdefault(h, []).append(seq)
                else:
                    self.vars[h][var] = val
            elif kind == "name":
                h, name = rest
                self.names.setdefault(h, name)

    def _source_compat(self, h: str, var: str, val: str) -> tuple[str, str]:
        """A traffic source's setting as ns-2 2.35's ns-source.tcl takes it: its
        `Application/Traffic instproc set` reads `packet_size_` as packetSize_, and the
        CBR source's turns `interval_` into rate_ = packetSize_ x 8 / interval_ with the
        packet size of that moment (a packetSize_ set later leaves rate_ as it is).
        Both are procs of a source, not of its class: a class's `packet_size_` or
        `interval_` is left unused in ns-2 (`_source` refuses them)."""
        cls = self.cls.get(h, "")
        if not cls.startswith("Application/Traffic/"):
            return var, val
        if var == "packet_size_":
            return "packetSize_", val
        if var == "interval_" and cls == "Application/Traffic/CBR":
            size = self.get(h, "packetSize_", _APP_DEFAULTS["packetSize_"])[0]
            what = f"{self.label(h)} interval_"
            interval = seconds(val, what)
            if not interval > 0:
                raise Ns2ImportError(f"{what}: {val!r}: ns-2 divides the packet size by it; give a time above 0")
            return "rate_", repr(_num(size, f"{self.label(h)} packetSize_") * 8.0 / interval)
        return var, val

    def get(self, h: str, var: str, default: str | None) -> tuple[str | None, bool]:
        """The value of `var` on `h` as ns-2 resolves it, and whether the script set it
        (on the object or a class of it)."""
        if var in self.vars[h]:
            return self.vars[h][var], True
        own = _ns2_classes()
        for c in ns2_heritage(self.cls[h]):
            if (c, var) in self.made_with[h]:
                return self.made_with[h][(c, var)], True
            if var in own.get(c, {}).get("own", {}):
                # ns-2's own default on this class hides its superclasses' settings
                return default, False
        return default, False

    def set_vars(self, h: str) -> set[str]:
        """The variables the script set on `h` or on one of its classes."""
        out = set(self.vars[h])
        for c in ns2_heritage(self.cls[h]):
            out |= {v for (k, v) in self.made_with[h] if k == c}
        return out

    def label(self, h: str) -> str:
        """The script's name for `h` (its variable; tcp(0) reads tcp0), else its class."""
        n = self.names.get(h)
        if n is None:
            return f"{self.cls[h].rsplit('/', 1)[-1].lower()}{h[2:]}"
        return re.sub(r"[^A-Za-z0-9_.-]", "", n.replace("(", "").replace(")", "")) or h


def _same(a: str, b: str) -> bool:
    if str(a).strip().lower() in ("true", "false") or str(b).strip().lower() in ("true", "false"):
        return _bool(a, "") == _bool(b, "")
    try:
        return float(a) == float(b)
    except ValueError:
        return str(a) == str(b)


@functools.cache
def _ns2_classes() -> dict[str, dict]:
    return json.loads(NS2_VARS.read_text())["classes"]


def ns2_heritage(cls: str, classes: dict | None = None) -> list[str]:
    """`cls` and its superclasses in ns-2 2.35 (by name above a class ns-2's list lacks)."""
    t = _ns2_classes() if classes is None else classes
    out = []
    while cls:
        out.append(cls)
        cls = t[cls]["super"] if cls in t else cls.rpartition("/")[0]
    return out


def ns2_default(cls: str, var: str, classes: dict | None = None) -> str | None:
    """ns-2 2.35's value of `var` on a new `cls` object that nothing set, or None if `cls`
    has no such variable (a name ns-2 would keep as a plain Tcl variable)."""
    t = _ns2_classes() if classes is None else classes
    if var in t.get(cls, {}).get("made", {}):
        return t[cls]["made"][var]
    for c in ns2_heritage(cls, t):
        if var in t.get(c, {}).get("own", {}):
            return t[c]["own"][var]
    return None


_NUMBER = r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*"
_TIME_SETTING = re.compile(f"^{_NUMBER}([munp]?)s\\s*$")
_RATE_SETTING = re.compile(f"^{_NUMBER}([kKmMgG]?)([bB])\\s*$")


def same_setting(a: str | None, b: str | None) -> bool:
    """Whether two settings of a variable are the same to ns-2: as booleans or numbers, or
    as times (10ms) or rates (448Kb) written with their units."""
    if a is None or b is None:
        return a is b
    if _same(a, b):
        return True

    def value(x: str) -> float | None:
        if _TIME_SETTING.match(x):
            return seconds(x, "")
        if _RATE_SETTING.match(x):
            return bandwidth(x, "")
        try:
            return float(x)
        except ValueError:
            return None

    va, vb = value(str(a)), value(str(b))
    return va is not None and va == vb


def _unknown_vars(objs: _Objects, h: str, known: set[str], what: str) -> None:
    """Check the variables the script set on `h` (or its classes) beyond the `known` ones
    satcc reads: a variable of its ns-2 class (NS2_VARS) is taken at ns-2's default and
    refused at any other value; a name the class does not have is one ns-2 keeps as a
    plain Tcl variable that nothing reads, and is left out with a note."""
    import difflib

    cls = objs.cls[h]
    listed = any(c in _ns2_classes() for c in ns2_heritage(cls))
    for var in sorted(objs.set_vars(h) - known - _IGNORED):
        close = difflib.get_close_matches(var.lower(), {k.lower(): k for k in known}, n=1, cutoff=0.75)
        hint = f" (did you mean {next(k for k in known if k.lower() == close[0])}?)" if close else ""
        if not listed:
            raise Ns2ImportError(f"{what}: {var} is not a variable satcc reads{hint}; satcc does not know the "
                                 f"variables of ns-2's {cls}: correct it or leave it out")
        default = ns2_default(cls, var)
        if default is None:
            objs.notes.append(f"{what}: {var} is not a variable of ns-2's {cls}{hint}: ns-2 keeps it as a Tcl "
                              "variable that nothing reads, and satcc leaves it out")
            continue
        val = objs.get(h, var, default)[0]
        if not same_setting(val, default):
            raise Ns2ImportError(f"{what}: {var} {val} is not modelled by satcc (only ns-2's default, {default})")


# Queue variables that feed ns-2's statistics only: summarystats_ (Queue::updateStats'
# time-averaged queue, true_ave_) and the utilization estimate (utilUpdate's decay and
# records), which none of the queues satcc models reads. Any value runs the same packets
# (ns2/scripts/queue_statistics.tcl); the import notes them and leaves them out.
_QUEUE_STATISTICS = ("summarystats_", "util_weight_", "util_check_intv_", "util_records_")


def _unknown_queue_vars(objs: _Objects, q: str, known: set[str], what: str) -> None:
    """`_unknown_vars` for a queue, its statistics-only variables (_QUEUE_STATISTICS)
    noted rather than refused."""
    cls, changed = objs.cls[q], []
    for var in _QUEUE_STATISTICS:
        default = ns2_default(cls, var)
        if default is not None and var in objs.set_vars(q):
            val = objs.get(q, var, default)[0]
            if not same_setting(val, default):
                changed.append(f"{var} {val}")
    if changed:
        objs.notes.append(f"{what}: {', '.join(changed)}: ns-2's queue statistics only (they change no packet); "
                          "left out")
    _unknown_vars(objs, q, known | set(_QUEUE_STATISTICS), what)


def _red_automatic(th: float, maxth: float, wq: float, ptc: float, delay_s: float, targetdelay: float,
                   what: str) -> tuple[float, float, float]:
    """ns-2 2.35's REDQueue::initialize_params: the thresholds (packets) and the weight
    that `thresh_ 0`, `maxthresh_ 0` and `q_weight_` 0, -1 or -2 (2.35's defaults are 0,
    0 and -1) stand for, from the link's packets per second at mean_pktsize_ (`ptc`) and
    its delay, in ns-2's double arithmetic and order."""
    if wq == 0.0:
        wq = 1.0 - math.exp(-1.0 / ptc)
    elif wq == -1.0:
        rtt = 3.0 * (delay_s + 1.0 / ptc)
        if rtt < 0.1:
            rtt = 0.1
        wq = 1.0 - math.exp(-1.0 / (10 * rtt * ptc))
    elif wq == -2.0:
        wq = 1.0 - math.exp(-10.0 / ptc)
    elif wq < 0.0:
        raise Ns2ImportError(f"{what}: q_weight_ {wq!r}: ns-2 reads 0, -1 and -2 as automatic weights and keeps "
                             "other negative ones as they are, which no average can use; give a weight in (0, 1]")
    if th == 0:
        th = 5.0
        # half the queue that targetdelay_ holds, if that is more than 5 packets
        targetqueue = targetdelay * ptc
        if th < targetqueue / 2.0:
            th = targetqueue / 2.0
    if maxth == 0:
        maxth = 3.0 * th
    return th, maxth, wq


def _queue(objs: _Objects, q: str, what: str, notes: list[str], rate_bps: float, delay_s: float) -> dict:
    kind = objs.cls[q].split("/", 1)[-1]

    def get(var):
        return objs.get(q, var, {**_QUEUE_DEFAULTS, **(_RED_DEFAULTS if kind == "RED" else {})}.get(var))[0]

    limit = _c_int(get("limit_"), f"{what} limit_")
    if kind == "DropTail":
        _unknown_queue_vars(objs, q, {"limit_", "queue_in_bytes_", "mean_pktsize_", "drop_front_"}, what)
        # drop_front_: a full buffer drops its head, not the arrival
        front = {"drop_front": True} if _bool(objs.get(q, "drop_front_", "false")[0], f"{what} drop_front_") else {}
        if _bool(get("queue_in_bytes_"), f"{what} queue_in_bytes_"):
            return {"type": "droptail", "limit_bytes": limit * _c_int(get("mean_pktsize_"), f"{what} mean_pktsize_"),
                    **front}
        # ns-2's DropTail drops an arrival once length + 1 >= limit_: a limit of 0 (or
        # below) drops every packet, as a limit of 1 does
        return {"type": "droptail", "limit_pkts": max(limit, 1), **front}
    if kind == "RED":
        mean = _c_int(get("mean_pktsize_"), f"{what} mean_pktsize_")
        if mean < 1:
            raise Ns2ImportError(f"{what}: mean_pktsize_ {mean}: must be a positive number of bytes")
        th, maxth, wq = (_num(get(v), f"{what} {v}") for v in ("thresh_", "maxthresh_", "q_weight_"))
        th0, maxth0 = th, maxth
        auto = _red_automatic(th, maxth, wq, rate_bps / (8.0 * mean), delay_s,
                              _num(get("targetdelay_"), f"{what} targetdelay_"), what)
        if auto != (th, maxth, wq):
            notes.append(f"{what}: RED's automatic settings as ns-2 computes them from the link (thresh_ "
                         f"{auto[0]!r}, maxthresh_ {auto[1]!r}, q_weight_ {auto[2]!r})")
        th, maxth, wq = auto
        if maxth < th:
            raise Ns2ImportError(f"{what}: maxthresh_ {maxth:g} is below thresh_ {th:g}"
                                 f"{' (as ns-2 computes them from the link)' if auto[:2] != (th0, maxth0) else ''}: "
                                 "not modelled (satcc's RED needs maxthresh_ at least thresh_; equal thresholds, "
                                 "a step at one K, are)")
        known = {"limit_", "thresh_", "maxthresh_", "q_weight_", "linterm_", "gentle_", "wait_", "mean_pktsize_",
                 "setbit_", "mark_p_", "use_mark_p_", "ns1_compat_", "thresh_queue_", "maxthresh_queue_", "targetdelay_",
                 "bytes_", "queue_in_bytes_", "drop_front_", "drop_rand_", "drop_tail_", "feng_adaptive_",
                 "cautious_", "idle_pktsize_", *_RED_ADAPTIVE_ONLY}
        _unknown_queue_vars(objs, q, known, what)
        # the packet a forced drop takes (REDQueue::pickPacketToDrop): drop_front_ first,
        # then drop_rand_, else the arrival; drop_tail_ is never read
        front, rand = (_bool(get(v), f"{what} {v}") for v in ("drop_front_", "drop_rand_"))
        if not _bool(get("drop_tail_"), f"{what} drop_tail_") and not (front or rand):
            notes.append(f"{what}: drop_tail_ false: ns-2's RED never reads it, and with drop_front_ and drop_rand_ "
                         "false its forced drops take the arrival all the same")
        out = {"type": "red", "limit_pkts": limit, "min_th_pkts": th, "max_th_pkts": maxth, "w_q": wq,
               "max_p": _linterm(get("linterm_"), f"{what} linterm_"),
               "gentle": _bool(get("gentle_"), f"{what} gentle_"), "wait": _bool(get("wait_"), f"{what} wait_"),
               "mean_pkt_bytes": mean}
        if _bool(get("queue_in_bytes_"), f"{what} queue_in_bytes_"):
            out["queue_in_bytes"] = True
        if _bool(get("bytes_"), f"{what} bytes_"):
            out["byte_mode"] = True
        if _bool(get("setbit_"), f"{what} setbit_"):
            out["ecn"] = True
            out["mark_p"] = _num(get("mark_p_"), f"{what} mark_p_")
        # use_mark_p_ false (ns-2's default before 2005, kept by its test suites): an
        # average above max_th (twice it with gentle_) forces drops; marks ignore mark_p_
        if not _bool(get("use_mark_p_"), f"{what} use_mark_p_"):
            out["use_mark_p"] = False
        # ns1_compat_ true (ns-1's RED, set by ns-2's RED test suite): forced drops keep the count
        if _bool(get("ns1_compat_"), f"{what} ns1_compat_"):
            out["forced_drop_restarts_count"] = False
        if front or rand:
            out["forced_drop"] = "front" if front else "random"
        adaptive = _c_int(get("adaptive_"), f"{what} adaptive_")
        if adaptive not in (0, 1):
            raise Ns2ImportError(f"{what}: adaptive_ {adaptive} is not modelled (0, and 1: Adaptive RED)")
        feng = _c_int(get("feng_adaptive_"), f"{what} feng_adaptive_")
        if adaptive:
            # Adaptive RED (ns-2's estimator with adaptive_ 1): max_p moved within [bottom,
            # top], or by Feng et al.'s rule with feng_adaptive_ 1 (updateMaxPFeng)
            bottom = _num(get("bottom_"), f"{what} bottom_")
            out["adaptive"] = {"alpha": _num(get("alpha_"), f"{what} alpha_"),
                               "beta": _num(get("beta_"), f"{what} beta_"),
                               "interval_s": _num(get("interval_"), f"{what} interval_"),
                               "top": _num(get("top_"), f"{what} top_"), **({"bottom": bottom} if bottom else {}),
                               **({"variant": "feng"} if feng == 1 else {})}
        elif feng:
            notes.append(f"{what}: feng_adaptive_ {feng}: read with adaptive_ 1 only (ns-2's estimator); left out")
        # cautious_ (REDQueue::drop_early and enque): 1 and 2 on early drops, 3 on the idle
        # ageing by idle_pktsize_; ns-2 tests for these values only
        cautious = _c_int(get("cautious_"), f"{what} cautious_")
        if cautious in (1, 2, 3):
            out["cautious"] = {1: "skip", 2: "scale", 3: "idle"}[cautious]
        elif cautious:
            notes.append(f"{what}: cautious_ {cautious}: ns-2 acts on 1, 2 and 3 only; left out")
        idle_size = _c_int(get("idle_pktsize_"), f"{what} idle_pktsize_")
        if cautious == 3:
            if idle_size <= 0:
                raise Ns2ImportError(f"{what}: idle_pktsize_ {idle_size} with cautious_ 3: ns-2 divides by it "
                                     "(allowed: a positive size)")
            out["idle_pkt_bytes"] = idle_size
        elif idle_size != 100:
            notes.append(f"{what}: idle_pktsize_ {idle_size}: read with cautious_ 3 only; left out")
        return out
    if kind in ("SFQ", "DRR"):
        return _fair_queue(objs, q, kind, what, notes)
    if kind == "FQ":
        return _fq_queue(objs, q, what, notes)
    if kind == "PI":
        return _pi_queue(objs, q, what, limit)
    if kind == "REM":
        return _rem_queue(objs, q, what, limit)
    raise Ns2ImportError(f"{what}: queue type {kind} is not modelled (DropTail, RED, PI, REM, SFQ, DRR and FQ are)")


# ns-2 2.35's Queue/PI defaults (ns-default.tcl)
_PI_DEFAULTS = {"a_": "1.822e-05", "b_": "1.816e-05", "w_": "170", "qref_": "50", "mean_pktsize_": "500",
                "bytes_": "false", "queue_in_bytes_": "false", "setbit_": "false"}


def _pi_queue(objs: _Objects, q: str, what: str, limit: int) -> dict:
    """ns-2's PI queue: its gains, sampling rate and reference, and its buffer limit_."""
    _unknown_queue_vars(objs, q, {"limit_", *_PI_DEFAULTS}, what)

    def get(var):
        return objs.get(q, var, _PI_DEFAULTS[var])[0]

    w = _num(get("w_"), f"{what} w_")
    if not w > 0:
        raise Ns2ImportError(f"{what}: w_ {w}: must be above 0 (ns-2's PI samples the queue every 1/w_ s)")
    if limit < 1:
        raise Ns2ImportError(f"{what}: limit_ {limit}: must be at least 1 (ns-2's PI drops every packet below it)")
    out = {"type": "pi", "limit_pkts": limit, "a": _num(get("a_"), f"{what} a_"), "b": _num(get("b_"), f"{what} b_"),
           "w_hz": w, "qref_pkts": _num(get("qref_"), f"{what} qref_"),
           "mean_pkt_bytes": _c_int(get("mean_pktsize_"), f"{what} mean_pktsize_")}
    for var, key in (("queue_in_bytes_", "queue_in_bytes"), ("bytes_", "byte_mode"), ("setbit_", "ecn")):
        if _bool(get(var), f"{what} {var}"):
            out[key] = True
    return out


# ns-2 2.35's Queue/REM defaults (ns-default.tcl); prob_, curq_ and pmark_ are what it
# reports (its reset clears prob_ when `$ns run` starts)
_REM_DEFAULTS = {"gamma_": "0.001", "phi_": "1.001", "inw_": "1", "pupdtime_": "0.002", "pbo_": "20.0",
                 "mean_pktsize_": "1000", "qib_": "false", "markpkts_": "false"}
_REM_REPORTS = ("prob_", "curq_", "pmark_")


def _rem_queue(objs: _Objects, q: str, what: str, limit: int) -> dict:
    """ns-2's REM queue, dropping or marking (markpkts_): its price's settings and its
    buffer limit_."""
    _unknown_queue_vars(objs, q, {"limit_", *_REM_DEFAULTS, *_REM_REPORTS}, what)

    def get(var):
        return objs.get(q, var, _REM_DEFAULTS[var])[0]

    interval = _num(get("pupdtime_"), f"{what} pupdtime_")
    if not interval > 0:
        raise Ns2ImportError(f"{what}: pupdtime_ {interval}: must be above 0 (ns-2's REM updates its price every "
                             "pupdtime_ s)")
    mean = _int(get("mean_pktsize_"), f"{what} mean_pktsize_")
    if mean < 1:
        raise Ns2ImportError(f"{what}: mean_pktsize_ {mean}: must be a positive number of bytes")
    if limit < 1:
        raise Ns2ImportError(f"{what}: limit_ {limit}: must be at least 1")
    out = {"type": "rem", "limit_pkts": limit, "gamma": _num(get("gamma_"), f"{what} gamma_"),
           "phi": _num(get("phi_"), f"{what} phi_"), "inw": _num(get("inw_"), f"{what} inw_"),
           "update_interval_s": interval, "b0_pkts": _num(get("pbo_"), f"{what} pbo_"), "mean_pkt_bytes": mean}
    for key, lo, hi in (("gamma", 0.0, None), ("phi", 1.0, None), ("inw", 0.0, 1.0)):
        if out[key] < lo or (hi is not None and out[key] > hi):
            raise Ns2ImportError(f"{what}: {key}_ {out[key]}: not modelled (from {lo}{f' to {hi}' if hi else ''} is)")
    if _bool(get("qib_"), f"{what} qib_"):
        out["queue_in_bytes"] = True
    if _bool(get("markpkts_"), f"{what} markpkts_"):
        out["ecn"] = True
    return out


# ns-2 2.35's fair schedulers' defaults (ns-default.tcl and their constructors)
_SFQ_DEFAULTS = {"maxqueue_": "40", "buckets_": "16"}
_DRR_DEFAULTS = {"blimit_": "25000", "quantum_": "250", "buckets_": "10", "mask_": "0"}


def _fair_queue(objs: _Objects, q: str, kind: str, what: str, notes: list[str]) -> dict:
    """ns-2's SFQ or DRR queue: their own buffer settings (maxqueue_, blimit_), not the
    limit_ that `$ns queue-limit` sets, which they never read."""
    defaults = _SFQ_DEFAULTS if kind == "SFQ" else _DRR_DEFAULTS
    _unknown_queue_vars(objs, q, {"limit_", *defaults}, what)
    if objs.get(q, "limit_", "50")[1]:
        buffer = "maxqueue_ (packets)" if kind == "SFQ" else "blimit_ (bytes)"
        notes.append(f"{what}: limit_ (`$ns queue-limit`) is not read by ns-2's {kind}, whose buffer is {buffer}")

    def whole(var, least):
        n = _c_int(objs.get(q, var, defaults[var])[0], f"{what} {var}")
        if n < least:
            raise Ns2ImportError(f"{what}: {var} {n}: must be at least {least} (ns-2's {kind} "
                                 + ("drops every packet" if var in ("maxqueue_", "blimit_") else
                                    "never sends a packet" if var == "quantum_" else "needs a queue") + " below it)")
        return n

    if kind == "SFQ":
        return {"type": "sfq", "limit_pkts": whole("maxqueue_", 1), "buckets": whole("buckets_", 1)}
    return {"type": "drr", "limit_bytes": whole("blimit_", 1), "quantum_bytes": whole("quantum_", 1),
            "buckets": whole("buckets_", 1), "mask": _c_int(objs.get(q, "mask_", "0")[0], f"{what} mask_") != 0}


def _delayer(objs: _Objects, dl: str | None, acts: dict, rvs: dict, own_rng: dict, d: dict, queue: dict,
             duration_s: float) -> dict | None:
    """A link direction's Delayer (`$ns insert-delayer`), its blocks from its `block`
    and `unblock` (before the run: blocked from the start), its random spikes and channel
    allocation, or None without one."""
    if dl is None:
        return None
    what = f"{d['where']}: Delayer {objs.label(dl)}"
    if queue["type"] != "droptail" or "limit_pkts" not in queue or queue.get("drop_front"):
        raise Ns2ImportError(f"{what} after a queue other than a DropTail of packets is not modelled (a "
                             "Delayer after ns-2's DropTail, without queue_in_bytes_ or drop_front_, is)")
    out: dict = {}
    for name, keys in (("spike", ("interval", "length")), ("alloc", ("idle", "delay"))):
        got = rvs.get(dl, {}).get(name)
        if got is None:
            continue
        laws = {}
        for key, rv in zip(keys, got[:2]):
            if rv in own_rng:
                raise Ns2ImportError(f"{what}: {name} with {objs.label(rv)} drawing from an RNG of its own is not "
                                     "modelled (its draws during the run come from ns-2's default generator in satcc)")
            laws[key] = _law(objs, rv, f"{what} {name} {objs.label(rv)}")
        if name == "spike":
            if acts.get(dl):
                raise Ns2ImportError(f"{what}: block or unblock on a Delayer with random spikes is not modelled (ns-2 "
                                     "refuses block there, and unblock ends a spike its timer then ends again)")
            out["spikes"] = {**laws, "first_at_s": float(got[2])}
        else:
            out["alloc"] = laws
    blocks: list[dict] = []
    blocked_at: float | None = None
    for t, method in acts.get(dl, []):
        if t is not None and t > duration_s:
            continue
        if t == 0.0:
            raise Ns2ImportError(f"{what}: {method} at 0 s is not modelled (satcc takes a block at 0 s as given "
                                 "before `$ns run`, before the run's first events: give it there, or after 0 s)")
        at = 0.0 if t is None else t
        if method == "block" and blocked_at is None:
            blocked_at = at
        elif method == "unblock" and blocked_at is not None:
            if at == blocked_at:
                raise Ns2ImportError(f"{what}: block and unblock at one instant ({at:g} s) is not modelled")
            blocks.append({"at_s": blocked_at, "until_s": at})
            blocked_at = None
        # (a block while blocked, or an unblock while not, changes nothing in ns-2)
    if blocked_at is not None:
        blocks.append({"at_s": blocked_at})
    return {**({"blocks": blocks} if blocks else {}), **out}


def _fq_queue(objs: _Objects, q: str, what: str, notes: list[str]) -> dict:
    """ns-2's FQ (a link made with type FQ, an FQLink): each flow's queue is a
    Queue/DropTail that FQLink makes when the flow's first packet comes, with the class's
    settings then; the FQ's own limit_ is never read, and its secsPerByte_ is 8 / the
    link's bandwidth (FQLink's init)."""
    if objs.get(q, "secsPerByte_", "0")[1]:
        raise Ns2ImportError(f"{what}: secsPerByte_ set by the script is not modelled (satcc's FQ takes FQLink's, "
                             "8 / the link's bandwidth)")
    _unknown_queue_vars(objs, q, {"limit_", "secsPerByte_"}, what)
    if objs.get(q, "limit_", "50")[1]:
        notes.append(f"{what}: limit_ (`$ns queue-limit`) is not read by ns-2's FQ, whose flows' queues are "
                     "DropTails of the class's limit_")
    manage = objs.class_at_run.get(("FQLink", "queueManagement_"), "DropTail")
    if manage != "DropTail":
        raise Ns2ImportError(f"{what}: FQLink's queueManagement_ {manage} is not modelled (its flows' queues as "
                             "DropTail are)")
    heritage = ns2_heritage("Queue/DropTail")
    for _, c, var, _ in objs.class_during_run:
        if c in heritage:
            raise Ns2ImportError(f"{what}: {c} {var} set during the run is not modelled with an FQ link (its flows' "
                                 "queues take the class's settings when each flow's first packet comes; set it "
                                 "before `$ns run`)")

    def cls_get(var: str) -> str:
        for c in heritage:
            if (c, var) in objs.class_at_run:
                return objs.class_at_run[(c, var)]
        return ns2_default("Queue/DropTail", var) or "0"

    for var in ("drop_front_", "queue_in_bytes_"):
        if _bool(cls_get(var), f"{what}: Queue/DropTail {var}"):
            raise Ns2ImportError(f"{what}: Queue/DropTail {var} true with an FQ link is not modelled (its flows' "
                                 "queues as DropTails of packets dropping the arrival are)")
    # ns-2's DropTail drops an arrival once length + 1 >= limit_ (0 or below: as 1)
    return {"type": "fq", "limit_pkts": max(_c_int(cls_get("limit_"), f"{what}: Queue/DropTail limit_"), 1)}


def _fq_flow_ids(objs: _Objects, made: list, flows: list[dict], fq_links: list[str]) -> None:
    """An FQ link's scheduler keeps one slot per flow id (fid_, below 32) and breaks
    ties to the lowest; satcc's keeps one per flow in the scenario's order. Refused
    unless the flows' ids are distinct, below 32, and in that order."""
    fid = {id(f): (a, _c_int(objs.get(a, "fid_", "0")[0], f"{objs.label(a)} fid_")) for a, _, f in made}
    ids = [fid[id(f)] for f in flows if id(f) in fid]
    where = fq_links[0]
    for (a, k) in ids:
        if not 0 <= k < 32:
            raise Ns2ImportError(f"{where}: an FQ link with {objs.label(a)} fid_ {k} is not modelled: ns-2's FQ "
                                 "keeps 32 flow ids (0 to 31) and aborts on another")
    for (a, k), (b, m) in zip(ids, ids[1:]):
        if m <= k:
            same = "share fid_" if m == k else "have fid_ out of their order"
            raise Ns2ImportError(f"{where}: an FQ link with flows that {same} ({objs.label(a)} {k}, {objs.label(b)} "
                                 f"{m}) is not modelled: ns-2's FQ keeps one queue per flow id (a second flow of "
                                 "one id takes the first's place) and breaks ties to the lowest id, satcc's FQ one "
                                 "per flow in the order they are connected; give each flow its own fid_, rising "
                                 "in that order")


def to_scenario(rec: dict, name: str = "ns2-import", duration_s: float | None = None) -> Imported:
    """The scenario dict that `record()`'s output describes."""
    records = rec["records"]
    notes = list(rec.get("notes", []))
    _C_INT_NOTES.clear()
    objs = _Objects(records)
    objs.trace_files = rec.get("trace_files", {})
    nodes = [h for h in objs.order if objs.cls[h] == "Node"]
    node_name = {}
    for h in nodes:
        n = objs.label(h)
        while n in node_name.values():
            n += "_"
        node_name[h] = n
    # links, by direction
    direction: dict[tuple[str, str], dict] = {}
    link_of: dict[str, tuple[str, str]] = {}
    delay_link: dict[str, tuple[str, str]] = {}
    attach: dict[str, str] = {}
    connects: list[tuple[str, str]] = []
    app_of: dict[str, str] = {}
    acts: dict[str, list[tuple[float, str, list[str]]]] = {}
    # ns-2's Delayers: the one after each link's queue, and each one's blocks and
    # unblocks (time, or None before the run; the command)
    delayer_of: dict[str, str] = {}
    delayer_acts: dict[str, list[tuple[float | None, str]]] = {}
    # their random spikes (INT, LEN, the first spike's time) and channel allocation
    # (INT, LEN), each given before the run
    delayer_rv: dict[str, dict[str, tuple]] = {}
    errors: list[tuple[str, str, str]] = []
    em_unit: dict[str, str] = {}
    # ErrorModule: each module's bindings (model, first and last flow id) and default
    em_binds: dict[str, list[tuple[str, int, int]]] = {}
    em_default: dict[str, str] = {}
    drop_elsewhere: set[str] = set()
    em_ranvar: dict[str, str] = {}
    em_laws: dict[str, dict[int, str]] = {}
    em_droplist: dict[str, str] = {}
    seeds: list[tuple[float, bool, str]] = []
    detached: dict[str, float] = {}
    # the link dynamics' models in the order the script made them (rtmodel-at's and
    # rtmodel's), run as ns-2's rtQueue runs them once the run's end is known
    models: list[tuple[str, tuple, list[tuple[str, str]]]] = []
    own_rng: dict[str, str] = {}
    rtproto = ""  # the routing protocol `$ns rtproto` names (Session, DV), if any
    # ns-2's default generator before the run (seed 1 unless the script seeds it): the
    # draws its TCP agents make as they are made and as `$ns run` resets them
    gen = _PreRunDraws()
    attached: dict[str, list[str]] = {}
    for seq, r in enumerate(records):
        now, running, kind, *rest = r
        if running == "1" and kind in _BUILT_BEFORE_RUN:
            # a piece of the network made in an `$ns at` event exists from then on in ns-2;
            # satcc's scenario has it from the start
            raise Ns2ImportError(f"{_BUILT_BEFORE_RUN[kind]} in an `$ns at` event (at {float(now):g} s) is not "
                                 "modelled: give it before `$ns run`")
        if kind == "new" and running != "1":
            gen.made(rest[1])
        elif kind == "reset-order":
            if rest[0] != "8.6":
                # ns-2 2.35 runs on Tcl 8.6, whose hash order of the node numbers this is
                gen.why = f"the nodes' reset order is Tcl 8.6's, and this tclsh is {rest[0]}"
            gen.reset(rest[1:], attached, objs)
        if kind == "link":
            l, a, b, bw, delay, qtype, q, d = rest
            where = f"link {objs.label(a)} -> {objs.label(b)}"
            delay_s = seconds(delay, f"{where}: delay")
            direction[(a, b)] = {"rate_bps": bandwidth(bw, f"{where}: bandwidth"), "delay_s": delay_s,
                                 "delay_ms": delay_s * 1000.0, "q": q, "d": d, "where": where}
            link_of[l] = (a, b)
            delay_link[d] = (a, b)
        elif kind == "relink":
            a, b = rest
            notes.append(f"a second link from {objs.label(a)} to {objs.label(b)} takes the place of the first, as in "
                         "ns-2 (its Simulator keeps the last link made between two nodes; the first carries nothing)")
        elif kind == "queue-limit":
            l, n = rest
            a, b = link_of[l]
            if running == "1":
                # `$ns queue-limit` in an `$ns at` event sets the queue's limit_ then: a
                # change during the run, as `$q set limit_` would be
                objs.timed.setdefault(direction[(a, b)]["q"], []).append((float(now), "limit_", n))
            # (before the run: taken in order with the queue's other settings, _Objects)
        elif kind == "attach":
            node, agent = rest
            attach[agent] = node
            if running != "1":
                attached.setdefault(node, []).append(agent)
        elif kind == "connect":
            connects.append((rest[0], rest[1]))
        elif kind == "attach-app":
            app, agent = rest
            if agent in app_of.values():
                raise Ns2ImportError(f"{objs.label(agent)}: more than one application on one agent")
            app_of[app] = agent
        elif kind == "act":
            h, method, *args = rest
            if running != "1":
                # (an agent satcc does not model is named as such, whatever it is told)
                _refuse_unmodelled_agent(objs.cls.get(h, ""), objs.label(h))
                raise Ns2ImportError(f"{objs.label(h)} {method}: given before `$ns run` (ns-2 acts at an `$ns at` time)")
            acts.setdefault(h, []).append((float(now), method, args))
            objs.act_seq.setdefault(h, []).append(seq)
        elif kind == "insert-delayer":
            lnk, dl = rest
            if lnk in delayer_of:
                # ns-queue.tcl prints "Delayer already inserted" and keeps the first
                notes.append(f"{objs.label(dl)}: a second Delayer on one link is not inserted (ns-2 keeps the first)")
                continue
            if dl in delayer_of.values():
                raise Ns2ImportError(f"{objs.label(dl)}: one Delayer inserted on two links is not modelled (ns-2 "
                                     "sends both links' packets to the second link)")
            delayer_of[lnk] = dl
        elif kind in ("delayer-spike", "delayer-alloc"):
            h, *rvs = rest
            delayer_rv.setdefault(h, {})[kind[8:]] = tuple(rvs)
        elif kind == "delayer-act":
            h, method = rest
            delayer_acts.setdefault(h, []).append((float(now) if running == "1" else None, method))
        elif kind == "lossmodel":
            how, em, l = rest
            errors.append((how, em, l))
            drop_elsewhere.discard(em)
        elif kind == "trace-file":
            objs.trace_file[rest[0]] = rest[1]
        elif kind == "attach-tracefile":
            objs.tracefile_of[rest[0]] = rest[1]
        elif kind == "em-unit":
            em_unit[rest[0]] = rest[1]
        elif kind == "em-bind":
            m, em, a, b = rest[0], rest[1], rest[2], rest[3]
            em_binds.setdefault(m, []).append((em, _c_int(a, f"{objs.label(m)} bind"), _c_int(b, f"{objs.label(m)} bind")))
        elif kind == "em-default":
            if rest[1] != "pass" and not any(m == rest[1] for m, _, _ in em_binds.get(rest[0], [])):
                # ErrorModule's default finds the model's classifier slot, which only a
                # bind has made: ns-2 prints that it "couldn't find" it, and keeps the
                # default it had
                notes.append(f"{objs.label(rest[0])} default {objs.label(rest[1])}: the model is bound to no flow id "
                             "yet, so ns-2 cannot find it in the module's classifier and leaves the default as it "
                             "was")
            else:
                em_default[rest[0]] = rest[1]
        elif kind == "em-drop-target":
            # placing an error model on a link sets its drop target to the link's drop
            # head (where the queue monitor counts drops); a target set after that stands
            if any(e == rest[0] for _, e, _ in errors):
                drop_elsewhere.add(rest[0])
            else:
                drop_elsewhere.discard(rest[0])
        elif kind == "em-ranvar":
            em_ranvar[rest[0]] = rest[1]
        elif kind == "em-law":
            em, i, rv = rest
            if i not in ("0", "1"):
                raise Ns2ImportError(f"{objs.label(em)} ranvar {i}: ns-2's TwoState model has ranvar 0 and 1 only")
            em_laws.setdefault(em, {})[int(i)] = rv
        elif kind == "em-droplist":
            em_droplist[rest[0]] = rest[1]
        elif kind == "seed":
            if objs.names.get(rest[0]) == "defaultRNG":
                # ns-2's default generator; an RNG of the script's own serves its
                # variables' script-time draws (ns2_import.tcl)
                seeds.append((float(now), running == "1", rest[1]))
                if running != "1":
                    gen.seed(rest[1])
        elif kind == "use-rng":
            own_rng[rest[0]] = rest[1]
        elif kind == "script-draw":
            # the script's own draw from ns-2's generator before the run (a start time,
            # say; ns2_import.tcl mirrors the generator to give its value)
            gen.script_draw()
        elif kind == "rng-draw":
            # a draw of ns-2's generator in an event, which satcc takes again only right
            # after a seeding at time 0 (ns2_rng_skip, as satcc's export writes it)
            seeds.append((float(now), True, "draw"))
        elif kind == "rtmodel":
            t, op, l_ab, l_ba = rest
            models.append(("Manual", (op, t), [link_of[l_ab], link_of[l_ba]]))
        elif kind == "rtmodel-dist":
            dist, parms, *ls = rest
            models.append((dist, tuple(parms.split()), [link_of[l] for l in ls]))
        elif kind == "rtproto":
            if rtproto and rtproto != rest[0]:
                raise Ns2ImportError(f"$ns rtproto {rest[0]} after $ns rtproto {rtproto}: one routing protocol for "
                                     "the whole network is modelled")
            rtproto = rest[0]
        elif kind == "cost":
            l, c = rest
            d = direction[link_of[l]]
            if running == "1":
                raise Ns2ImportError(f"$ns cost of {d['where']}: set during the run is not modelled (costs are read "
                                     "when routes are computed; give them before `$ns run`)")
            try:
                cost = float(c)
            except ValueError:
                raise Ns2ImportError(f"$ns cost of {d['where']}: {c!r} is not a number") from None
            if not 0 < cost <= 1000:
                raise Ns2ImportError(f"$ns cost of {d['where']}: {c} is outside what satcc models (above 0, at most 1000)")
            d["cost"] = cost
        elif kind == "detach":
            detached.setdefault(rest[1], float(now) if running == "1" else 0.0)
            if running != "1" and rest[1] in attached.get(rest[0], []):
                attached[rest[0]].remove(rest[1])
    # the run's end
    if duration_s is None:
        if rec.get("ended") in ("", None):
            raise Ns2ImportError("the script never exits or halts in an `$ns at` event: its end is unknown "
                               "(give the duration: --duration SECONDS)")
        duration_s = float(rec["ended"])
    if not duration_s > 0:
        raise Ns2ImportError(f"the run ends at {duration_s:g} s: nothing to simulate")
    if rtproto == "DV":
        for r in records:
            if r[2] == "class-set" and (r[3].startswith("Agent/rtProto") or r[3] == "rtObject"
                                         or (r[3], r[4]) == ("Node", "multiPath_")):
                _dv_default(r[3], r[4], r[5])
    if rtproto == "DV" and any(dist == "Exponential" for dist, _, _ in models):
        raise Ns2ImportError("$ns rtmodel Exponential with $ns rtproto DV is not modelled (both draw from ns-2's "
                             "rtglibRNG, in an order the DV agents' own timing sets; Manual and Deterministic "
                             "models are)")
    dynamics = _link_dynamics(models, duration_s)
    sc: dict = {"name": name, "duration_s": duration_s, "nodes": [{"name": node_name[h]} for h in nodes],
                "links": [], "flows": []}
    if rtproto:
        sc["routing"] = {"Session": "session", "DV": "dv"}[rtproto]
    # an agent's procedures of the script's own (satcc ns2's scripts reseed before each
    # reset) make its draws before the run the script's, not ns-2's
    own_procs = [n for n in notes if n.startswith("Agent/") and "procedures of ns-2's classes are not run" in n]
    if own_procs and gen.known():
        gen.why = f"the script redefines {own_procs[0].split(' (')[0]}"
    if gen.script_draws and not gen.known():
        # the values the script drew (its start times, say) were those of a generator
        # that ns-2's is not
        raise Ns2ImportError(f"the script draws from ns-2's default generator before the run ({gen.script_draws} "
                             f"draw(s)), whose state satcc cannot follow: {gen.why}")
    # seeds: one at time 0 during the run is ns-2's draws from then on
    run_seeds = [s for t, running, s in seeds if running]
    draws_at_0 = 0
    while run_seeds and run_seeds[-1] == "draw" and len(run_seeds) > 1:
        run_seeds.pop()
        draws_at_0 += 1
    if run_seeds:
        if len(run_seeds) > 1 or "draw" in run_seeds or any(t != 0.0 for t, running, _ in seeds if running):
            raise Ns2ImportError("$defaultRNG seed: only one seeding, at time 0, is modelled (satcc's ns2_rng_seed), "
                                 "and draws of ns-2's generator in the script only right after it (ns2_rng_skip)")
        sc["ns2_rng_seed"] = _int(run_seeds[0], "$defaultRNG seed")
        if draws_at_0:
            sc["ns2_rng_skip"] = draws_at_0
    elif gen.known():
        # no seeding during the run: the generator goes on from where the agents left it
        sc["ns2_rng_seed"], skip = gen.state()
        if skip:
            sc["ns2_rng_skip"] = skip
        notes.append(f"ns-2's generator from seed {sc['ns2_rng_seed']} after {skip} draws before the run (one per TCP "
                     "agent made, two for Vegas, and one as `$ns run` resets each, its RTT clock phase): the phases "
                     "and the run's draws are ns-2's own")
    else:
        notes.append(f"the script's seeding of ns-2's generator before `$ns run` ({gen.why}): satcc draws from the "
                     "scenario's seed (RTT clock phases, RED, error models), so runs agree with ns-2 in law")
    # links: a pair of directions is one satcc link
    done = set()
    traced_dirs = {link_of[h] for h in objs.traced if h in link_of}
    handle_of_dir = {ab: h for h, ab in link_of.items()}
    for (a, b), fwd in direction.items():
        if (a, b) in done:
            continue
        rev = direction.get((b, a))
        if rev is None:
            raise Ns2ImportError(f"{fwd['where']}: a simplex link without one back (satcc's links carry both "
                               "directions; ACKs take the way back)")
        done |= {(a, b), (b, a)}
        for d in (fwd, rev):
            _settings_before_run(objs, d)
        link = {"a": node_name[a], "b": node_name[b], "rate_bps": fwd["rate_bps"], "delay_ms": fwd["delay_ms"],
                "queue": _queue(objs, fwd["q"], f"{fwd['where']}: queue", notes, fwd["rate_bps"],
                                fwd.get("red_delay_s", fwd["delay_s"]))}
        back = {"rate_bps": rev["rate_bps"], "delay_ms": rev["delay_ms"],
                "queue": _queue(objs, rev["q"], f"{rev['where']}: queue", notes, rev["rate_bps"],
                                rev.get("red_delay_s", rev["delay_s"]))}
        delayers = [_delayer(objs, delayer_of.get(handle_of_dir.get(xy)), delayer_acts, delayer_rv, own_rng, d, qd,
                             sc["duration_s"])
                    for xy, d, qd in (((a, b), fwd, link["queue"]), ((b, a), rev, back["queue"]))]
        for (x, y), d, qd in (((a, b), fwd, link["queue"]), ((b, a), rev, back["queue"])):
            if qd["type"] == "fq" and (x, y) not in traced_dirs:
                # FQLink's new-flow gives each flow's queue the link's drop trace
                raise Ns2ImportError(f"{d['where']}: an FQ link without a trace stops ns-2 at its first packet "
                                     "(FQLink's new-flow reads the link's drop trace, drpT_): give `$ns trace-all` "
                                     "before the links are made, or `$ns trace-queue` for this one")
        extra = {k: v for k, v in back.items() if v != link[k]}
        if extra:
            link["b_to_a"] = extra
        if delayers[0] is not None and delayers[0] == delayers[1]:
            link["delayer"] = delayers[0]
        else:
            for side, dl in zip(("a_to_b", "b_to_a"), delayers):
                if dl is not None:
                    link.setdefault(side, {})["delayer"] = dl
        for side, d, q in (("a_to_b", fwd, link["queue"]), ("b_to_a", rev, back["queue"])):
            changes = _link_changes(objs, d, q)
            if changes:
                link.setdefault(side, {}).update(changes)
        costs = (fwd.get("cost", 1.0), rev.get("cost", 1.0))
        if costs[0] != 1.0:
            link["cost"] = costs[0]
        if costs[1] != costs[0]:
            link.setdefault("b_to_a", {})["cost"] = costs[1]
        outs = [_outages(dynamics.get(k, []), duration_s) for k in ((a, b), (b, a))]
        for o, d, q in zip(outs, (fwd, rev), (link["queue"], back["queue"])):
            if o and q["type"] == "rem":
                raise Ns2ImportError(f"{d['where']}: a REM queue on a link that goes down is not modelled (ns-2's REM "
                                     "keeps its packets queued while its link is down: its reset leaves the queue)")
        if outs[0] == outs[1]:
            if outs[0]:
                link["outages"] = outs[0]
        else:
            for side, o in zip(("a_to_b", "b_to_a"), outs):
                if o:
                    link.setdefault(side, {})["outages"] = o
        sc["links"].append(link)
    # error models on link directions
    unseen: list[str] = []
    link_index = {(l["a"], l["b"]): (i, "a_to_b") for i, l in enumerate(sc["links"])}
    link_index.update({(l["b"], l["a"]): (i, "b_to_a") for i, l in enumerate(sc["links"])})
    # ErrorModules' models bound to flow ids: (where the flows go, the ids, what), the
    # ids resolved to flow names once the flows are made
    bound_to: list[tuple[dict, str, set[int], str]] = []
    for how, em, l in errors:
        a, b = link_of[l]
        i, side = link_index[(node_name[a], node_name[b])]
        d = sc["links"][i].get(side, {})
        where = direction[(a, b)]["where"]
        entry_placed = how in ("lossmodel", "errormodule")
        if "error" in d or ("error_module" in d and not (entry_placed and d.get("error_at") == "entry")):
            raise Ns2ImportError(f"{where}: error model {objs.label(em)}: a second error model on one link direction, "
                                 "one of them placed after the queue, is not modelled (several placed at the link's "
                                 "head, by `$ns lossmodel` or `$link errormodule`, are)")
        # the models, each with the flow ids bound to it (None: the default)
        placed: list[tuple[str, set[int] | None]] = [(em, None)]
        if objs.cls.get(em) == "ErrorModule":
            what = f"{where}: error module {objs.label(em)}"
            binds, default = em_binds.get(em, []), em_default.get(em)
            model_of: dict[int, str] = {}
            for m, lo, hi in binds:
                # the classifier's hash keeps each flow id's last binding
                for f in range(lo, hi + 1):
                    model_of[f] = m
            if default is None and binds:
                notes.append(f"{what}: no default (`$em default pass`): ns-2 exits if a packet of another flow id "
                             "reaches it; satcc lets such packets pass")
            placed = [(m, {f for f, mm in model_of.items() if mm == m})
                      for m in dict.fromkeys(mm for _, mm in sorted(model_of.items())) if m != default]
            if default not in (None, "pass"):
                # the default sees every flow id bound to no other model (its own too)
                placed.append((default, None))
            if not placed:
                notes.append(f"{what}: no error model bound to it: it loses nothing; left out")
                continue
        entries = []
        for m, fids in placed:
            what = f"{where}: error model {objs.label(m)}"
            cls = objs.cls[m]
            if cls == "ErrorModel/Periodic":
                err = _periodic_model(objs, m, em_unit.get(m, "pkt"), what, notes)
            elif cls == "ErrorModel/List":
                err = _list_model(objs, m, em_unit.get(m, "pkt"), em_droplist.get(m), what, notes)
            elif cls == "ErrorModel/TwoState":
                err = _two_state_model(objs, m, em_unit.get(m, "pkt"), em_laws.get(m, {}), what)
            else:
                err = _error_model(objs, m, em_unit.get(m, "pkt"), em_ranvar.get(m), what, notes)
            if err is None:
                continue
            entry = {"error": err, **_em_action(objs, m, what, notes)}
            if entry.get("action", "drop") != "drop" and how not in ("lossmodel", "errormodule"):
                raise Ns2ImportError(f"{what}: {'markecn_' if entry['action'] == 'mark' else 'delay_pkt_'} true "
                                     f"in a model placed by {how} (after the queue) is not modelled (at the link's "
                                     "entry, by `$ns lossmodel` or `$link errormodule`, it is)")
            entries.append(entry)
            if fids is not None:
                bound_to.append((entry, "flows", fids, what))
            if m in drop_elsewhere or em in drop_elsewhere:
                unseen.append(f"{node_name[a]}->{node_name[b]}")
                notes.append(f"{what}: its drop-target, set after the link placed it, takes its losses where ns-2's "
                             "queue monitor does not count them as drops (`--compare` leaves them out of satcc's too)")
        if not entries:
            continue
        d = sc["links"][i].setdefault(side, {})
        if entry_placed:
            # an error module at the link's head, before its queue: before those placed
            # there earlier, which a packet then meets after it
            d["error_at"] = "entry"
            for e in d.get("error_module", []):
                e["module"] = e.get("module", 0) + 1
        d["error_module"] = entries + d.get("error_module", [])
    # flows
    used = set()    # flows
    used = set()
    # a sending agent or TCP sink in two connections: ns-2's `connect` sets each end's
    # peer, so the last one wins (a sink acknowledges that agent only, whatever data
    # reaches it; an agent sends to that peer only), which satcc's flows do not model
    # (the same two connected again is one connection)
    once: dict[frozenset, tuple[str, str]] = {}
    for c in connects:
        once.setdefault(frozenset(c), c)
    connects = list(once.values())
    ends: dict[str, list[str]] = {}
    for a, b in connects:
        for h, other in ((a, b), (b, a)):
            ends.setdefault(h, []).append(other)
    for h, others in ends.items():
        cls = objs.cls.get(h, "")
        if len(others) > 1 and (cls in _SINKS or cls in _SENDERS or cls in ("Agent/UDP", "Agent/CBR", "Agent/Ping")):
            raise Ns2ImportError(f"{objs.label(h)} ({cls}) is connected {len(others)} times (to "
                                 f"{', '.join(objs.label(o) for o in others)}): ns-2 keeps the last connection's peer "
                                 "only, so the others' packets go astray; give each sending agent a peer of its own "
                                 "(a Null or LossMonitor may take several)")
    made = []
    for a, b in connects:
        if objs.cls.get(a) == "Agent/Ping" or objs.cls.get(b) == "Agent/Ping":
            made += _ping_flows(objs, a, b, attach, node_name, app_of, acts, sc["duration_s"])
        else:
            flow = _flow(objs, a, b, attach, node_name, app_of, acts, sc["duration_s"])
            if flow is not None:
                made.append((a, b, flow))
    if any(f.get("transport") == "ping" for _, _, f in made) and not any(r[2] == "ping-recv" for r in records):
        # apps/ping.cc hands each answer to the agent's Tcl `recv`, which ns-2 then
        # cannot find: the script stops with an error at the first answer
        raise Ns2ImportError("an Agent/Ping sends, but the script defines no `Agent/Ping instproc recv`: ns-2 stops "
                             "the script with an error at the first answer; define the procedure (`Agent/Ping "
                             "instproc recv {from rtt} {...}`, as ns-2's examples do)")
    pinging = {h for a, b in connects for h in (a, b)}
    for h, steps in acts.items():
        if objs.cls.get(h) == "Agent/Ping" and h not in pinging:
            raise Ns2ImportError(f"{objs.label(h)} (Agent/Ping) `{steps[0][1]}` at {steps[0][0]:g} s: the agent is "
                                 "connected to no other (`$ns connect` it to the Agent/Ping that answers)")
    for a, b, flow in made:
        if flow.get("transport", "tcp") == "tcp" and gen.phase(a) is not None and \
                not flow["tcp"].get("tick_phase_at_start"):
            # its RTT clock's phase: boot_time_ = Random::uniform(tcpTick_) at its reset,
            # the tcpTick_ it had then (a later one, set before its start, keeps it)
            phase = objs.tick_at_reset.get(a, flow["tcp"]["tick_s"]) * gen.phase(a)
            # (ns-2 reads it as fmod(send time + boot_time_, tcpTick_): one beyond a
            # smaller tick acts as its remainder)
            flow["tcp"]["tick_phase_s"] = math.fmod(phase, flow["tcp"]["tick_s"])
        for key, h in (("src_detach_s", a), ("dst_detach_s", b)):
            # `$ns detach-agent`: the agent's output and its port go to ns-2's null agent
            if h in detached and detached[h] < sc["duration_s"]:
                flow[key] = detached[h]
        n = flow["name"]
        while n in used:
            n += "_"
        flow["name"] = n
        used.add(n)
        sc["flows"].append(flow)
    if not sc["flows"]:
        raise Ns2ImportError("no flow: no agent pair connected by `$ns connect` with an application started")
    fq_links = [f"link {link['a']} - {link['b']}" for link in sc["links"]
                if "fq" in (link["queue"]["type"], link.get("b_to_a", {}).get("queue", {}).get("type"))]
    if fq_links:
        _fq_flow_ids(objs, made, sc["flows"], fq_links)
    if bound_to:
        # each flow's flow id: its sending agent's fid_ (its sink's ACKs copy it)
        fid_of = {flow["name"]: _c_int(objs.get(a, "fid_", "0")[0], f"{objs.label(a)} fid_") for a, _, flow in made}
        for entry, key, fids, what in bound_to:
            names = [n for n, f in fid_of.items() if f in fids]
            if names:
                entry[key] = names
            else:
                notes.append(f"{what}: bound to flow ids no flow has ({', '.join(map(str, sorted(fids)))}): it loses "
                             "nothing; left out")
                entry["unbound"] = True
    for link in sc["links"]:
        for side in ("a_to_b", "b_to_a"):
            d = link.get(side, {})
            if "error_module" not in d:
                continue
            entries = [e for e in d.pop("error_module") if not e.pop("unbound", False)]
            # the modules numbered again without those left empty
            number = {m: k for k, m in enumerate(sorted({e.get("module", 0) for e in entries}))}
            for e in entries:
                k = number[e.pop("module", 0)]
                if k:
                    e["module"] = k
            if not entries:
                d.pop("error_at", None)
            elif len(entries) == 1 and entries[0].get("action", "drop") == "drop":
                # one model that drops: the link direction's error (error_flows: the
                # flows it sees, as an error module binds them)
                d["error"] = entries[0]["error"]
                if "flows" in entries[0]:
                    d["error_flows"] = entries[0]["flows"]
            else:
                d["error_module"] = entries
            if not d:
                link.pop(side)
    _shared_tcp(sc)
    in_law = []
    if any(r[2] == "tcl-rand-unseeded" for r in records):
        in_law.append("the script draws Tcl's rand() without srand() first: Tcl seeds it from the clock, in ns-2 "
                      "too, so each run of the script takes other values (the scenario has this reading's); "
                      "`expr srand(N)` before the draws makes them the same in both")
    if any(f.get("transport", "tcp") == "tcp" and "tick_phase_s" not in {**sc.get("tcp", {}), **f.get("tcp", {})}
           for f in sc["flows"]):
        in_law.append("each TCP sender's RTT clock phase, which ns-2 draws from its generator as it builds the "
                      f"agents, is drawn from the scenario's seed ({gen.why})")
    err_models = [l[side]["error"] for l in sc["links"] for side in ("a_to_b", "b_to_a") if "error" in l.get(side, {})]
    if "ns2_rng_seed" in sc and any(e["type"] == "two_state" and e["unit"] == "time" and _ns2._error_draws(e)
                                    for e in err_models):
        # ns-2 draws a two-state model's lengths in time at its timer's events (the first
        # as the script makes it), satcc as packets reach the model: with the shared
        # generator every later draw would differ, so satcc draws from the seed's streams
        del sc["ns2_rng_seed"]
        sc.pop("ns2_rng_skip", None)
        in_law.append("a two-state error model in time draws its lengths at ns-2's timer events, from ns-2's "
                      "generator; satcc draws them as packets reach it, so every draw comes from the scenario's "
                      "seed (the `$defaultRNG seed` is left out)")
    draws = [what for what, yes in (
        ("RED's", any(q.get("type") == "red" for l in sc["links"]
                      for q in (l["queue"], l.get("a_to_b", {}).get("queue", {}), l.get("b_to_a", {}).get("queue", {})))),
        ("REM's", any(q.get("type") == "rem" for l in sc["links"]
                      for q in (l["queue"], l.get("a_to_b", {}).get("queue", {}), l.get("b_to_a", {}).get("queue", {})))),
        ("PI's", any(q.get("type") == "pi" for l in sc["links"]
                     for q in (l["queue"], l.get("a_to_b", {}).get("queue", {}), l.get("b_to_a", {}).get("queue", {})))),
        ("the error models'", any(_ns2._error_draws(e) for e in err_models)),
        ("the Telnet sources'", any(f["traffic"]["type"] == "telnet" for f in sc["flows"])),
        ("the ON/OFF and random CBR sources'", any(f["traffic"]["type"] in ("exponential", "pareto")
                                                    or f["traffic"].get("random") for f in sc["flows"])),
    ) if yes]
    if draws and "ns2_rng_seed" not in sc:
        in_law.append(f"{' and '.join(draws)} draws come from the scenario's seed (ns-2's own with a "
                      "`$defaultRNG seed` at time 0)")
    if any(em_ranvar.get(em) in own_rng or any(rv in own_rng for rv in em_laws.get(em, {}).values())
           for _, em, _ in errors):
        in_law.append("an error model draws from an RNG of the script's own, satcc's from the scenario's seed "
                      "(or ns2_rng_seed's stream)")
    for h in objs.order:
        c = objs.cls[h]
        if c.startswith("Agent/") and c not in _SENDERS and c not in _SINKS and c not in (
                "Agent/UDP", "Agent/CBR", "Agent/Null", "Agent/LossMonitor", "Agent/Ping"):
            raise Ns2ImportError(f"{objs.label(h)}: {c} is not modelled (ns-2's one-way TCP agents, UDP and its "
                               "Agent/CBR, Null and LossMonitor, and Agent/Ping are)")
        if c == "Agent/LossMonitor" and {v for _, v, _ in objs.timed.get(h, [])} <= _LOSSMONITOR_COUNTS:
            # a periodic proc reading and clearing what it counted (ns-2's tutorials'
            # `record`): nothing it counts acts on the run
            if h in objs.timed:
                notes.append(f"{objs.label(h)}: its counters (bytes_, npkts_, ...) set during the run, as a "
                             "periodic proc clears them: they act on nothing and read back 0 here")
            continue
        if c == "Application/Traffic/CBR" and {v for _, v, _ in objs.timed.get(h, [])} <= {"rate_"}:
            continue  # its rate changes (_cbr_periods)
        if c == "Application/Telnet" and {v for _, v, _ in objs.timed.get(h, [])} <= {"interval_"}:
            continue  # its mean gap's changes (_telnet_steps)
        if c in ("Queue/DropTail", "Queue/RED") and {v for _, v, _ in objs.timed.get(h, [])} <= {"limit_"}:
            continue  # its limit's changes (_link_changes)
        if h in objs.timed and objs.cls[h] not in ("DelayLink",) and not c.startswith("Agent/TCP"):
            # the first setting of those it does not model (a CBR's rate_ and interval_,
            # read as rate_, are modelled: a packetSize_ beside them is named)
            allowed = {"Agent/LossMonitor": _LOSSMONITOR_COUNTS, "Application/Traffic/CBR": {"rate_"},
                       "Queue/DropTail": {"limit_"}, "Queue/RED": {"limit_"}}.get(c, set())
            var = next(v for _, v, _ in objs.timed[h] if v not in allowed)
            # a link's queue is named by its link too (`$ns queue-limit` during the run sets its limit_)
            of = next((f", the queue of {d['where']}" for d in direction.values() if d["q"] == h), "")
            raise Ns2ImportError(f"{objs.label(h)} ({c}{of}): {var} set during the run is not modelled"
                                 + (" (a CBR source's rate_ or interval_ is)" if c == "Application/Traffic/CBR" else "")
                                 + (" for this queue (a DropTail or RED queue's is, `$ns queue-limit` in an `$ns at` "
                                    "event too)" if of and var == "limit_" else ""))
    _packet_headers(records, objs, rtproto)
    notes += dict.fromkeys(objs.notes + _C_INT_NOTES)
    return Imported(sc, notes, in_law, unseen)


# the packet headers (ns-packet.tcl's names) each kind of agent satcc models reads and
# writes in ns-2: TCP agents and sinks their TCP header and the flags (ECN, the SACK
# blocks' room), UDP agents and LossMonitors the RTP header's sequence numbers
_HEADERS_USED = (("Agent/TCP", ("IP", "TCP", "Flags")), ("Agent/UDP", ("IP", "RTP")), ("Agent/CBR", ("IP", "RTP")),
                 ("Agent/LossMonitor", ("RTP",)), ("Agent/Ping", ("IP", "Ping")))


def _packet_headers(records: list, objs: _Objects, rtproto: str | None) -> None:
    """Refuse a script whose remove-all-packet-headers / add-packet-header /
    remove-packet-header leave out a header its agents (or DV routing) use: ns-2 then
    reads and writes it outside the packet's memory, with results of no model (until
    2026-12-04 the commands stopped the import as unknown Tcl commands)."""
    every, plus, minus = True, set(), set()
    for _, _, kind, *rest in records:
        if kind != "packet-headers":
            continue
        op, *names = rest
        if op == "remove-all":
            every, plus, minus = False, set(), set()
        elif op == "add":
            plus |= set(names)
            minus -= set(names)
        else:
            minus |= set(names)
            plus -= set(names)
    if every and not minus:
        return
    kept = lambda h: (every or h in plus) and h not in minus  # noqa: E731
    used = [(c, h) for c in dict.fromkeys(objs.cls.values()) for prefix, hs in _HEADERS_USED
            if c.startswith(prefix) for h in hs]
    if rtproto == "DV":
        used.append(("$ns rtproto DV", "rtProtoDV"))
    for c, h in used:
        if not kept(h):
            raise Ns2ImportError(f"packet headers: the script leaves out the {h} header, which ns-2's {c} reads and "
                                 "writes (ns-2 then uses memory past the packet's headers, with no result to model); "
                                 f"add it (add-packet-header {h}) or leave the headers as ns-2 makes them")


# ns-2 2.35's settings of its routing agents (ns-default.tcl, route-proto.tcl), as
# satcc's distance-vector routing has them (crates/satcc-core/src/net/dv.rs)
_DV_DEFAULTS = {("Agent/rtProto/DV", "INFINITY"): 32.0, ("Agent/rtProto/DV", "advertInterval"): 2.0,
                ("Agent/rtProto/DV", "preference_"): 120.0, ("Agent/rtProto/Direct", "preference_"): 100.0,
                ("Agent/rtProto", "preference_"): 200.0, ("rtObject", "maxpref_"): 255.0,
                ("rtObject", "unreach_"): -1.0, ("Agent/rtProto/DV", "UNREACHABLE"): -1.0,
                ("Node", "multiPath_"): 0.0}


def _dv_default(cls: str, var: str, val: str) -> None:
    """A class setting of ns-2's routing agents under `$ns rtproto DV`: ns-2's own value
    is what satcc models; any other is refused by name."""
    want = _DV_DEFAULTS.get((cls, var))
    try:
        same = want is not None and float(val) == want
    except ValueError:
        same = False
    if not same:
        known = ", ".join(f"{c} {v} {d:g}" for (c, v), d in _DV_DEFAULTS.items())
        raise Ns2ImportError(f"{cls} set {var} {val}: not modelled under $ns rtproto DV (satcc's DV routing has "
                             f"ns-2's settings: {known})")


# ns-2 2.35's defaults of its link dynamics models (tcl/lib/ns-default.tcl): rtModel's
# startTime_ and finishTime_, each model's upInterval_ and downInterval_
_RTMODEL_START_S = 0.5
_RTMODEL_INTERVALS_S = {"Deterministic": (2.0, 1.0), "Exponential": (10.0, 1.0)}
# ns-2 seeds the generator of its routing library (rtglibRNG) with 1 when it loads
_RTGLIB_SEED = 1
# the most link changes the import runs (a model of nanosecond intervals would not end)
_RTMODEL_MAX_CHANGES = 1_000_000


def _link_dynamics(models: list[tuple[str, tuple, list[tuple[str, str]]]],
                   duration_s: float) -> dict[tuple[str, str], list[tuple[float, str]]]:
    """Each link direction's down and up edges, (time, op) in the order ns-2 takes them,
    from the script's models in the order it made them: ns-2's rtQueue run to the end.

    `$ns rtmodel-at T op` (Manual) is one edge; Deterministic and Exponential models
    (`$ns rtmodel DIST {[START] UP DOWN [FINISH]}`; no values, one, or more than four:
    the defaults, as ns-2 reads them) go down UP after START, come up DOWN
    later, and so on, the intervals of Exponential ones drawn from ns-2's rtglibRNG
    (seeded 1 when ns-2 loads; its `exponential` is -log((next-random + 1) / 2^31)), in
    the order ns-2 draws them: each model's first when the run starts, then each at its
    edge. An edge due beyond FINISH ends the model (an up is then moved to FINISH). An
    edge at or before the instant it is filed (a time of 0 when the run starts, say) is
    refused by ns-2 ("Cannot set event in the past") and so left out. Edges due at one
    time run in the order they were filed."""
    from .ns2 import Ns2Rng

    rng = Ns2Rng(_RTGLIB_SEED)
    queue: dict[float, list[tuple[int, str]]] = {}
    now = 0.0

    def insq(at: float, m: int, op: str) -> None:
        if now >= at:
            return
        queue.setdefault(at, []).append((m, op))

    states = []
    for dist, parms, _ in models:
        if dist == "Manual":
            states.append(None)
            continue
        up, down = _RTMODEL_INTERVALS_S[dist]
        start, finish = _RTMODEL_START_S, None
        # (ns-2's set-parms reads four, three or two values; none, one or more than four
        # leave every default as it is)
        given = {4: ("start", "up", "down", "finish"), 3: ("start", "up", "down"), 2: ("up", "down")}.get(len(parms), ())
        vals = {}
        for key, v in zip(given, parms):
            if v not in ("-", ""):
                try:
                    vals[key] = float(v)
                except ValueError:
                    raise Ns2ImportError(f"$ns rtmodel {dist}: {key} {v!r} is not a number") from None
        states.append({"dist": dist, "start": vals.get("start", start), "up": vals.get("up", up),
                       "down": vals.get("down", down), "finish": vals.get("finish", finish)})

    def set_event(m: int, interval: float, op: str) -> None:
        fire = now + interval
        finish = states[m]["finish"]
        if finish is not None and fire > finish:
            if op == "up":
                insq(finish, m, op)
        else:
            insq(fire, m, op)

    def draw() -> float:
        return -1.0 * math.log((int(2.0**31 * rng.u01()) + 1.0) / (0x7FFFFFFF + 1.0))

    # when the run starts: each model files its first edge, in the order they were made
    for m, (dist, parms, _) in enumerate(models):
        if dist == "Manual":
            op, at = parms
            insq(float(at), m, op)
        elif dist == "Deterministic":
            set_event(m, states[m]["start"] + states[m]["up"], "down")
        else:
            set_event(m, states[m]["start"] + draw() * states[m]["up"], "down")
    edges: dict[tuple[str, str], list[tuple[float, str]]] = {}
    n = 0
    while queue:
        now = min(queue)
        if now >= duration_s:
            break
        n += len(queue[now])
        if n > _RTMODEL_MAX_CHANGES:
            raise Ns2ImportError(f"$ns rtmodel: more than {_RTMODEL_MAX_CHANGES:,} link changes before {now:g} s "
                                 "(intervals this short are not modelled)")
        for m, op in queue.pop(now):
            dist, _, links = models[m]
            for d in links:
                edges.setdefault(d, []).append((now, op))
            if dist == "Manual":
                continue
            s = states[m]
            interval = s["up"] if op == "up" else s["down"]
            if dist == "Exponential":
                interval = draw() * interval
            set_event(m, interval, "down" if op == "up" else "up")
    return edges


def _outages(edges: list[tuple[float, str]], duration_s: float) -> list[dict]:
    """A link direction's `$ns rtmodel-at` edges as outages: down from each `down` of a
    link that is up to the next `up` (a `down` of a link already down, and an `up` of
    one that is up, change nothing); edges at or after the run's end are left out."""
    out: list[dict] = []
    for t, op in sorted(edges, key=lambda e: e[0]):
        if t >= duration_s:
            break
        down = bool(out) and "up_s" not in out[-1]
        if op == "down" and not down:
            out.append({"down_s": t})
        elif op == "up" and down:
            out[-1]["up_s"] = t
    return out


def _shared_tcp(sc: dict) -> None:
    """In place: each TCP flow's settings that are satcc's defaults (ns-2 2.35's) left
    out, and those all TCP flows share moved to the scenario's `tcp`."""
    from .schema import TCP_DEFAULTS

    flows = [f for f in sc["flows"] if "tcp" in f]
    for f in flows:
        f["tcp"] = {k: v for k, v in f["tcp"].items() if k not in TCP_DEFAULTS or TCP_DEFAULTS[k] != v
                    or type(TCP_DEFAULTS[k]) is not type(v)}
    shared = {k: v for k, v in flows[0]["tcp"].items() if all(f["tcp"].get(k, ...) == v for f in flows)} if flows else {}
    if shared:
        sc["tcp"] = shared
    for f in flows:
        f["tcp"] = {k: v for k, v in f["tcp"].items() if k not in shared}
        if not f["tcp"]:
            del f["tcp"]


def _settings_before_run(objs: _Objects, d: dict) -> None:
    """In place: a link direction's DelayLink bandwidth_ and delay_ set before the run
    (`$ns bandwidth A B BW`, `$ns delay A B D`, or `[$link link] set ...`) as its rate
    and delay, over a DropTail queue: ns-2 then runs it as a link made so. A RED queue
    took the link's delay when the link was made (REDQueue's `link` command: edp_.delay,
    read by its automatic q_weight_), and its reset at the run's start does not take it
    again, so a delay_ set before the run is the link's, and RED's automatic settings
    the first delay's (`red_delay_s`; ns-2's test suites' ecn tests set it so). A
    bandwidth_ over RED (its packet time constant, taken again at the reset, beside
    settings computed from the first), and either over PI or REM, are refused."""
    own = objs.vars.get(d["d"], {})
    for var in [v for v in ("bandwidth_", "delay_") if v in own]:
        if var == "delay_" and objs.cls[d["q"]] == "Queue/RED":
            d["red_delay_s"] = d["delay_s"]
        elif objs.cls[d["q"]] != "Queue/DropTail":
            raise Ns2ImportError(f"{d['where']}: the link's {var} set before the run over a {objs.cls[d['q']]} queue is "
                                 "not modelled (ns-2 runs it as neither a link made so nor one changed at time 0; "
                                 "over DropTail it is, and over any queue in an `$ns at` event)")
        if var == "bandwidth_":
            d["rate_bps"] = bandwidth(own.pop(var), f"{d['where']}: bandwidth_")
        else:
            d["delay_s"] = seconds(own.pop(var), f"{d['where']}: delay_")
            d["delay_ms"] = d["delay_s"] * 1000.0


def _link_changes(objs: _Objects, d: dict, queue: dict) -> dict:
    """A link direction's scheduled changes: its DelayLink's bandwidth_ and delay_, and
    its DropTail or RED queue's limit_ (`$ns queue-limit` or `$q set limit_` in an `$ns
    at` event: a DropTail queue in bytes holds limit_ x mean_pktsize_ bytes from then
    on, as ns-2 reads both at each arrival)."""
    out: dict = {}
    limits = [(t, val) for t, var, val in objs.timed.get(d["q"], []) if var == "limit_"]
    if limits and queue["type"] in ("droptail", "red"):
        mean = 1
        if "limit_bytes" in queue:
            mean = _c_int(objs.get(d["q"], "mean_pktsize_", _QUEUE_DEFAULTS["mean_pktsize_"])[0],
                        f"{d['where']}: queue mean_pktsize_")
        for t, val in limits:
            n = _c_int(val, f"{d['where']}: queue limit_ at {t!r} s")
            if n < 1 and queue["type"] == "droptail" and "limit_bytes" not in queue:
                n = 1  # (ns-2's DropTail drops every packet below 1, as at 1: _queue)
            if n < 1:
                raise Ns2ImportError(f"{d['where']}: queue limit_ {n} at {t!r} s: must be at least 1")
            key = "limit_bytes" if "limit_bytes" in queue else "limit_pkts"
            out.setdefault("limit_changes", []).append({"at_s": t, key: n * mean})
    for t, var, val in objs.timed.get(d["d"], []):
        if var == "bandwidth_":
            out.setdefault("rate_changes", []).append({"at_s": t, "rate_bps": bandwidth(val, f"{d['where']}: "
                                                                                             "bandwidth_")})
        elif var == "delay_":
            out.setdefault("delay_changes", []).append({"at_s": t, "delay_ms": seconds(val, f"{d['where']}: "
                                                                                           "delay_") * 1000.0})
        else:
            raise Ns2ImportError(f"{d['where']}: {var} set during the run is not modelled (bandwidth_ and delay_ are)")
    for var, val in objs.vars.get(d["d"], {}).items():
        if var == "avoidReordering_":
            continue
        raise Ns2ImportError(f"{d['where']}: the link's {var} is not modelled")
    # a step down lets what is sent after it overtake what is on the wire, unless the
    # LinkDelay keeps them in order (avoidReordering_, ns-2's default false; satcc's
    # default `delay_changes_in_order`); a step up reorders nothing either way
    before = d["delay_ms"]
    for c in out.get("delay_changes", []):
        if c["delay_ms"] < before and not _bool(objs.get(d["d"], "avoidReordering_", "false")[0],
                                                f"{d['where']}: avoidReordering_"):
            out["delay_changes_in_order"] = False
        before = c["delay_ms"]
    return out


def _error_model(objs: _Objects, em: str, unit: str, ranvar: str | None, what: str, notes: list[str]) -> dict | None:
    if objs.cls[em] not in ("ErrorModel", "ErrorModel/Uniform"):
        raise Ns2ImportError(f"{what}: {objs.cls[em]} is not modelled (ErrorModel with a uniform variable, "
                             "ErrorModel/Periodic, ErrorModel/List and ErrorModel/TwoState, Expo and TwoStateMarkov are)")
    if ranvar is not None and objs.cls.get(ranvar) != "RandomVariable/Uniform":
        raise Ns2ImportError(f"{what}: its ranvar {objs.cls.get(ranvar, ranvar)} is not modelled (Uniform is)")
    # (bandwidth_ times losses by the packet's transmission time, for units of time only)
    if not _em_common(objs, em, set(), what):
        return None
    rate = _num(objs.get(em, "rate_", "0")[0], f"{what} rate_")
    # ns-2's STR2EU: "time", "byte" and "bit" by name, any other word is pkt
    if unit == "byte":
        # a packet of n bytes is lost with 1 - (1 - rate_)^n: satcc's bit error rate
        return {"type": "ber", "ber": 1.0 - (1.0 - rate) ** 0.125}
    if unit == "bit":
        raise Ns2ImportError(f"{what}: unit bit is not modelled (pkt and byte are; ns-2's unit bit counts bit "
                             "errors against FEC tables)")
    if unit == "time":
        notes.append(f"{what}: unit time: ns-2's uniform ErrorModel loses nothing in time units (it warns "
                     "\"uniform rate error cannot be time-based\") and draws nothing; left out")
        return None
    if unit != "pkt":
        notes.append(f"{what}: unit {unit}: ns-2 reads any unit but time, byte and bit as pkt")
    return {"type": "per", "per": rate}


# the variables of every ErrorModel (the base class's) that satcc reads (markecn_,
# delay_pkt_, delay_: what the model does to a packet it picks, _em_action)
_EM_BASE_VARS = {"rate_", "enable_", "bandwidth_", "markecn_", "delay_pkt_", "delay_"}
# ns-2 2.35's ErrorModel/Periodic defaults (tcl/lib/ns-default.tcl)
_PERIODIC_DEFAULTS = {"period_": "1.0", "offset_": "0.0", "burstlen_": "0.0", "default_drop_": "0"}
# the RandomVariable classes a two-state model's lengths may come from, with ns-2's
# defaults of their variables
_LAWS = {"RandomVariable/Exponential": ("exponential", {"avg_": "1.0"}),
         "RandomVariable/Uniform": ("uniform", {"min_": "0.0", "max_": "1.0"}),
         "RandomVariable/Constant": ("constant", {"val_": "1.0"})}


# the longest delay a scenario takes, ms (scenario::MAX_DELAY_MS)
_MAX_DELAY_MS = 1.0e7


def _em_action(objs: _Objects, em: str, what: str, notes: list[str]) -> dict:
    """What an error model does to a packet it picks, as ErrorModel::recv reads
    markecn_ (marks it CE), then delay_pkt_ (hands it on delay_ seconds later), else
    drops it: the `action` (and `delay_ms`) of an error_module entry."""
    mark = _bool(objs.get(em, "markecn_", "false")[0], f"{what} markecn_")
    held = _bool(objs.get(em, "delay_pkt_", "false")[0], f"{what} delay_pkt_")
    delay = _num(objs.get(em, "delay_", "0")[0], f"{what} delay_")
    if mark:
        if held:
            notes.append(f"{what}: markecn_ and delay_pkt_ both true: ns-2 marks and does not delay")
        return {"action": "mark"}
    if held:
        if not 0.0 <= delay * 1000.0 <= _MAX_DELAY_MS:
            raise Ns2ImportError(f"{what}: delay_ {delay:g} with delay_pkt_ true is not modelled (from 0 to "
                                 f"{_MAX_DELAY_MS / 1000.0:g} s is)")
        return {"action": "delay", "delay_ms": delay * 1000.0}
    if delay != 0.0:
        notes.append(f"{what}: delay_ {delay:g} without delay_pkt_ true: ns-2 drops what the model picks and "
                     "reads no delay_")
    return {}


def _em_common(objs: _Objects, em: str, own: set[str], what: str) -> bool:
    """Check an error model's base variables; whether it is enabled."""
    _unknown_vars(objs, em, _EM_BASE_VARS | own, what)
    return _bool(objs.get(em, "enable_", "1")[0], f"{what} enable_")


def _periodic_model(objs: _Objects, em: str, unit: str, what: str, notes: list[str]) -> dict | None:
    if not _em_common(objs, em, set(_PERIODIC_DEFAULTS), what):
        return None
    v = {k: _num(objs.get(em, k, d)[0], f"{what} {k}") for k, d in _PERIODIC_DEFAULTS.items()}
    for k in ("period_", "offset_", "burstlen_"):
        if not 0.0 <= v[k] <= 1e12:
            raise Ns2ImportError(f"{what}: {k} {v[k]} is not modelled (from 0 to 1e12 is)")
    if unit == "bit":
        # PeriodicErrorModel counts a packet's size for any unit but pkt and time
        notes.append(f"{what}: unit bit: ns-2's periodic model counts bytes in it, as in unit byte")
        unit = "byte"
    elif unit not in ("pkt", "byte", "time"):
        notes.append(f"{what}: unit {unit}: ns-2 reads any unit but time, byte and bit as pkt")
        unit = "pkt"
    out = {"type": "periodic", "unit": unit, "period": v["period_"], "offset": v["offset_"]}
    if v["burstlen_"]:
        out["burst_len"] = v["burstlen_"]
    if v["default_drop_"]:
        out["default_drop"] = True
    return out


def _list_model(objs: _Objects, em: str, unit: str, droplist: str | None, what: str,
                notes: list[str]) -> dict | None:
    if not _em_common(objs, em, set(), what):
        return None
    if unit not in ("pkt", "byte", "time", "bit"):
        unit = "pkt"
    if unit in ("time", "bit") or not (droplist or "").split():
        # ListErrorModel: "EU_TIME not supported", a null drop list, and unit bit (which
        # neither of its branches counts) lose nothing
        why = "no drop list" if not (droplist or "").split() else f"unit {unit}"
        notes.append(f"{what}: {why}: ns-2's list model loses nothing; left out")
        return None
    drops = []
    for tok in droplist.split():
        # parse_droplist: each number begins with a digit, read by atoi
        m = re.match(r"\d+", tok)
        if m is None:
            raise Ns2ImportError(f"{what}: droplist: {tok!r} is not a packet number (ns-2 refuses it)")
        drops.append(int(m.group()))
    if len(set(drops)) != len(drops):
        raise Ns2ImportError(f"{what}: droplist: a number listed twice (ns-2 refuses it)")
    return {"type": "list", "unit": unit, "drops": drops}


def _two_state_model(objs: _Objects, em: str, unit: str, laws: dict[int, str], what: str) -> dict | None:
    if not _em_common(objs, em, set(), what):
        return None
    if set(laws) != {0, 1}:
        raise Ns2ImportError(f"{what}: a two-state model needs ranvar 0 and ranvar 1 (ns-2 fails without them)")
    if unit == "bit":
        raise Ns2ImportError(f"{what}: unit bit is not modelled for a two-state model (pkt, byte and time are)")
    if unit not in ("pkt", "byte", "time"):
        unit = "pkt"
    out = {"type": "two_state", "unit": unit}
    for i, side in enumerate(("good", "bad")):
        out[side] = _law(objs, laws[i], f"{what}: ranvar {i}")
    return out


def _law(objs: _Objects, rv: str, what: str) -> dict:
    """A random variable's law as a scenario gives it (LawSpec): Exponential, Uniform
    or Constant, with its settings as ns-2 resolves them."""
    cls = objs.cls.get(rv, rv)
    if cls not in _LAWS:
        raise Ns2ImportError(f"{what}: {cls} is not modelled (Exponential, Uniform and Constant are)")
    kind, defaults = _LAWS[cls]
    _unknown_vars(objs, rv, set(defaults), what)
    v = {k: _num(objs.get(rv, k, d)[0], f"{what} {k}") for k, d in defaults.items()}
    if kind == "exponential":
        return {"type": "exponential", "mean": v["avg_"]}
    if kind == "uniform":
        return {"type": "uniform", "min": v["min_"], "max": v["max_"]}
    return {"type": "constant", "value": v["val_"]}


# a one-way TCP agent's variables that ns-2 reads as it sends and receives, not once at
# the agent's reset when the run starts: set in an `$ns at` event before the agent's first
# start, each acts as if set before the run (checked in ns-2 for the six agents, each
# variable against its static setting: ns2/scripts/settings_before_start.tcl), but for
# one thing: the reset took the first ssthresh_ from window_ as it was then
_LIVE_AGENT_VARS = {"window_", "windowInit_", "maxburst_", "maxcwnd_", "packetSize_", "overhead_", "tcpTick_",
                    "minrto_", "maxrto_", "numdupacks_", "timestamps_", "ecn_",
                    # read by opencwnd and by the timeout (ns2/scripts/options_before_start.tcl)
                    "windowOption_", "slow_start_restart_",
                    # read at each new ACK (ns2/scripts/ts_reset_rto.tcl)
                    "ts_resetRTO_"}
# ... and its sink's (TCPSink's ACK size, DelAck's interval), read as segments arrive
_LIVE_SINK_VARS = {"packetSize_", "interval_"}
# ... of which these, set once it has started, change the sender's limits then
# (tcp_changes)
_CHANGING_AGENT_VARS = {"window_": "rwnd_pkts", "maxcwnd_": "max_cwnd_pkts", "ssthresh_": "ssthresh_pkts"}
# ... and those the agent's reset reads as the run starts: set in an event they do not
# act as set before the run
_RESET_AGENT_VARS = {"max_ssthresh_", "syn_", "delay_growth_",
                     # HighSpeed TCP's response function, computed by the reset
                     "low_window_", "high_window_", "high_p_", "high_decrease_", "cwnd_range_"}


# what a one-way TCP agent and its sink count, which ns-2 reads for nothing else: a
# script's periodic proc may clear them (checked in ns-2: cleared every 50 ms for the six
# agents, each run as without)
_TCP_COUNTS = {"ndatapack_", "ndatabytes_", "nackpack_", "nrexmit_", "nrexmitpack_", "nrexmitbytes_", "ncwndcuts_",
               "ncwndcuts1_", "necnresponses_"}
_SINK_COUNTS = {"bytes_"}


def _settings_before_start(objs: _Objects, a: str, b: str, app: str | None, acts: dict,
                           what: str) -> tuple[list, dict[str, str]]:
    """In place: TCP agent `a`'s settings of _LIVE_AGENT_VARS, and its sink `b`'s of
    _LIVE_SINK_VARS, made in `$ns at` events before the agent's first start (an
    application's start, send or produce), taken as made before the run (in time order,
    the last one standing). Returns the agent's other settings during the run (the
    sink's others are refused) and, of window_ and tcpTick_ if they were among them, the
    values the agent had as the run started: ns-2's reset took its first ssthresh_ from
    that window_ and drew its RTT clock's phase within that tcpTick_; and, as
    "ssthresh_", an ssthresh_ set before the start (after the reset, so the first
    ssthresh itself)."""
    # the first start as (time, place among the records): a setting at that instant
    # written before it came first in ns-2 too
    seqs = objs.act_seq.get(app, []) + objs.act_seq.get(a, [])
    firsts = [(t, q) for (t, m, _), q in zip(acts.get(app, []) + acts.get(a, []), seqs)
              if m in ("start", "send", "produce")]
    first = min(firsts, default=(math.inf, 0))
    rest, at_reset = [], {}
    for h, live, counts in ((a, _LIVE_AGENT_VARS, _TCP_COUNTS), (b, _LIVE_SINK_VARS, _SINK_COUNTS)):
        for (t, var, v), q in zip(objs.timed.get(h, []), objs.timed_seq.get(h, [])):
            if var in counts:
                # a periodic proc reading and clearing what the agent counted (a
                # throughput `record`): nothing it counts acts on the run
                objs.notes.append(f"{objs.label(h)}: its counters ({', '.join(sorted(counts))}) set during the "
                                  "run, as a periodic proc clears them: they act on nothing and read back 0 here")
            elif h == a and var == "ssthresh_" and (t, q) < first:
                # after the reset, before the start: the first ssthresh (the last standing)
                at_reset["ssthresh_"] = v
            elif var in live and (t, q) < first:
                if h == a and var == "windowOption_" and v.strip() == "8" and \
                        objs.get(a, "windowOption_", "1")[0].strip() != "8":
                    # HighSpeed TCP's response function is computed by the reset, only
                    # if windowOption_ is 8 then
                    raise Ns2ImportError(f"{what}: windowOption_ 8 set in an `$ns at` event (at {t:g} s) is not "
                                         "modelled: ns-2 computes HighSpeed TCP's response function as the run "
                                         "starts (the agent's reset), and only for windowOption_ 8 then, so set it "
                                         "before `$ns run`")
                if h == a and var in ("window_", "tcpTick_", "windowInit_") and var not in at_reset:
                    at_reset[var] = objs.get(a, var, _TCP_VARS[var][1])[0]
                objs.vars[h][var] = v
            elif h == a:
                rest.append((t, var, v))
            else:
                raise Ns2ImportError(f"{what}: sink {objs.label(b)}: {var} set during the run (at {t:g} s) is not "
                                     "modelled" + (" (before the agent's first start it is)" if var in live else ""))
    return rest, at_reset


def _flow(objs: _Objects, a: str, b: str, attach: dict, node_name: dict, app_of: dict, acts: dict,
          duration_s: float) -> dict | None:
    ca, cb = objs.cls.get(a), objs.cls.get(b)
    if (ca in _SINKS or ca in ("Agent/Null", "Agent/LossMonitor")) and (cb in _SENDERS or cb in ("Agent/UDP", "Agent/CBR")):
        # `$ns connect` joins the two either way round
        a, b, ca, cb = b, a, cb, ca
    what = f"{objs.label(a)} -> {objs.label(b)}"
    for h in (a, b):
        if h not in attach:
            raise Ns2ImportError(f"{what}: {objs.label(h)} is not attached to a node (`$ns attach-agent`)")
    app = next((x for x, ag in app_of.items() if ag == a), None)
    flow: dict = {"name": objs.label(a), "src": node_name[attach[a]], "dst": node_name[attach[b]]}
    if ca == "Agent/UDP":
        if cb not in ("Agent/Null", "Agent/LossMonitor"):
            raise Ns2ImportError(f"{what}: a UDP agent connected to {cb} (Null or LossMonitor are modelled)")
        _unknown_vars(objs, a, {"packetSize_", "ttl_"}, what)
        if app is None or objs.cls[app] not in _APPS:
            raise Ns2ImportError(f"{what}: a UDP agent without a CBR, Exponential, Pareto or trace-driven source")
        flow["transport"] = "udp"
        flow["traffic"] = _source(objs, app, f"{what}: {objs.label(app)}")
        # the agent's packetSize_ (2.35's default 1000) is its largest datagram: a larger
        # message from the source goes as several (UdpAgent::sendmsg)
        most = _c_int(objs.get(a, "packetSize_", "1000")[0], f"{what} packetSize_")
        if most < 1:
            raise Ns2ImportError(f"{what}: packetSize_ {most}: the UDP agent's largest datagram must be at least 1 byte")
        largest = flow["traffic"].get("packet_size_bytes") or max(r[1] for r in flow["traffic"].get("records", [[0, 0]]))
        if largest > most:
            flow["max_datagram_bytes"] = most
    elif ca == "Agent/CBR":
        # ns-2's backward-compatible Agent/CBR (ns-source.tcl): an Agent/UDP with a CBR
        # source of its own, made in its init with packetSize_ 210 and interval_
        # 0.00375 (so a class's settings of them are overridden), whose packetSize_,
        # interval_, random_ and maxpkts_ it passes on, rate_ = packetSize_ x 8 /
        # interval_ each time either is set; its datagrams are packetSize_ bytes
        if cb not in ("Agent/Null", "Agent/LossMonitor"):
            raise Ns2ImportError(f"{what}: an Agent/CBR connected to {cb} (Null or LossMonitor are modelled)")
        if app is not None:
            raise Ns2ImportError(f"{what}: an application attached to an Agent/CBR, which runs a CBR source of its own")
        _unknown_vars(objs, a, {"packetSize_", "interval_", "random_", "maxpkts_", "ttl_"}, what)
        own = objs.vars[a]
        size = _int(own.get("packetSize_", "210"), f"{what} packetSize_")
        interval = seconds(own.get("interval_", "0.00375"), f"{what} interval_")
        if size < 1 or not interval > 0:
            raise Ns2ImportError(f"{what}: packetSize_ {size}, interval_ {interval!r}: a CBR source needs a packet "
                                 "of at least 1 byte and an interval above 0")
        flow["transport"] = "udp"
        flow["traffic"] = {"type": "cbr", "packet_size_bytes": size, "rate_bps": size * 8.0 / interval,
                           "random": _bool(own.get("random_", "0"), f"{what} random_")}
        if "maxpkts_" in own:
            flow["traffic"]["max_pkts"] = _int(own["maxpkts_"], f"{what} maxpkts_")
    elif ca in _SENDERS:
        if cb not in _SINKS:
            raise Ns2ImportError(f"{what}: {ca} connected to {cb} (a TCPSink is modelled)")
        cc, sack_agent = _SENDERS[ca]
        sink_sack, delack = _SINKS[cb]
        flow["cc"] = cc
        _drop_idle_acts(objs, a, app, acts)
        timed, at_reset = _settings_before_start(objs, a, b, app, acts, what)
        flow["tcp"] = _tcp(objs, a, b, cc, sack_agent, delack, what)
        if (sack_agent is not None) != sink_sack:
            # ns-2 runs any one-way agent with any sink: a Sack1 or Fack agent over a
            # plain TCPSink reads ACKs without blocks; the others ignore a Sack1 sink's
            flow["tcp"]["sink_sack"] = sink_sack
        if app is None:
            raise Ns2ImportError(f"{what}: no application on the TCP agent (`attach-app FTP` or a source)")
        if objs.cls[app] == "Application/FTP":
            # ns-2 2.35's FTP has no variables (`$ftp set maxpkts_ N` is noted, as it
            # limits nothing there)
            _unknown_vars(objs, app, set(), f"{what}: {objs.label(app)}")
            flow["traffic"] = {"type": "bulk"}
        elif objs.cls[app] == "Source/FTP":
            # ns-source.tcl's FTP: its start is `advance maxpkts_`, a transfer of that
            # many segments where the script set it (268435456 by default: no end here)
            flow["traffic"] = {"type": "bulk"}
            most = _int(objs.get(app, "maxpkts_", _SOURCE_FTP_MAXPKTS)[0], f"{what}: {objs.label(app)} maxpkts_")
            if most != int(_SOURCE_FTP_MAXPKTS):
                acts[app] = [(t, "produce", [str(most)]) if m == "start" else (t, m, args)
                             for t, m, args in acts.get(app, [])]
        elif objs.cls[app] in _APPS:
            flow["traffic"] = _source(objs, app, f"{what}: {objs.label(app)}", tcp_size=flow["tcp"]["packet_size_bytes"])
        elif objs.cls[app] == "Application/Telnet":
            flow["traffic"] = _telnet(objs, app, f"{what}: {objs.label(app)}")
        else:
            raise Ns2ImportError(f"{what}: {objs.cls[app]} is not modelled (FTP, Telnet, CBR, Exponential, Pareto "
                                 "and Trace are)")
        # window_, maxcwnd_ and ssthresh_ once the agent has started: the sender's limits
        # and threshold change then (tcp_changes; one entry per instant, in time order)
        changes: dict[float, dict] = {}
        for t, var, v in timed:
            if var in _CHANGING_AGENT_VARS:
                key = _CHANGING_AGENT_VARS[var]
                # (ssthresh_ is a TracedInt: ns-2 keeps 16 of 16.7)
                read = _c_int if var == "ssthresh_" else _TCP_VARS[var][2]
                n = read(v, f"{what}: {var} at {t:g} s")
                if var == "window_" and n < 1:
                    raise Ns2ImportError(f"{what}: window_ {n} at {t:g} s: not modelled (ns-2's sender then sends "
                                         "nothing, its timeouts neither; a window_ of at least 1 is modelled)")
                if n < 0:
                    raise Ns2ImportError(f"{what}: {var} {n} at {t:g} s: must be at least 0"
                                         + (" (0: no cap)" if var == "maxcwnd_" else ""))
                changes.setdefault(t, {"at_s": t})[key] = n
        if changes:
            flow["tcp_changes"] = [changes[t] for t in sorted(changes)]
        others = [(t, var) for t, var, v in timed if var not in _CHANGING_AGENT_VARS]
        if others:
            t, var = others[0]
            if var in _LIVE_AGENT_VARS:
                raise Ns2ImportError(f"{what}: {var} set during the run (at {t:g} s, once the agent has started) is "
                                     "not modelled (set before the agent's first start, it is read as set before "
                                     "the run, which is what ns-2 does with it)")
            if var in _RESET_AGENT_VARS:
                raise Ns2ImportError(f"{what}: {var} set in an `$ns at` event (at {t:g} s) is not modelled: ns-2 "
                                     "reads it as the run starts (the agent's reset), so set it before `$ns run`")
            raise Ns2ImportError(f"{what}: {var} set during the run is not modelled")
        if "ssthresh_" in at_reset:
            flow["tcp"]["initial_ssthresh_pkts"] = float(_c_int(at_reset["ssthresh_"], f"{what} ssthresh_"))
        elif "window_" in at_reset:
            # window_ changed after ns-2's reset set ssthresh_ from it (capped by
            # max_ssthresh_): the first ssthresh is the window the run started with
            first_ss = _int(at_reset["window_"], f"{what} window_")
            cap = flow["tcp"].get("max_ssthresh_pkts", 0)
            first_ss = cap if 0 < cap < first_ss else first_ss
            if first_ss != (cap if 0 < cap < flow["tcp"]["rwnd_pkts"] else flow["tcp"]["rwnd_pkts"]):
                flow["tcp"]["initial_ssthresh_pkts"] = float(first_ss)
        if "windowInit_" in at_reset and flow["tcp"].get("window_increase") in ("average", "average_squared"):
            # the reset started the averaged window (awnd_) at windowInit_ / 2 as it was then
            raise Ns2ImportError(f"{what}: windowInit_ set in an `$ns at` event with windowOption_ 3 or 4 is not "
                                 "modelled: ns-2's reset starts the averaged window at half the windowInit_ of the "
                                 "run's start (set it before `$ns run`)")
        if "tcpTick_" in at_reset:
            # (the phase is drawn within the tick the run started with)
            objs.tick_at_reset[a] = seconds(at_reset["tcpTick_"], f"{what} tcpTick_")
    else:
        _refuse_unmodelled_agent(ca, what)
        raise Ns2ImportError(f"{what}: {ca} connected to {cb} is not modelled (ns-2's one-way TCP agents to "
                             "their sinks, and UDP to Null or LossMonitor, are)")
    # when it runs: its application's start, stop, send or produce (the receiving
    # agent's own, a reset during the run, say, is not modelled, but for resets before
    # the connection carries anything: _resets)
    if flow.get("transport", "tcp") == "tcp":
        _resets(objs, a, b, app, acts, flow, what)
    if acts.get(b):
        t, m, _ = acts[b][0]
        raise Ns2ImportError(f"{what}: {objs.label(b)} `{m}` at {t:g} s is not modelled (the receiving agent does "
                             "what the sender's data makes it do)")
    steps = acts.get(app, []) + acts.get(a, [])
    # (an agent's own advanceby, as satcc's export hands a transfer more, is the FTP's
    # producemore)
    steps = [(t, "producemore" if m == "advanceby" else m, args) for t, m, args in steps]
    starts = [(t, m, args) for t, m, args in steps if m in ("start", "send", "produce", "producemore")]
    stops = [t for t, m, args in steps if m == "stop"]
    odd = [m for t, m, args in steps if m not in ("start", "send", "produce", "producemore", "stop")]
    if odd:
        raise Ns2ImportError(f"{what}: `{odd[0]}` is not modelled (start, stop, send and produce are)")
    if not starts:
        return None  # never started: it sends nothing
    # a stop before the first start does nothing (a source's timer is not running; an
    # agent's advance 0 leaves curseq_ at 0, which the start replaces)
    steps = [(t, m, args) for t, m, args in steps if m != "stop" or t >= starts[0][0]]
    stops = [t for t in stops if t >= starts[0][0]]
    if app is not None and objs.cls[app] in _APPS:
        return _source_periods(objs, flow, app, steps, duration_s, what)
    if app is not None and objs.cls[app] in ("Application/FTP", "Source/FTP") and \
            all(m in ("start", "stop") for _, m, _ in steps):
        return _ftp_periods(flow, steps, duration_s, what)
    starts.sort(key=lambda s: s[0])
    if len(starts) > 1 and not stops and flow.get("transport") != "udp" and app is not None \
            and objs.cls[app] in ("Application/FTP", "Source/FTP") and starts[0][1] != "start":
        # a transfer, then more: each later `send` or `producemore` hands the agent more
        # (sendmsg / advanceby: curseq_ grows), as `traffic.more`
        more = []
        for t, m, args in starts[1:]:
            n = _atoi(args[0], f"{what} {m}") if args else None
            if m not in ("send", "producemore") or n is None or n <= 0:
                raise Ns2ImportError(f"{what}: `{m}{' ' + args[0] if args else ''}` at {t!r} s after a transfer "
                                     "began is not modelled (a later `send` or `producemore` of a positive size is)")
            if t < duration_s:
                more.append({"at_s": t, "size_bytes": n if m == "send" else n * flow["tcp"]["packet_size_bytes"]})
        starts = starts[:1]
        if more:
            flow["traffic_more"] = more
    if len(starts) > 1 or len(stops) > 1:
        raise Ns2ImportError(f"{what}: started or stopped more than once (one start and one stop are modelled; "
                             "a CBR, Exponential, Pareto or trace-driven source may start again after it stops, "
                             "and a transfer may be handed more by `send` or `producemore`)")
    t, m, args = starts[0]
    flow["start_s"] = t
    more = flow.pop("traffic_more", None)
    if m in ("send", "produce", "producemore"):
        if flow.get("transport") == "udp":
            raise Ns2ImportError(f"{what}: `{m}` on a UDP source")
        n = _atoi(args[0], f"{what} {m}") if args else None
        if n is None or n <= 0:
            if more:
                raise Ns2ImportError(f"{what}: `{m}{' ' + args[0] if args else ''}` then more: a transfer of no "
                                     "size or without end, then more, is not modelled")
            flow["traffic"] = {"type": "bulk"}
        else:
            # produce N (advance N) and producemore N (advanceby N) from nothing: N packets
            size = n if m == "send" else n * flow["tcp"]["packet_size_bytes"]
            flow["traffic"] = {"type": "file", "size_bytes": size, **({"more": more} if more else {})}
    if stops:
        if stops[0] <= t:
            raise Ns2ImportError(f"{what}: stopped at the instant it started ({t!r} s), after it sent at its start: "
                                 "not modelled")
        if stops[0] < duration_s:
            flow["stop_s"] = stops[0]
    if t >= duration_s:
        return None
    if app is not None and objs.cls[app] == "Application/Telnet":
        _telnet_steps(objs, flow, app, what)
    return flow


def _hands_nothing(m: str, args: list[str]) -> bool:
    """Whether an application's or agent's act hands a one-way TCP agent nothing while it
    has been handed nothing: `produce N` (advance) and `producemore N` (advanceby) with N at
    most 0, or `send 0` (sendmsg; -1 is a transfer without end). ns-2's send_much then
    finds no segment to send (curseq_ stays 0)."""
    if m not in ("produce", "producemore", "advance", "advanceby", "send") or len(args) != 1:
        return False
    n = _atoi_value(args[0])
    return n == 0 if m == "send" else n <= 0


def _acts_and_first(objs: _Objects, a: str, app: str | None, acts: dict, skip_idle: bool):
    """The acts of TCP agent `a` and its application `app` as (time, method, args, place),
    and the first that hands the agent something (None if none does); `skip_idle`: not
    counting those that hand nothing (_hands_nothing)."""
    own = [(t, m, args, q) for (t, m, args), q in
           zip(acts.get(app, []) + acts.get(a, []), objs.act_seq.get(app, []) + objs.act_seq.get(a, []))]
    first = next((x for x in sorted(own, key=lambda x: (x[0], x[3]))
                  if x[1] in ("start", "send", "produce", "producemore", "advance", "advanceby")
                  and not (skip_idle and _hands_nothing(x[1], x[2]))), None)
    return own, first


def _drop_idle_acts(objs: _Objects, a: str, app: str | None, acts: dict) -> None:
    """In place: the acts of TCP agent `a` and its application `app` that hand it nothing
    before its first transfer (`produce 0`, _hands_nothing) taken out: no acts."""
    own, first = _acts_and_first(objs, a, app, acts, skip_idle=True)
    idle = {x[3] for x in own if _hands_nothing(x[1], x[2]) and (first is None or (x[0], x[3]) < (first[0], first[3]))}
    if idle:
        _drop_acts(objs, acts, (app, a), idle)


def _drop_acts(objs: _Objects, acts: dict, handles, seqs: set[int]) -> None:
    """In place: the acts of `handles` recorded at places `seqs` taken out."""
    for h in handles:
        if h is None or h not in acts:
            continue
        kept = [(x, q) for x, q in zip(acts[h], objs.act_seq.get(h, [])) if q not in seqs]
        acts[h] = [x for x, _ in kept]
        objs.act_seq[h] = [q for _, q in kept]


def _resets(objs: _Objects, a: str, b: str, app: str | None, acts: dict, flow: dict, what: str) -> None:
    """In place: `$tcp reset` and `$sink reset` in `$ns at` events, ns-2's way to reuse a
    connection for a new transfer (the adaptive-red suite's newtraffic), where the
    connection has carried nothing yet. Before the first segment the sink's reset finds
    its state as it began (TcpSink::reset: the acker's, lastreset_), and so does the
    sender's, but for one thing: TcpAgent::reset draws the RTT clock's phase again
    (boot_time_ = Random::uniform(tcpTick_)), from ns-2's one generator, which moves
    every later draw of the run. That draw is modelled in the start's instant
    (`tcp.tick_phase_at_start`), so the sender's reset must come just before its start:
    in the same instant, with no other act of the script between the two but its sink's
    reset, and no setting of the agent before it (the reset reads some again) nor of its
    tcpTick_ between the two (the draw is within the tick of the reset). Any other reset
    is refused by name."""
    # (the acts that hand nothing are gone by now: _drop_idle_acts)
    own, first = _acts_and_first(objs, a, app, acts, skip_idle=False)
    resets = [x for x in own if x[1] == "reset"]
    sink = list(zip(acts.get(b, []), objs.act_seq.get(b, [])))
    sink_resets = [(t, q) for (t, m, _), q in sink if m == "reset"]
    if not resets and not sink_resets:
        return
    start = (first[0], first[3]) if first else (math.inf, 0)
    for t, q in sink_resets:
        if (t, q) > start:
            raise Ns2ImportError(f"{what}: {objs.label(b)} `reset` at {t:g} s, after the connection began carrying "
                                 "data, is not modelled (ns-2 then throws away what the earlier transfer still has "
                                 "in flight: connection reuse; a reset before the sender's first transfer is)")
    if len(resets) > 1:
        raise Ns2ImportError(f"{what}: {objs.label(a)} `reset` {len(resets)} times (at "
                             f"{', '.join(f'{x[0]:g}' for x in resets)} s) is not modelled: connection reuse, one "
                             "transfer after another on the same agents (one reset, just before the first "
                             "transfer, is)")
    if resets:
        t, _, _, q = resets[0]
        if first is None:
            raise Ns2ImportError(f"{what}: {objs.label(a)} `reset` at {t:g} s, on an agent that never sends, is not "
                                 "modelled: ns-2's reset draws the agent's RTT clock phase from its one generator "
                                 "then, which moves the run's later draws")
        if (t, q) > start or t != start[0]:
            raise Ns2ImportError(f"{what}: {objs.label(a)} `reset` at {t:g} s is not modelled: only a reset in the "
                                 f"instant of the agent's first transfer ({start[0]:g} s) and just before it is "
                                 "(ns-2's reset draws the RTT clock phase from its one generator when it comes)")
        between = [(h, m) for h, lst in acts.items() for (tt, m, _), qq in zip(lst, objs.act_seq.get(h, []))
                   if q < qq < start[1] and tt == t and not (h == b and m == "reset")]
        if between:
            h, m = between[0]
            raise Ns2ImportError(f"{what}: {objs.label(a)} `reset` at {t:g} s with {objs.label(h)} `{m}` between it "
                                 "and the start is not modelled (ns-2's reset draws the RTT clock phase from its one "
                                 "generator when it comes; satcc draws it as the flow starts)")
        for (tt, var, _), qq in zip(objs.timed.get(a, []), objs.timed_seq.get(a, [])):
            if (tt, qq) < (t, q) or (var == "tcpTick_" and (tt, qq) < start):
                raise Ns2ImportError(f"{what}: {objs.label(a)} `reset` at {t:g} s with its {var} set in an `$ns at` "
                                     f"event before {'it' if (tt, qq) < (t, q) else 'the start'} (at {tt:g} s) is not "
                                     "modelled (the reset reads some settings again, and draws the RTT clock phase "
                                     "within the tcpTick_ of its instant; set them after the reset)")
        flow["tcp"]["tick_phase_at_start"] = True
    _drop_acts(objs, acts, (app, a), {x[3] for x in resets})
    _drop_acts(objs, acts, (b,), {q for _, q in sink_resets})


def _telnet_steps(objs: _Objects, flow: dict, app: str, what: str) -> None:
    """In place: a Telnet source's interval_ set during the run (`traffic.interval_steps`):
    ns-2's next() reads interval_ for each gap it draws, so each change counts from the
    gap drawn at or after it."""
    steps = []
    for t, var, v in objs.timed.get(app, []):
        if var != "interval_":
            continue
        iv = seconds(v, f"{what}: {objs.label(app)} interval_ at {t!r} s")
        if iv <= 0:
            raise Ns2ImportError(f"{what}: {objs.label(app)} interval_ {v} set at {t!r} s is not modelled (a change "
                                 "to an exponential mean above 0 is; tcplib's gaps, interval_ 0, from the start only)")
        steps.append({"at_s": t, "interval_s": iv})
    if steps:
        flow["traffic"]["interval_steps"] = sorted(steps, key=lambda r: r["at_s"])


def _ping_flows(objs: _Objects, a: str, b: str, attach: dict, node_name: dict, app_of: dict, acts: dict,
                duration_s: float) -> list[tuple[str, str, dict]]:
    """The ping flows (each with its sending and its answering agent) of two connected Agent/Pings (apps/ping.cc): one from each agent that
    sends, its requests at its `send`s (those before the run's end), of its packetSize_,
    each answered by the other with a reply of the other's packetSize_."""
    ca, cb = objs.cls.get(a), objs.cls.get(b)
    if ca != cb:
        ping, other = (a, cb) if ca == "Agent/Ping" else (b, ca)
        raise Ns2ImportError(f"{objs.label(a)} -> {objs.label(b)}: an Agent/Ping connected to {other} (satcc models "
                             "a ping answered by the Agent/Ping it is connected to)")
    flows = []
    for x, y in ((a, b), (b, a)):
        what = f"{objs.label(x)} -> {objs.label(y)}"
        for h in (x, y):
            if h not in attach:
                raise Ns2ImportError(f"{what}: {objs.label(h)} is not attached to a node (`$ns attach-agent`)")
        if any(ag == x for ag in app_of.values()):
            raise Ns2ImportError(f"{what}: an application attached to an Agent/Ping (its requests are its `send`s)")
        _unknown_vars(objs, x, {"packetSize_"}, what)
        steps = acts.get(x, [])
        odd = next(((t, m) for t, m, args in steps if m != "send" or args), None)
        if odd is not None:
            raise Ns2ImportError(f"{what}: `{odd[1]}` at {odd[0]:g} s is not modelled for an Agent/Ping (its `send` "
                                 "is)")
        sizes = []
        for h in (x, y):
            n = _c_int(objs.get(h, "packetSize_", "64")[0], f"{objs.label(h)} packetSize_")
            if not 1 <= n <= 65535:
                raise Ns2ImportError(f"{objs.label(h)}: packetSize_ {n}: a ping's size must be 1 to 65535 bytes")
            sizes.append(n)
        times = [t for t, _, _ in steps if t < duration_s]
        if not times:
            continue
        flows.append((x, y, {"name": objs.label(x), "src": node_name[attach[x]], "dst": node_name[attach[y]],
                      "transport": "ping", "start_s": times[0],
                      "traffic": {"type": "pings", "at_s": times, "packet_size_bytes": sizes[0],
                                  "reply_size_bytes": sizes[1]}}))
    return flows


def _periods(flow: dict, steps: list, duration_s: float, what: str, agent: bool) -> dict | None:
    """A flow's periods (`start_s`, `stop_s`, `restarts`) from its application's
    `start`s and `stop`s, in the order they ran. `agent`: an FTP on a one-way TCP agent,
    whose stop while stopped (after a start) tries to send once more; else a CBR or
    ON/OFF source, whose stop while stopped does nothing. A stop before the first start
    does nothing on both. An FTP's start while running is a period of its own, whose
    start tries to send. A source's start while running, a start at a stop's instant and
    a stop at a start's instant are refused (ns-2 runs them in ways satcc does not model).
    None if it never runs before `duration_s`."""
    at_start = "after the agent sent its first window" if agent else "when ns-2 sends one packet"
    again = "ns-2's agent then tries to send once more" if agent else \
        "ns-2 then sends a packet at once and restarts its timer"
    periods: list[list] = []
    for t, m, _ in steps:
        running = bool(periods) and periods[-1][1] is None
        if m == "stop":
            if running:
                if t <= periods[-1][0]:
                    raise Ns2ImportError(f"{what}: stopped at the instant it started ({t!r} s), {at_start}: not "
                                         "modelled")
                periods[-1][1] = t
            elif periods and agent:
                raise Ns2ImportError(f"{what}: stopped again at {t!r} s while stopped ({again}): not modelled")
        elif running and agent:
            # ns-2's FTP start is `send -1`: the agent, its data unlimited already, tries
            # to send (what maxburst_ or a recovery held back)
            periods.append([t, None])
        elif running:
            raise Ns2ImportError(f"{what}: started again at {t!r} s while running ({again}): not modelled; stop it "
                                 "first")
        elif periods and t <= periods[-1][1]:
            raise Ns2ImportError(f"{what}: started again at the instant it stopped ({t!r} s): not modelled")
        else:
            periods.append([t, None])
    periods = [[a, b if b is not None and b < duration_s else None] for a, b in periods if a < duration_s]
    if not periods:
        return None
    flow["start_s"] = periods[0][0]
    if periods[0][1] is not None:
        flow["stop_s"] = periods[0][1]
    if len(periods) > 1:
        flow["restarts"] = [{"start_s": a, **({"stop_s": b} if b is not None else {})} for a, b in periods[1:]]
    return flow


def _ftp_periods(flow: dict, steps: list, duration_s: float, what: str) -> dict | None:
    """An FTP's periods, as ns-2 2.35's Application/FTP runs them on a one-way TCP
    agent: `start` is `send -1` (curseq_ to TCP_MAXSEQ, then send_much), `stop` is
    `advance 0` (curseq_ to maxseq_, the last segment sent, then send_much) and `close`
    (nothing, on these agents). So a stop before anything was sent changes nothing, and
    a start after a stop hands the agent unlimited data again, its window, timers and
    estimates as they stand."""
    return _periods(flow, steps, duration_s, what, agent=True)


def _source_periods(objs: _Objects, flow: dict, app: str, steps: list, duration_s: float, what: str) -> dict | None:
    """A CBR or ON/OFF source's periods (`restarts`), and a CBR's rate changes
    (`traffic.rate_steps`), as ns-2's TrafficGenerator runs them: a stop of a running
    source cancels its timer (of one not running, it does nothing); each start runs
    init() again (an ON/OFF source then begins with an OFF period and a new burst; a CBR
    sends at once and goes on counting maxpkts_); a CBR's rate_ set during the run counts
    from the packet after it."""
    if _periods(flow, steps, duration_s, what, agent=False) is None:
        return None
    rates = [{"at_s": t, "rate_bps": bandwidth(v, f"{what}: rate_ at {t!r} s")}
             for t, var, v in objs.timed.get(app, []) if var == "rate_" and objs.cls[app] == "Application/Traffic/CBR"]
    if rates:
        flow["traffic"]["rate_steps"] = sorted(rates, key=lambda r: r["at_s"])
    return flow


class _PreRunDraws:
    """ns-2's default generator until `$ns run` starts the clock, as ns-2 2.35 moves it:
    seeded with 1 (or the script's `$defaultRNG seed N` / `ns-random N` before the run),
    one draw for each one-way TCP agent made (two for Vegas) and for each draw the script
    takes from it itself (a `[$rv value]` start time, say: script_draw), and at `$ns run` one for
    each TCP agent attached to a node, nodes in the order ns-2 resets them (its Node_
    array's), agents in the order they were attached: that draw is the agent's RTT clock
    phase over its tcpTick_ (boot_time_). Unknown (`why` says so) once the script seeds
    it with 0 (ns-2 then seeds it from the clock) or something else satcc cannot follow
    draws from it before the run."""

    def __init__(self):
        self.seed_, self.rng, self.draws, self.phases = 1, _ns2.Ns2Rng(1), 0, {}
        self.why = ""
        self.script_draws = 0

    def known(self) -> bool:
        return not self.why

    def seed(self, n: str) -> None:
        try:
            self.seed_ = int(n)
            self.rng, self.draws = _ns2.Ns2Rng(self.seed_), 0
        except ValueError:
            self.why = f"seeded with {n}, which ns-2 reads as a seed from the clock or refuses"

    def made(self, cls: str) -> None:
        if self.known() and (cls == "Agent/TCP" or cls.startswith("Agent/TCP/")):
            for _ in range(2 if cls.startswith("Agent/TCP/Vegas") else 1):
                self.rng.u01()
                self.draws += 1

    def script_draw(self) -> None:
        """One draw the script takes itself before the run (ns2_import.tcl gave it the
        value, from its mirror of the generator: valid only while this one is known)."""
        self.script_draws += 1
        if self.known():
            self.rng.u01()
            self.draws += 1

    def reset(self, nodes: list[str], attached: dict[str, list[str]], objs) -> None:
        if not self.known():
            return
        for n in nodes:
            for a in attached.get(n, []):
                cls = objs.cls.get(a, "")
                if cls == "Agent/TCP" or cls.startswith("Agent/TCP/"):
                    self.phases[a] = self.rng.u01()
                    self.draws += 1

    def phase(self, agent: str) -> float | None:
        """The agent's draw at its reset (its phase over tcpTick_), if known."""
        return self.phases.get(agent) if self.known() else None

    def state(self) -> tuple[int, int]:
        """The seed and the draws since it when the clock starts (ns2_rng_seed, skip)."""
        return self.seed_, self.draws


# ns-2 agents users reach for that satcc does not model, and what it offers instead
_UNMODELLED_AGENTS = {
    "Agent/TCP/Linux": "ns-2's TCP-Linux (the congestion modules of Linux 2.6 run inside ns-2, chosen by "
                       "select_ca) is not satcc's. satcc's CUBIC and BBR senders follow today's Linux and are "
                       "checked against Linux itself: give the flows `cc` cubic or bbr in the scenario "
                       "(docs/cubic-bbr.md)",
    "Agent/TCP/FullTcp": "ns-2's two-way TCP (connection set-up and tear-down, data both ways: tcp-full.cc) is "
                         "not satcc's; satcc models ns-2's one-way agents (Agent/TCP, /Reno, /Newreno, /Sack1, "
                         "/Fack, /Vegas) with their sinks, which carry an FTP or a source the same way",
    "Agent/TCP/SackRH": "ns-2's SACK with rate-halving (tcp-sack-rh.cc) is not satcc's; its other SACK agents are "
                        "(Agent/TCP/Sack1 and /Fack, to Agent/TCPSink/Sack1)",
    "Agent/TFRC": "ns-2's TCP-friendly rate control (tfrc.cc, its sender and Agent/TFRCSink) is not satcc's; its "
                  "rate-driven flows are UDP (Agent/UDP with a CBR, exponential or Pareto source, to Agent/Null or "
                  "Agent/LossMonitor)",
}


def _refuse_unmodelled_agent(cls: str, what: str) -> None:
    """Refuse an agent of a class users reach for that satcc does not model, saying what
    it offers instead (_UNMODELLED_AGENTS); others pass."""
    why = next((w for prefix, w in _UNMODELLED_AGENTS.items() if cls == prefix or cls.startswith(prefix + "/")), None)
    if why is not None:
        raise Ns2ImportError(f"{what}: {cls} is not modelled: {why}")


def _tcp(objs: _Objects, a: str, b: str, cc: str, sack_agent: str | None, delack: bool, what: str) -> dict:
    tcp: dict = {}
    # any other variable of the agent's ns-2 class is taken at ns-2's default only
    # (_unknown_vars; Fack's ss-div4_ and rampdown_ among them)
    known = set(_TCP_VARS)
    for var, (key, default, read) in _TCP_VARS.items():
        val, _ = objs.get(a, var, default)
        tcp[key] = read(val, f"{what}: {var}")
    if tcp["max_connects"] > 0 and not tcp["syn"]:
        # output() counts the SYN's sends only with syn_
        objs.notes.append(f"{what}: max_connects_ {tcp['max_connects']} without syn_: ns-2 counts the SYN's sends only "
                          "with syn_; left out")
        tcp["max_connects"] = 0
    if tcp["max_connects"] > 0 and not tcp["delay_growth"]:
        raise Ns2ImportError(f"{what}: max_connects_ {tcp['max_connects']} with delay_growth_ false is not modelled: "
                             "ns-2 then compares a count of the SYN's sends it never set (set_initial_window sets "
                             "syn_connects_ to 0 only with delay_growth_)")
    if tcp["srtt_bits"] < tcp["rttvar_bits"] or tcp["rttvar_bits"] < 1:
        raise Ns2ImportError(f"{what}: T_SRTT_BITS {tcp['srtt_bits']} with T_RTTVAR_BITS {tcp['rttvar_bits']} is not "
                             "modelled: ns-2's rtt_update then shifts by a negative count, which C leaves undefined "
                             "(allowed: T_RTTVAR_BITS at least 1 and T_SRTT_BITS at least it)")
    # the initial window's rule: 1, windowInit_; 2, by the packet size (ns-2 aborts on
    # any other)
    option = _c_int(objs.get(a, "windowInitOption_", "1")[0], f"{what}: windowInitOption_")
    if option not in (1, 2):
        raise Ns2ImportError(f"{what}: windowInitOption_ {option} is not one of ns-2's (1 and 2 are)")
    known.add("windowInitOption_")
    tcp["initial_window_by_size"] = option == 2
    # congestion avoidance's rule (tcp.window_increase): 1, a fraction of a packet each
    # new ACK; 0, a whole packet counted out; 2 to 5, Floyd's experimental increases; 6,
    # binomial; 8, HighSpeed TCP (ns-2 aborts on 7 and on any other)
    option = _c_int(objs.get(a, "windowOption_", "1")[0], f"{what}: windowOption_")
    if option not in _ns2.WINDOW_OPTIONS:
        raise Ns2ImportError(f"{what}: windowOption_ {option} is not one of ns-2's window rules (allowed: "
                             f"{', '.join(map(str, _ns2.WINDOW_OPTIONS))}; ns-2 aborts on any other)")
    known.add("windowOption_")
    if option != 1:
        tcp["window_increase"] = _ns2.WINDOW_OPTIONS[option]
    # the rules' own variables, read by ns-2 with their windowOption_ only
    for var, key, default, readers in _ns2.WINDOW_VARS:
        known.add(var)
        val = objs.get(a, var, repr(default))[0]
        read = (_c_int if isinstance(default, int) else _num)(val, f"{what}: {var}")
        if option in readers:
            tcp[key] = read
        elif read != default:
            objs.notes.append(f"{what}: {var} {val}: ns-2 reads it with windowOption_ "
                              f"{' or '.join(map(str, readers))} only; left out")
    for var, (default, readers, key, value) in _READ_BY_SOME.items():
        known.add(var)
        val = objs.get(a, var, default)[0]
        if _bool(val, f"{what}: {var}") == _bool(default, var):
            continue
        if objs.cls[a] in readers:
            tcp[key] = value
        else:
            objs.notes.append(f"{what}: {var} {val}: {objs.cls[a]} does not read it (read by {' and '.join(readers)} "
                              "only); left out")
    # the variables ns-2 reads only with another setting on (_READ_WITH)
    for var, (default, needs, needs_var, why, key, value) in _READ_WITH.items():
        known.add(var)
        val = objs.get(a, var, default)[0]
        if _bool(val, f"{what}: {var}") == _bool(default, var):
            continue
        if tcp.get(needs):
            tcp[key] = value
        else:
            objs.notes.append(f"{what}: {var} {val} without {needs_var}: ns-2 reads it {why}; left out")
    # EnblRTTCtr_: QOption_'s round-trip counting (rtt_counting,
    # `tcp.window_validation_rtt_counting`; only Agent/TCP's recv counts the round trips)
    known.add("EnblRTTCtr_")
    ctr = objs.get(a, "EnblRTTCtr_", "0")[0]
    if _bool(ctr, f"{what}: EnblRTTCtr_"):
        if tcp.get("window_validation"):
            tcp["window_validation_rtt_counting"] = True
        else:
            objs.notes.append(f"{what}: EnblRTTCtr_ {ctr}: ns-2 reads it with QOption_ 1 only; left out")
    # numdupacksFrac_: read by Sack1TcpAgent::numdupacks(cwnd_) only, a C int dividing
    # the window (0 divides by zero; below 0 it never exceeds numdupacks_)
    known.add("numdupacksFrac_")
    frac_val = objs.get(a, "numdupacksFrac_", "-1")[0]
    frac = _c_int(frac_val, f"{what}: numdupacksFrac_")
    if frac == 0:
        raise Ns2ImportError(f"{what}: numdupacksFrac_ 0: ns-2's Sack1 divides the window by it (allowed: a positive "
                             "number, or below 0 for none, ns-2's default -1)")
    if frac > 0:
        if objs.cls[a] == "Agent/TCP/Sack1":
            tcp["dupack_threshold_cwnd_divisor"] = frac
        else:
            objs.notes.append(f"{what}: numdupacksFrac_ {frac_val}: {objs.cls[a]} does not read it (read by "
                              "Agent/TCP/Sack1 only); left out")
    if objs.cls[a] == "Agent/TCP/Newreno":
        # its partial ACKs' rules (tcp-newreno.cc): the window deflated or not, and the
        # timer restarted on the first partial ACK of a recovery or on each
        known |= {"partial_window_deflation_", "newreno_changes1_", "exit_recovery_fix_"}
        if not _bool(objs.get(a, "partial_window_deflation_", "1")[0], f"{what}: partial_window_deflation_"):
            tcp["partial_window_deflation"] = False
        if not _bool(objs.get(a, "newreno_changes1_", "1")[0], f"{what}: newreno_changes1_"):
            tcp["timer_every_partial_ack"] = True
        # and its exit from fast recovery: the window to what is outstanding if smaller
        if _bool(objs.get(a, "exit_recovery_fix_", "0")[0], f"{what}: exit_recovery_fix_"):
            tcp["exit_recovery_at_flight"] = True
    from . import registry

    row = registry.controller(cc)
    for var, (key, default, read) in _CC_VARS.items():
        if key in row["settings"]:
            known.add(var)
            tcp[key] = read(objs.get(a, var, default)[0], f"{what}: {var}")
    if row["bare_segments"]:
        # ns-2's Vegas sends bare segments whatever useHeaders_ says (and no SYN, but
        # its syn_ starts its window at 1: kept, as satcc's Vegas reads it)
        tcp["use_headers"] = False
    if not row["ns2_opencwnd"]:
        # ns-2's Vegas grows its window by its own recv, never by opencwnd, and cuts it
        # only on timeouts (ssthresh to half) and its own duplicate-ACK rule: the AIMD
        # settings change nothing there (ECN, whose response would read decrease_num_,
        # is refused for Vegas)
        inert = [f"{var} {objs.get(a, var, d)[0]}" for var, key, d in
                 (("increase_num_", "aimd_increase", 1.0), ("decrease_num_", "aimd_decrease", 0.5),
                  ("windowOption_", "window_increase", "fractional"), ("precisionReduce_", "whole_packet_cuts", False),
                  *((var, key, d) for var, key, d, _ in _ns2.WINDOW_VARS))
                 if tcp.pop(key, d) != d]
        if inert:
            objs.notes.append(f"{what}: {', '.join(inert)}: ns-2's Vegas grows and cuts its window by its own "
                              "rules, never by opencwnd, so they change nothing; left out")
    _unknown_vars(objs, a, known, what)
    sink = f"{what}: sink {objs.label(b)}"
    tcp["ack_size_bytes"] = _c_int(objs.get(b, "packetSize_", "40")[0], f"{sink} packetSize_")
    tcp["delayed_ack"] = delack
    if delack:
        tcp["delayed_ack_interval_s"] = seconds(objs.get(b, "interval_", "100ms")[0], f"{sink} interval_")
    # maxSackBlocks_: the blocks a Sack1 sink's Sacker remembers and reports (ns-2
    # clamps it to its header's 3, with a warning); a plain TCPSink has no Sacker
    nblocks = _c_int(objs.get(b, "maxSackBlocks_", "3")[0], f"{sink} maxSackBlocks_")
    if nblocks != 3:
        if not objs.cls[b].startswith("Agent/TCPSink/Sack1"):
            objs.notes.append(f"{sink}: maxSackBlocks_ {nblocks}: {objs.cls[b]} reports no SACK blocks; left out")
        elif nblocks < 0:
            raise Ns2ImportError(f"{sink}: maxSackBlocks_ {nblocks} is not modelled (0 to 3 blocks are)")
        elif nblocks > 3:
            objs.notes.append(f"{sink}: maxSackBlocks_ {nblocks}: ns-2's TCP header holds 3 SACK blocks, and ns-2 "
                              "keeps 3 (with a warning); read as 3")
        else:
            tcp["sack_blocks"] = nblocks
    # ts_echo_rfc1323_: which segment's time the sink echoes; read only by a sender on
    # timestamps (TcpAgent::recv_helper with ts_option_) or ns-2's Fack agent (its recv
    # times every echo), a no-op for the others
    if _bool(objs.get(b, "ts_echo_rfc1323_", "false")[0], f"{sink} ts_echo_rfc1323_"):
        if tcp.get("timestamps") or sack_agent == "fack":
            tcp["ts_echo_rfc1323"] = True
        else:
            objs.notes.append(f"{sink}: ts_echo_rfc1323_ true: its sender ({objs.cls[a]} without timestamps_) reads "
                              "no echo, so it changes nothing; left out")
    # SYN_immediate_ack_ and RFC2581_immediate_ack_: read by the DelAck sinks' recv only
    for var, key in (("SYN_immediate_ack_", "syn_immediate_ack"), ("RFC2581_immediate_ack_", "rfc2581_immediate_ack")):
        val = objs.get(b, var, "true")[0]
        if not _bool(val, f"{sink} {var}"):
            if delack:
                tcp[key] = False
            else:
                objs.notes.append(f"{sink}: {var} {val}: read by ns-2's delayed-ACK sinks only ({objs.cls[b]} "
                                  "acknowledges every segment at once); left out")
    # ecn_syn_: the ACK answering an ECN sender's setup is ECN-capable (TcpSink::ack)
    if _bool(objs.get(b, "ecn_syn_", "false")[0], f"{sink} ecn_syn_"):
        if tcp.get("ecn"):
            tcp["ecn_syn_ack"] = True
        else:
            objs.notes.append(f"{sink}: ecn_syn_ true: its sender is not ECN-capable (ecn_ 0), so no segment asks "
                              "for ECN and it changes nothing; left out")
    _unknown_vars(objs, b, {"packetSize_", "interval_", "maxSackBlocks_", "ts_echo_rfc1323_", "SYN_immediate_ack_",
                            "RFC2581_immediate_ack_", "ecn_syn_"}, sink)
    if sack_agent is not None:
        tcp["sack"], tcp["sack_agent"] = True, sack_agent
    return tcp


def _telnet(objs: _Objects, app: str, what: str) -> dict:
    """ns-2's Application/Telnet on a TCP agent: a packet after each exponential gap of
    mean interval_ (ns-2 2.35's default 1.0), or, with interval_ 0, after each gap drawn
    from tcplib's telnet distribution (`gaps: tcplib`)."""
    _unknown_vars(objs, app, {"interval_"}, what)
    interval = seconds(objs.get(app, "interval_", "1.0")[0], f"{what} interval_")
    if interval == 0:
        return {"type": "telnet", "gaps": "tcplib"}
    if interval < 0:
        raise Ns2ImportError(f"{what}: interval_ {interval}: must be above 0, or 0 for tcplib's telnet gaps")
    return {"type": "telnet", "interval_s": interval}


def read_trace_file(path: str | Path) -> list[list[int]]:
    """The records of an ns-2 traffic trace (trace/traffictrace.cc): pairs of 32-bit
    big-endian numbers, the gap before a message in microseconds and its size in bytes,
    as [[gap_us, size_bytes], ...] (a scenario's `traffic: {type: trace, records}`)."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as e:
        raise Ns2ImportError(f"{path}: the trace file cannot be read ({e.strerror}; ns-2 then starts its source at "
                             "an undefined record)") from None
    if not data or len(data) % 8:
        raise Ns2ImportError(f"{path}: {len(data)} bytes is not a whole number of records (8 bytes each: ns-2 "
                             "refuses the file as of a bad size and starts its source at an undefined record)")
    return [list(r) for r in struct.iter_unpack(">II", data)]


def _source(objs: _Objects, app: str, what: str, tcp_size: int | None = None) -> dict:
    kind = _APPS[objs.cls[app]]
    if kind == "trace":
        # ns-2's Application/Traffic/Trace: its Tracefile's records, nothing of its own
        _unknown_vars(objs, app, set(), what)
        tf = objs.tracefile_of.get(app)
        if tf is None or tf not in objs.trace_file:
            raise Ns2ImportError(f"{what}: a trace-driven source without a trace file (`$src attach-tracefile "
                                 "$tfile` after `$tfile filename FILE`)")
        records = objs.trace_files.get(objs.trace_file[tf])
        if records is None:
            records = read_trace_file(objs.trace_file[tf])
        if isinstance(records, str):
            raise Ns2ImportError(f"{what}: {records}")
        return {"type": "trace", "records": records}

    def get(var):
        d = _APP_DEFAULTS.get(var)
        return objs.get(app, var, d[kind] if isinstance(d, dict) else d)

    size = _c_int(get("packetSize_")[0], f"{what} packetSize_")
    if size < 1:
        raise Ns2ImportError(f"{what}: packetSize_ {size}: a source's messages are at least 1 byte")
    out: dict = {"type": kind}
    if tcp_size is None or size != tcp_size:
        # over a TCP agent, the source's messages (its own packetSize_, ns-2's default
        # 210) set its interval, and each is ceil(size / segment) segments (sendmsg)
        out["packet_size_bytes"] = size
    aliases = {"interval_": "rate_", "packet_size_": "packetSize_"} if kind == "cbr" else {"packet_size_": "packetSize_"}
    for var, into in aliases.items():
        if objs.get(app, var, None)[1]:
            # a source's own setting is packetSize_ or rate_ by now (_Objects._source_compat)
            objs.notes.append(f"{what}: {var} set on its class: ns-2 reads {var} only when it is set on a source "
                              f"(ns-source.tcl's `set` of a source), so its class's leaves the source's {into} as "
                              f"it was, and satcc leaves it out too; to use it, set it on the source, or set the "
                              f"class's {into}")
    out["rate_bps"] = bandwidth(get("rate_")[0], f"{what} rate_")
    if kind == "cbr":
        out["random"] = _bool(get("random_")[0], f"{what} random_")
        mp, mp_set = get("maxpkts_")
        if mp_set:
            out["max_pkts"] = _c_int(mp, f"{what} maxpkts_")
        known = {"packetSize_", "rate_", "random_", "maxpkts_", "interval_"}
    else:
        out["mean_on_s"] = seconds(get("burst_time_")[0], f"{what} burst_time_")
        out["mean_off_s"] = seconds(get("idle_time_")[0], f"{what} idle_time_")
        known = {"packetSize_", "rate_", "burst_time_", "idle_time_"}
        if kind == "pareto":
            out["shape"] = _num(get("shape_")[0], f"{what} shape_")
            known.add("shape_")
    _unknown_vars(objs, app, known, what)
    return out


# The script in ns-2 itself, with a queue monitor on every link direction (made when
# `$ns run` starts, as ns2.to_tcl's are), its counts written when the run ends or the
# script exits
_NS2_COUNTS = """set satcc_counts_out {%s}
Simulator instproc satcc_run0 {} [Simulator info instbody run]
Simulator instproc run {} {
    $self instvar link_ Node_
    global satcc_qm
    foreach k [array names link_] {
        set ab [split $k :]
        if {[$link_($k) info vars qMonitor_] ne ""} {
            # the script's own queue monitor counts the same; a second one would take
            # the place of its trace channel, which its sampling then writes to
            set satcc_qm([lindex $ab 0]->[lindex $ab 1]) [$link_($k) set qMonitor_]
        } else {
            set satcc_qm([lindex $ab 0]->[lindex $ab 1]) [$self monitor-queue $Node_([lindex $ab 0]) $Node_([lindex $ab 1]) ""]
        }
    }
    set r [$self satcc_run0]
    satcc_dump
    return $r
}
proc satcc_dump {} {
    global satcc_qm satcc_counts_out satcc_base
    if {![info exists satcc_qm]} return
    set f [open $satcc_counts_out w]
    puts $f "time [[Simulator instance] now]"
    foreach k [lsort [array names satcc_qm]] {
        set q $satcc_qm($k)
        set c {}
        foreach v {parrivals_ pdepartures_ pdrops_} {
            set n [$q set $v]
            if {[info exists satcc_base($k,$v)]} { set n [expr {$n + $satcc_base($k,$v)}] }
            lappend c $n
        }
        puts $f "$k [join $c { }]"
    }
    close $f
}
# a monitor counted with reset during the run (a link taken down resets its connectors,
# the queue monitor among them; a script's own queue or flow monitor, which the link took
# as its qMonitor_, reset by the script: a test suite's flow monitor dumped and reset
# every few seconds): keep what it had counted
QueueMonitor instproc satcc_reset0 {} [QueueMonitor info instbody reset]
QueueMonitor instproc reset {} {
    global satcc_qm satcc_base
    foreach k [array names satcc_qm] {
        if {$satcc_qm($k) ne $self} continue
        foreach v {parrivals_ pdepartures_ pdrops_} {
            if {![info exists satcc_base($k,$v)]} { set satcc_base($k,$v) 0 }
            set satcc_base($k,$v) [expr {$satcc_base($k,$v) + [$self set $v]}]
        }
    }
    $self satcc_reset0
}
rename exit satcc_real_exit
proc exit {args} { satcc_dump; eval satcc_real_exit $args }
# the counts are written first just before the first event the script schedules at the
# run's end (a finish proc that crashes ns-2, closing a trace before flushing it, say,
# leaves them); the exit that ends the run writes them again
set satcc_until %s
Simulator instproc satcc_at0 args [Simulator info instbody at]
Simulator instproc at args {
    global satcc_until satcc_end_set
    if {$satcc_until >= 0 && ![info exists satcc_end_set] && [string is double -strict [lindex $args 0]]
        && [lindex $args 0] == $satcc_until} {
        set satcc_end_set 1
        eval $self satcc_at0 [list [lindex $args 0] satcc_dump]
    }
    return [eval $self satcc_at0 $args]
}
%s
source {%s}
"""


def ns2_counts(script: str | Path, argv: list[str] | None = None, timeout_s: float = 3600,
               until_s: float | None = None) -> dict[str, list[int]]:
    """Run `script` in ns-2 itself (the `ns` command) with a queue monitor on every link
    direction: "i->j" (ns-2's node numbers, the order the script made the nodes) to
    [arrivals, departures, drops] (its error models' losses among the drops). A run that
    ns-2 ends with an error is refused unless the error came at `until_s` (the run's
    end, as the import read it: a `finish` proc whose `exec nam` fails, say)."""
    from . import ns2

    if not ns2.available():
        raise Ns2ImportError("running the script in ns-2 needs ns-2 (apt-get install -y ns2)")
    path = Path(script).resolve()
    with tempfile.TemporaryDirectory() as d:
        out = Path(d) / "counts.txt"
        wrapper = Path(d) / "satcc_wrapper.tcl"
        wrapper.write_text(_NS2_COUNTS % (out, repr(float(until_s)) if until_s is not None else "-1",
                                          _beside(path.parent), path))
        r = subprocess.run(["ns", str(wrapper), *(argv or [])], capture_output=True, text=True, cwd=d,
                           timeout=timeout_s)
        tail = " | ".join((r.stderr or r.stdout).strip().splitlines()[-3:])
        if not out.exists():
            how = f"crashed (signal {-r.returncode})" if r.returncode < 0 else f"exit {r.returncode}"
            raise Ns2ImportError(f"{script}: ns-2 wrote no counts ({how}): {tail}")
        lines = out.read_text().splitlines()
        at = float(lines[0].split()[1])
        if r.returncode != 0 and (until_s is None or at < until_s - 1e-9):
            # an error in an event ends ns-2's run there (its handler exits with 1): the
            # counts it wrote then are of a shorter run than the script's
            raise Ns2ImportError(f"{script}: ns-2 stopped with an error at {at:g} s (exit {r.returncode}): {tail}")
        if r.returncode != 0:
            how = f"crashed (signal {-r.returncode})" if r.returncode < 0 else f"ended with exit {r.returncode}"
            print(f"  note: ns-2 {how} at the run's end, {at:g} s, after its counts were written: {tail}",
                  file=sys.stderr)
        counts = {}
        for line in lines[1:]:
            k, a, dep, drops = line.split()
            counts[k] = [int(a), int(dep), int(drops)]
        return counts


def satcc_counts(imported: Imported) -> dict[str, list[int]]:
    """The same counters from satcc's run of an imported scenario, in ns-2's node numbers."""
    from .run import run

    sc = imported.scenario
    number = {n["name"]: str(i) for i, n in enumerate(sc["nodes"])}
    out = {}
    summary = run(sc).summary
    ties = summary["totals"].get("routing_ties", 0)
    if ties:
        # known only once run: the distance-vector agents' picks among equal next hops
        imported.in_law.append(f"the DV agents picked among equally good next hops {ties} times, which ns-2 does "
                               "by a hash order of its link objects' names (satcc: the lowest-numbered neighbour)")
    for f in summary["flows"]:
        if f.get("trace_past_end"):
            # known only once run: ns-2's draw of a trace source's first record fell one
            # past its table, where ns-2 reads whatever lies beyond (undefined)
            imported.in_law.append(f"{f['name']}: {f['trace_past_end']} start(s) of its trace-driven source drew the "
                                   "trace's length itself, where ns-2 2.35 reads past its table (undefined: "
                                   "traffictrace.cc's int(Random::uniform(n) + 0.5)); satcc starts at the first record")
    # an FQ link's flows' queues drop into the link's drop trace, which ns-2 placed
    # before the queue monitor's drop snoop was (`$ns run` attaches the monitors after
    # every trace made before it): ns-2's monitor does not see their drops
    fq = set()
    for link in sc["links"]:
        for x, y, side in ((link["a"], link["b"], "a_to_b"), (link["b"], link["a"], "b_to_a")):
            if link.get(side, {}).get("queue", link["queue"])["type"] == "fq":
                fq.add(f"{x}->{y}")
    for link in summary["links"]:
        a, b = link["name"].split("->")
        # ns-2's queue monitor counts the error model's losses as drops, unless the
        # script gave them a drop target of its own after placing the model
        seen = 0 if link["name"] in imported.error_drops_unseen else link["drops_error"]
        queue_drops = link.get("drops_link_down", 0) if link["name"] in fq else link["drops"]
        # a Delayer's packet left the queue, where ns-2's monitor counts departures
        out[f"{number[a]}->{number[b]}"] = [link["arrivals_pkts"],
                                            link["departed_pkts"] + link.get("delayer_held_pkts", 0),
                                            queue_drops + seen + link["drops_ttl"]]
    return out


def from_tcl(script: str | Path, argv: list[str] | None = None, duration_s: float | None = None,
             name: str | None = None) -> Imported:
    """The scenario an ns-2 2.35 script describes (see the module's notes)."""
    rec = record(script, argv)
    return to_scenario(rec, name=name or Path(script).stem, duration_s=duration_s)
