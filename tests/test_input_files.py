"""Bad input in files and streams, through pref: bytes that are not UTF-8, UTF-16, a byte-order mark,
named pipes, process substitution and /dev/stdin read once, the size read capped, empty files and
folders, a bad line of JSON Lines costing only itself, control characters in a text field; and
what is written reads back the same."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import KOVALEVSKAYA_FILE, ROOT, SMALL, assert_clean_error, jsonl, run_child, with_, write
from preferans import InputError
from preferans.cli.main import pref
from preferans.problemfile import dump, dumps, load, loads


def run(*args, input=None):
    return CliRunner().invoke(pref, [str(a) for a in args], input=input)


PROBLEM_FILES = sorted((ROOT / "problems").glob("*.toml"))


def _fifo(tmp_path, text: str, name: str = "problem") -> Path:
    """A named pipe that a thread fills with ``text`` once a reader opens it."""
    import os
    import threading

    if not hasattr(os, "mkfifo"):
        pytest.skip("this OS has no named pipes")
    path = tmp_path / name
    os.mkfifo(path)

    def feed():
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)

    threading.Thread(target=feed, daemon=True).start()
    return path


# -- bytes and encodings: UTF-8 only, a byte-order mark dropped, UTF-16 named ----------------------


def test_a_stray_byte_costs_only_its_line(tmp_path):
    path = write(tmp_path, "p.jsonl", jsonl(SMALL).encode() + b'{"deal": "\xff"}\n' + jsonl(SMALL).encode())
    for args in (("check", path), ("solve", "--jsonl", path)):
        result = run(*args)
        err = assert_clean_error(result)
        assert err[0].startswith(f"{path}: line 2: not UTF-8 text"), err
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert [o.get("tricks") for o in out] == [2, None, 2]


def test_utf16_is_named(tmp_path, kovalevskaya_toml):
    text = jsonl(SMALL)
    for name, data in (("p.jsonl", text.encode("utf-16")), ("p.toml", kovalevskaya_toml.encode("utf-16"))):
        path = write(tmp_path, name, data)
        err = assert_clean_error(run("check", path))
        assert err[0] == f"{path}: file: UTF-16 text, not UTF-8 (save the file as UTF-8)"
    err = assert_clean_error(run("solve", "--jsonl", "-", input=text.encode("utf-16")))
    assert "UTF-16" in err[0]


def test_a_byte_order_mark_is_accepted(tmp_path, kovalevskaya_toml):
    toml = write(tmp_path, "k.toml", "\ufeff" + kovalevskaya_toml)
    lines = write(tmp_path, "p.jsonl", "\ufeff" + jsonl(SMALL, SMALL))
    result = run("check", toml, lines)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "3 ok, 0 wrong"
    assert json.loads(run("solve", "--jsonl", "-", input="\ufeff" + jsonl(SMALL)).stdout)["tricks"] == 2


def test_loads_reads_bytes_as_a_file_is_read():
    from preferans.problemfile import ProblemError, loads

    text = KOVALEVSKAYA_FILE.read_text(encoding="utf-8")
    assert loads(text.encode("utf-8")).title == loads(text).title
    with pytest.raises(ProblemError, match="not UTF-8"):
        loads(b"title = '\xff'")


@pytest.mark.parametrize("text, field", [(None, "text"), (42, "text")])
def test_loads_names_its_argument(text, field):
    from preferans.problemfile import loads

    with pytest.raises(InputError) as e:
        loads(text)
    assert e.value.field == field


# -- any kind of file, read once and bounded -------------------------------------------------------


@pytest.mark.parametrize("command", ["solve", "check", "table"])
def test_a_named_pipe_is_read_once(tmp_path, command):
    path = _fifo(tmp_path, KOVALEVSKAYA_FILE.read_text(encoding="utf-8"))
    result = run(command, path)
    assert result.exit_code == 0, result.output
    assert "Kovalevskaya" in result.output


def test_json_through_a_pipe_is_read_as_json(tmp_path):
    problem = {**SMALL, "expect": {"tricks": 2}}
    path = _fifo(tmp_path, jsonl(problem, problem))
    result = run("solve", "--json", path)
    assert result.exit_code == 0, result.output
    assert [json.loads(line)["agrees"] for line in result.stdout.splitlines()] == [True, True]


@pytest.mark.heavy
def test_process_substitution_and_dev_stdin_are_files():
    import shutil

    if shutil.which("bash") is None or not Path("/dev/stdin").exists():
        pytest.skip("no bash or no /dev/stdin here")
    pref = f"{sys.executable} -m preferans.cli.main"
    script = (f"{pref} solve --json <(cat {KOVALEVSKAYA_FILE}) && {pref} check <(cat {KOVALEVSKAYA_FILE}) && "
              f"{pref} table --json <(cat {KOVALEVSKAYA_FILE}) && cat {KOVALEVSKAYA_FILE} | {pref} solve --json /dev/stdin")
    result = run_child(["bash", "-c", script], 600, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert json.loads(lines[0])["agrees"] is True and lines[1].startswith("ok ")
    assert json.loads(lines[3])["contracts"] and json.loads(lines[-1])["tricks"] == 1


def test_what_is_read_of_one_problem_file_is_capped(tmp_path):
    if Path("/dev/zero").exists():
        err = assert_clean_error(run("solve", "/dev/zero"))
        assert err[0] == "/dev/zero: file: more than 1 MB, where an input file holds a few KB; is this the right file?"
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * (1 << 20) + "\n", encoding="utf-8")
    assert "more than 1 MB" in assert_clean_error(run("check", big))[0]
    err = assert_clean_error(run("solve", "--jsonl", "-", input="x" * (1 << 20) + "y\n" + jsonl(SMALL)))
    assert "line 1: more than 1 MB on one line" in err[0]


def test_unreadable_stream(tmp_path):
    err = assert_clean_error(run("solve", "--jsonl", tmp_path))
    assert err[0].startswith(f"{tmp_path}: file: cannot read it")


@pytest.mark.parametrize("args", [("solve", ""), ("check", ""), ("table", ""), ("discard", ""),
                                  ("solve", "--jsonl", "")])
def test_an_empty_path(args):
    err = assert_clean_error(run(*args))
    assert err[0].startswith("'': file: an empty path names no file"), err


def test_table_takes_any_file_and_refuses_a_folder():
    err = assert_clean_error(run("table", "problems/"))
    assert err[0] == "problems/: file: is a folder, not a file"


def test_check_on_a_folder_without_problems(tmp_path):
    write(tmp_path, "notes.txt", "nothing here")
    err = assert_clean_error(run("check", tmp_path))
    assert err[0] == f"{tmp_path}: file: the folder holds no problem files (*.toml, *.jsonl)"


@pytest.mark.parametrize("name, text", [("empty.jsonl", ""), ("blank.jsonl", "\n  \n"), ("empty.toml", "")])
@pytest.mark.parametrize("command", ["solve", "check"])
def test_a_file_without_a_problem_is_said_and_exits_2(tmp_path, command, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    err = assert_clean_error(run(command, path))
    assert err[0] == f"{path}: file: holds no problem (the file is empty, or blank lines only)"
    if name.endswith(".jsonl"):
        assert assert_clean_error(run("solve", "--jsonl", path))[0] == err[0]
    assert run("solve", "--jsonl", "-", input=text).exit_code == 0  # an empty pipe: an empty answer


# -- a bad file or line costs only itself ----------------------------------------------------------


def test_solve_json_reports_every_good_file_and_every_bad_one(tmp_path, kovalevskaya_toml):
    a = write(tmp_path, "a.toml", kovalevskaya_toml)
    bad = write(tmp_path, "bad.toml", kovalevskaya_toml.replace("♠KA", "♠KZ"))
    b = write(tmp_path, "b.json", json.dumps(SMALL, ensure_ascii=False))
    result = run("solve", "--json", a, bad, b)
    err = assert_clean_error(result)
    assert err[0].startswith(f"{bad}: deal.C: unknown rank 'Z'")
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert [o["file"] for o in out] == [str(a), str(bad), str(b)]
    assert out[0]["tricks"] == 1 and out[2]["tricks"] == 2 and "error" in out[1]


def test_solve_text_reports_every_good_file_and_every_bad_one(tmp_path, kovalevskaya_toml):
    a = write(tmp_path, "a.toml", kovalevskaya_toml)
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
    key = out[0].pop("key")
    assert out[0] == {"file": str(path), "lineno": 1, "expect": 2, "tricks": 2, "agrees": True}
    assert key["declared"] is None and key["problem"] is None
    assert out[1]["lineno"] == 2 and "JSON object" in out[1]["error"]
    assert out[2]["agrees"] is False
    assert out[3] == {"summary": {"ok": 1, "wrong": 1, "without_expect": 0, "unreadable": 1, "skipped": 0}}


def test_an_error_quotes_a_short_excerpt_of_a_long_field(tmp_path):
    long = "♠A" + "Z" * 5000
    for problem in (with_(SMALL, deal__A=long), with_(SMALL, game__contract="6" * 5000),
                    with_(SMALL, game__leader="Q" * 5000), {**SMALL, "x" * 5000: 1}):
        err = assert_clean_error(run("solve", "--jsonl", "-", input=jsonl(problem)))
        assert len(err[0]) < 200, err[0]


# -- text fields -----------------------------------------------------------------------------------


# -- an unknown key: one checker for every format, with the key it most likely meant -----------------


@pytest.mark.parametrize("command, name, text, said", [
    ("solve", "p.toml", '[deal]\nA = "♠A"\nB = "♠K"\nC = "♠Q"\ntallon = "7S 8S"\n',
     "p.toml: deal.tallon: unknown key; did you mean 'talon'?"),
    ("estimate", "q.toml", '[estimate]\nhand = "♠AQxxx ♥AQxxx"\nseats = "A"\n',
     "q.toml: estimate.seats: unknown key; did you mean 'seat'?"),
    ("score", "pool.toml", 'convention = "sochi"\ntraget = 10\n',
     "pool.toml: traget: unknown key; did you mean 'target'?"),
    ("score", "pool.toml", 'convention = "sochi"\n[sheet.A]\nmountian = 4\n',
     "pool.toml: sheet.A.mountian: unknown key; did you mean 'mountain'?"),
    ("score", "pool.toml", 'convention = "sochi"\n[options]\nqouta = "joint"\n',
     "pool.toml: options.qouta: unknown option; did you mean 'quota'?"),
    ("score", "pool.toml", 'convention = "sochi"\nzzz = 1\n',
     "pool.toml: zzz: unknown key (known: convention, deal, dealer, first_to_close, options, players, rounding, "
     "sheet, target)"),
])
def test_an_unknown_key_is_named_alike_in_every_format(tmp_path, command, name, text, said):
    err = assert_clean_error(run(command, write(tmp_path, name, text)))
    assert err[0] == f"{tmp_path / said}", err


def test_an_unknown_key_of_a_deal_line_is_named_alike(tmp_path):
    line = json.dumps({"game": "6S", "declarer": "A", "defense": {"B": "whist"}})
    err = assert_clean_error(run("score", "--jsonl", "-", input=line + "\n"))
    assert err[0] == "<stdin>: line 1: defense: unknown key; did you mean 'defence'?", err


@pytest.mark.parametrize("char, name", [("\r", "CARRIAGE RETURN"), ("\a", "BELL"),
                                        ("\u009b", "CONTROL SEQUENCE INTRODUCER"),
                                        ("\u202e", "RIGHT-TO-LEFT OVERRIDE"), ("\x1b", "ESCAPE")])
def test_a_control_character_in_a_title_is_refused_not_sent_to_the_terminal(char, name):
    problem = {**SMALL, "title": f"Six{char}spades"}
    result = run("solve", "--jsonl", "-", input=jsonl(problem))
    err = assert_clean_error(result)
    assert f"title: control character U+{ord(char):04X} ({name}) at position 4" in err[0]
    assert char not in result.output


def test_notes_keep_their_lines_and_tabs_and_windows_line_ends():
    from preferans.problemfile import loads_toml

    text = 'notes = """\r\nOne line.\r\n\tAnother."""\n[deal]\nA = "♠A"\nB = "♠K"\nC = "♠Q"\n'
    assert loads_toml(text, "n.toml").notes == "One line.\n\tAnother."


def test_a_key_given_as_a_json_list_of_cards_is_read_as_the_cards(tmp_path):
    from preferans.problemfile import loads_json

    assert loads_json(json.dumps({**SMALL, "expect": {"tricks": 2, "key": ["AS", "KS"]}})).key == "AS KS"
    problem = {**SMALL, "expect": {"tricks": 2, "key": ["AS", "KS"]}}
    result = run("solve", "--jsonl", "-", input=jsonl(problem))
    assert result.exit_code == 0, result.output
    assert "commas" not in result.output


# -- what is written reads back the same -----------------------------------------------------------


@pytest.mark.parametrize("path", PROBLEM_FILES, ids=[p.stem for p in PROBLEM_FILES])
def test_every_problem_file_round_trips(path, tmp_path):
    problem = load(path)
    assert loads(dumps(problem), str(path)) == problem
    assert loads(dumps(problem, "json"), str(path) + ".json").__dict__ | {"path": str(path)} == problem.__dict__
    dump(problem, tmp_path / "copy.toml")
    assert load(tmp_path / "copy.toml").__dict__ | {"path": str(path)} == problem.__dict__
