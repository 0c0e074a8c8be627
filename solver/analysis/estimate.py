"""Hand-strength estimates: a question about what a player cannot see → exact outcomes per layout.

A :class:`Question` is what the player knows (a :class:`~.layouts.Knowledge`) and the
*options* to compare: games, and for a declarer holding 12 cards the discards. Every
option is solved exactly (double dummy) on every layout, and the outcomes are tallied in
*columns*: a contract or misère option has one column, the declarer's tricks; a raspasy
option has six, each seat's paranoid and cooperative value (the upper and lower bound of
what real play costs him). All options are solved on the **same** layouts, so their
differences are paired: a difference between two discards or two contracts is not noise.

The work is a pure function of a :class:`Chunk` (a rank range of the layouts for an
exact enumeration, or a seed for a sample) → a :class:`Tally` of counts, merged by
addition. A sample chunk's seed is derived from the run's seed and the chunk's number,
and chunks have a fixed size, so the figures are the same whatever runs the chunks:
one thread, every core (:func:`run_local`, one :class:`~solver.engine.Engine` per
thread), or a Dask cluster (:func:`run_dask`).

>>> from solver.analysis.estimate import question, estimate
>>> q = question("♠AKQJ10 ♣AKQ ♦A ♥A", seat="A", games=["contract 8S A"])   # doctest: +SKIP
>>> est = estimate(q, layouts=200, seed=1)                                   # doctest: +SKIP
>>> est.summary()["options"][0]["mean"]                                       # doctest: +SKIP

Talon rules. With the declarer's 10 cards known and the talon unseen, ``talon="out"``
answers for the hand as it will be played (the two unseen cards out of play, as if
after the discard); ``talon="take"`` answers for the hand before the talon: the two
hidden cards are dealt to the declarer, who then makes the **double-dummy best
discard for that layout** (he sees every hand — an upper bound on what he gets; the
12-card analysis gives the discard chosen not knowing the layout). A defender who sees
the talon (it is shown before a contract) uses ``take`` too: the declarer holds it and
discards as above.
"""

from __future__ import annotations

import random
import threading
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Callable

import numpy as np

from ..api import InputError, parse_game, parse_seat
from ..cards import NO_TRUMP, SEATS, SUIT_SYMBOLS, ascii_name, cards_of, count, mask_of, suit_bits
from ..engine import Engine, Options
from ..notation import NotationError, format_cards, parse_cards, parse_hand
from ..rules import Game, Kind, Position, TalonMode
from ..workers import cap_workers, table_bytes
from . import stats
from .discard import _compress, best_discard, canonical_form
from .layouts import Knowledge, Layout, LayoutSpace, parse_known_hand, parse_length

BINS = 11
"""Histogram bins: 0 … 10 tricks."""

SAMPLE_CHUNK = 25
"""Layouts per sample chunk: small, because solve times have a long tail (fixed: the seeds
of the chunks, hence the figures, depend on it, never on the number of workers)."""

EXACT_CHUNK = 500
"""Ranks per chunk of an exact enumeration."""

EXACT_LIMIT = 10**8
"""The most layouts ``exact`` enumerates (C(20,10) = 184,756 is a misère with the talon known)."""

TALON_USES = ("out", "take")

TABLE_LOG2_SIZE = 20
"""Table size of a worker's engine: it is kept across layouts, and neighbouring layouts share
most of their endings, so a larger table pays (2**20 vs the default 2**18 entries: 1.4x less
CPU on an exact misère, benchmarks/estimate_speed.py)."""


@dataclass(frozen=True)
class Option:
    """One way to play: a game and, for a declarer holding 12 cards, the two cards he discards."""

    game: Game
    discard: tuple[int, ...] = ()

    @property
    def label(self) -> str:
        name = game_label(self.game)
        if self.discard:
            name += " discarding " + format_cards(sorted(self.discard, reverse=True))
        return name

    def columns(self) -> list[str]:
        if self.game.kind is Kind.RASPASY:
            return [f"{SEATS[s]} {m}" for m in ("paranoid", "cooperative") for s in range(3)]
        return [f"{SEATS[self.game.declarer]} tricks"]


def game_label(game: Game) -> str:
    if game.kind is Kind.RASPASY:
        return f"raspasy (talon {game.talon_mode.value})"
    if game.kind is Kind.MISERE:
        return f"misère by {SEATS[game.declarer]}"
    strain = "NT" if game.trump == NO_TRUMP else SUIT_SYMBOLS[game.trump]
    return f"{game.level}{strain} by {SEATS[game.declarer]}"


@dataclass(frozen=True)
class Question:
    """What is known, the options to compare on the same layouts, and how the talon is used.

    ``turned``: a known raspasy talon in the order it is turned (an unseen one is the
    layout's ordered hidden cards). ``talon``: ``out`` or ``take`` (see the module doc).
    ``dd_groups``: for a 12-card declarer, the options that differ only in the discard,
    as ranges of option indices; each adds a column "best discard seeing the layout".
    ``seat``: the seat of the known hand, when there is one (for the report's wording).
    """

    knowledge: Knowledge
    options: tuple[Option, ...]
    talon: str = "out"
    leader: int = 0
    turned: tuple[int, ...] = ()
    dd_groups: tuple[tuple[int, int], ...] = ()
    seat: int | None = None

    @property
    def tricks(self) -> int:
        """Tricks to be played (10 on a full deal)."""
        return min(self.knowledge.sizes)

    def columns(self) -> list[str]:
        out = [f"{o.label}: {c}" for o in self.options for c in o.columns()]
        out += [f"{game_label(self.options[a].game)}, best discard seeing the layout: "
                f"{self.options[a].columns()[0]}" for a, _ in self.dd_groups]
        return out

    def success_ranges(self) -> tuple[np.ndarray, np.ndarray]:
        """Per column, the values that count as success (a contract made, a misère clean);
        raspasy columns have none (an empty range)."""
        games = [o.game for o in self.options for _ in o.columns()]
        games += [self.options[a].game for a, _ in self.dd_groups]
        lo = [g.level if g.kind is Kind.CONTRACT else 0 if g.kind is Kind.MISERE else 1 for g in games]
        hi = [BINS - 1 if g.kind is Kind.CONTRACT else 0 for g in games]
        return np.array(lo, np.int64), np.array(hi, np.int64)

    def option_columns(self) -> list[int]:
        """The first column of each option."""
        out, k = [], 0
        for o in self.options:
            out.append(k)
            k += len(o.columns())
        return out


@dataclass(frozen=True)
class Chunk:
    """A piece of work: layouts ``start … stop - 1`` of the run (exact: their ranks)."""

    index: int
    start: int
    stop: int
    exact: bool
    seed: int = 0

    def rng(self) -> random.Random:
        """This chunk's own generator, derived from the run's seed and the chunk's number."""
        return random.Random(f"pref-estimate:{self.seed}:{self.index}")


@dataclass
class Tally:
    """Counts over the layouts done, added chunk to chunk.

    ``counts[column, v]``: layouts where the column's value is ``v``. ``gram[i, j]``: the
    sum over layouts of value_i × value_j (paired differences come from it).
    ``wins[i, j]``: layouts where both column i and column j succeed (made, clean), so
    ``wins[i, i]`` counts column i's successes (paired differences of chances come from it).
    ``dd_best[i]``: layouts where option column ``i`` reaches the best value of its
    discard group. ``nodes``: nodes searched.
    """

    counts: np.ndarray
    gram: np.ndarray
    wins: np.ndarray
    dd_best: np.ndarray
    nodes: int = 0

    @staticmethod
    def empty(columns: int) -> "Tally":
        square = (columns, columns)
        return Tally(np.zeros((columns, BINS), np.int64), np.zeros(square, np.int64),
                     np.zeros(square, np.int64), np.zeros(columns, np.int64))

    @property
    def n(self) -> int:
        return int(self.counts[0].sum()) if len(self.counts) else 0

    def add(self, values: np.ndarray, best: np.ndarray | None = None, success: np.ndarray | None = None) -> None:
        self.counts[np.arange(len(values)), values] += 1
        self.gram += np.outer(values, values)
        if success is not None:
            self.wins += np.outer(success, success)
        if best is not None:
            self.dd_best += best

    def __add__(self, other: "Tally") -> "Tally":
        return Tally(self.counts + other.counts, self.gram + other.gram, self.wins + other.wins,
                     self.dd_best + other.dd_best, self.nodes + other.nodes)

    def to_json(self) -> dict:
        return {"counts": self.counts.tolist(), "gram": self.gram.tolist(), "wins": self.wins.tolist(),
                "dd_best": self.dd_best.tolist(), "nodes": self.nodes}


@lru_cache(maxsize=8)
def layout_space(knowledge: Knowledge) -> LayoutSpace:
    """The layouts of ``knowledge`` (cached: a worker builds each question's tables once)."""
    return LayoutSpace(knowledge)


def chunks(question: Question, layouts: int | None, seed: int, exact: bool) -> list[Chunk]:
    """The run's chunks: rank ranges of every layout, or ``layouts`` samples in fixed-size chunks."""
    if exact:
        total = layout_space(question.knowledge).count
        if total > EXACT_LIMIT:
            raise InputError("exact", f"{total:,} layouts are too many to enumerate (at most {EXACT_LIMIT:,}); "
                             f"sample them instead")
        return [Chunk(i, a, min(a + EXACT_CHUNK, total), True)
                for i, a in enumerate(range(0, total, EXACT_CHUNK))]
    return [Chunk(i, a, min(a + SAMPLE_CHUNK, layouts), False, seed)
            for i, a in enumerate(range(0, layouts, SAMPLE_CHUNK))]


# -- one layout ------------------------------------------------------------------------------

def _declarer_value(question: Question, option: Option, hands: tuple[int, int, int],
                    engine: Engine, cache: dict) -> int:
    game = option.game
    d = game.declarer
    hands = list(hands)
    if option.discard:
        hands[d] &= ~mask_of(option.discard)
    if count(hands[d]) == count(hands[(d + 1) % 3]) + 2:  # declarer holds the talon: best DD discard
        return best_discard(tuple(hands), d, game, question.leader, engine).tricks
    key = (game, canonical_form(tuple(hands), question.leader, game.trump))
    if key not in cache:
        cache[key] = engine._value(Position(tuple(hands), question.leader), game, d)
    return cache[key]


def outcomes(question: Question, layout: Layout, engine: Engine) -> tuple[np.ndarray, np.ndarray]:
    """Every column's value on one layout, and which options reach their group's best."""
    values: list[int] = []
    cache: dict = {}
    hands = layout.hands
    for option in question.options:
        game = option.game
        if game.kind is Kind.RASPASY:
            talon = question.turned or layout.hidden
            turned = talon if game.talon_mode is not TalonMode.NONE else ()
            position = Position(hands, question.leader, (), tuple(turned))
            values += [engine._value(position, game, s) for s in range(3)]
            values += [engine._value(position, game, s, True) for s in range(3)]
            continue
        h = hands
        if question.talon == "take" and layout.hidden and not option.discard:
            h = tuple(x | mask_of(layout.hidden) if s == game.declarer else x for s, x in enumerate(hands))
        values.append(_declarer_value(question, option, h, engine, cache))
    best = np.zeros(len(values), np.int64)
    first = question.option_columns()
    for a, b in question.dd_groups:
        group = [values[first[i]] for i in range(a, b)]
        top = max(group) if question.options[a].game.kind is Kind.CONTRACT else min(group)
        values.append(top)
        for i in range(a, b):
            best[first[i]] = values[first[i]] == top
    best = np.concatenate([best, np.zeros(len(values) - len(best), np.int64)])
    return np.array(values, np.int64), best


def run_chunk(question: Question, chunk: Chunk, engine: Engine | None = None,
              stop: threading.Event | None = None, check: bool = False) -> Tally:
    """The tally of one chunk: a pure function of (question, chunk).

    ``stop``: checked before each layout; a stopped chunk returns what it did (its
    tally counts fewer layouts). ``check``: verify each layout honours the knowledge.
    """
    engine = engine or Engine(Options(tt_log2_size=TABLE_LOG2_SIZE))
    space = layout_space(question.knowledge)
    rng = None if chunk.exact else chunk.rng()
    tally = Tally.empty(len(question.columns()))
    lo, hi = question.success_ranges()
    before = engine.nodes
    for rank in range(chunk.start, chunk.stop):
        if stop is not None and stop.is_set():
            break
        layout = space.layout(rank) if chunk.exact else space.sample(rng)
        if check and not space.honours(layout):
            raise AssertionError(f"layout {layout} breaks the knowledge {question.knowledge}")
        values, best = outcomes(question, layout, engine)
        tally.add(values, best, ((values >= lo) & (values <= hi)).astype(np.int64))
    tally.nodes = engine.nodes - before
    return tally


# -- running many chunks -----------------------------------------------------------------------

Progress = Callable[[int, int], None]
"""``progress(layouts_done, layouts_total)``."""

_local = threading.local()


def worker_engine() -> Engine:
    """This thread's engine (one per worker thread, kept across chunks: its table pays)."""
    engine = getattr(_local, "engine", None)
    if engine is None:
        engine = _local.engine = Engine(Options(tt_log2_size=TABLE_LOG2_SIZE))
    return engine


def run_local(question: Question, todo: list[Chunk], workers: int | None = None,
              progress: Progress | None = None) -> tuple[Tally, bool]:
    """Run ``todo`` on ``workers`` threads (default: every core; capped by :mod:`solver.workers`);
    (tally, interrupted).

    Ctrl-C (KeyboardInterrupt) stops the run: chunks in progress stop after their current
    layout and their partial tallies are kept, so nothing computed is lost.
    """
    workers, _ = cap_workers(workers, table_bytes(TABLE_LOG2_SIZE))
    layout_space(question.knowledge)  # build the tables before the threads share them
    stop = threading.Event()
    total = Tally.empty(len(question.columns()))
    target = sum(c.stop - c.start for c in todo)
    interrupted = False
    queue = iter(todo)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        pending: set = set()

        def fill() -> None:
            """A few chunks per worker in flight, taken in order (so a stopped run is close
            to a prefix of the chunks, and a long run holds few futures)."""
            while len(pending) < 4 * workers:
                chunk = next(queue, None)
                if chunk is None:
                    return
                pending.add(pool.submit(lambda c: run_chunk(question, c, worker_engine(), stop), chunk))

        try:
            fill()
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in done:
                    total = total + f.result()
                fill()
                if progress:
                    progress(total.n, target)
        except KeyboardInterrupt:
            interrupted = True
            stop.set()
            for f in pending:
                f.cancel()
            for f in pending:
                if not f.cancelled():
                    total = total + f.result()
    return total, interrupted


def _dask_chunk(question: Question, chunk: Chunk) -> Tally:
    return run_chunk(question, chunk, worker_engine())


def run_dask(question: Question, todo: list[Chunk], client, progress: Progress | None = None
             ) -> tuple[Tally, bool]:
    """Run ``todo`` on a Dask ``distributed.Client``: many small tasks, tallies added as they come."""
    from distributed import as_completed

    total = Tally.empty(len(question.columns()))
    target = sum(c.stop - c.start for c in todo)
    futures = client.map(_dask_chunk, [question] * len(todo), todo, pure=False)
    interrupted = False
    try:
        for future in as_completed(futures):
            total = total + future.result()
            if progress:
                progress(total.n, target)
    except KeyboardInterrupt:  # keep every chunk that finished, cancel the rest
        interrupted = True
        client.cancel([f for f in futures if not f.done()])
        total = Tally.empty(len(question.columns()))
        for f in futures:
            if f.status == "finished":
                total = total + f.result()
    return total, interrupted


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

    def column_figures(self, i: int) -> dict:
        """Mean, histogram and the chance of each level for column ``i``."""
        t, n, pop = self.tally, self.tally.n, self.population
        hist = t.counts[i]
        values = np.arange(BINS)
        total = float((hist * values).sum())
        squares = float((hist * values * values).sum())
        out = {"column": self.question.columns()[i], "layouts": n,
               "histogram": hist.tolist(),
               "mean": stats.mean(total, squares, n, population=pop).to_json(),
               "at_least": {str(k): stats.proportion(int(hist[k:].sum()), n, population=pop).to_json()
                            for k in range(1, BINS)},
               "exactly": {str(k): stats.proportion(int(hist[k]), n, population=pop).to_json()
                           for k in range(BINS) if hist[k]}}
        return out

    def option_figures(self, k: int) -> dict:
        option = self.question.options[k]
        first = self.question.option_columns()[k]
        game = option.game
        out = {"option": option.label, "game": game_label(game),
               "discard": [ascii_name(c) for c in option.discard]}
        cols = [self.column_figures(first + j) for j in range(len(option.columns()))]
        n, pop = self.tally.n, self.population
        if game.kind is Kind.RASPASY:
            out["seats"] = {SEATS[s]: {"paranoid": cols[s], "cooperative": cols[3 + s]} for s in range(3)}
            return out
        out.update(cols[0])
        hist = self.tally.counts[first]
        if game.kind is Kind.CONTRACT:
            out["made"] = stats.proportion(int(hist[game.level:].sum()), n, population=pop).to_json()
            out["set"] = stats.proportion(int(hist[:game.level].sum()), n, population=pop).to_json()
            tricks = self.question.tricks
            out["defenders_histogram"] = [int(hist[tricks - t]) for t in range(tricks + 1)]
        else:
            out["clean"] = stats.proportion(int(hist[0]), n, population=pop).to_json()
        if self.question.dd_groups:
            out["dd_best"] = stats.proportion(int(self.tally.dd_best[first]), n, population=pop).to_json()
        return out

    def paired(self, a: int, b: int) -> dict:
        """Option ``a`` minus option ``b`` over the same layouts: the mean difference in tricks
        (first columns) and in the chance of success (made, or clean)."""
        first = self.question.option_columns()
        i, j = first[a], first[b]
        t, n = self.tally, self.tally.n
        values = np.arange(BINS)
        si, sj = float((t.counts[i] * values).sum()), float((t.counts[j] * values).sum())
        sq = float(t.gram[i, i] + t.gram[j, j] - 2 * t.gram[i, j])
        wi, wj = int(t.wins[i, i]), int(t.wins[j, j])
        wq = float(wi + wj - 2 * t.wins[i, j])
        return {"options": [self.question.options[a].label, self.question.options[b].label],
                "difference": stats.mean(si - sj, sq, n, population=self.population,
                                         lowest=-10, highest=10).to_json(),
                "success_difference": stats.mean(wi - wj, wq, n, population=self.population,
                                                 lowest=-1, highest=1).to_json()}

    def best_option(self, indices: list[int]) -> int:
        """Among ``indices``, the best option not knowing the layout: most often made (contract),
        most often clean (misère), then the better mean."""
        first = self.question.option_columns()

        def score(k):
            o, hist = self.question.options[k], self.tally.counts[first[k]]
            n = max(1, self.tally.n)
            mean = float((hist * np.arange(BINS)).sum()) / n
            if o.game.kind is Kind.CONTRACT:
                return (hist[o.game.level:].sum() / n, mean)
            return (hist[0] / n, -mean)
        return max(indices, key=score)

    def summary(self) -> dict:
        """Every figure, as JSON-ready data."""
        q = self.question
        out = {"layouts": self.tally.n, "requested": self.requested, "exact": self.exact,
               "complete": not self.interrupted, "seed": None if self.exact else self.seed,
               "population": self.population, "seconds": round(self.seconds, 3), "nodes": self.tally.nodes,
               "talon": q.talon,
               "options": [self.option_figures(k) for k in range(len(q.options))]}
        if len(q.options) > 1 and q.options[0].game.kind is not Kind.RASPASY:
            best = self.best_option(list(range(len(q.options))))
            out["best"] = q.options[best].label
            out["best_index"] = best
            out["paired"] = [dict(self.paired(best, k), indices=[best, k])
                             for k in range(len(q.options)) if k != best]
        groups = []
        for g, (a, b) in enumerate(q.dd_groups):
            best = self.best_option(list(range(a, b)))
            dd_col = len(q.columns()) - len(q.dd_groups) + g
            dd_counts = self.tally.dd_best[q.option_columns()[a]:q.option_columns()[b - 1] + 1]
            most_often = a + int(np.argmax(dd_counts))
            groups.append({"game": game_label(q.options[a].game), "best": q.options[best].label,
                           "best_index": best, "dd_most_often_best": q.options[most_often].label,
                           "dd_most_often_index": most_often,
                           "differs": most_often != best and dd_counts[most_often - a] > dd_counts[best - a],
                           "seeing_the_layout": self.column_figures(dd_col)})
        if groups:
            out["discards"] = groups
        return out


def estimate(question: Question, layouts: int | None = 1000, *, exact: bool = False, seed: int = 0,
             workers: int | None = None, client=None, progress: Progress | None = None) -> Estimate:
    """Solve ``question`` on ``layouts`` uniform random layouts (or all, with ``exact``).

    Runs on ``workers`` local threads (default every core) or on a Dask ``client``.
    The figures depend only on the question, ``seed`` and ``layouts`` (or ``exact``).
    Interrupted by Ctrl-C, it returns what was done, marked ``interrupted``.
    """
    start = time.perf_counter()
    todo = chunks(question, layouts, seed, exact)
    requested = layout_space(question.knowledge).count if exact else layouts
    if client is not None:
        tally, interrupted = run_dask(question, todo, client, progress)
    else:
        tally, interrupted = run_local(question, todo, workers, progress)
    return Estimate(question, tally, exact, seed, requested, interrupted, time.perf_counter() - start)


# -- building a question from what a player writes -------------------------------------------------

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


__all__ = ["BINS", "Chunk", "Estimate", "Option", "Question", "Tally", "chunks", "discard_classes",
           "estimate", "expand_games", "game_label", "layout_space", "outcomes", "parse_game_words", "question",
           "run_chunk", "run_dask", "run_local", "worker_engine"]
