"""The checks every public door runs before anything reaches the kernel.

The kernel trusts its input: a hand of 11 cards, a card in two hands or a talon
under a contract would make it search a game that does not exist, and answer. So
:func:`validate` is called once per public call (:func:`preferans.api.solve`, each
:class:`~preferans.engine.Engine` method, :func:`~preferans.engine.batch_values`, the
analysis functions); it costs a few microseconds, nothing next to a search. The
solver's own modules, having checked once, call the engine's unchecked twin
(:class:`~preferans.engine.Searcher`, ``engine.searcher``) in their loops.

Every failure is an :class:`~preferans.errors.InputError` naming the field at fault.
"""

from __future__ import annotations

from .cards import NO_TRUMP, SEATS, SUIT_LETTERS, SUIT_MASK, ascii_name, bit, count, suit_of
from .errors import InputError, excerpt
from .rules import Game, Kind, Position, TalonMode, legal_cards, play, why_illegal

__all__ = ["check_focus", "check_game", "check_position", "validate"]

_FULL = (1 << 32) - 1


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_game(game) -> Game:
    """Raise :class:`InputError` unless ``game`` is a game that can be played; return it."""
    if not isinstance(game, Game):
        raise InputError("game", f"expected a Game (see parse_game), not {excerpt(game)}")
    if not isinstance(game.kind, Kind):
        raise InputError("game.kind", f"kind must be a Kind, not {excerpt(game.kind)}")
    if not isinstance(game.talon_mode, TalonMode):
        raise InputError("game.raspasy_talon", f"talon mode must be a TalonMode, not {excerpt(game.talon_mode)}")
    if game.kind is Kind.RASPASY:
        if game.declarer is not None:
            raise InputError("game.declarer", "raspasy has no declarer")
    elif not (_is_int(game.declarer) and 0 <= game.declarer < 3):
        raise InputError("game.declarer", f"a {game.kind.value} needs a declarer seat 0, 1 or 2 (A, B, C), "
                         f"not {excerpt(game.declarer)}")
    elif game.talon_mode is not TalonMode.NONE:
        raise InputError("game.raspasy_talon", f"a talon mode belongs to raspasy, not to a {game.kind.value}")
    if game.kind is Kind.CONTRACT:
        if not (_is_int(game.trump) and 0 <= game.trump <= NO_TRUMP):
            raise InputError("game.contract", f"trump must be a suit 0..3 or NO_TRUMP (4), not {excerpt(game.trump)}")
        # 6..10 at the table; an analysis of an ending may name a smaller target (3 of 4 left)
        if not (_is_int(game.level) and 1 <= game.level <= 10):
            raise InputError("game.contract", f"contract level must be 1 to 10, not {excerpt(game.level)}")
    elif game.trump != NO_TRUMP or game.level is not None:
        raise InputError("game.kind", f"a {game.kind.value} has no trump and no contract level")
    return game


def check_focus(focus, field: str = "focus") -> int:
    """The seat whose tricks are counted: 0, 1 or 2."""
    if not (_is_int(focus) and 0 <= focus < 3):
        raise InputError(field, f"a seat is 0, 1 or 2 (A, B, C), not {excerpt(focus)}")
    return focus


def _cards_tuple(cards, field: str) -> tuple[int, ...]:
    if not isinstance(cards, tuple) or not all(_is_int(c) and 0 <= c < 32 for c in cards):
        raise InputError(field, f"expected a tuple of card numbers 0..31, not {excerpt(cards)}")
    if len(set(cards)) != len(cards):
        raise InputError(field, "a card is given twice")
    return cards


def check_position(position) -> Position:
    """Raise :class:`InputError` unless ``position`` is well formed (any game aside); return it."""
    if not isinstance(position, Position):
        raise InputError("position", f"expected a Position (see make_position), not {excerpt(position)}")
    hands = position.hands
    if not (isinstance(hands, tuple) and len(hands) == 3):
        raise InputError("deal", f"expected three hands (A, B, C) as card masks, not {excerpt(hands)}")
    for seat, h in enumerate(hands):
        if not (_is_int(h) and 0 <= h <= _FULL):
            raise InputError(f"deal.{SEATS[seat]}", f"a hand is a 32-bit card mask, not {excerpt(h)}")
    if not (_is_int(position.leader) and 0 <= position.leader < 3):
        raise InputError("game.leader", f"the leader is a seat 0, 1 or 2 (A, B, C), not {excerpt(position.leader)}")
    trick = _cards_tuple(position.trick, "game.trick")
    talon = _cards_tuple(position.talon, "deal.talon")
    taken = position.taken
    if not (isinstance(taken, tuple) and len(taken) == 3 and all(_is_int(t) and 0 <= t <= 10 for t in taken)):
        raise InputError("taken", f"expected tricks taken by A, B and C, 0 to 10 each, not {excerpt(taken)}")
    groups = [(f"deal.{SEATS[s]}", hands[s]) for s in range(3)] \
        + [("game.trick", _mask(trick)), ("deal.talon", _mask(talon))]
    seen = 0
    for name, mask in groups:
        if seen & mask:
            c = (seen & mask).bit_length() - 1
            raise InputError(name, f"card {ascii_name(c)} is given twice (in two places)")
        seen |= mask
    return position


def _mask(cards: tuple[int, ...]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def validate(position: Position, game: Game) -> None:
    """Raise :class:`InputError` unless ``position`` can be played as ``game``."""
    check_game(game)
    check_position(position)
    if len(position.trick) > 2:
        raise InputError("game.trick", f"at most 2 cards can lie on the table, got {len(position.trick)}")
    sizes = [count(h) for h in position.hands]
    if max(sizes) == 0:
        if position.trick:
            raise InputError("deal", f"the hands are empty, so the {len(position.trick)} card(s) on the "
                             "table cannot be followed")
        raise InputError("deal", "the hands are empty: nothing is left to play")
    if sizes != _expected_sizes(sizes, position.leader, len(position.trick)):
        _explain_sizes(position, sizes)
    if sizes[position.to_move] > 10:
        raise InputError("deal", f"a hand holds at most 10 cards, got {sizes[position.to_move]}")
    _check_talon(position, game, sizes)
    if sum(position.taken) + position.tricks_left > 10:
        raise InputError("taken", f"{sum(position.taken)} tricks taken and {position.tricks_left} left make "
                         "more than the 10 of a deal")
    # legality of the cards already on the table
    prefix = Position(tuple(h | _mask_of_seat(position, s) for s, h in enumerate(position.hands)),
                      position.leader, (), position.talon)
    for c in position.trick:
        if c not in legal_cards(prefix, game):
            raise InputError("game.trick", f"{ascii_name(c)} cannot be played there: "
                             f"{SEATS[prefix.to_move]} {why_illegal(prefix, game, c)}")
        prefix = play(prefix, game, c)


def _expected_sizes(sizes: list[int], leader: int, on_table: int) -> list[int]:
    to_move = (leader + on_table) % 3
    expected = [sizes[to_move]] * 3
    for i in range(on_table):
        expected[(leader + i) % 3] -= 1
    return expected


def _explain_sizes(position: Position, sizes: list[int]) -> None:
    """The hands do not fit the trick on the table: name the leader when another one would fit."""
    shown = ", ".join(f"{SEATS[i]} {sizes[i]}" for i in range(3))
    n = len(position.trick)
    if n and len(set(sizes)) == 1:
        played = [(position.leader + i) % 3 for i in range(n)]
        wanted = ", ".join(f"{SEATS[i]} {sizes[i] - (i in played)}" for i in range(3))
        raise InputError("deal", f"hands of equal length ({shown}) with {n} card(s) on the table: whoever "
                         f"played to the trick holds one card fewer ({wanted})")
    if n:
        fits = [s for s in range(3) if sizes == _expected_sizes(sizes, s, n)]
        if fits:
            raise InputError("game.leader", f"with {n} card(s) on the table and hands of {shown}, "
                             f"{SEATS[fits[0]]} led this trick, not {SEATS[position.leader]}")
        raise InputError("deal", f"hands of unequal length ({shown}) that no trick in progress explains")
    raise InputError("deal", f"hands of unequal length ({shown}) with no trick in progress")


def _check_talon(position: Position, game: Game, sizes: list[int]) -> None:
    """The talon still to be turned: only in raspasy with mode suit or dealer, one card per trick 1 and 2."""
    turned = game.kind is Kind.RASPASY and game.talon_mode is not TalonMode.NONE
    if not turned:
        if position.talon:
            what = "raspasy with talon mode 'none'" if game.kind is Kind.RASPASY else f"a {game.kind.value}"
            raise InputError("deal.talon", f"{what} turns no talon card; the position holds "
                             f"{len(position.talon)} to turn (give the talon as out of play)")
        return
    tricks_left = sizes[position.to_move] if position.trick else sizes[position.leader]
    due = max(0, tricks_left - 8)
    if len(position.talon) != due:
        raise InputError("deal.talon", f"talon mode '{game.talon_mode.value}' turns a talon card for each "
                         f"of tricks 1 and 2: with {tricks_left} tricks left {due} card(s) are still to "
                         f"be turned, got {len(position.talon)}")
    if position.talon:
        if position.leader != 0:
            raise InputError("game.leader", "the talon tricks are played A, B, C: the leader is A")
        if game.talon_mode is TalonMode.SUIT:
            _check_talon_suits(position)


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


SEED_DIGITS = 40
"""The most digits a seed has (``pref estimate``, ``book`` and ``bench``, and their Python calls)."""


def check_seed(seed, field: str = "seed") -> int:
    """``seed`` if it is a whole number of at most :data:`SEED_DIGITS` digits, else an
    :class:`InputError` naming ``field`` (measured without writing the number out: Python writes
    no integer of over 4,300 digits)."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InputError(field, f"a whole number is needed, not {excerpt(seed)}")
    if abs(seed) >= 10 ** SEED_DIGITS:
        raise InputError(field, f"at most {SEED_DIGITS} digits")
    return seed
