"""Run one simulation and store its results (summary.json plus Parquet tables)."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import weakref
from dataclasses import dataclass
from pathlib import Path

from . import _core
from ._lazy import LazyModule
from .scenario import Scenario, ScenarioError, _check_finite, refused

np = LazyModule("numpy")
pa = LazyModule("pyarrow")
pq = LazyModule("pyarrow.parquet")


@dataclass
class RunResult:
    """The outcome of one run.

    summary: per-flow, per-link and whole-run metrics (summary.json).
    queue: sampled queue length and utilization per monitored link direction.
    flows: sampled cwnd, in-order sequence number and goodput per flow.
    drops: every dropped packet, when the scenario sets monitor.drop_trace.
    feedback: every update of the router schemes (aggregate window, RTT_avg, active
    flows, queue).
    packets: every packet arriving intact at the far end of a link direction the
    scenario captures (monitor.capture); `satcc.pcap.write` makes a pcap file of it.
    paths: on a moving constellation (with monitor.flow_traces), each flow's path at
    every routing instant: propagation RTT, hops, whether it changed.
    pings: each answered echo request of a ping flow (transport: ping): when its reply
    arrived, its number, the round trip and the two one-way delays (ms).
    events_by_kind: the summary's event count by kind ("link arrivals", "pacing
    wake-ups", "retransmission timers", ...): how the engine spent the run, not a
    result (not in summary.json).
    """

    summary: dict
    summary_json: str
    queue: pa.Table
    flows: pa.Table
    drops: pa.Table
    feedback: pa.Table
    scenario: dict
    packets: pa.Table | None = None
    paths: pa.Table | None = None
    events_by_kind: dict | None = None
    pings: pa.Table | None = None

    def close(self) -> None:
        """Remove now the files a streamed run's tables are read from (a run whose series
        outgrew STREAM_ROWS), which is otherwise done when the result is collected or the
        interpreter exits. The tables stay readable (the files are mapped)."""
        cleanup = getattr(self, "_cleanup", None)
        if cleanup is not None:
            cleanup()

    def write(self, out_dir: str | Path) -> Path:
        out = Path(out_dir)
        out.mkdir(parents=True, exist_ok=True)
        _atomic_write_text(out / "summary.json", self.summary_json + "\n")
        _atomic_write_text(out / "scenario.json", json.dumps(self.scenario, indent=1, sort_keys=True) + "\n")
        for name, table in (("queue", self.queue), ("flows", self.flows), ("drops", self.drops),
                            ("feedback", self.feedback)):
            tmp = out / f".{name}.parquet.tmp"
            pq.write_table(table, tmp)
            os.replace(tmp, out / f"{name}.parquet")
        for name, table in (("packets", self.packets), ("paths", self.paths), ("pings", self.pings)):
            if table is not None and table.num_rows:
                tmp = out / f".{name}.parquet.tmp"
                pq.write_table(table, tmp)
                os.replace(tmp, out / f"{name}.parquet")
        return out


def _atomic_write_text(path: Path, text: str) -> None:
    """Write beside `path`, then rename: readers see the old file or the new, whole. The
    file gets the mode every output of satcc gets, the user's umask (0644 for 022)."""
    tmp = path.parent / f".{path.name}.{os.getpid()}.tmp"
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


# the Arrow type of each column type of the core (metrics/series.rs), and how its bytes
# read (native order); indexes into the run's names (kind link, flow, drop_cause) become
# dictionary-encoded strings
#: The core's column types (each has an Arrow and a numpy type below).
_DTYPES = ("f64", "u32", "i64", "bool", "u8")


def _arrow_type(dtype: str):
    return {"f64": pa.float64, "u32": pa.int32, "i64": pa.int64, "bool": pa.bool_, "u8": pa.int32}[dtype]()


def _numpy_type(dtype: str):
    return {"f64": np.float64, "u32": np.uint32, "i64": np.int64, "bool": np.bool_, "u8": np.uint8}[dtype]


_INT32_MAX = 2**31 - 1


def _arrow(values, dtype: str, valid=None) -> pa.Array:
    """An Arrow array of the column type `dtype` over a numpy array of its values (the
    core's bytes as they read), built from the buffers: `pa.array` on a numpy array
    imports numpy.ma (20 ms of every `satcc run`), and a cast imports pyarrow.compute
    (40 ms). `valid`: a mask of the rows that are not null, or None."""
    n, t = len(values), _arrow_type(dtype)
    if dtype == "bool":
        data = np.packbits(values, bitorder="little")
    elif t == pa.int32():
        if n and int(values.max()) > _INT32_MAX:  # as pa.array's safe conversion refuses
            raise ValueError(f"a {dtype} column holds {int(values.max())}, beyond Arrow's int32")
        data = values.astype(np.int32, copy=False)
    else:
        data = values
    bitmap = None if valid is None else pa.py_buffer(np.packbits(valid, bitorder="little"))
    return pa.Array.from_buffers(t, n, [bitmap, pa.py_buffer(data)],
                                 null_count=-1 if valid is None else int(n - np.count_nonzero(valid)))


def _column(kind: str, dtype: str, values: bytes, dictionaries: dict) -> pa.Array:
    arr = np.frombuffer(values, _numpy_type(dtype))
    if kind != "plain":
        # the core writes u32::MAX for "none" (a drop at the sender's ground station,
        # which no link carried): a null
        none = arr == np.iinfo(arr.dtype).max
        keys = _arrow(np.where(none, 0, arr).astype(np.int32), "u32", ~none if none.any() else None)
        return pa.DictionaryArray.from_arrays(keys, dictionaries[kind])
    return _arrow(arr, dtype)


def _table(cols: list, dictionaries: dict) -> pa.Table:
    """A time series table from the core's named columns, in their order."""
    return pa.table({name: _column(kind, dtype, values, dictionaries) for name, kind, dtype, values in cols})


# What a run may need before satcc refuses it (docs/limits.md): memory, and events
# (about 10 million a second on one core, so the default is some three hours).
# SATCC_MEMORY_BUDGET ("8G", "500M", bytes) and SATCC_EVENT_BUDGET ("1e12") raise them;
# so do satcc.run(..., memory_budget=, event_budget=) and the command line's
# --memory-budget and --event-budget.
DEFAULT_MEMORY_BUDGET = 4 * 2**30
DEFAULT_EVENT_BUDGET = 1e11
_UNITS = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}


class BudgetError(ScenarioError):
    """A run whose estimate is over the memory or event budget; the message says which
    settings drive the estimate and how to raise the budget."""


def parse_size(text: str | float | int, what: str) -> float:
    """A budget as written: a number, or a number with K, M, G or T (powers of 1024)."""
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        v = float(text)
    else:
        t = str(text).strip().upper().removesuffix("B")
        unit = t[-1:] if t[-1:] in _UNITS and t[-1:] != "" else ""
        try:
            v = float(t[: len(t) - len(unit)]) * _UNITS[unit]
        except ValueError:
            raise ScenarioError(f"{what}: must be a number, or a number with K, M, G or T, got {text!r}") from None
    if not (v > 0 and v < float("inf")):
        raise ScenarioError(f"{what}: must be a positive number, got {text!r}")
    return v


def budgets(memory_budget=None, event_budget=None) -> tuple[float, float]:
    """The budgets in force: the arguments, else the environment, else the defaults."""
    mem = memory_budget if memory_budget is not None else os.environ.get("SATCC_MEMORY_BUDGET")
    ev = event_budget if event_budget is not None else os.environ.get("SATCC_EVENT_BUDGET")
    return (DEFAULT_MEMORY_BUDGET if mem is None else parse_size(mem, "memory budget (SATCC_MEMORY_BUDGET)"),
            DEFAULT_EVENT_BUDGET if ev is None else parse_size(ev, "event budget (SATCC_EVENT_BUDGET)"))


def estimate(scenario: Scenario | dict) -> dict:
    """What a run of the scenario will need, estimated without building it:
    {"memory_bytes", "events", "memory": [parts], "event_parts": [parts]}, each part
    {"what", "amount", "settings"}, largest first (satcc_core::sim::budget)."""
    d = scenario.to_dict() if isinstance(scenario, Scenario) else scenario
    try:
        return json.loads(_core.estimate_json(json.dumps(d)))
    except ValueError as e:
        raise refused(d, str(e)) from None


# A run estimated at more events than this (some seconds of work) shows a progress bar
# when run(progress=True), as the command line does.
PROGRESS_BAR_EVENTS = 5e7


def _bar(d: dict):
    """A progress bar over simulated seconds (on stderr), or None for a short run."""
    try:
        if estimate(d)["events"] < PROGRESS_BAR_EVENTS:
            return None, None
    except ScenarioError:
        return None, None  # the run itself says what is wrong
    from tqdm import tqdm

    bar = tqdm(total=float(d["duration_s"]), unit="s simulated", leave=False, dynamic_ncols=True,
               bar_format="{l_bar}{bar}| {n:.4g}/{total:.4g} s simulated [{elapsed}<{remaining}]")

    def tick(now_s: float) -> None:
        bar.update(now_s - bar.n)

    return bar, tick


# Series rows a run holds in memory before it streams them to disk (some 50 MB): the
# papers' runs stay well below and never touch the disk; a long run's series go to
# Arrow files as they are made, and its RunResult maps them from disk.
STREAM_ROWS = 1 << 20


class _Spool:
    """The sink of a run's series: each chunk the core hands over goes to an Arrow IPC
    file per table, in a directory made on the first chunk (removed with the result)."""

    def __init__(self, where: str | Path | None):
        self.where = where
        self.dir: Path | None = None
        self.writers: dict = {}
        self.dictionaries: dict | None = None

    def __call__(self, raw: dict) -> None:
        if self.dir is None:
            base = Path(self.where) if self.where is not None else Path(tempfile.gettempdir())
            base.mkdir(parents=True, exist_ok=True)
            self.dir = Path(tempfile.mkdtemp(prefix=".satcc-series-", dir=base))
            self.dictionaries = _dictionaries(raw)
        for name, cols in raw["tables"].items():
            t = _table(cols, self.dictionaries)
            if name not in self.writers:
                self.writers[name] = pa.ipc.new_file(str(self.dir / f"{name}.arrow"), t.schema)
            self.writers[name].write_table(t)

    def finish(self, raw: dict) -> dict:
        """The whole tables, mapped from disk (the last chunk written first)."""
        self(raw)
        for w in self.writers.values():
            w.close()
        return {name: pa.ipc.open_file(pa.memory_map(str(self.dir / f"{name}.arrow"))).read_all()
                for name in self.writers}


def _dictionaries(raw: dict) -> dict:
    return {"link": pa.array(raw["link_names"], pa.string()),
            "flow": pa.array(raw["flow_names"], pa.string()),
            "drop_cause": pa.array(raw["drop_causes"], pa.string())}


def run(scenario: Scenario | dict, *, memory_budget=None, event_budget=None, progress=None,
        stream_dir: str | Path | None = None) -> RunResult:
    """Validate and run one scenario; raises ScenarioError if it is invalid, and
    BudgetError if its estimated memory or events are over the budgets (arguments,
    else SATCC_MEMORY_BUDGET / SATCC_EVENT_BUDGET, else 4 GiB and 1e11 events).

    progress: a callable told the simulated time (seconds) now and then, or True for a
    progress bar on stderr when the run is long. Ctrl-C stops a run (KeyboardInterrupt).

    A run whose time series outgrow STREAM_ROWS rows streams them to Arrow files in a
    temporary directory under `stream_dir` (default: the system's), removed when the
    result is; its tables are then mapped from disk, not held in memory."""
    d = scenario.to_dict() if isinstance(scenario, Scenario) else scenario
    if not isinstance(d, dict):
        raise ScenarioError(f"scenario: must be a table of fields, got {type(d).__name__}")
    _check_finite(d, [])
    mem, events = budgets(memory_budget, event_budget)
    bar, tick = _bar(d) if progress is True else (None, progress or None)
    try:  # the core checks the whole scenario, and its estimate, as it builds, once
        spool = _Spool(stream_dir)
        raw = _core.run_json(json.dumps(d), tick, mem, events, spool, STREAM_ROWS)
    except BaseException as e:
        if spool.dir is not None:
            shutil.rmtree(spool.dir, ignore_errors=True)
        if isinstance(e, ValueError):
            if str(e).startswith("this run would "):
                raise BudgetError(str(e)) from None
            raise refused(d, str(e)) from None
        raise
    finally:
        if bar is not None:
            bar.close()
    if spool.dir is not None:
        tables = spool.finish(raw)
    else:
        tables = {name: _table(cols, _dictionaries(raw)) for name, cols in raw["tables"].items()}
    result = RunResult(json.loads(raw["summary"]), raw["summary"], tables["queue"], tables["flows"], tables["drops"],
                       tables["feedback"], d, tables["packets"], tables.get("paths"),
                       dict(raw.get("events_by_kind") or []), tables.get("pings"))
    if spool.dir is not None:
        result._cleanup = weakref.finalize(result, shutil.rmtree, str(spool.dir), True)
    return result
