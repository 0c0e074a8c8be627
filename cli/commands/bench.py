"""``pref bench``: the speed report over the fixed seeded deals of :mod:`preferans.benchmark`."""

from __future__ import annotations

import json
from pathlib import Path

import click

from preferans import benchmark

from ..errors import EXIT_FAILURE, UserError
from ..options import SEED_TYPE, FiniteRange
from ..runtime import announce_compile, progress_bar


def _load_baseline(path: str) -> dict:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise UserError(f"{path}: file: cannot read it: {e.strerror or e}") from None
    except json.JSONDecodeError as e:
        raise UserError(f"{path}: line {e.lineno}: not JSON: {e.msg}") from None
    if not isinstance(data, dict) or not isinstance(data.get("kinds"), dict):
        raise UserError(f"{path}: kinds: not a report of pref bench --json")
    for kind, figures in data["kinds"].items():
        if not isinstance(figures, dict) or "times_ms" not in figures or "nodes_per_job" not in figures:
            raise UserError(f"{path}: kinds.{kind}: no times_ms or nodes_per_job "
                            "(made by an older pref bench?)")
    return data


@click.command()
@click.option("--kind", "kinds", multiple=True, type=click.Choice([*benchmark.KINDS, benchmark.TABLE_KIND]),
              help="Only this kind of job (repeatable). Default: all but table-misere, which is run "
                   "when named.")
@click.option("--deals", "count", type=click.IntRange(1, 100000), default=100, show_default=True,
              help="Deals per kind.")
@click.option("--seed", type=SEED_TYPE, default=benchmark.SEED, show_default=True, help="Seed of the deals.")
@click.option("--rounds", type=click.IntRange(1, 100), default=1, show_default=True,
              help="Time every job this many times, the rounds going over all the deals in turn, and keep "
                   "each job's fastest: steadier figures on a machine whose speed swings. The nodes and "
                   "answers of every round must match the first's.")
@click.option("--pause", type=FiniteRange(0, 1000), default=0, show_default=True, metavar="MS",
              help="Sleep this many milliseconds before each job, untimed, as a program waiting for its "
                   "user or a harness running another solver in between does: the search runs slower "
                   "per node for a while after a pause, and this times that start.")
@click.option("--top", type=click.IntRange(1, 100), metavar="N",
              help="Name each kind's N dearest jobs (the deals behind the 99th percentile): deal number, time "
                   "and nodes, and the deal as a line that pref solve --jsonl - reads, to solve it again.")
@click.option("--no-start", is_flag=True, help="Skip timing the cold and warm start of a fresh process.")
@click.option("--json", "as_json", is_flag=True,
              help="One JSON object instead of the table (with every job's time: keep it for --baseline).")
@click.option("--baseline", type=click.Path(dir_okay=False), metavar="RUN.json",
              help="Compare with a saved --json run: nodes and time per kind, with a noise band "
                   "(job by job when the deals are the same).")
@click.option("--drift", type=FiniteRange(0, 100), default=100 * benchmark.MACHINE_DRIFT, show_default=True,
              metavar="PERCENT", help="With --baseline: how far apart two runs of identical code may lie "
              "(measured on a shared 2-core machine; a quiet one can take less).")
@click.option("--ablation", is_flag=True,
              help="Switch each shortcut off in turn (and all off, on 6-card deals); nodes and time "
                   "relative to all on.")
@click.option("--nodes", "record", type=click.Path(dir_okay=False), metavar="FILE",
              help="Write the node counts of the first 10 seeded deals to FILE "
                   "(benchmarks/nodes.json) and stop.")
def bench(kinds, count, seed, rounds, pause, top, no_start, as_json, baseline, drift, ablation, record):
    """Time the solver on fixed random deals, per kind of job, and say why.

    For each kind — one contract value, one misère value, all three raspasy values,
    all 15 declarer × strain values of a deal, a whole pref solve of the misère
    (value, every card's value, best line) — prints the median, 99th percentile
    and worst time per job (one thread, a cleared table each job), nodes per job,
    nodes per second, the share of cut-offs made by the first move tried and the
    table hit rate; then the start-up of a fresh process, cold (compiling into an
    empty cache) and warm (from the cache). Node counts are the same on every
    machine; times are not: compare runs made back to back.

    --kind table-misere times the misère at the table (the defence that does
    not know the discard: all 66 discards) on full deals caught double dummy
    whatever the declarer discards, and adds the 90th percentile, the search's
    own AND-OR nodes, its double-dummy questions and the holes found.

    \b
    Examples:
      pref bench --deals 200
      pref bench --kind misere --json > before.json
      pref bench --kind misere --baseline before.json
      pref bench --kind misere --kind raspasy --rounds 5 --no-start
      pref bench --kind contract --pause 5 --rounds 3 --no-start
      pref bench --kind misere --top 3 --no-start
      pref bench --kind table-misere --deals 200 --no-start
      pref bench --ablation --deals 30
      pref bench --nodes benchmarks/nodes.json
    """
    if (rounds > 1 or pause or top) and (record or ablation):
        raise click.UsageError("--rounds, --pause and --top are about the report's jobs; --nodes and --ablation "
                               "do not take them")
    announce_compile()
    if record:
        Path(record).write_text(benchmark.node_record(seed), encoding="utf-8")
        return
    kinds = kinds or benchmark.KINDS
    if ablation:
        _ablation(kinds, count, seed, as_json)
        return
    before = _load_baseline(baseline) if baseline else None
    reports = []
    pause_s = pause / 1000
    for kind in kinds:
        with progress_bar(f"{kind:9s}") as progress:
            try:
                if kind == benchmark.TABLE_KIND:
                    reports.append(benchmark.measure_table(count, seed, progress, rounds=rounds, pause_s=pause_s))
                else:
                    reports.append(benchmark.measure(kind, count, seed, progress, rounds=rounds, pause_s=pause_s))
            except benchmark.NotDeterministic as e:
                click.echo(f"pref bench: {kind}: {e}", err=True)
                raise SystemExit(EXIT_FAILURE) from None
    changes = [benchmark.compare(r.kind, dict(vars(r), seed=seed), dict(before["kinds"][r.kind],
                                                                       seed=before.get("seed")), drift=drift / 100)
               for r in reports if before and r.kind in before["kinds"]]
    start = None if no_start or before else benchmark.start_times()
    dearest = {r.kind: benchmark.costliest(r, seed, top) for r in reports} if top else {}
    if as_json:
        out = {"seed": seed, "rounds": rounds, "pause_ms": pause,
               "kinds": {r.kind: {k: v for k, v in vars(r).items() if k != "kind"} for r in reports}}
        if top:
            out["costliest"] = dearest
        if start:
            out["cold_start_s"], out["warm_start_s"] = start
        if before:
            out["changes"] = {c.kind: {"nodes_ratio": c.nodes_ratio, "time_ratio": c.time_ratio,
                                       "band": list(c.band), "drift": c.drift, "verdict": c.verdict}
                              for c in changes}
        click.echo(json.dumps(out))
        return
    click.echo(benchmark.HEADER)
    for r in reports:
        click.echo(r.line())
    for r in reports:
        click.echo(f"  {r.kind}: {benchmark.DESCRIPTIONS[r.kind]}")
        if r.kind == benchmark.TABLE_KIND:
            click.echo(benchmark.table_summary(r))
    click.echo(f"  {benchmark.LEGEND}")
    if top:
        _print_costliest(dearest, seed)
    if before:
        if before.get("seed") != seed:
            click.echo(f"note: the baseline used seed {before.get('seed')}, this run {seed}: "
                       "other deals")
        if before.get("rounds", 1) != rounds:
            click.echo(f"note: the baseline kept each job's best of {before.get('rounds', 1)} round(s), this run "
                       f"of {rounds}: the fastest of more rounds reads lower")
        if before.get("pause_ms", 0) != pause:
            click.echo(f"note: the baseline paused {before.get('pause_ms', 0):g} ms before each job, this run "
                       f"{pause:g} ms: the search is slower just after a pause")
        click.echo(f"against {baseline}:")
        for c in changes:
            click.echo("  " + c.line())
    if start:
        click.echo(f"start of a fresh process: cold (compile) {start[0]:.1f} s, warm (cached) {start[1]:.1f} s")


def _print_costliest(dearest: dict, seed: int) -> None:
    click.echo(f"the dearest jobs (deals numbered from 0 among seed {seed}'s; each {{…}} line is the deal for "
               "pref solve --jsonl -):")
    for kind, jobs in dearest.items():
        for j in jobs:
            click.echo(f"  {kind:12s} deal {j['deal']:<5d} {j['ms']:8.2f} ms {j['nodes']:>11,} nodes")
            if j["problem"]:
                click.echo("    " + json.dumps(j["problem"], ensure_ascii=False))


def _ablation(kinds, count, seed, as_json):
    rows = []
    for small in (False, True):
        for kind in kinds:
            label = f"{kind:9s} {'6-card' if small else 'full'}"
            with progress_bar(label) as progress:
                rows += [(small, r) for r in benchmark.ablation(kind, count, seed, small, progress)]
    if as_json:
        click.echo(json.dumps({"seed": seed, "deals": count, "rows": [
            dict(vars(r), deal="6-card" if small else "full") for small, r in rows]}))
        return
    for small in (False, True):
        click.echo(("6-card deals (all off affordable):" if small else "full 10-card deals:"))
        click.echo("  " + benchmark.ABLATION_HEADER)
        for s, r in rows:
            if s == small:
                click.echo("  " + r.line())
    click.echo("x nodes, x time: relative to all shortcuts on, on the same deals (time: median per job)")
