"""The most a perfect move order, or a perfect bound of a given kind, could save on the long misère
proofs (run as a script; a measurement for docs/performance.md, not a test). Slow: the search runs
as plain Python (the script sets ``NUMBA_DISABLE_JIT=1`` itself), a few seconds a job and variant.

    python benchmarks/oracles.py [--only VARIANT,...] [--asks FILE] [JOB ... | misere:N]

A job is ``DEAL:SEAT``: ``pref bench``'s seeded deal number DEAL, A on lead, no talon, the misère of
SEAT (A, B or C). That is also the value of SEAT as a raspasy player with no talon (the same search,
the same nodes). The default jobs are the costliest of ``pref bench --deals 100``: misère deals
51 and 13, and the raspasy players 48:B, 36:B and 56:C. ``misere:N`` names the misère jobs of
``pref bench --deals N``, each deal with its own declarer. With more than one job a last line sums
them up: each variant's nodes over all the jobs' as searched, the median job's ratio, the jobs whose
nodes rose.

Each job is solved on a cleared table as ``Engine.value`` solves it, every node of the search watched
by wrapping the misère copy's recursive call (as ``benchmarks/refuted_moves.py`` does). An *oracle*, a
second process running the compiled engine, gives the exact value of any position asked. The job is
solved once as it is, then once for each variant:

* ``order F``: at the focus player's nodes with two cards or more to try, the first card (in the
  search's order) that holds him below the target is tried first. ``order C``: the same for the
  catchers and a card that reaches the target. ``order both``: both. This is the most any move
  order could save.
* ``bound 0``, ``bound 1``, ``bound 2``: at each trick start, a position in which the focus player
  takes at most 0, 1 or 2 more tricks, and fewer than the target, is settled at once, as a bound
  that knew it would settle it. ``bound 0`` is a perfect "no trick at all" (the safe suits'
  question), ``bound 1`` "at most one". ``bound 1 unsafe 1``, ``bound 2 unsafe 2``: the same, only
  where at most 1 (2) of the suits he shares with the others is unsafe by the safe-suit table
  (:mod:`preferans.kernel.safety`): the most a bound built on that table with one or two exceptions
  could save.
* ``ending 4``, ``ending 5``: every trick start with at most 4 or 5 tricks left settled at once.
* ``matching``: the matchings W (``void_leads.matchings``: the most tricks he can win other than by
  leading a suit the others lack), settled where W is below the target and the oracle confirms that he
  takes no more: the most that W and any sound count of those void leads could save. The job's line also counts
  the trick starts where W is below the target and those where W is below the value (wrong).
* ``void leads``: where W is below the target, the bound of ``void_leads.py`` (a game on the suit
  lengths, which is W or more wherever X and Y can make him use his pairs), settled where it is below
  the target, with its own partition; the oracle's value is asserted to lie within it at every trick
  start where it is asked. ``void leads test``: the same, the game asked only whether it holds him
  below the target (``void_leads.holds_below``, with cut-offs), the node settled at the target less one.
  Their lines count the game's partial tricks (``game tricks``) and the summary its states, its memo
  kept across the jobs of the run. ``--asks FILE`` writes the questions ``void leads test`` asked the
  game, in order, one JSON line each, for ``void_leads_speed.py`` to time the compiled game on.

A settled position's bound is stored for every live card's owner fixed (the narrowest partition),
so a real bound, which rests on fewer cards, would also hit the table more often: a variant whose
nodes rise (``ending 3`` did) settles positions the search settled with wider partitions.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys

SERVE = "--serve"

if len(sys.argv) > 1 and sys.argv[1] == SERVE:  # the oracle: the compiled engine, one position a line
    from preferans import Engine, Game, Position

    engine = Engine()
    for line in sys.stdin:
        h0, h1, h2, leader, focus, *trick = map(int, line.split())
        value = engine.value(Position((h0, h1, h2), leader, tuple(trick)), Game.misere(focus), focus)
        print(value, flush=True)
    sys.exit(0)

os.environ["NUMBA_DISABLE_JIT"] = "1"  # before the kernel is imported: its functions stay Python

import numpy as np  # noqa: E402

np.seterr(over="ignore")  # the table's hash multiplies int64s modulo 2^64 on purpose (wraps in the JIT too)

from preferans import Engine, Game, Position  # noqa: E402
from preferans.benchmark import deals  # noqa: E402
from preferans.kernel import search as kernel_search  # noqa: E402
from preferans.kernel.config import C_FOCUS, C_MOVES, C_STATS, MOVES_ROW, S_NODES  # noqa: E402
from preferans.kernel.safety import SAFE, owner_code  # noqa: E402

import void_leads  # noqa: E402  (beside this script)

DEFAULT_JOBS = ("51:B", "13:C", "48:B", "36:B", "56:C")
VARIANTS = ("order F", "order C", "order both", "bound 0", "bound 1", "bound 2", "bound 1 unsafe 1", "bound 2 unsafe 2",
            "ending 4", "ending 5", "matching", "void leads", "void leads test")


def unsafe_suits(hands, focus: int) -> int:
    """The focus player's suits that the safe-suit table calls unsafe (it calls safe a suit he lacks
    and one only he holds)."""
    me, x, y = hands[focus], hands[(focus + 1) % 3], hands[(focus + 2) % 3]
    return sum(not SAFE[owner_code(*((m >> 8 * s) & 0xFF for m in (me, x, y)))] for s in range(4))


class Oracle:
    """Exact values from the compiled engine in a second process (this script with ``--serve``)."""

    def __init__(self):
        env = {k: v for k, v in os.environ.items() if k != "NUMBA_DISABLE_JIT"}
        self.process = subprocess.Popen([sys.executable, __file__, SERVE], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, env=env)
        self.known: dict = {}

    def value(self, hands, leader: int, focus: int, trick: tuple = ()) -> int:
        """The focus player's tricks from here (the current trick included), under best play."""
        key = (*hands, leader, focus, trick)
        if key not in self.known:
            self.process.stdin.write(" ".join(map(str, key[:5] + trick)) + "\n")
            self.process.stdin.flush()
            self.known[key] = int(self.process.stdout.readline())
        return self.known[key]

    def after(self, hands, mover: int, card: int, state, focus: int, trick: tuple) -> int:
        """The value once ``mover`` has played ``card`` to ``trick`` (the cards before it, in order)."""
        hands = list(hands)
        hands[mover] &= ~(1 << card)
        if len(trick) < 2:
            return self.value(hands, (mover - len(trick)) % 3, focus, trick + (card,))
        best, owner = int(state.best), int(state.owner)  # the trick is complete: its winner leads next
        winner = mover if card >> 3 == int(state.lead_suit) and card > best else owner
        rest = self.value(hands, winner, focus) if hands[winner] else 0
        return rest + (winner == focus)


class Watch:
    """The wrapper around the misère copy's recursive call and its move order, for one variant."""

    def __init__(self, oracle: Oracle, variant: str):
        self.oracle, self.variant = oracle, variant
        self.counts = {"W below target": 0, "W wrong": 0}  # the matching variant's trick starts
        self.kind, _, self.arg = variant.partition(" ")  # "order" F/C/both, "bound" k [unsafe u], "ending" k
        self.arg, _, unsafe = self.arg.partition(" unsafe ")
        self.unsafe = int(unsafe) if unsafe else 4  # suits that may be unsafe where a bound settles: any
        self.namespace = kernel_search._search_misere.__globals__  # the misère copy's own globals
        self.search, self.order = self.namespace["_search"], self.namespace["order_moves"]
        self.root = kernel_search._search_misere
        self.path: list = []  # (hands, target) of every node from the root down

    def __enter__(self):
        if self.variant != "as searched":
            self.namespace["_search"] = self._watched
            self.namespace["order_moves"] = self._ordered
            kernel_search._search_misere = self._rooted
        return self

    def __exit__(self, *exc):
        self.namespace["_search"], self.namespace["order_moves"] = self.search, self.order
        kernel_search._search_misere = self.root

    def _rooted(self, ctx, tt, state, target):
        self.path.append(((int(ctx[0]), int(ctx[1]), int(ctx[2])), int(target)))
        try:
            return self.root(ctx, tt, state, target)
        finally:
            self.path.pop()

    def _watched(self, ctx, tt, state, target):
        hands = (int(ctx[0]), int(ctx[1]), int(ctx[2]))
        settled = self._settled(ctx, state, int(target), hands)
        if settled is not None:
            ctx[C_STATS + S_NODES] += 1
            if self.kind == "void":
                return np.int64(settled[0]), np.int64(settled[1])
            return np.int64(settled), np.int64(hands[0] | hands[1] | hands[2])
        self.path.append((hands, int(target)))
        try:
            return self.search(ctx, tt, state, target)
        finally:
            self.path.pop()

    def _settled(self, ctx, state, target: int, hands):
        """The value a perfect bound of this variant would settle the node with, or None."""
        left = int(state.left)
        if self.kind not in ("bound", "ending", "matching", "void") or int(state.n_in_trick) \
                or not 1 <= target <= left or left < 2:
            return None
        focus = int(ctx[C_FOCUS])
        if self.kind == "void":
            leader = int(state.mover) & 3
            if void_leads.matchings(hands, focus) >= target:
                return None  # the bound is at least W
            if self.arg == "leads test":
                if not void_leads.holds_below(hands, focus, leader, target):
                    return None
                bound, relevant = target - 1, void_leads.relevant_cards(hands, focus)
            else:
                bound, relevant = void_leads.void_lead_bound(hands, focus, leader)
            value = self.oracle.value(hands, leader, focus)
            assert value <= bound, ("the void-lead bound is wrong", hands, leader, focus, value, bound)
            return (bound, relevant) if bound < target else None
        if self.kind == "matching":
            w = void_leads.matchings(hands, focus)
            if w >= target:
                return None
            value = self.oracle.value(hands, int(state.mover) & 3, focus)
            self.counts["W below target"] += 1
            self.counts["W wrong"] += value > w
            return value if value <= w else None
        if self.kind == "ending" and left > int(self.arg):
            return None
        if self.unsafe < 4 and unsafe_suits(hands, focus) > self.unsafe:
            return None
        value = self.oracle.value(hands, int(state.mover) & 3, int(ctx[C_FOCUS]))
        if self.kind == "ending" or value < target and value <= int(self.arg):
            return value
        return None

    def _trick(self, n_in: int) -> tuple:
        """The current trick's cards in order, read off the hands along the path."""
        cards = []
        for (before, _), (after, _) in zip(self.path[-n_in - 1:-1], self.path[-n_in:]):
            cards.append((before[0] ^ after[0] | before[1] ^ after[1] | before[2] ^ after[2]).bit_length() - 1)
        return tuple(cards)

    def _ordered(self, ctx, state, moves, live, first, killer, killer2, lead_plan, depth, focus_max, trump):
        k = self.order(ctx, state, moves, live, first, killer, killer2, lead_plan, depth, focus_max, trump)
        focus, mover = int(ctx[C_FOCUS]), int(state.mover) & 3
        side = "F" if mover == focus else "C"
        if k < 2 or self.kind != "order" or self.arg not in ("both", side):
            return k
        hands, target = self.path[-1]
        trick = self._trick(int(state.n_in_trick))
        row = C_MOVES + MOVES_ROW * depth
        cards = [int(ctx[row + i]) for i in range(k)]
        for i, card in enumerate(cards):
            value = self.oracle.after(hands, mover, card, state, focus, trick)
            if (value < target) == (side == "F"):
                cards.insert(0, cards.pop(i))
                break
        for i, card in enumerate(cards):
            ctx[row + i] = card
        return k


def solve(job: str, variant: str, oracle: Oracle) -> tuple[int, int]:
    number, seat = job.split(":")
    hands = deals(int(number) + 1)[int(number)][0]
    focus = "ABC".index(seat)
    engine = Engine()
    with Watch(oracle, variant) as watch:
        before = engine.searcher.nodes
        value = engine.searcher.value(Position(hands), Game.misere(focus), focus)
        return value, engine.searcher.nodes - before, watch.counts


def main(jobs: list[str], variants=VARIANTS) -> None:
    oracle = Oracle()
    rows = []
    for job in jobs:
        value, nodes, _ = solve(job, "as searched", oracle)
        row = {"job": job, "value": value, "nodes": nodes}
        searched = {}  # each variant's nodes
        for variant in variants:
            before = void_leads.GAME_TRICKS[0]
            v, searched[variant], counts = solve(job, variant, oracle)
            assert v == value, (job, variant, v, value)
            row[variant] = round(searched[variant] / nodes, 3)
            if variant == "matching":
                row.update(counts)
            if variant.startswith("void"):
                row[variant + ", game tricks"] = void_leads.GAME_TRICKS[0] - before
        rows.append((row, searched))
        print(json.dumps(row, ensure_ascii=False), flush=True)
    if len(rows) > 1:
        total = sum(row["nodes"] for row, _ in rows)
        summary = {"jobs": len(rows), "nodes": total}
        for variant in variants:
            summary[variant] = round(sum(searched[variant] for _, searched in rows) / total, 3)
            summary[variant + ", median job"] = round(statistics.median(row[variant] for row, _ in rows), 3)
            summary[variant + ", jobs above 1"] = sum(row[variant] > 1 for row, _ in rows)
        for variant, memo in (("void leads", void_leads.game_value), ("void leads test", void_leads.game_reaches)):
            if variant in variants:
                summary[variant + ", game tricks"] = sum(row[variant + ", game tricks"] for row, _ in rows)
                summary[variant + ", game states"] = memo.cache_info().currsize
        print(json.dumps(summary, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    args = sys.argv[1:]
    variants = VARIANTS
    if args[:1] == ["--only"]:
        variants = tuple(args[1].split(",")) if len(args) > 1 else ()
        args = args[2:]
        unknown = [v for v in variants if v not in VARIANTS]
        if unknown or not variants:
            print(f"oracles.py: --only takes a comma-separated list of {', '.join(VARIANTS)}"
                  + (f"; not {unknown[0]!r}" if unknown else ""), file=sys.stderr)
            sys.exit(2)
    asks = None
    if args[:1] == ["--asks"]:
        if len(args) < 2:
            print("oracles.py: --asks takes a file to write the game's questions to", file=sys.stderr)
            sys.exit(2)
        try:
            asks = open(args[1], "w")  # now, not after the run: a bad path must not cost the run
        except OSError as error:
            print(f"oracles.py: cannot write the game's questions to {args[1]}: {error.strerror}", file=sys.stderr)
            sys.exit(2)
        args = args[2:]
        void_leads.ASKS = []
    jobs = args or list(DEFAULT_JOBS)
    if len(jobs) == 1 and jobs[0].startswith("misere:") and jobs[0][7:].isdigit():
        jobs = [f"{number}:{'ABC'[deal[3]]}" for number, deal in enumerate(deals(int(jobs[0][7:])))]
    for job in jobs:
        number, _, seat = job.partition(":")
        if not (number.isdigit() and seat in ("A", "B", "C")):
            print(f"oracles.py: a job is DEAL:SEAT (a deal number, a seat A, B or C) or misere:N, not {job!r}",
                  file=sys.stderr)
            sys.exit(2)
    main(jobs, variants)
    if asks is not None:
        with asks:
            for state, leader, target in void_leads.ASKS:
                asks.write(json.dumps([state, leader, target]) + "\n")
