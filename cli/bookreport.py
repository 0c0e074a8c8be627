"""How ``pref book`` shows its results: terminal lines, the Markdown report, the figure."""

from __future__ import annotations

import re
from collections import Counter

from solver.analysis.book.claims import BOUNDS, SECTION_METHODS, SECTION_TITLES, SHARE, SHARE_BOUNDS, EXACT
from solver.analysis.book.runner import ReadingResult, RowResult
from solver.analysis.book.verdict import HOLDS, NOT_COMPARABLE, OPTIMISTIC, PESSIMISTIC

VERDICT_COLOURS = {HOLDS: "green", OPTIMISTIC: "red", PESSIMISTIC: "yellow", NOT_COMPARABLE: None}
WORDS = (HOLDS, OPTIMISTIC, PESSIMISTIC, NOT_COMPARABLE)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def simulated(rr: ReadingResult) -> str:
    """The simulated figure with its interval, as the report writes it."""
    kind = rr.reading.kind
    if rr.lower is not None:
        if kind == SHARE_BOUNDS:
            return (f"coop {_pct(rr.lower.estimate)} [{_pct(rr.lower.lo)}, {_pct(rr.lower.hi)}] · "
                    f"paranoid {_pct(rr.upper.estimate)} [{_pct(rr.upper.lo)}, {_pct(rr.upper.hi)}]")
        return f"coop {rr.lower.text()} · paranoid {rr.upper.text()}"
    if rr.interval is None:
        return "—"
    if kind == EXACT:
        return f"{rr.interval.estimate:.5f} exact"
    if kind == SHARE:
        iv = rr.interval
        return f"{_pct(iv.estimate)} [{_pct(iv.lo)}, {_pct(iv.hi)}]"
    return rr.interval.text()


def distribution(rr: ReadingResult) -> str:
    return " ".join(f"{v}:{round(100 * p)}" for v, p in rr.distribution.items() if round(100 * p) > 0)


def book_text(rr: ReadingResult) -> str:
    return rr.reading.figure.text if rr.reading.figure else "—"


RUSSIAN_RANKS = {"J": "В", "Q": "Д", "K": "К", "A": "Т"}
_RANK = re.compile(r"(?<=[\s♠♣♦♥])([JQKA])(?=\s|$)")


def hand_text(text: str, lang: str = "en") -> str:
    """A hand as the book writes it, in English (``♠A K x``) or Russian ranks (``♠Т К x``)."""
    return _RANK.sub(lambda m: RUSSIAN_RANKS[m.group(1)], text) if lang == "ru" else text


def row_label(result: RowResult, lang: str = "en") -> str:
    row = result.row
    seat = "ABC"[row.seat] if row.seat is not None else "-"
    return f"{row.claim:<6} {hand_text(row.hand, lang):<26} {seat}"


def terminal_lines(result: RowResult, paint=lambda word: word, lang: str = "en") -> list[str]:
    row = result.row
    lines = []
    label = row_label(result, lang)
    if not result.readings:
        return [f"{label}  not comparable — {row.note}"]
    for i, rr in enumerate(result.readings):
        head = label if i == 0 else " " * len(label)
        what = row.variant or rr.reading.label
        if row.variant and len(result.readings) > 1:
            what = rr.reading.label
        tail = f"  ({result.layouts} layouts, interrupted)" if result.interrupted and i == 0 else ""
        dist = distribution(rr)
        lines.append(f"{head}  {what:<36} book {book_text(rr):<16} {simulated(rr):<44} "
                     f"{dist:<22} {paint(rr.verdict.word)}{tail}".rstrip())
    return lines


def section_header(section: int) -> list[str]:
    return ["", f"{section}. {SECTION_TITLES[section]}", f"Method: {SECTION_METHODS[section]}", ""]


def summary(results: list[RowResult]) -> dict[int, Counter]:
    out: dict[int, Counter] = {}
    for r in results:
        c = out.setdefault(r.row.section, Counter())
        for rr in r.readings:
            c[rr.verdict.word] += 1
        if not r.readings:
            c[NOT_COMPARABLE] += 1
    return out


def summary_lines(results: list[RowResult]) -> list[str]:
    lines = ["", "Verdicts per section (one per figure):"]
    for section, c in sorted(summary(results).items()):
        lines.append(f"  {section}. {SECTION_TITLES[section]:<36} " +
                     ", ".join(f"{c[w]} {w}" for w in WORDS if c[w]))
    return lines


# ------------------------------------------------------------------ Markdown

def _md(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def markdown(results: list[RowResult], header: list[str]) -> str:
    out = list(header)
    out += ["", "## Summary", "", "| section | " + " | ".join(WORDS) + " |", "|---|" + "---|" * len(WORDS)]
    for section, c in sorted(summary(results).items()):
        out.append(f"| {section}. {SECTION_TITLES[section]} | " + " | ".join(str(c[w]) for w in WORDS) + " |")
    out += ["", "## Claims at a glance", "",
            "One line per claim of BOOK.md: the book's figure, the range of the simulated figure over the "
            "claim's rows (seats, holdings, methods) and the verdicts of those rows.", "",
            "| claim | the book says | book | simulated (range over rows) | verdicts |", "|---|---|---|---|---|"]
    out += glance(results)
    by_section: dict[int, list[RowResult]] = {}
    for r in results:
        by_section.setdefault(r.row.section, []).append(r)
    for section, rows in sorted(by_section.items()):
        out += ["", f"## {section}. {SECTION_TITLES[section]}", "", f"**Method.** {SECTION_METHODS[section]}", ""]
        out += ["| claim | hand | seat | figure | book | simulated [95%] | distribution | layouts | verdict |",
                "|---|---|---|---|---|---|---|---|---|"]
        notes = []
        for r in rows:
            row = r.row
            seat = "ABC"[row.seat] if row.seat is not None else ""
            if not r.readings:
                out.append(f"| {row.claim} | {_md(row.quote)} | | | | | | | not comparable |")
                notes.append(f"- {row.claim}: {row.note}")
                continue
            for rr in r.readings:
                what = rr.reading.label if not row.variant else f"{row.variant}: {rr.reading.label}"
                out.append(f"| {row.claim} | {_md(row.hand)} | {seat} | {_md(what)} | {_md(book_text(rr))} | "
                           f"{_md(simulated(rr))} | {distribution(rr)} | {r.layouts} | **{rr.verdict.word}** |")
            if row.note:
                notes.append(f"- {row.claim} ({row.hand}{', ' + seat if seat else ''}): {row.note}")
        quotes = {}
        for r in rows:
            quotes.setdefault(r.row.claim, _md(r.row.quote))
        out += ["", "The book's words, per claim:", ""]
        out += [f"- {claim}: “{q}”" for claim, q in quotes.items()]
        if notes:
            out += ["", "Notes:", ""] + sorted(set(notes), key=notes.index)
    return "\n".join(out) + "\n"


def _span(values: list[float], share: bool) -> str:
    lo, hi = min(values), max(values)
    f = _pct if share else (lambda x: f"{x:.2f}")
    return f(lo) if f(lo) == f(hi) else f"{f(lo)} – {f(hi)}"


def glance(results: list[RowResult]) -> list[str]:
    """The 'claims at a glance' table lines: per claim, its first figure over all its rows."""
    claims: dict[str, list[RowResult]] = {}
    for r in results:
        claims.setdefault(r.row.claim, []).append(r)
    lines = []
    for claim, rows in claims.items():
        quote = _md(rows[0].row.quote)
        first = [r.readings[0] for r in rows if r.readings]
        if not first:
            lines.append(f"| {claim} | {quote} | — | — | not comparable |")
            continue
        kind = first[0].reading.kind
        share = kind in (SHARE, SHARE_BOUNDS)
        if first[0].lower is not None:
            sim = (f"coop {_span([x.lower.estimate for x in first], share)}, "
                   f"paranoid {_span([x.upper.estimate for x in first], share)}")
        elif kind == EXACT:
            sim = f"{first[0].interval.estimate:.5f} exact"
        else:
            sim = _span([x.interval.estimate for x in first if x.interval], share)
        words = Counter(x.verdict.word for x in first)
        verdicts = ", ".join(f"{words[w]} {w}" for w in WORDS if words[w])
        lines.append(f"| {claim} | {quote} | {_md(book_text(first[0]))} | {sim} | {verdicts} |")
    return lines


# ------------------------------------------------------------------ figure

def plot(results: list[RowResult], path: str) -> None:
    """The trump table and the raspasy suits: the book's figure beside the simulated ones."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    fig, (ax1, ax2) = plt.subplots(2, 1, figsize=(14, 10))
    trump = [r for r in results if r.row.section == 1 and r.readings]
    holdings = list(dict.fromkeys(r.row.quote for r in trump))
    colours = {0: "tab:blue", 1: "tab:orange", 2: "tab:green"}
    for x, h in enumerate(holdings):
        rows = [r for r in trump if r.row.quote == h]
        fig_ = rows[0].readings[0].reading.figure
        ax1.add_patch(Rectangle((x - 0.45, fig_.low), 0.9, fig_.high - fig_.low, color="0.85", zorder=0))
        for y in {fig_.lo, fig_.hi}:
            ax1.plot([x - 0.45, x + 0.45], [y, y], color="black", lw=1.5, zorder=1)
        for r in rows:
            iv = r.readings[0].interval
            dx = (r.row.seat - 1) * 0.18 + (0.06 if r.row.variant == "random" else -0.06)
            ax1.errorbar(x + dx, iv.estimate, yerr=[[iv.estimate - iv.lo], [iv.hi - iv.estimate]],
                         fmt="o" if r.row.variant == "clean" else "^", color=colours[r.row.seat],
                         mfc=colours[r.row.seat] if r.row.variant == "clean" else "white", ms=4, lw=1)
    ax1.set_xticks(range(len(holdings)), ["♠" + h for h in holdings], rotation=60, ha="right", fontsize=8)
    ax1.set_ylabel("declarer's tricks")
    ax1.set_title("Trump table: the book's figure (black line; grey = ±0.5) vs the simulated mean with its 95% "
                  "interval; declarer A blue, B orange, C green; ● side cards take no trick, △ in context "
                  "(tricks − side top tricks)", fontsize=9)
    ax1.grid(axis="y", alpha=0.3)
    ras = [r for r in results if r.row.section == 2 and r.readings and r.readings[0].reading.kind == BOUNDS
           and r.row.question is not None and getattr(r.row.question, "fill", False)]
    hands = list(dict.fromkeys(r.row.hand for r in ras))
    for x, h in enumerate(hands):
        rows = [r for r in ras if r.row.hand == h]
        fig_ = rows[0].readings[0].reading.figure
        if fig_ is not None:
            ax2.plot([x - 0.3, x + 0.3], [fig_.lo, fig_.lo], color="black", lw=2)
            if fig_.hi != fig_.lo:
                ax2.plot([x - 0.3, x + 0.3], [fig_.hi, fig_.hi], color="black", lw=1, ls="--")
        for r in rows:
            rr = r.readings[0]
            dx = (r.row.seat - 1) * 0.2
            ax2.plot([x + dx, x + dx], [rr.lower.estimate, rr.upper.estimate], color=colours[r.row.seat], lw=3)
            ax2.plot(x + dx, rr.upper.estimate, "v", color=colours[r.row.seat], ms=4)
    ax2.set_xticks(range(len(hands)), hands, rotation=60, ha="right", fontsize=8)
    ax2.set_ylabel("holder's tricks on raspasy")
    ax2.set_title("Raspasy suits: the book's cost (black; dashed = the top of a range) vs the holder's mean tricks "
                  "from cooperative (bar foot) to paranoid (▼); holder A blue, B orange, C green", fontsize=9)
    ax2.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
