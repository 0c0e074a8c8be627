"""Problem files: TOML and JSON read into the same problem; every error one line naming file and field."""

import json

import pytest

from preferans.cards import card, mask_of
from preferans.notation import parse_cards, parse_hand
from dataclasses import replace

from preferans.problemfile import ProblemError, dumps, load, load_many, loads_json, loads_toml
from preferans.rules import Kind, TalonMode

from conftest import toml_text as to_toml

S, C, D, H = range(4)
SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)


def with_changes(base: dict, section: str, **changes) -> dict:
    data = json.loads(json.dumps(base))
    target = data if section == "" else data.setdefault(section, {})
    for key, value in changes.items():
        if value is None:
            target.pop(key, None)
        else:
            target[key] = value
    return data


def test_toml_and_json_give_the_same_problem(kovalevskaya):
    from_toml = loads_toml(to_toml(kovalevskaya), "k.toml")
    from_json = loads_json(json.dumps(kovalevskaya, ensure_ascii=False), "k.jsonl", 1)
    assert from_toml.position() == from_json.position()
    assert from_toml.game() == from_json.game()
    assert from_toml.title == "Kovalevskaya's misère" and from_toml.expect == 1


def test_problem_builds_the_engine_position(kovalevskaya):
    p = loads_toml(to_toml(kovalevskaya), "k.toml")
    game, position = p.game(), p.position()
    assert game.kind is Kind.MISERE and game.declarer == 1
    assert position.hands == tuple(parse_hand(kovalevskaya["deal"][s]) for s in "ABC")
    assert position.talon == ()  # out of play in a misère
    assert position.leader == 0


def test_talon_of_a_raspasy_is_turned_in_the_order_given(kovalevskaya):
    data = with_changes(kovalevskaya, "game", kind="raspasy", declarer=None)
    data = with_changes(data, "deal", talon="AC KC")
    data["expect"] = {"tricks": {"A": 0, "B": 0, "C": 10}}
    p = loads_toml(to_toml(data), "r.toml")
    assert p.game().talon_mode is TalonMode.SUIT  # the default with a talon
    assert p.position().talon == (card(C, ACE), card(C, KING))


def test_raspasy_without_a_talon_plays_without_it():
    data = {"deal": {"A": "♠A", "B": "♠K", "C": "♠Q"}, "game": {"kind": "raspasy"}}
    assert loads_toml(to_toml(data), "r.toml").game().talon_mode is TalonMode.NONE


def test_talon_written_as_a_suit_group_is_accepted_where_order_does_not_matter(kovalevskaya):
    data = with_changes(kovalevskaya, "deal", talon="♣KA")
    assert loads_toml(to_toml(data), "k.toml").talon_cards() == (card(C, ACE), card(C, KING))


def test_talon_written_as_a_suit_group_is_refused_where_it_is_turned(kovalevskaya):
    data = with_changes(kovalevskaya, "game", kind="raspasy", declarer=None, raspasy_talon="dealer")
    data = with_changes(data, "deal", talon="♣KA")
    data.pop("expect")
    with pytest.raises(ProblemError, match=r"^k.toml: deal.talon: write these cards one at a time"):
        loads_toml(to_toml(data), "k.toml")


def test_card_fields_may_be_lists_of_strings(kovalevskaya):
    data = with_changes(kovalevskaya, "deal", talon=["KC", "AC"], A=["♠JQ", "♣79", "♦10JQK", "♥7J"])
    p = loads_toml(to_toml(data), "k.toml")
    assert p.position().hands[0] == parse_hand("♠JQ ♣79 ♦10JQK ♥7J")


def test_a_trick_in_progress_is_on_the_table():
    data = {"deal": {"A": "♠AK", "B": "♣7", "C": "♣AK"},
            "game": {"kind": "contract", "contract": "6S", "declarer": "A", "leader": "B", "trick": "10S"}}
    position = loads_toml(to_toml(data), "e.toml").position()
    assert position.trick == (card(S, TEN),) and position.leader == 1 and position.to_move == 2


def test_discard_is_out_of_play_and_checked_for_clashes(kovalevskaya):
    data = with_changes(kovalevskaya, "deal", talon=None, discard="KC AC")
    assert loads_toml(to_toml(data), "k.toml").discard_cards() == tuple(parse_cards("KC AC"))
    clash = with_changes(kovalevskaya, "deal", talon=None, discard="KC 7H")
    with pytest.raises(ProblemError, match=r"^k.toml: deal.discard: card 7H is given in deal.A and in deal.discard"):
        loads_toml(to_toml(clash), "k.toml")


@pytest.mark.parametrize("declarer_hand, talon", [
    ("♠JQ ♣79KA ♦10JQK ♥7J", None),   # 12 cards in the hand
    ("♠JQ ♣79 ♦10JQK ♥7J", "KC AC"),    # 10 and the talon, which he takes
])
def test_declarer_with_two_extra_cards_is_a_discard_problem(declarer_hand, talon, kovalevskaya):
    data = with_changes(kovalevskaya, "deal", A=declarer_hand, talon=talon)
    data = with_changes(data, "game", kind="contract", contract="6D", declarer="A")
    data.pop("expect")
    p = loads_toml(to_toml(data), "d.toml")
    hands, declarer = p.deal_for_discard()
    assert declarer == 0
    assert hands[0] == parse_hand("♠JQ ♣79 ♦10JQK ♥7J") | mask_of(parse_cards("KC AC"))
    if talon is None:
        assert p.needs_discard
        with pytest.raises(ProblemError, match=r"^d.toml: deal.A: the declarer holds two cards more"):
            p.position()


def test_jsonl_file_gives_one_problem_per_line_with_its_line_number(tmp_path, kovalevskaya):
    path = tmp_path / "many.jsonl"
    line = json.dumps(kovalevskaya, ensure_ascii=False)
    path.write_text(f"{line}\n\n{line}\n", encoding="utf-8")
    problems = load_many(path)
    assert [p.line for p in problems] == [1, 3]
    assert problems[1].where == f"{path}: line 3"


def test_json_file_holds_one_problem(tmp_path, kovalevskaya):
    path = tmp_path / "one.json"
    path.write_text(json.dumps(kovalevskaya, indent=2), encoding="utf-8")
    assert load(path).expect == 1


BAD = [
    # (section, changes, field, words in the message)
    ("deal", {"A": "♠JQQ ♣79 ♦10JQK ♥7J"}, "deal.A", "given twice"),
    ("deal", {"C": "♠KAJ ♣10JQ ♦A ♥10QKA"}, "deal.C", "card JS is given in deal.A and in deal.C"),
    ("deal", {"talon": "KC 7H"}, "deal.talon", "card 7H is given in deal.A and in deal.talon"),
    ("deal", {"B": "♠78910 ♣8 ♦789 ♥8"}, "deal", "unequal length"),
    ("deal", {"A": "♠JZ ♣79 ♦10JQK ♥7J"}, "deal.A", "unknown rank 'Z'"),
    ("deal", {"A": "W:JQ ♣79 ♦10JQK ♥7J"}, "deal.A", "unknown suit 'W'"),
    ("deal", {"talon": "KC"}, "deal.talon", "2 cards, got 1"),
    ("deal", {"tallon": "KC AC"}, "deal.tallon", "unknown key; did you mean 'talon'"),
    ("deal", {"A": 7}, "deal.A", "expected cards as text"),
    ("game", {"kind": "contract", "contract": "11S"}, "game.contract", "'11S'"),
    ("game", {"kind": "contract", "contract": "5S"}, "game.contract", "6 to 10"),
    ("game", {"kind": "contract"}, "game.contract", "needs a contract"),
    ("game", {"declarer": "D"}, "game.declarer", "A, B or C"),
    ("game", {"kind": "whist"}, "game.kind", "contract, misere or raspasy"),
    ("game", {"leader": "E"}, "game.leader", "A, B or C"),
    ("game", {"raspasy_talon": "suit"}, "game.raspasy_talon", "belongs to raspasy"),
    ("game", {"trick": "7H"}, "game.trick", "card 7H is given in deal.A and in game.trick"),
    ("game", {"decalrer": "B"}, "game.decalrer", "did you mean 'declarer'"),
    ("expect", {"tricks": "1"}, "expect.tricks", "a number of tricks"),
    ("expect", {"tricks": 11}, "expect.tricks", "0 to 10"),
    ("expect", {"tricks": {"A": 1, "B": 0, "C": 9}}, "expect.tricks", "one number"),
    ("", {"titel": "x"}, "titel", "did you mean 'title'"),
    ("", {"deal": None}, "deal", "missing [deal] section"),
]


@pytest.mark.parametrize("section, changes, field, words", BAD, ids=[b[2] + ":" + b[3] for b in BAD])
def test_bad_input_names_file_and_field_in_one_line(section, changes, field, words, kovalevskaya):
    data = with_changes(kovalevskaya, section, **changes)
    for load_text in (lambda: loads_toml(to_toml(data), "bad.toml"),
                      lambda: loads_json(json.dumps(data, ensure_ascii=False), "bad.toml")):
        with pytest.raises(ProblemError) as info:
            load_text()
        message = str(info.value)
        assert message.startswith(f"bad.toml: {field}: "), message
        assert words in message
        assert "\n" not in message


def test_talon_mode_needs_the_talon_cards():
    data = {"deal": {"A": "♠A", "B": "♠K", "C": "♠Q"}, "game": {"kind": "raspasy", "raspasy_talon": "suit"}}
    with pytest.raises(ProblemError, match=r"^r.toml: game.raspasy_talon: talon mode 'suit' turns"):
        loads_toml(to_toml(data), "r.toml")


def test_raspasy_expects_tricks_for_each_player(kovalevskaya):
    data = with_changes(kovalevskaya, "game", kind="raspasy", declarer=None)
    with pytest.raises(ProblemError, match=r"^k.toml: expect.tricks: raspasy expects tricks for each player"):
        loads_toml(to_toml(data), "k.toml")


def test_broken_toml_names_the_line(kovalevskaya):
    text = to_toml(kovalevskaya).replace("[game]", "[game")
    with pytest.raises(ProblemError) as info:
        loads_toml(text, "b.toml")
    line = text.splitlines().index("[game") + 1
    assert str(info.value).startswith(f"b.toml: line {line}: broken TOML")


def test_broken_json_names_the_line_of_the_stream():
    with pytest.raises(ProblemError, match=r"^s.jsonl: line 7: broken JSON: "):
        loads_json('{"deal": {"A": ', "s.jsonl", 7)
    with pytest.raises(ProblemError, match=r"^s.jsonl: line 2: a problem is a JSON object"):
        loads_json("[1, 2]", "s.jsonl", 2)


def test_field_errors_in_a_stream_name_the_line(kovalevskaya):
    data = with_changes(kovalevskaya, "game", declarer="D")
    with pytest.raises(ProblemError, match=r"^s.jsonl: line 4: game.declarer: "):
        loads_json(json.dumps(data), "s.jsonl", 4)


def test_unreadable_file_is_a_problem_error(tmp_path):
    with pytest.raises(ProblemError, match=r"nope.toml: file: cannot read it"):
        load(tmp_path / "nope.toml")


def test_table_only_needs_the_deal(kovalevskaya):
    p = loads_toml(to_toml({"deal": kovalevskaya["deal"]}), "t.toml")
    assert p.kind is None and p.hands()[2] == parse_hand("♠KA ♣10JQ ♦A ♥10QKA")
    with pytest.raises(ProblemError, match=r"^t.toml: game: the problem has no \[game\] section"):
        p.game()


# -- the reader's words in two languages ([ru], task, index_title, side) --------------------------


def test_the_russian_words_are_read_and_fall_back_to_english(kovalevskaya):
    kovalevskaya.update(task="Catch it.", index_title="A misère",
                        ru={"title": "Мизер Ковалевской", "task": "Поймайте.", "notes": "Пойман на одну."})
    kovalevskaya["notes"], kovalevskaya["difficulty"] = "Caught: one trick.", "hard"
    p = loads_toml(to_toml(kovalevskaya), "k.toml")
    assert [p.text(f, "ru") for f in ("title", "task", "notes", "source", "difficulty")] == \
        ["Мизер Ковалевской", "Поймайте.", "Пойман на одну.", "S. Kovalevskaya", "трудная"]
    assert [p.text(f) for f in ("title", "task", "difficulty")] == ["Kovalevskaya's misère", "Catch it.", "hard"]
    # the index's title: the neutral one written (English where the Russian is not), else the title
    assert (p.text("index_title"), p.text("index_title", "ru")) == ("A misère", "A misère")
    del kovalevskaya["index_title"]
    assert loads_toml(to_toml(kovalevskaya), "k.toml").text("index_title", "ru") == "Мизер Ковалевской"
    assert p.untranslated() == ["ru.index_title", "ru.source"]


def test_a_file_without_russian_reads_as_before(kovalevskaya):
    p = loads_toml(to_toml(kovalevskaya), "k.toml")
    assert p.text("title", "ru") == p.title == "Kovalevskaya's misère" and p.task == "" and p.side is None
    assert "[ru]" not in dumps(p) and "task" not in dumps(p)


def test_the_russian_words_survive_writing_toml_and_json(kovalevskaya):
    kovalevskaya.update(task="Catch it.", side="defenders",
                        ru={"title": "Мизер Ковалевской", "notes": "Строка 1.\nСтрока 2.\n", "task": "Поймайте."})
    p = loads_toml(to_toml(kovalevskaya), "k.toml")
    text = dumps(p)
    assert text.rstrip().endswith("'''") and "\n[ru]\n" in text  # the table last, the notes multi-line
    assert loads_toml(text, "k.toml") == p
    assert loads_json(dumps(p, "json"), "k.json") == replace(p, path="k.json")
    assert json.loads(dumps(p, "json"))["ru"]["title"] == "Мизер Ковалевской"


@pytest.mark.parametrize("changes, field, words", [
    ({"ru": {"titel": "x"}}, "ru.titel", "did you mean 'title'?"),
    ({"ru": {"title": 7}}, "ru.title", "expected text in quotes"),
    ({"ru": "Мизер"}, "ru", "expected a [ru] section"),
    ({"ru": {"title": "a\x1b[2Jb"}}, "ru.title", "control character U+001B"),
    ({"side": "catchers"}, "side", "the side is declarer or defenders, not 'catchers'"),
    ({"task": ["Catch it"]}, "task", "expected text in quotes"),
])
def test_bad_words_are_named(kovalevskaya, changes, field, words):
    kovalevskaya.update(changes)
    with pytest.raises(ProblemError) as e:
        loads_json(json.dumps(kovalevskaya), "k.json")
    assert e.value.field == field and words in str(e.value), str(e.value)


def test_raspasy_has_no_side_and_a_side_needs_a_game():
    raspasy = {"deal": {"A": "♠A", "B": "♠K", "C": "♠Q"}, "game": {"kind": "raspasy"}, "side": "declarer"}
    with pytest.raises(ProblemError, match="side: raspasy has no sides"):
        loads_json(json.dumps(raspasy), "r.json")
    del raspasy["game"]
    with pytest.raises(ProblemError, match="side: a side needs a \\[game\\] section"):
        loads_json(json.dumps(raspasy), "r.json")


def test_the_side_a_problem_is_about(kovalevskaya):
    p = loads_json(json.dumps(kovalevskaya), "k.json")
    assert p.side_seats() == (0, 2)  # A leads against B's misère: the catchers
    assert replace(p, side="declarer").side_seats() == (1,)
    twelve = {**kovalevskaya, "deal": {**kovalevskaya["deal"], "B": "♠78910 ♣8KA ♦789 ♥89"}}
    del twelve["deal"]["talon"]
    assert loads_json(json.dumps(twelve), "k.json").side_seats() == (1,)  # he discards first
    raspasy = loads_json(json.dumps({"deal": {"A": "♠A", "B": "♠K", "C": "♠Q"}, "game": {"kind": "raspasy", "leader": "B"}}),
                         "r.json")
    assert raspasy.side_seats() == (1,)


def test_untranslated_names_each_word_in_one_language_only(kovalevskaya):
    kovalevskaya.update(theme="misère; catching", difficulty="very hard", ru={"title": "Мизер", "task": "Поймайте."})
    p = loads_json(json.dumps(kovalevskaya), "k.json")
    assert p.untranslated() == ["task", "ru.theme", "ru.source", "difficulty"]
    kovalevskaya.update(task="Catch it.", difficulty="hard", ru={"title": "Мизер", "task": "Поймайте.",
                                                                 "theme": "мизер; ловля", "source": "С. Ковалевская"})
    assert loads_json(json.dumps(kovalevskaya), "k.json").untranslated() == []
