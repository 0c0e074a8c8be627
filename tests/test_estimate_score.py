"""Estimates in points (``pref estimate --score``): each layout's balances are the scoring
module's for that layout's tricks, the figures are their means, the choices paired."""

import csv
import json
from dataclasses import replace
from fractions import Fraction

import pytest
from click.testing import CliRunner

from cli.main import pref
from solver.analysis.estimate import estimate, question
from solver.analysis.estimate.score import Scoring, parse_defence
from solver.errors import InputError
from solver.scoring import balance, deal_from_dict, options_for, write

HAND = "♠AQxxx ♥AQxxx"


def scored(convention="sochi", defences=("whist,pass",), players=3, games=("6S A", "7S A"), hand=HAND, seat="A",
           **options):
    q = question(hand, seat=seat, games=list(games))
    scoring = Scoring(convention, options_for(convention, options or None), players,
                      tuple(parse_defence(d, players) for d in defences))
    return replace(q, scoring=scoring, keep_layouts=True)


def fractions(row):
    return {label: {s: Fraction(v) for s, v in seats.items()} for label, seats in row["balance"].items()}


def test_each_layout_is_scored_as_the_scoring_module_scores_its_tricks():
    q = scored(defences=("whist,pass", "pass,pass"), players=4)
    result = estimate(q, 30, seed=3, workers=1)
    rows = sorted(result.tally.rows, key=lambda r: r["layout"])
    assert len(rows) == 30
    for row in rows:
        got = fractions(row)
        for game, level in (("6♠ by A", "6S"), ("7♠ by A", "7S")):
            taken = row[game]
            for defence, choices in (("B whist, C pass", {"B": "whist", "C": "pass"}),
                                     ("B pass, C pass", {"B": "pass", "C": "pass"})):
                deal = deal_from_dict({"players": 4, "game": level, "declarer": "A", "defence": choices,
                                       "tricks": {"A": taken, "B": 10 - taken, "C": 0}})
                opts = options_for("sochi")
                assert got[f"{game} ({defence})"] == balance(write(deal, opts), opts)
    summary = result.summary().score
    for i, item in enumerate(summary.scored):
        for seat in "ABCD":
            mean = sum(fractions(r)[item.label][seat] for r in rows) / len(rows)
            assert item.balance[seat].value == pytest.approx(float(mean))
            assert item.balance[seat].low <= item.balance[seat].value <= item.balance[seat].high


def test_two_whisters_split_the_defenders_tricks_by_the_best_line():
    q = scored(defences=("whist,whist",), games=("6S A",))
    result = estimate(q, 20, seed=4, workers=1)
    opts = options_for("sochi")
    for row in result.tally.rows:
        taken = row["6♠ by A"]
        got = fractions(row)["6♠ by A (B whist, C whist)"]
        splits = []
        for b in range(11 - taken):
            deal = deal_from_dict({"game": "6S", "declarer": "A", "defence": {"B": "whist", "C": "whist"},
                                   "tricks": {"A": taken, "B": b, "C": 10 - taken - b}})
            splits.append(balance(write(deal, opts), opts))
        assert got in splits  # one split of the defenders' tricks, their total fixed by the search


def test_paired_choices_the_declarers_game_and_a_defenders_defence():
    q = scored(defences=("whist,pass", "whist,whist"))
    summary = estimate(q, 30, seed=5, workers=1).summary().score
    assert len(summary.best) == 2  # the declarer's best game under each defence
    for pair in summary.paired:
        best = next(s for s in summary.scored if s.label == pair.options[0])
        other = next(s for s in summary.scored if s.label == pair.options[1])
        assert pair.difference.value == pytest.approx(best.balance["A"].value - other.balance["A"].value)
        assert best.defence == other.defence and best.option != other.option
    q = scored(defences=("whist,pass", "pass,pass", "half,pass"), games=("6S A",), convention="leningrad",
               hand="♠K Q x ♣A x x ♦K x x ♥x", seat="B")
    summary = estimate(q, 20, seed=6, workers=1).summary().score
    assert summary.seat == "B" and len(summary.best) == 1 and len(summary.paired) == 2
    assert {p.options[1] for p in summary.paired} | {p.options[0] for p in summary.paired} == \
        {s.label for s in summary.scored}


def test_raspasy_cost_per_seat_at_a_round():
    q = question("♠7 8 9 ♣7 8 ♦7 8 9 ♥7 8", seat="A", games=["raspasy"])
    q = replace(q, scoring=Scoring("leningrad", players=3, round=3))
    result = estimate(q, 15, seed=7, workers=1)
    cost = result.summary().score.raspasy["raspasy (talon suit)"]
    t = result.tally
    first = q.option_columns()[0]
    hist = t.counts[first]  # A's paranoid tricks
    expected = sum(c * (60 * v - (120 if v == 0 else 0)) for v, c in enumerate(hist)) / t.n
    assert cost["A"]["paranoid"].value == pytest.approx(expected)


def test_same_figures_on_one_or_two_workers():
    q = scored(defences=("whist,whist",), games=("6S A",))
    a = estimate(q, 50, seed=8, workers=1).summary().score.to_json()
    b = estimate(q, 50, seed=8, workers=2).summary().score.to_json()
    assert a == b


def test_defence_words_are_checked():
    assert parse_defence("вист, пас", 3) == ("whist", "pass")
    assert parse_defence("pass,pass,whist", 4) == ("pass", "pass", "whist")
    for bad in ("whist", "whist,pass,pass", "whist,maybe"):
        with pytest.raises(InputError, match="defence"):
            parse_defence(bad, 3)


def run(*args):
    return CliRunner().invoke(pref, ["estimate", HAND, "--seat", "A", "--game", "6S A", *args])


def test_cli_score_json_layouts_out_and_bad_options(tmp_path):
    out = tmp_path / "layouts.csv"
    result = run("--score", "rostov", "--players", "4", "--layouts", "25", "--json", "--layouts-out", str(out),
                 "--score-option", "quota=each")
    assert result.exit_code == 0, result.output
    score = json.loads(result.stdout)["score"]
    assert score["convention"] == "rostov" and score["players"] == 4 and score["options"]["quota"] == "each"
    assert "double dummy" in score["note"] and set(score["scored"][0]["balance"]) == set("ABCD")
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert len(rows) == 25 and "balance: 6♠ by A (B whist, C pass): D" in rows[0] and rows[0]["hand A"]
    mean = sum(float(Fraction(r["balance: 6♠ by A (B whist, C pass): A"])) for r in rows) / 25
    assert score["scored"][0]["balance"]["A"]["value"] == pytest.approx(mean, abs=1e-5)
    jsonl = tmp_path / "layouts.jsonl"
    assert run("--layouts", "5", "--layouts-out", str(jsonl)).exit_code == 0
    assert [json.loads(x)["layout"] for x in jsonl.read_text().splitlines()] == list(range(5))
    text = run("--score", "sochi", "--layouts", "10")
    assert "In points: sochi, 3 players" in text.stdout and "double dummy" in text.stdout
    for args, message in ((("--players", "4"), "--players: only with --score"),
                          (("--score", "sochi", "--defence", "whist"), "--defence"),
                          (("--score", "sochi", "--score-option", "quota=pairs"), "--score-option.quota"),
                          (("--score", "sochi", "--score-option", "quota"), "NAME=VALUE"),
                          (("--layouts-out", str(tmp_path)), "--layouts-out"),
                          (("--score", "sochi", "--defence", "half,pass"), "half-whist is not played"),
                          (("--score", "sochi", "--defence", "whist,whist", "--lead"), "not with a 12-card hand")):
        bad = run(*args)
        assert bad.exit_code == 2 and message in bad.stderr and "Traceback" not in bad.output, bad.output


def test_the_readme_shows_what_estimate_score_prints():
    """Each ``$ pref estimate … --score`` block of the README: its table lines are printed as shown."""
    import shlex
    from pathlib import Path
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    blocks = [b for b in readme.split("$ pref estimate ")[1:] if "--score" in b.split("\n", 1)[0]]
    assert len(blocks) == 2
    for block in blocks:
        command, rest = block.split("\n", 1)
        shown = [line.rstrip() for line in rest.split("```")[0].split("\n\n")[0].splitlines() if line != "…"]
        result = CliRunner().invoke(pref, ["estimate", *shlex.split(command), "--no-color"])
        printed = [line.rstrip() for line in result.stdout.splitlines()]
        start = printed.index(shown[0])
        assert printed[start:start + len(shown)] == shown


def test_a_blind_lead_is_scored_lead_by_lead():
    q = question("♠KQx ♣AJx ♦xxx ♥K", seat="A", games=["6S B"], lead=True)
    q = replace(q, scoring=Scoring("sochi"), keep_layouts=True)
    result = estimate(q, 20, seed=9, workers=1)
    summary = result.summary()
    score = summary.score
    assert len(score.scored) == len(q.options) and len(score.best) == 1
    best = score.scored[score.best[0]]
    assert all(best.balance["A"].value >= s.balance["A"].value for s in score.scored)
    opts = options_for("sochi")
    for row in result.tally.rows:
        for item in score.scored:
            taken = row[q.options[item.option].label]
            deal = deal_from_dict({"game": "6S", "declarer": "B", "defence": {"A": "whist", "C": "pass"},
                                   "tricks": {"B": taken, "A": 10 - taken, "C": 0}})
            assert fractions(row)[item.label] == balance(write(deal, opts), opts)


def test_each_whisters_tricks_quota_and_shortfall_are_the_means_of_each_layouts_split():
    """Per whister: his tricks, the chance he is short and the shortfall's cost are the means over the
    layouts of what the scoring module writes for that layout's split (the solver's best line)."""
    from solver.analysis.estimate.score import defenders_split
    from solver.engine import Engine
    from solver.notation import parse_hand
    from solver.rules import Position
    from solver.scoring.options import OWN_QUOTA

    q = scored(defences=("whist,whist", "whist,pass"), games=("6S A",), hand="♠AKQJx ♥AKx ♦A ♣x",
               lone_whister="own_hand")
    result = estimate(q, 25, seed=7, workers=1)
    opts = q.scoring.options
    game = q.options[0].game
    engine = Engine()
    got = {item.defence: item.whisters for item in result.summary().score.scored}
    assert [w.seat for w in got["B whist, C whist"]] == ["B", "C"] and [w.seat for w in got["B whist, C pass"]] == ["B"]
    sums = {}
    for row in result.tally.rows:
        hands = tuple(parse_hand(row["hands"][s]) for s in "ABC")
        taken = row["6♠ by A"]
        b = defenders_split(Position(hands, q.leader), game, engine)
        for defence, choices in (("B whist, C whist", {"B": "whist", "C": "whist"}),
                                 ("B whist, C pass", {"B": "whist", "C": "pass"})):
            tricks = {"A": taken, "B": b, "C": 10 - taken - b}
            deal = deal_from_dict({"game": "6S", "declarer": "A", "defence": choices, "tricks": tricks})
            sheet = write(deal, opts)
            assert fractions(row)[f"6♠ by A ({defence})"] == balance(sheet, opts)  # the same split as the balances
            for w in (s for s, c in choices.items() if c == "whist"):
                short = sheet.mountain[w] > 0
                assert short == (tricks[w] < OWN_QUOTA[6])  # sochi: each owes his own share
                with_remise = balance(sheet, opts)[w]
                sheet.mountain[w] = 0
                cost = balance(sheet, opts)[w] - with_remise
                sheet.mountain[w] = write(deal, opts).mountain[w]
                s = sums.setdefault((defence, w), [0, 0, 0])
                s[0] += tricks[w]
                s[1] += short
                s[2] += cost
    n = len(result.tally.rows)
    assert any(s[1] for s in sums.values())  # the hand makes the whisters fall short on some layouts
    for defence, whisters in got.items():
        for w in whisters:
            tricks, short, cost = sums[(defence, w.seat)]
            assert w.tricks.value == pytest.approx(tricks / n)
            assert w.short.value == pytest.approx(short / n)
            assert w.cost.value == pytest.approx(float(cost / n))
            assert (w.quota, w.counted, w.split_from_best_line) == (OWN_QUOTA[6], "own", True)  # own_hand too
            for f in (w.tricks, w.short, w.cost):
                assert f.low <= f.value <= f.high
