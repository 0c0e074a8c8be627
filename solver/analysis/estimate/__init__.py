"""Hand-strength estimates: a question about what a player cannot see → exact outcomes per layout.

One module per job:

* :mod:`.question` — what is known and the options compared (:class:`Question`, :class:`Option`);
  :mod:`.reader` builds one from what a player writes (:func:`question`), :mod:`.questionfile`
  from a saved ``[estimate]`` section (the file format);
* :mod:`.work` — every option solved double dummy on one layout (:func:`outcomes`), a chunk
  of layouts tallied (:func:`run_chunk`);
* :mod:`.tally` — the counts, added chunk to chunk (:class:`Tally`);
* :mod:`.runners` — the chunks run on local threads or a Dask cluster (:func:`estimate`);
* :mod:`.result` — the figures with their intervals, typed, with ``to_json()`` (:class:`Summary`).

>>> from preferans.analysis.estimate import question, estimate
>>> q = question("♠AKQJ10 ♣AKQ ♦A ♥A", seat="A", games=["contract 8S A"])   # doctest: +SKIP
>>> est = estimate(q, layouts=200, seed=1)                                   # doctest: +SKIP
>>> est.summary().options[0].mean.value                                      # doctest: +SKIP
"""

from ...errors import InputError
from .question import SPOT, TALON_USES, Option, Question, spot
from .reader import discard_classes, expand_games, lead_classes, parse_game_words, question
from .result import (ColumnFigures, DiscardChoice, Estimate, LeadFigures, OptionFigures, Paired, SeatFigures,
                     Summary)
from .runners import DEFAULT_LAYOUTS, DEFAULT_SEED, Progress, estimate, run_dask, run_local, worker_engine
from .tally import BINS, LayoutOutcome, Tally
from .work import EXACT_LIMIT, Chunk, chunks, layout_space, new_engine, outcomes, run_chunk

__all__ = ["BINS", "Chunk", "ColumnFigures", "DEFAULT_LAYOUTS", "DEFAULT_SEED", "DiscardChoice", "EXACT_LIMIT",
           "Estimate", "InputError", "LayoutOutcome", "LeadFigures", "Option", "OptionFigures", "Paired", "Progress",
           "Question", "SPOT", "SeatFigures", "Summary", "TALON_USES", "Tally", "chunks", "discard_classes",
           "estimate", "expand_games", "layout_space", "lead_classes", "new_engine", "outcomes",
           "parse_game_words", "question", "run_chunk", "run_dask", "run_local", "spot", "worker_engine"]
