"""The HTML report of an experiment (report.html beside report.md) and an index of every
report in a store (reports/index.html): static files that open without a server.

A page holds what report.md holds, for reading rather than grepping: the results table
with readable column names and a sensible precision, the paper's claims beside ours,
the plots, the satcc version and the scenario of each grid point, and links to the raw
Parquet of every run. A small inline script marks any image that fails to load, so a
broken page says so (the headless-browser test relies on it too).
"""

from __future__ import annotations

import html
import json
import math
from pathlib import Path

# readable names of the standard metrics (metric names of standard_metrics and the
# catalog); a name not here is shown as written, with "_" as spaces
LABELS = {
    "utilization": "utilization",
    "jain_fairness": "Jain index",
    "goodput_fairness": "Jain index of goodput",
    "loss_rate": "loss rate",
    "throughput_mbps": "throughput (Mb/s)",
    "goodput_mbps": "goodput (Mb/s)",
    "rto_count": "timeouts per run",
    "avg_queue_pkts": "mean queue (packets)",
    "avg_queue_pct": "mean queue (% of buffer)",
    "Tr": "throughput ratio Tr",
}

CHECK_IMAGES = """
<script>
window.addEventListener("load", function () {
  var broken = 0;
  document.querySelectorAll("img").forEach(function (img) {
    if (!(img.complete && img.naturalWidth > 0)) {
      broken += 1;
      img.insertAdjacentHTML("afterend", "<p class='broken'>image missing: " + img.getAttribute("src") + "</p>");
    }
  });
  document.body.setAttribute("data-images", document.images.length);
  document.body.setAttribute("data-broken-images", broken);
});
</script>
"""

STYLE = """
<style>
body { font-family: system-ui, sans-serif; max-width: 72rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
table { border-collapse: collapse; margin: 1rem 0; font-size: 0.9rem; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.5rem; text-align: right; }
th { background: #f3f3f3; } td.text, th.text { text-align: left; }
.quick { background: #fff3cd; border: 1px solid #e0c060; padding: 0.6rem; }
.yes { color: #17702a; font-weight: 600; } .no { color: #a01818; font-weight: 600; } .nj { color: #777; }
figure { display: inline-block; margin: 0.5rem; } img { max-width: 100%; }
.broken { color: #a01818; } code { background: #f3f3f3; padding: 0 0.2rem; }
</style>
"""


def label(metric: str) -> str:
    """A metric's column name: group metrics read 'group G: ...', link ones 'L1: ...'."""
    if metric.startswith("group:"):
        _, g, m = metric.split(":", 2)
        return f"group {g}: {label(m)}"
    if ":" in metric:
        where, m = metric.split(":", 1)
        return f"{where}: {label(m)}"
    return LABELS.get(metric, metric.replace("_", " "))


def number(v, ci: float | None = None) -> str:
    """A value with a precision its interval supports: three significant digits, or the
    decimal of the interval's half-width when that is coarser."""
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "-"
    if isinstance(v, str):
        return v
    if v != 0 and (abs(v) < 1e-3 or abs(v) >= 1e6):
        return f"{v:.2e}"
    digits = 3
    if ci is not None and not math.isnan(ci) and ci > 0:
        digits = max(0, min(6, 1 - math.floor(math.log10(ci))))
    else:
        digits = max(0, 2 - math.floor(math.log10(abs(v)))) if v else 0
    return f"{v:.{digits}f}"


def _cell(r: dict | None) -> str:
    if r is None:
        return "<td>-</td>"
    ci = r.get("ci95")
    if r.get("clipped"):
        return (f"<td title='95 % interval clipped to the metric's range'>{number(r['mean'], ci)} "
                f"[{number(r['ci_lo'], ci)}, {number(r['ci_hi'], ci)}]*</td>")
    if ci is None or math.isnan(ci):
        return f"<td>{number(r['mean'])}</td>"
    return f"<td>{number(r['mean'], ci)} ± {number(ci, ci)}</td>"


def _e(s) -> str:
    return html.escape(str(s))


def write(report: dict, out: Path, rows: list[dict], runs: list | None, store_root: Path | None) -> Path:
    """Write out/report.html (and out/scenarios.json: each grid point's scenario, seed 1)."""
    from ..papers import cited

    params = list(report["grid"])
    metrics = sorted({r["metric"] for r in rows}, key=lambda m: (m.startswith("group:"), m))
    by = {(json.dumps(r["point"], sort_keys=True), r["metric"]): r for r in rows}
    points = list({json.dumps(r["point"], sort_keys=True): r["point"] for r in rows}.values())
    parts = [f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{_e(report['id'])}</title>",
             STYLE, "</head><body>", f"<p><a href='../index.html'>all reports</a></p>",
             f"<h1>{_e(report['id'])}</h1><p>{_e(report['title'])}</p>"]
    if report.get("quick"):
        parts.append("<p class='quick'>Quick run (--quick): short runs and 2 seeds, to exercise the pipeline; "
                     "the numbers are not the experiment's and the paper's claims are not judged.</p>")
    if not report.get("complete", True):
        parts.append(f"<p class='quick'>Incomplete: {report['runs_stored']} of {report['runs_expected']} "
                     "runs stored.</p>")
    parts.append(f"<p>Source: {_e(cited(report['source']))}</p>")
    if report.get("notes"):
        parts.append(f"<p>{_e(report['notes'])}</p>")
    if rows:
        parts.append("<h2>Results</h2><p>Mean over seeds ± half-width of the 95 % confidence interval; "
                     "* marks an interval clipped to the metric's physical range.</p><table><tr>")
        parts += [f"<th class='text'>{_e(p)}</th>" for p in params]
        parts += [f"<th>{_e(label(m))}</th>" for m in metrics] + ["<th>seeds</th></tr>"]
        for p in points:
            key = json.dumps(p, sort_keys=True)
            cells = [by.get((key, m)) for m in metrics]
            n = max((c["n"] for c in cells if c), default=0)
            parts.append("<tr>" + "".join(f"<td class='text'>{_e(p.get(k, '-'))}</td>" for k in params)
                         + "".join(_cell(c) for c in cells) + f"<td>{n}</td></tr>")
        parts.append("</table>")
    parts.append("<h2>The paper's claims beside ours</h2><table><tr><th class='text'>claim</th>"
                 "<th class='text'>source</th><th class='text'>ours</th><th class='text'>holds</th></tr>")
    for c in report["claims"]:
        verdict = ("<span class='nj'>not judged (quick run)</span>" if c["holds"] is None
                   else "<span class='yes'>yes</span>" if c["holds"] else "<span class='no'>no</span>")
        parts.append(f"<tr><td class='text'>{_e(c['statement'])}</td><td class='text'>{_e(cited(c['source']))}</td>"
                     f"<td class='text'>{_e(c['ours'])}</td><td class='text'>{verdict}</td></tr>")
    parts.append("</table>")
    pngs = [p for p in report["plots"] if p.endswith(".png")]
    if pngs:
        parts.append("<h2>Plots</h2>")
        parts += [f"<figure><a href='{_e(p[:-4])}.svg'><img src='{_e(p)}' alt='{_e(p)}'></a>"
                  f"<figcaption>{_e(p[:-4])}</figcaption></figure>" for p in pngs]
    if report.get("papers"):
        parts.append("<h2>References</h2><ul>" + "".join(f"<li>{_e(v)}</li>" for v in report["papers"].values())
                     + "</ul>")
    parts.append(f"<h2>Provenance</h2><p>satcc {_e(report['satcc_version'])}, core source "
                 f"<code>{_e(report['satcc_core_source'])}</code>; raw numbers in "
                 "<a href='report.json'>report.json</a>")
    if runs:
        first = {}
        for r in runs:
            if r.point_id not in first or r.seed < first[r.point_id].seed:
                first[r.point_id] = r
        (out / "scenarios.json").write_text(json.dumps({pid: {"point": r.point, "scenario": r.scenario}
                                                        for pid, r in first.items()}, indent=1) + "\n")
        parts.append("; the scenario of each grid point (seed 1) in <a href='scenarios.json'>scenarios.json</a>")
    parts.append(".</p>")
    if runs and store_root is not None:
        from .store import _file_id

        parts.append("<details><summary>Raw runs (Parquet, one file per run: metric, value)</summary><ul>")
        for r in runs:
            f = Path(store_root) / "runs" / f"{r.key}.{_file_id(r.experiment)}.parquet"
            if not f.exists():
                f = f.with_name(f"{r.key}.parquet")  # a store of the earlier layout
            if f.exists():
                rel = Path("..", "..", "runs", f.name) if out.resolve().parent.parent == Path(store_root).resolve() \
                    else f.resolve()
                point = ", ".join(f"{k}={v}" for k, v in r.point.items())
                parts.append(f"<li><a href='{_e(rel.as_posix() if not rel.is_absolute() else rel.as_uri())}'>"
                             f"{_e(point)} seed {r.seed}</a></li>")
        parts.append("</ul></details>")
    parts += [CHECK_IMAGES, "</body></html>\n"]
    page = out / "report.html"
    page.write_text("\n".join(parts))
    write_index(out.parent)
    return page


def write_index(reports_dir: Path) -> Path:
    """reports/index.html: every report below `reports_dir`, with its title and verdicts."""
    items = []
    for rj in sorted(Path(reports_dir).glob("*/report.json")):
        try:
            r = json.loads(rj.read_text())
        except ValueError:
            continue
        judged = [c["holds"] for c in r.get("claims", []) if c.get("holds") is not None]
        verdict = "quick run" if r.get("quick") else f"{sum(judged)} of {len(judged)} claims hold"
        items.append(f"<tr><td class='text'><a href='{_e(rj.parent.name)}/report.html'>{_e(r['id'])}</a></td>"
                     f"<td class='text'>{_e(r['title'])}</td><td class='text'>{verdict}</td></tr>")
    page = Path(reports_dir) / "index.html"
    page.write_text("\n".join([
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>satcc reports</title>", STYLE,
        "</head><body><h1>satcc reports</h1><table><tr><th class='text'>experiment</th><th class='text'>title</th>"
        "<th class='text'>claims</th></tr>", *items, "</table>", CHECK_IMAGES, "</body></html>\n"]))
    return page
