"""Problems in, answers out: the glue between problem files, the solver and the commands."""

from __future__ import annotations

from pathlib import Path

from solver.analysis.discard import discard_values
from solver.analysis.table import STRAIN_NAMES
from solver.api import Result, solve
from solver.cards import SEATS, ascii_name
from solver.engine import Engine
from solver.problemfile import Problem, ProblemError, load_many
from solver.rules import Kind

from .errors import UserError


def load_files(paths) -> list[Problem]:
    """Every problem of the files named; all bad files are reported, then exit code 2."""
    problems, errors = [], []
    for path in paths:
        try:
            problems += load_many(path)
        except ProblemError as e:
            errors.append(str(e))
    if errors:
        raise UserError("\n".join(errors))
    return problems


def find_problem_files(paths) -> list[Path]:
    """Files named, and ``*.toml``/``*.jsonl`` files under folders named, in sorted order."""
    found = []
    for path in map(Path, paths):
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.suffix in (".toml", ".jsonl") and p.is_file())
        elif path.exists():
            found.append(path)
        else:
            raise UserError(f"{path}: file: no such file or folder")
    return found


def solve_problem(problem: Problem, engine: Engine, full: bool = True) -> Result:
    """The answer; ``full=False`` skips the line and the card values (for ``pref check``)."""
    return solve(problem.position(), problem.game(), engine=engine, with_line=full, with_card_values=full)


def answer_value(problem: Problem, engine: Engine, progress=None) -> int | dict[str, int]:
    """The value ``[expect] tricks`` states: the solve's, or with the best discard if one is due."""
    if problem.needs_discard:
        hands12, declarer = problem.deal_for_discard()
        values = discard_values(hands12, declarer, problem.game(), problem.leader_seat(), engine, progress)
        return values[0].tricks
    return solve_problem(problem, engine, full=False).tricks


def game_json(problem: Problem) -> dict:
    game = problem.game()
    out = {"kind": game.kind.value, "leader": SEATS[problem.leader_seat()]}
    if game.kind is Kind.CONTRACT:
        out["contract"] = f"{game.level}{STRAIN_NAMES[game.trump]}"
    if game.declarer is not None:
        out["declarer"] = SEATS[game.declarer]
    if game.kind is Kind.RASPASY:
        out["raspasy_talon"] = game.talon_mode.value
    return out


def result_json(problem: Problem, result: Result) -> dict:
    """``Result.to_json`` (tricks, card_values, line, nodes …) with where the problem came from."""
    out = result.to_json()
    out["file"] = problem.path
    if problem.line:
        out["lineno"] = problem.line
    if problem.title:
        out["title"] = problem.title
    out["game"] = game_json(problem)
    if problem.trick:
        out["trick"] = [ascii_name(c) for c in result.position.trick]
    if problem.expect is not None:
        out["expect"] = problem.expect
    return out
