"""The README's and the --help texts' examples: every file they name is shipped, and every
file of ``examples/`` runs through the command that uses it."""

import json
import re
import shlex
from pathlib import Path

from click.testing import CliRunner

from cli.main import pref

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def run(*args):
    return CliRunner().invoke(pref, [str(a) for a in args])


def _readme_commands() -> list[list[str]]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", readme, re.S)
    lines = [line.split("  #")[0].strip() for block in blocks for line in block.splitlines()]
    return [shlex.split(line) for line in lines if line.startswith("pref ")]


def test_every_file_the_readme_names_is_shipped():
    named = [w for words in _readme_commands() for w in words if w.endswith((".toml", ".jsonl")) and "*" not in w]
    assert "examples/many.jsonl" in named and "examples/problem.toml" in named
    for word in named:
        assert (ROOT / word).is_file(), word


def test_every_example_file_is_named_in_the_readme_and_runs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    files = sorted(p.name for p in EXAMPLES.iterdir())
    assert files == ["hand.toml", "many.jsonl", "problem.toml"]
    for name in files:
        assert f"examples/{name}" in readme, name

    solved = run("solve", "--jsonl", EXAMPLES / "many.jsonl")
    assert solved.exit_code == 0, solved.output
    assert [json.loads(line)["agrees"] for line in solved.stdout.splitlines()] == [True, True, True]
    checked = run("check", "--strict", EXAMPLES / "many.jsonl", EXAMPLES / "problem.toml")
    assert checked.exit_code == 0 and checked.stdout.splitlines()[-1] == "4 ok, 0 wrong", checked.output
    discard = run("discard", EXAMPLES / "problem.toml")
    assert discard.exit_code == 0 and "♦7 ♥7" in discard.stdout, discard.output
    estimate = run("estimate", EXAMPLES / "hand.toml", "--json")
    assert estimate.exit_code == 0, estimate.output
    summary = json.loads(estimate.stdout)
    assert summary["title"] == "Two ace-queens, spades trump" and summary["layouts"] == 300
