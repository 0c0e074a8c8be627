// Everything the page remembers, in one object: the problem, the history of the play, the
// attempt in problem mode, the answers already in. Every module reads and changes it here.

export const board = {
  lang: "en",          // card notation: "en" ♠AKQJ or "ru" ♠ТКДВ
  start: null,         // the problem object at the start of the history
  states: [],          // states[0] is the start; each later one the position after one more card
  at: 0,               // the state shown
  openedAt: 0,         // the state the problem was opened at (after the tricks its file says were played)
  baseTitle: "",       // the title without "(after … cards)"
  discardBest: null,   // {from, seat, cards, tricks, key}: a 12-card declarer's discard, as the solver chose it
  busy: false,         // a request to play cards is under way
  generation: 0,       // bumped on every drawing, so a late answer is not drawn over a newer one
  autoTimer: null,     // the solver's reply to come, playing one seat
  autoArmed: false,    // the solver replies only after a card of the user's, never after undo or a jump
  setup: {},           // the set-up's cards by field
  setupFrom: null,     // the problem the set-up was opened on
  id: "",              // the collection's id of the problem on the board, if it is one (problem.js)
  solving: null,       // problem mode: the seats the user plays (the solver plays the others), values hidden
  revealed: false,     // problem mode: "Show solution" was asked before the end
  helped: false,       // problem mode: a hint or a take-back (the ✓ is then "solved with help")
  finished: false,     // problem mode: the attempt reached the end of the deal
  discarding: null,    // problem mode: {picked}, the 12-card declarer's discard still to choose
  hint: "",            // problem mode: the hint given, and the moment (hintAt) it was given for
  hintAt: 0,
  lastSaid: "",        // what the live status last announced
  results: new Map(),  // the language and problem object (as JSON) -> promise of its result
  solved: new Map(),   // the same, once the answer is in
  index: [],           // the collection's problems, as the server listed them
  choosingDiscard: false,  // the set-up was opened to choose a 12-card declarer's discard
  table: null,         // problem mode at the table: {origin, dealt, opened, world, real, source, live}
                       // (attable.js): the defenders do not see the declarer's discard
  tables: new Map(),   // the start, the moves and the key asked (as JSON) -> promise of the answer at the table
  tabled: new Map(),   // the same, once the answer is in
};
