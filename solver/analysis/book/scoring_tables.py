"""Section 6: the manuals' scoring tables, each figure computed exactly by :mod:`preferans.scoring`.

Two tables of the Leningrad manual give a deal's worth in whists (the balance of that one
deal, as if the pool closed on it): Table 13, what a third raspasy's tricks cost or earn
by the players at the table and the clean players among them; Table 14, what a made
misère, 7, 8 or 9 and a 7 down one to four bring the declarer against a lone whister with
all the defenders' tricks. Each printed figure is one reading with an exact value, no
layouts; the rows are data, like the other sections' claims.
"""

from __future__ import annotations

from ...scoring import Deal, balance, options_for, write
from .rows import EXACT, Reading, Row
from .verdict import Figure

SECTION = 6
WHOLE, TENTH = 0.5, 0.1
"""Table 13 prints whole whists (±0.5); Table 14 prints its thirds truncated to a tenth (±0.1)."""

TABLE_13_QUOTE = ("Table 13: a third raspasy in leningrad (6 a trick, a clean player writes off 12): what A's "
                  "tricks are worth to him, by the players at the table and the clean players among them")
TABLE_13 = {  # (players, clean players c, A among them) → {A's tricks: the printed figure}
    (3, 0): {b: 200 - 60 * b for b in range(1, 9)},
    (4, 0): {b: 150 - 60 * b for b in range(1, 8)},
    (3, 1): {0: 280, **{b: 160 - 60 * b for b in range(1, 10)}},
    (4, 1): {0: 240, **{b: 120 - 60 * b for b in range(1, 9)}, 7: 300},  # printed "300": a lost minus sign
    (3, 2): {0: 240, 10: -480},
    (4, 2): {0: 210, **{b: 90 - 60 * b for b in range(1, 10)}},
}
MISPRINT = (4, 1, 7)

TABLE_14_QUOTE = ("Table 14: leningrad, a lone whister with all the defenders' tricks: the declarer's worth of a "
                  "made misère, 7, 8, 9 and of a 7 down 1–4, at three and four")
TABLE_14 = [  # (game, the declarer's tricks, printed at three, printed at four)
    ("misere", 0, "misère made", 133.3, 150), ("7S", 7, "7 made", 29.3, 36), ("8S", 8, "8 made", 56, 66),
    ("9S", 9, "9 made", 90.6, 104), ("7S", 6, "7 down 1", -101.3, -116), ("7S", 5, "7 down 2", -178.6, -208),
    ("7S", 4, "7 down 3", -256, -300), ("7S", 3, "7 down 4", -333.3, -392)]


def raspasy_layout(players: int, clean: int, taken: int) -> dict[str, int]:
    """Raspasy tricks with A taking ``taken`` and exactly ``clean`` players (A among them when he
    takes none) taking none; at four the dealer D takes a talon trick only when nobody else can."""
    others = ["B", "C"] + (["D"] if players == 4 else [])
    dirty = others[:len(others) - (clean - (taken == 0))]
    tricks = {"A": taken, **{s: 0 for s in others}, **{s: 1 for s in dirty}}
    if dirty:
        tricks[dirty[0]] += 10 - sum(tricks.values())
    return tricks


def third_raspasy_worth(players: int, tricks: dict[str, int]) -> dict[str, float]:
    """Each seat's balance of a third leningrad raspasy with these tricks."""
    options = options_for("leningrad")
    seats = tuple("ABCD"[:players])
    deal = Deal("raspasy", seats=seats, tricks=tricks, dealer="D" if players == 4 else None, round=3)
    return balance(write(deal, options), options)


def declarer_worth(game: str, taken: int, players: int):
    """The declarer's balance of a leningrad game against a lone whister with all the defenders' tricks."""
    options = options_for("leningrad")
    seats = tuple("ABCD"[:players])
    dealer = "D" if players == 4 else None
    if game == "misere":
        deal = Deal("misere", seats=seats, declarer="A", tricks={"A": taken}, dealer=dealer)
    else:
        deal = Deal("contract", seats=seats, declarer="A", level=int(game[:-1]), strain=0, dealer=dealer,
                    defence={"B": "whist", "C": "pass"}, tricks={"A": taken, "B": 10 - taken, "C": 0})
    return balance(write(deal, options), options)["A"]


def _figure(value: float, tol: float, printed: str | None = None) -> Figure:
    return Figure.of(value, tol, printed or f"{value:g}")


def rows() -> list[Row]:
    out = []
    for (players, clean), column in TABLE_13.items():
        readings = []
        for taken, printed in sorted(column.items()):
            value = third_raspasy_worth(players, raspasy_layout(players, clean, taken))["A"]
            readings.append(Reading(f"{players} players, {clean} clean: A takes {taken}", _figure(printed, WHOLE),
                                    EXACT, value=float(value)))
        note = "printed “300” where the table's own rule, 120 − 60·7, gives −300: a lost minus sign" \
            if (players, clean) == MISPRINT[:2] else ""
        out.append(Row(f"6/raspasy/{players}/{clean}", SECTION, "6.1", TABLE_13_QUOTE, "—", None, tuple(readings),
                       note=note))
    worth = third_raspasy_worth(4, {"A": 10, "B": 0, "C": 0, "D": 0})
    out.append(Row("6/raspasy/4/ten", SECTION, "6.1b", "Four players, A takes all ten: −540; the clean three +180 "
                   "each", "—", None,
                   (Reading("4 players, 3 clean: A takes 10", _figure(-540, WHOLE), EXACT, value=float(worth["A"])),
                    Reading("each clean player", _figure(180, WHOLE), EXACT, value=float(worth["B"])))))
    for game, taken, what, three, four in TABLE_14:
        readings = tuple(Reading(f"{what}, {players} players", _figure(printed, TENTH), EXACT,
                                 value=float(declarer_worth(game, taken, players)))
                         for players, printed in ((3, three), (4, four)))
        out.append(Row(f"6/worth/{what}", SECTION, "6.2", TABLE_14_QUOTE, "—", None, readings))
    return out
