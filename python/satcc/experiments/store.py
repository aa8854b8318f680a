"""The results store: each finished run stored whole, or not at all.

A run is its summary (summaries/KEY.json), its time series when kept
(series/KEY/*.parquet) and its metrics (runs/KEY.parquet), written in that order, each
to a temporary name, flushed and renamed into place: the metrics file is written last
and is the run's commit. A run counts as stored only when its metrics file and its
summary are both there, so a writer killed (or out of disk space) at any moment leaves
either the whole run or a part that the next sweep redoes. Files are named by the run key
(scenario content + seed + satcc version): a sweep resumes by skipping the keys
already stored, and two sweeps sharing a store write identical files for a run both make.

A run belongs to every experiment whose grid builds its scenario (the catalog's Table III
studies share many): it is simulated once, and each experiment keeps its own metrics of
it, runs/KEY.EXPERIMENT.parquet (experiments compute different metrics from the same
summary). An experiment that finds a run another one stored derives its metrics from the
stored summary (`add_metrics`) instead of simulating it again. A store written before
this layout has runs/KEY.parquet, one experiment's metrics (its `experiment` column).

Temporary files are named .KEY.HOST.PID.tmp; opening a store removes only those whose
writer is gone (same host, process no longer alive), never another live sweep's. A
metrics file that cannot be read (truncated, empty, not Parquet, another schema) is
moved to quarantine/ with a one-line warning, and its run is redone by the next sweep.
Queries go through DuckDB over runs/*.parquet.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import socket
import sys
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


_HOST = socket.gethostname().replace(".", "_")


def _tmp_name(stem: str) -> str:
    return f".{stem}.{_HOST}.{os.getpid()}.tmp"


def _writer_gone(tmp: Path) -> bool:
    """A temporary file whose writer (this host, that pid) no longer runs."""
    parts = tmp.name.split(".")
    if len(parts) < 5 or parts[-3] != _HOST or not parts[-2].isdigit():
        return False  # another host's (a cluster), or not ours: leave it
    try:
        os.kill(int(parts[-2]), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


def _write_atomic(final: Path, data: bytes) -> None:
    """Write `data` to a temporary name beside `final`, flush it to disk, rename it into
    place; on any failure (a full disk) remove the temporary file and raise."""
    tmp = final.parent / _tmp_name(final.name)
    try:
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, final)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


class Store:
    def __init__(self, root: str | Path):
        self.root = Path(root)
        self.runs = self.root / "runs"
        self.runs.mkdir(parents=True, exist_ok=True)
        self._legacy: dict[str, str] | None = None
        for d in (self.runs, self.root / "summaries", *(self.root / "series").glob("*")):
            for tmp in d.glob(".*.tmp") if d.is_dir() else ():
                if _writer_gone(tmp):  # leftovers of a killed writer, never a live one's
                    tmp.unlink(missing_ok=True)

    def path(self, key: str, experiment: str) -> Path:
        """The file of an experiment's metrics of a run."""
        return self.runs / f"{key}.{_file_id(experiment)}.parquet"

    def has(self, key: str) -> bool:
        """The run is stored whole (a metrics file and its summary): it need not be
        simulated again."""
        return any(self.runs.glob(f"{key}*.parquet")) and (self.root / "summaries" / f"{key}.json").exists()

    def keys(self) -> set[str]:
        """The keys of the runs stored whole (metrics of some experiment, and summary)."""
        return set(self.owners())

    def keys_of(self, experiment: str) -> set[str]:
        """The keys of the runs stored whole with this experiment's metrics."""
        fid = _file_id(experiment)
        return {k for k, who in self.owners().items() if fid in who}

    def owners(self) -> dict[str, set[str]]:
        """Every run stored whole, and whose metrics of it are stored (experiment ids as
        in file names), from one listing of the store."""
        summaries = {p.stem for p in (self.root / "summaries").glob("*.json")}
        out: dict[str, set[str]] = {}
        for p in self.runs.glob("*.parquet"):
            key, _, fid = p.stem.partition(".")
            if key not in summaries:
                continue
            if not fid:  # the earlier layout: whose metrics is in the file
                owner = self._legacy_owners().get(key)
                if owner is None:
                    continue
                fid = _file_id(owner)
            out.setdefault(key, set()).add(fid)
        return out

    def _legacy_owners(self) -> dict[str, str]:
        """The runs stored in the earlier layout (runs/KEY.parquet) and whose metrics
        each holds (its `experiment` column), read once per Store."""
        if self._legacy is None:
            self._legacy = {}
            for p in self.runs.glob("*.parquet"):
                if "." in p.stem:
                    continue
                try:
                    owner = pq.read_table(p, columns=["experiment"]).column(0)
                except Exception:  # noqa: BLE001 - unreadable: quarantine_bad's business
                    continue
                if len(owner):
                    self._legacy[p.stem] = owner[0].as_py()
        return self._legacy

    def has_series(self, key: str) -> bool:
        return (self.root / "series" / key).is_dir() and any((self.root / "series" / key).glob("*.parquet"))

    def write(self, run, metrics: dict[str, float], summary_json: str,
              series: dict[str, bytes] | None = None) -> None:
        """Store one finished run whole: summary, series, then the metrics file (the commit)."""
        sdir = self.root / "summaries"
        sdir.mkdir(exist_ok=True)
        _write_atomic(sdir / f"{run.key}.json", summary_json.encode())
        if series:
            self.write_series(run.key, series)
        self.add_metrics(run, metrics)

    def add_metrics(self, run, metrics: dict[str, float]) -> None:
        """Store an experiment's metrics of a run whose summary is stored (by this
        experiment's sweep, or by another experiment that shares the run)."""
        import io

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
        buf = io.BytesIO()
        pq.write_table(table, buf)
        _write_atomic(self.path(run.key, run.experiment), buf.getvalue())

    def write_series(self, key: str, tables: dict[str, bytes]) -> None:
        """Store a run's time series (Parquet bytes by table name), each file atomically."""
        d = self.root / "series" / key
        d.mkdir(parents=True, exist_ok=True)
        for name, data in tables.items():
            _write_atomic(d / f"{name}.parquet", data)

    def summary_json(self, key: str) -> str | None:
        """A stored run's summary.json text, if it was kept."""
        p = self.root / "summaries" / f"{key}.json"
        return p.read_text() if p.exists() else None

    def series(self, key: str, name: str):
        """A stored time-series table of a run (pyarrow Table), or None."""
        p = self.root / "series" / key / f"{name}.parquet"
        return pq.read_table(p) if p.exists() else None

    def quarantine_bad(self, deep: bool = True) -> list[Path]:
        """Move every metrics file that cannot be read as a run (truncated, empty, not
        Parquet, another schema) to quarantine/, with a one-line warning each; their runs
        are then missing, and the next sweep redoes them. `deep=False` reads each file's
        footer and schema only (what a sweep checks before it starts: milliseconds per
        thousand runs); `deep` reads the data too."""
        moved = []
        for p in sorted(self.runs.glob("*.parquet")):
            try:
                ok = pq.read_schema(p).equals(SCHEMA)
                if ok and deep:
                    pq.read_table(p)
            except Exception:  # noqa: BLE001 - any unreadable file is quarantined
                ok = False
            if not ok:
                qdir = self.root / "quarantine"
                qdir.mkdir(exist_ok=True)
                try:
                    os.replace(p, qdir / p.name)
                except FileNotFoundError:
                    continue  # another sweep moved it first
                print(f"satcc: warning: {p} is not a readable run; moved to {qdir}/ (its run will be redone)",
                      file=sys.stderr)
                moved.append(p)
        return moved

    def _connect(self):
        con = duckdb.connect()
        if any(self.runs.glob("*.parquet")):
            pattern = str(self.runs / "*.parquet").replace("'", "''")
            con.execute(f"CREATE VIEW runs AS SELECT * FROM read_parquet('{pattern}')")
        else:
            con.execute("CREATE VIEW runs AS SELECT * FROM (SELECT NULL::VARCHAR AS key, NULL::VARCHAR AS experiment, "
                        "NULL::VARCHAR AS point_id, NULL::BIGINT AS seed, NULL::VARCHAR AS satcc_version, "
                        "NULL::VARCHAR AS metric, NULL::DOUBLE AS value) WHERE false")
        return con

    def query(self, sql: str, params: list | None = None):
        """Run SQL with the runs available as the view `runs`. A file DuckDB cannot read
        is quarantined (quarantine_bad) and the query run again. A Ctrl-C during the
        query is a KeyboardInterrupt, as anywhere else (DuckDB takes the signal and
        raises RuntimeError('Query interrupted'), which the CLI would print whole)."""
        for attempt in range(3):
            try:
                return self._connect().execute(sql, params or [])
            except RuntimeError as e:
                if str(e) == "Query interrupted":
                    raise KeyboardInterrupt from None
                raise
            except (duckdb.Error, OSError):
                if attempt == 2 or not self.quarantine_bad():
                    raise

    def values(self, keys: list[str], experiment: str) -> list[tuple]:
        """(key, point_id, seed, metric, value) rows of the given runs: `experiment`'s
        metrics of them (once each, should a run's metrics be stored twice)."""
        if not keys:
            return []
        return self.query("SELECT key, any_value(point_id) AS pid, seed, metric, any_value(value) FROM runs "
                          "WHERE experiment = ? AND key IN (SELECT unnest(?)) GROUP BY key, seed, metric "
                          "ORDER BY pid, metric, seed", [experiment, list(keys)]).fetchall()


def _file_id(experiment: str) -> str:
    """An experiment id as a file name part (registered ids already are one)."""
    if re.fullmatch(r"[a-z0-9][a-z0-9._-]*", experiment):
        return experiment
    return "x-" + hashlib.sha256(experiment.encode()).hexdigest()[:16]


def count_by_key(store: Store) -> dict[str, int]:
    """How many distinct stored runs carry each key (each must be 1)."""
    rows = store.query("SELECT key, count(DISTINCT seed) FROM runs GROUP BY key").fetchall()
    return {k: n for k, n in rows}


def dumps(obj) -> str:
    return json.dumps(obj, sort_keys=True)
