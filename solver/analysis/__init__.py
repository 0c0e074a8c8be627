"""Whole-deal analysis on top of the engine: the declarer's discard and the double-dummy table.

:mod:`.discard` values each of the 66 discards of a 12-card hand and finds the best
contract; :mod:`.line` cuts a line of play into tricks and marks the cards that were as
good; :mod:`.table` gives every contract, misère and raspasy value of a deal,
with the best discard for each game when the talon is known. Both share one
:class:`~preferans.engine.Engine` across all their solves. :mod:`.key` finds a
problem's key: the first cards (or discards) that keep the mover's best result.

Hand-strength analysis over the layouts a player cannot see (docs/estimate.md):
:mod:`.layouts` counts, numbers and draws the layouts consistent with what is known,
:mod:`.estimate` solves every option on each of them and tallies the outcomes, and
:mod:`.stats` gives the intervals.
"""

from .discard import (BestContract, DiscardValue, best_contract, best_discard, canonical_form,
                      discard_values, group_discards, highest_contract)
from .key import KeyReport, discard_key, first_card_key, key_verdict
from .line import Play, Trick, tricks_of_line
from .table import STRAIN_NAMES, DDTable, dd_table

__all__ = ["BestContract", "DDTable", "DiscardValue", "KeyReport", "Play", "STRAIN_NAMES", "Trick",
           "best_contract", "best_discard", "canonical_form", "dd_table", "discard_key", "discard_values",
           "first_card_key", "group_discards", "highest_contract", "key_verdict",
           "tricks_of_line"]
