"""A static upper bound on the misère declarer's (or a raspasy player's) tricks, for measurement only:
``benchmarks/oracles.py`` measures what it would save (docs/performance.md, *The long proofs*), and
``tests/test_static_bound.py`` holds it to the brute force. The search does not use it.

Hands are three 32-bit masks (A, B, C), a suit a byte, the focus player F the one who wants few tricks.
"""


def _suits(hands, focus: int) -> list[tuple[int, int, int, int, int]]:
    """(suit, a, w, x, y) for each suit the focus player F holds: his a cards, the others' x and y, and
    w, the most of his cards that can each be paired with a lower card of the others (greedy from the
    bottom)."""
    out = []
    for s in range(4):
        f, x, y = ((hands[(focus + i) % 3] >> 8 * s) & 0xFF for i in range(3))
        if f:
            w = free = 0
            for r in range(8):
                if (x | y) >> r & 1:
                    free += 1
                elif f >> r & 1 and free:
                    free, w = free - 1, w + 1
            out.append((s, f.bit_count(), w, x.bit_count(), y.bit_count()))
    return out


def matchings(hands, focus: int) -> int:
    """W: the sum of the suits' w (:func:`_suits`). Each trick F wins while the suit led is still held
    by another holds a card of that player's below F's winning card (the leader's, or that of the
    player who had to follow), so there are at most W such tricks."""
    return sum(w for _, _, w, _, _ in _suits(hands, focus))


def _static(suits, left: int, exact: int) -> int:
    """:func:`static_bound` with the w of the suits not in the bit set ``exact`` replaced by min(a, x + y),
    which the suit lengths alone give (so such a suit needs no card's owner fixed)."""
    ws = [w if exact >> i & 1 else min(a, x + y) for i, (_, a, w, x, y) in enumerate(suits)]
    best = sum(ws)
    for subset in range(1, 1 << len(suits)):
        inside = [i for i in range(len(suits)) if subset >> i & 1]
        x = sum(suits[i][3] for i in inside)
        y = sum(suits[i][4] for i in inside)
        a = sum(suits[i][1] for i in inside)
        w = sum(ws[i] for i in inside)
        best = max(best, sum(ws) - w + min(a, w + max(0, left - max(x, y))))
    return min(left, best)


def static_bound(hands, focus: int, left: int, target: int) -> tuple[int, int]:
    """At a trick start, the most tricks F can take: ``(bound, relevant)``, ``relevant`` the cards whose
    owners the bound rests on (the suits counted exactly, from the others' lowest card up), as few as
    keep a bound below ``target``.

    F plays so that he leads a suit the others hold whenever he has one. Before he is on lead with
    every card of his in suits both others lack (phase E), every trick he wins holds a lower card of
    theirs (:func:`matchings`): at most W. In E he wins every trick left, r of them, with all his r cards
    in a set S of his suits the others have played out: each of them plays one card a trick, so r is at
    most ``left`` less the larger of the two players' cards in S now, and the wins before E in S's suits
    come out of S's own cards. The bound is the worst S (or none)."""
    suits = _suits(hands, focus)
    exact = (1 << len(suits)) - 1
    bound = _static(suits, left, exact)
    if bound >= target:
        return bound, 0
    for i, (_, a, w, x, y) in enumerate(suits):
        if w < min(a, x + y) and _static(suits, left, exact & ~(1 << i)) < target:
            exact &= ~(1 << i)
    live = hands[0] | hands[1] | hands[2]
    relevant = 0
    for i, (s, a, w, x, y) in enumerate(suits):
        if exact >> i & 1 and w < min(a, x + y):
            theirs = ((hands[(focus + 1) % 3] | hands[(focus + 2) % 3]) >> 8 * s) & 0xFF
            relevant |= ((live >> 8 * s) & 0xFF & ~((theirs & -theirs) - 1)) << 8 * s
    return _static(suits, left, exact), relevant
