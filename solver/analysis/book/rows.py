"""The shape of the check's data: a :class:`Row` (one claim in one seat under one method) and
the :class:`Reading` of each figure it judges, with the ways a figure is read from the outcomes.

The rows themselves are data of their sections: :mod:`.claims` (sections 1–5, over layouts) and
:mod:`.scoring_tables` (section 6, computed exactly) both build on this module, and
:func:`.claims.catalogue` gathers them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .verdict import Figure

MEAN, SHARE, BOUNDS, SHARE_BOUNDS, EXACT = "mean", "share", "bounds", "share_bounds", "exact"
TABLE_BOUNDS = "table_bounds"
"""A misère's chance of being saved between two bounds: clean after the best discard double dummy
(component 0: the catchers know the discard; a lower bound, since at the table he makes that
discard and escapes) and not caught at the table (component 2: no plan of the catchers, who see
the talon but not the discard, catches every discard; an upper bound)."""


@dataclass(frozen=True)
class Reading:
    """One figure of a row: how it is read from the outcomes, and what the book says.

    ``kind``: ``mean`` of outcome component ``component``; ``share`` of layouts whose
    component passes ``test`` (``(">=", 7)``, ``("==", 1)`` …); ``bounds`` the raspasy mean
    between the cooperative (component 1) and paranoid (component 0) values;
    ``share_bounds`` the same for a share; ``exact`` a number computed exactly
    (``value``), no layouts. ``other_event``: the simulated figure measures another event
    than the book's figure (why, in words): it is printed, and judged not comparable.
    """

    label: str
    figure: Figure | None
    kind: str = MEAN
    component: int = 0
    test: tuple[str, int] | None = None
    more_is_better: bool = True
    value: float | None = None
    span: tuple[float, float] = (0.0, 10.0)
    """The values a mean can take (tricks 0..10; a difference of tricks −10..10)."""
    other_event: str = ""


@dataclass(frozen=True)
class Row:
    """One row of the check: a claim (``claim`` as numbered on docs/book-claims.md, ``quote``
    its words) for one hand and seat, the :class:`Question` solved per layout (``None``: a
    qualitative claim, not simulated) and the :class:`Reading` of each figure judged.
    ``key`` names the row uniquely (its seed derives from it); ``variant`` tells apart rows
    of one claim (``clean``/``random`` side cards); ``note`` is printed with the row."""
    key: str
    section: int
    claim: str
    quote: str
    hand: str
    question: object | None
    readings: tuple[Reading, ...]
    seat: int | None = None
    variant: str = ""
    note: str = ""

    @property
    def method(self) -> str:
        """The method in one line (the question's), or "no simulation"."""
        return self.question.method() if self.question is not None else "no simulation"

    @property
    def in_context(self) -> bool:
        """A trump-table row "in context" (side cards drawn at random, minus the side aces): it
        shows how far the table carries into a real hand, not whether the table is right, so
        its verdicts are counted apart from the clean rows'."""
        return self.section == 1 and self.variant == "random"


__all__ = ["BOUNDS", "EXACT", "MEAN", "Reading", "Row", "SHARE", "SHARE_BOUNDS", "TABLE_BOUNDS"]
