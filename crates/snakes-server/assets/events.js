// What the page does with each kind of event the server sends, declared once, one row a kind:
// - `view(v, e)`: how it changes the table's view the page keeps between snapshots (who sits
//   where comes with each panel instead);
// - `path(p, e)`: the squares a token passes through, for the drawing to move it along them
//   (`p.walk(from, to)` square by square, `p.jump(to)` at once);
// - `sound(s, e)`: its cues, in order (`s.cue(name, seconds)` plays one and waits that long,
//   `s.steps(n)` a step a square, `s.you` is this page's seat).
// Every kind the server names (`Lifecycle::TYPES` and `TableEvent::GAME_TYPES` in
// crates/snakes-table/src/protocol.rs) has its row, even one the page does nothing more for
// (its sentence comes with it), and no other: a test of web.rs holds the two lists together.

/** A token that ends on `e.to`. */
const lands = (v, e) => { v.squares[e.player] = e.to; };
const jumps = (p, e) => p.jump(e.to);
/** The game is over: the dice's key is revealed, and the record can be checked with `snakes verify`. */
const over = (v, e) => {
  v.status = "finished";
  v.turn = null;
  if (v.dice && e.key) v.dice.key = e.key;
};

export const EVENTS = {
  // The table's.
  joined: {},
  left: {},
  bot_added: {},
  bot_removed: {},
  removed: {},
  started: {
    view(v, e) {
      v.status = "playing";
      v.turn = e.first;
      v.seat_count = e.players.length;
      v.squares = e.players.map(() => v.start_square);
      // The game's commitment (the dice's key with the table, board, rules, seats and players).
      if (v.dice && e.commitment && e.commitment !== v.dice.commitment) v.dice.game = e.commitment;
    },
    sound(s, e) { if (e.first === s.you) s.cue("turn"); },
  },
  bot_took_over: {},
  reclaimed: {},
  timer_rolled: {},
  finished: { view(v, e) { over(v, e); v.result = e.result; } },
  drawn: { view(v, e) { over(v, e); v.draw = true; } },
  abandoned: {},
  closed: {},
  // The game's.
  rolled: { sound(s) { s.cue("dice", 0.2); } },
  entered: {
    view(v, e) { v.squares[e.player] = e.square; },
    path(p, e) { p.walk(0, e.square); },
    sound(s, e) { s.steps(e.square); },
  },
  moved: { view: lands, path(p, e) { p.walk(e.from, e.to); }, sound(s, e) { s.steps(Math.abs(e.to - e.from)); } },
  bounced: {
    view: lands,
    path(p, e) { p.walk(e.from, e.turned_at); p.walk(e.turned_at, e.to); },
    sound(s, e) { s.steps(e.turned_at - e.from); s.cue("bounce", 0.2); s.steps(e.turned_at - e.to); },
  },
  stayed_put: {},
  climbed: { view: lands, path: jumps, sound(s) { s.cue("ladder", 0.4); } },
  slid: { view: lands, path: jumps, sound(s) { s.cue("snake", 0.45); } },
  bumped: { view: lands, path: jumps },
  extra_roll: {},
  won: { view(v, e) { v.squares[e.player] = e.square; v.turn = null; }, sound(s) { s.cue("win", 0.6); } },
  turn_passed: { view(v, e) { v.turn = e.player; }, sound(s, e) { if (e.player === s.you) s.cue("turn"); } },
};
