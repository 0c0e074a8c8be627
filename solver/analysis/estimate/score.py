"""Estimates in points: each option's outcome on a layout → each seat's balance in whists.

A :class:`Scoring` names the convention (:mod:`preferans.scoring`), the players (3, or 4 with
the dealer D) and the defences to weigh (``whist,pass`` …). A *scored option* is a game
option under one defence (a misère has none); on every layout it gives each seat's balance
— the deal's worth to him, in whists, as if the pool closed on it; passing is the zero line.

On a layout a scored option's outcome is a *cell* (:func:`cell`): the declarer's tricks, the
first defender's own tricks where the split of the defenders' tricks changes a balance, and
the talon's honours where talon whists are written. Each cell's balances are the scoring
module's, exact fractions, made once per cell; the figures are made from the count of each
cell (:mod:`.points`), so nothing is rounded before it is printed.

The split. Double-dummy play fixes the defenders' total, not who of them takes each trick.
The split is defined (:mod:`preferans.kernel.split`): every player first plays for the tricks
(the declarer for the most, the defenders to hold him to his double-dummy value); among the
lines that keep them the defenders take the split best for them, the declarer — who gets his
tricks on every such line — not steering it. "Best for them" is the order of
:meth:`Scoring.ranks`: the larger total of the two defenders' balances (what their quotas and
shortfalls cost the pair), then the larger balance of the worse off of the two, then more
tricks to the first defender (the one who plays after the declarer).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache

import numpy as np

from ...cards import SEATS, ascii_name
from ...errors import InputError
from ...rules import Game, Kind, Position, TalonMode
from ...scoring import Deal, ScoringOptions, balance, options_for, write
from ...scoring.deal import CHOICE_WORDS, PASS, WHIST, Defence, defence_of, talon_honours
from ...scoring.options import OWN_QUOTA, TEAM_QUOTA

DEALER_SEAT = "D"
HONOURS = 4
"""A talon's honours are worth 0 … 3 tricks of talon whists."""
CELLS = 11 * 11 * HONOURS
"""Cells of a scored option: (the declarer's tricks, the first defender's tricks, the talon's honours)."""


def cell(taken: int, first: int = 0, honours: int = 0) -> int:
    """The index of a cell (:data:`CELLS`)."""
    return (taken * 11 + first) * HONOURS + honours


def cell_parts(index: int) -> tuple[int, int, int]:
    """(the declarer's tricks, the first defender's tricks, the talon's honours) of a cell."""
    rest, honours = divmod(index, HONOURS)
    taken, first = divmod(rest, 11)
    return taken, first, honours


def parse_defence(text: str, players: int, field: str = "defence") -> tuple[str, ...]:
    """``whist,pass`` → the choices of the two defenders in seat order (and at four the dealer's,
    a third word: ``pass,pass,whist``)."""
    words = [w.strip().lower() for w in str(text).replace(" ", ",").split(",") if w.strip()]
    if len(words) not in (2, 3) or (len(words) == 3 and players != 4):
        raise InputError(field, f"two choices, the defenders' in seat order, such as whist,pass "
                                f"(at four a third for the dealer), not {text!r}")
    choices = []
    for word in words:
        if word not in CHOICE_WORDS:
            raise InputError(field, f"whist, pass or half, not {word!r} in {text!r}")
        choices.append(CHOICE_WORDS[word])
    return tuple(choices)


@dataclass(frozen=True)
class Scoring:
    """How the estimate is scored: the convention with its options, the players, the defences
    weighed (each a tuple of choices, the defenders' in seat order) and the raspasy's round.

    Everything a convention refuses is refused here, and what a question cannot be scored with
    by :meth:`check` (called when a :class:`~.question.Question` is made), so the API refuses
    what the command refuses."""

    convention: str
    options: ScoringOptions = field(default=None)
    players: int = 3
    defences: tuple[tuple[str, ...], ...] = ((WHIST, PASS),)
    round: int = 1

    def __post_init__(self):
        if self.options is None:
            object.__setattr__(self, "options", options_for(self.convention))
        if not isinstance(self.options, ScoringOptions):
            raise InputError("options", f"a ScoringOptions (preferans.scoring.options_for), not {self.options!r}")
        if self.players not in (3, 4):
            raise InputError("players", f"3 or 4 players, not {self.players!r}")
        if not self.defences:
            raise InputError("defence", "at least one defence to weigh")
        defences = tuple(parse_defence(d, self.players) if isinstance(d, str) else tuple(d) for d in self.defences)
        object.__setattr__(self, "defences", defences)
        for d in defences:
            if len(d) not in (2, 3) or (len(d) == 3 and self.players != 4) or \
                    any(c not in (WHIST, PASS, "half") for c in d):
                raise InputError("defence", f"two choices (at four a third for the dealer), each whist, pass or "
                                            f"half, not {d!r}")
            self.defence(Game.contract(6, 1, 0), d)  # one the convention does not play is refused now
        if isinstance(self.round, bool) or not isinstance(self.round, int) or self.round < 1:
            raise InputError("round", f"the raspasy of a run count from 1, not {self.round!r}")
        if self.options.talon_whists == "dealer" and self.players == 3:
            raise InputError("options.talon_whists", "at three there is no dealer to write talon whists "
                                                     "(use opponents or off, or --players 4)")

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(SEATS) + ((DEALER_SEAT,) if self.players == 4 else ())

    @property
    def talon_whists(self) -> bool:
        """Whether talon whists are written (then a cell holds the talon's honours)."""
        return self.options.talon_whists != "off"

    def scored(self, games: list[Game]) -> list[tuple[int, int | None]]:
        """The scored options: (option index, defence index); a misère has no defence (None);
        raspasy is scored per seat from its bounds (:func:`raspasy_bounds`), not here."""
        out = []
        for k, game in enumerate(games):
            if game.kind is Kind.CONTRACT:
                out += [(k, j) for j in range(len(self.defences))]
            elif game.kind is Kind.MISERE:
                out.append((k, None))
        return out

    def check(self, question) -> None:
        """What a question needs to be scored (one :class:`~preferans.errors.InputError`)."""
        if question.tricks != 10:
            raise InputError("score", "scoring needs a full deal of ten tricks")
        games = [o.game for o in question.options]
        scored = self.scored(games)
        if any(self.needs_split(games[k], j) for k, j in scored) and (
                any(o.discard or o.lead is not None for o in question.options)
                or question.knowledge.sizes != (10, 10, 10) or question.talon == "take"):
            raise InputError("defence", "two whisters (or a whister's own hand) need each defender's own tricks, "
                                        "counted on the hand as played from the first lead: not with a 12-card "
                                        "hand, the talon taken or a blind lead")
        if self.players == 3 and any(g.kind is Kind.RASPASY and g.talon_mode is TalonMode.DEALER for g in games):
            raise InputError("players", "raspasy whose talon tricks go to the dealer is scored at four (--players 4): "
                                        "at three the dealer plays")
        if self.talon_whists and any(g.kind is Kind.CONTRACT for g in games) and question.talon_cards is None:
            raise InputError("talon", "talon whists need the talon's cards: name them (--talon), or leave the "
                                      "talon unseen and no discard known (then each layout's hidden cards are it)")

    # -- one scored option ---------------------------------------------------------------------

    def choices(self, game: Game, j: int | None) -> dict[str, str]:
        """The words said in defence ``j`` of ``game``: each defender's (and the dealer's)."""
        defence = self.defences[j]
        out = dict(zip([s for i, s in enumerate(SEATS) if i != game.declarer], defence))
        if len(defence) == 3:
            out[DEALER_SEAT] = defence[2]
        return out

    def defence(self, game: Game, j: int | tuple[str, ...] | None) -> Defence:
        """What defence ``j`` of ``game`` comes to under the convention (:func:`~preferans.scoring.deal.defence_of`)."""
        if j is None or game.kind is not Kind.CONTRACT:
            return Defence()
        words = self.defences[j] if isinstance(j, int) else j
        defence = dict(zip([s for i, s in enumerate(SEATS) if i != game.declarer], words))
        if len(words) == 3:
            defence[DEALER_SEAT] = words[2]
        deal = Deal("contract", seats=self.seats, declarer=SEATS[game.declarer], level=game.level,
                    strain=game.trump, defence=defence, dealer=DEALER_SEAT if self.players == 4 else None)
        return defence_of(deal, self.options)

    def defenders(self, game: Game) -> tuple[str, str]:
        """The declarer's two opponents, the first to play after him first."""
        return SEATS[(game.declarer + 1) % 3], SEATS[(game.declarer + 2) % 3]

    def whisters(self, game: Game, j: int | None) -> tuple[str, ...]:
        """The seats that whist in play (the dealer when he takes a passed hand)."""
        defence = self.defence(game, j)
        return defence.whisters + ((DEALER_SEAT,) if defence.dealer else ())

    def deal(self, game: Game, j: int | None, index: int, talon: tuple[int, ...] = ()) -> Deal:
        """The deal a cell stands for, as ``pref score`` takes it."""
        taken, first, honours = cell_parts(index)
        seats = self.seats
        declarer = SEATS[game.declarer]
        dealer = DEALER_SEAT if self.players == 4 else None
        if game.kind is Kind.MISERE:
            return Deal("misere", seats=seats, declarer=declarer, tricks={declarer: taken}, dealer=dealer)
        a, b = self.defenders(game)
        rest = 10 - taken
        first = min(first, rest)
        return Deal("contract", seats=seats, declarer=declarer, level=game.level, strain=game.trump,
                    defence=self.choices(game, j), tricks={declarer: taken, a: first, b: rest - first},
                    dealer=dealer, talon=talon or HONOUR_TALONS[honours])

    def balances(self, game: Game, j: int | None, index: int) -> tuple[Fraction, ...]:
        """Each seat's balance (exact) in a cell."""
        return _balances(self, game, j, index)

    def cells(self, game: Game, j: int | None) -> list[int]:
        """Every cell the scored option can reach (for its range, and whether it depends on the layout)."""
        split = self.needs_split(game, j)
        honours = range(HONOURS) if self.talon_whists and game.kind is Kind.CONTRACT else [0]
        return [cell(t, f, h) for t in range(11) for f in (range(11 - t) if split else [0]) for h in honours]

    @lru_cache(maxsize=None)
    def needs_split(self, game: Game, j: int | None) -> bool:
        """Whether some balance depends on who of the defenders takes their tricks."""
        if game.kind is not Kind.CONTRACT:
            return False
        return any(self.balances(game, j, cell(t, f)) != self.balances(game, j, cell(t, 0))
                   for t in range(11) for f in range(1, 11 - t))

    @lru_cache(maxsize=None)
    def ranks(self, game: Game, j: int | None) -> np.ndarray:
        """``ranks[d][y]``: how the defenders rank the split ``y`` tricks to the first defender when the
        declarer takes ``d`` (0 the worst for them): their total balance, then the worse off one's,
        then the first defender's tricks (the module doc)."""
        out = np.zeros((11, 11), np.int64)
        a, b = (self.seats.index(s) for s in self.defenders(game))
        for d in range(11):
            def key(y):
                values = self.balances(game, j, cell(d, y))
                return values[a] + values[b], min(values[a], values[b]), y
            for r, y in enumerate(sorted(range(11 - d), key=key)):
                out[d][y] = r
        out.setflags(write=False)
        return out

    def range(self, game: Game, j: int | None) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
        """Each seat's least and greatest balance over every cell (the bounds of an interval)."""
        values = [self.balances(game, j, i) for i in self.cells(game, j)]
        return tuple(map(min, zip(*values))), tuple(map(max, zip(*values)))

    def quota(self, game: Game, j: int | None, seat: str) -> tuple[int, str]:
        """A whister's quota under the convention: (tricks, what counts towards it: ``own``, ``own,
        less the partner's surplus`` (joint, 6 and 7), ``the pair's`` (joint, 8 and 9, charged as
        ``joint_high`` says) or ``both hands``)."""
        level = game.level
        defence = self.defence(game, j)
        if len(defence.whisters) == 2:
            if self.options.quota == "each":
                return OWN_QUOTA[level], "own"
            if level >= 8:
                return TEAM_QUOTA[level], "the pair's"
            return OWN_QUOTA[level], "own, less the partner's surplus"
        if self.own_hand(game, j, seat):
            return OWN_QUOTA[level], "own"
        return TEAM_QUOTA[level], "both hands"

    def own_hand(self, game: Game, j: int | None, seat: str) -> bool:
        """Whether ``seat`` is counted his own tricks (two whisters, or a lone whister's own hand)."""
        defence = self.defence(game, j)
        if seat == DEALER_SEAT or seat not in defence.whisters:
            return False
        return len(defence.whisters) == 2 or (self.options.lone_whister == "own_hand" and not defence.returned)

    def whister_cell(self, game: Game, j: int | None, seat: str, index: int) -> tuple[int, bool, Fraction]:
        """A whister in a cell: his tricks as the convention counts them, whether he is short of his
        quota, and what that costs him in whists (his balance without the remise the scoring module
        writes on his mountain, minus his balance with it)."""
        return _whister_cell(self, game, j, seat, index)

    def label(self, game: Game, j: int | None) -> str:
        if j is None:
            return ""
        return ", ".join(f"{s} {c}" for s, c in self.choices(game, j).items())

    # -- raspasy -------------------------------------------------------------------------------

    @cached_property
    def _raspasy_table(self) -> tuple[np.ndarray, np.ndarray]:
        """Every way the ten tricks of a raspasy can fall (at four, the dealer's talon tricks too,
        0 … 2), and each seat's balance in whists for it, as floats and exactly."""
        seats = self.seats
        rows, values = [], []
        for a in range(11):
            for b in range(11 - a):
                for d in (range(3) if self.players == 4 else [0]):
                    c = 10 - a - b - d
                    if c < 0:
                        continue
                    tricks = {"A": a, "B": b, "C": c, **({DEALER_SEAT: d} if self.players == 4 else {})}
                    deal = Deal("raspasy", seats=seats, tricks=tricks, round=self.round,
                                dealer=DEALER_SEAT if self.players == 4 else None)
                    result = balance(write(deal, self.options), self.options)
                    rows.append((a, b, c, d))
                    values.append(tuple(result[s] for s in seats))
        return np.array(rows, np.int64), np.array(values, dtype=object)

    def raspasy_bounds(self, fewest: tuple[int, int, int], most: tuple[int, int, int],
                       dealer_tricks: bool) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
        """Each seat's least and greatest balance (exact) when A, B and C take between ``fewest``
        (the cooperative bound) and ``most`` (the paranoid bound) tricks, the ten adding up (at four
        the dealer's talon tricks, when ``dealer_tricks``, in the sum)."""
        return _raspasy_bounds(self, tuple(fewest), tuple(most), dealer_tricks)


HONOUR_TALONS = {0: (), 1: (7,), 2: (7, 6), 3: (7, 15)}
"""A talon worth 0 … 3 tricks of talon whists (:func:`~preferans.scoring.deal.talon_honours`): nothing, ♠A,
♠A K, ♠A ♣A."""


@lru_cache(maxsize=1 << 16)
def _balances(scoring: Scoring, game: Game, j: int | None, index: int) -> tuple[Fraction, ...]:
    result = balance(write(scoring.deal(game, j, index), scoring.options), scoring.options)
    return tuple(result[s] for s in scoring.seats)


@lru_cache(maxsize=1 << 16)
def _whister_cell(scoring: Scoring, game: Game, j: int | None, seat: str, index: int) -> tuple[int, bool, Fraction]:
    deal = scoring.deal(game, j, index)
    sheet = write(deal, scoring.options)
    taken = cell_parts(index)[0]
    tricks = deal.tricks[seat] if scoring.own_hand(game, j, seat) else 10 - taken
    remise = sheet.mountain[seat]
    charged = balance(sheet, scoring.options)[seat]
    sheet.mountain[seat] -= remise
    cost = balance(sheet, scoring.options)[seat] - charged
    return tricks, remise > 0, cost


@lru_cache(maxsize=1 << 14)
def _raspasy_bounds(scoring: Scoring, fewest, most, dealer_tricks: bool):
    rows, values = scoring._raspasy_table
    keep = np.all((rows[:, :3] >= np.array(fewest)) & (rows[:, :3] <= np.array(most)), axis=1)
    if not dealer_tricks:
        keep &= rows[:, 3] == 0
    chosen = values[keep]
    if not len(chosen):  # the bounds of three separate searches always meet; this keeps it safe
        chosen = values
    return tuple(min(col) for col in zip(*chosen)), tuple(max(col) for col in zip(*chosen))


@dataclass
class ScorePlan:
    """What scoring a layout of one question takes, worked out once (:meth:`Question.score_plan`):
    per scored option its column, whether it is a misère, and where the split counts its ranks and
    first defender; the raspasy options' first columns; each cell tuple's balances as floats."""

    question: object
    options: list = field(default_factory=list)
    """Per scored option: (game, its tricks column, misère or not, ranks or None, first defender's seat)."""
    raspasy: list = field(default_factory=list)
    floats: dict = field(default_factory=dict)

    def __post_init__(self):
        q = self.question
        scoring = q.scoring
        games = [o.game for o in q.options]
        first = q.option_columns()
        for k, j in scoring.scored(games):
            game = games[k]
            split = scoring.needs_split(game, j)
            self.options.append((k, j, game, first[k], game.kind is Kind.MISERE,
                                 scoring.ranks(game, j) if split else None,
                                 SEATS.index(scoring.defenders(game)[0]) if game.kind is Kind.CONTRACT else -1))
        self.raspasy = [(k, first[k]) for k, o in enumerate(q.options) if o.game.kind is Kind.RASPASY]

    def cells(self, layout, values: np.ndarray, engine) -> tuple[tuple[int, ...], dict]:
        """Each scored option's cell on one layout (:func:`cell`), and its split where one was searched,
        (option, defence) → the first defender's tricks. ``values``: the layout's columns."""
        q = self.question
        honours = talon_honours(q.talon_cards or layout.hidden) if q.scoring.talon_whists else 0
        cells, splits, searched = [], {}, {}
        for k, j, game, column, misere, ranks, defender in self.options:
            taken = int(values[column])
            if misere:
                cells.append(cell(taken))
                continue
            y = 0
            if ranks is not None:
                key = (k, id(ranks))
                if taken == q.tricks:  # every trick to the declarer: none to split, no search
                    searched[key] = 0
                if key not in searched:
                    d, searched[key] = engine.searcher.split(Position(layout.hands, q.leader), game, defender, ranks)
                    assert d == taken, (d, taken)
                y = searched[key]
                splits[(k, j)] = y
            cells.append(cell(taken, y, honours))
        return tuple(cells), splits

    def balances(self, cells: tuple[int, ...]) -> np.ndarray:
        """Each scored option's balances in its cell, seat by seat, as floats (for the paired spreads)."""
        out = self.floats.get(cells)
        if out is None:
            scoring = self.question.scoring
            out = np.array([float(v) for (k, j, game, *_), index in zip(self.options, cells)
                            for v in scoring.balances(game, j, index)], np.float64)
            self.floats[cells] = out
        return out

    def raspasy_cells(self, values: np.ndarray) -> tuple:
        """Each raspasy option's bounds on a layout: (option, A B C's cooperative, A B C's paranoid tricks)."""
        if not self.raspasy:
            return ()
        return tuple((k, tuple(int(v) for v in values[c + 3:c + 6]), tuple(int(v) for v in values[c:c + 3]))
                     for k, c in self.raspasy)


def score_labels(question) -> list[tuple[int, int | None, str]]:
    """Each scored option: (option index, defence index, its label)."""
    scoring = question.scoring
    games = [o.game for o in question.options]
    out = []
    for k, j in scoring.scored(games):
        defence = scoring.label(games[k], j)
        out.append((k, j, question.options[k].label + (f" ({defence})" if defence else "")))
    return out


def layout_record(question, layout, cells: np.ndarray, splits: dict) -> dict:
    """One layout's scores for ``--layouts-out``: each scored option's balances (exact: an integer or
    "a/b") and its tricks as ``pref score`` takes them — each defender's own where the split was
    searched, else the defenders' together."""
    from ...scoring import number_out

    scoring = question.scoring
    games = [o.game for o in question.options]
    balances, tricks = {}, {}
    for (k, j, label), index in zip(score_labels(question), cells):
        values = scoring.balances(games[k], j, int(index))
        balances[label] = {s: number_out(v) for s, v in zip(scoring.seats, values)}
        taken, y, _ = cell_parts(int(index))
        declarer = SEATS[games[k].declarer]
        if games[k].kind is Kind.MISERE:
            tricks[label] = {declarer: taken}
        elif (k, j) in splits:
            a, b = scoring.defenders(games[k])
            tricks[label] = {declarer: taken, a: y, b: 10 - taken - y}
        else:
            tricks[label] = {declarer: taken, "defenders": 10 - taken}
    out = {"balance": balances, "tricks": tricks}
    if scoring.talon_whists:
        out["talon"] = [ascii_name(c) for c in (question.talon_cards or layout.hidden)]
    return out


__all__ = ["CELLS", "DEALER_SEAT", "ScorePlan", "Scoring", "cell", "cell_parts", "parse_defence", "score_labels"]
