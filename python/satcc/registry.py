"""The scheme registry, as the Rust core defines it (tcp/congestion/mod.rs: CONTROLLERS;
feedback/mod.rs: ROUTERS). Validation, the topology builders and the docs ask here;
no other Python module spells a scheme's name.

A *scheme* as the papers' experiments name it is either a congestion control (`cc`,
with the router scheme its senders are designed for, if any: "refwa-plus" runs under
REFWA's routers) or a router scheme alone ("refwa": REFWA routers over NewReno hosts).
"""

from __future__ import annotations

import json
from functools import lru_cache

from . import _core


@lru_cache(maxsize=None)
def _registry() -> dict:
    return json.loads(_core.registry_json())


def controllers() -> list[dict]:
    """Every `cc` name's row: name, about, recovery, loss, writes_rtt_code, router,
    settings (the `tcp` keys it reads), ns2_agent (its ns-2 agent, or None)."""
    return _registry()["controllers"]


def routers() -> list[dict]:
    """Every router scheme's row: name, about, rtt_from ("hops" or "tos_code"), hosts."""
    return _registry()["routers"]


# the cc of a flow that names none (ns-2's and the papers' reference TCP)
DEFAULT_CC: str = _registry()["default_cc"]


def controller_names() -> list[str]:
    return [c["name"] for c in controllers()]


def router_names() -> list[str]:
    return [r["name"] for r in routers()]


def controller(name: str) -> dict:
    for c in controllers():
        if c["name"] == name:
            return c
    raise ValueError(f"cc: must be one of {', '.join(controller_names())}, got {name!r}")


def router(name: str) -> dict:
    for r in routers():
        if r["name"] == name:
            return r
    raise ValueError(f"schemes[].type: must be one of {', '.join(router_names())}, got {name!r}")


def scheme_names() -> list[str]:
    """Every name an experiment may give a scheme: each cc, then each router scheme."""
    return controller_names() + [r for r in router_names() if r not in controller_names()]


def parts(scheme: str) -> tuple[str, dict | None]:
    """(the hosts' cc, the router scheme's row or None) of a scheme name."""
    names = controller_names()
    if scheme in names:
        c = controller(scheme)
        return scheme, (router(c["router"]) if c["router"] else None)
    if scheme in router_names():
        r = router(scheme)
        return r["hosts"], r
    raise ValueError(f"scheme: must be one of {', '.join(scheme_names())}, got {scheme!r}")


def schemes_where(rtt_from: str | None = None, routerless: bool = True) -> tuple[str, ...]:
    """Scheme names whose router takes RTTs from `rtt_from` (and, with `routerless`, the
    schemes without a router): what a topology builder can run."""
    out = []
    for s in scheme_names():
        _, r = parts(s)
        if (r is None and routerless) or (r is not None and r["rtt_from"] == rtt_from):
            out.append(s)
    return tuple(out)


def reads(setting: str) -> tuple[str, ...]:
    """The cc names whose controller reads a `tcp` setting (e.g. "abe_filter")."""
    return tuple(c["name"] for c in controllers() if setting in c["settings"])
