"""Move generation: legal cards, one card per equivalent sequence, and move ordering."""

import numpy as np

from .bits import high_bit, popcount
from .config import jit

NO_SUIT = -1
NO_TRUMP = 4


@jit
def suit_mask(s):
    return np.int64(0xFF) << (8 * s)


@jit
def legal_mask(hand, lead_suit, trump):
    """Follow suit; void, ruff if holding a trump (obligatory in preferans); else anything."""
    if lead_suit == NO_SUIT:
        return hand
    follow = hand & suit_mask(lead_suit)
    if follow != 0:
        return follow
    if trump != NO_TRUMP:
        ruff = hand & suit_mask(trump)
        if ruff != 0:
            return ruff
    return hand


@jit
def representatives(legal, live, pext, pdep):
    """The highest card of each run of ``legal`` cards that no other live card splits.

    Cards of one hand that touch once the cards already played are taken out are
    interchangeable: whichever is played, the rest of the game is the same up to
    renaming. ``live`` must hold every card that can still matter: the hands, the
    cards on the table and the talon cards still to be turned.
    """
    out = 0
    for s in range(4):
        sh = 8 * s
        mine = (legal >> sh) & 0xFF
        if mine == 0:
            continue
        lv = (live >> sh) & 0xFF
        packed = np.int64(pext[lv * 256 + mine])
        tops = packed & ~(packed >> 1)
        out |= np.int64(pdep[lv * 256 + tops]) << sh
    return out


@jit
def group_top(c, legal, live):
    """The representative (see :func:`representatives`) of legal card ``c``."""
    s = c >> 3
    lv = (live >> (8 * s)) & 0xFF
    mine = (legal >> (8 * s)) & 0xFF
    r = c & 7
    while True:
        above = lv & ~((2 << r) - 1)
        if above == 0:
            return c
        nxt = above & -above
        if mine & nxt == 0:
            return c
        r = high_bit(nxt)
        c = s * 8 + r


@jit
def beats(c, best, lead_suit, trump):
    """Whether card ``c`` takes the trick from the current best card ``best``."""
    if (c >> 3) == (best >> 3):
        return c > best
    return (c >> 3) == trump


@jit
def order_moves(moves, hands, mover, n_in_trick, lead_suit, best, owner, trump, focus,
                mover_wants_trick, live, first, out, scores):
    """Write ``moves`` into ``out`` best-first; returns how many.

    ``first`` (a card, or -1) goes first: the table's move. The rest are scored by
    whether the card would take the trick now, set against what the mover wants
    (to win tricks in a contract, to lose them as the misère or raspasy player),
    and by rank: win as cheaply as possible, lose with the highest card that loses.
    """
    k = 0
    m = moves
    while m != 0:
        lb = m & -m
        m ^= lb
        c = high_bit(lb)
        rank = c & 7
        s = c >> 3
        if c == first:
            score = 1000
        elif n_in_trick == 0:
            others = (live & ~hands[mover]) >> (8 * s) & 0xFF
            boss = others == 0 or (others >> (rank + 1)) == 0
            if mover_wants_trick:
                score = 200 + rank if boss else 100 - popcount((hands[mover] >> (8 * s)) & 0xFF)
            else:
                score = 100 - rank if not boss else rank
        else:
            wins = best < 0 and ((c >> 3) == lead_suit or (c >> 3) == trump) or \
                best >= 0 and beats(c, best, lead_suit, trump)
            partner_holds = owner >= 0 and owner != focus and mover != focus
            if mover_wants_trick and not partner_holds:
                score = 200 - rank if wins else 100 - rank
            elif mover_wants_trick:
                score = 200 - rank if not wins else 100 - rank
            else:
                score = 200 + rank if not wins else 100 + rank
        j = k
        while j > 0 and scores[j - 1] < score:
            scores[j] = scores[j - 1]
            out[j] = out[j - 1]
            j -= 1
        scores[j] = score
        out[j] = c
        k += 1
    return k


@jit
def ascending(moves, out):
    """Write ``moves`` into ``out`` in card order (the unordered search); returns how many."""
    k = 0
    m = moves
    while m != 0:
        lb = m & -m
        m ^= lb
        out[k] = high_bit(lb)
        k += 1
    return k
