"""The answer at the table in a player's words: ``pref solve``'s line under the double-dummy answer.

A misère: "caught at the table: one plan catches every discard (66); the key ♦8", or "escapes
at the table: double dummy every discard is caught, but no single plan catches both ♠7 ♠8 and
♥7 ♥8 out". A contract with open whist: the declarer's tricks there, against his worst world
double dummy. See :mod:`preferans.at_table` for what is searched.
"""

from __future__ import annotations

from preferans.at_table import TableAnswer
from preferans.cards import cards_of, mask_of
from preferans.problems import TableQuestion

from .. import render
from ..style import Style
from ..words import plural, say


def table_lines(question: TableQuestion, answer: TableAnswer, style: Style) -> list[str]:
    """The answer at the table: a line of the verdict, and one of what it means where it matters."""
    lang = style.lang
    head = say(lang, "At the table") if answer.caught is not None else say(lang, "At the table (open whist)")
    if question.source == "none":
        what = _misere_verdict(answer, lang) if answer.caught is not None else _contract_tricks(answer, style)
        return [f"{head}: {what} — " + say(lang, "nothing of the declarer's is hidden (no talon, no discard): "
                                                 "the double-dummy answer")]
    worlds = _considered(question, answer, lang)
    if answer.caught is not None:
        return [f"{head}: " + _misere_text(answer, worlds, style)]
    return [f"{head}: " + _contract_text(answer, worlds, style)]


def _misere_verdict(answer: TableAnswer, lang: str) -> str:
    return say(lang, "caught") if answer.caught else say(lang, "escapes")


def _considered(question: TableQuestion, answer: TableAnswer, lang: str) -> str:
    """Which discards the defence covers: ``of the 66 discards he may have made`` (``из 66
    возможных сносов``), to follow "in each", "one", "59"."""
    n = len(answer.worlds)
    if answer.considered == "best":
        return say(lang, "of his {n} best discards double dummy", n=n)
    if answer.considered == "caught":
        return say(lang, "of the {n} ways of the two unseen cards that double dummy catches", n=n)
    if answer.considered == "listed":
        return say(lang, "of the {n} discards listed", n=n)
    return say(lang, "of the {n} discards he may have made", n=n)


def _discards(style: Style, discards) -> list[str]:
    """Each discard as a hand is written: ``♣J ♣8``."""
    return [style.cards(cards_of(mask_of(d))) for d in discards]


def _both(style: Style, discards) -> str:
    """``♠7 ♠8 and ♥7 ♥8``; ``♠7 ♠8, ♥7 ♥8 and ♦7 ♦8``."""
    shown = _discards(style, discards)
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + say(style.lang, " and ") + shown[-1]


def _key(answer: TableAnswer, style: Style) -> str:
    if not answer.key:
        return ""
    if len(answer.key) == 1:
        return "; " + say(style.lang, "the key {cards}", cards=style.card(answer.key[0]))
    return "; " + say(style.lang, "first cards that work: {cards}", cards=style.cards(answer.key))


def _misere_text(answer: TableAnswer, worlds: str, style: Style) -> str:
    lang = style.lang
    if answer.caught:
        return say(lang, "caught — one plan catches him in each {worlds}", worlds=worlds) + _key(answer, style)
    uncovered = answer.uncovered
    if len(uncovered) == 1 and answer.considered == "caught":
        return say(lang, "escapes — double dummy too, with {cards} the two cards nobody holds",
                   cards=_discards(style, uncovered)[0])
    if len(uncovered) == 1:
        return say(lang, "escapes — with the discard {cards}, one {worlds}, he escapes even double dummy",
                   cards=_discards(style, uncovered)[0], worlds=worlds)
    if answer.considered == "caught":  # the deal chose the unseen cards, not the declarer
        template = "escapes — {worlds}, no single plan catches both {discards} out: the catchers must guess" \
            if len(uncovered) == 2 else \
            "escapes — {worlds}, no single plan catches all of {discards} out: the catchers must guess"
        return say(lang, template, worlds=worlds, discards=_both(style, uncovered))
    dd = say(lang, "double dummy he is caught in each {worlds}", worlds=worlds) if all(answer.dd) else \
        say(lang, "double dummy he is caught in {n} {worlds}", n=sum(answer.dd), worlds=worlds)
    k = len(uncovered)
    template = ("escapes — {dd}, but no single plan catches both {discards} out; choosing one of these {k} at "
                "random, his chance to escape is at least 1 in {k}") if k == 2 else \
        ("escapes — {dd}, but no single plan catches all of {discards} out; choosing one of these {k} at "
         "random, his chance to escape is at least 1 in {k}")
    return say(lang, template, dd=dd, discards=_both(style, uncovered), k=k)


def _contract_tricks(answer: TableAnswer, style: Style) -> str:
    position = answer.position
    return render.answer(position.tricks_left, answer.game, answer.tricks, style, position.taken)


def _contract_text(answer: TableAnswer, worlds: str, style: Style) -> str:
    lang = style.lang
    result = _contract_tricks(answer, style)
    if not answer.uncovered:
        return result + " — " + say(lang, "one defence holds him to that in each {worlds}, as double dummy "
                                          "with his best one", worlds=worlds) + _key(answer, style)
    template = "double dummy {dd} with his best discard, but no single defence holds him to {dd} with both " \
        "{discards} out" if len(answer.uncovered) == 2 else \
        "double dummy {dd} with his best discard, but no single defence holds him to {dd} with all of " \
        "{discards} out"
    return result + " — " + say(lang, template, dd=plural(answer.dd_worst, lang),
                                discards=_both(style, answer.uncovered)) + _key(answer, style)
