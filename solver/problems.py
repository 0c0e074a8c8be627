"""Problems solved: what a problem file asks, answered by the solver.

:mod:`solver.problemfile` reads and writes the format and checks it, with no search;
this module sits above it and above :mod:`solver.analysis`, and does the solving:
the position to search (after the declarer's best discard when he still holds 12
cards), the answer ``[expect] tricks`` states, the key, the whole solve the commands
show. Each function takes a :class:`~solver.problemfile.Problem` as read (parsed
once, when it was loaded) and an :class:`~solver.engine.Engine` to share.

>>> from solver.problemfile import loads_json
>>> p = loads_json('{"deal": {"A": "♠AK", "B": "♠QJ", "C": "♣AK"}, '
...                '"game": {"kind": "misere", "declarer": "C"}}', "example.json")
>>> answer(p), problem_key(p).describe()
(0, 'every first card works (2)')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .analysis.discard import best_discard
from .analysis.key import KeyReport, discard_key, first_card_key
from .api import Result, solve
from .problemfile import Problem
from .rules import Position

if TYPE_CHECKING:
    from .engine import Engine

__all__ = ["Solved", "answer", "problem_key", "setup", "solve_problem", "with_best_discard"]


@dataclass(frozen=True)
class Solved:
    """A problem solved: the :class:`~solver.api.Result`, the cards out of play as discarded,
    and whether the solver chose them (a declarer who held 12 cards). ``discard_key`` is then
    which of his discards work, found by the one search of the 66 that chose the discard."""

    result: Result
    discard: tuple[int, ...] = ()
    chosen: bool = False
    discard_key: KeyReport | None = None


def setup(problem: Problem, engine: Engine | None = None,
          key: KeyReport | None = None) -> tuple[Position, tuple[int, ...], bool]:
    """The position to solve, the cards out of play as discarded, and whether the discard
    is the solver's: a declarer still holding 12 cards (10 and the talon) makes his best
    discard first, as ``pref check`` and ``pref discard`` take it. ``key``, the discards'
    :func:`problem_key` when it is known, names that discard without searching again."""
    if not problem.needs_discard:
        return problem.position(), problem.discard_cards(), False
    hands12, declarer = problem.deal_for_discard()
    discard = key.working[0] if key is not None else \
        best_discard(hands12, declarer, problem.game(), problem.leader_seat(), engine).discard
    hands = list(hands12)
    for c in discard:
        hands[declarer] &= ~(1 << c)
    return Position(tuple(hands), problem.leader_seat()), tuple(discard), True


def answer(problem: Problem, engine: Engine | None = None, progress=None,
           key: KeyReport | None = None) -> int | dict[str, int]:
    """The value ``[expect] tricks`` states, found by the solver: the declarer's tricks
    (with his best discard when one is due: the best of ``key``, the discards'
    :func:`problem_key`, when it is known), or each raspasy player's, over the whole
    deal (with tricks ``played``, those taken in them too: :attr:`Result.deal_tricks`)."""
    if problem.needs_discard:
        if key is not None:
            return key.best
        hands12, declarer = problem.deal_for_discard()
        return best_discard(hands12, declarer, problem.game(), problem.leader_seat(), engine, progress).tricks
    return solve(problem.position(), problem.game(), engine=engine, with_line=False,
                 with_card_values=False).deal_tricks


def solve_problem(problem: Problem, engine: Engine | None = None, full: bool = True) -> Solved:
    """The problem solved (see :class:`Solved` and :func:`setup`); ``full=False`` finds the value
    alone, without the line, the card values and the discards' key."""
    key = problem_key(problem, engine) if full and problem.needs_discard else None
    position, discard, chosen = setup(problem, engine, key)
    result = solve(position, problem.game(), engine=engine, with_line=full, with_card_values=full)
    return Solved(result, discard, chosen, key)


def problem_key(problem: Problem, engine: Engine | None = None) -> KeyReport:
    """The key of a problem: its discard when the declarer holds 12 cards, else the first
    card of the player to move (see :mod:`solver.analysis.key`)."""
    if problem.needs_discard:
        hands12, declarer = problem.deal_for_discard()
        return discard_key(hands12, declarer, problem.game(), problem.leader_seat(), engine)
    return first_card_key(problem.position(), problem.game(), engine)


def with_best_discard(problem: Problem, engine: Engine | None = None) -> tuple[Problem, KeyReport | None]:
    """``(problem, None)``, or for a declarer holding 12 cards the problem after his best
    discard (the first working one) and the :class:`~solver.analysis.key.KeyReport` of the discard."""
    if not problem.needs_discard:
        return problem, None
    report = problem_key(problem, engine)
    return problem.with_discard(report.working[0]), report
