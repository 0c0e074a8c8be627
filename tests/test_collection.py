"""The problem collection in problems/: every file reads, has its source and notes, and
``pref check`` agrees with every published answer."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import pref
from solver.problemfile import load

FOLDER = Path(__file__).resolve().parents[1] / "problems"
FILES = sorted(FOLDER.glob("*.toml"))


def test_collection_is_large_and_covers_every_kind():
    problems = [load(path) for path in FILES]
    assert len(problems) >= 30
    kinds = {p.game().kind.value for p in problems}
    assert kinds == {"contract", "misere", "raspasy"}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_problem_has_source_notes_and_expectation(path):
    text = path.read_text(encoding="utf-8")
    for key in ("title", "source", "notes", "[expect]"):
        assert key in text, f"{path.name} lacks {key}"


def test_pref_check_passes_on_the_collection():
    result = CliRunner().invoke(pref, ["check", str(FOLDER)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1].startswith(f"{len(FILES)} ok, 0 wrong")


def test_pref_check_json_reports_each_problem_and_a_summary():
    result = CliRunner().invoke(pref, ["check", "--json", str(FOLDER)])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert len(lines) == len(FILES) + 1
    assert all(line["agrees"] and line["expect"] == line["tricks"] for line in lines[:-1])
    assert lines[-1] == {"summary": {"ok": len(FILES), "wrong": 0, "without_expect": 0, "unreadable": 0}}
