"""docs/adding-a-scheme.md's example controller, applied to a copy of the tree as the
page says: exactly two files change (its own and the registry), and the core's tests
pass there, the example's own and `every_registered_controller_runs` (each registered
controller over a lossy chain) among them."""

import filecmp
import os
import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "adding-a-scheme.md"


def _blocks() -> dict[str, list[str]]:
    """The page's rust blocks, by the path their first-line comment names."""
    out = {}
    for body in re.findall(r"```rust\n(.*?)```", PAGE.read_text(), re.S):
        first, *rest = body.splitlines()
        m = re.match(r"// (file|registry): (\S+)", first)
        if m:
            out[m.group(1)] = [m.group(2), rest]
    return out


def _changed(a: Path, b: Path) -> list[str]:
    """Files that differ or exist on one side only, relative to the trees."""
    out = []
    cmp = filecmp.dircmp(a, b, ignore=["target"])

    def walk(c, rel):
        out.extend(str(rel / n) for n in c.left_only + c.right_only + c.diff_files)
        for n, sub in c.subdirs.items():
            walk(sub, rel / n)

    walk(cmp, Path("."))
    return out


def test_the_example_controller_touches_two_files_and_runs(tmp_path):
    blocks = _blocks()
    assert set(blocks) == {"file", "registry"}, "the page names its file and its registry lines"
    tree = tmp_path / "tree"
    shutil.copytree(ROOT / "crates", tree / "crates", ignore=shutil.ignore_patterns("target"))
    for f in ("Cargo.toml", "Cargo.lock"):
        shutil.copy(ROOT / f, tree / f)
    pristine = tmp_path / "pristine"
    shutil.copytree(tree, pristine)

    path, lines = blocks["file"]
    (tree / path).write_text("\n".join(lines) + "\n")
    reg_path, reg_lines = blocks["registry"]
    mod_line, row = [l for l in reg_lines if l.strip()]
    reg = (tree / reg_path).read_text()
    reg = reg.replace("pub mod fusion;\n", f"pub mod fusion;\n{mod_line}\n", 1)
    table = reg.index("pub static CONTROLLERS: &[Controller] = &[")
    end = reg.index("\n];", table)
    reg = reg[:end] + "\n" + row + reg[end:]
    (tree / reg_path).write_text(reg)

    assert sorted(_changed(pristine, tree)) == sorted([path, reg_path])

    env = {**os.environ, "CARGO_TARGET_DIR": str(ROOT / "target"), "CARGO_TERM_COLOR": "never"}
    r = subprocess.run(["cargo", "test", "--offline", "-q", "-p", "satcc-core", "--lib", "--",
                        "every_registered_controller_runs", "fixed_window", "names_are_unique"],
                       cwd=tree, env=env, capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    # the example's own test (fixed_window::tests), the registry's and the run of every
    # controller: without the example only the last two would match
    ran = sum(int(n) for n in re.findall(r"test result: ok\. (\d+) passed", r.stdout))
    assert ran == 3, r.stdout
