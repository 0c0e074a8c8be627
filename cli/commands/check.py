"""``pref check``: solve every problem with an ``[expect]`` section and compare."""

from __future__ import annotations

import json
import sys

import click

from solver.analysis.key import key_verdict, problem_key
from solver.cards import SEATS
from solver.problemfile import ProblemError, load_many

from ..errors import EXIT_BAD_INPUT, EXIT_FAILURE, EXIT_OK
from ..options import color_option
from ..runtime import engine
from ..solving import answer_value, find_problem_files
from ..style import want_color


@click.command()
@click.argument("paths", nargs=-1, metavar="[PATH…]")
@color_option
@click.option("--json", "as_json", is_flag=True,
              help="One JSON object per problem (file, line, title, expected, solver, key, ok), "
                   "then a summary object.")
@click.option("--strict", is_flag=True,
              help="Also fail a problem that declares no key while more than one first card "
                   "(or discard) works.")
def check(paths, color, as_json, strict):
    """Check the published answers of problem files against the solver.

    Every *.toml and *.jsonl file under each PATH (default: problems/) that
    has an [expect] section is solved; one line per problem says ok, or
    WRONG with both values, then a summary. A problem whose declarer holds
    12 cards is checked with his best discard.

    Each line also states the key: the first cards of the player to move
    that keep his side's best result ("unique key ♦A", "4 of 10 first cards
    work: …"), or for a declarer with 12 cards the discards that reach his
    best. A problem that declares [expect] key fails when another card works
    too (a cook, named) or the key does not work. With --strict a problem
    without a declared key fails when more than one choice works.

    Exit code 0 when all agree, 1 when any differs, 2 when a file cannot be
    read (each bad file is named on stderr, in one line).

    \b
    Examples:
      pref check
      pref check problems/misere/ extra.toml
      pref check --strict problems/
      pref check --json | jq 'select(.ok == false)'
    """
    use_color = want_color(color, sys.stdout)
    files = find_problem_files(paths or ["problems/"])
    ok = wrong = unchecked = bad = 0
    for path in files:
        try:
            problems = load_many(path)
        except ProblemError as e:
            click.echo(str(e), err=True)
            bad += 1
            continue
        for problem in problems:
            if problem.expect is None or problem.kind is None:
                unchecked += 1
                continue
            try:
                got = answer_value(problem, engine())
                report = problem_key(problem, engine())
                declared = problem.declared_key()
            except ProblemError as e:
                click.echo(str(e), err=True)
                bad += 1
                continue
            key_problem = key_verdict(declared, report) if declared is not None else \
                f"no key declared and {report.describe()}" if strict and not report.unique else None
            agrees = got == problem.expect and key_problem is None
            ok, wrong = ok + agrees, wrong + (not agrees)
            if as_json:
                click.echo(json.dumps({"file": str(path), "line": problem.line, "title": problem.title,
                                       "expected": problem.expect, "solver": got,
                                       "key": report.to_json() | {"declared": problem.key, "problem": key_problem},
                                       "ok": agrees}, ensure_ascii=False))
            elif agrees:
                mark = click.style("ok   ", fg="green") if use_color else "ok   "
                click.echo(f"{mark} {problem.where}: {_show(got)}, {report.describe()}{_title(problem)}",
                           color=use_color)
            else:
                mark = click.style("WRONG", fg="red", bold=True) if use_color else "WRONG"
                what = [f"expected {_show(problem.expect)}, solver {_show(got)}"] if got != problem.expect else []
                what += [key_problem] if key_problem else []
                click.echo(f"{mark} {problem.where}: {'; '.join(what)}{_title(problem)}", color=use_color)
    if as_json:
        click.echo(json.dumps({"ok": ok, "wrong": wrong, "without_expect": unchecked, "unreadable": bad}))
    else:
        summary = f"{ok} ok, {wrong} wrong"
        if unchecked:
            summary += f", {unchecked} without [expect]"
        if bad:
            summary += f", {bad} unreadable"
        click.echo(summary)
    sys.exit(EXIT_BAD_INPUT if bad else EXIT_FAILURE if wrong else EXIT_OK)


def _show(tricks) -> str:
    if isinstance(tricks, dict):
        return " ".join(f"{s}={tricks[s]}" for s in SEATS)
    return str(tricks)


def _title(problem) -> str:
    return f"  ({problem.title})" if problem.title else ""
