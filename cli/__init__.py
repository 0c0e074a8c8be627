"""The ``pref`` command: solve, check, tabulate and discard, on problem files (see ``docs/problem-format.md``)."""
