"""The problems service: a problem file is parsed once, and solved above the format."""

import json
import sys
from collections import Counter

import pytest
from click.testing import CliRunner

import preferans.analysis.discard
import preferans.notation
import preferans.parse
from preferans.cli.main import pref
from preferans.problemfile import load
from preferans.problems import answer, problem_key, setup, solve_problem, with_best_discard

from conftest import KOVALEVSKAYA_FILE as KOVALEVSKAYA, ROOT


PARSERS = [(preferans.notation, "parse_hand"), (preferans.notation, "parse_card_list"), (preferans.notation, "parse_cards"),
           (preferans.notation, "parse_card"), (preferans.parse, "parse_game"), (preferans.parse, "parse_seat")]


@pytest.fixture
def texts_read(monkeypatch):
    """``Counter((parser, text))``: each text handed to a parser from outside the parsers (one
    parser calling another is one reading), wherever a loaded module holds the parser."""
    counts = Counter()
    inside = [0]

    def counting(name, original):
        def wrapper(*args, **kwargs):
            if not inside[0]:
                counts[name, args[0]] += 1
            inside[0] += 1
            try:
                return original(*args, **kwargs)
            finally:
                inside[0] -= 1
        return wrapper

    for home, name in PARSERS:
        original = getattr(home, name)
        wrapper = counting(name, original)
        for module in list(sys.modules.values()):
            if getattr(module, name, None) is original:
                monkeypatch.setattr(module, name, wrapper)
    return counts


@pytest.fixture
def searches(monkeypatch):
    """How many discards were put aside to be solved (``canonical_form`` is asked once for each)."""
    calls = []
    original = preferans.analysis.discard.canonical_form
    monkeypatch.setattr(preferans.analysis.discard, "canonical_form", lambda *a: calls.append(a) or original(*a))
    return calls


def test_pref_solve_parses_each_hand_and_the_game_once(texts_read):
    result = CliRunner().invoke(pref, ["solve", str(KOVALEVSKAYA)])
    assert result.exit_code == 0, result.output
    assert "caught" in result.output
    read = Counter(name for name, _ in texts_read.elements())
    # three hands, the game, the leader, the talon and the declared key
    assert read == {"parse_hand": 3, "parse_game": 1, "parse_seat": 1, "parse_card_list": 2}, texts_read


TWELVE = ROOT / "problems" / "misere-discard-keep-the-seven.toml"


@pytest.mark.parametrize("args", [
    ["nine-spades-squeeze-on-the-last-trump.toml"],    # a talon taken and a discard
    ["misere-duck-with-the-queen.toml"],               # a trick on the table
    ["raspasy-talon-heart-throw-the-club-jack.toml"],  # raspasy turning the talon
    [TWELVE.name],                                     # a declarer who holds 12 cards
    ["--json", TWELVE.name], ["--only", "value", TWELVE.name]])
def test_pref_solve_reads_each_field_of_a_file_once(texts_read, args):
    *options, name = args
    result = CliRunner().invoke(pref, ["solve", *options, str(ROOT / "problems" / name)])
    assert result.exit_code == 0, result.output
    assert texts_read and max(texts_read.values()) == 1, texts_read


def test_tricks_played_are_read_once(texts_read, tmp_path):
    data = {"deal": {"A": "♠AKQJ10 ♣AKQJ10", "B": "♠987 ♣987 ♦AKQJ", "C": "♦10987 ♥AKQJ109"},
            "game": {"kind": "contract", "contract": "6NT", "declarer": "A", "played": ["AS 7S 7D", "KS 8S 8D"],
                     "trick": "QS"}}
    path = tmp_path / "played.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = CliRunner().invoke(pref, ["solve", str(path)])
    assert result.exit_code == 0 and "Tricks played:" in result.output, result.output
    assert max(texts_read.values()) == 1, texts_read
    assert texts_read["parse_card_list", "AS 7S 7D"] == texts_read["parse_card_list", "QS"] == 1


@pytest.mark.parametrize("command", [["solve"], ["solve", "--json"], ["solve", "--only", "value"], ["check"]])
def test_a_twelve_card_declarers_66_discards_are_searched_once(searches, command):
    result = CliRunner().invoke(pref, [*command, str(TWELVE)])
    assert result.exit_code == 0, result.output
    assert len(searches) == 66
    if command == ["solve"]:
        assert "Key: " in result.output and "the best discard, chosen by the solver" in result.output


def test_the_board_searches_the_discards_once(searches):
    from preferans.cli.board.moves import solve_object
    from preferans.problemfile import to_dict

    out = solve_object(to_dict(load(TWELVE)))
    assert len(searches) == 66 and out["discard_chosen"] and out["discard_key_text"] and out["key_text"]


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
    solved = solve_problem(problem)
    assert solved.result.tricks == 1 and solved.result.line and not solved.chosen and solved.discard_key is None
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
    assert setup(problem, key=report) == (position, discard, chosen)  # the key's first discard is the best
    solved = solve_problem(problem)
    assert (solved.result.position, solved.discard, solved.chosen, solved.discard_key) == (position, discard, True, report)
    assert answer(problem) == answer(after) == answer(problem, key=report) == solve_problem(problem, full=False).result.tricks


@pytest.mark.parametrize("module", ["preferans.parse", "preferans.problemfile", "preferans.problems", "preferans.at_table"])
def test_module_examples_run(module):
    import doctest
    import importlib
    assert doctest.testmod(importlib.import_module(module)).failed == 0
