"""``pref score``: pool records settled, deals scored a JSON line at a time, bad input named."""

import json
from pathlib import Path

from click.testing import CliRunner

from preferans.cli.main import pref

ROOT = Path(__file__).resolve().parents[1]
LINE = {"convention": "sochi", "players": 3, "game": "6S", "declarer": "A",
        "defence": {"B": "whist", "C": "pass"}, "tricks": {"A": 5, "B": 3, "C": 2}}


def run(*args, input=None):
    return CliRunner().invoke(pref, list(args), input=input)


def test_jsonl_answers_repeat_the_line_and_add_the_score():
    result = run("score", "--jsonl", "-", input=json.dumps(LINE) + "\n")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert {k: out[k] for k in LINE} == LINE
    assert out["mountain"] == {"A": 2, "B": 0, "C": 0} and out["pool"] == {"A": 0, "B": 0, "C": 0}
    assert out["whists"] == {"B": {"A": 12}, "C": {"A": 2}}  # down one: 5 + 1 tricks at 2, the passer's consolation
    assert out["balance"] == {"A": "-82/3", "B": "56/3", "C": "26/3"}


def test_jsonl_bad_lines_get_their_error_and_the_rest_are_answered(tmp_path):
    lines = [json.dumps(LINE), "not json", json.dumps({**LINE, "tricks": {"A": 5, "B": 3, "C": 1}}), "",
             json.dumps({"players": 4, "game": "misere", "declarer": "B", "tricks": {"B": 1}}),
             json.dumps({**LINE, "options": {"quota": "pairs"}}), "[1]",
             json.dumps({"convention": "leningrad", "game": "raspasy", "round": 3, "tricks": {"A": 0, "B": 4, "C": 6}})]
    path = tmp_path / "deals.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("score", "--jsonl", str(path))
    assert result.exit_code == 2
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(out) == 7
    assert [o.get("lineno") for o in out] == [None, 2, 3, None, 6, 7, None]
    assert "broken JSON" in out[1]["error"] and "line 3: tricks: the tricks add up to 10, not 9" in out[2]["error"]
    assert "line 6: options.quota: one of each, joint" in out[4]["error"]
    assert out[3]["balance"] == {"A": 25, "B": -75, "C": 25, "D": 25}
    assert out[6]["balance"] == {"A": 280, "B": -80, "C": -200}  # Table 13: the clean player's 280
    assert len(result.stderr.splitlines()) == 4 and all(line.startswith(str(path)) for line in result.stderr.splitlines())


def test_a_record_is_settled_as_a_table_and_as_json():
    record = str(ROOT / "docs" / "pool-sochi.toml")
    text = run("score", record)
    assert text.exit_code == 0, text.output
    assert "Boris" in text.stdout and "+123 1/3" in text.stdout and "Mean mountain after the amnesty: 10 1/3" in text.stdout
    result = run("score", "--json", record)
    out = json.loads(result.stdout)
    assert out["balance"] == {"Anna": "-8/3", "Boris": "370/3", "Vera": "-362/3"}
    assert out["mountain"] == {"Anna": 10, "Boris": 7, "Vera": 17}  # raspasy at 1, then 2 a trick
    assert out["pool"] == {"Anna": 2, "Boris": 10, "Vera": 0} and out["deals"] == 5
    assert out["options"]["quota"] == "each" and out["convention"] == "sochi"


def test_a_bad_record_is_one_line_and_exit_2_and_the_good_ones_are_settled(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('convention = "sochi"\n[[deal]]\ngame = "6S"\ndeclarer = "A"\n'
                   'defence = {B = "whist", C = "pass"}\ntricks = {A = 6, B = 3}\n', encoding="utf-8")
    broken = tmp_path / "broken.toml"
    broken.write_text("convention = \n", encoding="utf-8")
    result = run("score", str(bad), str(broken), str(ROOT / "docs" / "pool-sochi.toml"))
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [f"{bad}: deal 1.tricks.C: missing: the tricks of each playing seat are needed",
                                          result.stderr.splitlines()[1]]
    assert str(broken) in result.stderr.splitlines()[1] and "broken TOML" in result.stderr
    assert "Boris" in result.stdout and "Traceback" not in result.output


E2 = """players = ["С", "З", "В", "Ю"]
options = {rounding = "books"}
%s
[sheet."С"]
mountain = 5
whists = {"З" = 2}
[sheet."З"]
mountain = 10
[sheet."В"]
mountain = 20
whists = {"С" = 10, "З" = 50}
[sheet."Ю"]
mountain = 16
whists = {"С" = 42, "З" = 78}
"""


def test_the_books_rounding_from_a_record(tmp_path):
    """E2: a point off the first mountain, or (chosen by hand) on the last."""
    path = tmp_path / "e2.toml"
    path.write_text(E2 % "", encoding="utf-8")
    result = run("score", "--json", str(path))
    out = json.loads(result.stdout)
    assert out["balance"] == {"С": 29, "З": -103, "В": -13, "Ю": 87} and out["rounding"] == {"seat": "С", "point": -1}
    path.write_text(E2 % 'rounding = {seat = "Ю", point = 1}', encoding="utf-8")
    out = json.loads(run("score", "--json", str(path)).stdout)
    assert out["balance"] == {"С": 28, "З": -102, "В": -12, "Ю": 86}
    text = run("score", str(path)).stdout
    assert "the books' rounding: Ю +1 point" in text


def test_usage_errors():
    assert run("score").exit_code == 2
    assert run("score", "x.toml", "--jsonl", "-").exit_code == 2
    result = run("score", "--help")
    assert result.exit_code == 0 and "pref score --jsonl -" in result.stdout


def test_jsonl_shares_the_stream_doors_of_pref_solve(tmp_path):
    """The same reader as ``pref solve --jsonl``: a byte-order mark, bytes that are not UTF-8,
    a folder or an empty path are each one line of error, never a traceback."""
    line = json.dumps(LINE).encode()
    path = tmp_path / "deals.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + line + b"\n" + b'{"game": "\xff"}\n' + line + b"\n")
    result = run("score", "--jsonl", str(path))
    out = [json.loads(x) for x in result.stdout.splitlines()]
    assert result.exit_code == 2 and len(out) == 3 and "error" in out[1] and out[2]["balance"] == out[0]["balance"]
    for where in (str(tmp_path), ""):
        result = run("score", "--jsonl", where)
        assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1 and "Traceback" not in result.output


def test_the_readme_shows_what_pref_score_prints(monkeypatch):
    monkeypatch.chdir(ROOT)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("$ pref score docs/pool-sochi.toml\n", 1)[1].split("```", 1)[0]
    shown = [line for line in block.splitlines() if line != "…"]
    printed = run("score", "docs/pool-sochi.toml").stdout.splitlines()
    assert printed[:len(shown)] == shown
    line = readme.split("$ echo '", 1)[1].split("'", 1)[0]
    answer = json.loads(run("score", "--jsonl", "-", input=line + "\n").stdout)
    shown = readme.split("| pref score --jsonl -\n{… ", 1)[1].split("\n", 1)[0]
    assert json.loads("{" + shown) == {k: answer[k] for k in ("pool", "mountain", "whists", "balance")}
