"""The kernel's helpers checked one by one: the table's move encoding, each quick bound
against the brute-force minimax on its own, and the grouping of equal cards.

The search tests (test_search_vs_reference.py) check the helpers only through the whole
search, where one bound's error can hide behind another's cut-off; here each helper's own
claim is the property tested.
"""

import random

import numpy as np
import pytest

from preferans import reference
from preferans.cards import NO_TRUMP, cards_of, mask_of
from preferans.kernel.bits import (FAST_BIT_GATHER, FLAGS, PDEP_AT, RANKS, at_least_each, below_each, compress,
                                   count_each, expand, fill_below_each, first_suit, lowest_each, min_each, pdep, pext,
                                   spread, suits_held, sum_each)
from preferans.kernel.bounds import (all_boss, loses_trick, never_wins, shared_suits_relevance, sure_count,
                                  sure_escapes, sure_tricks, tops_relevance, wins_all, wins_none, wins_trick)
from preferans.kernel.moves import group_top, representatives, representatives_at_once, representatives_by_suit
from preferans.kernel.safety import SAFE, owner_code
from preferans.kernel import tt
from preferans.kernel.tt import absolute_move, kvec_cards, relative_move, relevance_kvec
from preferans.rules import Game, Position, legal_cards, play

SEEDS = range(6)


def deal(rng: random.Random, cards: int, suits: int = 4) -> tuple[int, int, int]:
    """Three hands of ``cards`` cards from the first ``suits`` suits (fewer suits: more tops and voids)."""
    deck = rng.sample(range(8 * suits), 3 * cards)
    return tuple(mask_of(deck[i * cards:(i + 1) * cards]) for i in range(3))


def kernel_hands(hands) -> np.ndarray:
    return np.array(hands, dtype=np.int64)


# -- the four suits at once --------------------------------------------------------------------

def _suits(mask: int) -> list[int]:
    return [mask >> (8 * s) & 0xFF for s in range(4)]


def _from_suits(parts) -> int:
    return sum(p << (8 * s) for s, p in enumerate(parts))


def _flags(held) -> int:
    return _from_suits(0x80 if h else 0 for h in held)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_suit_parallel_helpers_agree_with_a_loop_over_the_suits(seed):
    """Each byte-wise trick against the same question asked suit by suit, on masks with empty,
    full and one-card suits (where a carry or a borrow would spill into the next suit)."""
    rng = random.Random(seed)
    special = [0, 0xFF, 0x01, 0x80, 0x7F, 0xFE]
    for _ in range(2000):
        parts = [rng.choice(special) if rng.random() < 0.4 else rng.getrandbits(8) for _ in range(4)]
        x = _from_suits(parts)
        assert suits_held(x) == _flags(p != 0 for p in parts)
        lows = [p & -p for p in parts]
        assert lowest_each(x) == _from_suits(lows)
        assert below_each(_from_suits(lows)) == _from_suits((low - 1) & 0xFF for low in lows)
        counts = [bin(p).count("1") for p in parts]
        assert count_each(x) == _from_suits(counts)
        n = rng.randint(1, 8)
        assert at_least_each(count_each(x), n) == _flags(c >= n for c in counts)
        flags = x & FLAGS
        assert first_suit(flags) == next((s for s in range(4) if flags >> (8 * s + 7) & 1), -1)
        assert fill_below_each(x) == _from_suits((1 << p.bit_length()) - 1 for p in parts)
        others = [rng.randint(0, 8) for _ in range(4)]
        assert min_each(count_each(x), _from_suits(others)) == _from_suits(map(min, counts, others))
        assert sum_each(count_each(x)) == sum(counts)


# -- the transposition table ------------------------------------------------------------------

@pytest.mark.parametrize("log2_size, copies", [(6, None), (14, None), (15, None), (16, None), (16, 2), (17, 3)])
def test_a_new_table_is_empty_aligned_and_writable(log2_size, copies):
    """Small tables come from numpy, from 1 MB up from memory asked to be backed by 2 MB pages: either
    way every slot is empty and each copy starts on a cache line, so an entry never straddles two."""
    table = tt.new_table(log2_size, copies)
    rows = (copies,) if copies else ()
    assert table.shape == rows + (tt.ENTRY_WORDS << log2_size,) and table.dtype == np.int64
    assert not table.any() and table.flags.writeable and table.flags.c_contiguous
    for one in (table if copies else [table]):
        assert one.ctypes.data % 64 == 0
    table[..., -1] = 7
    tt.clear(table)
    assert tt.fill(table) == 0.0



def test_an_exact_bucket_is_one_cache_line_and_a_partition_bucket_two():
    """The module's size claims: an entry of 32 bytes, an exact bucket of one 64-byte line and a
    partition bucket of two, each starting on a line (the table itself does: above), in its half."""
    assert tt.ENTRY_BYTES == 32 and tt.ENTRY_BYTES * tt.EXACT_BUCKET == 64
    assert tt.ENTRY_BYTES * tt.SHAPE_BUCKET == 2 * 64
    rng = random.Random(0)
    for log2_size in (tt.MIN_LOG2_SIZE, 10, 20):
        n = 1 << log2_size
        for _ in range(300):
            shape, code = rng.getrandbits(58), rng.getrandbits(64) - (1 << 63)
            exact = tt._exact_bucket(shape, code, n)
            partition = tt._shape_bucket(shape, n)
            assert 0 <= exact and exact + tt.EXACT_BUCKET <= n // 2 and exact * tt.ENTRY_BYTES % 64 == 0
            assert n // 2 <= partition and partition + tt.SHAPE_BUCKET <= n
            assert partition * tt.ENTRY_BYTES % 64 == 0


def test_the_entry_words_are_laid_out_by_their_field_tables():
    """The fields of each word follow one another without overlap below the sign bit, the named
    shifts are the tables', and what :func:`tt._pack` writes its readers give back at every
    field's largest value; the key's fields hold the largest lengths, seat and game."""
    for fields in (tt.KEY_FIELDS, tt.VALUE_FIELDS, tt.EXACT_KVEC_FIELDS):
        end = 0
        for name, shift, bits in fields:
            assert shift == end, name
            end = shift + bits
        assert end <= 63
    assert tt.KVEC_MASK == 0xFFFF and dict((f[0], f[1]) for f in tt.VALUE_FIELDS)["kvec"] == tt.KVEC_SHIFT
    for lower, upper, move, depth, generation, kvec in [(0, tt.NO_UPPER, -1, 0, 1, 0), (10, 10, 31, 10, 127, 0xFFFF),
                                                         (3, 7, 0, 9, 64, 0x1234)]:
        w = tt._pack(lower, upper, move, depth, generation, kvec)
        assert (tt._lower(w), tt._upper(w), tt._move(w), tt._depth(w), tt._generation(w), tt._kvec(w)) == \
            (lower, upper, move, depth, generation, kvec)
    widest = tt.game_id(4, 2, 1, 1)
    assert widest < 1 << tt.KEY_FIELDS[2][2] and (10 | 10 << 4 | 10 << 8) < 1 << tt.KEY_FIELDS[2][2]  # the split's memo
    hands = np.array([mask_of(range(0, 10)), mask_of(range(10, 20)), mask_of(range(20, 30))], dtype=np.int64)  # 8 ♠ in A
    shape, _ = tt.position_key(hands, 2, widest, RANKS)
    assert shape >> tt.GAME_SHIFT == widest and (shape >> tt.LEADER_SHIFT) & 3 == 2
    lengths = shape & ((1 << tt.LEADER_SHIFT) - 1)
    assert sum((lengths >> (4 * i)) & 0xF for i in range(12)) == 30 and lengths & 0xF == 8

# -- the transposition table's move encoding --------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
def test_a_relative_move_names_the_same_card_back(seed):
    rng = random.Random(seed)
    for _ in range(300):
        live = rng.getrandbits(32) | 1 << rng.randrange(32)
        for c in cards_of(live):
            move = relative_move(c, live)
            assert move >> 3 == c >> 3  # the suit is kept
            assert absolute_move(move, live, RANKS) == c


@pytest.mark.parametrize("seed", SEEDS)
def test_a_relative_move_counts_from_the_top_so_it_survives_lower_cards_leaving(seed):
    """The same card among the relevant ones, in a position with fewer low cards, gets the same code."""
    rng = random.Random(seed)
    for _ in range(300):
        live = rng.getrandbits(32)
        if not live:
            continue
        c = rng.choice(cards_of(live))
        below = [x for x in cards_of(live) if x >> 3 == c >> 3 and x < c]
        fewer = live & ~mask_of(rng.sample(below, rng.randint(0, len(below))))
        assert relative_move(c, fewer) == relative_move(c, live)
        in_suit = bin((live >> (8 * (c >> 3))) & 0xFF).count("1")
        if in_suit < 8:  # a code deeper than the suit's live cards names no card
            assert absolute_move((c >> 3) * 8 + in_suit, live, RANKS) == -1


@pytest.mark.parametrize("seed", SEEDS)
def test_relevance_kvec_keeps_the_top_live_cards_down_to_the_lowest_relevant_one(seed):
    rng = random.Random(seed)
    for _ in range(300):
        live = rng.getrandbits(32)
        relevant = live & rng.getrandbits(32) & rng.getrandbits(32)
        kvec = relevance_kvec(relevant, live)
        kept = kvec_cards(kvec, live, RANKS)
        assert kept & relevant == relevant and kept & ~live == 0
        expected = 0
        for s in range(4):
            lowest = min((c for c in cards_of(relevant) if c >> 3 == s), default=None)
            expected |= sum(1 for c in cards_of(live) if lowest is not None and c >> 3 == s and c >= lowest) << 4 * s
        assert kvec == expected, (relevant, live)
        for s in range(4):
            suit_kept = cards_of(kept & 0xFF << 8 * s)
            suit_relevant = cards_of(relevant & 0xFF << 8 * s)
            suit_live = cards_of(live & 0xFF << 8 * s)
            if not suit_relevant:
                assert not suit_kept
                continue
            assert min(suit_kept) == min(suit_relevant)
            assert suit_kept == [c for c in suit_live if c >= min(suit_relevant)]


# -- each quick bound against the brute force ---------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
def test_sure_tricks_are_tricks_the_player_on_lead_takes_against_any_defence(seed):
    rng = random.Random(seed)
    fired = 0
    for _ in range(40):
        cards, trump = rng.randint(1, 3), rng.randrange(NO_TRUMP + 1)
        hands, player = deal(rng, cards, rng.choice([2, 3, 4])), rng.randrange(3)
        sure, _ = sure_tricks(kernel_hands(hands), player, trump)
        value = reference.value(Position(hands, player), Game.contract(6, trump, player), player)
        assert value >= sure, (hands, player, trump)
        fired += sure > 0
    assert fired


@pytest.mark.parametrize("seed", SEEDS)
def test_sure_count_is_the_count_of_every_suit(seed):
    """The four-suit count the search asks first is the suit-by-suit count sure_tricks makes when
    nothing stops it, so the bound fires exactly when it did: with and without ruffing opponents."""
    rng = random.Random(seed)
    for _ in range(2000):
        suits = rng.choice([2, 3, 4])
        hands = deal(rng, rng.randint(1, 8 * suits // 3), suits)
        player, trump = rng.randrange(3), rng.randrange(NO_TRUMP + 1)
        count = sure_count(kernel_hands(hands), player, trump)
        assert count == sure_tricks(kernel_hands(hands), player, trump, 0)[0] if count == 0 else \
            count == sure_tricks(kernel_hands(hands), player, trump, count + 1)[0]
        if count:  # asked for no more than it finds, sure_tricks counts suit by suit up to that
            assert sure_tricks(kernel_hands(hands), player, trump, count)[0] == count


@pytest.mark.parametrize("seed", SEEDS)
def test_wins_all_means_every_trick_whatever_anyone_plays(seed):
    """Checked as the fewest tricks all three together can hold him to (a cooperative misère)."""
    rng = random.Random(seed)
    fired = 0
    for _ in range(150):
        cards = rng.randint(1, 3)
        hands, focus, leader = deal(rng, cards, rng.choice([2, 3])), rng.randrange(3), rng.randrange(3)
        if not wins_all(kernel_hands(hands), focus, leader):
            continue
        fired += 1
        fewest = reference.value(Position(hands, leader), Game.misere(focus), focus, cooperative=True)
        assert fewest == cards, (hands, focus, leader)
        if leader == focus:
            assert all_boss(kernel_hands(hands), focus)
    assert fired


@pytest.mark.parametrize("seed", SEEDS)
def test_wins_none_means_no_trick_for_a_player_who_wants_none(seed):
    """Checked in a misère (the kernel uses it where the focus player keeps his tricks down):
    whatever the other two play, he takes none. (Playing to take tricks, he could: a suit
    only he holds, led by himself, wins.)"""
    rng = random.Random(seed)
    fired = 0
    for _ in range(150):
        cards = rng.randint(1, 3)
        hands, focus, leader = deal(rng, cards, rng.choice([2, 3])), rng.randrange(3), rng.randrange(3)
        if not wins_none(kernel_hands(hands), focus, leader):
            continue
        fired += 1
        assert reference.value(Position(hands, leader), Game.misere(focus), focus) == 0, (hands, focus, leader)
    assert fired


@pytest.mark.parametrize("seed", SEEDS)
def test_never_wins_reads_the_safe_suits(seed):
    """The four-suit pre-check and the table give "every suit he holds safe" as the table defines it
    suit by suit; on his lead, with a lead someone must overtake that keeps its suit safe. It holds
    wherever wins_none does on another's lead, and in positions where it does not."""
    rng = random.Random(seed)
    wider = 0
    for _ in range(600):
        cards = rng.randint(1, 8)
        hands = deal(rng, cards, max(rng.choice([2, 3, 4]), -(-3 * cards // 8)))
        focus, leader = rng.randrange(3), rng.randrange(3)
        f, x, y = hands[focus], hands[(focus + 1) % 3], hands[(focus + 2) % 3]

        def code(s, gone=0):
            return owner_code((f & ~gone) >> 8 * s & 0xFF, x >> 8 * s & 0xFF, y >> 8 * s & 0xFF)

        expected = all(SAFE[code(s)] for s in range(4))
        if leader == focus:
            expected = expected and any(
                any(h >> 8 * (c >> 3) & 0xFF and min(cards_of(h & 0xFF << 8 * (c >> 3))) > c for h in (x, y))
                and SAFE[code(c >> 3, 1 << c)] for c in cards_of(f))
        assert never_wins(kernel_hands(hands), focus, leader) == expected, (hands, focus, leader)
        if leader != focus:
            none = wins_none(kernel_hands(hands), focus, leader)
            assert expected or not none, (hands, focus)
            wider += expected and not none
    assert wider >= 10


@pytest.mark.parametrize("seed", SEEDS)
def test_all_boss_on_lead_takes_every_no_trump_trick(seed):
    rng = random.Random(seed)
    fired = 0
    for _ in range(150):
        cards = rng.randint(1, 3)
        hands, player = deal(rng, cards, rng.choice([2, 3])), rng.randrange(3)
        if not all_boss(kernel_hands(hands), player):
            continue
        fired += 1
        fewest = reference.value(Position(hands, player), Game.misere(player), player, cooperative=True)
        assert fewest == cards
    assert fired


def _from_card_up(live: int, suit: int, card: int) -> int:
    return sum(1 << c for c in cards_of(live) if c >> 3 == suit and c >= card)


def test_the_relevances_of_four_suits_at_once_are_their_suit_by_suit_descriptions():
    """``tops_relevance``, ``shared_suits_relevance``, ``wins_trick``'s on the focus player's lead and
    ``loses_trick``'s on the others', and ``sure_escapes`` (computed for all four suits at once)
    against their docstrings, suit by suit, on random hands: from the others' highest card up, from
    their lowest up, from his lowest up, in the suits he holds (and the others, for the first two);
    from the lowest card of the higher opponent who covers a suit he and the leader hold; the first
    best pair of a suit and an opponent who covers it, asked for one, two or three escapes."""
    rng = random.Random(11)
    checked = lost = escaped = 0
    for _ in range(3000):
        hands = _random_hands(rng)
        player = rng.randrange(3)
        me, others = hands[player], hands[(player + 1) % 3] | hands[(player + 2) % 3]
        live = me | others
        tops = shared = from_his_lowest = 0
        for s in range(4):
            mine = [c for c in cards_of(me) if c >> 3 == s]
            theirs = [c for c in cards_of(others) if c >> 3 == s]
            if mine and theirs:
                tops |= _from_card_up(live, s, max(theirs))
                shared |= _from_card_up(live, s, min(theirs))
            if mine:
                from_his_lowest |= _from_card_up(live, s, min(mine))
        k = np.array(hands, dtype=np.int64)
        assert tops_relevance(k, player) == tops and shared_suits_relevance(k, player) == shared, hands
        fires, relevant = wins_trick(k, player, player)
        if fires:
            assert relevant == from_his_lowest, hands
            checked += 1
        leader = (player + rng.randrange(1, 3)) % 3
        lead, third = hands[leader], hands[3 - player - leader]
        covered = 0
        for s in range(4):
            mine = [c for c in cards_of(me) if c >> 3 == s]
            leads = [c for c in cards_of(lead) if c >> 3 == s]
            if not mine or not leads:
                continue
            top = min(leads) if min(leads) > min(mine) else -1
            thirds = [c for c in cards_of(third) if c >> 3 == s]
            if thirds and min(thirds) > max(min(mine), top):
                top = min(thirds)
            if top >= 0:
                covered |= _from_card_up(live, s, top)
        loses, relevant = loses_trick(k, player, leader)
        if loses:
            assert relevant == covered, (hands, leader)
            lost += 1
        left = max(len(cards_of(h)) for h in hands)
        on_lead = leader == player
        best, why = 0, 0  # the first best (suit, opponent) pair, the suits in order, the next seat first
        for s in range(4):
            mine = [c for c in cards_of(me) if c >> 3 == s]
            for i in (1, 2):
                theirs = [c for c in cards_of(hands[(player + i) % 3]) if c >> 3 == s]
                if mine and theirs:
                    e = min(sum(c < min(theirs) for c in mine), (len(theirs) + on_lead) // 2, (left + on_lead) // 2)
                    if e > best:
                        best, why = e, _from_card_up(live, s, min(theirs))
        for need in (1, 2, 3):
            expected = (best, why) if best >= need and (left + on_lead) // 2 >= need else (0, 0)
            assert sure_escapes(k, player, leader, left, need) == expected, (hands, leader, need)
        escaped += best >= 2
    assert checked > 100 and lost > 100 and escaped > 20, (checked, lost, escaped)


@pytest.mark.parametrize("seed", SEEDS)
def test_each_bound_holds_for_the_partition_it_names(seed):
    """A cut-off is stored for every position that differs only outside the relevant cards
    (the table keeps suit lengths), so what it claims must hold there too: swapping two
    cards of one suit between two hands, both outside them, leaves at least as many sure
    tricks, and keeps "all his cards are tops" and "he can take none" true where they were."""
    rng = random.Random(seed)
    swapped = 0
    for _ in range(300):
        hands = list(deal(rng, rng.randint(2, 5), rng.choice([2, 3, 4])))
        player, trump = rng.randrange(3), rng.randrange(NO_TRUMP + 1)
        k = kernel_hands(hands)
        bounds = [(lambda h: sure_tricks(h, player, trump)[0], sure_tricks(k, player, trump)[1]),
                  (lambda h: all_boss(h, player), tops_relevance(k, player)),
                  (lambda h: wins_none(h, player, player), shared_suits_relevance(k, player))]
        for bound, relevant in bounds:
            a, b = rng.sample(range(3), 2)
            for x in cards_of(hands[a] & ~relevant):
                ys = [y for y in cards_of(hands[b] & ~relevant) if y >> 3 == x >> 3]
                if ys:
                    y = rng.choice(ys)
                    other = list(hands)
                    other[a] = hands[a] & ~(1 << x) | 1 << y
                    other[b] = hands[b] & ~(1 << y) | 1 << x
                    assert bound(kernel_hands(other)) >= bound(k), (hands, other, player, trump)
                    swapped += 1
                    break
    assert swapped


# -- rank compression: the tables and the CPU's pext and pdep --------------------------------------

def _pext_loop(x: int, mask: int) -> int:
    places = [b for b in range(64) if mask >> b & 1]
    return sum(1 << i for i, b in enumerate(places) if x >> b & 1)


def _pdep_loop(x: int, mask: int) -> int:
    places = [b for b in range(64) if mask >> b & 1]
    return sum(1 << b for i, b in enumerate(places) if x >> i & 1)


def test_pext_and_pdep_agree_with_loops():
    """Whichever way this machine computes them (:data:`FAST_BIT_GATHER`: the instructions, else a
    loop), on masks of one suit and of all four; and a mask spread to every other bit."""
    rng = random.Random(7)
    for _ in range(3000):
        width = rng.choice([8, 32])
        x, mask = rng.getrandbits(width), rng.getrandbits(width)
        assert pext(x, mask) == _pext_loop(x, mask), (x, mask, FAST_BIT_GATHER)
        assert pdep(x, mask) == _pdep_loop(x, mask), (x, mask, FAST_BIT_GATHER)
        assert spread(x) == _pdep_loop(x, 0x5555555555555555), x  # the safe suits' owner codes


def test_compress_and_expand_agree_with_the_tables():
    """The kernel's rank compression, by instruction or by table, is the tables' on every suit."""
    for live in range(256):
        n = bin(live).count("1")
        for sub in range(256):
            if sub & ~live == 0:
                assert compress(sub, live, RANKS) == RANKS[live * 256 + sub], (live, sub)
            if sub < 1 << n:
                assert expand(sub, live, RANKS) == RANKS[PDEP_AT + live * 256 + sub], (live, sub)


def _representatives_suit_by_suit(legal: int, live: int) -> int:
    """A legal card is kept unless the next live card above it in its suit is legal too."""
    out = 0
    for c in cards_of(legal):
        above = [d for d in range(c + 1, (c | 7) + 1) if live >> d & 1]
        if not above or not legal >> above[0] & 1:
            out |= 1 << c
    return out


def test_representatives_of_all_four_suits_at_once_agree_with_a_loop():
    """The four-suit grouping (the kernel's with fast pext and pdep) and the suit-by-suit one (the
    kernel's without: its compress and expand are the tables', as the test above holds), against a
    plain loop on random hands: a run must not run on across a suit's end into the next suit's lowest
    card."""
    rng = random.Random(8)
    for _ in range(5000):
        live = rng.getrandbits(32) | rng.choice([0, 0xFF << 8 * rng.randrange(4)])
        legal = live & rng.getrandbits(32)
        if rng.random() < 0.3:  # one suit only, as when following
            legal &= 0xFF << 8 * rng.randrange(4)
        expected = _representatives_suit_by_suit(legal, live)
        assert representatives_at_once(legal, live) == expected, (legal, live)
        assert representatives_by_suit(legal, live, RANKS) == expected, (legal, live)
        assert representatives(legal, live, RANKS) == expected, (legal, live)


def _key_by_hand(hands: list[int]) -> tuple[int, int]:
    """The table key's lengths and code as the module docstring of ``tt`` describes them."""
    live = hands[0] | hands[1] | hands[2]
    lengths = sum(bin(h >> 8 * s & 0xFF).count("1") << (12 * s + 4 * i) for s in range(4) for i, h in enumerate(hands))
    owners = [c for c in range(32) if live >> c & 1]  # the suits one after another, each from its lowest card
    code = sum((hands[1] >> c & 1 | (hands[2] >> c & 1) << 1) << 2 * i for i, c in enumerate(owners))
    return lengths, code


def _random_hands(rng: random.Random) -> list[int]:
    cards = rng.sample(range(32), rng.randint(0, 30))
    seats = [rng.randrange(3) for _ in cards]
    return [mask_of(c for c, seat in zip(cards, seats) if seat == i) for i in range(3)]


def test_the_position_key_of_four_suits_at_once_agrees_with_suit_by_suit_and_with_its_description():
    """Both ways of composing the key (the kernel's with fast pext and pdep, and without), on random
    positions up to 30 live cards; the partition mask picks exactly the owners of each suit's top
    ``k`` live cards, which both ways of :func:`tt.kvec_cards` name, and the partition a result is
    stored for has that mask. Checked to fail with a suit's code placed at a fixed 16 bits a suit."""
    rng = random.Random(9)
    for _ in range(3000):
        hands = _random_hands(rng)
        expected = _key_by_hand(hands)
        array = np.array(hands, dtype=np.int64)
        assert tt._key_at_once(array) == expected, hands
        assert tt._key_by_suit(array, RANKS) == expected, hands
        shape, code = tt.position_key(array, 1, 5, RANKS)
        assert (shape, code) == (expected[0] | 1 << tt.LEADER_SHIFT | 5 << tt.GAME_SHIFT, expected[1])
        live = hands[0] | hands[1] | hands[2]
        kvec = sum(rng.randint(0, bin(live >> 8 * s & 0xFF).count("1")) << 4 * s for s in range(4))
        top = int(kvec_cards(kvec, live, RANKS))
        kept = [hands[0] & top, hands[1] & top, hands[2] & top]
        order = [c for c in range(32) if live >> c & 1]
        assert code & tt._code_mask(shape, kvec) == sum(
            (kept[1] >> c & 1 | (kept[2] >> c & 1) << 1) << 2 * i for i, c in enumerate(order)), (hands, kvec)
        assert tt._code_mask(shape, kvec) == sum(3 << 2 * i for i, c in enumerate(order) if top >> c & 1)
        suits = [[c for c in order if c >> 3 == s] for s in range(4)]  # each from its lowest card
        by_hand = sum(1 << c for s, cards in enumerate(suits) for c in cards[len(cards) - (kvec >> 4 * s & 0xF):])
        assert top == tt._kvec_cards_at_once(kvec, live) == tt._kvec_cards_by_suit(kvec, live, RANKS) == by_hand
        relevant = top & rng.getrandbits(32) | rng.getrandbits(32) & ~live  # played cards may be relevant too
        kvec = relevance_kvec(relevant, live)
        assert tt.partition_of(relevant, live, shape) == (kvec, tt._code_mask(shape, kvec)), (hands, relevant)


# -- grouping equal cards -----------------------------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
def test_cards_grouped_together_have_the_same_value(seed):
    """Each legal card's group top is one of the representatives, and is worth what the card is."""
    rng = random.Random(seed)
    for _ in range(25):
        cards = rng.randint(1, 3)
        game = rng.choice([Game.contract(6, rng.randrange(NO_TRUMP + 1), 0), Game.misere(1), Game.raspasy("none")])
        position = Position(deal(rng, cards, rng.choice([2, 3, 4])), rng.randrange(3))
        for _ in range(rng.randint(0, 2)):
            position = play(position, game, rng.choice(legal_cards(position, game)))
        legal = mask_of(legal_cards(position, game))
        live = position.hands[0] | position.hands[1] | position.hands[2] | mask_of(position.trick)
        reps = representatives(legal, live, RANKS)
        assert reps & ~legal == 0 and reps
        focus = game.declarer if game.declarer is not None else position.to_move
        values = reference.card_values(position, game, focus)
        for c in cards_of(legal):
            top = group_top(c, legal, live)
            assert reps >> top & 1, (position, c)
            assert values[top] == values[c], (position, c, top)
        assert {group_top(c, legal, live) for c in cards_of(legal)} == set(cards_of(reps))


def test_the_kernel_runs_as_plain_python():
    """Under NUMBA_DISABLE_JIT=1 (a debugger, a coverage run) every kernel function, the
    intrinsics included, runs as Python and gives the compiled kernel's values."""
    import os
    import subprocess
    import sys

    rng = random.Random(5)
    jobs = [(deal(rng, 4), rng.randrange(3)) for _ in range(3)]
    script = ("import sys, json\n"
              "from preferans.engine import Engine\n"
              "from preferans.rules import Game, Position\n"
              "e = Engine()\n"
              "print(json.dumps([[e.value(Position(tuple(h), lead), g, 0) for g in "
              "(Game.misere('A'), Game.contract(6, 'S', 'A'), Game.raspasy('none'))] for h, lead in "
              "json.loads(sys.argv[1])]))\n")
    import json
    out = subprocess.run([sys.executable, "-c", script, json.dumps(jobs)], capture_output=True, text=True,
                         timeout=300, env={**os.environ, "NUMBA_DISABLE_JIT": "1", "PYTHONWARNINGS": "ignore"})
    assert out.returncode == 0, out.stderr[-2000:]
    from preferans.engine import Engine
    engine = Engine()
    expected = [[engine.value(Position(h, lead), g, 0) for g in
                 (Game.misere("A"), Game.contract(6, "S", "A"), Game.raspasy("none"))] for h, lead in jobs]
    assert json.loads(out.stdout) == expected


def _forced_by_hand(f, x, y):
    """forced_in_suit's play written out on lists: the other two lead their lowest cards round after
    round, F ducks with his highest card below the trick's top, else wins and sheds his highest."""
    f, x, y = ([r for r in range(8) if m >> r & 1] for m in (f, x, y))
    wins = 0
    while f and (x or y):
        played = ([x.pop(0)] if x else []) + ([y.pop(0)] if y else [])
        top = max(played)
        below = [r for r in f if r < top]
        f.remove(max(below) if below else max(f))
        wins += not below
    return wins


def test_the_first_tests_estimate_plays_out_each_suit_as_written():
    """forced_in_suit against the same play on lists, on every split of a suit between the three
    players (3^8 codes); and forced_estimate is its sum over the four suits, for each focus."""
    from preferans.kernel.search import forced_estimate, forced_in_suit

    for code in range(3 ** 8):
        owners = [code // 3 ** r % 3 for r in range(8)]
        f, x, y = (sum(1 << r for r in range(8) if owners[r] == who) for who in range(3))
        assert forced_in_suit(f, x, y) == _forced_by_hand(f, x, y), (f, x, y)
    assert forced_in_suit(0b10000000, 0b1, 0b10) == 1  # the bare ace wins the first round
    assert forced_in_suit(0b1, 0b10000000, 0b1000000) == 0  # the seven ducks
    rng = random.Random(5)
    for _ in range(200):
        deck = list(range(32))
        rng.shuffle(deck)
        hands = np.array([mask_of(deck[10 * p:10 * p + 10]) for p in range(3)], dtype=np.int64)
        for focus in range(3):
            by_suit = sum(_forced_by_hand(*(int(hands[(focus + k) % 3]) >> 8 * s & 0xFF for k in range(3)))
                          for s in range(4))
            assert forced_estimate(hands, focus) == by_suit
