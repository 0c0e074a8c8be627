"""Problems solved: what a problem file asks, answered by the solver.

:mod:`preferans.problemfile` reads and writes the format and checks it, with no search;
this module sits above it and above :mod:`preferans.analysis`, and does the solving:
the position to search (after the declarer's best discard when he still holds 12
cards), the answer ``[expect] tricks`` states, the key, the whole solve the commands
show. Each function takes a :class:`~preferans.problemfile.Problem` as read (parsed
once, when it was loaded) and an :class:`~preferans.engine.Engine` to share.

>>> from preferans.problemfile import loads_json
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
from .analysis.line import Trick, tricks_of_line
from .api import Result, solve
from .at_table import TableAnswer, solve_at_table
from .cards import SEATS
from .errors import InputError
from .problemfile import Problem
from .rules import Kind, Position

if TYPE_CHECKING:
    from .engine import Engine

__all__ = ["Solved", "TableQuestion", "answer", "best_lines", "problem_key", "setup", "solve_problem", "solve_table",
           "table_question", "with_best_discard"]


@dataclass(frozen=True)
class Solved:
    """A problem solved: the :class:`~preferans.api.Result`, the cards out of play as discarded,
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


def best_lines(result: Result, engine: Engine | None = None) -> dict[int, list[Trick]]:
    """The best line of a full solve trick by trick, each card marked where another was as good
    (:func:`~preferans.analysis.line.tricks_of_line`): the declarer's, or each raspasy player's own,
    keyed by the seat. ``pref solve`` prints them."""
    game = result.game
    if game.kind is Kind.RASPASY:
        return {seat: tricks_of_line(result.position, game, result.lines[SEATS[seat]], seat, engine)
                for seat in range(3)}
    return {game.declarer: tricks_of_line(result.position, game, result.line, game.declarer, engine)}


def problem_key(problem: Problem, engine: Engine | None = None) -> KeyReport:
    """The key of a problem: its discard when the declarer holds 12 cards, else the first
    card of the player to move (see :mod:`preferans.analysis.key`)."""
    if problem.needs_discard:
        hands12, declarer = problem.deal_for_discard()
        return discard_key(hands12, declarer, problem.game(), problem.leader_seat(), engine)
    return first_card_key(problem.position(), problem.game(), engine)


def with_best_discard(problem: Problem, engine: Engine | None = None) -> tuple[Problem, KeyReport | None]:
    """``(problem, None)``, or for a declarer holding 12 cards the problem after his best
    discard (the first working one) and the :class:`~preferans.analysis.key.KeyReport` of the discard."""
    if not problem.needs_discard:
        return problem, None
    report = problem_key(problem, engine)
    return problem.with_discard(report.working[0]), report


@dataclass(frozen=True)
class TableQuestion:
    """What a problem asks at the table: the position, the cards the defence cannot tell from
    the declarer's hand (``unseen``), which discards it must cover (``worlds``: ``all``, ``best``,
    ``caught`` or a list) and the play so far (``history``, see :func:`preferans.at_table.solve_at_table`).

    ``source`` says where the unseen cards come from: ``discard`` (his discard, given or chosen
    by the solver), ``talon`` (the talon, out of play: he took it and put it aside), ``deal``
    (a misère without the talon: the two cards nobody holds, unknown to everyone, so the
    catchers cover the discards they catch double dummy) or ``none`` (an ending that hides no
    card of his: one world, the double-dummy answer)."""

    position: Position
    unseen: tuple[int, ...]
    worlds: str | tuple[str, ...]
    history: tuple | None
    source: str
    as_filed: bool = True
    """Whether the discards covered are the file's own (``[expect] table`` answers for those only)."""


def table_question(problem: Problem, solved: Solved | None = None, open_whist: bool = False,
                   discards: str | None = None, engine: Engine | None = None,
                   key: KeyReport | None = None) -> TableQuestion | None:
    """The question at the table of a misère, or of a contract with open whist (the file's
    ``[game] whist``, or ``open_whist``); None for other games. ``solved``: the problem solved
    already (a declarer with 12 cards: the solver's discard is his discard), or ``key``, the
    discards' :func:`problem_key` (which names that discard without searching again). ``discards``:
    ``all`` or ``best`` in place of the file's ``[game] table_discards`` (a misère without the
    talon keeps its own: the discards its catchers catch double dummy)."""
    from .cards import count

    if not problem.asks_table(open_whist):
        return None
    game = problem.game()
    declarer = game.declarer
    worlds = discards or problem.table_discards or "all"
    filed = discards is None or discards == (problem.table_discards or "all")
    if problem.needs_discard:
        position, discard, _ = (solved.result.position, solved.discard, True) if solved else \
            setup(problem, engine, key)
        return TableQuestion(position, tuple(discard), worlds, None, "discard", filed)
    position = problem.position()
    history = problem.history()
    in_hands = position.hands[0] | position.hands[1] | position.hands[2]
    if problem.discard is not None:
        return TableQuestion(position, problem.discard_cards(), worlds, history, "discard", filed)
    talon = problem.talon_cards()
    if talon and not any(in_hands >> c & 1 for c in talon):
        return TableQuestion(position, talon, worlds, history, "talon", filed)
    seen = in_hands
    for c in position.trick:
        seen |= 1 << c
    if history:
        for c in history[1]:
            seen |= 1 << c
    if count(seen) == 30:
        if game.kind is not Kind.MISERE:
            raise problem.error("game.whist", "the deal gives no talon and no discard: the two cards nobody "
                                "holds are the deal's, not the declarer's choice, so a contract has no answer "
                                "at the table (give the talon)")
        if problem.table_discards is not None:
            raise problem.error("game.table_discards", "a misère without the talon covers the discards its "
                                "catchers catch double dummy (the deal chose the two unseen cards, not the declarer)")
        unseen = tuple(c for c in range(32) if not seen >> c & 1)
        return TableQuestion(position, unseen, "caught", history, "deal")
    if isinstance(problem.table_discards, tuple):
        raise problem.error("game.table_discards", "the problem hides no card of the declarer's (no talon, "
                            "no discard, not a whole deal): there is nothing to list")
    return TableQuestion(position, (), "all", history, "none")


def solve_table(problem: Problem, engine: Engine | None = None, solved: Solved | None = None,
                open_whist: bool = False, discards: str | None = None, with_key: bool = True,
                key: KeyReport | None = None) -> tuple[TableQuestion, TableAnswer] | None:
    """The problem's answer at the table (see :func:`table_question`), or None when it asks none.
    A bad ``[game] table_discards`` is a :class:`~preferans.problemfile.ProblemError` naming it."""
    question = table_question(problem, solved, open_whist, discards, engine, key)
    if question is None:
        return None
    try:
        answer = solve_at_table(question.position, problem.game(), question.unseen, worlds=question.worlds,
                                history=question.history, with_key=with_key, engine=engine)
    except InputError as e:
        field = "game.table_discards" if e.field.startswith("worlds") else e.field
        raise problem.error(field, e.message) from None
    return question, answer
