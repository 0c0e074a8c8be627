"""Where the misère and raspasy searches spend nodes under moves that were refuted before the one that
cut (run as a script; a measurement for docs/performance.md, not a test). Slow: the search runs as
plain Python (the script sets ``NUMBA_DISABLE_JIT=1`` itself), about two minutes a kind.

    python benchmarks/refuted_moves.py [DEALS]

On ``pref bench``'s first ``DEALS`` seeded deals (default 100; raspasy: its three values with the
talon turned, as ``pref bench`` solves them), each solve on a cleared table, every node of the search
is watched by wrapping the compiled-per-game search's recursive call. At a node where some move cut
off, the nodes under the moves tried before it are *refuted-move nodes*; they are summed per role: who
moves (``F`` the focus player, ``C`` a catcher) and how many cards the trick holds (0 a lead, 1 second
to play, 2 last). Nested subtrees count at every level, so the shares overstate what a perfect order
would save. A catcher following is further split by his seat, who led (second to play) or who is
winning the trick (last), and what the first card tried and the card that cut did: duck (under the
card winning the trick), win, or discard.
"""

from __future__ import annotations

import os
import sys
from collections import Counter

os.environ["NUMBA_DISABLE_JIT"] = "1"  # before the kernel is imported: its functions stay Python

from preferans import Engine  # noqa: E402
from preferans.benchmark import deals, job  # noqa: E402
from preferans.kernel import search as kernel_search  # noqa: E402
from preferans.kernel.config import C_STATS, S_NODES  # noqa: E402


class Watch:
    """The wrapper around the search's recursive call, and what it counted."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.namespace = kernel_search._search_misere.__globals__  # the misère copy's own globals
        self.search = self.namespace["_search"]
        self.children: list[list] = [[]]
        self.focus = 0
        self.refuted: Counter = Counter()
        self.following: Counter = Counter()
        self.nodes = 0

    def __enter__(self):
        self.namespace["_search"] = self._watched
        return self

    def __exit__(self, *exc):
        self.namespace["_search"] = self.search

    def _watched(self, ctx, tt, state, target):
        before = ctx[C_STATS + S_NODES]
        hands = (int(ctx[0]), int(ctx[1]), int(ctx[2]))
        self.children.append([])
        result = self.search(ctx, tt, state, target)
        children = self.children.pop()
        mover = int(state.mover) & 3
        by_focus = mover == self.focus
        tried = []
        for nodes, value, child_target, child_hands in children:
            card = (hands[mover] & ~child_hands[mover]).bit_length() - 1
            tried.append((nodes, (value < child_target) == by_focus, card))
        if any(cut for _, cut, _ in tried):
            k = next(i for i, (_, cut, _) in enumerate(tried) if cut)
            wasted = sum(nodes for nodes, _, _ in tried[:k])
            n_in = int(state.n_in_trick)
            self.refuted[("F" if by_focus else "C") + str(n_in)] += wasted
            if not by_focus and n_in and wasted:
                self.following[self._following(state, tried[0][2], tried[k][2])] += wasted
        self.children[-1].append((ctx[C_STATS + S_NODES] - before, int(result[0]), int(target), hands))
        return result

    def _following(self, state, first: int, cut: int) -> str:
        best, suit = int(state.best), int(state.lead_suit)
        if int(state.n_in_trick) == 1:
            seat = "second, " + ("he led" if (int(state.mover) + 2) % 3 == self.focus else "the partner led")
        else:
            seat = "last, " + ("he is winning" if int(state.owner) == self.focus else "the partner is winning")

        def what(card):
            return "discard" if card >> 3 != suit else "win" if card > best else "duck"

        return f"{seat}: first {what(first)}, cut {what(cut)}"

    def solve(self, position, game, focus: int) -> None:
        self.focus = focus
        self.engine.clear()
        before = self.engine.searcher.nodes
        self.engine.searcher.value(position, game, focus)
        self.nodes += self.engine.searcher.nodes - before


def measure(kind: str, count: int) -> dict:
    with Watch(Engine()) as watch:
        for deal in deals(count):
            for position, game, focus in job(kind, deal):
                watch.solve(position, game, focus)
    share = {role: f"{100 * n / watch.nodes:.1f} %" for role, n in sorted(watch.refuted.items())}
    following = {case: f"{100 * n / watch.nodes:.1f} %" for case, n in watch.following.most_common(8)}
    return {"nodes": watch.nodes, "under refuted moves, by role": share, "a catcher following": following}


if __name__ == "__main__":
    if len(sys.argv) > 2 or len(sys.argv) == 2 and not (sys.argv[1].isdigit() and int(sys.argv[1]) >= 1):
        print(f"refuted_moves.py: DEALS must be one whole number of at least 1, not {' '.join(sys.argv[1:])!r}",
              file=sys.stderr)
        sys.exit(2)
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    for kind in ("misere", "raspasy"):
        print(kind, measure(kind, count))
