"""A module imported on its first use: numpy, pyarrow and jsonschema cost a tenth of a
second to import, which `satcc --version`, `--help` and `validate` never need."""

from __future__ import annotations

import importlib


class LazyModule:
    """Stands for the module `name`; the first attribute read imports it."""

    def __init__(self, name: str):
        object.__setattr__(self, "_name", name)

    def __getattr__(self, attr: str):
        return getattr(importlib.import_module(self._name), attr)

    def __repr__(self) -> str:
        return f"<lazy module {self._name!r}>"
