"""Plain brute force of the defenders' split: every line of play, no pruning.

The oracle :mod:`preferans.kernel.split` is held to. A contract's outcome is the pair (the
declarer's tricks ``d``, one defender's tricks ``y``), both counted from the position on.
Every player chooses, card by card, the outcome he prefers among his cards' (each card's
outcome found the same way, to the end): the declarer the most tricks, the defenders the
fewest for him, and then each of them the split the defenders prefer (the highest
``preference[d][y]``). ``d`` is the double-dummy value (:mod:`preferans.reference`).
"""

from __future__ import annotations

from .rules import Game, Kind, Position, legal_cards, play


def split(position: Position, game: Game, defender: int, preference) -> tuple[int, int]:
    """(the declarer's tricks, ``defender``'s tricks) from ``position`` on, when every player plays
    as the module says; ``preference[d][y]``: how much the defenders like ending with ``d`` tricks
    to the declarer and ``y`` to ``defender`` (distinct for the ``y`` of one ``d``)."""
    if game.kind is not Kind.CONTRACT or defender == game.declarer:
        raise ValueError("a contract and one of its defenders")
    start = (position.taken[game.declarer], position.taken[defender])
    d, y = _outcome(position, game, defender, preference, start, {})
    return d - start[0], y - start[1]


def _outcome(position: Position, game: Game, defender: int, preference, start, seen: dict) -> tuple[int, int]:
    """The outcome from ``position``: the declarer's and the defender's tricks at the end of the deal
    (``start``: theirs before the first position, for the preference's ranks)."""
    if position.is_over():
        return position.taken[game.declarer], position.taken[defender]
    if position in seen:
        return seen[position]
    outcomes = [_outcome(play(position, game, c), game, defender, preference, start, seen)
                for c in legal_cards(position, game)]

    declarer = position.to_move == game.declarer

    def choice(outcome):  # what the player to move maximises: his side's tricks, then the split
        d, y = outcome[0] - start[0], outcome[1] - start[1]
        return (d if declarer else -d), preference[d][y]

    best = max(outcomes, key=choice)
    seen[position] = best
    return best
