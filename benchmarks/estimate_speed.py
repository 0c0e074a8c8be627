"""Speed of ``pref estimate`` against the targets of issue 7 (run as a script; a benchmark, not a test).

    python benchmarks/estimate_speed.py              # all three figures
    python benchmarks/estimate_speed.py contract     # one of: contract, misere, table, at_table, …

* ``contract``: 10,000 random layouts of one contract on every core (target < 30 s, 2 cores, warm);
* ``misere``: the exact enumeration of a misère with the talon and discard known, C(20,10) =
  184,756 layouts (target < 5 min);
* ``table``: whether keeping each worker's table across layouts pays: the same 2,000
  consecutive layouts of the misère solved with one engine kept, and with its table
  cleared before each layout;
* ``score``: what ``--score`` adds to the contract's time, with one whister and with two (the split
  searched), side by side in rounds of turning order;
* ``score_two_suiter``, ``score_issue_hand``: the same on other questions (a two-suiter whose
  layouts are cheap to solve; the hand issue 22 was reported on);
* ``score_paired``: the same three questions, the plain and scored runs alternating chunk by chunk
  (a drift of the machine falls on all three alike); ``score_paired_issue_hand``: the same on the
  issue's hand at 6♠ and 7♠;
* ``split_shortcuts``: the splits of ``score``'s two questions alone, the split's own shortcuts on
  and off;
* ``split_classes``, ``split_classes_issue_hand``: where the splits of the cheap question's layouts
  (and of the issue's hand) spend their time, by answer;
* ``layouts``: nodes per layout (deterministic) of 300 consecutive and 300 spread layouts of the
  misère solved one by one by one engine;
* ``at_table``: what a misère's chance at the table adds (issue 24's target: within 10 times the
  double-dummy figure): 1,000 layouts of each :data:`AT_TABLE` hand, one thread, CPU seconds, with
  the table and without (``--no-table``).

The questions are fixed (:data:`CONTRACT`, :data:`MISERE`), so the figures compare across commits.
``cpu_seconds`` is the process's CPU time: on a machine shared with other work, CPU / cores
is what the wall time would be on an idle one.
"""

from __future__ import annotations

import sys
import time

from preferans import Engine, Options
from preferans.analysis import estimate as est
from preferans.analysis.estimate.work import SAMPLE_CHUNK, TABLE_LOG2_SIZE
from preferans.engine import load_kernel

CONTRACT = dict(hand="♠AKQ10x ♣AQx ♦Kx", seat="A", games=["6S A"])
MISERE = dict(hand="♠79J ♣7 8 10 A ♦7 9 ♥K", seat="C", games=["misere C"], discard="8H 10S", table=False)
"""Double dummy only (``table=False``), as these figures were first measured; ``at_table`` times the
chance at the table beside it."""
AT_TABLE = (dict(hand="♠78910 ♣8 ♦789 ♥89", seat="B", games=["misere B"]),
            dict(hand="♠79J ♣78 10A ♦79 ♥K", seat="C", games=["misere C"]))
"""Two misère hands, their talon unseen: B's of Kovalevskaya's misère, and C's of section 3 of the book check."""
SEED = 2026
DEFENCES = {"one whister": "whist,pass", "two whisters": "whist,whist"}
"""The scored runs the ``score`` jobs time beside the plain one (sochi): one whister, a table lookup
per layout; two, each layout's split searched (kernel/split.py)."""


def _runs(spec: dict) -> dict:
    """The question ``spec`` plain, and scored (sochi) under each of :data:`DEFENCES`."""
    from dataclasses import replace

    from preferans.analysis.estimate.score import Scoring, parse_defence

    plain = est.question(**spec)
    return {"plain": plain, **{name: replace(plain, scoring=Scoring("sochi", defences=(parse_defence(defence, 3),)))
                               for name, defence in DEFENCES.items()}}


def warm_up() -> None:
    """The whole kernel loaded (the split and the search at the table too), and the estimate's Python."""
    load_kernel()
    est.run_chunk(est.question(**CONTRACT), est.Chunk(0, 0, 2, False, 0), Engine())


def contract(layouts: int = 10_000, workers: int | None = None) -> dict:
    q = est.question(**CONTRACT)
    cpu = time.process_time()
    result = est.estimate(q, layouts, seed=SEED, workers=workers)
    return {"job": f"{layouts} random layouts of 6S by A", "seconds": round(result.seconds, 2),
            "cpu_seconds": round(time.process_time() - cpu, 2),
            "nodes": result.tally.nodes, "mean": result.option_figures(0).mean.value}


def misere(workers: int | None = None) -> dict:
    q = est.question(**MISERE)
    cpu = time.process_time()
    result = est.estimate(q, exact=True, workers=workers)
    return {"job": f"exact misère, {result.tally.n} layouts", "seconds": round(result.seconds, 2),
            "cpu_seconds": round(time.process_time() - cpu, 2),
            "nodes": result.tally.nodes, "clean": result.option_figures(0).clean.value}


def table(layouts: int = 2000) -> dict:
    q = est.question(**MISERE)
    out = {"job": f"{layouts} misère layouts, one thread"}
    for name, clear in (("kept", False), ("cleared", True)):
        engine = Engine(Options(tt_log2_size=TABLE_LOG2_SIZE))
        space = est.layout_space(q.knowledge)
        start, nodes = time.perf_counter(), engine.nodes
        for i in range(layouts):
            if clear:
                engine.clear()
            est.outcomes(q, space.layout(i), engine)  # consecutive ranks, as an exact chunk has
        out[f"{name}_seconds"] = round(time.perf_counter() - start, 2)
        out[f"{name}_nodes"] = engine.nodes - nodes
    out["kept_speedup"] = round(out["cleared_seconds"] / out["kept_seconds"], 2)
    return out


def layouts(count: int = 300) -> dict:
    """Nodes per layout of the misère solved one by one by one engine (deterministic: the
    measure of ``exact_value``'s first test, docs/performance.md): ``count`` consecutive
    layouts, as an exact chunk has them, and ``count`` spread over the enumeration."""
    q = est.question(**MISERE)
    space = est.layout_space(q.knowledge)
    out = {"job": f"{count} misère layouts, one engine, nodes per layout"}
    step = space.count // count
    for name, ranks in (("consecutive", range(count)), ("spread", range(0, step * count, step))):
        engine = Engine(Options(tt_log2_size=TABLE_LOG2_SIZE))
        for i in ranks:
            est.outcomes(q, space.layout(i), engine)
        out[f"{name}_nodes"] = round(engine.nodes / count)
    return out


def score(layouts: int = 2000, rounds: int = 5, question: dict = CONTRACT) -> dict:
    """What ``--score`` adds, side by side in one run: the contract question plain, scored with one
    whister (sochi, ``whist,pass``: a table lookup per layout) and with two (``whist,whist``: each
    layout's split searched, kernel/split.py), in rounds whose order turns, on one thread, the same
    seed within a round; the median over the rounds of each scored run's time over the plain one's."""
    runs = _runs(question)
    names = list(runs)
    times = {name: [] for name in names}
    ratios = {name: [] for name in names[1:]}
    for i in range(rounds):
        spent = {}
        for name in names[i % 3:] + names[:i % 3]:
            start = time.process_time()
            est.estimate(runs[name], layouts, seed=SEED + i, workers=1)
            spent[name] = time.process_time() - start
            times[name].append(round(spent[name], 2))
        for name in ratios:
            ratios[name].append(spent[name] / spent["plain"])
    medians = {f"median_ratio {name}": round(sorted(r)[len(r) // 2], 3) for name, r in ratios.items()}
    medians.update({f"ratios {name}": [round(x, 3) for x in r] for name, r in ratios.items()})
    return {"job": f"--score sochi side by side: {rounds} rounds of {layouts} layouts of {question['games'][0]} "
                   f"({question['hand']}), one thread, CPU seconds", **times, **medians}


def at_table(layouts: int = 1000) -> dict:
    out = {"job": f"{layouts} layouts each, one thread, CPU seconds: double dummy alone, and with the table"}
    for spec in AT_TABLE:
        seconds = {}
        for table in (False, None):
            q = est.question(**spec, table=table)
            est.estimate(q, 25, seed=SEED + 1, workers=1)  # the compiled code loaded
            start = time.process_time()
            result = est.estimate(q, layouts, seed=SEED, workers=1)
            seconds[table] = time.process_time() - start
        figures = result.summary().tables[0]
        out[spec["hand"]] = {"double_dummy_s": round(seconds[False], 2), "with_table_s": round(seconds[None], 2),
                             "table_over_dd": round((seconds[None] - seconds[False]) / seconds[False], 2),
                             "caught_dd": round(figures.dd.value, 3), "caught_at_table": round(figures.at_table.value, 3)}
    return out


TWO_SUITER = dict(hand="♠AQxxx ♥AQxxx", seat="A", games=["6S A"])
"""A second question for ``score``: its layouts are cheap to solve, so the split weighs more."""


def score_two_suiter() -> dict:
    return score(question=TWO_SUITER)


ISSUE_HAND = dict(hand="♠AKQJx ♥AKx ♦Ax", seat="A", games=["6S A"])
"""A third question for ``score``: the hand issue 22 was reported on, 6♠ and 7♠."""


def score_issue_hand() -> dict:
    return {game: score(question={**ISSUE_HAND, "games": [game]}, rounds=3) for game in ("6S A", "7S A")}


def _two_whisters(spec: dict, layouts: int):
    """The question ``spec`` plain, its split's game, first defender and ranks under sochi with two
    whisters, and its first ``layouts`` layouts as the estimate draws them."""
    runs = _runs(spec)
    plain = runs["plain"]
    _, _, game, _, _, ranks, defender = runs["two whisters"].score_plan.options[0]
    space = est.layout_space(plain.knowledge)
    chunks = [est.Chunk(i, 0, SAMPLE_CHUNK, False, SEED).rng() for i in range(layouts // SAMPLE_CHUNK)]
    return plain, game, defender, ranks, [space.sample(rng) for rng in chunks for _ in range(SAMPLE_CHUNK)]


def split_shortcuts(layouts: int = 2000, rounds: int = 3) -> dict:
    """What the split's own shortcuts (``split_*`` of :class:`~preferans.engine.Options`) save: the splits
    of ``score``'s two questions (two whisters, sochi) timed alone, each layout's value solved first as
    the estimate does, with the shortcuts on, all off and each off alone, in rounds of turning order,
    one thread, CPU seconds of the split calls; the answers must agree."""
    from preferans.kernel.split import SPLIT_SHORTCUT_NAMES
    from preferans.rules import Position

    off = {name: False for name in SPLIT_SHORTCUT_NAMES}
    configs = {"on": Options(tt_log2_size=TABLE_LOG2_SIZE), "off": Options(tt_log2_size=TABLE_LOG2_SIZE, **off),
               **{f"no {name}": Options(tt_log2_size=TABLE_LOG2_SIZE, **{name: False}) for name in SPLIT_SHORTCUT_NAMES}}
    out = {"job": f"the splits of {layouts} layouts, {rounds} rounds, one thread, CPU seconds"}
    for spec in (CONTRACT, TWO_SUITER):
        plain, game, defender, ranks, drawn = _two_whisters(spec, layouts)
        times, answers = {name: [] for name in configs}, {}
        for i in range(rounds):
            for name in list(configs)[i % len(configs):] + list(configs)[:i % len(configs)]:
                engine, spent, got = Engine(configs[name]), 0.0, []
                for layout in drawn:
                    est.outcomes(plain, layout, engine)
                    start = time.process_time()
                    got.append(engine.searcher.split(Position(layout.hands, plain.leader), game, defender, ranks))
                    spent += time.process_time() - start
                times[name].append(round(spent, 3))
                answers[name] = got
        assert all(got == answers["on"] for got in answers.values())
        out[spec["hand"]] = {**times, **{f"median_on_over_{name}": round(sorted(a / b for a, b in zip(times["on"], times[name]))[rounds // 2], 3)
                                         for name in list(configs)[1:]}}
    return out


def split_classes(layouts: int = 2000, spec: dict = TWO_SUITER) -> dict:
    """Where the splits of the question ``spec``'s layouts spend their time (by default
    ``score_two_suiter``'s; two whisters, sochi, one thread, each layout's value solved first as the
    estimate does): per class of answer, the declarer's tricks and whether the split found is the best rank within reach of them (``top``) or
    a lower one (``below``: the better ranks had to be proved out of reach, every trick-keeping
    line on which they still were searched): layouts, µs and trick-search nodes per split, and how
    much of the class's nodes its costliest tenth of layouts took; with ``split_probes`` and without.
    Beside them the plain and the scored estimates of the same layouts (the faster of two runs each,
    with the probes), their ratio, and that ratio less the *below* splits' time: what it would be
    were they free; and the costliest split's layout."""
    from preferans.notation import format_hand
    from preferans.rules import Position

    plain, game, defender, ranks, drawn = _two_whisters(spec, layouts)
    scored = _runs(spec)["two whisters"]
    estimates = {}
    for name, q in (("plain", plain), ("scored", scored), ("plain", plain), ("scored", scored)):
        start = time.process_time()
        est.estimate(q, layouts, seed=SEED, workers=1)  # the same layouts as drawn here
        estimates[name] = min(estimates.get(name, 1e9), time.process_time() - start)
    out = {"job": f"the splits of {layouts} layouts of {spec['games'][0]} ({spec['hand']}), sochi, two "
                  f"whisters, one thread: layouts, µs a split, nodes a split, share of the time, share of "
                  f"the class's nodes in its costliest tenth of layouts; with split_probes and without",
           "estimate_seconds": {name: round(t, 3) for name, t in estimates.items()},
           "ratio": round(estimates["scored"] / estimates["plain"], 2)}
    for probes in (True, False):
        engine = Engine(Options(tt_log2_size=TABLE_LOG2_SIZE, split_probes=probes))
        classes = {}
        costliest = (0.0, None)
        for layout in drawn:
            est.outcomes(plain, layout, engine)
            nodes, start = engine.nodes, time.process_time()
            d, y = engine.searcher.split(Position(layout.hands, plain.leader), game, defender, ranks)
            spent = time.process_time() - start
            top = ranks[d][y] == max(ranks[d][:11 - d])
            row = classes.setdefault(f"{d} tricks, {'top' if top else 'below'}", [0, 0.0, []])
            row[0] += 1
            row[1] += spent
            row[2].append(engine.nodes - nodes)
            costliest = max(costliest, (spent, layout), key=lambda pair: pair[0])
        total = sum(row[1] for row in classes.values())
        below = sum(row[1] for name, row in classes.items() if name.endswith("below"))
        out["with split_probes" if probes else "without"] = {
            "seconds": round(total, 3),
            "costliest split": {"µs": round(1e6 * costliest[0]),
                                "hands": [format_hand(hand) for hand in costliest[1].hands]},
            "ratio_with_below_splits_free": round((estimates["scored"] - below) / estimates["plain"], 2),
            **{name: [n, round(1e6 * t / n), round(sum(k) / n), f"{100 * t / total:.0f} %",
                      f"{100 * sum(sorted(k)[-max(1, n // 10):]) / max(1, sum(k)):.0f} %"]
               for name, (n, t, k) in sorted(classes.items())}}
    return out


def split_classes_issue_hand() -> dict:
    """:func:`split_classes` on the hand issue 22 was reported on (6♠)."""
    return split_classes(spec=ISSUE_HAND)


def score_paired(layouts: int = 4000, rounds: int = 5,
                 questions: tuple = (CONTRACT, ISSUE_HAND, TWO_SUITER)) -> dict:
    """What ``--score`` adds, paired chunk by chunk, on ``questions`` (by default the three of
    ``score``): each chunk of layouts is tallied by the plain question, by one whister and by two in
    turn (the order turning chunk to chunk), each on its own engine, so that a drift of the machine falls on all three alike
    (the side-by-side runs of ``score`` see it as noise of a few per cent, as large as the one-whister
    goal). CPU seconds of the tallies; the ratio of each scored sum to the plain one, per round and
    the median. The once-a-run report (points, decisions) is not in these figures: it does not grow
    with the layouts."""
    from preferans.analysis.estimate.work import chunks, run_chunk

    out = {"job": f"--score paired chunk by chunk: {rounds} rounds of {layouts} layouts, one thread, CPU seconds"}
    for spec in questions:
        runs = _runs(spec)
        plain = runs["plain"]
        names = list(runs)
        ratios = {name: [] for name in names[1:]}
        for i in range(rounds):
            engines = {name: est.new_engine() for name in names}
            spent = dict.fromkeys(names, 0.0)
            for j, chunk in enumerate(chunks(plain, layouts, SEED + i, False)):
                for name in names[j % 3:] + names[:j % 3]:
                    start = time.process_time()
                    run_chunk(runs[name], chunk, engines[name])
                    spent[name] += time.process_time() - start
            for name in ratios:
                ratios[name].append(round(spent[name] / spent["plain"], 3))
        out[f"{spec['games'][0]} ({spec['hand']})"] = {
            **{f"median {name}": sorted(r)[len(r) // 2] for name, r in ratios.items()}, **ratios}
    return out


def score_paired_issue_hand() -> dict:
    """:func:`score_paired` on the issue's hand, 6♠ and 7♠."""
    return score_paired(questions=tuple({**ISSUE_HAND, "games": [game]} for game in ("6S A", "7S A")))


JOBS = {"contract": contract, "misere": misere, "table": table, "layouts": layouts, "score": score,
        "score_two_suiter": score_two_suiter, "score_issue_hand": score_issue_hand, "split_shortcuts": split_shortcuts,
        "split_classes": split_classes, "split_classes_issue_hand": split_classes_issue_hand,
        "score_paired": score_paired, "score_paired_issue_hand": score_paired_issue_hand,
        "at_table": at_table}

if __name__ == "__main__":
    unknown = [name for name in sys.argv[1:] if name not in JOBS]
    if unknown:
        print(f"estimate_speed.py: no job {unknown[0]!r}; the jobs: {', '.join(JOBS)}", file=sys.stderr)
        sys.exit(2)
    warm_up()
    for name in sys.argv[1:] or list(JOBS):
        print(JOBS[name]())
