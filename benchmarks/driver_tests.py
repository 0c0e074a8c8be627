"""Where the misère and raspasy searches spend their nodes, test by test (run as a script; a
measurement for docs/performance.md, not a test).

    python benchmarks/driver_tests.py [by_test] [first_test] [raspasy_as_misere]

On ``pref bench``'s 100 seeded deals (raspasy: each player's value with no talon, which is a misère
with him as declarer):

* ``by_test``: the share of the nodes in the zero-window tests below the value, at it, and at one
  above it (the test that fails), each test asked in turn on one table, cleared before each solve;
* ``first_test``: the nodes of ``exact_value`` as the search runs it (its first test one above
  ``search.forced_estimate``), against the same with its first test at the true value (an oracle),
  one below it and one above it: at most what a better first guess could save; at 2 or at 3 whatever
  the value; at the estimate itself or two above it; and one above the suit game's estimate
  (:func:`suit_game`, each suit's exact value under the estimate's rules);
* ``raspasy_as_misere``: that each raspasy player's value and nodes equal the misère's with him as
  declarer.
"""

from __future__ import annotations

import sys
from functools import lru_cache

import numpy as np

from preferans import Engine, Game, Position
from preferans.benchmark import deals
from preferans.kernel.config import jit
from preferans.kernel.drivers import begin_job, end_job
from preferans.kernel.search import exact_value, forced_estimate

DEALS = 100


@jit
def _value_from(pos, ctx, tt, killers, stats, guess):
    """The value, the driver's first test at ``guess``."""
    state = begin_job(pos, ctx, killers, stats)
    v = exact_value(ctx, tt, state, guess)
    end_job(ctx, killers, stats)
    return v


def _solves(kind: str):
    for hands, _, _, declarer in deals(DEALS):
        if kind == "misere":
            yield Position(hands), Game.misere("ABC"[declarer]), declarer
        else:
            for seat in range(3):
                yield Position(hands), Game.raspasy("none"), seat


def by_test() -> dict:
    engine = Engine()
    searcher = engine.searcher
    out = {}
    for kind in ("misere", "raspasy"):
        nodes = {"below v": 0, "at v": 0, "v + 1": 0}
        for position, game, focus in _solves(kind):
            value = searcher.value(position, game, focus)
            engine.clear()
            for target in range(1, value + 2):
                before = searcher.nodes
                searcher.reaches(position, game, focus, target)
                label = "below v" if target < value else "at v" if target == value else "v + 1"
                nodes[label] += searcher.nodes - before
        total = sum(nodes.values())
        out[kind] = {name: round(n / total, 3) for name, n in nodes.items()} | {"nodes": total}
    return out


@lru_cache(maxsize=None)
def suit_game(f: int, x: int, y: int) -> int:
    """The tricks of one suit (8-bit masks: the focus player's, the other two's) that he takes when the
    other two lead it round after round, either of them, any card, the other following with any card
    of the suit he holds, and he follows with any card: the exact value of the game whose one line
    :func:`preferans.kernel.search.forced_in_suit` plays (it stops when he or both of them are out of
    the suit)."""
    if f == 0 or x | y == 0:
        return 0
    best = 0
    for leader, other in ((x, y), (y, x)):
        for a in _ranks(leader):
            for b in _ranks(other) or [-1]:
                top = max(a, b)
                rest_l, rest_o = leader & ~(1 << a), other & ~(1 << b) if b >= 0 else other
                after = (rest_l, rest_o) if leader == x else (rest_o, rest_l)
                best = max(best, min(int(c > top) + suit_game(f & ~(1 << c), *after) for c in _ranks(f)))
    return best


def _ranks(mask: int) -> list[int]:
    return [r for r in range(8) if mask >> r & 1]


def _suit_game_estimate(hands, focus) -> int:
    f, x, y = hands[focus], hands[(focus + 1) % 3], hands[(focus + 2) % 3]
    return sum(suit_game(f >> s & 0xFF, x >> s & 0xFF, y >> s & 0xFF) for s in range(0, 32, 8))


def first_test() -> dict:
    engine = Engine()
    searcher = engine.searcher
    out = {}
    for kind in ("misere", "raspasy"):
        nodes = dict.fromkeys(("as searched", "oracle", "oracle - 1", "oracle + 1", "at 2", "at 3", "estimate",
                               "estimate + 2", "suit game + 1"), 0)
        for position, game, focus in _solves(kind):
            value = searcher.value(position, game, focus)
            estimate = int(forced_estimate(np.array(position.hands, dtype=np.int64), focus))
            guesses = {"oracle": value, "oracle - 1": value - 1, "oracle + 1": value + 1,
                       "at 2": 2, "at 3": 3,  # a fixed first test, blind to the value
                       "estimate": estimate, "estimate + 2": estimate + 2,
                       "suit game + 1": _suit_game_estimate(position.hands, focus) + 1}
            for name in nodes:
                engine.clear()
                before = searcher.nodes
                if name == "as searched":
                    got = searcher.value(position, game, focus)
                else:
                    got = int(_value_from(*searcher._arrays(position, game, focus), max(guesses[name], 0)))
                assert got == value
                nodes[name] += searcher.nodes - before
        out[kind] = nodes | {f"saved by {name}": round(1 - n / nodes["as searched"], 3)
                             for name, n in nodes.items() if name != "as searched"}
    return out


def raspasy_as_misere() -> dict:
    engine = Engine()
    searcher = engine.searcher
    nodes = {"raspasy": 0, "misere": 0}
    for hands, _, _, _ in deals(DEALS):
        position = Position(hands)
        for seat in range(3):
            values = []
            for name, game in (("raspasy", Game.raspasy("none")), ("misere", Game.misere("ABC"[seat]))):
                engine.clear()
                before = searcher.nodes
                values.append(searcher.value(position, game, seat))
                nodes[name] += searcher.nodes - before
            assert values[0] == values[1]
    return nodes | {"same nodes": nodes["raspasy"] == nodes["misere"]}


if __name__ == "__main__":
    JOBS = {job.__name__: job for job in (by_test, first_test, raspasy_as_misere)}
    for name in sys.argv[1:] or JOBS:
        print(name, JOBS[name]())
