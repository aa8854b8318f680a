"""The scheme registry (Rust: tcp/congestion/mod.rs CONTROLLERS, feedback/mod.rs ROUTERS)
is the one list every other place asks: the schema, the builders, the CLI, the docs."""

from pathlib import Path

import pytest

from satcc import registry, schema
from satcc.cli import main
from satcc.topology import leo, satellite, terrestrial
from satcc.topology.leo import refwa_network
from satcc.topology.satellite import geo_dumbbell
from satcc.topology.terrestrial import one_to_many

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_the_schema_takes_its_cc_names_and_scheme_types_from_the_registry():
    assert schema.FLOW["properties"]["cc"]["enum"] == registry.controller_names()
    types = [alt["properties"]["type"]["const"] for alt in schema.SCHEME["oneOf"]]
    assert sorted(types) == sorted(registry.router_names())


def test_a_scheme_name_gives_its_hosts_and_router():
    assert registry.parts("newreno") == ("newreno", None)
    cc, r = registry.parts("refwa-plus")
    assert (cc, r["name"]) == ("refwa-plus", "refwa")
    cc, r = registry.parts("refwa")
    assert (cc, r["name"]) == ("newreno", "refwa"), "a router-only scheme runs over NewReno hosts"
    cc, r = registry.parts("trefwa")
    assert (cc, r["name"]) == ("trefwa", "trefwa"), "T-REFWA's senders write the RTT code"
    with pytest.raises(ValueError, match="scheme: must be one of .*newreno"):
        registry.parts("hybla")


def test_each_controller_row_is_consistent():
    for c in registry.controllers():
        assert c["recovery"] in ("tahoe", "reno", "newreno", "vegas")
        if c["router"]:
            assert c["router"] in registry.router_names()
        if c["writes_rtt_code"]:
            assert registry.router(c["router"])["rtt_from"] == "tos_code", c["name"]
    for r in registry.routers():
        assert r["hosts"] in registry.controller_names()


def test_builders_build_what_the_registry_says():
    s = refwa_network([2], scheme="refwa-plus", duration_s=1).to_dict()
    assert {f["cc"] for f in s["flows"]} == {"refwa-plus"}
    assert {x["type"] for x in s["schemes"]} == {"refwa"}
    s = refwa_network([2], scheme="xfwa", duration_s=1).to_dict()
    assert {f["cc"] for f in s["flows"]} == {"newreno"} and s["schemes"][0]["type"] == "xfwa"
    s = one_to_many("T3", scheme="trefwa-plus", duration_s=1).to_dict()
    assert {f["cc"] for f in s["flows"]} == {"trefwa-plus"} and s["schemes"][0]["type"] == "trefwa"
    assert "schemes" not in one_to_many("T3", scheme="westwood", duration_s=1).to_dict()
    # a builder refuses routers that cannot work on its network, naming what it accepts
    with pytest.raises(ValueError, match="scheme: must be one of"):
        one_to_many("T3", scheme="refwa")
    with pytest.raises(ValueError, match="scheme: must be one of"):
        refwa_network([2], scheme="trefwa")
    with pytest.raises(ValueError, match="scheme: must be one of"):
        geo_dumbbell(scheme="refwa-plus")
    assert set(satellite.USES_ABE) == {"star", "fusion-lwc", "fusion-star"}
    assert "refwa" in leo.SCHEMES and "trefwa" in terrestrial.SCHEMES


def test_the_cli_and_the_docs_list_every_scheme(capsys):
    assert main(["schemes"]) == 0
    out = capsys.readouterr().out
    docs = (DOCS / "schemes.md").read_text()
    for name in registry.controller_names() + registry.router_names():
        assert f"  {name} " in out
        assert f"`{name}`" in docs, f"docs/schemes.md does not list {name}"
