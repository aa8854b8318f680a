"""The same sweep on a local Dask cluster of two worker processes gives the same
numbers as the local runner."""

import pytest

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
