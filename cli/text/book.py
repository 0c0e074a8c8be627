"""How ``pref book`` shows its results: terminal lines and the Markdown report (its figure: :mod:`preferans.cli.plots`)."""

from __future__ import annotations

import re
from collections import Counter

from preferans.analysis.book.claims import SECTION_METHODS, SECTION_TITLES
from preferans.analysis.book.rows import EXACT, SHARE, SHARE_BOUNDS, TABLE_BOUNDS
from preferans.analysis.book.runner import LOOKS, ReadingResult, RowResult, chance_flips
from preferans.analysis.book.verdict import CONSISTENT, HOLDS, NOT_COMPARABLE, OPTIMISTIC, PESSIMISTIC, UNDECIDED

VERDICT_COLOURS = {HOLDS: "green", CONSISTENT: "cyan", OPTIMISTIC: "red", PESSIMISTIC: "yellow",
                   UNDECIDED: "magenta", NOT_COMPARABLE: None}
WORDS = (HOLDS, CONSISTENT, OPTIMISTIC, PESSIMISTIC, UNDECIDED, NOT_COMPARABLE)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def simulated(rr: ReadingResult) -> str:
    """The simulated figure with its interval, as the report writes it."""
    kind = rr.reading.kind
    if rr.lower is not None:
        if kind == TABLE_BOUNDS:
            return (f"double dummy {_pct(rr.lower.estimate)} [{_pct(rr.lower.lo)}, {_pct(rr.lower.hi)}] · "
                    f"at the table {_pct(rr.upper.estimate)} [{_pct(rr.upper.lo)}, {_pct(rr.upper.hi)}]")
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
        tail = f"  ({result.layouts} layouts, interrupted)" if result.interrupted and i == 0 else \
            f"  ({result.layouts} layouts, {result.looks} looks)" if result.looks > 1 and i == 0 else ""
        dist = distribution(rr)
        lines.append(f"{head}  {what:<36} book {book_text(rr):<16} {simulated(rr):<44} "
                     f"{dist:<22} {paint(rr.verdict.word)}{rr.verdict.text[len(rr.verdict.word):]}{tail}".rstrip())
    return lines


def section_header(section: int) -> list[str]:
    return ["", f"{section}. {SECTION_TITLES[section]}", f"Method: {SECTION_METHODS[section]}", ""]


def group(result: RowResult) -> str:
    """The summary's line for a row: its section, the trump table's in-context rows apart."""
    return f"{result.row.section} in context" if result.row.in_context else str(result.row.section)


def group_title(key: str) -> str:
    section = int(key.split()[0])
    if key.endswith("in context"):
        return f"{section}. {SECTION_TITLES[section]}, in context (not a test of the table)"
    return f"{section}. {SECTION_TITLES[section]}" + (", side cards that take no trick" if section == 1 else "")


def summary(results: list[RowResult]) -> dict[str, Counter]:
    """Verdicts per group (:func:`group`), one per figure; a row with no figure counts as not comparable."""
    out: dict[str, Counter] = {}
    for r in results:
        c = out.setdefault(group(r), Counter())
        for rr in r.readings:
            c[rr.verdict.word] += 1
        if not r.readings:
            c[NOT_COMPARABLE] += 1
    return dict(sorted(out.items(), key=lambda kv: (int(kv[0].split()[0]), kv[0])))


def chance_line(results: list[RowResult]) -> str:
    looked = sum(1 for r in results if r.looks > 1)
    return (f"If every book figure were right, at most {chance_flips(results):.1f} of these verdicts would be "
            f"optimistic or pessimistic by chance (2.5% per look at a 95% interval; {looked} rows had more "
            f"layouts, up to {LOOKS} looks).")


def summary_lines(results: list[RowResult]) -> list[str]:
    lines = ["", "Verdicts per section (one per figure):"]
    for key, c in summary(results).items():
        lines.append(f"  {group_title(key):<70} " + ", ".join(f"{c[w]} {w}" for w in WORDS if c[w]))
    return lines + ["", chance_line(results)]


# ------------------------------------------------------------------ Markdown

def _md(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def markdown(results: list[RowResult], header: list[str]) -> str:
    out = list(header)
    out += ["", "## Summary", "", "| section | " + " | ".join(WORDS) + " |", "|---|" + "---|" * len(WORDS)]
    for key, c in summary(results).items():
        out.append(f"| {group_title(key)} | " + " | ".join(str(c[w]) for w in WORDS) + " |")
    out += ["", chance_line(results)]
    out += ["", "## Claims at a glance", "",
            "One line per claim of docs/book-claims.md: the book's figure, the range of the simulated figure over the "
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
                           f"{_md(simulated(rr))} | {distribution(rr)} | {r.layouts} | **{rr.verdict.text}** |")
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


GLANCE_FIGURES = 3
"""At most this many figures of a claim are shown apart in "claims at a glance"; more are a range."""


def _glance_part(readings: list[ReadingResult]) -> tuple[str, str]:
    """The simulated range of some rows' figures (per figure, when a row has several) and the
    verdicts of every one of them."""
    labels: dict[str, list[ReadingResult]] = {}
    for x in readings:
        labels.setdefault(x.reading.label, []).append(x)
    if len(labels) > GLANCE_FIGURES:  # a table of figures (Table 13, 14): their range
        values = [x.interval.estimate for x in readings if x.interval]
        share = all(x.reading.kind in (SHARE, SHARE_BOUNDS, TABLE_BOUNDS) for x in readings)
        words = Counter(x.verdict.word for x in readings)
        return (f"{len(labels)} figures, {_span(values, share)}" if values else f"{len(labels)} figures",
                ", ".join(f"{words[w]} {w}" for w in WORDS if words[w]))
    parts = []
    for label, same in labels.items():
        kind = same[0].reading.kind
        share = kind in (SHARE, SHARE_BOUNDS, TABLE_BOUNDS)
        if same[0].lower is not None and kind == TABLE_BOUNDS:
            sim = (f"double dummy {_span([x.lower.estimate for x in same], share)}, "
                   f"at the table {_span([x.upper.estimate for x in same], share)}")
        elif same[0].lower is not None:
            sim = (f"coop {_span([x.lower.estimate for x in same], share)}, "
                   f"paranoid {_span([x.upper.estimate for x in same], share)}")
        elif kind == EXACT:
            sim = f"{same[0].interval.estimate:.5f} exact"
        else:
            sim = _span([x.interval.estimate for x in same if x.interval], share) if any(x.interval for x in same) \
                else "—"
        parts.append(sim if len(labels) == 1 else f"{label}: {sim}")
    words = Counter(x.verdict.word for x in readings)
    return "; ".join(parts), ", ".join(f"{words[w]} {w}" for w in WORDS if words[w])


def glance(results: list[RowResult]) -> list[str]:
    """The 'claims at a glance' table lines: per claim, the simulated range over all its rows (per
    figure, when a row has several) and the verdicts of every figure of every row (the trump table's
    in-context rows apart: they do not test the table)."""
    claims: dict[str, list[RowResult]] = {}
    for r in results:
        claims.setdefault(r.row.claim, []).append(r)
    lines = []
    for claim, rows in claims.items():
        quote = _md(rows[0].row.quote)
        tested = [x for r in rows if not r.row.in_context for x in r.readings]
        context = [x for r in rows if r.row.in_context for x in r.readings]
        if not tested and not context:
            lines.append(f"| {claim} | {quote} | — | — | not comparable |")
            continue
        sim, verdicts = _glance_part(tested) if tested else ("", "")
        if context:
            more_sim, more_verdicts = _glance_part(context)
            sim, verdicts = f"{sim}; in context {more_sim}", f"{verdicts}; in context: {more_verdicts}"
        lines.append(f"| {claim} | {quote} | {_md(book_text((tested or context)[0]))} | {_md(sim)} | {verdicts} |")
    return lines
