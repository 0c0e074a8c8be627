"""``pref solve --stats`` and ``--only value``: what the search did, and the value alone."""

import json

from click.testing import CliRunner

from preferans.cli.main import pref

LINE = ('{"deal": {"A": "♠AKQ ♣7", "B": "♠J10 ♣8 ♦7", "C": "♣AKQ ♦8"}, '
        '"game": {"kind": "contract", "contract": "6S", "declarer": "A"}}')


def _run(*args):
    result = CliRunner().invoke(pref, ["solve", "--jsonl", "-", *args], input=LINE + "\n")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_only_value_gives_the_same_tricks_without_lines_or_card_values():
    full, only = _run(), _run("--only", "value")
    assert only["tricks"] == full["tricks"]
    assert "line" not in only and "card_values" not in only
    assert full["line"] and full["card_values"]
    assert only["nodes"] < full["nodes"]


def test_stats_count_the_search_of_each_problem():
    out = _run("--stats")
    stats = out["stats"]
    assert stats["nodes"] == out["nodes"] > 0
    assert stats["table_hits"] <= stats["table_probes"]
    assert stats["first_move_cuts"] <= stats["cuts"]
    assert 0 <= stats["first_move_cut_share"] <= 1


def test_stats_line_in_text(tmp_path):
    problem = tmp_path / "p.jsonl"
    problem.write_text(LINE + "\n", encoding="utf-8")
    result = CliRunner().invoke(pref, ["solve", "--stats", "--only", "value", str(problem)])
    assert result.exit_code == 0, result.output
    assert "Answer:" in result.output and "nodes; table" in result.output
    assert "Best line" not in result.output
