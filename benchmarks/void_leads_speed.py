"""The game of ``void_leads.py`` compiled, asked the questions a search would ask it: what it would
cost in the kernel (a measurement for docs/performance.md, *The long proofs*; not a test).

    python benchmarks/oracles.py --only "void leads test" --asks /tmp/asks.jsonl misere:100
    python benchmarks/void_leads_speed.py /tmp/asks.jsonl

The first command records the questions ``void_leads.holds_below`` was asked while the search with
that bound solved ``pref bench``'s 100 misères (9 minutes); this one answers them in order with the
game below, Numba-compiled, three times over: with its memo empty at the start (as a search that
kept it across those jobs) and again with every answer in it. The answers are checked against the
Python game's (``void_leads.game_reaches``) on the first thousand.

The compiled game plays ``void_leads.game_reaches``'s game: a state is the four suits' (a, x, y, l, k)
normalised as ``void_leads._canon`` does, four bits a field, sorted; its memo an open-addressed table
of 2^19 entries (the state, the leader and the target as the key, one byte the answer). Not cached on
disk: Numba's cache loads these recursive functions wrongly (a crash), so each run compiles them.
"""

import json
import sys
import time

import numpy as np
from numba import njit

F = 0
A, L, K = 0, 3, 4
MEMO = 1 << 19


@njit(inline="always")
def _code(a, x, y, l, k):
    return a | (x << 4) | (y << 8) | (l << 12) | (k << 16)


@njit(inline="always")
def _suit_code(st, i):
    return _code(st[i, 0], st[i, 1], st[i, 2], st[i, 3], st[i, 4])


@njit(inline="always")
def _norm(src, i):
    a, x, y, l, k = src[i, 0], src[i, 1], src[i, 2], src[i, 3], src[i, 4]
    if a + x + y == 0:
        return 0
    if x + y == 0:
        return _code(a, 0, 0, 0, 0)
    if k > a - l:
        k = a - l
    if k == 0:
        l = a
    return _code(a, x, y, l, k)


@njit(inline="always")
def _put(dst, i, v):
    dst[i, 0] = v & 15
    dst[i, 1] = (v >> 4) & 15
    dst[i, 2] = (v >> 8) & 15
    dst[i, 3] = (v >> 12) & 15
    dst[i, 4] = (v >> 16) & 15


@njit
def canon(src, dst):
    """Normalise each suit of src (4x5), sort the codes descending, write to dst."""
    c0 = _norm(src, 0)
    c1 = _norm(src, 1)
    c2 = _norm(src, 2)
    c3 = _norm(src, 3)
    if c0 < c1:
        c0, c1 = c1, c0
    if c2 < c3:
        c2, c3 = c3, c2
    if c0 < c2:
        c0, c2 = c2, c0
    if c1 < c3:
        c1, c3 = c3, c1
    if c1 < c2:
        c1, c2 = c2, c1
    _put(dst, 0, c0)
    _put(dst, 1, c1)
    _put(dst, 2, c2)
    _put(dst, 3, c3)


@njit(inline="always")
def _valid(st, seat, led, o):
    suit = o >> 1
    kind = o & 1
    if st[suit, seat] == 0:
        return False
    if led >= 0 and st[led, seat] > 0 and suit != led:
        return False
    if seat != F:
        return kind == 1
    if kind == 0:
        return st[suit, L] > 0
    return st[suit, A] > st[suit, L]


@njit(inline="always")
def _apply(src, dst, seat, o):
    for i in range(4):
        for j in range(5):
            dst[i, j] = src[i, j]
    suit = o >> 1
    dst[suit, seat] -= 1
    if seat == F and (o & 1) == 0:
        dst[suit, L] -= 1


@njit(inline="always")
def _settles(seat, answer):
    """Whether ``answer`` (the catchers reach the target) to one of ``seat``'s cards settles his choice:
    F needs one card that keeps him below, a catcher one that reaches it."""
    return answer != (seat == F)


@njit(inline="always")
def _card_of(seat, leader, second, o0, o1, o2):
    """The card (suit << 1 | kind) ``seat`` played to the trick."""
    return o0 if seat == leader else (o1 if seat == second else o2)


@njit
def reaches(keys_lo, keys_hi, vals, S, d, leader, target, cnt):
    if target <= 0:
        return True
    st = S[d, 0]
    n = st[0, 0] + st[1, 0] + st[2, 0] + st[3, 0]
    if target > n:
        return False
    lo = _suit_code(st, 0) | (_suit_code(st, 1) << 20) | (_suit_code(st, 2) << 40)
    hi = _suit_code(st, 3) | (leader << 20) | (target << 22) | (1 << 30)
    h = ((lo * -7046029254386353131) ^ (hi * -4658895280553007687))
    h ^= (h >> 29)
    slot = h & (MEMO - 1)
    while keys_hi[slot] != 0:
        if keys_hi[slot] == hi and keys_lo[slot] == lo:
            return vals[slot] == 1
        slot = (slot + 1) & (MEMO - 1)
    s1 = (leader + 1) % 3
    s2 = (leader + 2) % 3
    result = leader == F
    for o0 in range(8):
        if not _valid(S[d, 0], leader, -1, o0):
            continue
        _apply(S[d, 0], S[d, 1], leader, o0)
        led = o0 >> 1
        cnt[0] += 1
        r1 = s1 == F
        for o1 in range(8):
            if not _valid(S[d, 1], s1, led, o1):
                continue
            _apply(S[d, 1], S[d, 2], s1, o1)
            cnt[0] += 1
            r2 = s2 == F
            for o2 in range(8):
                if not _valid(S[d, 2], s2, led, o2):
                    continue
                _apply(S[d, 2], S[d, 3], s2, o2)
                cnt[0] += 1
                r = _settle(keys_lo, keys_hi, vals, S, d, target, cnt, led,
                            _card_of(F, leader, s1, o0, o1, o2), _card_of(1, leader, s1, o0, o1, o2),
                            _card_of(2, leader, s1, o0, o1, o2))
                if _settles(s2, r):
                    r2 = r
                    break
            if _settles(s1, r2):
                r1 = r2
                break
        if _settles(leader, r1):
            result = r1
            break
    # store (the slot found empty may have been taken by the recursion: probe again)
    slot = h & (MEMO - 1)
    while keys_hi[slot] != 0 and not (keys_hi[slot] == hi and keys_lo[slot] == lo):
        slot = (slot + 1) & (MEMO - 1)
    keys_lo[slot] = lo
    keys_hi[slot] = hi
    vals[slot] = 1 if result else 0
    return result


@njit(inline="always")
def _settle(keys_lo, keys_hi, vals, S, d, target, cnt, led, f_card, x_card, y_card):
    """Whether the catchers reach the target from the trick just played (``S[d, 3]``), choosing its
    winner as the game lets them."""
    after = S[d, 3]
    x_in = (x_card >> 1) == led
    y_in = (y_card >> 1) == led
    canon(after, S[d + 1, 0])  # the deeper searches leave S[d + 1, 0] as it is
    if f_card >> 1 == led and not x_in and not y_in:
        return reaches(keys_lo, keys_hi, vals, S, d + 1, F, target - 1, cnt)
    if x_in and reaches(keys_lo, keys_hi, vals, S, d + 1, 1, target, cnt):
        return True
    if y_in and reaches(keys_lo, keys_hi, vals, S, d + 1, 2, target, cnt):
        return True
    if f_card >> 1 == led and f_card & 1 == 1 and after[led, K] > 0:
        after[led, K] -= 1
        canon(after, S[d + 1, 0])
        after[led, K] += 1
        return reaches(keys_lo, keys_hi, vals, S, d + 1, F, target - 1, cnt)
    return False


def new_memo():
    return np.zeros(MEMO, dtype=np.int64), np.zeros(MEMO, dtype=np.int64), np.zeros(MEMO, dtype=np.int8)


def state_array(state) -> np.ndarray:
    out = np.zeros((4, 5), dtype=np.int64)
    for i, suit in enumerate(state):
        out[i] = suit
    return out


@njit
def answer_all(states, leaders, targets, memo_lo, memo_hi, memo_answer, scratch, cards, out):
    for j in range(states.shape[0]):
        canon(states[j], scratch[0, 0])
        out[j] = reaches(memo_lo, memo_hi, memo_answer, scratch, 0, leaders[j], targets[j], cards)


def main(path: str) -> None:
    try:
        with open(path) as lines:
            asks = [json.loads(line) for line in lines]
    except (OSError, ValueError) as error:
        print(f"void_leads_speed.py: cannot read the questions in {path}: {error}", file=sys.stderr)
        sys.exit(2)
    states = np.array([state_array(state) for state, _, _ in asks]).reshape(len(asks), 4, 5)
    leaders = np.array([leader for _, leader, _ in asks], dtype=np.int64)
    targets = np.array([target for _, _, target in asks], dtype=np.int64)
    scratch = np.zeros((16, 4, 4, 5), dtype=np.int64)
    cards = np.zeros(1, dtype=np.int64)
    out = np.zeros(len(asks), dtype=np.bool_)
    answer_all(states[:1], leaders[:1], targets[:1], *new_memo(), scratch, cards, out)  # compile
    import void_leads  # beside this script, which Python puts first on the path
    for rounds in range(3):
        memo = new_memo()
        cards[0] = 0
        start = time.process_time()
        answer_all(states, leaders, targets, *memo, scratch, cards, out)
        cold = time.process_time() - start
        start = time.process_time()
        answer_all(states, leaders, targets, *memo, scratch, cards, out)
        warm = time.process_time() - start
        print(json.dumps({"questions": len(asks), "memo empty ms": round(cold * 1e3, 1),
                          "ns a question": round(cold / len(asks) * 1e9), "cards tried": int(cards[0]),
                          "memo full ms": round(warm * 1e3, 1), "ns a question, memo full": round(warm / len(asks) * 1e9),
                          "states": int(np.count_nonzero(memo[1]))}), flush=True)
    for j, (state, leader, target) in enumerate(asks[:1000]):
        assert out[j] == void_leads.game_reaches(tuple(map(tuple, state)), leader, target), (state, leader, target)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: python benchmarks/void_leads_speed.py ASKS (from oracles.py --asks)", file=sys.stderr)
        sys.exit(2)
    main(sys.argv[1])
