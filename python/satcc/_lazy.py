"""A module imported on its first use: numpy, pyarrow and jsonschema cost a tenth of a
second to import, which `satcc --version`, `--help` and `validate` never need."""

from __future__ import annotations

import importlib
import sys
import threading


class LazyModule:
    """Stands for the module `name`; the first attribute read imports it."""

    def __init__(self, name: str):
        object.__setattr__(self, "_name", name)

    def __getattr__(self, attr: str):
        return getattr(importlib.import_module(self._name), attr)

    def __repr__(self) -> str:
        return f"<lazy module {self._name!r}>"


def prefetch(*names: str):
    """Import the modules `names` (those not yet loaded) in a thread of their own, and
    return the thread (None if there is nothing to import). For a caller about to do
    something that releases the GIL for a while, a simulation run above all: the imports
    it needs after (pyarrow 0.08 s, matplotlib 0.4 s) then happen on another core during
    the run instead of after it. A failed import is left for the caller's own import of
    the module to report. Not a daemon: the interpreter's exit waits for it rather than
    stopping a module half imported."""
    todo = [n for n in names if n not in sys.modules]
    if not todo:
        return None
    t = threading.Thread(target=_import_all, args=(todo,), name="satcc-prefetch")
    t.start()
    return t


def _import_all(names: list[str]) -> None:
    for n in names:
        try:
            importlib.import_module(n)
        except Exception:  # noqa: BLE001 - reported by the caller's own import
            return
