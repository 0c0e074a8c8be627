"""``pref board``: start the board's server and open the page."""

from __future__ import annotations

import sys
import webbrowser
from pathlib import Path
from urllib.parse import quote, urlencode

import click

from ..errors import EXIT_INTERRUPTED, UserError


@click.command()
@click.argument("file", required=False, metavar="[FILE]")
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True,
              help="Port on 127.0.0.1; 0 picks a free one.")
@click.option("--no-browser", is_flag=True, help="Print the address but do not open a browser.")
def board(file, port, no_browser):
    """Open the analysis board: play a problem card by card in the browser.

    Starts a local server (127.0.0.1 only; no internet needed), prints its
    address and opens it in your browser. FILE is a problem file (opened for
    analysis), or the name of a problem of the collection that ships with
    pref (opened to solve, as the index opens it: the task stated, nothing
    given away); with no FILE the board opens the collection's index, in
    English or Russian. On the board:

    \b
      - "Solve it as": problem mode. Choose your side (the declarer, the
        defenders or catchers, a raspasy player); your seat sits at the
        bottom, values, answer and key stay hidden, the solver plays the
        other side, each of your cards is marked (✓, or "? cost 1 trick" and
        the cards that kept it). At the end a verdict (solved, solved with
        help, not yet), the answer, the key and the composer's notes; "Hint"
        names the suit of the card that works, "Show solution" shows it all
        (either costs the ✓). "Only the hands I would see" hides what a
        player at the table does not see
      - click a card of the player to move to play it; the number under each
        card is the counted player's tricks after it (as in pref solve),
        ★ the best; "Show card values" hides them
      - "Best card" and "Play the line" let the solver play; "You play"
        gives you one seat against the solver
      - Undo, Redo (← →), or click a move in the list to go back to it
      - the answer and the key ("unique key ♦A") as pref solve states them;
        a declarer with 12 cards gets the solver's best discard, and
        "Another discard…" lets you choose one
      - "Set up…" deals any position; "Open file…", "Save .toml" and
        "Save .json" read and write problem files that pref solve reads
        (mid-play: the deal, the tricks played and the trick in progress)
      - the address bar carries the position: bookmark it or share it

    \b
    Examples:
      pref board kovalevskaya-misere      a problem of the collection, to solve
      pref board examples/problem.toml    any problem file, for analysis
      pref board                          the collection: choose a problem to solve
      pref board --no-browser --port 8765

    Stop it with Ctrl-C.
    """
    from preferans import collection  # here, not at the top: --help loads no solver

    from ..runtime import engine
    from .server import BoardServer

    fragment = "" if file is None else board_fragment(collection.resolve(file))
    try:
        server = BoardServer(port)
    except OSError as e:
        raise UserError(f"pref board: cannot listen on 127.0.0.1:{port}: {e.strerror or e}") from None
    url = server.url + fragment
    engine()  # says so on stderr if the kernel is about to be compiled
    server.warm_up()  # load it while the browser opens, not on the first click
    click.echo(f"The board is at {url}")
    click.echo("Press Ctrl-C to stop it.")
    if not no_browser and not webbrowser.open(url):
        click.echo("No browser found here: open the address above in one.", err=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        click.echo("\nboard stopped", err=True)
        sys.exit(EXIT_INTERRUPTED)
    finally:
        server.server_close()


def board_fragment(path) -> str:
    """The address's ``#…`` that opens the problem file ``path``: a problem of the collection by
    its id alone, to solve as the index opens it (its name, title or answer would give it away);
    any other file written out, for analysis. A bad file is a one-line error."""
    from preferans import collection
    from preferans.problemfile import load

    from . import moves

    path = Path(path)
    problem = load(path)
    if path.resolve().parent == collection.folder():
        return "#p=" + moves.problem_id(path.stem)
    return "#" + url_fragment(moves.problem_object(problem))


def url_fragment(problem: dict) -> str:
    """The address's ``#…`` for a problem object: the page reads the same keys back.

    Hands in the dot form (``QJ.97.KQJT.J7``, ♠.♣.♦.♥), card lists with commas. Tricks
    already ``played`` (and the trick in progress after them) become the page's moves,
    ``opened`` saying how many there are: the page starts from the deal and shows them.
    """
    from preferans.cards import SEATS
    from preferans.notation import format_hand, parse_hand

    deal, game = problem["deal"], problem.get("game", {})
    params = {s: format_hand(parse_hand(deal[s]), "dot") for s in SEATS}
    for key in ("talon", "discard"):
        if key in deal:
            params[key] = deal[key].replace(" ", ",")
    for key in ("kind", "contract", "declarer", "leader", "raspasy_talon", "whist"):
        if key in game:
            params[key] = game[key]
    played = [card for trick in game.get("played", []) for card in trick.split()]
    if "trick" in game and not played:
        params["trick"] = game["trick"].replace(" ", ",")
    expect = problem.get("expect", {})
    tricks = expect.get("tricks")
    if tricks is not None:
        params["expect"] = ",".join(str(tricks[s]) for s in SEATS) if isinstance(tricks, dict) else str(tricks)
    if "key" in expect:
        params["key"] = expect["key"]
    for key in ("title", "source", "theme", "difficulty"):
        if key in problem:
            params[key] = problem[key]
    if played:
        moves = played + game.get("trick", "").split()
        params["moves"] = ",".join(moves)
        params["opened"] = str(len(moves))
    return urlencode(params, quote_via=quote, safe=",")
