"""Text for people: the diagram of a deal as in a problem book, the game, the answer, the line.

The diagram puts B top left, C top right and A at the bottom, so that play
(A → B → C) goes clockwise round the table; talon, discard and any cards already on
the table sit between them::

    B                       C
    ♠ 10 9 8 7              ♠ A K
    ♣ 8                     ♣ Q J 10
    ♦ 9 8 7                 ♦ A
    ♥ 9 8                   ♥ A K Q 10
               talon ♣K ♣A, out of play
               A, on lead
               ♠ Q J
               …

Every function returns lines of text; the commands print them.
"""

from __future__ import annotations

from functools import partial

from preferans.cards import SEATS, cards_of, mask_of, suit_of
from preferans import rules
from preferans.rules import DEALER, Game, Kind, Position, TalonMode, seat_name

from preferans.analysis.line import Trick
from . import words
from .style import Style, pad, visible_len
from .words import plural, say

def hand_rows(mask: int, style: Style) -> list[str]:
    """Four rows ♠ ♣ ♦ ♥, ranks high to low; a void is a dash."""
    rows = []
    for suit in range(4):
        ranks = [style.rank(c) for c in cards_of(mask) if suit_of(c) == suit]
        rows.append(f"{style.suit(suit)} {' '.join(ranks) if ranks else '—'}")
    return rows


def game_name(game: Game, style: Style) -> str:
    """``6♠ by C``, ``misère by B``, ``raspasy`` (``6♠, играет C``, ``мизер, играет B``, ``распасы``):
    :func:`preferans.rules.game_name` in the style's strains and language."""
    return rules.game_name(game, style.strain, partial(say, style.lang), talon=False)


TALON_MODE_WORDS = {
    TalonMode.NONE: "the talon is not used",
    TalonMode.SUIT: "talon cards turned for tricks 1 and 2 name the suit",
    TalonMode.DEALER: "talon cards turned for tricks 1 and 2 compete; the dealer takes what they hold",
}


def diagram(position: Position, style: Style, *, declarer: int | None = None,
            talon: tuple[int, ...] = (), talon_note: str = "", discard: tuple[int, ...] = (),
            hands: tuple[int, int, int] | None = None, discard_note: str = "") -> list[str]:
    """The deal as in a problem book; ``talon``/``discard`` are the cards as the file gives them.

    ``talon_note`` says what the talon does (see :func:`talon_note`); ``hands``
    overrides the position's (a declarer holding 12 cards before the discard).
    """
    hands = hands or position.hands
    labels = [SEATS[s] + _seat_tags(s, position, declarer, style.lang) for s in range(3)]
    left = [labels[1]] + hand_rows(hands[1], style)
    right = [labels[2]] + hand_rows(hands[2], style)
    width = max(24, max(visible_len(r) for r in left) + 8)
    indent = " " * (width // 2)
    lines = [pad(a, width) + b for a, b in zip(left, right)]
    if talon:
        note = f", {say(style.lang, talon_note)}" if talon_note else ""
        lines.append(indent + f"{say(style.lang, 'talon')} {style.cards(talon)}{note}")
    if discard:
        note = f"{say(style.lang, discard_note)}, " if discard_note else ""
        lines.append(indent + f"{say(style.lang, 'discard')} {style.cards(discard)}, {note}"
                     + say(style.lang, "out of play"))
    if position.trick:
        played = "  ".join(f"{SEATS[(position.leader + i) % 3]} {style.card(c)}"
                           for i, c in enumerate(position.trick))
        lines.append(indent + f"{say(style.lang, 'on the table')}: {played}")
    lines.append(indent + labels[0])
    lines += [indent + row for row in hand_rows(hands[0], style)]
    return lines


def talon_note(game: Game, position: Position, lang: str = "en") -> str:
    """What the talon does: turned for the first tricks of a raspasy (those still to come), or nothing."""
    turning = game.kind is Kind.RASPASY and game.talon_mode is not TalonMode.NONE
    if turning and len(position.talon) == 2:
        return "turned in this order"
    if turning and position.talon:
        return "the second card still to be turned"
    return "out of play"


def _seat_tags(seat: int, position: Position, declarer: int | None, lang: str = "en") -> str:
    tags = []
    if declarer == seat:
        tags.append(say(lang, "declarer"))
    if position.to_move == seat:
        tags.append(say(lang, "on lead" if not position.trick else "to play"))
    return f", {', '.join(tags)}" if tags else ""


def game_line(position: Position, game: Game, style: Style) -> str:
    text = f"{say(style.lang, 'Game')}: {game_name(game, style)}"
    if game.kind is Kind.RASPASY:
        text += f" ({say(style.lang, TALON_MODE_WORDS[game.talon_mode])})"
    mover = SEATS[position.to_move]
    return text + "; " + say(style.lang, "{mover} to play" if position.trick else "{mover} leads", mover=mover)


def heading(problem, lang: str = "en") -> str:
    """A problem's heading, ``Title — source``, in ``lang`` (the file's ``[ru]`` words in
    Russian), or where it is when it has no title."""
    return " — ".join(t for t in (problem.text("title", lang) or problem.where, problem.text("source", lang)) if t)


def answer(tricks_left: int, game: Game, tricks, style: Style, taken: tuple[int, int, int] = (0, 0, 0)) -> str:
    """The result in players' terms: made or down, misère clean or caught, raspasy per player.

    ``tricks_left`` tells a full deal (10: made or down) from an ending (3 of the 4 left);
    ``taken`` (the tricks already played) completes an ending to the whole deal.
    """
    lang = style.lang
    if game.kind is not Kind.RASPASY and any(taken) and sum(taken) + tricks_left == 10:
        whole = answer(10, game, taken[game.declarer] + tricks, style)
        return whole + say(lang, " ({tricks} of the {left} left)", tricks=tricks,
                           left=plural(tricks_left, lang) if lang == "en" else tricks_left)
    if game.kind is Kind.RASPASY:
        per_player = ", ".join(f"{s} {taken[i] + tricks[s]}" for i, s in enumerate(SEATS))
        if any(taken) and sum(taken) + tricks_left == 10:
            per_player += say(lang, " ({tricks} of the {left} left)",
                              tricks=", ".join(f"{s} {tricks[s]}" for s in SEATS),
                              left=plural(tricks_left, lang) if lang == "en" else tricks_left)
        return say(lang, "raspasy: {per_player} — the fewest tricks each player can be sure of when the other "
                   "two play against him", per_player=per_player)
    declarer = SEATS[game.declarer]
    left = tricks_left
    if game.kind is Kind.MISERE:
        if tricks == 0:
            return say(lang, "misère by {declarer} clean: no trick", declarer=declarer) + _of_left(left, lang)
        return say(lang, "misère by {declarer} caught: {tricks}", declarer=declarer,
                   tricks=plural(tricks, lang)) + _of_left(left, lang)
    head = f"{game_name(game, style)}: "
    if left < 10:
        return head + say(lang, "{declarer} takes {tricks} of the {left} left", declarer=declarer, tricks=tricks,
                          left=plural(left, lang) if lang == "en" else left)
    over = tricks - game.level
    if over == 0:
        verdict = say(lang, "made exactly")
    elif over > 0:
        verdict = say(lang, "made with {over} over", over=words.number_word(over) if lang == "en" else over)
    else:
        verdict = say(lang, "down {n}", n=-over if lang == "en" else words.number_word(-over, lang))
    return head + f"{plural(tricks, lang)}, {verdict}"


def _of_left(left: int, lang: str = "en") -> str:
    if left >= 10:
        return ""
    return say(lang, " (of the {left} left)", left=plural(left, lang) if lang == "en" else left)


def card_value_lines(position: Position, game: Game, card_values: dict[int, int], style: Style) -> list[str]:
    """Every legal card at the start, equal cards together, the mover's best group first."""
    mover = position.to_move
    if game.kind is Kind.RASPASY:
        counted, mover_wants_more = SEATS[mover], False
    else:
        counted = SEATS[game.declarer]
        declarer_side = mover == game.declarer
        mover_wants_more = declarer_side == (game.kind is Kind.CONTRACT)
    groups: dict[int, list[int]] = {}
    for c, v in card_values.items():
        groups.setdefault(v, []).append(c)
    head = say(style.lang, "Cards of {mover}, with {counted}'s tricks after each (best first):",
               mover=SEATS[mover], counted=counted)
    lines = [head]
    for v in sorted(groups, reverse=mover_wants_more):
        lines.append(f"  {plural(v, style.lang):>9}: {style.cards(cards_of(mask_of(groups[v])))}")
    return lines


def trick_lines(tricks: list[Trick], style: Style) -> list[str]:
    """One row per trick: number, the turned talon card, each player's card, the winner.

    ``*`` marks a card where another was as good (listed at the end of the row; a
    neighbour in sequence does not count, see :mod:`preferans.analysis.line`);
    cards in brackets were on the table when the problem starts.
    """
    lines = []
    for t in tricks:
        cells, notes = [], []
        for p in t.plays:
            text = f"{SEATS[p.seat]} {style.card(p.card)}"
            if p.on_table:
                text = f"[{text}]"
            if p.as_good:
                text += "*"
                notes.append(f"{SEATS[p.seat]} {style.cards(p.as_good)}")
            cells.append(pad(text, 8))
        talon = f"{say(style.lang, 'talon')} {style.card(t.talon_card)}: " if t.talon_card is not None else ""
        winner = "" if t.winner is None else f"→ {seat_name(t.winner)}"
        if t.winner == DEALER:
            winner += " " + say(style.lang, "(the talon card holds)")
        row = f"{t.number:>4}. {talon}{''.join(cells)}{winner}"
        if notes:
            row += "   " + say(style.lang, "* as good: {notes}", notes="; ".join(notes))
        lines.append(row)
    return lines


def wrap_items(items: list[str], width: int, indent: str, sep: str = ", ") -> list[str]:
    """Items joined with ``sep`` into lines of at most ``width`` visible characters."""
    lines, current = [], ""
    for item in items:
        candidate = f"{current}{sep}{item}" if current else item
        if current and len(indent) + visible_len(candidate) > width:
            lines.append(indent + current + sep.rstrip())
            current = item
        else:
            current = candidate
    if current:
        lines.append(indent + current)
    return lines


def key_text(report, lang: str = "en") -> str:
    """A key report in players' words: ``unique key ♦A (for the catchers, A to play)``;
    ``unique discard ♣J ♣Q`` (a discard is always the declarer's)."""
    if report.discard:
        return report.describe(lang, partial(say, lang))
    whose = {"declarer": say(lang, "for the declarer"), "defenders": say(lang, "for the defenders"),
             "catchers": say(lang, "for the catchers")}.get(
        report.side, say(lang, "for {mover}", mover=SEATS[report.mover]))
    whose += ", " + say(lang, "{mover} to play", mover=SEATS[report.mover])
    text = report.describe(lang, partial(say, lang))
    note = text.rpartition("(")[2]
    if text.endswith(")") and not note[:-1].isdigit():  # one bracket: "(equal cards: one play; for …)"
        return f"{text[:-1]}; {whose})"
    return f"{text} ({whose})"
