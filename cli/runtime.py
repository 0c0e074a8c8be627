"""What every command needs from the solver at run time: an engine and progress bars.

The first use of the engine compiles the search kernel (10-20 s), later runs load it
from the disk cache; the user is told on stderr when the wait is coming.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Callable, Iterator

import click

COMPILE_NOTICE = "compiling the solver, first run only…"

_engine = None
_announced = False


def announce_compile() -> None:
    """Say on stderr, once, that the kernel is about to be compiled, if it is."""
    global _announced
    from solver.kernel import config

    if not _announced and not config.is_compiled():
        click.echo(COMPILE_NOTICE, err=True)
        _announced = True


def engine():
    """The process's one :class:`~solver.engine.Engine` (its table serves every problem), announcing a compile."""
    global _engine
    if _engine is None:
        from solver.engine import Engine

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
