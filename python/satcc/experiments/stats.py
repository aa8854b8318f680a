"""Mean and 95 % confidence interval across seeds (Student's t)."""

from __future__ import annotations

import math

# two-sided 95 % quantiles of Student's t, df = 1..30
_T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
         2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
         2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042]


def t975(df: int) -> float:
    """0.975 quantile of Student's t with df degrees of freedom."""
    if df < 1:
        return float("nan")
    if df <= 30:
        return _T975[df - 1]
    # Cornish-Fisher expansion around the normal quantile; < 1e-3 off for df > 30
    z = 1.959964
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


def mean_ci(values: list[float]) -> tuple[float, float, int]:
    """(mean, half-width of the 95 % confidence interval, n). One value: CI is nan."""
    n = len(values)
    if n == 0:
        return float("nan"), float("nan"), 0
    m = sum(values) / n
    if n == 1:
        return m, float("nan"), 1
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return m, t975(n - 1) * math.sqrt(var / n), n


# The physical range of a metric, by the last part of its name (after any
# "group:NAME:" or "L1:" prefix): fractions, percentages, and quantities that cannot
# be negative. A name matching none is left unbounded.
_FRACTIONS = ("utilization", "fairness", "loss_rate")
_NONNEGATIVE = ("_mbps", "_pkts", "_count", "_s", "_bytes", "_ms")


def metric_range(metric: str) -> tuple[float, float]:
    """(lowest, highest) value the metric can physically take."""
    base = metric.rsplit(":", 1)[-1]
    if base.endswith(_FRACTIONS):
        return 0.0, 1.0
    if base.endswith("_pct"):
        return 0.0, 100.0
    if base.endswith(_NONNEGATIVE) or base == "Tr":
        return 0.0, math.inf
    return -math.inf, math.inf


def interval(metric: str, mean: float, ci95: float) -> tuple[float, float, bool]:
    """The 95 % interval mean ± ci95 clipped to the metric's physical range: (low, high,
    clipped). A Student-t interval over few seeds of a bounded metric (a Jain index near
    1, a utilization near 0) can cross its bound; the part beyond it is not a value the
    metric can take, so tables and plots show the clipped interval and say so."""
    if math.isnan(ci95) or math.isnan(mean):
        return mean, mean, False
    lo_b, hi_b = metric_range(metric)
    lo, hi = mean - ci95, mean + ci95
    clipped = lo < lo_b or hi > hi_b
    return max(lo, lo_b), min(hi, hi_b), clipped
