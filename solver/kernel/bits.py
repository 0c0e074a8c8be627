"""Bit tricks on card masks: LLVM's popcount and leading-zero count, the four suits at once, and
rank compression.

Under ``NUMBA_DISABLE_JIT=1`` (for a debugger or a coverage run of the kernel) the
intrinsics are replaced by plain Python with the same results, so the whole kernel
runs as ordinary Python.

Rank compression is what makes positions that differ only in cards already played
look the same: within a suit, the live cards (those still in a hand or on the
table) are renumbered 0, 1, 2 … from the lowest. ``RANKS[live * 256 + sub]`` packs the
bits of ``sub`` (a subset of ``live``) into those relative ranks ("pext") and
``RANKS[PDEP_AT + live * 256 + packed]`` undoes it ("pdep"). Both 256 × 256 tables of bytes
are built once here and handed to the kernel as one array (one argument fewer a call). Where the
CPU has fast ``pext`` and ``pdep`` instructions (:data:`FAST_BIT_GATHER`) the kernel uses them
instead (:func:`compress`, :func:`expand`), and groups equal cards of all four suits at once.
"""

import numba
import numpy as np
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

from .config import jit, jit_inline

_WORD = (1 << 64) - 1

if numba.config.DISABLE_JIT:
    def popcount(x):
        """Set bits of a 64-bit word."""
        return np.int64(bin(int(x) & _WORD).count("1"))

    def _ctlz(x):
        """Leading zero bits of a 64-bit word (64 for zero)."""
        return np.int64(64 - (int(x) & _WORD).bit_length())

    def data_pointer(array):
        """In plain Python an array indexes like the pointer the compiled code uses."""
        return array
else:
    @intrinsic
    def popcount(typingctx, x):
        sig = types.int64(types.int64)

        def codegen(context, builder, signature, args):
            return builder.ctpop(args[0])

        return sig, codegen

    @intrinsic
    def data_pointer(typingctx, array):
        """A pointer to the first element of a 1-d int64 array: indexed like the array, but passed to
        a call as one machine word instead of seven (the array's meminfo, parent, size, item size,
        data, shape and strides), and read with no check of the index."""
        sig = types.CPointer(types.int64)(array)

        def codegen(context, builder, signature, args):
            return context.make_array(signature.args[0])(context, builder, args[0]).data

        return sig, codegen

    @intrinsic
    def _ctlz(typingctx, x):
        sig = types.int64(types.int64)

        def codegen(context, builder, signature, args):
            return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 0))

        return sig, codegen


@jit
def high_bit(x):
    """Index of the highest set bit of ``x`` > 0."""
    return 63 - _ctlz(x)


# The four suits at once. A card mask holds one byte a suit (bit 8 s + rank), so byte-wise
# arithmetic answers a question for every suit in a few instructions, with no loop over the suits
# and no branch (the quick bounds ask such questions at every trick start). A *flag* is the top
# bit of a suit's byte. The masks keep every byte's arithmetic inside its byte: no carry or borrow
# crosses into the next suit.
_ONES = 0x01010101
_LOW7 = 0x7F7F7F7F
FLAGS = 0x80808080
"""The flag bits of the four suits."""


@jit_inline
def suits_held(x):
    """A flag for each suit in which ``x`` has a card."""
    return (((x & _LOW7) + _LOW7) | x) & FLAGS


@jit_inline
def lowest_each(x):
    """The lowest card of ``x`` in each suit (``b & -b`` byte by byte)."""
    y = ~x
    return x & (((y & _LOW7) + _ONES) ^ (y & FLAGS))


@jit_inline
def below_each(low):
    """For a mask of at most one card a suit: the ranks below that card in each suit, and the whole
    suit (``0xFF``) where it has none (``b - 1`` byte by byte, an empty byte wrapping round)."""
    return ((low | FLAGS) - _ONES) ^ (~low & FLAGS)


@jit_inline
def from_lowest_each(x, live):
    """The cards of ``live`` from the lowest card of ``x`` up, in each suit; none where ``x`` has none."""
    return live & ~below_each(lowest_each(x))


@jit_inline
def count_each(x):
    """The number of cards of ``x`` in each suit, one count a byte."""
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    return (x + (x >> 4)) & 0x0F0F0F0F


@jit_inline
def at_least_each(counts, n):
    """A flag for each suit whose byte of ``counts`` (each at most 127) is at least ``n`` (1 … 128)."""
    return ((counts | FLAGS) - n * _ONES) & FLAGS


@jit_inline
def fill_below_each(x):
    """Every rank at or below the highest card of ``x`` in each suit."""
    x |= (x >> 1) & 0x7F7F7F7F
    x |= (x >> 2) & 0x3F3F3F3F
    return x | ((x >> 4) & 0x0F0F0F0F)


@jit_inline
def min_each(a, b):
    """The smaller of two counts (each at most 127), suit by suit."""
    take_b = ((((a | FLAGS) - b) & FLAGS) >> 7) * 0xFF  # whole bytes where a >= b
    return (b & take_b) | (a & ~take_b)


@jit_inline
def sum_each(counts):
    """The sum of the four suits' counts (each at most 63)."""
    return ((counts * _ONES) >> 24) & 0xFF


@jit_inline
def first_suit(flags):
    """The lowest suit with a flag in ``flags``, or -1 for none."""
    if flags == 0:
        return -1
    return high_bit(flags & -flags) >> 3


def _fast_bit_gather() -> bool:
    """Whether the compiled kernel uses the CPU's own ``pext`` and ``pdep`` (BMI2) for the rank
    compression instead of the tables below: where the CPU has them and runs them in a few cycles
    (not AMD's Zen 1 and 2 and earlier, where they are microcoded, hundreds of cycles). The results
    are the same either way (``tests/test_kernel_helpers.py`` holds the two to each other)."""
    if numba.config.DISABLE_JIT:
        return False
    import llvmlite.binding as ll

    features = ll.get_host_cpu_features()
    return features.get("bmi2", False) and not ll.get_host_cpu_name().startswith(
        ("znver1", "znver2", "bdver", "btver", "amdfam10"))


FAST_BIT_GATHER = _fast_bit_gather()


def _bmi2(name):
    @intrinsic
    def gather(typingctx, x, mask):
        sig = types.int64(types.int64, types.int64)

        def codegen(context, builder, signature, args):
            i64 = ir.IntType(64)
            fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(i64, [i64, i64]), name)
            return builder.call(fn, args)

        return sig, codegen

    return gather


if FAST_BIT_GATHER:
    _pext = _bmi2("llvm.x86.bmi.pext.64")
    _pdep = _bmi2("llvm.x86.bmi.pdep.64")
else:
    @jit_inline
    def _bit_by_bit(x, mask, deposit):
        """``pext`` (``deposit`` false) or ``pdep`` (true) one bit of ``mask`` at a time."""
        out = np.int64(0)
        i = 0
        while mask != 0:
            b = mask & -mask
            mask ^= b
            if deposit and (x >> i) & 1:
                out |= b
            elif not deposit and x & b:
                out |= np.int64(1) << i
            i += 1
        return out

    @jit_inline
    def _pext(x, mask):
        return _bit_by_bit(x, mask, False)

    @jit_inline
    def _pdep(x, mask):
        return _bit_by_bit(x, mask, True)


@jit_inline
def pext(x, mask):
    """The bits of ``x`` at the places of ``mask``'s bits, packed from bit 0 up (BMI2's ``pext``;
    a loop where the CPU lacks a fast one: see :data:`FAST_BIT_GATHER`)."""
    return _pext(np.int64(x), np.int64(mask))


@jit_inline
def pdep(x, mask):
    """The inverse of :func:`pext`: the low bits of ``x`` spread to the places of ``mask``'s bits."""
    return _pdep(np.int64(x), np.int64(mask))


@jit_inline
def spread(m):
    """Bit i of the 32-bit mask ``m`` moved to bit 2 i of the word: one ``pdep`` where the CPU has a
    fast one (:data:`FAST_BIT_GATHER`), else five shifts and masks."""
    if FAST_BIT_GATHER:
        return pdep(m, 0x5555555555555555)
    m &= 0xFFFFFFFF
    m = (m | (m << 16)) & 0x0000FFFF0000FFFF
    m = (m | (m << 8)) & 0x00FF00FF00FF00FF
    m = (m | (m << 4)) & 0x0F0F0F0F0F0F0F0F
    m = (m | (m << 2)) & 0x3333333333333333
    return (m | (m << 1)) & 0x5555555555555555


@jit_inline
def compress(sub, live, ranks):
    """The cards of ``sub`` (8 bits of one suit, within ``live``) as relative ranks among ``live``:
    :func:`pext`, or the table ``ranks`` (:data:`RANKS`) where the CPU lacks a fast one."""
    if FAST_BIT_GATHER:
        return pext(sub, live)
    return np.int64(ranks[live * 256 + sub])


@jit_inline
def expand(packed, live, ranks):
    """The inverse of :func:`compress`: relative ranks among ``live`` back to cards."""
    if FAST_BIT_GATHER:
        return pdep(packed, live)
    return np.int64(ranks[PDEP_AT + live * 256 + packed])


def _compression_tables():
    pext = np.zeros(256 * 256, dtype=np.uint8)
    pdep = np.zeros(256 * 256, dtype=np.uint8)
    for live in range(256):
        positions = [b for b in range(8) if live >> b & 1]
        for packed in range(1 << len(positions)):
            sub = 0
            for i, b in enumerate(positions):
                if packed >> i & 1:
                    sub |= 1 << b
            pext[live * 256 + sub] = packed
            pdep[live * 256 + packed] = sub
    return pext, pdep


PDEP_AT = 256 * 256
RANKS = np.concatenate(_compression_tables())
