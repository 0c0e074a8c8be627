"""``pref book``: every claim of docs/book-claims.md sections 1–5 against exact play over random layouts, and its scoring tables (section 6) computed exactly."""

from __future__ import annotations

import json
import os
import sys
import time
from concurrent.futures.process import BrokenProcessPool

import click

from preferans.analysis.book import claims as book_claims
from preferans.analysis.book.runner import (DEFAULT_SAMPLES, SEED, default_workers, run, select, split_samples,
                                        worker_bytes)

from .. import plots
from ..errors import EXIT_INTERRUPTED, UserError
from ..files import check_outputs, write
from ..options import SEED_TYPE, card_lang_option, color_option, json_option
from ..runtime import WORKERS_HELP, announce_compile, capped_workers, progress_bar
from ..style import want_color
from ..text import book as bookreport


@click.command()
@click.option("--seed", type=SEED_TYPE, default=SEED, show_default=True, help="Seed of the whole run (each row "
              "derives its own from it and its key).")
@click.option("--samples", type=click.IntRange(1, 10_000_000), default=None,
              help="Layouts per row (split-only rows, which solve nothing, get proportionally more). "
                   "Default by kind: " + ", ".join(f"{k.__name__} {v}" for k, v in DEFAULT_SAMPLES.items()) + ".")
@click.option("--section", "sections", type=click.IntRange(1, 6), multiple=True,
              help="Only this section of docs/book-claims.md (repeatable; 6: the manuals' scoring tables). "
                   "Default: all.")
@click.option("--only", default=None, metavar="CLAIM", help="Only this claim and its parts (2.9; 1.5 is 1.5a and 1.5b; 1.1 is not 1.10).")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="Processes sharing the rows (the figures do not depend on it; ~170 MB each; "
                   f"{WORKERS_HELP}). Default: the cores, at most 2.")
@click.option("--report", "report_path", default=None, metavar="FILE.md",
              help="Also write the Markdown report to this file.")
@click.option("--plot", "plot_path", default=None, metavar="FILE.png",
              help="Also draw the trump table and the raspasy suits to this PNG (needs matplotlib).")
@json_option
@card_lang_option
@color_option
def book(seed, samples, sections, only, workers, report_path, plot_path, as_json, lang, color):
    """Check the manuals: every claim of docs/book-claims.md sections 1–5 against simulation.

    Row by row: the book's figure, the simulated mean and distribution (or
    probability) with its 95% interval, and the verdict — holds, optimistic,
    pessimistic or not comparable. Section 6, the manuals' scoring tables, is
    computed exactly (docs/scoring.md), with no layouts. Each section's method
    is printed above it and stated in docs/book-method.md. The same --seed gives the same figures with any
    number of workers, and a row's first N layouts are the same for any --samples.

    \b
    Examples:
      pref book                                  the whole check (about 15 minutes)
      pref book --section 1 --samples 50         a quick look at the trump table
      pref book --only 2.9 --json                the singleton claims, as JSON
      pref book --report docs/book-check.md --plot docs/book-check.png
    """
    check_outputs([("--report", report_path), ("--plot", plot_path)])
    if plot_path:
        plots.check(plot_path)
    rows = select(book_claims.catalogue(), sections, only)
    if not rows:
        raise UserError(f"--only: no claim of docs/book-claims.md is numbered {only!r} (claims look like 1.5a, 2.9, 4.7c)")
    workers = capped_workers(workers or default_workers(), worker_bytes())
    use_color = want_color(color, sys.stdout) and not as_json
    paint = (lambda w: click.style(w, fg=bookreport.VERDICT_COLOURS.get(w))) if use_color else (lambda w: w)
    announce_compile()
    results, interrupted = [], False
    start = time.perf_counter()
    section = None
    try:
        with progress_bar("book") as progress:
            for result in run(rows, seed, samples, workers, progress):
                results.append(result)
                if not as_json and progress is None:
                    section = _echo(result, section, paint, use_color, lang)
    except (KeyboardInterrupt, BrokenProcessPool):
        interrupted = True
    elapsed = time.perf_counter() - start
    if not as_json and sys.stderr.isatty():  # the bar hid the rows: print them now
        section = None
        for result in results:
            section = _echo(result, section, paint, use_color, lang)
    command = _command_line(seed, samples, sections, only)
    if as_json:
        click.echo(json.dumps(_json(results, seed, samples, workers, elapsed, interrupted, command),
                              ensure_ascii=False))
    else:
        lines = bookreport.summary_lines(results)
        lines.append(f"\n{len(results)} rows in {elapsed:.0f} s, seed {seed}, {workers} worker(s): {command}")
        if interrupted:
            lines.append("interrupted: the rows above are all that was done (the last one on fewer layouts)")
        click.echo("\n".join(lines), color=use_color)
    if report_path:
        header = _report_header(seed, samples, workers, elapsed, interrupted, command, len(results),
                                report_path, plot_path)
        write(report_path, bookreport.markdown(results, header), "--report")
    if plot_path and results:
        plots.book_figure(results, plot_path)
    if interrupted:
        sys.exit(EXIT_INTERRUPTED)


def _echo(result, section, paint, use_color, lang):
    if result.row.section != section:
        section = result.row.section
        click.echo("\n".join(bookreport.section_header(section)))
    click.echo("\n".join(bookreport.terminal_lines(result, paint, lang)), color=use_color)
    return section


def _command_line(seed, samples, sections, only) -> str:
    parts = ["pref book", f"--seed {seed}"]
    if samples:
        parts.append(f"--samples {samples}")
    parts += [f"--section {s}" for s in sections]
    if only:
        parts.append(f"--only {only}")
    return " ".join(parts)


def _layouts_words(samples) -> str:
    if samples:
        return f"{samples} layouts per row (split-only rows: {split_samples(samples)})"
    return ", ".join(f"{k.__name__} {v}" for k, v in DEFAULT_SAMPLES.items())


def _json(results, seed, samples, workers, elapsed, interrupted, command) -> dict:
    return {"command": command, "seed": seed, "samples": samples,
            "default_samples": {k.__name__: v for k, v in DEFAULT_SAMPLES.items()},
            "workers": workers, "seconds": round(elapsed, 1), "interrupted": interrupted,
            "methods": {str(k): v for k, v in book_claims.SECTION_METHODS.items()},
            "summary": {str(k): dict(v) for k, v in bookreport.summary(results).items()},
            "rows": [r.to_json() for r in results]}


def _report_header(seed, samples, workers, elapsed, interrupted, command, n, report_path, plot_path) -> list[str]:
    made_by = f"{command} --report {report_path}" + (f" --plot {plot_path}" if plot_path else "")
    lines = ["# The books checked: docs/book-claims.md sections 1–5 against exact play, section 6 computed", "",
             f"Made by `{made_by}` "
             f"(seed {seed}; {_layouts_words(samples)}; {workers} worker(s); {elapsed / 60:.1f} minutes; "
             f"{n} rows).",
             "The method of each section is stated above its table and in "
             "[book-method.md](book-method.md). Intervals are 95% (a studentized bootstrap for means, Wilson for "
             "shares); a row whose interval straddled an edge of the book's figure got more layouts (its layouts "
             "column), up to 4 times as many. "
             "Distributions are value:percent of layouts (on raspasy, of the paranoid value)."]
    if plot_path:
        lines += ["", f"![book check]({os.path.basename(plot_path)})"]
    if interrupted:
        lines += ["", "**This run was interrupted: only the rows below were done.**"]
    return lines
