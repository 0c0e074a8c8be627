"""The score sheet: each player's pool, mountain and the whists he writes on each other player.

One deal writes a :class:`Sheet`; a pool record is the sum of its deals' sheets (or a sheet
written down directly). Amounts are exact :class:`~fractions.Fraction` numbers: pool and
mountain in points, whists in whists.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction


@dataclass
class Sheet:
    """``pool[seat]``, ``mountain[seat]``, ``whists[writer][seat]`` for the seats of one table."""

    seats: tuple[str, ...]
    pool: dict[str, Fraction] = field(default_factory=dict)
    mountain: dict[str, Fraction] = field(default_factory=dict)
    whists: dict[str, dict[str, Fraction]] = field(default_factory=dict)

    def __post_init__(self):
        self.seats = tuple(self.seats)
        for table in (self.pool, self.mountain):
            for seat in self.seats:
                table[seat] = Fraction(table.get(seat, 0))
        for writer in self.seats:
            row = self.whists.setdefault(writer, {})
            for seat in self.seats:
                if seat != writer:
                    row[seat] = Fraction(row.get(seat, 0))

    def add_pool(self, seat: str, amount) -> None:
        self.pool[seat] += amount

    def add_mountain(self, seat: str, amount) -> None:
        self.mountain[seat] += amount

    def add_whists(self, writer: str, on: str, amount) -> None:
        if amount:
            self.whists[writer][on] += amount

    def __add__(self, other: Sheet) -> Sheet:
        if other.seats != self.seats:
            raise ValueError(f"sheets of different tables: {self.seats} and {other.seats}")
        out = Sheet(self.seats)
        for s in self.seats:
            out.pool[s] = self.pool[s] + other.pool[s]
            out.mountain[s] = self.mountain[s] + other.mountain[s]
            for t in self.seats:
                if t != s:
                    out.whists[s][t] = self.whists[s][t] + other.whists[s][t]
        return out

    def times(self, factor) -> Sheet:
        """Everything written ``factor`` times (four of one deal, a bomb's doubling)."""
        out = Sheet(self.seats)
        for s in self.seats:
            out.pool[s] = self.pool[s] * factor
            out.mountain[s] = self.mountain[s] * factor
            for t in self.seats:
                if t != s:
                    out.whists[s][t] = self.whists[s][t] * factor
        return out

    def written_whists(self) -> dict[str, dict[str, Fraction]]:
        """Only the whists actually written: writer → seat → amount, zeros left out."""
        return {w: {s: a for s, a in row.items() if a} for w, row in self.whists.items() if any(row.values())}
