"""The speed benchmark: a fixed, seeded set of random full deals for each kind of job.

The same deals serve ``pref bench`` (a printed report) and the pytest-benchmark
suites in ``benchmarks/``. Each solve gets a cleared table, so a figure is the
cost of solving that deal alone; the table's *allocation* is left out of the
timings, as a long-lived engine pays it once.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .cards import NO_TRUMP, mask_of
from .engine import Engine
from .rules import Game, Position, TalonMode

SEED = 20261129
KINDS = ("contract", "misere", "raspasy", "table")
DESCRIPTIONS = {
    "contract": "one contract value (random trump and declarer)",
    "misere": "one misère value (random declarer)",
    "raspasy": "all three raspasy values (talon mode suit)",
    "table": "all 15 declarer x strain contract values of a deal",
}


def deals(count: int, seed: int = SEED) -> list[tuple[tuple[int, int, int], tuple[int, int], int, int]]:
    """``count`` deals as (hands, talon, trump, declarer), the same on every machine."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        deck = list(range(32))
        rng.shuffle(deck)
        hands = tuple(mask_of(deck[i * 10:(i + 1) * 10]) for i in range(3))
        out.append((hands, (deck[30], deck[31]), rng.randrange(NO_TRUMP + 1), rng.randrange(3)))
    return out


def job(kind: str, deal) -> list[tuple[Position, Game, int]]:
    """The (position, game, focus) solves that make up one job of ``kind`` on ``deal``."""
    hands, talon, trump, declarer = deal
    if kind == "contract":
        return [(Position(hands), Game.contract(6, trump, declarer), declarer)]
    if kind == "misere":
        return [(Position(hands), Game.misere(declarer), declarer)]
    if kind == "raspasy":
        position = Position(hands, 0, (), talon)
        return [(position, Game.raspasy(TalonMode.SUIT), seat) for seat in range(3)]
    if kind == "table":
        return [(Position(hands), Game.contract(6, strain, seat), seat)
                for seat in range(3) for strain in range(NO_TRUMP + 1)]
    raise ValueError(f"unknown benchmark kind {kind!r}; choose from {', '.join(KINDS)}")


def run_job(engine: Engine, solves) -> list[int]:
    return [engine.value(p, g, f) for p, g, f in solves]


@dataclass
class KindReport:
    kind: str
    deals: int
    median_ms: float
    p99_ms: float
    max_ms: float
    nodes_per_job: float
    nodes_per_second: float

    def line(self) -> str:
        return (f"{self.kind:9s} {self.deals:5d} {self.median_ms:9.2f} {self.p99_ms:9.2f} "
                f"{self.max_ms:9.2f} {self.nodes_per_job:11.0f} {self.nodes_per_second / 1e6:8.2f}")


HEADER = f"{'kind':9s} {'deals':>5s} {'median ms':>9s} {'p99 ms':>9s} {'max ms':>9s} {'nodes/job':>11s} {'Mnodes/s':>8s}"


def measure(kind: str, count: int, seed: int = SEED, progress=None) -> KindReport:
    engine = Engine()
    run_job(engine, job(kind, deals(1, seed + 1)[0]))  # load the compiled code before timing
    times, nodes = [], []
    for i, deal in enumerate(deals(count, seed)):
        solves = job(kind, deal)
        engine.clear()
        before = engine.nodes
        start = time.perf_counter()
        run_job(engine, solves)
        times.append(time.perf_counter() - start)
        nodes.append(engine.nodes - before)
        if progress:
            progress(i + 1, count)
    t = np.array(times) * 1000
    return KindReport(kind, count, float(np.median(t)), float(np.percentile(t, 99)), float(t.max()),
                      float(np.mean(nodes)), float(np.sum(nodes) / np.sum(times)))


_START_SCRIPT = ("from solver import Engine, Game, Position;"
                 "Engine().value(Position((0xE0, 0xE000, 0xE00000)), Game.contract(6, 0, 0), 0)")


def start_times() -> tuple[float, float]:
    """Seconds for a fresh process to import and solve one small position: cold, then warm.

    Cold compiles the kernel into an empty cache folder; warm runs again on that cache.
    """
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, PREF_CACHE_DIR=cache)
        root = str(Path(__file__).resolve().parents[1])
        out = []
        for _ in range(2):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", _START_SCRIPT], env=env, cwd=root, check=True)
            out.append(time.perf_counter() - start)
        return out[0], out[1]
