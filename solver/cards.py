"""Cards, suits and hands as bits.

A card is an ``int`` 0..31: ``suit * 8 + rank``. Suits are numbered in bidding
order (0 = spades, 1 = clubs, 2 = diamonds, 3 = hearts) and ranks low to high
(0 = seven … 7 = ace). A hand, or any set of cards, is a mask with bit ``card``
set: one ``uint32`` holds any set of the 32 cards, which is the layout the
search kernel works on, so nothing is converted at the boundary.
"""

from __future__ import annotations

SPADES, CLUBS, DIAMONDS, HEARTS = range(4)
NO_TRUMP = 4
"""The strain number of no-trump, after the four suits (bidding order)."""

SUIT_LETTERS = "SCDH"
SUIT_SYMBOLS = "♠♣♦♥"
RANK_LETTERS = ("7", "8", "9", "10", "J", "Q", "K", "A")
SEATS = "ABC"
STRAIN_NAMES = tuple(SUIT_LETTERS) + ("NT",)
"""``S C D H NT``: strain numbers 0..4 as JSON and contracts write them."""

SUIT_MASK = 0xFF
FULL_DECK = 0xFFFFFFFF


def strain_symbol(strain: int) -> str:
    """``♠ ♣ ♦ ♥``, or ``NT``: a strain as a player writes it (``7♠ by A``)."""
    return "NT" if strain == NO_TRUMP else SUIT_SYMBOLS[strain]


def card(suit: int, rank: int) -> int:
    """The card number of ``rank`` (0 = seven … 7 = ace) in ``suit``."""
    return suit * 8 + rank


def suit_of(c: int) -> int:
    return c >> 3


def rank_of(c: int) -> int:
    return c & 7


def bit(c: int) -> int:
    return 1 << c


def suit_bits(mask: int, suit: int) -> int:
    """The 8 rank bits of ``suit`` in ``mask`` (bit 0 = seven)."""
    return (mask >> (suit * 8)) & SUIT_MASK


def mask_of(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    """Cards of ``mask`` as a hand is written: suits in bidding order, high rank first."""
    return [card(s, r) for s in range(4) for r in range(7, -1, -1) if mask >> card(s, r) & 1]


def count(mask: int) -> int:
    return bin(mask).count("1")


def ascii_name(c: int) -> str:
    """The JSON form of a card: rank then suit letter, ``7S`` … ``10S`` … ``AH``."""
    return RANK_LETTERS[rank_of(c)] + SUIT_LETTERS[suit_of(c)]
