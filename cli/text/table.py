"""``pref table``'s words: the double-dummy table of a deal under its diagram.

Rows are the declarers, columns his most tricks in each strain and his fewest in misère; then
each player's raspasy value, and with a talon the best discard of each cell.
"""

from __future__ import annotations

from preferans.cards import NO_TRUMP, SEATS, cards_of, mask_of
from preferans.rules import Game, Position, TalonMode

from .. import render
from ..style import Style, pad
from ..words import say


COLUMNS = [*range(NO_TRUMP + 1), "misere"]


def table_lines(result, hands, talon, leader: int, mode: TalonMode, style: Style) -> list[str]:
    """The diagram and the table of :func:`preferans.analysis.table.dd_table`'s ``result``."""
    lines = render.diagram(Position(hands, leader), style, talon=talon)
    lines.append("")
    lines.append(say(style.lang, "{leader} leads. Contracts: the declarer's most tricks; misère: his fewest "
                     "(0 = clean)", leader=SEATS[leader])
                 + (say(style.lang, "; each with his best discard.") if talon else "."))
    head = "           " + "".join(pad(_column_name(col, style), 7) for col in COLUMNS)
    lines.append(head.rstrip())
    for seat in range(3):
        cells = [result.contracts[(seat, col)] if col != "misere" else result.misere[seat] for col in COLUMNS]
        lines.append(f"  {SEATS[seat]:<9}" + "".join(f"{v:<7}" for v in cells).rstrip())
    per_player = ", ".join(f"{s} {result.raspasy[i]}" for i, s in enumerate(SEATS))
    lines.append("")
    lines.append(say(style.lang, "Raspasy ({mode}): {per_player} — the fewest tricks each can be sure of",
                     mode=say(style.lang, render.TALON_MODE_WORDS[mode]), per_player=per_player))
    if talon and result.discards:
        lines.append("")
        lines.append(say(style.lang, "Best discards (the talon taken):"))
        lines.append(("           " + "".join(pad(_column_name(col, style), 9) for col in COLUMNS)).rstrip())
        for seat in range(3):
            cells = [style.cards(cards_of(mask_of(result.discards[(seat, col)]))) for col in COLUMNS]
            lines.append((f"  {SEATS[seat]:<9}" + "".join(pad(c, 9) for c in cells)).rstrip())
    return lines


def _column_name(col, style: Style) -> str:
    return say(style.lang, "misère") if col == "misere" else style.strain(col)


def after_discard_line(game: Game, discard, style: Style) -> str:
    """What a table after a 12-card declarer's best discard says of it, above the diagram."""
    return say(style.lang, "{declarer} held 12 cards: the table is of the deal after his best discard for "
               "{game}, {cards} (the solver's, as pref solve takes it)",
               declarer=SEATS[game.declarer], game=render.game_name(game, style),
               cards=" ".join(style.card(c) for c in discard))


__all__ = ["after_discard_line", "table_lines"]
