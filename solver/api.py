"""The Python API: build a position from strings, check it, solve it, read the answer.

>>> from solver import make_position, parse_game, solve
>>> game = parse_game("contract", contract="6S", declarer="A")
>>> pos = make_position(A="♠AKQ", B="♠J10 ♣7", C="♣AKQ")
>>> solve(pos, game).tricks
3

Every error in the input is an :class:`InputError` naming the field at fault
(``deal.B``, ``game.contract`` …) and saying what is wrong, in one line.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .cards import NO_TRUMP, SEATS, STRAIN_NAMES, ascii_name, cards_of, count
from .errors import InputError, excerpt
from .notation import NotationError, parse_card_list, parse_hand
from .rules import Game, Kind, Position, TalonMode, game_name
from .validation import validate

if TYPE_CHECKING:
    from .engine import Engine, Options

KIND_WORDS = {"misère": "misere", "мизер": "misere", "распасы": "raspasy", "контракт": "contract",
              "игра": "contract"}
"""Other spellings of the kinds: the program's own ``misère`` and the Russian words."""

STRAINS = {"S": 0, "C": 1, "D": 2, "H": 3, "NT": NO_TRUMP, "N": NO_TRUMP,
           "♠": 0, "♣": 1, "♦": 2, "♥": 3, "♤": 0, "♧": 1, "♢": 2, "♡": 3, "БК": NO_TRUMP}


def kind_word(text) -> str:
    """The kind as this module spells it (``misère`` → ``misere``), or the text as given."""
    t = str(text).strip().lower()
    return KIND_WORDS.get(t, t)


def parse_seat(text: str, field: str) -> int:
    seat = str(text).strip().upper()
    if seat not in ("A", "B", "C"):
        foreign = [ch for ch in dict.fromkeys(str(text).strip()) if not ch.isascii() and ch.isprintable()][:2]
        named = "; ".join(f"'{ch}' is {unicodedata.name(ch, f'U+{ord(ch):04X}')}" for ch in foreign)
        hint = f" ({named}: seats are the Latin letters A, B, C)" if foreign and len(seat) <= 3 else ""
        raise InputError(field, f"seat must be A, B or C, not {excerpt(text)}{hint}")
    return SEATS.index(seat)


def parse_contract(text: str, field: str = "game.contract") -> tuple[int, int]:
    """``6S`` … ``10NT`` (also ``7♠``, ``8 NT``) → (level, trump)."""
    t = str(text).strip().upper().replace(" ", "").replace("\ufe0f", "").replace("\ufe0e", "")
    digits = len(t) - len(t.lstrip("0123456789"))
    level_text, strain = t[:digits], t[digits:]
    if not level_text or strain not in STRAINS:
        raise InputError(field, f"a contract is a level 6-10 and a strain S, C, D, H or NT, not {excerpt(text)}")
    level = int(level_text) if digits <= 2 else 0
    if not 6 <= level <= 10:
        raise InputError(field, f"contract level must be 6 to 10, not {excerpt(level_text)} in {excerpt(text)}")
    return level, STRAINS[strain]


def parse_game(kind: str, contract: str | None = None, declarer: str | None = None,
               raspasy_talon: str | None = None) -> Game:
    """A game from the words of a problem file's ``[game]`` section."""
    try:
        k = Kind(kind_word(kind))
    except ValueError:
        raise InputError("game.kind", f"kind must be contract, misere or raspasy, not {excerpt(kind)}") from None
    if k is Kind.RASPASY:
        if declarer is not None:
            raise InputError("game.declarer", "raspasy has no declarer")
        mode = TalonMode.SUIT if raspasy_talon is None else _talon_mode(raspasy_talon)
        return Game.raspasy(mode)
    if raspasy_talon is not None:
        raise InputError("game.raspasy_talon", f"a talon mode belongs to raspasy, not to a {k.value}")
    if declarer is None:
        raise InputError("game.declarer", f"a {k.value} needs a declarer (A, B or C)")
    seat = parse_seat(declarer, "game.declarer")
    if k is Kind.MISERE:
        if contract is not None:
            raise InputError("game.contract", "a misère has no contract")
        return Game.misere(seat)
    if contract is None:
        raise InputError("game.contract", "a contract game needs a contract such as 6S or 7NT")
    level, trump = parse_contract(contract)
    return Game.contract(level, trump, seat)


def _talon_mode(text: str) -> TalonMode:
    try:
        return TalonMode(str(text).strip().lower())
    except ValueError:
        raise InputError("game.raspasy_talon", f"talon mode must be none, suit or dealer, not {excerpt(text)}") from None


def _cards(text, field: str, ordered: bool = True) -> tuple[int, ...]:
    """Cards in play order: a list of cards, or text of single cards (``♠A ♠K``, ``AS, KS``).

    Where the order is that of play (``ordered``: a trick on the table, a talon being
    turned) a hand written by suits (``♠AK``, ``S:AK``, ``AK...``) is refused: it has no
    order, and reading it lowest first would silently pose another problem. Elsewhere
    (cards put aside) any hand notation is accepted, and a card mask too.
    """
    if text is None:
        return ()
    if isinstance(text, int) and not isinstance(text, bool) and not ordered:
        if not 0 <= text < 1 << 32:
            raise InputError(field, f"a card mask is a 32-bit number, not {text}")
        return tuple(c for c in range(32) if text >> c & 1)
    if isinstance(text, (list, tuple)):
        for t in text:
            if not isinstance(t, str):
                raise InputError(field, f"cards are text such as 'AS' or '♠A', not {excerpt(t)}")
        if any("," in t or not t.strip() for t in text):
            raise InputError(field, f"give one card per list item, not {excerpt(list(text))}")
        text = " ".join(text)
    if not isinstance(text, str):
        raise InputError(field, f"expected cards as text, not {excerpt(text)}")
    try:
        return tuple(parse_card_list(text, ordered))
    except NotationError as e:
        raise InputError(field, str(e)) from None


def make_position(A, B, C, *, leader: str = "A", trick=None, talon=None, game: Game | None = None,
                  out_of_play=None, played=None) -> Position:
    """A position from hands in any notation :mod:`solver.notation` reads.

    ``trick`` lists the cards already on the table, in play order from ``leader``
    (single cards or a list: a suit group such as ``♠AK`` has no order and is refused).
    ``talon``: the two talon cards in the order they are turned. While they are still
    to be turned (hands of 9 or 10 cards) the position keeps them, whether or not
    ``game`` is given, so the same call gives the same position; a game that does not
    turn the talon (a contract, a misère, raspasy with mode ``none``) takes them as
    out of play instead, like the cards of ``out_of_play`` (a discard): only checked
    for clashes. With ``game`` given the position is validated against it (see
    :func:`validate`); :func:`solve` validates in any case.

    With a discard (``out_of_play``) and a game with a declarer, a talon card may also
    be in the declarer's hand or in the discard: he took the talon, then discarded.

    ``played``: whole tricks already played, in order, each a list of its three cards
    in play order (or text, one card at a time), so that a position mid-play can be
    given as the game that led to it. The hands are then those dealt, ``leader`` led
    the first trick, and each trick (and ``trick``, on top) is played from the hands
    through the rules; the position keeps the tricks each player has taken. This
    needs ``game``, whose rules say who wins each trick.
    """
    if played and (isinstance(played, str) or not isinstance(played, (list, tuple))):
        raise InputError("game.played", f"give the tricks played as a list, one trick of 3 cards each, "
                         f"not {excerpt(played)}")
    tricks = tuple(_cards(t, f"game.played[{i}]") for i, t in enumerate(played or ()))
    hands = (_hand(A, "deal.A"), _hand(B, "deal.B"), _hand(C, "deal.C"))
    return position_from_cards(hands, parse_seat(leader, "game.leader"), game, trick=_cards(trick, "game.trick"),
                               talon=_cards(talon, "deal.talon", ordered=_turns_talon(game)),
                               out_of_play=_cards(out_of_play, "deal.discard", ordered=False), played=tricks)


def _turns_talon(game: Game | None) -> bool:
    """Whether the talon's cards are turned in play (their order matters), as far as ``game`` says."""
    return game is None or (game.kind is Kind.RASPASY and game.talon_mode is not TalonMode.NONE)


def position_from_cards(hands: tuple[int, int, int], leader: int, game: Game | None = None, *,
                        trick=(), talon=(), out_of_play=(), played=()) -> Position:
    """:func:`make_position` from cards already read: the hands as masks, the leader's seat,
    the other fields as card tuples (``played``: a tuple of tricks). The same checks and the
    same position; a reader that has parsed its fields once (a problem file) builds here."""
    if played:
        return _replay(hands, leader, played, trick, talon, game, out_of_play)
    turned = _turns_talon(game)
    taken = set()
    if out_of_play and game is not None and game.declarer is not None and 0 <= game.declarer < 3:
        # the declarer took the talon, then discarded: its cards are now in his hand or the discard
        taken = {c for c in talon if hands[game.declarer] >> c & 1 or c in out_of_play}
    _check_disjoint(hands, trick, tuple(c for c in talon if c not in taken), out_of_play)
    if len(talon) not in (0, 2):
        raise InputError("deal.talon", f"the talon holds 2 cards, got {len(talon)}")
    position = Position(hands, leader, tuple(trick))
    in_hand = count(hands[position.to_move])
    if turned and in_hand > 8:
        if game is not None and len(talon) != 2:
            raise InputError("deal.talon", f"talon mode '{game.talon_mode.value}' needs the two talon "
                             f"cards in the order they are turned, got {len(talon)}")
        played = 10 - in_hand  # complete tricks before this one
        position = Position(hands, position.leader, tuple(trick), tuple(talon)[max(played, 0):])
    if game is not None:
        validate(position, game)
    return position


def _replay(hands, leader: int, tricks, trick, talon, game: Game | None, out_of_play) -> Position:
    """:func:`position_from_cards` with tricks already played: deal, then play them through the rules."""
    from .rules import legal_cards, play, why_illegal

    if game is None:
        raise InputError("game.played", "tricks already played need the game, whose rules say who wins them")
    for i, cards in enumerate(tricks):
        if len(cards) != 3:
            raise InputError(f"game.played[{i}]", f"a trick played is 3 cards, got {len(cards)}")
    start = position_from_cards(hands, leader, game, talon=talon, out_of_play=out_of_play)
    if start.tricks_left != 10:
        raise InputError("deal", f"with tricks already played the deal is given as dealt, 10 cards each, "
                         f"got {start.tricks_left}")
    position = start
    for name, cards in [(f"game.played[{i}]", t) for i, t in enumerate(tricks)] + [("game.trick", trick)]:
        for c in cards:
            if position.is_over():
                raise InputError(name, "more cards than the deal holds")
            if c not in legal_cards(position, game):
                raise InputError(name, f"{ascii_name(c)} cannot be played there: {SEATS[position.to_move]} "
                                 f"{why_illegal(position, game, c)}")
            position = play(position, game, c)
    if len(trick) > 2:
        raise InputError("game.trick", f"at most 2 cards can lie on the table, got {len(trick)}")
    validate(position, game)
    return position


def _hand(text, field: str) -> int:
    if isinstance(text, int) and not isinstance(text, bool):
        if not 0 <= text < 1 << 32:
            raise InputError(field, f"a hand mask is a 32-bit number, not {text}")
        return text
    if isinstance(text, (list, tuple)) and all(isinstance(t, str) for t in text):
        text = " ".join(text)  # a list of cards, as the JSON results write a hand
    if not isinstance(text, str):
        raise InputError(field, f"expected a hand as text, e.g. '♠AKQ ♣J10', not {excerpt(text)}")
    try:
        return parse_hand(text)
    except NotationError as e:
        raise InputError(field, str(e)) from None


def _check_disjoint(hands, trick, talon, aside) -> None:
    seen: dict[int, str] = {}
    groups = [(f"deal.{SEATS[i]}", [c for c in range(32) if hands[i] >> c & 1]) for i in range(3)]
    groups += [("game.trick", list(trick)), ("deal.talon", list(talon)), ("deal.discard", list(aside))]
    for name, cards in groups:
        for c in cards:
            if c in seen:
                where = "twice" if seen[c] == name else f"in {seen[c]} and in {name}"
                raise InputError(name, f"card {ascii_name(c)} is given {where}")
            seen[c] = name


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
            hands = tuple(_hand(data["deal"][s], f"deal.{s}") for s in SEATS)
            taken = data.get("taken", {})
            position = Position(hands, parse_seat(g.get("leader", "A"), "game.leader"),
                                _cards(data.get("trick"), "trick"), _cards(data.get("talon"), "talon"),
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
    cards = _cards([text], field)
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
