"""The ``pref`` command group (the entry point, :func:`preferans.cli.main.main`, imports it under a Ctrl-C guard).

Each command's module is imported only when that command runs (or its help is
shown), and the command modules import the solver only inside their functions, so
``pref --help`` and a mistyped option answer at once, without loading the kernel.

What the group guarantees for every command, whatever goes wrong around the solver:

* an input file's error (:class:`~preferans.textfiles.ProblemError`) or an
  :class:`~preferans.api.InputError` is one line on stderr and exit code 2;
* output that cannot be written (a closed or full stdout) is one line on stderr
  and exit code 2, never exit 0 with the results lost;
* a reader that stops reading (``pref solve … | head``) ends the command quietly,
  as Unix tools end on a closed pipe: nothing on stderr, exit code 141;
* Ctrl-C, at start-up or mid-run, ends with ``pref: interrupted`` on stderr and
  exit code 130; every line already printed is complete (results are printed a
  whole line at a time and flushed).
"""

from __future__ import annotations

import importlib
import os
import sys

import click

from .errors import EXIT_INTERRUPTED, EXIT_PIPE_CLOSED, UserError

COMMANDS = {
    "solve": (".commands.solve:solve", "Solve problem files and explain the answer as a problem book would."),
    "check": (".commands.check:check", "Check the published answers of problem files against the solver."),
    "table": (".commands.table:table", "The double-dummy table of a deal."),
    "discard": (".commands.discard:discard", "The best discard (снос) for a declarer holding 12 cards."),
    "bench": (".commands.bench:bench", "Time the solver on fixed random deals, per kind of job, and say why."),
    "estimate": (".commands.estimate:estimate", "The distribution of exact outcomes over the layouts a player cannot see."),
    "score": (".commands.score:score", "Score preferans: settle a pool record, or score single deals."),
    "book": (".commands.book:book", "Check the manuals: every claim of docs/book-claims.md sections 1–5 against simulation."),
    "board": (".board.command:board", "Open the analysis board: play a problem card by card in the browser."),
}
"""Command name → (``module:attribute``, the module relative to this package; the first line of
its help). The module is imported only when the command runs or shows its own help; ``pref --help``
lists the commands from this table (a test keeps each line equal to the command's own). A new
command is one line here."""


class PrefGroup(click.Group):
    """Loads commands lazily and turns every failure a command lets through into one line and its exit code."""

    def __init__(self, *args, lazy: dict[str, tuple[str, str]] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})

    def format_commands(self, ctx, formatter):
        """The list of commands, from :data:`COMMANDS` for those not loaded: no command is imported."""
        rows = []
        for name in self.list_commands(ctx):
            if name in self.commands:
                rows.append((name, self.commands[name].get_short_help_str(formatter.width - 6 - len(name))))
            else:
                rows.append((name, self.lazy[name][1]))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def list_commands(self, ctx):
        return sorted(set(super().list_commands(ctx)) | set(self.lazy), key=self._order)

    def _order(self, name: str):
        order = list(self.lazy)
        return (order.index(name) if name in order else len(order), name)

    def get_command(self, ctx, name):
        if name not in self.commands and name in self.lazy:
            module, attr = self.lazy[name][0].split(":")
            self.add_command(getattr(importlib.import_module(module, __package__), attr), name)
        return super().get_command(ctx, name)

    def invoke(self, ctx):
        from preferans.errors import InputError
        from preferans.textfiles import ProblemError

        try:
            super().invoke(ctx)
            _flush_stdout()
        except ProblemError as e:
            raise UserError(str(e)) from None
        except InputError as e:
            raise UserError(str(e)) from None
        except SystemExit:
            _flush_stdout()
            raise
        except KeyboardInterrupt:
            raise _interrupted() from None
        except OSError as e:
            if not _is_output_error(e):
                raise
            raise _output_lost(e) from None

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        """As :meth:`click.Group.main`, but Ctrl-C is exit 130 and a lost output is an error."""
        error = None
        try:
            if sys.stdout is None:
                raise UserError("pref: standard output is closed: the results would be lost")
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            code = rv if isinstance(rv, int) else 0  # click's Exit (--help, --version) returns its code
            _flush_stdout()
        except (KeyboardInterrupt, click.Abort):
            error = _interrupted()
        except click.UsageError as e:
            error = _usage_error(e)
        except click.ClickException as e:
            error = e
        except SystemExit as e:
            code = e.code
        except OSError as e:
            if not _is_output_error(e):
                raise
            error = _output_lost(e)
        if error is not None:
            if not standalone_mode:
                raise error
            error.show()
            code = error.exit_code
        if standalone_mode:
            sys.exit(code)
        return code


def _usage_error(error: click.UsageError) -> UserError:
    """A wrong option or argument in one line, as every other bad input:
    ``pref board: invalid value for '--port': 99999 is not in the range 0<=x<=65535 (try pref board --help)``."""
    where = error.ctx.command_path if error.ctx is not None else "pref"
    text = error.format_message().rstrip(".")
    text = text[:1].lower() + text[1:]
    one = UserError(f"{where}: {text} (try {where} --help)")
    one.exit_code = error.exit_code
    return one


def _flush_stdout() -> None:
    if sys.stdout is not None:
        sys.stdout.flush()


def _is_output_error(error: OSError) -> bool:
    """A failure writing stdout (full disk, closed pipe), as opposed to reading an input file."""
    return getattr(error, "filename", None) is None


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that Python's final flush does not fail a second time."""
    try:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, sys.stdout.fileno())
        os.close(fd)
    except (AttributeError, OSError, ValueError):
        pass


def _output_lost(error: OSError) -> UserError:
    _silence_stdout()
    if isinstance(error, BrokenPipeError):
        return PipeClosed()
    return UserError(f"pref: cannot write the results: {error.strerror or error}")


class PipeClosed(UserError):
    """The reader closed the pipe (``| head``): it has what it wanted, so nothing to say."""

    exit_code = EXIT_PIPE_CLOSED

    def __init__(self) -> None:
        super().__init__("")

    def show(self, file=None) -> None:
        pass


def _interrupted() -> UserError:
    try:
        _flush_stdout()
    except OSError:
        _silence_stdout()
    error = UserError("pref: interrupted")
    error.exit_code = EXIT_INTERRUPTED
    return error


@click.group(cls=PrefGroup, lazy=COMMANDS, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="preferans-solver")
def pref():
    """Exact double-dummy solver for preferans: contracts, misère, raspasy.

    \b
    Examples:
      pref solve problems/kovalevskaya-misere.toml   solve and explain a problem
      pref check                                     check every [expect] in problems/
      pref table "♠AK ♦7 / ♠QJ ♦8 / ♣AK ♦9"          the double-dummy table of a deal
      pref discard examples/problem.toml             the 66 discards of a 12-card hand
      pref bench                                     speed report on fixed random deals
      pref estimate "♠AQxxx ♥AQxxx" --seat A --game "7S A"   a hand over the unseen layouts
      pref book                                      check the manuals' claims (docs/book-claims.md)
      pref board problems/kovalevskaya-misere.toml   play it through on the board, in the browser

    Problem files are described in docs/problem-format.md. Exit codes: 0 ok,
    1 a check found a wrong answer, 2 bad input (or output that cannot be
    written), 130 interrupted, 141 the reader closed the pipe (quietly).
    """


__all__ = ["COMMANDS", "PrefGroup", "pref"]
