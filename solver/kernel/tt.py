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
Owners are coded two bits a card (the second hand's bit, then the third's), from the lowest live
card up, the suits one after another: a suit's code starts where the code of the suits before it
ends (at most 30 live cards, 60 bits; the shape says where each suit starts).

The stored code is compared under its mask, so a hash collision costs time but
never a wrong answer; several matching entries combine (highest lower bound,
lowest upper bound). Layout: one flat int64 array, entry ``i`` in the four words from ``4 i``
(shape, masked code, mask, values: see ``KEY`` … ``VALUES``; flat, so that an index costs no
stride multiply). The shape word and the values word are laid out by the field tables
:data:`KEY_FIELDS` and :data:`VALUE_FIELDS`: the values a byte each (lower, upper, move + 1, depth,
generation), then a partition entry's ``kvec`` in bits 40–55 (see :func:`_pack`); ``depth`` is the
tricks left, and a zero word marks an empty slot. One array, so that an entry is read from one
place and the search passes one argument for the table; four words an entry and the array aligned
to 64 bytes, so that an entry never straddles two cache lines and an exact bucket is one line. A new
entry replaces an empty slot, else the shallowest entry left by an earlier job (its generation
differs), else the shallowest of this job's.

The table has two halves. The first is an ordinary table of exact positions
(buckets of 2, one cache line, chosen by shape and full code): one entry a position, holding its
bounds, its best move, and with each bound the ``kvec`` of the partition it holds
for. The second holds partition entries (buckets of 4 chosen by the shape alone),
where other positions of the same partition find them. Every result goes to both.
In the exact half an entry is (shape, code, lower kvec | upper kvec << 16, values): see
:data:`EXACT_KVEC_FIELDS`. A probe
reads the exact half first and stops there when its entry settles the search.
"""

import mmap

import numba
import numpy as np
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

from .bits import (FAST_BIT_GATHER, compress, count_each, expand, from_lowest_each, high_bit, pdep, pext, popcount,
                   spread)
from .config import jit, jit_inline

NO_UPPER = 100
"""The upper bound of an entry that has none (above any number of tricks); the lower is 0."""
EXACT_BUCKET = 2
"""Entries of an exact bucket: one 64-byte cache line (``tests/test_kernel_helpers.py``)."""
SHAPE_BUCKET = 4
"""Entries of a partition bucket: two cache lines. Against eight (four lines), the nodes rise 2 to 3 %
and the time falls: paired x0.99 contract, x0.97 misère and raspasy on an AMD Zen 3 (512 KB of
second-level cache a core), x0.99 on a Zen 4 (1 MB); every probe that the exact half does not settle
reads the whole bucket (docs/performance.md)."""
MIN_LOG2_SIZE, DEFAULT_LOG2_SIZE, MAX_LOG2_SIZE = 6, 15, 28
"""The table sizes :func:`new_table` makes: 2**6 … 2**28 entries (``Options.tt_log2_size``). The default
table, 1 MB, holds a job's few thousand entries many times over and fits the second-level cache of a CPU
with 1 MB a core: against 2**16 (2 MB), the same nodes within 0.3 % and less time (docs/performance.md,
*The table's size*); on one with 512 KB a core, 2**14 and 2**16 measured within 1.2 % of it (*A Zen 3*)."""

# The words of an entry, field by field: (name, lowest bit, bits). The named shifts and masks below
# are these, and every reader and writer of the words goes through them.
KEY_FIELDS = (("lengths", 0, 48),     # 4 suits x 12 bits: 4 bits for each hand's length in the suit
              ("leader", 48, 2),      # the seat on lead
              ("game", 50, 12))       # the game's id (:func:`game_id`, 8 bits; the split's memo: its own)
VALUE_FIELDS = (("lower", 0, 8),      # the lower bound
                ("upper", 8, 8),      # the upper bound (NO_UPPER: none)
                ("move", 16, 8),      # the best move + 1 (relative_move; 0: none), exact half only
                ("depth", 24, 8),     # the tricks left at the position
                ("generation", 32, 8),  # the job that wrote it (1 … 127)
                ("kvec", 40, 16))     # partition half: the kvec the entry holds for
EXACT_KVEC_FIELDS = (("lower kvec", 0, 16), ("upper kvec", 16, 16))
"""The ``EXTRA`` word of an exact entry: the kvec each of its bounds holds for."""
LEADER_SHIFT, GAME_SHIFT = KEY_FIELDS[1][1], KEY_FIELDS[2][1]
LOWER_SHIFT, UPPER_SHIFT, MOVE_SHIFT, DEPTH_SHIFT, GENERATION_SHIFT, KVEC_SHIFT = (f[1] for f in VALUE_FIELDS)
BYTE_MASK = 0xFF
"""The mask of the one-byte fields of the values word."""
KVEC_BITS = VALUE_FIELDS[5][2]
KVEC_MASK = (1 << KVEC_BITS) - 1
"""A kvec: 4 bits a suit (its ``k``), 16 bits."""
UPPER_KVEC_SHIFT = EXACT_KVEC_FIELDS[1][1]
"""Where an exact entry keeps its upper bound's kvec, above the lower bound's."""


ENTRY_WORDS = 4
ENTRY_BYTES = 8 * ENTRY_WORDS
KEY, CODE, EXTRA, VALUES = range(ENTRY_WORDS)
"""An entry's words: the shape (``KEY``), the code (masked, in the partition half), the kvecs
(exact half) or the code mask (partition half), and the packed values (zero: an empty slot). Entry
``i`` starts at word ``ENTRY_WORDS * i`` of the flat array."""
_LINE_WORDS = 8


def new_table(log2_size: int = DEFAULT_LOG2_SIZE, copies: int | None = None) -> np.ndarray:
    """An empty table of 2**log2_size entries (``ENTRY_BYTES`` each).

    With ``copies`` the array gets a leading axis, one table per worker thread.
    """
    if not MIN_LOG2_SIZE <= log2_size <= MAX_LOG2_SIZE:
        raise ValueError(f"table size 2**{log2_size} is outside 2**{MIN_LOG2_SIZE} … 2**{MAX_LOG2_SIZE}")
    shape = (ENTRY_WORDS << log2_size,) if copies is None else (copies, ENTRY_WORDS << log2_size)
    words = int(np.prod(shape))
    if 2 * 8 * words >= _HUGE_PAGE:  # from half a huge page up: the default table is one
        buffer = _huge_page_words(words)
        if buffer is not None:
            return buffer.reshape(shape)
    buffer = np.zeros(words + _LINE_WORDS, dtype=np.int64)
    start = (-buffer.ctypes.data % (8 * _LINE_WORDS)) // 8  # to the next 64-byte boundary
    return buffer[start:start + words].reshape(shape)


_HUGE_PAGE = 1 << 21


def _huge_page_words(words: int) -> np.ndarray | None:
    """``words`` zeroed int64 words on memory the kernel may back with 2 MB pages (Linux's
    transparent huge pages, asked for with madvise), aligned to 2 MB; None where that cannot be had.
    The request covers whole pages (a table of 1 MB asks for one page of 2 MB): Linux backs a range
    with a huge page only when the whole page was asked for.

    A probe lands anywhere in the table, and with 4 KB pages nearly every probe missed the CPU's
    first-level address cache (a 2 MB table is 512 pages): paired, x0.97-0.98 on every kind of game."""
    span = -(-8 * words // _HUGE_PAGE) * _HUGE_PAGE  # whole pages: the kernel backs only a range asked for in full
    try:
        memory = mmap.mmap(-1, span + _HUGE_PAGE, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    except (AttributeError, OSError, ValueError):
        return None
    buffer = np.frombuffer(memory, dtype=np.int64)  # holds the mapping alive
    start = (-buffer.ctypes.data % _HUGE_PAGE) // 8
    try:
        memory.madvise(mmap.MADV_HUGEPAGE, 8 * start, span)
    except (AttributeError, OSError, ValueError):
        pass  # ordinary pages: the same table, a little slower
    return buffer[start:start + words]


def entries(table: np.ndarray) -> np.ndarray:
    """The table as rows of ``ENTRY_WORDS`` words (a view): ``entries(table)[..., i, VALUES]``."""
    return table.reshape(table.shape[:-1] + (-1, ENTRY_WORDS))


def clear(table: np.ndarray) -> None:
    """Empty every slot."""
    entries(table)[..., VALUES] = 0


def fill(table: np.ndarray) -> float:
    """The share of slots in use."""
    rows = entries(table)
    return float(np.count_nonzero(rows[..., VALUES])) / rows.shape[-2]


@jit
def _pack(lower, upper, move, depth, generation, kvec=0):
    """An entry's values in one word (:data:`VALUE_FIELDS`; ``move`` -1, no move, is kept as 0)."""
    return ((lower << LOWER_SHIFT) | (upper << UPPER_SHIFT) | ((move + 1) << MOVE_SHIFT) | (depth << DEPTH_SHIFT)
            | (generation << GENERATION_SHIFT) | (kvec << KVEC_SHIFT))


@jit
def _lower(w):
    return (w >> LOWER_SHIFT) & BYTE_MASK


@jit
def _upper(w):
    return (w >> UPPER_SHIFT) & BYTE_MASK


@jit
def _move(w):
    return ((w >> MOVE_SHIFT) & BYTE_MASK) - 1


@jit
def _depth(w):
    return (w >> DEPTH_SHIFT) & BYTE_MASK


@jit
def _generation(w):
    return (w >> GENERATION_SHIFT) & BYTE_MASK


@jit
def _kvec(w):
    return (w >> KVEC_SHIFT) & KVEC_MASK




def game_id(trump: int, focus: int, focus_max: int, cooperative: int) -> int:
    """What the table key holds of the game besides the cards (the ``game`` field of
    :data:`KEY_FIELDS`, 7 of its 12 bits): the trump (0 … 4), the focus seat, which way his tricks
    count and whether all three play for his aim. The engine keeps it in ``ctx[C_GAME_ID]``."""
    return trump | focus << 3 | focus_max << 5 | cooperative << 6


@jit_inline
def position_key(hands, leader, game, ranks):
    """``(shape, code)`` of the position at a trick start (see the module docstring): the one place
    the key is composed, the shape word from :data:`KEY_FIELDS` (``game``: :func:`game_id`, or the
    split's memo's own). Four suits at once where the CPU has fast ``pext`` and ``pdep``
    (:data:`.bits.FAST_BIT_GATHER`), else suit by suit; the same key either way."""
    if FAST_BIT_GATHER:
        shape, code = _key_at_once(hands)
    else:
        shape, code = _key_by_suit(hands, ranks)
    return shape | (leader << LEADER_SHIFT) | (game << GAME_SHIFT), code


_LOW_BYTES_OF_12 = sum(0xFF << (12 * s) for s in range(4))
_TOP_NIBBLES_OF_12 = sum(0xF << (12 * s + 8) for s in range(4))


@jit_inline
def _key_at_once(hands):
    """The lengths and the owners' code by ``pext`` and ``pdep`` over all four suits: the second and
    third hands' cards packed among the live ones (the suits one after another) and interleaved."""
    live = hands[0] | hands[1] | hands[2]
    first_two = count_each(hands[0]) | (count_each(hands[1]) << 4)  # a suit's two lengths a byte
    lengths = pdep(first_two, _LOW_BYTES_OF_12) | pdep(pext(count_each(hands[2]), 0x0F0F0F0F), _TOP_NIBBLES_OF_12)
    code = spread(pext(hands[1], live)) | spread(pext(hands[2], live)) << 1
    return lengths, code


@jit_inline
def _key_by_suit(hands, ranks):
    """:func:`_key_at_once` one suit at a time, by :func:`.bits.compress`."""
    live = hands[0] | hands[1] | hands[2]
    lengths = np.int64(0)
    code = np.int64(0)
    at = 0
    for s in range(4):
        sh = 8 * s
        lv = (live >> sh) & 0xFF
        cb = compress((hands[1] >> sh) & 0xFF, lv, ranks)
        cc = compress((hands[2] >> sh) & 0xFF, lv, ranks)
        la = popcount((hands[0] >> sh) & 0xFF)
        lengths |= (la | (popcount(cb) << 4) | (popcount(cc) << 8)) << (12 * s)
        code |= (spread(cb) | (spread(cc) << 1)) << at
        at += 2 * popcount(lv)
    return lengths, code


@jit_inline
def _code_mask(shape, kvec):
    """The code bits of the top ``k`` live cards of each suit."""
    m = np.int64(0)
    at = 0  # where the suit's code starts: two bits for each live card of the suits before it
    for s in range(4):
        lengths = shape >> (12 * s)
        n = (lengths & 0xF) + ((lengths >> 4) & 0xF) + ((lengths >> 8) & 0xF)
        k = (kvec >> (4 * s)) & 0xF
        m |= ((np.int64(1) << (2 * k)) - 1) << (at + 2 * (n - k))
        at += 2 * n
    return m


_ROW_BITS = (1 << 40) - 1
"""A mask, a no-op on row numbers (at most 2**MAX_LOG2_SIZE rows), that shows the compiler they are not
negative, so that Numba's wraparound of negative indices folds away."""


@jit_inline
def rows(table):
    """The table's entries (the array holds ``ENTRY_WORDS`` words an entry, flat)."""
    return (table.shape[0] & _ROW_BITS) // ENTRY_WORDS


# The buckets: multiplicative hashing (a multiply by an odd constant, then the middle bits), with
# the high half folded onto the low half first so that every bit of the key reaches the bits kept.
# Two multiplies where splitmix64's finalizer, run twice, took four and six shifts on the path to the
# prefetch: paired, misère and contract x0.97, nodes +0.1 % (the buckets fill a little differently).
@jit_inline
def _exact_bucket(shape, code, n):
    x = code ^ (shape * -7046029254386353131)
    x ^= (x >> 32) & 0xFFFFFFFF
    h = x * -4658895280553007687
    return ((h >> 32) & ((n >> 1) - 1) & _ROW_BITS) & ~(EXACT_BUCKET - 1)


@jit_inline
def _shape_bucket(shape, n):
    x = shape ^ ((shape >> 32) & 0xFFFFFFFF)
    h = x * -7723592293110705685
    return (n >> 1) + (((h >> 32) & ((n >> 1) - 1) & _ROW_BITS) & ~(SHAPE_BUCKET - 1))


@jit_inline
def _probe_exact(table, shape, code, b):
    for i in range(b, b + EXACT_BUCKET):
        e = ENTRY_WORDS * i
        w = table[e + VALUES]
        if w != 0 and table[e + KEY] == shape and table[e + CODE] == code:
            return _lower(w), _upper(w), table[e + EXTRA] & KVEC_MASK, table[e + EXTRA] >> UPPER_KVEC_SHIFT, _move(w)
    return np.int64(0), np.int64(NO_UPPER), np.int64(0), np.int64(0), np.int64(-1)


if numba.config.DISABLE_JIT:
    def _prefetch(table, word):
        """A hint to the CPU only: nothing to do in plain Python."""
else:
    @intrinsic
    def _prefetch(typingctx, table, word):
        """Start loading the cache line holding word ``word`` of ``table`` (flat index); no effect on
        any value. The table is far larger than the caches, and a probe's first load was the search's
        costliest instruction: issued early, the load overlaps the quick bounds."""
        sig = types.void(table, word)

        def codegen(context, builder, signature, args):
            if isinstance(signature.args[0], types.CPointer):
                data = args[0]
            else:
                data = context.make_array(signature.args[0])(context, builder, args[0]).data
            address = builder.bitcast(builder.gep(data, [args[1]]), cgutils.voidptr_t)
            i32 = ir.IntType(32)
            fnty = ir.FunctionType(ir.VoidType(), [address.type, i32, i32, i32])
            fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.prefetch.p0")
            builder.call(fn, [address, i32(0), i32(3), i32(1)])  # read, keep in all levels, data
            return context.get_dummy_value()
        return sig, codegen


@jit_inline
def prefetch(table, n, shape, code):
    """Ask for the cache lines of the exact bucket a :func:`probe` of this key reads first (``n``:
    the table's entries, :func:`rows`; the search passes the table as a bare pointer)."""
    e = ENTRY_WORDS * _exact_bucket(shape, code, n)
    for w in range(0, ENTRY_WORDS * EXACT_BUCKET, 8):
        _prefetch(table, e + w)


@jit_inline
def probe(table, n, shape, code, target):
    """Combined bounds of all entries matching the position:
    ``(lower, upper, lower_kvec, upper_kvec, move)``, ``(0, NO_UPPER, 0, 0, -1)`` if none.

    The exact half is read first; when its entry already settles a search for ``target`` the
    partition half is not read. ``n``: the table's entries (:func:`rows`)."""
    lower, upper, lower_k, upper_k, move = _probe_exact(table, shape, code, _exact_bucket(shape, code, n))
    if lower >= target or upper < target:
        return lower, upper, lower_k, upper_k, move
    b = _shape_bucket(shape, n)
    for i in range(b, b + SHAPE_BUCKET):
        e = ENTRY_WORDS * i
        w = table[e + VALUES]
        if w == 0 or table[e + KEY] != shape:
            continue
        if (code & table[e + EXTRA]) != table[e + CODE]:
            continue
        if _lower(w) > lower:
            lower = _lower(w)
            lower_k = _kvec(w)
        if _upper(w) < upper:
            upper = _upper(w)
            upper_k = _kvec(w)
    return lower, upper, lower_k, upper_k, move


@jit_inline
def _victim(table, b, size, generation):
    """The slot to overwrite: empty, else the shallowest of an earlier job, else the shallowest."""
    victim = b
    worth = 1000
    for i in range(b, b + size):
        e = ENTRY_WORDS * i
        w = table[e + VALUES]
        worth_i = 0 if w == 0 else _depth(w) + (16 if _generation(w) == generation else 0)
        if worth_i < worth:
            worth = worth_i
            victim = i
    return victim


@jit_inline
def _store_exact(table, n, shape, code, kvec, lower, upper, move, depth, generation):
    b = _exact_bucket(shape, code, n)
    slot = -1
    for i in range(b, b + EXACT_BUCKET):
        e = ENTRY_WORDS * i
        if table[e + VALUES] != 0 and table[e + KEY] == shape and table[e + CODE] == code:
            slot = i
            break
    if slot < 0:
        slot = _victim(table, b, EXACT_BUCKET, generation)
        e = ENTRY_WORDS * slot
        table[e + KEY] = shape
        table[e + CODE] = code
        table[e + EXTRA] = 0
        table[e + VALUES] = _pack(0, NO_UPPER, -1, depth, generation)
    e = ENTRY_WORDS * slot
    w = table[e + VALUES]
    old_lower, old_upper, old_move, old_depth = _lower(w), _upper(w), _move(w), _depth(w)
    if lower > old_lower:
        old_lower = lower
        table[e + EXTRA] = (table[e + EXTRA] & ~KVEC_MASK) | kvec
    if upper < old_upper:
        old_upper = upper
        table[e + EXTRA] = (table[e + EXTRA] & KVEC_MASK) | (kvec << UPPER_KVEC_SHIFT)
    if move >= 0:
        old_move = move
    table[e + VALUES] = _pack(old_lower, old_upper, old_move, old_depth, generation)


@jit_inline
def _store_shape(table, n, shape, mask, masked, kvec, lower, upper, depth, generation):
    b = _shape_bucket(shape, n)
    for i in range(b, b + SHAPE_BUCKET):
        e = ENTRY_WORDS * i
        w = table[e + VALUES]
        if w != 0 and table[e + KEY] == shape and _kvec(w) == kvec and table[e + CODE] == masked:
            table[e + VALUES] = _pack(max(lower, _lower(w)), min(upper, _upper(w)), -1, _depth(w), generation, kvec)
            return
    slot = _victim(table, b, SHAPE_BUCKET, generation)
    e = ENTRY_WORDS * slot
    table[e + KEY] = shape
    table[e + CODE] = masked
    table[e + EXTRA] = mask
    table[e + VALUES] = _pack(lower, upper, -1, depth, generation, kvec)


@jit_inline
def store(table, n, shape, code, partition, lower, upper, move, depth, generation):
    """Record bounds for the position (exact half) and for its partition (shape half); ``n``: the
    table's entries (:func:`rows`); ``partition``: ``(kvec, code mask)``, :func:`partition_of`."""
    kvec, mask = partition
    _store_exact(table, n, shape, code, kvec, lower, upper, move, depth, generation)
    _store_shape(table, n, shape, mask, code & mask, kvec, lower, upper, depth, generation)


@jit_inline
def partition_of(relevant, live, shape):
    """The partition a result holds for, as :func:`store` takes it: its ``kvec``
    (:func:`relevance_kvec`) and the code bits of its cards, the top ``k`` live cards of each suit
    (where the CPU has a fast ``pdep``, those cards packed among the live ones and spread to two bits
    a card, instead of :func:`_code_mask`'s loop over the suits)."""
    tops = from_lowest_each(relevant, live)
    kvec = _packed_counts(tops)
    if FAST_BIT_GATHER:
        return kvec, spread(pext(tops, live)) * 3
    return kvec, _code_mask(shape, kvec)


@jit_inline
def relevance_kvec(relevant, live):
    """How many top live cards of each suit reach down to the lowest relevant card: the four suits
    at once (a suit with no relevant card keeps none), the counts packed from a byte a suit to
    four bits. With :func:`kvec_cards` in one ``pdep``, against both suit by suit: paired x0.97-0.98
    on every kind of game."""
    return _packed_counts(from_lowest_each(relevant, live))


@jit_inline
def _packed_counts(cards):
    """The number of ``cards`` in each suit, four bits a suit (a kvec)."""
    counts = count_each(cards)
    pairs = (counts | (counts >> 4)) & 0x00FF00FF
    return (pairs | (pairs >> 8)) & KVEC_MASK


@jit_inline
def kvec_cards(kvec, live, ranks):
    """The top ``k`` live cards of each suit, as a card mask: the top ``k`` of each suit's relative
    ranks unpacked by "pdep" (a loop dropping the lowest cards one by one, before: paired
    x0.96-0.97, at the 15 % of nodes a table hit settles); the four suits in one ``pdep`` where the
    CPU has a fast one (:data:`.bits.FAST_BIT_GATHER`), else suit by suit."""
    if FAST_BIT_GATHER:
        return _kvec_cards_at_once(kvec, live)
    return _kvec_cards_by_suit(kvec, live, ranks)


@jit_inline
def _kvec_cards_at_once(kvec, live):
    tops = np.int64(0)
    at = 0  # where the suit starts among the live cards packed
    for s in range(4):
        n = popcount((live >> (8 * s)) & 0xFF)
        k = (kvec >> (4 * s)) & 0xF
        tops |= ((np.int64(1) << k) - 1) << (at + n - k)
        at += n
    return pdep(tops, live)


@jit_inline
def _kvec_cards_by_suit(kvec, live, ranks):
    out = np.int64(0)
    for s in range(4):
        k = (kvec >> (4 * s)) & 0xF
        if k != 0:
            lv = (live >> (8 * s)) & 0xFF
            n = popcount(lv)
            top = ((1 << k) - 1) << (n - k)
            out |= expand(top, lv, ranks) << (8 * s)
    return out


@jit_inline
def relative_move(card, live):
    """A card as suit * 8 + the number of live cards above it in its suit.

    Counted from the top, so that in another position of the same partition it names
    the card in the same place among the relevant ones.
    """
    s = card >> 3
    above = ((live >> (8 * s)) & 0xFF) >> ((card & 7) + 1)
    return s * 8 + popcount(above)


@jit_inline
def absolute_move(move, live, ranks):
    """Inverse of :func:`relative_move`; -1 if the suit has too few live cards."""
    s = move >> 3
    lv = (live >> (8 * s)) & 0xFF
    n = popcount(lv)
    if (move & 7) >= n:
        return -1
    return s * 8 + high_bit(expand(np.int64(1) << (n - 1 - (move & 7)), lv, ranks))
