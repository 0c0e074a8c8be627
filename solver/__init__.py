"""Exact double-dummy solver for preferans: contracts, misère and raspasy.

The public surface, for scripts and notebooks::

    from preferans import make_position, parse_game, solve
    game = parse_game("misere", declarer="B")
    result = solve(make_position(A="…", B="…", C="…", game=game), game)
    result.tricks, result.card_values, result.line
    at_table = solve_at_table(position, game, unseen="♣K ♣A")   # the defence not knowing the discard
    at_table.caught, at_table.uncovered

Layers, bottom up: :mod:`preferans.cards` and :mod:`preferans.notation` (cards and their
written forms), :mod:`preferans.textfiles` (reading the files a user gives),
:mod:`preferans.rules` and :mod:`preferans.reference` (the rules in plain Python and the
brute-force oracle), :mod:`preferans.parse` (a game and a position from the words a user
writes), :mod:`preferans.kernel` (the compiled search), :mod:`preferans.engine` (the checking
:class:`Engine` and its unchecked twin, the ``Searcher``), :mod:`preferans.api` (this
surface), :mod:`preferans.problemfile` (the problem format),
:mod:`preferans.analysis` (tables, discards, keys, estimates),
:mod:`preferans.problems` (what a problem file asks, solved).
"""

from .api import InputError, Result, make_position, parse_contract, parse_game, solve, validate
from .rules import Game, Kind, Position, TalonMode

_LAZY = {"Engine": "engine", "Options": "engine", "batch_values": "engine",
         "solve_at_table": "at_table", "TableAnswer": "at_table"}
"""Names imported on first use: :mod:`preferans.engine` loads numba and the kernel (0.4 s)."""


def __getattr__(name: str):
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["Engine", "Game", "InputError", "Kind", "Options", "Position", "Result", "TableAnswer", "TalonMode",
           "batch_values", "make_position", "parse_contract", "parse_game", "solve", "solve_at_table", "validate"]
