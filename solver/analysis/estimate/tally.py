"""The tally: counts over the layouts done, added chunk to chunk (addition is the only merge).

Per layout, :func:`~.work.outcomes` gives a :class:`LayoutOutcome`: one value per
*column* of the question (a contract's or misère's declarer tricks; a raspasy option's
six bounds) and which options reach the best of their discard group. :meth:`Tally.add`
counts it. What a figure needs is kept as sums, so two tallies of disjoint layouts add:
the histogram of each column, the sums of products of every pair of columns (paired
differences come from them), and the joint successes (paired differences of chances).

A figure beyond the tricks (a score, say) is a new field of :class:`Tally`, filled in
:meth:`Tally.add` from the layout's outcome: option ``k``'s value on the layout is
``outcome.values[question.option_columns()[k]]`` (:meth:`LayoutOutcome.option_value`).
Fields add by ``+``, so chunks, threads and Dask merge it with no other change.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, fields

import numpy as np

BINS = 11
"""Histogram bins: 0 … 10 tricks."""


@dataclass(frozen=True)
class LayoutOutcome:
    """Every column's value on one layout (``values``), and per column whether its option
    reaches the best of its discard group (``best``, 0 or 1) and whether it succeeds
    (``success``: a contract made, a misère clean)."""

    values: np.ndarray
    best: np.ndarray
    success: np.ndarray
    cells: tuple = ()
    """Each scored option's cell (:func:`~.score.cell`), when the question is scored."""
    balances: np.ndarray = field(default_factory=lambda: np.zeros(0, np.float64))
    """Those cells' balances, seat by seat, as floats (for the spreads of paired differences)."""
    raspasy: tuple = ()
    """Each raspasy option's bounds, when the question is scored (:func:`~.score.raspasy_cells`)."""
    row: dict | None = None
    """The layout itself, kept for ``--layouts-out``."""

    def option_value(self, question, k: int) -> int:
        """Option ``k``'s value on this layout (its first column: the declarer's tricks)."""
        return int(self.values[question.option_columns()[k]])


@dataclass
class Tally:
    """Counts over the layouts done, added chunk to chunk.

    ``counts[column, v]``: layouts where the column's value is ``v``. ``gram[i, j]``: the
    sum over layouts of value_i × value_j (paired differences come from it).
    ``wins[i, j]``: layouts where both column i and column j succeed (made, clean), so
    ``wins[i, i]`` counts column i's successes (paired differences of chances come from it).
    ``dd_best[i]``: layouts where option column ``i`` reaches the best value of its
    discard group. ``nodes``: nodes searched.
    """

    counts: np.ndarray
    gram: np.ndarray
    wins: np.ndarray
    dd_best: np.ndarray
    nodes: int = 0
    cells: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), np.int64))
    """``cells[i, c]``: layouts where scored option ``i`` fell in cell ``c``: every figure in points is
    exact from these counts (:mod:`.points`)."""
    moments: "Moments" = field(default_factory=lambda: Moments.empty(0))
    """The spread of the balances, for the intervals of paired differences (floats: never overflow)."""
    raspasy: Counter = field(default_factory=Counter)
    """Layouts per raspasy option and bounds (:meth:`~.score.ScorePlan.raspasy_cells`)."""
    rows: list = field(default_factory=list)
    pending: list = field(default_factory=list, repr=False, compare=False)
    """Cells of layouts added but not yet counted in :attr:`cells` (:meth:`settle` counts them at once)."""
    """Each layout kept (``--layouts-out``), in no particular order."""

    @staticmethod
    def empty(columns: int, scored: int = 0, width: int = 0) -> "Tally":
        """No layout yet: ``columns`` columns, ``scored`` scored options whose balances make ``width`` figures."""
        from .score import CELLS

        square = (columns, columns)
        return Tally(np.zeros((columns, BINS), np.int64), np.zeros(square, np.int64),
                     np.zeros(square, np.int64), np.zeros(columns, np.int64), 0,
                     np.zeros((scored, CELLS if scored else 0), np.int64), Moments.empty(width))

    @property
    def n(self) -> int:
        """Layouts counted."""
        return int(self.counts[0].sum()) if len(self.counts) else 0

    def add(self, outcome: LayoutOutcome) -> None:
        """Count one layout's outcome."""
        values = outcome.values
        self.counts[np.arange(len(values)), values] += 1
        self.gram += np.outer(values, values)
        self.wins += np.outer(outcome.success, outcome.success)
        self.dd_best += outcome.best
        if outcome.cells:
            self.pending.append(outcome.cells)
            self.moments.add(outcome.balances)
        for key in outcome.raspasy:
            self.raspasy[key] += 1
        if outcome.row is not None:
            self.rows.append(outcome.row)

    def settle(self) -> "Tally":
        """Count the cells and moments added one layout at a time, in one step (a numpy call per
        layout cost more than the scoring itself on a cheap question)."""
        if self.pending:
            cells = np.array(self.pending)
            self.pending = []
            np.add.at(self.cells, (np.arange(cells.shape[1])[None, :], cells), 1)
        self.moments.settle()
        return self

    def __add__(self, other: "Tally") -> "Tally":
        """The tally of both tallies' layouts: every field adds (a new field adds too)."""
        self.settle()
        other.settle()
        return Tally(**{f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)})

    def total(self, column: int) -> int:
        """The sum of the column's values over the layouts."""
        return int((self.counts[column] * np.arange(BINS)).sum())

    def to_json(self) -> dict:
        out = {}
        self.settle()
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name in ("rows", "pending"):
                continue
            out[f.name] = v.tolist() if isinstance(v, np.ndarray) else v.to_json() if isinstance(v, Moments) \
                else [[list(k), c] for k, c in v.items()] if isinstance(v, Counter) else v
        return out


@dataclass
class Moments:
    """The running mean and co-moments of a vector over the layouts: folded a batch of layouts at a
    time (:meth:`settle`), batches and chunks joined by Chan's rule. Floats, so no option value can
    overflow them; the means the report prints are exact (from :attr:`Tally.cells`), these only give
    the spreads. Two figures equal on every layout get exactly equal moments (the same operations on
    the same numbers: no BLAS), so their difference's spread is exactly 0."""

    n: int
    mean: np.ndarray
    m2: np.ndarray
    """Σ (x − mean)(x − mean)ᵀ over the layouts."""
    pending: list = field(default_factory=list, repr=False, compare=False)

    @staticmethod
    def empty(width: int) -> "Moments":
        return Moments(0, np.zeros(width), np.zeros((width, width)))

    def add(self, x: np.ndarray) -> None:
        self.pending.append(x)

    def settle(self) -> "Moments":
        """Fold the layouts added since the last fold into the moments."""
        if self.pending:
            batch = np.array(self.pending, np.float64)
            self.pending = []
            mean = batch.mean(axis=0)
            centred = batch - mean
            joined = self._join(Moments(len(batch), mean, np.einsum("ki,kj->ij", centred, centred)))
            self.n, self.mean, self.m2 = joined.n, joined.mean, joined.m2
        return self

    def _join(self, other: "Moments") -> "Moments":
        if not other.n:
            return Moments(self.n, self.mean.copy(), self.m2.copy())
        if not self.n:
            return Moments(other.n, other.mean.copy(), other.m2.copy())
        n = self.n + other.n
        delta = other.mean - self.mean
        return Moments(n, self.mean + delta * (other.n / n),
                       self.m2 + other.m2 + np.einsum("i,j->ij", delta, delta) * (self.n * other.n / n))

    def __add__(self, other: "Moments") -> "Moments":
        return self.settle()._join(other.settle())

    def variance(self, a: int, b: int | None = None) -> float:
        """The sample variance of figure ``a``, or of ``a`` minus ``b``."""
        self.settle()
        if self.n < 2:
            return 0.0
        m2 = self.m2[a, a] if b is None else self.m2[a, a] + self.m2[b, b] - 2 * self.m2[a, b]
        return max(0.0, float(m2)) / (self.n - 1)

    def to_json(self) -> dict:
        self.settle()
        return {"n": self.n, "mean": self.mean.tolist(), "m2": self.m2.tolist()}


__all__ = ["BINS", "LayoutOutcome", "Moments", "Tally"]
