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
import re
import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings  # in the `test` extra
from hypothesis import strategies as st

from preferans import InputError, make_position, parse_game, reference, solve
from preferans.cards import FULL_DECK, SEATS, cards_of
from preferans.notation import (NotationError, format_hand, parse_card, parse_cards,
                             parse_hand)
from preferans.problemfile import ProblemError, dumps, from_dict, loads_json, loads_toml
from preferans.rules import Game, Kind, Position, TalonMode

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


@pytest.mark.heavy
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

    from preferans.cli.main import pref

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
    from preferans.problemfile import loads

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
    from preferans.problems import answer
    from preferans.rules import legal_cards, play

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


# -- issue 23: pref score's lines and records, and every good line of a stream ------------------------------

EXACT_TEXT = ["1e100000000", "1e-100000000", "1e-4400", "1e5000", "0.0000001", "999999999.999999", "1/3", "-1/999999",
              "2.5E-1", "1/0", "inf", "NaN", "1_000", "٣", " 5 / 2 ", "1e30", "-0", ".5"]
HUGE_INT = "1" + "0" * 4399  # past what Python prints, or reads from JSON: raw text put in the line
hostile_number = (st.sampled_from(EXACT_TEXT) | st.integers(-10**12, 10**12) | st.sampled_from([10**4299, -10**40])
                  | st.floats() | st.fractions(max_denominator=10**8).map(str) | st.just(HUGE_INT))
"""Huge and tiny exact numbers, and texts that are no number."""
amount = (st.integers(-10**9, 10**9) | st.fractions(-10**9, 10**9, max_denominator=10**6).map(str)
          | st.decimals(-10**6, 10**6, places=2, allow_nan=False).map(str))
share = st.fractions(0, 1, max_denominator=10**6).map(str) | st.sampled_from([0, 1, 0.5, "1/3", "0.25"])
VALID_OPTIONS = {"scale": st.integers(1, 10), "misere_trick": st.integers(0, 1000) | st.none(), "shortfall_share": share,
                 "shortfall_share_closed": share | st.none(), "concession_down": st.integers(0, 10),
                 "raspasy_clean_writeoff": st.integers(0, 10),
                 "raspasy_prices": st.lists(st.integers(0, 1000), min_size=1, max_size=20),
                 "raspasy_exit": st.lists(st.integers(6, 10), min_size=1, max_size=4),
                 "quota": st.sampled_from(["each", "joint"]), "half_whist": st.booleans(), "bombs": st.booleans()}


def sometimes(draw, valid, hostile, odds: int = 8):
    """Mostly a value that can be (so that deals are scored, not only refused), now and then a hostile one."""
    return draw(hostile) if draw(st.integers(1, odds)) == 1 else draw(valid)


def _json_with_raw(data) -> str:
    """JSON text of ``data`` with :data:`HUGE_INT` written as a bare number (json.dumps cannot)."""
    return json.dumps(data, ensure_ascii=False).replace(f'"{HUGE_INT}"', HUGE_INT)


@st.composite
def score_options(draw) -> dict:
    names = draw(st.lists(st.sampled_from(sorted(VALID_OPTIONS)), unique=True, max_size=3))
    return {name: sometimes(draw, VALID_OPTIONS[name], hostile_number | st.lists(hostile_number, max_size=25))
            for name in names}


@st.composite
def score_deals(draw, in_record: bool = False):
    """A deal of ``pref score``, mostly one that can be (long names of players too), with now and
    then an extreme number, a trick that cannot be or an odd field drawn in."""
    if in_record:
        seats, line = ("A", "B", "C"), {}
    else:
        players = sometimes(draw, st.sampled_from([3, 4, ["Anna", "Boris", "Vera"], ["a" * 40, "Ю", "b" * 39]]),
                            st.sampled_from([5, 2, 6, "3"]) | st.lists(st.sampled_from(["A", "", " ", "x\ny", "a" * 300]),
                                                                      min_size=2, max_size=5))
        seats = (tuple("ABCDE"[:players]) if isinstance(players, int) and 2 < players < 6
                 else tuple(p.strip() for p in players) if isinstance(players, list) else ("A", "B", "C"))
        line = {"players": players}
    playing = list(seats[:3])
    game = sometimes(draw, st.sampled_from(["6S", "7H", "8NT", "9D", "10C", "misere", "raspasy"]),
                     st.sampled_from(["preferans", "11S", "5H", "", 6]))
    declarer = draw(st.sampled_from(playing))
    cuts = sorted(draw(st.lists(st.integers(0, 10), min_size=2, max_size=2)))
    tricks = dict(zip(playing, (cuts[0], cuts[1] - cuts[0], 10 - cuts[1])))
    if draw(st.integers(0, 9)) == 0:  # a trick that cannot be
        tricks[draw(st.sampled_from(list(seats)))] = draw(st.integers(-1, 11) | hostile_number)
    defenders = [s for s in playing if s != declarer]
    choices = sometimes(draw, st.sampled_from([("whist", "pass"), ("pass", "whist"), ("whist", "whist"),
                                               ("pass", "pass"), ("вист", "пас")]),
                        st.tuples(st.sampled_from(["half", "x", 5]), st.sampled_from(["whist", "pass", "half"])))
    line.update({"game": game, "tricks": tricks})
    if game != "raspasy":
        line.update({"declarer": declarer, "defence": dict(zip(defenders, choices))})
    if draw(st.integers(0, 7)) == 0:
        key = draw(st.sampled_from(["bombs", "round", "conceded", "closed", "talon", "dealer", "out"]))
        line[key] = draw(hostile_number | st.booleans() | st.sampled_from(["A", "D", "SA SK", "a" * 300])
                         | st.integers(0, 12))
    if not in_record and draw(st.booleans()):
        line["convention"] = sometimes(draw, st.sampled_from(["sochi", "leningrad", "rostov", "classic"]),
                                       st.sampled_from(["moscow", "", 5]))
        line["options"] = draw(score_options())
    return line


def _check_balance(balance: dict) -> None:
    """A scored deal's balances are exact numbers that add up to nothing."""
    from fractions import Fraction

    assert sum(Fraction(v) for v in balance.values()) == 0


@settings(FUZZ, max_examples=150)
@given(st.lists(score_deals().map(_json_with_raw) | st.sampled_from(["not json", "[1]", "{}", "", "\x00"]),
                min_size=1, max_size=5), st.sets(st.integers(1, 5), max_size=2))
def test_pref_score_on_any_stream_answers_or_names_each_line(lines, crashes):
    """Each line of a stream of deals — huge and tiny exact numbers, long names, impossible tricks,
    and lines whose answer fails to be written (a bug, ``crashes``) — gets one answer or one error,
    in its place; answered deals balance exactly."""
    from unittest import mock

    from click.testing import CliRunner

    from preferans.cli.commands import score
    from preferans.cli.main import pref

    real = score._deal_answer

    def answer(item, outcome):
        if item.lineno in crashes:
            raise RuntimeError("a writer crash")
        return real(item, outcome)

    with mock.patch.object(score, "_deal_answer", answer):
        result = CliRunner().invoke(pref, ["score", "--jsonl", "-"], input="\n".join(lines) + "\n")
    assert result.exit_code in (0, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    numbered = [n for n, line in enumerate(lines, 1) if line.strip()]
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(out) == len(numbered)
    errors = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(errors) == sum("error" in o for o in out) and (result.exit_code == 2) == bool(errors)
    assert all(one_line(e) and "Traceback" not in e for e in errors)
    for n, o in zip(numbered, out):
        if "error" in o:
            assert o["lineno"] == n
        else:
            assert n not in crashes
            assert json.loads(lines[n - 1]) == {k: v for k, v in o.items()
                                                if k not in ("pool", "mountain", "whists", "balance")}
            _check_balance(o["balance"])


def _toml_value(value) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k), ensure_ascii=False)} = {_toml_value(v)}"
                               for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return HUGE_INT if value == HUGE_INT else json.dumps(value, ensure_ascii=False)


@st.composite
def sheet_rows(draw) -> dict:
    number = st.builds(lambda n: n, amount) if draw(st.integers(1, 5)) > 1 else hostile_number
    row = draw(st.fixed_dictionaries({}, optional={"pool": number, "mountain": number,
                                                   "whists": st.dictionaries(st.sampled_from("ABC"), number,
                                                                             max_size=2)}))
    return row


@pytest.mark.heavy
@settings(FUZZ, max_examples=100)
@given(st.sampled_from(["sochi", "leningrad", "rostov", "classic"]), score_options(),
       st.dictionaries(st.sampled_from(["A", "B", "C"]), sheet_rows(), max_size=3),
       st.none() | st.integers(1, 10_000) | hostile_number, st.lists(score_deals(in_record=True), max_size=4))
def test_pref_score_on_any_record_settles_it_or_names_the_field(convention, options, sheet, target, deals):
    """A pool record with extreme numbers anywhere: settled (exactly: the balances add up to
    nothing) and printed, or one line naming the file, exit 2 — never a traceback, never a hang."""
    import tempfile

    from click.testing import CliRunner

    from preferans.cli.main import pref

    lines = [f"convention = {json.dumps(convention)}", "players = 3"]
    if target is not None:
        lines.append(f"target = {_toml_value(target)}")
    lines += ["[options]"] + [f"{k} = {_toml_value(v)}" for k, v in options.items() if v is not None]
    for seat, row in sheet.items():
        lines += [f"[sheet.{seat}]"] + [f"{k} = {_toml_value(v)}" for k, v in row.items()]
    for deal in deals:
        lines += ["[[deal]]"] + [f"{k} = {_toml_value(v)}" for k, v in deal.items() if v is not None]
    with tempfile.TemporaryDirectory() as folder:
        path = f"{folder}/pool.toml"
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        for args in (("--json", path), (path,)):
            result = CliRunner().invoke(pref, ["score", *args])
            assert result.exit_code in (0, 2), result.output
            assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
            if result.exit_code == 2:
                errors = result.stderr.strip().splitlines()
                assert len(errors) == 1 and errors[0].startswith(path) and one_line(errors[0]), result.stderr
            elif args[0] == "--json":
                _check_balance(json.loads(result.stdout)["balance"])


BAD_LINES = ["not json", "[1]", '{"deal": 5}', "x" * ((1 << 20) + 1), '{"game": "' + "x" * (3 << 20) + '"}',
             b'{"deal": "\xff"}', '{"a": ' + HUGE_INT + "}", "\ufeff{}"]
"""Lines that must each cost only themselves: broken JSON, the wrong shape, a line over 1 MB (one
3 MB), bytes that are not UTF-8, a number past what Python reads."""


def _stream(command: str, lines) -> list[dict]:
    from click.testing import CliRunner

    from preferans.cli.main import pref

    data = b"".join((line if isinstance(line, bytes) else line.encode()) + b"\n" for line in lines)
    result = CliRunner().invoke(pref, [command, "--jsonl", "-"], input=data)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return [{k: v for k, v in json.loads(line).items() if k not in ("lineno", "nodes")}
            for line in result.stdout.splitlines()]


def _answers_as_alone(command: str, good, bad, rng) -> None:
    """Good lines shuffled among bad ones are each answered as when they come alone, in their
    places; the bad lines get their error objects."""
    alone = [_stream(command, [line])[0] for line in good]
    lines = [(line, i) for i, line in enumerate(good)] + [(line, None) for line in bad]
    rng.shuffle(lines)
    together = _stream(command, [line for line, _ in lines])
    assert len(together) == len(lines)
    for got, (_, i) in zip(together, lines):
        if i is None:
            assert "error" in got
        elif "error" in alone[i]:  # good as JSON, refused by the reader: the same message on another line
            assert re.sub(r"line \d+", "line N", got["error"]) == re.sub(r"line \d+", "line N", alone[i]["error"])
        else:
            assert got == alone[i]


@settings(FUZZ, max_examples=25)
@given(st.lists(score_deals().map(_json_with_raw), min_size=1, max_size=3),
       st.lists(st.sampled_from(BAD_LINES), min_size=1, max_size=3), st.randoms(use_true_random=False))
def test_pref_score_answers_every_good_line_whatever_its_bad_lines_are(good, bad, rng):
    _answers_as_alone("score", good, bad, rng)


@settings(FUZZ, max_examples=15)
@given(st.lists(near_valid_documents().map(lambda d: json.dumps(d, ensure_ascii=False)), min_size=1, max_size=3),
       st.lists(st.sampled_from(BAD_LINES), min_size=1, max_size=3), st.randoms(use_true_random=False))
def test_pref_solve_answers_every_good_line_whatever_its_bad_lines_are(good, bad, rng):
    _answers_as_alone("solve", good, bad, rng)
