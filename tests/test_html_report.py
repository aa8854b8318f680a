"""The HTML report opens in a real browser (headless Chromium from Debian's packages):
every image loads, the page logs nothing to the console, and a screenshot is kept in
tests/.artifacts/ for a look."""

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from satcc.experiments.api import reproduce

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (apt-get install -y chromium)")
ARTIFACTS = Path(__file__).resolve().parent / ".artifacts"


def _open(page: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr",
                           "--v=0", "--virtual-time-budget=5000", *extra, page.resolve().as_uri()],
                          capture_output=True, text=True, timeout=120)


def _console(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if ":CONSOLE" in line]


def _images(dom: str) -> tuple[int, int]:
    m = re.search(r'<body data-images="(\d+)" data-broken-images="(\d+)"', dom)
    assert m, "the page's image check did not run"
    return int(m.group(1)), int(m.group(2))


def test_a_report_page_loads_every_image_without_console_errors(tmp_path):
    _, rep = reproduce("refwa.fig3-4-dynamics", store=tmp_path, quick=True, jobs=1, quiet=True)
    out = Path(rep["out_dir"])
    page = out / "report.html"
    r = _open(page, "--dump-dom")
    assert r.returncode == 0, r.stderr[-2000:]
    images, broken = _images(r.stdout)
    assert images == len([p for p in rep["plots"] if p.endswith(".png")]) > 0 and broken == 0
    assert _console(r.stderr) == []
    # what the page holds: readable columns, the claims, the quick-run banner, provenance
    for text in ("Jain index", "throughput (Mb/s)", "The paper's claims beside ours", "Quick run (--quick)",
                 "not judged (quick run)", "report.json", "scenarios.json", rep["satcc_version"]):
        assert text in r.stdout, text
    scen = json.loads((out / "scenarios.json").read_text())
    assert {v["point"]["scheme"] for v in scen.values()} == {"newreno", "refwa"}
    raw = re.findall(r"href='(\.\./\.\./runs/[0-9a-f]+\.[a-z0-9._-]+\.parquet)'", page.read_text())
    assert raw and all((out / h).exists() for h in raw)
    # the index lists the report and opens too
    index = out.parent / "index.html"
    r = _open(index, "--dump-dom")
    assert "refwa.fig3-4-dynamics" in r.stdout and _console(r.stderr) == []
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "report-refwa.fig3-4-dynamics.png"
    r = _open(page, "--hide-scrollbars", "--window-size=1280,2400", f"--screenshot={shot}")
    assert r.returncode == 0 and shot.stat().st_size > 10_000


def test_the_check_sees_a_broken_image_and_a_console_message(tmp_path):
    # the test above would notice: a missing plot and a console error are both caught
    from satcc.experiments.html import CHECK_IMAGES

    page = tmp_path / "bad.html"
    page.write_text(f"<!doctype html><html><body><img src='missing.png'><script>console.error('boom')</script>"
                    f"{CHECK_IMAGES}</body></html>")
    r = _open(page, "--dump-dom")
    assert _images(r.stdout) == (1, 1)
    assert any("boom" in line for line in _console(r.stderr))
