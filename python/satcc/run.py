"""Run one simulation and store its results (summary.json plus Parquet tables)."""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from . import _core
from .scenario import Scenario, ScenarioError, validate


@dataclass
class RunResult:
    """The outcome of one run.

    summary: per-flow, per-link and whole-run metrics (summary.json).
    queue: sampled queue length and utilization per monitored link direction.
    flows: sampled cwnd, in-order sequence number and goodput per flow.
    drops: every dropped packet, when the scenario sets monitor.drop_trace.
    feedback: every update of the router schemes (aggregate window, RTT_avg, active
    flows, queue).
    """

    summary: dict
    summary_json: str
    queue: pa.Table
    flows: pa.Table
    drops: pa.Table
    feedback: pa.Table
    scenario: dict

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
        return out


def _atomic_write_text(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def run(scenario: Scenario | dict) -> RunResult:
    """Validate and run one scenario; raises ScenarioError if it is invalid."""
    d = scenario.to_dict() if isinstance(scenario, Scenario) else scenario
    validate(d)
    try:
        raw = _core.run_json(json.dumps(d))
    except ValueError as e:
        raise ScenarioError(str(e)) from None
    links = raw["link_names"]
    flows = raw["flow_names"]
    q = raw["queue"]
    f = raw["flows"]
    queue = pa.table({
        "time_s": pa.array(q["time_s"], pa.float64()),
        "link": pa.DictionaryArray.from_arrays(pa.array(q["link"], pa.int32()), pa.array(links, pa.string())),
        "queue_pkts": pa.array(q["queue_pkts"], pa.int32()),
        "utilization": pa.array(q["utilization"], pa.float64()),
    })
    ftab = pa.table({
        "time_s": pa.array(f["time_s"], pa.float64()),
        "flow": pa.DictionaryArray.from_arrays(pa.array(f["flow"], pa.int32()), pa.array(flows, pa.string())),
        "cwnd_pkts": pa.array(f["cwnd_pkts"], pa.float64()),
        "rwnd_pkts": pa.array(f["rwnd_pkts"], pa.float64()),
        "seqno": pa.array(f["seqno"], pa.int64()),
        "goodput_mbps": pa.array(f["goodput_mbps"], pa.float64()),
    })
    dr = raw["drops"]
    drops = pa.table({
        "time_s": pa.array(dr["time_s"], pa.float64()),
        "link": pa.DictionaryArray.from_arrays(pa.array(dr["link"], pa.int32()), pa.array(links, pa.string())),
        "flow": pa.DictionaryArray.from_arrays(pa.array(dr["flow"], pa.int32()), pa.array(flows, pa.string())),
        "seqno": pa.array(dr["seqno"], pa.int64()),
        "ack": pa.array(dr["ack"], pa.bool_()),
        "cause": pa.DictionaryArray.from_arrays(pa.array(dr["cause"], pa.int32()),
                                                pa.array(raw["drop_causes"], pa.string())),
    })
    fb = raw["feedback"]
    feedback = pa.table({
        "time_s": pa.array(fb["time_s"], pa.float64()),
        "link": pa.DictionaryArray.from_arrays(pa.array(fb["link"], pa.int32()), pa.array(links, pa.string())),
        "aggregate_pkts": pa.array(fb["aggregate_pkts"], pa.float64()),
        "rtt_avg_s": pa.array(fb["rtt_avg_s"], pa.float64()),
        "active_flows": pa.array(fb["active_flows"], pa.int32()),
        "queue_pkts": pa.array(fb["queue_pkts"], pa.int32()),
    })
    return RunResult(json.loads(raw["summary"]), raw["summary"], queue, ftab, drops, feedback, d)
