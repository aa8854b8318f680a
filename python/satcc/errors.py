"""The errors satcc reports to its users in one line, without a traceback.

They live apart from the modules that raise them so that the command line can catch
them without importing those modules (and what they import) at start-up."""

from __future__ import annotations


class ScenarioError(ValueError):
    """An invalid scenario; the message names the field and what is allowed. It is one
    line: control characters from names the user wrote are shown escaped (\\n, \\t)."""

    def __init__(self, message: str = ""):
        super().__init__("".join(c if c.isprintable() else repr(c)[1:-1] for c in str(message)))


class ExperimentError(ValueError):
    """A bad experiment request; the message names what is wrong and what is allowed."""


#: Scenario file suffixes and their formats.
FORMATS = {".toml": "toml", ".yaml": "yaml", ".yml": "yaml", ".json": "json"}
