"""Issue 6, "Trustworthy at every door": every case of the issue through the CLI (and a real process
where only a real process shows it: closed or full stdout, Ctrl-C)."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import pref
from solver import InputError, make_position, parse_game

KOVALEVSKAYA = """\
title = "Kovalevskaya's misère"
[deal]
A = "♠JQ ♣79 ♦10JQK ♥7J"
B = "♠78910 ♣8 ♦789 ♥89"
C = "♠KA ♣10JQ ♦A ♥10QKA"
talon = "KC AC"
[game]
kind = "misere"
declarer = "B"
[expect]
tricks = 1
"""

SMALL = {"deal": {"A": "♠AK", "B": "♠QJ", "C": "♣AK"},
         "game": {"kind": "contract", "contract": "6S", "declarer": "A"}, "expect": {"tricks": 2}}

ROOT = Path(__file__).resolve().parents[1]


def run(*args, input=None):
    return CliRunner().invoke(pref, [str(a) for a in args], input=input)


def write(folder, name: str, text) -> Path:
    path = folder / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def jsonl(*problems) -> str:
    return "".join((p if isinstance(p, str) else json.dumps(p, ensure_ascii=False)) + "\n" for p in problems)


def with_(problem: dict, **changes) -> dict:
    out = json.loads(json.dumps(problem))
    for path, value in changes.items():
        section, key = path.split("__")
        out[section][key] = value
    return out


def assert_clean_error(result, code: int = 2, lines: int = 1):
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    err = result.stderr.strip().splitlines()
    assert len(err) == lines, result.stderr
    return err


def pref_process(*args, **kwargs) -> subprocess.CompletedProcess:
    """The real command in a fresh process, for what click's runner cannot show."""
    kwargs = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **kwargs}
    return subprocess.run([sys.executable, "-c", "from cli.main import main; main()", *map(str, args)],
                          text=True, cwd=ROOT, timeout=300, **kwargs)


# -- wrong or lost answers -------------------------------------------------------------------


@pytest.mark.parametrize("trick", ["♠AK", "S:AK", "AK...", "♠ A K", "♠A♠K"])
def test_a_suit_group_on_the_table_is_refused_not_reordered(trick):
    problem = {"deal": {"A": "♠Q", "B": "♠J", "C": "♣QJ"},
               "game": {"kind": "contract", "contract": "6NT", "declarer": "C", "leader": "A", "trick": trick}}
    result = run("solve", "--jsonl", "-", input=jsonl(problem))
    err = assert_clean_error(result)
    assert err[0].startswith("<stdin>: line 1: game.trick: "), err
    assert "one at a time" in err[0] or trick == "♠A♠K"


def test_cards_on_the_table_keep_their_order():
    game = parse_game("contract", contract="6NT", declarer="C")
    hands = dict(A="♠Q", B="♠J", C="♣QJ")
    first = make_position(**hands, trick="♠A ♠K", game=game)
    second = make_position(**hands, trick=["♠K", "♠A"], game=game)
    assert first.trick == tuple(reversed(second.trick))
    with pytest.raises(InputError) as e:
        make_position(**hands, trick=["♠AK"], game=game)
    assert e.value.field == "game.trick"


def test_solve_json_reports_every_good_file_and_every_bad_one(tmp_path):
    a = write(tmp_path, "a.toml", KOVALEVSKAYA)
    bad = write(tmp_path, "bad.toml", KOVALEVSKAYA.replace("♠KA", "♠KZ"))
    b = write(tmp_path, "b.json", json.dumps(SMALL, ensure_ascii=False))
    result = run("solve", "--json", a, bad, b)
    err = assert_clean_error(result)
    assert err[0].startswith(f"{bad}: deal.C: unknown rank 'Z'")
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert [o["file"] for o in out] == [str(a), str(bad), str(b)]
    assert out[0]["tricks"] == 1 and out[2]["tricks"] == 2 and "error" in out[1]


def test_solve_text_reports_every_good_file_and_every_bad_one(tmp_path):
    a = write(tmp_path, "a.toml", KOVALEVSKAYA)
    bad = write(tmp_path, "bad.toml", "[deal")
    result = run("solve", bad, a)
    assert_clean_error(result)
    assert "Answer: misère by B caught: 1 trick" in result.stdout


def test_check_keeps_checking_a_jsonl_file_after_a_bad_line(tmp_path):
    wrong = with_(SMALL, expect__tricks=1)
    path = write(tmp_path, "many.jsonl", jsonl(SMALL, "{broken", wrong, with_(SMALL, deal__A="♠AZ")))
    result = run("check", path)
    err = assert_clean_error(result, lines=2)
    assert err[0].startswith(f"{path}: line 2: broken JSON")
    assert err[1].startswith(f"{path}: line 4: deal.A: unknown rank")
    assert f"WRONG {path}: line 3: expected 1, solver 2" in result.stdout
    assert result.stdout.splitlines()[-1] == "1 ok, 1 wrong, 2 unreadable"


def test_check_json_marks_each_problem_and_each_bad_line(tmp_path):
    path = write(tmp_path, "many.jsonl", jsonl(SMALL, "[]", with_(SMALL, expect__tricks=1)))
    result = run("check", "--json", path)
    assert result.exit_code == 2
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert out[0] == {"file": str(path), "lineno": 1, "expect": 2, "tricks": 2, "agrees": True}
    assert out[1]["lineno"] == 2 and "JSON object" in out[1]["error"]
    assert out[2]["agrees"] is False
    assert out[3] == {"summary": {"ok": 1, "wrong": 1, "without_expect": 0, "unreadable": 1}}


@pytest.mark.parametrize("expect", [3, {"A": 0, "B": 0, "C": 5}])
def test_expect_beyond_the_tricks_left_is_refused(tmp_path, expect):
    problem = with_(SMALL, expect__tricks=expect)
    if isinstance(expect, dict):
        problem["game"] = {"kind": "raspasy"}
    path = write(tmp_path, "p.jsonl", jsonl(problem))
    result = run("check", path)
    err = assert_clean_error(result)
    assert err[0].startswith(f"{path}: line 1: expect.tricks: tricks must be 0 to 2, the tricks left")


def test_full_stdout_fails_loudly():
    result = pref_process("check", "problems/kovalevskaya-misere.toml",
                          stdout=open("/dev/full", "w"))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [result.stderr.strip()]
    assert result.stderr.startswith("pref: cannot write the results: ")


def test_closed_stdout_fails_loudly():
    script = "import os, sys; os.close(1); sys.stdout = None; from cli.main import main; main()"
    result = subprocess.run([sys.executable, "-c", script, "check", "problems/kovalevskaya-misere.toml"],
                            stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=300)
    assert result.returncode == 2
    assert result.stderr.strip() == "pref: standard output is closed: the results would be lost"
