"""Fuzz the command line with hostile scenario and catalog files (issue 16): huge and
tiny numbers, integers of thousands of digits, deep nesting, YAML aliases (recursive,
bombs), duplicate keys, names that are paths or Tcl. Each file goes through the real
CLI in its own process, which must exit within 10 s, under 1 GB of memory, with either
success or one line naming a field: never a traceback or a panic.

CI runs a short profile (SATCC_FUZZ_EXAMPLES, default 12 per test); the issue note records
a long run: SATCC_FUZZ_EXAMPLES=400 HYPOTHESIS_PROFILE=explore python -m pytest
tests/test_fuzz_hostile.py -p no:xdist.
"""

import copy
import json
import os
import re
import subprocess
import sys
import tempfile
import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import chain, paths, run_measured

EXAMPLES = int(os.environ.get("SATCC_FUZZ_EXAMPLES", "12"))
TIME_LIMIT_S = 10.0
MEMORY_LIMIT_KB = 1 << 20  # 1 GB
# valid runs stay small: the budgets refuse anything long before it starts
ENV = {**os.environ, "SATCC_EVENT_BUDGET": "2e7", "SATCC_MEMORY_BUDGET": "256M"}

BASE = chain(n_flows=2, duration_s=1.0).to_dict()
ALL_PATHS = [p for p in paths(BASE) if p]

HUGE_DIGITS = "9" * 5000
numbers = st.one_of(
    st.sampled_from([0, -1, 1, 1e-300, 1e300, 2**64, 2**64 - 1, 2**63, -(2**63), 10**400, 4294967295, 1e6, 1e7,
                     1e12, 7.9e12, 1e-6, 2e10, 1e10, 0.5, -0.0]),
    st.integers(), st.floats(allow_nan=False, allow_infinity=False),
)
texts = st.one_of(st.text(max_size=12), st.sampled_from(["../../../x", "/abs", "a[exec touch pwned]", "$x", "a->b",
                                                       "", " ", "\n", "#", "..", "r1->r2"]))
leaf = st.one_of(st.none(), st.booleans(), numbers, texts)


def nested(depth: int):
    v = []
    for _ in range(depth):
        v = [v]
    return v


values = st.one_of(
    leaf,
    st.lists(leaf, max_size=4),
    st.dictionaries(texts, leaf, max_size=3),
    st.integers(min_value=20, max_value=5000).map(nested),
)


def mutate(d, path, value):
    target = d
    for k in path[:-1]:
        target = target[k]
    target[path[-1]] = value


def to_text(d, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(d)
    import yaml

    return yaml.safe_dump(d, sort_keys=False)


YAML_TRICKS = [
    "junk: &a [*a]\n",
    "duration_s: &d {x: *d}\n",
    "a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
    "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n"
    "g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\nh: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]\ni: [*h,*h,*h,*h,*h,*h,*h,*h,*h]\n",
    f"duration_s: {HUGE_DIGITS}\n",
    "seed: 1\nseed: 2\n",
]


def run_cli(args: list[str]) -> tuple[int, str, float, int]:
    """(exit code, stderr, wall seconds, peak memory KB) of one satcc command (its own
    peak: conftest.run_measured)."""
    with tempfile.TemporaryFile("w+") as err, tempfile.TemporaryFile("w+") as out:
        r = run_measured([sys.executable, "-m", "satcc.cli", *args], timeout_s=TIME_LIMIT_S * 3,
                         stdout=out, stderr=err, env=ENV)
        err.seek(0)
        return r["rc"], err.read(), r["wall_s"], r["maxrss_kb"]


FIELD = re.compile(r"^satcc: error: [^\s:]*[A-Za-z][^:]*: ")


def check(args: list[str]) -> None:
    rc, err, wall, kb = run_cli(args)
    assert wall < TIME_LIMIT_S, f"{args}: took {wall:.1f} s"
    assert kb < MEMORY_LIMIT_KB, f"{args}: {kb / 1024:.0f} MB"
    assert "Traceback" not in err and "panicked" not in err, err
    assert rc in (0, 2), f"{args}: exit {rc}: {err}"
    if rc == 2:
        lines = [x for x in err.strip().splitlines() if not x.startswith("running ")]
        assert len(lines) == 1, err
        assert FIELD.match(lines[0]), f"no field named: {lines[0]!r}"


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.tuples(st.sampled_from(ALL_PATHS), values), min_size=1, max_size=3),
       st.sampled_from(["json", "yaml"]), st.one_of(st.none(), st.sampled_from(YAML_TRICKS)))
def test_hostile_scenarios_fail_cleanly_or_run(tmp_path_factory, muts, fmt, trick):
    d = copy.deepcopy(BASE)
    for path, value in muts:
        try:
            mutate(d, path, value)
        except (KeyError, IndexError, TypeError):
            pass
    try:
        text = to_text(d, fmt)
    except (ValueError, RecursionError):
        return  # not writable as that format: nothing for satcc to read
    if trick and fmt == "yaml":
        text = trick + text
    tmp = tmp_path_factory.mktemp("fz")
    f = tmp / f"s.{fmt}"
    f.write_text(text)
    check(["run", str(f), "--out", str(tmp / "out"), "--no-plots"])


catalog_values = st.one_of(leaf, st.lists(leaf, max_size=3), st.dictionaries(texts, leaf, max_size=2))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.dictionaries(st.sampled_from(["id", "scenario", "seeds", "plots", "grid", "title", "notes", "extra"]),
                       catalog_values, max_size=4),
       st.lists(st.dictionaries(st.sampled_from(["name", "y", "x", "logx"]), catalog_values, max_size=4), max_size=2))
def test_hostile_catalogs_fail_cleanly(tmp_path_factory, fields, plots):
    import yaml

    tmp = tmp_path_factory.mktemp("fc")
    (tmp / "s.json").write_text(json.dumps(BASE))
    cat = {"id": "fuzzed", "scenario": "s.json", **fields}
    if plots:
        cat["plots"] = plots
    f = tmp / "c.yaml"
    try:
        f.write_text(yaml.safe_dump(cat))
    except (ValueError, RecursionError):
        return
    check(["list", "--catalog", str(f)])
