"""The experiment catalog: built-in experiments, and users' own from a file."""

from __future__ import annotations

import copy
import importlib
import importlib.util
import re
from pathlib import Path

from .. import limits
from ..scenario import ScenarioError
from .definition import MAX_SEEDS, Experiment, ExperimentError, Param, PlotSpec

_REGISTRY: dict[str, Experiment] = {}
_BUILTIN = ["satcc.experiments.catalog.baselines", "satcc.experiments.catalog.refwa",
            "satcc.experiments.catalog.refwa_plus", "satcc.experiments.catalog.trefwa",
            "satcc.experiments.catalog.trefwa_plus", "satcc.experiments.catalog.fusion_star",
            "satcc.experiments.catalog.leo", "satcc.experiments.catalog.cubic_bbr"]
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
    fmt = {".toml": "toml", ".yaml": "yaml", ".yml": "yaml"}.get(p.suffix.lower())
    if fmt is None:
        raise ExperimentError(f"{p}: unknown experiment file type {p.suffix!r} (allowed: .py, .toml, .yaml, .yml)")
    try:
        if p.stat().st_size > limits.MAX_FILE_BYTES:
            raise ExperimentError(f"{p}: more than the {limits.MAX_FILE_BYTES // 2**20} MiB a file may hold")
        d = limits.parse_text(p.read_text(encoding="utf-8"), fmt, what=str(p))
    except (OSError, UnicodeDecodeError) as e:
        raise ExperimentError(f"{p}: cannot read: {e}") from None
    except limits.LimitError as e:
        raise ExperimentError(str(e)) from None
    if not isinstance(d, dict):
        raise ExperimentError(f"{p}: must be a table of fields (id, scenario, ...)")
    allowed = {"id", "title", "source", "scenario", "seeds", "grid", "plots", "notes"}
    extra = set(d) - allowed
    if extra:
        raise ExperimentError(f"{p}: unknown field {', '.join(map(repr, sorted(extra)))} (allowed: {', '.join(sorted(allowed))})")
    for k in ("id", "scenario"):
        if k not in d:
            raise ExperimentError(f"{p}: missing field {k!r}")
    for k in ("id", "title", "source", "notes"):
        if k in d and not isinstance(d[k], str):
            raise ExperimentError(f"{p}: {k}: must be text, got {d[k]!r}")
    seeds = d.get("seeds", 10)
    if isinstance(seeds, bool) or not isinstance(seeds, int) or not 1 <= seeds <= MAX_SEEDS:
        raise ExperimentError(f"{p}: seeds: must be a whole number from 1 to {MAX_SEEDS}, got {seeds!r}")
    sc = d["scenario"]
    if isinstance(sc, str):
        try:
            base = load_scenario(p.parent / sc).to_dict()
        except ScenarioError as e:
            raise ExperimentError(f"{p}: scenario: {e}") from None
    elif isinstance(sc, dict):
        base = sc
    else:
        raise ExperimentError(f"{p}: scenario: must be a scenario file's path or an inline table, got {sc!r}")
    grid = d.get("grid") or {}
    if not isinstance(grid, dict) or not all(isinstance(v, list) and v for v in grid.values()):
        raise ExperimentError(f"{p}: grid must map parameter paths to non-empty lists of values")

    def build(**point):
        s = copy.deepcopy(base)
        for k, v in point.items():
            try:
                _set_path(s, k, v)
            except (KeyError, IndexError, ValueError, TypeError, AttributeError):
                raise ExperimentError(f"grid parameter {k!r}: no such place in the scenario") from None
        return s

    plots_in = d.get("plots") or []
    if not isinstance(plots_in, list):
        raise ExperimentError(f"{p}: plots: must be a list of tables (name, y, x, logx), got {plots_in!r}")
    plots = []
    for i, pl in enumerate(plots_in):
        where = f"{p}: plots[{i}]"
        if not isinstance(pl, dict):
            raise ExperimentError(f"{where}: must be a table (name, y, x, logx), got {pl!r}")
        extra = set(pl) - {"name", "y", "x", "logx"}
        if extra:
            raise ExperimentError(f"{where}: unknown field {', '.join(map(repr, sorted(extra)))} (allowed: logx, name, x, y)")
        if "name" not in pl or not isinstance(pl["name"], str):
            raise ExperimentError(f"{where}.name: must be text (the figure's file name), got {pl.get('name')!r}")
        y = pl.get("y")
        if not isinstance(y, list) or not y or not all(isinstance(m, str) for m in y):
            raise ExperimentError(f"{where}.y: must be a non-empty list of metric names, got {y!r}")
        if pl.get("x") is not None and not isinstance(pl["x"], str):
            raise ExperimentError(f"{where}.x: must be a grid parameter's name, got {pl['x']!r}")
        if not isinstance(pl.get("logx", False), bool):
            raise ExperimentError(f"{where}.logx: must be true or false, got {pl['logx']!r}")
        try:
            plots.append(PlotSpec(name=pl["name"], y=tuple(y), x=pl.get("x"), logx=pl.get("logx", False)))
        except ExperimentError as e:
            raise ExperimentError(f"{where}: {e}") from None
    try:
        exp = Experiment(id=d["id"], title=d.get("title", d["id"]), source=d.get("source", str(p)),
                         build=build, grid={k: Param(tuple(v)) for k, v in grid.items()},
                         seeds=seeds, plots=tuple(plots), notes=d.get("notes", ""))
    except ExperimentError as e:
        raise ExperimentError(f"{p}: {e}") from None
    return [register(exp)]
