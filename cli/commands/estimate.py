"""``pref estimate``: what a player knows in, the distribution of exact outcomes over the layouts out."""

from __future__ import annotations

import json
import sys

import click

from preferans.analysis import estimate as est
from preferans.analysis.estimate import questionfile
from preferans.cards import SEATS
from preferans.errors import InputError

from .. import plots
from ..errors import EXIT_INTERRUPTED, UserError
from ..files import check_outputs, write
from ..options import SEED_TYPE, color_option, json_option, lang_option
from ..runtime import WORKERS_HELP, announce_compile, capped_workers, progress_bar
from ..style import Style, want_color
from ..text.estimate import report


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
@click.option("--leader", type=click.Choice(["A", "B", "C"], case_sensitive=False), default=None,
              help="The seat on lead at the first trick [default: A, the first hand].")
@click.option("--lead", "blind_lead", is_flag=True, default=None,
              help="The blind opening lead: each card of the leader's hand (--seat, on lead) against the "
                   "one --game, its expected result for his side over the layouts he cannot see, then "
                   "double-dummy play; the best lead and each lead against it.")
@click.option("--open-whist", is_flag=True, default=None,
              help="A contract played with open whist: also its chance at the table, where the defence "
                   "does not know the declarer's discard (a misère always has it).")
@click.option("--no-table", "no_table", is_flag=True, default=None,
              help="Leave out the chance at the table (a misère's, or a contract's with --open-whist).")
@click.option("--top", type=click.IntRange(1, 1000), default=10, show_default=True,
              help="With many options (a 12-card hand's discards): list the best N.")
@click.option("--layouts", type=click.IntRange(1, questionfile.MAX_LAYOUTS), default=None,
              help=f"Random layouts [default: {est.DEFAULT_LAYOUTS}].")
@click.option("--exact", is_flag=True, default=None, help="Enumerate every layout instead of sampling.")
@click.option("--seed", type=SEED_TYPE, default=None, help=f"Seed of the layouts [default: {est.DEFAULT_SEED}].")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help=f"Local worker threads, ~32 MB each, 8 MB more with two whisters scored ({WORKERS_HELP}); with --cluster local, processes "
                   f"[default: every core].")
@click.option("--scheduler", metavar="ADDRESS", help="Run on a Dask cluster at ADDRESS (tcp://host:8786).")
@click.option("--cluster", type=click.Choice(["local"]), help="Start a Dask LocalCluster and run on it.")
@click.option("--plot", type=click.Path(dir_okay=False), help="Draw the distributions into a PNG (needs matplotlib).")
@click.option("--score", "convention", type=click.Choice(["sochi", "leningrad", "rostov", "classic"]),
              help="Also in points: each seat's expected balance in whists per deal under this convention "
                   "(docs/scoring.md), passing = 0, with paired differences on the same layouts.")
@click.option("--players", type=click.Choice(["3", "4"]), default=None,
              help="With --score: players at the table (4: D deals and writes his consolation) [default: 3].")
@click.option("--defence", "defences", multiple=True, metavar="CHOICES",
              help="With --score: the defenders' choices in seat order, e.g. 'whist,pass' for B,C when A "
                   "declares; 'half' a half-whist; at four a third for the dealer. Repeat to compare "
                   "[default: whist,pass].")
@click.option("--score-option", "score_options", multiple=True, metavar="NAME=VALUE",
              help="With --score: override an option of the convention, e.g. quota=joint (docs/scoring.md).")
@click.option("--round", "raspasy_round", type=click.IntRange(1, 100), default=None,
              help="With --score: the raspasy's place in its run (its price) [default: 1].")
@click.option("--layouts-out", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help="Write every layout's hands, each option's tricks (and balances) to FILE: JSON Lines, "
                   "or CSV when FILE ends in .csv.")
@json_option
@lang_option
@color_option
@click.pass_context
def estimate(ctx, hand, seat, games, holds, lengths, discard_list, talon, discard, talon_use, leader, blind_lead,
             open_whist, no_table, top,
             layouts, exact, seed, workers, scheduler, cluster, plot, convention, players, defences, score_options,
             raspasy_round, layouts_out, as_json, lang, color):
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
      pref estimate "♠78910 ♣8 ♦789 ♥89" --seat B --game "misere B" --layouts 300
      pref estimate "♠78910 ♣8 ♦789 ♥89" --seat B --game "misere B" --no-table
      pref estimate "♠AQxxx ♥AQxxx" --seat A --game "7S A" --open-whist --layouts 100
      pref estimate "♠xxxx ♣AKQ ♦AK ♥A" --seat B --game "6S C" --holds C:♠AK --length "C♠>=3"
      pref estimate "♠KQx ♣AJx ♦xxx ♥K" --seat A --game "6S B" --lead --layouts 200
      pref estimate "♠A x x x x x x ♣A K ♦A K ♥A" --seat A --game "8S A" --game "8NT A" --layouts 50
      pref estimate examples/hand.toml --json
      pref estimate "♠AQxxx ♥AQxxx" --seat A --game "6S A" --game "7S A" --score sochi
      pref estimate "♠K Q x ♣A x x ♦K x x ♥x" --seat B --game "6H A" --score leningrad --defence whist,pass --defence pass,pass

    A misère (and a contract with --open-whist) is also answered at the table:
    the chance the catchers are sure to catch it (one plan for every discard
    he may have made, not knowing which) beside the double-dummy chance (they
    know it); the real chance lies between. --no-table leaves it out.

    With --score every option is also worth its balance in whists per deal to
    each seat (as if the pool closed on that deal; passing is the zero line),
    for each defence given; play is double dummy (open whist).
    """
    title = ""
    fields = {}
    if hand.endswith(".toml"):
        fields, title = questionfile.load(hand)
        where = f"{hand}: estimate."
    else:
        fields = {"hand": hand}
        where = ""
    given = {"seat": seat, "games": list(games) or None, "holds": _holds(holds) if holds else None,
             "lengths": list(lengths) or None, "discards": list(discard_list) or None, "talon": talon,
             "discard": discard, "talon_use": talon_use, "leader": leader.upper() if leader else None,
             "lead": blind_lead, "layouts": layouts, "seed": seed, "exact": exact, "open_whist": open_whist,
             "table": False if no_table else None}
    fields.update({k: v for k, v in given.items() if v is not None})
    if "hand" not in fields:
        raise UserError(f"{where}hand: the known hand is needed (hand = \"♠A K x ♣…\")")
    if fields.get("exact") and "layouts" in fields:
        raise UserError(f"{where}layouts: --exact enumerates every layout; drop the number of layouts "
                        f"(or --exact to sample)" if layouts is None or not exact else
                        "--exact enumerates every layout: --layouts has no meaning with it")
    if "seat" not in fields:
        raise UserError(f"{where}seat: the hand's seat is needed (--seat A, B or C)")
    if not fields.get("games"):
        raise UserError(f"{where}games: a game is needed (--game '6S A', 'misere B' or 'raspasy')")
    try:
        q = questionfile.question_of(fields)
    except InputError as e:
        raise UserError(f"{where}{e}") from None
    run_exact = bool(fields.get("exact", False))
    n = int(fields.get("layouts", est.DEFAULT_LAYOUTS))
    run_seed = int(fields.get("seed", est.DEFAULT_SEED))
    q = _scored(q, convention, players, defences, score_options, raspasy_round, layouts_out is not None)
    if scheduler and cluster:
        raise UserError("--scheduler and --cluster: choose one")
    check_outputs([("--plot", plot), ("--layouts-out", layouts_out)], [hand] if hand.endswith(".toml") else [])
    if plot:
        plots.check(plot)
    if run_exact:
        try:
            est.chunks(q, None, 0, exact=True)
        except InputError as e:
            raise UserError(f"{where}{e}") from None
    if workers is not None and not scheduler:
        from preferans.analysis.estimate.work import worker_bytes

        workers = capped_workers(workers, worker_bytes(q, own_process=bool(cluster)))
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
    if as_json:
        data = summary.to_json()
        if title:
            data["title"] = title
        click.echo(json.dumps(data, ensure_ascii=False))
    else:
        use_color = want_color(color, sys.stdout)
        click.echo("\n".join(report(result, summary, Style(lang, use_color), title, top)), color=use_color)
    if plot is not None:
        plots.estimate_distributions(summary, plot)
    if layouts_out is not None:
        write(layouts_out, layouts_text(result, layouts_out.lower().endswith(".csv")), "--layouts-out")
    if result.interrupted:
        click.echo(f"interrupted: {result.tally.n} layouts done; the figures above are theirs, with the wider "
                   f"intervals of a partial run", err=True)
        ctx.exit(EXIT_INTERRUPTED)


def _scored(q, convention, players, defences, score_options, raspasy_round, keep_layouts: bool):
    """The question with its scoring (``--score`` and its options) and ``--layouts-out``."""
    from dataclasses import replace

    from preferans.analysis.estimate.score import Scoring, parse_defence
    from preferans.scoring import options_for

    if convention is None:
        given = [name for name, v in (("--players", players), ("--defence", defences),
                                      ("--score-option", score_options), ("--round", raspasy_round)) if v]
        if given:
            raise UserError(f"{given[0]}: only with --score CONVENTION")
        return replace(q, keep_layouts=keep_layouts) if keep_layouts else q
    n = int(players or 3)
    overrides = {}
    for item in score_options:
        name, sep, text = item.partition("=")
        if not sep or not name.strip():
            raise UserError(f"--score-option: write NAME=VALUE such as quota=joint, not {item!r}")
        try:
            overrides[name.strip()] = json.loads(text)
        except ValueError:
            overrides[name.strip()] = text.strip()
    fields = {"defence": "--defence", "options": "--score-option", "score": "--score", "talon": "--talon",
              "players": "--players", "round": "--round"}
    try:
        options = options_for(convention, overrides, "--score-option")
        choices = tuple(parse_defence(d, n, "--defence") for d in defences or ("whist,pass",))
        return replace(q, scoring=Scoring(convention, options, n, choices, raspasy_round or 1),
                       keep_layouts=keep_layouts)
    except InputError as e:
        head = e.field.split(".")[0] if e.field else ""
        field = fields.get(head, e.field) + e.field[len(head):] if head in fields else e.field
        raise UserError(f"{field}: {e.message}" if field else e.message) from None


def layouts_text(result, csv: bool) -> str:
    """Every layout kept, in the order of the run: JSON Lines, or CSV with one column per figure."""
    rows = sorted(result.tally.rows, key=lambda r: r["layout"])
    if not csv:
        return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    import csv as csvlib
    import io

    flat = [_flat(r) for r in rows]
    names = list(dict.fromkeys(k for r in flat for k in r))
    out = io.StringIO()
    writer = csvlib.DictWriter(out, names, lineterminator="\n")
    writer.writeheader()
    writer.writerows(flat)
    return out.getvalue()


def _flat(row: dict, prefix: str = "") -> dict:
    out = {}
    for key, value in row.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(_flat(value, name + ": " if prefix or key != "hands" else "hand "))
        elif isinstance(value, list):
            out[name] = " ".join(map(str, value))
        else:
            out[name] = value
    return out


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
