// Talking to the server (pref board): it checks, plays and solves; every request carries a
// whole problem object, the keys of a problem file.

import { board } from "./state.js";
import { say } from "./words.js";

class BoardError extends Error {
  constructor(message, field) { super(message); this.field = field; }
}

export async function api(name, body) {
  let response, data;
  try {
    response = await fetch("/api/" + name + (board.lang === "ru" ? "?lang=ru" : ""), {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    data = await response.json();
  } catch (e) {
    throw new BoardError(say("no server"), "");
  }
  if (!response.ok) throw new BoardError(data.error || response.statusText, data.field || "");
  return data;
}

// The answers are written in the language chosen: one entry per language.
export const keyOf = (problem) => board.lang + JSON.stringify(problem);
export function solveOf(problem) {
  const key = keyOf(problem);
  if (!board.results.has(key)) {
    const promise = api("solve", problem);
    promise.then((r) => board.solved.set(key, r), () => board.results.delete(key));
    board.results.set(key, promise);
  }
  return board.results.get(key);
}
