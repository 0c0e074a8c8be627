"""The exit codes of every ``pref`` command, in a module that imports nothing (so
:mod:`preferans.cli.main` can name them while click itself is still being imported)."""

EXIT_OK, EXIT_FAILURE, EXIT_BAD_INPUT, EXIT_INTERRUPTED = 0, 1, 2, 130
"""0 ok, 1 a check failed, 2 bad input, 130 interrupted (128 + SIGINT)."""
EXIT_PIPE_CLOSED = 141
"""128 + SIGPIPE: what a Unix tool killed by a closed pipe (``pref … | head``) returns."""
