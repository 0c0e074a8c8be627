"""Seeded random positions for every kind of game, shared by the tests and the benchmarks."""

from __future__ import annotations

import random

from preferans import Game, InputError, Position, TalonMode, validate
from preferans.cards import NO_TRUMP, mask_of
from preferans.rules import legal_cards, play


def random_game(rng: random.Random, kind: str | None = None, declarer: int | None = None) -> Game:
    """A random game of ``kind`` (any kind by default), with ``declarer`` when given."""
    kind = kind or rng.choice(["contract", "misere", "raspasy"])
    if kind == "contract":
        trump = rng.randrange(NO_TRUMP + 1)
        return Game.contract(6, trump, rng.randrange(3) if declarer is None else declarer)
    if kind == "misere":
        return Game.misere(rng.randrange(3) if declarer is None else declarer)
    return Game.raspasy(rng.choice(list(TalonMode)))


def random_position(rng: random.Random, game: Game, cards: int, max_on_table: int = 2) -> Position:
    """``cards`` per hand, a random leader, then 0..max_on_table random legal cards played.

    In raspasy with a talon mode, up to two talon cards may still be turned (A then leads).
    """
    while True:
        deck = list(range(32))
        rng.shuffle(deck)
        hands = tuple(mask_of(deck[i * cards:(i + 1) * cards]) for i in range(3))
        talon: tuple[int, ...] = ()
        leader = rng.randrange(3)
        if game.kind == "raspasy" and game.talon_mode is not TalonMode.NONE:
            talon = tuple(deck[30:30 + rng.randint(0, min(2, cards))])
            if talon:
                leader = 0
        position = Position(hands, leader, (), talon)
        for _ in range(rng.randint(0, max_on_table)):
            position = play(position, game, rng.choice(legal_cards(position, game)))
            if not position.trick:
                break
        try:
            validate(position, game)
        except InputError:
            continue
        return position


def focus_players(game: Game) -> list[int]:
    return [game.declarer] if game.declarer is not None else [0, 1, 2]


def random_deal(rng: random.Random) -> tuple[tuple[int, int, int], tuple[int, int]]:
    """A full deal: three hands of 10 and the two talon cards in the order they are turned."""
    deck = list(range(32))
    rng.shuffle(deck)
    return tuple(mask_of(deck[i * 10:(i + 1) * 10]) for i in range(3)), (deck[30], deck[31])


def random_table_case(rng: random.Random, kind: str, cards: int, unseen: int, listed: bool = False):
    """A misère or contract ending at the table: ``(game, position, unseen cards, worlds)``.

    ``cards`` per hand, a random leader and 0..2 cards on the table, then ``unseen`` cards out
    of play that the declarer may hold in place of as many of his own. ``worlds`` maps each
    discard the defence covers (the cards hidden, ascending) to that world's position, kept only
    where the declarer could have played his card of the trick on the table; with ``listed``, a
    random part of them (the true one included). Worked out here with the rules alone, apart from
    the search under test.
    """
    from itertools import combinations

    from preferans.cards import bit, cards_of
    from preferans.rules import legal_cards

    game = random_game(rng, kind)
    position = random_position(rng, game, cards)
    in_play = position.hands[0] | position.hands[1] | position.hands[2] | mask_of(position.trick)
    hidden = tuple(sorted(rng.sample([c for c in range(32) if not in_play >> c & 1], unseen)))
    declarer = game.declarer
    candidates = position.hands[declarer] | mask_of(hidden)
    worlds = {}
    for aside in combinations(cards_of(candidates), unseen):
        hands = list(position.hands)
        hands[declarer] = candidates & ~mask_of(aside)
        before = list(hands)  # the trick's cards back in their hands: could he have played his?
        for i, c in enumerate(position.trick):
            before[(position.leader + i) % 3] |= bit(c)
        replay, legal = Position(tuple(before), position.leader), True
        for c in position.trick:
            legal &= replay.to_move != declarer or c in legal_cards(replay, game)
            replay = play(replay, game, c)
        if legal:
            worlds[tuple(sorted(aside))] = Position(tuple(hands), position.leader, position.trick)
    if listed:
        keep = set(rng.sample(sorted(worlds), rng.randint(1, len(worlds)))) | {hidden}
        worlds = {w: p for w, p in worlds.items() if w in keep}
    return game, position, hidden, worlds
