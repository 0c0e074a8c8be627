"""What every command needs from the solver at run time: an engine and progress bars.

The first use of the engine compiles the search kernel (30 s to a few minutes, by the machine
and its load), later runs load it from the disk cache; the user is told on stderr when the
wait is coming and, when it ends, how long it took, and what the cache needs said
(:data:`preferans.kernel.cache.NOTES`).
"""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager
from typing import Callable, Iterator

import click

from .words import say

COMPILE_NOTICE = ("compiling the solver to machine code (the double-dummy search, the defenders' split, the search "
                  "at the table), first run only (30 s to a few minutes)…")

_engine = None
_announced = False


def announce_compile() -> None:
    """Say on stderr, once, what the kernel cache needs said (an unusable folder, a repair);
    if the kernel is not compiled yet, compile all of it now, saying so on one line that ends
    with the time it took (``… done in 38 s``)."""
    global _announced
    from preferans.kernel import cache, config

    if _announced:
        return
    lang = _command_lang()
    for kind, fields in cache.NOTES:
        click.echo(f"pref: {cache_note(lang, kind, fields)}", err=True)
    _announced = True
    if not config.is_compiled():
        from preferans.engine import load_kernel

        click.echo(say(lang, COMPILE_NOTICE), err=True, nl=False)
        start = time.perf_counter()
        try:
            load_kernel()
        except BaseException:  # Ctrl-C: what is said next starts a line of its own
            click.echo(err=True)
            raise
        click.echo(say(lang, " done in {seconds} s", seconds=f"{time.perf_counter() - start:.0f}"), err=True)


CACHE_FOLDERS = {"user": "the user's cache folder", "temp": "the temporary folder"}


def cache_note(lang: str, kind: str, fields: dict) -> str:
    """One of :data:`preferans.kernel.cache.NOTES` in words, in ``lang``."""
    if kind == "repaired":
        files = fields["files"]
        shown = ", ".join(files[:2])
        if len(files) > 2:
            shown = say(lang, "{shown} and {n} more", shown=shown, n=len(files) - 2)
        return say(lang, "the kernel cache in {folder} had damaged files ({shown}); they are removed and compiled "
                         "again", folder=fields["folder"], shown=shown)
    refused = "; ".join(say(lang, "{folder} {path} is unusable ({why})", folder=say(lang, CACHE_FOLDERS.get(name, name)),
                            path=path, why=why) for name, path, why in fields["refused"])
    if fields["using"] is None:
        return say(lang, "the kernel cache: {refused}; the kernel compiles on every run", refused=refused)
    return say(lang, "the kernel cache: {refused}; using {base}", refused=refused, base=fields["using"])


def _command_lang() -> str:
    """The ``--lang`` of the command being run (``en`` outside a command, or where it has none)."""
    ctx = click.get_current_context(silent=True)
    while ctx is not None:
        if ctx.params.get("lang") in ("en", "ru"):
            return ctx.params["lang"]
        ctx = ctx.parent
    return "en"


def capped_workers(requested: int | None, bytes_each: int) -> int:
    """``--workers``, capped by what the machine carries (:mod:`preferans.workers`); a note on stderr
    when the cap cut the number asked for."""
    from preferans.workers import cap_workers

    n, note = cap_workers(requested, bytes_each)
    if note:
        click.echo(f"pref: --workers {note}", err=True)
    return n


WORKERS_HELP = "capped at one per core and at what the free memory holds"


def engine():
    """The process's one :class:`~preferans.engine.Engine` (its table serves every problem), announcing a compile."""
    global _engine
    if _engine is None:
        from preferans.engine import Engine

        announce_compile()
        _engine = Engine()
    return _engine


def reset_engine() -> None:
    """Forget the engine and the notice (for tests that check the compile notice)."""
    global _engine, _announced
    _engine = None
    _announced = False


@contextmanager
def progress_bar(label: str) -> Iterator[Callable[[int, int], None] | None]:
    """A ``progress(done, total)`` callback drawing a bar on stderr, or None off a terminal."""
    if not sys.stderr.isatty():
        yield None
        return
    bar = None

    def update(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            bar = click.progressbar(length=total, label=label, file=sys.stderr)
            bar.__enter__()
        bar.update(done - bar.pos)

    try:
        yield update
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
