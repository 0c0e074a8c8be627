"""Move generation: legal cards, one card per equivalent sequence, and move ordering."""

import numpy as np

from .bits import FAST_BIT_GATHER, compress, expand, high_bit, lowest_each, pdep, pext, popcount
from .config import C_FOCUS, C_MOVES, C_SCORES, MOVES_ROW, jit, jit_inline

NO_SUIT = -1
NO_TRUMP = 4

# Move ordering scores, highest first. Within a tier the rank breaks ties (+ rank or - rank).
TABLE_MOVE = 1000   # the move the table remembers for this position
KILLER = 900        # the lead that last cut off at this depth
SECOND_KILLER = 800  # the one before it (misère and raspasy)
FORCING = 300       # a lead that settles the trick for the focus player's side
GOOD = 200
FAIR = 100
POOR = 50
PER_CARD = 10       # misère escape lead: per card of the others above it
PER_CARD_UNDER = 20  # catchers' lead: per card of the focus player below it (he can duck)
STRIP_UNDER = 3     # ... not counted while there are at most this many (lead plans 1, 2)
PER_FOCUS_CARD = 8  # ... and then per card of his in the suit
PER_LEADER_CARD = 4  # ... less per card of the leader's in it
PER_COVER_CARD = 8  # focus player's sure escape: per card of the opponent who must overtake
PER_OWN_CARD = 4    # ... and per card of his own in the suit
PER_EXPOSED = 8     # focus player's discard: per card of the others below it in its suit
DEFERRED_FORCING = GOOD - 3 * PER_CARD_UNDER
"""A catchers' lead the focus player must win, when he would escape at once after it (lead plan 2):
it goes after the leads that strip his low cards while he has few: a lead over k = 1 … 4 of his
cards scores ``GOOD + PER_FOCUS_CARD * his length - PER_LEADER_CARD * the leader's - rank``, less
``PER_CARD_UNDER * (k - 1)`` when k > ``STRIP_UNDER``, 149 or more (his length is k or more, the
leader's 8 - k or less); over 5 or more, the scores meet."""
NOTHING_TO_DUCK_FOR = 3
"""The plan of a catcher second to play whose card cannot make the focus player win the trick
(:func:`_escapes_anyway`): set by :func:`order_moves` itself, in the place of a lead plan."""
DROP = POOR + 20
"""A catchers' lead under all of the focus player's cards of the suit while the partner holds none
below his lowest (lead plans 1, 2): he ducks under the partner's card and escapes, so it comes after
the leads that force or strip him; yet above a lead into his void (``POOR - rank``), where he
discards at once: 20 keeps the two tiers apart whatever the ranks (0 … 7)."""


@jit_inline
def suit_mask(s):
    return np.int64(0xFF) << (8 * s)


@jit_inline
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


@jit_inline
def representatives(legal, live, ranks):
    """The highest card of each run of ``legal`` cards that no other live card splits.

    Cards of one hand that touch once the cards already played are taken out are
    interchangeable: whichever is played, the rest of the game is the same up to
    renaming. ``live`` must hold every card that can still matter: the hands, the
    cards on the table and the talon cards still to be turned. Four suits at once where the
    CPU has fast ``pext`` and ``pdep`` (:data:`.bits.FAST_BIT_GATHER`), else suit by suit.
    """
    if FAST_BIT_GATHER:
        return representatives_at_once(legal, live)
    return representatives_by_suit(legal, live, ranks)


@jit_inline
def representatives_at_once(legal, live):
    """:func:`representatives` by ``pext`` and ``pdep`` over all four suits: the legal cards packed
    among the live ones, a card is a top unless the next live card up is legal too and of its suit
    (not the next suit's lowest)."""
    packed = pext(legal, live)
    starts = pext(lowest_each(live), live)  # each suit's lowest live card, packed
    return pdep(packed & ~((packed & ~starts) >> 1), live)


@jit_inline
def representatives_by_suit(legal, live, ranks):
    """:func:`representatives` one suit at a time, by :func:`.bits.compress` and :func:`.bits.expand`."""
    out = 0
    for s in range(4):
        sh = 8 * s
        mine = (legal >> sh) & 0xFF
        if mine == 0:
            continue
        lv = (live >> sh) & 0xFF
        packed = compress(mine, lv, ranks)
        tops = packed & ~(packed >> 1)
        out |= expand(tops, lv, ranks) << sh
    return out


@jit_inline
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


@jit_inline
def beats(c, best, trump):
    """Whether card ``c`` takes the trick from the current best card ``best``."""
    if (c >> 3) == (best >> 3):
        return c > best
    return (c >> 3) == trump


@jit_inline
def _above(mask8, rank):
    """Cards of an 8-bit suit mask above ``rank``."""
    return popcount(mask8 >> (rank + 1))


@jit_inline
def _below(mask8, rank):
    """Cards of an 8-bit suit mask below ``rank``."""
    return popcount(mask8 & ((1 << rank) - 1))


@jit_inline
def _must_overtake(theirs8, rank):
    """Whether a player holding ``theirs8`` of a suit (an 8-bit mask) must beat a card of ``rank``
    in it: he holds the suit, and every card of it above that rank."""
    return theirs8 != 0 and (theirs8 & -theirs8) > (1 << rank)


@jit_inline
def _contract_score(c, hands, mover, n_in_trick, lead_suit, best, owner, trump, focus, live):
    """Everyone wants tricks: lead winners, win as cheaply as possible, else throw the lowest."""
    rank = c & 7
    s = c >> 3
    if n_in_trick == 0:
        others = ((live & ~hands[mover]) >> (8 * s)) & 0xFF
        if _above(others, rank) == 0:
            return GOOD + rank
        return FAIR - popcount((hands[mover] >> (8 * s)) & 0xFF)
    wins = beats(c, best, trump)
    partner_holds = mover != focus and owner != focus
    if wins != partner_holds:
        return GOOD - rank
    return FAIR - rank


@jit_inline
def _escapes_anyway(hands, mover, lead_suit, best, owner, focus):
    """A catcher second to play: whether the focus player escapes this trick whatever he plays, so
    that the card only decides who of the two takes it and what he sheds. Either the focus player led
    and the last player must overtake him (all his cards of the suit are higher), while the focus
    player still holds the suit (shedding a card above his then matters); or the partner led and
    the focus player, last, can duck under the partner's card or is void."""
    sh = 8 * lead_suit
    his = (hands[focus] >> sh) & 0xFF
    if owner == focus:
        last = (hands[(mover + 1) % 3] >> sh) & 0xFF
        return his != 0 and _must_overtake(last, best & 7)
    return his == 0 or (his & -his) < (1 << (best & 7))


@jit_inline
def _misere_score(c, hands, mover, n_in_trick, lead_suit, best, owner, focus, live, lead_plan):
    """The focus player ducks and sheds high cards; the catchers lead where he must win.

    ``lead_plan`` (a catcher's lead; :data:`NOTHING_TO_DUCK_FOR` a catcher second to play, see
    below): 0 the plain scores; 1 and 2 order by the focus player's
    exits — a lead under which he holds no card drops (the partner must cover it: he escapes),
    the leads over at most three of his cards come first, in the suits where he is longest and
    the leader shortest (a rule of thumb read off the searches: when the lead stripping his last
    low card failed, the lead that cut was mostly in a longer suit of his and a shorter one of the
    leader's; see docs/performance.md), and the forcing lead
    stays first (1: he needs just one more trick, or has no exit were he on lead) or goes after
    the stripping leads (2: he would escape at once after winning it). On the focus player's own
    lead, 1 orders his sure escapes by the overtaking opponent's length in the suit, then by his own:
    the cover the catchers could soonest discard away is used first, and a short suit of his
    brings a void to discard into nearer; then the highest of his cards under that cover first,
    keeping the lowest for when the cover has gone. His other leads that someone can beat go by
    the others' cards above them, then also the highest first. Following, he ducks with his highest
    card that loses, counting as losing a card second to play that the last player must overtake
    (all his cards of the suit are higher), else wins with his highest; void, he discards first the
    card the others hold most cards under in its suit, the one they could most easily make him win
    with later, then the highest. A catcher following ducks with his highest card that loses, then
    wins with his lowest; but second to play where no duck of his can make the focus player win
    (``NOTHING_TO_DUCK_FOR``) he plays his highest card first, winning ones before the rest: he
    takes the lead and sheds a card that could cover the focus player's later. (Nodes on ``pref
    bench``'s 100 deals: misère -5.1 %, raspasy -3.0 %; docs/performance.md.)
    """
    rank = c & 7
    s = c >> 3
    sh = 8 * s
    if n_in_trick == 0:
        if mover == focus:
            for i in (1, 2):
                theirs = (hands[(focus + i) % 3] >> sh) & 0xFF
                if _must_overtake(theirs, rank):  # a sure escape
                    if lead_plan == 0:
                        return FORCING - rank
                    return (FORCING - PER_COVER_CARD * popcount(theirs)
                            - PER_OWN_CARD * popcount((hands[focus] >> sh) & 0xFF) + rank)
            under = _above(((live & ~hands[focus]) >> sh) & 0xFF, rank)
            return FAIR + PER_CARD * under + rank if under else rank
        mine = (hands[focus] >> sh) & 0xFF
        if mine == 0:
            return POOR - rank
        partner = (hands[(3 - focus - mover) & 3] >> sh) & 0xFF
        lowest = mine & -mine
        if lowest > (1 << rank) and (partner == 0 or (partner & -partner) < lowest):
            if lead_plan == 2:
                return DEFERRED_FORCING - rank
            return FORCING - rank  # the focus player must win this trick
        under = _below(mine, rank)
        if lead_plan == 0:
            return GOOD - PER_CARD_UNDER * under - rank
        if under == 0:
            return DROP - rank
        score = (GOOD + PER_FOCUS_CARD * popcount(mine) - PER_LEADER_CARD * popcount((hands[mover] >> sh) & 0xFF)
                 - rank)
        return score if under <= STRIP_UNDER else score - PER_CARD_UNDER * (under - 1)
    wins = beats(c, best, NO_TRUMP)
    if mover == focus:
        if s != lead_suit:  # a discard: first the card with most of the others' cards under it
            return GOOD + PER_EXPOSED * _below(((live & ~hands[focus]) >> sh) & 0xFF, rank) + rank
        if wins and n_in_trick == 1:  # second to play, over a card the last player must overtake: he escapes
            third = (hands[(focus + 1) % 3] >> sh) & 0xFF
            if _must_overtake(third, rank):
                wins = False
        return GOOD + rank if not wins else FAIR + rank
    if lead_plan == NOTHING_TO_DUCK_FOR:
        return GOOD + rank if wins else FAIR + rank  # the highest first, winning ones first
    if owner == focus or n_in_trick == 1:
        return GOOD + rank if not wins else FAIR - rank
    return FAIR + rank


@jit_inline
def order_moves(ctx, state, moves, live, first, killer, killer2, lead_plan, depth, focus_max, trump):
    """Write ``moves``, the mover's cards to try at the node ``state`` (:data:`.search.State`), into
    the context's moves row for ``depth`` best-first; returns how many.

    ``first`` (a card, or -1) goes first: the table's move; then the killers ``killer`` and
    ``killer2`` (cards that cut off at a sibling, or -1). The rest are scored by
    rules of thumb for the kind of game: in a contract (``focus_max``) every side wants tricks; in a
    misère or raspasy the focus player wants none and the other two want him to win. ``trump``: the
    trump suit (``NO_TRUMP``); the caller passes both, as the context has them or as constants (the
    search's copies compiled for one game). ``live``: the cards still in play
    (:func:`representatives`); ``lead_plan``: see :func:`_misere_score`.
    """
    row = C_MOVES + MOVES_ROW * depth
    if moves & (moves - 1) == 0 and moves != 0:  # one card, nothing to order: a quarter of all nodes
        ctx[row] = high_bit(moves)
        return 1
    hands = ctx
    mover, n_in_trick, lead_suit = state.mover & 3, state.n_in_trick, state.lead_suit
    best, owner = state.best, state.owner
    focus = ctx[C_FOCUS] & 3  # & 3: not negative, see search
    if n_in_trick == 1 and not focus_max and mover != focus \
            and _escapes_anyway(hands, mover, lead_suit, best, owner, focus):
        lead_plan = NOTHING_TO_DUCK_FOR
    scores = C_SCORES + MOVES_ROW * depth
    k = 0
    m = moves
    while m != 0:
        lb = m & -m
        m ^= lb
        c = high_bit(lb)
        if c == first:
            score = TABLE_MOVE
        elif c == killer:
            score = KILLER
        elif c == killer2:
            score = SECOND_KILLER
        elif focus_max:
            score = _contract_score(c, hands, mover, n_in_trick, lead_suit, best, owner, trump, focus, live)
        else:
            score = _misere_score(c, hands, mover, n_in_trick, lead_suit, best, owner, focus, live, lead_plan)
        j = k & 15  # & 15, a no-op (at most 10 moves): the index is not negative, see search
        while j > 0 and ctx[scores + j - 1] < score:
            ctx[scores + j] = ctx[scores + j - 1]
            ctx[row + j] = ctx[row + j - 1]
            j = (j - 1) & 15
        ctx[scores + j] = score
        ctx[row + j] = c
        k += 1
    return k


@jit
def ascending(moves, ctx, depth):
    """Write ``moves`` into the context's moves row for ``depth`` in card order (the unordered search)."""
    row = C_MOVES + MOVES_ROW * depth
    k = 0
    m = moves
    while m != 0:
        lb = m & -m
        m ^= lb
        ctx[row + k] = high_bit(lb)
        k += 1
    return k
