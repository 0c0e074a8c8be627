"""Bad input in what a problem says, and messages that name the real culprit: cards on the table,
the leader, hands of unequal length, a Latin T among Cyrillic ranks, a Cyrillic seat letter,
[expect] against the tricks played; the program's own spellings read, a position given by the
tricks that led to it."""

import json

import pytest
from click.testing import CliRunner

from conftest import ROOT, SMALL, assert_clean_error, jsonl, with_, write
from preferans import InputError, make_position, parse_game, solve
from preferans.cli.main import pref
from preferans.problemfile import dumps, load, loads


def run(*args, input=None):
    return CliRunner().invoke(pref, [str(a) for a in args], input=input)


PLAYED = {"deal": {"A": "♠AKQJ10 ♣AKQJ10", "B": "♠987 ♣987 ♦AKQJ", "C": "♦10987 ♥AKQJ109"},
          "game": {"kind": "contract", "contract": "6NT", "declarer": "A", "played": ["AS 7S 7D", ["KS", "8S", "8D"]],
                   "trick": "QS"}}

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


def _with_played(name: str, tricks: int) -> tuple[dict, tuple[int, int, int]]:
    """A collection problem (as its file's tables) with its best line's first ``tricks`` tricks
    ``played``, and the tricks each seat took in them; its [expect] is the file's, the whole deal."""
    from preferans.cards import ascii_name
    from preferans.problemfile import load, to_dict
    from preferans.problems import solve_problem

    problem = load(ROOT / "problems" / name)
    result = solve_problem(problem).result
    line = [ascii_name(c) for c in result.line]
    data = to_dict(problem)
    data["game"]["played"] = [" ".join(line[3 * i:3 * i + 3]) for i in range(tricks)]
    data.pop("notes", None)
    data["expect"].pop("key", None)  # the key is the first card's, at the start
    from preferans.problemfile import from_dict

    return data, from_dict(data, "x").position().taken


# -- cards and seats -------------------------------------------------------------------------------


@pytest.mark.parametrize("trick", ["♠AK", "S:AK", "AK...", "♠ A K", "♠A♠K"])
def test_a_suit_group_on_the_table_is_refused_not_reordered(trick):
    problem = {"deal": {"A": "♠Q", "B": "♠J", "C": "♣QJ"},
               "game": {"kind": "contract", "contract": "6NT", "declarer": "C", "leader": "A", "trick": trick}}
    result = run("solve", "--jsonl", "-", input=jsonl(problem))
    err = assert_clean_error(result)
    assert err[0].startswith("<stdin>: line 1: game.trick: "), err
    assert "one at a time" in err[0] or trick == "♠A♠K"


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


@pytest.mark.parametrize("seat, name", [("\u0410", "CYRILLIC CAPITAL LETTER A"), ("\u0412", "CYRILLIC CAPITAL LETTER VE"),
                                        ("\u0441", "CYRILLIC SMALL LETTER ES")])
def test_a_cyrillic_seat_letter_is_named(seat, name):
    problem = {**SMALL, "game": {**SMALL["game"], "declarer": seat}}
    err = assert_clean_error(run("solve", "--jsonl", "-", input=jsonl(problem)))
    assert f"'{seat}' is {name}: seats are the Latin letters A, B, C" in err[0]


def test_a_cyrillic_seat_letter_on_the_command_line_is_named():
    err = assert_clean_error(run("table", "--leader", "\u0410", "♠A / ♠K / ♠Q"))
    assert "'\u0410' is CYRILLIC CAPITAL LETTER A: seats are the Latin letters A, B, C" in err[0]
    assert run("table", "--leader", "b", "♠A / ♠K / ♠Q").exit_code == 0


@pytest.mark.parametrize("game", [{"kind": "misère", "declarer": "A"}, {"kind": "contract", "contract": "6♡",
                                                                         "declarer": "A"},
                                  {"kind": "contract", "contract": "6♥️", "declarer": "A"}])
def test_the_programs_own_spellings_are_accepted(game):
    problem = {**SMALL, "game": game}
    del problem["expect"]
    result = run("solve", "--jsonl", "-", input=jsonl(problem))
    assert result.exit_code == 0, result.output


# -- messages that name the real culprit -----------------------------------------------------------


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


def test_equal_hands_with_a_trick_in_progress_are_not_called_unequal():
    problem = {**SMALL, "game": {**SMALL["game"], "leader": "B", "trick": "7S 8S"}}
    err = assert_clean_error(run("solve", "--jsonl", "-", input=jsonl(problem)))
    assert "unequal" not in err[0]
    assert "hands of equal length (A 2, B 2, C 2) with 2 card(s) on the table: whoever played to the trick " \
           "holds one card fewer (A 2, B 1, C 1)" in err[0]


def test_table_of_one_hand_says_how_a_deal_is_written():
    err = assert_clean_error(run("table", "♠AK ♦7"))
    assert err[0] == "♠AK ♦7: deal: no such file, and not a deal: give a problem file or " \
                     "'A-hand / B-hand / C-hand [/ talon]'"


def test_the_talon_taken_and_the_discard_are_shown(tmp_path):
    # C took the talon ♥8 ♥9 and put aside ♥8 and ♠7: the talon's ♥9 is in his hand now
    result = run("solve", write(tmp_path, "t.toml", TAKEN))
    assert result.exit_code == 0, result.output
    assert "talon ♥8 ♥9, taken" in result.stdout and "discard ♥8 ♠7, out of play" in result.stdout, result.stdout
    err = assert_clean_error(run("solve", write(tmp_path, "b.toml", TAKEN.replace('"8H 9H"', '"8H 7H"'))))
    assert "7H is given in deal.B and in deal.talon" in err[0]


# -- [expect]: the whole deal's tricks -------------------------------------------------------------


@pytest.mark.parametrize("expect", [3, {"A": 0, "B": 0, "C": 5}])
def test_expect_beyond_the_tricks_left_is_refused(tmp_path, expect):
    problem = with_(SMALL, expect__tricks=expect)
    if isinstance(expect, dict):
        problem["game"] = {"kind": "raspasy"}
    path = write(tmp_path, "p.jsonl", jsonl(problem))
    result = run("check", path)
    err = assert_clean_error(result)
    assert err[0].startswith(f"{path}: line 1: expect.tricks: tricks must be 0 to 2, the tricks left")


@pytest.mark.parametrize("name, tricks", [("six-spades-draw-trumps-first.toml", 2),   # A took both
                                          ("kovalevskaya-misere.toml", 9),
                                          ("raspasy-talon-heart-throw-the-club-jack.toml", 3)])
def test_expect_counts_the_whole_deal_in_solve_check_the_board_and_the_api(tmp_path, name, tricks):
    from preferans.cli.board.moves import solve_object
    from preferans.problemfile import from_dict
    from preferans.problems import answer, solve_problem

    from preferans import solve

    data, taken = _with_played(name, tricks)
    assert any(taken)
    # the line played is double dummy's (its catchers knew the discard): after it, the answer at the
    # table is another question's, not the published one (Kovalevskaya's is caught after 9 tricks)
    data["expect"].pop("table", None)
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


def test_solve_exits_1_when_the_published_answer_differs(tmp_path, kovalevskaya_toml):
    wrong = write(tmp_path, "k.toml", kovalevskaya_toml.replace("tricks = 1", "tricks = 2"))
    result = run("solve", wrong)
    assert result.exit_code == 1 and "Published answer: 2 tricks — DIFFERS" in result.stdout
    lines = run("solve", "--jsonl", "-", input=jsonl(with_(SMALL, expect__tricks=1)))
    assert lines.exit_code == 1 and json.loads(lines.stdout)["agrees"] is False
    assert run("solve", write(tmp_path, "ok.toml", kovalevskaya_toml)).exit_code == 0


# -- a position given by the play that led to it ---------------------------------------------------


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
