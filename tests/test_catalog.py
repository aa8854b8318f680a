"""Every catalog entry runs end to end in quick mode and writes its report, with the
paper's claims beside ours (the numbers of quick runs are not the paper's)."""

import json
from pathlib import Path

import pytest

from satcc.experiments import all_experiments
from satcc.experiments.api import reproduce

IDS = [e.id for e in all_experiments()]


def test_catalog_covers_every_refwa_figure():
    want = {"refwa.fig2-phi-psi", "refwa.fig3-4-dynamics", "refwa.fig5-alpha", "refwa.fig6-fairness",
            "refwa.fig7-rtt-error", "refwa.fig8-9-onoff", "refwa.fig10-12-multi-bottleneck", "refwa.fig13-per",
            "refwa.appendix1-stability", "refwa-plus.fig3-per"}
    assert want <= set(IDS)


@pytest.mark.parametrize("exp_id", IDS)
def test_quick_reproduce(tmp_path, exp_id):
    out, rep = reproduce(exp_id, store=tmp_path, quick=True, jobs=2, quiet=True)
    assert rep is not None and rep["complete"]
    d = Path(rep["out_dir"])
    j = json.loads((d / "report.json").read_text())
    assert j["claims"], "every experiment states the paper's claims"
    for c in j["claims"]:
        assert c["statement"] and c["source"] and isinstance(c["holds"], bool) and c["ours"]
    assert any(d.glob("*.png")) and any(d.glob("*.svg"))
