"""The layout space: counts against brute force, unranking is a bijection, sampling is uniform."""

import random
from collections import Counter
from itertools import combinations
from math import comb, sqrt

import pytest

from preferans import InputError
from preferans.analysis.layouts import Knowledge, Layout, LayoutSpace, parse_known_hand, parse_length
from preferans.cards import bit, card, count, mask_of, suit_bits
from preferans.notation import parse_hand

S, C, D, H = range(4)
NONE4 = (0, 0, 0, 0)


def brute_force(k: Knowledge, pool_of_spots) -> set[Layout]:
    """Every layout by plain enumeration: all deals of the unseen cards, filtered by the rules."""
    named = k.known[0] | k.known[1] | k.known[2] | k.out
    unseen = [c for c in range(32) if not named >> c & 1]
    needs = [k.sizes[s] - count(k.known[s]) for s in range(3)]
    out = set()
    for a in combinations(unseen, needs[0]):
        rest_a = [c for c in unseen if c not in a]
        for b in combinations(rest_a, needs[1]):
            rest_b = [c for c in rest_a if c not in b]
            for c_ in combinations(rest_b, needs[2]):
                hidden = tuple(sorted(c for c in rest_b if c not in c_))
                hands = (k.known[0] | mask_of(a), k.known[1] | mask_of(b), k.known[2] | mask_of(c_))
                ok = all(least <= count(suit_bits(hands[seat], s)) <= most for seat, s, least, most in k.lengths)
                for seat in range(3):
                    for s in range(4):
                        extra = suit_bits(hands[seat] & ~k.known[seat], s)
                        if k.spots[seat][s] and (count(extra) != k.spots[seat][s] or extra & ~pool_of_spots[s]):
                            ok = False  # a suit written with x is the hand's whole suit
                if ok:
                    out.add(Layout(hands, hidden))
    return out


def ending(known_a: str, out_extra: str = "", sizes=(4, 4, 4), spots_a=NONE4, lengths=()) -> Knowledge:
    """A short ending: A's named cards; in play only ♠A K Q J 10 9, ♣A K Q and ♦A K Q."""
    out = 0xFFFFFFFF & ~parse_hand("♠AKQJ109 ♣AKQ ♦AKQ") | (parse_hand(out_extra) if out_extra else 0)
    a = parse_hand(known_a) & ~out
    return Knowledge((a, 0, 0), (spots_a, NONE4, NONE4), sizes, out, lengths)


CASES = [
    ending("♠AK ♣A ♦A"),
    ending("♠AK ♣A ♦A", lengths=((1, S, 2, 8), (2, 3, 0, 1))),
    ending("♠A ♣A", spots_a=(2, 0, 0, 0)),
    ending("♠A", spots_a=(1, 0, 0, 0)),  # two cards of A not given: dealt, but no other spade
    ending("♠A ♣A ♦A", sizes=(4, 4, 3)),  # one unseen card hidden (out of the hands)
]


@pytest.mark.parametrize("k", CASES, ids=["plain", "lengths", "spots", "partial-spots", "hidden"])
def test_count_and_unranking_match_brute_force(k):
    space = LayoutSpace(k)
    pools = [sum(bit(c & 7) for c in space._pools[s]) for s in range(4)]
    expected = brute_force(k, pools)
    got = [space.layout(i) for i in range(space.count)]
    assert space.count == len(expected)
    assert set(got) == expected
    assert len(set(got)) == len(got)
    assert all(space.honours(lay) for lay in got)


def chi_square_critical(df: int, z: float = 3.09) -> float:
    """The p = 0.001 point of chi-square (Wilson-Hilferty approximation)."""
    return df * (1 - 2 / (9 * df) + z * sqrt(2 / (9 * df))) ** 3


@pytest.mark.parametrize("k", [ending("♠AK ♣A ♦A", lengths=((1, S, 1, 8),)),
                               ending("♠A ♣A", spots_a=(1, 0, 0, 0))], ids=["lengths", "spots"])
def test_sampling_is_uniform_chi_square(k):
    space = LayoutSpace(k)
    pools = [sum(bit(c & 7) for c in space._pools[s]) for s in range(4)]
    every = sorted(brute_force(k, pools), key=lambda lay: lay.hands)
    assert space.count == len(every) > 20
    rng = random.Random(7)
    n = 20 * len(every)
    seen = Counter(space.sample(rng) for _ in range(n))
    assert set(seen) <= set(every)
    expected = n / len(every)
    chi2 = sum((seen[lay] - expected) ** 2 / expected for lay in every)
    assert chi2 < chi_square_critical(len(every) - 1)


def test_book_section_5_splits_by_exact_counting():
    """docs/book-claims.md 5: 4 missing cards of a suit over two unseen 10-card hands: 4-0 0.08669, 2-2 0.41796."""
    hand = parse_hand("♠AKQJ ♣AK ♦AK ♥AK")
    out = mask_of([card(C, 0), card(D, 0)])
    total = LayoutSpace(Knowledge((hand, 0, 0), out=out)).count
    assert total == comb(20, 10) == 184756

    def with_b_spades(n):
        return LayoutSpace(Knowledge((hand, 0, 0), out=out, lengths=((1, S, n, n),))).count

    four_zero = (with_b_spades(4) + with_b_spades(0)) / total
    two_two = with_b_spades(2) / total
    assert round(four_zero, 5) == 0.08669
    assert round(two_two, 5) == 0.41796


@pytest.mark.slow
def test_book_section_5_splits_by_enumerating_every_layout():
    hand = parse_hand("♠AKQJ ♣AK ♦AK ♥AK")
    space = LayoutSpace(Knowledge((hand, 0, 0), out=mask_of([card(C, 0), card(D, 0)])))
    splits = Counter(count(suit_bits(space.layout(i).hands[1], S)) for i in range(space.count))
    assert round((splits[0] + splits[4]) / space.count, 5) == 0.08669
    assert round(splits[2] / space.count, 5) == 0.41796


def test_spot_rule_widens_upward_only_when_needed():
    named, spots = parse_known_hand("♠x x x x x x ♥A", "hand")
    k = Knowledge((named, 0, 0), (spots, NONE4, NONE4), (7, 10, 10))
    space = LayoutSpace(k)
    rng = random.Random(1)
    for _ in range(50):
        assert suit_bits(space.sample(rng).hands[0], S) == 0b00111111  # Q J 10 9 8 7
    named, spots = parse_known_hand("♠A x x ♥A", "hand")
    space = LayoutSpace(Knowledge((named, 0, 0), (spots, NONE4, NONE4), (4, 10, 10)))
    held = Counter()
    for _ in range(2000):
        held.update(r for r in range(7) if space.sample(rng).hands[0] >> card(S, r) & 1)
    assert set(held) == {0, 1, 2, 3, 4}  # only 7-J, never Q or K


def test_parse_forms():
    assert parse_known_hand("S:Axx H:K", "h") == (parse_hand("♠A ♥K"), (2, 0, 0, 0))
    assert parse_known_hand("Axx..Kx.", "h") == (parse_hand("A..K."), (2, 0, 1, 0))
    assert parse_length("C♠<=2") == (2, S, 0, 2)
    assert parse_length("B:H>=3") == (1, H, 3, 8)
    assert parse_length("B♦1-3") == (1, D, 1, 3)
    with pytest.raises(InputError):
        parse_length("D♠<=2")
    with pytest.raises(InputError):
        parse_known_hand("x ♠A", "h")


@pytest.mark.parametrize("k, words", [
    (Knowledge((parse_hand("♠AKQJ ♣AKQJ ♦AKQ"), 0, 0)), "11 cards are known"),
    (Knowledge((parse_hand("♠A"), parse_hand("♠A"), 0)), "AS is known in hand A and in hand B"),
    (Knowledge((parse_hand("♠AKQJ10"), 0, 0), lengths=((1, S, 3, 8), (2, S, 3, 8))), "no layout"),
])
def test_contradictions_are_named(k, words):
    with pytest.raises(InputError, match=words):
        LayoutSpace(k)
