"""The board in a real browser: headless Chromium (the system's package) driven by Playwright.

Without Chromium or Playwright these tests skip and say why; with ``CI=true`` they fail
instead, so CI cannot pass without running them. One browser and one server per module.
Screenshots go to ``$BOARD_SCREENSHOTS`` when it is set (the README's picture is made so).
"""

import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from preferans.cli.board import moves
from preferans.cli.board.command import url_fragment
from preferans.cli.main import pref
from preferans.problemfile import load

from conftest import KOVALEVSKAYA_FILE as KOVALEVSKAYA, ROOT

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
pytestmark = pytest.mark.browser
TIMEOUT = 30_000  # ms; the first solve may have to load the compiled kernel


def chromium_path() -> str | None:
    return os.environ.get("PREF_CHROMIUM") or shutil.which("chromium") or \
        next((p for p in ("/usr/bin/chromium", "/usr/bin/chromium-browser") if Path(p).exists()), None)


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (python3 -m pip install -e '.[test]')"
    if chromium_path() is None:
        return "Chromium is not installed (apt-get install chromium, or set PREF_CHROMIUM)"
    return None


def require_browser() -> None:
    """Skip when Chromium or Playwright is missing, but fail on CI, which must run these tests."""
    missing = _missing()
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"browser tests cannot run on CI: {missing}")
        pytest.skip(missing)


REJECTIONS_ARE_ERRORS = "window.addEventListener('unhandledrejection', (e) => setTimeout(() => { throw e.reason; }));"
"""A promise that fails unhandled (a drawing that threw half-way) is a page error too."""


@pytest.fixture(scope="module")
def browser():
    require_browser()
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def server(board_server):
    return board_server


@pytest.fixture
def page(browser, server):
    # bypass_csp: the page forbids eval, which wait_for_function uses to poll
    context = browser.new_context(viewport={"width": 1366, "height": 820}, accept_downloads=True, bypass_csp=True)
    context.add_init_script(REJECTIONS_ARE_ERRORS)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, errors


def kovalevskaya_url(server) -> str:
    return server.url + "#" + url_fragment(moves.problem_object(load(KOVALEVSKAYA)))


def open_board(page, url):
    if page.url.split("#")[0] == url.split("#")[0]:
        page.goto("about:blank")  # a new page, not a change of the address's fragment
    page.goto(url)
    wait_solved(page)


def wait_solved(page):
    page.wait_for_function("document.querySelector('#value .verdict') && "
                           "!document.querySelector('#value .thinking')")


def badges(page, seat) -> dict[str, int]:
    """The values shown under the legal cards of ``seat``, by card."""
    found = page.eval_on_selector_all(
        f"#seat-{seat} .card-button", "bs => bs.filter(b => b.querySelector('.value'))"
        ".map(b => [b.dataset.card, b.querySelector('.value').textContent])")
    return {card: int(text.lstrip("★")) for card, text in found}


def play(page, card):
    page.click(f".seat.moving .card-button[data-card='{card}']")
    page.wait_for_function(f"[...document.querySelectorAll('#moves .move .card')].some(c => c.dataset.card === '{card}')")
    wait_solved(page)


def moves_played(page) -> list[str]:
    return page.eval_on_selector_all("#moves .move:not(.ahead) .card", "cs => cs.map(c => c.dataset.card)")


def screenshot(page, name):
    """Save a picture of the page to ``$BOARD_SCREENSHOTS``, in 256 colours if Pillow is there
    (a sixth of the size, and the README's picture is kept in the repository)."""
    folder = os.environ.get("BOARD_SCREENSHOTS")
    if not folder:
        return
    path = Path(folder) / name
    page.screenshot(path=str(path), full_page=True)
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as image:
        small = image.convert("RGB").quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    small.save(path, optimize=True)


def pref_solve_json(path) -> dict:
    out = CliRunner().invoke(pref, ["solve", "--json", str(path)])
    assert out.exit_code == 0, out.output
    return json.loads(out.output)


# -- the tests -------------------------------------------------------------------------


def test_opening_a_problem_shows_the_values_of_pref_solve(page, server):
    open_board(page, kovalevskaya_url(server))
    expected = pref_solve_json(KOVALEVSKAYA)
    assert badges(page, "A") == expected["card_values"]
    assert badges(page, "B") == {} and badges(page, "C") == {}
    assert page.inner_text("#value .verdict") == "misère by B caught: 1 trick"
    assert "Published answer: 1 trick — agrees" in page.inner_text("#value")
    stars = page.eval_on_selector_all("#seat-A .value.best", "bs => bs.length")
    assert stars == 4  # the four diamonds, each worth 1 to the catchers
    assert page.inner_text("#title") == "Kovalevskaya's misère"
    # the key, as pref solve states it, for a composer
    assert page.inner_text("#value .key .key-count") == moves.solve_object(moves.problem_object(load(KOVALEVSKAYA)))['key_text']
    assert page.inner_text("#value .key .key-count").startswith("4 of 10 first cards work: ♦10 ♦J ♦Q ♦K")
    # and as a player says it
    assert page.inner_text("#value .key").startswith("Key: only ♦10, ♦J, ♦Q or ♦K catches it — equal cards\n")
    screenshot(page, "board-kovalevskaya.png")  # the analysis board (the README shows problem mode)
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "board-kovalevskaya-phone.png")
    # the phone layout keeps every card inside the screen
    widest = page.evaluate("Math.max(...[...document.querySelectorAll('.card')].map(c => c.getBoundingClientRect().right))")
    assert widest <= 390


@pytest.mark.parametrize("name", ["six-spades-draw-trumps-first", "six-hearts-lead-a-trump",
                                  "raspasy-dealer-keep-the-low-diamond", "raspasy-talon-heart-throw-the-club-jack"])
def test_the_answer_reads_as_in_pref_solve(page, server, name):
    path = ROOT / "problems" / f"{name}.toml"
    open_board(page, server.url + "#" + url_fragment(moves.problem_object(load(path))))
    out = CliRunner().invoke(pref, ["solve", str(path)])
    answer = next(line for line in out.output.splitlines() if line.startswith("Answer: "))
    assert page.inner_text("#value .verdict") == answer[len("Answer: "):]
    mover = pref_solve_json(path)
    assert badges(page, mover["to_move"]) == mover["card_values"]
    if name.startswith("raspasy"):  # the first talon card is turned for trick 1
        assert page.eval_on_selector_all("#talon .turned-now", "cs => cs.map(c => c.dataset.card)") == \
            [moves.problem_object(load(path))["deal"]["talon"].split()[0]]


def test_play_three_cards_undo_twice_redo(page, server):
    open_board(page, kovalevskaya_url(server))
    play(page, "10D")
    assert set(badges(page, "B")) == {"7D", "8D", "9D"}
    play(page, "7D")
    play(page, "AD")
    assert moves_played(page) == ["10D", "7D", "AD"]
    assert page.inner_text("#turn") == "C takes the trick and leads."
    assert page.inner_text("#seat-C .taken") == "1 trick"
    page.click("#undo")
    page.click("#undo")
    wait_solved(page)
    assert moves_played(page) == ["10D"]
    assert page.inner_text("#turn") == "B to play."
    assert page.eval_on_selector_all("#slot-A .card", "cs => cs.map(c => c.dataset.card)") == ["10D"]
    assert "moves=10D,7D,AD&at=1" in page.url
    page.click("#redo")
    wait_solved(page)
    assert moves_played(page) == ["10D", "7D"]
    assert page.inner_text("#turn") == "C to play."
    assert set(badges(page, "C")) == {"AD"}
    # the move list goes back to any moment
    page.click("#moves li.start .move")
    wait_solved(page)
    assert moves_played(page) == [] and set(badges(page, "A")) >= {"10D", "JS"}


def test_play_the_line_reaches_the_published_answer(page, server):
    open_board(page, kovalevskaya_url(server))
    page.click("#line")
    page.wait_for_function("document.querySelector('#turn').textContent === 'The deal is over.'")
    assert page.inner_text("#value .verdict") == "misère by B caught: 1 trick"
    assert page.inner_text("#seat-B .taken") == "1 trick"
    assert len(moves_played(page)) == 30
    assert page.is_disabled("#save-json") and page.is_disabled("#best")


def test_a_link_reproduces_the_position(page, server, browser):
    open_board(page, kovalevskaya_url(server))
    for card in ("10D", "7D", "AD", "10H"):
        play(page, card)
    url, values = page.url, badges(page, "A")
    other = browser.new_page(bypass_csp=True)
    try:
        other.set_default_timeout(TIMEOUT)
        open_board(other, url)
        assert moves_played(other) == ["10D", "7D", "AD", "10H"]
        assert badges(other, "A") == values and values
    finally:
        other.close()


def test_a_file_with_tricks_played_opens_with_them_as_moves(page, server, tmp_path):
    from preferans.problemfile import dumps
    from dataclasses import replace
    path = tmp_path / "played.toml"
    path.write_text(dumps(replace(load(KOVALEVSKAYA), played=("10D 7D AD",), trick="10H", expect=None, key=None)),
                    encoding="utf-8")
    open_board(page, server.url + "#" + url_fragment(moves.problem_object(load(path))))
    assert moves_played(page) == ["10D", "7D", "AD", "10H"]
    out = CliRunner().invoke(pref, ["solve", str(path)])
    answer = next(line for line in out.output.splitlines() if line.startswith("Answer: "))
    assert page.inner_text("#value .verdict") == answer[len("Answer: "):]
    assert badges(page, "A") == pref_solve_json(path)["card_values"]
    page.click("#moves li.start .move")  # back to the deal
    wait_solved(page)
    assert page.inner_text("#value .verdict") == "misère by B caught: 1 trick"


def test_hints_hide_and_best_card_plays_the_solvers_choice(page, server):
    open_board(page, kovalevskaya_url(server))
    page.uncheck("#hints")
    assert not page.is_visible("#seat-A .value") and not page.is_visible("#value .key")
    page.check("#hints")
    assert page.is_visible("#seat-A .value")
    page.click("#best")
    page.wait_for_function("document.querySelectorAll('#moves .move .card').length === 1")
    assert moves_played(page) == [pref_solve_json(KOVALEVSKAYA)["line"][0]]


def test_one_seat_against_the_solver(page, server):
    open_board(page, kovalevskaya_url(server))
    page.select_option("#seat", "A")
    play(page, "10D")
    # B and C answer by themselves, C wins with the ace and leads; A is to play again
    page.wait_for_function("document.querySelectorAll('#moves .move .card').length >= 4")
    wait_solved(page)
    page.wait_for_function("document.querySelector('#seat-A').classList.contains('moving')")
    played = moves_played(page)
    assert played[:3] == ["10D", "7D", "AD"] and len(played) == 4
    page.click("#undo")  # back to A's last turn, past the solver's replies
    wait_solved(page)
    assert moves_played(page) == []


def test_russian_notation(page, server):
    open_board(page, kovalevskaya_url(server))
    page.select_option("#lang", "ru")
    wait_solved(page)
    ranks = page.eval_on_selector_all("#seat-C .card .rank", "rs => rs.map(r => r.textContent)")
    assert "Т" in ranks and "К" in ranks and "A" not in ranks
    page.select_option("#lang", "en")


def test_an_illegal_set_up_shows_the_clis_message_at_the_field(page, server):
    page.goto(server.url)
    page.click("#index-setup")  # from the collection's index
    page.wait_for_selector("#setup[open]")
    page.fill("#f-B", "♠AZ")
    page.dispatch_event("#f-B", "change")
    page.wait_for_function("document.querySelector('.err[data-for=\"deal.B\"]').textContent !== ''")
    assert page.inner_text(".err[data-for='deal.B']") == "deal.B: unknown rank 'Z' in '♠AZ'"
    # deal by clicking: A gets two spades, B one, C none: hands of unequal length
    page.click("#setup-clear")
    page.check("input[name=target][value=A]")
    page.click("#deck .card-button:has([data-card='AS'])")
    page.click("#deck .card-button:has([data-card='KS'])")
    page.check("input[name=target][value=B]")
    page.click("#deck .card-button:has([data-card='7S'])")
    assert page.input_value("#f-A") == "♠AK ♣— ♦— ♥—"
    page.click("#setup-done")
    page.wait_for_function("document.querySelector('.err[data-for=\"deal\"], #setup-error') && "
                           "[...document.querySelectorAll('.setup .err')].some(e => e.textContent)")
    message = " ".join(t for t in page.eval_on_selector_all(".setup .err", "es => es.map(e => e.textContent)") if t)
    assert message == "deal: hands of unequal length (A 2, B 1, C 0) with no trick in progress"
    # a legal ending plays
    page.check("input[name=target][value=C]")
    page.click("#deck .card-button:has([data-card='7C'])")
    page.click("#deck .card-button:has([data-card='8C'])")
    page.check("input[name=target][value=B]")
    page.click("#deck .card-button:has([data-card='QS'])")
    page.select_option("#f-kind", "contract")
    page.select_option("#f-strain", "NT")
    page.click("#setup-done")
    page.wait_for_selector("#setup", state="hidden")
    wait_solved(page)
    assert page.inner_text("#value .verdict") == "6NT by A: A takes 2 of the 2 tricks left"
    assert badges(page, "A") == {"AS": 2, "KS": 2}


def test_save_and_reload_gives_the_same_problem(page, server, tmp_path):
    open_board(page, kovalevskaya_url(server))
    for card in ("10D", "7D", "AD", "10H"):
        play(page, card)
    shown = badges(page, "A")
    saved = {}
    for fmt in ("json", "toml"):
        with page.expect_download() as info:
            page.click(f"#save-{fmt}")
        path = tmp_path / info.value.suggested_filename
        info.value.save_as(path)
        assert path.suffix == f".{fmt}"
        saved[fmt] = path
        result = pref_solve_json(path)  # pref solve reads the board's file as the board showed it
        assert result["card_values"] == shown and result["trick"] == ["10H"] and result["to_move"] == "A"
        assert result["taken"] == {"A": 0, "B": 0, "C": 1}  # the trick played is in the file
    # the file is the deal with the trick played and the one in progress: its answer is the board's
    assert 'played = ["10D 7D AD"]' in saved["toml"].read_text(encoding="utf-8")
    out = CliRunner().invoke(pref, ["solve", str(saved["toml"])])
    answer = next(line for line in out.output.splitlines() if line.startswith("Answer: "))
    assert page.inner_text("#value .verdict") == answer[len("Answer: "):] == \
        "misère by B caught: 1 trick (1 of the 9 tricks left)"
    # open the saved file on the board: the same position, and saved again the same text
    page.set_input_files("#open-file", str(saved["toml"]))
    page.wait_for_function("document.querySelector('#title').textContent.includes('after 4 cards')")
    wait_solved(page)
    # the file holds the deal and the trick played: the board shows them as moves, at the end
    assert moves_played(page) == ["10D", "7D", "AD", "10H"]
    assert badges(page, "A") == shown
    assert page.inner_text("#title") == "Kovalevskaya's misère (after 4 cards)"
    with page.expect_download() as info:
        page.click("#save-toml")
    again = tmp_path / "again.toml"
    info.value.save_as(again)
    assert again.read_text(encoding="utf-8") == saved["toml"].read_text(encoding="utf-8")
    page.set_input_files("#open-file", str(saved["json"]))
    page.wait_for_function("document.querySelector('#title').textContent.includes('after 4 cards')")
    wait_solved(page)
    assert badges(page, "A") == shown


def test_without_chromium_a_developer_skips_and_ci_fails(monkeypatch):
    monkeypatch.setenv("PREF_CHROMIUM", "")
    monkeypatch.setattr(shutil, "which", lambda name: None)
    monkeypatch.setattr(Path, "exists", lambda self: False)
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="is not installed"):
        require_browser()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="browser tests cannot run on CI: .* is not installed"):
        require_browser()


def test_a_declarer_still_to_discard_gets_the_solvers_discard_and_may_choose_another(page, server):
    from preferans.problemfile import loads_toml
    problem = loads_toml('[deal]\nA = "♠AKQ ♣7 ♦7"\nB = "♠J10 ♣8"\nC = "♣AKQ"\n'
                         '[game]\nkind = "contract"\ncontract = "6S"\ndeclarer = "A"\n', "ending.toml")
    solved = moves.solve_object(moves.problem_object(problem))  # what pref solve --jsonl says
    assert solved["discard_chosen"]
    best = solved["discard"]
    open_board(page, server.url + "#" + url_fragment(moves.problem_object(problem)))
    assert page.inner_text("#value .verdict") == solved["answer"] == "6♠ by A: A takes 3 of the 3 tricks left"
    assert page.eval_on_selector_all("#talon .card", "cs => cs.map(c => c.dataset.card)") == best
    assert solved["discard_key_text"] == "4 of 10 discards work: ♠Q ♣7, ♠K ♣7, ♠A ♣7, ♣7 ♦7"
    assert "A held 12 cards and discarded ♠Q ♣7: the solver's best discard (4 of 10 discards work: " \
           "♠Q ♣7, ♠K ♣7, ♠A ♣7, ♣7 ♦7)." in page.inner_text("#value")
    assert badges(page, "A") == solved["card_values"]
    # another discard, chosen by clicking: the set-up opens on the 12 cards, discard selected
    page.click("#other-discard")
    page.wait_for_selector("#setup[open]")
    assert page.input_value("#f-A") == "♠AKQ ♣7 ♦7 ♥—" and page.input_value("#f-discard") == ""
    page.click("#deck .card-button:has([data-card='AS'])")
    page.click("#deck .card-button:has([data-card='KS'])")
    assert page.input_value("#f-A") == "♠Q ♣7 ♦7 ♥—" and page.input_value("#f-discard") == "AS KS"
    page.click("#setup-done")
    page.wait_for_selector("#setup", state="hidden")
    wait_solved(page)
    assert page.inner_text("#value .verdict") == "6♠ by A: A takes 1 of the 3 tricks left"
    assert "A's discard ♠A ♠K was not best: A 1 instead of 3 with ♠Q ♣7." in page.inner_text("#value")
    assert page.eval_on_selector_all("#talon .card", "cs => cs.map(c => c.dataset.card)") == ["AS", "KS"]


def test_a_card_worse_than_the_best_is_named(page, server):
    open_board(page, kovalevskaya_url(server))
    play(page, "JS")  # any diamond catches the misère; the spade lets B escape
    assert "A's ♠J was not best: B 0 instead of 1." in page.inner_text("#value")
    assert page.inner_text("#value .verdict") == "misère by B clean: no trick"
    page.click("#undo")
    wait_solved(page)
    play(page, "KD")
    assert "not best" not in page.inner_text("#value")


def test_a_mistyped_link_names_the_card(page, server):
    url = kovalevskaya_url(server).replace("A=QJ.97.KQJT.J7", "A=QJ.9Z.KQJT.J7")
    page.goto(url)
    page.wait_for_selector("#setup[open]")
    page.wait_for_function("document.querySelector('.err[data-for=\"deal.A\"]').textContent !== ''")
    assert page.inner_text(".err[data-for='deal.A']") == "the address: deal.A: unknown rank 'Z' in 'QJ.9Z.KQJT.J7'"


# -- nothing hidden, nothing wrong on screen ---------------------------------------------

HIDDEN_CARDS = """() => {
  const hidden = [];
  for (const card of document.querySelectorAll('.seat .card')) {
    const r = card.getBoundingClientRect();
    const found = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!found || !card.contains(found)) hidden.push(card.dataset.card);
  }
  const table = document.querySelector('#table').getBoundingClientRect();
  for (const seat of document.querySelectorAll('.seat')) {  // no box runs out of the table (under the panel)
    const r = seat.getBoundingClientRect();
    if (r.left < table.left - 0.5 || r.right > table.right + 0.5) hidden.push(seat.id);
  }
  return {hidden, scroll: document.documentElement.scrollWidth - window.innerWidth};
}"""

def test_every_card_is_visible_at_every_width(page, server):
    """From a phone to a wide screen (320-1920 px, every 40 px), every card of every hand is
    on top where it lies (the side panel covered C's cards at 761-900 px), and the page never
    scrolls sideways; on Kovalevskaya's misère and on hands of eight cards in one suit."""
    from preferans.problemfile import loads_toml
    long_suits = loads_toml('[deal]\nA = "♠AKQJ10987 ♣AK"\nB = "♦AKQJ10987 ♣QJ"\nC = "♥AKQJ10987 ♣10 9"\n'
                            'talon = "8C 7C"\n[game]\nkind = "contract"\ncontract = "6S"\ndeclarer = "A"\n', "long.toml")
    for url in (kovalevskaya_url(server), server.url + "#" + url_fragment(moves.problem_object(long_suits))):
        page.set_viewport_size({"width": 1366, "height": 2000})
        open_board(page, url)
        assert page.eval_on_selector_all(".seat .card", "cs => cs.length") == 30
        for width in range(320, 1921, 40):
            page.set_viewport_size({"width": width, "height": 2000})
            seen = page.evaluate(HIDDEN_CARDS)
            assert seen == {"hidden": [], "scroll": 0}, width


def test_raspasy_turned_talon_is_in_the_trick_and_the_moves_and_a_leads(page, server):
    path = ROOT / "problems" / "raspasy-talon-heart-throw-the-club-jack.toml"
    open_board(page, server.url + "#" + url_fragment(moves.problem_object(load(path))))
    table_talon = "document.querySelector('#slot-T:not([hidden]) .card')?.dataset.card ?? null"
    assert page.evaluate(table_talon) == "8H"  # turned for trick 1, lying in the trick
    play(page, "JC")
    play(page, "7H")
    play(page, "JH")  # C's ♥J beats the talon's ♥8, yet A leads the second talon trick
    assert page.inner_text("#turn") == "C takes the trick; A leads."
    assert page.evaluate(table_talon) == "8H"  # the trick just taken, with its talon card
    assert page.eval_on_selector_all("#moves .talon-move", "cs => cs.map(c => c.dataset.card)") == ["8H"]
    play(page, "7D")
    assert page.evaluate(table_talon) == "AD"
    assert page.eval_on_selector_all("#moves .talon-move", "cs => cs.map(c => c.dataset.card)") == ["8H", "AD"]
    play(page, "10D")
    play(page, "JD")
    assert page.inner_text("#turn") == "C takes the trick; A leads."  # A leads the first trick after them too
    play(page, "7S")
    assert page.evaluate(table_talon) is None  # no talon card from trick 3 on
    assert page.eval_on_selector("#moves li:nth-child(2) .talon-move", "c => c.dataset.card") == "8H"  # 1. talon ♥8


def test_hiding_the_values_hides_everything_that_gives_the_answer(page, server):
    open_board(page, kovalevskaya_url(server))
    page.uncheck("#hints")
    shown = page.inner_text("#value")
    for giveaway in ("caught", "Published answer", "Key:", "with best play"):
        assert giveaway not in shown
    assert "values are hidden" in shown and not page.is_visible("#seat-A .value")
    assert page.eval_on_selector_all("#seat-A .card.best", "cs => cs.map(c => getComputedStyle(c).boxShadow)") \
        == page.eval_on_selector_all("#seat-A .card:not(.best)", "cs => cs.slice(0, 4).map(c => getComputedStyle(c).boxShadow)")
    play(page, "JS")  # a mistake: not named while the values are hidden
    assert "not best" not in page.inner_text("#value") and "clean" not in page.inner_text("#value")
    page.check("#hints")
    assert "A's ♠J was not best" in page.inner_text("#value")
    # a 12-card declarer's best discard is the answer to a discard problem
    path = ROOT / "problems" / "misere-discard-keep-the-seven.toml"
    open_board(page, server.url + "#" + url_fragment(moves.problem_object(load(path))))
    assert "best discard" in page.inner_text("#value")
    page.uncheck("#hints")
    assert "discard" not in page.inner_text("#value").lower()


def test_a_tap_on_a_phone_does_not_scroll_the_page(page, server):
    page.set_viewport_size({"width": 390, "height": 700})
    open_board(page, kovalevskaya_url(server))
    for card in ("10D", "7D", "AD"):
        page.eval_on_selector(".seat.moving", "e => e.scrollIntoView({block: 'center'})")
        before = page.evaluate("window.scrollY")
        play(page, card)
        assert page.evaluate("window.scrollY") == before, card
    assert page.evaluate("document.querySelector('#moves').getBoundingClientRect().top") > 700  # the list is below


@pytest.mark.parametrize("at", ["abc", "1.5", "-1", "99999"])
def test_a_bad_at_in_the_address_shows_the_last_move(page, server, at):
    url = kovalevskaya_url(server) + "&moves=10D,7D&at=" + at
    open_board(page, url)
    assert moves_played(page) == ["10D", "7D"]
    assert page.inner_text("#turn") == "C to play."


def test_small_things_done_right(page, server):
    open_board(page, kovalevskaya_url(server))
    # Ctrl+B is the browser's, not "best card"
    page.keyboard.press("Control+b")
    page.wait_for_timeout(300)
    assert moves_played(page) == []
    # hovering a card paints no box behind it; a best card's ring leaves the badge above it alone
    page.hover("#seat-A .card-button[data-card='10D']")
    assert page.eval_on_selector("#seat-A .card-button[data-card='10D']",
                                 "b => getComputedStyle(b).backgroundColor") == "rgba(0, 0, 0, 0)"
    overlaps = page.evaluate("""() => {
      const badges = [...document.querySelectorAll('#seat-A .value')].map(b => b.getBoundingClientRect());
      let n = 0;
      for (const card of document.querySelectorAll('#seat-A .card.best')) {
        const r = card.getBoundingClientRect(), ring = 3;
        for (const b of badges.filter(b => b.bottom <= r.top + 1)) {  // the badges above the card
          if (r.left - ring < b.right && b.left < r.right + ring && r.top - ring < b.bottom && b.top < r.bottom + ring) n++;
        }
      }
      return n;
    }""")
    assert overlaps == 0
    # "Best card" asks for no solve the board has not done already: one for the position after it
    for card in ("10D", "7D", "AD"):
        play(page, card)
    solves = []
    page.on("request", lambda r: solves.append(r.url) if r.url.endswith("/api/solve") else None)
    page.click("#best")
    page.wait_for_function("document.querySelectorAll('#moves .move .card').length === 4")
    wait_solved(page)
    assert len(solves) == 1
    # Escape closes the set-up; a stopped server is said in words
    page.click("#setup-open")
    page.wait_for_selector("#setup[open]")
    assert page.evaluate("document.activeElement.closest('#setup') !== null")  # the focus moved into it
    page.keyboard.press("Escape")
    page.wait_for_selector("#setup", state="hidden")
    page.route("**/api/**", lambda route: route.abort())
    page.click("#best")  # the card is played by the server
    page.wait_for_selector("#error:not([hidden])")
    assert page.inner_text("#error").startswith("The board's server does not answer")
    page.unroute("**/api/**")


def test_set_up_keeps_what_it_should(page, server):
    # a random deal on raspasy turns the talon it deals
    page.goto(server.url)
    page.click("#index-setup")  # from the collection's index
    page.wait_for_selector("#setup[open]")
    page.select_option("#f-kind", "raspasy")
    page.select_option("#f-raspasy-talon", "none")
    page.click("#setup-random")
    assert page.input_value("#f-raspasy-talon") == "suit" and len(page.input_value("#f-talon").split()) == 2
    # another discard keeps the problem's source and theme
    path = ROOT / "problems" / "misere-discard-keep-the-seven.toml"
    problem = load(path)
    open_board(page, server.url + "#" + url_fragment(moves.problem_object(problem)))
    page.click("#other-discard")
    page.wait_for_selector("#setup[open]")
    declarer = page.evaluate("pref.board.start.game.declarer")
    held = page.evaluate(f"pref.board.setup['{declarer}']")  # the 12 cards, none discarded yet
    page.click(f"#deck .card-button:has([data-card='{held[0]}'])")
    page.click(f"#deck .card-button:has([data-card='{held[1]}'])")
    page.click("#setup-done")
    page.wait_for_selector("#setup", state="hidden")
    wait_solved(page)
    assert page.evaluate("[pref.board.start.source, pref.board.start.theme]") == [problem.source, problem.theme]
    assert problem.source in page.inner_text("#game-line")


def test_a_reopened_mid_play_file_at_its_start_is_not_after_0_cards(page, server, tmp_path):
    from dataclasses import replace
    from preferans.problemfile import dumps
    path = tmp_path / "played.toml"
    path.write_text(dumps(replace(load(KOVALEVSKAYA), title="K (after 4 cards)", played=("10D 7D AD",), trick="10H",
                                  expect=None, key=None)), encoding="utf-8")
    open_board(page, server.url + "#" + url_fragment(moves.problem_object(load(path))))
    assert page.evaluate("pref.problemAt(0).title") == "K"
    assert page.evaluate("pref.problemAt(2).title") == "K (after 2 cards)"


# -- the collection and problem mode -------------------------------------------------------

PROBLEMS = ROOT / "problems"
DISCARD_PROBLEMS = sorted(p.stem for p in PROBLEMS.glob("*.toml") if load(p).needs_discard)


def open_problem(page, server, name, filter_text=""):
    """Open the collection's problem ``name`` from the index, as a player does, and wait until the
    board has settled (the solver's replies made, the user to move or to discard)."""
    if page.url.startswith(server.url):
        page.goto("about:blank")
    page.goto(server.url)
    page.wait_for_selector(".index-open")
    if filter_text:
        page.fill("#index-filter", filter_text)
    page.click(f".index-open[data-name='{name}']")
    settle(page)


SETTLED = """() => typeof pref !== 'undefined' && pref.board.start && !pref.board.busy && document.body.classList.contains('ready')
  && !document.querySelector('#value .thinking') && (!pref.board.solving || pref.board.discarding || pref.current().over
  || pref.board.at < pref.board.states.length - 1 || pref.board.solving.includes(pref.toMove(pref.current().problem)))"""


def settle(page):
    page.wait_for_function(SETTLED)
    page.wait_for_timeout(100)  # a drawing that was under way has finished


def play_mine(page, card):
    """Play one of the user's cards in problem mode and wait for the solver's replies."""
    at = page.evaluate("pref.board.at")
    page.click(f".seat.moving .card-button[data-card='{card}']")
    page.wait_for_function(f"pref.board.at > {at} && pref.board.states[{at + 1}].card === '{card}'")
    settle(page)


def best_now(page) -> str:
    """The solver's best card here (what a player who solved it plays), read from the server's answer."""
    return page.evaluate("pref.solveOf(pref.problemAt(pref.board.at)).then(r => r.line[0])")


def play_to_the_end(page):
    for _ in range(40):
        if page.evaluate("pref.current().over"):
            return
        play_mine(page, best_now(page))
    raise AssertionError("the deal did not end")


def solved_marks(page) -> list[str]:
    page.wait_for_selector(".index-open")
    return page.eval_on_selector_all(".solved-mark", "ms => ms.map(m => m.parentElement.querySelector('.index-open').dataset.name)")


def back_to_the_index(page):
    page.click("#index-open")
    page.wait_for_selector(".index-open")


# -- leaks and false ticks

@pytest.mark.parametrize("name", DISCARD_PROBLEMS)
def test_a_12_card_declarers_problem_gives_nothing_away_while_he_discards(page, server, name):
    """Behind the discard to choose, and after Escape, the page shows no answer, key, published
    answer or the solver's discard."""
    solved = moves.solve_object(moves.problem_object(load(PROBLEMS / f"{name}.toml")))
    open_problem(page, server, name)

    def nothing_shown():
        text = page.inner_text("body")
        for giveaway in (solved["answer"], solved["discard_key_text"], solved["key_text"], "Published answer",
                         "Key:", "best discard"):
            assert giveaway not in text, giveaway
        shown = page.eval_on_selector_all("#talon .card", "cs => cs.map(c => c.dataset.card)")
        assert not set(solved["discard"]) & set(shown), shown
        assert not page.is_visible("#value .verdict")

    nothing_shown()
    page.keyboard.press("Escape")
    page.wait_for_timeout(200)
    nothing_shown()
    assert len(solved["discard"]) == 2 and len(DISCARD_PROBLEMS) == 7


def test_the_address_in_problem_mode_gives_nothing_away(page, server):
    """The address names a problem of the collection by an id: not its answer, its key, its title or its name."""
    from preferans.collection import problems
    for name in ("kovalevskaya-misere", "misere-lead-the-diamond-eight", "misere-discard-keep-the-seven",
                 "raspasy-cash-the-singleton-jack", "six-spades-draw-trumps-first", "overtake-partners-king"):
        problem = dict(problems())[name]
        open_problem(page, server, name)
        for url in (page.url, page.evaluate("location.href")):
            fragment = url.split("#", 1)[1]
            for word in ("expect=", "key=", "title=", "theme=", name, "name="):
                assert word not in fragment, (name, word, fragment)
            assert fragment.startswith("p=") and "&solve=" in fragment
        assert page.evaluate("document.title").startswith(problem.text("index_title"))


def test_pref_board_name_prints_an_address_that_gives_nothing_away():
    from preferans.cli.board.command import board_fragment
    from preferans.collection import names, path_of
    ids = set()
    for name in names():
        fragment = board_fragment(path_of(name))
        assert fragment == "#p=" + moves.problem_id(name)
        ids.add(fragment)
    assert len(ids) == len(names())  # one id each
    assert board_fragment(KOVALEVSKAYA.parent.parent / "examples" / "problem.toml").startswith("#A=")  # analysis


def test_the_b_key_plays_nothing_in_problem_mode(page, server):
    open_problem(page, server, "misere-ending-spade-seven")
    for _ in range(5):
        page.keyboard.press("b")
    page.wait_for_timeout(600)
    assert moves_played(page) == []
    page.evaluate("document.getElementById('best').click()")  # hidden: even a script's click plays nothing
    page.wait_for_timeout(300)
    assert moves_played(page) == []


def test_a_mistake_then_a_reload_is_not_solved(page, server):
    """A mistake, a reload, then the best play: the deal ends short of the answer, so no ✓."""
    open_problem(page, server, "misere-ending-spade-seven")
    play_mine(page, "8C")  # costs 2: the misère is caught three times, not five
    page.reload()
    settle(page)
    play_to_the_end(page)
    page.wait_for_selector("#result:not([hidden])")
    assert page.inner_text("#result .verdict-line").startswith("Not yet: the misère is caught for three tricks "
                                                              "(the answer: caught for five tricks).")
    assert "? cost 2 tricks" in page.inner_text("#moves")  # the mark made before the reload is there again
    back_to_the_index(page)
    assert solved_marks(page) == []


def test_a_take_back_then_good_play_is_solved_with_help(page, server):
    open_problem(page, server, "misere-ending-spade-seven")
    play_mine(page, "8C")
    page.click("#undo")
    settle(page)
    play_mine(page, "7S")  # the card the mark named
    play_to_the_end(page)
    page.wait_for_selector("#result:not([hidden])")
    assert page.inner_text("#result .verdict-line").startswith("Solved with help: the misère is caught for five tricks")
    back_to_the_index(page)
    assert solved_marks(page) == []


def test_after_a_worse_discard_the_solution_is_the_problems(page, server):
    name = "misere-discard-keep-the-seven"
    problem = load(PROBLEMS / f"{name}.toml")
    solved = moves.solve_object(moves.problem_object(problem))
    open_problem(page, server, name)
    for card in ("QS", "9S"):  # keeps both club honours: two tricks
        page.click(f"#seat-B .card-button[data-card='{card}']")
    page.click("#discard-done")
    settle(page)
    assert page.inner_text("#moves li.start .mark") == "? cost 2 tricks (the discard ♣J ♣Q kept them)"
    page.click("#show-solution")
    solution = page.inner_text("#solution")
    assert solved["answer"] == "misère by B clean: no trick" and solved["answer"] in solution
    assert f"Best discard: {solved['discard_key_text']}" in solution
    assert problem.notes.strip().splitlines()[0] in solution
    assert "caught" not in solution.split("\n")[2]  # the answer line is the problem's, not the user's


# -- a problem as a player meets it

def test_the_task_is_stated_before_the_first_card(page, server):
    open_problem(page, server, "kovalevskaya-misere")
    assert page.inner_text("#task") == "Task: B plays misère; A leads. Catch the misère."
    assert page.is_visible("#task") and moves_played(page) == []
    page.select_option("#lang", "ru")
    page.wait_for_function("document.querySelector('#task').textContent.startsWith('Задача')")
    assert page.inner_text("#task") == "Задача: B играет мизер, первым ходит A. Поймайте мизер."
    page.select_option("#solve-as", "B")  # the other side: a task said from the game and the answer
    settle(page)
    assert page.inner_text("#task") == "Задача: B играет мизер, первым ходит A: возьмите как можно меньше " \
                                       "взяток (не больше 1 взятки)."
    page.select_option("#lang", "en")
    settle(page)
    assert page.inner_text("#task") == "Task: B plays misère, A leads: take as few tricks as you can (1 trick at most)."
    open_problem(page, server, "raspasy-ending-no-way-out")
    assert page.inner_text("#task").startswith("Task: ")


def test_a_title_that_names_the_key_is_shown_only_with_the_solution(page, server):
    name = "misere-lead-the-diamond-eight"
    problem = load(PROBLEMS / f"{name}.toml")
    assert problem.index_title and problem.index_title != problem.title
    page.goto(server.url)
    page.wait_for_selector(".index-open")
    assert page.inner_text(f".index-open[data-name='{name}']") == problem.index_title
    assert problem.title not in page.inner_text("#index")
    open_problem(page, server, name)
    assert page.inner_text("#title") == problem.index_title and problem.title not in page.inner_text("body")
    assert page.title().startswith(problem.index_title)
    page.click("#show-solution")
    assert page.inner_text("#title") == problem.title and problem.title in page.inner_text("#solution")


def test_the_end_of_a_problem(page, server):
    """A verdict line against the answer, the deal again, the first mark in view, Try again and Next
    problem; in the index a solved count, Unsolved only, the groups, and the ✓s cleared."""
    open_problem(page, server, "misere-ending-spade-seven")
    play_mine(page, "8C")
    play_to_the_end(page)
    page.wait_for_selector("#result:not([hidden])")
    assert page.eval_on_selector_all("#verdicts .verdict-line", "ls => ls.length") == 1
    deal = page.inner_text("#deal-again")
    assert "A: ♠7 ♣AJ108 ♦— ♥—\nB: ♠10 ♣— ♦J10 ♥KJ\nC: ♠— ♣KQ ♦Q ♥98" in deal
    first_mark = page.evaluate("""() => { const list = document.querySelector('#moves');
      const mark = list.querySelector('.mark.bad').getBoundingClientRect(), box = list.getBoundingClientRect();
      return mark.top >= box.top && mark.bottom <= box.bottom; }""")
    assert first_mark
    page.click("#try-again")  # from the start, a new attempt
    settle(page)
    assert moves_played(page) == [] and page.is_hidden("#result")
    play_mine(page, "7S")
    play_to_the_end(page)
    page.wait_for_selector("#result:not([hidden])")
    assert page.inner_text("#result .verdict-line").startswith("Solved: the misère is caught for five tricks")
    before = page.evaluate("pref.board.id")
    page.click("#next-problem")
    settle(page)
    assert page.evaluate("pref.board.id") != before and moves_played(page) == []
    back_to_the_index(page)
    assert solved_marks(page) == ["misere-ending-spade-seven"]
    total = len(page.query_selector_all(".index-open"))
    assert page.inner_text("#index-count") == f"Solved: 1 of {total}"
    page.check("#index-unsolved")
    assert len(page.query_selector_all(".index-open")) == total - 1
    assert page.eval_on_selector_all(".index-group h3", "hs => hs.map(h => h.textContent)") == \
        ["Contracts", "Misère", "Raspasy"]
    assert page.eval_on_selector_all(".index-group[data-kind=misere] h4", "hs => hs.map(h => h.textContent)") == \
        ["Easy", "Medium", "Hard"]
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#index-clear")
    assert page.inner_text("#index-count") == f"Solved: 0 of {total}"
    page.uncheck("#index-unsolved")
    assert solved_marks(page) == []


def test_your_seat_sits_at_the_bottom(page, server):
    open_problem(page, server, "six-hearts-lead-a-trump")  # B plays 6♥; the defence, C leads
    assert page.input_value("#solve-as") == "AC"

    def places():
        return page.evaluate("""() => Object.fromEntries(['A', 'B', 'C'].map(s => {
          const r = document.getElementById('seat-' + s).getBoundingClientRect(); return [s, [r.left, r.top]]; }))""")

    at = places()
    assert at["C"][1] > at["A"][1] and at["C"][1] > at["B"][1]  # C, who leads for the user, at the bottom
    assert at["A"][0] < at["B"][0]  # then clockwise: A on the left, B on the right
    trick = page.evaluate("document.querySelector('#slot-C').getBoundingClientRect().top > "
                          "document.querySelector('#slot-A').getBoundingClientRect().top")
    assert trick
    page.select_option("#solve-as", "B")
    settle(page)
    at = places()
    assert at["B"][1] > at["A"][1] and at["B"][1] > at["C"][1]


def test_one_hint_costs_the_tick(page, server):
    open_problem(page, server, "misere-ending-spade-seven")
    page.click("#hint")
    assert page.inner_text("#hint-text") == "Hint: the card that works is in ♠."
    play_mine(page, "7S")
    play_to_the_end(page)
    page.wait_for_selector("#result:not([hidden])")
    assert page.inner_text("#result .verdict-line").startswith("Solved with help:")
    back_to_the_index(page)
    assert solved_marks(page) == []
    open_problem(page, server, "misere-discard-keep-the-seven")  # the discard's hint
    page.click("#hint")
    assert page.inner_text("#hint-text") == "Hint: a discard that works is from ♣."


def test_raspasy_says_what_cost_means_and_the_end_says_the_tricks_taken(page, server):
    open_problem(page, server, "raspasy-ending-no-way-out")
    assert "the other two playing together against you" in page.inner_text("#cost-note")
    play_to_the_end(page)
    page.wait_for_selector("#result:not([hidden])")
    end = page.inner_text("#value .verdict")
    assert end.startswith("raspasy: A ") and end.endswith(", the tricks each took")
    assert "can be sure of" not in page.inner_text("#value")
    took = page.evaluate("pref.current().taken[0]")  # the solver's B and C each play for himself: A may take fewer
    assert took <= 1
    assert page.inner_text("#result .verdict-line") == \
        f"Solved: A took {took} trick{'' if took == 1 else 's'} (the answer: A 1 trick at most)."


def test_pref_board_name_opens_the_problem_to_solve(page, server):
    from preferans.cli.board.command import board_fragment
    from preferans.collection import path_of
    page.goto(server.url + board_fragment(path_of("kovalevskaya-misere")))
    settle(page)
    assert page.input_value("#solve-as") == "AC" and not page.is_visible("#value .verdict")
    assert page.inner_text("#task").startswith("Task: ")
    page.select_option("#solve-as", "")  # analysis on request
    wait_solved(page)
    assert page.inner_text("#value .verdict") == "misère by B caught: 1 trick"


@pytest.mark.parametrize("name, side", [("kapustins-combination", "B"), ("unearthly-layout", "BC"),
                                        ("cover-the-jack-in-trumps", "B"), ("overruff-with-the-queen", "A"),
                                        ("misere-first-hand-throws-the-ace", "A"), ("kovalevskaya-misere", "AC")])
def test_the_side_offered_first_is_the_one_the_problem_is_about(page, server, name, side):
    open_problem(page, server, name)
    assert page.input_value("#solve-as") == side


def test_problem_mode_hides_the_answer_marks_each_card_and_shows_the_solution(page, server):
    open_problem(page, server, "kovalevskaya-misere", "kovalevskaya")
    assert page.input_value("#solve-as") == "AC"  # the catchers: the side to move first
    assert not page.is_visible("#value .verdict") and not page.is_visible("#seat-A .value")
    for giveaway in ("caught", "Published answer", "Key:"):
        assert giveaway not in page.inner_text("body")
    # nor in the page's markup, hidden: no value, no best card, no answer
    assert page.query_selector_all(".value, .card.best, .giveaway, #value .verdict, #solution *") == []
    assert not page.is_visible("#solution") and not page.is_visible("#best") and page.is_disabled("#hints")
    play_mine(page, "JS")  # the known mistake: B escapes
    mark = page.inner_text("#moves li:nth-child(2) .mark")
    assert mark == "? cost 1 trick (♦10 ♦J ♦Q ♦K kept it)"
    assert page.evaluate("pref.toMove(pref.current().problem)") == "C"  # the solver answered for B
    assert "not best" not in page.inner_text("#value")
    page.click("#undo")  # back to the user's own turn before, past the solver's reply
    settle(page)
    assert moves_played(page) == []
    play_mine(page, "JS")
    page.check("#hide-hands")  # at the table: B's hand is not seen
    settle(page)
    page.click("#show-solution")
    solution = page.inner_text("#solution")
    assert "misère by B caught: 1 trick" in solution
    assert "Key: only ♦10, ♦J, ♦Q or ♦K catches it — equal cards\n4 of 10 first cards work: ♦10 ♦J ♦Q ♦K" in solution
    notes = load(KOVALEVSKAYA).notes.strip().splitlines()[0]
    assert notes in solution and "misère; catching · hard" in solution
    page.wait_for_selector("#seat-C .value", state="visible")  # and the values come back (the page redraws)


def test_problem_mode_played_well_to_the_end_is_solved(page, server):
    open_problem(page, server, "kovalevskaya-misere")
    page.select_option("#solve-as", "B")  # the declarer: escape if you can (you cannot)
    settle(page)
    play_to_the_end(page)
    marks = page.eval_on_selector_all("#moves .mark", "ms => ms.map(m => m.textContent)")
    assert marks == ["✓"] * 10
    page.wait_for_selector("#result:not([hidden])")
    assert page.inner_text("#result .verdict-line") == \
        "Solved: the misère is caught for one trick (the answer: caught for one trick)."
    assert "misère by B caught: 1 trick" in page.inner_text("#solution")
    assert load(KOVALEVSKAYA).notes.strip().splitlines()[0] in page.inner_text("#solution")
    back_to_the_index(page)
    assert solved_marks(page) == ["kovalevskaya-misere"]


def test_a_declarer_with_12_cards_discards_by_clicking_two_cards(page, server):
    open_problem(page, server, "misere-discard-keep-the-seven")
    assert page.input_value("#solve-as") == "B"
    assert page.inner_text("#discard-say").startswith("Choose the discard: click two cards of B")
    assert len(page.query_selector_all("#seat-B .card-button")) == 12 and page.is_disabled("#discard-done")
    page.click("#seat-B .card-button[data-card='QC']")
    page.click("#seat-B .card-button[data-card='JC']")
    assert page.inner_text("#discard-say").endswith("Chosen: ♣Q ♣J")
    page.click("#discard-done")
    settle(page)
    assert len(page.query_selector_all("#seat-B .card-button")) == 10
    assert page.inner_text("#moves li.start .mark") == "✓"
    assert page.eval_on_selector_all("#talon .card", "cs => cs.map(c => c.dataset.card)") == ["QC", "JC"]
    assert not page.is_visible("#value .verdict")
    assert "discard=QC,JC" in page.url  # a reload keeps the discard made
    page.reload()
    settle(page)
    assert page.is_hidden("#discard-bar") and page.inner_text("#moves li.start .mark") == "✓"


def test_only_the_hands_a_player_would_see(page, server):
    open_problem(page, server, "kovalevskaya-misere")  # the catchers: they see each other, not B
    page.check("#hide-hands")
    settle(page)
    faces = lambda seat: page.eval_on_selector_all(f"#seat-{seat} .card:not(.back)", "cs => cs.length")  # noqa: E731
    backs = lambda seat: page.eval_on_selector_all(f"#seat-{seat} .card.back", "cs => cs.length")  # noqa: E731
    # at the table they see his 12 cards, the talon with them, not the two he put aside (see below)
    assert (faces("A"), faces("B"), faces("C"), backs("B")) == (10, 12, 10, 0)
    page.select_option("#solve-as", "B")  # the declarer of a misère sees the catchers' open hands
    settle(page)
    assert (backs("A"), faces("B"), backs("C")) == (0, 10, 0) and faces("A") + faces("C") == 19  # A has led
    path = ROOT / "problems" / "raspasy-talon-heart-throw-the-club-jack.toml"
    page.goto("about:blank")
    page.goto(server.url + "#" + url_fragment(moves.problem_object(load(path))) + "&solve=A")
    settle(page)
    page.check("#hide-hands")
    settle(page)
    assert (faces("A"), backs("B"), backs("C")) == (10, 10, 10)
    open_problem(page, server, "misere-discard-keep-the-seven")  # the declarer's discard is his, unseen too
    page.select_option("#solve-as", "AC")
    page.check("#hide-hands")
    settle(page)
    assert page.eval_on_selector_all("#talon .card", "cs => cs.map(c => c.dataset.card || 'back')") == ["back", "back"]


def test_the_page_in_russian(page, server):
    open_board(page, kovalevskaya_url(server))
    page.select_option("#lang", "ru")
    page.wait_for_function("document.querySelector('#value .verdict').textContent.startsWith('мизер пойман')")
    out = CliRunner().invoke(pref, ["solve", "--lang", "ru", str(KOVALEVSKAYA)])
    lines = dict(line.split(": ", 1) for line in out.output.splitlines() if line.startswith(("Ответ: ", "Ключ: ")))
    assert page.inner_text("#value .verdict") == lines["Ответ"]  # pref solve --lang ru's words
    assert page.inner_text("#value .key .key-count") == lines["Ключ"]  # under the key as a player says it
    assert page.inner_text("#undo") == "↶ Назад" and page.inner_text("#index-open") == "Сборник"
    assert page.evaluate("document.documentElement.lang") == "ru"
    assert page.inner_text("#turn") == "A на ходу." and page.inner_text("#seat-A .taken") == "0 взяток"
    assert page.inner_text("#game-line").startswith("мизер, играет B")
    page.click("#setup-open")
    page.wait_for_selector("#setup[open]")
    assert page.input_value("#f-C") == "♠ТК ♣ДВ10 ♦Т ♥ТКД10"  # the set-up fields in the ranks chosen
    page.keyboard.press("Escape")
    page.select_option("#lang", "en")
    wait_solved(page)
    assert page.inner_text("#undo") == "↶ Undo"


def test_a_browser_that_refuses_storage_still_works(browser, server):
    context = browser.new_context(bypass_csp=True)
    context.add_init_script("Object.defineProperty(window, 'localStorage', {get() { throw new Error('denied'); }});")
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        open_problem(page, server, "kovalevskaya-misere")
        page.select_option("#lang", "ru")
        settle(page)
        play_mine(page, "10D")
        assert page.inner_text("#moves li:nth-child(2) .mark") == "✓"
        page.click("#index-open")  # the index without storage: nothing solved, nothing broken
        page.wait_for_selector(".index-open")
        assert page.inner_text("#index-count") == f"Решено: 0 из {len(list(PROBLEMS.glob('*.toml')))}"
    finally:
        context.close()
    assert not errors, errors


@pytest.mark.parametrize("name, said", [
    ("six-hearts-lead-a-trump", "Key: only ♥8 holds B to 3 tricks"),
    ("cover-the-jack-in-trumps", "Key: only ♦Q gives B 3 tricks"),
    ("raspasy-cash-the-singleton-jack", "Key: only ♠J keeps A to 1 trick"),
    ("misere-discard-keep-the-seven", "Key: nothing catches it: every card leaves B clean")])
def test_the_key_as_a_player_says_it(page, server, name, said):
    path = ROOT / "problems" / f"{name}.toml"
    open_board(page, server.url + "#" + url_fragment(moves.problem_object(load(path))))
    assert page.inner_text("#value .key").split("\n")[0] == said
    assert page.inner_text("#value .key .key-count") == moves.solve_object(moves.problem_object(load(path)))["key_text"]


def test_the_live_status_says_what_changed(page, server):
    open_board(page, kovalevskaya_url(server))
    assert page.inner_text("#live") == "A leads."
    assert page.get_attribute("#live", "aria-live") == "polite" and page.get_attribute("#value", "aria-live") is None
    play(page, "10D")
    assert page.inner_text("#live") == "A ♦10. B to play."


def test_raspasy_totals_say_each_is_against_the_other_two(page, server):
    path = ROOT / "problems" / "raspasy-cash-the-singleton-jack.toml"
    open_board(page, server.url + "#" + url_fragment(moves.problem_object(load(path))))
    note = page.inner_text("#value .raspasy-note")
    assert "the other two playing against that player" in note and "need not add up to the tricks left" in note
    page.select_option("#lang", "ru")
    page.wait_for_function("document.querySelector('#value .raspasy-note')?.textContent.includes('двое других')")
    open_board(page, kovalevskaya_url(server))  # a misère has no such note
    assert page.query_selector("#value .raspasy-note") is None


ENGLISH_LEFT = """() => {
  // every English string of the page: the script's table and index.html's own words
  const english = Object.values(pref.WORDS.en);
  for (const [attr, kept] of [["data-en", "en"], ["data-entitle", "entitle"], ["data-enplaceholder", "enplaceholder"]]) {
    document.querySelectorAll(`[${attr}]`).forEach((e) => english.push(e.dataset[kept]));
  }
  const fragments = english.flatMap((t) => t.replace(/<[^>]+>/g, " ").split(/\\{\\w+\\}/))
    .map((f) => f.trim()).filter((f) => /[a-z]{3}/i.test(f));
  // the problem's own words (its title, its source) are not the page's: left out
  const data = [document.getElementById("title").innerText, document.getElementById("game-line").innerText];
  const shown = [data.reduce((text, d) => text.replace(d, ""), document.body.innerText), pref.gameName(pref.board.start.game),
    ...[...document.querySelectorAll("[title]:not(#game-line)")].map((e) => e.title),
    ...[...document.querySelectorAll("[placeholder]")].map((e) => e.placeholder)].join("\\n");
  const missing = Object.keys(pref.WORDS.en).filter((k) => !pref.WORDS.ru[k]);
  document.querySelectorAll("[data-say]").forEach((e) => { if (!pref.WORDS.ru[e.dataset.say]) missing.push(e.dataset.say); });
  const escaped = (f) => f.replace(/[.*+?^${}()|[\\]\\\\]/g, "\\\\$&");
  return { missing, left: fragments.filter((f) => new RegExp(`(^|[^A-Za-z])${escaped(f)}([^A-Za-z]|$)`).test(shown)) };
}"""


def test_in_russian_no_english_of_the_pages_words_is_left(page, server):
    """Switched to Russian, no English string of the page's table of words is on the page:
    the legend, badge titles, a card that was not best, a 12-card discard's note, the key as a
    player says it, the set-up's labels, the buttons' titles."""
    open_board(page, kovalevskaya_url(server))
    page.select_option("#lang", "ru")
    page.wait_for_function("document.querySelector('#value .verdict').textContent.startsWith('мизер пойман')")
    assert page.inner_text("#value .key").split("\n")[0] == "Ключ: только ♦10, ♦В, ♦Д или ♦К ловит — карты равные"
    play(page, "JS")  # not best: the mistake line
    assert page.inner_text("#value .mistake") == "♠В (A) — не лучшая карта: у B 0 вместо 1."
    page.click("#setup-open")
    page.wait_for_selector("#setup[open]")
    found = page.evaluate(ENGLISH_LEFT)
    assert found == {"missing": [], "left": []}, found
    page.keyboard.press("Escape")
    path = ROOT / "problems" / "misere-discard-keep-the-seven.toml"  # the discard's note
    open_board(page, server.url + "#" + url_fragment(moves.problem_object(load(path))))
    assert "лучший снос решателя" in page.inner_text("#value .discard-note")
    found = page.evaluate(ENGLISH_LEFT)
    assert found == {"missing": [], "left": []}, found
    page.select_option("#lang", "en")  # and back
    wait_solved(page)
    assert "the solver's best discard" in page.inner_text("#value .discard-note")
    assert page.get_attribute("#undo", "title") == "Take back the last card (←)"


# -- the collection and problem mode in Russian, on a phone, by the keyboard -------------------------


def test_the_index_lists_the_collection_and_filters_it_in_both_languages(page, server):
    from preferans.collection import names
    page.goto(server.url)
    page.wait_for_selector(".index-open")
    shown = page.eval_on_selector_all(".index-open", "bs => bs.map(b => b.dataset.name)")
    assert sorted(shown) == names() and len(shown) >= 50
    page.fill("#index-filter", "misère hard")
    kept = page.eval_on_selector_all(".index-open", "bs => bs.map(b => b.dataset.name)")
    assert "kovalevskaya-misere" in kept and "six-hearts-lead-a-trump" not in kept and len(kept) < len(shown)
    assert "misère by B · misère; catching" in page.inner_text(".index-item:has([data-name='kovalevskaya-misere'])")
    page.fill("#index-filter", "мизер")  # Russian words find problems on the English page too
    misere = page.eval_on_selector_all(".index-open", "bs => bs.map(b => b.dataset.name)")
    assert misere and all(load(PROBLEMS / f"{n}.toml").kind == "misere" for n in misere)
    assert len(misere) == sum(load(PROBLEMS / f"{n}.toml").kind == "misere" for n in names())
    page.fill("#index-filter", "")
    page.select_option("#lang", "ru")  # the switch is on the index
    page.wait_for_function("document.querySelector('#index-heading').textContent === 'Сборник'")
    assert page.inner_text("#title") == "Доска преферанса" and page.title() == "Доска преферанса"
    assert page.inner_text(".index-open[data-name='kovalevskaya-misere']") == "Мизер Ковалевской"
    assert page.eval_on_selector_all(".index-group h3", "hs => hs.map(h => h.textContent)") == \
        ["Контракты", "Мизеры", "Распасы"]
    assert "мизер, играет B · мизер; ловля" in page.inner_text(".index-item:has([data-name='kovalevskaya-misere'])")
    assert page.inner_text("#index-count").startswith("Решено: 0 из ")
    found = page.evaluate(ENGLISH_LEFT.replace("pref.gameName(pref.board.start.game)", "''"))
    assert found == {"missing": [], "left": []}, found


def test_a_problem_in_russian_from_the_task_to_the_end(page, server):
    page.goto(server.url)
    page.wait_for_selector(".index-open")
    page.select_option("#lang", "ru")
    page.click(".index-open[data-name='kovalevskaya-misere']")
    settle(page)
    assert page.inner_text("#title") == "Мизер Ковалевской"
    assert page.inner_text("#task") == "Задача: B играет мизер, первым ходит A. Поймайте мизер."
    play_mine(page, "JS")  # the mistake: the mark in a player's words, and said in the live region
    mark = "? стоила 1 взятку (её сохраняли ♦10 ♦В ♦Д ♦К)"
    assert page.inner_text("#moves li:nth-child(2) .mark") == mark
    assert mark in page.inner_text("#last-mark")
    page.wait_for_function(f"document.querySelector('#live').textContent.includes({json.dumps(mark)}) || "
                           "document.querySelector('#live').textContent.includes('Ходит')")
    page.check("#hide-hands")  # at the table: B's hand is not seen
    settle(page)
    screenshot(page, "board-problem-mode.png")  # the README's picture
    play_to_the_end(page)
    page.wait_for_selector("#result:not([hidden])")
    assert page.inner_text("#result .verdict-line") == "Пока не решено: мизер чистый (по ответу: пойман на одну взятку)."
    solution = page.inner_text("#solution")
    assert "Мизер пойман на одну взятку." in solution and "мизер; ловля · трудная" in solution
    assert load(KOVALEVSKAYA).ru.notes.strip().splitlines()[0] in solution
    found = page.evaluate(ENGLISH_LEFT)
    assert found == {"missing": [], "left": []}, found
    page.uncheck("#hide-hands")  # the deal is over: nothing is seen that was not
    page.click("#try-again")
    settle(page)
    page.click("#hint")
    assert page.inner_text("#hint-text") == "Подсказка: годная карта — в ♦."
    page.check("#hide-hands")  # at the table, not begun: a new attempt, where no plan catches every discard
    settle(page)
    page.click("#hint")
    page.wait_for_function("document.querySelector('#hint-text').textContent.includes('угадывать')")
    assert page.inner_text("#hint-text") == "Подсказка: здесь нет плана, который ловит его при любом сносе: " \
                                            "придётся угадывать."
    open_problem(page, server, "misere-discard-keep-the-seven")  # the discard, in Russian
    assert page.inner_text("#discard-say").startswith("Выберите снос: щёлкните две карты B")
    found = page.evaluate(ENGLISH_LEFT)
    assert found == {"missing": [], "left": []}, found


def test_the_discard_key_is_redrawn_after_a_switch(page, server):
    path = PROBLEMS / "misere-discard-keep-the-seven.toml"
    open_board(page, server.url + "#" + url_fragment(moves.problem_object(load(path))))
    assert "(unique discard ♣J ♣Q)" in page.inner_text("#value .discard-note")
    page.select_option("#lang", "ru")
    page.wait_for_function("document.querySelector('#value .discard-note')?.textContent.includes('снос решателя')")
    note = page.inner_text("#value .discard-note")
    assert "(единственный снос ♣В ♣Д)" in note and "discard" not in note


def test_on_a_phone_a_problem_opens_at_the_table_and_the_last_mark_stays_in_view(page, server):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server.url)
    page.wait_for_selector(".index-open")
    last = page.eval_on_selector_all(".index-open", "bs => bs[bs.length - 1].dataset.name")
    page.eval_on_selector(f".index-open[data-name='{last}']", "b => b.scrollIntoView()")
    assert page.evaluate("window.scrollY") > 1000
    page.click(f".index-open[data-name='{last}']")
    settle(page)
    assert page.evaluate("window.scrollY") == 0
    assert page.is_visible("#task") and page.evaluate("document.querySelector('#table').getBoundingClientRect().top") < 300
    open_problem(page, server, "kovalevskaya-misere")
    page.eval_on_selector(".seat.moving", "e => e.scrollIntoView({block: 'center'})")
    play_mine(page, "JS")
    box = page.evaluate("(() => { const r = document.querySelector('#last-mark').getBoundingClientRect();"
                        " return [r.top, r.bottom, innerHeight]; })()")
    assert 0 <= box[0] and box[1] <= box[2], box
    assert "? cost 1 trick" in page.inner_text("#last-mark")


def contrast(a, b) -> float:
    def luminance(rgb):
        parts = [int(x) / 255 for x in rgb.replace("rgba(", "").replace("rgb(", "").rstrip(")").split(",")[:3]]
        lin = [p / 12.92 if p <= 0.03928 else ((p + 0.055) / 1.055) ** 2.4 for p in parts]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_the_keyboard_plays_a_problem_through(page, server):
    """The focus stays on the hand to play after each card, with a ring of 3:1 on the felt; the
    notes box scrolls by the keyboard; back in the collection, the problem's title is gone."""
    open_problem(page, server, "misere-ending-spade-seven")
    focused = "(() => { const e = document.activeElement; return e && e.closest('.seat.moving') ? e.dataset.card : null; })()"
    assert page.evaluate(focused) is not None  # on the hand to play, from the start
    for _ in range(2):
        page.keyboard.press("Tab")  # the next card of the hand
    assert page.evaluate(focused) is not None
    ring = page.evaluate("""(() => { const card = document.activeElement.querySelector('.card');
      const s = getComputedStyle(card); return [s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor]; })()""")
    assert ring[0] == "solid" and ring[1] >= 2
    for felt in ("rgb(31, 107, 69)", "rgb(24, 86, 56)"):  # --felt, --felt-dark
        assert contrast(ring[2], felt) >= 3, (ring[2], felt)
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    card = page.evaluate(focused)
    at = page.evaluate("pref.board.at")
    page.evaluate("""window.said = []; new MutationObserver(() => said.push(document.querySelector('#live').textContent))
      .observe(document.querySelector('#live'), {childList: true, characterData: true, subtree: true})""")
    page.keyboard.press("Enter")
    page.wait_for_function(f"pref.board.at > {at}")
    settle(page)
    assert page.evaluate("pref.board.states[1].card") == card
    assert page.evaluate(focused) is not None  # the focus is on the hand again, not on the page
    said = page.evaluate("said")
    assert said[0].startswith(f"A ♠{card[:-1]}: ") and ("✓" in said[0] or "? cost" in said[0]), said
    open_problem(page, server, "kovalevskaya-misere")
    page.click("#show-solution")
    notes = page.query_selector("#solution .notes")
    assert notes.get_attribute("tabindex") == "0"
    assert page.evaluate("(n => n.scrollHeight > n.clientHeight)(document.querySelector('#solution .notes'))")
    notes.focus()
    page.keyboard.press("PageDown")
    page.wait_for_function("document.querySelector('#solution .notes').scrollTop > 0")
    back_to_the_index(page)
    assert page.inner_text("#title") == "Preferans board" and page.inner_text("#game-line") == ""
    assert page.is_hidden("#task") and page.title() == "Preferans board"


# -- at the table: the catchers who do not see his discard ----------------------------------------

HOLE_AT_THE_TABLE = """
[deal]
A = "♠J ♣9 ♦Q10 ♥J"
B = "♠K10 ♦97 ♥A"
C = "♣J10 ♦A ♥109"
discard = "♥7 ♠A"

[game]
kind = "misere"
declarer = "C"
leader = "A"
"""
"""A misère ending caught at the table: one plan (♣9 first) catches every one of the 21 discards of
C's seven cards; ♥J, the best card against his real discard double dummy, does not catch every one
(found by a search of random endings, checked below against pref solve)."""

OPEN_WHIST = """
[deal]
A = "♠QJ ♣QJ9"
B = "♠A10 ♦9 ♥K8"
C = "♠8 ♣AK ♦A ♥10"
discard = "♥Q ♠7"

[game]
kind = "contract"
contract = "6S"
declarer = "C"
leader = "A"
whist = "open"
"""
"""A contract ending played with open whist: at the table one defence holds C to one trick of the
five (a club first), though double dummy his real discard gives him none; ♠J or ♠Q gives him one
more at the table."""


def at_the_table(page, url):
    """Open ``url`` and wait until the board has settled and every mark at the table is in."""
    if page.url.split("#")[0] == url.split("#")[0]:
        page.goto("about:blank")
    page.goto(url)
    settle(page)
    marks_in(page)


def marks_in(page):
    page.wait_for_function("!document.querySelector('.mark.thinking')")


def written(tmp_path, name, text) -> tuple[Path, dict]:
    from preferans.problemfile import loads_toml
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path, moves.problem_object(loads_toml(text, path.name))


def shown(cards) -> str:
    """Cards as the page writes a discard: ``♣J ♦8`` (suits ♠♣♦♥, each high first)."""
    from preferans.cards import cards_of, mask_of
    from preferans.cli.style import Style
    from preferans.notation import parse_cards
    return Style("en", False).cards(cards_of(mask_of(parse_cards(" ".join(cards)))))


def play_at_the_table(page, card):
    play_mine(page, card)
    marks_in(page)


def test_at_the_table_the_declarers_hand_is_his_twelve_cards_the_discard_unknown(page, server):
    """The catchers with "Only the hands I would see" see B's ten cards and the talon as one hand of
    twelve, nothing telling which two he put aside; the talon lies shown and taken, his discard face
    down; the task says so; the address keeps the view and no discard."""
    open_problem(page, server, "kovalevskaya-misere")
    page.check("#hide-hands")
    settle(page)
    data = moves.problem_object(load(KOVALEVSKAYA))
    from preferans.notation import parse_card_list
    from preferans.cards import ascii_name
    twelve = {ascii_name(c) for c in parse_card_list(data["deal"]["B"])} | set(data["deal"]["talon"].split())
    cards = page.eval_on_selector_all("#seat-B .card-button", "bs => bs.map(b => b.dataset.card)")
    assert set(cards) == twelve and len(cards) == 12
    # each of the twelve drawn alike: the markup differs only by the card's own name, title and colour
    looks = page.eval_on_selector_all("#seat-B .card-button", """bs => bs.map(b => b.outerHTML
      .replaceAll(b.dataset.card, 'X').replace(/>[^<]*</g, '><').replace(/ title="[^"]*"/g, '')
      .replace(/\\b(red|black)\\b/g, ''))""")
    assert len(set(looks)) == 1 and page.eval_on_selector_all("#seat-B .card-button", "bs => bs.every(b => b.disabled)")
    assert page.inner_text("#seat-B .unseen-note") == "two of these he put aside, unseen"
    assert page.eval_on_selector_all("#talon .card", "cs => cs.map(c => c.dataset.card || 'back')") == \
        ["KC", "AC", "back", "back"]
    assert "shown, then taken" in page.inner_text("#talon")
    assert page.inner_text("#task").endswith("At the table you see his 12 cards, his discard among them, but not "
                                             "which two he put aside.")
    fragment = page.url.split("#", 1)[1]
    assert "hide=1" in fragment and "discard=" not in fragment
    for giveaway in ("caught", "escapes", "Published answer", "Key:", "At the table:"):
        assert giveaway not in page.inner_text("body")
    page.select_option("#lang", "ru")
    settle(page)
    assert page.inner_text("#seat-B .unseen-note") == "две из этих карт он снёс, их не видно"
    assert "открыт, затем взят" in page.inner_text("#talon")
    found = page.evaluate(ENGLISH_LEFT)
    assert found == {"missing": [], "left": []}, found
    page.select_option("#lang", "en")
    settle(page)


def test_at_the_table_the_solvers_declarer_plays_a_discard_no_plan_covers(page, server):
    """De Gaulle's misère: caught double dummy with his real discard (the talon ♠10 ♥A), but with ♠9
    ♠8 out he escapes even double dummy, the one discard pref solve's answer at the table names: the
    board's declarer made that one. The cards he surely put aside (he showed out of their suit) are
    faded, never another; the end shows his discard and both answers."""
    name = "de-gaulle-misere"
    table = pref_solve_json(PROBLEMS / f"{name}.toml")["table"]
    assert table["caught"] is False and table["uncovered"] == [["8S", "9S"]]
    open_problem(page, server, name)
    page.check("#hide-hands")
    settle(page)
    assert page.evaluate("pref.board.table.world") == ["8S", "9S"]
    faded = set()
    for _ in range(40):
        if page.evaluate("pref.current().over"):
            break
        play_at_the_table(page, best_now(page))
        out = set(page.eval_on_selector_all("#seat-B .card.out", "cs => cs.map(c => c.dataset.card)"))
        assert out <= {"8S", "9S"}, out
        faded |= out
    assert faded == {"8S", "9S"}
    page.wait_for_selector("#result:not([hidden])")
    assert "discard: ♠9 ♠8" in page.inner_text("#deal-again")
    verdicts = page.eval_on_selector_all("#verdicts .verdict-line", "ls => ls.map(l => l.textContent)")
    assert verdicts == ["Solved: the misère is clean (the answer knowing his discard ♠9 ♠8: clean).",
                        "At the table: no sure catch — with the discard ♠9 ♠8 he escapes even double dummy."]
    solution = page.inner_text("#solution")
    assert "The board's declarer put aside ♠9 ♠8." in solution
    assert "misère by B caught: 1 trick" in solution  # the problem's own answer, with his real discard
    page.reload()  # the same discard again, from the deal as dealt
    settle(page)
    assert page.evaluate("pref.board.table.world") == ["8S", "9S"] and page.evaluate("pref.current().over")


def test_each_card_at_the_table_is_judged_against_every_discard(page, server, tmp_path):
    """An ending caught at the table: pref solve's key there is ♣9 alone. ♥J, the best card double
    dummy (✓ with his hand seen), is marked at the table with the discards it lets escape, those pref
    solve names after it; ♣9 is ✓ there; the hint names its suit."""
    path, data = written(tmp_path, "hole", HOLE_AT_THE_TABLE)
    start = pref_solve_json(path)
    assert start["table"]["caught"] is True and start["table"]["key"] == ["9C"] and start["table"]["worlds"] == 21
    values = start["card_values"]
    assert values["JH"] == max(values.values()) > values["9C"] >= 1  # ♥J the best double dummy, both catch
    after_path, _ = written(tmp_path, "after", HOLE_AT_THE_TABLE.replace('leader = "A"', 'leader = "A"\ntrick = "JH"')
                            .replace('A = "♠J ♣9 ♦Q10 ♥J"', 'A = "♠J ♣9 ♦Q10"'))
    after = pref_solve_json(after_path)["table"]
    assert after["caught"] is False and after["uncovered"]
    url = server.url + "#" + url_fragment(data) + "&solve=AB"
    at_the_table(page, url)  # double dummy: his hand seen
    play_at_the_table(page, "JH")
    assert page.inner_text("#moves li:nth-child(2) .mark") == "✓"
    at_the_table(page, url + "&hide=1")
    assert sorted(page.evaluate("pref.board.table.world")) == ["7H", "AS"]  # caught at the table: his real discard
    page.click("#hint")
    page.wait_for_function("document.querySelector('#hint-text').textContent !== ''")
    assert page.inner_text("#hint-text") == "Hint: the card that works is in ♣."
    at_the_table(page, url + "&hide=1")
    play_at_the_table(page, "JH")
    mark = page.inner_text("#moves li:nth-child(2) .mark")
    discards = [shown(w) for w in after["uncovered"]]
    if len(discards) == 1:
        assert mark == f"? lets him escape with {discards[0]} out"
    else:
        assert mark.startswith("? lets him escape: no plan now catches ") and all(d in mark for d in discards)
    assert mark in page.inner_text("#last-mark")
    at_the_table(page, url + "&hide=1")
    play_at_the_table(page, "9C")
    assert page.inner_text("#moves li:nth-child(2) .mark") == "✓"
    page.select_option("#lang", "ru")
    settle(page)
    assert page.get_attribute("#moves li:nth-child(2) .mark", "title") == "один план по-прежнему ловит его при любом сносе"


def test_the_end_at_the_table_says_both_answers_in_both_languages(page, server):
    """Kovalevskaya's misère at the table, played to the end: the verdict knowing the discard he made
    and the one at the table; the solution with pref solve's answer and its line at the table (the
    two discards no plan covers and his chance of one in two), in English and in Russian."""
    open_problem(page, server, "kovalevskaya-misere")
    page.check("#hide-hands")
    settle(page)
    play_to_the_end(page)
    marks_in(page)
    page.wait_for_selector("#result:not([hidden])")
    verdicts = page.eval_on_selector_all("#verdicts .verdict-line", "ls => ls.map(l => l.textContent)")
    assert len(verdicts) == 2 and verdicts[0].startswith("Solved: the misère is caught for ")
    assert "(the answer knowing his discard ♣A ♣K: caught for one trick)." in verdicts[0]
    assert verdicts[1] == "At the table: no sure catch — no single plan catches him whichever discard he made; " \
                          "choosing among 2 of them at random, his chance to escape is at least 1 in 2."
    for lang, answer, at_table in (("en", "Answer: ", "At the table: "), ("ru", "Ответ: ", "За столом: ")):
        page.select_option("#lang", lang)
        settle(page)
        out = CliRunner().invoke(pref, ["solve", "--lang", lang, str(KOVALEVSKAYA)]).output.splitlines()
        solution = page.inner_text("#solution")
        for start in (answer, at_table):
            line = next(line for line in out if line.startswith(start))
            said = line[len(answer):] if start == answer else line
            assert said in solution, (lang, said)
        assert ("2 at random, his chance to escape is at least 1 in 2" if lang == "en" else
                "с вероятностью не меньше 1/2") in solution
    verdicts = page.eval_on_selector_all("#verdicts .verdict-line", "ls => ls.map(l => l.textContent)")
    assert verdicts[1].startswith("За столом: наверняка не поймать — нет плана, который ловит его при любом сносе")
    found = page.evaluate(ENGLISH_LEFT)
    assert found == {"missing": [], "left": []}, found
    page.select_option("#lang", "en")
    settle(page)
    back_to_the_index(page)
    assert solved_marks(page) == ["kovalevskaya-misere"]  # caught, as knowing his discard; no guess judged


def test_a_mark_at_the_table_says_it_is_thinking_and_a_refusal_does_not_hang(page, server, tmp_path):
    """The search at the table may take a second: the mark shows "…" until its answer comes, the
    play goes on meanwhile; a refused request is one line on the page, and the board still plays."""
    path, data = written(tmp_path, "hole", HOLE_AT_THE_TABLE)
    url = server.url + "#" + url_fragment(data) + "&solve=AB&hide=1"
    at_the_table(page, url)
    held = []
    page.route("**/api/table", lambda route: held.append(route))
    page.click(".seat.moving .card-button[data-card='9C']")
    page.wait_for_selector("#last-mark .mark.thinking")
    assert page.get_attribute("#last-mark .mark.thinking", "title").startswith("judging the card")
    settle(page)
    partner = page.eval_on_selector_all(".seat.moving .card-button:enabled", "bs => bs.map(b => b.dataset.card)")[0]
    play_mine(page, partner)  # the play goes on while the mark waits: B's card, the solver's declarer's reply
    assert page.evaluate("pref.board.at") >= 3 and page.is_visible("#moves .mark.thinking")
    for route in held:
        route.continue_()
    page.unroute("**/api/table")
    marks_in(page)
    assert page.inner_text("#moves li:nth-child(2) .mark") == "✓"
    page.route("**/api/table", lambda route: route.fulfill(status=400, content_type="application/json",
                                                          body=json.dumps({"error": "cards: refused here", "field": "cards"})))
    card = page.eval_on_selector_all(".seat.moving .card-button:enabled", "bs => bs.map(b => b.dataset.card)")[0]
    play_mine(page, card)
    page.wait_for_function("document.querySelector('#error').textContent === 'cards: refused here'")
    assert page.is_visible("#error")
    page.unroute("**/api/table")
    if not page.evaluate("pref.current().over"):
        assert page.eval_on_selector_all(".seat.moving .card-button:enabled", "bs => bs.length") > 0


def test_an_open_whist_contract_at_the_table(page, server, tmp_path):
    """A contract with open whist: the defenders see C's seven cards; a spade first gives him a trick
    more at the table (though double dummy his real discard makes nothing of it), a club is ✓; the end
    says the answer at the table beside pref solve's."""
    path, data = written(tmp_path, "open-whist", OPEN_WHIST)
    table = pref_solve_json(path)["table"]
    assert table["tricks"] == 1 and table["dd_tricks"] == 0 and "9C" in table["key"] and "JS" not in table["key"]
    url = server.url + "#" + url_fragment(data) + "&solve=AB&hide=1"
    at_the_table(page, url)
    assert len(page.query_selector_all("#seat-C .card-button")) == 7
    play_at_the_table(page, "JS")
    assert page.inner_text("#moves li:nth-child(2) .mark") == "? gives him 1 trick more at the table"
    at_the_table(page, url)
    play_at_the_table(page, "9C")
    assert page.inner_text("#moves li:nth-child(2) .mark") == "✓"
    play_to_the_end(page)
    marks_in(page)
    page.wait_for_selector("#result:not([hidden])")
    verdicts = page.eval_on_selector_all("#verdicts .verdict-line", "ls => ls.map(l => l.textContent)")
    assert verdicts[1].startswith("At the table: ") and "one defence holds him to 1 trick whichever discard he made" \
        in verdicts[1]
    line = next(line for line in CliRunner().invoke(pref, ["solve", str(path)]).output.splitlines()
                if line.startswith("At the table (open whist): "))
    assert line in page.inner_text("#solution")
