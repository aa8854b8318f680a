"""The experiment catalog: built-in experiments, and users' own from a file."""

from __future__ import annotations

import copy
import importlib
import importlib.util
import re
import tomllib
from pathlib import Path

import yaml

from .definition import Experiment, ExperimentError, Param, PlotSpec

_REGISTRY: dict[str, Experiment] = {}
_BUILTIN = ["satcc.experiments.catalog.baselines", "satcc.experiments.catalog.refwa",
            "satcc.experiments.catalog.refwa_plus", "satcc.experiments.catalog.trefwa",
            "satcc.experiments.catalog.trefwa_plus", "satcc.experiments.catalog.fusion_star"]
_loaded = False


def register(exp: Experiment) -> Experiment:
    if not re.fullmatch(r"[a-z0-9][a-z0-9._-]*", exp.id):
        raise ExperimentError(f"experiment id {exp.id!r}: use lower-case letters, digits, '.', '_' and '-'")
    _REGISTRY[exp.id] = exp
    return exp


def _load_builtin() -> None:
    global _loaded
    if not _loaded:
        for m in _BUILTIN:
            importlib.import_module(m)
        _loaded = True


def all_experiments() -> list[Experiment]:
    _load_builtin()
    return sorted(_REGISTRY.values(), key=lambda e: e.id)


def builtin_experiments() -> list[Experiment]:
    """The catalog's own experiments (those registered by satcc's catalog modules, not by
    a user's file or a test)."""
    return [e for e in all_experiments() if getattr(e.build, "__module__", None) in _BUILTIN]


def get(exp_id: str) -> Experiment:
    _load_builtin()
    if exp_id not in _REGISTRY:
        import difflib

        # ids that extend what was typed ("refwa.fig6" -> "refwa.fig6-fairness") first
        near = sorted(i for i in _REGISTRY if i.startswith(exp_id))[:3]
        near += [i for i in difflib.get_close_matches(exp_id, list(_REGISTRY), n=3) if i not in near]
        near = near[:3]
        hint = f"; did you mean {', '.join(near)}?" if near else ""
        raise ExperimentError(f"unknown experiment {exp_id!r} (satcc list shows the catalog{hint})")
    return _REGISTRY[exp_id]


def _set_path(d, path: str, value):
    """Set d[a][b][3][c] = value for path 'a.b.3.c' (creating tables as needed)."""
    parts = path.split(".")
    cur = d
    for i, p in enumerate(parts[:-1]):
        nxt_is_index = parts[i + 1].isdigit()
        if isinstance(cur, list):
            cur = cur[int(p)]
        else:
            cur = cur.setdefault(p, [] if nxt_is_index else {})
    last = parts[-1]
    if isinstance(cur, list):
        cur[int(last)] = value
    else:
        cur[last] = value


def load_file(path: str | Path) -> list[Experiment]:
    """Register the experiments of a user file.

    A .py file registers its own (satcc.experiments.register) or lists them in
    EXPERIMENTS. A .toml/.yaml file describes one experiment:

        id = "my-sweep"
        title = "Utilization against buffer size"
        scenario = "scenarios/dumbbell_lossy.toml"   # or an inline [scenario] table
        seeds = 5
        [grid]
        "links.3.queue.limit_pkts" = [10, 20, 40, 80]
        [[plots]]
        name = "utilization"
        x = "links.3.queue.limit_pkts"
        y = ["utilization"]
    """
    from ..scenario import load as load_scenario

    p = Path(path)
    if not p.exists():
        raise ExperimentError(f"{p}: no such experiment file")
    if p.suffix == ".py":
        spec = importlib.util.spec_from_file_location(f"satcc_user_{p.stem}", p)
        mod = importlib.util.module_from_spec(spec)
        before = set(_REGISTRY)
        spec.loader.exec_module(mod)  # type: ignore[union-attr]
        for e in getattr(mod, "EXPERIMENTS", []):
            register(e)
        return [_REGISTRY[k] for k in sorted(set(_REGISTRY) - before)] + list(getattr(mod, "EXPERIMENTS", []))
    try:
        d = tomllib.loads(p.read_text()) if p.suffix == ".toml" else yaml.safe_load(p.read_text())
    except (tomllib.TOMLDecodeError, yaml.YAMLError) as e:
        raise ExperimentError(f"{p}: not a valid experiment file: {str(e).splitlines()[0]}") from None
    if not isinstance(d, dict):
        raise ExperimentError(f"{p}: must be a table")
    allowed = {"id", "title", "source", "scenario", "seeds", "grid", "plots", "notes"}
    extra = set(d) - allowed
    if extra:
        raise ExperimentError(f"{p}: unknown field {', '.join(map(repr, sorted(extra)))} (allowed: {', '.join(sorted(allowed))})")
    for k in ("id", "scenario"):
        if k not in d:
            raise ExperimentError(f"{p}: missing field {k!r}")
    sc = d["scenario"]
    base = load_scenario(p.parent / sc).to_dict() if isinstance(sc, str) else sc
    grid = d.get("grid") or {}
    if not isinstance(grid, dict) or not all(isinstance(v, list) and v for v in grid.values()):
        raise ExperimentError(f"{p}: grid must map parameter paths to non-empty lists of values")

    def build(**point):
        s = copy.deepcopy(base)
        for k, v in point.items():
            try:
                _set_path(s, k, v)
            except (KeyError, IndexError, ValueError, TypeError):
                raise ExperimentError(f"grid parameter {k!r}: no such place in the scenario") from None
        return s

    plots = tuple(PlotSpec(name=pl["name"], y=tuple(pl["y"]), x=pl.get("x"), logx=bool(pl.get("logx", False)))
                  for pl in d.get("plots") or [])
    exp = Experiment(id=str(d["id"]), title=str(d.get("title", d["id"])), source=str(d.get("source", str(p))),
                     build=build, grid={k: Param(tuple(v)) for k, v in grid.items()},
                     seeds=int(d.get("seeds", 10)), plots=plots, notes=str(d.get("notes", "")))
    return [register(exp)]
