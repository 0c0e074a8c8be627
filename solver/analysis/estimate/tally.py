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
    scores: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    """N × each seat's balance per scored option (:mod:`.score`), when the question is scored."""
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
    scores: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    """Per score column, the sum of N × balance over the layouts."""
    score_gram: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), np.int64))
    """Per pair of score columns, the sum of the products (paired differences of balances)."""
    rows: list = field(default_factory=list)
    """Each layout kept (``--layouts-out``), in no particular order."""

    @staticmethod
    def empty(columns: int, score_columns: int = 0) -> "Tally":
        square = (columns, columns)
        return Tally(np.zeros((columns, BINS), np.int64), np.zeros(square, np.int64),
                     np.zeros(square, np.int64), np.zeros(columns, np.int64), 0,
                     np.zeros(score_columns, np.int64), np.zeros((score_columns, score_columns), np.int64))

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
        if len(outcome.scores):
            self.scores += outcome.scores
            self.score_gram += np.outer(outcome.scores, outcome.scores)
        if outcome.row is not None:
            self.rows.append(outcome.row)

    def __add__(self, other: "Tally") -> "Tally":
        """The tally of both tallies' layouts: every field adds (a new field adds too)."""
        return Tally(**{f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)})

    def total(self, column: int) -> int:
        """The sum of the column's values over the layouts."""
        return int((self.counts[column] * np.arange(BINS)).sum())

    def to_json(self) -> dict:
        return {f.name: v.tolist() if isinstance(v := getattr(self, f.name), np.ndarray) else v
                for f in fields(self) if f.name != "rows"}


__all__ = ["BINS", "LayoutOutcome", "Tally"]
