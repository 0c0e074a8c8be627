"""Problems in, answers out: the glue between problem files, the solver and the commands.

Files are read one problem at a time (:func:`each_problem`), so a bad file or a bad
line of a JSON Lines file costs only itself: every good problem is still solved and
reported, every bad one gets its one-line error, and :class:`Outcome` keeps the
worst that happened for the exit code.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

import click

from preferans.cards import ascii_name
from preferans.errors import excerpt
from preferans.problemfile import Problem, load_each, loads_json
from preferans.textfiles import ProblemError, exists, holds_nothing, json_lines, read_lines

from .errors import EXIT_BAD_INPUT, EXIT_FAILURE, EXIT_OK, UserError


@dataclass
class Outcome:
    """The worst that happened so far: a bad input (2) outranks a wrong check (1)."""

    bad: int = 0
    wrong: int = 0

    def report(self, error: ProblemError) -> None:
        """Say what is wrong with one input, in one line on stderr, and remember it."""
        click.echo(str(error), err=True)
        self.bad += 1

    @property
    def exit_code(self) -> int:
        return EXIT_BAD_INPUT if self.bad else EXIT_FAILURE if self.wrong else EXIT_OK


def each_problem(paths):
    """``(path, problem or ProblemError)`` for every problem of the files named, in order."""
    for path in paths:
        for item in load_each(path):
            yield path, item


def find_problem_files(paths) -> list[Path]:
    """Files named, and ``*.toml``/``*.jsonl`` files under folders named, in sorted order."""
    found = []
    for text in paths:
        if not str(text).strip():
            raise UserError(f"{text!r}: file: an empty path names no file or folder")
        path = Path(text)
        if exists(path, folder=True):
            inside = sorted(p for p in path.rglob("*") if p.suffix in (".toml", ".jsonl") and p.is_file())
            if not inside:
                raise UserError(f"{path}: file: the folder holds no problem files (*.toml, *.jsonl)")
            found += inside
        elif exists(path):
            found.append(path)
        else:
            raise UserError(f"{path}: file: no such file or folder")
    return found


def result_json(problem: Problem, result, discard=(), chosen: bool = False) -> dict:
    """``Result.to_json`` (the deal, game, tricks, verdict, card_values, line …) with where the
    problem came from, the talon and discard as the file gives them (``discard_chosen``: the
    solver's best, for a declarer who held 12 cards), and ``expect`` with ``agrees``."""
    out = {**problem.where_json(), **result.to_json()}
    talon = problem.talon_cards()
    if talon and "talon" not in out:
        out["talon"] = [ascii_name(c) for c in talon]
    if discard:
        out["discard"] = [ascii_name(c) for c in discard]
        out["discard_chosen"] = chosen
    if result.card_values:
        from preferans.analysis.key import key_of_card_values
        out["key"] = key_of_card_values(result.position, result.game, result.card_values).to_json()
    if problem.expect is not None:
        out["expect"] = problem.expect
        out["agrees"] = problem.agrees(result.deal_tricks)
    return out


def table_json(problem: Problem, question, answer) -> dict:
    """The answer at the table for JSON: :meth:`~preferans.at_table.TableAnswer.to_json`, where the
    unseen cards come from (``source``) and, when the file declares it for the discards covered,
    ``expect`` and ``agrees``."""
    out = {**answer.to_json(), "source": question.source}
    if problem.expect_table is not None and question.as_filed:
        out["expect"] = problem.expect_table
        out["agrees"] = problem.agrees_table(answer)
    return out


def error_json(error: ProblemError, path=None) -> dict:
    """What stands in a JSON output for a problem that could not be read: where, and the message."""
    out = {"file": str(path) if path is not None else error.where, "error": str(error)}
    if error.lineno is not None:
        out["lineno"] = error.lineno
    return out


def answer_lines(source: str, answer, read=None, what: str = "problem") -> int:
    """Answer a JSON Lines stream (a file, or ``-`` for stdin) one line at a time: each line
    read (by ``read``, problems by default; ``what`` the line holds) is answered by
    ``answer(item, outcome)`` with a JSON object; a bad line gets its ``error`` object in its
    place and one line on stderr, and the rest are answered — whatever went wrong with it, a
    line too long or even a bug answering it. Returns the exit code (2 when a line was bad). A
    stream that cannot be read at all raises its ProblemError (one line, exit 2: :mod:`preferans.cli.app`)."""
    name = "<stdin>" if source == "-" else source
    outcome = Outcome()
    if not source.strip():
        raise UserError(f"{source!r}: file: an empty path names no file")
    try:
        if source == "-":
            if sys.stdin is None:
                raise UserError("<stdin>: file: standard input is closed")
            stream = getattr(sys.stdin, "buffer", sys.stdin)
        else:
            stream = open(source, "rb")
    except OSError as e:
        raise UserError(f"{source}: file: cannot read it: {e.strerror or e}") from None
    seen = 0
    try:
        for item in json_lines(read_lines(stream, name), name, read or loads_json):
            seen += 1
            if isinstance(item, ProblemError):
                outcome.report(item)
                click.echo(json.dumps(error_json(item, name), ensure_ascii=False))
                continue
            try:
                text = json.dumps(answer(item, outcome), ensure_ascii=False)
            except ProblemError as e:
                outcome.report(e)
                text = json.dumps(error_json(e, name), ensure_ascii=False)
            except Exception as e:  # noqa: BLE001 -- a bug answering one line costs only that line
                error = ProblemError(name, f"line {item.lineno}", f"could not be answered: {type(e).__name__}: "
                                     f"{excerpt(str(e), 100)} (a bug in pref: please report it)", item.lineno)
                outcome.report(error)
                text = json.dumps(error_json(error, name), ensure_ascii=False)
            click.echo(text)
    finally:
        if stream is not getattr(sys.stdin, "buffer", None) and stream is not sys.stdin:
            stream.close()
    if not seen and source != "-":  # a file named and empty; an empty pipe is an empty answer
        outcome.report(ProblemError(name, "file", holds_nothing(what)))
    return outcome.exit_code

