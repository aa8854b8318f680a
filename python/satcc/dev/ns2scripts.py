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


def refresh() -> None:
    if not ns2.available():
        sys.exit("ns-2 is not installed: apt-get install -y ns2")
    ref = {}
    for p in scripts():
        ref[p.name] = {"sha256": hashlib.sha256(p.read_bytes()).hexdigest(), "ns2": ns2_import.ns2_counts(
            p, until_s=ns2_import.from_tcl(p).scenario["duration_s"])}
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
