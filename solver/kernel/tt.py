"""The transposition table: bounds on the focus player's future tricks, at trick boundaries.

An entry is keyed on the canonical form of a position at the start of a trick:
each hand with its ranks compressed to relative ranks (see :mod:`.bits`), the
leader, and the game (trump, focus seat, which way the focus player counts). Two
positions with the same key are the same game, so an entry's bounds are facts
that stay true across searches and solves; the table is never cleared for
correctness, only to bound memory. The full key is stored and compared, so a hash
collision can cost time but never a wrong answer.

Layout: ``keys[i] = (k1, k2)``; ``vals[i] = (lower, upper, move, depth)`` where
``move`` is the leader's best card in relative form (suit * 8 + relative rank,
-1 if none) and ``depth`` is the number of tricks left (0 marks an empty slot).
Slots are grouped in buckets of four; a new entry replaces the shallowest.
"""

import numpy as np

from .bits import popcount
from .config import jit

BUCKET = 4
DEFAULT_LOG2_SIZE = 18


def new_table(log2_size: int = DEFAULT_LOG2_SIZE, copies: int | None = None):
    """Zeroed ``(keys, vals)`` of 2**log2_size entries (about 20 bytes each).

    With ``copies`` the arrays get a leading axis, one table per worker thread.
    """
    if not 4 <= log2_size <= 28:
        raise ValueError(f"table size 2**{log2_size} is outside 2**4 … 2**28")
    shape = (1 << log2_size,) if copies is None else (copies, 1 << log2_size)
    return np.zeros(shape + (2,), dtype=np.int64), np.zeros(shape + (4,), dtype=np.int8)


@jit
def canonical_key(hands, leader, game_id, pext):
    """The two key words of the position at a trick start."""
    live = hands[0] | hands[1] | hands[2]
    ca = 0
    cb = 0
    cc = 0
    for s in range(4):
        sh = 8 * s
        lv = ((live >> sh) & 0xFF) * 256
        ca |= np.int64(pext[lv + ((hands[0] >> sh) & 0xFF)]) << sh
        cb |= np.int64(pext[lv + ((hands[1] >> sh) & 0xFF)]) << sh
        cc |= np.int64(pext[lv + ((hands[2] >> sh) & 0xFF)]) << sh
    return ca | (cb << 32), cc | (leader << 32) | (game_id << 34)


@jit
def _bucket(k1, k2, n):
    h = k1 * -7046029254386353131 + k2 * 0x2545F4914F6CDD1D
    h ^= (h >> 31) & 0x1FFFFFFFF
    return (h & (n - 1)) & ~(BUCKET - 1)


@jit
def probe(keys, vals, k1, k2):
    """Index of the entry for (k1, k2), or -1."""
    b = _bucket(k1, k2, keys.shape[0])
    for i in range(b, b + BUCKET):
        if keys[i, 0] == k1 and keys[i, 1] == k2 and vals[i, 3] != 0:
            return i
    return -1


@jit
def store(keys, vals, k1, k2, lower, upper, move, depth):
    """Merge bounds into the entry for (k1, k2), making one if needed."""
    b = _bucket(k1, k2, keys.shape[0])
    victim = b
    for i in range(b, b + BUCKET):
        if vals[i, 3] != 0 and keys[i, 0] == k1 and keys[i, 1] == k2:
            if lower > vals[i, 0]:
                vals[i, 0] = lower
            if upper < vals[i, 1]:
                vals[i, 1] = upper
            if move >= 0:
                vals[i, 2] = move
            return
        if vals[i, 3] < vals[victim, 3]:
            victim = i
    keys[victim, 0] = k1
    keys[victim, 1] = k2
    vals[victim, 0] = lower
    vals[victim, 1] = upper
    vals[victim, 2] = move
    vals[victim, 3] = depth


@jit
def relative_move(card, live):
    """A card as suit * 8 + its rank among the live cards of its suit."""
    s = card >> 3
    below = ((live >> (8 * s)) & 0xFF) & ((1 << (card & 7)) - 1)
    return s * 8 + popcount(below)


@jit
def absolute_move(move, live, pdep):
    """Inverse of :func:`relative_move`; -1 if no live card has that relative rank."""
    s = move >> 3
    lv = (live >> (8 * s)) & 0xFF
    sub = np.int64(pdep[lv * 256 + (1 << (move & 7))])
    if sub == 0 or (move & 7) >= popcount(lv):
        return -1
    r = 0
    while (sub >> r) != 1:
        r += 1
    return s * 8 + r
