"""The problem collection in problems/: every file reads, has its source, theme and notes;
``pref check --strict`` agrees with every published answer and declared key; the classics of the
validation corpus are all there; the index page docs/problems.md is up to date."""

import importlib.util
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import pref
from solver import reference, solve
from solver.analysis.key import first_card_key
from solver.rules import Kind
from solver.api import make_position, parse_game
from solver.notation import parse_hand
from solver.problemfile import load

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "problems"
FILES = sorted(FOLDER.glob("*.toml"))
VALIDATION = ROOT.parent / "shared" / "validation"
CLASSICS = ["étude 1", "étude 2", "Kapustin", "Lasker", "Kovalevskaya", "De Gaulle", "unearthly"]


@pytest.fixture(scope="module")
def checked():
    """``pref check --strict --json`` on the whole collection, once."""
    result = CliRunner().invoke(pref, ["check", "--strict", "--json", str(FOLDER)])
    lines = [json.loads(line) for line in result.output.splitlines()]
    return result.exit_code, lines


def test_pref_check_strict_passes_on_every_problem_with_its_key(checked):
    code, lines = checked
    assert code == 0, [line for line in lines if not line.get("agrees", True)]
    assert len(lines) == len(FILES) + 1
    for line in lines[:-1]:
        assert line["agrees"] and line["expect"] == line["tricks"], line
        assert line["key"]["declared"] is not None, f"{line['file']} declares no key"
        assert line["key"]["problem"] is None, line
    assert lines[-1] == {"summary": {"ok": len(FILES), "wrong": 0, "without_expect": 0, "unreadable": 0}}


def test_collection_is_large_with_unique_keys_and_discard_problems(checked):
    _, lines = checked
    problems = [load(path) for path in FILES]
    assert len(problems) >= 40
    assert {p.game().kind.value for p in problems} == {"contract", "misere", "raspasy"}
    assert sum(line["key"]["unique"] for line in lines[:-1]) >= 25
    discards = [p for p in problems if p.needs_discard]
    assert len(discards) >= 5
    assert sum(line["key"]["discard"] for line in lines[:-1]) == len(discards)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_problem_has_title_source_theme_notes_and_key(path):
    problem = load(path)
    for field in ("title", "source", "theme", "difficulty", "notes"):
        assert getattr(problem, field).strip(), f"{path.name} lacks {field}"
    assert problem.theme.split(";")[0] == {"contract": "contract", "misere": "misère",
                                           "raspasy": "raspasy"}[problem.game().kind.value]
    assert problem.difficulty in ("easy", "medium", "hard")
    assert problem.expect is not None and problem.key is not None
    assert "issue 3" not in path.read_text(encoding="utf-8")
    # `pref solve` prints "title — source": the source says where the problem comes from,
    # it does not repeat the title.
    assert problem.title.lower().rstrip(".") not in problem.source.lower(), f"{path.name}: source repeats the title"


def _endings(most: int):
    out = []
    for path in FILES:
        problem = load(path)
        if not problem.needs_discard and problem.position().tricks_left <= most:
            out.append(path)
    return out


def _key_by_brute_force(path: Path) -> None:
    """The key and the answer of an ending, from the plain minimax of solver.reference."""
    problem = load(path)
    position, game = problem.position(), problem.game()
    focus = position.to_move if game.kind is Kind.RASPASY else game.declarer
    values = reference.card_values(position, game, focus)
    assert {(c,): v for c, v in values.items()} == first_card_key(position, game).values
    if game.kind is not Kind.RASPASY:
        assert reference.value(position, game, focus) == problem.expect


@pytest.mark.parametrize("path", _endings(4), ids=lambda p: p.stem)
def test_short_endings_agree_with_brute_force(path):
    _key_by_brute_force(path)


@pytest.mark.slow
@pytest.mark.parametrize("path", sorted(set(_endings(5)) - set(_endings(4))), ids=lambda p: p.stem)
def test_five_card_endings_agree_with_brute_force(path):
    _key_by_brute_force(path)


def _read_tests(path: Path):
    lines = path.read_text().split("\n")
    for i in range(int(lines[0])):
        block = lines[1 + 7 * i: 8 + 7 * i]
        yield [parse_hand(h) for h in block[:3]], int(block[3]), int(block[4]), block[5], int(block[6])


def _game(kind: str, declarer: int):
    if kind == "misere":
        return parse_game("misere", declarer="ABC"[declarer])
    return parse_game("contract", contract=kind.upper().replace("N", "NT"), declarer="ABC"[declarer])


@pytest.mark.skipif(not (VALIDATION / "composed7.tests").exists(), reason="validation corpus absent")
def test_every_classic_of_composed7_is_in_the_collection_with_its_source_and_answer():
    """Each classic is seated with its leader as A (seats turned, play order kept); its answer
    is the published one, and the solver finds it in the original seating too."""
    problems = [load(path) for path in FILES]
    for name, (hands, declarer, leader, kind, tricks) in zip(CLASSICS, _read_tests(VALIDATION / "composed7.tests")):
        turned = [hands[(leader + i) % 3] for i in range(3)]
        match = [p for p in problems if p.hands()[:3] == tuple(turned)]
        assert len(match) == 1, name
        problem = match[0]
        assert problem.leader_seat() == 0 and problem.declarer_seat() == (declarer - leader) % 3
        assert problem.expect == tricks, name
        # The source names where the layout was published (the web page or repository it was
        # read from) and keeps "attributed": no first print of any classic was found.
        assert re.search(r"(https?://|github\.com/)\S+", problem.source), f"{name}: no publication named"
        assert "attributed" in problem.source and "composed for this collection" not in problem.source
        game = _game(kind, declarer)
        original = make_position(*hands, leader="ABC"[leader], game=game)
        assert solve(original, game, with_line=False, with_card_values=False).tricks == tricks, name


@pytest.mark.skipif(not (VALIDATION / "jpref_misere49.tests").exists(), reason="validation corpus absent")
def test_problems_taken_from_jpref_are_its_positions_with_its_answers():
    # the problems whose source cites jpref's test suite (others may mention jpref in passing)
    taken = [load(path) for path in FILES if "github.com/ab-chesspad/jpref" in load(path).source]
    assert len(taken) >= 3
    corpus = {}
    for hands, declarer, leader, kind, tricks in _read_tests(VALIDATION / "jpref_misere49.tests"):
        turned = tuple(hands[(leader + i) % 3] for i in range(3))
        corpus[turned] = ((declarer - leader) % 3, tricks)
    for problem in taken:
        assert corpus[problem.hands()] == (problem.declarer_seat(), problem.expect), problem.path
        assert problem.leader_seat() == 0


def _index_module():
    spec = importlib.util.spec_from_file_location("problem_index", ROOT / "scripts" / "problem_index.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_index_page_is_up_to_date_and_lists_every_problem():
    page = (ROOT / "docs" / "problems.md").read_text(encoding="utf-8")
    assert page == _index_module().index_markdown(FOLDER), "run python scripts/problem_index.py"
    for path in FILES:
        assert f"(../problems/{path.name})" in page


def _values_after(path: Path, *played: str) -> dict[str, int]:
    """The declarer's tricks from the deal's start after ``played`` (cards one at a time, in play
    order from A), for each legal card of the player then to move."""
    from solver.cards import ascii_name
    from solver.rules import play

    problem = load(path)
    position, game = problem.position(), problem.game()
    names = {ascii_name(c): c for c in range(32)}
    for card in " ".join(played).split():
        position = play(position, game, names[card])
    result = solve(position, game, with_line=False)
    return {ascii_name(c): v + position.taken[game.declarer] for c, v in result.card_values.items()}


def test_squeeze_on_the_last_trump_every_discard_of_b_costs_a_trick():
    """nine-spades-squeeze-on-the-last-trump: after six rounds of trumps B, holding ♣A ♦K J ♥Q,
    loses a trick whatever he throws on the last trump (9), while A's other cards there give 8."""
    path = FOLDER / "nine-spades-squeeze-on-the-last-trump.toml"
    trumps = "QS 9C JS AS 10C 8H KS JC 9H 10S QC 10H 9S KC JH 8S KH 10D"
    assert _values_after(path, trumps) == {"7S": 9, "8C": 8, "AD": 8, "QD": 8}
    assert _values_after(path, trumps, "7S") == {"AC": 9, "JD": 9, "KD": 9, "QH": 9}


def test_spade_king_first_each_defender_has_one_card_to_beat_six_clubs():
    """six-clubs-spade-king-first-for-the-uppercut: the notes' card values at each defender's turn."""
    path = FOLDER / "six-clubs-spade-king-first-for-the-uppercut.toml"
    second = _values_after(path, "KS 7S 8S")
    assert second["10S"] == 5 and all(v == 6 for c, v in second.items() if c != "10S")
    assert _values_after(path, "KS 7S 8S 10S") == {"AS": 5, "9S": 7}
    third = _values_after(path, "KS 7S 8S 10S AS QS")
    assert third["9S"] == 5 and all(v == 6 for c, v in third.items() if c != "9S")
    for ruff in ("9C", "10C", "JC", "QC"):
        assert _values_after(path, "KS 7S 8S 10S AS QS 9S", ruff) == {"KC": 5, "8C": 6, "7C": 6}
    assert _values_after(path, "KS 7S 8S 10S AS QS 9S AC") == {"KC": 6, "8C": 5, "7C": 5}


def test_club_jack_every_return_of_b_costs_the_trump_trick():
    """six-spades-trump-coup-by-obligatory-ruff: once B wins the ♣J, each of his returns gives A
    his sixth trick; a club makes C ruff in front of A, who must then overruff the ♠K with the ♠A."""
    path = FOLDER / "six-spades-trump-coup-by-obligatory-ruff.toml"
    assert set(_values_after(path, "JC QC 9C").values()) == {6}
    assert _values_after(path, "JC QC 9C 7C") == {"7S": 6, "KS": 6}
    assert _values_after(path, "JC QC 9C 7C 7S") == {"8S": 6, "9S": 6, "10S": 6, "QS": 6, "AS": 5}
    over_the_king = _values_after(path, "JC QC 9C 7C KS")
    assert over_the_king["AS"] == 6 and all(v == 5 for c, v in over_the_king.items() if c != "AS")
