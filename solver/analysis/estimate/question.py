"""The question: what a player knows, and the options he compares on the same layouts.

A :class:`Question` is what the player knows (a :class:`~..layouts.Knowledge`) and the
*options* to compare: games, and for a declarer holding 12 cards the discards. Each
option's outcomes on a layout fill *columns*: a contract or misère option has one
column, the declarer's tricks; a raspasy option has six, each seat's paranoid and
cooperative value (the upper and lower bound of what real play costs him).

Talon rules. With the declarer's 10 cards known and the talon unseen, ``talon="out"``
answers for the hand as it will be played (the two unseen cards out of play, as if
after the discard); ``talon="take"`` answers for the hand before the talon: the two
hidden cards are dealt to the declarer, who then makes the **double-dummy best
discard for that layout** (he sees every hand — an upper bound on what he gets; the
12-card analysis gives the discard chosen not knowing the layout). A defender who sees
the talon (it is shown before a contract) uses ``take`` too: the declarer holds it and
discards as above.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...cards import SEATS, SUIT_LETTERS, SUIT_SYMBOLS, ascii_name, strain_symbol
from ...errors import InputError
from ...notation import format_cards
from ...rules import Game, Kind, game_name
from ..layouts import Knowledge
from .tally import BINS

TALON_USES = ("out", "take")


SPOT = 32
"""A card *spec* is a card (0…31) or ``SPOT + suit``: a spot card (``x``) of that suit not named,
whichever the layout gives (the lowest of the hand's spot cards of the suit, then the next)."""


def spot(suit: int) -> int:
    """The spec of a spot card of ``suit``."""
    return SPOT + suit


def spec_text(spec: int) -> str:
    """``♠A`` for a card, ``♠x`` for a spot card."""
    return f"{SUIT_SYMBOLS[spec - SPOT]}x" if spec >= SPOT else format_cards([spec])


def spec_name(spec: int) -> str:
    """The JSON form: ``AS`` for a card, ``xS`` for a spot card."""
    return f"x{SUIT_LETTERS[spec - SPOT]}" if spec >= SPOT else ascii_name(spec)


def specs_text(specs) -> str:
    return " ".join(spec_text(s) for s in sorted(specs, key=lambda s: (s % SPOT // 8 if s < SPOT else s - SPOT,
                                                                        -(s & 7) if s < SPOT else 1)))


def resolve(specs, hand: int, named: int) -> list[int]:
    """The cards ``specs`` stand for in ``hand``: a card is itself, a spot card of a suit the
    lowest of the hand's cards of that suit not in ``named`` (two spot cards: the two lowest)."""
    out = [s for s in specs if s < SPOT]
    for suit in {s - SPOT for s in specs if s >= SPOT}:
        want = sum(1 for s in specs if s == SPOT + suit)
        free = [c for c in range(suit * 8, suit * 8 + 8) if hand >> c & 1 and not named >> c & 1]
        out += free[:want]
    return out


@dataclass(frozen=True)
class Option:
    """One way to play: a game; for a declarer holding 12 cards, the two cards he discards;
    for a blind opening lead, the card led. Cards are specs (:data:`SPOT`)."""

    game: Game
    discard: tuple[int, ...] = ()
    lead: int | None = None
    equal: tuple[int, ...] = ()
    """Cards equal to the lead (they give the same value on every layout)."""

    @property
    def label(self) -> str:
        name = game_name(self.game, strain_symbol)
        if self.discard:
            name += " discarding " + specs_text(self.discard)
        if self.lead is not None:
            name = f"lead {spec_text(self.lead)} against {name}"
        return name

    def columns(self) -> list[str]:
        if self.game.kind is Kind.RASPASY:
            return [f"{SEATS[s]} {m}" for m in ("paranoid", "cooperative") for s in range(3)]
        return [f"{SEATS[self.game.declarer]} tricks"]


@dataclass(frozen=True)
class Question:
    """What is known, the options to compare on the same layouts, and how the talon is used.

    ``turned``: a known raspasy talon in the order it is turned (an unseen one is the
    layout's ordered hidden cards). ``talon``: ``out`` or ``take`` (see the module doc).
    ``dd_groups``: for a 12-card declarer, the options that differ only in the discard,
    as ranges of option indices; each adds a column "best discard seeing the layout".
    ``seat``: the seat of the known hand, when there is one (for the report's wording).
    """

    knowledge: Knowledge
    options: tuple[Option, ...]
    talon: str = "out"
    leader: int = 0
    turned: tuple[int, ...] = ()
    dd_groups: tuple[tuple[int, int], ...] = ()
    seat: int | None = None
    scoring: object | None = None
    """A :class:`~.score.Scoring`: each option's balance per seat too (estimates in points). A
    question it cannot score is refused when the question is made (:meth:`~.score.Scoring.check`)."""
    keep_layouts: bool = False
    """Keep every layout's hands, values and balances (``--layouts-out``)."""
    talon_cards: tuple[int, ...] | None = None
    """The talon's cards, for talon whists: the cards when they are named, ``()`` when they are each
    layout's hidden cards (the talon unseen and no discard known), None when they are not known."""
    table: tuple[int, ...] = ()
    """Options (the first of each game) whose game is also answered at the table, where the
    defence knows the declarer's 12 cards but not his discard (:mod:`preferans.at_table`): a misère,
    caught there or not (1 or 0); a contract with open whist, his tricks there. One column each,
    after the ``dd_groups`` columns; it does not depend on the discard he made."""

    def __post_init__(self):
        if self.scoring is not None:
            from .score import Scoring

            if not isinstance(self.scoring, Scoring):
                raise InputError("scoring", f"a Scoring (preferans.analysis.estimate.score), not {self.scoring!r}")
            self.scoring.check(self)

    @property
    def score_plan(self):
        """What scoring a layout takes, worked out once (:class:`~.score.ScorePlan`)."""
        plan = self.__dict__.get("_score_plan")
        if plan is None:
            from .score import ScorePlan

            plan = ScorePlan(self)
            object.__setattr__(self, "_score_plan", plan)
        return plan

    @property
    def tricks(self) -> int:
        """Tricks to be played (10 on a full deal)."""
        return min(self.knowledge.sizes)

    @property
    def leads(self) -> bool:
        """Whether the options are the opening leads of one game (a blind-lead question)."""
        return bool(self.options) and self.options[0].lead is not None

    @property
    def leader_defends(self) -> bool:
        """A lead question whose leader plays against the declarer (a defender, a catcher)."""
        return self.leads and self.leader != self.options[0].game.declarer

    def columns(self) -> list[str]:
        out = [f"{o.label}: {c}" for o in self.options for c in o.columns()]
        out += [f"{game_name(self.options[a].game, strain_symbol)}, best discard seeing the layout: "
                f"{self.options[a].columns()[0]}" for a, _ in self.dd_groups]
        out += [f"{game_name(self.options[k].game, strain_symbol)}, at the table: "
                + ("caught" if self.options[k].game.kind is Kind.MISERE else self.options[k].columns()[0])
                for k in self.table]
        return out

    @property
    def table_columns(self) -> list[int]:
        """The column of each :attr:`table` option's answer at the table (the last columns)."""
        total = len(self.columns())
        return list(range(total - len(self.table), total))

    def success_ranges(self) -> tuple[np.ndarray, np.ndarray]:
        """Per column, the values that count as success (a contract made, a misère clean);
        raspasy columns have none (an empty range)."""
        games = [o.game for o in self.options for _ in o.columns()]
        games += [self.options[a].game for a, _ in self.dd_groups]
        games += [self.options[k].game for k in self.table]  # a misère at the table: 0, escapes
        lo = [g.level if g.kind is Kind.CONTRACT else 0 if g.kind is Kind.MISERE else 1 for g in games]
        hi = [BINS - 1 if g.kind is Kind.CONTRACT else 0 for g in games]
        return np.array(lo, np.int64), np.array(hi, np.int64)

    def score_shape(self) -> tuple[int, int]:
        """(scored options, their balances seat by seat): what a scored layout tallies (:class:`~.tally.Tally`)."""
        if self.scoring is None:
            return 0, 0
        scored = len(self.scoring.scored([o.game for o in self.options]))
        return scored, scored * len(self.scoring.seats)

    def option_columns(self) -> list[int]:
        """The first column of each option."""
        out, k = [], 0
        for o in self.options:
            out.append(k)
            k += len(o.columns())
        return out


__all__ = ["Option", "Question", "SPOT", "TALON_USES", "resolve", "spec_name", "spec_text", "specs_text", "spot"]
