"""The thin Python layer over the kernel: positions and games in, arrays through, numbers out.

Two twins: :class:`Engine` checks each call's input, then searches; :class:`Searcher`
(``engine.searcher``) searches what it is given, for loops whose positions were checked
once. They share one transposition table and the scratch memory, so keep one engine
and reuse it: table entries are exact facts about positions and stay valid from
one solve to the next (the key holds the game), which is what makes a whole
double-dummy table or 66 discards cheaper than as many separate solves.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .cards import NO_TRUMP
from .kernel import drivers
from .kernel.config import (ALL_SHORTCUTS, C_COOPERATIVE, C_FLAGS, C_FOCUS, C_FOCUS_MAX, C_GAME_ID,
                            C_GENERATION, C_N_TALON, C_TALON, C_TALON_MODE, C_TRUMP, CTX_SIZE,
                            MAX_CARDS_IN_PLAY, P_TRICK, POS_SIZE,
                            S_BOUND_CUTS, S_CUTS, S_FIRST_CUTS, S_NODES, S_TT_HITS, S_TT_PROBES,
                            S_TT_STORES, SHORTCUT_NAMES, STATS_SIZE, TALON_DEALER, TALON_NONE,
                            TALON_SUIT)
from .kernel import tt
from .kernel.split import SPLIT_SHORTCUT_NAMES, S_KEPT_MEMO
from .kernel.tt import DEFAULT_LOG2_SIZE, MAX_LOG2_SIZE, MIN_LOG2_SIZE, game_id, new_table
from .kernel.worlds import TABLE_SHORTCUT_NAMES
from .errors import InputError, excerpt
from .rules import Game, Kind, Position, TalonMode
from .validation import check_focus, validate
from .workers import cap_workers, table_bytes

SPLIT_MEMOS = 4
"""Split tables a searcher keeps (one per game, defender and ranks: an estimate asks one per scored
option whose balances depend on the split)."""

_TALON_CODES = {TalonMode.NONE: TALON_NONE, TalonMode.SUIT: TALON_SUIT, TalonMode.DEALER: TALON_DEALER}


@dataclass(frozen=True)
class Options:
    """Search shortcuts (all on by default) and the table size (2**tt_log2_size entries).

    The ``table_*`` switches are those of the search at the table (:mod:`preferans.at_table`), the
    ``split_*`` ones those of the defenders' split (:mod:`preferans.kernel.split`); the others, of the
    double-dummy search, hold in both too (the one-world questions and the trick tests are theirs)."""

    tt: bool = True
    equivalence: bool = True
    bounds: bool = True
    ordering: bool = True
    all_or_none: bool = True
    misere_bounds: bool = True
    defender_leads: bool = True
    rank_skip: bool = True
    escape_leads: bool = True
    top_trumps: bool = True
    safe_suits: bool = True
    specialized: bool = True
    table_one_world: bool = True
    table_dd_escape: bool = True
    table_memo: bool = True
    table_defender_merge: bool = True
    table_declarer_merge: bool = True
    split_kept_memo: bool = True
    split_child_bound: bool = True
    split_last_keeps: bool = True
    split_top_trumps: bool = True
    split_probes: bool = True
    tt_log2_size: int = DEFAULT_LOG2_SIZE

    def __post_init__(self):
        for name in (*SHORTCUT_NAMES, *TABLE_SHORTCUT_NAMES, *SPLIT_SHORTCUT_NAMES):
            if not isinstance(getattr(self, name), bool):
                raise InputError(f"options.{name}", f"True or False, not {excerpt(getattr(self, name))}")
        size = self.tt_log2_size
        if isinstance(size, bool) or not isinstance(size, int) or not MIN_LOG2_SIZE <= size <= MAX_LOG2_SIZE:
            raise InputError("options.tt_log2_size", f"the table holds 2**n entries, n from {MIN_LOG2_SIZE} "
                             f"to {MAX_LOG2_SIZE} (2**{MAX_LOG2_SIZE}: {table_bytes(MAX_LOG2_SIZE) / 2**30:.0f} GB), "
                             f"not {excerpt(size)}")

    @property
    def flags(self) -> int:
        return sum(bit for name, bit in SHORTCUT_NAMES.items() if getattr(self, name))

    @property
    def table_flags(self) -> int:
        """The switches of the search at the table, as its kernel reads them."""
        return sum(bit for name, bit in TABLE_SHORTCUT_NAMES.items() if getattr(self, name))

    @property
    def split_flags(self) -> int:
        """The switches of the defenders' split, as its kernel reads them."""
        return sum(bit for name, bit in SPLIT_SHORTCUT_NAMES.items() if getattr(self, name))

    @staticmethod
    def none() -> "Options":
        """Every shortcut off: the plain alpha-beta (at the table, the plain AND-OR search; the split,
        its plain branch and bound with a memo emptied for each)."""
        return Options(**{name: False for name in (*SHORTCUT_NAMES, *TABLE_SHORTCUT_NAMES, *SPLIT_SHORTCUT_NAMES)})


@dataclass(frozen=True)
class SearchStats:
    """What the search did: the kernel's counters since the engine was made, and the table fill.

    ``first_move_cut_share`` is the share of cut-offs made by the first move tried, the
    usual measure of move ordering (1.0 is perfect); ``table_fill`` the share of table
    slots in use.
    """

    nodes: int
    table_probes: int
    table_hits: int
    table_stores: int
    bound_cuts: int
    cuts: int
    first_move_cuts: int
    table_fill: float

    @property
    def first_move_cut_share(self) -> float:
        return self.first_move_cuts / self.cuts if self.cuts else 0.0

    @property
    def table_hit_rate(self) -> float:
        return self.table_hits / self.table_probes if self.table_probes else 0.0

    def as_dict(self) -> dict:
        out = dict(vars(self))
        out.update(first_move_cut_share=round(self.first_move_cut_share, 4),
                   table_hit_rate=round(self.table_hit_rate, 4), table_fill=round(self.table_fill, 4))
        return out

    def summary(self) -> str:
        """One line for people: ``pref solve --stats``."""
        return (f"search: {self.nodes:,} nodes; table {self.table_probes:,} probes, "
                f"{self.table_hits:,} hits ({100 * self.table_hit_rate:.0f}%), {self.table_stores:,} stores, "
                f"{100 * self.table_fill:.1f}% full; {self.bound_cuts:,} quick-bound cut-offs; "
                f"{100 * self.first_move_cut_share:.1f}% of {self.cuts:,} cut-offs by the first move tried")

    def __sub__(self, before: "SearchStats") -> "SearchStats":
        """The counters of the work done between two snapshots (the fill is the later one's)."""
        fields = {k: getattr(self, k) - getattr(before, k) for k in vars(self) if k != "table_fill"}
        return SearchStats(**fields, table_fill=self.table_fill)


_NO_TRICK = (0,) * (POS_SIZE - P_TRICK)
"""The trick slots of a position array left empty."""
MAX_TALON = C_GAME_ID - C_TALON
"""The context's slots for the talon cards still to be turned."""
_NO_TALON = (0,) * MAX_TALON
CONTEXTS_KEPT = 64
"""How many games' contexts a searcher keeps (:meth:`Searcher._arrays`); past that it forgets them all."""


def encode_position(position: Position) -> np.ndarray:
    """The kernel's view of a position: the hands, the leader, the trick's length and its cards, in
    the order of ``config.P_*`` (``tests/test_engine_arrays.py``), made from one tuple (an array filled
    field by field took twice as long, a microsecond of every small job)."""
    trick = position.trick
    return np.array((*position.hands, position.leader, len(trick), *trick, *_NO_TRICK[len(trick):]),
                    dtype=np.int64)


def encode_game(game: Game, focus: int, talon: tuple[int, ...], flags: int = ALL_SHORTCUTS,
                generation: int = 1, cooperative: bool = False) -> np.ndarray:
    """The kernel's view of a game with ``focus`` as the player whose tricks count.

    ``cooperative``: all three players pursue the focus player's aim (on raspasy, all keep
    his tricks down), which bounds what real play can give him from the other side.
    """
    ctx = np.zeros(CTX_SIZE, dtype=np.int64)
    focus_max = 1 if game.focus_maximizes() else 0
    ctx[C_TRUMP] = game.trump
    ctx[C_FOCUS] = focus
    ctx[C_FOCUS_MAX] = focus_max
    ctx[C_FLAGS] = flags
    set_talon(ctx, game, talon)
    ctx[C_COOPERATIVE] = int(cooperative)
    ctx[C_GAME_ID] = game_id(game.trump, focus, focus_max, int(cooperative))
    ctx[C_GENERATION] = generation
    return ctx


def set_talon(ctx: np.ndarray, game: Game, talon: tuple[int, ...]) -> None:
    """Write the talon cards still to be turned (``C_TALON_MODE``, ``C_N_TALON``, ``C_TALON``) into a context."""
    ctx[C_TALON_MODE] = _TALON_CODES[game.talon_mode] if talon else TALON_NONE
    ctx[C_N_TALON] = len(talon)
    ctx[C_TALON:C_TALON + MAX_TALON] = (*talon, *_NO_TALON[len(talon):])


class Searcher:
    """The search that trusts its input: exact values straight from the kernel, no checks.

    The unchecked twin of :class:`Engine` (as python-chess's ``Board.push`` is of
    ``push_san``): its methods hand the position and game to the kernel as they are. The
    kernel never raises, so a position the rules do not allow (a hand of 11 cards, a
    card in two hands, a talon under a contract) is searched anyway and gives a number
    that means nothing. Call it in a loop over positions checked once
    (:func:`preferans.validation.validate`), or built by the rules from a checked one
    (:func:`preferans.rules.play`, a discard taken from a checked hand): checked once, then
    loop. Everything else calls :class:`Engine`, whose :attr:`Engine.searcher` this is.

    It owns one transposition table, the scratch memory and the search counters. Not
    thread-safe.
    """

    def __init__(self, options: Options = Options()):
        self.options = checked_options(options)
        self.table = new_table(options.tt_log2_size)
        self.scratch = np.stack([drivers.new_scratch() for _ in range(3)])
        """One set of killer moves per focus seat: a raspasy deal's three searches, each against
        a different pair, would otherwise order their leads by each other's cut-offs."""
        self.counters = np.zeros(STATS_SIZE, dtype=np.int64)
        self.generation = 0
        self._contexts: dict = {}
        """Each game's encoded context, by (game, focus, cooperative): see :meth:`_arrays`."""
        self._split_memos: dict = {}
        """The split's own tables (:mod:`.kernel.split`), made on first use: one per job (game,
        defender, ranks), the last few kept (``split_kept_memo``)."""

    def clear(self) -> None:
        """Forget every table entry and killer move (results stay exact either way; this frees
        the slots and makes the next search's node count independent of the earlier ones)."""
        tt.clear(self.table)
        self.scratch[...] = 0

    @property
    def nodes(self) -> int:
        """Nodes searched since this searcher was made."""
        return int(self.counters[S_NODES])

    @property
    def stats(self) -> SearchStats:
        """A snapshot of the search counters; subtract two snapshots for the work between."""
        c = self.counters
        return SearchStats(nodes=int(c[S_NODES]), table_probes=int(c[S_TT_PROBES]),
                           table_hits=int(c[S_TT_HITS]), table_stores=int(c[S_TT_STORES]),
                           bound_cuts=int(c[S_BOUND_CUTS]), cuts=int(c[S_CUTS]),
                           first_move_cuts=int(c[S_FIRST_CUTS]),
                           table_fill=tt.fill(self.table))

    def _arrays(self, position: Position, game: Game, focus: int, cooperative: bool = False):
        """A job's arrays for the kernel. The game's context is encoded once and kept (the kernel
        writes into it only what every job sets afresh: the hands, the counters, the killers and
        its scratch rows), so a small job does not pay for encoding it again."""
        self.generation = self.generation % 127 + 1
        key = (game, focus, cooperative)
        ctx = self._contexts.get(key)
        if ctx is None:
            if len(self._contexts) >= CONTEXTS_KEPT:
                self._contexts.clear()
            ctx = self._contexts[key] = encode_game(game, focus, position.talon, self.options.flags, 0, cooperative)
        elif position.talon or ctx[C_N_TALON]:
            set_talon(ctx, game, position.talon)
        ctx[C_GENERATION] = self.generation
        return encode_position(position), ctx, self.table, self.scratch[focus % 3], self.counters

    def value(self, position: Position, game: Game, focus: int, cooperative: bool = False) -> int:
        """:meth:`Engine.value` without the checks."""
        return int(drivers.value(*self._arrays(position, game, focus, cooperative)))

    def reaches(self, position: Position, game: Game, focus: int, target: int) -> bool:
        """:meth:`Engine.reaches` without the checks."""
        return bool(drivers.reaches(*self._arrays(position, game, focus), target))

    def card_values(self, position: Position, game: Game, focus: int,
                    cooperative: bool = False) -> dict[int, int]:
        """:meth:`Engine.card_values` without the checks."""
        out = np.empty(32, dtype=np.int64)
        drivers.card_values(*self._arrays(position, game, focus, cooperative), out)
        return {c: int(v) for c, v in enumerate(out) if v >= 0}

    def split(self, position: Position, game: Game, defender: int, ranks) -> tuple[int, int]:
        """:meth:`Engine.split` without the checks."""
        from .kernel import split

        ranks = np.array(ranks, dtype=np.int64)  # a writable copy: a read-only array is another compiled version
        memo = self._split_memo((game, defender, ranks.tobytes()))
        d, y = split.split(*self._arrays(position, game, game.declarer), memo, defender, ranks,
                           self.options.split_flags, split.PROBE_BUDGET)
        return int(d), int(y)

    def _split_memo(self, job) -> np.ndarray:
        """The split's table for ``job``: its own, kept from the job's last split (``split_kept_memo``:
        its entries hold for every split of the job), else emptied; at most :data:`SPLIT_MEMOS` kept,
        the oldest job's table emptied for a new one."""
        from .kernel import split

        memos = self._split_memos
        if not self.options.split_flags & S_KEPT_MEMO:  # one small table, emptied for each split
            if None in memos:
                tt.clear(memos[None])
            else:
                memos[None] = new_table(split.FRESH_MEMO_LOG2)
            return memos[None]
        memo = memos.pop(job, None)
        if memo is None:  # a new job: the oldest job's table emptied for it, or a new table
            if len(memos) >= SPLIT_MEMOS:
                memo = memos.pop(next(iter(memos)))
                tt.clear(memo)
            else:
                memo = new_table(split.MEMO_LOG2)
        memos[job] = memo  # the most recent job last
        return memo

    def best_line(self, position: Position, game: Game, focus: int) -> tuple[int, list[int]]:
        """:meth:`Engine.best_line` without the checks."""
        line = np.empty(MAX_CARDS_IN_PLAY + 3, dtype=np.int64)
        v = drivers.best_line(*self._arrays(position, game, focus), line)
        return int(v), [int(c) for c in line if c >= 0]


class Engine:
    """Exact double-dummy values for one focus player at a time, each call checked first.

    Every method validates its input (:func:`preferans.validation.validate`: a few
    microseconds) and raises :class:`~preferans.errors.InputError` naming the field at
    fault, then searches with :attr:`searcher`, the unchecked :class:`Searcher` that
    owns the table. Code that has checked its positions once and loops over them calls
    ``engine.searcher`` by name. Not thread-safe.
    """

    def __init__(self, options: Options = Options()):
        self.searcher = Searcher(options)
        """The unchecked twin: the same table, scratch memory and counters, no checks."""

    @property
    def options(self) -> Options:
        return self.searcher.options

    def clear(self) -> None:
        """Forget every table entry and killer move (see :meth:`Searcher.clear`)."""
        self.searcher.clear()

    @property
    def nodes(self) -> int:
        """Nodes searched since this engine was made."""
        return self.searcher.nodes

    @property
    def stats(self) -> SearchStats:
        """A snapshot of the search counters; subtract two snapshots for the work between."""
        return self.searcher.stats

    def value(self, position: Position, game: Game, focus: int, cooperative: bool = False) -> int:
        """The focus player's tricks from here on under best play (see :mod:`preferans.reference`).

        ``cooperative=True``: the other two play for the focus player's aim too, not against
        him. On raspasy that is the fewest tricks he can be held to by all three together
        (a lower bound on real play; the default paranoid value is the upper bound).
        """
        _check(position, game, focus)
        return self.searcher.value(position, game, focus, cooperative)

    def reaches(self, position: Position, game: Game, focus: int, target: int) -> bool:
        """Whether the focus player takes at least ``target`` tricks from here on.

        One zero-window search: cheaper than :meth:`value` when only a threshold matters.
        """
        _check(position, game, focus)
        if not (isinstance(target, int) and not isinstance(target, bool)):
            raise InputError("target", f"a number of tricks, not {excerpt(target)}")
        return self.searcher.reaches(position, game, focus, target)

    def card_values(self, position: Position, game: Game, focus: int,
                    cooperative: bool = False) -> dict[int, int]:
        """Each legal card of the player to move → the focus player's tricks after it."""
        _check(position, game, focus)
        return self.searcher.card_values(position, game, focus, cooperative)

    def split(self, position: Position, game: Game, defender: int, ranks) -> tuple[int, int]:
        """A contract's (declarer's tricks, ``defender``'s tricks) from here on, when the declarer
        plays for the most tricks and then the lowest ``ranks[d][y]``, the defenders for the fewest
        and then the highest (``d``: the declarer's tricks, ``y``: ``defender``'s; the ranks of one
        ``d`` distinct). See :mod:`preferans.kernel.split`; the brute force is :mod:`preferans.reference_split`."""
        _check(position, game, game.declarer)
        if game.kind is not Kind.CONTRACT:
            raise InputError("game", "a split of the defenders' tricks needs a contract")
        if defender not in (0, 1, 2) or defender == game.declarer:
            raise InputError("defender", f"one of the declarer's two opponents, not {excerpt(defender)}")
        table = np.asarray(ranks)
        left = position.tricks_left
        if table.shape != (11, 11) or table.min() < 0 or table.max() > 98 or any(len(set(table[d][:left - d + 1].tolist())) != left - d + 1
                                           for d in range(left + 1)):
            raise InputError("ranks", "an 11 × 11 table of ranks 0 to 98, those of one declarer's count distinct")
        return self.searcher.split(position, game, defender, table)

    def best_line(self, position: Position, game: Game, focus: int) -> tuple[int, list[int]]:
        """The value and a best line to the end (tie-break: see :mod:`preferans.kernel.drivers`)."""
        _check(position, game, focus)
        return self.searcher.best_line(position, game, focus)

    def _value(self, position: Position, game: Game, focus: int, cooperative: bool = False) -> int:
        """The old name of ``searcher.value``, kept for outside timing scripts written
        against it (the developers' side-by-side harness looks it up)."""
        return self.searcher.value(position, game, focus, cooperative)


def engine_for(options=None, engine=None) -> Engine:
    """The engine a public function searches with: ``engine`` if given (then no ``options``), else a
    new one with ``options`` (default :class:`Options`); an :class:`InputError` for anything else."""
    if engine is not None:
        if not isinstance(engine, Engine):
            raise InputError("engine", f"a preferans.Engine, not {excerpt(engine)}")
        if options is not None:
            raise InputError("options", "give options or an engine, not both: the engine has its own")
        return engine
    return Engine(Options() if options is None else checked_options(options))


def checked_options(options, name: str = "options") -> Options:
    """``options`` if it is an :class:`Options`, else an :class:`InputError` naming the argument."""
    if not isinstance(options, Options):
        raise InputError(name, f"a preferans.Options such as Options() or Options.none(), not {excerpt(options)}")
    return options


def _check(position: Position, game: Game, focus: int) -> None:
    validate(position, game)
    check_focus(focus)


def batch_values(positions: list[Position], games: list[Game], focuses: list[int],
                 options: Options = Options(), threads: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Values (and nodes searched) of many positions, on all cores: one table per thread.

    ``threads`` (default: one per core) is capped by the cores and the free memory
    (:mod:`preferans.workers`); the values do not depend on it.
    """
    positions, games, focuses = list(positions), list(games), list(focuses)
    if not len(positions) == len(games) == len(focuses):
        raise InputError("positions", f"one game and one focus per position, got {len(positions)} "
                         f"positions, {len(games)} games, {len(focuses)} focuses")
    for i, (p, g, f) in enumerate(zip(positions, games, focuses)):
        try:
            _check(p, g, f)
        except InputError as e:
            raise InputError(f"positions[{i}].{e.field}", e.message) from None
    checked_options(options)
    if threads is not None and (isinstance(threads, bool) or not isinstance(threads, int) or threads < 1):
        raise InputError("threads", f"a number of threads, 1 or more, not {excerpt(threads)}")
    return _batch_values(positions, games, focuses, options, threads)


def _batch_values(positions, games, focuses, options: Options = Options(),
                  threads: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """:func:`batch_values` without the checks, for callers that made them."""
    n = len(positions)
    threads, _ = cap_workers(threads, table_bytes(options.tt_log2_size))
    threads = max(1, min(threads, n))
    pos = np.zeros((n, POS_SIZE), dtype=np.int64)
    ctx = np.zeros((n, CTX_SIZE), dtype=np.int64)
    for i, (p, g, f) in enumerate(zip(positions, games, focuses)):
        pos[i] = encode_position(p)
        ctx[i] = encode_game(g, f, p.talon, options.flags)
    table = new_table(options.tt_log2_size, copies=threads)
    values = np.zeros(n, dtype=np.int64)
    nodes = np.zeros(n, dtype=np.int64)
    if n:
        drivers.batch_values(pos, ctx, table, values, nodes)
    return values, nodes


def load_kernel() -> None:
    """Every entry of the kernel (:data:`.kernel.cache.ENTRY_POINTS`) loaded from the disk cache, or
    compiled on the very first run: each double-dummy driver and the defenders' split search a
    two-card position once, and the search at the table's entries (:mod:`.kernel.worlds`) are
    compiled for the arguments :mod:`preferans.at_table` passes them; so the calls after it wait for
    none of them."""
    position, game = Position((0xE0, 0xE000, 0xE00000)), Game.contract(6, 0, 0)
    engine = Engine(Options(tt_log2_size=MIN_LOG2_SIZE))
    engine.value(position, game, 0)
    engine.reaches(position, game, 0, 1)
    engine.card_values(position, game, 0)
    engine.best_line(position, game, 0)
    engine.split(position, game, 1, np.tile(np.arange(11), (11, 1)))
    _batch_values([position], [game], [0], Options(tt_log2_size=MIN_LOG2_SIZE), threads=1)
    _compile_worlds(engine.searcher._arrays(position, game, 0))


def _compile_worlds(arrays) -> None:
    """The search at the table's entries compiled (or loaded) for the types of the arguments
    :mod:`preferans.at_table` calls them with: the searcher's ``arrays``, a job, a memo, numbers and an
    array of results (a call would need a set of worlds built as at_table builds them)."""
    import numba

    from .kernel import worlds

    front = tuple(numba.typeof(a) for a in arrays) + (numba.typeof(worlds.new_job()),)
    number, out = numba.types.int64, numba.typeof(np.zeros(1, dtype=np.int64))
    worlds.table_covers.compile(front + (numba.typeof(worlds.new_memo(6)), number, number, number, number))
    worlds.world_reaches.compile(front + (number, out))
    worlds.world_values.compile(front + (out,))


__all__ = ["Engine", "Options", "SearchStats", "Searcher", "batch_values", "load_kernel", "NO_TRUMP"]
