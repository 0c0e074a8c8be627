"""Bad input on the command line: a wrong option or argument is one line, a name too long for a file
too, an output may not overwrite an input, spot cards are quoted as written, --workers is capped;
the commands' words in Russian."""

import json

import pytest
from click.testing import CliRunner

from conftest import ROOT, assert_clean_error, write
from preferans import InputError, Position
from preferans.cli.main import pref


def run(*args, input=None):
    return CliRunner().invoke(pref, [str(a) for a in args], input=input)


LONG_NAME = "a" * 300

HAND = ("♠AQxxx ♥AQxxx", "--seat", "A")


# -- options and arguments -------------------------------------------------------------------------


@pytest.mark.parametrize("deal, said", [
    ("♠ТК ♦7 / ♠QT ♦8 / ♣AK ♦9", "Latin 'T' among Cyrillic ranks such as 'Т'"),
    ("♠AK ♦7 / ♠QJ ♦8", "got 2 parts"),
    ("♠AK ♦7 / ♠QJ ♦8 / ♣AK ♦9 / ♥7 ♥8 / ♥9", "got 5 parts")])
def test_a_deal_on_one_line_is_read_alike_by_the_api_and_by_pref_table(deal, said):
    """One reader of ``A / B / C`` (notation.split_deal): ``pref table`` adds only the talon part."""
    with pytest.raises(InputError) as e:
        Position.from_text(deal)
    assert e.value.field == "deal" and said in e.value.message, e.value
    err = assert_clean_error(run("table", deal))
    assert err[0].startswith("DEAL: deal: ") and said in err[0], err


@pytest.mark.parametrize("args, line", [
    (("board", "--port", "99999"), "pref board: invalid value for '--port': 99999 is not in the range"),
    (("solve", "--lang", "xx", "p.toml"), "pref solve: invalid value for '--lang': 'xx' is not one of"),
    (("table",), "pref table: missing argument 'DEAL' (try pref table --help)"),
    (("tabel",), "pref: no such command 'tabel'. Did you mean 'table'? (try pref --help)"),
])
def test_a_wrong_option_is_one_line_like_every_bad_input(args, line):
    err = assert_clean_error(run(*args))
    assert err[0].startswith(line), err


@pytest.mark.parametrize("command", ["estimate", "bench", "book"])
@pytest.mark.parametrize("seed, said", [("9" * 5000, "at most 40 digits, not 5,000"),
                                        ("1.5", "a whole number is needed, not '1.5'"),
                                        ("x" * 500, "a whole number is needed, not 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'")])
def test_a_seed_that_is_no_number_or_too_long_is_refused_in_one_short_line(command, seed, said):
    """Python reads no integer of over 4,300 digits, and the refused text was echoed whole."""
    extra = ("♠AKQJx ♥AKx ♦Ax", "--seat", "A", "--game", "6S A") if command == "estimate" else ()
    err = assert_clean_error(run(command, *extra, "--seed", seed))
    assert err[0] == f"pref {command}: invalid value for '--seed': {said} (try pref {command} --help)", err
    assert len(err[0]) < 200


def test_a_seed_of_40_digits_or_below_zero_is_a_seed():
    for seed in ("-3", "9" * 40):
        result = run("estimate", "♠AKQJx ♥AKx ♦Ax", "--seat", "A", "--game", "6S A", "--layouts", "2", "--seed", seed,
                     "--json")
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)["seed"] == int(seed)


@pytest.mark.parametrize("command", ["solve", "check", "table", "board", "discard", "score", "estimate"])
def test_a_name_of_300_characters_is_one_line_and_exit_2(command):
    extra = ("--seat", "A", "--game", "6S A") if command == "estimate" else ("--no-browser",) if command == "board" else ()
    result = run(command, LONG_NAME + (".toml" if command == "estimate" else ""), *extra)
    err = assert_clean_error(result)
    assert LONG_NAME in err[0] and "OSError" not in err[0]


def test_an_output_may_not_be_the_question_another_output_or_empty(tmp_path):
    question = tmp_path / "q.toml"
    question.write_bytes((ROOT / "examples" / "hand.toml").read_bytes())
    before = question.read_bytes()
    err = assert_clean_error(run("estimate", question, "--layouts", "5", "--layouts-out", question))
    assert err[0] == f"--layouts-out: {question} is the input {question}: it would be overwritten; " \
                     f"write the output to another file"
    (tmp_path / "link.jsonl").symlink_to(question)
    assert "is the input" in assert_clean_error(run("estimate", question, "--layouts", "5", "--layouts-out",
                                                    tmp_path / "link.jsonl"))[0]
    assert question.read_bytes() == before
    same = tmp_path / "same.png"
    err = assert_clean_error(run("estimate", question, "--layouts", "5", "--plot", same, "--layouts-out", same))
    assert err[0] == f"--layouts-out: {same} is also --plot's file: each output needs a file of its own"
    assert not same.exists()
    for option in ("--layouts-out", "--plot"):
        err = assert_clean_error(run("estimate", question, "--layouts", "5", option, ""))
        assert err[0] == f"{option}: '': an empty path names no file"
    err = assert_clean_error(run("book", "--only", "2.9", "--report", tmp_path / "x.md", "--plot", tmp_path / "x.md"))
    assert "is also --report's file" in err[0]


def test_a_spot_card_is_quoted_as_written():
    err = assert_clean_error(run("estimate", "♠AQxxx ♥AQxx ♣A", *HAND[1:], "--game", "6S A", "--discard", "♣x ♣x"))
    assert err[0] == "discard: suit ♣ appears twice in '♣x ♣x'"
    err = assert_clean_error(run("estimate", *HAND, "--game", "6S A", "--holds", "B:♣x ♣K"))
    assert err[0] == "holds.B: suit ♣ appears twice in '♣x ♣K'"


def test_pref_check_and_solve_tell_a_collection_problem_by_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # no problems/ here: the collection that ships with pref is used
    result = run("solve", "--json", "kovalevskaya-misere")
    assert result.exit_code == 0 and json.loads(result.stdout)["file"] == "kovalevskaya-misere"
    from preferans import collection

    shipped = collection.folder()
    monkeypatch.setattr(collection, "names", lambda: ["kovalevskaya-misere"])
    result = run("check")
    assert result.exit_code == 0 and result.stdout.startswith("ok    kovalevskaya-misere: 1, ")
    assert str(shipped) not in result.output


def test_estimate_caps_its_workers_and_says_so(monkeypatch):
    from preferans import workers

    monkeypatch.setattr(workers, "cores", lambda: 2)
    result = run("estimate", "♠AQxxx ♥AQxxx", "--seat", "A", "--game", "7S A", "--layouts", "8",
                 "--workers", "1024", "--json")
    assert result.exit_code == 0, result.output
    assert result.stderr.strip() == "pref: --workers 1024 capped at 2: this machine has 2 core(s)"
    assert json.loads(result.stdout)["layouts"] == 8
    for command in ("estimate", "book"):
        assert "capped at one per core" in " ".join(run(command, "--help").output.split())


def test_estimate_counts_the_splits_tables_in_a_workers_memory(monkeypatch):
    """With two whisters each worker keeps the split's own table (8 MB) beside its engine's (32 MB)."""
    from preferans import workers

    monkeypatch.setattr(workers, "cores", lambda: 16)
    monkeypatch.setattr(workers, "available_memory", lambda: int((5 * 40 + 1) * 2**20 / workers.MEMORY_SHARE))
    args = ("estimate", "♠AQxxx ♥AQxxx", "--seat", "A", "--game", "7S A", "--layouts", "8", "--workers", "16", "--json")
    plain = run(*args)
    assert plain.exit_code == 0 and plain.stderr.startswith("pref: --workers 16 capped at 6: "), plain.stderr
    scored = run(*args, "--score", "sochi", "--defence", "whist,whist")
    assert scored.exit_code == 0, scored.output
    assert scored.stderr.startswith("pref: --workers 16 capped at 5: the free memory"), scored.stderr
    assert "of 40 MB" in scored.stderr, scored.stderr


def test_book_caps_its_worker_processes(monkeypatch):
    from preferans import workers
    from preferans.analysis.book import runner

    monkeypatch.setattr(workers, "cores", lambda: 1)
    seen = []
    monkeypatch.setattr(runner, "ProcessPoolExecutor", lambda **kw: seen.append(kw) or pytest.fail("no pool"))
    rows = runner.select(runner.catalogue(), (), "2.9")
    assert list(runner.run(rows[:1], samples=2, workers=64))  # capped at 1: solved here, no pool
    assert seen == []


# -- the commands' words ---------------------------------------------------------------------------


def test_the_command_list_says_what_each_command_says():
    from preferans.cli.app import COMMANDS
    for name, (_, summary) in COMMANDS.items():
        command = pref.get_command(None, name)
        assert command.get_short_help_str(200) == summary


def test_check_lang_ru_states_the_key_in_russian(tmp_path, kovalevskaya_toml):
    result = run("check", "--lang", "ru", write(tmp_path, "k.toml", kovalevskaya_toml))
    assert result.exit_code == 0, result.output
    assert ": 1, годных первых ходов 4 из 10: ♦10 ♦В ♦Д ♦К (равные карты: один ход)" in result.stdout


def test_lang_ru_translates_the_words_too(tmp_path, kovalevskaya_toml):
    from preferans.cli.words import plural
    assert [plural(n, "ru") for n in (0, 1, 2, 5, 11, 21, 22)] == \
        ["0 взяток", "1 взятка", "2 взятки", "5 взяток", "11 взяток", "21 взятка", "22 взятки"]
    assert [plural(n, "ru", taken=True) for n in (1, 2, 11, 21)] == ["1 взятку", "2 взятки", "11 взяток", "21 взятку"]
    from preferans.cli.words import number_word
    assert [number_word(n, "ru") for n in (2, 7, 10)] == ["двух", "семи", "десяти"]  # 10♠ with no trick: без десяти
    kovalevskaya = run("solve", "--lang", "ru", write(tmp_path, "k.toml", kovalevskaya_toml)).stdout
    assert "Ответ: мизер пойман, играет B: 1 взятка" in kovalevskaya
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
