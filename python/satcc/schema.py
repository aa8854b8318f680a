"""JSON Schema of a satcc scenario: the scenario contract.

The Rust types that parse a scenario are its source (crates/satcc-core/src/contract.rs
generates it with schemars: every field's default, range and doc, and the router
schemes of the registry with their settings). The `cc` names are filled in from the
registry as the schema loads, so adding a controller leaves the file as it is. This package carries the generated copy,
`scenario.schema.json`, so validating needs no core call; a test fails when the copy
and the core differ (`python -m satcc.dev.schema write` refreshes it).

The schema checks structure and ranges (unknown fields are errors); the Rust core then
checks what needs the whole picture (that nodes exist, that flows have a route).
Field meanings are documented in docs/scenario.md and in the schema's descriptions.
"""

from __future__ import annotations

import json
from pathlib import Path

from . import registry

PATH = Path(__file__).with_name("scenario.schema.json")

SCENARIO: dict = json.loads(PATH.read_text())
DEFS: dict = SCENARIO["$defs"]
FLOW: dict = DEFS["FlowSpec"]
SCHEME: dict = DEFS["SchemeSpec"]
TCP: dict = DEFS["TcpTable"]
#: every transport setting's default (ns-2's: `stack: ns2`)
TCP_DEFAULTS: dict = {k: v.get("default") for k, v in TCP["properties"].items()}
#: the values `stack: linux` gives the settings a table leaves out (the core's
#: tcp::config::linux_stack; `tso_defer` is decided per controller, not listed)
LINUX_STACK: dict = TCP["properties"]["stack"]["x-satcc-linux"]


def is_udp(flow: dict) -> bool:
    """Whether a scenario's flow is a UDP flow (`transport: udp`)."""
    return flow.get("transport", "tcp") == "udp"


def is_tcp(flow: dict) -> bool:
    """Whether a scenario's flow runs TCP (not `transport: udp` or `ping`)."""
    return flow.get("transport", "tcp") == "tcp"


def tcp_settings(scenario: dict, flow: dict | None = None, as_written: bool = False) -> dict:
    """The transport settings a flow runs with, as the core reads them: the defaults,
    Linux's where its table says `stack: linux`, then the scenario's `tcp` table and the
    flow's own (`tso_defer` as written; the core decides it per controller for the
    Linux stack), and no SYN or headers for a controller whose segments leave bare
    (the registry's `bare_segments`: ns-2's Vegas) unless `as_written`."""
    table = {**(scenario.get("tcp") or {}), **((flow or {}).get("tcp") or {})}
    base = {**TCP_DEFAULTS, **(LINUX_STACK if table.get("stack") == "linux" else {})}
    out = {**base, **table}
    entry = registry.controller(flow.get("cc") or registry.DEFAULT_CC) if flow is not None and not as_written else None
    if entry and entry["bare_segments"]:
        # ns-2's Vegas sends no SYN and no headers whatever the table says (its syn_
        # starts its window at 1: the core reads the table's, as written)
        out.update(syn=False, use_headers=False)
    return out


def _registry_lists(node) -> None:
    """Fill each `x-satcc-enum` with the registry's names (the core's list, at run time)."""
    if isinstance(node, dict):
        if node.get("x-satcc-enum") == "controllers":
            node["enum"] = registry.controller_names()
        for v in node.values():
            _registry_lists(v)
    elif isinstance(node, list):
        for v in node:
            _registry_lists(v)


_registry_lists(SCENARIO)


def _inline(node):
    """The schema with every $ref replaced by its definition (the contract has no
    recursive types), which validates faster than resolving references per value."""
    if isinstance(node, dict):
        if "$ref" in node:
            target = _inline(DEFS[node["$ref"].rsplit("/", 1)[-1]])
            return {**target, **{k: _inline(v) for k, v in node.items() if k != "$ref"}}
        return {k: _inline(v) for k, v in node.items() if k != "$defs"}
    if isinstance(node, list):
        return [_inline(v) for v in node]
    return node


# What validation runs against: SCENARIO with its references resolved once.
INLINE: dict = _inline(SCENARIO)
