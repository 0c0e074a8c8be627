"""``pref score``: settle a pool record, or score deals one JSON line at a time."""

from __future__ import annotations

import json
import sys
from typing import NamedTuple

import click

from ..errors import UserError
from ..options import json_option
from ..solving import Outcome, answer_lines, error_json


@click.command()
@click.argument("files", nargs=-1, metavar="FILE…")
@json_option
@click.option("--jsonl", metavar="FILE|-",
              help="Read deals as JSON Lines from FILE, or - for stdin, and write each deal's score "
                   "(pool, mountain, whists, balance) a line.")
def score(files, as_json, jsonl):
    """Score preferans: settle a pool record, or score single deals.

    Each FILE is a pool record (TOML): the convention (sochi, leningrad,
    rostov, classic), the players, options overriding the convention's
    defaults, the target, each player's pool, mountain and whists so far
    ([sheet.A]) and the deals played ([[deal]]), each written by the rules
    and then settled: pool to mountain, amnesty, the mean mountain, whists
    between each pair. A table per player says every step and the balance
    in whists; --json says the same for scripts. Figures are exact (13 1/3);
    options = {rounding = "books"} rounds as the books do.

    With --jsonl each line is one deal and its answer line repeats it with
    "pool", "mountain", "whists" (writer → seat → amount) and "balance" per
    seat, exact numbers as integers or "a/b" strings; a bad line gets its
    error object (and one line on stderr) and the others are answered.
    Exit code 0, or 2 when an input is bad.

    \b
    Examples:
      pref score docs/pool-sochi.toml
      pref score --json docs/pool-sochi.toml
      echo '{"convention": "sochi", "players": 3, "game": "6S", "declarer": "A", "defence": {"B": "whist", "C": "pass"}, "tricks": {"A": 5, "B": 3, "C": 2}}' | pref score --jsonl -

    A record file:

    \b
      convention = "leningrad"
      players = ["A", "B", "C"]
      target = 20
      [sheet.A]
      pool = 12
      mountain = 4
      whists = {B = 36, C = 8}
      [[deal]]
      game = "7H"
      declarer = "B"
      defence = {C = "whist", A = "pass"}
      tricks = {A = 2, B = 6, C = 2}

    See docs/scoring.md for the conventions, every option and its default.
    """
    if jsonl is not None:
        if files:
            raise UserError("pref score: give FILE… or --jsonl, not both")
        sys.exit(answer_lines(jsonl, _deal_answer, _read_deal, "deal"))
    if not files:
        raise UserError("pref score: no pool record given (try pref score --help)")
    outcome = Outcome()
    for number, path in enumerate(files):
        from preferans.textfiles import ProblemError

        try:
            record, sheet, settlement = _settle_file(path)
        except ProblemError as e:
            outcome.report(e)
            if as_json:
                click.echo(json.dumps(error_json(e, path), ensure_ascii=False))
            continue
        if as_json:
            click.echo(json.dumps(_record_json(path, record, sheet, settlement), ensure_ascii=False))
        else:
            if number:
                click.echo()
            click.echo("\n".join(_record_text(path, record, sheet, settlement)))
    sys.exit(outcome.exit_code)


def _settle_file(path: str):
    from preferans.errors import InputError
    from preferans.textfiles import ProblemError, read_text, toml_document
    from preferans.scoring import record_from_dict, settle_record

    data = toml_document(read_text(path), path)
    try:
        record = record_from_dict(data)
        sheet, settlement = settle_record(record)
    except InputError as e:
        raise ProblemError(path, e.field, e.message) from None
    return record, sheet, settlement


class ScoredDeal(NamedTuple):
    """One line of the stream, scored: its object, what the deal writes, each seat's balance."""

    data: dict
    sheet: object
    balance: dict
    lineno: int


def _read_deal(text: str, name: str, lineno: int) -> ScoredDeal:
    """One JSON line, scored; a bad line is a ProblemError."""
    from preferans.errors import InputError
    from preferans.scoring import balance, deal_from_dict, deal_options, write
    from preferans.textfiles import ProblemError, json_document

    data = json_document(text, name, lineno)
    if not isinstance(data, dict):
        raise ProblemError(name, f"line {lineno}", "a deal is a JSON object {\"game\": …, \"declarer\": …}", lineno)
    try:
        options = deal_options(data)
        sheet = write(deal_from_dict(data), options)
        return ScoredDeal(data, sheet, balance(sheet, options), lineno)
    except InputError as e:
        raise ProblemError(f"{name}: line {lineno}", e.field, e.message, lineno) from None


def _deal_answer(item, outcome) -> dict:
    from preferans.scoring import number_out, sheet_out

    data, sheet, balance, _ = item
    return {**data, **sheet_out(sheet), "balance": {s: number_out(v) for s, v in balance.items()}}


def _record_json(path: str, record, sheet, settlement) -> dict:
    from preferans.scoring.records import options_out, settlement_out, sheet_out

    return {"file": path, "convention": record.convention, "players": list(record.seats), "target": record.target,
            "deals": len(record.deals), "options": options_out(record.options), **sheet_out(sheet),
            **settlement_out(settlement)}


def _record_text(path: str, record, sheet, settlement) -> list[str]:
    from preferans.scoring import number_text

    def signed(value) -> str:
        text = number_text(value)
        return text if value <= 0 else "+" + text

    heading = f"{path} — {record.convention}, {len(record.seats)} players"
    if record.target is not None:
        heading += f", target {record.target}"
    if record.deals:
        heading += f", {len(record.deals)} deal{'s' if len(record.deals) != 1 else ''} played"
    header = ("player", "pool", "mountain", "with pools", "amnesty", "mountain part", "whists", "balance")
    rows = []
    for s in record.seats:
        whists = settlement.balance[s] - settlement.mountain_part[s]
        rows.append((s, number_text(sheet.pool[s]), number_text(sheet.mountain[s]),
                     number_text(settlement.mountain_closed[s]), number_text(settlement.amnesty[s]),
                     signed(settlement.mountain_part[s]), signed(whists), signed(settlement.balance[s])))
    widths = [max(len(row[i]) for row in rows + [header]) for i in range(len(header))]
    lines = [heading, ""]
    lines += ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths)))
              for row in [header] + rows]
    lines.append("")
    lines.append(f"Mean mountain after the amnesty: {number_text(settlement.mean)}"
                 + ("" if settlement.adjustment is None else
                    f" (the books' rounding: {settlement.adjustment[0]} {settlement.adjustment[1]:+d} point)"))
    lines.append("Between each pair (what the second owes the first, in whists):")
    lines += [f"  {a}–{b}: {signed(v)}" for (a, b), v in settlement.pairs.items()]
    lines.append("With pools: the mountain with the pools brought in; whists: the net of whists written by and "
                 "on each player"
                 + (" (with the rounding's compensation)" if settlement.adjustment else "")
                 + "; balance = mountain part + whists.")
    return lines
