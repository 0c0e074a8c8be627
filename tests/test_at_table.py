"""The answer at the table beyond the brute-force comparison: its bounds, the composed problem,
the play so far, the API's doors and the compiled code's warm start."""

import json
import os
import random
import shutil
import subprocess
import sys
from itertools import combinations
from pathlib import Path

import pytest

from conftest import ROOT
from preferans import Engine, InputError, Options, make_position, parse_game
from preferans import reference_at_table as table_reference
from preferans.at_table import declarer_card, solve_at_table
from preferans.cards import bit, cards_of, mask_of
from preferans.notation import parse_cards
from preferans.rules import Game, Kind, Position, legal_cards, play
from randomplay import random_deal, random_game, random_position

COMPOSED = ROOT / "problems" / "misere-at-the-table-spade-or-club.toml"


def _world(position: Position, game: Game, cards: int, aside) -> Position:
    hands = list(position.hands)
    hands[game.declarer] = cards & ~mask_of(aside)
    return Position(tuple(hands), position.leader, position.trick, (), position.taken)


@pytest.mark.parametrize("kind", ["misere", "contract"])
def test_one_world_is_the_double_dummy_answer(kind):
    """Nothing unseen: one world, and the answer is that world's double-dummy one (a fresh engine's)."""
    rng = random.Random(f"one-world-{kind}")
    games = [random_game(rng, kind) for _ in range(60)]
    engine = Engine()
    for game, position in ((g, random_position(rng, g, rng.randint(3, 7))) for g in games):
        answer = solve_at_table(position, game, engine=engine, with_key=False)
        dd = Engine().value(position, game, game.declarer)
        assert len(answer.worlds) == 1 and answer.uncovered in ((), ((),))
        assert (answer.caught == (dd >= 1)) if kind == "misere" else (answer.tricks == dd), position


@pytest.mark.parametrize("kind", ["misere", "contract"])
def test_the_table_never_beats_the_worst_world(kind):
    """Caught at the table only if caught double dummy in every world; a contract held at the
    table to no fewer tricks than his best world gives double dummy (each world solved apart)."""
    rng = random.Random(f"worst-world-{kind}")
    engine = Engine()
    for _ in range(25):
        game = random_game(rng, kind)
        position = random_position(rng, game, rng.randint(4, 7), max_on_table=0)
        in_play = position.hands[0] | position.hands[1] | position.hands[2]
        unseen = rng.sample([c for c in range(32) if not in_play >> c & 1], 2)
        answer = solve_at_table(position, game, unseen, engine=engine, with_key=False)
        cards = position.hands[game.declarer] | mask_of(unseen)
        dd = [Engine().value(_world(position, game, cards, aside), game, game.declarer)
              for aside in combinations(cards_of(cards), 2)]
        assert sorted(answer.dd) == sorted(min(v, 1) if kind == "misere" else v for v in dd)
        if kind == "misere":
            assert not answer.caught or min(dd) >= 1
        else:
            assert answer.tricks >= max(dd)


@pytest.mark.heavy
def test_the_composed_hole_against_every_plan():
    """misere-at-the-table-spade-or-club: caught double dummy in all 21 worlds, and no plan of the
    catchers covers them; the two discards pref solve names are uncoverable and each alone caught;
    ♠7 catches the real discard, ♥10 the other (the brute force, not the search)."""
    game = parse_game("misere", declarer="C")
    position = make_position(A="♠AQ107 ♥10", B="♣Q7 ♦109 ♥J", C="♠9 ♦7 ♥987", out_of_play="♣J ♣8", game=game)
    cards = position.hands[2] | mask_of(parse_cards("JC 8C"))
    worlds = {tuple(sorted(aside)): _world(position, game, cards, aside) for aside in combinations(cards_of(cards), 2)}
    assert all(table_reference.caught([p], game) for p in worlds.values())  # one world: double dummy
    assert not table_reference.caught(list(worlds.values()), game)
    answer = solve_at_table(position, game, "♣J ♣8")
    assert answer.caught is False and len(answer.worlds) == 21
    assert set(answer.uncovered) == {tuple(sorted(parse_cards("9S 8C"))), tuple(sorted(parse_cards("JC 8C")))}
    pair = [worlds[w] for w in answer.uncovered]
    assert not table_reference.caught(pair, game)
    assert all(table_reference.caught([p], game) for p in pair)
    kept_club, real = pair
    for lead, catches in (("7S", (False, True)), ("10H", (True, False))):
        c = parse_cards(lead)[0]
        assert tuple(table_reference.caught([play(p, game, c)], game) for p in (kept_club, real)) == catches


def test_the_play_so_far_rules_worlds_out():
    """After tricks where the declarer showed out of a suit, the worlds in which he held a card of
    it are dropped (worked out here by replaying each world through the rules)."""
    rng = random.Random("history")
    engine = Engine()
    dropped = 0
    for _ in range(12):
        hands, talon = random_deal(rng)
        game = Game.misere(rng.randrange(3))
        start = Position(hands)
        _, line = engine.best_line(start, game, game.declarer)
        played = line[:3 * rng.randint(1, 4) + rng.randint(0, 2)]
        now = start
        for c in played:
            now = play(now, game, c)
        cut = len(played) - len(now.trick)
        cards = hands[game.declarer] | mask_of(talon)
        expected = []
        for aside in combinations(sorted(cards_of(cards)), 2):
            replay, legal = _world(start, game, cards, aside), True
            for c in played:
                legal &= replay.to_move != game.declarer or c in legal_cards(replay, game)
                replay = play(replay, game, c)
            if legal:
                expected.append(aside)
        answer = solve_at_table(now, game, talon, history=(start, played[:cut]), engine=engine, with_key=False)
        assert list(answer.worlds) == expected
        dropped += 66 - len(expected)
    assert dropped > 0


def test_best_and_listed_discards():
    game = parse_game("misere", declarer="B")
    position = make_position(A="♠JQ ♣79 ♦10JQK ♥7J", B="♠78910 ♣8 ♦789 ♥89", C="♠KA ♣10JQ ♦A ♥10QKA",
                             talon="♣K ♣A", game=game)
    engine = Engine()
    best = solve_at_table(position, game, "♣K ♣A", worlds="best", engine=engine)
    hands12 = list(position.hands)
    hands12[1] |= mask_of(parse_cards("KC AC"))
    values = {tuple(sorted(aside)): engine.value(_world(position, game, hands12[1], aside), game, 1)
              for aside in combinations(cards_of(hands12[1]), 2)}
    fewest = min(values.values())
    assert set(best.worlds) == {w for w, v in values.items() if v == fewest}
    listed = solve_at_table(position, game, "♣K ♣A", worlds=["♣K ♣A", "♣K ♥9"], engine=engine)
    assert listed.considered == "listed" and len(listed.worlds) == 2 and listed.caught is False


def test_a_misere_whose_declarer_took_a_trick_is_caught_at_the_table():
    """The tricks played count: once he has won one, every world is caught and every card of the
    catchers keeps it so, though from here on some worlds take no trick more (the search asks for one)."""
    game = parse_game("misere", declarer="B")
    start = make_position(A="♠JQ ♣79 ♦10JQK ♥7J", B="♠78910 ♣8 ♦789 ♥89", C="♠KA ♣10JQ ♦A ♥10QKA",
                          talon="♣K ♣A", game=game)
    engine = Engine()
    _, line = engine.best_line(start, game, 1)
    now, played = start, []
    for c in line:
        now = play(now, game, c)
        played.append(c)
        if now.taken[1] and not now.trick and now.to_move != 1:
            break
    answer = solve_at_table(now, game, "♣K ♣A", history=(start, played), engine=engine)
    assert answer.caught is True and set(answer.dd) == {1} and answer.uncovered == ()
    assert set(answer.key) == set(legal_cards(now, game))
    cards = now.hands[1] | mask_of(parse_cards("KC AC"))
    escapes_from_here = [w for w in answer.worlds if Engine().value(_world(now, game, cards, w), game, 1) == 0]
    assert escapes_from_here  # so the answer is not the search's from here


def test_the_declarers_card_keeps_the_hole_open():
    """On small misère endings with the declarer to play and a discard no plan covers alone: the card
    declarer_card gives is his, legal, and after it the discards of the set still possible are, by the
    brute force over the defence's plans, still beyond any one plan."""
    rng = random.Random("keep-the-hole")
    engine = Engine()
    given = 0
    for _ in range(2000):
        if given == 12:
            break
        game = Game.misere(rng.randrange(3))
        position = random_position(rng, game, 3, max_on_table=0)
        if position.to_move != game.declarer:
            position = Position(position.hands, game.declarer)
        in_play = position.hands[0] | position.hands[1] | position.hands[2]
        unseen = tuple(rng.sample([c for c in range(32) if not in_play >> c & 1], 2))
        cards = position.hands[game.declarer] | mask_of(unseen)
        root = solve_at_table(position, game, unseen, engine=engine, with_key=False)
        if root.caught or len(root.uncovered) < 2:
            continue
        own = root.uncovered[0]  # the declarer made the first discard of the hole: his hand is the rest
        real = _world(position, game, cards, own)
        card = declarer_card(real, game, own, worlds=list(root.uncovered), engine=engine)
        if card is None:
            continue
        given += 1
        assert card in legal_cards(real, game)
        after = [play(_world(position, game, cards, w), game, card) for w in root.uncovered
                 if card not in w and card in legal_cards(_world(position, game, cards, w), game)]
        assert own in [w for w in root.uncovered if card not in w]
        assert not table_reference.caught(after, game), (real, card)
    assert given == 12


@pytest.mark.parametrize("call,field", [
    (lambda p, g: solve_at_table(p, Game.raspasy(), "KC AC"), "game.kind"),
    (lambda p, g: solve_at_table(p, g, "AS"), "unseen"),
    (lambda p, g: solve_at_table(p, g, "KC AC", worlds="some"), "worlds"),
    (lambda p, g: solve_at_table(p, g, "KC AC", worlds=["KC"]), "worlds[0]"),
    (lambda p, g: solve_at_table(p, g, "KC AC", worlds=["KC AS"]), "worlds[0]"),
    (lambda p, g: solve_at_table(p, g, "KC AC", worlds=["KC AC", "AC KC"]), "worlds[1]"),
    (lambda p, g: solve_at_table(p, g, "KC AC", worlds=[]), "worlds"),
    (lambda p, g: solve_at_table(p, g, "KC AC 7H 8H 9H"), "unseen"),
    (lambda p, g: solve_at_table(p, g, "KC AC", history="played"), "history"),
    (lambda p, g: solve_at_table(p, g, "KC AC", options=Options(), engine=Engine()), "options"),
    (lambda p, g: solve_at_table(p, g, (40, 41)), "unseen"),
    (lambda p, g: solve_at_table(play(p, g, 22), g, "KC AC", history=(p, [16])), "history"),  # ♦7 is not A's
])
def test_the_api_refuses_what_the_cli_refuses(call, field):
    game = parse_game("misere", declarer="B")
    position = make_position(A="♠JQ ♣79 ♦10JQK ♥7J", B="♠78910 ♣8 ♦789 ♥89", C="♠KA ♣10JQ ♦A ♥10QKA",
                             talon="♣K ♣A", game=game)
    with pytest.raises(InputError) as e:
        call(position, game)
    assert e.value.field == field and "\n" not in str(e.value)


def test_the_choice_of_discards_is_read_in_any_case():
    game = parse_game("misere", declarer="C")
    position = make_position(A="♠AQ107 ♥10", B="♣Q7 ♦109 ♥J", C="♠9 ♦7 ♥987", out_of_play="♣J ♣8", game=game)
    assert solve_at_table(position, game, "♣J ♣8", worlds=" ALL ").considered == "all"


def test_the_worlds_limit_is_the_kernels():
    from preferans import at_table
    from preferans.kernel import worlds

    assert at_table.MAX_WORLDS == worlds.MAX_WORLDS


def test_a_misere_without_the_talon_that_escapes_double_dummy_escapes_at_the_table():
    """The deal chose the two unseen cards: the catchers cover the layouts they catch double dummy,
    and the real one, escaping double dummy, is the uncovered layout (not left out)."""
    rng = random.Random("talonless")
    engine, seen = Engine(), 0
    while seen < 3:
        hands, talon = random_deal(rng)
        game = Game.misere(rng.randrange(3))
        if Engine().value(Position(hands), game, game.declarer) != 0:
            continue
        seen += 1
        answer = solve_at_table(Position(hands), game, talon, worlds="caught", engine=engine, with_key=False)
        assert answer.caught is False and answer.uncovered == (tuple(sorted(talon)),)
        assert tuple(sorted(talon)) in answer.worlds and sum(answer.dd) == len(answer.worlds) - 1


def test_caught_worlds_belong_to_a_misere():
    game = parse_game("contract", contract="6S", declarer="A")
    position = make_position(A="♠AK ♣7", B="♠QJ ♣8", C="♣AK ♥7", game=game)
    with pytest.raises(InputError) as e:
        solve_at_table(position, game, "♥8", worlds="caught")
    assert e.value.field == "worlds"


_PROBE = ("import json; from preferans.problemfile import load; from preferans.problems import solve_table; "
          f"q, a = solve_table(load({str(COMPOSED)!r})); print(json.dumps([a.caught, len(a.uncovered)]))")


@pytest.mark.heavy
def test_the_search_compiles_then_loads_from_the_cache(tmp_path):
    """A fresh process compiles the search at the table beside the cached kernel, and the next one
    loads it from the disk cache: both answer. The warm start once crashed: Numba compiled the
    recursion once per literal argument, and the calls between those versions stayed unresolved
    when loaded from the cache (see preferans.kernel.worlds._YES)."""
    from preferans.kernel import cache

    solve_at_table(*_composed())  # this process's kernel on disk
    base = tmp_path / cache.DIGEST
    shutil.copytree(cache.CACHE_DIR, base)
    folder = base / cache.numba_folder().name
    removed = list(folder.glob("worlds.*"))
    assert removed
    for path in removed:
        path.unlink()
    env = {**os.environ, "PREF_CACHE_DIR": str(tmp_path)}
    for run in ("cold", "warm"):
        done = subprocess.run([sys.executable, "-c", _PROBE], cwd=ROOT, env=env, text=True, capture_output=True,
                              timeout=900)
        assert done.returncode == 0, (run, done.returncode, done.stderr[-2000:])
        assert json.loads(done.stdout) == [False, 2], run
        assert list(folder.glob("worlds.*.nbc")), run


def _composed():
    game = parse_game("misere", declarer="C")
    return make_position(A="♠AQ107 ♥10", B="♣Q7 ♦109 ♥J", C="♠9 ♦7 ♥987", out_of_play="♣J ♣8", game=game), game, \
        "♣J ♣8"


def test_bit_of_each_world_holds():
    """The kernel's ``has`` masks: world w holds card c exactly when c is not among its hidden cards
    (worlds past 64 in the second word)."""
    from preferans.at_table import _Search, _set

    game = Game.misere(1)
    position = Position((mask_of(range(0, 6)), mask_of(range(6, 12)), mask_of(range(12, 18))))
    cards = position.hands[1] | mask_of(range(18, 26))  # 14 candidate cards: 91 worlds
    worlds = [mask_of(aside) for aside in combinations(sorted(cards_of(cards)), 2)]
    search = _Search(Engine(), position, game, cards, worlds)
    from preferans.kernel import worlds as kernel

    for c in cards_of(cards):
        held = _set(search.job[kernel.J_HAS_LO + c], search.job[kernel.J_HAS_HI + c])
        assert held == {w for w, hidden in enumerate(worlds) if not hidden & bit(c)}
