// Gomoku tab: play five in a row against tansuo.gomoku's engine; its thinking shown; find a VCF.
import { api, stream, el, select, messageLine, showStats, thousands, seconds } from "/static/core.js";
import { scoreWords, iterationLine, treeCard } from "/static/games.js";

const UNIT = "points of the threat evaluation: open and closed fours, threes and twos of the side, less the opponent's; ±1,000,000 less the plies is a won or lost game";

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
  const vctButton = el("button", { class: "action", type: "button", onclick: () => findVcf("vct") }, "Find VCT");
  const playOut = el("button", { class: "action", type: "button", hidden: true, onclick: () => playLine() }, "▶ Play it out");
  const explained = el("p", { class: "about", id: "gomoku-score" });
  const swing = el("p", { class: "score-note", id: "gomoku-swing", hidden: true },
    "Why the score swings between depths: a search that ends after the engine's own move credits it with a threat the opponent had no move left to answer; one that ends after the opponent's move does the same for the opponent. Odd and even depths lean opposite ways (the odd-even effect): compare depths two apart.");
  const ranks = el("div", { class: "ranks", "aria-hidden": "true" });
  const files = el("div", { class: "files", "aria-hidden": "true" });

  root.append(el("div", { class: "layout game" },
    el("div", { class: "card" },
      el("p", { class: "lead" }, "Five in a row against tansuo.gomoku's engine (threat search, then alpha-beta). Click a point to place your stone; \"Find VCF\" looks for a win by continuous fours for the side to move."),
      el("div", { class: "toolbar" }, size, rule, side, time),
      el("div", { class: "toolbar" },
        el("button", { class: "action primary", type: "button", onclick: () => newGame() }, "New game"), undo, vcfButton, vctButton, playOut, turn),
      message.node, el("div", { class: "board-frame frame-gomoku" }, ranks, board, files), game,
      el("p", { class: "about" }, "The engine first looks for a forced win by threats: a VCF (victory by continuous fours) plays only fours, which the opponent must block at once; a VCT also uses open threes. The sequence found is numbered on the board and can be played out. When none exists it searches alpha-beta over the most promising points and scores the leaves by counting shapes (fours, threes, twos).")),
    el("aside", { class: "card" }, el("h2", {}, "Engine"), stats, explained, thinking, swing),
    treeCard({ id: "gomoku", orderText: "best first by the engine's shape scores", path: "/api/gomoku/tree", request: () => body(state.moves), width: 6,
      sideNames: { black: "black", white: "white" }, other: (s) => (s === "black" ? "white" : "black") })));

  const name = (x, y) => `${LETTERS[x]}${state.size - y}`;
  const engineSide = () => (state.human === "black" ? "white" : "black");
  const toMove = () => (state.moves.length % 2 === 0 ? "black" : "white");

  function render() {
    const n = state.size;
    board.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
    board.replaceChildren(lines(n));
    ranks.replaceChildren(...[...Array(n).keys()].map((y) => el("span", {}, String(n - y))));
    files.replaceChildren(...[...Array(n).keys()].map((x) => el("span", {}, LETTERS[x])));
    const five = state.winner ? fiveOf(state.winner === "black" ? "x" : "o") : new Set();
    const shownSteps = state.shown ?? state.line.length;
    const last = state.moves[state.moves.length - 1];
    const numbered = new Map(state.line.slice(0, shownSteps).map((m, i) => [m, i + 1]));
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
        type: "button", class: `point${point === last ? " last" : ""}${five.has(point) ? " win" : ""}`, "data-point": point,
        "aria-label": `${point}: ${stone || (step ? `threat move ${step}` : "empty")}`,
        tabindex: x === 0 && y === 0 ? "0" : "-1", onclick: () => play(point),
      }, child));
    }));
    record.value = state.moves.join(" ");
    undo.disabled = state.busy || state.moves.length === 0;
    vcfButton.disabled = vctButton.disabled = state.busy || state.over;
    playOut.hidden = !state.line.length;
  }

  function fiveOf(stone) { // the points of every run of five or more of this stone
    const n = state.size, out = new Set();
    const at = (x, y) => x >= 0 && y >= 0 && x < n && y < n && state.rows[y][x] === stone;
    for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) {
      for (const [dx, dy] of [[1, 0], [0, 1], [1, 1], [1, -1]]) {
        if (!at(x, y) || at(x - dx, y - dy)) continue; // the start of a run
        let k = 0;
        while (at(x + k * dx, y + k * dy)) k++;
        if (k >= 5) for (let j = 0; j < k; j++) out.add(name(x + j * dx, y + j * dy));
      }
    }
    return out;
  }

  function playLine() { // the threat sequence stone by stone
    if (state.timer) clearInterval(state.timer);
    state.shown = 0;
    render();
    state.timer = setInterval(() => {
      state.shown++;
      render();
      if (state.shown >= state.line.length) { clearInterval(state.timer); state.timer = null; state.shown = null; }
    }, 700);
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
    Object.assign(state, { moves: p.moves, rows: p.rows, over: p.over, winner: p.winner, forbidden: p.forbidden, line: [], shown: null });
    render();
    if (p.over) turn.textContent = p.winner ? (p.winner === state.human ? "You win!" : "The engine wins.") : "Draw: the board is full.";
    else turn.textContent = p.to_move === state.human ? `Your move (${state.human}).` : "Engine to move.";
  }

  function newGame() {
    if (state.controller) state.controller.abort();
    const n = Number(size.control_.value);
    Object.assign(state, { size: n, rule: rule.control_.value, human: side.control_.value, moves: [], rows: Array(n).fill(".".repeat(n)), over: false, winner: null, forbidden: [], busy: false, line: [] });
    message.clear(); thinking.textContent = ""; showStats(stats, []); explained.textContent = ""; swing.hidden = true;
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
    const before = { moves: state.moves, rows: state.rows, line: state.line, thoughts: [...thinking.childNodes] };
    state.shown = null;
    state.busy = true;
    state.line = [];
    turn.textContent = "Engine thinking…";
    thinking.replaceChildren(el("span", { class: "iteration head" }, "depth · score · nodes · line"));
    swing.hidden = true;
    message.clear();
    render();
    state.controller = new AbortController();
    const scores = [];
    const engine = engineSide();
    try {
      const r = await stream("/api/play/gomoku", { ...body(moves), time_limit: Number(time.control_.value) }, (info) => {
        thinking.append(iterationLine(info, info.score_text));
        thinking.scrollTop = thinking.scrollHeight;
        scores.push(info.score);
      }, state.controller.signal);
      state.busy = false;
      if (r.move) {
        const how = r.stats.iterations.length ? `depth ${r.depth}` : r.exact ? "threat search" : "opening book";
        if (!r.stats.iterations.length) thinking.append(el("span", { class: "iteration" }, `${how}: ${r.pv.join(" ")}`));
        showStats(stats, [["move", r.move], ["score", r.score_text ? `${r.score_text} for ${engine}` : "—"], ["found by", how], ["line", r.pv.join(" ")],
          ["nodes", thousands(r.stats.nodes)], ["time", seconds(r.stats.elapsed_s)], ["exact", r.exact ? "yes (proved)" : "no"]]);
        explained.textContent = r.score_text ? scoreWords(r.score, r.score_text, `${engine} (the engine)`, UNIT, r.depth) : "From the opening book: no search, no score.";
        // a swing: consecutive depths far apart while both are ordinary scores
        swing.hidden = !scores.some((v, i) => i > 0 && Math.abs(v) < 900000 && Math.abs(scores[i - 1]) < 900000 && Math.abs(v - scores[i - 1]) >= 200);
      }
      show(r.position);
    } catch (error) {
      state.busy = false;
      if (error.name !== "AbortError") {
        message.error(error.message);
        thinking.replaceChildren(...before.thoughts);
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

  async function findVcf(kind = "vcf") {
    if (state.busy || state.over) return;
    state.busy = true;
    render();
    const words = kind === "vcf" ? "a victory by continuous fours" : "a victory by threats (fours and open threes)";
    const signal = message.busy(`Looking for ${words}…`);
    try {
      const r = await api(`/api/gomoku/${kind}`, { ...body(state.moves), time_limit: 5 }, signal);
      state.busy = false;
      const name = kind.toUpperCase();
      if (r.status === "solved") {
        state.line = r.line;
        message.note(`${r.attacker === "black" ? "Black" : "White"} wins by ${words} (${r.cost} ${r.attacker} moves, numbered on the board; ▶ plays it out): ${r.line.join(" ")}.`);
      } else {
        state.line = [];
        message.note(r.status === "limit" ? `No ${name} found within the time limit.` : `No ${name} for ${r.attacker}: there is no ${words.slice(2)}.`);
      }
      showStats(stats, [[name, r.status], ["moves", r.line.length || ""], ["nodes", thousands(r.stats.nodes)], ["time", seconds(r.stats.elapsed_s)]]);
    } catch (error) {
      state.busy = false;
      if (error.name === "AbortError") message.note("Cancelled."); else message.error(error.message);
    }
    render();
  }

  newGame();
}
