// sudokit web page: a client of the JSON API (/api/v1/generate, /daily,
// /levels, /techniques, /solve, /count, /rate, /hint, /explain, /print,
// /validate). The script keeps the game (entries, pencil marks, undo
// history, clock, mistakes, the technique practised or the daily puzzle's
// date) and the player's settings in localStorage, and reads and writes
// share links (the puzzle and optionally the player's entries in the URL
// fragment). Everything it reports comes from the service: the board's
// houses (/geometry), broken constraints (/validate), solutions, counts,
// ratings, hints, logical steps, the PDF, and the moves of the engine's
// search that the solve animation replays (/solve with trace).
"use strict";

const SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const STORE = "sudokit-game-v1";
const SETTINGS_STORE = "sudokit-settings-v1";
// The player's choices; every one is optional and kept across visits.
const DEFAULT_SETTINGS = {
  timer: true, // show the clock
  mistakes: true, // count and show entries that differ from the solution
  conflicts: true, // mark repeated digits and broken cages, thermometers, dots, marks as they are typed
  autoMarks: true, // placing a digit removes it from its peers' pencil marks
  theme: "auto", // "auto" (the system's), "light" or "dark"
};
const SPEEDS = [1, 3, 10, 40, 150, 600, 5000]; // search steps per frame
const SPEED_NAMES = ["slowest", "slow", "gentle", "normal", "fast", "faster", "fastest"];

const $ = (id) => document.getElementById(id);
// {br, bc, n, rules, givens[], entries[], marks[], revealed[], solution, seed,
//  done, elapsed (ms on the clock while not running), paused, mistakes,
//  counted[] (wrong entries already counted, as cell * 64 + digit), rating,
//  practise: {id, name, er} of the technique practised, daily: {date, level}}
let game = null;
let settings = { ...DEFAULT_SETTINGS };
let geometry = null; // the board's houses and peers: see "board geometry"
let clockSince = null; // Date.now() when the clock last started, null while stopped
let history = [], future = [];
let selected = 0, pencil = false;
let anim = null; // {trace, pos, shown[], timer}; with `made`, a construction: {steps, made: true, ...}
let mark = null; // highlights of a hint or a logical step: {cells, place, elim}
let walk = null; // the logical solution being stepped through: {steps, pos, shown[], cands[]}

// ---------- API ----------

// What the status line says when a request gets no answer, or an answer the
// page cannot use; the detail goes to the console.
const UNREACHABLE = "The service could not be reached: check the connection and try again.";
const UNREADABLE = "The service gave an answer the page could not read.";

// An error whose message the status line shows: the service's own, with its
// HTTP status and error code as `status` and `code`, or one of the page's
// sentences (`local`: UNREACHABLE, UNREADABLE, or why typed text cannot be
// sent), whose detail is in the console.
class ShownError extends Error {
  constructor(message, { status = 0, code = "", local = false } = {}) {
    super(message);
    this.name = "ShownError";
    this.status = status;
    this.code = code;
    this.local = local;
  }
}

// The fields the page reads from each route's answer, with their types
// ("array" for an array): an answer without them is UNREADABLE.
const ANSWER_FIELDS = {
  generate: { shape: "string", puzzle: "string" },
  daily: { date: "string", shape: "string", puzzle: "string" },
  count: { shape: "string", puzzle: "string", count: "number", limit: "number" },
  solve: { status: "string" },
  rate: { er: "number", level: "string" },
  hint: { solved: "boolean" },
  explain: { steps: "array", er: "number", level: "string" },
  geometry: { size: "number", houses: "array" },
  construct: { steps: "array", grid: "string" },
  levels: { levels: "array" },
  techniques: { techniques: "array" },
};

// The page's own sentence `sentence` as an error, its `detail` logged.
function unusable(sentence, path, detail) {
  console.error(`sudokit: /api/v1/${path}: ${detail}`);
  return new ShownError(sentence, { local: true, code: sentence === UNREACHABLE ? "unreachable" : "unreadable" });
}

// Every call to the service goes through here: a GET of /api/v1/`path`, or
// a POST of `body` as JSON; `signal` aborts it (an AbortError). Returns the
// response when it is a success, else throws a ShownError: the service's
// error, UNREACHABLE when no answer came, UNREADABLE when the error answer
// is not the service's.
async function request(path, body, signal) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  };
  if (signal) init.signal = signal;
  let res;
  try {
    res = await fetch("/api/v1/" + path, init);
  } catch (e) {
    if (e.name === "AbortError") throw e;
    throw unusable(UNREACHABLE, path, e.message);
  }
  if (res.ok) return res;
  const json = await res.json().catch(() => null);
  const e = json && json.error;
  if (!e || typeof e.message !== "string") {
    throw unusable(UNREADABLE, path, `${res.status} ${res.statusText}, not the service's error answer`);
  }
  const where = e.cell ? ` (row ${e.cell.row}, column ${e.cell.col})` : "";
  throw new ShownError(e.message + where, { status: res.status, code: e.code });
}

// The service's JSON answer to `path` (see request), checked for the fields
// the page reads (ANSWER_FIELDS).
async function api(path, body, signal) {
  const res = await request(path, body, signal);
  let json;
  try {
    json = await res.json();
  } catch (e) {
    if (e.name === "AbortError") throw e;
    throw unusable(UNREADABLE, path, `the answer is not JSON: ${e.message}`);
  }
  const want = ANSWER_FIELDS[path.split("?")[0]] || {};
  const object = json !== null && typeof json === "object" && !Array.isArray(json);
  const missing = object
    ? Object.keys(want).filter((k) => (want[k] === "array" ? !Array.isArray(json[k]) : typeof json[k] !== want[k]))
    : ["an object"];
  if (missing.length) {
    throw unusable(UNREADABLE, path, `the answer lacks ${missing.join(", ")}: ${JSON.stringify(json).slice(0, 200)}`);
  }
  return json;
}

// What the status line says about the failure `e` of a request or of the
// use of its answer: the service's message between `before` and `after`,
// or the page's own sentence alone. Any other exception is the script's on
// an answer it could not use: logged, and said as UNREADABLE.
function failure(e, before = "", after = "") {
  if (e instanceof ShownError) return e.local ? e.message : before + e.message + after;
  console.error("sudokit:", e);
  return UNREADABLE;
}

// The service's answer, or null once the status line shows why there is
// none.
async function apiOrSay(path, body) {
  try {
    return await api(path, body);
  } catch (e) {
    say(failure(e), "bad");
    return null;
  }
}

// `action` as an event handler, called at once (so it can prevent the
// default): a failure it does not catch itself (an answer it could not
// use) is said on the status line, not left unhandled.
function guarded(action) {
  const report = (e) => say(failure(e), "bad");
  return (...args) => {
    try {
      return Promise.resolve(action(...args)).catch(report);
    } catch (e) {
      return report(e);
    }
  };
}

function parseLine(text, n) {
  return Array.from(text).map((ch) => {
    const v = SYMBOLS.indexOf(ch.toUpperCase()) + 1;
    return v > 0 && v <= n ? v : 0;
  });
}

function shapeOf(s) {
  const [br, bc] = s.split("x").map(Number);
  return { br, bc, n: br * bc };
}

// ---------- board geometry ----------

// The board's houses and every cell's peers come from the engine
// (/api/v1/geometry), so the page draws and highlights exactly the rules the
// service solves by: rows, columns, boxes or jigsaw regions, then extra houses
// (diagonals, windows) and the cells a cell must differ from without sharing
// a house (anti-knight, anti-king). Highlighting, conflict marks, pencil-mark
// clearing and the search read peers() and geometry.houses from here only.
// One request per board kind; the answer is kept for the page's lifetime.
const geometries = new Map();

function loadGeometry({ br, bc, rules }) {
  const key = rules || `${br}x${bc}`;
  if (!geometries.has(key)) {
    const q = new URLSearchParams(rules ? { rules } : { box: key });
    const table = api("geometry?" + q).then(geometryOf);
    table.catch(() => geometries.delete(key)); // a failed request is asked again
    geometries.set(key, table);
  }
  return geometries.get(key);
}

// {houses: [[cell]], peers: [Set], region: [house of each cell's box or
// region], extra: [the extra houses of each cell, space-separated: window,
// house, diagonal-1 (top left to bottom right), diagonal-2]}
function geometryOf(answer) {
  const count = answer.size * answer.size;
  const houses = answer.houses.map((h) => h.cells);
  const peerSets = Array.from({ length: count }, () => new Set());
  const region = new Array(count).fill(0);
  const extra = Array.from({ length: count }, () => new Set());
  answer.houses.forEach((house, h) => {
    for (const a of house.cells) for (const b of house.cells) if (a !== b) peerSets[a].add(b);
    if (house.kind === "box" || house.kind === "region") house.cells.forEach((c) => { region[c] = h; });
    else if (house.kind === "diagonal") house.cells.forEach((c) => extra[c].add(`diagonal-${house.number}`));
    else if (house.kind !== "row" && house.kind !== "column") house.cells.forEach((c) => extra[c].add(house.kind));
  });
  (answer.differ || []).forEach((others, a) => others.forEach((b) => peerSets[a].add(b)));
  const constraints = answer.constraints || {};
  // What a screen reader hears of each cell's constraints.
  const notes = Array.from({ length: count }, () => []);
  (constraints.cages || []).forEach((cage) => {
    const first = Math.min(...cage.cells);
    cage.cells.forEach((c) => notes[c].push(c === first ? `cage of ${cage.cells.length} cells summing to ${cage.sum}` : "in a cage"));
  });
  (constraints.thermos || []).forEach((t) => t.forEach((c, k) => notes[c].push(k === 0 ? "thermometer bulb" : `thermometer step ${k + 1}`)));
  (constraints.even || []).forEach((c) => notes[c].push("even"));
  (constraints.odd || []).forEach((c) => notes[c].push("odd"));
  return {
    houses, peers: peerSets, region, extra: extra.map((k) => [...k].join(" ")), constraints,
    notes: notes.map((k) => k.join(", ")),
  };
}

// ---------- constraint drawings ----------

// Cages, thermometers, kropki dots and even/odd marks, drawn from the
// geometry's constraints on an SVG layer over the board (one unit per cell,
// no pointer events): digits stay readable through the light fills.
const SVG_NS = "http://www.w3.org/2000/svg";

function svgEl(name, attrs) {
  const el = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

// The dashed outline of a cage, inset by `d` inside its cells: each side of
// a cell on the cage's edge is one segment, stopped short at a convex
// corner and carried on past a concave one so the outline stays closed.
function cageOutline(cells, n, d) {
  const inCage = new Set(cells);
  const has = (r, c) => r >= 0 && c >= 0 && r < n && c < n && inCage.has(r * n + c);
  let path = "";
  for (const i of cells) {
    const r = Math.floor(i / n), c = i % n;
    // [open side?, fixed coordinate, along-axis start, end, neighbours]
    const end = (along, across) => (!along ? d : across ? -d : 0);
    if (!has(r - 1, c)) {
      const a = c + end(has(r, c - 1), has(r - 1, c - 1)), b = c + 1 - end(has(r, c + 1), has(r - 1, c + 1));
      path += `M${a} ${r + d}H${b}`;
    }
    if (!has(r + 1, c)) {
      const a = c + end(has(r, c - 1), has(r + 1, c - 1)), b = c + 1 - end(has(r, c + 1), has(r + 1, c + 1));
      path += `M${a} ${r + 1 - d}H${b}`;
    }
    if (!has(r, c - 1)) {
      const a = r + end(has(r - 1, c), has(r - 1, c - 1)), b = r + 1 - end(has(r + 1, c), has(r + 1, c - 1));
      path += `M${c + d} ${a}V${b}`;
    }
    if (!has(r, c + 1)) {
      const a = r + end(has(r - 1, c), has(r - 1, c + 1)), b = r + 1 - end(has(r + 1, c), has(r + 1, c + 1));
      path += `M${c + 1 - d} ${a}V${b}`;
    }
  }
  return path;
}

function drawConstraints(board) {
  const { n } = game;
  const k = geometry.constraints;
  const none = ["cages", "thermos", "dots", "even", "odd"].every((key) => !(k[key] || []).length);
  if (none) return;
  const svg = svgEl("svg", { class: "constraints", viewBox: `0 0 ${n} ${n}`, "aria-hidden": "true" });
  const centre = (i) => [(i % n) + 0.5, Math.floor(i / n) + 0.5];
  for (const i of k.even || []) {
    const [x, y] = centre(i);
    svg.append(svgEl("rect", { class: "even", x: x - 0.36, y: y - 0.36, width: 0.72, height: 0.72 }));
  }
  for (const i of k.odd || []) {
    const [x, y] = centre(i);
    svg.append(svgEl("circle", { class: "odd", cx: x, cy: y, r: 0.38 }));
  }
  for (const thermo of k.thermos || []) {
    const points = thermo.map((i) => centre(i).join(",")).join(" ");
    svg.append(svgEl("polyline", { class: "thermo", points }));
    const [x, y] = centre(thermo[0]);
    svg.append(svgEl("circle", { class: "thermo-bulb", cx: x, cy: y, r: 0.34 }));
  }
  for (const cage of k.cages || []) {
    svg.append(svgEl("path", { class: "cage", d: cageOutline(cage.cells, n, 0.08) }));
    const first = Math.min(...cage.cells);
    const label = svgEl("text", { class: "cage-sum", x: (first % n) + 0.1, y: Math.floor(first / n) + 0.1 });
    label.textContent = String(cage.sum);
    svg.append(label);
  }
  for (const dot of k.dots || []) {
    const [a, b] = dot.cells.map(centre);
    svg.append(svgEl("circle", { class: `dot ${dot.kind}`, cx: (a[0] + b[0]) / 2, cy: (a[1] + b[1]) / 2, r: 0.12 }));
  }
  board.append(svg);
}

function peers(i) { return geometry.peers[i]; }

// The board fields of a request about game g: its box shape, and its rules
// when they are not the classic ones.
function boardOf(g) {
  return g.rules ? { box: `${g.br}x${g.bc}`, rules: g.rules } : { box: `${g.br}x${g.bc}` };
}

// ---------- game state ----------

async function newGameFrom(shape, puzzle, solution, seed, rules = null) {
  const { br, bc, n } = shapeOf(shape);
  const givens = parseLine(puzzle, n);
  const table = await loadGeometry({ br, bc, rules });
  geometry = table;
  game = {
    br, bc, n, rules, givens, entries: givens.map(() => 0), marks: givens.map(() => 0),
    solution: solution ? parseLine(solution, n) : null, seed, shape, done: false,
    revealed: givens.map(() => false),
    elapsed: 0, paused: false, mistakes: 0, counted: [], rating: null,
  };
  clockSince = null;
  history = []; future = [];
  selected = givens.findIndex((v) => v === 0);
  if (selected < 0) selected = 0;
  stopAnimation();
  closeWalk();
  clearHint();
  build();
  save();
  syncClock();
}

function value(i) { return game.givens[i] || game.entries[i]; }

function save() {
  if (!game) return;
  foldClock();
  try {
    localStorage.setItem(STORE, JSON.stringify({ game, history, future, selected }));
  } catch (_) { /* storage full or disabled: the game still plays */ }
}

async function restore() {
  try {
    const s = JSON.parse(localStorage.getItem(STORE) || "null");
    if (!s || !s.game || !Array.isArray(s.game.givens)) return false;
    ({ game, history, future, selected } = s);
    game = { elapsed: 0, paused: false, mistakes: 0, counted: [], rating: null, rules: null, ...game };
    selectSize(game.shape); // at once, before a player can pick another size
    selectRules(game.rules);
    geometry = await loadGeometry(game);
    clockSince = null;
    if (game.rating === null) rateGame();
    return true;
  } catch (_) { return false; }
}

// A change is {i, before: [entry, marks, revealed], after: [...]}; a move is a list of changes.
function apply(changes, record = true) {
  if (!changes.length) return;
  clearHint();
  for (const c of changes) setCell(c.i, c.after);
  if (record) { history.push(changes); future = []; }
  afterChange();
}

function setCell(i, [entry, marks, revealed]) {
  game.entries[i] = entry; game.marks[i] = marks; game.revealed[i] = revealed;
}

function cellState(i) { return [game.entries[i], game.marks[i], game.revealed[i]]; }

function undo() {
  const move = history.pop();
  if (!move || walk) return;
  clearHint();
  for (const c of move.slice().reverse()) setCell(c.i, c.before);
  future.push(move);
  afterChange();
}

function redo() {
  const move = future.pop();
  if (!move || walk) return;
  clearHint();
  for (const c of move) setCell(c.i, c.after);
  history.push(move);
  afterChange();
}

function enter(d) {
  const i = selected;
  if (!game || game.givens[i] || anim || walk || game.paused) return;
  const before = cellState(i);
  let after;
  if (pencil && d) {
    after = [0, game.marks[i] ^ (1 << (d - 1)), false];
  } else {
    after = [game.entries[i] === d ? 0 : d, 0, false];
  }
  const changes = [{ i, before, after }];
  if (!pencil && d && after[0] === d) countMistake(i, d);
  // Placing a digit clears it from the pencil marks of the cell's peers.
  if (!pencil && d && after[0] === d && settings.autoMarks) {
    for (const p of peers(i)) {
      if (game.marks[p] & (1 << (d - 1))) {
        const b = cellState(p);
        changes.push({ i: p, before: b, after: [b[0], b[1] & ~(1 << (d - 1)), b[2]] });
      }
    }
  }
  apply(changes);
}

// An entry that differs from the solution is a mistake, counted once per
// cell and digit (undoing and entering it again does not count twice).
function countMistake(i, d) {
  if (!game.solution || game.solution[i] === d) return;
  const key = i * 64 + d;
  if (game.counted.includes(key)) return;
  game.counted.push(key);
  game.mistakes++;
}

function erase() {
  const i = selected;
  if (!game || game.givens[i] || anim || walk || game.paused) return;
  const before = cellState(i);
  if (before[0] || before[1]) apply([{ i, before, after: [0, 0, false] }]);
}

// Cells whose value repeats in a house or among cells that must differ.
function conflicts() {
  const { n } = game;
  const bad = new Set();
  for (let i = 0; i < n * n; i++) {
    const v = value(i);
    if (!v) continue;
    for (const p of peers(i)) if (value(p) === v) { bad.add(i); bad.add(p); }
  }
  return bad;
}

// ---------- broken constraints ----------

// Cages, thermometers, kropki dots, even/odd marks and neighbour rules
// (non-consecutive, all dots given) are checked by the engine: the page
// sends the board as played to /api/v1/validate and marks the cells of
// every constraint the answer names as broken. A cage is broken by a
// repeated digit, a sum already over its target, or a full cage with
// another sum; its filled cells are marked, as are a thermometer's or a
// dot's, and a marked cell of the wrong parity alone.
//
// Invariant: `broken.key` names the board and values the marks were
// computed for, and draw() shows them only while the game still has
// exactly those values; an answer for older values is dropped. House
// repeats stay local (conflicts()), so they show with no round trip.
let broken = { key: null, cells: new Map() }; // cell -> names of the constraints it breaks
let brokenAsked = null; // the key of the last request

// Whether the board has rules beyond "all different" for the engine to check.
function hasConstraints() {
  const k = geometry.constraints;
  return ["cages", "thermos", "dots", "even", "odd"].some((key) => (k[key] || []).length) ||
    !!k.all_dots || /(^|\+)non-?consecutive(\+|$)/i.test(game.rules || "");
}

function valuesLine() {
  return game.givens.map((_, i) => (value(i) ? SYMBOLS[value(i) - 1] : ".")).join("");
}

function brokenKey() {
  return `${game.br}x${game.bc} ${game.rules || ""} ${valuesLine()}`;
}

// The constraints cell i breaks, as the engine names them ("cage 2 (sum
// 15)", "thermometer 1", "white dot r1c1-r1c2", "odd cells", ...): none
// while the marks are for other values than the game's.
function brokenAt(i, key) {
  return broken.key === key ? broken.cells.get(i) || [] : [];
}

// Asks the engine which constraints the game's values break, unless that
// was asked already; the answer redraws the board.
async function askBroken(key) {
  if (brokenAsked === key || broken.key === key) return;
  brokenAsked = key;
  const g = game;
  const cells = new Map();
  try {
    const answer = await api("validate", { puzzle: valuesLine(), ...boardOf(g) });
    for (const b of answer.broken || []) {
      for (const c of b.cells) {
        const i = (c.row - 1) * g.n + c.col - 1;
        if (!cells.has(i)) cells.set(i, []);
        cells.get(i).push(b.constraint);
      }
    }
  } catch (_) {
    // No marks for these values: the house repeats still show, and the
    // next change asks again.
  }
  if (g !== game || brokenAsked !== key) return;
  broken = { key, cells };
  draw();
}

function afterChange() {
  const full = game.givens.every((_, i) => value(i));
  const solved = full && game.solution && game.givens.every((_, i) => value(i) === game.solution[i]);
  if (solved && !game.done) {
    game.done = true;
    syncClock();
    if (game.revealed.some((r) => r)) say("Solved, with the solution revealed.", "good");
    else { say("Solved! Well done.", "good"); showCompletion(); }
  } else if (!solved && game.done) {
    game.done = false; // an undo after the end: the clock goes on
    syncClock();
  }
  draw();
  save();
}

// ---------- clock, mistakes, completion ----------

// The clock runs while a game is open, unsolved, not paused, not replaced by
// an animation or a walk through the logic, and the tab is visible.
function clockShouldRun() {
  return !!game && !game.done && !game.paused && !anim && !walk && !document.hidden;
}

// Adds the running stretch to game.elapsed (the clock keeps running).
function foldClock() {
  if (clockSince === null || !game) return;
  const now = Date.now();
  game.elapsed += now - clockSince;
  clockSince = now;
}

function syncClock() {
  foldClock();
  const run = clockShouldRun();
  if (run && clockSince === null) clockSince = Date.now();
  if (!run) clockSince = null;
  drawClock();
}

function elapsedMs() {
  if (!game) return 0;
  return game.elapsed + (clockSince === null ? 0 : Date.now() - clockSince);
}

function formatTime(ms) {
  const t = Math.floor(ms / 1000);
  const h = Math.floor(t / 3600), m = Math.floor((t % 3600) / 60), sec = t % 60;
  const two = (x) => String(x).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

function drawClock() {
  if (!game) return;
  $("clock").hidden = !settings.timer;
  $("timer").textContent = formatTime(elapsedMs());
  $("pause").textContent = game.paused ? "Resume" : "Pause";
  $("pause").setAttribute("aria-pressed", game.paused ? "true" : "false");
  $("pause").disabled = game.done;
  $("mistakes").hidden = !settings.mistakes || !game.solution;
  $("mistakes").textContent = `Mistakes: ${game.mistakes}`;
  $("board").classList.toggle("paused", game.paused);
  $("paused").hidden = !game.paused;
}

function setPaused(on) {
  if (!game || game.done) return;
  game.paused = on;
  syncClock();
  save();
  if (!on) focusCell();
}

// The rating line: ER and level on 9x9 (the Sudoku Explainer scale is made
// for 9x9), the level and hardest technique on other sizes, or why none.
function ratingText() {
  if (!game) return "";
  const r = game.rating;
  if (r && r.er !== undefined && game.n === 9) return `Rating ${r.er.toFixed(1)} (${r.level})`;
  if (r && r.level) return `Level ${r.level}` + (r.hardest ? `, hardest step: ${r.hardest}` : "");
  if (r && r.note) return `Not rated: ${r.note}`;
  return r === null ? "Rating…" : "";
}

async function rateGame() {
  const g = game;
  try {
    const answer = await api("rate", { puzzle: givensLine(), ...boardOf(g) });
    g.rating = { er: answer.er, level: answer.level, hardest: answer.hardest };
  } catch (e) {
    g.rating = { note: failure(e) };
  }
  if (g === game) { draw(); save(); }
}

function showCompletion() {
  const clues = game.givens.filter((v) => v).length;
  $("done-time").textContent = formatTime(elapsedMs());
  $("done-mistakes").textContent = String(game.mistakes);
  // Under its "Rating" heading: the figure and level alone.
  $("done-rating").textContent = (ratingText() || `${clues} clues, not rated`).replace(/^Rating /, "");
  $("done-size").textContent = `${game.n}×${game.n}, ${clues} clues`;
  const dialog = $("done");
  if (!dialog.open) dialog.showModal();
  $("done-new").focus();
}

// ---------- drawing ----------

function build() {
  const board = $("board");
  const { n } = game;
  board.style.setProperty("--n", n);
  board.innerHTML = "";
  for (let r = 0; r < n; r++) {
    const row = document.createElement("div");
    row.className = "row";
    row.setAttribute("role", "row");
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      const cell = document.createElement("div");
      cell.className = "cell";
      const region = geometry.region;
      if (c < n - 1 && region[i] !== region[i + 1]) cell.classList.add("box-right");
      if (r < n - 1 && region[i] !== region[i + n]) cell.classList.add("box-bottom");
      if (geometry.extra[i]) cell.dataset.extra = geometry.extra[i];
      if (c === n - 1) cell.classList.add("last-col");
      if (r === n - 1) cell.classList.add("last-row");
      cell.setAttribute("role", "gridcell");
      cell.dataset.i = i;
      cell.tabIndex = -1;
      cell.addEventListener("click", () => select(i));
      row.appendChild(cell);
    }
    board.appendChild(row);
  }
  drawConstraints(board);
  showGameRules();
  const keypad = $("keypad");
  keypad.innerHTML = "";
  // One row up to 9 digits, else rows of at most 9 of equal length.
  keypad.style.setProperty("--kc", n <= 9 ? n : Math.ceil(n / Math.ceil(n / 9)));
  for (let d = 1; d <= n; d++) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = SYMBOLS[d - 1];
    b.setAttribute("aria-label", "Enter " + SYMBOLS[d - 1]);
    b.addEventListener("click", () => { enter(d); focusCell(); });
    keypad.appendChild(b);
  }
  draw();
}

function draw() {
  if (!game) return;
  const { n, bc } = game;
  const bad = settings.conflicts ? conflicts() : new Set();
  const checkedKey = settings.conflicts && !anim && !walk && hasConstraints() ? brokenKey() : null;
  if (checkedKey) askBroken(checkedKey);
  const sel = value(selected);
  const near = peers(selected);
  const cells = $("board").querySelectorAll(".cell");
  const shown = anim ? anim.shown : walk ? walk.shown : null;
  const hl = { cells: new Set(), place: new Map(), elim: new Map(), source: new Map(), links: new Map(), ...mark };
  cells.forEach((el, i) => {
    // A construction starts from an empty board: no givens then.
    const given = game.givens[i] > 0 && !(anim && anim.made);
    const v = shown ? (given ? game.givens[i] : shown[i]) : value(i);
    el.className = el.className.replace(/ (given|selected|peer|same|conflict|breaks|wrong|revealed|trial|back|gone|hint-cell|hint-place|hint-elim|chain-source|chain-link)\b/g, "");
    if (given) el.classList.add("given");
    if (!shown) {
      if (i === selected) el.classList.add("selected");
      else if (sel && v === sel) el.classList.add("same");
      else if (near.has(i)) el.classList.add("peer");
      if (bad.has(i)) el.classList.add("conflict");
      if (brokenAt(i, checkedKey).length) el.classList.add("breaks");
      if (game.wrong && game.wrong.includes(i) && game.entries[i]) el.classList.add("wrong");
      if (game.revealed[i]) el.classList.add("revealed");
    } else if (anim && anim.carving && v) {
      el.classList.add("given");
    } else if (anim && !given && v) {
      el.classList.add("trial");
    } else if (walk) {
      if (!given && v) el.classList.add("revealed"); // placed by an earlier step
      if (i === selected) el.classList.add("selected");
    }
    if (hl.cells.has(i)) el.classList.add("hint-cell");
    if (hl.place.has(i)) el.classList.add("hint-place");
    if (hl.elim.has(i)) el.classList.add("hint-elim");
    if (hl.source.has(i)) el.classList.add("chain-source");
    if (hl.links.has(i)) el.classList.add("chain-link");
    if (anim && anim.backs.has(i)) el.classList.add("back");
    if (anim && anim.gone && anim.gone.has(i)) el.classList.add("gone");
    el.tabIndex = i === selected ? 0 : -1;
    const r = Math.floor(i / n) + 1, c = (i % n) + 1;
    let label = `Row ${r}, column ${c}, `;
    const cellMarks = walk ? walk.cands[i] : shown ? 0 : game.marks[i];
    if (v) {
      el.textContent = SYMBOLS[v - 1];
      label += (given ? "given " : "") + SYMBOLS[v - 1];
      if (bad.has(i) && !shown) label += ", conflicts";
      if (!shown) for (const name of brokenAt(i, checkedKey)) label += `, breaks ${name}`;
    } else if (cellMarks) {
      const marks = document.createElement("div");
      marks.className = "marks";
      marks.style.setProperty("--mc", bc);
      const list = [];
      for (let d = 1; d <= n; d++) {
        const s = document.createElement("span");
        if (cellMarks & (1 << (d - 1))) { s.textContent = SYMBOLS[d - 1]; list.push(SYMBOLS[d - 1]); }
        if (hl.elim.has(i) && hl.elim.get(i).has(d)) s.className = "elim";
        if (hl.place.get(i) === d) s.className = "place";
        // Spaces between the marks, as the cell's label has them (a grid
        // does not draw them).
        if (d > 1) marks.append(" ");
        marks.appendChild(s);
      }
      el.textContent = "";
      el.appendChild(marks);
      label += "empty, " + (walk ? "candidates " : "pencil marks ") + list.join(" ");
    } else {
      el.textContent = "";
      label += "empty";
    }
    if (hl.place.has(i)) label += `, the step places ${SYMBOLS[hl.place.get(i) - 1]} here`;
    if (hl.elim.has(i)) label += `, the step removes ${Array.from(hl.elim.get(i), (d) => SYMBOLS[d - 1]).join(" ")}`;
    else if (hl.cells.has(i)) label += ", part of the step";
    if (hl.source.has(i)) label += `, the chain starts from ${hl.source.get(i).join(" and ")}`;
    if (hl.links.has(i)) label += `, the chain implies ${hl.links.get(i).join(" and ")}`;
    if (geometry.notes[i]) label += `, ${geometry.notes[i]}`;
    el.setAttribute("aria-label", label);
    el.setAttribute("aria-selected", i === selected ? "true" : "false");
  });
  $("undo").disabled = !history.length || !!anim || !!walk;
  $("redo").disabled = !future.length || !!anim || !!walk;
  for (const id of ["hint", "steps", "solve", "check", "reveal", "erase", "pencil"]) {
    $(id).disabled = !!anim || !!walk || game.paused;
  }
  $("pencil").setAttribute("aria-pressed", pencil ? "true" : "false");
  const clues = game.givens.filter((v) => v).length;
  $("info").textContent = `${n}×${n} (boxes ${game.br}×${game.bc}), ${clues} clues` +
    (game.seed !== undefined && game.seed !== null ? `, seed ${game.seed}` : "");
  $("rating").textContent = ratingText();
  drawMode();
  drawClock();
}

function select(i) {
  selected = i;
  draw();
  focusCell();
  save();
}

function focusCell() {
  const el = $("board").querySelector(`.cell[data-i="${selected}"]`);
  if (el) el.focus();
}

function say(text, kind = "") {
  const s = $("status");
  s.textContent = text;
  s.className = "status " + kind;
}

// ---------- actions ----------

// "New puzzle": the chosen size, variants (killer with or without givens)
// and level. A variant that draws constraints has no level, and is rated
// once made; a killer without givens can keep the service busy for
// seconds, so the wait shows and can be cancelled. The service picks the
// seed, and on some variants a few seeds take far longer than most, so a
// missed time budget is tried once more (another seed); a refusal, or a
// second miss, shows the service's reason (422), and the game stays.
async function newPuzzle(ev) {
  if (ev) ev.preventDefault();
  if ($("new").disabled) return;
  const shape = $("size").value;
  const variants = chosenVariants();
  const level = $("difficulty").disabled ? "" : $("difficulty").value;
  const q = new URLSearchParams({ box: shape, symmetry: $("symmetry").value, with_solution: "true" });
  if (variants.length) q.set("variant", variants.join(","));
  if (variants.includes("killer") && $("killer-givens").checked) q.set("killer_givens", "true");
  // Every size is rated by the same technique ladder; a level a size does
  // not offer (evil on 25x25, anything but easy on 4x4) is refused by the
  // service with the levels it does offer.
  if (level) q.set("difficulty", level);
  const kind = [level, variantsName(variants)].filter((w) => w).join(" ") || "classic";
  let again = false;
  const missed = (e) => e.status === 422 && e.code === "budget_exceeded";
  try {
    const item = await waitFor($("new"), $("new-cancel"),
      (secs) => (again ? `That one took too long; making another ${kind} puzzle…`
        : `Making a ${kind} puzzle…`) + (secs ? ` ${secs} s` : ""),
      async (signal) => {
        try {
          return await api("generate?" + q, undefined, signal);
        } catch (e) {
          if (!missed(e)) throw e;
          again = true;
          return await api("generate?" + q, undefined, signal);
        }
      });
    await newGameFrom(item.shape, item.puzzle, item.solution, item.seed, item.rules || null);
    if (level) game.level = level;
    if (item.rating !== undefined) game.rating = { er: item.rating, level: item.level };
    else rateGame();
    draw();
    save();
    // The rating has its own line; the status says what was made.
    const clues = item.clues ? `${item.clues} clue${item.clues === 1 ? "" : "s"}` : "no givens";
    say(`New ${kind} puzzle: ${clues}.`);
    focusCell();
  } catch (e) {
    if (e.name === "AbortError") say("Cancelled: your game is as it was.");
    else if (missed(e)) {
      // The service's reason, without its advice to API clients.
      const why = e.message.split("; ask for")[0];
      const killer = variants.includes("killer") && !$("killer-givens").checked
        ? " or tick “with some givens”" : "";
      say(`No ${kind} puzzle in two tries. The service says: ${why}. Try again${killer}, or pick a smaller board; your game is as it was.`, "bad");
    }
    else say(failure(e), "bad");
  }
}

function check() {
  if (!game) return;
  if (!game.solution) { say("This puzzle has no unique solution to check against.", "bad"); return; }
  const wrong = [];
  let empty = 0;
  game.givens.forEach((g, i) => {
    if (g) return;
    if (!game.entries[i]) empty++;
    else if (game.entries[i] !== game.solution[i]) wrong.push(i);
  });
  game.wrong = wrong;
  draw();
  if (wrong.length) say(`${wrong.length} wrong (struck through), ${empty} empty.`, "bad");
  else if (empty) say(`All correct so far; ${empty} to go.`, "good");
  else say("Solved! Well done.", "good");
  setTimeout(() => { game.wrong = null; draw(); }, 4000);
}

function reveal() {
  if (!game || !game.solution || anim || walk) return;
  const changes = [];
  game.givens.forEach((g, i) => {
    if (!g && game.entries[i] !== game.solution[i]) {
      changes.push({ i, before: cellState(i), after: [game.solution[i], 0, true] });
    }
  });
  apply(changes);
  say("The solution is revealed (Undo takes it back).");
}

// The cage letters of a killer line, in the order new cages take them.
const CAGE_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

// The parts of `line` if it has the shape of a killer line, else null: a
// cage map, the sums (comma-separated, spaces beside the commas read past)
// with at least one comma, and at most the givens, before any `#` comment.
function killerParts(line) {
  const words = line.split("#")[0].trim().split(/\s+/);
  if (words.length < 2) return null;
  const numeric = (w) => /^[0-9,]+$/.test(w);
  let sums = words[1];
  let k = 2;
  while (k < words.length && numeric(words[k]) && words[k].length !== words[0].length &&
         (sums.endsWith(",") || words[k].startsWith(","))) sums += words[k++];
  const parts = [words[0], sums, ...words.slice(k)];
  return parts.length <= 3 && numeric(sums) && sums.includes(",") ? parts : null;
}

// The request fields of a typed puzzle. The service reads a killer line's
// cages from a rules name, so a killer line (alone, or under a `# rules:
// NAME` line as `sudokit generate --variant killer` writes it) becomes its
// givens and the rules NAME (else the board's size) with a
// `cage:SUM=CELLS` part per cage; other text is sent as it is. A line shaped
// like a killer line that is not one throws a ShownError saying why.
function typedRequest(text) {
  const lines = text.replace(/^\ufeff/, "").split(/\r?\n/).map((l) => l.trim()).filter((l) => l);
  const named = lines.length ? /^# rules:(.*)$/.exec(lines[0]) : null;
  const rest = lines.slice(named ? 1 : 0).filter((l) => !l.startsWith("#"));
  const parts = rest.length === 1 ? killerParts(rest[0]) : null;
  if (!parts) return { puzzle: text };
  const bad = (why) => new ShownError(`This killer line cannot be read: ${why}.`, { local: true, code: "killer_line" });
  const map = Array.from(parts[0]);
  const n = Math.round(Math.sqrt(map.length));
  if (n * n !== map.length) throw bad(`the cage map has ${map.length} characters, not a board's cell count (81 for 9×9)`);
  const cages = [];
  map.forEach((ch, i) => {
    const k = CAGE_LETTERS.indexOf(ch);
    if (k < 0 || k > cages.length) {
      const next = CAGE_LETTERS[cages.length] || "?";
      throw bad(`the cage map has “${ch}” at r${Math.floor(i / n) + 1}c${(i % n) + 1}, where a new cage is “${next}” (cages are lettered A-Z then a-z in order of their first cell)`);
    }
    if (k === cages.length) cages.push([]);
    cages[k].push(i);
  });
  const sums = parts[1].split(",");
  if (sums.length > 1 && sums[sums.length - 1] === "") sums.pop();
  if (sums.length !== cages.length) throw bad(`the map has ${cages.length} cages but ${sums.length} sums are given`);
  const empty = sums.findIndex((t) => t === "");
  if (empty >= 0) throw bad(`sum ${empty + 1} is empty`);
  const givens = parts[2] || ".".repeat(n * n);
  if (Array.from(givens).length !== n * n) {
    throw bad(`the givens have ${Array.from(givens).length} characters, the map ${n * n}`);
  }
  const base = named ? named[1].trim() : String(n);
  const rules = base + cages.map((cells, k) => `+cage:${sums[k]}=${cells.join(".")}`).join("");
  return { puzzle: givens, rules };
}

async function loadTyped(ev) {
  ev.preventDefault();
  const text = $("typed-text").value.trim();
  if (!text) { say("Type a puzzle first.", "bad"); return; }
  say("Counting solutions…");
  try {
    const typed = typedRequest(text);
    const counted = await api("count", { ...typed, limit: 1000 });
    const k = counted.count;
    let solution = null;
    if (k === 1) solution = (await api("solve", typed)).solution;
    await newGameFrom(counted.shape, counted.puzzle, solution, null, counted.rules || null);
    if (k === 1) rateGame();
    else { game.rating = { note: "the puzzle has no unique solution" }; draw(); }
    const words = k === 0 ? "no solution" : k === 1 ? "exactly one solution"
      : k >= counted.limit ? `at least ${counted.limit} solutions` : `${k} solutions`;
    say(`This puzzle has ${words}.`, k === 1 ? "good" : "bad");
  } catch (e) {
    say(failure(e), "bad");
  }
}

// ---------- solve animation ----------

async function solveAnimated() {
  if (!game || anim || walk) return;
  say("Asking the service for the solution…");
  const asked = game;
  const answer = await apiOrSay("solve", { puzzle: givensLine(), ...boardOf(game), trace: true });
  if (!answer || game !== asked || anim || walk) return;
  if (answer.status !== "unique") {
    say(`No animation: the givens have ${answer.error || answer.status}.`, "bad");
    return;
  }
  game.solution = parseLine(answer.solution, game.n);
  // The engine's own search, move by move: [cell, digit (0: emptied), guess].
  const { moves: trace, cut } = answer.trace;
  anim = { trace, pos: 0, shown: game.givens.slice(), backs: new Set(), placed: 0, undone: 0, guesses: 0, cut };
  syncClock();
  $("stop").disabled = false;
  $("solve").disabled = true;
  say("Searching…");
  const frame = () => {
    if (!anim) return;
    const steps = SPEEDS[Number($("speed").value)];
    anim.backs.clear();
    for (let k = 0; k < steps && anim.pos < anim.trace.length; k++, anim.pos++) {
      const [i, d, guess] = anim.trace[anim.pos];
      anim.shown[i] = d;
      if (d) anim.placed++; else { anim.undone++; anim.backs.add(i); }
      anim.guesses += guess;
    }
    draw();
    say(`Search: ${anim.placed} digits placed (${anim.guesses} of them guesses), ${anim.undone} taken back.`);
    if (anim.pos >= anim.trace.length) finishAnimation();
    else anim.timer = setTimeout(() => requestAnimationFrame(frame), 30);
  };
  frame();
}

function finishAnimation() {
  const a = anim;
  stopAnimation();
  const changes = [];
  game.givens.forEach((g, i) => {
    if (!g && game.entries[i] !== game.solution[i]) {
      changes.push({ i, before: cellState(i), after: [game.solution[i], 0, true] });
    }
  });
  apply(changes);
  say(`Solved: ${a.placed} digits placed (${a.guesses} guesses) and ${a.undone} taken back` +
    (a.cut ? " (the replay was cut short; the service's solution is shown)." : "."), "good");
}

function stopAnimation() {
  if (!anim) return;
  clearTimeout(anim.timer);
  anim = null;
  $("made-show").disabled = false;
  $("made-play").hidden = true;
  $("stop").disabled = true;
  $("solve").disabled = false;
  syncClock();
  draw();
}

// ---------- how grids are made ----------

// Each construction method of the engine (GET /api/v1/construct), replayed
// on the board step by step with a sentence per step; Stop returns to the game.
const METHOD_INTROS = {
  shift: "The shift pattern: the first row holds the digits in order, and every other row is it shifted left (by the box width within a band, by one more from band to band). Then one shuffle makes it look random.",
  rows: "Row by row, pick and eliminate: each cell takes a digit its column and box still allow (the most constrained cell first, the rarest digit first). A row that runs out of digits is cleared and tried again; one that keeps failing sends the builder back a row.",
  digits: "Digit by digit: every 1 box by box, then every 2, and so on, each in a random free place of its box. A digit with no place left in a box moves an earlier one.",
  backtrack: "Randomized backtracking: fill the cell with the fewest digits left, with one of them at random; at a dead end, go back to the latest choice that has another digit to try.",
  solver: "The solver on an empty grid: the exact solver fills the board, deciding where it must and placing forced digits by singles. Then one shuffle makes the grid look random.",
};

function buildSentence(step) {
  const at = step.cell ? `r${step.cell.row}c${step.cell.col}` : "";
  switch (step.kind) {
    case "place": return step.guess ? `Decide: ${SYMBOLS[step.digit - 1]} in ${at}.` : `Put ${SYMBOLS[step.digit - 1]} in ${at}.`;
    case "clear": return `Take back ${at}: it leads to a dead end.`;
    case "row": return step.shift === 0 ? `Row ${step.row}: the digits in order.` : `Row ${step.row}: the first row shifted left by ${step.shift}.`;
    case "restart": return "This attempt is stuck: empty the board and start again.";
    case "transform": return "Shuffle: relabel the digits, swap rows within bands, bands, columns within stacks and stacks. The grid stays valid.";
    default: return "";
  }
}

function applyBuildStep(step, shown) {
  const n = game.n;
  const at = (c) => (c.row - 1) * n + c.col - 1;
  switch (step.kind) {
    case "place": shown[at(step.cell)] = step.digit; break;
    case "clear": shown[at(step.cell)] = 0; anim.backs.add(at(step.cell)); break;
    case "row": Array.from(step.digits).forEach((ch, k) => { shown[(step.row - 1) * n + k] = SYMBOLS.indexOf(ch) + 1; }); break;
    case "restart": shown.fill(0); break;
    case "transform": Array.from(step.digits).forEach((ch, k) => { shown[k] = SYMBOLS.indexOf(ch) + 1; }); break;
  }
}

// The cells of a removal step, as "r1c2 and r9c8".
function cellsText(cells) {
  const names = cells.map((c) => `r${c.row}c${c.col}`);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0];
}

function removalSentence(step) {
  const many = step.cells.length > 1;
  return step.unique
    ? `Take out ${cellsText(step.cells)}: still one solution, so ${many ? "they stay" : "it stays"} out.`
    : `Take out ${cellsText(step.cells)}: a second solution appears, so ${many ? "they go" : "it goes"} back.`;
}

// One removal step on the shown board: the tried cells are marked, emptied
// when the solution stays unique, put back (marked as such) when not.
function applyRemovalStep(step) {
  for (const c of step.cells) {
    const i = cellOf(c);
    if (step.unique) { anim.shown[i] = 0; anim.gone.add(i); } else anim.backs.add(i);
  }
}

async function showConstruction() {
  if (!game || anim || walk) return;
  if (game.n > 16) { say("How it's made is shown for boards up to 16×16.", "bad"); return; }
  const method = $("made-method").value;
  const symmetry = $("symmetry").value;
  const q = new URLSearchParams({
    box: `${game.br}x${game.bc}`, method, seed: String(Math.floor(Math.random() * 2 ** 31)),
    carve: "true", symmetry,
  });
  const made = await apiOrSay("construct?" + q);
  if (!made) return;
  anim = {
    made: true, steps: made.steps, pos: 0, shown: new Array(game.n * game.n).fill(0), backs: new Set(),
    gone: new Set(), carving: false, removal: made.removal, grid: made.grid, cpos: 0, kept: 0,
  };
  $("made-text").textContent = METHOD_INTROS[method];
  $("made-play").hidden = true;
  $("stop").disabled = false;
  $("solve").disabled = true;
  $("made-show").disabled = true;
  syncClock();
  const building = () => {
    // Slower than the search replay: each step has a sentence to read.
    const steps = Math.max(1, Math.floor(SPEEDS[Number($("speed").value)] / 10));
    let last = null;
    for (let k = 0; k < steps && anim.pos < anim.steps.length; k++, anim.pos++) {
      last = anim.steps[anim.pos];
      applyBuildStep(last, anim.shown);
    }
    if (last) $("made-text").textContent = buildSentence(last);
    say(`How it's made (${method}): step ${anim.pos} of ${anim.steps.length}${made.cut ? "+" : ""}.`);
    if (anim.pos >= anim.steps.length) {
      // The carve starts from the method's grid, whatever a cut record showed.
      anim.shown = parseLine(made.grid, game.n);
      anim.carving = true;
      $("made-text").textContent = `A full grid in ${anim.steps.length}${made.cut ? "+" : ""} steps. Now the clues come out${symmetry === "none" ? " one cell at a time" : ` in symmetric groups (${$("symmetry").selectedOptions[0].textContent.toLowerCase()})`}, each time checking that the solution is still unique.`;
      return 25; // a pause to read that
    }
    return 1;
  };
  const carving = () => {
    const steps = Math.max(1, Math.floor(SPEEDS[Number($("speed").value)] / 150));
    let last = null;
    for (let k = 0; k < steps && anim.cpos < anim.removal.steps.length; k++, anim.cpos++) {
      last = anim.removal.steps[anim.cpos];
      applyRemovalStep(last);
      if (!last.unique) anim.kept++;
    }
    if (last) $("made-text").textContent = removalSentence(last);
    const clues = anim.shown.filter((v) => v).length;
    say(`Clue removal: ${anim.cpos} of ${anim.removal.steps.length} groups tried, ${clues} clues left.`);
    if (anim.cpos >= anim.removal.steps.length) {
      anim.backs.clear();
      anim.gone.clear();
      $("made-text").textContent = `Done: a puzzle with ${clues} clues and one solution. Every clue left is needed: taking out any of them${symmetry === "none" ? "" : " with its symmetric partners"} lets a second solution in.`;
      say(`Carved a puzzle with ${clues} clues from a ${game.n}×${game.n} grid (${method}). Play it, or Stop to return to your game.`, "good");
      $("made-play").hidden = false;
      return 0;
    }
    return 6;
  };
  const frame = () => {
    if (!anim || !anim.made) return;
    anim.backs.clear();
    anim.gone.clear();
    const pause = anim.carving ? carving() : building();
    draw();
    if (pause) anim.timer = setTimeout(() => requestAnimationFrame(frame), 60 * pause);
  };
  frame();
}

// The puzzle just carved becomes the game.
async function playCarved() {
  if (!anim || !anim.removal) return;
  const { removal, grid } = anim;
  const shape = `${game.br}x${game.bc}`;
  stopAnimation();
  await newGameFrom(shape, removal.puzzle, grid, null, null);
  rateGame();
  say("Your puzzle from How it's made: good luck.", "good");
}

// ---------- hints, logical steps, printing ----------

function givensLine() {
  return game.givens.map((v) => (v ? SYMBOLS[v - 1] : ".")).join("");
}

// A cell {row, col} of the service (both from 1) -> cell index.
function cellOf({ row, col }) {
  return (row - 1) * game.n + col - 1;
}

// The highlights of a step from the service: its evidence cells, the digits
// it places and the candidates it removes ({row, col, digit} each). A chain
// step adds the potentials of its chain, cell -> [name, ...]: `source` the
// assumption each branch starts from, `links` every implication after it.
function highlightsOf(step) {
  const cells = new Set(step.cells.map(cellOf));
  const place = new Map(step.placements.map((p) => [cellOf(p), p.digit]));
  const elim = new Map();
  for (const e of step.eliminations) {
    const i = cellOf(e);
    if (!elim.has(i)) elim.set(i, new Set());
    elim.get(i).add(e.digit);
  }
  const source = new Map(), links = new Map();
  const add = (to, p) => {
    const i = cellOf(p);
    if (!to.has(i)) to.set(i, []);
    const name = potentialName(p);
    if (!to.get(i).includes(name)) to.get(i).push(name);
  };
  if (step.chain) {
    for (const branch of step.chain.branches) {
      branch.implications.forEach((link, k) => add(k === 0 ? source : links, link));
    }
  }
  return { cells, place, elim, source, links };
}

// Shows a step's sentence; a chain step with branches (`step.chain`)
// shows its first sentence, then each branch and each nested chain as an
// item of a list. A forcing chain's or cycle's sentence is its one path.
function showExplanation(title, text, nav, step) {
  $("explain").hidden = false;
  $("explain-note").hidden = true;
  $("explain-title").textContent = title;
  const list = $("explain-chain");
  list.replaceChildren();
  const path = step && step.chain && ["chain", "cycle"].includes(step.chain.form);
  const chain = !path && step && step.chain;
  list.hidden = !chain;
  if (chain) {
    const cut = text.indexOf(". ");
    if (cut > 0) text = text.slice(0, cut + 1);
    for (const item of chainItems(chain)) {
      const li = document.createElement("li");
      li.textContent = item;
      list.append(li);
    }
  }
  $("explain-text").textContent = text;
  $("walk-nav").hidden = !nav;
}

// `r1c2=5` or `r1c2<>5`.
function potentialName(p) {
  return `r${p.row}c${p.col}${p.on ? "=" : "<>"}${p.digit}`;
}

// The branches of a chain in words, each implication in order with the
// reason of those that do not follow from the one before alone, then the
// nested chains.
function chainItems(chain) {
  const items = chain.branches.map((branch) => {
    const links = branch.implications;
    const words = links.map((link, k) => {
      const name = potentialName(link);
      const from = () => link.parents.map((p) => potentialName(links[p])).join(", ");
      const alone = link.parents.length === 1 && link.parents[0] === k - 1;
      let note = "";
      if (link.reason === "cell" && link.on) note = `last candidate of r${link.row}c${link.col}`;
      else if (link.reason === "house" && link.on) note = `last ${link.digit} in ${link.house}`;
      else if ((link.reason === "cell" || link.reason === "house") && !alone) note = `from ${from()}`;
      else if (link.reason === "rule") note = `${link.rule} after ${from()}`;
      else if (link.reason === "nested") note = `nested chain ${link.nested + 1} after ${from()}`;
      else if (link.reason === "differ") note = `must differ from ${from()}`;
      else if (link.reason === "constraint") {
        note = alone ? `by ${link.constraint}` : `by ${link.constraint} after ${from()}`;
      }
      const clash = k === links.length - 1 && links.slice(0, k).some((l) =>
        l.row === link.row && l.col === link.col && l.digit === link.digit && l.on !== link.on);
      const tail = clash ? `, contradicting ${potentialName({ ...link, on: !link.on })}` : "";
      return (note ? `${name} [${note}]` : name) + tail;
    });
    const head = links[0];
    const lead = chain.form === "contradiction" ? "" : `If ${potentialName(head)}: `;
    return lead + words.join(" → ");
  });
  chain.nested.forEach((n, k) => items.push(`Nested chain ${k + 1} (${n.technique}): ${n.summary}.`));
  return items;
}

function clearHint() {
  if (walk) return;
  mark = null;
  if (game) game.wrong = null;
  $("explain").hidden = true;
}

// The player's state as a pencil-mark grid: a value where there is one, the
// player's marks where there are some, every digit elsewhere.
function pencilMarkText() {
  const { n } = game;
  const all = SYMBOLS.slice(0, n);
  const rows = [];
  for (let r = 0; r < n; r++) {
    const row = [];
    for (let c = 0; c < n; c++) {
      const i = r * n + c, v = value(i);
      if (v) row.push(SYMBOLS[v - 1]);
      else if (game.marks[i]) row.push(Array.from(all).filter((_, d) => game.marks[i] & (1 << d)).join(""));
      else row.push(all);
    }
    rows.push(row.join(" "));
  }
  return rows.join("\n");
}

async function hint() {
  if (!game || anim || walk) return;
  if (game.solution) {
    // A wrong entry or a pencil mark list without the right digit has no
    // logical continuation: say which cells first.
    const wrong = [], missing = [];
    game.givens.forEach((g, i) => {
      if (g) return;
      const right = game.solution[i];
      if (game.entries[i] && game.entries[i] !== right) wrong.push(i);
      else if (!game.entries[i] && game.marks[i] && !(game.marks[i] & (1 << (right - 1)))) missing.push(i);
    });
    if (wrong.length || missing.length) {
      const name = (i) => `r${Math.floor(i / game.n) + 1}c${(i % game.n) + 1}`;
      game.wrong = wrong;
      mark = { cells: new Set([...wrong, ...missing]), place: new Map(), elim: new Map() };
      draw();
      const parts = [];
      if (wrong.length) parts.push(`${wrong.length} wrong ${wrong.length === 1 ? "entry" : "entries"} (${wrong.map(name).join(", ")})`);
      if (missing.length) parts.push(`pencil marks without the right digit in ${missing.map(name).join(", ")}`);
      say(`Fix these first: ${parts.join("; ")}.`, "bad");
      return;
    }
  }
  say("Looking for the next step…");
  // The answer is for this game in this state: one that comes back after
  // a new puzzle, an entry or a mark is dropped.
  const asked = game, state = pencilMarkText();
  const current = () => game === asked && !anim && !walk && pencilMarkText() === state;
  try {
    const answer = await api("hint", {
      puzzle: state, ...boardOf(asked), from: "pencilmarks",
    });
    if (!current()) {
      if (game === asked && !anim && !walk) say("The board changed while the hint was looked for: ask again.");
      return;
    }
    if (answer.solved) { say("Nothing left to do: the grid is full.", "good"); return; }
    const step = answer.step;
    mark = highlightsOf(step);
    draw();
    showExplanation(`Hint: ${step.technique} (rating ${step.rating.toFixed(1)})`, step.explanation, false, step);
    say(`Hint: ${step.technique}.` + practiseHint(step));
  } catch (e) {
    if (current()) say(failure(e), "bad");
  }
}

async function startWalk() {
  if (!game || anim || walk) return;
  say("Solving by logic…");
  const asked = game;
  const path = await apiOrSay("explain", { puzzle: givensLine(), ...boardOf(game) });
  if (!path || game !== asked || anim || walk) return;
  walk = { steps: path.steps, pos: 0, rating: path };
  syncClock();
  say(`Logical solution: ${path.steps.length} steps, rating ${path.er.toFixed(1)} (${path.level}), hardest: ${path.hardest}.`);
  walkTo(0);
  $("walk-next").focus();
}

// Shows the state before step `pos` (the givens after steps 0..pos-1) with
// that step's cells highlighted; `pos` = the number of steps shows the end.
function walkTo(pos) {
  if (!walk) return;
  const { n } = game;
  pos = Math.max(0, Math.min(walk.steps.length, pos));
  const shown = game.givens.slice();
  const cands = shown.map(() => 0);
  const all = (1 << n) - 1;
  shown.forEach((v, i) => {
    if (v) return;
    let m = all;
    for (const p of peers(i)) if (shown[p]) m &= ~(1 << (shown[p] - 1));
    cands[i] = m;
  });
  for (let k = 0; k < pos; k++) {
    const h = highlightsOf(walk.steps[k]);
    for (const [i, d] of h.place) {
      shown[i] = d; cands[i] = 0;
      for (const p of peers(i)) cands[p] &= ~(1 << (d - 1));
    }
    for (const [i, ds] of h.elim) for (const d of ds) cands[i] &= ~(1 << (d - 1));
  }
  walk.pos = pos; walk.shown = shown; walk.cands = cands;
  const total = walk.steps.length;
  if (pos < total) {
    const step = walk.steps[pos];
    mark = highlightsOf(step);
    showExplanation(`Step ${pos + 1} of ${total}: ${step.technique} (rating ${step.rating.toFixed(1)})`, step.explanation, true, step);
  } else {
    mark = null;
    showExplanation(`Solved in ${total} steps`, `Rating ${walk.rating.er.toFixed(1)} (${walk.rating.level}); the hardest step was ${walk.rating.hardest}.`, true);
  }
  $("walk-prev").disabled = pos === 0;
  $("walk-next").disabled = pos === total;
  draw();
}

function closeWalk() {
  if (!walk) return;
  walk = null;
  mark = null;
  $("explain").hidden = true;
  syncClock();
  draw();
}

async function printPdf() {
  if (!game) return;
  const body = { puzzle: givensLine(), ...boardOf(game), title: "sudokit" };
  if (game.level) body.level = game.level;
  if (game.seed !== undefined && game.seed !== null) body.seed = game.seed;
  say("Making a PDF…");
  try {
    const res = await request("print", body);
    const blob = await res.blob();
    if (blob.type !== "application/pdf") throw unusable(UNREADABLE, "print", `a ${blob.type || "typeless"} answer, not a PDF`);
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = `sudokit-${game.seed ?? "puzzle"}.pdf`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
    say(`PDF downloaded (${Math.round(blob.size / 1024)} KB): the puzzle, and its solution on page 2.`, "good");
  } catch (e) {
    say(failure(e), "bad");
  }
}

// ---------- keyboard ----------

function onKey(ev) {
  if (ev.key === "?" && !ev.target.closest("form, dialog")) {
    ev.preventDefault();
    if (!$("keys").open) $("keys").showModal();
    return;
  }
  if (!game || ev.target.closest("form, dialog")) return;
  const { n } = game;
  const r = Math.floor(selected / n), c = selected % n;
  const k = ev.key;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if ((ev.ctrlKey || ev.metaKey) && (k === "z" || k === "Z")) {
    ev.preventDefault();
    if (ev.shiftKey) redo(); else undo();
    return;
  }
  if ((ev.ctrlKey || ev.metaKey) && (k === "y" || k === "Y")) { ev.preventDefault(); redo(); return; }
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if (walk && ev.target.closest("#explain") && (k === "ArrowLeft" || k === "ArrowRight")) {
    ev.preventDefault();
    walkTo(walk.pos + (k === "ArrowLeft" ? -1 : 1));
    return;
  }
  if (!ev.target.closest("#board")) return;
  if (moves[k]) {
    ev.preventDefault();
    const [dr, dc] = moves[k];
    select(((r + dr + n) % n) * n + ((c + dc + n) % n));
    return;
  }
  if (k === "Home") { ev.preventDefault(); select(r * n); return; }
  if (k === "End") { ev.preventDefault(); select(r * n + n - 1); return; }
  if (k === "Delete" || k === "Backspace" || k === "0" || k === ".") { ev.preventDefault(); erase(); return; }
  if ((k === "p" || k === "P") && n < 25) { pencil = !pencil; draw(); return; }
  if ((k === "h" || k === "H") && n < 17) { ev.preventDefault(); guarded(hint)(); return; }
  const code = ev.code && ev.code.startsWith("Digit") ? ev.code.slice(5) : null;
  const ch = (ev.shiftKey && code ? code : k).toUpperCase();
  const d = SYMBOLS.indexOf(ch) + 1;
  if (ch.length === 1 && d > 0 && d <= n) {
    ev.preventDefault();
    if (ev.shiftKey) { const was = pencil; pencil = true; enter(d); pencil = was; draw(); }
    else enter(d);
  }
}

// ---------- share links ----------

// A share link carries the board in its fragment:
// #shape=3x3&puzzle=<line>[&rules=<name>][&entries=<line>], lines in the
// page's symbols with "." for a blank; entries fill only cells without a
// given; rules as the service names them (9+x), when not the classic ones.
// A daily puzzle's link without progress is its daily link (#daily=DATE...).
function shareUrl(withProgress) {
  if (game.daily && !withProgress) return dailyUrl();
  const q = new URLSearchParams({ shape: `${game.br}x${game.bc}`, puzzle: givensLine() });
  if (game.rules) q.set("rules", game.rules);
  if (withProgress) q.set("entries", game.entries.map((v) => (v ? SYMBOLS[v - 1] : ".")).join(""));
  return `${location.origin}${location.pathname}#${q}`;
}

// The board of a share link's fragment, or an Error saying what is wrong.
function readShare(fragment) {
  const q = new URLSearchParams(fragment.replace(/^#/, ""));
  const shape = q.get("shape"), puzzle = q.get("puzzle"), entries = q.get("entries");
  if (!shape || !puzzle) throw new Error("it has no shape and puzzle");
  const m = /^([1-9])x([1-9])$/.exec(shape);
  const n = m ? Number(m[1]) * Number(m[2]) : 0;
  if (!m || n < 4 || n > 25) throw new Error(`"${shape}" is not a board shape such as 3x3`);
  const line = (name, text) => {
    if (text.length !== n * n) throw new Error(`the ${name} has ${text.length} cells, a ${n}×${n} board ${n * n}`);
    return Array.from(text).map((ch, i) => {
      if (ch === "." || ch === "0") return 0;
      const v = SYMBOLS.indexOf(ch.toUpperCase()) + 1;
      if (v < 1 || v > n) {
        throw new Error(`the ${name} has "${ch}" at row ${Math.floor(i / n) + 1}, column ${(i % n) + 1}`);
      }
      return v;
    });
  };
  const givens = line("puzzle", puzzle);
  const played = entries ? line("entries", entries) : givens.map(() => 0);
  return { shape, givens, played, rules: q.get("rules") || null };
}

async function openShared(fragment) {
  let shared;
  try {
    shared = readShare(fragment);
  } catch (e) {
    return `This link's puzzle cannot be read: ${e.message}.`;
  }
  const puzzle = shared.givens.map((v) => (v ? SYMBOLS[v - 1] : ".")).join("");
  let answer;
  try {
    answer = await api("solve", shared.rules ? { puzzle, rules: shared.rules } : { puzzle, box: shared.shape });
  } catch (e) {
    return failure(e, "This link's puzzle cannot be opened: ", ".");
  }
  if (answer.status !== "unique") {
    return `This link's puzzle has ${answer.error || answer.status}, so it cannot be played.`;
  }
  await newGameFrom(shared.shape, puzzle, answer.solution, null, shared.rules);
  selectRules(shared.rules);
  shared.played.forEach((v, i) => { if (v && !game.givens[i]) game.entries[i] = v; });
  selectSize(shared.shape);
  afterChange();
  rateGame();
  return null;
}

async function share() {
  if (!game) return;
  await offer("Share link", shareUrl($("share-progress").checked));
}

// Shows `text` under `label` in the share box and copies it.
async function offer(label, text) {
  $("share-label").textContent = label;
  $("share-url").value = text;
  $("share-box").hidden = false;
  try {
    await navigator.clipboard.writeText(text);
    say(`${label} copied.`, "good");
  } catch (_) {
    say(`${label} ready: copy it from the box below.`);
  }
  $("share-url").select();
}

// ---------- export: SudokuPad and f-puzzles ----------

// The puzzle (givens and rules; the player's entries stay here) as the
// service writes it for other tools: POST /api/v1/solve with `sudokupad`
// (a link) or `fpuzzles` (the JSON board), each with the solution, which
// SudokuPad and f-puzzles check a finished grid against.
async function exported(field) {
  const body = { puzzle: givensLine(), ...boardOf(game), [field]: true };
  const answer = await apiOrSay("solve", body);
  return answer && answer[field];
}

async function openInSudokupad() {
  if (!game) return;
  // The tab opens now, while the click still allows it, and gets its
  // address when the answer comes.
  const tab = window.open("about:blank", "_blank");
  const link = await exported("sudokupad");
  if (!link) {
    if (tab) tab.close();
    return;
  }
  if (tab) {
    tab.opener = null;
    tab.location.href = link;
    say("Opened in SudokuPad.", "good");
  } else {
    await offer("SudokuPad link", link);
  }
}

async function copyFpuzzles() {
  if (!game) return;
  if (game.n > 16) {
    say("f-puzzles boards go up to 16x16.", "bad");
    return;
  }
  const board = await exported("fpuzzles");
  if (board) await offer("f-puzzles board", board);
}

// ---------- rules: variants ----------

// The rules chooser is a list of checkboxes, one per variant the service
// generates (GET /api/v1/generate?variant=a,b); none ticked is classic.
// Variants that add houses or cells that differ (HOUSE_VARIANTS) make a
// rules name (9+x) that every request takes; jigsaw draws random regions
// for each new puzzle, which the answer's rules name (9+jigsaw=...); the
// others draw cages, thermometers, dots or marks from each new grid, and
// the service makes their puzzles at the levels it measured (by adding
// givens), or without a level (GET /api/v1/levels?variant= says which).
// Each variant has one sentence for the player (RULE_TEXT), shown under the
// chooser for the ticked ones and beside the board for the game's rules.
const HOUSE_VARIANTS = ["anti-king", "anti-knight", "windoku", "x", "non-consecutive"];
const RULE_TEXT = {
  x: "X: the digits on each main diagonal do not repeat.",
  windoku: "Windoku: the digits in each shaded window do not repeat.",
  "anti-knight": "Anti-knight: two cells a chess knight's move apart never hold the same digit.",
  "anti-king": "Anti-king: two cells a chess king's move apart, diagonal neighbours included, never hold the same digit.",
  "non-consecutive": "Non-consecutive: side-by-side cells never hold consecutive digits, such as 4 and 5.",
  jigsaw: "Jigsaw: the digits in each region with a thick border do not repeat.",
  killer: "Killer: the digits in a dashed cage add up to its small number and do not repeat.",
  thermo: "Thermo: digits rise along each thermometer, from its round bulb to its end.",
  kropki: "Kropki: a white dot joins consecutive digits, a black dot a digit and its double.",
  "kropki-negative": "Kropki (all dots shown): side-by-side cells without a dot are neither consecutive nor double.",
  "even-odd": "Even/odd: a grey square holds an even digit, a grey circle an odd one.",
};

function variantBoxes() {
  return Array.from(document.querySelectorAll('#variants input[name="variant"]'));
}

// The ticked variants, in the chooser's order.
function chosenVariants() {
  return variantBoxes().filter((b) => b.checked).map((b) => b.value);
}

// The variants of a rules name as the service writes it (9+x+cage:12=0.1):
// each part's name up to ":" or "=", cages as killer, dots as kropki, even
// and odd marks as even-odd.
function variantsOfRules(rules) {
  const kinds = { cage: "killer", thermo: "thermo", white: "kropki", black: "kropki", even: "even-odd", odd: "even-odd" };
  const found = [];
  for (const part of (rules || "").split("+").slice(1)) {
    const name = part.split(/[:=]/)[0];
    const v = kinds[name] || name;
    if (!found.includes(v)) found.push(v);
  }
  return found;
}

// Ticks the chooser's boxes for the rules of a game (a link, a restored
// game), so "New puzzle" makes another of its kind.
function selectRules(rules) {
  const have = variantsOfRules(rules);
  if (have.includes("kropki-negative")) have.push("kropki");
  for (const b of variantBoxes()) b.checked = have.includes(b.value);
  showChosenRules();
  offerLevels();
}

// The sentences of the ticked variants, and the killer's givens choice
// while Killer is ticked.
function showChosenRules() {
  const chosen = chosenVariants();
  $("killer-givens-label").hidden = !chosen.includes("killer");
  fillRules($("rules-text"), chosen);
}

function fillRules(list, variants) {
  list.replaceChildren(...variants.filter((v) => RULE_TEXT[v]).map((v) => {
    const li = document.createElement("li");
    li.textContent = RULE_TEXT[v];
    return li;
  }));
}

// The rules of the game in play, beside the board (classic games show none).
function showGameRules() {
  const variants = variantsOfRules(game.rules);
  // "all dots shown" refines the dots' own rule, which comes just before it.
  const negative = variants.includes("kropki-negative");
  const shown = variants.flatMap((v) => v === "kropki-negative" ? ["kropki", v]
    : v === "kropki" && negative ? [] : [v]);
  fillRules($("game-rules-text"), shown);
  $("game-rules").hidden = !shown.length;
}

// What a ticked list is called in sentences: "killer", "X + thermo".
function variantsName(variants) {
  const names = { x: "X", "even-odd": "even/odd" };
  return variants.map((v) => names[v] || v).join(" + ");
}

// The board fields of a request for the chosen size and the ticked
// variants that add houses (practise and daily take those only).
function chosenBoard() {
  const shape = $("size").value;
  const houses = chosenVariants().filter((v) => HOUSE_VARIANTS.includes(v));
  houses.sort((a, b) => HOUSE_VARIANTS.indexOf(a) - HOUSE_VARIANTS.indexOf(b));
  return houses.length ? { rules: [shapeOf(shape).n, ...houses].join("+") } : { box: shape };
}

// The ticked variants that draw regions or constraints for each puzzle,
// which practise and daily puzzles cannot have; null when there are none.
function drawnChosen() {
  const drawn = chosenVariants().filter((v) => !HOUSE_VARIANTS.includes(v));
  return drawn.length ? variantsName(drawn) : null;
}

function selectSize(shape) {
  const sizes = Array.from($("size").options).map((o) => o.value);
  if (sizes.includes(shape)) $("size").value = shape;
  offerLevels();
}

// The level menu offers the levels the chosen size and variants have (GET
// /api/v1/levels?box=&variant=), each with its band of ratings as a
// tooltip. The level last chosen is kept while the menu has it, and comes
// back when it has it again; otherwise the menu shows the hardest level
// offered. Where variants that draw constraints offer no level (a size or
// rules not measured), the menu holds one disabled entry, and the
// service's reason is its tooltip.
const levelTables = new Map();

async function offerLevels() {
  const box = $("size").value;
  const variants = chosenVariants().join(",");
  const key = `${box} ${variants}`;
  let table = levelTables.get(key);
  if (!table) {
    const q = new URLSearchParams({ box });
    if (variants) q.set("variant", variants);
    try {
      table = await api("levels?" + q);
    } catch {
      return; // the menu keeps its levels; the service names a refused one
    }
    levelTables.set(key, table);
  }
  if (`${$("size").value} ${chosenVariants().join(",")}` !== key) return; // changed meanwhile
  const menu = $("difficulty");
  const want = menu.dataset.want || menu.value;
  const levels = table.levels;
  if (!levels.length) {
    const o = document.createElement("option");
    o.value = "";
    o.textContent = "Rated once made";
    menu.replaceChildren(o);
    menu.disabled = true;
    menu.title = table.unlevelled || "";
    menu.dataset.want = want;
    showPractiseLevel();
    return;
  }
  const names = levels.map((l) => l.name);
  menu.replaceChildren(...levels.map((l) => {
    const o = document.createElement("option");
    o.value = l.name;
    o.textContent = l.name[0].toUpperCase() + l.name.slice(1);
    o.title = l.max === undefined ? `ER ${l.min.toFixed(1)} and up` : `ER ${l.min.toFixed(1)} to ${l.max.toFixed(1)}`;
    return o;
  }));
  menu.disabled = false;
  menu.title = "";
  menu.value = names.includes(want) ? want : names[names.length - 1];
  menu.dataset.want = want;
  showPractiseLevel();
}

// A request that can keep the service busy for seconds (a rare technique, a
// killer without givens): its form's button is busy and its Cancel button
// shows while the status counts the seconds (`saying(secs)`). Resolves to
// the answer; throws the request's error, an AbortError when cancelled.
async function waitFor(button, cancel, saying, request) {
  const abort = new AbortController();
  const began = Date.now();
  const tick = () => say(saying(Math.floor((Date.now() - began) / 1000)));
  const ticker = setInterval(tick, 1000);
  const stop = () => abort.abort();
  tick();
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  cancel.hidden = false;
  cancel.addEventListener("click", stop);
  try {
    return await request(abort.signal);
  } finally {
    clearInterval(ticker);
    cancel.removeEventListener("click", stop);
    const focused = document.activeElement === cancel;
    cancel.hidden = true;
    button.disabled = false;
    button.removeAttribute("aria-busy");
    if (focused) button.focus();
  }
}

// ---------- practise a technique, daily puzzle ----------

// Practise: the technique menu lists what the service says a puzzle of the
// chosen size can need (GET /api/v1/techniques), and "Practise it" asks
// /generate for a puzzle whose logical path uses it (needs=), with the
// chosen symmetry and the chosen level when that level can hold the
// technique (the line beside the form says which). A hint whose
// step is that technique says so. Rare techniques take the service seconds
// to find; the wait is shown, can be cancelled, and a refusal or a missed
// time budget (422) shows the service's reason, which names what it tried.
//
// Daily: /daily gives the puzzle of a date (today by UTC) for a board and
// level, the same for everyone; its share link (#daily=DATE&shape=RxC
// &level=L[&rules=R]) loads that day's puzzle again from the service.
const techniqueTables = new Map();

function initPractise() {
  $("practise").addEventListener("submit", guarded(practise));
  $("technique").addEventListener("change", (e) => { e.target.dataset.want = e.target.value; });
  $("daily").addEventListener("click", guarded(() => loadDaily(todayUtc(), $("size").value, $("difficulty").value)));
  $("size").addEventListener("change", offerTechniques);
  for (const id of ["technique", "difficulty", "symmetry", "size"]) {
    $(id).addEventListener("change", showPractiseLevel);
  }
  offerTechniques();
}

// The level a practise request asks for with technique `t`: the chosen
// level when its band reaches the technique's rating (a puzzle's rating is
// at least that of every step), else none, with the reason in `note`.
// Techniques the service draws from the catalogue of the hardest known
// puzzles (`catalogue` in its list: the nested chains, 9.0 and up) have no
// clue symmetry: their requests ask for none.
function practiseLevel(t) {
  const menu = $("difficulty");
  const nested = t && t.catalogue;
  const symmetry = nested ? "no" : $("symmetry").selectedOptions[0].textContent.toLowerCase();
  const sym = nested ? "none" : $("symmetry").value;
  if (menu.disabled || !menu.value) return { level: null, sym, note: `Any level, ${symmetry} symmetry.` };
  const table = levelTables.get(`${$("size").value} ${chosenVariants().join(",")}`);
  const band = table && table.levels.find((l) => l.name === menu.value);
  if (t && band && band.max !== undefined && band.max < t.er) {
    return {
      level: null,
      sym,
      note: `Any level: ${menu.value} stops at ER ${band.max.toFixed(1)}, below ${t.name} (${t.er.toFixed(1)}). ${symmetry[0].toUpperCase()}${symmetry.slice(1)} symmetry.`,
    };
  }
  return { level: menu.value, sym, note: `Level ${menu.value}, ${symmetry} symmetry.` };
}

// Says next to the practise form what its request asks for.
function showPractiseLevel() {
  $("practise-level").textContent = practiseLevel(techniqueOf($("technique").value)).note;
}

// The technique menu for the chosen size; the technique last chosen (or
// the one being practised) stays chosen while the size offers it, else the
// X-Wing, else the hardest offered.
async function offerTechniques() {
  const box = $("size").value;
  let table = techniqueTables.get(box);
  if (!table) {
    try {
      table = (await api("techniques?box=" + box)).techniques;
    } catch (e) {
      say(failure(e, "The techniques of this size could not be listed: "), "bad");
      return;
    }
    techniqueTables.set(box, table);
  }
  if ($("size").value !== box) return; // another size was chosen meanwhile
  const menu = $("technique");
  const want = menu.dataset.want || (game && game.practise && game.practise.id) || "x-wing";
  menu.replaceChildren(...table.map((t) => {
    const o = document.createElement("option");
    o.value = t.id;
    // A catalogue technique takes the service seconds per puzzle (it rates
    // a whole hardest-list puzzle), so a short budget can miss: say so.
    o.textContent = `${t.name} (${t.er.toFixed(1)})` + (t.catalogue ? " · slow, from the catalogue" : "");
    return o;
  }));
  const ids = table.map((t) => t.id);
  menu.value = ids.includes(want) ? want : ids[ids.length - 1];
  showPractiseLevel();
}

function techniqueOf(id) {
  const table = techniqueTables.get($("size").value) || [];
  return table.find((t) => t.id === id) || null;
}

async function practise(ev) {
  if (ev) ev.preventDefault();
  if ($("practise-new").disabled) return;
  const t = techniqueOf($("technique").value);
  if (!t) { say("Pick a technique first.", "bad"); return; }
  const drawn = drawnChosen();
  if (drawn) {
    say(`Practise puzzles are not made with ${drawn} rules (their puzzles draw their own regions or constraints, not made to a technique); untick ${drawn} to practise.`, "bad");
    return;
  }
  const { level, sym } = practiseLevel(t);
  const q = new URLSearchParams({
    ...chosenBoard(), needs: t.id, symmetry: sym, with_solution: "true",
  });
  if (level) q.set("difficulty", level);
  showPractiseLevel();
  try {
    const item = await waitFor($("practise-new"), $("practise-cancel"),
      (secs) => `Looking for a puzzle that needs ${t.name}…` + (secs ? ` ${secs} s (rare techniques take longer)` : ""),
      (signal) => api("generate?" + q, undefined, signal));
    await newGameFrom(item.shape, item.puzzle, item.solution, item.seed, item.rules || null);
    game.practise = { id: t.id, name: t.name, er: t.er };
    if (item.rating !== undefined) game.rating = { er: item.rating, level: item.level };
    else rateGame();
    draw();
    save();
    say(`A puzzle that needs ${t.name}: ${item.clues} clues. Hint tells you when the ${t.name} is due.`, "good");
    focusCell();
  } catch (e) {
    if (e.name === "AbortError") say("Cancelled: your game is as it was.");
    else if (e.status === 422) {
      // The service's reason, without its advice to API clients.
      const why = e.message.split("; ask for")[0];
      say(`No puzzle that needs ${t.name} this time. The service says: ${why}. Try again (each try starts ${t.catalogue ? "from other puzzles of the catalogue" : "from new grids"}) or pick another technique.`, "bad");
    }
    else say(failure(e), "bad");
  }
}

// What a hint adds in practise mode: that its step is the technique being
// practised, or that it is still to come.
function practiseHint(step) {
  const p = game.practise;
  if (!p) return "";
  if (step.technique_id === p.id) {
    $("explain-note").textContent = `This is the ${p.name} you are practising.`;
    $("explain-note").hidden = false;
    return ` This is the ${p.name} you are practising.`;
  }
  return ` The ${p.name} you are practising comes later.`;
}

function todayUtc() {
  return new Date().toISOString().slice(0, 10);
}

// The puzzle of `date` for the board `shape` (RxC) and `level`, with the
// rules menu's extra rules (or `rules` from a link). Null once it is shown,
// else what the status line says is wrong: the service's refusal after
// `refused`.
async function loadDaily(date, shape, level, rules, refused = "No daily puzzle: ") {
  const drawn = rules === undefined && drawnChosen();
  if (drawn) {
    const why = `Daily puzzles come with classic rules or rules that add houses, not with ${drawn} rules; untick ${drawn} for one.`;
    say(why, "bad");
    return why;
  }
  const board = rules !== undefined ? (rules ? { rules } : { box: shape }) : chosenBoard();
  const rulesName = board.rules || null;
  if (game && game.daily && game.daily.date === date && game.daily.level === level &&
      game.shape === shape && (game.rules || null) === rulesName) {
    say(`This is already the daily puzzle of ${date}.`);
    showDailyLink();
    return null;
  }
  const q = new URLSearchParams({ ...board, date, difficulty: level, with_solution: "true" });
  say(`Fetching the daily puzzle of ${date}…`);
  $("daily").disabled = true;
  try {
    const item = await api("daily?" + q);
    await newGameFrom(item.shape, item.puzzle, item.solution, item.seed, item.rules || null);
    game.level = level;
    game.daily = { date: item.date, level };
    if (item.rating !== undefined) game.rating = { er: item.rating, level: item.level };
    else rateGame();
    draw();
    save();
    const when = item.date === todayUtc() ? "today" : `on ${item.date}`;
    say(`The daily puzzle of ${item.date}: ${item.clues} clues, the same for everyone ${when}.`, "good");
    showDailyLink();
    focusCell();
    return null;
  } catch (e) {
    const why = failure(e, refused, ".");
    say(why, "bad");
    return why;
  } finally {
    $("daily").disabled = false;
  }
}

function dailyUrl() {
  const q = new URLSearchParams({ daily: game.daily.date, shape: `${game.br}x${game.bc}`, level: game.daily.level });
  if (game.rules) q.set("rules", game.rules);
  return `${location.origin}${location.pathname}#${q}`;
}

function showDailyLink() {
  $("share-label").textContent = "Share link";
  $("share-url").value = dailyUrl();
  $("share-box").hidden = false;
}

function isDailyLink(fragment) {
  return new URLSearchParams(fragment.replace(/^#/, "")).has("daily");
}

// What is wrong with the date `text` (YYYY-MM-DD), or null when it is a
// day of the calendar.
function badDate(text) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return `is not of the form YYYY-MM-DD`;
  const [y, m, d] = text.split("-").map(Number);
  if (m < 1 || m > 12) return `has no month ${m} (months are 01 to 12)`;
  const last = new Date(0);
  last.setUTCFullYear(y, m, 0);
  const days = last.getUTCDate();
  if (d < 1 || d > days) return `has no day ${d}: month ${m} of ${y} has ${days} days`;
  return null;
}

// Opens a daily link; null when done, or why not.
async function openDailyLink(fragment) {
  const q = new URLSearchParams(fragment.replace(/^#/, ""));
  const date = q.get("daily"), shape = q.get("shape") || "3x3", level = q.get("level") || "medium";
  const wrong = badDate(date);
  if (wrong) return `This daily link's date "${date}" ${wrong}.`;
  if (!/^[1-9]x[1-9]$/.test(shape)) return `This daily link's board "${shape}" is not a shape such as 3x3.`;
  $("difficulty").dataset.want = level;
  if (Array.from($("difficulty").options).some((o) => o.value === level)) $("difficulty").value = level;
  selectSize(shape);
  selectRules(q.get("rules"));
  return loadDaily(date, shape, level, q.get("rules"), "This daily link could not be opened: ");
}

// The mode line: the technique being practised, or the daily puzzle's date.
function drawMode() {
  const el = $("mode");
  let text = "";
  if (game.practise) text = `Practising ${game.practise.name} (rating ${game.practise.er.toFixed(1)}): Hint says when it is due.`;
  else if (game.daily) text = `Daily puzzle of ${game.daily.date} (${game.n}×${game.n}, ${game.daily.level}).`;
  el.textContent = text;
  el.hidden = !text;
}

// ---------- settings and theme ----------

function loadSettings() {
  try {
    const s = JSON.parse(localStorage.getItem(SETTINGS_STORE) || "null");
    if (s && typeof s === "object") {
      for (const k of Object.keys(DEFAULT_SETTINGS)) {
        if (typeof s[k] === typeof DEFAULT_SETTINGS[k]) settings[k] = s[k];
      }
    }
  } catch (_) { /* unreadable settings: the defaults apply */ }
}

function saveSettings() {
  try { localStorage.setItem(SETTINGS_STORE, JSON.stringify(settings)); } catch (_) { /* kept for this visit */ }
}

function darkNow() {
  if (settings.theme === "auto") return matchMedia("(prefers-color-scheme: dark)").matches;
  return settings.theme === "dark";
}

function applySettings() {
  for (const k of ["timer", "mistakes", "conflicts", "autoMarks"]) $("set-" + k).checked = settings[k];
  if (settings.theme === "auto") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = settings.theme;
  $("theme").setAttribute("aria-pressed", darkNow() ? "true" : "false");
  if (game) draw();
}

// ---------- start ----------

function init() {
  $("new-game").addEventListener("submit", guarded(newPuzzle));
  $("typed").addEventListener("submit", guarded(loadTyped));
  $("pencil").addEventListener("click", () => { pencil = !pencil; draw(); focusCell(); });
  $("erase").addEventListener("click", () => { erase(); focusCell(); });
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("check").addEventListener("click", check);
  $("reveal").addEventListener("click", reveal);
  $("solve").addEventListener("click", guarded(solveAnimated));
  $("made-show").addEventListener("click", guarded(showConstruction));
  $("made-play").addEventListener("click", playCarved);
  $("size").addEventListener("change", offerLevels);
  for (const b of variantBoxes()) {
    b.addEventListener("change", () => { showChosenRules(); offerLevels(); });
  }
  $("difficulty").addEventListener("change", (e) => { e.target.dataset.want = e.target.value; });
  $("hint").addEventListener("click", guarded(hint));
  $("steps").addEventListener("click", guarded(startWalk));
  $("print").addEventListener("click", guarded(printPdf));
  $("to-sudokupad").addEventListener("click", guarded(openInSudokupad));
  $("to-fpuzzles").addEventListener("click", guarded(copyFpuzzles));
  $("walk-prev").addEventListener("click", () => walkTo(walk.pos - 1));
  $("walk-next").addEventListener("click", () => walkTo(walk.pos + 1));
  $("walk-close").addEventListener("click", () => { closeWalk(); focusCell(); });
  $("stop").addEventListener("click", () => { stopAnimation(); say("Stopped."); });
  $("speed").addEventListener("input", (e) => e.target.setAttribute("aria-valuetext", SPEED_NAMES[e.target.value]));
  $("pause").addEventListener("click", () => setPaused(!game.paused));
  $("resume").addEventListener("click", () => setPaused(false));
  $("share").addEventListener("click", share);
  $("keys-open").addEventListener("click", () => $("keys").showModal());
  $("keys-close").addEventListener("click", () => $("keys").close());
  $("done-close").addEventListener("click", () => $("done").close());
  $("done-new").addEventListener("click", guarded(() => { $("done").close(); return newPuzzle(); }));
  $("theme").addEventListener("click", () => {
    settings.theme = darkNow() ? "light" : "dark";
    saveSettings();
    applySettings();
  });
  for (const k of ["timer", "mistakes", "conflicts", "autoMarks"]) {
    $("set-" + k).addEventListener("change", (e) => { settings[k] = e.target.checked; saveSettings(); applySettings(); });
  }
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", applySettings);
  document.addEventListener("visibilitychange", () => { syncClock(); save(); });
  setInterval(drawClock, 500);
  document.addEventListener("keydown", onKey);
  loadSettings();
  applySettings();
  offerLevels();
  initPractise();
  start();
}

async function start() {
  if (location.hash.length > 1) {
    const fragment = location.hash;
    window.history.replaceState(null, "", location.pathname + location.search);
    const daily = isDailyLink(fragment);
    const problem = daily ? await openDailyLink(fragment) : await openShared(fragment);
    if (!problem) { if (!daily) say("Opened the shared puzzle."); focusCell(); return; }
    if (await restore()) { build(); syncClock(); } else await newPuzzle();
    say(problem, "bad");
    return;
  }
  if (await restore()) {
    build();
    syncClock();
    say("Welcome back: your game is as you left it.");
  } else {
    newPuzzle();
  }
}

init();
