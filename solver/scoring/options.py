"""Conventions (sochi, leningrad, rostov, classic) and the options of scoring, each with its default.

A convention is a named set of :class:`ScoringOptions`; any option can be overridden by
name (``options_for("sochi", quota="joint")``). The names here are the names of
docs/scoring.md and of the ``"options"`` of ``pref score``'s input.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from fractions import Fraction

from ..errors import InputError, excerpt

GAME_VALUE = {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}
"""A game's value v in pool points, by level; a misère is worth 10."""
MISERE_VALUE = 10
TEAM_QUOTA = {6: 4, 7: 2, 8: 1, 9: 1, 10: 0}
"""Q: the tricks two defenders owe together."""
OWN_QUOTA = {6: 2, 7: 1, 8: 1, 9: 1, 10: 0}
"""s: one of two whisters' own share of Q."""


@dataclass(frozen=True)
class ScoringOptions:
    """Everything in which the books disagree; the defaults are sochi's (see :data:`CONVENTIONS`)."""

    scale: int = 1
    """k: mountain points per pool point at settlement; whists and penalties scale with it too (leningrad 2)."""
    shortfall_share: Fraction = Fraction(1)
    """r: the share of the remise a whister pays per trick short of his quota (1 responsible, ½ half-responsible)."""
    shortfall_share_closed: Fraction | None = None
    """r once the pool is closed (a deal marked ``closed``); None: as ``shortfall_share`` (classic: 1)."""
    quota: str = "each"
    """Two whisters: ``each`` owes his own share s (stingy), or ``joint``: only the pair's shortfall below Q."""
    joint_high: str = "second"
    """``joint`` on an 8 or 9: the ``second`` whister owes a trick of his own, or ``both`` do, or only the ``pair``."""
    lone_whister: str = "both_hands"
    """One whister, one passer: ``both_hands`` (credited with all defenders' tricks, owes Q),
    ``gentleman`` (failed games' whists split equally with the passer) or ``own_hand`` (owes and gets only his own)."""
    gentleman_split_made: bool = False
    """``gentleman``: split the whists of a made game with the passer too."""
    gentleman_split_penalty: bool = False
    """``gentleman``: split the whister's shortfall penalty with the passer too."""
    lone_takes_consolation: bool = False
    """The lone whister writes the passer's consolation, the passer nothing."""
    short_whister_writes: bool = True
    """False: a whister short of his quota writes no whists."""
    half_whist: bool = False
    """Half-whist (полвиста) is played: after whist + pass on a 6 or 7 the whister writes his share unplayed."""
    stalingrad: bool = False
    """6♠ is whisted by both defenders, whatever they said."""
    concession_down: int = 3
    """A six conceded without whists is down this many tricks, mountain only (0: concession not allowed)."""
    concession_any_game: bool = False
    """A concession is allowed on any game, not only a six."""
    talon_whists: str = "off"
    """Dealer extras: ``off``, ``dealer`` (at four the dealer writes the talon's honours on the declarer)
    or ``opponents`` (both defenders do): an ace or K+Q 1 trick, A+K 2, two aces 3, at the game's trick price."""
    misere_trick: int | None = None
    """Mountain per trick of a caught misère; None: 10·k."""
    raspasy_prices: tuple[int, ...] = (1, 2, 2)
    """Mountain per trick of the 1st, 2nd, 3rd … raspasy of a run; the last repeats."""
    raspasy_clean_writeoff: int = 0
    """A player (or dealer) who takes no trick in raspasy writes off this many tricks' price (leningrad 2)."""
    raspasy_exit: tuple[int, ...] = (6, 7, 8)
    """The lowest game that stops the 1st, 2nd, 3rd … raspasy of a run; the last repeats. The first
    stops the run before it starts (any game); after ``n`` raspasy the lowest game is entry ``n + 1``."""
    misere_breaks_raspasy: bool = True
    """A made misère restarts the raspasy run (leningrad: it does not)."""
    bombs: bool = False
    """Bombs (classic): a deal may carry ``bombs`` N, doubling all it writes N times."""
    pool_to_mountain: str = "max"
    """Closing: ``max`` (m + k·(P_max − p)) or ``target`` (m − k·(p − target)); the balances are the same."""
    pool_help: bool = False
    """Sochi's help: points past the target go to the next open pool, 10 whists a point on him (needs a target)."""
    rounding: str = "exact"
    """``exact`` fractions, or ``books``: one mountain ±1 so the mean is whole whists, ⌊10/N⌋ whists compensate."""
    two_player_mountain: str = "full"
    """Two players (гусарик): the mountain difference ×10 in ``full``, or halved as the mean gives (``mean``)."""
    skachki: bool = False
    """Скачки: the first to close and the smallest mountain each write 100 whists on every other player."""

    @property
    def misere_price(self) -> int:
        return self.misere_trick if self.misere_trick is not None else MISERE_VALUE * self.scale

    def raspasy_price(self, round: int) -> int:
        return self.raspasy_prices[min(round, len(self.raspasy_prices)) - 1]

    def raspasy_exit_level(self, round: int) -> int:
        """The lowest game that stops raspasy number ``round`` of a run (played after ``round - 1``)."""
        return self.raspasy_exit[min(round, len(self.raspasy_exit)) - 1]

    def share(self, closed: bool) -> Fraction:
        if closed and self.shortfall_share_closed is not None:
            return self.shortfall_share_closed
        return self.shortfall_share


CONVENTIONS = {
    "sochi": ScoringOptions(pool_help=True),
    "leningrad": ScoringOptions(scale=2, shortfall_share=Fraction(1, 2), quota="joint", lone_whister="gentleman",
                                half_whist=True, raspasy_prices=(2, 4, 6), raspasy_clean_writeoff=2,
                                raspasy_exit=(6, 7, 7), misere_breaks_raspasy=False),
    "rostov": ScoringOptions(shortfall_share=Fraction(1, 2), quota="joint", raspasy_prices=(1, 2, 3)),
    "classic": ScoringOptions(shortfall_share=Fraction(1, 2), shortfall_share_closed=Fraction(1), quota="joint",
                              raspasy_prices=(1, 2, 4), bombs=True),
}
"""Each convention's defaults (docs/scoring.md, "Conventions and their defaults")."""

CHOICES = {"quota": ("each", "joint"), "joint_high": ("second", "both", "pair"),
           "lone_whister": ("both_hands", "gentleman", "own_hand"), "talon_whists": ("off", "dealer", "opponents"),
           "pool_to_mountain": ("max", "target"), "rounding": ("exact", "books"),
           "two_player_mountain": ("full", "mean")}
OPTION_NAMES = tuple(f.name for f in fields(ScoringOptions))


def options_for(convention: str, overrides: dict | None = None, field: str = "options") -> ScoringOptions:
    """The convention's options with ``overrides`` (name → value, as JSON or TOML gives them) applied."""
    name = str(convention).strip().lower()
    if name not in CONVENTIONS:
        raise InputError("convention", f"unknown convention {excerpt(convention)}; "
                                       f"one of {', '.join(CONVENTIONS)}")
    options = CONVENTIONS[name]
    if overrides is None:
        return options
    if not isinstance(overrides, dict):
        raise InputError(field, f"options are a table of name = value, not {excerpt(overrides)}")
    return replace(options, **{key: option_value(key, value, f"{field}.{key}") for key, value in overrides.items()})


def option_value(name: str, value, field: str):
    """One option's value checked and converted (``"1/2"`` → Fraction, a list → tuple)."""
    if name not in OPTION_NAMES:
        raise InputError(field, f"unknown option; the options are {', '.join(OPTION_NAMES)}")
    default = getattr(ScoringOptions(), name)
    if name in CHOICES:
        if value not in CHOICES[name]:
            raise InputError(field, f"one of {', '.join(CHOICES[name])}, not {excerpt(value)}")
        return value
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise InputError(field, f"true or false, not {excerpt(value)}")
        return value
    if name in ("shortfall_share", "shortfall_share_closed"):
        if value is None and name == "shortfall_share_closed":
            return None
        share = _fraction(value, field)
        if not 0 <= share <= 1:
            raise InputError(field, f"a share from 0 to 1, not {excerpt(value)}")
        return share
    if isinstance(default, tuple):
        if not isinstance(value, (list, tuple)) or not value:
            raise InputError(field, f"a list of whole numbers, not {excerpt(value)}")
        numbers = tuple(_whole(v, field) for v in value)
        if name == "raspasy_exit" and not all(6 <= v <= 10 for v in numbers):
            raise InputError(field, f"game levels 6 to 10, not {excerpt(value)}")
        return numbers
    if name == "misere_trick" and value is None:
        return None
    return _whole(value, field, 1 if name == "scale" else 0)


def _whole(value, field: str, least: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise InputError(field, f"a whole number from {least}, not {excerpt(value)}")
    return value


def _fraction(value, field: str) -> Fraction:
    if isinstance(value, bool):
        raise InputError(field, f"a number, not {excerpt(value)}")
    try:
        return Fraction(value) if isinstance(value, (int, str)) else Fraction(str(value))
    except (ValueError, ZeroDivisionError, TypeError):
        raise InputError(field, f"a number such as 1, 0.5 or \"1/2\", not {excerpt(value)}") from None
