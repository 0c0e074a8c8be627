"""pytest-benchmark suite for ``pref estimate`` (small versions of benchmarks/estimate_speed.py)."""

import pytest

from benchmarks import estimate_speed as speed


@pytest.fixture(scope="module", autouse=True)
def warm():
    speed.warm_up()


def test_random_layouts_of_a_contract(benchmark):
    info = benchmark.pedantic(speed.contract, args=(1000,), rounds=1, iterations=1)
    benchmark.extra_info.update(info)


def test_keeping_the_table_across_layouts(benchmark):
    info = benchmark.pedantic(speed.table, args=(300,), rounds=1, iterations=1)
    benchmark.extra_info.update(info)
