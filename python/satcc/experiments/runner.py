"""Run an experiment's missing runs: in local processes (default: all cores) or on a
Dask cluster, storing each finished run atomically as it arrives."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from tqdm import tqdm

from .definition import Experiment, ExperimentError, Run, standard_metrics
from .store import Store, _file_id


def _worker_init(parent: int) -> None:
    """In each local worker: die with the parent (Linux PR_SET_PDEATHSIG, so a SIGKILL of
    the sweep leaves no worker behind), and leave Ctrl-C to the parent, which stops the
    workers itself (no KeyboardInterrupt tracebacks from them)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        import ctypes

        PR_SET_PDEATHSIG = 1
        try:
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)


def run_one(scenario_json: str, series: bool = False) -> tuple[str, dict | None]:
    """Worker task: one simulation (within the memory and event budgets of the
    environment); returns its summary.json text and, if asked, its time series as
    Parquet bytes by table name."""
    from satcc.run import budgets, run

    if not series:
        from satcc import _core
        from satcc.run import BudgetError

        try:
            # the series are dropped as they are made: memory stays flat on long runs
            return _core.run_json(scenario_json, None, *budgets(), series=False)["summary"], None
        except ValueError as e:
            if str(e).startswith("this run would "):
                raise BudgetError(str(e)) from None
            raise
    import io

    import pyarrow.parquet as pq

    r = run(json.loads(scenario_json))
    tables = {}
    for name in ("queue", "flows", "feedback"):
        buf = io.BytesIO()
        pq.write_table(getattr(r, name), buf)
        tables[name] = buf.getvalue()
    return r.summary_json, tables


@dataclass
class Outcome:
    total: int
    already: int
    done: int
    interrupted: bool
    wall_s: float
    # runs another experiment had stored, whose metrics this sweep derived from the
    # stored summaries (counted in `already`)
    shared: int = 0
    # writing the reports after the sweep (satcc reproduce --all)
    reports_s: float = 0.0


@dataclass
class _Job:
    """One simulation and the experiments' runs it is (one or more: experiments share
    runs whose scenarios are equal)."""

    scenario: dict
    owners: list[tuple[Experiment, Run]]
    series: bool


def _store_result(store: Store, job: _Job, result: tuple[str, dict | None]) -> None:
    summary_json, tables = result
    summary = json.loads(summary_json)
    (exp, run), *others = job.owners
    store.write(run, (exp.metrics or standard_metrics)(summary, run.scenario), summary_json, series=tables)
    for exp, run in others:
        store.add_metrics(run, (exp.metrics or standard_metrics)(summary, run.scenario))


def _progress(total: int, initial: int, desc: str, quiet: bool):
    return tqdm(total=total, initial=initial, desc=desc, unit="run", file=sys.stderr,
                disable=quiet, mininterval=0.5, dynamic_ncols=True)


class _Progress:
    """The sweep's progress bar: runs done, or, given each run's expected cost, the
    share of the expected work done (runs differ a thousandfold in cost across the
    catalog, so a count of runs would make a poor time estimate), with the runs beside;
    the time left from the average rate since the start (a recent rate swings with each
    large run)."""

    def __init__(self, todo: list, total: int, already: int, desc: str, quiet: bool, cost=None):
        self.cost, self.runs, self.total, self.desc = cost, already, total, desc
        if cost is None:
            self.bar = _progress(total, already, desc, quiet)
        else:
            self.bar = tqdm(total=round(sum(cost(j) for j in todo), 2) or 1.0, desc=self._runs(), file=sys.stderr,
                            disable=quiet, mininterval=0.5, dynamic_ncols=True, smoothing=0,
                            bar_format="{desc}: {percentage:3.0f}%|{bar}| [{elapsed}<{remaining}]")

    def _runs(self) -> str:
        return f"{self.desc} ({self.runs}/{self.total} runs)"

    def update(self, job) -> None:
        if self.cost is None:
            self.bar.update(1)
            return
        self.runs += 1
        self.bar.set_description_str(self._runs(), refresh=False)
        self.bar.update(self.cost(job))

    def close(self) -> None:
        self.bar.close()


def run_experiment(exp: Experiment, store: Store, runs: list[Run], jobs: int | None = None,
                   cluster: str | None = None, quiet: bool = False) -> Outcome:
    """Run every run not yet in the store. Ctrl-C stops cleanly: finished runs stay."""
    return run_sweep([(exp, r) for r in runs], store, exp.id, jobs=jobs, cluster=cluster, quiet=quiet)


def run_sweep(items: list[tuple[Experiment, Run]], store: Store, desc: str, jobs: int | None = None,
              cluster: str | None = None, quiet: bool = False, cost=None) -> Outcome:
    """Run the experiments' runs not yet in the store, each distinct scenario once.
    A run stored already (by any experiment) is not simulated again: an experiment that
    lacks its metrics of it derives them from the stored summary, or, if it keeps the
    run's time series and the store has none, runs it again. Given `cost(job)`, each
    simulation's expected seconds, the largest go first (the last workers then do not
    finish alone) and the progress bar counts expected work. Ctrl-C stops cleanly:
    finished runs stay."""
    t0 = time.perf_counter()
    client = connect(cluster) if cluster else None  # fail fast, before any progress output
    store.quarantine_bad(deep=False)  # a bad file is set aside and its run redone
    owners = store.owners()  # key -> experiments whose metrics of it are stored
    # two grid points (or two experiments) can build the same scenario: each distinct
    # run is made once, and stored for each experiment it belongs to
    by_key: dict[str, _Job] = {}
    for e, r in items:
        job = by_key.get(r.key)
        if job is None:
            by_key[r.key] = _Job(r.scenario, [(e, r)], e.keeps_series(r))
        else:
            if all(o.id != e.id for o, _ in job.owners):
                job.owners.append((e, r))
            job.series = job.series or e.keeps_series(r)
    todo, shared = [], 0
    for key, job in by_key.items():
        have = owners.get(key, set())
        missing = [(e, r) for e, r in job.owners if _file_id(e.id) not in have]
        if not have or (job.series and not store.has_series(key)):
            job.owners = missing or job.owners
            todo.append(job)
        elif missing:
            summary_json = store.summary_json(key)
            summary = json.loads(summary_json)
            for e, r in missing:
                store.add_metrics(r, (e.metrics or standard_metrics)(summary, r.scenario))
            shared += 1
    if cost is not None:
        todo.sort(key=cost, reverse=True)
    already = len(by_key) - len(todo)
    done = 0
    bar = _Progress(todo, len(by_key), already, desc, quiet or not todo, cost)
    interrupted = False
    try:
        if not todo:
            pass
        elif client is not None:
            with _quiet_dask_client():
                done = _run_dask(store, todo, client, bar)
        elif (jobs or os.cpu_count() or 1) == 1:
            for job in todo:
                _store_result(store, job, run_one(json.dumps(job.scenario), job.series))
                done += 1
                bar.update(job)
        else:
            done = _run_local(store, todo, jobs or os.cpu_count() or 1, bar)
    except KeyboardInterrupt:
        stored = store.keys()
        done = sum(job.owners[0][1].key in stored for job in todo)
        interrupted = done < len(todo)  # Ctrl-C after the last run was stored loses nothing
    finally:
        bar.close()
        if client is not None:
            with _quiet_dask_client():
                client.close()
    return Outcome(len(by_key), already, done, interrupted, time.perf_counter() - t0, shared)


def _run_local(store, todo, jobs, bar) -> int:
    import multiprocessing as mp

    done = 0
    ex = ProcessPoolExecutor(max_workers=jobs, mp_context=mp.get_context("spawn"),
                             initializer=_worker_init, initargs=(os.getpid(),))
    pending = {}
    it = iter(todo)
    try:
        # keep a bounded number of runs in flight, so memory stays flat on huge sweeps.
        # The first submit starts the workers: they start with SIGINT ignored (inherited
        # across exec), so a Ctrl-C while they boot is the parent's alone to handle
        import signal

        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            for job in it:
                pending[ex.submit(run_one, json.dumps(job.scenario), job.series)] = job
                if len(pending) >= 2 * jobs:
                    break
        finally:
            signal.signal(signal.SIGINT, previous)
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                job = pending.pop(fut)
                _store_result(store, job, fut.result())
                done += 1
                bar.update(job)
                nxt = next(it, None)
                if nxt is not None:
                    pending[ex.submit(run_one, json.dumps(nxt.scenario), nxt.series)] = nxt
    except BrokenProcessPool:
        _abandon(ex)
        raise ExperimentError(
            f"a worker process died during a run (killed by a signal, or out of memory: `dmesg` tells); "
            f"the {done} runs finished before are stored, rerun the same command to do the rest. From a Python "
            "script, call satcc under `if __name__ == \"__main__\":` (each worker imports the script)") from None
    except BaseException:
        _abandon(ex)
        raise
    ex.shutdown(wait=True)
    return done


def _abandon(ex: ProcessPoolExecutor) -> None:
    """Stop now: the workers' runs in flight are abandoned (their files are never
    committed), and nothing waits on a worker that will not answer."""
    # (taken before shutdown, which drops the pool's references to them)
    procs = list((getattr(ex, "_processes", None) or {}).values())
    results = getattr(ex, "_result_queue", None)
    # the pool cancels what has not started (in its manager thread: a future cancelled
    # here instead would stay among its work items, and a broken pool, below, fails
    # every one of those; Python 3.11 then prints that thread's InvalidStateError)
    ex.shutdown(wait=False, cancel_futures=True)
    for pr in procs:
        pr.kill()
    for pr in procs:
        pr.join(timeout=5)
    # A worker killed while it wrote its result leaves part of a message in the result
    # pipe; the manager thread then waits for the rest, for ever, and the interpreter
    # cannot exit (it joins that thread: seen as a Ctrl-C'd sweep that never ended).
    # With the workers gone, the parent's own write end is the pipe's last: closing it
    # turns that wait into an end of file, which the thread takes for a broken pool.
    if results is not None:
        results._writer.close()


def connect(address: str, timeout_s: float = 10.0):
    """A Dask client for `address`, or an ExperimentError in one line."""
    try:
        from distributed import Client
    except ImportError:  # pragma: no cover - a pinned dependency
        raise ExperimentError("--cluster: the dask distributed package is not installed") from None
    try:
        return Client(address, timeout=f"{timeout_s}s")
    except (OSError, TimeoutError, ValueError) as e:
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise ExperimentError(f"--cluster: cannot reach the Dask scheduler at {address}: {first}") from None


def _run_dask(store, todo, client, bar) -> int:
    """The runs on a Dask cluster. A run that killed every worker that tried it
    (KilledWorker: out of memory, a signal) and a scheduler lost mid-sweep end the
    sweep in one line, as a worker's death does locally; the runs finished are stored."""
    from distributed import as_completed

    done = 0
    futures = []
    try:
        futures = client.map(run_one, [json.dumps(job.scenario) for job in todo],
                             [job.series for job in todo], pure=False)
        by_key = {f.key: job for f, job in zip(futures, todo)}
        for fut, result in as_completed(futures, with_results=True, raise_errors=False):
            job = by_key[fut.key]
            if fut.status != "finished":
                raise _dask_failure(fut.status, result, job, done, client) from None
            _store_result(store, job, result)
            done += 1
            bar.update(job)
    except BaseException:
        if client.status == "running":
            client.cancel(futures)
        raise
    return done


# What the client side of Dask logs, with tracebacks, when the scheduler goes away: the
# client's failed reconnections and, closing, its cancelled one (distributed.client); a
# result being gathered when the connection broke (tornado.application, from
# as_completed's task). The sweep says what happened in one line (_dask_failure).
_DASK_CLIENT_LOGGERS = ("distributed.client", "tornado.application")


@contextlib.contextmanager
def _quiet_dask_client():
    levels = [(log, log.level) for log in map(logging.getLogger, _DASK_CLIENT_LOGGERS)]
    for log, _ in levels:
        log.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for log, level in levels:
            log.setLevel(level)


def _dask_failure(status: str, result, job: _Job, done: int, client) -> BaseException:
    """What a future that did not finish means for the sweep: one line for a run that
    killed each worker that tried it or a scheduler lost (the client cancels what it can
    no longer follow); a run's own error otherwise, as locally. `result` is as_completed's
    (type, exception, traceback) for an error."""
    from distributed.scheduler import KilledWorker

    exp, run = job.owners[0]
    stored = f"the {done} runs finished before are stored, rerun the same command to do the rest"
    if status == "cancelled":
        return ExperimentError(f"--cluster: lost the Dask scheduler at {client.scheduler.address} during the "
                               f"sweep; {stored} once it is back")
    err = result[1]
    if isinstance(err, KilledWorker):
        return ExperimentError(
            f"--cluster: {exp.id} point {run.point_id} seed {run.seed} killed each Dask worker that ran it "
            f"(out of memory, or a signal: the workers' logs tell; Dask gives up after "
            f"distributed.scheduler.allowed-failures of them); {stored}")
    return err
