"""``pref check``: solve every problem with an ``[expect]`` section and compare."""

from __future__ import annotations

import json
import sys
from functools import partial
from pathlib import Path

import click

from preferans.analysis.key import key_verdict
from preferans.cards import SEATS
from preferans import collection
from preferans.problemfile import ESTIMATE_QUESTION, ProblemError
from preferans.problems import answer, problem_key, solve_table

from ..options import color_option, lang_option
from ..runtime import engine
from ..solving import Outcome, each_problem, error_json, find_problem_files
from ..style import want_color
from ..words import say


@click.command()
@click.argument("paths", nargs=-1, metavar="[PATH…]")
@color_option
@click.option("--json", "as_json", is_flag=True,
              help="One JSON object per problem (file, lineno, title, expect, tricks, key, agrees) or "
                   "per bad input (file, lineno, error), then {\"summary\": …}.")
@click.option("--strict", is_flag=True,
              help="Also fail a problem that declares no key while more than one first card "
                   "(or discard) works.")
@lang_option
def check(paths, color, as_json, strict, lang):
    """Check the published answers of problem files against the solver.

    Every *.toml and *.jsonl file under each PATH (default: problems/ here,
    else the collection that ships with pref) that has an [expect] section
    is solved; one line per problem says ok, or
    WRONG with both values, then a summary. A problem whose declarer holds
    12 cards is checked with his best discard. A bad file, or a bad line of
    a JSON Lines file, is named on stderr in one line; the other problems
    are still checked. A saved estimate question ([estimate], no deal) is
    passed over with a line saying so.

    Each line also states the key: the first cards of the player to move
    that keep his side's best result ("unique key ♦A", "4 of 10 first cards
    work: …"), or for a declarer with 12 cards the discards that reach his
    best. A problem that declares [expect] key fails when another card works
    too (a cook, named) or the key does not work. With --strict a problem
    without a declared key fails when more than one choice works. With
    --lang ru the key and the titles are in Russian. A declared answer at
    the table ([expect] table: a misère caught there, true or false; a
    contract with open whist, its tricks there) is checked too.

    Exit code 0 when all agree, 1 when any differs, 2 when any input is bad
    (or a folder holds no problem files).

    \b
    Examples:
      pref check
      pref check problems/kovalevskaya-misere.toml problems/lasker-misere.toml
      pref check --strict problems/
      pref check --lang ru problems/kovalevskaya-misere.toml
      pref check --json | jq 'select(.agrees == false)'
    """
    use_color = want_color(color, sys.stdout)
    outcome = Outcome()
    ok = unchecked = skipped = 0
    for path, problem in _problems(paths):
        try:
            if isinstance(problem, ProblemError) and problem.message == ESTIMATE_QUESTION:
                skipped += 1
                click.echo(json.dumps({"file": str(path), "skipped": problem.message}) if as_json
                           else f"skip  {problem}")
                continue
            if isinstance(problem, ProblemError):
                raise problem
            if problem.expect is None or problem.kind is None:
                unchecked += 1
                continue
            report = problem_key(problem, engine())
            got = answer(problem, engine(), key=report)
            declared = problem.declared_key()
            table = solve_table(problem, engine(), with_key=False, key=report) \
                if problem.expect_table is not None else None
        except ProblemError as e:
            outcome.report(e)
            if as_json:
                click.echo(json.dumps(error_json(e, path), ensure_ascii=False))
            continue
        key_problem = key_verdict(declared, report) if declared is not None else \
            f"no key declared and {report.describe()}" if strict and not report.unique else None
        table_agrees = None if table is None else problem.agrees_table(table[1])
        agrees = problem.agrees(got) and key_problem is None and table_agrees is not False
        ok += agrees
        outcome.wrong += not agrees
        if as_json:
            out = {**problem.where_json(), "expect": problem.expect, "tricks": got,
                   "key": report.to_json() | {"declared": problem.key, "problem": key_problem}, "agrees": agrees}
            if table is not None:
                out["table"] = {"expect": problem.expect_table, "got": _table_value(table[1]),
                                "agrees": table_agrees}
            click.echo(json.dumps(out, ensure_ascii=False))
        elif agrees:
            mark = click.style("ok   ", fg="green") if use_color else "ok   "
            click.echo(f"{mark} {problem.where}: {_show(got)}{_show_table(table, lang)}, "
                       f"{report.describe(lang, partial(say, lang))}{_title(problem, lang)}", color=use_color)
        else:
            mark = click.style("WRONG", fg="red", bold=True) if use_color else "WRONG"
            what = [f"expected {_show(problem.expect)}, solver {_show(got)}"] if not problem.agrees(got) else []
            what += [key_problem] if key_problem else []
            if table_agrees is False:
                what.append(f"at the table expected {_show_value(problem.expect_table, lang)}, "
                            f"solver {_show_value(_table_value(table[1]), lang)}")
            click.echo(f"{mark} {problem.where}: {'; '.join(what)}{_title(problem, lang)}", color=use_color)
    if as_json:
        click.echo(json.dumps({"summary": {"ok": ok, "wrong": outcome.wrong, "without_expect": unchecked,
                                           "unreadable": outcome.bad, "skipped": skipped}}))
    else:
        summary = f"{ok} ok, {outcome.wrong} wrong"
        if unchecked:
            summary += f", {unchecked} without [expect]"
        if outcome.bad:
            summary += f", {outcome.bad} unreadable"
        if skipped:
            summary += f", {skipped} not a problem"
        click.echo(summary)
    sys.exit(outcome.exit_code)


def _problems(paths):
    """``(path, problem or ProblemError)`` of the paths named; with none, of ``problems/`` in the
    current folder (a composer's own, or the repository's), else of the collection that ships
    with pref (after a plain install, anywhere), each told by its name, not by where the package
    is installed."""
    if paths or Path("problems").is_dir() or collection.folder() is None:
        return each_problem(find_problem_files(paths or ["problems/"]))
    return ((name, item) for name in collection.names() for item in collection.load_named(name))


def _show(tricks) -> str:
    if isinstance(tricks, dict):
        return " ".join(f"{s}={tricks[s]}" for s in SEATS)
    return str(tricks)


def _table_value(answer):
    """What ``[expect] table`` states: a misère caught there or not, a contract's tricks there."""
    return answer.caught if answer.caught is not None else answer.deal_tricks


def _show_value(value, lang: str) -> str:
    if isinstance(value, bool):
        return say(lang, "caught") if value else say(lang, "escapes")
    return str(value)


def _show_table(table, lang: str) -> str:
    """``, at the table caught`` when the file declares the answer there."""
    if table is None:
        return ""
    return ", " + say(lang, "at the table {value}", value=_show_value(_table_value(table[1]), lang))


def _title(problem, lang: str) -> str:
    title = problem.text("title", lang)
    return f"  ({title})" if title else ""
