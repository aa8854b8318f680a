"""The satcc command line.

    satcc run SCENARIO --out DIR     run one scenario (a file or a built-in example)
    satcc plot DIR                   plot a run's stored output
    satcc validate SCENARIO          check a scenario file
    satcc examples                   list the built-in example scenarios
    satcc bench                      the standard heavy benchmark (vs ns-2 if installed; --ns3)
    satcc list                       the experiment catalog
    satcc reproduce ID               run an experiment (sweep x seeds), store, report
    satcc report ID                  the report of an experiment from stored runs
    satcc paths SCENARIO --pairs A:B RTT, hops and path of ground-station pairs on a constellation
    satcc cities                     the built-in ground stations (100 most populous cities)
    satcc ns2 SCENARIO [--compare]   the same network as an ns-2 2.35 script; run both, counter for counter
    satcc from-ns2 SCRIPT            an ns-2 2.35 script (Tcl) as a satcc scenario
    satcc dev TOOL ...               developer tools (differential tests, golden runs, A/B bench)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from . import __version__
from .errors import FORMATS, ExperimentError, ScenarioError

# The commands import what they use when they run: `satcc --help`, `--version` and
# `validate` stay clear of numpy, pyarrow and the experiment machinery.


class CliError(Exception):
    pass


def _scenario(arg: str) -> "Scenario":  # noqa: F821
    from .scenario import load
    from .topology import EXAMPLES

    if arg in EXAMPLES:
        return EXAMPLES[arg]()
    p = Path(arg)
    if not p.exists():
        names = ", ".join(sorted(EXAMPLES))
        raise CliError(f"{arg}: no such scenario file, and not a built-in example (examples: {names})")
    if p.suffix.lower() not in FORMATS:
        raise CliError(f"{arg}: unknown scenario file type {p.suffix!r} (allowed: {', '.join(FORMATS)})")
    return load(p)


def _has_constellation(p: Path) -> bool:
    """Whether a scenario file has a top-level constellation section (read within the
    loader's bounds; a file that does not parse is left to the scenario loader)."""
    from . import limits

    try:
        if p.stat().st_size > limits.MAX_FILE_BYTES:
            return False
        d = limits.parse_text(p.read_text(encoding="utf-8"), FORMATS[p.suffix.lower()])
    except (OSError, UnicodeDecodeError, limits.LimitError):
        return False
    return isinstance(d, dict) and "constellation" in d


def _out_dir(arg: str, flag: str) -> Path:
    """An output directory the command may write: absent (made) or a directory."""
    p = Path(arg)
    if p.exists() and not p.is_dir():
        raise CliError(f"{flag}: {arg} is a file; name a directory (it is made if absent)")
    return p


def _print_summary(s: dict) -> None:
    t = s["totals"]
    print(f"scenario {s['scenario']}  seed {s['seed']}  {s['duration_s']:g} s simulated, {t['flows']} flows")
    if t["bottleneck"]:
        print(f"  bottleneck {t['bottleneck']}: utilization {100 * t['utilization']:.1f} %, "
              f"average queue {t['avg_queue_pkts']:.1f} packets")
    print(f"  throughput {t['throughput_mbps']:.3f} Mb/s, goodput {t['goodput_mbps']:.3f} Mb/s, "
          f"Jain {t['jain_fairness']:.3f}, loss rate {100 * t['loss_rate']:.3f} %, {t['rto_count']} timeouts")
    for g in s["groups"]:
        print(f"  group {g['group']}: {g['flows']} flows, mean throughput {g['mean_throughput_mbps']:.3f} Mb/s")
    files = [f for f in s["flows"] if "fct_s" in f]
    if files:
        done = sorted(f["fct_s"] for f in files if f["fct_s"] is not None)
        line = f"  transfers: {len(done)} of {len(files)} completed"
        if done:
            line += f", completion time median {done[len(done) // 2]:.4g} s, longest {done[-1]:.4g} s"
        print(line)
    udp = [f for f in s["flows"] if f.get("transport") == "udp"]
    if udp:
        sent = sum(f["data_pkts_sent"] for f in udp)
        lost = sum(f["data_pkts_dropped"] for f in udp)
        print(f"  UDP flows: {len(udp)}, {sum(f['goodput_mbps'] for f in udp):.3f} Mb/s arrived, "
              f"{100 * lost / sent if sent else 0.0:.3f} % of {sent} datagrams lost (Jain: TCP flows only)")
    pings = [f for f in s["flows"] if f.get("transport") == "ping"]
    for f in pings[:10]:
        p = f["pings"]
        rtt = (f", round trip min/mean/max {p['rtt_min_ms']:.1f}/{p['rtt_mean_ms']:.1f}/{p['rtt_max_ms']:.1f} ms"
               if p["answered"] else "")
        print(f"  ping {f['name']}: {p['answered']} of {p['sent']} answered, {p['requests_dropped']} requests and "
              f"{p['replies_dropped']} replies dropped{rtt}")
    if len(pings) > 10:
        print(f"  ... and {len(pings) - 10} more ping flows (summary.json, pings.parquet)")
    c = s.get("constellation")
    if c:
        line = (f"  constellation: {c['satellites']} satellites, {c['ground_stations']} ground stations, "
                f"{c['routing_steps']} routing steps, {c['handovers']} handovers")
        if c.get("drops_no_route"):
            # a run whose stations see no common path drops everything here, silently before
            line += (f"; {c['drops_no_route']} packets dropped with no route to their station "
                     "(`satcc paths SCENARIO --pairs A:B` shows when a pair has none)")
        print(line)


def cmd_run(a) -> int:
    from ._lazy import prefetch
    from .run import run

    sc = _scenario(a.scenario)
    d = sc.to_dict()
    if a.seed is not None:
        d["seed"] = a.seed
    if a.duration is not None:
        d["duration_s"] = a.duration
    for link in a.pcap or ():
        mon = d.setdefault("monitor", {})
        mon["capture"] = list(dict.fromkeys([*mon.get("capture", []), link]))
    out = _out_dir(a.out, "--out")
    for note in _transport_notes(d):
        print(note, file=sys.stderr)
    print(f"running {d.get('name', 'scenario')} ...", file=sys.stderr, flush=True)
    t0 = time.perf_counter()
    out.mkdir(parents=True, exist_ok=True)
    # what writing the results (and plotting them) imports, loaded during the run
    prefetch("pyarrow.parquet", *(() if a.no_plots else ("satcc.plot",)))
    res = run(d, progress=True, stream_dir=out)
    wall = time.perf_counter() - t0
    t1 = time.perf_counter()
    res.write(out)
    written = time.perf_counter() - t1
    print(f"done in {wall:.2f} s wall ({res.summary['totals']['events']} events), results written in "
          f"{written:.3f} s; results in {out}/", file=sys.stderr)
    _print_summary(res.summary)
    if a.pcap:
        from . import pcap

        for link in a.pcap:
            f = out / f"{link.replace('->', '_to_')}.pcap"
            n = pcap.write(res, link, f)
            print(f"pcap: {f} ({n} packets crossing {link})")
    if not a.no_plots:
        from .plot import plot_run  # matplotlib: 0.4 s to import, only when plots are drawn

        files = plot_run(out)
        print(f"plots: {', '.join(str(f) for f in files)}")
    res.close()
    global _EXIT_AT_ONCE
    _EXIT_AT_ONCE = True
    return 0


def cmd_plot(a) -> int:
    from .plot import plot_run

    files = plot_run(Path(a.run_dir), a.out and _out_dir(a.out, "--out"))
    print("\n".join(str(f) for f in files))
    return 0


def _transport_notes(d: dict) -> list[str]:
    """A note where Linux's controllers (those keeping rate samples: cubic, bbr) run on
    ns-2's transport without SACK: valid, and what REFWA's studies may want, but far from
    how Linux runs them (a 20-packet window by default, no SACK, ns-2's RTO)."""
    from . import registry, schema

    counts: dict[str, list[int]] = {}
    for i, f in enumerate(d.get("flows") or []):
        cc = f.get("cc") or registry.DEFAULT_CC
        entry = registry.controller(cc)
        t = schema.tcp_settings(d, f)
        if entry and entry["rate_samples"] and t["stack"] == "ns2" and not t["sack"]:
            counts.setdefault(cc, []).append(i)
    notes = [f"note: {cc} runs on ns-2's transport in flows {', '.join(map(str, ix[:5]))}{', ...' if len(ix) > 5 else ''} "
             "(tcp.stack ns2: no SACK, the window tcp.rwnd_pkts, ns-2's RTO); `tcp.stack: linux` runs it as Linux does "
             "(docs/schemes.md)" for cc, ix in counts.items()]
    # controllers whose segments leave bare (ns-2's Vegas): a SYN or headers asked for
    # are not sent
    bare: dict[str, list[int]] = {}
    for i, f in enumerate(d.get("flows") or []):
        cc = f.get("cc") or registry.DEFAULT_CC
        entry = registry.controller(cc)
        t = schema.tcp_settings(d, f, as_written=True)
        if entry and entry["bare_segments"] and t["use_headers"]:
            bare.setdefault(cc, []).append(i)
    for cc, ix in bare.items():
        notes.append(f"note: {cc} ({registry.controller(cc)['ns2_agent']}) sends no SYN and no headers, whatever "
                     f"tcp.use_headers says (tcp.syn only starts its window at 1), in flows {', '.join(map(str, ix[:5]))}"
                     f"{', ...' if len(ix) > 5 else ''} (docs/schemes.md)")
    # ECN needs both sides: senders with tcp.ecn and queues that mark (RED's, PI's, REM's)
    ecn_flows = [i for i, f in enumerate(d.get("flows") or [])
                 if schema.is_tcp(f) and schema.tcp_settings(d, f).get("ecn")]
    marks = {(q or {}).get("type") for link in d.get("links") or []
             for q in (link.get("queue"), (link.get("a_to_b") or {}).get("queue"), (link.get("b_to_a") or {}).get("queue"))
             if (q or {}).get("type") in ("red", "pi", "rem") and q.get("ecn")}
    if ecn_flows and not marks:
        notes.append(f"note: flows {', '.join(map(str, ecn_flows[:5]))}{', ...' if len(ecn_flows) > 5 else ''} run "
                     "tcp.ecn but no queue marks (a RED, PI or REM queue's ecn: true): their packets are dropped as "
                     "any other (docs/scenario.md, 'ECN')")
    if marks and not ecn_flows:
        for kind in sorted(marks & {"red", "pi"}):
            notes.append(f"note: a {kind.upper()} queue has ecn: true but no flow runs tcp.ecn: nothing is "
                         "ECN-capable, so it drops as it would without (docs/scenario.md, 'ECN')")
        if "rem" in marks:
            notes.append("note: a REM queue has ecn: true but no flow runs tcp.ecn: nothing is ECN-capable, and a "
                         "marking REM drops nothing early, so it drops only when full (docs/scenario.md, "
                         "'Random Exponential Marking')")
    notes += _udp_notes(d)
    return notes


def _udp_notes(d: dict) -> list[str]:
    """A note for each UDP flow whose source sends faster than the one link out of its
    host: nothing slows a UDP source, so the rest is lost at that link's queue."""
    from .schema import is_udp

    notes = []
    for i, f in enumerate(d.get("flows") or []):
        rate = (f.get("traffic") or {}).get("rate_bps")
        if not is_udp(f) or rate is None:
            continue
        out = [(link.get("a_to_b") or {}).get("rate_bps", link["rate_bps"]) if link["a"] == f["src"] else
               (link.get("b_to_a") or {}).get("rate_bps", link["rate_bps"])
               for link in d.get("links") or [] if f["src"] in (link["a"], link["b"])]
        if len(out) == 1 and rate > out[0]:
            notes.append(f"note: flows[{i}] ({f.get('name') or f'f{i}'}) is a UDP flow sending {rate / 1e6:g} Mb/s into "
                         f"its host's {out[0] / 1e6:g} Mb/s link: nothing slows it, so the rest is lost at that link's "
                         "queue")
    return notes


def cmd_validate(a) -> int:
    p = Path(a.scenario)
    if p.exists() and p.suffix.lower() in FORMATS and _has_constellation(p):
        from . import leo

        d = leo.load(p)
        if d is not None:
            n = leo.check(d["constellation"])
            what = (f"{a.scenario}: valid constellation ({n['satellites']} satellites in {n['shells']} "
                    f"shell{'s' * (n['shells'] != 1)}, {n['ground_stations']} ground stations)")
            if d.get("flows"):
                from .scenario import Scenario

                Scenario.from_dict(d)  # the whole scenario, for a packet run
                print(f"{what}, {sum(f.get('count', 1) for f in d['flows'])} flows")
            else:
                print(f"{what}; no flows: `satcc paths` runs it")
            return 0
    d = _scenario(a.scenario).to_dict()
    counts = [(len(d["nodes"]), "node"), (len(d["links"]), "link"), (sum(f.get("count", 1) for f in d["flows"]), "flow")]
    print(f"{a.scenario}: valid ({', '.join(f'{n} {w}' + 's' * (n != 1) for n, w in counts)})")
    for note in _transport_notes(d):
        print(note, file=sys.stderr)
    return 0


def cmd_examples(a) -> int:
    from .topology import EXAMPLES

    if a.dump:
        # the scenario alone, so that `satcc examples --dump X > x.json` is a scenario file
        if a.dump not in EXAMPLES:
            raise CliError(f"examples --dump: unknown example {a.dump!r} (examples: {', '.join(sorted(EXAMPLES))})")
        print(json.dumps(EXAMPLES[a.dump]().to_dict(), indent=1))
        return 0
    for name, fn in sorted(EXAMPLES.items()):
        doc = (fn.__doc__ or "").strip().splitlines()[0]
        print(f"{name:16s} {doc}")
    return 0


def cmd_bench(a) -> int:
    from .dev.bench import bench, sweep_bench

    if a.sweep:
        return sweep_bench(out=a.out)
    if a.scale:
        from .dev.bench import scale_bench

        return scale_bench(duration_s=a.duration, out=a.out)
    if a.instructions:
        from .dev.bench import instructions_bench

        return instructions_bench(duration_s=a.duration, with_ns2=not a.no_ns2, out=a.out, scenario=a.scenario)
    if a.startup:
        from .dev.bench import startup_bench

        return startup_bench(repeat=max(a.repeat, 5), out=a.out)
    if a.run:
        from .dev.bench import experiment_run_bench

        _load_catalogs(a.catalog)
        items = [it for it in (a.point or "").split(",") if it]
        grid = _grid_arg(items) or {}
        return experiment_run_bench(a.run, {k: v[0] for k, v in grid.items()}, out=a.out)
    if a.cc:
        from .dev.bench import cc_bench

        return cc_bench([c.strip() for c in a.cc.split(",") if c.strip()], duration_s=a.duration,
                        repeat=max(a.repeat, 1), out=a.out, scenario=a.scenario)
    if a.queue:
        from .dev.bench import queue_bench

        return queue_bench([q.strip() for q in a.queue.split(",") if q.strip()], duration_s=a.duration,
                           repeat=max(a.repeat, 1), out=a.out, scenario=a.scenario)
    return bench(duration_s=a.duration, with_ns2=not a.no_ns2, with_ns3=a.ns3, repeat=a.repeat, out=a.out,
                 scenario=a.scenario)


def _grid_arg(items: list[str] | None) -> dict | None:
    """--grid name=v1,v2: numbers where they parse as numbers."""
    if not items:
        return None
    out = {}
    for it in items:
        if "=" not in it:
            raise CliError(f"--grid: expected NAME=V1,V2,..., got {it!r}")
        k, vs = it.split("=", 1)
        vals = []
        for v in vs.split(","):
            try:
                vals.append(int(v) if v.strip().lstrip("-").isdigit() else float(v))
            except ValueError:
                vals.append(v)
        out[k.strip()] = vals
    return out


def _load_catalogs(paths) -> None:
    from .experiments import load_file

    for p in paths or []:
        load_file(p)


def cmd_list(a) -> int:
    from .experiments import all_experiments

    from .dev import runtimes
    from .papers import citation, cited, keys_in

    _load_catalogs(a.catalog)
    seen: list[str] = []
    machine = runtimes.load()["machine"]
    for e in all_experiments():
        n = 1
        for p in e.grid.values():
            n *= len(p.values)
        grid = ", ".join(f"{k} ({len(p.values)})" for k, p in e.grid.items()) or "-"
        print(f"{e.id}\n    {e.title}\n    source: {cited(e.source)}\n    grid: {grid}; {e.seeds} seeds, {n * e.seeds} runs"
              f"\n    expected time: {runtimes.human(runtimes.expected_s(e))}")
        seen += [k for k in keys_in(e.source) if k not in seen]
    if machine:
        print(f"\nexpected times: satcc reproduce ID from an empty store, measured {machine['measured']} on "
              f"{machine['cores']} cores ({machine['cpu']}) with {machine['jobs']} workers; `satcc reproduce --all` "
              "runs the whole catalog in less than their sum (runs that experiments share are made once)")
    if seen:
        print("\npapers:")
        for k in sorted(seen):
            print(f"  {citation(k)}")
    return 0


def cmd_schemes(a) -> int:
    from . import registry

    print("congestion controls (a flow's cc):")
    for c in registry.controllers():
        extra = [f"recovery {c['recovery']}"]
        if c["loss"] != "Congestion":
            extra.append(f"loss classifier {c['loss']}")
        if c["writes_rtt_code"]:
            extra.append("writes the RTT code")
        if c["ecn"]:
            extra.append("ECN with tcp.ecn")
        if c["router"]:
            extra.append(f"under {c['router']} routers")
        if c["settings"]:
            extra.append("reads tcp." + ", tcp.".join(c["settings"]))
        print(f"  {c['name']:<12} {c['about']}\n  {'':<12} ({'; '.join(extra)})")
    print("router schemes (schemes[].type):")
    for r in registry.routers():
        print(f"  {r['name']:<12} {r['about']}\n  {'':<12} (RTTs from {r['rtt_from']}; hosts {r['hosts']})")
    return 0


def _print_report(rep: dict) -> None:
    print(f"report: {rep['out_dir']}/report.html (and report.md, report.json, {len(rep['plots']) // 2} plots)")
    if not rep["complete"]:
        print(f"  incomplete: {rep['runs_stored']} of {rep['runs_expected']} runs")
    if rep.get("quick"):
        print("  quick run: claims not judged")
    for c in rep["claims"]:
        verdict = "not judged" if c["holds"] is None else ("holds" if c["holds"] else "DIFFERS")
        print(f"  [{verdict}] {c['statement']} -- ours: {c['ours']}")


def _one_or_all(a) -> None:
    """An experiment id, or --all (every experiment), not both."""
    if a.all and a.id:
        raise CliError(f"{a.command}: give an experiment id or --all, not both")
    if not a.all and not a.id:
        raise CliError(f"{a.command}: give an experiment id (satcc list shows the catalog) or --all")
    if a.all and a.grid:
        raise CliError("--grid: not with --all (each experiment has its own grid)")


def _stored_text(out) -> str:
    shared = f", {out.shared} of them by other experiments" if out.shared else ""
    return f"{out.total} runs ({out.already} already stored{shared}, {out.done} run now) in {out.wall_s:.1f} s"


def _print_all(reports: list) -> None:
    held = differ = 0
    for exp_id, rep, why in reports:
        if rep is None:
            print(f"  {exp_id}: no report ({why})")
            continue
        verdicts = [c["holds"] for c in rep["claims"]]
        held += sum(v is True for v in verdicts)
        differ += sum(v is False for v in verdicts)
        judged = ", ".join(f"{n} {w}" for n, w in ((sum(v is True for v in verdicts), "hold"),
                                                      (sum(v is False for v in verdicts), "DIFFER"),
                                                      (sum(v is None for v in verdicts), "not judged")) if n)
        print(f"  {exp_id}: {judged or 'no claims'}{'' if rep['complete'] else ' (incomplete)'} -> {rep['out_dir']}/report.html")
    print(f"claims: {held} hold, {differ} differ")


def cmd_reproduce(a) -> int:
    from .experiments.api import reproduce, reproduce_all

    _load_catalogs(a.catalog)
    _one_or_all(a)
    out_arg = a.out and _out_dir(a.out, "--out")
    if a.all:
        out, reports = reproduce_all(store=a.store, out=out_arg, seeds=a.seeds, quick=a.quick, jobs=a.jobs,
                                     cluster=a.cluster)
        print(f"catalog: {_stored_text(out)}; {len(reports) or 'no'} experiments' reports in {out.reports_s:.1f} s")
        _print_all(reports)
        return 130 if out.interrupted else 0
    out, rep = reproduce(a.id, store=a.store, out=out_arg, seeds=a.seeds, quick=a.quick, jobs=a.jobs,
                         cluster=a.cluster, grid=_grid_arg(a.grid))
    print(f"{a.id}: {_stored_text(out)}")
    if rep:
        _print_report(rep)
    return 130 if out.interrupted else 0


def cmd_report(a) -> int:
    from .experiments.api import report

    _load_catalogs(a.catalog)
    _one_or_all(a)
    if a.all:
        from .experiments import all_experiments
        from .experiments.definition import ExperimentError

        reports = []
        for e in all_experiments():
            try:
                out = a.out and _out_dir(a.out, "--out") / (e.id + ("-quick" if a.quick else ""))
                reports.append((e.id, report(e, store=a.store, out=out, seeds=a.seeds, quick=a.quick), ""))
            except ExperimentError as ex:
                reports.append((e.id, None, str(ex)))
        _print_all(reports)
        return 0
    rep = report(a.id, store=a.store, out=a.out and _out_dir(a.out, "--out"), seeds=a.seeds, quick=a.quick, grid=_grid_arg(a.grid))
    _print_report(rep)
    return 0


# `satcc bench --scenario` choices: satcc.dev.bench.SCENARIOS's names, listed here so
# that building the parser does not import the bench (and what it imports) on every
# command (a test keeps the two alike)
BENCH_SCENARIOS = ("standard", "oc12-one-to-many", "starlink-state")

# developer tools: `satcc dev NAME ARGS` runs satcc.dev.NAME's main(ARGS)
DEV_TOOLS = {
    "difftest": "differential tests against ns-2 2.35: compare (committed reference) or refresh (needs ns-2)",
    "golden": "golden runs: record or check every catalog experiment's quick runs (refactors change nothing)",
    "abbench": "is a change slower? two builds timed alternately in one call",
    "schema": "the scenario contract's checked-in copy: check or write it from the core",
    "runtimes": "measure each catalog experiment's expected run time (satcc list shows it)",
}


def cmd_paths(a) -> int:
    from . import leo

    p = Path(a.scenario)
    if not p.exists():
        raise CliError(f"{a.scenario}: no such scenario file")
    d = leo.load(p)
    if a.step_ms is not None and not (a.step_ms >= 1):
        raise CliError(f"--step-ms: must be at least 1, got {a.step_ms:g}")
    out = _out_dir(a.out, "--out")
    t0 = time.perf_counter()
    res = leo.paths(d, a.pairs, step_ms=a.step_ms, duration_s=a.duration, progress=True)
    wall = time.perf_counter() - t0
    files = leo.write(res, out, plots=not a.no_plots)
    print(f"{res.satellites} satellites, {len(res.ground_stations)} ground stations: {res.routing_steps} routing "
          f"steps in {wall:.2f} s wall", file=sys.stderr)
    for s in res.summary()["pairs"]:
        if s["rtt_ms_min"] is None:
            print(f"  {s['src']} - {s['dst']}: no route at any sample")
            continue
        print(f"  {s['src']} - {s['dst']}: RTT {s['rtt_ms_min']:.2f} .. {s['rtt_ms_max']:.2f} ms "
              f"(mean {s['rtt_ms_mean']:.2f}), {s['hops_min']}..{s['hops_max']} hops, "
              f"{s['path_changes']} path changes" + (f", no route at {s['no_route_samples']} samples"
                                                     if s["no_route_samples"] else ""))
    print("written: " + ", ".join(str(f) for f in files))
    return 0


def _in_both(what: str, in_ns2, in_satcc) -> tuple:
    """`satcc ns2 --compare` and `satcc from-ns2 --compare`: ns-2's side, then satcc's,
    each timed: (ns-2's result, satcc's, ns-2's wall seconds, satcc's)."""
    from . import ns2

    if not ns2.available():
        raise CliError("--compare: ns-2 is not installed (apt-get install -y ns2)")
    print(f"running {what} in ns-2 ...", file=sys.stderr, flush=True)
    t0 = time.perf_counter()
    try:
        theirs = in_ns2()
    except RuntimeError as e:
        raise CliError(f"--compare: {e}") from None
    t1 = time.perf_counter()
    print("... and in satcc", file=sys.stderr, flush=True)
    ours = in_satcc()
    return theirs, ours, t1 - t0, time.perf_counter() - t1


def cmd_from_ns2(a) -> int:
    from . import ns2_import
    from .scenario import Scenario, validate

    if a.duration is not None and not (0 < a.duration <= 1e6):
        raise CliError(f"--duration: must be in (0, 1e6] seconds, got {a.duration:g}")
    if a.out and Path(a.out).suffix.lower() not in (".yaml", ".yml", ".json"):
        raise CliError(f"--out: {a.out}: write a .yaml or .json scenario")
    print(f"reading {a.script} ...", file=sys.stderr, flush=True)
    imp = ns2_import.from_tcl(a.script, argv=a.arg, duration_s=a.duration)
    validate(imp.scenario)
    sc = imp.scenario
    nf = len(sc["flows"])
    print(f"{sc['name']}: {len(sc['nodes'])} nodes, {len(sc['links'])} links, {nf} flow{'s' * (nf != 1)}, "
          f"{sc['duration_s']:g} s", file=sys.stderr)
    for n in imp.notes:
        print(f"  note: {n}", file=sys.stderr)
    if not a.compare:
        # (with --compare they are printed beside the counts, if those differ)
        for why in imp.in_law:
            print(f"  note: ns-2 would agree with it in law, not draw for draw: {why}", file=sys.stderr)
    if a.out:
        Scenario.from_dict(sc).save(a.out)
        print(f"wrote {a.out}", file=sys.stderr)
    elif not a.compare:
        import yaml

        sys.stdout.write(yaml.safe_dump(sc, sort_keys=False))
    if not a.compare:
        return 0
    from . import ns2

    theirs, ours, t_ns2, t_satcc = _in_both(a.script, lambda: ns2_import.ns2_counts(a.script, argv=a.arg, until_s=sc["duration_s"]),
                                           lambda: ns2_import.satcc_counts(imp))
    names = [n["name"] for n in sc["nodes"]]

    def named(k):
        i, j = k.split("->")
        return f"{names[int(i)]}->{names[int(j)]}"

    print(f"{sc['name']}: {len(theirs)} link directions, {sc['duration_s']:g} s simulated (ns-2 {t_ns2:.2f} s "
          f"wall, satcc {t_satcc:.2f} s wall)")
    print("links: [arrivals, departures, drops] in satcc | in ns-2")
    width = max((len(named(k)) for k in theirs), default=0)
    apart = 0
    for k, t in sorted(theirs.items(), key=lambda kv: [int(x) for x in kv[0].split("->")]):
        o = ours.get(k)
        same = ns2.link_counters_agree(o, t)
        apart += not same
        print(f"  {named(k):<{width}}  {o} | {t}" + ("" if same else "   <- differs"))
    if apart:
        print(f"{apart} of {len(theirs)} link directions differ")
        if imp.in_law:
            print("the two runs agree in law, not draw for draw, where (docs/scenario.md, \"From an ns-2 script\"):")
            for why in imp.in_law:
                print(f"  - {why}")
        return 1
    print("identical to ns-2, link direction for link direction (a link's departures within the packet on the "
          "wire at the end, which ns-2 counts when it starts)")
    return 0


def cmd_ns2(a) -> int:
    from . import ns2

    d = _scenario(a.scenario).to_dict()
    if "constellation" in d:
        raise CliError(f"{a.scenario}: a moving constellation has no ns-2 form (ns-2 has no moving links); "
                       "`satcc paths` shows its paths")
    if a.duration is not None:
        if not (0 < a.duration <= 1e6):
            raise CliError(f"--duration: must be in (0, 1e6] seconds, got {a.duration:g}")
        d["duration_s"] = a.duration
    if not 0 < a.ns2_seed < 2**31 - 1:
        raise CliError(f"--ns2-seed: must be in [1, {2**31 - 2}], got {a.ns2_seed}")
    # each sender's RTT clock phase as ns-2 draws it, in both simulators
    sc = d if a.no_pin else ns2.pin_tick_phases(d, a.ns2_seed)
    tcl = ns2.to_tcl(sc, ns2_seed=a.ns2_seed)
    if a.tcl:
        Path(a.tcl).write_text(tcl)
        print(f"wrote {a.tcl}", file=sys.stderr)
    elif not a.compare:
        sys.stdout.write(tcl)
    if not a.compare:
        return 0
    from .run import run

    raw, summary, t_ns2, t_satcc = _in_both(d.get("name", "scenario"), lambda: ns2.run_tcl(tcl),
                                           lambda: run(sc).summary)
    ours, theirs = ns2.counters_from_satcc(summary), ns2.counters_from_ns2(sc, raw)
    diffs = ns2.differences(ours, theirs)
    nf, nl = len(theirs["flows"]), len(theirs["links"])
    print(f"{d.get('name', 'scenario')}: {nf} flow{'s' * (nf != 1)}, {nl} link direction{'s' * (nl != 1)}, "
          f"{d['duration_s']:g} s simulated (ns-2 {t_ns2:.2f} s wall, satcc {t_satcc:.2f} s wall)")
    udp = " (a UDP flow: [datagrams received])" if any(len(v) == 1 for v in theirs["flows"].values()) else ""
    uncounted = " (None: ns-2's Fack keeps no count of its timeouts)" if any(
        None in v for v in theirs["flows"].values()) else ""
    rows = [("flow", f"[acked, sent, retransmitted, timeouts]{udp}{uncounted}", "flows"),
            ("link", "[arrivals, departures, drops]", "links")]
    for kind, what, key in rows:
        print(f"{kind}s: {what} in satcc | in ns-2")
        width = max((len(n) for n in theirs[key]), default=0)
        for name, t in theirs[key].items():
            o = ours[key].get(name)
            same = ns2.link_counters_agree(o, t) if kind == "link" else ns2.flow_counters_agree(o, t)
            print(f"  {name:<{width}}  {o} | {t}" + ("" if same else "   <- differs"))
    for name, t in theirs.get("fct", {}).items():
        print(f"  transfer {name}: completed at {ours.get('fct', {}).get(name)} s in satcc | {t} s in ns-2")
    if all(ns2.is_tcp(f) for f in sc["flows"]):
        # the aggregates the differential tests compare (satcc.ns2.comparable), which
        # is what runs on draws of their own can agree in
        m, n = ns2.comparable(sc, summary), ns2.metrics_from_ns2(sc, raw)
        print("aggregates in satcc | in ns-2:")
        print(f"  goodput {m['goodput_mbps']:.3f} | {n['goodput_mbps']:.3f} Mb/s, Jain index {m['jain']:.4f} | "
              f"{n['jain']:.4f}, loss rate {100 * m['loss_rate']:.3f} | {100 * n['loss_rate']:.3f} %, "
              f"timeouts {m['rto_count']} | {n['rto_count']}"
              + (f", {d['monitor']['bottleneck']} utilization {m['utilization']:.4f} | {n['utilization']:.4f}"
                 if m["utilization"] is not None and n["utilization"] is not None else ""))
    notes = ns2.own_draws(sc)
    if diffs:
        print(f"{len(diffs)} of the counters differ from ns-2's")
    else:
        print("identical to ns-2, counter for counter (a link's departures within the packet on the wire at the end, "
              "which ns-2 counts when it starts)")
    if notes:
        print(f"note: {', '.join(notes)} draw from satcc's own streams, not ns-2's generator: the two runs agree in "
              "law, not packet for packet; set ns2_rng_seed in the scenario to take ns-2's draws in both",
              file=sys.stderr)
    if a.no_pin:
        print("note: --no-pin: each simulator draws its senders' RTT clock phases; runs part at the first timeout "
              "that fires in one only", file=sys.stderr)
    return 1 if diffs else 0


def cmd_cities(a) -> int:
    from .leo import cities

    for i, (name, lat, lon) in enumerate(cities(), 1):
        print(f"{i:3d}  {name:20s} {lat:9.4f} {lon:10.4f}")
    return 0


def cmd_dev(a) -> int:
    import importlib

    if a.tool is None:
        for name, about in DEV_TOOLS.items():
            print(f"{name:10s} {about}")
        print("\nsatcc dev TOOL --help for a tool's options; `satcc bench` times satcc against ns-2 and ns-3")
        return 0
    return importlib.import_module(f"satcc.dev.{a.tool}").main(a.args) or 0


def _budget_args(p) -> None:
    p.add_argument("--memory-budget", metavar="SIZE",
                   help="refuse a run estimated to need more memory (e.g. 8G; default 4G or SATCC_MEMORY_BUDGET)")
    p.add_argument("--event-budget", metavar="N",
                   help="refuse a run estimated to take more events (default 1e11 or SATCC_EVENT_BUDGET)")


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="satcc", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--version", action="version", version=f"satcc {__version__}")
    sub = ap.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="run one scenario and write summary.json, Parquet tables and plots")
    r.add_argument("scenario", help="scenario file (.toml/.yaml/.json) or built-in example name")
    r.add_argument("--out", required=True, help="output directory")
    r.add_argument("--seed", type=int, help="override the scenario's seed")
    r.add_argument("--duration", type=float, help="override duration_s")
    r.add_argument("--no-plots", action="store_true", help="skip the plots")
    r.add_argument("--pcap", action="append", metavar="LINK",
                   help="write the packets crossing link direction LINK (e.g. S1->S2) as OUT/S1_to_S2.pcap, "
                        "for Wireshark and tshark (repeatable)")
    _budget_args(r)
    r.set_defaults(fn=cmd_run)
    p = sub.add_parser("plot", help="plot a run's output directory")
    p.add_argument("run_dir")
    p.add_argument("--out", help="where to write the PNGs (default RUN_DIR/plots)")
    p.set_defaults(fn=cmd_plot)
    v = sub.add_parser("validate", help="check a scenario without running it")
    v.add_argument("scenario")
    v.set_defaults(fn=cmd_validate)
    e = sub.add_parser("examples", help="list built-in example scenarios")
    e.add_argument("--dump", metavar="NAME", help="print an example as JSON")
    e.set_defaults(fn=cmd_examples)
    b = sub.add_parser("bench", help="a heavy scenario: wall time, events/s, transmissions/s, ratio to ns-2")
    b.add_argument("--scenario", default="standard", choices=BENCH_SCENARIOS,
                   help="standard: 155 Mb/s, 32 flows (issue 2); oc12-one-to-many: T-REFWA's Table III "
                        "network at 622 Mb/s, 128 flows; starlink-state: routes of Starlink shell 1 toward the "
                        "100 cities every 100 ms, no packets (default standard)")
    b.add_argument("--duration", type=float, help="simulated seconds (default 60; starlink-state 200)")
    b.add_argument("--no-ns2", action="store_true", help="do not run ns-2 even if installed")
    b.add_argument("--ns3", action="store_true",
                   help="also run the scenario in ns-3 (pip install 'satcc[ns3]'; about 90 s for 60 s simulated)")
    b.add_argument("--repeat", type=int, default=1, help="satcc repetitions (best time is reported)")
    b.add_argument("--out", help="write the figures as JSON to this file")
    b.add_argument("--sweep", action="store_true", help="time a 40-run sweep with 1 job and with all cores")
    b.add_argument("--scale", action="store_true",
                   help="Table III's OC48 run (512 flows, 2400 Mb/s) and the catalog's largest constellation run, "
                        "each with twice the flows, rates, both")
    b.add_argument("--instructions", action="store_true",
                   help="count the instructions of the whole `satcc run` process, its run call and the ns-2 "
                        "process with callgrind (needs valgrind; slow: minutes for ns-2)")
    b.add_argument("--startup", action="store_true",
                   help="time `satcc --version`, `--help` and `validate` as fresh processes (--repeat, at least 5)")
    b.add_argument("--run", metavar="EXPERIMENT", help="time one run of a catalog experiment (with --point)")
    b.add_argument("--point", metavar="K=V,K=V", help="the grid point of --run, e.g. link=OC3,scheme=refwa")
    b.add_argument("--catalog", action="append", help="also load experiments from this file")
    b.add_argument("--cc", metavar="NAME,NAME+linux,...",
                   help="time the scenario with every flow running each controller, alternated --repeat times "
                        "(NAME+linux: with a Linux sender's transport, SACK, initial window 10, Linux's RTO); "
                        "ratios to the first")
    b.add_argument("--queue", metavar="TYPE,TYPE,...",
                   help="time the scenario with its bottleneck's queue as each of droptail, sfq, drr (ns-2's fair "
                        "schedulers), pi (ns-2's PI AQM), rem (ns-2's REM, dropping), rem-ecn (REM marking, the flows "
                        "with ECN), the same buffer, alternated --repeat times; ratios to the first")
    b.set_defaults(fn=cmd_bench)
    li = sub.add_parser("list", help="list the experiment catalog")
    li.add_argument("--catalog", action="append", help="also load experiments from this file (.py/.toml/.yaml)")
    li.set_defaults(fn=cmd_list)
    sc = sub.add_parser("schemes", help="list the congestion controls and router schemes (the registry)")
    sc.set_defaults(fn=cmd_schemes)
    for name, fn, hlp in (("reproduce", cmd_reproduce, "run an experiment's missing runs, then report"),
                          ("report", cmd_report, "report an experiment from stored runs")):
        x = sub.add_parser(name, help=hlp)
        x.add_argument("id", nargs="?", help="experiment id (satcc list)")
        x.add_argument("--all", action="store_true",
                       help="every experiment of the catalog (and of --catalog files)" + (
                           ": one sweep, each shared run once, longest runs first; then every report"
                           if name == "reproduce" else ""))
        x.add_argument("--seeds", type=int, help="seeds per grid point (default: the experiment's)")
        x.add_argument("--quick", action="store_true", help="short runs and 2 seeds, to exercise the pipeline")
        x.add_argument("--grid", action="append", metavar="NAME=V1,V2", help="replace a grid dimension's values")
        x.add_argument("--store", default="satcc-results", help="results store directory (default satcc-results)")
        x.add_argument("--out", help="report directory (default STORE/reports/ID; with --all, OUT/ID)")
        x.add_argument("--catalog", action="append", help="also load experiments from this file (.py/.toml/.yaml)")
        if name == "reproduce":
            x.add_argument("--jobs", type=int, help="local worker processes (default: all cores)")
            x.add_argument("--cluster", metavar="ADDRESS", help="Dask scheduler address, e.g. tcp://host:8786")
            _budget_args(x)
        x.set_defaults(fn=fn)
    pa_ = sub.add_parser("paths", help="propagation RTT, hops and satellite path of ground-station pairs over "
                                       "time on a scenario's constellation, without packets (Parquet and a plot)")
    pa_.add_argument("scenario", help="scenario file with a constellation section (.toml/.yaml/.json)")
    pa_.add_argument("--pairs", required=True, help="SRC:DST,SRC:DST ground station names, e.g. Paris:Moscow")
    pa_.add_argument("--step-ms", type=float, help="sample interval (default: the routing interval)")
    pa_.add_argument("--duration", type=float, help="override duration_s")
    pa_.add_argument("--out", required=True, help="output directory (paths.parquet, paths.json, paths.png)")
    pa_.add_argument("--no-plots", action="store_true", help="skip the plot")
    _budget_args(pa_)
    pa_.set_defaults(fn=cmd_paths)
    em = sub.add_parser("emulate", help="real Linux TCP connections through the scenario's network, in real time "
                                        "(root; hosts are network namespaces on TUN devices)")
    em.add_argument("scenario", help="scenario file (.toml/.yaml/.json); flows between real hosts run on Linux")
    em.add_argument("--out", required=True, help="output directory (summary.json, scenario.json, tcp_info.parquet)")
    em.add_argument("--hosts", help="NODE,NODE real hosts (default: every end of every flow)")
    em.add_argument("--cc", default="reno", help="Linux congestion control of the real flows: NAME for all, or "
                                                 "FLOW=NAME,...,*=NAME per flow name (default reno; what "
                                                 "/proc/sys/net/ipv4/tcp_available_congestion_control offers)")
    em.add_argument("--sysctl", action="append", default=[], metavar="KEY=VALUE",
                    help="a net.* setting of every real host's namespace (repeatable), e.g. net.ipv4.tcp_sack=0")
    em.add_argument("--duration", type=float, help="override duration_s")
    em.add_argument("--no-plots", action="store_true", help="skip the plots")
    em.add_argument("--lateness-bound-ms", type=float, default=0.5,
                    help="p99 lateness of events above which the run is reported not valid (default 0.5 ms)")
    em.set_defaults(fn=cmd_emulate)
    n2 = sub.add_parser("ns2", help="the scenario as an equivalent ns-2 2.35 script (stdout or --tcl); with "
                                    "--compare, run it in ns-2 and satcc and show both counter for counter",
                        description="Write the scenario as an ns-2 2.35 Tcl script (each sender's RTT clock phase "
                                    "pinned to ns-2's draw, in both simulators) and, with --compare, run it in ns-2 "
                                    "and the scenario in satcc: every flow's and link direction's counters side by "
                                    "side. Exit status 1 when any differ. What ns-2 cannot express is refused by "
                                    "name (docs/scenario.md).")
    n2.add_argument("scenario", help="scenario file (.toml/.yaml/.json) or built-in example")
    n2.add_argument("--tcl", metavar="FILE", help="write the script here (default: stdout, unless --compare)")
    n2.add_argument("--compare", action="store_true", help="run ns-2 (the `ns` command) and satcc, compare counters")
    n2.add_argument("--ns2-seed", type=int, default=1, help="ns-2's $defaultRNG seed for the RTT clock phases "
                                                            "(default 1)")
    n2.add_argument("--no-pin", action="store_true", help="leave each simulator to draw its senders' RTT clock "
                                                          "phases (runs then agree in law only)")
    n2.add_argument("--duration", type=float, help="override duration_s")
    n2.set_defaults(fn=cmd_ns2)
    fn2 = sub.add_parser("from-ns2", help="an ns-2 2.35 script (Tcl) as a satcc scenario (stdout or --out)",
                         description="Read an ns-2 2.35 script as a satcc scenario: the script runs in Tcl against a "
                                     "stand-in for ns-2's Simulator (its loops and procs run as in ns), and its "
                                     "nodes, links, queues, error models, TCP and UDP agents and applications become "
                                     "the scenario. What satcc does not model is refused by name; tracing and "
                                     "drawing are noted and left out (docs/scenario.md, \"From an ns-2 script\"). "
                                     "Needs tclsh.")
    fn2.add_argument("script", help="the ns-2 script (.tcl)")
    fn2.add_argument("--out", metavar="FILE", help="write the scenario here (.yaml or .json; default: YAML on stdout)")
    fn2.add_argument("--duration", type=float, help="the run's length, for a script that never exits or halts")
    fn2.add_argument("--compare", action="store_true",
                     help="run the script in ns-2 (the `ns` command, a queue monitor on every link) and the "
                          "scenario in satcc: every link direction's counters side by side; exit 1 if any differ")
    fn2.add_argument("--arg", action="append", default=[], metavar="VALUE",
                     help="an argument the script reads from argv (repeatable, in order)")
    fn2.set_defaults(fn=cmd_from_ns2)
    ci = sub.add_parser("cities", help="the built-in ground stations: the 100 most populous cities")
    ci.set_defaults(fn=cmd_cities)
    dv = sub.add_parser("dev", help="developer tools: " + ", ".join(DEV_TOOLS) + " (satcc dev lists them)")
    dv.add_argument("tool", nargs="?", choices=tuple(DEV_TOOLS), help="the tool (none: list them)")
    dv.add_argument("args", nargs=argparse.REMAINDER, help="its arguments")
    dv.set_defaults(fn=cmd_dev)
    return ap


def cmd_emulate(a) -> int:
    from .emulate import emulate
    from .scenario import load

    d = load(a.scenario).to_dict()
    if a.duration is not None:
        if not (0 < a.duration <= 86400):
            raise CliError(f"--duration: must be in (0, 86400] seconds for a run in real time, got {a.duration:g}")
        d["duration_s"] = a.duration
    hosts = [h.strip() for h in a.hosts.split(",") if h.strip()] if a.hosts else None
    print(f"satcc emulate: {d.get('name', 'scenario')}, {d['duration_s']:g} s in real time ...", file=sys.stderr)
    cc = a.cc
    if "=" in cc:
        pairs = [p.split("=", 1) for p in cc.split(",") if p.strip()]
        if any(len(p) != 2 or not p[0].strip() or not p[1].strip() for p in pairs):
            raise CliError(f"--cc: NAME, or FLOW=NAME pairs separated by commas, got {a.cc!r}")
        cc = {k.strip(): v.strip() for k, v in pairs}
    sysctls = {}
    for kv in a.sysctl:
        k, eq, v = kv.partition("=")
        if not eq or not k.strip():
            raise CliError(f"--sysctl: KEY=VALUE, got {kv!r}")
        sysctls[k.strip()] = v.strip()
    s = emulate(d, a.out, hosts=hosts, cc=cc, lateness_bound_ms=a.lateness_bound_ms, sysctls=sysctls)
    rt = s.get("realtime") or {}
    for f in s["flows"]:
        if "real" in f:
            print(f"{f['name']}: {f['src']} -> {f['dst']} {f['real']['cc']}: goodput {f['real']['goodput_mbps']:.3f} Mb/s")
    if "real_jain_fairness" in s["totals"]:
        print(f"Jain index of the real flows' goodput: {s['totals']['real_jain_fairness']:.4f}")
    print(f"lateness: median {rt.get('lateness_median_ms', 0):.3f} ms, p99 {rt.get('lateness_p99_ms', 0):.3f} ms, "
          f"max {rt.get('lateness_max_ms', 0):.3f} ms ({'valid' if rt.get('valid') else 'NOT VALID'}); "
          f"real packets {json.dumps(rt.get('real_packets'))}")
    eps = rt.get("late_episodes") or []
    if eps:
        w = max(eps, key=lambda e: e["max_late_ms"])
        print(f"late episodes (events over {rt.get('lateness_bound_ms', 0):g} ms): {len(eps)}, "
              f"{sum(e['events'] for e in eps)} events; the worst {w['max_late_ms']:.3f} ms late at "
              f"{w['start_s']:.4f}-{w['end_s']:.4f} s (summary.json realtime.late_episodes)")
    else:
        print(f"late episodes (events over {rt.get('lateness_bound_ms', 0):g} ms): none")
    if rt.get("host_steal_ms") is not None:
        print(f"the hypervisor took {rt['host_steal_ms']:.0f} ms of CPU time ({rt['host_steal_pct']:.1f} %) during "
              f"the run; the loop was preempted {rt.get('loop_preemptions')} times (realtime.host_steal_ms, "
              f"loop_preemptions)")
    if not a.no_plots:
        from .plot import plot_run

        files = plot_run(Path(a.out))
        print(f"plots: {', '.join(str(f) for f in files)}")
    print(f"wrote {a.out}")
    return 0 if rt.get("valid") else 3


def main(argv=None) -> int:
    ap = build_parser()
    a = ap.parse_args(argv)
    try:
        if getattr(a, "seed", None) is not None and not (0 <= a.seed < 2**64):
            raise CliError(f"--seed: must be in [0, 2^64), got {a.seed}")
        if getattr(a, "repeat", 1) < 1:
            raise CliError("--repeat: must be at least 1")
        import os

        from .run import parse_size

        # budgets go through the environment, so a sweep's worker processes have them too
        for flag, env in (("memory_budget", "SATCC_MEMORY_BUDGET"), ("event_budget", "SATCC_EVENT_BUDGET")):
            if getattr(a, flag, None) is not None:
                parse_size(a.__dict__[flag], "--" + flag.replace("_", "-"))
                os.environ[env] = a.__dict__[flag]
        return a.fn(a)
    except (ScenarioError, CliError, ExperimentError) as e:
        print(f"satcc: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("satcc: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `satcc list | head`: the reader has what it wanted
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as e:  # plot errors, I/O errors: one line, no traceback
        from .plot import PlotError

        if isinstance(e, (PlotError, OSError)):
            print(f"satcc: error: {e}", file=sys.stderr)
            return 2
        raise


# Set by a command that has written and closed everything it makes (`satcc run`): the
# process may then end without the interpreter's teardown (see `console`).
_EXIT_AT_ONCE = False


def console() -> None:
    """The `satcc` command. After a command that has written and closed everything it
    makes, the process ends at once (os._exit) once stdout and stderr are flushed: the
    interpreter's teardown, which frees every module and a run's memory one object at a
    time, took 30 ms of the 0.8 s `satcc run` of the standard bench scenario
    (BENCHMARKS.md). Other commands, and `main` called from Python, end as usual."""
    rc = main()
    if _EXIT_AT_ONCE:
        import os

        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except BrokenPipeError:  # the reader went away: nothing left to tell it
            pass
        os._exit(rc)
    raise SystemExit(rc)


if __name__ == "__main__":
    console()
