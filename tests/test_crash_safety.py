"""Crash safety of sweeps (issue 16): 20 sweeps killed at random points (SIGKILL to the
main process, SIGKILL to the whole group, Ctrl-C), and 10 pairs of sweeps sharing one
store. After each: no process of the sweep is left, the rerun stores every run exactly
once and identical to an uninterrupted sweep, and no temporary file is left."""

import os
import random
import signal
import time

import pytest

from sweeps import kill_group, make_catalog, start, stored, stray_tmp, wait_gone

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    root = tmp_path_factory.mktemp("ref")
    # runs of about 0.3 s (2000 s of the chain), so that the kills and Ctrl-Cs below
    # land mid-sweep (18 runs, about 3 s on two workers); with the default 2 s (a few ms
    # each) the sweep was over before most of them
    cat = make_catalog(root, duration_s=2000.0)
    p = start(cat, root / "store")
    _, err = p.communicate(timeout=300)
    assert p.returncode == 0, err
    return cat, stored(root / "store")


def test_sweeps_killed_at_random_points_lose_nothing(tmp_path, reference):
    cat, ref = reference
    rng = random.Random(16)
    how = ["main-kill", "group-kill", "ctrl-c"] * 7
    rng.shuffle(how)
    for trial, kind in enumerate(how[:20]):
        store = tmp_path / f"s{trial}"
        # some trials kill a sweep that resumes a part-stored store
        if trial % 4 == 3:
            p = start(cat, store)
            time.sleep(rng.uniform(1.0, 3.0))
            kill_group(p.pid)
            p.communicate()
        p = start(cat, store)
        if kind == "ctrl-c":
            # in the middle of the sweep: once it has opened its store (a Ctrl-C while
            # Python itself starts up is Python's, with its own traceback)
            end = time.monotonic() + 60
            while not (store / "runs").exists() and time.monotonic() < end:
                time.sleep(0.02)
            time.sleep(rng.uniform(0.0, 3.0))
        else:
            time.sleep(rng.uniform(0.3, 4.0))
        if kind == "main-kill":
            os.kill(p.pid, signal.SIGKILL)
        elif kind == "group-kill":
            kill_group(p.pid)
        else:
            try:
                os.killpg(p.pid, signal.SIGINT)
            except ProcessLookupError:
                pass
        _, err = p.communicate(timeout=60)
        try:
            left = wait_gone(p.pid)
            assert left == [], f"trial {trial} ({kind}): processes left behind: {left}"
        finally:
            kill_group(p.pid)
        if kind == "ctrl-c":
            assert "Traceback" not in err, f"trial {trial}: {err}"
        q = start(cat, store)
        _, err = q.communicate(timeout=300)
        assert q.returncode == 0, f"trial {trial} ({kind}): {err}"
        assert stored(store) == ref, f"trial {trial} ({kind})"
        assert stray_tmp(store) == [], f"trial {trial} ({kind})"


def test_pairs_of_sweeps_on_one_store_both_finish(tmp_path, reference):
    cat, ref = reference
    rng = random.Random(61)
    for trial in range(10):
        store = tmp_path / f"s{trial}"
        a = start(cat, store)
        time.sleep(rng.uniform(0.0, 3.0))
        b = start(cat, store)
        for p in (a, b):
            _, err = p.communicate(timeout=300)
            assert p.returncode == 0, f"trial {trial}: {err}"
        assert stored(store) == ref, f"trial {trial}"
        assert stray_tmp(store) == [], f"trial {trial}"
        assert wait_gone(a.pid) == [] and wait_gone(b.pid) == []
