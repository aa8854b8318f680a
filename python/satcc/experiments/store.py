"""The results store: one Parquet file per finished run, written atomically.

A run's file is written to a temporary name, flushed to disk, then renamed into
place, so killing the process at any moment leaves either the whole run or nothing.
Files are named by the run key (scenario content + seed + satcc version): a sweep
resumes by skipping the keys already present, and a changed scenario gets new keys.
Queries go through DuckDB over runs/*.parquet.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq

SCHEMA = pa.schema([
    ("key", pa.string()),
    ("experiment", pa.string()),
    ("point_id", pa.string()),
    ("seed", pa.int64()),
    ("satcc_version", pa.string()),
    ("metric", pa.string()),
    ("value", pa.float64()),
])


class Store:
    def __init__(self, root: str | Path):
        self.root = Path(root)
        self.runs = self.root / "runs"
        self.runs.mkdir(parents=True, exist_ok=True)
        for tmp in self.runs.glob(".*.tmp"):  # leftovers of a killed writer
            tmp.unlink(missing_ok=True)

    def path(self, key: str) -> Path:
        return self.runs / f"{key}.parquet"

    def has(self, key: str) -> bool:
        return self.path(key).exists()

    def keys(self) -> set[str]:
        return {p.stem for p in self.runs.glob("*.parquet")}

    def write(self, run, metrics: dict[str, float], summary_json: str | None = None) -> None:
        """Store one finished run atomically."""
        from .. import __version__

        names = sorted(metrics)
        table = pa.table({
            "key": [run.key] * len(names),
            "experiment": [run.experiment] * len(names),
            "point_id": [run.point_id] * len(names),
            "seed": [run.seed] * len(names),
            "satcc_version": [__version__] * len(names),
            "metric": names,
            "value": [float(metrics[n]) for n in names],
        }, schema=SCHEMA)
        final = self.path(run.key)
        tmp = self.runs / f".{run.key}.{os.getpid()}.tmp"
        with open(tmp, "wb") as f:
            pq.write_table(table, f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, final)
        if summary_json is not None:
            sdir = self.root / "summaries"
            sdir.mkdir(exist_ok=True)
            stmp = sdir / f".{run.key}.{os.getpid()}.tmp"
            stmp.write_text(summary_json)
            os.replace(stmp, sdir / f"{run.key}.json")

    def write_series(self, key: str, tables: dict[str, bytes]) -> None:
        """Store a run's time series (Parquet bytes by table name) atomically."""
        d = self.root / "series" / key
        d.mkdir(parents=True, exist_ok=True)
        for name, data in tables.items():
            tmp = d / f".{name}.{os.getpid()}.tmp"
            with open(tmp, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, d / f"{name}.parquet")

    def summary_json(self, key: str) -> str | None:
        """A stored run's summary.json text, if it was kept."""
        p = self.root / "summaries" / f"{key}.json"
        return p.read_text() if p.exists() else None

    def series(self, key: str, name: str):
        """A stored time-series table of a run (pyarrow Table), or None."""
        p = self.root / "series" / key / f"{name}.parquet"
        return pq.read_table(p) if p.exists() else None

    def query(self, sql: str, params: list | None = None):
        """Run SQL with the runs available as the view `runs`."""
        con = duckdb.connect()
        if any(self.runs.glob("*.parquet")):
            pattern = str(self.runs / "*.parquet").replace("'", "''")
            con.execute(f"CREATE VIEW runs AS SELECT * FROM read_parquet('{pattern}')")
        else:
            con.execute("CREATE VIEW runs AS SELECT * FROM (SELECT NULL::VARCHAR AS key, NULL::VARCHAR AS experiment, "
                        "NULL::VARCHAR AS point_id, NULL::BIGINT AS seed, NULL::VARCHAR AS satcc_version, "
                        "NULL::VARCHAR AS metric, NULL::DOUBLE AS value) WHERE false")
        return con.execute(sql, params or [])

    def values(self, keys: list[str]) -> list[tuple]:
        """(key, point_id, seed, metric, value) rows of the given runs."""
        if not keys:
            return []
        return self.query("SELECT key, point_id, seed, metric, value FROM runs WHERE key IN "
                          "(SELECT unnest(?)) ORDER BY point_id, metric, seed", [list(keys)]).fetchall()


def count_by_key(store: Store) -> dict[str, int]:
    """How many distinct stored runs carry each key (each must be 1)."""
    rows = store.query("SELECT key, count(DISTINCT seed) FROM runs GROUP BY key").fetchall()
    return {k: n for k, n in rows}


def dumps(obj) -> str:
    return json.dumps(obj, sort_keys=True)
