"""What satcc reads, bounded: file size, nesting, values after YAML alias expansion,
digits of a number, duplicate keys (docs/limits.md lists every bound and why).

`parse_text` reads TOML, YAML or JSON text into plain Python values within these
bounds, and `check_tree` walks any value (a parsed file, or a dict built in Python)
without recursion; both raise `LimitError`, a `ValueError` whose message names the field
(`links[2].delay_ms: ...`) or the line, on one line.
"""

from __future__ import annotations

import datetime
import functools
import json
import math
import re
import sys
from typing import Any

# A scenario or catalog file: the largest built-in scenario is 30 kB; 16 MiB holds
# 100,000 flows written out one by one.
MAX_FILE_BYTES = 16 * 2**20
# Tables and lists inside one another: a scenario nests 5 deep (links[0].a_to_b.queue).
MAX_DEPTH = 32
# Values in the whole document, counted after YAML aliases are expanded: an alias bomb
# (nine levels of nine) would otherwise expand to 387 million values.
MAX_VALUES = 2_000_000
# Digits of an integer: u64, the widest integer setting, has 20; a longer integer is a
# mistake, and Python refuses to read more than 4,300 digits with a traceback.
MAX_INT_DIGITS = 40


class LimitError(ValueError):
    """Input over one of the loader's bounds; the message names the field or line."""


class _Huge:
    """An integer written with more than MAX_INT_DIGITS digits (kept as text)."""

    def __init__(self, text: str):
        self.digits = sum(c.isdigit() for c in text)

    def __repr__(self):
        return f"<integer of {self.digits} digits>"


def _int(text: str):
    return _Huge(text) if sum(c.isdigit() for c in text) > MAX_INT_DIGITS else int(text)


def path_str(parts) -> str:
    """Dotted path of a field, e.g. links[2].queue.limit_pkts; a key that would not read
    plainly (empty, or with spaces, dots, brackets or control characters) is quoted."""
    out = ""
    for p in parts:
        if isinstance(p, int):
            out += f"[{p}]"
        elif isinstance(p, str) and p and p.isprintable() and not any(c in p for c in " .[]'\""):
            out += f".{p}" if out else p
        else:
            out += f"[{p!r}]"
    return out or "scenario"


def _utc_text(v: "datetime.date | datetime.datetime") -> str:
    """A YAML or TOML date or date-time as the UTC text satcc's time fields take."""
    if isinstance(v, datetime.datetime):
        if v.tzinfo is not None:
            v = v.astimezone(datetime.timezone.utc).replace(tzinfo=None)
        return v.isoformat()
    return f"{v.isoformat()}T00:00:00"


def check_tree(obj: Any, what: str = "scenario", dates_as_text: bool = False) -> None:
    """Walk a parsed value without recursion: depth, count of values, finite numbers,
    text keys, integers of sane length. Raises LimitError naming the field.
    `dates_as_text`: a date or date-time (YAML's and TOML's unquoted `2024-03-01T12:00:00`)
    is replaced, in place, by its UTC text (`2024-03-01T12:00:00`; a date alone is its
    midnight), as a time field such as `constellation.epoch` takes it."""
    stack = [(obj, (), 0, None, None)]
    count = 0
    while stack:
        v, path, depth, parent, key = stack.pop()
        count += 1
        if count > MAX_VALUES:
            raise LimitError(f"{what}: more than {MAX_VALUES:,} values (the limit, docs/limits.md); "
                             "is a YAML alias expanding, or is this the wrong file?")
        if isinstance(v, dict):
            if depth >= MAX_DEPTH:
                raise LimitError(f"{path_str(path) if path else what}: nested more than {MAX_DEPTH} deep")
            for k, x in v.items():
                if not isinstance(k, str):
                    raise LimitError(f"{path_str(path) if path else what}: field names must be text, got {k!r}")
                stack.append((x, path + (k,), depth + 1, v, k))
        elif isinstance(v, list):
            if depth >= MAX_DEPTH:
                raise LimitError(f"{path_str(path) if path else what}: nested more than {MAX_DEPTH} deep")
            for i, x in enumerate(v):
                stack.append((x, path + (i,), depth + 1, v, i))
        elif isinstance(v, _Huge):
            raise LimitError(f"{path_str(path) if path else what}: an integer of {v.digits} digits is out of range "
                             f"(at most {MAX_INT_DIGITS} digits)")
        elif isinstance(v, bool) or v is None or isinstance(v, str):
            pass
        elif isinstance(v, int):
            if v.bit_length() > 1023:  # beyond any double
                raise LimitError(f"{path_str(path) if path else what}: must be a finite number, "
                                 f"got an integer of {len(str(abs(v)))} digits")
        elif isinstance(v, float):
            if not math.isfinite(v):
                raise LimitError(f"{path_str(path) if path else what}: must be a finite number, got {v}")
        elif isinstance(v, datetime.date) and dates_as_text and parent is not None:
            parent[key] = _utc_text(v)
        elif isinstance(v, (datetime.date, datetime.time)):
            raise LimitError(f"{path_str(path) if path else what}: a {type(v).__name__} ({v}); satcc's time fields "
                             "take a UTC time as text, \"YYYY-MM-DDTHH:MM:SS\"")
        elif not isinstance(v, (tuple,)):
            raise LimitError(f"{path_str(path) if path else what}: not a value a file can hold: {type(v).__name__}")
        else:
            for i, x in enumerate(v):
                stack.append((x, path + (i,), depth + 1, None, None))


# --- JSON ------------------------------------------------------------------------------

def _no_duplicates(pairs):
    out = {}
    for k, v in pairs:
        if k in out:
            raise LimitError(f"duplicate field {k!r} (each field once; JSON readers differ on which one wins)")
        out[k] = v
    return out


def _json(text: str):
    # nesting first: Python's JSON reader recurses, so refuse a deep file before it does
    depth = best = 0
    in_str = esc = False
    for c in text:
        if in_str:
            if esc:
                esc = False
            elif c == "\\":
                esc = True
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise LimitError(f"nested more than {MAX_DEPTH} deep")
        elif c in "]}":
            depth -= 1
    return json.loads(text, object_pairs_hook=_no_duplicates, parse_int=_int)


# --- YAML ------------------------------------------------------------------------------

@functools.cache
def _yaml12_loader():
    """PyYAML's safe loader with YAML 1.2's numbers, integers of sane length, and no
    duplicate keys. YAML 1.1, PyYAML's own, reads an exponent without a dot as text
    (`1e6`), a leading zero as octal (`010` is 8) and colons as base 60 (`1:30` is 90,
    `12:00:00` 43200); here `1e6` is a float, `010` is 10, and `1:30` is text, which
    a number field refuses by name (`0o17` and `0x1f` are octal and hexadecimal, as in
    YAML 1.2; digits may be grouped by `_`, as in 1.1). Made on first use (PyYAML takes
    20 ms to import)."""
    import yaml

    class Yaml12Loader(yaml.SafeLoader):
        def construct_mapping(self, node, deep=False):
            seen = set()
            for k, _ in node.value:
                if isinstance(k, yaml.ScalarNode) and k.value != "<<":
                    if k.value in seen:
                        raise LimitError(f"duplicate field {k.value!r} (line {k.start_mark.line + 1}; each field once)")
                    seen.add(k.value)
            return super().construct_mapping(node, deep)

    def yaml_int(loader, node):
        if sum(c.isdigit() for c in node.value) > MAX_INT_DIGITS:
            return _Huge(node.value)
        v = node.value.replace("_", "")
        sign = -1 if v[0] == "-" else 1
        v = v.lstrip("+-")
        if v[:2] in ("0o", "0x"):
            return sign * int(v[2:], 8 if v[1] == "o" else 16)
        return sign * int(v, 10)  # (a leading zero is decimal)

    # YAML 1.1's int and float resolvers (octal by a leading 0, binary, base 60) out;
    # YAML 1.2's core schema in, the int first (a float's pattern admits `10` too)
    numbers = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")
    Yaml12Loader.yaml_implicit_resolvers = {k: [(t, r) for t, r in v if t not in numbers]
                                            for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()}
    Yaml12Loader.add_implicit_resolver(
        "tag:yaml.org,2002:int",
        re.compile(r"^(?:[-+]?[0-9]+(?:_[0-9]+)*|0o[0-7]+|0x[0-9a-fA-F]+)$"),
        list("-+0123456789"),
    )
    Yaml12Loader.add_implicit_resolver(
        "tag:yaml.org,2002:float",
        re.compile(r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)"
                   r"|\.(?:nan|NaN|NAN))$"),
        list("-+0123456789."),
    )
    Yaml12Loader.add_constructor("tag:yaml.org,2002:int", yaml_int)
    return Yaml12Loader


def _yaml_size(root) -> None:
    """Refuse a YAML graph that is recursive, too deep, or too large once its aliases are
    expanded, before anything is constructed (sizes are memoized per node, so an alias
    bomb is measured in the time of its text)."""
    import yaml

    size: dict[int, int] = {}
    on_path: set[int] = set()
    stack = [(root, 0, False)]
    while stack:
        node, depth, done = stack.pop()
        nid = id(node)
        kids = []
        if isinstance(node, yaml.MappingNode):
            kids = [x for kv in node.value for x in kv]
        elif isinstance(node, yaml.SequenceNode):
            kids = list(node.value)
        if done:
            on_path.discard(nid)
            size[nid] = 1 + sum(size[id(k)] for k in kids)
            if size[nid] > MAX_VALUES:
                raise LimitError(f"line {node.start_mark.line + 1}: more than {MAX_VALUES:,} values once its "
                                 "aliases are expanded (the limit, docs/limits.md)")
            continue
        if nid in size:
            continue
        if nid in on_path:
            raise LimitError(f"line {node.start_mark.line + 1}: an alias refers to a table or list that holds it "
                             "(a recursive alias)")
        if depth > MAX_DEPTH:
            raise LimitError(f"line {node.start_mark.line + 1}: nested more than {MAX_DEPTH} deep")
        on_path.add(nid)
        stack.append((node, depth, True))
        for k in kids:
            if id(k) not in size:
                stack.append((k, depth + 1, False))


def _yaml(text: str):
    loader = _yaml12_loader()(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _yaml_size(node)
        return loader.construct_document(node)
    finally:
        loader.dispose()


# --- TOML ------------------------------------------------------------------------------

def _toml(text: str):
    import tomllib

    try:
        return tomllib.loads(text)
    except ValueError as e:
        if isinstance(e, tomllib.TOMLDecodeError):
            raise
        # an integer too long for Python to read: name its key and line
        m = re.search(r"^[ \t]*([^=\n#]+?)[ \t]*=[ \t]*[+-]?[0-9_]{%d,}" % (MAX_INT_DIGITS + 1), text, re.M)
        where = f"{m.group(1).strip()} (line {text.count(chr(10), 0, m.start()) + 1})" if m else "a number"
        raise LimitError(f"{where}: an integer of more than {MAX_INT_DIGITS} digits is out of range") from None


_PARSERS = {"toml": _toml, "yaml": _yaml, "json": _json}


def parse_text(text: str, fmt: str, what: str = "scenario") -> Any:
    """Parse TOML, YAML or JSON text within the bounds above; LimitError (naming the
    field, or the line) for anything malformed or over a bound."""
    if fmt not in _PARSERS:
        raise LimitError(f"{what}: unknown format {fmt!r} (allowed: toml, yaml, json)")
    if len(text) > MAX_FILE_BYTES:
        raise LimitError(f"{what}: {len(text):,} characters is more than the {MAX_FILE_BYTES // 2**20} MiB a file "
                         "may hold (docs/limits.md)")
    try:
        d = _PARSERS[fmt](text)
    except LimitError as e:
        raise LimitError(f"{what}: {e}") from None
    except Exception as e:  # TOML's and JSON's decode errors are ValueErrors; YAML's its own
        yaml = sys.modules.get("yaml")
        if not isinstance(e, (ValueError, RecursionError)) and not (yaml and isinstance(e, yaml.YAMLError)):
            raise
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise LimitError(f"{what}: not valid {fmt.upper()}: {first}") from None
    check_tree(d, what, dates_as_text=True)
    return d
