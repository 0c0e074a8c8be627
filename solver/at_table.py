"""At the table: the defence that does not know the declarer's discard.

Every other answer of the solver is double dummy: the defence knows every card. At the
table a misère's catchers (and a contract's open whisters) lie open and know the
declarer's twelve cards (his hand and the talon, shown to all), but not the two he put
aside: each discard he may have made is a *world*, and one plan of play must work in
every world, whichever he made. He sees everything, his own discard included.

>>> from preferans import make_position, parse_game, solve_at_table
>>> game = parse_game("misere", declarer="B")
>>> pos = make_position(A="♠JQ ♣79 ♦10JQK ♥7J", B="♠78910 ♣8 ♦789 ♥89",
...                     C="♠KA ♣10JQ ♦A ♥10QKA", talon="♣K ♣A", game=game)
>>> answer = solve_at_table(pos, game, unseen="♣K ♣A")   # he put the talon aside
>>> answer.caught, len(answer.worlds), answer.dd_worst   # caught double dummy whatever he discarded
(False, 66, 1)
>>> [" ".join(ascii_name(c) for c in discard) for discard in answer.uncovered]
['KC AC', 'KC 9H']

The answer is exact (a search by sets of worlds, :mod:`preferans.kernel.worlds`; the model
and the proofs are in docs/algorithm.md). When the defence fails, ``uncovered`` is a
smallest-by-inclusion set of discards no plan covers: choosing uniformly among its k
discards, the declarer escapes with probability at least 1/k, whatever the defence does.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING

import numpy as np

from .cards import SEATS, ascii_name, bit, cards_of, count, mask_of
from .errors import InputError, excerpt
from .parse import read_cards
from .rules import Game, Kind, Position, game_name, legal_cards, play
from .validation import check_game, validate

if TYPE_CHECKING:
    from .engine import Engine, Options

__all__ = ["MAX_WORLDS", "TableAnswer", "WORLD_CHOICES", "declarer_card", "solve_at_table", "trick_start"]

MAX_WORLDS = 128
"""The most worlds one search holds (two 64-bit words); a discard of 2 of 12 cards is 66."""

WORLD_CHOICES = ("all", "best", "caught")
"""Which discards the defence must cover, by name: every one it cannot rule out (``all``), the
declarer's double-dummy best (``best``), or those it catches double dummy (``caught``: a misère
without the talon, where the deal, not the declarer, chose the two unknown cards)."""


@dataclass(frozen=True)
class TableAnswer:
    """The answer at the table for one position.

    ``worlds``: the discards the defence covers (each the cards the declarer hides in that
    world, card numbers), ``considered`` how they were chosen (:data:`WORLD_CHOICES`, or
    ``listed``). A misère: ``caught`` whether one plan catches every world (so it is once the
    declarer has taken a trick, in the tricks played: the deal counts them); a contract:
    ``tricks``, the fewest tricks from here on one plan holds the declarer to in every world.
    ``uncovered``: when the defence does worse than it would knowing the world (a misère not
    caught; a contract held to more than its worst world's double-dummy tricks), an
    inclusion-minimal set of those worlds that no plan covers (for a contract, at one trick
    fewer); else empty. ``key``: with a defender to move, his first cards that begin a plan
    reaching the answer. ``dd``: each world's double-dummy tricks from here (a misère: 0 or 1,
    escapes or caught, 1 in each once he has taken a trick). ``nodes``: the AND-OR search's nodes; ``questions``: its double-dummy
    questions.
    """

    game: Game
    position: Position
    worlds: tuple[tuple[int, ...], ...]
    considered: str
    caught: bool | None
    tricks: int | None
    uncovered: tuple[tuple[int, ...], ...]
    key: tuple[int, ...]
    dd: tuple[int, ...]
    nodes: int
    questions: int

    @property
    def deal_tricks(self) -> int | None:
        """A contract's ``tricks`` with those the declarer took before this position."""
        return None if self.tricks is None else self.position.taken[self.game.declarer] + self.tricks

    @property
    def dd_worst(self) -> int:
        """The double-dummy answer of the world worst for the defence (a misère: 1 if every world
        is caught, else 0; a contract: the most tricks of any world). The table answer never
        beats it."""
        return max(self.dd) if self.game.kind is Kind.CONTRACT else min(self.dd)

    def to_json(self) -> dict:
        """``{"caught": …, "worlds": 66, "discards": "all", "uncovered": [["7S", "8S"], …], "key": […]}``
        (a contract: ``"tricks"`` and ``"deal_tricks"`` in place of ``"caught"``)."""
        out: dict = {}
        if self.caught is not None:
            out["caught"] = self.caught
        else:
            out["tricks"] = self.tricks
            out["deal_tricks"] = self.deal_tricks
            out["dd_tricks"] = self.dd_worst
        out.update(worlds=len(self.worlds), discards=self.considered,
                   uncovered=[[ascii_name(c) for c in w] for w in self.uncovered],
                   key=[ascii_name(c) for c in self.key], nodes=self.nodes, questions=self.questions)
        if self.caught is not None:
            out["dd_caught"] = sum(self.dd)
        return out

    def __repr__(self) -> str:
        what = f"caught={self.caught}" if self.caught is not None else f"tricks={self.tricks}"
        shown = ", ".join(" ".join(ascii_name(c) for c in w) for w in self.uncovered)
        return (f"<TableAnswer {game_name(self.game)}: {what} over {len(self.worlds)} worlds"
                f"{f'; uncovered {shown}' if shown else ''}; {self.nodes} nodes>")


def solve_at_table(position: Position, game: Game, unseen=(), *, worlds="all", history=None,
                   with_key: bool = True, options: Options | None = None, engine: Engine | None = None) -> TableAnswer:
    """The answer at the table of a misère, or of a contract played with open whist.

    ``position`` is the play as it stands, the declarer holding his real hand; ``unseen`` the
    cards out of play that the defence cannot tell from his hand (his discard, or for a
    misère without the talon the two cards nobody holds), as text or card numbers. The
    declarer's candidate cards are his hand and ``unseen``; a world hides as many of them.
    ``worlds``: ``"all"`` (every such choice, at most :data:`MAX_WORLDS`), ``"best"`` (those
    best for the declarer double dummy), ``"caught"`` (a misère: those the defence wins
    double dummy), or a list of the discards to cover (text such as ``"♠7 ♠8"``, or card
    tuples). ``history``: ``(position as dealt, cards played since)`` of a position mid-play,
    as :meth:`preferans.problemfile.Problem.history` gives it; a world in which the declarer
    could not have played his cards is dropped (so is one where he could not have played his
    card of the trick in progress). ``with_key=False`` skips the plan's first cards.

    Raises :class:`InputError` naming the argument at fault.
    """
    if check_game(game).kind is Kind.RASPASY:
        raise InputError("game.kind", "raspasy has no declarer and no discard: nothing is hidden at the table")
    validate(position, game)
    from .engine import engine_for

    hidden_now = _card_numbers(unseen, "unseen")
    declarer = game.declarer
    _check_unseen(position, hidden_now, history)
    cards = position.hands[declarer] | mask_of(hidden_now)
    candidates = _worlds(worlds, cards, len(hidden_now), game)
    known = _play_so_far(position, game, history)
    candidates = [w for w in candidates if _consistent(game, cards, w, known)]
    if not candidates:
        raise InputError("worlds", "no discard listed is consistent with the declarer's play so far")
    return _Search(engine_for(options, engine), position, game, cards, candidates).answer(
        worlds.strip().lower() if isinstance(worlds, str) else "listed", with_key)


def _card_numbers(cards, field: str) -> tuple[int, ...]:
    """Cards as text in any notation, or as card numbers 0..31."""
    if isinstance(cards, (list, tuple)) and all(isinstance(c, int) and not isinstance(c, bool) for c in cards):
        if not all(0 <= c < 32 for c in cards) or len(set(cards)) != len(cards):
            raise InputError(field, f"card numbers 0..31, each once, not {excerpt(cards)}")
        return tuple(cards)
    return read_cards(cards, field, ordered=False)


def _check_unseen(position: Position, hidden: tuple[int, ...], history) -> None:
    in_play = position.hands[0] | position.hands[1] | position.hands[2] | mask_of(position.trick)
    for c in hidden:
        if in_play >> c & 1:
            raise InputError("unseen", f"{ascii_name(c)} is in play: the unseen cards are out of play "
                             "(the declarer's discard)")
    if history is not None:
        try:
            start, played = history
            played = list(played)
        except (TypeError, ValueError):
            raise InputError("history", f"(the position as dealt, the cards played since), not "
                             f"{excerpt(history)}") from None
        if not isinstance(start, Position) or not all(isinstance(c, int) for c in played):
            raise InputError("history", "(a Position, a list of card numbers)")
        if mask_of(hidden) & mask_of(played):
            raise InputError("unseen", "a card played is not unseen")


def _worlds(worlds, cards: int, size: int, game: Game) -> list[int]:
    """The hidden-card masks of the worlds asked for, before the play so far rules any out."""
    if isinstance(worlds, str):
        choice = worlds.strip().lower()
        if choice not in WORLD_CHOICES:
            raise InputError("worlds", f"all, best, caught or a list of discards, not {excerpt(worlds)}")
        if choice == "caught" and game.kind is not Kind.MISERE:
            raise InputError("worlds", "'caught' worlds belong to a misère (the worlds its catchers "
                             "catch double dummy)")
        n = comb(count(cards), size)
        if n > MAX_WORLDS:
            raise InputError("unseen", f"{size} unseen cards among {count(cards)} make {n} worlds; "
                             f"the search holds at most {MAX_WORLDS}")
        return [mask_of(w) for w in combinations(_ascending(cards), size)]
    if isinstance(worlds, (str, bytes)) or not hasattr(worlds, "__iter__"):
        raise InputError("worlds", f"all, best, caught or a list of discards, not {excerpt(worlds)}")
    out = []
    for i, text in enumerate(worlds):
        hidden = _card_numbers(text, f"worlds[{i}]")
        m = mask_of(hidden)
        if len(set(hidden)) != size:
            raise InputError(f"worlds[{i}]", f"a discard here hides {size} card(s), as the unseen cards "
                             f"do, not {len(set(hidden))}")
        if m & ~cards:
            bad = ascii_name((m & ~cards).bit_length() - 1)
            raise InputError(f"worlds[{i}]", f"{bad} is not among the declarer's cards and the unseen ones")
        if m in out:
            raise InputError(f"worlds[{i}]", "this discard is listed twice")
        out.append(m)
    if not out:
        raise InputError("worlds", "no discard listed")
    if len(out) > MAX_WORLDS:
        raise InputError("worlds", f"{len(out)} discards; the search holds at most {MAX_WORLDS}")
    return out


def _play_so_far(position: Position, game: Game, history) -> tuple[Position, list[int], int]:
    """The position the play is known from (as dealt with ``history``, else the start of the trick
    in progress), the cards played since, and those of them the declarer played."""
    if history is not None:
        start, played = history
        sequence = list(played) + list(position.trick)
    else:
        start, sequence = trick_start(position), list(position.trick)
    mine, now = 0, start
    for c in sequence:
        if now.is_over() or c not in legal_cards(now, game):
            raise InputError("history", f"{ascii_name(c)} cannot be played there: the cards played do not "
                             "lead from the position as dealt to this one")
        if now.to_move == game.declarer:
            mine |= bit(c)
        now = play(now, game, c)
    if (now.hands, now.leader) != (position.hands, position.leader):
        raise InputError("history", "the cards played do not lead from the position as dealt to this one")
    return start, sequence, mine


def trick_start(position: Position) -> Position:
    """The position before the first card of the trick in progress."""
    hands = list(position.hands)
    for i, c in enumerate(position.trick):
        hands[(position.leader + i) % 3] |= bit(c)
    return Position(tuple(hands), position.leader, (), position.talon, position.taken)


def declarer_card(position: Position, game: Game, unseen, *, worlds, history=None,
                  engine: Engine | None = None) -> int | None:
    """The declarer's card that keeps a hole open: in his real hand (``position``'s, ``unseen``
    the cards he really hid), one after which no plan of the defence covers every discard of
    ``worlds`` he may still have made (those his play so far, this card included, rules out
    dropped), his own among the smallest set uncovered; of such cards the best for him double
    dummy. None when no card does (the defence has closed the hole, or never faced one): then
    any best card double dummy will do. ``worlds`` and ``history`` as for :func:`solve_at_table`
    (``worlds`` holding his own discard).

    A declarer at the table who discarded one of a set of discards no plan covers plays so, that
    the defence, not told which, still cannot tell it from his play: the board's declarer in
    problem mode, so that the user meets the hole (a card of his own world's double-dummy best
    line could show which discard he made before the defence has to guess)."""
    if check_game(game).kind is Kind.RASPASY:
        raise InputError("game.kind", "raspasy has no declarer and no discard: nothing is hidden at the table")
    validate(position, game)
    if position.to_move != game.declarer:
        raise InputError("position", f"{SEATS[position.to_move]} is to play, not the declarer")
    from .engine import engine_for

    engine = engine_for(None, engine)
    hidden = _card_numbers(unseen, "unseen")
    _check_unseen(position, hidden, history)
    own = mask_of(hidden)
    candidates = _worlds(worlds, position.hands[game.declarer] | own, len(hidden), game)
    if own not in candidates:
        raise InputError("worlds", "his own discard (the unseen cards) is not among the worlds")
    start, played = history if history is not None else (trick_start(position), [])
    values = engine.card_values(position, game, game.declarer)
    more = game.kind is Kind.CONTRACT
    for c in sorted(values, key=lambda c: (-values[c] if more else values[c], c)):
        child = play(position, game, c)
        if child.is_over():
            continue
        since = list(played) if child.trick else list(played) + list(position.trick) + [c]
        listed = [_ascending(w) for w in candidates if not w >> c & 1]
        answer = solve_at_table(child, game, hidden, worlds=listed, history=(start, since), with_key=False,
                                engine=engine)
        if _ascending(own) in answer.uncovered:
            return c
    return None


def _consistent(game: Game, cards: int, hidden: int, known) -> bool:
    """Whether the declarer of the world hiding ``hidden`` could have played his cards so far
    (``known``: :func:`_play_so_far`; ``cards``: his candidate cards not yet played)."""
    start, sequence, mine = known
    hands = list(start.hands)
    hands[game.declarer] = (cards | mine) & ~hidden
    now = Position(tuple(hands), start.leader)
    for c in sequence:
        if now.to_move == game.declarer and c not in legal_cards(now, game):
            return False
        now = play(now, game, c)
    return True


class _Search:
    """One set of worlds searched: the kernel's arrays, the root set, the witness made minimal."""

    def __init__(self, engine: Engine, position: Position, game: Game, cards: int, worlds: list[int]):
        from .kernel import worlds as kernel

        self.kernel = kernel
        self.engine = engine
        self.searcher = engine.searcher
        self.position = position
        self.game = game
        self.worlds = worlds
        self.job, self.memo = _arrays(self.searcher)
        job = self.job
        job[:kernel.J_ROWS] = 0
        job[kernel.J_FLAGS] = self.searcher.options.table_flags
        job[kernel.J_HIGH] = int(game.kind is Kind.MISERE)
        job[kernel.J_GENERATION] = _next_generation(self.searcher)
        job[kernel.J_N_WORLDS] = len(worlds)
        job[kernel.J_R] = cards
        job[kernel.J_LAST_ESCAPER] = -1
        for w, hidden in enumerate(worlds):
            job[kernel.J_HIDDEN + w] = hidden
            for c in cards_of(cards & ~hidden):
                half = kernel.J_HAS_LO if w < 64 else kernel.J_HAS_HI
                job[half + c] = _signed(int(job[half + c]) | (1 << (w % 64)))

    def _call(self, fn, *args):
        pos, ctx, table, scratch, counters = self.searcher._arrays(self.position, self.game, self.game.declarer)
        return fn(pos, ctx, table, scratch, counters, self.job, *args)

    def covers(self, target: int, worlds: set[int], first: int = -1) -> tuple[bool, set[int]]:
        lo, hi = _words(worlds)
        ok, ulo, uhi = self._call(self.kernel.table_covers, self.memo, target, lo, hi, first)
        return bool(ok), _set(ulo, uhi)

    def dd(self) -> tuple[int, ...]:
        """Each world's double-dummy tricks from here (a misère: 1 caught, 0 escapes)."""
        if self.game.kind is Kind.MISERE:
            out = np.zeros(len(self.worlds), dtype=np.int64)
            self._call(self.kernel.world_reaches, 1, out)
            return tuple(int(v) for v in out)
        return tuple(self._values())

    def _values(self) -> list[int]:
        """Each world's double-dummy tricks from here."""
        out = np.zeros(len(self.worlds), dtype=np.int64)
        self._call(self.kernel.world_values, out)
        return [int(v) for v in out]

    def minimal(self, target: int, witness: set[int]) -> set[int]:
        """An inclusion-minimal subset of a witness that no plan covers: dropping any world of it
        leaves a set some plan covers.

        A search that fails costs far more than one that succeeds, so the worlds are found one at
        a time by bisection, not by dropping one world per failing search: with ``needed`` the
        worlds found so far and ``rest`` the others (``needed | rest`` fails), the shortest prefix
        of ``rest`` that fails with ``needed`` ends with a world every failing subset of it needs
        (without it the prefix before it is covered, and so is any subset). Each failing search's
        own witness shrinks both. About log2(n) searches a world, half of them failing."""
        needed: list[int] = []
        rest = sorted(witness)
        while True:
            if needed:
                ok, failed = self.covers(target, set(needed))
                if not ok:
                    return failed  # every world of needed is needed, so failed == needed
            lo, hi = 0, len(rest)  # needed + rest[:hi] fails; needed + rest[:lo] is covered
            while hi - lo > 1:
                mid = (lo + hi) // 2
                ok, failed = self.covers(target, set(needed) | set(rest[:mid]))
                if ok:
                    lo = mid
                else:
                    needed = [w for w in needed if w in failed]
                    rest = [w for w in rest[:mid] if w in failed]
                    lo, hi = 0, len(rest)
            needed.append(rest[hi - 1])
            rest = rest[:hi - 1]

    def answer(self, considered: str, with_key: bool) -> TableAnswer:
        before = self.engine.nodes, int(self.job[self.kernel.J_NODES])
        dd_all = self.dd()
        misere = self.game.kind is Kind.MISERE
        settled = misere and self.position.taken[self.game.declarer] > 0
        if settled:  # he has taken a trick already: caught in every world, whatever comes
            dd_all = tuple(1 for _ in dd_all)
        if considered == "best":
            best = max(dd_all) if not misere else None
            if misere:
                values = self._values()
                best = min(values)
                root = {w for w, v in enumerate(values) if v == best}
            else:
                root = {w for w, v in enumerate(dd_all) if v == best}
        elif considered == "caught":  # the deal chose: the real layout is among those caught, or escapes
            root = {w for w, v in enumerate(dd_all) if v == 1}
            real = self.worlds.index(int(self.job[self.kernel.J_R]) & ~self.position.hands[self.game.declarer])
            if not dd_all[real]:
                return self._result(considered, sorted(root | {real}), dd_all, False, None, {real}, (), before)
        else:
            root = set(range(len(self.worlds)))
        kept = sorted(root)
        dd = tuple(dd_all[w] for w in kept)
        mover = self.position.to_move
        defender_moves = mover != self.game.declarer
        if misere:
            target = 1
            ok, witness = self.covers(target, root) if root and not settled else (True, set())
            caught = ok
            uncovered = set() if ok else self.minimal(target, witness)
            tricks = None
        else:
            worst = max(dd) if dd else 0
            target = worst + 1
            witness: set[int] = set()
            while True:
                ok, failed = self.covers(target, root)
                if ok:
                    break
                witness = failed
                target += 1
            tricks = target - 1
            caught = None
            uncovered = self.minimal(target - 1, witness) if tricks > worst else set()
        key: tuple[int, ...] = ()
        if with_key and defender_moves and (not misere or caught) and root:
            key = tuple(c for c in legal_cards(self.position, self.game)
                        if settled or self.covers(target, root, c)[0])
        return self._result(considered, kept, dd_all, caught, tricks, uncovered, key, before)

    def _result(self, considered: str, kept: list[int], dd_all, caught, tricks, uncovered: set[int],
                key: tuple[int, ...], before) -> TableAnswer:
        nodes = int(self.job[self.kernel.J_NODES]) - before[1]
        dd = tuple(dd_all[w] for w in kept)
        named = sorted((_ascending(self.worlds[w]), w) for w in kept)
        return TableAnswer(self.game, self.position, tuple(cards for cards, _ in named), considered, caught, tricks,
                           tuple(cards for cards, w in named if w in uncovered), key,
                           tuple(dd[kept.index(w)] for _, w in named),
                           nodes, int(self.job[self.kernel.J_DD]))


_ARRAYS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
"""Each searcher's memory for the search at the table: its job array, memo and generation."""


def _arrays(searcher):
    from .kernel import worlds as kernel

    if searcher not in _ARRAYS:
        _ARRAYS[searcher] = [kernel.new_job(), kernel.new_memo(), 0]
    job, memo, _ = _ARRAYS[searcher]
    return job, memo


def _next_generation(searcher) -> int:
    entry = _ARRAYS[searcher]
    entry[2] += 1
    return entry[2]


def _ascending(mask: int) -> tuple[int, ...]:
    """The cards of a mask in ascending card numbers (the order worlds are named in)."""
    return tuple(c for c in range(32) if mask >> c & 1)


def _signed(x: int) -> int:
    """A 64-bit pattern as the int64 that holds it."""
    x &= (1 << 64) - 1
    return x - (1 << 64) if x >> 63 else x


def _words(worlds: set[int]) -> tuple[int, int]:
    lo = hi = 0
    for w in worlds:
        if w < 64:
            lo |= 1 << w
        else:
            hi |= 1 << (w - 64)
    return _signed(lo), _signed(hi)


def _set(lo: int, hi: int) -> set[int]:
    lo = int(lo) & ((1 << 64) - 1)
    hi = int(hi) & ((1 << 64) - 1)
    return {w for w in range(64) if lo >> w & 1} | {64 + w for w in range(64) if hi >> w & 1}
