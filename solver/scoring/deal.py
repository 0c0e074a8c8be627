"""One deal's writing: what a played (or passed, or conceded) deal writes on the score sheet.

:func:`write` takes a :class:`Deal` — the game, who declared, what each defender said, the
tricks each seat took — and returns the :class:`~preferans.scoring.sheet.Sheet` of that deal
under a convention's :class:`~preferans.scoring.options.ScoringOptions` (docs/scoring.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..cards import rank_of, suit_of
from ..errors import InputError, excerpt
from .numbers import whole_number
from .options import GAME_VALUE, MISERE_VALUE, OWN_QUOTA, TEAM_QUOTA, ScoringOptions
from .sheet import Sheet

WHIST, PASS, HALF = "whist", "pass", "half"
CHOICE_WORDS = {"whist": WHIST, "вист": WHIST, "pass": PASS, "пас": PASS, "half": HALF, "полвиста": HALF,
                "half-whist": HALF}
"""A defender's choice as written (English or Russian) → its name here."""

SPADES = 0
ACE, KING, QUEEN = 7, 6, 5
TALON_TRICKS = 2
"""The most tricks a dealer at four takes in raspasy: the talon's two."""
MAX_BOMBS = 10
"""The most bombs on one deal (each doubles it: ×1024 at most)."""
MAX_ROUND = 100
"""The highest raspasy round written on a deal (a pool record counts its runs itself, as long as they are)."""


@dataclass(frozen=True)
class Deal:
    """One deal's outcome, as the scoring needs it.

    ``kind`` is ``contract`` (``level`` 6–10, ``strain`` 0–3 a suit, 4 no-trump), ``misere``,
    ``raspasy`` (``round``: its place in the run, 1 the first) or ``preferans`` (a dealt
    преферанс, which closes its holder's pool: only a pool record can score it).
    ``seats`` are all players at the table; at four (five) ``dealer`` deals and does not play
    (at five ``out`` sits out too). ``defence``: each defender's ``whist``, ``pass`` or
    ``half``, and the dealer's ``whist`` when he takes a passed hand. ``tricks``: each playing
    seat's tricks (the dealer's talon tricks in raspasy at four).
    """

    kind: str
    seats: tuple[str, ...] = ("A", "B", "C")
    declarer: str | None = None
    level: int | None = None
    strain: int | None = None
    defence: dict[str, str] = field(default_factory=dict)
    tricks: dict[str, int] = field(default_factory=dict)
    dealer: str | None = None
    out: str | None = None
    round: int = 1
    closed: bool = False
    conceded: bool = False
    talon: tuple[int, ...] = ()
    bombs: int = 0

    @property
    def playing(self) -> tuple[str, ...]:
        """The three seats that hold cards, in the order of play."""
        return tuple(s for s in self.seats if s not in (self.dealer, self.out)) if len(self.seats) > 3 else self.seats

    def defenders(self) -> tuple[str, str]:
        """The declarer's two opponents, the first to speak (the next in play after him) first."""
        playing = self.playing
        i = playing.index(self.declarer)
        return playing[(i + 1) % 3], playing[(i + 2) % 3]


def write(deal: Deal, options: ScoringOptions) -> Sheet:
    """What the deal writes: pool, mountain and whists per seat."""
    _check_table(deal)
    _check_tricks(deal)
    if deal.bombs and not options.bombs:
        raise InputError("bombs", "bombs are not played in this convention (option bombs)")
    if deal.kind == "contract":
        sheet = _contract(deal, options)
    elif deal.kind == "misere":
        sheet = _misere(deal, options)
    elif deal.kind == "raspasy":
        sheet = _raspasy(deal, options)
    elif deal.kind == "preferans":
        raise InputError("game", "a dealt preferans closes its holder's pool: score it in a pool record "
                                 "with a target")
    else:
        raise InputError("game", f"unknown game {excerpt(deal.kind)}")
    return sheet.times(2 ** deal.bombs) if deal.bombs else sheet


def _check_table(deal: Deal) -> None:
    n = len(deal.seats)
    if len(set(deal.seats)) != n or not 2 < n < 6:
        raise InputError("players", f"3, 4 or 5 players with different names, not {excerpt(list(deal.seats))}")
    if n > 3 and deal.dealer not in deal.seats:
        raise InputError("dealer", _not_one_of(f"at {n} the dealer", deal.seats, deal.dealer))
    if n == 5 and (deal.out not in deal.seats or deal.out == deal.dealer):
        raise InputError("out", ("missing: " if deal.out is None else "")
                         + "at five name the second player who sits out (\"out\"), not the dealer")
    if n == 3 and deal.dealer is not None and deal.dealer not in deal.seats:
        raise InputError("dealer", _not_one_of("the dealer", deal.seats, deal.dealer))
    if deal.kind in ("contract", "misere", "preferans") and deal.declarer not in deal.playing:
        raise InputError("declarer", _not_one_of("the declarer", deal.playing, deal.declarer))
    if isinstance(deal.round, bool) or not isinstance(deal.round, int) or deal.round < 1:
        raise InputError("round", f"the raspasy of a run count from 1, not {excerpt(deal.round)}")
    whole_number(deal.bombs, "bombs", 0, MAX_BOMBS)


def _not_one_of(who: str, seats, value) -> str:
    """``missing: the dealer is one of A, B, C, D`` (a field not given), or ``… not 'X'``."""
    if value is None:
        return f"missing: {who} is one of {', '.join(seats)}"
    return f"{who} is one of {', '.join(seats)}, not {excerpt(value)}"


def _check_tricks(deal: Deal) -> None:
    """The tricks given are tricks that can be, even where the game is not played (both defenders
    passed, a half-whist) and its tricks are not read: each of a seat that takes tricks, adding up
    to the ten of a deal (to at most ten while some seat's are not given); none for a conceded game."""
    if deal.conceded and deal.tricks:
        raise InputError("tricks", "a conceded game is not played: give no tricks (or leave out \"conceded\")")
    at_four = len(deal.seats) > 3 and deal.kind == "raspasy"
    takers = deal.playing + ((deal.dealer,) if at_four else ())
    for seat, taken in deal.tricks.items():
        if seat not in takers:
            raise InputError(f"tricks.{seat}", f"not a seat that takes tricks here ({', '.join(takers)})")
        if isinstance(taken, bool) or not isinstance(taken, int) or not 0 <= taken <= 10:
            raise InputError(f"tricks.{seat}", f"0 to 10 tricks, not {excerpt(taken)}")
    if at_four and deal.tricks.get(deal.dealer, 0) > TALON_TRICKS:
        raise InputError(f"tricks.{deal.dealer}", f"the dealer takes at most the talon's {TALON_TRICKS} tricks, "
                                                  f"not {deal.tricks[deal.dealer]}")
    total = sum(deal.tricks.values())
    if total > 10 or total != 10 and set(deal.playing) <= set(deal.tricks):
        raise InputError("tricks", f"the tricks add up to 10, not {total} ({excerpt(deal.tricks)})")


def _tricks(deal: Deal, seats, field: str = "tricks") -> dict[str, int]:
    """The tricks of ``seats``, checked: whole numbers adding up to the ten tricks of a deal."""
    out = {}
    for seat in seats:
        if seat not in deal.tricks:
            raise InputError(f"{field}.{seat}", "missing: the tricks of each playing seat are needed")
        taken = deal.tricks[seat]
        if isinstance(taken, bool) or not isinstance(taken, int) or not 0 <= taken <= 10:
            raise InputError(f"{field}.{seat}", f"0 to 10 tricks, not {excerpt(taken)}")
        out[seat] = taken
    extra = sorted(set(deal.tricks) - set(seats))
    if extra:
        raise InputError(f"{field}.{extra[0]}", f"not a seat that plays here ({', '.join(seats)})")
    if sum(out.values()) != 10:
        raise InputError(field, f"the tricks add up to 10, not {sum(out.values())} ({excerpt(out)})")
    return out


@dataclass(frozen=True)
class Defence:
    """What the defenders' words come to under the options (:func:`defence_of`).

    ``whisters``: the defenders who whist in play, in the order of play (stalingrad makes both
    whist a 6♠; a returned whist leaves its returner alone). ``dealer``: at four the dealer took a
    passed hand. ``half``: an unplayed half-whist (the half-whister; the game is written unplayed).
    ``returned``: the half-whister whose partner returned the whist: he passes and writes only the
    consolation, the returner whists alone credited with both hands (no gentleman's split).
    """

    whisters: tuple[str, ...] = ()
    dealer: bool = False
    half: str | None = None
    returned: str | None = None

    @property
    def played(self) -> bool:
        """Whether the deal is played out (someone whists)."""
        return bool(self.whisters) or self.dealer


def defence_of(deal: Deal, options: ScoringOptions) -> Defence:
    """The defenders' words read under the options, checked (a contract that is not conceded)."""
    first, second = deal.defenders()
    choice = {seat: _choice(deal, seat) for seat in (first, second)}
    dealer_whists = len(deal.seats) > 3 and deal.dealer in deal.defence and _choice(deal, deal.dealer) == WHIST
    unknown = set(deal.defence) - {first, second} - ({deal.dealer} if dealer_whists else set())
    if unknown:
        seat = sorted(unknown)[0]
        raise InputError(f"defence.{seat}", f"only the defenders {first} and {second} (and at four the dealer's "
                                            f"\"whist\") choose here")
    if options.stalingrad and deal.level == 6 and deal.strain == SPADES:
        choice = {first: WHIST, second: WHIST}  # stalingrad: 6♠ is always whisted by both
    halves = [s for s in (first, second) if choice[s] == HALF]
    returned = None
    if halves:
        if not options.half_whist:
            raise InputError(f"defence.{halves[0]}", "half-whist is not played in this convention (option half_whist)")
        if len(halves) == 2 or dealer_whists:
            raise InputError(f"defence.{halves[0]}", "a half-whist answers a partner's pass")
        half = halves[0]
        partner = second if half == first else first
        if choice[partner] == PASS:  # unplayed: the declarer's game is written, the half-whister his share
            return Defence(half=half)
        choice[half] = PASS  # the partner returned the whist: he whists alone, the half-whister passes
        returned = half
    whisters = tuple(s for s in (first, second) if choice[s] == WHIST)
    if dealer_whists and whisters:
        raise InputError(f"defence.{deal.dealer}", "the dealer takes a hand only after both defenders passed")
    return Defence(whisters, dealer_whists, None, returned)


def _contract(deal: Deal, options: ScoringOptions) -> Sheet:
    sheet = Sheet(deal.seats)
    level, declarer, k = deal.level, deal.declarer, options.scale
    value = GAME_VALUE[level]
    price = k * value  # whists per credited trick, and the remise per missing trick
    first, second = deal.defenders()
    defence = defence_of(deal, options)
    if deal.conceded:
        return _concession(deal, options, sheet)
    _talon_whists(deal, options, sheet, price)
    if defence.half:  # an unplayed half-whist: the declarer's game is written, the half-whister his share
        sheet.add_pool(declarer, value)
        if level <= 7:
            sheet.add_whists(defence.half, declarer, price * OWN_QUOTA[level])
        return sheet
    whisters = list(defence.whisters)
    if not defence.played:  # pass, pass: the game is written unplayed
        sheet.add_pool(declarer, value)
        return sheet
    tricks = _tricks(deal, deal.playing)
    made_by = tricks[declarer]
    defenders_tricks = 10 - made_by
    down = max(0, level - made_by)
    if down:
        sheet.add_mountain(declarer, down * price)
    else:
        sheet.add_pool(declarer, value)
    remise = options.share(deal.closed) * price  # a whister's penalty per trick short of his quota
    quota, own = TEAM_QUOTA[level], OWN_QUOTA[level]
    consolation = price * down
    if defence.dealer:  # the dealer took a passed hand: all defenders' whists and both consolations are his
        short = max(0, quota - defenders_tricks)
        sheet.add_mountain(deal.dealer, remise * short)
        sheet.add_whists(deal.dealer, declarer, price * (defenders_tricks + down) + 2 * consolation)
        return sheet
    if len(deal.seats) > 3:
        sheet.add_whists(deal.dealer, declarer, consolation)
    if len(whisters) == 2:
        shorts = _two_whisters_short(options, level, tricks[first], tricks[second])
        for seat, short in zip((first, second), shorts):
            sheet.add_mountain(seat, remise * short)
            if not short or options.short_whister_writes:
                sheet.add_whists(seat, declarer, price * (tricks[seat] + down))
        return sheet
    whister = whisters[0]
    passer = second if whister == first else first
    own_hand = options.lone_whister == "own_hand" and not defence.returned
    if own_hand:
        credited, short = tricks[whister], max(0, own - tricks[whister])
    else:
        credited, short = defenders_tricks, max(0, quota - defenders_tricks)
    whists = price * (credited + down)
    gentleman = options.lone_whister == "gentleman" and not defence.returned
    if gentleman and options.gentleman_split_penalty:
        sheet.add_mountain(whister, remise * short / 2)
        sheet.add_mountain(passer, remise * short / 2)
    else:
        sheet.add_mountain(whister, remise * short)
    if short and not options.short_whister_writes:
        whists = 0
    if gentleman and (down or options.gentleman_split_made):
        both = Fraction(whists + consolation, 2)  # split equally with the passer
        sheet.add_whists(whister, declarer, both)
        sheet.add_whists(passer, declarer, both)
    elif options.lone_takes_consolation and not defence.returned:
        sheet.add_whists(whister, declarer, whists + consolation)
    else:
        sheet.add_whists(whister, declarer, whists)
        sheet.add_whists(passer, declarer, consolation)
    return sheet


def _choice(deal: Deal, seat: str) -> str:
    """A defender's whist, pass or half, checked."""
    said = deal.defence.get(seat)
    if said is None:
        if deal.conceded:
            return PASS
        raise InputError(f"defence.{seat}", "missing: each defender's whist, pass or half")
    choice = CHOICE_WORDS.get(str(said).strip().lower())
    if choice is None:
        raise InputError(f"defence.{seat}", f"whist, pass or half, not {excerpt(said)}")
    return choice


def _two_whisters_short(options: ScoringOptions, level: int, first: int, second: int) -> tuple[int, int]:
    """The tricks each of two whisters is charged as short of the quota."""
    own = OWN_QUOTA[level]
    if options.quota == "each":
        return max(0, own - first), max(0, own - second)
    if level >= 10:
        return 0, 0
    if level >= 8:  # a pair's quota of one trick
        if options.joint_high == "both":
            return max(0, 1 - first), max(0, 1 - second)
        if options.joint_high == "second":
            return 0, max(0, 1 - second)
        return 0, max(0, 1 - first - second)
    # 6 and 7: the whister under his share pays it, less his partner's surplus
    return (max(0, own - first - max(0, second - own)),
            max(0, own - second - max(0, first - own)))


def _concession(deal: Deal, options: ScoringOptions, sheet: Sheet) -> Sheet:
    """A game given up without play and without whists: down ``concession_down`` tricks, mountain only."""
    if not options.concession_down:
        raise InputError("conceded", "a concession is not allowed in this convention (option concession_down)")
    if deal.level != 6 and not options.concession_any_game:
        raise InputError("conceded", "only a six may be conceded (option concession_any_game)")
    sheet.add_mountain(deal.declarer, options.concession_down * options.scale * GAME_VALUE[deal.level])
    return sheet


def _talon_whists(deal: Deal, options: ScoringOptions, sheet: Sheet, price: int) -> None:
    """Dealer extras: the talon's honours written on the declarer at the game's trick price."""
    if options.talon_whists == "off" or not deal.talon:
        return
    tricks = talon_honours(deal.talon)
    if options.talon_whists == "dealer":
        if len(deal.seats) == 3:
            raise InputError("options.talon_whists", "at three there is no dealer to write talon whists "
                                                     "(use opponents or off)")
        sheet.add_whists(deal.dealer, deal.declarer, price * tricks)
    else:
        for seat in deal.defenders():
            sheet.add_whists(seat, deal.declarer, price * tricks)


def talon_honours(talon) -> int:
    """Tricks the talon's honours are worth: two aces 3, ace and king of a suit 2, an ace or K+Q of a suit 1."""
    cards = list(talon)
    aces = [c for c in cards if rank_of(c) == ACE]
    if len(aces) == 2:
        return 3
    if len(cards) == 2 and suit_of(cards[0]) == suit_of(cards[1]):
        ranks = {rank_of(c) for c in cards}
        if ranks == {ACE, KING}:
            return 2
        if ranks == {KING, QUEEN}:
            return 1
    return 1 if aces else 0


def _misere(deal: Deal, options: ScoringOptions) -> Sheet:
    sheet = Sheet(deal.seats)
    if deal.declarer not in deal.tricks:
        raise InputError(f"tricks.{deal.declarer}", "missing: the declarer's tricks")
    taken = deal.tricks[deal.declarer]
    if not isinstance(taken, int) or not 0 <= taken <= 10:
        raise InputError(f"tricks.{deal.declarer}", f"0 to 10 tricks, not {excerpt(taken)}")
    if isinstance(taken, bool):
        raise InputError(f"tricks.{deal.declarer}", f"0 to 10 tricks, not {excerpt(taken)}")
    if taken:
        sheet.add_mountain(deal.declarer, taken * options.misere_price)
    else:
        sheet.add_pool(deal.declarer, MISERE_VALUE)
    return sheet


def _raspasy(deal: Deal, options: ScoringOptions) -> Sheet:
    sheet = Sheet(deal.seats)
    seats = deal.playing + ((deal.dealer,) if len(deal.seats) > 3 else ())
    tricks = _tricks(deal, seats if deal.dealer in deal.tricks else deal.playing)
    tricks = {**{s: 0 for s in seats}, **tricks}  # at four the dealer took no talon trick unless given
    price = options.raspasy_price(deal.round)
    for seat, taken in tricks.items():
        sheet.add_mountain(seat, price * taken)
        if not taken and options.raspasy_clean_writeoff:
            sheet.add_mountain(seat, -price * options.raspasy_clean_writeoff)
    return sheet
