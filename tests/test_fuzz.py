"""Fuzz the loader: nothing a user writes may crash or hang the process.

Any input either validates (and then runs) or raises ScenarioError; a Rust panic
would surface as pyo3's PanicException, which is not a ScenarioError and fails here.
"""

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import satcc
from satcc import ScenarioError
from satcc.scenario import parse_text

from conftest import chain, paths

BASE = chain(n_flows=2, duration_s=1.0).to_dict()

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-2**70, max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=8),
)
values = st.recursive(scalars, lambda c: st.one_of(st.lists(c, max_size=3), st.dictionaries(st.text(max_size=6), c, max_size=3)), max_leaves=6)


ALL_PATHS = [p for p in paths(BASE) if p]


def mutate(d, path, value, mode):
    target = d
    for k in path[:-1]:
        target = target[k]
    last = path[-1]
    if mode == "set":
        target[last] = value
    elif mode == "delete":
        del target[last]
    elif mode == "add" and isinstance(target, dict):
        target[str(value)[:10]] = value
    return d


def check(d):
    try:
        satcc.validate(d)
    except ScenarioError as e:
        assert str(e) and "\n" not in str(e)
        return
    r = satcc.run(d)  # valid: must run to completion
    p = r.summary["totals"]["packets"]
    assert p["data_injected"] == p["data_delivered"] + p["data_dropped"] + p["data_in_flight"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(ALL_PATHS), values, st.sampled_from(["set", "delete", "add"])),
                min_size=1, max_size=3))
def test_mutated_scenarios_validate_or_fail_cleanly(muts):
    d = copy.deepcopy(BASE)
    for path, value, mode in muts:
        try:
            d = mutate(d, path, value, mode)
        except (KeyError, IndexError, TypeError):
            pass
    if isinstance(d.get("duration_s"), (int, float)) and d["duration_s"] > 5:
        d["duration_s"] = 5  # keep accepted runs short
    check(d)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200), st.sampled_from(["toml", "yaml", "json"]))
def test_arbitrary_text_parses_or_fails_cleanly(text, fmt):
    try:
        d = parse_text(text, fmt)
    except ScenarioError:
        return
    try:
        satcc.validate(d)
    except ScenarioError:
        return


@settings(max_examples=60, deadline=None)
@given(rate=st.floats(min_value=1, max_value=1e10), delay=st.floats(min_value=0, max_value=1e3),
       limit=st.integers(min_value=1, max_value=10_000), per=st.floats(min_value=0, max_value=1),
       n=st.integers(min_value=1, max_value=5), seed=st.integers(min_value=0, max_value=2**64 - 1))
def test_extreme_but_valid_numbers_run(rate, delay, limit, per, n, seed):
    d = chain(n_flows=n, duration_s=0.5, seed=seed, per=per,
              queue={"type": "droptail", "limit_pkts": limit}).to_dict()
    d["links"][1]["rate_bps"] = rate
    d["links"][1]["delay_ms"] = delay
    check(d)


def test_error_names_a_field_with_an_odd_key_on_one_line():
    # found by the fuzzer: a key holding a newline split the message over two lines
    d = copy.deepcopy(BASE)
    d["name"] = {"\n": float("inf")}
    try:
        satcc.validate(d)
    except ScenarioError as e:
        assert str(e) == "name['\\n']: must be a finite number, got inf"
    else:
        raise AssertionError("an infinite number must not validate")


def test_errors_from_the_core_stay_on_one_line():
    d = copy.deepcopy(BASE)
    d["links"][0]["a"] = "no\nde"
    try:
        satcc.validate(d)
    except ScenarioError as e:
        assert str(e) == "links[0].a: unknown node 'no\\nde' (declare it under nodes)"
    else:
        raise AssertionError("an undeclared node must not validate")
    import pickle

    e2 = pickle.loads(pickle.dumps(ScenarioError("a\nb")))
    assert str(e2) == "a\\nb"
