// Xiangqi tab: play against tansuo's engine; choose side and time, watch it think.
import { api, stream, el, select, messageLine, showStats, thousands, seconds, drawsGlyphs } from "/static/core.js";
import { scoreWords, iterationLine, treeCard } from "/static/games.js";

const NAMES = {
  K: "帥", A: "仕", B: "相", N: "傌", R: "俥", C: "炮", P: "兵",
  k: "將", a: "士", b: "象", n: "馬", r: "車", c: "砲", p: "卒",
};
// Without a CJK font the hanzi are empty boxes: the FEN letters stand in for them.
const LETTERS = { k: "K", a: "A", b: "E", n: "H", r: "R", c: "C", p: "P" };
const ENGLISH = { k: "general", a: "advisor", b: "elephant", n: "horse", r: "chariot", c: "cannon", p: "soldier" };
const FILES = "abcdefghi";
const SVG = "http://www.w3.org/2000/svg";
const UNIT = "points of material and placement (a pawn at home 30, a rook 600)";

export function mount(root) {
  const state = { moves: [], position: null, chosen: null, busy: false, human: "red", last: null, controller: null };
  const message = messageLine();
  const board = el("div", { class: "board xiangqi", role: "grid", "aria-label": "Xiangqi board" });
  const thinking = el("pre", { class: "thinking", "aria-live": "polite" }, "The engine's thoughts appear here.");
  const stats = el("dl", { class: "stats" });
  const time = select("Time per move", [[0.5, "0.5 s"], [1, "1 s"], [2, "2 s"], [5, "5 s"]], 1, { name: "time" });
  const turn = el("span", { class: "steps", "aria-live": "polite" });
  const moveInput = el("input", { type: "text", name: "move", placeholder: "h2e2", size: "6", "aria-label": "Move in ICCS" });
  const hanzi = drawsGlyphs(Object.values(NAMES).join(""));
  const pieces = select("Pieces", [["hanzi", hanzi ? "漢字" : "hanzi (no CJK font here)"], ["latin", "letters"]], hanzi ? "hanzi" : "latin", { name: "pieces", onchange: () => render() });
  if (!hanzi) pieces.control_.querySelector("option[value=hanzi]").disabled = true;
  const explained = el("p", { class: "about", id: "xiangqi-score" });
  const ranks = el("div", { class: "ranks", "aria-hidden": "true" });
  const files = el("div", { class: "files", "aria-hidden": "true" });

  root.append(el("div", { class: "layout game" },
    el("div", { class: "card" },
      el("p", { class: "lead" }, "Click a piece, then where it goes (or type an ICCS move such as h2e2 and press Enter)."),
      el("div", { class: "toolbar" }, time, pieces,
        el("button", { class: "action", type: "button", onclick: () => newGame("red") }, "Play red"),
        el("button", { class: "action", type: "button", onclick: () => newGame("black") }, "Play black"),
        moveInput, turn),
      message.node, el("div", { class: "board-frame frame-xiangqi" }, ranks, board, files),
      el("p", { class: "about" }, "The engine searches alpha-beta with iterative deepening: each depth's best line is tried first at the next one, and a transposition table and the history heuristic order the other moves. Letters: K general, A advisor, E elephant, H horse, R chariot, C cannon, P soldier; files a-i from red's left, ranks 0-9 from red's side, so h2e2 moves red's cannon to the centre.")),
    el("aside", { class: "card" }, el("h2", {}, "Engine"), stats, explained, thinking),
    treeCard({ id: "xiangqi", orderText: "in the move generator's order, so often quiet moves", path: "/api/xiangqi/tree", request: () => ({ moves: state.moves }), width: 8,
      sideNames: { red: "red", black: "black" }, other: (s) => (s === "red" ? "black" : "red") })));

  moveInput.addEventListener("keydown", (event) => {
    if (event.key === "Enter") { event.preventDefault(); const m = moveInput.value.trim(); moveInput.value = ""; if (m) tryMove(m); }
  });

  function square(col, row) { return FILES[col] + String(9 - row); }

  function render() {
    const p = state.position;
    board.style.gridTemplateColumns = "repeat(9, 1fr)";
    board.replaceChildren(palace());
    const flip = state.human === "black";
    const latin = pieces.control_.value === "latin";
    ranks.replaceChildren(...[...Array(10).keys()].map((vr) => el("span", {}, String(flip ? vr : 9 - vr))));
    files.replaceChildren(...[...Array(9).keys()].map((vc) => el("span", {}, FILES[flip ? 8 - vc : vc])));
    const targets = new Set(state.chosen ? p.legal.filter((m) => m.startsWith(state.chosen)).map((m) => m.slice(2)) : []);
    for (let vr = 0; vr < 10; vr++) {
      for (let vc = 0; vc < 9; vc++) {
        const row = flip ? 9 - vr : vr, col = flip ? 8 - vc : vc;
        const sq = square(col, row);
        const piece = p.rows[row][col];
        const river = vr === 4 ? " river upper" : vr === 5 ? " river lower" : "";
        const classes = [river, state.chosen === sq ? "chosen" : "", targets.has(sq) ? "target" : "",
          state.last && (state.last.slice(2) === sq) ? "last" : ""].join(" ");
        const side = piece === piece.toUpperCase() ? "red" : "black";
        const kind = piece.toLowerCase();
        const label = piece === "." ? sq : `${sq} ${side} ${ENGLISH[kind]} ${NAMES[piece]}`;
        const cell = el("button", { type: "button", class: classes, "aria-label": label, "data-square": sq, onclick: () => click(sq) });
        if (piece !== ".") cell.append(el("span", { class: `piece ${side}${latin ? " latin" : ""}`, title: `${side} ${ENGLISH[kind]} ${NAMES[piece]}` }, latin ? LETTERS[kind] : NAMES[piece]));
        board.append(cell);
      }
    }
  }

  function palace() { // the two palaces' diagonals, over the grid the squares draw
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", "palace");
    svg.setAttribute("viewBox", "0 0 9 10");
    svg.setAttribute("preserveAspectRatio", "none");
    svg.setAttribute("aria-hidden", "true");
    for (const [x1, y1, x2, y2] of [[3.5, 0.5, 5.5, 2.5], [5.5, 0.5, 3.5, 2.5], [3.5, 7.5, 5.5, 9.5], [5.5, 7.5, 3.5, 9.5]]) {
      const line = document.createElementNS(SVG, "line");
      for (const [k, v] of Object.entries({ x1, y1, x2, y2 })) line.setAttribute(k, v);
      svg.append(line);
    }
    return svg;
  }

  function click(sq) {
    if (state.busy || state.position.over) return;
    const mine = state.position.legal.some((m) => m.startsWith(sq));
    if (state.chosen && state.position.legal.includes(state.chosen + sq)) { tryMove(state.chosen + sq); return; }
    state.chosen = mine ? sq : null;
    render();
  }

  async function tryMove(move) {
    if (state.busy) return;
    state.chosen = null;
    try {
      const p = await api("/api/xiangqi/position", { moves: [...state.moves, move] });
      state.moves = p.moves; state.position = p; state.last = move;
      message.clear();
      render();
      if (!p.over) reply(); else finished();
    } catch (error) {
      message.error(error.message);
      render();
    }
  }

  async function reply() {
    state.busy = true;
    turn.textContent = "Engine thinking…";
    thinking.replaceChildren(el("span", { class: "iteration head" }, "depth · score · nodes · line"));
    state.controller = new AbortController();
    const engine = state.human === "red" ? "black" : "red";
    try {
      const r = await stream("/api/play/xiangqi", { moves: state.moves, time_limit: Number(time.control_.value) }, (info) => {
        thinking.append(iterationLine(info, info.score > 0 ? `+${info.score}` : String(info.score)));
        thinking.scrollTop = thinking.scrollHeight;
      }, state.controller.signal);
      state.position = r.position; state.moves = r.position.moves; state.last = r.move;
      showStats(stats, [["move", r.move], ["score", `${r.score_text} for ${engine}`], ["depth", r.depth], ["line", r.pv.join(" ")],
        ["nodes", thousands(r.stats.nodes)], ["time", seconds(r.stats.elapsed_s)]]);
      explained.textContent = scoreWords(r.score, r.score_text, `${engine} (the engine)`, UNIT, r.depth);
      render();
      if (r.position.over) finished(); else turn.textContent = r.position.check ? "Check! Your move." : "Your move.";
    } catch (error) {
      if (error.name !== "AbortError") message.error(error.message);
    } finally {
      state.busy = false;
    }
  }

  function finished() {
    const p = state.position;
    turn.textContent = p.winner ? `${p.winner === state.human ? "You win" : "The engine wins"} (${p.reason}).` : `Draw (${p.reason}).`;
  }

  async function newGame(side) {
    if (state.controller) state.controller.abort();
    Object.assign(state, { moves: [], chosen: null, busy: false, human: side, last: null });
    message.clear(); showStats(stats, []); thinking.textContent = ""; explained.textContent = "";
    try {
      state.position = await api("/api/xiangqi/position", { moves: [] });
      render();
      if (side === "black") reply(); else turn.textContent = "Your move (red).";
    } catch (error) {
      message.error(error.message);
    }
  }

  newGame("red");
}
