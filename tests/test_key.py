"""The key of a problem (preferans.analysis.key): which first cards or discards keep the best result."""

import random
from pathlib import Path
from itertools import combinations

import pytest
from click.testing import CliRunner

from preferans.cli.main import pref
from randomplay import random_game, random_position
from preferans import Engine, reference
from preferans.analysis.key import discard_key, first_card_key, key_verdict
from preferans.problemfile import ANY, format_key, parse_key
from preferans.api import make_position, parse_game
from preferans.cards import bit
from preferans.notation import parse_card, parse_hand
from preferans.rules import Game, Kind, Position


def _c(*names):
    return tuple(sorted(parse_card(n) for n in names))


@pytest.mark.parametrize("kind", ["contract", "misere", "raspasy"])
def test_working_cards_are_those_with_the_movers_best_brute_force_value(kind):
    """The mover's side: declarer in a contract wants most, in a misère fewest; defenders the
    reverse; a raspasy player wants his own tricks fewest. Checked against the plain minimax."""
    rng = random.Random(f"key-{kind}")
    engine = Engine()
    for _ in range(60):
        game = random_game(rng, kind)
        position = random_position(rng, game, rng.choice([2, 3]))
        mover = position.to_move
        focus = mover if game.kind is Kind.RASPASY else game.declarer
        values = reference.card_values(position, game, focus)
        if game.kind is Kind.RASPASY:
            mover_wants_more = False
        else:
            mover_wants_more = (mover == game.declarer) == (game.kind is Kind.CONTRACT)
        target = max(values.values()) if mover_wants_more else min(values.values())
        report = first_card_key(position, game, engine)
        assert set(report.working) == {(c,) for c, v in values.items() if v == target}
        assert report.best == reference.value(position, game, focus)
        assert report.side == ("player" if game.kind is Kind.RASPASY else
                               "declarer" if mover == game.declarer else
                               "catchers" if game.kind is Kind.MISERE else "defenders")


def test_equal_cards_are_grouped_as_one_play_and_always_share_a_value(kovalevskaya):
    rng = random.Random("key-equal")
    engine = Engine()
    grouped = 0
    for _ in range(80):
        game = random_game(rng)
        position = random_position(rng, game, rng.choice([2, 3]))
        focus = position.to_move if game.kind is Kind.RASPASY else game.declarer
        values = reference.card_values(position, game, focus)
        report = first_card_key(position, game, engine)
        assert sorted(ch for play in report.plays for ch in play) == list(report.working)
        for play in report.plays:
            assert len({values[c] for (c,) in play}) == 1
            grouped += len(play) > 1
    assert grouped  # some positions had equal working cards
    game = parse_game("misere", declarer="B")
    kov = make_position(*(kovalevskaya["deal"][s] for s in "ABC"), game=game)
    assert first_card_key(kov, game).describe() == "4 of 10 first cards work: ♦10 ♦J ♦Q ♦K (equal cards: one play)"


def test_unique_key_and_cooks_are_described():
    game = parse_game("contract", contract="6S", declarer="A")
    # A leads; only the ♠A draws C's last trump before C ruffs a heart
    position = make_position(A="♠A ♥AK", B="♠7 ♣78", C="♠K ♣9 ♦7", game=game)
    report = first_card_key(position, game)
    values = reference.card_values(position, game, 0)
    best = max(values.values())
    assert {c for (c,) in report.working} == {c for c, v in values.items() if v == best}
    text = report.describe()
    if report.unique:
        assert text.startswith("unique key ")
    else:
        assert f"{len(report.working)} of {len(values)} first cards work" in text or text.startswith("every")


def test_discard_key_matches_brute_force_over_every_discard():
    """An ending in which the declarer holds two cards more: each discard valued by the plain minimax."""
    game = Game.misere(1)
    hands12 = (parse_hand("♠10 ♣8 ♦7"), parse_hand("♠8Q ♣7J ♦8"), parse_hand("♠9 ♣9 ♦9"))
    report = discard_key(hands12, 1, game, leader=0)
    cards = [c for c in range(32) if hands12[1] >> c & 1]
    brute = {}
    for pair in combinations(cards, 2):
        hands = (hands12[0], hands12[1] & ~bit(pair[0]) & ~bit(pair[1]), hands12[2])
        brute[tuple(sorted(pair))] = reference.value(Position(hands, 0), game, 1)
    assert report.values == brute
    assert set(report.working) == {d for d, v in brute.items() if v == min(brute.values())}
    assert report.discard and "discard" in report.describe()


def test_parse_key_reads_cards_discards_and_any():
    assert parse_key("any", discard=False) == ANY
    assert parse_key(" ANY ", discard=True) == ANY
    assert parse_key("10D", discard=False) == frozenset({_c("10D")})
    assert parse_key("♦10 ♦J", discard=False) == frozenset({_c("10D"), _c("JD")})
    assert parse_key("AS AH, KH AS", discard=True) == frozenset({_c("AS", "AH"), _c("AS", "KH")})
    for text, discard, words in [("", False, "empty"), ("AS, KS", False, "commas"),
                                 ("AS", True, "two cards"), ("ZZ", False, "rank|card|ZZ")]:
        with pytest.raises(ValueError, match=words):
            parse_key(text, discard)


def test_verdict_names_the_cook_and_the_failing_key():
    game = parse_game("misere", declarer="B")
    position = make_position(A="♠7 ♣AJ108", B="♠10 ♦J10 ♥KJ", C="♣KQ ♦Q ♥98", game=game)
    report = first_card_key(position, game)
    assert report.unique and report.working == (_c("7S"),)
    assert key_verdict(parse_key("7S", False), report) is None
    assert "cook" not in (key_verdict(parse_key("7S", False), report) or "")
    cook = key_verdict(parse_key("AC", False), report)
    assert "fails" in cook and "♣A" in cook
    assert "not every card works" in key_verdict(ANY, report)
    assert "not a legal card" in key_verdict(parse_key("QC", False), report)
    wide = first_card_key(*_two_working())
    assert len(wide.working) >= 2
    one = frozenset({wide.working[0]})
    assert key_verdict(one, wide).startswith("cook:")
    assert format_key(wide.working) == " ".join(format_key([w]) for w in wide.working)


def _two_working():
    game = parse_game("misere", declarer="B")
    return make_position(A="♠AK", B="♠78", C="♣78"), game


PROBLEM = """title = "t"
[deal]
A = "♠7 ♣AJ108"
B = "♠10 ♦J10 ♥KJ"
C = "♣KQ ♦Q ♥98"
[game]
kind = "misere"
declarer = "B"
[expect]
tricks = 5
{key}
[ru]
title = "т"
"""


@pytest.mark.parametrize("key,strict,code,words", [
    ('key = "7S"', False, 0, "unique key ♠7"),
    ('key = "AC"', False, 1, "declared key fails"),
    ('key = "7S 8C"', False, 1, "declared key fails"),
    ('key = "any"', False, 1, "not every card works"),
    ("", True, 0, "unique key ♠7"),
    ('key = "7S,"', False, 2, "expect.key"),
])
def test_pref_check_verifies_declared_keys(tmp_path, key, strict, code, words):
    path = tmp_path / "p.toml"
    path.write_text(PROBLEM.format(key=key), encoding="utf-8")
    result = CliRunner().invoke(pref, ["check", *(["--strict"] if strict else []), str(path)])
    assert result.exit_code == code, result.output
    assert words in result.output


def test_pref_check_strict_flags_an_undeclared_key_with_several_working_cards(tmp_path):
    path = tmp_path / "p.toml"
    path.write_text('[deal]\nA = "♠AK"\nB = "♠78"\nC = "♣78"\n[game]\nkind = "misere"\ndeclarer = "B"\n'
                    '[expect]\ntricks = 0\n', encoding="utf-8")
    assert CliRunner().invoke(pref, ["check", str(path)]).exit_code == 0
    result = CliRunner().invoke(pref, ["check", "--strict", str(path)])
    assert result.exit_code == 1
    assert "no key declared and every first card works (2)" in result.output


def test_pref_check_names_a_cook(tmp_path):
    path = tmp_path / "p.toml"
    path.write_text('[deal]\nA = "♠AK"\nB = "♠78"\nC = "♣78"\n[game]\nkind = "misere"\ndeclarer = "B"\n'
                    '[expect]\ntricks = 0\nkey = "AS"\n', encoding="utf-8")
    result = CliRunner().invoke(pref, ["check", str(path)])
    assert result.exit_code == 1
    assert "cook: ♠K also works" in result.output


def test_pref_solve_states_the_key(tmp_path):
    path = tmp_path / "p.toml"
    path.write_text(PROBLEM.format(key=""), encoding="utf-8")
    result = CliRunner().invoke(pref, ["solve", str(path)])
    assert result.exit_code == 0, result.output
    assert "Key: unique key ♠7 (for the catchers, A to play)" in result.output


def test_the_key_line_has_one_bracket():
    result = CliRunner().invoke(pref, ["solve", "problems/kovalevskaya-misere.toml"])
    assert "Key: 4 of 10 first cards work: ♦10 ♦J ♦Q ♦K (equal cards: one play; for the catchers, A to play)\n" \
        in result.output


def test_the_format_docs_example_declares_its_key_and_passes_pref_check(tmp_path):
    docs = (Path(__file__).resolve().parents[1] / "docs" / "problem-format.md").read_text(encoding="utf-8")
    example = docs.split("```toml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "k.toml"
    path.write_text(example, encoding="utf-8")
    result = CliRunner().invoke(pref, ["check", "--strict", str(path)])
    assert result.exit_code == 0, result.output
    assert "4 of 10 first cards work: ♦10 ♦J ♦Q ♦K" in result.output
