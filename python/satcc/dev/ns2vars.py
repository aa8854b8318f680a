"""ns-2 2.35's own list of the variables of each class `satcc from-ns2` reads, with their
defaults (python/satcc/ns2_vars.json), made by ns-2 itself from ns2/vars/bound_vars.tcl.

    python -m satcc.dev.ns2vars write   # needs ns-2: runs the script, writes the JSON
    python -m satcc.dev.ns2vars check   # needs ns-2: says whether the JSON is ns-2's

The import reads it to tell a setting ns-2 acts on from a name ns-2 keeps as a plain Tcl
variable that nothing reads (`$tcp set rate_ 100Kb`): the first, left at ns-2's default
or modelled, is taken, and refused by name otherwise; the second is left out with a note,
as ns-2 leaves it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

from .. import ns2_import
from .difftest import ROOT as NS2_DIR

SCRIPT = NS2_DIR / "vars" / "bound_vars.tcl"


def from_ns2() -> dict:
    """The classes' variables and defaults as ns-2 prints them (needs `ns` on PATH)."""
    if shutil.which("ns") is None:
        raise SystemExit("ns-2's `ns` is not on PATH (apt-get install -y ns2)")
    out = subprocess.run(["ns", str(SCRIPT)], capture_output=True, text=True, timeout=120, check=True).stdout
    classes: dict[str, dict] = {}
    made: dict[str, dict[str, str]] = {}
    cls = None
    for line in out.splitlines():
        kind, _, rest = line.partition(" ")
        if kind == "class":
            name, listed, sup = rest.partition(" super ")
            cls = name
            if listed:
                # "" below the roots (SplitObject, TclObject, OTcl's Object)
                classes[name] = {"super": "" if sup in ("SplitObject", "TclObject", "Object") else sup, "own": {}}
            made[name] = {}
        elif kind in ("own", "made"):
            var, _, val = rest.partition(" ")
            # the value as Tcl's `list` quoted it
            val = val[1:-1] if val.startswith("{") and val.endswith("}") else val
            (classes[cls]["own"] if kind == "own" else made[cls])[var] = val
    for name, values in made.items():
        # a new object's values beyond its classes' defaults (Agent/CBR's init's)
        extra = {v: x for v, x in values.items()
                 if not ns2_import.same_setting(x, ns2_import.ns2_default(name, v, classes))}
        if extra:
            classes[name]["made"] = extra
    return {"made_by": "python -m satcc.dev.ns2vars write (ns-2 2.35 running ns2/vars/bound_vars.tcl)",
            "classes": classes}


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["write"]:
        data = from_ns2()
        ns2_import.NS2_VARS.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        print(f"{len(data['classes'])} classes written to {ns2_import.NS2_VARS}")
        return 0
    if argv[:1] == ["check"]:
        same = from_ns2() == json.loads(ns2_import.NS2_VARS.read_text())
        print(f"{ns2_import.NS2_VARS.name} is {'' if same else 'not '}ns-2's")
        return 0 if same else 1
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
