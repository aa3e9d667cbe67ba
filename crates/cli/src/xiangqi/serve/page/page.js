// The board page of `xiangqi serve`. Every rule comes from the server's
// JSON API (docs/serve-api.md); this script only draws and asks.
"use strict";

const START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const FILES = "abcdefghi";
const SVG = "http://www.w3.org/2000/svg";
const CJK = "'Noto Serif CJK SC', 'Noto Sans CJK SC', 'Source Han Serif SC', 'Songti SC', SimSun, serif";
const CHARACTERS = {
  K: "帥", A: "仕", B: "相", N: "傌", R: "俥", C: "炮", P: "兵",
  k: "將", a: "士", b: "象", n: "馬", r: "車", c: "砲", p: "卒",
};
const RED_NUMBERS = "九八七六五四三二一";
const BLACK_NUMBERS = "１２３４５６７８９";
const INK = "#5a3a1a";

const $ = (id) => document.getElementById(id);

// What is shown: lines of moves from one start, the current line and ply.
const state = {
  start: START_FEN,
  // Each line: every move from the start, the ply it branches at from its
  // parent line (the move it replaces), and comments by ply.
  lines: [{ moves: [], from: 0, parent: null, comments: {} }],
  line: 0,
  ply: 0,
  flipped: false,
  info: null,         // the answer of /api/position for the line shown (each=1)
  plyInfo: new Map(), // "line:ply" -> answer of /api/position for the prefix
  selected: null,
  record: null,       // the game object of the record shown, if any
  games: [],
  editing: false,
  brush: null,
  setupBoard: null,
  solving: null,      // the AbortController of the search running, if one is
  solution: null,     // the last search's answer, and the moves it started from
};

function moves() { return state.lines[state.line].moves; }

function element(name, attributes, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

// --- the board -------------------------------------------------------------

// The point of a square on the picture: red's side at the bottom unless flipped.
function point(file, rank) {
  const column = state.flipped ? 8 - file : file;
  const row = state.flipped ? rank : 9 - rank;
  return [45 + 50 * column, 75 + 50 * row];
}

function placement(fen) {
  const board = new Map();
  const rows = fen.split(" ")[0].split("/");
  rows.forEach((row, index) => {
    const rank = 9 - index;
    let file = 0;
    for (const c of row) {
      if (c >= "1" && c <= "9") file += Number(c);
      else { board.set(FILES[file] + rank, c); file += 1; }
    }
  });
  return board;
}

function drawGrid(svg) {
  element("rect", { width: 490, height: 600, fill: "#f0d9a0" }, svg);
  const grid = element("g", { stroke: INK, "stroke-width": 1.5, fill: "none", "stroke-linecap": "square" }, svg);
  element("rect", { x: 41, y: 71, width: 408, height: 458, "stroke-width": 3 }, grid);
  for (let row = 0; row < 10; row++) element("line", { x1: 45, y1: 75 + 50 * row, x2: 445, y2: 75 + 50 * row }, grid);
  for (let column = 0; column < 9; column++) {
    const x = 45 + 50 * column;
    if (column === 0 || column === 8) element("line", { x1: x, y1: 75, x2: x, y2: 525 }, grid);
    else {
      element("line", { x1: x, y1: 75, x2: x, y2: 275 }, grid);
      element("line", { x1: x, y1: 325, x2: x, y2: 525 }, grid);
    }
  }
  for (const [top, bottom] of [[75, 175], [425, 525]]) {
    element("line", { x1: 195, y1: top, x2: 295, y2: bottom }, grid);
    element("line", { x1: 295, y1: top, x2: 195, y2: bottom }, grid);
  }
  const river = (x, text) => {
    const t = element("text", { x, y: 300, "font-size": 24, "font-family": CJK, "text-anchor": "middle",
      "dominant-baseline": "central", fill: INK }, svg);
    t.textContent = text;
  };
  river(145, state.flipped ? "漢 界" : "楚 河");
  river(345, state.flipped ? "楚 河" : "漢 界");
  for (let file = 0; file < 9; file++) {
    const [x] = point(file, 0);
    const label = (y, text, size) => {
      const t = element("text", { x, y, "font-size": size, "text-anchor": "middle", "dominant-baseline": "central",
        fill: INK, "font-family": CJK }, svg);
      t.textContent = text;
    };
    const red = RED_NUMBERS[file], black = BLACK_NUMBERS[file];
    label(state.flipped ? 18 : 582, red, 17);
    label(state.flipped ? 582 : 18, black, 15);
    label(state.flipped ? 555 : 45, FILES[file], 12);
  }
}

function drawPiece(group, x, y, letter) {
  const red = letter === letter.toUpperCase();
  const colour = red ? "#b01818" : "#1a1a1a";
  const piece = element("g", { "data-piece": letter, class: "piece" }, group);
  element("circle", { cx: x, cy: y, r: 21, fill: "#fbeccb", stroke: colour, "stroke-width": 2 }, piece);
  element("circle", { cx: x, cy: y, r: 17.5, fill: "none", stroke: colour, "stroke-width": 0.8 }, piece);
  const text = element("text", { x, y, "font-size": 24, "font-family": CJK, "text-anchor": "middle",
    "dominant-baseline": "central", fill: colour }, piece);
  text.textContent = CHARACTERS[letter] || "?";
}

// Draws the position at the current ply (or the board being set up): a
// synchronous redraw from the FEN alone, so stepping never waits.
// The grid is drawn once for each way round; only the points are redrawn.
let drawnGrid = null;

function drawBoard() {
  const board_ = $("board");
  if (drawnGrid !== state.flipped) {
    board_.textContent = "";
    drawGrid(board_);
    element("g", { id: "points" }, board_);
    drawnGrid = state.flipped;
  }
  const svg = $("points");
  svg.textContent = "";
  const fen = state.editing ? null : fenAt(state.ply);
  const board = state.editing ? state.setupBoard : placement(fen || state.start);
  const info = state.plyInfo.get(key(state.ply));
  const last = state.ply > 0 ? moves()[state.ply - 1] : null;
  const marks = new Map();
  if (last) { marks.set(last.slice(0, 2), "last"); marks.set(last.slice(2, 4), "last"); }
  if (info) {
    for (const square of info.checkers) marks.set(square, "check");
    for (const attack of info.attacks) if (attack.chase) { marks.set(attack.attacker, "chaser"); marks.set(attack.victim, "chased"); }
  }
  const targets = new Set();
  if (state.selected && info) for (const mv of info.legal_moves) if (mv.startsWith(state.selected)) targets.add(mv.slice(2, 4));
  const colours = { last: "#2a7a2a", check: "#d01010", chaser: "#d98b00", chased: "#7a3ad9" };
  for (let rank = 0; rank < 10; rank++) {
    for (let file = 0; file < 9; file++) {
      const square = FILES[file] + rank;
      const [x, y] = point(file, rank);
      const group = element("g", { "data-square": square }, svg);
      element("rect", { x: x - 25, y: y - 25, width: 50, height: 50, fill: "transparent" }, group);
      const mark = marks.get(square);
      if (mark) element("rect", { x: x - 24, y: y - 24, width: 48, height: 48, fill: "none", stroke: colours[mark],
        "stroke-width": 3, rx: 6, class: "mark-" + mark }, group);
      const letter = board.get(square);
      if (letter) drawPiece(group, x, y, letter);
      if (state.selected === square) element("circle", { cx: x, cy: y, r: 23, fill: "none", stroke: "#2a7a2a", "stroke-width": 3 }, group);
      if (targets.has(square)) {
        group.setAttribute("data-target", "true");
        element("circle", { cx: x, cy: y, r: letter ? 23 : 7, fill: letter ? "none" : "#2a7a2a",
          stroke: "#2a7a2a", "stroke-width": 3, opacity: 0.8 }, group);
      }
    }
  }
}

// --- talking to the server ------------------------------------------------

async function api(path, options) {
  const response = await fetch(path, options);
  const type = response.headers.get("Content-Type") || "";
  const body = type.startsWith("application/json") ? await response.json() : await response.text();
  if (!response.ok) throw new Error(body && body.error ? body.error : String(body));
  return body;
}

function query(movesList, extra) {
  const params = new URLSearchParams({ fen: state.start, moves: movesList.join(",") });
  for (const [name, value] of Object.entries(extra || {})) params.set(name, value);
  return params.toString();
}

function key(ply) { return state.line + ":" + ply; }
function notation() { return $("notation").value; }
function fenAt(ply) { return state.info && state.info.plies && state.info.plies[ply] ? state.info.plies[ply].fen : null; }

// Asks for the whole line shown (every ply's FEN, the moves written, the
// ending), unless it is known; `info` is kept on the line until it changes.
async function loadLine() {
  const line = state.lines[state.line];
  if (!line.info) line.info = await api("/api/position?" + query(line.moves, { each: 1, notation: notation() }));
  state.info = line.info;
}

// Asks for every line's moves written (for the move list), then lists them again.
async function loadAllLines() {
  const wanted = state.lines.filter((line) => !line.info);
  if (!wanted.length) return;
  const lines = state.lines;
  await Promise.all(wanted.map(async (line) => {
    line.info = await api("/api/position?" + query(line.moves, { each: 1, notation: notation() }));
  }));
  if (lines === state.lines) { showMoves(); listedInfo = state.info; }
}

// Forgets what was asked about the lines: their moves or the notation changed.
function forgetLines() {
  for (const line of state.lines) line.info = null;
  state.plyInfo.clear();
}

// Asks for the position at the current ply (legal moves, check, attacks).
// And asks for the next one too, so that stepping on finds it at once.
async function loadPly() {
  const info = await askPly(state.line, state.ply);
  if (state.ply < moves().length) askPly(state.line, state.ply + 1).catch(() => {});
  return info;
}

// The questions on their way, by query: each is asked once.
const asking = new Map();

function askPly(line, ply) {
  const name = line + ":" + ply;
  if (state.plyInfo.has(name)) return Promise.resolve(state.plyInfo.get(name));
  const asked = query(state.lines[line].moves.slice(0, ply), { notation: notation() });
  if (asking.has(asked)) return asking.get(asked);
  const answer = api("/api/position?" + asked).then((info) => {
    // Kept only if the line and the notation are still what was asked about.
    const now = state.lines[line] ? query(state.lines[line].moves.slice(0, ply), { notation: notation() }) : null;
    if (now === asked) state.plyInfo.set(name, info);
    return info;
  }).finally(() => asking.delete(asked));
  asking.set(asked, answer);
  return answer;
}

function say(text) { $("message").textContent = text || ""; }

// --- showing ---------------------------------------------------------------

// The move list is rebuilt when the line or its notation changes; a step
// only moves the highlight.
let listedInfo = null;

function markCurrent() {
  const list = $("moves");
  for (const old of list.querySelectorAll(".current")) old.classList.remove("current");
  // A variation's moves before it branches are its parent's.
  const line = owner(state.line, state.ply - 1);
  const current = list.querySelector(`[data-line="${line}"][data-ply="${state.ply}"]`);
  if (current) { current.classList.add("current"); current.scrollIntoView({ block: "nearest" }); }
}

async function show() {
  // The board at once from the line's FEN, unless the ply's answer is known:
  // then it is drawn once, with its marks, below.
  if (!state.plyInfo.has(key(state.ply))) drawBoard();
  if (listedInfo !== state.info) { showMoves(); listedInfo = state.info; } else markCurrent();
  try {
    const info = await loadPly();
    if (info !== state.plyInfo.get(key(state.ply))) return;
    showStatus(info);
    drawBoard();
  } catch (error) { say(error.message); }
}

function showStatus(info) {
  const status = $("status");
  const turn = info.turn;
  status.dataset.turn = turn;
  status.dataset.check = String(info.check);
  delete status.dataset.result;
  delete status.dataset.reason;
  const lines = [];
  const side = turn === "red" ? "Red" : "Black";
  if (info.outcome) {
    status.dataset.result = info.outcome.result;
    status.dataset.reason = info.outcome.reason;
    lines.push(`Game over: ${info.outcome.result} (${info.outcome.reason.replace(/[-_]/g, " ")})`);
    lines.push(info.outcome.text_zh || info.outcome.text);
  } else {
    lines.push(`${side} to move` + (info.check ? ": check" : ""));
  }
  const chases = info.attacks.filter((attack) => attack.chase);
  if (chases.length) lines.push("The last move chases: " + chases.map((a) => `${a.attacker} → ${a.victim}`).join(", "));
  const record = state.record;
  if (record && state.line === 0 && state.ply === record.moves.length) {
    if (record.result_check === "disagrees") {
      const board = record.outcome ? record.outcome.result : "not that";
      lines.push(`The record gives ${record.result}, but the board says ${board}.`);
    }
    if (record.error) lines.push(`The record stops here: ${record.error.message}`);
  }
  status.textContent = lines.join("\n");
  $("fen").value = info.fen;
  const linkQuery = query(moves().slice(0, state.ply));
  $("link").href = "/?" + linkQuery;
  for (const format of ["pgn", "xqf", "dhtmlxq", "svg"]) {
    $("save-" + format).href = "/api/export?" + query(format === "svg" ? moves().slice(0, state.ply) : moves(), { format });
  }
}

// The line, `line` or one it branches from, whose own move `index` (0 based)
// is: a variation replacing that move branches from it.
function owner(line, index) {
  while (line > 0 && index < state.lines[line].from) line = state.lines[line].parent;
  return line;
}

// The lines branching from each line, by the index of the line they leave.
function branches() {
  const children = new Map();
  state.lines.forEach((line, index) => {
    if (index === 0) return;
    if (!children.has(line.parent)) children.set(line.parent, []);
    children.get(line.parent).push(index);
  });
  return children;
}

// The move list: the main line, each variation in parentheses and indented
// after the move it replaces, each comment under its move.
function showMoves() {
  const list = $("moves");
  list.textContent = "";
  const children = branches();
  const first = state.lines[0].comments[0];
  if (first) list.appendChild(commentBlock(first));
  listLine(list, 0, 0, children);
  const current = list.querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
  markCurrent();
}

function commentBlock(text) {
  const block = document.createElement("div");
  block.className = "comment";
  block.textContent = text;
  return block;
}

// Lists line `index` from its move `from` (0 based) on into `container`.
function listLine(container, index, from, children) {
  const line = state.lines[index];
  const info = line.info;
  const written = info ? info.written : [];
  const outcome = info ? info.outcome : null;
  const cycle = outcome && outcome.cycle ? outcome.cycle : null;
  const redFirst = state.start.split(" ")[1] !== "b";
  const firstNumber = Number(state.start.split(" ")[5]) || 1;
  const own = children.get(index) || [];
  const variation = (child) => {
    const block = document.createElement("div");
    block.className = "variation";
    block.appendChild(document.createTextNode("( "));
    listLine(block, child, state.lines[child].from, children);
    block.appendChild(document.createTextNode(")"));
    container.appendChild(block);
  };
  let numbered = false;
  for (let i = from; i < line.moves.length; i++) {
    const ply = i + 1;
    const redMove = (i % 2 === 0) === redFirst;
    if (redMove || !numbered) {
      const number = document.createElement("span");
      number.className = "number";
      const moveNumber = firstNumber + Math.floor((i + (redFirst ? 0 : 1)) / 2);
      number.textContent = moveNumber + (redMove ? "." : "…");
      container.appendChild(number);
      numbered = true;
    }
    const span = document.createElement("span");
    span.dataset.line = String(index);
    span.dataset.ply = String(ply);
    span.dataset.move = line.moves[i];
    span.textContent = written[i] || line.moves[i];
    if (cycle && ply > cycle[0] && ply <= cycle[1]) span.classList.add("cycle");
    container.appendChild(span);
    container.appendChild(document.createTextNode(" "));
    const comment = line.comments[ply];
    if (comment) { container.appendChild(commentBlock(comment)); numbered = false; }
    for (const child of own) if (state.lines[child].from === i) { variation(child); numbered = false; }
  }
  for (const child of own) if (state.lines[child].from >= line.moves.length) variation(child);
  if (outcome) {
    const ending = document.createElement("span");
    ending.className = "ending";
    ending.textContent = `${outcome.result}: ${outcome.text_zh || outcome.text}`;
    container.appendChild(ending);
  }
}

async function go(ply) {
  state.ply = Math.max(0, Math.min(ply, moves().length));
  state.selected = null;
  await show();
}

// Opens a new game: a start, its moves (a list of ICCS moves, or lines as
// `linesOfTree` makes them), shown at `ply` of the main line.
async function open(start, line, ply, record) {
  const previous = { start: state.start, lines: state.lines, line: state.line, record: state.record };
  state.start = start || START_FEN;
  const given = line.length > 0 && typeof line[0] === "object";
  state.lines = given ? line : [{ moves: line, from: 0, parent: null, comments: {} }];
  state.plyInfo.clear();
  state.line = 0;
  state.record = record || null;
  stopSolving();
  showSolution(null);
  state.editing = false;
  $("palette").hidden = true;
  try {
    await loadLine();
  } catch (error) {
    Object.assign(state, previous);
    throw error;
  }
  $("problems").textContent = "";
  showTags();
  await go(ply);
  if (state.lines.length > 1) loadAllLines().catch((error) => say(error.message));
}

// The lines of a record's tree (`tree` of /api/read?tree=1): the main line
// first, then each variation, which branches where it replaces a move.
function linesOfTree(tree) {
  const lines = [{ moves: [], from: 0, parent: null, comments: {} }];
  if (tree.comment) lines[0].comments[0] = tree.comment;
  const walk = (nodes, index) => {
    const line = lines[index];
    for (const node of nodes) {
      for (const variation of node.variations || []) {
        lines.push({ moves: line.moves.slice(), from: line.moves.length, parent: index, comments: {} });
        walk(variation, lines.length - 1);
      }
      line.moves.push(node.move);
      if (node.comment) line.comments[line.moves.length] = node.comment;
    }
  };
  walk(tree.moves, 0);
  return lines;
}

// The tree of the lines shown, as POST /api/export takes it.
function treeOfLines() {
  const children = branches();
  const build = (index, from) => {
    const line = state.lines[index];
    const nodes = [];
    for (let i = from; i < line.moves.length; i++) {
      const node = { move: line.moves[i] };
      if (line.comments[i + 1]) node.comment = line.comments[i + 1];
      const variations = (children.get(index) || []).filter((child) => state.lines[child].from === i)
        .map((child) => build(child, i));
      if (variations.length) node.variations = variations;
      nodes.push(node);
    }
    return nodes;
  };
  return { comment: state.lines[0].comments[0] || null, moves: build(0, 0) };
}

// Saves what is shown, variations and comments too, as `format`.
async function save(format) {
  const record = state.record;
  const body = { fen: state.start, tags: record ? record.tags || {} : {}, tree: treeOfLines() };
  if (record && record.result && state.lines[0].moves.join() === record.moves.join()) body.result = record.result;
  const response = await fetch("/api/export?format=" + format, { method: "POST", body: JSON.stringify(body) });
  if (!response.ok) throw new Error((await response.json()).error);
  const disposition = response.headers.get("Content-Disposition") || "";
  const name = (disposition.match(/filename="([^"]+)"/) || [])[1] || "game";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

function showTags() {
  const record = state.record;
  const tags = $("tags");
  tags.textContent = "";
  if (!record) return;
  const t = record.tags || {};
  const parts = [t.Red && t.Black ? `${t.Red} – ${t.Black}` : t.Red || t.Black, t.Event, t.Date, record.result]
    .filter((part) => part);
  tags.textContent = parts.join(" · ");
}

// --- playing -----------------------------------------------------------------

async function play(mv) {
  say("");
  const info = state.plyInfo.get(key(state.ply));
  const prefix = moves().slice(0, state.ply);
  if (!info || !info.legal_moves.includes(mv)) {
    // Not a legal move: the server says why.
    try {
      await api("/api/position?" + query(prefix.concat([mv])));
    } catch (error) {
      say("Refused: " + error.message);
      state.selected = null;
      drawBoard();
      return;
    }
  }
  const line = state.lines[state.line];
  if (state.ply < line.moves.length) {
    if (line.moves[state.ply] === mv) { await go(state.ply + 1); return; }
    // A new move where the line has another: a new variation from here.
    const existing = state.lines.findIndex((other) => other.moves.length > state.ply &&
      other.moves.slice(0, state.ply + 1).join() === prefix.concat([mv]).join());
    if (existing >= 0) state.line = existing;
    else {
      state.lines.push({ moves: prefix.concat([mv]), from: state.ply, parent: owner(state.line, state.ply), comments: {} });
      state.line = state.lines.length - 1;
    }
  } else {
    line.moves.push(mv);
    line.info = null;
    state.plyInfo.clear();
  }
  await loadLine();
  await go(state.ply + 1);
}

async function takeBack() {
  const line = state.lines[state.line];
  if (line.moves.length === 0 || (state.line > 0 && line.moves.length <= line.from + 1)) {
    if (state.line > 0) {
      // The variation goes; the lines branching from it now branch from its parent.
      const gone = state.line;
      state.lines.splice(gone, 1);
      for (const other of state.lines) {
        if (other.parent === gone) other.parent = line.parent;
        else if (other.parent > gone) other.parent -= 1;
      }
      state.line = line.parent > gone ? line.parent - 1 : line.parent;
      state.plyInfo.clear();
      await loadLine();
      showMoves();
      await go(line.from);
    }
    return;
  }
  line.moves.pop();
  line.info = null;
  state.plyInfo.clear();
  await loadLine();
  await go(Math.min(state.ply, line.moves.length));
}

function clickSquare(square) {
  if (state.editing) { placePiece(square); return; }
  const info = state.plyInfo.get(key(state.ply));
  if (!info) return;
  const letter = placement(info.fen).get(square);
  const own = letter && ((letter === letter.toUpperCase()) === (info.turn === "red"));
  if (state.selected && state.selected !== square && !own) {
    play(state.selected + square);
    return;
  }
  if (own) state.selected = state.selected === square ? null : square;
  else if (letter) { say(`It is ${info.turn}'s move.`); state.selected = null; }
  else state.selected = null;
  drawBoard();
}

function squareAt(event) {
  const target = document.elementFromPoint(event.clientX, event.clientY);
  const group = target && target.closest("[data-square]");
  return group ? group.dataset.square : null;
}

function wireBoard() {
  const svg = $("board");
  let pressed = null;
  svg.addEventListener("pointerdown", (event) => { pressed = squareAt(event); });
  svg.addEventListener("pointerup", (event) => {
    const released = squareAt(event);
    if (!pressed || !released) { pressed = null; return; }
    if (pressed === released) clickSquare(released);
    else if (!state.editing) {
      // A drag: select where it began, play where it ended.
      const info = state.plyInfo.get(key(state.ply));
      if (info) { state.selected = pressed; play(pressed + released); }
    }
    pressed = null;
  });
}

// --- solving -------------------------------------------------------------------

// Stops the search running, if one is; `told`: say so where its answer would be.
function stopSolving(told) {
  if (state.solving) { state.solving.told = Boolean(told); state.solving.abort(); }
  state.solving = null;
  $("solve").hidden = false;
  $("solve-stop").hidden = true;
}

// Searches the position shown for a forced mate (GET /api/solve), showing
// its progress as the server streams it, then the answer.
async function solve() {
  stopSolving();
  say("");
  const controller = new AbortController();
  state.solving = controller;
  $("solve").hidden = true;
  $("solve-stop").hidden = false;
  const base = moves().slice(0, state.ply);
  const params = { depth: $("solve-depth").value, time: $("solve-time").value, notation: notation() };
  if ($("solve-checks").checked) params.checks_only = 1;
  showSolution({ progress: { searching: 1, no_mate_within: 0, nodes: 0, ms: 0 } });
  try {
    const response = await fetch("/api/solve?" + query(base, params), { signal: controller.signal });
    if (!response.ok) throw new Error((await response.json()).error);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffered = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      let newline;
      while ((newline = buffered.indexOf("\n")) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        if (!line) continue;
        const answer = JSON.parse(line);
        if (answer.solution) state.solution = Object.assign(answer.solution, { base });
        showSolution(answer.solution ? state.solution : answer);
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) { showSolution(null); say(error.message); }
    else if (controller.told) showSolution({ stopped: true });
  } finally {
    if (state.solving === controller) { state.solving = null; $("solve").hidden = false; $("solve-stop").hidden = true; }
  }
}

function count(nodes) {
  return nodes >= 1e6 ? (nodes / 1e6).toFixed(1) + " M" : nodes >= 1e3 ? (nodes / 1e3).toFixed(0) + " k" : String(nodes);
}

function showSolution(answer) {
  const box = $("solution");
  box.textContent = "";
  delete box.dataset.result;
  if (!answer) return;
  const text = (words, className) => {
    const span = document.createElement("span");
    if (className) span.className = className;
    span.textContent = words;
    box.appendChild(span);
  };
  if (answer.stopped) { text("Stopped.", "progress"); return; }
  if (answer.progress) {
    const p = answer.progress;
    const proved = p.no_mate_within ? `; no mate within ${p.no_mate_within} proved` : "";
    text(`Searching for a mate in ${p.searching}… ${count(p.nodes)} nodes, ${(p.ms / 1000).toFixed(1)} s${proved}`, "progress");
    return;
  }
  box.dataset.result = answer.result;
  const seconds = (answer.ms / 1000).toFixed(1);
  if (answer.result === "no-mate") { text(`No mate within ${answer.bound} moves (proved; ${count(answer.nodes)} nodes, ${seconds} s).`); return; }
  if (answer.result === "unknown") {
    const limit = { time: "the time limit", nodes: "the node limit", stopped: "a newer search" }[answer.limit] || answer.limit;
    const proved = answer.no_mate_within ? `no mate within ${answer.no_mate_within} proved` : "nothing proved yet";
    text(`Unknown: stopped by ${limit} after ${seconds} s; ${proved}.`);
    return;
  }
  text(`Mate in ${answer.moves}: `);
  const redFirst = answer.fen.split(" ")[1] !== "b";
  let number = Number(answer.fen.split(" ")[5]) || 1;
  answer.line.forEach((mv, index) => {
    const redMove = (index % 2 === 0) === redFirst;
    if (redMove || index === 0) text(`${number}${redMove ? "." : "…"} `, "number");
    if (!redMove) number++;
    const step = document.createElement("span");
    step.dataset.step = String(index + 1);
    step.dataset.move = mv;
    step.textContent = answer.written[index] || mv;
    box.appendChild(step);
    box.appendChild(document.createTextNode(" "));
  });
}

// Writes the solution's line again in the notation chosen.
async function rewriteSolution() {
  const answer = state.solution;
  if (!answer || answer.result !== "mate") return;
  const info = await api("/api/position?" + query(answer.base.concat(answer.line), { notation: notation() }));
  answer.written = info.written.slice(answer.base.length);
  if ($("solution").dataset.result === "mate") showSolution(answer);
}

// Shows the solution's line as a variation from where it was solved, at its `steps`-th move.
async function followSolution(steps) {
  const answer = state.solution;
  if (!answer) return;
  const full = answer.base.concat(answer.line);
  const same = (a, b, length) => a.slice(0, length).join() === b.slice(0, length).join();
  let index = state.lines.findIndex((line) => line.moves.length >= full.length && same(line.moves, full, full.length));
  if (index < 0) {
    const parent = Math.max(0, state.lines.findIndex((line) => line.moves.length >= answer.base.length &&
      same(line.moves, answer.base, answer.base.length)));
    if (state.lines[parent].moves.length === answer.base.length) {
      // Solved at the end of a line: the line plays on.
      state.lines[parent].moves = full;
      state.lines[parent].info = null;
      index = parent;
    } else {
      state.lines.push({ moves: full, from: answer.base.length, parent: owner(parent, answer.base.length), comments: {} });
      index = state.lines.length - 1;
    }
    state.plyInfo.clear();
  }
  state.line = index;
  await loadLine();
  await go(answer.base.length + steps);
}

// --- setting up ----------------------------------------------------------------

async function setUp(fen) {
  say("");
  $("problems").textContent = "";
  let setup;
  try {
    setup = await api("/api/setup?" + new URLSearchParams({ fen }));
  } catch (error) { say(error.message); return; }
  if (!setup.legal) {
    say("This position cannot be played: " + setup.problems.join("; "));
    for (const problem of setup.problems) {
      const item = document.createElement("li");
      item.textContent = problem;
      $("problems").appendChild(item);
    }
    state.setupBoard = placement(setup.fen);
    state.editing = true;
    $("palette").hidden = false;
    drawBoard();
    return;
  }
  await open(setup.fen, [], 0, null);
}

function placePiece(square) {
  if (state.brush === null) return;
  if (state.brush === "") state.setupBoard.delete(square);
  else state.setupBoard.set(square, state.brush);
  const fen = boardFen(state.setupBoard) + " " + ($("fen").value.split(" ")[1] || "w");
  $("fen").value = fen;
  drawBoard();
  api("/api/setup?" + new URLSearchParams({ fen })).then((setup) => {
    $("problems").textContent = "";
    for (const problem of setup.problems) {
      const item = document.createElement("li");
      item.textContent = problem;
      $("problems").appendChild(item);
    }
  }).catch((error) => say(error.message));
}

function boardFen(board) {
  const rows = [];
  for (let rank = 9; rank >= 0; rank--) {
    let row = "", empty = 0;
    for (let file = 0; file < 9; file++) {
      const letter = board.get(FILES[file] + rank);
      if (letter) { if (empty) row += empty; empty = 0; row += letter; } else empty++;
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return rows.join("/");
}

function buildPalette() {
  const palette = $("palette");
  for (const letter of "KABNRCPkabnrcp".split("").concat([""])) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.brush = letter;
    button.textContent = letter ? CHARACTERS[letter] : "✕";
    button.title = letter ? letter : "remove";
    if (letter && letter === letter.toUpperCase()) button.classList.add("red");
    palette.appendChild(button);
  }
  const done = document.createElement("button");
  done.type = "button";
  done.id = "edit-done";
  done.textContent = "Done";
  done.style.width = "auto";
  palette.appendChild(done);
  palette.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.id === "edit-done") { setUp($("fen").value); return; }
    state.brush = button.dataset.brush;
    for (const other of palette.querySelectorAll("button")) other.classList.toggle("chosen", other === button);
  });
}

// --- records and games ----------------------------------------------------------

async function openFile(file) {
  say("");
  try {
    const games = await api("/api/read?" + new URLSearchParams({ tree: 1, name: file.name }), { method: "POST", body: file });
    listGames(games);
    await openGame(1);
  } catch (error) { say(error.message); }
}

async function openGame(number) {
  const game = state.games[number - 1];
  if (!game) return;
  for (const item of $("games").children) item.classList.toggle("current", item.dataset.game === String(number));
  if (!game.start_fen) { say(`Game ${number} cannot be shown: ${game.error ? game.error.message : "no moves"}`); return; }
  await open(game.start_fen, game.tree ? linesOfTree(game.tree) : game.moves.slice(), 0, game);
  if (game.error) say(`Game ${number}: ${game.error.message}`);
}

function listGames(games) {
  state.games = games;
  const list = $("games");
  list.textContent = "";
  const fragment = document.createDocumentFragment();
  games.forEach((game, index) => {
    const item = document.createElement("li");
    item.dataset.game = String(index + 1);
    const t = game.tags || {};
    const who = [t.Red, t.Black].filter((x) => x).join(" – ") || game.file;
    item.textContent = [who, t.Event, game.result].filter((x) => x).join(" · ");
    item.dataset.search = [t.Red, t.Black, t.Event, game.file].join(" ").toLowerCase();
    item.dataset.result = game.result || "*";
    fragment.appendChild(item);
  });
  list.appendChild(fragment);
  filterGames();
}

function filterGames() {
  const words = $("filter").value.toLowerCase().trim();
  const result = $("filter-result").value;
  let shown = 0;
  for (const item of $("games").children) {
    const hide = (words && !item.dataset.search.includes(words)) || (result && item.dataset.result !== result);
    item.hidden = Boolean(hide);
    if (!hide) shown++;
  }
  $("games-count").textContent = state.games.length ? `${shown} of ${state.games.length}` : "";
}

// --- wiring ----------------------------------------------------------------------

function wire() {
  $("start").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(state.ply - 1));
  $("next").addEventListener("click", () => go(state.ply + 1));
  $("end").addEventListener("click", () => go(moves().length));
  $("takeback").addEventListener("click", takeBack);
  $("flip").addEventListener("click", () => { state.flipped = !state.flipped; drawBoard(); });
  $("new").addEventListener("click", () => open(START_FEN, [], 0, null).catch((e) => say(e.message)));
  $("notation").addEventListener("change", async () => {
    forgetLines();
    await loadLine();
    await show();
    await loadAllLines();
    await rewriteSolution();
  });
  $("moves").addEventListener("click", async (event) => {
    const span = event.target.closest("[data-ply]");
    if (!span) return;
    const line = Number(span.dataset.line || 0);
    if (line !== state.line) { state.line = line; await loadLine(); }
    await go(Number(span.dataset.ply));
  });
  for (const format of ["pgn", "xqf", "dhtmlxq"]) {
    $("save-" + format).addEventListener("click", (event) => {
      event.preventDefault();
      save(format).catch((error) => say(error.message));
    });
  }
  $("solve-form").addEventListener("submit", (event) => { event.preventDefault(); solve(); });
  $("solve-stop").addEventListener("click", () => stopSolving(true));
  $("solution").addEventListener("click", (event) => {
    const step = event.target.closest("[data-step]");
    if (step) followSolution(Number(step.dataset.step));
  });
  $("fen-form").addEventListener("submit", (event) => { event.preventDefault(); setUp($("fen").value.trim()); });
  $("edit").addEventListener("click", () => {
    state.editing = !state.editing;
    $("palette").hidden = !state.editing;
    if (state.editing) { state.setupBoard = placement($("fen").value || START_FEN); state.selected = null; }
    drawBoard();
  });
  $("copy-fen").addEventListener("click", () => {
    const fen = $("fen").value;
    if (navigator.clipboard) navigator.clipboard.writeText(fen).then(() => say("FEN copied"), () => say(fen));
    else say(fen);
  });
  $("open").addEventListener("change", () => { if ($("open").files[0]) openFile($("open").files[0]); });
  $("games").addEventListener("click", (event) => {
    const item = event.target.closest("[data-game]");
    if (item) openGame(Number(item.dataset.game));
  });
  $("filter").addEventListener("input", filterGames);
  $("filter-result").addEventListener("change", filterGames);
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea")) return;
    const steps = { ArrowLeft: () => go(state.ply - 1), ArrowRight: () => go(state.ply + 1),
      Home: () => go(0), End: () => go(moves().length) };
    if (steps[event.key]) { event.preventDefault(); steps[event.key](); }
  });
  const drop = $("drop");
  document.addEventListener("dragover", (event) => { event.preventDefault(); drop.hidden = false; });
  document.addEventListener("dragleave", (event) => { if (!event.relatedTarget) drop.hidden = true; });
  document.addEventListener("drop", (event) => {
    event.preventDefault();
    drop.hidden = true;
    const file = event.dataTransfer.files[0];
    if (file) openFile(file);
  });
  wireBoard();
  buildPalette();
}

async function main() {
  wire();
  const params = new URLSearchParams(location.search);
  const line = (params.get("moves") || "").split(",").map((mv) => mv.trim()).filter((mv) => mv);
  try {
    await open(params.get("fen") || START_FEN, line, line.length, null);
  } catch (error) {
    say(error.message);
    await open(START_FEN, [], 0, null);
  }
  try {
    const games = await api("/api/games");
    if (games.length) listGames(games);
  } catch (error) { say(error.message); }
  document.body.dataset.ready = "true";
}

main();
