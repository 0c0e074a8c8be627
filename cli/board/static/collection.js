// The collection's index: the problems that ship with pref, grouped by game and difficulty, each
// under a title that does not give it away, ✓ on those solved in this browser; a filter that reads
// both languages, "Unsolved only", and a way to clear the ✓s.

import { $, el } from "./dom.js";
import { begin } from "./history.js";
import { focusHand, problemSide, solveAs } from "./problem.js";
import { showError } from "./render.js";
import { api } from "./server.js";
import { board } from "./state.js";
import { store } from "./storage.js";
import { say } from "./words.js";

const KINDS = ["contract", "misere", "raspasy"];
const DIFFICULTY_ORDER = ["easy", "medium", "hard"];

const solvedIds = () => store.get("pref-solved", {});

// The index's problems in the order shown: by game, then difficulty, then name.
function indexOrder(problems) {
  const rank = (list, value) => (list.includes(value) ? list.indexOf(value) : list.length);
  return [...problems].sort((a, b) => rank(KINDS, a.kind) - rank(KINDS, b.kind)
    || rank(DIFFICULTY_ORDER, a.difficulty) - rank(DIFFICULTY_ORDER, b.difficulty) || a.name.localeCompare(b.name));
}

async function loadIndex() {
  if (!board.index.length) board.index = (await api("index", {})).problems;
  return board.index;
}

export async function showIndex() {
  clearTimeout(board.autoTimer);
  board.generation += 1;  // a drawing under way is not finished over the index
  try {
    await loadIndex();
  } catch (e) {
    showError(e.message);
  }
  board.start = null;  // the header is the collection's again (drawIndex writes it)
  board.solving = null;
  board.id = "";
  $("game-line").textContent = "";
  $("task").hidden = true;
  $("layout").hidden = true;
  $("index").hidden = false;
  history.replaceState(null, "", location.pathname);
  drawIndex();
  window.scrollTo(0, 0);
}

export function drawIndex() {
  $("title").textContent = document.title = say("board name");
  const list = $("index-list");
  list.replaceChildren();
  const done = solvedIds();
  const words = $("index-filter").value.toLowerCase().split(/\s+/).filter(Boolean);
  const unsolvedOnly = $("index-unsolved").checked;
  const ids = new Set(board.index.map((p) => p.id));
  const solved = Object.keys(done).filter((id) => ids.has(id)).length;
  $("index-count").textContent = say("solved count", { n: solved, total: board.index.length });
  $("index-clear").disabled = !solved;
  let shown = 0;
  let group = null;
  let part = null;
  for (const p of indexOrder(board.index)) {
    // both languages' words: "мизер" finds the misères on the English page too
    const text = ["en", "ru"].flatMap((lang) => Object.values(p[lang])).concat([p.kind]).join(" ").toLowerCase();
    if (!words.every((w) => text.includes(w)) || (unsolvedOnly && done[p.id])) continue;
    if (!group || group.dataset.kind !== p.kind) {
      group = el("section", "index-group");
      group.dataset.kind = p.kind;
      group.append(el("h3", "", say(KINDS.includes(p.kind) ? `group ${p.kind}` : "group other")));
      list.append(group);
      part = null;
    }
    if (!part || part.dataset.difficulty !== p.difficulty) {
      const level = DIFFICULTY_ORDER.includes(p.difficulty) ? p.difficulty : "other";
      group.append(el("h4", "", say(`group ${level}`)));
      part = el("ul", "index-part");
      part.dataset.difficulty = p.difficulty;
      group.append(part);
    }
    const words_ = p[board.lang] || p.en;
    const item = el("li", "index-item");
    const open = el("button", "link index-open", words_.title);
    open.type = "button";
    open.dataset.name = p.name;
    open.dataset.id = p.id;
    open.addEventListener("click", () => openCollection(p.id));
    item.append(open);
    if (done[p.id]) item.append(el("span", "solved-mark", " ✓"));
    item.append(el("div", "sub", [words_.game, words_.theme].filter(Boolean).join(" · ")));
    part.append(item);
    shown += 1;
  }
  if (!shown) list.append(el("p", "sub", say("no match")));
}

export function clearSolved() {
  if (!window.confirm(say("clear confirm"))) return;
  store.set("pref-solved", {});
  drawIndex();
}

// Open the collection's problem ``id`` to solve it (the side it is about, unless ``restore`` from
// the address says which, or null: analysis), at the table.
export async function openCollection(id, restore = null) {
  try {
    const { problem } = await api("problem", { name: id });
    if (!await begin(problem, [], null, { draw: false })) return;
    board.id = id;
    const seats = restore && restore.solving !== undefined ? restore.solving : problemSide();
    await solveAs(seats, restore);
    window.scrollTo(0, 0);  // the table, not where the index was scrolled to
    focusHand();
  } catch (e) {
    showError(e.message);
  }
}

// The problem after this one in the index's order (the first again after the last).
export async function nextProblem() {
  const order = indexOrder(await loadIndex());
  const here = order.findIndex((p) => p.id === board.id);
  if (order.length) await openCollection(order[(here + 1) % order.length].id);
}
