"""The README's and the --help texts' examples: every file they name is shipped, and every
file of ``examples/`` runs through the command that uses it."""

import json
import re
import shlex
from pathlib import Path

from click.testing import CliRunner

from preferans.cli.main import pref

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
    checked = run("check", "--strict", EXAMPLES)  # the folder: hand.toml is an estimate question, passed over
    lines = checked.stdout.splitlines()
    assert checked.exit_code == 0 and lines[-1] == "4 ok, 0 wrong, 1 not a problem", checked.output
    assert f"skip  {EXAMPLES / 'hand.toml'}: estimate: an estimate question (pref estimate FILE asks it), " \
           "not a problem" in lines
    as_json = [json.loads(line) for line in run("check", "--json", EXAMPLES).stdout.splitlines()]
    assert as_json[0] == {"file": str(EXAMPLES / "hand.toml"),
                          "skipped": "an estimate question (pref estimate FILE asks it), not a problem"}
    assert as_json[-1]["summary"] == {"ok": 4, "wrong": 0, "without_expect": 0, "unreadable": 0, "skipped": 1}
    solved_by_mistake = run("solve", EXAMPLES / "hand.toml")  # solve has no use for it: bad input, said so
    assert solved_by_mistake.exit_code == 2 and "an estimate question" in solved_by_mistake.stderr
    discard = run("discard", EXAMPLES / "problem.toml")
    assert discard.exit_code == 0 and "♦7 ♥7" in discard.stdout, discard.output
    estimate = run("estimate", EXAMPLES / "hand.toml", "--json")
    assert estimate.exit_code == 0, estimate.output
    summary = json.loads(estimate.stdout)
    assert summary["title"] == "Two ace-queens, spades trump" and summary["layouts"] == 300
