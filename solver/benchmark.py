"""The speed benchmark: a fixed, seeded set of random full deals for each kind of job.

The same deals serve ``pref bench`` (a printed report) and the pytest-benchmark
suites in ``benchmarks/``. Each solve gets a cleared table, so a figure is the
cost of solving that deal alone; times are the process's CPU time, which a busy
machine disturbs less than the wall clock; the table's *allocation* is left out of the
timings, as a long-lived engine pays it once.

Besides time, every report carries the search counters (:class:`preferans.engine.SearchStats`): node
counts are deterministic, so they show a change in search effort that machine noise
would hide. :func:`ablation` switches each shortcut off in turn; :func:`compare`
sets a run against a saved one, with a noise band for the times.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING
from pathlib import Path

import numpy as np

from .cards import NO_TRUMP, mask_of
from .api import solve
from .rules import Game, Position, TalonMode
from .validation import check_seed

if TYPE_CHECKING:
    from .engine import Engine, Options  # annotations only: pref bench --help loads no kernel

SEED = 20261129
KINDS = ("contract", "misere", "raspasy", "table", "solve")
DESCRIPTIONS = {
    "contract": "one contract value (random trump and declarer)",
    "misere": "one misère value (random declarer)",
    "raspasy": "all three raspasy values (talon mode suit)",
    "table": "all 15 declarer x strain contract values of a deal",
    "solve": "pref solve of the misère: value, every card's value, best line",
}


def deals(count: int, seed: int = SEED) -> list[tuple[tuple[int, int, int], tuple[int, int], int, int]]:
    """``count`` deals as (hands, talon, trump, declarer), the same on every machine."""
    rng = random.Random(check_seed(seed))
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
    if kind in ("misere", "solve"):
        return [(Position(hands), Game.misere(declarer), declarer)]
    if kind == "raspasy":
        position = Position(hands, 0, (), talon)
        return [(position, Game.raspasy(TalonMode.SUIT), seat) for seat in range(3)]
    if kind == "table":
        return [(Position(hands), Game.contract(6, strain, seat), seat)
                for seat in range(3) for strain in range(NO_TRUMP + 1)]
    raise ValueError(f"unknown benchmark kind {kind!r}; choose from {', '.join(KINDS)}")


def run_job(engine: Engine, solves, full: bool = False) -> list[int]:
    """The values of the solves; ``full``: as ``pref solve`` does, with card values and a best line."""
    if full:
        return [solve(p, g, engine=engine).tricks for p, g, f in solves]
    return [engine.searcher.value(p, g, f) for p, g, f in solves]  # our own deals: no checks timed


@dataclass
class KindReport:
    kind: str
    deals: int
    median_ms: float
    p99_ms: float
    max_ms: float
    nodes_per_job: float
    nodes_per_second: float
    times_ms: list[float]
    nodes: list[int]
    stats: dict

    def line(self) -> str:
        return (f"{self.kind:12s} {self.deals:5d} {self.median_ms:9.2f} {self.p99_ms:9.2f} "
                f"{self.max_ms:9.2f} {self.nodes_per_job:11.0f} {self.nodes_per_second / 1e6:8.2f} "
                f"{100 * self.stats['first_move_cut_share']:6.1f} {100 * self.stats['table_hit_rate']:6.1f}")


HEADER = (f"{'kind':12s} {'deals':>5s} {'median ms':>9s} {'p99 ms':>9s} {'max ms':>9s} {'nodes/job':>11s} "
          f"{'Mnodes/s':>8s} {'1st%':>6s} {'hit%':>6s}")
LEGEND = ("1st%: share of cut-offs made by the first move tried; "
          "hit%: share of table probes that settled the node")


class NotDeterministic(RuntimeError):
    """Two rounds of :func:`timed_rounds` searched a job differently: a bug, never noise."""


def timed_rounds(engine: Engine, jobs: list, run, rounds: int = 1, progress=None, pause_s: float = 0.0):
    """Each job's fastest CPU time over ``rounds`` and the search's nodes for it: ``(times_s, nodes,
    outputs, stats)``. ``run(job)`` solves one job on ``engine`` and returns what it found; each solve
    gets a cleared table. The rounds go over the whole list in turn (job 1 … n, then again), so that
    a job's tries lie apart in time and the fastest misses a passing slowdown of the machine, as the
    best of a few runs does for a whole command. The search is deterministic: a round whose nodes or
    answer for a job differ from the first round's raises :class:`NotDeterministic`. ``outputs`` and ``stats``
    (:class:`preferans.engine.SearchStats` as a dict) are the first round's. ``rounds`` below 1 is
    refused (``ValueError``), as ``pref bench --rounds`` refuses it.

    ``pause_s``: the process sleeps this long before each job, outside the timing, as a program
    that waits for its user, or a harness that runs another solver in between, does. After such a
    pause the search runs slower per node until it has run for a while (docs/performance.md, *A
    paused process*); the rounds' best then measures that start, not the warm loop."""
    if rounds < 1:
        raise ValueError(f"rounds: at least 1, not {rounds}")
    if not pause_s >= 0:
        raise ValueError(f"pause_s: zero or more seconds, not {pause_s}")
    best = [float("inf")] * len(jobs)
    nodes, outputs = [], []
    stats = {}
    for r in range(rounds):
        start_stats = engine.stats
        for i, one in enumerate(jobs):
            if pause_s:
                time.sleep(pause_s)
            engine.clear()
            before = engine.nodes
            start = time.process_time()  # CPU time: other processes' load matters less than to wall time
            out = run(one)
            best[i] = min(best[i], time.process_time() - start)
            n = engine.nodes - before
            if r == 0:
                nodes.append(n)
                outputs.append(out)
            elif n != nodes[i] or out != outputs[i]:
                raise NotDeterministic(f"job {i}: round {r + 1} searched {n:,} nodes for {out!r}, round 1 "
                                   f"{nodes[i]:,} for {outputs[i]!r}: the search is not deterministic")
            if progress:
                progress(r * len(jobs) + i + 1, rounds * len(jobs))
        if r == 0:
            stats = (engine.stats - start_stats).as_dict()
    return best, nodes, outputs, stats


def _report(kind: str, times_s: list[float], nodes: list[int], stats: dict) -> KindReport:
    t = np.array(times_s) * 1000
    return KindReport(kind, len(t), float(np.median(t)), float(np.percentile(t, 99)), float(t.max()),
                      float(np.mean(nodes)), float(np.sum(nodes) / np.sum(times_s)),
                      [round(x, 4) for x in t.tolist()], nodes, stats)


def measure(kind: str, count: int, seed: int = SEED, progress=None,
            options: Options | None = None, job_deals=None, rounds: int = 1, pause_s: float = 0.0) -> KindReport:
    """Time and count the search on ``count`` seeded deals (or ``job_deals``), one job at a time, each
    job's fastest of ``rounds``, after a pause of ``pause_s`` (:func:`timed_rounds`)."""
    from .engine import Engine, Options

    engine = Engine(options or Options())
    job_deals = deals(count, seed) if job_deals is None else job_deals
    run_job(engine, job(kind, job_deals[0]), kind == "solve")  # load the compiled code before timing
    jobs = [job(kind, deal) for deal in job_deals]
    times, nodes, _, stats = timed_rounds(engine, jobs, lambda solves: run_job(engine, solves, kind == "solve"),
                                          rounds, progress, pause_s)
    return _report(kind, times, nodes, stats)


def costliest(report: KindReport, seed: int, top: int) -> list[dict]:
    """The ``top`` dearest jobs of ``report``, dearest first: the deal's number among the seed's deals
    (from 0), its time and nodes, and for a job of one game (contract, misère, solve) or of the three
    raspasy values the deal as a problem that ``pref solve --jsonl -`` reads (``problem``; None for the
    15 games of a table and for the misère at the table, whose deals are drawn otherwise)."""
    from .api import game_json
    from .notation import format_cards, format_hand

    if not isinstance(top, int) or top < 1:
        raise ValueError(f"top: at least 1 job, not {top!r}")
    order = sorted(range(len(report.times_ms)), key=lambda i: -report.times_ms[i])[:top]
    seeded = deals(max(order) + 1, seed) if order and report.kind in ("contract", "misere", "raspasy", "solve") \
        else None
    out = []
    for i in order:
        problem = None
        if seeded is not None:
            position, game, _ = job(report.kind, seeded[i])[0]
            hands = {seat: format_hand(h, "ascii") for seat, h in zip("ABC", position.hands)}
            if position.talon:
                hands["talon"] = format_cards(position.talon, "ascii")
            problem = {"deal": hands, "game": game_json(game, position.leader)}
        out.append({"deal": i, "ms": report.times_ms[i], "nodes": report.nodes[i], "problem": problem})
    return out


TABLE_KIND = "table-misere"
"""The answer at the table (:mod:`preferans.at_table`), timed on its own deals: asked by name only
(``pref bench --kind table-misere``), so the kinds above keep their record and their suites."""
DESCRIPTIONS[TABLE_KIND] = ("a misère at the table: all 66 discards, on full deals caught double dummy "
                            "whatever the declarer discards (his 12 cards drawn low)")


def table_misere_deals(count: int, seed: int = SEED, progress=None) -> list[tuple[Position, Game, tuple[int, int]]]:
    """``count`` full misère deals, the same on every machine, each caught double dummy against every
    discard: ``(position after the declarer's best discard, game, that discard)``. Uniform deals are
    no misères; here the declarer's 12 cards are drawn with weight (8 - rank)², the others dealt
    at random, and a deal is kept when his best discard is still caught (the search at the table
    has something to do only then)."""
    from .analysis.discard import best_discard
    from .engine import Engine

    rng = random.Random(f"{TABLE_KIND}-{seed}")
    engine = Engine()
    out = []
    while len(out) < count:
        deck = list(range(32))
        mine: set[int] = set()
        while len(mine) < 12:
            mine.add(rng.choices(deck, [(8 - (c & 7)) ** 2 for c in deck])[0])
        rest = [c for c in deck if c not in mine]
        rng.shuffle(rest)
        declarer = rng.randrange(3)
        hands = [0, 0, 0]
        hands[declarer] = mask_of(mine)
        others = [s for s in range(3) if s != declarer]
        hands[others[0]], hands[others[1]] = mask_of(rest[:10]), mask_of(rest[10:])
        game = Game.misere(declarer)
        best = best_discard(tuple(hands), declarer, game, 0, engine)
        if best.tricks < 1:
            continue
        hands[declarer] &= ~mask_of(best.discard)
        out.append((Position(tuple(hands)), game, tuple(best.discard)))
        if progress:
            progress(len(out), count)
    return out


def measure_table(count: int, seed: int = SEED, progress=None, options: Options | None = None,
                  rounds: int = 1, pause_s: float = 0.0) -> KindReport:
    """Time :func:`preferans.at_table.solve_at_table` over every discard on :func:`table_misere_deals`:
    the answer and its smallest uncovered set, not the key; each deal's fastest of ``rounds``, after a
    pause of ``pause_s``.
    ``nodes`` are the double-dummy search's; ``stats`` adds the search at the table's own nodes, its
    double-dummy questions and the holes."""
    from .at_table import solve_at_table
    from .engine import Engine, Options

    engine = Engine(options or Options())
    jobs = table_misere_deals(count, seed)
    solve_at_table(*jobs[0], engine=engine, with_key=False)  # load the compiled code before timing

    def run(one):
        answer = solve_at_table(*one, engine=engine, with_key=False)
        return answer.caught, answer.nodes, answer.questions

    times, nodes, answers, stats = timed_rounds(engine, jobs, run, rounds, progress, pause_s)
    p90 = float(np.percentile(np.array(times) * 1000, 90))
    stats.update(table_nodes=[a[1] for a in answers], questions=[a[2] for a in answers],
                 holes=sum(not a[0] for a in answers), p90_ms=p90)
    return _report(TABLE_KIND, times, nodes, stats)


def table_summary(report: KindReport) -> str:
    """The figures of :func:`measure_table` beyond the table row: p90, the search's own nodes, the
    double-dummy questions, the holes."""
    s = report.stats
    tn, q = np.array(s["table_nodes"]), np.array(s["questions"])
    return (f"  {TABLE_KIND}: p90 {s['p90_ms']:.2f} ms; AND-OR nodes per deal median {np.median(tn):,.0f}, "
            f"p99 {np.percentile(tn, 99):,.0f}, max {tn.max():,}; double-dummy questions median "
            f"{np.median(q):,.0f}, p99 {np.percentile(q, 99):,.0f}; holes (escapes at the table) "
            f"{s['holes']} of {report.deals}")


def small_deals(count: int, cards: int = 6, seed: int = SEED) -> list:
    """Deals of ``cards`` cards a hand, for searches with every shortcut off. They stand for
    positions late in a deal, so no talon card is left to turn (raspasy plays them as an ending)."""
    rng = random.Random(f"small-{seed}-{cards}")
    out = []
    for _ in range(count):
        deck = list(range(32))
        rng.shuffle(deck)
        hands = tuple(mask_of(deck[i * cards:(i + 1) * cards]) for i in range(3))
        out.append((hands, (), rng.randrange(NO_TRUMP + 1), rng.randrange(3)))
    return out


def ablation_configs(with_all_off: bool) -> dict[str, Options]:
    """All shortcuts on, then each one off in turn (and all off, if asked)."""
    from .engine import Options
    from .kernel.config import SHORTCUT_NAMES

    configs = {"all on": Options()}
    configs.update({f"no {name}": Options(**{name: False}) for name in SHORTCUT_NAMES})
    if with_all_off:
        configs["all off"] = Options.none()
    return configs


@dataclass
class AblationRow:
    kind: str
    config: str
    nodes_per_job: float
    median_ms: float
    nodes_ratio: float
    time_ratio: float

    def line(self) -> str:
        return (f"{self.kind:9s} {self.config:16s} {self.nodes_per_job:12.0f} {self.nodes_ratio:8.2f} "
                f"{self.median_ms:10.2f} {self.time_ratio:8.2f}")


ABLATION_HEADER = (f"{'kind':9s} {'shortcuts':16s} {'nodes/job':>12s} {'x nodes':>8s} "
                   f"{'median ms':>10s} {'x time':>8s}")


def ablation(kind: str, count: int, seed: int = SEED, small: bool = False, progress=None) -> list[AblationRow]:
    """Each shortcut switched off in turn on the same deals, relative to all on.

    ``small``: 6-card deals, where the plain alpha-beta with every shortcut off is
    affordable too. Times are medians per job; their ratios carry the machine's noise,
    the node ratios do not.
    """
    job_deals = small_deals(count, seed=seed) if small else deals(count, seed)
    rows, base = [], None
    for name, options in ablation_configs(small).items():
        r = measure(kind, count, seed, options=options, job_deals=job_deals)
        base = base or r
        rows.append(AblationRow(kind, name, r.nodes_per_job, r.median_ms,
                                r.nodes_per_job / base.nodes_per_job, r.median_ms / base.median_ms))
        if progress:
            progress(len(rows), len(ablation_configs(small)))
    return rows


def node_counts(count: int = 10, seed: int = SEED) -> dict[str, list[int]]:
    """Nodes searched per job on the first ``count`` seeded deals: deterministic, machine-free."""
    from .engine import Engine

    out = {}
    for kind in KINDS:
        engine = Engine()
        out[kind] = []
        for deal in deals(count, seed):
            engine.clear()
            before = engine.nodes
            run_job(engine, job(kind, deal), kind == "solve")
            out[kind].append(engine.nodes - before)
    return out


def node_record(seed: int = SEED, count: int = 10) -> str:
    """:func:`node_counts` as the JSON of ``benchmarks/nodes.json``, one kind a line."""
    rows = ",\n".join(f'  "{kind}": {json.dumps(n)}' for kind, n in node_counts(count, seed).items())
    return f'{{"seed": {seed}, "deals": {count}, "nodes": {{\n{rows}\n}}}}\n'


MACHINE_DRIFT = 0.18
"""How far apart two runs of identical code may lie and still be called noise.

A whole run is slower or faster by a common factor (the machine's state: other processes,
caches, clock), which no band over its jobs sees. Measured: 19 runs of ``pref bench`` on
identical code, back to back on the shared 2-core machine under load (load average 8-10;
``benchmarks/identical-runs.json``): each run's time per job is 0.91-1.09 of the median
run, and two runs differ by up to 19%. With the jobs' 95% band widened by 3% (the old
allowance), 41% of the 855 pairs of runs and kinds were called faster or slower; by 12%,
3.3%; by 18%, none (``tests/test_bench.py`` checks it on those runs). On a quiet machine
``pref bench --drift`` takes a smaller allowance (measure two runs of your own first); a
smaller change is found with paired, alternating runs of both versions."""


@dataclass
class Change:
    """One kind's figures against a baseline run: nodes exactly, time with a 95% noise band."""

    kind: str
    nodes_ratio: float
    time_ratio: float
    band: tuple[float, float]
    drift: float = MACHINE_DRIFT

    @property
    def verdict(self) -> str:
        """Faster or slower only when the whole band is beyond the drift between runs
        (:data:`MACHINE_DRIFT` unless given)."""
        if self.band[1] < 1 - self.drift:
            return "faster"
        if self.band[0] > 1 + self.drift:
            return "slower"
        return "within noise"

    def line(self) -> str:
        return (f"{self.kind:9s} nodes x{self.nodes_ratio:.3f}   time x{self.time_ratio:.3f} "
                f"(95% band {self.band[0]:.3f} … {self.band[1]:.3f}; runs drift ±{100 * self.drift:.0f}%): "
                f"{self.verdict}")


def compare(kind: str, now: dict, before: dict, resamples: int = 2000, seed: int = 1,
            drift: float = MACHINE_DRIFT) -> Change:
    """``now`` against ``before`` (two ``--json`` entries of one kind).

    Runs on the same deals (same seed and count) are compared job by job: the time
    ratio is the geometric mean of the per-job ratios and the band a bootstrap
    interval over the jobs, which takes the spread between deals out of the noise.
    Otherwise the ratio of median job times, both runs resampled. Either band covers
    jitter within the runs, not a machine that was busier during one run than the
    other: ``drift`` (:data:`MACHINE_DRIFT`) allows for that in the verdict.
    """
    a = np.array(now["times_ms"])
    b = np.array(before["times_ms"])
    rng = np.random.default_rng(seed)
    if a.size == b.size and now.get("seed") == before.get("seed"):
        logs = np.log(a / b)
        picks = rng.integers(0, logs.size, (resamples, logs.size))
        ratios = np.exp(logs[picks].mean(axis=1))
        ratio = float(np.exp(logs.mean()))
    else:
        ra = np.median(rng.choice(a, (resamples, a.size)), axis=1)
        rb = np.median(rng.choice(b, (resamples, b.size)), axis=1)
        ratios = ra / rb
        ratio = float(np.median(a) / np.median(b))
    band = (float(np.percentile(ratios, 2.5)), float(np.percentile(ratios, 97.5)))
    return Change(kind, now["nodes_per_job"] / before["nodes_per_job"], ratio, band, drift)


_START_SCRIPT = ("from preferans import Engine, Game, Position;"
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
