"""Plain brute force at the table: every plan of the defence, tried against every world.

The definition, written out with no cleverness, as the oracle the tests hold the search of
:mod:`preferans.at_table` to. A *world* is one position the play may be in: the same public
cards (the defenders' hands, the trick on the table), the declarer's hand differing. A *plan*
of the defence names the card each defender plays at each moment of the play it can see:
the cards played so far. :func:`plans` lists every plan, each as a dict from the cards played
so far to the defender's card, holding an entry for every moment the plan can reach (whatever
the declarer plays, in any world where he could). Against a plan the declarer, who knows his
world, plays his best (:func:`declarer_best`). The plan that does best in its worst world is
the answer at the table.

The plans multiply with every card (a 3-card ending can have millions), so listing them
serves tiny endings only. :func:`covers` asks the same question by the AND-OR recursion
over the play, with no shortcut: a defender's turn is an OR over his cards (a plan names one,
the same in every world), the declarer's an AND over every card he can play in some world,
each followed with the worlds where he can. The tests check the two against each other on
tiny endings (the argument that they agree is in docs/algorithm.md), and the search of
:mod:`preferans.at_table` against both.
"""

from __future__ import annotations

from itertools import product

from .rules import Game, Kind, Position, legal_cards, play


def plans(worlds: list[Position], game: Game, played: tuple[int, ...] = ()) -> list[dict]:
    """Every plan of the defence from the worlds' common position on (``played``: the cards
    played before this moment, keying the plan's entries)."""
    live = [w for w in worlds if not w.is_over()]
    if not live:
        return [{}]
    first = live[0]
    if first.to_move != game.declarer:
        out = []
        for c in legal_cards(first, game):  # the defenders' cards are the same in every world
            for rest in plans([play(w, game, c) for w in live], game, played + (c,)):
                out.append({played: c, **rest})
        return out
    # the declarer's turn: the plan must answer every card he can play in some world
    branches = []
    for c in sorted({c for w in live for c in legal_cards(w, game)}):
        holding = [play(w, game, c) for w in live if c in legal_cards(w, game)]
        branches.append(plans(holding, game, played + (c,)))
    out = []
    for parts in product(*branches):
        merged: dict = {}
        for part in parts:
            merged.update(part)
        out.append(merged)
    return out


def declarer_best(world: Position, game: Game, plan: dict, played: tuple[int, ...] = ()) -> int:
    """The declarer's tricks from ``world`` on when the defence follows ``plan`` and he, knowing
    his world and the plan, plays his best (most tricks in a contract, fewest in a misère)."""
    if world.is_over():
        return 0
    before = world.taken[game.declarer]
    if world.to_move != game.declarer:
        c = plan[played]
        child = play(world, game, c)
        return child.taken[game.declarer] - before + declarer_best(child, game, plan, played + (c,))
    results = []
    for c in legal_cards(world, game):
        child = play(world, game, c)
        results.append(child.taken[game.declarer] - before + declarer_best(child, game, plan, played + (c,)))
    return max(results) if game.kind is Kind.CONTRACT else min(results)


def plan_reaches(worlds: list[Position], game: Game, plan: dict, target: int) -> bool:
    """Whether the plan reaches the defence's aim in every world: a misère's declarer takes at
    least ``target`` tricks, a contract's fewer than ``target``."""
    for w in worlds:
        tricks = declarer_best(w, game, plan)
        if (tricks >= target) != (game.kind is Kind.MISERE):
            return False
    return True


def count_plans(worlds: list[Position], game: Game) -> int:
    """How many plans :func:`plans` lists, counted without listing them."""
    live = [w for w in worlds if not w.is_over()]
    if not live:
        return 1
    first = live[0]
    if first.to_move != game.declarer:
        return sum(count_plans([play(w, game, c) for w in live], game) for c in legal_cards(first, game))
    total = 1
    for c in sorted({c for w in live for c in legal_cards(w, game)}):
        total *= count_plans([play(w, game, c) for w in live if c in legal_cards(w, game)], game)
    return total


def covers_by_plans(worlds: list[Position], game: Game, target: int) -> bool:
    """Whether some plan reaches the defence's aim in every world: every plan listed and tried."""
    return any(plan_reaches(worlds, game, plan, target) for plan in plans(worlds, game))


def tricks_by_plans(worlds: list[Position], game: Game) -> int:
    """A contract: the fewest tricks one plan holds the declarer to in every world, every plan tried."""
    return min(max(declarer_best(w, game, plan) for w in worlds) for plan in plans(worlds, game))


def covers(worlds: list[Position], game: Game, target: int) -> bool:
    """:func:`covers_by_plans` by the AND-OR recursion (no plan listed; no shortcut either).
    ``target`` counts the declarer's tricks from the worlds' position on."""
    return _covers([(w, w.taken[game.declarer] + target) for w in worlds], game)


def _covers(worlds: list[tuple[Position, int]], game: Game) -> bool:
    """``worlds``: each world's position and the declarer's total of tricks that decides it."""
    live = [(w, need) for w, need in worlds if not w.is_over()]
    if not live:
        misere = game.kind is Kind.MISERE
        return all((w.taken[game.declarer] >= need) == misere for w, need in worlds)
    first = live[0][0]
    if first.to_move != game.declarer:
        return any(_covers([(play(w, game, c), need) for w, need in live], game) for c in legal_cards(first, game))
    for c in sorted({c for w, _ in live for c in legal_cards(w, game)}):
        if not _covers([(play(w, game, c), need) for w, need in live if c in legal_cards(w, game)], game):
            return False
    return True


def caught(worlds: list[Position], game: Game) -> bool:
    """A misère: whether one plan makes the declarer take a trick in every world."""
    return covers(worlds, game, 1)


def tricks(worlds: list[Position], game: Game) -> int:
    """A contract: the fewest tricks one plan holds the declarer to in every world."""
    t = 0
    while not covers(worlds, game, t + 1):
        t += 1
    return t
