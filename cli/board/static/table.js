// Drawing the table: each seat's hand (the values on the cards of the player to move), the
// trick in the middle with the talon, and the list of moves.

import { candidates, knownOut, unseenView } from "./attable.js";
import { mySeats, playerMayPlay, userPlays } from "./autoplay.js";
import { cardText, handCards, listCards, SEATS, SUIT_SYMBOLS, suitOf } from "./cards.js";
import { $, cardFace, el } from "./dom.js";
import { bestValue, countedSeat } from "./game.js";
import { cardCount, goTo, toMove, tricksDone, turnedCard } from "./history.js";
import { discardMark, markOf } from "./marks.js";
import { hiding, pickDiscard, twelve } from "./problem.js";
import { board } from "./state.js";
import { say, tricks } from "./words.js";

// "Only the hands I would see": the hands the game does not lay open to the user's seats.
// A contract's whisters and a misère's catchers lie open, so only the declarer's hand is
// hidden from the others; in raspasy every other hand is.
// At the table the declarer's cards are drawn as the defence knows them (unseenView), and once the
// solution is shown, as they are.
function handHidden(seat, state) {
  const seats = mySeats();
  if (!$("hide-hands").checked || !seats.length || seats.includes(seat) || state.over) return false;
  const game = board.start.game;
  if (board.table && seat === game.declarer) return false;
  return game.kind === "raspasy" || seat === game.declarer;
}

// Where each seat sits: the user's own at the bottom (the first of his side to play), then
// clockwise, as play goes, the next on the left and the last on the right.
function placeOf(seat) {
  const seats = mySeats();
  let bottom = "A";
  if (seats.length) {
    const first = SEATS.indexOf(toMove(board.states[board.openedAt].problem));
    bottom = [0, 1, 2].map((k) => SEATS[(first + k) % 3]).find((s) => seats.includes(s));
  }
  return ["bottom", "left", "right"][(SEATS.indexOf(seat) - SEATS.indexOf(bottom) + 3) % 3];
}

export function drawSeat(seat, state, result) {
  const box = $("seat-" + seat);
  box.replaceChildren();
  box.dataset.pos = placeOf(seat);
  const problem = state.problem;
  const game = board.start.game;
  const discarding = board.discarding && seat === game.declarer;
  box.classList.toggle("discarding", !!discarding);
  const mover = state.over || board.discarding ? null : toMove(problem);
  const i = SEATS.indexOf(seat);
  const head = el("div", "seat-head");
  head.append(el("span", "seat-name", seat));
  if (game && game.declarer === seat) head.append(el("span", "tag declarer", say(game.kind === "misere" ? "misère tag" : "declarer tag")));
  if (seat === mover) head.append(el("span", "tag to-move", say(state.table.length ? "to play" : "on lead")));
  if (mySeats().includes(seat)) head.append(el("span", "tag you", say("you")));
  head.append(el("span", "taken", tricks(state.taken[i])));
  box.append(head);
  box.classList.toggle("moving", seat === mover);

  const unseen = unseenView(seat, state);  // his hand and the cards he hides, as one hand
  const hand = discarding ? twelve(problem) : unseen ? candidates(state) : handCards(problem.deal[seat]);
  if (unseen) box.append(el("div", "unseen-note", say(board.table.source === "deal" ? "unseen deal" : "unseen discard")));
  box.classList.toggle("at-table", unseen);
  const out = unseen ? knownOut() : [];
  if (handHidden(seat, state)) {  // at the table: only a back for each card
    const row = el("div", "suit-row backs");
    for (let n = 0; n < hand.length; n++) row.append(el("span", "card back"));
    box.append(row);
    box.classList.add("hidden-hand");
    return;
  }
  box.classList.remove("hidden-hand");
  const values = result && seat === mover && !unseen ? result.card_values : null;
  const best = values && !hiding() ? bestValue(result) : null;  // problem mode: not even a class tells it
  for (let s = 0; s < 4; s++) {
    const row = el("div", "suit-row");
    row.append(el("span", `suit-label ${s >= 2 ? "red" : "black"}`, SUIT_SYMBOLS[s]));
    const cards = hand.filter((c) => suitOf(c) === s);
    if (!cards.length) row.append(el("span", "void", "—"));
    for (const card of cards) {
      const legal = values && card in values;
      const button = el("button", "card-button");
      button.type = "button";
      const face = cardFace(card, legal && values[card] === best ? "best" : out.includes(card) ? "out" : "");
      if (out.includes(card)) face.title = `${cardText(card)}: ${say("put aside for sure")}`;
      button.append(face);
      button.dataset.card = card;
      if (discarding) {  // the 12-card declarer's discard: two cards, chosen by clicking
        button.classList.toggle("picked", board.discarding.picked.includes(card));
        button.setAttribute("aria-pressed", String(board.discarding.picked.includes(card)));
        button.addEventListener("click", () => pickDiscard(card));
      } else if (values) {
        button.disabled = !legal || board.busy || !playerMayPlay(mover);
        if (legal && !hiding()) {
          const badge = el("span", "value" + (values[card] === best ? " best" : ""),
            (values[card] === best ? "★" : "") + values[card]);
          badge.title = say("badge", { seat: countedSeat(game, mover), tricks: tricks(values[card]), card: cardText(card) });
          button.append(badge);
        }
        button.addEventListener("click", () => userPlays(card));
      } else {
        button.disabled = true;
      }
      row.append(button);
    }
    box.append(row);
  }
}

export function drawCentre(state) {
  for (const seat of SEATS) {
    $("slot-" + seat).replaceChildren();
    $("slot-" + seat).classList.add("empty");
    $("slot-" + seat).dataset.pos = placeOf(seat);
  }
  const shown = state.table.length ? state.table : (state.lastTrick || []);
  for (const { seat, card } of shown) {
    const slot = $("slot-" + seat);
    slot.classList.remove("empty");
    slot.append(cardFace(card, state.table.length ? "" : "faded"));
    slot.append(el("span", "slot-seat", seat));
  }
  const talon = board.discarding ? [] : listCards(state.problem.deal.talon);  // a discarding declarer holds it
  const game = board.start.game;
  // at the table his discard lies face down (a misère without the talon has none: nobody holds the two)
  const atTable = !!board.table && game && unseenView(game.declarer, state);
  const discard = atTable ? (board.table.source === "deal" ? [] : board.table.world) : listCards(state.problem.deal.discard);
  const box = $("talon");
  box.replaceChildren();
  if (talon.length) {
    const g = game;
    const turned = g && g.kind === "raspasy" && (g.raspasy_talon || "suit") !== "none";
    box.append(el("span", "label", say("talon")));
    const done = tricksDone(state.problem);
    talon.forEach((c, i) => {
      const now = turned && i === done && !state.over;
      box.append(cardFace(c, "small" + (turned && i < done ? " faded" : "") + (now ? " turned-now" : "")));
    });
    let note = say(atTable ? "talon taken" : "out of play");
    if (turned) {
      const what = say(g.raspasy_talon === "dealer" ? "talon dealer" : "talon suit");
      note = done < 2 ? say("turned for trick", { n: done + 1, card: cardText(talon[done]), what }) : say("turned for both");
    }
    box.append(el("span", "label", note));
  }
  if (discard.length) {  // the declarer's, hidden from the defenders as his hand is
    const hidden = atTable || (game && game.declarer && handHidden(game.declarer, state));
    box.append(el("span", "label", say("discard")));
    discard.forEach((c) => box.append(hidden ? el("span", "card back small") : cardFace(c, "small")));
  }
  // The turned talon card lies in the trick with the players' cards (raspasy, tricks 1 and 2).
  const shownTrick = state.table.length || !state.lastTrick ? tricksDone(state.problem) + 1 : tricksDone(state.problem);
  const turnedNow = turnedCard(shownTrick);
  $("slot-T").replaceChildren();
  $("slot-T").hidden = !turnedNow;
  if (turnedNow) $("slot-T").append(cardFace(turnedNow, state.table.length ? "" : "faded"), el("span", "slot-seat", say("talon")));
  let turn = "";
  if (state.over) turn = say("deal over");
  else if (state.lastTrick && !state.table.length) {
    // the next leader is the server's: in raspasy's talon tricks A leads again whoever won
    const leader = state.problem.game.leader;
    if (state.winner === "D") turn = say("talon held", { leader });
    else turn = say(leader === state.winner ? "takes and leads" : "takes, other leads", { winner: state.winner, leader });
  } else turn = say(state.table.length ? "plays next" : "leads", { seat: toMove(state.problem) });
  $("turn").textContent = turn;
}

export function drawMoves() {
  const list = $("moves");
  list.replaceChildren();
  const first = el("li", "start");
  const startButton = el("button", "move" + (board.at === 0 ? " current" : ""), say("start"));
  startButton.addEventListener("click", () => goTo(0));
  first.append(startButton);
  const discardMarked = discardMark();
  if (discardMarked) {  // the user's discard, marked as his cards are
    const cards = listCards(board.start.deal.discard).map(cardText).join(" ");
    first.append(el("span", "move-seat", ` ${say("discard")} `), el("span", "", cards), discardMarked);
  }
  list.append(first);
  let item = null;
  let trickNumber = 11 - Math.ceil(cardCount(board.start) / 3);
  for (let i = 1; i < board.states.length; i++) {
    const s = board.states[i];
    if (!item) {
      item = el("li", "trick-line");
      item.append(el("span", "trick-number", `${trickNumber}.`));
      const turned = turnedCard(trickNumber);
      if (turned) item.append(el("span", "move-seat", say("talon") + " "), cardFace(turned, "inline talon-move"));
    }
    const b = el("button", "move" + (i === board.at ? " current" : "") + (i > board.at ? " ahead" : ""));
    b.append(el("span", "move-seat", s.seat + " "), cardFace(s.card, "inline"));
    b.addEventListener("click", () => goTo(i));
    item.append(b);
    const mark = board.solving && board.solving.includes(s.seat) ? markOf(i) : null;
    if (mark) item.append(mark);
    if (s.winner || i === board.states.length - 1) {
      if (s.winner) item.append(el("span", "winner", "→ " + s.winner));
      list.append(item);
      item = null;
      trickNumber += 1;
    }
  }
  // Keep the current move in sight inside the list; scrollIntoView would move the window too
  // (on a phone every tap scrolled the table away).
  const currentMove = list.querySelector(".current");
  if (currentMove) {
    const top = currentMove.offsetTop - list.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + currentMove.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top + currentMove.offsetHeight - list.clientHeight;
    }
  }
}
