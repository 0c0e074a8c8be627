"""What is solved in one layout, for each kind of claim.

A question knows the holder's hand as the book writes it (``♠A x x x x x``, with the
completion its section calls for) and draws each layout uniformly from every layout
consistent with it, through :class:`preferans.analysis.layouts.LayoutSpace` (the ``x``
spot cards are part of the layout). It returns a small tuple of integers, its
*outcome*; the runner counts outcomes. :meth:`method` states the method in words for
the report.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from ...cards import SEATS, SUIT_SYMBOLS, bit, count, suit_bits, suit_of
from ...rules import Game, Position, TalonMode
from ..discard import canonical_form
from ...at_table import solve_at_table
from ..layouts import Knowledge, Layout, LayoutSpace, parse_known_hand
from .hands import no_trick_side_cards, raspasy_filler, side_top_tricks, swap_to_lowest

if TYPE_CHECKING:
    from ...engine import Engine  # annotations only: pref book --help loads no kernel

RASPASY_TALON = TalonMode.NONE
"""Raspasy is valued with the talon out of play (A leads the first trick): the cost of
the holder's cards alone, not of talon tricks that turn on two unseen cards."""

@lru_cache(maxsize=None)
def sketch(text: str) -> tuple[int, tuple[int, int, int, int]]:
    """``♠A x x x x x`` → (mask of the named cards, spot cards per suit)."""
    return parse_known_hand(text, "book hand")


def length(text: str) -> int:
    """Cards in a book hand, the x cards counted (``♠A x x`` → 3)."""
    named, spots = sketch(text)
    return count(named) + sum(spots)


def knowledge(seat: int, known: int, spots: tuple[int, ...], *, out: int = 0,
              lengths: tuple = ()) -> Knowledge:
    """Only ``seat``'s hand is seen (``known`` cards and ``spots`` x cards per suit)."""
    hands = [0, 0, 0]
    hands[seat] = known
    spot_rows = [tuple(spots) if s == seat else (0,) * 4 for s in range(3)]
    return Knowledge(known=tuple(hands), spots=tuple(spot_rows), out=out, lengths=lengths)


@lru_cache(maxsize=None)
def space(k: Knowledge) -> LayoutSpace:
    """The layouts consistent with ``k`` (built once per knowledge: counting them is the costly part)."""
    return LayoutSpace(k)


class Question:
    """Base: ``knowledge()`` says what is seen, ``solve(layout, engine)`` gives the outcome."""

    seat: int

    def knowledge(self) -> Knowledge:
        """What the holder sees, from which the layouts are drawn."""
        raise NotImplementedError

    def solve(self, layout: Layout, engine: Engine) -> tuple[int, ...]:
        """The outcome on one layout: a tuple of whole numbers, as each question's doc says."""
        raise NotImplementedError

    def outcome(self, rng: random.Random, engine: Engine) -> tuple[int, ...]:
        """The outcome on one layout drawn uniformly with ``rng``."""
        return self.solve(space(self.knowledge()).sample(rng), engine)


@dataclass(frozen=True)
class ContractTricks(Question):
    """The declarer's double-dummy tricks in a trump contract.

    ``sides``: ``"clean"`` completes a trump holding with side cards that take no trick
    by rank (:func:`.hands.no_trick_side_cards`); ``"random"`` with side cards drawn
    uniformly from the other three suits (a length limit: exactly ``n`` trumps), and then
    ``minus_top`` subtracts the side suits' top tricks (the run from each ace);
    ``"none"``: the hand is whole.
    """

    hand: str
    trump: int
    seat: int
    sides: str = "none"
    minus_top: bool = False

    def method(self) -> str:
        """The method in one line, as the report prints it beside the row."""
        n = length(self.hand)
        who = f"declarer {SEATS[self.seat]}, {SUIT_SYMBOLS[self.trump]} trump, A leads"
        if self.sides == "clean":
            side = (f"+ {10 - n} side cards that take no trick by rank (the lowest ranks, spread evenly "
                    "over the side suits)")
        elif self.sides == "random":
            side = f"+ {10 - n} side cards drawn uniformly from the other suits"
            if self.minus_top:
                side += "; figure = tricks − side top tricks (the run of top cards from each side ace)"
        else:
            side = "the hand as given"
        return f"{who}; {side}; the other cards uniform (10/10, 2 out of play)"

    def knowledge(self) -> Knowledge:
        """Only the declarer's hand is seen (see :meth:`Question.knowledge`)."""
        named, spots = sketch(self.hand)
        n = length(self.hand)
        if self.sides == "clean":
            return knowledge(self.seat, named | no_trick_side_cards(self.trump, 10 - n), spots)
        if self.sides == "random":
            return knowledge(self.seat, named, spots, lengths=((self.seat, self.trump, n, n),))
        return knowledge(self.seat, named, spots)

    def solve(self, layout: Layout, engine: Engine) -> tuple[int, ...]:
        """The outcome on ``layout``, as the class's doc says."""
        tricks = engine.value(Position(layout.hands), Game.contract(6, self.trump, self.seat), self.seat)
        if self.minus_top:
            tricks -= side_top_tricks(layout.hands[self.seat], self.trump)
        return (tricks,)


@dataclass(frozen=True)
class SuitWorth(Question):
    """What a side suit's cards are worth to the declarer, paired on one layout: (his tricks
    minus his tricks with that suit's cards swapped for its lowest ranks, his tricks)."""

    hand: str
    trump: int
    seat: int
    suit: int

    def method(self) -> str:
        """The method in one line, as the report prints it beside the row."""
        s = SUIT_SYMBOLS[self.suit]
        return (f"declarer {SEATS[self.seat]}, {SUIT_SYMBOLS[self.trump]} trump, A leads, the hand as given; "
                f"worth = tricks − tricks with his {s} swapped for the lowest {s} of the same layout (paired)")

    def knowledge(self) -> Knowledge:
        """Only the declarer's hand is seen (see :meth:`Question.knowledge`)."""
        return knowledge(self.seat, *sketch(self.hand))

    def solve(self, layout: Layout, engine: Engine) -> tuple[int, ...]:
        """The outcome on ``layout``, as the class's doc says."""
        game = Game.contract(6, self.trump, self.seat)
        with_suit = engine.value(Position(layout.hands), game, self.seat)
        without = engine.value(Position(swap_to_lowest(layout.hands, self.seat, self.suit)), game, self.seat)
        return (with_suit - without, with_suit)


@dataclass(frozen=True)
class RaspasyCost(Question):
    """The holder's raspasy tricks: (paranoid, cooperative). With ``fill`` a one-suit holding
    is completed by :func:`.hands.raspasy_filler`; without, the hand is whole."""

    hand: str
    seat: int
    fill: bool = True

    def method(self) -> str:
        """The method in one line, as the report prints it beside the row."""
        n = length(self.hand)
        rest = (f"+ {10 - n} cards that cannot win (the lowest ranks of the other suits, spread evenly)"
                if self.fill else "the hand as given")
        return (f"holder {SEATS[self.seat]} on raspasy, talon out of play, A leads; {rest}; the other cards "
                "uniform; paranoid value (both others against him) and cooperative value (all three keep "
                "his tricks down)")

    def knowledge(self) -> Knowledge:
        """Only the holder's hand is seen (see :meth:`Question.knowledge`)."""
        named, spots = sketch(self.hand)
        if self.fill:
            named |= raspasy_filler(suit_of((named & -named).bit_length() - 1), 10 - length(self.hand))
        return knowledge(self.seat, named, spots)

    def solve(self, layout: Layout, engine: Engine) -> tuple[int, ...]:
        """The outcome on ``layout``, as the class's doc says."""
        game = Game.raspasy(RASPASY_TALON)
        position = Position(layout.hands)
        return (engine.value(position, game, self.seat),
                engine.value(position, game, self.seat, cooperative=True))


def clean_discard_exists(hands12: tuple[int, int, int], declarer: int, engine: Engine) -> bool:
    """Whether some discard of two of the declarer's 12 cards leaves a clean misère (0 tricks).

    Discards that leave the same game (:func:`~preferans.analysis.discard.canonical_form`) are
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
class MisereTalon(Question):
    """A misère with ten known cards: (clean after taking the talon and the best discard,
    tricks with the ten cards as they stand, not caught at the table). At the table the catchers
    see the talon, so they know his 12 cards but not the two he puts aside: 1 when no plan of theirs
    catches every discard (:mod:`preferans.at_table`), which a clean best discard is a case of."""

    hand: str
    seat: int

    def method(self) -> str:
        """The method in one line, as the report prints it beside the row."""
        return (f"misère declarer {SEATS[self.seat]}, A leads; the talon is 2 of the 22 unseen cards, uniform; "
                "he takes it and makes the best discard for the layout (every discard tried); "
                "clean = no trick, double dummy; not caught at the table = no plan of the catchers, who "
                "see the talon but not his discard, catches every discard of his 12 cards")

    def knowledge(self) -> Knowledge:
        """Only the declarer's hand is seen (see :meth:`Question.knowledge`)."""
        return knowledge(self.seat, *sketch(self.hand))

    def solve(self, layout: Layout, engine: Engine) -> tuple[int, ...]:
        """The outcome on ``layout``, as the class's doc says."""
        talon = sum(bit(c) for c in layout.hidden)
        hands12 = tuple(h | talon if s == self.seat else h for s, h in enumerate(layout.hands))
        clean = clean_discard_exists(hands12, self.seat, engine)
        game = Game.misere(self.seat)
        as_is = engine.value(Position(layout.hands), game, self.seat)
        table = solve_at_table(Position(layout.hands), game, layout.hidden, engine=engine, with_key=False)
        return (int(clean), as_is, int(not table.caught))


def _suit_count(h: int, suit: int) -> int:
    return count(suit_bits(h, suit))


def _k_xx(h: int, suit: int) -> bool:
    """Holds the suit's king and exactly two more of it (``K x x``)."""
    return bool(suit_bits(h, suit) >> 6 & 1) and _suit_count(h, suit) == 3


EVENTS = {
    "4-0": ("the 4 missing ♠ all in one hand", lambda o: max(_suit_count(h, 0) for h in o) == 4),
    "2-2": ("the 4 missing ♠ split 2-2", lambda o: all(_suit_count(h, 0) == 2 for h in o)),
    "3-missing-split": ("the 3 missing ♣ not all in one hand", lambda o: max(_suit_count(h, 1) for h in o) < 3),
    "KxxKxx": ("one defender holds ♠K x x and ♥K x x", lambda o: any(_k_xx(h, 0) and _k_xx(h, 3) for h in o)),
    "xxx-xxx-Kx": ("one defender holds exactly three ♣, three ♦ and ♥K x",
                   lambda o: any(_suit_count(h, 1) == 3 and _suit_count(h, 2) == 3
                                 and suit_bits(h, 3) >> 6 & 1 and _suit_count(h, 3) == 2 for h in o)),
}
"""name → (words, test on the two other hands)."""


@dataclass(frozen=True)
class SplitEvent(Question):
    """A fact about the layout alone, no play (see :data:`EVENTS`): (1 if it happens, else 0).

    ``aside``: cards seen out of play (a known talon), so that 20 unseen cards split 10/10;
    without, 22 unseen cards are dealt 10/10 and 2 out of play.
    """

    hand: str
    seat: int
    event: str
    aside: str = ""

    def method(self) -> str:
        """The method in one line, as the report prints it beside the row."""
        unseen = f"talon {self.aside} seen: 20 unseen cards split 10/10" if self.aside else \
            "22 unseen cards dealt 10/10 + 2 out of play"
        return f"holder {SEATS[self.seat]}, no play; {unseen}; event: {EVENTS[self.event][0]}"

    def knowledge(self) -> Knowledge:
        """Only the holder's hand is seen (see :meth:`Question.knowledge`)."""
        out = sketch(self.aside)[0] if self.aside else 0
        return knowledge(self.seat, *sketch(self.hand), out=out)

    def solve(self, layout: Layout, engine: Engine) -> tuple[int, ...]:
        """The outcome on ``layout``, as the class's doc says."""
        others = [layout.hands[s] for s in range(3) if s != self.seat]
        return (int(EVENTS[self.event][1](others)),)
