"""Quick bounds at the start of a trick: tricks one side can take at once, whatever the other does.

Preferans's obligatory ruffing decides which tricks are sure: a defender void in a
side suit *must* ruff when he holds a trump, so the declarer's top cards in a side
suit count only for as many rounds as every defender holding trumps can follow.
The arguments for soundness are given in docs/algorithm.md; the tests check every
bound against the brute-force minimax.
"""

from .bits import high_bit, popcount
from .config import jit
from .moves import NO_TRUMP, suit_mask


@jit
def _tops(mine, others):
    """Cards of ``mine`` above every card of ``others`` (8-bit suit masks)."""
    if others == 0:
        return popcount(mine)
    return popcount(mine >> (high_bit(others) + 1))


@jit
def sure_tricks(hands, player, trump):
    """Tricks ``player``, on lead, cashes by himself: side-suit tops first, then top trumps.

    He wins each of these tricks with his own card, so he keeps the lead. (A defender
    cannot count on his partner's winners: the partner would take the lead.)
    """
    me = hands[player]
    o1 = hands[(player + 1) % 3]
    o2 = hands[(player + 2) % 3]
    o1_ruffs = trump != NO_TRUMP and (o1 & suit_mask(trump)) != 0
    o2_ruffs = trump != NO_TRUMP and (o2 & suit_mask(trump)) != 0
    total = 0
    for s in range(4):
        sh = 8 * s
        mine = (me >> sh) & 0xFF
        if mine == 0:
            continue
        a = (o1 >> sh) & 0xFF
        b = (o2 >> sh) & 0xFF
        w = _tops(mine, a | b)
        if s != trump:
            if o1_ruffs and popcount(a) < w:
                w = popcount(a)
            if o2_ruffs and popcount(b) < w:
                w = popcount(b)
        total += w
    return total


@jit
def all_boss(hands, player):
    """Whether every card of ``player`` is above all the others' cards of its suit.

    Then, on lead, he takes every trick that is left: he leads, wins and leads again.
    """
    me = hands[player]
    others = hands[(player + 1) % 3] | hands[(player + 2) % 3]
    for s in range(4):
        sh = 8 * s
        mine = (me >> sh) & 0xFF
        if mine == 0:
            continue
        theirs = (others >> sh) & 0xFF
        if theirs != 0 and high_bit(theirs) > high_bit(mine & -mine):
            return False
    return True


@jit
def tops_relevance(hands, player):
    """The cards :func:`sure_tricks` and :func:`all_boss` depend on, for partition search.

    In each suit the others hold, the cards from their highest up: which of those
    ``player`` holds decides his tops. Below that, and in suits the others lack,
    only the suit lengths count, and the table key holds those.
    """
    me = hands[player]
    others = hands[(player + 1) % 3] | hands[(player + 2) % 3]
    out = 0
    for s in range(4):
        sh = 8 * s
        theirs = (others >> sh) & 0xFF
        if theirs != 0:
            live = ((me | others) >> sh) & 0xFF
            out |= (live >> high_bit(theirs) << high_bit(theirs)) << sh
    return out
