"""Property-based fuzz of every door: on any input, a correct result or the door's one error type.

The notation reader raises only :class:`NotationError`, the problem-file reader only
:class:`ProblemError`, the API (``make_position``, ``parse_game``, ``solve``, the engine)
only :class:`InputError` naming a field — never another exception. Where a result
comes back it is checked: notation round-trips, positions are solved as the brute-force
reference solves them.

The budget is fixed (``max_examples``) and the examples derandomized, so the run takes
the same time and finds the same things in CI on every machine.
"""

import json
import unicodedata

from hypothesis import HealthCheck, given, settings  # in the `test` extra
from hypothesis import strategies as st

from solver import InputError, make_position, parse_game, reference, solve
from solver.cards import FULL_DECK, SEATS, cards_of
from solver.notation import (NotationError, format_hand, parse_card, parse_cards,
                             parse_hand)
from solver.problemfile import ProblemError, dumps, from_dict, loads_json, loads_toml
from solver.rules import Game, Kind, Position, TalonMode

FUZZ = settings(max_examples=300, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SOLVE_FUZZ = settings(FUZZ, max_examples=120)

CARD_CHARS = "♠♣♦♥♤♧♢♡SCDHscdh789TJQKA10ВДКТтхx:.-–— ,\ufe0f\n"
card_text = st.text(alphabet=st.sampled_from(CARD_CHARS), max_size=30) | st.text(max_size=12)


def one_line(error: Exception) -> bool:
    return "\n" not in str(error) and len(str(error)) < 400


# -- notation --------------------------------------------------------------------------------


@FUZZ
@given(card_text)
def test_notation_reader_reads_or_names_the_text(text):
    for read in (parse_hand, parse_cards, parse_card):
        try:
            read(text)
        except NotationError as e:
            assert one_line(e), str(e)


@FUZZ
@given(st.integers(0, FULL_DECK), st.sampled_from(["symbol", "letters", "dot", "ascii"]),
       st.sampled_from(["en", "ru"]))
def test_every_hand_reads_back_as_written(mask, style, lang):
    if style == "ascii" and lang == "ru":
        lang = "en"
    assert parse_hand(format_hand(mask, style, lang)) == mask


# -- problem files ----------------------------------------------------------------------------

field_value = (st.none() | st.booleans() | st.integers(-3, 12) | card_text
               | st.sampled_from(["contract", "misere", "misère", "raspasy", "6S", "7NT", "6♡", "A", "B", "C",
                                  "D", "none", "suit", "dealer", "♠AKQ ♣J10", "AS KS", "10S 7S"])
               | st.lists(st.sampled_from(["AS", "KS", "♠Q", "7H"]), max_size=3))
section = st.dictionaries(st.sampled_from(["A", "B", "C", "talon", "discard", "kind", "contract", "declarer",
                                           "leader", "trick", "raspasy_talon", "tricks", "tallon"]),
                          field_value, max_size=6)
junk_document = st.dictionaries(st.sampled_from(["deal", "game", "expect", "title", "notes", "x"]),
                                section | field_value, max_size=4)


@st.composite
def near_valid_documents(draw):
    """A problem that is mostly right (hands of 1 to 3 cards, any notation), then a few fields changed."""
    deck = draw(st.permutations(range(32)))
    n = draw(st.integers(1, 3))
    style = draw(st.sampled_from(["symbol", "letters", "dot", "ascii"]))
    deal = {s: format_hand(sum(1 << c for c in deck[i * n:(i + 1) * n]), style) for i, s in enumerate(SEATS)}
    kind = draw(st.sampled_from(["contract", "misere", "raspasy"]))
    game = {"kind": kind, "leader": draw(st.sampled_from(SEATS))}
    if kind != "raspasy":
        game["declarer"] = draw(st.sampled_from(SEATS))
    if kind == "contract":
        game["contract"] = draw(st.sampled_from(["6S", "7C", "8D", "9H", "10NT"]))
    data = {"deal": deal, "game": game}
    if draw(st.booleans()):
        data["expect"] = {"tricks": draw(st.integers(0, 3)) if kind != "raspasy" else
                          {s: draw(st.integers(0, 3)) for s in SEATS}}
    for _ in range(draw(st.integers(0, 2))):
        where = draw(st.sampled_from(["deal", "game"]))
        data[where][draw(st.sampled_from(list(data[where]) + ["trick", "talon"]))] = draw(field_value)
    return data


document = near_valid_documents() | junk_document


def _read_or_refuse(read, *args):
    try:
        problem = read(*args)
    except ProblemError as e:
        assert one_line(e), str(e)
        return None
    return problem


@FUZZ
@given(document)
def test_problem_reader_reads_or_names_the_field(data):
    problem = _read_or_refuse(from_dict, data, "fuzz.toml")
    if problem is not None and problem.kind is not None and not problem.needs_discard:
        assert problem.position().tricks_left >= 1  # a problem that loads can be solved


@FUZZ
@given(near_valid_documents(), st.sampled_from(["toml", "json"]))
def test_every_problem_that_loads_is_written_back_as_it_was(data, fmt):
    problem = _read_or_refuse(from_dict, data, "fuzz.toml")
    if problem is not None:
        read = loads_toml if fmt == "toml" else loads_json
        assert read(dumps(problem, fmt), "fuzz.toml") == problem


@FUZZ
@given(st.text(max_size=200))
def test_toml_and_json_text_read_or_name_the_line(text):
    _read_or_refuse(loads_toml, text, "fuzz.toml")
    _read_or_refuse(loads_json, text, "fuzz.jsonl", 1)


@FUZZ
@given(document)
def test_json_text_of_any_document(data):
    _read_or_refuse(loads_json, json.dumps(data, ensure_ascii=False), "fuzz.jsonl", 3)


# -- the API ------------------------------------------------------------------------------------

seat_text = st.sampled_from(["A", "B", "C", "a", " b ", "D", "", "AB"]) | st.text(max_size=3)
game_args = st.tuples(st.sampled_from(["contract", "misere", "misère", "raspasy", "whist", ""]) | st.text(max_size=5),
                      st.none() | st.sampled_from(["6S", "7NT", "10H", "11S", "6♡", "6♥️", "5C"]) | st.text(max_size=4),
                      st.none() | seat_text,
                      st.none() | st.sampled_from(["none", "suit", "dealer", "both"]))


def _check_input_error(e: InputError):
    assert e.field and one_line(e), str(e)


@FUZZ
@given(game_args)
def test_parse_game_reads_or_names_the_field(args):
    try:
        game = parse_game(*args)
    except InputError as e:
        _check_input_error(e)
        return
    assert isinstance(game, Game)


hand_value = st.sampled_from(["♠AK", "♣AK", "♦AK", "♥AK", "♠Q ♣Q", "J..", "♦Q ♥Q"]) | card_text \
    | st.integers(-1, FULL_DECK + 1) | st.none() | st.lists(st.text(max_size=3), max_size=2)


@FUZZ
@given(hand_value, hand_value, hand_value, seat_text, st.none() | card_text | st.lists(card_text, max_size=3),
       st.none() | card_text, st.none() | game_args)
def test_make_position_reads_or_names_the_field(a, b, c, leader, trick, talon, game_args):
    try:
        game = parse_game(*game_args) if game_args else None
        position = make_position(a, b, c, leader=leader, trick=trick, talon=talon, game=game)
    except InputError as e:
        _check_input_error(e)
        return
    assert isinstance(position, Position)


@st.composite
def small_deals(draw):
    """Hands of 1 to 3 cards, maybe a card or two on the table, maybe broken on purpose."""
    deck = draw(st.permutations(range(32)))
    n = draw(st.integers(1, 3))
    hands = [sum(1 << c for c in deck[i * n:(i + 1) * n]) for i in range(3)]
    leader = draw(st.integers(0, 2))
    on_table = draw(st.integers(0, 2))
    trick = []
    for i in range(on_table):
        seat = (leader + i) % 3
        cards = cards_of(hands[seat])
        c = draw(st.sampled_from(cards))
        hands[seat] &= ~(1 << c)
        trick.append(c)
    if draw(st.integers(0, 4)) == 0:  # break something
        what = draw(st.sampled_from(["extra card", "shared card", "bad leader", "talon", "taken"]))
        if what == "extra card":
            hands[0] |= 1 << deck[31]
        elif what == "shared card":
            hands[1] |= hands[0] & -hands[0]
        elif what == "bad leader":
            leader = draw(st.sampled_from([-1, 3, None]))
        elif what == "talon":
            return Position(tuple(hands), leader, tuple(trick), (deck[30], deck[31]))
        else:
            return Position(tuple(hands), leader, tuple(trick), (), (0, -1, 0))
    return Position(tuple(hands), leader, tuple(trick))


games = st.one_of(
    st.builds(Game.contract, st.integers(6, 10), st.integers(0, 4), st.integers(0, 2)),
    st.builds(Game.misere, st.integers(0, 2)),
    st.just(Game.raspasy(TalonMode.NONE)),
    st.builds(Game, st.sampled_from(list(Kind)), st.integers(-1, 5), st.none() | st.integers(-1, 3),
              st.none() | st.integers(0, 12), st.sampled_from(list(TalonMode))),
)


@SOLVE_FUZZ
@given(small_deals(), games)
def test_solve_answers_as_the_reference_or_names_the_field(position, game):
    try:
        result = solve(position, game)
    except InputError as e:
        _check_input_error(e)
        return
    if game.kind is Kind.RASPASY:
        for i, s in enumerate(SEATS):
            assert result.tricks[s] == reference.value(position, game, i)
    else:
        assert result.tricks == reference.value(position, game, game.declarer)


# -- the whole command ----------------------------------------------------------------------------


@settings(FUZZ, max_examples=60)
@given(st.lists(near_valid_documents().map(lambda d: json.dumps(d, ensure_ascii=False).encode())
                | st.binary(max_size=40), max_size=4))
def test_pref_solve_on_any_stream_answers_or_names_each_bad_line(lines):
    from click.testing import CliRunner

    from cli.main import pref

    result = CliRunner().invoke(pref, ["solve", "--jsonl", "-"], input=b"\n".join(lines))
    assert result.exit_code in (0, 1, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    out = [json.loads(line) for line in result.stdout.splitlines()]
    errors = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(errors) == sum("error" in o for o in out)
    assert (result.exit_code == 2) == bool(errors)
    if not errors:  # 1: a published answer differs
        assert (result.exit_code == 1) == any(o.get("agrees") is False for o in out)


# -- issue 13: the fields the second pass touched ---------------------------------------------


@FUZZ
@given(st.integers(1, FULL_DECK), st.data())
def test_a_latin_t_in_a_russian_hand_is_never_read_as_another_deal(mask, data):
    """A hand written in Russian with one ten or ace typed as Latin T: refused, naming both readings."""
    text = format_hand(mask, "symbol", "ru")
    spots = [i for i, ch in enumerate(text) if ch == "\u0422" or text.startswith("10", i)]
    if not spots or not any(ch in "\u0412\u0414\u041a\u0422" for ch in text):
        return
    i = data.draw(st.sampled_from(spots))
    typo = text[:i] + "T" + text[i + (2 if text.startswith("10", i) else 1):]
    if not any(ch in "\u0412\u0414\u041a\u0422" for ch in typo):
        return  # the only Cyrillic rank was the one replaced: a plain English hand now
    try:
        parse_hand(typo)
    except NotationError as e:
        assert "Latin 'T'" in str(e) and "ten" in str(e) and "ace" in str(e) and one_line(e)
    else:
        raise AssertionError(f"{typo!r} was read")


title_text = st.text(max_size=20) | st.text(alphabet=st.sampled_from("ab \r\n\t\a\x1b\u009b\u202e\u2066"), max_size=8)


@FUZZ
@given(title_text, st.sampled_from(["title", "source", "notes", "theme"]))
def test_a_text_field_loads_printable_or_is_refused_by_name(text, key):
    data = {key: text, "deal": {"A": "♠A", "B": "♠K", "C": "♠Q"}}
    problem = _read_or_refuse(from_dict, data, "fuzz.toml")
    if problem is None:
        return
    value = getattr(problem, key)
    allowed = "\n\t" if key == "notes" else ""
    assert all(ch.isprintable() or ch in allowed or not unicodedata.category(ch) == "Cc" for ch in value)
    assert not set(value) & set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


@FUZZ
@given(st.none() | st.integers() | st.binary(max_size=60) | st.lists(st.text(max_size=3), max_size=2)
       | st.text(max_size=60))
def test_loads_of_anything_is_a_problem_or_a_named_error(value):
    from solver.problemfile import loads

    try:
        loads(value)
    except InputError as e:
        assert e.field == "text" and one_line(e)
    except ProblemError as e:
        assert one_line(e)


@settings(FUZZ, max_examples=40)
@given(st.permutations(range(32)), st.sampled_from(["contract", "misere", "raspasy"]), st.integers(1, 9),
       st.randoms(use_true_random=False), st.integers(-2, 12))
def test_expect_with_tricks_played_counts_the_whole_deal(deck, kind, tricks, rng, guess):
    """Tricks played at random on a full deal: the solver's answer is the tricks taken in them
    and the value from there on; a published answer in the deal's range loads, one outside is
    refused naming expect.tricks, and the answer agrees exactly when it is the whole deal's."""
    from solver.problems import answer
    from solver.rules import legal_cards, play

    hands = tuple(sum(1 << c for c in deck[10 * i:10 * i + 10]) for i in range(3))
    game = {"contract": Game.contract(6, 0, 1), "misere": Game.misere(1), "raspasy": Game.raspasy(TalonMode.NONE)}[kind]
    position, played = Position(hands), []
    for _ in range(tricks):
        trick = []
        for _ in range(3):
            card = rng.choice(sorted(legal_cards(position, game)))
            trick.append(card)
            position = play(position, game, card)
        played.append(" ".join(format_hand(1 << c, "ascii") for c in trick))
    data = {"deal": {s: format_hand(h, "ascii") for s, h in zip(SEATS, hands)},
            "game": {"kind": kind, "played": played} | ({"declarer": "B"} if kind != "raspasy" else {})
            | ({"contract": "6S"} if kind == "contract" else {})}
    problem = from_dict(data, "fuzz.toml")
    whole = answer(problem)
    taken = problem.position().taken
    left = 10 - tricks
    if kind == "raspasy":
        assert all(taken[i] <= whole[s] <= taken[i] + left for i, s in enumerate(SEATS))
        expect = {s: guess if s == "A" else whole[s] for s in SEATS}
        lo, hi, got = taken[0], taken[0] + left, whole["A"]
    else:
        assert taken[1] <= whole <= taken[1] + left
        expect, lo, hi, got = guess, taken[1], taken[1] + left, whole
    loaded = _read_or_refuse(from_dict, {**data, "expect": {"tricks": expect}}, "fuzz.toml")
    assert (loaded is not None) == (lo <= guess <= hi)
    if loaded is not None:
        assert loaded.agrees(whole) == (guess == got)
