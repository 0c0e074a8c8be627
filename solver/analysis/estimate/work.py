"""The work: every option solved exactly (double dummy) on one layout, and a chunk of layouts tallied.

The work is a pure function of a :class:`Chunk` (a rank range of the layouts for an
exact enumeration, or a seed for a sample) → a :class:`~.tally.Tally`. A sample
chunk's seed is derived from the run's seed and the chunk's number, and chunks have a
fixed size, so the figures are the same whatever runs the chunks (:mod:`.runners`).
All options are solved on the **same** layouts, so their differences are paired.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from ...cards import SEATS, ascii_name, count, mask_of
from ...errors import InputError
from ...notation import format_hand
from ...rules import Kind, Position, TalonMode
from ..discard import best_discard, canonical_form
from ..layouts import Knowledge, Layout, LayoutSpace
from .question import Option, Question, resolve
from .score import layout_record
from .tally import LayoutOutcome, Tally

if TYPE_CHECKING:
    from ...engine import Engine  # annotations only: pref estimate --help loads no kernel

SAMPLE_CHUNK = 25
"""Layouts per sample chunk: small, because solve times have a long tail (fixed: the seeds
of the chunks, hence the figures, depend on it, never on the number of workers)."""

EXACT_CHUNK = 500
"""Ranks per chunk of an exact enumeration."""

EXACT_LIMIT = 10**8
"""The most layouts ``exact`` enumerates (C(20,10) = 184,756 is a misère with the talon known)."""

TABLE_LOG2_SIZE = 20
"""Table size of a worker's engine: it is kept across layouts, and neighbouring layouts share
most of their endings, so a larger table pays (2**20 vs 2**18 entries: 1.4x less
CPU on an exact misère, benchmarks/estimate_speed.py)."""


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


def worker_bytes(question: Question, own_process: bool) -> int:
    """The memory of one worker: its engine's table, the tables of the defenders' split it keeps
    (one per scored option whose split is searched, at most :data:`~preferans.engine.SPLIT_MEMOS`:
    with two whisters they are 8 MB each), and, in a process of its own, the process."""
    from ...engine import SPLIT_MEMOS
    from ...kernel.split import MEMO_LOG2
    from ...workers import PROCESS_BYTES, table_bytes

    splits = 0 if question.scoring is None else sum(ranks is not None for *_, ranks, _ in question.score_plan.options)
    return ((PROCESS_BYTES if own_process else 0) + table_bytes(TABLE_LOG2_SIZE)
            + min(splits, SPLIT_MEMOS) * table_bytes(MEMO_LOG2))


def new_engine() -> Engine:
    """An engine for a worker: kept across layouts, with the larger table that pays then."""
    from ...engine import Engine, Options

    return Engine(Options(tt_log2_size=TABLE_LOG2_SIZE))


# -- one layout ------------------------------------------------------------------------------

def _discarded(question: Question, option: Option, hands: tuple[int, int, int]) -> tuple[list[int], bool]:
    """The hands after the option's discard (its spot cards resolved on this layout), and
    whether the declarer still holds the talon (then he makes his double-dummy best discard)."""
    d = option.game.declarer
    hands = list(hands)
    if option.discard:
        hands[d] &= ~mask_of(resolve(option.discard, hands[d], question.knowledge.known[d]))
    return hands, count(hands[d]) == count(hands[(d + 1) % 3]) + 2


def _declarer_value(question: Question, option: Option, hands: tuple[int, int, int],
                    engine: Engine, cache: dict) -> int:
    game = option.game
    hands, holds_talon = _discarded(question, option, hands)
    if holds_talon:
        return best_discard(tuple(hands), game.declarer, game, question.leader, engine).tricks
    key = (game, canonical_form(tuple(hands), question.leader, game.trump))
    if key not in cache:
        cache[key] = engine.searcher.value(Position(tuple(hands), question.leader), game, game.declarer)
    return cache[key]


def _lead_value(question: Question, option: Option, hands: tuple[int, int, int], engine: Engine,
                cache: dict) -> int:
    """The declarer's tricks when the leader opens with the option's card (then double dummy):
    every lead of one layout comes from one search of the leader's cards."""
    game, leader = option.game, question.leader
    if game not in cache:
        after, holds_talon = _discarded(question, Option(game), hands)
        if holds_talon:
            after[game.declarer] &= ~mask_of(best_discard(tuple(after), game.declarer, game, leader, engine).discard)
        cache[game] = (after, engine.searcher.card_values(Position(tuple(after), leader), game, game.declarer))
    after, values = cache[game]
    (card,) = resolve((option.lead,), after[leader], question.knowledge.known[leader])
    return values[card]


def outcomes(question: Question, layout: Layout, engine: Engine) -> LayoutOutcome:
    """Every column's value on one layout, which options reach their group's best, and which succeed."""
    values: list[int] = []
    cache: dict = {}
    hands = layout.hands
    for option in question.options:
        game = option.game
        if game.kind is Kind.RASPASY:
            talon = question.turned or layout.hidden
            turned = talon if game.talon_mode is not TalonMode.NONE else ()
            position = Position(hands, question.leader, (), tuple(turned))
            values += [engine.searcher.value(position, game, s) for s in range(3)]
            values += [engine.searcher.value(position, game, s, True) for s in range(3)]
            continue
        h = hands
        if question.talon == "take" and layout.hidden and not option.discard:
            h = tuple(x | mask_of(layout.hidden) if s == game.declarer else x for s, x in enumerate(hands))
        if option.lead is not None:
            values.append(_lead_value(question, option, h, engine, cache))
        else:
            values.append(_declarer_value(question, option, h, engine, cache))
    best = np.zeros(len(values), np.int64)
    first = question.option_columns()
    for a, b in question.dd_groups:
        group = [values[first[i]] for i in range(a, b)]
        top = max(group) if question.options[a].game.kind is Kind.CONTRACT else min(group)
        values.append(top)
        for i in range(a, b):
            best[first[i]] = values[first[i]] == top
    values += [table_value(question.options[k].game, hands, question.leader, engine) for k in question.table]
    best = np.concatenate([best, np.zeros(len(values) - len(best), np.int64)])
    values = np.array(values, np.int64)
    lo, hi = question.success_ranges()
    success = ((values >= lo) & (values <= hi)).astype(np.int64)
    if question.scoring is None:
        return LayoutOutcome(values, best, success)
    plan = question.score_plan
    cells, splits = plan.cells(layout, values, engine)
    row = layout_record(question, layout, cells, splits) if question.keep_layouts else None
    return LayoutOutcome(values, best, success, cells, plan.balances(cells), plan.raspasy_cells(values), row)


def table_value(game, hands: tuple[int, int, int], leader: int, engine: Engine) -> int:
    """The answer at the table on one layout: the defenders know the declarer's twelve cards (the
    32 less their twenty, whatever the talon did) but not which two he put aside; a misère 1 if
    one plan catches every discard, else 0; a contract the tricks one defence holds him to."""
    from ...at_table import solve_at_table

    d = game.declarer
    cards = 0xFFFFFFFF & ~(hands[(d + 1) % 3] | hands[(d + 2) % 3])
    aside = tuple(c for c in range(32) if cards >> c & 1)[:2]  # any world will do: the answer is all of them
    held = list(hands)
    held[d] = cards & ~mask_of(aside)
    answer = solve_at_table(Position(tuple(held), leader), game, aside, with_key=False, engine=engine)
    return int(answer.caught) if answer.caught is not None else answer.tricks


def layout_row(question: Question, index: int, layout: Layout, outcome: LayoutOutcome) -> dict:
    """One layout for ``--layouts-out``: its hands, every option's tricks and every balance."""
    first = question.option_columns()
    row = {"layout": index, "hands": {SEATS[s]: format_hand(h, "ascii") for s, h in enumerate(layout.hands)},
           "hidden": [ascii_name(c) for c in layout.hidden]}
    for k, option in enumerate(question.options):
        columns = option.columns()
        values = [int(v) for v in outcome.values[first[k]:first[k] + len(columns)]]
        row[option.label] = values[0] if len(values) == 1 else dict(zip(columns, values))
    if outcome.row is not None:  # the scores (:func:`~.score.layout_record`)
        row.update(outcome.row)
    return row


def run_chunk(question: Question, chunk: Chunk, engine: Engine | None = None,
              stop: threading.Event | None = None, check: bool = False) -> Tally:
    """The tally of one chunk: a pure function of (question, chunk).

    ``stop``: checked before each layout; a stopped chunk returns what it did (its
    tally counts fewer layouts). ``check``: verify each layout honours the knowledge.
    """
    engine = engine or new_engine()
    space = layout_space(question.knowledge)
    rng = None if chunk.exact else chunk.rng()
    tally = Tally.empty(len(question.columns()), *question.score_shape())
    before = engine.nodes
    for rank in range(chunk.start, chunk.stop):
        if stop is not None and stop.is_set():
            break
        layout = space.layout(rank) if chunk.exact else space.sample(rng)
        if check and not space.honours(layout):
            raise AssertionError(f"layout {layout} breaks the knowledge {question.knowledge}")
        outcome = outcomes(question, layout, engine)
        if question.keep_layouts:
            outcome = replace(outcome, row=layout_row(question, rank, layout, outcome))
        tally.add(outcome)
    tally.nodes = engine.nodes - before
    return tally.settle()


__all__ = ["Chunk", "EXACT_LIMIT", "chunks", "layout_space", "new_engine", "outcomes", "run_chunk"]
