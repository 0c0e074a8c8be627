"""The ``pref`` command through click's runner: bad input, answers checked against brute force, output."""

import itertools
import json
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from preferans import reference
from preferans.analysis.discard import discard_values
from preferans.cards import SEATS, ascii_name, bit, cards_of, mask_of
from preferans.cli import runtime
from preferans.cli.main import pref
from preferans.cli.render import answer
from preferans.cli.style import Style, want_color
from preferans.kernel import config
from preferans.notation import format_hand, parse_card
from preferans.problemfile import load
from preferans.rules import Game, Position, TalonMode, play


def run(*args, input=None, env=None):
    return CliRunner().invoke(pref, list(args), input=input, env=env)


def write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problem_toml(hands, game: dict, **extra) -> str:
    """A problem file for masks ``hands`` and a ``[game]`` table; ``extra`` goes to [deal]/[expect]."""
    lines = ["[deal]"] + [f'{s} = "{format_hand(h, "ascii")}"' for s, h in zip(SEATS, hands)]
    lines += [f'{k} = "{v}"' for k, v in extra.get("deal", {}).items()]
    lines += ["[game]"] + [f'{k} = "{v}"' for k, v in game.items()]
    if "expect" in extra:
        lines += ["[expect]", f"tricks = {extra['expect']}"]
    return "\n".join(lines) + "\n"


def assert_one_line_error(result, where: str, field: str):
    assert result.exit_code == 2, result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)
    err = result.stderr.strip()
    assert "\n" not in err, err
    assert err.startswith(f"{where}: {field}: "), err
    assert "Traceback" not in result.output


# -- bad input -----------------------------------------------------------------------

BAD_FILES = [
    ("card given twice", ("♠JQ", "♠JQQ"), "deal.A"),
    ("card in a hand and in the talon", ('talon = "KC AC"', 'talon = "KC 7H"'), "deal.talon"),
    ("unequal hands", ("♥89", "♥8"), "deal"),
    ("unknown rank", ("♠KA", "♠KZ"), "deal.C"),
    ("unknown suit", ('A = "♠JQ', 'A = "W:JQ'), "deal.A"),
    ("contract 11S", ('kind = "misere"', 'kind = "contract"\ncontract = "11S"'), "game.contract"),
    ("declarer D", ('declarer = "B"', 'declarer = "D"'), "game.declarer"),
    ("talon mode on a misère", ('declarer = "B"', 'declarer = "B"\nraspasy_talon = "suit"'),
     "game.raspasy_talon"),
    ("unknown key", ("[expect]", "[expect]\ntricks_ = 1"), "expect.tricks_"),
]


@pytest.mark.parametrize("what, change, field", BAD_FILES, ids=[b[0] for b in BAD_FILES])
@pytest.mark.parametrize("command", ["solve", "check", "discard", "table"])
def test_bad_problem_file_is_one_line_and_exit_2(tmp_path, what, change, field, command, kovalevskaya_toml):
    text = kovalevskaya_toml.replace(*change)
    assert text != kovalevskaya_toml
    path = write(tmp_path, "bad.toml", text)
    assert_one_line_error(run(command, str(path)), str(path), field)


def test_talon_mode_on_a_deal_without_talon(tmp_path, kovalevskaya_toml):
    text = kovalevskaya_toml.replace('talon = "KC AC"\n', "").replace('kind = "misere"\ndeclarer = "B"',
                                                                       'kind = "raspasy"\nraspasy_talon = "dealer"')
    path = write(tmp_path, "r.toml", text.replace("tricks = 1", "tricks = {A = 0, B = 0, C = 10}"))
    assert_one_line_error(run("solve", str(path)), str(path), "game.raspasy_talon")


def test_broken_toml_names_the_line(tmp_path, kovalevskaya_toml):
    path = write(tmp_path, "broken.toml", kovalevskaya_toml.replace("[game]", "[game"))
    assert_one_line_error(run("solve", str(path)), str(path), "line 8")


def test_broken_json_file_names_the_line(tmp_path):
    path = write(tmp_path, "broken.json", '{"deal": {"A": "♠A",\n "B": }}')
    assert_one_line_error(run("solve", str(path)), str(path), "line 2")


def test_broken_json_line_in_a_stream(tmp_path):
    good = json.dumps({"deal": {"A": "♠A", "B": "♠K", "C": "♠Q"},
                       "game": {"kind": "contract", "contract": "6S", "declarer": "A"}})
    result = run("solve", "--jsonl", "-", input=f"{good}\n{{broken\n{good}\n")
    assert result.exit_code == 2
    assert result.stderr.strip().startswith("<stdin>: line 2: broken JSON: ")
    assert "\n" not in result.stderr.strip() and "Traceback" not in result.output
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert [o.get("tricks") for o in out] == [1, None, 1]
    assert out[1]["lineno"] == 2 and "broken JSON" in out[1]["error"]


def test_missing_file_is_exit_2(tmp_path):
    result = run("solve", str(tmp_path / "nope.toml"))
    assert_one_line_error(result, str(tmp_path / "nope.toml"), "file")


def test_solve_takes_the_best_discard_of_a_declarer_with_twelve_cards(tmp_path, kovalevskaya_toml):
    # Changed by issue 6: pref solve used to refuse him; now it solves with his best discard, as check does.
    text = kovalevskaya_toml.replace('talon = "KC AC"\n', "").replace("♠KA ♣10JQ", "♠KA ♣10JQKA")
    text = text.replace('declarer = "B"', 'declarer = "C"').replace("[expect]\ntricks = 1\n", "")
    path = write(tmp_path, "d.toml", text)
    problem = load(path)
    hands12, seat = problem.deal_for_discard()
    values = discard_values(hands12, seat, problem.game())
    best = values[0].tricks
    result = run("solve", str(path))
    assert result.exit_code == 0, result.output
    assert "the best discard, chosen by the solver" in result.stdout
    assert f"caught: {best} trick" in result.stdout or (best == 0 and "clean" in result.stdout)
    out = json.loads(run("solve", "--json", str(path)).stdout)
    assert out["tricks"] == best
    assert out["discard_chosen"] is True and len(out["discard"]) == 2
    assert tuple(sorted(parse_card(c) for c in out["discard"])) in \
        {tuple(sorted(v.discard)) for v in values if v.tricks == best}
    assert all(len(out["deal"][s]) == 10 for s in SEATS)


# -- answers against the brute-force reference -------------------------------------------


def random_ending(seed: int, size: int = 3) -> tuple[int, int, int]:
    deck = list(range(32))
    random.Random(seed).shuffle(deck)
    return tuple(mask_of(deck[i * size:(i + 1) * size]) for i in range(3))


GAMES = [
    ({"kind": "contract", "contract": "6S", "declarer": "A"}, Game.contract(6, 0, 0)),
    ({"kind": "contract", "contract": "7H", "declarer": "B"}, Game.contract(7, 3, 1)),
    ({"kind": "contract", "contract": "8NT", "declarer": "C"}, Game.contract(8, 4, 2)),
    ({"kind": "misere", "declarer": "A"}, Game.misere(0)),
    ({"kind": "misere", "declarer": "C"}, Game.misere(2)),
]


def tricks_along(position: Position, game: Game, line: list[str], seat: int) -> int:
    """Play the JSON line through the rules and count ``seat``'s tricks."""
    before = position.taken[seat]
    for name in line:
        position = play(position, game, parse_card(name))
    assert position.is_over()
    return position.taken[seat] - before


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("fields, game", GAMES, ids=[g[0]["kind"] + g[0].get("contract", "") + g[0]["declarer"]
                                                      for g in GAMES])
def test_solve_json_matches_brute_force(tmp_path, seed, fields, game):
    hands = random_ending(seed)
    leader = seed % 3
    path = write(tmp_path, "p.toml", problem_toml(hands, {**fields, "leader": SEATS[leader]}))
    result = run("solve", "--json", str(path))
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    position = Position(hands, leader)
    assert out["tricks"] == reference.value(position, game, game.declarer)
    assert out["card_values"] == {ascii_name(c): v for c, v in
                                  reference.card_values(position, game, game.declarer).items()}
    assert tricks_along(position, game, out["line"], game.declarer) == out["tricks"]
    assert out["nodes"] > 0 and out["to_move"] == SEATS[leader]


@pytest.mark.parametrize("seed", range(4))
def test_solve_json_matches_brute_force_on_raspasy(tmp_path, seed):
    hands = random_ending(100 + seed)
    game = Game.raspasy(TalonMode.NONE)
    path = write(tmp_path, "r.toml", problem_toml(hands, {"kind": "raspasy", "leader": SEATS[seed % 3]}))
    out = json.loads(run("solve", "--json", str(path)).stdout)
    position = Position(hands, seed % 3)
    for seat in range(3):
        assert out["tricks"][SEATS[seat]] == reference.value(position, game, seat)
        assert tricks_along(position, game, out["lines"][SEATS[seat]], seat) == out["tricks"][SEATS[seat]]
    mover = position.to_move
    assert out["card_values"] == {ascii_name(c): v for c, v in reference.card_values(position, game, mover).items()}


def test_solve_a_trick_in_progress(tmp_path):
    # B has led ♠10; C (void in spades, no trumps) discards; A wins both tricks.
    text = problem_toml((mask_of(map(parse_card, ["AS", "KS"])), bit(parse_card("7C")),
                         mask_of(map(parse_card, ["AC", "KC"]))),
                        {"kind": "contract", "contract": "6S", "declarer": "A", "leader": "B", "trick": "10S"},
                        expect=2)
    path = write(tmp_path, "e.toml", text)
    out = json.loads(run("solve", "--json", str(path)).stdout)
    assert out["tricks"] == 2 and out["to_move"] == "C" and out["trick"] == ["10S"]
    text_out = run("solve", str(path)).stdout
    assert "[B ♠10]" in text_out and "A takes 2 of the 2 tricks left" in text_out


def test_kovalevskaya_text(tmp_path, kovalevskaya_toml):
    path = write(tmp_path, "k.toml", kovalevskaya_toml)
    result = run("solve", str(path))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Answer: misère by B caught: 1 trick" in out
    assert "Published answer: 1 trick — agrees" in out
    assert "talon ♣K ♣A, out of play" in out
    assert "1 trick: ♦K ♦Q ♦J ♦10" in out          # the cards that catch it, grouped
    assert "   1. A ♦10   B ♦7    C ♦A    → C" in out
    assert out.count("→") == 10


def test_answers_in_players_terms():
    style = Style()
    six_spades = Game.contract(6, 0, 2)
    assert answer(10, six_spades, 7, style) == "6♠ by C: 7 tricks, made with one over"
    assert answer(10, six_spades, 6, style) == "6♠ by C: 6 tricks, made exactly"
    assert answer(10, six_spades, 4, style) == "6♠ by C: 4 tricks, down 2"
    assert answer(3, six_spades, 2, style) == "6♠ by C: C takes 2 of the 3 tricks left"
    assert answer(10, Game.misere(1), 1, style) == "misère by B caught: 1 trick"
    assert answer(10, Game.misere(1), 0, style) == "misère by B clean: no trick"
    assert answer(10, Game.raspasy(), {"A": 1, "B": 2, "C": 3}, style).startswith("raspasy: A 1, B 2, C 3")


def test_misere_clean_through_the_cli(tmp_path):
    hands = tuple(mask_of(map(parse_card, cards)) for cards in (["7S", "7C"], ["AS", "AC"], ["KS", "KC"]))
    path = write(tmp_path, "m.toml", problem_toml(hands, {"kind": "misere", "declarer": "A"}))
    assert "misère by A clean: no trick" in run("solve", str(path)).stdout


def test_json_lines_stream_from_a_file(tmp_path):
    lines = []
    for seed in range(3):
        hands = random_ending(seed)
        lines.append(json.dumps({"deal": {s: format_hand(h, "ascii") for s, h in zip(SEATS, hands)},
                                 "game": {"kind": "contract", "contract": "6NT", "declarer": "A"}}))
    path = write(tmp_path, "in.jsonl", "\n".join(lines) + "\n")
    result = run("solve", "--jsonl", str(path))
    assert result.exit_code == 0
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert [o["lineno"] for o in out] == [1, 2, 3]
    for o, seed in zip(out, range(3)):
        assert o["tricks"] == reference.value(Position(random_ending(seed)), Game.contract(6, 4, 0), 0)


# -- output form ----------------------------------------------------------------------------


def test_lang_ru_prints_cyrillic_ranks(tmp_path, kovalevskaya_toml):
    path = write(tmp_path, "k.toml", kovalevskaya_toml)
    out = run("solve", "--lang", "ru", str(path)).stdout
    assert "♠ Т К" in out and "♦К ♦Д ♦В ♦10" in out
    assert "♠ A K" not in out


def test_no_colour_off_a_terminal(tmp_path, kovalevskaya_toml):
    path = write(tmp_path, "k.toml", kovalevskaya_toml)
    assert "\x1b[" not in run("solve", str(path)).output
    assert "\x1b[31m" in run("solve", "--color", str(path)).stdout


class FakeTerminal:
    def isatty(self):
        return True


def test_colour_only_on_a_terminal_and_never_with_no_color(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert want_color(None, FakeTerminal()) is True
    assert want_color(None, object()) is False
    assert want_color(False, FakeTerminal()) is False
    monkeypatch.setenv("NO_COLOR", "1")
    assert want_color(None, FakeTerminal()) is False


def test_compile_notice_when_the_cache_is_cold(tmp_path, monkeypatch, kovalevskaya_toml):
    path = write(tmp_path, "k.toml", kovalevskaya_toml)
    monkeypatch.setattr(config, "is_compiled", lambda: False)
    runtime.reset_engine()
    try:
        result = run("solve", "--json", str(path))
    finally:
        runtime.reset_engine()
    notice, done = result.stderr.strip().split("… ")  # one line: the notice, and when it ends how long it took
    assert notice + "…" == runtime.COMPILE_NOTICE and re.fullmatch(r"done in \d+ s", done), result.stderr
    json.loads(result.stdout)  # stdout stays clean JSON


def test_compile_notice_speaks_the_commands_language(tmp_path, monkeypatch, kovalevskaya_toml):
    path = write(tmp_path, "k.toml", kovalevskaya_toml)
    monkeypatch.setattr(config, "is_compiled", lambda: False)
    runtime.reset_engine()
    try:
        result = run("solve", "--lang", "ru", str(path))
    finally:
        runtime.reset_engine()
    notice, done = result.stderr.strip().split("… ")
    assert notice.startswith("компилирую решатель в машинный код") and re.fullmatch(r"готово за \d+ с", done), \
        result.stderr
    assert "Ответ: мизер пойман" in result.stdout


# -- check ---------------------------------------------------------------------------------


def test_check_reports_ok_and_wrong(tmp_path, kovalevskaya_toml):
    folder = tmp_path / "problems"
    folder.mkdir()
    write(folder, "good.toml", kovalevskaya_toml)
    write(folder, "wrong.toml", kovalevskaya_toml.replace("tricks = 1", "tricks = 0"))
    write(folder, "plain.toml", kovalevskaya_toml.replace("[expect]\ntricks = 1\n", ""))
    result = run("check", str(folder))
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert f"ok    {folder / 'good.toml'}: 1, 4 of 10 first cards work: ♦10 ♦J ♦Q ♦K (equal cards: one play)  (Kovalevskaya's misère)" in lines
    assert f"WRONG {folder / 'wrong.toml'}: expected 0, solver 1  (Kovalevskaya's misère)" in lines
    assert lines[-1] == "1 ok, 1 wrong, 1 without [expect]"


def test_check_defaults_to_problems_folder_and_passes(tmp_path, monkeypatch, kovalevskaya_toml):
    folder = tmp_path / "problems" / "misere"
    folder.mkdir(parents=True)
    write(folder, "k.toml", kovalevskaya_toml)
    raspasy = problem_toml(random_ending(7), {"kind": "raspasy"})
    values = {s: reference.value(Position(random_ending(7)), Game.raspasy(TalonMode.NONE), i)
              for i, s in enumerate(SEATS)}
    write(folder, "r.toml", raspasy + f"[expect]\ntricks = {{A = {values['A']}, B = {values['B']}, "
                                      f"C = {values['C']}}}\n")
    monkeypatch.chdir(tmp_path)
    result = run("check")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "2 ok, 0 wrong"


def test_check_a_bad_file_is_exit_2(tmp_path, kovalevskaya_toml):
    write(tmp_path, "good.toml", kovalevskaya_toml)
    write(tmp_path, "bad.toml", kovalevskaya_toml.replace('"D"', '"B"').replace('declarer = "B"', 'declarer = "D"'))
    result = run("check", str(tmp_path))
    assert result.exit_code == 2
    assert result.stderr.strip().startswith(f"{tmp_path / 'bad.toml'}: game.declarer: ")
    assert "1 ok, 0 wrong, 1 unreadable" in result.stdout


def test_check_a_missing_path_is_exit_2(tmp_path):
    assert_one_line_error(run("check", str(tmp_path / "none")), str(tmp_path / "none"), "file")


def test_check_uses_the_best_discard_for_a_declarer_with_two_extra_cards(tmp_path):
    hands, declarer, game = discard_deal()
    best = max(reference.value(Position(tuple(h & ~bit(a) & ~bit(b) if s == declarer else h
                                              for s, h in enumerate(hands))), game, declarer)
               for a, b in itertools.combinations(cards_of(hands[declarer]), 2))
    path = write(tmp_path, "d.toml", problem_toml(hands, {"kind": "contract", "contract": "6D", "declarer": "B"},
                                                  expect=best))
    result = run("check", str(path))
    assert result.exit_code == 0, result.output


# -- table ----------------------------------------------------------------------------------


def test_table_matches_brute_force(tmp_path):
    hands = random_ending(11)
    deal = " / ".join(format_hand(h) for h in hands)
    result = run("table", "--json", deal)
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    position = Position(hands, 0)
    for d in range(3):
        for strain, name in enumerate(["S", "C", "D", "H", "NT"]):
            assert out["contracts"][SEATS[d]][name] == reference.value(position, Game.contract(6, strain, d), d)
        assert out["misere"][SEATS[d]] == reference.value(position, Game.misere(d), d)
        assert out["raspasy"][SEATS[d]] == reference.value(position, Game.raspasy(TalonMode.NONE), d)


def test_table_with_a_talon_takes_the_best_discard(tmp_path):
    deck = list(range(32))
    random.Random(5).shuffle(deck)
    hands = tuple(mask_of(deck[i * 3:(i + 1) * 3]) for i in range(3))
    talon = deck[9:11]
    path = write(tmp_path, "t.toml", "[deal]\n" + "".join(f'{s} = "{format_hand(h)}"\n' for s, h in zip(SEATS, hands))
                 + f'talon = "{" ".join(ascii_name(c) for c in talon)}"\n')
    result = run("table", "--json", str(path))
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    for d in range(3):
        twelve = hands[d] | mask_of(talon)
        for strain, name in enumerate(["S", "C", "D", "H", "NT"]):
            game = Game.contract(6, strain, d)
            assert out["contracts"][SEATS[d]][name] == max(discard_brute_force(hands, d, twelve, game).values())
        assert out["misere"][SEATS[d]] == min(discard_brute_force(hands, d, twelve, Game.misere(d)).values())
    text = run("table", str(path)).stdout
    assert "Best discards (the talon taken):" in text


def test_table_bad_inline_deal_names_the_field():
    result = run("table", "♠AK / ♠QZ / ♣AK")
    assert_one_line_error(result, "DEAL", "deal.B")
    assert_one_line_error(run("table", "♠AK / ♠Q / ♣AK"), "DEAL", "deal")


def test_table_text_has_every_column():
    out = run("table", " / ".join(format_hand(h) for h in random_ending(3))).stdout
    header = next(line for line in out.splitlines() if "misère" in line and "NT" in line)
    assert all(symbol in header for symbol in "♠♣♦♥")
    assert "Raspasy (the talon is not used): A " in out


# -- discard --------------------------------------------------------------------------------


def discard_deal():
    """B, the declarer, holds 5 cards against 3 and 3: ten discards to try."""
    deck = list(range(32))
    random.Random(21).shuffle(deck)
    hands = (mask_of(deck[0:3]), mask_of(deck[3:8]), mask_of(deck[8:11]))
    return hands, 1, Game.contract(6, 2, 1)


def discard_brute_force(hands, declarer: int, twelve: int, game: Game) -> dict:
    out = {}
    for a, b in itertools.combinations(cards_of(twelve), 2):
        h = list(hands)
        h[declarer] = twelve & ~bit(a) & ~bit(b)
        out[tuple(sorted((a, b)))] = reference.value(Position(tuple(h)), game, declarer)
    return out


def test_discard_json_matches_brute_force(tmp_path):
    hands, declarer, game = discard_deal()
    path = write(tmp_path, "d.toml", problem_toml(hands, {"kind": "contract", "contract": "6D", "declarer": "B"}))
    result = run("discard", "--json", str(path))
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    expected = discard_brute_force(hands, declarer, hands[declarer], game)
    got = {tuple(sorted(parse_card(c) for c in pair)): group["tricks"]
           for group in out["groups"] for pair in group["discards"]}
    assert got == expected
    assert out["best"]["tricks"] == max(expected.values())
    for strain, name in enumerate(["S", "C", "D", "H", "NT"]):
        strain_game = Game.contract(6, strain, declarer)
        assert out["strains"][name]["tricks"] == max(discard_brute_force(hands, declarer, hands[declarer],
                                                                         strain_game).values())
    assert out["best_contract"] is None  # 5 cards make no contract of 6


def test_discard_text_of_a_full_deal(tmp_path):
    text = """\
[deal]
A = "♠10 9 8 7 ♣Q J ♦Q J ♥Q J"
B = "♣10 9 8 7 ♦10 9 8 ♥10 9 8"
C = "♠A K Q J ♣A K ♦A K 7 ♥A K 7"
[game]
kind = "contract"
contract = "6S"
declarer = "C"
"""
    path = write(tmp_path, "full.toml", text)
    out = run("discard", str(path)).stdout
    assert "10 tricks: ♦7 ♥7" in out
    assert "Best discard: ♦7 ♥7: 6♠ by C: 10 tricks, made with four over" in out
    assert "Best contract: 10NT by C, discarding ♦7 ♥7" in out


def test_discard_for_a_misere_lists_fewest_first(tmp_path):
    hands, _, _ = discard_deal()
    path = write(tmp_path, "m.toml", problem_toml(hands, {"kind": "misere", "declarer": "B"}))
    out = json.loads(run("discard", "--json", str(path)).stdout)
    values = [g["tricks"] for g in out["groups"]]
    assert values == sorted(values) and "best_contract" not in out
    assert values[0] == min(discard_brute_force(hands, 1, hands[1], Game.misere(1)).values())


def test_discard_needs_two_extra_cards(tmp_path, kovalevskaya_toml):
    path = write(tmp_path, "k.toml", kovalevskaya_toml.replace('talon = "KC AC"\n', ""))
    assert_one_line_error(run("discard", str(path)), str(path), "deal")


# -- help -------------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["solve", "check", "table", "discard", "score"])
def test_every_command_explains_itself_with_an_example(command):
    result = run(command, "--help")
    assert result.exit_code == 0
    assert "Example" in result.stdout and f"pref {command}" in result.stdout


@pytest.mark.parametrize("command", ["", "solve", "check", "table", "discard", "bench", "estimate", "book", "board",
                                     "score"])
def test_the_examples_in_help_name_files_that_exist_and_valid_json(command):
    """A user copies an example from --help: the files it names are in the repository (examples/
    holds those that are no problem of the collection), and JSON Lines given inline is one line."""
    import shlex
    result = run(*([command] if command else []), "--help")
    root = Path(__file__).resolve().parents[1]
    examples = [re.split(r"\s{3,}", line.strip().removeprefix("then: "))[0] for line in result.stdout.splitlines()
                if line.strip().removeprefix("then: ").startswith(("pref ", "echo "))]
    assert examples, result.stdout
    for example in examples:
        words = shlex.split(example.split("|")[0] if example.startswith("echo") else example)
        if words[0] == "echo":
            json.loads(words[1])
            continue
        for word in words:
            if word.endswith((".toml", ".jsonl", "/")) and "*" not in word:
                assert (root / word).exists(), f"{example}: {word} does not exist"


def test_pref_is_installed_as_a_command():
    exe = shutil.which("pref")
    if exe is None:
        pytest.skip("pref is not on PATH (pip install -e .)")
    result = subprocess.run([exe, "--help"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0
    assert "solve" in result.stdout and "check" in result.stdout


# -- published positions, end to end ---------------------------------------------------------

VALIDATION = Path(__file__).resolve().parents[2] / "shared" / "validation" / "composed7.tests"


@pytest.mark.skipif(not VALIDATION.is_file(), reason="../shared/validation is not here")
def test_check_passes_on_the_published_composed_problems(tmp_path):
    """The famous composed problems, written as JSON Lines problem files, through ``pref check``."""
    rows = [line.strip() for line in VALIDATION.read_text().splitlines() if line.strip()]
    problems = []
    for i in range(int(rows[0])):
        a, b, c, declarer, leader, game, tricks = rows[1 + 7 * i: 8 + 7 * i]
        fields = {"kind": "misere"} if game == "misere" else \
            {"kind": "contract", "contract": game.upper().replace("N", "NT")}
        fields.update(declarer=SEATS[int(declarer)], leader=SEATS[int(leader)])
        problems.append(json.dumps({"deal": {"A": a, "B": b, "C": c}, "game": fields,
                                    "expect": {"tricks": int(tricks)}}))
    path = write(tmp_path, "composed.jsonl", "\n".join(problems) + "\n")
    result = run("check", str(path))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == f"{len(problems)} ok, 0 wrong"


def test_solve_text_has_no_trailing_blanks():
    """The notes' empty lines stay empty (a diff or an editor shows stray blanks)."""
    text = run("solve", "problems/kovalevskaya-misere.toml").stdout
    assert "\n\n  B's weak spot" in text
    assert [line for line in text.splitlines() if line != line.rstrip()] == []
