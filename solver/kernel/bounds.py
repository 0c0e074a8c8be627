"""Quick bounds at the start of a trick: tricks one side can take at once, whatever the other does.

Preferans's obligatory ruffing decides which tricks are sure: a defender void in a
side suit *must* ruff when he holds a trump, so the declarer's top cards in a side
suit count only for as many rounds as every defender holding trumps can follow.
The arguments for soundness are given in docs/algorithm.md; the tests check every
bound against the brute-force minimax.
"""

import numpy as np

from .bits import (at_least_each, below_each, count_each, fill_below_each, first_suit, from_lowest_each, high_bit,
                   lowest_each, min_each, popcount, spread, suits_held, sum_each)
from .config import jit_inline
from .moves import NO_TRUMP, suit_mask
from .safety import SAFE_BITS


@jit_inline
def _tops(mine, others):
    """Cards of ``mine`` above every card of ``others`` (8-bit suit masks)."""
    if others == 0:
        return popcount(mine)
    return popcount(mine >> (high_bit(others) + 1))


@jit_inline
def sure_tricks(hands, player, trump, need=99):
    """Tricks ``player``, on lead, cashes by himself: side-suit tops first, then top trumps.

    He wins each of these tricks with his own card, so he keeps the lead. (A defender
    cannot count on his partner's winners: the partner would take the lead.)

    Returns ``(tricks, relevant)``. Counting stops once ``need`` tricks are found, and
    ``relevant`` holds the cards the count depends on in the suits counted: in each
    suit the others hold, the live cards from their highest up. A cut-off made with
    fewer suits holds for a wider partition (see :mod:`.tt`). When the four-suit count
    (:func:`sure_count`) stays below ``need``, it is returned at once, with every live card
    relevant: the caller makes no cut-off with it.
    """
    me = hands[player]
    o1 = hands[(player + 1) % 3]
    o2 = hands[(player + 2) % 3]
    o1_ruffs = trump != NO_TRUMP and (o1 & suit_mask(trump)) != 0
    o2_ruffs = trump != NO_TRUMP and (o2 & suit_mask(trump)) != 0
    every = sure_count(hands, player, trump)  # all four suits at once: mostly too few
    if every < need:
        return every, me | o1 | o2  # no cut can be made with it: every live card, to be safe
    total = 0
    relevant = np.int64(0)
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
        if w == 0:
            continue
        total += w
        if a | b:
            hb = high_bit(a | b)
            relevant |= (((mine | a | b) >> hb) << hb) << sh
        if total >= need:
            break
    return total, relevant


@jit_inline
def sure_count(hands, player, trump):
    """The number :func:`sure_tricks` counts when it counts every suit, asked of the four suits at
    once (no relevant cards): the search calls sure_tricks only when this reaches what it needs."""
    me = hands[player]
    o1 = hands[(player + 1) % 3]
    o2 = hands[(player + 2) % 3]
    tops = count_each(me & ~fill_below_each(o1 | o2))  # his cards above the others' highest
    if trump != NO_TRUMP:
        side = 0xFFFFFFFF & ~suit_mask(trump)  # a void opponent with a trump must ruff a side suit
        for theirs in (o1, o2):
            if theirs & suit_mask(trump) != 0:
                tops = (min_each(tops, count_each(theirs)) & side) | (tops & ~side)
    return sum_each(tops)


@jit_inline
def trumps_over(mine, theirs):
    """How many of the trumps ``mine`` lie above all of ``theirs`` (both of the trump suit; every one
    when ``theirs`` is empty), and the cards that count rests on: those trumps and the highest of
    ``theirs`` (none when it is empty: the hands' lengths say so)."""
    if theirs == 0:
        return popcount(mine), np.int64(0)
    over = mine & ~fill_below_each(theirs)
    return popcount(over), over | (np.int64(1) << high_bit(theirs))


@jit_inline
def top_trumps(hands, declarer, trump, target, left):
    """A contract with ``trump`` a suit, at a trick start, whoever is on lead: whether the trumps above
    all of the other side's settle the test for ``target`` of the ``left`` tricks: ``(settled, value,
    relevant)`` as the search returns them.

    Each trump of the declarer above all of the defenders' wins the trick it falls in (led, it is the
    highest trump; played to a side suit, it ruffs above any other ruff), so he takes at least as many
    tricks. Each trump of one defender above all of the declarer's makes a defenders' trick (only his
    partner can beat it), and he plays one a trick, so the declarer loses at least as many tricks as
    the longer such holding (:func:`trumps_over` counts both and names the cards)."""
    mask = suit_mask(trump)
    mine = hands[declarer] & mask
    first = hands[(declarer + 1) % 3] & mask
    second = hands[(declarer + 2) % 3] & mask
    sure, why = trumps_over(mine, first | second)
    if sure >= target:
        return True, sure, why
    lost_first, why_first = trumps_over(first, mine)
    lost_second, why_second = trumps_over(second, mine)
    lost = max(lost_first, lost_second)
    if left - lost < target:
        return True, left - lost, why_first | why_second
    return False, np.int64(0), np.int64(0)


@jit_inline
def all_boss(hands, player):
    """Whether every card of ``player`` is above all the others' cards of its suit.

    Then, on lead, he takes every trick that is left: he leads, wins and leads again. (Suit by
    suit: the others hold nothing outside the ranks below his lowest card; all four suits at once.)
    """
    others = hands[(player + 1) % 3] | hands[(player + 2) % 3]
    return others & ~below_each(lowest_each(hands[player])) == 0


@jit_inline
def wins_all(hands, focus, leader):
    """No-trump, at a trick start: whether ``focus`` takes every trick left, whatever anyone plays.

    Every card of his is above all the others' cards of its suit, and either he leads
    (he wins, leads again, wins …) or the leader holds only suits he holds too: he must
    follow with a card above all, wins, and from then on leads. (:func:`all_boss` is the
    case where he leads.)
    """
    if not all_boss(hands, focus):
        return False
    return leader == focus or suits_held(hands[leader]) & ~suits_held(hands[focus]) == 0


@jit_inline
def wins_none(hands, focus, leader):
    """No-trump, at a trick start: whether ``focus`` takes no trick left, whatever anyone plays.

    In every suit that he and another player both hold, each of his cards is below each of
    theirs. Led by another, such a suit is won above him; a suit only he holds nobody else
    leads, and he sheds it when void. So he never wins a trick and never gets the lead. If
    he leads, he needs one such suit that the others hold, to lead into.
    """
    me = hands[focus]
    others = hands[(focus + 1) % 3] | hands[(focus + 2) % 3]
    if me & ~below_each(lowest_each(others)) != 0:  # a card of his above their lowest of its suit
        return False
    return leader != focus or suits_held(me) & suits_held(others) != 0


@jit_inline
def never_wins(hands, focus, leader):
    """No-trump, at a trick start: whether ``focus`` (F) takes no trick left, whatever anyone plays,
    because every suit he holds is *safe* (:mod:`.safety`: the others can never make him win a trick
    of it while he never leads). On another's lead that is all; on his own, he also needs a lead
    that someone must overtake (all that player's cards of the suit above it) and that leaves its
    suit safe — the others' cards leaving a safe suit keep it safe, so the suit is read with only
    his card gone.

    First, the four suits at once: a card of the others below his lowest of a suit leaves that suit
    unsafe (the other one drops his cards of it, then that card is led), and most positions stop
    there. The partition: :func:`shared_suits_relevance` (with the owners from the others' lowest
    card of each shared suit up fixed, every card below is his, as many as here; safety reads the
    owners in order, whatever the ranks in between).
    """
    me = hands[focus]
    x = hands[(focus + 1) % 3]
    y = hands[(focus + 2) % 3]
    if (x | y) & below_each(lowest_each(me)) & _whole_suits(me) != 0:
        return False
    codes = spread(me | y) | spread(x | y) << 1  # each suit's owner code, 16 bits a suit
    for s in range(4):
        if _safe(codes >> (16 * s)) == 0:
            return False
    if leader != focus:
        return True
    m = me
    while m != 0:  # his exits
        b = m & -m
        m ^= b
        c = high_bit(b)
        sh = c & 0x18
        xs = (x >> sh) & 0xFF
        ys = (y >> sh) & 0xFF
        low = b >> sh
        if (xs != 0 and (xs & -xs) > low or ys != 0 and (ys & -ys) > low) \
                and _safe((codes >> (2 * sh)) - (low * low)) != 0:
            return True
    return False


@jit_inline
def _safe(code):
    """1 if the suit of this owner code (its low 16 bits) is safe (:data:`.safety.SAFE`)."""
    c = code & 0xFFFF
    return (SAFE_BITS[c >> 3] >> (c & 7)) & 1


@jit_inline
def _whole_suits(x):
    """Every rank of each suit ``x`` holds a card of (whole bytes)."""
    return (suits_held(x) >> 7) * 0xFF


@jit_inline
def _both_hold(x, y):
    """Every rank of each suit that both ``x`` and ``y`` hold a card of (whole bytes)."""
    return _whole_suits(x) & _whole_suits(y)


@jit_inline
def shared_suits_relevance(hands, focus):
    """The cards :func:`wins_none` depends on: in each suit the focus player and another both hold,
    the live cards from the others' lowest up. With those owners fixed, every card of his in the
    suit lies below them (he holds none of them, and each of theirs is among them); elsewhere the
    suit lengths in the table key decide. The four suits at once, as the relevances below."""
    me = hands[focus]
    others = hands[(focus + 1) % 3] | hands[(focus + 2) % 3]
    return from_lowest_each(others, me | others) & _both_hold(me, others)


@jit_inline
def tops_relevance(hands, player):
    """The cards :func:`all_boss` (and :func:`wins_all`) depend on, for partition search.

    In each suit ``player`` and the others hold, the cards from their highest up: which of those
    he holds decides his tops. Below that, and in suits the others lack or he lacks (which he never
    plays while he wins every trick), only the suit lengths count, and the table key holds those.
    """
    me = hands[player]
    others = hands[(player + 1) % 3] | hands[(player + 2) % 3]
    under_their_highest = fill_below_each((others >> 1) & 0x7F7F7F7F)
    return (me | others) & ~under_their_highest & _both_hold(me, others)


# Misère and raspasy (no trump), at a trick start outside the talon tricks: bounds on the focus
# player F, who wants few tricks, for one trick or a few. In each, "f" is F's lowest card of a
# suit, and an opponent *covers* a suit when all his cards of it lie above f (he must overtake
# it). The proofs are in docs/algorithm.md; tests/test_bounds.py checks each against the brute
# force on its own.


@jit_inline
def _from_lowest(mine, live):
    """The live cards of an 8-bit suit mask from the lowest card of ``mine`` up."""
    low = mine & -mine
    return live & ~(low - 1)


@jit_inline
def _forcing_suit(hands, focus, leader):
    """A suit the defender ``leader`` can lead so that F must win the trick, or -1.

    F and the leader hold it, the leader has a card below f, and the third player is void in it
    or has a card below f too: the leader leads his lowest, the third player plays his lowest (or
    discards), and every card F holds of the suit is above both.
    """
    me = hands[focus]
    third = hands[(3 - focus - leader) & 3]
    below = below_each(lowest_each(me))  # the ranks below f, suit by suit
    return first_suit(suits_held(me) & suits_held(hands[leader] & below)
                      & (~suits_held(third) | suits_held(third & below)))


@jit_inline
def _exit_suit(hands, focus):
    """A suit some opponent covers (all his cards of it above F's lowest, f), or -1: were F on
    lead, leading f there would lose the trick."""
    me = hands[focus]
    below = below_each(lowest_each(me))  # the ranks below f, suit by suit
    covered = np.int64(0)
    for i in (1, 2):
        theirs = hands[(focus + i) % 3]
        covered |= suits_held(theirs) & ~suits_held(theirs & below)
    return first_suit(covered & suits_held(me))


@jit_inline
def has_exit(hands, focus):
    """Whether F, were he on lead, has a suit some opponent covers: leading f there loses the trick."""
    return _exit_suit(hands, focus) >= 0


@jit_inline
def loses_trick(hands, focus, leader):
    """Whether F can lose the current trick whatever the others play: then he takes at most
    ``left - 1`` tricks. Returns ``(loses, relevant)``.

    On his lead: some suit is covered (he leads f). On a defender's lead: no suit is forcing (see
    :func:`_forcing_suit`). A lead above f he ducks with f; a lead below f in a suit that is not
    forcing leaves the third player holding the suit above f, who beats F's f; a suit F lacks he
    discards. Relevant: in each suit read, the live cards from the lowest card of an opponent who
    covers it up (the higher of two): with their owners fixed, that opponent holds no card below
    them and F, by the suit lengths, does, so the suit stays covered in every position of the
    partition.
    """
    me = hands[focus]
    live = hands[0] | hands[1] | hands[2]
    if leader == focus:
        s = _exit_suit(hands, focus)
        if s < 0:
            return False, np.int64(0)
        sh = 8 * s
        f = (me >> sh) & 0xFF
        f &= -f
        top = 0  # the higher lowest card of an opponent who covers the suit
        for i in (1, 2):
            theirs = (hands[(focus + i) % 3] >> sh) & 0xFF
            low = theirs & -theirs
            if low > f and low > top:
                top = low
        return True, _from_lowest(top, (live >> sh) & 0xFF) << sh
    if _forcing_suit(hands, focus, leader) >= 0:
        return False, np.int64(0)
    lead = hands[leader]
    third = hands[(3 - focus - leader) & 3]
    f = lowest_each(me)
    top = lowest_each(lead) & ~fill_below_each(f)  # the leader covers the suit (all his cards above f) ...
    higher = lowest_each(third) & ~fill_below_each(f | top)  # ... or the third player does, from higher up
    top = higher | (top & ~_whole_suits(higher))
    return True, live & ~below_each(top) & _both_hold(me, lead)  # no card where nobody covers


@jit_inline
def wins_trick(hands, focus, leader):
    """Whether the others can make F win the current trick: then he takes at least one trick
    (not in cooperative mode). Returns ``(wins, relevant)``.

    On a defender's lead: a forcing suit exists. On F's lead: no suit he holds is covered, so
    each opponent holding the suit he leads has a card below it and ducks. Relevant: the live cards
    of the suits read from f up (all of F's among them; below them, who holds how many of the low
    cards follows from the suit lengths).
    """
    live = hands[0] | hands[1] | hands[2]
    me = hands[focus]
    if leader != focus:
        s = _forcing_suit(hands, focus, leader)
        if s < 0:
            return False, np.int64(0)
        sh = 8 * s
        return True, _from_lowest((me >> sh) & 0xFF, (live >> sh) & 0xFF) << sh
    if has_exit(hands, focus):
        return False, np.int64(0)
    return True, from_lowest_each(me, live)


@jit_inline
def sure_escapes(hands, focus, leader, left, need=1):
    """Tricks F is sure to lose, by covered suits alone: ``(e, relevant)``, so he takes at most
    ``left - e``.

    Opponent D covers suit s with b cards above a of F's. F's way: whenever he wins a trick (he
    then leads), he leads his lowest card of s and D must overtake. While D holds s, F's low cards
    of s never win a trick, and D spends at most one card of s a trick; so until F's low cards or
    D's cards of s or the tricks run out, no two tricks in a row are F's, and on his lead the
    first is an escape. Hence e = min(a, ceil(b/2), ceil(left/2)) on his lead, with floors
    otherwise; the best pair (s, D) counts. Holds in cooperative mode too. Relevant: suit s from
    D's lowest card up (D then holds no card below them and F, by the suit lengths, a of them).

    A count below ``need`` is of no use to the caller and is returned as ``(0, 0)``: whether any
    pair reaches ``need`` is first asked of all four suits at once.
    """
    me = hands[focus]
    on_lead = 1 if leader == focus else 0
    cap = (left + on_lead) // 2
    if cap < need:
        return 0, np.int64(0)
    reach = np.int64(0)
    for i in (1, 2):
        theirs = hands[(focus + i) % 3]
        a = count_each(me & below_each(lowest_each(theirs)))
        b = ((count_each(theirs) + on_lead * 0x01010101) >> 1) & 0x7F7F7F7F
        reach |= at_least_each(a, need) & at_least_each(b, need)
    if reach == 0:
        return 0, np.int64(0)
    live = hands[0] | hands[1] | hands[2]
    best = 0
    relevant = np.int64(0)
    for s in range(4):
        sh = 8 * s
        mine = (me >> sh) & 0xFF
        if mine == 0:
            continue
        for i in (1, 2):
            theirs = (hands[(focus + i) % 3] >> sh) & 0xFF
            if theirs == 0:
                continue
            a = popcount(mine & ((theirs & -theirs) - 1))
            e = min(a, (popcount(theirs) + on_lead) // 2, cap)
            if e > best:
                best = e
                relevant = _from_lowest(theirs, (live >> sh) & 0xFF) << sh
    return best, relevant
