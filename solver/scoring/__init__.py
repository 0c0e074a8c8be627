"""Scoring: what a deal writes (pool, mountain, whists) and what a pool settles to, by convention.

Plain Python with exact fractions; nothing here touches the search. The modules, one job each:

* :mod:`.options` — the conventions (sochi, leningrad, rostov, classic) and every option, with defaults;
* :mod:`.sheet` — the score sheet (pool, mountain, whists on each other player);
* :mod:`.deal` — one deal's writing;
* :mod:`.settlement` — closing the pool: pool to mountain, amnesty, mean mountain, whists by pairs;
  and the one-deal balance;
* :mod:`.pool` — a pool played deal by deal (the raspasy run, help, a dealt преферанс);
* :mod:`.records` — deals and pool records from their JSON/TOML tables, exact numbers back out.

>>> from preferans.scoring import Deal, options_for, write, balance
>>> sheet = write(Deal("contract", declarer="A", level=6, strain=0, defence={"B": "whist", "C": "pass"},
...                    tricks={"A": 6, "B": 4, "C": 0}), options_for("sochi"))
>>> {seat: str(x) for seat, x in balance(sheet, options_for("sochi")).items()}
{'A': '16/3', 'B': '4/3', 'C': '-20/3'}
"""

from .deal import Deal, write
from .options import CONVENTIONS, GAME_VALUE, ScoringOptions, options_for
from .pool import PoolRecord, play, settle_record
from .records import deal_from_dict, deal_options, number_out, number_text, record_from_dict, sheet_out
from .settlement import Settlement, balance, settle
from .sheet import Sheet

__all__ = ["CONVENTIONS", "GAME_VALUE", "Deal", "PoolRecord", "ScoringOptions", "Settlement", "Sheet", "balance",
           "deal_from_dict", "deal_options", "number_out", "number_text", "options_for", "play", "record_from_dict",
           "settle", "settle_record", "sheet_out", "write"]
