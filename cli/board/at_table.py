"""The board's question at the table, after any cards of the play: can the catchers (a contract's
open whisters), who see the declarer's twelve cards but not the two he put aside, still cover every
discard he may have made? Problem mode marks each of their cards with two such answers, the
position before the card and the one after it (``static/marks.js``).

One request, one search: :func:`preferans.at_table.solve_at_table` on the position after ``cards``,
the discards ruled out by his play so far dropped (the history from the deal, as dealt, is passed).
"""

from __future__ import annotations

from preferans.at_table import MAX_WORLDS, declarer_card, solve_at_table, trick_start
from preferans.cards import ascii_name, mask_of
from preferans.errors import InputError
from preferans.notation import NotationError, parse_card_list
from preferans.problemfile import ProblemError
from preferans.problems import TableQuestion, table_question
from preferans.rules import Position, play

from ..runtime import engine
from ..solving import table_json
from .moves import SOURCE, card_list, checked_card, read_problem


def table_object(data, cards, worlds=None, with_key=False) -> dict:
    """The answer at the table of the problem object ``data`` after ``cards`` (JSON names) are played.

    ``worlds``: the discards to cover (lists of JSON names; those hiding a card he has played since
    are dropped), else the problem's own choice (``[game] table_discards``, by default every one).
    The problem's table JSON as ``pref solve --json`` writes it (``caught`` or ``tricks``,
    ``worlds``, ``uncovered``, ``source`` …, ``key`` with ``with_key``), and ``live``, the discards
    covered (in the order of ``dd``), and ``dd``, each one's double-dummy answer from here.
    """
    if not isinstance(with_key, bool):
        raise ProblemError(SOURCE, "key", f"true or false, not {with_key!r}")
    asked = _Asked(data, cards)
    chosen = asked.question.worlds if worlds is None else asked.listed(worlds)
    try:
        answer = solve_at_table(asked.now, asked.game, asked.question.unseen, worlds=chosen, history=asked.history,
                                with_key=with_key, engine=engine())
    except InputError as e:
        raise ProblemError(SOURCE, e.field, e.message) from None
    out = {**table_json(asked.problem, asked.question, answer),
           "live": [[ascii_name(c) for c in w] for w in answer.worlds], "dd": list(answer.dd)}
    if not with_key:
        out.pop("key")
    if cards or worlds is not None:  # the published answer is the problem's, from its start
        out.pop("expect", None)
        out.pop("agrees", None)
    return out


def declarer_object(data, cards, worlds) -> dict:
    """``{"card": …}``: the declarer's card after ``cards`` that keeps the discards ``worlds`` (his own
    among them) beyond any one plan of the defence (:func:`preferans.at_table.declarer_card`), or
    ``null`` when none does and his best card double dummy will do."""
    asked = _Asked(data, cards)
    if worlds is None:
        raise ProblemError(SOURCE, "worlds", "missing: the discards to keep the defence guessing between")
    try:
        card = declarer_card(asked.now, asked.game, asked.question.unseen, worlds=asked.listed(worlds),
                             history=asked.history, engine=engine())
    except InputError as e:
        raise ProblemError(SOURCE, e.field, e.message) from None
    return {"card": None if card is None else ascii_name(card)}


class _Asked:
    """A request's problem at the table and the position after its cards, with the play since the deal."""

    def __init__(self, data, cards):
        self.problem = read_problem(data)
        if self.problem.needs_discard:
            raise ProblemError(SOURCE, "problem", "the declarer holds 12 cards and has not discarded: the "
                               "question at the table comes after his discard")
        if not self.problem.asks_table():
            raise ProblemError(SOURCE, "game.kind", "nothing is asked at the table: a misère, or a contract "
                               "with whist = \"open\", is")
        self.question = table_question(self.problem)
        self.game = game = self.problem.game()
        start, sequence = _from_the_deal(self.question)
        now = self.question.position
        for n, text in enumerate(card_list(cards), 1):
            c = checked_card(now, game, text, n)
            now = play(now, game, c)
            sequence.append(c)
        if now.is_over():
            raise ProblemError(SOURCE, "cards", "the deal is over: nothing is left to ask at the table")
        self.now = now
        self.history = (start, sequence[:len(sequence) - len(now.trick)])  # the trick in progress is now's own
        self.gone = start.hands[game.declarer] & ~now.hands[game.declarer]

    def listed(self, worlds) -> list[str]:
        """The discards the page asks about, those that hide a card he has played since dropped."""
        return _listed(worlds, self.gone)


def _from_the_deal(question: TableQuestion) -> tuple[Position, list[int]]:
    """The position the play is known from, its trick empty (the deal as dealt, or the start of
    the problem's trick in progress), and the cards played since up to the problem's position."""
    position = question.position
    if question.history is not None:
        start, played = question.history
        return start, list(played) + list(position.trick)
    return trick_start(position), list(position.trick)


def _listed(worlds, gone: int) -> list[str]:
    """The discards the page asks to cover, those that hide a card played since dropped."""
    if not isinstance(worlds, list) or len(worlds) > MAX_WORLDS:
        raise ProblemError(SOURCE, "worlds", f"a list of at most {MAX_WORLDS} discards such as [[\"KC\", \"AC\"], …]")
    kept = []
    for i, world in enumerate(worlds):
        if not isinstance(world, list) or not all(isinstance(c, str) for c in world):
            raise ProblemError(SOURCE, f"worlds[{i}]", "a discard is a list of cards such as [\"KC\", \"AC\"]")
        text = " ".join(world)
        try:
            hidden = parse_card_list(text)
        except NotationError as e:
            raise ProblemError(SOURCE, f"worlds[{i}]", str(e)) from None
        if not mask_of(hidden) & gone:
            kept.append(text)
    if not kept:
        raise ProblemError(SOURCE, "worlds", "every discard listed hides a card he has played since")
    return kept
