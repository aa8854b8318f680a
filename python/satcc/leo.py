"""Moving LEO constellations: the `constellation` section of a scenario, the paths of
ground-station pairs over time without packets (`satcc paths`), satellite positions and
the built-in city table.

    import satcc.leo as leo
    c = {"shells": [{"builtin": "kuiper-630"}], "ground_stations": ["Paris", "Moscow"]}
    t = leo.paths({"constellation": c, "duration_s": 200}, [("Paris", "Moscow")])
    t.table.to_pandas()           # t_s, src, dst, rtt_ms, hops, path, changed

The core computes everything (crates/satcc-core/src/orbit, net/leo); docs/leo.md gives
the conventions (frames, Earth model, visibility, routing) and where they come from.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from . import _core, limits
from ._lazy import LazyModule
from .errors import FORMATS, ScenarioError

np = LazyModule("numpy")
pa = LazyModule("pyarrow")
pc = LazyModule("pyarrow.compute")

# A TLE file: a line of 70 characters per satellite and name lines; 100,000 satellites
# is 23 MB, the largest TLE set any constellation has.
MAX_TLE_BYTES = 32 * 2**20


def cities() -> list[tuple[str, float, float]]:
    """The built-in cities (name, latitude, longitude in degrees), most populous first."""
    out = []
    for line in _core.cities_csv().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        _, name, lat, lon = line.split(",")
        out.append((name, float(lat), float(lon)))
    return out


def resolve_files(constellation: Any, base: Path | None) -> Any:
    """A shell's `tle_file` (relative to the scenario file) read into its `tle` text, and
    a `hypatia_dir` read into shells and ground stations (`from_hypatia`), so the core
    sees one self-contained section."""
    if isinstance(constellation, dict) and "hypatia_dir" in constellation:
        constellation = from_hypatia(constellation, base)
    if not isinstance(constellation, dict) or not isinstance(constellation.get("shells"), list):
        return constellation
    shells = []
    for i, s in enumerate(constellation["shells"]):
        if isinstance(s, dict) and "tle_file" in s:
            s = dict(s)
            f = s.pop("tle_file")
            at = f"constellation.shells[{i}].tle_file"
            if not isinstance(f, str) or not f:
                raise ScenarioError(f"{at}: must be a file name")
            if "tle" in s:
                raise ScenarioError(f"{at}: give tle or tle_file, not both")
            p = Path(f) if base is None or Path(f).is_absolute() else base / f
            try:
                if p.stat().st_size > MAX_TLE_BYTES:
                    raise ScenarioError(f"{at}: {p} is over {MAX_TLE_BYTES // 2**20} MiB")
                s["tle"] = p.read_text(encoding="ascii")
            except (OSError, UnicodeDecodeError) as e:
                raise ScenarioError(f"{at}: cannot read {p}: {e}") from None
        shells.append(s)
    return {**constellation, "shells": shells}


# Hypatia's ground-link algorithms (the last part of its state directories' names): whether
# stations relay, and which satellites a station may use (paired: only its nearest, at
# every step, which is satcc's `nearest`); beyond that they differ in interfaces and
# bandwidth only, which satcc's links set themselves.
HYPATIA_ALGORITHMS = {"algorithm_free_one_only_over_isls": (False, "any"),
                      "algorithm_free_one_only_gs_relays": (True, "any"),
                      "algorithm_free_gs_one_sat_many_only_over_isls": (False, "any"),
                      "algorithm_paired_many_only_over_isls": (False, "nearest")}
# A station's name as satcc takes it: ASCII letters, digits and _.:+@- (its links are named
# after it)
_NAME_CHARS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.:+@-")


def _station_name(raw: str) -> str:
    """A Hypatia station's name in satcc's letters: accents dropped (São-Paulo is
    Sao-Paulo), spaces as '-', other marks left out (Mumbai-(Bombay) is Mumbai-Bombay)."""
    import unicodedata

    folded = unicodedata.normalize("NFKD", raw.strip()).replace(" ", "-")
    name = "".join(c for c in folded if c in _NAME_CHARS).lstrip(".:+@-")
    return name[:64]


def _hypatia_epoch(tle_line1: str) -> str:
    """A TLE's epoch (line 1, columns 19-32: two-digit year, day of the year) as satcc's
    `epoch`, to the microsecond: Hypatia's time 0 is its TLEs' epoch."""
    import datetime as dt

    yy, day = int(tle_line1[18:20]), float(tle_line1[20:32])
    year = 1900 + yy if yy >= 57 else 2000 + yy
    t = dt.datetime(year, 1, 1) + dt.timedelta(days=day - 1)
    return t.strftime("%Y-%m-%dT%H:%M:%S.%f")


def from_hypatia(constellation: dict, base: Path | None) -> dict:
    """A constellation section whose `hypatia_dir` names a directory of Hypatia's
    satgenpy (its satellite network state: tles.txt, isls.txt, ground_stations.txt,
    description.txt), read into one shell and the ground stations as Hypatia runs them:
    the TLEs as they are (the first line gives the planes), the ground links by
    description.txt's max_gsl_length_m, the ISLs of isls.txt (+Grid when they are
    exactly that, none when the file is empty, else listed), the stations of
    ground_stations.txt (basic or extended) with their heights, the TLEs' epoch as time
    0 unless `epoch` is given, and, when the directory's name ends in one of Hypatia's
    algorithms (HYPATIA_ALGORITHMS), its relaying and its ground links (`routing.ground_relays`,
    `gsl.policy`) unless the scenario gives them."""
    c = dict(constellation)
    at = "constellation.hypatia_dir"
    f = c.pop("hypatia_dir")
    if not isinstance(f, str) or not f:
        raise ScenarioError(f"{at}: must be a directory name")
    for k in ("shells", "ground_stations"):
        if k in c:
            raise ScenarioError(f"{at}: the directory gives the {k}; leave constellation.{k} out")
    d = Path(f) if base is None or Path(f).is_absolute() else base / f
    if not d.is_dir():
        raise ScenarioError(f"{at}: {d} is not a directory")

    def text(name: str) -> str:
        p = d / name
        try:
            if p.stat().st_size > MAX_TLE_BYTES:
                raise ScenarioError(f"{at}: {p} is over {MAX_TLE_BYTES // 2**20} MiB")
            return p.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise ScenarioError(f"{at}: cannot read {p}: {e}") from None

    tle = text("tles.txt")
    lines = [x for x in tle.splitlines() if x.strip()]
    head = lines[0].split() if lines else []
    if len(head) != 2 or not all(x.isdigit() for x in head):
        raise ScenarioError(f"{at}: {d / 'tles.txt'}: the first line must be Hypatia's 'ORBITS SATELLITES-PER-ORBIT'")
    orbits, per = int(head[0]), int(head[1])
    first = next((x for x in lines[1:] if x.startswith("1 ")), None)
    if first is None or len(first) < 32:
        raise ScenarioError(f"{at}: {d / 'tles.txt'}: no TLE line 1 after the first line")

    desc = {}
    for k, line in enumerate(text("description.txt").splitlines(), 1):
        if line.strip():
            key, _, value = line.partition("=")
            try:
                desc[key.strip()] = float(value)
            except ValueError:
                raise ScenarioError(f"{at}: {d / 'description.txt'} line {k}: not 'name=number': {line!r}") from None
    if "max_gsl_length_m" not in desc:
        raise ScenarioError(f"{at}: {d / 'description.txt'} gives no max_gsl_length_m (the ground links' reach)")

    pairs = []
    for k, line in enumerate(text("isls.txt").splitlines(), 1):
        if not line.strip():
            continue
        ab = line.split()
        if len(ab) != 2 or not all(x.isdigit() for x in ab):
            raise ScenarioError(f"{at}: {d / 'isls.txt'} line {k}: not two satellite numbers: {line!r}")
        pairs.append([int(ab[0]), int(ab[1])])
    grid = {tuple(sorted(((o * per + s), (o * per + (s + 1) % per)))) for o in range(orbits) for s in range(per)}
    grid |= {tuple(sorted(((o * per + s), ((o + 1) % orbits * per + s)))) for o in range(orbits) for s in range(per)}
    shell: dict = {"tle": tle, "max_range_m": desc["max_gsl_length_m"]}
    if not pairs:
        shell["isls"] = "none"
    elif len(pairs) != len(grid) or {tuple(sorted(p)) for p in pairs} != grid:
        shell["isl_pairs"] = pairs  # the core checks them, naming the pair

    stations, seen = [], {}
    for k, line in enumerate(text("ground_stations.txt").splitlines(), 1):
        if not line.strip():
            continue
        cols = line.split(",")
        where = f"{at}: {d / 'ground_stations.txt'} line {k}"
        if len(cols) not in (5, 8):
            raise ScenarioError(f"{where}: Hypatia's stations have 5 columns (basic) or 8 (extended), got {len(cols)}")
        try:
            gid, lat, lon, alt = int(cols[0]), float(cols[2]), float(cols[3]), float(cols[4])
        except ValueError:
            raise ScenarioError(f"{where}: gid, latitude, longitude and elevation must be numbers: {line!r}") from None
        if gid != len(stations):
            raise ScenarioError(f"{where}: gid {gid}, but Hypatia numbers stations 0, 1, 2, ... ({len(stations)} here)")
        name = _station_name(cols[1])
        if not name:
            raise ScenarioError(f"{where}: the name {cols[1]!r} has no letter or digit satcc can name a station by")
        if name in seen:
            raise ScenarioError(f"{where}: {cols[1]!r} is named {name!r} in satcc, as is line {seen[name]}")
        seen[name] = k
        stations.append({"name": name, "lat_deg": lat, "lon_deg": lon, "alt_m": alt})
    c["shells"] = [shell]
    c["ground_stations"] = stations
    c.setdefault("epoch", _hypatia_epoch(first))
    algorithm = next((a for a in HYPATIA_ALGORITHMS if d.resolve().name.endswith(a)), None)
    if algorithm is not None:
        relays, policy = HYPATIA_ALGORITHMS[algorithm]
        for key, field, value in (("routing", "ground_relays", relays), ("gsl", "policy", policy)):
            own = c.get(key) if isinstance(c.get(key), dict) else None
            if own is None or field not in own:
                c[key] = {**(own or {}), field: value}
    return c


def load(path: str | Path) -> dict:
    """Read a scenario file that has a `constellation` section (and `duration_s`): the
    section with its TLE files read in, within the loader's bounds."""
    p = Path(path)
    fmt = FORMATS.get(p.suffix.lower())
    if fmt is None:
        raise ScenarioError(f"{p}: unknown file type {p.suffix!r} (allowed: {', '.join(FORMATS)})")
    try:
        if p.stat().st_size > limits.MAX_FILE_BYTES:
            raise ScenarioError(f"{p}: more than {limits.MAX_FILE_BYTES // 2**20} MiB (docs/limits.md)")
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ScenarioError(f"{p}: cannot read: {e}") from None
    try:
        d = limits.parse_text(text, fmt)
    except limits.LimitError as e:
        raise ScenarioError(str(e)) from None
    if not isinstance(d, dict) or "constellation" not in d:
        raise ScenarioError(f"{p}: no constellation section (docs/leo.md shows one)")
    d["constellation"] = resolve_files(d["constellation"], p.parent)
    return d


@dataclass
class Paths:
    """The paths of ground-station pairs over time."""

    table: pa.Table
    pairs: list[tuple[str, str]]
    step_s: float
    routing_steps: int
    handovers: int
    satellites: int
    ground_stations: list[str] = field(default_factory=list)

    def summary(self) -> dict:
        """Per pair: RTT range and mean (ms), hops range, path changes."""
        t = self.table
        out = []
        for k, (a, b) in enumerate(self.pairs):
            rows = t.filter(pc.equal(t["pair"], k))
            rtt = rows["rtt_ms"].to_numpy(zero_copy_only=False)
            ok = rtt[np.isfinite(rtt)]
            hops = rows["hops"].to_numpy()
            out.append({
                "src": a, "dst": b, "samples": len(rtt), "no_route_samples": int(len(rtt) - len(ok)),
                "rtt_ms_min": float(ok.min()) if len(ok) else None,
                "rtt_ms_mean": float(ok.mean()) if len(ok) else None,
                "rtt_ms_max": float(ok.max()) if len(ok) else None,
                "hops_min": int(hops[np.isfinite(rtt)].min()) if len(ok) else None,
                "hops_max": int(hops.max()) if len(ok) else None,
                "path_changes": int(pc.sum(rows["changed"]).as_py() or 0),
            })
        return {"step_s": self.step_s, "routing_steps": self.routing_steps, "handovers": self.handovers,
                "satellites": self.satellites, "ground_stations": self.ground_stations, "pairs": out}


def _column(spec) -> np.ndarray:
    dtype, data = spec
    return np.frombuffer(data, dtype=np.dtype(dtype))


def parse_pairs(text: str | Iterable) -> list[tuple[str, str]]:
    """`A:B,C:D` (or a list of (A, B)) as pairs; ScenarioError naming --pairs."""
    if isinstance(text, str):
        items = [p for p in text.split(",") if p.strip()]
        pairs = []
        for p in items:
            if p.count(":") != 1 or not all(x.strip() for x in p.split(":")):
                raise ScenarioError(f"--pairs: '{p}' is not SRC:DST (e.g. Paris:Moscow)")
            a, b = p.split(":")
            pairs.append((a.strip(), b.strip()))
    else:
        pairs = [tuple(p) for p in text]
        if not all(len(p) == 2 and all(isinstance(x, str) for x in p) for p in pairs):
            raise ScenarioError("pairs: each pair is (SRC, DST), two ground station names")
    if not pairs:
        raise ScenarioError("--pairs: give at least one SRC:DST")
    return pairs


def paths(scenario: dict, pairs, *, step_ms: float | None = None, duration_s: float | None = None,
          progress: bool | Callable[[float], None] = False, event_budget=None) -> Paths:
    """Paths of `pairs` of ground stations (names) every `step_ms` (default: the routing
    interval) over the scenario's `duration_s`. ScenarioError names a bad field; a run
    whose routing work is over the event budget is refused before it starts."""
    if not isinstance(scenario, dict) or "constellation" not in scenario:
        raise ScenarioError("scenario: no constellation section")
    d = duration_s if duration_s is not None else scenario.get("duration_s")
    if not isinstance(d, (int, float)) or isinstance(d, bool):
        raise ScenarioError("duration_s: a number of seconds is needed")
    req = {"constellation": scenario["constellation"], "duration_s": float(d), "pairs": parse_pairs(pairs)}
    if step_ms is not None:
        req["step_s"] = float(step_ms) / 1e3
    from .run import budgets

    # routing work is bounded by the event budget (--event-budget, SATCC_EVENT_BUDGET)
    req["work_budget"] = budgets(event_budget=event_budget)[1]
    limits.check_tree(req, "scenario")
    bar = None
    cb = None
    if progress is True:
        from tqdm import tqdm

        def cb(t):  # the bar appears at the first report, after the input was accepted
            nonlocal bar
            if bar is None:
                bar = tqdm(total=float(d), unit="s", desc="paths", file=sys.stderr, leave=False,
                           bar_format="{desc}: {percentage:3.0f}%|{bar}| {n:.0f}/{total:.0f} s "
                                      "[{elapsed}<{remaining}]")
            bar.update(t - bar.n)  # tqdm redraws at most ten times a second
    elif callable(progress):
        cb = progress
    try:
        r = _core.paths_json(json.dumps(req), cb)
    except ValueError as e:
        raise _refused(req["constellation"], str(e)) from None
    finally:
        if bar is not None:
            bar.close()
    pair_idx = _column(r["pair"])
    canon = [tuple(p) for p in r["pairs"]]  # as the stations are named ("new york" -> "New-York")
    src = pa.array([canon[i][0] for i in pair_idx], pa.string()) if len(pair_idx) else pa.array([], pa.string())
    dst = pa.array([canon[i][1] for i in pair_idx], pa.string()) if len(pair_idx) else pa.array([], pa.string())
    table = pa.table({
        "t_s": _column(r["t_s"]),
        "pair": pair_idx,
        "src": src,
        "dst": dst,
        "rtt_ms": _column(r["rtt_s"]) * 1e3,
        "hops": _column(r["hops"]),
        "changed": _column(r["changed"]),
        "path": pa.array(r["path"], pa.string()),
    })
    return Paths(table=table, pairs=canon, step_s=r["step_s"], routing_steps=r["routing_steps"],
                 handovers=r["handovers"], satellites=r["satellites"], ground_stations=list(r["ground_stations"]))


def _refused(constellation: Any, core_message: str) -> ScenarioError:
    """A constellation the core refused: the schema's first mistake in the section, which
    names the field (serde's own type errors name only `constellation`)."""
    if not core_message.startswith("constellation"):
        return ScenarioError(core_message)
    from .scenario import section_refused

    return section_refused("constellation", constellation, core_message)


def positions(constellation: dict, times_s: Iterable[float]) -> tuple[list[str], np.ndarray]:
    """Inertial (TEME) positions in metres of every satellite at each time: names and an
    array of shape (times, satellites, 3)."""
    times = [float(t) for t in times_s]
    try:
        names, data = _core.positions_json(json.dumps(constellation), times)
    except ValueError as e:
        raise _refused(constellation, str(e)) from None
    return names, np.frombuffer(data, dtype=np.float64).reshape(len(times), len(names), 3)


def check(constellation: Any) -> dict:
    """Check a constellation section (every field, the TLEs, the cities) without
    moving it: {"satellites", "shells", "ground_stations"}; ScenarioError names the field."""
    limits.check_tree(constellation, "constellation")
    try:
        names, _ = _core.positions_json(json.dumps(constellation), [])
    except ValueError as e:
        raise _refused(constellation, str(e)) from None
    return {"satellites": len(names), "shells": len(constellation["shells"]),
            "ground_stations": len(constellation.get("ground_stations", []))}


def write(p: Paths, out: Path, *, plots: bool = True) -> list[Path]:
    """OUT/paths.parquet, OUT/paths.json (per-pair summary) and OUT/paths.png."""
    import pyarrow.parquet as pq

    out.mkdir(parents=True, exist_ok=True)
    pq.write_table(p.table, out / "paths.parquet")
    (out / "paths.json").write_text(json.dumps(p.summary(), indent=1) + "\n")
    files = [out / "paths.parquet", out / "paths.json"]
    if plots:
        from .plot import plot_paths

        files.append(plot_paths(p, out / "paths.png"))
    return files
