// Connect Four tab: play against the engine; its depth, score and line shown while it thinks.
import { api, stream, el, select, messageLine, showStats, thousands, seconds } from "/static/core.js";
import { scoreWords, iterationLine, drawTree } from "/static/games.js";

const SIDES = { X: "red", O: "yellow" };
const UNIT = "points: each stone counts the lines of four through its cell, yours minus the opponent's";

const WIDTH = 7, HEIGHT = 6;

export function mount(root) {
  const state = { moves: "", rows: Array(HEIGHT).fill(".".repeat(WIDTH)), over: false, busy: false, human: "X", controller: null, line: [] };
  const message = messageLine();
  const board = el("div", { class: "board connect4", role: "grid", "aria-label": "Connect Four board: press 1 to 7 or click a column" });
  const thinking = el("pre", { class: "thinking", "aria-live": "polite" }, "The engine's thoughts appear here.");
  const stats = el("dl", { class: "stats" });
  const time = select("Time per move", [[0.2, "0.2 s"], [0.5, "0.5 s"], [1, "1 s"], [2, "2 s"], [5, "5 s"]], 1, { name: "time" });
  const turn = el("span", { class: "steps", "aria-live": "polite" });
  const explained = el("p", { class: "about", id: "connect4-score" });
  const treeDepth = select("Depth", [[1, "1 ply"], [2, "2 plies"], [3, "3 plies"], [4, "4 plies"]], 3, { name: "tree-depth" });
  const treeOrder = select("Move order", [["natural", "centre first"], ["history", "history heuristic"]], "natural", { name: "tree-order" });
  const treeButton = el("button", { class: "action", type: "button", onclick: () => showTree() }, "Draw the tree of this position");
  const treeText = el("span", { class: "steps", id: "connect4-tree-text" });
  const tree = el("div", { class: "tree", id: "connect4-tree" });

  root.append(el("div", { class: "layout game" },
    el("div", { class: "card" },
      el("p", { class: "lead" }, "You are red; the engine (iterative-deepening alpha-beta of tansuo.adversarial) is yellow. Click a column or press 1-7."),
      el("div", { class: "toolbar" }, time,
        el("button", { class: "action", type: "button", onclick: () => newGame("X") }, "New game"),
        el("button", { class: "action", type: "button", onclick: () => newGame("O") }, "Engine starts"), turn),
      message.node, board),
    el("aside", { class: "card" }, el("h2", {}, "Engine"), stats, explained, thinking)),
    el("div", { class: "card tree-card" }, el("h2", {}, "Inside the search: the alpha-beta tree"),
      el("p", { class: "about" }, "Alpha-beta is minimax that skips what cannot matter. Each line is a position: the move that led there, its value for the side to move at the top (red rows maximise, yellow rows minimise) and the window (α, β) it was searched with. When a reply proves a move worse than one already found, the rest of that position's moves are cut off (✂): the engine never looks at them. The history heuristic tries first the moves that caused cut-offs before, so more is cut."),
      el("div", { class: "toolbar" }, treeDepth, treeOrder, treeButton, treeText),
      tree));

  function render(lastColumn = -1) {
    board.style.gridTemplateColumns = `repeat(${WIDTH}, 1fr)`;
    board.replaceChildren();
    const lastRow = lastColumn >= 0 ? state.rows.findIndex((row) => row[lastColumn] !== ".") : -1;
    state.rows.forEach((row, r) => [...row].forEach((cell, c) => {
      const stone = cell === "x" ? "red" : cell === "o" ? "yellow" : "empty";
      const won = state.line.some(([lr, lc]) => lr === r && lc === c);
      board.append(el("button", {
        type: "button", class: `${cell === "." ? "" : cell}${r === lastRow && c === lastColumn ? " last" : ""}${won ? " win" : ""}`,
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
    Object.assign(state, { moves: "", rows: Array(HEIGHT).fill(".".repeat(WIDTH)), over: false, busy: false, human, line: [] });
    message.clear(); thinking.textContent = ""; showStats(stats, []); explained.textContent = ""; tree.replaceChildren(); treeText.textContent = "";
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
    thinking.replaceChildren(el("span", { class: "iteration head" }, "depth · score · nodes · line"));
    message.clear();
    state.controller = new AbortController();
    const engine = state.human === "X" ? "O" : "X";
    try {
      const r = await stream("/api/play/connect4", { moves: state.moves, time_limit: Number(time.control_.value) }, (info) => {
        thinking.append(iterationLine(info, info.score_text));
        thinking.scrollTop = thinking.scrollHeight;
      }, state.controller.signal);
      const p = r.position;
      state.moves = p.moves; state.rows = p.rows; state.over = p.over; state.line = p.line || [];
      render(r.move ? Number(r.move) - 1 : -1);
      if (r.move) {
        showStats(stats, [["move", `column ${r.move}`], ["score", `${r.score_text} for ${SIDES[engine]}`], ["depth", r.depth], ["line", r.pv.join(" ")],
          ["nodes", thousands(r.stats.nodes)], ["time", seconds(r.stats.elapsed_s)], ["exact", r.exact ? "yes (proved)" : "no"]]);
        explained.textContent = scoreWords(r.score, r.score_text, `${SIDES[engine]} (the engine)`, UNIT, r.depth);
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

  async function showTree() {
    if (state.over) { treeText.textContent = "The game is over: nothing to search."; tree.replaceChildren(); return; }
    treeText.textContent = "Searching…";
    try {
      const r = await api("/api/connect4/tree", { moves: state.moves, depth: Number(treeDepth.control_.value), order: treeOrder.control_.value });
      const mover = SIDES[r.to_move];
      treeText.textContent = `${thousands(r.nodes)} positions searched; value ${r.score_text} for ${mover} to move.`;
      drawTree(tree, r.tree, {
        root: `${mover} to move`, moveName: (m) => `column ${m}`,
        sides: [mover, mover === "red" ? "yellow" : "red"],
      });
    } catch (error) {
      treeText.textContent = error.message;
    }
  }

  newGame("X");
}
