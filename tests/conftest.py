import os

import pytest
from hypothesis import settings

# Property tests draw the same examples on every run, so CI is reproducible;
# HYPOTHESIS_PROFILE=explore draws new ones each run (use it to hunt for bugs locally).
settings.register_profile("ci", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

from satcc import Scenario


def chain(n_flows=3, duration_s=5.0, seed=1, per=None, queue=None, cc="newreno", **flow):
    """A small chain a - r1 - r2 - b with n flows from a to b."""
    s = Scenario("chain", duration_s=duration_s, seed=seed,
                 tcp={"rwnd_pkts": 200, "packet_size_bytes": 1000, "use_headers": False})
    for n in ("a", "r1", "r2", "b"):
        s.node(n)
    s.link("a", "r1", rate_bps=20e6, delay_ms=5)
    extra = {"a_to_b": {"error": {"type": "per", "per": per}}} if per else {}
    s.link("r1", "r2", rate_bps=2e6, delay_ms=20, queue=queue or {"type": "droptail", "limit_pkts": 20}, **extra)
    s.link("r2", "b", rate_bps=20e6, delay_ms=5)
    s.flow("a", "b", name="f", count=n_flows, cc=cc, start_jitter_s=0.5, **flow)
    s.monitor(bottleneck="r1->r2")
    return s


@pytest.fixture
def small():
    return chain()


def paths(obj, prefix=(), max_items=None):
    """Every path into a nested dict/list (the root's empty path first); lists by their
    first `max_items` items (all when None)."""
    yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from paths(v, prefix + (k,), max_items)
    elif isinstance(obj, list):
        for i, v in enumerate(obj[:max_items]):
            yield from paths(v, prefix + (i,), max_items)


# Run a command and measure its own peak memory: from a small launcher process, not from
# the test worker. Linux carries the resident size of the process a child was forked from
# into the child's maxrss when it execs (satcc/dev/peak.py), so a command started
# straight from a pytest worker that has grown to a gigabyte reports a gigabyte.
_LAUNCHER = r"""
import json, os, signal, sys, time
out, timeout = sys.argv[1], float(sys.argv[2])
t = time.monotonic()
pid = os.fork()
if pid == 0:
    os.execv(sys.argv[3], sys.argv[3:])
while True:
    p, status, usage = os.wait4(pid, os.WNOHANG)
    if p:
        break
    if time.monotonic() > t + timeout:
        os.kill(pid, signal.SIGKILL)
        p, status, usage = os.wait4(pid, 0)
        break
    time.sleep(0.02)
with open(out, "w") as f:
    json.dump({"rc": os.waitstatus_to_exitcode(status), "maxrss_kb": usage.ru_maxrss,
               "wall_s": time.monotonic() - t}, f)
"""


def run_measured(argv: list[str], timeout_s: float = 3600.0, **popen) -> dict:
    """Run `argv` (a list, argv[0] an absolute path) and return {"rc", "maxrss_kb",
    "wall_s"} of that process alone; `popen` (stdout, stderr, env) as for subprocess.run.
    The command is killed after `timeout_s`."""
    import json
    import subprocess
    import sys
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        out = f"{tmp}/peak.json"
        subprocess.run([sys.executable, "-c", _LAUNCHER, out, str(timeout_s), *argv], **popen)
        with open(out) as f:
            return json.load(f)
