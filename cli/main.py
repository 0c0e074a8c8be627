"""The ``pref`` command group and its entry point."""

from __future__ import annotations

import click

from solver.problemfile import ProblemError

from .commands.bench import bench
from .commands.book import book
from .commands.check import check
from .commands.discard import discard
from .commands.estimate import estimate
from .commands.solve import solve
from .commands.table import table
from .errors import UserError


class PrefGroup(click.Group):
    """Turns any problem error a command lets through into the one-line message and exit code 2."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except ProblemError as e:
            raise UserError(str(e)) from None


@click.group(cls=PrefGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="preferans-solver")
def pref():
    """Exact double-dummy solver for preferans: contracts, misère, raspasy.

    \b
    Examples:
      pref solve problems/kovalevskaya-misere.toml   solve and explain a problem
      pref check                                     check every [expect] in problems/
      pref table "♠AK ♦7 / ♠QJ ♦8 / ♣AK ♦9"          the double-dummy table of a deal
      pref discard problem.toml                      the 66 discards of a 12-card hand
      pref bench                                     speed report on fixed random deals
      pref book                                      check the manuals' claims (BOOK.md)
      pref estimate "♠AQxxx ♥AQxxx" --seat A --game "7S A"   a hand over the unseen layouts

    Problem files are described in docs/problem-format.md. Exit codes: 0 ok,
    1 a check found a wrong answer, 2 bad input.
    """


pref.add_command(solve)
pref.add_command(check)
pref.add_command(table)
pref.add_command(discard)
pref.add_command(bench)
pref.add_command(book)
pref.add_command(estimate)


def main() -> None:
    pref()
