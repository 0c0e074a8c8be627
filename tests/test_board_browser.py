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

from cli.board import moves
from cli.board.command import url_fragment
from cli.main import pref
from solver.problemfile import load

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
    from solver.problemfile import dumps
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
    page.click("text=Clear")
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
    from solver.problemfile import loads_toml
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
    from solver.problemfile import loads_toml
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
    declarer = page.evaluate("board.start.game.declarer")
    held = page.evaluate(f"board.setup['{declarer}']")  # the 12 cards, none discarded yet
    page.click(f"#deck .card-button:has([data-card='{held[0]}'])")
    page.click(f"#deck .card-button:has([data-card='{held[1]}'])")
    page.click("#setup-done")
    page.wait_for_selector("#setup", state="hidden")
    wait_solved(page)
    assert page.evaluate("[board.start.source, board.start.theme]") == [problem.source, problem.theme]
    assert problem.source in page.inner_text("#game-line")


def test_a_reopened_mid_play_file_at_its_start_is_not_after_0_cards(page, server, tmp_path):
    from dataclasses import replace
    from solver.problemfile import dumps
    path = tmp_path / "played.toml"
    path.write_text(dumps(replace(load(KOVALEVSKAYA), title="K (after 4 cards)", played=("10D 7D AD",), trick="10H",
                                  expect=None, key=None)), encoding="utf-8")
    open_board(page, server.url + "#" + url_fragment(moves.problem_object(load(path))))
    assert page.evaluate("problemAt(0).title") == "K"
    assert page.evaluate("problemAt(2).title") == "K (after 2 cards)"


# -- the collection and problem mode -------------------------------------------------------


def open_from_index(page, server, name, filter_text=""):
    page.goto(server.url)
    page.wait_for_selector(".index-open")
    if filter_text:
        page.fill("#index-filter", filter_text)
    page.click(f".index-open[data-name='{name}']")
    wait_solved(page)


def test_the_index_lists_the_collection_and_filters_it(page, server):
    from solver.collection import names
    page.goto(server.url)
    page.wait_for_selector(".index-open")
    shown = page.eval_on_selector_all(".index-open", "bs => bs.map(b => b.dataset.name)")
    assert shown == names() and len(shown) >= 50
    page.fill("#index-filter", "misère hard")
    kept = page.eval_on_selector_all(".index-open", "bs => bs.map(b => b.dataset.name)")
    assert "kovalevskaya-misere" in kept and "six-hearts-lead-a-trump" not in kept and len(kept) < len(shown)
    assert "misère by B · misère; catching · hard" in page.inner_text(".index-item:has([data-name='kovalevskaya-misere'])")


def test_problem_mode_hides_the_answer_marks_each_card_and_shows_the_solution(page, server):
    open_from_index(page, server, "kovalevskaya-misere", "kovalevskaya")
    assert page.input_value("#solve-as") == "AC"  # the catchers: the side to move first
    assert not page.is_visible("#value .verdict") and not page.is_visible("#seat-A .value")
    for giveaway in ("caught", "Published answer", "Key:"):
        assert giveaway not in page.inner_text("#value")
    assert not page.is_visible("#solution") and not page.is_visible("#best") and page.is_disabled("#hints")
    play(page, "JS")  # the known mistake: B escapes
    mark = page.inner_text("#moves li:nth-child(2) .mark")
    assert mark == "? cost 1 (♦10 ♦J ♦Q ♦K kept it)"
    # the solver answers for B, the declarer; then C is the user's again
    page.wait_for_function("document.querySelectorAll('#moves .move .card').length === 2")
    wait_solved(page)
    assert page.evaluate("toMove(current().problem)") == "C"
    assert "not best" not in page.inner_text("#value")
    page.click("#undo")  # back to the user's own turn before, past the solver's reply
    wait_solved(page)
    assert moves_played(page) == []
    play(page, "JS")
    page.wait_for_function("document.querySelectorAll('#moves .move .card').length === 2")
    wait_solved(page)
    page.check("#hide-hands")  # at the table: B's hand is not seen
    wait_solved(page)
    page.click("#show-solution")
    solution = page.inner_text("#solution")
    assert "misère by B caught: 1 trick" in solution
    assert "Key: only ♦10, ♦J, ♦Q or ♦K catches it — equal cards\n4 of 10 first cards work: ♦10 ♦J ♦Q ♦K" in solution
    notes = load(KOVALEVSKAYA).notes.strip().splitlines()[0]
    assert notes in solution and "misère; catching · hard" in solution
    page.wait_for_selector("#seat-C .value", state="visible")  # and the values come back (the page redraws)
    screenshot(page, "board-problem-mode.png")  # the README's picture


def test_problem_mode_played_well_to_the_end_is_solved(page, server):
    open_from_index(page, server, "kovalevskaya-misere")
    page.select_option("#solve-as", "B")  # the declarer: escape if you can (you cannot)
    for _ in range(40):
        if page.inner_text("#turn") == "The deal is over.":
            break
        page.wait_for_function("document.querySelector('.seat.moving') === null || "
                               "document.querySelector('.seat.moving').id === 'seat-B'")
        if page.inner_text("#turn") == "The deal is over.":
            break
        wait_solved(page)
        best = page.eval_on_selector("#seat-B .value.best", "b => b.parentElement.dataset.card")
        play(page, best)
    marks = page.eval_on_selector_all("#moves .mark", "ms => ms.map(m => m.textContent)")
    assert marks == ["✓"] * 10
    assert "misère by B caught: 1 trick" in page.inner_text("#solution")
    assert load(KOVALEVSKAYA).notes.strip().splitlines()[0] in page.inner_text("#solution")
    page.click("#index-open")
    page.wait_for_selector(".index-open")
    assert page.inner_text(".index-item:has([data-name='kovalevskaya-misere']) .solved-mark").strip() == "✓"


def test_a_declarer_with_12_cards_chooses_his_discard_first(page, server):
    open_from_index(page, server, "misere-discard-keep-the-seven")
    page.wait_for_selector("#setup[open]")
    assert "Choose the discard" in page.inner_text("#setup-error")
    page.click("#deck .card-button:has([data-card='QS'])")
    page.click("#deck .card-button:has([data-card='9S'])")
    page.click("#setup-done")
    page.wait_for_selector("#setup", state="hidden")
    wait_solved(page)
    assert page.input_value("#solve-as") == "B"
    assert page.inner_text("#moves li.start .mark") == "? cost 2 (♣J ♣Q kept it)"
    assert not page.is_visible("#value .verdict")


def test_only_the_hands_a_player_would_see(page, server):
    open_from_index(page, server, "kovalevskaya-misere")  # the catchers: they see each other, not B
    page.check("#hide-hands")
    wait_solved(page)
    faces = lambda seat: page.eval_on_selector_all(f"#seat-{seat} .card:not(.back)", "cs => cs.length")  # noqa: E731
    backs = lambda seat: page.eval_on_selector_all(f"#seat-{seat} .card.back", "cs => cs.length")  # noqa: E731
    assert (faces("A"), faces("B"), faces("C"), backs("B")) == (10, 0, 10, 10)
    page.select_option("#solve-as", "B")  # the declarer of a misère sees the catchers' open hands
    wait_solved(page)
    assert (faces("A"), faces("B"), faces("C")) == (10, 10, 10)
    path = ROOT / "problems" / "raspasy-talon-heart-throw-the-club-jack.toml"
    open_board(page, server.url + "#" + url_fragment(moves.problem_object(load(path))) + "&solve=A")
    page.check("#hide-hands")
    wait_solved(page)
    assert (faces("A"), backs("B"), backs("C")) == (10, 10, 10)


def test_the_page_in_russian(page, server):
    open_board(page, kovalevskaya_url(server))
    page.select_option("#lang", "ru")
    page.wait_for_function("document.querySelector('#value .verdict').textContent.startsWith('ловленный')")
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
        open_from_index(page, server, "kovalevskaya-misere")
        page.select_option("#lang", "ru")
        play(page, "10D")
        assert page.inner_text("#moves li:nth-child(2) .mark") == "✓"
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
  const english = Object.values(WORDS.en);
  for (const [attr, kept] of [["data-en", "en"], ["data-entitle", "entitle"], ["data-enplaceholder", "enplaceholder"]]) {
    document.querySelectorAll(`[${attr}]`).forEach((e) => english.push(e.dataset[kept]));
  }
  const fragments = english.flatMap((t) => t.replace(/<[^>]+>/g, " ").split(/\\{\\w+\\}/))
    .map((f) => f.trim()).filter((f) => /[a-z]{3}/i.test(f));
  // the problem's own words (its title, its source) are not the page's: left out
  const data = [document.getElementById("title").innerText, document.getElementById("game-line").innerText];
  const shown = [data.reduce((text, d) => text.replace(d, ""), document.body.innerText), gameName(board.start.game),
    ...[...document.querySelectorAll("[title]:not(#game-line)")].map((e) => e.title),
    ...[...document.querySelectorAll("[placeholder]")].map((e) => e.placeholder)].join("\\n");
  const missing = Object.keys(WORDS.en).filter((k) => !WORDS.ru[k]);
  document.querySelectorAll("[data-say]").forEach((e) => { if (!WORDS.ru[e.dataset.say]) missing.push(e.dataset.say); });
  const escaped = (f) => f.replace(/[.*+?^${}()|[\\]\\\\]/g, "\\\\$&");
  return { missing, left: fragments.filter((f) => new RegExp(`(^|[^A-Za-z])${escaped(f)}([^A-Za-z]|$)`).test(shown)) };
}"""


def test_in_russian_no_english_of_the_pages_words_is_left(page, server):
    """Switched to Russian, no English string of the page's table of words is on the page:
    the legend, badge titles, a card that was not best, a 12-card discard's note, the key as a
    player says it, the set-up's labels, the buttons' titles."""
    open_board(page, kovalevskaya_url(server))
    page.select_option("#lang", "ru")
    page.wait_for_function("document.querySelector('#value .verdict').textContent.startsWith('ловленный')")
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
