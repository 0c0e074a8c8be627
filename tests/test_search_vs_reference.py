"""The kernel against the brute-force minimax, with every shortcut on, off, and each alone off."""

import random

import pytest

from preferans import Engine, Options, reference
from randomplay import focus_players, random_game, random_position

CONFIGS = {
    "all shortcuts": Options(),
    "no shortcuts": Options.none(),
    "no table": Options(tt=False),
    "no equivalence": Options(equivalence=False),
    "no bounds": Options(bounds=False),
    "no ordering": Options(ordering=False),
    "no all-or-none": Options(all_or_none=False),
    "no misere bounds": Options(misere_bounds=False),
    "no defender leads": Options(defender_leads=False),
    "no rank skip": Options(rank_skip=False),
    "no escape leads": Options(escape_leads=False),
    "no top trumps": Options(top_trumps=False),
    "no safe suits": Options(safe_suits=False),
    "not specialized": Options(specialized=False),
    "tiny table": Options(tt_log2_size=6),
}
KINDS = ["contract", "misere", "raspasy"]
HEAVY = pytest.mark.heavy
"""The large sets (seconds each) run in the whole suite; the quick tier keeps the small ones, whose
positions are the first of the large sets' (the same seed)."""


def _check(seed: int, kind: str, cards: int, count: int, cooperative: bool = False) -> None:
    """Every card's value and the value, from each engine configuration and from the brute force.

    ``cooperative``: all three players pursue the focus player's aim (the lower bound the
    raspasy analysis needs) instead of the other two playing against him.
    """
    rng = random.Random(f"{'coop-' if cooperative else ''}{seed}-{kind}-{cards}")
    engines = {name: Engine(options) for name, options in CONFIGS.items()}
    for _ in range(count):
        game = random_game(rng, kind)
        position = random_position(rng, game, cards)
        for focus in focus_players(game):
            expected = reference.card_values(position, game, focus, cooperative)
            for name, engine in engines.items():
                got = engine.card_values(position, game, focus, cooperative)
                assert got == expected, (name, position, game, focus)
            maximizing = game.focus_maximizes() if cooperative else \
                (position.to_move == focus) == game.focus_maximizes()
            best = max(expected.values()) if maximizing else min(expected.values())
            assert engines["all shortcuts"].value(position, game, focus, cooperative) == best
            assert reference.value(position, game, focus, cooperative) == best


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("cards,count", [(1, 40), (2, 150), (3, 60), (4, 12),
                                         pytest.param(3, 600, marks=HEAVY), pytest.param(4, 120, marks=HEAVY)])
def test_card_values_match_brute_force(kind, cards, count):
    _check(0, kind, cards, count)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("count", [1, pytest.param(4, marks=HEAVY)])
def test_card_values_match_brute_force_five_cards(kind, count):
    _check(0, kind, 5, count)


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("cards,count", [(3, 5000), (4, 1500), (5, 60)])
def test_card_values_match_brute_force_exhaustive(kind, cards, count):
    _check(1, kind, cards, count)


@pytest.mark.parametrize("kind", KINDS)
def test_the_search_compiled_per_game_walks_the_same_tree(kind):
    """``Options.specialized`` runs a copy of the search compiled with the game's constants folded
    in (kernel/search.py, ``_compiled_for``): not a shortcut but the same search, so on whole deals
    of ten cards each it finds the same value in the same number of nodes, and the same stats, as
    the search that reads those constants from the context at every node."""
    rng = random.Random(f"specialized-{kind}")
    engines = Engine(Options()), Engine(Options(specialized=False))
    for _ in range(6):
        game = random_game(rng, kind)
        position = random_position(rng, game, 10)
        for focus in focus_players(game):
            seen = []
            for engine in engines:
                engine.clear()
                before = engine.stats
                value = engine.value(position, game, focus)
                after = engine.stats
                seen.append((value, after.nodes - before.nodes, after.table_hits - before.table_hits,
                             after.bound_cuts - before.bound_cuts, after.first_move_cuts - before.first_move_cuts))
            assert seen[0] == seen[1], (position, game, focus)
            assert seen[0][1] > 0


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("cards,count", [(2, 100), (3, 30), (4, 6),
                                         pytest.param(3, 300, marks=HEAVY), pytest.param(4, 60, marks=HEAVY)])
def test_cooperative_card_values_match_brute_force(kind, cards, count):
    _check(0, kind, cards, count, cooperative=True)


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("cards,count", [(3, 3000), (4, 800), (5, 40)])
def test_cooperative_card_values_match_brute_force_exhaustive(kind, cards, count):
    _check(1, kind, cards, count, cooperative=True)
