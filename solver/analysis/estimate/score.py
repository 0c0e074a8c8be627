"""Estimates in points: each option's tricks on a layout → each seat's balance in whists.

A :class:`Scoring` names the convention (:mod:`solver.scoring`), the players (3, or 4 with
the dealer D) and the defences to weigh (``whist,pass`` …). A *scored option* is a game
option under one defence; on every layout it gives each seat's balance — the deal's worth
to him, in whists, as if the pool closed on it; passing is the zero line.

The balance of a contract depends on the declarer's tricks, and with two whisters (or a
lone whister playing his own hand) on each defender's own tricks too. Double-dummy play
fixes the defenders' total, not who takes which trick: their split is the one of the
solver's best line (:meth:`~solver.engine.Engine.best_line`), computed only for the
defences that need it. Everything else is a table made once per question (balance by the
declarer's tricks), so scoring costs a lookup per layout.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

import numpy as np

from ...cards import SEATS
from ...errors import InputError
from ...rules import Game, Kind, Position, play
from ...scoring import Deal, ScoringOptions, balance, options_for, write
from ...scoring.deal import CHOICE_WORDS, HALF, PASS, WHIST
from ...scoring.options import OWN_QUOTA, TEAM_QUOTA

DEALER_SEAT = "D"

WHISTER_WIDTH = 13
"""Figures per whister on a layout: his tricks one-hot (0 … 10), short or not, the shortfall's cost."""


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
    weighed (each a tuple of choices, the defenders' in seat order) and the raspasy's round."""

    convention: str
    options: ScoringOptions = field(default=None)
    players: int = 3
    defences: tuple[tuple[str, ...], ...] = ((WHIST, PASS),)
    round: int = 1

    def __post_init__(self):
        if self.options is None:
            object.__setattr__(self, "options", options_for(self.convention))
        if self.players not in (3, 4):
            raise InputError("players", f"3 or 4 players, not {self.players!r}")
        if not self.defences:
            raise InputError("defence", "at least one defence to weigh")
        if self.round < 1:
            raise InputError("round", f"the raspasy of a run count from 1, not {self.round}")
        object.__setattr__(self, "_tables", {})  # games → the balance tables (not a field: no eq, no hash)

    def tables(self, question) -> list[tuple[int, int, bool, np.ndarray, np.ndarray]]:
        """Per scored option of ``question``: (its tricks column, option index, whether the split
        counts, N × balance by the declarer's tricks — and the first defender's — then seat, and
        the same for the whisters' figures, :meth:`whister_figures`), made once per set of options."""
        key = question.options
        if key not in self._tables:
            games = [o.game for o in question.options]
            first = question.option_columns()
            out = []
            for k, j in self.scored(games):
                split = self.needs_split(games[k], j)
                width = WHISTER_WIDTH * len(self.whisters(games[k], j))
                table = np.zeros((11, 11, len(self.seats)) if split else (11, len(self.seats)), np.int64)
                whisters = np.zeros((11, 11, width) if split else (11, width), np.int64)
                for taken in range(11):
                    if split:
                        for own in range(11 - taken):
                            table[taken, own] = self.balances(games[k], j, taken, own)
                            whisters[taken, own] = self.whister_figures(games[k], j, taken, own)
                    else:
                        table[taken] = self.balances(games[k], j, taken)
                        whisters[taken] = self.whister_figures(games[k], j, taken)
                out.append((first[k], k, split, table, whisters))
            self._tables[key] = out
        return self._tables[key]

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(SEATS) + ((DEALER_SEAT,) if self.players == 4 else ())

    def scored(self, games: list[Game]) -> list[tuple[int, int | None]]:
        """The scored options: (option index, defence index); a misère has no defence (None);
        raspasy is scored per seat from its bounds, not here."""
        out = []
        for k, game in enumerate(games):
            if game.kind is Kind.CONTRACT:
                out += [(k, j) for j in range(len(self.defences))]
            elif game.kind is Kind.MISERE:
                out.append((k, None))
        return out

    def needs_split(self, game: Game, j: int | None) -> bool:
        """Whether the defenders' own tricks matter (two whisters, or a lone whister's own hand)."""
        if j is None or game.kind is not Kind.CONTRACT:
            return False
        choices = self._choices(game, self.defences[j])
        whisters = [s for s, c in choices.items() if c == WHIST and s != DEALER_SEAT]
        if HALF in choices.values() and PASS in choices.values() and WHIST not in choices.values():
            return False
        return len(whisters) == 2 or (len(whisters) == 1 and self.options.lone_whister == "own_hand")

    def whisters(self, game: Game, j: int | None) -> tuple[str, ...]:
        """The seats that whist in this scored option (a half-whister whose partner whists passes)."""
        if j is None or game.kind is not Kind.CONTRACT:
            return ()
        return tuple(s for s, c in self._choices(game, self.defences[j]).items() if c == WHIST)

    def quota(self, game: Game, j: int | None, seat: str) -> tuple[int, str]:
        """A whister's quota under the convention: (tricks, what counts towards it: ``own``, ``own,
        less the partner's surplus`` (joint, 6 and 7), ``the pair's`` (joint, 8 and 9, charged as
        ``joint_high`` says) or ``both hands``)."""
        level, two = game.level, len([s for s in self.whisters(game, j) if s != DEALER_SEAT]) == 2
        if two:
            if self.options.quota == "each":
                return OWN_QUOTA[level], "own"
            if level >= 8:
                return TEAM_QUOTA[level], "the pair's"
            return OWN_QUOTA[level], "own, less the partner's surplus"
        if seat != DEALER_SEAT and self.options.lone_whister == "own_hand":
            return OWN_QUOTA[level], "own"
        return TEAM_QUOTA[level], "both hands"

    def whister_figures(self, game: Game, j: int | None, taken: int, first: int | None = None) -> tuple[int, ...]:
        """Per whister: his tricks one-hot, short or not (0/1), N × his shortfall's cost in whists."""
        return _whister_figures(self, game, j, taken, first)

    def _choices(self, game: Game, defence: tuple[str, ...]) -> dict[str, str]:
        defenders = [s for i, s in enumerate(SEATS) if i != game.declarer]
        out = dict(zip(defenders, defence))
        if len(defence) == 3:
            out[DEALER_SEAT] = defence[2]
        return out

    def balances(self, game: Game, j: int | None, taken: int, first: int | None = None) -> tuple[int, ...]:
        """N × each seat's balance (whole numbers) when the declarer takes ``taken`` tricks and,
        where it matters, the first defender in seat order ``first`` of the defenders' tricks."""
        return _balances(self, game, j, taken, first)

    def bounds(self, game: Game, j: int | None) -> tuple[float, float]:
        """The least and greatest balance any seat can have in this scored option (for intervals)."""
        values = [v for taken in range(11) for first in (range(11 - taken) if self.needs_split(game, j) else [None])
                  for v in self.balances(game, j, taken, first)]
        return min(values) / self.players, max(values) / self.players

    def label(self, game: Game, j: int | None) -> str:
        if j is None:
            return ""
        choices = self._choices(game, self.defences[j])
        return ", ".join(f"{s} {c}" for s, c in choices.items())

    def raspasy_cost(self, tricks: int) -> Fraction:
        """What a seat writes in his mountain for ``tricks`` in a raspasy of this round, in whists."""
        price = self.options.raspasy_price(self.round)
        points = price * tricks - (price * self.options.raspasy_clean_writeoff if tricks == 0 else 0)
        return Fraction(10 * points)


def _deal(scoring: Scoring, game: Game, j: int | None, taken: int, first: int | None) -> Deal:
    seats = scoring.seats
    declarer = SEATS[game.declarer]
    dealer = DEALER_SEAT if scoring.players == 4 else None
    if game.kind is Kind.MISERE:
        return Deal("misere", seats=seats, declarer=declarer, tricks={declarer: taken}, dealer=dealer)
    choices = scoring._choices(game, scoring.defences[j])
    defenders = [s for s in SEATS if s != declarer]
    rest = 10 - taken
    own = first if first is not None else rest  # the first defender's share (all, when it does not matter)
    if own > rest:
        own = rest
    tricks = {declarer: taken, defenders[0]: own, defenders[1]: rest - own}
    return Deal("contract", seats=seats, declarer=declarer, level=game.level, strain=game.trump,
                defence=choices, tricks=tricks, dealer=dealer)


@lru_cache(maxsize=4096)
def _balances(scoring: Scoring, game: Game, j: int | None, taken: int, first: int | None) -> tuple[int, ...]:
    sheet = write(_deal(scoring, game, j, taken, first), scoring.options)
    result = balance(sheet, scoring.options)
    return tuple(int(result[s] * scoring.players) for s in scoring.seats)


@lru_cache(maxsize=4096)
def _whister_figures(scoring: Scoring, game: Game, j: int | None, taken: int,
                     first: int | None) -> tuple[int, ...]:
    """Per whister (:meth:`Scoring.whisters`), :data:`WHISTER_WIDTH` figures: his tricks as the
    convention counts them, one-hot (a histogram adds up over the layouts), whether he is short of
    his quota (0 or 1) and N × what the shortfall costs him in whists — his balance without the
    remise the scoring module writes on his mountain, minus his balance with it."""
    deal = _deal(scoring, game, j, taken, first)
    sheet = write(deal, scoring.options)
    total = 10 - taken
    own = scoring.needs_split(game, j)
    out = []
    for seat in scoring.whisters(game, j):
        tricks = deal.tricks[seat] if own and seat != DEALER_SEAT else total
        remise = sheet.mountain[seat]
        charged = balance(sheet, scoring.options)[seat]
        sheet.mountain[seat] -= remise
        cost = balance(sheet, scoring.options)[seat] - charged
        sheet.mountain[seat] += remise
        out += [int(v == tricks) for v in range(11)] + [int(remise > 0), int(cost * scoring.players)]
    return tuple(out)


def defenders_split(position, game: Game, engine) -> int:
    """Tricks the first defender (in seat order) takes on the solver's best line."""
    _, line = engine.best_line(position, game, game.declarer)
    first = min(s for s in range(3) if s != game.declarer)
    before = position.taken[first]
    for card in line:
        position = play(position, game, card)
    return position.taken[first] - before


def layout_scores(question, layout, values: np.ndarray, engine) -> np.ndarray:
    """N × each seat's balance for every scored option on one layout, flat: scored option by seat;
    then each scored option's whisters' figures (:meth:`Scoring.whister_figures`). ``values``: the
    layout's columns; the defenders' split from the best line where it counts."""
    parts, extra, splits = [], [], {}
    for column, k, split, table, whisters in question.scoring.tables(question):
        taken = values[column]
        if split:
            if k not in splits:
                splits[k] = defenders_split(Position(layout.hands, question.leader), question.options[k].game,
                                            engine)
            parts.append(table[taken, splits[k]])
            extra.append(whisters[taken, splits[k]])
        else:
            parts.append(table[taken])
            extra.append(whisters[taken])
    return np.concatenate(parts + extra) if parts else np.zeros(0, np.int64)


# -- the figures -------------------------------------------------------------------------------

PLAY_NOTE = ("play is double dummy: every hand open (open whist, в светлую, the real-table case for a contract "
             "with one whister); with two whisters their split of the tricks is the solver's best line's")


def score_labels(question) -> list[tuple[int, int | None, str]]:
    """Each scored option: (option index, defence index, its label)."""
    scoring = question.scoring
    games = [o.game for o in question.options]
    out = []
    for k, j in scoring.scored(games):
        defence = scoring.label(games[k], j)
        out.append((k, j, question.options[k].label + (f" ({defence})" if defence else "")))
    return out


def score_labels_values(question, scores: np.ndarray) -> dict:
    """One layout's balances, scored option → seat → whists (exact: an integer or "a/b")."""
    from ...scoring import number_out

    seats = question.scoring.seats
    n = question.scoring.players
    return {label: {s: number_out(Fraction(int(scores[i * len(seats) + x]), n)) for x, s in enumerate(seats)}
            for i, (_, _, label) in enumerate(score_labels(question))}


@dataclass(frozen=True)
class WhisterFigures:
    """One whister of a scored option: his expected tricks as the convention counts them (his own,
    or both defenders' for a lone whister credited with both hands), his quota, the chance he falls
    short of it and what that costs him on average, in whists per deal (0 when not short)."""

    seat: str
    tricks: object
    counted: str
    quota: int
    quota_counts: str
    split_from_best_line: bool
    short: object
    cost: object

    def to_json(self) -> dict:
        return {"seat": self.seat, "tricks": self.tricks.to_json(), "counted": self.counted,
                "quota": {"tricks": self.quota, "counts": self.quota_counts},
                "split_from_best_line": self.split_from_best_line, "short": self.short.to_json(),
                "shortfall_cost": self.cost.to_json()}


@dataclass(frozen=True)
class ScoredOption:
    """One game under one defence: each seat's expected balance in whists, with its interval,
    and each whister's own figures."""

    label: str
    option: int
    defence: str
    balance: dict[str, object]
    whisters: tuple = ()
    declarer: str = ""

    def to_json(self) -> dict:
        return {"option": self.label, "option_index": self.option, "defence": self.defence,
                "balance": {s: f.to_json() for s, f in self.balance.items()},
                "whisters": [w.to_json() for w in self.whisters]}


@dataclass(frozen=True)
class ScorePaired:
    """For one seat, scored option ``a`` minus scored option ``b`` on the same layouts, in whists."""

    seat: str
    options: tuple[str, str]
    difference: object

    def to_json(self) -> dict:
        return {"seat": self.seat, "options": list(self.options), "difference": self.difference.to_json()}


@dataclass(frozen=True)
class ScoreSummary:
    """The estimate in points: the convention and its options, each scored option's balances, the
    best for the hand's seat with the paired differences from it, and raspasy's cost per seat."""

    convention: str
    players: int
    options: dict
    seat: str | None
    scored: list[ScoredOption]
    best: list[int]
    """For the hand's seat, the best of each choice he makes (indices into ``scored``): the declarer's
    game under each defence, or a defender's defence in each game."""
    paired: list[ScorePaired]
    raspasy: dict
    round: int
    note: str = PLAY_NOTE

    def to_json(self) -> dict:
        out = {"convention": self.convention, "players": self.players, "options": self.options,
               "seat": self.seat, "note": self.note, "scored": [s.to_json() for s in self.scored]}
        if self.best:
            out["best"] = [self.scored[i].label for i in self.best]
            out["paired"] = [p.to_json() for p in self.paired]
        if self.raspasy:
            out["raspasy"] = {"round": self.round, "cost": {
                label: {s: {m: f.to_json() for m, f in bounds.items()} for s, bounds in seats.items()}
                for label, seats in self.raspasy.items()}}
        return out


def score_summary(result) -> ScoreSummary:
    """The figures in points of an :class:`~.result.Estimate` whose question is scored."""
    from ...scoring.records import options_out
    from .. import stats

    q, t = result.question, result.tally
    scoring = q.scoring
    seats, n, big = scoring.seats, t.n, scoring.players
    games = [o.game for o in q.options]
    scored, ranges = [], []
    extra = len(score_labels(q)) * len(seats)  # the whisters' figures follow the balances
    for i, (k, j, label) in enumerate(score_labels(q)):
        lowest, highest = scoring.bounds(games[k], j)
        ranges.append((lowest, highest))
        figures = {}
        for x, s in enumerate(seats):
            c = i * len(seats) + x
            figures[s] = stats.mean(t.scores[c] / big, t.score_gram[c, c] / big ** 2, n,
                                    population=result.population, lowest=lowest, highest=highest)
        whisters = []
        split = scoring.needs_split(games[k], j)
        for w, seat_w in enumerate(scoring.whisters(games[k], j)):
            c = extra
            extra += WHISTER_WIDTH
            own = split and seat_w != DEALER_SEAT
            quota, counts = scoring.quota(games[k], j, seat_w)
            hist = t.scores[c:c + 11]
            tricks = stats.mean(float((hist * np.arange(11)).sum()), float((hist * np.arange(11) ** 2).sum()), n,
                                population=result.population) if result.exact else \
                stats.mean_of_counts(dict(enumerate(hist.tolist())))
            worst = max(scoring.whister_figures(games[k], j, taken, first)[WHISTER_WIDTH * w + 12]
                        for taken in range(11) for first in (range(11 - taken) if split else [None])) / big
            cost = c + 12
            whisters.append(WhisterFigures(
                seat_w, tricks, "own" if own else "both hands", quota, counts, own,
                stats.proportion(int(t.scores[c + 11]), n, population=result.population),
                stats.mean(t.scores[cost] / big, t.score_gram[cost, cost] / big ** 2, n,
                           population=result.population, lowest=0.0, highest=max(worst, 0.0))))
        scored.append(ScoredOption(label, k, scoring.label(games[k], j), figures, tuple(whisters),
                                   SEATS[games[k].declarer]))
    seat = SEATS[q.seat] if q.seat is not None else None
    best, paired = [], []
    if seat is not None:
        x = seats.index(seat)
        keys = [(k, j) for k, j, _ in score_labels(q)]
        by_defence = all(games[k].declarer == q.seat for k, _ in keys) or \
            any(o.lead is not None for o in q.options)
        groups: dict = {}
        for i, (k, j) in enumerate(keys):  # the declarer chooses the game, the leader his card; a defender his defence
            groups.setdefault(j if by_defence else k, []).append(i)
        for members in groups.values():
            if len(members) < 2:
                continue
            top = max(members, key=lambda i: scored[i].balance[seat].value)
            best.append(top)
            for i in members:
                if i == top:
                    continue
                a, b = top * len(seats) + x, i * len(seats) + x
                (la, ha), (lb, hb) = ranges[top], ranges[i]
                total = (t.scores[a] - t.scores[b]) / big
                squares = (t.score_gram[a, a] + t.score_gram[b, b] - 2 * t.score_gram[a, b]) / big ** 2
                paired.append(ScorePaired(seat, (scored[top].label, scored[i].label),
                                          stats.mean(total, squares, n, population=result.population,
                                                     lowest=la - hb, highest=ha - lb)))
    raspasy = {}
    first = q.option_columns()
    for k, option in enumerate(q.options):
        if option.game.kind is not Kind.RASPASY:
            continue
        costs = np.array([float(scoring.raspasy_cost(v)) for v in range(len(t.counts[0]))])
        raspasy[option.label] = {}
        for x in range(3):
            bounds = {}
            for m, c in (("paranoid", first[k] + x), ("cooperative", first[k] + 3 + x)):
                hist = t.counts[c]
                bounds[m] = stats.mean(float((hist * costs).sum()), float((hist * costs * costs).sum()), n,
                                       population=result.population, lowest=float(costs.min()),
                                       highest=float(costs.max()))
            raspasy[option.label][SEATS[x]] = bounds
    return ScoreSummary(scoring.convention, scoring.players, options_out(scoring.options), seat, scored, best,
                        paired, raspasy, scoring.round)
