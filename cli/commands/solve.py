"""``pref solve``: the diagram, the answer, the value of each card and the best line."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from preferans import collection
from preferans.problemfile import Problem, ProblemError
from preferans.problems import Solved, best_lines, solve_problem, solve_table

from ..errors import UserError
from ..options import color_option, json_option, lang_option
from ..runtime import engine
from ..solving import Outcome, answer_lines, each_problem, error_json, result_json, table_json
from ..style import Style, want_color
from ..text.solve import explain, value_lines


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
@click.option("--open-whist", is_flag=True,
              help="A contract is played with open whist: also answer it at the table, where the "
                   "defenders do not know the declarer's discard (as [game] whist = \"open\").")
@click.option("--table-discards", type=click.Choice(["all", "best"]), default=None,
              help="The discards the defence must cover at the table: all pairs of his 12 cards "
                   "(default), or only his double-dummy best ones ([game] table_discards).")
@lang_option
@color_option
def solve(files, as_json, jsonl, only, with_stats, open_whist, table_discards, lang, color):
    """Solve problem files and explain the answer as a problem book would.

    For each FILE: the deal as a diagram (B top left, C top right, A at the
    bottom; talon and discard between them), the game, the answer ("6♠ by C:
    7 tricks, made with one over"; "misère by B caught: 1 trick"; raspasy
    tricks per player), the value of every legal card at the start, equal
    cards together, and the best line trick by trick, * marking a card where
    another was as good. A declarer who holds 12 cards is solved with his
    best discard, shown as the solver's choice; tricks already played
    ([game] played) are listed and counted in the answer. Every good file
    is solved even when another is bad; each bad one is named on stderr.
    Exit code 1 when a published answer ([expect] tricks) differs, as pref check.
    The key is stated: the mover's first cards that keep his side's best
    result.

    A misère (and a contract with --open-whist or [game] whist = "open") is
    also answered at the table, where the defence knows the declarer's 12
    cards but not the two he put aside: is there one plan of play that
    works whatever he discarded? If not, the smallest set of discards no
    plan covers is named. Exit code 1 also when [expect] table differs.

    \b
    Examples:
      pref solve problems/kovalevskaya-misere.toml
      pref solve kovalevskaya-misere          a problem of the collection by its name
      pref solve --json problems/*.toml
      pref solve --stats problems/kovalevskaya-misere.toml
      pref solve --table-discards best problems/kovalevskaya-misere.toml
      pref solve --open-whist problems/eight-diamonds-three-spade-ruffs.toml
      pref solve --only value --json problems/kovalevskaya-misere.toml
      echo '{"deal": {"A": "♠AKQ", "B": "♠J10 ♣7", "C": "♣AKQ"}, "game": {"kind": "contract", "contract": "6S", "declarer": "A"}}' | pref solve --jsonl -

    JSON results carry the deal, game, tricks (and deal_tricks, with those of
    the tricks played: what [expect] counts), verdict, card_values, line,
    nodes and the answer at the table ("table": caught or tricks, worlds,
    uncovered, key; a bad problem: file, lineno and error); cards are written
    7S … 10S … AH. See docs/problem-format.md for the files and the keys.
    """
    if jsonl is not None:
        if files:
            raise UserError("pref solve: give FILE… or --jsonl, not both")
        sys.exit(solve_stream(jsonl, only is None, with_stats, open_whist, table_discards))
    if not files:
        raise UserError("pref solve: no problem file given (try pref solve --help)")
    use_color = want_color(color, sys.stdout) and not as_json
    style = Style(lang, use_color)
    outcome = Outcome()
    shown = 0
    full = only is None
    for path, problem in _named_problems(files):
        try:
            if isinstance(problem, ProblemError):
                raise problem
            before = engine().stats
            solved = solve_problem(problem, engine(), full)
            table = solve_table(problem, engine(), solved, open_whist, table_discards, with_key=full)
            stats = engine().stats - before
            outcome.wrong += _wrong(problem, solved, table)
            if as_json:
                text = json.dumps(_json_out(problem, solved, full, with_stats and stats, table), ensure_ascii=False)
            else:
                lines = explain(problem, solved, style, best_lines(solved.result, engine()), table) if full else \
                    value_lines(problem, solved.result, style, table)
                text = "\n".join(lines + ([stats.summary()] if with_stats else []))
        except ProblemError as e:
            outcome.report(e)
            if as_json:
                click.echo(json.dumps(error_json(e, path), ensure_ascii=False))
            continue
        if shown and not as_json:
            click.echo()
        click.echo(text, color=use_color)
        shown += 1
    sys.exit(outcome.exit_code)


def _named_problems(names):
    """``(path, problem or ProblemError)`` for each file named, or the collection's problem
    of that name (told by its name); a name that is neither is its one-line error, and the
    others still run."""
    for name in names:
        try:
            path = collection.resolve(name)
        except ProblemError as e:
            yield name, e
            continue
        if path == name:
            yield from each_problem([path])
        else:
            yield from ((Path(path).stem, item) for item in collection.load_named(name))


def _wrong(problem: Problem, solved: Solved, table) -> bool:
    """Whether a published answer differs: ``[expect] tricks``, or ``[expect] table``."""
    wrong = problem.expect is not None and not problem.agrees(solved.result.deal_tricks)
    return wrong or table is not None and table[0].as_filed and problem.agrees_table(table[1]) is False


def _json_out(problem: Problem, solved: Solved, full: bool, stats, table=None) -> dict:
    out = result_json(problem, solved.result, solved.discard, solved.chosen)
    if not full:
        for key in ("card_values", "line", "lines"):
            out.pop(key, None)
    if table is not None:
        out["table"] = table_json(problem, *table)
        if not full:
            out["table"].pop("key")
    if stats:
        out["stats"] = stats.as_dict()
    return out


def solve_stream(source: str, full: bool = True, with_stats: bool = False, open_whist: bool = False,
                 table_discards: str | None = None) -> int:
    """JSON Lines in and out; a bad line gives an ``error`` object in its place (exit code 2)."""

    def answer(problem: Problem, outcome: Outcome) -> dict:
        before = engine().stats
        solved = solve_problem(problem, engine(), full)
        table = solve_table(problem, engine(), solved, open_whist, table_discards, with_key=full)
        outcome.wrong += _wrong(problem, solved, table)
        return _json_out(problem, solved, full, with_stats and engine().stats - before, table)

    return answer_lines(source, answer)
