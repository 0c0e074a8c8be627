"""The benchmark's deals are fixed, and ``pref bench`` reports every figure it promises."""

import json

from click.testing import CliRunner

from cli.main import pref
from solver.benchmark import deals, job, run_job
from solver.engine import Engine, Options


def test_deals_are_fixed_by_the_seed():
    assert deals(3) == deals(3)
    assert deals(3, seed=1) != deals(3)
    hands, talon, _, _ = deals(1)[0]
    assert sum(bin(h).count("1") for h in hands) == 30 and len(set(talon)) == 2


def test_jobs_agree_with_the_plain_search():
    deal = deals(1)[0]
    for kind in ("contract", "misere"):
        solves = job(kind, deal)
        plain = Engine(Options(tt=False, bounds=False))
        assert run_job(Engine(), solves) == run_job(plain, solves)


def test_bench_command_reports_every_figure():
    result = CliRunner().invoke(pref, ["bench", "--deals", "2", "--no-start", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert set(report["kinds"]) == {"contract", "misere", "raspasy", "table"}
    for figures in report["kinds"].values():
        assert figures["deals"] == 2
        assert 0 < figures["median_ms"] <= figures["max_ms"]
        assert figures["nodes_per_job"] > 0 and figures["nodes_per_second"] > 0
