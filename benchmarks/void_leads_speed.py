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


@njit
def reaches(keys_lo, keys_hi, vals, S, d, leader, target, cnt):
    if target <= 0:
        return True
    st = S[d, 0]
    n = st[0, 0] + st[1, 0] + st[2, 0] + st[3, 0]
    if target > n:
        return False
    lo = (st[0, 0] | (st[0, 1] << 4) | (st[0, 2] << 8) | (st[0, 3] << 12) | (st[0, 4] << 16)) \
        | ((st[1, 0] | (st[1, 1] << 4) | (st[1, 2] << 8) | (st[1, 3] << 12) | (st[1, 4] << 16)) << 20) \
        | ((st[2, 0] | (st[2, 1] << 4) | (st[2, 2] << 8) | (st[2, 3] << 12) | (st[2, 4] << 16)) << 40)
    hi = (st[3, 0] | (st[3, 1] << 4) | (st[3, 2] << 8) | (st[3, 3] << 12) | (st[3, 4] << 16)) \
        | (leader << 20) | (target << 22) | (1 << 30)
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
                after = S[d, 3]
                f_o = o0 if leader == F else (o1 if s1 == F else o2)
                f_suit = f_o >> 1
                x_o = o0 if leader == 1 else (o1 if s1 == 1 else o2)
                y_o = o0 if leader == 2 else (o1 if s1 == 2 else o2)
                x_in = (x_o >> 1) == led
                y_in = (y_o >> 1) == led
                canon(after, S[d + 1, 0])
                if f_suit == led and not x_in and not y_in:
                    r = reaches(keys_lo, keys_hi, vals, S, d + 1, F, target - 1, cnt)
                else:
                    r = False
                    if x_in:
                        r = reaches(keys_lo, keys_hi, vals, S, d + 1, 1, target, cnt)
                    if not r and y_in:
                        canon(after, S[d + 1, 0])
                        r = reaches(keys_lo, keys_hi, vals, S, d + 1, 2, target, cnt)
                    if not r and f_suit == led and (f_o & 1) == 1 and after[led, K] > 0:
                        after[led, K] -= 1
                        canon(after, S[d + 1, 0])
                        after[led, K] += 1
                        r = reaches(keys_lo, keys_hi, vals, S, d + 1, F, target - 1, cnt)
                if s2 == F:
                    if not r:
                        r2 = False
                        break
                elif r:
                    r2 = True
                    break
            if s1 == F:
                if not r2:
                    r1 = False
                    break
            elif r2:
                r1 = True
                break
        if leader == F:
            if not r1:
                result = False
                break
        elif r1:
            result = True
            break
    # store (the slot found empty may have been taken by the recursion: probe again)
    slot = h & (MEMO - 1)
    while keys_hi[slot] != 0 and not (keys_hi[slot] == hi and keys_lo[slot] == lo):
        slot = (slot + 1) & (MEMO - 1)
    keys_lo[slot] = lo
    keys_hi[slot] = hi
    vals[slot] = 1 if result else 0
    return result


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
    sys.path.insert(0, __file__.rpartition("/")[0] or ".")
    import void_leads
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
