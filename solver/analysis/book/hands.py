"""Hands as the manuals sketch them, made concrete for one layout.

A manual writes ``♠A x x x x x``: the ace and five spot cards nobody named. Each ``x``
is drawn per layout, uniformly among the ranks 7–J of its suit that the sketch does
not name; only when the suit needs more cards than 7–J leaves is the pool widened
upward, lowest first (Q, then K, then A), so ``x x x x x x`` is always Q J 10 9 8 7
and ``A x x x x x`` always A Q J 10 9 8 7 minus one … never the king.

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

from dataclasses import dataclass

import numpy as np

from ...cards import SUIT_SYMBOLS, bit, card, count, rank_of, suit_bits, suit_of

RANK_TOKENS = {"7": 0, "8": 1, "9": 2, "10": 3, "J": 4, "Q": 5, "K": 6, "A": 7}
SMALL = "x"
SPOT_RANKS = (0, 1, 2, 3, 4)
"""7 8 9 10 J: the ranks an ``x`` is drawn from first."""


@dataclass(frozen=True)
class Holding:
    """One suit of a sketch: the named ranks and how many ``x`` spot cards."""

    suit: int
    named: tuple[int, ...]
    small: int = 0

    @property
    def length(self) -> int:
        return len(self.named) + self.small

    def text(self) -> str:
        names = [k for r in sorted(self.named, reverse=True) for k, v in RANK_TOKENS.items() if v == r]
        return " ".join(names + [SMALL] * self.small) or "—"


def parse_holding(text: str, suit: int) -> Holding:
    """``"A Q x x x"`` (ranks and ``x``, space separated; ``—`` for a void)."""
    named, small = [], 0
    for token in text.replace(",", " ").split():
        t = token.upper()
        if t in ("—", "-"):
            continue
        if t == "X":
            small += 1
        elif t in RANK_TOKENS:
            if RANK_TOKENS[t] in named:
                raise ValueError(f"rank {token} twice in holding {text!r}")
            named.append(RANK_TOKENS[t])
        else:
            raise ValueError(f"unknown rank {token!r} in holding {text!r}")
    if len(named) + small > 8:
        raise ValueError(f"more than 8 cards in holding {text!r}")
    return Holding(suit, tuple(sorted(named, reverse=True)), small)


def parse_sketch(text: str) -> tuple[Holding, ...]:
    """A hand sketch ``"♠A Q x x x ♣— ♥A Q x x x"``: suit symbols, each followed by its holding."""
    holdings, suit, tokens = [], None, []
    for ch_group in text.replace("♠", " ♠ ").replace("♣", " ♣ ").replace("♦", " ♦ ").replace("♥", " ♥ ").split():
        if ch_group in SUIT_SYMBOLS:
            if suit is not None:
                holdings.append(parse_holding(" ".join(tokens), suit))
            suit, tokens = SUIT_SYMBOLS.index(ch_group), []
        elif suit is None:
            raise ValueError(f"a sketch starts with a suit symbol: {text!r}")
        else:
            tokens.append(ch_group)
    if suit is not None:
        holdings.append(parse_holding(" ".join(tokens), suit))
    suits = [h.suit for h in holdings]
    if len(set(suits)) != len(suits):
        raise ValueError(f"a suit given twice in {text!r}")
    return tuple(h for h in holdings if h.length)


def sketch_text(holdings) -> str:
    """``♠A Q x x x ♥A Q x x x``: the sketch written back, suits in bidding order, voids left out."""
    return " ".join(SUIT_SYMBOLS[h.suit] + h.text() for h in sorted(holdings, key=lambda h: h.suit))


def x_pool(holding: Holding) -> tuple[int, ...]:
    """The ranks the ``x`` cards of ``holding`` are drawn from (see the module's rule)."""
    pool = [r for r in SPOT_RANKS if r not in holding.named]
    for r in (5, 6, 7):
        if len(pool) >= holding.small:
            break
        if r not in holding.named:
            pool.append(r)
    if len(pool) < holding.small:
        raise ValueError(f"no room for {holding.small} spot cards beside the named ones")
    return tuple(pool)


def deal_holding(holding: Holding, rng: np.random.Generator) -> int:
    """The holding's cards as a mask, its ``x`` drawn uniformly from :func:`x_pool`."""
    ranks = list(holding.named)
    pool = x_pool(holding)
    if holding.small == len(pool):
        ranks += pool
    elif holding.small:
        ranks += [pool[i] for i in rng.choice(len(pool), holding.small, replace=False)]
    return sum(bit(card(holding.suit, r)) for r in ranks)


def deal_sketch(holdings, rng: np.random.Generator) -> int:
    mask = 0
    for h in holdings:
        mask |= deal_holding(h, rng)
    return mask


def has_small(holdings) -> bool:
    return any(h.small for h in holdings)


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
    """The same layout with ``seat``'s cards of ``suit`` replaced by the suit's lowest ranks.

    Each of his cards that is not among the lowest is swapped with a lowest card held
    elsewhere (highest with lowest), so the other hands keep their lengths: a paired
    layout for measuring what the suit's high cards are worth.
    """
    hands = list(hands)
    mine = suit_bits(hands[seat], suit)
    n = count(mine)
    target = (1 << n) - 1
    give = sorted((r for r in range(8) if mine >> r & 1 and not target >> r & 1), reverse=True)
    take = sorted(r for r in range(8) if target >> r & 1 and not mine >> r & 1)
    for hi, lo in zip(give, take):
        c_hi, c_lo = card(suit, hi), card(suit, lo)
        owner = next((i for i, h in enumerate(hands) if h >> c_lo & 1), None)
        hands[seat] = hands[seat] & ~bit(c_hi) | bit(c_lo)
        if owner is not None:
            hands[owner] = hands[owner] & ~bit(c_lo) | bit(c_hi)
    return tuple(hands)


def deal_layout(known: dict[int, int], rng: np.random.Generator, hand_size: int = 10,
                exclude: int = 0) -> tuple[tuple[int, int, int], int]:
    """A uniform layout of the unseen cards: the hands of the seats not in ``known`` get
    ``hand_size`` cards each, the rest (the talon, or a discard) is returned as a mask.

    One shuffle of the unseen cards, cut in order, so every split is equally likely.
    """
    seen = exclude
    for m in known.values():
        seen |= m
    unseen = np.array([c for c in range(32) if not seen >> c & 1], dtype=np.int64)
    order = unseen[rng.permutation(len(unseen))]
    hands, at = [], 0
    for seat in range(3):
        if seat in known:
            hands.append(known[seat])
        else:
            hands.append(int(sum(1 << int(c) for c in order[at:at + hand_size])))
            at += hand_size
    rest = int(sum(1 << int(c) for c in order[at:]))
    return (hands[0], hands[1], hands[2]), rest
