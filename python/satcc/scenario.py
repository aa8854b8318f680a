"""Scenarios: load them from TOML, YAML or JSON, build them in Python, validate them.

A scenario is a plain dict (see docs/scenario.md). :class:`Scenario` is a thin builder
around that dict; :func:`load` reads a file. Both validate before anything runs, and
every error is a :class:`ScenarioError` whose message names the field and what is
allowed.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import functools

from . import _core, limits
from .errors import FORMATS, ScenarioError
from .limits import LimitError, check_tree, path_str
from .schema import INLINE, SCENARIO



@functools.cache
def _validator():
    """The JSON Schema validator, made on first use (jsonschema takes 40 ms to import)."""
    import jsonschema

    return jsonschema.Draft202012Validator(INLINE)


def _path(parts) -> str:
    """Dotted path of a field, e.g. links[2].queue.limit_pkts (satcc.limits.path_str)."""
    return path_str(parts)


def _allowed(schema: dict) -> str:
    props = schema.get("properties", {})
    return ", ".join(sorted(props)) if props else "none"


def _resolve(schema: dict) -> dict:
    """Follow a schema's $ref into the contract's definitions."""
    while isinstance(schema, dict) and "$ref" in schema:
        schema = SCENARIO["$defs"][schema["$ref"].rsplit("/", 1)[-1]]
    return schema


def _json_type(v: Any) -> str:
    if isinstance(v, bool):
        return "boolean"
    return {dict: "object", list: "array", str: "string", int: "integer", float: "number",
            type(None): "null"}.get(type(v), "unknown")


def _admits(schema: dict, jtype: str) -> bool:
    t = schema.get("type")
    types = [t] if isinstance(t, str) else (t or [])
    return jtype in types or (jtype == "integer" and "number" in types)


def _explain(err: "jsonschema.ValidationError") -> str:  # noqa: F821
    """Turn a schema error into one line naming the field and what is allowed."""
    # Descend into the alternatives of a union (a tagged table, a value or null, an enum
    # of documented constants): follow the one the value is meant as.
    while err.validator in ("oneOf", "anyOf") and err.context:
        inst = err.instance
        where = _path(err.absolute_path)
        branches = [_resolve(b) for b in err.validator_value]
        if all("const" in b for b in branches):
            allowed = ", ".join(str(b["const"]) for b in branches)
            return f"{where}: must be one of {allowed}, got {inst!r}"
        tags = [b.get("properties", {}).get("type", {}).get("const") for b in branches]
        if any(t is not None for t in tags) and isinstance(inst, dict):
            tag = inst.get("type")
            if tag not in tags:
                allowed = ", ".join(t for t in tags if t is not None)
                return f"{where}.type: must be one of {allowed}, got {tag!r}"
            idx = tags.index(tag)
        else:
            jtype = _json_type(inst)
            typed = [i for i, b in enumerate(branches) if _admits(b, jtype)]
            untyped = [i for i, b in enumerate(branches) if "type" not in b]
            idx = (typed or untyped or [None])[0]
        sub = [e for e in err.context if e.relative_schema_path and e.relative_schema_path[0] == idx]
        if idx is None or not sub:
            kinds = [b.get("type", "table") for b in branches]
            return f"{where}: must be one of the types {kinds}, got {inst!r}"
        err = min(sub, key=lambda e: len(e.relative_path))
    where = _path(err.absolute_path)
    if err.validator == "additionalProperties":
        extra = sorted(set(err.instance) - set(err.schema.get("properties", {})))
        return f"{where}: unknown field {', '.join(map(repr, extra))} (allowed: {_allowed(err.schema)})"
    if err.validator == "required":
        return f"{where}: {err.message}"
    if err.validator == "enum":
        return f"{where}: must be one of {', '.join(map(str, err.validator_value))}, got {err.instance!r}"
    if err.validator == "const":
        return f"{where}: must be {err.validator_value!r}, got {err.instance!r}"
    if err.validator in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return f"{where}: must be {_range(err.schema)}, got {_num(err.instance)}"
    if err.validator == "type" and isinstance(err.instance, bool) and _admits(err.schema, "string"):
        return (f"{where}: {err.message} (written as yes, no, on or off in YAML, which reads those as true and "
                "false, quote it: 'no')")
    if err.validator == "type" and isinstance(err.instance, str) and _YAML11_NUMBER.match(err.instance):
        return (f"{where}: {err.message} (YAML 1.1 read such text as a number, 1:30 in base 60 as 90; satcc "
                "reads YAML 1.2, where it is text: write the number itself)")
    return f"{where}: {err.message}"


# what YAML 1.1 (PyYAML's own reading) took for a number and YAML 1.2 does not: base 60
# (1:30, 12:00:00, 1:30.5) and binary (0b101)
_YAML11_NUMBER = re.compile(r"^[-+]?(?:[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?|0b[01_]+)$")


def _num(x: float) -> str:
    """A number as the core writes it (1.0 as 1)."""
    return str(int(x)) if isinstance(x, float) and x.is_integer() and abs(x) < 1e15 else str(x)


def _range(schema: dict) -> str:
    """A field's allowed range in the core's words (contract.rs `bounds`)."""
    lo = (schema["minimum"], True) if "minimum" in schema else (
        (schema["exclusiveMinimum"], False) if "exclusiveMinimum" in schema else None)
    hi = (schema["maximum"], True) if "maximum" in schema else (
        (schema["exclusiveMaximum"], False) if "exclusiveMaximum" in schema else None)
    if lo and hi:
        return f"in {'[' if lo[1] else '('}{_num(lo[0])}, {_num(hi[0])}{']' if hi[1] else ')'}"
    if lo:
        return f"{'>=' if lo[1] else '>'} {_num(lo[0])}"
    return f"{'<=' if hi[1] else '<'} {_num(hi[0])}"


def _check_finite(obj: Any, path: list) -> None:
    """The loader's bounds (satcc.limits) on a value built in Python or parsed: depth,
    size, finite numbers, text keys; ScenarioError naming the field."""
    try:
        check_tree(obj)
    except LimitError as e:
        raise ScenarioError(str(e)) from None


def schema_error(d: dict, section: str | None = None) -> str | None:
    """The first mistake the JSON Schema finds, in the order the fields are written
    (missing fields first), as one line naming the field; None if it finds none.
    `section`: only mistakes inside that top-level field (`d` may hold it alone)."""
    order = list(d)

    def rank(e):
        p = list(e.absolute_path)
        top = order.index(p[0]) if p and p[0] in order else -1
        return (top, [str(x).zfill(9) for x in p[1:]], str(e.message))

    errors = [e for e in _validator().iter_errors(d) if section is None or list(e.absolute_path)[:1] == [section]]
    errors.sort(key=rank)
    return _explain(errors[0]) if errors else None


def section_refused(name: str, value: Any, core_message: str) -> "ScenarioError":
    """The error for a section the core refused on its own (`satcc paths` and `satcc
    validate` check a constellation so): the schema's first mistake in it, which names
    the field, else the core's message."""
    return ScenarioError(schema_error({name: value}, section=name) or core_message)


def refused(d: dict, core_message: str) -> "ScenarioError":
    """The error for a scenario the core refused: the schema's first mistake if it has
    one (the order a reader fixes them in), else the core's own message."""
    return ScenarioError(schema_error(d) or core_message)


def validate(d: Any, *, core: bool = True) -> dict:
    """Validate a scenario dict; return it unchanged or raise ScenarioError.

    The Rust core checks the scenario contract (the same schema, generated from its
    types) and what needs the whole picture (routes, link names) without building a
    simulation, in microseconds; only a scenario it refuses goes through the JSON
    Schema validator (milliseconds for a large scenario), whose first finding, in the
    order the fields are written, is the message. `core=False` checks the schema alone
    (the core is not asked)."""
    if not isinstance(d, dict):
        raise ScenarioError(f"scenario: must be a table of fields, got {type(d).__name__}")
    _check_finite(d, [])
    if not core:
        if (msg := schema_error(d)) is not None:
            raise ScenarioError(msg)
        return d
    try:
        _core.validate_json(json.dumps(d))
    except ValueError as e:
        raise refused(d, str(e)) from None
    return d


def parse_text(text: str, fmt: str) -> Any:
    """Parse scenario text in 'toml', 'yaml' or 'json', within the loader's bounds
    (satcc.limits: size, nesting, aliases, digits, duplicate keys)."""
    try:
        return limits.parse_text(text, fmt)
    except LimitError as e:
        raise ScenarioError(str(e)) from None




def load(path: str | Path) -> "Scenario":
    """Read and validate a scenario file (.toml, .yaml, .yml or .json)."""
    p = Path(path)
    fmt = FORMATS.get(p.suffix.lower())
    if fmt is None:
        raise ScenarioError(f"{p}: unknown file type {p.suffix!r} (allowed: {', '.join(FORMATS)})")
    try:
        if p.stat().st_size > limits.MAX_FILE_BYTES:
            raise ScenarioError(f"{p}: {p.stat().st_size:,} bytes is more than the "
                                f"{limits.MAX_FILE_BYTES // 2**20} MiB a scenario file may hold (docs/limits.md)")
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ScenarioError(f"{p}: cannot read: {e}") from None
    d = parse_text(text, fmt)
    if isinstance(d, dict) and "constellation" in d:
        from .leo import resolve_files  # a shell's tle_file, relative to this file

        d["constellation"] = resolve_files(d["constellation"], p.parent)
        if not d.get("flows"):
            raise ScenarioError(f"{p}: a constellation with no flows: nothing to run; `satcc paths {p} --pairs A:B "
                                "--out DIR` shows its paths")
    return Scenario.from_dict(d)


class Scenario:
    """Build a scenario in Python; the equivalent of a scenario file.

    Each method adds one part of the scenario as the file would write it, with the same
    field names (docs/scenario-reference.md lists every field, its default and range);
    nothing is checked until `validate()` or `run()`, which name the field at fault.

    >>> s = Scenario("demo", duration_s=5)
    >>> for n in ("a", "r", "b"): s.node(n)
    >>> s.link("a", "r", rate_bps=10e6, delay_ms=10)
    >>> s.link("r", "b", rate_bps=1e6, delay_ms=10, queue={"type": "droptail", "limit_pkts": 20})
    >>> s.flow("a", "b", cc="newreno")
    >>> s.scheme("refwa", links=["r->b"], phi=1.5)
    >>> result = s.run()
    """

    def __init__(self, name: str = "scenario", *, duration_s: float, seed: int = 1,
                 sample_interval_s: float = 0.1, tcp: dict | None = None, schemes: list[dict] | None = None,
                 ns2_rng_seed: int | None = None, routing: str | None = None):
        """A scenario with no nodes yet. `tcp`: settings for every flow (transport and
        scheme settings, e.g. {"rwnd_pkts": 100, "fusion_alpha": "fixed"}); `schemes`:
        router schemes as the file's `schemes` list (or add them with `scheme()`);
        `ns2_rng_seed`: take RED's, the error models' and the ON/OFF sources' draws from
        ns-2's generator seeded with it (docs/scenario.md, "ns-2's draws"); `routing`:
        "static" (the default), "session", routes computed again as links fail
        (docs/scenario.md, "Routes around a failed link"), or "dv", routes learnt from the
        neighbours' distance vectors (docs/scenario.md, "Routes learnt from the
        neighbours")."""
        self.d: dict = {"name": name, "duration_s": duration_s, "seed": seed,
                        "sample_interval_s": sample_interval_s, "nodes": [], "links": [], "flows": []}
        if ns2_rng_seed is not None:
            self.d["ns2_rng_seed"] = ns2_rng_seed
        if routing is not None:
            self.d["routing"] = routing
        if tcp:
            self.d["tcp"] = dict(tcp)
        for sc in schemes or ():
            if not isinstance(sc, dict):
                raise ScenarioError(f"schemes: each must be a table with type and links, got {sc!r}")
            self.d.setdefault("schemes", []).append(dict(sc))

    @classmethod
    def from_dict(cls, d: Any) -> "Scenario":
        """A scenario from its dict form (as a file parses), validated."""
        validate(d)
        s = cls.__new__(cls)
        s.d = copy.deepcopy(d)
        return s

    def node(self, name: str) -> str:
        """Add a node (host or router); returns its name."""
        self.d["nodes"].append({"name": name})
        return name

    def link(self, a: str, b: str, *, rate_bps: float, delay_ms: float, **fields) -> None:
        """Add a duplex link a <-> b. `fields`: queue (both directions), a_to_b / b_to_a
        (a direction's own queue and error model), outages (times it is down: a list of
        {"down_s", "up_s"}), cost (its routing cost), as in the file's `links` entries."""
        self.d["links"].append({"a": a, "b": b, "rate_bps": rate_bps, "delay_ms": delay_ms, **fields})

    def flow(self, src: str, dst: str, **fields) -> None:
        """Add a flow src -> dst. `fields`: cc (a name of `satcc schemes`), name, group,
        count, start_s, stop_s, restarts (a source's or transfer's further periods),
        tcp_changes (its sender's window limits changed during the run),
        start_jitter_s, tcp, traffic, path, ack_path,
        src_detach_s / dst_detach_s (when an agent is taken off its host), and transport
        ("udp" for a UDP flow of a cbr, pareto or exponential source with its
        packet_size_bytes: no cc, tcp or ack_path then)."""
        self.d["flows"].append({"src": src, "dst": dst, **fields})

    def scheme(self, type: str, *, links: list[str], **settings) -> None:
        """Attach a router scheme (`satcc schemes` lists them: refwa, trefwa, xfwa) to the
        queues of `links` (link directions "A->B"); `settings` are its own (e.g. phi,
        psi, isl_delay_ms for REFWA), each with the paper's default when left out."""
        self.d.setdefault("schemes", []).append({"type": type, "links": list(links), **settings})

    def tcp(self, **settings) -> None:
        """Set TCP settings for every flow (a flow's own `tcp` overrides them)."""
        self.d.setdefault("tcp", {}).update(settings)

    def monitor(self, **fields) -> None:
        """What to record: links, bottleneck, flow_traces, drop_trace (docs/scenario.md)."""
        self.d["monitor"] = fields

    def with_seed(self, seed: int) -> "Scenario":
        """A validated copy with another seed."""
        d = copy.deepcopy(self.d)
        d["seed"] = seed
        return Scenario.from_dict(d)

    def to_dict(self) -> dict:
        """The scenario as a dict (a copy), the form `satcc.run` and files take."""
        return copy.deepcopy(self.d)

    def to_json(self) -> str:
        """The scenario as JSON text (a scenario file)."""
        return json.dumps(self.d, indent=1, sort_keys=True)

    def validate(self) -> "Scenario":
        """Check the whole scenario (schema, then the core's checks); raises ScenarioError
        naming the field."""
        validate(self.d)
        return self

    def save(self, path: str | Path) -> None:
        """Write the scenario as a .yaml or .json file."""
        p = Path(path)
        fmt = FORMATS.get(p.suffix.lower())
        if fmt == "yaml":
            import yaml

            p.write_text(yaml.safe_dump(self.d, sort_keys=False))
        elif fmt == "json":
            p.write_text(self.to_json())
        else:
            raise ScenarioError(f"{p}: can save .yaml or .json scenarios")

    def run(self):
        """Run it (`satcc.run`); returns the RunResult."""
        from .run import run

        return run(self)
