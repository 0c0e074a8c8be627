"""``pref table``: the double-dummy table of a deal, for every declarer and every game."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from solver.analysis.table import dd_table
from solver.cards import NO_TRUMP, SEATS, cards_of, count, mask_of
from solver.problemfile import Problem, ProblemError, load
from solver.rules import TalonMode

from .. import render
from ..errors import UserError
from ..options import color_option, json_option, lang_option
from ..runtime import engine, progress_bar
from ..style import Style, pad, want_color

INLINE_NAME = "DEAL"
"""What error messages call a deal given on the command line."""


@click.command()
@click.argument("deal", metavar="DEAL")
@click.option("--leader", type=click.Choice(list(SEATS)), default=None,
              help="Who leads the first trick. Default: the file's [game] leader, else A.")
@click.option("--raspasy-talon", type=click.Choice([m.value for m in TalonMode]), default=None,
              help="How raspasy uses the talon. Default: the file's setting, else suit with a talon "
                   "and none without.")
@json_option
@lang_option
@color_option
def table(deal, leader, raspasy_talon, as_json, lang, color):
    """The double-dummy table of a deal.

    DEAL is a problem file (its [deal] is used) or the deal itself,
    "A-hand / B-hand / C-hand [/ talon]", hands in any notation the problem
    files accept. Rows are the declarers A, B, C; columns his most tricks in
    ♠ ♣ ♦ ♥ NT and his fewest in misère (0 = clean); then each player's
    raspasy value. With a talon, each declarer takes it and makes his best
    discard for each game, which is named.

    \b
    Examples:
      pref table problems/kovalevskaya.toml
      pref table "♠JQ ♣79 ♦10JQK ♥7J / ♠7-10 ♣8 ♦789 ♥89 / ♠KA ♣10JQ ♦A ♥10QKA / ♣K ♣A"
      pref table --json --raspasy-talon none deal.toml
    """
    problem = _read_deal(deal)
    hands, talon = _checked_deal(problem)
    lead = SEATS.index(leader) if leader else _file_leader(problem)
    mode = _talon_mode(raspasy_talon or problem.raspasy_talon, talon, problem)
    use_color = want_color(color, sys.stdout) and not as_json
    style = Style(lang, use_color)
    with progress_bar("table") as progress:
        result = dd_table(hands, talon, lead, mode, engine(), progress)
    if as_json:
        click.echo(json.dumps(result.to_json(), ensure_ascii=False))
        return
    lines = table_lines(result, hands, talon, lead, mode, style)
    click.echo("\n".join(lines), color=use_color)


def _read_deal(deal: str) -> Problem:
    """A problem file if DEAL names one, else the inline form with / between the hands."""
    try:
        if Path(deal).is_file() or "/" not in deal:
            return load(deal)
        parts = [p.strip() for p in deal.split("/")]
        if len(parts) not in (3, 4):
            raise UserError(f"{INLINE_NAME}: deal: give 'A-hand / B-hand / C-hand [/ talon]', "
                            f"got {len(parts)} parts")
        fields = dict(zip(("A", "B", "C", "talon"), parts))
        return Problem(path=INLINE_NAME, **fields).check()
    except ProblemError as e:
        raise UserError(str(e)) from None


def _checked_deal(problem: Problem) -> tuple[tuple[int, int, int], tuple[int, ...]]:
    try:
        hands = problem.hands()
        talon = problem.talon_cards()
    except ProblemError as e:
        raise UserError(str(e)) from None
    sizes = [count(h) for h in hands]
    if len(set(sizes)) != 1 or sizes[0] == 0:
        shown = ", ".join(f"{s} {n}" for s, n in zip(SEATS, sizes))
        raise UserError(f"{problem.where}: deal: a table needs hands of one length, 1 to 10 cards "
                        f"(got {shown})")
    if problem.discard is not None:
        raise UserError(f"{problem.where}: deal.discard: a table is made from the deal before any discard")
    if talon and sizes[0] != 10:
        raise UserError(f"{problem.where}: deal.talon: a talon goes with a full deal of 10 cards each")
    return hands, talon


def _file_leader(problem: Problem) -> int:
    try:
        return problem.leader_seat()
    except ProblemError as e:
        raise UserError(str(e)) from None


def _talon_mode(text: str | None, talon: tuple[int, ...], problem: Problem) -> TalonMode:
    if text is None:
        return TalonMode.SUIT if talon else TalonMode.NONE
    mode = TalonMode(text.strip().lower()) if text.strip().lower() in {m.value for m in TalonMode} else None
    if mode is None:
        raise UserError(f"{problem.where}: game.raspasy_talon: talon mode must be none, suit or dealer, "
                        f"not {text!r}")
    if mode is not TalonMode.NONE and not talon:
        raise UserError(f"{problem.where}: game.raspasy_talon: talon mode '{mode.value}' turns the two "
                        "talon cards, but the deal has no talon")
    return mode


COLUMNS = [*range(NO_TRUMP + 1), "misere"]


def table_lines(result, hands, talon, leader: int, mode: TalonMode, style: Style) -> list[str]:
    lines = render.diagram(_start(hands, leader), _NO_GAME, style, talon)
    lines.append("")
    lines.append(f"{SEATS[leader]} leads. Contracts: the declarer's most tricks; misère: his fewest "
                 "(0 = clean)" + ("; each with his best discard." if talon else "."))
    head = "           " + "".join(pad(_column_name(col, style), 7) for col in COLUMNS)
    lines.append(head.rstrip())
    for seat in range(3):
        cells = [result.contracts[(seat, col)] if col != "misere" else result.misere[seat] for col in COLUMNS]
        lines.append(f"  {SEATS[seat]:<9}" + "".join(f"{v:<7}" for v in cells).rstrip())
    per_player = ", ".join(f"{s} {result.raspasy[i]}" for i, s in enumerate(SEATS))
    lines.append("")
    lines.append(f"Raspasy ({render.TALON_MODE_WORDS[mode]}): {per_player} — the fewest tricks each "
                 "can be sure of")
    if talon and result.discards:
        lines.append("")
        lines.append("Best discards (the talon taken):")
        lines.append(("           " + "".join(pad(_column_name(col, style), 9) for col in COLUMNS)).rstrip())
        for seat in range(3):
            cells = [style.cards(cards_of(mask_of(result.discards[(seat, col)]))) for col in COLUMNS]
            lines.append((f"  {SEATS[seat]:<9}" + "".join(pad(c, 9) for c in cells)).rstrip())
    return lines


def _column_name(col, style: Style) -> str:
    return "misère" if col == "misere" else style.strain(col)


class _NoGame:
    """No game chosen: the diagram marks no declarer."""

    declarer = None
    kind = None


_NO_GAME = _NoGame()


def _start(hands, leader: int):
    from solver.rules import Position
    return Position(hands, leader)
