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

from ...cards import NO_TRUMP, SEATS, SUIT_SYMBOLS
from ...notation import format_cards
from ...rules import Game, Kind
from ..layouts import Knowledge
from .tally import BINS

TALON_USES = ("out", "take")


@dataclass(frozen=True)
class Option:
    """One way to play: a game and, for a declarer holding 12 cards, the two cards he discards."""

    game: Game
    discard: tuple[int, ...] = ()

    @property
    def label(self) -> str:
        name = game_label(self.game)
        if self.discard:
            name += " discarding " + format_cards(sorted(self.discard, reverse=True))
        return name

    def columns(self) -> list[str]:
        if self.game.kind is Kind.RASPASY:
            return [f"{SEATS[s]} {m}" for m in ("paranoid", "cooperative") for s in range(3)]
        return [f"{SEATS[self.game.declarer]} tricks"]


def game_label(game: Game) -> str:
    if game.kind is Kind.RASPASY:
        return f"raspasy (talon {game.talon_mode.value})"
    if game.kind is Kind.MISERE:
        return f"misère by {SEATS[game.declarer]}"
    strain = "NT" if game.trump == NO_TRUMP else SUIT_SYMBOLS[game.trump]
    return f"{game.level}{strain} by {SEATS[game.declarer]}"


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
    """A :class:`~.score.Scoring`: each option's balance per seat too (estimates in points)."""
    keep_layouts: bool = False
    """Keep every layout's hands, values and balances (``--layouts-out``)."""

    @property
    def tricks(self) -> int:
        """Tricks to be played (10 on a full deal)."""
        return min(self.knowledge.sizes)

    def columns(self) -> list[str]:
        out = [f"{o.label}: {c}" for o in self.options for c in o.columns()]
        out += [f"{game_label(self.options[a].game)}, best discard seeing the layout: "
                f"{self.options[a].columns()[0]}" for a, _ in self.dd_groups]
        return out

    def success_ranges(self) -> tuple[np.ndarray, np.ndarray]:
        """Per column, the values that count as success (a contract made, a misère clean);
        raspasy columns have none (an empty range)."""
        games = [o.game for o in self.options for _ in o.columns()]
        games += [self.options[a].game for a, _ in self.dd_groups]
        lo = [g.level if g.kind is Kind.CONTRACT else 0 if g.kind is Kind.MISERE else 1 for g in games]
        hi = [BINS - 1 if g.kind is Kind.CONTRACT else 0 for g in games]
        return np.array(lo, np.int64), np.array(hi, np.int64)

    def score_columns(self) -> int:
        """How many balance figures a layout gives: seats × scored options."""
        if self.scoring is None:
            return 0
        return len(self.scoring.scored([o.game for o in self.options])) * len(self.scoring.seats)

    def option_columns(self) -> list[int]:
        """The first column of each option."""
        out, k = [], 0
        for o in self.options:
            out.append(k)
            k += len(o.columns())
        return out


__all__ = ["Option", "Question", "TALON_USES", "game_label"]
