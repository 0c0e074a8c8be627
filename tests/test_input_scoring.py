"""Bad input to pref score and --score: exact numbers bounded before they are built, a range for every
option, tricks that cannot be, a missing field said missing, names kept short; every good line
of a stream answered whatever the bad ones are."""

import json
import re
import subprocess
import time
from fractions import Fraction

import pytest
from click.testing import CliRunner

from conftest import assert_clean_error, jsonl, pref_command, run_child
from preferans import InputError
from preferans.cli.main import pref


def run(*args, input=None):
    return CliRunner().invoke(pref, [str(a) for a in args], input=input)


LINE = {"game": "6S", "declarer": "A", "defence": {"B": "whist", "C": "pass"}, "tricks": {"A": 6, "B": 3, "C": 1}}
"""A six made, B whisting alone with 3 tricks: every field a case below changes is there."""

RECORD = 'convention = "sochi"\nplayers = 3\n[sheet.A]\npool = {pool}\n'

LONG_NAME = "a" * 300

HAND = ("♠AQxxx ♥AQxxx", "--seat", "A")


def answers(result) -> list[dict]:
    return [json.loads(line) for line in result.stdout.splitlines()]


def _quick(*args, input=None) -> subprocess.CompletedProcess:
    """``pref ARGS`` in a process of its own, given 60 s: a number built without bound (10^100000000)
    runs for minutes, so a hang fails the test instead of holding the suite."""
    return run_child(pref_command(*args), 60, input=input, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _one_line(result, *words) -> str:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1, result.stderr
    for word in words:
        assert word in result.stderr, result.stderr
    return result.stderr.strip()


# -- hangs: an exact number is bounded before it is built ------------------------------------------


def test_a_huge_exact_number_in_a_pool_record_is_refused_at_once(tmp_path):
    path = tmp_path / "pool.toml"
    path.write_text(RECORD.format(pool='"1e100000000"'), encoding="utf-8")
    start = time.perf_counter()
    err = _one_line(_quick("score", path), "sheet.A.pool", "1,000,000,000", "1e100000000")
    assert time.perf_counter() - start < 60, err


def test_a_tiny_exact_number_in_a_deal_lines_options_is_refused_at_once():
    line = {**LINE, "options": {"shortfall_share": "1e-100000000"}}
    result = _quick("score", "--jsonl", "-", input=jsonl(line, LINE))
    _one_line(result, "line 1: options.shortfall_share: a share from 0 to 1")
    out = [json.loads(x) for x in result.stdout.splitlines()]
    assert "error" in out[0] and out[1]["balance"] == {"A": "16/3", "B": "4/3", "C": "-20/3"}


def test_a_tiny_exact_number_in_a_score_option_is_refused_at_once():
    result = _quick("estimate", *HAND, "--game", "6S A", "--layouts", "5", "--score", "sochi",
                    "--score-option", 'shortfall_share="1e-100000000"')
    _one_line(result, "--score-option.shortfall_share: a share from 0 to 1")
    assert result.stdout == ""


# -- lost lines: every good line of a stream is answered, whatever the bad ones are ----------------


def test_a_line_that_crashed_the_writer_no_longer_loses_the_lines_after_it():
    crash = {"convention": "classic", "game": "misere", "declarer": "A", "tricks": {"A": 3}, "bombs": 20000}
    result = run("score", "--jsonl", "-", input=jsonl(crash, LINE, LINE))
    err = assert_clean_error(result)
    assert err[0] == "<stdin>: line 1: bombs: a whole number from 0 to 10, not 20000"
    out = answers(result)
    assert out[0]["lineno"] == 1 and out[1]["balance"] == out[2]["balance"] == {"A": "16/3", "B": "4/3", "C": "-20/3"}
    ten = run("score", "--jsonl", "-", input=jsonl({**crash, "bombs": 10}))
    assert ten.exit_code == 0 and answers(ten)[0]["mountain"]["A"] == 3 * 10 * 2**10


def test_a_bug_answering_one_line_costs_only_that_line(monkeypatch):
    """Whatever fails while a line is answered or written (here an answer that cannot be turned
    into text), the line gets its error object and the stream goes on: no traceback, no line lost."""
    from preferans.cli.commands import score

    real = score._deal_answer

    def answer(item, outcome):
        out = real(item, outcome)
        if item.data.get("declarer") == "B":
            out["balance"] = {"B": 10**5000}  # past Python's 4,300-digit limit for printing an int
        return out

    monkeypatch.setattr(score, "_deal_answer", answer)
    result = run("score", "--jsonl", "-", input=jsonl(LINE, {**LINE, "declarer": "B", "defence": {"C": "whist",
                                                       "A": "pass"}, "tricks": {"A": 1, "B": 6, "C": 3}}, LINE))
    err = assert_clean_error(result)
    assert re.fullmatch(r"<stdin>: line 2: could not be answered: ValueError: .* \(a bug in pref: please report it\)",
                        err[0]), err
    out = answers(result)
    assert [o.get("lineno") for o in out] == [None, 2, None] and out[0] == out[2]


@pytest.mark.parametrize("command", ["score", "solve"])
def test_a_line_over_a_megabyte_gets_its_error_and_the_stream_goes_on(command, tmp_path):
    from conftest import KOVALEVSKAYA

    good = LINE if command == "score" else KOVALEVSKAYA
    long = json.dumps({**good, "title": "x" * (3 << 20)})  # 3 MB: read past a megabyte at a time
    path = tmp_path / "lines.jsonl"
    path.write_text(jsonl(good, long, good, "x" * (1 << 20), good), encoding="utf-8")
    for source, stdin in ((path, None), ("-", path.read_text(encoding="utf-8"))):
        result = run(command, "--jsonl", source, input=stdin)
        err = assert_clean_error(result, lines=2)
        name = "<stdin>" if stdin else str(path)
        assert err == [f"{name}: line {n}: more than 1 MB on one line, where a line holds a few KB; "
                       f"is this the right file?" for n in (2, 4)]
        out = [{k: v for k, v in o.items() if k not in ("lineno", "nodes")} for o in answers(result)]
        assert ["error" in o for o in out] == [False, True, False, True, False]
        assert out[0] == out[2] == out[4]


def test_pref_score_stream_messages_speak_of_deals(tmp_path):
    empty = tmp_path / "deals.jsonl"
    empty.write_text("\n\n", encoding="utf-8")
    err = assert_clean_error(run("score", "--jsonl", empty))
    assert err[0] == f"{empty}: file: holds no deal (the file is empty, or blank lines only)"
    assert run("score", "--jsonl", "-", input="").exit_code == 0  # an empty pipe: an empty answer
    for text in (jsonl(LINE).encode("utf-16"), "x" * (1 << 20) + "\n"):
        assert "problem" not in assert_clean_error(run("score", "--jsonl", "-", input=text))[0]
    folder = assert_clean_error(run("score", tmp_path))[0]
    assert folder == f"{tmp_path}: file: is a folder, not a file"


# -- tracebacks: results stay printable, options have ranges ---------------------------------------


@pytest.mark.parametrize("line, field", [
    ({**LINE, "defence": {"B": "whist", "C": "whist"}, "tricks": {"A": 6, "B": 0, "C": 4},
      "options": {"shortfall_share": "1e-4400"}}, "options.shortfall_share"),   # a short whister: the share is used
    ({**LINE, "convention": "classic", "bombs": 20000}, "bombs"),
    ({**LINE, "options": {"misere_trick": 10**20}}, "options.misere_trick"),
    ({**LINE, "round": 10**4000}, "round"),
])
def test_numbers_past_what_can_be_printed_are_refused_in_a_deal_line(line, field):
    err = assert_clean_error(run("score", "--jsonl", "-", input=jsonl(line)))
    assert err[0].startswith(f"<stdin>: line 1: {field}: ") and len(err[0]) < 200, err


@pytest.mark.parametrize("pool", ['"1e5000"', "1" + "0" * 4299, "1" + "0" * 4499, '"1e-4400"', '"0.0000001"',
                                  '"1/0"', '"inf"', "1e400", '"1_000"'])
def test_numbers_past_what_can_be_printed_are_refused_in_a_record(pool, tmp_path):
    path = tmp_path / "pool.toml"
    path.write_text(RECORD.format(pool=pool), encoding="utf-8")
    for args in ((path,), ("--json", path)):
        err = assert_clean_error(run("score", *args))
        assert err[0].startswith(f"{path}: ") and len(err[0]) < 250, err


def test_the_largest_inputs_give_printable_results(tmp_path):
    """Every bound at its largest at once, over many deals: the answer is written, exactly."""
    deal = ('[[deal]]\ngame = "misere"\ndeclarer = "B"\ntricks = {B = 10}\nbombs = 10\n'
            '[[deal]]\ngame = "raspasy"\ntricks = {A = 10, B = 0, C = 0}\nbombs = 10\n')
    record = ('convention = "classic"\nplayers = 3\ntarget = 10000\n'
              '[options]\nscale = 10\nmisere_trick = 1000\nraspasy_prices = [1000]\nshortfall_share = "999999/1000000"\n'
              '[sheet.A]\npool = -1000000000\nmountain = "999999999.999999"\nwhists = {B = "-1/999999"}\n'
              + deal * 500)
    path = tmp_path / "pool.toml"
    path.write_text(record, encoding="utf-8")
    result = run("score", "--json", path)
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert sum(Fraction(v) for v in out["balance"].values()) == 0
    assert out["mountain"]["B"] == 500 * 10 * 1000 * 2**10  # each caught misère: 10 tricks at 1000, ×1024


@pytest.mark.parametrize("option, value, bounds", [
    ("misere_trick", "100000000000000000000", "a whole number from 0 to 1,000"),
    ("misere_trick", "10000000", "a whole number from 0 to 1,000"),
    ("scale", "0", "a whole number from 1 to 10"),
    ("scale", "11", "a whole number from 1 to 10"),
    ("raspasy_prices", "[1, 2, 1001]", "a whole number from 0 to 1,000"),
    ("raspasy_prices", json.dumps([1] * 21), "a list of 1 to 20 whole numbers from 0 to 1,000"),
    ("raspasy_exit", "[6, 11]", "a game level from 6 to 10"),
    ("raspasy_clean_writeoff", "11", "a whole number from 0 to 10"),
    ("concession_down", "-1", "a whole number from 0 to 10"),
    ("shortfall_share", "1.5", "a share from 0 to 1"),
    ("shortfall_share_closed", '"-1/2"', "a share from 0 to 1"),
])
def test_every_scoring_option_has_a_range_named_in_its_error(option, value, bounds):
    estimate = run("estimate", *HAND, "--game", "misere A", "--layouts", "5", "--score", "sochi",
                   "--score-option", f"{option}={value}")
    err = assert_clean_error(estimate)
    assert err[0].startswith(f"--score-option.{option}: {bounds}"), err
    line = run("score", "--jsonl", "-", input=jsonl({**LINE, "options": {option: json.loads(value)}}))
    err = assert_clean_error(line)
    assert err[0].startswith(f"<stdin>: line 1: options.{option}: {bounds}"), err


def test_the_python_api_refuses_the_options_the_cli_refuses():
    from preferans.analysis.estimate.score import Scoring
    from preferans.scoring import ScoringOptions, options_for

    with pytest.raises(InputError, match="options.misere_trick: a whole number from 0 to 1,000"):
        Scoring("sochi", ScoringOptions(misere_trick=10**20))
    with pytest.raises(InputError, match="options.shortfall_share: a share from 0 to 1"):
        ScoringOptions(shortfall_share=Fraction(1, 10**4400))
    assert options_for("sochi", {"misere_trick": 1000, "scale": 10}).misere_price == 1000


def test_an_estimate_with_the_largest_options_runs():
    result = run("estimate", *HAND, "--game", "misere A", "--layouts", "20", "--score", "sochi", "--json",
                 "--score-option", "misere_trick=1000", "--score-option", "scale=10")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["layouts"] == 20


def test_a_long_name_in_pref_score_is_one_short_line():
    line = {**LINE, "players": [LONG_NAME, "B", "C"], "declarer": "B", "defence": {"C": "whist", LONG_NAME: "pass"}}
    err = assert_clean_error(run("score", "--jsonl", "-", input=jsonl(line)))
    assert err[0].startswith("<stdin>: line 1: players: a player's name is at most 40 characters, not 'aaa") \
        and len(err[0]) < 150, err
    err = assert_clean_error(run("score", "--jsonl", "-", input=jsonl({**LINE, LONG_NAME: 1})))
    assert err[0].startswith("<stdin>: line 1: aaaa") and "…aaaaa: unknown key" in err[0] and len(err[0]) < 250, err
    forty = "ж" * 40
    line = {**LINE, "players": [forty, "B", "C"], "declarer": "B", "defence": {"C": "whist", forty: "pass"},
            "tricks": {forty: 1, "B": 6, "C": 3}}
    assert answers(run("score", "--jsonl", "-", input=jsonl(line)))[0]["balance"][forty] == "-20/3"  # the passer


# -- tricks that cannot be, fields missing ---------------------------------------------------------


@pytest.mark.parametrize("line, message", [
    ({**LINE, "defence": {"B": "pass", "C": "pass"}, "tricks": {"A": 6, "B": 2, "C": 1}},
     "tricks: the tricks add up to 10, not 9"),
    ({"game": "misere", "declarer": "A", "tricks": {"A": 7, "B": 7, "C": 7}}, "tricks: the tricks add up to 10, not 21"),
    ({"game": "raspasy", "players": 4, "tricks": {"A": 3, "B": 3, "C": 1, "D": 3}},
     "tricks.D: the dealer takes at most the talon's 2 tricks, not 3"),
    ({"game": "6S", "declarer": "A", "conceded": True, "tricks": {"A": 8, "B": 1, "C": 1}},
     "tricks: a conceded game is not played: give no tricks"),
    ({"game": "misere", "declarer": "A", "players": 4, "tricks": {"A": 1, "D": 0}},
     "tricks.D: not a seat that takes tricks here (A, B, C)"),
])
def test_tricks_that_cannot_be_are_refused(line, message):
    err = assert_clean_error(run("score", "--jsonl", "-", input=jsonl(line)))
    assert err[0].startswith(f"<stdin>: line 1: {message}"), err


def test_tricks_that_can_be_are_still_scored():
    for line in ({**LINE, "defence": {"B": "pass", "C": "pass"}, "tricks": {"A": 6, "B": 3, "C": 1}},
                 {**LINE, "defence": {"B": "pass", "C": "pass"}, "tricks": {"A": 6}},
                 {"game": "misere", "declarer": "A", "tricks": {"A": 2, "B": 7, "C": 1}},
                 {"game": "raspasy", "players": 4, "tricks": {"A": 3, "B": 3, "C": 2, "D": 2}},
                 {"game": "6S", "declarer": "A", "conceded": True}):
        result = run("score", "--jsonl", "-", input=jsonl(line))
        assert result.exit_code == 0, result.output


def test_a_missing_field_is_said_missing_not_none():
    line = {**LINE, "players": 5}
    err = assert_clean_error(run("score", "--jsonl", "-", input=jsonl(line)))
    assert err[0] == "<stdin>: line 1: dealer: missing: at 5 the dealer is one of A, B, C, D, E"
    err = assert_clean_error(run("score", "--jsonl", "-", input=jsonl({**line, "dealer": "E"})))
    assert err[0].startswith("<stdin>: line 1: out: missing: ") and "None" not in err[0]
    err = assert_clean_error(run("score", "--jsonl", "-", input=jsonl({**LINE, "options": {"scale": None}})))
    assert err[0] == "<stdin>: line 1: options.scale: missing: a whole number from 1 to 10"
