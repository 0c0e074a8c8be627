"""Issue 6, "Trustworthy at every door": every case of the issue through the CLI (and a real process
where only a real process shows it: closed or full stdout, Ctrl-C)."""

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import pref
from conftest import assert_clean_error, child, pref_command, run_child
from solver import InputError, Result, make_position, parse_game


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


def pref_process(*args, **kwargs) -> subprocess.CompletedProcess:
    """The real command in a fresh process, for what click's runner cannot show."""
    kwargs = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **kwargs}
    return run_child(pref_command(*args), text=True, **kwargs)


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


def test_a_reader_closing_the_pipe_ends_it_quietly():
    """``pref … | head`` as Unix tools do it: no message, exit 141 (128 + SIGPIPE)."""
    with child(pref_command("solve", "--help"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
               env={**__import__("os").environ, "PYTHONUNBUFFERED": "1"}) as process:
        process.stdout.close()  # before it writes: its first write meets a closed pipe
        returncode = process.wait(timeout=300)
        stderr = process.stderr.read()
    assert stderr == ""
    assert returncode == 141


def test_closed_stdout_fails_loudly():
    script = "import os, sys; os.close(1); sys.stdout = None; from cli.main import main; main()"
    result = run_child([sys.executable, "-c", script, "check", "problems/kovalevskaya-misere.toml"],
                       stderr=subprocess.PIPE, text=True)
    assert result.returncode == 2
    assert result.stderr.strip() == "pref: standard output is closed: the results would be lost"


# -- never a traceback ------------------------------------------------------------------------


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


def test_closed_stdin():
    script = "import os, sys; os.close(0); sys.stdin = None; from cli.main import main; main()"
    result = run_child([sys.executable, "-c", script, "solve", "--jsonl", "-"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip() == "<stdin>: file: standard input is closed"


def test_unreadable_stream(tmp_path):
    err = assert_clean_error(run("solve", "--jsonl", tmp_path))
    assert err[0].startswith(f"{tmp_path}: file: cannot read it")


@pytest.mark.parametrize("args", [("solve", ""), ("check", ""), ("table", ""), ("discard", ""),
                                  ("solve", "--jsonl", "")])
def test_an_empty_path(args):
    err = assert_clean_error(run(*args))
    assert err[0].startswith("'': file: an empty path names no file"), err


def test_check_on_a_folder_without_problems(tmp_path):
    write(tmp_path, "notes.txt", "nothing here")
    err = assert_clean_error(run("check", tmp_path))
    assert err[0] == f"{tmp_path}: file: the folder holds no problem files (*.toml, *.jsonl)"


def _interrupt(args, wait_for_line: bool):
    with child(pref_command(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as process:
        first = process.stdout.readline() if wait_for_line else ""
        if not wait_for_line:
            time.sleep(0.3)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=300)
    return process.returncode, first + out, err


def test_ctrl_c_mid_run_keeps_the_output_complete(tmp_path):
    deals = []
    for seed in range(200):
        deck = list(range(32))
        __import__("random").Random(seed).shuffle(deck)
        hands = [" ".join(f"{'789TJQKA'[c % 8].replace('T', '10')}{'SCDH'[c // 8]}" for c in deck[i * 10:i * 10 + 10])
                 for i in range(3)]
        deals.append({"deal": dict(zip("ABC", hands)), "game": {"kind": "misere", "declarer": "A"}})
    path = write(tmp_path, "many.jsonl", jsonl(*deals))
    code, out, err = _interrupt(["solve", "--jsonl", path], wait_for_line=True)
    assert code == 130, err
    assert err.strip() == "pref: interrupted"
    lines = out.splitlines()
    assert 1 <= len(lines) < 200
    assert all("tricks" in json.loads(line) for line in lines)


def test_ctrl_c_at_start_up():
    # -X importtime reports each import on stderr as it ends: interrupt once click is in, while the
    # rest of the program (the solver, numba) is still being imported
    with child(pref_command("check", "problems/", python_flags=("-X", "importtime")), stdout=subprocess.PIPE,
               stderr=subprocess.PIPE, text=True) as process:
        for line in process.stderr:
            if line.rstrip().split("|")[-1].strip() == "click":
                break
        else:
            pytest.fail("click was never imported")
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=300)
    assert process.returncode == 130, err
    assert "Traceback" not in err and err.strip().splitlines()[-1] == "pref: interrupted"
    assert out == ""


def test_messages_name_the_real_culprit(tmp_path, kovalevskaya_toml):
    path = write(tmp_path, "k.toml", kovalevskaya_toml)
    err = assert_clean_error(run("table", "--leader", "B", path))
    assert err[0].startswith("--leader: the talon tricks are played A, B, C"), err
    empty = with_(SMALL, deal__A="", deal__B="", deal__C="")
    err = assert_clean_error(run("solve", "--jsonl", "-", input=jsonl(empty)))
    assert "unequal" not in err[0] and "the hands are empty" in err[0]
    wrong_leader = with_(SMALL, game__trick="QS", game__leader="A")
    wrong_leader["deal"]["B"] = "♠J"
    err = assert_clean_error(run("solve", "--jsonl", "-", input=jsonl(wrong_leader)))
    assert "game.leader: with 1 card(s) on the table" in err[0] and "B led this trick, not A" in err[0], err
    raspasy = {"deal": {"A": "♠A", "B": "♦8", "C": "♣AK"},
               "game": {"kind": "raspasy", "leader": "A", "trick": "7D 7H"}}
    err = assert_clean_error(run("solve", "--jsonl", "-", input=jsonl(raspasy)))
    assert "must follow suit" in err[0] and "ruff" not in err[0], err


@pytest.mark.parametrize("game", [{"kind": "misère", "declarer": "A"}, {"kind": "contract", "contract": "6♡",
                                                                         "declarer": "A"},
                                  {"kind": "contract", "contract": "6♥️", "declarer": "A"}])
def test_the_programs_own_spellings_are_accepted(game):
    problem = {**SMALL, "game": game}
    del problem["expect"]
    result = run("solve", "--jsonl", "-", input=jsonl(problem))
    assert result.exit_code == 0, result.output


def test_an_error_quotes_a_short_excerpt_of_a_long_field(tmp_path):
    long = "♠A" + "Z" * 5000
    for problem in (with_(SMALL, deal__A=long), with_(SMALL, game__contract="6" * 5000),
                    with_(SMALL, game__leader="Q" * 5000), {**SMALL, "x" * 5000: 1}):
        err = assert_clean_error(run("solve", "--jsonl", "-", input=jsonl(problem)))
        assert len(err[0]) < 200, err[0]


# -- every public door validates ----------------------------------------------------------------

from solver import Engine, Game, Position, batch_values, solve  # noqa: E402
from solver.analysis import best_contract, best_discard, dd_table, discard_values  # noqa: E402
from solver.notation import parse_hand  # noqa: E402
from solver.rules import TalonMode  # noqa: E402

FIVE_ONE_ONE = Position((parse_hand("♠AKQJ10"), parse_hand("♣A"), parse_hand("♦A")), 0)
CONTRACT = Game.contract(6, 0, 0)
DEAL10 = tuple(parse_hand(h) for h in ("♠AKQJ10 ♣AKQJ10", "♠987 ♣987 ♦AKQJ", "♦10987 ♥AKQJ109"))
TALON = (parse_hand("♥8").bit_length() - 1, parse_hand("♥7").bit_length() - 1)


@pytest.mark.parametrize("call, field", [
    (lambda: solve(FIVE_ONE_ONE, CONTRACT), "deal"),
    (lambda: solve(Position(DEAL10, 0, (), TALON), CONTRACT), "deal.talon"),
    (lambda: solve(Position(DEAL10, 0, (), TALON), Game.raspasy(TalonMode.NONE)), "deal.talon"),
    (lambda: solve(Position(DEAL10, 0), Game.raspasy(TalonMode.SUIT)), "deal.talon"),
    (lambda: solve(Position(DEAL10, 1, (), TALON), Game.raspasy(TalonMode.DEALER)), "game.leader"),
    (lambda: solve("♠A ♣A ♦A", CONTRACT), "position"),
    (lambda: solve(Position(DEAL10, 0), "6S"), "game"),
    (lambda: solve(Position(DEAL10, 0), Game.contract(11, 0, 0)), "game.contract"),
    (lambda: solve(Position(DEAL10, 0), Game.contract(6, 0, 3)), "game.declarer"),
    (lambda: solve(Position((1, 2, 1 << 40), 0), CONTRACT), "deal.C"),
    (lambda: solve(Position((1, 1, 2), 0), CONTRACT), "deal.B"),
    (lambda: solve(Position((1, 2, 4), 3), CONTRACT), "game.leader"),
    (lambda: Engine().value(FIVE_ONE_ONE, CONTRACT, 0), "deal"),
    (lambda: Engine().value(Position(DEAL10, 0), CONTRACT, 3), "focus"),
    (lambda: Engine().reaches(FIVE_ONE_ONE, CONTRACT, 0, 1), "deal"),
    (lambda: Engine().card_values(Position(DEAL10, 0, (), TALON), CONTRACT, 0), "deal.talon"),
    (lambda: Engine().best_line(FIVE_ONE_ONE, CONTRACT, 0), "deal"),
    (lambda: batch_values([Position(DEAL10, 0), FIVE_ONE_ONE], [CONTRACT] * 2, [0, 0]), "positions[1].deal"),
    (lambda: batch_values([Position(DEAL10, 0)], [CONTRACT], [0, 1]), "positions"),
    (lambda: discard_values(DEAL10, 0, CONTRACT), "deal"),
    (lambda: discard_values(DEAL10, 1, CONTRACT), "declarer"),
    (lambda: discard_values(DEAL10, 0, Game.raspasy()), "game.kind"),
    (lambda: best_discard((DEAL10[0], DEAL10[0], DEAL10[2]), 0, CONTRACT), "deal.B"),
    (lambda: best_contract(DEAL10, 5), "declarer"),
    (lambda: dd_table(DEAL10, (TALON[0],)), "deal.talon"),
    (lambda: dd_table(DEAL10, (DEAL10[0].bit_length() - 1, TALON[1])), "deal.talon"),
    (lambda: dd_table(FIVE_ONE_ONE.hands), "deal"),
    (lambda: dd_table(DEAL10, TALON, leader=7), "leader"),
    (lambda: dd_table(DEAL10, TALON, raspasy_talon="both"), "game.raspasy_talon"),
])
def test_every_public_door_refuses_unchecked_input(call, field):
    with pytest.raises(InputError) as e:
        call()
    assert e.value.field == field, str(e.value)
    assert "\n" not in str(e.value)


def test_make_position_keeps_the_talon_whether_or_not_a_game_is_given():
    hands = dict(A="♠AKQJ10 ♣AKQJ10", B="♠987 ♣987 ♦AKQJ", C="♦10987 ♥AKQJ109")
    raspasy = parse_game("raspasy", raspasy_talon="dealer")
    without = make_position(**hands, talon="8H 7H")
    assert without.talon == TALON
    assert make_position(**hands, talon="8H 7H", game=raspasy) == without
    assert solve(without, raspasy).tricks == solve(make_position(**hands, talon="8H 7H", game=raspasy), raspasy).tricks
    contract = make_position(**hands, talon="8H 7H", game=parse_game("contract", contract="6S", declarer="A"))
    assert contract.talon == ()  # out of play, as the game says
    with pytest.raises(InputError, match="turns no talon card"):
        solve(without, parse_game("contract", contract="6S", declarer="A"))


# -- an API and formats that read like the game ------------------------------------------------

from solver.problemfile import dump, dumps, load, loads  # noqa: E402

PROBLEM_FILES = sorted((ROOT / "problems").glob("*.toml"))


@pytest.mark.parametrize("path", PROBLEM_FILES, ids=[p.stem for p in PROBLEM_FILES])
def test_every_problem_file_round_trips(path, tmp_path):
    problem = load(path)
    assert loads(dumps(problem), str(path)) == problem
    assert loads(dumps(problem, "json"), str(path) + ".json").__dict__ | {"path": str(path)} == problem.__dict__
    dump(problem, tmp_path / "copy.toml")
    assert load(tmp_path / "copy.toml").__dict__ | {"path": str(path)} == problem.__dict__


def test_positions_and_games_print_as_pasteable_code():
    game = parse_game("raspasy", raspasy_talon="dealer")
    position = make_position(A="♠AKQJ10 ♣AKQJ10", B="♠987 ♣987 ♦AKQJ", C="♦10987 ♥AKQJ109", talon="8H 7H",
                             game=game)
    for thing in (position, game, Game.contract(7, "NT", "C"), Game.misere("B"),
                  Position.from_text("♠A / ♦8 / ♣AK", leader="C", trick="7C")):
        text = repr(thing)
        assert text.startswith(("Position.from_text(", "Game.")), text
        assert eval(text, {"Position": Position, "Game": Game}) == thing
    assert repr(Game.contract(7, 4, 2)) == "Game.contract(7, 'NT', 'C')"


def test_results_read_back_from_json_and_print_readably():
    game = parse_game("contract", contract="6S", declarer="A")
    result = solve(make_position(A="♠AK", B="♠QJ", C="♣AK"), game)
    back = Result.from_json(json.loads(json.dumps(result.to_json())))
    assert back == result
    assert repr(result).startswith("<Result 6S by A: 2 tricks;")
    out = result.to_json()
    assert out["deal"] == {"A": ["AS", "KS"], "B": ["QS", "JS"], "C": ["AC", "KC"]}
    assert out["game"] == {"kind": "contract", "leader": "A", "contract": "6S", "declarer": "A"}
    assert out["verdict"] is None and out["tricks_left"] == 2  # an ending has no made/down
    with pytest.raises(InputError) as e:
        Result.from_json({**out, "deal": {"A": ["AS"], "B": ["QS", "JS"], "C": ["AC", "KC"]}})
    assert e.value.field == "deal"


@pytest.mark.parametrize("contract, verdict", [("6NT", "made"), ("10S", "made"), ("6H", "down")])
def test_results_of_a_full_deal_say_made_or_down(contract, verdict):
    hands = dict(A="♠AKQJ10 ♣AKQJ10", B="♠987 ♣987 ♦AKQJ", C="♦10987 ♥AKQJ109")
    game = parse_game("contract", contract=contract, declarer="A")
    result = solve(make_position(**hands, game=game), game, with_line=False, with_card_values=False)
    assert result.verdict == verdict
    misere = parse_game("misere", declarer="C")
    assert solve(make_position(**hands), misere, with_line=False).verdict in ("clean", "caught")


def test_the_table_is_indexed_by_seat_and_strain():
    hands = tuple(parse_hand(h) for h in ("♠AK ♦7", "♠QJ ♦8", "♣AK ♦9"))
    table = dd_table(hands)
    assert table["A", "S"] == table[0, 0] == table.contracts[0, 0]
    assert table["B", "misere"] == table.misere[1] and table["C", "raspasy"] == table.raspasy[2]
    assert table["A", "NT"] == table.contracts[0, 4]


def _every_help():
    from cli.app import COMMANDS
    return [[name, "--help"] for name in COMMANDS]


@pytest.mark.parametrize("args", [["--help"], ["solve", "--bogus"], ["table"], ["board", "--bogus"]] + _every_help())
def test_help_and_argument_errors_do_not_load_the_kernel(args):
    """No numba for --help (it costs a second): every command imports the kernel only when it runs."""
    script = ("import sys\nfrom cli.main import main\nsys.argv = ['pref'] + sys.argv[1:]\n"
              "try:\n    main()\nexcept SystemExit:\n    pass\n"
              "print('LOADED' if 'numba' in sys.modules or 'solver.engine' in sys.modules else 'LIGHT', file=sys.stderr)")
    result = run_child([sys.executable, "-c", script, *args], 120, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    assert result.stderr.strip().splitlines()[-1] == "LIGHT", result.stderr


def test_the_command_list_says_what_each_command_says():
    from cli.app import COMMANDS
    for name, (_, summary) in COMMANDS.items():
        command = pref.get_command(None, name)
        assert command.get_short_help_str(200) == summary


def test_as_good_cards_come_from_the_solver_not_the_cli():
    from solver.analysis import tricks_of_line
    from solver.engine import Engine
    game = parse_game("misere", declarer="B")
    problem = load(ROOT / "problems" / "kovalevskaya-misere.toml")
    position = problem.position()
    engine = Engine()
    result = solve(position, game, engine=engine)
    tricks = tricks_of_line(position, game, result.line, game.declarer, engine)
    assert len(tricks) == 10 and sum(t.winner == 1 for t in tricks) == result.tricks == 1
    with pytest.raises(InputError) as e:
        tricks_of_line(position, game, [result.line[1]], game.declarer)
    assert e.value.field == "line[0]"


def test_check_lang_ru_states_the_key_in_russian(tmp_path, kovalevskaya_toml):
    result = run("check", "--lang", "ru", write(tmp_path, "k.toml", kovalevskaya_toml))
    assert result.exit_code == 0, result.output
    assert ": 1, годных первых ходов 4 из 10: ♦10 ♦В ♦Д ♦К (равные карты: один ход)" in result.stdout


def test_lang_ru_translates_the_words_too(tmp_path, kovalevskaya_toml):
    from cli.words import plural
    assert [plural(n, "ru") for n in (0, 1, 2, 5, 11, 21, 22)] == \
        ["0 взяток", "1 взятка", "2 взятки", "5 взяток", "11 взяток", "21 взятка", "22 взятки"]
    assert [plural(n, "ru", taken=True) for n in (1, 2, 11, 21)] == ["1 взятку", "2 взятки", "11 взяток", "21 взятку"]
    from cli.words import number_word
    assert [number_word(n, "ru") for n in (2, 7, 10)] == ["двух", "семи", "десяти"]  # 10♠ with no trick: без десяти
    kovalevskaya = run("solve", "--lang", "ru", write(tmp_path, "k.toml", kovalevskaya_toml)).stdout
    assert "Ответ: ловленный мизер, играет B: 1 взятка" in kovalevskaya
    assert "прикуп ♣К ♣Т, вне игры" in kovalevskaya and "Лучший розыгрыш" in kovalevskaya
    hands = {"A": "♠AKQJ10 ♣AKQJ10", "B": "♠987 ♣987 ♦AKQJ", "C": "♦10987 ♥AKQJ109"}
    down = {"deal": hands, "game": {"kind": "contract", "contract": "6D", "declarer": "A"}}
    text = run("solve", "--lang", "ru", write(tmp_path, "d.json", json.dumps(down, ensure_ascii=False))).stdout
    assert "Ответ: 6♦, играет A: 2 взятки, без четырёх" in text, text
    raspasy = {"deal": {"A": "♠AK", "B": "♠QJ", "C": "♣AK"}, "game": {"kind": "raspasy"}}
    text = run("solve", "--lang", "ru", write(tmp_path, "r.json", json.dumps(raspasy, ensure_ascii=False))).stdout
    assert "Ответ: распасы: A" in text and "Лучший розыгрыш для A, который берёт 2 взятки" in text
    for english in ("Answer", "trick", "leads", "Best line", "misère", "raspasy"):
        assert english not in kovalevskaya.split("Примечания")[0].replace("Kovalevskaya's misère", "")


PLAYED = {"deal": {"A": "♠AKQJ10 ♣AKQJ10", "B": "♠987 ♣987 ♦AKQJ", "C": "♦10987 ♥AKQJ109"},
          "game": {"kind": "contract", "contract": "6NT", "declarer": "A", "played": ["AS 7S 7D", ["KS", "8S", "8D"]],
                   "trick": "QS"}}


def test_a_position_mid_play_can_be_given_as_the_game_that_led_to_it(tmp_path):
    game = parse_game("contract", contract="6NT", declarer="A")
    hands = PLAYED["deal"]
    position = make_position(**hands, game=game, played=PLAYED["game"]["played"], trick="QS")
    direct = make_position("♠J10 ♣AKQJ10", "♠9 ♣987 ♦AKQJ", "♦109 ♥AKQJ109", leader="A", trick="QS", game=game)
    assert position.hands == direct.hands and position.trick == direct.trick and position.taken == (2, 0, 0)
    assert solve(position, game).verdict == "made" and solve(direct, game).verdict is None
    for played, field in ((["AS 7S 7D", "KS 8D 8S"], "game.played[1]"), (["AS 7S"], "game.played[0]"),
                          ("AS 7S 7D", "game.played")):
        with pytest.raises(InputError) as e:
            make_position(**hands, game=game, played=played)
        assert e.value.field == field, str(e.value)
    with pytest.raises(InputError, match="need the game"):
        make_position(**hands, played=["AS 7S 7D"])
    path = write(tmp_path, "p.json", json.dumps(PLAYED, ensure_ascii=False))
    problem = load(path)
    assert loads(dumps(problem), "p.toml").played == problem.played == ("AS 7S 7D", "KS 8S 8D")
    text = run("solve", path).stdout
    assert "Tricks played:\n   1. A ♠A    B ♠7    C ♦7    → A\n   2. A ♠K" in text
    assert "Answer: 6NT by A: 10 tricks, made with four over (8 of the 8 tricks left)" in text
    out = json.loads(run("solve", "--json", path).stdout)
    assert out["taken"] == {"A": 2, "B": 0, "C": 0} and out["verdict"] == "made"


def test_a_raspasy_mid_play_counts_the_tricks_already_taken(tmp_path):
    problem = {"deal": PLAYED["deal"], "game": {"kind": "raspasy", "raspasy_talon": "none",
                                                "played": PLAYED["game"]["played"]}}
    path = write(tmp_path, "p.json", json.dumps(problem, ensure_ascii=False))
    assert "Answer: raspasy: A 10, B 0, C 0 (A 8, B 0, C 0 of the 8 tricks left) — " in run("solve", path).stdout
    assert "Ответ: распасы: A 10, B 0, C 0 (A 8, B 0, C 0 из 8 оставшихся) — " in \
        run("solve", "--lang", "ru", path).stdout

TAKEN = """\
[deal]
A = "♠JQ ♣79 ♦10JQK ♥AJ"
B = "♠8910 ♣8KA ♦789 ♥7"
C = "♠KA ♣10JQ ♦A ♥10QK9"
talon = "8H 9H"
discard = "8H 7S"
[game]
kind = "misere"
declarer = "C"
"""


def test_the_talon_taken_and_the_discard_are_shown(tmp_path):
    # C took the talon ♥8 ♥9 and put aside ♥8 and ♠7: the talon's ♥9 is in his hand now
    result = run("solve", write(tmp_path, "t.toml", TAKEN))
    assert result.exit_code == 0, result.output
    assert "talon ♥8 ♥9, taken" in result.stdout and "discard ♥8 ♠7, out of play" in result.stdout, result.stdout
    err = assert_clean_error(run("solve", write(tmp_path, "b.toml", TAKEN.replace('"8H 9H"', '"8H 7H"'))))
    assert "7H is given in deal.B and in deal.talon" in err[0]


@pytest.mark.parametrize("args, line", [
    (("board", "--port", "99999"), "pref board: invalid value for '--port': 99999 is not in the range"),
    (("solve", "--lang", "xx", "p.toml"), "pref solve: invalid value for '--lang': 'xx' is not one of"),
    (("table",), "pref table: missing argument 'DEAL' (try pref table --help)"),
    (("tabel",), "pref: no such command 'tabel'. Did you mean 'table'? (try pref --help)"),
])
def test_a_wrong_option_is_one_line_like_every_bad_input(args, line):
    err = assert_clean_error(run(*args))
    assert err[0].startswith(line), err


def test_table_of_one_hand_says_how_a_deal_is_written():
    err = assert_clean_error(run("table", "♠AK ♦7"))
    assert err[0] == "♠AK ♦7: deal: no such file, and not a deal: give a problem file or " \
                     "'A-hand / B-hand / C-hand [/ talon]'"


def test_solve_exits_1_when_the_published_answer_differs(tmp_path, kovalevskaya_toml):
    wrong = write(tmp_path, "k.toml", kovalevskaya_toml.replace("tricks = 1", "tricks = 2"))
    result = run("solve", wrong)
    assert result.exit_code == 1 and "Published answer: 2 tricks — DIFFERS" in result.stdout
    lines = run("solve", "--jsonl", "-", input=jsonl(with_(SMALL, expect__tricks=1)))
    assert lines.exit_code == 1 and json.loads(lines.stdout)["agrees"] is False
    assert run("solve", write(tmp_path, "ok.toml", kovalevskaya_toml)).exit_code == 0
