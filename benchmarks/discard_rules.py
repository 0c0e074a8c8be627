"""Would a small set of a catcher's discards always hold his best? (run as a script; a measurement
for docs/performance.md, not a test).

    python benchmarks/discard_rules.py [--count N] [--seed S]

In a misère the catchers' discards make a fifth to a third of the nodes of the longest proofs, and
where the declarer holds himself below the target the search must try every one of them. A sound
rule naming a few discards that always include a best one would cut them. This draws random misère
positions of 3 to 7 cards a hand in which a catcher, void in the suit led, must discard, values
each of his discards with ``Engine.card_values`` (the declarer's tricks from here) and counts, for
each rule of :data:`RULES`, the positions where none of the discards it keeps is a best one. A
rule that misses anywhere is not sound.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable

from preferans import Engine, Game, Position


def _cards(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def random_discard(rng: random.Random, sizes: tuple[int, int] = (3, 7)) -> tuple[Position, int, int] | None:
    """A random misère position with a catcher to discard: ``(position, declarer, catcher)``, or
    None where the draw is not one (the mover is the declarer, or holds the suit led)."""
    n = rng.randint(*sizes)
    deck = rng.sample(range(32), 3 * n)
    hands = [sum(1 << c for c in deck[i * n:(i + 1) * n]) for i in range(3)]
    focus = rng.randrange(3)
    leader = rng.randrange(3)
    played = rng.randint(1, 2)  # cards already in the trick
    mover = (leader + played) % 3
    if mover == focus:
        return None
    lead = rng.choice(_cards(hands[leader]))
    if hands[mover] >> (8 * (lead >> 3)) & 0xFF:
        return None  # he must follow
    trick = [lead]
    hands[leader] &= ~(1 << lead)
    if played == 2:
        second = (leader + 1) % 3
        card = rng.choice([c for c in _cards(hands[second]) if c >> 3 == lead >> 3] or _cards(hands[second]))
        trick.append(card)
        hands[second] &= ~(1 << card)
    return Position(tuple(hands), leader, tuple(trick)), focus, mover


def _by(key: Callable[[int], object], cards, pick=max) -> list[int]:
    groups: dict[object, list[int]] = {}
    for c in cards:
        groups.setdefault(key(c), []).append(c)
    return [pick(g) for g in groups.values()]


def _suit(c: int) -> int:
    return c >> 3


def _stretch(declarer: int) -> Callable[[int], tuple[int, int]]:
    """A card's suit and how many of the declarer's cards of it lie below it."""
    return lambda c: (c >> 3, bin(declarer >> (c & 0x18) & ((1 << (c & 7)) - 1)).count("1"))


RULES: dict[str, Callable[[list[int], int], list[int]]] = {
    "highest or lowest of each suit": lambda cards, f: _by(_suit, cards) + _by(_suit, cards, min),
    "lowest of each stretch between the declarer's cards": lambda cards, f: _by(_stretch(f), cards, min),
    "highest of each stretch between the declarer's cards": lambda cards, f: _by(_stretch(f), cards),
    "highest of each suit": lambda cards, f: _by(_suit, cards),
    "only the suits the declarer holds": lambda cards, f: [c for c in cards if f >> (c & 0x18) & 0xFF] or cards,
    "lowest of each suit": lambda cards, f: _by(_suit, cards, min),
}
"""Each rule: the discards it keeps, from the catcher's legal discards and the declarer's hand."""


def misses(values: dict[int, int], declarer_hand: int) -> list[str]:
    """The rules whose kept discards hold no best one (the most tricks for the declarer)."""
    best = max(values.values())
    return [name for name, keep in RULES.items() if max(values[c] for c in keep(list(values), declarer_hand)) < best]


def count_misses(count: int, seed: int, values_of=None, sizes: tuple[int, int] = (3, 7)) -> dict[str, int]:
    """Over ``count`` random discards (seeded, ``sizes`` cards a hand), how many positions each rule
    misses; ``values_of`` values the discards (``Engine().card_values`` unless given)."""
    if values_of is None:
        values_of = Engine().card_values
    rng = random.Random(seed)
    out = dict.fromkeys(RULES, 0)
    done = 0
    while done < count:
        drawn = random_discard(rng, sizes)
        if drawn is None:
            continue
        position, focus, _ = drawn
        done += 1
        for name in misses(values_of(position, Game.misere(focus), focus), position.hands[focus]):
            out[name] += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description="Count, for each rule of a catcher's discards, the random misère "
                                     "positions where it misses his best discard.")
    parser.add_argument("--count", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    for name, n in count_misses(args.count, args.seed).items():
        print(f"{n:6d}  {name}")


if __name__ == "__main__":
    main()
