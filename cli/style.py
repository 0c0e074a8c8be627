"""How cards look on the screen: the language of the ranks and, on a terminal, red suits."""

from __future__ import annotations

import os
from dataclasses import dataclass

import click

from preferans.cards import NO_TRUMP, SUIT_SYMBOLS, suit_of
from preferans.notation import format_card

RED_SUITS = (2, 3)  # ♦ ♥
NO_TRUMP_NAME = {"en": "NT", "ru": "БК"}


def want_color(flag: bool | None, stream) -> bool:
    """Colour when asked (``--color``/``--no-color``), else only on a terminal and without NO_COLOR."""
    if flag is not None:
        return flag
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


@dataclass(frozen=True)
class Style:
    """Card and suit text in one language (``en``: ``♠A``, ``ru``: ``♠Т``), coloured or plain."""

    lang: str = "en"
    color: bool = False

    def card(self, c: int) -> str:
        return self._paint(format_card(c, "symbol", self.lang), suit_of(c))

    def cards(self, cards) -> str:
        return " ".join(self.card(c) for c in cards)

    def rank(self, c: int) -> str:
        return format_card(c, "symbol", self.lang)[1:]

    def suit(self, suit: int) -> str:
        return self._paint(SUIT_SYMBOLS[suit], suit)

    def strain(self, strain: int) -> str:
        return NO_TRUMP_NAME[self.lang] if strain == NO_TRUMP else self.suit(strain)

    def bold(self, text: str) -> str:
        return click.style(text, bold=True) if self.color else text

    def _paint(self, text: str, suit: int) -> str:
        return click.style(text, fg="red") if self.color and suit in RED_SUITS else text


def visible_len(text: str) -> int:
    """Length on screen: colour codes take no room."""
    return len(click.unstyle(text))


def pad(text: str, width: int) -> str:
    return text + " " * max(0, width - visible_len(text))
