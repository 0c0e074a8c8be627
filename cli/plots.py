"""Every figure the commands draw, with matplotlib (an optional extra): ``pref estimate --plot``
(the distributions of the outcomes) and ``pref book --plot`` (the trump table and the raspasy suits).

:func:`check` runs before the work: matplotlib is there and draws the file's format,
and the file can be written. The picture is drawn in memory and written whole by
:func:`preferans.cli.files.write`, so a failed write is an error, never a picture lost in silence.
"""

from __future__ import annotations

import io
import os

from .errors import UserError
from .files import check_writable, write

FORMATS = ("png", "svg", "pdf")
"""The formats named in the error for an unknown one (matplotlib draws a few more)."""


def _pyplot():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _format(path: str) -> str:
    """The format a file's name asks for; a name without an extension gets a PNG."""
    return os.path.splitext(path)[1].lstrip(".").lower() or "png"


def check(path: str, option: str = "--plot") -> None:
    """Before the work: matplotlib is installed, it draws ``path``'s format, and ``path`` can be written."""
    try:
        from matplotlib.backend_bases import FigureCanvasBase
    except ImportError:
        raise UserError(f"{option} needs matplotlib: pip install 'preferans-solver[plot]'") from None
    ext = _format(path)
    if ext not in FigureCanvasBase.get_supported_filetypes():
        raise UserError(f"{option}: cannot draw a .{ext} file ({path}): name it .{', .'.join(FORMATS)}")
    check_writable(path, option)


def _save(fig, path: str, option: str, dpi: int) -> None:
    plt = _pyplot()
    buffer = io.BytesIO()
    try:
        fig.savefig(buffer, format=_format(path), dpi=dpi)
    finally:
        plt.close(fig)
    write(path, buffer.getvalue(), option)


def estimate_distributions(summary, path: str) -> None:
    """Bar charts of each option's distribution (raspasy: each seat's paranoid and cooperative);
    ``summary``: a :class:`~preferans.analysis.estimate.Summary`."""
    from preferans.cards import SEATS

    plt = _pyplot()
    series = []
    for fig in summary.options[:8]:
        if fig.seats:
            for s in SEATS:
                series.append((f"{s} paranoid", fig.seats[s].paranoid.histogram))
                series.append((f"{s} cooperative", fig.seats[s].cooperative.histogram))
        else:
            series.append((fig.label, fig.histogram))
    fig, ax = plt.subplots(figsize=(8, 4.5))
    width = 0.8 / len(series)
    for i, (name, counts) in enumerate(series):
        total = sum(counts) or 1
        ax.bar([t + i * width - 0.4 + width / 2 for t in range(len(counts))],
               [c / total for c in counts], width, label=name)
    ax.set_xlabel("tricks")
    ax.set_ylabel("share of layouts")
    ax.set_xticks(range(11))
    ax.legend(fontsize="small")
    ax.set_title(f"{summary.layouts:,} layouts" + (" (exact)" if summary.exact else f", seed {summary.seed}"))
    fig.tight_layout()
    _save(fig, path, "--plot", 100)


def book_figure(results, path: str) -> None:
    """The trump table and the raspasy suits: the book's figure beside the simulated ones
    (``results``: ``pref book``'s :class:`~preferans.analysis.book.runner.RowResult` list)."""
    from matplotlib.patches import Rectangle

    from preferans.analysis.book.rows import BOUNDS

    plt = _pyplot()

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
    _save(fig, path, "--plot", 110)
