"""The collection ships with the package: found by name in the repository and after a plain
(non-editable) install, where ``problems/`` becomes ``preferans/bundled_problems/``."""

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import module_name, run_child
from preferans import collection
from preferans.cli.main import pref
from preferans.problemfile import loads_toml

ROOT = Path(__file__).resolve().parents[1]


def test_the_collection_is_the_problems_folder_by_name():
    assert collection.folder() == ROOT / "problems"
    names = collection.names()
    assert names == sorted(p.stem for p in (ROOT / "problems").glob("*.toml"))
    assert collection.path_of("kovalevskaya-misere") == ROOT / "problems" / "kovalevskaya-misere.toml"
    assert collection.path_of("kovalevskaya-misere.toml") == collection.path_of("kovalevskaya-misere")
    for bad in ("", "no-such-problem", "../pyproject", "/etc/passwd", ".hidden"):
        assert collection.path_of(bad) is None, bad
    assert len(collection.problems()) == len(names)


def test_pref_solve_takes_a_problem_by_its_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # not in the repository: the name is not a path here
    by_name = CliRunner().invoke(pref, ["solve", "--json", "kovalevskaya-misere"])
    by_path = CliRunner().invoke(pref, ["solve", "--json", str(ROOT / "problems" / "kovalevskaya-misere.toml")])
    assert by_name.exit_code == 0, by_name.output
    assert json.loads(by_name.output)["tricks"] == json.loads(by_path.output)["tricks"] == 1
    (tmp_path / "kovalevskaya-misere").write_text("not a problem", encoding="utf-8")
    shadowed = CliRunner().invoke(pref, ["solve", "kovalevskaya-misere"])
    assert shadowed.exit_code == 2  # a file of that name is read first, as any path


def test_a_name_that_is_neither_a_file_nor_a_problem_says_both_and_the_nearest(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    typo = CliRunner().invoke(pref, ["solve", "kovalevskaya-misre", "kovalevskaya-misere"])
    assert typo.exit_code == 2
    first = typo.stderr.strip().splitlines()[0]
    assert first == ("kovalevskaya-misre: file: no such file, nor a problem of that name in the collection "
                     "(did you mean kovalevskaya-misere?)")
    assert "Kovalevskaya's misère" in typo.stdout  # the other name is still solved
    nothing_near = CliRunner().invoke(pref, ["solve", "nosuch"])
    assert nothing_near.exit_code == 2
    assert nothing_near.stderr.strip() == "nosuch: file: no such file, nor a problem of that name in the collection"
    board = CliRunner().invoke(pref, ["board", "lasker-misre"])  # the board reads names the same way
    assert board.exit_code == 2 and "did you mean lasker-misere?" in board.stderr


def test_pref_check_without_a_path_checks_problems_here_else_the_collection(tmp_path, monkeypatch):
    shipped = tmp_path / "shipped"  # stands for the installed collection: one problem, quick to check
    shipped.mkdir()
    (shipped / "kovalevskaya-misere.toml").write_bytes((ROOT / "problems" / "kovalevskaya-misere.toml").read_bytes())
    monkeypatch.setattr(collection, "folder", lambda: shipped)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # no ./problems: the collection is checked
    outside = CliRunner().invoke(pref, ["check"])
    assert outside.exit_code == 0, outside.output
    assert outside.stdout.startswith("ok    kovalevskaya-misere: 1,") and outside.stdout.endswith("1 ok, 0 wrong\n")
    assert str(shipped) not in outside.output  # the problem's name, not where the package is installed
    (elsewhere / "problems").mkdir()  # a composer's own folder here is checked instead
    (elsewhere / "problems" / "mine.toml").write_text('title = "Mine"\n[deal]\nA = "♠A"\nB = "♠7"\nC = "♣7"\n'
                                                      '[game]\nkind = "contract"\ncontract = "6S"\n'
                                                      'declarer = "A"\n[expect]\ntricks = 1\n', encoding="utf-8")
    inside = CliRunner().invoke(pref, ["check"])
    assert inside.exit_code == 0, inside.output
    assert "problems/mine.toml" in inside.stdout and "kovalevskaya" not in inside.stdout


def test_every_package_is_named_in_pyproject():
    """The packages are listed by name (a find cannot map problems/ into the package): a new
    package left out of the list would be missing from an installed copy. Every folder Python could
    import counts, a folder of data (the board's ``static/``) too: setuptools warns, forty lines at
    every editable install, of a folder inside a package that the list leaves out."""
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = {module_name(p) for top in ("solver", "cli") for p in [ROOT / top, *(ROOT / top).rglob("*")]
             if p.is_dir() and p.name.isidentifier() and p.name != "__pycache__"}
    assert listed == found | {"preferans.bundled_problems"}


@pytest.mark.slow
def test_a_plain_install_outside_the_repository_has_the_collection(tmp_path):
    """``pip install --target`` (not editable) into an empty folder, then ``pref solve NAME`` and
    the board's index from there, with the repository out of sight; the board's static files are
    all there."""
    target = tmp_path / "site"
    built = run_child([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(ROOT)],
                      600, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert built.returncode == 0, built.stderr
    installed = target / "preferans"  # one top-level name: no other distribution's `solver` or `cli` to clash with
    assert [p.name for p in target.iterdir() if p.suffix == ".py" or (p / "__init__.py").exists()] == [installed.name]
    assert len(list((installed / "bundled_problems").glob("*.toml"))) == len(collection.names())
    static = ROOT / "cli" / "board" / "static"  # the board's page and every module of its script
    assert sorted(p.name for p in (installed / "cli" / "board" / "static").iterdir()) == sorted(p.name for p in static.iterdir())
    env = {**os.environ, "PYTHONPATH": str(target), "PREF_CACHE_DIR": str(tmp_path / "cache")}
    script = ("import json; from preferans import collection; from preferans.cli.board import moves; "
              "print(json.dumps([str(collection.folder()), len(moves.collection_index())]))")
    where = run_child([sys.executable, "-c", script], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                      stderr=subprocess.PIPE, text=True)
    folder, count = json.loads(where.stdout)
    assert folder == str(installed / "bundled_problems") and count == len(collection.names())
    solved = run_child([sys.executable, "-c", "from preferans.cli.main import main; main()", "solve", "--json",
                        "kovalevskaya-misere"], cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    assert solved.returncode == 0, solved.stderr
    assert json.loads(solved.stdout)["tricks"] == 1


# -- both languages ---------------------------------------------------------------------------


def test_pref_check_strict_passes_a_problem_in_one_language(tmp_path):
    """A user's own problem in English only is a good problem, --strict or not, in text and JSON;
    the collection's both languages are asked by the test below, not by pref check."""
    text = ('title = "Mine"\ntask = "Make it."\n[deal]\nA = "♠A"\nB = "♠7"\nC = "♣7"\n'
            '[game]\nkind = "contract"\ncontract = "6S"\ndeclarer = "A"\n[expect]\ntricks = 1\nkey = "AS"\n')
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    assert loads_toml(text).untranslated() == ["ru.title", "ru.task"]  # what the collection's test would catch
    plain = CliRunner().invoke(pref, ["check", str(path)])
    strict = CliRunner().invoke(pref, ["check", "--strict", str(path)])
    assert plain.exit_code == strict.exit_code == 0, strict.output
    assert strict.stdout == plain.stdout and strict.stdout.startswith(f"ok    {path}: 1, ")
    assert strict.stdout.endswith("  (Mine)\n1 ok, 0 wrong\n")
    as_json = json.loads(CliRunner().invoke(pref, ["check", "--strict", "--json", str(path)]).stdout.splitlines()[0])
    assert as_json["agrees"] is True and "untranslated" not in as_json
    path.write_text(text + '[ru]\ntitle = "Моя"\ntask = "Сыграйте."\n', encoding="utf-8")
    russian = CliRunner().invoke(pref, ["check", "--strict", "--lang", "ru", str(path)])
    assert russian.exit_code == 0 and russian.stdout.splitlines()[0].endswith("(Моя)"), russian.output


def test_pref_solve_in_russian_reads_the_problems_russian_words():
    path = ROOT / "problems" / "kovalevskaya-misere.toml"
    out = CliRunner().invoke(pref, ["solve", "--lang", "ru", str(path)])
    assert out.exit_code == 0, out.output
    lines = out.stdout.splitlines()
    assert lines[0].startswith("Мизер Ковалевской — веб-приложение preferanser")
    assert lines[1] == "Задача: B играет мизер, первым ходит A. Поймайте мизер."
    notes = lines[lines.index("Примечания:") + 1:]
    assert notes[0] == "  B играет мизер; прикуп ♣К ♣Т вне игры. Первым ходит A. Мизер пойман на одну взятку."
    english = CliRunner().invoke(pref, ["solve", str(path)]).stdout.splitlines()
    assert english[1] == "Task: B plays misère; A leads. Catch the misère." and "Notes:" in english


RANK_WORDS = {"A": ("ace", "туз"), "K": ("king", "корол"), "Q": ("queen", "дам"), "J": ("jack", "валет"),
              "10": ("ten", "десят"), "9": ("nine", "девят"), "8": ("eight", "восьм"), "7": ("seven", "семёр")}
"""How a title names a card's rank, in English and (by the stem of every case) in Russian."""


def test_every_problem_of_the_collection_speaks_both_languages():
    """Title, task, theme, difficulty, notes and source, in English and Russian, and no word given in
    one language only (a user's own file may speak one: pref check does not ask this); the Russian
    notes use the Russian ranks."""
    for name, problem in collection.problems():
        for field in ("title", "task", "theme", "difficulty", "notes", "source"):
            english, russian = problem.text(field), problem.text(field, "ru")
            assert english and russian and english != russian, (name, field)
            assert re.search("[а-яё]", russian, re.IGNORECASE), (name, field, russian)
        assert problem.untranslated() == [], (name, problem.untranslated())
        assert not any(f"♠{r}" in problem.ru.notes or f"♣{r}" in problem.ru.notes for r in "AQJ"), name


def test_no_index_title_names_a_card_of_the_key():
    """The title the index shows (and problem mode until the solution) never names the rank of a
    key card, in words or as a card, in either language; 20 of the titles themselves name one."""
    from preferans.cards import ascii_name
    from preferans.notation import parse_cards
    from preferans.problemfile import ANY

    naming = 0
    for name, problem in collection.problems():
        if not problem.key or problem.key == ANY:
            continue
        cards = [ascii_name(c) for c in parse_cards(problem.key.replace(",", " "))]
        level = RANK_WORDS.get(str(problem.game().level), ()) if problem.kind == "contract" else ()
        words = {w for c in cards for w in RANK_WORDS[c[:-1]]} - set(level)  # "Nine spades" names the game
        symbols = {f"{'♠♣♦♥'['SCDH'.index(c[-1])]}{c[:-1]}" for c in cards}
        symbols |= {s.replace("A", "Т").replace("K", "К").replace("Q", "Д").replace("J", "В") for s in symbols}
        for lang in ("en", "ru"):
            shown = problem.text("index_title", lang).lower()
            assert not [w for w in words | {s.lower() for s in symbols} if w in shown], (name, lang, shown)
        naming += any(w in problem.title.lower() for w in words)
    assert naming == 20


def test_the_side_a_problem_is_about_agrees_with_its_theme():
    """A theme of the defence or of catching is the defenders' problem; any other (declarer play,
    a discard, a squeeze …) the declarer's: the board offers that side first."""
    for name, problem in collection.problems():
        if problem.kind == "raspasy":
            continue
        defenders = problem.game().declarer not in problem.side_seats()
        assert defenders == any(w in problem.theme for w in ("defence", "catching")), (name, problem.theme)
