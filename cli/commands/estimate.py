"""``pref estimate``: what a player knows in, the distribution of exact outcomes over the layouts out."""

from __future__ import annotations

import json
import sys

import click

from solver.analysis import estimate as est
from solver.api import InputError
from solver.cards import SEATS
from solver.rules import Kind

from ..errors import UserError
from ..options import color_option, json_option, lang_option
from ..runtime import WORKERS_HELP, announce_compile, capped_workers, progress_bar
from ..style import Style, want_color
from ..words import say

EXIT_INTERRUPTED = 130

SECTION_KEYS = ("hand", "seat", "games", "holds", "lengths", "talon", "discard", "talon_use", "leader",
                "discards", "layouts", "seed", "exact")
"""The keys of a problem file's ``[estimate]`` section (docs/estimate.md)."""

BAR = 40


def _from_file(path: str) -> tuple[dict, str]:
    from solver.problemfile import read_text, toml_document  # errors: one line, exit 2 (cli.app)

    data = toml_document(read_text(path), path)
    section = data.get("estimate")
    if not isinstance(section, dict):
        raise UserError(f"{path}: estimate: the file has no [estimate] section (see docs/estimate.md)")
    for key in section:
        if key not in SECTION_KEYS:
            raise UserError(f"{path}: estimate.{key}: unknown key; expected one of {', '.join(SECTION_KEYS)}")
    _check_types(section, path)
    return section, data.get("title", "")


def _check_types(section: dict, path: str) -> None:
    """The numbers and the switch of an [estimate] section, as the options would take them."""
    for key, low, high in (("layouts", 1, 10**7), ("seed", None, None)):
        value = section.get(key)
        if value is None:
            continue
        if not isinstance(value, int) or isinstance(value, bool):
            raise UserError(f"{path}: estimate.{key}: a whole number is needed, not {value!r}")
        if low is not None and not low <= value <= high:
            raise UserError(f"{path}: estimate.{key}: {value} is not in the range {low} to {high:,}")
    if "exact" in section and not isinstance(section["exact"], bool):
        raise UserError(f"{path}: estimate.exact: true or false, not {section['exact']!r}")
    for key in ("hand", "seat", "talon", "discard", "talon_use", "leader"):
        if key in section and not isinstance(section[key], str):
            raise UserError(f"{path}: estimate.{key}: a string is needed, not {section[key]!r}")
    for key in ("games", "lengths", "discards"):  # one string, or a list of them
        value = section.get(key)
        if isinstance(value, str):
            section[key] = [value]
        elif value is not None and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            raise UserError(f"{path}: estimate.{key}: a string or a list of strings is needed, not {value!r}")
    holds = section.get("holds")
    if holds is not None and not (isinstance(holds, dict) and all(isinstance(v, str) for v in holds.values())):
        raise UserError(f"{path}: estimate.holds: a table such as {{B = \"♠A\"}} is needed, not {holds!r}")


@click.command()
@click.argument("hand", metavar="HAND|FILE")
@click.option("--seat", help="The hand's seat: A (first hand, leads), B or C.")
@click.option("--game", "games", multiple=True,
              help="The game: '6S A' (contract and declarer), 'misere B', 'raspasy [none|suit|dealer]', "
                   "'contracts A' (6 in every strain). Repeat to compare games on the same layouts.")
@click.option("--holds", multiple=True, metavar="SEAT:CARDS",
              help="Cards known in another hand, e.g. 'B:♠A' (repeatable).")
@click.option("--length", "lengths", multiple=True, metavar="LIMIT",
              help="Suit length limit: 'C♠<=2', 'B:H>=3', 'B♦1-3' (repeatable).")
@click.option("--discards", "discard_list", multiple=True, metavar="PAIR",
              help="With 12 cards: weigh only this discard, e.g. '7S 8S' (repeatable). Default: every class.")
@click.option("--talon", help="The known talon (raspasy: in the order it is turned).")
@click.option("--discard", help="A known discard, out of play.")
@click.option("--talon-use", type=click.Choice(est.TALON_USES), default=None,
              help="Unseen talon: 'out' = the hand as played (talon out of play, default); "
                   "'take' = the declarer takes it and makes the double-dummy best discard.")
@click.option("--layouts", type=click.IntRange(1, 10**7), default=None, help="Random layouts [default: 1000].")
@click.option("--exact", is_flag=True, default=None, help="Enumerate every layout instead of sampling.")
@click.option("--seed", type=int, default=None, help="Seed of the layouts [default: 1].")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help=f"Local worker threads, ~38 MB each ({WORKERS_HELP}); with --cluster local, processes "
                   f"[default: every core].")
@click.option("--scheduler", metavar="ADDRESS", help="Run on a Dask cluster at ADDRESS (tcp://host:8786).")
@click.option("--cluster", type=click.Choice(["local"]), help="Start a Dask LocalCluster and run on it.")
@click.option("--plot", type=click.Path(dir_okay=False), help="Draw the distributions into a PNG (needs matplotlib).")
@json_option
@lang_option
@color_option
@click.pass_context
def estimate(ctx, hand, seat, games, holds, lengths, discard_list, talon, discard, talon_use, layouts, exact, seed, workers,
             scheduler, cluster, plot, as_json, lang, color):
    """The distribution of exact outcomes over the layouts a player cannot see.

    HAND is the known hand (10 cards, or 12 of a declarer with the talon: then every
    discard is weighed), `x` for a spot card not named (♠A x x: the x are drawn from
    7-J, widened upward only when the suit needs more). Or a TOML file with an
    [estimate] section holding the same fields (docs/estimate.md).

    Every option is solved double dummy on the same uniform random layouts (or on
    all of them with --exact); the figures carry 95% intervals (Wilson for chances).
    The same --seed gives the same figures on any number of workers.

    \b
    Examples:
      pref estimate "♠AQxxx ♥AQxxx" --seat A --game "7S A"
      pref estimate "♠A K J 10 8 ♣K Q ♦Q J 10" --seat B --game "6S B" --game "7S B"
      pref estimate "♠79J ♣78 10A ♦79 ♥K" --seat C --game "misere C" --talon "8H 10S" --layouts 100
      pref estimate "♠xxxx ♣AKQ ♦AK ♥A" --seat B --game "6S C" --holds C:♠AK --length "C♠>=3"
      pref estimate hand.toml --json
    """
    title = ""
    fields = {}
    if hand.endswith(".toml"):
        fields, title = _from_file(hand)
        where = f"{hand}: estimate."
    else:
        fields = {"hand": hand}
        where = ""
    given = {"seat": seat, "games": list(games) or None, "holds": _holds(holds) if holds else None,
             "lengths": list(lengths) or None, "discards": list(discard_list) or None, "talon": talon, "discard": discard, "talon_use": talon_use,
             "layouts": layouts, "seed": seed, "exact": exact}
    fields.update({k: v for k, v in given.items() if v is not None})
    if "seat" not in fields:
        raise UserError(f"{where}seat: the hand's seat is needed (--seat A, B or C)")
    if not fields.get("games"):
        raise UserError(f"{where}games: a game is needed (--game '6S A', 'misere B' or 'raspasy')")
    games_list = fields["games"] if isinstance(fields["games"], list) else [fields["games"]]
    try:
        q = est.question(str(fields["hand"]), str(fields["seat"]), games_list, holds=fields.get("holds"),
                         lengths=fields.get("lengths", ()), talon=fields.get("talon"),
                         discard=fields.get("discard"), talon_use=fields.get("talon_use", "out"),
                         leader=fields.get("leader", "A"), discards=fields.get("discards"))
    except InputError as e:
        raise UserError(f"{where}{e}") from None
    run_exact = bool(fields.get("exact", False))
    n = int(fields.get("layouts", 1000))
    run_seed = int(fields.get("seed", 1))
    if scheduler and cluster:
        raise UserError("--scheduler and --cluster: choose one")
    if plot:
        _need_matplotlib()
    if run_exact:
        try:
            est.chunks(q, None, 0, exact=True)
        except InputError as e:
            raise UserError(f"{where}{e}") from None
    if workers is not None and not scheduler:
        from solver.workers import PROCESS_BYTES, table_bytes

        table = table_bytes(est.TABLE_LOG2_SIZE)
        workers = capped_workers(workers, PROCESS_BYTES + table if cluster else table)
    announce_compile()
    client, local_cluster = _dask(scheduler, cluster, workers)
    try:
        with progress_bar("layouts") as progress:
            result = est.estimate(q, n, exact=run_exact, seed=run_seed, workers=workers, client=client,
                                  progress=progress)
    finally:
        if client is not None:
            client.close()
        if local_cluster is not None:
            local_cluster.close()
    summary = result.summary()
    if title:
        summary["title"] = title
    if as_json:
        click.echo(json.dumps(summary, ensure_ascii=False))
    else:
        use_color = want_color(color, sys.stdout)
        click.echo("\n".join(report(result, summary, Style(lang, use_color), title)), color=use_color)
    if plot:
        draw(summary, plot)
    if result.interrupted:
        click.echo(f"interrupted: {result.tally.n} layouts done; the figures above are theirs, with the wider "
                   f"intervals of a partial run", err=True)
        ctx.exit(EXIT_INTERRUPTED)


def _holds(items) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        seat, _, cards = item.partition(":")
        if not cards or seat.strip().upper() not in SEATS:
            raise UserError(f"--holds: write SEAT:CARDS such as 'B:♠A', not {item!r}")
        key = seat.strip().upper()
        out[key] = (out.get(key, "") + " " + cards).strip()
    return out


def _dask(scheduler, cluster, workers):
    if not scheduler and not cluster:
        return None, None
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise UserError("--scheduler/--cluster need Dask: pip install 'preferans-solver[dask]'") from None
    if cluster:
        local = LocalCluster(n_workers=workers or None, threads_per_worker=1, processes=True,
                             dashboard_address=None)
        return Client(local), local
    try:
        return Client(scheduler, timeout=10), None
    except (OSError, TimeoutError, ValueError) as e:
        raise UserError(f"--scheduler: cannot reach {scheduler}: {e}") from None


def _need_matplotlib() -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise UserError("--plot needs matplotlib: pip install 'preferans-solver[plot]'") from None


# -- the report ------------------------------------------------------------------------------

def _pct(fig: dict) -> str:
    return f"{100 * fig['value']:5.1f}% ({100 * fig['low']:.1f}–{100 * fig['high']:.1f})"


def _mean(fig: dict) -> str:
    return f"{fig['value']:.2f} ({fig['low']:.2f}–{fig['high']:.2f})"


def histogram(counts: list[int], style: Style) -> list[str]:
    total = sum(counts) or 1
    top = max(counts) or 1
    lines = []
    lo = next((i for i, c in enumerate(counts) if c), 0)
    hi = max((i for i, c in enumerate(counts) if c), default=0)
    for t in range(lo, hi + 1):
        bar = "█" * round(BAR * counts[t] / top)
        lines.append(f"    {t:2d} {bar:<{BAR}} {100 * counts[t] / total:5.1f}%")
    return lines


def _label(option: est.Option, style: Style) -> str:
    from .. import render
    text = render.game_name(option.game, style)
    if option.discard:
        text += f", {say(style.lang, 'discard')} " + style.cards(sorted(option.discard, reverse=True))
    return text


def _score(fig: dict) -> float:
    """Chance of success (made, or clean), then the mean, as one sortable number."""
    if "made" in fig:
        return fig["made"]["value"] * 100 + fig["mean"]["value"] / 100
    if "clean" in fig:
        return fig["clean"]["value"] * 100 - fig["mean"]["value"] / 100
    return 0.0


def report(result: est.Estimate, summary: dict, style: Style, title: str = "") -> list[str]:
    from .. import render
    q, lang = result.question, style.lang
    lines = []
    if title:
        lines += [style.bold(title), ""]
    if result.exact:
        how = say(lang, "all {n} layouts (exact)", n=f"{summary['population']:,}")
        if result.interrupted:
            how = say(lang, "{done} of {n} layouts (exact enumeration, stopped)", done=f"{summary['layouts']:,}",
                      n=f"{summary['population']:,}")
    else:
        how = say(lang, "{n} random layouts, seed {seed}", n=f"{summary['layouts']:,}", seed=result.seed)
        if result.interrupted:
            how += say(lang, " (stopped: {done} of {n})", done=f"{summary['layouts']:,}",
                       n=f"{summary['requested']:,}")
    lines.append(f"{how}; {summary['seconds']:.1f} {say(lang, 's')}")
    interval = "exact range of what the missing layouts could make" if result.exact and result.interrupted \
        else ("exact figures" if result.exact else "95% intervals in brackets (Wilson for chances)")
    lines.append(say(lang, interval))
    if any(o.game.kind is not Kind.RASPASY for o in q.options) and q.knowledge.hidden:
        lines.append(say(lang, "unseen talon: ") + say(lang, "the declarer takes it and makes the double-dummy best discard"
                                         if q.talon == "take" else "out of play (the hand as played)"))
    lines.append("")
    many = len(q.options) > 8
    order = list(range(len(q.options)))
    if many:  # best first, by the same measure as the best option
        order = sorted(order, key=lambda k: -_score(summary["options"][k]))
    for k in order:
        option = q.options[k]
        fig = summary["options"][k]
        if option.game.kind is Kind.RASPASY:
            lines.append(style.bold(_label(option, style)))
            for s in SEATS:
                par, coop = fig["seats"][s]["paranoid"], fig["seats"][s]["cooperative"]
                lines.append(say(lang, "  {seat}: paranoid {paranoid}, cooperative {cooperative} tricks", seat=s,
                                 paranoid=_mean(par['mean']), cooperative=_mean(coop['mean'])))
                lines += ["  " + x for x in histogram(par["histogram"], style)] if not many else []
            continue
        head = _label(option, style) + say(lang, ": mean {mean} tricks", mean=_mean(fig['mean']))
        if option.game.kind is Kind.CONTRACT:
            head += say(lang, "; made {pct}", pct=_pct(fig['made']))
        else:
            head += say(lang, "; clean {pct}", pct=_pct(fig['clean']))
        if "dd_best" in fig:
            head += say(lang, "; best seeing the layout {pct}%", pct=f"{100 * fig['dd_best']['value']:.0f}")
        lines.append(style.bold(head) if not many else head)
        defender = q.seat is not None and option.game.kind is Kind.CONTRACT and q.seat != option.game.declarer
        if not many:
            if defender:
                lines.append(say(lang, "    the defenders' tricks ({seat} and partner):", seat=SEATS[q.seat]))
            lines += histogram(fig["defenders_histogram" if defender else "histogram"], style)
            if option.game.kind is Kind.CONTRACT:
                levels = ", ".join(f"{t}+ {100 * fig['at_least'][str(t)]['value']:.1f}%" for t in range(6, 11))
                lines.append(say(lang, "    declarer's tricks at least: {levels}", levels=levels))
                defenders = q.tricks - fig["mean"]["value"]
                lines.append(say(lang, "    defenders' tricks: mean {mean}; contract set {pct}", mean=f"{defenders:.2f}",
                                 pct=_pct(fig['set'])))
            lines.append("")
    if "best" in summary:
        lines.append("")
        lines.append(style.bold(say(lang, "Best not knowing the layout: {option}",
                                    option=_label(q.options[summary['best_index']], style))))
        for p in summary["paired"][:10]:
            d, w = p["difference"], p["success_difference"]
            lines.append(say(lang, "  vs {option}: {d} tricks ({lo} … {hi}), success {w}% ({wlo} … {whi}), same layouts",
                             option=_label(q.options[p['indices'][1]], style), d=f"{d['value']:+.2f}",
                             lo=f"{d['low']:+.2f}", hi=f"{d['high']:+.2f}", w=f"{100 * w['value']:+.1f}",
                             wlo=f"{100 * w['low']:+.1f}", whi=f"{100 * w['high']:+.1f}"))
    for g in summary.get("discards", []):
        best = q.options[g["best_index"]]
        lines.append(render.game_name(best.game, style) + say(
            lang, ": best discard not knowing the layout: {cards}; seeing each layout the declarer averages {mean}",
            cards=style.cards(sorted(best.discard, reverse=True)), mean=_mean(g['seeing_the_layout']['mean'])))
        if g["differs"]:
            lines.append(say(lang, "  differs from the discard most often best double dummy: {cards}",
                             cards=style.cards(sorted(q.options[g['dd_most_often_index']].discard, reverse=True))))
    return lines


def draw(summary: dict, path: str) -> None:
    """Bar charts of each option's distribution (raspasy: each seat's paranoid and cooperative)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    series = []
    for fig in summary["options"][:8]:
        if "seats" in fig:
            for s in SEATS:
                for m in ("paranoid", "cooperative"):
                    series.append((f"{s} {m}", fig["seats"][s][m]["histogram"]))
        else:
            series.append((fig["option"], fig["histogram"]))
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
    ax.set_title(f"{summary['layouts']:,} layouts" + (" (exact)" if summary["exact"] else f", seed {summary['seed']}"))
    fig.tight_layout()
    try:
        fig.savefig(path, dpi=100)
    except OSError as e:
        raise UserError(f"--plot: cannot write {path}: {e.strerror}") from None
    finally:
        plt.close(fig)
