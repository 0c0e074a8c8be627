"""Estimates in points (``pref estimate --score``): each layout's balances are the scoring
module's for that layout's deal, exactly; the figures are their exact means; the split of two
whisters' tricks is the defined one; the decisions compare what one player chooses."""

import csv
import json
import random
from dataclasses import replace
from fractions import Fraction

import pytest
from click.testing import CliRunner

from preferans import Engine
from preferans.analysis.estimate import estimate, question
from preferans.analysis.estimate.score import Scoring, parse_defence
from preferans.cards import SEATS
from preferans.cli.main import pref
from preferans.errors import InputError
from preferans.notation import parse_hand
from preferans.rules import Game, Position, play
from preferans.scoring import balance, deal_from_dict, options_for, write

HAND = "♠AQxxx ♥AQxxx"


def scored(convention="sochi", defences=("whist,pass",), players=3, games=("6S A", "7S A"), hand=HAND, seat="A",
           **options):
    q = question(hand, seat=seat, games=list(games))
    scoring = Scoring(convention, options_for(convention, options or None), players,
                      tuple(parse_defence(d, players) for d in defences))
    return replace(q, scoring=scoring, keep_layouts=True)


def fractions(row):
    return {label: {s: Fraction(v) for s, v in seats.items()} for label, seats in row["balance"].items()}


def rows_of(result):
    return sorted(result.tally.rows, key=lambda r: r["layout"])


def model_split(hands, game: Game, words: dict, convention: str, overrides: dict | None, players: int):
    """The defined split computed here from the scoring module alone (docs/scoring.md): the
    defenders' ranks of each split — their total balance, the worse off one's, the first
    defender's tricks — searched by the engine, whose search the brute force holds (test_split)."""
    import numpy as np

    opts = options_for(convention, overrides)
    declarer = SEATS[game.declarer]
    first, second = SEATS[(game.declarer + 1) % 3], SEATS[(game.declarer + 2) % 3]
    ranks = np.zeros((11, 11), np.int64)
    for d in range(11):
        def key(y):
            deal = deal_from_dict({"players": players, "game": f"{game.level}{'SCDHN'[game.trump]}"
                                   if game.trump < 4 else f"{game.level}NT", "declarer": declarer,
                                   "defence": words, "tricks": {declarer: d, first: y, second: 10 - d - y}})
            b = balance(write(deal, opts), opts)
            return b[first] + b[second], min(b[first], b[second]), y
        for r, y in enumerate(sorted(range(11 - d), key=key)):
            ranks[d][y] = r
    return Engine().split(Position(hands, 0), game, SEATS.index(first), ranks)


def test_each_layout_is_scored_as_the_scoring_module_scores_its_tricks():
    q = scored(defences=("whist,pass", "pass,pass"), players=4)
    result = estimate(q, 30, seed=3, workers=1)
    rows = rows_of(result)
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
    for item in summary.scored:
        for seat in "ABCD":
            mean = sum(fractions(r)[item.label][seat] for r in rows) / len(rows)
            assert item.balance[seat].exact == mean
            assert item.balance[seat].low <= item.balance[seat].value <= item.balance[seat].high


# -- the silent wrongs of issue 22 ---------------------------------------------------------------

def test_a_fraction_of_a_balance_is_kept_exactly():
    """shortfall_share=1/3 makes balances of ninths: each layout's is the scoring module's to the
    last ninth (it was truncated toward zero), and the three seats' means add up to exactly 0."""
    q = scored(games=("6S A",), hand="♠AKQJx ♥AKx ♦Ax", shortfall_share="1/3")
    result = estimate(q, 30, seed=1, workers=1)
    opts = options_for("sochi", {"shortfall_share": "1/3"})
    thirds = 0
    for row in rows_of(result):
        deal = deal_from_dict({"game": "6S", "declarer": "A", "defence": {"B": "whist", "C": "pass"},
                               "tricks": {"A": row["6♠ by A"], "B": 10 - row["6♠ by A"], "C": 0}})
        expected = balance(write(deal, opts), opts)
        assert fractions(row)["6♠ by A (B whist, C pass)"] == expected
        thirds += any(v.denominator > 3 for v in expected.values())
    assert thirds  # the layouts where the whister falls short: balances in ninths
    item = result.summary().score.scored[0]
    assert sum(f.exact for f in item.balance.values()) == 0


@pytest.mark.heavy
def test_a_large_option_keeps_its_interval():
    """misere_trick=10,000,000: the balances reach 10**8 whists; their spread is still found (the int64
    sums of squares overflowed and the interval collapsed to a point). The options' ranges now stop
    such a value at the door (tests/test_input_scoring.py); the arithmetic does not rely on them, so the
    option is set past its range here."""
    import copy

    q = question("♠79J ♣7 8 10 A ♦79 ♥K", seat="C", games=["misere C"], discard="8H 10S")
    opts = copy.copy(options_for("sochi"))
    object.__setattr__(opts, "misere_trick", 10_000_000)
    q = replace(q, scoring=Scoring("sochi", opts))
    result = estimate(q, 300, seed=2, workers=1)
    hist = result.tally.counts[0]
    assert hist[0] and hist[1:].sum()  # caught on some layouts, clean on others
    figure = result.summary().score.scored[0].balance["C"]
    assert figure.low < figure.value < figure.high
    caught = hist[1:] @ range(1, 11)
    assert figure.exact == Fraction(int(hist[0]) * 20 * 10 - int(caught) * 10 * 10_000_000 * 2, 3 * result.tally.n)


def test_two_whisters_split_their_tricks_as_the_model_says():
    """7NT, two whisters (sochi, each owes his own trick): the split of each layout is the defined
    one, computed here from the scoring module and the engine alone — not whatever line the solver
    found first, which gave the pair a worse split on some layouts of this question."""
    q = scored(games=("7NT A",), hand="♠AKQJx ♥AKx ♦Ax", defences=("whist,whist",))
    result = estimate(q, 30, seed=3, workers=1)
    opts = options_for("sochi")
    game = Game.contract(7, "NT", "A")
    engine, differs = Engine(), 0
    for row in rows_of(result):
        hands = tuple(parse_hand(row["hands"][s]) for s in "ABC")
        d, y = model_split(hands, game, {"B": "whist", "C": "whist"}, "sochi", None, 3)
        position = Position(hands, 0)
        for card in engine.best_line(position, game, 0)[1]:  # the split of the solver's best line
            position = play(position, game, card)
        differs += position.taken[1] != y
        deal = deal_from_dict({"game": "7NT", "declarer": "A", "defence": {"B": "whist", "C": "whist"},
                               "tricks": {"A": d, "B": y, "C": 10 - d - y}})
        assert fractions(row)["7NT by A (B whist, C whist)"] == balance(write(deal, opts), opts)
        assert row["tricks"]["7NT by A (B whist, C whist)"] == {"A": d, "B": y, "C": 10 - d - y}
    assert differs  # the best line's split is not the model's on some of these layouts


def test_stalingrad_splits_the_tricks_of_two_passers():
    """stalingrad: a 6♠ passed by both is whisted by both, so the defenders' tricks are split as two
    whisters' are (they all went to the first defender)."""
    q = scored(games=("6S A",), hand="♠AKQJx ♥AKx ♦Ax", defences=("pass,pass",), stalingrad=True)
    result = estimate(q, 20, seed=4, workers=1)
    opts = options_for("sochi", {"stalingrad": True})
    game = Game.contract(6, "S", "A")
    assert result.summary().score.scored[0].whisters and {w.seat for w in result.summary().score.scored[0].whisters} == {"B", "C"}
    for row in rows_of(result):
        hands = tuple(parse_hand(row["hands"][s]) for s in "ABC")
        d, y = model_split(hands, game, {"B": "pass", "C": "pass"}, "sochi", {"stalingrad": True}, 3)
        deal = deal_from_dict({"game": "6S", "declarer": "A", "defence": {"B": "pass", "C": "pass"},
                               "tricks": {"A": d, "B": y, "C": 10 - d - y}})
        assert fractions(row)["6♠ by A (B pass, C pass)"] == balance(write(deal, opts), opts)


def test_talon_whists_are_written_from_each_layouts_talon():
    """talon_whists=dealer at four: the dealer writes the talon's honours, the unseen talon being each
    layout's hidden cards (it was ignored, and the header did not name the option)."""
    q = scored(games=("6S A",), players=4, talon_whists="dealer")
    result = estimate(q, 40, seed=5, workers=1)
    opts = options_for("sochi", {"talon_whists": "dealer"})
    honours = 0
    for row in rows_of(result):
        deal = deal_from_dict({"players": 4, "game": "6S", "declarer": "A", "defence": {"B": "whist", "C": "pass"},
                               "tricks": {"A": row["6♠ by A"], "B": 10 - row["6♠ by A"], "C": 0},
                               "talon": row["hidden"]})
        sheet = write(deal, opts)
        honours += sheet.whists["D"]["A"] > 0
        assert fractions(row)["6♠ by A (B whist, C pass)"] == balance(sheet, opts)
    assert honours  # some talons hold an ace
    assert all(row["talon"] == row["hidden"] for row in rows_of(result))
    score = result.summary().score
    assert score.options["talon_whists"] == "dealer" and "talon_whists" in score.changed
    with pytest.raises(InputError, match="talon whists need the talon"):
        replace(question(HAND, seat="A", games=["6S A"], discard="7D 8D"),
                scoring=Scoring("sochi", opts, 4))
    with pytest.raises(InputError, match="no dealer"):
        Scoring("sochi", opts, 3)


def test_the_api_refuses_what_the_command_refuses():
    """A question built through the API is checked as the command's is: one InputError when the
    question is made (a blind lead with two whisters read an unfilled table row: 0 for every seat)."""
    lead = question("♠KQx ♣AJx ♦xxx ♥K", seat="A", games=["6S B"], lead=True)
    with pytest.raises(InputError, match="two whisters"):
        replace(lead, scoring=Scoring("sochi", defences=(("whist", "whist"),)))
    with pytest.raises(InputError, match="two whisters"):
        question("♠A x x x x x x ♣A K ♦A K ♥A", seat="A", games=["8S A"],
                 scoring=Scoring("sochi", defences=(("whist", "whist"),)))
    with pytest.raises(InputError, match="half-whist is not played"):
        Scoring("sochi", defences=(("half", "pass"),))
    with pytest.raises(InputError, match="defence"):
        Scoring("sochi", defences=(("whist", "pass", "whist"),))
    with pytest.raises(InputError, match="scoring"):
        replace(lead, scoring="sochi")


# -- every balance of every layout is pref score's ------------------------------------------------

SHARES = (0, "1/3", "1/2", 0.01, 1, "2/7")


def random_case(rng: random.Random):
    """A random convention, options, table, defences and game."""
    convention = rng.choice(["sochi", "leningrad", "rostov", "classic"])
    players = rng.choice([3, 4])
    overrides = {"scale": rng.choice([1, 2]), "shortfall_share": rng.choice(SHARES),
                 "quota": rng.choice(["each", "joint"]), "joint_high": rng.choice(["second", "both", "pair"]),
                 "lone_whister": rng.choice(["both_hands", "gentleman", "own_hand"]),
                 "gentleman_split_made": rng.random() < 0.5, "gentleman_split_penalty": rng.random() < 0.5,
                 "lone_takes_consolation": rng.random() < 0.3, "short_whister_writes": rng.random() < 0.7,
                 "half_whist": rng.random() < 0.5, "stalingrad": rng.random() < 0.3,
                 "talon_whists": rng.choice(["off", "opponents"] + (["dealer"] if players == 4 else [])),
                 "misere_trick": rng.choice([None, 7, 20, 1000])}
    overrides = dict(rng.sample(sorted(overrides.items()), rng.randint(1, len(overrides))))
    opts = options_for(convention, overrides)
    words = ["whist", "pass"] + (["half"] if opts.half_whist else [])
    defences = set()
    while len(defences) < rng.randint(1, 3):
        d = (rng.choice(words), rng.choice(words))
        if d.count("half") == 2 or ("half" in d and "whist" not in d and "pass" not in d):
            continue
        defences.add(d)
    if players == 4 and rng.random() < 0.4:
        defences.add(("pass", "pass", "whist"))
    kind = rng.random()
    level, strain = rng.randint(6, 10), rng.choice("SCDH") if rng.random() < 0.8 else "NT"
    game = "misere A" if kind < 0.15 else f"{level}{strain} A"
    return convention, players, overrides, tuple(defences), game


def check_rows(q, result, convention, players, overrides):
    """Every row's balances are write + balance of its deal; the figures are their exact means."""
    opts = options_for(convention, overrides)
    rows = rows_of(result)
    summary = result.summary().score
    for item in summary.scored:
        game = q.options[item.option].game
        text = "misere" if game.kind.value == "misere" else \
            f"{game.level}{'NT' if game.trump == 4 else 'SCDH'[game.trump]}"
        means = {s: Fraction(0) for s in q.scoring.seats}
        for row in rows:
            tricks = row["tricks"][item.label]
            deal = {"players": players, "game": text, "declarer": "A", "defence": item.choices,
                    "talon": row.get("talon", [])}
            if "defenders" in tricks:  # the split changes nothing: any split gives the same balances
                rest = tricks["defenders"]
                splits = [{"A": tricks["A"], "B": b, "C": rest - b} for b in range(rest + 1)]
            else:
                splits = [tricks]
            got = fractions(row)[item.label]
            for split in splits:
                expected = balance(write(deal_from_dict({**deal, "tricks": split}), opts), opts)
                assert got == expected, (item.label, split, got, expected)
            if "B" in tricks and game.kind.value == "contract":
                hands = tuple(parse_hand(row["hands"][s]) for s in "ABC")
                assert model_split(hands, game, item.choices, convention, overrides, players) == \
                    (tricks["A"], tricks["B"])
            for s in means:
                means[s] += got[s]
        for s, total in means.items():
            assert item.balance[s].exact == total / len(rows), (item.label, s)


@pytest.mark.parametrize("seed", range(12))
def test_every_balance_is_pref_scores_under_random_options(seed):
    rng = random.Random(f"points-{seed}")
    convention, players, overrides, defences, game = random_case(rng)
    deck = rng.sample(range(32), 10)
    hand = " ".join(f"{'7 8 9 10 J Q K A'.split()[c % 8]}{'SCDH'[c // 8]}" for c in deck)
    q = question(hand, seat="A", games=[game])
    try:
        scoring = Scoring(convention, options_for(convention, overrides), players, defences)
    except InputError as e:  # a defence the options do not allow (a half-whist against a whist …)
        pytest.skip(f"not a case: {e}")
    q = replace(q, scoring=scoring, keep_layouts=True)
    result = estimate(q, 6, seed=seed, workers=1)
    check_rows(q, result, convention, players, overrides)


# -- the decisions -------------------------------------------------------------------------------

def test_a_defenders_choice_is_compared_with_his_partners_given():
    q = scored(defences=("whist,pass", "half,pass", "pass,pass", "whist,whist", "pass,whist"), games=("6S A",),
               convention="leningrad", hand="♠K Q x ♣A x x ♦K x x ♥x", seat="B")
    summary = estimate(q, 20, seed=6, workers=1).summary().score
    assert summary.seat == "B"
    groups = {c.given: c for c in summary.choices}
    assert set(groups) == {"C pass", "C whist"}
    for given, choice in groups.items():
        for i in choice.options:
            assert summary.scored[i].choices["C"] == given.split()[1]  # the partner's word is the same
        words = {summary.scored[i].choices["B"] for i in choice.options}
        assert words == ({"whist", "half", "pass"} if given == "C pass" else {"whist", "pass"})
        best = summary.scored[choice.best]
        assert all(best.balance["B"].exact >= summary.scored[i].balance["B"].exact for i in choice.options)
        for p in choice.paired:
            other = next(s for s in summary.scored if s.label == p.options[1])
            assert p.difference.exact == best.balance["B"].exact - other.balance["B"].exact


def test_the_declarers_choice_of_game_and_the_defence_worst_for_him():
    q = scored(defences=("whist,pass", "whist,whist", "pass,pass"))
    summary = estimate(q, 30, seed=5, workers=1).summary().score
    assert [c.kind for c in summary.choices] == ["game"] * 3
    for choice in summary.choices:
        games = {summary.scored[i].option for i in choice.options}
        assert games == {0, 1} and len({summary.scored[i].defence for i in choice.options}) == 1
        for pair in choice.paired:
            best = next(s for s in summary.scored if s.label == pair.options[0])
            other = next(s for s in summary.scored if s.label == pair.options[1])
            assert pair.difference.exact == best.balance["A"].exact - other.balance["A"].exact
    for k, i in summary.worst.items():
        mine = [s for s in summary.scored if s.option == k]
        assert summary.scored[i].balance["A"].exact == min(s.balance["A"].exact for s in mine)
    passed = next(s for s in summary.scored if s.defence == "B pass, C pass")
    assert all(f.fixed and f.low == f.value == f.high for f in passed.balance.values())  # no interval


def test_a_difference_zero_on_every_layout_is_said_so():
    """A 12-card hand, 8♣ or 8NT: options that take the same tricks on every layout have the same
    balance, so their paired difference is exactly 0 with no interval (it printed
    "+0.0 whists (−9.4 … +9.4)")."""
    q = scored(games=("8C A", "8NT A"), hand="♠xx ♣Axxxxxx ♦A ♥xx")
    result = estimate(q, 40, seed=7, workers=1)
    score = result.summary().score
    by_label = {s.label: s for s in score.scored}
    same = 0
    for choice in score.choices:
        for pair in choice.paired:
            a, b = (by_label[label].option for label in pair.options)
            if result.paired(a, b).same_tricks and q.options[a].game.level == q.options[b].game.level:
                same += 1
                assert pair.same and pair.difference.exact == 0
                assert pair.difference.low == pair.difference.high == 0
    assert same


def test_raspasy_balance_per_seat_at_a_round():
    """Each seat takes between his cooperative and his paranoid tricks, the ten adding up; his balance
    lies between the least and the greatest that allows. With no clean write-off a seat's balance is
    the mountain part of his own tricks alone, 10·(price·10/3 − price·t)."""
    q = question("♠7 8 9 ♣7 8 ♦7 8 9 ♥7 8", seat="A", games=["raspasy"])
    q = replace(q, scoring=Scoring("sochi", players=3, round=3), keep_layouts=True)
    result = estimate(q, 15, seed=7, workers=1)
    (ras,) = result.summary().score.raspasy
    price = 2  # sochi's third raspasy
    low, high = {s: Fraction(0) for s in "ABC"}, {s: Fraction(0) for s in "ABC"}
    for row in result.tally.rows:
        bounds = row[q.options[0].label]
        most = [bounds[f"{s} paranoid"] for s in "ABC"]
        fewest = [bounds[f"{s} cooperative"] for s in "ABC"]
        for x, s in enumerate("ABC"):
            others = [y for y in range(3) if y != x]
            least = max(fewest[x], 10 - sum(most[y] for y in others))
            greatest = min(most[x], 10 - sum(fewest[y] for y in others))
            low[s] += 10 * (Fraction(10 * price, 3) - price * greatest)
            high[s] += 10 * (Fraction(10 * price, 3) - price * least)
    for s in "ABC":
        assert ras.low[s].exact == low[s] / 15 and ras.high[s].exact == high[s] / 15
    q = question("♠7 8 9 ♣7 8 ♦7 8 9 ♥7 8", seat="A", games=["raspasy dealer"])
    with pytest.raises(InputError, match="at four"):
        replace(q, scoring=Scoring("leningrad"))
    result = estimate(replace(q, scoring=Scoring("leningrad", players=4)), 10, seed=8, workers=1)
    (ras,) = result.summary().score.raspasy
    assert set(ras.low) == set("ABCD") and all(ras.low[s].exact <= ras.high[s].exact for s in "ABCD")


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
    assert score["changed"] == ["quota"]
    assert "double dummy" in score["note"] and set(score["scored"][0]["balance"]) == set("ABCD")
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert len(rows) == 25 and "balance: 6♠ by A (B whist, C pass): D" in rows[0] and rows[0]["hand A"]
    mean = sum(Fraction(r["balance: 6♠ by A (B whist, C pass): A"]) for r in rows) / 25
    assert Fraction(score["scored"][0]["balance"]["A"]["exact"]) == mean
    jsonl = tmp_path / "layouts.jsonl"
    assert run("--layouts", "5", "--layouts-out", str(jsonl)).exit_code == 0
    assert [json.loads(x)["layout"] for x in jsonl.read_text().splitlines()] == list(range(5))
    text = run("--score", "sochi", "--layouts", "10", "--score-option", "shortfall_share=1/2")
    assert "In points: sochi, 3 players" in text.stdout and "double dummy" in text.stdout
    assert "shortfall_share 1/2*" in text.stdout and "talon_whists off," in text.stdout
    ru = run("--score", "sochi", "--layouts", "10", "--lang", "ru", "--defence", "whist,whist")
    assert "В очках: сочи" in ru.stdout and "вист" in ru.stdout, ru.stdout
    for args, message in ((("--players", "4"), "--players: only with --score"),
                          (("--score", "sochi", "--defence", "whist"), "--defence"),
                          (("--score", "sochi", "--score-option", "quota=pairs"), "--score-option.quota"),
                          (("--score", "sochi", "--score-option", "quota"), "NAME=VALUE"),
                          (("--layouts-out", str(tmp_path)), "--layouts-out"),
                          (("--score", "sochi", "--defence", "half,pass"), "half-whist is not played"),
                          (("--score", "sochi", "--score-option", "talon_whists=dealer"), "no dealer"),
                          (("--score", "sochi", "--defence", "whist,whist", "--lead"), "not with a 12-card hand")):
        bad = run(*args)
        assert bad.exit_code == 2 and message in bad.stderr and "Traceback" not in bad.output, bad.output


@pytest.mark.heavy
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
    score = result.summary().score
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
    """Per whister: his tricks, the chance he is short and the shortfall's cost are the exact means over
    the layouts of what the scoring module writes for that layout's deal, split as exported."""
    from preferans.scoring.options import OWN_QUOTA

    q = scored(defences=("whist,whist", "whist,pass"), games=("6S A",), hand="♠AKQJx ♥AKx ♦A ♣x",
               lone_whister="own_hand")
    result = estimate(q, 25, seed=7, workers=1)
    opts = q.scoring.options
    got = {item.defence: item.whisters for item in result.summary().score.scored}
    assert [w.seat for w in got["B whist, C whist"]] == ["B", "C"] and [w.seat for w in got["B whist, C pass"]] == ["B"]
    sums = {}
    for row in result.tally.rows:
        for defence, choices in (("B whist, C whist", {"B": "whist", "C": "whist"}),
                                 ("B whist, C pass", {"B": "whist", "C": "pass"})):
            tricks = row["tricks"][f"6♠ by A ({defence})"]
            deal = deal_from_dict({"game": "6S", "declarer": "A", "defence": choices, "tricks": tricks})
            sheet = write(deal, opts)
            assert fractions(row)[f"6♠ by A ({defence})"] == balance(sheet, opts)
            for w in (s for s, c in choices.items() if c == "whist"):
                short = sheet.mountain[w] > 0
                assert short == (tricks[w] < OWN_QUOTA[6])  # sochi: each owes his own share
                with_remise = balance(sheet, opts)[w]
                sheet.mountain[w] = 0
                cost = balance(sheet, opts)[w] - with_remise
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
            assert w.cost.exact == cost / n
            assert (w.quota, w.counted) == (OWN_QUOTA[6], "own")  # own_hand too
            for f in (w.tricks, w.short, w.cost):
                assert f.low <= f.value <= f.high


def test_the_spreads_are_floats_that_neither_overflow_nor_blur_equal_columns():
    """The moments behind the paired intervals: chunks joined in any grouping give the spread of all
    the layouts; values of 10**12 (their squares past int64) keep it; two columns equal on every
    layout have a difference whose spread is exactly 0."""
    import numpy as np

    from preferans.analysis.estimate.tally import Moments

    rng = np.random.default_rng(3)
    rows = rng.normal(1e12, 3e9, (101, 3))
    rows[:, 2] = rows[:, 0]
    whole = Moments.empty(3)
    for x in rows:
        whole.add(x)
    parts = [Moments.empty(3) for _ in range(4)]
    for i, x in enumerate(rows):
        parts[i * 4 // len(rows)].add(x)
    joined = (parts[0] + parts[1]) + (parts[2] + parts[3])
    for m in (whole, joined):
        assert m.variance(0) == pytest.approx(np.var(rows[:, 0], ddof=1), rel=1e-9)
        assert m.variance(0, 1) == pytest.approx(np.var(rows[:, 0] - rows[:, 1], ddof=1), rel=1e-6)
        assert m.variance(0, 2) == 0.0
