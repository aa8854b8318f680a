"""satcc: fast, faithful packet-level simulation of router-assisted and hybrid TCP
congestion control for satellite and wireless networks."""

from ._core import VERSION as __version__
from .run import BudgetError, RunResult, estimate, run
from .errors import ScenarioError
from .scenario import Scenario, load, validate

__all__ = ["BudgetError", "Scenario", "ScenarioError", "RunResult", "estimate", "load", "run", "validate",
           "__version__"]
