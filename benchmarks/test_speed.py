"""pytest-benchmark suites over the fixed deals of :mod:`preferans.benchmark`.

Run with ``python3 -m pytest benchmarks/`` (add ``--benchmark-json=out.json`` to keep
the figures). Each round solves every deal of the set once, each with a cleared
table; ``extra_info`` records the per-deal median, 99th percentile and nodes.
"""

import pytest

from preferans.benchmark import KINDS, deals, job, measure, run_job
from preferans.engine import Engine

DEALS = {"contract": 100, "misere": 100, "raspasy": 50, "table": 30, "solve": 50}


@pytest.fixture(scope="module")
def engine():
    e = Engine()
    run_job(e, job("contract", deals(1)[0]))  # compile (or load the cache) before timing
    return e


@pytest.mark.parametrize("kind", KINDS)
def test_solve_fixed_deals(benchmark, engine, kind):
    jobs = [job(kind, deal) for deal in deals(DEALS[kind])]

    def solve_all():
        for solves in jobs:
            engine.clear()
            run_job(engine, solves, kind == "solve")

    benchmark.pedantic(solve_all, rounds=3, iterations=1, warmup_rounds=1)
    report = measure(kind, DEALS[kind])
    benchmark.extra_info.update(deals=DEALS[kind], median_ms=report.median_ms, p99_ms=report.p99_ms,
                                nodes_per_job=report.nodes_per_job,
                                nodes_per_second=report.nodes_per_second)
