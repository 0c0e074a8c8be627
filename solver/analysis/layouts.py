"""What a player knows → every layout consistent with it, counted, ranked and drawn uniformly.

A :class:`Knowledge` says which cards are known where (a whole hand, or "B holds ♠A"),
how many unnamed spot cards (``x``) a hand holds in a suit, how long a suit may be in
a hand ("C has at most 2 spades"), and which cards are out of play (a known talon or
discard). The cards nobody sees go to the hands that still lack cards and to the
*hidden* place: the unseen cards out of the hands (an unseen talon, or what an unseen
declarer discarded).

:class:`LayoutSpace` numbers the layouts ``0 … count - 1`` and builds the layout of any
number (*unranking*), so

* an exact enumeration is a walk over ``range(count)``, split into rank ranges that
  workers share;
* a uniform random layout is the layout of a uniform random number: direct sampling,
  never rejection, whatever the card and length constraints.

How the count is made. Only the number of unseen cards each place takes in each suit
matters for counting: a suit with ``u`` unseen cards split ``d_A, d_B, d_C, d_hidden``
deals in ``u! / (d_A! d_B! d_C! d_hidden!)`` ways. A dynamic programme over the suits,
whose state is what each place still needs, sums those products over every split the
length limits allow; unranking walks the same programme, choosing the split by
cumulative weight and then the cards of each place within the suit.

The ``x`` rule. ``♠A x x`` means the ace and two spot cards not named. Per layout the
spot cards of a suit are drawn uniformly from its *pool*: the cards 7–J of that suit
not named anywhere; when the suit needs more spot cards than the pool holds, the pool is
widened upward, lowest first (Q, then K, then A, skipping named cards), just enough. So
``♠x x x x x x`` is always ♠Q J 10 9 8 7, never the ace or king. A suit written with
``x`` is the whole suit of that hand, as in the manuals (``♠A x x``: exactly three
spades), even when the rest of the hand is not given. Which pool cards are the spot
cards is part of the layout: every choice is equally likely and leaves the same number
of layouts of the rest, and no layout arises from two choices (the hand gets no other
card of that suit), so layouts stay uniform.
"""

from __future__ import annotations

import random
import re
from bisect import bisect_right
from dataclasses import dataclass, field
from itertools import accumulate
from math import comb, factorial

from ..errors import InputError
from ..cards import SEATS, SUIT_LETTERS, SUIT_SYMBOLS, ascii_name, bit, card, count, suit_bits
from ..notation import NotationError, parse_hand, quoted

HAND_SIZE = 10
SPOT_RANKS = range(0, 5)
"""7, 8, 9, 10, J: the ranks an ``x`` stands for before the pool is widened."""

_X = "xXхХ"  # Latin and Cyrillic x


@dataclass(frozen=True)
class Knowledge:
    """What is known before the layout: see the module docstring.

    ``known[seat]``: cards known in that hand. ``spots[seat][suit]``: unnamed spot cards
    (``x``) that hand holds in that suit. ``sizes``: each hand's length (10, or 12 for a
    declarer with the talon). ``out``: cards known to be out of play (a known talon or
    discard). ``lengths``: ``(seat, suit, least, most)`` limits on the whole length of a
    suit in a hand, named and spot cards included. ``ordered_hidden``: the hidden cards
    are a talon turned in order (raspasy), so their order is part of the layout.
    ``out_spots[suit]``: spot cards (``x``) known to be out of play (a talon or discard
    written ``♦x``), drawn from the suit's pool like a hand's.
    """

    known: tuple[int, int, int] = (0, 0, 0)
    spots: tuple[tuple[int, ...], ...] = ((0,) * 4,) * 3
    sizes: tuple[int, int, int] = (HAND_SIZE,) * 3
    out: int = 0
    lengths: tuple[tuple[int, int, int, int], ...] = ()
    ordered_hidden: bool = False
    out_spots: tuple[int, int, int, int] = (0, 0, 0, 0)

    @property
    def hidden(self) -> int:
        """How many unseen cards lie outside the hands (an unseen talon: 2)."""
        return 32 - sum(self.sizes) - count(self.out) - sum(self.out_spots)


@dataclass(frozen=True)
class Layout:
    """One layout: the three hands, the hidden cards (in turn order when ordered), and the
    spot cards this layout puts out of play (``Knowledge.out_spots``)."""

    hands: tuple[int, int, int]
    hidden: tuple[int, ...] = ()
    out: int = 0


# -- reading what a player writes ---------------------------------------------------------

def parse_known_hand(text: str, field: str) -> tuple[int, tuple[int, int, int, int]]:
    """A hand that may hold ``x`` spot cards → (mask of named cards, spots per suit).

    Forms: suit groups ``♠A x x x ♥K Q x`` / ``S:Axx H:KQx`` and the dot form ``Axx..KQx.``;
    the ``x`` belongs to the suit group it stands in.
    """
    spots = [0, 0, 0, 0]
    written = text
    if any(ch in _X for ch in text):
        chars, suit = list(text), None
        dotted = "." in text
        for i, ch in enumerate(chars):
            nxt = text[i + 1:i + 2]
            if dotted and ch == ".":
                suit = (suit or 0) + 1
            elif not dotted and ch in SUIT_SYMBOLS:
                suit = SUIT_SYMBOLS.index(ch)
            elif not dotted and ch.upper() in SUIT_LETTERS and nxt == ":":
                suit = SUIT_LETTERS.index(ch.upper())
            elif ch in _X:
                if dotted:
                    suit = suit or 0
                if suit is None or suit > 3:
                    raise InputError(field, f"'x' outside a suit group in {quoted(text)}: write ♠A x x or Axx.…")
                spots[suit] += 1
                chars[i] = " "
        text = "".join(chars)
    try:
        return parse_hand(text), tuple(spots)
    except NotationError as e:  # it quotes the text read, the x's taken out: quote what was written
        message = str(e).replace(quoted(text.strip()), quoted(written.strip()))
        raise InputError(field, message) from None


_LENGTH = re.compile(r"^\s*([ABCabc])\s*:?\s*([♠♣♦♥SCDHscdh])\s*(<=|>=|==|=|<|>)?\s*(\d+)\s*(?:-\s*(\d+))?\s*$")


def parse_length(text: str, field: str = "lengths") -> tuple[int, int, int, int]:
    """``C♠<=2``, ``B:S>=3``, ``C♥=0``, ``B♦1-3`` → (seat, suit, least, most)."""
    m = _LENGTH.match(text)
    if not m:
        raise InputError(field, f"a length limit is SEAT SUIT OP N such as C♠<=2, B:H>=3 or B♦1-3, not {text!r}")
    seat = SEATS.index(m.group(1).upper())
    s = m.group(2)
    suit = SUIT_SYMBOLS.index(s) if s in SUIT_SYMBOLS else SUIT_LETTERS.index(s.upper())
    op, n, upper = m.group(3), int(m.group(4)), m.group(5)
    if upper is not None:
        if op:
            raise InputError(field, f"write a range as B♦1-3, without an operator, not {text!r}")
        least, most = n, int(upper)
    else:
        least, most = {None: (n, n), "=": (n, n), "==": (n, n), "<=": (0, n), ">=": (n, 8),
                       "<": (0, n - 1), ">": (n + 1, 8)}[op]
    if least > most or most < 0 or least > 8:
        raise InputError(field, f"no suit length satisfies {text!r}")
    return seat, suit, max(least, 0), min(most, 8)


# -- counting and unranking ---------------------------------------------------------------

def _unrank_combination(index: int, items: list[int], k: int) -> list[int]:
    """The ``index``-th k-subset of ``items`` in lexicographic order of positions."""
    out, n = [], len(items)
    for i in range(n):
        if k == 0:
            break
        c = comb(n - i - 1, k - 1)
        if index < c:
            out.append(items[i])
            k -= 1
        else:
            index -= c
    return out


def _unrank_split(index: int, items: list[int], sizes: tuple[int, ...]) -> list[list[int]]:
    """The ``index``-th way to split ``items`` into groups of ``sizes`` (mixed radix of subsets)."""
    groups, rest = [], list(items)
    for k in sizes:
        c = comb(len(rest), k)
        index, sub = divmod(index, c)
        chosen = _unrank_combination(sub, rest, k)
        groups.append(chosen)
        taken = set(chosen)
        rest = [c for c in rest if c not in taken]
    return groups


def _multinomial(sizes: tuple[int, ...]) -> int:
    out = factorial(sum(sizes))
    for k in sizes:
        out //= factorial(k)
    return out


def _splits(total: int, bounds: list[tuple[int, int]]):
    """Every way to write ``total`` as a sum of len(bounds) parts, part i within bounds[i]."""
    if len(bounds) == 1:
        lo, hi = bounds[0]
        if lo <= total <= hi:
            yield (total,)
        return
    lo, hi = bounds[0]
    rest_lo = sum(b[0] for b in bounds[1:])
    rest_hi = sum(b[1] for b in bounds[1:])
    for k in range(max(lo, total - rest_hi), min(hi, total - rest_lo) + 1):
        for tail in _splits(total - k, bounds[1:]):
            yield (k,) + tail


@dataclass
class LayoutSpace:
    """Every layout consistent with a :class:`Knowledge`, numbered ``0 … count - 1``.

    ``layout(i)`` builds layout number ``i``; ``sample(rng)`` a uniform random one.
    Raises :class:`~preferans.InputError` when the knowledge is contradictory or leaves
    no layout (the message names what is wrong).
    """

    knowledge: Knowledge
    count: int = field(init=False)

    def __post_init__(self) -> None:
        k = self.knowledge
        self._check()
        named = k.known[0] | k.known[1] | k.known[2] | k.out
        # spot pools, per suit: 7-J not named, widened upward just enough
        self._pools: list[list[int]] = []
        self._spot_total = [sum(k.spots[seat][s] for seat in range(3)) + k.out_spots[s] for s in range(4)]
        for s in range(4):
            free = [card(s, r) for r in range(8) if not named >> card(s, r) & 1]
            need = self._spot_total[s]
            if need > len(free):
                raise InputError("hand", f"{need} spot cards (x) in {SUIT_SYMBOLS[s]} but only {len(free)} "
                                 f"{SUIT_SYMBOLS[s]} cards are not named")
            pool = [c for c in free if c & 7 in SPOT_RANKS]
            pool += [c for c in free if c & 7 not in SPOT_RANKS][:max(0, need - len(pool))]
            self._pools.append(pool)
        self._spot_count = 1
        for s in range(4):
            pool = self._pools[s]
            self._spot_count *= _multinomial(self._spot_sizes(s))
        # the rest: places A, B, C and the hidden place(s)
        unseen_per_suit = [8 - count(suit_bits(named, s)) - self._spot_total[s] for s in range(4)]
        self._unseen_per_suit = unseen_per_suit
        hidden = k.hidden
        self._places = 3 + (hidden if k.ordered_hidden else (1 if hidden else 0))
        needs = [k.sizes[seat] - count(k.known[seat]) - sum(k.spots[seat]) for seat in range(3)]
        if k.ordered_hidden:
            needs += [1] * hidden
        elif hidden:
            needs.append(hidden)
        self._needs = tuple(needs)
        bounds = [[(0, 8)] * 4 for _ in range(self._places)]
        for seat in range(3):
            for s in range(4):
                if k.spots[seat][s]:  # a suit written with x is the whole suit of that hand
                    bounds[seat][s] = (0, 0)
        for seat, s, least, most in k.lengths:
            have = count(suit_bits(k.known[seat], s)) + k.spots[seat][s]
            lo0, hi0 = bounds[seat][s]
            bounds[seat][s] = (max(lo0, least - have), min(hi0, most - have))
        self._bounds = bounds
        self._tables: dict[tuple[int, tuple[int, ...]], tuple] = {}
        self.count = self._spot_count * self._ways(0, self._needs)
        if self.count == 0:
            raise InputError("lengths" if k.lengths else "hand",
                             "no layout of the unseen cards is consistent with what is known")

    def _spot_sizes(self, suit: int) -> tuple[int, ...]:
        """How the suit's pool is shared: each hand's spot cards, those out of play, the rest."""
        k = self.knowledge
        return tuple(k.spots[seat][suit] for seat in range(3)) + (k.out_spots[suit],
                                                                  len(self._pools[suit]) - self._spot_total[suit])

    def _check(self) -> None:
        k = self.knowledge
        seen: dict[int, str] = {}
        places = [(f"hand {SEATS[s]}", k.known[s]) for s in range(3)] + [("out of play", k.out)]
        for name, mask in places:
            for c in range(32):
                if mask >> c & 1:
                    if c in seen:
                        raise InputError("hand", f"card {ascii_name(c)} is known in {seen[c]} and in {name}")
                    seen[c] = name
        for seat in range(3):
            held = count(k.known[seat]) + sum(k.spots[seat])
            if held > k.sizes[seat]:
                raise InputError(f"hand {SEATS[seat]}", f"{held} cards are known in {SEATS[seat]}'s hand, "
                                 f"which holds {k.sizes[seat]}")
        if k.hidden < 0:
            raise InputError("talon", f"the hands ({sum(k.sizes)} cards) and the cards out of play "
                             f"({count(k.out)}) make more than 32 cards")
        if k.ordered_hidden and k.hidden not in (0, 2):
            raise InputError("talon", "a talon turned in order is either known or wholly unseen")

    # the dynamic programme over suits; state = what each place still needs
    def _ways(self, suit: int, needs: tuple[int, ...]) -> int:
        if suit == 4:
            return 0 if any(needs) else 1
        cumulative = self._table(suit, needs)[2]
        return cumulative[-1] if cumulative else 0

    def _table(self, suit: int, needs: tuple[int, ...]) -> tuple:
        """The splits of ``suit`` from state ``needs``, their weights and cumulative weights."""
        key = (suit, needs)
        if key not in self._tables:
            bounds = [(self._bounds[p][suit][0] if p < 3 else 0,
                       min(self._bounds[p][suit][1] if p < 3 else 8, needs[p])) for p in range(self._places)]
            splits, weights = [], []
            for split in _splits(self._unseen_per_suit[suit], bounds):
                rest = tuple(n - d for n, d in zip(needs, split))
                w = _multinomial(split) * self._ways(suit + 1, rest)
                if w:
                    splits.append(split)
                    weights.append(w)
            self._tables[key] = (splits, weights, list(accumulate(weights)))
        return self._tables[key]

    def layout(self, index: int) -> Layout:
        """Layout number ``index`` (``0 <= index < count``)."""
        if not 0 <= index < self.count:
            raise IndexError(f"layout {index} of {self.count}")
        k = self.knowledge
        index, spot_index = divmod(index, self._spot_count)
        hands = list(k.known)
        named = k.known[0] | k.known[1] | k.known[2] | k.out
        unseen_by_suit = []
        gone = 0
        for s in range(4):
            pool = self._pools[s]
            sizes = self._spot_sizes(s)
            radix = _multinomial(sizes)
            spot_index, sub = divmod(spot_index, radix)
            groups = _unrank_split(sub, pool, sizes[:4])
            spot_mask = 0
            for seat in range(3):
                for c in groups[seat]:
                    hands[seat] |= bit(c)
                    spot_mask |= bit(c)
            for c in groups[3]:
                gone |= bit(c)
                spot_mask |= bit(c)
            unseen_by_suit.append([card(s, r) for r in range(8)
                                   if not (named | spot_mask) >> card(s, r) & 1])
        places: list[list[int]] = [[] for _ in range(self._places)]
        needs = self._needs
        for s in range(4):
            splits, weights, cumulative = self._table(s, needs)
            i = bisect_right(cumulative, index)
            split = splits[i]
            index -= cumulative[i] - weights[i]
            rest = tuple(n - d for n, d in zip(needs, split))
            sub, index = divmod(index, self._ways(s + 1, rest))
            for p, cards in enumerate(_unrank_split(sub, unseen_by_suit[s], split)):
                places[p] += cards
            needs = rest
        for seat in range(3):
            for c in places[seat]:
                hands[seat] |= bit(c)
        hidden = tuple(c for p in places[3:] for c in p) if k.ordered_hidden else \
            tuple(sorted(places[3])) if self._places > 3 else ()
        return Layout((hands[0], hands[1], hands[2]), hidden, gone)

    def sample(self, rng: random.Random) -> Layout:
        """A uniform random layout: the layout of a uniform random number."""
        return self.layout(rng.randrange(self.count))

    def honours(self, layout: Layout) -> bool:
        """Whether ``layout`` is consistent with the knowledge (for tests and checks)."""
        k = self.knowledge
        all_cards = layout.hands[0] | layout.hands[1] | layout.hands[2]
        for c in layout.hidden:
            all_cards |= bit(c)
        if count(all_cards) + count(k.out) + count(layout.out) != 32 or all_cards & (k.out | layout.out) \
                or layout.out & k.out:
            return False
        for s in range(4):
            pool = sum(bit(c & 7) for c in self._pools[s])
            gone = suit_bits(layout.out, s)
            if count(gone) != k.out_spots[s] or gone & ~pool:
                return False
        if sum(count(h) for h in layout.hands) + len(layout.hidden) != count(all_cards):
            return False
        for seat in range(3):
            hand = layout.hands[seat]
            if count(hand) != k.sizes[seat] or hand & k.known[seat] != k.known[seat]:
                return False
            for s in range(4):
                if k.spots[seat][s]:
                    spots = suit_bits(hand & ~k.known[seat], s)
                    pool = sum(bit(c & 7) for c in self._pools[s])
                    if count(spots) != k.spots[seat][s] or spots & ~pool:
                        return False
        for seat, s, least, most in k.lengths:
            if not least <= count(suit_bits(layout.hands[seat], s)) <= most:
                return False
        return True


__all__ = ["Knowledge", "Layout", "LayoutSpace", "parse_known_hand", "parse_length"]
