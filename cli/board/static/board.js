// The preferans analysis board, the page's entry: the wiring of its controls and its start.
// The page keeps the history; the server (pref board) checks, plays and solves. ES modules,
// no build step: each module imports what it uses (index.html loads this one).

import { problemFromAddress } from "./address.js";
import { wantsTable } from "./attable.js";
import { userPlays } from "./autoplay.js";
import { dotCards, handText, SEATS } from "./cards.js";
import { clearSolved, drawIndex, nextProblem, openCollection, showIndex } from "./collection.js";
import { $ } from "./dom.js";
import { openFile, save } from "./files.js";
import { gameName } from "./game.js";
import { begin, current, goTo, playCards, problemAt, toMove, undo } from "./history.js";
import { discardDone, fillSolveAs, giveHint, hiding, replay, solveAs } from "./problem.js";
import { render } from "./render.js";
import { api, solveOf } from "./server.js";
import { clearFieldErrors, closeSetup, drawDeck, FIELDS, fieldTyped, openSetup, randomDeal,
  setupDone, setupKind } from "./setup.js";
import { board } from "./state.js";
import { store } from "./storage.js";
import { sayAll, WORDS } from "./words.js";

function wire() {
  $("undo").addEventListener("click", () => { board.autoArmed = false; undo(); });
  $("redo").addEventListener("click", () => { board.autoArmed = false; goTo(board.at + 1); });
  // The result the board already shows (problemAt, not the bare position: one solve, not two).
  $("best").addEventListener("click", async () => {
    if (hiding()) return;  // problem mode: no best card until the attempt is over (b too)
    const r = await solveOf(problemAt(board.at));
    userPlays(r.line[0]);
  });
  $("line").addEventListener("click", async () => {
    if (hiding()) return;
    board.autoArmed = false;
    const r = await solveOf(problemAt(board.at));
    playCards(r.line);
  });
  $("hints").addEventListener("change", () => document.body.classList.toggle("no-hints", !$("hints").checked));
  $("lang").addEventListener("change", async () => {
    board.lang = $("lang").value;
    store.set("pref-lang", board.lang);
    sayAll();
    if (!$("index").hidden) drawIndex();
    else if (board.start) {
      fillSolveAs();
      const last = board.states.length - 1;  // a deal played out: its last card's answer in the new language
      if (board.states[last].over) await replay(board.states.slice(1).map((s) => s.card), board.at);
      if (board.hint) giveHint();  // said again in the new language
      else render();
    }
  });
  $("solve-as").addEventListener("change", () => solveAs($("solve-as").value.split("").filter(Boolean)));
  $("hide-hands").addEventListener("change", hideHandsChanged);
  $("show-solution").addEventListener("click", () => { board.revealed = true; render(); });
  $("hint").addEventListener("click", giveHint);
  $("discard-done").addEventListener("click", discardDone);
  $("try-again").addEventListener("click", () => solveAs(board.solving));
  $("next-problem").addEventListener("click", nextProblem);
  $("index-open").addEventListener("click", showIndex);
  $("index-setup").addEventListener("click", () => openSetup());
  $("index-filter").addEventListener("input", drawIndex);
  $("index-unsolved").addEventListener("change", drawIndex);
  $("index-clear").addEventListener("click", clearSolved);
  $("seat").addEventListener("change", () => { board.autoArmed = !!$("seat").value; render(); });
  $("save-json").addEventListener("click", () => save("json"));
  $("save-toml").addEventListener("click", () => save("toml"));
  $("open-file").addEventListener("change", (e) => {
    if (e.target.files[0]) openFile(e.target.files[0]);
    e.target.value = "";
  });
  $("setup-open").addEventListener("click", () => openSetup());
  $("setup-cancel").addEventListener("click", () => { if (board.start || !$("index").hidden) closeSetup(); });
  // Escape closes the set-up, unless there is no board behind it to go back to
  $("setup").addEventListener("cancel", (e) => { if (!board.start && $("index").hidden) e.preventDefault(); });
  $("setup").addEventListener("close", () => { board.choosingDiscard = false; });
  $("setup-clear").addEventListener("click", () => {
    for (const f of FIELDS) board.setup[f] = [];
    clearFieldErrors();
    drawDeck();
  });
  $("setup-random").addEventListener("click", randomDeal);
  $("setup-form").addEventListener("submit", setupDone);
  $("f-kind").addEventListener("change", setupKind);
  for (const f of FIELDS) {
    $("f-" + f).addEventListener("change", () => fieldTyped(f));
    $("f-" + f).addEventListener("focus", () => { document.querySelector(`input[name=target][value="${f}"]`).checked = true; });
  }
  document.addEventListener("keydown", (e) => {
    if ($("setup").open || e.target.matches("input, select, textarea")) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;  // the browser's shortcuts (Ctrl+B) are not moves
    if (e.key === "ArrowLeft") { board.autoArmed = false; undo(); }
    if (e.key === "ArrowRight") { board.autoArmed = false; goTo(board.at + 1); }
    if (e.key === "b" && !hiding()) $("best").click();
  });
  window.addEventListener("hashchange", () => {
    beginFromAddress();  // typed or pasted: replaceState fires no event
  });
}

// "Only the hands I would see": an attempt not begun starts again (at the table or not: the
// defenders then do not see his discard, and the solver's declarer chooses it); one under way at the
// table that shows his hand has seen the discard, which is help.
function hideHandsChanged() {
  const begun = board.at !== board.openedAt || board.states.length > board.openedAt + 1;
  if (board.solving && !board.finished && !board.discarding && !begun && wantsTable() !== !!board.table) {
    solveAs(board.solving);
    return;
  }
  if (board.table && !$("hide-hands").checked && !board.finished) board.helped = true;
  render();
}

// A link is read by the server like a problem file, so a mistyped card is named, not dropped.
async function beginFromAddress() {
  const wanted = problemFromAddress(location.hash);
  if (!wanted) return false;
  if (wanted.id) {
    await openCollection(wanted.id, wanted);
    return true;
  }
  try {
    const { problem } = await api("open", { name: "link.json", text: JSON.stringify(wanted.problem) });
    if (!await begin(problem, [], null, { opened: wanted.opened, draw: false })) return true;
    await solveAs(wanted.solving || null, wanted);
  } catch (e) {
    const lenient = { ...wanted.problem, deal: { ...wanted.problem.deal } };
    for (const s of SEATS) lenient.deal[s] = handText(dotCards(wanted.problem.deal[s]));
    openSetup(lenient, e);
  }
  return true;
}

async function main() {
  board.lang = store.get("pref-lang", "en") === "ru" ? "ru" : "en";
  $("lang").value = board.lang;
  sayAll();
  wire();
  if (!await beginFromAddress()) await showIndex();
  document.body.classList.add("ready");
}

// The page's state and the few functions that read it, for the browser's console and the tests
// (modules keep their names to themselves).
window.pref = { board, current, gameName, problemAt, solveOf, toMove, WORDS };

main();
