"""The satcc command line.

    satcc run SCENARIO --out DIR     run one scenario (a file or a built-in example)
    satcc plot DIR                   plot a run's stored output
    satcc validate SCENARIO          check a scenario file
    satcc examples                   list the built-in example scenarios
    satcc bench                      the standard heavy benchmark (vs ns-2 if installed)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from . import __version__
from .scenario import FORMATS, Scenario, ScenarioError, load


class CliError(Exception):
    pass


def _scenario(arg: str) -> Scenario:
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


def cmd_run(a) -> int:
    from .plot import plot_run
    from .run import run

    sc = _scenario(a.scenario)
    d = sc.to_dict()
    if a.seed is not None:
        d["seed"] = a.seed
    if a.duration is not None:
        d["duration_s"] = a.duration
    out = Path(a.out)
    print(f"running {d.get('name', 'scenario')} ...", file=sys.stderr, flush=True)
    t0 = time.perf_counter()
    res = run(d)
    wall = time.perf_counter() - t0
    res.write(out)
    print(f"done in {wall:.2f} s wall ({res.summary['totals']['events']} events); results in {out}/",
          file=sys.stderr)
    _print_summary(res.summary)
    if not a.no_plots:
        files = plot_run(out)
        print(f"plots: {', '.join(str(f) for f in files)}")
    return 0


def cmd_plot(a) -> int:
    from .plot import plot_run

    files = plot_run(Path(a.run_dir), a.out)
    print("\n".join(str(f) for f in files))
    return 0


def cmd_validate(a) -> int:
    sc = _scenario(a.scenario)
    d = sc.to_dict()
    print(f"{a.scenario}: valid ({len(d['nodes'])} nodes, {len(d['links'])} links, "
          f"{sum(f.get('count', 1) for f in d['flows'])} flows)")
    return 0


def cmd_examples(a) -> int:
    from .topology import EXAMPLES

    for name, fn in sorted(EXAMPLES.items()):
        doc = (fn.__doc__ or "").strip().splitlines()[0]
        print(f"{name:12s} {doc}")
    if a.dump:
        if a.dump not in EXAMPLES:
            raise CliError(f"examples --dump: unknown example {a.dump!r} (examples: {', '.join(sorted(EXAMPLES))})")
        print(json.dumps(EXAMPLES[a.dump]().to_dict(), indent=1))
    return 0


def cmd_bench(a) -> int:
    from .bench import bench

    return bench(duration_s=a.duration, with_ns2=not a.no_ns2, repeat=a.repeat, out=a.out)


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
    b = sub.add_parser("bench", help="standard heavy scenario: wall time, events/s, transmissions/s, ratio to ns-2")
    b.add_argument("--duration", type=float, default=60.0, help="simulated seconds (default 60)")
    b.add_argument("--no-ns2", action="store_true", help="do not run ns-2 even if installed")
    b.add_argument("--repeat", type=int, default=1, help="satcc repetitions (best time is reported)")
    b.add_argument("--out", help="write the figures as JSON to this file")
    b.set_defaults(fn=cmd_bench)
    return ap


def main(argv=None) -> int:
    ap = build_parser()
    a = ap.parse_args(argv)
    try:
        if getattr(a, "seed", None) is not None and not (0 <= a.seed < 2**64):
            raise CliError(f"--seed: must be in [0, 2^64), got {a.seed}")
        if getattr(a, "repeat", 1) < 1:
            raise CliError("--repeat: must be at least 1")
        return a.fn(a)
    except (ScenarioError, CliError) as e:
        print(f"satcc: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("satcc: interrupted", file=sys.stderr)
        return 130
    except Exception as e:  # plot errors, I/O errors: one line, no traceback
        from .plot import PlotError

        if isinstance(e, (PlotError, OSError)):
            print(f"satcc: error: {e}", file=sys.stderr)
            return 2
        raise


if __name__ == "__main__":
    raise SystemExit(main())
