"""Intervals for simulated figures: Wilson for proportions, a studentized bootstrap for means.

A sample of layouts gives 95% intervals. A complete exact enumeration gives the figure
itself (an interval of width zero). An enumeration stopped part-way is not a random
sample (ranks are ordered by suit splits), so its interval is the honest range of
what the missing layouts could still make of the figure.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import sqrt
from typing import Mapping

import numpy as np

Z95 = 1.959963984540054
"""The two-sided 95% point of the standard normal."""


@dataclass(frozen=True)
class Figure:
    """A figure with its interval ``low … high`` (equal to ``value`` when exact)."""

    value: float
    low: float
    high: float

    def to_json(self) -> dict:
        return {"value": round(self.value, 6), "low": round(self.low, 6), "high": round(self.high, 6)}


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (good at 0 and 1, unlike the normal one)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # exactly the edge there, not a rounding off it
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high


def mean_interval(total: float, squares: float, n: int, z: float = Z95) -> tuple[float, float]:
    """A normal interval for a mean from the sum and the sum of squares of ``n`` values."""
    if n == 0:
        return float("-inf"), float("inf")
    mean = total / n
    if n == 1:
        return float("-inf"), float("inf")
    var = max(0.0, (squares - n * mean * mean) / (n - 1))
    half = z * sqrt(var / n)
    return mean - half, mean + half


def proportion(successes: int, n: int, *, population: int | None = None) -> Figure:
    """A proportion of ``n`` layouts; ``population``: the count of an exact enumeration
    (then ``value`` is the figure over the layouts done, and the interval its exact range)."""
    value = successes / n if n else 0.0
    if population is not None:
        if population == 0:
            return Figure(0.0, 0.0, 1.0)
        missing = population - n
        return Figure(value, successes / population, (successes + missing) / population)
    low, high = wilson(successes, n)
    return Figure(value, low, high)


def mean(total: float, squares: float, n: int, *, population: int | None = None,
         lowest: float = 0.0, highest: float = 10.0) -> Figure:
    """A mean of ``n`` values in ``lowest … highest``, from their sum and sum of squares.

    A sample gets the normal interval; one whose values are all equal gets, instead of a
    zero width, the range a share of other values as large as Wilson's bound for 0 of ``n``
    could move it. An exact enumeration's bounds use the range for the missing layouts.
    """
    value = total / n if n else 0.0
    equal = bool(n) and squares * n == total * total
    variance = 0.0 if n < 2 or equal else max(0.0, (squares - n * value * value) / (n - 1))
    return mean_of(value, variance, n, population=population, lowest=lowest, highest=highest, equal=equal)


def mean_of(value: float, variance: float, n: int, *, population: int | None = None,
            lowest: float = 0.0, highest: float = 10.0, equal: bool | None = None) -> Figure:
    """:func:`mean` from the mean itself and the values' sample variance (when they are known
    exactly, or kept as running moments that cannot overflow). ``equal``: every value is the
    same (by default: the variance is 0)."""
    if population is not None:
        missing = population - n
        if population == 0:
            return Figure(0.0, lowest, highest)
        low, high = (value * n + missing * lowest) / population, (value * n + missing * highest) / population
        return Figure(value, low, high)
    if equal if equal is not None else n and variance == 0:  # the normal interval has no width:
        if n:
            _, other = wilson(0, n)  # bound the share of layouts that could differ, as for a chance
            return Figure(value, value - other * (value - lowest), value + other * (highest - value))
    if n < 2:
        return Figure(value, lowest, highest)
    half = Z95 * sqrt(variance / n)
    return Figure(value, max(value - half, lowest), min(value + half, highest))


RESAMPLES = 2000
"""Resamples of the studentized bootstrap (:func:`mean_of_counts`)."""

FEW_DIFFER = 10
"""Below this many values apart from the commonest one, the bootstrap sees too little of the
tail (a rare trick is in no resample, or in one): :func:`mean_of_counts` widens its interval
to hold what Wilson's bounds on each level's share allow."""


def _level_bounds(counts: Mapping[int, int], n: int, z: float) -> tuple[float, float]:
    """The mean written as the commonest value ``m`` plus the shares above each level and minus
    the shares below: ``m + Σ_{k>m} P(X ≥ k) − Σ_{k≤m} P(X < k)``, each share at its Wilson bound
    (levels up to one past the values seen)."""
    values = sorted(counts)
    mode = max(values, key=lambda v: (counts[v], -abs(v)))
    low = high = float(mode)
    for k in range(mode + 1, values[-1] + 2):
        lo, hi = wilson(sum(c for v, c in counts.items() if v >= k), n, z)
        low, high = low + lo, high + hi
    for k in range(values[0], mode + 1):
        lo, hi = wilson(sum(c for v, c in counts.items() if v < k), n, z)
        low, high = low - hi, high - lo
    return low, high


def mean_of_counts(counts: Mapping[int, int], *, lowest: float = 0.0, highest: float = 10.0,
                   z: float = Z95) -> Figure:
    """The mean of integer values given as ``value → how many``, with an interval that keeps
    its coverage on the lumpy, skewed outcomes of a game (mostly 0 tricks, now and then 2).

    A studentized bootstrap (the t statistic's own distribution, resampled from the counts,
    instead of the normal's): second-order accurate where the normal interval covers 90%
    for 95%. Its generator is seeded by the counts, so the same counts give the same
    interval. All values equal: :func:`mean`'s rule. Fewer than :data:`FEW_DIFFER` values
    apart from the commonest: also within Wilson's bounds on each level's share
    (``tests/test_estimate.py::test_mean_of_counts_covers_on_skewed_integer_outcomes``).
    """
    counts = {int(v): int(c) for v, c in counts.items() if c}
    n = sum(counts.values())
    total = float(sum(v * c for v, c in counts.items()))
    squares = float(sum(v * v * c for v, c in counts.items()))
    if n < 2 or len(counts) == 1:
        return mean(total, squares, n, lowest=lowest, highest=highest)
    values = np.array(sorted(counts), dtype=np.float64)
    weights = np.array([counts[int(v)] for v in values], dtype=np.float64)
    m = total / n
    s = sqrt(max(0.0, (squares - n * m * m) / (n - 1)))
    seed = [n] + [int(v - lowest) * 1_000_003 + counts[int(v)] for v in values]
    rng = np.random.default_rng(np.random.SeedSequence([abs(x) for x in seed]))
    draws = rng.multinomial(n, weights / n, size=RESAMPLES)
    means = draws @ values / n
    variances = (draws @ (values * values) - n * means * means) / (n - 1)
    keep = variances > 1e-12  # a resample of equal values has no t statistic
    t = (means[keep] - m) / np.sqrt(variances[keep] / n)
    alpha = 2 * (1 - _normal_cdf(z))
    t_low, t_high = np.quantile(t, [1 - alpha / 2, alpha / 2]) if len(t) else (z, -z)
    low, high = m - t_low * s / sqrt(n), m - t_high * s / sqrt(n)
    if n - max(counts.values()) < FEW_DIFFER:
        level_low, level_high = _level_bounds(counts, n, z)
        low, high = min(low, level_low), max(high, level_high)
    return Figure(m, max(float(low), lowest), min(float(high), highest))


def _normal_cdf(x: float) -> float:
    from math import erf
    return 0.5 * (1 + erf(x / sqrt(2)))


__all__ = ["Figure", "Z95", "mean", "mean_interval", "mean_of", "mean_of_counts", "proportion", "wilson"]
