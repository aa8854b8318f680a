"""Packet runs on a moving constellation (issue 17): end to end through `satcc run`,
packets conserved, byte-identical reruns, path RTTs equal to `satcc paths`, drops with
no route under their own cause, REFWA on every link."""

from __future__ import annotations

import json
from pathlib import Path
import subprocess
import sys

import numpy as np
import pyarrow.parquet as pq
import pytest

import satcc
import satcc.leo as leo
from satcc.scenario import ScenarioError

STATIONS = ["Paris", "Moscow", "Manila", "Dalian"]


def scenario(**over) -> dict:
    d = {"name": "kuiper-pairs", "duration_s": 20.0, "monitor": {"flow_traces": True},
         "constellation": {"shells": [{"builtin": "kuiper-630"}], "ground_stations": STATIONS,
                           "isl": {"rate_bps": 1e7, "queue": {"type": "droptail", "limit_pkts": 100}},
                           "gsl": {"rate_bps": 1e7, "queue": {"type": "droptail", "limit_pkts": 100}}},
         "flows": [{"src": "Paris", "dst": "Moscow", "count": 2}, {"src": "Manila", "dst": "Dalian", "cc": "reno"}]}
    d.update(over)
    return d


def test_a_constellation_run_conserves_packets_and_reruns_identically():
    a, b = satcc.run(scenario()), satcc.run(scenario())
    assert a.summary_json == b.summary_json
    s = a.summary
    c = s["constellation"]
    assert (c["satellites"], c["ground_stations"], c["routing_steps"]) == (1156, 4, 201)
    p = s["totals"]["packets"]
    assert p["data_injected"] == p["data_delivered"] + p["data_dropped"] + p["data_in_flight"]
    assert p["ack_injected"] == p["ack_delivered"] + p["ack_dropped"] + p["ack_in_flight"]
    assert all(f["data_pkts_acked"] > 1000 for f in s["flows"])
    assert a.paths.num_rows == 3 * 201


def test_path_rtts_of_a_packet_run_are_those_of_satcc_paths():
    r = satcc.run(scenario())
    t = r.paths.to_pydict()
    c = {k: v for k, v in scenario()["constellation"].items() if k in ("shells", "ground_stations")}
    ref = leo.paths({"constellation": c, "duration_s": 20.0}, "Paris:Moscow,Manila:Dalian").table.to_pydict()
    for flow, pair in (("f0#0", 0), ("f1", 1)):
        got = np.array([x for x, f in zip(t["rtt_ms"], t["flow"]) if f == flow])
        want = np.array([x for x, k in zip(ref["rtt_ms"], ref["pair"]) if k == pair])
        assert len(got) == len(want) == 201
        assert np.abs(got - want).max() < 1e-9
        got_ch = [x for x, f in zip(t["changed"], t["flow"]) if f == flow]
        assert got_ch == [x for x, k in zip(ref["changed"], ref["pair"]) if k == pair]


def test_no_route_drops_have_their_own_cause():
    d = scenario(duration_s=3.0, flows=[{"src": "Paris", "dst": "Pole"}])
    d["constellation"]["ground_stations"] = ["Paris", {"name": "Pole", "lat_deg": -90, "lon_deg": 0}]
    d["monitor"] = {"drop_trace": True}
    r = satcc.run(d)
    assert r.summary["constellation"]["drops_no_route"] > 0
    causes = set(r.drops.column("cause").to_pylist())
    assert causes == {"no_route"}


def test_refwa_guards_every_link_and_lowers_windows():
    d = scenario(duration_s=10.0, schemes=[{"type": "refwa", "links": ["*"], "isl_delay_ms": 4.0}])
    r = satcc.run(d)
    assert r.feedback.num_rows > 0
    assert all(f["data_pkts_acked"] > 100 for f in r.summary["flows"])


@pytest.mark.parametrize("change, want", [
    ({"constellation": {"shells": [{"builtin": "kuiper-630"}], "ground_stations": STATIONS,
                        "gsl": {"rate_bps": 1e7}}}, "constellation.isl.rate_bps"),
    ({"flows": [{"src": "Paris", "dst": "Lima"}]}, "flows[0].dst"),
    ({"schemes": [{"type": "refwa", "links": ["Paris->kuiper-630-1"]}]}, "schemes[0].links[0]"),
    ({"nodes": [{"name": "x"}]}, "nodes"),
    ({"monitor": {"links": ["a->b"]}}, "monitor.links"),
])
def test_mistakes_name_their_field(change, want):
    with pytest.raises(ScenarioError) as e:
        satcc.run(scenario(**change))
    assert str(e.value).startswith(want) and "\n" not in str(e.value), str(e.value)


def test_satcc_run_writes_the_paths_and_their_plot(tmp_path):
    sc = tmp_path / "leo.json"
    sc.write_text(json.dumps(scenario(duration_s=5.0)))
    r = subprocess.run([sys.executable, "-m", "satcc.cli", "run", str(sc), "--out", str(tmp_path / "out")],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert pq.read_table(tmp_path / "out" / "paths.parquet").num_rows == 3 * 51
    assert (tmp_path / "out" / "plots" / "paths.png").stat().st_size > 10_000
    s = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert s["constellation"]["routing_steps"] == 51
    c = s["constellation"]
    assert (f"  constellation: {c['satellites']} satellites, {c['ground_stations']} ground stations, 51 routing "
            f"steps, {c['handovers']} handovers\n") in r.stdout and "no route" not in r.stdout


def test_satcc_run_says_how_many_packets_found_no_route(tmp_path):
    # a run whose stations share no path delivers nothing: the summary's line says why
    d = scenario(duration_s=3.0, flows=[{"src": "Paris", "dst": "Pole"}])
    d["constellation"]["ground_stations"] = ["Paris", {"name": "Pole", "lat_deg": -90, "lon_deg": 0}]
    sc = tmp_path / "leo.json"
    sc.write_text(json.dumps(d))
    r = subprocess.run([sys.executable, "-m", "satcc.cli", "run", str(sc), "--out", str(tmp_path / "out"), "--no-plots"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    n = json.loads((tmp_path / "out" / "summary.json").read_text())["constellation"]["drops_no_route"]
    assert n > 0 and f"; {n} packets dropped with no route to their station (`satcc paths SCENARIO --pairs A:B`" in r.stdout


def test_the_paths_table_has_the_cores_columns_and_types():
    r = satcc.run(scenario(duration_s=2.0))
    t = r.paths
    assert t.column_names == ["time_s", "flow", "rtt_ms", "hops", "changed"]
    assert str(t.schema.field("flow").type).startswith("dictionary")
    assert set(t.column("flow").to_pylist()) == {f["name"] for f in r.summary["flows"]}
    assert t.column("hops").to_pylist()[0] >= 2  # up, at least zero ISLs, down


def _bent_pipe(relays: bool = True, duration_s: float = 6.0) -> dict:
    d = satcc.scenario.load(Path(__file__).parents[1] / "scenarios" / "leo_bent_pipe.yaml").to_dict()
    d["duration_s"] = duration_s
    d["monitor"] = {"flow_traces": True}
    d["constellation"]["routing"]["ground_relays"] = relays
    return d


def test_a_bent_pipe_run_relays_through_stations_conserves_packets_and_reruns_identically():
    """scenarios/leo_bent_pipe.yaml: Starlink shell 1 without ISLs; London and Moscow
    share no satellite, so their packets go down to a relaying station and up again."""
    a, b = satcc.run(_bent_pipe()), satcc.run(_bent_pipe())
    assert a.summary_json == b.summary_json
    s = a.summary
    p = s["totals"]["packets"]
    assert p["data_injected"] == p["data_delivered"] + p["data_dropped"] + p["data_in_flight"]
    assert p["ack_injected"] == p["ack_delivered"] + p["ack_dropped"] + p["ack_in_flight"]
    assert s["constellation"]["drops_no_route"] == 0
    assert all(f["data_pkts_acked"] > 1000 for f in s["flows"])
    names = [link["name"] for link in s["links"]]
    assert not any(n.startswith("starlink-1-") and "->starlink-1-" in n for n in names), "no ISL carried anything"
    relays = {"Frankfurt", "Berlin", "Warsaw", "Vilnius", "Minsk", "Smolensk"}
    used = {n.split("->")[0] for n in names} & relays
    assert used, f"a relaying station carried packets: {names}"
    t = a.paths.to_pydict()
    london = [h for h, f in zip(t["hops"], t["flow"]) if f.startswith("f0")]
    assert min(london) >= 4, "London-Moscow: up, down to a relay, up, down"


def test_a_bent_pipe_without_relays_has_no_route_between_far_stations():
    r = satcc.run(_bent_pipe(relays=False, duration_s=3.0))
    s = r.summary
    assert s["constellation"]["drops_no_route"] > 0
    london = [f for f in s["flows"] if f["src"] == "London"]
    assert london and all(f["data_pkts_acked"] == 0 for f in london)
    # Paris and Warsaw see a common satellite: their flows run without relays
    assert all(f["data_pkts_acked"] > 100 for f in s["flows"] if f["src"] == "Paris")


def test_a_bent_pipe_needs_no_isl_settings_and_names_a_wrong_topology():
    d = _bent_pipe(duration_s=1.5)
    assert "isl" not in d["constellation"]
    satcc.run(d)
    d["constellation"]["shells"][0]["isls"] = "ring"
    with pytest.raises(ScenarioError) as e:
        satcc.run(d)
    assert str(e.value) == "constellation.shells[0].isls: must be one of plus_grid, none, got 'ring'"


@pytest.mark.parametrize("queue", [{"type": "sfq", "limit_pkts": 30, "buckets": 16},
                                   {"type": "drr", "limit_bytes": 30000, "quantum_bytes": 1000},
                                   {"type": "fq", "limit_pkts": 10}])
def test_fair_queues_on_moving_links_conserve_packets_and_rerun_identically(queue):
    # ns-2's SFQ, DRR and FQ on every ISL and ground link, whose delays move and whose ground
    # links are handed over: the packets they hold across a handover are conserved
    sc = scenario(duration_s=12.0)
    for part in ("isl", "gsl"):
        sc["constellation"][part]["queue"] = queue
        sc["constellation"][part]["rate_bps"] = 3e6  # slow enough for queues to build
    sc["flows"].append({"src": "Paris", "dst": "Dalian", "start_s": 0.5})
    a, b = satcc.run(sc), satcc.run(sc)
    assert a.summary_json == b.summary_json
    s = a.summary
    p = s["totals"]["packets"]
    assert p["data_injected"] == p["data_delivered"] + p["data_dropped"] + p["data_in_flight"]
    assert p["ack_injected"] == p["ack_delivered"] + p["ack_dropped"] + p["ack_in_flight"]
    assert p["data_dropped"] > 0 and all(f["data_pkts_acked"] > 100 for f in s["flows"])
    assert max(l["max_queue_pkts"] for l in s["links"]) > 5
    fifo = json.loads(json.dumps(sc))
    for part in ("isl", "gsl"):
        fifo["constellation"][part]["queue"] = {"type": "droptail", "limit_pkts": 30}
    assert satcc.run(fifo).summary["totals"] != s["totals"]
