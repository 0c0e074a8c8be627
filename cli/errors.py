"""User errors: one line on stderr, exit code 2, never a traceback."""

from __future__ import annotations

import click

from .exitcodes import EXIT_BAD_INPUT, EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_OK, EXIT_PIPE_CLOSED

__all__ = ["EXIT_BAD_INPUT", "EXIT_FAILURE", "EXIT_INTERRUPTED", "EXIT_OK", "EXIT_PIPE_CLOSED", "UserError"]


class UserError(click.ClickException):
    """Bad input named in one line, e.g. ``deal.toml: deal.B: unknown rank 'Z' in '♠AZ'``."""

    exit_code = EXIT_BAD_INPUT

    def show(self, file=None) -> None:
        click.echo(self.message, err=True)
