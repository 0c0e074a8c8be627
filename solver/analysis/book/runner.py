"""Run the rows of the catalogue: layouts per row, outcomes counted, readings judged.

Every row draws its layouts from its own generator, seeded from the run's seed and
the row's key, so a row's figures do not depend on which other rows run, on their
order, or on the number of worker processes; and its first ``n`` layouts are the
same whatever the sample size asked (a bigger run extends a smaller one).

Sequential layouts. A row with an *undecided* reading (its interval straddles an edge
of the book's figure) draws as many layouts again from the same generator, then twice
as many again: at most :data:`LOOKS` looks, 4 times its layouts. One still undecided
then stays undecided.
"""

from __future__ import annotations

import random
import time
import zlib
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterable, Iterator

import numpy as np

from ...validation import check_seed
from ...workers import PROCESS_BYTES, cap_workers, cores, table_bytes
from .claims import catalogue
from .rows import BOUNDS, EXACT, MEAN, SHARE, SHARE_BOUNDS, TABLE_BOUNDS, Reading, Row
from .questions import ContractTricks, MisereTalon, RaspasyCost, SplitEvent, SuitWorth
from .verdict import (NOT_COMPARABLE, UNDECIDED, Interval, Verdict, judge, judge_bounds, judge_table,
                      mean_interval, wilson)

if TYPE_CHECKING:
    from ...engine import Engine  # annotations only: pref book --help loads no kernel

DEFAULT_SAMPLES = {
    ContractTricks: 300,
    SuitWorth: 300,
    RaspasyCost: 100,
    MisereTalon: 200,
    SplitEvent: 20000,
}
"""Layouts per row by kind of question: the whole run finishes in about 10–15 minutes
on two busy cores with a warm cache (docs/book-check.md gives the measured time)."""

SEED = 20261130
"""The default seed of a run (``--seed``): the committed report is made with it."""

LOOKS = 3
"""Looks at a row at most: its layouts, twice, then four times as many (see the module doc)."""

CHANCE_PER_LOOK = 0.025
"""The chance that a 95% interval lies wholly on one given side of the truth: a right book
figure is called optimistic (or pessimistic) by chance at most this often per look."""


def row_rng(seed: int, key: str) -> random.Random:
    """The row's own generator: a pure function of the run's seed (any whole number, as for
    ``pref estimate``; a negative one is told apart from its absolute value) and the row's key."""
    entropy = [seed, zlib.crc32(key.encode())] if seed >= 0 else [-seed, zlib.crc32(key.encode()), 1]
    state = np.random.SeedSequence(entropy).generate_state(4, np.uint64)
    return random.Random(int.from_bytes(state.tobytes(), "little"))


def samples_for(row: Row, samples: int | None) -> int:
    """Layouts for ``row``: ``samples`` as asked (more for a split-only row), its kind's default without, 0 for a row not simulated."""
    if row.question is None:
        return 0
    if samples is None:
        return DEFAULT_SAMPLES[type(row.question)]
    if isinstance(row.question, SplitEvent):
        return split_samples(samples)
    return samples


def split_samples(samples: int) -> int:
    """Layouts of a split-only row when ``samples`` are asked per row: as many more as by default."""
    return max(samples, DEFAULT_SAMPLES[SplitEvent] * samples // DEFAULT_SAMPLES[ContractTricks])


@dataclass
class ReadingResult:
    """One reading of a row, judged: the simulated ``interval`` (for raspasy, ``lower`` the
    cooperative and ``upper`` the paranoid value), the :class:`Verdict`, and the
    distribution of the value (value → share) for the report's figures."""
    reading: Reading
    interval: Interval | None
    verdict: Verdict
    lower: Interval | None = None   # raspasy: cooperative; a misère at the table: double dummy
    upper: Interval | None = None   # raspasy: paranoid; a misère: not caught at the table
    distribution: dict[int, float] = field(default_factory=dict)

    def to_json(self) -> dict:
        """The reading as ``pref book --json`` writes it."""
        r = self.reading
        out = {"label": r.label, "book": r.figure.to_json() if r.figure else None, **self.verdict.to_json()}
        if self.interval:
            out["simulated"] = self.interval.to_json()
        if self.lower and r.kind == TABLE_BOUNDS:
            out["double_dummy"] = self.lower.to_json()
            out["at_the_table"] = self.upper.to_json()
        elif self.lower:
            out["cooperative"] = self.lower.to_json()
            out["paranoid"] = self.upper.to_json()
        if self.distribution:
            out["distribution"] = {str(k): v for k, v in sorted(self.distribution.items())}
        return out


@dataclass
class RowResult:
    """A row's run: the layouts drawn (over ``looks`` looks), the ``counts`` of each outcome,
    the time, its judged readings, and whether Ctrl-C cut it short."""
    row: Row
    layouts: int
    counts: Counter
    seconds: float
    readings: list[ReadingResult] = field(default_factory=list)
    interrupted: bool = False
    looks: int = 1

    @property
    def undecided(self) -> bool:
        """Whether some reading is still undecided (its interval straddles the figure's edge)."""
        return any(r.verdict.word == UNDECIDED for r in self.readings)

    def to_json(self) -> dict:
        """The row as ``pref book --json`` writes it, one JSON object a row."""
        row = self.row
        return {"key": row.key, "section": row.section, "claim": row.claim, "quote": " ".join(row.quote.split()),
                "hand": row.hand, "seat": "ABC"[row.seat] if row.seat is not None else None,
                "variant": row.variant, "in_context": row.in_context, "method": row.method, "note": row.note,
                "layouts": self.layouts, "looks": self.looks, "seconds": round(self.seconds, 3),
                "interrupted": self.interrupted, "readings": [r.to_json() for r in self.readings]}


def _component_counts(counts: Counter, i: int) -> dict[int, int]:
    out: Counter = Counter()
    for outcome, k in counts.items():
        out[outcome[i]] += k
    return dict(out)


_TESTS = {">=": lambda v, k: v >= k, "<=": lambda v, k: v <= k, "==": lambda v, k: v == k}


def _share(counts: Counter, i: int, test: tuple[str, int]) -> Interval:
    op, k = test
    n = sum(counts.values())
    hits = sum(c for outcome, c in counts.items() if _TESTS[op](outcome[i], k))
    return wilson(hits, n)


def _distribution(counts: dict[int, int]) -> dict[int, float]:
    n = sum(counts.values())
    return {v: k / n for v, k in sorted(counts.items())} if n else {}


def read(reading: Reading, counts: Counter) -> ReadingResult:
    """One reading of a row's counted outcomes, judged against the book."""
    result = _read(reading, counts)
    if reading.other_event and result.verdict.word != NOT_COMPARABLE:
        result.verdict = Verdict(NOT_COMPARABLE, reading.other_event)
    return result


def _read(reading: Reading, counts: Counter) -> ReadingResult:
    kind, fig = reading.kind, reading.figure
    if kind == EXACT:
        iv = Interval(reading.value, reading.value, reading.value)
        return ReadingResult(reading, iv, judge(fig, iv, reading.more_is_better))
    if not counts:
        return ReadingResult(reading, None, Verdict(NOT_COMPARABLE, "no layouts were solved"))
    if kind == MEAN:
        comp = _component_counts(counts, reading.component)
        iv = mean_interval(comp, *reading.span)
        return ReadingResult(reading, iv, judge(fig, iv, reading.more_is_better), distribution=_distribution(comp))
    if kind == SHARE:
        iv = _share(counts, reading.component, reading.test)
        return ReadingResult(reading, iv, judge(fig, iv, reading.more_is_better))
    if kind == BOUNDS:
        para, coop = (_component_counts(counts, i) for i in (0, 1))
        hi, lo = mean_interval(para), mean_interval(coop)
        return ReadingResult(reading, None, judge_bounds(fig, lo, hi), lo, hi, distribution=_distribution(para))
    if kind == SHARE_BOUNDS:
        hi, lo = _share(counts, 0, reading.test), _share(counts, 1, reading.test)
        return ReadingResult(reading, None, judge_bounds(fig, lo, hi), lo, hi)
    if kind == TABLE_BOUNDS:
        lo, hi = _share(counts, 0, reading.test), _share(counts, 2, reading.test)
        return ReadingResult(reading, None, judge_table(fig, lo, hi), lo, hi)
    raise ValueError(f"unknown reading kind {kind!r}")


def solve_row(row: Row, seed: int, n: int, engine: Engine,
              step: Callable[[int], None] | None = None, looks: int = 1) -> RowResult:
    """The row's first ``n`` layouts, counted and judged; while a reading is undecided and
    looks remain, as many layouts again, then twice as many (Ctrl-C keeps those done,
    marked interrupted)."""
    counts: Counter = Counter()
    start = time.perf_counter()
    done, interrupted, look = 0, False, 1
    if row.question is not None:
        rng = row_rng(seed, row.key)
        target = n
        try:
            while True:
                for done in range(done + 1, target + 1):
                    counts[row.question.outcome(rng, engine)] += 1
                    if step and look == 1:
                        step(1)
                result = judge_row(RowResult(row, done, counts, 0.0, looks=look))
                if not result.undecided or look >= looks:
                    break
                look += 1
                target = n << (look - 1)
        except KeyboardInterrupt:
            interrupted = True
            done = sum(counts.values())
    result = RowResult(row, done if row.question is not None else 0, counts,
                       time.perf_counter() - start, interrupted=interrupted, looks=look)
    return judge_row(result)


def judge_row(result: RowResult) -> RowResult:
    """Judge each reading of the row from its counts (see :mod:`.verdict`); returns the row."""
    result.readings = [read(r, result.counts) for r in result.row.readings]
    return result


def chance_flips(results: Iterable[RowResult]) -> float:
    """If every book figure were right, the expected number of verdicts optimistic or
    pessimistic by chance is at most this: :data:`CHANCE_PER_LOOK` per look of each
    reading decided against an interval (one side only can flip a figure that is right)."""
    return sum(CHANCE_PER_LOOK * r.looks for r in results for rr in r.readings
               if rr.verdict.word != NOT_COMPARABLE and rr.reading.kind != EXACT)


def select(rows: list[Row], sections: Iterable[int] | None = None, only: str | None = None) -> list[Row]:
    """The rows of the given sections (all by default) whose key or claim starts with ``only``.
    A claim's number matches whole: ``1.1`` is 1.1, not 1.10–1.14; ``1.5`` is 1.5a and 1.5b."""
    return [r for r in rows if (not sections or r.section in set(sections))
            and (not only or _numbered(r.claim, only) or r.key.startswith(only))]


def _numbered(claim: str, only: str) -> bool:
    """``claim`` is ``only`` or one of its parts (1.5 → 1.5a), not a longer number (1.1 → 1.10)."""
    return claim.startswith(only) and not claim[len(only):len(only) + 1].isdigit()


_worker_engine: Engine | None = None


def _init_worker() -> None:
    from ...engine import Engine

    global _worker_engine
    _worker_engine = Engine()


def _solve_in_worker(args) -> RowResult:
    row, seed, n, looks = args
    return solve_row(row, seed, n, _worker_engine, looks=looks)


def run(rows: list[Row] | None = None, seed: int = SEED, samples: int | None = None, workers: int = 1,
        progress: Callable[[int, int], None] | None = None, engine: Engine | None = None,
        looks: int = LOOKS) -> Iterator[RowResult]:
    """Judged results, row by row in catalogue order.

    ``samples``: layouts per row (default :data:`DEFAULT_SAMPLES` by kind; split-only
    rows, which solve nothing, get proportionally more); an undecided row gets more, up
    to ``looks`` looks (the progress counts the first look only). ``workers`` > 1 spreads
    the rows over processes, one engine each (capped by :mod:`preferans.workers`); the
    figures are the same.
    """
    check_seed(seed)
    workers, _ = cap_workers(workers, worker_bytes())
    rows = catalogue() if rows is None else rows
    sizes = [samples_for(r, samples) for r in rows]
    total, done = sum(sizes), 0

    def step(k: int) -> None:
        nonlocal done
        done += k
        if progress:
            progress(done, total)

    if workers <= 1:
        from ...engine import Engine

        engine = engine or Engine()
        for row, n in zip(rows, sizes):
            result = solve_row(row, seed, n, engine, step, looks)
            yield result
            if result.interrupted:
                raise KeyboardInterrupt
        return
    with ProcessPoolExecutor(max_workers=workers, initializer=_init_worker) as pool:
        futures = [pool.submit(_solve_in_worker, (row, seed, n, looks)) for row, n in zip(rows, sizes)]
        try:
            for fut, n in zip(futures, sizes):
                result = fut.result()
                step(n)
                yield result
        except KeyboardInterrupt:
            for fut in futures:
                fut.cancel()
            raise


def default_workers() -> int:
    """Worker processes by default: up to 2, no more than the cores."""
    return max(1, min(2, cores()))


def worker_bytes() -> int:
    """The memory of one book worker process, its engine's table included."""
    from ...kernel.tt import DEFAULT_LOG2_SIZE  # here: importing the kernel loads numba

    return PROCESS_BYTES + table_bytes(DEFAULT_LOG2_SIZE)
