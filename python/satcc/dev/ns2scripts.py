"""ns-2 scripts written by hand, as users write them, read by `satcc from-ns2` and run
in both simulators (tests/data/ns2_scripts/*.tcl).

    python -m satcc.dev.ns2scripts refresh   # needs ns-2: runs each script, writes reference.json
    python -m satcc.dev.ns2scripts compare   # no ns-2 needed: satcc's runs of the imported scenarios

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

import hashlib
import json
import sys
from pathlib import Path

from .. import ns2, ns2_import

ROOT = Path(__file__).resolve().parents[3]
SCRIPTS = ROOT / "tests" / "data" / "ns2_scripts"
REFERENCE = SCRIPTS / "reference.json"


def scripts() -> list[Path]:
    return sorted(SCRIPTS.glob("*.tcl"))


def satcc_counts(script: Path) -> dict[str, list[int]]:
    return ns2_import.satcc_counts(ns2_import.from_tcl(script))


def refresh() -> None:
    if not ns2.available():
        sys.exit("ns-2 is not installed: apt-get install -y ns2")
    ref = {}
    for p in scripts():
        ref[p.name] = {"sha256": hashlib.sha256(p.read_bytes()).hexdigest(), "ns2": ns2_import.ns2_counts(p)}
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
