"""The ``pref`` entry point: the group lives in :mod:`preferans.cli.app`; new commands go in ``preferans.cli.app.COMMANDS``.

This module imports nothing at the top (but the exit codes, a module of constants), so that Ctrl-C at any moment of start-up (while
click, the solver or numba are imported) ends as every interruption does: one line,
exit code 130, no traceback.
"""

import sys

from .exitcodes import EXIT_INTERRUPTED


def main() -> None:
    try:
        from .app import pref

        pref()
    except KeyboardInterrupt:  # before click's own handling starts, or between its handlers
        if sys.stderr is not None:
            sys.stderr.write("pref: interrupted\n")
        sys.exit(EXIT_INTERRUPTED)


def __getattr__(name: str):
    """``from preferans.cli.main import pref`` (and ``COMMANDS``) still works: they are imported on first use."""
    if name in ("pref", "COMMANDS", "PrefGroup"):
        from . import app

        return getattr(app, name)
    raise AttributeError(f"module 'preferans.cli.main' has no attribute {name!r}")


if __name__ == "__main__":
    main()
