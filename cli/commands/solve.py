"""``pref solve``: the diagram, the answer, the value of each card and the best line."""

from __future__ import annotations

import json
import sys

import click

from solver.cards import SEATS
from solver.problemfile import Problem, ProblemError, loads_json
from solver.rules import Kind

from .. import render
from ..errors import EXIT_BAD_INPUT, UserError
from ..lineplay import tricks_of_line
from ..options import color_option, json_option, lang_option
from ..runtime import engine
from ..solving import load_files, result_json, solve_problem
from ..style import Style, want_color


@click.command()
@click.argument("files", nargs=-1, metavar="FILE…")
@json_option
@click.option("--jsonl", metavar="FILE|-",
              help="Read problems as JSON Lines (one JSON object a line) from FILE, or - for stdin, "
                   "and write one JSON result a line.")
@click.option("--only", type=click.Choice(["value"]),
              help="Only the tricks: skip the card values and the best line (for scripts, faster).")
@click.option("--stats", "with_stats", is_flag=True,
              help="Say what the search did: nodes, table probes/hits/stores, cut-offs.")
@lang_option
@color_option
def solve(files, as_json, jsonl, only, with_stats, lang, color):
    """Solve problem files and explain the answer as a problem book would.

    For each FILE: the deal as a diagram (B top left, C top right, A at the
    bottom; talon and discard between them), the game, the answer ("6♠ by C:
    7 tricks, made with one over"; "misère by B caught: 1 trick"; raspasy
    tricks per player), the value of every legal card at the start, equal
    cards together, and the best line trick by trick, * marking a card where
    another was as good.

    \b
    Examples:
      pref solve problems/kovalevskaya-misere.toml
      pref solve --json problems/*.toml
      pref solve --stats problems/kovalevskaya-misere.toml
      cat problems.jsonl | pref solve --jsonl - --only value
      echo '{"deal": {"A": "♠AKQ", "B": "♠J10 ♣7", "C": "♣AKQ"},
             "game": {"kind": "contract", "contract": "6S", "declarer": "A"}}' | pref solve --jsonl -

    JSON results carry at least tricks, card_values, line and nodes; cards
    are written 7S … 10S … AH. See docs/problem-format.md for the files.
    """
    if jsonl is not None:
        if files:
            raise UserError("pref solve: give FILE… or --jsonl, not both")
        sys.exit(solve_stream(jsonl, only is None, with_stats))
    if not files:
        raise UserError("pref solve: no problem file given (try pref solve --help)")
    problems = load_files(files)
    for problem in problems:
        problem.position()  # a declarer still to discard is refused before anything is solved
    use_color = want_color(color, sys.stdout) and not as_json
    style = Style(lang, use_color)
    for n, problem in enumerate(problems):
        before = engine().stats
        result = solve_problem(problem, engine(), only is None)
        stats = engine().stats - before
        if as_json:
            click.echo(json.dumps(_json_out(problem, result, only is None, with_stats and stats),
                                  ensure_ascii=False))
        else:
            if n:
                click.echo()
            text = explain(problem, result, style) if only is None else _value_lines(problem, result, style)
            click.echo("\n".join(text + ([stats.summary()] if with_stats else [])), color=use_color)


def _json_out(problem: Problem, result, full: bool, stats) -> dict:
    out = result_json(problem, result)
    if not full:
        for key in ("card_values", "line", "lines"):
            out.pop(key, None)
    if stats:
        out["stats"] = stats.as_dict()
    return out


def _value_lines(problem: Problem, result, style: Style) -> list[str]:
    heading = " — ".join(t for t in (problem.title or problem.where, problem.source) if t)
    return [style.bold(heading), render.game_line(result.position, result.game, style),
            "Answer: " + render.answer(result.position.tricks_left, result.game, result.tricks, style)]


def solve_stream(source: str, full: bool = True, with_stats: bool = False) -> int:
    """JSON Lines in and out; a bad line gives an ``error`` object in its place (exit code 2)."""
    name = "<stdin>" if source == "-" else source
    status = 0
    try:
        stream = click.open_file(source, encoding="utf-8")
    except OSError as e:
        raise UserError(f"{source}: file: cannot read it: {e.strerror or e}") from None
    with stream:
        for lineno, line in enumerate(stream, 1):
            if not line.strip():
                continue
            try:
                problem = loads_json(line, name, lineno)
                before = engine().stats
                result = solve_problem(problem, engine(), full)
                out = _json_out(problem, result, full, with_stats and engine().stats - before)
            except ProblemError as e:
                click.echo(str(e), err=True)
                out = {"file": name, "lineno": lineno, "error": str(e)}
                status = EXIT_BAD_INPUT
            click.echo(json.dumps(out, ensure_ascii=False))
    return status


def explain(problem: Problem, result, style: Style) -> list[str]:
    """The whole text answer for one problem."""
    game, position = result.game, result.position
    lines = []
    heading = " — ".join(t for t in (problem.title or problem.where, problem.source) if t)
    lines.append(style.bold(heading))
    lines.append("")
    lines += render.diagram(position, style, declarer=game.declarer, talon=problem.talon_cards(),
                           talon_note=render.talon_note(game, position), discard=problem.discard_cards())
    lines.append("")
    lines.append(render.game_line(position, game, style))
    lines.append(style.bold("Answer: " + render.answer(position.tricks_left, game, result.tricks, style)))
    if problem.expect is not None:
        verdict = "agrees" if problem.expect == result.tricks else "DIFFERS"
        lines.append(f"Published answer: {_tricks_text(problem.expect)} — {verdict}")
    lines.append("")
    lines += render.card_value_lines(position, game, result.card_values, style)
    lines.append("")
    legend = "* another card was as good, where the choice mattered"
    if position.trick:
        legend += "; [ ] on the table at the start"
    if game.kind is Kind.RASPASY:
        for seat in SEATS:
            focus = SEATS.index(seat)
            lines.append(f"Best line for {seat}, who takes {render.plural(result.tricks[seat], 'trick')} "
                         f"({legend}):")
            tricks = tricks_of_line(position, game, result.lines[seat], focus, engine())
            lines += render.trick_lines(tricks, style)
    else:
        lines.append(f"Best line ({legend}):")
        tricks = tricks_of_line(position, game, result.line, game.declarer, engine())
        lines += render.trick_lines(tricks, style)
    if problem.notes.strip():
        lines += ["", "Notes:"] + ["  " + row for row in problem.notes.strip().splitlines()]
    return lines


def _tricks_text(tricks) -> str:
    if isinstance(tricks, dict):
        return ", ".join(f"{s} {tricks[s]}" for s in SEATS)
    return render.plural(tricks, "trick")
