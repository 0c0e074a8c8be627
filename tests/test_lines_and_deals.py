"""Best lines are legal, optimal and follow the tie-break; full deals agree with shortcuts on and off."""

import random

import pytest

from preferans import Engine, Game, Options, Position, TalonMode, batch_values, reference
from preferans.cards import rank_of, suit_of
from preferans.rules import play
from randomplay import focus_players, random_deal, random_game, random_position


def _maximizing(position, game, focus):
    return (position.to_move == focus) == game.focus_maximizes()


@pytest.mark.parametrize("kind,count", [("contract", 60), ("misere", 60), ("raspasy", 15),
                                        pytest.param("raspasy", 60, marks=pytest.mark.heavy)])
def test_best_line_is_optimal_and_tie_broken(kind, count):
    rng = random.Random(f"line-{kind}")
    for _ in range(count):
        game = random_game(rng, kind)
        start = random_position(rng, game, rng.randint(2, 4))
        for focus in focus_players(game):
            position = start  # each focus player's line is replayed from the start
            value, line = Engine().best_line(position, game, focus)
            assert value == reference.value(position, game, focus)
            gained = 0
            for card in line:
                values = reference.card_values(position, game, focus)
                keep = max(values.values()) if _maximizing(position, game, focus) else min(values.values())
                optimal = sorted((c for c, v in values.items() if v == keep),
                                 key=lambda c: (rank_of(c), suit_of(c)))
                assert card == optimal[0], (position, game, focus, line)
                before = position.taken[focus]
                position = play(position, game, card)
                gained += position.taken[focus] - before
            assert position.is_over() and gained == value


def _deal_games(rng):
    hands, talon = random_deal(rng)
    yield Position(hands, 0), Game.contract(6, rng.randrange(5), rng.randrange(3))
    yield Position(hands, 0), Game.misere(rng.randrange(3))
    yield Position(hands, 0, (), talon), Game.raspasy(TalonMode.SUIT)
    yield Position(hands, 0, (), talon), Game.raspasy(TalonMode.DEALER)


def _check_deals(seed, count, configs):
    rng = random.Random(seed)
    for _ in range(count):
        for position, game in _deal_games(rng):
            for focus in focus_players(game):
                values = {name: Engine(o).value(position, game, focus) for name, o in configs.items()}
                assert len(set(values.values())) == 1, (position, game, focus, values)


def test_full_deals_agree_with_shortcuts_on_and_off():
    _check_deals("deals", 6, {"all": Options(), "no bounds": Options(bounds=False),
                              "no equivalence, no ordering": Options(equivalence=False, ordering=False)})


@pytest.mark.parametrize("kind", ["contract", "misere", "raspasy"])
def test_middle_game_agrees_without_table(kind):
    rng = random.Random(f"middle-{kind}")
    for _ in range(8):
        game = random_game(rng, kind)
        position = random_position(rng, game, 6)
        for focus in focus_players(game):
            values = {Engine(o).value(position, game, focus) for o in (Options(), Options.none())}
            assert len(values) == 1, (position, game, focus)


@pytest.mark.slow
def test_full_deals_agree_with_shortcuts_on_and_off_exhaustive():
    _check_deals("deals-slow", 30, {"all": Options(), "tiny table": Options(tt_log2_size=8),
                                    "no bounds": Options(bounds=False),
                                    "no equivalence, no ordering": Options(equivalence=False,
                                                                           ordering=False)})


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["contract", "misere", "raspasy"])
def test_middle_game_agrees_with_plain_search_exhaustive(kind):
    rng = random.Random(f"middle-slow-{kind}")
    for _ in range(60):
        game = random_game(rng, kind)
        position = random_position(rng, game, rng.randint(6, 7))
        for focus in focus_players(game):
            values = {Engine(o).value(position, game, focus) for o in (Options(), Options.none())}
            assert len(values) == 1, (position, game, focus)


def test_batch_matches_one_by_one():
    rng = random.Random("batch")
    items = [(p, g, f) for _ in range(5) for p, g in _deal_games(rng) for f in focus_players(g)]
    values, nodes = batch_values(*zip(*items))
    assert list(values) == [Engine().value(p, g, f) for p, g, f in items]
    assert all(n > 0 for n in nodes)


@pytest.mark.parametrize("kind", ["contract", "misere", "raspasy"])
def test_threshold_query_agrees_with_value(kind):
    rng = random.Random(f"reaches-{kind}")
    engine = Engine()
    for _ in range(40):
        game = random_game(rng, kind)
        position = random_position(rng, game, rng.randint(1, 4))
        for focus in focus_players(game):
            value = reference.value(position, game, focus)
            left = position.tricks_left
            assert [engine.reaches(position, game, focus, t) for t in range(left + 2)] == \
                [value >= t for t in range(left + 2)]
