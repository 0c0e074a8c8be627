"""Estimates: exact per-layout outcomes, seeds that give the same figures on any workers, intervals
that cover, exact enumeration and sampling that agree, and bad input refused in one line."""

import json

import numpy as np
import pytest
from click.testing import CliRunner

from preferans import Engine, Game, Position, TalonMode
from preferans.analysis import estimate as est
from preferans.analysis.discard import discard_values
from preferans.analysis.layouts import Knowledge
from preferans.analysis.stats import mean, proportion, wilson
from preferans.cards import NO_TRUMP, mask_of
from preferans.cli.main import pref
from preferans.notation import parse_hand

IN_PLAY = parse_hand("♠AKQJ109 ♣AKQ ♦AKQ")
OUT = 0xFFFFFFFF & ~IN_PLAY


def ending_question(games, known="♠AK ♣A ♦A", lengths=()) -> est.Question:
    """A four-card ending: A's cards known, 70 layouts of the other 8 cards in play."""
    k = Knowledge((parse_hand(known), 0, 0), sizes=(4, 4, 4), out=OUT, lengths=lengths)
    return est.Question(k, tuple(est.Option(g) for g in games))


SPADES_A = Game.contract(3, 0, 0)
NT_A = Game.contract(3, NO_TRUMP, 0)


def test_outcomes_are_the_engine_values():
    q = ending_question([SPADES_A, Game.misere(0), Game.raspasy(TalonMode.NONE)])
    space = est.layout_space(q.knowledge)
    engine = Engine()
    for i in range(0, space.count, 7):
        layout = space.layout(i)
        values = est.outcomes(q, layout, engine).values
        position = Position(layout.hands)
        fresh = Engine()
        assert values[0] == fresh.value(position, Game.contract(6, 0, 0), 0)  # the level does not enter the value
        assert values[1] == fresh.value(position, Game.misere(0), 0)
        raspasy = Game.raspasy(TalonMode.NONE)
        assert list(values[2:5]) == [fresh.value(position, raspasy, s) for s in range(3)]
        assert list(values[5:8]) == [fresh.value(position, raspasy, s, cooperative=True) for s in range(3)]
        assert all(values[5:8] <= values[2:5])  # cooperative is a lower bound


def test_exact_and_sampling_agree_within_their_intervals():
    q = ending_question([SPADES_A, NT_A])
    exact = est.estimate(q, exact=True, workers=1)
    assert exact.tally.n == 70
    sample = est.estimate(q, 400, seed=3, workers=1)
    for k in range(2):
        e, s = exact.option_figures(k), sample.option_figures(k)
        assert e.mean.low == e.mean.value == e.mean.high
        assert s.mean.low <= e.mean.value <= s.mean.high
        assert s.made.low <= e.made.value <= s.made.high
    for name in ("difference", "success_difference"):
        exact_diff = getattr(exact.paired(0, 1), name).value
        d = getattr(sample.paired(0, 1), name)
        assert d.low <= exact_diff <= d.high
    made = [exact.option_figures(k).made.value for k in range(2)]
    assert exact.paired(0, 1).success_difference.value == pytest.approx(made[0] - made[1])


def test_same_seed_same_figures_on_1_and_2_workers():
    q = ending_question([SPADES_A, Game.raspasy(TalonMode.NONE)])
    one = est.estimate(q, 120, seed=11, workers=1)
    two = est.estimate(q, 120, seed=11, workers=2)
    other = est.estimate(q, 120, seed=12, workers=2)
    assert np.array_equal(one.tally.counts, two.tally.counts)
    assert np.array_equal(one.tally.gram, two.tally.gram)
    assert not np.array_equal(one.tally.gram, other.tally.gram)


@pytest.mark.heavy
def test_same_seed_same_figures_on_a_dask_local_cluster():
    distributed = pytest.importorskip("distributed")
    q = ending_question([SPADES_A, Game.raspasy(TalonMode.NONE)])
    local = est.estimate(q, 120, seed=11, workers=1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        remote = est.estimate(q, 120, seed=11, client=client)
    assert np.array_equal(local.tally.counts, remote.tally.counts)
    assert np.array_equal(local.tally.gram, remote.tally.gram)


def test_every_layout_honours_the_constraints():
    q = ending_question([SPADES_A], known="♠A ♣A", lengths=((1, 0, 2, 3), (2, 1, 0, 0)))
    q = est.Question(Knowledge(q.knowledge.known, ((1, 0, 0, 0),) + q.knowledge.spots[1:], (4, 4, 4),
                               q.knowledge.out, q.knowledge.lengths), q.options)
    for chunk in est.chunks(q, 200, seed=5, exact=False):
        est.run_chunk(q, chunk, check=True)  # raises on the first layout that breaks a constraint
    for chunk in est.chunks(q, None, seed=0, exact=True):
        est.run_chunk(q, chunk, check=True)


def test_discard_options_match_the_discard_analysis():
    hand12 = parse_hand("♠AKQ ♣AK")  # 5 cards against 3 and 3: an ending with a discard
    k = Knowledge((hand12, 0, 0), sizes=(5, 3, 3), out=0xFFFFFFFF & ~(hand12 | parse_hand("♠J109 ♣QJ10")))
    game = Game.contract(2, 0, 0)
    pairs = est.discard_classes(hand12, k.out)
    assert len(pairs) < 10  # ♠AKQ are equal, ♣AK are equal
    q = est.Question(k, tuple(est.Option(game, p) for p in pairs), dd_groups=((0, len(pairs)),))
    space = est.layout_space(k)
    engine = Engine()
    for i in range(space.count):
        layout = space.layout(i)
        values = est.outcomes(q, layout, engine).values
        by_pair = {v.discard: v.tricks for v in discard_values(layout.hands, 0, game, engine=Engine())}
        assert [values[j] for j in range(len(pairs))] == [by_pair[p] for p in pairs]
        assert values[-1] == max(by_pair.values())  # seeing the layout


def test_wilson_interval_covers():
    rng = np.random.default_rng(2026)
    for p in (0.02, 0.2, 0.5, 0.9):
        for n in (20, 100, 400):
            hits = rng.binomial(n, p, size=2000)
            covered = sum(lo <= p <= hi for lo, hi in (wilson(int(h), n) for h in hits))
            assert covered / 2000 >= 0.925, (p, n, covered)


def test_a_sample_of_equal_values_keeps_a_width():
    f = mean(7 * 50, 49 * 50, 50)
    assert f.value == 7 and f.low < 7 < f.high and f.low >= 0 and f.high <= 10
    g = mean(7 * 50, 49 * 50, 50, population=50)  # a complete enumeration: the figure itself
    assert g.low == g.value == g.high == 7


def test_stopped_enumeration_gives_the_range_of_what_is_missing():
    f = proportion(10, 50, population=100)
    assert (f.low, f.high) == (0.1, 0.6)


def test_question_from_text_and_its_errors():
    q = est.question("♠A x x x x ♣A x x x x", seat="A", games=["7S A"])
    assert q.knowledge.spots[0] == (4, 4, 0, 0)
    assert q.knowledge.hidden == 2
    q = est.question("♠79J ♣78 10A ♦79 ♥K", seat="C", games=["misere C"], talon="8H 10S")
    assert q.knowledge.sizes[2] == 12 and q.dd_groups == ((0, len(q.options)),)
    with pytest.raises(est.InputError, match="AS is known in hand A and in hand B"):
        est.question("♠A K", seat="A", games=["6S A"], holds={"B": "♠A"})


@pytest.mark.parametrize("args, words", [
    (["♠AKQJ ♣AKQJ ♦AKQ", "--seat", "A", "--game", "6S A"], "11 cards"),
    (["♠AKQJ10 ♣AKQ ♦A ♥A", "--seat", "A", "--game", "6S A", "--holds", "B:♠A"], "known in hand A and in hand B"),
    (["♠AKQJ10 ♣AKQ ♦A ♥A", "--seat", "A", "--game", "6S A", "--length", "B♠>=4"], "no layout"),
    (["♠AKQJ10 ♣AKQ ♦A ♥A", "--seat", "A", "--game", "6Z A"], "game"),
    (["♠AKQJ10 ♣AKQ ♦A ♥A", "--seat", "A"], "games"),
    (["♠AKQJ10", "--seat", "A", "--game", "6S A", "--exact"], "too many to enumerate"),
    (["♠AKQJ10 ♣AKQ ♦A ♥A", "--seat", "A", "--game", "6S A", "--discards", "7S 8S"], "discards: only a declarer"),
])
def test_bad_input_is_one_line_exit_2(args, words):
    result = CliRunner().invoke(pref, ["estimate", *args])
    assert result.exit_code == 2, result.output
    assert words in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_cli_json_and_file(tmp_path):
    path = tmp_path / "hand.toml"
    path.write_text('title = "two aces"\n[estimate]\nhand = "♠AQxxx ♥AQxxx"\nseat = "A"\n'
                    'games = ["7S A"]\nlayouts = 30\nseed = 4\n', encoding="utf-8")
    result = CliRunner().invoke(pref, ["estimate", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["layouts"] == 30 and data["seed"] == 4 and data["title"] == "two aces"
    assert sum(data["options"][0]["histogram"]) == 30
    again = CliRunner().invoke(pref, ["estimate", "♠AQxxx ♥AQxxx", "--seat", "A", "--game", "7S A",
                                      "--layouts", "30", "--seed", "4", "--json", "--workers", "1"])
    assert json.loads(again.output)["options"] == data["options"]
    path.write_text('[estimate]\nhand = "♠AQxxx ♥AQxxx"\nseats = "A"\n', encoding="utf-8")
    bad = CliRunner().invoke(pref, ["estimate", str(path)])
    assert bad.exit_code == 2 and "estimate.seats: unknown key" in bad.output


@pytest.mark.parametrize("data,words", [
    (b"[estimate]\nhand = \"\xff \"\n", "not UTF-8 text"),
    ("[estimate]\nhand = \"♠A\"\n".encode("utf-16"), "UTF-16"),
    (b"[estimate\n", "line 1: broken TOML"),
])
def test_an_estimate_file_that_cannot_be_read_is_one_line(tmp_path, data, words):
    """The [estimate] file is read as problem files are: a wrong encoding is one line, not a traceback."""
    path = tmp_path / "hand.toml"
    path.write_bytes(data)
    result = CliRunner().invoke(pref, ["estimate", str(path)])
    assert result.exit_code == 2 and words in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_an_estimate_file_may_start_with_a_byte_order_mark(tmp_path):
    path = tmp_path / "hand.toml"
    path.write_bytes(b"\xef\xbb\xbf" + '[estimate]\nhand = "♠AQxxx ♥AQxxx"\nseat = "A"\ngames = ["7S A"]\n'
                     'layouts = 10\n'.encode())
    result = CliRunner().invoke(pref, ["estimate", str(path), "--json"])
    assert result.exit_code == 0, result.output


def test_interrupt_keeps_what_was_done(monkeypatch):
    """Ctrl-C in the middle: the run returns the layouts done, marked interrupted."""
    q = ending_question([SPADES_A])
    calls = {"n": 0}
    real_wait = est.runners.wait

    def wait_then_interrupt(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 2:
            raise KeyboardInterrupt
        return real_wait(*args, **kwargs)

    monkeypatch.setattr(est.runners, "wait", wait_then_interrupt)
    result = est.estimate(q, 500, seed=1, workers=1)
    assert result.interrupted
    assert 0 < result.tally.n < 500
    assert result.tally.n == int(result.tally.counts[0].sum())


def test_plot_draws_a_png(tmp_path):
    pytest.importorskip("matplotlib")  # in the test extra; the command names the extra when missing
    path = tmp_path / "out.png"
    result = CliRunner().invoke(pref, ["estimate", "♠AQxxx ♥AQxxx", "--seat", "A", "--game", "7S A",
                                       "--game", "8S A", "--layouts", "25", "--plot", str(path)])
    assert result.exit_code == 0, result.output
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cli_ctrl_c_prints_what_was_done_and_exits_130(monkeypatch):
    real = est.estimate

    def interrupted(*args, **kwargs):
        result = real(*args, **kwargs)
        result.interrupted = True
        return result

    monkeypatch.setattr(est, "estimate", interrupted)
    result = CliRunner().invoke(pref, ["estimate", "♠AQxxx ♥AQxxx", "--seat", "A", "--game", "7S A",
                                       "--layouts", "25"])
    assert result.exit_code == 130
    assert "stopped" in result.output and "interrupted: 25 layouts done" in result.output


def test_raspasy_with_an_unseen_talon_turns_the_layouts_talon():
    q = est.question("♠7 9 J ♣7 8 10 A ♦7 9 ♥K", seat="C", games=["raspasy"])
    assert q.knowledge.ordered_hidden and q.knowledge.hidden == 2
    layout = est.layout_space(q.knowledge).layout(12345)
    values = est.outcomes(q, layout, Engine()).values
    position = Position(layout.hands, 0, (), layout.hidden)
    game = Game.raspasy(TalonMode.SUIT)
    assert values[2] == Engine().value(position, game, 2)
    assert values[5] == Engine().value(position, game, 2, cooperative=True)


def test_help_has_examples():
    result = CliRunner().invoke(pref, ["estimate", "--help"])
    assert result.exit_code == 0
    assert "Example" in result.output and "pref estimate" in result.output


def test_contracts_word_gives_every_strain_and_the_discards_chosen():
    q = est.question("♠AKQJ ♣AKQ ♦AK7 ♥A7", seat="A", games=["contracts A"], discards=["7H 7D", "AH 7H"])
    assert [o.game.trump for o in q.options] == [s for s in range(5) for _ in range(2)]
    assert q.dd_groups == tuple((2 * s, 2 * s + 2) for s in range(5))
    with pytest.raises(est.InputError, match="discard is 2 cards of the hand"):
        est.question("♠AKQJ ♣AKQ ♦AK7 ♥A7", seat="A", games=["6S A"], discards=["7H 8H"])


def test_talon_taken_means_the_double_dummy_best_discard_of_each_layout():
    in_play = parse_hand("♠AKQJ109 ♣AKQ ♦AK")
    k = Knowledge((parse_hand("♠A ♣K ♦A"), 0, 0), sizes=(3, 3, 3), out=0xFFFFFFFF & ~in_play)
    assert k.hidden == 2
    game = Game.contract(2, 0, 0)
    taken = est.Question(k, (est.Option(game),), talon="take")
    out = est.Question(k, (est.Option(game),), talon="out")
    space = est.layout_space(k)
    engine = Engine()
    differ = 0
    for i in range(0, space.count, 3):
        layout = space.layout(i)
        hands12 = (layout.hands[0] | mask_of(layout.hidden), layout.hands[1], layout.hands[2])
        best = max(v.tricks for v in discard_values(hands12, 0, game, engine=Engine()))
        assert est.outcomes(taken, layout, engine).values[0] == best
        played = est.outcomes(out, layout, engine).values[0]
        assert played == Engine().value(Position(layout.hands), game, 0)
        differ += played != best
    assert differ  # the two questions are not the same question


def test_lang_ru_writes_the_report_in_russian():
    """A 12-card misère with the talon known: every line in Russian words and notation, the summary's too."""
    args = ["estimate", "♠79J ♣7 8 10 A ♦79 ♥K", "--seat", "C", "--game", "misere C", "--talon", "8H 10S",
            "--discards", "KH AC", "--discards", "7S 7D", "--layouts", "5", "--workers", "1"]
    ru = CliRunner().invoke(pref, [*args, "--lang", "ru"])
    assert ru.exit_code == 0, ru.output
    summary = ru.output.strip().splitlines()[-1]
    assert summary.startswith("мизер, играет C: лучший снос, не зная расклада: ♥К ♣Т (чистый "), summary
    assert "мизер, играет C, снос ♥К ♣Т: в среднем " in ru.output and "♣A" not in ru.output
    assert ru.output.startswith("случайных раскладов: 5, зерно 1;")
    for english in ("discard", "mean", "tricks", "clean", "layout", "vs "):
        assert english not in ru.output, english
    en = CliRunner().invoke(pref, args)
    assert en.output.strip().splitlines()[-1].startswith("misère by C: best discard not knowing the layout: ♥K ♣A (clean ")
    data = json.loads(CliRunner().invoke(pref, [*args, "--json"]).output)
    assert data["discards"][0]["best"] == data["options"][data["discards"][0]["best_index"]]["option"]


def test_lang_ru_raspasy_and_a_defenders_view():
    common = ["--holds", "C:♠AK", "--layouts", "5", "--workers", "1", "--lang", "ru"]
    defender = CliRunner().invoke(pref, ["estimate", "♣AKxx ♦AKx ♥Ax", "--seat", "A", "--game", "6S C", *common])
    raspasy = CliRunner().invoke(pref, ["estimate", "♣AKxx ♦AKx ♥Ax", "--seat", "A", "--game", "raspasy", *common])
    assert defender.exit_code == 0 and raspasy.exit_code == 0, defender.output + raspasy.output
    assert "взятки вистующих (A и партнёр):" in defender.output and "; подсад " in defender.output
    assert "  A: взяток в среднем — если двое против него " in raspasy.output
    ru = defender.output + raspasy.output
    for english in ("paranoid", "defenders", "tricks", "unseen", "intervals"):
        assert english not in ru, english


@pytest.mark.parametrize("line, words", [
    ('layouts = "x"', "estimate.layouts: a whole number is needed, not 'x'"),
    ("layouts = 0", "estimate.layouts: 0 is not in the range 1 to 10,000,000"),
    ('exact = "yes"', "estimate.exact: true or false, not 'yes'"),
    ('holds = "B:♠K"', "estimate.holds: a table such as {B = \"♠A\"} is needed"),
    ("lengths = 3", "estimate.lengths: a string or a list of strings is needed, not 3"),
    ("talon = 5", "estimate.talon: a string is needed, not 5"),
])
def test_a_file_field_of_the_wrong_type_is_one_line(tmp_path, line, words):
    path = tmp_path / "hand.toml"
    path.write_text(f'[estimate]\nhand = "♠AQxxx ♥AQxxx"\nseat = "A"\ngames = ["7S A"]\n{line}\n', encoding="utf-8")
    result = CliRunner().invoke(pref, ["estimate", str(path)])
    assert result.exit_code == 2, result.output
    assert result.output.strip() == f"{path}: {words}" or result.output.strip().startswith(f"{path}: {words}")
    assert len(result.output.strip().splitlines()) == 1


def test_plot_in_an_unknown_format_is_refused_before_the_work(tmp_path):
    """Issue 13: ``--plot out.xyz`` failed in matplotlib after the results; now one line before any work."""
    pytest.importorskip("matplotlib")
    result = CliRunner().invoke(pref, ["estimate", "♠AQxxx ♥AQxxx", "--seat", "A", "--game", "7S A",
                                       "--layouts", "5", "--plot", str(tmp_path / "out.xyz")])
    assert result.exit_code == 2
    assert result.output.strip() == f"--plot: cannot draw a .xyz file ({tmp_path / 'out.xyz'}): name it .png, .svg, .pdf"
    svg = tmp_path / "out.svg"
    result = CliRunner().invoke(pref, ["estimate", "♠AQxxx ♥AQxxx", "--seat", "A", "--game", "7S A",
                                       "--layouts", "5", "--workers", "1", "--plot", str(svg)])
    assert result.exit_code == 0 and svg.read_text().lstrip().startswith("<?xml")


def test_a_plot_that_cannot_be_written_fails_loudly():
    """Issue 13: ``--plot /dev/full`` exited 0 with the picture lost."""
    pytest.importorskip("matplotlib")
    result = CliRunner().invoke(pref, ["estimate", "♠AQxxx ♥AQxxx", "--seat", "A", "--game", "7S A",
                                       "--layouts", "5", "--workers", "1", "--plot", "/dev/full"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines()[-1] == "--plot: cannot write /dev/full: No space left on device"


def test_the_api_and_the_cli_have_one_default_seed():
    """Issue 14: the API's default seed was 0 and the CLI's 1: the same question gave other figures."""
    q = est.question("♠AQxxx ♥AQxxx", seat="A", games=["7S A"])
    api = est.estimate(q, 25, workers=1).summary().to_json()
    cli = json.loads(CliRunner().invoke(pref, ["estimate", "♠AQxxx ♥AQxxx", "--seat", "A", "--game", "7S A",
                                               "--layouts", "25", "--workers", "1", "--json"]).output)
    assert api["seed"] == cli["seed"] == est.DEFAULT_SEED
    assert api["options"] == cli["options"]


def test_mean_of_counts_covers_on_skewed_integer_outcomes():
    """Issue 17: the normal interval covered 90% at 100 layouts on a lumpy misère figure. The studentized
    bootstrap holds its nominal 95% on integer-valued, skewed outcomes (measured over 400 samples each)."""
    from preferans.analysis.stats import mean_of_counts
    rng = np.random.default_rng(2026)
    for values, p in (([0, 1, 2, 4], [0.9, 0.06, 0.03, 0.01]),      # a misère's tricks: mostly clean
                      ([0, 1, 3], [0.96, 0.03, 0.01]),               # a rare trick
                      ([4, 5, 6, 7], [0.1, 0.5, 0.3, 0.1]),          # a contract's tricks
                      ([8, 9, 10], [0.03, 0.07, 0.9])):              # near the top
        truth = float(np.dot(values, p))
        covered = 0
        for counts in rng.multinomial(100, p, size=400):
            f = mean_of_counts(dict(zip(values, counts.tolist())))
            covered += f.low <= truth <= f.high
        assert covered / 400 >= 0.93, (values, covered)
    assert mean_of_counts({3: 10, 4: 10}) == mean_of_counts({4: 10, 3: 10})  # the same counts, the same interval


# ---------------------------------------------------------------- issue 17: the blind opening lead

def _lead_question(game, leader_hand="♠AK ♣A ♦A"):
    """A four-card ending: A (on lead) sees his hand; every lead class of it is an option."""
    k = Knowledge((parse_hand(leader_hand), 0, 0), sizes=(4, 4, 4), out=OUT)
    return est.Question(k, tuple(est.Option(game, lead=g[0], equal=g[1:])
                                 for g in est.lead_classes(parse_hand(leader_hand), OUT)))


@pytest.mark.parametrize("game", [Game.contract(3, 0, 1), Game.contract(3, NO_TRUMP, 2), Game.misere(1)],
                         ids=["spades by B", "no-trump by C", "misère by B"])
def test_each_lead_is_the_mean_of_its_double_dummy_value_over_the_layouts(game):
    """Issue 17: each lead's figure equals the mean, over every layout, of the declarer's double-dummy
    tricks after that card is led (solved here from the position with the card on the table)."""
    q = _lead_question(game)
    result = est.estimate(q, exact=True, workers=1)
    space = est.layout_space(q.knowledge)
    assert result.tally.n == space.count == 70
    summary = result.summary()
    for k, option in enumerate(q.options):
        values = []
        for i in range(space.count):
            hands = list(space.layout(i).hands)
            for card in (option.lead,) + option.equal:  # equal cards: the same value on every layout
                after = (hands[0] & ~(1 << card), hands[1], hands[2])
                values.append(Engine().value(Position(after, 0, (card,)), game, game.declarer))
            assert len(set(values[-1 - len(option.equal):])) == 1
        expected = sum(values[::1 + len(option.equal)]) / space.count
        assert summary.options[k].mean.value == pytest.approx(expected)
        side = summary.leads[k]
        if game.kind.name == "CONTRACT":
            assert side.side == "defenders" and side.tricks.value == pytest.approx(4 - expected)
        else:
            assert side.side == "catchers" and side.tricks.value == pytest.approx(expected)
    best = summary.best_index
    score = (lambda f: (f.tricks.value, f.success.value)) if game.kind.name == "CONTRACT" else \
        (lambda f: (f.success.value, f.tricks.value))
    assert score(summary.leads[best]) == max(score(f) for f in summary.leads)


def test_the_lead_through_the_cli_text_and_json():
    args = ["estimate", "♠KQx ♣AJx ♦xxx ♥K", "--seat", "A", "--game", "6S B", "--lead", "--layouts", "10",
            "--workers", "1"]
    text = CliRunner().invoke(pref, args)
    assert text.exit_code == 0, text.output
    assert "Opening lead by A against 6♠ by B" in text.output and "♠K (♠Q)" in text.output
    assert "defenders' tricks" in text.output and "contract set" in text.output
    data = json.loads(CliRunner().invoke(pref, [*args, "--json"]).output)
    assert data["leader"] == "A" and data["best_lead"] in {f["lead"] for f in data["leads"]}
    assert {f["lead"] for f in data["leads"]} == {"KS", "xS", "AC", "JC", "xC", "xD", "KH"}
    assert all(f["side"] == "defenders" for f in data["leads"])
    assert len(data["paired"]) == len(data["leads"]) - 1


@pytest.mark.parametrize("args, words", [
    (["--seat", "A", "--game", "6S B", "--leader", "B"], "lead: the hand is A's but B leads the first trick; the opening lead is asked of the leader's hand (--leader A)"),
    (["--seat", "A", "--game", "raspasy"], "lead: the opening lead is asked against one contract or misère"),
    (["--seat", "A", "--game", "6S B", "--game", "7S B"], "lead: the opening lead is asked against one contract"),
])
def test_a_lead_question_that_cannot_be_asked_is_one_line(args, words):
    result = CliRunner().invoke(pref, ["estimate", "♠KQx ♣AJx ♦xxx ♥K", "--lead", *args])
    assert result.exit_code == 2 and result.output.strip().startswith(words)
    assert len(result.output.strip().splitlines()) == 1


def test_leader_is_an_option_and_reaches_the_question():
    result = CliRunner().invoke(pref, ["estimate", "♠KQx ♣AJx ♦xxx ♥K", "--seat", "B", "--leader", "B",
                                       "--game", "6S A", "--lead", "--layouts", "5", "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["leader"] == "B"
    assert est.question("♠KQx ♣AJx ♦xxx ♥K", seat="B", games=["6S A"], leader="C").leader == 2


# ---------------------------------------------------------------- issue 17: hands as the books write them

def test_x_in_a_12_card_hand_discards_the_lowest_spot_cards():
    q = est.question("♠A x x x x x x ♣A K ♦A K ♥A", seat="A", games=["8S A"])
    labels = {o.label for o in q.options}
    assert "8♠ by A discarding ♠x ♠x" in labels and "8♠ by A discarding ♠A ♠x" in labels
    assert q.knowledge.spots[0] == (6, 0, 0, 0) and q.knowledge.sizes[0] == 12
    space = est.layout_space(q.knowledge)
    game = Game.contract(8, 0, 0)
    two_x = next(k for k, o in enumerate(q.options) if o.discard == (est.spot(0), est.spot(0)))
    rng = __import__("random").Random(3)
    for _ in range(3):
        layout = space.sample(rng)
        values = est.outcomes(q, layout, Engine()).values
        hand = layout.hands[0]
        spots = [c for c in range(8) if hand >> c & 1 and c != 7]  # the ♠ spot cards, lowest first
        by_pair = {v.discard: v.tricks for v in discard_values(layout.hands, 0, game, engine=Engine())}
        assert values[two_x] == by_pair[tuple(sorted(spots[:2]))]


def test_x_in_the_discard_and_the_talon():
    q = est.question("♠A K Q J 10 ♣A K Q ♦A ♥A", seat="A", games=["7S A"], discard="♦x ♥x")
    assert q.knowledge.out_spots == (0, 0, 1, 1) and q.knowledge.hidden == 0
    for chunk in est.chunks(q, 60, seed=2, exact=False):
        est.run_chunk(q, chunk, check=True)  # every layout puts one ♦ and one ♥ spot card out of play
    talon = est.question("♠A x x x x x ♣A K ♦A K", seat="A", games=["8S A"], talon="♥A ♠x")
    assert talon.knowledge.spots[0] == (6, 0, 0, 0) and talon.knowledge.sizes[0] == 12
    assert any(o.discard == (est.spot(0), est.spot(0)) for o in talon.options)
    result = CliRunner().invoke(pref, ["estimate", "♠A K Q J 10 ♣A K Q ♦A ♥A", "--seat", "A", "--game", "7S A",
                                       "--discard", "♦x ♥x", "--layouts", "5", "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output


def test_spot_cards_out_of_play_are_drawn_uniformly():
    """A discard written ♦x: each card of the pool is the one out of play equally often over the layouts."""
    hand = parse_hand("♠AKQJ109 ♣AKQ")
    k = Knowledge((hand, 0, 0), sizes=(9, 2, 2), out=0xFFFFFFFF & ~(hand | parse_hand("♦AKQJ109 ♥A")),
                  out_spots=(0, 0, 1, 0))
    space = est.layout_space(k)
    counts = {}
    for i in range(space.count):
        layout = space.layout(i)
        assert space.honours(layout)
        counts[layout.out] = counts.get(layout.out, 0) + 1
    assert sorted(counts) == sorted(1 << c for c in (16 + 2, 16 + 3, 16 + 4))  # ♦9 10 J: the pool's 7-J
    assert len(set(counts.values())) == 1


def test_a_12_card_report_lists_the_top_options_and_pairs_the_games():
    args = ["estimate", "♠A x x x x x x ♣A K ♦A K ♥A", "--seat", "A", "--game", "8S A", "--game", "8NT A",
            "--layouts", "5", "--workers", "1", "--top", "3"]
    result = CliRunner().invoke(pref, args)
    assert result.exit_code == 0, result.output
    assert "more (--top N shows more; --json gives all)" in result.output
    assert result.output.count("; made ") >= 3
    assert "8♠ by A: best discard not knowing the layout:" in result.output
    assert "8NT by A: best discard not knowing the layout:" in result.output
    assert "Each game's best discard against the others', on the same layouts:" in result.output
    data = json.loads(CliRunner().invoke(pref, [*args, "--json"]).output)
    assert len(data["across_games"]) == 1
    # the paired lines under the best are the runners-up listed above them, in the same order
    lines = result.output.splitlines()
    listed = [line.split(":")[0] for line in lines if "; made " in line][1:3]
    best = lines.index(next(line for line in lines if line.startswith("Best not knowing the layout")))
    versus = [line.split("vs ", 1)[1].split(":")[0] for line in lines[best + 1:best + 3]]
    assert versus == listed


def test_figures_at_their_edges_print_honestly():
    """A chance of 100% prints its Wilson lower bound, not (100.0–100.0); a difference zero on every
    layout prints as exactly zero."""
    from preferans.analysis.stats import Figure
    from preferans.cli.text.estimate import _pct
    low, _ = wilson(10000, 10000)
    assert _pct(proportion(10000, 10000)) == f"100.0% ({100 * low:.2f}–100.0)" == "100.0% (99.96–100.0)"
    assert _pct(Figure(0.5, 0.4, 0.6)) == " 50.0% (40.0–60.0)"
    q = ending_question([SPADES_A, Game.contract(4, 0, 0)])  # the level changes no value
    result = est.estimate(q, 30, seed=2, workers=1)
    paired = result.paired(0, 1)
    assert paired.same_tricks and not paired.same_success and paired.difference.value == 0
    assert not est.estimate(ending_question([SPADES_A, NT_A]), 30, workers=1).paired(0, 1).same_tricks
    text = CliRunner().invoke(pref, ["estimate", "♠AQxxx ♥AQxxx", "--seat", "A", "--game", "7S A",
                                     "--game", "8S A", "--layouts", "10", "--workers", "1"]).output
    assert "vs 8♠ by A: 0 tricks (the same on every layout), success " in text


# ---------------------------------------------------------------- issue 13: the estimate's doors

def test_an_estimate_file_without_a_hand_is_one_line(tmp_path):
    path = tmp_path / "hand.toml"
    path.write_text('[estimate]\nseat = "A"\ngames = ["7S A"]\n', encoding="utf-8")
    result = CliRunner().invoke(pref, ["estimate", str(path)])
    assert result.exit_code == 2
    assert result.output.strip() == f'{path}: estimate.hand: the known hand is needed (hand = "♠A K x ♣…")'


def test_exact_and_a_number_of_layouts_are_refused_together():
    result = CliRunner().invoke(pref, ["estimate", "♠AQxxx ♥AQxxx", "--seat", "A", "--game", "7S A",
                                       "--exact", "--layouts", "5"])
    assert result.exit_code == 2
    assert result.output.strip() == "--exact enumerates every layout: --layouts has no meaning with it"


@pytest.mark.parametrize("args, words", [
    (["♠AKQJ10 ♣AKQ ♦A ♥A", "--seat", "A", "--game", "6S B", "--talon", "AS 7H"],
     "talon: AS is also in hand A (the hand given)"),
    (["♠AKQJ10 ♣AKQ ♦A ♥A", "--seat", "A", "--game", "6S B", "--holds", "C:♥K", "--discard", "KH 7H"],
     "discard: KH is also in hand C (--holds)"),
    (["♠AKQJ10 ♣AKQ ♦A ♥A", "--seat", "A", "--game", "6S A", "--talon", "AS 7H"],
     "talon: AS is also in hand A (the hand given): give the 10 cards before the talon, or 12 with it"),
    (["♠AKQJ10 ♣AKQ ♦A ♥A", "--seat", "A", "--game", "6S A", "--talon", "7H 8H", "--discard", "8H 9H"],
     "talon: 7H is neither in the hand nor in the discard: the declarer took the talon"),
])
def test_a_talon_or_discard_clash_names_the_real_culprit(args, words):
    result = CliRunner().invoke(pref, ["estimate", *args])
    assert result.exit_code == 2
    assert result.output.strip() == words


def test_a_talon_and_a_discard_sharing_a_card_is_the_declarer_after_his_discard():
    """Issue 13: it said "a 12-card hand has not discarded yet". The 10 cards kept, the talon taken, the
    discard out of play: a talon card may be in the hand or in the discard."""
    q = est.question("♠AKQJ10 ♣AKQ ♦A ♥A", seat="A", games=["6S A"], talon="AH 8H", discard="8H 9H")
    assert q.knowledge.out == mask_of([25, 26]) and q.knowledge.hidden == 0 and len(q.options) == 1


def test_a_misere_at_the_table_never_beats_double_dummy():
    """Per layout: caught at the table (every discard of his 12 cards) only when caught double dummy
    with the hand as played, which is one of those discards; and the column is the search at the
    table's own answer on the layout's deal."""
    from preferans.at_table import solve_at_table
    from preferans.analysis.estimate.work import layout_space, table_value

    q = est.question("♠78910 ♣8 ♦789 ♥89", seat="B", games=["misere B"])
    assert q.table == (0,) and q.columns()[-1] == "misère by B, at the table: caught"
    space, rng, engine = layout_space(q.knowledge), __import__("random").Random(5), Engine()
    caught = 0
    for _ in range(40):
        layout = space.sample(rng)
        value = est.outcomes(q, layout, engine).values
        assert value[1] <= int(value[0] >= 1)
        assert value[1] == table_value(q.options[0].game, layout.hands, 0, engine)
        hands = list(layout.hands)
        again = solve_at_table(Position(tuple(hands)), q.options[0].game, layout.hidden, engine=Engine(), with_key=False)
        assert value[1] == int(again.caught)
        caught += value[1]
    assert 0 < caught < 40


@pytest.mark.heavy
def test_the_chance_at_the_table_in_the_report_and_the_json():
    run = CliRunner().invoke(pref, ["estimate", "♠78910 ♣8 ♦789 ♥89", "--seat", "B", "--game", "misere B",
                                    "--layouts", "30", "--json"])
    assert run.exit_code == 0, run.output
    (table,) = json.loads(run.output)["at_table"]
    assert table["at_table"]["value"] <= table["double_dummy"]["value"]
    text = CliRunner().invoke(pref, ["estimate", "♠78910 ♣8 ♦789 ♥89", "--seat", "B", "--game", "misere B",
                                     "--layouts", "30", "--lang", "ru"])
    assert "за столом (ловящие не знают снос): ловится наверняка" in text.output
    off = CliRunner().invoke(pref, ["estimate", "♠78910 ♣8 ♦789 ♥89", "--seat", "B", "--game", "misere B",
                                    "--layouts", "30", "--json", "--no-table"])
    assert "at_table" not in json.loads(off.output)
    whist = CliRunner().invoke(pref, ["estimate", "♠AQxxx ♥AQxxx", "--seat", "A", "--game", "7S A", "--open-whist",
                                      "--layouts", "20", "--json"])
    (table,) = json.loads(whist.output)["at_table"]
    assert table["at_table"]["value"] >= table["double_dummy"]["value"]
    assert json.loads(whist.output)["options"][0]["mean"]["value"] <= table["tricks"]["mean"]["value"]
    lead = CliRunner().invoke(pref, ["estimate", "♠KQx ♣AJx ♦xxx ♥K", "--seat", "A", "--game", "6S B", "--lead",
                                     "--open-whist", "--layouts", "5"])
    assert lead.exit_code == 2 and "table" in lead.output
