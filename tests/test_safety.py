"""The table of safe suits (preferans.kernel.safety) against a second plain recursive reading of its
rules, and the properties the search relies on."""

import random
from functools import lru_cache

import numpy as np
import pytest

from preferans.kernel.bounds import _safe as kernel_safe
from preferans.kernel.safety import SAFE, SAFE_BITS, TABLE_FILE, build, owner_code


def _cards(mask: int) -> list[int]:
    return [r for r in range(8) if mask >> r & 1]


@lru_cache(maxsize=None)
def _safe(f: int, x: int, y: int) -> bool:
    """F (f) can never be made to win a trick of the suit while he never leads: X (the player after
    him) and Y (before him) may drop any card at any time or lead the suit; whoever holds it follows;
    F may have to shed his highest card."""
    if not f or not x | y:
        return True
    if not _safe(f & ~(1 << max(_cards(f))), x, y):
        return False
    if any(not _safe(f, x & ~(1 << c), y) for c in _cards(x)) or any(not _safe(f, x, y & ~(1 << c)) for c in _cards(y)):
        return False
    for lead in _cards(x):  # X leads, Y follows, F last: he needs a card under the trick
        for follow in _cards(y) or [None]:
            top = lead if follow is None else max(lead, follow)
            after = y if follow is None else y & ~(1 << follow)
            if not any(r < top and _safe(f & ~(1 << r), x & ~(1 << lead), after) for r in _cards(f)):
                return False
    for lead in _cards(y):  # Y leads, F second, X last: F's card must lose whatever X plays
        def loses(r):
            return r < lead or (x and min(_cards(x)) > r)

        def then_safe(r):
            return all(_safe(f & ~(1 << r), x & ~(1 << p), y & ~(1 << lead)) for p in _cards(x)) \
                if x else _safe(f & ~(1 << r), x, y & ~(1 << lead))
        if not any(loses(r) and then_safe(r) for r in _cards(f)):
            return False
    return True


def _suit(rng: random.Random) -> tuple[int, int, int]:
    owners = [rng.randrange(4) for _ in range(8)]
    return tuple(sum(1 << r for r in range(8) if owners[r] == o) for o in (1, 2, 3))


def test_the_file_is_the_table_the_rules_build():
    """safe_suits.bin is current (else: python -m preferans.kernel.safety), and is what is loaded."""
    assert TABLE_FILE.is_file()
    assert (SAFE == build()).all()


def test_the_kernel_reads_the_table_one_bit_a_code():
    """bounds._safe reads SAFE_BITS (8 KB, what the kernel keeps in its caches) as SAFE says, on every
    code, and ignores the bits above a suit's 16 (the kernel passes the other suits' codes there)."""
    assert SAFE_BITS.nbytes == len(SAFE) // 8
    assert [kernel_safe(code) for code in range(len(SAFE))] == SAFE.tolist()
    rng = random.Random(5)
    for _ in range(2000):
        code = rng.randrange(1 << 16)
        assert kernel_safe(code | rng.randrange(1 << 40) << 16) == SAFE[code]


def test_table_matches_the_rules_on_every_suit():
    for code in range(1 << 16):
        f, x, y = (sum(1 << r for r in range(8) if code >> 2 * r & 3 == o) for o in (1, 2, 3))
        assert SAFE[code] == _safe(f, x, y), (bin(f), bin(x), bin(y))
        assert owner_code(f, x, y) == code


def test_a_card_of_theirs_below_his_lowest_is_unsafe():
    """What the search's four-suit pre-check assumes: the other drops his cards, that card is led."""
    rng = random.Random(1)
    for _ in range(3000):
        f, x, y = _suit(rng)
        if f and (x | y) & ((f & -f) - 1):
            assert not SAFE[owner_code(f, x, y)]


def test_their_cards_leaving_keep_a_suit_safe():
    """What the search's exit test assumes (it reads the suit with only his card gone)."""
    rng = random.Random(2)
    for _ in range(3000):
        f, x, y = _suit(rng)
        if SAFE[owner_code(f, x, y)]:
            for c in _cards(x):
                assert SAFE[owner_code(f, x & ~(1 << c), y)]
            for c in _cards(y):
                assert SAFE[owner_code(f, x, y & ~(1 << c))]


@pytest.mark.parametrize("gap", range(8))
def test_safety_reads_the_order_of_the_cards_only(gap):
    """A code may keep the gaps of cards gone: closing a gap changes nothing."""
    for code in range(0, 1 << 16, 7):
        if code >> 2 * gap & 3 == 0:
            low = code & ((1 << 2 * gap) - 1)
            closed = low | (code >> 2 * (gap + 1)) << 2 * gap
            assert SAFE[code] == SAFE[closed]


def test_the_ladder_is_safe_and_following_suit_counts():
    """His j-th lowest card with at most j - 1 of their cards below it is safe; must-follow makes
    more safe: 10 7 against 8 and 9 (the two fall together), not against 9 8 in one hand."""
    for code in range(1 << 16):
        f, x, y = (sum(1 << r for r in range(8) if code >> 2 * r & 3 == o) for o in (1, 2, 3))
        ladder = all(bin((x | y) & ((1 << g) - 1)).count("1") <= j for j, g in enumerate(_cards(f)))
        assert SAFE[code] or not ladder
    assert SAFE[owner_code(0b1001, 0b0010, 0b0100)] and SAFE[owner_code(0b1001, 0b0100, 0b0010)]
    assert not SAFE[owner_code(0b1001, 0b0110, 0)] and not SAFE[owner_code(0b1001, 0, 0b0110)]
    assert SAFE.dtype == np.uint8
