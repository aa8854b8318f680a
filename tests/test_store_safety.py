"""Issue 16, items 5-9: the results store and the runner. Two sweeps share a store; a
killed or interrupted sweep leaves no process behind and loses no finished run; a
full disk leaves whole runs or nothing; a bad file is set aside and its run redone.
The 20-kill and 10-pair crash-safety tests are in test_crash_safety.py (slow set)."""

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from satcc.experiments.store import Store, _tmp_name

from sweeps import (group_members, kill_group, make_catalog, start, stored, stray_tmp, wait_gone)


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """An uninterrupted sweep: what every other sweep must store."""
    root = tmp_path_factory.mktemp("ref")
    cat = make_catalog(root)
    p = start(cat, root / "store")
    out, err = p.communicate(timeout=300)
    assert p.returncode == 0, err
    runs = stored(root / "store")
    assert len(runs) == 18 and all(s is not None for s, _ in runs.values())
    return cat, runs


def test_opening_a_store_keeps_a_live_writers_temporary_file(tmp_path):
    runs = tmp_path / "s" / "runs"
    runs.mkdir(parents=True)
    live = runs / _tmp_name("a" * 32)  # this process: alive
    live.write_bytes(b"in progress")
    p = subprocess.Popen(["true"])
    p.wait()
    dead = runs / _tmp_name("b" * 32).replace(f".{os.getpid()}.", f".{p.pid}.")
    dead.write_bytes(b"left by a killed writer")
    other_host = runs / f".{'c' * 32}.elsewhere.{os.getpid()}.tmp"
    other_host.write_bytes(b"a cluster node's")
    Store(tmp_path / "s")
    assert live.exists() and other_host.exists() and not dead.exists()


def test_two_sweeps_on_one_store_both_finish_and_store_each_run_once(tmp_path, reference):
    cat, ref = reference
    store = tmp_path / "store"
    a = start(cat, store)
    time.sleep(1.0)
    b = start(cat, store)
    for p in (a, b):
        _, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
        assert "Traceback" not in err
    assert stored(store) == ref
    assert stray_tmp(store) == []


def _started_workers(p, store, timeout_s=60):
    """Wait until the sweep has stored a run (its workers are up)."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        if any((store / "runs").glob("*.parquet")):
            return
        time.sleep(0.05)
    raise AssertionError("the sweep stored nothing")


def test_killing_the_main_process_leaves_no_worker_behind(tmp_path, reference):
    cat, ref = reference
    store = tmp_path / "store"
    p = start(cat, store)
    _started_workers(p, store)
    os.kill(p.pid, signal.SIGKILL)
    p.communicate()
    try:
        left = wait_gone(p.pid)
        assert left == [], f"processes left behind: {left}"
    finally:
        kill_group(p.pid)
    q = start(cat, store)
    _, err = q.communicate(timeout=300)
    assert q.returncode == 0, err
    assert stored(store) == ref and stray_tmp(store) == []


def test_ctrl_c_stops_at_once_without_tracebacks_and_the_rerun_finishes(tmp_path, reference):
    cat, ref = reference
    store = tmp_path / "store"
    p = start(cat, store)
    _started_workers(p, store)
    os.killpg(p.pid, signal.SIGINT)  # a Ctrl-C goes to the whole foreground group
    t = time.monotonic()
    _, err = p.communicate(timeout=30)
    assert time.monotonic() - t < 15
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert p.returncode in (0, 130)
    if p.returncode == 130:
        assert "rerun the same command to finish" in err
    assert wait_gone(p.pid) == []
    q = start(cat, store)
    _, err = q.communicate(timeout=300)
    assert q.returncode == 0 and stored(store) == ref


def test_ctrl_c_after_the_last_run_is_not_an_interruption(tmp_path, reference, monkeypatch):
    from satcc.experiments import runner

    cat, ref = reference
    from satcc.experiments.registry import load_file

    exp = load_file(cat)[0]
    st = Store(tmp_path / "store")
    todo = exp.expand()
    real = runner._store_result

    def store_then_interrupt(s, job, res, _n=[0]):
        real(s, job, res)
        _n[0] += 1
        if _n[0] == len(todo):
            raise KeyboardInterrupt  # as if Ctrl-C came after the last run was stored

    monkeypatch.setattr(runner, "_store_result", store_then_interrupt)
    out = runner.run_experiment(exp, st, todo, jobs=1, quiet=True)
    assert not out.interrupted and out.done == len(todo)


class _FullDisk(OSError):
    pass


@pytest.mark.parametrize("fail_on", ["summary", "series", "metrics"])
def test_a_write_that_fails_leaves_no_part_of_the_run_that_counts(tmp_path, monkeypatch, fail_on):
    """A full disk while storing a run: what is on disk is never counted as the run, no
    temporary file is left, and a rerun stores it whole."""
    import errno

    from satcc.experiments import store as store_mod
    from satcc.experiments.definition import Run

    st = Store(tmp_path / "s")
    run = Run("e", {}, "{}", 1, {}, "k" * 32)
    real = store_mod._write_atomic

    def failing(final, data):
        kind = "summary" if final.suffix == ".json" else ("metrics" if final.parent.name == "runs" else "series")
        if kind == fail_on:
            tmp = final.parent / _tmp_name(final.name)
            tmp.write_bytes(data[: len(data) // 2])  # part written, then the disk is full
            try:
                raise _FullDisk(errno.ENOSPC, "No space left on device")
            finally:
                tmp.unlink()  # what _write_atomic does on failure
        return real(final, data)

    monkeypatch.setattr(store_mod, "_write_atomic", failing)
    with pytest.raises(OSError):
        st.write(run, {"m": 1.0}, '{"x": 1}', series={"queue": b"PAR1"})
    assert not st.has(run.key) and run.key not in st.keys()
    assert stray_tmp(st.root) == []
    monkeypatch.setattr(store_mod, "_write_atomic", real)
    st.write(run, {"m": 1.0}, '{"x": 1}', series={"queue": b"PAR1"})
    assert st.has(run.key) and st.summary_json(run.key) == '{"x": 1}'


def test_a_real_full_disk_stops_the_sweep_cleanly_and_the_rerun_completes(tmp_path, reference):
    """A small tmpfs as the store: the sweep fails with one line, leaves whole runs or
    nothing, and once there is room the rerun stores every run."""
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root (CI runs as root)")
    cat, ref = reference
    store = tmp_path / "store"
    store.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=48k", "tmpfs", str(store)], check=True)
    try:
        p = start(cat, store)
        _, err = p.communicate(timeout=300)
        assert p.returncode == 2, err
        lines = [x for x in err.splitlines() if x.startswith("satcc: error")]
        assert len(lines) == 1 and "No space left on device" in lines[0], err
        assert "Traceback" not in err
        assert stray_tmp(store) == []
        st = Store(store)
        partial = stored(store)
        assert set(partial) <= set(ref) and len(partial) < len(ref)
        assert {k.split(".", 1)[0] for k in partial} == st.keys()
        assert all(partial[k] == ref[k] for k in partial)
        subprocess.run(["mount", "-o", "remount,size=16m", str(store)], check=True)
        q = start(cat, store)
        _, err = q.communicate(timeout=300)
        assert q.returncode == 0, err
        assert stored(store) == ref and stray_tmp(store) == []
    finally:
        subprocess.run(["umount", "-l", str(store)], check=False)


@pytest.mark.parametrize("bad", ["truncated", "empty", "foreign"])
def test_a_bad_run_file_is_quarantined_and_its_run_redone(tmp_path, reference, bad):
    cat, ref = reference
    store = tmp_path / "store"
    p = start(cat, store)
    assert p.wait(timeout=300) == 0
    victim = sorted((store / "runs").glob("*.parquet"))[3]
    data = victim.read_bytes()
    if bad == "truncated":
        victim.write_bytes(data[: len(data) // 2])
    elif bad == "empty":
        victim.write_bytes(b"")
    else:
        pq.write_table(pa.table({"x": [1, 2, 3]}), victim)
    r = subprocess.run(["python", "-m", "satcc.cli", "report", "crash-test", "--catalog", str(cat), "--store",
                        str(store)], capture_output=True, text=True, timeout=300)
    warn = [x for x in r.stderr.splitlines() if "warning" in x]
    assert len(warn) == 1 and victim.name in warn[0] and "quarantine" in warn[0], r.stderr
    assert "Traceback" not in r.stderr
    assert (store / "quarantine" / victim.name).exists()
    q = start(cat, store)
    _, err = q.communicate(timeout=300)
    assert q.returncode == 0, err
    assert stored(store) == ref


def test_a_sweep_rerun_finds_a_run_stored_before_its_summary(tmp_path, reference):
    """An older satcc wrote the metrics file first: a run without its summary is not
    counted as stored, and the next sweep completes it."""
    cat, ref = reference
    store = tmp_path / "store"
    assert start(cat, store).wait(timeout=300) == 0
    victim = sorted((store / "summaries").glob("*.json"))[0]
    victim.unlink()
    q = start(cat, store)
    out, err = q.communicate(timeout=300)
    assert q.returncode == 0, err
    assert "1 run now" in out or "(17 already stored, 1 run now)" in out, out
    assert stored(store) == ref


def test_stored_summaries_and_series_follow_the_umask(tmp_path, reference):
    cat, _ = reference
    store = tmp_path / "store"
    assert start(cat, store).wait(timeout=300) == 0
    modes = {oct(os.stat(p).st_mode & 0o777) for p in store.rglob("*") if p.is_file()}
    assert modes == {oct(0o666 & ~_umask())}, modes


def _umask() -> int:
    u = os.umask(0)
    os.umask(u)
    return u


def test_reference_runs_are_json_summaries(reference):
    _, ref = reference
    for summary, rows in ref.values():
        assert json.loads(summary)["totals"]["flows"] == 3 and rows


def test_a_worker_killed_mid_run_stops_the_sweep_in_one_line_and_the_rerun_finishes(tmp_path):
    """A worker the OOM killer (or anyone) kills: the pool is broken; the sweep says so in
    one line, exits 2 and leaves no process; the runs stored stay, the rerun does the rest."""
    cat = make_catalog(tmp_path / "cat", points=4, seeds=2, duration_s=3000.0)  # runs of about 0.45 s (4.6 M events)
    store = tmp_path / "store"
    p = start(cat, store)
    _started_workers(p, store)
    workers = [w for w in group_members(p.pid)
               if b"spawn_main" in Path(f"/proc/{w}/cmdline").read_bytes()]  # not the resource tracker
    assert workers
    os.kill(workers[0], signal.SIGKILL)
    try:
        _, err = p.communicate(timeout=60)
        assert p.returncode == 2, err
        assert "Traceback" not in err
        lines = [x for x in err.splitlines() if x.startswith("satcc: error")]
        assert len(lines) == 1 and "a worker process died during a run" in lines[0], err
        assert wait_gone(p.pid) == []
    finally:
        kill_group(p.pid)
    partial = stored(store)
    assert 0 < len(partial) < 8
    q = start(cat, store)
    _, err = q.communicate(timeout=300)
    assert q.returncode == 0, err
    full = stored(store)
    assert len(full) == 8 and all(s is not None for s, _ in full.values()) and stray_tmp(store) == []
    assert all(full[k] == v for k, v in partial.items())


CTRL_C_DURING_QUERY = """
import os, signal, sys, threading, time
from satcc.experiments.store import Store
st = Store(sys.argv[1])
# Ctrl-C as a terminal delivers it: a shell that starts a job in the background (`cmd &`,
# as a CI runner may) starts it with SIGINT ignored, and Python then installs no handler
signal.signal(signal.SIGINT, signal.default_int_handler)
threading.Thread(target=lambda: (time.sleep(0.3), os.kill(os.getpid(), signal.SIGINT))).start()
try:
    st.query("SELECT count(*) FROM range(10000000000) t").fetchall()
    print("the query ran to its end")
except KeyboardInterrupt as e:
    print("KeyboardInterrupt from", repr(e.__context__))
"""


def test_ctrl_c_during_a_store_query_is_a_keyboard_interrupt(tmp_path):
    """DuckDB takes SIGINT during a query and raises RuntimeError('Query interrupted'); the
    store turns it back into KeyboardInterrupt, so `satcc reproduce` interrupted while it
    writes its report says "interrupted" in one line instead of a traceback (the
    crash-safety test's Ctrl-C trials met this once the sweeps got fast). In a process of
    its own, so that the signal meets only the query. The query takes about 2 s alone:
    long enough that the signal lands in it, short enough not to hold the suite when
    DuckDB notices the signal only at the query's end (it sometimes does on a busy
    machine; with 10^11 rows that took 17-20 s)."""
    import sys

    p = subprocess.run([sys.executable, "-c", CTRL_C_DURING_QUERY, str(tmp_path / "store")],
                       capture_output=True, text=True, timeout=120)
    assert p.stdout.strip() == "KeyboardInterrupt from RuntimeError('Query interrupted')", p.stdout + p.stderr
