"""Exact double-dummy solver for preferans: contracts, misère and raspasy.

The public surface, for scripts and notebooks::

    from solver import make_position, parse_game, solve
    game = parse_game("misere", declarer="B")
    result = solve(make_position(A="…", B="…", C="…", game=game), game)
    result.tricks, result.card_values, result.line
    at_table = solve_at_table(position, game, unseen="♣K ♣A")   # the defence not knowing the discard
    at_table.caught, at_table.uncovered

Layers, bottom up: :mod:`solver.cards` and :mod:`solver.notation` (cards and their
written forms), :mod:`solver.textfiles` (reading the files a user gives),
:mod:`solver.rules` and :mod:`solver.reference` (the rules in plain Python and the
brute-force oracle), :mod:`solver.parse` (a game and a position from the words a user
writes), :mod:`solver.kernel` (the compiled search), :mod:`solver.engine` (the checking
:class:`Engine` and its unchecked twin, the ``Searcher``), :mod:`solver.api` (this
surface), :mod:`solver.problemfile` (the problem format),
:mod:`solver.analysis` (tables, discards, keys, estimates),
:mod:`solver.problems` (what a problem file asks, solved).
"""

from .api import InputError, Result, make_position, parse_contract, parse_game, solve, validate
from .rules import Game, Kind, Position, TalonMode

_LAZY = {"Engine": "engine", "Options": "engine", "batch_values": "engine",
         "solve_at_table": "at_table", "TableAnswer": "at_table"}
"""Names imported on first use: :mod:`solver.engine` loads numba and the kernel (0.4 s)."""


def __getattr__(name: str):
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module 'solver' has no attribute {name!r}")

__all__ = ["Engine", "Game", "InputError", "Kind", "Options", "Position", "Result", "TableAnswer", "TalonMode",
           "batch_values", "make_position", "parse_contract", "parse_game", "solve", "solve_at_table", "validate"]
