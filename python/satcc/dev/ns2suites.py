"""ns-2 2.35's own validation test suites (tcl/test/test-suite-*.tcl), kept in ns2/suites
with the files they source, read by `satcc from-ns2` test by test (`ns SUITE TEST
QUIET`) and run in both simulators.

    python -m satcc.dev.ns2suites fetch [SRC]         # copy SUITES and their helpers from an ns-2 2.35 tree's tcl/test
    python -m satcc.dev.ns2suites refresh [SUITE ...]  # needs ns-2: writes ns2/reference/suites.json
    python -m satcc.dev.ns2suites compare [SUITE ...]  # no ns-2 needed: satcc against ns-2's recorded counters
    python -m satcc.dev.ns2suites status               # by suite: tests identical, refused (and why)

`refresh` reads each test of each suite (its `Class Test/NAME`) with the import; a test
the import refuses is recorded with the refusal's first line, one it reads is run in ns-2
with a queue monitor on every link direction (satcc.ns2_import.ns2_counts, as `satcc
from-ns2 --compare`) and its counters recorded. `compare` imports and runs every recorded
test in satcc and sets its counters beside ns-2's, as `satcc.dev.ns2scripts compare`
does for the scripts written by hand. The suites are ns-2's own files, their copyright
headers kept (ns2/suites/README.md).
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import sys
from pathlib import Path

from .. import ns2, ns2_import
from ..errors import ScenarioError
from .difftest import ROOT as NS2_DIR

SUITES_DIR = NS2_DIR / "suites"
REFERENCE = NS2_DIR / "reference" / "suites.json"
# the suites kept: those of which the import reads at least one test
SUITES = ("adaptive-red", "aimd", "ecn", "ecn-ack", "greis", "LimTransmit", "links", "monitor", "newreno",
          "oddBehaviors", "pi", "red", "rem", "rfc2001", "rfc2581", "routed", "sack", "schedule", "simple",
          "tcp-init-win", "tcp", "tcpHighspeed", "tcpOptions", "tcpVariants", "testReno")
# what they source
HELPERS = ("misc.tcl", "misc_simple.tcl", "topologies.tcl", "support.tcl")
_TEST = re.compile(r"^Class Test/(\S+) -superclass", re.M)


def suite_files() -> list[Path]:
    return [SUITES_DIR / f"test-suite-{s}.tcl" for s in SUITES]


def tests(suite: Path) -> list[str]:
    """The tests a suite defines, in its order."""
    return _TEST.findall(suite.read_text(errors="replace"))


def _first_line(e: Exception) -> str:
    return str(e).strip().splitlines()[0][:300]


def fetch(src: Path) -> None:
    SUITES_DIR.mkdir(parents=True, exist_ok=True)
    for name in [f"test-suite-{s}.tcl" for s in SUITES] + list(HELPERS):
        shutil.copyfile(src / name, SUITES_DIR / name)
        print(f"{name}: copied")


def _selected(names: list[str]) -> list[Path]:
    files = suite_files()
    if not names:
        return files
    chosen = [p for p in files if p.name in names or p.stem.removeprefix("test-suite-") in names]
    if len(chosen) != len(names):
        sys.exit(f"unknown suite among {names} (the suites: {', '.join(SUITES)})")
    return chosen


def refresh(names: list[str]) -> None:
    if not ns2.available():
        sys.exit("ns-2 is not installed: apt-get install -y ns2")
    ref = json.loads(REFERENCE.read_text()) if REFERENCE.exists() else {}
    for p in _selected(names):
        entry = {"sha256": hashlib.sha256(p.read_bytes()).hexdigest(), "tests": {}}
        for t in tests(p):
            try:
                imp = ns2_import.from_tcl(p, argv=[t, "QUIET"])
            except ScenarioError as e:
                entry["tests"][t] = {"refused": _first_line(e)}
                continue
            try:
                counts = ns2_import.ns2_counts(p, argv=[t, "QUIET"], until_s=imp.scenario["duration_s"])
            except ScenarioError as e:
                entry["tests"][t] = {"ns2_failed": _first_line(e)}
                continue
            entry["tests"][t] = {"ns2": counts}
        ref[p.name] = entry
        n = sum("ns2" in v for v in entry["tests"].values())
        print(f"{p.name}: {n} of {len(entry['tests'])} tests read and run in ns-2", flush=True)
    REFERENCE.write_text(json.dumps(ref, indent=1, sort_keys=True) + "\n")


def compare_test(suite: Path, test: str, theirs: dict) -> dict[str, tuple]:
    """The link directions whose counters differ for one recorded test: {link: (satcc, ns-2)}."""
    ours = ns2_import.satcc_counts(ns2_import.from_tcl(suite, argv=[test, "QUIET"]))
    return {k: (ours.get(k), t) for k, t in sorted(theirs.items()) if not ns2.link_counters_agree(ours.get(k), t)}


def compare(names: list[str]) -> dict[str, dict[str, dict]]:
    """Per suite and recorded test, the link directions whose counters differ."""
    ref = json.loads(REFERENCE.read_text())
    out: dict[str, dict[str, dict]] = {}
    for p in _selected(names):
        out[p.name] = {t: compare_test(p, t, v["ns2"]) for t, v in ref[p.name]["tests"].items() if "ns2" in v}
    return out


def status() -> dict[str, dict[str, int]]:
    """Per suite: its tests recorded as run in both, refused by the import, or failed in ns-2."""
    ref = json.loads(REFERENCE.read_text())
    out = {}
    for name, entry in sorted(ref.items()):
        vals = entry["tests"].values()
        out[name] = {"compared": sum("ns2" in v for v in vals), "refused": sum("refused" in v for v in vals),
                     "ns2_failed": sum("ns2_failed" in v for v in vals)}
    return out


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["fetch"]:
        fetch(Path(argv[1]) if len(argv) > 1 else Path("/tmp/ns2src/ns-2.35/tcl/test"))
        return 0
    if argv[:1] == ["refresh"]:
        refresh(argv[1:])
        return 0
    if argv[:1] == ["compare"]:
        apart = total = 0
        for suite, per_test in compare(argv[1:]).items():
            for t, diffs in per_test.items():
                total += 1
                apart += bool(diffs)
                if diffs:
                    print(f"{suite} {t}: {len(diffs)} link directions differ")
                    for k, (o, th) in diffs.items():
                        print(f"  {k}: satcc {o}, ns-2 {th}")
        print(f"{total - apart} of {total} tests identical to ns-2")
        return 1 if apart else 0
    if argv[:1] == ["status"]:
        st = status()
        for name, c in st.items():
            print(f"{name}: {c['compared']} compared, {c['refused']} refused, {c['ns2_failed']} failed in ns-2")
        tot = {k: sum(c[k] for c in st.values()) for k in ("compared", "refused", "ns2_failed")}
        print(f"all: {tot['compared']} compared, {tot['refused']} refused, {tot['ns2_failed']} failed in ns-2")
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
