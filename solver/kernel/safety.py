"""Misère and raspasy: the suits in which the focus player F can never be made to win a trick.

A suit's *owner code* gives each of its eight ranks two bits: 0 nobody (played, or in the talon),
1 F, 2 the player after him (X), 3 the player before him (Y). ``SAFE[code]`` is 1 when, in that
suit, the others can never make F win a trick while he never leads, whatever they do:

- either of them may lead the suit at any time, and either may drop any of his cards of it at any
  time (a discard on another suit: more freedom than the game gives them);
- in a trick of the suit everyone holding it follows; F, seeing the cards played before him,
  plays a card that loses the trick (below the winning card, or one that the player after him
  must overtake, all of that player's cards of the suit lying above it);
- F himself may have to shed his highest card of the suit (a discard, when void in a suit led);
- F's void suit is safe; so is a suit neither X nor Y holds (nobody but F could lead it).

Safe means: no trick of the suit F must win now, and every position the moves above lead to is
safe too. If every suit F holds is safe and another player is on lead, F takes no trick left: he
never wins, so he never leads, and the others' plays in other suits reach this suit only as the
discards allowed above (:func:`.bounds.never_wins`). Safety depends only on the order of the
cards, so a suit's code may keep the gaps of cards gone. The table contains the ladder (his j-th
lowest card with at most j - 1 of the others' cards below it), which lets the others keep any
card; here they must follow the suit when it is led: ♠10 7 against ♠8 and ♠9 is safe (the two
fall together), against ♠9 8 it is not.

The table is read from ``safe_suits.bin`` (one bit a code), which :func:`build` computes from the
rules above in plain Python (half a second: too long for every start of ``pref``); ``python -m
preferans.kernel.safety`` writes it again, and ``tests/test_safety.py`` holds the file to the rules
and to a second reading of them.
"""

from functools import lru_cache
from pathlib import Path

import numpy as np

TABLE_FILE = Path(__file__).with_name("safe_suits.bin")
F_OWNER, X_OWNER, Y_OWNER = 1, 2, 3


def owner_code(f: int, x: int, y: int) -> int:
    """The owner code of one suit from the three 8-bit masks (F, the player after him, before him)."""
    return sum(o << 2 * r for r in range(8) for o, m in ((F_OWNER, f), (X_OWNER, x), (Y_OWNER, y)) if m >> r & 1)


def _cards(mask: int) -> list[int]:
    return [r for r in range(8) if mask >> r & 1]


@lru_cache(maxsize=None)
def _safe(f: int, x: int, y: int) -> bool:
    if not f or not x | y:
        return True
    if not _safe(f & ~(1 << max(_cards(f))), x, y):  # he sheds his highest
        return False
    if not all(_safe(f, x & ~(1 << c), y) for c in _cards(x)) or not all(_safe(f, x, y & ~(1 << c)) for c in _cards(y)):
        return False  # either of them drops a card
    for lead in _cards(x):  # X leads, Y follows (or discards), F plays last, under the trick's top card
        for follow in _cards(y) or [-1]:
            y_after = y & ~(1 << follow) if follow >= 0 else y
            if not any(_safe(f & ~(1 << r), x & ~(1 << lead), y_after) for r in _cards(f) if r < max(lead, follow)):
                return False
    for lead in _cards(y):  # Y leads, F plays second, X last (he must overtake if all his cards are above F's)
        after = [(x & ~(1 << p), y & ~(1 << lead)) for p in _cards(x)] or [(x, y & ~(1 << lead))]
        if not any(all(_safe(f & ~(1 << r), *a) for a in after)
                   for r in _cards(f) if r < lead or x and x & ((1 << r) - 1) == 0):
            return False
    return True


def build() -> np.ndarray:
    """``SAFE`` from the rules: one byte a code, 1 for a safe suit."""
    table = np.zeros(1 << 16, dtype=np.uint8)
    for code in range(1 << 16):
        table[code] = _safe(*(sum(1 << r for r in range(8) if code >> 2 * r & 3 == o)
                              for o in (F_OWNER, X_OWNER, Y_OWNER)))
    return table


def _load_bits() -> np.ndarray:
    """The table one bit a code, as the file keeps it (built from the rules where the file is missing)."""
    if not TABLE_FILE.is_file():
        return np.packbits(build(), bitorder="little")
    return np.fromfile(TABLE_FILE, dtype=np.uint8)


SAFE_BITS = _load_bits()
"""One bit a suit's owner code, 1 for a safe suit (8 KB, the file as it is): what the kernel reads."""
SAFE = np.unpackbits(SAFE_BITS, bitorder="little")
"""The same, one byte a code."""

if __name__ == "__main__":
    np.packbits(build(), bitorder="little").tofile(TABLE_FILE)
