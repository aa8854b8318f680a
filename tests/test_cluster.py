"""The same sweep on a local Dask cluster of two worker processes gives the same
numbers as the local runner."""

import os
import sys
import time

import pytest
from sweeps import EXP, kill_group, make_catalog, start, stored

distributed = pytest.importorskip("distributed")  # a pinned dependency: present in CI

from satcc.experiments.api import reproduce  # noqa: E402
from satcc.experiments.store import Store, count_by_key  # noqa: E402


def table(store_dir):
    return {(k, m): v for k, _, _, m, v in Store(store_dir).query(
        "SELECT key, point_id, seed, metric, value FROM runs").fetchall()}


def test_dask_cluster_matches_local_runner(tmp_path):
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      host="127.0.0.1") as cluster:
        out, rep = reproduce("baseline.newreno-per-utilization", store=tmp_path / "dask", quick=True,
                             cluster=cluster.scheduler_address, quiet=True)
        assert out.done == out.total and rep["complete"]
        # both workers took part
        with distributed.Client(cluster.scheduler_address) as c:
            assert len(c.scheduler_info()["workers"]) == 2
    reproduce("baseline.newreno-per-utilization", store=tmp_path / "local", quick=True, jobs=2, quiet=True)
    a, b = table(tmp_path / "dask"), table(tmp_path / "local")
    assert a and a == b
    assert all(v == 1 for v in count_by_key(Store(tmp_path / "dask")).values())


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class _KillOnRun(distributed.WorkerPlugin):
    """Kills its worker process when a task starts on it: a run that the OOM killer ends."""

    def transition(self, key, start, finish, **kwargs):
        if finish == "executing":
            os._exit(9)


def test_a_run_that_kills_each_dask_worker_ends_the_sweep_in_one_line(tmp_path, capsys):
    """Dask gives up on a run whose workers all died (KilledWorker): the sweep says so in
    one line naming the run, exit 2, no traceback (it was distributed's)."""
    import cloudpickle
    import dask
    from distributed import LocalCluster

    from satcc.cli import main

    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    cat = make_catalog(tmp_path / "cat", points=2, seeds=1)
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}), \
            LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None,
                         host="127.0.0.1") as cluster:
        with distributed.Client(cluster.scheduler_address) as c:
            c.register_plugin(_KillOnRun())
        rc = main(["reproduce", EXP, "--catalog", str(cat), "--store", str(tmp_path / "store"),
                   "--cluster", cluster.scheduler_address])
    err = capsys.readouterr().err
    assert rc == 2, err
    lines = [x for x in err.splitlines() if x.startswith("satcc: error")]
    assert len(lines) == 1 and "killed each Dask worker that ran it" in lines[0] and f"{EXP} point" in lines[0], err
    assert "Traceback" not in err


def test_a_scheduler_lost_mid_sweep_ends_it_in_one_line_and_keeps_the_runs_done(tmp_path):
    """The scheduler killed while runs are in flight: one line, exit 2, no traceback (the
    client's reconnection attempts logged tracebacks), and the runs finished are stored."""
    import subprocess

    cat = make_catalog(tmp_path / "cat", points=4, seeds=2, duration_s=3000.0)  # runs of about 0.45 s (4.6 M events)
    store = tmp_path / "store"
    addr = f"tcp://127.0.0.1:{_free_port()}"
    procs = []
    try:
        procs.append(subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                                       "--port", addr.rsplit(":", 1)[1], "--no-dashboard"],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True))
        procs.append(subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", addr, "--nworkers", "1",
                                       "--nthreads", "1", "--no-dashboard"],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True))
        with distributed.Client(addr, timeout="60s") as c:
            c.wait_for_workers(1, timeout=60)
        p = start(cat, store, "--cluster", addr)
        procs.append(p)
        end = time.monotonic() + 120
        while not list((store / "runs").glob("*.parquet")) if (store / "runs").exists() else True:
            assert time.monotonic() < end and p.poll() is None, "no run stored"
            time.sleep(0.05)
        kill_group(procs[0].pid)
        _, err = p.communicate(timeout=120)
        assert p.returncode == 2, err
        lines = [x for x in err.splitlines() if x.startswith("satcc: error")]
        assert len(lines) == 1 and f"lost the Dask scheduler at {addr}" in lines[0], err
        assert "Traceback" not in err
        partial = stored(store)
        assert 0 < len(partial) < 8 and all(s is not None for s, _ in partial.values())
    finally:
        for q in procs:
            kill_group(q.pid)
