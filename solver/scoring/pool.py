"""A pool played deal by deal: the raspasy run, sochi's help, a dealt преферанс, then the settlement.

:func:`play` writes each deal of a pool record in order and keeps what spans deals: the place
of a raspasy in its run (its price) and the game that may stop it, points past the target
passed on as help, a dealt преферанс closing its holder's pool.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..errors import InputError
from .deal import WHIST, Deal, write
from .options import ScoringOptions
from .settlement import WHISTS_PER_POINT, Settlement, settle
from .sheet import Sheet


@dataclass
class PoolRecord:
    """A pool as written down: its players, options, the sheet so far and the deals played after it."""

    seats: tuple[str, ...]
    options: ScoringOptions
    convention: str = "sochi"
    target: int | None = None
    sheet: Sheet | None = None
    deals: list[Deal] = field(default_factory=list)
    first_to_close: str | None = None
    adjustment: tuple[str, int] | None = None


def play(record: PoolRecord) -> Sheet:
    """The sheet after every deal of the record, each written under the record's options."""
    options, target = record.options, record.target
    sheet = record.sheet if record.sheet is not None else Sheet(record.seats)
    run = 0  # raspasy in the current run
    for number, deal in enumerate(record.deals, 1):
        try:
            deal, run = _in_run(deal, run, options)
            if deal.kind == "preferans":
                if target is None:
                    raise InputError("game", "a dealt preferans closes its holder's pool: the record needs a target")
                sheet.pool[deal.declarer] = max(sheet.pool[deal.declarer], target)
            else:
                sheet = sheet + write(deal, options)
            if options.pool_help and target is not None:
                _help(sheet, target, options)
        except InputError as e:
            raise InputError(f"deal {number}.{e.field}", e.message) from None
    return sheet


def settle_record(record: PoolRecord) -> tuple[Sheet, Settlement]:
    """The record's final sheet and its settlement."""
    sheet = play(record)
    return sheet, settle(sheet, record.options, record.target, record.first_to_close, record.adjustment)


def _in_run(deal: Deal, run: int, options: ScoringOptions) -> tuple[Deal, int]:
    """The deal with its raspasy round filled in, and the run after it."""
    if deal.kind == "raspasy":
        run += 1
        if deal.round not in (1, run):
            raise InputError("round", f"this is raspasy {run} of its run, not {deal.round} "
                                      f"(a pool record counts the run itself)")
        return replace(deal, round=run), run
    if not run:
        return deal, run
    if deal.kind == "contract":
        least = options.raspasy_exit_level(run + 1)  # the game that stops the next raspasy of the run
        if deal.level < least:
            raise InputError("game", f"after {run} raspasy the lowest game is {least}, not {deal.level}")
    if deal.kind == "misere" and not options.misere_breaks_raspasy:
        return deal, run
    return deal, 0 if _made(deal) else run


def _made(deal: Deal) -> bool:
    """Whether the game stood: unplayed games stand, a played one by its tricks."""
    if deal.kind == "preferans":
        return True
    if deal.kind == "misere":
        return deal.tricks.get(deal.declarer) == 0
    if deal.conceded:
        return False
    if deal.declarer in deal.tricks and WHIST in deal.defence.values():
        return deal.tricks[deal.declarer] >= deal.level
    return True


def _help(sheet: Sheet, target: int, options: ScoringOptions) -> None:
    """Sochi's help: a full pool's further points go into the next open pools, 10 whists a point on each."""
    seats = sheet.seats
    for i, seat in enumerate(seats):
        extra = sheet.pool[seat] - target
        for step in range(1, len(seats)):
            if extra <= 0:
                break
            other = seats[(i + step) % len(seats)]
            room = target - sheet.pool[other]
            if room <= 0:
                continue
            given = min(room, extra)
            sheet.pool[seat] -= given
            sheet.pool[other] += given
            sheet.add_whists(seat, other, WHISTS_PER_POINT * options.scale * given)
            extra -= given
