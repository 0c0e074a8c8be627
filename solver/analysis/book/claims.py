"""Every claim of docs/book-claims.md sections 1–5 as data: the book's words, the hand, the seats, the
question solved per layout and the readings that put a simulated figure beside the book's.

Each :class:`Row` is one line of the report: one claim in one seat under one method.
``quote`` is the book's text the row checks, verbatim (the tests find each quote in
docs/book-claims.md and every bullet and table row of docs/book-claims.md in some quote).
"""

from __future__ import annotations

from math import comb

from ...cards import SEATS
from .questions import ContractTricks, MisereTalon, RaspasyCost, SplitEvent, SuitWorth
from .rows import BOUNDS, EXACT, MEAN, SHARE, SHARE_BOUNDS, TABLE_BOUNDS, Reading, Row
from .scoring_tables import rows as scoring_rows
from .verdict import Figure

SPADES, CLUBS, DIAMONDS, HEARTS = range(4)
WHOLE, HALF, PERCENT = 0.5, 0.25, 0.005
"""Tolerances: a whole-trick figure, a half-trick figure, a whole percent."""
SURELY = 0.05
""""Surely", "at least N", "always": read as "in at least 95% of layouts"."""

# ---------------------------------------------------------------- section 1: trump table

TRUMP_TABLE = [
    (8, "8", ["A K Q J 10 9 8 7"]),
    (7, "7", ["A x x x x x x"]),
    (7, "6", ["K Q J 10 9 8 7"]),
    (6, "6", ["A K x x x x"]),
    (6, "5", ["A x x x x x", "K Q x x x x"]),
    (6, "4", ["x x x x x x"]),
    (5, "5", ["A K Q x x"]),
    (5, "4", ["A K x x x", "A Q J x x", "K Q J x x"]),
    (5, "3", ["A x x x x", "K Q x x x", "K J 10 x x", "Q J 10 x x"]),
    (5, "2", ["x x x x x"]),
    (4, "4", ["A K Q J"]),
    (4, "3", ["A K Q x", "K Q J 10", "A Q J 10"]),
    (4, "2–3", ["A K x x", "K Q J x", "A Q J x"]),
    (4, "1–2", ["A x x x", "K Q x x", "Q J 10 x"]),
]
"""(trumps held, the book's tricks, holdings) as the claims' trump table writes them."""


def _tricks_figure(text: str) -> Figure:
    if "–" in text:
        lo, hi = (int(t) for t in text.split("–"))
        return Figure.range(lo, hi, WHOLE, text)
    return Figure.of(int(text), WHOLE, text)


def trump_key(holding: str, seat: int, sides: str) -> str:
    """The key of a trump-table row: ``1/holding/seat/sides``."""
    return f"1/{holding}/{SEATS[seat]}/{sides}"


def _section1() -> list[Row]:
    rows = []
    for i, (n, tricks, holdings) in enumerate(TRUMP_TABLE, 1):
        for j, text in enumerate(holdings):
            claim = f"1.{i}" + ("abcd"[j] if len(holdings) > 1 else "")
            sketch = "♠" + text
            figure = _tricks_figure(tricks)
            for seat in range(3):
                for sides, label in (("clean", "tricks, side cards take none"),
                                     ("random", "in context: tricks − side top tricks")):
                    q = ContractTricks(sketch, SPADES, seat, sides, minus_top=sides == "random")
                    span = (-10.0, 10.0) if sides == "random" else (0.0, 10.0)
                    rows.append(Row(trump_key(text, seat, sides), 1, claim, text, "♠" + text, q,
                                    (Reading(label, figure, span=span),), seat, sides))
    rows.append(Row("1/seat-note", 1, "1.15", "The manual adds that the figure can rise with a kind layout, fall "
                    "with play in the dark, and that the order of leads (the declarer's seat) matters.", "—", None, (),
                    note="qualitative: the distributions above show the kind layouts, and each holding is "
                         "valued in each seat (play in the dark is outside double-dummy analysis)"))
    return rows


# ---------------------------------------------------------------- section 2: raspasy

RASPASY_SUITS = [
    # (claim, quote, holdings, figure)
    ("2.1", "Long suit (4+ cards) starting 7-8, 7-9 or 7-10: clean, 0 tricks",
     ["7 8 Q K", "7 9 J A", "7 10 Q K"], Figure.of(0, HALF)),
    ("2.2", "Also counted clean, \"as\noptimists\": 7 9 K A, 7 10 Q A", ["7 9 K A", "7 10 Q A"], Figure.of(0, HALF)),
    ("2.3", "Five or more cards: 0 (cautiously 1)", ["7 8 J K A", "7 9 10 Q A"],
     Figure.range(0, 1, HALF, "0 (cautiously 1)")),
    ("2.4", "Four cards starting 8-9 or 8-10: \"conditionally\" clean", ["8 9 K A", "8 10 Q K"],
     Figure.of(0, HALF, "0 (conditionally)")),
    ("2.6", "Long suit starting 7-J or 8-J: 1 trick", ["7 J Q K", "8 J K A"], Figure.of(1, HALF)),
    ("2.7", "Any other long suit: 2", ["9 10 K A", "10 J Q A"], Figure.of(2, HALF)),
    ("2.8", "J Q K A \"usually no more\nthan two with correct play\"", ["J Q K A"],
     Figure.range(0, 2, HALF, "at most 2")),
    ("2.9", "Singleton 7, 8, 9 or 10: 0", ["7", "8", "9", "10"], Figure.of(0, HALF)),
    ("2.10", "any other singleton: 1", ["J", "Q", "K", "A"], Figure.of(1, HALF)),
    ("2.11", "Doubletons 7-8, 7-9, 7-10, 7-J, 8-9, 8-10, 8-J, 9-10: 0", ["7 8", "7 9", "7 10", "8 9", "8 10"],
     Figure.of(0, HALF)),
    ("2.12", "(7-J, 8-J, 9-10 better 0.5)", ["7 J", "8 J", "9 10"], Figure.range(0, 0.5, HALF, "0 (better 0.5)")),
    ("2.13", "K-A, Q-A, Q-K: 2", ["K A", "Q A", "Q K"], Figure.of(2, HALF)),
    ("2.14", "every other doubleton: 1", ["7 A", "9 Q", "10 J", "J K"], Figure.of(1, HALF)),
    ("2.15", "7 9 K → 0", ["7 9 K"], Figure.of(0, HALF)),
    ("2.16", "8 J A → 1", ["8 J A"], Figure.of(1, HALF)),
    ("2.17", "10 J Q → 1", ["10 J Q"], Figure.of(1, HALF)),
    ("2.18", "9 10 A → 1", ["9 10 A"], Figure.of(1, HALF)),
    ("2.19", "J Q A → 2", ["J Q A"], Figure.of(2, HALF)),
]
"""Section 2's suit rules: (claim, words, the holdings that illustrate it, the book's figure)."""

FIVE_CONDITIONAL = ("2.5", "Five or more such cards: about half the time the holder is given at least "
                    "four tricks in the suit", ["8 9 J K A", "8 10 J Q K"])
"""Claim 2.5: (claim, words, holdings): a share of layouts, not a number of tricks."""

WHOLE_RASPASY = [
    ("2.21", "♠9 J A ♣J Q K ♦K ♥9 10 K → \"about six, with a bad layout all nine\"",
     "♠9 J A ♣J Q K ♦K ♥9 10 K", 6),
    ("2.22", "♠8 Q A ♣10 Q K ♦Q ♥8 K A → \"about five\"", "♠8 Q A ♣10 Q K ♦Q ♥8 K A", 5),
]
"""Section 2's whole hands: (claim, words, hand, the book's tricks)."""


def _cost_reading(figure: Figure) -> Reading:
    return Reading("tricks the suit costs", figure, BOUNDS)


def _five_conditional() -> list[Row]:
    rows = []
    claim, quote, holdings = FIVE_CONDITIONAL
    for text in holdings:
        sketch = "♠" + text
        for seat in range(3):
            rows.append(Row(f"2/{text}/{SEATS[seat]}", 2, claim, quote, "♠" + text, RaspasyCost(sketch, seat),
                            (Reading("P(at least 4 tricks)", Figure.of(0.5, 0.1, "about half"), SHARE_BOUNDS,
                                     test=(">=", 4)),
                             _cost_reading(None)), seat,
                            note="the holder's tricks: the filler cards take none by rank"))
    rows.append(Row("2/entry-rule", 2, "2.5b", "(unless he has an entry elsewhere, then 1)", "—", None, (),
                    note="a condition on the rest of the hand, not a figure for a holding"))
    return rows


def _section2() -> list[Row]:
    rows = []
    for claim, quote, holdings, figure in RASPASY_SUITS:
        for text in holdings:
            sketch = "♠" + text
            for seat in range(3):
                rows.append(Row(f"2/{text}/{SEATS[seat]}", 2, claim, quote, "♠" + text,
                                RaspasyCost(sketch, seat), (_cost_reading(figure),), seat))
        if claim == "2.4":
            rows += _five_conditional()
    rows.append(Row("2/whole-rule", 2, "2.20",
                    "Whole hand: the sum over the suits; minus 0.5–1 for a void; plus 1 if an entry is needed in\n"
                    "  a suit valued 0", "—", None, (),
                    note="a rule of addition; its worked examples are rows 2.21 and 2.22"))
    for claim, quote, hand, figure in WHOLE_RASPASY:
        sketch = hand
        for seat in range(3):
            readings = [Reading("tricks of the hand", Figure.of(figure, WHOLE, f"about {figure}"), BOUNDS)]
            if figure == 6:
                readings.append(Reading("P(all nine or more)", None, SHARE_BOUNDS, test=(">=", 9)))
            rows.append(Row(f"2/{hand}/{SEATS[seat]}", 2, claim, quote, hand, RaspasyCost(sketch, seat, fill=False),
                            tuple(readings), seat))
    return rows


# ---------------------------------------------------------------- section 3: misère

MISERE_1 = "♠7 9 J ♣7 8 10 A ♦7 9 ♥K"
"""Section 3's first misère hand (claims 3.1a, 3.1b)."""
MISERE_2 = "♠7 9 J K ♣7 8 10 K A ♥K"
"""Section 3's second misère hand, void in ♦ (claims 3.2a, 3.2b)."""
MISERE_3 = "♠7 8 9 10 ♣7 8 9 10 ♦7 ♥Q"
"""The counting rule's worked hand: one hole, 11 saving cards (claims 3.3a, 3.3b)."""
SPLIT_ASIDE = "♦10 8"
"""For the 79% split of row 3.2b: two seen cards outside clubs, so 20 unseen split 10/10."""


AT_TABLE = "P(saved): double dummy … at the table"
"""The books speak of the table, where the catchers see the talon but not the discard: the chance
is judged between its double-dummy and its at-the-table bound (:data:`TABLE_BOUNDS`)."""


def _section3() -> list[Row]:
    rows = []
    s1 = MISERE_1
    rows.append(Row("3/1/raspasy", 3, "3.1a", "\"on raspasy surely one trick\"", MISERE_1,
                    RaspasyCost(s1, 2, fill=False),
                    (Reading("P(at least one trick)", Figure.of(1, SURELY, "surely"), SHARE_BOUNDS, test=(">=", 1)),
                     Reading("tricks", None, BOUNDS)), 2))
    rows.append(Row("3/1/talon", 3, "3.1b", "the chance\n  that the talon brings a card that saves the misère: 88%",
                    MISERE_1, MisereTalon(s1, 2),
                    (Reading(AT_TABLE, Figure.of(0.88, PERCENT, "88%"), TABLE_BOUNDS, test=("==", 1)),
                     Reading("P(caught as the ten cards stand)", None, SHARE, component=1, test=(">=", 1))), 2))
    s2 = MISERE_2
    for seat in range(3):
        rows.append(Row(f"3/2/talon/{SEATS[seat]}", 3, "3.2a", "chance to buy a saving card 76%", MISERE_2,
                        MisereTalon(s2, seat),
                        (Reading(AT_TABLE, Figure.of(0.76, PERCENT, "76%"), TABLE_BOUNDS,
                                 test=("==", 1)),), seat))
    split = 1 - 2 * comb(10, 3) / comb(20, 3)
    rows.append(Row("3/2/split", 3, "3.2b", "the 79% chance that\n  three cards of a suit lie in one hand", MISERE_2,
                    SplitEvent(s2, 2, "3-missing-split", aside=SPLIT_ASIDE),
                    (Reading("P(3 missing ♣ not all in one hand), exact", Figure.of(0.79, PERCENT, "79%"), EXACT,
                             value=split),
                     Reading("the same, sampled", Figure.of(0.79, PERCENT, "79%"), SHARE, test=("==", 1))), 2,
                    note="79% is the chance the three cards are NOT all in one hand (3-0 is 21%)"))
    rows.append(Row("3/3/rule", 3, "3.3a", "with 7 or more such cards the misère is clean more than half the time",
                    "—", None, (), note="a counting rule; its worked example is row 3.3b"))
    s3 = MISERE_3
    book = 1 - (11 * 10) / (22 * 21)
    rows.append(Row("3/3/talon", 3, "3.3b", "P(buy at least one) =\n  1 − (11·10)/(22·21) = 0.762", MISERE_3,
                    MisereTalon(s3, 0),
                    (Reading(AT_TABLE, Figure.of(0.762, 0.0005, "0.762"), TABLE_BOUNDS, test=("==", 1)),
                     Reading("the book's arithmetic 1 − C(11,2)/C(22,2)", Figure.of(0.762, 0.0005, "0.762"), EXACT,
                             value=1 - comb(11, 2) / comb(22, 2))), 0,
                    note=f"the book's formula gives {book:.4f}"))
    return rows


# ---------------------------------------------------------------- section 4: whole hands

def _contract(key, claim, quote, hand, trump, seats, readings, note=""):
    sketch = hand
    return [Row(f"4/{key}/{SEATS[s]}", 4, claim, quote, hand, ContractTricks(sketch, trump, s), tuple(readings), s,
                note=note) for s in seats]


def _section4() -> list[Row]:
    rows = []
    six = Figure.of(6, WHOLE)
    rows += _contract("AQxxx", "4.1a", "at least 7 tricks", "♠A Q x x x ♥A Q x x x", SPADES, range(3),
                      [Reading("P(at least 7)", Figure.of(1 - 0.032, 0.0005, "96.8% (6 only in 3.2%)"), SHARE,
                               test=(">=", 7))])
    rows.append(Row("4/AQxxx/event", 4, "4.1b", "one defender holds\n  ♠K x x and ♥K x x (3.2%)",
                    "♠A Q x x x ♥A Q x x x", SplitEvent("♠A Q x x x ♥A Q x x x", 0, "KxxKxx"),
                    (Reading("P(a defender holds ♠K x x and ♥K x x)", Figure.of(0.032, 0.0005, "3.2%"), SHARE,
                             test=("==", 1), more_is_better=False),), 0))
    rows += _contract("KQ-AKQJ", "4.2", "only 6", "♠K Q ♣A K Q J ♦K Q ♥K Q", CLUBS, range(3),
                      [Reading("tricks", six)])
    rows += _contract("AxxxxAxxxx", "4.3", "First hand ♠A x x x x ♣A x x x x (spades trump): at least 7",
                      "♠A x x x x ♣A x x x x", SPADES, [0],
                      [Reading("P(at least 7)", Figure.of(1, SURELY, "at least 7"), SHARE, test=(">=", 7))])
    rows += _contract("Axx-Axx-AQJ10", "4.4a", "♠— ♣A x x ♦A x x ♥A Q J 10 (12 cards with the talon; hearts trump): 6",
                      "♣A x x ♦A x x ♥A Q J 10", HEARTS, range(3), [Reading("tricks", six)],
                      note="the two cards not shown are the discard: out of play, drawn from the unseen cards")
    rows.append(Row("4/Axx-Axx-AQJ10/event", 4, "4.4b",
                    "the heart king\n  scores only if one defender holds three clubs, three diamonds and ♥K x (under 1.6%)",
                    "♣A x x ♦A x x ♥A Q J 10", SplitEvent("♣A x x ♦A x x ♥A Q J 10", 0, "xxx-xxx-Kx"),
                    (Reading("P(a defender holds ♣xxx ♦xxx ♥K x)", Figure.range(0, 0.016, 0.0005, "under 1.6%"),
                             SHARE, test=("==", 1), more_is_better=False),), 0))
    rows += _contract("AKQJ7", "4.5", "First hand ♠— ♣A K Q J 7 ♦Q J 10 ♥10 9 (clubs trump): 6",
                      "♣A K Q J 7 ♦Q J 10 ♥10 9", CLUBS, [0], [Reading("tricks", six)])
    rows += _contract("AKJ108", "4.6", "Second hand ♠A K J 10 8 ♣K Q ♦Q J 10 ♥— (spades trump): 6",
                      "♠A K J 10 8 ♣K Q ♦Q J 10", SPADES, [1], [Reading("tricks", six)])
    eight = "♦K Q J 10 9 8 ♥K Q J 10"
    rows += _contract("KQJ1098-A", "4.7a", "First hand ♠— ♣— ♦K Q J 10 9 8 ♥K Q J 10 (diamonds trump): 8",
                      eight, DIAMONDS, [0], [Reading("tricks", Figure.of(8, WHOLE))])
    rows += _contract("KQJ1098-B", "4.7b", "the same cards in the\n  second seat: 8, a cautious player bids 7",
                      eight, DIAMONDS, [1], [Reading("tricks", Figure.of(8, WHOLE)),
                                             Reading("P(at least 8)", None, SHARE, test=(">=", 8))])
    rows += _contract("8-KQJ109", "4.7c", "Second seat ♠— ♣8 ♦K Q J 10 9 ♥K Q J 10: a heart\n  ruff happens in 37.5% "
                      "of layouts, so 6", "♣8 ♦K Q J 10 9 ♥K Q J 10", DIAMONDS, [1],
                      [Reading("tricks", six),
                       Reading("P(6 or fewer)", Figure.of(0.375, 0.0005, "37.5%"), SHARE, test=("<=", 6),
                               more_is_better=False)],
                      note="the ruff's 37.5% is read as the share of layouts held to 6 or fewer")
    for s in range(3):
        rows.append(Row(f"4/xxxxxx-xxxx/{SEATS[s]}", 4, "4.8",
                        "♠x x x x x x ♣— ♦x x x x ♥— (spades trump): the diamonds are worth 1 trick (better 0.5)",
                        "♠x x x x x x ♦x x x x", ContractTricks("♠x x x x x x ♦x x x x", SPADES, s),
                        (Reading("tricks = the book's trumps 4 (table 1.6) + diamonds 1 (better 0.5)",
                                 Figure.range(4.5, 5, HALF, "4 + 1 (better 0.5)")),), s,
                        note="the hand's own tricks against the book's sum: no row of another shape is "
                             "subtracted (row 1.6's hand has its side cards in three suits, this one a "
                             "four-card suit and two voids)"))
    hearts_hand = "♠A ♣A Q J 10 7 ♥K J 10 9"
    for s in range(3):
        figure = Figure.of(1, HALF) if s == 0 else None
        rows.append(Row(f"4/A-AQJ107/{SEATS[s]}", 4, "4.9",
                        "first hand, hearts worth 1 trick; second or\n  third hand, hearts are hard to develop",
                        hearts_hand, SuitWorth(hearts_hand, CLUBS, s, HEARTS),
                        (Reading("hearts' worth (paired)", figure, span=(-10.0, 10.0)),
                         Reading("tricks", None, component=1)), s))
    rows += _contract("A-KQ-QJ10-AKQ7", "4.10", "♠A ♣K Q ♦Q J 10 ♥A K Q 7 (hearts trump): 6 in any seat",
                      "♠A ♣K Q ♦Q J 10 ♥A K Q 7", HEARTS, range(3), [Reading("tricks", six)])
    return rows


# ---------------------------------------------------------------- section 5: splits

SPLIT_HAND = "♠A K Q J ♣A K Q ♦A K Q"
"""Section 5's seen hand: it holds ♠A K Q J, so four ♠ are missing."""
SPLIT_TALON = "♥8 7"
"""Section 5's layouts: 20 unseen cards split 10/10, so the talon is seen (two hearts)."""


def _section5() -> list[Row]:
    sketch = SPLIT_HAND
    p40 = 2 * comb(16, 10) / comb(20, 10)
    p22 = comb(4, 2) * comb(16, 8) / comb(20, 10)
    rows = []
    for key, claim, quote, value, figure in (
            ("4-0", "5.1", "4 missing → 4-0 in 0.0867", p40, Figure.of(0.0867, 0.00005, "0.0867")),
            ("2-2", "5.2", "2-2 in 0.4180 of the layouts", p22, Figure.of(0.4180, 0.00005, "0.4180"))):
        rows.append(Row(f"5/{key}", 5, claim, quote, SPLIT_HAND, SplitEvent(sketch, 0, key, aside=SPLIT_TALON),
                        (Reading(f"P({key}), exact count", figure, EXACT, value=value),
                         Reading(f"P({key}), sampled", figure, SHARE, test=("==", 1))), 0,
                        note="exact: C(20,10) = 184,756 equally likely splits of the 20 unseen cards"))
    return rows


def catalogue() -> list[Row]:
    """Every row of the check, in the order of docs/book-claims.md; section 6, the manuals' scoring tables, last."""
    rows = _section1() + _section2() + _section3() + _section4() + _section5() + scoring_rows()
    keys = [r.key for r in rows]
    assert len(set(keys)) == len(keys), "row keys must be unique"
    return rows


__all__ = ["BOUNDS", "EXACT", "MEAN", "Reading", "Row", "SHARE", "SHARE_BOUNDS", "TABLE_BOUNDS", "TRUMP_TABLE",
           "catalogue"]


SECTION_TITLES = {
    1: "Tricks in the trump suit",
    2: "Raspasy: tricks a suit will cost",
    3: "Misère",
    4: "Whole hands in trump contracts",
    5: "Probabilities the manuals use",
    6: "Scoring: the worth of a deal in whists",
}
"""Each section's title, as docs/book-claims.md heads it."""

SECTION_METHODS = {
    1: ("Each holding is the declarer's ♠ (trump) suit; its x cards are drawn per layout from the "
        "unnamed 7–J (widened upward only when needed). Figure 1, \"clean\": the other 10 − n cards "
        "take no trick by rank — the lowest ranks (7, then 8) of the three side suits, spread as "
        "evenly as the count allows, extra cards to ♣ then ♦ (e.g. 4 side cards = ♣8 7 ♦7 ♥7); every "
        "one of them is outranked by at least six cards of its suit held elsewhere. Figure 2, "
        "\"in context\": the side cards are drawn uniformly from the 24 cards of the other suits and "
        "the figure is the declarer's tricks minus his side top tricks (the run of top cards from each "
        "side ace), i.e. what a player adds to his aces when he uses the table. Each declarer seat "
        "A, B, C separately; A leads; the 22 unseen cards are dealt uniformly, 10 to each defender and "
        "2 out of play (the talon after the discard). Value: the declarer's double-dummy tricks "
        "in a ♠ contract. Verdict on the mean (a whole-trick figure stands for ±0.5)."),
    2: ("Each suit holding is the holder's ♠; the other 10 − n cards of his hand cannot win: the "
        "lowest ranks of ♣ ♦ ♥ (7, 8, 9 …), spread as evenly as the count allows, extra cards to ♣ "
        "then ♦ (a singleton gets ♣ ♦ ♥ 9 8 7 each). Such a card is the lowest of its suit still in "
        "play, so it never wins a trick led by another player and wins one he leads only when both "
        "others are void. Raspasy with the talon out of play, A leads; the 22 unseen cards dealt "
        "uniformly. Raspasy has no partnerships, so two exact values per layout: the holder's "
        "paranoid value (both others play to give him tricks: an upper bound on his cost) and his "
        "cooperative value (all three keep his tricks down: a lower bound). Book above the "
        "paranoid interval = pessimistic, below the cooperative interval = optimistic, between the two "
        "intervals = consistent (not \"holds\": the bounds are far apart), with the bound the book's figure "
        "is nearer; both intervals within the book's figure = holds (both bounds agree with it). "
        "Half-trick figures stand for ±0.25. Whole-hand examples: the hand as given, same two values."),
    3: ("The hands as given, in the seat the book names (3.2 in every seat, the book names none). "
        "Buying: the talon is 2 of the 22 unseen cards, uniform; the declarer takes it and makes the "
        "best discard for that layout (every one of the 66 tried, equal ones once); the misère is "
        "clean when it takes no trick double dummy. The book's figures are the chance that the talon "
        "brings a saving card, counted from the hand (3.3b: 11 saving cards of 22, 1 − C(11,2)/C(22,2); "
        "its arithmetic is checked exactly). Clean after a discard made seeing every hand is not the "
        "book's event by itself: the books speak of the table, where the catchers see the talon but not "
        "the discard, so each chance is judged between two bounds of the real one: clean after the best "
        "discard double dummy (they know the discard: a lower bound, since at the table he makes that discard "
        "and escapes) and not caught at the table (no plan of theirs catches every discard of his 12 cards, "
        "found exactly by sets of discards: an upper bound). Below the first the book is pessimistic, above "
        "the second optimistic, between them consistent. The 10-card raspasy claim: paranoid and cooperative values as in section 2. "
        "Probabilities: Wilson 95% intervals; a whole percent stands for ±0.5%; \"surely\" is read "
        "as at least 95% of layouts."),
    4: ("The hands as given (x drawn per layout), in the seat the book names, else in each seat; "
        "A leads; the unseen cards dealt uniformly, 2 out of play (for the 12-card hand of 4.4 the "
        "two cards not shown are the discard, drawn from the unseen cards). Value: the declarer's "
        "double-dummy tricks. A suit's worth (4.9): paired on each layout, his tricks minus his "
        "tricks with that suit swapped for its lowest ranks. The diamonds of 4.8: the hand's "
        "tricks against the book's sum, trumps 4 (table 1.6) + diamonds 1 (better 0.5). Events (K x x, K x) are "
        "counted on the same uniform layouts."),
    5: ("Exact: counting the C(20,10) = 184,756 equally likely splits of 20 unseen cards; and "
        "sampled by the same layout sampler the other sections use (a test of the sampler)."),
    6: ("No simulation: each figure is computed exactly by the scoring module (docs/scoring.md) as the "
        "balance of one deal in whists — what the deal is worth to a player when the pool closes on it: "
        "10k(p − p̄) − 10(m − m̄) + whists written minus whists received, under leningrad's defaults "
        "(k = 2; raspasy 2, 4, 6 a trick, a clean player — at four the dealer too — writing off two "
        "tricks' price). Table 13: A takes the tricks named, the other tricks are spread so that the "
        "column's number of players (A among them) take none; at four the dealer's talon tricks are at most "
        "2. Table 14: A declares, B whists alone and is credited with all the defenders' tricks, C passes; "
        "at four D deals. A whole figure stands for ±0.5; Table 14 prints its thirds truncated to a tenth, "
        "read ±0.1."),
}
"""Each section's method in words, printed at the head of its part of the report."""
