"""The void-lead bound that ``benchmarks/oracles.py`` measures (``benchmarks/void_leads.py``; the search
does not use it yet), against the brute force: it holds on every trick start tried and on its partition,
while the matchings alone do not (a player can be left on lead with only suits the others lack)."""

import random

import pytest
from conftest import partition_mate, trick_start_value

from benchmarks.void_leads import holds_below, matchings, void_lead_bound
from preferans import Game


def _value(hands, leader, focus):
    return trick_start_value(Game.misere(focus), focus, hands, leader)


def _hands(rng, left):
    deck = rng.sample(range(32), 3 * left)
    return tuple(sum(1 << c for c in deck[i * left:(i + 1) * left]) for i in range(3))


@pytest.mark.parametrize("sizes, count, least", [
    pytest.param((2, 3, 4), 400, 90, id="small"),
    pytest.param((5, 6, 7), 400, 60, id="large", marks=pytest.mark.heavy),
    pytest.param((2, 3, 4, 5, 6, 7, 8), 5000, 1000, id="exhaustive", marks=pytest.mark.slow)])
def test_void_lead_bound_holds_and_the_matchings_alone_do_not(sizes, count, least):
    """``least``: how many of the ``count`` trick starts the bound must settle (below a random target),
    so that its partitions are tried too; the matchings alone must be wrong on ten at least. The game
    asked one question (``holds_below``) answers as its value does."""
    rng = random.Random(f"void-leads-{sizes}")
    fired = matchings_wrong = 0
    for _ in range(count):
        left = rng.choice(sizes)
        hands = _hands(rng, left)
        leader, focus, target = rng.randrange(3), rng.randrange(3), rng.randint(1, left)
        bound, relevant = void_lead_bound(hands, focus, leader)
        assert holds_below(hands, focus, leader, target) == (bound < target), (hands, leader, focus, target, bound)
        value = _value(hands, leader, focus)
        assert value <= bound, (hands, leader, focus, value, bound)
        matchings_wrong += value > matchings(hands, focus)
        if bound < target:
            fired += 1
            for _ in range(2):
                mate = partition_mate(rng, hands, relevant)
                assert _value(mate, leader, focus) <= bound, (hands, mate, leader, focus, bound, hex(relevant))
    assert fired >= least and matchings_wrong >= 10, (fired, matchings_wrong)


@pytest.mark.heavy
def test_the_compiled_game_answers_as_the_game():
    """``benchmarks/void_leads_speed.py`` times a compiled copy of the game: it must be the same game."""
    import numpy as np

    from benchmarks import void_leads, void_leads_speed as compiled

    rng = random.Random("void-leads-compiled")
    memo, scratch, cards = compiled.new_memo(), np.zeros((16, 4, 4, 5), dtype=np.int64), np.zeros(1, dtype=np.int64)
    for _ in range(500):
        left = rng.choice((2, 3, 4, 5, 6, 7, 8))
        hands = _hands(rng, left)
        focus, leader, target = rng.randrange(3), rng.randrange(3), rng.randint(1, left)
        state = void_leads._canon(void_leads.suits_of(hands, focus))
        compiled.canon(compiled.state_array(state), scratch[0, 0])
        answer = compiled.reaches(*memo, scratch, 0, leader, target, cards)
        assert answer == void_leads.game_reaches(state, leader, target), (state, leader, target)


def test_state_counts_are_the_states_of_a_few_tricks():
    """``state_counts`` counts multisets by a recurrence; here the states of one and two tricks are
    listed outright: every canonical state of four suits whose lengths add up to n each."""
    from itertools import combinations_with_replacement, product

    from benchmarks.void_leads import _canon, state_counts

    counts = state_counts(2)
    for tricks in (1, 2):
        suits = [(a, x, y, ducks, pairs) for a, x, y in product(range(tricks + 1), repeat=3)
                 for ducks in range(a + 1) for pairs in range(a - ducks + 1)]
        states = {_canon(four) for four in combinations_with_replacement(suits, 4)
                  if all(sum(suit[i] for suit in four) == tricks for i in range(3))}
        assert len(states) == counts[tricks], (tricks, len(states), counts[tricks])
