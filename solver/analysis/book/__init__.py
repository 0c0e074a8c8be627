"""Checking the manuals (docs/book-claims.md sections 1–5) against exact play over random layouts.

:mod:`.hands` builds hands as the manuals sketch them (``x`` spot cards, side cards
that take no trick, raspasy filler); :mod:`.questions` says what is solved per layout;
:mod:`.rows` the shape of a row and its readings, :mod:`.claims` every claim as data
(:mod:`.scoring_tables` section 6's); :mod:`.verdict` the intervals and the
verdict rule; :mod:`.runner` runs rows with per-row seeds. docs/book-method.md states
the method of each section; ``pref book`` prints the report.
"""

from .claims import catalogue
from .rows import Reading, Row
from .runner import DEFAULT_SAMPLES, SEED, RowResult, run, select
from .verdict import HOLDS, NOT_COMPARABLE, OPTIMISTIC, PESSIMISTIC, Figure, Interval, Verdict

__all__ = ["DEFAULT_SAMPLES", "Figure", "HOLDS", "Interval", "NOT_COMPARABLE", "OPTIMISTIC", "PESSIMISTIC",
           "Reading", "Row", "RowResult", "SEED", "Verdict", "catalogue", "run", "select"]
