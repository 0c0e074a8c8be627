"""Issue 13, "The doors, second pass": each case of the issue through the CLI or the API."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import pref
from solver import InputError, make_position
from conftest import assert_clean_error, run_child

ROOT = Path(__file__).resolve().parents[1]

SMALL = {"deal": {"A": "♠AK", "B": "♠QJ", "C": "♣AK"},
         "game": {"kind": "contract", "contract": "6S", "declarer": "A"}}


def run(*args, input=None):
    return CliRunner().invoke(pref, [str(a) for a in args], input=input)


def jsonl(*problems) -> str:
    return "".join(json.dumps(p, ensure_ascii=False) + "\n" for p in problems)


# -- a Latin T among Cyrillic ranks ----------------------------------------------------------


def test_a_latin_t_among_cyrillic_ranks_is_refused_in_a_problem_file(tmp_path):
    problem = {**SMALL, "deal": {"A": "♠TК", "B": "♠ДВ", "C": "♣ТК"}}
    err = assert_clean_error(run("solve", "--jsonl", "-", input=jsonl(problem)))
    assert "deal.A" in err[0] and "Latin 'T'" in err[0] and "ten" in err[0] and "ace" in err[0], err
    problem["deal"]["A"] = "♠ТК"  # the Cyrillic ace: the same deal read one way only
    assert run("solve", "--jsonl", "-", input=jsonl(problem)).exit_code == 0


def test_a_latin_t_among_cyrillic_ranks_is_refused_in_a_deal_on_the_command_line():
    err = assert_clean_error(run("table", "♠ТК / ♠ДВ / ♠T9"))
    assert "Latin 'T'" in err[0], err
    assert run("table", "♠ТК / ♠ДВ / ♠109").exit_code == 0


def test_a_latin_t_among_cyrillic_ranks_is_refused_by_the_api():
    with pytest.raises(InputError, match="Latin 'T'") as e:
        make_position(A="♠TКД", B="♠987", C="♣ТКД")
    assert e.value.field == "deal.A"


# -- workers: capped by the cores and the memory ----------------------------------------------


def test_workers_are_capped_by_cores_and_by_memory(monkeypatch):
    from solver import workers

    monkeypatch.setattr(workers, "cores", lambda: 2)
    monkeypatch.setattr(workers, "available_memory", lambda: 64 << 30)
    assert workers.cap_workers(None, workers.table_bytes(20)) == (2, None)
    assert workers.cap_workers(2, workers.table_bytes(20)) == (2, None)
    n, note = workers.cap_workers(1024, workers.table_bytes(20))
    assert n == 2 and "1024 capped at 2" in note and "2 core" in note
    monkeypatch.setattr(workers, "cores", lambda: 64)
    monkeypatch.setattr(workers, "available_memory", lambda: 1 << 30)  # 1 GB, 3/4 of it: 24 tables of 32 MB
    n, note = workers.cap_workers(64, workers.table_bytes(20))
    assert n == int((1 << 30) * workers.MEMORY_SHARE) // workers.table_bytes(20) == 24
    assert "memory" in note
    assert workers.cap_workers(64, 1 << 40)[0] == 1  # never fewer than one


def test_the_table_entry_size_is_the_kernels():
    from solver import workers
    from solver.kernel import tt

    assert workers.TABLE_ENTRY_BYTES == tt.ENTRY_BYTES == tt.new_table(6).nbytes // 64


def test_estimate_caps_its_workers_and_says_so(monkeypatch):
    from solver import workers

    monkeypatch.setattr(workers, "cores", lambda: 2)
    result = run("estimate", "♠AQxxx ♥AQxxx", "--seat", "A", "--game", "7S A", "--layouts", "8",
                 "--workers", "1024", "--json")
    assert result.exit_code == 0, result.output
    assert result.stderr.strip() == "pref: --workers 1024 capped at 2: this machine has 2 core(s)"
    assert json.loads(result.stdout)["layouts"] == 8
    for command in ("estimate", "book"):
        assert "capped at one per core" in " ".join(run(command, "--help").output.split())


def test_book_caps_its_worker_processes(monkeypatch):
    from solver import workers
    from solver.analysis.book import runner

    monkeypatch.setattr(workers, "cores", lambda: 1)
    seen = []
    monkeypatch.setattr(runner, "ProcessPoolExecutor", lambda **kw: seen.append(kw) or pytest.fail("no pool"))
    rows = runner.select(runner.catalogue(), (), "2.9")
    assert list(runner.run(rows[:1], samples=2, workers=64))  # capped at 1: solved here, no pool
    assert seen == []


def test_batch_values_caps_its_threads():
    from solver import batch_values, parse_game

    game = parse_game("contract", contract="6S", declarer="A")
    position = make_position(A="♠AK", B="♠QJ", C="♣AK")
    values, _ = batch_values([position] * 3, [game] * 3, [0] * 3, threads=100_000)  # 100,000 tables: 3.7 TB
    assert list(values) == [2, 2, 2]


# -- the API: every input error is an InputError naming the argument ---------------------------


@pytest.mark.parametrize("call, field", [
    (lambda s, p, g: s.solve(p, g, options="fast"), "options"),
    (lambda s, p, g: s.solve(p, g, engine="e"), "engine"),
    (lambda s, p, g: s.solve(p, g, engine=s.Engine(), options=s.Options()), "options"),
    (lambda s, p, g: s.Engine(s.Options(tt_log2_size=40)), "options.tt_log2_size"),
    (lambda s, p, g: s.Options(tt_log2_size="20"), "options.tt_log2_size"),
    (lambda s, p, g: s.Options(bounds="no"), "options.bounds"),
    (lambda s, p, g: s.Engine("fast"), "options"),
    (lambda s, p, g: s.batch_values([p], [g], [0], threads=0), "threads"),
    (lambda s, p, g: s.batch_values([p], [g], [0], options="fast"), "options"),
])
def test_api_arguments_of_the_wrong_kind_are_input_errors(call, field):
    import solver
    from solver import parse_game

    game = parse_game("contract", contract="6S", declarer="A")
    position = make_position(A="♠AK", B="♠QJ", C="♣AK")
    with pytest.raises(InputError) as e:
        call(solver, position, game)
    assert e.value.field == field and "\n" not in str(e.value)


# -- the kernel cache -------------------------------------------------------------------------


def _warm_cache_copy(base: Path) -> Path:
    """A copy of this process's compiled kernel under ``base`` (as $PREF_CACHE_DIR); its Numba folder."""
    import shutil

    from solver import solve, parse_game
    from solver.kernel import cache

    game = parse_game("contract", contract="6S", declarer="A")
    solve(make_position(A="♠AK", B="♠QJ", C="♣AK"), game)  # every kernel function compiled or loaded
    shutil.copytree(cache.CACHE_DIR, base / cache.DIGEST)
    return base / cache.DIGEST / cache.numba_folder().name


def _pref_with(env: dict, *args) -> subprocess.CompletedProcess:
    import os

    return run_child([sys.executable, "-m", "cli.main", *map(str, args)], 600, text=True, stdout=subprocess.PIPE,
                     stderr=subprocess.PIPE, env={**os.environ, **env})


KOVALEVSKAYA = ROOT / "problems" / "kovalevskaya-misere.toml"


def test_a_damaged_kernel_cache_is_said_once_and_mended(tmp_path):
    folder = _warm_cache_copy(tmp_path)
    data = sorted(folder.glob("bits.*.nbc"))[0]
    data.write_bytes(data.read_bytes()[:50])                     # a truncated .nbc
    index = sorted(folder.glob("bits.*.nbi"))[-1]
    index.write_bytes(b"overwritten")                            # an overwritten .nbi
    env = {"PREF_CACHE_DIR": str(tmp_path)}
    first = _pref_with(env, "solve", "--json", KOVALEVSKAYA)
    assert first.returncode == 0 and "Traceback" not in first.stderr, first.stderr
    assert "damaged files" in first.stderr and data.name in first.stderr, first.stderr
    assert json.loads(first.stdout)["tricks"] == 1
    second = _pref_with(env, "solve", "--json", KOVALEVSKAYA)
    assert second.returncode == 0 and second.stderr == "", second.stderr


def test_an_unusable_cache_dir_is_named_with_the_folder_used_instead(tmp_path):
    _warm_cache_copy(tmp_path / "xdg" / "preferans-solver")
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    env = {"PREF_CACHE_DIR": str(blocker / "cache"), "XDG_CACHE_HOME": str(tmp_path / "xdg")}
    result = _pref_with(env, "solve", "--json", KOVALEVSKAYA)
    assert result.returncode == 0, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr  # the note, and no compile: the fallback folder is warm
    assert str(blocker / "cache") in lines[0] and "unusable" in lines[0]
    assert f"using {tmp_path / 'xdg' / 'preferans-solver'}" in lines[0]


def test_a_second_checkout_sharing_the_cache_is_not_taken_as_compiled(tmp_path):
    folder = _warm_cache_copy(tmp_path)
    folder.rename(folder.with_name("kernel_0123456789abcdef"))  # another checkout's compiled code
    probe = "from solver.kernel import config; print(config.is_compiled())"
    result = run_child([sys.executable, "-c", probe], text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       env={**__import__("os").environ, "PREF_CACHE_DIR": str(tmp_path)})
    assert result.stdout.strip() == "False", result.stderr


# -- [expect] with tricks played: one meaning, the whole deal ----------------------------------


def _with_played(name: str, tricks: int) -> tuple[dict, tuple[int, int, int]]:
    """A collection problem (as its file's tables) with its best line's first ``tricks`` tricks
    ``played``, and the tricks each seat took in them; its [expect] is the file's, the whole deal."""
    from solver.cards import ascii_name
    from solver.problemfile import load, to_dict
    from solver.problems import solve_problem

    problem = load(ROOT / "problems" / name)
    result = solve_problem(problem).result
    line = [ascii_name(c) for c in result.line]
    data = to_dict(problem)
    data["game"]["played"] = [" ".join(line[3 * i:3 * i + 3]) for i in range(tricks)]
    data.pop("notes", None)
    data["expect"].pop("key", None)  # the key is the first card's, at the start
    from solver.problemfile import from_dict

    return data, from_dict(data, "x").position().taken


@pytest.mark.parametrize("name, tricks", [("six-spades-draw-trumps-first.toml", 2),   # A took both
                                          ("kovalevskaya-misere.toml", 9),
                                          ("raspasy-talon-heart-throw-the-club-jack.toml", 3)])
def test_expect_counts_the_whole_deal_in_solve_check_the_board_and_the_api(tmp_path, name, tricks):
    from cli.board.moves import solve_object
    from solver.problemfile import from_dict
    from solver.problems import answer, solve_problem

    from solver import solve

    data, taken = _with_played(name, tricks)
    assert any(taken)
    problem = from_dict(data, "p")
    from_here = solve(problem.position(), problem.game()).tricks
    if isinstance(from_here, dict):  # raspasy: A's line is not B's or C's best, their values move
        data["expect"]["tricks"] = {s: taken[i] + from_here[s] for i, s in enumerate("ABC")}
    else:  # the declarer's best line keeps his value: the file's answer is the whole deal's
        assert data["expect"]["tricks"] == taken["ABC".index(data["game"]["declarer"])] + from_here
    expect = data["expect"]["tricks"]
    path = tmp_path / "p.jsonl"
    path.write_text(json.dumps(data, ensure_ascii=False) + "\n", encoding="utf-8")
    solved = run("solve", path)
    assert solved.exit_code == 0 and "— agrees" in solved.output, solved.output
    checked = run("check", path)
    assert checked.exit_code == 0 and checked.output.startswith("ok "), checked.output
    assert json.loads(run("solve", "--json", path).stdout)["agrees"] is True
    assert solve_object(data)["agrees"] is True
    problem = from_dict(data, "p")
    assert answer(problem) == expect
    result = solve_problem(problem).result
    assert problem.agrees(result.deal_tricks) and result.deal_tricks == expect
    # the tricks left alone are no longer read as the answer: a wrong answer, or one refused
    # as below what was taken already
    if isinstance(expect, dict):
        data["expect"]["tricks"] = {s: expect[s] - taken[i] for i, s in enumerate("ABC")}
    else:
        data["expect"]["tricks"] = expect - taken["ABC".index(data["game"]["declarer"])]
    path.write_text(json.dumps(data, ensure_ascii=False) + "\n", encoding="utf-8")
    checked = run("check", path)
    assert (checked.exit_code, "WRONG" in checked.output) == (1, True) or \
        (checked.exit_code, "tricks count the whole deal" in checked.stderr) == (2, True), checked.output


def test_expect_beyond_the_whole_deal_is_refused_naming_the_tricks_taken():
    data, taken = _with_played("six-spades-draw-trumps-first.toml", 2)
    assert taken == (2, 0, 0)
    data["expect"]["tricks"] = 10  # was refused as above the 8 tricks left; now a possible answer
    result = run("solve", "--jsonl", "-", input=jsonl(data))
    assert result.exit_code == 1 and json.loads(result.stdout)["agrees"] is False
    data["expect"]["tricks"] = 1  # below the 2 he took already
    err = assert_clean_error(run("solve", "--jsonl", "-", input=jsonl(data)))
    assert "expect.tricks: tricks count the whole deal: A took 2 in the tricks played and 8 are left" in err[0]


# -- every input read once, from any kind of file, and bounded ---------------------------------


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


@pytest.mark.parametrize("command", ["solve", "check", "table"])
def test_a_named_pipe_is_read_once(tmp_path, command):
    path = _fifo(tmp_path, KOVALEVSKAYA.read_text(encoding="utf-8"))
    result = run(command, path)
    assert result.exit_code == 0, result.output
    assert "Kovalevskaya" in result.output


def test_json_through_a_pipe_is_read_as_json(tmp_path):
    problem = {**SMALL, "expect": {"tricks": 2}}
    path = _fifo(tmp_path, jsonl(problem, problem))
    result = run("solve", "--json", path)
    assert result.exit_code == 0, result.output
    assert [json.loads(line)["agrees"] for line in result.stdout.splitlines()] == [True, True]


def test_process_substitution_and_dev_stdin_are_files():
    import shutil

    if shutil.which("bash") is None or not Path("/dev/stdin").exists():
        pytest.skip("no bash or no /dev/stdin here")
    pref = f"{sys.executable} -m cli.main"
    script = (f"{pref} solve --json <(cat {KOVALEVSKAYA}) && {pref} check <(cat {KOVALEVSKAYA}) && "
              f"{pref} table --json <(cat {KOVALEVSKAYA}) && cat {KOVALEVSKAYA} | {pref} solve --json /dev/stdin")
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


def test_table_takes_any_file_and_refuses_a_folder():
    err = assert_clean_error(run("table", "problems/"))
    assert err[0] == "problems/: file: is a folder, not a file"


@pytest.mark.parametrize("name", ["misere-discard-keep-the-seven.toml", "ten-spades-bare-the-club-ace.toml"])
def test_table_of_a_12_card_declarer_takes_his_best_discard_as_solve_does(name):
    path = ROOT / "problems" / name
    table = run("table", "--json", path)
    assert table.exit_code == 0, table.output
    solved = json.loads(run("solve", "--json", path).stdout)
    out = json.loads(table.stdout)
    assert out["discard"] == solved["discard"] and out["discard_chosen"] is True
    declarer = solved["game"]["declarer"]
    game = solved["game"]
    row = out["misere"] if game["kind"] == "misere" else out["contracts"]
    value = row[declarer] if game["kind"] == "misere" else row[declarer][game["contract"][-1]]
    assert value == solved["tricks"]  # the same game from the same deal: the same value
    text = run("table", path)
    assert f"{declarer} held 12 cards: the table is of the deal after his best discard" in text.output


@pytest.mark.parametrize("text, field", [(None, "text"), (42, "text")])
def test_loads_names_its_argument(text, field):
    from solver.problemfile import loads

    with pytest.raises(InputError) as e:
        loads(text)
    assert e.value.field == field


def test_loads_reads_bytes_as_a_file_is_read():
    from solver.problemfile import ProblemError, loads

    text = KOVALEVSKAYA.read_text(encoding="utf-8")
    assert loads(text.encode("utf-8")).title == loads(text).title
    with pytest.raises(ProblemError, match="not UTF-8"):
        loads(b"title = '\xff'")


# -- messages that name the real culprit -----------------------------------------------------


def test_equal_hands_with_a_trick_in_progress_are_not_called_unequal():
    problem = {**SMALL, "game": {**SMALL["game"], "leader": "B", "trick": "7S 8S"}}
    err = assert_clean_error(run("solve", "--jsonl", "-", input=jsonl(problem)))
    assert "unequal" not in err[0]
    assert "hands of equal length (A 2, B 2, C 2) with 2 card(s) on the table: whoever played to the trick " \
           "holds one card fewer (A 2, B 1, C 1)" in err[0]


@pytest.mark.parametrize("seat, name", [("\u0410", "CYRILLIC CAPITAL LETTER A"), ("\u0412", "CYRILLIC CAPITAL LETTER VE"),
                                        ("\u0441", "CYRILLIC SMALL LETTER ES")])
def test_a_cyrillic_seat_letter_is_named(seat, name):
    problem = {**SMALL, "game": {**SMALL["game"], "declarer": seat}}
    err = assert_clean_error(run("solve", "--jsonl", "-", input=jsonl(problem)))
    assert f"'{seat}' is {name}: seats are the Latin letters A, B, C" in err[0]


def test_a_key_given_as_a_json_list_of_cards_is_read_as_the_cards(tmp_path):
    from solver.problemfile import loads_json

    assert loads_json(json.dumps({**SMALL, "expect": {"tricks": 2, "key": ["AS", "KS"]}})).key == "AS KS"
    problem = {**SMALL, "expect": {"tricks": 2, "key": ["AS", "KS"]}}
    result = run("solve", "--jsonl", "-", input=jsonl(problem))
    assert result.exit_code == 0, result.output
    assert "commas" not in result.output

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
    from solver.problemfile import loads_toml

    text = 'notes = """\r\nOne line.\r\n\tAnother."""\n[deal]\nA = "♠A"\nB = "♠K"\nC = "♠Q"\n'
    assert loads_toml(text, "n.toml").notes == "One line.\n\tAnother."


def test_a_cyrillic_seat_letter_on_the_command_line_is_named():
    err = assert_clean_error(run("table", "--leader", "\u0410", "♠A / ♠K / ♠Q"))
    assert "'\u0410' is CYRILLIC CAPITAL LETTER A: seats are the Latin letters A, B, C" in err[0]
    assert run("table", "--leader", "b", "♠A / ♠K / ♠Q").exit_code == 0
