"""The problems service: a problem file is parsed once, and solved above the format."""

import sys
import pytest
from click.testing import CliRunner

import solver.api
import solver.notation
from cli.main import pref
from solver.problemfile import load
from solver.problems import answer, problem_key, setup, solve_problem, with_best_discard

from conftest import KOVALEVSKAYA_FILE as KOVALEVSKAYA


@pytest.fixture
def parse_calls(monkeypatch):
    """Counts of calls to ``parse_hand`` and ``parse_game``, wherever a loaded module holds them."""
    counts = {"parse_hand": 0, "parse_game": 0}
    originals = {"parse_hand": solver.notation.parse_hand, "parse_game": solver.api.parse_game}

    def counting(name):
        original = originals[name]

        def wrapper(*args, **kwargs):
            counts[name] += 1
            return original(*args, **kwargs)
        return wrapper

    for name, original in originals.items():
        wrapper = counting(name)
        for module in list(sys.modules.values()):
            if getattr(module, name, None) is original:
                monkeypatch.setattr(module, name, wrapper)
    return counts


def test_pref_solve_parses_each_hand_and_the_game_once(parse_calls):
    result = CliRunner().invoke(pref, ["solve", str(KOVALEVSKAYA)])
    assert result.exit_code == 0, result.output
    assert "caught" in result.output
    assert parse_calls == {"parse_hand": 3, "parse_game": 1}


def test_a_loaded_problem_hands_back_the_same_parsed_objects():
    problem = load(KOVALEVSKAYA)
    assert problem.game() is problem.game()
    assert problem.position() is problem.position()
    assert problem.hands() is problem.hands()


def test_the_service_answers_as_the_file_states():
    problem = load(KOVALEVSKAYA)
    position, discard, chosen = setup(problem)
    assert (position, discard, chosen) == (problem.position(), (), False)
    assert answer(problem) == problem.expect == 1
    result, _, _ = solve_problem(problem)
    assert result.tricks == 1 and result.line
    assert set(problem_key(problem).working) == problem.declared_key()  # the four diamonds
    assert with_best_discard(problem) == (problem, None)


def test_a_twelve_card_declarer_is_solved_after_his_best_discard(tmp_path):
    path = tmp_path / "twelve.toml"
    path.write_text('[deal]\nA = "♠AKQJ ♣AKQJ ♦AK ♥AK"\nB = "♠10987 ♣109 ♦QJ10 ♥Q"\n'
                    'C = "♣87 ♦987 ♥J10987"\n[game]\nkind = "contract"\ncontract = "10NT"\ndeclarer = "A"\n',
                    encoding="utf-8")
    problem = load(path)
    assert problem.needs_discard
    position, discard, chosen = setup(problem)
    assert chosen and len(discard) == 2 and position.tricks_left == 10
    after, report = with_best_discard(problem)
    assert report.discard and not after.needs_discard and after.discard_cards() == report.working[0]
    assert answer(problem) == answer(after) == solve_problem(problem, full=False)[0].tricks


@pytest.mark.parametrize("module", ["solver.problemfile", "solver.problems"])
def test_module_examples_run(module):
    import doctest
    import importlib
    assert doctest.testmod(importlib.import_module(module)).failed == 0
