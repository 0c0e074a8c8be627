"""The Python API: build a position from strings, check it, solve it, read the answer.

>>> from preferans import make_position, parse_game, solve
>>> game = parse_game("contract", contract="6S", declarer="A")
>>> pos = make_position(A="♠AKQ", B="♠J10 ♣7", C="♣AKQ")
>>> solve(pos, game).tricks
3

Every error in the input is an :class:`InputError` naming the field at fault
(``deal.B``, ``game.contract`` …) and saying what is wrong, in one line.

The facade: what builds a game and a position from text (:func:`parse_game`,
:func:`make_position` …) lives in :mod:`preferans.parse`, below it, where the file formats read
it too, and is re-exported here; this module adds :func:`solve` and its :class:`Result`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .cards import SEATS, STRAIN_NAMES, ascii_name, cards_of
from .errors import InputError, excerpt
from .parse import (kind_word, make_position, parse_contract, parse_game, parse_seat, position_from_cards,
                    read_cards, read_hand)
from .rules import Game, Kind, Position, game_name
from .validation import validate

if TYPE_CHECKING:
    from .engine import Engine, Options

__all__ = ["InputError", "Result", "game_json", "kind_word", "make_position", "parse_contract", "parse_game",
           "parse_seat", "position_from_cards", "solve", "validate", "verdict"]


def game_json(game: Game, leader: int | None = None) -> dict:
    """The game in the words of a problem file's ``[game]``: kind, contract, declarer, talon mode."""
    out: dict = {"kind": game.kind.value}
    if leader is not None:
        out["leader"] = SEATS[leader]
    if game.kind is Kind.CONTRACT:
        out["contract"] = f"{game.level}{STRAIN_NAMES[game.trump]}"
    if game.declarer is not None:
        out["declarer"] = SEATS[game.declarer]
    if game.kind is Kind.RASPASY:
        out["raspasy_talon"] = game.talon_mode.value
    return out


def verdict(game: Game, tricks, position: Position) -> str | None:
    """``made``/``down`` for a contract, ``clean``/``caught`` for a misère, when the whole deal is known.

    ``tricks`` are the declarer's from ``position`` on; the tricks he took before count
    too (``position.taken``, from the tricks ``played``). An ending given without the
    tricks before it, and raspasy, have no verdict.
    """
    if game.kind is Kind.RASPASY or sum(position.taken) + position.tricks_left != 10:
        return None
    total = position.taken[game.declarer] + tricks
    if game.kind is Kind.MISERE:
        return "clean" if total == 0 else "caught"
    return "made" if total >= game.level else "down"


def _names(cards) -> list[str]:
    return [ascii_name(c) for c in cards]


@dataclass(frozen=True)
class Result:
    """The answer for one position.

    ``tricks``: the declarer's tricks from here on (contract, misère), or for raspasy
    each seat's paranoid value, keyed ``"A"``, ``"B"``, ``"C"``. ``card_values``: each
    legal card of the player to move → the same measure after playing it (on raspasy
    the mover's own tricks). ``line``: a best line to the end (raspasy: the mover's);
    ``lines``: on raspasy, each seat's own best line. ``nodes``: nodes searched.
    Seats are ``"A"``, ``"B"``, ``"C"`` in every key; cards are numbers (JSON: ``7S`` … ``AH``).
    """

    game: Game
    position: Position
    tricks: int | dict[str, int]
    card_values: dict[int, int]
    line: list[int]
    nodes: int
    lines: dict[str, list[int]] = field(default_factory=dict)

    @property
    def deal_tricks(self) -> int | dict[str, int]:
        """The tricks of the whole deal: those already taken in the tricks ``played``
        (``position.taken``) and those from here. This is what a problem's ``[expect]
        tricks`` states and what the answer line leads with; without tricks played it is
        :attr:`tricks`."""
        taken = self.position.taken
        if isinstance(self.tricks, dict):
            return {s: taken[i] + self.tricks[s] for i, s in enumerate(SEATS)}
        return taken[self.game.declarer] + self.tricks

    @property
    def verdict(self) -> str | None:
        """``made``, ``down``, ``clean`` or ``caught`` on a full deal (see :func:`verdict`)."""
        return verdict(self.game, self.tricks, self.position)

    def __repr__(self) -> str:
        shown = f"{self.tricks}" if isinstance(self.tricks, int) else \
            " ".join(f"{s}={self.tricks[s]}" for s in SEATS)
        extra = f" {self.verdict}" if self.verdict else ""
        return f"<Result {game_name(self.game)}: {shown} tricks{extra}; line {' '.join(_names(self.line[:6]))}" \
               f"{' …' if len(self.line) > 6 else ''}; {self.nodes} nodes>"

    def to_json(self) -> dict:
        """Everything a script needs: the deal and game solved, the answer, the cards, the line."""
        p = self.position
        out = {
            "deal": {s: _names(cards_of(h)) for s, h in zip(SEATS, p.hands)},
            "game": game_json(self.game, p.leader),
            "trick": _names(p.trick),
            "to_move": SEATS[p.to_move],
            "tricks": self.tricks,
            "deal_tricks": self.deal_tricks,
            "tricks_left": p.tricks_left,
            "verdict": self.verdict,
            "card_values": {ascii_name(c): v for c, v in sorted(self.card_values.items())},
            "line": _names(self.line),
            "nodes": self.nodes,
        }
        if p.talon:
            out["talon"] = _names(p.talon)
        if any(p.taken):
            out["taken"] = dict(zip(SEATS, p.taken))
        if self.lines:
            out["lines"] = {s: _names(line) for s, line in self.lines.items()}
        return out

    @staticmethod
    def from_json(data: dict) -> "Result":
        """The :class:`Result` that :meth:`to_json` wrote (extra keys, such as ``file``, are ignored)."""
        try:
            g = data["game"]
            game = parse_game(g["kind"], g.get("contract"), g.get("declarer"), g.get("raspasy_talon"))
            hands = tuple(read_hand(data["deal"][s], f"deal.{s}") for s in SEATS)
            taken = data.get("taken", {})
            position = Position(hands, parse_seat(g.get("leader", "A"), "game.leader"),
                                read_cards(data.get("trick"), "trick"), read_cards(data.get("talon"), "talon"),
                                tuple(taken.get(s, 0) for s in SEATS))
            validate(position, game)
            tricks = data["tricks"]
            values = {_card_name(k, "card_values"): int(v) for k, v in data["card_values"].items()}
            line = [_card_name(c, "line") for c in data["line"]]
            lines = {s: [_card_name(c, f"lines.{s}") for c in cards] for s, cards in data.get("lines", {}).items()}
            return Result(game, position, tricks, values, line, int(data["nodes"]), lines)
        except KeyError as e:
            raise InputError(str(e.args[0]), "missing from the result's JSON") from None
        except (TypeError, AttributeError, ValueError) as e:
            if isinstance(e, InputError):
                raise
            raise InputError("result", f"not a result as Result.to_json writes it ({e})") from None


def _card_name(text, field: str) -> int:
    cards = read_cards([text], field)
    if len(cards) != 1:
        raise InputError(field, f"expected one card, not {excerpt(text)}")
    return cards[0]


def solve(position: Position, game: Game, *, options: Options | None = None, engine: Engine | None = None,
          with_line: bool = True, with_card_values: bool = True) -> Result:
    """Solve ``position`` as ``game``; an :class:`InputError` if it cannot be played (see :func:`validate`)."""
    validate(position, game)
    from .engine import engine_for

    engine = engine_for(options, engine)
    start = engine.nodes
    mover = position.to_move
    if game.kind is Kind.RASPASY:
        tricks, lines = {}, {}
        for seat in range(3):
            if with_line:
                value, line = engine.searcher.best_line(position, game, seat)
                lines[SEATS[seat]] = line
            else:
                value = engine.searcher.value(position, game, seat)
            tricks[SEATS[seat]] = value
        values = engine.searcher.card_values(position, game, mover) if with_card_values else {}
        return Result(game, position, tricks, values, lines.get(SEATS[mover], []),
                      engine.nodes - start, lines)
    focus = game.declarer
    if with_line:
        tricks, line = engine.searcher.best_line(position, game, focus)
    else:
        tricks, line = engine.searcher.value(position, game, focus), []
    values = engine.searcher.card_values(position, game, focus) if with_card_values else {}
    return Result(game, position, tricks, values, line, engine.nodes - start)
