"""Time series as the core declares them (metrics/series.rs): satcc.run builds each
Arrow table from the core's named columns, so a new column needs no Python change."""

import json

import numpy as np

import pyarrow as pa

import satcc
from satcc import _core
from satcc.run import _DTYPES, _arrow_type, _numpy_type
from satcc.topology.leo import refwa_network


def _scenario():
    sc = refwa_network([2, 2], scheme="refwa", duration_s=3, uplink_per=0.02).to_dict()
    sc["monitor"]["drop_trace"] = True
    sc["monitor"]["capture"] = ["S2->S1"]
    # a ping flow beside the others, so that the pings table is filled too
    f = sc["flows"][0]
    sc["flows"].append({"name": "ping", "src": f["src"], "dst": f["dst"], "transport": "ping",
                        "traffic": {"type": "pings", "every_s": 0.1}})
    return sc


def test_each_table_has_the_cores_columns_in_order_with_known_types():
    sc = _scenario()
    raw = _core.run_json(json.dumps(sc))
    r = satcc.run(sc)
    assert set(raw["tables"]) == {"queue", "flows", "drops", "feedback", "packets", "paths", "pings"}
    for name, cols in raw["tables"].items():
        table = getattr(r, name)
        assert table.column_names == [c[0] for c in cols], name
        # paths: only runs on a moving constellation fill it (tests/test_leo_packets.py)
        assert table.num_rows > 0 or name == "paths", f"{name}: the scenario should fill every table"
        for col, kind, dtype, values in cols:
            assert dtype in _DTYPES, f"{name}.{col}: the core's type {dtype} has no Arrow type"
            arr = table.column(col)
            assert isinstance(values, bytes)  # the column's memory, read with numpy
            if kind == "plain":
                assert arr.type == _arrow_type(dtype)
                assert arr.to_pylist() == np.frombuffer(values, _numpy_type(dtype)).tolist()
            else:
                assert pa.types.is_dictionary(arr.type)


def test_name_columns_decode_to_the_runs_names():
    r = satcc.run(_scenario())
    links = {l["name"] for l in r.summary["links"]}
    flows = {f["name"] for f in r.summary["flows"]}
    assert set(r.queue.column("link").to_pylist()) <= links
    assert set(r.flows.column("flow").to_pylist()) == flows
    assert set(r.drops.column("cause").to_pylist()) <= {"overflow", "early", "error", "ttl"}
    assert "error" in set(r.drops.column("cause").to_pylist()), "link errors were traced"
