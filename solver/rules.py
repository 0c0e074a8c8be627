"""The rules of play in plain Python: games, positions, legal cards, tricks.

This module is the executable statement of the rules. The search kernel
re-implements the same rules on bitmasks for speed; the tests hold the two
together through :mod:`preferans.reference`, the brute-force minimax built on
this module.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum

from .cards import NO_TRUMP, SEATS, STRAIN_NAMES, SUIT_MASK, bit, count, suit_of
from .errors import InputError, excerpt

DEALER = 3
"""The seat number of the dealer D, who can win a talon trick in ``dealer`` mode."""


class Kind(str, Enum):
    CONTRACT = "contract"
    MISERE = "misere"
    RASPASY = "raspasy"


class TalonMode(str, Enum):
    """How the talon takes part in raspasy: ``none``, it plays no part; ``suit``, each talon
    card, turned for tricks 1 and 2, names the suit to follow (a player void in it plays any
    card); ``dealer``, the turned card also competes for the trick, and a trick it wins goes
    to the dealer (:data:`DEALER`), no player."""

    NONE = "none"
    SUIT = "suit"
    DEALER = "dealer"


@dataclass(frozen=True)
class Game:
    """What is played: the kind of game, trump, declarer and the raspasy talon mode.

    ``declarer`` is a seat 0..2 for a contract or misère and ``None`` for raspasy.
    ``trump`` is a suit 0..3 or ``NO_TRUMP``; misère and raspasy are always no-trump.
    """

    kind: Kind
    trump: int = NO_TRUMP
    declarer: int | None = None
    level: int | None = None
    talon_mode: TalonMode = TalonMode.NONE

    @staticmethod
    def contract(level: int, trump: int | str, declarer: int | str) -> "Game":
        """``Game.contract(7, "NT", "A")`` or with numbers, ``Game.contract(7, 4, 0)``."""
        return Game(Kind.CONTRACT, strain_number(trump), seat_number(declarer, "game.declarer"), level)

    @staticmethod
    def misere(declarer: int | str) -> "Game":
        return Game(Kind.MISERE, NO_TRUMP, seat_number(declarer, "game.declarer"))

    @staticmethod
    def raspasy(talon_mode: TalonMode | str = TalonMode.SUIT) -> "Game":
        try:
            mode = TalonMode(talon_mode)
        except ValueError:
            raise InputError("game.raspasy_talon", f"talon mode must be none, suit or dealer, "
                             f"not {excerpt(talon_mode)}") from None
        return Game(Kind.RASPASY, NO_TRUMP, None, None, mode)

    def __repr__(self) -> str:
        """Pasteable: ``Game.contract(7, 'NT', 'A')``, ``Game.misere('B')``, ``Game.raspasy('suit')``."""
        try:
            if self.kind is Kind.CONTRACT:
                return f"Game.contract({self.level!r}, {STRAIN_NAMES[self.trump]!r}, {SEATS[self.declarer]!r})"
            if self.kind is Kind.MISERE:
                return f"Game.misere({SEATS[self.declarer]!r})"
            if self.kind is Kind.RASPASY:
                return f"Game.raspasy({self.talon_mode.value!r})"
        except (IndexError, TypeError, AttributeError):
            pass  # not a game that can be played: show the fields as they are
        return (f"Game(kind={self.kind!r}, trump={self.trump!r}, declarer={self.declarer!r}, "
                f"level={self.level!r}, talon_mode={self.talon_mode!r})")

    def focus_maximizes(self) -> bool:
        """Whether the player whose tricks are counted wants them many (a contract)."""
        return self.kind is Kind.CONTRACT


@dataclass(frozen=True)
class Position:
    """A moment of play.

    ``hands`` are the masks of A, B and C. ``trick`` holds the cards already on the
    table in the current trick, in play order, first played by ``leader``. In the
    raspasy talon tricks ``talon`` holds the talon cards still to be turned, the first
    being the one turned for the current trick; those tricks are played A, B, C in
    turn, so ``leader`` is then A. ``taken`` counts the tricks each seat has won so far.
    """

    hands: tuple[int, int, int]
    leader: int = 0
    trick: tuple[int, ...] = ()
    talon: tuple[int, ...] = ()
    taken: tuple[int, int, int] = field(default=(0, 0, 0))

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 3

    @property
    def tricks_left(self) -> int:
        """Tricks still to be completed, the current one included."""
        return count(self.hands[self.to_move]) if self.trick else count(self.hands[self.leader])

    def is_over(self) -> bool:
        return not self.trick and self.hands[self.leader] == 0

    @staticmethod
    def from_text(deal: str, leader: int | str = "A", trick: str = "", talon: str = "",
                  taken: tuple[int, int, int] = (0, 0, 0)) -> "Position":
        """``Position.from_text("♠AK / ♠QJ / ♣AK", leader="B", trick="10S")``: the hands of A, B
        and C split by ``/`` in any notation; ``trick`` and ``talon`` one card at a time, in order.

        This is the form ``repr`` writes, so a position printed can be pasted back. Nothing
        is checked against a game here: :func:`preferans.api.solve` does that.
        """
        from .notation import NotationError, parse_cards, parse_hand, split_deal

        try:
            hands = tuple(parse_hand(p) for p in split_deal(deal))
        except NotationError as e:
            raise InputError("deal", str(e)) from None
        cards = []
        for name, text in (("game.trick", trick), ("deal.talon", talon)):
            try:
                cards.append(tuple(parse_cards(text or "")))
            except NotationError as e:
                raise InputError(name, str(e)) from None
        return Position(hands, seat_number(leader, "game.leader"), cards[0], cards[1], tuple(taken))

    def __repr__(self) -> str:
        """Pasteable: ``Position.from_text('♠AK ♣— ♦— ♥— / …', leader='B', trick='10S')``."""
        from .notation import NotationError, format_cards, format_hand

        try:
            args = [repr(" / ".join(format_hand(h) for h in self.hands))]
            if self.leader != 0:
                args.append(f"leader={SEATS[self.leader]!r}")
            if self.trick:
                args.append(f"trick={format_cards(self.trick, 'ascii')!r}")
            if self.talon:
                args.append(f"talon={format_cards(self.talon, 'ascii')!r}")
        except (NotationError, IndexError, TypeError, AttributeError):
            return (f"Position(hands={self.hands!r}, leader={self.leader!r}, trick={self.trick!r}, "
                    f"talon={self.talon!r}, taken={self.taken!r})")
        if self.taken != (0, 0, 0):
            args.append(f"taken={self.taken!r}")
        return f"Position.from_text({', '.join(args)})"


def seat_number(seat: int | str, field: str = "seat") -> int:
    """A seat 0, 1, 2 from itself or from ``"A"``, ``"B"``, ``"C"``."""
    if isinstance(seat, str) and seat.strip().upper() in ("A", "B", "C"):
        return SEATS.index(seat.strip().upper())
    if isinstance(seat, int) and not isinstance(seat, bool):
        return seat  # a number is checked where it is used (preferans.validation)
    raise InputError(field, f"seat must be A, B or C, not {excerpt(seat)}")


def strain_number(strain: int | str) -> int:
    """A strain 0..4 from itself or from ``"S"``, ``"C"``, ``"D"``, ``"H"``, ``"NT"``."""
    if isinstance(strain, str) and strain.strip().upper() in STRAIN_NAMES:
        return STRAIN_NAMES.index(strain.strip().upper())
    if isinstance(strain, int) and not isinstance(strain, bool):
        return strain
    raise InputError("game.contract", f"strain must be S, C, D, H or NT, not {excerpt(strain)}")


def led_suit(position: Position) -> int | None:
    """The suit everyone must follow in the current trick, or None when leading freely."""
    if position.talon:
        return suit_of(position.talon[0])
    if position.trick:
        return suit_of(position.trick[0])
    return None


def legal_cards_mask(position: Position, game: Game) -> int:
    """Follow suit; if void, ruff when holding a trump (preferans obligatory ruffing); else anything."""
    hand = position.hands[position.to_move]
    suit = led_suit(position)
    if suit is None:
        return hand
    follow = hand & (SUIT_MASK << (8 * suit))
    if follow:
        return follow
    if game.trump != NO_TRUMP:
        ruff = hand & (SUIT_MASK << (8 * game.trump))
        if ruff:
            return ruff
    return hand


def legal_cards(position: Position, game: Game) -> list[int]:
    mask = legal_cards_mask(position, game)
    return [c for c in range(32) if mask >> c & 1]


def why_illegal(position: Position, game: Game, c: int) -> str:
    """Why card ``c``, not among :func:`legal_cards`, cannot be played now, in the rule book's
    words: ``does not hold it``, ``must follow suit``, or (void in the suit led, holding a
    trump) ``must ruff``. The one wording of the rule for every message that names it."""
    hand = position.hands[position.to_move]
    if not hand >> c & 1:
        return "does not hold it"
    suit = led_suit(position)
    if suit is None or hand & (SUIT_MASK << (8 * suit)):
        return "must follow suit"
    return "must ruff"


def _beats(c: int, best: int, suit: int, trump: int) -> bool:
    if suit_of(c) == suit_of(best):
        return c > best
    return suit_of(c) == trump or (suit_of(c) == suit and suit_of(best) != trump)


def trick_winner(cards: tuple[int, ...], first: int, suit: int, trump: int,
                 talon_card: int | None = None) -> int:
    """The seat that wins a complete trick; ``DEALER`` if a competing talon card holds it.

    ``cards`` were played by ``first``, ``first + 1``, … . ``suit`` is the suit to follow.
    In a raspasy talon trick ``talon_card`` is given only in ``dealer`` mode, where the
    turned card competes; in ``suit`` mode it only names ``suit``.
    """
    best, winner = (talon_card, DEALER) if talon_card is not None else (None, None)
    for i, c in enumerate(cards):
        if best is None:
            if suit_of(c) == suit or (trump != NO_TRUMP and suit_of(c) == trump):
                best, winner = c, (first + i) % 3
        elif _beats(c, best, suit, trump):
            best, winner = c, (first + i) % 3
    if winner is None:  # nobody followed the talon card's suit: excluded by validation
        raise ValueError("no card of the suit to follow in the trick")
    return winner


def play(position: Position, game: Game, c: int) -> Position:
    """The position after the player to move plays card ``c`` (assumed legal)."""
    mover = position.to_move
    hands = list(position.hands)
    hands[mover] &= ~bit(c)
    trick = position.trick + (c,)
    if len(trick) < 3:
        return replace(position, hands=tuple(hands), trick=trick)
    suit = led_suit(position)
    competing = position.talon[0] if position.talon and game.talon_mode is TalonMode.DEALER else None
    winner = trick_winner(trick, position.leader, suit, game.trump, competing)
    taken = list(position.taken)
    if winner != DEALER:
        taken[winner] += 1
    talon = position.talon[1:]
    leader = 0 if position.talon else winner  # while a talon card is still to be turned, A leads
    return Position(tuple(hands), leader, (), talon, tuple(taken))


def in_sequence(position: Position, a: int, b: int) -> bool:
    """Whether the mover's cards ``a`` and ``b`` touch: same suit, every card in play
    between them is the mover's too (cards out of play do not split a sequence)."""
    if suit_of(a) != suit_of(b):
        return False
    mine = position.hands[position.to_move]
    in_play = position.hands[0] | position.hands[1] | position.hands[2]
    for c in position.trick + position.talon:
        in_play |= 1 << c
    low, high = sorted((a, b))
    return all(not (in_play >> c & 1) or mine >> c & 1 for c in range(low + 1, high))


def raspasy_talon_mode(mode: TalonMode | str | None, talon: tuple[int, ...], hand_size: int) -> TalonMode:
    """How raspasy uses the talon: ``mode`` as given, else ``suit`` when the talon is given
    and still to be turned, else ``none``.

    The talon is turned in tricks 1 and 2 (``hand_size``, the most cards any hand holds, is
    9 or 10), so only then is it turned by default. A mode that turns it (``suit``,
    ``dealer``) needs the two talon cards; in a later position it is kept as the game's
    (the board sends each position of a deal with the deal's mode) and turns nothing.
    An :class:`~preferans.errors.InputError` for ``game.raspasy_talon`` otherwise.
    """
    to_turn = len(talon) == 2 and hand_size > 8
    if mode is None:
        return TalonMode.SUIT if to_turn else TalonMode.NONE
    try:
        mode = TalonMode(str(mode.value if isinstance(mode, TalonMode) else mode).strip().lower())
    except ValueError:
        raise InputError("game.raspasy_talon", f"talon mode must be none, suit or dealer, not {excerpt(mode)}") from None
    if mode is not TalonMode.NONE and len(talon) != 2:
        raise InputError("game.raspasy_talon", f"talon mode '{mode.value}' turns the two talon cards, "
                         "but the deal has no talon; use raspasy_talon = \"none\"")
    return mode


def game_name(game: Game, strain=None, say=None, talon: bool = True) -> str:
    """``7NT by A``, ``misère by B``, ``raspasy (talon suit)``: a game in one short phrase.

    The one namer of a game. ``strain(trump)`` writes the strain (by default ``S C D H NT``;
    the CLI passes its suit symbols, an estimate's labels :func:`~preferans.cards.strain_symbol`);
    ``say(template, **fields)`` translates each English template (the CLI passes its Russian
    words); ``talon=False`` leaves out raspasy's talon mode (for a line that describes it in
    words of its own).
    """
    say = say or (lambda template, **fields: template.format(**fields))
    if game.kind is Kind.RASPASY:
        return say("raspasy (talon {mode})", mode=game.talon_mode.value) if talon else say("raspasy")
    declarer = SEATS[game.declarer]
    if game.kind is Kind.MISERE:
        return say("misère by {declarer}", declarer=declarer)
    contract = f"{game.level}{strain(game.trump) if strain else STRAIN_NAMES[game.trump]}"
    return say("{contract} by {declarer}", contract=contract, declarer=declarer)


def seat_name(seat: int) -> str:
    return "D" if seat == DEALER else SEATS[seat]
