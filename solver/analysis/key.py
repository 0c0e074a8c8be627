"""The key of a problem: which first choices of the player to move keep the best result.

A composer asks more of a problem than its answer: is the solution unique? In chess
problems the first move is the *key*, and another first move that also works is a
*cook*. Here:

- The player to move is the one whose turn it is in the position given: the leader,
  or, with a trick in progress, the next to play. He may be the declarer or a
  defender (whister/catcher); in raspasy he is just a player.
- A first card *works* when, after it, that player's side still gets the optimal
  result of the position: the declarer's most tricks in a contract, his fewest in a
  misère; the defenders' side wants the reverse (the declarer's fewest in a contract,
  his most in a misère); in raspasy each player wants his own tricks fewest (the
  paranoid value: the other two play against him).
- A declarer holding 12 cards (10 and the talon) first chooses his discard. The
  problem is then the discard: a discard (two cards) *works* when with best play
  afterwards he reaches his best result over all 66 discards.

A problem file may declare its key (``[expect] key``, see docs/problem-format.md):
the cards, or the discards, that work, all of them (so a declared key ``"AD"``
claims ♦A works and nothing else does), or ``"any"`` for a demonstration where
every choice works. :func:`key_verdict` compares a declaration with the solver and
names the cook, or the failing key.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import SEATS, ascii_name
from ..notation import format_cards
from ..problemfile import ANY, Choice, DeclaredKey
from ..rules import Game, Kind, Position, in_sequence

if TYPE_CHECKING:
    from ..engine import Engine

__all__ = ["KeyReport", "discard_key", "first_card_key", "key_of_card_values", "key_verdict"]

@dataclass(frozen=True)
class KeyReport:
    """The first choices of the player to move and which of them work.

    ``values`` maps each choice to the result after it, counted as the problem's
    answer is (the declarer's tricks; in raspasy the mover's own tricks). ``best`` is
    the optimal result for the mover's side; ``working`` the choices reaching it.
    ``plays`` groups the working cards that are equal (in sequence: no card in play
    between them but the mover's own), which always have the same value: a composer
    counts ♦Q and ♦K of ♦KQ as one key. Discards are not grouped.
    """

    mover: int
    side: str
    discard: bool
    values: dict[Choice, int]
    best: int
    plays: tuple[tuple[Choice, ...], ...] = ()

    @property
    def working(self) -> tuple[Choice, ...]:
        return tuple(sorted(c for c, v in self.values.items() if v == self.best))

    @property
    def unique(self) -> bool:
        return len(self.working) == 1

    @property
    def cooks(self) -> tuple[Choice, ...]:
        """Every working choice but the first (empty for a unique key)."""
        return self.working[1:]

    def describe(self, lang: str = "en", say=None) -> str:
        """``unique key ♦A``; ``4 of 10 first cards work: ♦10 ♦J ♦Q ♦K``; discards alike.

        ``say(template, **fields)`` translates each English template (the CLI passes its
        dictionary of Russian words); by default the English text is filled in.
        """
        say = say or (lambda template, **fields: template.format(**fields))
        working, total = self.working, len(self.values)
        shown = _show_choices(working, lang)
        n = len(working)
        if self.discard:
            if n == 1:
                return say("unique discard {shown}", shown=shown)
            if n == total:
                return say("every discard works ({total})", total=total)
            return say("{n} of {total} discards work: {shown}", n=n, total=total, shown=shown)
        if n == 1:
            return say("unique key {shown}", shown=shown) + \
                (say(" (the only legal card)") if total == 1 else "")
        if n == total:
            return say("every first card works ({total})", total=total)
        text = say("{n} of {total} first cards work: {shown}", n=n, total=total, shown=shown)
        if len(self.plays) == 1:
            return text + say(" (equal cards: one play)")
        if len(self.plays) < n:
            return text + say(" ({plays} different plays)", plays=len(self.plays))
        return text

    def to_json(self) -> dict:
        return {"mover": SEATS[self.mover], "side": self.side, "discard": self.discard,
                "working": [" ".join(ascii_name(c) for c in ch) for ch in self.working],
                "choices": len(self.values), "unique": self.unique,
                "plays": len(self.plays) if not self.discard else len(self.working)}


def _show_choices(choices, lang: str = "en") -> str:
    sep = ", " if any(len(c) > 1 for c in choices) else " "
    return sep.join(format_cards(c, lang=lang) for c in choices)


def _side(game: Game, mover: int) -> str:
    if game.kind is Kind.RASPASY:
        return "player"
    if mover == game.declarer:
        return "declarer"
    return "catchers" if game.kind is Kind.MISERE else "defenders"


def first_card_key(position: Position, game: Game, engine: Engine | None = None) -> KeyReport:
    """Which legal cards of the player to move keep his side's optimal result."""
    engine = engine or _new_engine()
    focus = position.to_move if game.kind is Kind.RASPASY else game.declarer
    return key_of_card_values(position, game, engine.card_values(position, game, focus))


def key_of_card_values(position: Position, game: Game, card_values: dict[int, int]) -> KeyReport:
    """The key from the values of the mover's cards, counted as :attr:`preferans.api.Result.card_values`
    counts them (the declarer's tricks; in raspasy the mover's own)."""
    mover = position.to_move
    if game.kind is Kind.RASPASY:
        wants_more = False
    else:
        wants_more = (mover == game.declarer) == (game.kind is Kind.CONTRACT)
    best = max(card_values.values()) if wants_more else min(card_values.values())
    return KeyReport(mover, _side(game, mover), False, {(c,): v for c, v in card_values.items()}, best,
                     _equal_groups(position, sorted(c for c, v in card_values.items() if v == best)))


def _equal_groups(position: Position, cards: list[int]) -> tuple[tuple[Choice, ...], ...]:
    """``cards`` (ascending) split into runs of equal cards: each touches the one before."""
    groups: list[list[int]] = []
    for c in cards:
        if groups and in_sequence(position, groups[-1][-1], c):
            groups[-1].append(c)
        else:
            groups.append([c])
    return tuple(tuple((c,) for c in g) for g in groups)


def discard_key(hands12: tuple[int, int, int], declarer: int, game: Game, leader: int = 0,
                engine: Engine | None = None) -> KeyReport:
    """Which of the declarer's 66 discards reach his best result (see the module's doc)."""
    from .discard import discard_values
    values = discard_values(hands12, declarer, game, leader, engine)
    table = {tuple(sorted(v.discard)): v.tricks for v in values}
    return KeyReport(declarer, "declarer", True, table, values[0].tricks)


def key_verdict(declared: DeclaredKey, report: KeyReport, lang: str = "en") -> str | None:
    """``None`` when the declaration matches the solver; else what is wrong, naming the cook."""
    working = set(report.working)
    what = "discard" if report.discard else "card"
    if declared == ANY:
        failing = sorted(set(report.values) - working)
        if not failing:
            return None
        return (f"key \"any\" declared, but not every {what} works: "
                f"{_show_choices(failing, lang)} fail; {report.describe(lang)}")
    illegal = sorted(declared - set(report.values))
    if illegal:
        return f"declared key {_show_choices(illegal, lang)} is not a legal {what} of {SEATS[report.mover]}"
    failing = sorted(declared - working)
    if failing:
        shown = "; ".join(f"{_show_choices([c], lang)} gives {report.values[c]}" for c in failing)
        return f"declared key fails: {shown} (best {report.best}); {report.describe(lang)}"
    cooks = sorted(working - declared)
    if cooks:
        return f"cook: {_show_choices(cooks, lang)} also work{'s' if len(cooks) == 1 else ''}; " \
               f"{report.describe(lang)}"
    return None


def _new_engine() -> "Engine":
    from ..engine import Engine  # on demand: importing the kernel costs a second

    return Engine()
