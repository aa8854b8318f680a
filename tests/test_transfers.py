"""Transfers of a given size (traffic: {type: file, size_bytes}), ns-2's `$ftp send`, and
their flow completion time (summary flows[].fct_s). ns-2's own completion times (its
agents' `done`) are compared on the random networks 8100-8199 (tests/test_ns2_exact.py)."""

import json
from pathlib import Path

import pytest

from satcc import cli as satcc_cli
from satcc.run import run
from satcc.scenario import ScenarioError


def _chain(*transfers, duration_s=5.0, capture=False):
    d = {"name": "transfers", "duration_s": duration_s,
         "nodes": [{"name": "a"}, {"name": "r"}, {"name": "b"}],
         "links": [{"a": "a", "b": "r", "rate_bps": 100e6, "delay_ms": 1.0},
                   {"a": "r", "b": "b", "rate_bps": 10e6, "delay_ms": 20.0}],
         "flows": [{"name": f"t{i}", "src": "a", "dst": "b", **t} for i, t in enumerate(transfers)]}
    if capture:
        d["monitor"] = {"capture": ["r->a"]}
    return d


def _file(size_bytes, **kw):
    return {"traffic": {"type": "file", "size_bytes": size_bytes}, **kw}


@pytest.mark.parametrize("size, pkts", [(1, 1), (999, 1), (1000, 1), (1001, 2), (2_000_000, 2000)])
def test_a_transfer_sends_its_bytes_in_ns2s_packets_and_no_more(size, pkts):
    # ns-2's sendmsg: size_bytes / packetSize_ packets (1000 bytes here), one more for a remainder
    f = run(_chain(_file(size), duration_s=10.0)).summary["flows"][0]
    assert (f["size_bytes"], f["data_pkts_sent"], f["data_pkts_acked"]) == (size, pkts, pkts)
    assert f["fct_s"] is not None and 0 < f["fct_s"] < 10.0


def test_the_completion_time_is_the_first_ack_of_the_last_packet_at_the_sender():
    # read independently off the packets table: the ACK covering the last segment (with
    # a SYN, segment N of N) reaching the sender, less the flow's start
    r = run(_chain(_file(350_000, start_s=0.25), _file(1000, start_s=0.5), {"start_s": 0.0}, capture=True))
    rows = r.packets.to_pylist()
    for f, n in zip(r.summary["flows"][:2], (350, 1)):
        arrival = min(p["time_s"] for p in rows if p["flow"] == f["name"] and p["ack"] and p["seqno"] >= n)
        assert f["fct_s"] == pytest.approx(arrival - f["start_s"], abs=1e-9)
    # a bulk flow has neither
    assert "fct_s" not in r.summary["flows"][2] and "size_bytes" not in r.summary["flows"][2]


def test_a_transfer_not_done_by_the_end_or_stopped_before_has_no_completion_time():
    s = run(_chain(_file(100_000_000), _file(5_000_000, stop_s=0.5))).summary
    assert [f["fct_s"] for f in s["flows"]] == [None, None]
    assert s["flows"][1]["data_pkts_acked"] < 5000


def test_the_completion_time_grows_with_the_size_and_with_competition():
    alone = [run(_chain(_file(n))).summary["flows"][0]["fct_s"] for n in (1000, 100_000, 1_000_000)]
    assert alone == sorted(alone) and alone[0] < alone[1] < alone[2]
    # alone it runs at its window's pace (20 packets an RTT of some 42 ms: 3.8 Mb/s); three
    # bulk flows beside it fill the 10 Mb/s link and leave it about a quarter
    shared = run(_chain(_file(1_000_000), *[{"start_s": 0.0}] * 3)).summary["flows"][0]["fct_s"]
    assert shared > 1.3 * alone[2]


def test_a_transfer_is_deterministic_and_checked_by_name():
    d = _chain(_file(123_456))
    assert run(d).summary_json == run(d).summary_json
    with pytest.raises(ScenarioError, match=r"flows\[0\]\.traffic\.size_bytes"):
        run(_chain(_file(0)))
    with pytest.raises(ScenarioError, match=r"flows\[0\]\.traffic: 'size_bytes' is a required property"):
        run(_chain({"traffic": {"type": "file"}}))
    with pytest.raises(ScenarioError, match=r"flows\[0\]\.traffic: unknown field 'rate_bps'"):
        run(_chain({"traffic": {"type": "file", "size_bytes": 10, "rate_bps": 1e6}}))


def test_satcc_run_reports_the_transfers(tmp_path, capsys):
    p = tmp_path / "t.json"
    p.write_text(json.dumps(_chain(_file(1000), _file(100_000_000))))
    assert satcc_cli.main(["run", str(p), "--out", str(tmp_path / "o"), "--no-plots"]) == 0
    out = capsys.readouterr().out
    assert "transfers: 1 of 2 completed, completion time median " in out
    s = json.loads((tmp_path / "o" / "summary.json").read_text())
    assert [f["fct_s"] is None for f in s["flows"]] == [False, True]


def test_the_constellation_example_completes_its_transfers():
    # scenarios/leo_transfers.yaml: transfers between cities over Starlink shell 1 with its
    # 15 s reassignments, beside two bulk flows; the 2 MB one starts half a second before
    # the first reassignment and crosses it
    from satcc.scenario import load

    s = run(load(Path(__file__).resolve().parents[1] / "scenarios" / "leo_transfers.yaml")).summary
    files = [f for f in s["flows"] if "fct_s" in f]
    assert len(files) == 5 and all(f["fct_s"] is not None for f in files)
    crossing = next(f for f in files if f["start_s"] == 14.5)
    assert crossing["start_s"] < 15.0 < crossing["start_s"] + crossing["fct_s"]
    assert all(f["data_pkts_acked"] == -(-f["size_bytes"] // 1460) for f in files)


def test_a_sweep_of_transfers_reports_their_completion(tmp_path):
    # the standard metrics of an experiment gain the share of transfers completed and
    # their mean completion time, with error bars over seeds like every metric
    from satcc.experiments import Experiment, Param
    from satcc.experiments.api import reproduce

    def build(size_bytes):
        return _chain(_file(size_bytes), _file(size_bytes, start_s=0.3), _file(50_000_000, start_s=0.1),
                      {"start_s": 0.0, "start_jitter_s": 0.2})

    exp = Experiment(id="test.transfers", title="T", source="test", build=build,
                     grid={"size_bytes": Param((20_000, 200_000))}, seeds=3)
    _, rep = reproduce(exp, store=tmp_path, jobs=1, quiet=True)
    rows = {(r["point"]["size_bytes"], r["metric"]): r for r in json.loads(
        (Path(rep["out_dir"]) / "report.json").read_text())["results"]}
    assert rows[(20_000, "transfers_completed")]["mean"] == pytest.approx(2 / 3)
    small, large = rows[(20_000, "fct_mean_s")], rows[(200_000, "fct_mean_s")]
    assert small["n"] == 3 and 0 < small["mean"] < large["mean"]


def test_a_transfer_handed_more_completes_when_the_last_packet_of_all_is_acknowledged():
    # traffic.more: ns-2's `$ftp send` during the run; the first message is done long
    # before the second comes, so the completion is the second's (read off the packets
    # table as above), and every packet of the three messages is sent once
    t = {"traffic": {"type": "file", "size_bytes": 20_000,
                     "more": [{"at_s": 2.0, "size_bytes": 1}, {"at_s": 3.0, "size_bytes": 15_500}]}}
    r = run(_chain(t, duration_s=6.0, capture=True))
    f = r.summary["flows"][0]
    assert (f["data_pkts_sent"], f["data_pkts_acked"]) == (20 + 1 + 16, 37)
    rows = r.packets.to_pylist()
    arrival = min(p["time_s"] for p in rows if p["ack"] and p["seqno"] >= 37)
    assert 3.0 < arrival and f["fct_s"] == pytest.approx(arrival - f["start_s"], abs=1e-9)
    # no message after the flow began, or out of order: refused by field
    bad = _chain({"start_s": 1.0, "traffic": {**t["traffic"], "more": [{"at_s": 0.5, "size_bytes": 9}]}})
    with pytest.raises(ScenarioError, match=r"flows\[0\]\.traffic\.more\[0\]\.at_s: 0\.5 is not a time at or after "
                                             r"the flow's start \(1(\.0)? s\)"):
        run(bad)
