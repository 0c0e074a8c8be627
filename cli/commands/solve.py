"""``pref solve``: the diagram, the answer, the value of each card and the best line."""

from __future__ import annotations

import json
import sys

import click

from solver.analysis.key import key_of_card_values, with_best_discard
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
@lang_option
@color_option
def solve(files, as_json, jsonl, lang, color):
    """Solve problem files and explain the answer as a problem book would.

    For each FILE: the deal as a diagram (B top left, C top right, A at the
    bottom; talon and discard between them), the game, the answer ("6♠ by C:
    7 tricks, made with one over"; "misère by B caught: 1 trick"; raspasy
    tricks per player), the value of every legal card at the start, equal
    cards together, and the best line trick by trick, * marking a card where
    another was as good. The key is stated: the mover's first cards that keep
    his side's best result. A declarer holding 12 cards first puts aside his
    best discard, and the discards that work are named.

    \b
    Examples:
      pref solve problems/kovalevskaya-misere.toml
      pref solve --json problems/*.toml
      echo '{"deal": {"A": "♠AKQ", "B": "♠J10 ♣7", "C": "♣AKQ"},
             "game": {"kind": "contract", "contract": "6S", "declarer": "A"}}' | pref solve --jsonl -

    JSON results carry at least tricks, card_values, line and nodes; cards
    are written 7S … 10S … AH. See docs/problem-format.md for the files.
    """
    if jsonl is not None:
        if files:
            raise UserError("pref solve: give FILE… or --jsonl, not both")
        sys.exit(solve_stream(jsonl))
    if not files:
        raise UserError("pref solve: no problem file given (try pref solve --help)")
    problems = load_files(files)
    for problem in problems:
        if not problem.needs_discard:
            problem.position()  # bad input is refused before anything is solved
    use_color = want_color(color, sys.stdout) and not as_json
    style = Style(lang, use_color)
    for n, problem in enumerate(problems):
        problem, discard = with_best_discard(problem, engine())  # a declarer with 12 cards discards best
        result = solve_problem(problem, engine())
        if as_json:
            key = key_of_card_values(result.position, result.game, result.card_values)
            extra = {"key": key.to_json()} | ({"discard": discard.to_json()} if discard else {})
            click.echo(json.dumps(result_json(problem, result) | extra, ensure_ascii=False))
        else:
            if n:
                click.echo()
            lines = explain(problem, result, style)
            if discard:
                lines[2:2] = [f"Discard: {discard.describe(style.lang)} (the problem is solved after it)", ""]
            click.echo("\n".join(lines), color=use_color)


def solve_stream(source: str) -> int:
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
                out = result_json(problem, solve_problem(problem, engine()))
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
    key = key_of_card_values(position, game, result.card_values)
    lines.append(f"Key: {key.describe(style.lang)} (for {key.side}, {SEATS[key.mover]} to play)")
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
