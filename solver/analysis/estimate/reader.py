"""A question from what a player writes: the hand, its seat, the games and what else he knows.

>>> from preferans.analysis.estimate import question
>>> q = question("♠AKQJ10 ♣AKQ ♦A ♥A", seat="A", games=["contract 8S A"])
>>> [o.label for o in q.options]
['8♠ by A']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from ...cards import NO_TRUMP, SEATS, ascii_name, cards_of, count, mask_of, suit_bits
from ...errors import InputError
from ...notation import NotationError, parse_card_list
from ...parse import parse_game, parse_seat
from ...rules import Game, Kind, TalonMode
from ..discard import _compress
from ..layouts import Knowledge, parse_known_hand, parse_length
from .question import SPOT, TALON_USES, Option, Question, spot, specs_text
from .work import layout_space

def _cards_field(text, field: str, ordered: bool = False) -> tuple[tuple[int, ...], tuple[int, int, int, int]]:
    """A talon, a discard or a pair to weigh: (the cards named, the spot cards ``x`` per suit).

    Cards without ``x`` are read by :func:`~preferans.notation.parse_card_list` (single cards,
    else a hand); with ``x`` as a hand is (``♠x ♥K``, ``♦A x``)."""
    if text is None:
        return (), (0, 0, 0, 0)
    if any(ch in "xXхХ" for ch in str(text)):
        if ordered:
            raise InputError(field, f"a talon turned in order is named card by card, not {text!r}")
        mask, spots = parse_known_hand(str(text), field)
        return tuple(cards_of(mask)), spots
    try:
        return tuple(parse_card_list(str(text), ordered)), (0, 0, 0, 0)
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


def discard_classes(hand12: int, out: int = 0, spots: tuple[int, ...] = (0, 0, 0, 0)) -> list[tuple[int, ...]]:
    """One discard of each class of the 66 that play alike on **every** layout.

    Two discards are alike when the ten cards kept hold the same relative ranks among
    the cards still in play (e.g. ♠7 or ♠8 from ♠8 7 when no other ♠ lies between).
    Suits are not permuted: a paired comparison needs the same value per layout.
    ``spots``: the hand's spot cards per suit (``x``, drawn per layout); a discard may
    take them (specs ``spot(suit)``), and in such a suit only the same cards are alike.
    """
    slots = cards_of(hand12) + [spot(s) for s in range(4) for _ in range(spots[s])]
    classes: dict[tuple, tuple[int, ...]] = {}
    for pair in combinations(slots, 2):
        named = mask_of(c for c in pair if c < SPOT)
        live = ~(out | named) & 0xFFFFFFFF
        kept = hand12 & ~named
        key = tuple((_compress(suit_bits(kept, s), suit_bits(live, s)),) if not spots[s] else
                    ("x", suit_bits(kept, s), spots[s] - pair.count(spot(s))) for s in range(4))
        classes.setdefault(key, tuple(sorted(pair)))
    return sorted(classes.values())


def lead_classes(hand: int, out: int = 0, spots: tuple[int, ...] = (0, 0, 0, 0)) -> list[tuple[int, ...]]:
    """The leader's leads, equal cards together (highest first): two named cards of a suit
    are equal when every card between them is his or out of play; a suit with spot cards
    adds the lead of a spot card (``spot(suit)``: the lowest of them)."""
    classes: list[tuple[int, ...]] = []
    for s in range(4):
        group: list[int] = []
        for c in sorted((c for c in cards_of(hand) if c // 8 == s), reverse=True):
            between = range(c + 1, group[-1]) if group else ()
            if group and all((hand | out) >> b & 1 for b in between):
                group.append(c)
            else:
                if group:
                    classes.append(tuple(group))
                group = [c]
        if group:
            classes.append(tuple(group))
        if spots[s]:
            classes.append((spot(s),))
    return classes


def _named_clash(field: str, cards: tuple[int, ...], known: list[int], hand_seat: int, where: str = "") -> None:
    """A talon or discard card that is already known in a hand: one line naming the hand."""
    for c in cards:
        for seat in range(3):
            if known[seat] >> c & 1:
                whose = "the hand given" if seat == hand_seat else "--holds"
                raise InputError(field, f"{ascii_name(c)} is also in hand {SEATS[seat]} ({whose}){where}")


@dataclass
class _Reading:
    """What the player wrote, read and checked: the hand and its seat, the cards known in each hand,
    the talon and the discard (cards and spot cards), the games, the leader."""

    seat: int
    leader: int
    games: list[Game]
    known: list[int]
    spots: list[list[int]]
    held: int
    given: int
    """The hand as written (a clash with it is named as the hand's)."""
    talon: tuple[tuple[int, ...], tuple[int, int, int, int]]
    discard: tuple[tuple[int, ...], tuple[int, int, int, int]]
    talon_use: str
    declarer: int | None

    @property
    def talon_given(self) -> bool:
        return bool(self.talon[0] or sum(self.talon[1]))

    @property
    def discard_given(self) -> bool:
        return bool(self.discard[0] or sum(self.discard[1]))

    def talon_named(self) -> tuple[int, ...] | None:
        """The talon's cards when all are named (for talon whists), else None."""
        return self.talon[0] if self.talon_given and not sum(self.talon[1]) else None


@dataclass
class _Deal:
    """What a role's builder makes of the reading: the cards out of play, the hands' sizes, the
    raspasy talon, the options and the talon's cards for talon whists (:attr:`Question.talon_cards`)."""

    options: list[Option]
    out: int = 0
    out_spots: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    sizes: list[int] = field(default_factory=lambda: [10, 10, 10])
    ordered: bool = False
    turned: tuple[int, ...] = ()
    dd_groups: tuple = ()
    talon_cards: tuple[int, ...] | None = None


def question(hand: str, seat: str, games, *, holds: dict[str, str] | None = None, lengths=(),
             talon: str | None = None, discard: str | None = None, talon_use: str = "out",
             leader: str = "A", discards: str | list | None = None, lead: bool = False,
             scoring=None, table: bool | None = None) -> Question:
    """A question from text: the hand, its seat, the game(s) and what else is known.

    ``games``: Game objects or words (``"6S A"``, ``"misere B"``, ``"raspasy"``, and
    ``"contracts A"`` for 6 in every strain), compared on the same layouts. ``holds``:
    cards known in other hands, ``{"B": "♠A"}``. ``lengths``: limits such as ``"C♠<=2"``.
    ``talon``: the known talon (raspasy: in the order it is turned). ``discard``: a known
    discard (out of play). A talon or discard may name spot cards (``♦x``). A 12-card
    hand, or the declarer's 10 with the talon known, asks for the discard: every class of
    the 66 (or ``discards``, a list of pairs) for each game, with the best discard seeing
    the layout beside them. ``leader``: the seat on lead (A). ``lead``: the hand is the
    leader's and the options are his opening leads against the one game (a blind lead).
    ``scoring``: a :class:`~.score.Scoring` (estimates in points). ``table``: answer each game at
    the table too, where the defence knows the declarer's 12 cards but not his discard
    (:mod:`preferans.at_table`); by default a misère is, a contract is not (True: a contract played
    with open whist); not raspasy or a blind lead.

    One builder per role makes the deal: raspasy, a declarer holding 12 cards, the declarer's 10
    after his discard, a defender (or a declarer who has not seen the talon), and the blind lead.
    """
    reading = _read(hand, seat, games, holds, talon, discard, talon_use, leader)
    if reading.games[0].kind is Kind.RASPASY:
        made = _raspasy(reading)
    elif _holds_twelve(reading):
        made = _declarer_twelve(reading, discards, lead)
    elif reading.seat == reading.declarer and reading.talon_given:
        made = _declarer_after_discard(reading)
    else:
        made = _defender(reading)
    if discards and not made.dd_groups:
        raise InputError("discards", "only a declarer holding 12 cards (or 10 and the talon, shown) "
                                     "has discards to weigh")
    if lead:
        made.options = _leads(reading, made)
    lims = tuple(parse_length(t, "lengths") for t in lengths)
    knowledge = Knowledge(tuple(reading.known), tuple(tuple(x) for x in reading.spots), tuple(made.sizes),
                          made.out, lims, made.ordered, tuple(made.out_spots))
    layout_space(knowledge)  # every contradiction is reported here, before any work
    raspasy = reading.games[0].kind is Kind.RASPASY
    if table and (raspasy or lead):
        raise InputError("table", "the answer at the table belongs to a misère or a contract with open whist, "
                                  "not to raspasy or a blind lead")
    options = made.options
    at_table = () if raspasy or lead or table is False else tuple(
        k for k, o in enumerate(options) if (k == 0 or o.game != options[k - 1].game)
        and (o.game.kind is Kind.MISERE or table))
    return Question(knowledge, tuple(made.options), reading.talon_use, reading.leader, made.turned, made.dd_groups,
                    reading.seat, scoring, talon_cards=made.talon_cards, table=at_table)


def _read(hand, seat, games, holds, talon, discard, talon_use, leader) -> _Reading:
    """The fields every role shares, checked."""
    if talon_use not in TALON_USES:
        raise InputError("talon_use", f"talon use is 'out' or 'take', not {talon_use!r}")
    s = parse_seat(seat, "seat")
    on_lead = parse_seat(leader, "leader")
    mask, spots = parse_known_hand(hand, "hand")
    games = expand_games(games)
    if not games:
        raise InputError("game", "no game to estimate")
    known = [0, 0, 0]
    known[s] = mask
    spot_rows = [[0] * 4 for _ in range(3)]
    spot_rows[s] = list(spots)
    for who, text in (holds or {}).items():
        w = parse_seat(who, "holds")
        m, sp = parse_known_hand(text, f"holds.{SEATS[w]}")
        if known[w] & m:
            raise InputError(f"holds.{SEATS[w]}", "a card is given twice")
        known[w] |= m
        spot_rows[w] = [a + b for a, b in zip(spot_rows[w], sp)]
    raspasy = [g for g in games if g.kind is Kind.RASPASY]
    needs_talon = any(g.talon_mode is not TalonMode.NONE for g in raspasy)
    talon_read = _cards_field(talon, "talon", ordered=needs_talon)
    discard_read = _cards_field(discard, "discard")
    for field_name, (cards, sp) in (("talon", talon_read), ("discard", discard_read)):
        if (cards or sum(sp)) and len(cards) + sum(sp) != 2:
            what = "the talon holds" if field_name == "talon" else "a discard is"
            raise InputError(field_name, f"{what} 2 cards, got {len(cards) + sum(sp)}")
    if raspasy and len(raspasy) != len(games):
        raise InputError("game", "raspasy is compared only with raspasy (it has no declarer)")
    declarers = {g.declarer for g in games}
    if not raspasy and len(declarers) != 1:
        raise InputError("game", "the games compared need the same declarer")
    declarer = None if raspasy else declarers.pop()
    held = count(mask) + sum(spots)
    if held > 12 or (held > 10 and s != declarer):
        raise InputError("hand", f"{held} cards given; a hand holds 10 (12 for a declarer with the talon)")
    return _Reading(s, on_lead, games, known, spot_rows, held, known[s], talon_read, discard_read, talon_use,
                    declarer)


def _holds_twelve(r: _Reading) -> bool:
    """The declarer before his discard: 12 cards, or his 10 and the talon shown, no discard known."""
    return r.seat == r.declarer and (r.held == 12 or (r.held == 10 and r.talon_given and not r.discard_given))


def _raspasy(r: _Reading) -> _Deal:
    """Raspasy: the talon, when known, is turned in the order given; an unseen one is the layout's."""
    (talon, talon_spots), (discard, discard_spots) = r.talon, r.discard
    if sum(talon_spots) or sum(discard_spots):
        raise InputError("talon" if sum(talon_spots) else "discard", "on raspasy name the cards (no x)")
    _named_clash("talon", talon, r.known, r.seat)
    _named_clash("discard", discard, r.known, r.seat)
    needs_talon = any(g.talon_mode is not TalonMode.NONE for g in r.games)
    made = _Deal([Option(g) for g in r.games], out=mask_of(talon) | mask_of(discard))
    if talon:
        made.turned = talon if needs_talon else ()
    else:
        made.ordered = needs_talon
    return made


def _declarer_twelve(r: _Reading, discards, lead: bool) -> _Deal:
    """The declarer with the talon, before his discard: every discard class (or ``discards``) for
    each game, and the best discard seeing the layout beside them."""
    (talon, talon_spots), d = r.talon, r.declarer
    if lead:
        raise InputError("lead", "a 12-card hand discards before the lead: give the 10 cards kept")
    if r.held == 12:
        if r.discard_given:
            raise InputError("discard", "a 12-card hand has not discarded yet")
        if mask_of(talon) & ~r.given or any(t > h for t, h in zip(talon_spots, r.spots[r.seat])):
            raise InputError("talon", "the talon is part of the 12-card hand: a talon card is not in it")
    else:  # the declarer's 10 and the talon: 12 cards before the discard
        _named_clash("talon", talon, r.known, r.seat, ": give the 10 cards before the talon, or 12 with it")
        r.known[d] |= mask_of(talon)
        r.spots[d] = [a + b for a, b in zip(r.spots[d], talon_spots)]
    made = _Deal([], talon_cards=r.talon_named())
    made.sizes[r.seat] = 12
    hand_spots = tuple(r.spots[r.seat])
    if discards is None:
        pairs = discard_classes(r.known[r.seat], made.out, hand_spots)
    else:
        pairs = []
        for p in discards:
            cards, sp = _cards_field(p, "discards")
            pair = tuple(sorted(cards + tuple(spot(x) for x in range(4) for _ in range(sp[x]))))
            if len(pair) != 2 or mask_of(cards) & ~r.known[r.seat] or any(a > b for a, b in zip(sp, hand_spots)):
                raise InputError("discards", f"a discard is 2 cards of the hand, not {specs_text(pair)}")
            pairs.append(pair)
    groups = []
    for g in r.games:
        groups.append((len(made.options), len(made.options) + len(pairs)))
        made.options += [Option(g, p) for p in pairs]
    made.dd_groups = tuple(groups)
    return made


def _declarer_after_discard(r: _Reading) -> _Deal:
    """The declarer's 10 after his discard, the talon named: each talon card went to his hand or to
    the discard, which is out of play."""
    (talon, _), (discard, discard_spots) = r.talon, r.discard
    stray = mask_of(talon) & ~(r.given | mask_of(discard))
    if stray:
        raise InputError("talon", f"{ascii_name(cards_of(stray)[0])} is neither in the hand nor in the "
                                  "discard: the declarer took the talon")
    _named_clash("discard", discard, r.known, r.seat, ": the discard is out of play")
    return _Deal([Option(g) for g in r.games], out=mask_of(discard), out_spots=list(discard_spots),
                 talon_cards=r.talon_named())


def _defender(r: _Reading) -> _Deal:
    """A defender (or a declarer who has not seen the talon): a known discard is out of play; a talon
    shown is out of play too, or with ``take`` in the declarer's hand before his double-dummy best
    discard; an unseen talon is each layout's hidden cards."""
    (talon, talon_spots), (discard, discard_spots) = r.talon, r.discard
    _named_clash("discard", discard, r.known, r.seat)
    made = _Deal([Option(g) for g in r.games], out=mask_of(discard), out_spots=list(discard_spots))
    if not r.talon_given:
        made.talon_cards = None if r.discard_given else ()
        return made
    _named_clash("talon", talon, r.known, r.seat)
    if mask_of(talon) & mask_of(discard):
        raise InputError("talon", f"{ascii_name(cards_of(mask_of(talon) & mask_of(discard))[0])} is in the "
                                  "talon and in the discard: a defender sees either the talon "
                                  "before the discard or neither")
    made.talon_cards = r.talon_named()
    if r.talon_use == "take" and not r.discard_given:
        r.known[r.declarer] |= mask_of(talon)
        r.spots[r.declarer] = [a + b for a, b in zip(r.spots[r.declarer], talon_spots)]
        made.sizes[r.declarer] = 12
    else:
        made.out |= mask_of(talon)
        made.out_spots = [a + b for a, b in zip(made.out_spots, talon_spots)]
    return made


def _leads(r: _Reading, made: _Deal) -> list[Option]:
    """The blind opening lead: the leader's cards, equal ones together, against the one game."""
    if r.games[0].kind is Kind.RASPASY or len(r.games) != 1:
        raise InputError("lead", "the opening lead is asked against one contract or misère")
    if r.seat != r.leader:
        raise InputError("lead", f"the hand is {SEATS[r.seat]}'s but {SEATS[r.leader]} leads the first trick; "
                                 f"the opening lead is asked of the leader's hand (--leader {SEATS[r.seat]})")
    if r.held != 10:
        raise InputError("lead", f"the leader's 10 cards are needed ({r.held} given; x for a spot card)")
    return [Option(r.games[0], lead=group[0], equal=group[1:])
            for group in lead_classes(r.known[r.seat], made.out, tuple(r.spots[r.seat]))]


__all__ = ["discard_classes", "expand_games", "lead_classes", "parse_game_words", "question"]
