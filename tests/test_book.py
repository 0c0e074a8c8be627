"""``pref book``: the catalogue covers docs/book-claims.md, hands are built by the stated rules, the
verdict rule on constructed cases, intervals cover, seeds reproduce, and a small run
through the CLI evaluates every row."""

import json
import random
import re
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from preferans.analysis.book import claims, hands, questions, runner, verdict
from preferans.cli.main import pref
from preferans.analysis.book.verdict import (CONSISTENT, HOLDS, NOT_COMPARABLE, OPTIMISTIC, PESSIMISTIC, UNDECIDED,
                                          Figure, Interval, judge, judge_bounds, mean_interval, wilson)
from preferans.analysis.discard import best_discard
from preferans.analysis.layouts import parse_known_hand
from preferans.cards import bit, card, count, rank_of, suit_bits, suit_of
from preferans.engine import Engine
from preferans.rules import Game

BOOK = Path(__file__).resolve().parents[1] / "docs" / "book-claims.md"
WORDS = {HOLDS, CONSISTENT, OPTIMISTIC, PESSIMISTIC, UNDECIDED, NOT_COMPARABLE}


def _norm(text: str) -> str:
    return " ".join(text.replace("**", "").split())


def _sections(text: str) -> dict[int, str]:
    parts = re.split(r"^## (\d)\. .*$", text, flags=re.M)
    return {int(parts[i]): parts[i + 1] for i in range(1, len(parts) - 1, 2)}


def _bullets(body: str) -> list[str]:
    """Each bullet with its continuation lines; a section without bullets is one paragraph per block."""
    items, current = [], None
    for line in body.splitlines():
        if line.startswith("- "):
            if current:
                items.append(current)
            current = line[2:]
        elif current is not None and line.startswith("  "):
            current += " " + line.strip()
        elif current is not None:
            items.append(current)
            current = None
    if current:
        items.append(current)
    if not items:
        items = [p for p in body.split("\n\n") if p.strip()]
    return [_norm(i) for i in items]


@pytest.fixture(scope="module")
def book_text():
    return BOOK.read_text(encoding="utf-8")


# ---------------------------------------------------------- the catalogue covers docs/book-claims.md

def test_trump_table_matches_book_row_by_row(book_text):
    table = []
    for line in _sections(book_text)[1].splitlines():
        m = re.match(r"^\| (\d) \| ([\d–]+) \| (.+) \|$", line)
        if m:
            table.append((int(m.group(1)), m.group(2), [h.strip() for h in m.group(3).split(";")]))
    assert table and table == claims.TRUMP_TABLE


def test_every_bullet_of_sections_2_to_5_has_a_row(book_text):
    quotes = [_norm(r.quote) for r in claims.catalogue()]
    sections = _sections(book_text)
    for s in (2, 3, 4, 5):
        for bullet in _bullets(sections[s]):
            assert any(q in bullet for q in quotes), f"section {s}: no row checks “{bullet[:80]}…”"


def test_every_quote_is_the_books_words(book_text):
    text = _norm(book_text)
    for row in claims.catalogue():
        assert _norm(row.quote) in text, f"{row.claim}: “{row.quote}” is not in docs/book-claims.md"


def test_every_trump_holding_in_every_seat_both_ways():
    rows = [r for r in claims.catalogue() if r.section == 1 and r.question is not None]
    holdings = [h for _, _, hs in claims.TRUMP_TABLE for h in hs]
    assert {(r.quote, r.seat, r.variant) for r in rows} == \
        {(h, s, v) for h in holdings for s in range(3) for v in ("clean", "random")}


# ---------------------------------------------------------------- hand-building rules

@pytest.mark.parametrize("trump", range(4))
@pytest.mark.parametrize("n", range(0, 7))
def test_side_cards_take_no_trick_by_rank(trump, n):
    side = hands.no_trick_side_cards(trump, n)
    assert count(side) == n and suit_bits(side, trump) == 0
    lengths = [count(suit_bits(side, s)) for s in range(4) if s != trump]
    assert max(lengths) - min(lengths) <= 1
    for c in range(32):
        if side >> c & 1:
            assert hands.takes_no_trick_by_rank(c, side)
            # every higher card of its suit lies elsewhere, and there are more of them than his cards
            higher = 7 - rank_of(c)
            assert higher >= 6 and count(suit_bits(side, suit_of(c))) <= 2


def test_takes_no_trick_by_rank_rejects_winners():
    hand = bit(card(1, 7)) | bit(card(1, 0))           # ♣A 7
    assert not hands.takes_no_trick_by_rank(card(1, 7), hand)
    assert not hands.takes_no_trick_by_rank(card(1, 2), bit(card(1, 2)))  # ♣9 without 7 8 below it


@pytest.mark.parametrize("suit", range(4))
@pytest.mark.parametrize("n", range(1, 10))
def test_raspasy_filler_is_the_lowest_cards_spread_evenly(suit, n):
    filler = hands.raspasy_filler(suit, n)
    assert count(filler) == n and suit_bits(filler, suit) == 0
    lengths = [count(suit_bits(filler, s)) for s in range(4) if s != suit]
    assert max(lengths) - min(lengths) <= 1
    for s in range(4):
        bits = suit_bits(filler, s)
        assert bits & (bits + 1) == 0  # the lowest ranks of the suit, no gap


def _trump_cards(row, layout):
    return suit_bits(layout.hands[row.seat], 0)


@pytest.mark.heavy
def test_sampled_trump_hands_follow_the_x_rule_and_the_side_rule():
    rng = random.Random(7)
    for row in claims.catalogue():
        if row.section != 1 or row.question is None:
            continue
        q = row.question
        named, spots = parse_known_hand(q.hand, "test")
        n = count(named) + spots[0]
        space = questions.space(q.knowledge())
        for _ in range(5):
            layout = space.sample(rng)
            assert space.honours(layout)
            mine = layout.hands[q.seat]
            trumps = suit_bits(mine, 0)
            assert count(trumps) == n and trumps & suit_bits(named, 0) == suit_bits(named, 0)
            xs = trumps & ~suit_bits(named, 0)
            free = [r for r in range(8) if not suit_bits(named, 0) >> r & 1]
            pool = [r for r in free if r <= 4]
            pool += [r for r in free if r > 4][:max(0, spots[0] - len(pool))]
            assert all(r in pool for r in range(8) if xs >> r & 1), (q.hand, xs)
            if q.sides == "clean":
                assert mine & ~(named | suit_bits(mine, 0)) == hands.no_trick_side_cards(0, 10 - n)
                assert all(hands.takes_no_trick_by_rank(c, mine) for c in range(8, 32) if mine >> c & 1)
            if q.sides == "random":
                assert count(mine) == 10 and count(trumps) == n


def test_x_rule_never_gives_the_king_to_ace_and_six_spots():
    q = questions.ContractTricks("♠A x x x x x x", 0, 0, "clean")
    rng = random.Random(1)
    for _ in range(20):
        layout = questions.space(q.knowledge()).sample(rng)
        assert suit_bits(layout.hands[0], 0) == 0b10111111  # A Q J 10 9 8 7


def test_side_top_tricks():
    hand = bit(card(1, 7)) | bit(card(1, 6)) | bit(card(1, 4)) | bit(card(2, 6)) | bit(card(3, 7)) | bit(card(0, 7))
    assert hands.side_top_tricks(hand, 0) == 3  # ♣A K, ♥A; ♦K without the ace and the trump ace do not count


def test_swap_to_lowest_keeps_lengths_and_cards():
    rng = random.Random(3)
    deck = list(range(32))
    for _ in range(50):
        rng.shuffle(deck)
        hs = tuple(sum(bit(c) for c in deck[10 * i:10 * i + 10]) for i in range(3))
        out = hands.swap_to_lowest(hs, 0, 3)
        assert [count(h) for h in out] == [10, 10, 10]
        assert out[0] | out[1] | out[2] == hs[0] | hs[1] | hs[2]
        for s in range(3):
            for suit in range(4):
                assert count(suit_bits(out[s], suit)) == count(suit_bits(hs[s], suit))
        k = count(suit_bits(hs[0], 3))
        low_free = [r for r in range(8) if (hs[0] | hs[1] | hs[2]) >> card(3, r) & 1]
        assert suit_bits(out[0], 3) == sum(1 << r for r in low_free[:k])


# ---------------------------------------------------------------- verdicts and intervals

def test_verdict_on_constructed_cases():
    iv = Interval(5.0, 4.9, 5.1)
    assert judge(Figure.of(5, 0.5), iv, True).word == HOLDS
    assert judge(Figure.of(6, 0.5), iv, True).word == OPTIMISTIC     # book promises more tricks
    assert judge(Figure.of(4, 0.5), iv, True).word == PESSIMISTIC
    assert judge(Figure.of(6, 0.5), iv, False).word == PESSIMISTIC   # book fears more of a bad thing
    assert judge(Figure.of(5.6, 0.5), iv, True).word == UNDECIDED   # 5.1 widened touches the top 5.1
    assert judge(Figure.of(5.61, 0.5), iv, True).word == OPTIMISTIC
    assert judge(Figure.of(5.55, 0.5), iv, True).word == UNDECIDED   # the interval straddles 5.05
    assert judge(Figure.of(5, 0.005), iv, True).word == UNDECIDED    # the interval holds both edges
    assert judge(Figure.range(2, 3, 0.5), Interval(3.4, 3.45, 3.5), True).word == HOLDS
    assert judge(Figure.range(2, 3, 0.5), Interval(3.4, 3.45, 3.55), True).word == UNDECIDED
    assert judge(None, iv, True).word == NOT_COMPARABLE
    assert "interval" in judge(Figure.of(6, 0.5), iv, True).reason


def test_raspasy_verdict_between_the_bounds():
    """Between the bounds is "consistent", saying which bound the book is nearer; "holds" only when both
    bounds' intervals lie within the book's figure."""
    coop, para = Interval(0.2, 0.1, 0.3), Interval(1.5, 1.3, 1.7)
    assert judge_bounds(Figure.of(1, 0.25), coop, para).word == CONSISTENT
    assert judge_bounds(Figure.of(1, 0.25), coop, para).near == "paranoid"
    assert judge_bounds(Figure.of(0.25, 0.25), coop, para).text == "consistent, near cooperative"
    assert judge_bounds(Figure.of(2, 0.25), coop, para).word == PESSIMISTIC
    assert judge_bounds(Figure.of(0, 0.25), Interval(0.8, 0.7, 0.9), para).word == OPTIMISTIC
    assert judge_bounds(Figure.of(0, 0.25), coop, para).word == UNDECIDED     # 0.25 inside the cooperative interval
    assert judge_bounds(Figure.of(0, 0.25), Interval(0.1, 0.0, 0.2), para).word == CONSISTENT
    assert judge_bounds(Figure.of(1.6, 0.25), coop, para).word == UNDECIDED   # 1.35 inside the paranoid interval
    assert judge_bounds(None, coop, para).word == NOT_COMPARABLE
    zero = Interval(0.0, 0.0, 0.19)  # 0 on every layout of 15, Wilson's bound on what could differ
    assert judge_bounds(Figure.of(0, 0.25), zero, zero).text == "holds"  # both bounds agree with the book
    assert judge_bounds(Figure.of(0, 0.25), zero, Interval(0.1, 0.0, 0.3)).word == CONSISTENT


@pytest.mark.heavy
def test_wilson_and_mean_intervals_cover():
    rng = np.random.default_rng(11)
    n, p, reps = 60, 0.2, 2000
    hits = rng.binomial(n, p, reps)
    covered = sum(wilson(int(h), n).lo <= p <= wilson(int(h), n).hi for h in hits)
    assert 0.93 <= covered / reps <= 0.975
    values = rng.integers(3, 8, (reps, 80))
    covered = 0
    for v in values:
        counts = dict(zip(*np.unique(v, return_counts=True)))
        iv = mean_interval({int(k): int(c) for k, c in counts.items()})
        covered += iv.lo <= 5.0 <= iv.hi
    assert 0.93 <= covered / reps <= 0.97
    assert wilson(0, 20).lo == 0 and wilson(20, 20).hi == 1


# ---------------------------------------------------------------- questions and runs

def test_seeds_reproduce_and_rows_are_independent():
    a = [runner.row_rng(1, "1/A K x x/B/clean").random() for _ in range(3)]
    b = [runner.row_rng(1, "1/A K x x/B/clean").random() for _ in range(3)]
    c = [runner.row_rng(1, "1/A K x x/C/clean").random() for _ in range(3)]
    d = [runner.row_rng(2, "1/A K x x/B/clean").random() for _ in range(3)]
    assert a == b and a != c and a != d


@pytest.fixture(scope="module")
def engine():
    return Engine()


def test_top_trumps_take_all_their_tricks(engine):
    q = questions.ContractTricks("♠A K Q J 10 9 8 7", 0, 1, "clean")
    rng = random.Random(5)
    assert {q.outcome(rng, engine) for _ in range(10)} == {(8,)}


def test_raspasy_cooperative_never_above_paranoid_and_the_probe(engine):
    means = {}
    for seat in (0, 2):
        q = questions.RaspasyCost("♠10", seat)
        rng = runner.row_rng(runner.SEED, f"probe/{seat}")
        outs = [q.outcome(rng, engine) for _ in range(40)]
        assert all(coop <= para for para, coop in outs)
        means[seat] = sum(p for p, _ in outs) / len(outs)
    # the probe: a singleton 10 costs first hand about 0.7 tricks paranoid, third hand about 2.2
    assert 0.3 < means[0] < 1.1 and 1.6 < means[2] < 2.8


def test_clean_discard_matches_the_best_discard(engine):
    q = questions.MisereTalon(claims.MISERE_1, 2)
    space = questions.space(q.knowledge())
    rng = random.Random(9)
    seen = set()
    for _ in range(6):
        layout = space.sample(rng)
        talon = sum(bit(c) for c in layout.hidden)
        hands12 = tuple(h | talon if s == 2 else h for s, h in enumerate(layout.hands))
        clean = questions.clean_discard_exists(hands12, 2, engine)
        assert clean == (best_discard(hands12, 2, Game.misere(2), 0, engine).tricks == 0)
        seen.add(clean)


def test_split_rows_reproduce_the_exact_probabilities():
    rows = {r.claim: r for r in claims.catalogue() if r.section == 5}
    for claim, exact in (("5.1", 0.08669), ("5.2", 0.41796)):
        result = runner.solve_row(rows[claim], 1, 4000, None)
        ex, sampled = result.readings
        assert round(ex.interval.estimate, 5) == exact and ex.verdict.word == HOLDS
        assert sampled.interval.lo <= exact <= sampled.interval.hi


def test_only_matches_a_claim_number_whole():
    def claims_of(only):
        return sorted({r.claim for r in runner.select(claims.catalogue(), only=only)})
    assert claims_of("1.1") == ["1.1"]
    assert claims_of("1.5") == ["1.5a", "1.5b"]
    assert claims_of("1.12b") == ["1.12b"]
    assert claims_of("4.1") == ["4.1a", "4.1b"]


def test_workers_do_not_change_the_figures():
    rows = runner.select(claims.catalogue(), only="1.13")[:4]
    one = [r.counts for r in runner.run(rows, seed=3, samples=4, workers=1)]
    two = [r.counts for r in runner.run(rows, seed=3, samples=4, workers=2)]
    assert one == two


# ---------------------------------------------------------------- through the CLI

@pytest.mark.heavy
def test_pref_book_evaluates_every_row():
    result = CliRunner().invoke(pref, ["book", "--samples", "1", "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    keys = [r["key"] for r in out["rows"]]
    assert keys == [r.key for r in claims.catalogue()]
    for row in out["rows"]:
        assert row["method"]
        if row["readings"]:
            assert row["layouts"] >= 1 or all(rd.get("simulated") for rd in row["readings"])
        for rd in row["readings"]:
            assert rd["verdict"] in WORDS and rd["reason"]
    assert set(out["summary"]) == {"1", "1 in context", "2", "3", "4", "5", "6"}
    context = [r for r in out["rows"] if r["in_context"]]
    assert context and all(r["section"] == 1 and r["variant"] == "random" for r in context)
    assert sum(out["summary"]["1 in context"].values()) == sum(len(r["readings"]) for r in context)


def test_pref_book_text_report_and_bad_input(tmp_path):
    report = tmp_path / "r.md"
    result = CliRunner().invoke(pref, ["book", "--only", "2.9", "--samples", "2", "--workers", "1",
                                       "--report", str(report)])
    assert result.exit_code == 0, result.output
    assert "Method:" in result.output and "paranoid" in result.output and "2.9" in result.output
    text = report.read_text()
    assert "pref book --seed" in text and "| 2.9 |" in text
    bad = CliRunner().invoke(pref, ["book", "--only", "9.9"])
    assert bad.exit_code == 2 and "--only" in bad.output and "Traceback" not in bad.output


def test_pref_book_prints_each_reading_label_whole():
    result = CliRunner().invoke(pref, ["book", "--only", "3.3b", "--samples", "2", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "the book's arithmetic 1 − C(11,2)/C(22,2) " in result.output


def test_pref_book_plot(tmp_path):
    pytest.importorskip("matplotlib")
    png = tmp_path / "b.png"
    result = CliRunner().invoke(pref, ["book", "--section", "1", "--only", "1.1", "--samples", "1",
                                       "--workers", "1", "--plot", str(png)])
    assert result.exit_code == 0, result.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


class _StopsAfterTwo:
    """A question whose third layout is interrupted (Ctrl-C)."""

    def __init__(self):
        self.calls = 0

    def outcome(self, rng, engine):
        self.calls += 1
        if self.calls == 3:
            raise KeyboardInterrupt
        return (self.calls,)

    def method(self):
        return "test"


def test_interrupt_keeps_the_layouts_done():
    row = claims.Row("t", 1, "t", "t", "t", _StopsAfterTwo(), (claims.Reading("x", Figure.of(1, 0.5)),))
    result = runner.solve_row(row, 1, 10, None)
    assert result.interrupted and result.layouts == 2 and sum(result.counts.values()) == 2
    with pytest.raises(KeyboardInterrupt):
        list(runner.run([claims.Row("t", 1, "t", "t", "t", _StopsAfterTwo(), ())], samples=5))


def test_mean_interval_stays_within_the_possible_values():
    iv = mean_interval({0: 99, 1: 1})  # tricks: 0..10
    assert iv.lo == 0 and iv.hi > iv.estimate > 0
    assert mean_interval({0: 99, 1: 1}, lowest=-10).lo < 0


def test_a_row_of_equal_values_keeps_a_width():
    iv = mean_interval({8: 300})
    assert iv.lo < 8 < iv.hi <= 10 and iv.estimate == 8


def test_pref_book_ctrl_c_prints_what_was_done(monkeypatch):
    from preferans.cli.commands import book as book_command
    real_run = book_command.run

    def stopped(rows, *args, **kwargs):
        for i, result in enumerate(real_run(rows, *args, **kwargs)):
            yield result
            if i == 1:
                raise KeyboardInterrupt

    monkeypatch.setattr(book_command, "run", stopped)
    result = CliRunner().invoke(pref, ["book", "--only", "2.9", "--samples", "2", "--workers", "1", "--json"])
    assert result.exit_code == 130
    out = json.loads(result.output)
    assert out["interrupted"] and len(out["rows"]) == 2


def test_russian_ranks_in_hands():
    from preferans.cli.text.book import hand_text
    assert hand_text("♠A K x ♣Q J 10", "ru") == "♠Т К x ♣Д В 10"
    assert hand_text("♠A K x", "en") == "♠A K x"


def test_pref_book_takes_a_negative_seed_as_estimate_does():
    """Issue 13: ``--seed -5`` was a numpy ValueError; a negative seed is a seed of its own."""
    minus = CliRunner().invoke(pref, ["book", "--only", "3.3b", "--samples", "2", "--workers", "1", "--seed", "-5",
                                      "--json"])
    plus = CliRunner().invoke(pref, ["book", "--only", "3.3b", "--samples", "2", "--workers", "1", "--seed", "5",
                                     "--json"])
    assert minus.exit_code == 0 and plus.exit_code == 0, minus.output + plus.output
    assert runner.row_rng(-5, "k").random() != runner.row_rng(5, "k").random()


@pytest.mark.parametrize("option, path, words", [
    ("--report", "/nonexistent/x.md", "--report: cannot write /nonexistent/x.md: the folder /nonexistent does not exist"),
    ("--plot", "b.xyz", "--plot: cannot draw a .xyz file (b.xyz): name it .png, .svg, .pdf"),
])
def test_pref_book_refuses_an_output_it_cannot_write_before_the_work(option, path, words):
    """Issue 13: the report's folder and the plot's format are checked before the rows run, in one line."""
    if option == "--plot":
        pytest.importorskip("matplotlib")
    result = CliRunner().invoke(pref, ["book", "--only", "2.9", "--samples", "2", "--workers", "1", option, path])
    assert result.exit_code == 2
    assert result.output.strip() == words


def test_pref_book_fails_loudly_when_the_report_is_lost():
    result = CliRunner().invoke(pref, ["book", "--only", "3.3b", "--samples", "1", "--workers", "1",
                                       "--report", "/dev/full"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines()[-1] == "--report: cannot write /dev/full: No space left on device"


# ---------------------------------------------------------------- issue 17: verdicts that follow from the method

class _Fixed:
    """A question whose outcomes are drawn from a fixed distribution (no play)."""

    def __init__(self, values, weights):
        self.values, self.weights = values, weights

    def outcome(self, rng, engine):
        return (rng.choices(self.values, self.weights)[0],)

    def method(self):
        return "test"


def test_an_undecided_row_gets_more_layouts_up_to_its_cap():
    """A row whose interval straddles the book's edge draws as many layouts again, then twice as many
    (the first ones unchanged); at the cap, still straddling, it is undecided."""
    straddles = claims.Row("t/edge", 4, "t", "t", "t", _Fixed([5, 6], [1, 1]), (claims.Reading("x", Figure.of(6, 0.5)),))
    result = runner.solve_row(straddles, 1, 40, None, looks=runner.LOOKS)
    assert result.looks == runner.LOOKS and result.layouts == 160
    assert result.readings[0].verdict.word == UNDECIDED
    first = runner.solve_row(straddles, 1, 40, None, looks=1)
    assert first.layouts == 40 and first.looks == 1
    assert sum((result.counts - first.counts).values()) == 120 and not (first.counts - result.counts)
    clear = claims.Row("t/clear", 4, "t", "t", "t", _Fixed([5, 6], [1, 1]), (claims.Reading("x", Figure.of(9, 0.5)),))
    decided = runner.solve_row(clear, 1, 40, None, looks=runner.LOOKS)
    assert decided.looks == 1 and decided.readings[0].verdict.word == OPTIMISTIC
    assert runner.chance_flips([result, decided]) == pytest.approx(0.025 * 4)


def test_the_books_misere_chances_are_judged_between_double_dummy_and_the_table():
    """Clean after the best discard (component 0, the catchers knowing it) bounds the chance from
    below, not caught at the table (component 2) from above: a book figure below the first is
    pessimistic, above the second optimistic, between them consistent."""
    rows = {r.key: r for r in claims.catalogue()}
    for key in ("3/1/talon", "3/2/talon/A", "3/3/talon"):
        reading = rows[key].readings[0]
        assert reading.kind == claims.TABLE_BOUNDS and "at the table" in reading.label
        # 40% clean double dummy, 99% not caught at the table (the middle component is ignored)
        counts = Counter({(1, 0, 1): 80, (0, 1, 1): 118, (0, 3, 0): 2})
        judged = runner.read(reading, counts)
        assert judged.lower.estimate == pytest.approx(0.4) and judged.upper.estimate == pytest.approx(0.99)
        assert judged.verdict.word == "consistent"
        assert "double_dummy" in judged.to_json() and "at_the_table" in judged.to_json()
        assert runner.read(reading, Counter({(1, 0, 1): 200})).verdict.word == PESSIMISTIC
        assert runner.read(reading, Counter({(0, 0, 0): 200})).verdict.word == OPTIMISTIC
    arithmetic = rows["3/3/talon"].readings[1]
    assert runner.read(arithmetic, Counter()).verdict.word == HOLDS  # the book's 0.762 is exactly its counting


def test_the_diamonds_of_4_8_are_judged_on_the_hand_itself():
    row = next(r for r in claims.catalogue() if r.key == "4/xxxxxx-xxxx/A")
    (reading,) = row.readings
    assert reading.kind == claims.MEAN and (reading.figure.lo, reading.figure.hi) == (4.5, 5)
    assert row.question.hand == "♠x x x x x x ♦x x x x"


def test_pref_book_counts_in_context_rows_apart():
    result = CliRunner().invoke(pref, ["book", "--only", "1.10", "--samples", "2", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "1. Tricks in the trump suit, side cards that take no trick" in result.output
    assert "1. Tricks in the trump suit, in context (not a test of the table)" in result.output
    assert "would be optimistic or pessimistic by chance" in result.output


def test_claims_at_a_glance_count_every_figure_of_every_row():
    """A row with two figures counts both verdicts in "claims at a glance" (it counted the first)."""
    from collections import Counter as Count

    from preferans.analysis.book.claims import Reading, Row
    from preferans.analysis.book.runner import ReadingResult, RowResult
    from preferans.analysis.book.verdict import Verdict
    from preferans.cli.text.book import glance

    first, second = Reading("tricks", Figure.of(5, 0.5)), Reading("made", Figure.of(0.9, 0.005), kind="share")
    row = Row("k", 1, "1.1", "the quote", "♠A", None, (first, second), seat=0)
    results = [RowResult(row, 100, Count(), 0.0, [
        ReadingResult(first, Interval(5.0, 4.9, 5.1), Verdict(HOLDS, "")),
        ReadingResult(second, Interval(0.5, 0.4, 0.6), Verdict(OPTIMISTIC, ""))])]
    (line,) = glance(results)
    assert "1 holds" in line and "1 optimistic" in line and "tricks: 5.00" in line and "made: 50.0%" in line
