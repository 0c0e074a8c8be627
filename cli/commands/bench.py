"""``pref bench``: the speed report over the fixed seeded deals of :mod:`solver.benchmark`."""

from __future__ import annotations

import json

import click

from solver import benchmark

from ..runtime import announce_compile, progress_bar


@click.command()
@click.option("--kind", "kinds", multiple=True, type=click.Choice(benchmark.KINDS),
              help="Only this kind of job (repeatable). Default: all.")
@click.option("--deals", "count", type=click.IntRange(1, 100000), default=100, show_default=True,
              help="Deals per kind.")
@click.option("--seed", type=int, default=benchmark.SEED, show_default=True, help="Seed of the deals.")
@click.option("--no-start", is_flag=True, help="Skip timing the cold and warm start of a fresh process.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object instead of the table.")
def bench(kinds, count, seed, no_start, as_json):
    """Time the solver on fixed random deals, per kind of job.

    For each kind — one contract value, one misère value, all three raspasy values,
    all 15 declarer × strain values of a deal — prints the median, 99th percentile
    and worst time per job (one thread, a cleared table each job), nodes per job and
    nodes per second; then the start-up of a fresh process, cold (compiling into an
    empty cache) and warm (from the cache).

    \b
    Example:
      pref bench --deals 200
      pref bench --kind misere --json
    """
    announce_compile()
    reports = []
    for kind in kinds or benchmark.KINDS:
        with progress_bar(f"{kind:9s}") as progress:
            reports.append(benchmark.measure(kind, count, seed, progress))
    start = None if no_start else benchmark.start_times()
    if as_json:
        out = {"seed": seed, "kinds": {r.kind: {k: v for k, v in vars(r).items() if k != "kind"}
                                       for r in reports}}
        if start:
            out["cold_start_s"], out["warm_start_s"] = start
        click.echo(json.dumps(out))
        return
    click.echo(benchmark.HEADER)
    for r in reports:
        click.echo(r.line())
    for r in reports:
        click.echo(f"  {r.kind}: {benchmark.DESCRIPTIONS[r.kind]}")
    if start:
        click.echo(f"start of a fresh process: cold (compile) {start[0]:.1f} s, warm (cached) {start[1]:.1f} s")
