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

from dataclasses import dataclass, field

from .cards import NO_TRUMP, SEATS, SUIT_LETTERS, SUIT_MASK, ascii_name, bit, count, suit_of
from .engine import Engine, Options
from .notation import NotationError, parse_cards, parse_hand
from .rules import Game, Kind, Position, TalonMode, legal_cards, play

STRAINS = {"S": 0, "C": 1, "D": 2, "H": 3, "NT": NO_TRUMP, "N": NO_TRUMP,
           "♠": 0, "♣": 1, "♦": 2, "♥": 3, "БК": NO_TRUMP}


class InputError(ValueError):
    """Bad input: ``field`` names where (``deal.A``, ``game.contract`` …), the text says what."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


def parse_seat(text: str, field: str) -> int:
    seat = str(text).strip().upper()
    if seat not in ("A", "B", "C"):
        raise InputError(field, f"seat must be A, B or C, not {text!r}")
    return SEATS.index(seat)


def parse_contract(text: str, field: str = "game.contract") -> tuple[int, int]:
    """``6S`` … ``10NT`` (also ``7♠``, ``8 NT``) → (level, trump)."""
    t = str(text).strip().upper().replace(" ", "")
    digits = len(t) - len(t.lstrip("0123456789"))
    level_text, strain = t[:digits], t[digits:]
    if not level_text or strain not in STRAINS:
        raise InputError(field, f"a contract is a level 6-10 and a strain S, C, D, H or NT, not {text!r}")
    level = int(level_text)
    if not 6 <= level <= 10:
        raise InputError(field, f"contract level must be 6 to 10, not {level} in {text!r}")
    return level, STRAINS[strain]


def parse_game(kind: str, contract: str | None = None, declarer: str | None = None,
               raspasy_talon: str | None = None) -> Game:
    """A game from the words of a problem file's ``[game]`` section."""
    kind_text = str(kind).strip().lower()
    try:
        k = Kind(kind_text)
    except ValueError:
        raise InputError("game.kind", f"kind must be contract, misere or raspasy, not {kind!r}") from None
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
        raise InputError("game.raspasy_talon", f"talon mode must be none, suit or dealer, not {text!r}") from None


def _hand(text, field: str) -> int:
    if isinstance(text, int):
        return text
    try:
        return parse_hand(text)
    except NotationError as e:
        raise InputError(field, str(e)) from None


def _cards(text, field: str) -> tuple[int, ...]:
    """Cards in play order: a list of cards, a card mask, or text (single cards, or a hand
    in any notation when the order cannot matter)."""
    if text is None:
        return ()
    if isinstance(text, int):
        return tuple(c for c in range(32) if text >> c & 1)
    if isinstance(text, (list, tuple)):
        text = " ".join(str(t) for t in text)
    try:
        return tuple(parse_cards(text))
    except NotationError as e:
        try:
            mask = parse_hand(text)
        except NotationError:
            raise InputError(field, str(e)) from None
        return tuple(c for c in range(32) if mask >> c & 1)


def make_position(A, B, C, *, leader: str = "A", trick=None, talon=None, game: Game | None = None,
                  out_of_play=None) -> Position:
    """A position from hands in any notation :mod:`solver.notation` reads.

    ``trick`` lists the cards already on the table, in play order from ``leader``.
    ``talon``: in raspasy with talon mode ``suit`` or ``dealer`` the talon cards to be
    turned, in order; for other games (and mode ``none``) they are out of play and only
    checked for clashes, as are the cards of ``out_of_play`` (a discard, say).
    With ``game`` given the position is validated against it (see :func:`validate`).
    """
    hands = (_hand(A, "deal.A"), _hand(B, "deal.B"), _hand(C, "deal.C"))
    trick_cards = _cards(trick, "game.trick")
    talon_cards = _cards(talon, "deal.talon")
    aside = _cards(out_of_play, "deal.discard")
    _check_disjoint(hands, trick_cards, talon_cards, aside)
    position = Position(hands, parse_seat(leader, "game.leader"), trick_cards)
    talon_tricks_left = count(hands[position.to_move]) > 8
    if game is not None and game.kind is Kind.RASPASY and game.talon_mode is not TalonMode.NONE \
            and talon_tricks_left:
        if len(talon_cards) != 2:
            raise InputError("deal.talon", f"talon mode '{game.talon_mode.value}' needs the two talon "
                             f"cards in the order they are turned, got {len(talon_cards)}")
        played = 10 - count(hands[position.to_move])  # complete tricks before this one
        position = Position(hands, position.leader, trick_cards, talon_cards[max(played, 0):])
    if game is not None:
        validate(position, game)
    return position


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


def validate(position: Position, game: Game) -> None:
    """Raise :class:`InputError` unless ``position`` can be played as ``game``."""
    if len(position.trick) > 2:
        raise InputError("game.trick", f"at most 2 cards can lie on the table, got {len(position.trick)}")
    sizes = [count(h) for h in position.hands]
    expected = [sizes[position.to_move]] * 3
    for i in range(len(position.trick)):
        expected[(position.leader + i) % 3] -= 1
    if sizes != expected:
        shown = ", ".join(f"{SEATS[i]} {sizes[i]}" for i in range(3))
        why = "that no trick in progress explains" if position.trick else "with no trick in progress"
        raise InputError("deal", f"hands of unequal length ({shown}) {why}")
    if max(sizes) == 0 and not position.trick:
        raise InputError("deal", "the hands are empty: nothing is left to play")
    if sizes[position.to_move] > 10:
        raise InputError("deal", f"a hand holds at most 10 cards, got {sizes[position.to_move]}")
    if position.talon:
        if position.leader != 0:
            raise InputError("game.leader", "the talon tricks are played A, B, C: the leader is A")
        if len(position.talon) > sizes[position.to_move]:
            raise InputError("deal.talon", "more talon cards to turn than tricks left")
        if game.talon_mode is TalonMode.SUIT:
            _check_talon_suits(position)
    # legality of the cards already on the table
    prefix = Position(tuple(h | _mask_of_seat(position, s) for s, h in enumerate(position.hands)),
                      position.leader, (), position.talon)
    for c in position.trick:
        if c not in legal_cards(prefix, game):
            raise InputError("game.trick", f"{ascii_name(c)} cannot be played there: "
                             f"{SEATS[prefix.to_move]} must follow suit (or ruff)")
        prefix = play(prefix, game, c)


def _mask_of_seat(position: Position, seat: int) -> int:
    m = 0
    for i, c in enumerate(position.trick):
        if (position.leader + i) % 3 == seat:
            m |= bit(c)
    return m


def _check_talon_suits(position: Position) -> None:
    """In ``suit`` mode someone must be able to follow each turned card's suit."""
    everyone = position.hands[0] | position.hands[1] | position.hands[2]
    on_table = 0
    for c in position.trick:
        on_table |= bit(c)
    for i, t in enumerate(position.talon):
        s = suit_of(t)
        held = count((everyone | (on_table if i == 0 else 0)) >> (8 * s) & SUIT_MASK)
        if held < (1 if i == 0 else 4):
            raise InputError("deal.talon", f"nobody may be left holding {SUIT_LETTERS[s]} when the "
                             f"talon card {ascii_name(t)} is turned")


@dataclass(frozen=True)
class Result:
    """The answer for one position.

    ``tricks``: the declarer's tricks from here on (contract, misère), or for raspasy
    each seat's paranoid value, keyed ``"A"``, ``"B"``, ``"C"``. ``card_values``: each
    legal card of the player to move → the same measure after playing it (on raspasy
    the mover's own tricks). ``line``: a best line to the end (raspasy: the mover's);
    ``lines``: on raspasy, each seat's own best line. ``nodes``: nodes searched.
    """

    game: Game
    position: Position
    tricks: int | dict[str, int]
    card_values: dict[int, int]
    line: list[int]
    nodes: int
    lines: dict[str, list[int]] = field(default_factory=dict)

    def to_json(self) -> dict:
        out = {
            "tricks": self.tricks,
            "card_values": {ascii_name(c): v for c, v in sorted(self.card_values.items())},
            "line": [ascii_name(c) for c in self.line],
            "nodes": self.nodes,
            "to_move": SEATS[self.position.to_move],
        }
        if self.lines:
            out["lines"] = {s: [ascii_name(c) for c in line] for s, line in self.lines.items()}
        return out


def solve(position: Position, game: Game, *, options: Options = Options(), engine: Engine | None = None,
          with_line: bool = True, with_card_values: bool = True) -> Result:
    """Solve ``position`` as ``game`` (validate it first with :func:`validate`)."""
    engine = engine or Engine(options)
    start = engine.nodes
    mover = position.to_move
    if game.kind is Kind.RASPASY:
        tricks, lines = {}, {}
        for seat in range(3):
            if with_line:
                value, line = engine.best_line(position, game, seat)
                lines[SEATS[seat]] = line
            else:
                value = engine.value(position, game, seat)
            tricks[SEATS[seat]] = value
        values = engine.card_values(position, game, mover) if with_card_values else {}
        return Result(game, position, tricks, values, lines.get(SEATS[mover], []),
                      engine.nodes - start, lines)
    focus = game.declarer
    if with_line:
        tricks, line = engine.best_line(position, game, focus)
    else:
        tricks, line = engine.value(position, game, focus), []
    values = engine.card_values(position, game, focus) if with_card_values else {}
    return Result(game, position, tricks, values, line, engine.nodes - start)
