"""Seeded random positions for every kind of game, shared by the tests and the benchmarks."""

from __future__ import annotations

import random

from solver import Game, InputError, Position, TalonMode, validate
from solver.cards import NO_TRUMP, mask_of
from solver.rules import legal_cards, play


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
