"""A scheme's name is spelled in its registry row, its own files, tests and docs only
(issue 14): nothing that validates, builds, runs or exports a scenario branches on a
name. The papers' experiments (experiments/catalog/), the developer tools' named cases
(dev/) and the few places below that choose a paper's scheme as a value are exempt;
each exemption says why."""

import io
import re
import tokenize
from pathlib import Path

from satcc import registry

ROOT = Path(__file__).resolve().parents[1]
PY = ROOT / "python" / "satcc"
RUST = ROOT / "crates"

# (file relative to the repo, name): why the name is a value there, not a dispatch
EXEMPT = {
    ("python/satcc/topology/satellite.py", "fusion-star"): "seed 003's builder defaults to the scheme the paper proposes",
    ("python/satcc/topology/__init__.py", "fusion-star"): "the named example scenario of seed 003",
    ("python/satcc/topology/leo.py", "refwa"): "a scenario name (the network of REFWA's paper), not a scheme",
    # emulation: the Linux kernel's congestion control of real flows (setsockopt
    # TCP_CONGESTION), a kernel name that happens to equal one of satcc's
    ("python/satcc/cli.py", "reno"): "the default Linux congestion control of satcc emulate --cc",
    ("python/satcc/emulate.py", "reno"): "the default Linux congestion control of real flows",
    ("python/satcc/emulate_agent.py", "reno"): "the default Linux congestion control of the sender",
}
# the registries themselves
REGISTRIES = {"crates/satcc-core/src/tcp/congestion/mod.rs", "crates/satcc-core/src/feedback/mod.rs"}


def _names() -> set[str]:
    return set(registry.controller_names()) | set(registry.router_names())


def _own(rel: str, name: str) -> bool:
    """A scheme's own file is named after it (fusion.rs holds fusion-cws, ...)."""
    stem = Path(rel).stem.replace("_", "-")
    return name == stem or name.startswith(stem + "-")


def _python_literals(path: Path) -> list[tuple[int, str]]:
    """String literals of the code (not docstrings or comments), exact values."""
    out = []
    toks = list(tokenize.generate_tokens(io.StringIO(path.read_text()).readline))
    for i, t in enumerate(toks):
        if t.type != tokenize.STRING or t.string.startswith(('"""', "'''", 'f"', "f'")):
            continue
        prev = next((p for p in reversed(toks[:i]) if p.type not in (tokenize.NL, tokenize.COMMENT)), None)
        if prev is not None and prev.type in (tokenize.INDENT, tokenize.NEWLINE, tokenize.DEDENT):
            continue  # an expression statement: a docstring
        out.append((t.start[0], t.string[1:-1]))
    return out


def _rust_literals(path: Path) -> list[tuple[int, str]]:
    """String literals outside `#[cfg(test)]` modules and comments."""
    out = []
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if line.startswith("#[cfg(test)]"):
            break
        code = line.split("//")[0] if not line.lstrip().startswith("//") else ""
        out.extend((n, m) for m in re.findall(r'"([^"\\]*)"', code))
    return out


def offenders() -> list[str]:
    names = _names()
    found = []
    files = [(p, _python_literals) for p in PY.rglob("*.py")
             if not {"catalog", "dev"} & set(p.relative_to(PY).parts)]
    files += [(p, _rust_literals) for p in RUST.rglob("*.rs") if "target" not in p.parts]
    for path, literals in files:
        rel = str(path.relative_to(ROOT))
        if rel in REGISTRIES or rel.endswith("registry.py"):
            continue
        for line, s in literals(path):
            if s in names and not _own(rel, s) and (rel, s) not in EXEMPT:
                found.append(f"{rel}:{line}: {s!r}")
    return found


def test_no_module_outside_the_registry_spells_a_scheme_name():
    assert offenders() == []


def test_the_scan_sees_a_name_where_one_is_spelled(tmp_path, monkeypatch):
    # the check itself: a dispatch on a name in a builder is found
    fake = tmp_path / "python" / "satcc" / "topology"
    fake.mkdir(parents=True)
    (fake / "x.py").write_text('"""doc: refwa"""\nif scheme == "refwa":\n    pass\n')
    (tmp_path / "crates").mkdir()
    (tmp_path / "crates" / "y.rs").write_text('let a = "westwood"; // "reno"\n#[cfg(test)]\nlet b = "reno";\n')
    monkeypatch.setattr(__import__(__name__), "ROOT", tmp_path)
    monkeypatch.setattr(__import__(__name__), "PY", tmp_path / "python" / "satcc")
    monkeypatch.setattr(__import__(__name__), "RUST", tmp_path / "crates")
    assert offenders() == ["python/satcc/topology/x.py:2: 'refwa'", "crates/y.rs:1: 'westwood'"]


def test_the_exemptions_are_still_needed():
    # an exemption whose name left its file would hide the next one silently
    for (rel, name) in EXEMPT:
        assert name in [s for _, s in _python_literals(ROOT / rel)], (rel, name)
