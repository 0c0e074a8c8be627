"""The defenders' split of their tricks: a second objective over the lines that keep the trick value.

Double-dummy play fixes how many tricks the defenders take, not which of them takes each. Here
the outcome of a contract is the pair (the declarer's tricks ``d``, one defender's tricks ``y``)
and each side plays for the lexicographic payoff ``(d, −rank[d][y])``: the declarer for more tricks
and then a low rank, the defenders for fewer and then a high one (``rank`` orders the splits by the
defenders' preference, :mod:`solver.analysis.estimate.score` says which). Its first part is the
double-dummy value ``V``; a card that changes it loses for the side that plays it, so the game is
played over the *trick-keeping* cards only (the declarer's that still reach ``V``, the defenders'
that still hold him to it), and on those lines ``d = V`` and the defenders' remaining tricks are
known at every node, so only ``rank[V][·]`` matters.

:func:`_test` is a fail-soft zero-window search of that game — "do the defenders end with a rank of
at least ``theta``?" — that asks the trick search (:func:`~.search.move_reaches`, on the same table
the value was found with) which cards keep the trick value, and keeps bounds of its own per
trick-start position and tricks taken so far in a table of its own (``memo``, the partition table of
:mod:`.tt`: a bound is kept with the cards whose rank mattered, so that it serves every position
that differs only in small cards, as the trick search's do). :func:`split` narrows the rank with
such tests. The engine's ``tt`` and ``equivalence`` options switch the table and the playing of one
card per sequence off here too. The trick search's hot path is untouched; the brute force this is
held to is :mod:`solver.reference_split`.
"""

import numpy as np

from .bits import RANKS, high_bit
from .config import C_FLAGS, C_FOCUS, C_TRUMP, USE_EQUIVALENCE, USE_TT, jit
from .drivers import _begin, _end
from .moves import beats, legal_mask, representatives
from .search import _equivalence_relevance, _trick_relevance, advance, exact_value, search
from .tt import kvec_cards, position_key, probe, relevance_kvec, store

MEMO_LOG2 = 15
"""Entries of the split's own table (one per searcher, emptied for each split)."""
NO_RANK = 99
"""Above every rank (ranks are 0 … 98: they are kept in the table's bytes, under its ``NO_UPPER``)."""


@jit
def _keeps(ctx, tt, state, c, v):
    """Whether card ``c`` keeps the trick value ``v`` for its side (the declarer's card still reaches
    ``v``, a defender's still holds him to it), and the cards whose rank that answer depends on,
    the trick it may complete included."""
    hands = ctx
    declarer = ctx[C_FOCUS]
    mover = state.mover & 3
    target = v if mover == declarer else v + 1
    child, child_target = advance(ctx, state, c, target)
    got, relevant = search(ctx, tt, child, child_target)
    hands[mover] |= np.int64(1) << c
    if state.n_in_trick == 2:
        best = state.best
        winner = c if best < 0 or beats(c, best, ctx[C_TRUMP]) else best
        relevant |= _trick_relevance(state.table | (np.int64(1) << c), winner, False)
    keeps = got >= child_target if mover == declarer else got < child_target
    return keeps, relevant


@jit
def _test(ctx, tt, memo, state, v, y, defender, rank, theta):
    """Fail-soft zero-window test: ``(r, relevant)``; ``r >= theta`` means the rank is at least ``r``,
    ``r < theta`` at most ``r``. ``relevant``: the cards whose rank mattered, as the trick search
    gives them (:func:`~.search.search`), so that the bound is kept for the whole partition.

    ``v``: the declarer's remaining tricks (the current one included) on every trick-keeping line;
    ``y``: the tricks ``defender`` took so far; ``rank[y']``: the rank of ending with ``y'``."""
    hands = ctx
    lo = np.int64(NO_RANK)
    hi = np.int64(-1)
    for extra in range(state.left - v + 1):  # the defenders' tricks still to come, whoever takes them
        lo = min(lo, rank[y + extra])
        hi = max(hi, rank[y + extra])
    if lo >= theta or lo == hi:
        return lo, np.int64(0)
    if hi < theta:
        return hi, np.int64(0)
    mover = state.mover & 3
    live_hands = hands[0] | hands[1] | hands[2]
    keyed = state.n_in_trick == 0 and ctx[C_FLAGS] & USE_TT
    shape = np.int64(0)
    code = np.int64(0)
    if keyed:
        shape, code = position_key(hands, mover, v | (y << 4), RANKS)
        lower, upper, lower_k, upper_k, _ = probe(memo, shape, code, theta)
        if lower >= theta:
            return lower, kvec_cards(lower_k, live_hands)
        if upper < theta:
            return upper, kvec_cards(upper_k, live_hands)
    live = live_hands | state.table
    legal = legal_mask(hands[mover], state.lead_suit, ctx[C_TRUMP])
    moves = representatives(legal, live, RANKS) if ctx[C_FLAGS] & USE_EQUIVALENCE else legal
    maximizing = mover != ctx[C_FOCUS]  # the defenders want a high rank
    result = np.int64(-1) if maximizing else np.int64(NO_RANK)
    relevant = np.int64(0)
    cut = False
    rest = moves
    while rest != 0:
        b = rest & -rest
        rest ^= b
        c = high_bit(b)
        keeps, why = _keeps(ctx, tt, state, c, v)
        if keeps:
            child, child_v = advance(ctx, state, c, v)
            child_y = y + 1 if state.n_in_trick == 2 and child.mover == defender else y
            r, child_relevant = _test(ctx, tt, memo, child, child_v, child_y, defender, rank, theta)
            hands[mover] |= np.int64(1) << c
            why |= child_relevant
            if (r >= theta) if maximizing else (r < theta):
                result = r
                relevant = why
                cut = True
                break
            result = max(result, r) if maximizing else min(result, r)
        relevant |= why
    if not cut and moves != legal:
        relevant = _equivalence_relevance(relevant, legal, moves, live)
    if keyed:
        kvec = relevance_kvec(relevant, live_hands)
        if result >= theta:
            store(memo, shape, code, kvec, result, NO_RANK, -1, state.left, 1)
        else:
            store(memo, shape, code, kvec, 0, result, -1, state.left, 1)
    return result, relevant


@jit
def split(pos, ctx, tt, killers, stats, memo, defender, ranks):
    """(the declarer's tricks, ``defender``'s tricks) from the position on, each side playing for the
    lexicographic payoff of the module doc. ``ranks[d][y]``: the rank of ending with ``d`` tricks to
    the declarer and ``y`` to ``defender``, distinct for the ``y`` of one ``d``. ``memo``: an empty
    table (:func:`~.tt.new_table`)."""
    state = _begin(pos, ctx, killers, stats)
    v = exact_value(ctx, tt, state)
    rank = ranks[v]
    lo = np.int64(NO_RANK)
    hi = np.int64(-1)
    for y in range(state.left - v + 1):
        lo = min(lo, rank[y])
        hi = max(hi, rank[y])
    while lo < hi:
        theta = (lo + hi + 1) // 2
        r, _ = _test(ctx, tt, memo, state, v, np.int64(0), defender, rank, theta)
        if r >= theta:
            lo = r
        else:
            hi = r
    y = 0
    while rank[y] != lo:
        y += 1
    _end(ctx, killers, stats)
    return v, y
