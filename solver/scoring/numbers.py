"""Exact numbers read from input (a sheet's amounts, a share), bounded before they are built.

``Fraction("1e100000000")`` computes 10^100000000 (minutes, gigabytes), and a 4,400-digit
denominator cannot be printed (Python refuses to turn an int of more than 4,300 digits into
text). So a number is read from its text only after the text itself is checked: at most
:data:`MAX_TEXT` characters and an exponent of at most :data:`MAX_EXPONENT`; the number built
must then lie within ±:data:`MAX_SIZE` with a denominator of at most :data:`MAX_DENOMINATOR`.
Everything the scoring computes from such numbers (sums over a pool's deals, a settlement's
means) stays a few dozen digits long.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

from ..errors import InputError, excerpt

MAX_SIZE = 10**9
"""The largest amount read (a pool, a mountain, whists): a real sheet holds a few thousand."""
MAX_DENOMINATOR = 10**6
"""The finest fraction read: a millionth (a sheet's thirds and halves, a share of 0.25)."""
MAX_TEXT = 40
"""The longest text of a number read (``"-1234567.875"``, ``"2/3"``)."""
MAX_EXPONENT = 30
"""The largest exponent written (``1e3``, ``2.5E-1``)."""

_DECIMAL = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)(?:[eE]([+-]?\d+))?", re.ASCII)
_RATIO = re.compile(r"[+-]?\d+\s*/\s*\d+", re.ASCII)

EXAMPLES = "12, 2.5 or \"5/2\""
SHARE_EXAMPLES = "1, 0.5 or \"1/2\""


def exact_number(value, field: str, low: int = -MAX_SIZE, high: int = MAX_SIZE, what: str = "a number") -> Fraction:
    """``value`` (an int, a float, a Fraction or a string such as ``"5/2"``, ``"2.5"``, ``"1e3"``) as an
    exact Fraction from ``low`` to ``high`` (at most the bounds above); anything else is an
    :class:`InputError` naming ``field`` and the range."""
    low, high = max(low, -MAX_SIZE), min(high, MAX_SIZE)
    examples = SHARE_EXAMPLES if high <= 1 else EXAMPLES
    bounds = f"{what} from {low:,} to {high:,}, in steps no finer than 1/{MAX_DENOMINATOR:,}"
    if value is None:
        raise InputError(field, f"missing: {bounds}")
    if isinstance(value, Fraction):  # built already (the Python API): only its size is checked
        widest = max(abs(value.numerator), value.denominator)
        number, shown = value, str(value) if widest < 10**30 else f"a fraction of about {_digits(widest):,} digits"
    elif isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise InputError(field, f"{what} ({examples}), not {excerpt(value)}")
    elif isinstance(value, int):
        number, shown = (Fraction(value) if abs(value) <= MAX_SIZE else None), _short(value)
    else:
        number, shown = _read(value, field, f"{what} ({examples})"), excerpt(value)
    if number is None or not low <= number <= high or number.denominator > MAX_DENOMINATOR:
        raise InputError(field, f"{bounds}, not {shown}")
    return number


def _read(value: str | float, field: str, wanted: str) -> Fraction | None:
    """A number's text read into a Fraction, once its length and exponent are known to be small;
    None when the exponent is past :data:`MAX_EXPONENT` (the number is out of range)."""
    if isinstance(value, float) and not math.isfinite(value):
        raise InputError(field, f"{wanted}, not {excerpt(value)}")
    text = (repr(value) if isinstance(value, float) else value).strip()
    decimal = _DECIMAL.fullmatch(text)
    if len(text) > MAX_TEXT or not (decimal or _RATIO.fullmatch(text)):
        raise InputError(field, f"{wanted}, not {excerpt(value)}")
    if decimal and decimal.group(2) and abs(int(decimal.group(2))) > MAX_EXPONENT:
        return None
    try:
        return Fraction(text.replace(" ", ""))
    except ZeroDivisionError:
        raise InputError(field, f"{wanted}, not {excerpt(value)}: a zero denominator") from None


def whole_number(value, field: str, low: int, high: int, what: str = "a whole number") -> int:
    """``value`` as a whole number from ``low`` to ``high``; anything else names ``field``."""
    if value is None:
        raise InputError(field, f"missing: {what} from {low:,} to {high:,}")
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        shown = _short(value) if isinstance(value, int) and not isinstance(value, bool) else excerpt(value)
        raise InputError(field, f"{what} from {low:,} to {high:,}, not {shown}")
    return value


def _short(value: int) -> str:
    """A whole number as text, or a long one by its length (no 4,300-digit text)."""
    return str(value) if abs(value) < 10**30 else f"a number of about {_digits(value):,} digits"


def _digits(value: int) -> int:
    """About how many digits ``value`` has, from its bits (log10 2 a bit): it is never turned into text."""
    return abs(value).bit_length() * 30103 // 100000 + 1
