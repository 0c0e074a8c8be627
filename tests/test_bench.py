"""The benchmark's deals are fixed, and ``pref bench`` reports every figure it promises."""

import json
import random
from pathlib import Path

import pytest

from click.testing import CliRunner

from preferans.benchmark import (NotDeterministic, ablation, compare, costliest, deals, job, measure, node_counts,
                                 run_job, timed_rounds)
from preferans.cli.main import pref
from preferans.engine import Engine, Options


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
    assert set(report["kinds"]) == {"contract", "misere", "raspasy", "table", "solve"}
    for figures in report["kinds"].values():
        assert figures["deals"] == 2
        assert 0 < figures["median_ms"] <= figures["max_ms"]
        assert figures["nodes_per_job"] > 0 and figures["nodes_per_second"] > 0


def test_rounds_keep_each_jobs_fastest_time_and_the_first_rounds_counts():
    """--rounds: every job timed in each round (rounds over all the jobs in turn), its fastest kept;
    nodes and stats are one round's, the same whatever the number of rounds."""
    engine = Engine()
    jobs = [job("misere", deal) for deal in deals(3)]
    order = []

    def run(solves):
        order.append(jobs.index(solves))
        return run_job(engine, solves)

    times, nodes, values, stats = timed_rounds(engine, jobs, run, rounds=3)
    assert order == [0, 1, 2] * 3
    once = timed_rounds(engine, jobs, lambda solves: run_job(engine, solves), rounds=1)
    assert nodes == once[1] and values == once[2] and stats == once[3]
    assert stats["nodes"] == sum(nodes)
    assert len(times) == 3 and all(t > 0 for t in times)
    report = measure("misere", 3, rounds=2)
    assert report.nodes == nodes and report.stats["nodes"] == sum(nodes)
    assert report.max_ms == pytest.approx(max(report.times_ms), abs=1e-3)


def test_rounds_that_disagree_stop_the_report():
    engine = Engine()
    jobs = [job("misere", deal) for deal in deals(2)]
    answers = iter([1, 2, 1, 3])  # job 2 answers 2, then 3
    with pytest.raises(NotDeterministic, match="job 1: round 2 .* not deterministic"):
        timed_rounds(engine, jobs, lambda solves: next(answers), rounds=2)


def test_a_round_that_disagrees_fails_the_command(monkeypatch):
    """pref bench says which kind and job, exit 1 (a check failed), no traceback."""
    def shaky(*args, **kwargs):
        raise NotDeterministic("job 3: round 2 searched 5 nodes for [1], round 1 4 for [1]: the search is not deterministic")
    monkeypatch.setattr("preferans.benchmark.measure", shaky)
    result = CliRunner().invoke(pref, ["bench", "--kind", "misere", "--rounds", "2", "--no-start"])
    assert result.exit_code == 1 and "misere: job 3: round 2" in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.parametrize("option, value, key, recorded, note, mark", [
    ("--rounds", "2", "rounds", 2, "best of 2 round(s), this run of 1", "round(s)"),
    ("--pause", "1.5", "pause_ms", 1.5, "paused 1.5 ms before each job, this run 0 ms", "paused"),
])
def test_a_report_records_how_it_timed_and_a_baseline_timed_otherwise_is_flagged(tmp_path, option, value, key,
                                                                                  recorded, note, mark):
    """--rounds and --pause are kept in the --json report; --baseline says when the saved run used
    another setting, and says nothing when it used the same."""
    bench = ["bench", "--deals", "2", "--kind", "misere"]
    run = CliRunner().invoke(pref, [*bench, "--no-start", "--json", option, value])
    assert run.exit_code == 0, run.output
    assert json.loads(run.output)[key] == recorded
    saved = tmp_path / "before.json"
    saved.write_text(run.output)
    again = CliRunner().invoke(pref, [*bench, "--baseline", str(saved)])
    assert again.exit_code == 0, again.output
    assert note in again.output
    same = CliRunner().invoke(pref, [*bench, option, value, "--baseline", str(saved)])
    assert same.exit_code == 0 and mark not in same.output


@pytest.mark.parametrize("option", ["--rounds", "--pause", "--top"])
def test_options_about_the_reports_jobs_are_refused_where_nothing_is_timed(option):
    for extra in (["--ablation"], ["--nodes", "x.json"]):
        result = CliRunner().invoke(pref, ["bench", option, "2", *extra])
        assert result.exit_code == 2 and option in result.output


def test_rounds_below_one_are_refused():
    result = CliRunner().invoke(pref, ["bench", "--rounds", "0"])
    assert result.exit_code == 2
    with pytest.raises(ValueError, match="rounds: at least 1, not 0"):
        measure("misere", 1, rounds=0)


def test_a_pause_comes_before_each_job_outside_its_time(monkeypatch):
    """--pause: the process sleeps before every job of every round, and the sleep is not in the job's
    time (a fake clock that the sleep moves by a thousand times its length, the job by one tick)."""
    import preferans.benchmark as benchmark

    clock, events = [0.0], []

    class FakeTime:
        @staticmethod
        def sleep(seconds):
            events.append(("pause", seconds))
            clock[0] += 1000 * seconds

        @staticmethod
        def process_time():
            return clock[0]

    def run(solves):
        events.append(("job", jobs.index(solves)))
        clock[0] += 1
        return [0]

    monkeypatch.setattr(benchmark, "time", FakeTime)
    jobs = [job("misere", deal) for deal in deals(2)]
    times, _, _, _ = timed_rounds(Engine(), jobs, run, rounds=2, pause_s=0.005)
    assert events == [("pause", 0.005), ("job", 0), ("pause", 0.005), ("job", 1)] * 2
    assert times == [1, 1]
    events.clear()
    timed_rounds(Engine(), jobs, run, rounds=1)
    assert events == [("job", 0), ("job", 1)]  # no pause asked, none made
    with pytest.raises(ValueError, match="pause_s: zero or more seconds, not -1"):
        timed_rounds(Engine(), jobs, run, pause_s=-1)


def test_a_pause_below_zero_or_not_a_number_is_refused():
    for bad in ("-1", "nan", "inf", "NaN"):
        result = CliRunner().invoke(pref, ["bench", "--pause", bad])
        assert result.exit_code == 2 and "--pause" in result.output, bad
    result = CliRunner().invoke(pref, ["bench", "--drift", "nan"])
    assert result.exit_code == 2 and "--drift" in result.output and "a number is needed" in result.output


def test_top_names_the_dearest_jobs_and_each_deal_solves_again():
    """--top: each kind's dearest jobs, dearest first, with the time and nodes the report holds for
    them, and the deal as a problem that solves to the job's own values (pref solve --jsonl -)."""
    from preferans.problemfile import loads_json
    from preferans.problems import answer

    args = ["bench", "--kind", "misere", "--kind", "raspasy", "--deals", "4", "--no-start", "--top", "2"]
    result = CliRunner().invoke(pref, [*args, "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    for kind in ("misere", "raspasy"):
        figures, dearest = report["kinds"][kind], report["costliest"][kind]
        assert [j["deal"] for j in dearest] == sorted(range(4), key=lambda i: -figures["times_ms"][i])[:2]
        for j in dearest:
            assert j["ms"] == figures["times_ms"][j["deal"]] and j["nodes"] == figures["nodes"][j["deal"]]
            tricks = answer(loads_json(json.dumps(j["problem"])))
            expected = run_job(Engine(), job(kind, deals(4)[j["deal"]]))
            assert ([tricks] if kind == "misere" else [tricks[seat] for seat in "ABC"]) == expected
    text = CliRunner().invoke(pref, args)
    assert text.exit_code == 0, text.output
    lines = text.output.splitlines()
    named = [i for i, line in enumerate(lines) if line.lstrip().startswith(("misere ", "raspasy "))
             and " deal " in line]
    assert len(named) == 4
    for i in named:
        assert json.loads(lines[i + 1])["deal"]["A"]


def test_the_python_call_behind_top_refuses_what_the_command_refuses():
    report = measure("misere", 2)
    for bad in (0, -1, 1.5):
        with pytest.raises(ValueError, match="top: at least 1 job"):
            costliest(report, 20261129, bad)
    assert CliRunner().invoke(pref, ["bench", "--top", "0"]).exit_code == 2


def test_full_solve_gives_the_value_of_the_value_search():
    engine = Engine()
    for deal in deals(3):
        solves = job("solve", deal)
        assert run_job(engine, solves, full=True) == run_job(Engine(), solves)


def test_node_counts_match_the_record():
    """Search effort on fixed deals is deterministic: a kernel change that alters it must
    update benchmarks/nodes.json (``pref bench --nodes benchmarks/nodes.json``) in the same
    commit, so the change in nodes is visible in review."""
    record = json.loads((Path(__file__).resolve().parents[1] / "benchmarks" / "nodes.json").read_text())
    assert node_counts(record["deals"], record["seed"]) == record["nodes"]


def test_engine_stats_count_the_search():
    engine = Engine()
    before = engine.stats
    run_job(engine, job("misere", deals(1)[0]))
    s = engine.stats - before
    assert s.nodes > 0 and 0 < s.table_hits <= s.table_probes and s.table_stores > 0
    assert 0 < s.first_move_cuts <= s.cuts < s.nodes
    assert 0 < s.table_fill < 1 and 0.5 < s.first_move_cut_share <= 1


def test_baseline_compares_kinds(tmp_path):
    run = CliRunner().invoke(pref, ["bench", "--deals", "3", "--kind", "contract", "--no-start", "--json"])
    assert run.exit_code == 0, run.output
    saved = tmp_path / "run.json"
    saved.write_text(run.output)
    again = CliRunner().invoke(pref, ["bench", "--deals", "3", "--kind", "contract", "--json",
                                      "--baseline", str(saved)])
    change = json.loads(again.output)["changes"]["contract"]
    assert change["nodes_ratio"] == 1.0  # same deals, same search: nodes do not drift with noise
    assert change["band"][0] <= change["time_ratio"] <= change["band"][1]
    assert change["verdict"] in ("faster", "slower", "within noise")


def test_baseline_that_is_not_a_report_is_refused(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"seed": 1}')
    result = CliRunner().invoke(pref, ["bench", "--baseline", str(bad)])
    assert result.exit_code == 2 and "kinds" in result.output


def test_noise_band_separates_real_changes():
    slow = {"times_ms": [10.0 + 0.1 * i for i in range(50)], "nodes_per_job": 100}
    fast = {"times_ms": [5.0 + 0.1 * i for i in range(50)], "nodes_per_job": 50}
    for seeds in ((1, 1), (1, 2)):  # the same deals (job by job), other deals (medians)
        f, s = dict(fast, seed=seeds[0]), dict(slow, seed=seeds[1])
        assert compare("misere", f, s).verdict == "faster"
        assert compare("misere", s, f).verdict == "slower"
        assert compare("misere", s, dict(slow, seed=seeds[0])).verdict == "within noise"


def test_paired_band_sees_a_small_change_among_diverse_deals():
    rng = random.Random(3)
    before = [rng.lognormvariate(0, 1.5) for _ in range(100)]  # jobs from 0.1 to 50 ms
    now = [t * 0.95 * rng.uniform(0.97, 1.03) for t in before]  # 5% faster, 3% jitter
    change = compare("misere", {"times_ms": now, "nodes_per_job": 1, "seed": 1},
                     {"times_ms": before, "nodes_per_job": 1, "seed": 1}, drift=0.03)  # a quiet machine
    assert change.verdict == "faster" and change.band[0] < 0.95 < change.band[1]
    assert compare("misere", {"times_ms": now, "nodes_per_job": 1, "seed": 1},
                   {"times_ms": before, "nodes_per_job": 1, "seed": 1}).verdict == "within noise"


@pytest.mark.parametrize("kind", ["misere", "raspasy", "solve"])
def test_ablation_on_small_deals_runs_every_kind(kind):
    """Regression: the 6-card raspasy deals once carried two talon cards to turn, which no
    position after trick 4 can have, and the engine's checks refused them."""
    rows = ablation(kind, 2, small=True)
    assert rows[-1].config == "all off" and rows[-1].nodes_ratio >= 1


def test_ablation_switches_each_shortcut_off():
    rows = ablation("contract", 2, small=True)
    assert [r.config for r in rows] == ["all on", "no tt", "no equivalence", "no bounds", "no ordering",
                                        "no all_or_none", "no misere_bounds", "no defender_leads",
                                        "no rank_skip", "no escape_leads", "no top_trumps", "no safe_suits",
                                        "no specialized", "all off"]
    assert rows[0].nodes_ratio == 1.0 and rows[-1].nodes_ratio > 1


def test_the_noise_band_holds_on_identical_code():
    """pref bench --baseline on 19 recorded runs of identical code (benchmarks/identical-runs.json,
    measured under load on the shared machine): no pair of runs is called faster or slower, while
    the old 3% allowance called 41% of them so."""
    import itertools

    record = json.loads((Path(__file__).resolve().parents[1] / "benchmarks" / "identical-runs.json").read_text())
    runs, seed = record["runs"], record["seed"]
    pairs = [(a, b, kind) for a, b in itertools.combinations(runs, 2) for kind in a]
    changes = [compare(kind, {"times_ms": a[kind], "nodes_per_job": 1, "seed": seed},
                       {"times_ms": b[kind], "nodes_per_job": 1, "seed": seed}, resamples=400) for a, b, kind in pairs]
    assert len(changes) == 855
    assert [c.verdict for c in changes].count("within noise") == 855
    alarms_at_3 = sum(c.band[1] < 0.97 or c.band[0] > 1.03 for c in changes)
    assert alarms_at_3 > 855 // 4  # the allowance is needed: the jobs' band alone does not hold


def test_the_table_misere_kind_runs_on_deals_caught_against_every_discard():
    """pref bench --kind table-misere: its deals are misères caught double dummy whatever the
    declarer discards (checked here discard by discard), and its report adds the search's own figures."""
    from itertools import combinations

    from preferans import Engine
    from preferans.benchmark import TABLE_KIND, table_misere_deals
    from preferans.cards import cards_of
    from preferans.rules import Position

    engine = Engine()
    for position, game, discard in table_misere_deals(3):
        cards = position.hands[game.declarer] | sum(1 << c for c in discard)
        for aside in combinations(cards_of(cards), 2):
            hands = list(position.hands)
            hands[game.declarer] = cards & ~sum(1 << c for c in aside)
            assert engine.value(Position(tuple(hands)), game, game.declarer) >= 1
    run = CliRunner().invoke(pref, ["bench", "--deals", "3", "--kind", TABLE_KIND, "--no-start"])
    assert run.exit_code == 0, run.output
    assert f"{TABLE_KIND}: p90" in run.output and "holes (escapes at the table)" in run.output


@pytest.mark.heavy
def test_the_old_import_name_serves_an_outside_harness():
    """benchmarks/peer/solver: a harness importing ``solver.*`` gets the installed ``preferans`` modules."""
    import os
    import subprocess
    import sys

    from conftest import ROOT, run_child

    probe = ("import preferans.engine, preferans.benchmark\n"
             "import solver.engine\n"
             "from solver.benchmark import deals, SEED\n"
             "from solver.cards import ascii_name, cards_of\n"
             "from solver.rules import Game, Position\n"
             "from solver.notation import parse_cards\n"
             "assert solver.engine is preferans.engine and deals is preferans.benchmark.deals\n"
             "print(len(deals(3, SEED)))")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "benchmarks" / "peer")}
    result = run_child([sys.executable, "-c", probe], 120, env=env, cwd="/", text=True,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert result.returncode == 0 and result.stdout.strip() == "3", result.stderr
