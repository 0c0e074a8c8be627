"""``pref table``: the double-dummy table of a deal, for every declarer and every game."""

from __future__ import annotations

import json
import sys

import click

from preferans.analysis.table import dd_table
from preferans.cards import SEATS, ascii_name, count
from preferans.errors import InputError
from preferans.notation import NotationError, split_deal
from preferans.parse import parse_seat
from preferans.problemfile import Problem, ProblemError, load
from preferans.rules import TalonMode, raspasy_talon_mode
from preferans.textfiles import exists

from ..errors import UserError
from ..options import color_option, json_option, lang_option
from ..runtime import announce_compile, engine, progress_bar
from ..style import Style, want_color
from ..text.table import after_discard_line, table_lines

INLINE_NAME = "DEAL"
"""What error messages call a deal given on the command line."""


def _seat(ctx, param, value):
    """A seat option read as problem files read seats (a Cyrillic look-alike is named)."""
    if value is None:
        return None
    try:
        return SEATS[parse_seat(value, param.name)]
    except InputError as e:
        raise click.BadParameter(e.message) from None


@click.command()
@click.argument("deal", metavar="DEAL")
@click.option("--leader", metavar="[A|B|C]", callback=_seat, default=None,
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
    discard for each game, which is named. A file whose declarer holds 12
    cards gives the table after his best discard for the file's game, as
    pref solve takes it.

    \b
    Examples:
      pref table problems/kovalevskaya-misere.toml
      pref table "♠JQ ♣79 ♦10JQK ♥7J / ♠10987 ♣8 ♦789 ♥89 / ♠KA ♣10JQ ♦A ♥10QKA / ♣K ♣A"
      pref table --json --raspasy-talon none problems/kovalevskaya-misere.toml
    """
    problem = _read_deal(deal)
    discard = ()
    if problem.kind is not None and problem.needs_discard:
        hands, discard = _after_best_discard(problem)
        talon = ()
    else:
        hands, talon = _checked_deal(problem)
    lead = SEATS.index(leader) if leader else problem.leader_seat()
    mode = _talon_mode(raspasy_talon or problem.raspasy_talon, talon, problem,
                       "--raspasy-talon" if raspasy_talon else f"{problem.where}: game.raspasy_talon")
    use_color = want_color(color, sys.stdout) and not as_json
    style = Style(lang, use_color)
    announce_compile()
    try:
        with progress_bar("table") as progress:  # dd_table sizes its own engine for the job
            result = dd_table(hands, talon, lead, mode, progress=progress)
    except InputError as e:
        if leader and e.field in ("game.leader", "leader"):  # the option's fault, not the file's
            raise UserError(f"--leader: {e.message}") from None
        raise UserError(f"{problem.where}: {e.field}: {e.message}") from None
    if as_json:
        out = result.to_json()
        if problem.path != INLINE_NAME:
            out["file"] = problem.path
        if problem.title:
            out["title"] = problem.title
        if discard:
            out["discard"] = [ascii_name(c) for c in discard]
            out["discard_chosen"] = True
        click.echo(json.dumps(out, ensure_ascii=False))
        return
    lines = table_lines(result, hands, talon, lead, mode, style)
    if discard:
        lines = [after_discard_line(problem.game(), discard, style), ""] + lines
    if problem.title:
        lines = [style.bold(problem.text("title", lang)), ""] + lines
    click.echo("\n".join(lines), color=use_color)


def _read_deal(deal: str) -> Problem:
    """A problem file if DEAL names one (of any kind: a pipe such as ``<(cat f.toml)`` too; a
    folder is an error), else the inline form with / between the hands."""
    if exists(deal) or deal.endswith((".toml", ".json", ".jsonl")):
        return load(deal)
    if "/" not in deal:
        raise UserError(f"{deal}: deal: no such file, and not a deal: give a problem file or "
                        f"'A-hand / B-hand / C-hand [/ talon]'")
    try:
        parts = split_deal(deal, talon=True)
    except NotationError as e:
        raise ProblemError(INLINE_NAME, "deal", str(e)) from None
    return Problem(path=INLINE_NAME, **dict(zip(("A", "B", "C", "talon"), parts))).check()


def _after_best_discard(problem: Problem) -> tuple[tuple[int, int, int], tuple[int, ...]]:
    """The hands after the 12-card declarer's best discard for the file's game, and the discard."""
    from preferans.problems import setup

    announce_compile()
    with progress_bar("discard"):
        position, discard, _ = setup(problem, engine())
    return position.hands, discard


def _checked_deal(problem: Problem) -> tuple[tuple[int, int, int], tuple[int, ...]]:
    hands, talon = problem.hands(), problem.talon_cards()
    sizes = [count(h) for h in hands]
    if len(set(sizes)) != 1 or sizes[0] == 0:
        shown = ", ".join(f"{s} {n}" for s, n in zip(SEATS, sizes))
        raise UserError(f"{problem.where}: deal: a table needs hands of one length, 1 to 10 cards "
                        f"(got {shown})")
    if problem.discard is not None:
        raise UserError(f"{problem.where}: deal.discard: a table is made from the deal before any discard")
    return hands, talon


def _talon_mode(text: str | None, talon: tuple[int, ...], problem: Problem, culprit: str) -> TalonMode:
    """The raspasy talon mode by the rules of :func:`preferans.rules.raspasy_talon_mode`;
    ``culprit`` is what an error names: the option, or the file's field."""
    try:
        return raspasy_talon_mode(text, talon, count(problem.hands()[0]))
    except InputError as e:
        raise UserError(f"{culprit}: {e.message}") from None
