"""Running the chunks: on local threads or a Dask cluster, with the same figures either way.

A sample chunk's seed comes from the run's seed and the chunk's number and chunks have a
fixed size (:mod:`.work`), so one thread, every core (:func:`run_local`, one
:class:`~preferans.engine.Engine` per thread) or a Dask cluster (:func:`run_dask`) give
the same tally. Ctrl-C keeps every layout done.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from typing import TYPE_CHECKING, Callable

from ...validation import check_seed
from ...workers import cap_workers, table_bytes
from .question import Question
from .result import Estimate
from .tally import Tally
from .work import TABLE_LOG2_SIZE, Chunk, chunks, layout_space, new_engine, run_chunk

if TYPE_CHECKING:
    from ...engine import Engine  # annotations only: pref estimate --help loads no kernel

DEFAULT_SEED = 1
"""The seed of a run when none is given: the same from Python and from ``pref estimate``."""

DEFAULT_LAYOUTS = 1000
"""Random layouts of a run when none is given."""

Progress = Callable[[int, int], None]
"""``progress(layouts_done, layouts_total)``."""

_local = threading.local()


def worker_engine() -> Engine:
    """This thread's engine (one per worker thread, kept across chunks: its table pays)."""
    engine = getattr(_local, "engine", None)
    if engine is None:
        engine = _local.engine = new_engine()
    return engine


def run_local(question: Question, todo: list[Chunk], workers: int | None = None,
              progress: Progress | None = None) -> tuple[Tally, bool]:
    """Run ``todo`` on ``workers`` threads (default: every core; capped by :mod:`preferans.workers`);
    (tally, interrupted).

    Ctrl-C (KeyboardInterrupt) stops the run: chunks in progress stop after their current
    layout and their partial tallies are kept, so nothing computed is lost.
    """
    workers, _ = cap_workers(workers, table_bytes(TABLE_LOG2_SIZE))
    layout_space(question.knowledge)  # build the tables before the threads share them
    stop = threading.Event()
    total = Tally.empty(len(question.columns()), *question.score_shape())
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

    total = Tally.empty(len(question.columns()), *question.score_shape())
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
        total = Tally.empty(len(question.columns()), *question.score_shape())
        for f in futures:
            if f.status == "finished":
                total = total + f.result()
    return total, interrupted


def estimate(question: Question, layouts: int | None = DEFAULT_LAYOUTS, *, exact: bool = False, seed: int = DEFAULT_SEED,
             workers: int | None = None, client=None, progress: Progress | None = None) -> Estimate:
    """Solve ``question`` on ``layouts`` uniform random layouts (or all, with ``exact``).

    Runs on ``workers`` local threads (default every core) or on a Dask ``client``.
    The figures depend only on the question, ``seed`` and ``layouts`` (or ``exact``).
    Interrupted by Ctrl-C, it returns what was done, marked ``interrupted``.
    """
    start = time.perf_counter()
    check_seed(seed)
    todo = chunks(question, layouts, seed, exact)
    requested = layout_space(question.knowledge).count if exact else layouts
    if client is not None:
        tally, interrupted = run_dask(question, todo, client, progress)
    else:
        tally, interrupted = run_local(question, todo, workers, progress)
    return Estimate(question, tally, exact, seed, requested, interrupted, time.perf_counter() - start)


__all__ = ["DEFAULT_LAYOUTS", "DEFAULT_SEED", "Progress", "estimate", "run_dask", "run_local", "worker_engine"]
