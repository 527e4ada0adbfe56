// Xiangqi tab: play against tansuo's engine; choose side and time, watch it think.
import { api, stream, el, select, messageLine, showStats, thousands, seconds } from "/static/core.js";

const NAMES = {
  K: "帥", A: "仕", B: "相", N: "傌", R: "俥", C: "炮", P: "兵",
  k: "將", a: "士", b: "象", n: "馬", r: "車", c: "砲", p: "卒",
};
const FILES = "abcdefghi";

export function mount(root) {
  const state = { moves: [], position: null, chosen: null, busy: false, human: "red", last: null, controller: null };
  const message = messageLine();
  const board = el("div", { class: "board xiangqi", role: "grid", "aria-label": "Xiangqi board" });
  const thinking = el("pre", { class: "thinking", "aria-live": "polite" }, "The engine's thoughts appear here.");
  const stats = el("dl", { class: "stats" });
  const time = select("Time per move", [[0.5, "0.5 s"], [1, "1 s"], [2, "2 s"], [5, "5 s"]], 1, { name: "time" });
  const turn = el("span", { class: "steps", "aria-live": "polite" });
  const moveInput = el("input", { type: "text", name: "move", placeholder: "h2e2", size: "6", "aria-label": "Move in ICCS" });

  root.append(el("div", { class: "layout" },
    el("div", { class: "card" },
      el("p", { class: "lead" }, "Click a piece, then where it goes (or type an ICCS move such as h2e2 and press Enter)."),
      el("div", { class: "toolbar" }, time,
        el("button", { class: "action", type: "button", onclick: () => newGame("red") }, "Play red"),
        el("button", { class: "action", type: "button", onclick: () => newGame("black") }, "Play black"),
        moveInput, turn),
      message.node, board),
    el("aside", { class: "card" }, el("h2", {}, "Engine"), stats, thinking)));

  moveInput.addEventListener("keydown", (event) => {
    if (event.key === "Enter") { event.preventDefault(); const m = moveInput.value.trim(); moveInput.value = ""; if (m) tryMove(m); }
  });

  function square(col, row) { return FILES[col] + String(9 - row); }

  function render() {
    const p = state.position;
    board.style.gridTemplateColumns = "repeat(9, 1fr)";
    board.replaceChildren();
    const flip = state.human === "black";
    const targets = new Set(state.chosen ? p.legal.filter((m) => m.startsWith(state.chosen)).map((m) => m.slice(2)) : []);
    for (let vr = 0; vr < 10; vr++) {
      for (let vc = 0; vc < 9; vc++) {
        const row = flip ? 9 - vr : vr, col = flip ? 8 - vc : vc;
        const sq = square(col, row);
        const piece = p.rows[row][col];
        const river = vr === 4 ? " river upper" : vr === 5 ? " river lower" : "";
        const classes = [river, state.chosen === sq ? "chosen" : "", targets.has(sq) ? "target" : "",
          state.last && (state.last.slice(2) === sq) ? "last" : ""].join(" ");
        const label = piece === "." ? sq : `${sq} ${piece === piece.toUpperCase() ? "red" : "black"} ${NAMES[piece]}`;
        const cell = el("button", { type: "button", class: classes, "aria-label": label, "data-square": sq, onclick: () => click(sq) });
        if (piece !== ".") cell.append(el("span", { class: `piece ${piece === piece.toUpperCase() ? "red" : "black"}` }, NAMES[piece]));
        board.append(cell);
      }
    }
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
    thinking.textContent = "depth  score  nodes       line\n";
    state.controller = new AbortController();
    try {
      const r = await stream("/api/play/xiangqi", { moves: state.moves, time_limit: Number(time.control_.value) }, (info) => {
        thinking.textContent += `${String(info.depth).padStart(5)}  ${String(info.score).padStart(5)}  ${String(info.nodes).padEnd(10)}  ${info.pv.join(" ")}\n`;
        thinking.scrollTop = thinking.scrollHeight;
      }, state.controller.signal);
      state.position = r.position; state.moves = r.position.moves; state.last = r.move;
      showStats(stats, [["move", r.move], ["score", r.score_text], ["depth", r.depth], ["line", r.pv.join(" ")],
        ["nodes", thousands(r.stats.nodes)], ["time", seconds(r.stats.elapsed_s)]]);
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
    message.clear(); showStats(stats, []); thinking.textContent = "";
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
