"""The arrays a searcher hands the kernel: the position's layout, and the game contexts it keeps
between jobs (encoded once a game, not once a job) giving the same values as contexts made afresh."""

import random

import numpy as np

from preferans.engine import CONTEXTS_KEPT, Engine, encode_game, encode_position
from preferans.kernel.config import (C_GENERATION, C_STATS, C_TABLE_ROWS, P_HANDS, P_LEADER, P_N_TRICK, P_TRICK,
                                     POS_SIZE)
from preferans.cards import mask_of
from preferans.rules import Game, Position, TalonMode
from randomplay import random_game, random_position


def test_position_array_follows_the_layout():
    rng = random.Random(5)
    for cards in (1, 3, 10):
        for _ in range(30):
            p = random_position(rng, random_game(rng), cards)
            pos = encode_position(p)
            assert pos.dtype == np.int64 and pos.shape == (POS_SIZE,)
            assert tuple(pos[P_HANDS:P_HANDS + 3]) == p.hands
            assert (pos[P_LEADER], pos[P_N_TRICK]) == (p.leader, len(p.trick))
            assert tuple(pos[P_TRICK:P_TRICK + len(p.trick)]) == p.trick
            assert not pos[P_TRICK + len(p.trick):].any()


def _game_fields(ctx):
    """What encodes the game: the context's head without the hands, the table's size and the job's generation."""
    return [int(ctx[i]) for i in range(3, C_STATS) if i not in (C_TABLE_ROWS, C_GENERATION)]


def test_kept_contexts_give_the_values_of_fresh_ones():
    """One engine solves a mixed stream of jobs (every kind, talons coming and going, cooperative
    raspasy, more games than it keeps): each value equals a fresh engine's, and each kept context
    still encodes its game exactly as a new one does."""
    rng = random.Random(11)
    kept = Engine()
    games = [Game.contract(level, t, d) for level in (6, 7, 8) for t in range(5) for d in range(3)]
    games += [Game.misere(d) for d in range(3)] + [Game.raspasy(mode) for mode in TalonMode]
    assert len(games) - 3 + 3 * 3 * 2 > CONTEXTS_KEPT  # more contexts than kept: forgotten on the way
    for _ in range(400):
        game = rng.choice(games)
        position = random_position(rng, game, rng.randint(1, 4))
        focus = game.declarer if game.declarer is not None else rng.randrange(3)
        cooperative = game.kind == "raspasy" and rng.random() < 0.3
        got = kept.searcher.value(position, game, focus, cooperative)
        assert got == Engine().searcher.value(position, game, focus, cooperative), (position, game, focus)
        _, ctx, *_ = kept.searcher._arrays(position, game, focus, cooperative)
        fresh = encode_game(game, focus, position.talon, kept.options.flags, 0, cooperative)
        assert _game_fields(ctx) == _game_fields(fresh)


def test_a_raspasy_talon_turned_and_gone():
    """The same raspasy game with two talon cards to turn, then one, then none, then two others:
    the kept context follows the talon (a stale talon card would change the value)."""
    rng = random.Random(3)
    kept = Engine()
    for mode in (TalonMode.SUIT, TalonMode.DEALER):
        game = Game.raspasy(mode)
        for _ in range(20):
            deck = list(range(32))
            rng.shuffle(deck)
            hands = tuple(mask_of(deck[4 * i:4 * i + 4]) for i in range(3))
            for talon in (deck[12:14], deck[12:13], [], deck[14:16]):
                position = Position(hands, 0, (), tuple(talon))
                for focus in range(3):
                    assert kept.searcher.value(position, game, focus) == Engine().searcher.value(position, game, focus)
