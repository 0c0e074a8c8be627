"""benchmarks/discard_rules.py: the catchers' discard rules it measures, held to the brute force."""

from benchmarks.discard_rules import count_misses, misses
from preferans import Engine, Game, Position, reference
from preferans.notation import parse_cards


def _mask(text: str) -> int:
    return sum(1 << c for c in parse_cards(text))


def test_the_middle_discard_can_be_the_only_best():
    """The counterexample in docs/performance.md: A ♦J ♥9 ♥Q, B ♦8 ♦9 ♦A, C ♣7 ♦7 ♦10 ♦K, B's misère,
    A leads ♠9, B throws ♣A: only C's ♦10 gives B two tricks, so keeping each suit's highest or
    lowest discard misses the best."""
    hands = (_mask("♦J ♥9 ♥Q"), _mask("♦8 ♦9 ♦A"), _mask("♣7 ♦7 ♦10 ♦K"))
    position = Position(hands, 0, tuple(parse_cards("♠9 ♣A")))
    values = reference.card_values(position, Game.misere(1), 1)
    assert values == dict(zip(parse_cards("♣7 ♦7 ♦10 ♦K"), (1, 0, 2, 0)))
    assert Engine().card_values(position, Game.misere(1), 1) == values
    missed = misses(values, hands[1])
    assert "highest or lowest of each suit" in missed
    assert "lowest of each stretch between the declarer's cards" not in missed


def test_the_counts_are_the_brute_forces():
    """The script's counts with the engine's card values equal those with the brute force's, on small
    positions (the same seeded draws), and some rule misses somewhere, so the check has teeth."""
    engine = count_misses(300, seed=3, sizes=(2, 4))
    assert engine == count_misses(300, seed=3, values_of=reference.card_values, sizes=(2, 4))
    assert sum(engine.values()) > 0
