"""Odd values for every ns-2 variable `satcc from-ns2` knows, through the import and a
short run: each must end in a run or in a clear refusal (ScenarioError, naming what is
refused), never in another exception (a traceback for the user).

    python -m satcc.dev.ns2fuzz                      # the default scripts and values
    python -m satcc.dev.ns2fuzz --values 0,nan dumbbell.tcl

For each script (in ns2/scripts), each class of ns-2 2.35's own list
(python/satcc/ns2_vars.json) that the script uses, and each of that class's variables
and its ancestors', the script is read with `CLASS set VAR VALUE` right after its
Simulator is made, then validated and run for 0.5 s simulated. No ns-2 needed.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import traceback
from pathlib import Path

from .. import ns2_import
from ..run import run
from ..scenario import ScenarioError, validate
from .ns2scripts import SCRIPTS

DEFAULT_VALUES = ["0", "-1", "abc", "nan", "inf", "1e12", "1e-9", "-0.5"]
DEFAULT_SCRIPTS = ["dumbbell.tcl", "mixed.tcl", "agents_and_sinks.tcl", "error_models.tcl", "fair_queues.tcl",
                   "rem_aqm.tcl"]


def classes_used(text: str) -> set[str]:
    """The classes of ns-2's list a script uses, with their ancestors (a queue type on a
    link is Queue/TYPE)."""
    known = ns2_import._ns2_classes()
    named = set(re.findall(r"new\s+([\w/]+)", text)) | set(re.findall(r"^([\w/]+) set \w+", text, re.M))
    named |= {f"Queue/{q}" for q in re.findall(r"(?:duplex|simplex)-link \S+ \S+ \S+ \S+ (\w+)", text)}
    named |= {f"Agent/{a}" for a in re.findall(r"create-connection (\S+)", text)}
    named |= {f"Agent/{s}" for s in re.findall(r"create-connection \S+ \S+ (\S+)", text)}
    named |= {f"Application/{a}" for a in re.findall(r"attach-app (\w+)", text)}
    out = set()
    for c in named:
        out |= {h for h in ns2_import.ns2_heritage(c) if h in known}
    return out


def with_setting(text: str, cls: str, var: str, value: str) -> str:
    """`text` with `cls set var value` right after its Simulator is made."""
    line = f"{cls} set {var} {value}"
    m = re.search(r"^set ns \[new Simulator\]\s*$", text, re.M)
    return text[:m.end()] + "\n" + line + text[m.end():] if m else line + "\n" + text


def one(script_text: str, path: Path) -> str | None:
    """None if the script runs or is refused clearly; else the exception, where raised."""
    path.write_text(script_text)
    try:
        imp = ns2_import.from_tcl(path, duration_s=0.5)
        validate(imp.scenario)
        run(imp.scenario)
    except ScenarioError:
        return None
    except Exception as e:  # noqa: BLE001 - what this looks for
        where = traceback.extract_tb(e.__traceback__)[-1]
        return f"{type(e).__name__}: {str(e)[:100]} ({Path(where.filename).name}:{where.lineno})"
    return None


def fuzz(scripts: list[str], values: list[str]) -> tuple[int, list[str]]:
    """(settings tried, each unclean one described)."""
    known = ns2_import._ns2_classes()
    tried, bad = 0, []
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "fuzz.tcl"
        for name in scripts:
            text = (SCRIPTS / name).read_text()
            for cls in sorted(classes_used(text)):
                for var in sorted(known[cls]["own"]):
                    for value in values:
                        tried += 1
                        why = one(with_setting(text, cls, var, value), path)
                        if why:
                            bad.append(f"{name}: {cls} set {var} {value}: {why}")
    return tried, bad


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m satcc.dev.ns2fuzz", description=__doc__.split("\n\n")[0])
    ap.add_argument("scripts", nargs="*", default=DEFAULT_SCRIPTS, help="scripts in ns2/scripts")
    ap.add_argument("--values", default=",".join(DEFAULT_VALUES), help="comma-separated values to set")
    a = ap.parse_args(argv)
    tried, bad = fuzz(a.scripts, a.values.split(","))
    for b in bad:
        print(b)
    print(f"{len(bad)} of {tried} settings end in an exception other than a refusal")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
