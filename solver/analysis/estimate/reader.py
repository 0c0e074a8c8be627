"""A question from what a player writes: the hand, its seat, the games and what else he knows.

>>> from solver.analysis.estimate import question
>>> q = question("♠AKQJ10 ♣AKQ ♦A ♥A", seat="A", games=["contract 8S A"])
>>> [o.label for o in q.options]
['8♠ by A']
"""

from __future__ import annotations

from itertools import combinations

from ...api import parse_game, parse_seat
from ...cards import NO_TRUMP, SEATS, cards_of, count, mask_of, suit_bits
from ...errors import InputError
from ...notation import NotationError, format_cards, parse_cards, parse_hand
from ...rules import Game, Kind, TalonMode
from ..discard import _compress
from ..layouts import Knowledge, parse_known_hand, parse_length
from .question import TALON_USES, Option, Question
from .work import layout_space

def _cards_field(text, field: str) -> tuple[int, ...]:
    if text is None:
        return ()
    try:
        return tuple(parse_cards(text))
    except NotationError:
        try:
            return tuple(cards_of(parse_hand(text)))
        except NotationError as e:
            raise InputError(field, str(e)) from None


def parse_game_words(text: str, field: str = "game") -> Game:
    """``6S A``, ``contract 7NT B``, ``misere B``, ``raspasy``, ``raspasy none`` → a game."""
    words = str(text).replace(",", " ").split()
    if not words:
        raise InputError(field, "empty game: write e.g. '6S A', 'misere B' or 'raspasy'")
    kind = words[0].lower()
    if kind in ("misere", "misère", "мизер"):
        if len(words) != 2:
            raise InputError(field, f"a misère is 'misere SEAT', not {text!r}")
        return parse_game("misere", declarer=words[1])
    if kind in ("raspasy", "распасы"):
        if len(words) > 2:
            raise InputError(field, f"raspasy is 'raspasy [none|suit|dealer]', not {text!r}")
        return parse_game("raspasy", raspasy_talon=words[1] if len(words) == 2 else None)
    if kind == "contract":
        words = words[1:]
    if len(words) != 2:
        raise InputError(field, f"a contract is 'LEVEL+STRAIN SEAT' such as '6S A' or '7NT C', not {text!r}")
    try:
        return parse_game("contract", contract=words[0], declarer=words[1])
    except InputError as e:
        raise InputError(field, e.message) from None


def expand_games(games) -> list[Game]:
    """Games from Game objects or words; ``contracts SEAT`` stands for 6 in each strain by SEAT."""
    out = []
    for g in [games] if isinstance(games, (str, Game)) else games:
        if isinstance(g, Game):
            out.append(g)
            continue
        words = str(g).split()
        if words and words[0].lower() == "contracts":
            if len(words) != 2:
                raise InputError("game", f"write 'contracts SEAT' for every strain, not {g!r}")
            seat = parse_seat(words[1], "game")
            out += [Game.contract(6, strain, seat) for strain in range(NO_TRUMP + 1)]
        else:
            out.append(parse_game_words(g, "game"))
    return out


def discard_classes(hand12: int, out: int = 0) -> list[tuple[int, int]]:
    """One discard of each class of the 66 that play alike on **every** layout.

    Two discards are alike when the ten cards kept hold the same relative ranks among
    the cards still in play (e.g. ♠7 or ♠8 from ♠8 7 when no other ♠ lies between).
    Suits are not permuted: a paired comparison needs the same value per layout.
    """
    classes: dict[tuple, tuple[int, int]] = {}
    for pair in combinations(cards_of(hand12), 2):
        live = ~(out | mask_of(pair)) & 0xFFFFFFFF
        kept = hand12 & ~mask_of(pair)
        key = tuple(_compress(suit_bits(kept, s), suit_bits(live, s)) for s in range(4))
        classes.setdefault(key, tuple(sorted(pair)))
    return sorted(classes.values())


def question(hand: str, seat: str, games, *, holds: dict[str, str] | None = None, lengths=(),
             talon: str | None = None, discard: str | None = None, talon_use: str = "out",
             leader: str = "A", discards: str | list | None = None) -> Question:
    """A question from text: the hand, its seat, the game(s) and what else is known.

    ``games``: Game objects or words (``"6S A"``, ``"misere B"``, ``"raspasy"``, and
    ``"contracts A"`` for 6 in every strain), compared on the same layouts. ``holds``: cards known in other hands, ``{"B": "♠A"}``.
    ``lengths``: limits such as ``"C♠<=2"``. ``talon``: the known talon (raspasy: in the
    order it is turned). ``discard``: a known discard (out of play). A 12-card hand, or
    the declarer's 10 with the talon known, asks for the discard: every class of the 66
    (or ``discards``, a list of pairs) for each game, with the best discard seeing the
    layout beside them.
    """
    if talon_use not in TALON_USES:
        raise InputError("talon_use", f"talon use is 'out' or 'take', not {talon_use!r}")
    s = parse_seat(seat, "seat")
    mask, spots = parse_known_hand(hand, "hand")
    games = expand_games(games)
    if not games:
        raise InputError("game", "no game to estimate")
    known = [0, 0, 0]
    known[s] = mask
    spot = [(0,) * 4] * 3
    spot[s] = spots
    for who, text in (holds or {}).items():
        w = parse_seat(who, "holds")
        m, sp = parse_known_hand(text, f"holds.{SEATS[w]}")
        if known[w] & m:
            raise InputError(f"holds.{SEATS[w]}", "a card is given twice")
        known[w] |= m
        spot[w] = tuple(a + b for a, b in zip(spot[w], sp))
    lims = tuple(parse_length(t, "lengths") for t in lengths)
    talon_cards = _cards_field(talon, "talon")
    discard_cards = _cards_field(discard, "discard")
    if talon_cards and len(talon_cards) != 2:
        raise InputError("talon", f"the talon holds 2 cards, got {len(talon_cards)}")
    if discard_cards and len(discard_cards) != 2:
        raise InputError("discard", f"a discard is 2 cards, got {len(discard_cards)}")
    held = count(mask) + sum(spots)
    raspasy = [g for g in games if g.kind is Kind.RASPASY]
    if raspasy and len(raspasy) != len(games):
        raise InputError("game", "raspasy is compared only with raspasy (it has no declarer)")
    declarers = {g.declarer for g in games}
    if not raspasy and len(declarers) != 1:
        raise InputError("game", "the games compared need the same declarer")
    declarer = None if raspasy else declarers.pop()
    sizes = [10, 10, 10]
    out = mask_of(discard_cards)
    ordered = False
    turned: tuple[int, ...] = ()
    dd_groups: tuple = ()
    options: list[Option]
    if held > 12 or (held > 10 and s != declarer):
        raise InputError("hand", f"{held} cards given; a hand holds 10 (12 for a declarer with the talon)")
    if raspasy:
        if held != 10 and held > 10:
            raise InputError("hand", f"{held} cards given; a raspasy hand holds 10")
        needs_talon = any(g.talon_mode is not TalonMode.NONE for g in games)
        if talon_cards:
            out |= mask_of(talon_cards)
            turned = talon_cards if needs_talon else ()
        else:
            ordered = needs_talon
        options = [Option(g) for g in games]
    else:
        twelve = held == 12 or (s == declarer and talon_cards and held == 10)
        if s == declarer and talon_cards and held == 10:
            known[s] |= mask_of(talon_cards)
            if known[s] != mask | mask_of(talon_cards) or mask & mask_of(talon_cards):
                raise InputError("talon", "a talon card is also in the hand")
        elif talon_cards:
            if talon_use == "take":
                if known[declarer] & mask_of(talon_cards):
                    raise InputError("talon", "a talon card is also in the hand")
                known[declarer] |= mask_of(talon_cards)
                sizes[declarer] = 12
            else:
                out |= mask_of(talon_cards)
        if twelve:
            if discard_cards:
                raise InputError("discard", "a 12-card hand has not discarded yet")
            if sum(spots):
                raise InputError("hand", "a hand whose discard is asked needs every card named (no x)")
            sizes[s] = 12
            pairs = discard_classes(known[s], out) if discards is None else \
                [tuple(sorted(_cards_field(p, "discards"))) for p in discards]
            for p in pairs:
                if len(p) != 2 or mask_of(p) & ~known[s]:
                    raise InputError("discards", f"a discard is 2 cards of the hand, not {format_cards(p)}")
            options, groups = [], []
            for g in games:
                groups.append((len(options), len(options) + len(pairs)))
                options += [Option(g, p) for p in pairs]
            dd_groups = tuple(groups)
        else:
            if discards:
                raise InputError("discards", "only a declarer holding 12 cards (or 10 and the talon, shown) "
                                             "has discards to weigh")
            options = [Option(g) for g in games]
    knowledge = Knowledge(tuple(known), tuple(tuple(x) for x in spot), tuple(sizes), out, lims, ordered)
    layout_space(knowledge)  # every contradiction is reported here, before any work
    return Question(knowledge, tuple(options), talon_use, parse_seat(leader, "leader"), turned, dd_groups, s)


__all__ = ["discard_classes", "expand_games", "parse_game_words", "question"]
