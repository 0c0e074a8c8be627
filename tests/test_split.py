"""The defenders' split (:mod:`preferans.kernel.split`) against the brute force over every line
(:mod:`preferans.reference_split`), on random endings of every strain, with its shortcuts on and off."""

import random

import numpy as np
import pytest

from preferans import Engine, Options
from preferans.errors import InputError
from preferans.kernel import split as kernel_split
from preferans.kernel.split import SPLIT_SHORTCUT_NAMES
from preferans.reference_split import split as brute_force
from preferans.rules import Game, Position, legal_cards, play
from randomplay import random_game, random_position

ENGINES = {"all shortcuts": Options(), "no shortcuts": Options.none(), "no table": Options(tt=False),
           "no equivalence": Options(equivalence=False), "tiny table": Options(tt_log2_size=6),
           **{f"no {name}": Options(**{name: False}) for name in SPLIT_SHORTCUT_NAMES}}


def random_ranks(rng: random.Random, shape: str) -> np.ndarray:
    """Ranks of every (declarer's tricks, defender's tricks): at random, or shaped as the scoring
    makes them (a plateau of the splits that meet both quotas, broken by evenness, then by ``y``)."""
    ranks = np.zeros((11, 11), np.int64)
    for d in range(11):
        rest = 10 - d
        if shape == "random":
            ranks[d] = rng.sample(range(11), 11)
            continue
        quota = rng.randint(0, 2)
        order = sorted(range(11), key=lambda y: (-(max(0, quota - y) + max(0, quota - (rest - y))),
                                                 -abs(2 * y - rest), y))
        for r, y in enumerate(order):
            ranks[d][y] = r
    return ranks


def check(seed, cards: int, count: int, options: dict = ENGINES) -> dict:
    """``count`` random endings of ``cards`` cards split by an engine of each of ``options``, against
    the brute force; the engines, for their counters."""
    rng = random.Random(f"split-{seed}-{cards}")
    engines = {name: Engine(opts) for name, opts in options.items()}
    for _ in range(count):
        game = random_game(rng, "contract")
        position = random_position(rng, game, cards)
        defender = rng.choice([s for s in range(3) if s != game.declarer])
        ranks = random_ranks(rng, rng.choice(["random", "quota"]))
        expected = brute_force(position, game, defender, ranks.tolist())
        assert expected[0] == Engine().value(position, game, game.declarer)
        for name, engine in engines.items():
            assert engine.split(position, game, defender, ranks) == expected, (name, position, game, defender)
    return engines


@pytest.mark.parametrize("cards,count", [(1, 30), (2, 150), pytest.param(3, 600, marks=pytest.mark.heavy),
                                         pytest.param(4, 200, marks=pytest.mark.heavy), (5, 10)])
def test_split_matches_brute_force(cards, count):
    check(0, cards, count)


@pytest.mark.parametrize("cards,count", [(2, 100), (3, 200), (4, 100), (5, 20)])
def test_probes_cut_short_match_brute_force(cards, count, monkeypatch):
    """``split_probes`` with a budget of one node: every probe whose card needs the trick search runs
    over it and is searched again in the next pass, and the answers still agree with the brute force;
    the node counts show that the probes were cut short (more nodes than with the default budget)."""
    default = check("probes", cards, count, {"probes": Options()})["probes"].searcher.nodes
    monkeypatch.setattr(kernel_split, "PROBE_BUDGET", 1)
    cut_short = check("probes", cards, count, {"probes": Options()})["probes"].searcher.nodes
    assert cut_short > default


@pytest.mark.slow
@pytest.mark.parametrize("cards,count", [(3, 5000), (4, 2000), (5, 300), (6, 20)])
def test_split_matches_brute_force_exhaustive(cards, count):
    check(1, cards, count)


@pytest.mark.parametrize("shape", ["random", "quota"])
def test_one_job_over_many_endings(shape):
    """The memo kept from split to split (``split_kept_memo``) serves every split of one game,
    defender and ranks: the positions along random lines of many endings (which share later
    positions, reached with different tricks already taken), split one after another by one
    engine, against the brute force and against engines with each shortcut off."""
    rng = random.Random(f"split-job-{shape}")
    game = random_game(rng, "contract")
    defender = (game.declarer + 1) % 3
    ranks = random_ranks(rng, shape)
    engines = {"all shortcuts": Engine(), **{name: Engine(Options(**{name: False})) for name in SPLIT_SHORTCUT_NAMES}}
    values = set()
    for _ in range(25):
        position = random_position(rng, game, 4, max_on_table=0)
        while not position.is_over():
            expected = brute_force(position, game, defender, ranks.tolist())
            values.add(expected[0])
            for name, engine in engines.items():
                assert engine.split(position, game, defender, ranks) == expected, (name, position, game, defender)
            position = play(position, game, rng.choice(legal_cards(position, game)))
    assert len(values) > 2  # the declarer's tricks from the positions differ, so the memo's rows do
    assert len(engines["all shortcuts"].searcher._split_memos) == 1  # one job, one table, kept


def test_the_split_of_a_deal_is_reached_in_play():
    """On full deals the declarer's tricks are the double-dummy value and the split is one the
    defenders can take: both defenders' tricks add up to the rest."""
    rng = random.Random("split-deals")
    engine = Engine()
    for _ in range(5):
        deck = list(range(32))
        rng.shuffle(deck)
        hands = tuple(sum(1 << c for c in deck[10 * i:10 * i + 10]) for i in range(3))
        game = Game.contract(6, rng.randrange(5), 0)
        position = Position(hands, 0)
        d, y = engine.split(position, game, 1, random_ranks(rng, "quota"))
        assert d == engine.value(position, game, 0) and 0 <= y <= 10 - d


def test_split_input_is_checked():
    engine = Engine()
    game = Game.contract(6, 0, 0)
    position = Position.from_text("♠A / ♠K / ♠Q")
    ranks = np.tile(np.arange(11), (11, 1))
    for defender, table, message in ((0, ranks, "defender"), (3, ranks, "defender"),
                                     (1, np.zeros((11, 11), np.int64), "ranks"), (1, ranks[:5], "ranks"),
                                     (1, ranks + 99, "ranks")):
        with pytest.raises(InputError, match=message):
            engine.split(position, game, defender, table)
    with pytest.raises(InputError, match="contract"):
        engine.split(position, Game.misere(0), 1, ranks)


def test_load_kernel_compiles_what_a_split_and_the_table_call():
    """``load_kernel`` (the CLI's compile notice) compiles every entry of the kernel for the arguments
    the engine and the search at the table pass: a split, a misère and a contract at the table after
    it add no compiled version to any entry (one would be a compile the notice never named)."""
    from preferans import make_position, parse_game, solve_at_table
    from preferans.engine import load_kernel
    from preferans.kernel import cache, drivers, split, worlds

    load_kernel()
    modules = {"drivers": drivers, "split": split, "worlds": worlds}
    entries = {name: getattr(modules[name.split(".")[0]], name.split(".")[1]) for name in cache.ENTRY_POINTS}
    compiled = {name: list(entry.signatures) for name, entry in entries.items()}
    assert all(len(versions) == 1 for versions in compiled.values()), compiled  # one each, and the calls' own
    engine = Engine()
    ranks = np.tile(np.arange(11), (11, 1))
    ranks.setflags(write=False)  # as the estimate's scoring keeps them
    engine.split(Position.from_text("♠A ♥7 / ♠K ♥8 / ♠Q ♥9"), Game.contract(6, 0, 0), 1, ranks)
    misere = parse_game("misere", declarer="C")
    solve_at_table(make_position(A="♠AQ107 ♥10", B="♣Q7 ♦109 ♥J", C="♠9 ♦7 ♥987", out_of_play="♣J ♣8", game=misere),
                   misere, "♣J ♣8", engine=engine, with_key=False)
    contract = parse_game("contract", contract="6S", declarer="A")
    solve_at_table(make_position(A="♠AK ♣7", B="♠QJ ♣8", C="♣AK ♥7", game=contract), contract, "♥8 ♥9",
                   engine=engine, with_key=False)
    assert {name: list(entry.signatures) for name, entry in entries.items()} == compiled
