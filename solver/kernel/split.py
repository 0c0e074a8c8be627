"""The defenders' split of their tricks: a second objective over the lines that keep the trick value.

Double-dummy play fixes how many tricks the defenders take, not which of them takes each. Here the
outcome of a contract is the pair (the declarer's tricks ``d``, one defender's tricks ``y``). Each
side first plays for the tricks: the declarer for the most, the defenders to hold him to the fewest,
so ``d`` is the double-dummy value ``V``. Among the cards that keep it (the declarer's that still
reach ``V``, the defenders' that still hold him to it) every player then plays for the split the
defenders rank highest (``rank[V][y]``: :mod:`preferans.analysis.estimate.score` says how they rank
them): the declarer, who gets his tricks whichever of those cards he plays, does not steer the split.
So the split is the best rank over the *trick-keeping lines*, and on those lines the defenders'
remaining tricks are known at every node.

:func:`_best` finds that best rank in one pass, branch and bound: a node whose ranks within reach
(its defender's tricks so far plus any share of what is left) cannot beat the best found is not
searched. It asks the trick search (:func:`~.search.search`, on the table the value was found with)
which cards keep the trick value, and keeps what it finds per trick-start position and tricks taken
so far in a table of its own (``memo``, the partition table of :mod:`.tt`: a result is kept with the
cards whose rank mattered, so that it serves every position that differs only in small cards, as the
trick search's results do). The engine's ``tt`` and ``equivalence`` options switch the table and the
playing of one card per sequence off here too. The trick search's hot path is untouched; the brute
force this is held to is :mod:`preferans.reference_split`.

Five shortcuts of its own, each switched by an :class:`~preferans.engine.Options` field
(:data:`SPLIT_SHORTCUT_NAMES`):

* ``split_kept_memo``: the memo is kept from one split to the next of the same game, defender and
  ranks (its key holds the declarer's tricks of the whole deal, ``d``, which picks the row of ranks
  a position's lines are ranked by), not emptied for each; neighbouring layouts share endings, and
  emptying a table of 2**15 entries cost 40 µs a split. (The searcher keeps the tables,
  :meth:`~preferans.engine.Searcher.split`.)
* ``split_child_bound``: a card that completes a trick is first held to what its child can give: the
  ranks within reach after the trick (the defenders' tricks and who took this one known), then the
  memo's bound on the child; if neither can beat the best found, the card is passed over without
  asking the trick search whether it keeps the tricks (if it does not, it was never a candidate;
  if it does, its child is the position those bounds are for).
* ``split_last_keeps``: every node of a trick-keeping line has the value ``v`` (the line got there
  through cards that kept it), so one of its cards keeps it: when every card tried before the last
  was found not to, the last one does, without a search.
* ``split_top_trumps``: at a trick start, the ranks within reach count the defenders' top trumps.
  A trump above every trump the other two hold wins the trick it is played to, whoever leads (led,
  it is the highest trump; played to a side suit, it ruffs above any other ruff), and every card is
  played by the end: so a defender holding the ``r`` highest trumps takes at least ``r`` of the
  defenders' tricks still to come, on every line, and his partner at most the rest. On the cheap
  layouts of ``benchmarks/estimate_speed.py score_two_suiter`` the splits took 0.90 times as long
  with it, on ``score``'s contract 1.04 (``… split_shortcuts``: within the rounds' noise).
* ``split_probes``: at the split's first two trick starts, the cards that keep the tricks are first
  searched on a budget of trick-search nodes (:data:`PROBE_BUDGET`, then eight times as many), a
  card whose search runs over it left for the next pass, and only the last pass searches in full.
  A line reaching the best split within reach is mostly found at once, but often under another
  card than the first: searched in order, a first card with no such line under it is searched to
  the end before the next is tried, and those few layouts took most of the time of the splits
  that reach the best (on the issue's hand of ``benchmarks/estimate_speed.py``, 95 % of the 9-trick
  ones' nodes lay in a tenth of the layouts). A search cut short stores nothing and answers
  nothing (:data:`ABORTED`): its card is searched again in the next pass, from what the tables
  kept of it. A proof that nothing better is in reach sees every line either way, and pays for the
  passes cut short.
"""

import numpy as np

from .bits import RANKS, high_bit, popcount
from .bounds import trumps_over
from .config import (C_FLAGS, C_FOCUS, C_GAME_ID, C_MOVES, C_STATS, C_TRUMP, MOVES_ROW, S_NODES, USE_EQUIVALENCE,
                     USE_TT, jit)
from .drivers import begin_job, end_job
from .moves import beats, legal_mask, order_moves, representatives, suit_mask
from .search import equivalence_relevance, trick_relevance, advance, exact_value, search
from .tt import GAME_SHIFT, absolute_move, kvec_cards, partition_of, position_key, probe, rows, store

MEMO_LOG2 = 18
"""Entries of a split's own table kept across splits (``split_kept_memo``): on the cheap layouts of
``benchmarks/estimate_speed.py score_two_suiter`` the splits took 0.93 s with 2**17, 0.85 s with
2**18 and with 2**19 (one job's 2,000 layouts, one thread)."""
FRESH_MEMO_LOG2 = 15
"""Entries of a table emptied for each split (``split_kept_memo`` off): small, for emptying costs."""
S_KEPT_MEMO = 1
"""The memo kept from one split to the next (read by the searcher, not the kernel)."""
S_CHILD_BOUND = 2
"""A trick's last card held to its child's bounds before the keeping test."""
S_LAST_KEEPS = 4
"""The last card keeps when every other was tested and does not."""
S_TOP_TRUMPS = 8
"""The ranks within reach at a trick start count the defenders' top trumps."""
S_PROBES = 16
"""The cards at the first two trick starts searched on a budget first."""
SPLIT_SHORTCUT_NAMES = {"split_kept_memo": S_KEPT_MEMO, "split_child_bound": S_CHILD_BOUND,
                        "split_last_keeps": S_LAST_KEEPS, "split_top_trumps": S_TOP_TRUMPS,
                        "split_probes": S_PROBES}
PROBE_BUDGET = 512
"""Trick-search nodes a card's first search may spend (``split_probes``; the second, eight times as
many). The engine passes it to the kernel at each split, so that a test can make it small. Chosen
on 2,000 layouts of each of ``benchmarks/estimate_speed.py``'s three questions, the splits alone
timed against the split without probes in one process (trial kernels; the contract, the issue's
hand, the two-suiter): 512 took 1.02 to 1.05, 0.82 to 0.86 and 0.78 of the time; 256 1.05, 0.84,
0.78; 128 1.12, 0.86, 0.79; a budget four times the last at each pass, three passes on a budget,
0.99 to 1.03, 0.84 to 0.86, 0.77 to 0.78; probing the first trick start alone 1.03, 0.87, 0.74,
the first three 1.06, 0.86, 0.78."""
PROBE_PASSES = 2
"""Passes on a budget before the one in full."""
PROBE_GROWTH = 3
"""Each pass's budget is ``2 ** PROBE_GROWTH`` times the one before."""
ABORTED = -2
"""The answer of a search that ran over its budget: below every rank and every ``alpha``."""
NO_DEADLINE = 1 << 62
"""A node count no search reaches."""
NO_RANK = 99
"""Above every rank (ranks are 0 … 98: they are kept in the table's bytes, under its ``NO_UPPER``)."""


@jit
def _trick_decided_by(ctx, state, c):
    """The cards whose rank decided who takes the trick ``c`` completes (the third card)."""
    best = state.best
    winner = c if best < 0 or beats(c, best, ctx[C_TRUMP]) else best
    return trick_relevance(state.table | (np.int64(1) << c), winner, False)


@jit
def _keeps(ctx, tt, child, child_v, by_declarer):
    """Whether the card just played (the hands are ``child``'s, :func:`~.search.advance` gave
    ``child_v``) keeps the trick value for its side: the declarer's still reaches it, a defender's
    still holds him to it; and the cards whose rank that answer depends on."""
    target = child_v if by_declarer else child_v + 1
    got, relevant = search(ctx, tt, child, target)
    return (got >= target) == by_declarer, relevant


@jit
def _within_reach(rank, y, fewest, most):
    """The best rank within reach: ``y`` tricks to the defender so far, ``fewest`` to ``most`` more."""
    hi = np.int64(-1)
    for extra in range(fewest, most + 1):
        hi = max(hi, rank[y + extra])
    return hi


@jit
def _top_trumps(hands, trump):
    """At a trick start: who holds the highest trump left (-1: no trump left or no-trump), how many
    of the highest trumps he holds in a row (:func:`.bounds.trumps_over` the other two), and the
    cards whose owners the count rests on: those trumps and the one below them (all the trumps
    when every one is his)."""
    if trump > 3:
        return np.int64(-1), np.int64(0), np.int64(0)
    trumps = (hands[0] | hands[1] | hands[2]) & suit_mask(trump)
    if trumps == 0:
        return np.int64(-1), np.int64(0), np.int64(0)
    top = high_bit(trumps)
    holder = np.int64(0) if hands[0] >> top & 1 else (np.int64(1) if hands[1] >> top & 1 else np.int64(2))
    rest = trumps & ~hands[holder]
    run, cards = trumps_over(trumps & hands[holder], rest)
    return holder, run, cards if rest else trumps


@jit
def _reach_at_trick_start(ctx, rank, y, left, v, defender, flags):
    """The best rank within reach at a trick start, where the defenders take ``left - v`` more
    tricks, and the cards it rests on: with ``split_top_trumps``, a defender holding the highest
    trumps takes at least as many of them (see the module doc)."""
    fewest = np.int64(0)
    most = left - v
    cards = np.int64(0)
    if flags & S_TOP_TRUMPS:
        holder, run, cards = _top_trumps(ctx, ctx[C_TRUMP])
        if holder == defender:
            fewest = min(run, most)
        elif holder >= 0 and holder != ctx[C_FOCUS]:
            most = max(most - run, np.int64(0))
        else:
            cards = np.int64(0)
    return _within_reach(rank, y, fewest, most), cards


@jit
def _memo_game(v, y, d):
    """What the memo's key holds in the trick search's place of the game: the declarer's tricks
    ``v`` still to come and ``d`` in the deal (whose row of ranks counts), the defender's ``y`` so far."""
    return v | (y << 4) | (d << 8)


@jit
def _memo_key(hands, mover, v, y, d):
    """The memo's key of a trick start: the position and :func:`_memo_game`."""
    return position_key(hands, mover, _memo_game(v, y, d), RANKS)


@jit
def _passed_over(ctx, memo, child, child_v, child_y, defender, rank, d, floor, flags):
    """Whether the trick just completed (the hands are ``child``'s) cannot beat ``floor`` whatever
    follows (``split_child_bound``), and the cards whose rank that rests on besides the trick's own:
    the ranks within reach after the trick, then the memo's bound on the position it leaves (which
    holds for it if the card keeps the tricks: if not, it is no candidate anyway)."""
    hands = ctx
    reach, reach_cards = _reach_at_trick_start(ctx, rank, child_y, child.left, child_v, defender, flags)
    if reach <= floor:
        return True, reach_cards
    if child.left > child_v and ctx[C_FLAGS] & USE_TT:
        shape, code = _memo_key(hands, child.mover, child_v, child_y, d)
        _, upper, _, upper_k, _ = probe(memo, rows(memo), shape, code, floor + 1)
        if upper <= floor:
            return True, kvec_cards(upper_k, hands[0] | hands[1] | hands[2], RANKS)
    return False, np.int64(0)


@jit
def _best(ctx, tt, memo, state, v, y, defender, rank, alpha, d, flags, deadline, probe_left, budget):
    """The best rank over the trick-keeping lines from here, if above ``alpha`` (then exact), else a
    bound ``<= alpha``; and the cards whose rank that answer depends on (:func:`~.search.search`'s
    partition), so that the table keeps it for every position of the partition.

    ``v``: the declarer's remaining tricks (the current one included) on every trick-keeping line,
    ``d`` his tricks in the deal; ``y``: the tricks ``defender`` took so far; ``rank[y']``: the rank
    of ending with ``y'``; ``flags``: the ``S_*`` shortcuts. Once the trick search has counted more
    than ``deadline`` nodes, :data:`ABORTED` (``split_probes``: the cards at trick starts with
    ``probe_left`` tricks left or more are first searched on ``budget`` nodes)."""
    hands = ctx
    if state.left == v:  # the defenders take no more tricks: every line ends here
        return rank[y], np.int64(0)
    if ctx[C_STATS + S_NODES] > deadline:
        return np.int64(ABORTED), np.int64(0)
    if state.n_in_trick == 0:
        hi, reach_cards = _reach_at_trick_start(ctx, rank, y, state.left, v, defender, flags)
    else:
        hi, reach_cards = _within_reach(rank, y, np.int64(0), state.left - v), np.int64(0)
    if hi <= alpha:
        return hi, reach_cards
    mover = state.mover & 3
    live_hands = hands[0] | hands[1] | hands[2]
    keyed = state.n_in_trick == 0 and ctx[C_FLAGS] & USE_TT
    shape = np.int64(0)  # at a trick start, the position's key without the game (the memo's and the
    code = np.int64(0)   # trick search's keys differ only there: composed once, see _memo_key)
    memo_shape = np.int64(0)
    if state.n_in_trick == 0:
        shape, code = position_key(hands, mover, np.int64(0), RANKS)
        memo_shape = shape | (_memo_game(v, y, d) << GAME_SHIFT)
    result = np.int64(-1)
    relevant = np.int64(0)
    if keyed:
        lower, upper, lower_k, upper_k, _ = probe(memo, rows(memo), memo_shape, code, alpha + 1)
        if lower == upper or upper <= alpha:  # known exactly, or nothing above alpha
            return upper, kvec_cards(upper_k, live_hands, RANKS) | kvec_cards(lower_k, live_hands, RANKS)
        if lower > alpha:  # a line reaching it is known: search for more only
            result = lower
            relevant = kvec_cards(lower_k, live_hands, RANKS)
    relevant |= reach_cards  # the search stops once it reaches hi
    live = live_hands | state.table
    legal = legal_mask(hands[mover], state.lead_suit, ctx[C_TRUMP])
    moves = representatives(legal, live, RANKS) if ctx[C_FLAGS] & USE_EQUIVALENCE else legal
    first = np.int64(-1)
    if state.n_in_trick == 0:  # the trick search's move here, most likely one that keeps the tricks
        move = probe(tt, rows(tt), shape | (ctx[C_GAME_ID] << GAME_SHIFT), code, v)[4]
        if move >= 0:
            first = absolute_move(move, live_hands, RANKS)
    depth = popcount(live_hands) & 63
    count = order_moves(ctx, state, moves, live, first, -1, -1, 0, depth, True, ctx[C_TRUMP])  # a contract's ordering
    probing = (flags & S_PROBES) != 0 and state.n_in_trick == 0 and state.left >= probe_left
    passes = PROBE_PASSES + 1 if probing else 1
    done = np.int64(0)  # the cards settled, by their place in the order
    refuted = 0  # the cards found not to keep the tricks (every other one, when it is count - 1)
    i = 0
    for pass_no in range(passes):
        if result >= hi:
            break
        probe_budget = budget << (PROBE_GROWTH * pass_no)  # each card's, on a pass before the last
        i = 0
        while i < count and result < hi:
            c = ctx[C_MOVES + MOVES_ROW * depth + i]
            i += 1
            if done >> (i - 1) & 1:
                continue
            completes = state.n_in_trick == 2
            child, child_v = advance(ctx, state, c, v)  # the hands are the child's until restored below
            child_y = y + 1 if completes and child.mover == defender else y
            why = _trick_decided_by(ctx, state, c) if completes else np.int64(0)
            keeps = False
            passed = False
            passed_why = np.int64(0)
            if flags & S_CHILD_BOUND and completes:
                passed, passed_why = _passed_over(ctx, memo, child, child_v, child_y, defender, rank, d,
                                                  max(alpha, result), flags)
            if passed:  # no candidate: what its trick leads to cannot beat the best found
                why |= passed_why
            elif flags & S_LAST_KEEPS and i == count and refuted == count - 1:
                keeps = True  # the others do not, and one card does (the node's value is v)
            else:
                keeps, keeps_why = _keeps(ctx, tt, child, child_v, mover == ctx[C_FOCUS])
                why |= keeps_why
                if not keeps:
                    refuted += 1
            if keeps:
                limit = deadline
                if pass_no < passes - 1:  # a probe: each card a budget of its own
                    limit = min(deadline, ctx[C_STATS + S_NODES] + probe_budget)
                r, child_relevant = _best(ctx, tt, memo, child, child_v, child_y, defender, rank,
                                          max(alpha, result), d, flags, limit, probe_left, budget)
                if r == ABORTED:
                    hands[mover] |= np.int64(1) << c
                    if limit == deadline:  # this search's own budget is spent
                        return np.int64(ABORTED), np.int64(0)
                    continue  # searched again in the next pass
                why |= child_relevant
                result = max(result, r)
            done |= np.int64(1) << (i - 1)
            hands[mover] |= np.int64(1) << c
            relevant |= why
    if result < 0:  # every card passed over: none beats alpha
        result = alpha
    if i == count and moves != legal:
        relevant = equivalence_relevance(relevant, legal, moves, live)
    if keyed:
        partition = partition_of(relevant, live_hands, memo_shape)
        if result > alpha:
            store(memo, rows(memo), memo_shape, code, partition, result, result, -1, state.left, 1)
        else:
            store(memo, rows(memo), memo_shape, code, partition, 0, result, -1, state.left, 1)
    return result, relevant


@jit
def split(pos, ctx, tt, killers, stats, memo, defender, ranks, flags, budget):
    """(the declarer's tricks, ``defender``'s tricks) from the position on, played as the module doc
    says. ``ranks[d][y]``: the rank of ending with ``d`` tricks to the declarer and ``y`` to
    ``defender``, distinct for the ``y`` of one ``d``. ``memo``: a table (:func:`~.tt.new_table`),
    empty or holding what splits of the same game, defender and ranks left in it; ``flags``: the
    ``S_*`` shortcuts; ``budget``: the first probes' (:data:`PROBE_BUDGET`)."""
    state = begin_job(pos, ctx, killers, stats)
    v = exact_value(ctx, tt, state)
    rank = ranks[v]
    best, _ = _best(ctx, tt, memo, state, v, np.int64(0), defender, rank, np.int64(-1), v, flags,
                    np.int64(NO_DEADLINE), state.left - 1, budget)
    y = 0
    while rank[y] != best:
        y += 1
    end_job(ctx, killers, stats)
    return v, y
