"""The layers of DESIGN.md, checked on the sources: host TCP (tcp/) and router schemes
(feedback/) do not import each other; what both read (the RTT code of the TOS byte)
lives in net/."""

import re
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "crates" / "satcc-core" / "src"


def _uses(folder: str, other: str) -> list[str]:
    pat = re.compile(rf"\b(crate|super)::{other}\b|\buse crate::{{[^}}]*\b{other}\b")
    hits = []
    for f in sorted((SRC / folder).rglob("*.rs")):
        for i, line in enumerate(f.read_text().splitlines(), 1):
            if pat.search(line):
                hits.append(f"{f.relative_to(SRC)}:{i}: {line.strip()}")
    return hits


def test_host_tcp_does_not_import_router_schemes():
    assert _uses("tcp", "feedback") == []


def test_router_schemes_do_not_import_host_tcp():
    assert _uses("feedback", "tcp") == []


def test_the_check_finds_an_import(tmp_path, monkeypatch):
    (tmp_path / "tcp").mkdir()
    (tmp_path / "tcp" / "x.rs").write_text("use crate::feedback::trefwa::rtt_code;\n")
    monkeypatch.setattr(__import__(__name__), "SRC", tmp_path)
    assert len(_uses("tcp", "feedback")) == 1
