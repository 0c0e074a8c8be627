"""Whole-position jobs on top of the search: value, value of every legal card, best line, batches.

The tie-break of the best line: at each turn the player plays, among the cards that
keep the value, the lowest-ranked one; between equal ranks, the first suit in
bidding order (♠ ♣ ♦ ♥).
"""

import numpy as np
from numba import prange

from .config import (C_COOPERATIVE, C_FOCUS, C_FOCUS_MAX, C_KILLERS, C_STATS, C_TRUMP, KILLERS_SIZE, S_NODES,
                     STATS_SIZE, jit, jit_nrt)
from .moves import group_top, legal_mask
from .search import advance, exact_value, move_reaches, move_value, pending_talon, root_state, search


def new_scratch():
    """What a searcher keeps between jobs besides the table: the killer moves."""
    return np.zeros(KILLERS_SIZE, dtype=np.int64)


@jit
def begin_job(pos, ctx, killers, stats):
    """Set up the search context: the position's hands, the caller's killers and counters; the root state."""
    for i in range(STATS_SIZE):
        ctx[C_STATS + i] = stats[i]
    for i in range(KILLERS_SIZE):
        ctx[C_KILLERS + i] = killers[i]
    return root_state(pos, ctx)


@jit
def end_job(ctx, killers, stats):
    """Hand the killers and the counters back to the caller."""
    for i in range(STATS_SIZE):
        stats[i] = ctx[C_STATS + i]
    for i in range(KILLERS_SIZE):
        killers[i] = ctx[C_KILLERS + i]


@jit
def _legal_and_live(ctx, state):
    hands = ctx
    mover, n_in, lead, best, owner, table, talon_i, left = state
    legal = legal_mask(hands[mover], lead, ctx[C_TRUMP])
    live = hands[0] | hands[1] | hands[2] | table | pending_talon(ctx, talon_i)
    return legal, live


@jit
def card_values(pos, ctx, tt, killers, stats, out):
    """``out[c]`` = value after the mover plays legal card ``c``, -1 for other cards.

    Cards of one equivalent sequence are searched once and share the value.
    """
    state = begin_job(pos, ctx, killers, stats)
    for c in range(32):
        out[c] = -1
    if state.left == 0:
        end_job(ctx, killers, stats)
        return
    legal, live = _legal_and_live(ctx, state)
    guess = -1  # the last card's value: siblings' values are usually close
    for c in range(31, -1, -1):
        if legal >> c & 1:
            top = group_top(c, legal, live)
            if top != c and out[top] >= 0:
                out[c] = out[top]
            else:
                out[c] = move_value(ctx, tt, state, c, guess)
                guess = out[c]
    end_job(ctx, killers, stats)


@jit
def value(pos, ctx, tt, killers, stats):
    state = begin_job(pos, ctx, killers, stats)
    v = exact_value(ctx, tt, state)
    end_job(ctx, killers, stats)
    return v


@jit
def reaches(pos, ctx, tt, killers, stats, target):
    """Whether the focus player takes at least ``target`` tricks: one zero-window search."""
    state = begin_job(pos, ctx, killers, stats)
    v, _ = search(ctx, tt, state, target)
    end_job(ctx, killers, stats)
    return v >= target


@jit
def best_line(pos, ctx, tt, killers, stats, line):
    """Fill ``line`` with a best play to the end (-1 after the last card); return the value."""
    state = begin_job(pos, ctx, killers, stats)
    v = exact_value(ctx, tt, state)
    for i in range(line.shape[0]):
        line[i] = -1
    total = v
    focus_max = ctx[C_FOCUS_MAX] == 1
    n = 0
    while state.left > 0:
        mover = state.mover
        maximizing = focus_max if ctx[C_COOPERATIVE] == 1 else (mover == ctx[C_FOCUS]) == focus_max
        legal, live = _legal_and_live(ctx, state)
        chosen = -1
        for rank in range(8):
            for suit in range(4):
                c = suit * 8 + rank
                if legal >> c & 1 == 0:
                    continue
                if maximizing:
                    ok = move_reaches(ctx, tt, state, c, v)
                else:
                    ok = not move_reaches(ctx, tt, state, c, v + 1)
                if ok:
                    chosen = c
                    break
            if chosen >= 0:
                break
        line[n] = chosen
        n += 1
        state, v = advance(ctx, state, chosen, v)
    end_job(ctx, killers, stats)
    return total


@jit_nrt(parallel=True)
def batch_values(positions, contexts, tt, out_values, out_nodes):
    """Values of many positions: ``positions[i]`` under ``contexts[i]``.

    The batch is cut into one contiguous chunk per table copy (``tt.shape[0]``,
    normally the thread count); each chunk is solved in turn by one thread with its
    own table, killers and counters, so threads share nothing.
    """
    n = positions.shape[0]
    workers = tt.shape[0]
    for w in prange(workers):
        killers = np.zeros(KILLERS_SIZE, dtype=np.int64)
        stats = np.zeros(STATS_SIZE, dtype=np.int64)
        lo = n * w // workers
        hi = n * (w + 1) // workers
        for i in range(lo, hi):
            before = stats[S_NODES]
            out_values[i] = value(positions[i], contexts[i], tt[w], killers, stats)
            out_nodes[i] = stats[S_NODES] - before

