"""ns-2 scripts written by hand, as users write them, read by `satcc from-ns2` and run
in both simulators (ns2/scripts/*.tcl, their ns-2 counts in ns2/reference/scripts.json).

    python -m satcc.dev.ns2scripts refresh   # needs ns-2: runs each script, writes ns2/reference/scripts.json
    python -m satcc.dev.ns2scripts compare   # no ns-2 needed: satcc's runs of the imported scenarios
    python -m satcc.dev.ns2scripts roundtrip [K ...]  # no ns-2 needed: the ns2exact networks' scripts read back

`refresh` runs each script in ns-2 with a queue monitor on every link direction
(satcc.ns2_import.ns2_counts, what `satcc from-ns2 --compare` runs) and records each
direction's arrivals, departures and drops in ns-2's node numbers (the order the script
makes its nodes, as the import names them). `compare` runs the imported scenario in
satcc and sets its counters beside ns-2's (departures: ns-2 counts the packet on the wire
at the end, so it may have one more). Where ns-2 draws each sender's RTT clock phase
from its own generator, satcc draws from the scenario's seed: counts could then part by
a retransmission, which `compare` would report as it is.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import sys
from pathlib import Path

from .. import ns2, ns2_import
from .difftest import ROOT as NS2_DIR

# beside the ns-2 reference numbers (satcc.dev.difftest finds the folder)
SCRIPTS = NS2_DIR / "scripts"
REFERENCE = NS2_DIR / "reference" / "scripts.json"


def scripts() -> list[Path]:
    return sorted(SCRIPTS.glob("*.tcl"))


def satcc_counts(script: Path) -> dict[str, list[int]]:
    return ns2_import.satcc_counts(ns2_import.from_tcl(script))


def roundtrip(k: int, tmp: Path) -> list[str]:
    """ns2exact network k's ns-2 script (satcc.ns2.to_tcl) read back and run in satcc: how
    its counters differ from the ns-2 counters of the ns2exact reference. The import
    names nodes and flows by the script's variables, so they are matched to the
    original's by position; each sender's RTT clock phase is the one the script's reset
    procedure draws (the original's pinned phase)."""
    from ..run import run
    from . import ns2exact

    orig = ns2.expand_flows(ns2exact.network(k))
    p = Path(tmp) / f"{k}.tcl"
    p.write_text(ns2exact.tcl(k))
    sc = ns2_import.from_tcl(p).scenario
    names = {n["name"]: o["name"] for n, o in zip(sc["nodes"], orig["nodes"])}
    if len(names) != len(orig["nodes"]) or len(sc["flows"]) != len(orig["flows"]):
        return [f"read back as {len(sc['nodes'])} nodes and {len(sc['flows'])} flows, of "
                f"{len(orig['nodes'])} and {len(orig['flows'])}"]
    for n in sc["nodes"]:
        n["name"] = names[n["name"]]
    for link in sc["links"]:
        link["a"], link["b"] = names[link["a"]], names[link["b"]]
    for f, o in zip(sc["flows"], orig["flows"]):
        f["src"], f["dst"] = names[f["src"]], names[f["dst"]]
        phase = {**(orig.get("tcp") or {}), **(o.get("tcp") or {})}.get("tick_phase_s")
        if phase is not None:
            f.setdefault("tcp", {})["tick_phase_s"] = phase
    sc["seed"] = orig.get("seed", 1)
    c = ns2exact.counters_from_satcc(run(sc).summary)
    ren = {f["name"]: o["name"] for f, o in zip(sc["flows"], orig["flows"])}
    c["flows"] = {ren[n]: v for n, v in c["flows"].items()}
    if "fct" in c:
        c["fct"] = {ren[n]: v for n, v in c["fct"].items()}
    return ns2exact.differences(c, _exact_reference()["counters"][str(k)])


@functools.lru_cache(maxsize=1)
def _exact_reference() -> dict:
    from . import ns2exact

    return ns2exact.reference()


# what a script's `Agent/Ping instproc recv` prints for each answer, as ns2/scripts'
# ping scripts write it: "node N received ping answer from M: RTT ms", or with the
# agent's `oneway` "...: SEQ THERE BACK ms" (apps/ping.cc's %3.1f milliseconds)
_ANSWER = re.compile(r"^node (\d+) received ping answer from (\d+): ([-\d. ]+) ms$")


def ns2_ping_answers(script: Path) -> list[list]:
    """Each answer ns-2's run of `script` hands its Agent/Pings' recv, in the order they
    came: [node, from, [the numbers as printed]]."""
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        out = subprocess.run(["ns", str(script.resolve())], capture_output=True, text=True, cwd=d, timeout=600).stdout
    return [[int(m[1]), int(m[2]), m[3].split()] for m in map(_ANSWER.match, out.splitlines()) if m]


def satcc_ping_answers(script: Path, oneway: set[int]) -> list[list]:
    """The same from satcc's pings table of the imported scenario (`oneway`: the node
    numbers whose agent prints the one-way form)."""
    from ..run import run

    sc = ns2_import.from_tcl(script).scenario
    number = {n["name"]: i for i, n in enumerate(sc["nodes"])}
    r = run(sc)
    names = r.pings.column("flow").to_pylist()
    cols = [r.pings.column(c).to_pylist() for c in ("seqno", "rtt_ms", "forward_ms", "back_ms")]
    flows = {f["name"]: f for f in sc["flows"]}
    out = []
    for name, seq, rtt, there, back in zip(names, *cols):
        src, dst = number[flows[name]["src"]], number[flows[name]["dst"]]
        nums = [str(seq), f"{there:3.1f}", f"{back:3.1f}"] if src in oneway else [f"{rtt:3.1f}"]
        out.append([src, dst, nums])
    return out


def compare_pings(script: Path, theirs: list[list]) -> list[str]:
    """Where satcc's answers part from ns-2's `theirs` (the first few)."""
    ours = satcc_ping_answers(script, {n for n, _, nums in theirs if len(nums) == 3})
    diffs = [f"answer {i}: satcc {o}, ns-2 {t}" for i, (o, t) in enumerate(zip(ours, theirs)) if o != t]
    if len(ours) != len(theirs):
        diffs.append(f"satcc {len(ours)} answers, ns-2 {len(theirs)}")
    return diffs[:5]


def refresh() -> None:
    if not ns2.available():
        sys.exit("ns-2 is not installed: apt-get install -y ns2")
    ref = {}
    for p in scripts():
        ref[p.name] = {"sha256": hashlib.sha256(p.read_bytes()).hexdigest(), "ns2": ns2_import.ns2_counts(
            p, until_s=ns2_import.from_tcl(p).scenario["duration_s"])}
        if "Agent/Ping instproc recv" in p.read_text():
            ref[p.name]["ping_answers"] = ns2_ping_answers(p)
        print(f"{p.name}: done")
    REFERENCE.write_text(json.dumps(ref, indent=1, sort_keys=True) + "\n")


def compare() -> dict[str, dict[str, tuple]]:
    """Per script, the link directions whose counters differ: {link: (satcc, ns-2)}."""
    ref = json.loads(REFERENCE.read_text())
    out = {}
    for p in scripts():
        theirs = ref[p.name]["ns2"]
        ours = satcc_counts(p)
        out[p.name] = {k: (ours.get(k), t) for k, t in sorted(theirs.items())
                       if not ns2.link_counters_agree(ours.get(k), t)}
        if "ping_answers" in ref[p.name]:
            for i, d in enumerate(compare_pings(p, ref[p.name]["ping_answers"])):
                out[p.name][f"ping answers ({i})"] = (d, "")
    return out


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["refresh"]:
        refresh()
        return 0
    if argv[:1] == ["roundtrip"]:
        import tempfile

        from . import ns2exact

        nets = [int(x) for x in argv[1:]] or ns2exact.reference()["networks"]
        apart = 0
        with tempfile.TemporaryDirectory() as d:
            for i, k in enumerate(nets):
                diffs = roundtrip(k, Path(d))
                apart += bool(diffs)
                if diffs:
                    print(f"network {k}: " + "; ".join(diffs[:3]))
                if (i + 1) % 250 == 0:
                    print(f"... {i + 1} of {len(nets)}", file=sys.stderr, flush=True)
        print(f"{apart} of {len(nets)} networks' scripts read back differ from ns-2's counters")
        return 1 if apart else 0
    if argv[:1] == ["compare"]:
        apart = 0
        for name, diffs in compare().items():
            print(f"{name}: " + ("identical to ns-2" if not diffs else f"{len(diffs)} link directions differ"))
            for k, (o, t) in diffs.items():
                print(f"  {k}: satcc {o}, ns-2 {t}")
            apart += bool(diffs)
        return 1 if apart else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
