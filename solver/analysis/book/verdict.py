"""Figures, intervals and the verdict that puts a book's figure beside a simulated one.

A book's figure is a number or a range ``lo..hi`` written to some precision; it
stands for every value that rounds to it, so it is widened by ``tol`` (half its last
unit: ±0.5 for whole tricks, ±0.25 for the half tricks of the raspasy rules,
±0.005 for a whole percent). The simulation gives a 95% interval (a studentized
bootstrap for a mean, :func:`preferans.analysis.stats.mean_of_counts`; Wilson for a
proportion). Then:

* **holds** — the interval lies within the widened book range: the figures cannot tell
  the book's figure from the truth;
* **optimistic** / **pessimistic** — the interval lies wholly outside the widened range;
  which side is which depends on whether more is better for the holder (declarer's
  tricks, a clean misère) or worse (raspasy tricks);
* **undecided** — the interval straddles an edge of the widened range: the runner draws
  more layouts (:mod:`.runner`), and a row that still straddles at its cap stays undecided;
* **not comparable** — the book gives no figure (a rule, a "hard to develop"), or the
  simulated figure is another event than the book's.

On raspasy there are two simulated values: the holder's cooperative value (all three
keep his tricks down: a lower bound on real play) and his paranoid value (both others
against him: an upper bound). A book cost above the paranoid interval is pessimistic,
below the cooperative interval optimistic, and between the two intervals **consistent**
— not "holds": the bounds are far apart, so a figure between them can hardly fail. The
verdict says which bound the book's figure is nearer. When both intervals lie within the
book's widened figure (a suit that costs nothing even paranoid, as the book says), both
bounds agree with it: **holds**.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .. import stats

HOLDS, OPTIMISTIC, PESSIMISTIC, NOT_COMPARABLE = "holds", "optimistic", "pessimistic", "not comparable"
CONSISTENT, UNDECIDED = "consistent", "undecided"
DECIDED = (HOLDS, OPTIMISTIC, PESSIMISTIC, CONSISTENT)
"""The verdicts that put the book's figure on one side or the other (or within) of its interval(s)."""


@dataclass(frozen=True)
class Interval:
    """A figure with its 95% interval: ``estimate`` within ``lo … hi``."""
    estimate: float
    lo: float
    hi: float

    def text(self, digits: int = 2) -> str:
        """``8.00 [7.90, 8.03]``: the estimate and its interval, to ``digits`` decimals."""
        return f"{self.estimate:.{digits}f} [{self.lo:.{digits}f}, {self.hi:.{digits}f}]"

    def to_json(self) -> dict:
        """``{"estimate", "lo", "hi"}``."""
        return {"estimate": self.estimate, "lo": self.lo, "hi": self.hi}


def wilson(successes: int, n: int) -> Interval:
    """A share with its Wilson 95% interval (:func:`preferans.analysis.stats.wilson`)."""
    if n == 0:
        return Interval(math.nan, 0.0, 1.0)
    return Interval(successes / n, *stats.wilson(successes, n))


def mean_interval(counts: dict[int, int], lowest: float = 0.0, highest: float = 10.0) -> Interval:
    """Mean of an integer distribution (value → count) with its 95% interval, within
    ``lowest … highest`` (the values the quantity can take): the studentized bootstrap of
    :func:`preferans.analysis.stats.mean_of_counts`, which keeps its coverage on lumpy,
    skewed outcomes; when every value is equal, the range Wilson's bound on the share
    that could differ gives it."""
    n = sum(counts.values())
    if n == 0:
        return Interval(math.nan, -math.inf, math.inf)
    f = stats.mean_of_counts(counts, lowest=lowest, highest=highest)
    return Interval(f.value, f.low, f.high)


@dataclass(frozen=True)
class Figure:
    """What the book says: ``lo..hi`` (equal for one number), good to ``± tol``; ``text`` as quoted."""

    lo: float
    hi: float
    tol: float
    text: str

    @staticmethod
    def of(value: float, tol: float, text: str | None = None) -> "Figure":
        """One number, good to ``± tol``."""
        return Figure(value, value, tol, text or _num(value))

    @staticmethod
    def range(lo: float, hi: float, tol: float, text: str | None = None) -> "Figure":
        """A range ``lo–hi``, each end good to ``± tol``."""
        return Figure(lo, hi, tol, text or f"{_num(lo)}–{_num(hi)}")

    @property
    def low(self) -> float:
        """The lowest value the figure stands for (``lo − tol``)."""
        return self.lo - self.tol

    @property
    def high(self) -> float:
        """The highest value the figure stands for (``hi + tol``)."""
        return self.hi + self.tol

    def to_json(self) -> dict:
        """``{"lo", "hi", "tol", "text"}``."""
        return {"lo": self.lo, "hi": self.hi, "tol": self.tol, "text": self.text}


def _num(x: float) -> str:
    return f"{x:g}"


@dataclass(frozen=True)
class Verdict:
    """``word``: one of the verdicts; ``near``: for a consistent raspasy figure, the bound
    (``cooperative`` or ``paranoid``) the book's figure is nearer."""

    word: str
    reason: str
    near: str = ""

    @property
    def text(self) -> str:
        """The word as the report prints it: ``consistent, near paranoid``."""
        return f"{self.word}, near {self.near}" if self.near else self.word

    def to_json(self) -> dict:
        """``{"verdict", "reason"}`` and ``near`` when there is one."""
        out = {"verdict": self.word, "reason": self.reason}
        if self.near:
            out["near"] = self.near
        return out


def judge(figure: Figure | None, interval: Interval, more_is_better: bool) -> Verdict:
    """The verdict for one figure against one interval (see the module docstring).

    ``more_is_better``: a larger value is good news for the holder (declarer's tricks,
    the chance of a clean misère); then a book figure above the truth is optimistic.
    """
    if figure is None:
        return Verdict(NOT_COMPARABLE, "the book gives no figure")
    book = f"book {figure.text} (±{_num(figure.tol)}: {figure.low:g}..{figure.high:g})"
    sim = f"95% interval [{interval.lo:.3g}, {interval.hi:.3g}]"
    if figure.low > interval.hi:
        word = OPTIMISTIC if more_is_better else PESSIMISTIC
        return Verdict(word, f"{book} above the {sim}")
    if figure.high < interval.lo:
        word = PESSIMISTIC if more_is_better else OPTIMISTIC
        return Verdict(word, f"{book} below the {sim}")
    if figure.low <= interval.lo and interval.hi <= figure.high:
        return Verdict(HOLDS, f"the {sim} lies within the {book}")
    return Verdict(UNDECIDED, f"the {sim} straddles an edge of the {book}")


def judge_table(figure: Figure | None, dd: Interval, table: Interval) -> Verdict:
    """A misère's chance of being saved against its double-dummy (lower: clean after the best
    discard, the catchers knowing it) and at-the-table (upper: no plan of the catchers catches
    every discard) bound: below the first pessimistic, above the second optimistic."""
    return _between(figure, dd, table, ("double-dummy", "at-the-table"), PESSIMISTIC, OPTIMISTIC)


def judge_bounds(figure: Figure | None, cooperative: Interval, paranoid: Interval) -> Verdict:
    """A raspasy cost against the holder's cooperative (lower) and paranoid (upper) value."""
    return _between(figure, cooperative, paranoid, ("cooperative", "paranoid"), OPTIMISTIC, PESSIMISTIC)


def _between(figure: Figure | None, lower: Interval, upper: Interval, names: tuple[str, str],
             below: str, above: str) -> Verdict:
    """A book figure against a lower and an upper bound of the truth: below the lower's interval
    ``below``, above the upper's ``above``; both intervals within the figure holds; between the two
    consistent (with the bound it is nearer); astride an interval undecided."""
    if figure is None:
        return Verdict(NOT_COMPARABLE, "the book gives no figure")
    low, high = names
    book = f"book {figure.text} (±{_num(figure.tol)})"
    if figure.low > upper.hi:
        return Verdict(above, f"{book} above the {high} upper bound, interval [{upper.lo:.3g}, {upper.hi:.3g}]")
    if figure.high < lower.lo:
        return Verdict(below, f"{book} below the {low} lower bound, interval [{lower.lo:.3g}, {lower.hi:.3g}]")
    if figure.low <= lower.lo and upper.hi <= figure.high:  # both bounds agree with the book
        return Verdict(HOLDS, f"both bounds' intervals, [{lower.lo:.3g}, {lower.hi:.3g}] {low} "
                              f"and [{upper.lo:.3g}, {upper.hi:.3g}] {high}, lie within the {book}")
    between = f"the {low} bound (to {lower.hi:.3g}) and the {high} bound (from {upper.lo:.3g})"
    if figure.high >= lower.hi and figure.low <= upper.lo:
        middle = (figure.lo + figure.hi) / 2
        near = high if abs(middle - upper.estimate) < abs(middle - lower.estimate) else low
        return Verdict(CONSISTENT, f"{book} between {between}, nearer the {near} value", near)
    return Verdict(UNDECIDED, f"{book} straddles the interval of the {high if figure.low > upper.lo else low} "
                              f"bound: [{lower.lo:.3g}, {lower.hi:.3g}] {low}, [{upper.lo:.3g}, {upper.hi:.3g}] {high}")
