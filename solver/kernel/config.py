"""Compiler settings, option flags and the layout of the arrays the kernel shares with Python.

Everything the jitted code needs from Python arrives as plain arrays whose layout
is fixed here, so the kernel never sees a Python object (and never raises).
"""

from functools import partial

import numba

from .cache import CACHE_DIR, is_compiled, repair  # noqa: F401 -- is_compiled: for preferans.cli.runtime

numba.config.CACHE_DIR = str(CACHE_DIR)  # read when each @jit below is applied
repair()  # before any kernel function loads its compiled code

jit = partial(numba.njit, cache=True, nogil=True, _nrt=False)
"""Every kernel function: compiled once, cached on disk, releasing the GIL, and without Numba's
reference counting (``_nrt=False``). The search allocates nothing: every array it touches is the
caller's, alive for the whole call, so counting references to them is pure cost — and a high one:
each count is an atomic add, and with them on, half of the search's time went to the increments
and decrements of the arrays passed down at every node (paired runs: ×0.71 time on contracts,
misère and raspasy alike, nodes unchanged). A function that allocates uses :data:`jit_nrt`."""
jit_nrt = partial(numba.njit, cache=True, nogil=True)
"""For the few kernel functions that allocate (the batch driver's per-thread arrays)."""
jit_inline = partial(numba.njit, cache=True, nogil=True, _nrt=False, inline="always")
"""A helper of the search inlined into it at Numba's level (LLVM would keep it a call)."""


# Search shortcuts; each one can be switched off for tests and benchmarks.
USE_TT = 1
"""Transposition table of lower/upper bounds at trick boundaries."""
USE_EQUIVALENCE = 2
"""Play one card of a sequence that no live card splits."""
USE_BOUNDS = 4
"""Quick-trick bounds at the start of each trick."""
USE_ORDERING = 8
"""Table move first, then heuristic move ordering."""
USE_ALL_OR_NONE = 16
"""Misère and raspasy, with bounds on: the focus player takes every trick left, or none,
whatever anyone plays (bounds.wins_all, bounds.wins_none); off, only all_boss on his lead."""
USE_MISERE_BOUNDS = 32
"""Misère and raspasy, with bounds on: the focus player loses this trick whatever the others
play, or must win it, or escapes a number of tricks through suits an opponent covers
(bounds.loses_trick, bounds.wins_trick, bounds.sure_escapes)."""
USE_DEFENDER_LEADS = 64
"""Misère and raspasy, with ordering on: the catchers' leads ordered by the focus player's exits."""
USE_RANK_SKIP = 128
"""After a card fails, skip the mover's lower cards of its suit that lie below every card whose
rank mattered (macroxue's "min relevant ranks")."""
USE_ESCAPE_LEADS = 256
"""Misère and raspasy, with ordering on: the focus player's sure escapes (leads an opponent must
overtake) ordered by that opponent's length in the suit, then his own: the frailest cover first."""
USE_TOP_TRUMPS = 512
"""Contracts, with bounds on: the trumps above all of the other side's count as tricks, whoever is on
lead (bounds.top_trumps)."""
USE_SAFE_SUITS = 1024
"""Misère and raspasy, with bounds on: the focus player takes no trick left when every suit he holds
is safe (safety.SAFE: the others can never make him win a trick of it) and, on his own lead, he has a
lead someone must overtake that keeps its suit safe (bounds.never_wins)."""
USE_SPECIALIZED = 2048
"""With every other shortcut on, a fight (not a cooperative search) runs a copy of the search compiled
for its kind of game, a contract's or a misère's (raspasy's too), with the switches, the aim and (no
trumps) the trump suit folded in as constants (search._search_contract, search._search_misere); off,
the search that reads them from the context at every node. The answers and the nodes are the same."""
ALL_SHORTCUTS = USE_TT | USE_EQUIVALENCE | USE_BOUNDS | USE_ORDERING | USE_ALL_OR_NONE | USE_MISERE_BOUNDS \
    | USE_DEFENDER_LEADS | USE_RANK_SKIP | USE_ESCAPE_LEADS | USE_TOP_TRUMPS | USE_SAFE_SUITS | USE_SPECIALIZED
SHORTCUT_NAMES = {"tt": USE_TT, "equivalence": USE_EQUIVALENCE, "bounds": USE_BOUNDS,
                  "ordering": USE_ORDERING, "all_or_none": USE_ALL_OR_NONE, "misere_bounds": USE_MISERE_BOUNDS,
                  "defender_leads": USE_DEFENDER_LEADS, "rank_skip": USE_RANK_SKIP,
                  "escape_leads": USE_ESCAPE_LEADS, "top_trumps": USE_TOP_TRUMPS,
                  "safe_suits": USE_SAFE_SUITS, "specialized": USE_SPECIALIZED}

# ctx: the search context, one int64 array: the hands as they stand during the search, the game
# being searched, the search counters and killer moves (both copied in from and back to the
# caller's arrays by the drivers), and each depth's moves in the order they are tried. One array,
# so that each recursive call of the search passes one argument for all of them.
# ctx[seat], seat 0, 1, 2: the masks of A, B, C (filled from the position by the drivers). The
# hands come first so that the context is also the hands array: the kernel passes ``ctx`` wherever
# a function of bounds.py or moves.py takes ``hands``, and a function that reads the hands names
# the context so (``hands = ctx``).
C_TRUMP = 3        # 0..3, or 4 for no-trump
C_FOCUS = 4        # the seat whose tricks are counted
C_FOCUS_MAX = 5    # 1 if the focus player wants many tricks (contract), 0 if few
C_FLAGS = 6        # USE_* bits
C_TALON_MODE = 7   # 0 none, 1 suit, 2 dealer
C_N_TALON = 8      # talon cards still to be turned at the root (0..2)
C_TALON = 9        # C_TALON + i: the i-th of them
C_GAME_ID = 11     # what the table key needs besides the cards (tt.game_id)
C_GENERATION = 12  # 1..127, changes with every job: older table entries are replaced first
C_COOPERATIVE = 13  # 1: all three play for the focus player's aim (a bound on raspasy play)
C_TABLE_ROWS = 14  # entries in the transposition table (set by search for the recursion)
C_STATS = 15       # C_STATS + S_*: the counters below
TALON_NONE, TALON_SUIT, TALON_DEALER = 0, 1, 2
NO_SEAT = -1
DEALER_SEAT = 3

# pos: a position, one int64 array.
P_HANDS = 0        # P_HANDS + seat: masks of A, B, C
P_LEADER = 3       # who led (or leads) the current trick
P_N_TRICK = 4      # cards on the table in the current trick (0..2)
P_TRICK = 5        # P_TRICK + i: those cards in play order
POS_SIZE = 7

# stats: counters the kernel fills (preferans.engine.SearchStats names them for Python).
S_NODES = 0        # calls of search()
S_TT_HITS = 1      # probes whose bound settled the node
S_BOUND_CUTS = 2   # nodes settled by a quick bound (sure tricks, all boss)
S_TT_STORES = 3    # results written to the table
S_TT_PROBES = 4    # table look-ups
S_CUTS = 5         # nodes where a move reached the target (a beta cut-off)
S_FIRST_CUTS = 6   # ... made by the first move tried
STATS_SIZE = 7

MAX_CARDS_IN_PLAY = 30
DEPTHS = MAX_CARDS_IN_PLAY + 3
"""Nodes are told apart by depth, the number of cards still in the hands (0 … 30, with room)."""
KILLERS_SIZE = 2 * DEPTHS
C_KILLERS = C_STATS + STATS_SIZE
"""ctx[C_KILLERS + 2 * depth + i], i = 0, 1: the last two leads that cut off at this depth, plus
one (0: none). The caller keeps them between jobs (Engine.clear forgets them)."""
MOVES_ROW = 10
C_MOVES = C_KILLERS + KILLERS_SIZE
"""ctx[C_MOVES + MOVES_ROW * depth + i]: the moves of the node ``depth`` cards deep, best first."""
C_SCORES = C_MOVES + MOVES_ROW * DEPTHS
"""ctx[C_SCORES + MOVES_ROW * depth + i]: their ordering scores."""
CTX_SIZE = C_SCORES + MOVES_ROW * DEPTHS
