// The game in players' terms: its name, who wants tricks, whose tricks the values count.

import { say } from "./words.js";

export const STRAIN = { S: "♠", C: "♣", D: "♦", H: "♥", NT: "NT" };

// "6♥" of a contract's "6H"
export function contractName(game) {
  const m = String(game.contract).toUpperCase().replace(/\s/g, "").match(/^(\d+)(.*)$/);
  return m ? m[1] + (STRAIN[m[2]] || m[2]) : game.contract;
}

export function gameName(game) {
  if (!game) return say("no game");
  if (game.kind === "contract") return say("by", { contract: contractName(game), seat: game.declarer });
  if (game.kind === "misere") return say("misere", { seat: game.declarer });
  return say("raspasy") + (game.raspasy_talon ? ` (${say("talon")}: ${game.raspasy_talon})` : "");
}

// What the counted player wants: the declarer of a contract the most tricks, everyone
// else the fewest (a misère's catchers want the declarer's tricks many).
export function moverWantsMore(game, mover) {
  if (game.kind === "raspasy") return false;
  const declarerSide = mover === game.declarer;
  return declarerSide === (game.kind === "contract");
}
// The best value for the player to move: that of the cards that work (the key).
export const bestValue = (result) => (result.key ? result.card_values[result.key.working[0]] : null);
export function countedSeat(game, mover) {
  return game.kind === "raspasy" ? mover : game.declarer;
}
