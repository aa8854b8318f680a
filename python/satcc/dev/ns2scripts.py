"""ns-2 scripts written by hand, as users write them, read by `satcc from-ns2` and run
in both simulators (tests/data/ns2_scripts/*.tcl).

    python -m satcc.dev.ns2scripts refresh   # needs ns-2: runs each script, writes reference.json
    python -m satcc.dev.ns2scripts compare   # no ns-2 needed: satcc's runs of the imported scenarios

Each script writes ns-2's packet trace (`$ns trace-all`); `refresh` counts, per link
direction, the packets that arrived at its queue ("+") and those dropped ("d"), in the
trace's node numbers (ns-2 numbers nodes in the order the script makes them, as the
import names them). `compare` runs the imported scenario in satcc and sets its links'
counters beside ns-2's. Where ns-2 draws each sender's RTT clock phase from its own
generator, satcc draws from the scenario's seed: counts can then part by a
retransmission or two, which `compare` reports as they are.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from .. import ns2, ns2_import

ROOT = Path(__file__).resolve().parents[3]
SCRIPTS = ROOT / "tests" / "data" / "ns2_scripts"
REFERENCE = SCRIPTS / "reference.json"


def scripts() -> list[Path]:
    return sorted(SCRIPTS.glob("*.tcl"))


def trace_counts(trace: Path) -> dict[str, list[int]]:
    """Per link direction "from->to" (ns-2's node numbers): [arrivals, drops]."""
    arr: Counter = Counter()
    drops: Counter = Counter()
    with trace.open() as f:
        for line in f:
            x = line.split()
            if len(x) < 4:
                continue
            if x[0] == "+":
                arr[f"{x[2]}->{x[3]}"] += 1
            elif x[0] == "d":
                drops[f"{x[2]}->{x[3]}"] += 1
    return {k: [arr[k], drops[k]] for k in sorted(set(arr) | set(drops))}


def run_ns2(script: Path) -> dict[str, list[int]]:
    with tempfile.TemporaryDirectory() as d:
        subprocess.run(["ns", str(script)], cwd=d, capture_output=True, text=True, timeout=600)
        traces = [p for p in Path(d).glob("*.tr")]
        if len(traces) != 1:
            raise RuntimeError(f"{script.name}: expected one trace-all file (*.tr), found {len(traces)}")
        return trace_counts(traces[0])


def satcc_counts(script: Path) -> dict[str, list[int]]:
    """The same counters from satcc's run of the imported scenario, in ns-2's node numbers."""
    from ..run import run

    sc = ns2_import.from_tcl(script).scenario
    number = {n["name"]: str(i) for i, n in enumerate(sc["nodes"])}
    out = {}
    for l in run(sc).summary["links"]:
        a, b = l["name"].split("->")
        # the trace's drops on a link include its error model's (link-lossmodel)
        drops = l["drops"] + l["drops_error"]
        if l["arrivals_pkts"] or drops:
            out[f"{number[a]}->{number[b]}"] = [l["arrivals_pkts"], drops]
    return out


def refresh() -> None:
    if not ns2.available():
        sys.exit("ns-2 is not installed: apt-get install -y ns2")
    ref = {}
    for p in scripts():
        ref[p.name] = {"sha256": hashlib.sha256(p.read_bytes()).hexdigest(), "ns2": run_ns2(p)}
        print(f"{p.name}: done")
    REFERENCE.write_text(json.dumps(ref, indent=1, sort_keys=True) + "\n")


def compare() -> dict[str, dict[str, tuple]]:
    """Per script, the link directions whose counters differ: {link: (satcc, ns-2)}."""
    ref = json.loads(REFERENCE.read_text())
    out = {}
    for p in scripts():
        theirs = ref[p.name]["ns2"]
        ours = satcc_counts(p)
        out[p.name] = {k: (ours.get(k), theirs.get(k)) for k in sorted(set(ours) | set(theirs))
                       if ours.get(k) != theirs.get(k)}
    return out


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["refresh"]:
        refresh()
        return 0
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
