"""The search: a zero-window alpha-beta over card plays, and the drivers built on it.

Every game is searched as one two-sided game. The *focus* player's future tricks
are counted; in a contract he wants them many, in a misère or for a raspasy
player's paranoid value he wants them few, and the other two play together
against him. :func:`search` answers only "does the focus player end with at least
``target`` more tricks?"; :func:`exact_value` narrows that to the exact count, and
the drivers below value each card and trace a best line.

A node's state is a tuple ``(mover, n_in_trick, lead_suit, best, owner, table,
talon_i, left)``: who plays next, how many cards lie in the trick, the suit to
follow (-1 when leading), the card now taking the trick and its owner, the mask of
the cards on the table (the turned talon card included), how many talon cards
have been used, and how many tricks remain (the current one included).
"""

import numpy as np

from .bits import popcount
from .bounds import all_boss, sure_tricks
from .config import (C_FLAGS, C_FOCUS, C_FOCUS_MAX, C_GAME_ID, C_N_TALON, C_TALON,
                     C_TALON_MODE, C_TRUMP, DEALER_SEAT, NO_SEAT, P_HANDS, P_LEADER,
                     P_N_TRICK, P_TRICK, S_BOUND_CUTS, S_NODES, S_TT_HITS, S_TT_STORES,
                     TALON_DEALER, USE_BOUNDS, USE_EQUIVALENCE, USE_ORDERING, USE_TT, jit)
from .moves import ascending, beats, legal_mask, order_moves, representatives
from .tt import absolute_move, canonical_key, probe, relative_move, store

UNBOUNDED = 100


@jit
def _pending_talon(ctx, talon_i):
    """Talon cards not yet turned: they still matter for which cards are equivalent."""
    m = 0
    for i in range(talon_i + 1, ctx[C_N_TALON]):
        m |= np.int64(1) << ctx[C_TALON + i]
    return m


@jit
def _trick_start(ctx, leader, talon_i, left):
    """The state at the start of a trick led by ``leader`` (A in a talon trick)."""
    if talon_i < ctx[C_N_TALON]:
        t = ctx[C_TALON + talon_i]
        best = t if ctx[C_TALON_MODE] == TALON_DEALER else -1
        owner = DEALER_SEAT if best >= 0 else NO_SEAT
        return (0, 0, t >> 3, best, owner, np.int64(1) << t, talon_i, left)
    return (leader, 0, -1, -1, NO_SEAT, np.int64(0), talon_i, left)


@jit
def advance(hands, ctx, state, c, target):
    """Play card ``c`` for the mover: update ``hands`` in place, return (state, target)."""
    mover, n_in, lead, best, owner, table, talon_i, left = state
    hands[mover] &= ~(np.int64(1) << c)
    trump = ctx[C_TRUMP]
    if lead < 0:
        lead = c >> 3
    if best < 0:
        if (c >> 3) == lead or (c >> 3) == trump:
            best = c
            owner = mover
    elif beats(c, best, lead, trump):
        best = c
        owner = mover
    table |= np.int64(1) << c
    if n_in < 2:
        return ((mover + 1) % 3, n_in + 1, lead, best, owner, table, talon_i, left), target
    if owner == ctx[C_FOCUS]:
        target -= 1
    next_leader = owner
    if talon_i < ctx[C_N_TALON]:
        talon_i += 1
        next_leader = 0
    return _trick_start(ctx, next_leader, talon_i, left - 1), target


@jit
def _last_trick(hands, ctx, leader):
    """1 if the focus player wins the last trick (one card each, all forced), else 0."""
    trump = ctx[C_TRUMP]
    best = popcount(hands[leader] - 1)
    owner = leader
    lead = best >> 3
    for i in (1, 2):
        p = (leader + i) % 3
        c = popcount(hands[p] - 1)
        if beats(c, best, lead, trump):
            best = c
            owner = p
    return 1 if owner == ctx[C_FOCUS] else 0


@jit
def search(hands, ctx, tt_keys, tt_vals, pext, pdep, scratch, stats, state, target):
    """Test whether the focus player takes at least ``target`` of the remaining tricks.

    Fail-soft: the result ``v`` is a bound on the true value: ``v >= target`` means
    the value is at least ``v``; ``v < target`` means it is at most ``v``.
    """
    mover, n_in, lead, best, owner, table, talon_i, left = state
    stats[S_NODES] += 1
    flags = ctx[C_FLAGS]
    focus = ctx[C_FOCUS]
    focus_max = ctx[C_FOCUS_MAX] == 1
    trump = ctx[C_TRUMP]
    first = -1
    keyed = False
    k1 = np.int64(0)
    k2 = np.int64(0)
    if n_in == 0:
        if target <= 0:
            return 0
        if target > left:
            return left
        if talon_i >= ctx[C_N_TALON]:
            if left == 1:
                return _last_trick(hands, ctx, mover)
            if flags & USE_BOUNDS:
                if focus_max:
                    if mover == focus:
                        sure = sure_tricks(hands, focus, trump)
                        if sure >= target:
                            stats[S_BOUND_CUTS] += 1
                            return sure
                    else:
                        at_most = left - sure_tricks(hands, mover, trump)
                        if at_most < target:
                            stats[S_BOUND_CUTS] += 1
                            return at_most
                elif mover == focus and all_boss(hands, focus):
                    stats[S_BOUND_CUTS] += 1
                    return left
            if flags & USE_TT:
                keyed = True
                k1, k2 = canonical_key(hands, mover, ctx[C_GAME_ID], pext)
                i = probe(tt_keys, tt_vals, k1, k2)
                if i >= 0:
                    if tt_vals[i, 0] >= target:
                        stats[S_TT_HITS] += 1
                        return np.int64(tt_vals[i, 0])
                    if tt_vals[i, 1] < target:
                        stats[S_TT_HITS] += 1
                        return np.int64(tt_vals[i, 1])
                    if tt_vals[i, 2] >= 0 and flags & USE_ORDERING:
                        first = absolute_move(tt_vals[i, 2], hands[0] | hands[1] | hands[2], pdep)

    live = hands[0] | hands[1] | hands[2] | table | _pending_talon(ctx, talon_i)
    moves = legal_mask(hands[mover], lead, trump)
    if flags & USE_EQUIVALENCE:
        moves = representatives(moves, live, pext, pdep)
    depth = popcount(hands[0] | hands[1] | hands[2])
    if flags & USE_ORDERING:
        k = order_moves(moves, hands, mover, n_in, lead, best, owner, trump, focus, focus_max,
                        live, first, scratch, depth)
    else:
        k = ascending(moves, scratch, depth)

    maximizing = (mover == focus) == focus_max
    result = np.int64(-1) if maximizing else left + 1
    cut = -1
    for i in range(k):
        c = scratch[depth, 0, i]
        child, child_target = advance(hands, ctx, state, c, target)
        v = search(hands, ctx, tt_keys, tt_vals, pext, pdep, scratch, stats, child, child_target)
        v += target - child_target
        hands[mover] |= np.int64(1) << c
        if maximizing:
            if v > result:
                result = v
            if v >= target:
                cut = c
                break
        else:
            if v < result:
                result = v
            if v < target:
                cut = c
                break

    if keyed:
        stats[S_TT_STORES] += 1
        move = relative_move(cut, hands[0] | hands[1] | hands[2]) if cut >= 0 else -1
        if result >= target:
            store(tt_keys, tt_vals, k1, k2, result, UNBOUNDED, move, left)
        else:
            store(tt_keys, tt_vals, k1, k2, 0, result, move, left)
    return result


@jit
def exact_value(hands, ctx, tt_keys, tt_vals, pext, pdep, scratch, stats, state):
    """The focus player's remaining tricks under best play: bisection on fail-soft ``search``."""
    lo = 0
    hi = state[7]
    while lo < hi:
        mid = (lo + hi + 1) // 2
        v = search(hands, ctx, tt_keys, tt_vals, pext, pdep, scratch, stats, state, mid)
        if v >= mid:
            lo = v
        else:
            hi = v
    return lo


@jit
def move_reaches(hands, ctx, tt_keys, tt_vals, pext, pdep, scratch, stats, state, c, target):
    """Whether, after the mover plays ``c``, the focus player still gets ``target`` tricks."""
    child, child_target = advance(hands, ctx, state, c, target)
    v = search(hands, ctx, tt_keys, tt_vals, pext, pdep, scratch, stats, child, child_target)
    hands[state[0]] |= np.int64(1) << c
    return v >= child_target


@jit
def move_value(hands, ctx, tt_keys, tt_vals, pext, pdep, scratch, stats, state, c):
    """The focus player's remaining tricks (this trick included) after the mover plays ``c``."""
    child, child_target = advance(hands, ctx, state, c, 0)
    lo = 0
    hi = child[7]
    while lo < hi:
        mid = (lo + hi + 1) // 2
        v = search(hands, ctx, tt_keys, tt_vals, pext, pdep, scratch, stats, child, mid)
        if v >= mid:
            lo = v
        else:
            hi = v
    hands[state[0]] |= np.int64(1) << c
    return lo - child_target


@jit
def root_state(pos, ctx, hands):
    """Fill ``hands`` from a position array and return its state (trick cards replayed)."""
    for p in range(3):
        hands[p] = pos[P_HANDS + p]
    leader = pos[P_LEADER]
    n = pos[P_N_TRICK]
    for i in range(n):
        hands[(leader + i) % 3] |= np.int64(1) << pos[P_TRICK + i]
    left = popcount(hands[leader])
    state = _trick_start(ctx, leader, 0, left)
    for i in range(n):
        state, _ = advance(hands, ctx, state, pos[P_TRICK + i], 0)
    return state
