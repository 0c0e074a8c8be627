"""``pref estimate``'s report: the figures of a :class:`~preferans.analysis.estimate.Summary` as lines of text."""

from __future__ import annotations

from preferans.analysis.estimate import SPOT, Estimate, Option, OptionFigures, Paired, Summary
from preferans.analysis.stats import Figure
from preferans.cards import SEATS, SUIT_SYMBOLS
from preferans.rules import Kind

from .. import render
from ..style import Style
from ..words import say

BAR = 40
"""Width of the longest histogram bar, in characters."""

TOP = 10
"""Options listed when there are many (a 12-card hand's discards): the best ones (``--top``)."""

LEAD_WORDS = {"defenders": ("defenders' tricks", "contract set"),
              "catchers": ("declarer's tricks", "misère caught"),
              "declarer": ("declarer's tricks", "success (made, clean)")}
"""The leader's side → the words of its two figures."""


def _edge(bound: float, value: float, digits: int) -> str:
    """A bound with as many more digits as it takes not to print as the value it bounds
    (100.0% with a Wilson bound of 99.96% reads (99.96–100.0), not (100.0–100.0))."""
    for d in range(digits, digits + 4):
        if bound == value or round(bound, d) != round(value, d):
            return f"{bound:.{d}f}"
    return f"{bound:.{digits + 3}f}"


def _pct(fig: Figure) -> str:
    v, lo, hi = 100 * fig.value, 100 * fig.low, 100 * fig.high
    return f"{v:5.1f}% ({_edge(lo, v, 1)}–{_edge(hi, v, 1)})"


def _mean(fig: Figure) -> str:
    return f"{fig.value:.2f} ({_edge(fig.low, fig.value, 2)}–{_edge(fig.high, fig.value, 2)})"


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
        text += f", {say(style.lang, 'discard')} " + _cards(option.discard, style)
    if option.lead is not None:
        text = say(style.lang, "lead {card} against {game}", card=_cards((option.lead,), style), game=text)
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


def _versus(p: Paired, option: str, lang: str) -> str:
    """One paired difference; a difference zero on every layout prints as exactly zero."""
    d, w = p.difference, p.success_difference
    tricks = say(lang, "0 tricks (the same on every layout)") if p.same_tricks else \
        say(lang, "{d} tricks ({lo} … {hi})", d=f"{d.value:+.2f}", lo=f"{d.low:+.2f}", hi=f"{d.high:+.2f}")
    success = say(lang, "success 0% (the same on every layout)") if p.same_success else \
        say(lang, "success {w}% ({wlo} … {whi})", w=f"{100 * w.value:+.1f}", wlo=f"{100 * w.low:+.1f}",
            whi=f"{100 * w.high:+.1f}")
    return say(lang, "  vs {option}: {tricks}, {success}, same layouts", option=option, tricks=tricks,
               success=success)


def _best(result: Estimate, summary: Summary, style: Style, top: int) -> list[str]:
    if summary.best is None:
        return []
    lang = style.lang
    lines = ["", style.bold(say(lang, "Best not knowing the layout: {option}",
                                option=option_label(summary.best.option, style)))]
    paired = sorted(summary.paired, key=lambda p: -_rank(summary.options[p.indices[1]]))  # the runners-up first
    for p in paired[:top]:
        lines.append(_versus(p, option_label(result.question.options[p.indices[1]], style), lang))
    return lines


def _cards(specs, style: Style) -> str:
    """A discard's cards in the style, spot cards as ``♠x``."""
    named = sorted((c for c in specs if c < SPOT), reverse=True)
    text = style.cards(named) if named else ""
    spots = " ".join(f"{SUIT_SYMBOLS[c - SPOT]}x" for c in sorted(specs) if c >= SPOT)
    return " ".join(x for x in (text, spots) if x)


def _discards(result: Estimate, summary: Summary, style: Style) -> list[str]:
    q, lang, lines = result.question, style.lang, []
    for g in summary.discards:
        best = q.options[g.best_index]
        fig = summary.options[g.best_index]
        chance = say(lang, "made {pct}", pct=_pct(fig.made)) if fig.made is not None else \
            say(lang, "clean {pct}", pct=_pct(fig.clean))
        lines.append(render.game_name(best.game, style) + say(
            lang, ": best discard not knowing the layout: {cards} ({chance}); seeing each layout the declarer "
                  "averages {mean}", cards=_cards(best.discard, style), chance=chance,
            mean=_mean(g.seeing_the_layout.mean)))
        if g.differs:
            lines.append(say(lang, "  differs from the discard most often best double dummy: {cards}",
                             cards=_cards(q.options[g.dd_most_often_index].discard, style)))
    if summary.across:
        lines += ["", style.bold(say(lang, "Each game's best discard against the others', on the same layouts:"))]
        for p in summary.across:
            a, b = (q.options[i] for i in p.indices)
            lines.append(option_label(a, style) + _versus(p, option_label(b, style), lang).replace("  vs", " vs", 1))
    return lines


def _leads(result: Estimate, summary: Summary, style: Style) -> list[str]:
    """The blind opening lead: each card's figures for the leader's side, best first, each
    paired against the best on the same layouts."""
    q, lang = result.question, style.lang
    game = render.game_name(q.options[0].game, style)
    side = summary.leads[0].side
    tricks_word, success_word = LEAD_WORDS[side]
    names = {k: _cards((o.lead,), style) + (" (" + _cards(o.equal, style) + ")" if o.equal else "")
             for k, o in enumerate(q.options)}
    width = max(len(say(lang, "lead")), *(len(n) for n in names.values()))
    lines = [style.bold(say(lang, "Opening lead by {leader} against {game}", leader=summary.leader, game=game)),
             f"  {say(lang, 'lead'):<{width}} {say(lang, tricks_word):<24} {say(lang, success_word):<26} "
             + say(lang, "this lead minus the best, same layouts")]
    paired = {p.indices[1]: p for p in summary.paired}
    more = side == "catchers" or q.options[0].game.kind is Kind.CONTRACT  # more of his tricks figure is better
    first = (lambda f: (f.tricks.value, f.success.value)) if side == "defenders" else \
        (lambda f: (f.success.value, f.tricks.value if more else -f.tricks.value))
    order = [summary.best_index] + sorted(paired, key=lambda k: first(summary.leads[k]), reverse=True)
    for k in order:
        lead = summary.leads[k]
        if k == summary.best_index:
            versus = say(lang, "best")
        else:
            p = paired[k]  # the best minus this lead: turned round
            d, w = p.difference, p.success_difference
            versus = ("0" if p.same_tricks else f"{0.0 - d.value:+.2f} ({0.0 - d.high:+.2f} … {0.0 - d.low:+.2f})") + \
                ", " + ("0%" if p.same_success else
                        f"{0.0 - 100 * w.value:+.1f}% ({0.0 - 100 * w.high:+.1f} … {0.0 - 100 * w.low:+.1f})")
            if p.identical:
                versus = say(lang, "0: the same on every layout")
        lines.append(f"  {names[k]:<{width}} {_mean(lead.tricks):<24} {_pct(lead.success):<26} {versus}")
    return lines + [""]


def report(result: Estimate, summary: Summary, style: Style, title: str = "", top: int = TOP) -> list[str]:
    """The whole report: how it was made, each option (the ``top`` best when there are many),
    the best one and the discards; for a lead question, the table of leads."""
    lines = [style.bold(title), ""] if title else []
    lines += _header(result, summary, style.lang)
    if summary.leads:
        return lines + _leads(result, summary, style) + score_lines(summary, style, top)
    many = len(summary.options) > 8
    order = list(range(len(summary.options)))
    if many:  # best first, by the same measure as the best option
        order.sort(key=lambda k: -_rank(summary.options[k]))
        if len(order) > top:
            hidden = len(order) - top
            order = order[:top]
    for k in order:
        fig = summary.options[k]
        if fig.option.game.kind is Kind.RASPASY:
            lines += _raspasy(fig, style, many)
        else:
            lines += _option(result, fig, style, many)
    if many and len(summary.options) > top:
        lines.append(say(style.lang, "  … {n} more (--top N shows more; --json gives all)", n=hidden))
    return lines + _tables(summary, style) + _best(result, summary, style, top) + \
        _discards(result, summary, style) + score_lines(summary, style, top)


def _tables(summary: Summary, style: Style) -> list[str]:
    """Each game at the table (the defence not knowing the discard) beside double dummy."""
    lines = []
    for t in summary.tables:
        game = render.game_name(summary.options[t.index].option.game, style)
        if t.tricks.column.endswith("caught"):
            lines.append(say(style.lang, "{game} at the table (the catchers not knowing his discard): caught for "
                                         "sure {table}; double dummy caught {dd}: the real chance lies between",
                             game=game, table=_pct(t.at_table).strip(), dd=_pct(t.dd).strip()))
        else:
            lines.append(say(style.lang, "{game} at the table (open whist, not knowing his discard): mean {mean} "
                                         "tricks; made {table}; double dummy made {dd}: the real chance lies "
                                         "between", game=game, mean=_mean(t.tricks.mean),
                             table=_pct(t.at_table).strip(), dd=_pct(t.dd).strip()))
    return lines + [""] if lines else []


def _whists(fig) -> str:
    """A figure in whists: exact ones (the same on every layout) without an interval."""
    if getattr(fig, "fixed", False):
        return f"{fig.value:+.1f}"
    return f"{fig.value:+.1f} ({fig.low:+.1f} … {fig.high:+.1f})"


def _scored_label(summary: Summary, item, style: Style) -> str:
    """A scored option in the report's language: the game (and discard or lead), then the defence."""
    text = option_label(summary.options[item.option].option, style)
    if item.choices:
        text += " (" + ", ".join(f"{s} {say(style.lang, c)}" for s, c in item.choices.items()) + ")"
    return text


def _option_value(name: str, value, options: dict) -> str:
    if name == "misere_trick" and value is None:
        return str(10 * options["scale"])
    if isinstance(value, list):
        return "/".join(map(str, value))
    return str(value)


def _options_line(score, lang: str) -> str:
    """Every option a one-deal balance depends on, in the report's language; changed ones marked *."""
    from preferans.analysis.estimate.points import ESTIMATE_OPTIONS

    parts = []
    for name in ESTIMATE_OPTIONS:
        value = _option_value(name, score.options[name], score.options)
        parts.append(f"{say(lang, name)} {say(lang, value)}" + ("*" if name in score.changed else ""))
    return say(lang, "options ({marked}): {options}", marked=say(lang, "* changed from the convention's"),
               options=", ".join(parts))


def _whister_lines(summary: Summary, style: Style) -> list[str]:
    """Per scored option with whisters, each whister's tricks, quota and what falling short costs
    (for a defender's question, or one asked from no seat; ``--json`` has them always)."""
    score, lang, lines = summary.score, style.lang, []
    for item in score.scored:
        if not item.whisters or item.declarer == score.seat:
            continue
        how = "each whister's own tricks, split as defined (docs/scoring.md)" if item.whisters[0].split \
            else "a lone whister's tricks are both hands'" if item.whisters[0].counted == "both hands" \
            else "each whister's own tricks"
        lines.append(say(lang, "{option}: each whister ({how})", option=_scored_label(summary, item, style),
                         how=say(lang, how)))
        for w in item.whisters:
            lines.append(say(lang, "  {seat}: tricks {tricks}; quota {quota} ({counts}); short {short}, "
                                   "costing {cost} whists a deal", seat=w.seat, tricks=_mean(w.tricks),
                             quota=w.quota, counts=say(lang, w.quota_counts), short=_pct(w.short).strip(),
                             cost=f"{w.cost.value:.1f} ({w.cost.low:.1f} … {w.cost.high:.1f})"))
    return lines


def _versus_points(summary: Summary, p, style: Style) -> str:
    other = next(i for i in summary.score.scored if i.label == p.options[1])
    d = p.difference
    if p.same:
        figure = say(style.lang, "0 whists (the same on every layout)")
    elif d.fixed:
        figure = say(style.lang, "{d} whists (on every layout)", d=f"{d.value:+.1f}")
    else:
        figure = say(style.lang, "{d} whists ({lo} … {hi})", d=f"{d.value:+.1f}", lo=f"{d.low:+.1f}",
                     hi=f"{d.high:+.1f}")
    return say(style.lang, "  vs {option}: {figure}, same layouts", option=_scored_label(summary, other, style),
               figure=figure)


def _decision_lines(summary: Summary, style: Style, top: int) -> list[str]:
    """The hand's seat's decisions: each best choice with the others against it on the same layouts;
    for a declarer, per game the defence worst for him."""
    score, lang, lines = summary.score, style.lang, []
    seat = score.seat
    for choice in score.choices:
        best = score.scored[choice.best]
        value = _whists(best.balance[seat])
        if choice.kind == "defence":
            head = say(lang, "{seat}, with {given}: best {word}, {value} whists a deal", seat=seat,
                       given=", ".join(f"{s} {say(lang, c)}" for s, c in best.choices.items() if s != seat),
                       word=say(lang, best.choices[seat]), value=value)
        else:
            head = say(lang, "Best for {seat}: {option}, {value} whists a deal", seat=seat,
                       option=_scored_label(summary, best, style), value=value)
        lines.append(head)
        lines += [_versus_points(summary, p, style) for p in choice.paired[:top]]
    for k, i in score.worst.items():
        item = score.scored[i]
        lines.append(say(lang, "{game}: the defence worst for {seat} is {defence}, {value} whists a deal",
                         game=option_label(summary.options[k].option, style), seat=seat,
                         defence=", ".join(f"{s} {say(lang, c)}" for s, c in item.choices.items()),
                         value=_whists(item.balance[seat])))
    return lines


def score_lines(summary: Summary, style: Style, top: int = TOP) -> list[str]:
    """The estimate in points: the convention and every option in force, each seat's balance per
    game and defence, each whister's figures, the decisions of the hand's seat, raspasy's balances.
    With many options (a 12-card hand's discards) the ``top`` best for the hand's seat."""
    score = summary.score
    if score is None:
        return []
    lang = style.lang
    lines = ["", style.bold(say(lang, "In points: {convention}, {players} players",
                                convention=say(lang, score.convention), players=score.players)),
             _options_line(score, lang),
             say(lang, "each seat's balance in whists per deal, as if the pool closed on it; passing is 0"),
             say(lang, score.note)]
    seats = list(score.scored[0].balance) if score.scored else []
    shown = list(score.scored)
    if len(shown) > 8 and score.seat is not None:
        shown.sort(key=lambda item: -item.balance[score.seat].exact)
        shown = shown[:top]
    if shown:
        labels = [_scored_label(summary, item, style) for item in shown]
        width = max(len(label) for label in labels)
        lines.append("  " + " " * width + "".join(f"  {s:^24}" for s in seats))
        for label, item in zip(labels, shown):
            lines.append(f"  {label:<{width}}" + "".join(f"  {_whists(item.balance[s]):^24}" for s in seats))
        if len(shown) < len(score.scored):
            lines.append(say(lang, "  … {n} more (--top N shows more; --json gives all)",
                             n=len(score.scored) - len(shown)))
    lines += _whister_lines(summary, style)
    lines += _decision_lines(summary, style, top)
    for ras in score.raspasy:
        lines.append(say(lang, "{option}, number {round} of its run: each seat's balance in whists per deal "
                               "(at his paranoid … at his cooperative bound)", option=option_label(
                                   next(o.option for o in summary.options if o.label == ras.label), style),
                         round=ras.round))
        for s in ras.low:
            lines.append(f"  {s}: {_whists(ras.low[s])} … {_whists(ras.high[s])}")
    return lines
