import random

import pytest

from preferans.cards import card
from preferans.notation import (NotationError, format_card, format_cards, format_hand,
                             parse_card, parse_cards, parse_hand)

S, C, D, H = range(4)
SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)


def hand(*cards):
    m = 0
    for suit, rank in cards:
        m |= 1 << card(suit, rank)
    return m


# ♠AKQ ♣J10 ♦— ♥987, built from card(), not from the module under test.
SAMPLE = hand((S, ACE), (S, KING), (S, QUEEN), (C, JACK), (C, TEN),
              (H, NINE), (H, EIGHT), (H, SEVEN))


@pytest.mark.parametrize("text, suit, rank", [
    ("AS", S, ACE), ("As", S, ACE), ("as", S, ACE), ("10s", S, TEN), ("Ts", S, TEN),
    ("tS", S, TEN), ("♠A", S, ACE), ("A♠", S, ACE), ("♠10", S, TEN), ("10♠", S, TEN),
    ("  7h ", H, SEVEN), ("8D", D, EIGHT), ("9c", C, NINE), ("QH", H, QUEEN), ("jd", D, JACK),
    ("KC", C, KING), ("SA", S, ACE),
    ("♤A", S, ACE), ("♧K", C, KING), ("♢Q", D, QUEEN), ("♡J", H, JACK), ("♥️A", H, ACE),
    ("A♥️", H, ACE),
    ("♠Т", S, ACE), ("♠т", S, ACE), ("♣К", C, KING), ("♣к", C, KING),
    ("♦Д", D, QUEEN), ("♦д", D, QUEEN), ("♥В", H, JACK), ("♥в", H, JACK),
])
def test_parse_card_accepts_every_written_form(text, suit, rank):
    assert parse_card(text) == card(suit, rank)


def test_latin_t_is_ten_but_cyrillic_t_is_ace():
    assert parse_card("♠T") == card(S, TEN)      # Latin T, U+0054
    assert parse_card("♠\u0422") == card(S, ACE)  # Cyrillic Т
    assert parse_hand("♠T\u0422".replace("T", "10")) == hand((S, TEN), (S, ACE))


@pytest.mark.parametrize("text, latin, cyrillic", [
    ("♠TКД", "T", "К"),                 # Latin T, Cyrillic К Д: ♠K Q 10 or ♠A K Q?
    ("♠T\u0422", "T", "\u0422"),         # both tees in one suit
    ("♠tкд ♣в10", "t", "к"),
    ("♠ТКД ♣JT", "T", "Т"),             # a Russian hand with one English group
    ("TКД...", "T", "К"),               # dot form
])
def test_a_latin_t_among_cyrillic_ranks_is_refused(text, latin, cyrillic):
    with pytest.raises(NotationError) as e:
        parse_hand(text)
    message = str(e.value)
    assert f"Latin '{latin}'" in message and f"'{cyrillic}'" in message
    assert "ten" in message and "ace" in message and "\n" not in message


def test_a_latin_t_among_cyrillic_cards_is_refused():
    with pytest.raises(NotationError, match="Latin 'T'"):
        parse_cards("♠К ♠T")
    assert parse_cards("♠К ♠10") == [card(S, KING), card(S, TEN)]


@pytest.mark.parametrize("text, reading", [
    ("♠ТКB", "Cyrillic \u0412 is the jack"),   # Latin B typed for В
    ("♠\u0410К", "Latin A is the ace"),        # Cyrillic А typed for A
    ("\u0421:AK", "Latin C is clubs"),         # Cyrillic С as a suit letter
])
def test_a_look_alike_letter_is_named_with_its_twins_reading(text, reading):
    with pytest.raises(NotationError, match=reading):
        parse_hand(text)


def test_latin_and_cyrillic_k_are_both_king():
    assert parse_card("♠K") == parse_card("♠\u041a") == card(S, KING)


@pytest.mark.parametrize("text", [
    "♠AKQ ♣J10 ♦— ♥987",
    "♠AKQ ♣JT ♦– ♥987",
    "♠AKQ ♣J10 ♦- ♥987",
    "♠AKQ ♣J10 ♥987",
    "♥987 ♣J10 ♠AKQ",
    "♠A K Q ♣J 10 ♥9 8 7",
    "♠ТКД ♣В10 ♦— ♥987",
    "♠ткд ♣в10 ♥987",
    "♤AKQ ♧J10 ♢— ♡987",
    "♠️AKQ ♣️J10 ♥️987",
    "S:AKQ C:J10 D:- H:987",
    "s:akq c:j10 h:987",
    "H:987 S:AKQ C:JT",
    "AKQ.JT..987",
    "AKQ.J10..987",
    "akq.jt.-.987",
    "AKQ.JT.—.987",
    "As Ks Qs Jc 10c 9h 8h 7h",
    "AS,KS,QS,JC,TC,9H,8H,7H",
    "7h, 8h 9h Jc Tc As Ks Qs",
    "A♠ K♠ Q♠ J♣ 10♣ 9♥ 8♥ 7♥",
    "  ♠AKQ ♣J10 ♦— ♥987  ",
])
def test_parse_hand_accepts_every_form(text):
    assert parse_hand(text) == SAMPLE


@pytest.mark.parametrize("text", ["", "  ", "-", "—", "–", "...", "♠— ♣— ♦— ♥—", "S:- C:- D:- H:-"])
def test_empty_hand_forms(text):
    assert parse_hand(text) == 0


def test_single_suit_group_and_single_card():
    assert parse_hand("♦AK") == hand((D, ACE), (D, KING))
    assert parse_hand("♦A") == hand((D, ACE))
    assert parse_hand("7c") == hand((C, SEVEN))


@pytest.mark.parametrize("mask, style, lang, text", [
    (SAMPLE, "symbol", "en", "♠AKQ ♣J10 ♦— ♥987"),
    (SAMPLE, "symbol", "ru", "♠ТКД ♣В10 ♦— ♥987"),
    (SAMPLE, "letters", "en", "S:AKQ C:J10 D:- H:987"),
    (SAMPLE, "dot", "en", "AKQ.JT..987"),
    (SAMPLE, "ascii", "en", "AS KS QS JC 10C 9H 8H 7H"),
    (SAMPLE, "ascii", "ru", "AS KS QS JC 10C 9H 8H 7H"),
    (0, "symbol", "en", "♠— ♣— ♦— ♥—"),
    (0, "dot", "en", "..."),
    (0, "ascii", "en", ""),
])
def test_format_hand(mask, style, lang, text):
    assert format_hand(mask, style, lang) == text


def test_russian_dot_form_keeps_ten_apart_from_ace():
    text = format_hand(hand((S, ACE), (S, TEN)), "dot", "ru")
    assert text == "\u042210..."
    assert parse_hand(text) == hand((S, ACE), (S, TEN))


@pytest.mark.parametrize("c, style, lang, text", [
    (card(S, ACE), "symbol", "en", "♠A"),
    (card(H, TEN), "symbol", "en", "♥10"),
    (card(S, ACE), "symbol", "ru", "♠Т"),
    (card(D, QUEEN), "symbol", "ru", "♦Д"),
    (card(C, JACK), "symbol", "ru", "♣В"),
    (card(H, TEN), "ascii", "en", "10H"),
    (card(S, SEVEN), "ascii", "ru", "7S"),
])
def test_format_card(c, style, lang, text):
    assert format_card(c, style, lang) == text


def test_format_cards_keeps_order():
    cards = [card(D, SEVEN), card(S, ACE), card(H, TEN)]
    assert format_cards(cards) == "♦7 ♠A ♥10"
    assert format_cards(cards, "ascii") == "7D AS 10H"


STYLES = ["symbol", "letters", "dot", "ascii"]


def _random_masks(n=3000, seed=20240601):
    rng = random.Random(seed)
    masks = [0, 0xFFFFFFFF] + [1 << c for c in range(32)]
    for _ in range(n):
        k = rng.choice([rng.randrange(33), 10, 12])  # dealt hands and anything else
        masks.append(sum(1 << c for c in rng.sample(range(32), k)))
    return masks


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("style", STYLES)
def test_format_hand_round_trips(style, lang):
    for m in _random_masks():
        assert parse_hand(format_hand(m, style, lang)) == m, hex(m)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("style", ["symbol", "ascii"])
def test_format_card_round_trips(style, lang):
    for c in range(32):
        assert parse_card(format_card(c, style, lang)) == c


def test_parse_cards_keeps_order():
    assert parse_cards("7d As, 10h") == [card(D, SEVEN), card(S, ACE), card(H, TEN)]
    assert parse_cards("10♥ ♠A") == [card(H, TEN), card(S, ACE)]
    assert parse_cards("") == []


@pytest.mark.parametrize("parse, text, token", [
    (parse_card, "♠AZ", "'Z'"),
    (parse_card, "Zs", "'Z'"),
    (parse_card, "1s", "'1'"),
    (parse_card, "6s", "'6'"),
    (parse_card, "A", "'A'"),
    (parse_card, "As Ks", "'As Ks'"),
    (parse_card, "♠\u0410", "CYRILLIC CAPITAL LETTER A"),
    (parse_cards, "As Qs As", "♠A"),
    (parse_cards, "As Q", "'Q'"),
    (parse_hand, "♠AZ", "'Z'"),
    (parse_hand, "X:AK", "'X'"),
    (parse_hand, "AK.QJ.7", "got 3"),
    (parse_hand, "AK.QJ.7.8.9", "got 5"),
    (parse_hand, "AKQ ♠J", "'AKQ'"),
    (parse_hand, "♠AKx", "'x'"),
    (parse_hand, "♠AKх", "'х'"),          # Cyrillic х
    (parse_hand, "♠A ♠K", "♠ appears twice"),
    (parse_hand, "S:A S:K", "♠ appears twice"),
    (parse_hand, "♠AKA", "♠A given twice"),
    (parse_hand, "A♠ ♠A", "♠A given twice"),
    (parse_hand, "As AS", "♠A given twice"),
    (parse_hand, "A.K..T10", "♥10 given twice"),
    (parse_hand, "♦A—", "♦"),
    (parse_hand, "♠A#", "'#'"),
    (parse_hand, "A♠K♠", "'A♠K♠'"),
    (parse_hand, "♠A.K..", "'♠'"),
    (parse_hand, "♠A : K", "':'"),
])
def test_bad_input_raises_with_offending_text(parse, text, token):
    with pytest.raises(NotationError) as info:
        parse(text)
    message = str(info.value)
    assert token in message
    assert "\n" not in message


def test_notation_error_is_a_value_error():
    with pytest.raises(ValueError):
        parse_hand("♠AZ")


@pytest.mark.parametrize("call", [
    lambda: format_hand(0, "fancy"),
    lambda: format_hand(0, "symbol", "de"),
    lambda: format_card(32),
    lambda: format_card(0, "dot"),
])
def test_format_rejects_bad_arguments(call):
    with pytest.raises(NotationError):
        call()


@pytest.mark.parametrize("text, ordered, cards", [
    ("KC AC", True, ["KC", "AC"]),       # single cards keep their order
    ("AC, KC", True, ["AC", "KC"]),
    ("♣KA", False, ["AC", "KC"]),        # a hand, as written (high first), where order does not matter
    ("♣A", True, ["AC"]),                # one card has no order to lose
    ("", False, []),
])
def test_parse_card_list_reads_single_cards_else_a_hand(text, ordered, cards):
    from preferans.cards import ascii_name
    from preferans.notation import parse_card_list
    assert [ascii_name(c) for c in parse_card_list(text, ordered)] == cards


def test_parse_card_list_refuses_a_suit_group_where_order_matters_and_names_single_card_errors():
    from preferans.notation import parse_card_list
    with pytest.raises(NotationError, match="one at a time.*'AC KC'"):
        parse_card_list("♣KA", ordered=True)
    with pytest.raises(NotationError, match="Z"):
        parse_card_list("AS ZZ")
