"""Deals and pool records from their JSON or TOML tables, and exact numbers back out.

The shapes are those of docs/scoring.md: a deal is
``{"convention": "sochi", "players": 3, "game": "6S", "declarer": "A",
"defence": {"B": "whist", "C": "pass"}, "tricks": {"A": 5, "B": 3, "C": 2}}``; a pool record
adds ``target``, the players' ``sheet`` and a list of ``deal`` tables. Every error is an
:class:`~preferans.errors.InputError` naming the field.
"""

from __future__ import annotations

from fractions import Fraction

from ..errors import InputError, excerpt
from ..notation import NotationError, parse_cards
from ..parse import kind_word, parse_contract
from ..textfiles import check_keys
from .deal import CHOICE_WORDS, MAX_BOMBS, MAX_ROUND, Deal
from .numbers import exact_number, whole_number
from .options import OPTION_NAMES, ScoringOptions, options_for
from .pool import PoolRecord
from .settlement import Settlement
from .sheet import Sheet

DEAL_KEYS = {"convention", "players", "game", "declarer", "defence", "tricks", "dealer", "out", "round", "options",
             "closed", "conceded", "talon", "bombs"}
RECORD_KEYS = {"convention", "players", "options", "target", "dealer", "sheet", "deal", "first_to_close", "rounding"}
DEAL_IN_RECORD = DEAL_KEYS - {"convention", "players", "options"}
MAX_NAME = 40
"""The longest player's name (so that every message naming players stays one short line)."""
MAX_TARGET = 10_000
"""The highest pool target read (the books play to 10 to 50 points)."""


def seats_of(players, field: str = "players") -> tuple[str, ...]:
    """``3`` → A B C, ``4`` → A B C D (D deals), or the players' own names in order of play."""
    if isinstance(players, int) and not isinstance(players, bool):
        if players not in (3, 4, 5):
            raise InputError(field, f"3, 4 or 5 players, not {players}")
        return tuple("ABCDE"[:players])
    if isinstance(players, list) and all(isinstance(p, str) and p.strip() for p in players):
        seats = tuple(p.strip() for p in players)
        long = [s for s in seats if len(s) > MAX_NAME]
        if long:
            raise InputError(field, f"a player's name is at most {MAX_NAME} characters, not {excerpt(long[0])} "
                                    f"({len(long[0])})")
        if len(set(seats)) == len(seats) and 2 <= len(seats) <= 5:
            return seats
    raise InputError(field, f"3 or 4 (or the players' names, 2 to 5 of them), not {excerpt(players)}")


def deal_from_dict(data: dict, seats: tuple[str, ...] | None = None, dealer: str | None = None) -> Deal:
    """One deal from its table; ``seats`` and ``dealer`` come from the record when the deal is in one."""
    if not isinstance(data, dict):
        raise InputError("deal", f"a deal is a table of game, declarer, defence, tricks …, not {excerpt(data)}")
    allowed = DEAL_KEYS if seats is None else DEAL_IN_RECORD
    check_keys(data, allowed, "", InputError)
    if seats is None:
        seats = seats_of(data.get("players", 3))
    if "game" not in data:
        raise InputError("game", "missing: 6S … 10NT, misere or raspasy")
    kind, level, strain = _game(data["game"])
    dealer = _seat(data.get("dealer", dealer), seats, "dealer", optional=True)
    if dealer is None and len(seats) == 4:
        dealer = seats[3]
    declarer = _seat(data.get("declarer"), seats, "declarer", optional=kind == "raspasy")
    defence = _table(data.get("defence", {}), "defence")
    choices = {}
    for seat, said in defence.items():
        _seat(seat, seats, f"defence.{seat}")
        choice = CHOICE_WORDS.get(str(said).strip().lower()) if isinstance(said, str) else None
        if choice is None:
            raise InputError(f"defence.{seat}", f"whist, pass or half, not {excerpt(said)}")
        choices[seat] = choice
    tricks = _table(data.get("tricks", {}), "tricks")
    for seat, taken in tricks.items():
        _seat(seat, seats, f"tricks.{seat}")
        if isinstance(taken, bool) or not isinstance(taken, int) or not 0 <= taken <= 10:
            raise InputError(f"tricks.{seat}", f"0 to 10 tricks, not {excerpt(taken)}")
    talon = data.get("talon", [])
    if not isinstance(talon, str) and not (isinstance(talon, list) and all(isinstance(c, str) for c in talon)):
        raise InputError("talon", f"the two talon cards, such as \"SA SK\" or [\"SA\", \"SK\"], not {excerpt(talon)}")
    try:
        talon = tuple(parse_cards(talon if isinstance(talon, str) else " ".join(map(str, talon)))) if talon else ()
    except NotationError as e:
        raise InputError("talon", str(e)) from None
    if len(talon) not in (0, 2):
        raise InputError("talon", f"the talon is 2 cards, not {len(talon)}")
    return Deal(kind=kind, seats=seats, declarer=declarer, level=level, strain=strain, defence=choices,
                tricks=dict(tricks), dealer=dealer, out=_seat(data.get("out"), seats, "out", optional=True),
                round=whole_number(data.get("round", 1), "round", 1, MAX_ROUND), closed=_flag(data, "closed"),
                conceded=_flag(data, "conceded"), talon=talon,
                bombs=whole_number(data.get("bombs", 0), "bombs", 0, MAX_BOMBS))


def deal_options(data: dict) -> ScoringOptions:
    """A deal line's convention with its ``options`` overrides (sochi when none is named)."""
    return options_for(data.get("convention", "sochi"), data.get("options"))


def record_from_dict(data: dict) -> PoolRecord:
    """A pool record: players, convention, options, target, the sheet so far and the deals after it."""
    check_keys(data, RECORD_KEYS, "", InputError)
    convention = data.get("convention", "sochi")
    options = options_for(convention, data.get("options"))
    seats = seats_of(data.get("players", 3))
    target = data.get("target")
    if target is not None:
        target = whole_number(target, "target", 1, MAX_TARGET)
    sheet = _sheet(data.get("sheet", {}), seats)
    deals = data.get("deal", [])
    if not isinstance(deals, list):
        raise InputError("deal", "the deals are a list: [[deal]] tables in TOML")
    dealer = _seat(data.get("dealer"), seats, "dealer", optional=True) or seats[-1]
    played = []
    for number, table in enumerate(deals, 1):
        try:
            deal = deal_from_dict(table, seats, dealer if len(seats) > 3 else None)
        except InputError as e:
            raise InputError(f"deal {number}.{e.field}" if e.field else f"deal {number}", e.message) from None
        played.append(deal)
        if len(seats) > 3:  # the deal passes clockwise
            dealer = seats[(seats.index(deal.dealer) + 1) % len(seats)]
    first = _seat(data.get("first_to_close"), seats, "first_to_close", optional=True)
    return PoolRecord(seats, options, str(convention).strip().lower(), target, sheet, played, first,
                      _adjustment(data.get("rounding"), seats))


def number_out(value: Fraction):
    """An exact number for JSON: an integer, or ``"a/b"``."""
    value = Fraction(value)
    return value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def number_text(value: Fraction) -> str:
    """An exact number for people: ``13 1/3``, ``-6 2/3``, ``12``."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    whole, part = divmod(abs(value.numerator), value.denominator)
    sign = "-" if value < 0 else ""
    return f"{sign}{whole} {part}/{value.denominator}" if whole else f"{sign}{part}/{value.denominator}"


def sheet_out(sheet: Sheet) -> dict:
    """The sheet as the JSON answer gives it: pool, mountain, whists (writer → seat → amount)."""
    return {"pool": {s: number_out(v) for s, v in sheet.pool.items()},
            "mountain": {s: number_out(v) for s, v in sheet.mountain.items()},
            "whists": {w: {s: number_out(v) for s, v in row.items()} for w, row in sheet.written_whists().items()}}


def options_out(options: ScoringOptions) -> dict:
    """Every option by name, as JSON writes it (shares as exact numbers, lists for tuples)."""
    out = {}
    for name in OPTION_NAMES:
        value = getattr(options, name)
        out[name] = number_out(value) if isinstance(value, Fraction) else list(value) \
            if isinstance(value, tuple) else value
    return out


def settlement_out(settlement: Settlement) -> dict:
    """Every step of a settlement for JSON: m′, amnesty, mean, mountain part, pairs, balance."""
    per = {name: {s: number_out(v) for s, v in getattr(settlement, name).items()}
           for name in ("mountain_closed", "amnesty", "mountain_part", "balance")}
    pairs = [{"first": a, "second": b, "second_owes_first": number_out(v)} for (a, b), v in settlement.pairs.items()]
    adjustment = settlement.adjustment and {"seat": settlement.adjustment[0], "point": settlement.adjustment[1]}
    return {**per, "mean": number_out(settlement.mean), "pairs": pairs, "rounding": adjustment}


def _game(text) -> tuple[str, int | None, int | None]:
    if not isinstance(text, str):
        raise InputError("game", f"6S … 10NT, misere or raspasy, not {excerpt(text)}")
    word = kind_word(text)
    if word in ("misere", "raspasy"):
        return word, None, None
    if word in ("preferans", "преферанс"):
        return "preferans", None, None
    level, strain = parse_contract(text, "game")
    return "contract", level, strain


def _seat(value, seats, field: str, optional: bool = False):
    if value is None:
        if optional:
            return None
        raise InputError(field, f"missing: one of the players {', '.join(seats)}")
    if not isinstance(value, str) or value.strip() not in seats:
        raise InputError(field, f"one of the players {', '.join(seats)}, not {excerpt(value)}")
    return value.strip()


def _table(value, field: str) -> dict:
    if not isinstance(value, dict):
        raise InputError(field, f"a table of seat → value, not {excerpt(value)}")
    return value


def _flag(data: dict, key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise InputError(key, f"true or false, not {excerpt(value)}")
    return value


def _sheet(data, seats) -> Sheet:
    """``[sheet.A] pool = …, mountain = …, whists = {B = …}`` for each player who has written something."""
    sheet = Sheet(seats)
    for seat, row in _table(data, "sheet").items():
        where = f"sheet.{seat}"
        _seat(seat, seats, where)
        check_keys(_table(row, where), ("pool", "mountain", "whists"), where, InputError)
        sheet.pool[seat] = exact_number(row.get("pool", 0), where + ".pool")
        sheet.mountain[seat] = exact_number(row.get("mountain", 0), where + ".mountain")
        for other, amount in _table(row.get("whists", {}), where + ".whists").items():
            if other == seat:
                raise InputError(f"{where}.whists.{other}", "a player writes no whists on himself")
            _seat(other, seats, f"{where}.whists.{other}")
            sheet.whists[seat][other] = exact_number(amount, f"{where}.whists.{other}")
    return sheet


def _adjustment(value, seats):
    """``rounding = {seat = "C", point = -1}``: the books' rounding chosen by hand."""
    if value is None:
        return None
    table = _table(value, "rounding")
    check_keys(table, ("seat", "point"), "rounding", InputError)
    point = table.get("point")
    if point not in (1, -1) or isinstance(point, bool):
        raise InputError("rounding.point", f"+1 or -1, not {excerpt(point)}")
    return _seat(table.get("seat"), seats, "rounding.seat"), point
