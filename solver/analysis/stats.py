"""Intervals for simulated figures: Wilson for proportions, a normal interval for means.

A sample of layouts gives 95% intervals. A complete exact enumeration gives the figure
itself (an interval of width zero). An enumeration stopped part-way is not a random
sample (ranks are ordered by suit splits), so its interval is the honest range of
what the missing layouts could still make of the figure.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import sqrt

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
    """A mean of ``n`` values in ``lowest … highest``.

    A sample gets the normal interval; one whose values are all equal gets, instead of a
    zero width, the range a share of other values as large as Wilson's bound for 0 of ``n``
    could move it. An exact enumeration's bounds use the range for the missing layouts.
    """
    value = total / n if n else 0.0
    if population is not None:
        missing = population - n
        if population == 0:
            return Figure(0.0, lowest, highest)
        low, high = (total + missing * lowest) / population, (total + missing * highest) / population
        return Figure(value, low, high)
    if n and squares * n == total * total:  # every value equal: the normal interval has no width;
        _, other = wilson(0, n)  # bound the share of layouts that could differ, as for a chance
        return Figure(value, value - other * (value - lowest), value + other * (highest - value))
    low, high = mean_interval(total, squares, n)
    return Figure(value, max(low, lowest), min(high, highest))


__all__ = ["Figure", "Z95", "mean", "mean_interval", "proportion", "wilson"]
