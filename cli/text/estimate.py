"""``pref estimate``'s report: the figures of a :class:`~solver.analysis.estimate.Summary` as lines of text."""

from __future__ import annotations

from solver.analysis.estimate import Estimate, Option, OptionFigures, Summary
from solver.analysis.stats import Figure
from solver.cards import SEATS
from solver.rules import Kind

from .. import render
from ..style import Style
from ..words import say

BAR = 40
"""Width of the longest histogram bar, in characters."""


def _pct(fig: Figure) -> str:
    return f"{100 * fig.value:5.1f}% ({100 * fig.low:.1f}–{100 * fig.high:.1f})"


def _mean(fig: Figure) -> str:
    return f"{fig.value:.2f} ({fig.low:.2f}–{fig.high:.2f})"


def histogram(counts: list[int]) -> list[str]:
    """One bar per value from the lowest to the highest that occurs, with its share."""
    total = sum(counts) or 1
    top = max(counts) or 1
    lines = []
    lo = next((i for i, c in enumerate(counts) if c), 0)
    hi = max((i for i, c in enumerate(counts) if c), default=0)
    for t in range(lo, hi + 1):
        bar = "█" * round(BAR * counts[t] / top)
        lines.append(f"    {t:2d} {bar:<{BAR}} {100 * counts[t] / total:5.1f}%")
    return lines


def option_label(option: Option, style: Style) -> str:
    """The game (and the discard) in the report's language and notation."""
    text = render.game_name(option.game, style)
    if option.discard:
        text += f", {say(style.lang, 'discard')} " + style.cards(sorted(option.discard, reverse=True))
    return text


def _rank(fig: OptionFigures) -> float:
    """Chance of success (made, or clean), then the mean, as one sortable number."""
    if fig.made is not None:
        return fig.made.value * 100 + fig.mean.value / 100
    if fig.clean is not None:
        return fig.clean.value * 100 - fig.mean.value / 100
    return 0.0


def _header(result: Estimate, summary: Summary, lang: str) -> list[str]:
    q = result.question
    if result.exact:
        how = say(lang, "all {n} layouts (exact)", n=f"{summary.population:,}")
        if result.interrupted:
            how = say(lang, "{done} of {n} layouts (exact enumeration, stopped)", done=f"{summary.layouts:,}",
                      n=f"{summary.population:,}")
    else:
        how = say(lang, "{n} random layouts, seed {seed}", n=f"{summary.layouts:,}", seed=result.seed)
        if result.interrupted:
            how += say(lang, " (stopped: {done} of {n})", done=f"{summary.layouts:,}", n=f"{summary.requested:,}")
    lines = [f"{how}; {summary.seconds:.1f} {say(lang, 's')}"]
    interval = "exact range of what the missing layouts could make" if result.exact and result.interrupted \
        else ("exact figures" if result.exact else "95% intervals in brackets (Wilson for chances)")
    lines.append(say(lang, interval))
    if any(o.game.kind is not Kind.RASPASY for o in q.options) and q.knowledge.hidden:
        lines.append(say(lang, "unseen talon: ") + say(lang, "the declarer takes it and makes the double-dummy best discard"
                                                         if q.talon == "take" else "out of play (the hand as played)"))
    return lines + [""]


def _raspasy(fig: OptionFigures, style: Style, many: bool) -> list[str]:
    lines = [style.bold(option_label(fig.option, style))]
    for s in SEATS:
        par, coop = fig.seats[s].paranoid, fig.seats[s].cooperative
        lines.append(say(style.lang, "  {seat}: paranoid {paranoid}, cooperative {cooperative} tricks", seat=s,
                         paranoid=_mean(par.mean), cooperative=_mean(coop.mean)))
        lines += ["  " + x for x in histogram(par.histogram)] if not many else []
    return lines


def _option(result: Estimate, fig: OptionFigures, style: Style, many: bool) -> list[str]:
    q, lang, game = result.question, style.lang, fig.option.game
    head = option_label(fig.option, style) + say(lang, ": mean {mean} tricks", mean=_mean(fig.mean))
    if game.kind is Kind.CONTRACT:
        head += say(lang, "; made {pct}", pct=_pct(fig.made))
    else:
        head += say(lang, "; clean {pct}", pct=_pct(fig.clean))
    if fig.dd_best is not None:
        head += say(lang, "; best seeing the layout {pct}%", pct=f"{100 * fig.dd_best.value:.0f}")
    lines = [style.bold(head) if not many else head]
    if many:
        return lines
    defender = q.seat is not None and game.kind is Kind.CONTRACT and q.seat != game.declarer
    if defender:
        lines.append(say(lang, "    the defenders' tricks ({seat} and partner):", seat=SEATS[q.seat]))
    lines += histogram(fig.defenders_histogram if defender else fig.histogram)
    if game.kind is Kind.CONTRACT:
        levels = ", ".join(f"{t}+ {100 * fig.tricks.at_least[t].value:.1f}%" for t in range(6, 11))
        lines.append(say(lang, "    declarer's tricks at least: {levels}", levels=levels))
        defenders = q.tricks - fig.mean.value
        lines.append(say(lang, "    defenders' tricks: mean {mean}; contract set {pct}", mean=f"{defenders:.2f}",
                         pct=_pct(fig.set)))
    return lines + [""]


def _best(result: Estimate, summary: Summary, style: Style) -> list[str]:
    if summary.best is None:
        return []
    lang = style.lang
    lines = ["", style.bold(say(lang, "Best not knowing the layout: {option}",
                                option=option_label(summary.best.option, style)))]
    for p in summary.paired[:10]:
        d, w = p.difference, p.success_difference
        lines.append(say(lang, "  vs {option}: {d} tricks ({lo} … {hi}), success {w}% ({wlo} … {whi}), same layouts",
                         option=option_label(result.question.options[p.indices[1]], style), d=f"{d.value:+.2f}",
                         lo=f"{d.low:+.2f}", hi=f"{d.high:+.2f}", w=f"{100 * w.value:+.1f}",
                         wlo=f"{100 * w.low:+.1f}", whi=f"{100 * w.high:+.1f}"))
    return lines


def _discards(result: Estimate, summary: Summary, style: Style) -> list[str]:
    q, lang, lines = result.question, style.lang, []
    for g in summary.discards:
        best = q.options[g.best_index]
        lines.append(render.game_name(best.game, style) + say(
            lang, ": best discard not knowing the layout: {cards}; seeing each layout the declarer averages {mean}",
            cards=style.cards(sorted(best.discard, reverse=True)), mean=_mean(g.seeing_the_layout.mean)))
        if g.differs:
            lines.append(say(lang, "  differs from the discard most often best double dummy: {cards}",
                             cards=style.cards(sorted(q.options[g.dd_most_often_index].discard, reverse=True))))
    return lines


def report(result: Estimate, summary: Summary, style: Style, title: str = "") -> list[str]:
    """The whole report: how it was made, each option, the best one and the discards."""
    lines = [style.bold(title), ""] if title else []
    lines += _header(result, summary, style.lang)
    many = len(summary.options) > 8
    order = list(range(len(summary.options)))
    if many:  # best first, by the same measure as the best option
        order.sort(key=lambda k: -_rank(summary.options[k]))
    for k in order:
        fig = summary.options[k]
        if fig.option.game.kind is Kind.RASPASY:
            lines += _raspasy(fig, style, many)
        else:
            lines += _option(result, fig, style, many)
    return lines + _best(result, summary, style) + _discards(result, summary, style) + score_lines(summary, style)


def _whists(fig: Figure) -> str:
    return f"{fig.value:+.1f} ({fig.low:+.1f} … {fig.high:+.1f})"


SCORE_OPTION_WORDS = ("scale", "shortfall_share", "quota", "lone_whister", "half_whist", "raspasy_prices",
                      "raspasy_clean_writeoff")
"""The options the report names beside the convention (the JSON gives every one)."""


def score_lines(summary: Summary, style: Style) -> list[str]:
    """The estimate in points: each seat's balance per game and defence, the best for the hand's
    seat with the paired differences, raspasy's cost per seat; the convention and play named."""
    score = summary.score
    if score is None:
        return []
    lang = style.lang
    named = ", ".join(f"{k} {'/'.join(map(str, v)) if isinstance(v, list) else v}"
                      for k, v in score.options.items() if k in SCORE_OPTION_WORDS)
    lines = ["", style.bold(say(lang, "In points: {convention}, {players} players ({named})",
                                convention=score.convention, players=score.players, named=named)),
             say(lang, "each seat's balance in whists per deal, as if the pool closed on it; passing is 0"),
             score.note]
    seats = list(score.scored[0].balance) if score.scored else []
    width = max([len(s.label) for s in score.scored] + [10])
    if score.scored:
        lines.append("  " + " " * width + "".join(f"  {s:^24}" for s in seats))
        for item in score.scored:
            lines.append(f"  {item.label:<{width}}" + "".join(f"  {_whists(item.balance[s]):^24}" for s in seats))
    for i in score.best:
        best = score.scored[i]
        lines.append(say(lang, "Best for {seat}: {option}, {value} whists a deal",
                         seat=score.seat, option=best.label, value=f"{best.balance[score.seat].value:+.1f}"))
        for p in score.paired:
            if p.options[0] != best.label:
                continue
            d = p.difference
            lines.append(say(lang, "  vs {option}: {d} whists ({lo} … {hi}), same layouts", option=p.options[1],
                             d=f"{d.value:+.1f}", lo=f"{d.low:+.1f}", hi=f"{d.high:+.1f}"))
    for label, seat_costs in score.raspasy.items():
        lines.append(say(lang, "{option}, raspasy {round} of its run: each seat's cost in whists "
                               "(paranoid … cooperative bound)", option=label, round=score.round))
        for s, bounds in seat_costs.items():
            lines.append(f"  {s}: {bounds['paranoid'].value:.1f} … {bounds['cooperative'].value:.1f}")
    return lines
