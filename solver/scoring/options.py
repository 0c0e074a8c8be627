"""Conventions (sochi, leningrad, rostov, classic) and the options of scoring, each with its default.

A convention is a named set of :class:`ScoringOptions`; any option can be overridden by
name (``options_for("sochi", quota="joint")``). The names here are the names of
docs/scoring.md and of the ``"options"`` of ``pref score``'s input.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from fractions import Fraction

from ..errors import InputError, excerpt
from ..textfiles import unknown_key
from .numbers import exact_number, whole_number

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

    def __post_init__(self):
        """Every option checked, whoever builds the options (``pref score``, ``--score-option``, Python)."""
        for name in OPTION_NAMES:
            object.__setattr__(self, name, option_value(name, getattr(self, name), f"options.{name}"))

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


CHOICES = {"quota": ("each", "joint"), "joint_high": ("second", "both", "pair"),
           "lone_whister": ("both_hands", "gentleman", "own_hand"), "talon_whists": ("off", "dealer", "opponents"),
           "pool_to_mountain": ("max", "target"), "rounding": ("exact", "books"),
           "two_player_mountain": ("full", "mean")}
OPTION_NAMES = tuple(f.name for f in fields(ScoringOptions))
SHARES = ("shortfall_share", "shortfall_share_closed")
"""The options that are a share from 0 to 1 (an exact number)."""
OPTIONAL = ("shortfall_share_closed", "misere_trick")
"""The options that may be none (``null``): then another option decides."""
RANGES = {"scale": (1, 10), "misere_trick": (0, 1000), "raspasy_prices": (0, 1000), "raspasy_clean_writeoff": (0, 10),
          "raspasy_exit": (6, 10), "concession_down": (0, 10)}
"""Each whole-number option's least and greatest value (each item's, for a list): the books use
k = 1 or 2, 10 or 20 a caught misère's trick, prices of 1 to 8, a concession down 3 or 4; the
ranges keep every figure a deal writes, and an estimate's sums of squares, far from overflowing."""
MAX_RUN = 20
"""The longest list of per-raspasy figures (prices, exits): the last one repeats anyway."""
_DEFAULTS = {f.name: f.default for f in fields(ScoringOptions)}



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
    """One option's value checked against its range and converted (``"1/2"`` → Fraction, a list → tuple)."""
    if name not in OPTION_NAMES:
        raise InputError(field, unknown_key(name, OPTION_NAMES, "option"))
    default = _DEFAULTS[name]
    if name in CHOICES:
        if value not in CHOICES[name]:
            raise InputError(field, f"one of {', '.join(CHOICES[name])}, not {excerpt(value)}")
        return value
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise InputError(field, f"true or false, not {excerpt(value)}")
        return value
    if value is None and name in OPTIONAL:
        return None
    if name in SHARES:
        return exact_number(value, field, 0, 1, "a share")
    low, high = RANGES[name]
    if isinstance(default, tuple):
        if not isinstance(value, (list, tuple)) or not 1 <= len(value) <= MAX_RUN:
            raise InputError(field, f"a list of 1 to {MAX_RUN} whole numbers from {low} to {high:,}, "
                                    f"not {excerpt(value)}")
        return tuple(whole_number(v, field, low, high, "a game level" if name == "raspasy_exit" else "a whole number")
                     for v in value)
    return whole_number(value, field, low, high)


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
