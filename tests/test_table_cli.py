"""The answer at the table in problem files, pref solve, pref check and their errors."""

import copy
import json

import pytest
from click.testing import CliRunner

from conftest import ROOT, assert_clean_error, toml_text
from preferans.cli.main import pref
from preferans.problemfile import ProblemError, dumps, loads_json, loads_toml
from preferans.problems import solve_table, table_question

EIGHT_DIAMONDS = ROOT / "problems" / "eight-diamonds-three-spade-ruffs.toml"
COMPOSED = ROOT / "problems" / "misere-at-the-table-spade-or-club.toml"


def test_the_fields_are_read_and_written_back(kovalevskaya):
    kovalevskaya["game"]["table_discards"] = ["KC AC", "KC 9H"]
    kovalevskaya["expect"]["table"] = False
    problem = loads_toml(toml_text(kovalevskaya), "k.toml")
    assert problem.table_discards == ("KC AC", "KC 9H") and problem.expect_table is False
    again = loads_toml(dumps(problem), "k.toml")
    assert (again.table_discards, again.expect_table) == (problem.table_discards, False)
    assert loads_json(dumps(problem, "json"), "k.json").expect_table is False
    question, answer = solve_table(problem)
    assert question.source == "talon" and len(answer.worlds) == 2 and answer.caught is False
    assert problem.agrees_table(answer) is True


@pytest.mark.parametrize("change,field,words", [
    (lambda p: p["game"].update(whist="open"), "game.whist", "belongs to a contract"),
    (lambda p: p["expect"].update(table=1), "expect.table", "true (caught at the table) or false"),
    (lambda p: p["expect"].update(table="yes"), "expect.table", "true or false"),
    (lambda p: p["game"].update(table_discards="some"), "game.table_discards", "all, best or a list"),
    (lambda p: p["game"].update(table_discards=["KC"]), "game.table_discards[0]", "a discard is 2 cards"),
    (lambda p: p["game"].update(kind="raspasy", declarer=None) or p["game"].pop("declarer")
     or p["expect"].update(tricks={"A": 1, "B": 1, "C": 1}, table=True), "expect.table", "belongs to a misère"),
])
def test_bad_table_fields_are_one_line(kovalevskaya, change, field, words):
    change(kovalevskaya)
    with pytest.raises(ProblemError) as e:
        loads_toml(toml_text(kovalevskaya), "k.toml")
    assert e.value.field == field and words in e.value.message, e.value


def test_a_contract_needs_open_whist_for_its_table_fields(kovalevskaya):
    data = {"deal": {"A": "♠AK ♣7", "B": "♠QJ ♣8", "C": "♣AK ♥7"},
            "game": {"kind": "contract", "contract": "6S", "declarer": "A"}, "expect": {"tricks": 2, "table": 2}}
    with pytest.raises(ProblemError) as e:
        loads_json(json.dumps(data), "c.json")
    assert e.value.field == "expect.table"
    data["game"]["whist"] = "open"
    problem = loads_json(json.dumps(data), "c.json")
    assert problem.open_whist and problem.asks_table()
    question, answer = solve_table(problem)
    assert question.source == "none" and answer.tricks == 2 and problem.agrees_table(answer)


def test_pref_solve_json_carries_the_table():
    run = CliRunner().invoke(pref, ["solve", "--json", str(COMPOSED)])
    assert run.exit_code == 0, run.output
    table = json.loads(run.output)["table"]
    assert table["caught"] is False and table["worlds"] == 21 and table["agrees"] is True
    assert sorted(map(sorted, table["uncovered"])) == [["8C", "9S"], ["8C", "JC"]]
    assert table["source"] == "discard" and table["dd_caught"] == 21 and table["key"] == []


def test_pref_solve_text_in_both_languages():
    en = CliRunner().invoke(pref, ["solve", str(COMPOSED)]).output
    assert ("At the table: escapes — double dummy he is caught in each of the 21 discards he may have made, but no "
            "single plan catches both ♠9 ♣8 and ♣J ♣8 out") in en
    assert "Published answer at the table: escapes — agrees" in en
    ru = CliRunner().invoke(pref, ["solve", "--lang", "ru", str(COMPOSED)]).output
    assert "За столом: не ловится — при открытых картах он ловится при каждом из 21 возможных сносов" in ru
    assert "♣В ♣8" in ru


def test_open_whist_and_best_discards_on_the_command_line():
    whist = CliRunner().invoke(pref, ["solve", "--only", "value", "--open-whist", "--json", str(EIGHT_DIAMONDS)])
    table = json.loads(whist.output)["table"]
    assert table["tricks"] > table["dd_tricks"] and len(table["uncovered"]) >= 2
    plain = CliRunner().invoke(pref, ["solve", "--only", "value", "--json", str(EIGHT_DIAMONDS)])
    assert "table" not in json.loads(plain.output)
    best = CliRunner().invoke(pref, ["solve", "--only", "value", "--json", "--table-discards", "best",
                                     str(ROOT / "problems" / "kovalevskaya-misere.toml")])
    table = json.loads(best.output)["table"]
    assert table["discards"] == "best" and table["worlds"] < 66 and table["caught"] is True
    assert "agrees" not in table and best.exit_code == 0  # the file's answer is for every discard


def test_pref_check_fails_a_wrong_table_answer(tmp_path):
    text = COMPOSED.read_text(encoding="utf-8").replace("table = false", "table = true")
    path = tmp_path / "wrong.toml"
    path.write_text(text, encoding="utf-8")
    run = CliRunner().invoke(pref, ["check", str(path)])
    assert run.exit_code == 1 and "at the table expected caught, solver escapes" in run.output
    good = CliRunner().invoke(pref, ["check", "--json", str(COMPOSED)])
    line = json.loads(good.output.splitlines()[0])
    assert line["table"] == {"expect": False, "got": False, "agrees": True}


def test_a_contract_without_talon_or_discard_has_no_table_answer(tmp_path):
    deal = {"deal": {"A": "♠AKQJ10 ♣AKQJ10", "B": "♠987 ♣987 ♦AKQJ", "C": "♦10987 ♥AKQJ109"},
            "game": {"kind": "contract", "contract": "6NT", "declarer": "A", "whist": "open"}}
    path = tmp_path / "c.json"
    path.write_text(json.dumps(deal, ensure_ascii=False), encoding="utf-8")
    run = CliRunner().invoke(pref, ["solve", str(path)])
    assert_clean_error(run)
    assert "game.whist" in run.stderr and "no answer at the table" in run.stderr


def test_a_misere_without_the_talon_covers_its_caught_worlds():
    problem = __import__("preferans.problemfile", fromlist=["load"]).load(
        ROOT / "problems" / "misere-lead-the-diamond-eight.toml")
    question = table_question(problem)
    assert question.source == "deal" and question.worlds == "caught" and len(question.unseen) == 2
    _, answer = solve_table(problem)
    assert answer.considered == "caught" and all(answer.dd)
