"""What is solved in one layout, for each kind of claim.

A question draws one layout from its own random generator (the holder's ``x``
cards, then the unseen cards dealt uniformly, :func:`.hands.deal_layout`) and
returns a small tuple of integers, its *outcome*; the runner counts outcomes.
Every question states its method in :meth:`method`, which the report prints.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import numpy as np

from ...cards import SEATS, SUIT_SYMBOLS, bit, count, suit_bits
from ...engine import Engine
from ...rules import Game, Position, TalonMode
from ..discard import canonical_form
from .hands import (Holding, deal_layout, deal_sketch, has_small, no_trick_side_cards, raspasy_filler,
                    side_top_tricks, sketch_text, swap_to_lowest)

RASPASY_TALON = TalonMode.NONE
"""Raspasy is valued with the talon out of play (A leads the first trick): the cost of
the holder's cards alone, not of the talon tricks, which depend on two unseen cards."""


def _length(holdings) -> int:
    return sum(h.length for h in holdings)


@dataclass(frozen=True)
class ContractTricks:
    """The declarer's double-dummy tricks in a trump contract.

    ``sides``: ``"clean"`` completes a trump holding with side cards that take no trick
    by rank, ``"random"`` with side cards drawn uniformly from the other three suits
    (then ``minus_top`` subtracts the side suits' top tricks, the run from the ace),
    ``"none"``: the sketch is the whole hand.
    """

    sketch: tuple[Holding, ...]
    trump: int
    seat: int
    sides: str = "none"
    minus_top: bool = False

    def method(self) -> str:
        n = _length(self.sketch)
        who = f"declarer {SEATS[self.seat]}, {SUIT_SYMBOLS[self.trump]} trump, A leads"
        if self.sides == "clean":
            side = (f"+ {10 - n} side cards that take no trick by rank (lowest ranks, spread evenly "
                    "over the side suits)")
        elif self.sides == "random":
            side = f"+ {10 - n} side cards drawn at random from the other suits"
            if self.minus_top:
                side += "; figure = tricks − side top tricks (the run from each side ace)"
        else:
            side = "the hand as given"
        return f"{who}; {side}; other cards dealt uniformly (10/10, 2 out of play)"

    def _hand(self, rng: np.random.Generator) -> int:
        hand = deal_sketch(self.sketch, rng)
        n = 10 - _length(self.sketch)
        if self.sides == "clean":
            hand |= no_trick_side_cards(self.trump, n)
        elif self.sides == "random":
            pool = [c for c in range(32) if c // 8 != self.trump]
            for i in rng.choice(len(pool), n, replace=False):
                hand |= bit(pool[i])
        return hand

    def outcome(self, rng: np.random.Generator, engine: Engine) -> tuple[int, ...]:
        hand = self._hand(rng)
        hands, _ = deal_layout({self.seat: hand}, rng)
        tricks = engine.value(Position(hands), Game.contract(6, self.trump, self.seat), self.seat)
        if self.minus_top:
            tricks -= side_top_tricks(hand, self.trump)
        return (tricks,)


@dataclass(frozen=True)
class SuitWorth:
    """What a side suit's cards are worth to the declarer, paired on one layout: his tricks
    minus his tricks when that suit's cards are swapped for its lowest ranks."""

    sketch: tuple[Holding, ...]
    trump: int
    seat: int
    suit: int

    def method(self) -> str:
        return (f"declarer {SEATS[self.seat]}, {SUIT_SYMBOLS[self.trump]} trump, the hand as given; "
                f"worth = tricks − tricks with his {SUIT_SYMBOLS[self.suit]} swapped for the lowest "
                f"{SUIT_SYMBOLS[self.suit]} of the same layout (paired)")

    def outcome(self, rng: np.random.Generator, engine: Engine) -> tuple[int, ...]:
        hand = deal_sketch(self.sketch, rng)
        hands, _ = deal_layout({self.seat: hand}, rng)
        game = Game.contract(6, self.trump, self.seat)
        with_suit = engine.value(Position(hands), game, self.seat)
        without = engine.value(Position(swap_to_lowest(hands, self.seat, self.suit)), game, self.seat)
        return (with_suit - without, with_suit)


@dataclass(frozen=True)
class RaspasyCost:
    """The holder's raspasy tricks: (paranoid, cooperative). With ``fill`` a suit holding is
    completed by :func:`.hands.raspasy_filler`; without, the sketch is the whole hand."""

    sketch: tuple[Holding, ...]
    seat: int
    fill: bool = True

    def method(self) -> str:
        n = _length(self.sketch)
        rest = (f"+ {10 - n} filler cards that cannot win (the lowest ranks of the other suits, "
                "spread evenly)" if self.fill else "the hand as given")
        return (f"holder {SEATS[self.seat]} on raspasy, talon out of play, A leads; {rest}; other cards "
                "uniform; paranoid (both others against him) and cooperative (all three keep his "
                "tricks down) values")

    def outcome(self, rng: np.random.Generator, engine: Engine) -> tuple[int, ...]:
        hand = deal_sketch(self.sketch, rng)
        if self.fill:
            suit = self.sketch[0].suit
            hand |= raspasy_filler(suit, 10 - _length(self.sketch))
        hands, _ = deal_layout({self.seat: hand}, rng)
        game = Game.raspasy(RASPASY_TALON)
        position = Position(hands)
        return (engine.value(position, game, self.seat),
                engine.value(position, game, self.seat, cooperative=True))


def clean_discard_exists(hands12: tuple[int, int, int], declarer: int, engine: Engine) -> bool:
    """Whether some discard of two of the declarer's 12 cards leaves a clean misère (0 tricks).

    Discards that leave the same game (:func:`~solver.analysis.discard.canonical_form`) are
    asked once, high cards first (the likeliest to save), each by one zero-window search.
    """
    game = Game.misere(declarer)
    hand = hands12[declarer]
    cards = sorted((c for c in range(32) if hand >> c & 1), key=lambda c: (-(c & 7), c))
    seen = set()
    for a, b in combinations(cards, 2):
        hands = list(hands12)
        hands[declarer] = hand & ~bit(a) & ~bit(b)
        key = canonical_form(tuple(hands), 0, game.trump)
        if key in seen:
            continue
        seen.add(key)
        if not engine.reaches(Position(tuple(hands)), game, declarer, 1):
            return True
    return False


@dataclass(frozen=True)
class MisereTalon:
    """A misère with ten known cards: (clean after taking the talon and the best discard,
    tricks with the ten cards as they are)."""

    sketch: tuple[Holding, ...]
    seat: int

    def method(self) -> str:
        return (f"misère declarer {SEATS[self.seat]}, A leads; the talon is 2 of the 22 unseen cards; "
                "he takes it and makes the best discard (all 66 tried); clean = 0 tricks double dummy")

    def outcome(self, rng: np.random.Generator, engine: Engine) -> tuple[int, ...]:
        hand = deal_sketch(self.sketch, rng)
        hands, talon = deal_layout({self.seat: hand}, rng)
        hands12 = tuple(h | talon if s == self.seat else h for s, h in enumerate(hands))
        clean = clean_discard_exists(hands12, self.seat, engine)
        as_is = engine.value(Position(hands), Game.misere(self.seat), self.seat)
        return (int(clean), as_is)


@dataclass(frozen=True)
class SplitEvent:
    """A fact about the layout alone, no play: see :data:`EVENTS`.

    ``talon_known``: the two talon cards are seen too (20 unseen split 10/10), else
    they are among the unseen (22 cards: 10/10 and 2 out of play).
    """

    sketch: tuple[Holding, ...]
    seat: int
    event: str
    talon_known: bool = False

    def method(self) -> str:
        unseen = "20 unseen cards split 10/10 (talon known)" if self.talon_known else \
            "22 unseen cards dealt 10/10 + 2 out of play"
        return f"holder {SEATS[self.seat]}; {unseen}; event: {EVENTS[self.event][0]}"

    def outcome(self, rng: np.random.Generator, engine: Engine) -> tuple[int, ...]:
        hand = deal_sketch(self.sketch, rng)
        known = {self.seat: hand}
        if self.talon_known:  # two cards of no suit in question: the lowest hearts not held
            known[3] = _aside(hand, EVENTS[self.event][2])
        hands, _ = deal_layout({s: m for s, m in known.items() if s < 3},
                               rng, exclude=known.get(3, 0))
        others = [hands[s] for s in range(3) if s != self.seat]
        return (int(EVENTS[self.event][1](others)),)


def _aside(hand: int, avoid: tuple[int, ...]) -> int:
    """Two cards out of play that belong to none of the suits ``avoid`` names."""
    cards = [c for c in range(32) if not hand >> c & 1 and c // 8 not in avoid]
    return bit(cards[0]) | bit(cards[1])


def _suit_counts(h: int, suit: int) -> int:
    return count(suit_bits(h, suit))


def _k_xx(h: int, suit: int) -> bool:
    """Holds the suit's king and exactly two more of it (``K x x``)."""
    return bool(suit_bits(h, suit) >> 6 & 1) and _suit_counts(h, suit) == 3


EVENTS = {
    "4-0": ("the 4 missing ♠ all in one hand", lambda o: max(_suit_counts(h, 0) for h in o) == 4, (0,)),
    "2-2": ("the 4 missing ♠ split 2-2", lambda o: all(_suit_counts(h, 0) == 2 for h in o), (0,)),
    "3-missing-split": ("the 3 missing ♣ not all in one hand",
                        lambda o: max(_suit_counts(h, 1) for h in o) < 3, (1,)),
    "KxxKxx": ("one defender holds ♠K x x and ♥K x x", lambda o: any(_k_xx(h, 0) and _k_xx(h, 3) for h in o),
               (0, 3)),
    "xxx-xxx-Kx": ("one defender holds three ♣, three ♦ and ♥K x",
                   lambda o: any(_suit_counts(h, 1) == 3 and _suit_counts(h, 2) == 3
                                 and suit_bits(h, 3) >> 6 & 1 and _suit_counts(h, 3) == 2 for h in o),
                   (1, 2, 3)),
}
"""name → (words, test on the two other hands, suits the event is about)."""


def describe_hand(sketch) -> str:
    return sketch_text(sketch) + (" (x drawn per layout)" if has_small(sketch) else "")
