// Files: saving the position as a problem file, opening one.

import { el } from "./dom.js";
import { begin, problemAt } from "./history.js";
import { showError } from "./render.js";
import { api } from "./server.js";
import { closeSetup } from "./setup.js";
import { board } from "./state.js";

export async function save(format) {
  // Unchanged at the start of a 12-card declarer's problem: his discard is still to choose.
  const chosen = board.discardBest && board.at === 0 && board.start.deal.discard === board.discardBest.cards.join(" ");
  const problem = chosen ? board.discardBest.from : problemAt(board.at);
  try {
    const { text } = await api("save", { problem, format });
    const name = (problem.title || "position").toLowerCase().normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "position";
    const link = el("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    link.download = `${name}.${format}`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    showError("");
  } catch (e) {
    showError(e.message);
  }
}

export async function openFile(file) {
  try {
    const text = await file.text();
    const { problem } = await api("open", { name: file.name, text });
    closeSetup();
    await begin(problem);
  } catch (e) {
    showError(e.message);
  }
}
