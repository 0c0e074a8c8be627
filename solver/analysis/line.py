"""A line of play cut into tricks: who led, each card, who won, and which cards were as good.

"As good" means: another legal card of the same player that keeps the same value for
the player whose tricks are counted, and is not merely the played card's neighbour in
a sequence (♦K for ♦Q when no card in play lies between them): those are always as
good, and a problem book does not mark them. Nor is anything marked where every
legal card gives the same value: there the choice did not matter. Finding the others costs one
``card_values`` call per card played where there was a choice; the engine's table,
warm from the solve, makes those calls cheap.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..errors import InputError
from ..rules import DEALER, Game, Position, in_sequence, legal_cards, play
from ..validation import check_focus, validate

if TYPE_CHECKING:
    from ..engine import Engine


@dataclass
class Play:
    seat: int
    card: int
    as_good: list[int] = field(default_factory=list)
    """Other cards of the same player that kept the same value."""
    on_table: bool = False
    """Already on the table when the problem starts."""


@dataclass
class Trick:
    number: int
    """1..10, counted as on a full deal (an ending of 4 cards plays tricks 7 to 10)."""
    leader: int
    plays: list[Play]
    winner: int | None = None
    """A seat, ``DEALER`` for a talon trick the turned card held, None if unfinished."""
    talon_card: int | None = None
    """The talon card turned for this trick (raspasy with the talon)."""


def tricks_of_line(position: Position, game: Game, line: list[int], focus: int,
                   engine: Engine | None = None) -> list[Trick]:
    """Replay ``line`` from ``position``; with ``engine``, fill each play's ``as_good``.

    Every card of ``line`` must be legal where it is played (an :class:`InputError` otherwise).
    """
    validate(position, game)
    check_focus(focus)
    tricks: list[Trick] = []
    current = _open_trick(position)
    current.plays = [Play((position.leader + i) % 3, c, on_table=True) for i, c in enumerate(position.trick)]
    for i, c in enumerate(line):
        if c not in legal_cards(position, game):
            raise InputError(f"line[{i}]", f"card {c} cannot be played there")
        seat = position.to_move
        as_good = _as_good(position, game, c, focus, engine)
        before = position.taken
        position = play(position, game, c)
        current.plays.append(Play(seat, c, as_good))
        if len(current.plays) == 3:
            current.winner = next((s for s in range(3) if position.taken[s] > before[s]), DEALER)
            tricks.append(current)
            current = _open_trick(position)
    if current.plays:
        tricks.append(current)
    return tricks


def _open_trick(position: Position) -> Trick:
    return Trick(11 - position.tricks_left, position.leader, [],
                 talon_card=position.talon[0] if position.talon else None)


def _as_good(position: Position, game: Game, c: int, focus: int, engine: Engine | None) -> list[int]:
    if engine is None or len(legal_cards(position, game)) < 2:
        return []
    values = engine.searcher.card_values(position, game, focus)  # checked once, in tricks_of_line
    if len(set(values.values())) == 1:
        return []  # any card would do: nothing worth marking
    return [other for other, v in sorted(values.items())
            if other != c and v == values[c] and not in_sequence(position, c, other)]
