"""User errors: one line on stderr, exit code 2, never a traceback."""

from __future__ import annotations

import click

EXIT_OK, EXIT_FAILURE, EXIT_BAD_INPUT, EXIT_INTERRUPTED = 0, 1, 2, 130
EXIT_PIPE_CLOSED = 141
"""128 + SIGPIPE: what a Unix tool killed by a closed pipe (``pref … | head``) returns."""


class UserError(click.ClickException):
    """Bad input named in one line, e.g. ``deal.toml: deal.B: unknown rank 'Z' in '♠AZ'``."""

    exit_code = EXIT_BAD_INPUT

    def show(self, file=None) -> None:
        click.echo(self.message, err=True)
