"""One scenario contract: the Rust types are its source, the JSON Schema Python validates
against is generated from them and checked in, and both sides refuse the same values."""

import json
from pathlib import Path

import pytest

from satcc import _core, schema
from satcc.dev import schema as schema_tool
from satcc.scenario import _validator

from conftest import chain, paths

REFERENCE = Path(__file__).resolve().parents[1] / "docs" / "scenario-reference.md"


def test_the_checked_in_schema_is_the_cores():
    assert schema.PATH.read_text() == _core.scenario_schema_json(), (
        "python/satcc/scenario.schema.json differs from the core: run python -m satcc.dev.schema write")
    assert REFERENCE.read_text() == schema_tool.reference(json.loads(_core.scenario_schema_json())), (
        "docs/scenario-reference.md differs from the core: run python -m satcc.dev.schema write")
    assert schema_tool.main(["check", "--reference", str(REFERENCE)]) == 0


def test_every_field_of_the_reference_says_what_it_means():
    # each row of the generated page: | `field` | default | allowed | meaning |
    rows = [r for r in REFERENCE.read_text().splitlines() if r.startswith("| `")]
    assert len(rows) > 60
    empty = [r.split("|")[1].strip() for r in rows if not r.rstrip("| ").split("|")[-1].strip()
             or r.rstrip().endswith("|  |")]
    assert empty == [], f"fields without a doc comment in the Rust types: {empty}"
    # the cc row lists the registry's names as they are now
    from satcc import registry

    cc = next(r for r in rows if r.startswith("| `cc` "))
    assert all(f"`{n}`" in cc for n in registry.controller_names())


def test_the_check_fails_on_a_stale_copy(tmp_path, monkeypatch):
    stale = json.loads(schema.PATH.read_text())
    stale["$defs"]["SchemeSpec"]["oneOf"][0]["properties"]["phi"]["maximum"] = 11
    copy = tmp_path / "scenario.schema.json"
    copy.write_text(json.dumps(stale, indent=2) + "\n")
    monkeypatch.setattr(schema_tool, "PATH", copy)
    assert schema_tool.main(["check", "--reference", str(REFERENCE)]) == 1


def test_paper_defaults_and_ranges_come_from_the_core():
    refwa = next(a for a in schema.SCHEME["oneOf"] if a["properties"]["type"]["const"] == "refwa")
    phi = refwa["properties"]["phi"]
    assert (phi["default"], phi["minimum"], phi["maximum"]) == (1.5, 0, 10)
    tcp = schema.TCP["properties"]
    assert tcp["fusion_d_min_s"]["default"] == 0.004 and tcp["fusion_d_min_s"]["exclusiveMinimum"] == 0
    assert tcp["rwnd_pkts"]["default"] == 20 and tcp["packet_size_bytes"]["maximum"] == 65000
    assert schema.FLOW["properties"]["cc"]["default"] == "newreno"


def _bounded(props: dict):
    """(field, bound name, bound) for each numeric field of a table with bounds."""
    for name, p in sorted(props.items()):
        for b in ("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"):
            if b in p and isinstance(p[b], (int, float)) and abs(p[b]) < 1e15:
                yield name, b, p[b]


def _probes(bound_name: str, bound: float):
    """(value, allowed) on both sides of a bound."""
    step = max(abs(bound) * 1e-6, 1e-9)
    inside = {"minimum": True, "maximum": True, "exclusiveMinimum": False, "exclusiveMaximum": False}[bound_name]
    if bound_name in ("minimum", "exclusiveMinimum"):
        return [(bound, inside), (bound - step, False), (bound + step, True)]
    return [(bound, inside), (bound + step, False), (bound - step, True)]


def _tables():
    """Each table of settings the papers' parameters live in, with where it sits in a
    scenario and the integer fields (probed with whole numbers)."""
    yield "tcp", schema.TCP["properties"], lambda d, v: d.__setitem__("tcp", v)
    for alt in schema.SCHEME["oneOf"]:
        kind = alt["properties"]["type"]["const"]
        props = {k: p for k, p in alt["properties"].items() if k not in ("type", "links")}

        def put(d, v, kind=kind):
            d["schemes"] = [{"type": kind, "links": ["r1->r2"], **v}]

        yield f"schemes[{kind}]", props, put


# A rule between fields (not a range) that a probe must keep: max_rto_s >= min_rto_s.
# Probing one, the other takes the same value, brought into its own range.
PARTNERS = {"max_rto_s": "min_rto_s", "min_rto_s": "max_rto_s",
            # ns-2's RTO shifts RTTVAR by srtt_bits - rttvar_bits: never below zero
            "srtt_bits": "rttvar_bits", "rttvar_bits": "srtt_bits"}
# A field that only some receivers or senders take: probed with the settings it needs.
NEEDS = {"sack_blocks": {"sack": True, "sack_agent": "sack1"},
         "dupack_threshold_cwnd_divisor": {"sack": True, "sack_agent": "sack1"},
         # HighSpeed TCP's settings: with its window rule, the high window above the low
         **{f"highspeed_{k}": {"window_increase": "highspeed"} for k in ("low_window", "high_p", "high_decrease",
                                                                            "cwnd_range")},
         "highspeed_high_window": {"window_increase": "highspeed", "highspeed_low_window": 1},
         "window_constant": {"window_increase": "rtt"}, "window_average_gain": {"window_increase": "average"},
         "binomial_k": {"window_increase": "binomial"}, "binomial_l": {"window_increase": "binomial"}}


def _partner(props: dict, field: str, v):
    p = props[PARTNERS[field]]
    return min(max(v, p.get("minimum", v)), p.get("maximum", v))


def _agree(d: dict, where: str):
    py = next(iter(_validator().iter_errors(d)), None)
    try:
        _core.validate_json(json.dumps(d))
        rust = None
    except ValueError as e:
        rust = str(e)
    return py is None, rust is None, rust


@pytest.mark.parametrize("table", [t[0] for t in _tables()])
def test_python_and_the_core_refuse_the_same_values(table):
    name, props, put = next(t for t in _tables() if t[0] == table)
    checked = 0
    for field, bname, bound in _bounded(props):
        integer = props[field].get("type") == "integer"
        for value, allowed in _probes(bname, bound):
            if integer and value != int(value):
                continue
            d = chain(cc="trefwa" if "trefwa" in table else "newreno").to_dict()
            v = int(value) if integer else value
            put(d, {field: v, **({PARTNERS[field]: _partner(props, field, v)} if field in PARTNERS else {}),
                    **NEEDS.get(field, {})})
            py_ok, rust_ok, rust_msg = _agree(d, f"{table}.{field}")
            assert py_ok == allowed, f"{table}.{field} = {value}: Python says {py_ok}"
            assert rust_ok == allowed, f"{table}.{field} = {value}: the core says {rust_msg}"
            if not allowed:
                assert field in rust_msg, rust_msg
            checked += 1
    assert checked >= 6


def test_the_core_refuses_whatever_the_schema_refuses():
    # satcc.validate asks the core first and the JSON Schema only for the message of a
    # scenario the core refused: the core must never accept what the schema refuses
    import copy
    import random

    from satcc.scenario import schema_error
    from satcc.topology.leo import refwa_network
    from satcc.topology.terrestrial import one_to_many

    bases = [refwa_network([2, 2], scheme="refwa", duration_s=3).to_dict(),
             one_to_many("T3", scheme="trefwa", duration_s=2).to_dict()]
    bases[0]["monitor"]["capture"] = ["S1->S2"]
    values = [None, -1, 0, 1.5, "x", [], {}, True, 1e12, 2**40, "a->b", 0.5, [1], {"type": "x"}]
    rng = random.Random(7)

    refused = 0
    for base in bases:
        ps = [p for p in paths(base, max_items=2) if p]
        for _ in range(700):
            d = copy.deepcopy(base)
            p = rng.choice(ps)
            target = d
            for k in p[:-1]:
                target = target[k]
            op = rng.random()
            if op < 0.2 and isinstance(target, dict):
                del target[p[-1]]
            elif op < 0.3 and isinstance(target, dict):
                target["zz_extra"] = 1
            else:
                target[p[-1]] = rng.choice(values)
            if schema_error(d) is None:
                continue
            refused += 1
            with pytest.raises(ValueError):
                _core.validate_json(json.dumps(d))
    assert refused > 500
