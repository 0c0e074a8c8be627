"""Problem files: one preferans problem in TOML, or on one line as JSON.

The format is documented in ``docs/problem-format.md``. This module is the format
alone: reading (``load``/``loads``), writing (``dump``/``dumps``), the declared key
(:func:`parse_key`, :func:`format_key`) and the checks; it runs no search.
:mod:`preferans.problems`, above it and above :mod:`preferans.analysis`, does the solving.

A file is read into a :class:`Problem`, which keeps the fields as written (so a
diagram can show the problem as the composer gave it) and the engine's objects
parsed from them once, when the problem is loaded and checked: :meth:`Problem.hands`,
:meth:`Problem.game` and :meth:`Problem.position` return the same objects each
time. Loading checks everything, so a problem that loads can be solved.

The reading of the file under the format (its bytes once and bounded, UTF-8, JSON Lines
a line at a time, TOML and JSON errors by line, control characters refused) is
:mod:`preferans.textfiles`'s, shared with the project's other input files. Every error is
its :class:`~preferans.textfiles.ProblemError` (part of this module's API too), whose text
is one line, ``FILE: FIELD: what is wrong`` (``FILE: line N: …`` for broken TOML or JSON).

>>> p = loads_toml('''
... [deal]
... A = "♠AKQ"
... B = "♠J10 ♣7"
... C = "♣AKQ"
... [game]
... kind = "contract"
... contract = "6S"
... declarer = "A"
... ''', "example.toml")
>>> p.game().level, p.position().tricks_left
(6, 3)
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, make_dataclass, replace
from functools import cached_property
from pathlib import Path

from .errors import InputError, excerpt
from .cards import SEATS, ascii_name, count
from .notation import NotationError, format_hand, parse_card_list, parse_hand
from .parse import kind_word, parse_game, parse_seat, position_from_cards
from .rules import Game, Kind, Position, TalonMode, raspasy_talon_mode
from .textfiles import (ProblemError, check_keys, decode, holds_nothing, json_document, json_lines, open_bytes,
                        read_lines, read_text, terminal_control, toml_document)

__all__ = ["ANY", "DIFFICULTIES", "DeclaredKey", "LANGUAGES", "Problem", "ProblemError", "SIDES", "TEXTS", "Texts",
           "dump", "dumps", "format_key", "load", "load_each",
           "load_many", "loads", "loads_json", "loads_toml", "parse_key", "to_dict"]

TEXTS = ("title", "index_title", "task", "theme", "notes", "source")
"""The fields a reader reads, in English at the top level and in Russian in ``[ru]``."""

KEYS = {
    "": ("title", "index_title", "task", "side", "source", "theme", "difficulty", "notes",
         "deal", "game", "expect", "ru"),
    "deal": ("A", "B", "C", "talon", "discard"),
    "game": ("kind", "contract", "declarer", "leader", "played", "trick", "raspasy_talon", "whist",
             "table_discards"),
    "expect": ("tricks", "key", "table"),
    "ru": TEXTS,
}
"""The keys each section may hold; any other key is an error (it is most often a typo)."""

LANGUAGES = ("en", "ru")
"""The languages of a problem's texts: English at the top level, Russian in ``[ru]``."""

DIFFICULTIES = {"easy": "лёгкая", "medium": "средняя", "hard": "трудная"}
"""The words of ``difficulty`` and how a Russian book says them (the collection uses one of them)."""

SIDES = ("declarer", "defenders")
"""What ``side`` may say: whose play the problem is about (a misère's defenders are its catchers)."""


Texts = make_dataclass("Texts", [(key, str, dataclasses.field(default="")) for key in TEXTS], frozen=True)
Texts.__doc__ = """A problem's words in one more language (the ``[ru]`` table): each of :data:`TEXTS` as at the top level."""


@dataclass(frozen=True)
class Problem:
    """One problem, its fields as written in the file (card fields as text).

    ``kind`` is ``None`` when the file has no ``[game]`` section, which is enough
    for a double-dummy table of the deal but not for a solve. ``path`` and ``line``
    say where the problem came from (``line`` only for JSON Lines).
    """

    path: str
    A: str
    B: str
    C: str
    title: str = ""
    source: str = ""
    notes: str = ""
    theme: str = ""
    difficulty: str = ""
    index_title: str = ""
    task: str = ""
    side: str | None = None
    ru: Texts = Texts()
    talon: str | None = None
    discard: str | None = None
    kind: str | None = None
    contract: str | None = None
    declarer: str | None = None
    leader: str = "A"
    trick: str | None = None
    played: tuple[str, ...] | None = None
    raspasy_talon: str | None = None
    whist: str | None = None
    table_discards: str | tuple[str, ...] | None = None
    expect: int | dict[str, int] | None = None
    key: str | None = None
    expect_table: bool | int | None = None
    line: int | None = None

    # -- where and how to complain -------------------------------------------------

    @property
    def where(self) -> str:
        """The file, and the line for a problem read from JSON Lines."""
        return f"{self.path}: line {self.line}" if self.line else self.path

    @property
    def lineno(self) -> int | None:
        """The line of a JSON Lines file the problem is on (the JSON results' ``lineno``)."""
        return self.line

    @property
    def name(self) -> str:
        """What to call the problem in one-line reports: its title, else where it is."""
        return self.title or self.where

    def error(self, field: str, message: str) -> ProblemError:
        return ProblemError(self.where, field, message, self.line)

    # -- the words a reader reads, in his language ---------------------------------

    def text(self, field: str, lang: str = "en") -> str:
        """A text field (title, task, notes …, or difficulty) in ``lang``: the ``[ru]`` table's
        for Russian, the top level's where the Russian is not written (or for English).

        ``index_title`` is the title to list a problem by without giving it away: the
        ``index_title`` written (in ``lang``, else English), else the ``title``."""
        if field == "index_title" and not (self.index_title or self.ru.index_title):
            field = "title"
        if field == "difficulty":
            return DIFFICULTIES.get(self.difficulty, self.difficulty) if lang == "ru" else self.difficulty
        english = getattr(self, field)
        return (getattr(self.ru, field) or english) if lang == "ru" else english

    def untranslated(self) -> list[str]:
        """The text fields written in one language only, as the missing field is named
        (``ru.notes``; ``task`` for a task written only in Russian), and a ``difficulty``
        that is not one of :data:`DIFFICULTIES` (it has no Russian). A file may speak one
        language; the collection's speak both (a test of the collection asks it)."""
        missing = [f"ru.{key}" if getattr(self, key) else key
                   for key in TEXTS if bool(getattr(self, key)) != bool(getattr(self.ru, key))]
        if self.difficulty and self.difficulty not in DIFFICULTIES:
            missing.append("difficulty")
        return missing

    def _wrap(self, error: InputError) -> ProblemError:
        return self.error(error.field, error.message)

    # -- the engine's objects --------------------------------------------------------

    @property
    def hands_text(self) -> tuple[str, str, str]:
        return self.A, self.B, self.C

    def game(self) -> Game:
        """The game of ``[game]``; a raspasy with a talon turns it (mode ``suit``) by default."""
        return self._game

    @cached_property
    def _game(self) -> Game:
        if self.kind is None:
            raise self.error("game", "the problem has no [game] section")
        mode = self.raspasy_talon
        try:
            if kind_word(self.kind) == Kind.RASPASY.value:
                hand_size = max(count(h) for h in self.hands())
                mode = raspasy_talon_mode(mode, self.talon_cards(), hand_size).value
            return parse_game(self.kind, self.contract, self.declarer, mode)
        except InputError as e:
            raise self._wrap(e) from None

    def hands(self) -> tuple[int, int, int]:
        """The three hands as masks (the declarer may hold 12 cards: see :attr:`needs_discard`)."""
        return self._hands

    @cached_property
    def _hands(self) -> tuple[int, int, int]:
        hands = []
        for seat, text in enumerate(self.hands_text):
            try:
                hands.append(parse_hand(text))
            except NotationError as e:
                raise self.error(f"deal.{SEATS[seat]}", str(e)) from None
        return tuple(hands)

    def talon_cards(self) -> tuple[int, ...]:
        """The talon in the order its cards are turned (empty when the file gives none)."""
        return self._talon_cards

    @cached_property
    def _talon_cards(self) -> tuple[int, ...]:
        order_matters = self.kind is not None and kind_word(self.kind) == Kind.RASPASY.value \
            and str(self.raspasy_talon or "suit").strip().lower() != TalonMode.NONE.value
        return self._two_cards("deal.talon", self.talon, order_matters, "the talon holds 2 cards")

    def discard_cards(self) -> tuple[int, ...]:
        """The cards the declarer put aside (out of play)."""
        return self._discard_cards

    @cached_property
    def _discard_cards(self) -> tuple[int, ...]:
        return self._two_cards("deal.discard", self.discard, False, "a discard is 2 cards")

    def _two_cards(self, field: str, text: str | None, order_matters: bool, rule: str) -> tuple[int, ...]:
        """The cards of the talon or the discard: none when the file gives none, else two."""
        if text is None:
            return ()
        cards = _card_list(text, self.error, field, order_matters)
        if len(cards) != 2:
            raise self.error(field, f"{rule}, got {len(cards)}")
        return cards

    def declarer_seat(self) -> int | None:
        """The declarer's seat, as the game names it (None in raspasy or without ``[game]``)."""
        return None if self.kind is None else self.game().declarer

    @property
    def needs_discard(self) -> bool:
        """Whether the declarer holds two cards more than the others (10 and the talon), to discard."""
        seat = self.declarer_seat()
        if seat is None:
            return False
        sizes = [count(h) for h in self.hands()]
        others = [sizes[s] for s in range(3) if s != seat]
        return not self.trick and not self.played and others[0] == others[1] and sizes[seat] == others[0] + 2

    def position(self) -> Position:
        """The position to solve: hands, leader, trick on the table, talon still to turn."""
        return self._position

    @cached_property
    def _position(self) -> Position:
        game = self.game()
        if self.needs_discard:
            raise self.error(f"deal.{SEATS[game.declarer]}", "the declarer holds two cards more than the "
                             "others and has not discarded yet; `pref discard` finds the best discard")
        return self._make_position(game)

    def _make_position(self, game: Game | None) -> Position:
        try:
            return position_from_cards(self.hands(), self.leader_seat(), game, trick=self._trick_cards,
                                       talon=self.talon_cards(), out_of_play=self.discard_cards(),
                                       played=self._played_cards)
        except InputError as e:
            raise self._wrap(e) from None

    @cached_property
    def _trick_cards(self) -> tuple[int, ...]:
        return _card_list(self.trick, self.error, "game.trick", order_matters=True) if self.trick else ()

    @cached_property
    def _played_cards(self) -> tuple[tuple[int, ...], ...]:
        return tuple(_card_list(t, self.error, f"game.played[{i}]", order_matters=True)
                     for i, t in enumerate(self.played or ()))

    def with_discard(self, cards) -> "Problem":
        """The problem after the declarer (holding 12 cards) puts ``cards`` aside: his hand
        without them, and the two cards as ``[deal] discard``."""
        hands12, seat = self.deal_for_discard()
        aside = 0
        for c in cards:
            aside |= 1 << c
        if len(cards) != 2 or hands12[seat] & aside != aside:
            raise self.error("deal.discard", f"{_ascii(cards)} is not two cards of the declarer's hand")
        hand = format_hand(hands12[seat] & ~aside)
        return replace(self, **{SEATS[seat]: hand}, discard=_ascii(sorted(cards)))

    def deal_for_discard(self) -> tuple[tuple[int, int, int], int]:
        """The hands with the declarer's 12 cards, and the declarer, for a discard search.

        The declarer holds 12 cards in ``[deal]``, or 10 with the talon given apart
        (he takes it), and the others 10 each; an ending works alike (5 against 3 and 3).
        """
        return self._deal_for_discard

    @cached_property
    def _deal_for_discard(self) -> tuple[tuple[int, int, int], int]:
        game = self.game()
        if game.kind is Kind.RASPASY:
            raise self.error("game.kind", "raspasy has no declarer and no discard")
        if self.discard is not None:
            raise self.error("deal.discard", "the declarer has discarded already")
        if self.trick:
            raise self.error("game.trick", "a discard is chosen before the first trick")
        if self.played:
            raise self.error("game.played", "a discard is chosen before the first trick")
        self._make_position(None)  # cards given twice, in two places
        hands = list(self.hands())
        seat = game.declarer
        if [count(h) for h in hands] == [10, 10, 10] and self.talon is not None:
            for c in self.talon_cards():
                hands[seat] |= 1 << c
        sizes = [count(h) for h in hands]
        others = [sizes[s] for s in range(3) if s != seat]
        if others[0] != others[1] or sizes[seat] != others[0] + 2:
            shown = ", ".join(f"{SEATS[s]} {sizes[s]}" for s in range(3))
            raise self.error("deal", f"for a discard the declarer {SEATS[seat]} holds two cards more than "
                             f"each other player (12 and 10, or 10 and the talon), got {shown}")
        return (hands[0], hands[1], hands[2]), seat

    def leader_seat(self) -> int:
        return self._leader_seat

    @cached_property
    def _leader_seat(self) -> int:
        try:
            return parse_seat(self.leader, "game.leader")
        except InputError as e:
            raise self._wrap(e) from None

    # -- what the problem asks -------------------------------------------------------

    def talon_taken(self) -> bool:
        """Whether the declarer took the talon: a discard is given and a talon card is in his hand or in it."""
        seat = self.declarer_seat()
        if seat is None or not self.talon or not self.discard:
            return False
        mine = self.hands()[seat]
        aside = self.discard_cards()
        return any(mine >> c & 1 or c in aside for c in self.talon_cards())

    def history(self) -> tuple[Position, list[int]] | None:
        """The position as dealt and the cards of the tricks ``played`` since, in order (None without)."""
        if not self.played:
            return None
        try:
            start = position_from_cards(self.hands(), self.leader_seat(), self.game(), talon=self.talon_cards(),
                                        out_of_play=self.discard_cards())
        except InputError as e:  # checked when the problem was read
            raise self._wrap(e) from None
        return start, [c for trick in self._played_cards for c in trick]

    def agrees(self, tricks) -> bool | None:
        """Whether the solver's ``tricks`` are the published answer; None without ``[expect]``.

        Both count the whole deal: with tricks ``played``, the tricks taken in them too
        (:attr:`preferans.api.Result.deal_tricks`, :func:`preferans.problems.answer`)."""
        return None if self.expect is None else tricks == self.expect

    def where_json(self) -> dict:
        """Where the problem came from, for JSON results: ``file``, ``lineno``, ``title``."""
        out: dict = {"file": self.path}
        if self.line:
            out["lineno"] = self.line
        if self.title:
            out["title"] = self.title
        return out

    # -- checks made when the problem is read -------------------------------------

    def check(self) -> "Problem":
        """Raise :class:`ProblemError` for anything that would stop a solve; return self."""
        if self.kind is None:
            if self.side is not None:
                raise self.error("side", "a side needs a [game] section")
            self._make_position(None)
            self.leader_seat()
            return self
        game = self.game()
        self._check_side(game)
        if self.needs_discard:
            hands, declarer = self.deal_for_discard()
            left, taken = count(hands[(declarer + 1) % 3]), (0, 0, 0)
        else:
            left, taken = self.position().tricks_left, self.position().taken
        self._check_expect(game, left, taken)
        self._check_table(game, left, taken)
        self.declared_key()
        return self

    @property
    def open_whist(self) -> bool:
        """A contract played with open whist (``[game] whist = "open"``): its answer at the table is asked."""
        return self.whist is not None and self.whist.strip().lower() == "open"

    def asks_table(self, open_whist: bool = False) -> bool:
        """Whether the answer at the table is asked: every misère, and a contract with open whist
        (the file's, or ``open_whist`` from the command line)."""
        kind = None if self.kind is None else kind_word(self.kind)
        return kind == Kind.MISERE.value or kind == Kind.CONTRACT.value and (self.open_whist or open_whist)

    def _check_table(self, game: Game, tricks_left: int, taken: tuple[int, int, int]) -> None:
        """``[game] whist``, ``[game] table_discards`` and ``[expect] table``, against the game."""
        if self.whist is not None:
            if game.kind is not Kind.CONTRACT:
                raise self.error("game.whist", f"open or closed whist belongs to a contract, not to a {game.kind.value}"
                                 + (" (its catchers always lie open)" if game.kind is Kind.MISERE else ""))
            if self.whist.strip().lower() not in ("open", "closed"):
                raise self.error("game.whist", f"open or closed, not {excerpt(self.whist)}")
        asked = self.asks_table()
        if self.table_discards is not None and not asked:
            raise self.error("game.table_discards", "the discards at the table belong to a misère or to a "
                             "contract with whist = \"open\"")
        if isinstance(self.table_discards, tuple):
            for i, pair in enumerate(self.table_discards):
                if len(_card_list(pair, self.error, f"game.table_discards[{i}]", False)) != 2:
                    raise self.error(f"game.table_discards[{i}]", f"a discard is 2 cards, not {excerpt(pair)}")
        if self.expect_table is None:
            return
        if game.kind is Kind.MISERE:
            if not isinstance(self.expect_table, bool):
                raise self.error("expect.table", f"a misère expects true (caught at the table) or false, "
                                 f"not {excerpt(self.expect_table)}")
        elif game.kind is Kind.CONTRACT and self.open_whist:
            if isinstance(self.expect_table, bool):
                raise self.error("expect.table", "a contract with open whist expects the declarer's tricks at "
                                 "the table (a number), not true or false")
            before = taken[game.declarer]
            if not before <= self.expect_table <= before + tricks_left:
                raise self.error("expect.table", f"tricks must be {before} to {before + tricks_left}, "
                                 f"not {self.expect_table}")
        else:
            raise self.error("expect.table", "the answer at the table belongs to a misère or to a contract with "
                             "whist = \"open\"")

    def agrees_table(self, answer) -> bool | None:
        """Whether the answer at the table (a :class:`~preferans.at_table.TableAnswer`) is the one declared
        (``[expect] table``); None when none is declared."""
        if self.expect_table is None:
            return None
        got = answer.caught if answer.caught is not None else answer.deal_tricks
        return got == self.expect_table

    def _check_side(self, game: Game) -> None:
        if self.side is None:
            return
        if game.kind is Kind.RASPASY:
            raise self.error("side", "raspasy has no sides: each player plays for himself; leave side out")
        if self.side not in SIDES:
            raise self.error("side", f"the side is {' or '.join(SIDES)}, not {excerpt(self.side)}")

    def side_seats(self) -> tuple[int, ...]:
        """The seats whose play the problem is about: its ``side``, else the side of the player to
        move (the declarer, who moves first, when he holds 12 cards to discard); in raspasy the
        player to move. A board offers this side first."""
        game = self.game()
        if game.kind is Kind.RASPASY:
            return (self.position().to_move,)
        declarer = game.declarer
        side = self.side
        if side is None:
            side = "declarer" if self.needs_discard or self.position().to_move == declarer else "defenders"
        return (declarer,) if side == "declarer" else tuple(s for s in range(3) if s != declarer)

    def declared_key(self) -> DeclaredKey | None:
        """``[expect] key`` parsed (see :func:`parse_key`), or ``None``."""
        return self._declared_key

    @cached_property
    def _declared_key(self) -> DeclaredKey | None:
        if self.key is None:
            return None
        if self.kind is None:
            raise self.error("expect.key", "a key needs a [game] section")
        try:
            return parse_key(self.key, self.needs_discard)
        except ValueError as e:
            raise self.error("expect.key", str(e)) from None

    def _check_expect(self, game: Game, tricks_left: int, taken: tuple[int, int, int]) -> None:
        """``[expect] tricks`` counts the whole deal: a player's tricks lie between those he
        took in the tricks ``played`` and those plus every trick left to play."""
        if self.expect is None:
            return
        if game.kind is Kind.RASPASY:
            if not isinstance(self.expect, dict) or sorted(self.expect) != list(SEATS):
                raise self.error("expect.tricks", "raspasy expects tricks for each player: "
                                 "tricks = {A = …, B = …, C = …}")
            values = [(s, self.expect[s], taken[i]) for i, s in enumerate(SEATS)]
        else:
            if isinstance(self.expect, dict):
                raise self.error("expect.tricks", f"a {game.kind.value} expects one number, "
                                 "the declarer's tricks")
            values = [(SEATS[game.declarer], self.expect, taken[game.declarer])]
        for seat, v, before in values:
            if not before <= v <= before + tricks_left:
                if not any(taken):
                    raise self.error("expect.tricks", f"tricks must be 0 to {tricks_left}, the tricks left "
                                     f"to play, not {v}")
                raise self.error("expect.tricks", f"tricks count the whole deal: {seat} took {before} in the "
                                 f"tricks played and {tricks_left} are left to play, so {before} to "
                                 f"{before + tricks_left}, not {v}")


def _ascii(cards) -> str:
    return " ".join(ascii_name(c) for c in cards)


def _card_list(text: str, error, field: str, order_matters: bool) -> tuple[int, ...]:
    """The cards of a field (see :func:`~preferans.notation.parse_card_list`); an error names the field."""
    try:
        return tuple(parse_card_list(text, order_matters))
    except NotationError as e:
        raise error(field, str(e)) from None


# -- the declared key ([expect] key) -------------------------------------------------

ANY = "any"
"""The declared key of a demonstration: every choice works."""

Choice = tuple[int, ...]
"""One card ``(c,)`` or one discard ``(c1, c2)``, cards in ascending order."""


DeclaredKey = str | frozenset[Choice]
"""A key as a file declares it: :data:`ANY`, or the set of working choices."""


def parse_key(text: str, discard: bool) -> DeclaredKey:
    """A declared key: ``"any"``, or the working cards (``"AD"``, ``"♦10 ♦J"``), or for a
    discard problem the working discards, separated by commas (``"AS AH, AS KH"``).

    Raises ``ValueError`` with a message for the user.
    """
    text = str(text).strip()
    if text.lower() == ANY:
        return ANY
    if not text:
        raise ValueError("the key is empty; give the working card(s), or \"any\"")
    if not discard:
        if "," in text:
            raise ValueError("commas separate discards; a first-card key is cards separated by spaces")
        return frozenset((c,) for c in _key_cards(text))
    out = set()
    for part in text.split(","):
        cards = _key_cards(part)
        if len(cards) != 2:
            raise ValueError(f"a discard is two cards, not {part.strip()!r} (separate discards with commas)")
        out.add(tuple(sorted(cards)))
    return frozenset(out)


def _key_cards(text: str) -> list[int]:
    try:
        return parse_card_list(text)
    except NotationError as e:
        raise ValueError(str(e)) from None


def format_key(choices) -> str:
    """Choices as a file declares them (ASCII: ``10D JD``, or for discards ``AS AH, AS KH``)."""
    choices = sorted(choices)
    sep = ", " if any(len(ch) > 1 for ch in choices) else " "
    return sep.join(" ".join(ascii_name(c) for c in ch) for ch in choices)


# -- reading -----------------------------------------------------------------------


def load(path: str | Path) -> Problem:
    """Read one problem from a TOML file (``.json``: one JSON object; ``.jsonl``: one line of JSON).

    Any kind of file will do, read once: a pipe (``/dev/stdin``, ``<(cat f.toml)``) holds
    TOML, or JSON when its text starts with ``{`` (TOML never does)."""
    problems = load_many(path)
    if len(problems) != 1:
        raise ProblemError(str(path), "file", f"holds {len(problems)} problems; one is needed here")
    return problems[0]


def load_many(path: str | Path) -> list[Problem]:
    """All problems of a file: one for TOML or ``.json``, one per line for ``.jsonl``.

    The first bad problem raises its :class:`ProblemError`; :func:`load_each` reports
    every one and keeps the good ones.
    """
    out = []
    for item in load_each(path):
        if isinstance(item, ProblemError):
            raise item
        out.append(item)
    return out


def load_each(path: str | Path) -> list[Problem | ProblemError]:
    """Every problem of a file, or in its place the error that stops it, in file order.

    The file is read once, so a pipe works as well as a file. A JSON Lines file is read
    line by line, so a bad line (broken JSON, a stray byte that is not UTF-8, a wrong
    field) costs only that line: the problems on the other lines are still read. A file
    that cannot be read at all, or holds no problem, gives one error.
    """
    name = str(path)
    out: list[Problem | ProblemError] = []
    try:
        if name.endswith(".jsonl"):
            with open_bytes(path) as stream:
                out += json_lines(read_lines(stream, name), name, loads_json)
        else:
            text = read_text(path)
            if not text.strip("\ufeff \t\r\n"):
                raise ProblemError(name, "file", holds_nothing())
            if not name.endswith((".toml", ".json")) and text.lstrip("\ufeff \t\r\n").startswith("{"):
                out += json_lines(text.split("\n"), name, loads_json)  # JSON from a pipe: a line each
            else:
                out.append(loads(text, name))
    except ProblemError as e:
        out.append(e)
    return out or [ProblemError(name, "file", holds_nothing())]


# -- writing -----------------------------------------------------------------------

_ATTRIBUTE = {("expect", "tricks"): "expect", ("expect", "table"): "expect_table"}
"""Where a key's value lives on :class:`Problem` when it is not the attribute of the same name."""


def to_dict(problem: Problem) -> dict:
    """The problem as the nested tables of its file (only the keys it gives), ready for TOML or JSON.
    Without a published answer (``expect``) there is no ``[expect]``: its key and its answer at the
    table belong to that answer (a position played on from the problem drops all three)."""
    out: dict = {}
    for section, keys in KEYS.items():
        if section == "expect" and problem.expect is None:
            continue
        table = {}
        for key in keys:
            if section == "" and key in KEYS:
                continue
            if section == "ru":
                value = getattr(problem.ru, key) or None
            else:
                value = getattr(problem, _ATTRIBUTE.get((section, key), key), None)
            if value is None or value == "" and section == "":
                continue
            if section == "game" and problem.kind is None:
                continue
            if (section, key) == ("game", "leader") and value == "A" and problem.trick is None:
                continue
            table[key] = value
        if section == "":
            out.update(table)
        elif table:
            out[section] = table
    return out


def dumps(problem: Problem, format: str = "toml") -> str:
    """The problem's text, TOML (a file) or JSON (one line, for JSON Lines); :func:`loads` reads it back."""
    data = to_dict(problem)
    if format == "json":
        return json.dumps(data, ensure_ascii=False)
    if format != "toml":
        raise ValueError(f"format is toml or json, not {format!r}")
    lines = [f"{key} = {_toml_value(value)}" for key, value in data.items() if not isinstance(value, dict)]
    for section, table in data.items():
        if isinstance(table, dict):
            lines += ["", f"[{section}]"] + [f"{key} = {_toml_value(v)}" for key, v in table.items()]
    return "\n".join(lines).lstrip("\n") + "\n"


def dump(problem: Problem, path: str | Path) -> None:
    """Write the problem to ``path``: TOML, or one JSON line for ``.json``/``.jsonl``."""
    fmt = "json" if str(path).endswith((".json", ".jsonl")) else "toml"
    Path(path).write_text(dumps(problem, fmt) + ("\n" if fmt == "json" else ""), encoding="utf-8")


def loads(text: str, name: str = "<toml>") -> Problem:
    """One problem from text, JSON if ``name`` ends in ``.json``/``.jsonl`` and TOML otherwise."""
    text = _text_argument(text, name)
    return loads_json(text, name) if str(name).endswith((".json", ".jsonl")) else loads_toml(text, name)


def _text_argument(text, name: str) -> str:
    """The text of ``loads``: a str, or bytes read as a file is (UTF-8, one-line errors);
    anything else is an :class:`InputError` naming the argument."""
    if isinstance(text, str):
        return text
    if isinstance(text, (bytes, bytearray)):
        return decode(bytes(text), str(name))
    raise InputError("text", f"a problem's text (str, or UTF-8 bytes), not {excerpt(text)}")


def _toml_value(value) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if not isinstance(value, (str, int, dict)):
        raise TypeError(f"cannot write {value!r} to a problem file")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + "}"
    if "\n" in value and "'''" not in value and all(c.isprintable() or c in "\n\t" for c in value):
        return "'''\n" + value + "'''"  # a literal multi-line string keeps notes readable
    return json.dumps(value, ensure_ascii=False)  # JSON's escapes are TOML's


def loads_toml(text: str, name: str = "<toml>") -> Problem:
    """One problem from TOML text; ``name`` is the file named in error messages."""
    text = _text_argument(text, name)
    return from_dict(toml_document(text, name), name)


def loads_json(text: str, name: str = "<json>", lineno: int | None = None) -> Problem:
    """One problem from a JSON object, e.g. one line of a JSON Lines stream.

    ``lineno`` is the line of the stream, named in messages (``FILE: line N: …``).
    """
    text = _text_argument(text, name)
    data = json_document(text.removeprefix("\ufeff"), name, lineno)
    if not isinstance(data, dict):
        where = f"line {lineno}" if lineno else "JSON"
        raise ProblemError(name, where, "a problem is a JSON object {\"deal\": …, \"game\": …}", lineno)
    return from_dict(data, name, lineno)


ESTIMATE_QUESTION = "an estimate question (pref estimate FILE asks it), not a problem"
"""What a file with an ``[estimate]`` section and no deal is: a saved ``pref estimate``
question; ``pref check`` passes over it with this line instead of counting it unreadable."""


def from_dict(data: dict, name: str, lineno: int | None = None) -> Problem:
    """A checked :class:`Problem` from the parsed document (TOML tables or JSON objects)."""
    where = f"{name}: line {lineno}" if lineno else name

    def fail(field: str, message: str) -> ProblemError:
        return ProblemError(where, field, message, lineno)

    if "estimate" in data and "deal" not in data:
        raise fail("estimate", ESTIMATE_QUESTION)
    check_keys(data, KEYS[""], "", fail)
    deal = _section(data, "deal", fail, required=True)
    game = _section(data, "game", fail, required=False)
    expect = _section(data, "expect", fail, required=False)
    for key in ("A", "B", "C"):
        if key not in deal:
            raise fail(f"deal.{key}", "missing: every player's cards are needed")
    if game is not None and "kind" not in game:
        raise fail("game.kind", "missing: contract, misere or raspasy")
    if expect is not None and "tricks" not in expect:
        raise fail("expect.tricks", "missing: the published answer, e.g. tricks = 1")

    ru = _section(data, "ru", fail, required=False) or {}
    problem = Problem(
        path=name, line=lineno,
        title=_text(data, "title", "", fail), source=_text(data, "source", "", fail),
        notes=_text(data, "notes", "", fail), theme=_text(data, "theme", "", fail),
        difficulty=_text(data, "difficulty", "", fail),
        index_title=_text(data, "index_title", "", fail), task=_text(data, "task", "", fail),
        side=_text(data, "side", None, fail),
        ru=Texts(**{key: _text(ru, key, "", fail, "ru") for key in TEXTS}),
        A=_cards_text(deal, "deal", "A", fail), B=_cards_text(deal, "deal", "B", fail),
        C=_cards_text(deal, "deal", "C", fail),
        talon=_cards_text(deal, "deal", "talon", fail), discard=_cards_text(deal, "deal", "discard", fail),
        kind=_text(game, "kind", None, fail, "game"), contract=_text(game, "contract", None, fail, "game"),
        declarer=_text(game, "declarer", None, fail, "game"), leader=_text(game, "leader", "A", fail, "game"),
        trick=_cards_text(game, "game", "trick", fail) if game else None,
        played=_played(game, fail) if game else None,
        raspasy_talon=_text(game, "raspasy_talon", None, fail, "game"),
        whist=_text(game, "whist", None, fail, "game"),
        table_discards=_table_discards(game, fail) if game else None,
        expect=_expect(expect, fail), key=_key_text(expect, fail), expect_table=_expect_table(expect, fail),
    )
    return problem.check()


def _section(data: dict, name: str, fail, required: bool) -> dict | None:
    if name not in data:
        if required:
            raise fail(name, f"missing [{name}] section")
        return None
    table = data[name]
    if not isinstance(table, dict):
        raise fail(name, f"expected a [{name}] section (a table of keys), not {excerpt(table)}")
    check_keys(table, KEYS[name], name, fail)
    return table


def _text(table: dict | None, key: str, default, fail, section: str = ""):
    if table is None or key not in table:
        return default
    value = table[key]
    field = f"{section}.{key}" if section else key
    if not isinstance(value, str):
        raise fail(field, f"expected text in quotes, not {excerpt(value)}")
    value = value.replace("\r\n", "\n")  # a file saved with Windows line ends
    wrong = terminal_control(value, multiline=key in ("notes", "task"))
    if wrong:
        raise fail(field, wrong)
    return value


def _cards_text(table: dict, section: str, key: str, fail) -> str | None:
    """Cards as text; a list of strings is accepted and joined with spaces."""
    if key not in table:
        return None
    value = table[key]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return " ".join(value)
    if not isinstance(value, str):
        raise fail(f"{section}.{key}", f"expected cards as text, e.g. \"♠AKQ ♣J10\", not {excerpt(value)}")
    return value


def _played(game: dict, fail) -> tuple[str, ...] | None:
    """The tricks played: a list with one entry per trick, its three cards as text or a list."""
    if "played" not in game:
        return None
    value = game["played"]
    if not isinstance(value, list):
        raise fail("game.played", f"expected a list of tricks, e.g. [\"AS 7S 8S\", \"KH 7H 8H\"], not {excerpt(value)}")
    return _texts(value, "game.played", "a trick as text, e.g. \"AS 7S 8S\"", fail)


def _texts(value: list, field: str, what: str, fail) -> tuple[str, ...]:
    """Each item of a list as text: a string, or a list of strings joined with spaces."""
    out = []
    for i, item in enumerate(value):
        if isinstance(item, list) and all(isinstance(c, str) for c in item):
            item = " ".join(item)
        if not isinstance(item, str):
            raise fail(f"{field}[{i}]", f"expected {what}, not {excerpt(item)}")
        out.append(item)
    return tuple(out)


def _table_discards(game: dict, fail) -> str | tuple[str, ...] | None:
    """``all``, ``best``, or the discards the defence must cover: a list, each two cards as text."""
    if "table_discards" not in game:
        return None
    value = game["table_discards"]
    if isinstance(value, str):
        if value.strip().lower() not in ("all", "best"):
            raise fail("game.table_discards", f"all, best or a list of discards such as [\"7S 8S\", \"7H 8H\"], "
                       f"not {excerpt(value)}")
        return value.strip().lower()
    if not isinstance(value, list) or not value:
        raise fail("game.table_discards", f"all, best or a list of discards such as [\"7S 8S\", \"7H 8H\"], "
                   f"not {excerpt(value)}")
    return _texts(value, "game.table_discards", "a discard as text, e.g. \"7S 8S\"", fail)


def _expect_table(expect: dict | None, fail) -> bool | int | None:
    if expect is None or "table" not in expect:
        return None
    value = expect["table"]
    if not isinstance(value, bool) and not _is_count(value):
        raise fail("expect.table", f"true or false (a misère caught at the table), or a contract's tricks "
                   f"there, not {excerpt(value)}")
    return value


def _expect(expect: dict | None, fail) -> int | dict[str, int] | None:
    if expect is None:
        return None
    value = expect["tricks"]
    if isinstance(value, dict):
        for seat, n in value.items():
            if seat not in SEATS:
                raise fail(f"expect.tricks.{seat}", "unknown player; raspasy tricks are given for A, B and C")
            if not _is_count(n):
                raise fail(f"expect.tricks.{seat}", f"expected a number of tricks, not {excerpt(n)}")
        return dict(sorted(value.items()))
    if not _is_count(value):
        raise fail("expect.tricks", f"expected a number of tricks (or {{A = …, B = …, C = …}}), not {excerpt(value)}")
    return value


def _key_text(expect: dict | None, fail) -> str | None:
    """``[expect] key`` as text: a list of single cards (``["AS", "KS"]``: the working first
    cards, or a discard's two cards) is joined with spaces, a list of discards
    (``["AS AH", "AS KH"]``) with commas."""
    if expect is None or "key" not in expect:
        return None
    value = expect["key"]
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        single = all(len(v.replace(",", " ").split()) == 1 for v in value)
        return (" " if single else ", ").join(v.strip() for v in value)
    if not isinstance(value, str):
        raise fail("expect.key", f"expected the key as text, e.g. key = \"AD\" or \"any\", not {value!r}")
    return value


def _is_count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
