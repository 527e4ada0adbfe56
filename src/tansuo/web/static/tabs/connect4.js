// Connect Four tab: play against the engine; its depth, score and line shown while it thinks.
import { stream, el, select, messageLine, showStats, thousands, seconds } from "/static/core.js";

const WIDTH = 7, HEIGHT = 6;

export function mount(root) {
  const state = { moves: "", rows: Array(HEIGHT).fill(".".repeat(WIDTH)), over: false, busy: false, human: "X", controller: null };
  const message = messageLine();
  const board = el("div", { class: "board connect4", role: "grid", "aria-label": "Connect Four board: press 1 to 7 or click a column" });
  const thinking = el("pre", { class: "thinking", "aria-live": "polite" }, "The engine's thoughts appear here.");
  const stats = el("dl", { class: "stats" });
  const time = select("Time per move", [[0.2, "0.2 s"], [0.5, "0.5 s"], [1, "1 s"], [2, "2 s"], [5, "5 s"]], 1, { name: "time" });
  const turn = el("span", { class: "steps", "aria-live": "polite" });

  root.append(el("div", { class: "layout" },
    el("div", { class: "card" },
      el("p", { class: "lead" }, "You are red; the engine (iterative-deepening alpha-beta of tansuo.adversarial) is yellow. Click a column or press 1-7."),
      el("div", { class: "toolbar" }, time,
        el("button", { class: "action", type: "button", onclick: () => newGame("X") }, "New game"),
        el("button", { class: "action", type: "button", onclick: () => newGame("O") }, "Engine starts"), turn),
      message.node, board),
    el("aside", { class: "card" }, el("h2", {}, "Engine"), stats, thinking)));

  function render(lastColumn = -1) {
    board.style.gridTemplateColumns = `repeat(${WIDTH}, 1fr)`;
    board.replaceChildren();
    const lastRow = lastColumn >= 0 ? state.rows.findIndex((row) => row[lastColumn] !== ".") : -1;
    state.rows.forEach((row, r) => [...row].forEach((cell, c) => {
      const stone = cell === "x" ? "red" : cell === "o" ? "yellow" : "empty";
      board.append(el("button", {
        type: "button", class: `${cell === "." ? "" : cell}${r === lastRow && c === lastColumn ? " last" : ""}`,
        "aria-label": `column ${c + 1}, row ${HEIGHT - r}: ${stone}`, "data-column": String(c + 1),
        tabindex: r === 0 ? "0" : "-1", onclick: () => play(c + 1),
      }));
    }));
  }

  document.addEventListener("keydown", (event) => { // 1-7 drop a stone while this tab is shown
    if (root.hidden || !/^[1-7]$/.test(event.key) || /^(INPUT|SELECT|TEXTAREA)$/.test(event.target.tagName)) return;
    event.preventDefault();
    play(Number(event.key));
  });

  function newGame(human) {
    if (state.controller) state.controller.abort();
    Object.assign(state, { moves: "", rows: Array(HEIGHT).fill(".".repeat(WIDTH)), over: false, busy: false, human });
    message.clear(); thinking.textContent = ""; showStats(stats, []);
    render();
    if (human === "O") reply();
    else turn.textContent = "Your move.";
  }

  function play(column) {
    if (state.busy || state.over) return;
    const top = state.rows[0][column - 1];
    if (top !== ".") { message.error(`Column ${column} is full.`); return; }
    const before = { moves: state.moves, rows: [...state.rows] };
    state.moves += String(column);
    dropLocally(column);
    reply(before);
  }

  function dropLocally(column) { // show the player's stone at once, before the server answers
    const c = column - 1;
    const side = state.moves.length % 2 === 1 ? "x" : "o";
    for (let r = HEIGHT - 1; r >= 0; r--) {
      if (state.rows[r][c] === ".") { state.rows[r] = state.rows[r].slice(0, c) + side + state.rows[r].slice(c + 1); break; }
    }
    render(c);
  }

  async function reply(before = null) {
    state.busy = true;
    turn.textContent = "Engine thinking…";
    thinking.textContent = "depth  score  nodes      line\n";
    message.clear();
    state.controller = new AbortController();
    try {
      const r = await stream("/api/play/connect4", { moves: state.moves, time_limit: Number(time.control_.value) }, (info) => {
        thinking.textContent += `${String(info.depth).padStart(5)}  ${info.score_text.padStart(5)}  ${String(info.nodes).padEnd(9)}  ${info.pv.join(" ")}\n`;
        thinking.scrollTop = thinking.scrollHeight;
      }, state.controller.signal);
      const p = r.position;
      state.moves = p.moves; state.rows = p.rows; state.over = p.over;
      render(r.move ? Number(r.move) - 1 : -1);
      if (r.move) {
        showStats(stats, [["move", `column ${r.move}`], ["score", r.score_text], ["depth", r.depth], ["line", r.pv.join(" ")],
          ["nodes", thousands(r.stats.nodes)], ["time", seconds(r.stats.elapsed_s)], ["exact", r.exact ? "yes (proved)" : "no"]]);
      }
      const humanStone = state.human === "X" ? "X" : "O";
      if (p.over) turn.textContent = p.winner ? (p.winner === humanStone ? "You win!" : "The engine wins.") : "Draw.";
      else turn.textContent = "Your move.";
    } catch (error) {
      if (error.name !== "AbortError") {
        message.error(error.message);
        if (before) { state.moves = before.moves; state.rows = before.rows; render(); }
        turn.textContent = "Your move.";
      }
    } finally {
      state.busy = false;
    }
  }

  newGame("X");
}
