"""The discard and double-dummy table analysis, held to the brute-force minimax and to plain solves."""

import json
import random
from itertools import combinations

import pytest

from preferans import Engine, Game, Position, TalonMode
from preferans import reference
from preferans.analysis import (DiscardValue, STRAIN_NAMES, best_contract, canonical_form, dd_table,
                             discard_values, group_discards, highest_contract)
from preferans.cards import NO_TRUMP, card, cards_of, mask_of

from randomplay import random_game

S, C, D, H = range(4)
SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)


def deal(rng: random.Random, n: int, declarer: int) -> tuple[int, int, int]:
    """``n`` cards to each hand and two more to the declarer."""
    deck = rng.sample(range(32), 3 * n + 2)
    hands = [mask_of(deck[i * n:(i + 1) * n]) for i in range(3)]
    hands[declarer] |= mask_of(deck[3 * n:])
    return tuple(hands)


def full_deal(seed: int):
    rng = random.Random(seed)
    deck = list(range(32))
    rng.shuffle(deck)
    return tuple(mask_of(deck[i * 10:(i + 1) * 10]) for i in range(3)), (deck[30], deck[31])


def without(hands, seat, pair):
    return tuple(h & ~mask_of(pair) if s == seat else h for s, h in enumerate(hands))


def brute_force(hands12, declarer, game, leader):
    return {pair: reference.value(Position(without(hands12, declarer, pair), leader), game, declarer)
            for pair in combinations(cards_of(hands12[declarer]), 2)}


def declarer_game(rng, declarer):
    """A misère (3 in 10) or a contract in a random strain for ``declarer``."""
    return random_game(rng, "misere" if rng.random() < 0.3 else "contract", declarer)


# --- discard_values against the brute force --------------------------------------------------

@pytest.mark.parametrize("seed", [pytest.param(s, marks=pytest.mark.heavy) if s in (0, 32) else s for s in range(40)])
def test_discard_values_match_brute_force_on_small_hands(seed):
    """Seeds 0, 8, 16, 24 and 32 deal 4 cards a hand; 0 and 32 take a second each (the whole suite's)."""
    rng = random.Random(seed)
    n = 4 if seed % 8 == 0 else 3
    declarer, leader = rng.randrange(3), rng.randrange(3)
    game = declarer_game(rng, declarer)
    hands12 = deal(rng, n, declarer)
    values = discard_values(hands12, declarer, game, leader)
    expected = brute_force(hands12, declarer, game, leader)
    got = {tuple(sorted(v.discard)): v.tricks for v in values}
    assert len(values) == len(expected)
    assert got == {tuple(sorted(p)): t for p, t in expected.items()}


@pytest.mark.parametrize("seed", range(10))
def test_discard_values_come_best_first_and_group_by_value(seed):
    rng = random.Random(100 + seed)
    declarer = rng.randrange(3)
    game = declarer_game(rng, declarer)
    values = discard_values(deal(rng, 3, declarer), declarer, game)
    tricks = [v.tricks for v in values]
    assert tricks == sorted(tricks, reverse=game.kind == "contract")
    groups = group_discards(values)
    assert groups == group_discards(values, game)
    assert [t for t, _ in groups] == sorted(set(tricks), reverse=game.kind == "contract")
    for t, pairs in groups:
        assert sorted(pairs) == sorted(v.discard for v in values if v.tricks == t)


def test_one_engine_shared_by_many_discard_jobs_gives_the_same_values():
    rng = random.Random(7)
    shared = Engine()
    for _ in range(6):
        declarer = rng.randrange(3)
        game = declarer_game(rng, declarer)
        hands12 = deal(rng, 5, declarer)
        assert discard_values(hands12, declarer, game, engine=shared) == \
            discard_values(hands12, declarer, game, engine=Engine())


def test_progress_counts_every_discard():
    calls = []
    rng = random.Random(3)
    hands12 = deal(rng, 3, 1)
    discard_values(hands12, 1, Game.misere(1), progress=lambda done, total: calls.append((done, total)))
    assert calls == [(k, 10) for k in range(1, 11)]


def test_discard_values_refuse_bad_input():
    hands12 = deal(random.Random(1), 3, 0)
    with pytest.raises(ValueError):
        discard_values(hands12, 1, Game.misere(1))        # declarer without the extra cards
    with pytest.raises(ValueError):
        discard_values(hands12, 0, Game.misere(1))        # the game's declarer is someone else
    with pytest.raises(ValueError):
        discard_values(hands12, 0, Game.raspasy())


# --- canonical form -------------------------------------------------------------------------

def test_touching_discards_share_a_canonical_form_and_split_ones_do_not():
    a = mask_of([card(S, SEVEN), card(S, EIGHT), card(C, ACE)])
    b = mask_of([card(S, ACE), card(C, SEVEN), card(C, EIGHT)])
    c = mask_of([card(S, KING), card(C, KING), card(H, ACE)])
    put_7 = canonical_form((a & ~mask_of([card(S, SEVEN)]), b, c), 0, NO_TRUMP)
    put_8 = canonical_form((a & ~mask_of([card(S, EIGHT)]), b, c), 0, NO_TRUMP)
    assert put_7 == put_8
    split = (a | mask_of([card(S, TEN)]), b | mask_of([card(S, NINE)]), c)  # B's ♠9 splits ♠8 from ♠10
    assert canonical_form(without(split, 0, [card(S, EIGHT)]), 0, 0) != \
        canonical_form(without(split, 0, [card(S, TEN)]), 0, 0)
    assert put_7 != canonical_form((a & ~mask_of([card(S, SEVEN)]), b, c), 1, NO_TRUMP)


def relabel(hands, trump, rng):
    """The same game with the non-trump suits permuted and the ranks spread apart."""
    others = [s for s in range(4) if s != trump]
    perm = dict(zip(others, rng.sample(others, len(others))))
    perm[trump] = trump
    out = [0, 0, 0]
    for s in range(4):
        live = [r for r in range(8) if any(h >> card(s, r) & 1 for h in hands)]
        spread = dict(zip(live, sorted(rng.sample(range(8), len(live)))))
        for seat, h in enumerate(hands):
            for r in live:
                if h >> card(s, r) & 1:
                    out[seat] |= 1 << card(perm.get(s, s), spread[r])
    return tuple(out)


@pytest.mark.parametrize("seed", range(15))
def test_canonical_form_is_a_game_invariant(seed):
    rng = random.Random(200 + seed)
    declarer, leader = rng.randrange(3), rng.randrange(3)
    game = declarer_game(rng, declarer)
    hands = deal(rng, 3, declarer)
    hands = without(hands, declarer, cards_of(hands[declarer])[:2])
    other = relabel(hands, game.trump if game.trump != NO_TRUMP else -1, rng)
    assert canonical_form(hands, leader, game.trump) == canonical_form(other, leader, game.trump)
    assert reference.value(Position(hands, leader), game, declarer) == \
        reference.value(Position(other, leader), game, declarer)


# --- grouping and the best contract ---------------------------------------------------------

def test_group_discards_orders_by_game():
    values = [DiscardValue((3, 1), 5), DiscardValue((0, 2), 7), DiscardValue((4, 5), 5),
              DiscardValue((0, 1), 7)]
    assert group_discards(values, Game.contract(6, 0, 0)) == [(7, [(0, 1), (0, 2)]), (5, [(3, 1), (4, 5)])]
    assert group_discards(values, Game.misere(0)) == [(5, [(3, 1), (4, 5)]), (7, [(0, 1), (0, 2)])]
    assert group_discards(values) == [(5, [(3, 1), (4, 5)]), (7, [(0, 1), (0, 2)])]  # first seen first
    assert group_discards([]) == []


def test_highest_contract_prefers_tricks_then_strain():
    assert highest_contract({0: 7, 1: 5, 2: 6, 3: 6, 4: 7}) == (7, NO_TRUMP)
    assert highest_contract({0: 8, 1: 5, 2: 6, 3: 6, 4: 7}) == (8, S)
    assert highest_contract({0: 6, 1: 6, 2: 6, 3: 6, 4: 5}) == (6, H)
    assert highest_contract({0: 5, 1: 5, 2: 4, 3: 0, 4: 5}) is None


def test_best_contract_of_a_solid_hand_is_ten_no_trump():
    spades = [card(S, r) for r in range(8)]
    a = mask_of(spades + [card(H, ACE), card(H, KING), card(C, SEVEN), card(D, SEVEN)])
    rest = [c for c in range(32) if not a >> c & 1]
    hands12 = (a, mask_of(rest[0::2]), mask_of(rest[1::2]))
    best = best_contract(hands12, 0)
    assert best.contract == (10, NO_TRUMP)
    assert sorted(best.strains[NO_TRUMP].discard) == [card(C, SEVEN), card(D, SEVEN)]
    assert all(best.strains[s].tricks == 10 for s in (S, NO_TRUMP))


def test_clean_misere_with_the_best_discard():
    low = [card(s, r) for s in range(4) for r in (SEVEN, EIGHT)] + [card(S, NINE), card(C, NINE)]
    a = mask_of(low + [card(H, ACE), card(D, ACE)])   # the two aces must go
    rest = [c for c in range(32) if not a >> c & 1]
    hands12 = (a, mask_of(rest[0::2]), mask_of(rest[1::2]))  # B and C both hold every suit
    values = discard_values(hands12, 0, Game.misere(0))
    assert values[0] == DiscardValue((card(D, ACE), card(H, ACE)), 0)
    groups = group_discards(values)
    assert groups[0] == (0, [(card(D, ACE), card(H, ACE))])
    assert [t for t, _ in groups] == [0, 1, 2] and len(groups[1][1]) == 20  # one ace kept: caught once


# --- the double-dummy table -----------------------------------------------------------------

@pytest.fixture(scope="module")
def talon_table():
    hands, talon = full_deal(11)
    return dd_table(hands, talon)


def test_table_without_talon_agrees_with_single_solves():
    hands, _ = full_deal(5)
    table = dd_table(hands)
    start = Position(hands, 0)
    for d in range(3):
        for s in range(5):
            assert table.contracts[d, s] == Engine().value(start, Game.contract(6, s, d), d)
        assert table.misere[d] == Engine().value(start, Game.misere(d), d)
        assert table.raspasy[d] == Engine().value(start, Game.raspasy(TalonMode.NONE), d)
    assert table.discards == {} and table.raspasy_talon is TalonMode.NONE


def test_table_with_talon_agrees_with_single_solves(talon_table):
    table = talon_table
    hands, talon = table.hands, table.talon
    rng = random.Random(0)
    for d in range(3):
        hands12 = tuple(h | mask_of(talon) if s == d else h for s, h in enumerate(hands))
        games = [((d, s), Game.contract(6, s, d)) for s in range(5)] + [((d, "misere"), Game.misere(d))]
        for key, game in games:
            pair = table.discards[key]
            value = table.contracts[key] if key[1] != "misere" else table.misere[d]
            assert Engine().value(Position(without(hands12, d, pair)), game, d) == value
            for other in rng.sample(list(combinations(cards_of(hands12[d]), 2)), 4):  # none does better
                v = Engine().value(Position(without(hands12, d, other)), game, d)
                assert v <= value if game.kind == "contract" else v >= value
    start = Position(hands, 0, (), talon)
    for seat in range(3):
        assert table.raspasy[seat] == Engine().value(start, Game.raspasy(TalonMode.SUIT), seat)


def test_best_contract_agrees_with_the_table(talon_table):
    table = talon_table
    for d in range(3):
        hands12 = tuple(h | mask_of(table.talon) if s == d else h for s, h in enumerate(table.hands))
        best = best_contract(hands12, d)
        assert {s: v.tricks for s, v in best.strains.items()} == {s: table.contracts[d, s] for s in range(5)}
        assert best.contract == table.best_contract(d)
        if best.contract:
            level, strain = best.contract
            assert level == table.contracts[d, strain] >= 6
            assert all(table.contracts[d, s] < level or (table.contracts[d, s] == level and s <= strain)
                       for s in range(5))


def test_table_json(talon_table):
    out = json.loads(json.dumps(talon_table.to_json()))
    assert set(out["contracts"]) == {"A", "B", "C"}
    assert all(list(row) == list(STRAIN_NAMES) for row in out["contracts"].values())
    assert out["contracts"]["B"]["NT"] == talon_table.contracts[1, NO_TRUMP]
    assert out["misere"]["C"] == talon_table.misere[2]
    assert out["raspasy_talon"] == "suit" and len(out["talon"]) == 2
    pair = talon_table.discards[0, 3]
    assert out["discards"]["A"]["H"] == [["7", "8", "9", "10", "J", "Q", "K", "A"][c & 7] + "SCDH"[c >> 3]
                                         for c in pair]
    assert set(out["discards"]["C"]) == set(STRAIN_NAMES) | {"misere"}
    assert sum(len(h) for h in out["deal"].values()) == 30  # "deal", as in every result (issue 6)


def test_table_progress_and_partial_deals():
    rng = random.Random(9)
    deck = rng.sample(range(32), 11)
    hands, talon = tuple(mask_of(deck[i * 3:(i + 1) * 3]) for i in range(3)), (deck[9], deck[10])
    calls = []
    table = dd_table(hands, talon, raspasy_talon=TalonMode.NONE,
                     progress=lambda done, total: calls.append((done, total)))
    assert calls[-1] == (3 * 6 * 10 + 3, 3 * 6 * 10 + 3)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)
    for d in range(3):   # on 3-card hands the brute force can check every game
        hands12 = tuple(h | mask_of(talon) if s == d else h for s, h in enumerate(hands))
        for s in range(5):
            assert table.contracts[d, s] == max(brute_force(hands12, d, Game.contract(6, s, d), 0).values())
        assert table.misere[d] == min(brute_force(hands12, d, Game.misere(d), 0).values())
        assert table.raspasy[d] == reference.value(Position(hands), Game.raspasy(TalonMode.NONE), d)


def test_table_refuses_bad_input():
    hands, talon = full_deal(1)
    with pytest.raises(ValueError):
        dd_table(hands, talon[:1])
    with pytest.raises(ValueError):
        dd_table(hands, (talon[0], cards_of(hands[0])[0]))
    with pytest.raises(ValueError):
        dd_table((hands[0], hands[1], hands[2] & (hands[2] - 1)))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_table_with_talon_every_discard_by_single_solves(seed):
    hands, talon = full_deal(300 + seed)
    table = dd_table(hands, talon, raspasy_talon=TalonMode.DEALER)
    for d in range(3):
        hands12 = tuple(h | mask_of(talon) if s == d else h for s, h in enumerate(hands))
        games = [((d, s), Game.contract(6, s, d)) for s in range(5)] + [((d, "misere"), Game.misere(d))]
        for key, game in games:
            values = [Engine().value(Position(without(hands12, d, p)), game, d)
                      for p in combinations(cards_of(hands12[d]), 2)]
            best = max(values) if game.kind == "contract" else min(values)
            assert best == (table.misere[d] if key[1] == "misere" else table.contracts[key])
    start = Position(hands, 0, (), talon)
    for seat in range(3):
        assert table.raspasy[seat] == Engine().value(start, Game.raspasy(TalonMode.DEALER), seat)
