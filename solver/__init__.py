"""Exact double-dummy solver for preferans: contracts, misère and raspasy.

The public surface, for scripts and notebooks::

    from solver import make_position, parse_game, solve
    game = parse_game("misere", declarer="B")
    result = solve(make_position(A="…", B="…", C="…", game=game), game)
    result.tricks, result.card_values, result.line

Layers, bottom up: :mod:`solver.cards` and :mod:`solver.notation` (cards and their
written forms), :mod:`solver.rules` and :mod:`solver.reference` (the rules in plain
Python and the brute-force oracle), :mod:`solver.kernel` (the compiled search),
:mod:`solver.engine` (the thin layer over it), :mod:`solver.api` (this surface).
"""

from .api import InputError, Result, make_position, parse_contract, parse_game, solve, validate
from .engine import Engine, Options, batch_values
from .rules import Game, Kind, Position, TalonMode

__all__ = ["Engine", "Game", "InputError", "Kind", "Options", "Position", "Result", "TalonMode",
           "batch_values", "make_position", "parse_contract", "parse_game", "solve", "validate"]
