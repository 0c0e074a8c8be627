#!/usr/bin/env python3
"""Adapter: preferans-solver (the project) driven from the oracle's one-line format on stdin,
one long-lived process (compiled kernel loaded once), a cleared table for every problem.

Output per line: "VALUE [| CARD:VALUE ...] # us=<root value CPU us> wus=<wall us> cus=<card values us>"
VALUE: contract/misere the declarer's tricks; raspasy (talon none) the three paranoid values.
Env PREF_KEEP=1: keep the table between problems.
"""
import os
import sys
import time

from solver.engine import Engine
from solver.rules import Game, Position
from solver.notation import parse_cards

SUITS = "SCDH"


def cards_of(v):
    return [] if v in ("-", "") else v.split(",")


def mask(cards):
    m = 0
    for c in parse_cards(" ".join(cards)):
        m |= 1 << c
    return m


def main():
    eng = Engine()
    keep = bool(os.environ.get("PREF_KEEP"))
    names = None
    for line in sys.stdin:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        d = dict(tok.partition("=")[::2] for tok in line.split())
        hands = tuple(mask(cards_of(d[s])) for s in "ABC")
        trick = tuple(parse_cards(" ".join(cards_of(d.get("played", "-")))))
        leader = "ABC".index(d["leader"])
        pos = Position(hands, leader, trick)
        kind = d["kind"]
        if kind == "contract":
            games = [(Game.contract(6, d["trump"], d["declarer"]), "ABC".index(d["declarer"]))]
        elif kind == "misere":
            games = [(Game.misere(d["declarer"]), "ABC".index(d["declarer"]))]
        else:
            games = [(Game.raspasy("none"), s) for s in range(3)]
        if not keep:
            eng.clear()
        w0, c0 = time.perf_counter(), time.process_time()
        solve = eng.searcher.value  # the unchecked path: the input is the bench's own deals
        vals = [solve(pos, g, f) for g, f in games]
        c1, w1 = time.process_time(), time.perf_counter()
        out = " ".join(str(v) for v in vals)
        cus = 0
        if d.get("cards") == "1":
            from solver.cards import ascii_name as card_name
            mover = pos.to_move
            g, f = games[0] if kind != "raspasy" else games[mover]
            if not keep:
                eng.clear()
            t = time.process_time()
            cv = eng.card_values(pos, g, f)
            cus = (time.process_time() - t) * 1e6
            key = lambda c: (c // 8, c % 8)
            out += " |" + "".join(f" {card_name(c)}:{v}" for c, v in sorted(cv.items(), key=lambda kv: key(kv[0])))
        print(f"{out} # us={(c1 - c0) * 1e6:.0f} wus={(w1 - w0) * 1e6:.0f} cus={cus:.0f}", flush=True)


if __name__ == "__main__":
    main()
