"""Plain brute force of the defenders' split: every line of play, no pruning, no table.

The oracle :mod:`solver.kernel.split` is held to. A contract's outcome is the pair (the
declarer's tricks ``d``, one defender's tricks ``y``), both counted from the position on.
The declarer wants ``d`` high and then ``preference[d][y]`` low; the defenders want ``d``
low and then ``preference[d][y]`` high: a zero-sum game on the lexicographic payoff
``(d, −preference)``, whose first part is the double-dummy value (:mod:`solver.reference`).
"""

from __future__ import annotations

from .rules import Game, Kind, Position, legal_cards, play


def split(position: Position, game: Game, defender: int, preference) -> tuple[int, int]:
    """(the declarer's tricks, ``defender``'s tricks) from ``position`` on, when both sides play
    as the module says; ``preference[d][y]``: how much the defenders like ending with ``d`` tricks
    to the declarer and ``y`` to ``defender`` (distinct for the ``y`` of one ``d``)."""
    if game.kind is not Kind.CONTRACT or defender == game.declarer:
        raise ValueError("a contract and one of its defenders")
    start = (position.taken[game.declarer], position.taken[defender])
    d, y = _outcome(position, game, defender, preference, start, {})
    return d - start[0], y - start[1]


def _outcome(position: Position, game: Game, defender: int, preference, start, seen: dict) -> tuple[int, int]:
    """The outcome as the tricks taken since the start (``start``: those taken before it), plus those."""
    if position.is_over():
        return position.taken[game.declarer], position.taken[defender]
    if position in seen:
        return seen[position]
    outcomes = [_outcome(play(position, game, c), game, defender, preference, start, seen)
                for c in legal_cards(position, game)]

    def payoff(outcome):  # what the declarer maximises
        d, y = outcome[0] - start[0], outcome[1] - start[1]
        return d, -preference[d][y]

    best = max(outcomes, key=payoff) if position.to_move == game.declarer else min(outcomes, key=payoff)
    seen[position] = best
    return best
