"""Run one simulation and store its results (summary.json plus Parquet tables)."""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from . import _core
from .scenario import Scenario, ScenarioError, _check_finite, refused


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
    """

    summary: dict
    summary_json: str
    queue: pa.Table
    flows: pa.Table
    drops: pa.Table
    feedback: pa.Table
    scenario: dict
    packets: pa.Table | None = None

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
        if self.packets is not None and self.packets.num_rows:
            tmp = out / ".packets.parquet.tmp"
            pq.write_table(self.packets, tmp)
            os.replace(tmp, out / "packets.parquet")
        return out


def _atomic_write_text(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


# the Arrow type of each column type of the core (metrics/series.rs), and how its bytes
# read (native order); indexes into the run's names (kind link, flow, drop_cause) become
# dictionary-encoded strings
_ARROW = {"f64": pa.float64(), "u32": pa.int32(), "i64": pa.int64(), "bool": pa.bool_(), "u8": pa.int32()}
_NUMPY = {"f64": np.float64, "u32": np.uint32, "i64": np.int64, "bool": np.bool_, "u8": np.uint8}


def _column(kind: str, dtype: str, values: bytes, dictionaries: dict) -> pa.Array:
    arr = np.frombuffer(values, _NUMPY[dtype])
    if kind != "plain":
        return pa.DictionaryArray.from_arrays(pa.array(arr, pa.int32()), dictionaries[kind])
    return pa.array(arr, _ARROW[dtype])


def _table(cols: list, dictionaries: dict) -> pa.Table:
    """A time series table from the core's named columns, in their order."""
    return pa.table({name: _column(kind, dtype, values, dictionaries) for name, kind, dtype, values in cols})


def run(scenario: Scenario | dict) -> RunResult:
    """Validate and run one scenario; raises ScenarioError if it is invalid."""
    d = scenario.to_dict() if isinstance(scenario, Scenario) else scenario
    if not isinstance(d, dict):
        raise ScenarioError(f"scenario: must be a table of fields, got {type(d).__name__}")
    _check_finite(d, [])
    try:  # the core checks the whole scenario as it builds, once
        raw = _core.run_json(json.dumps(d))
    except ValueError as e:
        raise refused(d, str(e)) from None
    dictionaries = {"link": pa.array(raw["link_names"], pa.string()),
                    "flow": pa.array(raw["flow_names"], pa.string()),
                    "drop_cause": pa.array(raw["drop_causes"], pa.string())}
    tables = {name: _table(cols, dictionaries) for name, cols in raw["tables"].items()}
    return RunResult(json.loads(raw["summary"]), raw["summary"], tables["queue"], tables["flows"], tables["drops"],
                     tables["feedback"], d, tables["packets"])
