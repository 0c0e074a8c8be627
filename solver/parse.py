"""A game and a position from the words a user writes: seats, kinds, contracts, hands, cards.

The one reader of each word of a game (:func:`parse_seat`, :func:`kind_word`,
:func:`parse_contract`, :func:`parse_game`) and of a position given field by field
(:func:`make_position`, :func:`position_from_cards`), on top of :mod:`preferans.rules` and
:mod:`preferans.validation`. The formats (:mod:`preferans.problemfile`, :mod:`preferans.scoring.records`,
an estimate's question) read through it; :mod:`preferans.api`, the public surface, re-exports it.
Every error is an :class:`~preferans.errors.InputError` naming the field at fault.

>>> parse_game("contract", contract="7♠", declarer="B")
Game.contract(7, 'S', 'B')
>>> make_position(A="♠AKQ", B="♠J10 ♣7", C="♣AKQ").tricks_left
3
"""

from __future__ import annotations

import unicodedata

from .cards import NO_TRUMP, SEATS, ascii_name, count
from .errors import InputError, excerpt
from .notation import NotationError, parse_card_list, parse_hand
from .rules import Game, Kind, Position, TalonMode
from .validation import validate

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


def read_cards(text, field: str, ordered: bool = True) -> tuple[int, ...]:
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
    """A position from hands in any notation :mod:`preferans.notation` reads.

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
    tricks = tuple(read_cards(t, f"game.played[{i}]") for i, t in enumerate(played or ()))
    hands = (read_hand(A, "deal.A"), read_hand(B, "deal.B"), read_hand(C, "deal.C"))
    return position_from_cards(hands, parse_seat(leader, "game.leader"), game, trick=read_cards(trick, "game.trick"),
                               talon=read_cards(talon, "deal.talon", ordered=_turns_talon(game)),
                               out_of_play=read_cards(out_of_play, "deal.discard", ordered=False), played=tricks)


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


def read_hand(text, field: str) -> int:
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


__all__ = ["KIND_WORDS", "STRAINS", "kind_word", "make_position", "parse_contract", "parse_game", "parse_seat",
           "position_from_cards", "read_cards", "read_hand"]
