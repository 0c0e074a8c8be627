"""pytest-benchmark suite for ``pref book``: time per layout of each kind of question, and
the whole run's single-process time projected from them at the default sample sizes.

Run with ``python3 -m pytest benchmarks/test_book_speed.py``; the projection is in each
benchmark's ``extra_info`` (the issue's target: the whole run under 15 minutes on two
cores with a warm cache; docs/book-check.md records the measured run).
"""

import pytest

from preferans.analysis.book import claims, runner
from preferans.engine import Engine

LAYOUTS = 10
REPRESENTATIVE = {"ContractTricks": "1/A x x x x x/B/clean", "SuitWorth": "4/A-AQJ107/A",
                  "RaspasyCost": "2/10/C", "MisereTalon": "3/1/talon", "SplitEvent": "5/4-0"}


@pytest.fixture(scope="module")
def engine():
    e = Engine()
    rows = {r.key: r for r in claims.catalogue()}
    runner.solve_row(rows[REPRESENTATIVE["ContractTricks"]], 1, 1, e)  # compile or load the cache first
    return e


@pytest.mark.parametrize("kind", REPRESENTATIVE)
def test_book_layouts(benchmark, engine, kind):
    rows = claims.catalogue()
    row = next(r for r in rows if r.key == REPRESENTATIVE[kind])
    seeds = iter(range(1000))  # new layouts every round: the table is kept, as in a run, but not the answers
    benchmark.pedantic(lambda seed: runner.solve_row(row, seed, LAYOUTS, engine),
                       setup=lambda: ((next(seeds),), {}), rounds=3, iterations=1)
    per_layout = benchmark.stats.stats.median / LAYOUTS
    same_kind = [r for r in rows if r.question is not None and type(r.question).__name__ == kind]
    layouts = sum(runner.samples_for(r, None) for r in same_kind)
    benchmark.extra_info.update(per_layout_ms=1000 * per_layout, rows=len(same_kind), layouts=layouts,
                                projected_single_process_s=per_layout * layouts)
