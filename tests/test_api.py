"""The Python API: building positions from strings, its errors, and the documented example."""

import doctest
from pathlib import Path

import pytest

import preferans.api
from preferans import InputError, make_position, parse_game, solve


def test_module_example_runs():
    assert doctest.testmod(preferans.api).failed == 0


@pytest.mark.parametrize("call,field,words", [
    (lambda: parse_game("contract", contract="11S", declarer="A"), "game.contract", "6 to 10"),
    (lambda: parse_game("contract", contract="7X", declarer="A"), "game.contract", "strain"),
    (lambda: parse_game("contract", contract="7S", declarer="D"), "game.declarer", "A, B or C"),
    (lambda: parse_game("whist"), "game.kind", "contract, misere or raspasy"),
    (lambda: parse_game("raspasy", raspasy_talon="both"), "game.raspasy_talon", "none, suit or dealer"),
    (lambda: make_position(A="♠AK", B="♠AQ", C="♣AK"), "deal.B", "given in deal.A and in deal.B"),
    (lambda: make_position(A="♠AK", B="♠QJ", C="♣AKQ", game=parse_game("misere", declarer="A")),
     "deal", "unequal length"),
    (lambda: make_position(A="♠AZ", B="♠QJ", C="♣AK"), "deal.A", "unknown rank"),
])
def test_bad_input_names_the_field(call, field, words):
    with pytest.raises(InputError) as e:
        call()
    assert e.value.field == field
    assert "\n" not in str(e.value)
    if words:
        assert words in str(e.value)


def test_trick_in_progress_must_follow_suit():
    game = parse_game("contract", contract="6NT", declarer="A")
    with pytest.raises(InputError, match="must follow suit"):
        make_position(A="♠A", B="♠Q", C="♣A ♦7", leader="A", trick="♠K ♣K", game=game)


def test_raspasy_with_talon_counts_every_player():
    game = parse_game("raspasy", raspasy_talon="dealer")
    hands = dict(A="♠AKQJ10 ♣AKQJ10", B="♠987 ♣987 ♦AKQJ", C="♦10987 ♥AKQJ109 ♠—  ♣—")
    position = make_position(**hands, talon="7H 8H", game=game)
    result = solve(position, game)
    assert set(result.tricks) == {"A", "B", "C"}
    assert set(result.lines) == {"A", "B", "C"} and all(len(line) == 30 for line in result.lines.values())


def test_readme_python_example_runs():
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    block = readme.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(block, "README.md", "exec"), {})


def test_the_unchecked_searcher_is_the_engines_twin():
    """``engine.searcher`` answers as the checked methods do, on the same table and counters;
    only the engine checks: a hand of four cards against three is refused by it."""
    import random

    from preferans import Engine
    from preferans.engine import Searcher
    from randomplay import random_game, random_position

    engine = Engine()
    assert isinstance(engine.searcher, Searcher)
    rng = random.Random(14)
    for _ in range(12):
        game = random_game(rng)
        position = random_position(rng, game, rng.randint(1, 4))
        focus = position.to_move if game.declarer is None else game.declarer
        before = engine.nodes
        assert engine.searcher.value(position, game, focus) == engine.value(position, game, focus)
        assert engine.searcher.card_values(position, game, focus) == engine.card_values(position, game, focus)
        assert engine.searcher.best_line(position, game, focus) == engine.best_line(position, game, focus)
        value = engine.value(position, game, focus)
        assert engine.searcher.reaches(position, game, focus, value) and \
            not engine.searcher.reaches(position, game, focus, value + 1)
        assert engine.nodes == engine.searcher.nodes > before
    bad = preferans.Position((0b1111, 0b111 << 8, 0b111 << 16), 0)
    with pytest.raises(InputError):
        engine.value(bad, parse_game("misere", declarer="A"), 0)


def test_one_rule_text_names_why_a_card_cannot_be_played():
    from preferans.rules import Game, Position, why_illegal
    from preferans.notation import parse_card, parse_hand

    def why(game, hands, trick, card):
        return why_illegal(Position(tuple(parse_hand(h) for h in hands), 0, tuple(parse_card(c) for c in trick)),
                           game, parse_card(card))

    hands = ("♠A", "♠7 ♥7", "♥8 ♦7")
    assert why(Game.misere(1), hands, ["AS"], "7H") == "must follow suit"
    assert why(Game.contract(6, "H", 0), hands, ["AS"], "7H") == "must follow suit"
    assert why(Game.contract(6, "H", 0), ("♠A", "♠7", "♥8 ♦7"), ["AS", "7S"], "7D") == "must ruff"
    assert why(Game.misere(1), hands, ["AS"], "8H") == "does not hold it"


def test_one_namer_of_a_game():
    from preferans.rules import Game, game_name
    assert [game_name(g) for g in (Game.contract(7, "NT", "A"), Game.misere("B"), Game.raspasy("dealer"))] == \
        ["7NT by A", "misère by B", "raspasy (talon dealer)"]
    assert game_name(Game.contract(6, "S", "C"), strain=lambda t: "♠") == "6♠ by C"
    assert game_name(Game.raspasy("suit"), talon=False) == "raspasy"


def test_raspasy_turns_the_talon_by_default_only_while_it_is_still_to_turn():
    from preferans.rules import TalonMode, raspasy_talon_mode
    talon = (0, 1)
    assert raspasy_talon_mode(None, talon, 10) is TalonMode.SUIT
    assert raspasy_talon_mode(None, talon, 9) is TalonMode.SUIT
    assert raspasy_talon_mode(None, talon, 8) is TalonMode.NONE
    assert raspasy_talon_mode(None, (), 10) is TalonMode.NONE
    assert raspasy_talon_mode("Dealer", talon, 10) is TalonMode.DEALER
    with pytest.raises(InputError, match="no talon"):
        raspasy_talon_mode("suit", (), 10)
    with pytest.raises(InputError, match="none, suit or dealer"):
        raspasy_talon_mode("sideways", talon, 10)
