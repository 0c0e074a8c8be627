"""The suit game that ``benchmarks/driver_tests.py`` tries as the driver's first guess: its value on
layouts worked out by hand (ranks 0 = the seven … 7 = the ace)."""

import pytest

from benchmarks.driver_tests import suit_game


@pytest.mark.parametrize("f, x, y, tricks", [
    (0b1, 0b10, 0, 0),  # his seven under the eight: he ducks
    (0b10000000, 0b1, 0, 1),  # a bare ace under a lead of the seven
    (0b1010, 0b0101, 0, 1),  # eight and ten against seven and nine: one of them wins whichever is led first
    (0b1010, 0b0001, 0b0100, 0),  # the nine in the other hand: both follow to one round, he ducks with the eight
    (0b11000000, 0b1, 0b10, 1),  # king and ace against seven and eight: one round, one trick
    (0b11, 0b11000000, 0, 0),  # seven and eight under the ace and king: never
    (0b1, 0, 0, 0),  # the others are out of the suit: the game is over
])
def test_suit_game_on_layouts_worked_by_hand(f, x, y, tricks):
    assert suit_game(f, x, y) == tricks
    assert suit_game(f, y, x) == tricks  # the two others are interchangeable
