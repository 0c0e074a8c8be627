"""The figures in points of a scored estimate, exact until they are printed, and the decisions.

Every mean is a :class:`~fractions.Fraction`: the count of each cell (:attr:`.tally.Tally.cells`)
times its balance, over the layouts. Spreads, for intervals only, are floats (exact for one
option from the same counts; for a paired difference from the running moments). The decisions
are each player's own:

* the declarer chooses his game: under each defence, his best game and each other against it on
  the same layouts; per game, the defence worst for him (a bound he can rely on);
* a defender chooses his word given his partner's: per game and partner's word (and the
  dealer's), his best word and each other against it — never rows that change the partner's;
* the leader chooses his card (a blind lead);
* raspasy is a balance too, each seat's between the balance at his paranoid bound and at his
  cooperative one, the dealer's at four with them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from ...cards import SEATS
from ...rules import Kind, TalonMode
from .. import stats
from ..stats import Figure
from .score import score_labels

PLAY_NOTE = ("play is double dummy: every hand open (open whist, в светлую, the real-table case for a contract "
             "with one whister); two whisters' tricks are split as the defined split says (docs/scoring.md)")

ESTIMATE_OPTIONS = ("scale", "shortfall_share", "quota", "joint_high", "lone_whister", "gentleman_split_made",
                    "gentleman_split_penalty", "lone_takes_consolation", "short_whister_writes", "half_whist",
                    "stalingrad", "talon_whists", "misere_trick", "raspasy_prices", "raspasy_clean_writeoff")
"""The options a one-deal balance depends on (the others close or run a pool)."""


@dataclass(frozen=True)
class Whists(Figure):
    """A figure in whists: its exact value besides the printed one; ``fixed``: the same on every
    layout there can be (both pass, an unplayed half-whist), printed without an interval."""

    exact: Fraction = Fraction(0)
    fixed: bool = False

    def to_json(self) -> dict:
        from ...scoring import number_out

        out = super().to_json()
        out["exact"] = number_out(self.exact)
        if self.fixed:
            out["fixed"] = True
        return out


def _figure(values: dict[Fraction, int], n: int, population, lowest, highest, fixed: bool = False) -> Whists:
    """The mean of values given as value → count, exact, with its interval."""
    if not n:
        return Whists(0.0, float(lowest), float(highest), Fraction(0))
    exact = sum(v * c for v, c in values.items()) / n
    if fixed:
        return Whists(float(exact), float(exact), float(exact), exact, True)
    variance = sum(c * (v - exact) ** 2 for v, c in values.items()) / (n - 1) if n > 1 else 0
    f = stats.mean_of(float(exact), float(variance), n, population=population, lowest=float(lowest),
                      highest=float(highest), equal=len(values) == 1)
    return Whists(f.value, f.low, f.high, exact)


@dataclass(frozen=True)
class WhisterFigures:
    """One whister of a scored option: his expected tricks as the convention counts them (his own,
    or both defenders' for a lone whister credited with both hands), his quota, the chance he falls
    short of it and what that costs him on average, in whists per deal (0 when not short)."""

    seat: str
    tricks: Figure
    counted: str
    quota: int
    quota_counts: str
    split: bool
    short: Figure
    cost: Whists

    def to_json(self) -> dict:
        return {"seat": self.seat, "tricks": self.tricks.to_json(), "counted": self.counted,
                "quota": {"tricks": self.quota, "counts": self.quota_counts}, "split": self.split,
                "short": self.short.to_json(), "shortfall_cost": self.cost.to_json()}


@dataclass(frozen=True)
class ScoredOption:
    """One game under one defence: each seat's expected balance in whists, with its interval,
    and each whister's own figures."""

    label: str
    option: int
    defence: str
    balance: dict[str, Whists]
    whisters: tuple = ()
    declarer: str = ""
    choices: dict = field(default_factory=dict)
    """Each defender's word (and the dealer's), as said."""

    def to_json(self) -> dict:
        return {"option": self.label, "option_index": self.option, "defence": self.defence,
                "balance": {s: f.to_json() for s, f in self.balance.items()},
                "whisters": [w.to_json() for w in self.whisters]}


@dataclass(frozen=True)
class ScorePaired:
    """For one seat, scored option ``a`` minus scored option ``b`` on the same layouts, in whists;
    ``same``: equal on every layout counted."""

    seat: str
    options: tuple[str, str]
    difference: Whists
    same: bool = False

    def to_json(self) -> dict:
        out = {"seat": self.seat, "options": list(self.options), "difference": self.difference.to_json()}
        if self.same:
            out["same"] = True
        return out


@dataclass(frozen=True)
class Choice:
    """One decision of the hand's seat: who decides, what is fixed (``given``: the partner's word,
    the defence, the game), the options he weighs (indices into the scored options), the best, and
    each other against it."""

    kind: str
    """``game`` (the declarer's game under a defence), ``defence`` (a defender's word, his partner's
    given) or ``lead`` (the leader's card)."""
    given: str
    options: tuple[int, ...]
    best: int
    paired: tuple[ScorePaired, ...]

    def to_json(self, scored) -> dict:
        return {"kind": self.kind, "given": self.given, "options": [scored[i].label for i in self.options],
                "best": scored[self.best].label, "paired": [p.to_json() for p in self.paired]}


@dataclass(frozen=True)
class RaspasyBalance:
    """A raspasy's balance for each seat: between his balance at his paranoid bound (the other two
    against him) and at his cooperative one (all three keeping his tricks down), the others' tricks
    as the deal's ten allow; at four the dealer's too."""

    label: str
    round: int
    low: dict[str, Whists]
    high: dict[str, Whists]

    def to_json(self) -> dict:
        return {"option": self.label, "round": self.round, "low": {s: f.to_json() for s, f in self.low.items()},
                "high": {s: f.to_json() for s, f in self.high.items()}}


@dataclass(frozen=True)
class ScoreSummary:
    """The estimate in points: the convention and its options, each scored option's balances,
    the decisions of the hand's seat, and raspasy's balances."""

    convention: str
    players: int
    options: dict
    changed: tuple[str, ...]
    """The options that differ from the convention's defaults."""
    seat: str | None
    scored: list[ScoredOption]
    choices: list[Choice]
    worst: dict[int, int]
    """The declarer's question: per game option, the scored option of the defence worst for him."""
    raspasy: list[RaspasyBalance]
    round: int
    note: str = PLAY_NOTE

    @property
    def best(self) -> list[int]:
        return [c.best for c in self.choices]

    @property
    def paired(self) -> list[ScorePaired]:
        return [p for c in self.choices for p in c.paired]

    def to_json(self) -> dict:
        out = {"convention": self.convention, "players": self.players, "options": self.options,
               "changed": list(self.changed), "seat": self.seat, "note": self.note,
               "scored": [s.to_json() for s in self.scored]}
        if self.choices:
            out["choices"] = [c.to_json(self.scored) for c in self.choices]
            out["best"] = [self.scored[i].label for i in self.best]
            out["paired"] = [p.to_json() for p in self.paired]
        if self.worst:
            out["worst_defence"] = {self.scored[i].label.split(" (")[0]: self.scored[i].defence
                                    for i in self.worst.values()}
        if self.raspasy:
            out["raspasy"] = [r.to_json() for r in self.raspasy]
        return out


def score_summary(result) -> ScoreSummary:
    """The figures in points of an :class:`~.result.Estimate` whose question is scored."""
    from ...scoring import options_for
    from ...scoring.records import options_out

    q, t = result.question, result.tally.settle()
    scoring = q.scoring
    labels = score_labels(q)
    scored = [_scored(result, i, k, j, label) for i, (k, j, label) in enumerate(labels)]
    seat = SEATS[q.seat] if q.seat is not None else None
    choices, worst = (_choices(result, scored, seat) if seat is not None else ([], {}))
    defaults = options_for(scoring.convention)
    changed = tuple(name for name in ESTIMATE_OPTIONS if getattr(scoring.options, name) != getattr(defaults, name))
    return ScoreSummary(scoring.convention, scoring.players, options_out(scoring.options), changed, seat, scored,
                        choices, worst, _raspasy(result), scoring.round)


def _cell_counts(t, i) -> list[tuple[int, int]]:
    row = t.cells[i]
    return [(int(c), int(row[c])) for c in np.flatnonzero(row)]


def _scored(result, i: int, k: int, j, label: str) -> ScoredOption:
    q, t = result.question, result.tally
    scoring = q.scoring
    game = q.options[k].game
    counts = _cell_counts(t, i)
    lowest, highest = scoring.range(game, j)
    possible = {scoring.balances(game, j, c) for c in scoring.cells(game, j)}
    balance = {}
    for x, s in enumerate(scoring.seats):
        values = Counter()
        for c, n in counts:
            values[scoring.balances(game, j, c)[x]] += n
        fixed = len({b[x] for b in possible}) == 1
        balance[s] = _figure(values, t.n, result.population, lowest[x], highest[x], fixed)
    whisters = []
    for w in scoring.whisters(game, j):
        tricks, short, cost = Counter(), 0, Counter()
        for c, n in counts:
            taken, is_short, c_cost = scoring.whister_cell(game, j, w, c)
            tricks[taken] += n
            short += n * is_short
            cost[c_cost] += n
        worst = max(scoring.whister_cell(game, j, w, c)[2] for c in scoring.cells(game, j))
        if result.exact:
            total = sum(v * c for v, c in tricks.items())
            squares = sum(v * v * c for v, c in tricks.items())
            tricks_figure = stats.mean(float(total), float(squares), t.n, population=result.population)
        else:
            tricks_figure = stats.mean_of_counts(tricks)
        quota, counts_as = scoring.quota(game, j, w)
        own = scoring.own_hand(game, j, w)
        whisters.append(WhisterFigures(
            w, tricks_figure, "own" if own else "both hands", quota, counts_as,
            own and scoring.needs_split(game, j),
            stats.proportion(short, t.n, population=result.population),
            _figure(cost, t.n, result.population, 0, max(worst, 0))))
    return ScoredOption(label, k, scoring.label(game, j), balance, tuple(whisters), SEATS[game.declarer],
                        scoring.choices(game, j) if j is not None else {})


def _paired(result, scored, a: int, b: int, seat: str) -> ScorePaired:
    """Scored option ``a`` minus ``b`` for ``seat``, on the same layouts."""
    q, t = result.question, result.tally
    seats = q.scoring.seats
    x = seats.index(seat)
    games = [o.game for o in q.options]
    labels = score_labels(q)
    (ka, ja, _), (kb, jb, _) = labels[a], labels[b]
    (la, ha), (lb, hb) = q.scoring.range(games[ka], ja), q.scoring.range(games[kb], jb)
    exact = scored[a].balance[seat].exact - scored[b].balance[seat].exact
    ia, ib = a * len(seats) + x, b * len(seats) + x
    variance = t.moments.variance(ia, ib)
    same = t.n > 0 and variance == 0 and exact == 0
    fixed = scored[a].balance[seat].fixed and scored[b].balance[seat].fixed
    if same or fixed:
        figure = Whists(float(exact), float(exact), float(exact), exact, True)
    else:
        f = stats.mean_of(float(exact), variance, t.n, population=result.population,
                          lowest=float(la[x] - hb[x]), highest=float(ha[x] - lb[x]), equal=variance == 0)
        figure = Whists(f.value, f.low, f.high, exact)
    return ScorePaired(seat, (scored[a].label, scored[b].label), figure, same)


def _choice(result, scored, kind: str, given: str, members: list[int], seat: str) -> Choice:
    top = max(members, key=lambda i: scored[i].balance[seat].exact)
    paired = tuple(sorted((_paired(result, scored, top, i, seat) for i in members if i != top),
                          key=lambda p: p.difference.exact))
    return Choice(kind, given, tuple(members), top, paired)


def _choices(result, scored, seat: str) -> tuple[list[Choice], dict[int, int]]:
    """The decisions of the hand's seat (module doc), and for a declarer the worst defence per game."""
    q = result.question
    scoring = q.scoring
    games = [o.game for o in q.options]
    keys = [(k, j) for k, j, _ in score_labels(q)]
    out, worst = [], {}
    if q.leads:  # the leader's card, under each defence
        groups: dict = {}
        for i, (k, j) in enumerate(keys):
            groups.setdefault(j, []).append(i)
        return [_choice(result, scored, "lead", scoring.label(games[keys[m[0]][0]], j), m, seat)
                for j, m in groups.items() if len(m) > 1], {}
    if not keys:
        return [], {}
    if all(g.declarer is not None and SEATS[g.declarer] == seat for g in games):  # the declarer's game
        groups = {}
        for i, (k, j) in enumerate(keys):
            for jj in ([j] if j is not None else range(len(scoring.defences))):  # a misère under every defence
                groups.setdefault(jj, []).append(i)
        for j, members in groups.items():
            if len(members) > 1:
                given = next((scored[i].defence for i in members if scored[i].defence), "")
                out.append(_choice(result, scored, "game", given, members, seat))
        for k in {k for k, j in keys if j is not None}:
            members = [i for i, (kk, j) in enumerate(keys) if kk == k]
            if len(members) > 1:
                worst[k] = min(members, key=lambda i: scored[i].balance[seat].exact)
        return out, worst
    groups = {}  # a defender's word, his partner's (and the dealer's) given
    for i, (k, j) in enumerate(keys):
        choices = scored[i].choices
        if j is None or seat not in choices:
            continue
        partner = tuple((s, c) for s, c in choices.items() if s != seat)
        groups.setdefault((k, partner), []).append(i)
    for (k, partner), members in groups.items():
        if len({scored[i].choices[seat] for i in members}) > 1:
            given = ", ".join(f"{s} {c}" for s, c in partner)
            out.append(_choice(result, scored, "defence", given, members, seat))
    return out, worst


def _raspasy(result) -> list[RaspasyBalance]:
    q, t = result.question, result.tally
    scoring = q.scoring
    out = []
    for k, option in enumerate(q.options):
        if option.game.kind is not Kind.RASPASY:
            continue
        dealer = scoring.players == 4 and option.game.talon_mode is TalonMode.DEALER
        lows, highs = [Counter() for _ in scoring.seats], [Counter() for _ in scoring.seats]
        for (kk, fewest, most), n in t.raspasy.items():
            if kk != k:
                continue
            low, high = scoring.raspasy_bounds(fewest, most, dealer)
            for x in range(len(scoring.seats)):
                lows[x][low[x]] += n
                highs[x][high[x]] += n
        everything = scoring.raspasy_bounds((0, 0, 0), (10, 10, 10), dealer)
        low = {s: _figure(lows[x], t.n, result.population, everything[0][x], everything[1][x])
               for x, s in enumerate(scoring.seats)}
        high = {s: _figure(highs[x], t.n, result.population, everything[0][x], everything[1][x])
                for x, s in enumerate(scoring.seats)}
        out.append(RaspasyBalance(option.label, scoring.round, low, high))
    return out


__all__ = ["Choice", "RaspasyBalance", "ScorePaired", "ScoreSummary", "ScoredOption", "WhisterFigures", "Whists",
           "score_summary"]
