"""The search at the table: one defence for every world, a world being one discard the
declarer may have made.

The defenders (a misère's catchers, a contract's open whisters) lie open and know the
declarer's candidate cards ``R`` (his hand and the cards he may have put aside); each
*world* ``w`` hides a few of them (``job[J_HIDDEN + w]``, his discard in that world). The
search answers whether **one** plan of the defence reaches its aim in every world of a
set ``W`` (a misère: the declarer takes at least ``target`` more tricks; a contract: fewer
than ``target``): AND-OR over the public play,

* a defender's turn: OR over his legal cards (the same in every world);
* the declarer's turn: AND over every card he holds and may play in some world of ``W``,
  each followed with the worlds ``W_c`` where that card is in his hand and legal.

``W`` is a bit set of at most 128 worlds in two ``int64`` words (lo, hi). A failure comes
with a *witness*: a subset of ``W`` that no plan covers either. The double-dummy questions
(one world) go to :func:`.search.search` with the world's hand in ``ctx`` and the shared
transposition table. The proofs of the shortcuts (the ``T_*`` flags) are in
docs/algorithm.md; tests/test_table_vs_reference.py holds the search to a brute force
over every defence strategy.
"""

import numpy as np

from .bits import RANKS, high_bit, popcount
from .config import C_FOCUS, C_TRUMP, jit, jit_inline
from .drivers import begin_job, end_job
from .moves import NO_TRUMP, legal_mask, representatives, suit_mask
from .search import advance, exact_value, search

# Shortcuts of the search at the table, each switched by preferans.Options.
T_ONE_WORLD = 1
"""One world left: its double-dummy answer."""
T_DD_ESCAPE = 2
"""At the root and after a defender's card: a world the defence loses double dummy fails the set."""
T_MEMO = 4
"""Results kept by position: a success for a set covers its subsets, a failure its supersets."""
T_DEFENDER_MERGE = 8
"""A defender's cards that no card in play in any live world separates: one of them is tried."""
T_DECLARER_MERGE = 16
"""The declarer's card c2 is skipped for an equal card c1 held in every world that holds c2."""
TABLE_SHORTCUT_NAMES = {"table_one_world": T_ONE_WORLD, "table_dd_escape": T_DD_ESCAPE, "table_memo": T_MEMO,
                        "table_defender_merge": T_DEFENDER_MERGE, "table_declarer_merge": T_DECLARER_MERGE}

MAX_WORLDS = 128

# job: one int64 array, the search's own context beside the kernel's ctx.
J_FLAGS = 0           # T_* bits
J_HIGH = 1            # 1: the defence wants the declarer's tricks >= target (misère); 0: < target (contract)
J_GENERATION = 2      # memo entries of another generation are stale (a new set of worlds)
J_N_WORLDS = 3
J_R = 4               # the declarer's candidate cards at the root (his hand and the hidden cards)
J_LAST_ESCAPER = 5    # the world that last failed a double-dummy check (tried first), -1 none
J_NODES = 6           # counters: nodes of the AND-OR search
J_DD = 7              # ... double-dummy questions asked
J_MEMO_HITS = 8
J_MEMO_STORES = 9
J_HIDDEN = 16         # J_HIDDEN + w: the cards world w hides
J_HAS_LO = J_HIDDEN + MAX_WORLDS   # J_HAS_LO + card: the worlds 0..63 whose declarer holds it
J_HAS_HI = J_HAS_LO + 32          # J_HAS_HI + card: the worlds 64..127
PLY_ROW = 16
J_ROWS = J_HAS_HI + 32            # per ply: the moves, then their world sets, best first
MAX_PLIES = 64
ROW_WORDS = 4 * PLY_ROW           # cards, world sets lo and hi, scores
JOB_SIZE = J_ROWS + ROW_WORDS * MAX_PLIES

# memo: entries of MEMO_ENTRY words in buckets of MEMO_BUCKET, chosen by the position's key.
MEMO_ENTRY = 5
M_HANDS, M_REST, M_LO, M_HI, M_STAMP = range(MEMO_ENTRY)
MEMO_BUCKET = 8
SUCCESS, FAILURE = 1, 2
DEFAULT_MEMO_LOG2 = 16

_ALL = np.int64(-1)
_YES = np.int64(1)
_NO = np.int64(0)
"""``check`` as int64 values, never literals: Numba compiles a function once per literal argument,
and a recursive function whose versions call each other cannot be loaded from the disk cache
(the calls between versions stay unresolved: a crash on the next run, numba/numba#6061, #6713).
The search at the table has one signature; tests/test_at_table.py checks a cold compile and a warm start."""


def new_job():
    return np.zeros(JOB_SIZE, dtype=np.int64)


def new_memo(log2_size=DEFAULT_MEMO_LOG2):
    return np.zeros(MEMO_ENTRY << log2_size, dtype=np.int64)


@jit_inline
def _bit(w):
    """The world set {w}."""
    if w < 64:
        return np.int64(1) << w, np.int64(0)
    return np.int64(0), np.int64(1) << (w - 64)


@jit_inline
def _lowest(lo, hi):
    """The lowest world of a non-empty set."""
    if lo != 0:
        return popcount((lo & -lo) - 1)
    return 64 + popcount((hi & -hi) - 1)


@jit_inline
def _holds(job, c, lo, hi):
    """The worlds of (lo, hi) whose declarer holds card ``c``."""
    return lo & job[J_HAS_LO + c], hi & job[J_HAS_HI + c]


@jit_inline
def _void(job, cards, lo, hi):
    """The worlds of (lo, hi) whose declarer holds none of ``cards`` (they are all hidden there)."""
    m = cards
    while m != 0:
        b = m & -m
        m ^= b
        c = high_bit(b)
        lo &= ~job[J_HAS_LO + c]
        hi &= ~job[J_HAS_HI + c]
    return lo, hi


@jit_inline
def _defence_wins_dd(ctx, tt, job, state, target, w, declarer, cards):
    """Whether the defence reaches its aim double dummy in world ``w`` (its hand: ``cards`` less
    the cards it hides)."""
    job[J_DD] += 1
    ctx[declarer] = cards & ~job[J_HIDDEN + w]
    v, _ = search(ctx, tt, state, target)
    ctx[declarer] = cards
    return (v >= target) == (job[J_HIGH] == 1)


@jit_inline
def _memo_key(ctx, state, target, declarer):
    a = ctx[(declarer + 1) % 3]
    b = ctx[(declarer + 2) % 3]
    hands = a | (b << 32)
    mover, n_in, lead, best, owner, table, talon_i, left = state
    rest = (ctx[declarer] | ((best + 1) << 32) | ((owner + 1) << 38) | (n_in << 41) | ((lead + 1) << 43)
            | (mover << 46) | ((target + 16) << 48))
    return hands, rest


@jit_inline
def _mix(x):
    """A 64-bit finalizer (splitmix64's), which the memo's buckets hash with; shifts are masked
    since int64 shifts keep the sign."""
    x ^= (x >> 30) & 0x3FFFFFFFF
    x *= -4658895280553007687
    x ^= (x >> 27) & 0x1FFFFFFFFF
    x *= -7723592293110705685
    x ^= (x >> 31) & 0x1FFFFFFFF
    return x


@jit_inline
def _bucket(memo, hands, rest):
    n = memo.shape[0] // MEMO_ENTRY
    return (_mix(hands ^ _mix(rest)) & (n - 1) & ((1 << 40) - 1)) & ~(MEMO_BUCKET - 1)


@jit_inline
def _memo_probe(memo, job, hands, rest, lo, hi):
    """``(found, ok, witness lo, witness hi)``: a success stored for a superset of (lo, hi), or a
    failure stored for a subset."""
    b = _bucket(memo, hands, rest)
    gen = job[J_GENERATION]
    for i in range(b, b + MEMO_BUCKET):
        e = MEMO_ENTRY * i
        stamp = memo[e + M_STAMP]
        if stamp >> 2 != gen or memo[e + M_HANDS] != hands or memo[e + M_REST] != rest:
            continue
        slo = memo[e + M_LO]
        shi = memo[e + M_HI]
        if stamp & 3 == SUCCESS:
            if (lo & ~slo) == 0 and (hi & ~shi) == 0:
                return True, True, slo, shi
        elif (slo & ~lo) == 0 and (shi & ~hi) == 0:
            return True, False, slo, shi
    return False, False, np.int64(0), np.int64(0)


@jit_inline
def _memo_store(memo, job, hands, rest, kind, lo, hi):
    """Keep a success for (lo, hi) or a failure with witness (lo, hi), in place of an entry of the
    same position it makes redundant, else of a stale entry, else of one of the bucket by turns."""
    b = _bucket(memo, hands, rest)
    gen = job[J_GENERATION]
    slot = -1
    for i in range(b, b + MEMO_BUCKET):
        e = MEMO_ENTRY * i
        stamp = memo[e + M_STAMP]
        if stamp >> 2 != gen:
            if slot < 0:
                slot = i
            continue
        if memo[e + M_HANDS] != hands or memo[e + M_REST] != rest or stamp & 3 != kind:
            continue
        slo = memo[e + M_LO]
        shi = memo[e + M_HI]
        if kind == SUCCESS:
            redundant = (slo & ~lo) == 0 and (shi & ~hi) == 0
        else:
            redundant = (lo & ~slo) == 0 and (hi & ~shi) == 0
        if redundant:
            slot = i
            break
    if slot < 0:
        slot = b + (job[J_MEMO_STORES] & (MEMO_BUCKET - 1))
    job[J_MEMO_STORES] += 1
    e = MEMO_ENTRY * slot
    memo[e + M_HANDS] = hands
    memo[e + M_REST] = rest
    memo[e + M_LO] = lo
    memo[e + M_HI] = hi
    memo[e + M_STAMP] = (gen << 2) | kind


@jit_inline
def _dd_check(ctx, tt, job, state, target, lo, hi, declarer, cards):
    """A world of (lo, hi) where the defence fails double dummy (the last one that did first), or -1."""
    last = job[J_LAST_ESCAPER]
    if last >= 0:
        blo, bhi = _bit(last)
        if (lo & blo) | (hi & bhi) != 0:
            if not _defence_wins_dd(ctx, tt, job, state, target, last, declarer, cards):
                return last
    for half in range(2):
        m = lo if half == 0 else hi
        while m != 0:
            b = m & -m
            m ^= b
            w = popcount(b - 1) + 64 * half
            if w == last:
                continue
            if not _defence_wins_dd(ctx, tt, job, state, target, w, declarer, cards):
                job[J_LAST_ESCAPER] = w
                return w
    return -1


@jit
def _insert(job, row, k, c, lo, hi, score):
    """Insert a move into the ply's row, kept in descending order of score; returns the new length."""
    j = k & (PLY_ROW - 1)
    while j > 0 and job[row + 3 * PLY_ROW + j - 1] < score:
        for f in range(4):
            job[row + f * PLY_ROW + j] = job[row + f * PLY_ROW + j - 1]
        j = (j - 1) & (PLY_ROW - 1)
    job[row + j] = c
    job[row + PLY_ROW + j] = lo
    job[row + 2 * PLY_ROW + j] = hi
    job[row + 3 * PLY_ROW + j] = score
    return k + 1


@jit
def covers(ctx, tt, job, memo, state, target, lo, hi, check, ply):
    """Whether one plan of the defence reaches its aim in every world of (lo, hi), from ``state``
    with the declarer's candidate cards in ``ctx[declarer]``.

    Returns ``(ok, witness lo, witness hi)``; on failure the witness is a subset of the worlds that
    no plan covers either. ``check``: ask each world's double-dummy answer first (at the root and
    after a defender's card; after the declarer's card it cannot have turned against the defence).
    ``check`` and ``ply`` (cards played since the root, the row of the job this node orders its
    moves in) are int64 values, never literals (see :data:`_YES`).
    """
    declarer = ctx[C_FOCUS] & 3
    mover, n_in, lead, best, owner, table, talon_i, left = state
    mover &= 3
    high = job[J_HIGH] == 1
    flags = job[J_FLAGS]
    if lo == 0 and hi == 0:
        return True, np.int64(0), np.int64(0)
    if n_in == 0 and (target <= 0 or target > left):  # settled: the same in every world
        if (target <= 0) == high:
            return True, np.int64(0), np.int64(0)
        blo, bhi = _bit(_lowest(lo, hi))
        return False, blo, bhi
    job[J_NODES] += 1
    cards = ctx[declarer]
    if flags & T_ONE_WORLD and (popcount(lo) + popcount(hi)) == 1:
        return _defence_wins_dd(ctx, tt, job, state, target, _lowest(lo, hi), declarer, cards), lo, hi
    memo_on = flags & T_MEMO
    hands_key = np.int64(0)
    rest_key = np.int64(0)
    if memo_on:
        hands_key, rest_key = _memo_key(ctx, state, target, declarer)
        found, ok, slo, shi = _memo_probe(memo, job, hands_key, rest_key, lo, hi)
        if found:
            job[J_MEMO_HITS] += 1
            return ok, slo, shi
    if check and flags & T_DD_ESCAPE:
        w = _dd_check(ctx, tt, job, state, target, lo, hi, declarer, cards)
        if w >= 0:
            blo, bhi = _bit(w)
            if memo_on:
                _memo_store(memo, job, hands_key, rest_key, FAILURE, blo, bhi)
            return False, blo, bhi
    trump = ctx[C_TRUMP]
    row = J_ROWS + ROW_WORDS * (ply & 63)
    ok = mover != declarer  # the empty OR fails, the empty AND holds (neither happens)
    ulo = np.int64(0)
    uhi = np.int64(0)
    k = 0
    if mover != declarer:
        # OR over the defender's cards: the first that covers every world; else the union of the
        # children's witnesses
        ok = False
        legal = legal_mask(ctx[mover], lead, trump)
        moves = legal
        if flags & T_DEFENDER_MERGE:
            # in play: the defenders' hands, the table, and the declarer's cards a live world holds
            held = np.int64(0)
            m = cards
            while m != 0:
                b = m & -m
                m ^= b
                hlo, hhi = _holds(job, high_bit(b), lo, hi)
                if hlo != 0 or hhi != 0:
                    held |= b
            live = ctx[(declarer + 1) % 3] | ctx[(declarer + 2) % 3] | held | table
            moves = representatives(legal, live, RANKS)
        m = moves
        while m != 0:
            b = m & -m
            m ^= b
            c = high_bit(b)
            k = _insert(job, row, k, c, lo, hi, -(c & 7) if high else (c & 7))
        for i in range(k):
            c = job[row + i]
            child, child_target = advance(ctx, state, c, target)
            cok, clo, chi = covers(ctx, tt, job, memo, child, child_target, lo, hi, _YES, ply + 1)
            ctx[mover] |= np.int64(1) << c
            if cok:
                ok = True
                break
            ulo |= clo
            uhi |= chi
    else:
        # AND over the declarer's cards, each with the worlds that hold it and may play it; the
        # first that fails gives its witness
        ok = True
        # the worlds where he need not follow suit (nor, void there, ruff)
        vlo, vhi = _ALL, _ALL
        tlo, thi = _ALL, _ALL
        if lead >= 0:
            vlo, vhi = _void(job, cards & suit_mask(lead), lo, hi)
            if trump != NO_TRUMP and trump != lead:
                tlo, thi = _void(job, cards & suit_mask(trump), lo, hi)
        m = cards
        while m != 0:
            b = m & -m
            m ^= b
            c = high_bit(b)
            clo, chi = _holds(job, c, lo, hi)
            s = c >> 3
            if lead >= 0 and s != lead:
                clo &= vlo
                chi &= vhi
                if s != trump:
                    clo &= tlo
                    chi &= thi
            if clo == 0 and chi == 0:
                continue
            k = _insert(job, row, k, c, clo, chi, popcount(clo) + popcount(chi))
        defenders = ctx[(declarer + 1) % 3] | ctx[(declarer + 2) % 3] | table
        for i in range(k):
            c = job[row + i]
            clo = job[row + PLY_ROW + i]
            chi = job[row + 2 * PLY_ROW + i]
            if flags & T_DECLARER_MERGE and _dominated(job, row, k, i, c, clo, chi, defenders):
                continue
            child, child_target = advance(ctx, state, c, target)
            cok, wlo, whi = covers(ctx, tt, job, memo, child, child_target, clo, chi, _NO, ply + 1)
            ctx[mover] |= np.int64(1) << c
            if not cok:
                ok = False
                ulo = wlo
                uhi = whi
                break
    if memo_on:
        if ok:
            _memo_store(memo, job, hands_key, rest_key, SUCCESS, lo, hi)
        else:
            _memo_store(memo, job, hands_key, rest_key, FAILURE, ulo, uhi)
    return ok, ulo, uhi


@jit_inline
def _dominated(job, row, k, i, c, clo, chi, catchers):
    """Whether another of the declarer's cards c1 of the row stands for card ``c``: the same suit,
    no defender's card between them (in a hand or on the table), and held (and playable) in every
    world that holds ``c``; between two such cards with the same worlds, the one earlier in the row."""
    s = c >> 3
    for j in range(k):
        if j == i:
            continue
        c1 = job[row + j]
        if c1 >> 3 != s:
            continue
        lo1 = job[row + PLY_ROW + j]
        hi1 = job[row + 2 * PLY_ROW + j]
        if (clo & ~lo1) != 0 or (chi & ~hi1) != 0:
            continue
        if clo == lo1 and chi == hi1 and j > i:
            continue
        a = min(c, c1)
        z = max(c, c1)
        between = ((np.int64(1) << z) - 1) & ~((np.int64(2) << a) - 1)
        if catchers & between == 0:
            return True
    return False


@jit
def table_covers(pos, ctx, tt, killers, stats, job, memo, target, lo, hi, first):
    """The search at the root (``pos`` holds one world's hand for the declarer; ``job[J_R]`` his
    candidate cards): ``(ok, witness lo, witness hi)``. ``first`` >= 0: a defender to move plays
    that card first (the plan's first card), then the search runs."""
    state = begin_job(pos, ctx, killers, stats)
    declarer = ctx[C_FOCUS] & 3
    ctx[declarer] = job[J_R]
    if first >= 0:
        mover = state.mover & 3
        child, child_target = advance(ctx, state, first, target)
        ok, ulo, uhi = covers(ctx, tt, job, memo, child, child_target, lo, hi, _YES, np.int64(1))
        ctx[mover] |= np.int64(1) << first
    else:
        ok, ulo, uhi = covers(ctx, tt, job, memo, state, target, lo, hi, _YES, np.int64(0))
    end_job(ctx, killers, stats)
    return ok, ulo, uhi


@jit
def world_reaches(pos, ctx, tt, killers, stats, job, target, out):
    """``out[w]`` = 1 if in world ``w`` the declarer takes at least ``target`` tricks double dummy,
    else 0, for every world of the job (``pos`` and ``job[J_R]`` as in :func:`table_covers`)."""
    state = begin_job(pos, ctx, killers, stats)
    declarer = ctx[C_FOCUS] & 3
    cards = job[J_R]
    for w in range(job[J_N_WORLDS]):
        ctx[declarer] = cards & ~job[J_HIDDEN + w]
        v, _ = search(ctx, tt, state, target)
        out[w] = 1 if v >= target else 0
    ctx[declarer] = cards
    end_job(ctx, killers, stats)


@jit
def world_values(pos, ctx, tt, killers, stats, job, out):
    """``out[w]`` = the declarer's tricks from here in world ``w`` double dummy, for every world of
    the job (a contract's open whist: the worst world bounds the answer at the table)."""
    state = begin_job(pos, ctx, killers, stats)
    declarer = ctx[C_FOCUS] & 3
    cards = job[J_R]
    for w in range(job[J_N_WORLDS]):
        ctx[declarer] = cards & ~job[J_HIDDEN + w]
        out[w] = exact_value(ctx, tt, state)
    ctx[declarer] = cards
    end_job(ctx, killers, stats)
