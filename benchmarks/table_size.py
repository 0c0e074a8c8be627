"""The transposition table's size against the search's time (run as a script; a measurement for
docs/performance.md, not a test).

    python benchmarks/table_size.py [--sizes 13,14,15,16,17] [--kind contract] [--deals 100] [--rounds 3]

One engine per size (``Options(tt_log2_size=…)``, the tables laid out as the engine lays them out),
all in one process; every job of ``pref bench``'s seeded deals is solved by each in turn, the order
turning from job to job, on a cleared table, for several rounds, keeping each job's fastest CPU time
(``paired.race``, as two kernels are timed). The values must agree (else it stops). Printed per kind
and size: the geometric mean of the per-job time ratios to the first size, and the node ratio. The
engines' tables share the caches here, which a process with one engine does not; the peer harness's
separate processes are the other measure.
"""

from __future__ import annotations

import argparse
import math
import sys

from paired import at_least_one, race  # this folder's: the same alternating race as two kernels'

from preferans import Engine, Options
from preferans.benchmark import deals, job, run_job

KINDS = ("contract", "misere", "raspasy", "table")


def sizes(text: str) -> list[int]:
    """An argparse type: table sizes as powers of two, e.g. ``14,15,16``."""
    try:
        out = [int(part) for part in text.split(",")]
    except ValueError:
        out = []
    if not out or not all(6 <= s <= 24 for s in out):
        raise argparse.ArgumentTypeError(f"powers of two from 6 to 24, comma-separated, not {text!r}")
    return out


def measure(kind: str, log2_sizes: list[int], count: int, rounds: int) -> dict[int, tuple[float, float]]:
    """Per size: (time ratio to the first size, node ratio) on ``count`` deals of ``kind``."""
    engines = {s: Engine(Options(tt_log2_size=s)) for s in log2_sizes}
    jobs = [job(kind, deal) for deal in deals(count)]
    runs = {s: (lambda i, s=s: run_job(engines[s], jobs[i])) for s in log2_sizes}
    best, nodes = race(runs, engines, count, rounds, kind)
    first = log2_sizes[0]
    return {s: (math.exp(sum(math.log(t / t0) for t, t0 in zip(best[s], best[first])) / count),
                nodes[s] / nodes[first]) for s in log2_sizes}


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=sizes, default=[16, 14, 15, 17])
    parser.add_argument("--kind", action="append", choices=KINDS)
    parser.add_argument("--deals", type=at_least_one, default=100)
    parser.add_argument("--rounds", type=at_least_one, default=3)
    args = parser.parse_args(argv)
    for kind in args.kind or ["contract", "misere", "raspasy"]:
        figures = measure(kind, args.sizes, args.deals, args.rounds)
        print(f"{kind:9} " + "  ".join(f"2^{s}: time {t:.3f} nodes {n:.4f}" for s, (t, n) in figures.items()),
              flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
