"""Experiments at scale: named experiments (a base scenario, a parameter grid, seeds,
the metrics, tables and plots they report, and the paper's claims beside ours), a
crash-proof results store, local and cluster runners, statistics and reports.

    from satcc.experiments import catalog, reproduce, report
"""

from .definition import Claim, Experiment, ExperimentError, Param, PlotSpec
from .registry import all_experiments, get, load_file, register

__all__ = ["Claim", "Experiment", "ExperimentError", "Param", "PlotSpec",
           "all_experiments", "get", "load_file", "register"]
