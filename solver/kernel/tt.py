"""The transposition table of partition search: bounds that hold for whole sets of positions.

Entries are stored at trick boundaries. A search result usually depends on only a
few cards: the ones that won tricks against cards of their own suit, and the
cards that decided a quick bound. Everything below those ranks in a suit is
"small": which hand holds which small card does not change the result, as long
as each hand keeps as many cards of each suit. So an entry is keyed on

* the *shape* — each hand's length in each suit, the leader and the game (trump,
  focus seat, which way the focus counts) — which picks the bucket, and
* the owners of the top ``k`` live cards of each suit (``kvec`` holds the four ``k``),

and it answers for every position of that shape whose top cards have those owners.
Owners are coded two bits a card, from the lowest live card up, 16 bits a suit.

The stored code is compared under its mask, so a hash collision costs time but
never a wrong answer; several matching entries combine (highest lower bound,
lowest upper bound). Layout: ``keys[i] = (shape, masked code, kvec, mask)``,
``vals[i] = (lower, upper, move, depth, generation)``; ``depth`` is the tricks left and 0
marks an empty slot. A new entry replaces an empty slot, else the shallowest entry
left by an earlier job (its generation differs), else the shallowest of this job's.

The table has two halves. The first is an ordinary table of exact positions
(buckets of 4 chosen by shape and full code): one entry a position, holding its
bounds, its best move, and with each bound the ``kvec`` of the partition it holds
for. The second holds partition entries (buckets of 16 chosen by the shape alone),
where other positions of the same partition find them. Every result goes to both.
In the exact half ``keys[i] = (shape, code, lower kvec | upper kvec << 16, unused)``.
"""

import numpy as np

from .bits import PDEP_AT, popcount
from .config import jit

NO_UPPER = 100
"""The upper bound of an entry that has none (above any number of tricks); the lower is 0."""
EXACT_BUCKET = 4
SHAPE_BUCKET = 16
DEFAULT_LOG2_SIZE = 18


def new_table(log2_size: int = DEFAULT_LOG2_SIZE, copies: int | None = None):
    """Zeroed ``(keys, vals)`` of 2**log2_size entries (37 bytes each).

    With ``copies`` the arrays get a leading axis, one table per worker thread.
    """
    if not 6 <= log2_size <= 28:
        raise ValueError(f"table size 2**{log2_size} is outside 2**6 … 2**28")
    shape = (1 << log2_size,) if copies is None else (copies, 1 << log2_size)
    return np.zeros(shape + (4,), dtype=np.int64), np.zeros(shape + (5,), dtype=np.int8)


def _spread_table():
    """``SPREAD[b]``: bit i of byte b moved to bit 2i."""
    out = np.zeros(256, dtype=np.int64)
    for b in range(256):
        out[b] = sum(1 << (2 * i) for i in range(8) if b >> i & 1)
    return out


SPREAD = _spread_table()


@jit
def position_key(hands, leader, game_id, ranks):
    """``(shape, code)`` of the position at a trick start (see the module docstring)."""
    live = hands[0] | hands[1] | hands[2]
    shape = np.int64(0)
    code = np.int64(0)
    for s in range(4):
        sh = 8 * s
        lv = ((live >> sh) & 0xFF) * 256
        cb = np.int64(ranks[lv + ((hands[1] >> sh) & 0xFF)])
        cc = np.int64(ranks[lv + ((hands[2] >> sh) & 0xFF)])
        la = popcount((hands[0] >> sh) & 0xFF)
        shape |= (la | (popcount(cb) << 4) | (popcount(cc) << 8)) << (12 * s)
        code |= (SPREAD[cb] | (SPREAD[cc] << 1)) << (16 * s)
    return shape | (leader << 48) | (game_id << 50), code


@jit
def _code_mask(shape, kvec):
    """The code bits of the top ``k`` live cards of each suit."""
    m = np.int64(0)
    for s in range(4):
        lengths = shape >> (12 * s)
        n = (lengths & 0xF) + ((lengths >> 4) & 0xF) + ((lengths >> 8) & 0xF)
        k = (kvec >> (4 * s)) & 0xF
        m |= (((np.int64(1) << (2 * k)) - 1) << (2 * (n - k))) << (16 * s)
    return m


@jit
def _mix(x):
    """A 64-bit finalizer (splitmix64's); shifts are masked since int64 shifts keep the sign."""
    x ^= (x >> 30) & 0x3FFFFFFFF
    x *= -4658895280553007687
    x ^= (x >> 27) & 0x1FFFFFFFFF
    x *= -7723592293110705685
    x ^= (x >> 31) & 0x1FFFFFFFF
    return x


@jit
def _exact_bucket(shape, code, n):
    return (_mix(shape ^ _mix(code)) & (n // 2 - 1)) & ~(EXACT_BUCKET - 1)


@jit
def _shape_bucket(shape, n):
    return n // 2 + ((_mix(shape) & (n // 2 - 1)) & ~(SHAPE_BUCKET - 1))


@jit
def _probe_exact(keys, vals, shape, code, b):
    for i in range(b, b + EXACT_BUCKET):
        if vals[i, 3] != 0 and keys[i, 0] == shape and keys[i, 1] == code:
            return (np.int64(vals[i, 0]), np.int64(vals[i, 1]), keys[i, 2] & 0xFFFF,
                    keys[i, 2] >> 16, np.int64(vals[i, 2]))
    return np.int64(0), np.int64(NO_UPPER), np.int64(0), np.int64(0), np.int64(-1)


@jit
def probe(keys, vals, shape, code):
    """Combined bounds of all entries matching the position:
    ``(lower, upper, lower_kvec, upper_kvec, move)``, ``(0, NO_UPPER, 0, 0, -1)`` if none."""
    n = keys.shape[0]
    lower, upper, lower_k, upper_k, move = _probe_exact(keys, vals, shape, code,
                                                        _exact_bucket(shape, code, n))
    b = _shape_bucket(shape, n)
    for i in range(b, b + SHAPE_BUCKET):
        if vals[i, 3] == 0 or keys[i, 0] != shape:
            continue
        if (code & keys[i, 3]) != keys[i, 1]:
            continue
        if vals[i, 0] > lower:
            lower = np.int64(vals[i, 0])
            lower_k = keys[i, 2]
        if vals[i, 1] < upper:
            upper = np.int64(vals[i, 1])
            upper_k = keys[i, 2]
    return lower, upper, lower_k, upper_k, move


@jit
def _victim(vals, b, size, generation):
    """The slot to overwrite: empty, else the shallowest of an earlier job, else the shallowest."""
    victim = b
    worth = 1000
    for i in range(b, b + size):
        w = 0 if vals[i, 3] == 0 else vals[i, 3] + (16 if vals[i, 4] == generation else 0)
        if w < worth:
            worth = w
            victim = i
    return victim


@jit
def _store_exact(keys, vals, shape, code, kvec, lower, upper, move, depth, generation):
    b = _exact_bucket(shape, code, keys.shape[0])
    slot = -1
    for i in range(b, b + EXACT_BUCKET):
        if vals[i, 3] != 0 and keys[i, 0] == shape and keys[i, 1] == code:
            slot = i
            break
    if slot < 0:
        slot = _victim(vals, b, EXACT_BUCKET, generation)
        keys[slot, 0] = shape
        keys[slot, 1] = code
        keys[slot, 2] = 0
        vals[slot, 0] = 0
        vals[slot, 1] = NO_UPPER
        vals[slot, 2] = -1
        vals[slot, 3] = depth
    if lower > vals[slot, 0]:
        vals[slot, 0] = lower
        keys[slot, 2] = (keys[slot, 2] & ~0xFFFF) | kvec
    if upper < vals[slot, 1]:
        vals[slot, 1] = upper
        keys[slot, 2] = (keys[slot, 2] & 0xFFFF) | (kvec << 16)
    if move >= 0:
        vals[slot, 2] = move
    vals[slot, 4] = generation


@jit
def _store_shape(keys, vals, shape, mask, masked, kvec, lower, upper, depth, generation):
    b = _shape_bucket(shape, keys.shape[0])
    for i in range(b, b + SHAPE_BUCKET):
        if vals[i, 3] != 0 and keys[i, 0] == shape and keys[i, 2] == kvec and keys[i, 1] == masked:
            if lower > vals[i, 0]:
                vals[i, 0] = lower
            if upper < vals[i, 1]:
                vals[i, 1] = upper
            vals[i, 4] = generation
            return
    slot = _victim(vals, b, SHAPE_BUCKET, generation)
    keys[slot, 0] = shape
    keys[slot, 1] = masked
    keys[slot, 2] = kvec
    keys[slot, 3] = mask
    vals[slot, 0] = lower
    vals[slot, 1] = upper
    vals[slot, 2] = -1
    vals[slot, 3] = depth
    vals[slot, 4] = generation


@jit
def store(keys, vals, shape, code, kvec, lower, upper, move, depth, generation):
    """Record bounds for the position (exact half) and for its partition (shape half)."""
    _store_exact(keys, vals, shape, code, kvec, lower, upper, move, depth, generation)
    mask = _code_mask(shape, kvec)
    _store_shape(keys, vals, shape, mask, code & mask, kvec, lower, upper, depth, generation)


@jit
def relevance_kvec(relevant, live):
    """How many top live cards of each suit reach down to the lowest relevant card."""
    kvec = np.int64(0)
    for s in range(4):
        r = (relevant >> (8 * s)) & 0xFF
        if r != 0:
            lv = (live >> (8 * s)) & 0xFF
            kvec |= popcount(lv & ~((r & -r) - 1)) << (4 * s)
    return kvec


@jit
def kvec_cards(kvec, live):
    """The top ``k`` live cards of each suit, as a card mask."""
    out = np.int64(0)
    for s in range(4):
        k = (kvec >> (4 * s)) & 0xF
        if k != 0:
            lv = (live >> (8 * s)) & 0xFF
            for _ in range(popcount(lv) - k):
                lv &= lv - 1
            out |= lv << (8 * s)
    return out


@jit
def relative_move(card, live):
    """A card as suit * 8 + the number of live cards above it in its suit.

    Counted from the top, so that in another position of the same partition it names
    the card in the same place among the relevant ones.
    """
    s = card >> 3
    above = ((live >> (8 * s)) & 0xFF) >> ((card & 7) + 1)
    return s * 8 + popcount(above)


@jit
def absolute_move(move, live, ranks):
    """Inverse of :func:`relative_move`; -1 if the suit has too few live cards."""
    s = move >> 3
    lv = (live >> (8 * s)) & 0xFF
    n = popcount(lv)
    if (move & 7) >= n:
        return -1
    sub = np.int64(ranks[PDEP_AT + lv * 256 + (1 << (n - 1 - (move & 7)))])
    r = 0
    while (sub >> r) != 1:
        r += 1
    return s * 8 + r
