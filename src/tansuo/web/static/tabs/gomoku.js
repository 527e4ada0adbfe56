// Gomoku tab: play five in a row against tansuo.gomoku's engine; its thinking shown; find a VCF.
import { api, stream, el, select, messageLine, showStats, thousands, seconds } from "/static/core.js";

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const SVG = "http://www.w3.org/2000/svg";
const SIZES = [9, 11, 13, 15, 17, 19];
const RULES = [["freestyle", "Freestyle (five or more)"], ["standard", "Standard (exactly five)"],
  ["renju", "Renju (black's forbidden moves)"], ["caro", "Caro (not blocked at both ends)"]];

export function mount(root) {
  const state = { size: 15, rule: "freestyle", moves: [], rows: [], human: "black", over: false, winner: null, forbidden: [], busy: false, line: [], controller: null };
  const message = messageLine();
  const board = el("div", { class: "board gomoku", role: "grid", "aria-label": "Gomoku board: click a point to play" });
  const thinking = el("pre", { class: "thinking", "aria-live": "polite" });
  const stats = el("dl", { class: "stats" });
  const size = select("Board", SIZES.map((n) => [n, `${n}×${n}`]), 15, { name: "size", onchange: () => newGame() });
  const rule = select("Rule", RULES, "freestyle", { name: "rule", onchange: () => newGame() });
  const side = select("You play", [["black", "Black (first)"], ["white", "White"]], "black", { name: "side", onchange: () => newGame() });
  const time = select("Time per move", [[0.2, "0.2 s"], [0.5, "0.5 s"], [1, "1 s"], [2, "2 s"], [5, "5 s"]], 1, { name: "time" });
  const turn = el("span", { class: "steps", "aria-live": "polite" });
  const undo = el("button", { class: "action", type: "button", onclick: () => takeBack() }, "Undo");
  const record = el("input", { type: "text", name: "game", spellcheck: "false", autocomplete: "off", placeholder: "h8 h9 i8 …",
    onkeydown: (event) => { if (event.key === "Enter") { event.preventDefault(); load(); } } });
  const game = el("label", { class: "field wide" }, el("span", {}, "Game (moves from black's first; edit and press Enter to load)"), record);
  const vcfButton = el("button", { class: "action", type: "button", onclick: () => findVcf() }, "Find VCF");

  root.append(el("div", { class: "layout" },
    el("div", { class: "card" },
      el("p", { class: "lead" }, "Five in a row against tansuo.gomoku's engine (threat search, then alpha-beta). Click a point to place your stone; \"Find VCF\" looks for a win by continuous fours for the side to move."),
      el("div", { class: "toolbar" }, size, rule, side, time),
      el("div", { class: "toolbar" },
        el("button", { class: "action primary", type: "button", onclick: () => newGame() }, "New game"), undo, vcfButton, turn),
      message.node, board, game),
    el("aside", { class: "card" }, el("h2", {}, "Engine"), stats, thinking)));

  const name = (x, y) => `${LETTERS[x]}${state.size - y}`;
  const engineSide = () => (state.human === "black" ? "white" : "black");
  const toMove = () => (state.moves.length % 2 === 0 ? "black" : "white");

  function render() {
    const n = state.size;
    board.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
    board.replaceChildren(lines(n));
    const last = state.moves[state.moves.length - 1];
    const numbered = new Map(state.line.map((m, i) => [m, i + 1]));
    const attacker = toMove();
    const forbidden = new Set(state.forbidden);
    state.rows.forEach((row, y) => [...row].forEach((cell, x) => {
      const point = name(x, y);
      const stone = cell === "x" ? "black" : cell === "o" ? "white" : null;
      const step = numbered.get(point);
      const child = stone
        ? el("span", { class: `stone ${stone}` })
        : step
          ? el("span", { class: `stone ${step % 2 ? attacker : attacker === "black" ? "white" : "black"} ghost` }, String(step))
          : forbidden.has(point) && state.human === "black" ? el("span", { class: "forbidden", title: "forbidden for black" }, "×") : null;
      board.append(el("button", {
        type: "button", class: `point${point === last ? " last" : ""}`, "data-point": point,
        "aria-label": `${point}: ${stone || (step ? `VCF move ${step}` : "empty")}`,
        tabindex: x === 0 && y === 0 ? "0" : "-1", onclick: () => play(point),
      }, child));
    }));
    record.value = state.moves.join(" ");
    undo.disabled = state.busy || state.moves.length === 0;
    vcfButton.disabled = state.busy || state.over;
  }

  board.addEventListener("keydown", (event) => { // arrows move between points, Enter plays
    const step = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[event.key];
    if (!step) return;
    const buttons = [...board.children];
    const i = buttons.indexOf(document.activeElement);
    if (i < 0) return;
    event.preventDefault();
    const n = state.size;
    const x = Math.min(n - 1, Math.max(0, (i % n) + step[0])), y = Math.min(n - 1, Math.max(0, Math.floor(i / n) + step[1]));
    buttons[i].tabIndex = -1;
    buttons[y * n + x].tabIndex = 0;
    buttons[y * n + x].focus();
  });

  function lines(n) { // the board's lines and star points, one SVG under the points
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", "lines");
    svg.setAttribute("viewBox", `0 0 ${n} ${n}`);
    svg.setAttribute("preserveAspectRatio", "none");
    svg.setAttribute("aria-hidden", "true");
    const add = (tag, attrs) => {
      const node = document.createElementNS(SVG, tag);
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
      svg.append(node);
    };
    for (let i = 0; i < n; i++) {
      add("line", { x1: 0.5, y1: i + 0.5, x2: n - 0.5, y2: i + 0.5 });
      add("line", { x1: i + 0.5, y1: 0.5, x2: i + 0.5, y2: n - 0.5 });
    }
    const near = n >= 13 ? 3 : 2, far = n - 1 - near, middle = (n - 1) / 2;
    const stars = [[near, near], [near, far], [far, near], [far, far]];
    if (Number.isInteger(middle)) stars.push([middle, middle]);
    if (n >= 19) stars.push([near, middle], [far, middle], [middle, near], [middle, far]);
    for (const [x, y] of stars) add("circle", { cx: x + 0.5, cy: y + 0.5, r: 0.1 });
    return svg;
  }

  function body(moves) {
    return { size: state.size, rule: state.rule, moves };
  }

  function show(p) {
    Object.assign(state, { moves: p.moves, rows: p.rows, over: p.over, winner: p.winner, forbidden: p.forbidden, line: [] });
    render();
    if (p.over) turn.textContent = p.winner ? (p.winner === state.human ? "You win!" : "The engine wins.") : "Draw: the board is full.";
    else turn.textContent = p.to_move === state.human ? `Your move (${state.human}).` : "Engine to move.";
  }

  function newGame() {
    if (state.controller) state.controller.abort();
    const n = Number(size.control_.value);
    Object.assign(state, { size: n, rule: rule.control_.value, human: side.control_.value, moves: [], rows: Array(n).fill(".".repeat(n)), over: false, winner: null, forbidden: [], busy: false, line: [] });
    message.clear(); thinking.textContent = ""; showStats(stats, []);
    render();
    if (state.human === "white") reply([]);
    else {
      turn.textContent = "Your move (black).";
      if (state.rule === "renju") api("/api/gomoku/position", body([])).then(show).catch((e) => message.error(e.message));
    }
  }

  function play(point) {
    if (state.busy || state.over || toMove() !== state.human) return;
    reply([...state.moves, point]);
  }

  async function reply(moves) {
    const before = { moves: state.moves, rows: state.rows, line: state.line, thoughts: thinking.textContent };
    state.busy = true;
    state.line = [];
    turn.textContent = "Engine thinking…";
    thinking.textContent = "depth  score  nodes      line\n";
    message.clear();
    render();
    state.controller = new AbortController();
    try {
      const r = await stream("/api/play/gomoku", { ...body(moves), time_limit: Number(time.control_.value) }, (info) => {
        thinking.textContent += `${String(info.depth).padStart(5)}  ${info.score_text.padStart(5)}  ${String(info.nodes).padEnd(9)}  ${info.pv.join(" ")}\n`;
        thinking.scrollTop = thinking.scrollHeight;
      }, state.controller.signal);
      state.busy = false;
      if (r.move) {
        const how = r.stats.iterations.length ? `depth ${r.depth}` : r.exact ? "threat search" : "opening book";
        if (!r.stats.iterations.length) thinking.textContent += `${how}: ${r.pv.join(" ")}\n`;
        showStats(stats, [["move", r.move], ["score", r.score_text], ["found by", how], ["line", r.pv.join(" ")],
          ["nodes", thousands(r.stats.nodes)], ["time", seconds(r.stats.elapsed_s)], ["exact", r.exact ? "yes (proved)" : "no"]]);
      }
      show(r.position);
    } catch (error) {
      state.busy = false;
      if (error.name !== "AbortError") {
        message.error(error.message);
        thinking.textContent = before.thoughts;
        delete before.thoughts;
        Object.assign(state, before);
        render();
        turn.textContent = `Your move (${state.human}).`;
      }
    }
  }

  async function takeBack() {
    if (state.busy || !state.moves.length) return;
    let moves = state.moves.slice(0, -1);
    if (moves.length % 2 !== (state.human === "black" ? 0 : 1)) moves = moves.slice(0, -1); // back to the player's turn
    if (state.human === "white" && moves.length === 0) moves = state.moves.slice(0, 1); // keep the engine's first stone
    try {
      message.clear();
      show(await api("/api/gomoku/position", body(moves)));
    } catch (error) {
      message.error(error.message);
    }
  }

  async function load() {
    if (state.busy) return;
    const moves = record.value.trim().split(/[\s;]+/).filter(Boolean);
    try {
      message.clear(); thinking.textContent = ""; showStats(stats, []);
      const p = await api("/api/gomoku/position", body(moves));
      show(p);
      if (!p.over && p.to_move !== state.human) reply(p.moves);
    } catch (error) {
      message.error(error.message);
    }
  }

  async function findVcf() {
    if (state.busy || state.over) return;
    state.busy = true;
    render();
    message.note("Looking for a victory by continuous fours…");
    try {
      const r = await api("/api/gomoku/vcf", { ...body(state.moves), time_limit: 5 });
      state.busy = false;
      if (r.status === "solved") {
        state.line = r.line;
        message.note(`${r.attacker === "black" ? "Black" : "White"} wins by continuous fours (${r.cost} ${r.attacker} moves, numbered on the board): ${r.line.join(" ")}.`);
      } else {
        state.line = [];
        message.note(r.status === "limit" ? "No VCF found within the time limit." : `No VCF for ${r.attacker}: there is no win by continuous fours.`);
      }
      showStats(stats, [["VCF", r.status], ["moves", r.line.length || ""], ["nodes", thousands(r.stats.nodes)], ["time", seconds(r.stats.elapsed_s)]]);
    } catch (error) {
      state.busy = false;
      message.error(error.message);
    }
    render();
  }

  newGame();
}
