"""Whole-deal analysis on top of the engine: the declarer's discard and the double-dummy table.

:mod:`.discard` values each of the 66 discards of a 12-card hand and finds the best
contract; :mod:`.line` cuts a line of play into tricks and marks the cards that were as
good; :mod:`.table` gives every contract, misère and raspasy value of a deal,
with the best discard for each game when the talon is known. Both share one
:class:`~solver.engine.Engine` across all their solves.
"""

from .discard import (BestContract, DiscardValue, best_contract, best_discard, canonical_form,
                      discard_values, group_discards, highest_contract)
from .line import Play, Trick, in_sequence, tricks_of_line
from .table import STRAIN_NAMES, DDTable, dd_table

__all__ = ["BestContract", "DDTable", "DiscardValue", "Play", "STRAIN_NAMES", "Trick", "best_contract",
           "best_discard", "in_sequence", "tricks_of_line",
           "canonical_form", "dd_table", "discard_values", "group_discards", "highest_contract"]
