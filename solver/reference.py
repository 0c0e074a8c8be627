"""Plain brute-force minimax over :mod:`preferans.rules`: no pruning, no table.

It is slow and obviously right, and it is the oracle the tests hold the search
kernel to. Values count the tricks the focus player takes from the position on.
"""

from __future__ import annotations

from .rules import Game, Position, legal_cards, play


def value(position: Position, game: Game, focus: int, cooperative: bool = False) -> int:
    """The focus player's remaining tricks when both sides play best.

    The focus player maximises them in a contract and minimises them in a misère
    or raspasy; the other two play together against him, or, with ``cooperative``,
    with him (all three pursue his aim).
    """
    if position.is_over():
        return 0
    values = card_values(position, game, focus, cooperative).values()
    return max(values) if _maximizing(position, game, focus, cooperative) else min(values)


def card_values(position: Position, game: Game, focus: int, cooperative: bool = False) -> dict[int, int]:
    """The value of each legal card of the player to move."""
    already = position.taken[focus]
    out = {}
    for c in legal_cards(position, game):
        child = play(position, game, c)
        out[c] = child.taken[focus] - already + value(child, game, focus, cooperative)
    return out


def _maximizing(position: Position, game: Game, focus: int, cooperative: bool) -> bool:
    if cooperative:
        return game.focus_maximizes()
    return (position.to_move == focus) == game.focus_maximizes()
