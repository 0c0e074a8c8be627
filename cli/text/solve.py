"""``pref solve``'s words: a problem explained as a problem book would, or its answer alone.

:func:`explain` is the whole text (the deal as a diagram, the tricks played, the answer beside
the published one, the answer at the table, each card's value, the key, the best line and the
composer's notes); :func:`value_lines` the answer alone (``--only value``). Both are given the
problem solved, the best lines already marked (:func:`preferans.problems.best_lines`): nothing here
searches.
"""

from __future__ import annotations

from preferans.analysis.key import key_of_card_values
from preferans.analysis.line import Trick, tricks_of_line
from preferans.cards import SEATS
from preferans.problemfile import Problem
from preferans.problems import Solved
from preferans.rules import Kind

from .. import render
from ..style import Style
from ..words import plural, say
from .at_table import table_lines


def explain(problem: Problem, solved: Solved, style: Style, best_lines: dict[int, list[Trick]],
            table=None) -> list[str]:
    """The whole text answer for one problem solved in full. ``best_lines``: the best line trick
    by trick, the declarer's or each raspasy player's own, keyed by the seat
    (:func:`preferans.problems.best_lines`); ``table``: the question and the answer at the table,
    when one is asked."""
    result, discard, chosen = solved.result, solved.discard, solved.chosen
    game, position, lang = result.game, result.position, style.lang
    lines = [style.bold(render.heading(problem, lang))]
    task = problem.text("task", lang)
    if task:
        lines.append(f"{say(lang, 'Task')}: {task}")
    lines.append("")
    talon = problem.talon_cards()
    taken = problem.talon_taken() or (chosen and bool(talon))  # he took the talon, then discarded
    lines += render.diagram(position, style, declarer=game.declarer, talon=talon,
                            talon_note="taken" if taken else render.talon_note(game, position, lang),
                            discard=discard, discard_note="the best discard, chosen by the solver" if chosen else "")
    lines.append("")
    history = problem.history()
    if history:
        start, cards = history
        focus = game.declarer if game.declarer is not None else start.to_move
        lines.append(say(lang, "Tricks played:"))
        lines += render.trick_lines(tricks_of_line(start, game, cards, focus), style)
        lines.append("")
    lines.append(render.game_line(position, game, style))
    lines.append(style.bold(f"{say(lang, 'Answer')}: "
                            + render.answer(position.tricks_left, game, result.tricks, style, position.taken)))
    if problem.expect is not None:
        template = "Published answer: {answer} — agrees" if problem.agrees(result.deal_tricks) else \
            "Published answer: {answer} — DIFFERS"
        lines.append(say(lang, template, answer=_tricks_text(problem.expect, lang)))
    lines += table_answer_lines(problem, table, style)
    lines.append("")
    lines += render.card_value_lines(position, game, result.card_values, style)
    lines.append(_key_line(solved, lang))
    lines.append("")
    legend = say(lang, "* another card was as good, where the choice mattered")
    if position.trick:
        legend += say(lang, "; [ ] on the table at the start")
    if game.kind is Kind.RASPASY:
        for seat in SEATS:
            lines.append(say(lang, "Best line for {seat}, who takes {tricks} ({legend}):", seat=seat,
                             tricks=plural(result.tricks[seat], lang, taken=True), legend=legend))
            lines += render.trick_lines(best_lines[SEATS.index(seat)], style)
    else:
        lines.append(say(lang, "Best line ({legend}):", legend=legend))
        lines += render.trick_lines(best_lines[game.declarer], style)
    notes = problem.text("notes", lang).strip()
    if notes:
        lines += ["", f"{say(lang, 'Notes')}:"] + [("  " + row).rstrip() for row in notes.splitlines()]
    return lines


def value_lines(problem: Problem, result, style: Style, table=None) -> list[str]:
    """The heading, the game and the answer (``--only value``), and the answer at the table."""
    heading = render.heading(problem, style.lang)
    position = result.position
    return [style.bold(heading), render.game_line(position, result.game, style),
            f"{say(style.lang, 'Answer')}: "
            + render.answer(position.tricks_left, result.game, result.tricks, style, position.taken)] \
        + table_answer_lines(problem, table, style)


def table_answer_lines(problem: Problem, table, style: Style) -> list[str]:
    """The answer at the table, and the published one beside it (when it is for the discards covered:
    not with --table-discards other than the file's); nothing when none is asked."""
    if table is None:
        return []
    lines = table_lines(*table, style)
    agrees = problem.agrees_table(table[1]) if table[0].as_filed else None
    if agrees is not None:
        expected = problem.expect_table
        shown = (say(style.lang, "caught") if expected else say(style.lang, "escapes")) \
            if isinstance(expected, bool) else plural(expected, style.lang)
        template = "Published answer at the table: {answer} — agrees" if agrees else \
            "Published answer at the table: {answer} — DIFFERS"
        lines.append(say(style.lang, template, answer=shown))
    return lines


def _key_line(solved: Solved, lang: str) -> str:
    """``Key: unique key ♦A (for the defenders, A to play)``; for a declarer who had to
    discard, the discards that reach his best."""
    result = solved.result
    key = solved.discard_key or key_of_card_values(result.position, result.game, result.card_values)
    return f"{say(lang, 'Key')}: {render.key_text(key, lang)}"


def _tricks_text(tricks, lang: str = "en") -> str:
    if isinstance(tricks, dict):
        return ", ".join(f"{s} {tricks[s]}" for s in SEATS)
    return plural(tricks, lang)


__all__ = ["explain", "table_answer_lines", "value_lines"]
