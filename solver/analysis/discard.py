"""The declarer's discard (снос): the value of each of the 66 ways to put two of 12 cards aside.

All 66 positions are solved with one :class:`~preferans.engine.Engine`, so table entries
found for one discard serve the others (the table's keys hold the game, not the
discard): on random deals that more than halves the nodes searched. Before any search,
discards that leave the same game are merged: the discarded cards are out of play,
so a position matters only up to the *relative* ranks of the 30 cards still in play
(putting aside ♠7 or ♠8 of ♠78 gives one game) and up to the order of the suits
other than the trump. Each such class is solved once (about 40% of the discards
of a random deal are repeats).

The order in which the discards are solved was measured and barely matters (likely
best discards first, card order, random order: within 1.5% of each other in nodes),
so they are simply taken in card order.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Callable

from ..cards import NO_TRUMP, SEATS, bit, count, suit_bits
from ..errors import InputError, excerpt
from ..rules import Game, Kind, Position
from ..validation import check_focus, check_game, check_position

if TYPE_CHECKING:
    from ..engine import Engine

Progress = Callable[[int, int], None]
"""``progress(done, total)``: called after each step of a long job (for a progress bar)."""


@dataclass(frozen=True)
class DiscardValue:
    """Two cards put aside and the declarer's tricks with the ten that remain."""

    discard: tuple[int, int]
    tricks: int


def _compress(bits: int, live: int) -> int:
    """The ranks of ``bits`` renumbered among ``live`` (8-bit suit masks): 0 = lowest live card."""
    out, i = 0, 0
    for r in range(8):
        if live >> r & 1:
            out |= (bits >> r & 1) << i
            i += 1
    return out


def canonical_form(hands: tuple[int, int, int], leader: int, trump: int) -> tuple:
    """A key for a position at a trick start: positions with equal keys are the same game.

    Each suit becomes the three hands' holdings in relative ranks (cards out of play
    do not matter, only the order of those in play). Suits other than the trump play
    alike, so their order is forgotten. ``trump`` is a suit or ``NO_TRUMP``.
    """
    suits = []
    for s in range(4):
        live = suit_bits(hands[0] | hands[1] | hands[2], s)
        suits.append(tuple(_compress(suit_bits(h, s), live) for h in hands))
    trump_suit = suits.pop(trump) if trump != NO_TRUMP else None
    return leader, trump_suit, tuple(sorted(suits))


def declarer_wants_more(game: Game) -> bool:
    """A contract's declarer wants many tricks, a misère's few."""
    check_game(game)
    if game.kind is Kind.RASPASY:
        raise InputError("game.kind", "raspasy has no declarer and no discard")
    return game.kind is Kind.CONTRACT


def _new_engine():
    from ..engine import Engine

    return Engine()


def _cards(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def _check_hands12(hands12, declarer: int, game: Game, leader: int) -> tuple[int, int, int]:
    """The checks of every public function here, made once before the 66 solves."""
    declarer_wants_more(game)
    check_focus(declarer, "declarer")
    check_focus(leader, "leader")
    if game.declarer != declarer:
        raise InputError("declarer", f"the game's declarer is {SEATS[game.declarer]}, not {SEATS[declarer]}")
    try:
        hands12 = tuple(hands12)
    except TypeError:
        raise InputError("deal", f"expected three hands (card masks), not {excerpt(hands12)}") from None
    check_position(Position(hands12, leader))
    sizes = [count(h) for h in hands12]
    others = [sizes[s] for s in range(3) if s != declarer]
    if others[0] != others[1] or sizes[declarer] != others[0] + 2 or not 1 <= others[0] <= 10:
        shown = ", ".join(f"{SEATS[s]} {sizes[s]}" for s in range(3))
        raise InputError("deal", f"the declarer {SEATS[declarer]} needs two cards more than each other "
                         f"player (12 and 10 on a full deal), got {shown}")
    return hands12


def discard_values(hands12: tuple[int, int, int], declarer: int, game: Game, leader: int = 0,
                   engine: Engine | None = None, progress: Progress | None = None) -> list[DiscardValue]:
    """The declarer's double-dummy tricks for each way to put two of his cards aside.

    ``hands12[declarer]`` holds two cards more than each other hand (10 + talon on a
    full deal). In a contract the value is the most tricks he can take, in a misère
    the fewest he can be held to. The list is best first (ties in card order), which
    is the order :func:`group_discards` keeps.
    """
    more = declarer_wants_more(game)
    hands12 = _check_hands12(hands12, declarer, game, leader)
    engine = engine or _new_engine()
    hand = hands12[declarer]
    pairs = list(combinations(_cards(hand), 2))
    solved: dict[tuple, int] = {}
    values = []
    for done, pair in enumerate(pairs, 1):
        hands = list(hands12)
        hands[declarer] = hand & ~bit(pair[0]) & ~bit(pair[1])
        key = canonical_form(tuple(hands), leader, game.trump)
        if key not in solved:
            solved[key] = engine.searcher.value(Position(tuple(hands), leader), game, declarer)
        values.append(DiscardValue(pair, solved[key]))
        if progress:
            progress(done, len(pairs))
    values.sort(key=lambda v: (-v.tricks if more else v.tricks, v.discard))
    return values


def best_discard(hands12: tuple[int, int, int], declarer: int, game: Game, leader: int = 0,
                 engine: Engine | None = None, progress: Progress | None = None) -> DiscardValue:
    """A best discard for ``game`` and its value (the first of :func:`discard_values`).

    Only the best is needed, so each discard is first asked one threshold question —
    "can it do better than the best so far?" — and valued exactly only when it can.
    Discards are tried in card order and replace the best only when strictly better,
    so the result is the same discard :func:`discard_values` puts first.
    """
    more = declarer_wants_more(game)
    hands12 = _check_hands12(hands12, declarer, game, leader)
    engine = engine or _new_engine()
    hand = hands12[declarer]
    pairs = list(combinations(_cards(hand), 2))
    seen: set[tuple] = set()
    best: DiscardValue | None = None
    for done, pair in enumerate(pairs, 1):
        hands = list(hands12)
        hands[declarer] = hand & ~bit(pair[0]) & ~bit(pair[1])
        key = canonical_form(tuple(hands), leader, game.trump)
        if key not in seen:
            seen.add(key)
            position = Position(tuple(hands), leader)
            if best is None:
                best = DiscardValue(pair, engine.searcher.value(position, game, declarer))
            else:
                better = engine.searcher.reaches(position, game, declarer, best.tricks + 1) if more \
                    else not engine.searcher.reaches(position, game, declarer, best.tricks)
                if better:
                    best = DiscardValue(pair, engine.searcher.value(position, game, declarer))
        if progress:
            progress(done, len(pairs))
    return best


def group_discards(values: list[DiscardValue],
                   game: Game | None = None) -> list[tuple[int, list[tuple[int, int]]]]:
    """``(tricks, discards)`` for each value, best first; discards in card order.

    With ``game`` the groups are ordered for it (most tricks first in a contract,
    fewest in a misère); without it they keep the order in which their values first
    appear, which is best first for the list :func:`discard_values` returns.
    """
    groups: dict[int, list[tuple[int, int]]] = {}
    for v in values:
        groups.setdefault(v.tricks, []).append(tuple(v.discard))
    order = list(groups)
    if game is not None:
        order.sort(reverse=declarer_wants_more(game))
    return [(t, sorted(groups[t])) for t in order]


@dataclass(frozen=True)
class BestContract:
    """For each strain (0..3 = ♠♣♦♥, 4 = NT) the best discard and its tricks, and the bid.

    ``contract`` is ``(level, strain)`` of the highest contract the declarer makes
    with his best discard for it (level = tricks; more tricks first, then the higher
    strain in bidding order), or ``None`` when he makes no contract of 6.
    """

    strains: dict[int, DiscardValue]
    contract: tuple[int, int] | None


def highest_contract(tricks_by_strain: dict[int, int]) -> tuple[int, int] | None:
    """The highest bid ``(level, strain)`` made with these tricks, or None below 6."""
    if not tricks_by_strain:
        raise InputError("tricks_by_strain", "no strain given")
    tricks, strain = max((t, s) for s, t in tricks_by_strain.items())
    return (tricks, strain) if tricks >= 6 else None


def best_contract(hands12: tuple[int, int, int], declarer: int, leader: int = 0,
                  engine: Engine | None = None, progress: Progress | None = None) -> BestContract:
    """The best discard in each strain and the highest contract it makes (see :class:`BestContract`)."""
    check_focus(declarer, "declarer")
    engine = engine or _new_engine()
    strains = {}
    for strain in range(NO_TRUMP + 1):
        step = None if progress is None else \
            (lambda done, total, k=strain: progress(k * total + done, (NO_TRUMP + 1) * total))
        game = Game.contract(6, strain, declarer)
        strains[strain] = best_discard(hands12, declarer, game, leader, engine, step)
    return BestContract(strains, highest_contract({s: v.tricks for s, v in strains.items()}))


__all__ = ["BestContract", "DiscardValue", "best_contract", "best_discard", "canonical_form",
           "discard_values", "group_discards", "highest_contract"]
