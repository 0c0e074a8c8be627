"""Closing a pool: the sheet's pools, mountains and whists → each player's balance in whists.

In five steps: (1) pool to mountain, (2) amnesty, (3) the mean mountain, each player's
mountain part 10·(ā − aᵢ), (4) per pair the difference of their whists on each other, (5) the
balance = mountain part + whists; balances add up to 0. :func:`balance` is the one-deal
formula, equal to :func:`settle` on the same sheet when the rounding is exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..errors import InputError, excerpt
from .options import ScoringOptions
from .sheet import Sheet

WHISTS_PER_POINT = 10
SKACHKI_BONUS = 100


@dataclass(frozen=True)
class Settlement:
    """Every step of the settlement, per player (amounts in mountain points, then in whists)."""

    seats: tuple[str, ...]
    mountain_closed: dict[str, Fraction]
    """m′: the mountain after the pools are brought into it (and the books' rounding, if any)."""
    amnesty: dict[str, Fraction]
    """a = m′ − the smallest m′."""
    mean: Fraction
    """ā, the mean mountain after the amnesty."""
    mountain_part: dict[str, Fraction]
    """10·(ā − a), in whists (at two players in ``full``, twice that: the difference not halved)."""
    whists: dict[str, dict[str, Fraction]]
    """The whists written, as settled (with the rounding's compensation and any скачки bonus)."""
    pairs: dict[tuple[str, str], Fraction]
    """(i, j), i before j: what j owes i in whists, mountains and whists together."""
    balance: dict[str, Fraction]
    adjustment: tuple[str, int] | None = None
    """The books' rounding: (seat, +1 or −1 point on his mountain), or None."""


def settle(sheet: Sheet, options: ScoringOptions, target: int | None = None, first_to_close: str | None = None,
           adjustment: tuple[str, int] | None = None) -> Settlement:
    """The settlement of a closed pool. ``adjustment`` chooses the books' rounding by hand;
    without it :func:`books_adjustment` picks one (when ``options.rounding`` is ``books``)."""
    seats, n = sheet.seats, len(sheet.seats)
    closed = _pool_to_mountain(sheet, options, target)
    whists = {w: dict(row) for w, row in sheet.whists.items()}
    if options.rounding == "books" or adjustment is not None:
        adjustment = adjustment or books_adjustment(closed, seats)
        if adjustment is not None:
            seat, point = adjustment
            if seat not in seats or point not in (1, -1):
                raise InputError("rounding", f"a seat of {', '.join(seats)} and +1 or -1, not {excerpt(adjustment)}")
            closed[seat] += point
            for other in seats:  # each other player compensates ⌊10/N⌋: on him if removed, off him if added
                if other != seat:
                    whists[other][seat] -= point * (WHISTS_PER_POINT // n)
    if options.skachki:
        _skachki(sheet, whists, first_to_close)
    low = min(closed.values())
    amnesty = {s: closed[s] - low for s in seats}
    mean = Fraction(sum(amnesty.values()), n)
    factor = _mountain_factor(options, n)
    mountain_part = {s: WHISTS_PER_POINT * factor * (mean - amnesty[s]) for s in seats}
    pairs = {}
    for i, a in enumerate(seats):
        for b in seats[i + 1:]:
            pairs[(a, b)] = (WHISTS_PER_POINT * factor * Fraction(amnesty[b] - amnesty[a], n)
                             + whists[a][b] - whists[b][a])
    balance = {s: sum((pairs[(s, t)] if (s, t) in pairs else -pairs[(t, s)]) for t in seats if t != s)
               for s in seats}
    assert sum(balance.values()) == 0
    return Settlement(seats, closed, amnesty, mean, mountain_part, whists, pairs, balance, adjustment)


def balance(sheet: Sheet, options: ScoringOptions) -> dict[str, Fraction]:
    """The one-deal balance, in whists: 10k(pᵢ − p̄) − 10(mᵢ − m̄) + Σⱼ(Wᵢⱼ − Wⱼᵢ)."""
    n, k = len(sheet.seats), options.scale
    factor = _mountain_factor(options, n)
    pool_mean = Fraction(sum(sheet.pool.values()), n)
    mountain_mean = Fraction(sum(sheet.mountain.values()), n)
    return {s: WHISTS_PER_POINT * factor * (k * (sheet.pool[s] - pool_mean) - (sheet.mountain[s] - mountain_mean))
            + sum(sheet.whists[s][t] - sheet.whists[t][s] for t in sheet.seats if t != s)
            for s in sheet.seats}


def books_adjustment(closed: dict[str, Fraction], seats) -> tuple[str, int] | None:
    """The books' rounding: the first seat (removing a point before adding one) whose mountain ±1
    makes the mean mountain whole whists; None when it is whole already."""
    n = len(seats)
    if any(m.denominator != 1 for m in closed.values()):
        raise InputError("rounding", "the books' rounding needs whole mountains after the pools are brought in")

    def whole(mountains) -> bool:
        low = min(mountains.values())
        return WHISTS_PER_POINT * sum(m - low for m in mountains.values()) % n == 0

    if whole(closed):
        return None
    for seat in seats:
        for point in (-1, 1):
            if whole({**closed, seat: closed[seat] + point}):
                return seat, point
    return None  # pragma: no cover - some seat always works at 2 to 5 players


def _pool_to_mountain(sheet: Sheet, options: ScoringOptions, target: int | None) -> dict[str, Fraction]:
    k = options.scale
    if options.pool_to_mountain == "target":
        if target is None:
            raise InputError("target", "pool_to_mountain = target needs the pool's target")
        return {s: sheet.mountain[s] - k * (sheet.pool[s] - target) for s in sheet.seats}
    top = max(sheet.pool.values())
    return {s: sheet.mountain[s] + k * (top - sheet.pool[s]) for s in sheet.seats}


def _mountain_factor(options: ScoringOptions, n: int) -> int:
    return 2 if n == 2 and options.two_player_mountain == "full" else 1


def _skachki(sheet: Sheet, whists: dict, first_to_close: str | None) -> None:
    """Скачки: the first to close his pool and the smallest mountain each write 100 on every other player."""
    if first_to_close not in sheet.seats:
        raise InputError("first_to_close", f"скачки need the first player to close his pool, one of "
                                           f"{', '.join(sheet.seats)}, not {excerpt(first_to_close)}")
    low = min(sheet.mountain.values())
    winners = [first_to_close] + [s for s in sheet.seats if sheet.mountain[s] == low]
    for winner in winners:
        for other in sheet.seats:
            if other != winner:
                whists[winner][other] += SKACHKI_BONUS
