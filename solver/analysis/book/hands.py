"""Hands as the manuals sketch them, made concrete for one layout.

A manual writes ``♠A x x x x x``: the ace and five spot cards nobody named. The ``x``
are drawn per layout by :mod:`preferans.analysis.layouts` (uniformly among the ranks 7–J
of the suit not named; the pool widened upward, lowest first, only when the suit needs
more: ``x x x x x x`` is always Q J 10 9 8 7, ``A x x x x x`` never holds the king).

Two ways to complete a partial hand, one per kind of claim:

* :func:`no_trick_side_cards` — the trump table's side cards: the declarer's
  ``10 - n`` non-trump cards are spread as evenly as the count allows over the three
  side suits (the extra cards go to the side suits in bidding order after the trump),
  and in each suit they are its lowest ranks (7, then 8). Every such card is
  outranked by at least six cards of its suit in the defenders' hands and the talon,
  so it wins a trick only when both defenders are out of the suit *and* out of
  trumps: it takes no trick by rank.
* :func:`raspasy_filler` — the rest of a raspasy hand: the lowest ranks of the three
  other suits, spread as evenly as the count allows (extra cards in bidding order).
  A card that is the lowest one of its suit still in play can never win a trick
  led by someone else, and wins one the holder leads only when both others are void.
"""

from __future__ import annotations

from ...cards import bit, card, count, rank_of, suit_bits, suit_of


def _spread(n: int, suits: list[int]) -> dict[int, int]:
    """``n`` cards over ``suits`` as evenly as possible, the extra ones to the first suits."""
    base, extra = divmod(n, len(suits))
    return {s: base + (1 if i < extra else 0) for i, s in enumerate(suits)}


def _lowest(suit: int, k: int) -> int:
    return sum(bit(card(suit, r)) for r in range(k))


def no_trick_side_cards(trump: int, n: int) -> int:
    """The ``n`` side cards of the trump table (see the module docstring)."""
    side = [s for s in range(4) if s != trump]
    if n > 3 * 2:
        raise ValueError("more than 6 side cards would not all take no trick by rank")
    return sum(_lowest(s, k) for s, k in _spread(n, side).items())


def raspasy_filler(suit: int, n: int) -> int:
    """The ``n`` cards beside a raspasy holding in ``suit`` (see the module docstring)."""
    others = [s for s in range(4) if s != suit]
    return sum(_lowest(s, k) for s, k in _spread(n, others).items())


def takes_no_trick_by_rank(c: int, hand: int) -> bool:
    """Whether ``c`` is among the lowest cards of its suit and outnumbered by the cards above it
    held elsewhere, so that every time it is played a higher card of its suit can cover it."""
    mine = suit_bits(hand, suit_of(c))
    below_or_at = (1 << (rank_of(c) + 1)) - 1
    lowest_run = (mine & below_or_at) == below_or_at  # c and every rank below it are the holder's
    above_elsewhere = 7 - rank_of(c) - count(mine >> (rank_of(c) + 1))
    return lowest_run and above_elsewhere >= count(mine)


def side_top_tricks(hand: int, trump: int) -> int:
    """Sure tricks by rank outside the trump: in each side suit the run of top cards from the ace."""
    tricks = 0
    for s in range(4):
        if s == trump:
            continue
        bits = suit_bits(hand, s)
        r = 7
        while r >= 0 and bits >> r & 1:
            tricks += 1
            r -= 1
    return tricks


def swap_to_lowest(hands: tuple[int, ...], seat: int, suit: int) -> tuple[int, ...]:
    """The same layout with ``seat``'s cards of ``suit`` replaced by the lowest cards of the suit
    in play (cards out of play are left alone).

    Each of his cards that is not among those lowest is swapped with a lowest card held
    by another hand (his highest with the lowest), so every hand keeps its lengths: a
    paired layout for measuring what the suit's high cards are worth.
    """
    hands = list(hands)
    in_play = [r for r in range(8) if (hands[0] | hands[1] | hands[2]) >> card(suit, r) & 1]
    mine = suit_bits(hands[seat], suit)
    target = sum(1 << r for r in in_play[:count(mine)])
    give = sorted((r for r in range(8) if mine >> r & 1 and not target >> r & 1), reverse=True)
    take = sorted(r for r in range(8) if target >> r & 1 and not mine >> r & 1)
    for hi, lo in zip(give, take):
        c_hi, c_lo = card(suit, hi), card(suit, lo)
        owner = next(i for i, h in enumerate(hands) if h >> c_lo & 1)
        hands[seat] = hands[seat] & ~bit(c_hi) | bit(c_lo)
        hands[owner] = hands[owner] & ~bit(c_lo) | bit(c_hi)
    return tuple(hands)
