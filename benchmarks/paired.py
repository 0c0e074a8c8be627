"""Two kernels timed against each other in one process: the way kernel changes are judged.

Each checkout's ``solver/`` (the package ``preferans``) is copied under its own name (``solver_old``, ``solver_new``)
and imported side by side; every job of ``pref bench``'s seeded deals is solved by both in turn,
alternating which goes first, with a cleared table each time, for several rounds, keeping each
job's fastest CPU time. The values must agree on every job (else it stops). Printed per kind:
the geometric mean and the median of the per-job time ratios new/old, the ratio of the two
kernels' times summed over the old kernel's five dearest jobs (the tail that sets the p99), the
mean and 99th percentile milliseconds of each, and the node ratio.

Why paired: on a shared machine two runs of identical code made back to back drift apart by
10-20 %, but alternating job by job in one process, identical code measures 1.00 +- 0.03. And
why time, not nodes: edits that leave the nodes unchanged have moved the time by 10-17 %.

    python benchmarks/paired.py OLD_CHECKOUT [NEW_CHECKOUT] [--kind misere] [--deals 100] [--rounds 2] [--pause MS]

``--pause MS`` sleeps before every solve, untimed, as ``pref bench --pause`` does: it times the
search as it runs after a wait (slower for a while, short jobs most; docs/performance.md, *A paused
process*), the condition of the harness against the peer.

e.g. ``git worktree add /tmp/old HEAD~1 && python benchmarks/paired.py /tmp/old``. Each
checkout compiles its kernel once into ``PREF_CACHE_DIR`` (one to two minutes each the first time).
"""

from __future__ import annotations

import argparse
import importlib
import math
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

KINDS = ("contract", "misere", "raspasy", "table")


def at_least_one(text: str) -> int:
    """An argparse type: a whole number of at least 1 (argparse says so in one line, exit 2)."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a whole number of at least 1, not {text!r}")
    return int(text)


def load(checkout: Path, name: str, folder: Path):
    """The checkout's ``solver/`` (the package ``preferans``) imported as ``name`` (its imports inside are relative)."""
    source = checkout / "solver"
    if not (source / "engine.py").is_file():
        print(f"paired.py: {checkout} is not a checkout of this project (no solver/engine.py)", file=sys.stderr)
        sys.exit(2)  # bad input
    shutil.copytree(source, folder / name, ignore=shutil.ignore_patterns("__pycache__"))
    return importlib.import_module(f"{name}.benchmark"), importlib.import_module(f"{name}.engine")


def race(runs: dict, engines: dict, count: int, rounds: int, kind: str, pause_s: float = 0.0) -> tuple[dict, dict]:
    """Jobs ``0 … count - 1`` run by each contestant in turn, the order turning from job to job and
    round to round, each on its engine's table cleared; ``runs[name](i)`` solves job ``i`` with
    ``engines[name]`` and returns its values, which must agree (else exit 1). Each job's fastest CPU
    time of the ``rounds`` per contestant, and each contestant's nodes over all rounds. ``pause_s``: a
    sleep before every solve, outside its time."""
    names = list(runs)
    best = {name: [math.inf] * count for name in names}
    nodes = dict.fromkeys(names, 0)
    for name in names:  # load the compiled code before timing
        runs[name](0)
    for round_ in range(rounds):
        for i in range(count):
            turn = (i + round_) % len(names)
            values = {}
            for name in names[turn:] + names[:turn]:
                engine = engines[name]
                if pause_s:
                    time.sleep(pause_s)
                engine.clear()
                before = engine.nodes
                start = time.process_time()
                values[name] = runs[name](i)
                best[name][i] = min(best[name][i], time.process_time() - start)
                nodes[name] += engine.nodes - before
            if len({repr(v) for v in values.values()}) > 1:
                print(f"{Path(sys.argv[0]).name}: {kind} deal {i}: the answers differ: {values}", file=sys.stderr)
                sys.exit(1)  # a check failed
    return best, nodes


def _p99(sorted_ms: list[float]) -> float:
    return sorted_ms[int(0.99 * len(sorted_ms)) - 1]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("old", type=Path, help="the checkout to compare against")
    parser.add_argument("new", type=Path, nargs="?", default=Path("."), help="default: this checkout")
    parser.add_argument("--kind", action="append", choices=KINDS, help="repeatable; default: all but table")
    parser.add_argument("--deals", type=at_least_one, default=100)
    parser.add_argument("--rounds", type=at_least_one, default=2)
    parser.add_argument("--pause", type=float, default=0.0, metavar="MS",
                        help="sleep this many milliseconds before every solve, untimed")
    args = parser.parse_args(argv)
    if not 0 <= args.pause <= 1000:
        parser.error(f"--pause: milliseconds from 0 to 1000, not {args.pause:g}")
    with tempfile.TemporaryDirectory() as tmp:
        sys.path.insert(0, tmp)
        sides = {name: load(path.resolve(), f"solver_{name}", Path(tmp)) for name, path in
                 (("old", args.old), ("new", args.new))}
        engines = {name: engine.Engine() for name, (_, engine) in sides.items()}
        deals = sides["new"][0].deals(args.deals)
        for kind in args.kind or ["contract", "misere", "raspasy"]:
            jobs = {name: [bench.job(kind, deal) for deal in deals] for name, (bench, _) in sides.items()}
            runs = {name: (lambda i, name=name: sides[name][0].run_job(engines[name], jobs[name][i]))
                    for name in sides}
            best, nodes = race(runs, engines, len(deals), args.rounds, kind, args.pause / 1000)
            ratios = [n / o for n, o in zip(best["new"], best["old"])]
            new_ms, old_ms = (sorted(1000 * t for t in best[name]) for name in ("new", "old"))
            dearest = sorted(range(len(deals)), key=lambda i: best["old"][i])[-5:]  # the old kernel's five dearest jobs
            tail = sum(best["new"][i] for i in dearest) / sum(best["old"][i] for i in dearest)
            print(f"{kind:9s} new/old time: geometric mean {math.exp(statistics.mean(map(math.log, ratios))):.3f}, "
                  f"median {statistics.median(ratios):.3f}, the five dearest jobs {tail:.3f}; mean new "
                  f"{statistics.mean(new_ms):.2f} ms, old {statistics.mean(old_ms):.2f}; p99 new "
                  f"{_p99(new_ms):.2f} ms, old {_p99(old_ms):.2f}; "
                  f"nodes new/old {nodes['new'] / nodes['old']:.4f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
