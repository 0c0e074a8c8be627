"""The double-dummy table of a deal: every contract, misère and raspasy value at once.

With the talon given, each declarer takes it and makes the best discard for each game
he could play, so a full table is 3 declarers × 6 games × 66 discards (plus the
three raspasy values). All of it runs on one :class:`~preferans.engine.Engine`: the
table's entries are keyed by game and position, never by the discard, so what one
solve learns about the late play serves the others (a misère and a raspasy
player's paranoid value are even the same game to the table).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from math import comb

from ..cards import NO_TRUMP, SEATS, STRAIN_NAMES, ascii_name, cards_of, count, mask_of
from ..errors import InputError, excerpt
from ..rules import Game, Position, TalonMode, seat_number, strain_number
from ..validation import check_focus, check_position, validate
if TYPE_CHECKING:
    from ..engine import Engine

from .discard import Progress, best_discard, highest_contract


TABLE_LOG2_SIZE = 20
"""Table size for an engine made here: a full table with talon fills the default (2**15 entries)."""

MISERE = "misere"


@dataclass
class DDTable:
    """Double-dummy values of one deal (tricks from the first trick on, each for its player).

    ``contracts[(declarer, strain)]``: the declarer's tricks (strain 0..3 = ♠♣♦♥, 4 = NT);
    ``misere[declarer]``: the tricks the misère declarer is held to;
    ``raspasy[seat]``: the seat's paranoid raspasy tricks, played with ``raspasy_talon``;
    ``discards[(declarer, strain)]`` and ``discards[(declarer, "misere")]``: with a talon,
    the discard that reaches the value (empty without a talon).
    """

    hands: tuple[int, int, int]
    talon: tuple[int, ...]
    leader: int
    raspasy_talon: TalonMode
    contracts: dict[tuple[int, int], int] = field(default_factory=dict)
    misere: dict[int, int] = field(default_factory=dict)
    raspasy: dict[int, int] = field(default_factory=dict)
    discards: dict[tuple[int, int] | tuple[int, str], tuple[int, int]] = field(default_factory=dict)

    def __getitem__(self, key) -> int:
        """``table[seat, strain]``: ``table["A", "NT"]``, ``table[0, 4]``, ``table["B", "misere"]``,
        ``table["C", "raspasy"]`` (seats as numbers or letters, strains as numbers or S C D H NT)."""
        try:
            seat, game = key
        except (TypeError, ValueError):
            raise KeyError(f"index the table by (seat, strain), e.g. table['A', 'NT'], not {key!r}") from None
        seat = seat_number(seat)
        if game in (MISERE, "misère"):
            return self.misere[seat]
        if game == "raspasy":
            return self.raspasy[seat]
        return self.contracts[seat, strain_number(game)]

    def best_contract(self, declarer: int) -> tuple[int, int] | None:
        """The highest contract ``(level, strain)`` the declarer makes, or None below 6."""
        return highest_contract({s: self.contracts[declarer, s] for s in range(NO_TRUMP + 1)})

    def to_json(self) -> dict:
        def names(cards) -> list[str]:
            return [ascii_name(c) for c in cards]

        discards: dict[str, dict[str, list[str]]] = {}
        for (seat, game), pair in self.discards.items():
            key = game if game == MISERE else STRAIN_NAMES[game]
            discards.setdefault(SEATS[seat], {})[key] = names(pair)
        return {
            "deal": {SEATS[s]: names(cards_of(h)) for s, h in enumerate(self.hands)},
            "talon": names(self.talon),
            "leader": SEATS[self.leader],
            "raspasy_talon": self.raspasy_talon.value,
            "contracts": {SEATS[d]: {STRAIN_NAMES[s]: self.contracts[d, s] for s in range(NO_TRUMP + 1)}
                          for d in range(3)},
            "misere": {SEATS[d]: v for d, v in sorted(self.misere.items())},
            "raspasy": {SEATS[s]: v for s, v in sorted(self.raspasy.items())},
            "discards": discards,
        }


def _games(declarer: int) -> list[tuple[int | str, Game]]:
    """The declarer's games, keyed as in :attr:`DDTable.discards`: strains 0..4, then the misère."""
    contracts = [(s, Game.contract(6, s, declarer)) for s in range(NO_TRUMP + 1)]
    return contracts + [(MISERE, Game.misere(declarer))]


def _check(hands: tuple[int, int, int], talon: tuple[int, ...], leader: int) -> None:
    check_focus(leader, "leader")
    if len(talon) not in (0, 2):
        raise InputError("deal.talon", f"the talon has 2 cards or none, got {len(talon)}")
    check_position(Position(hands, leader, (), talon))  # card numbers, no card in two places
    validate(Position(hands, leader), Game.contract(6, NO_TRUMP, 0))  # equal hands


def dd_table(hands: tuple[int, int, int], talon: tuple[int, ...] = (), leader: int = 0,
             raspasy_talon: TalonMode = TalonMode.SUIT, engine: Engine | None = None,
             progress: Progress | None = None) -> DDTable:
    """The double-dummy table of a deal (see :class:`DDTable`).

    Raspasy is played with the talon turned as ``raspasy_talon`` says (see
    :class:`~preferans.rules.TalonMode`), or
    with mode ``none`` when no talon is given; a turned talon needs ``leader`` A.
    """
    try:
        hands, talon = tuple(hands), tuple(talon)
    except TypeError:
        raise InputError("deal", f"expected three hands and a talon, not {excerpt(hands)}, {excerpt(talon)}") \
            from None
    _check(hands, talon, leader)
    try:
        mode = TalonMode(raspasy_talon) if talon else TalonMode.NONE
    except ValueError:
        raise InputError("game.raspasy_talon", f"talon mode must be none, suit or dealer, "
                         f"not {excerpt(raspasy_talon)}") from None
    raspasy_game = Game.raspasy(mode)
    to_turn = talon[max(0, 10 - count(hands[0])):] if mode is not TalonMode.NONE else ()  # tricks 1 and 2
    raspasy_position = Position(hands, leader, (), to_turn)
    validate(raspasy_position, raspasy_game)
    if engine is None:
        from ..engine import Engine, Options

        engine = Engine(Options(tt_log2_size=TABLE_LOG2_SIZE))

    per_game = comb(count(hands[0]) + 2, 2) if talon else 1
    total = 3 * len(_games(0)) * per_game + 3
    done = 0

    def step(k: int, _of: int = 0) -> None:
        """Progress of the whole table: ``k`` steps into the current game (a discard job's call)."""
        if progress:
            progress(done + k, total)

    table = DDTable(hands, talon, leader, mode)
    for declarer in range(3):
        hands12 = tuple(h | mask_of(talon) if s == declarer else h for s, h in enumerate(hands))
        for key, game in _games(declarer):
            if talon:
                best = best_discard(hands12, declarer, game, leader, engine, step)
                tricks = best.tricks
                table.discards[declarer, key] = best.discard
            else:
                tricks = engine.searcher.value(Position(hands, leader), game, declarer)
            if key == MISERE:
                table.misere[declarer] = tricks
            else:
                table.contracts[declarer, key] = tricks
            done += per_game
            step(0)
    for seat in range(3):
        table.raspasy[seat] = engine.searcher.value(raspasy_position, raspasy_game, seat)
        done += 1
        step(0)
    return table


__all__ = ["DDTable", "STRAIN_NAMES", "dd_table"]
