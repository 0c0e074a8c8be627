"""Published positions with exact answers checked by independent solvers (../shared/validation/).

The files stay outside the project; the test is skipped where the folder is absent.
"""

from pathlib import Path

import pytest

from preferans import Engine, Game, Position
from preferans.api import parse_contract
from preferans.notation import parse_hand

FOLDER = Path(__file__).resolve().parents[2] / "shared" / "validation"


def _read(path: Path):
    lines = [line.strip() for line in path.read_text().splitlines() if line.strip()]
    n = int(lines[0])
    for i in range(n):
        a, b, c, declarer, leader, game, tricks = lines[1 + 7 * i: 8 + 7 * i]
        yield f"{path.stem}-{i + 1}", (a, b, c, int(declarer), int(leader), game, int(tricks))


CASES = [case for path in sorted(FOLDER.glob("*.tests")) for case in _read(path)] if FOLDER.is_dir() else []


@pytest.mark.skipif(not FOLDER.is_dir(), reason="../shared/validation is not here")
def test_corpus_is_complete():
    assert len(CASES) == 78


@pytest.mark.parametrize("name,case", CASES, ids=[name for name, _ in CASES])
def test_published_answer(name, case):
    a, b, c, declarer, leader, game_text, tricks = case
    if game_text == "misere":
        game = Game.misere(declarer)
    else:
        level, trump = parse_contract(game_text.upper().replace("N", "NT"))
        game = Game.contract(level, trump, declarer)
    position = Position((parse_hand(a), parse_hand(b), parse_hand(c)), leader)
    assert Engine().value(position, game, declarer) == tricks
