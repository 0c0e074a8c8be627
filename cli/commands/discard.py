"""``pref discard``: the declarer's 12 cards, the 66 ways to put two aside, and the best."""

from __future__ import annotations

import json
import sys

import click

from preferans.analysis.discard import best_contract, discard_values, group_discards
from preferans.api import game_json
from preferans.cards import NO_TRUMP, SEATS, STRAIN_NAMES, ascii_name, cards_of, mask_of
from preferans.problemfile import load
from preferans.rules import Game, Kind, Position

from .. import render
from ..options import color_option, json_option, lang_option
from ..runtime import engine, progress_bar
from ..style import Style, want_color
from ..words import plural, say

@click.command()
@click.argument("file", metavar="FILE")
@json_option
@lang_option
@color_option
def discard(file, as_json, lang, color):
    """The best discard (снос) for a declarer holding 12 cards.

    FILE is a problem file whose declarer holds 12 cards in [deal] (or 10,
    with the talon given apart, which he takes) and whose [game] is the
    contract or misère he plays. Prints his tricks after each of the 66
    discards, equal ones grouped, best first; for a contract also the best
    discard in every strain and the highest contract it makes.

    \b
    Example: examples/problem.toml, where C holds 12 cards,
      [deal]
      A = "♠10987 ♣QJ ♦QJ ♥QJ"
      B = "♣10987 ♦1098 ♥1098"
      C = "♠AKQJ ♣AK ♦AK7 ♥AK7"
      [game]
      kind = "contract"
      contract = "6S"
      declarer = "C"
    then: pref discard examples/problem.toml   (best: ♦7 ♥7, 10 tricks; best contract 10NT)
    """
    problem = load(file)
    hands12, declarer = problem.deal_for_discard()
    game, leader = problem.game(), problem.leader_seat()
    use_color = want_color(color, sys.stdout) and not as_json
    style = Style(lang, use_color)
    eng = engine()
    nodes_before = eng.nodes
    with progress_bar("discards") as progress:
        values = discard_values(hands12, declarer, game, leader, eng, progress)
    best = None
    if game.kind is Kind.CONTRACT:
        with progress_bar("best contract") as progress:
            best = best_contract(hands12, declarer, leader, eng, progress)
    groups = group_discards(values, game)
    if as_json:
        click.echo(json.dumps(_json(problem, game, groups, best, eng.nodes - nodes_before, hands12, leader), ensure_ascii=False))
        return
    position = Position(hands12, leader)
    lines = [style.bold(render.heading(problem, style.lang)), ""]
    lines += render.diagram(position, style, declarer=declarer)
    lang = style.lang
    lines += ["", f"{say(lang, 'Game')}: {render.game_name(game, style)}; "
              + say(lang, "{mover} leads", mover=SEATS[leader]), ""]
    who = SEATS[declarer]
    lines.append(say(lang, "{who}'s tricks after each discard (best first):", who=who))
    for tricks, pairs in groups:
        items = [style.cards(cards_of(mask_of(pair))) for pair in pairs]
        head = f"  {plural(tricks, style.lang):>9}: "
        wrapped = render.wrap_items(items, 100, " " * len(head))
        lines.append(head + wrapped[0].lstrip())
        lines += wrapped[1:]
    top_tricks, top_pairs = groups[0]
    alternatives = say(lang, " (or any of the {n} others with as many)", n=len(top_pairs) - 1) \
        if len(top_pairs) > 1 else ""
    lines.append("")
    lines.append(style.bold(say(lang, "Best discard: {cards}{alternatives}: {answer}",
                                cards=style.cards(cards_of(mask_of(top_pairs[0]))), alternatives=alternatives,
                                answer=render.answer(10, game, top_tricks, style))))
    if best is not None:
        lines += _best_contract_lines(best, declarer, style)
    click.echo("\n".join(lines), color=use_color)


def _best_contract_lines(best, declarer: int, style: Style) -> list[str]:
    who = SEATS[declarer]
    cells = [f"{style.strain(s)} {best.strains[s].tricks} ({style.cards(best.strains[s].discard)})"
             for s in range(NO_TRUMP + 1)]
    lang = style.lang
    lines = [say(lang, "Best discard in each strain, {who}'s tricks: ", who=who) + ", ".join(cells)]
    if best.contract is None:
        lines.append(say(lang, "Best contract: none; {who} takes fewer than 6 tricks in every strain", who=who))
    else:
        level, strain = best.contract
        lines.append(style.bold(say(lang, "Best contract: {contract} by {who}, discarding {cards}",
                                    contract=f"{level}{style.strain(strain)}", who=who,
                                    cards=style.cards(best.strains[strain].discard))))
    return lines


def _json(problem, game: Game, groups, best, nodes: int, hands12, leader: int) -> dict:
    out = {
        **problem.where_json(),
        "deal": {s: [ascii_name(c) for c in cards_of(h)] for s, h in zip(SEATS, hands12)},
        "game": game_json(game, leader),
        "declarer": SEATS[game.declarer],
        "groups": [{"tricks": t, "discards": [[ascii_name(c) for c in pair] for pair in pairs]}
                   for t, pairs in groups],
        "best": {"tricks": groups[0][0], "discards": [[ascii_name(c) for c in p] for p in groups[0][1]]},
        "nodes": nodes,
    }
    if best is not None:
        out["best_contract"] = None if best.contract is None else \
            f"{best.contract[0]}{STRAIN_NAMES[best.contract[1]]}"
        out["strains"] = {STRAIN_NAMES[s]: {"tricks": v.tricks, "discard": [ascii_name(c) for c in v.discard]}
                          for s, v in best.strains.items()}
    return out
