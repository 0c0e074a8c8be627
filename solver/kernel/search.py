"""The search: a zero-window alpha-beta over card plays, and the drivers built on it.

Every game is searched as one two-sided game. The *focus* player's future tricks
are counted; in a contract he wants them many, in a misère or for a raspasy
player's paranoid value he wants them few, and the other two play together
against him. :func:`search` answers only "does the focus player end with at least
``target`` more tricks?"; :func:`exact_value` narrows that to the exact count, and
the drivers below value each card and trace a best line.

A node's :data:`State` names who plays next (``mover``), how many cards lie in
the trick (``n_in_trick``), the suit to follow (``lead_suit``, -1 when leading), the
card now taking the trick and its owner (``best``, ``owner``), the mask of the cards
on the table (``table``, the turned talon card included), how many talon cards have
been used (``talon_i``) and how many tricks remain, the current one included (``left``).
"""

import types
from collections import namedtuple

import numpy as np

from .bits import RANKS, data_pointer, high_bit, popcount
from .bounds import (has_exit, loses_trick, never_wins, shared_suits_relevance, sure_escapes, sure_tricks,
                     top_trumps, tops_relevance, wins_all, wins_none, wins_trick)
from .config import (ALL_SHORTCUTS, C_COOPERATIVE, C_FLAGS, C_FOCUS, C_FOCUS_MAX, C_GAME_ID, C_GENERATION, C_KILLERS,
                     C_MOVES, C_N_TALON, C_STATS, C_TABLE_ROWS, C_TALON, C_TALON_MODE, C_TRUMP, DEALER_SEAT,
                     MOVES_ROW, NO_SEAT, P_HANDS, P_LEADER, P_N_TRICK, P_TRICK, S_BOUND_CUTS, S_CUTS, S_FIRST_CUTS,
                     S_NODES, S_TT_HITS, S_TT_PROBES, S_TT_STORES, TALON_DEALER, USE_ALL_OR_NONE, USE_BOUNDS,
                     USE_DEFENDER_LEADS, USE_EQUIVALENCE, USE_ESCAPE_LEADS, USE_MISERE_BOUNDS, USE_ORDERING,
                     USE_RANK_SKIP, USE_SAFE_SUITS, USE_TOP_TRUMPS, USE_TT, jit, jit_inline)
from .moves import NO_TRUMP, ascending, beats, group_top, legal_mask, order_moves, representatives, suit_mask
from .tt import (NO_UPPER, absolute_move, kvec_cards, partition_of, position_key, prefetch, probe, relative_move,
                 rows, store)

ANY_GAME, CONTRACT, MISERE = 0, 1, 2
GAME = ANY_GAME
"""The game this module's :func:`_search` is compiled for: any, reading the switches, the aim and the
trump suit from the context at every node. :func:`_compiled_for` compiles copies of it that read
``GAME`` as ``CONTRACT`` or ``MISERE`` (raspasy too): a fight with every shortcut on, those
constants folded in (``USE_SPECIALIZED``)."""

State = namedtuple("State", ["mover", "n_in_trick", "lead_suit", "best", "owner", "table", "talon_i",
                             "left"])


@jit_inline
def pending_talon(ctx, talon_i):
    """Talon cards not yet turned: they still matter for which cards are equivalent."""
    m = 0
    for i in range(talon_i + 1, ctx[C_N_TALON]):
        m |= np.int64(1) << ctx[C_TALON + i]
    return m


@jit_inline
def _trick_start(ctx, leader, talon_i, left):
    """The state at the start of a trick led by ``leader`` (A in a talon trick)."""
    if talon_i < ctx[C_N_TALON]:
        t = ctx[C_TALON + talon_i]
        best = t if ctx[C_TALON_MODE] == TALON_DEALER else -1
        owner = DEALER_SEAT if best >= 0 else NO_SEAT
        return State(0, 0, t >> 3, best, owner, np.int64(1) << t, talon_i, left)
    return State(leader, 0, -1, -1, NO_SEAT, np.int64(0), talon_i, left)


@jit_inline
def advance(ctx, state, c, target):
    """Play card ``c`` for the mover: update his hand (``ctx[mover]``) in place, return (state, target)."""
    hands = ctx
    mover, n_in, lead, best, owner, table, talon_i, left = state
    mover &= 3  # not negative: see search
    hands[mover] &= ~(np.int64(1) << c)
    trump = ctx[C_TRUMP]
    if lead < 0:
        lead = c >> 3
    if best < 0:
        if (c >> 3) == lead or (c >> 3) == trump:
            best = c
            owner = mover
    elif beats(c, best, trump):
        best = c
        owner = mover
    table |= np.int64(1) << c
    if n_in < 2:
        return State((mover + 1) % 3, n_in + 1, lead, best, owner, table, talon_i, left), target
    if owner == ctx[C_FOCUS]:
        target -= 1
    next_leader = owner
    if talon_i < ctx[C_N_TALON]:
        talon_i += 1
        next_leader = 0
    return _trick_start(ctx, next_leader, talon_i, left - 1), target


@jit_inline
def _last_trick(ctx, leader):
    """The last trick, one card each and all forced: (1 if the focus player wins it else 0,
    the winning card if it beat a card of its own suit — the one rank that mattered)."""
    hands = ctx
    leader &= 3  # not negative: see search
    trump = ctx[C_TRUMP]
    best = popcount(hands[leader] - 1)
    owner = leader
    lead = best >> 3
    rivals = 0
    for i in (1, 2):
        p = (leader + i) % 3
        c = popcount(hands[p] - 1)
        if beats(c, best, trump):
            best = c
            owner = p
    for p in range(3):
        if p != owner and (hands[p] & suit_mask(best >> 3)) != 0:
            rivals = np.int64(1) << best
    return (1 if owner == ctx[C_FOCUS] else 0), rivals


@jit_inline
def trick_relevance(table, winner, in_talon):
    """Cards whose rank decided a finished trick: the winner, if it beat a card of its suit."""
    if in_talon:
        return table  # never stored; keep it simple and safe
    if popcount(table & suit_mask(winner >> 3)) > 1:
        return np.int64(1) << winner
    return np.int64(0)


@jit_inline
def equivalence_relevance(relevant, legal, moves, live):
    """At a node whose every move was searched: a card skipped for a representative above it
    must itself be relevant when that representative is, or the skip would not carry over."""
    skipped = legal & ~moves
    while skipped != 0:
        b = skipped & -skipped
        skipped ^= b
        c = high_bit(b)
        s = c >> 3
        rs = (relevant >> (8 * s)) & 0xFF
        if rs != 0:
            low = high_bit(rs & -rs)
            if (group_top(c, legal, live) & 7) >= low and (c & 7) < low:
                relevant |= b
    return relevant


@jit_inline
def _quick_bound(ctx, mover, target, left, flags, focus_max, cooperative, trump):
    """Whether a quick bound settles the search for ``target`` at a trick start outside the talon,
    ``mover`` on lead: ``(settled, value, relevant)`` as :func:`search` would return them, or
    ``(False, 0, 0)``. Each step is a count of tricks no play can change, with the cards it rests on
    (the partition it holds for); the steps, in order:

    1. A contract (not a cooperative search: sure tricks assume a fight): the player on lead's sure
       tricks (:func:`.bounds.sure_tricks`); the focus player's reach the target, or an opponent's
       leave him short of it.
    2. A contract with trumps, with ``USE_TOP_TRUMPS``: the trumps above all of the other side's,
       which win whoever leads (:func:`.bounds.top_trumps`; every line, so a cooperative search too).
    3. A misère or raspasy: the focus player takes every trick left, whatever anyone plays
       (:func:`.bounds.wins_all`; on his own lead always, else with ``USE_ALL_OR_NONE``), or none
       (:func:`.bounds.wins_none`, ``USE_ALL_OR_NONE``; wider, every suit he holds safe,
       :func:`.bounds.never_wins`, ``USE_SAFE_SUITS``).
    4. With ``USE_MISERE_BOUNDS``: for every trick left, whether he can lose this one
       (:func:`.bounds.loses_trick`); for one trick, whether he must win this one
       (:func:`.bounds.wins_trick`, a fight only);
    5. and, the target within three tricks of all of them, the tricks he surely escapes
       (:func:`.bounds.sure_escapes`).

    ``flags``, ``focus_max``, ``cooperative``, ``trump``: the context's, as :func:`_search` has them
    (constants in its copies compiled for one game).
    """
    hands = ctx
    focus = ctx[C_FOCUS] & 3  # & 3: not negative, see _search
    if focus_max:
        if not cooperative:  # 1
            if mover == focus:
                sure, why = sure_tricks(hands, focus, trump, target)
                if sure >= target:
                    return True, sure, why
            else:
                theirs, why = sure_tricks(hands, mover, trump, left - target + 1)
                if left - theirs < target:
                    return True, left - theirs, why
        if trump != NO_TRUMP and flags & USE_TOP_TRUMPS:  # 2
            settled, v, why = top_trumps(hands, focus, trump, target, left)
            if settled:
                return True, v, why
    elif trump == NO_TRUMP:
        if (mover == focus or flags & USE_ALL_OR_NONE) and wins_all(hands, focus, mover):  # 3
            return True, left, tops_relevance(hands, focus)
        if flags & USE_ALL_OR_NONE and wins_none(hands, focus, mover) \
                or flags & USE_SAFE_SUITS and never_wins(hands, focus, mover):
            return True, np.int64(0), shared_suits_relevance(hands, focus)
        if flags & USE_MISERE_BOUNDS:
            if target == left:  # 4
                loses, why = loses_trick(hands, focus, mover)
                if loses:
                    return True, left - 1, why
            elif target == 1 and not cooperative:
                wins, why = wins_trick(hands, focus, mover)
                if wins:
                    return True, np.int64(1), why
            if target >= left - 3:  # 5
                escapes, why = sure_escapes(hands, focus, mover, left, left - target + 1)
                if left - escapes < target:
                    return True, left - escapes, why
    return False, np.int64(0), np.int64(0)


@jit
def search(ctx, tt, state, target):
    """Test whether the focus player takes at least ``target`` of the remaining tricks.

    Returns ``(v, relevant)``. Fail-soft: ``v >= target`` means the value is at least
    ``v``; ``v < target`` means it is at most ``v``. ``relevant`` is the partition the
    bound holds for: the cards whose rank mattered. The bound holds for every position
    with the same suit lengths in each hand in which the live cards of each suit, from
    the lowest relevant one up, have the same owners (see :mod:`.tt`).

    ``ctx`` is the search context (:mod:`.config`): the hands as they stand (``ctx[0:3]``,
    changed in place and restored), the game and the counters, one array so that each
    recursive call passes one. The rank tables are read as the module's :data:`.bits.RANKS`,
    which Numba compiles in as a constant: an array argument fewer for every node (7 machine
    words; paired, ×0.98 on every kind of game).

    A fight with every shortcut on runs the copy of the search compiled for its kind of game
    (``USE_SPECIALIZED``, :func:`_compiled_for`).
    """
    ctx[C_TABLE_ROWS] = rows(tt)
    if ctx[C_FLAGS] == ALL_SHORTCUTS and ctx[C_COOPERATIVE] == 0:
        if ctx[C_FOCUS_MAX] == 1:
            return _search_contract(data_pointer(ctx), data_pointer(tt), state, target)
        if ctx[C_TRUMP] == NO_TRUMP:
            return _search_misere(data_pointer(ctx), data_pointer(tt), state, target)
    return _search(data_pointer(ctx), data_pointer(tt), state, target)


@jit
def _search(ctx, tt, state, target):
    """:func:`search`, with the context and the table as bare pointers (:func:`.bits.data_pointer`):
    one machine word each for every recursive call instead of an array's seven, most of which the
    caller had pushed again for every child (paired, x0.98 on every kind of game). The table's
    size, which a pointer does not carry, is in ``ctx[C_TABLE_ROWS]``."""
    hands = ctx
    ranks = RANKS
    mover, n_in, lead, best, owner, table, talon_i, left = state
    # Seats and depths index the context. Numba wraps a negative index around (a test, a fix-up
    # and often a spill at every access, and Python's floor rules for the `% 3` of the next
    # seats); the masks, no-ops on these values, tell the compiler they are not negative.
    mover &= 3
    ctx[C_STATS + S_NODES] += 1
    focus = ctx[C_FOCUS] & 3
    if GAME == ANY_GAME:
        flags = ctx[C_FLAGS]
        focus_max = ctx[C_FOCUS_MAX] == 1
        cooperative = ctx[C_COOPERATIVE] == 1
        trump = ctx[C_TRUMP]
    else:
        flags = np.int64(ALL_SHORTCUTS)
        focus_max = GAME == CONTRACT
        cooperative = False
        trump = ctx[C_TRUMP] if GAME == CONTRACT else np.int64(NO_TRUMP)
    in_talon = talon_i < ctx[C_N_TALON]  # raspasy's talon: read, not folded (its copy serves every mode)
    first = -1
    keyed = False
    shape = np.int64(0)
    code = np.int64(0)
    if n_in == 0:
        if target <= 0:
            return np.int64(0), np.int64(0)
        if target > left:
            return left, np.int64(0)
        if not in_talon:
            if left == 1:
                return _last_trick(ctx, mover)
            if flags & USE_TT:
                keyed = True
                shape, code = position_key(hands, mover, ctx[C_GAME_ID], ranks)
                prefetch(tt, ctx[C_TABLE_ROWS], shape, code)
            if flags & USE_BOUNDS:
                settled, v, why = _quick_bound(ctx, mover, target, left, flags, focus_max, cooperative, trump)
                if settled:
                    ctx[C_STATS + S_BOUND_CUTS] += 1
                    return v, why
            if keyed:
                ctx[C_STATS + S_TT_PROBES] += 1
                lower, upper, lower_k, upper_k, move = probe(tt, ctx[C_TABLE_ROWS], shape, code, target)
                if lower >= target:
                    ctx[C_STATS + S_TT_HITS] += 1
                    return lower, kvec_cards(lower_k, hands[0] | hands[1] | hands[2], ranks)
                if upper < target:
                    ctx[C_STATS + S_TT_HITS] += 1
                    return upper, kvec_cards(upper_k, hands[0] | hands[1] | hands[2], ranks)
                if move >= 0 and flags & USE_ORDERING:
                    first = absolute_move(move, hands[0] | hands[1] | hands[2], ranks)

    live = hands[0] | hands[1] | hands[2] | table
    if in_talon:
        live |= pending_talon(ctx, talon_i)
    legal = legal_mask(hands[mover], lead, trump)
    moves = legal
    if flags & USE_EQUIVALENCE:
        moves = representatives(legal, live, ranks)
    depth = popcount(hands[0] | hands[1] | hands[2]) & 63
    if flags & USE_ORDERING:
        # killers: the leads that last cut off at this depth (two in misère and raspasy, where
        # leads are harder to order; a second one costs nodes in contracts)
        killer = ctx[C_KILLERS + 2 * depth] - 1 if n_in == 0 else -1
        killer2 = ctx[C_KILLERS + 2 * depth + 1] - 1 if n_in == 0 and not focus_max else -1
        lead_plan = 0  # how misère and raspasy leads are ordered (see moves._misere_score)
        if n_in == 0 and not focus_max:
            if mover != focus and flags & USE_DEFENDER_LEADS:
                lead_plan = 1 if target == 1 or not has_exit(hands, focus) else 2
            elif mover == focus and flags & USE_ESCAPE_LEADS:
                lead_plan = 1  # his sure escapes, frailest cover first
        k = order_moves(ctx, state, moves, live, first, killer, killer2, lead_plan, depth, focus_max, trump)
    else:
        k = ascending(moves, ctx, depth)

    maximizing = focus_max if cooperative else (mover == focus) == focus_max
    result = np.int64(-1) if maximizing else left + 1
    relevant = np.int64(0)
    cut = -1
    rank_skip = flags & USE_RANK_SKIP and not in_talon
    skip = np.int64(0)
    for i in range(k):
        c = ctx[C_MOVES + MOVES_ROW * depth + i]
        if (skip >> c) & 1:
            continue
        child, child_target = advance(ctx, state, c, target)
        new_trick = child.n_in_trick == 0
        if new_trick and child_target <= 0:  # settled already: skip the call
            v, child_relevant = np.int64(0), np.int64(0)
        elif new_trick and child_target > child.left:
            v, child_relevant = child.left, np.int64(0)
        elif new_trick and child.left == 1 and child.talon_i >= ctx[C_N_TALON]:
            v, child_relevant = _last_trick(ctx, child.mover)
        else:
            v, child_relevant = _search(ctx, tt, child, child_target)
        hands[mover] |= np.int64(1) << c
        v += target - child_target
        if n_in == 2:
            winner = c if best < 0 or beats(c, best, trump) else best
            child_relevant |= trick_relevance(table | (np.int64(1) << c), winner, in_talon)
        if maximizing:
            if v > result:
                result = v
            if v >= target:
                cut = c
                relevant = child_relevant
                break
        else:
            if v < result:
                result = v
            if v < target:
                cut = c
                relevant = child_relevant
                break
        if rank_skip:
            # c failed, and if it lies below every card of its suit whose rank mattered, so would
            # the mover's other cards of the suit below those: the positions differ only in
            # which of two such cards lies on the table, so the child's bound covers them
            sh = c & 0x18
            mattered = (child_relevant >> sh) & 0xFF
            if mattered == 0:
                skip |= np.int64(0xFF) << sh
            elif (mattered & -mattered) > (1 << (c & 7)):
                skip |= ((mattered & -mattered) - 1) << sh
        relevant |= child_relevant
    if cut >= 0:
        if n_in == 0 and ctx[C_KILLERS + 2 * depth] != cut + 1:
            ctx[C_KILLERS + 2 * depth + 1] = ctx[C_KILLERS + 2 * depth]
            ctx[C_KILLERS + 2 * depth] = cut + 1
        ctx[C_STATS + S_CUTS] += 1
        if cut == ctx[C_MOVES + MOVES_ROW * depth]:
            ctx[C_STATS + S_FIRST_CUTS] += 1
    if cut < 0 and moves != legal:
        relevant = equivalence_relevance(relevant, legal, moves, live)

    if keyed:
        ctx[C_STATS + S_TT_STORES] += 1
        live_hands = hands[0] | hands[1] | hands[2]
        move = relative_move(cut, live_hands) if cut >= 0 else -1
        partition = partition_of(relevant, live_hands, shape)
        if result >= target:
            store(tt, ctx[C_TABLE_ROWS], shape, code, partition, result, NO_UPPER, move, left, ctx[C_GENERATION])
        else:
            store(tt, ctx[C_TABLE_ROWS], shape, code, partition, 0, result, move, left, ctx[C_GENERATION])
    return result, relevant


def _compiled_for(game, name):
    """:func:`_search` compiled again under ``name`` with ``GAME`` read as ``game``: Numba takes a
    module's globals as constants, so the game's switches, aim and trump suit fold into the code and
    the branches of the other games drop out. The copy calls itself for its children; its own name
    keeps its compiled code apart in the cache. Paired against the search that reads them at every
    node (``pref bench``'s deals, ``Options(specialized=False)``): contract 0.93, misère 0.93,
    raspasy 0.92, the nodes the same; the copies add about 45 s to the first compile."""
    namespace = dict(globals(), GAME=game)
    body = getattr(_search, "py_func", _search)  # the function itself under NUMBA_DISABLE_JIT=1
    copy = types.FunctionType(body.__code__, namespace, name, body.__defaults__)
    copy.__qualname__ = name
    copy.__doc__ = body.__doc__
    namespace["_search"] = compiled = jit(copy)
    return compiled


_search_contract = _compiled_for(CONTRACT, "_search_contract")
_search_misere = _compiled_for(MISERE, "_search_misere")


@jit
def forced_in_suit(f, x, y):
    """Tricks of one suit (8-bit masks: F's, the player after him, the one before) that F wins when
    the other two lead it round after round, each playing his lowest card, and F ducks with his
    highest card below the trick's top, else wins and sheds his highest. A guess, not a bound: the
    others may do better (or worse), and F's own leads are left out."""
    wins = 0
    while f != 0 and (x | y) != 0:
        low_x = x & -x  # 0 for a player out of the suit
        low_y = y & -y
        x ^= low_x
        y ^= low_y
        below = f & ((np.int64(1) << high_bit(low_x | low_y)) - 1)
        if below != 0:
            f ^= np.int64(1) << high_bit(below)
        else:
            f ^= np.int64(1) << high_bit(f)
            wins += 1
    return wins


@jit
def forced_estimate(hands, focus):
    """:func:`forced_in_suit` summed over the suits: where a focus player who wants few tricks
    (misère, raspasy) stands, to pick the driver's first test."""
    f = hands[focus]
    x = hands[(focus + 1) % 3]
    y = hands[(focus + 2) % 3]
    total = 0
    for s in range(4):
        sh = 8 * s
        total += forced_in_suit((f >> sh) & 0xFF, (x >> sh) & 0xFF, (y >> sh) & 0xFF)
    return total


@jit
def exact_value(ctx, tt, state, guess=-1):
    """The focus player's remaining tricks under best play: zero-window tests on fail-soft ``search``.

    With move ordering on, the first test is at ``guess`` if given, else, for a focus
    player who wants few tricks (misère, raspasy), one above :func:`forced_estimate` (tests
    below the value are cheap, those above it dear, and each test from 1 up to a high value
    costs more than the last: a guess that lands at or just below the value skips them), and
    at the midpoint for a declarer; every later test is next to where the last one landed
    (one above a success, at a failure's bound). With ordering off it bisects from the
    midpoint.
    """
    lo = 0
    hi = state.left
    stepping = ctx[C_FLAGS] & USE_ORDERING
    if not stepping:
        mid = (lo + hi + 1) // 2
    elif guess >= 0:
        mid = min(max(guess, 1), hi)
    elif ctx[C_FOCUS_MAX] == 1:
        mid = (lo + hi + 1) // 2
    else:
        mid = min(forced_estimate(ctx, ctx[C_FOCUS] & 3) + 1, hi)
    while lo < hi:
        v, _ = search(ctx, tt, state, mid)
        if v >= mid:
            lo = v
            mid = lo + 1 if stepping else (lo + hi + 1) // 2
        else:
            hi = v
            mid = max(hi, 1) if stepping else (lo + hi + 1) // 2
    return lo


@jit
def move_reaches(ctx, tt, state, c, target):
    """Whether, after the mover plays ``c``, the focus player still gets ``target`` tricks."""
    hands = ctx
    child, child_target = advance(ctx, state, c, target)
    v, _ = search(ctx, tt, child, child_target)
    hands[state.mover] |= np.int64(1) << c
    return v >= child_target


@jit
def move_value(ctx, tt, state, c, guess=-1):
    """The focus player's remaining tricks (this trick included) after the mover plays ``c``.

    ``guess``: a likely value (a sibling card's), or -1.
    """
    hands = ctx
    child, child_target = advance(ctx, state, c, 0)
    child_guess = guess + child_target if guess >= 0 else -1
    v = exact_value(ctx, tt, child, child_guess)
    hands[state.mover] |= np.int64(1) << c
    return v - child_target


@jit
def root_state(pos, ctx):
    """Fill the hands (``ctx[0:3]``) from a position array and return its state (trick cards replayed)."""
    hands = ctx
    for p in range(3):
        hands[p] = pos[P_HANDS + p]
    leader = pos[P_LEADER]
    n = pos[P_N_TRICK]
    for i in range(n):
        hands[(leader + i) % 3] |= np.int64(1) << pos[P_TRICK + i]
    left = popcount(hands[leader])
    state = _trick_start(ctx, leader, 0, left)
    for i in range(n):
        state, _ = advance(ctx, state, pos[P_TRICK + i], 0)
    return state
