"""The checked-in copy of the scenario contract (python/satcc/scenario.schema.json).

    python -m satcc.dev.schema check   # exit 1 if a copy differs from the core's
    python -m satcc.dev.schema write   # refresh the copies from the core

The core generates the schema from its scenario types (crates/satcc-core/src/contract.rs);
run `write` after changing a field, a default, a range or the registry, and commit the
files with the change. Two copies are kept: the schema itself, and its reference page
for readers, docs/scenario-reference.md (every field with its default, what is allowed
and its doc comment).
"""

from __future__ import annotations

import argparse
import sys

import json
from pathlib import Path

from .. import _core
from ..schema import PATH

def _reference_default() -> Path:
    """docs/scenario-reference.md of the source tree this package is in (an editable
    install), else of the current directory (a checkout with satcc installed)."""
    for root in (Path(__file__).resolve().parents[3], Path.cwd()):
        if (root / "docs").is_dir() and (root / "crates").is_dir():
            return root / "docs" / "scenario-reference.md"
    return Path.cwd() / "docs" / "scenario-reference.md"


REFERENCE = _reference_default()

# Where each table sits in a scenario, in reading order.
SECTIONS = [
    ("The scenario", None),
    ("nodes[]", "NodeSpec"),
    ("links[]", "LinkSpec"),
    ("links[].a_to_b, links[].b_to_a", "DirectionSpec"),
    ("queue", "QueueSpec"),
    ("queue.adaptive", "AdaptiveRed"),
    ("error", "ErrorSpec"),
    ("error.good, error.bad", "LawSpec"),
    ("rate_changes[]", "RateChange"),
    ("delay_changes[]", "DelayChange"),
    ("limit_changes[]", "LimitChange"),
    ("flows[]", "FlowSpec"),
    ("flows[].traffic", "TrafficSpecIn"),
    ("tcp, flows[].tcp", "TcpTable"),
    ("schemes[]", "SchemeSpec"),
    ("monitor", "MonitorSpec"),
]


def generated() -> str:
    return _core.scenario_schema_json()


def _num(v) -> str:
    return str(int(v)) if isinstance(v, float) and v.is_integer() and abs(v) < 1e16 else str(v)


def _allowed(p: dict, defs: dict) -> str:
    if "$ref" in p:
        target = defs[p["$ref"].rsplit("/", 1)[-1]]
        if all("const" in b for b in target.get("oneOf", [{}])):
            return ", ".join(f"`{b['const']}`" for b in target["oneOf"])
        return "a table (below)"
    alts = p.get("anyOf") or p.get("oneOf")
    if alts:
        return " or ".join(_allowed(a, defs) for a in alts)
    if p.get("x-satcc-enum") == "controllers":
        from satcc import registry

        return "one of " + ", ".join(f"`{n}`" for n in registry.controller_names()) + " (`satcc schemes`)"
    if "const" in p:
        return f"`{p['const']}`"
    lo = ("[", p["minimum"]) if "minimum" in p else ("(", p["exclusiveMinimum"]) if "exclusiveMinimum" in p else None
    hi = ("]", p["maximum"]) if "maximum" in p else (")", p["exclusiveMaximum"]) if "exclusiveMaximum" in p else None
    t = p.get("type")
    types = [t] if isinstance(t, str) else list(t or [])
    words = []
    if lo and hi:
        words.append(f"{lo[0]}{_num(lo[1])}, {_num(hi[1])}{hi[0]}")
    elif lo:
        words.append(f"{'>=' if lo[0] == '[' else '>'} {_num(lo[1])}")
    elif hi:
        words.append(f"{'<=' if hi[0] == ']' else '<'} {_num(hi[1])}")
    if "minLength" in p:
        words.append("not empty")
    if "pattern" in p:
        words.append(f"matching `{p['pattern']}`")
    if "minItems" in p:
        words.append(f"at least {p['minItems']} item(s)")
    kinds = " or ".join(types) if types else "any"
    return kinds + (": " + ", ".join(words) if words else "")


def _row(name: str, p: dict, required: set, defs: dict) -> str:
    default = "required" if name in required else (json.dumps(p["default"]) if "default" in p else "")
    about = " ".join(p.get("description", "").split()).replace("|", "\\|")
    if "x-satcc-linux" in p:
        about += " Linux's values: " + ", ".join(f"`{k}` {json.dumps(v)}" for k, v in p["x-satcc-linux"].items()) + "."
    return f"| `{name}` | {default} | {_allowed(p, defs)} | {about} |"


def _table(t: dict, defs: dict, skip=()) -> list[str]:
    rows = ["| field | default | allowed | meaning |", "|---|---|---|---|"]
    req = set(t.get("required", []))
    rows += [_row(k, p, req, defs) for k, p in sorted(t.get("properties", {}).items()) if k not in skip]
    return rows


def reference(schema: dict) -> str:
    """The reference page of a scenario's fields, made from the contract."""
    defs = schema["$defs"]
    out = ["<!-- generated from the scenario contract by `python -m satcc.dev.schema write`; do not edit -->",
           "# Scenario fields", "",
           "Every field a scenario may hold, with its default and what is allowed, as the core",
           "defines them (the JSON Schema `python/satcc/scenario.schema.json`, generated from the",
           "Rust types). [scenario.md](scenario.md) explains how the parts fit together.", ""]
    for title, name in SECTIONS:
        t = schema if name is None else defs[name]
        out += [f"## {title}", ""]
        if t.get("description"):
            out += [" ".join(t["description"].split()), ""]
        if "oneOf" in t:
            for alt in t["oneOf"]:
                tag = alt["properties"]["type"]["const"]
                out += [f"### `type = \"{tag}\"`", ""]
                if alt.get("description"):
                    out += [" ".join(alt["description"].split()), ""]
                out += _table(alt, defs, skip=("type",)) + [""]
        else:
            out += _table(t, defs) + [""]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m satcc.dev.schema", description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=["check", "write"])
    ap.add_argument("--reference", type=Path, default=REFERENCE,
                    help=f"the reference page to check or write [{REFERENCE}]")
    a = ap.parse_args(argv)
    text = generated()
    copies = {PATH: text, a.reference: reference(json.loads(text))}
    if a.action == "write":
        for path, content in copies.items():
            path.write_text(content)
            print(f"wrote {path}")
        return 0
    stale = [p for p, content in copies.items() if not p.exists() or p.read_text() != content]
    for p in stale:
        print(f"{p} differs from the core's contract: run python -m satcc.dev.schema write", file=sys.stderr)
    if not stale:
        print(f"{PATH} and {a.reference} match the core")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
