"""Each misère bound, and the contract's count of top trumps, on its own against the brute-force
minimax, and on its whole partition.

The search only ever sees a bound through a cut-off, so a bound that is wrong where the
search happens not to consult it would slip past the search tests; here every bound is
checked wherever it fires. Its relevant cards are checked too: the bound must hold for
every position of the partition they name (the same suit lengths, the same owners of each
suit's live cards from its lowest relevant card up), which is what the table assumes.
"""

import random

import numpy as np
import pytest
from conftest import partition_mate, trick_start_value

from preferans import Game, Position, reference
from preferans.kernel.bounds import (loses_trick, never_wins, shared_suits_relevance, sure_escapes, top_trumps,
                                     wins_trick)

KINDS = ["misere", "raspasy"]
SAMPLES = [pytest.param((30, (2, 3, 3, 4)), id="small"),
           pytest.param((150, (2, 3, 3, 4, 4)), id="large", marks=pytest.mark.heavy)]
"""How many trick starts each bound is tried on, and their hand sizes: the large sample (seconds
each: the brute force of 4-card hands) in the whole suite, the small one in the quick tier."""
# Counting more than one escape needs hands beyond the brute force's 4 cards: conftest's
# trick_start_value answers those with the search, the misère bounds off.


def _deal(rng: random.Random, cards: int) -> tuple[int, int, int]:
    deck = list(range(32))
    rng.shuffle(deck)
    return tuple(sum(1 << c for c in deck[i * cards:(i + 1) * cards]) for i in range(3))


def _cases(kind: str, seed: int, count: int, sizes=(2, 3, 3, 4, 4)):
    """Trick starts of misères and raspasy (no talon): (game, focus, hands, leader, left, rng)."""
    rng = random.Random(f"bounds-{kind}-{seed}-{sizes}")
    for _ in range(count):
        left = rng.choice(sizes)
        hands = _deal(rng, left)
        leader = rng.randrange(3)
        if kind == "misere":
            focus = rng.randrange(3)
            yield Game.misere(focus), focus, hands, leader, left, rng
        else:
            yield Game.raspasy("none"), rng.randrange(3), hands, leader, left, rng


def _check(bound, kind, cooperative, count=150, sizes=(2, 3, 3, 4, 4), least=0.1):
    """``bound(hands, focus, leader, left)`` -> (fires, holds(value), relevant): every firing is
    checked against the brute force on the position and two positions of its partition; it must
    fire on at least the share ``least`` of the positions."""
    fired = 0
    for game, focus, hands, leader, left, rng in _cases(kind, int(cooperative), count, sizes):
        fires, holds, relevant = bound(np.array(hands, dtype=np.int64), focus, leader, left)
        if not fires:
            continue
        fired += 1
        for mate in (hands, partition_mate(rng, hands, relevant), partition_mate(rng, hands, relevant)):
            value = trick_start_value(game, focus, mate, leader, cooperative)
            assert holds(value), (kind, cooperative, hands, mate, focus, leader, value, hex(relevant))
    assert fired >= count * least, f"the bound fired on {fired} of {count} positions only"


def _loses(hands, focus, leader, left):
    fires, relevant = loses_trick(hands, focus, leader)
    return fires, lambda v: v <= left - 1, relevant


def _wins(hands, focus, leader, left):
    fires, relevant = wins_trick(hands, focus, leader)
    return fires, lambda v: v >= 1, relevant


def _escapes(hands, focus, leader, left):
    e, relevant = sure_escapes(hands, focus, leader, left)
    return e > 0, lambda v: v <= left - e, relevant


def _never(hands, focus, leader, left):
    fires = never_wins(hands, focus, leader)
    return fires, lambda v: v == 0, shared_suits_relevance(hands, focus)


@pytest.mark.parametrize("sample", SAMPLES)
@pytest.mark.parametrize("cooperative", [False, True])
@pytest.mark.parametrize("kind", KINDS)
def test_never_wins_holds(kind, cooperative, sample):
    _check(_never, kind, cooperative, *sample)


@pytest.mark.parametrize("cooperative", [False, True])
@pytest.mark.parametrize("kind", KINDS)
def test_never_wins_holds_on_long_hands(kind, cooperative):
    """Safe suits with more cards than 4-card hands give (5 to 8 cards a hand), where it settles more
    than :func:`wins_none` would (a card of the others below one of his), on either's lead."""
    checked = beyond_none = on_lead = 0
    for game, focus, hands, leader, left, rng in _cases(kind, 5 + cooperative, 3000, sizes=(5, 6, 7, 8)):
        fires, holds, relevant = _never(np.array(hands, dtype=np.int64), focus, leader, left)
        if not fires:
            continue
        checked += 1
        on_lead += leader == focus
        others = hands[(focus + 1) % 3] | hands[(focus + 2) % 3]
        beyond_none += any(others & ((1 << c) - (1 << (c & 0x18))) for c in range(32) if hands[focus] >> c & 1)
        for mate in (hands, partition_mate(rng, hands, relevant)):
            value = trick_start_value(game, focus, mate, leader, cooperative)
            assert holds(value), (kind, cooperative, hands, mate, focus, leader, value)
    assert checked >= 30 and beyond_none >= 20 and on_lead >= 5, (checked, beyond_none, on_lead)


@pytest.mark.parametrize("sample", SAMPLES)
@pytest.mark.parametrize("cooperative", [False, True])
@pytest.mark.parametrize("kind", KINDS)
def test_loses_trick_holds(kind, cooperative, sample):
    _check(_loses, kind, cooperative, *sample)


@pytest.mark.parametrize("sample", SAMPLES)
@pytest.mark.parametrize("kind", KINDS)
def test_wins_trick_holds(kind, sample):
    _check(_wins, kind, False, *sample)  # the others play against him: not a cooperative bound


@pytest.mark.parametrize("sample", SAMPLES)
@pytest.mark.parametrize("cooperative", [False, True])
@pytest.mark.parametrize("kind", KINDS)
def test_sure_escapes_holds(kind, cooperative, sample):
    _check(_escapes, kind, cooperative, *sample)


@pytest.mark.parametrize("kind", KINDS)
def test_sure_escapes_asked_for_a_least_count_gives_it_or_nothing(kind):
    """With ``need``, the count is the same as without when it reaches ``need``, else (0, 0): the
    four-suit pre-check must never hide a count the search would cut with."""
    seen = 0
    for game, focus, hands, leader, left, rng in _cases(kind, 7, 3000, sizes=(5, 6, 7, 8)):
        full = sure_escapes(np.array(hands, dtype=np.int64), focus, leader, left)
        for need in range(1, 5):
            asked = sure_escapes(np.array(hands, dtype=np.int64), focus, leader, left, need)
            assert asked == (full if full[0] >= need else (0, 0)), (hands, focus, leader, left, need)
            seen += full[0] >= need > 1
    assert seen >= 30


@pytest.mark.parametrize("cooperative", [False, True])
@pytest.mark.parametrize("kind", KINDS)
def test_sure_escapes_holds_when_it_counts_several(kind, cooperative):
    """Two escapes or more need longer hands (and are rare on random ones: a few in a hundred)."""
    checked = 0
    for game, focus, hands, leader, left, rng in _cases(kind, 3 + cooperative, 3000, sizes=(5, 6, 7, 8)):
        e, relevant = sure_escapes(np.array(hands, dtype=np.int64), focus, leader, left)
        if e < 2:
            continue
        checked += 1
        for mate in (hands, partition_mate(rng, hands, relevant)):
            value = trick_start_value(game, focus, mate, leader, cooperative)
            assert value <= left - e, (kind, cooperative, hands, mate, focus, leader, value, e)
    assert checked >= 30


def _contract_cases(seed: int, count: int, sizes=(2, 3, 3, 4, 4)):
    """Trick starts of contracts with a trump suit: (game, declarer, hands, leader, left, rng)."""
    rng = random.Random(f"bounds-contract-{seed}-{sizes}")
    for _ in range(count):
        left = rng.choice(sizes)
        hands = _deal(rng, left)
        declarer = rng.randrange(3)
        yield Game.contract(6, rng.randrange(4), declarer), declarer, hands, rng.randrange(3), left, rng


@pytest.mark.parametrize("sample", SAMPLES)
@pytest.mark.parametrize("cooperative", [False, True])
def test_top_trumps_holds(cooperative, sample):
    """Every target the count settles, settled as the brute force does, on the position and two
    positions of its partition: the declarer's trumps above all of the defenders' are tricks he
    takes, one defender's above all of his are tricks he loses, whoever leads and however the rest
    is played (so in a cooperative search too). Both directions must fire."""
    count, sizes = sample
    fired = {"takes": 0, "loses": 0}
    for game, declarer, hands, leader, left, rng in _contract_cases(int(cooperative), count, sizes):
        for target in range(1, left + 1):
            settled, value, relevant = top_trumps(np.array(hands, dtype=np.int64), declarer, game.trump, target, left)
            if not settled:
                continue
            fired["takes" if value >= target else "loses"] += 1
            for mate in (hands, partition_mate(rng, hands, relevant), partition_mate(rng, hands, relevant)):
                exact = reference.value(Position(mate, leader, ()), game, declarer, cooperative)
                holds = exact >= value if value >= target else exact <= value
                assert holds, (cooperative, hands, mate, declarer, leader, game.trump, target, value, exact, hex(relevant))
    assert min(fired.values()) >= count // 10, fired
