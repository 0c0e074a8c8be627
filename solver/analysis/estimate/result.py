"""The result of a run and its figures, as typed data with ``to_json()``.

:class:`Estimate` is what a run returns: the question, the tally and how it was made.
:meth:`Estimate.summary` turns the tally into figures with their intervals
(:mod:`..stats`): a :class:`Summary` of one :class:`OptionFigures` per option, the
best option not knowing the layout with the :class:`Paired` differences from it, and
for a 12-card hand one :class:`DiscardChoice` per game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ...cards import SEATS, strain_symbol
from ...rules import Kind, game_name
from .. import stats
from ..stats import Figure
from .question import Option, Question, spec_name, spec_text
from .points import ScoreSummary, score_summary
from .tally import BINS, Tally
from .work import layout_space


@dataclass(frozen=True)
class ColumnFigures:
    """One column's figures: its histogram, the mean and the chance of each value."""

    column: str
    layouts: int
    histogram: list[int]
    mean: Figure
    at_least: dict[int, Figure]
    exactly: dict[int, Figure]

    def to_json(self) -> dict:
        return {"column": self.column, "layouts": self.layouts, "histogram": list(self.histogram),
                "mean": self.mean.to_json(),
                "at_least": {str(k): f.to_json() for k, f in self.at_least.items()},
                "exactly": {str(k): f.to_json() for k, f in self.exactly.items()}}


@dataclass(frozen=True)
class SeatFigures:
    """A seat's raspasy bounds: both others against him (paranoid), all three keeping his tricks down."""

    paranoid: ColumnFigures
    cooperative: ColumnFigures

    def to_json(self) -> dict:
        return {"paranoid": self.paranoid.to_json(), "cooperative": self.cooperative.to_json()}


@dataclass(frozen=True)
class OptionFigures:
    """An option's figures. A contract or misère: its column's figures (``tricks``), the
    chance made and set or clean, the defenders' histogram; raspasy: ``seats``.
    ``dd_best``: how often the option is best seeing the layout (12-card hands)."""

    option: Option
    tricks: ColumnFigures | None = None
    seats: dict[str, SeatFigures] = field(default_factory=dict)
    made: Figure | None = None
    set: Figure | None = None
    clean: Figure | None = None
    defenders_histogram: list[int] | None = None
    dd_best: Figure | None = None

    @property
    def label(self) -> str:
        return self.option.label

    @property
    def mean(self) -> Figure:
        return self.tricks.mean

    @property
    def histogram(self) -> list[int]:
        return self.tricks.histogram

    @property
    def success(self) -> Figure | None:
        """The chance of success: made, or clean."""
        return self.made if self.made is not None else self.clean

    def to_json(self) -> dict:
        out = {"option": self.option.label, "game": game_name(self.option.game, strain_symbol),
               "discard": [spec_name(c) for c in self.option.discard]}
        if self.option.lead is not None:
            out["lead"] = spec_name(self.option.lead)
        if self.seats:
            out["seats"] = {s: f.to_json() for s, f in self.seats.items()}
            return out
        out.update(self.tricks.to_json())
        for name in ("made", "set"):
            if getattr(self, name) is not None:
                out[name] = getattr(self, name).to_json()
        if self.defenders_histogram is not None:
            out["defenders_histogram"] = list(self.defenders_histogram)
        if self.clean is not None:
            out["clean"] = self.clean.to_json()
        if self.dd_best is not None:
            out["dd_best"] = self.dd_best.to_json()
        return out


@dataclass(frozen=True)
class Paired:
    """Option ``indices[0]`` minus option ``indices[1]`` over the same layouts: the mean
    difference in tricks and in the chance of success."""

    options: tuple[str, str]
    indices: tuple[int, int]
    difference: Figure
    success_difference: Figure
    same_tricks: bool = False
    """The two gave the same tricks on every layout counted: the difference is exactly zero."""
    same_success: bool = False
    """The two succeeded (or failed) together on every layout counted."""

    @property
    def identical(self) -> bool:
        return self.same_tricks and self.same_success

    def to_json(self) -> dict:
        out = {"options": list(self.options), "difference": self.difference.to_json(),
               "success_difference": self.success_difference.to_json(), "indices": list(self.indices)}
        if self.same_tricks:
            out["same_tricks"] = True
        if self.same_success:
            out["same_success"] = True
        return out


@dataclass(frozen=True)
class DiscardChoice:
    """A game's discards: the best not knowing the layout, the one most often best seeing
    it, and what the declarer averages choosing the best discard seeing each layout."""

    game: str
    best_index: int
    best: str
    dd_most_often_index: int
    dd_most_often_best: str
    differs: bool
    seeing_the_layout: ColumnFigures

    def to_json(self) -> dict:
        return {"game": self.game, "best": self.best, "best_index": self.best_index,
                "dd_most_often_best": self.dd_most_often_best, "dd_most_often_index": self.dd_most_often_index,
                "differs": self.differs, "seeing_the_layout": self.seeing_the_layout.to_json()}


@dataclass(frozen=True)
class TableFigures:
    """A game at the table, where the defence knows the declarer's 12 cards but not his discard,
    beside the same game double dummy (the defence knowing it): the real chance lies between.
    A misère: ``caught`` there and double dummy (``dd``); a contract with open whist: ``made``
    there and double dummy, and the mean tricks there (``tricks``). ``index``: the option whose
    double-dummy figure is set beside it (the game's only option, or its best discard)."""

    game: str
    index: int
    tricks: ColumnFigures
    at_table: Figure
    dd: Figure

    def to_json(self) -> dict:
        return {"game": self.game, "option_index": self.index, "at_table": self.at_table.to_json(),
                "double_dummy": self.dd.to_json(), "tricks": self.tricks.to_json()}


def _flip(f: Figure, total: float = 0.0) -> Figure:
    """``total − f``: a figure seen from the other side (the defenders' tricks, the chance to catch)."""
    return Figure(total - f.value, total - f.high, total - f.low)


@dataclass(frozen=True)
class LeadFigures:
    """An opening lead's figures for the leader's side: its tricks (a defender: the defenders'
    tricks; a catcher: the tricks the declarer is held to; the declarer: his own) and its
    chance of success (a contract set, a misère caught; the declarer: made, clean)."""

    lead: int
    side: str
    tricks: Figure
    success: Figure

    @property
    def text(self) -> str:
        return spec_text(self.lead)

    def to_json(self) -> dict:
        return {"lead": spec_name(self.lead), "side": self.side, "tricks": self.tricks.to_json(),
                "success": self.success.to_json()}


@dataclass(frozen=True)
class Summary:
    """Every figure of a run."""

    layouts: int
    requested: int
    exact: bool
    complete: bool
    seed: int | None
    population: int | None
    seconds: float
    nodes: int
    talon: str
    options: list[OptionFigures]
    best_index: int | None = None
    paired: list[Paired] = field(default_factory=list)
    discards: list[DiscardChoice] = field(default_factory=list)
    leads: list[LeadFigures] = field(default_factory=list)
    leader: str | None = None
    across: list[Paired] = field(default_factory=list)
    """Each game's best discard against each other game's, on the same layouts (12 cards)."""
    score: ScoreSummary | None = None
    """The figures in points (``Question.scoring``): each seat's balance per scored option."""
    tables: list[TableFigures] = field(default_factory=list)
    """Each game's chance at the table beside its double-dummy chance (``Question.table``)."""

    @property
    def best(self) -> OptionFigures | None:
        return None if self.best_index is None else self.options[self.best_index]

    def to_json(self) -> dict:
        out = {"layouts": self.layouts, "requested": self.requested, "exact": self.exact,
               "complete": self.complete, "seed": self.seed, "population": self.population,
               "seconds": round(self.seconds, 3), "nodes": self.nodes, "talon": self.talon,
               "options": [o.to_json() for o in self.options]}
        if self.best_index is not None:
            out["best"] = self.best.label
            out["best_index"] = self.best_index
            out["paired"] = [p.to_json() for p in self.paired]
        if self.discards:
            out["discards"] = [d.to_json() for d in self.discards]
        if self.across:
            out["across_games"] = [p.to_json() for p in self.across]
        if self.leads:
            out["leader"] = self.leader
            out["leads"] = [f.to_json() for f in self.leads]
            out["best_lead"] = spec_name(self.options[self.best_index].option.lead)
        if self.score is not None:
            out["score"] = self.score.to_json()
        if self.tables:
            out["at_table"] = [t.to_json() for t in self.tables]
        return out


@dataclass
class Estimate:
    """The result of a run: the question, the tally and how it was made."""

    question: Question
    tally: Tally
    exact: bool
    seed: int
    requested: int
    interrupted: bool = False
    seconds: float = 0.0

    @property
    def population(self) -> int | None:
        """The number of layouts, for an exact enumeration."""
        return layout_space(self.question.knowledge).count if self.exact else None

    def _proportion(self, hits: int) -> Figure:
        return stats.proportion(int(hits), self.tally.n, population=self.population)

    def column_figures(self, i: int) -> ColumnFigures:
        """Mean, histogram and the chance of each level for column ``i``."""
        t, n = self.tally, self.tally.n
        hist = t.counts[i]
        values = np.arange(BINS)
        total = float((hist * values).sum())
        squares = float((hist * values * values).sum())
        mean = stats.mean(total, squares, n, population=self.population) if self.exact else \
            stats.mean_of_counts(dict(enumerate(hist.tolist())))
        return ColumnFigures(self.question.columns()[i], n, hist.tolist(), mean,
                             {k: self._proportion(hist[k:].sum()) for k in range(1, BINS)},
                             {k: self._proportion(hist[k]) for k in range(BINS) if hist[k]})

    def option_figures(self, k: int) -> OptionFigures:
        option = self.question.options[k]
        first = self.question.option_columns()[k]
        game = option.game
        if game.kind is Kind.RASPASY:
            return OptionFigures(option, seats={SEATS[s]: SeatFigures(self.column_figures(first + s),
                                                                      self.column_figures(first + 3 + s))
                                                for s in range(3)})
        hist = self.tally.counts[first]
        dd_best = self._proportion(self.tally.dd_best[first]) if self.question.dd_groups else None
        tricks = self.column_figures(first)
        if game.kind is Kind.CONTRACT:
            t = self.question.tricks
            return OptionFigures(option, tricks, made=self._proportion(hist[game.level:].sum()),
                                 set=self._proportion(hist[:game.level].sum()),
                                 defenders_histogram=[int(hist[t - x]) for x in range(t + 1)], dd_best=dd_best)
        return OptionFigures(option, tricks, clean=self._proportion(hist[0]), dd_best=dd_best)

    def paired(self, a: int, b: int) -> Paired:
        """Option ``a`` minus option ``b`` over the same layouts: the mean difference in tricks
        (first columns) and in the chance of success (made, or clean). For the leads of a
        defender or a catcher, seen from his side: his side's tricks and chance (set, caught)."""
        first = self.question.option_columns()
        i, j = first[a], first[b]
        t, n = self.tally, self.tally.n
        si, sj = float(t.total(i)), float(t.total(j))
        sq = float(t.gram[i, i] + t.gram[j, j] - 2 * t.gram[i, j])
        wi, wj = int(t.wins[i, i]), int(t.wins[j, j])
        wq = float(wi + wj - 2 * t.wins[i, j])
        options = self.question.options
        tricks = stats.mean(si - sj, sq, n, population=self.population, lowest=-10, highest=10)
        success = stats.mean(wi - wj, wq, n, population=self.population, lowest=-1, highest=1)
        if self.question.leader_defends:  # his side's tricks (a catcher wants the declarer's) and chance
            success = _flip(success)
            if options[a].game.kind is Kind.CONTRACT:
                tricks = _flip(tricks)
        return Paired((options[a].label, options[b].label), (a, b), tricks, success, bool(n and sq == 0),
                      bool(n and wq == 0))

    def best_option(self, indices: list[int]) -> int:
        """Among ``indices``, the best option not knowing the layout: most often made (contract),
        most often clean (misère), then the better mean."""
        first = self.question.option_columns()

        def score(k):
            o, hist = self.question.options[k], self.tally.counts[first[k]]
            n = max(1, self.tally.n)
            mean = float((hist * np.arange(BINS)).sum()) / n
            if self.question.leader_defends:  # the leader's side: the defenders' tricks, the catchers' catch
                if o.game.kind is Kind.CONTRACT:
                    return (-mean, hist[:o.game.level].sum() / n)
                return (1 - hist[0] / n, mean)
            if o.game.kind is Kind.CONTRACT:
                return (hist[o.game.level:].sum() / n, mean)
            return (hist[0] / n, -mean)
        return max(indices, key=score)

    def lead_figures(self, k: int) -> LeadFigures:
        """Option ``k``'s lead, from the leader's side."""
        fig, q = self.option_figures(k), self.question
        game = fig.option.game
        if not q.leader_defends:
            return LeadFigures(fig.option.lead, "declarer", fig.mean, fig.success)
        if game.kind is Kind.CONTRACT:
            return LeadFigures(fig.option.lead, "defenders", _flip(fig.mean, q.tricks), fig.set)
        return LeadFigures(fig.option.lead, "catchers", fig.mean, _flip(fig.clean, 1.0))

    def discard_choice(self, g: int) -> DiscardChoice:
        """The figures of the ``g``-th discard group (a game's discards)."""
        q = self.question
        a, b = q.dd_groups[g]
        best = self.best_option(list(range(a, b)))
        dd_col = len(q.columns()) - len(q.dd_groups) + g
        dd_counts = self.tally.dd_best[q.option_columns()[a]:q.option_columns()[b - 1] + 1]
        most_often = a + int(np.argmax(dd_counts))
        return DiscardChoice(game_name(q.options[a].game, strain_symbol), best, q.options[best].label, most_often,
                             q.options[most_often].label,
                             bool(most_often != best and dd_counts[most_often - a] > dd_counts[best - a]),
                             self.column_figures(dd_col))

    def summary(self) -> Summary:
        """Every figure."""
        q = self.question
        best, paired = None, []
        if (len(q.options) > 1 or q.leads) and q.options[0].game.kind is not Kind.RASPASY:
            best = self.best_option(list(range(len(q.options))))
            paired = [self.paired(best, k) for k in range(len(q.options)) if k != best]
        return Summary(self.tally.n, self.requested, self.exact, not self.interrupted,
                       None if self.exact else self.seed, self.population, self.seconds, self.tally.nodes,
                       q.talon, [self.option_figures(k) for k in range(len(q.options))], best, paired,
                       [self.discard_choice(g) for g in range(len(q.dd_groups))],
                       [self.lead_figures(k) for k in range(len(q.options))] if q.leads else [],
                       SEATS[q.leader] if q.leads else None, self.across_games(),
                       score_summary(self) if q.scoring is not None else None,
                       [self.table_figures(i) for i in range(len(q.table))])

    def table_figures(self, i: int) -> TableFigures:
        """The ``i``-th game answered at the table, beside its double-dummy chance: its only option's,
        or for a 12-card hand its best discard's (not knowing the layout)."""
        q = self.question
        k = q.table[i]
        group = next(((a, b) for a, b in q.dd_groups if a == k), None)
        index = self.best_option(list(range(*group))) if group else k
        column = q.table_columns[i]
        hist = self.tally.counts[column]
        fig = self.option_figures(index)
        game = q.options[k].game
        if game.kind is Kind.MISERE:
            return TableFigures(game_name(game, strain_symbol), index, self.column_figures(column),
                                self._proportion(hist[1:].sum()), _flip(fig.clean, 1.0))
        return TableFigures(game_name(game, strain_symbol), index, self.column_figures(column),
                            self._proportion(hist[game.level:].sum()), fig.made)

    def across_games(self) -> list[Paired]:
        """Each game's best discard (not knowing the layout) against the next games' best."""
        q = self.question
        bests = [self.best_option(list(range(a, b))) for a, b in q.dd_groups]
        return [self.paired(x, y) for i, x in enumerate(bests) for y in bests[i + 1:]]


__all__ = ["ColumnFigures", "DiscardChoice", "Estimate", "LeadFigures", "OptionFigures", "Paired", "SeatFigures", "Summary",
           "TableFigures"]
