"""An upper bound on the misère declarer's (or a raspasy player's) tricks from a game on suit lengths,
for measurement only: ``benchmarks/oracles.py`` measures what it would save (docs/performance.md,
*The long proofs*) and ``tests/test_void_leads.py`` holds it to the brute force. The search does not
use it yet.

Hands are three 32-bit masks (A, B, C), a suit a byte; F is the focus player, who wants few tricks, X
the player after him, Y the one before him.

**The matchings.** In a suit, W_s is the most of F's cards that can each be paired with a lower card
of X's or Y's (greedy from the bottom). Each trick F wins while X or Y still plays the suit led holds
such a pair: the leader's card below his, or, on his own lead, the card of whoever had to follow. So
F wins at most W_s such tricks in the suit, whatever anyone plays. His other wins are *void leads*:
he leads a suit that neither X nor Y holds.

**The game on lengths.** Each suit is kept as five numbers: the three players' lengths a, x, y; l,
F's cards that lie below all of X's and Y's cards of the suit (*duckers*: played to a trick in which
X or Y plays the suit, one loses it); and k, the pairs left (W_s at first, never more than F's cards
that are not duckers). Each trick: the leader leads a suit he holds; whoever holds the suit led
follows, the others discard from any suit they choose; F, playing a suit, chooses a ducker or
another card. The trick goes to F when nobody else played its suit; else to one of X and Y who
played it, as X and Y choose, or, if F played a card that is not a ducker and the suit has a pair
left, to F if they choose (a pair spent). F wants the fewest tricks, X and Y the most.

Every real play is a play of this game, with F's choices the game's and X's and Y's whatever they
really were: a ducker loses to the card of the suit X or Y plays (it lies below all of theirs), a
trick F wins with another card spends a pair, and one of theirs can win only a trick of its suit.
The game gives X and Y more freedom than the cards do (they pick the trick's winner), and F only the
duckers he starts with, so F, playing the game's best strategy with real cards, takes at most the
game's value, whatever X and Y do. The value rests on the suit lengths and, in each suit F shares
with X or Y, the owners of the live cards from X's and Y's lowest up (:func:`relevant_cards`).
:func:`void_lead_bound` gives the value; :func:`holds_below` asks only whether it is below a target,
with cut-offs, as a search would ask it (half the game's work or less on ``pref bench``'s misères).
Run as a script (``python benchmarks/void_leads.py``), it prints how many states the game has by
tricks left (:func:`state_counts`).
"""

from functools import lru_cache

import numpy as np

from preferans.kernel.bounds import shared_suits_relevance

F, X, Y = 0, 1, 2
A, L, K = 0, 3, 4
"""Fields of a suit's tuple (a, x, y, l, k); x and y sit at 1 and 2, the seats' own numbers."""
DUCK, OTHER = 0, 1


def suits_of(hands, focus: int) -> tuple:
    """Each suit as (a, x, y, l, k): the lengths, F's duckers and the suit's pairs W_s."""
    out = []
    for s in range(4):
        f, x, y = ((hands[(focus + i) % 3] >> 8 * s) & 0xFF for i in range(3))
        theirs = x | y
        ducks = (f & ((theirs & -theirs) - 1)).bit_count() if theirs else 0
        pairs = free = 0
        for r in range(8):
            if theirs >> r & 1:
                free += 1
            elif f >> r & 1 and free:
                free, pairs = free - 1, pairs + 1
        out.append((f.bit_count(), x.bit_count(), y.bit_count(), ducks, pairs))
    return tuple(out)


def matchings(hands, focus: int) -> int:
    """W: the pairs of all four suits, the most tricks F can win other than by void leads."""
    return sum(suit[K] for suit in suits_of(hands, focus))


def _canon(suits) -> tuple:
    """The game's state as a sorted tuple (suits are interchangeable): a suit nobody else holds keeps
    only F's length, no suit more pairs than F's cards that are not duckers, and in a suit with no pair
    left every card of F's counts as a ducker (a card other than a ducker then loses as surely)."""
    out = []
    for a, x, y, ducks, pairs in suits:
        if not x + y:
            if a:
                out.append((a, 0, 0, 0, 0))
        else:
            pairs = min(pairs, a - ducks)
            out.append((a, x, y, a if pairs == 0 else ducks, pairs))  # with no pair left, every card ducks
    return tuple(sorted(out))


def _without(suits, i: int, seat: int, kind: int = OTHER) -> list:
    """The suits after ``seat`` plays a card of suit ``i`` (F: a ducker or another card)."""
    out = [list(suit) for suit in suits]
    out[i][seat] -= 1
    if seat == F and kind == DUCK:
        out[i][L] -= 1
    return out


def _plays(suits, seat: int, led: int):
    """(suit, kind) of each card type ``seat`` may play to a trick led in suit ``led`` (-1: he leads)."""
    if led >= 0 and suits[led][seat]:
        held = [led]
    else:
        held = [i for i, suit in enumerate(suits) if suit[seat]]
    for i in held:
        if seat != F:
            yield i, OTHER
        else:
            if suits[i][L]:
                yield i, DUCK
            if suits[i][A] > suits[i][L]:
                yield i, OTHER


GAME_TRICKS = [0]
"""The game's partial tricks since the module was loaded: each turn (a player to play to a trick, his
cards to try) the game has met, memo hits not counted."""


@lru_cache(maxsize=None)
def game_value(suits: tuple, leader: int) -> int:
    """The game's value: F's tricks from a trick start, ``suits`` from :func:`_canon`."""
    if not suits:
        return 0
    return _trick(suits, _order(leader), -1, [], (min, max),
                  lambda outcomes: max(won + game_value(after, seat) for after, seat, won in outcomes))


@lru_cache(maxsize=None)
def game_reaches(suits: tuple, leader: int, target: int) -> bool:
    """Whether the game's value is ``target`` or more: :func:`game_value` asked one question, each
    trick's choices cut off as soon as they settle it (F's first card that keeps him below, the
    catchers' first that does not)."""
    if target <= 0:
        return True
    if target > sum(suit[A] for suit in suits):
        return False
    return _trick(suits, _order(leader), -1, [], (all, any),
                  lambda outcomes: any(game_reaches(after, seat, target - won) for after, seat, won in outcomes))


def _order(leader: int) -> tuple:
    return leader, (leader + 1) % 3, (leader + 2) % 3


def _trick(suits, order, led: int, played: list, choose, score):
    """The rest of a trick: ``played`` holds the cards so far, in ``order``, each as (its suit, its
    kind); ``led`` is the suit led (-1 before the lead). ``choose`` is how F and the catchers pick
    among their cards' results (fewest and most, or all and any); ``score`` how the catchers' pick of
    the trick's outcomes (:func:`_outcomes`) scores."""
    if len(played) == 3:
        return score(_outcomes(suits, order, led, played))
    seat = order[len(played)]
    results = (_trick(_without(suits, i, seat, kind), order, i if led < 0 else led, played + [(i, kind)],
                      choose, score) for i, kind in _plays(suits, seat, led))
    GAME_TRICKS[0] += 1
    return choose[0](results) if seat == F else choose[1](results)


def _outcomes(suits, order, led: int, played: list):
    """(suits after, next leader, 1 if F won) for each way the game lets the catchers settle the trick."""
    cards = dict(zip(order, played))
    f_suit, f_kind = cards[F]
    theirs = [seat for seat in (X, Y) if cards[seat][0] == led]
    after = _canon(suits)
    if f_suit == led and not theirs:
        return [(after, F, 1)]
    out = [(after, seat, 0) for seat in theirs]
    if f_suit == led and f_kind == OTHER and suits[led][K]:
        spent = [list(suit) for suit in suits]
        spent[led][K] -= 1
        out.append((_canon(spent), F, 1))
    return out


def void_lead_bound(hands, focus: int, leader: int) -> tuple[int, int]:
    """At a trick start (``leader`` on lead): the most tricks F can take, by :func:`game_value`, and the
    cards it rests on (:func:`relevant_cards`)."""
    return game_value(_canon(suits_of(hands, focus)), (leader - focus) % 3), relevant_cards(hands, focus)


ASKS = None
"""When a list, :func:`holds_below` appends each question it is asked to it: (state, leader, target)."""


def holds_below(hands, focus: int, leader: int, target: int) -> bool:
    """Whether the game holds F below ``target`` tricks (:func:`game_reaches`); its cards are
    :func:`relevant_cards` too."""
    state, leader = _canon(suits_of(hands, focus)), (leader - focus) % 3
    if ASKS is not None:
        ASKS.append((state, leader, target))
    return not game_reaches(state, leader, target)


def relevant_cards(hands, focus: int) -> int:
    """In each suit F shares with X or Y, the live cards from their lowest up: the partition of the
    search's own "no trick at all" (``shared_suits_relevance``), which these numbers rest on too."""
    return int(shared_suits_relevance(np.array(hands, dtype=np.int64), focus))


def state_counts(most: int = 10) -> dict[int, int]:
    """How many states the game has with n tricks left, n = 1 … ``most``, one leader: the multisets of
    four suits (an empty suit among them where a player is void in all of it), each suit as
    :func:`_canon` keeps it, the three players' lengths adding up to n each. The size a table of every
    answer, computed ahead, would need (times three leaders, and the targets for :func:`game_reaches`)."""
    kinds = sorted({_canon([(a, x, y, ducks, pairs)])[0] if a + x + y else (0, 0, 0, 0, 0)
                    for a in range(9) for x in range(9 - a) for y in range(9 - a - x)
                    for ducks in range(a + 1) for pairs in range(a - ducks + 1)})
    ways = {(0, 0, 0, 0): 1}  # (suits chosen, a, x, y) -> multisets of the kinds so far
    for a, x, y, _, _ in kinds:
        after = dict(ways)
        for (used, sa, sx, sy), count in ways.items():
            for more in range(1, 5 - used):
                key = (used + more, sa + more * a, sx + more * x, sy + more * y)
                if max(key[1:]) > most:
                    break
                after[key] = after.get(key, 0) + count
        ways = after
    return {n: ways.get((4, n, n, n), 0) for n in range(1, most + 1)}


if __name__ == "__main__":
    for tricks, count in state_counts().items():
        print(f"{tricks} tricks left: {count:,} states")
